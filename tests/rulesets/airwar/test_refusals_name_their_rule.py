"""Each refusal of an air war order names the paragraph of seed 001 it enforces and carries the
order it refuses, checked at the game's ``submit``: a mutation that respelt a refusal's rule or
dropped the order once passed every test (docs/testing.md, "Mutation testing")."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.airwar.game import FIRE, AirwarGame
from tests.rulesets.airwar.helpers import A39, CITIES, _d_moves, _transports, _unequal_units

from .conftest import game_at, holder, new_game, refused, units_of


def _game() -> AirwarGame:
    return game_at("small-four-cities", cities=CITIES, units={"1": {"K3": 3, "K6": 1},
                                                             "2": {"K18": 1}})  # fmt: skip


@pytest.mark.parametrize(
    ("order", "why"),
    [
        ("K6>K10", "K6 is not an uncontested airport you control with a unit on it"),
        ("K3>K10 K3>K12", "one flight per airport in each cycle"),
        ("K3>K21", "a flown unit may not land on or next to a city or airport the opponent"),
        ("K3>K23", "a flown unit may not land on or next to a city or airport the opponent"),
        ("K3>C16x2", "two units may be flown only to another airport you control"),
        ("K3>K3x2", "two units may be flown only to another airport you control"),
        ("K3>D3x3", "a flight carries one or two units"),
    ],
)
def test_2_1_every_flight_refusal_names_the_flight_rule(order: str, why: str) -> None:
    """§2.1: "If an airport is uncontested one unit may be transported (flown) to any field on
    the board with this exception; it can not be placed on any city, airport or fields
    adjacent to a city or airport controlled by the opponent. Two units may be flown from an
    uncontested airport to another airport controlled by the same player." K6 is no airport;
    K21 is next to the opponent's city K22 and K23 is its airport; C16 is no airport and K3 is
    the flight's own; and one flight from an airport in a cycle (ruling)."""
    refusal = refused(_game(), "1", order)
    assert refusal.rule == "§2.1 flights"
    assert why in str(refusal)


def test_2_1_the_boundary_flights_are_accepted() -> None:
    """§2.1, the other side of the boundaries above: two units from K3 to player 1's other
    airport D3, and one unit to K20, two fields from the opponent's city K22."""
    game = _game()
    game.submit("1", "K3>D3x2 K6-K7")
    game = _game()
    game.submit("1", "K3>K20")


@pytest.mark.parametrize(
    ("order", "what"),
    [
        ("K3>Z99", "flight"),
        ("Z99>K3", "flight"),
        ("K3-Z99", "move"),
        ("Z99-K3", "move"),
        ("K3>>Z99", "transport"),
        ("Z99>>K3", "transport"),
    ],
)
def test_a_bad_field_is_refused_with_the_order_it_is_in(order: str, what: str) -> None:
    """§3, the board: a field off the board is refused, naming the list it is in, and the
    refusal carries the order refused (what a front end shows beside the message)."""
    refusal = refused(_game(), "1", order)
    assert refusal.rule == "§3 the board"
    assert str(refusal).startswith(f"{what}: bad air war field 'Z99'")


def _announcing() -> tuple[AirwarGame, str]:
    """§3 small board rotated, before A's units: A's cities C5 C20 S5 S20, B's I4 I12 I20 M8."""
    game = new_game("small-unequal")
    game.submit("1", "cities C5 C20 S5 S20")
    game.submit("2", "cities I4 I12 I20 M8")
    units = "units " + " ".join([f"{c}{n}x3" for c in "HIJKLMN" for n in (9, 10)][:13]) + " H11"
    return game, units


def test_3_a_must_announce_its_unproductive_city_and_it_must_be_its_own() -> None:
    """§3: "At the beginning of the first cycle A announces which city is not productive." A
    that announces none is refused; so is A announcing C5, a city of B's (A's are I4, I12,
    I20 and M8); both refusals name that rule."""
    rule = "§3 unequal game: A announces its unproductive city"
    game, units = _announcing()
    missing = refused(game, "1", units)
    assert (missing.rule, missing.order is not None) == (rule, True)
    assert str(missing).startswith("announce which of your cities is not productive")
    not_mine = refused(game, "1", units + " unproductive C5")
    assert (not_mine.rule, not_mine.order is not None) == (rule, True)
    assert str(not_mine).startswith("C5 is not one of your cities")
    game.submit("1", units + " unproductive M8")


def test_2_1_no_flight_from_an_airport_without_a_unit_on_it() -> None:
    """§2.1: a unit is flown from an uncontested airport, so from one of your airports only
    while a unit stands on it: D3, player 1's empty airport, is refused under the flight rule
    (not merely as a move of units that are not there)."""
    refusal = refused(_game(), "1", "D3>K10")
    assert refusal.rule == "§2.1 flights"
    assert "D3 is not an uncontested airport you control with a unit on it" in str(refusal)


