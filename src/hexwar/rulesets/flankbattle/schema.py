"""The input database: the Nation, Military, Location and Leader tabs (seed 004, Inputs).

Every column of the seed's tables is a :class:`Column` with its type (continuous value, ordered
list, unordered list, complex object), range, default and whether it is required. A tab is read
from a CSV file as a spreadsheet exports it: a heading row, the columns in the seed's order,
extra columns to the right ignored. Rows are parsed into plain dicts (``None`` for a blank
cell); :func:`with_defaults` fills the defaults when a battle is set up.
"""

from __future__ import annotations

import csv
import io
import math
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from hexwar.core import exact
from hexwar.core.errors import Problem
from hexwar.rulesets.flankbattle.params import Parameters, UnitType

__all__ = [
    "TABS",
    "Column",
    "Kind",
    "Row",
    "Tab",
    "parse_tab",
    "with_defaults",
]

Row = dict[str, Any]


class Kind(StrEnum):
    CONTINUOUS = "continuous value"
    ORDERED = "ordered list"
    UNORDERED = "unordered list"
    COMPLEX = "complex object"
    NAME = "name"


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a tab: heading as in the seed, key in code, type, range, default."""

    heading: str
    key: str
    kind: Kind
    low: float | None = None
    high: float | None = None
    default: Any = None
    required: bool = False
    list_name: str | None = None  # the parameters.json list (ordered / unordered / complex)
    significance: str = ""


def _c(heading: str, key: str, low: float, high: float, default: Any = None, **kw: Any) -> Column:
    return Column(heading, key, Kind.CONTINUOUS, low, high, default, **kw)


def _o(heading: str, key: str, list_name: str, **kw: Any) -> Column:
    return Column(heading, key, Kind.ORDERED, list_name=list_name, **kw)


def _u(heading: str, key: str, list_name: str, **kw: Any) -> Column:
    return Column(heading, key, Kind.UNORDERED, list_name=list_name, **kw)


def _x(heading: str, key: str, list_name: str, **kw: Any) -> Column:
    return Column(heading, key, Kind.COMPLEX, list_name=list_name, **kw)


@dataclass(frozen=True, slots=True)
class Tab:
    name: str
    columns: tuple[Column, ...]

    @property
    def file_name(self) -> str:
        return f"{self.name}.csv"

    def column(self, key: str) -> Column:
        return next(c for c in self.columns if c.key == key)


NATION = Tab(
    "Nation",
    (
        Column("Name", "name", Kind.NAME, required=True),
        _c("Population", "population", 1, 8e9, required=True, significance="Moderate"),
        _u("Ideology", "ideology", "Ideology", significance="Minor"),
        _u("Religion", "religion", "Religion", significance="Minor"),
        _u("Ethnicity", "ethnicity", "Ethnicity", significance="Minor"),
        _x("Leader", "leader", "Leader", significance="Moderate"),
        _u("Federal Government", "federal_government", "Federal Government", significance="Major"),
        _u("State Government", "state_government", "State Government", significance="Major"),
        _c("Year Founded", "year_founded", -3500, 2020, required=True, significance="Major"),
        _c("Year Crisis", "year_crisis", -3500, 2020, required=True, significance="Moderate"),
        _x("Capital", "capital", "Location", significance="Moderate"),
        _o("Civilization Type", "civilization", "Civilization Type", significance="Major"),
        _x("Diet", "diet", "diet", default="none", significance="Moderate"),
        _c("Arable land", "arable_land", 0, 180e6, 7000, significance="Major"),
        _c(
            "Age of Civilization", "age_of_civilization", -10_000, 1980, -2000, significance="Major"
        ),
        _o("Domesticated animals", "animals", "Domesticated animals", significance="Moderate"),
        _x("Endemic disease", "disease", "disease", default="none", significance="Major"),
        _o("Medicine", "medicine", "Medicine", significance="Major"),
        _o("Writing", "writing", "Writing", significance="Major"),
        _o("Trade", "trade", "Trade", significance="Moderate"),
        _o("Revenue", "revenue", "Revenue", significance="Major"),
        _c("GDP", "gdp", 0, 100e12, 30e6, significance="Major"),
        _c("Urban population", "urban_population", 0, 1, 0.6, significance="Moderate"),
        _c("Power consumption", "power_consumption", 0, 10e12, 75e6, significance="Major"),
        _c("Steel production", "steel_production", 0, 1e9, 0, significance="Moderate"),
        _c("Stability", "stability", 0, 200, 100),
    ),
)

MILITARY = Tab(
    "Military",
    (
        Column("Nation", "nation", Kind.NAME, required=True),
        Column("Name", "name", Kind.NAME, required=True),
        _c("Size", "size", 1, 15e6, required=True, significance="Major"),
        _x("Leader", "leader", "Leader", significance="Moderate"),
        _x("Infantry type", "infantry_type", "unit", significance="Major"),
        _c("Infantry proportion", "infantry_proportion", 0, 1, significance="Major"),
        _x("Cavalry type", "cavalry_type", "unit", significance="Major"),
        _c("Cavalry proportion", "cavalry_proportion", 0, 1, significance="Major"),
        _x("Artillery type", "artillery_type", "unit", significance="Major"),
        _c("Artillery proportion", "artillery_proportion", 0, 1, significance="Major"),
        _x("Transport", "transport", "unit", default="Barges", significance="Major"),
        _c("Ship number", "ship_number", 0, 500, significance="Major"),
        _o("Mobile defenses", "mobile_defenses", "Mobile defenses", significance="Major"),
        _c("Budget", "budget", 0, 1e12, 1e6, significance="Moderate"),
    ),
)

LOCATION = Tab(
    "Location",
    (
        Column("Name", "name", Kind.NAME, required=True),
        _c("Local population", "local_population", 0, 200e6, 0, significance="Major"),
        _u("Climate", "climate", "Climate", significance="Moderate"),
        _x("Terrain", "terrain", "terrain", default="Plain", significance="Major"),
        _o("Urbanization", "urbanization", "Urbanization", significance="Major"),
        _o("Attrition", "attrition", "Attrition", significance="Moderate"),
        _o("Fortifications", "fortifications", "Fortifications", significance="Major"),
        _o("Road system", "road_system", "Road system", significance="Major"),
    ),
)

SKILLS = ("attack", "defense", "siege", "authority", "cunning", "zeal", "martial")

LEADER = Tab(
    "Leader",
    (
        Column("Name", "name", Kind.NAME, required=True),
        Column("Nation", "nation", Kind.NAME),
        _c("Birth year", "birth_year", -3500, 2020),
        *(_c(s.capitalize(), s, 0, 10, 0) for s in SKILLS),
    ),
)

TABS: dict[str, Tab] = {t.name: t for t in (NATION, MILITARY, LOCATION, LEADER)}

TERRAINS = (
    "Plain",
    "Hill",
    "Hillcountry",
    "Mountain Pass",
    "Mountain",
    "Sea",
    "Normal Coast",
    "Hard Coast",
    "Normal River",
    "Channel",
    "River with Bridge",
    "Island",
)

_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
_SEPARATORS = re.compile(r"[;|/&]+")


def split_names(text: str) -> list[str]:
    """A cell listing several nations "using any delimitation except a comma" (seed 004,
    Military and Leader): split on ; | / & (a comma is a CSV column separator)."""
    return [p.strip() for p in _SEPARATORS.split(text) if p.strip()]


def parse_number(text: str) -> float | None:
    """A spreadsheet number: thousands separators and spaces allowed; None if not a number."""
    cleaned = text.replace(",", "").replace("_", "").replace(" ", "")
    if not _NUMBER.match(cleaned):
        return None
    value = float(cleaned)
    return value if math.isfinite(value) else None


def _bound(value: float) -> str:
    """A range bound as the seed writes it: 15,000,000 rather than 1.5e+07."""
    return f"{value:,.0f}" if value == int(value) else f"{value:g}"


def _allowed(column: Column, params: Parameters, units: dict[str, UnitType]) -> list[str]:
    name = column.list_name or ""
    if name == "diet":
        return params.diets
    if name == "disease":
        return params.diseases
    if name == "terrain":
        return list(TERRAINS)
    if name == "unit":
        return list(units)
    return params.values(name)


def parse_cell(
    tab: Tab,
    column: Column,
    text: str,
    params: Parameters,
    units: dict[str, UnitType],
    where: tuple[str, int],
) -> tuple[Any, Problem | None]:
    """One cell's value (``None`` if blank) or the problem with it."""
    file, line = where
    text = text.strip()

    def problem(message: str) -> Problem:
        return Problem(message, file, line, f"{tab.name} tab, column {column.heading!r}")

    if not text:
        if column.required:
            return None, problem("required field is blank (rule: required input, seed 004)")
        return None, None
    control = next((ch for ch in text if unicodedata.category(ch) == "Cc"), None)
    if control is not None:
        return None, problem(
            f"{text!r} holds the control character U+{ord(control):04X} (rule: a cell is "
            "printable text, docs/rulings/flankbattle.md)"
        )
    if column.kind is Kind.NAME:
        return text, None
    if column.kind is Kind.CONTINUOUS:
        value = parse_number(text)
        if value is None:
            return None, problem(f"{text!r} is not a number (rule: continuous value)")
        assert column.low is not None
        assert column.high is not None
        if not column.low <= value <= column.high:
            if column.key == "birth_year":
                return None, None  # seed 004, Leader: entered incorrectly -> 30 years old
            return None, problem(
                f"{text} is out of range {_bound(column.low)} to {_bound(column.high)} "
                "(rule: range of values)"
            )
        return value, None
    if column.list_name in ("Leader", "Location"):
        return text, None  # references, checked once every tab is read
    allowed = _allowed(column, params, units)
    if text in allowed:
        return text, None
    folded = {a.casefold(): a for a in allowed}
    if column.list_name != "unit" and text.casefold() in folded:
        return folded[text.casefold()], None  # list values are not case-sensitive
    if column.list_name == "unit":
        return None, problem(
            f"unit type not found: {text!r} (rule: unit types must be in Soldier.json, "
            "same spelling and capitalization)"
        )
    return None, problem(
        f"{text!r} is not a value of the {column.kind.value} {column.list_name} "
        f"(allowed: {', '.join(allowed)})"
    )


