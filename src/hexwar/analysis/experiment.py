"""The experiment file: a scenario, factors that change it by key path, a design, agents,
replications, a master seed and the responses to collect.

An experiment is TOML (or JSON), read and validated like a scenario: every mistake is reported
as ``file:line: key.path: message``, and so is a factor whose key path does not exist in the
scenario. Each design point's scenario is built and validated before anything runs.

::

    title = "Hastings: the odds against the Norman army's size"
    scenario = "hastings.toml"             # a file relative to this one, or a bundled id
    replications = 200
    seed = 1066
    responses = ["winner", "length", "summary.hours"]

    [agents]                               # default: each side's ruleset default agent
    attacker = "random"

    [design]
    kind = "factorial"                     # factorial | lhs | saltelli

    [[set]]                                # a fixed change, the same at every design point
    path = "year"
    value = 1066

    [[factors]]
    name = "norman_size"
    path = "database.Military[1].Size"
    low = 4000
    high = 12000
    levels = 5                             # factorial: evenly spaced, both ends included
    integer = true

Seeds: replication ``r`` is played with the seed drawn from ``SeedSequence(seed,
spawn_key=(r,))``, the same at every design point (common random numbers), so differences
between design points are not blurred by different dice.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from itertools import product
from pathlib import Path
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, Field, model_validator

from hexwar.agents import agent_names
from hexwar.core import registry
from hexwar.core.errors import HexwarError, Problem, ScenarioError, UnknownRulesetError
from hexwar.core.game import Ruleset
from hexwar.core.records import encode_nonfinite
from hexwar.scenarios import (
    Document,
    KeyPath,
    content_hash,
    format_path,
    load_document,
    peek_ruleset,
    validate,
)

__all__ = [
    "BUILTIN_RESPONSES",
    "DesignPoint",
    "Experiment",
    "ExperimentFile",
    "load_experiment",
    "parse_key_path",
    "replication_seeds",
    "scenario_text",
]

BUILTIN_RESPONSES = {
    "winner": "the winning side; 'draw' when the game ended without one, 'unfinished' if cut off",
    "outcome": "the reason the game ended ('unfinished' if cut off)",
    "length": "decisions taken",
    "end_time": "the game clock at the last event (hours, turns or rounds, as the ruleset keeps)",
}
SUMMARY_PREFIX = "summary."
AGENTS = "agents"  # a factor path agents.SIDE sets the agent that plays SIDE

# --- key paths -------------------------------------------------------------------------------

_KEY = re.compile(r'([A-Za-z0-9_-]+)|"((?:[^"\\]|\\.)*)"')
_INDEX = re.compile(r"\[(\d+)\]")


def parse_key_path(text: str) -> KeyPath:
    """``units[2].strength`` -> ``("units", 2, "strength")``; quoted keys as TOML writes
    them (``terrain."light woods"``). Raises ValueError for text that is not a key path."""
    path: list[str | int] = []
    pos = 0
    expect_key = True
    while True:
        if expect_key:
            key = _KEY.match(text, pos)
            if key is None:
                raise ValueError(f"not a key path: {text!r} (write e.g. units[2].strength)")
            bare, quoted = key.groups()
            path.append(bare if bare is not None else json.loads(f'"{quoted}"'))
            pos = key.end()
        if pos == len(text):
            return tuple(path)
        if text.startswith(".", pos):
            pos += 1
            expect_key = True
            continue
        index = _INDEX.match(text, pos)
        if index is None:
            raise ValueError(f"not a key path: {text!r} (write e.g. units[2].strength)")
        path.append(int(index.group(1)))
        pos = index.end()
        expect_key = False


def _lookup(data: Any, path: KeyPath) -> tuple[bool, Any]:
    """Whether ``path`` exists in ``data``, and the value there."""
    for step in path:
        if isinstance(step, int):
            if not isinstance(data, list) or not 0 <= step < len(data):
                return False, None
        elif not isinstance(data, dict) or step not in data:
            return False, None
        data = data[step]
    return True, data


def _assign(data: Any, path: KeyPath, value: Any) -> None:
    """Set ``path`` (which exists) in ``data``, in place. A number that replaces text is
    written as text (the flank battle database keeps its numbers as spreadsheet text), and an
    integral float that replaces an integer becomes an integer."""
    *head, last = path
    for step in head:
        data = data[step]
    old = data[last]
    if isinstance(old, str) and isinstance(value, int | float) and not isinstance(value, bool):
        value = str(int(value)) if float(value).is_integer() else repr(float(value))
    elif (
        isinstance(old, int)
        and not isinstance(old, bool)
        and isinstance(value, float)
        and value.is_integer()
    ):
        value = int(value)
    data[last] = value


def _copy(data: Any) -> Any:
    """A deep copy of parsed file data (dicts, lists and scalars)."""
    if isinstance(data, dict):
        return {k: _copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_copy(v) for v in data]
    return data


# --- the file model --------------------------------------------------------------------------

Scalar = bool | int | float | str


class _Model(BaseModel):
    model_config = {"strict": True, "extra": "forbid", "frozen": True}


class Change(_Model):
    """A fixed change: ``path`` in the scenario gets ``value`` at every design point."""

    path: str = Field(description="Key path in the scenario, e.g. design.tend")
    value: Scalar | list[Scalar]


class Factor(_Model):
    """A factor: ``path`` in the scenario takes each of ``values``, or values between ``low``
    and ``high`` (``levels`` of them, evenly spaced, in a factorial design; sampled in the
    Latin hypercube and Saltelli designs)."""

    name: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$", description="Column name")
    path: str = Field(
        description="Key path in the scenario, e.g. database.Military[1].Size; agents.SIDE: "
        "the agent that plays SIDE (values = agent names)"
    )
    values: list[Scalar] | None = Field(None, min_length=1, description="The levels, listed")
    low: float | None = None
    high: float | None = None
    levels: int | None = Field(None, ge=2, description="Factorial: evenly spaced levels")
    integer: bool = Field(False, description="Round to whole numbers")

    @property
    def side(self) -> str | None:
        """The side whose agent this factor sets (path ``agents.SIDE``), else None."""
        head, _, side = self.path.partition(".")
        return side if head == AGENTS and side else None

    @model_validator(mode="after")
    def _one_kind(self) -> Factor:
        if self.side is not None and (
            self.values is None or not all(isinstance(v, str) for v in self.values)
        ):
            raise ValueError(f'{self.path} sets an agent: list them, values = ["ai", ...]')
        if self.values is not None and (self.low is not None or self.high is not None):
            raise ValueError("give either values or low and high, not both")
        if self.values is None:
            if self.low is None or self.high is None:
                raise ValueError("give values = [...] or both low and high")
            if not self.low < self.high:
                raise ValueError(f"low ({self.low:g}) must be below high ({self.high:g})")
        elif self.levels is not None:
            raise ValueError("levels goes with low and high, not with values")
        return self

    def levels_list(self) -> list[Scalar]:
        """The factorial levels."""
        if self.values is not None:
            return list(self.values)
        assert self.low is not None
        assert self.high is not None
        assert self.levels is not None
        n = self.levels
        return [self._number(self.low + (self.high - self.low) * i / (n - 1)) for i in range(n)]

    def from_unit(self, u: float) -> Scalar:
        """The factor's value at ``u`` in [0, 1] of its range (a listed factor: its levels
        as equal slices of the unit interval)."""
        if self.values is not None:
            return self.values[min(int(u * len(self.values)), len(self.values) - 1)]
        assert self.low is not None
        assert self.high is not None
        return self._number(self.low + (self.high - self.low) * u)

    def _number(self, x: float) -> Scalar:
        return round(x) if self.integer else float(x)


class Design(_Model):
    kind: Literal["factorial", "lhs", "saltelli"] = "factorial"
    samples: int | None = Field(
        None, ge=1, description="lhs: design points; saltelli: base sample N (a power of 2)"
    )
    second_order: bool = Field(False, description="saltelli: also second-order indices")

    @model_validator(mode="after")
    def _samples(self) -> Design:
        if self.kind != "factorial" and self.samples is None:
            raise ValueError(f"a {self.kind} design needs samples = N")
        if self.kind == "factorial" and self.samples is not None:
            raise ValueError("a factorial design takes no samples (its levels decide)")
        if self.kind == "saltelli" and self.samples is not None:
            n = self.samples
            if n & (n - 1):
                raise ValueError(f"saltelli samples must be a power of 2 (got {n})")
        return self


class ExperimentFile(_Model):
    """The experiment file as written."""

    title: str = ""
    scenario: str = Field(description="A bundled scenario id, or a file relative to this one")
    replications: int = Field(ge=1, le=1_000_000)
    seed: int = Field(ge=0, description="The master seed")
    agents: dict[str, str] = Field(default_factory=dict, description="side = agent name")
    max_steps: int | None = Field(None, ge=1, description="Cut games off after this many")
    design: Design = Design()
    set: list[Change] = Field(default_factory=list)
    factors: list[Factor] = Field(
        default_factory=list, description="None: one design point, replications only"
    )
    responses: list[str] = Field(min_length=1)

    @model_validator(mode="after")
    def _names(self) -> ExperimentFile:
        names = [f.name for f in self.factors]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"factor names must differ: {', '.join(twice)} repeated")
        if self.design.kind != "factorial" and not self.factors:
            raise ValueError(f"a {self.design.kind} design needs factors to sample")
        if self.design.kind == "factorial":
            for f in self.factors:
                if f.values is None and f.levels is None:
                    raise ValueError(f"factor {f.name}: a factorial design needs levels = N")
        return self


# --- the experiment as it will run -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DesignPoint:
    """One combination of factor values, and the validated scenario it makes."""

    index: int
    values: dict[str, Scalar]
    scenario: BaseModel
    agents_set: dict[str, str] = field(default_factory=dict)  # by agent factors: side = agent

    def agents(self, base: dict[str, str]) -> dict[str, str]:
        """Who plays each side at this point: the experiment's agents, and its agent
        factors' values."""
        return {**base, **self.agents_set}


