"""The boards (§3) and the special rules of each variant (§3.1.1-§3.2.2, the small boards),
each case a position, sealed orders and the expected result, naming its paragraph."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core import registry
from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.airwar.board import geometry
from hexwar.rulesets.airwar.game import FIRE, AirwarGame
from hexwar.rulesets.airwar.rules import City
from hexwar.sessions import resolve_scenario
from tests.rulesets.airwar.helpers import A39, _d_moves, _put, _transports, _unequal_units, _variant

from .conftest import game_at, holder, new_game, refused, units_of

# -- §3 boards ---------------------------------------------------------------------------


def test_3_the_large_board_has_49_rows_and_21_columns() -> None:
    geo = geometry("large")
    assert len(geo.fields) == 49 * 21
    assert {geo.row(h) for h in geo.no_mans_land} == {25}
    assert {geo.row(h) for h in geo.home["1"]} == set(range(1, 25))
    assert {geo.row(h) for h in geo.home["2"]} == set(range(26, 50))


def test_3_the_small_board_has_25_rows_and_21_columns() -> None:
    geo = geometry("small")
    assert len(geo.fields) == 25 * 21
    assert {geo.row(h) for h in geo.no_mans_land} == {13}


def test_3_rotated_board_territories_and_no_mans_land() -> None:
    # A: the middle nine horizontal rows (G-O); B: six at each end; no-man's-land the four
    # rows beside the two common boundaries (F, G, O, P); units never go there
    geo = geometry("small_rotated")
    letters = {s: {geo.label(h)[0] for h in geo.home[s]} for s in "12"}
    assert letters["1"] == set("HIJKLMN")
    assert letters["2"] == set("ABCDE") | set("QRSTU")
    assert {geo.label(h)[0] for h in geo.no_mans_land} == set("FGOP")


def test_3_rotated_board_airports_are_beside_the_cities_toward_the_centre() -> None:
    geo = geometry("small_rotated")
    assert geo.label(geo.airport_of(geo.parse("C5"), "2")) == "C6"  # type: ignore[arg-type]
    assert geo.label(geo.airport_of(geo.parse("R20"), "2")) == "R19"  # type: ignore[arg-type]


def test_2_1_adjacent_fields_coincide_or_share_a_boundary() -> None:
    geo = geometry("small")
    k5 = geo.parse("K5")
    assert {geo.label(h) for h in geo.adjacent(k5)} == {"K5", "J5", "L5", "J4", "K4", "J6", "K6"}
    corner = geo.parse("A1")
    assert {geo.label(h) for h in geo.adjacent(corner)} == {"A1", "B1", "A2"}


# -- §3.1.1 one city near each boundary --------------------------------------------------


def test_3_1_1_a_city_two_or_three_fields_from_each_boundary() -> None:
    game = new_game("small-three-cities")
    with pytest.raises(IllegalOrderError, match=r"middle boundary.*§3.1.1"):
        game.submit("1", "cities C22 K19 S19")
    game.submit("1", "cities C22 K19 S16")  # C22: back and left; S16: middle and right


# -- §3.1.2 exactly three productive cities -----------------------------------------------


def test_3_1_2_exactly_three_cities_three_or_four_fields_from_the_back_boundary() -> None:
    game = new_game("large-three-cities")
    with pytest.raises(IllegalOrderError, match=r"exactly 3 cities.*§3.1.2 productive"):
        game.submit("1", "cities D46 K46 R40 D35 K35 R33")
    game.submit("1", "cities D46 K45 R46 D35 K35 R35")
    game.submit("2", "cities D4 K5 R4 D15 K15 R15")
    productive = {c["field"] for c in game.view("1").data["cities"] if c["productive"]}
    assert productive == {"D46", "K45", "R46", "D4", "K5", "R4"}


def test_3_1_2_the_near_each_boundary_rule_of_3_1_1_does_not_carry_over() -> None:
    """Ruling 24: "the same as 3.1.1 except that exactly three cities must be placed ..." -- the
    exception replaces 3.1.1's placement sentence, so no city need stand two or three fields
    from the middle boundary (the nearest here is ten fields from it); with the scenario's
    edge_rule switched on the same placement is refused by §3.1.1's rule."""
    placement = "cities D46 K45 R46 D35 K35 R35"
    new_game("large-three-cities").submit("1", placement)
    resolved = resolve_scenario("airwar/large-three-cities")
    data = resolved.scenario.model_dump()
    data["players"]["2"]["edge_rule"] = True
    scenario = type(resolved.scenario).model_validate(data)
    game = registry.get("airwar").new_game(scenario, seed=1, scenario_id="edge-rule")
    with pytest.raises(IllegalOrderError, match=r"middle boundary.*§3.1.1"):
        game.submit("1", placement)


