"""Play by pointing, in a real Chromium (issue 39, "Done when"): in each of the five rulesets a
player plays a whole game against the computer with the mouse alone -- on a phone, a finger --
to its end, and meets the end from its seat, never typing into the order box.

The first decisions are pointed at: an own piece with choices (``g.counter.has-choices``), then
one of its marks (``polygon.mark``) or a choice asked beside the map (``#piece-choices``); a
stepwise plan (the tactical game, the air war's stages, a set-up placed piece by piece) is sent
by its Send button; a choice of the whole decision (the end of a turn) by its button; the flank
battle's deployment by clicks on its battlefield, then Send. Then **Auto** (the computer's order
for the decision, as ``:auto`` in the terminal) plays the rest, so that each game ends in bounded
time; where the computer would concede, Auto says so and the player concedes by the Concede
button.
Every pick comes from a seeded generator. Bounds: ``CAP`` decisions a game, every wait a
timeout (hang guards, not timed checks); the five games take 30-50 s in all on two cores.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web.conftest import LiveServer

WAIT = 60_000  # ms at most for the computer's answer (a hang guard, not a check)
POINTED = 6  # decisions pointed at before Auto plays the rest
CAP = 400  # decisions at most in one game (these end within 80)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
END = re.compile(r"^(You won|You lost|Draw)$")

# The page waits for the player: the game is over, or the seat's choices are listed (their
# Auto button is there) and no request is out (the panel is not aria-busy).
READY = """() => {
  if (!document.getElementById('end').hidden) return true;
  const panel = document.getElementById('choices');
  return !panel.hidden && panel.getAttribute('aria-busy') !== 'true'
    && document.querySelector('#choice-buttons button.kind-auto') !== null;
}"""
# The answer to the last press is on the page: no request of the panel's is out.
IDLE = "() => document.getElementById('choices').getAttribute('aria-busy') !== 'true'"
# The indexes of the elements a press reaches: buttons (brought into view by the press), and
# marks and counters whose centre is in view and not under another mark or counter.
REACHED = """(els) => els.flatMap((e, i) => {
  if (!(e instanceof SVGElement)) return [i];
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit && (hit === e || e.contains(hit)) ? [i] : [];
})"""
# A point of a counter (relative to its box) where a press reaches it, not the one above it.
UNCOVERED = """(e) => {
  const r = e.getBoundingClientRect();
  for (let f = 0.05; f < 0.5; f += 0.05) {
    const hit = document.elementFromPoint(r.left + r.width * f, r.top + r.height * f);
    if (hit && e.contains(hit)) return { x: r.width * f, y: r.height * f };
  }
  return null;
}"""
IS_MARK = "(e) => e.matches('.mark')"
SEVERAL = "(e) => e.matches('.mark') && e.getAttribute('aria-label').includes(' or ')"
# The counters the page draws, "ref@hex" each, sorted.
COUNTERS = """(want) => JSON.stringify([...document.querySelectorAll('#map g.counter')]
  .map((g) => `${g.dataset.ref}@${g.dataset.hex}`).sort()) === JSON.stringify(want)"""
_COUNTER = re.compile(
    r'<g class="counter[^"]*" data-ref="([^"]+)" data-side="[^"]*" data-hex="([^"]+)"'
)

Press = Callable[[Locator], None]


def _click(target: Locator) -> None:
    target.click()


def _tap(target: Locator) -> None:
    target.tap()


def _open(ctx: Any, link: str) -> Page:
    page: Page = ctx.new_page()
    page.goto(link)
    page.wait_for_url(re.compile(r"/games/[^/?]+$"))
    expect(page.locator("#map svg")).to_be_attached()  # the flank battle's is empty
    return page


# What the page shows and what the server says, when a wait ran out: whose turn the page's
# status tells, the panel's state, and the seat's state and list asked of the server now.
STUCK = """async () => {
  const panel = document.getElementById('choices');
  const api = `/api/games/${encodeURIComponent(document.body.dataset.game)}`;
  const ask = async (path) => {
    try {
      const r = await fetch(api + path, { credentials: 'same-origin', cache: 'no-store' });
      const body = await r.json();
      delete body.text; // the board in letters
      return `${r.status} ${JSON.stringify(body).slice(0, 800)}`;
    } catch (e) { return String(e); }
  };
  return {
    status: document.getElementById('status').textContent,
    panel_hidden: panel.hidden,
    panel_busy: panel.getAttribute('aria-busy'),
    buttons: [...document.querySelectorAll('#choice-buttons button')].map((b) => b.textContent),
    reply: document.getElementById('reply').textContent,
    state: await ask('/state'),
    choices: await ask('/choices'),
  };
}"""


def _settle(page: Page) -> None:
    """Wait until the game is over or the seat has choices (the computer may be thinking);
    when the wait runs out, the failure says what the page shows and the server holds."""
    try:
        page.wait_for_function(READY, timeout=WAIT)
    except PlaywrightTimeoutError:
        # (asked as a wait too: a page that answers nothing fails in bounded time)
        seen = page.wait_for_function(STUCK, timeout=WAIT).json_value()
        raise AssertionError(f"the page did not settle: {seen}") from None


def _over(page: Page) -> bool:
    return page.locator("#end").is_visible()


class Player:
    """A seat's player who points: ``press`` is a click or a tap. ``taken`` counts what was
    taken how: ``mark``, ``asked`` (a choice of several at a hex, asked beside the map),
    ``button``, ``send``, ``auto``, ``concede``."""

    def __init__(self, page: Page, seed: int, press: Press) -> None:
        self.page = page
        self.rng = np.random.default_rng(seed)
        self.press = press
        self.taken: Counter[str] = Counter()

    def take(self, target: Locator, how: str) -> None:
        """Press ``target`` and wait for the page's answer."""
        self.press(target)
        self.page.wait_for_function(IDLE, timeout=WAIT)
        self.taken[how] += 1

    def pick(self, found: Locator) -> Locator | None:
        """One of the elements found that a press reaches (``REACHED``), at random."""
        reached = found.evaluate_all(REACHED)
        return found.nth(int(reached[int(self.rng.integers(len(reached)))])) if reached else None

    def choose(self, target: Locator) -> None:
        """Take a mark or a button; a mark of several choices asks which, beside the map."""
        if not target.evaluate(SEVERAL):
            self.take(target, "mark" if target.evaluate(IS_MARK) else "button")
            return
        self.press(target)
        one = self.pick(self.page.locator("#piece-choices button"))
        assert one is not None, "a mark of several choices asked nothing"
        self.take(one, "asked")

    def point_once(self) -> bool:
        """One choice by pointing: an own piece with choices and one of its marks (or one of
        its choices listed beside the map), else a button of the whole decision other than
        Auto and Send. False when there is nothing of the kind to point at."""
        page = self.page
        page.locator("#map").scroll_into_view_if_needed()
        piece = self.pick(page.locator("#map g.counter.has-choices"))
        if piece is not None:
            ref = piece.get_attribute("data-ref")
            if "chosen" not in (piece.get_attribute("class") or ""):  # a press would unselect
                self.press(piece)
            # (the air war's counters are named by their field: a field's units share its name)
            expect(page.locator(f'#map g.counter.chosen[data-ref="{ref}"]')).not_to_have_count(0)
            targets = page.locator("#map g.marks polygon.mark, #piece-choices button")
            expect(targets.first).to_be_attached()
            target = self.pick(targets)
            assert target is not None, f"no mark of {ref} can be pressed"
            self.choose(target)
            return True
        other = self.pick(
            page.locator(
                "#choice-buttons button:not(.kind-auto):not(.kind-submit), #map g.marks .mark"
            )
        )
        if other is None:
            return False
        self.choose(other)
        return True

    def point(self) -> None:
        """One decision by pointing: in a stepwise list (one with a Send button) one to three
        actions, then Send; elsewhere one choice, which submits."""
        send = self.page.locator("#choice-buttons button.kind-submit")
        if not send.count():
            if not self.point_once():
                self.auto()
            return
        for _ in range(int(self.rng.integers(1, 4))):
            if not self.point_once():
                break
            _settle(self.page)
            if _over(self.page) or not send.count():
                return  # the decision moved on
        self.take(send, "send")

    def auto(self) -> None:
        """Auto, the computer's order; where the computer would concede, Auto says so and the
        player takes the advice (the Concede button, and its confirmation)."""
        page = self.page
        self.take(page.locator("#choice-buttons button.kind-auto"), "auto")
        if "the computer would concede here" in (page.locator("#reply").text_content() or ""):
            page.once("dialog", lambda dialog: dialog.accept())
            self.take(page.locator("#concede"), "concede")

    def play(self, pointed: int = POINTED) -> int:
        """The seat's game to its end: ``pointed`` decisions by pointing, the rest by Auto;
        the number of decisions taken."""
        page = self.page
        fit = page.locator('button[aria-label="the whole board"]')
        if fit.is_visible():
            self.press(fit)  # every piece in view
        decisions = 0
        while True:
            _settle(page)
            if _over(page):
                return decisions
            assert decisions < CAP, f"not over after {CAP} decisions"
            if decisions < pointed:
                self.point()
            else:
                self.auto()
            decisions += 1
            reply = page.locator("#reply").text_content() or ""
            assert not reply.startswith("refused"), reply

    def deploy(self) -> None:
        """The flank battle's deployment on its battlefield (seed 004, Terrain map; the page's
        panel): each flank placed by a press at a random point, the army spread evenly over
        them (a button), then Send."""
        page = self.page
        field = page.locator("#fb-field")
        expect(page.locator("#fb-deploy")).to_be_visible()
        flanks = page.locator("#fb-flanks rect.flank")
        expect(flanks.first).to_be_attached()
        box = field.bounding_box()
        assert box is not None
        for _ in range(flanks.count()):
            x, y = (float(v) for v in self.rng.uniform(20, 380, size=2) * box["width"] / 400)
            if self.press is _tap:
                field.tap(position={"x": x, "y": y})
            else:
                field.click(position={"x": x, "y": y})
            self.taken["place"] += 1
        self.press(page.locator("#fb-even"))
        expect(page.locator("#fb-status")).to_contain_text("Good (")
        self.take(page.locator("#send"), "send")


