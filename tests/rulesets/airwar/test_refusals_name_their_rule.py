"""Each refusal of an air war order names the paragraph of seed 001 it enforces and carries the
order it refuses, checked at the game's ``submit``: a mutation that respelt a refusal's rule or
dropped the order once passed every test (docs/testing.md, "Mutation testing")."""

from __future__ import annotations

import pytest

from hexwar.rulesets.airwar.game import FIRE, AirwarGame

from .conftest import game_at, holder, new_game, refused, units_of

# Player 1's cities K4 (airport K3) and D4 (airport D3), player 2's K22 (airport K23).
CITIES = [("K4", "1", False), ("D4", "1", False), ("K22", "2", False)]


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
