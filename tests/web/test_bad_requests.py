"""Bad requests get a 4xx that names what is wrong, never a 5xx (issue 38 item 7: "17 kinds of
bad request answer 500", the connection reset after them).

One test per finding of the issue, on the real app through TestClient (a live server where
the finding was about the connection, or about a header only a real client sends). A
malformed body is a 422 whose ``detail`` is ``{"message", "problems"}``, each problem naming its
field first (``seed: Input should be ...``, ``flanks.0.1.x: ...``: see
:func:`hexwar.web.guard.json_body`); a body that is not JSON at all is a 422 saying so, one not
declared as JSON a 415. Schemathesis fuzzes every route of the schema besides
(``test_schema_fuzz.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from hexwar.core import registry
from hexwar.core.orders import MAX_ORDER_CHARS, MAX_ORDER_DEPTH
from hexwar.core.rng import SEEDS
from hexwar.web.app import create_app
from tests.web.conftest import LiveServer, bearer, new_game

SECTOR = "aggressor/sector"
SEATS = {"west": "human", "east": "human"}
JSON = {"Content-Type": "application/json"}
DEEP_LIST = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 2000 + "1" + "}" * 2000
PASSWORD = "s3cret"


def problems(r: httpx.Response) -> list[str]:
    """The problems of a 422 ``{"detail": {"message", "problems"}}``."""
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, dict), detail
    found: list[str] = detail["problems"]
    return found


def fields(r: httpx.Response) -> set[str]:
    """The fields a malformed body's refusal names (each problem's text before ``: ``)."""
    found = problems(r)
    assert r.json()["detail"]["message"] == "invalid request", r.text
    return {p.partition(": ")[0] for p in found}


def create(client: TestClient, **body: Any) -> httpx.Response:
    r: httpx.Response = client.post("/api/games", json={"scenario": SECTOR, "seats": SEATS, **body})
    return r


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[TestClient]:
    """An app whose games and moderator ask for :data:`PASSWORD`."""
    with TestClient(create_app(tmp_path / "guarded", password=PASSWORD)) as c:
        yield c


@pytest.fixture
def orders(client: TestClient) -> tuple[str, dict[str, str]]:
    """The order route of a new Aggressor game, and the west seat's headers."""
    game = new_game(client, SECTOR, SEATS)
    return f"/api/games/{game['id']}/orders", bearer(game["tokens"]["west"])


# -- POST /api/games ---------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", [5, 1.5, True, [SECTOR], {"id": SECTOR}])
def test_a_scenario_that_is_not_text_is_refused_naming_scenario(
    client: TestClient, scenario: Any
) -> None:
    """Issue 38 item 7, a non-string "scenario" in POST /api/games (was 500)."""
    assert fields(create(client, scenario=scenario)) == {"scenario"}


def test_a_null_scenario_asks_for_a_scenario(client: TestClient) -> None:
    """Issue 38 item 7, a non-string "scenario" (null): no scenario given, and the answer asks
    for one."""
    r = create(client, scenario=None)
    assert problems(r) == ["give a scenario (a bundled id) or a scenario file"]


@pytest.mark.parametrize(
    ("scenario", "says"),
    [
        ("nosuch/thing", "unknown ruleset 'nosuch'"),
        ("aggressor/nosuch", "unknown scenario 'aggressor/nosuch'"),
    ],
)
def test_an_unknown_ruleset_or_scenario_is_refused_as_unknown(
    client: TestClient, scenario: str, says: str
) -> None:
    """Issue 38 item 7, an unknown ruleset (was 500): 422 saying which is unknown."""
    r = create(client, scenario=scenario)
    assert [p.startswith(says) for p in problems(r)] == [True]
    assert r.json()["detail"]["message"] == "invalid game"


