"""A git revision's ``src/`` tree, for the benchmarks that compare this tree with an earlier one
(a ratio measured in the same run), and a way to run a small script against a tree.

The tree is unpacked with ``git archive`` into a temporary directory and removed afterwards;
each tree runs in its own Python process, so the two versions never share a module.
"""

from __future__ import annotations

import io
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@contextmanager
def revision_source(revision: str) -> Iterator[Path]:
    """The ``src`` tree of ``revision``, unpacked in a temporary directory while in use."""
    with tempfile.TemporaryDirectory(prefix=f"hexwar-{revision}-") as tmp:
        archive = subprocess.run(
            ["git", "-C", str(REPO), "archive", "--format=tar", revision, "src"],
            check=True,
            capture_output=True,
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        yield Path(tmp) / "src"


def run_python(src: Path, script: str, *args: str) -> list[str]:
    """The words ``script`` prints, run by this Python with ``src`` as the only source tree."""
    return subprocess.run(
        [sys.executable, "-c", script, *args],
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
        cwd=src.parent,
    ).stdout.split()
