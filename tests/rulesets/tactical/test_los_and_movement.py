"""Seed 002: line of sight (TERRAIN HEIGHT, Parameter Data's LOS stacks), stacking, roads,
action-point costs (MISCELLANEOUS) and the vehicles' elevation limit."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.orders import Action
from hexwar.rulesets.tactical.plan import Planner
from tests.rulesets.tactical.helpers import BASE, _kinds, _told

from .conftest import make_game

# Three hexes of one column of the 8x6 test map; the middle one is offset (2, 2).
A, MID, B = Hex(2, 0), Hex(2, 1), Hex(2, 2)


def _rows(ch: str) -> list[str]:
    rows = ["." * 8] * 6
    rows[2] = f"..{ch}....."
    return rows


def test_forest_between_blocks_line_of_sight_open_ground_does_not() -> None:
    """TERRAIN HEIGHT: Forest 25 m stands above a sight line 2 m over flat ground."""
    assert make_game().board.line_of_sight(A, B)
    assert not make_game(map={"terrain": _rows("F")}).board.line_of_sight(A, B)
    # Field crops stand 3 m, above a 2 m eye height: they block too.
    assert not make_game(map={"terrain": _rows("f")}).board.line_of_sight(A, B)


def test_elevation_lets_an_observer_see_over_a_forest() -> None:
    """TERRAIN HEIGHT + 'Base Elevation Change: depends on scenario'."""
    elevation = ["00000000", "00500000"] + ["0" * 8] * 4  # A = offset (2, 1) at 50 m
    game = make_game(map={"terrain": _rows("F"), "elevation": elevation})
    assert game.board.elevation[A] == 50.0
    assert game.board.line_of_sight(A, B)  # sight line at the forest: (52 + 2) / 2 = 27 > 25


@pytest.mark.parametrize(("sp", "clear"), [(12, True), (13, False)])
def test_thirteen_non_wreck_sps_block_line_of_sight(sp: int, clear: bool) -> None:
    """Parameter Data: 'Minimum Non-Wreck Strength Points per Hex that Block LOS: 13'."""
    assert make_game().board.line_of_sight(A, B, units_sp={MID: sp}) is clear


@pytest.mark.parametrize(("wrecks", "clear"), [(5, True), (6, False)])
def test_six_wreck_sps_block_line_of_sight(wrecks: int, clear: bool) -> None:
    """Parameter Data: 'Minimum Wreck Strength Points per Hex that Block LOS: 6'."""
    assert make_game().board.line_of_sight(A, B, wreck_sp={MID: wrecks}) is clear


def test_smoke_blocks_line_of_sight() -> None:
    """TERRAIN HEIGHT: 'Smoke Ammo: 20'."""
    assert not make_game().board.line_of_sight(A, B, smoke=[MID])


def test_fog_of_war_hides_units_out_of_sight() -> None:
    """Units behind a forest are not in the other side's view (fog of war in view(side))."""
    rows = ["." * 8] * 6
    # The line from A1 (2,1) to X1 (4,0) runs along the hexside of 3,0 and 3,1 (offsets
    # (3, 1) and (3, 2)): forest in only one of them leaves it clear, in both it is blocked.
    rows[1] = "...F...."
    half = make_game(map={"terrain": list(rows)})
    assert [e["id"] for e in half.view("allied").data["enemy_units"]] == ["XHQ", "X1"]
    rows[2] = "...F...."
    seen = make_game()
    hidden = make_game(map={"terrain": rows})
    assert [e["id"] for e in seen.view("allied").data["enemy_units"]] == ["XHQ", "X1"]
    assert [e["id"] for e in hidden.view("allied").data["enemy_units"]] == ["XHQ"]
    assert "morale" not in seen.view("allied").data["enemy_units"][0]


def _planner(game, side: str = "allied") -> Planner:  # type: ignore[no-untyped-def]
    return Planner(game.view(side).data, game.board)


def test_stacking_limit_of_six_units_and_24_sps() -> None:
    """Parameter Data: Maximum Units per Hex 6, Maximum Strength Points per Hex 24."""
    units = make_game().scenario.model_dump()["units"]
    extra = [
        {"id": f"S{i}", "side": "allied", "name": "s", "kind": "infantry", "at": "1,0", "sp": 4,
         "morale": 5}
        for i in range(6)
    ]  # fmt: skip
    game = make_game(units=units + extra)
    with pytest.raises(IllegalOrderError, match="stacking"):
        _planner(game).check(Action("move", "A1", "1,0"))  # a seventh unit
    game.units["S5"].sp = 0
    game.units["S5"].hex = None
    assert _planner(game).check(Action("move", "A1", "1,0")).path[-1] == Hex(1, 0)  # 24 SPs
    game.units["S0"].sp = 5
    with pytest.raises(IllegalOrderError, match="stacking"):
        _planner(game).check(Action("move", "A1", "1,0"))  # 25 SPs


