"""Air war rules that a mutation of the rules once changed without failing a test, each checked
at the game's ``submit``, at its boundary (docs/testing.md, "Mutation testing"). Seed 001."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hexwar.core import registry
from hexwar.rulesets.airwar.game import FIRE, AirwarGame
from hexwar.rulesets.airwar.placement import position_from_view
from hexwar.rulesets.airwar.rules import City
from hexwar.sessions import resolve_scenario

from .conftest import game_at, holder, new_game, refused, units_of

# -- §2.0 and §3 city placements ------------------------------------------------------------


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


def test_3_2_2_the_nearest_city_three_fields_from_the_back_boundary() -> None:
    """§3.2.2: D's (and C's) nearest cities are three fields from the back boundary. On the
    large board player 2's back boundary is behind row 49: row 46 is three fields from it
    (47, 48, 49), row 45 four. Cities all on rows 45 and nearer the middle are refused under
    §3.2.2 city placement; the same with the back row at 46 is accepted."""
    game = new_game("large-no-mans-land-city")
    refusal = refused(game, "1", "cities D45 K45 R45 H40 D35 R35")
    assert refusal.rule == "§3.2.2 city placement"
    assert str(refusal).startswith(
        "the cities nearest player 2's back boundary must be separated from it by 3 fields "
        "(the nearest is 4)"
    )
    game.submit("1", "cities D46 K46 R46 H40 D35 R35")


def test_3_1_1_the_near_each_boundary_rule_for_player_1s_cities() -> None:
    """§3.1.1: one city two or three fields from each boundary, for player 1's cities (placed
    by player 2) as for player 2's. Player 1's back boundary is before row 1, the middle one in
    row 13: C4 is 3 fields from the back and 2 from the left edge (columns A, B), S10 3 from
    the middle (11, 12 and half of 13) and 2 from the right edge (T, U): accepted. With S7
    (6 from the middle) for S10 no city is near the middle boundary: refused, naming
    player 1's middle boundary and the rule."""
    game = new_game("small-three-cities")
    refusal = refused(game, "2", "cities C4 K7 S7")
    assert refusal.rule == "§3.1.1 one city near each boundary"
    assert str(refusal).startswith("no city is separated from player 1's middle boundary")
    game.submit("2", "cities C4 K7 S10")
    game.submit("1", "cities C22 K19 S16")
    fields = {c["field"]: c["owner"] for c in game.view("1").data["cities"]}
    assert fields == {"C4": "1", "K7": "1", "S10": "1", "C22": "2", "K19": "2", "S16": "2"}


def test_3_every_city_productive_under_the_nearest_rule() -> None:
    """§3 small board (as §3.1.2): the cities nearest the back boundary produce; when a variant
    makes every city productive (4 of 4) there is no fifth city to tie with the fourth, so
    any placement is accepted and all four produce."""
    resolved = resolve_scenario("airwar/small-four-cities")
    data = resolved.scenario.model_dump()
    data["players"]["2"]["productive"] = 4
    scenario = type(resolved.scenario).model_validate(data)
    game = registry.get("airwar").new_game(scenario, seed=1, scenario_id="all-nearest")
    assert isinstance(game, AirwarGame)
    game.submit("1", "cities D22 K22 R22 F16")  # D22, K22, R22 equally near the back
    game.submit("2", "cities D4 K4 F10 P9")
    productive = {c["field"] for c in game.view("2").data["cities"] if c["productive"]}
    assert {"D22", "K22", "R22", "F16"} <= productive


# -- §2.1 moves and §3.2.2 double transportations ----------------------------------------------


def _transports() -> AirwarGame:
    """Large board, §3.2.2: D (player 2) owns K44 (airport K45) and D44 (airport D45), three
    units on D45, two double transportations."""
    return game_at("large-no-mans-land-city", cities=[("K44", "2", False), ("D44", "2", False)],
                   units={"1": {"A1": 1}, "2": {"D45": 3}})  # fmt: skip


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


