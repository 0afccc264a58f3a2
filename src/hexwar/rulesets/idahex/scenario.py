"""The IDAHEX scenario: the content of Files 50 and 60 (seed 000, §9) as one TOML document.

A scenario file names the ruleset, gives the game a title, and carries the design data in two
tables: ``design`` (File 50, every group of §9.1.1, field names as in the manual) and ``maps``
(File 60, the ``envmap``/``rtemap``/``barmap`` changes of each cycle, §9.1.2).

The same data also travel as the manual's card decks (§9.1, §9.2). This module converts:

* :func:`from_cards` reads a File 50 deck and an optional File 60 deck into a scenario;
* :func:`to_cards` writes a scenario back as the two decks' text;
* :func:`to_toml` writes a scenario as a readable TOML file, each field under a comment naming
  its group, which :func:`hexwar.scenarios.load` reads back into an equal scenario (as it does
  the JSON of :func:`to_json`).

A scenario may also carry a reinforcement schedule, ``arrivals`` (:class:`Arrival`), which no
card holds (:func:`card_problems` says so).

Both round trips are exact: cards -> TOML -> model gives the cards' model, and a model that
came from cards gives the same model after TOML -> cards -> model. A number on a card has at
most ten columns, so a scenario written by hand may hold what no card can (``inf``, an integer
of eleven digits): :func:`card_problems` lists those, each at its key path.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal, get_args, get_origin

import tomli_w
from pydantic import Field, ValidationInfo, model_validator

from hexwar.core.errors import Problem, ScenarioError
from hexwar.core.numberings import IdahexGrid
from hexwar.rulesets.idahex.design import (
    CARD_WIDTH,
    File50,
    File60,
    file60_problems,
    read_file50,
    read_file60,
    sinai_dir,
    write_file50,
    write_file60,
)
from hexwar.rulesets.idahex.design.model import DEFER_CONSISTENCY, consistency_problems
from hexwar.scenarios import KeyPath, ScenarioModel, format_path

__all__ = [
    "ARRIVALS_RULE",
    "SINAI_DESCRIPTION",
    "SINAI_TITLE",
    "Arrival",
    "ArrivalOrder",
    "IdahexScenario",
    "card_problems",
    "claim_card_deck",
    "deck_title",
    "from_cards",
    "read_card_deck",
    "sinai_scenario",
    "to_cards",
    "to_json",
    "to_toml",
]


ARRIVALS_RULE = "docs/rulings/idahex.md, 'Arrivals'"
"""Where the reinforcement schedule's rules are written (the manual has no schedule)."""


class ArrivalOrder(ScenarioModel):
    """An order of an arriving unit's mission after its activation: desired objective and
    desired posture, as a line of the mission command (§4.1, 'objective, posture')."""

    objective: Annotated[int, Field(gt=0, description="the desired objective, a cell")]
    posture: int = Field(10, description="the desired posture, an active posture")


class Arrival(ScenarioModel):
    """One entry of the reinforcement schedule: battle unit ``unit``, inactive (posture class
    0) until then, becomes active in ``cell`` at ``time`` -- the mission of seed 000 §4.1,
    Example 3 ('8, 0, 0' then '8, 10, 0'), given by the game itself with ``time`` as its start
    time -- and then carries out ``orders``, the rest of that mission, as a player's mission
    would (ruling in docs/rulings/idahex.md, "Arrivals")."""

    unit: Annotated[int, Field(gt=0, description="the arriving unit's number (group 25)")]
    cell: Annotated[int, Field(gt=0, description="the cell where it becomes active")]
    time: Annotated[
        float, Field(allow_inf_nan=False, description="when it becomes active (tinit..tend)")
    ]
    orders: list[ArrivalOrder] = Field(
        default_factory=list,
        description="the orders it carries out once active (none: it holds where it arrives)",
    )


