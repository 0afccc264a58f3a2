"""The air war boards as the rules see them (seed 001, §2.0 and §3).

The core's :class:`~hexwar.core.numberings.AirwarBoard` names the fields and carries the bands
(territories, no-man's-land); this module adds what the rules need: each player's territory and
home fields, how many fields separate a field from each boundary, the airport behind each city,
and the neighbours of every field, all precomputed once per board (docs/rulings/airwar.md).

Sides are ``"1"`` and ``"2"``. On the standard boards player 1 sits at the row-1 edge (his back
boundary) and player 2 at the last row. On the rotated small board player 1 is A (the middle
nine horizontal rows, labelled G-O) and player 2 is B (A-F and P-U).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from hexwar.core.errors import InvalidInputError
from hexwar.core.hexes import Hex
from hexwar.core.numberings import AirwarBoard

__all__ = ["SIDES", "BoardKind", "Geometry", "geometry", "other"]

SIDES: tuple[str, str] = ("1", "2")
BoardKind = Literal["large", "small", "small_rotated"]


def other(side: str) -> str:
    """The opponent of ``side``."""
    return "2" if side == "1" else "1"


@dataclass(frozen=True, slots=True)
class Boundaries:
    """How many fields lie between a field and each boundary of its player's territory.

    ``back`` is None on the rotated board, where no rule measures from a back boundary.
    """

    back: int | None
    middle: int
    left: int
    right: int

    def nearest(self) -> int:
        values = [self.middle, self.left, self.right]
        if self.back is not None:
            values.append(self.back)
        return min(values)


@dataclass(slots=True)
class Geometry:
    """One board: fields, labels, neighbours, territories, boundaries and airports."""

    kind: BoardKind
    board: AirwarBoard
    fields: tuple[Hex, ...] = ()
    neighbours: dict[Hex, tuple[Hex, ...]] = field(default_factory=dict)
    territory: dict[str, frozenset[Hex]] = field(default_factory=dict)
    home: dict[str, frozenset[Hex]] = field(default_factory=dict)
    no_mans_land: frozenset[Hex] = frozenset()
    _col: dict[Hex, int] = field(default_factory=dict)  # 1-based column (letter) index
    _row: dict[Hex, int] = field(default_factory=dict)  # 1-based row number
    _labels: dict[Hex, str] = field(default_factory=dict)
    _by_label: dict[str, Hex] = field(default_factory=dict)
    _bounds: dict[tuple[Hex, str], Boundaries] = field(default_factory=dict)  # boundaries' memo

    @property
    def rotated(self) -> bool:
        return self.kind == "small_rotated"

    @property
    def middle_row(self) -> int:
        """The no-man's-land row of a standard board (25 or 13)."""
        return (self.board.rows + 1) // 2

    def label(self, h: Hex) -> str:
        try:
            return self._labels[h]
        except KeyError:
            return self.board.label(h)  # raises, naming the board

    def parse(self, text: str) -> Hex:
        """The field named ``text`` (``"K25"``); InvalidInputError quoting it otherwise."""
        h = self._by_label.get(text)
        return h if h is not None else self.board.parse(text)

    def column(self, h: Hex) -> int:
        return self._col[h]

    def row(self, h: Hex) -> int:
        return self._row[h]

    def __contains__(self, h: object) -> bool:
        return h in self._col

    def adjacent(self, h: Hex) -> tuple[Hex, ...]:
        """The fields adjacent to ``h`` in the paper's sense: ``h`` itself ("two fields are
        said to be adjacent if they coincide") and its neighbours on the board (§2.1)."""
        return self.neighbours[h]

    def territory_of(self, h: Hex) -> str | None:
        """The player whose territory holds ``h`` (None: no-man's-land only, standard boards)."""
        for side in SIDES:
            if h in self.territory[side]:
                return side
        return None

    def boundaries(self, h: Hex, side: str) -> Boundaries:
        """Fields between ``h`` and each boundary of ``side``'s territory (rulings 2-4, 7).

        Standard boards: back boundary at row 1 (player 1) or the last row (player 2); the
        middle boundary runs through the middle of the no-man's-land row, which counts as one
        field between; left and right are the board's edges. Rotated board: the "rows" are the
        label letters; A's territory (G-O) is bounded by the two common boundaries, B's halves
        by the board edge and one common boundary; left and right are the row numbers' ends.
        """
        known = self._bounds.get((h, side))
        if known is None:
            known = self._bounds[(h, side)] = self._boundaries(h, side)
        return known

    def _boundaries(self, h: Hex, side: str) -> Boundaries:
        col, row = self._col[h], self._row[h]
        if not self.rotated:
            mid = self.middle_row
            if side == "1":
                return Boundaries(row - 1, mid - row, col - 1, self.board.columns - col)
            return Boundaries(self.board.rows - row, row - mid, col - 1, self.board.columns - col)
        left, right = row - 1, self.board.rows - row
        if side == "1":  # A: letters G..O (7..15); boundaries between F|G and O|P
            return Boundaries(None, min(col - 7, 15 - col), left, right)
        if col <= 6:  # B, the A-F half: outer edge before A, common boundary after F
            return Boundaries(None, min(col - 1, 6 - col), left, right)
        return Boundaries(None, min(col - 16, self.board.columns - col), left, right)

    def back_separation(self, h: Hex, side: str) -> int:
        """Fields between ``h`` and ``side``'s back boundary (standard boards only)."""
        back = self.boundaries(h, side).back
        if back is None:
            raise InvalidInputError("the rotated board has no back boundary rule")
        return back

    def airport_of(self, city: Hex, owner: str) -> Hex | None:
        """The airport of a city of ``owner`` at ``city`` (None if it would be off the board).

        Standard boards: "the field immediately behind (away from the center of the board)"
        (§2.1), the field of the same column one row nearer ``owner``'s back boundary. Rotated
        board: "the airports are beside the cities on the inside (toward the center of the
        board)" (§3), the field of the same letter one number nearer the centre, 13 (a city on
        13 itself has its airport on 14). See docs/rulings/airwar.md.
        """
        col, row = self._col[city], self._row[city]
        if not self.rotated:
            row += -1 if owner == "1" else 1
        else:
            centre = (self.board.rows + 1) // 2
            row += 1 if row <= centre else -1
        return self._at(col, row)

    def _at(self, col: int, row: int) -> Hex | None:
        if not (1 <= col <= self.board.columns and 1 <= row <= self.board.rows):
            return None
        return self.board.parse(f"{chr(64 + col)}{row}")

    def distance_to(self, h: Hex, targets: frozenset[Hex]) -> int:
        return min(h.distance(t) for t in targets) if targets else 10**6


