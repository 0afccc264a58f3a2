"""The moderator's files and memory (seed 004, Interface): the database, the Maps, Logs and
Runs folders, the recent runs' games for their plots, and the helpers the routes share."""

from __future__ import annotations

import json
import re
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from fastapi import HTTPException

from hexwar.core.errors import HexwarError
from hexwar.rulesets.flankbattle.database import Database, example_database
from hexwar.rulesets.flankbattle.flanks import (
    MANEUVER_SUMMARIES,
    MAX_FLANKS,
    STATUS_COLOURS,
    FlankSpec,
    Maneuver,
)
from hexwar.rulesets.flankbattle.game import FlankbattleGame
from hexwar.rulesets.flankbattle.params import default_parameters, default_units, load_units
from hexwar.rulesets.flankbattle.schema import TERRAINS, split_names
from hexwar.rulesets.flankbattle.terrain import FEATURES, LEGEND, SIZE, generic_map, read_map
from hexwar.rulesets.flankbattle.war import make_setup
from hexwar.rulesets.flankbattle.web.schemas import Belligerent, Flank

DEFAULT = "default"  # seed 004: every menu's extra entry
ROLES = ("infantry", "cavalry", "artillery")
MAX_PLOTTED = 20  # runs whose games are kept in memory for their plots
MAP_NAME = re.compile(r"[A-Za-z0-9 _().-]{1,80}")
_RUN_ID = re.compile(r"[A-Za-z0-9_-]{16}")


@dataclass(frozen=True)
class Run:
    """What a run leaves for Commit stability and the log download, kept in the Runs folder
    so that both still work after the server restarts."""

    stability: dict[str, float]
    log_name: str