def _check_the_end(page: Page, server: LiveServer, game: dict[str, Any], side: str) -> None:
    """The end as the seat meets it: the result and its reason; the map the final board."""
    expect(page.locator("#end-result")).to_have_text(END)
    expect(page.locator("#end-reason")).to_have_text(re.compile(r"\w.*\.$"))
    expect(page.locator("#status")).to_have_class(re.compile(r"\bover\b"))
    assert server.api("GET", f"/api/games/{game['id']}/state", game["tokens"][side]).json()[
        "outcome"
    ]
    svg = server.api("GET", f"/api/games/{game['id']}/board.svg", game["tokens"][side]).text
    final = sorted(f"{ref}@{at}" for ref, at in _COUNTER.findall(svg))
    page.wait_for_function(COUNTERS, arg=final)
    expect(page.locator("#choices")).to_be_hidden()  # nothing left to choose


def test_aggressor_is_played_to_its_end_by_clicks(live_server: LiveServer, contexts: Any) -> None:
    """Aggressor (seed 003) against the computer: the set-up's first units by a hex's mark and
    the type asked beside the map, then Send (the rest placed at random), key presses by a unit
    and its mark, the turn ended by its button, then Auto, to VICTORY or the last round."""
    game = live_server.create("aggressor/sector", {"west": "human", "east": "ai"}, seed=39)
    player = Player(_open(contexts(), game["links"]["west"]), 1, _click)
    player.play()
    assert player.taken["mark"] + player.taken["asked"] > 0, player.taken
    _check_the_end(player.page, live_server, game, "west")


