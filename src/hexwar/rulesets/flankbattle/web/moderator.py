"""The flank battle's moderator page (seed 004, Interface): header, Tactics, Strategy, Output.

A client of the flankbattle package: the page keeps the war being prepared (selections and
flanks) and asks these routes for everything the rules decide -- the even split, each side's
status message, the errors, the war itself, the new stability written to the Nation tab:

- ``GET /moderator``: the page.
- ``GET /api/moderator/data``: the database's menus, the maps, maneuvers, legend and result
  bands.
- ``POST /api/moderator/split``: ``{"military", "nation", "positions"}`` -> the military spread
  evenly over flanks at those positions (ships rounded).
- ``POST /api/moderator/check``: the war -> ``{"errors", "status"}`` (each side's Good (X/Y) or
  Invalid ... with its colour).
- ``POST /api/moderator/run``: the war -> receipt, log, the flanks after the battle, each
  flank's place, men, morale and status hour by hour, and the run's id;
  ``POST /api/moderator/commit`` ``{"run"}`` writes its new stability (one transaction);
  ``GET /api/moderator/runs/{run}/log.txt``. A run's record (its new stability, its log's
  name) is a small file in the Runs folder, so both work after a restart.
- ``GET /api/moderator/maps/{name}.png``; ``POST /api/moderator/maps`` (an image upload, kept in
  the Maps folder).

The database is a SQLite file made by ``hexwar flankbattle import`` (``hexwar serve --option
flank-db=FILE``); by default the bundled example database, written into the server's home on
first use. With a server password every API route asks for it (``X-Hexwar-Password``), as game
creation does.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import re
import secrets
import tempfile
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import quote

import numpy as np
from fastapi import APIRouter, Depends, File, Form, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hexwar.core import registry
from hexwar.core.errors import HexwarError, InvalidInputError, ScenarioError
from hexwar.rulesets.flankbattle.database import Database, example_database, import_csv_dir
from hexwar.rulesets.flankbattle.engine import ROUTED
from hexwar.rulesets.flankbattle.flanks import (
    MANEUVER_SUMMARIES,
    MAX_FLANKS,
    STATUS_COLOURS,
    FlankSpec,
    Maneuver,
    can_add_flank,
    check_count,
    default_positions,
    even_split,
    validity,
)
from hexwar.rulesets.flankbattle.game import FlankbattleGame
from hexwar.rulesets.flankbattle.orders import Deployment
from hexwar.rulesets.flankbattle.params import default_parameters, default_units, load_units
from hexwar.rulesets.flankbattle.receipt import AutoalgoLog, render_receipt
from hexwar.rulesets.flankbattle.scenario import FlankbattleScenario
from hexwar.rulesets.flankbattle.schema import TERRAINS, split_names
from hexwar.rulesets.flankbattle.terrain import (
    FEATURES,
    LEGEND,
    SIZE,
    classify,
    decode_image,
    encode_png,
    generic_map,
    grid_to_png,
    grid_to_rows,
    read_map,
)
from hexwar.rulesets.flankbattle.war import make_setup, new_stability
from hexwar.web.api_schema import body_schema, error_responses
from hexwar.web.extensions import WebContext
from hexwar.web.guard import json_body

__all__ = ["DB_OPTION", "moderator_router"]

DB_OPTION = "flank-db"  # hexwar serve --option flank-db=FILE (or --flank-db FILE)

DEFAULT = "default"  # seed 004: every menu's extra entry
ROLES = ("infantry", "cavalry", "artillery")
MAX_MAP_UPLOAD = 5_000_000  # bytes
MAX_PLOTTED = 20  # runs whose games are kept in memory for their plots
_MAP_NAME = re.compile(r"[A-Za-z0-9 _().-]{1,80}")
_RUN_ID = re.compile(r"[A-Za-z0-9_-]{16}")
MAX_SOLDIERS = 10**9  # of one role in one flank: far beyond any army, within every sum
MAX_SEED = 2**63 - 1  # seeds are 64-bit signed integers where they are stored


# -- the requests: their shape and bounds (FastAPI answers 422 naming the field); the rules
# (flanks.py, war.py) still judge the values and word the errors the page shows ----------------

# The bundled example database's Hastings (seed 004's own example): the schema's examples.
_NORMANS = {"nation": "Normandy", "military": "Norman Host"}
_ENGLISH = {"nation": "England", "military": "Housecarls and Fyrd"}
_HASTINGS: dict[str, Any] = {
    "title": "Battle of Hastings",
    "year": 1066,
    "motive": "Conquest",
    "attacker": _NORMANS,
    "defender": _ENGLISH,
    "location": "Hastings",
    "map": "Hill",
    "seed": 1,
    "flanks": [
        [
            {"x": 50.0, "y": y, "infantry": 1333, "cavalry": 667, "artillery": 667, "ships": 45}
            for y in (100.0, 200.0, 300.0)
        ],
        [
            {"x": 350.0, "y": y, "infantry": 700, "cavalry": 0, "artillery": 1633, "ships": 47}
            for y in (100.0, 200.0, 300.0)
        ],
    ],
}

Name = Annotated[str, Field(max_length=200)]
Coordinate = Annotated[float, Field(ge=0, lt=SIZE, allow_inf_nan=False)]  # map pixels
Soldiers = Annotated[int, Field(ge=0, le=MAX_SOLDIERS)]


class Belligerent(BaseModel):
    """One side of the header: a nation and a military (left out or "default": none chosen)."""

    model_config = ConfigDict(strict=True)  # JSON as sent: no "1" for 1

    nation: Name | None = None
    military: Name | None = None


class Flank(BaseModel):
    """One flank as the Strategy tab sends it (:class:`FlankSpec`'s JSON; ``status`` is
    what the page shows and is ignored)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    x: Coordinate
    y: Coordinate
    infantry: Soldiers = 0
    cavalry: Soldiers = 0
    artillery: Soldiers = 0
    ships: Soldiers | None = Field(None, description="left out: the flank's share of the ships")
    maneuver: Annotated[str, Field(max_length=40)] = "Normal"
    status: Annotated[str, Field(max_length=40)] | None = None

    def spec(self, where: str) -> FlankSpec:
        return FlankSpec.from_json(self.model_dump(exclude={"status"}, exclude_none=True), where)


