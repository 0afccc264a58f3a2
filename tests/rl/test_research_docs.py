"""Every Python snippet of docs/research.md runs as written (issue 21: "training-loop-ready
snippets for each library")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
SNIPPETS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_a_snippet_for_each_library() -> None:
    text = "\n".join(SNIPPETS)
    for name in ("pettingzoo", "gym", "openspiel", "mcts", "tournament"):
        assert f"hexwar.rl.{name}" in text or f"hexwar.agents.{name}" in text, name


@pytest.mark.parametrize("index", range(len(SNIPPETS)))
def test_snippet_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(SNIPPETS[index], f"{DOC}:snippet {index + 1}", "exec"), {})
