"""``hexwar idahex ...``: the IDAHEX ruleset's own commands (seed 000 §8-9).

``convert`` moves a game design between the manual's card decks (File 50 and File 60, §9.1)
and scenario files (TOML or JSON, :mod:`hexwar.rulesets.idahex.scenario`). Invalid input exits
with status 2 and every problem at its place -- ``file:card: group N (variable): field k:
message`` in a deck, ``file:line: key.path: message`` in a scenario -- never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from hexwar.core.errors import InvalidInputError, Problem, ScenarioError
from hexwar.rulesets.idahex.scenario import (
    IdahexScenario,
    card_problems,
    deck_title,
    from_cards,
    to_cards,
    to_json,
    to_toml,
)
from hexwar.scenarios import Document, load_document, validate

__all__ = ["FILE50_NAME", "FILE60_NAME", "app"]

EXIT_INVALID = 2
FILE50_NAME = "file50.txt"
FILE60_NAME = "file60.txt"
_SCENARIO_SUFFIXES = frozenset({".toml", ".json"})

app = typer.Typer(
    name="idahex",
    help="IDAHEX tools: convert game designs between the manual's card decks (File 50, "
    "File 60) and scenario files.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)


class _InvalidArgumentsError(InvalidInputError):
    """A combination of arguments that cannot be carried out."""


@app.callback()
def _group() -> None:
    """IDAHEX tools: convert game designs between the manual's card decks (File 50, File 60)
    and scenario files."""


def _paragraphs(text: str) -> str:
    """Help text with each paragraph on one line (Typer's rich help keeps single line breaks)."""
    return "\n\n".join(" ".join(p.split()) for p in text.strip().split("\n\n"))


_CONVERT_HELP = _paragraphs(
    """
Convert a game design between card decks and scenario files.

The inputs' suffix says what they are and OUT's suffix what to write, so every direction works:
cards to a scenario, a scenario to cards, and either to itself (rewritten in the standard
layout). Card decks hold no title or description.

Invalid input exits with status 2, listing every problem at its card or line.

[b]Examples[/b]

hexwar idahex convert sinai/file50.txt sinai/file60.txt -o sinai.toml

hexwar idahex convert sinai.toml -o decks/ [dim](writes decks/file50.txt, decks/file60.txt)[/dim]

hexwar idahex convert sinai.toml -o sinai.json
"""
)


@app.command(no_args_is_help=True, help=_CONVERT_HELP)
def convert(
    inputs: Annotated[
        list[Path],
        typer.Argument(
            metavar="INPUT...",
            help="A card deck, FILE50 [FILE60] (no File 60: no map changes), or one scenario "
            "file, SCENARIO.toml or SCENARIO.json.",
        ),
    ],
    output: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            metavar="OUT",
            help="OUT.toml or OUT.json: write a scenario file. Any other path: a directory "
            f"(created if need be) to write {FILE50_NAME} and {FILE60_NAME} into.",
        ),
    ],
    title: Annotated[
        str | None,
        typer.Option(
            metavar="TEXT",
            help="The scenario's title (default: a scenario's own, or the deck's directory "
            "name for a deck called file50, else its file name).",
        ),
    ] = None,
    description: Annotated[
        str | None,
        typer.Option(metavar="TEXT", help="The scenario's description."),
    ] = None,
) -> None:
    """Convert a game design between card decks and scenario files (``_CONVERT_HELP``)."""
    try:
        to_scenario = output.suffix.lower() in _SCENARIO_SUFFIXES
        if not to_scenario and (title is not None or description is not None):
            raise _InvalidArgumentsError(
                f"-o {output}: card decks hold no title or description; write a scenario file "
                "(OUT.toml or OUT.json) to give them"
            )
        if not to_scenario and output.exists() and not output.is_dir():
            raise _InvalidArgumentsError(
                f"-o {output}: is a file; card decks are written into a directory "
                "(for a scenario file, end OUT in .toml or .json)"
            )
        scenario, document = _read(inputs, title, description)
        if to_scenario:
            text = to_json(scenario) if output.suffix.lower() == ".json" else to_toml(scenario)
            _write(output, text, "line")
            return
        if document is not None:  # locate what no card can hold at its line of the file
            problems = [document.problem(msg, at) for at, msg in card_problems(scenario)]
            if problems:
                raise ScenarioError(problems)
        file50, file60 = to_cards(scenario)
        _write(output / FILE50_NAME, file50, "card")
        _write(output / FILE60_NAME, file60, "card")
    except InvalidInputError as e:
        for problem in e.problems:
            typer.echo(str(problem), err=True)
        n = len(e.problems)
        if n > 1:
            typer.echo(f"{n} problems", err=True)
        raise typer.Exit(EXIT_INVALID) from None


def _read(
    inputs: list[Path], title: str | None, description: str | None
) -> tuple[IdahexScenario, Document | None]:
    """The scenario of the inputs -- one scenario file (returned with its document, for
    locating), or a File 50 deck and an optional File 60 deck -- with ``title`` and
    ``description``, when given, in place of its own."""
    scenarios = [p for p in inputs if p.suffix.lower() in _SCENARIO_SUFFIXES]
    if scenarios and len(inputs) > 1:
        raise _InvalidArgumentsError(
            "give one scenario file, or a card deck (FILE50 [FILE60]), not "
            + " and ".join(map(str, inputs))
        )
    if scenarios:
        try:
            document = load_document(scenarios[0])
        except OSError as e:
            raise ScenarioError([Problem(f"cannot read: {e.strerror or e}", str(inputs[0]))]) from e
        scenario = validate(document, IdahexScenario)
        update = {"title": title, "description": description}
        changes = {k: v for k, v in update.items() if v is not None}
        return scenario.model_copy(update=changes), document
    if len(inputs) > 2:
        raise _InvalidArgumentsError(
            f"a card deck is FILE50 [FILE60], got {len(inputs)} files: "
            + " ".join(map(str, inputs))
        )
    scenario = from_cards(
        inputs[0],
        inputs[1] if len(inputs) == 2 else None,
        title=title if title is not None else deck_title(inputs[0]),
        description=description or "",
    )
    return scenario, None


def _write(path: Path, text: str, unit: str) -> None:
    """Write ``text`` to ``path`` and say so, counting its lines as ``unit`` s."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise ScenarioError([Problem(f"cannot write: {e.strerror or e}", str(path))]) from e
    n = text.count("\n")
    sys.stdout.write(f"wrote {path} ({n} {unit}{'s' if n != 1 else ''})\n")
