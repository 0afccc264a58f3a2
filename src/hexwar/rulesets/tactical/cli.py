"""``hexwar tactical ...``: the tactical ruleset's own commands (seed 002).

``odds`` is the designer's calculator: the five result chances of a single attack at given net
attack and net defense strengths, from the COMBAT RESULTS TABLE with its pro-rating.
"""

from __future__ import annotations

import json
import math
from typing import Annotated

import typer

from hexwar.core.errors import InvalidInputError, Problem
from hexwar.rulesets.tactical.tables import CRT_COLUMNS, sheet

__all__ = ["app", "odds_chances"]

app = typer.Typer(
    name="tactical",
    help="Tactical game tools: the CRT calculator.",
    no_args_is_help=True,
    add_completion=False,
)

_LABELS = {
    "loss_3": "loss of 3 SPs",
    "loss_2": "loss of 2 SPs",
    "loss_1": "loss of 1 SP",
    "disruption": "disruption",
    "morale_check": "morale check",
}


@app.callback()
def _group() -> None:
    """Tactical game tools: the CRT calculator."""


def odds_chances(attack: float, defense: float) -> dict[str, float]:
    """The chances of one attack at net ``attack`` vs net ``defense`` (COMBAT RESULTS TABLE).

    Raises:
        InvalidInputError: a strength that is negative or not a finite number, each named.
    """
    problems = []
    for name, value in (("ATTACK", attack), ("DEFENSE", defense)):
        if not math.isfinite(value) or value < 0:
            problems.append(
                Problem(f"{name} must be a finite number >= 0 (net strength), got {value:g}")
            )
    if not problems and attack == 0 and defense == 0:
        problems.append(Problem("ATTACK and DEFENSE cannot both be 0: the odds are undefined"))
    if problems:
        raise InvalidInputError(problems)
    values = sheet().crt.lookup(attack, defense).values
    return {c: round(values[c], 10) for c in CRT_COLUMNS}


@app.command()
def odds(
    attack: Annotated[float, typer.Argument(metavar="ATTACK", help="Net attack strength.")],
    defense: Annotated[float, typer.Argument(metavar="DEFENSE", help="Net defense strength.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the chances as one JSON object, each in [0, 1].")
    ] = False,
) -> None:
    """The five result chances of a single attack at these net strengths.

    Odds between two CRT rows are pro-rated (the sheet: 11 vs 4 lies between 2:1 and 3:1).

    Odds beyond the first or last row use that row. Invalid input exits with status 2.
    """
    chances = odds_chances(attack, defense)
    if as_json:
        typer.echo(json.dumps(chances))
        return
    row = sheet().crt.lookup(attack, defense)
    typer.echo(f"{attack:g} vs {defense:g}: CRT line {sheet().crt.describe(row)}")
    for c in CRT_COLUMNS:
        typer.echo(f"  {_LABELS[c]:<14} {chances[c]:7.2%}")
    typer.echo(f"  {'no effect':<14} {1 - sum(chances.values()):7.2%}")
