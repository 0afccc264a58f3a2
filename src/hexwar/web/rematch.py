"""A rematch: ``POST /api/games/{id}/rematch`` (a seat's or the umpire's token).

A finished game's rematch is a new game of the same scenario with the sides swapped (each
player takes the side after its own, in the ruleset's order of sides: the other one, with
two), the players as they were (a computer stays the same computer on its new side), a new
seed and new links. It is made once: the server remembers it by the old game's id for its
life (:attr:`Hub.rematches`), so both seats asking land in the same new game, each with its
own link. A seat's answer holds its own new link only (the other seat asks for its own; the
umpire's link sees every side, so no player gets it); the umpire's answer holds every link,
as creating a game does. The password rules are those of creating a game (``password`` in
the body or the ``X-Hexwar-Password`` header), and so is the bound on computer-only games.
409 for a game not over yet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from hexwar.core.errors import HexwarError
from hexwar.sessions import ResolvedScenario
from hexwar.web.api_schema import body_schema, error_responses
from hexwar.web.guard import json_body
from hexwar.web.hub import HUMAN, Created, Hub, SeatError
from hexwar.web.seats import UMPIRE

__all__ = ["Rematch", "RematchAnswer", "RematchRequest", "rematch", "rematch_router", "swapped"]


class RematchRequest(BaseModel):
    """The body of ``POST /api/games/{id}/rematch``: ``{}``, or the server's password."""

    model_config = ConfigDict(extra="forbid")
    password: StrictStr | None = Field(None, max_length=1000)


class RematchAnswer(BaseModel):
    """The new game, as ``POST /api/games`` answers, with the links the asking seat may have."""

    id: str
    ruleset: str
    scenario: str
    side: str | None = Field(description="the asking player's side in the new game (umpire: null)")
    links: dict[str, str] = Field(description="side -> seat link (a seat: its own only)")
    umpire: str | None = Field(description="the umpire's link (to the umpire only)")
    tokens: dict[str, str]


@dataclass(frozen=True, slots=True)
class Rematch:
    """A game's rematch: the new game with its tokens, and each old side's new side."""

    created: Created
    ruleset: str
    scenario: str
    sides: dict[str, str]  # old side -> the side its player plays in the new game


def swapped(sides: tuple[str, ...]) -> dict[str, str]:
    """Each side -> the side after it (the last -> the first): with two sides, the other."""
    return {s: sides[(i + 1) % len(sides)] for i, s in enumerate(sides)}


def rematch(
    hub: Hub, token: str, game_id: str
) -> tuple[Rematch, str | None, bool, tuple[int, float, float] | None]:
    """The rematch of the game the seat ``token`` opens (within :meth:`Hub.call`, which holds
    the old game's lock: two seats asking at once get the same one): the rematch, the asking
    seat's side in it (``None``: the umpire), whether this call made it, and the new game's
    clock."""
    seat, _ = hub.check_seat(token, game_id, None)
    made: Rematch | None = hub.rematches.get(game_id)
    fresh = made is None
    deadline = None
    if made is None:
        session = hub._get(game_id).session
        old = session.game
        if old.outcome() is None and old.decision() is not None:
            raise SeatError(409, "the game is not over yet: a rematch follows a finished game")
        sides = swapped(old.info.sides)
        players = {sides[s]: session.agent_names.get(s, HUMAN) for s in old.info.sides}
        resolved = ResolvedScenario(old.ruleset, old.scenario, old.scenario_id)
        created, deadline = hub._create(resolved, None, players)
        made = Rematch(created, old.info.id, old.scenario_id, sides)
        hub.rematches[game_id] = made
    side = None if seat.side is None else made.sides[seat.side]
    return made, side, fresh, deadline


def rematch_router(
    hub: Hub,
    token_of: Callable[[Request, str], str],
    check_password: Callable[[str | None], None],
    json_response: Callable[..., Response],
) -> APIRouter:
    router = APIRouter()

    @router.post(
        "/api/games/{game_id}/rematch",
        openapi_extra=body_schema(RematchRequest),
        responses={
            200: {"model": RematchAnswer, "description": "the rematch another seat asked for"},
            201: {"model": RematchAnswer, "description": "the rematch, made now"},
            **error_responses(401, 403, 404, 409, 413, 415, 422, 429, 503),
        },
    )
    async def api_rematch(request: Request, game_id: str) -> Response:
        body = await json_body(request, RematchRequest)
        token = token_of(request, game_id)
        check_password(request.headers.get("x-hexwar-password") or body.password)
        try:
            made, side, fresh, deadline = await hub.call(rematch, hub, token, game_id)
        except SeatError as e:
            headers = {"WWW-Authenticate": "Bearer"} if e.status == 401 else None
            raise HTTPException(e.status, str(e), headers=headers) from None
        except HexwarError as e:  # a player this server no longer knows
            raise HTTPException(422, str(e)) from None
        new_id = made.created.game_id
        if fresh:
            hub._bump(new_id, deadline)  # its computer players and clock start
            hub._bump(game_id, None)  # the old game's pages learn of the rematch (it is over)
        base = str(request.base_url).rstrip("/")

        def link(role: str) -> str:
            return f"{base}/join/{new_id}?token={made.created.tokens[role]}"

        roles = [side] if side is not None else list(made.created.tokens)
        answer: dict[str, Any] = {
            "id": new_id,
            "ruleset": made.ruleset,
            "scenario": made.scenario,
            "side": side,
            "links": {r: link(r) for r in roles if r != UMPIRE},
            "umpire": link(UMPIRE) if side is None else None,
            "tokens": {r: made.created.tokens[r] for r in roles},
        }
        return json_response(answer, status_code=201 if fresh else 200)

    return router
