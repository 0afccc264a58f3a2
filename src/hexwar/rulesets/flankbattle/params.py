"""The editable JSON parameter files (seed 004, Unit stats; Mapping inputs to outputs).

``parameters.json`` holds the number each ordered or unordered list value stands for in each
intermediate variable it feeds, the combination tables of two unordered lists ("stored as a list
of lists"), the Diet and Endemic disease objects, and the battle constants. ``Soldier.json``
holds the unit types. Both ship with the ruleset; a moderator may point the commands at a folder of
edited copies (``--json-dir``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from hexwar.core.errors import Problem, ScenarioError

__all__ = [
    "UNIT_FIELDS",
    "Parameters",
    "UnitType",
    "default_parameters",
    "default_units",
    "load_parameters",
    "load_units",
    "parameters_from_data",
    "units_from_data",
]

PACKAGE = "hexwar.rulesets.flankbattle"


@dataclass(frozen=True, slots=True)
class UnitType:
    """One unit type of Soldier.json (seed 004, Unit table); power is (short, medium, long)."""

    name: str
    speed: float = 3.0
    rebound: float = 0.0
    shock: float = 0.0
    long_range: float = 0.1
    medium_range: float = 0.1
    short_range: float = 0.1
    power: tuple[float, float, float] = (0.5, 0.5, 0.5)
    psychology: float = 1.0
    defense: float = 0.0
    tactical_training: float = 5.0
    logistics: str = "Basic"
    soldier_type: str = "Regular"
    military_type: str = "Militia"
    capacity: float = 0.0

    @property
    def ranges(self) -> tuple[float, float, float]:
        return (self.short_range, self.medium_range, self.long_range)

    @property
    def armed(self) -> bool:
        return any(p > 0 for p in self.power)

    def to_json(self) -> dict[str, Any]:
        return {
            "speed": self.speed,
            "rebound": self.rebound,
            "shock": self.shock,
            "long_range": self.long_range,
            "medium_range": self.medium_range,
            "short_range": self.short_range,
            "power": list(self.power),
            "psychology": self.psychology,
            "defense": self.defense,
            "tactical_training": self.tactical_training,
            "logistics": self.logistics,
            "soldier_type": self.soldier_type,
            "military_type": self.military_type,
            "capacity": self.capacity,
        }


# member -> (low, high) for continuous values; None for list values (checked against lists)
UNIT_FIELDS: dict[str, tuple[float, float] | None] = {
    "speed": (1, 500),
    "rebound": (0, 10),
    "shock": (0, 1),
    "long_range": (0, 500),
    "medium_range": (0, 500),
    "short_range": (0, 500),
    "power": (0, 10),
    "psychology": (1, 20),
    "defense": (0, 1),
    "tactical_training": (0, 10),
    "logistics": None,
    "soldier_type": None,
    "military_type": None,
    "capacity": (0, 10_000),
}


@dataclass(frozen=True)
class Parameters:
    """parameters.json, read once; lookups raise KeyError only for programming errors."""

    data: dict[str, Any]
    source: str = "parameters.json"
    _index: dict[tuple[str, str], int] = field(default_factory=dict, repr=False, compare=False)

    # -- lists -----------------------------------------------------------------------------

    def values(self, name: str) -> list[str]:
        """The allowed values of the ordered or unordered list ``name``."""
        spec = self.data["ordered"].get(name) or self.data["unordered"][name]
        return list(spec["values"])

    def default(self, name: str) -> str:
        spec = self.data["ordered"].get(name) or self.data["unordered"][name]
        return str(spec["default"])

    def ordered(self, name: str, value: str, context: str) -> float:
        """The number the ordered-list ``value`` of ``name`` stands for in ``context``."""
        spec = self.data["ordered"][name]
        return float(spec[context][spec["values"].index(value)])

    def combination(self, table: str, row: str, column: str) -> float:
        """The cell of a combination table (seed: unordered lists as a list of lists)."""
        spec = self.data["combinations"][table]
        return float(spec["values"][spec["rows"].index(row)][spec["columns"].index(column)])

    @property
    def weights(self) -> dict[str, float]:
        return {k: float(v) for k, v in self.data["significance_weights"].items()}

    def diet(self, name: str) -> dict[str, float]:
        return {k: float(v) for k, v in self.data["diet"]["values"][name].items()}

    def disease(self, name: str) -> dict[str, float]:
        return dict(self.disease_table[name])

    # The tables below are read once per Parameters object (the battle consults them every
    # hour); the data they come from is never changed after loading.

    @cached_property
    def disease_table(self) -> dict[str, dict[str, float]]:
        """Every Endemic disease object, its members as numbers."""
        return {
            name: {k: float(v) for k, v in spec.items()}
            for name, spec in self.data["disease"]["values"].items()
        }

    @property
    def diets(self) -> list[str]:
        return list(self.data["diet"]["values"])

    @property
    def diseases(self) -> list[str]:
        return list(self.data["disease"]["values"])

    def terrain(self, feature: str) -> dict[str, float]:
        return {k: float(v) for k, v in self.data["terrain"][feature].items()}

    @cached_property
    def battle(self) -> dict[str, float]:
        """The battle constants (read-only)."""
        return {k: float(v) for k, v in self.data["battle"].items()}

    def climate_population(self, climate: str) -> float | None:
        value = self.data["climate_population"].get(climate)
        return None if value is None else float(value)

    def phase(self, cycle: str, years: float) -> str:
        """The phase of the secular cycle or generation for a state ``years`` old."""
        bounds = self.data["ordered"][cycle]["bounds_years"]
        for name, (low, high) in bounds.items():
            if years >= low and (high is None or years < high):
                return str(name)
        return str(next(iter(bounds)))  # negative ages (a date before founding): the first

    def result(self, kind: str, value: float) -> str:
        """The banded result text of an occupation or stability value (seed 004, Output)."""
        text = str(self.data["results"][kind][0][1])
        for low, name in self.data["results"][kind]:
            if value >= low:
                text = str(name)
        return text

    def maximum_military_ratio(self, civilization: str, government: str) -> float:
        """Seed 004, Maximum military: the share of the population a nation can field."""
        spec = self.data["maximum_military"]
        era = next(k for k in ("pre_urban", "pre_modern", "modern") if civilization in spec[k])
        column = 0 if government in spec["totalitarian"] else 1
        return float(spec["ratio"][era][column])

    @property
    def digest(self) -> str:
        import hashlib

        return hashlib.sha256(json.dumps(self.data, sort_keys=True).encode()).hexdigest()[:12]


def _read_json(path: Path | None, name: str) -> tuple[Any, str]:
    if path is None:
        text = (resources.files(PACKAGE) / "data" / name).read_text(encoding="utf-8")
        return json.loads(text), name
    from hexwar.scenarios import load_document  # the limits of every reader, at their lines

    try:
        return load_document(Path(path), fmt="json").data, str(path)
    except OSError as e:
        raise ScenarioError([Problem(f"cannot read: {e.strerror}", str(path))]) from None


def load_parameters(path: Path | None = None) -> Parameters:
    """parameters.json (the bundled one when ``path`` is None), checked against its schema:
    every problem at its line and key (:mod:`hexwar.rulesets.flankbattle.param_schema`)."""
    from hexwar.rulesets.flankbattle.param_schema import parameter_problems
    from hexwar.scenarios import load_document

    if path is None:
        data, source = _read_json(None, "parameters.json")
        return parameters_from_data(data, source)
    try:
        document = load_document(Path(path), fmt="json")
    except OSError as e:
        raise ScenarioError([Problem(f"cannot read: {e.strerror}", str(path))]) from None
    problems = parameter_problems(document.data)
    if problems:
        located = [document.problem(message, where) for where, message in problems]
        raise ScenarioError(sorted(located, key=lambda p: p.line or 0))
    return Parameters(document.data, str(path))


def parameters_from_data(data: Any, source: str = "parameters.json") -> Parameters:
    """Parameters from the parsed content of a parameters.json file, checked against its
    schema (problems name the key; data without a file has no lines)."""
    from hexwar.rulesets.flankbattle.param_schema import parameter_problems
    from hexwar.scenarios import format_path

    problems = parameter_problems(data)
    if problems:
        raise ScenarioError([Problem(m, source, None, format_path(p)) for p, m in problems])
    return Parameters(data, source)


def load_units(path: Path | None = None, params: Parameters | None = None) -> dict[str, UnitType]:
    """Soldier.json: every unit type, missing members taken from the Soldier defaults."""
    data, source = _read_json(path, "Soldier.json")
    return units_from_data(data, source, params)


def units_from_data(
    data: Any, source: str = "Soldier.json", params: Parameters | None = None
) -> dict[str, UnitType]:
    """Unit types from the parsed content of a Soldier.json file."""
    params = params or default_parameters()
    if not isinstance(data, dict):
        raise ScenarioError([Problem("Soldier.json must hold one object of unit types", source)])
    lists = {
        "logistics": params.values("Logistics"),
        "soldier_type": params.values("Soldier type"),
        "military_type": params.values("Military type"),
    }
    problems: list[Problem] = []
    units: dict[str, UnitType] = {}
    # Seed 004, Unit: "Default values are pulled from the Soldier type" -- the file's own
    # Soldier (itself defaulting to the seed's table) is read first and fills the others.
    soldier = UnitType("Soldier")
    names = sorted((n for n in data if not n.startswith("_")), key=lambda n: n != "Soldier")
    for name in names:
        spec = data[name]
        if not isinstance(spec, dict):
            problems.append(Problem("a unit type must be an object", source, path=name))
            continue
        kwargs: dict[str, Any] = {}
        for key, value in spec.items():
            where = f"{name}.{key}"
            if key not in UNIT_FIELDS:
                problems.append(Problem(f"unknown member {key!r}", source, path=where))
                continue
            bounds = UNIT_FIELDS[key]
            if bounds is None:
                if value not in lists[key]:
                    problems.append(
                        Problem(
                            f"{value!r} is not one of {', '.join(lists[key])}", source, path=where
                        )
                    )
                    continue
                kwargs[key] = value
                continue
            items = value if key == "power" else [value]
            if key == "power" and (not isinstance(value, list) or len(value) != 3):
                problems.append(Problem("power is a list of three numbers", source, path=where))
                continue
            bad = [
                v
                for v in items
                if isinstance(v, bool)
                or not isinstance(v, int | float)
                or (isinstance(v, float) and not math.isfinite(v))
                or not bounds[0] <= v <= bounds[1]
            ]
            if bad:
                problems.append(
                    Problem(
                        f"{bad[0]!r} is outside {bounds[0]:g}-{bounds[1]:g}", source, path=where
                    )
                )
                continue
            kwargs[key] = tuple(float(v) for v in items) if key == "power" else float(value)
        units[name] = replace(soldier, name=name, **kwargs)
        if name == "Soldier":
            soldier = units[name]
    units = {n: units[n] for n in data if n in units}  # the file's order
    if problems:
        raise ScenarioError(problems)
    for needed in ("Soldier", "Barges"):
        if needed not in units:
            units[needed] = (
                UnitType("Soldier")
                if needed == "Soldier"
                else UnitType("Barges", speed=4, power=(0.0, 0.0, 0.0), capacity=50)
            )
    return units


@cache
def default_parameters() -> Parameters:
    return load_parameters()


@cache
def _default_units() -> dict[str, UnitType]:
    return load_units()


def default_units() -> dict[str, UnitType]:
    return dict(_default_units())