@pytest.mark.parametrize(
    "seed", [SEEDS.stop, 2**64, 10**30, SEEDS.start - 1, 1.5, "7", True, [1], {"seed": 1}]
)
def test_a_seed_not_a_signed_64_bit_integer_is_refused_naming_seed(
    client: TestClient, seed: Any
) -> None:
    """Issue 38 item 7, a seed of 2**63 or more (was 500): ``CreateGame.seed`` is a JSON integer
    in :data:`hexwar.core.rng.SEEDS` (-2**63 to 2**63 - 1); anything else is a 422 naming
    ``seed``."""
    assert fields(create(client, seed=seed)) == {"seed"}


@pytest.mark.parametrize("seed", [SEEDS.start, -1, 0, SEEDS.stop - 1])
def test_every_signed_64_bit_seed_makes_a_game(client: TestClient, seed: int) -> None:
    """Issue 38 item 7, the other side of the seed's bound: -1 and both ends of
    :data:`~hexwar.core.rng.SEEDS` are seeds."""
    assert create(client, seed=seed).status_code == 201


@pytest.mark.parametrize("body", [DEEP_LIST, DEEP_OBJECT], ids=["list", "object"])
def test_deeply_nested_json_is_refused_and_the_server_answers_on(
    client: TestClient, body: str
) -> None:
    """Issue 38 item 7, deeply nested JSON (was 500, the connection reset): 422 (orjson reads
    1,024 levels at most), and the next request is answered."""
    r = client.post("/api/games", content=body, headers=JSON)
    assert r.status_code == 422
    assert r.json()["detail"].startswith("the body is not JSON: depth limit exceeded")
    assert create(client).status_code == 201


def test_deeply_nested_json_leaves_a_live_servers_connection_open(
    live_server: LiveServer,
) -> None:
    """Issue 38 item 7, deeply nested JSON on a real server (the connection was reset): each
    body is refused and the same client's next request is answered."""
    with httpx.Client(base_url=live_server.url, timeout=30) as c:
        for body in (DEEP_LIST, DEEP_OBJECT):
            assert c.post("/api/games", content=body, headers=JSON).status_code == 422
        r = c.post("/api/games", json={"scenario": SECTOR, "seats": SEATS})
        assert r.status_code == 201, r.text


@pytest.mark.parametrize(
    "body", [b'{"scenario": "\xff"}', b'{"scenario": "aggressor/sector\xc3"}', b"\xfe\xff{}"]
)
def test_a_body_not_utf8_is_refused(client: TestClient, body: bytes) -> None:
    """Issue 38 item 7, invalid UTF-8 in a JSON body (was 500)."""
    r = client.post("/api/games", content=body, headers=JSON)
    assert r.status_code == 422
    assert r.json()["detail"].startswith("the body is not JSON")


@pytest.mark.parametrize("password", [5, True, [PASSWORD], {"password": PASSWORD}])
def test_a_password_that_is_not_text_is_refused_naming_password(
    guarded: TestClient, password: Any
) -> None:
    """Issue 38 item 7, a non-string password (was 500): 422 naming ``password``, even beside
    the right header."""
    assert fields(create(guarded, password=password)) == {"password"}
    r = guarded.post(
        "/api/games",
        json={"scenario": SECTOR, "seats": SEATS, "password": password},
        headers={"X-Hexwar-Password": PASSWORD},
    )
    assert fields(r) == {"password"}


@pytest.mark.parametrize(
    "header", [b"\xff\xfe", "\u00e9".encode("latin-1"), b"", PASSWORD.encode() + b" x"]
)
def test_a_wrong_password_header_is_refused_with_401(guarded: TestClient, header: bytes) -> None:
    """Issue 38 item 7, the password's header variants: bytes that are not UTF-8, empty, or
    wrong are a wrong password (401), for games and the moderator alike."""
    headers = {"X-Hexwar-Password": header}
    r = guarded.post("/api/games", json={"scenario": SECTOR, "seats": SEATS}, headers=headers)
    assert r.status_code == 401
    assert r.json()["detail"] == "this server asks for a password to create games"
    assert guarded.post("/api/moderator/check", json={}, headers=headers).status_code == 401
    good = guarded.post(
        "/api/games",
        json={"scenario": SECTOR, "seats": SEATS},
        headers={"X-Hexwar-Password": PASSWORD},
    )
    assert good.status_code == 201