@dataclass(frozen=True)
class Experiment:
    """A validated experiment: its design points and seeds, ready to run."""

    file: ExperimentFile
    path: str
    ruleset: Ruleset[Any, Any]
    scenario_id: str
    agents: dict[str, str]
    points: tuple[DesignPoint, ...]
    seeds: tuple[int, ...]
    digest: str  # hash of everything that decides the results

    @property
    def factors(self) -> list[Factor]:
        return list(self.file.factors)

    @property
    def responses(self) -> list[str]:
        return list(self.file.responses)

    @property
    def n_runs(self) -> int:
        return len(self.points) * len(self.seeds)

    def describe(self) -> dict[str, Any]:
        """The experiment as JSON (written next to the results)."""
        return {
            "title": self.file.title,
            "experiment": self.path,
            "ruleset": self.ruleset.info.id,
            "ruleset_version": self.ruleset.info.version,
            "scenario": self.scenario_id,
            "design": self.file.design.model_dump(),
            "factors": [f.model_dump(exclude_none=True) for f in self.file.factors],
            "responses": self.responses,
            "agents": self.agents,
            "replications": len(self.seeds),
            "seed": self.file.seed,
            "seeds": list(self.seeds),
            "points": [p.values for p in self.points],
            "digest": self.digest,
        }