class SplitRequest(Belligerent):
    """``POST /api/moderator/split``: a side's military over flanks at ``positions`` (left out:
    Reset, three flanks)."""

    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [
                {"side": "attacker", **_NORMANS, "positions": [[10.0, 20.0], [30.0, 40.0]]},
                {"side": "defender", **_ENGLISH},
            ]
        },
    )

    side: Literal["attacker", "defender"] = "attacker"
    positions: (
        Annotated[
            list[Annotated[list[Coordinate], Field(min_length=2, max_length=2)]],
            Field(max_length=MAX_FLANKS, description="each flank's [x, y]"),
        ]
        | None
    ) = None


class War(BaseModel):
    """The war being prepared (``POST /api/moderator/check`` and ``run``): the header and each
    side's flanks (attacker's, then defender's)."""

    model_config = ConfigDict(strict=True, json_schema_extra={"examples": [_HASTINGS]})

    title: Annotated[str, Field(max_length=1000)] | None = None
    year: int | Annotated[float, Field(allow_inf_nan=False)] | None = Field(
        None, description="-3500 to 2020 (the rules say so in the errors)"
    )
    motive: Name | None = None
    attacker: Belligerent | None = None
    defender: Belligerent | None = None
    location: Name | None = None
    map: Name | None = None
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] = 1
    flanks: (
        Annotated[list[Annotated[list[Flank], Field(max_length=MAX_FLANKS)]], Field(max_length=2)]
        | None
    ) = None

    def side(self, i: int) -> Belligerent:
        return (self.attacker if i == 0 else self.defender) or Belligerent()

    def side_flanks(self, i: int) -> list[Flank]:
        flanks = self.flanks or []
        return flanks[i] if i < len(flanks) else []


