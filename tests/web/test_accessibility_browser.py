"""Every page passes axe-core (issue 39 item 8): no serious or critical violation (contrast of
every control at least 4.5:1, a name for every form control, ...) on the lobby, a seat's game
page of each ruleset, the umpire's page, the replay, the plots and the flank battle
moderator; the game page at a phone's size too.

axe-core runs inside a real Chromium (``axe-playwright-python`` injects it into the page).
"""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from tests.web.conftest import LiveServer

GRAVE = ("serious", "critical")
SEATS = {
    "aggressor/sector": {"west": "human", "east": "ai"},
    "tactical/meeting1941": {"allied": "human", "axis": "ai"},
    "airwar/small-three-cities": {"1": "human", "2": "ai"},
    "idahex/sinai": {"red": "human", "blue": "ai"},
    "flankbattle/hastings": {"attacker": "human", "defender": "ai"},
}


@pytest.fixture(scope="module")
def axe() -> Axe:
    return Axe()


def _grave(axe: Axe, page: Page) -> list[str]:
    page.wait_for_load_state("networkidle")
    found = axe.run(page).response["violations"]
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:5]]}"
        for v in found
        if v["impact"] in GRAVE
    ]


def _page(browser: Any, width: int = 1280, height: int = 900) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(15_000)
    page: Page = context.new_page()
    return page


def test_the_lobby_and_the_moderator_pass_axe(
    live_server: LiveServer, browser: Any, axe: Axe
) -> None:
    """Issue 39 item 8: the lobby and the moderator's page."""
    page = _page(browser)
    try:
        for path in ("/", "/moderator"):
            page.goto(live_server.url + path)
            assert _grave(axe, page) == [], path
    finally:
        page.context.close()


@pytest.mark.parametrize("scenario", sorted(SEATS))
def test_a_seats_game_page_passes_axe(
    live_server: LiveServer, browser: Any, axe: Axe, scenario: str
) -> None:
    """Issue 39 item 8: a human seat's game page of each ruleset (its own panels: IDAHEX's
    forms, the flank battle's), with the map, the order form and the zoom tools."""
    game = live_server.create(scenario, SEATS[scenario])
    side = next(iter(game["links"]))
    page = _page(browser)
    try:
        page.goto(game["links"][side])
        # attached, not visible: the flank battle's page draws its battlefield in place of the
        # hex map (which it hides; the board says there is none)
        page.wait_for_selector("#map svg", state="attached")
        assert _grave(axe, page) == []
    finally:
        page.context.close()


def test_the_umpire_replay_and_plots_pages_pass_axe(
    live_server: LiveServer, browser: Any, axe: Axe
) -> None:
    """Issue 39 item 8: the umpire's page (the amendment form), the replay viewer and the
    plots page of an Aggressor game."""
    game = live_server.create("aggressor/sector", SEATS["aggressor/sector"])
    page = _page(browser)
    try:
        page.goto(game["umpire"])
        page.wait_for_selector("#map svg")
        assert _grave(axe, page) == [], "umpire"
        for path in ("replay", "plots"):
            page.goto(f"{live_server.url}/games/{game['id']}/{path}")
            assert _grave(axe, page) == [], path
    finally:
        page.context.close()


def test_the_game_page_passes_axe_on_a_phone(
    live_server: LiveServer, browser: Any, axe: Axe
) -> None:
    """Issue 39 item 8 at 390x844 (issue 39 item 3's phone): the air war's game page."""
    game = live_server.create("airwar/small-three-cities", SEATS["airwar/small-three-cities"])
    page = _page(browser, 390, 844)
    try:
        page.goto(game["links"]["1"])
        page.wait_for_selector("#map svg")
        assert _grave(axe, page) == []
    finally:
        page.context.close()
