"""The umpire's amendments through the web: ``POST /api/games/{id}/amend``.

Only the umpire's token may amend (401 without a valid token, 403 for a seat's or another
game's). The body is ``{"amendment": text or JSON}`` (:class:`~hexwar.core.orders.Amendment`:
``move west 3 to @KH: reason``); the amendment is submitted as side ``umpire`` and
acknowledged once the store has committed it, like any order, so ``hexwar replay`` and
``hexwar verify`` repeat it. Every seat's event stream then brings the notice with the reason,
and whatever else that side may see of the change (the ruleset's ``Game._amend``). 422 with
the rule's message for an amendment the game refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.background import BackgroundTask

from hexwar.core.errors import GameOverError, IllegalOrderError, InvalidInputError
from hexwar.core.orders import MAX_ORDER_CHARS, UMPIRE, Amendment, JsonValue, SubmittedOrder
from hexwar.web.api_schema import body_schema, error_responses
from hexwar.web.guard import json_body
from hexwar.web.hub import Hub, SeatError

__all__ = ["AmendRequest", "amend", "umpire_router"]


class AmendRequest(BaseModel):
    """``POST /api/games/{id}/amend``: the amendment as text (``end west: a ruling``) or its
    JSON form (``{"amend": "end", "side": "west", "reason": "a ruling"}``); the rules judge
    it (:meth:`Amendment.read`: 422 with their message)."""

    model_config = ConfigDict(strict=True)  # JSON as sent: no "1" for 1

    amendment: Annotated[str, Field(max_length=MAX_ORDER_CHARS)] | dict[str, Any]


class AmendAnswer(BaseModel):
    accepted: bool
    seq: int
    step: int
    amendment: dict[str, Any] = Field(description="the amendment's JSON form, as stored")
    message: str


def amend(
    hub: Hub, token: str, game_id: str, amendment: JsonValue | str
) -> tuple[SubmittedOrder, tuple[int, float, float] | None]:
    """The umpire's amendment, from the token to the store (within :meth:`Hub.call`); computer
    players whose decision it is then (or whose sealed orders it withdrew) move."""
    seat, _ = hub.check_seat(token, game_id, None)
    if seat.side is not None:
        raise SeatError(403, "only the umpire amends the game")
    live = hub._get(game_id)
    submitted = live.session.submit(UMPIRE, amendment)
    live.amendments += 1  # a computer's thought begun before it is stale
    return submitted, hub.moved(live)


def umpire_router(
    hub: Hub,
    token_of: Callable[[Request, str], str],
    json_response: Callable[..., Response],
) -> APIRouter:
    router = APIRouter()

    @router.post(
        "/api/games/{game_id}/amend",
        response_class=JSONResponse,
        openapi_extra=body_schema(AmendRequest),
        responses={
            200: {"model": AmendAnswer, "description": "recorded once the store committed it"},
            **error_responses(401, 403, 404, 413, 415, 422),
        },
    )
    async def api_amend(request: Request, game_id: str) -> Response:
        body = await json_body(request, AmendRequest)
        token = token_of(request, game_id)
        given: Any = body.amendment
        try:
            submitted, deadline = await hub.call(amend, hub, token, game_id, given)
        except SeatError as e:
            headers = {"WWW-Authenticate": "Bearer"} if e.status == 401 else None
            raise HTTPException(e.status, str(e), headers=headers) from None
        except (IllegalOrderError, GameOverError, InvalidInputError) as e:
            return JSONResponse({"detail": str(e), "rule": getattr(e, "rule", "")}, status_code=422)

        async def notify() -> None:
            hub._bump(game_id, deadline)

        text = str(Amendment.from_json(submitted.order))  # type: ignore[arg-type]
        reply = {
            "accepted": True,
            "seq": submitted.seq,
            "step": submitted.step,
            "amendment": submitted.order,
            "message": f"ok: amendment {submitted.seq} recorded ({text})",
        }
        return json_response(reply, background=BackgroundTask(notify))

    return router
