"""The umpire amends a game through the web (issue 19, item 4): only the umpire's token may,
each amendment is stored like an order and replays to the server's own state hash, and each
seat is told that the umpire amended the game, with the reason, and nothing hidden from it.

The game in both tests: Aggressor on aggressor/sector, seed 3, both sides set up at random
(rng 0 and 1, tests/rulesets/aggressor/test_amend.py); east has observed west's unit 12
(support) at @IC, and @BA is empty.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
from fastapi.testclient import TestClient
from playwright.sync_api import expect

from hexwar.core import registry
from hexwar.rulesets.aggressor.legal import random_setup
from hexwar.store import GameStore
from tests.web.conftest import LiveServer, bearer, new_game

TIMEOUT = 15_000  # ms: a busy 2-core machine
NOTICE = "The umpire amends the game: "


def _set_up(post: Any, game: dict[str, Any]) -> None:
    for i, side in enumerate(("west", "east")):
        order = str(random_setup(side, np.random.default_rng(i)))
        r = post(f"/api/games/{game['id']}/orders", order, game["tokens"][side])
        assert r.status_code == 200, r.text


def _replays_to_the_servers_hash(home: Path, gid: str) -> None:
    """The stored record replays to the state hash the server stored when the game ended."""
    with GameStore(home / "games.sqlite3", readonly=True) as store:
        record = store.load(gid)
        snapshot = store.latest_snapshot(gid)
    assert snapshot is not None
    assert snapshot.seq == len(record.orders)
    assert [o.side for o in record.orders].count("umpire") == 2
    assert registry.replay(record).state_hash() == snapshot.state_hash


def test_only_the_umpire_amends_and_each_seat_sees_only_its_part(
    client: TestClient, tmp_path: Path
) -> None:
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"}, seed=3)
    other = new_game(client, "aggressor/sector", {"west": "human", "east": "human"}, seed=3)
    gid, tokens = game["id"], game["tokens"]
    _set_up(
        lambda path, order, token: client.post(path, json={"order": order}, headers=bearer(token)),
        game,
    )
    url = f"/api/games/{gid}/amend"
    body = {"amendment": "move west 12 to @BA: the counter stood a hex off"}
    assert client.post(url, json=body).status_code == 401
    assert client.post(url, json=body, headers=bearer("nope")).status_code == 401
    assert client.post(url, json=body, headers=bearer(tokens["west"])).status_code == 403
    assert client.post(url, json=body, headers=bearer(other["tokens"]["umpire"])).status_code == 403
    refused = client.post(
        url, json={"amendment": "move west 12 to @IF: x"}, headers=bearer(tokens["umpire"])
    )
    assert refused.status_code == 422
    assert refused.json()["rule"] == "umpire amendments"
    assert "@IF is occupied" in refused.json()["detail"]
    r = client.post(url, json=body, headers=bearer(tokens["umpire"]))
    assert r.status_code == 200, r.text
    assert r.json()["seq"] == 2
    logs = {
        side: client.get(f"/api/games/{gid}/log.txt", headers=bearer(tokens[side])).text
        for side in ("west", "east")
    }
    assert "Your unit 12 (support) moves from @IC to @BA (umpire)" in logs["west"]
    assert "The unit at @IC is no longer there (umpire)" in logs["east"]
    for side in ("west", "east"):
        assert NOTICE + "the counter stood a hex off" in logs[side]
    assert "@BA" not in logs["east"]  # where it went is hidden from east
    frames = client.get(f"/api/games/{gid}/replay", headers=bearer(tokens["umpire"])).json()
    assert (
        frames["frames"][-1]["text"] == "umpire: move west 12 to @BA: the counter stood a hex off"
    )
    end = {"amendment": {"amend": "end", "side": "east", "reason": "west left"}}
    assert client.post(url, json=end, headers=bearer(tokens["umpire"])).status_code == 200
    state = client.get(f"/api/games/{gid}/state", headers=bearer(tokens["west"])).json()
    assert state["outcome"] == {"winner": "east", "reason": "the umpire's ruling: west left"}
    _replays_to_the_servers_hash(tmp_path / "web-home", gid)


def test_the_umpire_amends_in_the_browser_and_the_game_replays_to_the_same_hash(
    live_server: LiveServer, browser: Any
) -> None:
    game = live_server.create("aggressor/sector", {"west": "human", "east": "human"}, seed=3)
    gid = game["id"]
    _set_up(
        lambda path, order, token: live_server.api("POST", path, token, json={"order": order}), game
    )
    pages = {}
    for role in ("umpire", "west", "east"):
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        ctx.set_default_timeout(TIMEOUT)
        page = ctx.new_page()
        page.goto(game["umpire"] if role == "umpire" else game["links"][role])
        page.wait_for_url(re.compile(r"/games/[^/?]+$"))
        expect(page.locator("#map svg")).to_be_visible()
        pages[role] = page
    try:
        umpire = pages["umpire"]
        umpire.fill("#amendment", "move ")
        umpire.click('g.counter[data-side="west"][data-ref="12"]')  # inserts 'west 12'
        umpire.locator("#amendment").press("End")
        umpire.locator("#amendment").type("to")
        umpire.click('button[aria-label="the whole board"]')  # the corner hex is in view
        umpire.locator('polygon[data-label="@BA"]').click(force=True)
        assert umpire.input_value("#amendment").split() == ["move", "west", "12", "to", "@BA"]
        umpire.fill("#reason", "the counter stood a hex off")
        umpire.click("#amend")
        expect(umpire.locator("#amend-reply")).to_contain_text("ok: amendment 2 recorded")
        for side in ("west", "east"):  # the notice arrives live on both seats' pages
            expect(pages[side].locator("#log")).to_contain_text(
                NOTICE + "the counter stood a hex off"
            )
        expect(pages["west"].locator("#log")).to_contain_text("moves from @IC to @BA")
        expect(pages["east"].locator("#log")).to_contain_text("The unit at @IC is no longer there")
        assert "@BA" not in pages["east"].locator("#log").inner_text()
        umpire.fill("#amendment", "end east")
        umpire.fill("#reason", "west's player left")
        umpire.click("#amend")
        expect(umpire.locator("#amend-reply")).to_contain_text("ok: amendment 3 recorded")
        for side in ("west", "east"):
            expect(pages[side].locator("#status")).to_contain_text(
                "Game over: the umpire's ruling: west's player left"
            )
    finally:
        for page in pages.values():
            page.context.close()
    _replays_to_the_servers_hash(live_server.home, gid)
