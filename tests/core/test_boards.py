"""Board descriptions' core (core/boards.py): the style check and the kept parts."""

from __future__ import annotations

import pytest

from hexwar.core.boards import Board, Counter, HexCell, Kept, SideStyle, Style
from hexwar.core.hexes import Hex

HEXES = (HexCell(Hex(0, 0), "a", "clear"), HexCell(Hex(1, 0), "b", "rough"))
TERRAIN = {"clear": Style("clear", "#fff"), "rough": Style("rough", "#ccc")}
SIDES = {"red": SideStyle("Red", "#f00")}


def test_a_part_is_made_once_for_its_key_and_handed_out_again() -> None:
    kept: Kept[tuple[int, ...]] = Kept(4)
    made: list[int] = []

    def make(n: int) -> tuple[int, ...]:
        made.append(n)
        return (n,)

    first = kept.get(("red", 1), make, 1)
    assert kept.get(("red", 1), make, 1) is first
    assert kept.get(("blue", 1), make, 1) is not first  # another key: made anew
    assert made == [1, 1]


def test_the_oldest_kept_part_goes_first_when_more_keys_come() -> None:
    kept: Kept[list[str]] = Kept(2)

    def box(x: str) -> list[str]:
        return [x]

    a = kept.get("a", box, "a")
    c = kept.get("c", box, "c")
    assert kept.get("a", box, "a") is a
    kept.get("b", box, "b")  # a third key: "a", the oldest, goes
    assert len(kept) == 2
    assert kept.get("c", box, "c") is c
    again = kept.get("a", box, "a")
    assert again == a
    assert again is not a  # made again


def test_a_part_kept_by_its_source_is_found_by_the_very_object_alone() -> None:
    """Kept.same: the part made from an object is handed out again for that very object
    (not read again: a view's pieces are read-only); an equal object that is another one
    makes the part again, and so does the same object under another key (another side)."""
    kept: Kept[tuple[int, ...]] = Kept(4)
    made: list[list[int]] = []

    def make(source: list[int]) -> tuple[int, ...]:
        made.append(source)
        return tuple(source)

    piece = [1, 2]
    first = kept.same("red", piece, make, piece)
    assert kept.same("red", piece, make, piece) is first
    assert len(made) == 1
    equal = [1, 2]
    assert kept.same("red", equal, make, equal) is not first
    assert kept.same("blue", piece, make, piece) is not first
    assert made == [piece, equal, piece]


def test_a_part_kept_by_its_source_holds_the_source_until_it_goes() -> None:
    """Kept.same keeps its source alive with the part (no other object can take its id
    while the part is kept), and lets the oldest go first when more sources come."""
    import gc
    import weakref

    class Piece:
        pass

    kept: Kept[str] = Kept(2)
    piece = Piece()
    alive = weakref.ref(piece)
    kept.same("red", piece, str, "first")
    del piece
    gc.collect()
    assert alive() is not None  # held by the store
    others = [Piece(), Piece()]
    for other in others:
        kept.same("red", other, str, "other")
    assert len(kept) == 2
    gc.collect()
    assert alive() is None  # the oldest went, and its source with it


def test_a_kept_store_needs_room_for_a_part() -> None:
    with pytest.raises(ValueError, match="size must be at least 1, not 0"):
        Kept(0)


def test_a_board_checks_a_table_again_even_for_parts_it_checked_before() -> None:
    """The kinds of a tuple of hexes are read once, but each board's table is checked against
    them: the same hexes with a table that lacks one of their terrains are refused."""
    Board("t", "flat", HEXES, TERRAIN, SIDES)
    with pytest.raises(ValueError, match="terrain has no style for \\['rough'\\]"):
        Board("t", "flat", HEXES, {"clear": TERRAIN["clear"]}, SIDES)


def test_a_board_checks_every_new_part_against_its_table() -> None:
    """A new tuple of counters is read anew: a side or a flag without a style is refused,
    though the board's hexes were checked before."""
    ok = (Counter("1", Hex(0, 0), "red", "infantry"),)
    Board("t", "flat", HEXES, TERRAIN, SIDES, counters=ok)
    blue = (*ok, Counter("2", Hex(1, 0), "blue", "armor"))
    with pytest.raises(ValueError, match="sides has no style for \\['blue'\\]"):
        Board("t", "flat", HEXES, TERRAIN, SIDES, counters=blue)
    flagged = (Counter("1", Hex(0, 0), "red", "infantry", flags=("dug-in",)),)
    with pytest.raises(ValueError, match="flag_styles has no style for \\['dug-in'\\]"):
        Board("t", "flat", HEXES, TERRAIN, SIDES, counters=flagged)
