"""The web API through TestClient: seats and tokens, orders, fog of war, escaping, restarts,
the air war clock, the lobby."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

from hexwar.core import registry
from hexwar.core.views import View
from hexwar.rulesets.aggressor.legal import random_setup
from hexwar.store import GameStore
from hexwar.web.app import create_app
from tests.web.conftest import bearer, new_game

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "src" / "hexwar" / "rulesets"

# Every route of a game, with what it needs; the token checks run each of them.
ROUTES = [
    ("GET", "/api/games/{id}/view", None),
    ("GET", "/api/games/{id}/board", None),
    ("GET", "/api/games/{id}/state", None),
    ("GET", "/api/games/{id}/board.svg", None),
    ("GET", "/api/games/{id}/replay", None),
    ("GET", "/api/games/{id}/log.txt", None),
    ("GET", "/api/games/{id}/events", None),
    ("POST", "/api/games/{id}/orders", {"order": "0"}),
    ("GET", "/api/games/{id}/choices", None),
    ("POST", "/api/games/{id}/choices", {"step": 0, "index": 0}),
    ("GET", "/games/{id}", None),
    ("GET", "/games/{id}/replay", None),
]


@pytest.fixture
def two_games(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    seats = {"west": "human", "east": "human"}
    return new_game(client, "aggressor/sector", seats), new_game(client, "aggressor/sector", seats)


def _call(client: TestClient, method: str, path: str, body: Any, **kw: Any) -> int:
    r = client.request(method, path, json=body, **kw)
    return r.status_code


@pytest.mark.parametrize(("method", "route", "body"), ROUTES)
def test_every_route_refuses_missing_wrong_and_other_game_tokens(
    client: TestClient,
    two_games: tuple[dict[str, Any], dict[str, Any]],
    method: str,
    route: str,
    body: Any,
) -> None:
    """Issue 18, routes: 401 without a token or with an unknown one, 403 with another game's."""
    a, b = two_games
    path = route.format(id=a["id"])
    assert _call(client, method, path, body) == 401
    assert _call(client, method, path, body, headers=bearer("x" * 22)) == 401
    assert _call(client, method, path, body, headers=bearer(b["tokens"]["west"])) == 403
    client.cookies.set(f"hexwar_{a['id']}", b["tokens"]["east"])
    try:
        assert _call(client, method, path, body) == 403  # a cookie of the other game's seat
    finally:
        client.cookies.clear()


@pytest.mark.parametrize(
    ("method", "route", "body"),
    [
        ("GET", "/api/games/{id}/view?side=east", None),
        ("GET", "/api/games/{id}/board?side=east", None),
        ("GET", "/api/games/{id}/board.svg?side=east", None),
        ("GET", "/api/games/{id}/events?side=east", None),
        ("GET", "/api/games/{id}/replay?side=east", None),
        ("GET", "/api/games/{id}/log.txt?side=east", None),
        ("POST", "/api/games/{id}/orders", {"order": "0", "side": "east"}),
    ],
)
def test_every_route_refuses_the_other_sides_token(
    client: TestClient,
    two_games: tuple[dict[str, Any], dict[str, Any]],
    method: str,
    route: str,
    body: Any,
) -> None:
    """Issue 18, routes: west's token never opens east's seat (403)."""
    a, _ = two_games
    path = route.format(id=a["id"])
    assert _call(client, method, path, body, headers=bearer(a["tokens"]["west"])) == 403


