"""The conformance kit (hexwar.testing.ConformanceSuite) on the skirmish plug-in's two bundled
scenarios: determinism, replay, the store round trip, no leak through views and events (the
fog of war), random playouts that end, JSON views, legal orders that submit accepts and that
depend on the view alone, the umpire's ruling."""

from __future__ import annotations

from typing import Any

from hexwar.core.game import Game
from hexwar.testing import ConformanceSuite

from .conftest import hidden_variant


class TestSkirmishCrossroads(ConformanceSuite):
    scenario = "skirmish/crossroads"
    legal_decisions = 6

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        variant: Game[Any, Any] | None = hidden_variant(game, side)
        return variant


class TestSkirmishRidge(ConformanceSuite):
    scenario = "skirmish/ridge"

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        variant: Game[Any, Any] | None = hidden_variant(game, side)
        return variant
