"""The web server under load, on loopback only (issue 18, "Security and load").

Starts ``hexwar serve`` (its own process) on 127.0.0.1 and a free port over a temporary
store, creates GAMES Aggressor games (human against human, both set up) and holds two
Server-Sent-Event clients on each (100 for 50 games), then plays ORDERS orders through HTTP
while every stream stays open (the orders of one game; where it ends, 90 orders in, the same
game again in the next one), and prints:

- how many streams were connected, and how long after an order its two streams had the news;
- the median round trip of an order through HTTP (POST on a keep-alive connection,
  acknowledged after the store commits; its reply carries the seat's view after the order),
  and of the order plus the page's full data (GET /view: view, board description and page
  state, asked once the order's news reached both streams, as a page would), each as a ratio
  against the in-process ``Session.submit`` + ``game.view`` of the same orders, measured in
  the same run, each order in-process just before it goes through HTTP, so both meet the same
  load (target: at most 2x); medians. The in-process path is the one ``hexwar play`` takes:
  ``Session.submit`` commits each order to a game store before it returns, as the server does
  before it answers, with the same settings (SQLite WAL, ``synchronous=FULL``), so the store
  write is on both sides of the ratio.
- what GET /view costs the server in CPU time (the server process's threads' run time from
  ``/proc``, read before and after the request, the server being idle otherwise: the news of
  the order were delivered), against the in-process CPU time (``time.thread_time``) of the
  same seat's ``game.view`` + ``to_json`` (written to bytes, as a reply is) after the same
  order: the ratio of the page data's cost to the view's (target: at most 2x), with HTTP's
  own share (the server CPU of a request refused at once, the mean of two an order) taken
  off, and with it; and the size of GET /view's reply.
- the CPU ratios again for each third of the orders (:data:`ROUNDS`: medians each), and a line
  ``PASS`` or ``FAIL`` for GET /view and for the page data made in-process: the median of the
  three rounds against 2x (:data:`TARGET`), the rounds and the best of them beside it.

The measuring client is one player's: one keep-alive HTTP connection (``http.client``; a
connection the server closed meanwhile, as a loaded machine may make it, is opened again once
and the request sent again: it never reached the server). The
100 event streams, the measured game's two among them, are held by a second process (the
browsers of everybody at the server), which notes when each state arrives; it also prints
the smallest round trip of this client, a request the server refuses at once (no token), as
the floor of HTTP itself on this machine.

Bounded: about a minute on a busy 2-core machine (300 orders). Run from the repository root:

    .venv/bin/python benchmarks/web_load.py [GAMES] [ORDERS]
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import queue
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import orjson
from _hub import LocalHub

from hexwar.rulesets.aggressor.legal import legal_orders, random_setup
from hexwar.sessions import Session, resolve_scenario
from hexwar.store import GameStore

SCENARIO = "aggressor/sector"
SEED = 5
ROUNDS = 3  # the CPU ratios are given for each third of the orders: best of 3 and median
TARGET = 2.0  # GET /view at most 2x the in-process view + to_json (issue 42)
FLOORS = 2  # requests refused at once before each GET /view: HTTP's own share, their mean


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
    """The same orders given in-process: Session.submit (the same store commit) + game.view;
    and given to a hub of this process (:class:`PageData`), where the page data is made."""

    def __init__(self, orders: list[tuple[str, str]], path: Path, pages: PageData) -> None:
        self.store = GameStore(path)
        self.session = Session.start(
            resolve_scenario(SCENARIO), seed=SEED, agents={}, store=self.store
        )
        for side, order in orders[:2]:
            self.session.submit(side, order)
        self.pages = pages
        self.game_id, self.tokens = pages.new_game(orders[:2])

    def step(self, side: str, order: str) -> tuple[float, float, float]:
        """The order's wall time (``Session.submit`` + ``game.view``); then, the order given
        to the hub too, the CPU time of the seat's page data there and of its view alone
        (``game.view`` + ``to_json`` to bytes, as a reply writes it)."""
        start = time.perf_counter()
        self.session.submit(side, order)
        self.session.game.view(side)
        wall = time.perf_counter() - start
        page, view = self.pages.step(self.game_id, self.tokens, side, order)
        return wall, page, view


class PageData(LocalHub):
    """A hub (:class:`hexwar.web.hub.Hub`) in this process, on an event loop of its own
    thread: an order is given as the server takes it (its reply holds the seat's view), each
    seat's event stream is sent its new state (with the text view), then the seat's page data
    is made as ``GET /view`` makes it, on a request thread, and beside it, on the same thread,
    the seat's view alone (each first in turn): both in that thread's CPU time."""

    def __init__(self, home: Path) -> None:
        super().__init__(home)
        self.turn = False

    def new_game(self, setups: list[tuple[str, str]]) -> tuple[str, dict[str, str]]:
        seats = {"west": "human", "east": "human"}
        made = self.run(self.hub.create(resolve_scenario(SCENARIO), SEED, seats))
        for side, order in setups:
            self.run(self.hub.submit(made.tokens[side], made.game_id, None, order))
        return made.game_id, made.tokens

    def step(self, gid: str, tokens: dict[str, str], side: str, order: str) -> tuple[float, float]:
        hub = self.hub
        self.run(hub.submit(tokens[side], gid, None, order))
        for s in ("west", "east"):  # the streams' news: each seat's state, with its text view
            seat = hub.seats.lookup(tokens[s])
            self.run(hub.call(hub.news, gid, seat, s, 1 << 62))

        def page() -> float:
            start = time.thread_time()
            hub.seat_view(tokens[side], gid, None)
            return time.thread_time() - start

        def view() -> float:
            start = time.thread_time()
            made = hub._live[gid].session.game.view(side)
            orjson.dumps(made.to_json(), option=orjson.OPT_NON_STR_KEYS)
            return time.thread_time() - start

        def measure() -> tuple[float, float]:
            # in turn first and second (the first after the hand-off meets colder caches)
            self.turn = not self.turn
            if self.turn:
                return page(), view()
            v = view()
            return page(), v

        result: tuple[float, float] = self.run(hub.call(measure))
        return result


def server_cpu(pid: int) -> float | None:
    """The CPU time the process ``pid`` has run, all its threads, in seconds (the scheduler's
    own account in nanoseconds, ``/proc/PID/task/*/schedstat``: exact, where ``/proc/PID/stat``
    counts in ticks of 10 ms); ``None`` where there is no ``/proc`` (not Linux)."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):  # a thread that ended meanwhile
            continue
    return total / 1e9


async def hold_stream(
    client: httpx.AsyncClient,
    gid: str,
    token: str,
    ready: asyncio.Event,
    news: Callable[[], None] | None,
) -> None:
    """One SSE client: count itself connected at the first state, then call ``news`` at each
    state after it."""
    first = True
    async with client.stream(
        "GET", f"/api/games/{gid}/events", headers={"Authorization": f"Bearer {token}"}
    ) as r:
        async for line in r.aiter_lines():
            if line == "event: state":
                if first:
                    first = False
                    ready.set()
                elif news is not None:
                    news()


async def crowd(url: str) -> None:
    """Everybody's browsers: hold an event stream for each seat read from stdin as JSON
    ``{"seats": [[game id, side, token], ...], "watch": [game id, ...]}``; print how many are
    connected, then a line ``{"game": id, "news": side, "t": perf_counter}`` at each new
    state of a watched game, and at the end (stdin closed) how many streams were still open."""
    given = json.loads(sys.stdin.readline())
    seats, watch = given["seats"], set(given["watch"])
    limits = httpx.Limits(max_connections=len(seats) + 10)

    def noter(gid: str, side: str) -> Callable[[], None]:
        def note() -> None:
            t = time.perf_counter()  # CLOCK_MONOTONIC: one clock for both processes
            print(json.dumps({"game": gid, "news": side, "t": t}), flush=True)

        return note

    async with httpx.AsyncClient(base_url=url, timeout=None, limits=limits) as client:
        readies = [asyncio.Event() for _ in seats]
        tasks = [
            asyncio.create_task(
                hold_stream(client, gid, token, ready, noter(gid, side) if gid in watch else None)
            )
            for (gid, side, token), ready in zip(seats, readies, strict=True)
        ]
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in readies)), timeout=120)
        print(json.dumps({"connected": sum(e.is_set() for e in readies)}), flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
        print(json.dumps({"open_at_end": sum(not t.done() for t in tasks)}), flush=True)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class Client:
    """One player's keep-alive HTTP connection, opened again once where the server closed it
    (:data:`CLOSED`)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.reconnects = 0
        self.last_size = 0  # the last reply's body, bytes

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body)
        try:
            return self._send(method, path, data, headers)
        except CLOSED:
            # The server closed the idle connection before the request reached it (a keep-
            # alive connection ends on the server's side; on a loaded machine a request may
            # find it closed): once more on a new connection.
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            self.reconnects += 1
            return self._send(method, path, data, headers)

    def _send(
        self, method: str, path: str, data: str | None, headers: dict[str, str]
    ) -> tuple[int, Any]:
        self.conn.request(method, path, body=data, headers=headers)
        r = self.conn.getresponse()
        body = r.read()
        self.last_size = len(body)
        return r.status, json.loads(body or b"null")


# A keep-alive connection the server closed: found on sending (a broken pipe, a reset) or on
# reading the answer (RemoteDisconnected, a ConnectionResetError).
CLOSED = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)


def run(
    port: int,
    server: int,
    games: int,
    orders: list[tuple[str, str]],
    n: int,
    local: Callable[[], InProcess],
) -> dict[str, Any]:
    """Play ``n`` orders through HTTP: the game's orders after the set-ups in the first game,
    then again in the next game (the same seed: the same game) if it ended before ``n``; each
    one in-process first, in a game of its own (``local()``) beside each game played. ``server``
    is the server's process id (its CPU time is read around each GET /view)."""
    client = Client(port)
    made = []
    for _ in range(games):
        seats = {"west": "human", "east": "human"}
        status, g = client.call(
            "POST", "/api/games", {"scenario": SCENARIO, "seed": SEED, "seats": seats}
        )
        assert status == 201, g
        made.append(g)
    for g in made:  # both set up, so the games hold their armies
        for side, order in orders[:2]:
            status, _ = client.call(
                "POST", f"/api/games/{g['id']}/orders", {"order": order}, g["tokens"][side]
            )
            assert status == 200
    plan = [(g, side, order) for g in made for side, order in orders[2:]][:n]
    played = list(dict.fromkeys(g["id"] for g, _, _ in plan))
    others = subprocess.Popen(
        [sys.executable, __file__, "--crowd", f"http://127.0.0.1:{port}"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert others.stdin is not None
    assert others.stdout is not None
    crowd = [[g["id"], side, g["tokens"][side]] for g in made for side in ("west", "east")]
    others.stdin.write(json.dumps({"seats": crowd, "watch": played}) + "\n")
    others.stdin.flush()
    connected = json.loads(others.stdout.readline())["connected"]

    lines: queue.Queue[dict[str, Any]] = queue.Queue()

    def read_crowd() -> None:
        for line in others.stdout or ():
            lines.put(json.loads(line))

    reader = threading.Thread(target=read_crowd, daemon=True)
    reader.start()

    def news_after(gid: str, t0: float) -> float | None:
        """When both of game ``gid``'s streams had news after ``t0`` (None: not within
        10 s)."""
        got: dict[str, float] = {}
        deadline = time.perf_counter() + 10
        while len(got) < 2:
            try:
                line = lines.get(timeout=max(0.0, deadline - time.perf_counter()))
            except queue.Empty:
                return None
            if line.get("game") == gid and line.get("t", 0) >= t0:
                got[line["news"]] = line["t"]
        return max(got.values()) - t0

    posts: list[float] = []
    views: list[float] = []
    floor: list[float] = []
    overhead: list[float] = []  # each order: through HTTP minus in-process, paired
    carries_view = False
    delivery: list[float] = []
    baseline: list[float] = []
    view_cpu: list[float] = []  # in-process: the seat's game.view + to_json, CPU time
    page_here: list[float] = []  # in-process: the seat's page data made by a hub, CPU time
    page_cpu: list[float] = []  # the server's CPU time over each GET /view
    floor_cpu: list[float] = []  # ... and over each request refused at once
    sizes: list[int] = []  # GET /view's reply, bytes
    inproc: dict[str, InProcess] = {}
    for game, side, order in plan:
        if game["id"] not in inproc:
            for done in inproc.values():
                done.store.close()
            inproc[game["id"]] = local()
        # the in-process baseline of the same order, just before: the same load on both
        wall, page, cpu = inproc[game["id"]].step(side, order)
        baseline.append(wall)
        page_here.append(page)
        view_cpu.append(cpu)
        token = game["tokens"][side]
        t0 = time.perf_counter()
        status, reply = client.call(
            "POST", f"/api/games/{game['id']}/orders", {"order": order}, token
        )
        t1 = time.perf_counter()
        assert status == 200, reply
        carries_view = "view" in reply  # (a server of a version before it did not)
        assert not carries_view or reply["view"]["side"] == side
        # The page's data once the order's news reached both streams (as a page asks for it),
        # so the server does nothing else meanwhile: its CPU time is the request's.
        arrived = news_after(game["id"], t0)
        if arrived is not None:
            delivery.append(arrived)
        # HTTP's own share first, so that what the server does after it answered falls to the
        # page's request (not the other way round, which would flatter the page)
        # (FLOORS such requests, their mean: steadier than one request's figure)
        c0 = server_cpu(server)
        for _ in range(FLOORS):
            t2 = time.perf_counter()
            status, _ = client.call("GET", f"/api/games/{game['id']}/state")  # no token: 401
            floor.append(time.perf_counter() - t2)
            assert status == 401
        c1 = server_cpu(server)
        t3 = time.perf_counter()
        status, _ = client.call("GET", f"/api/games/{game['id']}/view", token=token)
        t4 = time.perf_counter()
        c2 = server_cpu(server)
        assert status == 200
        sizes.append(client.last_size)
        if c0 is not None and c1 is not None and c2 is not None:
            floor_cpu.append((c1 - c0) / FLOORS)
            page_cpu.append(c2 - c1)
        posts.append(t1 - t0)
        views.append((t1 - t0) + (t4 - t3))
        overhead.append((t1 - t0) - baseline[-1])
    for done in inproc.values():
        done.store.close()
    others.stdin.close()
    reader.join(timeout=30)
    still = 0
    while not lines.empty():
        still = lines.get().get("open_at_end", still)
    others.wait(timeout=30)
    rounds = []
    for i in range(ROUNDS):  # consecutive thirds of the orders (each a median of its own)
        part = slice(i * len(view_cpu) // ROUNDS, (i + 1) * len(view_cpu) // ROUNDS)
        view = statistics.median(view_cpu[part])
        got = {"in_process_page": statistics.median(page_here[part]) / view}
        if page_cpu:
            page = statistics.median(page_cpu[part])
            got["http_view"] = (page - statistics.median(floor_cpu[part])) / view
            got["http_view_with_http"] = page / view
        rounds.append(got)
    return {
        "rounds": rounds,
        "games": games,
        "streams_connected": connected,
        "streams_open_at_end": still,
        "orders": len(posts),
        "in_process_submit_and_view_s": statistics.median(baseline),
        "http_order_s": statistics.median(posts),
        "http_order_and_view_s": statistics.median(views),
        "http_floor_s": statistics.median(floor),
        "sse_delivery_s": statistics.median(delivery),
        "sse_delivery_max_s": max(delivery),
        "sse_missed": len(posts) - len(delivery),
        "http_order_overhead_s": statistics.median(overhead),
        "reply_carries_view": carries_view,
        "reconnects": client.reconnects,
        "http_view_bytes": statistics.median(sizes),
        "in_process_view_cpu_s": statistics.median(view_cpu),
        "in_process_page_cpu_s": statistics.median(page_here),
        "http_view_server_cpu_s": statistics.median(page_cpu) if page_cpu else None,
        "http_floor_server_cpu_s": statistics.median(floor_cpu) if floor_cpu else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "games", nargs="?", type=int, default=50, help="games held, two SSE streams each (50)"
    )
    parser.add_argument(
        "orders", nargs="?", type=int, default=300, help="orders played through HTTP (300)"
    )
    parser.add_argument(
        "--server-src",
        metavar="DIR",
        type=Path,
        help="run the server from this source tree (its src/ directory), e.g. a previous "
        "version unpacked by `git archive COMMIT src | tar -x -C DIR/..`, for a comparison in "
        "the same conditions",
    )
    parser.add_argument("--crowd", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.crowd:
        asyncio.run(crowd(args.crowd))
        return
    games, n = args.games, args.orders
    orders = orders_of_a_game(n)
    home = Path(tempfile.mkdtemp(prefix="hexwar-bench-"))
    made: list[InProcess] = []
    pages = PageData(home / "inproc-web")

    def local() -> InProcess:
        made.append(InProcess(orders, home / f"inproc-{len(made)}.sqlite3", pages))
        return made[-1]

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # The server in a process of its own, as it runs for players (not sharing this one's GIL
    # with the hundred clients).
    env = dict(os.environ)
    if args.server_src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(args.server_src), env.get("PYTHONPATH", "")])
    server = subprocess.Popen(
        [sys.executable, "-m", "hexwar", "serve", "--port", str(port), "--home", str(home / "web")],
        env=env,
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
        result = run(port, server.pid, games, orders, n, local)
    finally:
        server.terminate()
        server.wait(timeout=30)
        pages.close()
    baseline = result["in_process_submit_and_view_s"]
    result["ratio_http_order"] = result["http_order_s"] / baseline
    result["ratio_http_order_and_view"] = result["http_order_and_view_s"] / baseline
    page, http, view = (
        result["http_view_server_cpu_s"],
        result["http_floor_server_cpu_s"],
        result["in_process_view_cpu_s"],
    )
    result["ratio_page_cpu_in_process"] = result["in_process_page_cpu_s"] / view
    if page is not None and http is not None:
        result["ratio_view_cpu"] = (page - http) / view
        result["ratio_view_cpu_with_http"] = page / view
    rounds = result.pop("rounds")
    per_round = {k: [r[k] for r in rounds] for k in rounds[0]}
    for k, values in per_round.items():
        result[f"ratio_{k}_rounds"] = [round(v, 3) for v in values]
        result[f"ratio_{k}_best_of_{ROUNDS}"] = min(values)
        result[f"ratio_{k}_median_of_{ROUNDS}"] = statistics.median(values)
    print(
        json.dumps(
            {k: round(v, 6) if isinstance(v, float) else v for k, v in result.items()}, indent=2
        )
    )
    view_note = "the reply carries the seat's view; " if result["reply_carries_view"] else ""
    print(
        f"{result['streams_connected']} SSE streams on {games} games; order round trip "
        f"{result['http_order_s'] * 1000:.1f} ms through HTTP vs "
        f"{baseline * 1000:.1f} ms in-process submit+view (medians): "
        f"{result['ratio_http_order']:.2f}x ({view_note}"
        f"with GET /view, the page's view, board and text, after it: "
        f"{result['ratio_http_order_and_view']:.2f}x); "
        f"news on both streams after {result['sse_delivery_s'] * 1000:.1f} ms (median); "
        f"HTTP itself (a request refused at once): {result['http_floor_s'] * 1000:.1f} ms; "
        f"an order's cost of HTTP (paired median): "
        f"{result['http_order_overhead_s'] * 1000:.1f} ms"
        + (f"; reconnected {result['reconnects']} time(s)" if result["reconnects"] else "")
    )
    print(
        f"The page data (GET /view's work in a hub of this process) vs the view alone "
        f"(view+to_json), CPU time (medians): {result['in_process_page_cpu_s'] * 1000:.3f} ms "
        f"against {view * 1000:.3f} ms: {result['ratio_page_cpu_in_process']:.2f}x"
    )
    if page is not None and http is not None:
        print(
            f"GET /view vs in-process view+to_json, CPU time (medians): the server's "
            f"{page * 1000:.3f} ms, less HTTP's own {http * 1000:.3f} ms (a request refused at "
            f"once) = {(page - http) * 1000:.3f} ms, against {view * 1000:.3f} ms in-process: "
            f"{result['ratio_view_cpu']:.2f}x ({result['ratio_view_cpu_with_http']:.2f}x with "
            f"HTTP's share); the reply {result['http_view_bytes'] / 1000:.1f} KB (median)"
        )
    else:
        print("GET /view's CPU time: not measured (no /proc on this system)")
    for k, name in (
        ("http_view", "GET /view (server CPU less HTTP's own)"),
        ("in_process_page", "the page data in-process"),
    ):
        if k not in per_round:
            continue
        values = per_round[k]
        middle = statistics.median(values)
        verdict = "PASS" if middle <= TARGET else "FAIL"
        print(
            f"{verdict}: {name} vs in-process view+to_json, CPU time: {middle:.2f}x, the median "
            f"of {ROUNDS} rounds ({', '.join(f'{v:.2f}x' for v in values)}; best "
            f"{min(values):.2f}x) of {result['orders'] // ROUNDS} orders "
            f"each, against {TARGET:.0f}x"
        )


if __name__ == "__main__":
    main()
