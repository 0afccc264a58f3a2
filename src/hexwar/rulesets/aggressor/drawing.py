"""The Aggressor map as a board description (seed 003, MAP BOARD), from a side's view only.

Own units are counters with their number (the ``U`` of ``U K`` orders) above the type symbol
and Range-Strength below; enemy units appear only where the view shows them, identified or as
"?" (OBSERVATION). Sector boundaries (between columns G/H and N/O, rows E/F and J/K) are drawn
on the hexsides, the border column K is shaded, CBR hexes are marked, and each held sector is
tinted in its holder's colour.
"""

from __future__ import annotations

from functools import cache, lru_cache, partial
from itertools import compress, starmap
from operator import itemgetter
from typing import Any, cast

from hexwar.core.boards import (
    Board,
    Counter,
    HexCell,
    Hexside,
    Highlight,
    SideStyle,
    Style,
)
from hexwar.core.hexes import Hex
from hexwar.core.views import View
from hexwar.rulesets.aggressor import rules as rl

__all__ = ["describe_board"]

TERRAIN = {
    ".": Style("clear", "#e8e4c4"),
    "^": Style("rough (contour lines)", "#c9b27c", "contours"),
}
# Each side's one colour: its counters, the sectors it holds, its lines in the plots (which
# read it from the board: hexwar.analysis.plots). Dark enough to draw a line on white with,
# light enough for the counter's ink.
SIDES = {
    "west": SideStyle("West", "#5b9bd5", "#0b2540"),
    "east": SideStyle("East", "#e07a68", "#3d0b05"),
}
_SYMBOLS = {
    "airbase": "airbase",
    "missile": "missile",
    "artillery": "artillery",
    "armor": "armor",
    "infantry": "infantry",
    "support": "support",
    "technical": "technical",
    "nuked": "nuked",
}
FLAGS = {
    "dug-in": Style("dug in (emplaced)", "#6b4f2a"),
    "busy": Style("busy with partisans", "#8a2be2"),
    "acted": Style("has acted this turn", "#555555"),
    "in-cbr": Style("in a CBR hex", "#7fbf00"),
}
HIGHLIGHTS = {
    "border": Style("border column K", "#7a7a7a"),
    "cbr": Style("CBR contamination", "#9acd32", "hatch"),
    "held-west": Style("sector held by West", SIDES["west"].colour),
    "held-east": Style("sector held by East", SIDES["east"].colour),
}
HEXSIDES = {"sector": Style("sector boundary", "#202020")}


def _hexsides() -> tuple[Hexside, ...]:
    """The nine sectors' boundaries as the hexsides between the columns and rows that bound
    them (GAME OBJECT / VICTORY CONDITIONS)."""
    out: list[Hexside] = []
    col_starts = rl.SECTOR_COLUMN_STARTS[1:]
    row_starts = rl.SECTOR_ROW_STARTS[1:]
    for cell in range(rl.NCELLS):
        col, row = rl.col_row(cell)
        for n in rl.NEIGHBOURS[cell]:
            if n < 0 or n < cell:
                continue
            ncol, nrow = rl.col_row(n)
            crosses_col = ncol != col and max(col, ncol) in col_starts
            crosses_row = ncol == col and max(row, nrow) in row_starts
            if crosses_col or crosses_row:
                out.append(Hexside(rl.hex_of(cell), rl.hex_of(n), "sector"))
    return tuple(out)


_SECTOR_HEXSIDES = _hexsides()


def _sector_cells(index: int) -> list[int]:
    """The cells of sector ``index`` in SECTOR_NAMES order (by column, then row)."""
    ci, ri = divmod(index, 3)
    cols = (*rl.SECTOR_COLUMN_STARTS, rl.COLS)
    rows = (*rl.SECTOR_ROW_STARTS, rl.ROWS)
    return [
        rl.cell_of(c, r)
        for c in range(cols[ci], cols[ci + 1])
        for r in range(rows[ri], rows[ri + 1])
    ]


_FLAG_ORDER = ("dug-in", "busy", "acted", "in-cbr")  # a unit's flags, as _own_counter takes them


# Each cell's hex, and the hex of each cell label (``@KH``): a board names some 50 cells a
# request (counters, held sectors, CBR hexes), each a hex_of computation otherwise.
_HEX = tuple(rl.hex_of(c) for c in range(rl.NCELLS))
_HEX_AT = {rl.label(c): _HEX[c] for c in range(rl.NCELLS)}
# The highlights that are the same in every board: the border column, each sector as held by
# each side (one object each, so a board's JSON writer can keep what it wrote for them).
_BORDER = Highlight(tuple(_HEX[rl.cell_of(rl.BORDER_COLUMN, r)] for r in range(rl.ROWS)), "border")
_HELD = {
    (name, holder): Highlight(tuple(_HEX[c] for c in _sector_cells(i)), f"held-{holder}")
    for i, name in enumerate(rl.SECTOR_NAMES)
    for holder in SIDES
}


def _hex_at(label: str) -> Hex:
    found = _HEX_AT.get(label)
    return found if found is not None else rl.hex_of(rl.parse_label(label))


@cache
def _hexes(terrain: tuple[str, ...]) -> tuple[HexCell, ...]:
    """The map's hexes, labelled ``@XY`` (the terrain rows are the scenario's, fixed for a
    game, so the cells are built once)."""
    return tuple(
        HexCell(rl.hex_of(c), rl.label(c), terrain[rl.col_row(c)[1]][rl.col_row(c)[0]])
        for c in range(rl.NCELLS)
    )


