"""Air war rules where the game applies them, each at a point a mutation of the rules once
passed every test (docs/testing.md, "Mutation testing"). Seed 001, the 1953 paper's sections."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.airwar.game import FIRE
from hexwar.rulesets.airwar.rules import City

from .conftest import game_at, new_game

CITIES = [("K4", "1", False), ("D4", "1", False), ("K22", "2", False)]  # no production


def _cycle(game: object) -> None:
    game.submit("1", "pass")  # type: ignore[attr-defined]
    game.submit("2", "pass")  # type: ignore[attr-defined]


def test_2_5_a_symmetric_game_at_the_cycle_limit_is_a_draw_whatever_the_units() -> None:
    """§2.5: a game that reaches the cycle limit is a stalemate; only the unsymmetric game
    (§4, ruling 21) counts units."""
    game = game_at("small-four-cities", units={"1": {"K5": 3}, "2": {"K20": 1}}, cycle=120)
    _cycle(game)
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (
        None,
        "stalemate: cycle limit 120 reached (units {'1': 3, '2': 1})",
    )


def test_4_the_larger_force_wins_at_the_cycle_limit_whichever_player_it_is() -> None:
    game = game_at("small-unequal", units={"1": {"K5": 3}, "2": {"B5": 2}}, cycle=120)
    _cycle(game)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner == "1"


def test_2_1_refusals_name_the_flight_rule() -> None:
    """§2.1 flights: one flight from an airport in each cycle, of one or two units."""
    game = game_at("small-four-cities", cities=CITIES, units={"1": {"K3": 3}, "2": {"K18": 1}})
    with pytest.raises(IllegalOrderError) as twice:
        game.submit("1", "K3>C16 K3>C18")
    assert twice.value.rule == "§2.1 flights"
    with pytest.raises(IllegalOrderError) as three:
        game.submit("1", "K3>D3x3")
    assert three.value.rule == "§2.1 flights"
    assert str(three.value).startswith("K3>D3x3: a flight carries one or two units")


def test_2_0_orders_of_another_stage_name_the_stage_and_bad_fields_their_list() -> None:
    game = new_game("small-four-cities")
    with pytest.raises(IllegalOrderError) as info:
        game.submit("1", "K10@K11")
    assert str(info.value) == (
        "fire cannot be ordered in the initial stage (cities) [§2 stages of the cycle]"
    )
    game.submit("1", "cities D22 K22 F16 P17")
    game.submit("2", "cities D4 K4 F10 P9")
    with pytest.raises(IllegalOrderError) as bad:
        game.submit("1", "units Z99")
    assert str(bad.value).startswith("units: ")
    assert bad.value.rule == "§3 the board"


def test_moves_fire_and_cities_are_logged_with_their_orders_as_data() -> None:
    """The log keeps each player's orders of a stage as data (the replay and the summary
    read it)."""
    game = new_game("small-four-cities")
    game.submit("1", "cities D22 K22 F16 P17")
    game.submit("2", "cities D4 K4 F10 P9")
    placed = [e for e in game.events() if e.kind == "cities"]
    assert [(e.data["side"], e.data["cities"]) for e in placed] == [
        ("1", ["D22", "K22", "F16", "P17"]),
        ("2", ["D4", "K4", "F10", "P9"]),
    ]
    fight = game_at("small-four-cities", units={"1": {"K10": 3}, "2": {"K11": 2}}, phase=FIRE)
    fight.submit("1", "K10@K11x3")
    fight.submit("2", "pass")
    fire = [e for e in fight.events() if e.kind == "fire"]
    assert [e.data["side"] for e in fire] == ["1", "2"]
    assert all(e.data["order"] is not None for e in fire)
    quiet = game_at("small-four-cities", units={"1": {"K5": 1}, "2": {"K20": 1}})
    _cycle(quiet)
    moves = [e for e in quiet.events() if e.kind == "moves"]
    assert [e.data["side"] for e in moves] == ["1", "2"]
    assert [e.data["order"] for e in moves] == [e.data["order"] for e in moves[:1]] * 2


def test_2_5_a_city_read_back_from_a_view_keeps_its_streak_and_flags() -> None:
    """§2.5 delays: the agents rebuild the position from the view's cities."""
    game = game_at("small-four-cities", cities=CITIES, units={"1": {"K5": 1}, "2": {"K20": 1}})
    geo = game.pos.geo
    city = game.pos.cities[0]
    city.streak, city.eligible, city.contested_now, city.changed = 2, True, False, 7
    assert City.from_json(city.to_json(geo), geo) == city


def test_2_5_a_preassigned_city_held_by_the_other_player_changed_hands_at_the_start() -> None:
    """§2.0 preassigned cities; §2.5: a city possessed by the player it does not belong to
    changed hands at cycle 0 (its delay runs from there)."""
    city = next(c for c in new_game("large-no-mans-land-city").pos.cities if c.owner == "2")
    assert (city.holder, city.changed) == ("1", 0)


def test_2_5_a_city_contested_during_the_cycle_starts_its_uncontested_count_again() -> None:
    """§2.5: a captured city counts the complete cycles its holder possessed it uncontested;
    an enemy unit standing in it during the cycle sets the count back to 0."""
    game = game_at(
        "small-four-cities",
        cities=[("K22", "2", True, "1")],
        units={"1": {"K22": 1}, "2": {"K21": 1}},
    )
    city = next(c for c in game.pos.cities if game.pos.geo.label(c.field) == "K22")
    city.streak = 1
    game.submit("1", "pass")
    game.submit("2", "K21-K22")
    while game.decision() is not None and game.phase == FIRE:
        for side in sorted(game.decision().sides):  # type: ignore[union-attr]
            game.submit(side, "pass")
    assert city.streak == 0
    assert city.holder == "1"


def test_3_2_2_the_last_double_transportation_may_be_used() -> None:
    """§3.2.2: D has two double transportations in the game; with one left he may still order
    one."""
    game = game_at(
        "large-no-mans-land-city",
        cities=[("K44", "2", False), ("D44", "2", False)],
        units={"1": {"A1": 1}, "2": {"D45": 3}},
    )
    game.pos.transports_left["2"] = 1
    game.submit("2", "D45>>K45")
    game.submit("1", "pass")
    assert game.pos.transports_left["2"] == 0
