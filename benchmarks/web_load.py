"""The web server under load, on loopback only (issue 18, "Security and load").

Starts ``hexwar serve`` (its own process) on 127.0.0.1 and a free port over a temporary
store, creates GAMES Aggressor games (human against human, both set up) and holds two
Server-Sent-Event clients on each (100 for 50 games), then plays ORDERS orders of one game
through HTTP while every stream stays open, and prints:

- how many streams were connected, and how long after an order its two streams had the news;
- the median round trip of an order through HTTP (POST, acknowledged after the store commits),
  and of the order plus the seat's view (GET /view: view, board description and page state),
  each as a ratio against the in-process ``Session.submit`` (with the same store commit) +
  ``game.view`` of the same orders, measured in the same run, each order in-process just
  before it goes through HTTP, so both meet the same load (target: at most 2x); medians.

Bounded: about a minute on a busy 2-core machine. Run from the repository root:

    .venv/bin/python benchmarks/web_load.py [GAMES] [ORDERS]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import numpy as np

from hexwar.rulesets.aggressor.legal import legal_orders, random_setup
from hexwar.sessions import Session, resolve_scenario
from hexwar.store import GameStore

SCENARIO = "aggressor/sector"
SEED = 5


def orders_of_a_game(n: int) -> list[tuple[str, str]]:
    """(side, order text) for the set-ups and ``n`` more legal orders, drawn in-process."""
    game = resolve_scenario(SCENARIO).ruleset.new_game(
        resolve_scenario(SCENARIO).scenario, seed=SEED, scenario_id=SCENARIO
    )
    rng = np.random.default_rng(1)
    out: list[tuple[str, str]] = []
    while len(out) < n + 2 and (d := game.decision()) is not None:
        side = sorted(d.sides)[0]
        view = game.view(side)
        if view.data["setup_due"]:
            order = str(random_setup(side, rng))
        else:
            legal = legal_orders(view.data)
            order = str(legal[int(rng.integers(len(legal)))])
        game.submit(side, order)
        out.append((side, order))
    return out


class InProcess:
    """The same orders given in-process: Session.submit (the same store commit) + game.view."""

    def __init__(self, orders: list[tuple[str, str]], path: Path) -> None:
        self.store = GameStore(path)
        self.session = Session.start(
            resolve_scenario(SCENARIO), seed=SEED, agents={}, store=self.store
        )
        for side, order in orders[:2]:
            self.session.submit(side, order)

    def step(self, side: str, order: str) -> float:
        start = time.perf_counter()
        self.session.submit(side, order)
        self.session.game.view(side)
        return time.perf_counter() - start


async def hold_stream(
    client: httpx.AsyncClient, gid: str, token: str, ready: asyncio.Event, news: list[float]
) -> None:
    """One SSE client: count itself connected at the first state, then note each state's
    arrival time."""
    first = True
    async with client.stream(
        "GET", f"/api/games/{gid}/events", headers={"Authorization": f"Bearer {token}"}
    ) as r:
        async for line in r.aiter_lines():
            if line == "event: state":
                if first:
                    first = False
                    ready.set()
                else:
                    news.append(time.perf_counter())


async def run(
    url: str, games: int, orders: list[tuple[str, str]], local: InProcess
) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=games * 2 + 20, max_keepalive_connections=50)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        made = []
        for _ in range(games):
            r = await client.post(
                "/api/games",
                json={
                    "scenario": SCENARIO,
                    "seed": SEED,
                    "seats": {"west": "human", "east": "human"},
                },
            )
            made.append(r.json())
        for g in made:  # both set up, so the games hold their armies
            for side, order in orders[:2]:
                await client.post(
                    f"/api/games/{g['id']}/orders",
                    json={"order": order},
                    headers={"Authorization": f"Bearer {g['tokens'][side]}"},
                )
        readies: list[asyncio.Event] = []
        news: dict[str, list[float]] = {}
        tasks = []
        for g in made:
            for side in ("west", "east"):
                ready = asyncio.Event()
                readies.append(ready)
                arrivals = news.setdefault(f"{g['id']}:{side}", [])
                tasks.append(
                    asyncio.create_task(
                        hold_stream(client, g["id"], g["tokens"][side], ready, arrivals)
                    )
                )
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in readies)), timeout=120)
        connected = sum(e.is_set() for e in readies)
        game = made[0]
        posts: list[float] = []
        views: list[float] = []
        delivery: list[float] = []
        baseline: list[float] = []
        for side, order in orders[2:]:
            # the in-process baseline of the same order, just before: the same load on both
            baseline.append(local.step(side, order))
            auth = {"Authorization": f"Bearer {game['tokens'][side]}"}
            before = {k: len(v) for k, v in news.items() if k.startswith(game["id"])}
            t0 = time.perf_counter()
            r = await client.post(
                f"/api/games/{game['id']}/orders", json={"order": order}, headers=auth
            )
            t1 = time.perf_counter()
            assert r.status_code == 200, r.text
            await client.get(f"/api/games/{game['id']}/view", headers=auth)
            t2 = time.perf_counter()
            posts.append(t1 - t0)
            views.append(t2 - t0)
            deadline = time.perf_counter() + 10
            while any(len(news[k]) == n for k, n in before.items()):
                if time.perf_counter() > deadline:
                    break
                await asyncio.sleep(0.001)
            delivery.append(max(news[k][n] for k, n in before.items() if len(news[k]) > n) - t0)
        still = sum(not t.done() for t in tasks)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return {
            "games": games,
            "streams_connected": connected,
            "streams_open_at_end": still,
            "orders": len(posts),
            "in_process_submit_and_view_s": statistics.median(baseline),
            "http_order_s": statistics.median(posts),
            "http_order_and_view_s": statistics.median(views),
            "sse_delivery_s": statistics.median(delivery),
            "sse_delivery_max_s": max(delivery),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "games", nargs="?", type=int, default=50, help="games held, two SSE streams each (50)"
    )
    parser.add_argument(
        "orders", nargs="?", type=int, default=100, help="orders played through HTTP (100)"
    )
    args = parser.parse_args()
    games, n = args.games, args.orders
    orders = orders_of_a_game(n)
    home = Path(tempfile.mkdtemp(prefix="hexwar-bench-"))
    local = InProcess(orders, home / "inproc.sqlite3")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # The server in a process of its own, as it runs for players (not sharing this one's GIL
    # with the hundred clients).
    server = subprocess.Popen(
        [sys.executable, "-m", "hexwar", "serve", "--port", str(port), "--home", str(home / "web")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(url + "/", timeout=2)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("hexwar serve did not start") from None
                time.sleep(0.2)
        result = asyncio.run(run(url, games, orders, local))
    finally:
        server.terminate()
        server.wait(timeout=30)
    local.store.close()
    baseline = result["in_process_submit_and_view_s"]
    result["ratio_http_order"] = result["http_order_s"] / baseline
    result["ratio_http_order_and_view"] = result["http_order_and_view_s"] / baseline
    print(
        json.dumps(
            {k: round(v, 5) if isinstance(v, float) else v for k, v in result.items()}, indent=2
        )
    )
    print(
        f"{result['streams_connected']} SSE streams on {games} games; order round trip "
        f"{result['http_order_s'] * 1000:.1f} ms through HTTP vs "
        f"{baseline * 1000:.1f} ms in-process submit+view (medians): "
        f"{result['ratio_http_order']:.2f}x "
        f"(with the seat's view over HTTP: {result['ratio_http_order_and_view']:.2f}x); "
        f"news on both streams after {result['sse_delivery_s'] * 1000:.1f} ms (median)"
    )


if __name__ == "__main__":
    main()
