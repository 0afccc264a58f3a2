"""One writer per game store: a lock held for the life of the process that writes the store.

Two processes writing one store each keep their own idea of a game's next order, so each stores
orders the other does not know of (issue 38: a second ``hexwar serve`` on the same home wedged
a game, every order then answered "order seq 30 (duplicate)"). SQLite's own locks serialise
single transactions, not a process's whole use of a game. So a process that opens the store for
writing first takes an exclusive ``flock`` on ``<store>.lock`` beside it and keeps it until it
closes the store; a second process is refused at once and told who holds the store. Readers
take no lock.

The kernel drops a ``flock`` with the last descriptor of its open file, so the lock ends with
its process however the process ends (SIGKILL included): no stale lock is ever left to clean
up. The holder writes its pid and command line into the file for a refusal to quote. The file
itself is never deleted: a process could otherwise lock a new file of that name while another
still holds the old one.

Within one process the lock is counted per store: a second hold (the web server's hub under
``hexwar serve``, a test beside a server thread) re-enters it, and the file lock is given back
with the last release. A child forked by the holder holds nothing: it is another process.
"""

from __future__ import annotations

import os
import shlex
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from hexwar.store.errors import StoreError

if sys.platform != "win32":
    import fcntl

__all__ = ["StoreLock", "StoreLockedError", "hold"]

_COMMAND_CHARS = 200  # of the holder's command line quoted in a refusal


class StoreLockedError(StoreError, RuntimeError):
    """The store is held by another hexwar process that writes it.

    Attributes:
        path: the store file, as the refused process named it.
        pid: the holder's process id, or ``None`` if it has not written it yet.
    """

    def __init__(self, message: str, *, path: Path, pid: int | None) -> None:
        self.path = path
        self.pid = pid
        super().__init__(message)


@dataclass(slots=True)
class _Held:
    """A store this process holds: the lock file's descriptor (``None`` where there is no
    ``flock``) and how many holds are open on it."""

    fd: int | None
    count: int


_table_lock = threading.Lock()
_held: dict[Path, _Held] = {}  # by the store file's resolved path
_fork_watched = False


class StoreLock:
    """One hold of a store's writer lock, from :func:`hold`; :meth:`release` gives it back, as
    does leaving its ``with`` block. Dropping the object does not: the lock is kept until
    released or until the process exits."""

    __slots__ = ("_held", "_key", "path")

    def __init__(self, path: Path, key: Path, held: _Held) -> None:
        self.path = path
        self._key = key
        self._held: _Held | None = held

    def release(self) -> None:
        """Give this hold back (a second call does nothing); the process's last hold of the
        store gives the file lock back."""
        with _table_lock:
            held, self._held = self._held, None
            if held is None or held.count == 0:  # released, or inherited across a fork
                return
            held.count -= 1
            if held.count > 0:
                return
            if _held.get(self._key) is held:
                del _held[self._key]
            if held.fd is not None:
                if sys.platform != "win32":
                    fcntl.flock(held.fd, fcntl.LOCK_UN)
                os.close(held.fd)

    def __enter__(self) -> StoreLock:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()

    def __repr__(self) -> str:
        state = "held" if self._held is not None else "released"
        return f"<StoreLock {str(self.path)!r} {state}>"


def hold(path: Path) -> StoreLock:
    """Take (or re-enter) the writer lock of the store file ``path``, creating its directory.

    Raises:
        StoreLockedError: another process holds the store; raised at once, never waited for.
        StoreError: the directory or the lock file cannot be created or locked.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            f"{exc.filename or path.parent}: cannot create the game store's "
            f"directory ({exc.strerror or exc}); set HEXWAR_HOME to a writable directory"
        ) from exc
    key = path.resolve()  # one lock however the store is named (relative, through a symlink)
    with _table_lock:
        held = _held.get(key)
        if held is None:
            _watch_forks()
            held = _held[key] = _Held(_acquire(path, key), 0)
        held.count += 1
    return StoreLock(path, key, held)


def _acquire(path: Path, key: Path) -> int | None:
    """Lock ``<key>.lock`` for this process and write its pid and command line into it; the
    open descriptor, which keeps the lock."""
    if sys.platform == "win32":
        # No flock on Windows; hexwar runs on Linux and macOS. Two writers are not stopped here.
        return None
    lock_file = key.with_name(key.name + ".lock")
    try:
        # Not truncated on open: until the lock is ours, the file describes its holder.
        fd = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise StoreError(
            f"{lock_file}: cannot open the game store's lock file ({exc.strerror or exc}); "
            "make its directory writable, or set HEXWAR_HOME to a writable directory"
        ) from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        pid, command = _holder(fd)
        os.close(fd)
        who = f"pid {pid}" if pid is not None else "pid unknown"
        if pid is not None and command:
            who += f": {command}"
        raise StoreLockedError(
            f"{path}: the game store is in use by another hexwar process ({who}); stop it "
            "first, or use another home (HEXWAR_HOME, or hexwar serve --home DIR)",
            path=path,
            pid=pid,
        ) from None
    except OSError as exc:
        os.close(fd)
        raise StoreError(
            f"{lock_file}: cannot lock the game store ({exc.strerror or exc}); keep the "
            "store on a local file system, or set HEXWAR_HOME to a directory on one"
        ) from exc
    text = f"{os.getpid()}\n{_command_line()}\n".encode()
    try:
        os.ftruncate(fd, 0)  # first: a reader sees nothing, or this pid, never the last holder's
        os.pwrite(fd, text, 0)
    except OSError:
        pass  # the lock holds without it; a refusal then says "pid unknown"
    return fd


def _holder(fd: int) -> tuple[int | None, str]:
    """The pid and command line the holder wrote into the lock file open at ``fd``."""
    # The holder writes them just after it takes the lock: give it a moment to.
    for _ in range(20):
        first, _, rest = os.pread(fd, 4096, 0).decode(errors="replace").partition("\n")
        if first.strip().isdigit():
            command = rest.splitlines()[0] if rest else ""
            if len(command) > _COMMAND_CHARS:
                command = command[: _COMMAND_CHARS - 3] + "..."
            return int(first), command
        time.sleep(0.005)
    return None, ""


def _command_line() -> str:
    """This process's command as its user typed it, near enough: ``hexwar serve --port 8000``
    (also for ``python -m hexwar``), ``python -c``."""
    argv = sys.argv or [""]
    program = Path(argv[0])
    if program.name == "__main__.py":  # python -m PACKAGE
        name = program.parent.name
    elif argv[0] in ("", "-c"):
        name = f"python {argv[0]}".strip()
    else:
        name = program.name
    return " ".join([name, *map(shlex.quote, argv[1:])]).replace("\n", " ")


def _watch_forks() -> None:
    """Make a child forked by this process forget the holds it inherited (called with the
    table locked, before the first hold)."""
    global _fork_watched
    if not _fork_watched and hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=_forget_in_child)
        _fork_watched = True


def _forget_in_child() -> None:
    global _table_lock
    # Another thread may have held the table's lock at the fork; in the child nobody releases it.
    _table_lock = threading.Lock()
    for held in _held.values():
        held.count = 0  # the StoreLocks the child inherited release nothing
        if held.fd is not None:
            # The parent's descriptor keeps the lock; this copy would keep it after the parent
            # exits, for a process that never asked for it.
            os.close(held.fd)
    _held.clear()
