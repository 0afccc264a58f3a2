"""The FastAPI application: pages (lobby, game, replay) and the JSON/SSE/SVG API.

:func:`create_app` assembles it: the ASGI layer (:mod:`hexwar.web.asgi`), the pages
(:mod:`hexwar.web.pages`), the games' API (:mod:`hexwar.web.games_api`, with the orders of
:mod:`hexwar.web.orders`), the umpire's, rematch, watch, plots and choices routers, and each
installed ruleset's web extension; :mod:`hexwar.web.access` checks passwords and seats, and
:mod:`hexwar.web.creation` creates games.

Routes for scripts and tests (each game route authorised by the seat's cookie or an
``Authorization: Bearer <token>`` header: 401 without a valid token, 403 for a token of another
game or another side):

- ``POST /api/games``: JSON ``{"scenario", "seed", "seats": {side: "human" | agent}}``
  (or ``"scenario_text"`` + ``"scenario_name"`` for a scenario file's content) -> the game id,
  one secret link per human side and the umpire's link, and their tokens.
- ``GET /api/games/{id}/view``: the seat's view, board description (the parts that change, and
  ``fixed``: the tag of the fixed board they go with) and page state.
- ``GET /api/games/{id}/board``: the seat's fixed board (hexes, terrain, legend: the same all
  game), ``ETag`` its tag; 304 on ``If-None-Match``.
- ``GET /api/games/{id}/events``: Server-Sent Events: ``log`` (one per event the seat may see,
  ``id`` = its sequence number; a reconnect resumes after ``Last-Event-ID``) and ``state``.
- ``POST /api/games/{id}/orders``: ``{"order": text or JSON}`` -> 200 once stored; 422 with the
  rule's message for an illegal order.
- ``GET /api/games/{id}/board.svg`` (``?at=N``: after the first N orders, for the replay).
- ``GET /api/games/{id}/replay``: the replay frames and the seat's events.
- ``POST /api/games/{id}/amend``: the umpire's amendments (``hexwar.web.umpire``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PackageLoader,
    PrefixLoader,
    select_autoescape,
)
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from hexwar.web.access import Access, cookie_name
from hexwar.web.asgi import HexwarApp, SecurityHeaders, gone, json_response
from hexwar.web.creation import MAX_UPLOAD_ENTRIES, CreateGame, Creation
from hexwar.web.extensions import STATIC_ROOT, WebContext, WebExtension, installed_extensions
from hexwar.web.games_api import games_router
from hexwar.web.hub import MAX_COMPUTER_GAMES, Hub
from hexwar.web.orders import OrderBody, order_endpoint
from hexwar.web.pages import pages_router

__all__ = ["MAX_UPLOAD_ENTRIES", "CreateGame", "OrderBody", "cookie_name", "create_app"]


def _templates(app: FastAPI, extensions: Mapping[str, WebExtension]) -> Jinja2Templates:
    """The pages' templates, with each ruleset's own known as "<id>/<name>"; a ruleset's
    static files are served under /static/rulesets/<id>/ (mounted before /static, which would
    take the path first)."""
    ruleset_templates: dict[str, BaseLoader] = {}
    for ruleset_id, extension in extensions.items():
        folder = extension.folder("templates")
        if folder is not None:
            ruleset_templates[ruleset_id] = FileSystemLoader(folder)
        folder = extension.folder("static")
        if folder is not None:
            app.mount(f"{STATIC_ROOT}/{ruleset_id}", StaticFiles(directory=folder))
    env = Environment(
        loader=ChoiceLoader(
            [PackageLoader("hexwar.web", "templates"), PrefixLoader(ruleset_templates)]
        ),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )

    def panels(ruleset_id: str, place: str) -> list[str]:
        """The templates of a ruleset's panels the game page includes at ``place``."""
        extension = extensions.get(ruleset_id)
        if extension is None:
            return []
        return [f"{ruleset_id}/{p.template}" for p in extension.panels if p.place == place]

    env.globals["ruleset_panels"] = panels
    env.globals["ruleset_lobby_notes"] = [
        f"{i}/{e.lobby}" for i, e in extensions.items() if e.lobby is not None
    ]
    templates = Jinja2Templates(env=env)
    app.mount("/static", StaticFiles(packages=[("hexwar.web", "static")]), name="static")
    return templates


def create_app(
    home: Path,
    *,
    password: str | None = None,
    options: Mapping[str, Any] | None = None,
    origins: Sequence[str] = (),
    max_computer_games: int = MAX_COMPUTER_GAMES,
) -> FastAPI:
    """The hexwar web application over the game store in ``home``. With ``password``, creating
    a game asks for it (field ``password`` or header ``X-Hexwar-Password``). Every installed
    ruleset's web extension is mounted (:mod:`hexwar.web.extensions`); ``options`` are the
    server's options for them, by name (``hexwar serve --option NAME=VALUE``). Pages served from
    ``origins`` (e.g. ``https://games.example.org`` behind a proxy that rewrites the Host
    header) may change things as the server's own do. At most ``max_computer_games``
    computer-only games play at once."""
    hub = Hub(home, max_computer_games=max_computer_games)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.open()
        try:
            yield
        finally:
            await hub.close()

    app = HexwarApp(title="hexwar", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.origins = tuple(origins)
    app.state.hub = hub
    extensions = {ruleset.info.id: extension for ruleset, extension in installed_extensions()}
    templates = _templates(app, extensions)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse(
                {"detail": exc.detail}, status_code=exc.status_code, headers=exc.headers
            )
        return templates.TemplateResponse(
            request,
            "error.html",
            {"status": exc.status_code, "detail": exc.detail},
            status_code=exc.status_code,
        )

    @app.exception_handler(ClientDisconnect)
    async def client_gone(request: Request, exc: ClientDisconnect) -> Response:
        return gone(request, exc)

    access = Access(hub, password)
    creation = Creation(hub)
    from hexwar.web.umpire import umpire_router

    app.include_router(umpire_router(hub, access.token_of, json_response))  # POST .../amend
    from hexwar.web.rematch import rematch_router

    app.include_router(rematch_router(hub, access.token_of, access.check_password, json_response))
    app.include_router(pages_router(hub, access, creation, templates))
    api_order = order_endpoint(hub, access)
    app.include_router(games_router(hub, access, creation, api_order))
    app.order_endpoint = api_order  # the fast lane (HexwarApp) serves the orders
    # Each ruleset's own routes and pages (its web extension), as the CLI mounts its commands.
    for ruleset_id, extension in extensions.items():
        context = WebContext(
            ruleset_id=ruleset_id,
            hub=hub,
            token_of=access.token_of,
            templates=templates,
            home=home / ruleset_id,
            server_home=home,
            password=password,
            options=dict(options or {}),
        )
        for router in extension.routers:
            app.include_router(router(context))
    from hexwar.web.watch import watch_router

    app.include_router(watch_router(hub, templates))
    from hexwar.web.plots import plots_router

    app.include_router(plots_router(hub, templates, access.token_of))
    from hexwar.web.choices import choices_router

    app.include_router(choices_router(hub, access.token_of, json_response))  # .../choices
    return app