def test_3_small_board_four_cities_the_two_back_cities_produce() -> None:
    game = new_game("small-four-cities")
    with pytest.raises(IllegalOrderError, match=r"equally near"):
        game.submit("1", "cities D22 K22 R22 F16")
    game.submit("1", "cities D22 K21 F16 P17")
    game.submit("2", "cities D4 K4 F10 P9")
    productive = {c["field"] for c in game.view("2").data["cities"] if c["productive"]}
    assert productive == {"D22", "K21", "D4", "K4"}


# -- §3.2.1 ------------------------------------------------------------------------------


def test_3_2_1_b_productive_cities_exactly_three_fields_from_his_back_boundary() -> None:
    game = new_game("large-unequal")
    with pytest.raises(IllegalOrderError, match=r"§3.2.1 productive"):
        game.submit("1", "cities D46 K45 R46 D35 K35 R35 H40")  # K45 is four fields away
    game.submit("1", "cities D46 K46 R46 D35 K35 R35 H40")


# -- §3.2.2 ------------------------------------------------------------------------------

D_CITY = ("K44", "2", True)  # airport K45
D_CITY2 = ("D44", "2", True)  # airport D45


def test_3_2_2_the_city_in_no_mans_land_is_held_by_c_its_airport_opposite_c() -> None:
    game = new_game("large-no-mans-land-city")
    (city,) = game.view("1").data["cities"]
    assert city == {
        **city,
        "field": "K25",
        "airport": "K26",
        "owner": "2",
        "holder": "1",
        "productive": False,
    }


def test_3_2_2_c_more_cities_and_men_fewer_production_starts_with_70_units_d_with_60() -> None:
    # §3.2.2 gives no counts: ten a city held (§1) and "more cities and more men, but fewer
    # production" (§3) give C, holding seven cities, 70 and D, holding six, 60 (ruling 23)
    game = new_game("large-no-mans-land-city")
    players = game.scenario.players
    assert (players["1"].units, players["2"].units) == (70, 60)
    assert (players["1"].productive, players["2"].productive) == (3, 4)
    held = 1 + players["1"].cities  # K25 and the six placed for him
    assert players["1"].units == 10 * held
    assert players["2"].units == 10 * players["2"].cities


def test_3_2_2_c_has_exactly_ten_units_adjacent_to_the_city() -> None:
    game = new_game("large-no-mans-land-city")
    game.submit("1", "cities D46 K46 R46 H40 D35 R35")
    game.submit("2", "cities D4 K4 R4 D15 K15 R15")
    far = [f"{c}{r}x3" for r in (2, 3, 5, 6) for c in "ABCDEFGHIJKLMNOPQRSTU"][:20]
    with pytest.raises(IllegalOrderError, match=r"exactly 10 units.*\(9 are\).*§3.2.2"):
        game.submit("1", f"units K25x3 J25x3 L25x3 {' '.join(far)} A7x1")
    game.submit("1", f"units K25x3 J25x3 L25x3 K24 {' '.join(far)}")


def test_3_2_2_d_places_no_unit_closer_than_three_moves_to_the_city() -> None:
    game = new_game("large-no-mans-land-city")
    game.submit("1", "cities D46 K46 R46 H40 D35 R35")
    game.submit("2", "cities D4 K4 R4 D15 K15 R15")
    far = " ".join([f"{c}{r}x3" for r in (40, 41, 42) for c in "ABCDEFG"][:19])
    with pytest.raises(IllegalOrderError, match=r"K27 is closer than 3 moves.*§3.2.2"):
        game.submit("2", f"units {far} K27x3")
    game.submit("2", f"units {far} K28x3")


def test_3_2_2_d_cannot_attack_cs_territory_for_15_cycles() -> None:
    units = {"1": {"A1": 1}, "2": {"J25": 1, "J26": 2}}
    game = game_at("large-no-mans-land-city", units=units, cycle=15)
    with pytest.raises(IllegalOrderError, match=r"§3.2.2 D cannot attack"):
        game.submit("2", "J25-J24")
    game.submit("2", "J26-K25")  # he may attack the city in no-man's-land
    game = game_at("large-no-mans-land-city", units=units, cycle=16)
    game.submit("2", "J25-J24")


def test_3_2_2_d_cannot_fire_into_cs_territory_for_15_cycles() -> None:
    units = {"1": {"J24": 1}, "2": {"J25": 2}}
    game = game_at("large-no-mans-land-city", units=units, cycle=3, phase=FIRE)
    assert game.decision() is not None  # type: ignore[union-attr]
    assert game.decision().sides == {"1"}


def test_3_2_2_d_has_two_double_transportations_one_unit_on_to_the_city() -> None:
    game = game_at(
        "large-no-mans-land-city",
        cities=[("K44", "2", False), ("D44", "2", False)],
        units={"1": {"A1": 1}, "2": {"D45": 3}},
    )
    game.submit("2", "D45>>K45")
    game.submit("1", "pass")
    assert units_of(game, "2") == {"D45": 1, "K44": 1, "K45": 1}
    assert game.pos.transports_left["2"] == 1
    with pytest.raises(IllegalOrderError, match=r"§3.2.2 D's double transportations"):
        game.submit("1", "A1>>K45")  # C has none


