"""The FastAPI application: pages (lobby, game, replay) and the JSON/SSE/SVG API.

Routes for scripts and tests (each game route authorised by the seat's cookie or an
``Authorization: Bearer <token>`` header: 401 without a valid token, 403 for a token of another
game or another side):

- ``POST /api/games``: JSON ``{"scenario", "seed", "seats": {side: "human" | agent}}``
  (or ``"scenario_text"`` + ``"scenario_name"`` for a scenario file's content) -> the game id,
  one secret link per human side and the umpire's link, and their tokens.
- ``GET /api/games/{id}/view``: the seat's view, board description and page state.
- ``GET /api/games/{id}/events``: Server-Sent Events: ``log`` (one per event the seat may see,
  ``id`` = its sequence number; a reconnect resumes after ``Last-Event-ID``) and ``state``.
- ``POST /api/games/{id}/orders``: ``{"order": text or JSON}`` -> 200 once stored; 422 with the
  rule's message for an illegal order.
- ``GET /api/games/{id}/board.svg`` (``?at=N``: after the first N orders, for the replay).
- ``GET /api/games/{id}/replay``: the replay frames and the seat's events.
- ``POST /api/games/{id}/amend``: the umpire's amendments (``hexwar.web.umpire``).
"""

from __future__ import annotations

import asyncio
import hmac
import inspect
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

import orjson
from fastapi import FastAPI, File, Form, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
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
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from starlette.background import BackgroundTask
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hexwar.agents import distinct_agent_names
from hexwar.core import registry
from hexwar.core.errors import (
    GameOverError,
    HexwarError,
    IllegalOrderError,
    InvalidInputError,
    UnknownScenarioError,
)
from hexwar.core.rng import SEEDS
from hexwar.scenarios import load_document, peek_ruleset, validate
from hexwar.sessions import ResolvedScenario, bundled_scenario
from hexwar.web.api_schema import body_schema, error_responses, page_error_responses
from hexwar.web.extensions import STATIC_ROOT, WebContext, installed_extensions
from hexwar.web.guard import (
    MAX_UPLOAD,
    BodyTooLarge,
    body_limit,
    bounded_receive,
    cross_origin,
    declared_length,
    json_body,
    read_body,
)
from hexwar.web.hub import HUMAN, MAX_COMPUTER_GAMES, Hub, SeatError
from hexwar.web.seats import UMPIRE, Seat
from hexwar.web.streams import event_stream, resume_after

__all__ = ["CreateGame", "OrderBody", "create_app"]

log = logging.getLogger("hexwar.web")

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
# A Last-Event-ID header this server could have sent (an event's sequence number); another is
# ignored, as no header is: int() refuses some text str.isdigit() passes ('²', 5,000 digits).
# An uploaded scenario's keys, tables and arrays (counted as '=', ':', '[' and '{'), checked
# before it is parsed: its parse and validation cost grow with them (30,000 tables took 7 s);
# the largest bundled scenario has under 2,000.
MAX_UPLOAD_ENTRIES = 20_000
# What a game's route may refuse: no token or an unknown one, another game's or side's, no such
# game, a malformed query or an unknown side.
_REFUSALS = error_responses(401, 403, 404, 422)


_SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # links carry tokens
]


