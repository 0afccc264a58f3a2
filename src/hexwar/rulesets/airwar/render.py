"""The board as text for terminal play: what the viewing player may see, from his seat.

Player 1 sits at the row-1 edge with field A1 at his lower left; player 2 across the table,
with A1 at his upper right (§2.0). Each field is three characters: a mark (``#`` your city,
``%`` the opponent's city, ``+``/``-`` their airports, ``~`` no-man's-land, ``.`` your
territory, ``:`` the opponent's), then your units as a digit and the opponent's as a letter
(a = 1, b = 2, c = 3, d = 4).

The rotated board (§3) is drawn with the letters down the side and the numbers across; its
fields are flat-topped, so each letter takes two lines, the odd numbers on the first and the
even numbers half a field lower: a field touches the fields beside it on its own line and on
the lines just above and below it (docs/rulings/airwar.md, ruling 5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexwar.core.screen import wrap
from hexwar.rulesets.airwar.board import other
from hexwar.rulesets.airwar.placement import position_from_view

__all__ = ["render_view"]

LEGEND = (
    "legend: # your city  % opponent's  + your airport  - opponent's  ~ no-man's-land\n"
    "        . your territory  : opponent's  1-3 your units  a-c his (a=1 b=2 c=3)"
)

_PLAIN = {"~": "no-man's-land", ".": "your territory", ":": "the opponent's territory"}


def _all(rows: list[tuple[str, list[str]]]) -> list[str]:
    return [line for _, lines in rows for line in lines]


def _collapsed(rows: list[tuple[str, list[str]]], start: int, noun: str) -> list[str]:
    """The board's lines, each run of three or more rows (a row: its label and its lines) that
    hold nothing but the same plain ground -- no city, airport or unit -- drawn as one line:
    ``25-14  the opponent's territory, empty``. Nothing is lost: the run's fields are all
    alike. (At 80x24 the small board's 25 rows would not fit with the prompt.)"""

    def plain(lines: list[str]) -> str | None:
        marks = {ch for line in lines for ch in line[start:] if not ch.isspace()}
        return next(iter(marks)) if len(marks) == 1 and marks <= set(_PLAIN) else None

    out: list[str] = []
    i = 0
    while i < len(rows):
        mark = plain(rows[i][1])
        j = i
        while mark is not None and j + 1 < len(rows) and plain(rows[j + 1][1]) == mark:
            j += 1
        if mark is not None and j - i >= 2:
            span = f"{rows[i][0]}-{rows[j][0]}"
            out.append(f"{span:>{start - 2}}  {_PLAIN[mark]}, empty ({j - i + 1} {noun})")
        else:
            for _, lines in rows[i : j + 1]:
                out.extend(lines)
        i = j + 1
    return out


def _cell(pos: Any, h: Any, side: str) -> str:
    foe = other(side)
    city = pos.city_at(h)
    airport = pos.airport_at(h)
    geo = pos.geo
    if city is not None:
        mark = "#" if city.holder == side else "%"
    elif airport is not None:
        mark = "+" if airport.holder == side else "-"
    elif h in geo.no_mans_land:
        mark = "~"
    elif h in geo.territory[side]:
        mark = "."
    else:
        mark = ":"
    mine, theirs = pos.count(side, h), pos.count(foe, h)
    a = str(mine) if mine else " "
    b = "abcdefghij"[theirs - 1] if theirs else " "
    return f"{mark}{a}{b}"


def render_view(data: Mapping[str, Any], *, compact: bool = False, width: int | None = None) -> str:
    """The board from the viewing player's seat, the legend, the cities; the lines wrapped
    to ``width`` (if given). ``compact``: each run of three or more rows (letters on the
    rotated board) that hold only the same plain ground is one line (:func:`_collapsed`), as
    the terminal shows it."""
    pos = position_from_view(data)
    side = str(data["side"])
    geo = pos.geo
    board = geo.board
    letters = [chr(65 + i) for i in range(board.columns)]
    lines = [
        f"{data['scenario']['title']} (§{data['scenario']['section']}) -- player {side}, "
        f"{data['phase']} stage, cycle {data['cycle']}"
    ]
    if not geo.rotated:
        rows = list(range(board.rows, 0, -1)) if side == "1" else list(range(1, board.rows + 1))
        cols = letters if side == "1" else letters[::-1]
        header = ("     " + "".join(f"{c:<3}" for c in cols)).rstrip()
        lines.append(header)
        drawn = []
        for r in rows:
            shift = " " if r % 2 == 0 else ""  # 0-based odd rows (even labels) sit half right
            if side == "2":
                shift = "" if r % 2 == 0 else " "
            cells = "".join(_cell(pos, geo.parse(f"{c}{r}"), side) for c in cols)
            drawn.append((str(r), [f"{r:>3}  {shift}{cells}".rstrip()]))
        lines.extend(_collapsed(drawn, 5, "rows") if compact else _all(drawn))
        lines.append(header)
    else:
        header = ("    " + "".join(f"{n:<3}" for n in range(1, board.rows + 1))).rstrip()
        lines.append(header)
        drawn = []
        for letter in letters:
            pair = []
            for parity, label in ((1, f" {letter}  "), (0, "    ")):  # odd numbers, then even
                cells = "".join(
                    _cell(pos, geo.parse(f"{letter}{n}"), side) if n % 2 == parity else "   "
                    for n in range(1, board.rows + 1)
                )
                pair.append((label + cells).rstrip())
            drawn.append((letter, pair))
        lines.extend(_collapsed(drawn, 4, "letters") if compact else _all(drawn))
        lines.append(header)
    lines.append(LEGEND)
    if data["totals"]:
        t = data["totals"]
        lines.append(f"units: yours {t[side]}, opponent's {t[other(side)]}")
    if pos.cities:
        parts = []
        for city in pos.cities:
            who = "yours" if city.owner == side else "theirs"
            held = "" if city.holder == city.owner else f", held by player {city.holder}"
            prod = "productive" if city.productive else "not productive"
            parts.append(
                f"{geo.label(city.field)} ({who}, {prod}, airport {geo.label(city.airport)}{held})"
            )
        lines.append("cities: " + "; ".join(parts))
    left = data["transports_left"].get(side, 0)
    if left:
        lines.append(f"double transportations left: {left}")
    limit = data["scenario"].get("move_time_limit_s")
    if limit:
        lines.append(f"suggested time for this move: {limit} s (§4)")
    text = "\n".join(lines)
    return text if width is None else wrap(text, width)
