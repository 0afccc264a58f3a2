"""Test-wide set-up: the tiny fixture rulesets are registered through HEXWAR_RULESETS (the same
way any uninstalled ruleset is), and the game store lives in a temporary HEXWAR_HOME."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Property tests draw the same examples on every run and every machine ("derandomize"), so the
# suite passes or fails the same way everywhere and a failure repeats. HEXWAR_HYPOTHESIS=explore
# draws new examples on each run, for a hunt (docs/testing.md, "Property tests").
# A loaded machine (CI shares its cores) makes generating examples slow, and an example slower
# than Hypothesis's 200 ms deadline; neither is a failure: the suite times nothing (speed is
# the benchmarks' to measure), so its profile has no deadline.
settings.register_profile(
    "suite",
    derandomize=True,
    database=None,
    print_blob=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", print_blob=True)
settings.load_profile(os.environ.get("HEXWAR_HYPOTHESIS", "suite"))

TINY_RULESETS = "tests.fixtures.tiny:TinyRuleset,tests.fixtures.tiny:TinySealedRuleset"
os.environ["HEXWAR_RULESETS"] = TINY_RULESETS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def hexwar_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty game store directory."""
    home = tmp_path / "hexwar-home"
    monkeypatch.setenv("HEXWAR_HOME", str(home))
    return home


@pytest.fixture
def cli_env(hexwar_home: Path) -> dict[str, str]:
    """Environment for running ``hexwar`` in a subprocess with the fixture rulesets."""
    env = dict(os.environ)
    env["HEXWAR_HOME"] = str(hexwar_home)
    env["HEXWAR_RULESETS"] = TINY_RULESETS
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


@pytest.fixture
def refused_by_validate_and_run(cli_env: dict[str, str]) -> Callable[[Path, str], None]:
    """Check that ``hexwar validate FILE`` and ``hexwar run FILE``, as a user runs them, both
    exit 2 with ``message`` and no traceback."""

    def check(path: Path, message: str) -> None:
        for command in ("validate", "run"):
            done = subprocess.run(
                [sys.executable, "-m", "hexwar", command, str(path)],
                capture_output=True,
                text=True,
                env=cli_env,
                timeout=120,
                check=False,
            )
            assert done.returncode == 2, done.stderr
            assert "Traceback" not in done.stderr
            assert message in done.stderr

    return check
