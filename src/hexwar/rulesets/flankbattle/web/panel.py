"""The flank battle on the game page: the battlefield's map for a seat, and a deployment's check.

The game page's flank battle panel (``templates/panel.html``, ``static/flankbattle.js``)
draws the battlefield as the moderator's page does (the terrain map and the flanks,
``static/battlefield.js``) from the seat's ``view(side)``: before the battle its own flanks as
the player places them, after it every flank as the battle left it (the report the view holds).
The player points at the map; the panel writes the deployment in the console's notation into
the order box, which the page sends as any order. These routes give it what the view
does not:

- ``GET /api/games/{id}/flankbattle/map.png``: the game's terrain map in the legend's colours
  (the scenario's map, the same for both sides: the view names it; a custom map's pixels are
  not in the view).
- ``GET /api/games/{id}/flankbattle/forms``: what the deployment's controls offer: the five
  maneuvers with the flank editor's one-line summary (seed 004, Movement), the most flanks a
  side may have.
- ``POST /api/games/{id}/flankbattle/check`` ``{"order": "(150,130) inf 1200 cav 500 art 600
  ships 39 Normal; ..."}``: the side's status message as the rule judges that deployment when
  it is sent (Good (X/Y), or Invalid Inf (X/Y) and its kin, with the seed's colour), or 422
  with the rule's message for a text that is no deployment.

Each is authorised as every game route is (401 without a valid token, 403 for another game's);
a game of another ruleset answers 422.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from hexwar.core.errors import IllegalOrderError
from hexwar.core.game import Game
from hexwar.core.orders import MAX_ORDER_CHARS
from hexwar.rulesets.flankbattle.flanks import MANEUVER_SUMMARIES, MAX_FLANKS, Maneuver
from hexwar.rulesets.flankbattle.game import FlankbattleGame
from hexwar.rulesets.flankbattle.terrain import grid_to_png
from hexwar.web.api_schema import body_schema, error_responses
from hexwar.web.extensions import WebContext
from hexwar.web.guard import json_body
from hexwar.web.hub import SeatError

__all__ = ["flankbattle_router"]

MAPS_KEPT = 16  # games whose map is kept drawn (a PNG of a few KB; drawing it takes ~60 ms)


class DeploymentCheck(BaseModel):
    """``POST /api/games/{id}/flankbattle/check``: a deployment as the order box holds it."""

    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [
                {"order": "(150,130) inf 1200 cav 500 art 600 ships 39 Normal"},
                {"order": "default"},
            ]
        },
    )

    order: Annotated[str, Field(max_length=MAX_ORDER_CHARS)]


class DeploymentStatus(BaseModel):
    good: bool = Field(description="the deployment would be taken")
    text: str = Field(description="the status message: Good (X/Y), Invalid Inf (X/Y), ...")
    colour: str = Field(description="green, red (too many) or orange (too few)")
    order: str = Field(description="the deployment in the console's notation")


class ManeuverForm(BaseModel):
    name: str
    summary: str


class DeploymentForms(BaseModel):
    maneuvers: list[ManeuverForm]
    max_flanks: int


def _flankbattle(game: Game[Any, Any], game_id: str) -> FlankbattleGame:
    if not isinstance(game, FlankbattleGame):
        raise SeatError(422, f"game {game_id} is not a flank battle")
    return game


def flankbattle_router(context: WebContext) -> APIRouter:
    """The game page's flank battle routes."""
    hub, token_of = context.hub, context.token_of
    router = APIRouter()
    maps: OrderedDict[str, bytes] = OrderedDict()
    maps_lock = threading.Lock()

    @router.get(
        "/api/games/{game_id}/flankbattle/map.png",
        response_class=Response,  # (the declared types below: errors are JSON)
        responses={
            200: {"content": {"image/png": {}}, "description": "the game's terrain map"},
            **error_responses(401, 403, 404, 422),
        },
    )
    async def map_png(request: Request, game_id: str) -> Response:
        token = token_of(request, game_id)

        def read() -> Any:
            game, _looking = hub.seat_game(token, game_id, None)
            return _flankbattle(game, game_id).setup.grid

        try:
            grid = await hub.call(read)
        except SeatError as e:
            raise HTTPException(e.status, str(e)) from None
        with maps_lock:
            data = maps.get(game_id)
        if data is None:
            data = grid_to_png(grid)  # the grid never changes: drawn once, off the game's lock
            with maps_lock:
                maps[game_id] = data
                while len(maps) > MAPS_KEPT:
                    maps.popitem(last=False)
        return Response(data, media_type="image/png", headers={"Cache-Control": "private"})

    @router.get(
        "/api/games/{game_id}/flankbattle/forms",
        response_model=None,
        responses={200: {"model": DeploymentForms}, **error_responses(401, 403, 404, 422)},
    )
    async def forms(request: Request, game_id: str) -> Any:
        token = token_of(request, game_id)

        def read() -> None:
            game, _looking = hub.seat_game(token, game_id, None)
            _flankbattle(game, game_id)

        try:
            await hub.call(read)
        except SeatError as e:
            raise HTTPException(e.status, str(e)) from None
        return {
            "maneuvers": [{"name": m.value, "summary": MANEUVER_SUMMARIES[m]} for m in Maneuver],
            "max_flanks": MAX_FLANKS,
        }

    @router.post(
        "/api/games/{game_id}/flankbattle/check",
        response_model=None,
        openapi_extra=body_schema(DeploymentCheck),
        responses={
            200: {"model": DeploymentStatus},
            **error_responses(401, 403, 404, 413, 415, 422),
        },
    )
    async def check(request: Request, game_id: str) -> Any:
        body = await json_body(request, DeploymentCheck)
        token = token_of(request, game_id)

        def judge() -> dict[str, Any]:
            game, looking = hub.seat_game(token, game_id, None)
            fb = _flankbattle(game, game_id)
            if looking is None:
                raise SeatError(403, "the umpire places no flanks")
            if fb.view(looking).data.get("phase") != "deployment":
                raise SeatError(422, "the battle has been fought: there is nothing to deploy")
            order = fb.ruleset.parse_order(looking, body.order.strip())
            status = fb.status_of(looking, order)
            return {
                "good": status.good,
                "text": status.text,
                "colour": status.colour,
                "order": str(order),
            }

        try:
            return await hub.call(judge)
        except SeatError as e:
            raise HTTPException(e.status, str(e)) from None
        except IllegalOrderError as e:
            return JSONResponse({"detail": str(e), "rule": e.rule}, status_code=422)

    return router