def test_tokens_are_128_bits_and_stored_only_hashed(client: TestClient, tmp_path: Path) -> None:
    """Issue 18, lobby: tokens of 128 random bits, stored hashed."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "computer"})
    token = game["tokens"]["west"]
    assert len(token) == 22  # 16 bytes in URL-safe base64
    raw = (tmp_path / "web-home" / "seats.sqlite3").read_bytes()
    assert token.encode() not in raw
    assert set(game["links"]) == {"west"}  # one link per human side ...
    assert game["umpire"].endswith(game["tokens"]["umpire"])  # ... and the umpire's


def test_opening_a_link_signs_the_browser_in_with_a_strict_httponly_cookie(
    client: TestClient,
) -> None:
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "computer"})
    r = client.get(f"/join/{game['id']}?token={game['tokens']['west']}")
    assert r.status_code == 200
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie
    assert "SameSite=strict" in cookie or "SameSite=Strict" in cookie
    page = client.get(f"/games/{game['id']}")
    assert page.status_code == 200
    assert 'you are <b id="you">west</b>' in page.text


def test_illegal_order_is_422_with_the_rules_message(client: TestClient) -> None:
    """Aggressor SET UP (seed 003): no unit can act before the side has set up."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "computer"})
    r = client.post(
        f"/api/games/{game['id']}/orders",
        json={"order": "1 3"},
        headers=bearer(game["tokens"]["west"]),
    )
    assert r.status_code == 422
    assert r.json()["rule"] == "SET UP"
    assert "set up your units first" in r.json()["detail"]


def test_an_orders_reply_carries_the_seats_view_after_the_computers_answer(
    client: TestClient,
) -> None:
    """Issue 18 (one request per order): the reply to an accepted order is the seat's own
    view after it, and after the computer's answer (Aggressor: the computer sets up east
    once west has, and plays its turn if it moves first), the same view GET /view gives;
    never the other side's. (The reply waits for the answer at most ``Hub.answer_wait``: the
    tests raise it, as the point is what the reply holds once the answer is in.)"""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "computer"})
    h = bearer(game["tokens"]["west"])
    order = str(random_setup("west", np.random.default_rng(1)))
    reply = client.post(f"/api/games/{game['id']}/orders", json={"order": order}, headers=h)
    assert reply.status_code == 200
    data = reply.json()
    assert data["seq"] == 0
    state = client.get(f"/api/games/{game['id']}/state", headers=h).json()
    assert data["state"]["orders"] == state["orders"] > 1  # and the computer's orders
    assert data["view"] == client.get(f"/api/games/{game['id']}/view", headers=h).json()["view"]
    assert data["view"]["side"] == "west"
    assert data["state"]["side"] == "west"


def test_an_order_arriving_during_another_operation_on_its_game_waits_for_it_and_is_stored(
    client: TestClient, tmp_path: Path
) -> None:
    """Issue 18 item 1 (a game's orders strictly sequential; acknowledged once stored): the
    hub runs one operation at a time on a game, whether on a request thread or on the event
    loop; an order that comes while another operation on its game runs (here the test holds
    the game's lock, as a request thread does while it works) is not run beside it: it is
    answered once that operation ends, and by then it is in the store."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    order = str(random_setup("west", np.random.default_rng(1)))
    replies: list[Any] = []

    def post() -> None:
        replies.append(
            client.post(
                f"/api/games/{game['id']}/orders",
                json={"order": order},
                headers=bearer(game["tokens"]["west"]),
            )
        )

    poster = threading.Thread(target=post)
    with hub._live[game["id"]].lock:
        poster.start()
        poster.join(timeout=0.5)
        assert poster.is_alive()
        assert not replies
        with GameStore(tmp_path / "web-home" / "games.sqlite3", readonly=True) as store:
            assert store.load(game["id"]).orders == ()
    poster.join(timeout=30)
    assert replies[0].status_code == 200
    with GameStore(tmp_path / "web-home" / "games.sqlite3", readonly=True) as store:
        assert [(o.seq, o.side) for o in store.load(game["id"]).orders] == [(0, "west")]


def test_no_request_waits_for_another_game(client: TestClient) -> None:
    """Issue 38 item 3 (locks per game, not per server): while an operation on one game runs
    (the test holds that game's lock), another game's state, view and orders are answered at
    once."""
    busy = new_game(client, "aggressor/sector", {"west": "human", "east": "human"})
    other = new_game(client, "aggressor/sector", {"west": "human", "east": "human"}, seed=2)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    h = bearer(other["tokens"]["west"])
    order = str(random_setup("west", np.random.default_rng(1)))
    with hub._live[busy["id"]].lock:
        for _ in range(2):  # the second time the order is the fast lane's (the game idle)
            assert client.get(f"/api/games/{other['id']}/state", headers=h).status_code == 200
            assert client.get(f"/api/games/{other['id']}/view", headers=h).status_code == 200
        reply = client.post(f"/api/games/{other['id']}/orders", json={"order": order}, headers=h)
        assert reply.status_code == 200


def test_the_order_route_answers_with_the_security_headers_and_bounds_its_body(
    client: TestClient,
) -> None:
    """Issue 18 (the order's fast lane answers as every route does): an accepted order, a
    refused token and an illegal order carry the Content Security Policy and nosniff like a
    page; a body over the bound is 413 and stores nothing; a GET on the route is 405."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"})
    url = f"/api/games/{game['id']}/orders"
    h = bearer(game["tokens"]["west"])
    setup = str(random_setup("west", np.random.default_rng(1)))
    replies = [
        client.post(url, json={"order": setup}, headers=h),  # 200
        client.post(url, json={"order": setup}),  # 401: no token
        client.post(url, json={"order": setup}, headers=bearer(game["tokens"]["east"][::-1])),
        client.post(url, json={"order": "1 3"}, headers=bearer(game["tokens"]["east"])),  # 422
        client.post(url, content=b"{", headers={**h, "Content-Type": "application/json"}),
        client.post(url, content=b'{"order": "x"}', headers=h),  # 415: no content type
    ]
    assert [r.status_code for r in replies] == [200, 401, 401, 422, 422, 415]
    page = client.get("/")
    for r in replies:
        assert r.headers["content-security-policy"] == page.headers["content-security-policy"]
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"
    assert replies[1].headers["www-authenticate"] == "Bearer"
    assert replies[4].json()["detail"] == 'the body must be JSON: {"order": ...}'
    big = client.post(url, json={"order": "x" * 1_000_001}, headers=h)
    assert big.status_code == 413
    assert "1000000 bytes at most" in big.json()["detail"]
    state = client.get(f"/api/games/{game['id']}/state", headers=h).json()
    assert state["orders"] == 1
    assert client.get(url, headers=h).status_code == 405


