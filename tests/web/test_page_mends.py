"""What a new player meets on the game page, through the API (issue 39 items 6 and 9): the
result told from each seat, the rematch, a late air war order, the replay's public notices,
the lobby's computer players. The browser side is tests/web/test_page_mends_browser.py.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

from hexwar.core import registry
from hexwar.core.views import View
from hexwar.rulesets.aggressor.legal import random_setup
from hexwar.web.app import create_app
from tests.web.conftest import bearer, new_game

CONCEDE = {"order": {"concede": True}}
TWO_HUMANS = {"west": "human", "east": "human"}


def _state(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/state", headers=bearer(token))
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def _concede(client: TestClient, gid: str, token: str) -> None:
    r = client.post(f"/api/games/{gid}/orders", json=CONCEDE, headers=bearer(token))
    assert r.status_code == 200, r.text


def _rematch(
    client: TestClient,
    gid: str,
    token: str,
    body: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> Any:
    return client.post(
        f"/api/games/{gid}/rematch", json=body or {}, headers={**bearer(token), **(headers or {})}
    )


# -- the result, told from each seat -----------------------------------------------------------


def test_issue_39_item_6_each_seat_is_told_its_own_result_after_a_concession(
    client: TestClient,
) -> None:
    """The state says ``result`` for the seat's side: ``won`` to the winner, ``lost`` to the
    side that conceded; the umpire (no side) gets none, and reads the winner in ``outcome``."""
    game = new_game(client, "aggressor/sector", TWO_HUMANS)
    gid, tokens = game["id"], game["tokens"]
    assert {role: _state(client, gid, t)["result"] for role, t in tokens.items()} == {
        "west": None,
        "east": None,
        "umpire": None,
    }
    _concede(client, gid, tokens["west"])
    states = {role: _state(client, gid, t) for role, t in tokens.items()}
    assert states["west"]["result"] == "lost"
    assert states["east"]["result"] == "won"
    assert states["umpire"]["result"] is None
    assert states["umpire"]["outcome"] == {"winner": "east", "reason": "west concedes"}


def test_issue_39_item_6_a_game_without_a_winner_is_a_draw_for_both_seats(
    client: TestClient,
) -> None:
    game = new_game(client, "aggressor/sector", TWO_HUMANS)
    gid, tokens = game["id"], game["tokens"]
    r = client.post(
        f"/api/games/{gid}/amend",
        json={"amendment": "end nobody: both players agreed"},
        headers=bearer(tokens["umpire"]),
    )
    assert r.status_code == 200, r.text
    assert _state(client, gid, tokens["west"])["result"] == "draw"
    assert _state(client, gid, tokens["east"])["result"] == "draw"


# -- the rematch -------------------------------------------------------------------------------


def test_issue_39_item_6_a_rematch_follows_only_a_finished_game(client: TestClient) -> None:
    game = new_game(client, "aggressor/sector", TWO_HUMANS)
    r = _rematch(client, game["id"], game["tokens"]["west"])
    assert r.status_code == 409
    assert "not over" in r.json()["detail"]
    assert _rematch(client, game["id"], "not-a-token").status_code == 401


def test_issue_39_item_6_a_rematch_swaps_the_sides_and_keeps_the_computer(
    client: TestClient,
) -> None:
    """Same scenario, the human now on East and the computer on West, a new seed, new links:
    the human's answer holds its own link only, which opens its new seat."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "ai"}, seed=1)
    gid = game["id"]
    _concede(client, gid, game["tokens"]["west"])
    r = _rematch(client, gid, game["tokens"]["west"])
    assert r.status_code == 201, r.text
    again = r.json()
    assert again["id"] != gid
    assert (again["ruleset"], again["scenario"], again["side"]) == (
        "aggressor",
        "aggressor/sector",
        "east",
    )
    assert list(again["links"]) == list(again["tokens"]) == ["east"]
    assert again["umpire"] is None
    assert again["links"]["east"].endswith(f"/join/{again['id']}?token={again['tokens']['east']}")
    state = _state(client, again["id"], again["tokens"]["east"])
    assert (state["side"], state["players"], state["scenario"]) == (
        "east",
        {"west": "ai", "east": "human"},
        "aggressor/sector",
    )
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.rematches[gid].created.game_id == again["id"]
    assert hub._live[again["id"]].session.game.seed != 1  # a new seed (one in 2**31 alike)
    joined = client.get(again["links"]["east"].removeprefix("http://testserver"))
    assert joined.status_code == 200