def replication_seeds(master: int, n: int) -> tuple[int, ...]:
    """The game seed of each replication: ``SeedSequence(master, spawn_key=(r,))``'s first
    32-bit word. The same list serves every design point (common random numbers)."""
    return tuple(
        int(np.random.SeedSequence(master, spawn_key=(r,)).generate_state(1, np.uint32)[0])
        for r in range(n)
    )


def load_experiment(path: str | os.PathLike[str]) -> Experiment:
    """Read, validate and expand an experiment file.

    Raises:
        ScenarioError: every problem, located at its line in the experiment file (or, for a
            design point whose scenario is invalid, in the scenario file, naming the point).
    """
    path = Path(path)
    document = load_document(path)
    spec = validate(document, ExperimentFile)
    ruleset, base = _scenario_document(spec.scenario, path, document)
    problems = _check_paths(spec, document, base)
    problems += _check_agents(spec, document, ruleset)
    problems += _check_responses(spec, document)
    if problems:
        raise ScenarioError(problems)
    data = _copy(base.data)
    for change in spec.set:
        _assign(data, parse_key_path(change.path), _copy(change.value))
    assignments = _design(spec)
    points: list[DesignPoint] = []
    failures: list[Problem] = []
    for index, values in enumerate(assignments):
        point_data = _copy(data)
        agents_set: dict[str, str] = {}
        for factor in spec.factors:
            if factor.side is not None:
                agents_set[factor.side] = str(values[factor.name])
            else:
                _assign(point_data, parse_key_path(factor.path), values[factor.name])
        shown = ", ".join(f"{k} = {v!r}" for k, v in values.items())
        try:
            point_doc = Document(point_data, base.lines, base.file, base.fmt)
            scenario = validate(point_doc, ruleset.scenario_model)
        except ScenarioError as e:
            failures += [
                Problem(f"{p.message} (design point {index}: {shown})", p.file, p.line, p.path)
                for p in e.problems
            ]
            if len(failures) >= 20:
                break
            continue
        points.append(DesignPoint(index, dict(values), scenario, agents_set))
    if failures:
        raise ScenarioError(failures)
    agents = {s: spec.agents.get(s, agent_names(ruleset)[0]) for s in ruleset.info.sides}
    seeds = replication_seeds(spec.seed, spec.replications)
    digest = content_hash(
        {
            "ruleset": [ruleset.info.id, ruleset.info.version],
            "points": [
                [p.values, encode_nonfinite(p.scenario.model_dump(mode="json"))] for p in points
            ],
            "seeds": list(seeds),
            "agents": agents,
            "responses": spec.responses,
            "max_steps": spec.max_steps,
        }
    )
    return Experiment(spec, str(path), ruleset, spec.scenario, agents, tuple(points), seeds, digest)


