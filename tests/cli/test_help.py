"""Every ``--help`` of the ``hexwar`` command tree in one style (issue 43): a flag shows no
metavar (it showed ``<bool>``, yet ``--resume true`` is refused), options and arguments show
upper-case metavars (SCENARIO, N, PATH, SECONDS, SIDE=AGENT; not ``{scenario}``, ``<int
range>``, ``<float>``), descriptions are paragraphs wrapped to the terminal (not the source's
line breaks), and every command and parameter says what it is for."""

from __future__ import annotations

import re
from collections.abc import Iterator
from enum import StrEnum
from itertools import pairwise
from typing import Annotated, Any

import pytest
import typer
import typer.main

from hexwar.cli.helpstyle import restyle, unwrap
from hexwar.cli.main import app
from tests.cli.conftest import Cli

COLUMNS = 100
# typer's type tags (<bool>, <int range>, <float>, <str>, <path>...) and click's {choice}
# or typer's {required argument} in lower case
TYPE_TAG = re.compile(r"<[a-z][a-z ]*>")
LOWER_BRACES = re.compile(r"\{[a-z][a-z_|-]*\}")


def _tree() -> tuple[Any, Any, list[tuple[list[str], Any]]]:
    root = typer.main.get_command(app)
    ctx = root.context_class(root, info_name="hexwar")
    found: list[tuple[list[str], Any]] = []

    def walk(command: Any, path: list[str]) -> Iterator[None]:
        found.append((path, command))
        for name in getattr(command, "list_commands", lambda _ctx: [])(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                yield from walk(sub, [*path, name])
        yield None

    list(walk(root, []))
    return root, ctx, found


ROOT, CTX, COMMANDS = _tree()
PATHS = [path for path, _ in COMMANDS]


def test_the_tree_holds_every_layer_and_ruleset_command() -> None:
    names = {" ".join(path) for path in PATHS}
    assert {"", "play", "tournament", "sweep summarize", "serve", "tiny describe"} <= names
    assert {"flankbattle resolve", "idahex new", "aggressor setup", "tactical odds"} <= names


@pytest.fixture
def help_of(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("COLUMNS", str(COLUMNS))

    def render(path: list[str]) -> str:
        result = cli(*path, "--help")
        assert result.code == 0, (path, result.err)
        assert "Usage:" in result.out
        return result.out

    return render


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "hexwar")
def test_help_shows_no_type_tags_and_upper_case_metavars(help_of: Any, path: list[str]) -> None:
    text = help_of(path)
    assert not TYPE_TAG.findall(text), TYPE_TAG.findall(text)
    assert not LOWER_BRACES.findall(text), LOWER_BRACES.findall(text)
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert not re.search(r"\{", usage), usage  # a required argument is NAME, as click writes


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "hexwar")
def test_help_paragraphs_are_wrapped_to_the_terminal_not_the_source(
    help_of: Any, path: list[str]
) -> None:
    """In the description above the panels, a line ends early only where its paragraph ends:
    the next line's first word would not have fit on it."""
    text = help_of(path)
    description = text.split("Usage:", 1)[1].split("╭", 1)[0].splitlines()[1:]
    width = COLUMNS - 2  # rich's padding of one column on each side
    for line, following in pairwise(description):
        if line.strip() and following.strip() and not following.startswith("  "):
            room = width - len(line.rstrip())
            first = following.split()[0]
            assert len(first) + 1 > room, f"hard-wrapped before {first!r}:\n{line}\n{following}"


def _params(command: Any) -> list[Any]:
    return [p for p in command.get_params(CTX) if not getattr(p, "hidden", False)]


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) for p in PATHS])
def test_every_command_and_parameter_has_help_and_an_upper_case_metavar(
    path: list[str], command: Any
) -> None:
    assert (command.help or "").strip(), f"hexwar {' '.join(path)} has no help"
    for param in _params(command):
        assert (param.help or "").strip(), f"hexwar {' '.join(path)}: {param.name} has no help"
        if param.param_type_name == "argument":
            shown = param.display_name_raw
        elif param.is_flag or param.count:
            assert param.display_type_rich(CTX) is None  # a flag takes no value: no metavar
            continue
        else:
            shown = param.display_type_rich(CTX)
            if getattr(param.type_descriptor, "choices", None):
                continue  # its choices as typed (text|json), the one lower-case metavar
        assert shown == shown.upper(), f"hexwar {' '.join(path)}: {param.name} shows {shown!r}"


def test_a_flag_takes_no_value(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the help shows is what the parser does: ``--json`` alone, no ``true`` after it."""
    monkeypatch.setenv("COLUMNS", str(COLUMNS))
    shown = cli("run", "--help").out
    assert re.search(r"--json +Print one JSON object", shown), shown
    refused = cli("run", "tiny/duel", "--json", "true")
    assert refused.code == 2


def test_unwrap_joins_the_lines_of_a_paragraph_and_keeps_lists_and_b_blocks() -> None:
    text = "First line\nwrapped.\n\nItems:\n- one\n- two\n\n\b\nkept\nas is"
    assert unwrap(text) == "First line wrapped.\n\nItems:\n- one\n- two\n\n\b\nkept\nas is"


class Shape(StrEnum):
    hex = "hex"
    square = "square"


def test_an_option_without_a_metavar_gets_one_from_its_type_or_name(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N for an integer, NUMBER for a float, the choices for an enumeration, else the name."""
    extra = typer.Typer(add_completion=False)

    @extra.command()
    def demo(
        count: Annotated[int, typer.Option(help="How many.")] = 1,
        ratio: Annotated[float, typer.Option(help="How much.")] = 1.0,
        shape: Annotated[Shape, typer.Option(help="Which.")] = Shape.hex,
        json_dir: Annotated[str, typer.Option(help="Where.")] = ".",
        target: Annotated[str, typer.Argument(help="What.")] = "x",
    ) -> None:
        """A demonstration."""

    command = typer.main.get_command(extra)
    restyle(command, command.context_class(command, info_name="demo"))
    shown = {p.name: p.display_type_rich(CTX) for p in command.params if p.name != "target"}
    assert shown == {"count": "N", "ratio": "NUMBER", "shape": "hex|square", "json_dir": "JSON_DIR"}
    (target,) = [p for p in command.params if p.name == "target"]
    assert (target.display_name_raw, target._usage_display_name()) == ("TARGET", "[TARGET]")
