"""The game store: an embedded SQLite database of game records.

A stored game is its record header plus an append-only list of orders. An order is acknowledged
only when :meth:`GameStore.append_order` returns, which is after COMMIT; a process killed at any
moment afterwards still finds the order when the store is reopened. A batch of orders, the
snapshot taken after it and the game's finish are written in one transaction
(:meth:`GameStore.append_orders`), so a game is never stored finished without its last order,
nor left active after it. A snapshot is the state hash after a number of orders: the orders
alone rebuild the game, and resume checks that the replay arrives at the hash.

Failures of SQLite itself (disk full, a read-only or damaged file) come out as
:class:`StoreError` naming the database file, the cause and what to do.
"""

from __future__ import annotations

import functools
import json
import os
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, ParamSpec, TypeVar

import platformdirs

from hexwar.core.errors import GameOverError, UnknownGameError
from hexwar.core.orders import SubmittedOrder
from hexwar.core.records import GameRecord, canonical_json
from hexwar.core.rng import seed_entropy
from hexwar.store.errors import StoreError
from hexwar.store.lock import StoreLock, hold

# Migration n (counting from 1) brings a database from user_version n-1 to n. Append new
# scripts; never edit one that has shipped, since existing databases have already run it.
MIGRATIONS: Final[tuple[str, ...]] = (
    """
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        ruleset TEXT NOT NULL,
        ruleset_version TEXT NOT NULL,
        scenario_id TEXT NOT NULL,
        scenario_json TEXT NOT NULL,
        scenario_hash TEXT NOT NULL,
        seed INTEGER NOT NULL,
        agents_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'finished')),
        outcome_json TEXT,
        label TEXT
    );
    CREATE TABLE orders (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        step INTEGER NOT NULL,
        side TEXT NOT NULL,
        order_json TEXT NOT NULL,
        submitted_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE snapshots (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        state_hash TEXT NOT NULL,
        state_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    -- The API never updates or deletes orders; these make any other writer fail loudly too.
    CREATE TRIGGER orders_no_update BEFORE UPDATE ON orders
    BEGIN SELECT RAISE(ABORT, 'orders are append-only'); END;
    CREATE TRIGGER orders_no_delete BEFORE DELETE ON orders
    BEGIN SELECT RAISE(ABORT, 'orders are append-only'); END;
    """,
    """
    -- Snapshots keep the state hash only: resume replays the orders and checks it arrives
    -- there; the whole state (with the whole event log) made one long game's file 36 MB.
    CREATE TABLE checkpoints (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        state_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    INSERT INTO checkpoints (game_id, seq, state_hash, created_at)
        SELECT game_id, seq, state_hash, created_at FROM snapshots;
    DROP TABLE snapshots;
    -- Orders stay append-only while their game exists; deleting a game takes its orders along.
    DROP TRIGGER orders_no_delete;
    CREATE TRIGGER orders_no_delete BEFORE DELETE ON orders
    WHEN EXISTS (SELECT 1 FROM games WHERE id = OLD.game_id)
    BEGIN SELECT RAISE(ABORT, 'orders are append-only (delete the game instead)'); END;
    """,
)
SCHEMA_VERSION: Final = len(MIGRATIONS)

P = ParamSpec("P")
R = TypeVar("R")


class SchemaVersionError(StoreError, RuntimeError):
    """The database was written by a newer hexwar than this one."""


class DamagedStoreError(StoreError, ValueError):
    """Stored data that cannot be read back (a damaged page, a row that is not JSON)."""


class OrderSequenceError(StoreError, ValueError):
    """An order whose ``seq`` is not the next one: a gap, or a duplicate (replayed) submission."""

    def __init__(self, message: str, *, expected: int, got: int) -> None:
        self.expected = expected
        self.got = got
        super().__init__(message)


class SnapshotError(StoreError, ValueError):
    """A snapshot that contradicts the stored game."""


