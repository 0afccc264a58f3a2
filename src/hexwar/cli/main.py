"""The ``hexwar`` command line: list, validate, run, play, resume, replay and export games.

Invalid input (files, scenario names, orders given as options) exits with status 2 and located
messages, never a traceback. Every installed ruleset with commands of its own
(:meth:`~hexwar.core.game.Ruleset.commands`) appears as ``hexwar <ruleset-id> ...``.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
import sqlite3
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.main
from rich.console import Console, Group, RenderableType
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.text import Text
from typer.core import TyperGroup

from hexwar import __version__
from hexwar.agents import AI, agent_names
from hexwar.analysis.cli import app as sweep_app
from hexwar.analysis.timeline import record_run
from hexwar.cli import checks, helpstyle, listings
from hexwar.cli.amend import amend
from hexwar.cli.checks import InvalidArgumentError, load_record, refuse_hidden, writable
from hexwar.cli.extras import require
from hexwar.cli.interactive import play_interactively
from hexwar.cli.scenarios import scenarios_app
from hexwar.core import registry
from hexwar.core.errors import HexwarError, InvalidInputError, Problem, ScenarioError
from hexwar.core.events import RENDERERS
from hexwar.core.game import Ruleset
from hexwar.core.records import GameRecord
from hexwar.core.rng import SEEDS
from hexwar.rl.cli import tournament as tournament_command
from hexwar.scenarios import Document, json_schema, load_document, peek_ruleset, validate
from hexwar.sessions import ResolvedScenario, Session, resolve_scenario, transcript
from hexwar.store import GameStore, GameSummary, default_path, describe_failure
from hexwar.web.cli import serve

EXIT_INVALID = 2

RULESET_PANEL = "Ruleset commands"


def _ruleset_command(ruleset: Ruleset[Any, Any]) -> TyperGroup | None:
    """The ruleset's own command group, named by its id, or ``None`` if it has none.

    Typer turns an app of one command into that command; it is put back in a group, so
    ``hexwar <id> <command>`` always names the command.
    """
    commands = ruleset.commands()
    if commands is None:
        return None
    help_text = commands.info.help or f"Commands of the {ruleset.info.title} ruleset."
    command = typer.main.get_command(commands)
    group = command if isinstance(command, TyperGroup) else TyperGroup(commands=[command])
    group.name = ruleset.info.id
    group.help = group.help or help_text
    group.rich_help_panel = RULESET_PANEL
    return group


class _HexwarGroup(TyperGroup):
    """The root command: hexwar's own commands, then ``hexwar <ruleset-id> ...`` for every
    installed ruleset with commands of its own, found only when asked for (help, or use).

    A ruleset id that equals a command of hexwar's own is shadowed by it. Every command it
    hands out, and itself, are shown in one help style (:mod:`hexwar.cli.helpstyle`).
    """

    _restyled = False

    def get_params(self, ctx: Any) -> list[Any]:  # click's Parameters
        if not self._restyled:
            self._restyled = True  # first: restyle asks for these very parameters
            helpstyle.restyle(self, ctx)
        return super().get_params(ctx)

    def list_commands(self, ctx: Any) -> list[str]:
        own = super().list_commands(ctx)
        ids = [r.info.id for r in registry.all_rulesets() if r.info.id not in own]
        return own + [i for i in ids if self.get_command(ctx, i) is not None]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:  # click's Command
        command = super().get_command(ctx, cmd_name)
        for ruleset in registry.all_rulesets() if command is None else []:
            if ruleset.info.id == cmd_name:
                command = _ruleset_command(ruleset)
        if command is not None:
            helpstyle.restyle(command, ctx)
        return command


app = typer.Typer(
    cls=_HexwarGroup,
    name="hexwar",
    help="One engine for computer-assisted war games and combat models.\n\n"
    "Run without a command to choose a ruleset and scenario interactively.",
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode="rich",
)
app.add_typer(sweep_app, name="sweep")
out = Console(soft_wrap=True)  # never break a path or an id across lines
err = Console(stderr=True, soft_wrap=True)


def _version(value: bool) -> None:
    if value:
        out.print(f"hexwar {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    ctx.obj = _StoredGames()  # what a ruleset's own commands read stored games from
    if ctx.invoked_subcommand is None:
        choose()


class _StoredGames:
    """Stored games (an id of the game store, or a record file) as a
    :class:`~hexwar.core.records.RecordSource`."""

    def load_record(self, game_id: str) -> GameRecord:
        return load_record(game_id)[0]


# -- listing ----------------------------------------------------------------------------------


@app.command()
def rulesets() -> None:
    """List the installed rulesets."""
    installed = registry.all_rulesets()
    if not installed:
        out.print("No rulesets are installed yet.")
        return
    out.print(listings.ruleset_listing(installed))


def scenarios(
    ruleset: Annotated[
        str | None, typer.Argument(metavar="RULESET", help="Only this ruleset's scenarios.")
    ] = None,
) -> None:
    """List the bundled scenarios (ids usable wherever a SCENARIO is asked for)."""
    chosen = [registry.get(ruleset)] if ruleset else registry.all_rulesets()
    if not any(r.bundled_scenarios() for r in chosen):
        out.print("No bundled scenarios.")
        return
    out.print(listings.scenario_listing(chosen, out.width))


# -- files ------------------------------------------------------------------------------------


_TOML_OR_JSON = frozenset({".toml", ".json"})
_VALIDATE_HELP = (
    "Check scenario files; every mistake is listed as file:line: key.path: message.\n\n"
    "A TOML or JSON file names its ruleset. Other files are offered to the installed rulesets, "
    "and the one that recognises its own format reads them; consecutive files may form one "
    "scenario (e.g. an IDAHEX File 50 deck followed by its File 60 deck). Files nobody claims "
    "are read as TOML or JSON."
)


@app.command("validate", help=_VALIDATE_HELP)
def validate_files(
    files: Annotated[
        list[Path],
        typer.Argument(
            metavar="FILE...",
            help="Scenario files: TOML or JSON, or a ruleset's own format (IDAHEX card decks: "
            "FILE50 [FILE60]).",
        ),
    ],
    ruleset: Annotated[
        str | None,
        typer.Option(
            metavar="RULESET",
            help="Read the files that are not TOML or JSON as this ruleset's own format, even "
            "if it does not recognise them.",
        ),
    ] = None,
) -> None:
    """Check scenario files (see ``_VALIDATE_HELP``), each a TOML or JSON file or a run of
    files in a ruleset's own format; exit 2 if any has a problem."""
    forced = registry.get(ruleset) if ruleset else None
    failed = False
    for paths, owner in _scenario_files(files, forced):
        failed = not _validate_scenario(paths, owner) or failed
    if failed:
        raise typer.Exit(EXIT_INVALID)


