"""The flankbattle scenario: one war, as the moderator selects it on the Tactics tab.

A scenario names the attacking and defending militaries (their nations and leaders default to
the database's), the location, the date and the motive, and optionally a terrain map other than
the location's. The rows it names come from ``database`` -- the database embedded in the file
(``hexwar flankbattle resolve`` embeds the rows a war uses, so a record replays without the
SQLite file) -- or, when that is absent, from the bundled example database.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, ValidationInfo, model_validator

from hexwar.core.errors import IllegalOrderError, InvalidInputError, Problem
from hexwar.rulesets.flankbattle.database import (
    Database,
    DatabaseError,
    embedded_problems,
    example_database,
)
from hexwar.rulesets.flankbattle.flanks import FlankSpec, check_count, share_ships, validity
from hexwar.rulesets.flankbattle.param_schema import parameter_problems
from hexwar.rulesets.flankbattle.params import (
    Parameters,
    UnitType,
    default_parameters,
    default_units,
    parameters_from_data,
    units_from_data,
)
from hexwar.rulesets.flankbattle.schema import TABS
from hexwar.rulesets.flankbattle.terrain import SIZE, grid_from_rows
from hexwar.rulesets.flankbattle.war import WarSetup, make_setup
from hexwar.scenarios import KeyPath, ScenarioModel, format_path

DEFER_REFERENCES = "flankbattle-defer-references"
UNIT_TYPES = "scenario unit_types"  # the source named in problems of embedded unit types
EMBEDDED = "scenario database"  # ... and of embedded database rows

__all__ = ["Belligerent", "FlankbattleScenario", "setup_of"]


class Belligerent(ScenarioModel):
    military: str = Field(description="Name of the military (Military tab)")
    nation: str | None = Field(None, description="Nation; default: the military's first nation")
    national_leader: str | None = Field(None, description="Default: the nation's Leader")
    military_leader: str | None = Field(None, description="Default: the military's Leader")
    flanks: list[dict[str, Any]] | None = Field(
        None,
        description="This side's deployment, flank tables as in a flanks file (x, y, infantry, "
        "cavalry, artillery, ships, maneuver); default: three flanks, the military spread evenly",
    )


class FlankbattleScenario(ScenarioModel):
    ruleset: Literal["flankbattle"]
    title: str = Field(description="Name of the war")
    year: int = Field(ge=-3500, le=2020, description="War date; BC negative")
    motive: str = Field("Conquest", description="Conquest, Ideological, Economic, Hegemony, ...")
    attacker: Belligerent
    defender: Belligerent
    location: str
    map: str | None = Field(None, description="Generic map name; default: the location's terrain")
    map_rows: list[str] | None = Field(
        None, description="A custom map: 400 rows of 400 letters p w f c h"
    )
    database: dict[str, list[dict[str, Any]]] | None = Field(
        None, description="Embedded database rows by tab; default: the bundled example"
    )
    parameters: dict[str, Any] | None = Field(
        None, description="Embedded parameters.json; default: the bundled one"
    )
    unit_types: dict[str, Any] | None = Field(
        None, description="Embedded Soldier.json; default: the bundled one"
    )

    @classmethod
    def deferred_context(cls) -> dict[str, Any]:
        """The references into the database wait for :meth:`deferred_problems`, which
        locates each at its key."""
        return {DEFER_REFERENCES: True}

    def deferred_problems(self) -> list[tuple[KeyPath, str]]:
        if self.parameters is not None:
            found = parameter_problems(self.parameters)
            if found:
                return [(("parameters", *path), message) for path, message in found]
        if self.database is not None:
            try:
                params, units = json_files_of(self)
            except InvalidInputError:
                pass  # reported below
            else:
                found = embedded_problems(self.database, params, units)[1]
                if found:
                    return [(("database", *path), message) for path, message in found]
        try:
            setup_of(self)
        except InvalidInputError as e:
            prefix: KeyPath = ("unit_types",) if e.problems[0].file == UNIT_TYPES else ()
            return [
                ((*prefix, *p.path.split(".")) if p.path else prefix, p.message) for p in e.problems
            ]
        return []

    @model_validator(mode="after")
    def _references(self, info: ValidationInfo) -> FlankbattleScenario:
        if self.map_rows is not None:
            bad = [
                i for i, r in enumerate(self.map_rows) if len(r) != SIZE or set(r) - set("pwfch")
            ]
            if len(self.map_rows) != SIZE or bad:
                raise ValueError(
                    f"map_rows must be {SIZE} rows of {SIZE} letters from p w f c h"
                    + (f" (row {bad[0]} is not)" if bad else "")
                )
        if self.database is not None:
            unknown = set(self.database) - set(TABS)
            if unknown:
                raise ValueError(f"database has unknown tabs {sorted(unknown)}")
        if info.context and info.context.get(DEFER_REFERENCES):
            return self
        try:
            setup_of(self)
        except InvalidInputError as e:
            raise ValueError(
                "; ".join(f"{p.path}: {p.message}" if p.path else p.message for p in e.problems)
            ) from None
        return self


def json_files_of(scenario: FlankbattleScenario) -> tuple[Parameters, dict[str, UnitType]]:
    """The scenario's embedded parameter files, else the bundled ones."""
    params = (
        default_parameters()
        if scenario.parameters is None
        else parameters_from_data(scenario.parameters, "scenario parameters")
    )
    units = (
        default_units()
        if scenario.unit_types is None
        else units_from_data(scenario.unit_types, UNIT_TYPES, params)
    )
    return params, units


