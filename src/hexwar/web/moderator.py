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

The database is a SQLite file made by ``hexwar flankbattle import`` (``hexwar serve
--flank-db``); by default the bundled example database, written into the server's home on first
use. With a server password every API route asks for it (``X-Hexwar-Password``), as game
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
from typing import Annotated, Any
from urllib.parse import quote

import numpy as np
from fastapi import APIRouter, File, Form, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import ValidationError

from hexwar.core import registry
from hexwar.core.errors import HexwarError, IllegalOrderError, InvalidInputError, ScenarioError
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
from hexwar.rulesets.flankbattle.game import Deployment, FlankbattleGame
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

__all__ = ["moderator_router"]

DEFAULT = "default"  # seed 004: every menu's extra entry
ROLES = ("infantry", "cavalry", "artillery")
MAX_MAP_UPLOAD = 5_000_000  # bytes
MAX_PLOTTED = 20  # runs whose games are kept in memory for their plots
_MAP_NAME = re.compile(r"[A-Za-z0-9 _().-]{1,80}")
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


def _nation_arg(side: dict[str, Any]) -> str | None:
    nation = side.get("nation")
    return None if nation in (None, "", DEFAULT) else str(nation)


def _flank_specs(flanks: Any, where: str) -> list[FlankSpec]:
    if not isinstance(flanks, list):
        raise IllegalOrderError(f"{where}: a list of flanks", rule="flanks")
    out = []
    for i, f in enumerate(flanks):
        if not isinstance(f, dict):
            raise IllegalOrderError(f"{where}[{i}]: a flank is a table of fields", rule="flanks")
        fields = {k: v for k, v in f.items() if k != "status"}
        out.append(FlankSpec.from_json(fields, f"{where}[{i}]"))
    return out


def _side_problems(db: Database, side: dict[str, Any], key: str) -> list[str]:
    military = side.get("military") or DEFAULT
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