def _scenario_files(
    files: Sequence[Path], forced: Ruleset[Any, Any] | None
) -> Iterator[tuple[tuple[Path, ...], Ruleset[Any, Any] | None]]:
    """The files split into scenarios, each with the ruleset that reads its own format, or
    ``None`` for a TOML or JSON file (which names its ruleset)."""
    i = 0
    while i < len(files):
        if files[i].suffix.lower() in _TOML_OR_JSON:
            yield (files[i],), None
            i += 1
            continue
        end = i
        while end < len(files) and files[end].suffix.lower() not in _TOML_OR_JSON:
            end += 1
        owner, n = _claim(files[i:end], forced)
        yield tuple(files[i : i + n]), owner
        i += n


def _claim(
    run: Sequence[Path], forced: Ruleset[Any, Any] | None
) -> tuple[Ruleset[Any, Any] | None, int]:
    """Who reads the leading files of ``run`` (files that are not TOML or JSON), and how many:
    the first ruleset (by id) that claims them; with ``--ruleset``, that ruleset, taking the
    whole run if it does not recognise it; else nobody, one file (read as TOML or JSON)."""
    for candidate in [forced] if forced is not None else registry.all_rulesets():
        n = candidate.claim_scenario_files(run)
        if n > 0:
            return candidate, min(n, len(run))
    if forced is not None:
        return forced, len(run)
    return None, 1


def _load_unclaimed(path: Path) -> Document:
    """A file no ruleset claimed, read as TOML or JSON; if it is neither, say so."""
    try:
        return load_document(path)
    except ScenarioError as e:
        if path.suffix.lower() in _TOML_OR_JSON:
            raise
        hint = Problem(
            "not TOML or JSON, and no installed ruleset recognises it as a format of its own "
            "(name the ruleset with --ruleset)",
            str(path),
        )
        raise ScenarioError([*e.problems, hint]) from e