def test_the_tactical_game_is_played_to_its_end_by_taps_on_a_phone(
    live_server: LiveServer, contexts: Any
) -> None:
    """The tactical game (seed 002) on a 390 x 844 touch screen, by taps: each turn's plan
    built by tapping a unit and its marks and sent by its Send button, then Auto, to a side's
    break or the last turn."""
    game = live_server.create("tactical/meeting1941", {"allied": "human", "axis": "ai"}, seed=39)
    player = Player(_open(contexts(**PHONE), game["links"]["allied"]), 2, _tap)
    player.play()
    assert player.taken["mark"] + player.taken["asked"] > 0, player.taken
    assert player.taken["send"] > 0, player.taken
    _check_the_end(player.page, live_server, game, "allied")


def test_the_air_war_is_played_to_its_end_by_clicks(live_server: LiveServer, contexts: Any) -> None:
    """The air war (seed 001): cities and units placed one by one by their fields' marks, then
    Send (the rest placed at random), unit steps by a field's counter and its marks, each
    stage's plan sent, then Auto, to the end of the war or the concession Auto advises."""
    game = live_server.create("airwar/small-three-cities", {"1": "human", "2": "ai"}, seed=39)
    player = Player(_open(contexts(), game["links"]["1"]), 3, _click)
    player.play()
    assert player.taken["mark"] + player.taken["asked"] > 0, player.taken
    assert player.taken["send"] > 0, player.taken
    _check_the_end(player.page, live_server, game, "1")