def _scenario_document(
    arg: str, experiment: Path, document: Document
) -> tuple[Ruleset[Any, Any], Document]:
    """The scenario's ruleset and its parsed file (with its line index)."""
    where = ("scenario",)
    candidate = experiment.parent / arg
    if arg.endswith((".toml", ".json")) or candidate.is_file():
        if not candidate.is_file():
            raise ScenarioError([document.problem(f"no scenario file {candidate}", where)])
        scenario_doc = load_document(candidate)
        try:
            ruleset = registry.get(peek_ruleset(scenario_doc))
        except UnknownRulesetError as e:
            raise ScenarioError([scenario_doc.problem(str(e), ("ruleset",))]) from None
        return ruleset, scenario_doc
    ruleset_id = arg.partition("/")[0]
    try:
        ruleset = registry.get(ruleset_id)
    except UnknownRulesetError as e:
        raise ScenarioError([document.problem(str(e), where)]) from None
    bundled: dict[str, Traversable] = ruleset.bundled_scenarios()
    if arg not in bundled:
        known = ", ".join(bundled) or "none"
        message = f"no scenario file or bundled scenario {arg!r} (bundled: {known})"
        raise ScenarioError([document.problem(message, where)])
    source = bundled[arg]
    text = source.read_text(encoding="utf-8")
    fmt: Literal["toml", "json"] = "json" if source.name.endswith(".json") else "toml"
    return ruleset, load_document(text, fmt=fmt, name=arg)


def _check_paths(spec: ExperimentFile, document: Document, base: Document) -> list[Problem]:
    """Every factor and fixed-change key path must parse and exist in the scenario."""
    problems: list[Problem] = []
    named: list[tuple[str, str, KeyPath]] = [
        *((c.path, "set", ("set", i, "path")) for i, c in enumerate(spec.set)),
        *(
            (f.path, "factors", ("factors", i, "path"))
            for i, f in enumerate(spec.factors)
            if f.side is None  # an agent factor: checked with the agents
        ),
    ]
    seen: dict[KeyPath, str] = {}
    for text, _kind, where in named:
        try:
            key = parse_key_path(text)
        except ValueError as e:
            problems.append(document.problem(str(e), where))
            continue
        found, _ = _lookup(base.data, key)
        if not found:
            near = _nearest(base.data, key)
            hint = f" ({format_path(near)} exists)" if near else ""
            problems.append(
                document.problem(f"no key {text} in the scenario {base.file}{hint}", where)
            )
        elif key in seen:
            problems.append(document.problem(f"{text} is already changed by {seen[key]}", where))
        else:
            seen[key] = format_path(where[:2])
    return problems


def _nearest(data: Any, path: KeyPath) -> KeyPath:
    """The longest prefix of ``path`` that exists in ``data``."""
    for end in range(len(path) - 1, 0, -1):
        if _lookup(data, path[:end])[0]:
            return path[:end]
    return ()


def _check_agents(
    spec: ExperimentFile, document: Document, ruleset: Ruleset[Any, Any]
) -> list[Problem]:
    problems = []
    known = agent_names(ruleset)
    sides = ", ".join(ruleset.info.sides)
    for side, name in spec.agents.items():
        where: KeyPath = ("agents", side)
        if side not in ruleset.info.sides:
            problems.append(document.problem(f"unknown side (sides: {sides})", where))
        elif name not in known:
            problems.append(
                document.problem(f"unknown agent {name!r} (available: {', '.join(known)})", where)
            )
    for i, factor in enumerate(spec.factors):
        if factor.side is None:
            continue
        if factor.side not in ruleset.info.sides:
            where = ("factors", i, "path")
            problems.append(
                document.problem(f"unknown side {factor.side!r} (sides: {sides})", where)
            )
            continue
        for j, value in enumerate(factor.values or []):
            if value not in known:
                message = f"unknown agent {value!r} (available: {', '.join(known)})"
                problems.append(document.problem(message, ("factors", i, "values", j)))
    return problems