def _validate_scenario(paths: tuple[Path, ...], owner: Ruleset[Any, Any] | None) -> bool:
    """Validate one scenario and print ``ok`` or its problems; whether it is valid."""
    label = " + ".join(map(str, paths))
    try:
        if owner is None:
            document = _load_unclaimed(paths[0])
            owner = registry.get(peek_ruleset(document))
            validate(document, owner.scenario_model)
        else:
            owner.read_scenario_files(paths)
    except InvalidInputError as e:
        for problem in e.problems:
            err.print(str(problem), markup=False, highlight=False)
        n = len(e.problems)
        err.print(f"{label}: {n} problem{'s' if n != 1 else ''}", markup=False)
        return False
    except HexwarError as e:
        err.print(f"{label}: {e}", markup=False, highlight=False)
        return False
    except OSError as e:
        err.print(f"{e.filename or label}: cannot read: {e.strerror or e}", markup=False)
        return False
    out.print(f"{label}: ok ({owner.info.id})", markup=False, highlight=False)
    return True


@app.command()
def schema(
    ruleset: Annotated[str, typer.Argument(metavar="RULESET", help="A ruleset id.")],
) -> None:
    """Print the JSON Schema of a ruleset's scenario format."""
    model = registry.get(ruleset).scenario_model
    sys.stdout.write(json.dumps(json_schema(model), indent=2) + "\n")


# -- games ------------------------------------------------------------------------------------


def _parse_agents(ruleset: Ruleset[Any, Any], specs: list[str]) -> dict[str, str]:
    chosen: dict[str, str] = {}
    for spec in specs:
        side, sep, name = spec.partition("=")
        if not sep or not side or not name:
            raise InvalidArgumentError(f"--agent {spec!r}: expected SIDE=AGENT, e.g. red=random")
        if side not in ruleset.info.sides:
            raise InvalidArgumentError(
                f"--agent {spec!r}: unknown side {side!r} (sides: {', '.join(ruleset.info.sides)})"
            )
        _check_agent(ruleset, name, f"--agent {spec!r}")
        chosen[side] = name
    return chosen


def _check_agent(ruleset: Ruleset[Any, Any], name: str, option: str) -> None:
    """Refuse an unknown agent, naming the option the user typed it in."""
    if name not in agent_names(ruleset):
        raise InvalidArgumentError(
            f"{option}: unknown agent {name!r} for {ruleset.info.id} "
            f"(available: {', '.join(agent_names(ruleset))})"
        )


def _default_agent(ruleset: Ruleset[Any, Any]) -> str:
    """The ruleset's strongest computer player."""
    return AI


def _seed(seed: int | None) -> int:
    if seed is None:
        return secrets.randbelow(2**31)
    if seed not in SEEDS:
        raise InvalidArgumentError(
            f"--seed {seed}: a seed is a signed 64-bit integer "
            f"(from {SEEDS.start} to {SEEDS.stop - 1})"
        )
    return seed


@contextmanager
def _progress(enabled: bool) -> Iterator[Callable[[int], None]]:
    if not enabled:
        yield lambda _step: None
        return
    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as progress:
        task = progress.add_task("playing", total=None)

        def update(step: int) -> None:
            progress.update(task, description=f"playing: decision {step}")

        yield update


@app.command()
def run(
    scenario: Annotated[
        str, typer.Argument(metavar="SCENARIO", help="A bundled scenario id or a scenario file.")
    ],
    seed: Annotated[
        int | None, typer.Option(metavar="N", help="Seed of every random draw.")
    ] = None,
    agent: Annotated[
        list[str] | None,
        typer.Option(
            "--agent",
            metavar="SIDE=AGENT",
            help="Who plays a side (repeatable); sides not named get the ruleset's default AI.",
        ),
    ] = None,
    max_steps: Annotated[
        int | None, typer.Option(metavar="N", help="Stop after this many decisions (unfinished).")
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help="Print one JSON object, with the umpire's summary of the final state."
        ),
    ] = False,
    report: Annotated[
        Path | None,
        typer.Option(
            metavar="PATH",
            help="Write the designer's report (the umpire's whole log and final state) here.",
        ),
    ] = None,
    store: Annotated[bool, typer.Option(help="Keep the game in the game store.")] = False,
    plots: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help="Draw the game's plots into DIR (PNG and SVG): strength by side over time, "
            "losses by type, each engagement's FEBA, each flank's men and morale by the hour.",
        ),
    ] = None,
) -> None:
    """Play a scenario headless to the end, computer against computer."""
    if plots is not None:  # before playing the whole game, not after
        require("hexwar run --plots", "web", "matplotlib")
    if report is not None:
        writable(report, "--report")  # before playing the whole game, not after
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    agents = {s: _default_agent(ruleset) for s in ruleset.info.sides}
    agents.update(_parse_agents(ruleset, agent or []))
    the_seed = _seed(seed)
    with _open_store(store) as game_store:
        session = Session.start(resolved, seed=the_seed, agents=agents, store=game_store)
        with _progress(not as_json and err.is_terminal) as update:
            if plots is None:
                session.run(max_steps=max_steps, progress=update)
            else:
                timeline = record_run(session, max_steps=max_steps, progress=update)
    if report is not None:
        report.write_text(session.game.report(), encoding="utf-8")
    if plots is not None:
        from hexwar.analysis.plots import game_plots

        written = game_plots(session.game, timeline, plots)
        err.print(f"plots: {len(written)} files in {plots}", markup=False, highlight=False)
    _print_result(session, resolved, the_seed, as_json)


