"""Line of sight re-read (seed 002, TERRAIN HEIGHT: "Field: 3"; HEXSIDE features; the ruleset's
12-hex visibility; docs/rulings/tactical.md, "Line of sight"): a unit standing in low cover
looks over it, hedges and bocage between the hexes block, fire is checked for a line of sight
when it is ordered, and a mortar fires at what its side sees."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.board import Board
from hexwar.rulesets.tactical.game import TacticalGame
from hexwar.sessions import resolve_scenario
from tests.core.helpers import lerp_line_both
from tests.rulesets.tactical.helpers import BASE, _bn_hq, _kinds, _unit

from .conftest import make_game, make_scenario

# One column of the 8x6 test map: hexes 2,0 .. 2,3 are offset rows 1 .. 4 of column 2.
COLUMN = [Hex(2, r) for r in range(4)]


def _column(chars: str) -> list[str]:
    """The open test map with column 2, rows 1.. set to ``chars``."""
    rows = [list("." * 8) for _ in range(6)]
    for i, ch in enumerate(chars):
        rows[1 + i][2] = ch
    return ["".join(r) for r in rows]


def test_units_in_fields_look_over_the_field_between() -> None:
    """Field 3 m: a unit standing in a field sees from the top of its crop (3 m, above the
    2 m eye height), so two units in fields see each other over a third field (the line stays
    at 3 m, the field between is not *above* it); from open ground (eye 2 m) the same field
    blocks (3 m > 2.5 m at the middle hex of a 2 m to 3 m line)."""
    fields = make_game(map={"terrain": _column("fff")}).board
    assert fields.line_of_sight(COLUMN[0], COLUMN[2])
    mixed = make_game(map={"terrain": _column(".ff")}).board
    assert not mixed.line_of_sight(COLUMN[0], COLUMN[2])
    # A forest (25 m) is no low cover: a unit in it stays at eye height, and one between blocks.
    forest = make_game(map={"terrain": _column("fFf")}).board
    assert not forest.line_of_sight(COLUMN[0], COLUMN[2])


@pytest.mark.parametrize(
    ("side", "feature", "clear"),
    [
        ("2,1|2,2", "hedge", False),  # between the two hexes in between: blocks (4 m > 2 m)
        ("2,1|2,2", "bocage", False),
        ("2,1|2,2", "stone_wall", True),  # 2 m: not above a 2 m line
        ("2,0|2,1", "bocage", True),  # the observer's own hexside: he looks over it
        ("2,2|2,3", "bocage", True),  # the target's own hexside
    ],
)
def test_hedges_and_bocage_between_block_sight(side: str, feature: str, clear: bool) -> None:
    """HEXSIDE features block a line crossing them between two hexes in between when their
    height (rules.toml `hexside_height`: hedge 4, bocage 6, stone wall 2 m) rises above it;
    a unit holds the hexsides of its own hex and sees across them."""
    game = make_game(map={"hexsides": [{"at": side, "feature": feature}]})
    assert game.board.line_of_sight(COLUMN[0], COLUMN[3]) is clear


def test_fire_is_checked_for_line_of_sight_when_ordered() -> None:
    """An attack is ordered against a unit the side sees; `fire` also needs the firer's own
    line of sight, checked with what the side knows when the order is given (it used to be
    accepted and fail later). A1 at 2,1 has forest at 3,0 and 3,1 between it and X1 at 4,0;
    A2 at 4,2 sees X1, so X1 is in the allied view, but A1's fire is refused."""
    rows = ["." * 8] * 6
    rows[1] = "...F...."  # 3,0
    rows[2] = "...F...."  # 3,1
    units: list[dict[str, Any]] = make_scenario().model_dump(mode="json")["units"]
    a2 = {**next(u for u in units if u["id"] == "A1"), "id": "A2", "at": "4,2"}
    units = [{k: v for k, v in u.items() if v is not None} for u in [*units, a2]]
    game = make_game(map={"terrain": rows}, units=units, opportunity_fire=False)
    assert "X1" in {e["id"] for e in game.view("allied").data["enemy_units"]}
    with pytest.raises(IllegalOrderError, match="no line of sight") as err:
        game.submit("allied", "fire A1 X1")
    assert err.value.rule == "line of sight"
    assert game.units["A1"].ap == 100  # refused: nothing spent
    game.units["A1"].indirect = True  # a mortar fires at what its side sees
    game.submit("allied", "fire A1 X1")
    assert game.units["A1"].ammo == 5


def _seen_share(board: Board, d: int) -> float:
    pairs = [
        (a, b) for a, b in itertools.combinations(sorted(board.terrain), 2) if a.distance(b) == d
    ]
    return sum(board.line_of_sight(a, b) for a, b in pairs) / len(pairs)


