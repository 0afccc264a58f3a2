"""One writer per game store (issue 38, item 2): a process that opens the store for writing holds
it until it closes the store or exits (even by SIGKILL); a second process that wants to write is
refused at once, told the store and the holder's pid; readers are never blocked."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from hexwar.core.errors import HexwarError
from hexwar.core.records import GameRecord, content_hash
from hexwar.store import GameStore, StoreError, StoreLockedError, hold

SRC = Path(__file__).resolve().parents[2] / "src"
ENV = {**os.environ, "PYTHONPATH": str(SRC)}

# Opens the store for writing, says so, and keeps it open until its standard input closes.
HOLDER = """
import sys
from pathlib import Path
from hexwar.store import GameStore
with GameStore(Path(sys.argv[1])):
    print("holding", flush=True)
    sys.stdin.read()
"""

# Tries to open the store for writing once; prints what happened.
PROBE = """
import sys
from pathlib import Path
from hexwar.store import GameStore, StoreLockedError
try:
    GameStore(Path(sys.argv[1])).close()
except StoreLockedError as exc:
    print("locked", exc.pid)
except Exception as exc:
    print(type(exc).__name__)
else:
    print("opened")
"""


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "home" / "games.sqlite3"


@contextmanager
def holder(path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holding the store at ``path`` open for writing while the block runs."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line == "holding\n", proc.stderr.read() if proc.stderr else line
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


def probe(path: Path) -> str:
    """What another process gets when it opens the store at ``path`` for writing."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        env=ENV,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def make_record() -> GameRecord:
    scenario = {"map": {"width": 3, "height": 2}}
    return GameRecord(
        ruleset="aggressor",
        ruleset_version="1.0",
        scenario_id="aggressor/sector",
        scenario=scenario,
        scenario_hash=content_hash(scenario),
        seed=1,
        agents={},
    )


def test_a_second_writing_process_is_refused_naming_the_store_and_the_holders_pid(
    path: Path,
) -> None:
    """Issue 38 item 2: one writer per store; the refusal names the home and the holder."""
    with holder(path) as proc, pytest.raises(StoreLockedError) as refused:
        GameStore(path)
    assert refused.value.pid == proc.pid
    assert refused.value.path == path
    message = str(refused.value)
    assert str(path.parent) in message
    assert f"pid {proc.pid}" in message
    assert "in use by another hexwar process" in message
    assert "HEXWAR_HOME" in message  # what to do


def test_store_locked_is_a_store_error_and_a_runtime_error() -> None:
    """Issue 38 item 2: the refusal is one of hexwar's errors (the CLI exits 2 on those)."""
    assert issubclass(StoreLockedError, StoreError)
    assert issubclass(StoreLockedError, HexwarError)
    assert issubclass(StoreLockedError, RuntimeError)


def test_readers_are_not_blocked_by_the_writer(path: Path) -> None:
    """Issue 38 item 2: one writer per store, but any number of read-only openers beside it."""
    with GameStore(path) as store:
        game_id = store.create_game(make_record())
    with holder(path), GameStore(path, readonly=True) as reader:
        assert [g.id for g in reader.list_games()] == [game_id]


def test_one_process_reenters_its_own_lock_and_releases_it_after_the_last_close(
    path: Path,
) -> None:
    """Issue 38 item 2: the lock is per process, so a second store of the same process (the
    server's hub beside `hexwar serve`) re-enters it; the last close releases it."""
    first = GameStore(path)
    second = GameStore(path)
    first.close()
    assert probe(path) == f"locked {os.getpid()}"
    second.close()
    assert probe(path) == "opened"


def test_hold_is_reentered_by_a_store_and_released_once(path: Path) -> None:
    """Issue 38 item 2: `hold` (what `hexwar serve` takes up front) and a store opened under it
    share one lock; releasing twice is harmless."""
    with hold(path) as lock:
        GameStore(path).close()
        assert probe(path) == f"locked {os.getpid()}"
        lock.release()
        lock.release()
        assert probe(path) == "opened"


def test_a_failed_open_releases_the_lock(path: Path) -> None:
    """Issue 38 item 2: a store that could not be opened leaves no lock behind."""
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database" * 100)
    with pytest.raises(StoreError) as failed:
        GameStore(path)
    assert not isinstance(failed.value, StoreLockedError)
    assert probe(path) == "DamagedStoreError"  # not refused as locked


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_writer_killed_with_sigkill_releases_the_store(path: Path) -> None:
    """Issue 38 item 2: the lock dies with its process, however it dies; nothing to clean up."""
    with holder(path) as proc:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        with GameStore(path) as store:
            store.create_game(make_record())


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_is_another_writer(path: Path) -> None:
    """Issue 38 item 2: a child forked by the writer does not inherit the right to write."""
    script = """
import os, sys
from pathlib import Path
from hexwar.store import GameStore, StoreLockedError
with GameStore(Path(sys.argv[1])):
    pid = os.fork()
    if pid == 0:
        try:
            GameStore(Path(sys.argv[1])).close()
        except StoreLockedError:
            os._exit(7)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    print(os.waitstatus_to_exitcode(status))
"""
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        env=ENV,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "7"