def test_the_umpire_sees_everything_but_gives_no_orders(client: TestClient) -> None:
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"})
    _setup(client, game, "west", 1)
    _setup(client, game, "east", 2)
    umpire = bearer(game["tokens"]["umpire"])
    view = client.get(f"/api/games/{game['id']}/view", headers=umpire).json()
    assert set(view["views"]) == {"west", "east"}
    svg = client.get(f"/api/games/{game['id']}/board.svg", headers=umpire).text
    assert svg.count('data-side="west"') == len(view["views"]["west"]["data"]["units"])
    assert svg.count('data-side="east"') == len(view["views"]["east"]["data"]["units"])
    r = client.post(f"/api/games/{game['id']}/orders", json={"order": "0"}, headers=umpire)
    assert r.status_code == 403
    # ... and may look through one side's eyes
    as_west = client.get(f"/api/games/{game['id']}/board.svg?side=west", headers=umpire).text
    seen = view["views"]["west"]["data"]["enemy"]
    assert as_west.count('data-side="east"') == len(seen)


def _setup(client: TestClient, game: dict[str, Any], side: str, seed: int) -> None:
    order = str(random_setup(side, np.random.default_rng(seed)))
    r = client.post(
        f"/api/games/{game['id']}/orders",
        json={"order": order},
        headers=bearer(game["tokens"][side]),
    )
    assert r.status_code == 200, r.text


