"""The tactical board as text for terminal play, in the coordinates the orders use.

The board is drawn on the axial grid itself: text line ``r``, column ``q`` is the hex ``q,r``
that orders and messages name (``move A1 3,4``), so a player reads a hex's coordinates off
the labels with no arithmetic. A hex grid drawn this way is slanted -- a rectangular map
becomes a parallelogram -- and each hex touches the hexes left and right of it, above and
below it, above-right and below-left. Each hex is four characters and a space: terrain, base
elevation (in the scenario's elevation steps), a mark (objective, bunker, road, hedge...) and
the units in it; the legend follows the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.scenario import LEGEND

__all__ = ["draw_board", "legend"]

_SYMBOL = {t: ch for ch, t in LEGEND.items()}
# Marks, most important first: one shows per hex.
_MARKS = (
    ("*", "objective (the list below gives its VP and holder)"),
    ("#", "bunker or pillbox"),
    ("t", "trench"),
    ("~", "smoke"),
    ("=", "road"),
    ('"', "hedge, bocage or wall on one of the hex's sides"),
)


def _elevation_step(levels: set[float]) -> float:
    """The step in which elevations are printed: the smallest positive one (10 m if none)."""
    positive = sorted(x for x in levels if x > 0)
    return positive[0] if positive else 10.0


def draw_board(d: Mapping[str, Any]) -> list[str]:
    """The board lines of a tactical view: header of ``q``, one line per ``r``."""
    hexes = d["map"]["hexes"]
    terrain = {Hex(q, r): t for q, r, t, _ in hexes}
    elevation = {Hex(q, r): float(e) for q, r, _, e in hexes}
    step = _elevation_step(set(elevation.values()))
    marks: dict[Hex, str] = {}

    def mark(h: Hex, ch: str) -> None:
        order = [m for m, _ in _MARKS]
        if h not in marks or order.index(ch) < order.index(marks[h]):
            marks[h] = ch

    for key in d["map"]["hexsides"]:
        for text in key.split("|"):
            mark(Hex.from_str(text), '"')
    for key in d["map"]["roads"]:
        for text in key.split("|"):
            mark(Hex.from_str(text), "=")
    for text in d["smoke"]:
        mark(Hex.from_str(text), "~")
    for text, kind in d["map"]["specials"].items():
        if kind in ("bunker", "pillbox"):
            mark(Hex.from_str(text), "#")
        elif kind == "trench":
            mark(Hex.from_str(text), "t")
    for o in d["objectives"]:
        mark(Hex.from_str(o["hex"]), "*")
    own: dict[Hex, int] = {}
    for u in d["units"]:
        if u["hex"]:
            h = Hex.from_str(u["hex"])
            own[h] = own.get(h, 0) + 1
    enemy = {Hex.from_str(e["hex"]) for e in d["enemy_units"]}
    qs = sorted({h.q for h in terrain})
    rs = sorted({h.r for h in terrain})
    lines = ["  r\\q " + "".join(f"{q:<5}" for q in qs).rstrip()]
    for r in rs:
        cells = []
        for q in qs:
            h = Hex(q, r)
            if h not in terrain:
                cells.append("     ")
                continue
            level = round(elevation[h] / step)
            who = "@" if h in own else ("X" if h in enemy else " ")
            cells.append(f"{_SYMBOL.get(terrain[h], '?')}{min(level, 9)}{marks.get(h, ' ')}{who} ")
        lines.append(f"{r:>4}  " + "".join(cells).rstrip())
    return lines


def legend(d: Mapping[str, Any]) -> str:
    """What the board's characters mean, for this view."""
    elevations = {float(e) for *_, e in d["map"]["hexes"]}
    step = _elevation_step(elevations)
    used = sorted({t for _, _, t, _ in d["map"]["hexes"]})
    terrain = ", ".join(f"{_SYMBOL.get(t, '?')} {t}" for t in used)
    marks = "; ".join(f"{ch} {text}" for ch, text in _MARKS)
    return (
        f"Hex q,r is column q, line r; it touches the hexes left, right, above, below, "
        f"above-right and below-left of it. Each hex: terrain, elevation (x {step:g} m), "
        "mark, units (@ yours, X enemy seen).\n"
        f"Terrain: {terrain}.\nMarks: {marks}."
    )
