"""Terminal play: show each human side what it may see, read its orders, acknowledge them.

An order is acknowledged ("ok: order N accepted") only after the game store has committed it,
so a game killed at any moment resumes with every acknowledged order.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from hexwar.core.errors import IllegalOrderError
from hexwar.core.events import render_text
from hexwar.core.game import TerminalUI
from hexwar.core.orders import CONCEDE, JsonValue
from hexwar.sessions import Session, computer_order

HELP = """Commands: an order (see below), or
  :view     show your view again        :log      show everything you have seen
  :concede  concede the game            :quit     stop here (resume later)
  :auto     give the computer's order for this decision (shown before it is submitted)
  :help     this text"""


def play_interactively(session: Session, console: Console) -> None:
    """Alternate agent decisions and human prompts until the game ends or the user stops."""
    game = session.game
    shown = dict.fromkeys(game.info.sides, 0)

    def show_new_events(side: str) -> None:
        events = session.game.events(side)
        fresh = events[shown[side] :]
        shown[side] = len(events)
        if fresh:
            console.print(render_text(fresh), end="", markup=False, highlight=False)

    uis = {side: game.ruleset.terminal_ui(side) for side in game.info.sides}
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
        show_new_events(side)
        view = game.view(side)
        console.print(f"\n[bold]{side}[/bold], decision {decision.step}: {decision.prompt}")
        ui = uis[side]
        if ui is not None:
            if not _prompt_ui(session, side, console, ui):
                console.print(f"Game saved. Resume with: hexwar resume {session.game_id}")
                return
            continue
        console.print(game.ruleset.render_view(view), markup=False, highlight=False)
        console.print(game.ruleset.order_help(view), markup=False, highlight=False)
        if not _prompt_order(session, side, console):
            console.print(f"Game saved. Resume with: hexwar resume {session.game_id}")
            return


def _prompt_order(session: Session, side: str, console: Console) -> bool:
    """Read lines until one is accepted; False when the user stops (``:quit`` or end of input)."""
    game = session.game
    while True:
        try:
            line = input(f"{side}> ").strip()
        except EOFError:
            console.print()
            return False
        if not line:
            continue
        if line in {":quit", ":q"}:
            return False
        if line == ":help":
            console.print(HELP, markup=False)
            console.print(game.ruleset.order_help(game.view(side)), markup=False, highlight=False)
            continue
        if line == ":view":
            console.print(game.ruleset.render_view(game.view(side)), markup=False)
            continue
        if line == ":log":
            console.print(render_text(game.events(side)), end="", markup=False)
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
            console.print(f"[red]refused:[/red] {escape(str(e))}", highlight=False)
            continue
        print(f"ok: order {submitted.seq} accepted", flush=True)
        return True


def _prompt_ui(session: Session, side: str, console: Console, ui: TerminalUI) -> bool:
    """Let the ruleset's own front end choose an order; False when the user stops."""
    game = session.game

    def write(text: str) -> None:
        console.print(text, markup=False, highlight=False)

    while True:
        try:
            line = ui.next_order(game.view(side), input, write)
        except EOFError:
            console.print()
            return False
        if line is None:
            return False
        try:
            submitted = session.submit(side, dict(CONCEDE) if line == ":concede" else line)
        except IllegalOrderError as e:
            console.print(f"[red]refused:[/red] {escape(str(e))}", highlight=False)
            continue
        print(f"ok: order {submitted.seq} accepted", flush=True)
        return True
