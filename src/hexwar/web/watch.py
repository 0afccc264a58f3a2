"""Spectators: a read-only page of any game on the server, without a seat (issue 39 item 7).

The lobby links every game's spectator page (``/watch/{id}``); it needs no token, so it shows
only what every side sees while the game runs: the map as all the sides' maps show it
(:func:`hexwar.core.boards.common_board`: each side's pieces only where the enemy sees them),
the events every side was told of, whose turn it is; no side's text view and nothing sealed.
Once the game is over it shows everything: the umpire's map, the whole log and both sides'
text views.

- ``GET /watch/{id}``: the page (the game page, read-only, on the routes below).
- ``GET /api/watch/{id}/state``: the page's state.
- ``GET /api/watch/{id}/board.svg``: the map.
- ``GET /api/watch/{id}/events``: the live events and states (Server-Sent Events).
- ``GET /api/games``: the newest games of the server, as the lobby lists them (no token).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field

from hexwar.core.errors import UnknownGameError
from hexwar.web.api_schema import error_responses, page_error_responses
from hexwar.web.hub import Hub
from hexwar.web.seats import SPECTATOR
from hexwar.web.streams import event_stream, resume_after

__all__ = ["watch_router"]

T = TypeVar("T")


class GameLine(BaseModel):
    id: str
    scenario: str
    ruleset: str
    seats: dict[str, str] = Field(
        description="each side: computer, taken (its link was opened) or open"
    )
    status: str = Field(description="active or finished")
    winner: str | None
    reason: str | None
    orders: int
    created: str
    watch: str = Field(description="the spectator's page")


class GameList(BaseModel):
    games: list[GameLine]


def watch_router(hub: Hub, templates: Jinja2Templates) -> APIRouter:
    router = APIRouter()

    async def ask(fn: Callable[..., T], *args: Any) -> T:
        try:
            return await hub.call(fn, *args)
        except UnknownGameError:
            raise HTTPException(404, "no such game") from None

    @router.get(
        "/watch/{game_id}",
        response_class=Response,
        responses={
            200: {"content": {"text/html": {}}, "description": "the spectator's page"},
            **page_error_responses(404, 422),
        },
    )
    async def watch_page(request: Request, game_id: str) -> Response:
        state = await ask(hub.watch_state, game_id)
        return templates.TemplateResponse(
            request,
            "game.html",
            {
                "state": state,
                "game_id": game_id,
                "role": SPECTATOR,
                "api": f"/api/watch/{game_id}",
                "amend_help": "",
            },
        )

    @router.get(
        "/api/watch/{game_id}/state",
        response_class=JSONResponse,
        responses=error_responses(404, 422),
    )
    async def watch_state(game_id: str) -> dict[str, Any]:
        return await ask(hub.watch_state, game_id)

    @router.get(
        "/api/watch/{game_id}/board.svg",
        response_class=Response,
        responses={
            200: {"content": {"image/svg+xml": {}}, "description": "the spectator's map"},
            **error_responses(404, 422),
        },
    )
    async def watch_board(game_id: str) -> Response:
        svg = await ask(hub.watch_svg, game_id)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    @router.get(
        "/api/watch/{game_id}/events",
        response_class=Response,
        responses={
            200: {"content": {"text/event-stream": {}}, "description": "the public events"},
            **error_responses(404, 422),
        },
    )
    async def watch_events(
        request: Request, game_id: str, last_event_id: int | None = None
    ) -> StreamingResponse:
        await ask(hub.watch_state, game_id)  # 404 before the stream begins

        def news(last: int) -> Awaitable[tuple[list[dict[str, Any]], dict[str, Any]]]:
            return hub.call(hub.watch_news, game_id, last)

        return event_stream(hub, request, game_id, resume_after(request, last_event_id), news)

    @router.get(
        "/api/games",
        response_model=GameList,
        responses={200: {"description": "the newest games of this server (no token)"}},
    )
    async def list_games() -> dict[str, Any]:
        return {"games": await hub.call(hub.games)}

    return router