@pytest.mark.parametrize("route", ["/api/games", "/api/moderator/check", "orders"])
@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_json_body_not_declared_as_json_is_refused_with_415(
    client: TestClient,
    orders: tuple[str, dict[str, str]],
    route: str,
    content_type: str | None,
) -> None:
    """Issue 38 item 7, Content-Type text/plain with a JSON body: 415."""
    path, headers = orders if route == "orders" else (route, {})
    if content_type is not None:
        headers = {**headers, "Content-Type": content_type}
    r = client.post(
        path, content=b'{"scenario": "aggressor/sector", "order": "0"}', headers=headers
    )
    assert r.status_code == 415
    assert r.json()["detail"] == "the body must be JSON (Content-Type: application/json)"


def test_a_path_as_scenario_gets_one_answer_whether_or_not_the_file_exists(
    client: TestClient, tmp_path: Path
) -> None:
    """Issue 38 item 7 (and item 6): a path given as the scenario is a 422 with the same
    message, the path quoted, whether the file exists or not, is a scenario or not, so the
    answer tells nothing of the server's files."""
    bundled = registry.get("aggressor").bundled_scenarios()[SECTOR]
    copied = tmp_path / "sector.toml"
    copied.write_bytes(bundled.read_bytes())
    given = [
        "/etc/passwd",
        "../../etc/passwd",
        "/nonexistent/file.toml",
        "C:\\x.toml",
        str(bundled),  # a real scenario file
        str(copied),
        str(tmp_path / "missing.toml"),
        "aggressor/sector.toml",
    ]
    answers = set()
    for scenario in given:
        r = create(client, scenario=scenario)
        (problem,) = problems(r)
        assert repr(scenario[:80]) in problem
        answers.add(problem.replace(repr(scenario[:80]), "<scenario>"))
    assert answers == {
        "scenario <scenario>: not a bundled scenario's id (ruleset/name, as the lobby lists "
        "them); send a scenario file's content as scenario_text"
    }


# -- the moderator -----------------------------------------------------------------------------


def flank(**given: Any) -> dict[str, Any]:
    return {"x": 10.0, "y": 10.0, "infantry": 100, **given}


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"positions": [[1, 2, 3]]}, "positions.0"),
        ({"positions": [[1, "2"]]}, "positions.0.1"),
        ({"positions": [[-1, 2]]}, "positions.0.0"),
        ({"positions": "x"}, "positions"),
        ({"side": "middle"}, "side"),
        ({"side": 0}, "side"),
        ({"military": 5}, "military"),
    ],
)
def test_a_malformed_split_is_refused_naming_the_field(
    client: TestClient, body: dict[str, Any], named: str
) -> None:
    """Issue 38 item 7, moderator bodies: POST /api/moderator/split (was 500)."""
    assert fields(client.post("/api/moderator/split", json=body)) == {named}


WARS = [
    ({"flanks": "x"}, {"flanks"}),
    ({"flanks": [[5]]}, {"flanks.0.0"}),
    ({"flanks": [[], [], []]}, {"flanks"}),
    ({"flanks": [[flank(x="1")]]}, {"flanks.0.0.x"}),
    ({"flanks": [[flank(), flank(x=1000.0)]]}, {"flanks.0.1.x"}),
    ({"flanks": [[flank(y=1e308)]]}, {"flanks.0.0.y"}),
    ({"flanks": [[flank(infantry=-1)]]}, {"flanks.0.0.infantry"}),
    ({"flanks": [[flank(infantry=10**12)]]}, {"flanks.0.0.infantry"}),
    ({"flanks": [[flank(infantry=1.5)]]}, {"flanks.0.0.infantry"}),
    ({"flanks": [[flank(bogus=1)]]}, {"flanks.0.0.bogus"}),
    ({"year": "abc"}, {"year.int", "year.float"}),
    ({"seed": 2**64}, {"seed"}),
    ({"seed": -1}, {"seed"}),
    ({"seed": "7"}, {"seed"}),
    ({"attacker": "Normandy"}, {"attacker"}),
]


