"""``hexwar airwar ...``: the air war games' own commands.

``play`` is terminal play with the paper's time limit per move: "it seems desirable that they
should be made within one minute when playing on the larger board ... Time limits for moves
... on the small board should be half as long" (seed 001, §4). An order given after the limit
is replaced by ``pass`` (every unit stays, fire is held; docs/rulings/airwar.md, ruling 22).
Every accepted order is saved as it is given; ``hexwar resume ID`` continues the game (without
the clock). Bad arguments exit with status 2, never with a traceback.
"""

from __future__ import annotations

import os
import select
import sys
import time
from typing import Annotated

import typer
from rich.console import Console

from hexwar.agents import agent_names
from hexwar.core.errors import HexwarError, IllegalOrderError
from hexwar.core.events import render_text
from hexwar.core.orders import JsonValue
from hexwar.sessions import Session, computer_order, resolve_scenario
from hexwar.store import GameStore

__all__ = ["app"]

app = typer.Typer(
    name="airwar",
    help="The air war games (seed 001): terminal play with the paper's time limit per move.",
    no_args_is_help=True,
    add_completion=False,
)
out = Console(soft_wrap=True)


COMMANDS = """Commands: an order (see below), or
  :view     show the board again         :log      show everything you have seen
  :concede  concede the game             :quit     stop here (hexwar resume ID goes on)
  :auto     give the computer's order    (e.g. for the 30-70 units of the set-up)
  :help     this text                    (the clock runs on while you read)"""


class AirwarArgumentError(HexwarError, ValueError):
    """A command-line argument of ``hexwar airwar`` that cannot be used."""


@app.command()
def play(
    scenario: Annotated[
        str, typer.Argument(metavar="SCENARIO", help="e.g. airwar/small-four-cities, or a file.")
    ],
    side: Annotated[str, typer.Option(metavar="1|2", help="The player you are.")],
    vs: Annotated[
        str, typer.Option(metavar="AGENT", help="Who plays the other side: ai or random.")
    ] = "ai",
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of every random draw.")] = 0,
    limit: Annotated[
        int | None,
        typer.Option(
            "--time-limit",
            metavar="SECONDS",
            help="Seconds per move (default: the scenario's, 60 large / 30 small board).",
        ),
    ] = None,
) -> None:
    """Play against the computer with a time limit per move; a late order counts as pass (or,
    with a fourth unit on a field, as the least move that takes it off)."""
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    if ruleset.info.id != "airwar":
        raise AirwarArgumentError(f"{scenario}: not an air war scenario")
    if side not in ruleset.info.sides:
        raise AirwarArgumentError(f"--side {side!r}: the players are 1 and 2")
    if vs not in agent_names(ruleset):
        raise AirwarArgumentError(
            f"--vs {vs!r}: unknown agent (available: {', '.join(agent_names(ruleset))})"
        )
    seconds = limit if limit is not None else getattr(resolved.scenario, "move_time_limit_s", None)
    if seconds is not None and seconds < 1:
        raise AirwarArgumentError(f"--time-limit {seconds}: must be at least 1 second")
    foe = "2" if side == "1" else "1"
    with GameStore() as store:
        session = Session.start(resolved, seed=seed, agents={foe: vs}, store=store)
        out.print(f"Game {session.game_id}: {resolved.scenario_id}, seed {seed}.", markup=False)
        _loop(session, side, seconds)