class AmbiguousGameIdError(UnknownGameError):
    """A game id prefix that matches more than one stored game."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One line of :meth:`GameStore.list_games`."""

    id: str
    ruleset: str
    scenario_id: str
    seed: int
    status: str  # 'active' or 'finished'
    outcome: dict[str, Any] | None
    n_orders: int
    created_at: str
    updated_at: str
    label: str | None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A game's state hash after its first ``seq`` orders (what resume checks its replay by)."""

    game_id: str
    seq: int
    state_hash: str
    created_at: str


def default_path() -> Path:
    """``$HEXWAR_HOME/games.sqlite3``, else ``games.sqlite3`` in the user data directory.

    Creates nothing: :class:`GameStore` makes the directory when it opens the store to write.
    """
    home = os.environ.get("HEXWAR_HOME")
    base = Path(home).expanduser() if home else platformdirs.user_data_path("hexwar")
    return base / "games.sqlite3"


def _now() -> str:
    # Fixed width (always microseconds, always +00:00), so text order is time order.
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _statements(script: str) -> Iterator[str]:
    """The statements of ``script``, split where SQLite itself sees each one end.

    ``executescript`` would be simpler but COMMITs any open transaction first, and a migration
    must run inside the transaction that also bumps ``user_version``.
    """
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):  # false inside strings and trigger bodies
            if pending.strip(" \t\n;"):
                yield pending
            pending = ""


def describe_failure(path: Path, exc: sqlite3.Error) -> StoreError:
    """SQLite's error as a :class:`StoreError` saying which file, what went wrong and what to do.

    The cause is read from SQLite's error code where Python exposes it, else from its message.
    """
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(exc)
    if primary == sqlite3.SQLITE_FULL or "disk is full" in text:
        return StoreError(
            f"{path}: the disk is full ({text}); nothing more was saved. Free some space, then "
            "run the command again (`hexwar resume ID` continues a game)"
        )
    if primary == sqlite3.SQLITE_READONLY or "readonly" in text:
        return StoreError(
            f"{path}: the game store is read-only ({text}). Make the file and its directory "
            "writable, or set HEXWAR_HOME to a writable directory"
        )
    if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB) or "malformed" in text:
        return DamagedStoreError(
            f"{path}: the game store is damaged ({text}). Run `hexwar doctor` to see what is "
            "affected; restore the file from a backup, or move it away to start a new store"
        )
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in text:
        return StoreError(
            f"{path}: the game store is busy ({text}): another hexwar is writing to it. "
            "Try again when it has finished"
        )
    if primary in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_IOERR):
        return StoreError(
            f"{path}: cannot read or write the game store ({text}). Check that the file and "
            "its directory exist and are readable and writable, or set HEXWAR_HOME"
        )
    return StoreError(f"{path}: game store error: {text}")


def _decode(text: str, where: str) -> Any:
    """A stored JSON column, or a :class:`DamagedStoreError` naming the row it is in."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise DamagedStoreError(
            f"{where} is not valid JSON ({exc}); the store was changed outside hexwar. "
            "Run `hexwar doctor`; the game can be deleted with `hexwar games --delete ID`"
        ) from exc


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """Turn SQLite's own errors raised by a :class:`GameStore` method into StoreErrors."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        store = args[0]
        assert isinstance(store, GameStore)
        try:
            with store._mutex:
                return method(*args, **kwargs)
        except sqlite3.Error as exc:
            raise describe_failure(store.path, exc) from exc

    return wrapper


