"""One war from database rows to result: set-up, battle, occupation, stability, leaders.

:class:`WarSetup` gathers the rows of both belligerents and the location (defaults filled),
computes their intermediate variables and the terrain grid. :func:`fight` runs the battle and
what follows it and returns a :class:`WarReport`, from which the receipt and the log are made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hexwar.core.errors import InvalidInputError, Problem, ScenarioError
from hexwar.rulesets.flankbattle.aftermath import (
    LeaderFate,
    Occupation,
    StabilityChange,
    leader_fates,
    occupy,
    stability_changes,
)
from hexwar.rulesets.flankbattle.database import Database
from hexwar.rulesets.flankbattle.engine import (
    SIDE_NAMES,
    Battle,
    BattleEvent,
    BattleResult,
    grid_rows,
)
from hexwar.rulesets.flankbattle.flanks import FlankSpec, default_flanks
from hexwar.rulesets.flankbattle.params import Parameters, UnitType
from hexwar.rulesets.flankbattle.schema import TABS, Row, with_defaults
from hexwar.rulesets.flankbattle.terrain import Grid, generic_map
from hexwar.rulesets.flankbattle.variables import SideVariables, compute_side

__all__ = ["WarReport", "WarSetup", "fight", "make_setup"]


@dataclass
class WarSetup:
    title: str
    year: int
    motive: str
    location: Row
    map_name: str
    grid: Grid
    sides: tuple[SideVariables, SideVariables]
    params: Parameters
    units: dict[str, UnitType]
    _rows: list[bytes] | None = field(default=None, repr=False, compare=False)
    # A scenario's own deployment of each side (its historical one), else None: three flanks.
    deployments: tuple[list[FlankSpec] | None, list[FlankSpec] | None] = (None, None)

    @property
    def rows(self) -> list[bytes]:
        if self._rows is None:
            self._rows = grid_rows(self.grid)
        return self._rows

    def proportions(self, side: int) -> dict[str, float]:
        return {r: u.slot.proportion for r, u in self.sides[side].units.items() if r != "ship"}

    def default_deployment(self, side: int, n: int = 3) -> list[FlankSpec]:
        """The scenario's own flanks of ``side`` if it gives them, else ``n`` flanks with the
        military spread evenly (the Strategy tab's Reset)."""
        own = self.deployments[side]
        if own is not None:
            return list(own)
        sv = self.sides[side]
        return default_flanks(
            float(sv.military["size"]), self.proportions(side), sv.ship_number, side, n
        )

    def crew(self, side: int) -> float:
        sv = self.sides[side]
        return float(sv.military["size"]) * sv.units["ship"].slot.proportion


@dataclass
class WarReport:
    setup: WarSetup
    deployments: tuple[list[FlankSpec], list[FlankSpec]]
    result: BattleResult
    battle: Battle
    occupation: Occupation
    fates: list[LeaderFate]
    stability: list[StabilityChange]
    naval: bool
    capital_lost: dict[int, bool] = field(default_factory=dict)

    @property
    def winner(self) -> int:
        return self.result.winner


def make_setup(
    db: Database,
    *,
    title: str,
    year: int,
    motive: str,
    attacker: tuple[str, str | None, str | None, str | None],
    defender: tuple[str, str | None, str | None, str | None],
    location: str,
    map_name: str | None,
    grid: Grid | None,
    params: Parameters,
    units: dict[str, UnitType],
    where: str | None = None,
) -> WarSetup:
    """Rows from ``db`` for (military, nation or None, national leader, military leader) of each
    side; a nation left None is the first the military's Nation cell lists."""
    problems: list[Problem] = []
    if motive not in params.values("Motive"):
        problems.append(
            Problem(
                f"unknown motive {motive!r} (one of {', '.join(params.values('Motive'))})",
                where,
                path="motive",
            )
        )
    if not -3500 <= year <= 2020:
        problems.append(
            Problem(f"the war date {year} is outside -3500 to 2020", where, path="year")
        )
    loc_row = _row(db, "Location", location, problems, where, "location")
    built: list[SideVariables] = []
    for i, (military, nation, national_leader, military_leader) in enumerate((attacker, defender)):
        key = ("attacker", "defender")[i]
        m_row = _row(db, "Military", military, problems, where, f"{key}.military")
        if m_row is None or loc_row is None:
            continue
        if nation is None:
            try:
                n_row: Row | None = db.nation_of(m_row)
            except InvalidInputError as e:
                problems.extend(e.problems)
                continue
        else:
            n_row = _row(db, "Nation", nation, problems, where, f"{key}.nation")
        if n_row is None:
            continue
        nl_name = national_leader if national_leader is not None else n_row.get("leader")
        ml_name = military_leader if military_leader is not None else m_row.get("leader")
        nl = (
            _row(db, "Leader", nl_name, problems, where, f"{key}.national_leader")
            if nl_name
            else None
        )
        ml = (
            _row(db, "Leader", ml_name, problems, where, f"{key}.military_leader")
            if ml_name
            else None
        )
        if problems:
            continue
        built.append(
            compute_side(
                key,
                nation=with_defaults(TABS["Nation"], n_row, params),
                military=with_defaults(TABS["Military"], m_row, params),
                national_leader=None if nl is None else with_defaults(TABS["Leader"], nl, params),
                military_leader=None if ml is None else with_defaults(TABS["Leader"], ml, params),
                location=with_defaults(TABS["Location"], loc_row, params),
                year=year,
                motive=motive,
                defender=i == 1,
                units=units,
                params=params,
            )
        )
    if problems:
        raise ScenarioError(problems)
    assert loc_row is not None
    loc = with_defaults(TABS["Location"], loc_row, params)
    name = map_name or str(loc["terrain"])
    if grid is None:
        try:
            grid = generic_map(name)
        except ScenarioError as e:
            raise ScenarioError(
                [Problem(p.message, where, path="map") for p in e.problems]
            ) from None
    return WarSetup(title, year, motive, loc, name, grid, (built[0], built[1]), params, units)


def _row(
    db: Database, tab: str, name: str | None, problems: list[Problem], where: str | None, path: str
) -> Row | None:
    if name is None:
        return None
    if name == "default" and tab in ("Location",):
        return {"name": "default"}  # seed 004: the "default" entry of every menu
    for row in db.tables[tab]:
        if row.get("name") == name:
            return row
    known = ", ".join(db.names(tab)) or "none"
    problems.append(Problem(f"no {tab} entry named {name!r} (known: {known})", where, path=path))
    return None


def fight(
    setup: WarSetup,
    deployments: tuple[list[FlankSpec], list[FlankSpec]],
    rng: np.random.Generator,
    on_event: Callable[[BattleEvent], None] | None = None,
    on_occupation: Callable[[int, str], None] | None = None,
) -> WarReport:
    """The battle, then leaders, occupation and stability (seed 004, Introduction: the order
    of operation)."""
    battle = Battle(
        setup.sides,
        deployments,
        location=setup.location,
        grid=setup.grid,
        params=setup.params,
        rng=rng,
        on_event=on_event,
        rows=setup.rows,
    )
    result = battle.run()
    fates = leader_fates(battle, setup.year, rng)
    for fate in fates:
        battle.emit(
            "leader",
            f"{fate.name} ({SIDE_NAMES[fate.side].lower()}) "
            + ("survives the battle" if fate.survived else "is killed in the battle"),
            probability=round(fate.probability, 4),
            roll=round(fate.roll, 4),
        )
    occupation = occupy(battle, result.winner, rng, on_occupation)
    loser = 1 - result.winner
    capital = setup.sides[loser].nation.get("capital")
    capital_lost = {loser: capital is not None and capital == setup.location.get("name")}
    stability = stability_changes(battle, result.winner, occupation, fates, capital_lost, rng)
    # The battle's events are all told; its listener (often a closure over the caller's log)
    # is not part of the war, and left on the report it would keep the game from pickling.
    battle.on_event = None
    naval = (
        any(s.sunk > 0 for s in battle.sides)
        or any(battle.grid[min(399, int(f.y)), min(399, int(f.x))] == 1 for f in battle.flanks)
        or setup.location["climate"] == "Ocean"
    )
    return WarReport(
        setup, deployments, result, battle, occupation, fates, stability, naval, capital_lost
    )


def report_json(report: WarReport) -> dict[str, Any]:
    """The receipt's facts as JSON (also the game's final view)."""
    s = report.setup
    out: dict[str, Any] = {
        "war": s.title,
        "year": s.year,
        "motive": s.motive,
        "location": s.location.get("name"),
        "map": s.map_name,
        "winner": SIDE_NAMES[report.winner].lower(),
        "reason": report.result.reason,
        "hours": report.result.hours,
        "occupation": {
            "base": report.occupation.base,
            "score": report.occupation.score,
            "result": report.occupation.result,
            "text": report.occupation.text,
            "rounds": report.occupation.rounds,
        },
        "belligerents": [],
    }
    for side in (0, 1):
        sv = s.sides[side]
        st = report.battle.sides[side]
        ch = report.stability[side]
        fate = next((f for f in report.fates if f.side == side), None)
        out["belligerents"].append(
            {
                "side": SIDE_NAMES[side].lower(),
                "nation": sv.nation["name"],
                "military": sv.military["name"],
                "stability_before": round(ch.before, 2),
                "stability_after": round(ch.after, 2),
                "stability_result": ch.text,
                "stability_notes": list(ch.notes),
                "starting_size": round(st.start_size),
                "final_size": round(report.battle.final_size(side)),
                "killed": round(st.killed),
                "died": round(st.died),
                "captured": round(st.captured),
                "ships_sunk": st.sunk,
                "leader": None if fate is None else {"name": fate.name, "survived": fate.survived},
                "flanks": [f.to_json() for f in report.battle.flanks if f.side == side],
            }
        )
    return out


def new_stability(report: WarReport) -> dict[str, float]:
    """Each belligerent nation's Stability after the war, rounded to 2 places: what the
    Commit stability button and ``resolve --update-database`` write to the Nation tab."""
    return {
        str(report.setup.sides[c.side].nation["name"]): round(c.after, 2) for c in report.stability
    }
