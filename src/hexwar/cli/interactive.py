"""Terminal play: show each human side what it may see, read its orders, acknowledge them.

An order is acknowledged ("ok: order N accepted") only after the game store has committed it,
so a game killed at any moment resumes with every acknowledged order.

With the clock on (``hexwar play --clock``), a decision for which the ruleset sets a time
limit (:meth:`Ruleset.time_limit`: the air war's §4 minute per move) is read against it while
the player thinks, not only once Enter is pressed: when it runs out, the ruleset's late order
stands for the player's (the air war's ``late pass``).

When people play several sides at one terminal (hotseat), each change of side clears the
screen and its scrollback and waits for the next player's Enter, so that no side's view is
left on screen for another.
"""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from hexwar.core.errors import IllegalOrderError
from hexwar.core.events import render_text
from hexwar.core.game import TerminalUI
from hexwar.core.orders import CONCEDE, JsonValue
from hexwar.core.screen import wrap
from hexwar.sessions import Session, computer_order

HELP = """Commands: an order (see below), or
  :view     show your view again        :log      show everything you have seen
  :concede  concede the game            :quit     stop here (resume later)
  :auto     the computer's order for this decision (shown, then submitted)
  :help     this text"""


# Cursor home, erase the screen, erase the scrollback (xterm's "E3", which most terminals
# know): the hand-over between hotseat players.
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"


def fit(console: Console, text: str) -> str:
    """``text`` broken at spaces to the terminal's width when the console is a terminal: a log
    line or a refusal longer than the screen continues indented on the next line instead of
    being cut mid-word by the terminal. A pipe or a file gets every line whole."""
    if not console.is_terminal:
        return text
    fitted = wrap(text, console.width)
    return fitted + "\n" if text.endswith("\n") else fitted


