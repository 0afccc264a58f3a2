"""One writer per game store (issue 38, item 2), as a user meets it: while `hexwar play` holds
the store of a home, every other command that would write it (play, resume, amend, games
--delete) exits 2 at once naming the store and the holder's pid, with no traceback; the commands
that only read (games, export) still work."""

from __future__ import annotations

import queue
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Cli

HEXWAR = [sys.executable, "-m", "hexwar"]
PLAY = ["play", "tiny/duel", "--side", "red", "--vs", "random", "--seed", "2"]


def _lines(stream: object, into: queue.Queue[str]) -> None:
    for line in iter(stream.readline, ""):  # type: ignore[attr-defined]
        into.put(line)


@pytest.fixture
def playing(cli_env: dict[str, str]) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """`hexwar play` in a process of its own, waiting for the player's first order: the process
    and its game's id."""
    proc = subprocess.Popen(
        [*HEXWAR, *PLAY],
        env=cli_env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        bufsize=1,
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_lines, args=(proc.stdout, lines), daemon=True).start()
    try:
        first = lines.get(timeout=60)
        match = re.search(r"Game (g-[0-9a-f]+)", first)
        assert match, first
        yield proc, match.group(1)
    finally:
        proc.kill()
        proc.wait(timeout=30)
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                stream.close()


def _refused(err: str, home: Path, pid: int) -> None:
    assert f"hexwar: {home / 'games.sqlite3'}: the game store is in use" in err
    assert f"(pid {pid}: hexwar play tiny/duel" in err
    assert "Traceback" not in err


def test_writing_commands_beside_a_running_game_exit_2_naming_the_home_and_the_pid(
    cli: Cli, playing: tuple[subprocess.Popen[str], str], hexwar_home: Path
) -> None:
    """Issue 38 item 2: one writer per store; a second writer is refused at once, exit 2."""
    proc, game_id = playing
    for args in (("resume", game_id), PLAY, ("games", "--delete", game_id)):
        result = cli(*args)
        assert result.code == 2, (args, result.err)
        _refused(result.err, hexwar_home, proc.pid)
    assert proc.poll() is None  # the holder plays on


def test_amend_beside_a_running_game_exits_2_without_a_traceback(
    cli_env: dict[str, str], playing: tuple[subprocess.Popen[str], str], hexwar_home: Path
) -> None:
    """Issue 38 item 2: one writer per store; `hexwar amend` as a user runs it beside a game in
    play is refused before it loads the game."""
    proc, game_id = playing
    done = subprocess.run(
        [*HEXWAR, "amend", game_id, "end red: the player left"],
        env=cli_env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    _refused(done.stderr, hexwar_home, proc.pid)


def test_reading_commands_beside_a_running_game_still_work(
    cli: Cli, playing: tuple[subprocess.Popen[str], str]
) -> None:
    """Issue 38 item 2: one writer per store, but readers are not blocked."""
    _, game_id = playing
    listed = cli("games", "--ids")
    assert listed.code == 0, listed.err
    assert listed.out.split() == [game_id]
    exported = cli("export", game_id, "--umpire")
    assert exported.code == 0, exported.err
    assert '"ruleset": "tiny"' in exported.out
