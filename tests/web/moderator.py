"""The flank battle moderator page's first steps, as the browser tests of it take them."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def open_with_the_persian_attacker(page: Page, url: str) -> None:
    """Opens the moderator page of the server at ``url``, chooses the attacker Achaemenid
    Persia and its military Persian Expedition, and goes to the strategy tab once the
    attacker's flanks are split (its status Good (25000/25000))."""
    page.goto(f"{url}/moderator")
    expect(page.locator("body")).to_have_attribute("data-ready", "yes")
    page.select_option("#attacker", "Achaemenid Persia")
    page.select_option("#attacker-military", "Persian Expedition")
    page.click("#tab-strategy")
    expect(page.locator("#attacker-status")).to_have_text("Good (25000/25000)")
