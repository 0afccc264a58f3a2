"""The games' JSON, SVG and event-stream API under ``/api/games`` (the routes are listed in
:mod:`hexwar.web.app`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response, StreamingResponse

from hexwar.web.access import Access, http_error
from hexwar.web.api_schema import body_schema, error_responses
from hexwar.web.asgi import json_response
from hexwar.web.creation import CreateGame, Creation
from hexwar.web.guard import json_body
from hexwar.web.hub import Hub, SeatError
from hexwar.web.orders import OrderBody
from hexwar.web.streams import event_stream, resume_after

__all__ = ["games_router"]

# What a game's route may refuse: no token or an unknown one, another game's or side's, no such
# game, a malformed query or an unknown side.
_REFUSALS = error_responses(401, 403, 404, 422)


def games_router(
    hub: Hub,
    access: Access,
    creation: Creation,
    api_order: Callable[[Request], Awaitable[Response]],
) -> APIRouter:
    """The API's routes; ``api_order`` (:func:`hexwar.web.orders.order_endpoint`) takes the
    orders, in the table like any route though the app's fast lane serves it."""
    router = APIRouter()

    @router.post(
        "/api/games",
        status_code=201,
        openapi_extra=body_schema(CreateGame),
        responses=error_responses(401, 403, 413, 415, 422, 429, 503),
    )
    async def api_create(request: Request) -> dict[str, Any]:
        body = await json_body(request, CreateGame)
        access.check_password(request.headers.get("x-hexwar-password") or body.password)
        return await creation.create(
            request,
            body.scenario,
            body.scenario_text,
            body.scenario_name or "uploaded scenario",
            body.seed,
            dict(body.seats),
        )

    @router.get("/api/games/{game_id}/view", responses=_REFUSALS)
    async def api_view(request: Request, game_id: str, side: str | None = None) -> Response:
        try:
            body = await hub.page(access.token_of(request, game_id), game_id, side)
        except SeatError as e:
            raise http_error(e) from None
        return Response(body, media_type="application/json")

    @router.get(
        "/api/games/{game_id}/board",
        responses={
            304: {"description": "the fixed board the client holds (If-None-Match)"},
            **_REFUSALS,
        },
    )
    async def api_fixed_board(request: Request, game_id: str, side: str | None = None) -> Response:
        """The seat's fixed board: the parts of its board that stay the same through the game
        (hexes, terrain, hexsides, sides, legend styles, title), which GET /view's board leaves
        out; tagged (``ETag``) with the ``fixed`` of GET /view's board. ``null`` without a map."""
        try:
            found = await hub.call(hub.seat_fixed, access.token_of(request, game_id), game_id, side)
        except SeatError as e:
            raise http_error(e) from None
        if found is None:
            return Response(b"null", media_type="application/json")
        body, tag = found
        headers = {
            "ETag": f'"{tag}"',
            "Cache-Control": "private, no-cache",
            "Vary": "Authorization, Cookie",
        }
        if request.headers.get("if-none-match") == f'"{tag}"':
            return Response(status_code=304, headers=headers)
        return Response(body, media_type="application/json", headers=headers)

    @router.get("/api/games/{game_id}/state", responses=_REFUSALS)
    async def api_state(request: Request, game_id: str) -> Response:
        seat, _ = await access.authorise(request, game_id, None)
        return json_response(await hub.call(hub.state, game_id, seat))

    @router.get(
        "/api/games/{game_id}/board.svg",
        response_class=Response,  # (the declared types below: errors are JSON)
        responses={
            200: {"content": {"image/svg+xml": {}}, "description": "the board"},
            **_REFUSALS,
        },
    )
    async def api_board(
        request: Request, game_id: str, side: str | None = None, at: int | None = None
    ) -> Response:
        _seat, looking = await access.authorise(request, game_id, side)
        svg = await hub.call(hub.board_svg, game_id, looking, at)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    @router.get("/api/games/{game_id}/replay", responses=_REFUSALS)
    async def api_replay(request: Request, game_id: str, side: str | None = None) -> Response:
        _seat, looking = await access.authorise(request, game_id, side)
        return json_response(await hub.call(hub.frames, game_id, looking))

    @router.get(
        "/api/games/{game_id}/log.txt",
        response_class=Response,
        responses={
            200: {"content": {"text/plain": {}}, "description": "the seat's log"},
            **_REFUSALS,
        },
    )
    async def api_log(request: Request, game_id: str, side: str | None = None) -> Response:
        _seat, looking = await access.authorise(request, game_id, side)
        text = await hub.call(hub.log_text, game_id, looking)
        return Response(text, media_type="text/plain; charset=utf-8")

    # In the table (and the OpenAPI schema) like any route; served by the fast lane.
    router.add_api_route(
        "/api/games/{game_id}/orders",
        api_order,
        methods=["POST"],
        openapi_extra={
            **body_schema(OrderBody),
            # the route reads its own path (the fast lane): declared here for the schema
            "parameters": [
                {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
            ],
        },
        responses=error_responses(401, 403, 404, 413, 415, 422, 503),
    )

    @router.get(
        "/api/games/{game_id}/events",
        response_class=Response,
        responses={
            200: {"content": {"text/event-stream": {}}, "description": "the seat's events"},
            **_REFUSALS,
        },
    )
    async def api_events(
        request: Request,
        game_id: str,
        side: str | None = None,
        last_event_id: int | None = None,
    ) -> StreamingResponse:
        seat, looking = await access.authorise(request, game_id, side)

        async def news(last: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
            return await hub.call(hub.news, game_id, seat, looking, last)

        return event_stream(hub, request, game_id, resume_after(request, last_event_id), news)

    return router
