"""The terminal's size and text wrapped to it, for the rulesets' terminal boards.

A board printed at the terminal fits its width: :func:`size` is the terminal's (the
``COLUMNS`` and ``LINES`` variables first, 80x24 where there is no terminal) and :func:`wrap`
breaks a text's long lines at spaces, continuing each under its own indentation, never inside
a word (a unit id or a hex label stays whole).
"""

from __future__ import annotations

import shutil
import textwrap

__all__ = ["DEFAULT_SIZE", "size", "wrap"]

DEFAULT_SIZE = (80, 24)


def size() -> tuple[int, int]:
    """The terminal's columns and lines (``COLUMNS``/``LINES`` first; 80x24 without one)."""
    columns, lines = shutil.get_terminal_size(DEFAULT_SIZE)
    return max(columns, 40), max(lines, 10)


def wrap(text: str, width: int) -> str:
    """``text`` with every line longer than ``width`` broken at spaces; a continuation is
    indented two spaces more than the line it continues."""
    out: list[str] = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        out.extend(
            textwrap.wrap(
                line,
                width,
                initial_indent="",
                subsequent_indent=indent + "  ",
                break_long_words=True,
                break_on_hyphens=False,
                drop_whitespace=True,
            )
            or [""]
        )
    return "\n".join(out)
