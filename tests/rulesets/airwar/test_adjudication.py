"""Adjudication cases, DATC style: a position, sealed orders, the expected result.

Each test names the paragraph of seed 001 ("Some Air War Games") it checks. Fields are the
core's labels (column letter + row number); on the small board player 1's territory is rows
1-12, no-man's-land row 13, player 2's rows 14-25 (docs/rulings/airwar.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.airwar.game import CITIES, FIRE, MOVE, UNITS
from tests.rulesets.airwar.helpers import _cycle, _d_moves, _put, _variant

from .conftest import game_at, holder, new_game, refused, units_of

# -- §2.0 the initial stage: cities ------------------------------------------------------


def _cities(variant: str, side: str, text: str) -> None:
    game = new_game(variant)
    game.submit(side, f"cities {text}")


def test_2_0_cities_are_placed_in_the_opponents_territory() -> None:
    with pytest.raises(IllegalOrderError, match=r"not in player 2's territory.*§2.0"):
        _cities("small-four-cities", "1", "D4 K4 F10 P9")


def test_2_0_two_cities_are_separated_by_at_least_four_fields() -> None:
    with pytest.raises(IllegalOrderError, match=r"D22 and H22 are not separated.*§2.0"):
        _cities("small-four-cities", "1", "D22 H22 F16 P17")
    _cities("small-four-cities", "1", "D22 I22 F16 P17")  # distance 5: four fields between


def test_2_0_city_and_airport_two_fields_from_every_boundary() -> None:
    # K23's airport K24 has a single field (K25) between it and player 2's back boundary
    with pytest.raises(IllegalOrderError, match=r"airport K24.*fewer than two fields"):
        _cities("small-four-cities", "1", "D22 K23 F16 P17")
    with pytest.raises(IllegalOrderError, match=r"city B18.*fewer than two fields"):
        _cities("small-four-cities", "1", "D22 K22 F16 B18")


def test_2_0_cities_are_one_field_from_no_mans_land() -> None:
    # row 14 touches no-man's-land (row 13); row 15 leaves row 14 between
    with pytest.raises(IllegalOrderError, match=r"§2.0 city placement"):
        _cities("small-four-cities", "1", "D22 K22 F14 P17")
    _cities("small-four-cities", "1", "D22 K22 F15 P17")


def test_2_0_the_airport_is_the_field_immediately_behind_the_city() -> None:
    game = new_game("small-four-cities")
    game.submit("1", "cities D22 K22 F16 P17")
    game.submit("2", "cities D4 K4 F10 P9")
    airports = {c["field"]: c["airport"] for c in game.view("1").data["cities"]}
    assert airports["K22"] == "K23"  # player 2's back boundary is beyond row 25
    assert airports["K4"] == "K3"  # player 1's is before row 1
    assert game.phase == UNITS


# -- §2.0 the initial stage: units --------------------------------------------------------


def _placed_game() -> object:
    game = new_game("small-four-cities")
    game.submit("1", "cities D22 K22 F16 P17")
    game.submit("2", "cities D4 K4 F10 P9")
    return game


def _units(extra: str) -> str:
    # 39 legal units on rows 1-4 of player 1's territory, then the field under test
    fields = [f"{c}{r}" for r in (2, 3, 4, 5) for c in "ABCDEFGHIJKLMN"][:13]
    return "units " + " ".join(f"{f}x3" for f in fields) + f" {extra}"


def test_2_0_units_are_never_placed_in_no_mans_land() -> None:
    game = _placed_game()
    with pytest.raises(IllegalOrderError, match=r"never in no-man's-land.*§2.0 placement"):
        game.submit("1", _units("K13"))  # type: ignore[attr-defined]


def test_2_0_units_are_placed_in_home_territory_only() -> None:
    game = _placed_game()
    with pytest.raises(IllegalOrderError, match=r"home territory only"):
        game.submit("1", _units("K14"))  # type: ignore[attr-defined]


def test_2_0_no_field_has_more_than_three_units() -> None:
    game = _placed_game()
    with pytest.raises(IllegalOrderError, match=r"4 units on A2.*more than three"):
        game.submit("1", _units("A2"))  # type: ignore[attr-defined]


def test_2_0_every_unit_is_placed() -> None:
    game = _placed_game()
    with pytest.raises(IllegalOrderError, match=r"place all 40 units, not 39"):
        game.submit("1", _units(""))  # type: ignore[attr-defined]
    game.submit("1", _units("K10"))  # type: ignore[attr-defined]


# -- §2.1 moves -------------------------------------------------------------------------

CITY_1 = ("K4", "1")  # airport K3
CITY_1B = ("D4", "1")  # airport D3
CITY_2 = ("K22", "2")  # airport K23


def test_2_1_a_unit_moves_to_an_adjacent_field() -> None:
    game = game_at("small-four-cities", units={"1": {"K5": 1}, "2": {"K20": 1}})
    with pytest.raises(IllegalOrderError, match=r"K7 is not adjacent to K5.*§2.1 moves"):
        game.submit("1", "K5-K7")


def test_2_1_staying_is_a_move_to_a_coinciding_field() -> None:
    game = game_at("small-four-cities", units={"1": {"K5": 1}, "2": {"K20": 1}})
    game.submit("1", "K5-K5")
    game.submit("2", "K20-K19")
    assert units_of(game, "1") == {"K5": 1}
    assert units_of(game, "2") == {"K19": 1}


def test_2_1_no_more_units_move_than_are_there() -> None:
    game = game_at("small-four-cities", units={"1": {"K5": 1}, "2": {"K20": 1}})
    with pytest.raises(IllegalOrderError, match=r"2 units ordered but 1 there"):
        game.submit("1", "K5-K6x2")


def test_2_1_at_most_three_units_of_a_colour_after_moving() -> None:
    game = game_at("small-four-cities", units={"1": {"K5": 3, "K6": 1}, "2": {"K20": 1}})
    with pytest.raises(IllegalOrderError, match=r"K5: 4 units of one colour.*§2.1"):
        game.submit("1", "K6-K5")
    game.submit("1", "K5-K4 K6-K5")  # judged after the move: K5 holds three
    game.submit("2", "pass")
    assert units_of(game, "1") == {"K4": 1, "K5": 3}


def test_2_1_both_players_may_move_onto_one_field_which_is_then_contested() -> None:
    game = game_at("small-four-cities", units={"1": {"K10": 1}, "2": {"K12": 1}})
    game.submit("1", "K10-K11")
    game.submit("2", "K12-K11")
    k11 = game.pos.geo.parse("K11")
    assert game.pos.contested(k11)
    # one unit of fire each kills nobody (§2.3); the field stays contested
    assert units_of(game, "1") == {"K11": 1}
    assert units_of(game, "2") == {"K11": 1}


def test_2_1_an_airport_is_contested_when_its_city_is() -> None:
    game = game_at("small-four-cities", cities=[CITY_1], units={"1": {"K4": 1}, "2": {"K4": 1}})
    geo = game.pos.geo
    assert game.pos.contested(geo.parse("K3"))
    assert not game.pos.contested(geo.parse("J3"))


def test_2_1_uncontested_enemy_units_in_a_city_take_control_of_it() -> None:
    game = game_at("small-four-cities", cities=[CITY_2], units={"1": {"K21": 1}, "2": {"K18": 1}})
    game.submit("1", "K21-K22")
    game.submit("2", "pass")
    assert holder(game, "K22") == "1"
    assert any("captured the city K22" in e.text for e in game.events("2"))


def test_2_1_a_contested_city_stays_with_its_controller() -> None:
    game = game_at("small-four-cities", cities=[CITY_2], units={"1": {"K21": 1}, "2": {"K22": 1}})
    game.submit("1", "K21-K22")
    game.submit("2", "pass")
    assert holder(game, "K22") == "2"


def test_2_1_an_empty_city_stays_with_the_player_last_in_control() -> None:
    game = game_at(
        "small-four-cities",
        cities=[("K22", "2", True, "1")],
        units={"1": {"K22": 1}, "2": {"K18": 1}},
    )
    game.submit("1", "K22-K21")
    game.submit("2", "pass")
    assert holder(game, "K22") == "1"


# -- §2.1 flights -------------------------------------------------------------------------


def _airfield(units1: dict[str, int], units2: dict[str, int] | None = None) -> object:
    return game_at(
        "small-four-cities",
        cities=[(*CITY_1, False), (*CITY_1B, False), (*CITY_2, False)],  # no production
        units={"1": units1, "2": units2 or {"K18": 1}},
    )


def test_2_1_one_unit_may_be_flown_from_an_uncontested_airport_to_any_field() -> None:
    game = _airfield({"K3": 1})
    game.submit("1", "K3>C16")  # type: ignore[attr-defined]
    game.submit("2", "pass")  # type: ignore[attr-defined]
    assert units_of(game, "1") == {"C16": 1}  # type: ignore[arg-type]


def test_2_1_a_flown_unit_never_lands_on_or_next_to_the_opponents_city_or_airport() -> None:
    for target in ("K22", "K23", "K21", "L23"):
        game = _airfield({"K3": 1})
        with pytest.raises(IllegalOrderError, match=r"§2.1 flights"):
            game.submit("1", f"K3>{target}")  # type: ignore[attr-defined]


def test_2_1_no_flight_from_a_contested_airport() -> None:
    game = _airfield({"K3": 1}, {"K3": 1})
    with pytest.raises(IllegalOrderError, match=r"not an uncontested airport.*§2.1 flights"):
        game.submit("1", "K3>C16")  # type: ignore[attr-defined]
    game = _airfield({"K3": 1, "K4": 1}, {"K4": 1})  # contested through its city
    with pytest.raises(IllegalOrderError, match=r"§2.1 flights"):
        game.submit("1", "K3>C16")  # type: ignore[attr-defined]


def test_2_1_no_flight_from_an_airport_the_opponent_controls() -> None:
    game = _airfield({"K23": 1})
    with pytest.raises(IllegalOrderError, match=r"§2.1 flights"):
        game.submit("1", "K23>C16")  # type: ignore[attr-defined]


def test_2_1_two_units_may_be_flown_to_another_airport_of_the_same_player() -> None:
    game = _airfield({"K3": 2})
    with pytest.raises(IllegalOrderError, match=r"only to another airport you control"):
        game.submit("1", "K3>C16x2")  # type: ignore[attr-defined]
    game.submit("1", "K3>D3x2")  # type: ignore[attr-defined]
    game.submit("2", "pass")  # type: ignore[attr-defined]
    assert units_of(game, "1") == {"D3": 2}  # type: ignore[arg-type]


def test_2_1_one_flight_from_an_airport_in_each_cycle() -> None:
    game = _airfield({"K3": 2})
    with pytest.raises(IllegalOrderError, match=r"one flight per airport"):
        game.submit("1", "K3>C16 K3>C18")  # type: ignore[attr-defined]


# -- §2.2 information ---------------------------------------------------------------------


def test_2_2_after_the_moves_each_player_sees_the_opponents_position() -> None:
    game = game_at("small-four-cities", units={"1": {"K5": 1}, "2": {"K20": 2}})
    before = game.view("1").data
    game.submit("2", "K20-K19x2")
    assert game.view("1").data == before  # sealed: nothing of player 2's move shows
    game.submit("1", "K5-K6")
    assert game.view("1").data["units"]["2"] == {"K19": 2}
    assert any("player 2 moves K20-K19x2" in e.text for e in game.events("1"))


# -- §2.3 aim fire and §2.4 removal of the dead ----------------------------------------------


def test_2_3_two_units_of_fire_kill_one_enemy_unit() -> None:
    game = game_at("small-four-cities", units={"1": {"K10": 3}, "2": {"K11": 2}}, phase=FIRE)
    game.submit("1", "K10@K11x3")
    game.submit("2", "pass")
    assert units_of(game, "2") == {"K11": 1}
    assert units_of(game, "1") == {"K10": 3}


def test_2_3_fire_from_several_fields_adds_up() -> None:
    game = game_at(
        "small-four-cities", units={"1": {"K10": 1, "J11": 1}, "2": {"K11": 1}}, phase=FIRE
    )
    game.submit("1", "K10@K11 J11@K11")
    game.submit("2", "pass")
    assert units_of(game, "2") == {}
    assert game.outcome() is not None  # type: ignore[union-attr]
    assert game.outcome().winner == "1"


def test_2_3_fire_reaches_adjacent_fields_only() -> None:
    game = game_at("small-four-cities", units={"1": {"K10": 1}, "2": {"K11": 1}}, phase=FIRE)
    with pytest.raises(IllegalOrderError, match=r"adjacent fields only.*§2.3"):
        game.submit("1", "K10@K12")


def test_2_3_a_unit_fires_only_once_in_each_cycle() -> None:
    game = game_at(
        "small-four-cities", units={"1": {"K10": 3}, "2": {"K11": 1, "J10": 2}}, phase=FIRE
    )
    with pytest.raises(IllegalOrderError, match=r"fires only once"):
        game.submit("1", "K10@K11x2 K10@J10x2")


def test_2_3_units_on_a_contested_field_fire_on_that_field() -> None:
    game = game_at(
        "small-four-cities", units={"1": {"K11": 2, "K10": 1}, "2": {"K11": 1}}, phase=FIRE
    )
    with pytest.raises(IllegalOrderError, match=r"must fire on it.*§2.3"):
        game.submit("1", "K11@K10")
    game.submit("1", "pass")
    # player 1's two units on K11 fire on it without orders: one kill; player 2's one unit
    # of fire kills nobody
    assert units_of(game, "2") == {}
    assert units_of(game, "1") == {"K10": 1, "K11": 2}


def test_2_3_an_airport_contested_only_through_its_city_fires_freely() -> None:
    game = game_at(
        "small-four-cities",
        cities=[CITY_1],
        units={"1": {"K4": 1, "K3": 2}, "2": {"K4": 2, "K18": 1}},
        phase=FIRE,
    )
    game.submit("1", "K3@K4x2")
    game.submit("2", "pass")
    # K4: player 1 directs 1 (on the field) + 2 (from the airport) = 3 -> one kill;
    # player 2's two units on K4 direct 2 -> one kill
    assert units_of(game, "2") == {"K18": 1, "K4": 1}
    assert units_of(game, "1") == {"K3": 2}


def test_2_4_the_dead_of_both_sides_are_removed_together() -> None:
    game = game_at("small-four-cities", units={"1": {"K10": 2}, "2": {"K11": 2}}, phase=FIRE)
    game.submit("1", "K10@K11x2")
    game.submit("2", "K11@K10x2")
    assert units_of(game, "1") == {"K10": 1}
    assert units_of(game, "2") == {"K11": 1}


# -- §2.5 production ----------------------------------------------------------------------


def test_2_5_a_productive_city_receives_a_new_unit() -> None:
    game = game_at("small-four-cities", cities=[CITY_1], units={"1": {"K4": 2}, "2": {"K20": 1}})
    _cycle(game)
    assert units_of(game, "1") == {"K4": 3}


def test_2_5_no_production_with_three_units_on_the_city() -> None:
    game = game_at("small-four-cities", cities=[CITY_1], units={"1": {"K4": 3}, "2": {"K20": 1}})
    _cycle(game)
    assert units_of(game, "1") == {"K4": 3}


def test_2_5_no_production_at_a_contested_city() -> None:
    game = game_at(
        "small-four-cities", cities=[CITY_1], units={"1": {"K4": 1}, "2": {"K4": 1, "K20": 1}}
    )
    _cycle(game)
    assert units_of(game, "1") == {"K4": 1}


def test_2_5_no_production_at_a_city_that_is_not_productive() -> None:
    game = game_at(
        "small-four-cities", cities=[("K4", "1", False)], units={"1": {"K4": 1}, "2": {"K20": 1}}
    )
    _cycle(game)
    assert units_of(game, "1") == {"K4": 1}


def test_2_5_symmetric_games_captured_cities_do_not_produce() -> None:
    game = game_at("small-four-cities", cities=[CITY_2], units={"1": {"K21": 1}, "2": {"K18": 1}})
    game.submit("1", "K21-K22")
    game.submit("2", "pass")
    for _ in range(3):
        _cycle(game)
    assert units_of(game, "1") == {"K22": 1}


def test_2_5_symmetric_games_recaptured_cities_produce_from_the_next_cycle() -> None:
    game = game_at(
        "small-four-cities",
        cities=[("K22", "2", True, "1")],
        units={"1": {"K10": 1}, "2": {"K21": 1}},
    )
    game.submit("1", "pass")
    game.submit("2", "K21-K22")  # recaptured in cycle 1: no unit yet
    assert holder(game, "K22") == "2"
    assert units_of(game, "2") == {"K22": 1}
    _cycle(game)  # cycle 2: the next cycle after the recapture
    assert units_of(game, "2") == {"K22": 2}


def test_2_5_unsymmetric_games_captured_cities_produce_after_five_complete_cycles() -> None:
    # player 1 captured player 2's productive city K46 during cycle 1 (large board, §3.2.1)
    game = game_at(
        "large-unequal",
        cities=[("K46", "2", True, "1")],
        units={"1": {"C10": 1}, "2": {"C40": 1}},
        cycle=2,
    )
    game.pos.cities[-1].changed = 1
    for _cycle_no in range(2, 7):  # five complete cycles, 2..6: nothing yet
        _cycle(game)
        assert units_of(game, "1") == {"C10": 1}
    _cycle(game)  # cycle 7
    assert units_of(game, "1") == {"C10": 1, "K46": 1}


def test_2_5_the_game_ends_when_a_player_has_no_units() -> None:
    game = game_at("small-four-cities", units={"1": {"K10": 2}, "2": {"K11": 1}}, phase=FIRE)
    game.submit("1", "K10@K11x2")
    game.submit("2", "K11@K10")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner == "1"
    assert "player 2 has no units left" in outcome.reason


def test_2_5_the_cycle_limit_stops_a_stalemate() -> None:
    game = game_at("small-four-cities", units={"1": {"K5": 1}, "2": {"K20": 1}}, cycle=120)
    _cycle(game)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner is None
    assert "stalemate" in outcome.reason


def test_4_unsymmetric_games_stopped_by_the_cycle_limit_go_to_the_larger_force() -> None:
    # "A stalemate is impossible in the unsymmetric game" (§4; ruling 21)
    game = game_at("small-unequal", units={"1": {"K5": 1}, "2": {"B5": 2}}, cycle=120)
    _cycle(game)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner == "2"
    assert "more units" in outcome.reason


def test_2_concession_ends_the_game() -> None:
    game = game_at("small-four-cities", units={"1": {"K5": 1}, "2": {"K20": 1}})
    game.submit("2", {"concede": True})
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner == "1"


def test_2_orders_of_another_stage_are_refused() -> None:
    game = game_at("small-four-cities", units={"1": {"K10": 1}, "2": {"K11": 1}}, phase=MOVE)
    with pytest.raises(IllegalOrderError, match=r"fire cannot be ordered in the move stage"):
        game.submit("1", "K10@K11")
    assert new_game("small-four-cities").phase == CITIES


def test_2_4_the_kills_carry_a_receipt_of_the_fire_that_made_them() -> None:
    game = game_at("small-four-cities", units={"1": {"K10": 3}, "2": {"K11": 3}}, phase=FIRE)
    game.submit("1", "K10@K11x3")
    game.submit("2", "pass")
    (dead,) = [e for e in game.events("2") if e.kind == "dead"]
    assert dead.receipt is not None
    assert dead.receipt.inputs == {"fire on K11": "3 (player 2 had 3)"}
    assert dead.receipt.result == "killed K11"


FOUR = "4 units of one colour after moving (at most three)"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("units", "order", "why"),
    [
        ({"D45": 2, "D46": 1}, "D45-D46 D45>>K45", "D45: 3 units ordered but 2 there"),
        ({"D45": 2}, "D45-D46x2 D45>D30", "D45: 3 units ordered but 2 there"),
        ({"D46": 1, "D47": 1}, "D46-D45 D46-D47", "D46: 2 units ordered but 1 there"),
        ({"D45": 2, "K45": 3}, "D45>>K45", f"K45: {FOUR}"),
        ({"D45": 2, "K44": 3}, "D45>>K45", f"K44: {FOUR}"),
        ({"D45": 3, "D46": 3}, "D46-D45x3 D45>>K45", f"D45: {FOUR}"),
    ],
)  # fmt: skip
def test_2_1_units_ordered_and_stacked_count_every_move_and_transportation(
    units: dict[str, int], order: str, why: str
) -> None:
    """§2.1: every unit moves to an adjacent field or is flown, "a maximum of three units of one
    colour on each field" after moving; §3.2.2: a double transportation takes two units from
    its airport, one to the airport it flies to, one on to that airport's city. Each order
    asks for more units than a field holds (a move and a transportation, two moves of one unit,
    or a move of two and a flight of one from D45's two), or leaves four on one field: refused
    under §2.1."""
    refusal = refused(_d_moves(units), "2", order)
    assert str(refusal) == f"{why} [§2.1 moves]"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize("units", [{"D45": 2, "K45": 2, "K44": 2}, {"D40": 3, "D39": 1}])
def test_2_1_three_units_on_a_field_after_moving_are_allowed(units: dict[str, int]) -> None:
    """§2.1: three units of one colour on a field is the maximum, not beyond it: a double
    transportation onto an airport and a city holding two each makes three on each; three
    units leaving D40 for the empty D41 while one moves from D39 into D40 leaves three on D41
    and one on D40."""
    game = _d_moves(units)
    game.submit("2", "D45>>K45" if "D45" in units else "D40-D41x3 D39-D40")
    game.submit("1", "pass")
    expected = {"K44": 3, "K45": 3} if "D45" in units else {"D40": 1, "D41": 3}
    assert units_of(game, "2") == expected


@pytest.mark.found_by_mutation
def test_2_1_one_flight_per_airport_in_each_cycle() -> None:
    """§2.1: one flight from each airport in a cycle; a double transportation is a flight from
    its airport too (§3.2.2): two flights from D45, a flight and a double transportation from
    it, or two double transportations from it, are refused."""
    flights = refused(_d_moves({"D45": 3}), "2", "D45>D30 D45>E30")
    assert str(flights) == "D45: one flight per airport in each cycle [§2.1 flights]"
    both = refused(_d_moves({"D45": 3}), "2", "D45>D30 D45>>K45")
    assert str(both).startswith("D45>>K45: D45 must be an uncontested airport you control, not")
    twice = refused(_d_moves({"D45": 3}), "2", "D45>>K45 D45>>K45")
    assert str(twice).startswith("D45>>K45: D45 must be an uncontested airport you control, not")


@pytest.mark.found_by_mutation
def test_2_a_move_that_brings_enemies_together_opens_the_aim_fire_stage() -> None:
    """§2, the cycle: moves, then aim fire for the players who have fire to aim. Before any
    unit is placed the view shows no totals and no one to fire; after player 1 moves next to
    player 2's unit (K10-K11, beside K12) both have fire to aim: the game asks for it and the
    view names both."""
    assert new_game("small-four-cities").view("1").data["totals"] == {}
    game = game_at("small-four-cities", units={"1": {"K10": 1}, "2": {"K12": 1}})
    view = game.view("1").data
    assert (view["totals"], view["fire_sides"]) == ({"1": 1, "2": 1}, [])
    game.submit("1", "K10-K11")
    game.submit("2", "pass")
    assert game.phase == "fire"
    assert game.view("2").data["fire_sides"] == ["1", "2"]


@pytest.mark.found_by_mutation
def test_2_5_a_captured_city_produces_after_five_complete_uncontested_cycles() -> None:
    """§2.5: "in unsymmetric games ... a player who captures a productive city receives
    production at that city in each cycle after he first possesses the city uncontested for
    five complete cycles"; "There is no production at a contested city" and a city changes
    hands only to uncontested units (§2.1). In the unequal game A captures B's productive C5
    in cycle 1 and holds it alone: cycles 2 to 6 are the five complete ones, so its first new
    unit comes at the end of cycle 7, one more at the end of cycle 8. B's C20, listed first,
    is contested by a unit of each side all along: it stays B's and produces nothing."""
    game = game_at("small-unequal", cities=[("C20", "2", True), ("C5", "2", True)],
                   units={"1": {"C4": 1, "C20": 1}, "2": {"C20": 1}})  # fmt: skip
    game.submit("1", "C4-C5")
    game.submit("2", "pass")
    on_c5 = []
    while game.pos.cycle <= 8:
        on_c5.append(units_of(game, "1")["C5"])
        game.submit("1", "pass")
        game.submit("2", "pass")
    assert on_c5 == [1, 1, 1, 1, 1, 1, 2]  # after cycles 1..7
    assert units_of(game, "1")["C5"] == 3  # after cycle 8
    assert (holder(game, "C20"), holder(game, "C5")) == ("2", "1")
    assert (units_of(game, "1")["C20"], units_of(game, "2")) == (1, {"C20": 1})
    told = [e.text for e in game.events() if e.kind == "city"]
    assert told == ["Cycle 1: player 1 captured the city C5 from player 2"]


@pytest.mark.found_by_mutation
def test_2_1_a_preassigned_city_of_player_1_has_its_airport_behind_it() -> None:
    """§2.1: "The field immediately behind (away from the center of the board) each city is an
    airport"; §2.0: "in certain variations ... the city positions are preassigned". A city of
    player 1 preassigned on K4 of the small board has its airport on K3, toward player 1's back
    boundary (row 1), not on K5: a unit of his on K3 may fly from it (§2.1)."""

    def preassign_k4(data: dict[str, Any]) -> None:
        data["preassigned_cities"] = (
            {"field": "K4", "owner": "1", "possessor": "1", "productive": False},
        )

    game = _put(_variant("small-four-cities", preassign_k4), {"1": {"K3": 1}, "2": {"K20": 1}})
    assert [(c["field"], c["airport"]) for c in game.view("2").data["cities"]] == [("K4", "K3")]
    game.submit("1", "K3>K10")
    game.submit("2", "pass")
    assert units_of(game, "1") == {"K10": 1}


@pytest.mark.found_at_call_site
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


@pytest.mark.found_at_call_site
def test_4_the_larger_force_wins_at_the_cycle_limit_whichever_player_it_is() -> None:
    game = game_at("small-unequal", units={"1": {"K5": 3}, "2": {"B5": 2}}, cycle=120)
    _cycle(game)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner == "1"


@pytest.mark.found_at_call_site
def test_2_5_a_preassigned_city_held_by_the_other_player_changed_hands_at_the_start() -> None:
    """§2.0 preassigned cities; §2.5: a city possessed by the player it does not belong to
    changed hands at cycle 0 (its delay runs from there)."""
    city = next(c for c in new_game("large-no-mans-land-city").pos.cities if c.owner == "2")
    assert (city.holder, city.changed) == ("1", 0)


@pytest.mark.found_at_call_site
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