@pytest.mark.parametrize("route", ["check", "run"])
@pytest.mark.parametrize(("body", "named"), WARS)
def test_a_malformed_war_is_refused_naming_the_field(
    client: TestClient, route: str, body: dict[str, Any], named: set[str]
) -> None:
    """Issue 38 item 7, moderator bodies: POST /api/moderator/check and /run with flanks of
    wrong types, x out of range, soldiers below 0 or beyond the bound, year "abc", seed 2**64
    (was 500)."""
    assert fields(client.post(f"/api/moderator/{route}", json=body)) == named


@pytest.mark.parametrize("route", ["check", "run"])
@pytest.mark.parametrize(
    "body",
    [
        '{"flanks": [[{"x": NaN, "y": 1}]]}',
        '{"flanks": [[{"x": Infinity, "y": 1}]]}',
        '{"flanks": [[{"x": -Infinity, "y": 1}]]}',
        '{"flanks": [[{"x": 1e999, "y": 1}]]}',
        '{"year": NaN}',
    ],
)
def test_nan_and_infinity_are_not_json(client: TestClient, route: str, body: str) -> None:
    """Issue 38 item 7, moderator bodies: NaN and infinities (Python's json writes them; JSON
    has none) are refused as not JSON (was 500)."""
    r = client.post(f"/api/moderator/{route}", content=body, headers=JSON)
    assert r.status_code == 422
    assert r.json()["detail"].startswith("the body is not JSON")


@pytest.mark.parametrize(
    ("body", "named"), [({"run": 5}, {"run"}), ({"run": "x" * 65}, {"run"}), ({}, {"run"})]
)
def test_a_malformed_commit_is_refused_naming_run(
    client: TestClient, body: dict[str, Any], named: set[str]
) -> None:
    """Issue 38 item 7, moderator bodies: POST /api/moderator/commit with run 5 (was 500)."""
    assert fields(client.post("/api/moderator/commit", json=body)) == named


def test_committing_an_unknown_run_is_404(client: TestClient) -> None:
    """Issue 38 item 7, moderator bodies: an unknown run id (was 500)."""
    r = client.post("/api/moderator/commit", json={"run": "nosuch"})
    assert r.status_code == 404
    assert r.json()["detail"] == "no such run: run the war first"


# -- POST /api/games/{id}/orders -----------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [b"not json", b"", b'{"order": "\xff"}', DEEP_LIST.encode(), DEEP_OBJECT.encode()],
    ids=["text", "empty", "not-utf8", "deep-list", "deep-object"],
)
def test_an_order_body_not_json_is_refused(
    client: TestClient, orders: tuple[str, dict[str, str]], body: bytes
) -> None:
    """Issue 38 item 7, the order route: a body that is not JSON is a 422 showing the body
    expected; the route answers the next order."""
    path, headers = orders
    r = client.post(path, content=body, headers={**headers, **JSON})
    assert r.status_code == 422
    assert r.json() == {"detail": 'the body must be JSON: {"order": ...}'}
    assert client.post(path, json={"order": {"concede": True}}, headers=headers).status_code == 200


@pytest.mark.parametrize("body", [[{"order": "0"}], "0", {}, {"orders": "0"}])
def test_an_order_body_without_an_order_is_refused(
    client: TestClient, orders: tuple[str, dict[str, str]], body: Any
) -> None:
    """Issue 38 item 7, the order route: JSON that is not ``{"order": ...}``."""
    path, headers = orders
    r = client.post(path, json=body, headers=headers)
    assert r.status_code == 422
    assert r.json() == {"detail": 'the body must be {"order": ...}'}


