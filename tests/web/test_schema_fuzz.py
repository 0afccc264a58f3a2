"""Schemathesis fuzzes the web app through its own OpenAPI schema (issue 38 item 7): every
malformed request gets a 4xx, never a 5xx, and every answer matches what the schema declares.

The schema is the app's own (:meth:`FastAPI.openapi`, the document ``GET /openapi.json``
serves; :func:`test_the_fuzzed_schema_is_the_one_the_app_serves` keeps the two the same). It
is read at import from an app on a throwaway home, so that ``schema.parametrize()`` makes one
test per route; the requests go to a fresh app per route on one temporary home that holds
three real games (an Aggressor game, ``aggressor/sector`` with two human seats, an IDAHEX game
for the IDAHEX routes and a flank battle, ``flankbattle/hastings``, for the flank battle's). A
fresh app per route because Schemathesis' pytest plugin ends every in-process app's lifespan
after each test (``pytest_runtest_teardown``), and a hub does not open twice.
(``schemathesis.pytest.from_fixture`` would read the schema in a fixture instead, but its
subtests fail on pytest 9.2: ``'Function' object has no attribute '_nodeid'``.)

Each generated request is steered into deep code: its ``game_id`` is mostly a real game's, with
a token that opens it (a side's, or the umpire's: the umpire's first for amendments), sometimes
another game's token, an unknown token, none, or the generated id (401/403/404 paths).
Schemathesis' three phases run (explicit examples, the coverage phase's boundary and
wrong-type values, and fuzzing in positive and negative modes), derandomized, with few examples
a route.

Checks, on every route (each declares its answers, refusals included): no 5xx
(``not_a_server_error``), a malformed request is refused (``negative_data_rejection``), and
every answer conforms to the schema (status, content type, headers, body).

Excluded or bounded, and why:

- ``GET /api/games/{id}/events`` and ``/api/watch/{id}/events`` never end (event streams): cut
  after the first event and a short read timeout, so they are fuzzed like the others.
- ``POST /api/games``: generated seats are humans and ``random`` only, so no request makes the
  server play a long computer game.
- ``POST /api/games/{id}/orders`` (served by the app's fast lane, and in the route table with
  its body and path declared) is fuzzed like the others; the schema cannot say what an order
  is (any JSON, or the ruleset's notation), so the rules' refusals of generated orders are
  422s with the rule's message.
- Headers the schema does not declare (``Last-Event-ID``, ``X-Hexwar-Password``) and bodies
  that are not JSON at all are not generated.

The findings are regression tests in ``tests/web/test_bad_requests.py``.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from hexwar.web.app import create_app

EVENTS = "/api/games/{game_id}/events"
WATCH_EVENTS = "/api/watch/{game_id}/events"  # a spectator's stream: never ends either
CHECKS = [
    not_a_server_error,
    negative_data_rejection,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]

SAFE_PLAYERS = ("human", "random")  # others think: a computer-only game would play for long


def _openapi() -> dict[str, Any]:
    """The app's OpenAPI document (the same for every home; this one is thrown away)."""
    with tempfile.TemporaryDirectory() as tmp:
        return create_app(Path(tmp)).openapi()


CONFIG = schemathesis.Config.from_dict(
    {
        "operations": [
            # the event stream never ends: its first event, then cut
            {"include-path": EVENTS, "max-stream-events": 1, "request-timeout": 5},
            {"include-path": WATCH_EVENTS, "max-stream-events": 1, "request-timeout": 5},
        ],
    }
)
schema = schemathesis.openapi.from_dict(_openapi(), config=CONFIG)


@dataclass
class Target:
    """The app under test, the games on its home and the names worth asking for."""

    games: dict[str, dict[str, Any]] = field(default_factory=dict)  # ruleset -> created
    plots: list[str] = field(default_factory=list)  # of the Aggressor game, for its west seat
    run: str = ""  # a moderator's run of the app under test ("": none)
    run_plots: list[str] = field(default_factory=list)
    app: Any = None


TARGET = Target()


def _seats(path: str) -> list[tuple[str | None, str | None]]:
    """(game id, token) pairs for a route, the likeliest first (Hypothesis shrinks towards
    it); ``None`` game id: the generated one, ``None`` token: none sent."""
    aggressor, idahex = TARGET.games["aggressor"], TARGET.games["idahex"]
    main = idahex if "/idahex/" in path else aggressor
    if "/flankbattle/" in path:
        main = TARGET.games["flankbattle"]
    other = aggressor if main is idahex else idahex
    first = "umpire" if path.endswith("/amend") else next(iter(main["links"]))
    return [
        (main["id"], main["tokens"][first]),
        (main["id"], main["tokens"]["umpire"]),
        (main["id"], next(t for r, t in main["tokens"].items() if r not in (first, "umpire"))),
        (main["id"], other["tokens"]["umpire"]),
        (main["id"], "not-a-token"),
        (main["id"], None),
        (None, main["tokens"][first]),
    ]