@pytest.mark.parametrize("scenario", ["tactical/meeting1941", "tactical/hedgerows"])
def test_sight_lines_are_the_float_lerps_on_every_pair_of_hexes_of_the_board(
    scenario: str,
) -> None:
    """The tactical game's line of sight (seed 002, TERRAIN HEIGHT and Parameter Data; the
    ruling "Line of sight": clear if either side of a line along hexsides is) and the hexside a
    line of fire enters by are read along the one or two lines of hexes from one hex to the
    other. Made in integers and kept by ``b - a``, they are, on every ordered pair of hexes of
    each bundled board, the lines of the float lerp they replaced (tests/core/helpers.py), in
    the same order: every game sees and fires as before. (And from and to hexes off the
    board, which the board's numbering of its hexes leaves to the lines of core.hexes.)"""
    board = Board.from_scenario(resolve_scenario(scenario).scenario)  # type: ignore[arg-type]
    hexes = sorted(board.terrain)
    off = [Hex(-1, 0), Hex(-5, 20), Hex(30, -30)]
    pairs = [(a, b) for a in hexes for b in hexes]
    pairs += [(a, b) for a in off for b in hexes] + [(b, a) for a in off for b in hexes]
    wrong = [
        (a, b)
        for a, b in pairs
        if board.sight_lines(a, b) != tuple(dict.fromkeys(tuple(x) for x in lerp_line_both(a, b)))
    ]
    assert wrong == []


def test_what_a_unit_sees_on_the_page_is_each_hexs_line_of_sight() -> None:
    """The page's sight of a selected unit (Board.seen_from, for every hex within visibility)
    is line_of_sight to each hex in turn, with stacks of 13 SPs, 6 wreck SPs and smoke
    blocking as the sheet's Parameter Data and TERRAIN HEIGHT say, and the eye's own hex."""
    board = Board.from_scenario(resolve_scenario("tactical/hedgerows").scenario)  # type: ignore[arg-type]
    hexes = sorted(board.terrain)
    stacks = dict.fromkeys(hexes[5::17], 13)
    wrecks = dict.fromkeys(hexes[9::23], 6)
    smoke = frozenset(hexes[3::31])
    hidden = set()  # seen by the terrain alone, not past the stacks, wrecks and smoke
    for eye in hexes[::11]:
        want = [
            h
            for h in hexes
            if board.line_of_sight(eye, h, units_sp=stacks, wreck_sp=wrecks, smoke=smoke)
        ]
        fresh = Board.from_scenario(resolve_scenario("tactical/hedgerows").scenario)  # type: ignore[arg-type]
        got = fresh.seen_from(eye, hexes, units_sp=stacks, wreck_sp=wrecks, smoke=smoke)
        assert got == want
        assert eye in got
        hidden |= set(fresh.seen_from(eye, hexes)) - set(got)
    assert hidden


def test_hedgerows_see_across_fields_but_not_far_through_the_bocage() -> None:
    """The bundled hedgerows map (fields, hedges and bocage): most pairs two hexes apart see
    each other (it was 14 % when fields blocked every line), hedges cut it down with distance,
    and some pairs still see each other 10 and 12 hexes apart (the mortar's range 10 and the
    12-hex visibility are not dead letters)."""
    board = Board.from_scenario(resolve_scenario("tactical/hedgerows").scenario)  # type: ignore[arg-type]
    near, mid, far = (_seen_share(board, d) for d in (2, 6, 10))
    assert near > 0.5
    assert near > mid > far > 0.0
    assert _seen_share(board, 12) > 0.0


def _seen(game: TacticalGame, side: str) -> list[str]:
    return sorted(e["id"] for e in game.view(side).data["enemy_units"])


def _line(between: list[dict[str, Any]]) -> TacticalGame:
    units = [_bn_hq("AHQ", "allied", "0,5"), _unit("A1", "allied", "infantry", "1,0"),
             _bn_hq("XHQ", "axis", "7,2"), _unit("X1", "axis", "infantry", "3,0"),
             *between]  # fmt: skip
    return make_game(units=units, visibility=3, opportunity_fire=False)


