"""Orders: ``POST /api/games/{id}/orders``, the request players make most and wait for."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from fastapi import HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field, StrictStr
from starlette.background import BackgroundTask

from hexwar.core.errors import GameOverError, IllegalOrderError, InvalidInputError
from hexwar.web.access import Access, http_error
from hexwar.web.asgi import json_response
from hexwar.web.guard import body_limit, read_body
from hexwar.web.hub import Hub, SeatError

__all__ = ["OrderBody", "order_endpoint"]


class OrderBody(BaseModel):
    """The body of ``POST /api/games/{id}/orders``."""

    order: Any = Field(description="the order in the ruleset's notation, or its JSON")
    side: StrictStr | None = Field(None, description="the side (a seat plays its own)")


def _is_json(request: Request) -> bool:
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    return media == "application/json"


def order_endpoint(hub: Hub, access: Access) -> Callable[[Request], Awaitable[Response]]:
    """The endpoint of ``POST /api/games/{id}/orders`` (:class:`hexwar.web.asgi.HexwarApp`
    calls it straight from its fast lane)."""

    async def api_order(request: Request) -> Response:
        """``POST /api/games/{id}/orders``: the app's fast lane (:class:`HexwarApp`), and a
        plain Starlette route in the table (a GET there is 405)."""
        game_id: str = request.path_params["game_id"]
        try:
            if not _is_json(request):
                raise HTTPException(415, "the body must be JSON (Content-Type: application/json)")
            body = orjson.loads(await read_body(request, body_limit(request.url.path)))
        except orjson.JSONDecodeError:
            raise HTTPException(422, 'the body must be JSON: {"order": ...}') from None
        if not isinstance(body, dict) or "order" not in body:
            raise HTTPException(422, 'the body must be {"order": ...}')
        side_asked = body.get("side")
        if side_asked is not None and not isinstance(side_asked, str):
            raise HTTPException(422, "side: must be a side's name")
        token = access.token_of(request, game_id)
        order = body["order"]
        if isinstance(order, str):
            order = order.strip()
        try:
            submitted, late, after, notify = await hub.submit(token, game_id, side_asked, order)
        except SeatError as e:
            raise http_error(e) from None
        except (IllegalOrderError, GameOverError, InvalidInputError) as e:
            return JSONResponse({"detail": str(e), "rule": getattr(e, "rule", "")}, status_code=422)
        reply = {
            "accepted": True,
            "seq": submitted.seq,
            "step": submitted.step,
            "late": late is not None,
            "message": late or f"ok: order {submitted.seq} accepted",
            **after,  # the seat's view and state now: one request per order is enough
        }
        # The event streams wake once the reply is sent: their work does not delay it.
        return json_response(reply, background=BackgroundTask(notify))

    return api_order
