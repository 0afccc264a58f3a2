"""The boards (§3) and the special rules of each variant (§3.1.1-§3.2.2, the small boards),
each case a position, sealed orders and the expected result, naming its paragraph."""

from __future__ import annotations

import pytest

from hexwar.core import registry
from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.airwar.board import geometry
from hexwar.rulesets.airwar.game import FIRE
from hexwar.sessions import resolve_scenario

from .conftest import game_at, holder, new_game, units_of

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
