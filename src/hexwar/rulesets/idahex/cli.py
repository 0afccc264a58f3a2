"""``hexwar idahex ...``: the IDAHEX ruleset's own commands (seed 000 §8-9).

``convert`` moves a game design between the manual's card decks (File 50 and File 60, §9.1)
and scenario files (TOML or JSON, :mod:`hexwar.rulesets.idahex.scenario`). Invalid input exits
with status 2 and every problem at its place -- ``file:card: group N (variable): field k:
message`` in a deck, ``file:line: key.path: message`` in a scenario -- never a traceback.

``weapon-values`` is the designer's calculator of §5.1.2: the antipotential potentials of the
weapons for given kill matrices ``A`` and ``D`` and, with the holdings, the force ratios.

``new`` writes a small design from a few choices (:mod:`hexwar.rulesets.idahex.builder`).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Annotated, Any

import numpy as np
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
from hexwar.rulesets.idahex.values import WeaponValues, force_ratios, weapon_values
from hexwar.scenarios import Document, load_document, validate

__all__ = ["FILE50_NAME", "FILE60_NAME", "app"]

EXIT_INVALID = 2
FILE50_NAME = "file50.txt"
FILE60_NAME = "file60.txt"
_SCENARIO_SUFFIXES = frozenset({".toml", ".json"})

app = typer.Typer(
    name="idahex",
    help="IDAHEX tools: convert game designs between the manual's card decks (File 50, "
    "File 60) and scenario files; compute weapon values and force ratios (§5.1.2); write "
    "small designs.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)


class _InvalidArgumentsError(InvalidInputError):
    """A combination of arguments that cannot be carried out."""


@app.callback()
def _group() -> None:
    """IDAHEX tools: convert game designs between the manual's card decks (File 50, File 60)
    and scenario files; compute weapon values and force ratios (§5.1.2); write small
    designs."""


_CONVERT_HELP = """\
Convert a game design between card decks and scenario files.

The inputs' suffix says what they are and OUT's suffix what to write, so every direction works:
cards to a scenario, a scenario to cards, and either to itself (rewritten in the standard
layout). Card decks hold no title or description.

Invalid input exits with status 2, listing every problem at its card or line.

[b]Examples[/b]

hexwar idahex convert sinai/file50.txt sinai/file60.txt -o sinai.toml

hexwar idahex convert sinai.toml -o decks/ [dim](writes decks/file50.txt, decks/file60.txt)[/dim]

hexwar idahex convert sinai.toml -o sinai.json

