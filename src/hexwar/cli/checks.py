"""Records and the store checked from the command line: ``hexwar verify FILE.json`` (replay an
exported record and check its state hash) and ``hexwar doctor`` (SQLite's integrity check, then
every stored game read back, replayed and compared with its snapshots and status).

Also the helpers the other commands share for records: reading an exported record with located
errors, replaying with the failing order named, refusing to show hidden information by accident,
and checking an output path before the work that fills it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from hexwar.core import registry
from hexwar.core.errors import HexwarError, Problem, RecordError
from hexwar.core.game import Game
from hexwar.core.orders import SubmittedOrder
from hexwar.core.records import GameRecord
from hexwar.store import DamagedStoreError, GameStore, StoreError, default_path

EXIT_INVALID = 2

out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)


class InvalidArgumentError(HexwarError, ValueError):
    """A command-line argument that cannot be used."""


def writable(path: Path, option: str) -> None:
    """Refuse an output ``path`` that cannot be written, before any work is done for it.

    The file is opened for appending (created if missing, and then removed again), which asks
    the operating system itself: permission bits say nothing to root, nor about /proc.
    """
    existed = path.exists()
    try:
        with path.open("ab"):
            pass
    except OSError as exc:
        raise InvalidArgumentError(f"{option} {path}: cannot write: {exc.strerror or exc}") from exc
    if not existed:
        path.unlink(missing_ok=True)


# -- records ----------------------------------------------------------------------------------

_RECORD_FIELDS: dict[str, type] = {
    "ruleset": str,
    "ruleset_version": str,
    "scenario_id": str,
    "scenario_hash": str,
    "scenario": dict,
    "seed": int,
    "orders": list,
}
_ORDER_FIELDS: dict[str, type] = {"seq": int, "step": int, "side": str}


def _type_name(kind: type) -> str:
    return {str: "a string", int: "an integer", dict: "an object", list: "a list"}[kind]


def _wrong(value: Any, kind: type) -> bool:
    return not isinstance(value, kind) or (kind is int and isinstance(value, bool))


def read_record(path: Path) -> GameRecord:
    """An exported game record (``hexwar export``); every problem located as ``file:line`` for
    JSON syntax, ``file: key.path`` for the shape.

    Raises:
        RecordError: the file cannot be read, is not JSON, or is not a game record.
    """
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError([Problem(f"cannot read: {exc.strerror or exc}", name)]) from exc
    except UnicodeDecodeError as exc:
        raise RecordError([Problem(f"not UTF-8 text ({exc.reason})", name)]) from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError([Problem(f"not JSON: {exc.msg}", name, exc.lineno)]) from exc
    except (RecursionError, ValueError) as exc:  # nesting or integers beyond any record's
        raise RecordError([Problem(f"not a game record: {exc}", name)]) from exc
    if not isinstance(data, dict):
        raise RecordError([Problem("expected an object: a record from `hexwar export`", name)])
    problems: list[Problem] = []
    for key, kind in _RECORD_FIELDS.items():
        if key not in data:
            problems.append(Problem("missing", name, path=key))
        elif _wrong(data[key], kind):
            problems.append(Problem(f"expected {_type_name(kind)}", name, path=key))
    for key in ("state_hash",):
        if data.get(key) is not None and not isinstance(data[key], str):
            problems.append(Problem("expected a string", name, path=key))
    agents = data.get("agents", {})
    if not isinstance(agents, dict) or not all(isinstance(v, str) for v in agents.values()):
        problems.append(Problem("expected an object of side: agent name", name, path="agents"))
    orders = data.get("orders")
    for i, order in enumerate(orders if isinstance(orders, list) else []):
        where = f"orders[{i}]"
        if not isinstance(order, dict):
            problems.append(Problem("expected an object", name, path=where))
            continue
        for key, kind in _ORDER_FIELDS.items():
            if _wrong(order.get(key), kind):
                problems.append(
                    Problem(f"expected {_type_name(kind)}", name, path=f"{where}.{key}")
                )
        if "order" not in order:
            problems.append(Problem("missing", name, path=f"{where}.order"))
    if problems:
        raise RecordError(problems)
    return GameRecord(
        ruleset=data["ruleset"],
        ruleset_version=data["ruleset_version"],
        scenario_id=data["scenario_id"],
        scenario=data["scenario"],
        scenario_hash=data["scenario_hash"],
        seed=data["seed"],
        orders=tuple(SubmittedOrder.from_json(o) for o in data["orders"]),
        agents=agents,
        state_hash=data.get("state_hash"),
    )


def is_record_file(argument: str) -> bool:
    """Whether a command's ID|FILE argument names an exported record rather than a game id."""
    return argument.endswith(".json") or Path(argument).is_file()


def load_record(argument: str) -> tuple[GameRecord, str]:
    """The record an ID|FILE argument names, and how to name it in messages."""
    if is_record_file(argument):
        return read_record(Path(argument)), argument
    with GameStore(readonly=True) as store:
        return store.load(argument), f"game {store.resolve_id(argument)}"