def _loop(session: Session, side: str, seconds: int | None) -> None:
    game = session.game
    shown = 0
    lines = _Lines()
    while True:
        session.play_agents()
        events = game.events(side)
        if events[shown:]:
            out.print(render_text(events[shown:]), end="", markup=False, highlight=False)
        shown = len(events)
        decision = game.decision()
        if decision is None:
            outcome = game.outcome()
            out.print(f"Game over. {outcome.reason if outcome else ''}", markup=False)
            return
        view = game.view(side)
        out.print(f"\n{decision.prompt}", markup=False, highlight=False)
        out.print(game.ruleset.render_view(view), markup=False, highlight=False)
        out.print(game.ruleset.order_help(view), markup=False, highlight=False)
        timed = seconds if view.data["phase"] in ("move", "fire") else None  # moves only
        if timed:
            out.print(f"You have {timed} s for this move.", markup=False)
        out.print("Type :help for the commands.", markup=False)
        if not _ask(session, side, timed, lines):
            out.print(f"Game saved. Resume with: hexwar resume {session.game_id}", markup=False)
            return


class _Lines:
    """Lines from standard input, each read with a deadline: the clock of §4 runs while the
    player thinks, not only once he presses Enter. Reads the file descriptor itself (a line
    buffered by ``input`` would be invisible to ``select``); where standard input has no
    descriptor that ``select`` can wait on, it falls back to ``input`` and the limit is checked
    when the line arrives."""

    def __init__(self) -> None:
        self.buffer = b""
        try:
            self.fd: int | None = sys.stdin.fileno()
            select.select([self.fd], [], [], 0)
        except (AttributeError, OSError, ValueError):
            self.fd = None

    def read(self, prompt: str, deadline: float | None) -> str | None:
        """The next line, or None if ``deadline`` (a ``time.monotonic`` value) passes first.
        Raises EOFError at the end of input."""
        if self.fd is None:
            return input(prompt)
        out.print(prompt, end="", markup=False, highlight=False)
        sys.stdout.flush()
        while b"\n" not in self.buffer:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self.fd], [], [], wait)
            if not ready:
                out.print()
                return None
            chunk = os.read(self.fd, 4096)
            if not chunk:
                if self.buffer:
                    break
                raise EOFError
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace")


def _ask(session: Session, side: str, seconds: int | None, lines: _Lines) -> bool:
    """Read orders until one is accepted (or the time runs out); False on :quit / end of input."""
    start = time.monotonic()
    while True:
        deadline = None if seconds is None else start + seconds
        try:
            read = lines.read(f"{side}> ", deadline)
        except EOFError:
            return False
        line = "" if read is None else read.strip()
        if line in {":quit", ":q"}:
            return False
        if line in {":help", ":view", ":log"}:
            _show(session, side, line)
            continue
        late = seconds is not None and (read is None or time.monotonic() - start > seconds)
        if late:
            limit = session.game.ruleset.time_limit(session.game.view(side))
            line = limit.late_order if limit is not None else "pass"
            why = f"Time is up ({seconds} s)" if read is None else f"Too late (> {seconds} s)"
            out.print(f"{why}: your order is '{line}'.", markup=False)
        if not line:
            continue
        order: JsonValue | str = {"concede": True} if line == ":concede" else line
        if line == ":auto":
            suggested = computer_order(session, side)
            if suggested is None:
                out.print("the computer would concede here; type :concede if you agree")
                continue
            out.print(f"the computer's order: {suggested[0]}", markup=False, highlight=False)
            order = suggested[1]
        try:
            submitted = session.submit(side, order)
        except IllegalOrderError as e:
            out.print(f"refused: {e}", markup=False)
            if late:  # refused only if no moves can take a fourth unit off its field: go on
                start = time.monotonic()
            continue
        out.print(f"ok: order {submitted.seq} accepted", markup=False)
        return True


def _show(session: Session, side: str, command: str) -> None:
    """``:help``, ``:view`` or ``:log``: what the player may see, nothing more."""
    game = session.game
    if command == ":help":
        out.print(COMMANDS, markup=False, highlight=False)
        out.print(game.ruleset.order_help(game.view(side)), markup=False, highlight=False)
    elif command == ":view":
        out.print(game.ruleset.render_view(game.view(side)), markup=False, highlight=False)
    else:
        out.print(render_text(game.events(side)), end="", markup=False, highlight=False)