def arrival_problems(arrivals: Sequence[Arrival], design: File50) -> list[tuple[KeyPath, str]]:
    """What is wrong with the schedule against the design, each at its key path from the top
    of the scenario (rules: docs/rulings/idahex.md, "Arrivals")."""
    found: list[tuple[KeyPath, str]] = []
    units = {u.number: u for u in design.units}
    grid = design.grid()
    seen: dict[int, int] = {}
    for k, a in enumerate(arrivals):
        where: KeyPath = ("arrivals", k)
        u = units.get(a.unit)
        if u is None:
            numbers = ", ".join(map(str, sorted(units))) or "none"
            found.append(
                (
                    (*where, "unit"),
                    f"no battle unit {a.unit} in design.units (units: {numbers}; "
                    f"rule: {ARRIVALS_RULE})",
                )
            )
        elif not 0 <= u.bupost <= 9:
            found.append(
                (
                    (*where, "unit"),
                    f"unit {a.unit} starts in posture {u.bupost}, already active: a unit that "
                    f"arrives starts inactive, bupost 0-9 (seed 000 §2.2.1; rule: "
                    f"{ARRIVALS_RULE})",
                )
            )
        if a.unit in seen:
            found.append(
                (
                    (*where, "unit"),
                    f"unit {a.unit} already arrives at arrivals[{seen[a.unit]}]: a unit arrives "
                    f"once (rule: {ARRIVALS_RULE})",
                )
            )
        seen.setdefault(a.unit, k)
        if not 1 <= a.cell <= design.ncells or not grid.is_active(a.cell):
            found.append(
                (
                    (*where, "cell"),
                    f"cell {a.cell} is not an active cell of the area of war (cells "
                    f"1..{design.ncells} but the bottom cell of each rank and those of basic "
                    f"environment <= 0; seed 000 §2.1; rule: {ARRIVALS_RULE})",
                )
            )
        found.extend(_order_problems(a, design, grid, where))
        if not design.tinit <= a.time < design.tend:
            found.append(
                (
                    (*where, "time"),
                    f"time {a.time:g} is outside the game, tinit = {design.tinit:g} <= time < "
                    f"tend = {design.tend:g} (seed 000 §2.3; rule: {ARRIVALS_RULE})",
                )
            )
    return found


def _order_problems(
    a: Arrival, design: File50, grid: IdahexGrid, where: KeyPath
) -> list[tuple[KeyPath, str]]:
    """An arrival's orders: each objective an active cell, the arrival cell or one next to the
    objective before it (a task force goes one cell an order: a move to a cell not adjacent
    never ends, §3.2.3, §3.2.6), each posture one of the game's active postures (§2.2.1)."""
    found: list[tuple[KeyPath, str]] = []
    postures = design.postures
    here = a.cell
    for n, o in enumerate(a.orders):
        path: KeyPath = (*where, "orders", n)
        if o.posture not in postures:
            found.append(
                (
                    (*path, "posture"),
                    f"posture {o.posture} is not an active posture of this game (postures: "
                    f"{', '.join(map(str, postures))}; seed 000 §2.2.1; rule: {ARRIVALS_RULE})",
                )
            )
        near = 1 <= here <= design.ncells and grid.is_active(here) and o.objective in grid.rim(here)
        if o.objective != here and not (near and grid.is_active(o.objective)):
            found.append(
                (
                    (*path, "objective"),
                    f"cell {o.objective} is not cell {here} or an active cell next to it: an "
                    f"order goes at most one cell (seed 000 §3.2.3; rule: {ARRIVALS_RULE})",
                )
            )
        here = o.objective
    return found


class IdahexScenario(ScenarioModel):
    """One IDAHEX game design: File 50 as ``design``, File 60 as ``maps`` and the
    reinforcement schedule as ``arrivals`` (no card holds it).

    Validated by :func:`hexwar.scenarios.validate`, every cross-group problem of the design and
    every map change that breaks it (:func:`~.design.consistency_problems`,
    :func:`~.design.file60_problems`) is reported at its own line; validated directly, the
    model raises on the first group of them.
    """

    ruleset: Literal["idahex"]
    title: str = Field(description="the game's name, shown to players")
    description: str = Field("", description="what the game is about, for the scenario list")
    design: File50 = Field(description="File 50: every game design datum but the maps (§9.1.1)")
    maps: File60 = Field(
        default_factory=File60,
        description="File 60: the map changes read at the start of each cycle (§9.1.2)",
    )
    arrivals: list[Arrival] = Field(
        default_factory=list,
        description="the reinforcement schedule: each unit, inactive until then, becomes "
        "active in its cell at its time (docs/rulings/idahex.md, 'Arrivals')",
    )

    @classmethod
    def deferred_context(cls) -> dict[str, Any]:
        """File 50's cross-group checks wait for :meth:`deferred_problems`."""
        return {DEFER_CONSISTENCY: True}

    def deferred_problems(self) -> list[tuple[KeyPath, str]]:
        """The design's cross-group problems, then (if it has none) the maps' problems against
        it, each at its key path from the top of the scenario."""
        design = [(("design", *path), msg) for path, msg in consistency_problems(self.design)]
        if design:
            return design
        return [
            (_scenario_path(path), msg) for path, msg in file60_problems(self.maps, self.design)
        ] + arrival_problems(self.arrivals, self.design)

    @model_validator(mode="after")
    def _maps_fit_design(self, info: ValidationInfo) -> IdahexScenario:
        if info.context and info.context.get(DEFER_CONSISTENCY):
            return self
        problems = file60_problems(self.maps, self.design)
        if problems:
            text = "; ".join(f"{format_path(_scenario_path(p))}: {m}" for p, m in problems[:20])
            more = f" (and {len(problems) - 20} more)" if len(problems) > 20 else ""
            raise ValueError(f"File 60 does not fit File 50: {text}{more}")
        schedule = arrival_problems(self.arrivals, self.design)
        if schedule:
            text = "; ".join(f"{format_path(p)}: {m}" for p, m in schedule[:20])
            more = f" (and {len(schedule) - 20} more)" if len(schedule) > 20 else ""
            raise ValueError(f"the arrivals do not fit File 50: {text}{more}")
        return self


