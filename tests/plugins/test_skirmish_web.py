"""The skirmish plug-in in the web app (issue 40, "Done when"): ``hexwar serve`` started in a
subprocess whose ``HEXWAR_RULESETS`` names the plug-in (this process's registry was loaded
before, for the tiny rulesets) lists it in the lobby with its map, draws each seat's board
under the fog of war, and a player plays a whole game against the computer by pointing in
Chromium -- a unit and one of its marks, or the Pass button -- to its end.

The server binds 127.0.0.1 on a free port and is stopped at the end of the module; every wait
is a hang guard, not a timed check.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from playwright.sync_api import expect, sync_playwright

from tests.web.conftest import BROWSER_TIMEOUT, CHROMIUM_ARGS, LiveServer, chromium_executable
from tests.web.test_play_by_pointing_browser import (
    PHONE,
    Player,
    _check_the_end,
    _click,
    _open,
    _tap,
)

from .conftest import ROOT, SPEC, free_port

START = 60.0  # s at most for the server to answer (a hang guard)
BROWSER_WORK = 600.0  # s at most for a browser test's work (a hang guard)


def in_chromium(work: Callable[[Any], None], **options: Any) -> None:
    """``work(context)`` in a new Chromium context (1280 x 900 unless ``options`` say
    otherwise), run in a thread of its own: Playwright's sync API cannot start in a thread
    where it runs already -- as it does in this one once tests/web's session-wide browser
    has started (pytest-xdist's ``--dist loadfile`` may run those tests first)."""
    failure: list[BaseException] = []

    def run() -> None:
        try:
            with sync_playwright() as p:
                chromium = p.chromium.launch(
                    executable_path=chromium_executable(), args=CHROMIUM_ARGS, headless=True
                )
                try:
                    ctx = chromium.new_context(
                        **{"viewport": {"width": 1280, "height": 900}, **options}
                    )
                    ctx.set_default_timeout(BROWSER_TIMEOUT)
                    work(ctx)
                finally:
                    chromium.close()
        except BaseException as e:  # handed to the test's own thread
            failure.append(e)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=BROWSER_WORK)
    assert not thread.is_alive(), "the browser's work did not end (a hang guard)"
    if failure:
        raise failure[0]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """``hexwar serve`` with the plug-in registered by HEXWAR_RULESETS, in a subprocess."""
    home = tmp_path_factory.mktemp("skirmish-web")
    port = free_port()
    env = dict(os.environ)
    env.update(
        HEXWAR_HOME=str(home),
        HEXWAR_RULESETS=SPEC,
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
    )
    command = [sys.executable, "-m", "hexwar", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--home", str(home)]
    log = (home / "server.log").open("w")
    process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START
        while True:
            try:
                if httpx.get(url + "/", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    f"hexwar serve did not start: {(home / 'server.log').read_text()}"
                )
            time.sleep(0.1)
        yield LiveServer(url, home)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def _lobby(server: LiveServer) -> dict[str, Any]:
    page = httpx.get(server.url + "/", timeout=30).text
    found = re.search(r'<script type="application/json" id="lobby-data">(.*?)</script>', page, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found[1])
    return data


def test_the_lobby_lists_the_plugin_with_its_map(server: LiveServer) -> None:
    """The lobby lists the ruleset, its scenarios, its agents and that it draws a map (the
    ``describe_board`` hook, not a list of ids)."""
    (skirmish,) = [r for r in _lobby(server)["rulesets"] if r["id"] == "skirmish"]
    assert skirmish["scenarios"] == ["skirmish/crossroads", "skirmish/ridge"]
    assert skirmish["board"] is True
    assert skirmish["sides"] == ["red", "blue"]
    assert skirmish["agents"] == ["ai", "random", "mcts"]


def test_each_seat_sees_its_board_under_the_fog(server: LiveServer) -> None:
    """The game page's board (board.svg) of each seat: the map, its own counters, no enemy
    out of sight (the crossroads' sides start 6 hexes apart)."""
    game = server.create("skirmish/crossroads", {"red": "human", "blue": "human"}, seed=1)
    for side, own, hidden in (("red", "R", "B"), ("blue", "B", "R")):
        svg = server.api("GET", f"/api/games/{game['id']}/board.svg", game["tokens"][side]).text
        refs = re.findall(r'<g class="counter[^"]*" data-ref="([^"]+)"', svg)
        assert sorted(refs) == [f"{own}{n}" for n in (1, 2, 3)]
        assert not any(r.startswith(hidden) for r in refs)
        assert svg.count('class="hex') >= 49


def test_the_lobby_page_shows_the_map_and_the_sides(server: LiveServer) -> None:
    """In the browser: choosing a skirmish scenario shows its summary without "no map yet",
    and the seats are the ruleset's sides."""

    def work(ctx: Any) -> None:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.select_option("#scenario", "skirmish/crossroads")
        expect(page.locator("#ruleset-summary")).to_contain_text("7x7 map")
        expect(page.locator("#ruleset-summary")).not_to_contain_text("no map yet")
        expect(page.locator("#side0")).to_have_text("red")
        expect(page.locator("#side1")).to_have_text("blue")

    in_chromium(work)


def test_a_computer_game_is_watched_replayed_and_plotted(server: LiveServer) -> None:
    """A game of two computer players runs to its end on the server (in its worker, which
    knows the plug-in by the same HEXWAR_RULESETS); the spectator's page and board, the
    umpire's replay, log and plots are served."""
    game = server.create("skirmish/ridge", {"red": "ai", "blue": "random"}, seed=3)
    gid, token = game["id"], game["tokens"]["umpire"]
    deadline = time.monotonic() + START
    while not (state := httpx.get(f"{server.url}/api/watch/{gid}/state", timeout=30).json())[
        "outcome"
    ]:
        assert time.monotonic() < deadline, f"not over: {state['status']}"  # a hang guard
        time.sleep(0.2)
    assert state["step"] <= 24  # twelve rounds at most
    for path in (f"/watch/{gid}", f"/api/watch/{gid}/board.svg"):
        assert httpx.get(server.url + path, timeout=30).status_code == 200, path
    for path in (f"/games/{gid}/replay", f"/api/games/{gid}/replay", f"/api/games/{gid}/log.txt",
                 f"/games/{gid}/plots", f"/api/games/{gid}/plots"):  # fmt: skip
        answer = server.api("GET", path, token)
        assert answer.status_code == 200, (path, answer.text[:300])


@pytest.mark.slow
def test_a_skirmish_is_played_to_its_end_by_clicks(server: LiveServer) -> None:
    """Play by pointing: every decision of red's is a click on a unit and one of its marks
    (a move or fire), or on the Pass button, to the end against the computer player."""
    game = server.create("skirmish/crossroads", {"red": "human", "blue": "ai"}, seed=40)

    def work(ctx: Any) -> None:
        player = Player(_open(ctx, game["links"]["red"]), 40, _click)
        assert player.play(pointed=1000) == 10  # ten rounds (seed 40: nobody is wiped out)
        assert player.taken["mark"] > 0, player.taken
        assert player.taken["auto"] == 0, player.taken
        _check_the_end(player.page, server, game, "red")

    in_chromium(work)


@pytest.mark.slow
def test_a_skirmish_is_played_on_a_phone_by_taps_then_auto(server: LiveServer) -> None:
    """Play by pointing on a 390 x 844 touch screen: three decisions by taps, then Auto (the
    computer player's order for the seat) to the end."""
    game = server.create("skirmish/ridge", {"red": "human", "blue": "ai"}, seed=41)

    def work(ctx: Any) -> None:
        player = Player(_open(ctx, game["links"]["red"]), 41, _tap)
        player.play(pointed=3)
        assert player.taken["mark"] + player.taken["button"] >= 3, player.taken
        assert player.taken["auto"] > 0, player.taken
        _check_the_end(player.page, server, game, "red")

    in_chromium(work, **PHONE)