CSV_FIELD_LIMIT = 65_536  # characters in one cell; names and values need a few dozen


def read_csv(text: str, file: str, tab: str) -> tuple[list[list[str]], Problem | None]:
    """The records of a CSV text, or the first thing that stops reading it, at its line.

    ``csv.field_size_limit`` is set here, explicitly, to :data:`CSV_FIELD_LIMIT`: a longer cell
    is refused at its line and column instead of escaping as ``_csv.Error``.
    """
    csv.field_size_limit(CSV_FIELD_LIMIT)
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    records: list[list[str]] = []
    start = 1  # the line the record being read starts on
    try:
        for record in reader:
            records.append(record)
            start = reader.line_num + 1
    except csv.Error as e:
        column = _long_cell(text.lstrip("\ufeff"), start)
        if column is not None:
            message = (
                f"a cell longer than {CSV_FIELD_LIMIT:,} characters (rule: a cell holds one "
                "name or value)"
            )
            heading = (
                records[0][column - 1].strip() if records and column <= len(records[0]) else ""
            )
            where = f"{tab} tab, column {heading!r}" if heading else f"{tab} tab, column {column}"
        else:
            message, where = f"not readable as CSV: {e}", f"{tab} tab"
        return records, Problem(message, file, start, where)
    return records, None