def _scenario_path(path: KeyPath) -> KeyPath:
    """A path of :func:`file60_problems` (a File 60 or a File 50 key) from the scenario's top."""
    return ("maps", *path) if path[:1] == ("cycles",) else ("design", *path)


# --- cards ---------------------------------------------------------------------------------------


def from_cards(
    file50: Path, file60: Path | None = None, *, title: str, description: str = ""
) -> IdahexScenario:
    """A scenario from a File 50 card deck and, optionally, its File 60 deck (no map changes
    without one).

    Raises:
        ScenarioError: every problem of both decks, each at ``file:card: group N (variable)``
            (File 60 is read on its own when File 50 cannot be read).
    """
    problems: list[Problem] = []
    design: File50 | None = None
    maps = File60()
    try:
        design = read_file50(file50, name=str(file50)) if _readable(file50, problems) else None
    except ScenarioError as e:
        problems.extend(e.problems)
    if file60 is not None and _readable(file60, problems):
        try:
            maps = read_file60(file60, name=str(file60), file50=design)
        except ScenarioError as e:
            problems.extend(e.problems)
    if problems or design is None:
        raise ScenarioError(problems)
    return IdahexScenario(
        ruleset="idahex", title=title, description=description, design=design, maps=maps
    )


def _readable(path: Path, problems: list[Problem]) -> bool:
    try:
        with path.open("rb"):
            return True
    except OSError as e:
        problems.append(Problem(f"cannot read the card deck: {e.strerror or e}", str(path)))
        return False


_I5_FIELDS = (("ename0", "code"), ("rname0", "code"), ("bname0", "code"), ("units", "number"))


def card_problems(scenario: IdahexScenario) -> list[tuple[KeyPath, str]]:
    """What in ``scenario`` cannot be written on a card, each as ``(key path, message)``: a
    number that is not finite (``F10.0`` has no infinity) and an integer wider than its field
    (ten columns; five for the codes of groups 4, 8, 9 and the unit numbers of group 25)."""
    found: list[tuple[KeyPath, str]] = []

    def walk(value: Any, path: KeyPath) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*path, key))
        elif isinstance(value, list):
            for n, item in enumerate(value):
                walk(item, (*path, n))
        elif isinstance(value, float) and not math.isfinite(value):
            found.append((path, f"{value} cannot be written on a card (a card number is finite)"))
        elif isinstance(value, int) and not isinstance(value, bool):
            width = 5 if (path[1], path[-1]) in _I5_FIELDS and len(path) == 4 else 10
            if len(str(value)) > width:
                found.append((path, f"{value} does not fit in a {width}-column card field"))

    data = scenario.model_dump(mode="json", include={"design", "maps"})
    walk(data, ())
    if scenario.arrivals:
        found.append(
            (
                ("arrivals",),
                "the reinforcement schedule cannot be written on a card (the manual's decks "
                "have no schedule: its units arrive by the players' missions, §4.1)",
            )
        )
    return found


def to_cards(scenario: IdahexScenario) -> tuple[str, str]:
    """The File 50 and File 60 card decks of ``scenario`` (title and description, which no card
    holds, are dropped).

    Raises:
        ScenarioError: :func:`card_problems`, each at its key path.
    """
    problems = [Problem(msg, path=format_path(path)) for path, msg in card_problems(scenario)]
    if problems:
        raise ScenarioError(problems)
    try:
        return write_file50(scenario.design), write_file60(scenario.maps)
    except ValueError as e:  # the writer's own refusal; card_problems should have caught it
        raise ScenarioError(f"cannot write the card decks: {e}") from e


# --- the bundled Sinai sample ------------------------------------------------------------------