def _names(path: str) -> list[str]:
    """Names a route's ``{name}`` may take that it knows (a plot's, a map's)."""
    if path.startswith("/api/moderator/runs/"):
        return TARGET.run_plots
    if path.startswith("/api/moderator/maps/"):
        return ["Hill", "Plain"]
    return TARGET.plots


@schema.hook
def flatmap_case(ctx: Any, case: Any) -> Any:
    """Steer a generated request to a real game and a token, a real run and names the route
    knows, mostly (see the module docstring)."""
    path = case.operation.path
    params = case.path_parameters or {}

    def steered(draw: tuple[tuple[str | None, str | None], bool, str | None]) -> Any:
        (game_id, token), real_run, name = draw
        if game_id is not None and "game_id" in params:
            params["game_id"] = game_id
        if real_run and TARGET.run and "run_id" in params:
            params["run_id"] = TARGET.run
        if name is not None and "name" in params:
            params["name"] = name
        if token is not None:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
        return case

    return st.tuples(
        st.sampled_from(_seats(path)),
        st.booleans().map(lambda b: not b),  # True first: shrinks to the real run
        st.sampled_from([*_names(path), None]),
    ).map(steered)


@schema.hook
def filter_body(ctx: Any, body: Any) -> bool:
    """No computer-only games that play for long (``POST /api/games``)."""
    if ctx.operation is None or ctx.operation.path != "/api/games" or not isinstance(body, dict):
        return True
    seats = body.get("seats")
    return not isinstance(seats, dict) or all(v in SAFE_PLAYERS for v in seats.values())


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A home with the games the requests are steered to."""
    home = tmp_path_factory.mktemp("fuzz-home")
    with TestClient(create_app(home)) as client:
        for ruleset, scenario, sides in (
            ("aggressor", "aggressor/sector", ("west", "east")),
            ("idahex", "idahex/sinai", ("red", "blue")),
            ("flankbattle", "flankbattle/hastings", ("attacker", "defender")),
        ):
            seats = dict.fromkeys(sides, "human")
            r = client.post("/api/games", json={"scenario": scenario, "seed": 1, "seats": seats})
            assert r.status_code == 201, r.text
            TARGET.games[ruleset] = r.json()
        aggressor = TARGET.games["aggressor"]
        west = {"Authorization": f"Bearer {aggressor['tokens']['west']}"}
        plots = client.get(f"/api/games/{aggressor['id']}/plots", headers=west)
        TARGET.plots = [p["name"] for p in plots.json()["plots"]]
    return home


@pytest.fixture
def target(home: Path, request: pytest.FixtureRequest) -> Iterator[Target]:
    """A fresh app on the home for each route (its lifespan starts with its first request and
    Schemathesis ends it after the test); for a route of a moderator's run, a run of the
    Battle of Hastings in it first (a run's plots live in the app that ran it)."""
    TARGET.app = create_app(home)
    TARGET.run, TARGET.run_plots = "", []
    if "{run_id}" in request.node.name:
        example = schema["/api/moderator/run"]["POST"].definition.raw["requestBody"]
        war = example["content"]["application/json"]["schema"]["examples"][0]
        with asgi.get_client(TARGET.app) as client:
            r = client.post("/api/moderator/run", json=war)
            assert r.status_code == 200, r.text
            TARGET.run = r.json()["run"]
            plots = client.get(f"/api/moderator/runs/{TARGET.run}/plots")
            TARGET.run_plots = [p["name"] for p in plots.json()["plots"]]
    yield TARGET
    asgi.shutdown_lifespans()
    TARGET.app = None


@schema.parametrize()
@settings(
    max_examples=25,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_route_answers_malformed_requests_with_4xx(case: Any, target: Target) -> None:
    """Issue 38 item 7: no request, however malformed, gets a 5xx; answers match the schema."""
    case.call_and_validate(app=target.app, checks=CHECKS)


def test_the_fuzzed_schema_is_the_one_the_app_serves(tmp_path: Path) -> None:
    """The fuzz reads :meth:`FastAPI.openapi`; ``GET /openapi.json`` serves the same."""
    with TestClient(create_app(tmp_path)) as client:
        served = client.get("/openapi.json")
    assert served.status_code == 200
    assert served.json() == _openapi()


def test_every_path_parameter_is_declared() -> None:
    """Each ``{name}`` of a path is a declared path parameter of its operations (the order
    route reads its own path and declares it by hand; Schemathesis refuses a path without)."""
    for path, item in _openapi()["paths"].items():
        for method, operation in item.items():
            given = {p["name"] for p in operation.get("parameters", []) if p["in"] == "path"}
            assert set(re.findall(r"{(\w+)}", path)) <= given, f"{method.upper()} {path}"
