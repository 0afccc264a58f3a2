"""The environment the documentation's shell examples run in: the doc tests (``conftest.py``)
and ``scripts/analysis_docs.py``, which writes the pages' outputs, run the commands alike."""

from __future__ import annotations

import os
import sys
from pathlib import Path

COLUMNS = "100"
"""The terminal width the pages' outputs are shown at."""


def command_environment(home: Path) -> dict[str, str]:
    """This process's environment without hexwar's and pytest's own variables, with the game
    store in ``home``, this Python's ``hexwar`` first on PATH, no colour and a fixed width
    and hash seed (so an output is the page's, byte for byte)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HEXWAR_", "PYTEST_"))}
    env.update(
        HEXWAR_HOME=str(home),
        PATH=os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]),
        NO_COLOR="1",
        TERM="dumb",
        COLUMNS=COLUMNS,
        PYTHONHASHSEED="0",
    )
    return env