# What an own unit's counter shows, read from the unit's view in one C call: a side's counters
# are kept under these values (:func:`describe_board`).
_OWN_FIELDS = itemgetter(
    "number", "at", "type", "range", "strength", "emplaced", "frozen", "acted", "in_cbr"
)
_OWN_KEPT = 4096  # own counters kept a side (a game's 18 units, in every state they are in)
_own: dict[str, dict[tuple[Any, ...], Counter]] = {}  # side -> fields -> counter
_ENEMY_FIELDS = itemgetter("at", "type")  # what an enemy counter shows (_enemy_counter's key)
_OTHER = {s: rl.other(s) for s in rl.SIDES}


def _own_counter(
    side: str,
    number: int,
    at: str,
    kind: str,
    range_: int,
    strength: int,
    *flags: bool,  # emplaced, frozen, acted, in_cbr
) -> Counter:
    """An own unit's counter."""
    return Counter(
        ref=str(number),
        at=_hex_at(at),
        side=side,
        symbol=_SYMBOLS[kind],
        name=f"{kind} {number}",
        top=str(number),
        bottom=f"{range_}-{strength}",
        flags=tuple(compress(_FLAG_ORDER, flags)),
    )


@lru_cache(maxsize=4096)
def _enemy_counter(side: str, at: str, kind: str | None) -> Counter:
    """An enemy unit's counter as the view shows it: identified or as "?"."""
    return Counter(
        ref=at,
        at=_hex_at(at),
        side=side,
        symbol=_SYMBOLS.get(kind, "unknown") if kind else "unknown",
        name=f"enemy {kind or 'unidentified'} at {at}",
        top="?" if not kind else "",
    )


@lru_cache(maxsize=256)
def _highlights(holders: tuple[str | None, ...], cbr: tuple[str, ...]) -> tuple[Highlight, ...]:
    """The border column, each sector held (``holders`` in SECTOR_NAMES order) in its
    holder's colour, the CBR hexes: one tuple while they stay (they change a few times a
    game)."""
    out = [_BORDER]
    out.extend(
        _HELD[name, holder]
        for name, holder in zip(rl.SECTOR_NAMES, holders, strict=True)
        if holder in SIDES
    )
    if cbr:
        out.append(Highlight(tuple(_hex_at(c) for c in cbr), "cbr"))
    return tuple(out)


@lru_cache(maxsize=1024, typed=True)
def _status(
    round_: int,
    max_rounds: int,
    phase: str,
    active: str,
    aggressor: str | None,
    partisans: int,
    holders: tuple[str | None, ...],
    enemy_units_left: int | None,
) -> tuple[tuple[str, str], ...]:
    """The status lines beside the map: one tuple while what they say stays (most of a turn),
    so that a board's JSON writer keeps what it wrote for them."""
    held = {s: holders.count(s) for s in rl.SIDES}
    status = [
        ("round", f"{round_} of {max_rounds}"),
        ("phase", str(phase)),
        ("to move", str(active)),
        ("aggressor", str(aggressor or "none yet")),
        ("partisans", str(partisans)),
        ("sectors", f"West {held['west']}, East {held['east']} (5 to win)"),
    ]
    if enemy_units_left is not None:
        status.append(("enemy units left", str(enemy_units_left)))
    return tuple(status)


def describe_board(view: View) -> Board:
    """The map as ``view.side`` sees it.

    Each own unit's counter is the same object while the unit stays as it is, and each enemy
    counter while the enemy is seen as it was, so a board's JSON writer keeps what it wrote
    for them: the own units' fields are read, and their counters looked up, in C (one call
    each over the units), and only a unit in a state not met before gets a counter made.
    (Written in one function, with the loops in C: a board is described once per order and
    seat, when nothing of it is in the processor's caches any more, and each Python call
    then costs far more than its own work.)"""
    d = view.data
    side = str(d["side"])
    kept = _own.get(side) or _own.setdefault(side, {})
    fields = list(map(_OWN_FIELDS, d["units"]))
    counters: list[Counter | None] = list(map(kept.get, fields))
    if not all(counters):  # (not ``None in``: that asks each counter's __eq__, in Python)
        if len(kept) >= _OWN_KEPT:
            kept.clear()
        for i, found in enumerate(counters):
            if found is None:
                counters[i] = kept[fields[i]] = _own_counter(side, *fields[i])
    enemy = _OTHER[side]
    counters.extend(starmap(partial(_enemy_counter, enemy), map(_ENEMY_FIELDS, d["enemy"])))
    control = d["control"]
    holders = tuple(map(control.get, rl.SECTOR_NAMES))
    status = _status(
        d["round"],
        d["max_rounds"],
        d["phase"],
        d["active"],
        d["aggressor"],
        d["partisans"],
        holders,
        d.get("enemy_units_left"),
    )
    return Board(
        title="Aggressor",
        orientation="flat",
        hexes=_hexes(tuple(d["terrain"])),
        terrain=TERRAIN,
        sides=SIDES,
        counters=tuple(cast(list[Counter], counters)),  # (no None left)
        hexsides=_SECTOR_HEXSIDES,
        highlights=_highlights(holders, tuple(d["cbr"])),
        hexside_styles=HEXSIDES,
        highlight_styles=HIGHLIGHTS,
        flag_styles=FLAGS,
        status=status,
        viewer=side,
    )