def test_the_flank_battle_is_fought_after_a_deployment_by_clicks(
    live_server: LiveServer, contexts: Any
) -> None:
    """The flank battle (seed 004): the flanks placed by clicks on the battlefield and sent;
    the war is fought at once against the computer's deployment."""
    game = live_server.create(
        "flankbattle/hastings", {"attacker": "human", "defender": "ai"}, seed=39
    )
    player = Player(_open(contexts(), game["links"]["attacker"]), 4, _click)
    _settle(player.page)
    player.deploy()
    assert player.play() == 0  # the one decision was the deployment
    _check_the_end(player.page, live_server, game, "attacker")
    expect(player.page.locator("#fb-result")).to_contain_text(re.compile(r"After \d+ hours"))


def test_an_idahex_duel_is_played_to_its_end_by_clicks(
    live_server: LiveServer, contexts: Any
) -> None:
    """IDAHEX (seed 000) on the bundled duel: each period's command pointed at (an idle unit
    and the adjacent cell it is to hold, or no command at all), to ``tend`` or a side without
    units."""
    game = live_server.create("idahex/duel", {"red": "human", "blue": "ai"}, seed=39)
    player = Player(_open(contexts(), game["links"]["red"]), 5, _click)
    player.play()
    assert player.taken["mark"] + player.taken["asked"] > 0, player.taken
    _check_the_end(player.page, live_server, game, "red")


def test_an_aggressor_set_up_is_placed_unit_by_unit_by_clicks(
    live_server: LiveServer, contexts: Any
) -> None:
    """Aggressor SET UP (seed 003: 18 units, one a hex, in the side's territory) placed by
    clicks alone: a hex's mark, then the unit's type asked beside the map, 18 times; each hex
    placed is shown as placed and offered no more; with 18 units only Send is offered, and
    after it the board holds west's 18 counters on those hexes."""
    game = live_server.create("aggressor/sector", {"west": "human", "east": "ai"}, seed=40)
    page = _open(contexts(), game["links"]["west"])
    _settle(page)
    page.click('button[aria-label="the whole board"]')  # every hex in view
    rng = np.random.default_rng(40)
    chosen: dict[str, str] = {}  # hex -> the type placed there
    for n in range(18):
        marks = page.locator("#map g.marks polygon.mark")
        hexes = marks.evaluate_all("(els) => els.map((e) => e.dataset.hex)")
        assert len(hexes) == 10 * 15 - n  # the free hexes of columns A-J
        assert not set(hexes) & set(chosen)
        i = int(rng.integers(len(hexes)))
        marks.nth(i).click()
        types = page.locator("#piece-choices button")
        expect(types).to_have_count(6)
        pick = types.nth(int(rng.integers(6)))
        chosen[hexes[i]] = (pick.text_content() or "").split("@")[0].split()[-1]
        pick.click()
        page.wait_for_function(IDLE)
        expect(page.locator("#map g.marks polygon.placed")).to_have_count(n + 1)
    expect(page.locator("#map g.marks polygon.mark")).to_have_count(0)
    page.locator("#choice-buttons button.kind-submit").click()
    svg_of = f"/api/games/{game['id']}/board.svg"
    board = live_server.api("GET", svg_of, game["tokens"]["west"]).text
    own = re.findall(
        r'<g class="counter own[^"]*" data-ref="[^"]+" data-side="west" '
        r'data-hex="([^"]+)"',
        board,
    )
    assert sorted(own) == sorted(chosen)


# -- the page's rules the games above met -----------------------------------------------------


def _tactical(live_server: LiveServer, contexts: Any, **options: Any) -> Page:
    """The tactical game (meeting1941) at the allied seat's first decision: its units have
    choices, and two of them share a hex."""
    game = live_server.create("tactical/meeting1941", {"allied": "human", "axis": "ai"}, seed=1)
    page = _open(contexts(**options), game["links"]["allied"])
    _settle(page)
    return page


def _view_box(page: Page) -> str:
    return page.locator("#map svg").get_attribute("viewBox") or ""


