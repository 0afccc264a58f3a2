"""The conformance kit (hexwar.testing) run against the tactical ruleset's bundled scenarios."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core import registry
from hexwar.core.game import Game
from hexwar.rulesets.tactical.game import TacticalGame
from hexwar.testing import ConformanceSuite


def _hidden_variant(game: Game[Any, Any], side: str) -> Game[Any, Any]:
    """The same game with an enemy unit's morale changed: a side never sees enemy morale
    (docs/tactical.md, "What a side sees")."""
    other = registry.replay(game.record())
    assert isinstance(other, TacticalGame)
    enemy = next(u for u in other.units.values() if u.side != side and u.alive)
    enemy.morale = 1 if enemy.morale > 1 else 9
    return other


@pytest.mark.slow
class TestHedgerowsConformance(ConformanceSuite):
    scenario = "tactical/hedgerows"
    max_steps = 40

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        return _hidden_variant(game, side)


@pytest.mark.slow
class TestMeetingConformance(ConformanceSuite):
    scenario = "tactical/meeting1941"
    seeds = (4, 5)
    max_steps = 40

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        return _hidden_variant(game, side)