def test_road_is_negated_above_twelve_sps_in_the_hex() -> None:
    """Parameter Data: 'more than this number of SPs in the hex negates any road' (12)."""
    game = make_game(map={"roads": [["2,1", "3,0"]]})
    b = game.board
    assert b.step_cost(Hex(2, 1), Hex(3, 0), "foot", 12) == 8  # road
    assert b.step_cost(Hex(2, 1), Hex(3, 0), "foot", 13) == 12  # open ground


def test_a_road_negated_by_own_stacks_in_one_plan_is_not_in_another() -> None:
    """Parameter Data: more than 12 SPs in a hex negate its road -- the SPs there with the
    mover's. The board keeps each planner's movement searches for every planner on it; a
    search made with another stack on the road is never taken for this one: A1 (4 SPs) enters
    3,0 along the road for 8 AP (foot, road), for 12 AP (open ground) once 9 more SPs stand
    there (13 > 12), and for 8 again with 8 more (12)."""
    units = make_game().scenario.model_dump()["units"]
    extra = {"id": "S", "side": "allied", "name": "s", "kind": "infantry", "at": "3,1", "sp": 9,
             "morale": 5}  # fmt: skip
    game = make_game(units=[*units, extra], map={"roads": [["2,1", "3,0"]]})
    road, target = Action("move", "A1", "3,0"), Hex(3, 0)
    assert _planner(game).check(road).ap == 8
    plan = _planner(game)
    plan.plan(Action("move", "S", "3,0"))  # within one plan: S stands on the road now
    assert plan.reach("A1")[target][0] == 12
    game.units["S"].hex = target  # and in the game: a new planner, the same board
    assert _planner(game).check(road).ap == 12
    game.units["S"].sp = 8
    assert _planner(game).check(road).ap == 8


def test_blocked_hex_costs_65_ap() -> None:
    """MISCELLANEOUS: 'Action-Point cost to enter a blocked hex: 65'."""
    game = make_game(map={"blocked": ["3,0"]})
    assert game.board.step_cost(Hex(2, 1), Hex(3, 0), "foot") == 65
    assert game.board.step_cost(Hex(2, 1), Hex(3, 0), "tracked") == 65


def test_assault_costs_20_ap_more_than_entering() -> None:
    """MISCELLANEOUS: 'Action-Point cost to assault: 20 (in addition to the cost to enter hex)'."""
    game = make_game()
    game.units["A1"].hex = Hex(3, 0)
    p = _planner(game)
    assert p.assault_ap("A1", Hex(4, 0)) == 12 + 20
    planned = p.check(Action("assault", "A1", "X1"))
    assert planned.ap == 32


def test_dismount_from_a_tank_costs_10_ap_from_a_transport_nothing() -> None:
    """MISCELLANEOUS: 'Action-Point cost to dismount from non-transport vehicles: 10'."""
    game = make_game()
    game.units["A1"].mounted = "tank"
    assert _planner(game).check(Action("dismount", "A1")).ap == 10
    game.units["A1"].mounted = "transport"
    assert _planner(game).check(Action("dismount", "A1")).ap == 0


def test_riders_cannot_fire_until_they_dismount() -> None:
    game = make_game()
    game.units["A1"].mounted = "tank"
    game.units["A1"].range = 3
    with pytest.raises(IllegalOrderError, match="dismount"):
        _planner(game).check(Action("fire", "A1", "X1"))


def test_vehicles_cannot_cross_more_than_50_m_of_elevation_change() -> None:
    """MISCELLANEOUS: 'Maximum elevation change (in meters) that a vehicle can make across one
    hexside: 50'."""
    elevation = ["00000000", "00060000", "00000000", "00000000", "00000000", "00000000"]
    game = make_game(map={"elevation": elevation, "elevation_step": 10.0})
    b = game.board
    up = Hex(3, 0)  # offset (3, 1) at 60 m
    assert b.elevation[up] == 60.0
    assert b.step_cost(Hex(2, 1), up, "tracked") is None
    assert b.step_cost(Hex(2, 1), up, "foot") == 12
    game5 = make_game(map={"elevation": [r.replace("6", "5") for r in elevation]})
    assert game5.board.step_cost(Hex(2, 1), up, "tracked") == 10