def test_issue_39_item_6_both_seats_asking_land_in_one_rematch(client: TestClient) -> None:
    """The second seat (and the umpire) land in the game the first one made; each seat gets
    its own link of it; the umpire gets every link; the old game's state says a rematch is
    there."""
    game = new_game(client, "aggressor/sector", TWO_HUMANS)
    gid, tokens = game["id"], game["tokens"]
    _concede(client, gid, tokens["east"])
    assert _state(client, gid, tokens["west"])["rematch"] is False
    first = _rematch(client, gid, tokens["west"])
    second = _rematch(client, gid, tokens["east"])
    umpire = _rematch(client, gid, tokens["umpire"])
    again = _rematch(client, gid, tokens["west"])
    assert (first.status_code, second.status_code, umpire.status_code) == (201, 200, 200)
    assert first.json()["id"] == second.json()["id"] == umpire.json()["id"] == again.json()["id"]
    assert first.json()["side"] == "east"
    assert second.json()["side"] == "west"
    assert again.json()["links"] == first.json()["links"]
    assert set(umpire.json()["links"]) == {"west", "east"}
    assert umpire.json()["links"]["east"] == first.json()["links"]["east"]
    assert umpire.json()["links"]["west"] == second.json()["links"]["west"]
    assert umpire.json()["umpire"] is not None
    assert _state(client, gid, tokens["west"])["rematch"] is True


def test_issue_39_item_6_a_rematch_asks_for_the_servers_password(tmp_path: Path) -> None:
    """The same rule as creating a game: the password in the body or the header."""
    with TestClient(create_app(tmp_path / "home", password="club")) as c:
        r = c.post(
            "/api/games",
            json={"scenario": "aggressor/sector", "seats": TWO_HUMANS},
            headers={"X-Hexwar-Password": "club"},
        )
        assert r.status_code == 201, r.text
        gid, tokens = r.json()["id"], r.json()["tokens"]
        _concede(c, gid, tokens["west"])
        assert _rematch(c, gid, tokens["west"]).status_code == 401
        assert _rematch(c, gid, tokens["west"], {"password": "wrong"}).status_code == 401
        assert _rematch(c, gid, tokens["west"], {"password": "club"}).status_code == 201
        header = {"X-Hexwar-Password": "club"}
        assert _rematch(c, gid, tokens["east"], headers=header).status_code == 200


def test_issue_39_item_6_a_computer_only_rematch_counts_against_the_bound(
    client: TestClient,
) -> None:
    """A computer-only game's rematch is a computer-only game: refused (429) while as many
    play as the server plays at once, as creating one is."""
    game = new_game(client, "tiny/duel", {"red": "random", "blue": "random"})
    gid, umpire = game["id"], game["tokens"]["umpire"]
    limit = time.monotonic() + 60
    while _state(client, gid, umpire)["outcome"] is None:  # it plays in the background
        assert time.monotonic() < limit, "the computer-only game did not end"
        time.sleep(0.05)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.max_computer_games = 0  # as if the bound were reached
    r = _rematch(client, gid, umpire)
    assert r.status_code == 429
    hub.max_computer_games = 1
    r = _rematch(client, gid, umpire)
    assert r.status_code == 201, r.text
    assert r.json()["side"] is None
    assert r.json()["links"] == {}


# -- a late air war order ----------------------------------------------------------------------