hexwar idahex convert idahex/sinai -o decks/ [dim](the bundled Sinai as the manual's decks)[/dim]
"""


@app.command(no_args_is_help=True, help=_CONVERT_HELP)
def convert(
    inputs: Annotated[
        list[Path],
        typer.Argument(
            metavar="INPUT...",
            help="A card deck, FILE50 [FILE60] (no File 60: no map changes), one scenario "
            "file, SCENARIO.toml or SCENARIO.json, or a bundled scenario's id (idahex/sinai).",
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
    if len(inputs) == 1 and not inputs[0].exists():
        found = _bundled_document(inputs[0].as_posix())
        if found is not None:
            return _retitled(validate(found, IdahexScenario), title, description), found
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
        return _retitled(validate(document, IdahexScenario), title, description), document
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


def _retitled(
    scenario: IdahexScenario, title: str | None, description: str | None
) -> IdahexScenario:
    update = {"title": title, "description": description}
    return scenario.model_copy(update={k: v for k, v in update.items() if v is not None})


def _bundled_document(scenario_id: str) -> Document | None:
    """The document of the bundled IDAHEX scenario ``scenario_id`` (``idahex/sinai``: the
    manual's sample game, kept as a TOML design), or ``None`` if there is none of that id."""
    from hexwar.rulesets.idahex.ruleset import IdahexRuleset

    source = IdahexRuleset().bundled_scenarios().get(scenario_id)
    if source is None:
        return None
    text = source.read_text(encoding="utf-8")
    if source.name.endswith(".json"):
        return load_document(text, fmt="json", name=scenario_id)
    return load_document(text, fmt="toml", name=scenario_id)


def _write(path: Path, text: str, unit: str) -> None:
    """Write ``text`` to ``path`` and say so, counting its lines as ``unit`` s."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise ScenarioError([Problem(f"cannot write: {e.strerror or e}", str(path))]) from e
    n = text.count("\n")
    sys.stdout.write(f"wrote {path} ({n} {unit}{'s' if n != 1 else ''})\n")


# -- hexwar idahex weapon-values -------------------------------------------------------------

_WEAPON_VALUES_HELP = """\
Weapon values and force ratios of one engagement (seed 000 §5.1.2).

The --attack-kills file (A.json below) holds the attackers' average kill matrix A as a JSON
list of m rows of n numbers: A(i,j) is the rate at which one attackers' type i ground-to-ground
weapon kills the defenders' type j weapons. The --defense-kills file (D.json) holds the
defenders' matrix D, n rows of m numbers. The values solve alpha * va = A vd and
delta * vd = D va under Holter's scaling (iv): alpha = delta, and va(kw) = 1 for kw the
lowest-numbered attackers' weapon of positive value.

With the holdings (--attack-holdings: wa.json, the attackers' amounts of their m weapon types;
--defense-holdings: wd.json, the defenders' n amounts; each a JSON list of numbers) it also
prints the force ratio FR = <va, wa> / <vd, wd> and FR2 = FR**2, the ratio of the defenders'
to the attackers' proportional rate of value loss; the attackers dominate iff FR2 > 1.

--json prints one object with the keys va, vd, alpha, delta, fr and fr2; fr and fr2 are null
without holdings, and the string "inf" when only the defenders' force is worthless.

Invalid input exits with status 2, naming the file and the problem.

[b]Example[/b]

hexwar idahex weapon-values --attack-kills A.json --defense-kills D.json --attack-holdings
wa.json --defense-holdings wd.json
"""


@app.command("weapon-values", no_args_is_help=True, help=_WEAPON_VALUES_HELP)
def weapon_values_command(
    attack_kills: Annotated[
        Path,
        typer.Option(
            "--attack-kills",
            metavar="FILE",
            help="The attackers' kill matrix A (m rows of n rates), a JSON list of rows.",
        ),
    ],
    defense_kills: Annotated[
        Path,
        typer.Option(
            "--defense-kills",
            metavar="FILE",
            help="The defenders' kill matrix D (n rows of m rates), a JSON list of rows.",
        ),
    ],
    attack_holdings: Annotated[
        Path | None,
        typer.Option(
            "--attack-holdings",
            metavar="FILE",
            help="The attackers' holdings wa, m amounts (a JSON list); with --defense-holdings.",
        ),
    ] = None,
    defense_holdings: Annotated[
        Path | None,
        typer.Option(
            "--defense-holdings",
            metavar="FILE",
            help="The defenders' holdings wd, n amounts (a JSON list); with --attack-holdings.",
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print one JSON object: va, vd, alpha, delta, fr, fr2."),
    ] = False,
) -> None:
    """Weapon values and force ratios of §5.1.2 (``_WEAPON_VALUES_HELP``)."""
    try:
        if (attack_holdings is None) != (defense_holdings is None):
            given = attack_holdings or defense_holdings
            raise _InvalidArgumentsError(
                f"{given}: holdings come in pairs; give both --attack-holdings and "
                "--defense-holdings, or neither"
            )
        a = _json_matrix(attack_kills, "A")
        d = _json_matrix(defense_kills, "D")
        m, n = a.shape
        if d.shape != (n, m):
            raise ScenarioError(
                [
                    Problem(
                        f"D is {d.shape[0]} x {d.shape[1]}; it must be {n} x {m} (n x m) since "
                        f"A in {attack_kills} is {m} x {n} (§5.1.2)",
                        str(defense_kills),
                    )
                ]
            )
        values = weapon_values(a, d)
        ratios: tuple[float, float] | None = None
        if attack_holdings is not None and defense_holdings is not None:
            wa = _json_holdings(
                attack_holdings, "wa", m, "attackers'", f"rows of A in {attack_kills}"
            )
            wd = _json_holdings(
                defense_holdings, "wd", n, "defenders'", f"columns of A in {attack_kills}"
            )
            try:
                ratios = force_ratios(values, wa, wd)
            except InvalidInputError as e:
                where = f"{attack_holdings}, {defense_holdings}"
                raise ScenarioError([Problem(p.message, where) for p in e.problems]) from None
    except InvalidInputError as e:
        for problem in e.problems:
            typer.echo(str(problem), err=True)
        n_problems = len(e.problems)
        if n_problems > 1:
            typer.echo(f"{n_problems} problems", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    if as_json:
        sys.stdout.write(json.dumps(_values_object(values, ratios), allow_nan=False) + "\n")
    else:
        sys.stdout.write(_values_text(values, ratios))


def _values_object(values: WeaponValues, ratios: tuple[float, float] | None) -> dict[str, Any]:
    """The ``--json`` object: exactly ``va``, ``vd``, ``alpha``, ``delta``, ``fr``, ``fr2``."""

    def ratio(x: float) -> float | str:
        return "inf" if math.isinf(x) else x

    return {
        "va": [float(x) for x in values.va],
        "vd": [float(x) for x in values.vd],
        "alpha": values.alpha,
        "delta": values.delta,
        "fr": None if ratios is None else ratio(ratios[0]),
        "fr2": None if ratios is None else ratio(ratios[1]),
    }


def _number(x: float) -> str:
    return format(x, ".12g")


def _values_text(values: WeaponValues, ratios: tuple[float, float] | None) -> str:
    """The text report: one line per quantity, vectors as space-separated values."""
    lines = [
        f"va     {' '.join(map(_number, values.va))}",
        f"vd     {' '.join(map(_number, values.vd))}",
        f"alpha  {_number(values.alpha)}",
        f"delta  {_number(values.delta)}",
    ]
    if ratios is not None:
        fr, fr2 = ratios
        verdict = "the attackers dominate" if fr2 > 1 else "the attackers do not dominate"
        lines.append(f"FR     {_number(fr)}")
        lines.append(f"FR2    {_number(fr2)}  ({verdict}: FR2 {'>' if fr2 > 1 else '<='} 1)")
    return "\n".join(lines) + "\n"


def _reject_constant(name: str) -> float:
    """``json.loads`` hook for ``NaN``/``Infinity``, which are not JSON numbers."""
    raise ValueError(f"{name} is not a JSON number")


def _read_json(path: Path) -> object:
    """The JSON document in ``path``; a :class:`ScenarioError` naming the file (and line) if it
    cannot be read or parsed."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ScenarioError([Problem("not UTF-8 text", str(path))]) from None
    except OSError as e:
        raise ScenarioError([Problem(f"cannot read: {e.strerror or e}", str(path))]) from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise ScenarioError(
            [Problem(f"not valid JSON: {e.msg} (column {e.colno})", str(path), e.lineno)]
        ) from None
    except ValueError as e:
        raise ScenarioError([Problem(f"not valid JSON: {e}", str(path))]) from None
    except RecursionError:
        raise ScenarioError([Problem("not usable JSON: nested too deeply", str(path))]) from None


def _count(k: int, one: str, many: str) -> str:
    return f"{k} {one if k == 1 else many}"


def _is_number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _json_matrix(path: Path, name: str) -> np.ndarray[Any, np.dtype[np.float64]]:
    """The kill matrix ``name`` in ``path``: a nonempty JSON list of equally long, nonempty
    rows of finite numbers >= 0 (§5.1.2: kill rates)."""
    data = _read_json(path)
    where = str(path)
    if not isinstance(data, list) or not data or not all(isinstance(r, list) for r in data):
        raise ScenarioError(
            [Problem(f"{name} must be a nonempty JSON list of rows (lists of numbers)", where)]
        )
    problems: list[Problem] = []
    width = len(data[0])
    for i, row in enumerate(data, start=1):
        if not row:
            problems.append(Problem(f"{name} row {i} is empty", where))
        elif len(row) != width:
            problems.append(
                Problem(
                    f"{name} row {i} has {_count(len(row), 'entry', 'entries')}, row 1 has "
                    f"{width}: {name} must be "
                    "a rectangular matrix",
                    where,
                )
            )
        for j, x in enumerate(row, start=1):
            if not _is_number(x):
                problems.append(Problem(f"{name}({i},{j}) = {json.dumps(x)}: not a number", where))
            elif x < 0:
                problems.append(
                    Problem(f"{name}({i},{j}) = {x!r}: a kill rate must be >= 0 (§5.1.2)", where)
                )
    if problems:
        raise ScenarioError(problems)
    return np.array(data, dtype=np.float64)


def _json_holdings(
    path: Path, name: str, size: int, whose: str, counted: str
) -> np.ndarray[Any, np.dtype[np.float64]]:
    """The holdings vector ``name`` in ``path``: ``size`` finite amounts >= 0."""
    data = _read_json(path)
    where = str(path)
    if not isinstance(data, list):
        raise ScenarioError([Problem(f"{name} must be a JSON list of amounts", where)])
    problems: list[Problem] = []
    if len(data) != size:
        problems.append(
            Problem(
                f"{name} has {_count(len(data), 'amount', 'amounts')}; the {whose} weapon "
                f"types number {size} "
                f"(the {counted})",
                where,
            )
        )
    for i, x in enumerate(data, start=1):
        if not _is_number(x):
            problems.append(Problem(f"{name}({i}) = {json.dumps(x)}: not a number", where))
        elif x < 0:
            problems.append(Problem(f"{name}({i}) = {x!r}: an amount must be >= 0", where))
    if problems:
        raise ScenarioError(problems)
    return np.array(data, dtype=np.float64)


# -- hexwar idahex new -----------------------------------------------------------------------

DEFAULT_DESIGN: Any = {
    "cells": 8,
    "rank": 4,
    "border": 4,
    "weapons": ("red=rifle", "blue=rifle"),
    "kill": ("red=0.02", "blue=0.02"),
    "unit": ("red@2=rifle:100", "blue@6=rifle:50"),
}
"""What ``hexwar idahex new`` writes for an option not given: a design that fights (issue 43).
Red's 100 rifles in cell 2 face Blue's 50 in cell 6, next to it, at equal kill rates: the
odds of 2 to 1 are enough for the computer commander to attack (it wants 1.6 to 1,
docs/idahex.md, "The computer opponent"), so a first design played by ``hexwar run`` has
combat from its first period."""

_NEW_HELP = """\
Write a small IDAHEX design: a complete scenario file from a few choices.

Every choice has a default: hexwar idahex new --out first.toml writes a design that fights,
Red's 100 rifles in cell 2 against Blue's 50 in cell 6 (8 cells, Red holds 1-4), both killing
0.02 enemy rifles per rifle and day; the computer attacks at such odds.

You choose the area of war (--cells, --rank, --inactive, --border), each side's weapon types
(--weapons), their kill rates (--kill), the postures (--postures) and the units (--unit);
every other datum of File 50 gets a neutral default, written into the file where you can
edit it: one environment and one route type, no barriers, supplies, transport, personnel or
aircraft, kill factors of 1, no defensive preparation, no crowding, a tactical zone as deep as
a cell (full intensity, TI = 1). See docs/idahex.md, "Small designs".

--kill SIDE=RATE gives every weapon of SIDE that rate against every enemy weapon (enemy
weapons killed per weapon and unit of time); --kill SIDE=WEAPON:ENEMY=RATE sets one pair
(then pairs not named are 0). --unit SIDE@CELL=WEAPON:AMOUNT,... places a unit; the first
unit of a side sets its planned (toe) holdings.

--arrive SIDE@CELL=WEAPON:AMOUNT,...@TIME is a reinforcement: a unit like --unit that is
inactive until TIME, when the game itself makes it active in CELL, whatever the players do
(the scenario's arrivals; docs/rulings/idahex.md, "Arrivals"). Until then no command may name
it. Each >CELL2[:POSTURE] after TIME is an order it then carries out, as a mission's line:
go to the next cell CELL2, attacking it if the enemy holds it, and end in POSTURE (default 10,
hold); quote the option, the shell reads > as a redirection. Units are numbered Red's first,
each side's --unit options before its --arrive ones.

Invalid choices exit with status 2, naming the option and the problem.

[b]Example[/b]

hexwar idahex new --cells 8 --rank 4 --border 4 --weapons red=rifle --weapons blue=rifle
--kill red=0.02 --kill blue=0.03 --unit red@2=rifle:100 --unit blue@6=rifle:40 --no-frdval
--out duel.toml
"""


@app.command("new", no_args_is_help=True, help=_NEW_HELP)
def new_command(
    out: Annotated[Path, typer.Option(metavar="OUT", help="OUT.toml or OUT.json to write.")],
    cells: Annotated[
        int, typer.Option(metavar="N", help="Number of cells (ncells, §2.1).")
    ] = DEFAULT_DESIGN["cells"],
    rank: Annotated[
        int, typer.Option(metavar="N", help="Cells in the first rank (nrank1).")
    ] = DEFAULT_DESIGN["rank"],
    weapons: Annotated[
        list[str] | None,
        typer.Option(
            metavar="SIDE=W1,W2",
            help="A side's ground weapon types (repeat for red and blue; default: "
            "red=rifle, blue=rifle).",
        ),
    ] = None,
    kill: Annotated[
        list[str] | None,
        typer.Option(
            metavar="SIDE=RATE|SIDE=W:ENEMY=RATE",
            help="Kill rates per weapon and unit of time (repeatable; default: red=0.02, "
            "blue=0.02).",
        ),
    ] = None,
    unit: Annotated[
        list[str] | None,
        typer.Option(
            metavar="SIDE@CELL=W:N,...",
            help="A battle unit (repeatable; default: red@2=rifle:100, blue@6=rifle:50).",
        ),
    ] = None,
    arrive: Annotated[
        list[str] | None,
        typer.Option(
            metavar="SIDE@CELL=W:N,...@TIME[>CELL2[:POSTURE]...]",
            help="A reinforcement: a unit that becomes active in CELL at TIME, then carries "
            "out its orders >CELL2 (repeatable).",
        ),
    ] = None,
    border: Annotated[
        int, typer.Option(metavar="N", help="Cells 1..N are Red's at the start, the rest Blue's.")
    ] = DEFAULT_DESIGN["border"],
    inactive: Annotated[
        str, typer.Option(metavar="C1,C2", help="Cells excluded from the area of war.")
    ] = "",
    postures: Annotated[
        str,
        typer.Option(
            metavar="H,D,M,A", help="Postures per class: hold, disengagement, movement, attack."
        ),
    ] = "2,1,1,1",
    frdval: Annotated[
        bool,
        typer.Option(help="Scale losses to the force ratio (§5.1.3); off: pure Lanchester."),
    ] = True,
    feba_velocity: Annotated[
        float, typer.Option(metavar="V", help="FEBA speed at every force ratio (§5.4.6).")
    ] = 0.0,
    depth: Annotated[float, typer.Option(metavar="D", help="Distance between cells.")] = 10.0,
    times: Annotated[
        str,
        typer.Option(metavar="TINIT,TEND,TFRAME,TPD,TCYCLE", help="The clock (§2.3)."),
    ] = "0,10,0.25,0.5,1",
    title: Annotated[str, typer.Option(metavar="TEXT", help="The scenario's title.")] = (
        "small IDAHEX design"
    ),
) -> None:
    """Write a small IDAHEX design (``_NEW_HELP``)."""
    from hexwar.rulesets.idahex.builder import SmallDesign, SmallUnit

    try:
        problems: list[Problem] = []

        def numbers(option: str, text: str, count: int | None = None) -> list[float]:
            try:
                values = [float(x) for x in text.split(",") if x.strip()]
            except ValueError:
                values = []
            if not values or (count is not None and len(values) != count):
                want = {None: "numbers separated by commas", 1: "a number"}.get(
                    count, f"{count} numbers separated by commas"
                )
                problems.append(Problem(f"{text!r}: expected {want}", option))
                return [0.0] * (count or 1)
            return values

        weapons = weapons or list(DEFAULT_DESIGN["weapons"])
        kill = kill or list(DEFAULT_DESIGN["kill"])
        unit = unit or list(DEFAULT_DESIGN["unit"])
        arms: dict[str, list[str]] = {}
        for w in weapons:
            side, _, names = w.partition("=")
            arms[side.strip()] = [n.strip() for n in names.split(",") if n.strip()]
        rates: dict[str, Any] = {}
        for k in kill:
            side, _, rest = k.partition("=")
            side = side.strip()
            pair, _, value = rest.rpartition("=")
            (rate,) = numbers("--kill", value, 1)
            if pair:
                a, _, b = pair.partition(":")
                table = rates.setdefault(side, {})
                if isinstance(table, dict):
                    table[(a.strip(), b.strip())] = rate
                else:
                    problems.append(Problem(f"{k!r}: {side} already has one rate", "--kill"))
            else:
                rates[side] = rate
        units: list[SmallUnit] = []
        for u in unit:
            head, _, holdings = u.partition("=")
            side, _, cell = head.partition("@")
            try:
                amounts = {
                    w.strip(): float(n)
                    for w, _, n in (h.partition(":") for h in holdings.split(",") if h.strip())
                }
                units.append(SmallUnit(side.strip(), int(cell), amounts))
            except ValueError:
                problems.append(Problem(f"{u!r}: expected SIDE@CELL=WEAPON:AMOUNT,...", "--unit"))
        for u in arrive or ():
            head, _, holdings = u.partition("=")
            side, _, cell = head.partition("@")
            holdings, at, when = holdings.rpartition("@")
            when, *steps = when.split(">")
            try:
                amounts = {
                    w.strip(): float(n)
                    for w, _, n in (h.partition(":") for h in holdings.split(",") if h.strip())
                }
                then = [
                    (int(c), int(p or 10)) for c, _, p in (step.partition(":") for step in steps)
                ]
                if not at:
                    raise ValueError(u)
                units.append(
                    SmallUnit(side.strip(), int(cell), amounts, arrives=float(when), then=then)
                )
            except ValueError:
                problems.append(
                    Problem(
                        f"{u!r}: expected SIDE@CELL=WEAPON:AMOUNT,...@TIME[>CELL[:POSTURE]...]",
                        "--arrive",
                    )
                )
        npost = tuple(int(x) for x in numbers("--postures", postures, 4))
        clock = numbers("--times", times, 5)
        if problems:
            raise _InvalidArgumentsError(problems)
        design = SmallDesign(
            ncells=cells,
            nrank1=rank,
            weapons=arms,
            kill_rates=rates,
            units=units,
            inactive=frozenset(int(x) for x in numbers("--inactive", inactive))
            if inactive
            else frozenset(),
            border=border,
            npost=(npost[0], npost[1], npost[2], npost[3]),
            frdval=frdval,
            feba_velocity=feba_velocity,
            depth=depth,
            times=(clock[0], clock[1], clock[2], clock[3], clock[4]),
            title=title,
        )
        scenario = design.scenario()
        if out.suffix.lower() not in _SCENARIO_SUFFIXES:
            raise _InvalidArgumentsError(f"--out {out}: end it in .toml or .json")
        text = to_json(scenario) if out.suffix.lower() == ".json" else to_toml(scenario)
        _write(out, text, "line")
    except InvalidInputError as e:
        for problem in e.problems:
            typer.echo(str(problem), err=True)
        raise typer.Exit(EXIT_INVALID) from None
