"""The game store: an embedded SQLite database of game records.

A stored game is its record header plus an append-only list of orders. An order is acknowledged
only when :meth:`GameStore.append_order` returns, which is after COMMIT; a process killed at any
moment afterwards still finds the order when the store is reopened. Snapshots of the state are
an optional cache for resuming long games: the orders alone always rebuild the game.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final

import platformdirs

from hexwar.core.errors import GameOverError, HexwarError, InvalidInputError, UnknownGameError
from hexwar.core.orders import SubmittedOrder
from hexwar.core.records import GameRecord, canonical_json

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
)
SCHEMA_VERSION: Final = len(MIGRATIONS)

_INT64 = range(-(2**63), 2**63)  # what an SQLite INTEGER holds


class StoreError(HexwarError):
    """Base of the game store's own errors."""


class SchemaVersionError(StoreError, RuntimeError):
    """The database was written by a newer hexwar than this one."""


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
    """A game's state after its first ``seq`` orders."""

    game_id: str
    seq: int
    state_hash: str
    state_json: dict[str, Any]
    created_at: str


def default_path() -> Path:
    """``$HEXWAR_HOME/games.sqlite3``, else ``games.sqlite3`` in the user data directory."""
    home = os.environ.get("HEXWAR_HOME")
    base = Path(home).expanduser() if home else platformdirs.user_data_path("hexwar")
    base.mkdir(parents=True, exist_ok=True)
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


class GameStore:
    """The game store at ``path`` (default: :func:`default_path`); use it as a context manager.

    Writes require a game's full id; :meth:`load` and :meth:`resolve_id` also accept a unique
    prefix, as typed by a user.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: the sqlite3 module opens no transactions of its own; every write
        # is an explicit BEGIN IMMEDIATE ... COMMIT. timeout: a second process waits for the
        # writer instead of failing at once with "database is locked".
        self._db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            # In WAL mode, NORMAL only syncs the log at checkpoints: a commit survives a killed
            # process but can be lost on power failure. FULL syncs the log at every commit, so
            # an acknowledged order survives both.
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise StoreError(f"{self.path}: cannot open as a hexwar game store: {exc}") from exc
        except BaseException:
            self._db.close()
            raise

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
        self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        # IMMEDIATE takes the write lock up front, so the checks made inside (next seq, status)
        # still hold when the write commits, even with other processes writing.
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
        with self._transaction():
            # Read again under the lock: another process may have migrated meanwhile.
            version = self._version()
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                for statement in _statements(script):
                    self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {number}")  # PRAGMA takes no parameters

    # -- games --------------------------------------------------------------------------------

    def create_game(self, record: GameRecord, *, label: str | None = None) -> str:
        """Store ``record`` (header and any orders it already has); return the new game's id."""
        if record.seed not in _INT64:
            raise InvalidInputError(f"seed {record.seed} does not fit in a signed 64-bit integer")
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

    def load(self, game_id: str) -> GameRecord:
        """The record of a stored game (full id or unique prefix), orders in sequence."""
        header = self._header(self.resolve_id(game_id))
        rows = self._db.execute(
            "SELECT seq, step, side, order_json FROM orders WHERE game_id = ? ORDER BY seq",
            (header["id"],),
        )
        return GameRecord(
            ruleset=header["ruleset"],
            ruleset_version=header["ruleset_version"],
            scenario_id=header["scenario_id"],
            scenario=json.loads(header["scenario_json"]),
            scenario_hash=header["scenario_hash"],
            seed=header["seed"],
            orders=tuple(
                SubmittedOrder(r["seq"], r["step"], r["side"], json.loads(r["order_json"]))
                for r in rows
            ),
            agents=json.loads(header["agents_json"]),
        )

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
                outcome=json.loads(r["outcome_json"]) if r["outcome_json"] is not None else None,
                n_orders=r["n_orders"],
                created_at=r["created_at"],
                updated_at=r["updated_at"],
                label=r["label"],
            )
            for r in rows
        ]

    def finish(self, game_id: str, outcome: Mapping[str, Any]) -> None:
        """Mark a game finished with ``outcome``; repeating the same finish changes nothing."""
        outcome_json = canonical_json(dict(outcome))
        with self._transaction():
            header = self._header(game_id)
            if header["status"] == "finished":
                if header["outcome_json"] == outcome_json:
                    return
                raise GameOverError(
                    f"game {game_id} already finished with outcome {header['outcome_json']}; "
                    f"refusing {outcome_json}"
                )
            self._db.execute(
                "UPDATE games SET status = 'finished', outcome_json = ?, updated_at = ?"
                " WHERE id = ?",
                (outcome_json, _now(), game_id),
            )

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
        now = _now()
        with self._transaction():
            if self._header(game_id)["status"] == "finished":
                raise GameOverError(f"game {game_id} is finished; order {order.seq} refused")
            self._insert_order(game_id, order, now)
            self._db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))

    # -- snapshots ----------------------------------------------------------------------------

    def save_snapshot(
        self, game_id: str, seq: int, state_hash: str, state_json: Mapping[str, Any]
    ) -> None:
        """Keep the state after the first ``seq`` orders; saving the same one again is a no-op."""
        with self._transaction():
            self._header(game_id)
            n_orders = self._next_seq(game_id)
            if not 0 <= seq <= n_orders:
                raise SnapshotError(
                    f"game {game_id}: snapshot after {seq} orders, but {n_orders} are stored"
                )
            old = self._db.execute(
                "SELECT state_hash FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, seq)
            ).fetchone()
            if old is not None:
                if old[0] == state_hash:
                    return
                raise SnapshotError(
                    f"game {game_id}: state hash {state_hash} after {seq} orders differs from "
                    f"the stored {old[0]}; replay is not deterministic"
                )
            self._db.execute(
                "INSERT INTO snapshots (game_id, seq, state_hash, state_json, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, state_hash, canonical_json(dict(state_json)), _now()),
            )

    def latest_snapshot(self, game_id: str) -> Snapshot | None:
        """The snapshot after the most orders, or None if the game has none."""
        self._header(game_id)
        row = self._db.execute(
            "SELECT * FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
        ).fetchone()
        if row is None:
            return None
        return Snapshot(
            game_id=row["game_id"],
            seq=row["seq"],
            state_hash=row["state_hash"],
            state_json=json.loads(row["state_json"]),
            created_at=row["created_at"],
        )
