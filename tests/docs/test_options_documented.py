"""Every command's `--help` explains every option and argument in a sentence, and every option
is mentioned somewhere in README.md or docs/ (issue 23, item 4: "`--help` of every command lists
every option with a sentence, and the docs cover each")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import typer

from hexwar.cli.main import app
from tests.conftest import ROOT

HELP_OPTIONS = {"--help"}


def _commands() -> Iterator[tuple[str, Any]]:
    """Every command of the `hexwar` tree with its path, ruleset commands included (typer's own
    click: the command objects are its classes, walked by their click interface)."""
    root = typer.main.get_command(app)

    def walk(path: str, command: Any, parent: Any) -> Iterator[tuple[str, Any]]:
        yield path, command
        if hasattr(command, "list_commands"):
            ctx = command.context_class(command, parent=parent, info_name=path.split()[-1])
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None and not sub.hidden:
                    yield from walk(f"{path} {name}", sub, ctx)

    yield from walk("hexwar", root, None)


COMMANDS = list(_commands())


def _passages() -> list[str]:
    """README.md and docs/ cut into the places an option can be explained: each line of a code
    block (a command continued with a trailing backslash is one line), each prose paragraph."""
    passages: list[str] = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        in_code, paragraph = False, []
        for line in page.read_text(encoding="utf-8").replace("\\\n", " ").splitlines():
            if line.lstrip().startswith("```"):
                in_code = not in_code
                passages.append(" ".join(paragraph))
                paragraph = []
            elif in_code:
                passages.append(line)
            elif line.strip():
                paragraph.append(line)
            else:
                passages.append(" ".join(paragraph))
                paragraph = []
        passages.append(" ".join(paragraph))
    return [p for p in passages if p]


PASSAGES = _passages()
# The words that name a command where the docs write it: `hexwar sweep FILE` runs `sweep run`.
COMMAND_WORDS = {"hexwar sweep run": ("run", "sweep")}


def test_the_walk_reaches_the_ruleset_commands() -> None:
    paths = {path for path, _ in COMMANDS}
    assert {"hexwar run", "hexwar aggressor hit-chance", "hexwar idahex convert"} <= paths


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[p for p, _ in COMMANDS])
def test_every_parameter_has_a_help_sentence(path: str, command: Any) -> None:
    assert (command.help or command.short_help or "").strip(), f"{path}: no help"
    missing = [
        param.name or "?"
        for param in command.params
        if not (getattr(param, "help", None) or "").strip()
        and not set(getattr(param, "opts", [])) & HELP_OPTIONS
    ]
    assert not missing, f"{path}: no help text for {', '.join(missing)}"


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[p for p, _ in COMMANDS])
def test_every_option_is_mentioned_in_the_docs(path: str, command: Any) -> None:
    """An option counts as documented when one passage of the docs (a code line or a prose
    paragraph, see `_passages`) names both the command (its last word) and the option."""
    words = COMMAND_WORDS.get(path, (path.split()[-1],))
    naming = [p for p in PASSAGES if any(re.search(rf"\b{re.escape(w)}\b", p) for w in words)]
    unmentioned = []
    for param in command.params:
        if param.param_type_name != "option" or set(param.opts) & HELP_OPTIONS:
            continue
        names = [*param.opts, *param.secondary_opts]
        spelled = re.compile("|".join(rf"(?:^|[\s`(\[]){re.escape(n)}\b" for n in names))
        if not any(spelled.search(p) for p in naming):
            unmentioned.append(max(names, key=len))
    assert not unmentioned, (
        f"{path}: no page of docs/ or README.md mentions {', '.join(unmentioned)}"
    )