def test_2_3_a_unit_on_a_contested_field_adds_its_fire_to_the_fire_aimed_there() -> None:
    """§2.3: units on a contested field fire on it, "It takes two directed units of fire power
    to kill one enemy unit". Player 1's single unit on the contested K11 and the unit it aims
    from K10 make two units of fire: one of player 2's two units there dies; player 2's two
    units on K11 kill one of player 1's (the one on K11)."""
    game = game_at("small-four-cities", cities=CITIES, units={"1": {"K10": 1, "K11": 1},
                   "2": {"K11": 2, "K18": 1}}, phase=FIRE)  # fmt: skip
    game.submit("1", "K10@K11")
    game.submit("2", "pass")
    assert units_of(game, "2") == {"K11": 1, "K18": 1}
    assert units_of(game, "1") == {"K10": 1}


def test_2_1_a_city_taken_back_by_its_owner_is_recaptured() -> None:
    """§2.1: "A city is controlled by a player until the opponent has uncontested fighting
    units in the city". Player 1's city K4, held by player 2, is entered by player 1's unit
    alone: it changes hands back to its owner, announced as recaptured."""
    game = game_at("small-four-cities", cities=[("K4", "1", False, "2")],
                   units={"1": {"K5": 1}, "2": {"K18": 1}})  # fmt: skip
    game.submit("1", "K5-K4")
    game.submit("2", "pass")
    told = [e.text for e in game.events() if e.kind == "city"]
    assert told == ["Cycle 1: player 1 recaptured the city K4 from player 2"]
    assert holder(game, "K4") == "1"


def test_2_moves_in_the_aim_fire_stage_are_refused_naming_the_stage() -> None:
    """§2, the stages of the cycle: the aim-fire stage takes fire only; a move in it is refused
    (not dropped)."""
    game = game_at("small-four-cities", cities=CITIES, units={"1": {"K10": 1, "K11": 1},
                   "2": {"K11": 1, "K18": 1}}, phase=FIRE)  # fmt: skip
    refusal = refused(game, "1", "K10-K9")
    assert str(refusal) == (
        "moves cannot be ordered in the aim-fire stage [§2 stages of the cycle]"
    )


def test_3_b_may_not_fire_on_as_cities_for_five_complete_cycles() -> None:
    """§3: "B cannot attack A's cities for 5 complete cycles" -- aimed fire is an attack: in
    cycle 5 B's unit on I4 may not fire on A's unit in A's city I5 next to it (it may on A's
    unit on H4, outside the city)."""
    game = game_at("small-unequal", cities=[("I5", "1", True)], units={"1": {"I5": 1, "H4": 1},
                   "2": {"I4": 1}}, cycle=5, phase=FIRE)  # fmt: skip
    refusal = refused(game, "2", "I4@I5")
    assert refusal.rule == "§3 B cannot attack A's cities"
    assert str(refusal).startswith("I4@I5: you may not attack before cycle 6")


def _fire_game() -> AirwarGame:
    """Aim-fire stage: player 1 on K10 (2), the contested K11 (1) and K13; player 2 on K11,
    K12 and K18."""
    return game_at("small-four-cities", cities=CITIES, units={"1": {"K10": 2, "K11": 1, "K13": 1},
                   "2": {"K11": 1, "K12": 1, "K18": 1}}, phase=FIRE)  # fmt: skip


@pytest.mark.parametrize(
    ("order", "why"),
    [
        ("K9@K10", "you have no unit on K9"),
        ("K11@K12", "units on the contested field K11 must fire on it"),
        ("K10@K12", "fire reaches adjacent fields only"),
        ("K10@K11x3", "K10: 3 units fire but 2 are there"),
        ("K13@K12 K13@K14", "K13: 2 units fire but 1 are there"),
    ],
)
def test_2_3_every_aim_fire_refusal_names_the_fire_rule(order: str, why: str) -> None:
    """§2.3: "Any unit on an uncontested field may direct fire on any adjacent field but no
    further ... A unit can fire only once in each cycle", and units on a contested field fire
    on it."""
    refusal = refused(_fire_game(), "1", order)
    assert refusal.rule == "§2.3 aim fire"
    assert why in str(refusal)


@pytest.mark.parametrize(
    ("order", "why"),
    [
        ("K6-K7x2", "K6: 2 units ordered but 1 there"),
        ("K11-K10", "K10: 4 units of one colour after moving (at most three)"),
        ("K6-K8", "K6-K8: K8 is not adjacent to K6"),
    ],
)
def test_2_1_every_move_refusal_names_the_move_rule(order: str, why: str) -> None:
    """§2.1: "Each unit may be moved to an adjacent field, provided that at the end of the
    move there are no more than three units of the same color on any field"."""
    game = game_at("small-four-cities", cities=CITIES,
                   units={"1": {"K10": 3, "K11": 1, "K6": 1}, "2": {"K18": 1}})  # fmt: skip
    refusal = refused(game, "1", order)
    assert refusal.rule == "§2.1 moves"
    assert why in str(refusal)