def test_fire_needs_range_action_points_ammunition_and_a_seen_target() -> None:
    game = make_game()
    assert _planner(game).check(Action("fire", "A1", "X1")).ap == 40  # range 2, distance 2
    game.units["A1"].range = 1
    with pytest.raises(IllegalOrderError, match=r"\[range\]"):
        _planner(game).check(Action("fire", "A1", "X1"))
    game.units["A1"].range = 2
    game.units["A1"].ap = 39
    with pytest.raises(IllegalOrderError, match=r"\[action points\]"):
        _planner(game).check(Action("fire", "A1", "X1"))
    game.units["A1"].ap = 100
    game.units["A1"].ammo = 0
    with pytest.raises(IllegalOrderError, match=r"\[supply\]"):
        _planner(game).check(Action("fire", "A1", "X1"))
    near = make_game(visibility=3)  # XHQ stands 5 hexes from A1: unseen
    with pytest.raises(IllegalOrderError, match=r"\[spotting\]"):
        _planner(near).check(Action("fire", "A1", "XHQ"))


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("there", "ap"), [(12, 8), (13, 12)])
def test_a_commander_adds_no_sp_to_a_road_hex(there: int, ap: int) -> None:
    """The same rule for a commander moving alone: he has no SPs. The captain K moves along
    the road 2,1 -> 3,0 onto A2: with 12 SP there the road holds (8 AP on foot), with 13 it is
    negated (open ground, 12)."""
    a2 = {**BASE[1], "id": "A2", "name": "A2", "at": "3,0", "sp": there}
    captain = {"id": "K", "side": "allied", "name": "Capt", "at": "2,1", "leadership": 5,
               "command": 1}  # fmt: skip
    game = make_game(map={"roads": [["2,1", "3,0"]]}, units=[*BASE, a2], commanders=[captain])
    game.submit("allied", "move K 3,0")
    assert _told(game, "move") == [(f"K moves to 3,0 ({ap} AP)", frozenset({"allied"}))]
    (k,) = game.view("allied").data["commanders"]
    assert (k["hex"], k["ap"]) == ("3,0", 100 - ap)


@pytest.mark.found_by_mutation
def test_a_move_that_runs_into_an_unseen_enemy_stops_and_is_told_as_contact() -> None:
    """Movement (docs/tactical.md): a unit cannot enter an enemy-held hex; a move that runs
    into an enemy its side did not see stops in the hex before, and both sides are told
    (``contact``). With visibility 1, A1 at 2,1 does not see X1 at 4,1 (2 hexes); ordered to
    5,1 along the straight line it stops at 3,1. Opportunity fire is off so that it alone
    stops the move."""
    units = [*BASE[:3], {**BASE[3], "at": "4,1"}]
    game = make_game(units=units, visibility=1, opportunity_fire=False)
    game.submit("allied", "move A1 5,1")
    contact = next(e for e in game.events() if e.kind == "contact")
    assert contact.text == "A1 runs into enemy units at 4,1 and stops at 3,1"
    assert "move" not in _kinds(game)
    assert str(game.units["A1"].hex) == "3,1"


@pytest.mark.found_by_mutation
def test_a_move_that_meets_no_enemy_is_told_to_its_own_side_only() -> None:
    """The same move with X1 out of the way (at 4,-1): A1 reaches 5,1 and only the allied side
    hears of it (``move``); no contact."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "at": "4,-1"}], visibility=1,
                     opportunity_fire=False)  # fmt: skip
    game.submit("allied", "move A1 5,1")
    move = next(e for e in game.events() if e.kind == "move")
    assert move.visible_to == frozenset({"allied"})
    assert "contact" not in _kinds(game)
    assert str(game.units["A1"].hex) == "5,1"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("a2_sp", "ap"), [(8, 8), (9, 12)])
def test_a_move_onto_a_road_hex_counts_the_sps_stacked_there_with_the_mover(
    a2_sp: int, ap: int
) -> None:
    """Parameter Data: "more than this number of SPs in the hex negates any road" (12). A1
    (4 SP, on foot) moves along the road 2,1 -> 3,0 onto A2: with 8 SP there the hex holds 12
    and the road costs 8 AP (rules.toml, foot: road 8); with 9 SP it holds 13, the road is
    negated and the step costs open ground's 12."""
    a2 = {**BASE[1], "id": "A2", "name": "A2", "at": "3,0", "sp": a2_sp}
    game = make_game(map={"roads": [["2,1", "3,0"]]}, units=[*BASE, a2], opportunity_fire=False)
    game.submit("allied", "move A1 3,0")
    assert game.units["A1"].ap == 100 - ap
    move = next(e for e in game.events() if e.kind == "move")
    assert move.text == f"A1 moves to 3,0 ({ap} AP)"
