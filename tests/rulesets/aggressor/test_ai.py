"""The computer player (issue item 8): it sets up, plays either side from its view only, and
beats the random agent (benchmarks/aggressor_ai.py measures 100 games)."""

from __future__ import annotations

import numpy as np
import pytest

from hexwar.agents import agent_rng
from hexwar.core.views import View
from hexwar.rulesets.aggressor.ai import ComputerPlayer, computer_setup
from hexwar.rulesets.aggressor.legal import legal_orders
from hexwar.rulesets.aggressor.ruleset import AggressorRuleset
from hexwar.rulesets.aggressor.scenario import Placement, setup_problems
from hexwar.sessions import Session, resolve_scenario
from tests.rulesets.aggressor.conftest import make_game, put, rough


@pytest.mark.parametrize("side", ["west", "east"])
def test_computer_setup_is_legal_and_combined_arms(side: str) -> None:
    """SET UP: 'the machine proceeds to select and position the 18 units'."""
    order = computer_setup(side, np.random.default_rng(4))
    placements = tuple(Placement(type=t, at=at) for t, at in order.placements)
    assert setup_problems(side, placements) == []
    assert {t for t, _ in order.placements} == {
        "armor",
        "infantry",
        "artillery",
        "support",
        "missile",
        "airbase",
    }


def test_computer_decides_from_its_view_alone() -> None:
    """Issue item 8: 'from its own view only (no peeking at hidden units)' -- two games that
    differ only in a unit West cannot see get the same West order."""
    orders = []
    for kind in ("armor", "support"):
        g = make_game(
            {1: ("artillery", "@GH")},
            {1: (kind, "@LH"), 2: ("infantry", "@LI")},
            terrain=rough("@JH"),
        )
        put(g, "east", 1, "@JH")  # observed (range 3) but not identified (rough)
        g._observe("west")
        view = g.view("west")
        order = ComputerPlayer(AggressorRuleset(), "west").act(view, np.random.default_rng(0))
        assert order in legal_orders(view.data)
        orders.append(order)
    assert orders[0] == orders[1]
    assert orders[0].target == "@JH"  # fire before movement: indirect fire at the known unit


def test_computer_uses_partisans_when_asked() -> None:
    """TURN SEQUENCE C: the computer answers the partisan question by using them."""
    g = make_game(first="west")
    g.partisans["west"] = 2
    g.submit("west", "0")
    view = g.view("west")
    order = ComputerPlayer(AggressorRuleset(), "west").act(view, np.random.default_rng(0))
    assert str(order) == "partisans 2"


@pytest.mark.parametrize(("seed", "computer"), [(11, "west"), (12, "east")])
def test_computer_beats_random(seed: int, computer: str) -> None:
    """Issue item 8: the computer beats the random agent (here two seeded games; the benchmark
    plays 100)."""
    resolved = resolve_scenario("aggressor/sector")
    other = "east" if computer == "west" else "west"
    session = Session.start(resolved, seed=seed, agents={computer: "computer", other: "random"})
    session.run(max_steps=20000)
    outcome = session.game.outcome()
    assert outcome is not None
    assert outcome.winner == computer


def test_agent_streams_are_per_decision() -> None:
    """The computer's draws come from the game's seeded agent streams (same seed, same game)."""
    a = agent_rng(5, "west", 0).random()
    b = agent_rng(5, "west", 0).random()
    assert a == b
    assert isinstance(View("aggressor", "west", 0, {}).data, dict)
