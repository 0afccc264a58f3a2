"""Worlds drawn from a view for search agents (Ruleset.determinise; issue 21, item 5).

A determinised world must look, to the side it was drawn for, exactly like the game it saw
(same view, same decision), and must be drawn from the view alone: two games that differ only
in what the side cannot see give the same world from the same stream.
"""

from __future__ import annotations

import numpy as np
import pytest

from hexwar.core import registry
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.testing import random_session


@pytest.mark.parametrize(("seed", "steps"), [(1, 1), (2, 2), (3, 8), (4, 30), (5, 70)])
def test_the_world_looks_like_the_game_to_its_side(seed: int, steps: int) -> None:
    """Set-up (West placed, East to place), the first turns and a later one."""
    session = random_session("aggressor/sector", seed)
    session.run(max_steps=steps)
    game = session.game
    for side in rl.SIDES:
        view = game.view(side)
        world = game.ruleset.world(view, np.random.default_rng(seed))
        assert world.view(side).data == view.data
        if game.decision() is not None and side in game.decision().sides:
            assert world.decision() == game.decision()


def test_the_world_is_drawn_from_the_view_alone() -> None:
    """OBSERVATION: an enemy unit out of every own unit's Range is unseen; weakening it
    changes nothing in the world drawn for the side."""
    session = random_session("aggressor/sector", 4)
    session.run(max_steps=30)
    game = session.game
    side = "west"
    other = registry.replay(game.record())
    assert isinstance(other, AggressorGame)
    unseen = [u for u in other.units["east"] if u.cell not in other.known[side]]
    assert unseen
    unseen[0].strength = 1 if unseen[0].strength > 1 else 2
    assert other.state_hash() != game.state_hash()
    a = game.ruleset.world(game.view(side), np.random.default_rng(9))
    b = other.ruleset.world(other.view(side), np.random.default_rng(9))
    assert a.state_hash() == b.state_hash()


def test_drawn_enemies_stand_out_of_sight() -> None:
    """Enemy units the view does not show are placed beyond every own unit's Range, in the
    enemy's territory (OBSERVATION: within Range is observed)."""
    session = random_session("aggressor/sector", 6)
    session.run(max_steps=12)
    game = session.game
    view = game.view("east")
    world = game.ruleset.world(view, np.random.default_rng(1))
    assert isinstance(world, AggressorGame)
    known = {rl.parse_label(e["at"]) for e in view.data["enemy"]}
    drawn = [u for u in world.units["west"] if u.cell not in known]
    assert drawn
    for u in drawn:
        assert rl.territory(u.cell) == "west"
        assert all(rl.DIST[o.cell][u.cell] > o.range for o in world.units["east"])