def _build(kind: BoardKind) -> Geometry:
    if kind == "large":
        board = AirwarBoard.large()
    elif kind == "small":
        board = AirwarBoard.small()
    elif kind == "small_rotated":
        board = AirwarBoard.small_rotated()
    else:  # pragma: no cover - the scenario model admits only the three
        raise InvalidInputError(f"unknown air war board {kind!r}")
    fields = tuple(board)
    on = frozenset(fields)
    geo = Geometry(kind, board, fields)
    for h in fields:
        geo._col[h] = ord(board.column_of(h)) - 64
        geo._row[h] = board.row_of(h)
        geo._labels[h] = board.label(h)
        geo._by_label[geo._labels[h]] = h
        geo.neighbours[h] = (h, *(n for n in h.neighbors() if n in on))
    nml = board.band("no_mans_land")
    geo.no_mans_land = nml
    if kind == "small_rotated":
        territory = {"1": board.band("territory_a"), "2": board.band("territory_b")}
    else:
        territory = {"1": board.band("territory_1"), "2": board.band("territory_2")}
    geo.territory = territory
    geo.home = {s: territory[s] - nml for s in SIDES}
    return geo


@cache
def geometry(kind: BoardKind) -> Geometry:
    """The (shared, read-only) geometry of board ``kind``."""
    return _build(kind)