def database_of(scenario: FlankbattleScenario) -> Database:
    """The scenario's embedded database, checked as an import is, else the bundled example."""
    params, units = json_files_of(scenario)
    if scenario.database is None:
        return example_database(params, units)
    database, problems = embedded_problems(scenario.database, params, units)
    if database is None:
        raise DatabaseError(
            [Problem(m, EMBEDDED, None, format_path(("database", *p))) for p, m in problems]
        )
    return database


def setup_of(scenario: FlankbattleScenario) -> WarSetup:
    """The war set-up of ``scenario`` with its parameters and unit types."""
    params, units = json_files_of(scenario)
    db = database_of(scenario)
    a, d = scenario.attacker, scenario.defender
    grid = None if scenario.map_rows is None else grid_from_rows(scenario.map_rows)
    setup = make_setup(
        db,
        title=scenario.title,
        year=scenario.year,
        motive=scenario.motive,
        attacker=(a.military, a.nation, a.national_leader, a.military_leader),
        defender=(d.military, d.nation, d.national_leader, d.military_leader),
        location=scenario.location,
        map_name=scenario.map if scenario.map_rows is None else (scenario.map or "custom"),
        grid=grid,
        params=params,
        units=units,
    )
    setup.deployments = (_flanks(setup, 0, a.flanks), _flanks(setup, 1, d.flanks))
    return setup


def _flanks(
    setup: WarSetup, side: int, flanks: list[dict[str, Any]] | None
) -> list[FlankSpec] | None:
    """A belligerent's own flanks, checked as a submitted deployment is (seed 004, Terrain
    map: the flanks must hold the military)."""
    if flanks is None:
        return None
    key = ("attacker", "defender")[side]
    sv = setup.sides[side]
    try:
        specs = [FlankSpec.from_json(f, f"{key}.flanks[{i}]") for i, f in enumerate(flanks)]
        check_count(specs)
    except IllegalOrderError as e:
        raise InvalidInputError([Problem(str(e), path=f"{key}.flanks")]) from None
    specs = share_ships(specs, sv.ship_number)
    status = validity(
        specs, float(sv.military["size"]), setup.proportions(side), sv.ship_number, setup.crew(side)
    )
    if not status.good:
        raise InvalidInputError(
            [
                Problem(
                    f"the flanks are {status.text}: they must hold the military "
                    f"{sv.military['name']!r} within 10 soldiers and one ship",
                    path=f"{key}.flanks",
                )
            ]
        )
    return specs