class TimedLines:
    """Lines from standard input, each read with a deadline: a clock runs while the player
    thinks. Reads the file descriptor itself (a line buffered by ``input`` would be invisible
    to ``select``); where standard input has no descriptor that ``select`` can wait on, it
    falls back to ``input`` and the limit is checked when the line arrives."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.buffer = b""
        try:
            self.fd: int | None = sys.stdin.fileno()
            select.select([self.fd], [], [], 0)
        except (AttributeError, OSError, ValueError):
            self.fd = None

    def read(self, prompt: str, deadline: float | None = None) -> str | None:
        """The next line, or None if ``deadline`` (a ``time.monotonic`` value) passes first.
        Raises EOFError at the end of input."""
        if self.fd is None:
            return input(prompt)
        self.console.print(prompt, end="", markup=False, highlight=False)
        sys.stdout.flush()
        while b"\n" not in self.buffer:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self.fd], [], [], wait)
            if not ready:
                self.console.print()
                return None
            chunk = os.read(self.fd, 4096)
            if not chunk:
                if self.buffer:
                    break
                raise EOFError
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace")

    def input(self, prompt: str) -> str:
        """``input`` from the same buffer (for a ruleset's own terminal front end)."""
        line = self.read(prompt)
        assert line is not None  # no deadline
        return line


def play_interactively(
    session: Session, console: Console, *, clock: bool = False, seconds: float | None = None
) -> None:
    """Alternate agent decisions and human prompts until the game ends or the user stops.
    ``clock``: enforce the ruleset's time limits (``seconds`` instead of the ruleset's)."""
    lines = TimedLines(console) if clock else None
    game = session.game
    shown = dict.fromkeys(game.info.sides, -1)  # the last event shown to each side (its seq)

    def show_new_events(side: str) -> None:
        fresh = session.game.events(side, after=shown[side])
        if fresh:
            shown[side] = fresh[-1].seq
            console.print(fit(console, render_text(fresh)), end="", markup=False, highlight=False)

    uis = {side: game.ruleset.terminal_ui(side) for side in game.info.sides}
    read = lines.input if lines is not None else input
    hotseat = len(session.human_sides) > 1
    last: str | None = None  # the side that had the terminal last
    while True:
        session.play_agents()
        game = session.game  # a failed commit replaces the game by the one the store holds
        decision = game.decision()
        if decision is None:
            for side in session.human_sides or game.info.sides[:1]:
                show_new_events(side)
            outcome = game.outcome()
            assert outcome is not None  # decision() is None only when the game is over
            console.print(f"[bold]Game over.[/bold] {outcome.reason}")
            return
        humans = sorted(decision.sides - session.agents.keys())
        side = humans[0]
        if hotseat and side != last and not _hand_over(session, side, console, read):
            console.print(f"Game saved. Resume with: hexwar resume {session.game_id}")
            return
        last = side
        show_new_events(side)
        view = game.view(side)
        console.print(f"\n[bold]{side}[/bold], decision {decision.step}: {decision.prompt}")
        ui = uis[side]
        if ui is not None:
            if not _prompt_ui(session, side, console, ui, read):
                console.print(f"Game saved. Resume with: hexwar resume {session.game_id}")
                return
            continue
        console.print(game.ruleset.render_view(view), markup=False, highlight=False)
        console.print(game.ruleset.order_help(view), markup=False, highlight=False)
        limit = game.ruleset.time_limit(view) if lines is not None else None
        timed = None if limit is None else (seconds if seconds is not None else limit.seconds)
        if timed is not None:
            console.print(f"You have {timed:g} s for this move (:help: the commands).")
        if not _prompt_order(session, side, console, lines, timed):
            console.print(f"Game saved. Resume with: hexwar resume {session.game_id}")
            return


def _hand_over(session: Session, side: str, console: Console, read: Callable[[str], str]) -> bool:
    """Between two people at one terminal: clear the screen and its scrollback, so that
    nothing one side may see is left for the other, and wait until ``side`` has the terminal.
    False when the user stops (``:quit`` or end of input)."""
    console.file.write(CLEAR_SCREEN)
    console.file.flush()
    console.print(
        f"Game {session.game_id}: pass the terminal to [bold]{side}[/bold].", highlight=False
    )
    try:
        answer = read(f"{side}, press Enter when only you can see the screen (:quit to stop): ")
    except EOFError:
        console.print()
        return False
    return answer.strip() not in {":quit", ":q"}


def _prompt_order(
    session: Session,
    side: str,
    console: Console,
    lines: TimedLines | None = None,
    seconds: float | None = None,
) -> bool:
    """Read lines until one is accepted; False when the user stops (``:quit`` or end of input).
    With ``seconds``, the clock runs from the prompt on (through ``:help``, ``:view``...): a
    line after it, or none by then, gives the ruleset's late order instead."""
    game = session.game
    start = time.monotonic()
    while True:
        deadline = None if seconds is None else start + seconds
        try:
            read = lines.read(f"{side}> ", deadline) if lines is not None else input(f"{side}> ")
        except EOFError:
            console.print()
            return False
        line = "" if read is None else read.strip()
        if line in {":quit", ":q"}:
            return False
        late = seconds is not None and (read is None or time.monotonic() - start > seconds)
        if late:
            limit = game.ruleset.time_limit(game.view(side))
            line = limit.late_order if limit is not None else line
            why = f"Time is up ({seconds:g} s)" if read is None else f"Too late (> {seconds:g} s)"
            console.print(f"{why}: your order is '{line}'.", markup=False, highlight=False)
        if not line:
            continue
        if line == ":help":
            console.print(HELP, markup=False)
            console.print(game.ruleset.order_help(game.view(side)), markup=False, highlight=False)
            continue
        if line == ":view":
            console.print(game.ruleset.render_view(game.view(side)), markup=False)
            continue
        if line == ":log":
            console.print(fit(console, render_text(game.events(side))), end="", markup=False)
            continue
        order: JsonValue | str = dict(CONCEDE) if line == ":concede" else line
        if line == ":auto":
            suggested = computer_order(session, side)
            if suggested is None:
                console.print(
                    "the computer would concede here; type :concede if you agree", markup=False
                )
                continue
            console.print(f"the computer's order: {suggested[0]}", markup=False, highlight=False)
            order = suggested[1]
        try:
            submitted = session.submit(side, order)
        except IllegalOrderError as e:
            refusal = fit(console, f"refused: {e}").removeprefix("refused: ")
            console.print(f"[red]refused:[/red] {escape(refusal)}", highlight=False)
            if late:  # the late order itself refused: the clock starts again
                start = time.monotonic()
            continue
        print(f"ok: order {submitted.seq} accepted", flush=True)
        return True


def _prompt_ui(
    session: Session,
    side: str,
    console: Console,
    ui: TerminalUI,
    read: Callable[[str], str] = input,
) -> bool:
    """Let the ruleset's own front end choose an order; False when the user stops. The
    commands every prompt knows (``:auto``, ``:log``, ``:concede``) come back from it as lines
    and are answered here, as at the plain prompt."""
    game = session.game

    def write(text: str) -> None:
        console.print(text, markup=False, highlight=False)

    while True:
        try:
            line = ui.next_order(game.view(side), read, write)
        except EOFError:
            console.print()
            return False
        if line is None:
            return False
        order: JsonValue | str = dict(CONCEDE) if line.strip() == ":concede" else line
        if line.strip() == ":log":
            console.print(fit(console, render_text(game.events(side))), end="", markup=False)
            continue
        if line.strip() == ":auto":
            suggested = computer_order(session, side)
            if suggested is None:
                write("the computer would concede here; type :concede if you agree")
                continue
            write(f"the computer's order: {suggested[0]}")
            order = suggested[1]
        try:
            submitted = session.submit(side, order)
        except IllegalOrderError as e:
            refusal = fit(console, f"refused: {e}").removeprefix("refused: ")
            console.print(f"[red]refused:[/red] {escape(refusal)}", highlight=False)
            continue
        print(f"ok: order {submitted.seq} accepted", flush=True)
        return True
