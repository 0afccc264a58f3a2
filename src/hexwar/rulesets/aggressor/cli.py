"""``hexwar aggressor ...``: the Aggressor ruleset's own commands.

* ``hit-chance``: the designer's calculator of COMBAT's hit chance;
* ``setup``: the computer sets up both sides and the first mover is drawn; the set-up is
  written as a scenario file that loads again (CONDUCT OF PLAY / SET UP);
* ``save-setup``: the set-up of a stored game (both sides' set-up orders and its first mover)
  written as such a file.

Terminal play is ``hexwar play`` (with the original keys): without ``--side`` the scenario's
``computer`` option (the author's "isAi") decides which sides the computer plays
(``AggressorRuleset.computer_sides``).

Invalid input exits with status 2 and a located message, never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from hexwar.core.errors import InvalidInputError
from hexwar.core.records import RecordSource
from hexwar.core.rng import stream
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.ai import computer_setup
from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.rulesets.aggressor.legal import random_setup
from hexwar.rulesets.aggressor.orders import AggressorOrder, parse_order
from hexwar.rulesets.aggressor.scenario import AggressorScenario, Placement, SetUp, to_toml

__all__ = ["app"]

app = typer.Typer(
    name="aggressor",
    help="Aggressor tools: the hit-chance calculator and set-up files (play: hexwar play).",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)


ScenarioArgument = Annotated[
    str, typer.Argument(metavar="SCENARIO", help="A bundled id or a scenario file.")
]


@app.callback()
def _group() -> None:
    """Aggressor tools: the hit-chance calculator and set-up files (play: hexwar play)."""


@app.command(
    "hit-chance",
    help="The chance of a hit (COMBAT): 50% + 10% x (attacker - defender Strength), -10% for "
    "a defender in rough terrain or a CBR hex, -10% more if it is emplaced.",
)
def hit_chance(
    attacker_strength: Annotated[
        int, typer.Option(metavar="N", min=0, max=9, help="The attacker's current Strength.")
    ],
    defender_strength: Annotated[
        int, typer.Option(metavar="N", min=0, max=9, help="The defender's current Strength.")
    ],
    rough: Annotated[bool, typer.Option("--rough", help="The defender is in rough terrain.")] = (
        False
    ),
    cbr: Annotated[bool, typer.Option("--cbr", help="The defender is in a CBR hex.")] = False,
    emplaced: Annotated[
        bool, typer.Option("--emplaced", help="The defender is emplaced (dug in).")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help='Print {"hit_chance": p}.')] = False,
) -> None:
    """The chance of a hit (COMBAT): 50% + 10% x (attacker - defender Strength), -10% for a
    defender in rough terrain or a CBR hex, -10% more if it is emplaced."""
    p = rl.hit_chance(attacker_strength, defender_strength, rough=rough, cbr=cbr, emplaced=emplaced)
    if as_json:
        sys.stdout.write(json.dumps({"hit_chance": p}) + "\n")
    else:
        typer.echo(f"hit chance {p:.0%}")


def _load(scenario: str) -> AggressorScenario:
    from hexwar.scenarios.resolve import resolve_scenario

    resolved = resolve_scenario(scenario)
    if not isinstance(resolved.scenario, AggressorScenario):
        raise InvalidInputError(f"{scenario}: not an Aggressor scenario")
    return resolved.scenario


def _write(scenario: AggressorScenario, output: Path) -> None:
    if output.suffix.lower() == ".json":
        text = json.dumps(scenario.model_dump(mode="json", exclude_none=True), indent=2) + "\n"
    else:
        text = to_toml(scenario)
    output.write_text(text, encoding="utf-8")
    typer.echo(
        f"wrote {output} ({scenario.setup.first_mover if scenario.setup else '?'} moves first)"
    )


def _with_setup(
    base: AggressorScenario, first: str, west: AggressorOrder, east: AggressorOrder
) -> AggressorScenario:
    setup = SetUp(
        first_mover=first,  # type: ignore[arg-type]
        west=tuple(Placement(type=t, at=at) for t, at in west.placements),
        east=tuple(Placement(type=t, at=at) for t, at in east.placements),
    )
    data = base.model_dump(mode="json", exclude_none=True)
    data["setup"] = setup.model_dump(mode="json")
    return AggressorScenario.model_validate_json(json.dumps(data))


@app.command()
def setup(
    scenario: ScenarioArgument = "aggressor/sector",
    output: Annotated[
        Path, typer.Option("--output", "-o", metavar="FILE", help="The set-up file (.toml/.json).")
    ] = Path("aggressor-setup.toml"),
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the set-up draws.")] = 0,
    west: Annotated[
        str, typer.Option(metavar="WHO", help="'computer' or 'random' sets up West.")
    ] = "computer",
    east: Annotated[
        str, typer.Option(metavar="WHO", help="'computer' or 'random' sets up East.")
    ] = "computer",
    first: Annotated[
        str, typer.Option(metavar="SIDE", help="west, east, or random (drawn).")
    ] = "random",
) -> None:
    """Set up both sides and write the set-up as a scenario file that plays again."""
    base = _load(scenario)
    orders: dict[str, AggressorOrder] = {}
    for side, who in (("west", west), ("east", east)):
        rng = stream(seed, f"setup:{side}")
        if who == "computer":
            orders[side] = computer_setup(side, rng)
        elif who == "random":
            orders[side] = random_setup(side, rng)
        else:
            raise InvalidInputError(f"--{side} {who!r}: choose computer or random")
    if first not in {"west", "east", "random"}:
        raise InvalidInputError(f"--first {first!r}: choose west, east or random")
    if first == "random":
        first = rl.SIDES[int(stream(seed, "setup:first").integers(2))]
    _write(_with_setup(base, first, orders["west"], orders["east"]), output)


@app.command("save-setup")
def save_setup(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="ID", help="A stored game id or prefix.")],
    output: Annotated[
        Path, typer.Option("--output", "-o", metavar="FILE", help="The set-up file (.toml/.json).")
    ] = Path("aggressor-setup.toml"),
) -> None:
    """Write the set-up of a stored game (both sides' units and who moved first) to a file."""
    from hexwar.core import registry

    games = ctx.find_root().obj  # lent by hexwar's command line
    if not isinstance(games, RecordSource):
        raise InvalidInputError("save-setup reads stored games: run it as hexwar aggressor ...")
    record = games.load_record(game_id)
    if record.ruleset != "aggressor":
        raise InvalidInputError(f"game {game_id} is a {record.ruleset} game, not aggressor")
    game = registry.replay(record)
    assert isinstance(game, AggressorGame)  # the record names the aggressor ruleset
    setups = {
        o.side: parse_order(o.order)
        for o in record.orders
        if isinstance(o.order, dict) and "setup" in o.order
    }
    base = game.scenario
    if base.setup is not None:
        _write(base, output)
        return
    if set(setups) != {"west", "east"}:
        raise InvalidInputError(f"game {game_id}: both sides have not set up yet")
    _write(_with_setup(base, game.first_mover, setups["west"], setups["east"]), output)
