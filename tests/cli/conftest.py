"""The command line run in process, as `hexwar ARGS` with a given standard input."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from hexwar.cli.main import main


@dataclass
class Result:
    code: int
    out: str
    err: str


Cli = Callable[..., Result]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    def run(*args: str, stdin: str = "") -> Result:
        monkeypatch.setattr(sys, "argv", ["hexwar", *args])
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        try:
            main()
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return run