def test_3_2_2_no_double_transportation_once_both_are_used() -> None:
    """§3.2.2: with none left (both used) the next is refused, naming the rule."""
    game = _transports()
    game.pos.transports_left["2"] = 0
    refusal = refused(game, "2", "D45>>K45")
    assert refusal.rule == "§3.2.2 D's double transportations"
    assert str(refusal).startswith("D45>>K45: no double transportation left")


def test_3_2_2_a_move_into_cs_territory_before_cycle_16_is_refused_with_its_order() -> None:
    """§3.2.2: D cannot attack C's territory for 15 cycles: in cycle 15 D's move J25-J24 (row
    24 is C's) is refused, naming the rule and the cycle he may from."""
    game = game_at("large-no-mans-land-city", units={"1": {"A1": 1}, "2": {"J25": 1}}, cycle=15)
    refusal = refused(game, "2", "J25-J24")
    assert refusal.rule == "§3.2.2 D cannot attack"
    assert str(refusal).startswith("J24: you may not attack before cycle 16")


# -- the full run's survivors (docs/testing.md, "Full runs") ---------------------------------


def test_2_0_a_new_game_opens_with_its_setup_and_hashes_its_state() -> None:
    """§2.0, the initial stage: the game's log opens with the setup (the variant and its board)
    told to both players, and the position before any order already has a state hash (the
    stage, the cycle, no cities, no units, no side to fire)."""
    game = new_game("small-four-cities")
    first = game.events()[0]
    assert first.kind == "setup"
    assert first.text.endswith("on the small board")
    assert len(game.state_hash()) == 64


def test_2_1_a_city_entered_by_the_opponent_is_captured_and_told() -> None:
    """§2.1: "A city is controlled by a player until the opponent has uncontested fighting
    units in the city": player 2's unit moves alone into player 1's city K4. The event says it
    was captured (not recaptured: K4 is not player 2's own) and names the city and its new
    holder."""
    game = game_at("small-four-cities", cities=[("K4", "1", False)],
                   units={"1": {"K18": 1}, "2": {"K5": 1}})  # fmt: skip
    game.submit("1", "pass")
    game.submit("2", "K5-K4")
    (told,) = [e for e in game.events() if e.kind == "city"]
    assert told.text == "Cycle 1: player 2 captured the city K4 from player 1"
    assert told.data == {"city": "K4", "holder": "2"}
    assert holder(game, "K4") == "2"


def test_3_the_placed_units_and_the_announced_city_are_told() -> None:
    """§2.0 and §3 (the unequal game): each player's placement is told as a `units` event
    with its side; A's announcement of its unproductive city as an `announce` event with the
    side and the city (M8)."""
    game = new_game("small-unequal")
    game.submit("1", "cities C5 C20 S5 S20")
    game.submit("2", "cities I4 I12 I20 M8")
    a = "units " + " ".join([f"{c}{n}x3" for c in "HIJKLMN" for n in (9, 10)][:13]) + " H11"
    game.submit("1", a + " unproductive M8")
    game.submit("2", "units " + " ".join(f"A{n}x3" for n in range(1, 14)) + " B1")
    told = [(e.kind, e.data) for e in game.events() if e.kind in ("units", "announce")]
    assert told == [
        ("units", {"side": "1"}),
        ("announce", {"side": "1", "city": "M8"}),
        ("units", {"side": "2"}),
    ]


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


def _d_moves(units: dict[str, int]) -> AirwarGame:
    """Large board, §3.2.2: D (player 2) owns K44 (airport K45) and D44 (airport D45), with
    ``units``; two double transportations left."""
    return game_at("large-no-mans-land-city", cities=[("K44", "2", False), ("D44", "2", False)],
                   units={"1": {"A1": 1}, "2": units})  # fmt: skip


