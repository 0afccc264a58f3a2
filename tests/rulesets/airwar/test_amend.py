"""The umpire's amendments of an air war game (issue 19 item 4; rulesets/airwar/amend.py):
units are counted by field and a move keeps §2.0's stack of at most three units of a colour
on a field (seed 001); a city always has a holder (§2.1); the sealed moves already written
for the cycle are withdrawn (§2.2: moves are written for the position both players saw); the
amended game replays to the same state hash.

The game: small-four-cities, seed 2, both initial stages placed at random by the placement
helpers (``random_cities``, ``random_units``; rng 0); cycle 1's
moves are due. Player 1 has 2 units on J9 and L2, 1 on A11 and A2; player 2 holds the city
P21 and has 1 unit on A16.
"""

from __future__ import annotations

import numpy as np
import pytest

from hexwar.core import registry
from hexwar.core.errors import IllegalOrderError
from hexwar.core.orders import UMPIRE
from hexwar.rulesets.airwar.game import CITIES, MOVE, AirwarGame
from hexwar.rulesets.airwar.placement import position_from_view, random_cities, random_units
from hexwar.sessions import resolve_scenario

NOTICE = "The umpire amends the game: "


@pytest.fixture
def game() -> AirwarGame:
    r = resolve_scenario("airwar/small-four-cities")
    g = r.ruleset.new_game(r.scenario, seed=2, scenario_id="airwar/small-four-cities")
    rng = np.random.default_rng(0)
    while (d := g.decision()) is not None and g.phase != MOVE:
        for side in sorted(d.sides):
            pos = position_from_view(g.view(side).data)
            place = random_cities if g.phase == CITIES else random_units
            g.submit(side, str(place(pos, side, rng)))
    assert isinstance(g, AirwarGame)
    return g


def _count(game: AirwarGame, side: str, label: str) -> int:
    return game.pos.count(side, game.pos.geo.parse(label))


def test_an_amendment_before_the_boards_are_set_is_refused() -> None:
    r = resolve_scenario("airwar/small-four-cities")
    g = r.ruleset.new_game(r.scenario, seed=2, scenario_id="airwar/small-four-cities")
    with pytest.raises(IllegalOrderError, match="initial stage is not over"):
        g.submit(UMPIRE, "remove 1 A2: x")


def test_moving_and_removing_units_by_field_both_players_see_it(game: AirwarGame) -> None:
    n = len(game.log)
    game.submit(UMPIRE, "move 1 J9x2 to A2: stacked on the wrong field")
    assert (_count(game, "1", "J9"), _count(game, "1", "A2")) == (0, 3)
    game.submit(UMPIRE, "remove 2 A16: placed twice")
    assert _count(game, "2", "A16") == 0
    for side in ("1", "2"):
        assert [e.text for e in game.log[n:] if e.visible(side)] == [
            "2 units of player 1 move from J9 to A2 (umpire)",
            NOTICE + "stacked on the wrong field",
            "1 unit of player 2 on A16 is removed (umpire)",
            NOTICE + "placed twice",
        ]
        assert game.view(side).data["units"]["1"]["A2"] == 3


def test_a_move_beyond_three_units_or_of_units_not_there_is_refused(game: AirwarGame) -> None:
    before = game.state_hash()
    for text, says in (
        ("move 1 J9x2 to L2: x", "more than 3 units of player 1"),  # 2 + 2 on L2
        ("move 1 A2x2 to A4: x", "player 1 has 1 unit on A2, not 2"),
        ("move 3 A2 to A4: x", "write units as PLAYER FIELD"),
        ("hold A2 by 1: x", "no city on A2"),
        ("hold P21 by nobody: x", "not by nobody"),
    ):
        with pytest.raises(IllegalOrderError, match=says):
            game.submit(UMPIRE, text)
    assert game.state_hash() == before


def test_a_city_changes_holder_and_sealed_moves_are_withdrawn(game: AirwarGame) -> None:
    game.submit("1", "pass")  # player 1's sealed moves for cycle 1
    decision = game.decision()
    assert decision is not None
    assert decision.sides == {"2"}
    game.submit(UMPIRE, "hold P21 by 1: captured in the last session")
    city = game.pos.city_at(game.pos.geo.parse("P21"))
    assert city is not None
    assert city.holder == "1"
    decision = game.decision()
    assert decision is not None
    assert decision.sides == {"1", "2"}  # player 1 writes his moves again
    assert game.log[-1].text == (
        NOTICE + "captured in the last session (the sealed orders of 1 are withdrawn: order again)"
    )
    game.submit("1", "pass")
    game.submit("2", "pass")
    assert registry.replay(game.record()).state_hash() == game.state_hash()
