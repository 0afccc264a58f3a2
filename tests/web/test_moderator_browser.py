"""The flank battle moderator page end to end in Chromium (seed 004, Interface; Flank editor;
Terrain map; Output): one war from the menus to the committed stability."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.sync_api import Page, expect

from hexwar.rulesets.flankbattle.database import Database
from hexwar.rulesets.flankbattle.receipt import wiki_text
from tests.web.conftest import LiveServer

TIMEOUT = 20_000  # ms: a busy 2-core machine


def _pick(page: Page, nation: str, military: str, side: str) -> None:
    page.select_option(f"#{side}", nation)
    page.select_option(f"#{side}-military", military)


def _picture(folder: Path) -> Path:
    path = folder / "marsh.png"
    Image.new("RGB", (200, 120), (0, 200, 200)).save(path)  # cyan reads as water
    return path


def test_moderator_runs_a_war_and_commits_stability(
    live_server: LiveServer, browser: Any, tmp_path: Path
) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
    ctx.set_default_timeout(TIMEOUT)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    try:
        page = ctx.new_page()
        page.goto(f"{live_server.url}/moderator")
        expect(page.locator("body")).to_have_attribute("data-ready", "yes")
        # Online database: a default military is an error; the war cannot run.
        expect(page.locator("#errors")).to_contain_text("default military has no Size")
        expect(page.locator("#run")).to_be_disabled()
        # Online database: all five menus have the extra "default" entry
        for menu in ("attacker", "defender", "attacker-military", "defender-military", "location"):
            assert "default" in page.eval_on_selector_all(
                f"#{menu} option", "options => options.map(o => o.value)"
            )
        page.fill("#war-name", "Battle of <i>Hastings</i> – Senlac")
        page.select_option("#motive", "Conquest")
        _pick(page, "Normandy", "Norman Host", "attacker")
        _pick(page, "England", "Housecarls and Fyrd", "defender")
        page.select_option("#location", "Hastings")
        expect(page.locator("#attacker-info")).to_contain_text("Size 8,000")
        expect(page.locator("#attacker-info")).to_contain_text("William the Conqueror")
        # the location selects its terrain map
        expect(page.locator("#map")).to_have_value("Hill")

        page.click("#tab-strategy")
        # 8,000 over 3 flanks by largest remainder (2,668, 2,666, 2,666): 8,000 in all -> Good
        expect(page.locator("#attacker-status")).to_have_text("Good (8000/8000)")
        expect(page.locator("#attacker-status")).to_have_class("mod-status green")
        expect(page.locator("#attacker-count")).to_have_text("3")
        expect(page.locator("#run")).to_be_enabled()
        # the date spinner: -3500 to 2020 (BC negative); out of range is an error at once
        page.fill("#war-date", "2021")
        expect(page.locator("#errors")).to_contain_text("war date 2021 is outside -3500 to 2020")
        expect(page.locator("#run")).to_be_disabled()
        page.fill("#war-date", "1066")
        expect(page.locator("#run")).to_be_enabled()

        # drag the first attacker flank 60 pixels down
        first = page.locator("rect.flank.attacker").first
        box = first.bounding_box()
        assert box is not None
        y0 = float(first.get_attribute("y") or 0)
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.move(box["x"] + 40, box["y"] + 67, steps=5)
        page.mouse.up()
        assert float(page.locator("rect.flank.attacker").first.get_attribute("y") or 0) > y0 + 40

        # Flank editor: 12 more infantry than the database gives -> Invalid Inf in red
        page.locator("rect.flank.attacker").first.dblclick()
        expect(page.locator("#editor")).to_be_visible()
        expect(page.locator("#ed-size")).to_have_text("2668")
        expect(page.locator("#ed-morale")).to_have_text("53360")
        expect(page.locator("#ed-status")).to_have_text("Idle")
        page.fill("#ed-infantry", "1345")
        expect(page.locator("#ed-size")).to_have_text("2679")
        page.click("#ed-apply")
        expect(page.locator("#attacker-status")).to_have_text("Invalid Inf (4011/4000)")
        expect(page.locator("#attacker-status")).to_have_class("mod-status red")
        expect(page.locator("#run")).to_be_disabled()
        page.fill("#ed-infantry", "1334")
        page.click("#ed-save")
        expect(page.locator("#editor")).to_be_hidden()
        expect(page.locator("#attacker-status")).to_have_text("Good (8000/8000)")
        # the English have no cavalry: "<none selected>", disabled
        page.locator("rect.flank.defender").first.dblclick()
        expect(page.locator("#ed-cavalry-type")).to_have_text("<none selected>")
        expect(page.locator("#ed-cavalry")).to_be_disabled()
        # no transport in the database: the ships row is "Barge", disabled
        expect(page.locator("#ed-ships-type")).to_have_text("Barge")
        expect(page.locator("#ed-ships")).to_be_disabled()
        page.select_option("#ed-maneuver", "Position")
        expect(page.locator("#ed-summary")).to_contain_text("speed zero")
        page.click("#ed-cancel")

        # Ctrl+C / Ctrl+V copies a flank (too many troops now), Delete removes it
        page.locator("rect.flank.attacker").nth(1).click()
        page.keyboard.press("Control+c")
        page.keyboard.press("Control+v")
        expect(page.locator("#attacker-count")).to_have_text("4")
        expect(page.locator("#attacker-status")).to_contain_text("Invalid")
        page.keyboard.press("Delete")
        expect(page.locator("#attacker-count")).to_have_text("3")
        # Ctrl+X cuts (Interface: "copy, cut and paste flanks"): gone, then pasted back
        page.locator("rect.flank.attacker").nth(2).click()
        page.keyboard.press("Control+x")
        expect(page.locator("#attacker-count")).to_have_text("2")
        expect(page.locator("#attacker-status")).to_contain_text("Invalid")
        page.keyboard.press("Control+v")
        expect(page.locator("#attacker-count")).to_have_text("3")
        expect(page.locator("#attacker-status")).to_have_text("Good (8000/8000)")
        # closing the editor by hand (Escape, or its x) is Cancel: nothing changes
        page.locator("rect.flank.attacker").first.dblclick()
        page.fill("#ed-infantry", "5000")
        page.keyboard.press("Escape")
        expect(page.locator("#editor")).to_be_hidden()
        page.locator("rect.flank.attacker").first.dblclick()
        expect(page.locator("#ed-infantry")).to_have_value("1334")
        page.fill("#ed-infantry", "5000")
        page.click("#ed-close")
        expect(page.locator("#editor")).to_be_hidden()
        expect(page.locator("#attacker-status")).to_have_text("Good (8000/8000)")
        # + makes an empty Inactive flank; Remove deletes the selected one
        page.click("#defender-add")
        expect(page.locator("#defender-count")).to_have_text("4")
        page.locator("rect.flank.defender").last.dblclick()
        expect(page.locator("#ed-status")).to_have_text("Inactive")
        page.click("#ed-cancel")
        page.click("#remove")
        expect(page.locator("#defender-count")).to_have_text("3")
        expect(page.locator("#defender-status")).to_have_text("Good (7000/7000)")
        # Reset: three flanks a side again, evenly; an uploaded picture becomes a map
        page.click("#attacker-add")
        expect(page.locator("#attacker-count")).to_have_text("4")
        page.click("#reset")
        expect(page.locator("#attacker-count")).to_have_text("3")
        expect(page.locator("#attacker-status")).to_have_text("Good (8000/8000)")
        page.set_input_files("#map-file", str(_picture(tmp_path)))
        page.click("#upload button")
        expect(page.locator("#upload-note")).to_have_text("added marsh")
        expect(page.locator("#map")).to_have_value("marsh")
        page.select_option("#map", "Hill")

        # Run: the flanks where the battle left them; Restore toggles before and after
        expect(page.locator("#commit")).to_be_disabled()
        page.click("#run")
        expect(page.locator("#restore-note")).to_have_text("after the battle")
        expect(page.locator("#commit")).to_be_enabled()
        # the result is not an error: the status tells what the battle left, Run stays ready
        # to fight the strategy from before the battle again
        expect(page.locator("#attacker-status")).to_contain_text("After the battle (")
        expect(page.locator("#attacker-status")).to_contain_text("/8000)")
        expect(page.locator("#errors li")).to_have_count(0)
        expect(page.locator("#run")).to_be_enabled()
        # the battle hour by hour (issue: watch it over a slider): hour 0 is the deployment,
        # nobody routed yet; the slider's end is the battle's end again
        expect(page.locator("#hours")).to_be_visible()
        last = int(page.get_attribute("#hour", "max") or 0)
        assert last >= 1
        page.eval_on_selector(
            "#hour", "e => { e.value = '0'; e.dispatchEvent(new Event('input')); }"
        )
        expect(page.locator("#hour-note")).to_contain_text("hour 0 of ")
        expect(page.locator("#hour-note")).to_contain_text("attacker 8,000 men")
        expect(page.locator("rect.flank.routed")).to_have_count(0)
        # each flank's strength and morale at that hour (hour 0: the deployment's men)
        expect(page.locator("rect.flank.attacker title").first).to_have_text(
            re.compile(r"attacker flank 1: 2668 men, morale \d+ \(Idle\)")
        )
        page.eval_on_selector(
            "#hour", f"e => {{ e.value = '{last}'; e.dispatchEvent(new Event('input')); }}"
        )
        # Output: routed flanks darker; the editor shows a flank as the battle left it
        routed = page.locator("rect.flank.routed")
        expect(routed.first).to_be_visible()
        assert routed.first.get_attribute("fill") in ("#008080", "#800000")
        routed.first.dblclick()
        expect(page.locator("#ed-status")).to_have_text("Routed")
        assert page.eval_on_selector("#ed-status", "e => e.style.color") == "red"
        size = int(page.text_content("#ed-size") or 0)
        assert int(page.text_content("#ed-morale") or 0) < 20 * size  # morale lost in battle
        page.click("#ed-cancel")
        page.click("#restore")
        expect(page.locator("#restore-note")).to_have_text("before the battle")
        expect(page.locator("#attacker-status")).to_have_text("Good (8000/8000)")
        page.click("#restore")
        expect(page.locator("#restore-note")).to_have_text("after the battle")

        # Switch sides clears the result
        page.click("#switch")
        expect(page.locator("#attacker")).to_have_value("England")
        expect(page.locator("#defender-military")).to_have_value("Norman Host")
        expect(page.locator("#commit")).to_be_disabled()
        expect(page.locator("#receipt")).to_have_value("")
        expect(page.locator("#run")).to_be_enabled()
        page.click("#run")
        expect(page.locator("#commit")).to_be_enabled()
        page.click("#commit")
        expect(page.locator("#commit-note")).to_contain_text("Stability written")
        stability = {
            n["name"]: n["stability"]
            for n in Database.load(live_server.home / "flankbattle.sqlite3").tables["Nation"]
        }
        note = page.text_content("#commit-note") or ""
        shown = dict(
            part.rsplit(" ", 1) for part in note.split(": ", 1)[1].split(", ")
        )  # "Stability written to the Nation tab: England 107.63, Normandy 131.71"
        assert stability["England"] == float(shown["England"])
        assert stability["Normandy"] == float(shown["Normandy"])
        assert (stability["England"], stability["Normandy"]) != (120.0, 140.0)

        # Output: the receipt (the war's name kept as text) and copying it
        page.click("#tab-output")
        receipt = page.input_value("#receipt")
        assert receipt.startswith(f"== {wiki_text('Battle of <i>Hastings</i> – Senlac')} (1066) ==")
        assert "=== England (attacker" in receipt
        page.click("#copy-receipt")
        expect(page.locator("#copy-note")).to_have_text("copied")
        assert page.evaluate("navigator.clipboard.readText()") == receipt
        expect(page.locator("#log")).to_contain_text("Autoalgo log")
        expect(page.locator("#log-download")).to_have_attribute("download", re.compile("Autoalgo"))
        expect(page.locator("#legend li")).to_have_count(5)
        expect(page.locator("#stability-bands li").first).to_be_visible()
        expect(page.locator("#occupation-bands li").first).to_be_visible()
        expect(page.locator("#war-results")).to_contain_text("Occupation")
        # the hourly loop's plots under the log: each flank's men and morale by the hour
        for name in ("men-by-the-hour", "morale-by-the-hour"):
            expect(page.locator(f'#run-plots figure[data-plot="{name}"] img')).to_be_visible()
    finally:
        ctx.close()