A36 = A39.replace("H9x3 ", "")


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("order", "rule", "why"),
    [
        ("cities D22 K21 F16", "§3 (small board, as 3.1.2) number of cities",
         "place exactly 4 cities for player 2, not 3"),
        ("cities D22 K21 F16 P13", "§2.0 city placement",
         "P13 is not in player 2's territory (outside no-man's-land)"),
        ("cities K21 F16 P17 F18", "§2.0 city placement",
         "cities F16 and F18 are not separated by at least four fields"),
    ],
)  # fmt: skip
def test_2_0_every_city_placement_refusal_names_its_rule(order: str, rule: str, why: str) -> None:
    """§2.0: each player places the opponent's cities in the opponent's territory (row 13 of
    the small board is no-man's-land), "separated by at least four fields" (F16 and F18 are
    two apart); §3 small board: four cities each. Player 1 places player 2's."""
    refusal = refused(new_game("small-four-cities"), "1", order)
    assert refusal.rule == rule
    assert str(refusal) == f"{why} [{rule}]"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("order", "why"),
    [
        ("D45>>K45 D45>>K45 D45>>K45", "3 double transportations ordered, 2 left"),
        ("K30>>K45", "K30>>K45: K30 must be an uncontested airport you control, not flown from "
         "in this cycle"),
        ("D45>>J30", "D45>>J30: J30 is not the airport of one of your cities"),
    ],
)  # fmt: skip
def test_3_2_2_every_double_transportation_refusal_names_its_rule(order: str, why: str) -> None:
    """§3.2.2: "D has two double transportations: two units from one of his airports to
    another airport of his, one of them on to the city" -- more than the two left, from a
    field that is no airport of his, or to a field that is no airport of his, is refused."""
    refusal = refused(_transports(), "2", order)
    assert refusal.rule == "§3.2.2 D's double transportations"
    assert str(refusal) == f"{why} [§3.2.2 D's double transportations]"


@pytest.mark.found_by_mutation
def test_3_2_2_a_move_into_cs_territory_before_cycle_16_is_refused_with_its_order() -> None:
    """§3.2.2: D cannot attack C's territory for 15 cycles: in cycle 15 D's move J25-J24 (row
    24 is C's) is refused, naming the rule and the cycle he may from."""
    game = game_at("large-no-mans-land-city", units={"1": {"A1": 1}, "2": {"J25": 1}}, cycle=15)
    refusal = refused(game, "2", "J25-J24")
    assert refusal.rule == "§3.2.2 D cannot attack"
    assert str(refusal).startswith("J24: you may not attack before cycle 16")


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("phase", "order", "part", "stage"),
    [
        ("move", "cities K20", "cities", "the move stage"),
        ("move", "units K3", "units", "the move stage"),
        ("fire", "K10>K9", "flights", "the aim-fire stage"),
        ("fire", "K10>>K9", "transports", "the aim-fire stage"),
    ],
)
def test_2_each_part_of_an_order_out_of_its_stage_is_refused(
    phase: str, order: str, part: str, stage: str
) -> None:
    """§2, the stages of the cycle: cities and units are placed in the initial stage, flights
    and transportations belong to the move stage; each in another stage is refused, naming
    itself."""
    game = game_at("small-four-cities", units={"1": {"K10": 1, "K11": 1},
                   "2": {"K11": 1, "K18": 1}}, phase=phase)  # fmt: skip
    refusal = refused(game, "1", order)
    assert str(refusal) == f"{part} cannot be ordered in {stage} [§2 stages of the cycle]"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("side", "order", "rule", "why"),
    [
        ("2", "units A1 unproductive C5", "§2 stages of the cycle",
         "unproductive cannot be ordered in the initial stage (units)"),
        ("1", f"units {A39} unproductive M8", "§3 (small board rotated) number of units",
         "place all 40 units, not 39"),
        ("1", f"units H9x2 H09x2 {A36} unproductive M8", "§2.0 placement",
         "4 units on H9: no field may have more than three"),
        ("1", f"units A1 {A39} unproductive M8", "§2.0 placement",
         "A1: units are placed in your home territory only"),
        ("1", f"units H11 {A39} unproductive Z99", "§3 the board",
         "unproductive: bad air war field"),
        ("1", f"units Z99 {A39} unproductive M8", "§3 the board", "units: bad air war field"),
    ],
)  # fmt: skip
def test_2_0_every_unit_placement_refusal_names_its_rule(
    side: str, order: str, rule: str, why: str
) -> None:
    """§2.0: each player places all his units (40 in the unequal game of §3), at most three on
    a field (H9 given twice, as H9 and H09: 2 + 2), in his own territory (A1 is B's); only A
    (the "announced" rule of §3) names an unproductive city, B may not; a field off the board
    is refused naming the list it is in. Each refusal names its rule and carries the order."""
    refusal = refused(_unequal_units(), side, order)
    assert refusal.rule == rule
    assert str(refusal).startswith(why)


