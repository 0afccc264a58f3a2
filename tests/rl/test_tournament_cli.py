"""``hexwar tournament`` on the command line: a table, a CSV, and exit 2 on bad input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("joblib")

HEXWAR = [sys.executable, "-m", "hexwar"]


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*HEXWAR, "tournament", *args], env=env, capture_output=True, text=True, timeout=120
    )


def test_tournament_prints_ratings_and_writes_csv(cli_env: dict[str, str], tmp_path: Path) -> None:
    """The Aggressor computer against random, one game on each side, cut to 4 decisions."""
    out = tmp_path / "t.csv"
    result = _run(
        cli_env, "aggressor/sector", "--agents", "computer,random", "--seeds", "1",
        "--max-steps", "4", "--csv", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "| computer | random |" in result.stdout
    # the run says what it plays and shows its progress, on stderr (issue 21 item 6)
    assert "aggressor/sector: 2 games (computer, random; 1 per pair and side)" in result.stderr
    assert "2/2" in result.stderr
    assert out.read_text().startswith("kind,scenario,agent")


def test_unknown_agent_exits_2_without_traceback(cli_env: dict[str, str]) -> None:
    result = _run(cli_env, "aggressor/sector", "--agents", "computer,nobody", "--seeds", "1")
    assert result.returncode == 2
    assert (
        "--agents: unknown agent 'nobody' for aggressor (available: ai, computer, random, mcts)"
        in result.stderr
    )
    assert "Traceback" not in result.stderr
    assert "games (" not in result.stderr  # refused before the run is announced


def test_one_agent_is_not_a_tournament(cli_env: dict[str, str]) -> None:
    result = _run(cli_env, "aggressor/sector", "--agents", "computer")
    assert result.returncode == 2
    assert "at least two agents" in result.stderr