class Moderator:
    """The database file, the Maps and Logs folders and the recent runs."""

    def __init__(self, db_path: Path, folder: Path) -> None:
        self.params = default_parameters()
        self.json_dir = folder / "JSON"
        self.soldier = self.json_dir / "Soldier.json"  # an imported Soldier.json, if any
        self.units = (
            load_units(self.soldier, self.params) if self.soldier.exists() else default_units()
        )
        self.db_path = db_path
        if not db_path.exists():
            example_database(self.params, self.units).save(db_path)
        self.maps_dir = folder / "Maps"
        self.logs_dir = folder / "Logs"
        self.runs_dir = folder / "Runs"
        self.maps_dir.mkdir(parents=True, exist_ok=True)
        self.games: OrderedDict[str, FlankbattleGame] = OrderedDict()  # run id -> its game
        self.drawn: dict[str, dict[str, str]] = {}  # run id -> its plots, name -> SVG
        self.plots_lock = threading.Lock()  # runs and plots are made on worker threads

    def keep_run(self, run: Run) -> str:
        """Write a run's record (its new stability and log file name); returns its id."""
        self.runs_dir.mkdir(parents=True, exist_ok=True)
        run_id = secrets.token_urlsafe(12)
        record = {"stability": run.stability, "log_name": run.log_name}
        path = self.runs_dir / f"{run_id}.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record), encoding="utf-8")
        tmp.replace(path)
        return run_id

    def run(self, run_id: str) -> Run | None:
        """A kept run by its id, or None (an unknown or malformed id)."""
        if not _RUN_ID.fullmatch(run_id):
            return None
        path = self.runs_dir / f"{run_id}.json"
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return Run({str(k): float(v) for k, v in record["stability"].items()}, record["log_name"])

    def plots(self, run_id: str) -> dict[str, str]:
        """Each flank's men and morale by the hour and the losses by type (the plots of
        ``hexwar run --plots``) as SVG, drawn when first asked; the moderator sees both
        sides."""
        with self.plots_lock:
            game = self.games.get(run_id)
            plots = self.drawn.get(run_id)
        if game is None:
            raise HTTPException(404, "no plots of this run here: run the war again")
        if plots is None:
            from hexwar.web.plots import figures_svg

            plots = figures_svg(game)
            with self.plots_lock:
                self.drawn[run_id] = plots
                for old in set(self.drawn) - set(self.games):
                    del self.drawn[old]
        return plots

    def database(self) -> Database:
        return Database.load(self.db_path)

    # -- menus ------------------------------------------------------------------------------

    def map_files(self) -> dict[str, Path]:
        return {
            p.stem: p
            for p in sorted(self.maps_dir.iterdir())
            if p.suffix.lower() == ".png" and MAP_NAME.fullmatch(p.stem)
        }

    def data(self) -> dict[str, Any]:
        db = self.database()
        militaries = []
        for m in db.tables["Military"]:
            nations = split_names(m.get("nation") or "")
            leaders = [m["leader"]] if m.get("leader") else []
            for n in db.tables["Nation"]:
                found = n.get("leader")
                if nations and n.get("name") == nations[0] and found and found not in leaders:
                    leaders.append(found)
            militaries.append(
                {
                    "name": m["name"],
                    "nations": nations,
                    "size": m.get("size"),
                    "leaders": leaders,
                    "units": {r: m.get(f"{r}_type") for r in ROLES},
                    "ship": m.get("transport"),
                }
            )
        return {
            "motives": self.params.values("Motive"),
            "nations": [
                {"name": n["name"], "stability": n.get("stability")} for n in db.tables["Nation"]
            ],
            "militaries": militaries,
            "locations": [
                {"name": r["name"], "terrain": r.get("terrain") or "Plain"}
                for r in db.tables["Location"]
            ],
            "maps": {"generic": list(TERRAINS), "files": list(self.map_files())},
            "maneuvers": [{"name": m.value, "summary": MANEUVER_SUMMARIES[m]} for m in Maneuver],
            "status_colours": STATUS_COLOURS,
            "max_flanks": MAX_FLANKS,
            "legend": [
                {"feature": f, "colour": "#{:02x}{:02x}{:02x}".format(*(int(c) for c in rgb))}
                for f, rgb in zip(FEATURES, LEGEND, strict=True)
            ],
            "results": {
                kind: [{"from": low, "text": text} for low, text in bands]
                for kind, bands in self.params.data["results"].items()
                if kind in ("stability", "occupation")
            },
        }

    # -- one side's military ----------------------------------------------------------------

    def side_facts(self, db: Database, military: str, nation: str | None) -> tuple[Any, ...]:
        """(size, proportions, ships, crew) of a military as the war would field it."""
        setup = make_setup(
            db,
            title="",
            year=1066,
            motive=self.params.values("Motive")[0],
            attacker=(military, nation, None, None),
            defender=(military, nation, None, None),
            location=DEFAULT,
            map_name="Plain",
            grid=blank_grid(),
            params=self.params,
            units=self.units,
        )
        sv = setup.sides[0]
        return float(sv.military["size"]), setup.proportions(0), sv.ship_number, setup.crew(0)

    def grid(self, name: str) -> Any:
        files = self.map_files()
        if name in files:
            return read_map(files[name])
        return generic_grid(name)


@lru_cache(maxsize=16)
def generic_grid(name: str) -> Any:
    return generic_map(name)


@lru_cache(maxsize=1)
def blank_grid() -> Any:
    return np.zeros((SIZE, SIZE), dtype=np.uint8)


def nation_arg(side: Belligerent) -> str | None:
    nation = side.nation
    return None if nation in (None, "", DEFAULT) else nation


def flank_specs(flanks: list[Flank], where: str) -> list[FlankSpec]:
    return [f.spec(f"{where}[{i}]") for i, f in enumerate(flanks)]


def side_problems(db: Database, side: Belligerent, key: str) -> list[str]:
    military = side.military or DEFAULT
    nation = nation_arg(side)
    if military == DEFAULT:
        return [
            f"{key}: the default military has no Size, a required field (seed 004, Online "
            "database): choose a military"
        ]
    if nation is not None:
        for m in db.tables["Military"]:
            if m.get("name") == military and nation not in split_names(m.get("nation") or ""):
                return [f"{key}: the military {military!r} does not belong to {nation!r}"]
    return []


def message(e: HexwarError) -> str:
    problems = getattr(e, "problems", None)
    if problems:
        return "; ".join(str(p) for p in problems)
    return str(e)


def war_year(value: float | None) -> int:
    return 10_000 if value is None else int(value)  # None: reported as out of range


def belligerent(side: Belligerent) -> tuple[str, str | None, None, None]:
    return (side.military or DEFAULT, nation_arg(side), None, None)
