"""Aggressor's rules as pure functions and tables (seed 003_1698e9697f800457.txt).

The board is addressed by a cell index ``col * ROWS + row`` (0-based column A..U and row
A..O); labels (``@KH``) and the core's axial ``Hex`` exist only at the edges. Every function
that encodes a formula of the seed names its section.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Final

from hexwar.core.hexes import Direction, Hex, distance, from_offset, line, to_offset
from hexwar.core.numberings import AggressorGrid

__all__ = [
    "BORDER_COLUMN",
    "COLS",
    "DIST",
    "GRID",
    "NCELLS",
    "NEIGHBOURS",
    "ROWS",
    "SECTOR_NAMES",
    "SIDES",
    "UNIT_TYPES",
    "UnitType",
    "air_loss_chance",
    "cell_of",
    "hit_chance",
    "label",
    "parse_label",
    "partisan_chance",
    "replacement_chance",
    "step_loss",
]

GRID: Final = AggressorGrid()
COLS: Final = 21
ROWS: Final = 15
NCELLS: Final = COLS * ROWS
BORDER_COLUMN: Final = 10  # column K, "the central column" (MAP BOARD)
SIDES: Final = ("west", "east")
# GAME OBJECT / VICTORY CONDITIONS: "vertical sector boundary lines are between hex columns G/H
# and N/O. The horizontal sector boundary lines are between hex rows E/F and J/K."
SECTOR_COLUMN_STARTS: Final = (0, 7, 14)
SECTOR_ROW_STARTS: Final = (0, 5, 10)
SECTOR_NAMES: Final = ("NW", "W", "SW", "N", "C", "S", "NE", "E", "SE")  # by column, then row
MISSILE_ATTACK_STRENGTH: Final = 4  # SPECIAL FUNCTIONS: "an implied Strength of four"
MISSILE_RANGE: Final = 8  # SPECIAL FUNCTIONS: "up to 8 hexes from the unit"
PARTISAN_RADIUS: Final = 3  # TURN SEQUENCE C: "within 3 hexes distance of the spot"


@dataclass(frozen=True, slots=True)
class UnitType:
    """One of the six types of GAME RULES / UNIT TYPES."""

    name: str
    range: int
    strength: int
    special: str
    symbol: str


def _load_unit_types() -> dict[str, UnitType]:
    text = (resources.files("hexwar.rulesets.aggressor") / "data" / "unit_types.toml").read_text(
        encoding="utf-8"
    )
    data = tomllib.loads(text)
    return {
        name: UnitType(name, int(t["range"]), int(t["strength"]), str(t["special"]), t["symbol"])
        for name, t in data.items()
    }


UNIT_TYPES: Final = _load_unit_types()


def cell_of(col: int, row: int) -> int:
    return col * ROWS + row


def col_row(cell: int) -> tuple[int, int]:
    return divmod(cell, ROWS)


def hex_of(cell: int) -> Hex:
    col, row = divmod(cell, ROWS)
    return from_offset(col, row, GRID.kind)


def label(cell: int) -> str:
    """``@`` + column letter + row letter (MAP BOARD), e.g. ``@KH``."""
    col, row = divmod(cell, ROWS)
    return f"@{chr(65 + col)}{chr(65 + row)}"


def parse_label(text: str) -> int:
    """The cell named ``text`` (``@KH``); InvalidInputError quoting the rule if malformed."""
    cell = _CELLS.get(text)
    if cell is not None:
        return cell
    h = GRID.parse(text.strip())
    col, row = to_offset(h, GRID.kind)
    return cell_of(col, row)


_CELLS: Final = {
    f"@{chr(65 + c)}{chr(65 + r)}": cell_of(c, r) for c in range(COLS) for r in range(ROWS)
}


def _build_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    hexes = [hex_of(c) for c in range(NCELLS)]
    index = {h: c for c, h in enumerate(hexes)}
    neighbours = tuple(
        tuple(index.get(h.neighbor(Direction.from_code(k)), -1) for k in range(1, 7)) for h in hexes
    )
    dist = tuple(tuple(distance(a, b) for b in hexes) for a in hexes)
    return neighbours, dist


NEIGHBOURS, DIST = _build_tables()
_BY_HEX: Final = {hex_of(c): c for c in range(NCELLS)}
"""``NEIGHBOURS[cell][k - 1]``: the cell in key direction ``k`` (MOVEMENT keys: 1 upper left,
2 lower left, 3 above, 4 below, 5 upper right, 6 lower right), or -1 off the map.
``DIST[a][b]``: grid distance, counting the far hex but not the near one (OBSERVATION)."""


def line_cells(a: int, b: int) -> list[int]:
    """The cells of the straight line from ``a`` to ``b`` (Recon mission's traced line)."""
    return [_BY_HEX[h] for h in line(hex_of(a), hex_of(b)) if h in _BY_HEX]


def _sector_of(cell: int) -> int:
    col, row = divmod(cell, ROWS)
    c = sum(col >= s for s in SECTOR_COLUMN_STARTS) - 1
    r = sum(row >= s for s in SECTOR_ROW_STARTS) - 1
    return c * 3 + r


_SECTOR: Final = tuple(_sector_of(c) for c in range(NCELLS))


def sector_of(cell: int) -> int:
    """Index into SECTOR_NAMES of the sector holding ``cell`` (one sector per hex: the seed's
    rejected overlap note, ``rej:``, is not applied; docs/rulings/aggressor.md)."""
    return _SECTOR[cell]


def sector_column(sector: int) -> int:
    """0 (left), 1 (centre) or 2 (right): the column of sectors of a sector."""
    return sector // 3


def territory(cell: int) -> str | None:
    """``"west"`` for columns A..J, ``"east"`` for L..U, ``None`` on the border column K."""
    col = cell // ROWS
    if col < BORDER_COLUMN:
        return "west"
    if col > BORDER_COLUMN:
        return "east"
    return None


def other(side: str) -> str:
    return "east" if side == "west" else "west"


# -- formulas ---------------------------------------------------------------------------------


def hit_chance(
    attacker_strength: int,
    defender_strength: int,
    *,
    rough: bool = False,
    cbr: bool = False,
    emplaced: bool = False,
) -> float:
    """The chance of a hit (COMBAT): 50% + 10% x (attacker - defender strength), -10% if the
    defender is in rough terrain or any CBR hex, a further -10% if it is emplaced; clamped to
    [0, 1]."""
    p = 50 + 10 * (attacker_strength - defender_strength)
    if rough or cbr:
        p -= 10
    if emplaced:
        p -= 10
    return min(100, max(0, p)) / 100


def die_hit_chance(p: float, sides: int = 10) -> float:
    """The chance of a hit with the die factor (docs/rulings/aggressor.md, "dieFac"): a d10
    hits when it shows at most ``10 p``, and a 1 always hits (author's note "die roll= 1 ->
    auto hit")."""
    spots = max(1, math.floor(p * sides + 1e-9))
    return min(sides, spots) / sides


def step_loss(range_: int, strength: int) -> tuple[int, int]:
    """A step loss (COMBAT): Range -1, or Strength -1 when Range is already 0."""
    if range_ > 0:
        return range_ - 1, strength
    return range_, strength - 1


def movement_allowance(range_: int, rough: bool) -> int:
    """MOVEMENT: current range, halved and rounded up when the unit is now in a rough hex."""
    return (range_ + 1) // 2 if rough else range_


def partisan_chance(attack_strength: int) -> float:
    """SPECIAL FUNCTIONS / Partisan Contact: 50% - 10% x the unit's rated attack Strength."""
    return max(0, 50 - 10 * attack_strength) / 100


def replacement_chance(in_home_territory: bool) -> float:
    """SPECIAL FUNCTIONS / Replacement: 60% at home, 40% elsewhere."""
    return 0.6 if in_home_territory else 0.4


def air_loss_chance(distance_: int, strength: int) -> float:
    """SPECIAL FUNCTIONS / Recon-Strike: the airbase's step-loss chance after a mission,
    ``100% x distance / 28 / current Strength`` (the first of the seed's two formulas, the one
    adopted by default; docs/rulings/aggressor.md)."""
    return min(1.0, distance_ / 28 / max(1, strength))


def air_loss_threshold(distance_: int, strength: int, strike: bool) -> int:
    """The seed's second formula: a loss when 2 dice total at most ``(distance (+ airbase
    Strength on a Strike)) / 2`` (rounded down)."""
    return (distance_ + (strength if strike else 0)) // 2
