"""Terminal play with the original keys (seed 003, TURN SEQUENCE E).

The selected unit is shown on the map in brackets, its Range and Strength under the map.
``1``-``6`` move or attack in the six directions (1 upper left, 2 lower left, 3 above, 4 below,
5 upper right, 6 lower right), ``7`` asks for a special function and prompts for its target
(``@@`` for Partisan Contact, the unit's own hex for Replacement), ``0`` ends the turn, and any
other key cycles to the next unit in choice order.

When standard input is a terminal a key acts the moment it is pressed, as in the original
program (POSIX terminals are put in cbreak mode for the one key and restored at once; Windows
consoles are read with ``msvcrt``). Otherwise (input from a pipe or a file, or a terminal
that cannot be switched) each key is typed as a line. Either way ``:`` starts a command of the
front end typed as a line (``:help``, ``:units``, ``:quit``, ``:concede``); in line mode a
whole order in the text notation (``3 4``, ``3 7 @KH``) is also accepted.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from typing import Any, TextIO

import numpy as np

from hexwar.core import screen
from hexwar.core.records import content_hash
from hexwar.core.views import View
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.ai import computer_setup
from hexwar.rulesets.aggressor.legal import Board, unit_options
from hexwar.rulesets.aggressor.render import FULL_MAP_LINES, LEGEND, render, unit_table

__all__ = ["KeyReader", "KeyboardPlayer", "posix_key_reader", "single_key_reader"]

KeyReader = Callable[[str], str]
"""Shows a prompt and returns one key press (raising EOFError at the end of input)."""

KEY_PROMPT = "key (1-6 move/attack, 7 special, 0 end turn, other: next unit, : command)> "


def _echoed(out: TextIO, key: str) -> str:
    """Shows the key pressed (nothing for a control key), ends the prompt's line, returns it."""
    out.write((key if key.isprintable() else "") + "\n")
    out.flush()
    return key


def _utf8_tail(lead: int) -> int:
    """How many continuation bytes follow the UTF-8 lead byte ``lead``."""
    return 1 if lead < 0xE0 else 2 if lead < 0xF0 else 3


def _escape_tail(fd: int) -> bytes:
    """The rest of an escape sequence already typed (``ESC [ A`` for an arrow key, ``ESC O P``
    for F1), read byte by byte so that keys typed after it stay unread."""
    tail = os.read(fd, 1)
    if tail not in {b"[", b"O"}:
        return tail  # a lone Escape, or Alt with a key
    while True:
        byte = os.read(fd, 1)
        tail += byte
        if not byte or tail[:1] == b"O" or 0x40 <= byte[0] <= 0x7E:
            return tail


def posix_key_reader(fd: int, out: TextIO) -> KeyReader:
    """Reads one key press from the terminal ``fd`` without waiting for Enter: cbreak mode
    (no echo, no line editing; signals such as Ctrl-C still work) for the read only, keys
    typed ahead kept, the terminal's mode restored before returning. The bytes of one press (an
    arrow key's escape sequence, a non-ASCII letter) are returned together; Ctrl-D ends the
    input."""
    import termios

    def read_key(prompt: str) -> str:
        out.write(prompt)
        out.flush()
        saved = termios.tcgetattr(fd)
        mode = termios.tcgetattr(fd)
        mode[3] &= ~(termios.ECHO | termios.ICANON)
        mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
        try:
            # TCSANOW, not tty.setcbreak's TCSAFLUSH, which would discard keys typed ahead.
            termios.tcsetattr(fd, termios.TCSANOW, mode)
            data = os.read(fd, 1)
            if data == b"\x1b" or data[:1] >= b"\xc0":
                mode[6][termios.VMIN] = 0  # the rest of the press, already there
                termios.tcsetattr(fd, termios.TCSANOW, mode)
                data += _escape_tail(fd) if data == b"\x1b" else os.read(fd, _utf8_tail(data[0]))
        finally:
            termios.tcsetattr(fd, termios.TCSANOW, saved)
        key = data.decode("utf-8", errors="replace")
        if key in {"", "\x04"}:
            raise EOFError
        return _echoed(out, key)

    return read_key


def _windows_key_reader(out: TextIO) -> KeyReader:  # pragma: no cover - Windows only
    """Reads one key press from the Windows console (``msvcrt.getwch``)."""
    if sys.platform != "win32":
        raise OSError("the Windows console reader needs Windows")
    import msvcrt

    def read_key(prompt: str) -> str:
        out.write(prompt)
        out.flush()
        key = msvcrt.getwch()
        if key in {"\x00", "\xe0"}:  # a function or arrow key: two codes
            key += msvcrt.getwch()
        if key == "\x03":
            raise KeyboardInterrupt
        if key in {"\x04", "\x1a"}:
            raise EOFError
        return _echoed(out, key)

    return read_key


def single_key_reader(stdin: TextIO | None = None, out: TextIO | None = None) -> KeyReader | None:
    """A reader of single key presses when ``stdin`` (default: standard input) is a terminal
    that can be switched to cbreak mode; ``None`` (line mode) otherwise."""
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if out is None else out
    try:
        if not stdin.isatty():
            return None
        if sys.platform == "win32":  # pragma: no cover - Windows only
            return _windows_key_reader(out)
        import termios

        fd = stdin.fileno()
        termios.tcgetattr(fd)  # a terminal whose modes we may read (and so restore)
    except (ImportError, OSError, ValueError, AttributeError):
        return None
    return posix_key_reader(fd, out)


