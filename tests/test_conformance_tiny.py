"""The conformance kit run against the tiny fixture rulesets (alternating and sealed orders)."""

from __future__ import annotations

from typing import Any

from hexwar.core.game import Game
from hexwar.testing import ConformanceSuite
from tests.fixtures.tiny import hidden_variant


class TestTinyAlternating(ConformanceSuite):
    scenario = "tiny/duel"

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        return hidden_variant(game, side)


class TestTinySealed(ConformanceSuite):
    scenario = "tiny-sealed/sealed"

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        return hidden_variant(game, side)
