"""Legacy numberings: labels of the source games mapped to and from ``Hex``.

These exist only at the edges (scenario files, UI, transcripts of the original rules). Each
numbering declares its geometry as an ``OffsetKind`` and converts through
``hexwar.core.hexes.to_offset`` / ``from_offset``, so adjacency is always the axial one.

* ``IdahexGrid``: IDAHEX cell numbers (seed 000, §2.1 and the rim cells of §5.3). Vertical
  ranks numbered top to bottom, rank after rank from the left; the long ranks (1st, 3rd, ...)
  sit half a cell higher than the short ones: odd-q with ``col`` = 0-based rank and ``row`` =
  0-based position in the rank.
* ``AggressorGrid``: Aggressor coordinates ``@`` + column letter + row letter (seed 003, MAP
  BOARD): 21 columns A..U by 15 rows A..O, "orthogonal, side up, 1st column odd, low shift",
  i.e. the first column sits high and B, D, ... are shifted down half a hex: odd-q.
* ``AirwarBoard``: the air war boards (seed 001, §2.0 and §3). The paper's board figure is not
  in the text; the rulings used here are listed in ``docs/rulings/airwar.md``:

  - fields are labelled column letter A..U plus row number 1..N, e.g. ``"K25"``;
  - the large board has 49 rows, the small one 25, both 21 columns;
  - rows run straight across the table between the players: pointy-top, odd-r (0-based odd
    rows shifted right half a field);
  - field A1 is at player 1's lower left, so player 1 sits at the row-1 edge (back boundary)
    and player 2, across the table, at the row-N edge ("the field label is at the lower left
    of one player and at the upper right for the other player", §2.0);
  - the middle boundary runs through the middle of row 25 (row 13 on the small board); that
    row is no-man's-land and rows 1-24 / 26-49 (1-12 / 14-25) are the two territories;
  - the rotated small board ("For an unequal game the boards are rotated one right angle",
    §3) keeps the 25 x 21 fields and their labels, drawn turned so the 21 columns become 21
    horizontal rows (flat-top). It is implemented as the transposed layout (odd-q with
    ``col`` = old row, ``row`` = old column, i.e. axial ``(q, r) -> (r, q)``), a lattice
    automorphism, so adjacency between labelled fields never changes. B's territory is the six
    rows at each end (columns A-F and P-U), A's the middle nine (G-O), and no-man's-land the
    four rows beside the two common boundaries (F, G, O, P); as the seed counts them, these
    overlap the territories.

  Region rules (who may place where) belong to the air war ruleset; boards carry the bands as
  data (``AirwarBoard.bands``).
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar, Literal

from hexwar.core.errors import InvalidInputError, Problem
from hexwar.core.hexes import Direction, Hex, OffsetKind, from_offset, to_offset

__all__ = [
    "AggressorGrid",
    "AirwarBoard",
    "Band",
    "IdahexGrid",
]

_LETTERS = string.ascii_uppercase


class IdahexGrid:
    """IDAHEX area of war: cells numbered 1..ncells in vertical ranks (seed 000, §2.1).

    The first (leftmost) rank has ``nrank1`` cells, the next one fewer, and so on alternately;
    the last rank may be incomplete. The bottom (highest-numbered) cell of every rank is always
    inactive; we read "highest-numbered cell in every rank" literally, so for an incomplete
    last rank that is cell ``ncells``. Other cells are inactive when listed in ``inactive``.

    Args:
        ncells: number of cells in the area of war.
        nrank1: number of cells in the first rank (seed 000, §10: LB = 2, UB = ncells).
        inactive: further inactive cell numbers (IDAHEX: nonpositive basic environment).

    Raises:
        InvalidInputError: a bound above is broken or an inactive cell does not exist; every
            problem is reported, each naming its field.
    """

    kind: ClassVar[OffsetKind] = OffsetKind.ODD_Q

    __slots__ = (
        "_active_rims",
        "_bottom",
        "_inactive",
        "_ncells",
        "_near",
        "_nrank1",
        "_rims",
    )

    def __init__(self, ncells: int, nrank1: int, inactive: frozenset[int] = frozenset()) -> None:
        problems: list[Problem] = []
        if ncells < 1:
            problems.append(Problem(f"must be >= 1, got {ncells}", path="ncells"))
        if nrank1 < 2:
            problems.append(Problem(f"must be >= 2, got {nrank1}", path="nrank1"))
        elif nrank1 > ncells >= 1:
            problems.append(Problem(f"must be <= ncells ({ncells}), got {nrank1}", path="nrank1"))
        bad = sorted(n for n in inactive if not 1 <= n <= ncells)
        if bad:
            problems.append(
                Problem(f"cells {bad} do not exist (cells are 1..{ncells})", path="inactive")
            )
        if problems:
            raise InvalidInputError(problems)
        self._ncells = ncells
        self._nrank1 = nrank1
        self._bottom = frozenset(self._rank_last(k) for k in range(self.ranks))
        self._inactive = frozenset(inactive) | self._bottom
        self._rims: dict[int, tuple[int | None, ...]] = {}  # filled as asked: the grid is fixed
        self._active_rims: dict[int, tuple[int | None, ...]] = {}
        self._near: dict[int, tuple[int, ...]] = {}

    def __repr__(self) -> str:
        extra = sorted(self._inactive - self._bottom)
        tail = f", inactive=frozenset({extra})" if extra else ""
        return f"IdahexGrid({self.ncells}, {self.nrank1}{tail})"

    @property
    def ncells(self) -> int:
        """Number of cells in the area of war."""
        return self._ncells

    @property
    def nrank1(self) -> int:
        """Number of cells in the first (leftmost) rank."""
        return self._nrank1

    @property
    def _period(self) -> int:
        # A long rank and the short rank after it.
        return 2 * self.nrank1 - 1

    def _rank_start(self, k: int) -> int:
        """Number of cells before 0-based rank ``k``."""
        return (k // 2) * self._period + (self.nrank1 if k % 2 else 0)

    def _rank_size(self, k: int) -> int:
        return self.nrank1 - 1 if k % 2 else self.nrank1

    def _rank_last(self, k: int) -> int:
        return min(self._rank_start(k) + self._rank_size(k), self.ncells)

    @property
    def ranks(self) -> int:
        """Number of ranks, the last possibly incomplete."""
        pair, rem = divmod(self.ncells, self._period)
        return 2 * pair + (0 if rem == 0 else 1 if rem <= self.nrank1 else 2)

    @property
    def bottom_cells(self) -> frozenset[int]:
        """The highest-numbered cell of each rank, always inactive (seed 000, §2.1)."""
        return self._bottom

    @property
    def inactive(self) -> frozenset[int]:
        """Every inactive cell, bottom cells included."""
        return self._inactive

    def _check(self, n: int) -> None:
        if not 1 <= n <= self.ncells:
            raise InvalidInputError(f"bad cell {n!r}: cells are 1..{self.ncells}")

    def rank_position(self, n: int) -> tuple[int, int]:
        """0-based ``(rank, position in rank)`` of cell ``n``, counted from the top."""
        self._check(n)
        pair, rem = divmod(n - 1, self._period)
        if rem < self.nrank1:
            return 2 * pair, rem
        return 2 * pair + 1, rem - self.nrank1

    def hex_of(self, n: int) -> Hex:
        """The hex of cell ``n`` (odd-q, ``col`` = rank, ``row`` = position)."""
        k, p = self.rank_position(n)
        return from_offset(k, p, self.kind)

    def cell_at(self, h: Hex) -> int | None:
        """The number of the cell at ``h``, or ``None`` outside the area of war."""
        k, p = to_offset(h, self.kind)
        if k < 0 or not 0 <= p < self._rank_size(k):
            return None
        n = self._rank_start(k) + p + 1
        return n if n <= self.ncells else None

    def is_active(self, n: int) -> bool:
        """Whether cell ``n`` exists and is active."""
        return 1 <= n <= self.ncells and n not in self._inactive

    def successor(self, n: int, k: int) -> int:
        """IDAHEX ``[successor](n, k)`` (seed 000, §2.1).

        The first successor is the cell below, the second the cell to the upper right, the
        third the cell to the lower right; the result is -1 if cell ``n`` is inactive or its
        ``k``-th successor is inactive or nonexistent.

        Raises:
            InvalidInputError: ``n`` is not 1..ncells or ``k`` is not 1..3.
        """
        self._check(n)
        if not 1 <= k <= 3:
            raise InvalidInputError(f"bad successor index {k!r}: must be 1..3")
        if not self.is_active(n):
            return -1
        direction = (Direction.S, Direction.NE, Direction.SE)[k - 1]
        m = self.cell_at(self.hex_of(n).neighbor(direction))
        return m if m is not None and self.is_active(m) else -1

    def rim(self, n: int) -> tuple[int | None, ...]:
        """The six rim cells of cell ``n`` (seed 000, §5.3), ``None`` where none exists.

        Position ``i`` holds the neighbour in the direction with key code ``i + 1``: upper
        left, lower left, above, below, upper right, lower right. That is the seed's "ordered
        by number, from lowest to highest" for an interior cell, and keeps each position's
        direction at the edge ("the fourth rim cell of cell 1 is cell 2"). Inactive cells are
        reported: they exist geometrically, and IDAHEX's *haven* tests activity itself; see
        ``active_rim``.
        """
        rim = self._rims.get(n)
        if rim is None:
            h = self.hex_of(n)
            rim = self._rims[n] = tuple(self.cell_at(h.neighbor(d)) for d in Direction)
        return rim

    def active_rim(self, n: int) -> tuple[int | None, ...]:
        """``rim(n)`` with inactive cells replaced by ``None``."""
        rim = self._active_rims.get(n)
        if rim is None:
            rim = tuple(m if m is not None and self.is_active(m) else None for m in self.rim(n))
            self._active_rims[n] = rim
        return rim

    def neighborhood(self, n: int) -> tuple[int, ...]:
        """Cell ``n`` and the cells of ``rim(n)`` that exist (inactive ones included), in
        rim order: the cells "in or next to" ``n``."""
        near = self._near.get(n)
        if near is None:
            near = self._near[n] = (n, *(m for m in self.rim(n) if m is not None))
        return near

    def __len__(self) -> int:
        return self.ncells

    def __iter__(self) -> Iterator[Hex]:
        """The hexes of cells 1..ncells, in cell order."""
        return (self.hex_of(n) for n in range(1, self.ncells + 1))

    def __contains__(self, h: object) -> bool:
        return isinstance(h, Hex) and self.cell_at(h) is not None

    def active_hexes(self) -> list[Hex]:
        """The hexes of the active cells, in cell order."""
        return [self.hex_of(n) for n in range(1, self.ncells + 1) if n not in self._inactive]


class AggressorGrid:
    """Aggressor map coordinates ``@`` + column letter + row letter (seed 003, MAP BOARD).

    21 columns A..U, left to right, by 15 rows A..O, top to bottom; ``@AA`` is the top left
    hex and ``@UO`` the bottom right. Odd-q with 0-based column: column A sits high and B, D,
    ... are shifted down half a hex ("1st column odd, low shift"). ``@@`` (the partisan-contact
    target of the key-7 prompt) is not a hex and does not parse. Letters are read in either
    case; labels are written in capitals.
    """

    kind: ClassVar[OffsetKind] = OffsetKind.ODD_Q
    columns: ClassVar[int] = 21
    rows: ClassVar[int] = 15
    _rule: ClassVar[str] = "'@' + column letter A..U + row letter A..O"

    __slots__ = ()

    def __repr__(self) -> str:
        return "AggressorGrid()"

    def parse(self, label: str) -> Hex:
        """The hex named by ``label``, e.g. ``"@KH"``.

        Raises:
            InvalidInputError: quoting ``label`` and the rule it breaks.
        """
        if len(label) != 3 or label[0] != "@":
            raise InvalidInputError(f"bad Aggressor coordinate {label!r}: must be {self._rule}")
        col = _LETTERS.find(label[1].upper())
        row = _LETTERS.find(label[2].upper())
        if not 0 <= col < self.columns:
            raise InvalidInputError(f"bad Aggressor coordinate {label!r}: column must be A..U")
        if not 0 <= row < self.rows:
            raise InvalidInputError(f"bad Aggressor coordinate {label!r}: row must be A..O")
        return from_offset(col, row, self.kind)

    def _offset(self, h: Hex) -> tuple[int, int] | None:
        col, row = to_offset(h, self.kind)
        if 0 <= col < self.columns and 0 <= row < self.rows:
            return col, row
        return None

    def label(self, h: Hex) -> str:
        """The coordinate of ``h``, e.g. ``"@KH"``.

        Raises:
            InvalidInputError: ``h`` is off the map.
        """
        offset = self._offset(h)
        if offset is None:
            raise InvalidInputError(f"hex {h} is off the Aggressor map (@AA..@UO)")
        return f"@{_LETTERS[offset[0]]}{_LETTERS[offset[1]]}"

    def column_of(self, h: Hex) -> str:
        """The column letter of ``h``."""
        return self.label(h)[1]

    def row_of(self, h: Hex) -> str:
        """The row letter of ``h``."""
        return self.label(h)[2]

    def contains(self, h: Hex) -> bool:
        """Whether ``h`` is on the map."""
        return self._offset(h) is not None

    def __contains__(self, h: object) -> bool:
        return isinstance(h, Hex) and self.contains(h)

    def __len__(self) -> int:
        return self.columns * self.rows

    def __iter__(self) -> Iterator[Hex]:
        """All hexes, column by column (A..U), each top to bottom."""
        return (
            from_offset(col, row, self.kind)
            for col in range(self.columns)
            for row in range(self.rows)
        )


@dataclass(frozen=True, slots=True)
class Band:
    """A named set of whole rows or columns of an air war board, as data.

    Attributes:
        name: e.g. ``"territory_1"`` or ``"no_mans_land"``.
        axis: ``"row"`` selects by row number, ``"column"`` by column (A = 1).
        indices: the 1-based row numbers or column numbers in the band.
        source: the seed passage the band transcribes.
    """

    name: str
    axis: Literal["row", "column"]
    indices: tuple[int, ...]
    source: str


def _span(first: int, last: int) -> tuple[int, ...]:
    return tuple(range(first, last + 1))


class AirwarBoard:
    """An air war board of fields ``<column letter><row number>`` (seed 001, §2.0 and §3).

    Use ``large()``, ``small()`` or ``small_rotated()``; see the module docstring for the
    rulings on orientation and regions. ``rows`` and ``columns`` count the label rows and
    columns, which keep their names when the board is rotated.
    """

    __slots__ = ("bands", "columns", "kind", "name", "rows")

    columns: int
    rows: int

    def __init__(
        self, name: str, rows: int, kind: OffsetKind, bands: tuple[Band, ...], columns: int = 21
    ) -> None:
        if kind not in (OffsetKind.ODD_R, OffsetKind.ODD_Q):
            raise InvalidInputError(f"bad air war board kind {kind}: must be odd-r or odd-q")
        self.name = name
        self.rows = rows
        self.columns = columns
        self.kind = kind
        self.bands = bands

    def __repr__(self) -> str:
        return f"AirwarBoard.{self.name}()"

    @classmethod
    def large(cls) -> AirwarBoard:
        """49 rows x 21 columns; middle boundary through row 25 (seed 001, §2.0, §3)."""
        return cls("large", 49, OffsetKind.ODD_R, _symmetric_bands(49))

    @classmethod
    def small(cls) -> AirwarBoard:
        """25 rows x 21 columns; middle boundary through row 13 (seed 001, §2.0, §3)."""
        return cls("small", 25, OffsetKind.ODD_R, _symmetric_bands(25))

    @classmethod
    def small_rotated(cls) -> AirwarBoard:
        """The small board turned a right angle for the unequal game (seed 001, §3)."""
        source = (
            "§3: Player A has territory in the middle nine horizontal rows of fields, and "
            "player B has his territory divided, with six horizontal rows of fields on each "
            "end of the board. The 4 horizontal rows one on each side of the two common "
            "boundary lines are no-man's-land."
        )
        bands = (
            Band("territory_a", "column", _span(7, 15), source),
            Band("territory_b", "column", _span(1, 6) + _span(16, 21), source),
            Band("no_mans_land", "column", (6, 7, 15, 16), source),
        )
        return cls("small_rotated", 25, OffsetKind.ODD_Q, bands)

    def _offset(self, col: int, row: int) -> tuple[int, int]:
        # The rotated board is the transposed layout; see the module docstring.
        return (col, row) if self.kind is OffsetKind.ODD_R else (row, col)

    def _rule(self) -> str:
        return f"column letter A..{_LETTERS[self.columns - 1]} + row number 1..{self.rows}"

    def parse(self, label: str) -> Hex:
        """The hex of field ``label``, e.g. ``"K25"`` (letter in either case).

        Raises:
            InvalidInputError: quoting ``label`` and the rule it breaks.
        """
        text = label.strip()
        if len(text) < 2 or not text[1:].isdigit() or not text[1:].isascii():
            raise InvalidInputError(f"bad air war field {label!r}: must be {self._rule()}")
        col = _LETTERS.find(text[0].upper())
        row = int(text[1:]) - 1
        if not 0 <= col < self.columns:
            raise InvalidInputError(
                f"bad air war field {label!r}: column must be A..{_LETTERS[self.columns - 1]}"
            )
        if not 0 <= row < self.rows:
            raise InvalidInputError(f"bad air war field {label!r}: row must be 1..{self.rows}")
        return from_offset(*self._offset(col, row), self.kind)

    def _field(self, h: Hex) -> tuple[int, int] | None:
        """0-based ``(column, row)`` of the field at ``h``, or ``None`` off the board."""
        col, row = self._offset(*to_offset(h, self.kind))
        if 0 <= col < self.columns and 0 <= row < self.rows:
            return col, row
        return None

    def _field_or_raise(self, h: Hex) -> tuple[int, int]:
        field = self._field(h)
        if field is None:
            raise InvalidInputError(f"hex {h} is off the {self.name} air war board")
        return field

    def label(self, h: Hex) -> str:
        """The field label of ``h``, e.g. ``"K25"``.

        Raises:
            InvalidInputError: ``h`` is off the board.
        """
        col, row = self._field_or_raise(h)
        return f"{_LETTERS[col]}{row + 1}"

    def row_of(self, h: Hex) -> int:
        """The row number (1..rows) of the field at ``h``."""
        return self._field_or_raise(h)[1] + 1

    def column_of(self, h: Hex) -> str:
        """The column letter of the field at ``h``."""
        return _LETTERS[self._field_or_raise(h)[0]]

    def contains(self, h: Hex) -> bool:
        """Whether ``h`` is a field of this board."""
        return self._field(h) is not None

    def __contains__(self, h: object) -> bool:
        return isinstance(h, Hex) and self.contains(h)

    def __len__(self) -> int:
        return self.rows * self.columns

    def __iter__(self) -> Iterator[Hex]:
        """All fields, row by row (1..rows), each from column A."""
        return (
            from_offset(*self._offset(col, row), self.kind)
            for row in range(self.rows)
            for col in range(self.columns)
        )

    def band(self, name: str) -> frozenset[Hex]:
        """The hexes of the band called ``name``.

        Raises:
            InvalidInputError: no band has that name.
        """
        for band in self.bands:
            if band.name == name:
                wanted = set(band.indices)
                pick = 1 if band.axis == "row" else 0
                return frozenset(h for h in self if (self._field_or_raise(h)[pick] + 1) in wanted)
        names = ", ".join(b.name for b in self.bands)
        raise InvalidInputError(f"no band {name!r} on the {self.name} board (bands: {names})")

    def regions(self) -> dict[str, frozenset[Hex]]:
        """Every band as a region, name -> hexes (for ``HexMap``)."""
        return {b.name: self.band(b.name) for b in self.bands}


def _symmetric_bands(rows: int) -> tuple[Band, ...]:
    middle = (rows + 1) // 2
    source = (
        "§2.0: the board is divided into two equal parts by a heavy dashed line in the middle. "
        "[...] The fields adjacent to the middle boundary belong to the territory of neither "
        "player and make up a region called no-man's-land."
    )
    return (
        Band("territory_1", "row", _span(1, middle - 1), source),
        Band("territory_2", "row", _span(middle + 1, rows), source),
        Band("no_mans_land", "row", (middle,), source),
    )