@contextmanager
def _open_store(enabled: bool) -> Iterator[GameStore | None]:
    if not enabled:
        yield None
        return
    with GameStore() as store:
        yield store


def _print_result(session: Session, resolved: ResolvedScenario, seed: int, as_json: bool) -> None:
    game = session.game
    outcome = game.outcome()
    result = {
        "ruleset": game.info.id,
        "ruleset_version": game.info.version,
        "scenario": resolved.scenario_id,
        "seed": seed,
        "agents": session.agent_names,
        "decisions": game.step,
        "outcome": outcome.to_json() if outcome else None,
        "state_hash": game.state_hash(),
        "game_id": session.game_id,
        "summary": game.summary(),
    }
    if as_json:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
        return
    sys.stdout.write(transcript(game))
    if session.game_id is not None:
        err.print(
            f"stored as {session.game_id}: hexwar replay {session.game_id}, "
            f"hexwar export {session.game_id}",
            highlight=False,
        )


@app.command()
def play(
    scenario: Annotated[
        str, typer.Argument(metavar="SCENARIO", help="A bundled scenario id or a scenario file.")
    ],
    side: Annotated[
        str | None,
        typer.Option(
            metavar="SIDE",
            help="The side you play (with --hotseat: the side shown first). Without it the "
            "scenario may say who the computer plays (Aggressor's 'computer' option).",
        ),
    ] = None,
    vs: Annotated[
        str | None,
        typer.Option(
            metavar="AGENT",
            help="The agent playing the other sides: ai (the default: the ruleset's strongest "
            "computer player), random, or another of the ruleset's agents.",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(metavar="N", help="Seed of every random draw.")
    ] = None,
    hotseat: Annotated[bool, typer.Option(help="Humans play every side at this terminal.")] = False,
    clock: Annotated[
        bool,
        typer.Option(
            "--clock",
            help="Keep the rules' time limit per move (the air war's §4 minute, 30 s on the "
            "small board): when it runs out, the late order stands for yours.",
        ),
    ] = False,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            metavar="SECONDS",
            help="With --clock implied: this many seconds per timed move instead.",
        ),
    ] = None,
) -> None:
    """Play a scenario in the terminal; every accepted order is saved as you go."""
    if time_limit is not None and not time_limit >= 1:
        raise InvalidArgumentError(f"--time-limit {time_limit:g}: must be at least 1 second")
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    computer = None if side is not None or hotseat else ruleset.computer_sides(resolved.scenario)
    if side is None and not hotseat and computer is None:
        raise InvalidArgumentError(
            f"--side: which side do you play? ({', '.join(ruleset.info.sides)}; or --hotseat)"
        )
    side = ruleset.info.sides[0] if side is None else side
    if side not in ruleset.info.sides:
        raise InvalidArgumentError(
            f"--side {side!r}: unknown side (sides: {', '.join(ruleset.info.sides)})"
        )
    opponent = vs or _default_agent(ruleset)
    _check_agent(ruleset, opponent, f"--vs {opponent!r}")
    others = [s for s in ruleset.info.sides if s != side] if computer is None else computer
    agents = {} if hotseat else dict.fromkeys(others, opponent)
    _play(resolved, _seed(seed), agents, clock=clock or time_limit is not None, seconds=time_limit)