def _long_cell(text: str, line: int) -> int | None:
    """The (1-based) column of the first cell over the limit in the record starting on
    ``line``, or None if there is none."""
    pos = 0
    for _ in range(line - 1):
        pos = text.find("\n", pos) + 1
        if pos == 0:
            return None
    column, length, quoted = 1, 0, False
    for char in text[pos:]:
        if char == '"':
            quoted = not quoted
            continue
        if not quoted and char == ",":
            column, length = column + 1, 0
            continue
        if not quoted and char == "\n":
            return None
        length += 1
        if length > CSV_FIELD_LIMIT:
            return column
    return None


def parse_tab(
    tab: Tab,
    text: str,
    file: str,
    params: Parameters,
    units: dict[str, UnitType],
) -> tuple[list[Row], list[Problem]]:
    """Rows of one tab's CSV text, and every problem found (row = line in the file)."""
    rows: list[Row] = []
    problems: list[Problem] = []
    records, error = read_csv(text, file, tab.name)
    if error is not None:
        return [], [error]
    if not records:
        return [], [Problem(f"the {tab.name} tab is empty: it needs its heading row", file, 1)]
    heading = [h.strip() for h in records[0]]
    wrong = heading_problem(tab, heading)
    if wrong is not None:
        return [], [Problem(wrong, file, 1, f"{tab.name} tab")]
    seen: dict[str, int] = {}
    for number, record in enumerate(records[1:], start=2):
        if not any(cell.strip() for cell in record):
            continue  # blank spreadsheet rows
        row: Row = {}
        for i, column in enumerate(tab.columns):
            cell = record[i] if i < len(record) else ""
            value, problem = parse_cell(tab, column, cell, params, units, (file, number))
            if problem is not None:
                problems.append(problem)
            row[column.key] = value
        ident = _identity(tab, row)
        if ident is not None:
            if ident in seen:
                problems.append(
                    Problem(
                        f"duplicate entry {ident!r} (also on line {seen[ident]})",
                        file,
                        number,
                        f"{tab.name} tab, column 'Name'",
                    )
                )
            seen[ident] = number
        row["_line"] = number
        rows.append(row)
    return rows, problems


