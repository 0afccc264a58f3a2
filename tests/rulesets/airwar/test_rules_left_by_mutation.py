"""Air war rules that a mutation of the rules once changed without failing a test, each checked
at the game's ``submit``, at its boundary (docs/testing.md, "Mutation testing"). Seed 001."""

from __future__ import annotations

import pytest

from hexwar.core import registry
from hexwar.rulesets.airwar.game import AirwarGame
from hexwar.sessions import resolve_scenario

from .conftest import game_at, new_game, refused

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