def _check_responses(spec: ExperimentFile, document: Document) -> list[Problem]:
    problems = []
    factor_names = {f.name for f in spec.factors}
    for i, text in enumerate(spec.responses):
        where = ("responses", i)
        if text in BUILTIN_RESPONSES:
            pass
        elif text.startswith(SUMMARY_PREFIX):
            try:
                parse_key_path(text.removeprefix(SUMMARY_PREFIX))
            except ValueError as e:
                problems.append(document.problem(str(e), where))
        else:
            builtin = ", ".join(BUILTIN_RESPONSES)
            problems.append(
                document.problem(
                    f"unknown response {text!r} (use {builtin}, or summary.<key path>)", where
                )
            )
        if text in factor_names or text in spec.responses[:i]:
            problems.append(document.problem(f"{text!r} is named twice", where))
    return problems


def _design(spec: ExperimentFile) -> list[dict[str, Scalar]]:
    """The design points' factor values, in the design's order (SALib's, for a sample: its
    Sobol analysis reads the responses in that order)."""
    factors = spec.factors
    design = spec.design
    if design.kind == "factorial":
        grid = product(*(f.levels_list() for f in factors))
        return [dict(zip((f.name for f in factors), combo, strict=True)) for combo in grid]
    problem = {
        "num_vars": len(factors),
        "names": [f.name for f in factors],
        "bounds": [[0.0, 1.0]] * len(factors),
    }
    assert design.samples is not None
    if design.kind == "lhs":
        from SALib.sample import latin

        unit = latin.sample(problem, design.samples, seed=spec.seed)
    else:
        from SALib.sample import sobol

        unit = sobol.sample(
            problem, design.samples, calc_second_order=design.second_order, seed=spec.seed
        )
    rows = [tuple(float(u) for u in row) for row in unit]
    return [{f.name: f.from_unit(u) for f, u in zip(factors, row, strict=True)} for row in rows]


class ExperimentError(HexwarError, ValueError):
    """An experiment that cannot run as asked (a response missing from a game's summary)."""


def response_value(name: str, summary: dict[str, Any] | None, game: Any) -> Any:
    """The value of response ``name`` for a finished (or cut-off) game."""
    outcome = game.outcome()
    if name == "winner":
        return "unfinished" if outcome is None else (outcome.winner or "draw")
    if name == "outcome":
        return "unfinished" if outcome is None else outcome.reason
    if name == "length":
        return game.step
    if name == "end_time":
        log = game.events(None)
        return log[-1].time if log else 0
    assert summary is not None
    key = parse_key_path(name.removeprefix(SUMMARY_PREFIX))
    found, value = _lookup(summary, key)
    if not found:
        near = _nearest(summary, key)
        at = _lookup(summary, near)[1] if near else summary
        keys = list(at) if isinstance(at, dict) else f"{len(at)} items"
        where = format_path(near) or "the top"
        raise ExperimentError(
            f"response {name!r}: the {game.info.id} summary has no {format_path(key)} "
            f"(at {where}: {keys})"
        )
    if isinstance(value, dict | list):
        raise ExperimentError(
            f"response {name!r} is a {type(value).__name__} in the summary; name one number or "
            "text inside it"
        )
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def scenario_text(scenario: BaseModel, fmt: Literal["toml", "json"] = "json") -> str:
    """A design point's scenario as a scenario file that ``hexwar run FILE`` reads back to the
    same scenario: every field written out (the validated model, so nothing depends on the
    files the experiment's scenario referred to). JSON spells infinities ``Infinity``; TOML
    spells them ``inf`` and leaves out the fields that are empty (TOML has no null)."""
    data = scenario.model_dump(mode="json")
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=True) + "\n"
    import tomli_w

    return tomli_w.dumps(_without_none(data))


def _without_none(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _without_none(v) for k, v in data.items() if v is not None}
    if isinstance(data, list):
        return [_without_none(v) for v in data]
    return data


def needs_summary(responses: Sequence[str]) -> bool:
    return any(r.startswith(SUMMARY_PREFIX) for r in responses)
