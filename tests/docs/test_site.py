"""The documentation site (`make docs`, mkdocs.yml) builds without a warning: every page in the
navigation, every link and anchor resolving (issue 23: docs that cannot go stale), and it loads
nothing from the internet -- no Google Fonts, no script or stylesheet from another host (issue
43: the site is read offline)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytest.importorskip("mkdocs")

# An element that makes the browser fetch a file as the page loads (a link to follow is no fetch).
_FETCHED = re.compile(
    r"<(?:script|img|iframe|source|link(?=[^>]*rel=\"(?:stylesheet|preconnect|preload|icon)\"))"
    r"[^>]*(?:src|href)=\"((?:https?:)?//[^\"]+)\""
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    return out


def test_the_site_builds_strictly(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="idahex.html"' in home  # README's docs/idahex.md link, made relative to the site
    assert (site / "benchmarks.html").is_file()
    assert (site / "examples" / "analysis" / "hastings-size.toml").is_file()


def test_the_site_fetches_no_fonts_or_assets_from_the_internet(site: Path) -> None:
    """mkdocs.yml's ``theme.font: false``: mkdocs-material's default loads Roboto from
    fonts.googleapis.com (and preconnects to fonts.gstatic.com) on every page; the pages use
    the system's fonts instead, and no page loads a script, image or stylesheet from a host."""
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        html = page.read_text(encoding="utf-8")
        name = page.relative_to(site)
        assert "fonts.googleapis.com" not in html, name
        assert "fonts.gstatic.com" not in html, name
        assert _FETCHED.findall(html) == [], name
