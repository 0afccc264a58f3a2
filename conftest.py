"""Doc tests: every fenced ``console`` block of README.md and docs/ is run, and its shown output
compared (docs/testing.md, "A doc example is a test too").

A block is a terminal session. A line starting with ``$ `` is a command (run by bash; a line
ending with ``\\`` or followed by lines starting with ``> `` continues it, as bash's own prompts
show a here-document or a long command); the lines after it, up to the next command, are its
shown output, compared with what the command writes to stdout and stderr together:

- a line ``...`` stands for any number of lines (none included), and ``...`` inside a line for
  any text on that line (a state hash, a game id, a timing);
- the temporary game store and working directory appear as ``$HEXWAR_HOME`` and ``.``;
- trailing spaces and colours are ignored; a command that shows no output is not compared.

A command must exit with status 0; a doc that shows a refusal writes
``hexwar validate bad.toml || echo "exit status $?"``. The commands of a block run in one
bash, so a variable one sets (``ID=$(hexwar games --ids | head -n 1)``) is seen by the next.
Every block of one page runs in the same temporary directory with the same empty game store
(``HEXWAR_HOME``), in order, with the project's ``hexwar`` first on ``PATH`` and nothing on
standard input; ``benchmarks/``, ``examples/`` and ``src/`` are reachable there, read-only by
convention, as in the repository (commands run from its root). A
block that cannot run in a test (a server that runs until stopped, a benchmark of minutes) is
preceded by ``<!-- skip: next "the reason" -->``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexwar.testing.docs import command_environment

try:
    from sybil import Example, Sybil
    from sybil.parsers.markdown import CodeBlockParser, SkipParser
except ImportError:  # a venv from before the dev extra had it: tests/ still run, pages do not
    Sybil = None  # type: ignore[assignment,misc]
    Example = Any  # type: ignore[assignment,misc]

ROOT = Path(__file__).resolve().parent
COMMAND_TIMEOUT_S = 180
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@dataclass(frozen=True)
class Command:
    """One ``$`` command of a console block with the output the doc shows for it."""

    line: int  # 1-based, within the block
    text: str
    shown: list[str]


def parse_console(source: str) -> list[Command]:
    """The commands of a console block, each with its shown output lines."""
    commands: list[Command] = []
    lines = source.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ "):
            if line.strip():
                raise ValueError(f"console block line {i + 1}: output before any command")
            i += 1
            continue
        start, parts = i + 1, [line[2:]]
        i += 1
        while i < len(lines) and (parts[-1].endswith("\\") or lines[i].startswith("> ")):
            parts.append(lines[i][2:] if lines[i].startswith("> ") else lines[i])
            i += 1
        shown: list[str] = []
        while i < len(lines) and not lines[i].startswith("$ "):
            shown.append(lines[i])
            i += 1
        while shown and not shown[-1].strip():
            shown.pop()
        commands.append(Command(start, "\n".join(parts), shown))
    return commands


def output_matches(shown: list[str], actual: str) -> bool:
    """Whether the actual output fits the shown lines (``...`` as the module docstring says)."""
    pattern = ""
    for line in shown:
        line = line.rstrip()
        if line == "...":
            pattern += r"(?:[^\n]*\n)*?"
        else:
            pattern += ".*".join(re.escape(part) for part in line.split("...")) + r"[ \t]*\n"
    text = "\n".join(row.rstrip() for row in actual.rstrip().splitlines()) + "\n"
    return re.fullmatch(pattern, text) is not None


def run_console(example: Example) -> str | None:
    """Sybil evaluator: run the block's commands in one bash (a variable set by one command is
    seen by the next, as in a terminal), each followed by a marker line carrying its exit
    status; compare each command's output with the shown one."""
    namespace: dict[str, Any] = example.namespace
    workdir: Path = namespace["workdir"]
    home: Path = namespace["home"]
    commands = parse_console(example.parsed)
    token = f"@@hexwar-doc-{os.getpid()}-{example.line}@@"
    script = ["set -o pipefail"]
    for n, command in enumerate(commands):
        script += [command.text, f"printf '\\n{token} {n} %s\\n' $?"]
    done = subprocess.run(
        ["bash", "-c", "\n".join(script)],
        cwd=workdir,
        env=command_environment(home),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=COMMAND_TIMEOUT_S * len(commands),
    )
    output = _ANSI.sub("", done.stdout).replace(str(home), "$HEXWAR_HOME")
    output = output.replace(str(workdir) + "/", "./").replace(str(workdir), ".")
    pieces = re.split(rf"\n{re.escape(token)} (\d+) (\d+)\n", output)
    for n, command in enumerate(commands):
        where = f"line {example.line + command.line} ($ {command.text.splitlines()[0]})"
        if 3 * n + 2 >= len(pieces):
            return f"{where}: the shell stopped before it ended\n{pieces[-1]}"
        actual, status = pieces[3 * n], int(pieces[3 * n + 2])
        if status != 0:
            return f"{where}: exit status {status}\n{actual}"
        if command.shown and not output_matches(command.shown, actual):
            shown = "\n".join(command.shown)
            return f"{where}: output differs\n--- shown:\n{shown}\n--- actual:\n{actual}"
    return None


def _setup(namespace: dict[str, Any]) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="hexwar-doc-"))
    for shared in ("benchmarks", "examples", "src"):
        (workdir / shared).symlink_to(ROOT / shared)
    namespace["workdir"] = workdir
    namespace["home"] = workdir / ".hexwar-home"


def _teardown(namespace: dict[str, Any]) -> None:
    shutil.rmtree(namespace["workdir"], ignore_errors=True)


if Sybil is not None:
    pytest_collect_file = Sybil(
        parsers=[CodeBlockParser(language="console", evaluator=run_console), SkipParser()],
        patterns=["README.md", "docs/*.md", "docs/rulings/*.md"],
        setup=_setup,
        teardown=_teardown,
    ).pytest()
else:

    def pytest_report_header() -> str:
        return (
            "sybil is not installed: the console blocks of README.md and docs/ are NOT run "
            "(pip install -e '.[dev]', or make test)"
        )