def test_3_2_2_a_double_transportation_takes_two_units_and_stacks_them_where_they_land() -> None:
    """§3.2.2: a double transportation flies two units from D45 to the airport K45, one of
    them on to its city K44. With two units on D45, one already on K45 and on K44: D45 is left
    empty, K45 and K44 hold two each; a unit moving from D47 onto D46's one makes two there."""
    game = _d_moves({"D45": 2, "K45": 1, "K44": 1, "D46": 1, "D47": 1})
    game.submit("2", "D45>>K45 D47-D46")
    game.submit("1", "pass")
    assert units_of(game, "2") == {"D46": 2, "K44": 2, "K45": 2}


FOUR = "4 units of one colour after moving (at most three)"


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


def _unequal_units() -> AirwarGame:
    """§3 small board rotated, before the units: A's (player 1's) cities I4 I12 I20 M8, B's
    C5 C20 S5 S20."""
    game = new_game("small-unequal")
    game.submit("1", "cities C5 C20 S5 S20")
    game.submit("2", "cities I4 I12 I20 M8")
    return game


# 39 of A's units, three on each of 13 fields of its home territory; H9 holds 3 of them
A39 = " ".join(f"{c}{n}x3" for c, n in zip("HHIIJJKKLLMMN", (9, 10) * 7, strict=False))
A36 = A39.replace("H9x3 ", "")


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


def test_3_b_moving_into_as_city_in_the_first_five_cycles_names_its_rule() -> None:
    """§3: "B cannot attack A's cities for 5 complete cycles": in cycle 5 B's move from I4 into
    A's city I5 is refused under that rule."""
    game = game_at("small-unequal", cities=[("I5", "1", True)], units={"1": {"H4": 1},
                   "2": {"I4": 1}}, cycle=5)  # fmt: skip
    refusal = refused(game, "2", "I4-I5")
    assert refusal.rule == "§3 B cannot attack A's cities"


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


@pytest.mark.parametrize(
    ("phase", "order", "what"),
    [("cities", "cities Z99 K21 F16 P17", "cities"), ("fire", "Z99@K11", "fire"),
     ("fire", "K10@Z99", "fire")],
)  # fmt: skip
def test_3_a_bad_field_in_a_placement_or_a_fire_order_names_its_list(
    phase: str, order: str, what: str
) -> None:
    """§3, the board: a field off the board in a city placement or an aimed fire is refused,
    naming the list it is in and carrying the order."""
    game = (
        new_game("small-four-cities")
        if phase == "cities"
        else game_at("small-four-cities", units={"1": {"K10": 2}, "2": {"K11": 1}}, phase=FIRE)
    )
    refusal = refused(game, "1", order)
    assert refusal.rule == "§3 the board"
    assert str(refusal).startswith(f"{what}: bad air war field 'Z99'")


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


# -- the full run's last open survivors (docs/testing.md, "Full runs": air war) ----------------


def _no_mans_land_city() -> AirwarGame:
    """§3.2.2 on the large board after the cities: C (player 1) holds K25 in no-man's-land;
    K25's adjacent fields are K25 itself, J25 and L25 (no-man's-land, row 25), J24 and K24
    (C's territory, rows 1-24) and J26 and K26 (D's, rows 26-49)."""
    game = new_game("large-no-mans-land-city")
    game.submit("1", "cities D46 K46 R46 H40 D35 R35")
    game.submit("2", "cities D4 K4 R4 D15 K15 R15")
    return game


# C's 60 units away from K25: three on each of 20 fields of rows 2-6; D's 57: three on each of
# 19 fields of rows 40-42, at least 13 moves from K25
C_FAR = " ".join([f"{c}{r}x3" for r in (2, 3, 5, 6) for c in "ABCDEFGHIJKLMNOPQRSTU"][:20])
D_FAR = " ".join([f"{c}{r}x3" for r in (40, 41, 42) for c in "ABCDEFG"][:19])


