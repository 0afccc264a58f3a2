"""Terminal play with the original keys (seed 003, TURN SEQUENCE E).

The selected unit is shown on the map in brackets, its Range and Strength under the map. A key
is typed as a line: ``1``-``6`` move or attack in the six directions (1 upper left, 2 lower
left, 3 above, 4 below, 5 upper right, 6 lower right), ``7`` asks for a special function and
prompts for its target (``@@`` for Partisan Contact, the unit's own hex for Replacement),
``0`` ends the turn, and any other key cycles to the next unit in choice order. Lines that
start with ``:`` are commands of the front end (``:help``, ``:units``, ``:quit``,
``:concede``); a whole order in the text notation (``3 4``, ``3 7 @KH``) is also accepted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from hexwar.core.views import View
from hexwar.rulesets.aggressor.ai import computer_setup
from hexwar.rulesets.aggressor.legal import Board, unit_options
from hexwar.rulesets.aggressor.render import render, unit_table

__all__ = ["KeyboardPlayer"]

HELP = """Keys (type one and press Enter):
  1-6  move or attack: 1 upper left, 2 lower left, 3 above, 4 below, 5 upper right,
       6 lower right (toward a friendly Support unit: request supply)
  7    special function; you are asked for a target: @@ partisan contact, the unit's own
       hex replacement, else a hex (an airbase may add 'recon' or 'strike')
  0    end your turn
  any other key: the next unit
  :units  list your units    :help  this text    :quit  stop (resume later)
  :concede  concede the game"""


class KeyboardPlayer:
    """The key-driven front end for one side; remembers the selected unit."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.selected: int | None = None

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
            return self._setup(read, write)
        if data["phase"] == "partisans":
            return self._partisans(data, read, write)
        self._cycle(data, advance=False)
        while True:
            write(render(data, self.selected))
            key = read("key> ").strip()
            if key in {":quit", ":q"}:
                return None
            if key == ":concede":
                return ":concede"
            if key == ":help":
                write(HELP)
                continue
            if key == ":units":
                write(unit_table(data))
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
            if len(key.split()) >= 2 and key.split()[0].isdigit():
                return key  # a whole order in the text notation
            self._cycle(data, advance=True)

    def _setup(self, read: Callable[[str], str], write: Callable[[str], None]) -> str | None:
        write(
            "SET UP: choose 18 units and place them in your territory "
            f"({'columns A-J' if self.side == 'west' else 'columns L-U'}), e.g.\n"
            "  setup armor@JH infantry@JI artillery@IH ...   (types: airbase missile "
            "artillery armor infantry support)\n"
            "or type 'auto' for the computer's set-up, ':quit' to stop."
        )
        line = read("setup> ").strip()
        if line in {":quit", ":q"}:
            return None
        if line == "auto":
            return str(computer_setup(self.side, np.random.default_rng()))
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
