"""IDAHEX in the browser: the commander's console behind the game page's forms and panels.

The forms on the game page build the console's command text (seed 000 §4, §6); these routes
check one line as the console does when it is typed, answer the console's information requests
(own unit, a cell, an engagement, the map...) and give the forms what they list (own units,
task forces, delivery orders, resource and aircraft types). All of it comes from the seat's
``view(side)`` through :class:`~hexwar.rulesets.idahex.terminal.IdahexTerminal`, the same code
the console runs; commands are still sent through ``POST /api/games/{id}/orders`` as text.

- ``GET /api/games/{id}/idahex/ask?q=unit+4``: ``{"text": ...}``, the console's answer.
- ``POST /api/games/{id}/idahex/check`` ``{"command": "cas 38 aircraft 4,0,2"}``: ``{"ok":
  true}`` or 422 with the console's message.
- ``GET /api/games/{id}/idahex/forms``: what the forms list.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from hexwar.core.orders import MAX_ORDER_CHARS
from hexwar.rulesets.idahex.terminal import IdahexTerminal
from hexwar.web.api_schema import body_schema, error_responses
from hexwar.web.extensions import WebContext
from hexwar.web.guard import json_body
from hexwar.web.hub import SeatError

__all__ = ["ASKS", "idahex_router"]

# The console's information requests the page offers (terminal.py's HELP, "What you know").
ASKS = ("status", "units", "unit", "tfs", "missions", "cell", "engagements", "enemy", "map", "help")
MAX_ASK = 200  # characters of an information request ("engagements 38", "unit 112")
MAX_SIDE = 40  # characters of a side's name in a request

Side = Annotated[
    str | None, Query(max_length=MAX_SIDE, description="the side the umpire looks through")
]


class CommandCheck(BaseModel):
    """``POST /api/games/{id}/idahex/check``: one console line, checked as when it is typed."""

    model_config = ConfigDict(
        strict=True, json_schema_extra={"examples": [{"command": "mission 27,10 units 2 mode 0"}]}
    )

    command: Annotated[str, Field(max_length=MAX_ORDER_CHARS)]
    side: Annotated[str, Field(max_length=MAX_SIDE)] | None = None


class Answer(BaseModel):
    question: str
    text: str


class CommandTaken(BaseModel):
    ok: bool
    command: str


class FormUnit(BaseModel):
    number: int
    name: str
    location: int
    posture: int
    task_force: int | None


class FormTaskForce(BaseModel):
    number: int
    units: list[int]


class FormDelivery(BaseModel):
    number: int
    task_force: int | None
    cell: int


class Forms(BaseModel):
    time: float
    strikes_now: bool
    itrfp: int
    resource_names: list[str]
    aircraft_types: int
    units: list[FormUnit]
    task_forces: list[FormTaskForce]
    deliveries: list[FormDelivery]
    engagements: list[int]


_REFUSALS = error_responses(401, 403, 404, 422)


def idahex_router(context: WebContext) -> APIRouter:
    """The game page's IDAHEX routes."""
    hub, token_of = context.hub, context.token_of
    router = APIRouter()

    async def seat_data(request: Request, game_id: str, side: str | None) -> tuple[str, Any]:
        """The side the seat looks at and its view's data (403 for the umpire without a side,
        422 for a game of another ruleset)."""
        token = token_of(request, game_id)

        def read() -> tuple[str, Any]:
            game, looking = hub.seat_game(token, game_id, side)
            if game.info.id != context.ruleset_id:
                raise SeatError(422, f"game {game_id} is not an IDAHEX game")
            if looking is None:
                raise SeatError(403, "the umpire looks through a side: add ?side=red or blue")
            return looking, game.view(looking).data

        try:
            return await hub.call(read)
        except SeatError as e:
            raise HTTPException(e.status, str(e)) from None

    @router.get(
        "/api/games/{game_id}/idahex/ask",
        response_model=None,
        responses={200: {"model": Answer}, **_REFUSALS},
    )
    async def ask(
        request: Request,
        game_id: str,
        q: Annotated[str, Query(max_length=MAX_ASK)] = "",
        side: Side = None,
    ) -> Any:
        word = q.strip().split(maxsplit=1)[0].lower() if q.strip() else ""
        if word not in ASKS:
            raise HTTPException(422, f"ask one of: {', '.join(ASKS)} (got {q!r})")
        looking, data = await seat_data(request, game_id, side)
        return {"question": q.strip(), "text": IdahexTerminal(looking).ask(data, q)}

    @router.post(
        "/api/games/{game_id}/idahex/check",
        response_model=None,
        openapi_extra=body_schema(CommandCheck),
        responses={
            200: {"model": CommandTaken},
            **error_responses(401, 403, 404, 413, 415, 422),
        },
    )
    async def check(request: Request, game_id: str) -> Any:
        body = await json_body(request, CommandCheck)
        _looking, data = await seat_data(request, game_id, body.side)
        problem = IdahexTerminal.check(data, body.command.strip())
        if problem is not None:
            return JSONResponse({"detail": problem}, status_code=422)
        return {"ok": True, "command": " ".join(body.command.split())}

    @router.get(
        "/api/games/{game_id}/idahex/forms",
        response_model=None,
        responses={200: {"model": Forms}, **_REFUSALS},
    )
    async def forms(request: Request, game_id: str, side: Side = None) -> Any:
        _looking, d = await seat_data(request, game_id, side)
        design = d["design"]
        return {
            "time": d["time"],
            "strikes_now": design["strikes_now"],
            "itrfp": design["itrfp"],
            "resource_names": design["resource_names"],
            "aircraft_types": design["aircraft_types"],
            "units": [
                {
                    "number": u["number"],
                    "name": u["name"],
                    "location": u["location"],
                    "posture": u["posture"],
                    "task_force": u["task_force"],
                }
                for u in d["units"]
                if u["posture"] > -10
            ],
            "task_forces": [
                {"number": tf["number"], "units": tf["units"]} for tf in d["task_forces"]
            ],
            "deliveries": [
                {"number": dv["number"], "task_force": dv["task_force"], "cell": dv["cell"]}
                for dv in d["deliveries"]
            ],
            "engagements": [g["cell"] for g in d["engagements"]],
        }

    return router
