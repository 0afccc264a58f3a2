"""End to end: a real Chromium (Playwright) on a live server.

Two browser contexts play Aggressor against each other and see each other's turns arrive
live; one player plays the tactical game and the air war against the computer; the page of one
seat never holds the other side's hidden units or sealed orders; the replay viewer steps
through a game with its receipts.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from playwright.sync_api import Page, expect

from hexwar.core import registry
from hexwar.core.views import View
from hexwar.rulesets.aggressor.legal import legal_orders, random_setup
from tests.web.conftest import LiveServer, open_seat


def _view(server: LiveServer, gid: str, token: str) -> View:
    data = server.api("GET", f"/api/games/{gid}/view", token).json()["view"]
    return View(data["ruleset"], data["side"], data["step"], data["data"])


def _send(page: Page, order: str) -> None:
    page.fill("#order", order)
    page.click("#send")
    expect(page.locator("#reply")).to_contain_text("accepted")


def test_two_players_play_aggressor_and_see_each_others_turns_live(
    live_server: LiveServer, contexts: Any
) -> None:
    """Aggressor TURN SEQUENCE (seed 003): the sides alternate; each page follows the other's
    turn without a reload."""
    game = live_server.create("aggressor/sector", {"west": "human", "east": "human"}, seed=11)
    gid, tokens = game["id"], game["tokens"]
    pages = {side: open_seat(contexts, game["links"][side]) for side in ("west", "east")}
    rng = np.random.default_rng(3)
    for side in ("west", "east"):
        expect(pages[side].locator("#status")).to_have_text("Your orders, please.")
        _send(pages[side], str(random_setup(side, rng)))
    # clicking an own counter writes its number into the order (on the page of the side that
    # waits: a counter with choices, on the mover's page, is play by pointing's to select)
    mover = live_server.api("GET", f"/api/games/{gid}/state", tokens["west"]).json()
    waiting = pages["east" if mover["your_turn"] else "west"]
    expect(waiting.locator("#status")).to_contain_text("Waiting for the opponent")
    expect(waiting.locator("g.counter.own.has-choices")).to_have_count(0)
    first = waiting.locator("g.counter.own").first
    first.click()
    ref = first.get_attribute("data-ref")
    assert waiting.input_value("#order").strip() == ref
    waiting.fill("#order", "")
    for _ in range(3):  # three turns each way
        mover = live_server.api("GET", f"/api/games/{gid}/state", tokens["west"]).json()
        side = "west" if mover["your_turn"] else "east"
        other = "east" if side == "west" else "west"
        page = pages[side]
        expect(page.locator("#status")).to_have_text("Your orders, please.")
        moves = [str(o) for o in legal_orders(_view(live_server, gid, tokens[side]).data)]
        move = next(m for m in moves if m != "0")
        _send(page, move)
        _send(page, "0")
        expect(pages[other].locator("#status")).to_have_text("Your orders, please.")
        expect(pages[other].locator("#log")).to_contain_text(f"{side} ends its turn")
        expect(page.locator("#status")).to_contain_text("Waiting for the opponent")
    # the map of each side holds only the enemy units its view shows
    for side, page in pages.items():
        view = _view(live_server, gid, tokens[side]).data
        enemy = "east" if side == "west" else "west"
        refs = page.locator(f'g.counter[data-side="{enemy}"]').evaluate_all(
            "els => els.map(e => e.dataset.ref)"
        )
        assert sorted(refs) == sorted(e["at"] for e in view["enemy"])


def test_human_against_the_computer_in_the_tactical_game(
    live_server: LiveServer, contexts: Any
) -> None:
    """Tactical game (seed 002): the computer moves on the server as soon as its phase comes;
    a refused order names the rule; selecting a unit shows what it can see."""
    game = live_server.create("tactical/meeting1941", {"allied": "human", "axis": "ai"}, seed=5)
    gid, token = game["id"], game["tokens"]["allied"]
    page = open_seat(contexts, game["links"]["allied"])
    expect(page.locator("#status")).to_have_text("Your orders, please.")
    unit = page.locator("g.counter.own").first
    ref = unit.get_attribute("data-ref")
    unit.click()
    expect(page.locator(f'g.sight[data-counter="{ref}"]')).to_have_attribute("style", "")
    page.fill("#order", "fire R1 NOSUCH")
    page.click("#send")
    expect(page.locator("#reply")).to_contain_text("refused")
    for turn in (1, 2):
        _send(page, "pass")
        expect(page.locator("#log")).to_contain_text(f"Turn {turn + 1} of")
        expect(page.locator("#status")).to_have_text("Your orders, please.")
    # fog: no axis unit the allied view does not show is anywhere in the page
    umpire = live_server.api("GET", f"/api/games/{gid}/view", game["tokens"]["umpire"]).json()
    axis = umpire["views"]["axis"]["data"]["units"]
    allied = _view(live_server, gid, token).data
    seen = {e["id"] for e in [*allied["enemy_units"], *allied["enemy_commanders"]]}
    refs = set(
        page.locator('g.counter[data-side="axis"]').evaluate_all(
            "els => els.map(e => e.dataset.ref)"
        )
    )
    assert refs == seen
    html = page.content()
    for u in axis:
        if u["id"] not in seen:
            assert f'data-ref="{u["id"]}"' not in html
            assert u["name"] not in html


def test_human_against_the_computer_in_the_air_war_with_the_clock(
    live_server: LiveServer, contexts: Any
) -> None:
    """Air war (seed 001): cities and units are placed, then the moving stage runs against the
    §4 time limit shown as a countdown."""
    game = live_server.create("airwar/small-four-cities", {"1": "human", "2": "ai"}, seed=3)
    gid, token = game["id"], game["tokens"]["1"]
    page = open_seat(contexts, game["links"]["1"])
    rng = np.random.default_rng(2)
    airwar = registry.get("airwar")
    for _ in range(2):  # the cities, then the units
        expect(page.locator("#status")).to_have_text("Your orders, please.")
        _send(page, str(airwar.random_order(_view(live_server, gid, token), rng)))
    expect(page.locator("#clock")).to_contain_text("Time left for this move")
    expect(page.locator("g.counter")).not_to_have_count(0)
    expect(page.locator("g.marker")).not_to_have_count(0)
    _send(page, "pass")
    expect(page.locator("#log")).not_to_be_empty()


def test_sealed_orders_never_reach_the_other_players_page(
    live_server: LiveServer, contexts: Any
) -> None:
    """Air war §2.2 (seed 001): orders are secret until both are in; the one who has ordered
    waits for the opponent, the other's page holds no trace of that order."""
    game = live_server.create("airwar/small-four-cities", {"1": "human", "2": "human"}, seed=8)
    gid = game["id"]
    one = open_seat(contexts, game["links"]["1"])
    two = open_seat(contexts, game["links"]["2"])
    order = str(
        registry.get("airwar").random_order(
            _view(live_server, gid, game["tokens"]["1"]), np.random.default_rng(9)
        )
    )
    _send(one, order)
    expect(one.locator("#status")).to_contain_text("Waiting for the opponent")
    expect(two.locator("#status")).to_have_text("Your orders, please.")
    two.wait_for_timeout(300)  # give a (wrong) live update the time to arrive
    html = two.content()
    assert order not in html
    assert two.locator("g.marker").count() == 0


