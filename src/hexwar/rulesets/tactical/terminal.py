"""Terminal play of the tactical game (``hexwar play tactical/...``): the board once per
decision, then a prompt that takes a phase's orders or a few words for help and the board."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hexwar.core.views import View

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.ruleset import TacticalRuleset

__all__ = ["COMMANDS", "TacticalTerminal"]

COMMANDS = """Besides orders, at the prompt:
  help, :help, ?       this text and the orders        :view, view   the board again
  :legend              what the board's characters mean
  :auto                the computer's orders for this phase (shown, then sent)
  :log                 everything you have seen        :concede      concede the game
  :quit, :q            stop here (resume later)"""

_HELP_WORDS = frozenset({"help", ":help", "?", ":?", "h"})


class TacticalTerminal:
    """One human side at a terminal; sees only the view (the core's TerminalUI)."""

    def __init__(self, ruleset: TacticalRuleset, side: str) -> None:
        self.ruleset = ruleset
        self.side = side
        self._shown: int | None = None

    def prompt(self) -> str:
        return f"{self.side} orders (help: :help)> "

    def next_order(
        self, view: View, read: Callable[[str], str], write: Callable[[str], None]
    ) -> str | None:
        from hexwar.rulesets.tactical.render import legend

        if self._shown != view.step:  # the board once per decision, not after each refusal
            self._shown = view.step
            write(self.ruleset.render_view(view))
            write(self.ruleset.order_help(view))
            write("Type :help for help, :view for the board, :quit to stop.")
        while True:
            line = read(self.prompt()).strip()
            word = line.lower()
            if not line:
                continue
            if word in _HELP_WORDS:
                write(self.ruleset.order_help(view) + "\n" + COMMANDS)
            elif word in {":view", "view"}:
                write(self.ruleset.render_view(view))
            elif word in {":legend", "legend"}:
                write(legend(view.data))
            elif word in {":quit", ":q"}:
                return None
            elif word == ":concede":
                return ":concede"
            else:
                return line
