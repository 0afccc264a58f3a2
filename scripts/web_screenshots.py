"""Save a screenshot of the lobby, each board, the umpire's page, the replay viewer, the flank
battle moderator, IDAHEX's page with its forms and a plots page under docs/images/.

Starts ``hexwar serve`` in-process on a free loopback port over a temporary game store, plays a
few turns of each game through the API with the rulesets' own computer players standing in for
the human seat, and photographs the seat's page with Debian's chromium (``HEXWAR_CHROMIUM`` or
the PATH). Run: ``make screenshots`` (or ``.venv/bin/python scripts/web_screenshots.py``);
``scripts/web_screenshots.py idahex`` takes only the IDAHEX and plots pictures.
"""

from __future__ import annotations

import os
import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from playwright.sync_api import sync_playwright

from hexwar.agents import agent_rng, make_agent
from hexwar.core import registry
from hexwar.core.views import View
from hexwar.web.app import create_app

OUT = Path(__file__).resolve().parent.parent / "docs" / "images"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _chromium() -> str:
    found = os.environ.get("HEXWAR_CHROMIUM") or shutil.which("chromium")
    if not found:
        sys.exit("no chromium: apt-get install chromium, or set HEXWAR_CHROMIUM")
    return found


class Api:
    def __init__(self, url: str) -> None:
        self.http = httpx.Client(base_url=url, timeout=60)

    def create(self, scenario: str, seats: dict[str, str], seed: int) -> dict[str, Any]:
        r = self.http.post("/api/games", json={"scenario": scenario, "seed": seed, "seats": seats})
        r.raise_for_status()
        return dict(r.json())

    def place(self, game: dict[str, Any], side: str, pieces: list[str]) -> None:
        """Take the set-up choices (``/choices``) whose action names each of ``pieces``."""
        auth = {"Authorization": f"Bearer {game['tokens'][side]}"}
        url = f"/api/games/{game['id']}/choices"
        for piece in pieces:
            listed = self.http.get(url, headers=auth).json()
            index = next(c["index"] for c in listed["choices"] if c["text"].endswith(piece))
            body = {"step": listed["step"], "index": index}
            self.http.post(url, json=body, headers=auth).raise_for_status()

    def play(self, game: dict[str, Any], side: str, agent: str, orders: int) -> None:
        """Give ``orders`` orders for ``side`` chosen by the ruleset's computer player."""
        ruleset = registry.get(game["ruleset"])
        player = make_agent(ruleset, side, agent)
        auth = {"Authorization": f"Bearer {game['tokens'][side]}"}
        for _ in range(orders):
            state = self.http.get(f"/api/games/{game['id']}/state", headers=auth).json()
            if not state["your_turn"]:
                return
            data = self.http.get(f"/api/games/{game['id']}/view", headers=auth).json()["view"]
            view = View(data["ruleset"], data["side"], data["step"], data["data"])
            order = player.act(view, agent_rng(1, side, view.step))
            self.http.post(
                f"/api/games/{game['id']}/orders", json={"order": order.to_json()}, headers=auth
            ).raise_for_status()


def moderator_screenshots(page: Any, url: str) -> None:
    """The flank battle moderator page: one war at Hastings, a picture of each tab and of the
    flank editor."""
    page.set_viewport_size({"width": 1280, "height": 860})
    page.goto(url + "/moderator")
    page.wait_for_selector("body[data-ready='yes']")
    for side, nation, military in (
        ("attacker", "Normandy", "Norman Host"),
        ("defender", "England", "Housecarls and Fyrd"),
    ):
        page.select_option(f"#{side}", nation)
        page.select_option(f"#{side}-military", military)
    page.select_option("#location", "Hastings")
    page.wait_for_selector("#defender-status:not(:empty)", state="attached")
    page.screenshot(path=str(OUT / "moderator-tactics.png"))
    page.click("#tab-strategy")
    page.wait_for_timeout(400)
    page.screenshot(path=str(OUT / "moderator-strategy.png"))
    page.locator("rect.flank.attacker").first.dblclick()
    page.wait_for_timeout(300)
    page.screenshot(path=str(OUT / "moderator-editor.png"), full_page=True)
    page.click("#ed-cancel")
    page.click("#run")
    page.wait_for_selector("body[data-run]")
    page.wait_for_timeout(400)
    page.screenshot(path=str(OUT / "moderator-after.png"))
    page.click("#tab-output")
    page.wait_for_timeout(300)
    page.screenshot(path=str(OUT / "moderator-output.png"))