def test_the_replay_viewer_steps_through_a_game_with_receipts(
    live_server: LiveServer, contexts: Any
) -> None:
    game = live_server.create("tactical/hedgerows", {"allied": "human", "axis": "ai"}, seed=2)
    page = open_seat(contexts, game["links"]["allied"])
    expect(page.locator("#status")).to_have_text("Your orders, please.")
    _send(page, "pass")
    expect(page.locator("#status")).to_have_text("Your orders, please.")
    page.click("a.replay-link")
    page.wait_for_selector("body[data-ready='1']")
    slider = page.locator("#frame")
    last = int(slider.get_attribute("max") or "0")
    assert last >= 2
    slider.fill("0")
    expect(page.locator("#frame-label")).to_have_text(f"after 0 of {last} orders")
    slider.fill(str(last))
    expect(page.locator("#frame-label")).to_have_text(f"after {last} of {last} orders")
    receipt = page.locator("details.receipt").first
    receipt.locator("summary").click()
    expect(receipt.locator("pre")).to_be_visible()


def test_the_lobby_creates_a_game_whose_link_opens_the_seat(
    live_server: LiveServer, contexts: Any
) -> None:
    """Issue 18, lobby: pick a scenario, a seed and the players; the link signs the browser in,
    and clicking a hex writes its coordinate the way the ruleset's notation glues it."""
    page: Page = contexts().new_page()
    page.goto(live_server.url + "/")
    page.select_option("#scenario", "aggressor/sector")
    page.fill("#seed", "12")
    page.select_option("#seat0", "human")
    page.select_option("#seat1", "ai")  # Aggressor's computer, listed once (issue 39 item 9)
    page.click("#create")
    link = page.locator('a.seat-link[data-role="west"]')
    expect(link).to_be_visible()
    expect(page.locator("a.seat-link")).to_have_count(2)  # west, and the umpire
    page.goto(link.get_attribute("href") or "")
    page.wait_for_url(re.compile(r"/games/[^/?]+$"))
    expect(page.locator("#status")).to_have_text("Your orders, please.")
    page.fill("#order", "setup infantry")
    page.click('button[aria-label="the whole board"]')  # every hex is in view
    # a hex of East's side (west's own are marks of its set-up, placed by pointing)
    page.locator('polygon.hex[data-label="@MB"]').click()
    assert page.input_value("#order") == "setup infantry@MB "
