"""The Aggressor map as a board description (seed 003, MAP BOARD), from a side's view only.

Own units are counters with their number (the ``U`` of ``U K`` orders) above the type symbol
and Range-Strength below; enemy units appear only where the view shows them, identified or as
"?" (OBSERVATION). Sector boundaries (between columns G/H and N/O, rows E/F and J/K) are drawn
on the hexsides, the border column K is shaded, CBR hexes are marked, and each held sector is
tinted in its holder's colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from hexwar.core.boards import (
    Board,
    Counter,
    HexCell,
    Hexside,
    Highlight,
    SideStyle,
    Style,
)
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


def _unit_flags(u: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(
        f
        for f, on in (
            ("dug-in", u["emplaced"]),
            ("busy", u["frozen"]),
            ("acted", u["acted"]),
            ("in-cbr", u["in_cbr"]),
        )
        if on
    )


@cache
def _hexes(terrain: tuple[str, ...]) -> tuple[HexCell, ...]:
    """The map's hexes, labelled ``@XY`` (the terrain rows are the scenario's, fixed for a
    game, so the cells are built once)."""
    return tuple(
        HexCell(rl.hex_of(c), rl.label(c), terrain[rl.col_row(c)[1]][rl.col_row(c)[0]])
        for c in range(rl.NCELLS)
    )


def describe_board(view: View) -> Board:
    """The map as ``view.side`` sees it."""
    d = view.data
    side = str(d["side"])
    hexes = _hexes(tuple(d["terrain"]))
    counters = [
        Counter(
            ref=str(u["number"]),
            at=rl.hex_of(rl.parse_label(u["at"])),
            side=side,
            symbol=_SYMBOLS[u["type"]],
            name=f"{u['type']} {u['number']}",
            top=str(u["number"]),
            bottom=f"{u['range']}-{u['strength']}",
            flags=_unit_flags(u),
        )
        for u in d["units"]
    ]
    enemy = rl.other(side)
    for e in d["enemy"]:
        kind = e["type"]
        counters.append(
            Counter(
                ref=e["at"],
                at=rl.hex_of(rl.parse_label(e["at"])),
                side=enemy,
                symbol=_SYMBOLS.get(kind, "unknown") if kind else "unknown",
                name=f"enemy {kind or 'unidentified'} at {e['at']}",
                top="?" if not kind else "",
            )
        )
    highlights = [
        Highlight(
            tuple(rl.hex_of(rl.cell_of(rl.BORDER_COLUMN, r)) for r in range(rl.ROWS)), "border"
        )
    ]
    for i, name in enumerate(rl.SECTOR_NAMES):
        holder = d["control"].get(name)
        if holder in SIDES:
            highlights.append(
                Highlight(tuple(rl.hex_of(c) for c in _sector_cells(i)), f"held-{holder}")
            )
    if d["cbr"]:
        highlights.append(Highlight(tuple(rl.hex_of(rl.parse_label(c)) for c in d["cbr"]), "cbr"))
    held = {s: sum(1 for v in d["control"].values() if v == s) for s in rl.SIDES}
    status = [
        ("round", f"{d['round']} of {d['max_rounds']}"),
        ("phase", str(d["phase"])),
        ("to move", str(d["active"])),
        ("aggressor", str(d["aggressor"] or "none yet")),
        ("partisans", str(d["partisans"])),
        ("sectors", f"West {held['west']}, East {held['east']} (5 to win)"),
    ]
    if d.get("enemy_units_left") is not None:
        status.append(("enemy units left", str(d["enemy_units_left"])))
    return Board(
        title="Aggressor",
        orientation="flat",
        hexes=hexes,
        terrain=TERRAIN,
        sides=SIDES,
        counters=tuple(counters),
        hexsides=_SECTOR_HEXSIDES,
        highlights=tuple(highlights),
        hexside_styles=HEXSIDES,
        highlight_styles=HIGHLIGHTS,
        flag_styles=FLAGS,
        status=tuple(status),
        viewer=side,
    )