def moderator_router(
    db_path: Path, folder: Path, templates: Jinja2Templates, password: str | None
) -> APIRouter:
    """The moderator page's routes over the SQLite database at ``db_path``; the Maps and Logs
    folders are made in ``folder``."""
    mod = Moderator(db_path, folder)
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

    async def body(request: Request) -> dict[str, Any]:
        try:
            data = await request.json()
        except ValueError:
            raise HTTPException(400, "the body is not JSON") from None
        if not isinstance(data, dict):
            raise HTTPException(400, "the body is a JSON object")
        return data

    @router.get("/moderator", response_class=HTMLResponse)
    async def page(request: Request) -> Response:
        return templates.TemplateResponse(
            request, "moderator.html", {"password": password is not None}
        )

    @router.get("/api/moderator/data")
    def data(request: Request) -> dict[str, Any]:
        guard(request)
        try:
            return mod.data()
        except InvalidInputError as e:
            raise HTTPException(500, "; ".join(str(p) for p in e.problems)) from None

    @router.post("/api/moderator/split")
    async def split(request: Request) -> dict[str, Any]:
        guard(request)
        data = await body(request)
        positions = data.get("positions")
        side = 1 if data.get("side") == "defender" else 0
        if positions is None:  # Reset: three flanks a side
            pos = default_positions(3, side)
        else:
            specs = _flank_specs(
                [{"x": p[0], "y": p[1]} for p in positions if isinstance(p, list) and len(p) == 2],
                "positions",
            )
            pos = [(f.x, f.y) for f in specs]
        db = mod.database()
        military = data.get("military") or DEFAULT
        problems = _side_problems(db, data, "military")
        if problems:
            raise HTTPException(422, problems[0])
        try:
            size, proportions, ships, _ = mod.side_facts(db, military, _nation_arg(data))
        except HexwarError as e:
            raise HTTPException(422, _message(e)) from None
        flanks = even_split(size, proportions, ships, pos)
        return {"flanks": [{**f.to_json(), "status": "Idle"} for f in flanks]}

    def check_war(data: dict[str, Any]) -> dict[str, Any]:
        db = mod.database()
        errors: list[str] = []
        status: list[dict[str, Any]] = []
        flanks = data.get("flanks") or [[], []]
        for i, key in enumerate(("attacker", "defender")):
            side = data.get(key) or {}
            problems = _side_problems(db, side, key)
            errors.extend(problems)
            count = len(flanks[i]) if i < len(flanks) else 0
            entry: dict[str, Any] = {
                "text": "",
                "colour": "black",
                "good": False,
                "can_add": can_add_flank(count),
            }
            status.append(entry)
            if problems:
                continue
            try:
                specs = _flank_specs(flanks[i] if i < len(flanks) else [], f"{key} flanks")
                check_count(specs)
                size, proportions, ships, crew = mod.side_facts(
                    db, str(side.get("military")), _nation_arg(side)
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
                    title=str(data.get("title") or ""),
                    year=_year(data.get("year")),
                    motive=str(data.get("motive") or ""),
                    attacker=_belligerent(data.get("attacker")),
                    defender=_belligerent(data.get("defender")),
                    location=str(data.get("location") or DEFAULT),
                    map_name=str(data.get("map") or "") or None,
                    grid=_blank(),
                    params=mod.params,
                    units=mod.units,
                )
            except HexwarError as e:
                errors.append(_message(e))
        else:  # the header's own errors, shown with the others
            year = _year(data.get("year"))
            if not -3500 <= year <= 2020:
                errors.append(f"year: the war date {data.get('year')!r} is not -3500 to 2020")
            motives = mod.params.values("Motive")
            if data.get("motive") not in motives:
                errors.append(
                    f"motive: unknown motive {data.get('motive')!r} (one of {', '.join(motives)})"
                )
        return {"errors": errors, "status": status}

    @router.post("/api/moderator/check")
    async def check(request: Request) -> dict[str, Any]:
        guard(request)
        return check_war(await body(request))

    @router.post("/api/moderator/run")
    async def run(request: Request) -> dict[str, Any]:
        guard(request)
        data = await body(request)
        # the war takes a moment: off the event loop, so other requests are answered meanwhile
        return await asyncio.to_thread(run_war, data)

    def run_war(data: dict[str, Any]) -> dict[str, Any]:
        checked = check_war(data)
        if checked["errors"]:
            raise HTTPException(422, "; ".join(checked["errors"]))
        map_name = str(data.get("map") or "") or None
        scenario: dict[str, Any] = {
            "ruleset": "flankbattle",
            "title": str(data.get("title") or "Untitled war"),
            "year": _year(data.get("year")),
            "motive": data.get("motive"),
            "location": data.get("location") or DEFAULT,
            "database": mod.database().to_json(),
        }
        if mod.soldier.exists():
            scenario["unit_types"] = json.loads(mod.soldier.read_text(encoding="utf-8"))
        for key in ("attacker", "defender"):
            side = data[key]
            scenario[key] = {"military": side["military"]}
            if _nation_arg(side) is not None:
                scenario[key]["nation"] = side["nation"]
        if map_name is not None:
            scenario["map"] = map_name
            if map_name in mod.map_files():
                scenario["map_rows"] = grid_to_rows(mod.grid(map_name))
        try:
            model = FlankbattleScenario.model_validate(scenario)
        except ValidationError as e:
            raise HTTPException(422, str(e)) from None
        seed = data.get("seed", 1)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise HTTPException(422, "seed: a whole number 0 or more")
        game = registry.get("flankbattle").new_game(
            model, seed=seed, scenario_id="flankbattle/moderator"
        )
        assert isinstance(game, FlankbattleGame)
        with AutoalgoLog(mod.logs_dir) as log:
            log.inputs(game.setup, seed)
            game.on_event = log.event
            game.on_occupation = log.occupation
            for i, side_name in enumerate(("attacker", "defender")):
                specs = _flank_specs(data["flanks"][i], f"{side_name} flanks")
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

    @router.post("/api/moderator/import")
    async def import_database(
        request: Request, files: Annotated[list[UploadFile], File()]
    ) -> dict[str, Any]:
        """The four tabs as CSV files (Nation.csv, Military.csv, Location.csv, Leader.csv) and
        optionally Soldier.json: checked like ``hexwar flankbattle import``, every problem at
        its file, row and column; nothing is written unless all is valid."""
        guard(request)
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

    @router.post("/api/moderator/commit")
    async def commit(request: Request) -> dict[str, Any]:
        guard(request)
        data = await body(request)
        entry = mod.run(str(data.get("run")))
        if entry is None:
            raise HTTPException(404, "no such run: run the war first")
        try:
            Database.write_stability(mod.db_path, entry.stability)
        except InvalidInputError as e:
            raise HTTPException(422, "; ".join(str(p) for p in e.problems)) from None
        return {"written": entry.stability}

    @router.get("/api/moderator/runs/{run_id}/log.txt")
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

    @router.get("/api/moderator/runs/{run_id}/plots")
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

    @router.get("/api/moderator/runs/{run_id}/plots/{name}.svg")
    async def run_plot(
        request: Request, run_id: str, name: str, password: str | None = None
    ) -> Response:
        guard(request, password)
        plots = await asyncio.to_thread(run_plots, run_id)
        if name not in plots:
            raise HTTPException(404, f"no plot {name!r} ({', '.join(plots)})")
        return Response(plots[name], media_type="image/svg+xml")

    @router.get("/api/moderator/maps/{name}.png")
    def map_png(name: str) -> Response:
        files = mod.map_files()
        if name in files:
            data = grid_to_png(read_map(files[name]))
        elif name in TERRAINS:
            data = grid_to_png(_generic(name))
        else:
            raise HTTPException(404, f"no map {name!r}")
        return Response(data, media_type="image/png", headers={"Cache-Control": "no-cache"})

    @router.post("/api/moderator/maps")
    async def upload_map(
        request: Request,
        file: Annotated[UploadFile, File()],
        name: Annotated[str, Form()] = "",
    ) -> dict[str, Any]:
        guard(request)
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


def _year(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 10_000  # reported as out of range
    return int(value)


def _belligerent(side: Any) -> tuple[str, str | None, None, None]:
    side = side if isinstance(side, dict) else {}
    return (str(side.get("military") or DEFAULT), _nation_arg(side), None, None)