def test_the_whole_board_asked_for_before_the_board_came_is_what_comes(
    live_server: LiveServer, contexts: Any
) -> None:
    """Zoom (mapview.js): 'the whole board' pressed while the board is still on its way (a
    slow server, a loaded machine) is not lost: the board comes fitted whole, not at the
    reading zoom it would take by itself (a top-row hex was left under the page's header)."""
    game = live_server.create("aggressor/sector", {"west": "human", "east": "ai"}, seed=12)
    page: Page = contexts().new_page()
    held: list[Any] = []
    released = False

    def hold(route: Any) -> None:  # the board is held back until released
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/board.svg*", hold)
    page.goto(game["links"]["west"])
    page.wait_for_url(re.compile(r"/games/[^/?]+$"))
    while not held:
        page.wait_for_timeout(20)
    page.click('button[aria-label="the whole board"]')  # before the board came
    released = True
    for route in held:
        route.continue_()
    expect(page.locator("#map svg polygon.hex").first).to_be_attached()
    expect(page.locator("#map")).to_have_attribute("data-zoom", "1.000")
    page.locator('polygon.hex[data-label="@MB"]').click()  # a top-row hex is in reach


def test_an_answer_overtaken_by_a_newer_list_does_not_hide_the_choices(
    live_server: LiveServer, contexts: Any
) -> None:
    """Play by pointing (pointing.js): the page asks for the seat's list on every new state,
    and the server answers those requests in parallel, so an answer can come after a newer
    one (seen on a loaded machine: the computer answered while the list of the moment before
    was on its way). That older list -- nothing to choose, the other side to move -- must not
    replace the newer one that came first, or the panel hides with the player's turn open and
    nothing left to press. Both seats here are human; the page is west's, the orders of both
    sides go in through the API (the computer's order for each decision, ``auto``)."""
    game = live_server.create("aggressor/sector", {"west": "human", "east": "human"}, seed=12)
    path = f"/api/games/{game['id']}/choices"

    def listed(side: str) -> dict[str, Any]:
        answer: dict[str, Any] = live_server.api("GET", path, game["tokens"][side]).json()
        return answer

    def auto(side: str) -> None:
        step = listed(side)["step"]
        answer = live_server.api(
            "POST", path, game["tokens"][side], json={"step": step, "auto": True}
        )
        assert answer.status_code == 200, answer.text

    page: Page = contexts().new_page()
    held: list[tuple[Any, Any]] = []
    holding = False

    def route(route: Any) -> None:
        answer = route.fetch()  # answered by the server now
        if holding and not held:
            held.append((route, answer))  # ... and handed to the page later
        else:
            route.fulfill(response=answer)

    page.route("**/choices", route)
    page.goto(game["links"]["west"])
    _settle(page)
    holding = True
    auto("west")
    for _ in range(500):  # the page asks for its list after west's order (a hang guard)
        if held:
            break
        page.wait_for_timeout(20)
    route_, answer = held[0]
    assert answer.json()["choices"] == [], "west has nothing to choose while east decides"
    holding = False
    for _ in range(5):  # east's decisions until west's turn comes again
        if listed("west")["choices"]:
            break
        auto("east")
    expect(page.locator("#choices")).to_be_visible()  # the newer list is on the page
    expect(page.locator("#choice-buttons button.kind-auto")).to_be_attached()
    route_.fulfill(response=answer)  # the older list comes last
    page.wait_for_function(IDLE, timeout=WAIT)
    assert page.evaluate(READY), "the older list hid the newer one"


def test_the_choices_show_when_the_games_state_came_before_the_panels_script(
    live_server: LiveServer, contexts: Any
) -> None:
    """Play by pointing (pointing.js): the page's scripts run in turn as they arrive, and the
    event stream's first state can come between game.js and pointing.js (a slow server, a
    loaded machine). The panel then heard of no state; it must still ask for the seat's list
    when it starts, or a seat whose turn it is sees no choices until the game changes (seen
    on CI: the tactical game, the computer's first move made before the page opened)."""
    game = live_server.create("aggressor/sector", {"west": "human", "east": "ai"}, seed=12)
    page: Page = contexts().new_page()
    held: list[Any] = []
    page.route("**/static/pointing.js", lambda route: held.append(route))  # it comes late
    page.goto(game["links"]["west"], wait_until="commit")  # (the load waits for the scripts)
    page.wait_for_url(re.compile(r"/games/[^/?]+$"), wait_until="commit")
    expect(page.locator("#status")).to_have_class(re.compile(r"\byour-turn\b"))  # the state came
    assert len(held) == 1
    held[0].continue_()
    _settle(page)  # the seat's choices are listed: west places its units
    expect(page.locator("#choices")).to_be_visible()