def test_a_seats_view_and_board_never_show_hidden_enemy_units(client: TestClient) -> None:
    """Aggressor OBSERVATION (seed 003): a side sees only the enemy units it has observed."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"})
    _setup(client, game, "west", 1)
    _setup(client, game, "east", 2)
    gid = game["id"]
    truth = client.get(f"/api/games/{gid}/view", headers=bearer(game["tokens"]["umpire"])).json()
    east_hexes = {u["at"] for u in truth["views"]["east"]["data"]["units"]}
    west = bearer(game["tokens"]["west"])
    seen = {
        e["at"]
        for e in client.get(f"/api/games/{gid}/view", headers=west).json()["view"]["data"]["enemy"]
    }
    hidden = east_hexes - seen
    assert hidden, "the test needs east units that west has not observed"
    svg = client.get(f"/api/games/{gid}/board.svg", headers=west).text
    shown_east = re.findall(r'data-ref="([^"]+)" data-side="east"', svg)
    assert set(shown_east) == seen
    assert not hidden & set(shown_east)
    # nor in the JSON the page loads, nor in the events the seat is sent
    view_text = client.get(f"/api/games/{gid}/view", headers=west).text
    for cell in hidden:
        assert f'"at": "{cell}", "type"' not in view_text.replace('":"', '": "')


def _airwar_text(limit: int | None) -> str:
    text = (SCENARIOS / "airwar" / "scenarios" / "small-four-cities.toml").read_text()
    text = re.sub(r"(?m)^move_time_limit_s = \d+\n", "", text)
    if limit is not None:
        text = text.replace(
            'ruleset = "airwar"\n', f'ruleset = "airwar"\nmove_time_limit_s = {limit}\n', 1
        )
    return text


def _wait_for_step(client: TestClient, gid: str, token: str, step: int) -> None:
    limit = time.monotonic() + 30
    while client.get(f"/api/games/{gid}/view", headers=bearer(token)).json()["view"]["step"] < step:
        assert time.monotonic() < limit, f"the game did not reach step {step}"
        time.sleep(0.05)


def _wait_for_orders(client: TestClient, gid: str, token: str, orders: int) -> None:
    limit = time.monotonic() + 30
    while client.get(f"/api/games/{gid}/state", headers=bearer(token)).json()["orders"] < orders:
        assert time.monotonic() < limit, f"the game did not reach {orders} orders"
        time.sleep(0.05)


def _random_order(client: TestClient, gid: str, token: str, seed: int) -> str:
    data = client.get(f"/api/games/{gid}/view", headers=bearer(token)).json()["view"]
    view = View(data["ruleset"], data["side"], data["step"], data["data"])
    return str(registry.get("airwar").random_order(view, np.random.default_rng(seed)))


def test_sealed_orders_are_never_shown_to_the_opponent(client: TestClient) -> None:
    """Air war §2.2 (seed 001): moves are written secretly and revealed together; until both
    players have ordered, the other sees only that he waits for the opponent."""
    r = client.post(
        "/api/games",
        json={
            "scenario_text": _airwar_text(None),
            "scenario_name": "air.toml",
            "seed": 4,
            "seats": {"1": "human", "2": "human"},
        },
    )
    game = r.json()
    gid = game["id"]
    one, two = game["tokens"]["1"], game["tokens"]["2"]
    order = _random_order(client, gid, one, 5)  # player 1 places player 2's cities
    assert (
        client.post(
            f"/api/games/{gid}/orders", json={"order": order}, headers=bearer(one)
        ).status_code
        == 200
    )
    fields = order.split()[1:]
    assert fields
    state_one = client.get(f"/api/games/{gid}/state", headers=bearer(one)).json()
    assert state_one["status"].startswith("Waiting for the opponent")
    view_two = client.get(f"/api/games/{gid}/view", headers=bearer(two)).json()
    assert view_two["view"]["data"]["cities"] == []
    assert view_two["state"]["your_turn"]
    for path in ("view", "state", "board.svg", "replay", "log.txt"):
        text = client.get(f"/api/games/{gid}/{path}", headers=bearer(two)).text
        assert order not in text
        if path in ("replay", "log.txt"):  # the other pages name every field of the board
            for f in fields:
                assert not re.search(rf"\b{f}\b", text), (path, f)
    svg = client.get(f"/api/games/{gid}/board.svg", headers=bearer(two)).text
    assert 'class="marker"' not in svg  # no city drawn anywhere yet
    replay = client.get(f"/api/games/{gid}/replay", headers=bearer(two)).json()
    assert all(fr["order"] is None for fr in replay["frames"] if fr["side"] == "1")


def test_a_unit_name_with_script_shows_as_text(client: TestClient) -> None:
    """Issue 18: a unit named with markup is text in the page, the SVG and the API."""
    text = (SCENARIOS / "tactical" / "scenarios" / "meeting1941.toml").read_text()
    text = text.replace('name = "1st Rifle Platoon"', 'name = "<script>alert(1)</script>"', 1)
    r = client.post(
        "/api/games",
        json={
            "scenario_text": text,
            "scenario_name": "x.toml",
            "seats": {"allied": "human", "axis": "ai"},
        },
    )
    assert r.status_code == 201, r.text
    game = r.json()
    h = bearer(game["tokens"]["allied"])
    view = client.get(f"/api/games/{game['id']}/view", headers=h).json()
    assert any(u["name"] == "<script>alert(1)</script>" for u in view["view"]["data"]["units"])
    svg = client.get(f"/api/games/{game['id']}/board.svg", headers=h).text
    assert "<script>" not in svg
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    page = client.get(f"/games/{game['id']}", headers=h).text
    assert "<script>alert(1)" not in page


def test_a_restarted_server_continues_every_game(tmp_path: Path) -> None:
    """Issue 18: games live in the store; a new server on the same home has every
    acknowledged order."""
    home = tmp_path / "home"
    with TestClient(create_app(home)) as c:
        game = new_game(c, "aggressor/sector", {"west": "human", "east": "computer"})
        _setup(c, game, "west", 3)
        # The computer's set-up answers west's: asynchronously, later than the reply on a
        # loaded machine.
        _wait_for_orders(c, game["id"], game["tokens"]["west"], 2)
        before = c.get(
            f"/api/games/{game['id']}/state", headers=bearer(game["tokens"]["west"])
        ).json()
    with TestClient(create_app(home)) as c:
        after = c.get(
            f"/api/games/{game['id']}/state", headers=bearer(game["tokens"]["west"])
        ).json()
    assert after["orders"] == before["orders"] >= 2  # west's set-up, and the computer's
    assert after["step"] == before["step"]
    assert after["text"] == before["text"]


def test_the_air_war_clock_is_enforced_by_the_server(client: TestClient) -> None:
    """Air war §4 (seed 001) with ruling 22: a move not made within the time limit is 'pass'."""
    r = client.post(
        "/api/games",
        json={
            "scenario_text": _airwar_text(1),
            "scenario_name": "air.toml",
            "seed": 2,
            "seats": {"1": "human", "2": "ai"},
        },
    )
    game = r.json()
    gid, token = game["id"], game["tokens"]["1"]
    for seed in (1, 2):  # cities, then units: untimed stages
        state = client.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
        assert state["deadline"] is None
        order = _random_order(client, gid, token, seed)
        reply = client.post(
            f"/api/games/{gid}/orders", json={"order": order}, headers=bearer(token)
        )
        assert reply.status_code == 200, reply.json()
        # the computer's sealed answer may come after the reply (ANSWER_WAIT, under load):
        # the next stage is ordered once the game is there
        _wait_for_step(client, gid, token, reply.json()["step"] + 1)
    state = client.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
    assert state["deadline"] is not None
    assert 0 < state["deadline"]["seconds_left"] <= 1
    # the late order (and the computer's) take the game to its next step: waited for by the
    # step, not by the state's order list, which the next step's orders can make equal again
    step = client.get(f"/api/games/{gid}/view", headers=bearer(token)).json()["view"]["step"]
    _wait_for_step(client, gid, token, step + 1)
    log = client.get(f"/api/games/{gid}/replay", headers=bearer(token)).json()
    late = [f for f in log["frames"] if f["side"] == "1"][-1]
    assert late["order"] == {"late": True}  # the air war's 'late pass': every unit stays


def test_a_restarted_server_keeps_every_clock_and_enforces_it_by_itself(tmp_path: Path) -> None:
    """Issue 18: the air war's time limit (seed 001 §4, ruling 22: a late move is 'pass') is
    kept across a restart: the deadline is committed when the clock starts, a new server over
    the same store shows the same deadline, and a server started after it passed gives the
    late order on its own, before anybody opens the game."""
    home = tmp_path / "home"
    body = {
        "scenario_text": _airwar_text(3),
        "scenario_name": "air.toml",
        "seed": 2,
        "seats": {"1": "human", "2": "ai"},
    }
    with TestClient(create_app(home)) as c:
        game = c.post("/api/games", json=body).json()
        gid, h = game["id"], bearer(game["tokens"]["1"])
        for seed in (1, 2):  # cities, then units: untimed stages
            order = _random_order(c, gid, game["tokens"]["1"], seed)
            assert c.post(f"/api/games/{gid}/orders", json={"order": order}, headers=h).is_success
        before = c.get(f"/api/games/{gid}/state", headers=h).json()
    assert before["deadline"] is not None
    due = before["deadline"]["epoch_ms"] / 1000
    with TestClient(create_app(home)) as c:  # restarted within the limit: the same deadline
        after = c.get(f"/api/games/{gid}/state", headers=h).json()
        assert after["orders"] == before["orders"]
        assert after["deadline"]["epoch_ms"] == before["deadline"]["epoch_ms"]
    time.sleep(max(0.0, due - time.time()) + 0.2)
    with TestClient(create_app(home)):  # started after the deadline; nobody asks for the game
        limit = time.monotonic() + 20
        while True:
            with GameStore(home / "games.sqlite3", readonly=True) as store:
                orders = store.load(gid).orders
            if len(orders) > before["orders"]:
                break
            assert time.monotonic() < limit, "the restarted server did not give the late order"
            time.sleep(0.1)
    late = orders[before["orders"]]
    assert (late.side, late.order) == ("1", {"late": True})  # 'late pass': every unit stays


def test_creating_a_game_asks_for_the_password_when_set(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "h", password="s3cret")) as c:
        body = {"scenario": "aggressor/sector", "seats": {"west": "human", "east": "human"}}
        assert c.post("/api/games", json=body).status_code == 401
        assert (
            c.post("/api/games", json=body, headers={"X-Hexwar-Password": "nope"}).status_code
            == 401
        )
        assert (
            c.post("/api/games", json=body, headers={"X-Hexwar-Password": "s3cret"}).status_code
            == 201
        )


def test_an_uploaded_scenario_with_errors_is_refused_with_their_lines(client: TestClient) -> None:
    text = (SCENARIOS / "aggressor" / "scenarios" / "sector.toml").read_text()
    text = text.replace("max_rounds = 30", 'max_rounds = "many"')
    line = 1 + text.splitlines().index('max_rounds = "many"')
    r = client.post(
        "/lobby",
        files={"upload": ("mine.toml", text.encode(), "application/toml")},
        data={"scenario": "", "seed": "", "seat0": "human", "seat1": "computer"},
    )
    assert r.status_code == 422
    assert f"mine.toml:{line}: max_rounds" in r.text


def test_lobby_creates_a_game_and_shows_the_links(client: TestClient) -> None:
    r = client.post(
        "/lobby",
        data={"scenario": "tactical/meeting1941", "seed": "5", "seat0": "human", "seat1": "ai"},
    )
    assert r.status_code == 200
    assert r.text.count('class="seat-link"') == 2  # allied, and the umpire


def test_the_replay_shows_a_seats_own_orders_and_hides_the_others(client: TestClient) -> None:
    """Issue 18, replay: a seat steps through its own past; the other side's orders stay
    hidden (their effects show only as the seat saw them)."""
    game = new_game(client, "tactical/meeting1941", {"allied": "human", "axis": "ai"})
    h = bearer(game["tokens"]["allied"])
    r = client.post(f"/api/games/{game['id']}/orders", json={"order": "move R1 4,5"}, headers=h)
    assert r.status_code == 200, r.text
    frames = client.get(f"/api/games/{game['id']}/replay", headers=h).json()["frames"]
    assert frames[0]["n"] == 0
    assert [f["n"] for f in frames] == list(range(len(frames)))
    own = [f for f in frames if f["side"] == "allied"]
    assert [f["text"] for f in own] == ["move R1 4,5"]
    assert all(f["order"] is None and f["text"] is None for f in frames if f["side"] == "axis")
    umpire = bearer(game["tokens"]["umpire"])
    every = client.get(f"/api/games/{game['id']}/replay", headers=umpire).json()["frames"]
    assert all(f["text"] is not None for f in every[1:])
    board = client.get(f"/api/games/{game['id']}/board.svg?at=0", headers=h)
    assert board.status_code == 200
    assert board.text.startswith("<svg")