RULE_ORDER = "rule: keep the columns in the seed's order; extra columns go to the far right"


def heading_problem(tab: Tab, heading: list[str]) -> str | None:
    """What is wrong with a tab's heading row, in one message (None if nothing).

    A file saved with semicolons (or tabs) between the columns is named as such; one missing,
    extra or swapped column is named, not every column after it (seed 004, Online database:
    "Do not change the order of the columns or insert anything between columns").
    """
    expected = [c.heading for c in tab.columns]
    want = [h.casefold() for h in expected]
    got = [h.casefold() for h in heading]
    if got[: len(want)] == want:
        return None
    if len(heading) <= 2:
        for sep, name in ((";", "semicolons"), ("\t", "tabs")):
            if sep in "".join(heading) and expected[0].casefold() in got[0]:
                return (
                    f"the columns are separated by {name}: save the file with commas between "
                    "the columns (CSV, comma-delimited)"
                )
    first = next(i for i, w in enumerate(want) if i >= len(got) or got[i] != w)
    after = f"after {expected[first - 1]!r}" if first else "first"
    if first < len(got) and got[first : len(want) - 1] == want[first + 1 :]:
        return f"column {expected[first]!r} is missing ({after}; {RULE_ORDER})"
    if first < len(got) and got[first + 1 : len(want) + 1] == want[first:]:
        return (
            f"unexpected column {heading[first]!r} {after}: extra columns go to the far right "
            f"({RULE_ORDER})"
        )
    if (
        first + 1 < len(got)
        and got[first] == want[first + 1]
        and got[first + 1] == want[first]
        and got[first + 2 : len(want)] == want[first + 2 :]
    ):
        return f"columns {expected[first]!r} and {expected[first + 1]!r} are swapped ({RULE_ORDER})"
    found = heading[first] if first < len(heading) else ""
    others = sum(1 for i in range(first + 1, len(want)) if i >= len(got) or got[i] != want[i])
    more = f"; {others} later columns differ too" if others else ""
    return f"column {first + 1} should be {expected[first]!r}, found {found!r}{more} ({RULE_ORDER})"