@pytest.mark.parametrize("side", [5, ["west"], {"side": "west"}, True])
def test_a_side_that_is_not_text_is_refused_naming_side(
    client: TestClient, orders: tuple[str, dict[str, str]], side: Any
) -> None:
    """Issue 38 item 7, the order route: ``side`` of a wrong type."""
    path, headers = orders
    r = client.post(path, json={"order": "0", "side": side}, headers=headers)
    assert r.status_code == 422
    assert r.json() == {"detail": "side: must be a side's name"}


def test_an_order_longer_than_the_limit_is_refused_by_the_order_limits(
    client: TestClient, orders: tuple[str, dict[str, str]]
) -> None:
    """Issue 38 item 7, the order route: an order of more than MAX_ORDER_CHARS characters is
    refused by the rule every ruleset shares (``order limits``)."""
    path, headers = orders
    r = client.post(path, json={"order": "a" * (MAX_ORDER_CHARS + 1)}, headers=headers)
    assert r.status_code == 422
    assert r.json()["rule"] == "order limits"
    assert r.json()["detail"].startswith(f"text longer than {MAX_ORDER_CHARS} characters")


def test_an_order_nested_beyond_the_limit_is_refused_by_the_order_limits(
    client: TestClient, orders: tuple[str, dict[str, str]]
) -> None:
    """Issue 38 item 7, the order route: JSON nested deeper than MAX_ORDER_DEPTH (but not
    deeper than the body's own bound)."""
    path, headers = orders
    depth = MAX_ORDER_DEPTH + 4
    body = '{"order": ' + "[" * depth + "]" * depth + "}"
    r = client.post(path, content=body, headers={**headers, **JSON})
    assert r.status_code == 422
    assert r.json()["rule"] == "order limits"
    assert r.json()["detail"].startswith(f"nested deeper than {MAX_ORDER_DEPTH} levels")


@pytest.mark.parametrize("order", [5, 1.5, None, True, {"a": 1}, [1, 2]])
def test_an_order_of_a_wrong_type_is_refused_naming_the_order(
    client: TestClient, orders: tuple[str, dict[str, str]], order: Any
) -> None:
    """Issue 38 item 7, the order route: an order the ruleset cannot read is a 422 quoting it
    (rule ``order syntax``)."""
    path, headers = orders
    r = client.post(path, json={"order": order}, headers=headers)
    assert r.status_code == 422
    assert r.json()["rule"] == "order syntax"
    assert r.json()["detail"].startswith("bad order ")


# -- GET /api/games/{id}/events ------------------------------------------------------------------


@pytest.mark.parametrize(
    "header",
    ["\u00b2".encode("latin-1"), b"9" * 5000, b"-", b"1e3", b"0x10"],
    ids=["superscript-two", "5000-digits", "minus", "float", "hex"],
)
def test_a_last_event_id_not_an_event_id_is_ignored(live_server: LiveServer, header: bytes) -> None:
    """Found with issue 38 item 7: a ``Last-Event-ID`` header that ``str.isdigit`` passes but
    ``int`` refuses ('²' in Latin-1, 5,000 digits) answered 500. A header that is no event id
    is ignored, as if none were sent: the stream starts from the first event."""
    game = live_server.create(SECTOR, SEATS)
    token = game["tokens"]["west"]
    headers = {b"Authorization": f"Bearer {token}".encode(), b"Last-Event-ID": header}
    path = f"/api/games/{game['id']}/events"
    with (
        httpx.Client(base_url=live_server.url, timeout=30) as c,
        c.stream("GET", path, headers=headers) as r,
    ):
        assert r.status_code == 200
        lines = r.iter_lines()
        assert next(lines) == "retry: 2000"
        first = [next(lines) for _ in range(3)]
    assert first[:2] == ["", "id: 0"]
    assert first[2] == "event: log"