@pytest.mark.parametrize(
    ("side", "units", "rule", "why"),
    [
        ("1", f"K25x3 J25x3 L25x3 K26 {C_FAR}", "§2.0 placement",
         "K26: units are placed in your home territory only [§2.0 placement]"),
        ("2", f"{D_FAR} J25x3", "§2.0 placement",
         "J25: units are placed in your home territory only (never in no-man's-land) "
         "[§2.0 placement]"),
        ("2", f"{D_FAR} K27x3", "§3.2.2 placement",
         "K27 is closer than 3 moves to the city K25 [§3.2.2 placement]"),
        ("1", f"K25x3 J25x3 L25x3 {C_FAR} A7", "§3.2.2 placement",
         "exactly 10 units must be adjacent to the city K25 (9 are) [§3.2.2 placement]"),
    ],
)  # fmt: skip
def test_3_2_2_the_units_beside_the_city_in_no_mans_land(
    side: str, units: str, rule: str, why: str
) -> None:
    """§3.2.2: C "must have exactly 10 fighting units adjacent to" K25 -- in no-man's-land
    beside it, as §2.0 otherwise forbids, but not in D's territory (K26 is D's: "each player
    places his units at will in his home territory", §2.0); D "cannot place units closer than
    3 moves from the city in no-man's-land", and no-man's-land beside it (J25) is refused him
    under §2.0 (he has no ten units to place there). Nine units beside K25 (K25, J25, L25 three
    each, the tenth on A7) are not ten. Each refusal names its rule and carries its order."""
    refusal = refused(_no_mans_land_city(), side, f"units {units}")
    assert refusal.rule == rule
    assert str(refusal) == why


def test_3_rotated_a_must_announce_its_unproductive_city_with_the_orders_word() -> None:
    """§3, the unequal game: "At the beginning of the first cycle A announces which city is not
    productive"; A's placement without it is refused, telling him what to write
    (``unproductive FIELD``)."""
    refusal = refused(_unequal_units(), "1", f"units H11 {A39}")
    assert str(refusal) == (
        "announce which of your cities is not productive (unproductive FIELD) "
        "[§3 unequal game: A announces its unproductive city]"
    )


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


def test_2_5_the_summary_counts_what_was_placed_transports_left_and_contested_cities() -> None:
    """The umpire's summary (``hexwar run --json``): before the units are placed (§2.0) none
    are counted as placed, so that placed + produced - lost is the 0 units on the board; D's
    two double transportations (§3.2.2) counted down as he uses one, C has none; a city with
    units of both players on it is contested (§2.1)."""
    fresh = new_game("small-four-cities").summary()
    assert [(s["units"], s["units_placed"]) for s in fresh["sides"].values()] == [(0, 0), (0, 0)]
    game = _d_moves({"D45": 2})
    left = game.summary()["sides"]
    assert (left["1"]["double_transports_left"], left["2"]["double_transports_left"]) == (0, 2)
    game.submit("2", "D45>>K45")
    game.submit("1", "pass")
    assert game.summary()["sides"]["2"]["double_transports_left"] == 1
    game = game_at("small-four-cities", cities=[("K4", "1")],
                   units={"1": {"K4": 1}, "2": {"K4": 1}})  # fmt: skip
    (k4,) = game.summary()["cities"]
    assert k4["contested"] is True


def _variant(name: str, change: Callable[[dict[str, Any]], None]) -> AirwarGame:
    """A new game of the bundled variant ``name`` with ``change`` made to its scenario data."""
    resolved = resolve_scenario(f"airwar/{name}")
    data = resolved.scenario.model_dump()
    change(data)
    scenario = type(resolved.scenario).model_validate(data)
    game = registry.get("airwar").new_game(scenario, seed=1, scenario_id=f"{name}-changed")
    assert isinstance(game, AirwarGame)
    return game


def _put(game: AirwarGame, units: dict[str, dict[str, int]], cycle: int = 1) -> AirwarGame:
    """``game`` at the move stage of ``cycle`` with ``units`` (its cities as they are)."""
    geo = game.pos.geo
    game.pos.units = {s: {geo.parse(f): n for f, n in units.get(s, {}).items()} for s in "12"}
    game.pos.cycle = cycle
    game.phase = "move"
    return game