def _secured(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """``headers`` with the security headers it does not set itself."""
    names = {k.lower() for k, _ in headers}
    return [*headers, *((k, v) for k, v in _SECURITY_HEADERS if k not in names)]


class SecurityHeaders:
    """Adds the security headers to every HTTP response (a plain ASGI middleware: it does not
    buffer, so event streams pass straight through)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = _secured(list(message.get("headers", [])))
            await send(message)

        await self.app(scope, receive, with_headers)


_ORDER_PATH = re.compile(r"/api/games/([^/]+)/orders")


class HexwarApp(FastAPI):
    """FastAPI with one fast lane: ``POST /api/games/{id}/orders``, the request players make
    most and wait for, goes to :attr:`order_endpoint` before FastAPI's middleware stack and
    router (server errors, body limits, exception handlers, matching every route: 0.07 ms of
    an order's round trip of about 1 ms). It answers as the same route in the table would:
    with the security headers, an HTTP error through the app's own handler (JSON
    ``{"detail"}``); an unexpected error is the server's 500."""

    order_endpoint: Callable[[Request], Awaitable[Response]] | None = None
    origins: tuple[str, ...] = ()  # other origins whose pages may change things here

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refused = cross_origin(scope, self.origins)
            if refused is None and declared_length(_header(scope, b"content-length")) > (
                limit := body_limit(scope["path"])
            ):
                await _plain_error(413, f"the body is too large ({limit} bytes at most)", send)
                return
            if refused is not None:
                await _plain_error(403, refused, send)
                return
            receive = bounded_receive(receive, body_limit(scope["path"]))
        lane = self.order_endpoint
        if lane is not None and scope["type"] == "http" and scope["method"] == "POST":
            found = _ORDER_PATH.fullmatch(scope["path"])
            if found is not None:
                scope["app"] = self
                scope["path_params"] = {"game_id": found[1]}
                request = Request(scope, receive, send)
                try:
                    response = await lane(request)
                except StarletteHTTPException as exc:
                    handled = self.exception_handlers[StarletteHTTPException](request, exc)
                    response = await handled if inspect.isawaitable(handled) else handled
                except ClientDisconnect as exc:
                    response = _gone(request, exc)
                response.raw_headers = _secured(response.raw_headers)
                await response(scope, receive, send)
                return
        await super().__call__(scope, receive, send)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key.lower() == name:
            return str(value.decode("latin-1"))
    return None


async def _plain_error(status: int, detail: str, send: Send) -> None:
    """An error answered before any route: JSON ``{"detail"}`` with the security headers."""
    body = orjson.dumps({"detail": detail})
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": _secured(headers)})
    await send({"type": "http.response.body", "body": body})


def _gone(request: Request, exc: ClientDisconnect) -> Response:
    """The answer to a body cut off: 413 when it passed its bound, else (the client went away
    mid-upload) a line in the log and an answer nobody reads."""
    if isinstance(exc, BodyTooLarge):
        return JSONResponse({"detail": str(exc)}, status_code=413, headers={"Connection": "close"})
    log.info(
        "%s %s: the client went away before its body arrived", request.method, request.url.path
    )
    return Response(status_code=400)


def json_response(
    data: Any, status_code: int = 200, background: BackgroundTask | None = None
) -> Response:
    """``data`` (plain JSON data: dicts, lists, strings, numbers) as a JSON response, written
    straight out by orjson: FastAPI's ``jsonable_encoder``, which a returned dict goes through,
    took 1.5 ms over one Aggressor view (and far more over a board), ``json.dumps`` 0.2 ms,
    orjson 4 us."""
    return Response(
        orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS),  # int keys as strings, as json does
        status_code=status_code,
        media_type="application/json",
        background=background,
    )


def cookie_name(game_id: str) -> str:
    return f"hexwar_{game_id}"


def _resolve_text(text: str, name: str) -> ResolvedScenario:
    """A scenario from an uploaded file's text, validated (ScenarioError lists every problem
    at its line); refused unparsed beyond :data:`MAX_UPLOAD` bytes or
    :data:`MAX_UPLOAD_ENTRIES` entries."""
    if len(text) > MAX_UPLOAD:
        raise InvalidInputError(f"{name}: too large for an upload ({MAX_UPLOAD} bytes at most)")
    entries = sum(text.count(c) for c in "=:[{")
    if entries > MAX_UPLOAD_ENTRIES:
        raise InvalidInputError(
            f"{name}: {entries} keys, tables and arrays (counting '=', ':', '[' and '{{'); an "
            f"upload holds {MAX_UPLOAD_ENTRIES} at most: run larger scenarios with "
            "`hexwar run FILE` or `hexwar play FILE`"
        )
    fmt: Literal["json", "toml"] = (
        "json" if name.endswith(".json") or text.lstrip().startswith("{") else "toml"
    )
    document = load_document(text, fmt=fmt, name=name)
    ruleset = registry.get(peek_ruleset(document))
    return ResolvedScenario(ruleset, validate(document, ruleset.scenario_model), name)


class CreateGame(BaseModel):
    """The body of ``POST /api/games``: a bundled scenario's id or a scenario file's text."""

    model_config = ConfigDict(extra="forbid")
    scenario: StrictStr | None = Field(
        None,
        max_length=200,
        description="a bundled scenario's id (ruleset/name, as the lobby lists them)",
    )
    scenario_text: StrictStr | None = Field(
        None, max_length=MAX_UPLOAD, description="a scenario file's content (TOML or JSON)"
    )
    scenario_name: StrictStr | None = Field(None, max_length=200)
    seed: StrictInt | None = Field(None, ge=SEEDS.start, le=SEEDS.stop - 1)
    seats: dict[StrictStr, StrictStr] = Field(
        default_factory=dict, max_length=16, description="side -> 'human' or an agent's name"
    )
    password: StrictStr | None = Field(None, max_length=1000)


