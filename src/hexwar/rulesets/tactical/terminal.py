"""Terminal play of the tactical game (``hexwar play tactical/...``): the board once per
decision, then a prompt that takes a phase's orders or a few words for help and the board.

The board fits the terminal (:func:`hexwar.core.screen.size`): at 80x24 the status line, the
map with the letters of the units and the key of those letters take 21 lines at most for the
bundled scenarios, so the prompt and the answer to the last line typed stay on the screen with
them. The legend (``:legend``), the unit list (``:units``) and the orders (``:help``) are on
demand, printed under the prompt without a redraw, so what was asked stays in sight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hexwar.core import screen as terminal
from hexwar.core.views import View

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.ruleset import TacticalRuleset

__all__ = ["COMMANDS", "TacticalTerminal"]

COMMANDS = """Besides orders, at the prompt:
  help, :help, ?   this text and the orders      :view, view   the board again
  :units           your units, the enemy seen and the objectives
  :legend          what the board's characters mean
  :auto            the computer's orders for this phase (shown, then sent)
  :log             everything you have seen      :concede      concede the game
  :quit, :q        stop here (resume later)
After a line with refused actions, its accepted ones are kept (not sent yet):
type the refused ones again, mended, to add them; send (or pass) sends the kept
ones alone, clear drops them."""

FIRST_HINT = "Orders at the prompt (:help lists them); :units your units, :legend the map."

_HELP_WORDS = frozenset({"help", ":help", "?", ":?", "h"})


class TacticalTerminal:
    """One human side at a terminal; sees only the view (the core's TerminalUI)."""

    def __init__(self, ruleset: TacticalRuleset, side: str) -> None:
        self.ruleset = ruleset
        self.side = side
        self._shown: int | None = None
        self._hinted = False
        self.kept: list[str] = []  # the accepted actions of a line that had refused ones

    def prompt(self) -> str:
        if self.kept:
            return f"{self.side} orders ({len(self.kept)} kept; send, clear)> "
        return f"{self.side} orders (help: :help)> "

    def check(self, view: View, line: str) -> tuple[list[str], list[str]]:
        """The kept actions and those of ``line``, checked in order as the game checks them
        (:class:`~hexwar.rulesets.tactical.plan.Planner` on the side's view): the accepted
        ones, and one ``action (reason)`` for each refused one, which the next are checked
        without."""
        from hexwar.core.errors import IllegalOrderError
        from hexwar.rulesets.tactical.orders import Action
        from hexwar.rulesets.tactical.plan import Planner

        planner = Planner(view.data)
        accepted: list[str] = []
        refused: list[str] = []
        parts = [p.strip() for p in line.split(";") if p.strip() and p.strip() != "pass"]
        for text in [*self.kept, *parts]:
            try:
                planner.plan(Action.from_str(text))
            except IllegalOrderError as e:
                reason = str(e).removeprefix(f"{text}: ")
                refused.append(f"{text} ({reason})")
                continue
            accepted.append(text)
        return accepted, refused

    def next_order(
        self, view: View, read: Callable[[str], str], write: Callable[[str], None]
    ) -> str | None:
        from hexwar.rulesets.tactical.render import legend, screen, unit_list

        width, height = terminal.size()
        if self._shown != view.step:  # the board once per decision, not after each refusal
            self._shown = view.step
            self.kept = []
            if not self._hinted:  # above the board: the first line to scroll away
                self._hinted = True
                write(FIRST_HINT)
            write(screen(view.data, width, height))
        while True:
            line = read(self.prompt()).strip()
            word = line.lower()
            width, height = terminal.size()
            if not line:
                continue
            if word in _HELP_WORDS:
                write(terminal.wrap(self.ruleset.order_help(view) + "\n" + COMMANDS, width))
            elif word in {":view", "view"}:
                write(screen(view.data, width, height))
            elif word in {":legend", "legend"}:
                write(legend(view.data, width))
            elif word in {":units", "units"}:
                write(unit_list(view.data, width))
            elif word in {":quit", ":q"}:
                return None
            elif word == ":concede":
                return ":concede"
            elif word.startswith(":"):
                return line  # the commands every prompt knows (:auto, :log) or a refusal
            elif word == "clear" and self.kept:
                self.kept = []
                write("cleared: nothing kept")
            elif word == "send" and self.kept:
                return "; ".join(self.kept)
            else:
                accepted, refused = self.check(view, line)
                if not refused:
                    return "; ".join(accepted) or "pass"
                self.kept = accepted
                kept = f"accepted (kept): {'; '.join(accepted)}. " if accepted else ""
                write(terminal.wrap(f"{kept}refused: {'; '.join(refused)}", width))