def _play(
    resolved: ResolvedScenario,
    seed: int,
    agents: dict[str, str],
    *,
    clock: bool = False,
    seconds: float | None = None,
) -> None:
    """Start a stored game, say how to resume it, and play it at this terminal."""
    with GameStore() as store:
        session = Session.start(resolved, seed=seed, agents=agents, store=store)
        humans = ", ".join(session.human_sides) or "nobody (the computer plays every side)"
        out.print(
            f"Game [bold]{session.game_id}[/bold]: {resolved.scenario_id}, seed {seed}; "
            f"you play {humans}. Resume any time with: hexwar resume {session.game_id}",
            highlight=False,
        )
        play_interactively(session, out, clock=clock, seconds=seconds)


@app.command()
def resume(
    game_id: Annotated[str, typer.Argument(metavar="ID", help="A game id (or a unique prefix).")],
) -> None:
    """Continue a stored game from its last acknowledged order."""
    with GameStore() as store:
        session = Session.resume(store, game_id)
        n = session.game.order_count
        out.print(
            f"Resumed game {session.game_id} ({session.game.scenario_id}): "
            f"{n} order{'s' if n != 1 else ''} restored.",
            highlight=False,
        )
        if session.human_sides:
            play_interactively(session, out)
        else:
            with _progress(err.is_terminal) as update:
                session.run(progress=update)
            outcome = session.game.outcome()
            out.print(f"Outcome: {outcome.reason if outcome else 'unfinished'}")


@app.command()
def games(
    ruleset: Annotated[
        str | None, typer.Option(metavar="RULESET", help="Only games of this ruleset.")
    ] = None,
    delete: Annotated[
        str | None,
        typer.Option(
            metavar="ID", help="Delete this game (id or unique prefix) with all its orders."
        ),
    ] = None,
    ids: Annotated[
        bool,
        typer.Option(
            "--ids",
            help="Print only the ids, newest first, one a line (for scripts: "
            "ID=$(hexwar games --ids | head -n 1)).",
        ),
    ] = False,
) -> None:
    """List the games in the game store (newest first), or delete one."""
    if delete is not None:
        with GameStore() as store:
            out.print(f"deleted game {store.delete_game(delete)}", highlight=False)
        return
    with GameStore(readonly=True) as store:
        rows = store.list_games(ruleset)
    if ids:
        for g in rows:
            print(g.id)
        return
    if not rows:
        out.print("No stored games.")
        return
    out.print(listings.game_listing(rows))


_UMPIRE_HELP = (
    "Show everything even while a person is still playing the game (the other sides' sealed "
    "orders and hidden positions included)."
)


@app.command()
def replay(
    game: Annotated[
        str,
        typer.Argument(
            metavar="ID|FILE",
            help="A stored game's id (or a unique prefix), or an exported record (.json).",
        ),
    ],
    side: Annotated[
        str | None,
        typer.Option(metavar="SIDE", help="Show only what this side saw (default: everything)."),
    ] = None,
    umpire: Annotated[bool, typer.Option("--umpire", help=_UMPIRE_HELP)] = False,
    fmt: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help="text, json, markdown or mediawiki.")
    ] = "text",
) -> None:
    """Replay a game from its record and print its event log.

    Without --side the log is the umpire's; on a game in progress with a human side that
    needs --umpire, so that nothing hidden from the player is shown by accident."""
    if fmt not in RENDERERS:
        raise InvalidArgumentError(f"--format {fmt!r}: choose one of {', '.join(RENDERERS)}")
    record, label = load_record(game)
    replayed = checks.replay_located(record, label)
    if side is None:
        finished = replayed.outcome() is not None
        refuse_hidden(record, replayed.info.sides, finished, label, umpire, "replay")
    sys.stdout.write(RENDERERS[fmt](replayed.events(side)))


