"""The schema of ``parameters.json`` (seed 004, Unit stats; Mapping inputs to outputs).

A moderator may edit the file (``--json-dir``) or embed it in a scenario, so it is checked
when it is read, every problem at its key: types (a number is a number, not ``"high"``), every
ordered list as long as its values, each combination table a full grid over the two lists it
combines, every list, table and constant the engine reads present. A file that passes cannot
fail later in ``resolve`` for its shape.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Annotated, Any

from pydantic import ConfigDict, Field

from hexwar.scenarios import KeyPath, ScenarioModel

__all__ = ["ParametersFile", "parameter_problems"]

PACKAGE = "hexwar.rulesets.flankbattle"

Number = Annotated[float, Field(allow_inf_nan=False)]
Name = Annotated[str, Field(min_length=1)]

# The list each part of a combination table's name stands for (seed 004: "unordered lists
# stored as a list of lists").
_TABLE_LISTS = {
    "Federal Gov": "Federal Government",
    "State Gov": "State Government",
    "Civilization": "Civilization Type",
    "Military Type": "Military type",
    "Soldier Type": "Soldier type",
    "Urbanization": "Urbanization",
    "Logistics": "Logistics",
    "Religion": "Religion",
    "Ethnicity": "Ethnicity",
    "Climate": "Climate",
    "Motive": "Motive",
    "Ideology": "Ideology",
}


class _Open(ScenarioModel):
    """A table whose other keys are numbers (a source note may sit beside them)."""

    model_config = ConfigDict(strict=True, extra="allow", frozen=True)


class OrderedList(_Open):
    """An ordered list: its values, and per intermediate variable one number per value."""

    __pydantic_extra__: dict[str, list[Number]] = Field(init=False)
    values: list[Name] = Field(min_length=1)
    default: str | None = None
    bounds_years: dict[str, tuple[Number, Number | None]] | None = None


class UnorderedList(ScenarioModel):
    values: list[Name] = Field(min_length=1)
    default: str


class Combination(ScenarioModel):
    rows: list[Name] = Field(min_length=1)
    columns: list[Name] = Field(min_length=1)
    values: list[list[Number]]
    note: str = ""


class Diet(ScenarioModel):
    protein: Number
    population: Number
    domestication: Number
    diversity: Number
    worth: Number


class Disease(ScenarioModel):
    outbreak: Number
    reproduction: Number
    deadliness: Number
    infectivity: Number
    power: Number


class Diets(ScenarioModel):
    source: str = ""
    values: dict[str, Diet] = Field(min_length=1)


class Diseases(ScenarioModel):
    source: str = ""
    values: dict[str, Disease] = Field(min_length=1)


class ClimatePopulation(_Open):
    __pydantic_extra__: dict[str, Number] = Field(init=False)
    source: str = ""


class MaximumMilitary(ScenarioModel):
    source: str = ""
    pre_urban: list[str]
    pre_modern: list[str]
    modern: list[str]
    totalitarian: list[str]
    ratio: dict[str, tuple[Number, Number]]


class TerrainEffect(ScenarioModel):
    speed: Number
    efficiency: Number
    limitation: Number


class Terrain(ScenarioModel):
    source: str = ""
    plain: TerrainEffect
    water: TerrainEffect
    forest: TerrainEffect
    cliffs: TerrainEffect
    high_ground: TerrainEffect = Field(alias="high ground")


class Results(ScenarioModel):
    source: str = ""
    occupation: list[tuple[Number, str]] = Field(min_length=1)
    stability: list[tuple[Number, str]] = Field(min_length=1)


class ParametersFile(ScenarioModel):
    """parameters.json: every section the engine reads."""

    source: str = ""
    significance_weights: dict[str, Number]
    ordered: dict[str, OrderedList]
    unordered: dict[str, UnorderedList]
    combinations: dict[str, Combination]
    diet: Diets
    disease: Diseases
    climate_population: ClimatePopulation
    maximum_military: MaximumMilitary
    terrain: Terrain
    results: Results
    battle: dict[str, Number]

    @classmethod
    def deferred_context(cls) -> dict[str, Any]:
        return {"flankbattle-parameters": True}

    def deferred_problems(self) -> list[tuple[KeyPath, str]]:
        """The checks across keys, each at the key it concerns."""
        problems: list[tuple[KeyPath, str]] = []
        needed = _bundled_shape()
        for section in ("significance_weights", "ordered", "unordered", "combinations", "battle"):
            have = getattr(self, section)
            for key in needed[section]:
                if key not in have:
                    problems.append(((section,), f"missing {key!r} (the engine reads it)"))
        lists: dict[str, list[str]] = {}
        for name, spec in self.ordered.items():
            where: KeyPath = ("ordered", name)
            lists[name] = spec.values
            problems += _list_problems(where, spec.values, spec.default)
            for variable in needed["variables"].get(name, ()):
                if variable not in (spec.model_extra or {}):
                    problems.append((where, f"missing {variable!r} (the engine reads it)"))
            for variable, numbers in (spec.model_extra or {}).items():
                if len(numbers) != len(spec.values):
                    problems.append(
                        (
                            (*where, variable),
                            f"{len(numbers)} numbers for {len(spec.values)} values: an ordered "
                            "list maps each of its values to one number",
                        )
                    )
            if spec.bounds_years is not None and set(spec.bounds_years) != set(spec.values):
                problems.append(
                    ((*where, "bounds_years"), "must give the years of each value, no others")
                )
        for name, uspec in self.unordered.items():
            lists[name] = uspec.values
            problems += _list_problems(("unordered", name), uspec.values, uspec.default)
        for name, table in self.combinations.items():
            problems += _table_problems(("combinations", name), name, table, lists)
        civilizations = lists.get("Civilization Type", [])
        mm = self.maximum_military
        for era in ("pre_urban", "pre_modern", "modern"):
            if era not in mm.ratio:
                problems.append((("maximum_military", "ratio"), f"missing {era!r}"))
        eras = mm.pre_urban + mm.pre_modern + mm.modern
        for civ in civilizations:
            if civ not in eras:
                problems.append(
                    (("maximum_military",), f"the civilization {civ!r} is in no era's list")
                )
        for kind in ("occupation", "stability"):
            bands = [low for low, _ in getattr(self.results, kind)]
            if bands != sorted(bands):
                problems.append((("results", kind), "bands must rise from lowest to highest"))
        floor = self.battle.get("occupation_term_floor")
        if floor is not None and not floor > 0:
            problems.append(
                (
                    ("battle", "occupation_term_floor"),
                    f"must be above 0, got {floor}: the Occupation Base is the product of its "
                    "factors, each floored here so that none makes it 0 or negative "
                    "(docs/rulings/flankbattle.md)",
                )
            )
        return problems


def _list_problems(
    where: KeyPath, values: list[str], default: str | None
) -> list[tuple[KeyPath, str]]:
    problems: list[tuple[KeyPath, str]] = []
    if len(set(values)) != len(values):
        problems.append(((*where, "values"), "a value appears twice"))
    if default is not None and default not in values:
        problems.append(((*where, "default"), f"{default!r} is not one of the list's values"))
    return problems


def _table_problems(
    where: KeyPath, name: str, table: Combination, lists: dict[str, list[str]]
) -> list[tuple[KeyPath, str]]:
    problems: list[tuple[KeyPath, str]] = []
    if len(table.values) != len(table.rows):
        problems.append(
            ((*where, "values"), f"{len(table.values)} rows of numbers for {len(table.rows)} rows")
        )
    for i, row in enumerate(table.values):
        if len(row) != len(table.columns):
            problems.append(
                (
                    (*where, "values", i),
                    f"{len(row)} numbers for {len(table.columns)} columns",
                )
            )
    row_list, _, column_list = name.partition("-")
    for key, part, names in (
        ("rows", row_list, table.rows),
        ("columns", column_list, table.columns),
    ):
        listed = lists.get(_TABLE_LISTS.get(part, ""))
        if listed is not None and set(names) != set(listed):
            missing = sorted(set(listed) - set(names))
            extra = sorted(set(names) - set(listed))
            detail = f"missing {missing}" if missing else f"not in the list: {extra}"
            problems.append(
                ((*where, key), f"must be the values of {_TABLE_LISTS[part]!r} ({detail})")
            )
    return problems


@cache
def _bundled_shape() -> dict[str, Any]:
    """What the engine reads: the sections, lists, tables and variables of the bundled file."""
    data = json.loads(
        (resources.files(PACKAGE) / "data" / "parameters.json").read_text(encoding="utf-8")
    )
    return {
        "significance_weights": list(data["significance_weights"]),
        "ordered": list(data["ordered"]),
        "unordered": list(data["unordered"]),
        "combinations": list(data["combinations"]),
        "battle": list(data["battle"]),
        "variables": {
            name: [k for k in spec if k not in ("values", "default", "bounds_years")]
            for name, spec in data["ordered"].items()
        },
    }


def parameter_problems(data: Any) -> list[tuple[KeyPath, str]]:
    """Every problem of parsed parameters.json data, as ``(key path, message)``."""
    from hexwar.scenarios.loading import problems_of

    if not isinstance(data, dict):
        return [((), "parameters.json must hold one object")]
    return problems_of(data, ParametersFile)[1]
