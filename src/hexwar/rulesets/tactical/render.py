"""The tactical board as text for terminal play, in the coordinates the orders use.

The board is drawn on the axial grid itself: text line ``r``, column ``q`` is the hex ``q,r``
that orders and messages name (``move A1 3,4``), so a player reads a hex's coordinates off
the labels with no arithmetic. A hex grid drawn this way is slanted -- a rectangular map
becomes a parallelogram -- and each hex touches the hexes left and right of it, above and
below it, above-right and below-left. Each hex is four characters (and a space where the
terminal is wide enough): terrain, base elevation (in the scenario's elevation steps), a mark
(objective, bunker, road, hedge...) and the letter of the units in it, which the key under the
board names (``a`` ... your units, ``A`` ... the enemy units seen); the legend is on demand.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from hexwar.core.hexes import Hex
from hexwar.core.screen import wrap
from hexwar.rulesets.tactical.scenario import LEGEND
from hexwar.rulesets.tactical.units import unit_states

__all__ = [
    "draw_board",
    "full_text",
    "legend",
    "screen",
    "status_line",
    "unit_key",
    "unit_list",
    "unit_marks",
]

_OWN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ENEMY_LETTERS = _OWN_LETTERS.upper()

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


def draw_board(d: Mapping[str, Any], width: int = 80) -> list[str]:
    """The board lines of a tactical view: header of ``q``, one line per ``r``. Each hex is
    four characters and a space where that fits in ``width``, four characters otherwise (and
    the columns in strips, each with its header, where even that is too wide); a hex with
    units shows their letter (:func:`unit_marks`)."""
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
    own_marks, enemy_marks = unit_marks(d)
    qs = sorted({h.q for h in terrain})
    rs = sorted({h.r for h in terrain})
    wide = 6 + 5 * len(qs) - 1 <= width
    cell = 5 if wide else 4
    left = 6 if wide else 5
    per_strip = max(1, (width - left + (1 if wide else 0)) // cell)
    lines: list[str] = []
    for first in range(0, len(qs), per_strip):  # columns in strips when even 4 do not fit
        strip = qs[first : first + per_strip]
        head = "  r\\q " if wide else " r\\q "
        lines.append(head + "".join(f"{q:<{cell}}" for q in strip).rstrip())
        for r in rs:
            cells = []
            for q in strip:
                h = Hex(q, r)
                if h not in terrain:
                    cells.append(" " * cell)
                    continue
                level = round(elevation[h] / step)
                who = own_marks.get(h) or enemy_marks.get(h) or " "
                text = f"{who}{_SYMBOL.get(terrain[h], '?')}{min(level, 9)}{marks.get(h, ' ')}"
                cells.append(text + (" " if wide else ""))
            lines.append((f"{r:>4}  " if wide else f"{r:>4} ") + "".join(cells).rstrip())
    return lines


def unit_marks(d: Mapping[str, Any]) -> tuple[dict[Hex, str], dict[Hex, str]]:
    """The letter of each hex with units on the board: your units' hexes ``a``, ``b``... in
    the order of your unit list (commanders after the units), the enemy units seen ``A``,
    ``B``... (``@`` and ``X`` once the letters run out)."""
    own: dict[Hex, str] = {}
    for item in [*d["units"], *d["commanders"]]:
        if item["hex"]:
            h = Hex.from_str(item["hex"])
            if h not in own:
                own[h] = _OWN_LETTERS[len(own)] if len(own) < len(_OWN_LETTERS) else "@"
    enemy: dict[Hex, str] = {}
    for e in d["enemy_units"]:
        h = Hex.from_str(e["hex"])
        if h not in enemy:
            enemy[h] = _ENEMY_LETTERS[len(enemy)] if len(enemy) < len(_ENEMY_LETTERS) else "X"
    return own, enemy


def unit_key(d: Mapping[str, Any], width: int = 80) -> list[str]:
    """Which units the board's letters stand for: ``yours: a R1  b RU-HQ+KPT ...`` and
    ``seen: A DE-RGT ...`` (units sharing a hex joined by ``+``), wrapped to ``width``."""
    own_marks, enemy_marks = unit_marks(d)
    lines: list[str] = []
    for title, marks, items in (
        ("yours:", own_marks, [*d["units"], *d["commanders"]]),
        ("seen: ", enemy_marks, d["enemy_units"]),
    ):
        by_hex: dict[Hex, list[str]] = {}
        for item in items:
            if item["hex"]:
                by_hex.setdefault(Hex.from_str(item["hex"]), []).append(str(item["id"]))
        if not by_hex:
            continue
        entries = [f"{marks[h]} {'+'.join(ids)}" for h, ids in by_hex.items()]
        text = "  ".join(entries)
        if lines and title == "seen: " and len(lines[-1]) + 3 + len(title) + len(text) <= width:
            lines[-1] += f"   {title.strip()} {text}"  # both on one line where they fit
            continue
        lines.extend(
            textwrap.wrap(
                text,
                width,
                initial_indent=title + " ",
                subsequent_indent=" " * (len(title) + 1),
                break_on_hyphens=False,
                break_long_words=False,
            )
        )
    return lines


def legend(d: Mapping[str, Any], width: int = 80) -> str:
    """What the board's characters mean, for this view, wrapped to ``width``."""
    elevations = {float(e) for *_, e in d["map"]["hexes"]}
    step = _elevation_step(elevations)
    used = sorted({t for _, _, t, _ in d["map"]["hexes"]})
    terrain = ", ".join(f"{_SYMBOL.get(t, '?')} {t}" for t in used)
    marks = "; ".join(f"{ch} {text}" for ch, text in _MARKS)
    return wrap(
        f"Hex q,r is column q, line r; it touches the hexes left, right, above, below, "
        f"above-right and below-left of it. Each hex: terrain, elevation (x {step:g} m), "
        "mark, units (a, b... yours, A, B... enemy units seen: the key under the board names "
        "them).\n"
        f"Terrain: {terrain}.\nMarks: {marks}.",
        width,
    )