HELP = """Keys (1-6, 7 and 0 act at once on a terminal; in line mode type one, then Enter):
  1-6  move or attack: 1 upper left, 2 lower left, 3 above, 4 below, 5 upper
       right, 6 lower right (toward a friendly Support unit: request supply)
  7    special function; you are asked for a target: @@ partisan contact, the
       unit's own hex replacement, else a hex (an airbase may add 'recon' or
       'strike')
  0    end your turn
  any other key: the next unit
  :units  list your units   :legend  the map's symbols   :view  the map again
  :help  this text   :concede  concede the game   :quit  stop (resume later)
  (after ':' the rest is typed as a line)"""


FIRST_HINT = "Keys: 1-6 move/attack, 7 special, 0 end turn; :help, :legend (the map), :units."


class KeyboardPlayer:
    """The key-driven front end for one side; remembers the selected unit."""

    def __init__(self, side: str, read_key: KeyReader | None = None) -> None:
        """``read_key`` reads single key presses (see :func:`single_key_reader`); without it
        every key is read as a line."""
        self.side = side
        self.read_key = read_key
        self.selected: int | None = None
        self._hinted = False

    def _key(self, read: Callable[[str], str]) -> str:
        """The next key: one press, or a line in line mode; ':' starts a command line."""
        if self.read_key is None:
            return read("key> ").strip()
        key = self.read_key(KEY_PROMPT)
        if key == ":":
            return ":" + read(":").strip()
        return key

    def _options(self, view: Mapping[str, Any]) -> dict[int, bool]:
        board = Board(view)
        return {u["number"]: bool(unit_options(view, board, u)) for u in view["units"]}

    def _cycle(self, view: Mapping[str, Any], advance: bool) -> None:
        """Point at the next unit in choice order that still has an option."""
        options = self._options(view)
        numbers = [n for n, ok in options.items() if ok] or list(options)
        if not numbers:
            self.selected = None
            return
        if self.selected in options and options[self.selected] and not advance:
            return
        later = [n for n in numbers if self.selected is None or n > self.selected]
        self.selected = (later or numbers)[0]

    def next_order(
        self, view: View, read: Callable[[str], str], write: Callable[[str], None]
    ) -> str | None:
        data = view.data
        if data["setup_due"]:
            return self._setup(view, read, write)
        if data["phase"] == "partisans":
            return self._partisans(data, read, write)
        self._cycle(data, advance=False)
        redraw = True
        while True:
            if redraw:  # not after an answer: what was asked stays on the screen
                # The full map (two lines a row) where the terminal has room for it, the map
                # and status and a few lines more; the compact one (a line a row) otherwise.
                compact = screen.size()[1] < FULL_MAP_LINES + 9
                board = render(data, self.selected, compact=compact)
                if not self._hinted:
                    self._hinted = True
                    board += "\n" + FIRST_HINT
                write(board)
            redraw = False
            key = self._key(read)
            if key in {":quit", ":q"}:
                return None
            if key == ":concede":
                return ":concede"
            answer = {":help": HELP, ":units": unit_table(data), ":legend": LEGEND}.get(key)
            if answer is not None:
                write(answer)
                continue
            redraw = True
            if key == ":view":
                continue
            if key == "0":
                return "0"
            if len(key) == 1 and key in "123456" and self.selected is not None:
                return f"{self.selected} {key}"
            if key == "7" and self.selected is not None:
                target = read("target (@XY, @@ partisan contact)> ").strip()
                if target:
                    return f"{self.selected} 7 {target}"
                continue
            words = key.split()
            if (
                self.read_key is None
                and len(words) >= 2
                and words[0].isascii()
                and words[0].isdigit()
            ):
                return key  # a whole order in the text notation
            self._cycle(data, advance=True)

    def _setup(
        self, view: View, read: Callable[[str], str], write: Callable[[str], None]
    ) -> str | None:
        # The example stands in the player's own territory: West's front is column J, East's
        # the mirror image, column L (rules.py: the map is symmetric about the border K).
        example = " ".join(
            f"{kind}{rl.label(rl.cell_of(col if self.side == 'west' else rl.COLS - 1 - col, row))}"
            for kind, col, row in (("armor", 9, 7), ("infantry", 9, 8), ("artillery", 8, 7))
        )
        write(
            "SET UP: choose 18 units and place them in your territory "
            f"({'columns A-J' if self.side == 'west' else 'columns L-U'}), e.g.\n"
            f"  setup {example} ...\n"
            "(types: airbase missile artillery armor infantry support)\n"
            "or type 'auto' for the computer's set-up, ':quit' to stop."
        )
        line = read("setup> ").strip()
        while line in {":help", "help", "?", ""}:
            if line:
                write(
                    "Each entry is TYPE@HEX: a unit type and a hex of your territory, written @ +"
                    " column letter + row letter (@JC: column J, row C); 18 entries in the order"
                    " of choice, one unit a hex. Types and their Range/Strength: docs/aggressor.md."
                )
            line = read("setup> ").strip()
        if line in {":quit", ":q"}:
            return None
        if line == "auto":
            # drawn from the view, so the same game offers the same set-up (not from the clock)
            seed = int(content_hash(view.to_json())[:16], 16)
            return str(computer_setup(self.side, np.random.default_rng(seed)))
        return line if line.startswith("setup") else f"setup {line}"

    def _partisans(
        self, data: Mapping[str, Any], read: Callable[[str], str], write: Callable[[str], None]
    ) -> str | None:
        n = data["partisans_to_use"]
        write(f"The enemy begins its turn. You have {n} partisans. Use how many (0-{n})?")
        line = read("partisans> ").strip()
        if line in {":quit", ":q"}:
            return None
        return f"partisans {line or 0}"
