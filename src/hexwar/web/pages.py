"""The pages: the lobby (and its form that creates a game), a seat's join link, the game's
page and its replay."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates

from hexwar.agents import distinct_agent_names
from hexwar.core import registry
from hexwar.core.errors import HexwarError
from hexwar.web.access import Access, cookie_name
from hexwar.web.api_schema import page_error_responses
from hexwar.web.creation import Creation, resolve_text
from hexwar.web.guard import MAX_UPLOAD
from hexwar.web.hub import HUMAN, Hub

__all__ = ["pages_router"]


def _lobby_data() -> dict[str, Any]:
    rulesets = []
    for r in registry.all_rulesets():
        rulesets.append(
            {
                "id": r.info.id,
                "title": r.info.title,
                "summary": r.info.summary,
                "sides": list(r.info.sides),
                "agents": distinct_agent_names(r),  # one entry per agent (no old names)
                "scenarios": list(r.bundled_scenarios()),
                "board": r.draws_board(),
            }
        )
    return {"rulesets": rulesets}


def pages_router(
    hub: Hub, access: Access, creation: Creation, templates: Jinja2Templates
) -> APIRouter:
    """The pages' routes."""
    router = APIRouter()

    @router.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> Response:
        return templates.TemplateResponse(
            request,
            "lobby.html",
            {
                "data": _lobby_data(),
                "password": access.password is not None,
                "error": None,
                "games": await hub.call(hub.games),
            },
        )

    @router.post(
        "/lobby",
        response_class=Response,  # (the declared types below: errors are HTML or JSON)
        responses={
            200: {"content": {"text/html": {}}, "description": "the new game's links"},
            **page_error_responses(400, 401, 403, 413, 422, 429, 503, change=True),
        },
    )
    async def lobby_create(
        request: Request,
        scenario: Annotated[str, Form()] = "",
        seed: Annotated[str, Form()] = "",
        seat0: Annotated[str, Form()] = HUMAN,
        seat1: Annotated[str, Form()] = HUMAN,
        password_given: Annotated[str | None, Form(alias="password")] = None,
        upload: Annotated[UploadFile | None, File()] = None,
    ) -> Response:
        access.check_password(password_given)
        text = None
        name = "uploaded scenario"
        if upload is not None and upload.filename:
            raw = await upload.read(MAX_UPLOAD + 1)
            if len(raw) > MAX_UPLOAD:
                raise HTTPException(413, "scenario file too large (2 MB at most)")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = None
                error = {"message": "invalid game", "problems": [f"{upload.filename}: not UTF-8"]}
                return await _lobby_error(request, error)
            name = upload.filename
        try:
            seed_value = int(seed) if seed.strip() else None
        except ValueError:
            return await _lobby_error(
                request, {"message": "invalid game", "problems": [f"seed {seed!r}: not a number"]}
            )
        try:
            if text is not None:
                sides = (await asyncio.to_thread(resolve_text, text, name)).ruleset.info.sides
            else:
                sides = registry.get(scenario.partition("/")[0]).info.sides
        except (HexwarError, LookupError) as e:
            problems = [str(p) for p in getattr(e, "problems", [])] or [str(e)]
            return await _lobby_error(request, {"message": "invalid game", "problems": problems})
        seats = dict(zip(sides, (seat0, seat1), strict=False))
        try:
            made = await creation.create(request, scenario or None, text, name, seed_value, seats)
        except HTTPException as e:
            if e.status_code == 422 and isinstance(e.detail, dict):
                return await _lobby_error(request, e.detail)
            raise
        return templates.TemplateResponse(request, "created.html", {"game": made})

    async def _lobby_error(request: Request, error: dict[str, Any]) -> Response:
        return templates.TemplateResponse(
            request,
            "lobby.html",
            {
                "data": _lobby_data(),
                "password": access.password is not None,
                "error": error,
                "games": await hub.call(hub.games),
            },
            status_code=422,
        )

    @router.get(
        "/join/{game_id}",
        response_class=Response,
        responses={
            200: {"content": {"text/html": {}}, "description": "signs the seat in"},
            **page_error_responses(403, 422),
        },
    )
    async def join(request: Request, game_id: str, token: str = "") -> Response:
        seat = await hub.seat(token) if token else None
        if seat is None or seat.game_id != game_id:
            raise HTTPException(403, "this link does not open a seat of this game")
        await hub.call(hub.seats.mark_joined, token)  # the lobby lists the seat as taken
        # A page (not a redirect) sets the cookie and moves on: a SameSite=Strict cookie is
        # not sent on a redirect that began on another site (a link in a chat program).
        response = templates.TemplateResponse(
            request, "join.html", {"game_id": game_id, "role": seat.role}
        )
        response.set_cookie(
            cookie_name(game_id),
            token,
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
            max_age=60 * 60 * 24 * 365,
            path="/",
        )
        return response

    @router.get(
        "/games/{game_id}",
        response_class=Response,
        responses={
            200: {"content": {"text/html": {}}, "description": "the game's page"},
            **page_error_responses(401, 403, 404, 422),
        },
    )
    async def game_page(request: Request, game_id: str) -> Response:
        seat, _side = await access.authorise(request, game_id, None)
        state = await hub.call(hub.state, game_id, seat)
        ruleset = registry.get(state["ruleset"])
        return templates.TemplateResponse(
            request,
            "game.html",
            {
                "state": state,
                "game_id": game_id,
                "role": seat.role,
                "amend_help": ruleset.amendment_help,
            },
        )

    @router.get(
        "/games/{game_id}/replay",
        response_class=Response,
        responses={
            200: {"content": {"text/html": {}}, "description": "the replay's page"},
            **page_error_responses(401, 403, 404, 422),
        },
    )
    async def replay_page(request: Request, game_id: str) -> Response:
        seat, _side = await access.authorise(request, game_id, None)
        state = await hub.call(hub.state, game_id, seat)
        return templates.TemplateResponse(
            request, "replay.html", {"state": state, "game_id": game_id, "role": seat.role}
        )

    return router
