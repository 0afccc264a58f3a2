"""The flank battle game page in Chromium (issue 39 item 4): a seat's page draws the battlefield
as the moderator's page does (the terrain map, its own flanks, nothing of the enemy's before the
battle) and the deployment is placed by pointing (seed 004, Terrain map; Flank editor); the
computer deploys the other side, and the page shows the battle's outcome."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from hexwar.rulesets.flankbattle.flanks import Maneuver
from hexwar.rulesets.flankbattle.orders import Deployment
from tests.web.conftest import LiveServer

TIMEOUT = 15_000  # ms: a busy 2-core machine
NATURAL_WIDTH = """() => new Promise((done) => {
  const image = new Image();
  image.onload = () => done(image.naturalWidth);
  image.onerror = () => done(0);
  image.src = document.getElementById('fb-map').getAttribute('href');
})"""


def test_issue_39_item_4_a_seat_deploys_by_pointing_and_sees_the_battle(
    live_server: LiveServer, browser: Any
) -> None:
    game = live_server.create(
        "flankbattle/hastings", {"attacker": "human", "defender": "ai"}, seed=1
    )
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(TIMEOUT)
    try:
        page = ctx.new_page()
        with page.expect_response(lambda r: r.url.endswith("/flankbattle/map.png")) as drawn:
            page.goto(game["links"]["attacker"])
            page.wait_for_url(re.compile(r"/games/[^/?]+$"))
        assert drawn.value.status == 200
        assert drawn.value.header_value("content-type") == "image/png"
        body = page.locator("body")
        expect(body).to_have_attribute("data-flankbattle", "deploy")
        # the battlefield: the terrain map (400 x 400), own three flanks, none of the enemy's
        assert page.evaluate(NATURAL_WIDTH) == 400
        expect(page.locator("#fb-flanks rect.flank.attacker")).to_have_count(3)
        expect(page.locator("#fb-flanks rect.flank.defender")).to_have_count(0)
        expect(page.locator("#fb-facts")).to_contain_text("England")

        # Place the three flanks by clicking the map (each click places the picked flank and
        # picks the next), drag the first one, then pick the second and set its maneuver.
        field = page.locator("#fb-field")
        box = field.bounding_box()
        assert box is not None
        scale = box["width"] / 400

        def at(x: float, y: float) -> dict[str, float]:
            return {"x": x * scale, "y": y * scale}

        for y in (90, 200, 310):
            field.click(position=at(100, y))
        page.mouse.move(box["x"] + 100 * scale, box["y"] + 90 * scale)
        page.mouse.down()
        page.mouse.move(box["x"] + 60 * scale, box["y"] + 60 * scale, steps=4)
        page.mouse.up()
        page.click("#fb-list button[data-index='1']")
        page.select_option("#fb-maneuver", Maneuver.POSITION.value)
        page.click("#fb-even")
        expect(page.locator("#fb-status")).to_contain_text("Good (")

        order = Deployment.parse(page.input_value("#order"))
        assert order.flanks is not None
        places = [(round(f.x), round(f.y)) for f in order.flanks]
        for (x, y), (want_x, want_y) in zip(
            places, [(60, 60), (100, 200), (100, 310)], strict=True
        ):
            assert abs(x - want_x) <= 2, places
            assert abs(y - want_y) <= 2, places
        assert [f.maneuver for f in order.flanks][1] is Maneuver.POSITION
        assert sum(f.infantry for f in order.flanks) == 4000

        page.click("#send")
        # the computer deployed the defender: the war is fought, both sides drawn after it
        expect(body).to_have_attribute("data-flankbattle", "over")
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator("#end-result")).to_have_text(re.compile(r"^You (won|lost)$"))
        result = page.locator("#fb-result")
        expect(result).to_contain_text(re.compile(r"After \d+ hours the (attacker|defender) wins"))
        expect(page.locator("#fb-flanks rect.flank.attacker")).to_have_count(3)
        expect(page.locator("#fb-flanks rect.flank.defender")).not_to_have_count(0)
        view = live_server.api(
            "GET", f"/api/games/{game['id']}/view", game["tokens"]["attacker"]
        ).json()["view"]["data"]
        report = view["report"]
        expect(result).to_contain_text(f"After {report['hours']} hours the {report['winner']} wins")
    finally:
        ctx.close()