class GameStore:
    """The game store at ``path`` (default: :func:`default_path`); use it as a context manager.

    Writes require a game's full id; :meth:`load` and :meth:`resolve_id` also accept a unique
    prefix, as typed by a user. With ``readonly=True`` the file is opened read-only and never
    created: a store that does not exist yet reads as an empty one, and a directory without
    write permission is no obstacle to listing or exporting games.

    With ``shared=True`` the store may be used from more than one thread: each call holds the
    store's own lock, so calls from several threads run one at a time (a web server's games
    share one store).

    Opened for writing, the store is held by this process until :meth:`close` (or until the
    process exits): another process that opens it for writing meanwhile gets a
    :class:`~hexwar.store.lock.StoreLockedError` at once, naming this one (issue 38; see
    :mod:`hexwar.store.lock`). Stores of one process share the hold. Read-only stores are never
    refused and hold nothing.
    """

    def __init__(
        self, path: Path | None = None, *, readonly: bool = False, shared: bool = False
    ) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.readonly = readonly
        self._shared = shared
        # Held by every call (re-entrant: a call may make another); uncontended without
        # threads, so a store of one thread pays next to nothing for it.
        self._mutex = threading.RLock()
        # Before connecting: a second writing process is refused before it reads anything.
        self._lock: StoreLock | None = None if readonly else hold(self.path)
        try:
            self._open()
        except BaseException:
            if self._lock is not None:
                self._lock.release()
            raise

    def _open(self) -> None:
        try:
            self._db = self._connect()
        except sqlite3.Error as exc:
            raise describe_failure(self.path, exc) from exc
        except OSError as exc:
            raise StoreError(
                f"{exc.filename or self.path.parent}: cannot create the game store's "
                f"directory ({exc.strerror or exc}); set HEXWAR_HOME to a writable directory"
            ) from exc
        self._db.row_factory = sqlite3.Row
        try:
            if not self.readonly:
                self._db.execute("PRAGMA journal_mode=WAL")
                # In WAL mode, NORMAL only syncs the log at checkpoints: a commit survives a
                # killed process but can be lost on power failure. FULL syncs the log at every
                # commit, so an acknowledged order survives both.
                self._db.execute("PRAGMA synchronous=FULL")
                self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except StoreError:
            self._db.close()
            raise
        except sqlite3.DatabaseError as exc:
            self._db.close()
            failure = describe_failure(self.path, exc)
            if type(failure) is StoreError and "game store error" in str(failure):
                failure = DamagedStoreError(
                    f"{self.path}: cannot open as a hexwar game store: {exc}"
                )
            raise failure from exc
        except BaseException:
            self._db.close()
            raise

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: the sqlite3 module opens no transactions of its own; every write
        # is an explicit BEGIN IMMEDIATE ... COMMIT. timeout: a second process waits for the
        # writer instead of failing at once with "database is locked".
        if not self.readonly:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            return sqlite3.connect(
                self.path, timeout=30, isolation_level=None, check_same_thread=not self._shared
            )
        if not self.path.exists():  # migrated: an empty store
            return sqlite3.connect(
                ":memory:", isolation_level=None, check_same_thread=not self._shared
            )
        uri = self.path.resolve().as_uri() + "?mode=ro"
        wal = self.path.with_name(self.path.name + "-wal")
        if not os.access(self.path.parent, os.W_OK) and not wal.exists():
            # A WAL database opened read-only needs its -shm file; where nobody may create it,
            # nobody can be writing the database either, so read it as immutable. (With a -wal
            # file left by a killed writer, SQLite reads through the existing -shm instead.)
            uri += "&immutable=1"
        return sqlite3.connect(
            uri, uri=True, timeout=30, isolation_level=None, check_same_thread=not self._shared
        )

    def __enter__(self) -> GameStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        with self._mutex:
            self._db.close()
        if self._lock is not None:  # after the connection: the next writer finds it closed
            self._lock.release()

    @contextmanager
    def _transaction(self, *, migrating: bool = False) -> Iterator[None]:
        # IMMEDIATE takes the write lock up front, so the checks made inside (next seq, status)
        # still hold when the write commits, even with other processes writing. A read-only
        # store writes only when it builds its empty stand-in in memory.
        if self.readonly and not migrating:
            raise StoreError(f"{self.path}: opened read-only; this command cannot change it")
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:  # a failed COMMIT may already have rolled back
                self._db.execute("ROLLBACK")
            raise

    def _version(self) -> int:
        version: int = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise SchemaVersionError(
                f"{self.path}: game store schema version {version} is newer than the "
                f"{SCHEMA_VERSION} this hexwar knows; upgrade hexwar to open it"
            )
        return version

    def _migrate(self) -> None:
        if self._version() == SCHEMA_VERSION:
            return  # the common case takes no write lock
        if self.readonly and self.path.exists():
            # Written by an older hexwar: upgrade it once through a connection that may write
            # (a StoreError says why if it may not), then read on.
            GameStore(self.path).close()
            if self._version() != SCHEMA_VERSION:
                raise StoreError(f"{self.path}: could not upgrade the game store's schema")
            return
        with self._transaction(migrating=True):
            # Read again under the lock: another process may have migrated meanwhile.
            version = self._version()
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                for statement in _statements(script):
                    self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {number}")  # PRAGMA takes no parameters

    # -- games --------------------------------------------------------------------------------

    @_guarded
    def create_game(self, record: GameRecord, *, label: str | None = None) -> str:
        """Store ``record`` (header and any orders it already has); return the new game's id."""
        seed_entropy(record.seed)  # the seeds a game accepts are the ones stored: int64
        now = _now()
        with self._transaction():
            game_id = self._new_id()
            self._db.execute(
                "INSERT INTO games (id, ruleset, ruleset_version, scenario_id, scenario_json,"
                " scenario_hash, seed, agents_json, created_at, updated_at, status, label)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?)",
                (
                    game_id,
                    record.ruleset,
                    record.ruleset_version,
                    record.scenario_id,
                    canonical_json(dict(record.scenario)),
                    record.scenario_hash,
                    record.seed,
                    canonical_json(dict(record.agents)),
                    now,
                    now,
                    label,
                ),
            )
            for order in record.orders:
                self._insert_order(game_id, order, now)
        return game_id

    def _new_id(self) -> str:
        # 32 random bits keep ids short enough to type. Checked under the write lock, so two
        # processes can never hand out the same id.
        while True:
            game_id = f"g-{secrets.token_hex(4)}"
            if self._db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                return game_id

    def _header(self, game_id: str) -> sqlite3.Row:
        row: sqlite3.Row | None = self._db.execute(
            "SELECT * FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise UnknownGameError(f"no stored game {game_id!r}; `hexwar games` lists them")
        return row

    @_guarded
    def resolve_id(self, game_id: str) -> str:
        """The full id of the one stored game whose id is, or starts with, ``game_id``."""
        matches = [
            row[0]
            for row in self._db.execute(
                "SELECT id FROM games WHERE substr(id, 1, ?) = ? ORDER BY id",
                (len(game_id), game_id),
            )
        ]
        if game_id in matches:
            return game_id
        if not game_id or not matches:
            raise UnknownGameError(f"no stored game {game_id!r}; `hexwar games` lists them")
        if len(matches) > 1:
            raise AmbiguousGameIdError(
                f"game id {game_id!r} is ambiguous: it matches {', '.join(matches)}"
            )
        return str(matches[0])

    @_guarded
    def status(self, game_id: str) -> str:
        """``'active'`` or ``'finished'`` (full id or unique prefix)."""
        return str(self._header(self.resolve_id(game_id))["status"])

    @_guarded
    def load(self, game_id: str) -> GameRecord:
        """The record of a stored game (full id or unique prefix), orders in sequence.

        Raises:
            DamagedStoreError: a stored row is not valid JSON (named by game and seq).
        """
        header = self._header(self.resolve_id(game_id))
        full_id = header["id"]
        rows = self._db.execute(
            "SELECT seq, step, side, order_json FROM orders WHERE game_id = ? ORDER BY seq",
            (full_id,),
        )
        where = f"{self.path}: game {full_id}"
        return GameRecord(
            ruleset=header["ruleset"],
            ruleset_version=header["ruleset_version"],
            scenario_id=header["scenario_id"],
            scenario=_decode(header["scenario_json"], f"{where}: games.scenario_json"),
            scenario_hash=header["scenario_hash"],
            seed=header["seed"],
            orders=tuple(
                SubmittedOrder(
                    r["seq"],
                    r["step"],
                    r["side"],
                    _decode(r["order_json"], f"{where}: order {r['seq']} (orders.order_json)"),
                )
                for r in rows
            ),
            agents=_decode(header["agents_json"], f"{where}: games.agents_json"),
        )

    @_guarded
    def list_games(self, ruleset: str | None = None) -> list[GameSummary]:
        """Every stored game (or those of ``ruleset``), newest first."""
        rows = self._db.execute(
            "SELECT g.*, (SELECT COUNT(*) FROM orders o WHERE o.game_id = g.id) AS n_orders"
            " FROM games g WHERE ?1 IS NULL OR g.ruleset = ?1"
            # rowid (insertion order) breaks ties between games created in the same microsecond
            " ORDER BY g.created_at DESC, g.rowid DESC",
            (ruleset,),
        )
        return [
            GameSummary(
                id=r["id"],
                ruleset=r["ruleset"],
                scenario_id=r["scenario_id"],
                seed=r["seed"],
                status=r["status"],
                outcome=(
                    _decode(r["outcome_json"], f"{self.path}: game {r['id']}: outcome_json")
                    if r["outcome_json"] is not None
                    else None
                ),
                n_orders=r["n_orders"],
                created_at=r["created_at"],
                updated_at=r["updated_at"],
                label=r["label"],
            )
            for r in rows
        ]

    @_guarded
    def finish(self, game_id: str, outcome: Mapping[str, Any]) -> None:
        """Mark a game finished with ``outcome``; repeating the same finish changes nothing."""
        with self._transaction():
            self._finish(game_id, outcome)

    def _finish(self, game_id: str, outcome: Mapping[str, Any]) -> None:
        outcome_json = canonical_json(dict(outcome))
        header = self._header(game_id)
        if header["status"] == "finished":
            if header["outcome_json"] == outcome_json:
                return
            raise GameOverError(
                f"game {game_id} already finished with outcome {header['outcome_json']}; "
                f"refusing {outcome_json}"
            )
        self._db.execute(
            "UPDATE games SET status = 'finished', outcome_json = ?, updated_at = ? WHERE id = ?",
            (outcome_json, _now(), game_id),
        )

    @_guarded
    def delete_game(self, game_id: str) -> str:
        """Delete a game (full id or unique prefix) with its orders and snapshots; its full id."""
        full_id = self.resolve_id(game_id)
        with self._transaction():
            # The orders' trigger refuses deletion while the game exists, and the foreign keys
            # refuse the game's deletion while orders exist: check those at COMMIT instead.
            self._db.execute("PRAGMA defer_foreign_keys = ON")
            self._db.execute("DELETE FROM games WHERE id = ?", (full_id,))
            self._db.execute("DELETE FROM orders WHERE game_id = ?", (full_id,))
            self._db.execute("DELETE FROM checkpoints WHERE game_id = ?", (full_id,))
        return full_id

    # -- orders -------------------------------------------------------------------------------

    def _next_seq(self, game_id: str) -> int:
        n: int = self._db.execute(
            "SELECT COALESCE(MAX(seq) + 1, 0) FROM orders WHERE game_id = ?", (game_id,)
        ).fetchone()[0]
        return n

    def _insert_order(self, game_id: str, order: SubmittedOrder, now: str) -> None:
        expected = self._next_seq(game_id)
        if order.seq != expected:
            kind = "duplicate" if order.seq < expected else "gap"
            raise OrderSequenceError(
                f"game {game_id}: order seq {order.seq} ({kind}); the next seq is {expected}",
                expected=expected,
                got=order.seq,
            )
        self._db.execute(
            "INSERT INTO orders (game_id, seq, step, side, order_json, submitted_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, order.seq, order.step, order.side, canonical_json(order.order), now),
        )

    def append_order(self, game_id: str, order: SubmittedOrder) -> None:
        """Append the next order of an active game; returning is the acknowledgement.

        Raises:
            OrderSequenceError: ``order.seq`` is not the next sequence number.
            GameOverError: the game is finished.
            UnknownGameError: no game has the id ``game_id``.
        """
        self.append_orders(game_id, [order])

    @_guarded
    def append_orders(
        self,
        game_id: str,
        orders: Sequence[SubmittedOrder],
        *,
        snapshot: tuple[int, str] | None = None,
        outcome: Mapping[str, Any] | None = None,
    ) -> None:
        """Append the next ``orders`` of an active game, the ``(seq, state_hash)`` snapshot
        taken after them and the game's ``outcome`` if they ended it, all in one transaction:
        either all of it is stored or none. Returning is the acknowledgement of every order.

        Raises:
            OrderSequenceError: an order's ``seq`` is not the next sequence number.
            GameOverError: the game is finished.
            SnapshotError: the snapshot is beyond the stored orders, or contradicts one stored.
            UnknownGameError: no game has the id ``game_id``.
        """
        now = _now()
        with self._transaction():
            if self._header(game_id)["status"] == "finished":
                first = orders[0].seq if orders else "-"
                raise GameOverError(f"game {game_id} is finished; order {first} refused")
            for order in orders:
                self._insert_order(game_id, order, now)
            if snapshot is not None:
                self._save_snapshot(game_id, *snapshot)
            if outcome is not None:
                self._finish(game_id, outcome)
            self._db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))

    # -- snapshots ----------------------------------------------------------------------------

    @_guarded
    def save_snapshot(self, game_id: str, seq: int, state_hash: str) -> None:
        """Keep the state hash after the first ``seq`` orders; saving it again is a no-op."""
        with self._transaction():
            self._save_snapshot(game_id, seq, state_hash)

    def _save_snapshot(self, game_id: str, seq: int, state_hash: str) -> None:
        self._header(game_id)
        n_orders = self._next_seq(game_id)
        if not 0 <= seq <= n_orders:
            raise SnapshotError(
                f"game {game_id}: snapshot after {seq} orders, but {n_orders} are stored"
            )
        old = self._db.execute(
            "SELECT state_hash FROM checkpoints WHERE game_id = ? AND seq = ?", (game_id, seq)
        ).fetchone()
        if old is not None:
            if old[0] == state_hash:
                return
            raise SnapshotError(
                f"game {game_id}: state hash {state_hash} after {seq} orders differs from "
                f"the stored {old[0]}; replay is not deterministic"
            )
        self._db.execute(
            "INSERT INTO checkpoints (game_id, seq, state_hash, created_at) VALUES (?, ?, ?, ?)",
            (game_id, seq, state_hash, _now()),
        )

    @_guarded
    def snapshots(self, game_id: str) -> list[Snapshot]:
        """Every snapshot of a game, by number of orders."""
        self._header(game_id)
        rows = self._db.execute(
            "SELECT * FROM checkpoints WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [Snapshot(r["game_id"], r["seq"], r["state_hash"], r["created_at"]) for r in rows]

    def latest_snapshot(self, game_id: str) -> Snapshot | None:
        """The snapshot after the most orders, or None if the game has none."""
        found = self.snapshots(game_id)
        return found[-1] if found else None

    # -- checks -------------------------------------------------------------------------------

    @_guarded
    def integrity_problems(self) -> list[str]:
        """What SQLite's ``PRAGMA integrity_check`` finds wrong with the file (empty: nothing)."""
        rows = [str(r[0]) for r in self._db.execute("PRAGMA integrity_check")]
        return [] if rows == ["ok"] else rows
