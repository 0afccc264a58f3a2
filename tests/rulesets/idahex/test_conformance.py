"""The conformance kit (hexwar.testing) run against the idahex ruleset.

The Sinai game lasts 2,000 periods; the kit plays the Sinai design cut to 25 days
(50 periods), written to a temporary scenario file.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

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


class TestIdahexConformance(ConformanceSuite):
    scenario = _short_sinai()
    max_steps = 60

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        """The same game with one enemy unit's resources changed: a side never sees the
        enemy's resources (docs/rulings/idahex.md, 'What a side sees')."""
        other = registry.replay(game.record())
        assert isinstance(other, IdahexGame)
        enemy = 2 if side == "red" else 1
        unit = next(u for u in other.engine.units.values() if u.side == enemy)
        unit.resources[0] += 1.0
        return other
