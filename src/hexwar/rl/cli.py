"""The ``hexwar tournament`` command (registered in :mod:`hexwar.cli.main`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from hexwar.cli.extras import require
from hexwar.cli.progress import batch_progress
from hexwar.core.errors import InvalidInputError, Problem

err = Console(stderr=True, soft_wrap=True)


def tournament(
    scenario: Annotated[
        str, typer.Argument(metavar="SCENARIO", help="A bundled scenario id or a scenario file.")
    ],
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            metavar="A,B,...",
            help="Comma-separated agent names (default: every agent of the ruleset).",
        ),
    ] = "",
    seeds: Annotated[
        int,
        typer.Option(
            "--seeds", metavar="N", min=1, help="Games per pair with each agent on each side."
        ),
    ] = 4,
    jobs: Annotated[
        int, typer.Option("--jobs", metavar="N", help="Parallel processes (joblib; -1: all).")
    ] = 1,
    max_steps: Annotated[
        int | None,
        typer.Option("--max-steps", metavar="N", help="Stop a game after N decisions (a draw)."),
    ] = None,
    mcts_seconds: Annotated[
        float,
        typer.Option(
            "--mcts-seconds",
            metavar="SECONDS",
            help="Seconds of CPU time per decision of the mcts agent (wall time: --mcts-wall).",
        ),
    ] = 1.0,
    mcts_wall: Annotated[
        bool,
        typer.Option(
            "--mcts-wall",
            help="Count the mcts agent's seconds on the wall clock, not in CPU time (its "
            "strength then depends on the machine's load).",
        ),
    ] = False,
    csv: Annotated[
        Path | None, typer.Option("--csv", metavar="PATH", help="Write ratings and pairs here.")
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", metavar="PATH", help="Write a ratings chart (.png or .svg)."),
    ] = None,
) -> None:
    """Play every pair of agents on a scenario over N seeds per side, in parallel; print
    Bradley-Terry ratings (Elo scale, 95 % intervals), W/D/L per pair and time per decision."""
    require("hexwar tournament", "research", "joblib")  # before any game is played
    if plot is not None:
        require("hexwar tournament --plot", "research", "matplotlib")
    from hexwar.agents import agent_names
    from hexwar.rl.tournament import run_tournament, tournament_size
    from hexwar.sessions import resolve_scenario

    resolved = resolve_scenario(scenario)
    names = [a.strip() for a in agents.split(",") if a.strip()] or agent_names(resolved.ruleset)
    if len(names) < 2:
        raise InvalidInputError([Problem("--agents: name at least two agents", None)])
    known = agent_names(resolved.ruleset)
    unknown = [n for n in names if n not in known]
    if unknown:  # refused before anything is announced or played
        raise InvalidInputError(
            [
                Problem(
                    f"--agents: unknown agent {unknown[0]!r} for {resolved.ruleset.info.id} "
                    f"(available: {', '.join(known)})",
                    None,
                )
            ]
        )
    total = tournament_size(names, seeds)
    progress, task = batch_progress(
        "tournament",
        "games",
        err,
        headline=f"{scenario}: {total} games ({', '.join(dict.fromkeys(names))}; {seeds} per "
        f"pair and side), {jobs} job(s)",
        total=total,
    )
    try:
        with progress:
            result = run_tournament(
                scenario,
                names,
                seeds,
                jobs=jobs,
                max_steps=max_steps,
                mcts_seconds=mcts_seconds,
                mcts_wall=mcts_wall,
                on_game=lambda _game: progress.advance(task),
            )
    except ValueError as e:
        raise InvalidInputError([Problem(f"tournament: {e}", None)]) from None
    typer.echo(result.table())
    if csv is not None:
        result.write_csv(csv)
    if plot is not None:
        result.plot(plot)
