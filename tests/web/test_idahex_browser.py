"""End to end in Chromium: a human plays IDAHEX against the computer through one cycle (seed
000 §2.3: Sinai's cycle is two periods of half a day), giving a mission (§4.1) and an air strike
(§6) and a transfer (§4.2.1) through the forms, asking the console's questions in the panel, reading
the clock."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import LiveServer

TIMEOUT = 20_000  # ms: a busy 2-core machine


def _fact(page: Page, name: str) -> Any:
    return page.locator("#facts dt", has_text=name).locator("xpath=following-sibling::dd[1]")


def test_a_human_plays_one_idahex_cycle_against_the_computer_through_the_forms(
    live_server: LiveServer, browser: Any
) -> None:
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    ctx.set_default_timeout(TIMEOUT)
    try:
        page: Page = ctx.new_page()
        page.goto(live_server.url + "/")
        page.select_option("#scenario", "idahex/sinai")
        expect(page.locator("#side0")).to_have_text("red")
        page.select_option("#seat0", "human")
        page.select_option("#seat1", "ai")
        page.click("#create")
        page.goto(page.locator('a.seat-link[data-role="red"]').get_attribute("href") or "")
        page.wait_for_url(re.compile(r"/games/[^/?]+$"))
        expect(page.locator("#status")).to_have_text("Your orders, please.")
        expect(page.locator('#map svg polygon.hex[data-label="115"]')).to_have_count(1)
        expect(_fact(page, "clock")).to_have_text("t = 0 days")
        expect(_fact(page, "next commands")).to_have_text("t = 0.5")
        expect(_fact(page, "reports")).to_have_text("iprint 100 (§8)")

        # §4: a player gives instructions to his own units only; the form is refused as the
        # console refuses the typed line, naming the rule, and nothing joins the orders
        mission = page.locator("#ida-mission")
        mission.locator('input[name="objective"]').fill("27")
        mission.locator('input[name="posture"]').fill("10")
        mission.locator('input[name="units"]').fill("153")
        mission.locator('button[type="submit"]').click()
        expect(page.locator("#ida-said")).to_contain_text(
            "unit 153 is not one of your units [seed 000 §4]"
        )
        expect(page.locator("#order")).to_have_value("")
        # typed and sent anyway, the game refuses it with the same rule
        page.fill("#order", "mission 27,10 units 153 mode 0")
        page.click("#send")
        expect(page.locator("#reply")).to_have_text(
            "refused: unit 153 is not one of your units [seed 000 §4]"
        )
        page.fill("#order", "")

        # §4.1: unit 2 (cell 26) takes a hold posture in cell 27 next to it.
        mission.locator('input[name="objective"]').fill("27")
        mission.locator('input[name="posture"]').fill("10")
        mission.locator('input[name="units"]').fill("2")
        mission.locator('button[type="submit"]').click()
        # §6: at a cycle start, an interdiction strike on the Blue units seen in cell 39.
        strike = page.locator("#ida-strike")
        expect(strike.locator("#ida-strike-when")).to_contain_text("strikes may be entered")
        strike.locator('select[name="role"]').select_option("interdiction")
        strike.locator('input[name="cell"]').fill("39")
        strike.locator('input[name="aircraft-1"]').fill("2")
        strike.locator('button[type="submit"]').click()
        # §4.2.1: a transfer in cell 26 of 10 of resource 6, the givers and takers by default.
        transfer = page.locator("#ida-transfer")
        transfer.locator("xpath=..").locator("summary").click()  # open its box
        transfer.locator('input[name="cell"]').fill("26")
        transfer.locator('input[name="amount-6"]').fill("10")
        transfer.locator('button[type="submit"]').click()
        expect(page.locator("#order")).to_have_value(
            "mission 27,10 units 2 mode 0; interdiction 39 priority 1,2,3,4 aircraft 2; "
            "transfer 26 amounts 6=10"
        )

        # The console's information request: own unit 2.
        ask = page.locator("#ida-ask")
        ask.locator('select[name="what"]').select_option("unit")
        ask.locator('input[name="n"]').fill("2")
        ask.locator('button[type="submit"]').click()
        expect(page.locator("#ida-answer")).to_contain_text("unit 2 7TH MDT RIFLE: type 1, cell 26")

        page.click("#send")
        expect(page.locator("#reply")).to_contain_text("accepted")
        expect(_fact(page, "clock")).to_have_text("t = 0.5 days")
        expect(page.locator("#log")).to_contain_text("mission 1 created: mission 27,10 units 2")
        expect(page.locator("#log")).to_contain_text(
            "Red interdiction strike on cell 39 (units 153, 154)"
        )
        # §4.2.1: no unit of cell 26 is in the transfer posture: no givers, and red is warned.
        expect(page.locator("#log")).to_contain_text("there are no givers")
        # t = 0.5 starts a period, not a cycle: the strike form waits (§6).
        expect(page.locator("#ida-strike-when")).to_contain_text("Not now")
        expect(page.locator('#ida-strike button[type="submit"]')).to_be_disabled()

        page.fill("#order", "pass")
        page.click("#send")
        expect(_fact(page, "clock")).to_have_text("t = 1 days")
        expect(page.locator("#ida-strike-when")).to_contain_text("strikes may be entered")
        expect(page.locator('#map svg g.counter[data-ref="2"]')).to_have_attribute(
            "data-hex", re.compile(".+")
        )
        page.click("a.plots-link")
        expect(page.locator('figure.plot[data-plot="resources-of-red"] img')).to_be_visible()
    finally:
        ctx.close()
