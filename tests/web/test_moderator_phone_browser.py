"""The flank battle moderator page on a phone's window (seed 004, Interface), in Chromium: no
part of it reaches past the window on any tab, and the map, drawn smaller than its 400 x 400
points, still puts a dragged flank where the finger lets go of it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import LiveServer
from tests.web.moderator import open_with_the_persian_attacker

WIDTH = 420


def _width(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def test_the_moderator_page_fits_a_phones_window_on_every_tab(
    live_server: LiveServer, contexts: Any
) -> None:
    """The Battle of Marathon chosen, its war run: the tactics, strategy and output tabs are
    each no wider than a 420-pixel window (the buttons, the sides' counts and statuses, the
    map's controls and the output's columns go under each other there)."""
    page: Page = contexts(800, viewport={"width": WIDTH, "height": 800}).new_page()
    page.goto(f"{live_server.url}/moderator")
    expect(page.locator("body")).to_have_attribute("data-ready", "yes")
    assert _width(page) == WIDTH  # the tactics tab, with the errors of an empty war
    page.select_option("#attacker", "Achaemenid Persia")
    page.select_option("#attacker-military", "Persian Expedition")
    page.select_option("#defender", "Athens")
    page.select_option("#defender-military", "Athenian Hoplites")
    page.select_option("#location", "Marathon")
    page.click("#tab-strategy")
    expect(page.locator("#attacker-status")).to_have_text("Good (25000/25000)")
    expect(page.locator("#defender-status")).to_have_text("Good (10000/10000)")
    assert _width(page) == WIDTH
    for status in ("#attacker-status", "#defender-status"):
        expect(page.locator(status)).to_be_in_viewport(ratio=1)
    expect(page.locator("#run")).to_be_enabled()
    page.click("#run")
    page.click("#tab-output")
    expect(page.locator("#receipt")).not_to_be_empty()
    assert _width(page) == WIDTH


def test_a_flank_dragged_on_the_smaller_map_lands_under_the_pointer(
    live_server: LiveServer, contexts: Any
) -> None:
    """The map's points are read through its viewBox: on a phone the map is drawn smaller
    than 400 pixels, and a flank dropped at the map's middle is drawn at the map's middle."""
    page: Page = contexts(800, viewport={"width": WIDTH, "height": 800}).new_page()
    open_with_the_persian_attacker(page, live_server.url)
    field = page.locator("#field").bounding_box()
    assert field is not None
    assert field["width"] < 400  # drawn smaller than its points
    flank = page.locator("rect.flank.attacker").first
    start = flank.bounding_box()
    assert start is not None
    middle = (field["x"] + field["width"] / 2, field["y"] + field["height"] / 2)
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(*middle, steps=5)
    page.mouse.up()
    end = page.locator("rect.flank.attacker").first.bounding_box()
    assert end is not None
    centre = (end["x"] + end["width"] / 2, end["y"] + end["height"] / 2)
    assert abs(centre[0] - middle[0]) <= 1.5, (centre, middle)
    assert abs(centre[1] - middle[1]) <= 1.5, (centre, middle)
