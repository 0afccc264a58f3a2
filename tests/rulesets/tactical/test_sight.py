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
from hexwar.sessions import resolve_scenario

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
