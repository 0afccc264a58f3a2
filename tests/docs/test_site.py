"""The documentation site (`make docs`, mkdocs.yml) builds without a warning: every page in the
navigation, every link and anchor resolving (issue 23: docs that cannot go stale)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    home = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert 'href="idahex.html"' in home  # README's docs/idahex.md link, made relative to the site
    assert (tmp_path / "benchmarks.html").is_file()
    assert (tmp_path / "examples" / "analysis" / "hastings-size.toml").is_file()
