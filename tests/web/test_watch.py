"""Spectators and the lobby's list of games (issue 39 item 7): "The lobby lists the games on
this server with their scenario, seats taken or open and state (never a token), and offers a
read-only spectator link that shows only what both sides see while the game runs and
everything once it is over." Fog of war holds in the server's answers (seed 003,
OBSERVATION: a side sees the enemy units it observes)."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from fastapi.testclient import TestClient
from playwright.sync_api import expect

from hexwar.rulesets.aggressor.legal import random_setup
from tests.web.conftest import LiveServer, bearer, new_game


def _set_up(client: TestClient, game: dict[str, Any]) -> None:
    for i, side in enumerate(("west", "east")):
        order = str(random_setup(side, np.random.default_rng(i + 1)))
        r = client.post(
            f"/api/games/{game['id']}/orders",
            json={"order": order},
            headers=bearer(game["tokens"][side]),
        )
        assert r.status_code == 200, r.text


def _counters(svg: str, side: str) -> set[str]:
    return set(re.findall(rf'data-side="{side}" data-hex="([^"]+)"', svg))


def test_a_spectator_sees_each_sides_pieces_only_where_the_enemy_sees_them(
    client: TestClient,
) -> None:
    """While the game runs: the spectator's map holds west's pieces exactly where east's map
    shows them and east's where west's does; no text view; the events are those both sides
    were told of. Once it is over: the umpire's map (every piece) and both text views."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"}, seed=2)
    _set_up(client, game)
    gid = game["id"]
    seat_svg = {
        s: client.get(f"/api/games/{gid}/board.svg", headers=bearer(game["tokens"][s])).text
        for s in ("west", "east")
    }
    watched = client.get(f"/api/watch/{gid}/board.svg")
    assert watched.status_code == 200
    assert _counters(watched.text, "west") == _counters(seat_svg["east"], "west")
    assert _counters(watched.text, "east") == _counters(seat_svg["west"], "east")
    assert _counters(watched.text, "west") < _counters(seat_svg["west"], "west")
    state = client.get(f"/api/watch/{gid}/state").json()
    assert state["role"] == "spectator"
    assert state["text"] == ""
    assert state["your_turn"] is False
    umpire = bearer(game["tokens"]["umpire"])
    every = client.get(f"/api/games/{gid}/replay", headers=umpire).json()
    assert "events" in every
    r = client.post(
        f"/api/games/{gid}/orders",
        json={"order": {"concede": True}},
        headers=bearer(game["tokens"]["east"]),
    )
    assert r.status_code == 200, r.text
    over = client.get(f"/api/watch/{gid}/state").json()
    assert over["outcome"]["winner"] == "west"
    assert "== west ==" in over["text"]
    assert "== east ==" in over["text"]
    after = client.get(f"/api/watch/{gid}/board.svg").text
    umpire_svg = client.get(f"/api/games/{gid}/board.svg", headers=umpire).text
    assert (
        _counters(after, "west")
        == _counters(umpire_svg, "west")
        == _counters(seat_svg["west"], "west")
    )


def test_a_spectators_events_are_those_every_side_saw(client: TestClient) -> None:
    """The spectator's stream and its first state: only events visible to both sides while
    the game runs (each side's own set-up report is its own)."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"}, seed=2)
    _set_up(client, game)
    hub = client.app.state.hub  # type: ignore[attr-defined]

    async def news() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        return await hub.call(hub.watch_news, game["id"], -1)

    events, state = client.portal.call(news)  # type: ignore[union-attr]
    umpire_log = client.get(
        f"/api/games/{game['id']}/log.txt", headers=bearer(game["tokens"]["umpire"])
    ).text
    assert events
    for e in events:
        assert "*" in e["visible_to"] or set(e["visible_to"]) >= {"west", "east"}  # ALL: "*"
        assert e["text"] in umpire_log
    assert state["status"].startswith("Waiting for")


def test_the_lobby_lists_games_with_their_seats_and_never_a_token(client: TestClient) -> None:
    """The lobby's list: the scenario, each side's seat (open until its link is first opened,
    then taken; a computer's side says so), the state and a watch link; no token anywhere."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "ai"}, seed=3)
    page = client.get("/").text
    row = re.search(rf'<tr data-game="{game["id"]}">(.*?)</tr>', page, re.S)
    assert row is not None
    assert "west: open" in row[1]
    assert "east: computer" in row[1]
    assert f'href="/watch/{game["id"]}"' in row[1]
    for token in game["tokens"].values():
        assert token not in page
    opened = client.get(game["links"]["west"].replace("http://testserver", ""))
    assert opened.status_code == 200
    listed = client.get("/api/games").json()["games"]
    line = next(g for g in listed if g["id"] == game["id"])
    assert line["seats"] == {"west": "taken", "east": "computer"}
    assert line["watch"] == f"/watch/{game['id']}"
    assert not any(t in str(listed) for t in game["tokens"].values())


def test_an_unknown_game_is_404_to_a_spectator(client: TestClient) -> None:
    for path in ("/api/watch/g-nosuch/state", "/api/watch/g-nosuch/board.svg", "/watch/g-nosuch"):
        assert client.get(path).status_code == 404, path


def test_a_spectator_page_follows_the_game_live(live_server: LiveServer, browser: Any) -> None:
    """The lobby's watch link opens a read-only page: the map, the status, no order form and
    no Rematch; a seat's move shows on it without a reload."""
    game = live_server.create("aggressor/sector", {"west": "human", "east": "human"}, seed=4)
    context = browser.new_context()
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        page.click(f'tr[data-game="{game["id"]}"] a.watch-link')
        page.wait_for_url(re.compile(rf"/watch/{game['id']}$"))
        expect(page.locator("#map svg")).to_be_attached()
        expect(page.locator("#status")).to_contain_text("Waiting for")
        assert page.locator("#order").count() == 0
        order = str(random_setup("west", np.random.default_rng(1)))
        r = live_server.api(
            "POST", f"/api/games/{game['id']}/orders", game["tokens"]["west"], json={"order": order}
        )
        assert r.status_code == 200, r.text
        expect(page.locator("#status")).to_contain_text("Waiting for east")
        r = live_server.api(
            "POST",
            f"/api/games/{game['id']}/orders",
            game["tokens"]["east"],
            json={"order": {"concede": True}},
        )
        expect(page.locator("#end-result")).to_have_text("west won")
        expect(page.locator("#rematch")).to_be_hidden()
    finally:
        context.close()