@pytest.mark.found_by_mutation
def test_fire_is_stopped_at_resolution_by_an_unseen_stack_across_the_line() -> None:
    """Parameter Data, "Minimum Non-Wreck Strength Points per Hex that Block LOS: 13": a stack
    of 13 SPs between the firer and its target blocks the shot, seen or not. With visibility
    1 the gun G at 0,0 (range 8) fires at X1 at 4,0, which A2 at 5,0 sees; the 13-SP X2 at 2,0,
    on the straight line between them, is 2 hexes from G and 3 from A2 and so unseen: the order
    is accepted, and at resolution the shot is refused for want of a line of sight (G keeps its
    4 rounds, X1 its 4 SPs)."""
    units = [{**BASE[0], "at": "0,5"}, _unit("G", "allied", "gun", "0,0"),
             _unit("A2", "allied", "infantry", "5,0"), BASE[2], BASE[3],
             _unit("X2", "axis", "infantry", "2,0", sp=13)]  # fmt: skip
    game = make_game(units=units, visibility=1)
    assert [e["id"] for e in game.view("allied").data["enemy_units"]] == ["X1"]
    game.submit("allied", "fire G X1")
    refused = next(e for e in game.events() if e.kind == "no-line-of-sight")
    assert refused.text == "fire G X1: no line of sight from 0,0 to 4,0"
    assert (game.units["G"].ammo, game.units["X1"].sp) == (4, 4)


@pytest.mark.found_by_mutation
def test_a_scenarios_mortar_fires_without_its_own_line_of_sight() -> None:
    """docs/tactical.md (units): a unit marked ``indirect`` in the scenario (a mortar) fires at
    what its side sees, without its own line of sight. Forest at 3,0 and 3,1 hides X1 at 4,0
    from A1 at 2,1; A2 at 4,2 sees X1. A1 given ``indirect = true`` by the scenario fires (one
    round of its 6 spent)."""
    rows = ["." * 8] * 6
    rows[1] = "...F...."  # 3,0
    rows[2] = "...F...."  # 3,1
    a2 = {**BASE[1], "id": "A2", "name": "A2", "at": "4,2"}
    units = [BASE[0], {**BASE[1], "indirect": True}, BASE[2], BASE[3], a2]
    game = make_game(map={"terrain": rows}, units=units, opportunity_fire=False)
    game.submit("allied", "fire A1 X1")
    assert game.units["A1"].ammo == 5
    assert "fire" in _kinds(game)


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("sps", "x1_seen"),
    [((4, 4, 4), True), ((4, 4, 4, 1), False), ((12,), True), ((6, 7), False)],
)
def test_a_stack_of_13_sps_between_blocks_the_view_and_12_do_not(
    sps: tuple[int, ...], x1_seen: bool
) -> None:
    """Parameter Data: "Minimum Non-Wreck Strength Points per Hex that Block LOS: 13" -- the
    SPs of every unit in the hex count together. Axis platoons stacked at 2,0, between A1 and
    X1: 4 + 4 + 4 = 12 (or one platoon of 12) leave X1 in sight; 4 + 4 + 4 + 1 = 13 (or
    6 + 7) hide it. The stack itself, 1 hex from A1, is seen either way."""
    stack = [_unit(f"S{i}", "axis", "infantry", "2,0", sp) for i, sp in enumerate(sps, 1)]
    seen = _seen(_line(stack), "allied")
    assert seen == sorted([*(s["id"] for s in stack), *(["X1"] if x1_seen else [])])


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("tank_sp", "x1_seen"), [(5, True), (6, False)])
def test_six_wreck_sps_between_block_the_view_and_five_do_not(tank_sp: int, x1_seen: bool) -> None:
    """Parameter Data: "Minimum Wreck Strength Points per Hex that Block LOS: 6"; each SP a
    hard unit loses leaves one wreck SP in its hex (rules.toml, docs/tactical.md). An axis tank
    of 5 or 6 SPs at 2,0 is destroyed there: its 5 wreck SPs leave X1 in A1's sight, 6 hide it.
    Both sides' views show the wreck SPs at their hex."""
    game = _line([_unit("T", "axis", "armor", "2,0", tank_sp)])
    game._apply_result(game.units["T"], tank_sp, False, False, Hex(1, 0))
    assert _seen(game, "allied") == (["X1"] if x1_seen else [])
    for side in ("allied", "axis"):
        assert game.view(side).data["wrecks"] == {"2,0": tank_sp}


@pytest.mark.found_by_mutation
def test_smoke_between_hides_the_enemy_until_it_clears_at_the_layers_next_phase() -> None:
    """TERRAIN HEIGHT: smoke stands 20 m, above the 2 m sight line over open ground; smoke a
    side lays clears at the start of its next phase (docs/tactical.md, The turn). The allied
    gun G at 0,0 lays smoke on 2,0, the one hex between A1 (1,0) and X1 (3,0) and on G's own
    line to X1: X1 is hidden from the allies through the axis phase and seen again in their
    second phase."""
    game = _line([_unit("G", "allied", "gun", "0,0", smoke=2)])
    assert "X1" in _seen(game, "allied")
    game.submit("allied", "smoke G 2,0")
    assert game.view("allied").data["smoke"] == ["2,0"]
    assert "X1" not in _seen(game, "allied")
    game.submit("axis", "")
    assert game.view("allied").data["smoke"] == []
    assert "X1" in _seen(game, "allied")