SINAI_TITLE = "Sinai (IDAHEX sample game, seed 000 §9.2)"
SINAI_DESCRIPTION = (
    "The sample game design of the IDAHEX Game Designer's Manual (seed 000 §9.2): 31 battle "
    "units (Red regiments, Blue brigades) on 115 cells of the Sinai with the Suez Canal as a "
    "barrier, and two cycles of map changes. Converted from the manual's card decks as "
    "transcribed and repaired (docs/rulings/idahex.md)."
)


def sinai_scenario() -> IdahexScenario:
    """The bundled Sinai card decks (:func:`~.design.sinai_dir`) as a scenario: what
    ``scenarios/sinai.toml`` holds."""
    base = sinai_dir()
    return from_cards(
        base / "file50.txt",
        base / "file60.txt",
        title=SINAI_TITLE,
        description=SINAI_DESCRIPTION,
    )


# --- card decks given to `hexwar validate` -----------------------------------------------------

_INT_CARD = re.compile(r"[ +\-0-9]*")
_REAL_CARD = re.compile(r"[ +\-.0-9EeDd]*")


def _looks_like_file50(path: Path) -> bool:
    """Whether the first two cards are shaped like groups 1 and 2 of File 50: integers in
    columns 1-20 (``iprint``, ``nprint``), then real fields with some beyond column 20
    (``tinit`` ... ``delta``). Every File 60 card is two integers in columns 1-20, so a File 60
    deck never looks like this; a damaged File 50 deck usually still does (what is wrong on
    its first card beyond column 20 is left for the reader to report)."""
    try:
        with path.open(encoding="ascii", errors="replace") as f:
            first, second = f.readline(), f.readline()
    except OSError:
        return False
    card1 = first.rstrip("\r\n")[:CARD_WIDTH]
    card2 = second.rstrip("\r\n")[:CARD_WIDTH]
    return (
        bool(card1[:20].strip())
        and _INT_CARD.fullmatch(card1[:20]) is not None
        and bool(card2[20:].strip())
        and _REAL_CARD.fullmatch(card2) is not None
    )


def claim_card_deck(paths: Sequence[Path]) -> int:
    """How many of the leading ``paths`` are one IDAHEX card deck: 0 if the first is not shaped
    like a File 50 deck; else 2 if the second is a File 60 deck to read with it (any file that
    does not itself look like a File 50 deck), else 1."""
    if not paths or not _looks_like_file50(paths[0]):
        return 0
    return 2 if len(paths) > 1 and not _looks_like_file50(paths[1]) else 1


def deck_title(file50: Path) -> str:
    """A title for a scenario read from ``file50``: its directory's name when the deck is
    called ``file50`` (``sinai/file50.txt`` -> ``sinai``), else the file's stem."""
    if file50.stem.lower() == "file50" and file50.resolve().parent.name:
        return file50.resolve().parent.name
    return file50.stem


def read_card_deck(paths: Sequence[Path]) -> IdahexScenario:
    """The scenario of a File 50 deck and an optional File 60 deck (``paths`` in that order).

    Raises:
        ScenarioError: the decks' problems, or a deck of neither one nor two files.
    """
    if not 1 <= len(paths) <= 2:
        names = ", ".join(map(str, paths)) or "none"
        raise ScenarioError(
            f"an IDAHEX card deck is File 50 and optionally File 60, in that order (got {names})"
        )
    file60 = paths[1] if len(paths) == 2 else None
    return from_cards(paths[0], file60, title=deck_title(paths[0]))


# --- TOML and JSON -------------------------------------------------------------------------------