def _identity(tab: Tab, row: Row) -> str | None:
    name = row.get("name")
    return None if name is None else str(name)


def with_defaults(tab: Tab, row: Row, params: Parameters) -> Row:
    """The row with every blank cell replaced by its default (seed 004: "Most entries in the
    database have a corresponding default value")."""
    out: Row = {}
    for column in tab.columns:
        value = row.get(column.key)
        if value is None:
            if column.kind in (Kind.ORDERED, Kind.UNORDERED) and column.list_name:
                value = params.default(column.list_name)
            else:
                value = column.default
        out[column.key] = value
    return out


def cross_check(
    tables: dict[str, list[Row]], files: dict[str, str], units: dict[str, UnitType]
) -> list[Problem]:
    """References between tabs and the Military tab's composition rules."""
    problems: list[Problem] = []
    nations = {r["name"] for r in tables["Nation"] if r.get("name")}
    leaders = {r["name"] for r in tables["Leader"] if r.get("name")}
    locations = {r["name"] for r in tables["Location"] if r.get("name")}

    def at(tab: str, row: Row, heading: str, message: str) -> Problem:
        return Problem(message, files[tab], row["_line"], f"{tab} tab, column {heading!r}")

    for row in tables["Nation"]:
        if row.get("leader") and row["leader"] not in leaders:
            problems.append(
                at("Nation", row, "Leader", f"leader {row['leader']!r} is not in the Leader tab")
            )
        if row.get("capital") and row["capital"] not in locations:
            problems.append(
                at(
                    "Nation",
                    row,
                    "Capital",
                    f"capital {row['capital']!r} is not in the Location tab",
                )
            )
    for row in tables["Military"]:
        for nation in split_names(row.get("nation") or ""):
            if nation not in nations:
                problems.append(
                    at("Military", row, "Nation", f"nation {nation!r} is not in the Nation tab")
                )
        if row.get("leader") and row["leader"] not in leaders:
            problems.append(
                at("Military", row, "Leader", f"leader {row['leader']!r} is not in the Leader tab")
            )
        problems.extend(composition_problems(row, files["Military"], units))
    for row in tables["Leader"]:
        for nation in split_names(row.get("nation") or ""):
            if nation not in nations:
                problems.append(
                    at("Leader", row, "Nation", f"nation {nation!r} is not in the Nation tab")
                )
    return problems


ROLES = ("infantry", "cavalry", "artillery")


def composition_problems(row: Row, file: str, units: dict[str, UnitType]) -> list[Problem]:
    """Seed 004, Military: proportions of the three unit types (ruling: they sum to 1, or all
    are 0 for a navy-only entry whose size is the ships' crew)."""
    problems: list[Problem] = []
    line = row.get("_line")
    types = [row.get(f"{r}_type") for r in ROLES]
    props = [row.get(f"{r}_proportion") for r in ROLES]
    if all(t is None for t in types) and all(p is None for p in props):
        return []  # all Soldier infantry
    for role, t, p in zip(ROLES, types, props, strict=True):
        if role != "infantry" and t is None and p:
            problems.append(
                Problem(
                    f"{role} proportion {p:g} given without a {role} type "
                    "(rule: a proportion needs its unit type)",
                    file,
                    line,
                    f"Military tab, column '{role.capitalize()} proportion'",
                )
            )
    total = exact.sum_left(p or 0.0 for p in props)
    if total > 0 and abs(total - 1.0) > 0.01:
        problems.append(
            Problem(
                f"unit proportions sum to {total:g}, not 1 (rule: the proportions divide the "
                "whole military; all 0 for a navy-only entry)",
                file,
                line,
                "Military tab, column 'Infantry proportion'",
            )
        )
    if total == 0 and (row.get("ship_number") == 0):
        problems.append(
            Problem(
                "every proportion is 0 (a navy-only entry) but the ship number is 0",
                file,
                line,
                "Military tab, column 'Ship number'",
            )
        )
    return problems


def headings(tab: Tab) -> Sequence[str]:
    return [c.heading for c in tab.columns]