class OrderBody(BaseModel):
    """The body of ``POST /api/games/{id}/orders``."""

    order: Any = Field(description="the order in the ruleset's notation, or its JSON")
    side: StrictStr | None = Field(None, description="the side (a seat plays its own)")


def _is_json(request: Request) -> bool:
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    return media == "application/json"


def _message(e: Exception) -> str:
    """An error's message (a KeyError's own ``str`` quotes it)."""
    return str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)


def _bundled(scenario: str) -> ResolvedScenario:
    """A bundled scenario by id; anything else is refused with one message, whatever the
    server's file system holds (a caller never learns whether a path exists)."""
    ruleset_id, slash, name = scenario.partition("/")
    if (
        not slash
        or not ruleset_id
        or not name
        or "/" in name
        or scenario.endswith((".toml", ".json"))
    ):
        raise UnknownScenarioError(
            f"scenario {scenario[:80]!r}: not a bundled scenario's id (ruleset/name, as the "
            "lobby lists them); send a scenario file's content as scenario_text"
        )
    return bundled_scenario(scenario)


def _http(e: SeatError) -> HTTPException:
    headers = {"WWW-Authenticate": "Bearer"} if e.status == 401 else None
    return HTTPException(e.status, str(e), headers=headers)


def _lobby_data() -> dict[str, Any]:
    rulesets = []
    for r in registry.all_rulesets():
        rulesets.append(
            {
                "id": r.info.id,
                "title": r.info.title,
                "summary": r.info.summary,
                "sides": list(r.info.sides),
                "agents": distinct_agent_names(r),  # one entry per agent (no old names)
                "scenarios": list(r.bundled_scenarios()),
                "board": r.draws_board(),
            }
        )
    return {"rulesets": rulesets}


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
    uploads = asyncio.Semaphore(1)
    app.state.hub = hub
    extensions = {ruleset.info.id: extension for ruleset, extension in installed_extensions()}
    # A ruleset's templates are known as "<id>/<name>"; its static files are served under
    # /static/rulesets/<id>/ (mounted before /static, which would take the path first).
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
        return _gone(request, exc)

    # -- authorisation ---------------------------------------------------------------------------

    def check_password(given: str | None) -> None:
        if password is None:
            return
        if given is None or not hmac.compare_digest(given.encode(), password.encode()):
            raise HTTPException(401, "this server asks for a password to create games")

    def token_of(request: Request, game_id: str) -> str:
        """The token presented with the request (Bearer header, else the game's cookie)."""
        if not _GAME_ID.fullmatch(game_id):
            raise HTTPException(404, f"no game {game_id!r}")
        token = None
        header = request.headers.get("authorization", "")
        if header[:7].lower() == "bearer ":
            token = header[7:].strip()
        if not token:
            token = request.cookies.get(cookie_name(game_id))
        if not token:
            raise HTTPException(
                401,
                "not signed in: open your seat's link, or send Authorization: Bearer <token>",
                headers={"WWW-Authenticate": "Bearer"},
            )
        return token

    async def authorise(
        request: Request, game_id: str, side: str | None
    ) -> tuple[Seat, str | None]:
        """The seat presented with the request and the side it looks at (``None``: the umpire
        looks at everything)."""
        token = token_of(request, game_id)
        try:
            return await hub.call(hub.check_seat, token, game_id, side)
        except SeatError as e:
            raise _http(e) from None

    from hexwar.web.umpire import umpire_router

    app.include_router(umpire_router(hub, token_of, json_response))  # POST .../amend
    from hexwar.web.rematch import rematch_router

    app.include_router(rematch_router(hub, token_of, check_password, json_response))

    # -- pages -----------------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> Response:
        return templates.TemplateResponse(
            request,
            "lobby.html",
            {
                "data": _lobby_data(),
                "password": password is not None,
                "error": None,
                "games": await hub.call(hub.games),
            },
        )

    async def _create(
        request: Request,
        scenario: str | None,
        text: str | None,
        name: str,
        seed: int | None,
        seats: dict[str, str],
    ) -> dict[str, Any]:
        try:
            if text is not None:
                async with uploads:  # one upload parsed at a time: their memory adds up
                    resolved = await asyncio.to_thread(_resolve_text, text, name)
            elif scenario:
                resolved = await asyncio.to_thread(_bundled, scenario)
            else:
                raise InvalidInputError("give a scenario (a bundled id) or a scenario file")
            created = await hub.create(resolved, seed, seats)
        except SeatError as e:
            raise _http(e) from None
        except HexwarError as e:  # a bad scenario, ruleset, seat or player
            problems = [str(p) for p in getattr(e, "problems", [])] or [_message(e)]
            raise HTTPException(422, {"message": "invalid game", "problems": problems}) from None
        base = str(request.base_url).rstrip("/")
        links = {
            role: f"{base}/join/{created.game_id}?token={token}"
            for role, token in created.tokens.items()
        }
        return {
            "id": created.game_id,
            "ruleset": resolved.ruleset.info.id,
            "scenario": resolved.scenario_id,
            "links": {r: u for r, u in links.items() if r != UMPIRE},
            "umpire": links[UMPIRE],
            "tokens": created.tokens,
        }

    @app.post(
        "/lobby",
        response_class=Response,  # (the declared types below: errors are HTML or JSON)
        responses={
            200: {"content": {"text/html": {}}, "description": "the new game's links"},
            **page_error_responses(400, 401, 403, 413, 422, 429, 503, change=True),
        },
    )
    async def lobby_create(
        request: Request,
        scenario: Annotated[str, Form()] = "",
        seed: Annotated[str, Form()] = "",
        seat0: Annotated[str, Form()] = HUMAN,
        seat1: Annotated[str, Form()] = HUMAN,
        password_given: Annotated[str | None, Form(alias="password")] = None,
        upload: Annotated[UploadFile | None, File()] = None,
    ) -> Response:
        check_password(password_given)
        text = None
        name = "uploaded scenario"
        if upload is not None and upload.filename:
            raw = await upload.read(MAX_UPLOAD + 1)
            if len(raw) > MAX_UPLOAD:
                raise HTTPException(413, "scenario file too large (2 MB at most)")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = None
                error = {"message": "invalid game", "problems": [f"{upload.filename}: not UTF-8"]}
                return await _lobby_error(request, error)
            name = upload.filename
        try:
            seed_value = int(seed) if seed.strip() else None
        except ValueError:
            return await _lobby_error(
                request, {"message": "invalid game", "problems": [f"seed {seed!r}: not a number"]}
            )
        try:
            if text is not None:
                sides = (await asyncio.to_thread(_resolve_text, text, name)).ruleset.info.sides
            else:
                sides = registry.get(scenario.partition("/")[0]).info.sides
        except (HexwarError, LookupError) as e:
            problems = [str(p) for p in getattr(e, "problems", [])] or [str(e)]
            return await _lobby_error(request, {"message": "invalid game", "problems": problems})
        seats = dict(zip(sides, (seat0, seat1), strict=False))
        try:
            made = await _create(request, scenario or None, text, name, seed_value, seats)
        except HTTPException as e:
            if e.status_code == 422 and isinstance(e.detail, dict):
                return await _lobby_error(request, e.detail)
            raise
        return templates.TemplateResponse(request, "created.html", {"game": made})

    async def _lobby_error(request: Request, error: dict[str, Any]) -> Response:
        return templates.TemplateResponse(
            request,
            "lobby.html",
            {
                "data": _lobby_data(),
                "password": password is not None,
                "error": error,
                "games": await hub.call(hub.games),
            },
            status_code=422,
        )

    @app.get(
        "/join/{game_id}",
        response_class=Response,
        responses={
            200: {"content": {"text/html": {}}, "description": "signs the seat in"},
            **page_error_responses(403, 422),
        },
    )
    async def join(request: Request, game_id: str, token: str = "") -> Response:
        seat = await hub.seat(token) if token else None
        if seat is None or seat.game_id != game_id:
            raise HTTPException(403, "this link does not open a seat of this game")
        await hub.call(hub.seats.mark_joined, token)  # the lobby lists the seat as taken
        # A page (not a redirect) sets the cookie and moves on: a SameSite=Strict cookie is
        # not sent on a redirect that began on another site (a link in a chat program).
        response = templates.TemplateResponse(
            request, "join.html", {"game_id": game_id, "role": seat.role}
        )
        response.set_cookie(
            cookie_name(game_id),
            token,
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
            max_age=60 * 60 * 24 * 365,
            path="/",
        )
        return response

    @app.get(
        "/games/{game_id}",
        response_class=Response,
        responses={
            200: {"content": {"text/html": {}}, "description": "the game's page"},
            **page_error_responses(401, 403, 404, 422),
        },
    )
    async def game_page(request: Request, game_id: str) -> Response:
        seat, _side = await authorise(request, game_id, None)
        state = await hub.call(hub.state, game_id, seat)
        ruleset = registry.get(state["ruleset"])
        return templates.TemplateResponse(
            request,
            "game.html",
            {
                "state": state,
                "game_id": game_id,
                "role": seat.role,
                "amend_help": ruleset.amendment_help,
            },
        )

    @app.get(
        "/games/{game_id}/replay",
        response_class=Response,
        responses={
            200: {"content": {"text/html": {}}, "description": "the replay's page"},
            **page_error_responses(401, 403, 404, 422),
        },
    )
    async def replay_page(request: Request, game_id: str) -> Response:
        seat, _side = await authorise(request, game_id, None)
        state = await hub.call(hub.state, game_id, seat)
        return templates.TemplateResponse(
            request, "replay.html", {"state": state, "game_id": game_id, "role": seat.role}
        )

    # -- API ---------------------------------------------------------------------------------------

    @app.post(
        "/api/games",
        status_code=201,
        openapi_extra=body_schema(CreateGame),
        responses=error_responses(401, 403, 413, 415, 422, 429, 503),
    )
    async def api_create(request: Request) -> dict[str, Any]:
        body = await json_body(request, CreateGame)
        check_password(request.headers.get("x-hexwar-password") or body.password)
        return await _create(
            request,
            body.scenario,
            body.scenario_text,
            body.scenario_name or "uploaded scenario",
            body.seed,
            dict(body.seats),
        )

    @app.get("/api/games/{game_id}/view", responses=_REFUSALS)
    async def api_view(request: Request, game_id: str, side: str | None = None) -> Response:
        try:
            view = await hub.call(hub.seat_view, token_of(request, game_id), game_id, side)
        except SeatError as e:
            raise _http(e) from None
        return json_response(view)

    @app.get("/api/games/{game_id}/state", responses=_REFUSALS)
    async def api_state(request: Request, game_id: str) -> Response:
        seat, _ = await authorise(request, game_id, None)
        return json_response(await hub.call(hub.state, game_id, seat))

    @app.get(
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
        _seat, looking = await authorise(request, game_id, side)
        svg = await hub.call(hub.board_svg, game_id, looking, at)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    @app.get("/api/games/{game_id}/replay", responses=_REFUSALS)
    async def api_replay(request: Request, game_id: str, side: str | None = None) -> Response:
        _seat, looking = await authorise(request, game_id, side)
        return json_response(await hub.call(hub.frames, game_id, looking))

    @app.get(
        "/api/games/{game_id}/log.txt",
        response_class=Response,
        responses={
            200: {"content": {"text/plain": {}}, "description": "the seat's log"},
            **_REFUSALS,
        },
    )
    async def api_log(request: Request, game_id: str, side: str | None = None) -> Response:
        _seat, looking = await authorise(request, game_id, side)
        text = await hub.call(hub.log_text, game_id, looking)
        return Response(text, media_type="text/plain; charset=utf-8")

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
        token = token_of(request, game_id)
        order = body["order"]
        if isinstance(order, str):
            order = order.strip()
        try:
            submitted, late, after, notify = await hub.submit(token, game_id, side_asked, order)
        except SeatError as e:
            raise _http(e) from None
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

    # In the table (and the OpenAPI schema) like any route; served by the fast lane.
    app.add_api_route(
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
    app.order_endpoint = api_order

    @app.get(
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
        seat, looking = await authorise(request, game_id, side)

        async def news(last: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
            return await hub.call(hub.news, game_id, seat, looking, last)

        return event_stream(hub, request, game_id, resume_after(request, last_event_id), news)

    # Each ruleset's own routes and pages (its web extension), as the CLI mounts its commands.
    for ruleset_id, extension in extensions.items():
        context = WebContext(
            ruleset_id=ruleset_id,
            hub=hub,
            token_of=token_of,
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

    app.include_router(plots_router(hub, templates, token_of))
    from hexwar.web.choices import choices_router

    app.include_router(choices_router(hub, token_of, json_response))  # .../choices
    return app
