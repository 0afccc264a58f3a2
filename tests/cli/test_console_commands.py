"""The commands every terminal prompt knows (README, "Playing in the terminal"; issue 43):
``:auto`` and ``:log`` answered at a ruleset's own console too (the tactical game's, seed 002),
and its status line written for players, not as a Python dict."""

from __future__ import annotations

import re
import subprocess
import sys


def _play(env: dict[str, str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hexwar", "play", "tactical/meeting1941", "--side", "allied",
         "--seed", "2"],
        input=stdin, capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip


def test_auto_and_log_are_answered_at_the_tactical_console(cli_env: dict[str, str]) -> None:
    """``:log`` prints the side's log again (its phase lines twice in all), ``:auto`` shows the
    computer's orders for the phase and sends them: nothing is refused."""
    done = _play(cli_env, ":log\n:auto\n:quit\n")
    assert done.returncode == 0, done.stderr
    assert "refused" not in done.stdout
    assert done.stdout.count("Turn 1 of 10 (minute 0): allied phase") == 2
    assert re.search(r"the computer's order: move \S+ \d+,\d+", done.stdout), done.stdout
    assert "ok: order 1 accepted" in done.stdout


def test_the_tactical_status_line_names_each_sides_score(cli_env: dict[str, str]) -> None:
    done = _play(cli_env, ":quit\n")
    assert "score allied 0, axis 10" in done.stdout, done.stdout
    assert "{'allied'" not in done.stdout