def to_json(scenario: IdahexScenario) -> str:
    """``scenario`` as an indented JSON document. An infinite number is written ``Infinity``,
    as Python's and JavaScript's JSON readers (and :func:`hexwar.scenarios.load`) accept; strict
    JSON has no infinity, so use TOML for a design that needs one."""
    return json.dumps(scenario.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


_WIDTH = 100
_INDENT = "    "
_GROUP = re.compile(r"groups? (\d+)")
_HEADER = """\
# An IDAHEX game design (seed 000, §9): File 50 as [design], File 60 as [maps].
# Field names are the manual's variables (fmr.f0 is fmr_f0); arrays are in the order of the
# cards, a side pair is [Red, Blue]. `hexwar idahex convert THIS -o DIR` writes the card decks.

"""


def to_toml(scenario: IdahexScenario) -> str:
    """``scenario`` as a TOML document: the title first, then ``[design]`` with one key per
    File 50 variable in the order of the groups (each under a comment naming its group), then
    ``[maps]`` with one ``[[maps.cycles]]`` table per cycle. Infinite numbers are written as
    TOML's ``inf``."""
    data = scenario.model_dump(mode="json")
    out = [_HEADER]
    for key in ("ruleset", "title", "description"):
        out.append(tomli_w.dumps({key: data[key]}, multiline_strings=True))
    if data["arrivals"]:  # a top-level key: before the first table
        out.append(
            "# The reinforcement schedule: each unit, inactive until then (bupost 0-9), becomes\n"
            "# active in its cell at its time (docs/rulings/idahex.md, 'Arrivals').\n"
        )
        rows = "".join(f"{_INDENT}{_flat(a)},\n" for a in data["arrivals"])
        out.append(f"arrivals = [\n{rows}]\n")  # one arrival a line
    out.append("\n[design]\n")
    group = None
    for name, field in File50.model_fields.items():
        description = field.description or ""
        match = _GROUP.match(description)
        if match is not None and match.group(1) != group:
            if group is not None:
                out.append("\n")
            group = match.group(1)
        out.append(f"# {description}\n" if description else "")
        sides = _SIDES if _is_side_pair(field.annotation) else ()
        out.append(_key_value(name, data["design"][name], sides))
    out.append("\n[maps]\n")
    cycles = data["maps"]["cycles"]
    if not cycles:
        out.append("cycles = []  # no map changes: every map stays the identity (§2.1)\n")
    for n, cycle in enumerate(cycles, 1):
        out.append(f"\n[[maps.cycles]]  # read at the start of cycle {n} (§9.1.2)\n")
        out.extend(_key_value(name, value) for name, value in cycle.items())
    return "".join(out)


_SIDES = ("Red", "Blue")


def _is_side_pair(annotation: Any) -> bool:
    """Whether a File 50 field is a ``Sides`` pair (``tuple[T, T]``)."""
    args = get_args(annotation)
    return get_origin(annotation) is tuple and len(args) == 2 and args[0] == args[1]


def _key_value(key: str, value: Any, labels: Sequence[str] = ()) -> str:
    """``key = value``; an array that spans lines has a comment naming each of its elements
    (``labels``, e.g. the sides) above it."""
    head = f"{_key(key)} = "
    text = _value(value, 0, len(head))
    if labels and "\n" in text and len(labels) == len(value):
        rows = [
            f"{_INDENT}# {label}\n{_INDENT}{_value(v, 1, len(_INDENT))},\n"
            for label, v in zip(labels, value, strict=True)
        ]
        text = "[\n" + "".join(rows) + "]"
    return head + text + "\n"


def _key(key: str) -> str:
    return tomli_w.dumps({key: 0})[: -len(" = 0\n")]


def _scalar(value: Any) -> str:
    """A string, number or boolean as tomli-w writes it (``inf`` for infinity)."""
    return tomli_w.dumps({"v": value})[len("v = ") : -1]


def _flat(value: Any) -> str:
    """``value`` on one line."""
    if isinstance(value, dict):
        items = ", ".join(f"{_key(k)} = {_flat(v)}" for k, v in value.items())
        return f"{{ {items} }}" if items else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(_flat(v) for v in value) + "]"
    return _scalar(value)


def _value(value: Any, level: int, column: int) -> str:
    """``value`` starting at ``column`` of a line indented ``level`` times.

    A table, or an array of scalars, stays on the line if it fits; an array of two or more rows
    or tables always has one per line, so every matrix reads as one. Otherwise arrays span lines
    (as many numbers per line as fit) and tables stay inline.
    """
    flat = _flat(value)
    if not isinstance(value, list | dict):
        return flat
    matrix = isinstance(value, list) and len(value) > 1 and isinstance(value[0], list | dict)
    if not matrix and column + len(flat) <= _WIDTH:
        return flat
    if isinstance(value, dict):
        # An inline table stays on its line; only the arrays inside it may span lines.
        text = "{ "
        for n, (k, v) in enumerate(value.items()):
            text += (", " if n else "") + f"{_key(k)} = "
            _, newline, last = text.rpartition("\n")
            text += _value(v, level, len(last) + (0 if newline else column))
        return text + " }"
    inner = _INDENT * (level + 1)
    rows: list[str] = []
    if any(isinstance(v, list | dict) for v in value):
        rows = [_value(v, level + 1, len(inner)) + "," for v in value]
    else:
        row: list[str] = []
        for item in map(_scalar, value):
            if row and len(inner) + len(", ".join([*row, item])) + 1 > _WIDTH:
                rows.append(", ".join(row) + ",")
                row = []
            row.append(item)
        rows.append(", ".join(row) + ",")
    return "[\n" + "".join(f"{inner}{r}\n" for r in rows) + _INDENT * level + "]"
