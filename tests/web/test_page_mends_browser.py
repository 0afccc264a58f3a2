"""The game page as a new player meets it, in a real Chromium (issue 39 items 5, 6 and 9): the
end told from each seat with a rematch that opens the new game, a Send that says why nothing
was sent, the tab's title when the turn comes, the moderator's flank editor in view.

The API side of the same items is tests/web/test_page_mends.py.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from playwright.sync_api import Page, expect

from hexwar.rulesets.aggressor.legal import random_setup
from tests.web.conftest import LiveServer, open_seat

TWO_HUMANS = {"west": "human", "east": "human"}


def _game_id(page: Page) -> str:
    return page.url.rsplit("/", 1)[1]


def test_issue_39_item_6_the_end_is_told_from_each_seat_and_rematch_opens_the_new_game(
    live_server: LiveServer, contexts: Any
) -> None:
    """West concedes: East's page says "You won", West's "You lost", each with the reason;
    West's Rematch opens the new game on East's side, and East's (now "Join the rematch")
    opens the same game on West's."""
    game = live_server.create("aggressor/sector", TWO_HUMANS, seed=5)
    pages = {side: open_seat(contexts, game["links"][side]) for side in ("west", "east")}
    expect(pages["west"].locator("#end")).to_be_hidden()
    r = live_server.api(
        "POST",
        f"/api/games/{game['id']}/orders",
        game["tokens"]["west"],
        json={"order": {"concede": True}},
    )
    assert r.status_code == 200, r.text
    for side, words in (("east", "You won"), ("west", "You lost")):
        expect(pages[side].locator("#end-result")).to_have_text(words)
        expect(pages[side].locator("#end-reason")).to_have_text("west concedes.")
        expect(pages[side]).to_have_title(re.compile(f"^{words} — "))
    west, east = pages["west"], pages["east"]
    west.click("#rematch")
    west.wait_for_url(re.compile(r"/games/(?!" + re.escape(game["id"]) + r"$)[^/?]+$"))
    expect(west.locator("#you")).to_have_text("east")  # the sides swapped
    expect(west.locator("#end")).to_be_hidden()
    expect(east.locator("#rematch")).to_have_text("Join the rematch")
    east.click("#rematch")
    east.wait_for_url(re.compile(r"/games/(?!" + re.escape(game["id"]) + r"$)[^/?]+$"))
    expect(east.locator("#you")).to_have_text("west")
    assert _game_id(east) == _game_id(west)  # one new game for both


def test_issue_39_item_9_a_send_that_sends_nothing_says_why_and_keeps_the_order(
    live_server: LiveServer, contexts: Any
) -> None:
    """An empty Send asks for an order; a server failure (5xx) or no answer at all says so,
    and the order stays in the box to be sent again."""
    game = live_server.create("aggressor/sector", TWO_HUMANS, seed=6)
    page = open_seat(contexts, game["links"]["west"])
    expect(page.locator("#status")).to_have_text("Your orders, please.")
    page.click("#send")
    expect(page.locator("#reply")).to_contain_text("write an order first")
    order = str(random_setup("west", np.random.default_rng(1)))
    page.route("**/orders", lambda route: route.fulfill(status=502, body="Bad Gateway"))
    page.fill("#order", order)
    page.click("#send")
    expect(page.locator("#reply")).to_contain_text("the server failed (502)")
    expect(page.locator("#order")).to_have_value(order)
    page.unroute("**/orders")
    page.route("**/orders", lambda route: route.abort())
    page.click("#send")
    expect(page.locator("#reply")).to_contain_text("no answer from the server")
    expect(page.locator("#order")).to_have_value(order)


def test_issue_39_item_5_the_title_and_icon_change_when_it_becomes_your_turn(
    live_server: LiveServer, contexts: Any
) -> None:
    """East waits while West sets up; when West's set-up arrives, East's tab says so."""
    game = live_server.create("aggressor/sector", TWO_HUMANS, seed=7)
    east = open_seat(contexts, game["links"]["east"])
    expect(east.locator("#status")).to_contain_text("Waiting for the opponent")
    assert not east.title().startswith("●")
    icon = east.locator('link[rel="icon"]')
    expect(icon).to_have_attribute("href", "/static/favicon-wait.svg")
    order = str(random_setup("west", np.random.default_rng(2)))
    r = live_server.api(
        "POST", f"/api/games/{game['id']}/orders", game["tokens"]["west"], json={"order": order}
    )
    assert r.status_code == 200, r.text
    expect(east).to_have_title(re.compile(r"^● Your turn — hexwar"))
    expect(icon).to_have_attribute("href", "/static/favicon-turn.svg")
    expect(east.locator("#sound")).to_be_checked()  # the beep is on unless switched off


def test_issue_39_item_9_the_flank_editor_opens_in_view(
    live_server: LiveServer, contexts: Any
) -> None:
    """The moderator's flank editor, opened in an 800 px window, is brought into view."""
    page: Page = contexts(800).new_page()
    page.goto(f"{live_server.url}/moderator")
    expect(page.locator("body")).to_have_attribute("data-ready", "yes")
    for side, nation, military in (
        ("attacker", "Normandy", "Norman Host"),
        ("defender", "England", "Housecarls and Fyrd"),
    ):  # as tests/web/test_moderator_browser.py: the Battle of Hastings
        page.select_option(f"#{side}", nation)
        page.select_option(f"#{side}-military", military)
    page.select_option("#location", "Hastings")
    page.click("#tab-strategy")
    # Each military choice splits its side's flanks and checks the war on the server: wait
    # until both have come back (the flanks drawn again, the errors list laid out), or the
    # editor brought into view would be moved by them after it opened.
    for side in ("attacker", "defender"):
        expect(page.locator(f"#{side}-status")).to_contain_text("Good (")
    expect(page.locator("#run")).to_be_enabled()
    page.locator("rect.flank.attacker").first.dblclick()
    expect(page.locator("#editor")).to_be_visible()
    expect(page.locator("#editor")).to_be_in_viewport(ratio=1)  # all of it, not 29 px