def status_line(d: Mapping[str, Any]) -> str:
    """The turn, the side and the score in one line."""
    return (
        f"Turn {d['turn']}/{d['turns']} (minute {d['minutes']}; {d['meters_per_hex']} m hexes)  "
        f"{d['side']}: {d['nation']} {d['year']}  "
        "score " + ", ".join(f"{side} {points}" for side, points in d["score"].items())
    )


def unit_list(d: Mapping[str, Any], width: int = 80) -> str:
    """Your units and commanders with their letter on the board, the enemy units seen, the
    objectives; wrapped to ``width``."""
    own_marks, enemy_marks = unit_marks(d)

    def letter(marks: Mapping[Hex, str], at: str | None) -> str:
        return marks[Hex.from_str(at)] if at else " "

    lines = ["Your units (letter id kind SP hex AP ammo morale state; * raised by leadership):"]
    for u in d["units"]:
        state = " ".join(
            unit_states(
                u["disrupted"],
                u["improved"],
                u.get("carrier") or u["mounted"],
                u["in_supply"],
                short=True,
            )
        )
        lines.append(
            f"{letter(own_marks, u['hex'])} {u['id']:<6} {u['kind']:<8} {u['sp']:>2} SP at "
            f"{u['hex'] or 'off map':<7} {u['ap']:>3g} AP ammo {u['ammo']} morale "
            f"{u['led_morale']}{'*' if u['led_morale'] > u['morale'] else ' '} {state}".rstrip()
        )
    for c in d["commanders"]:
        lines.append(
            f"{letter(own_marks, c['hex'])} {c['id']:<6} commander L{c['leadership']} "
            f"C{c['command']} at {c['hex'] or 'off map'} {c['ap']:g} AP"
        )
    if d["enemy_units"]:
        lines.append("Enemy units in sight:")
        for e in d["enemy_units"]:
            lines.append(
                f"{letter(enemy_marks, e['hex'])} {e['id']:<6} {e['kind']:<8} {e['sp']:>2} SP "
                f"at {e['hex']}"
            )
    objs = ", ".join(f"{o['hex']} ({o['vp']} VP, {o['control'] or '-'})" for o in d["objectives"])
    lines.append(f"Objectives: {objs}")
    return wrap("\n".join(lines), width)


def screen(d: Mapping[str, Any], width: int = 80, height: int | None = None) -> str:
    """What the terminal shows at each decision: the status line, the board and the key of
    its letters, all within ``width``; the unit list too where ``height`` lines leave room
    for it, the prompt and one line more (the legend and the unit list are otherwise on demand:
    ``:legend``, ``:units``)."""
    lines = [wrap(status_line(d), width), *draw_board(d, width), *unit_key(d, width)]
    units = unit_list(d, width)
    if height is not None and len(lines) + units.count("\n") + 1 + 2 <= height:
        lines.append(units)
    return "\n".join(lines)


def full_text(d: Mapping[str, Any], width: int = 80) -> str:
    """Everything at once (the web page's text): the board, its key, the legend, the units."""
    return "\n".join([screen(d, width), legend(d, width), unit_list(d, width)])
