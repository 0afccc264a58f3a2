"""The map as text for terminal play: what the viewing side may see, nothing more."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from hexwar.rulesets.aggressor import rules as rl

__all__ = ["FULL_MAP_LINES", "LEGEND", "draw_map", "render", "unit_table"]

LEGEND = """Map: your units in capitals, the enemy's in lower case: T armor, I infantry,
R artillery, M missile, A airbase, S support, K technical; ? an enemy unit not
identified, N (n) a nuked unit. Terrain: ^ rough, . clear, | the border (column
K), * a CBR hex (after a unit's letter: the unit stands on one), [T] the
selected unit. Columns A-U, rows A-O: @JC is column J, row C; odd columns
(B, D...) stand half a hex lower than the even ones beside them."""

FULL_MAP_LINES = 1 + 2 * rl.ROWS
"""Lines of the full map (a header, two lines a row of hexes); the compact map has one a row."""

_ENEMY_UNIDENTIFIED = "?"
_NUKED = "N"


def _symbol(kind: str | None) -> str:
    if kind is None:
        return _ENEMY_UNIDENTIFIED
    if kind == "nuked":
        return _NUKED
    if kind == "technical":
        return "K"
    return rl.UNIT_TYPES[kind].symbol


def draw_map(
    terrain: Sequence[str],
    cbr: Collection[int],
    own: Mapping[int, str],
    enemy: Mapping[int, str | None],
    selected: int | None = None,
    *,
    compact: bool = False,
) -> list[str]:
    """The board as the seed's map (flat-top columns A..U, odd columns half a hex low), one
    text line per half row (``compact``: one line per row, for a terminal too short for the
    whole map): ``own`` and ``enemy`` map cells to shown types, ``selected`` is the cell to
    bracket."""
    lines = ["     " + " ".join(chr(65 + c) for c in range(rl.COLS))]
    # Each row of hexes is drawn on two text lines: even columns on the first, odd columns
    # (shifted down half a hex) on the second; the compact map draws both on one line.
    for row in range(rl.ROWS):
        for half in (None,) if compact else (0, 1):
            cells = []
            for col in range(rl.COLS):
                if half is not None and col % 2 != half:
                    cells.append(" ")
                    continue
                c = rl.cell_of(col, row)
                if c in own:
                    ch = _symbol(own[c])
                elif c in enemy:
                    ch = _symbol(enemy[c]).lower()
                elif c in cbr:
                    ch = "*"
                elif col == rl.BORDER_COLUMN:
                    ch = "|"
                else:
                    ch = terrain[row][col]
                cells.append(ch)
            prefix = f"  {chr(65 + row)}  " if half != 1 else "     "
            chars = list(prefix + " ".join(cells) + "   ")
            for col in range(half or 0, rl.COLS, 1 if half is None else 2):
                c = rl.cell_of(col, row)
                pos = len(prefix) + 2 * col
                boxed = selected == c
                if boxed:  # the spaces either side take the brackets
                    chars[pos - 1], chars[pos + 1] = "[", "]"
                if c in cbr and (c in own or c in enemy) and half is not None:
                    # A unit stands on a CBR hex: its letter takes the cell, the mark follows
                    # it in the blank between columns (after the bracket if it is selected).
                    chars[pos + (2 if boxed else 1)] = "*"
            lines.append("".join(chars).rstrip())
    return lines


def render(view: Mapping[str, Any], selected: int | None = None, *, compact: bool = False) -> str:
    """The board as the viewing side may see it, then its status (:data:`LEGEND`).

    Own units are capital type letters (A airbase, M missile, R artillery, T armor,
    I infantry, S support, K technical), enemy units lower case (``?`` unidentified,
    ``n`` nuked); ``^`` rough, ``.`` clear, ``*`` a CBR hex (after the letter of a unit standing
    on one: ``T*``; not on the compact map, where the letters of neighbouring hexes leave no
    room), ``|`` the border. The selected unit (by number) is bracketed.
    """
    own = {rl.parse_label(u["at"]): u["type"] for u in view["units"]}
    at = {u["number"]: rl.parse_label(u["at"]) for u in view["units"]}
    lines = draw_map(
        view["terrain"],
        {rl.parse_label(c) for c in view["cbr"]},
        own,
        {rl.parse_label(e["at"]): e["type"] for e in view["enemy"]},
        at.get(selected) if selected is not None else None,
        compact=compact,
    )
    side = view["side"]
    control = view["control"]
    held = {s: sum(1 for v in control.values() if v == s) for s in rl.SIDES}
    if not compact:
        lines.append("")
    lines.append(
        f"{side.upper()} round {view['round']}/{view['max_rounds']}  turn: {view['active']}  "
        f"aggressor: {view['aggressor'] or 'none'}  partisans: {view['partisans']}  "
        f"held: west {held['west']} east {held['east']}"
    )
    lines.append(
        "sectors: " + "  ".join(f"{name}={owner or '-'}" for name, owner in control.items())
    )
    for u in view["units"]:
        if u["number"] == selected:
            lines.append(
                f"unit {u['number']} {u['type']} at {u['at']}: range {u['range']}/"
                f"{u['max_range']} strength {u['strength']}/{u['max_strength']}"
                f"{'  moved ' + str(u['moved']) if u['moved'] else ''}"
                f"{'  dug in' if u['emplaced'] else ''}"
                f"{'  BUSY (partisans)' if u['frozen'] else ''}"
            )
    return "\n".join(lines)


def unit_table(view: Mapping[str, Any]) -> str:
    """One line per own unit: number, type, hex, range and strength, state."""
    out = []
    for u in view["units"]:
        flags = [
            f
            for f, on in (
                ("dug-in", u["emplaced"]),
                ("busy", u["frozen"]),
                ("attacked", u["attacked"]),
                ("special", u["special_done"]),
                ("halted", u["halted"]),
                ("in-CBR", u["in_cbr"]),
            )
            if on
        ]
        out.append(
            f"  {u['number']:>2} {u['type']:<10} {u['at']}  R {u['range']}/{u['max_range']} "
            f"S {u['strength']}/{u['max_strength']}  moved {u['moved']}  {' '.join(flags)}"
        )
    return "\n".join(out)
