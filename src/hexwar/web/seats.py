"""Seats: who may open which game as which side, by secret token; and the games' clocks.

Each human side of a web game, and its umpire, gets a token of 128 random bits. Only its
SHA-256 is stored (a leaked seat book opens no game); a token presented is hashed, looked up
and compared in constant time. The seat book is a small SQLite file beside the game store.

It also keeps each game's running clock: the decision step that has a time limit and the
wall-clock moment (seconds since the epoch) it runs out, committed when the clock starts, so a
server killed and restarted keeps every deadline instead of giving the decision its full time
again.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import ParamSpec, TypeVar

__all__ = ["SPECTATOR", "UMPIRE", "Seat", "SeatBook", "new_token"]

UMPIRE = "umpire"
SPECTATOR = "spectator"  # a page's role without a seat: what both sides see (no token)
P = ParamSpec("P")
R = TypeVar("R")


def new_token() -> str:
    """128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Seat:
    """A token's game and role: a side's name, or :data:`UMPIRE`."""

    game_id: str
    role: str

    @property
    def side(self) -> str | None:
        return None if self.role == UMPIRE else self.role


def _serial(method: Callable[P, R]) -> Callable[P, R]:
    """The method, run holding the book's lock (one call at a time over its connection)."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        book = args[0]
        assert isinstance(book, SeatBook)
        with book._mutex:
            return method(*args, **kwargs)

    return wrapper


class SeatBook:
    """The seats of every web game, by token hash. With ``shared=True`` it may be used from
    more than one thread (each call holds the book's own lock)."""

    def __init__(self, path: Path, *, shared: bool = False) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(
            path, timeout=30, isolation_level=None, check_same_thread=not shared
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS seats ("
            " token_hash TEXT PRIMARY KEY,"
            " game_id TEXT NOT NULL,"
            " role TEXT NOT NULL,"
            " created_at TEXT NOT NULL)"
        )
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(seats)")}
        if "joined_at" not in columns:  # (a seat book from before the lobby listed seats)
            self._db.execute("ALTER TABLE seats ADD COLUMN joined_at TEXT")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS clocks ("
            " game_id TEXT PRIMARY KEY,"
            " step INTEGER NOT NULL,"
            " due REAL NOT NULL)"
        )
        self._known: dict[str, Seat] = {}  # token hash -> seat: seats never change
        self._mutex = threading.Lock()

    @_serial
    def close(self) -> None:
        self._db.close()

    @_serial
    def issue(self, game_id: str, roles: list[str]) -> dict[str, str]:
        """New tokens for ``roles`` of ``game_id``, committed before they are returned."""
        tokens = {role: new_token() for role in roles}
        now = datetime.now(UTC).isoformat(timespec="seconds")
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.executemany(
                "INSERT INTO seats (token_hash, game_id, role, created_at) VALUES (?, ?, ?, ?)",
                [(_digest(t), game_id, role, now) for role, t in tokens.items()],
            )
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise
        return tokens

    def lookup(self, token: str) -> Seat | None:
        """The seat ``token`` opens, or ``None``. A token seen before is found among the
        seats known without the book's lock (seats never change, and a dict is read in one
        step); another is looked up in the book."""
        if not token or len(token) > 100:
            return None
        digest = _digest(token)
        known = self._known.get(digest)
        if known is not None:
            return known
        return self._look_up(digest)

    @_serial
    def _look_up(self, digest: str) -> Seat | None:
        """The seat of the token whose SHA-256 is ``digest``, from the book (and known from
        then on), or ``None``."""
        row = self._db.execute(
            "SELECT token_hash, game_id, role FROM seats WHERE token_hash = ?", (digest,)
        ).fetchone()
        if row is None or not hmac.compare_digest(row[0], digest):
            return None
        seat = self._known[digest] = Seat(row[1], row[2])
        return seat

    @_serial
    def roles(self, game_id: str) -> list[str]:
        rows = self._db.execute(
            "SELECT role FROM seats WHERE game_id = ? ORDER BY role", (game_id,)
        ).fetchall()
        return [r[0] for r in rows]

    @_serial
    def mark_joined(self, token: str) -> None:
        """The seat's link was opened (the lobby then lists the seat as taken)."""
        now = datetime.now(UTC).isoformat(timespec="seconds")
        self._db.execute(
            "UPDATE seats SET joined_at = ? WHERE token_hash = ? AND joined_at IS NULL",
            (now, _digest(token)),
        )

    @_serial
    def joined(self, game_ids: list[str]) -> dict[str, dict[str, bool]]:
        """For each game, its seats' roles and whether each link was opened."""
        out: dict[str, dict[str, bool]] = {g: {} for g in game_ids}
        for chunk in range(0, len(game_ids), 500):
            part = game_ids[chunk : chunk + 500]
            rows = self._db.execute(
                "SELECT game_id, role, joined_at FROM seats WHERE game_id IN "
                f"({', '.join('?' * len(part))})",
                part,
            ).fetchall()
            for game_id, role, joined_at in rows:
                out[game_id][role] = joined_at is not None
        return out

    # -- clocks --------------------------------------------------------------------------------

    @_serial
    def clock(self, game_id: str) -> tuple[int, float] | None:
        """The running clock of ``game_id``: (decision step, epoch seconds it runs out)."""
        row = self._db.execute(
            "SELECT step, due FROM clocks WHERE game_id = ?", (game_id,)
        ).fetchone()
        return None if row is None else (int(row[0]), float(row[1]))

    @_serial
    def set_clock(self, game_id: str, step: int, due: float) -> None:
        """Start the clock of decision ``step`` (committed before it returns)."""
        self._db.execute(
            "INSERT INTO clocks (game_id, step, due) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET step = excluded.step, due = excluded.due",
            (game_id, step, due),
        )

    @_serial
    def stop_clock(self, game_id: str) -> None:
        self._db.execute("DELETE FROM clocks WHERE game_id = ?", (game_id,))

    @_serial
    def running_clocks(self) -> list[str]:
        """The games whose clock runs (the server loads them at start to enforce it)."""
        return [r[0] for r in self._db.execute("SELECT game_id FROM clocks ORDER BY game_id")]
