"""The conformance kit (hexwar.testing) run against the airwar ruleset.

The kit plays random agents to the end; the bundled games last 120 cycles, so the kit plays
each variant cut to 15 cycles, written to a temporary scenario file. What a side may not see
is the other side's sealed order: ``hidden_variant`` brings the game to the point where the
other side has sealed its orders and builds the same game with different sealed orders (the
issue's check: "a side's view during a sealed phase is identical whatever the other side
submitted").
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import tomli_w

from hexwar.core import registry
from hexwar.core.game import Game
from hexwar.sessions import resolve_scenario
from hexwar.testing import ConformanceSuite


def _short(name: str, cycles: int = 15) -> str:
    resolved = resolve_scenario(f"airwar/{name}")
    data = resolved.scenario.model_dump(mode="json", exclude_none=True)
    data["cycle_limit"] = cycles
    path = Path(tempfile.mkdtemp(prefix="hexwar-airwar-")) / f"{name}.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return str(path)


class _AirwarSuite(ConformanceSuite):
    max_steps = 200

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        decision = game.decision()
        foe = "2" if side == "1" else "1"
        if decision is None or foe not in decision.sides or side not in decision.sides:
            return None
        other = registry.replay(game.record())
        view = game.view(foe)
        first = second = None
        for seed in range(50):  # two different legal sealed orders of the opponent
            order = game.ruleset.random_order(view, np.random.default_rng(seed))
            if first is None:
                first = order
            elif order != first:
                second = order
                break
        if first is None or second is None:
            return None
        game.submit(foe, first.to_json())
        other.submit(foe, second.to_json())
        return other


class TestSmallFourCities(_AirwarSuite):
    scenario = _short("small-four-cities")


class TestSmallUnequal(_AirwarSuite):
    scenario = _short("small-unequal")


class TestNoMansLandCity(_AirwarSuite):
    scenario = _short("large-no-mans-land-city", 8)
    seeds = (1,)


class TestSmallThreeCities(_AirwarSuite):
    scenario = _short("small-three-cities", 10)
    seeds = (4,)


class TestLargeSixCities(_AirwarSuite):
    scenario = _short("large-six-cities", 6)
    seeds = (5,)


class TestLargeThreeCities(_AirwarSuite):
    scenario = _short("large-three-cities", 6)
    seeds = (8,)


class TestLargeUnequal(_AirwarSuite):
    scenario = _short("large-unequal", 6)
    seeds = (7,)