@pytest.mark.found_by_mutation
def test_3_2_2_d_firing_into_cs_territory_before_cycle_16_names_its_rule() -> None:
    """§3.2.2: D cannot attack C's territory for 15 cycles; aimed fire is an attack: in cycle
    15 D's unit on J25 may not fire on C's unit on J24 (row 24 is C's; it may on C's unit on
    K25, in D's territory), refused under the rule of D's territory (not B's cities of the
    unequal game)."""
    game = game_at("large-no-mans-land-city", units={"1": {"J24": 1, "K25": 1}, "2": {"J25": 1}},
                   cycle=15, phase="fire")  # fmt: skip
    refusal = refused(game, "2", "J25@J24")
    assert refusal.rule == "§3.2.2 D cannot attack"
    assert str(refusal).startswith("J25@J24: you may not attack before cycle 16")


@pytest.mark.found_by_mutation
def test_3_b_moving_into_as_city_in_the_first_five_cycles_names_its_rule() -> None:
    """§3: "B cannot attack A's cities for 5 complete cycles": in cycle 5 B's move from I4 into
    A's city I5 is refused under that rule."""
    game = game_at("small-unequal", cities=[("I5", "1", True)], units={"1": {"H4": 1},
                   "2": {"I4": 1}}, cycle=5)  # fmt: skip
    refusal = refused(game, "2", "I4-I5")
    assert refusal.rule == "§3 B cannot attack A's cities"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("side", "cities", "why"),
    [
        ("1", "cities D46 K46 D40 K40 R40 H34 R34",
         "exactly 3 cities must be separated by 3 fields from player 2's back boundary (these "
         "are the productive ones); 2 are"),
        ("2", "cities D4 K5 R4 D10 K12 R10",
         "exactly 4 cities must be separated by 3 or 4 fields from player 1's back boundary "
         "(these are the productive ones); 3 are"),
    ],
)  # fmt: skip
def test_3_2_1_the_productive_cities_refusal_gives_their_distance_and_carries_the_order(
    side: str, cities: str, why: str
) -> None:
    """§3.2.1: "Player A receives production in 4 cities which must be placed so that they are
    separated from his back boundary by three or four fields. Player B receives production in 3
    cities which must be placed so that they are separated from his back boundary by three
    fields." Player 2's (B's) back boundary is behind row 49, so row 46 is three fields from
    it: D46 and K46 make two, not three. Player 1's (A's) is before row 1: rows 4 and 5 are
    three and four fields from it, D4, K5 and R4 three cities, not four."""
    refusal = refused(new_game("large-unequal"), side, cities)
    assert refusal.rule == "§3.2.1 productive cities"
    assert str(refusal) == f"{why} [§3.2.1 productive cities]"


@pytest.mark.found_by_mutation
def test_3_the_two_back_cities_tied_with_a_third_are_refused() -> None:
    """§3, small board as §3.1.2: "the two back cities are the only ones gaining production".
    Player 2's back boundary is behind row 25: D22 is three fields from it, K21 and R21 four
    each, F16 nine. The second back city is not one city (K21 and R21 tie), so the placement
    is refused, naming both places and the distance, and carrying the order."""
    refusal = refused(new_game("small-four-cities"), "1", "cities D22 K21 R21 F16")
    assert refusal.rule == "§3 (small board, as 3.1.2) productive cities"
    assert str(refusal).startswith(
        "the 2 cities nearest player 2's back boundary are the productive ones, but the 2nd "
        "and 3rd are equally near it (4 fields)"
    )


@pytest.mark.found_by_mutation
def test_3_2_2_d_moving_into_cs_territory_beside_a_double_transportation_is_refused() -> None:
    """§3.2.2: "D can not attack for 15 cycles" (C's territory) and "D is allowed two double
    transportations": in cycle 1 D's move J25-J24 (row 24 is C's) is refused whatever else he
    orders with it, here a double transportation from D45 to K45 (his own city's airport)."""
    refusal = refused(_d_moves({"J25": 1, "D45": 2}), "2", "J25-J24 D45>>K45")
    assert refusal.rule == "§3.2.2 D cannot attack"
    assert str(refusal).startswith("J24: you may not attack before cycle 16")


@pytest.mark.found_at_call_site
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


@pytest.mark.found_at_call_site
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
