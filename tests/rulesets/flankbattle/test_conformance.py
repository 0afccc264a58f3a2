"""The conformance kit (hexwar.testing) run against the flankbattle ruleset (seed 004).

flankbattle has no hidden information once deployed: the database is public in a map game,
and the sealed deployments are held by the core until both are in (docs/rulings/flankbattle.md).
"""

from __future__ import annotations

import pickle

import pytest

from hexwar.rulesets.flankbattle.engine import BattleEvent
from hexwar.rulesets.flankbattle.game import FlankbattleGame
from hexwar.rulesets.flankbattle.orders import Deployment
from hexwar.rulesets.flankbattle.receipt import render_receipt
from hexwar.sessions import resolve_scenario
from hexwar.testing import ConformanceSuite


class TestFlankbattleConformanceHastings(ConformanceSuite):
    scenario = "flankbattle/hastings"
    max_steps = 5


class TestFlankbattleConformanceTrafalgar(ConformanceSuite):
    scenario = "flankbattle/trafalgar"
    max_steps = 5


@pytest.mark.parametrize(
    "scenario", ["flankbattle/hastings", "flankbattle/marathon", "flankbattle/trafalgar"]
)
def test_a_game_pickles_and_round_trips_before_and_after_the_battle(scenario: str) -> None:
    """Protocol (issue 43): every game, at every point, pickles and comes back the same game
    (same state hash) -- before the deployments, with one sealed, and after the war, even
    while a listener watches the battle as the command line's log does (seed 004, Output:
    the log written as the war runs). The battle once left its event closure
    (``FlankbattleGame._resolve.<locals>.on_event``) on the finished game."""
    resolved = resolve_scenario(scenario)
    game = resolved.ruleset.new_game(resolved.scenario, seed=3, scenario_id=scenario)
    assert isinstance(game, FlankbattleGame)
    heard: list[BattleEvent] = []
    game.on_event = heard.append
    game.on_occupation = lambda round_, text: None

    def round_trip() -> None:
        again = pickle.loads(pickle.dumps(game))
        assert again.state_hash() == game.state_hash()

    round_trip()
    game.submit("attacker", Deployment())
    round_trip()
    game.submit("defender", Deployment())
    assert game.war_report is not None
    assert heard
    round_trip()
    again = pickle.loads(pickle.dumps(game))
    assert render_receipt(again.war_report, "wiki") == render_receipt(game.war_report, "wiki")