@app.command()
def export(
    game_id: Annotated[str, typer.Argument(metavar="ID", help="A game id (or a unique prefix).")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="FILE", help="Write to a file.")
    ] = None,
    umpire: Annotated[bool, typer.Option("--umpire", help=_UMPIRE_HELP)] = False,
) -> None:
    """Print a stored game's record as JSON, with the state hash its orders lead to
    (`hexwar replay FILE` shows it, `hexwar verify FILE` checks it, with the same ruleset).

    A game in progress with a human side needs --umpire: the record holds every side's
    orders."""
    if output is not None:
        writable(output, "--output")
    with GameStore(readonly=True) as store:
        full_id = store.resolve_id(game_id)
        record = store.load(full_id)
        finished = store.status(full_id) == "finished"
        last = store.latest_snapshot(full_id)
    label = f"game {full_id}"
    if last is not None and last.seq == len(record.orders):
        state_hash = last.state_hash  # taken when the last order was stored: no replay needed
    else:
        replayed = checks.replay_located(record, label)
        state_hash, finished = replayed.state_hash(), replayed.outcome() is not None
    sides = registry.get(record.ruleset).info.sides
    refuse_hidden(record, sides, finished, label, umpire, "export")
    exported = dataclasses.replace(record, state_hash=state_hash)
    text = json.dumps(exported.to_json(), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")
        err.print(f"wrote {output}", markup=False, highlight=False)


app.command()(checks.verify)
app.command()(checks.doctor)


# -- the chooser ------------------------------------------------------------------------------


def choose() -> None:
    """List every bundled scenario (and the stored games to resume); let the user pick one,
    who plays each side (a person at this terminal or one of the ruleset's computer agents)
    and the seed; and start playing."""
    listing, ids = listings.chooser_listing(registry.all_rulesets())
    if not ids:
        out.print(
            "hexwar: no rulesets with bundled scenarios are installed yet. "
            "See `hexwar --help` and docs/architecture.md."
        )
        return
    with GameStore(readonly=True) as store:
        unfinished = [g for g in store.list_games() if g.status != "finished"]
    if unfinished:
        n = len(unfinished)
        footer = f"  r resume a stored game ({n} unfinished: hexwar games lists them)"
        listing = Group(listing, Text(footer, style="bold"))
    extra = {"r": (_RESUME, "to resume")} if unfinished else {}
    picked = _ask_on_screens(listing, "hexwar: choose a game", "Scenario number", len(ids), extra)
    if picked == _RESUME:
        _choose_stored_game(unfinished)
    elif picked is not None:
        _choose_players(ids[picked])


def _choose_players(sid: str) -> None:
    """Ask who plays each side and the seed; play the game (or watch the computers play it)."""
    resolved = resolve_scenario(sid)
    ruleset = resolved.ruleset
    sides = list(ruleset.info.sides)
    names = ruleset.side_names(resolved.scenario)
    every = "every side (hotseat: the players take turns at this terminal)"
    menu = [*(names[s] for s in sides), every, "watch (the computer plays every side)"]
    out.print("Sides:")
    for i, name in enumerate(menu, 1):
        out.print(f"{i:>3} {name}", markup=False, highlight=False, soft_wrap=False)
    choice = _ask_choice("Play which side", len(menu))
    if choice is None:
        return
    humans = sides if menu[choice] == every else sides[choice : choice + 1]
    agents: dict[str, str] = {}
    for side in sides:
        if side not in humans:
            agent = _ask_agent(ruleset, side)
            if agent is None:
                return
            agents[side] = agent
    seed = _ask_seed()
    if seed is None:
        return
    if humans:
        _play(resolved, seed, agents)
        return
    again = " ".join(f"--agent {s}={a}" for s, a in agents.items())
    out.print(f"Watching {sid}, seed {seed} (again: hexwar run {sid} --seed {seed} {again})")
    spec = [f"{s}={a}" for s, a in agents.items()]
    run(sid, seed=seed, agent=spec, max_steps=None, as_json=False, store=False, plots=None)


def _ask_agent(ruleset: Ruleset[Any, Any], side: str) -> str | None:
    """Which of the ruleset's computer agents plays ``side`` (Enter: the strongest)."""
    names = agent_names(ruleset)
    default = _default_agent(ruleset)
    while True:
        try:
            answer = input(f"Computer player for {side} [{', '.join(names)}; Enter: {default}]: ")
        except EOFError:
            out.print()
            return None
        answer = answer.strip()
        if answer.lower() in {"q", "quit"}:
            return None
        if not answer or answer in names:
            return answer or default
        out.print(f"Please enter one of {', '.join(names)}.", highlight=False)


def _ask_seed() -> int | None:
    """The seed of every random draw (Enter: a random one, shown when the game starts)."""
    while True:
        try:
            answer = input("Seed [a number; Enter: a random seed]: ").strip()
        except EOFError:
            out.print()
            return None
        if answer.lower() in {"q", "quit"}:
            return None
        try:
            return _seed(int(answer) if answer else None)
        except ValueError:
            out.print(f"Please enter a whole number from {SEEDS.start} to {SEEDS.stop - 1}.")
        except InvalidArgumentError as e:
            out.print(str(e), markup=False, highlight=False)


def _choose_stored_game(unfinished: list[GameSummary]) -> None:
    """Let the user pick one of the unfinished stored games and resume it."""
    listing = listings.game_listing(unfinished, numbered=True)
    picked = _ask_on_screens(listing, "hexwar: resume a game", "Game number", len(unfinished))
    if picked is not None:
        resume(unfinished[picked].id)


def _ask_on_screens(
    listing: RenderableType,
    title: str,
    prompt: str,
    n: int,
    extra: dict[str, tuple[int, str]] | None = None,
) -> int | None:
    """Show ``listing`` under ``title`` a screen at a time (the terminal's height less the
    prompt's line) and ask for a number from 1 to ``n`` (or a letter of ``extra``): Enter
    shows the next screen."""
    with out.capture() as captured:
        out.print(listing)
    lines = captured.get().splitlines()
    # the title and the prompt around one screen; a third line says that there are more
    screens = [lines] if len(lines) + 2 <= out.height else listings.pages(lines, out.height - 3)
    shown = 0
    while True:
        out.print(title, style="bold", highlight=False)
        for line in screens[shown]:
            out.print(Text.from_ansi(line), soft_wrap=True)
        more = len(screens) > 1
        if more:
            out.print(f"(screen {shown + 1} of {len(screens)}: Enter for the next)")
        picked = _ask_choice(prompt, n, more=more, extra=extra)
        if picked != _NEXT:
            return picked
        shown = (shown + 1) % len(screens)


app.command("serve")(serve)
app.command("amend")(amend)  # hexwar.cli.amend: the umpire's amendment of a stored game


_NEXT = -1  # _ask_choice's answer to an empty line when ``more`` is shown
_RESUME = -2  # the chooser's answer "r": resume a stored game


def _ask_choice(
    prompt: str,
    n: int,
    *,
    more: bool = False,
    extra: dict[str, tuple[int, str]] | None = None,
) -> int | None:
    """A number from 1 to ``n`` as an index from 0; None to quit (q, or end of input); with
    ``more``, ``_NEXT`` for an empty line; a letter of ``extra`` (letter: value, what it
    does), its value."""
    letters = "".join(f", {letter} {does}" for letter, (_, does) in (extra or {}).items())
    while True:
        try:
            answer = input(f"{prompt} [1-{n}{letters}, q to quit]: ").strip()
        except EOFError:
            out.print()
            return None
        if answer.lower() in {"q", "quit"}:
            return None
        if more and not answer:
            return _NEXT
        if extra and answer.lower() in extra:
            return extra[answer.lower()][0]
        if answer.isdigit() and 1 <= int(answer) <= n:
            return int(answer) - 1
        out.print(f"Please enter a number from 1 to {n}.")


def failure_messages(exc: BaseException) -> list[str] | None:
    """What the command line says about a failure it foresees (each line located: file, line,
    key, or path and cause), or ``None`` for a genuine bug, which keeps its traceback.

    The one place where errors become messages: hexwar's own errors (invalid input, refused
    orders, store failures), files that cannot be read or written, SQLite's own errors.
    """
    if isinstance(exc, InvalidInputError):
        return [str(problem) for problem in exc.problems]
    if isinstance(exc, HexwarError):
        return [str(exc)]
    if isinstance(exc, sqlite3.Error):
        return [str(describe_failure(default_path(), exc))]
    if isinstance(exc, OSError):
        if exc.filename is None:
            return [str(exc.strerror or exc)]
        also = f" -> {exc.filename2}" if exc.filename2 is not None else ""
        return [f"{exc.filename}{also}: {exc.strerror or exc}"]
    return None


app.command("tournament")(tournament_command)  # hexwar.rl.cli: heavy imports only when run
app.add_typer(scenarios_app(scenarios), name="scenarios")  # list, and export (cli/scenarios.py)


def main() -> None:
    """Entry point: invalid input and foreseeable failures exit 2 with located messages.

    Typer runs in standalone mode (usage errors, ``--help``, exit codes are click's); errors
    raised on purpose by hexwar come out of it as exceptions and are reported here.
    """
    try:
        app()
    except Exception as e:
        messages = failure_messages(e)
        if messages is None:
            raise
        for message in messages:
            err.print(f"hexwar: {message}", markup=False, highlight=False)
        sys.exit(EXIT_INVALID)
