"""The conformance kit (hexwar.testing) run against the aggressor ruleset, including the
no-leak check: a side's view and events do not change when an enemy unit it has not observed
(or observed without identifying) is made different."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core import registry
from hexwar.core.game import Game
from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.rulesets.aggressor.rules import other
from hexwar.testing import ConformanceSuite


@pytest.mark.slow
class TestAggressorConformance(ConformanceSuite):
    scenario = "aggressor/sector"
    max_steps = 6000  # a random playout of 30 rounds takes about 1,500 decisions
    steps_before_checks = 60

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        """The same game with one hidden enemy unit weakened or strengthened: one the side does
        not see at all, else one it sees without identification (its type changed too)."""
        other_game = registry.replay(game.record())
        assert isinstance(other_game, AggressorGame)
        known = other_game.known[side]
        enemy = other_game.units[other(side)]
        unseen = [u for u in enemy if u.cell not in known]
        if unseen:
            u = unseen[0]
            u.strength = u.strength - 1 if u.strength > 1 else u.strength + 1
            return other_game
        unidentified = [u for u in enemy if known.get(u.cell, "") is None]
        if unidentified:
            u = unidentified[0]
            u.type = "armor" if u.type != "armor" else "infantry"
            u.strength += 1
            return other_game
        return None


def test_no_leak_of_an_unidentified_unit_type() -> None:
    """OBSERVATION: 'an unidentified unit will only show its color-coded background' -- a view
    cannot tell an unidentified armor from an unidentified airbase."""
    from tests.rulesets.aggressor.conftest import make_game, put, rough

    views = []
    for kind in ("armor", "airbase"):
        g = make_game({1: ("armor", "@EH")}, {1: (kind, "@LH")}, terrain=rough("@HH"))
        put(g, "east", 1, "@HH")
        g._observe("west")
        views.append(g.view("west").to_json())
    assert views[0] == views[1]
