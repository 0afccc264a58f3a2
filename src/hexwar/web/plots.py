"""Plots in the web pages: the single-game plots of ``hexwar run --plots`` (one implementation,
:func:`hexwar.analysis.plots.game_figures`), drawn by matplotlib on the server as SVG.

A seat sees the plots of what its side may know: its own forces' strength and losses (its part
of each summary), the FEBA of the engagements it was told of (its events), its own lines of the
ruleset's series; the umpire sees everything. The summaries over time come from the game's
record, replayed once on the games thread and followed order by order as the game goes on.

- ``GET /games/{id}/plots``: the page (``?side=`` for the umpire looking through a side).
- ``GET /api/games/{id}/plots``: ``{"plots": [{"name", "title", "url"}]}``.
- ``GET /api/games/{id}/plots/{name}.svg``: one plot.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import Response
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel

from hexwar.analysis.timeline import Timeline
from hexwar.core import registry
from hexwar.core.game import Game
from hexwar.web.api_schema import error_responses, page_error_responses
from hexwar.web.hub import Hub, SeatError

__all__ = ["figures_svg", "plots_router"]

MAX_FOLLOWED = 16  # games whose replicas are kept for their plots

Side = Annotated[str | None, Query(max_length=40, description="the side the umpire looks through")]


class Plot(BaseModel):
    name: str
    title: str
    url: str


class PlotList(BaseModel):
    plots: list[Plot]


@dataclass
class _Follow:
    """A replica of a game, fed the stored orders as they come, and its summaries."""

    game: Game[Any, Any]
    timeline: Timeline
    done: int = 0  # orders fed
    # (side or "", orders fed) -> {name: (title, svg)}
    drawn: dict[tuple[str, int], dict[str, tuple[str, str]]] = field(default_factory=dict)


def figures_svg(game: Game[Any, Any]) -> dict[str, str]:
    """Every plot of a finished batch game (the flank battle), name -> SVG: its one summary
    at the end, its series by the hour."""
    from hexwar.analysis.plots import game_figures, svg_text

    timeline = Timeline(game.info.id, game.info.sides)
    timeline.take(game)
    return {name: svg_text(fig) for name, fig in game_figures(game, timeline)}


def _title(name: str) -> str:
    return name.replace("-", " ").replace("_", " ")


def plots_router(
    hub: Hub, templates: Jinja2Templates, token_of: Callable[[Request, str], str]
) -> APIRouter:
    router = APIRouter()
    follows: OrderedDict[str, _Follow] = OrderedDict()  # on the games thread only

    def follow(game_id: str, live: Game[Any, Any]) -> _Follow:
        f = follows.get(game_id)
        orders = live.orders
        if f is None or f.done > len(orders):
            replica = registry.replay(live.record(), upto=0)
            f = follows[game_id] = _Follow(replica, Timeline(live.info.id, live.info.sides))
            f.timeline.take(replica)
        follows.move_to_end(game_id)
        while len(follows) > MAX_FOLLOWED:  # each holds a replica game: keep the last few
            follows.popitem(last=False)
        for submitted in orders[f.done :]:
            before = f.game.step
            f.game.submit(submitted.side, submitted.order)
            f.done += 1
            if f.game.step != before:
                f.timeline.take(f.game)
        return f

    def drawn(token: str, game_id: str, side: str | None) -> dict[str, tuple[str, str]]:
        """Every plot the seat may see, name -> (title, SVG), drawn once per game state."""
        from hexwar.analysis.plots import game_figures, svg_text

        game, looking = hub.seat_game(token, game_id, side)
        f = follow(game_id, game)
        key = (looking or "", f.done)
        cached = f.drawn.get(key)
        if cached is None:
            cached = {
                name: (_title(name), svg_text(fig))
                for name, fig in game_figures(f.game, f.timeline, looking)
            }
            f.drawn = {k: v for k, v in f.drawn.items() if k[1] == f.done}
            f.drawn[key] = cached
        return cached

    async def plots_of(request: Request, game_id: str, side: str | None) -> Any:
        token = token_of(request, game_id)
        try:
            return await hub.call(drawn, token, game_id, side)
        except SeatError as e:
            raise HTTPException(e.status, str(e)) from None

    def query(side: str | None) -> str:
        return f"?side={side}" if side else ""

    @router.get(
        "/api/games/{game_id}/plots",
        response_model=None,
        responses={200: {"model": PlotList}, **error_responses(401, 403, 404, 422)},
    )
    async def plot_list(request: Request, game_id: str, side: Side = None) -> Any:
        plots = await plots_of(request, game_id, side)
        return {
            "plots": [
                {
                    "name": name,
                    "title": title,
                    "url": f"/api/games/{game_id}/plots/{name}.svg{query(side)}",
                }
                for name, (title, _svg) in plots.items()
            ]
        }

    @router.get(
        "/api/games/{game_id}/plots/{name}.svg",
        response_class=Response,
        responses={
            200: {"content": {"image/svg+xml": {}}, "description": "one plot"},
            **error_responses(401, 403, 404, 422),
        },
    )
    async def plot_svg(request: Request, game_id: str, name: str, side: Side = None) -> Response:
        plots = await plots_of(request, game_id, side)
        if name not in plots:
            raise HTTPException(404, f"no plot {name!r} for this seat ({', '.join(plots)})")
        return Response(
            plots[name][1], media_type="image/svg+xml", headers={"Cache-Control": "no-store"}
        )

    @router.get(
        "/games/{game_id}/plots",
        response_class=Response,  # (the declared types below: errors are JSON or HTML)
        responses={
            200: {"content": {"text/html": {}}, "description": "the plots page"},
            **page_error_responses(401, 403, 404, 422),
        },
    )
    async def plot_page(request: Request, game_id: str, side: Side = None) -> Response:
        plots = await plots_of(request, game_id, side)
        token = token_of(request, game_id)
        seat, looking = await hub.call(hub.check_seat, token, game_id, side)
        return templates.TemplateResponse(
            request,
            "plots.html",
            {
                "game_id": game_id,
                "role": seat.role,
                "looking": looking,
                "plots": [
                    (title, f"/api/games/{game_id}/plots/{name}.svg{query(side)}", name)
                    for name, (title, _svg) in plots.items()
                ],
            },
        )

    return router
