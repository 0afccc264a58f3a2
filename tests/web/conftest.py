"""Fixtures of the web tests: an app on a temporary store (TestClient), a live server on a free
loopback port that stops by itself, and a real Chromium driven by Playwright.

The browser is Debian's ``chromium`` (``make test`` installs it when it can); the executable
comes from ``HEXWAR_CHROMIUM`` or the PATH.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from hexwar.web.app import create_app
from hexwar.web.hub import Hub
from hexwar.web.server import HexwarServer, server_config

# An order's reply waits for the computer's answer at most this long in the tests' servers
# (2 s when served): on a loaded machine a computer's move took longer, and the tests read
# the answer from the reply, or send the next order after it. A hang guard, not a time check:
# the reply comes as soon as the computer has answered. (The plug-in tests import this module
# for their live server: it holds there too.)
Hub.answer_wait = 60.0

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "web-home")) as c:
        yield c


def new_game(client: Any, scenario: str, seats: dict[str, str], seed: int = 1) -> dict[str, Any]:
    """Create a game through ``POST /api/games``; the response (id, links, tokens)."""
    r = client.post("/api/games", json={"scenario": scenario, "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class LiveServer:
    url: str
    home: Path

    def create(self, scenario: str, seats: dict[str, str], seed: int = 1) -> dict[str, Any]:
        with httpx.Client(base_url=self.url, timeout=30) as c:
            return new_game(c, scenario, seats, seed)

    def api(self, method: str, path: str, token: str, **kw: Any) -> httpx.Response:
        with httpx.Client(base_url=self.url, timeout=30) as c:
            return c.request(method, path, headers=bearer(token), **kw)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """hexwar serve on 127.0.0.1 and a free port, in a thread; stopped at the end."""
    home = tmp_path_factory.mktemp("web-live")
    port = _free_port()
    server = HexwarServer(server_config(create_app(home), "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start within 20 s")
        time.sleep(0.05)
    yield LiveServer(f"http://127.0.0.1:{port}", home)
    server.should_exit = True
    thread.join(timeout=10)


def chromium_executable() -> str:
    """``HEXWAR_CHROMIUM`` or chromium on the PATH; a clear failure when there is none."""
    given = os.environ.get("HEXWAR_CHROMIUM")
    if given:
        if not Path(given).exists():
            pytest.fail(f"HEXWAR_CHROMIUM={given}: no such file")
        return given
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.fail(
        "no Chromium found for the browser tests: install Debian's chromium "
        "(apt-get install chromium; `make test` does it when run as root) or set "
        "HEXWAR_CHROMIUM to the executable"
    )


BROWSER_TIMEOUT = 15_000  # ms an action may wait in a page: a busy 2-core machine


@pytest.fixture
def contexts(browser: Any) -> Iterator[Any]:
    """``make(height=900, **options)``: a new browser context (1280 px wide unless
    ``options`` say otherwise), closed at the end of the test."""
    made: list[Any] = []

    def make(height: int = 900, **options: Any) -> Any:
        ctx = browser.new_context(**{"viewport": {"width": 1280, "height": height}, **options})
        ctx.set_default_timeout(BROWSER_TIMEOUT)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()


def open_seat(make: Any, link: str) -> Any:
    """A new page of context maker ``make`` on a seat's ``link``, once its map is drawn."""
    from playwright.sync_api import expect

    page = make().new_page()
    page.goto(link)
    page.wait_for_url(re.compile(r"/games/[^/?]+$"))
    expect(page.locator("#map svg")).to_be_visible()
    return page


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    executable = chromium_executable()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()
