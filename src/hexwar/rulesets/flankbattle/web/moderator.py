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
import re
import tempfile
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, File, Form, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from pydantic import BaseModel

from hexwar.core.errors import HexwarError, InvalidInputError, ScenarioError
from hexwar.rulesets.flankbattle.database import Database, import_csv_dir
from hexwar.rulesets.flankbattle.flanks import default_positions, even_split
from hexwar.rulesets.flankbattle.params import load_units
from hexwar.rulesets.flankbattle.schema import TERRAINS
from hexwar.rulesets.flankbattle.terrain import (
    classify,
    decode_image,
    encode_png,
    grid_to_png,
    read_map,
)
from hexwar.rulesets.flankbattle.web.battle import check_war, run_war
from hexwar.rulesets.flankbattle.web.moderation import (
    DEFAULT,
    MAP_NAME,
    Moderator,
    generic_grid,
    message,
    nation_arg,
    side_problems,
)
from hexwar.rulesets.flankbattle.web.schemas import (
    CheckAnswer,
    CommitAnswer,
    CommitRequest,
    ImportAnswer,
    MapAnswer,
    RunAnswer,
    SplitAnswer,
    SplitRequest,
    War,
)
from hexwar.web.api_schema import body_schema, error_responses
from hexwar.web.extensions import WebContext
from hexwar.web.guard import json_body

__all__ = ["DB_OPTION", "moderator_router"]

DB_OPTION = "flank-db"  # hexwar serve --option flank-db=FILE (or --flank-db FILE)
MAX_MAP_UPLOAD = 5_000_000  # bytes


# The plots' answer is declared here: the schema names it by its module (hexwar.web.plots has a
# PlotList too).
class PlotLink(BaseModel):
    name: str
    url: str


class PlotList(BaseModel):
    plots: list[PlotLink]


def moderator_router(context: WebContext) -> APIRouter:
    """The moderator page's routes over the SQLite database the server's option ``flank-db``
    names (default: ``flankbattle.sqlite3`` in the server's home, the bundled example database
    written there on first use); the Maps and Logs folders are made in the ruleset's folder."""
    db_path = context.options.get(DB_OPTION) or context.server_home / "flankbattle.sqlite3"
    mod = Moderator(Path(db_path), context.home)
    templates = context.templates
    password = context.password
    router = APIRouter()

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
        problems = side_problems(db, body, "military")
        if problems:
            raise HTTPException(422, problems[0])
        try:
            size, proportions, ships, _ = mod.side_facts(
                db, body.military or DEFAULT, nation_arg(body)
            )
        except HexwarError as e:
            raise HTTPException(422, message(e)) from None
        flanks = even_split(size, proportions, ships, pos)
        return {"flanks": [{**f.to_json(), "status": "Idle"} for f in flanks]}

    @router.post(
        "/api/moderator/check",
        dependencies=guarded,
        response_model=None,
        openapi_extra=body_schema(War),
        responses={200: {"model": CheckAnswer}, **error_responses(401, 403, 413, 415, 422)},
    )
    async def check(request: Request) -> dict[str, Any]:
        return check_war(mod, await json_body(request, War))

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
        return await asyncio.to_thread(run_war, mod, war)

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

    @router.get(
        "/api/moderator/runs/{run_id}/plots",
        response_model=None,
        responses={200: {"model": PlotList}, **error_responses(401, 404, 422)},
    )
    async def run_plot_list(
        request: Request, run_id: str, password: str | None = None
    ) -> dict[str, Any]:
        guard(request, password)
        plots = await asyncio.to_thread(mod.plots, run_id)
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
        plots = await asyncio.to_thread(mod.plots, run_id)
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
            data = grid_to_png(generic_grid(name))
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
        if not MAP_NAME.fullmatch(stem) or stem in TERRAINS:
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
            raise HTTPException(422, message(e)) from None
        classify(rgb)  # any picture reads as a map (nearest legend colour)
        (mod.maps_dir / f"{stem}.png").write_bytes(encode_png(rgb))
        return {"map": stem}

    return router
