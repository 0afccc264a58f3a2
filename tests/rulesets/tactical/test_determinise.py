"""Worlds drawn from a view for search agents (Ruleset.determinise; issue 21, items 1 and 5).

A determinised world must look, to the side it was drawn for, exactly like the game it saw
(same view, same decision), and must be drawn from the view alone: the enemy units a side does
not see (seed 002, TERRAIN HEIGHT and Parameter Data: sight by visibility and line of sight;
docs/rulings/tactical.md, "Worlds drawn from a view") are drawn, never read.
"""

from __future__ import annotations

import numpy as np
import pytest

from hexwar.agents import agent_names, agent_rng, make_agent
from hexwar.agents.mcts import MctsAgent
from hexwar.core import registry
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.game import TacticalGame
from hexwar.testing import random_session
from tests.rulesets.tactical.conftest import make_game


@pytest.mark.parametrize(
    ("scenario", "seed", "steps"),
    [
        ("tactical/meeting1941", 1, 0),
        ("tactical/meeting1941", 2, 3),
        ("tactical/meeting1941", 3, 9),
        ("tactical/hedgerows", 4, 0),
        ("tactical/hedgerows", 5, 4),
    ],
)
def test_the_world_looks_like_the_game_to_its_side(scenario: str, seed: int, steps: int) -> None:
    """Both sides, at the start and after random phases: the world's view is the view."""
    session = random_session(scenario, seed)
    session.run(max_steps=steps)
    game = session.game
    for side in game.info.sides:
        view = game.view(side)
        world = game.ruleset.world(view, np.random.default_rng(seed))
        assert isinstance(world, TacticalGame)
        assert world.view(side).data == view.data
        assert world.decision() == game.decision()


def _hidden_game() -> TacticalGame:
    """The 8x6 open test map with visibility 1: A1 at 2,1 and X1 at 4,0 (two hexes apart)
    do not see each other; the allied side has its HQ (1 SP) and A1 (4 SP)."""
    return make_game(visibility=1)


def test_unseen_enemy_sps_are_the_sides_own_start_less_what_it_sees() -> None:
    """The allied side sees no enemy and nobody has lost SPs: it assumes the enemy started
    like itself, 1 + 4 = 5 SPs, all unseen, drawn as copies of its one combat unit (a 4-SP
    infantry platoon) -- 4 SPs, then the 1 SP left; none seen, none on an objective."""
    game = _hidden_game()
    view = game.view("allied")
    assert view.data["enemy_units"] == []
    world = game.ruleset.world(view, np.random.default_rng(3))
    assert isinstance(world, TacticalGame)
    drawn = [u for u in world.units.values() if u.side == "axis"]
    assert sorted((u.kind, u.sp) for u in drawn) == [("infantry", 1), ("infantry", 4)]
    assert world.spotted("allied") == set()
    assert all(u.hex not in world.objectives for u in drawn)


def test_the_world_is_drawn_from_the_view_alone() -> None:
    """Moving and weakening the unseen X1 changes the true game but not the allied view, so
    not the world drawn from it with the same stream."""
    game = _hidden_game()
    other = _hidden_game()
    x1 = other.units["X1"]
    x1.sp = 2
    x1.hex = Hex.from_str("5,0")  # still two or more hexes from A1 at 2,1
    assert other.state_hash() != game.state_hash()
    assert other.view("allied").data == game.view("allied").data
    a = game.ruleset.world(game.view("allied"), np.random.default_rng(9))
    b = other.ruleset.world(other.view("allied"), np.random.default_rng(9))
    assert a is not None
    assert b is not None
    assert a.state_hash() == b.state_hash()


def test_mcts_is_offered_for_tactical() -> None:
    assert "mcts" in agent_names(registry.get("tactical"))


def test_mcts_plays_a_full_tactical_game() -> None:
    """mcts (3 iterations a phase) against the ai on the test map to the end of turn 3; every
    order it gives is accepted by the game."""
    game = make_game(turns=3)
    agents = {
        "allied": MctsAgent(game.ruleset, "allied", iterations=3),
        "axis": make_agent(game.ruleset, "axis", "ai"),
    }
    while (decision := game.decision()) is not None:
        (side,) = decision.sides
        order = agents[side].act(game.view(side), agent_rng(1, side, decision.step))
        game.submit(side, order.to_json())
    assert game.outcome() is not None
    assert game.step >= 2
