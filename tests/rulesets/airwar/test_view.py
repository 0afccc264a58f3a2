"""What a player is shown of an air war game (seed 001, §2.2: each player sees his own units
and the fields where enemy units stand), and a position read back from a view."""

from __future__ import annotations

import pytest

from hexwar.rulesets.airwar.game import FIRE
from hexwar.rulesets.airwar.placement import position_from_view
from hexwar.rulesets.airwar.rules import City
from tests.rulesets.airwar.helpers import CITIES

from .conftest import game_at


@pytest.mark.found_by_mutation
def test_2_2_a_field_left_by_its_units_is_no_longer_shown() -> None:
    """§2.1-§2.3: after the moves every player sees where the units stand (§2.2); a field its
    units left holds none, so it is not listed. Player 1's K10 moves next to player 2's K12
    (K11): the aim-fire stage opens, and player 1 stands on K9 and K11, not on K10."""
    game = game_at("small-four-cities", units={"1": {"K9": 1, "K10": 1}, "2": {"K12": 1}})
    game.submit("1", "K10-K11")
    game.submit("2", "pass")
    assert game.phase == FIRE
    assert game.view("2").data["units"]["1"] == {"K9": 1, "K11": 1}


@pytest.mark.found_by_mutation
def test_2_2_a_view_gives_the_whole_position_back() -> None:
    """§2.2: once the barrier is lifted each player has "complete information about opponents'
    position": the position rebuilt from a player's view (what the legal lists and the
    computer player decide from) is the game's, city by city -- which are productive, and a
    city contested in this cycle (K4, both players on it in the aim-fire stage)."""
    game = game_at("small-four-cities", cities=[("K4", "1"), ("D4", "1", False)],
                   units={"1": {"K4": 1, "K6": 1}, "2": {"K5": 2}})  # fmt: skip
    game.submit("1", "pass")
    game.submit("2", "K5-K4")
    assert game.phase == FIRE
    rebuilt = position_from_view(game.view("2").data)
    assert rebuilt.cities == game.pos.cities
    assert [(c.productive, c.contested_now) for c in rebuilt.cities] == [
        (True, True),
        (False, False),
    ]


@pytest.mark.found_at_call_site
def test_2_5_a_city_read_back_from_a_view_keeps_its_streak_and_flags() -> None:
    """§2.5 delays: the agents rebuild the position from the view's cities."""
    game = game_at("small-four-cities", cities=CITIES, units={"1": {"K5": 1}, "2": {"K20": 1}})
    geo = game.pos.geo
    city = game.pos.cities[0]
    city.streak, city.eligible, city.contested_now, city.changed = 2, True, False, 7
    assert City.from_json(city.to_json(geo), geo) == city