class CommitRequest(BaseModel):
    """``POST /api/moderator/commit``: the run whose new stability is written."""

    model_config = ConfigDict(strict=True)  # JSON as sent: no "1" for 1

    run: Annotated[str, Field(max_length=64)]


# -- the answers, as the schema declares them -------------------------------------------------


class FlankAnswer(BaseModel):
    x: float
    y: float
    infantry: int
    cavalry: int
    artillery: int
    ships: int | None = None
    maneuver: str
    status: str


class SplitAnswer(BaseModel):
    flanks: list[FlankAnswer]


class SideStatus(BaseModel):
    text: str
    colour: str
    good: bool
    can_add: bool


class CheckAnswer(BaseModel):
    errors: list[str]
    status: list[SideStatus]


class FlankAfter(BaseModel):
    x: float
    y: float
    infantry: float
    cavalry: float
    artillery: float
    ships: float
    maneuver: str
    status: str
    size: float
    morale: float
    routed: bool


class Hour(BaseModel):
    hour: int
    flanks: list[list[tuple[float, float, int, int, str]]] = Field(
        description="each side's flanks: x, y, men, morale, status"
    )


class StabilityChange(BaseModel):
    nation: str
    before: float
    after: float
    result: str
    notes: list[str]


class Occupation(BaseModel):
    score: float
    value: float
    result: str


class RunAnswer(BaseModel):
    run: str
    hours: list[Hour]
    receipt: str
    log: str
    log_name: str
    flanks: list[list[FlankAfter]]
    stability: list[StabilityChange]
    occupation: Occupation


class CommitAnswer(BaseModel):
    written: dict[str, float]


class ImportAnswer(BaseModel):
    imported: dict[str, int]


class MapAnswer(BaseModel):
    map: str


class PlotLink(BaseModel):
    name: str
    url: str


class PlotList(BaseModel):
    plots: list[PlotLink]


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

    def database(self) -> Database:
        return Database.load(self.db_path)

    # -- menus ------------------------------------------------------------------------------

    def map_files(self) -> dict[str, Path]:
        return {
            p.stem: p
            for p in sorted(self.maps_dir.iterdir())
            if p.suffix.lower() == ".png" and _MAP_NAME.fullmatch(p.stem)
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
            grid=_blank(),
            params=self.params,
            units=self.units,
        )
        sv = setup.sides[0]
        return float(sv.military["size"]), setup.proportions(0), sv.ship_number, setup.crew(0)

    def grid(self, name: str) -> Any:
        files = self.map_files()
        if name in files:
            return read_map(files[name])
        return _generic(name)


@lru_cache(maxsize=16)
def _generic(name: str) -> Any:
    return generic_map(name)


@lru_cache(maxsize=1)
def _blank() -> Any:
    return np.zeros((SIZE, SIZE), dtype=np.uint8)


def _nation_arg(side: Belligerent) -> str | None:
    nation = side.nation
    return None if nation in (None, "", DEFAULT) else nation


def _flank_specs(flanks: list[Flank], where: str) -> list[FlankSpec]:
    return [f.spec(f"{where}[{i}]") for i, f in enumerate(flanks)]


def _side_problems(db: Database, side: Belligerent, key: str) -> list[str]:
    military = side.military or DEFAULT
    nation = _nation_arg(side)
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


