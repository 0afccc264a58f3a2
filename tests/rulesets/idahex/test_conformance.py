"""The conformance kit (hexwar.testing) run against the idahex ruleset.

The Sinai game lasts 2,000 periods; the kit plays the Sinai design cut to 25 days
(50 periods), written to a temporary scenario file.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest

from hexwar.core import registry
from hexwar.core.game import Game
from hexwar.rulesets.idahex.design import load_sinai
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.scenario import IdahexScenario, to_toml
from hexwar.testing import ConformanceSuite


def _short_sinai() -> str:
    f50, f60 = load_sinai()
    scenario = IdahexScenario(
        ruleset="idahex",
        title="Sinai, 25 days",
        design=f50.model_copy(update={"tend": 25.0}),
        maps=f60,
    )
    path = Path(tempfile.mkdtemp(prefix="hexwar-idahex-")) / "sinai25.toml"
    path.write_text(to_toml(scenario), encoding="utf-8")
    return str(path)


def _unseen_cell(game: IdahexGame, side: str) -> int:
    """The lowest cell holding active enemy units that ``side`` does not see (docs/rulings/
    idahex.md, 'What a side sees': in or next to a cell with an active unit of its own)."""
    s = 1 if side == "red" else 2
    e = game.engine
    unseen = (u for u in e.units.values() if u.side != s and u.active)
    return min(u.location for u in unseen if not e.observes(s, u.location))


@pytest.mark.slow
class TestIdahexConformance(ConformanceSuite):
    scenario = _short_sinai()
    max_steps = 60

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        """The same game with the enemy units in a cell out of contact changed: a side never
        sees the enemy's resources, nor any unit out of contact (docs/rulings/idahex.md,
        'What a side sees')."""
        assert isinstance(game, IdahexGame)
        other = registry.replay(game.record())
        assert isinstance(other, IdahexGame)
        cell = _unseen_cell(game, side)
        for u in other.engine.units_at(cell):
            if u.side != (1 if side == "red" else 2):
                # Half the first resource only: a uniform scaling would leave an interdiction
                # strike's allocation of fire, hence its losses, unchanged (§6).
                u.change_resources(0, u.resources[0] * 0.5)
        return other

    def hidden_probe(self, game: Game[Any, Any], side: str) -> list[dict[str, Any]]:
        """``side`` strikes the changed cell at the next cycle start, by interdiction with
        every aircraft type, then fights on for a period: seed 000 §6 strikes a cell 'the
        strike aircraft can only distinguish ... by location (cell) and posture class'; what
        the striker learns is ruled in docs/rulings/idahex.md, 'Air strikes and the fog of
        war'."""
        assert isinstance(game, IdahexGame)
        cell = _unseen_cell(game, side)
        types = game.view(side).data["design"]["aircraft_types"]
        strike = f"interdiction {cell} priority 1,2,3,4 aircraft {','.join(['6'] * types)}"
        rounds: list[dict[str, Any]] = []
        if not game.view(side).data["design"]["strikes_now"]:
            rounds.append({"red": "", "blue": ""})
        rounds.append({"red": "", "blue": ""} | {side: strike})
        rounds.append({"red": "", "blue": ""})
        return rounds