def idahex_screenshots(page: Any, url: str, api: Api) -> None:
    """IDAHEX's page (Sinai, red, four periods in: an engagement with its FEBA), its map, the
    forms with a mission being written, and the plots page of the same game."""
    game = api.create("idahex/sinai", {"red": "human", "blue": "ai"}, 1)
    api.play(game, "red", "ai", 4)
    page.set_viewport_size({"width": 1400, "height": 1150})
    page.goto(game["links"]["red"])
    page.wait_for_url(f"**/games/{game['id']}")
    page.wait_for_selector("#map svg")
    page.wait_for_selector("#facts dt")
    page.wait_for_selector("#ida-units option", state="attached")
    # a mission for the first two units of one cell that are in no task force yet
    auth = {"Authorization": f"Bearer {game['tokens']['red']}"}
    data = api.http.get(f"/api/games/{game['id']}/view", headers=auth).json()["view"]["data"]
    free = [u for u in data["units"] if not u["task_force"] and not u["engaged"]]
    cell = free[0]["location"]
    units = ",".join([str(u["number"]) for u in free if u["location"] == cell][:2])
    mission = page.locator("#ida-mission")
    mission.locator('input[name="objective"]').fill("39")
    mission.locator('input[name="posture"]').fill("40")
    mission.locator('input[name="units"]').fill(units)
    mission.locator('button[type="submit"]').click()
    page.wait_for_selector("#ida-said.ok")
    ask = page.locator("#ida-ask")
    ask.locator('select[name="what"]').select_option("engagements")
    ask.locator('button[type="submit"]').click()
    page.wait_for_timeout(500)
    page.screenshot(path=str(OUT / "web-idahex.png"))
    page.locator("#map svg").screenshot(path=str(OUT / "board-idahex.png"))
    page.locator("#idahex").screenshot(path=str(OUT / "web-idahex-forms.png"))
    page.goto(f"{url}/games/{game['id']}/plots")
    page.wait_for_selector("figure.plot img")
    for _ in range(100):  # every plot drawn (polled here: the page's CSP forbids eval)
        if page.evaluate(
            "[...document.querySelectorAll('figure.plot img')].every(i => i.complete)"
        ):
            break
        page.wait_for_timeout(100)
    page.screenshot(path=str(OUT / "web-plots.png"), full_page=True)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="hexwar-shots-"))
    port = _port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(home), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}"
    api = Api(url)
    if sys.argv[1:] == ["idahex"]:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=_chromium(), args=ARGS, headless=True)
            idahex_screenshots(browser.new_context().new_page(), url, api)
            browser.close()
        server.should_exit = True
        thread.join(timeout=10)
        shutil.rmtree(home, ignore_errors=True)
        return
    aggressor = api.create("aggressor/sector", {"west": "human", "east": "computer"}, 7)
    api.play(aggressor, "west", "computer", 40)
    tactical = api.create("tactical/meeting1941", {"allied": "human", "axis": "ai"}, 3)
    api.play(tactical, "allied", "ai", 3)
    airwar = api.create("airwar/small-four-cities", {"1": "human", "2": "ai"}, 5)
    api.play(airwar, "1", "ai", 6)
    setup = api.create("aggressor/sector", {"west": "human", "east": "ai"}, 8)
    api.place(setup, "west", ["armor@CD", "infantry@DE", "artillery@BF", "support@DH"])
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=_chromium(), args=ARGS, headless=True)
        ctx = browser.new_context(viewport={"width": 1400, "height": 980})
        page = ctx.new_page()
        page.goto(url + "/")
        page.screenshot(path=str(OUT / "web-lobby.png"))
        for name, game, side in (
            ("aggressor", aggressor, "west"),
            ("tactical", tactical, "allied"),
            ("airwar", airwar, "1"),
        ):
            page.goto(game["links"][side])
            page.wait_for_url(f"**/games/{game['id']}")
            page.wait_for_selector("#map svg")
            page.wait_for_selector("#facts dt")
            page.wait_for_timeout(600)  # the choices arrive after the map
            pieces = page.locator("g.counter.has-choices")
            if pieces.count():  # pointing: a piece's choices marked on the map
                pieces.nth(min(2, pieces.count() - 1)).click(force=True)
            elif name == "tactical":
                page.locator("g.counter.own").nth(2).click(force=True)  # show what it can see
            page.wait_for_timeout(400)
            page.screenshot(path=str(OUT / f"web-{name}.png"))
            page.click('button[aria-label="the whole board"]')  # the board whole, for docs
            page.wait_for_timeout(200)
            page.locator("#map svg").screenshot(path=str(OUT / f"board-{name}.png"))
        # a set-up placed by pointing: four units placed, a hex's types asked beside the map
        page.goto(setup["links"]["west"])
        page.wait_for_url(f"**/games/{setup['id']}")
        page.wait_for_selector("#map g.marks polygon.placed")
        page.click('button[aria-label="the whole board"]')
        page.locator('#map polygon.mark[data-hex="5,1"]').click()
        page.wait_for_selector("#piece-choices button")
        page.wait_for_timeout(300)
        page.screenshot(path=str(OUT / "web-setup.png"))
        # a spectator's page (the lobby's watch link): what both sides see
        page.goto(f"{url}/watch/{aggressor['id']}")
        page.wait_for_selector("#map svg")
        page.wait_for_timeout(400)
        page.screenshot(path=str(OUT / "web-watch.png"))
        # the air war on a phone, at the reading zoom
        phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        small = phone.new_page()
        small.goto(airwar["links"]["1"])
        small.wait_for_selector("#map svg")
        small.wait_for_timeout(600)
        small.screenshot(path=str(OUT / "web-phone.png"))
        phone.close()
        # the umpire's page of the Aggressor game: both sides, and the amendment form
        page.goto(aggressor["umpire"])
        page.wait_for_url(f"**/games/{aggressor['id']}")
        page.wait_for_selector("#map svg")
        page.fill("#amendment", "remove east 1")
        page.fill("#reason", "the unit was withdrawn before the battle")
        page.wait_for_timeout(400)
        page.screenshot(path=str(OUT / "web-umpire.png"))
        page.goto(f"{url}/games/{tactical['id']}/replay")
        page.wait_for_selector("body[data-ready='1']")
        slider = page.locator("#frame")
        slider.fill(str(int(slider.get_attribute("max") or "1") - 1))
        page.wait_for_timeout(600)
        receipts = page.locator("details.receipt")
        if receipts.count():  # a receipt opened, when the frame's events have one
            receipts.first.locator("summary").click()
        page.evaluate("document.querySelector('aside.side').scrollTop = 0")
        page.screenshot(path=str(OUT / "web-replay.png"))
        moderator_screenshots(page, url)
        idahex_screenshots(page, url, api)
        browser.close()
    server.should_exit = True
    thread.join(timeout=10)
    shutil.rmtree(home, ignore_errors=True)
    for f in sorted(OUT.glob("*.png")):
        print(f"{f.relative_to(OUT.parent.parent)}: {f.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