def _your_turn(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    """The seat's state once it is its turn (the computer answers in a process of its own,
    which a busy machine may keep waiting for seconds)."""
    limit = time.monotonic() + 60
    while not (state := _state(client, gid, token))["your_turn"]:
        assert time.monotonic() < limit, "the seat's turn did not come"
        time.sleep(0.05)
    return state


def _airwar_at_the_move(client: TestClient) -> tuple[str, str, Any]:
    """An air war game (§4 limit 30 s), player 1 human against the random player, at the
    first moving stage; its id, the human's token and the server's hub."""
    game = new_game(client, "airwar/small-four-cities", {"1": "human", "2": "random"}, seed=3)
    gid, token = game["id"], game["tokens"]["1"]
    for seed in (1, 2):  # cities, then units: untimed stages
        _your_turn(client, gid, token)
        data = client.get(f"/api/games/{gid}/view", headers=bearer(token)).json()["view"]
        view = View(data["ruleset"], data["side"], data["step"], data["data"])
        order = str(registry.get("airwar").random_order(view, np.random.default_rng(seed)))
        r = client.post(f"/api/games/{gid}/orders", json={"order": order}, headers=bearer(token))
        assert r.status_code == 200, r.text
    state = _your_turn(client, gid, token)
    assert state["deadline"] is not None
    return gid, token, client.app.state.hub  # type: ignore[attr-defined]


def _run_out(hub: Any, gid: str) -> int:
    """The clock of the pending decision runs out now (no waiting); its step."""
    live = hub._live[gid]
    step = live.deadline[0]
    live.deadline = (step, time.monotonic() - 1, time.time() - 1)
    return int(step)


def test_issue_39_item_9_an_order_after_the_limit_is_told_what_was_given_instead(
    client: TestClient,
) -> None:
    """Ruling 22: an order that arrives after the §4 limit is replaced by the late order; the
    reply says so and names what was given, and the log tells a timeout, not "moves pass"."""
    gid, token, hub = _airwar_at_the_move(client)
    _run_out(hub, gid)
    r = client.post(f"/api/games/{gid}/orders", json={"order": "pass"}, headers=bearer(token))
    assert r.status_code == 200, r.text
    reply = r.json()
    assert reply["late"] is True
    assert reply["message"].startswith("too late: your time for this move had run out")
    assert "'late pass' was given for you instead" in reply["message"]
    log = client.get(f"/api/games/{gid}/log.txt", headers=bearer(token)).text
    assert "player 1 is out of time (§4): every unit stays" in log
    assert "player 1 moves pass" not in log


def test_issue_39_item_9_an_order_landing_in_the_next_cycle_says_it_came_too_late(
    client: TestClient,
) -> None:
    """The clock gave the late order by itself (the server's timer); the player's next order
    is taken for the next decision, and its reply says the move before ran out and what was
    given for it."""
    gid, token, hub = _airwar_at_the_move(client)
    step = _run_out(hub, gid)
    client.portal.call(hub._expire, gid, step)  # what the server's timer does at the deadline
    state = _your_turn(client, gid, token)  # after the computer's answer
    assert state["step"] > step
    r = client.post(f"/api/games/{gid}/orders", json={"order": "pass"}, headers=bearer(token))
    assert r.status_code == 200, r.text
    reply = r.json()
    assert reply["late"] is True
    assert re.fullmatch(
        r"order \d+ accepted for the next move: your time for the move before ran out and "
        r"'late pass' was given for you there",
        reply["message"],
    ), reply["message"]
    # told once: the order after it is on time
    log = client.get(f"/api/games/{gid}/log.txt", headers=bearer(token)).text
    assert "Cycle 1: player 1 is out of time (§4): every unit stays" in log


# -- the replay's public notices ---------------------------------------------------------------


def test_issue_39_item_9_the_replay_shows_each_seat_the_umpires_public_notice(
    client: TestClient,
) -> None:
    """Every seat was told the amendment's reason; its replay frame shows that notice, and
    nothing the seat was not told (where the unit went)."""
    game = new_game(client, "aggressor/sector", TWO_HUMANS, seed=3)
    gid, tokens = game["id"], game["tokens"]
    for i, side in enumerate(("west", "east")):  # as tests/web/test_umpire.py: @BA empty
        order = str(random_setup(side, np.random.default_rng(i)))
        r = client.post(
            f"/api/games/{gid}/orders", json={"order": order}, headers=bearer(tokens[side])
        )
        assert r.status_code == 200, r.text
    r = client.post(
        f"/api/games/{gid}/amend",
        json={"amendment": "move west 12 to @BA: the counter stood a hex off"},
        headers=bearer(tokens["umpire"]),
    )
    assert r.status_code == 200, r.text
    for side in ("west", "east"):
        frames = client.get(f"/api/games/{gid}/replay", headers=bearer(tokens[side])).json()
        amended = [f for f in frames["frames"] if f["side"] == "umpire"]
        assert len(amended) == 1
        assert amended[0]["order"] is None
        assert amended[0]["text"] == "The umpire amends the game: the counter stood a hex off"
    umpire = client.get(f"/api/games/{gid}/replay", headers=bearer(tokens["umpire"])).json()
    assert (
        umpire["frames"][-1]["text"] == "umpire: move west 12 to @BA: the counter stood a hex off"
    )


# -- the lobby ---------------------------------------------------------------------------------


def test_issue_39_item_9_the_lobby_lists_each_computer_player_once(client: TestClient) -> None:
    """Aggressor's ``computer`` is ``ai`` by its old name: the lobby offers it once; a game
    asking for it by the old name is still made."""
    page = client.get("/").text
    found = re.search(r'<script type="application/json" id="lobby-data">(.*?)</script>', page)
    assert found is not None
    rulesets = {r["id"]: r for r in json.loads(found[1])["rulesets"]}
    assert rulesets["aggressor"]["agents"] == ["ai", "random", "mcts"]
    for r in rulesets.values():
        assert len(set(r["agents"])) == len(r["agents"])
    new_game(client, "aggressor/sector", {"west": "human", "east": "computer"})


@pytest.mark.parametrize("side", ["west", "east"])
def test_issue_39_item_9_the_game_page_shows_each_side_a_set_up_example_of_its_own(
    client: TestClient, side: str
) -> None:
    """West's set-up example uses West's columns (A-J), East's East's (L-U)."""
    game = new_game(client, "aggressor/sector", TWO_HUMANS)
    if side == "east":
        order = str(random_setup("west", np.random.default_rng(0)))
        r = client.post(
            f"/api/games/{game['id']}/orders",
            json={"order": order},
            headers=bearer(game["tokens"]["west"]),
        )
        assert r.status_code == 200
    help_text = _state(client, game["id"], game["tokens"][side])["help"]
    example = re.search(r"e\.g\. setup (.*) \.\.\.", help_text)
    assert example is not None, help_text
    columns = {p.split("@")[1][0] for p in example[1].split()}
    assert columns <= set("ABCDEFGHIJ" if side == "west" else "LMNOPQRSTU"), columns
