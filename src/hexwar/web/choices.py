"""Play by pointing, the server's part: a seat's legal choices over HTTP (issue 39 item 1).

A seat's *choices* are the orders its ruleset lists for its view now
(:func:`hexwar.core.choices.list_choices`, the very lists the research driver
:class:`hexwar.rl.driver.Driver` numbers), each with what it points at on the board
(:meth:`Ruleset.describe_choices`): the piece (a counter's ``data-ref`` in ``board.svg``), the
hexes to mark (``data-hex`` of the hexes in ``board.svg``) and the kind of the mark.

- ``GET /api/games/{id}/choices``: ``{"step", "plan", "actions", "choices": [{"index", "text",
  "action", "piece", "hexes", "kind"}]}``. ``step`` is the game's decision step, ``plan`` the
  plan built so far in notation (``null``: none), ``actions`` the plan's actions one by one
  (what each choice taken added), ``text`` each order in the ruleset's notation (what a player
  types into the order box), ``action`` what it adds to the plan. A set-up is listed piece by
  piece where the ruleset can (``Ruleset.placements``), its last entry the plan with the rest
  placed by the ruleset. Empty when the seat has nothing to decide now; always empty for the
  umpire, who gives no orders.
- ``POST /api/games/{id}/choices`` ``{"step": s, "index": i}``: takes choice ``i`` of the list
  of step ``s``; ``{"step": s, "undo": k}`` takes action ``k`` of the plan back (the actions
  after it are taken again where they are still legal: the same piece, kind and hexes);
  ``{"step": s, "auto": true}`` submits the computer's order for the decision (the ruleset's
  ``ai``, as ``:auto`` in the terminal: a whole set-up at once). In a stepwise list
  (``Ruleset.stepwise``, or a set-up placed piece by piece) every entry but the last extends the
  plan and the last submits it; in any other list every choice submits. The answer is the seat's
  list after it (with ``submitted`` when an order went in). 409 when ``s`` is not the game's
  step any more (or, with ``"plan"``, when the plan is not the one the list was read with); 422
  for an index outside the list or an action the plan does not have; 403 for the umpire.

The plan being built lives on the server, per seat, in the game's :class:`~hexwar.web.hub.
_Live` (under the game's lock), and is dropped when the decision's step changes or the umpire
amends the game. A plan is submitted through the path a typed order takes (``Hub._submit``:
stored before it is acknowledged, late orders and clocks alike), computer players answer as
after a typed order, and the event streams wake once the reply is sent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, model_validator
from starlette.background import BackgroundTask

from hexwar.core.choices import list_choices, notation
from hexwar.core.errors import GameOverError, IllegalOrderError, InvalidInputError
from hexwar.core.orders import MAX_ORDER_CHARS, Order, SubmittedOrder
from hexwar.sessions import computer_order
from hexwar.web.api_schema import body_schema, error_responses
from hexwar.web.guard import json_body
from hexwar.web.hub import Hub, SeatError

if TYPE_CHECKING:
    from hexwar.web.hub import _Live

__all__ = ["ChoiceBody", "ChoicesAnswer", "choices_router"]

_MAX_INT = 2**31 - 1  # steps and indexes are far below it


class ChoiceBody(BaseModel):
    """``POST /api/games/{id}/choices``: at ``step``, one of: choice ``index`` of the list the
    seat read, ``undo`` (take the plan's action of that number back), or ``auto`` (the
    computer's order). ``plan`` (optional): the ``plan`` the list came with (``null``: none);
    another plan now answers 409."""

    model_config = ConfigDict(
        strict=True,
        extra="forbid",
        json_schema_extra={
            "examples": [{"step": 0, "index": 0}, {"step": 0, "undo": 0}, {"step": 0, "auto": True}]
        },
    )

    step: Annotated[int, Field(ge=0, le=_MAX_INT)]
    index: Annotated[int, Field(ge=0, le=_MAX_INT)] | None = None
    undo: Annotated[int, Field(ge=0, le=_MAX_INT)] | None = None
    auto: bool = False
    plan: Annotated[str, Field(max_length=MAX_ORDER_CHARS)] | None = None

    @model_validator(mode="after")
    def _one(self) -> ChoiceBody:
        given = [n for n in ("index", "undo") if getattr(self, n) is not None]
        if self.auto:
            given.append("auto")
        if len(given) != 1:
            raise ValueError("give one of index, undo or auto: true")
        return self


class Choice(BaseModel):
    index: int
    text: str = Field(description="the order in the ruleset's notation")
    action: str = Field(
        description="what the choice adds to the plan, in words (a stepwise list's entries "
        "but the last); else the text"
    )
    piece: str | None = Field(description="the counter it concerns (board.svg's data-ref)")
    hexes: list[str] = Field(description="the hexes to mark (board.svg's data-hex)")
    kind: str = Field(description="what the mark means: move, fire, assault, place, submit...")


class Submitted(BaseModel):
    seq: int
    step: int
    late: bool
    message: str


class ChoicesAnswer(BaseModel):
    step: int = Field(description="the game's decision step the list is for")
    plan: str | None = Field(description="the plan built so far, in notation")
    actions: list[str] = Field(
        default_factory=list, description="the plan's actions, one per choice taken (undo: k)"
    )
    choices: list[Choice]
    submitted: Submitted | None = Field(
        None, description="POST only: the order the choice submitted, once stored"
    )


@dataclass
class _SeatPlan:
    """One seat's plan in the making, and its last list (kept while nothing changed)."""

    key: tuple[int, int]  # (decision step, amendments) the plan was begun at
    plan: Order | None = None
    # each action taken: (the plan after it, what it added in words, its mark: piece, kind,
    # hexes -- how it is found again in a new list)
    taken: list[tuple[Order, str, tuple[Any, ...]]] = field(default_factory=list)
    listed: tuple[tuple[int, Order | None], _Listing] | None = None


@dataclass
class _Listing:
    step: int
    orders: list[Order] = field(default_factory=list)
    stepwise: bool = False
    answer: dict[str, Any] = field(default_factory=dict)


def _seat_plan(live: _Live, side: str) -> _SeatPlan:
    """The side's plan, dropped when the step changed or the umpire amended the game."""
    key = (live.session.game.step, live.amendments)
    held = live.plans.get(side)
    if not isinstance(held, _SeatPlan) or held.key != key:
        held = live.plans[side] = _SeatPlan(key)
    return held


def _listing(live: _Live, side: str) -> _Listing:
    """The side's choices now (the game's lock held)."""
    game = live.session.game
    decision = game.decision()
    if decision is None or side not in decision.sides:
        live.plans.pop(side, None)
        return _Listing(
            game.step, answer={"step": game.step, "plan": None, "actions": [], "choices": []}
        )
    held = _seat_plan(live, side)
    key = (game.order_count, held.plan)
    if held.listed is not None and held.listed[0] == key:
        return held.listed[1]
    view = game.view(side)
    orders, stepwise = list_choices(game.ruleset, view, held.plan, setups="pieces")
    marks = game.ruleset.describe_choices(view, orders, held.plan)
    if len(marks) != len(orders):
        raise RuntimeError(
            f"{game.info.id}: describe_choices gave {len(marks)} marks for {len(orders)} orders"
        )
    plan = None if held.plan is None else notation(held.plan)
    texts = [notation(order) for order in orders]
    extends = len(orders) - 1 if stepwise else 0  # the entries that extend the plan
    before = plan
    if before is None and extends > 1:  # a keyword every first action shares: "setup", "units"
        firsts = {text.split(" ", 1)[0] for text in texts[:extends]}
        if len(firsts) == 1 and all(" " in text for text in texts[:extends]):
            before = firsts.pop()
    answer = {
        "step": game.step,
        "plan": plan,
        "actions": [words for _, words, _ in held.taken],
        "choices": [
            {
                "index": i,
                "text": text,
                "action": _added(before, text) if i < extends else text,
                "piece": mark.piece,
                "hexes": [str(h) for h in mark.hexes],
                "kind": mark.kind,
            }
            for i, (text, mark) in enumerate(zip(texts, marks, strict=True))
        ],
    }
    listing = _Listing(game.step, orders, stepwise, answer)
    held.listed = (key, listing)
    return listing


def current(hub: Hub, token: str, game_id: str) -> dict[str, Any]:
    """The seat's choices now (within :meth:`Hub.call`); the umpire's list is empty."""
    seat, side = hub.check_seat(token, game_id, None)
    live = hub._get(game_id)
    if seat.side is None or side is None:
        step = live.session.game.step
        return {"step": step, "plan": None, "actions": [], "choices": []}
    return _listing(live, side).answer


def _added(before: str | None, after: str) -> str:
    """What ``after`` (a plan's notation) says that ``before`` did not: an action's words."""
    left = Counter((before or "").replace(";", " ").split())
    out = []
    for word in after.replace(";", " ").split():
        if left[word] > 0:
            left[word] -= 1
        else:
            out.append(word)
    return " ".join(out) or after


def _mark(listing: _Listing, i: int) -> tuple[Any, ...]:
    c = listing.answer["choices"][i]
    return (c["piece"], c["kind"], tuple(c["hexes"]))


def _extend(live: _Live, side: str, listing: _Listing, i: int) -> None:
    held = _seat_plan(live, side)
    held.taken.append(
        (listing.orders[i], listing.answer["choices"][i]["action"], _mark(listing, i))
    )
    held.plan = listing.orders[i]


def _undo(live: _Live, side: str, k: int) -> None:
    """Take action ``k`` of the side's plan back; the actions after it are taken again where
    the new lists still offer them (the same piece, kind and hexes), else dropped."""
    held = _seat_plan(live, side)
    if k >= len(held.taken):
        raise SeatError(422, f"the plan has {len(held.taken)} action(s): no action {k} to undo")
    later = held.taken[k + 1 :]
    del held.taken[k:]
    held.plan = held.taken[-1][0] if held.taken else None
    for _, _, mark in later:
        listing = _listing(live, side)
        last = len(listing.orders) - (1 if listing.stepwise else 0)
        found = next((i for i in range(last) if _mark(listing, i) == mark), None)
        if found is not None:
            _extend(live, side, listing, found)


@dataclass
class _Taken:
    answer: dict[str, Any] | None  # the list after a choice that extended the plan
    submitted: SubmittedOrder | None = None
    late: Any = None  # Hub._submit's word on a late order (true, or its message)
    deadline: tuple[int, float, float] | None = None
    agents: bool = False  # computer players may answer


def take(hub: Hub, token: str, game_id: str, body: ChoiceBody) -> _Taken:
    """Take the seat's choice ``body.index`` of step ``body.step`` (within :meth:`Hub.call`):
    extend its plan, or submit the order as a typed order is submitted."""
    seat, side = hub.check_seat(token, game_id, None)
    if seat.side is None or side is None:
        raise SeatError(403, "the umpire gives no orders")
    live = hub._get(game_id)
    game = live.session.game
    if body.step != game.step:
        raise SeatError(
            409,
            f"the choices of step {body.step} are gone: the game is at step {game.step} "
            "(read the choices again)",
        )
    listing = _listing(live, side)
    if not listing.orders:
        raise SeatError(409, f"{side} has nothing to decide at step {game.step}")
    if body.auto:
        suggested = computer_order(live.session, side)
        if suggested is None:
            raise SeatError(422, "the computer would concede here; concede if you agree")
        submitted, late, deadline = hub._submit(game_id, side, suggested[1])
        live.plans.pop(side, None)
        return _Taken(None, submitted, late, deadline, bool(live.session.agents))
    if "plan" in body.model_fields_set and body.plan != listing.answer["plan"]:
        raise SeatError(
            409,
            f"the plan is now {listing.answer['plan']!r}, not {body.plan!r} (read the choices "
            "again)",
        )
    if body.undo is not None:
        _undo(live, side, body.undo)
        return _Taken(_listing(live, side).answer)
    assert body.index is not None
    n = len(listing.orders)
    if body.index >= n:
        raise SeatError(
            422, f"choice {body.index} is not offered: {side} has choices 0..{n - 1} now"
        )
    order = listing.orders[body.index]
    if listing.stepwise and body.index < n - 1:  # one more action in the plan
        _extend(live, side, listing, body.index)
        return _Taken(_listing(live, side).answer)
    submitted, late, deadline = hub._submit(game_id, side, order.to_json())
    live.plans.pop(side, None)
    return _Taken(None, submitted, late, deadline, bool(live.session.agents))


def choices_router(
    hub: Hub,
    token_of: Callable[[Request, str], str],
    json_response: Callable[..., Response],
) -> APIRouter:
    router = APIRouter()

    def refused(e: SeatError) -> HTTPException:
        headers = {"WWW-Authenticate": "Bearer"} if e.status == 401 else None
        return HTTPException(e.status, str(e), headers=headers)

    @router.get(
        "/api/games/{game_id}/choices",
        response_class=JSONResponse,
        responses={
            200: {"model": ChoicesAnswer, "description": "the seat's choices now"},
            **error_responses(401, 403, 404),
        },
    )
    async def get_choices(request: Request, game_id: str) -> Response:
        token = token_of(request, game_id)
        try:
            return json_response(await hub.call(current, hub, token, game_id))
        except SeatError as e:
            raise refused(e) from None

    @router.post(
        "/api/games/{game_id}/choices",
        response_class=JSONResponse,
        openapi_extra=body_schema(ChoiceBody),
        responses={
            200: {
                "model": ChoicesAnswer,
                "description": "the seat's choices after the one taken (an order it submitted "
                "is stored)",
            },
            **error_responses(401, 403, 404, 409, 413, 415, 422, 503),
        },
    )
    async def post_choice(request: Request, game_id: str) -> Response:
        body = await json_body(request, ChoiceBody)
        token = token_of(request, game_id)
        try:
            taken = await hub.call(take, hub, token, game_id, body)
        except SeatError as e:
            raise refused(e) from None
        except (IllegalOrderError, GameOverError, InvalidInputError) as e:
            return JSONResponse({"detail": str(e), "rule": getattr(e, "rule", "")}, status_code=422)
        if taken.submitted is None:
            assert taken.answer is not None
            return json_response(taken.answer)
        if taken.agents:  # the reply brings the computer's answer if it comes soon
            await hub.settled(game_id, hub.answer_wait)
        try:
            answer = await hub.call(current, hub, token, game_id)
        except SeatError as e:
            raise refused(e) from None
        s = taken.submitted
        late = taken.late
        if isinstance(late, str):
            message = late
        elif late:
            message = f"too late: your order was replaced by the late order (order {s.seq})"
        else:
            message = f"ok: order {s.seq} accepted"
        answer["submitted"] = {"seq": s.seq, "step": s.step, "late": bool(late), "message": message}
        deadline = taken.deadline

        async def notify() -> None:  # on the event loop, once the reply is sent
            hub._bump(game_id, deadline)

        return json_response(answer, background=BackgroundTask(notify))

    return router