def moderator_router(context: WebContext) -> APIRouter:
    """The moderator page's routes over the SQLite database the server's option ``flank-db``
    names (default: ``flankbattle.sqlite3`` in the server's home, the bundled example database
    written there on first use); the Maps and Logs folders are made in the ruleset's folder."""
    db_path = context.options.get(DB_OPTION) or context.server_home / "flankbattle.sqlite3"
    mod = Moderator(Path(db_path), context.home)
    templates = context.templates
    password = context.password
    router = APIRouter()
    games: OrderedDict[str, FlankbattleGame] = OrderedDict()  # run id -> its game (plots)
    drawn: dict[str, dict[str, str]] = {}  # run id -> its plots, name -> SVG
    plots_lock = threading.Lock()  # runs and plots are made on worker threads

    def guard(request: Request, given: str | None = None) -> None:
        if password is None:
            return
        given = given or request.headers.get("x-hexwar-password")
        if given is None or not hmac.compare_digest(given.encode(), password.encode()):
            raise HTTPException(401, "this server asks for its password (X-Hexwar-Password)")

    def require_password(request: Request) -> None:
        """A dependency: the password is asked before the body is read or validated."""
        guard(request)

    guarded = [Depends(require_password)]

    @router.get("/moderator", response_class=HTMLResponse)
    async def page(request: Request) -> Response:
        return templates.TemplateResponse(
            request, context.template("moderator.html"), {"password": password is not None}
        )

    @router.get("/api/moderator/data", dependencies=guarded, responses=error_responses(401))
    def data() -> dict[str, Any]:
        try:
            return mod.data()
        except InvalidInputError as e:
            raise HTTPException(500, "; ".join(str(p) for p in e.problems)) from None

    @router.post(
        "/api/moderator/split",
        dependencies=guarded,
        response_model=None,
        openapi_extra=body_schema(SplitRequest),
        responses={200: {"model": SplitAnswer}, **error_responses(401, 403, 413, 415, 422)},
    )
    async def split(request: Request) -> dict[str, Any]:
        body = await json_body(request, SplitRequest)
        side = 1 if body.side == "defender" else 0
        if body.positions is None:  # Reset: three flanks a side
            pos = default_positions(3, side)
        else:
            pos = [(float(x), float(y)) for x, y in body.positions]
        db = mod.database()
        problems = _side_problems(db, body, "military")
        if problems:
            raise HTTPException(422, problems[0])
        try:
            size, proportions, ships, _ = mod.side_facts(
                db, body.military or DEFAULT, _nation_arg(body)
            )
        except HexwarError as e:
            raise HTTPException(422, _message(e)) from None
        flanks = even_split(size, proportions, ships, pos)
        return {"flanks": [{**f.to_json(), "status": "Idle"} for f in flanks]}

    def check_war(war: War) -> dict[str, Any]:
        db = mod.database()
        errors: list[str] = []
        status: list[dict[str, Any]] = []
        for i, key in enumerate(("attacker", "defender")):
            side = war.side(i)
            problems = _side_problems(db, side, key)
            errors.extend(problems)
            entry: dict[str, Any] = {
                "text": "",
                "colour": "black",
                "good": False,
                "can_add": can_add_flank(len(war.side_flanks(i))),
            }
            status.append(entry)
            if problems:
                continue
            try:
                specs = _flank_specs(war.side_flanks(i), f"{key} flanks")
                check_count(specs)
                size, proportions, ships, crew = mod.side_facts(
                    db, str(side.military), _nation_arg(side)
                )
            except HexwarError as e:
                errors.append(_message(e))
                continue
            v = validity(specs, size, proportions, ships, crew)
            entry.update(text=v.text, colour=v.colour, good=v.good)
            if not v.good:
                errors.append(f"{key}: {v.text}")
        if not errors:
            try:
                make_setup(
                    db,
                    title=war.title or "",
                    year=_year(war.year),
                    motive=war.motive or "",
                    attacker=_belligerent(war.side(0)),
                    defender=_belligerent(war.side(1)),
                    location=war.location or DEFAULT,
                    map_name=war.map or None,
                    grid=_blank(),
                    params=mod.params,
                    units=mod.units,
                )
            except HexwarError as e:
                errors.append(_message(e))
        else:  # the header's own errors, shown with the others
            if not -3500 <= _year(war.year) <= 2020:
                errors.append(f"year: the war date {war.year!r} is not -3500 to 2020")
            motives = mod.params.values("Motive")
            if war.motive not in motives:
                errors.append(
                    f"motive: unknown motive {war.motive!r} (one of {', '.join(motives)})"
                )
        return {"errors": errors, "status": status}

    @router.post(
        "/api/moderator/check",
        dependencies=guarded,
        response_model=None,
        openapi_extra=body_schema(War),
        responses={200: {"model": CheckAnswer}, **error_responses(401, 403, 413, 415, 422)},
    )
    async def check(request: Request) -> dict[str, Any]:
        return check_war(await json_body(request, War))

    @router.post(
        "/api/moderator/run",
        dependencies=guarded,
        response_model=None,
        openapi_extra=body_schema(War),
        responses={200: {"model": RunAnswer}, **error_responses(401, 403, 413, 415, 422)},
    )
    async def run(request: Request) -> dict[str, Any]:
        war = await json_body(request, War)
        # the war takes a moment: off the event loop, so other requests are answered meanwhile
        return await asyncio.to_thread(run_war, war)

    def run_war(war: War) -> dict[str, Any]:
        checked = check_war(war)
        if checked["errors"]:
            raise HTTPException(422, "; ".join(checked["errors"]))
        map_name = war.map or None
        scenario: dict[str, Any] = {
            "ruleset": "flankbattle",
            "title": war.title or "Untitled war",
            "year": _year(war.year),
            "motive": war.motive,
            "location": war.location or DEFAULT,
            "database": mod.database().to_json(),
        }
        if mod.soldier.exists():
            scenario["unit_types"] = json.loads(mod.soldier.read_text(encoding="utf-8"))
        for i, key in enumerate(("attacker", "defender")):
            side = war.side(i)
            scenario[key] = {"military": side.military}
            if _nation_arg(side) is not None:
                scenario[key]["nation"] = side.nation
        if map_name is not None:
            scenario["map"] = map_name
            if map_name in mod.map_files():
                scenario["map_rows"] = grid_to_rows(mod.grid(map_name))
        try:
            model = FlankbattleScenario.model_validate(scenario)
        except ValidationError as e:
            raise HTTPException(422, str(e)) from None
        game = registry.get("flankbattle").new_game(
            model, seed=war.seed, scenario_id="flankbattle/moderator"
        )
        assert isinstance(game, FlankbattleGame)
        with AutoalgoLog(mod.logs_dir) as log:
            log.inputs(game.setup, war.seed)
            game.on_event = log.event
            game.on_occupation = log.occupation
            for i, side_name in enumerate(("attacker", "defender")):
                specs = _flank_specs(war.side_flanks(i), f"{side_name} flanks")
                log.line(f"{side_name} flanks: {checked['status'][i]['text']}")
                game.submit(side_name, Deployment.parse({"flanks": [f.to_json() for f in specs]}))
            report = game.war_report
            assert report is not None
            receipt = render_receipt(report, "wiki")
            log.ending(receipt)
        text = log.path.read_text(encoding="utf-8")
        run_id = mod.keep_run(Run(new_stability(report), log.path.name))
        with plots_lock:  # the plots need the game: the last few, in memory
            games[run_id] = game
            while len(games) > MAX_PLOTTED:
                games.popitem(last=False)
        after: list[list[dict[str, Any]]] = [[], []]
        for f in report.battle.flanks:
            js = f.to_json()
            after[f.side].append(
                {
                    "x": min(js["x"], SIZE - 1),
                    "y": min(js["y"], SIZE - 1),
                    **{r: js["units"].get(r, 0) for r in ROLES},
                    "ships": js["ships"],
                    "maneuver": js["maneuver"],
                    "status": js["status"],
                    "size": js["size"],
                    "morale": js["morale"],
                    "routed": js["status"] == ROUTED or f.routed,
                }
            )
        sides = [f.side for f in report.battle.flanks]
        hours = [
            {
                "hour": h.hour,
                "flanks": [
                    [
                        [
                            min(round(x, 1), SIZE - 1),
                            min(round(y, 1), SIZE - 1),
                            round(men),
                            round(morale),
                            status,
                        ]
                        for side, (x, y), men, morale, status in zip(
                            sides, h.places, h.men, h.morale, h.status, strict=True
                        )
                        if side == s
                    ]
                    for s in (0, 1)
                ],
            }
            for h in report.battle.hourly
        ]
        return {
            "run": run_id,
            "hours": hours,
            "receipt": receipt,
            "log": text,
            "log_name": log.path.name,
            "flanks": after,
            "stability": [
                {
                    "nation": report.setup.sides[c.side].nation["name"],
                    "before": round(c.before, 2),
                    "after": round(c.after, 2),
                    "result": c.text,
                    "notes": list(c.notes),
                }
                for c in report.stability
            ],
            "occupation": {
                "score": round(report.occupation.score, 2),
                "value": round(report.occupation.result, 2),
                "result": report.occupation.text,
            },
        }

    @router.post(
        "/api/moderator/import",
        dependencies=guarded,
        response_model=None,
        responses={200: {"model": ImportAnswer}, **error_responses(400, 401, 403, 413, 422)},
    )
    async def import_database(files: Annotated[list[UploadFile], File()]) -> dict[str, Any]:
        """The four tabs as CSV files (Nation.csv, Military.csv, Location.csv, Leader.csv) and
        optionally Soldier.json: checked like ``hexwar flankbattle import``, every problem at
        its file, row and column; nothing is written unless all is valid."""
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            names: list[str] = []
            for upload in files:
                name = Path(upload.filename or "").name
                if not name or not re.fullmatch(r"[A-Za-z0-9 _.-]{1,80}", name):
                    raise HTTPException(422, f"file name {upload.filename!r}: not a tab's file")
                raw = await upload.read(MAX_MAP_UPLOAD + 1)
                if len(raw) > MAX_MAP_UPLOAD:
                    raise HTTPException(413, f"{name}: at most {MAX_MAP_UPLOAD} bytes")
                (folder / name).write_bytes(raw)
                names.append(name)
            prefix = f"{folder}/"
            soldier = next((folder / n for n in names if n.casefold() == "soldier.json"), None)
            try:
                units = load_units(soldier, mod.params) if soldier else mod.units
                database = import_csv_dir(folder, mod.db_path, mod.params, units)
            except (InvalidInputError, ScenarioError) as e:
                problems = [
                    str(p).replace(prefix, "").replace(str(folder), "upload") for p in e.problems
                ]
                raise HTTPException(422, {"problems": problems}) from None
            if soldier is not None:
                mod.json_dir.mkdir(parents=True, exist_ok=True)
                mod.soldier.write_bytes(soldier.read_bytes())
                mod.units = units
        return {"imported": {tab: len(rows) for tab, rows in database.tables.items()}}

    @router.post(
        "/api/moderator/commit",
        dependencies=guarded,
        response_model=None,
        openapi_extra=body_schema(CommitRequest),
        responses={
            200: {"model": CommitAnswer},
            **error_responses(401, 403, 404, 413, 415, 422),
        },
    )
    async def commit(request: Request) -> dict[str, Any]:
        body = await json_body(request, CommitRequest)
        entry = mod.run(body.run)
        if entry is None:
            raise HTTPException(404, "no such run: run the war first")
        try:
            Database.write_stability(mod.db_path, entry.stability)
        except InvalidInputError as e:
            raise HTTPException(422, "; ".join(str(p) for p in e.problems)) from None
        return {"written": entry.stability}

    @router.get(
        "/api/moderator/runs/{run_id}/log.txt",
        response_class=Response,  # (the declared types below: errors are JSON)
        responses={
            200: {"content": {"text/plain": {}}, "description": "the run's Autoalgo log"},
            **error_responses(401, 404, 422),
        },
    )
    def run_log(request: Request, run_id: str, password: str | None = None) -> Response:
        guard(request, password)
        entry = mod.run(run_id)
        log_path = None if entry is None else mod.logs_dir / Path(entry.log_name).name
        if log_path is None or not log_path.is_file():
            raise HTTPException(404, "no such run")
        return PlainTextResponse(
            log_path.read_text(encoding="utf-8"),
            headers={"Content-Disposition": f'attachment; filename="{log_path.name}"'},
        )

    def run_plots(run_id: str) -> dict[str, str]:
        """Each flank's men and morale by the hour and the losses by type (the plots of
        ``hexwar run --plots``) as SVG, drawn when first asked; the moderator sees both
        sides."""
        with plots_lock:
            game = games.get(run_id)
            plots = drawn.get(run_id)
        if game is None:
            raise HTTPException(404, "no plots of this run here: run the war again")
        if plots is None:
            from hexwar.web.plots import figures_svg

            plots = figures_svg(game)
            with plots_lock:
                drawn[run_id] = plots
                for old in set(drawn) - set(games):
                    del drawn[old]
        return plots

    @router.get(
        "/api/moderator/runs/{run_id}/plots",
        response_model=None,
        responses={200: {"model": PlotList}, **error_responses(401, 404, 422)},
    )
    async def run_plot_list(
        request: Request, run_id: str, password: str | None = None
    ) -> dict[str, Any]:
        guard(request, password)
        plots = await asyncio.to_thread(run_plots, run_id)
        query = f"?password={quote(password)}" if password else ""
        return {
            "plots": [
                {"name": n, "url": f"/api/moderator/runs/{run_id}/plots/{n}.svg{query}"}
                for n in plots
            ]
        }

    @router.get(
        "/api/moderator/runs/{run_id}/plots/{name}.svg",
        response_class=Response,
        responses={
            200: {"content": {"image/svg+xml": {}}, "description": "one plot"},
            **error_responses(401, 404, 422),
        },
    )
    async def run_plot(
        request: Request, run_id: str, name: str, password: str | None = None
    ) -> Response:
        guard(request, password)
        plots = await asyncio.to_thread(run_plots, run_id)
        if name not in plots:
            raise HTTPException(404, f"no plot {name!r} ({', '.join(plots)})")
        return Response(plots[name], media_type="image/svg+xml")

    @router.get(
        "/api/moderator/maps/{name}.png",
        response_class=Response,
        responses={
            200: {"content": {"image/png": {}}, "description": "the map in the legend's colours"},
            **error_responses(404, 422),
        },
    )
    def map_png(name: str) -> Response:
        files = mod.map_files()
        if name in files:
            data = grid_to_png(read_map(files[name]))
        elif name in TERRAINS:
            data = grid_to_png(_generic(name))
        else:
            raise HTTPException(404, f"no map {name!r}")
        return Response(data, media_type="image/png", headers={"Cache-Control": "no-cache"})

    @router.post(
        "/api/moderator/maps",
        dependencies=guarded,
        response_model=None,
        responses={200: {"model": MapAnswer}, **error_responses(400, 401, 403, 413, 422)},
    )
    async def upload_map(
        file: Annotated[UploadFile, File()],
        name: Annotated[str, Form(max_length=200)] = "",
    ) -> dict[str, Any]:
        stem = name.strip() or Path(file.filename or "map").stem
        if not _MAP_NAME.fullmatch(stem) or stem in TERRAINS:
            raise HTTPException(
                422,
                f"map name {stem!r}: letters, digits, spaces and ._()- (not a generic map's)",
            )
        raw = await file.read(MAX_MAP_UPLOAD + 1)
        if len(raw) > MAX_MAP_UPLOAD:
            raise HTTPException(413, f"a map image is at most {MAX_MAP_UPLOAD} bytes")
        try:
            rgb = decode_image(raw, file.filename or stem)
        except ScenarioError as e:
            raise HTTPException(422, _message(e)) from None
        classify(rgb)  # any picture reads as a map (nearest legend colour)
        (mod.maps_dir / f"{stem}.png").write_bytes(encode_png(rgb))
        return {"map": stem}

    return router


def _message(e: HexwarError) -> str:
    problems = getattr(e, "problems", None)
    if problems:
        return "; ".join(str(p) for p in problems)
    return str(e)


def _year(value: float | None) -> int:
    return 10_000 if value is None else int(value)  # None: reported as out of range


def _belligerent(side: Belligerent) -> tuple[str, str | None, None, None]:
    return (side.military or DEFAULT, _nation_arg(side), None, None)