def test_a_piece_clicked_at_the_maps_edge_is_selected_and_the_map_stays(
    live_server: LiveServer, contexts: Any
) -> None:
    """Zoom and pan (mapview.js): the map pans to a piece reached by the keyboard, not to one
    focused by a click -- a pan between the press and its release took the click away from
    the piece (found playing the air war on a phone: a field at the map's edge)."""
    page = _tactical(live_server, contexts)
    for _ in range(2):
        page.click('button[aria-label="zoom in"]')
    piece = page.locator("#map g.counter.has-choices").first
    area, at = page.locator("#map").bounding_box(), piece.bounding_box()
    assert area is not None
    assert at is not None
    # drag the board until the piece's centre is 8 px inside the map's right edge
    x, y = area["x"] + area["width"] / 2, area["y"] + area["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(
        x + area["x"] + area["width"] - 8 - (at["x"] + at["width"] / 2),
        y + area["y"] + area["height"] / 2 - (at["y"] + at["height"] / 2),
        steps=5,
    )
    page.mouse.up()
    before = _view_box(page)
    piece.click()
    expect(piece).to_have_class(re.compile(r"\bchosen\b"))
    assert _view_box(page) == before
    # reached by the keyboard, the same piece is brought into view
    page.keyboard.press("Escape")
    piece.evaluate("(e) => e.blur()")
    piece.focus()
    expect(page.locator("#map svg")).not_to_have_attribute("viewBox", before)


def test_a_tap_on_the_lower_counter_of_a_stack_selects_it(
    live_server: LiveServer, contexts: Any
) -> None:
    """Play by pointing (pointing.js): stacked counters fan out under a mouse, not under a
    finger -- a touch's pointerover comes as the finger lands, and the fan would move the
    counter from under it before it lifts."""
    page = _tactical(live_server, contexts, **PHONE)
    hexes = page.locator("#map g.counter.own").evaluate_all(
        "(els) => els.map((e) => e.dataset.hex)"
    )
    stacked = next(h for h in hexes if hexes.count(h) > 1)
    lower = page.locator(f'#map g.counter.own[data-hex="{stacked}"]').first  # drawn first
    expect(lower).to_have_class(re.compile(r"\bhas-choices\b"))
    page.locator("#map").scroll_into_view_if_needed()
    corner = lower.evaluate(UNCOVERED)
    assert corner is not None, "the upper counter covers the lower one whole"
    box = lower.bounding_box()
    assert box is not None
    # a finger's tap: down, a tenth of a second or so, up (Playwright's tap lifts at once)
    finger = [{"x": box["x"] + corner["x"], "y": box["y"] + corner["y"]}]
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": finger})
    page.wait_for_timeout(150)
    expect(page.locator("#map g.counter.fanned")).to_have_count(0)  # nothing moved away
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(lower).to_have_class(re.compile(r"\bchosen\b"))


def test_a_tap_on_the_map_off_the_marks_clears_the_selection(
    live_server: LiveServer, contexts: Any
) -> None:
    """Play by pointing (pointing.js): a click on the map that hits neither a piece with
    choices nor a mark clears the selection as Escape does -- a phone has no Escape key, and a
    mark over a piece's own hex left no way to let go of it."""
    page = _tactical(live_server, contexts, **PHONE)
    page.locator('button[aria-label="the whole board"]').tap()
    piece = page.locator("#map g.counter.has-choices").first
    piece.tap()
    expect(page.locator("#map g.marks .mark")).not_to_have_count(0)
    free = page.locator("#map polygon.hex")
    empty = free.nth(int(free.evaluate_all(REACHED)[0]))  # a hex no counter or mark covers
    empty.tap()
    expect(page.locator("#map g.counter.chosen")).to_have_count(0)
    expect(page.locator("#map g.marks .mark")).to_have_count(0)


def test_a_tap_on_a_hex_writes_its_label_without_opening_the_keyboard(
    live_server: LiveServer, contexts: Any
) -> None:
    """Play by pointing on a phone (issue 39 item 3): a tap on a hex that is no choice still
    writes its label into the order box, for experts, but does not focus the box (a focused
    box opens the phone's keyboard over the map)."""
    page = _tactical(live_server, contexts, **PHONE)
    page.locator('button[aria-label="the whole board"]').tap()
    free = page.locator("#map polygon.hex")
    empty = free.nth(int(free.evaluate_all(REACHED)[0]))  # a hex no counter or mark covers
    label = empty.get_attribute("data-label") or ""
    empty.tap()
    expect(page.locator("#order")).to_have_value(re.compile(re.escape(label)))
    assert page.evaluate("document.activeElement && document.activeElement.id") != "order"