def replay_located(
    record: GameRecord, label: str, *, checkpoints: dict[int, str] | None = None
) -> Game[Any, Any]:
    """``registry.replay`` with the record named in its errors."""
    try:
        return registry.replay(record, checkpoints=checkpoints)
    except RecordError as exc:
        raise RecordError([Problem(str(p), label) for p in exc.problems]) from exc
    except HexwarError as exc:  # an unknown ruleset, a seed out of range
        raise RecordError([Problem(str(exc), label)]) from exc


def refuse_hidden(
    record: GameRecord, sides: Sequence[str], finished: bool, label: str, umpire: bool, command: str
) -> None:
    """Refuse the umpire's view of a game a person is still playing, unless ``--umpire``.

    Such a view holds what that person may not know yet: the other side's sealed orders,
    hidden positions. A finished game, or one only computers play, is shown as it is.
    """
    humans = [s for s in sides if s not in record.agents]
    if umpire or not humans or finished:
        return
    who = ", ".join(humans)
    verb = "is" if len(humans) == 1 else "are"
    shown = "record" if command == "export" else "umpire's log"
    hint = "Use --side SIDE for one side's view, or add" if command == "replay" else "Add"
    raise InvalidArgumentError(
        f"{label} is in progress and side {who} {verb} played by a person: the {shown} shows "
        f"what {who} may not know yet (the other sides' orders, hidden positions). {hint} "
        f"--umpire to {command} it anyway"
    )


# -- commands ---------------------------------------------------------------------------------


def verify(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A game record written by `hexwar export`.")
    ],
) -> None:
    """Replay an exported game record and check that it arrives at its state hash."""
    record = read_record(file)
    if record.state_hash is None:
        raise RecordError(
            [Problem("has no state_hash to check (export it again with this hexwar)", str(file))]
        )
    game = replay_located(record, str(file))
    if game.state_hash() != record.state_hash:
        raise RecordError(
            [
                Problem(
                    f"the replay arrives at state {game.state_hash()}, the record says "
                    f"{record.state_hash}: the record was changed, or made by another version",
                    str(file),
                    path="state_hash",
                )
            ]
        )
    n = len(record.orders)
    out.print(
        f"{file}: ok: {n} order{'s' if n != 1 else ''} replay to state {record.state_hash[:12]}",
        markup=False,
        highlight=False,
    )


def doctor(
    replay: Annotated[
        bool,
        typer.Option(help="Replay every game against its snapshots (--no-replay: skip it)."),
    ] = True,
) -> None:
    """Check the game store: SQLite's integrity check, then every game read back, replayed to
    its snapshots' state hashes and its stored status; say what is wrong and what to do."""
    path = default_path()
    if not path.exists():
        out.print(f"{path}: no game store yet; nothing to check", markup=False, highlight=False)
        return
    problems = _diagnose(path, replay)
    if not problems:
        out.print(f"{path}: ok", markup=False, highlight=False)
        return
    for problem in problems:
        err.print(problem, markup=False, highlight=False)
    raise typer.Exit(EXIT_INVALID)


def _recovery(path: Path) -> str:
    return (
        f"{path}: the file is damaged. Copy it aside, then try `sqlite3 {path} .recover | "
        "sqlite3 recovered.sqlite3` and put recovered.sqlite3 in its place, or restore a "
        "backup; games that still load can be saved with `hexwar export --umpire ID -o FILE`"
    )


def _diagnose(path: Path, replay: bool) -> list[str]:
    try:
        store = GameStore(path, readonly=True)
    except DamagedStoreError as exc:
        return [f"{path}: SQLite cannot read it: {exc.__cause__ or exc}", _recovery(path)]
    except StoreError as exc:
        return [str(exc)]
    with store:
        try:
            damage = store.integrity_problems()
            games = store.list_games()
        except DamagedStoreError as exc:
            return [f"{path}: SQLite cannot read it: {exc.__cause__ or exc}", _recovery(path)]
        except StoreError as exc:
            return [str(exc)]
        if damage:
            lines = [f"{path}: SQLite's integrity check: {line}" for line in damage[:20]]
            return [*lines, _recovery(path)]
        problems: list[str] = []
        for summary in games:
            problems += _diagnose_game(store, summary.id, summary.status, replay)
        n = len(games)
        out.print(
            f"{path}: integrity ok; {n} game{'s' if n != 1 else ''} checked",
            markup=False,
            highlight=False,
        )
        return problems


def _diagnose_game(store: GameStore, game_id: str, status: str, replay: bool) -> list[str]:
    try:
        record = store.load(game_id)
        snapshots = store.snapshots(game_id)
    except StoreError as exc:
        return [str(exc)]
    if not replay:
        return []
    try:
        game = replay_located(
            record, f"game {game_id}", checkpoints={s.seq: s.state_hash for s in snapshots}
        )
    except RecordError as exc:
        return [
            *(str(p) for p in exc.problems),
            f"game {game_id}: its orders do not replay; `hexwar export --umpire {game_id}` "
            f"keeps a copy, `hexwar games --delete {game_id}` removes it",
        ]
    finished = game.outcome() is not None
    if finished and status == "active":
        return [
            f"game {game_id}: its last order ended the game, but it is stored as active; "
            f"`hexwar resume {game_id}` records its finish"
        ]
    if not finished and status == "finished":
        return [
            f"game {game_id}: stored as finished, but its orders do not end the game; "
            f"`hexwar games --delete {game_id}` removes it"
        ]
    return []
