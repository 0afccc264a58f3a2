"""docs/analysis.md's worked sweeps cannot drift from the code (issue 41).

Every worked sweep of the page has a reduced twin next to its experiment file
(``examples/analysis/*-twin.toml``): the same experiment with fewer replications or a smaller
sample, so the same code path in seconds. The page shows each twin's commands and their output
in a generated block; here each twin is run as the page shows it and its output compared with
the page, character for character. A difference means the code now gives other figures than
the page states: ``make analysis-docs`` runs the worked sweeps again and rewrites the page.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "analysis.md"
REGENERATE = (
    "run `make analysis-docs` (or `.venv/bin/python scripts/analysis_docs.py --twins-only` "
    "when only the tables' format changed) and commit docs/analysis.md and docs/analysis/"
)


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "analysis_docs", ROOT / "scripts" / "analysis_docs.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["analysis_docs"] = module  # dataclasses resolve their module by name
    spec.loader.exec_module(module)
    return module


docs = _script()
WORKED = {w.key: w for w in docs.WORKED}

# What each twin changes, read off the experiment files by hand: (key path, full, twin).
REDUCED = {
    "hastings": [("replications", 100, 4)],
    "sector": [("replications", 20, 1)],
    "sinai": [("design.samples", 8, 2)],
}


def _pop(table: dict[str, Any], path: str) -> Any:
    *parents, last = path.split(".")
    for key in parents:
        table = table[key]
    return table.pop(last)


@pytest.mark.parametrize("key", sorted(WORKED))
def test_the_twin_is_its_experiment_with_fewer_runs(key: str) -> None:
    """A twin differs from its full-size experiment in the replications or the sample size
    alone (issue 41: "fewer replications, same code path")."""
    worked = WORKED[key]
    full = tomllib.loads((ROOT / worked.experiment).read_text(encoding="utf-8"))
    twin = tomllib.loads((ROOT / worked.twin).read_text(encoding="utf-8"))
    for path, full_value, twin_value in REDUCED[key]:
        assert (_pop(full, path), _pop(twin, path)) == (full_value, twin_value)
    assert twin == full


@pytest.mark.parametrize("key", sorted(WORKED))
def test_the_twin_table_is_the_page_s(key: str, tmp_path: Path) -> None:
    """The twin's commands, run as the page shows them from the repository root, print what
    the page's block shows."""
    worked = WORKED[key]
    shown = docs.blocks_of(PAGE.read_text(encoding="utf-8")).get(f"{key}-twin")
    assert shown is not None, f"docs/analysis.md has no block {key}-twin: {REGENERATE}"
    for shared in ("examples", "src"):
        (tmp_path / shared).symlink_to(ROOT / shared)
    try:
        actual = docs.twin_block(worked, tmp_path)
    except RuntimeError as e:  # a command the page shows fails
        pytest.fail(f"{e}\n{REGENERATE}")
    assert actual == shown, (
        f"{worked.twin}'s output differs from docs/analysis.md's block {key}-twin: "
        f"{REGENERATE}\n--- the page:\n{shown}\n--- today's code:\n{actual}"
    )


def test_the_page_has_exactly_the_generated_blocks() -> None:
    """Every generated block the script writes is on the page, once, and no other."""
    found = docs.blocks_of(PAGE.read_text(encoding="utf-8"))
    assert set(found) == docs.expected_names(twins_only=False)
    assert len(found) == 3 * 3 + 1  # a run, a prose and a twin block each; Hastings' summary


def test_the_page_s_sweeps_run_from_the_repository_root() -> None:
    """Every experiment the page's commands name is a path from the repository root (issue
    41: bare file names failed there), and every full-size run is skipped by the doc tests
    while every twin runs."""
    page = PAGE.read_text(encoding="utf-8")
    named = re.findall(r"^\$ hexwar sweep (\S+\.toml)", page, flags=re.MULTILINE)
    assert len(named) == 2 * len(WORKED)
    for name in named:
        assert (ROOT / name).is_file(), name
    for key, body in docs.blocks_of(page).items():
        if key.endswith("-twin"):
            assert "skip:" not in body
        elif "```console" in body:
            assert body.startswith("<!-- skip: next ")


def test_the_progress_bar_s_rate_and_times_are_elided() -> None:
    """The rate and times differ from run to run; the page shows them as ``...``."""
    line = "sweep ━━━━━━━━━━━━━━━━━━━━ 20/20 78.48 runs/s 0:00:00 ETA 0:00:00   "
    assert docs.normalize(f"a\n{line}\nb\n\n") == ["a", "sweep ━━━━━━━━━━━━━━━━━━━━ 20/20 ...", "b"]