@pytest.mark.parametrize(
    ("possessor", "expected"), [("1", [1, 1, 1, 1, 1, 2, 3, 3]), ("2", [2, 3])]
)
def test_3_2_2_the_city_in_no_mans_land_counts_as_captured_by_c_from_the_start(
    possessor: str, expected: list[int]
) -> None:
    """§3.2.2: K25 "is considered captured by one player, say C"; §2.5: "in unsymmetric games
    ... a player who captures a productive city receives production at that city in each cycle
    after he first possesses the city uncontested for five complete cycles". Made productive,
    K25 is C's capture before the first cycle: he holds it alone with one unit through cycles 1
    to 5, the five complete ones, so his first new unit there comes at the end of cycle 6, the
    next at the end of cycle 7 (then three stand on it: no more, §2.5). Given to its owner D
    instead (a preassigned city its owner possesses, never captured), it produces for him from
    the first cycle: a unit at the end of cycles 1 and 2."""

    def productive_k25(data: dict[str, Any]) -> None:
        data["preassigned_cities"][0].update(productive=True, possessor=possessor)

    far = "A49" if possessor == "1" else "A1"  # the other player's one unit, far away
    game = _put(_variant("large-no-mans-land-city", productive_k25),
                {possessor: {"K25": 1}, "12".replace(possessor, ""): {far: 1}})  # fmt: skip
    on_k25 = []
    while len(on_k25) < len(expected):
        game.submit("1", "pass")
        game.submit("2", "pass")
        on_k25.append(units_of(game, possessor)["K25"])
    assert on_k25 == expected  # after cycles 1, 2, ...
    assert holder(game, "K25") == possessor


def test_3_a_barred_player_1_may_not_attack_player_2s_cities() -> None:
    """§3: "B cannot attack A's cities for 5 complete cycles", with the roles the other way
    round (the scenario bars player 1, A, from player 2's cities): in cycle 5 A's move from C4
    into B's city C5 is refused; his move from I4 onto his own city I5 is not an attack."""

    def bar_player_1(data: dict[str, Any]) -> None:
        data["players"]["1"].update(no_attack_cycles=5, no_attack="cities")
        data["players"]["2"].update(no_attack_cycles=0)

    game = _put(_variant("small-unequal", bar_player_1),
                {"1": {"C4": 1, "I4": 1}, "2": {"U25": 1}}, cycle=5)  # fmt: skip
    geo = game.pos.geo
    for field, owner in (("C5", "2"), ("I5", "1")):
        h = geo.parse(field)
        airport = geo.airport_of(h, owner)
        assert airport is not None
        game.pos.cities.append(City(h, airport, owner, True, owner))
    refusal = refused(game, "1", "C4-C5")
    assert str(refusal).startswith("C5: you may not attack before cycle 6")
    game.submit("1", "I4-I5")


def test_2_2_a_field_left_by_its_units_is_no_longer_shown() -> None:
    """§2.1-§2.3: after the moves every player sees where the units stand (§2.2); a field its
    units left holds none, so it is not listed. Player 1's K10 moves next to player 2's K12
    (K11): the aim-fire stage opens, and player 1 stands on K9 and K11, not on K10."""
    game = game_at("small-four-cities", units={"1": {"K9": 1, "K10": 1}, "2": {"K12": 1}})
    game.submit("1", "K10-K11")
    game.submit("2", "pass")
    assert game.phase == FIRE
    assert game.view("2").data["units"]["1"] == {"K9": 1, "K11": 1}


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


def test_3_2_2_d_moving_into_cs_territory_beside_a_double_transportation_is_refused() -> None:
    """§3.2.2: "D can not attack for 15 cycles" (C's territory) and "D is allowed two double
    transportations": in cycle 1 D's move J25-J24 (row 24 is C's) is refused whatever else he
    orders with it, here a double transportation from D45 to K45 (his own city's airport)."""
    refusal = refused(_d_moves({"J25": 1, "D45": 2}), "2", "J25-J24 D45>>K45")
    assert refusal.rule == "§3.2.2 D cannot attack"
    assert str(refusal).startswith("J24: you may not attack before cycle 16")


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