def test_3_2_2_d_produces_even_with_three_units_on_a_productive_city() -> None:
    game = game_at(
        "large-no-mans-land-city", cities=[D_CITY], units={"1": {"A1": 1}, "2": {"K44": 3}}
    )
    game.submit("1", "pass")
    game.submit("2", "pass")
    assert units_of(game, "2") == {"K44": 4}
    with pytest.raises(IllegalOrderError, match=r"4 units of one colour"):
        game.submit("2", "pass")  # the fourth must move off
    game.submit("2", "K44-K43")


# -- §3 small board rotated -----------------------------------------------------------------


def test_3_rotated_a_announces_its_unproductive_city() -> None:
    game = new_game("small-unequal")
    game.submit("1", "cities C5 C20 S5 S20")
    game.submit("2", "cities I4 I12 I20 M8")
    units = "units " + " ".join([f"{c}{n}x3" for c in "HIJKLMN" for n in (9, 10)][:13]) + " H11"
    with pytest.raises(IllegalOrderError, match=r"A announces its unproductive city"):
        game.submit("1", units)
    game.submit("1", units + " unproductive M8")
    b_units = " ".join([f"{c}{n}x3" for c in "ABCDE" for n in (10, 11, 12)][:13])
    game.submit("2", f"units {b_units} A9")
    flags = {c["field"]: c["productive"] for c in game.view("2").data["cities"]}
    assert flags["M8"] is False
    assert flags["I4"] is True
    assert flags["C5"] is True


def test_3_rotated_b_cannot_attack_as_cities_for_five_complete_cycles() -> None:
    cities = [("I5", "1", True)]  # airport I6
    units = {"1": {"K12": 1}, "2": {"I4": 1}}
    game = game_at("small-unequal", cities=cities, units=units, cycle=5)
    with pytest.raises(IllegalOrderError, match=r"§3 B cannot attack A's cities"):
        game.submit("2", "I4-I5")
    game = game_at("small-unequal", cities=cities, units=units, cycle=6)
    game.submit("2", "I4-I5")
    game.submit("1", "pass")
    assert holder(game, "I5") == "2"


def test_3_the_barred_players_rule_is_named_with_the_scenarios_labels() -> None:
    # §3 "B cannot attack A's cities for 5 complete cycles": in a game of the same rules
    # whose players are labelled Red (1) and Blue (2), the refusal names Blue and Red's cities.
    game = game_at(
        "small-unequal",
        cities=[("I5", "1", True)],
        units={"1": {"K12": 1}, "2": {"I4": 1}},
        cycle=5,
    )
    players = game.pos.scenario.players
    game.pos.scenario = game.pos.scenario.model_copy(
        update={
            "players": {
                "1": players["1"].model_copy(update={"label": "Red"}),
                "2": players["2"].model_copy(update={"label": "Blue"}),
            }
        }
    )
    with pytest.raises(IllegalOrderError) as refusal:
        game.submit("2", "I4-I5")
    assert refusal.value.rule == "§3 Blue cannot attack Red's cities"


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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_3_2_2_no_double_transportation_once_both_are_used() -> None:
    """§3.2.2: with none left (both used) the next is refused, naming the rule."""
    game = _transports()
    game.pos.transports_left["2"] = 0
    refusal = refused(game, "2", "D45>>K45")
    assert refusal.rule == "§3.2.2 D's double transportations"
    assert str(refusal).startswith("D45>>K45: no double transportation left")


@pytest.mark.found_by_mutation
def test_3_2_2_a_double_transportation_takes_two_units_and_stacks_them_where_they_land() -> None:
    """§3.2.2: a double transportation flies two units from D45 to the airport K45, one of
    them on to its city K44. With two units on D45, one already on K45 and on K44: D45 is left
    empty, K45 and K44 hold two each; a unit moving from D47 onto D46's one makes two there."""
    game = _d_moves({"D45": 2, "K45": 1, "K44": 1, "D46": 1, "D47": 1})
    game.submit("2", "D45>>K45 D47-D46")
    game.submit("1", "pass")
    assert units_of(game, "2") == {"D46": 2, "K44": 2, "K45": 2}


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_3_rotated_a_must_announce_its_unproductive_city_with_the_orders_word() -> None:
    """§3, the unequal game: "At the beginning of the first cycle A announces which city is not
    productive"; A's placement without it is refused, telling him what to write
    (``unproductive FIELD``)."""
    refusal = refused(_unequal_units(), "1", f"units H11 {A39}")
    assert str(refusal) == (
        "announce which of your cities is not productive (unproductive FIELD) "
        "[§3 unequal game: A announces its unproductive city]"
    )


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_at_call_site
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
