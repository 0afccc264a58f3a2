"""One game's requests while the heaviest computer-only game plays (issue 38, "Done when").

Goal: while ``airwar/large-six-cities`` plays mcts against mcts on the server, an unrelated
human game's ``GET /api/games/{id}/state`` and order round trip (``POST .../orders``) have a
p99 of at most 250 ms and at most 3x their p99 on the idle server, measured in the same run.

Starts ``hexwar serve`` (its own process, ``HEXWAR_HOME`` a temporary directory) on 127.0.0.1
and a free port, then:

1. creates an Aggressor game (``aggressor/sector``, seed 5, human against human) and, after a
   warm-up, measures SAMPLES round trips of each kind on the idle server, one player's
   keep-alive connection (``http.client``): the state of the side to move, then that side's
   order. The orders are a whole game drawn in-process beforehand with the legal lists; the
   set-ups are played untimed when the game is created, and when the game ends (or an order is
   refused, or the server fails one) a fresh game of the same seed starts, untimed;
2. sends the create request of the heavy game (both seats ``mcts``) from a thread of its own,
   waits until it answers or ``--create-wait`` seconds pass, and measures the same round trips
   of a fresh human game while the heavy game plays. The create request's time is printed: a
   server that plays a computer-only game to the end inside the create request answers it only
   when the game is over. The heavy game's state (its umpire's ``GET /state``) is read before
   and after the measurement: unless its order count grew, or the create request is still
   running (the game plays inside it), the loaded figures are not a loaded server's, and the
   verdict is INVALID.

Each phase has a time limit (``--timeout``); a request still unanswered at the limit ends the
phase, its wait counted as one sample (a lower bound). Prints both phases' p50 and p99 of each
kind, the ratio loaded p99 / idle p99, and PASS or FAIL against the goals (INVALID when the
heavy game was not playing); the server's log when it failed requests. Exits 0 whatever the
verdict unless ``--check`` is given (then 1 unless PASS).

Bounded: about a minute or two on a busy 2-core machine (each phase at most ``--timeout``).
Run from the repository root:

    .venv/bin/python benchmarks/web_isolation.py [--samples 2000] [--timeout 60] [--check]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from _args import positive_int

from hexwar.agents import agent_names
from hexwar.core.errors import HexwarError
from hexwar.rulesets.aggressor.legal import legal_orders, random_setup
from hexwar.sessions import resolve_scenario

HUMAN_SCENARIO = "aggressor/sector"
HUMAN_SEED = 5
HEAVY_SCENARIO = "airwar/large-six-cities"
HEAVY_AGENT = "mcts"
HEAVY_SEED = 1
GOAL_P99_S = 0.250
GOAL_RATIO = 3.0
CREATE_TIMEOUT_S = 3600.0  # the heavy create's socket: the server is stopped long before
STOP_TIMEOUT_S = 10.0  # SIGTERM, then SIGKILL


def orders_of_a_game() -> tuple[list[tuple[str, str]], int]:
    """(side, order text) of a whole human game, drawn in-process with the legal lists, and
    how many of them are set-ups (first)."""
    resolved = resolve_scenario(HUMAN_SCENARIO)
    game = resolved.ruleset.new_game(resolved.scenario, seed=HUMAN_SEED, scenario_id=HUMAN_SCENARIO)
    rng = np.random.default_rng(1)
    out: list[tuple[str, str]] = []
    setups = 0
    while (d := game.decision()) is not None and len(out) < 2000:
        side = sorted(d.sides)[0]
        view = game.view(side)
        if view.data["setup_due"]:
            order = str(random_setup(side, rng))
            setups += 1
        else:
            legal = legal_orders(view.data)
            order = str(legal[int(rng.integers(len(legal)))])
        game.submit(side, order)
        out.append((side, order))
    return out, setups


class Client:
    """One keep-alive HTTP connection; each request with its own time limit."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn: http.client.HTTPConnection | None = None

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        timeout: float = 60.0,
    ) -> tuple[int, Any, float]:
        """(status, JSON reply or the start of a text one, seconds). Raises ``TimeoutError``
        when no answer came within ``timeout`` and ``OSError`` or ``http.client.HTTPException``
        when the connection fails (once more on a fresh connection when the server had closed
        the kept-alive one)."""
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body)
        timeout = max(timeout, 0.001)
        for attempt in range(2):
            reused = self.conn is not None
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
            elif self.conn.sock is not None:
                self.conn.sock.settimeout(timeout)
            self.conn.timeout = timeout
            start = time.perf_counter()
            try:
                self.conn.request(method, path, body=data, headers=headers)
                r = self.conn.getresponse()
                raw = r.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()
                if attempt == 0 and reused:  # the server closed an idle keep-alive connection
                    continue
                raise
            except BaseException:
                self.close()
                raise
            elapsed = time.perf_counter() - start
            try:
                reply = json.loads(raw or b"null")
            except ValueError:
                reply = raw[:300].decode(errors="replace")
            return r.status, reply, elapsed
        raise AssertionError("unreachable")


def detail(status: int, reply: Any) -> str:
    """A failed answer in one line."""
    if isinstance(reply, dict) and "detail" in reply:
        reply = reply["detail"]
    text = reply if isinstance(reply, str) else json.dumps(reply)
    return f"HTTP {status}: {text[:200]}"


class HumanGame:
    """The unrelated human game: a fresh game of the same seed whenever one is needed, its
    orders replayed from :func:`orders_of_a_game`."""

    def __init__(self, client: Client, orders: list[tuple[str, str]], setups: int) -> None:
        self.client = client
        self.orders = orders
        self.setups = setups
        self.gid = ""
        self.tokens: dict[str, str] = {}
        self.pos = len(orders)  # no game yet
        self.games = 0

    @property
    def due(self) -> bool:
        """Whether a fresh game is needed before the next order."""
        return self.pos >= len(self.orders)

    def start(self, timeout: Callable[[], float]) -> None:
        """A fresh game, its set-ups played (untimed). Raises ``RuntimeError`` when the server
        refuses it."""
        sides = resolve_scenario(HUMAN_SCENARIO).ruleset.info.sides
        body = {
            "scenario": HUMAN_SCENARIO,
            "seed": HUMAN_SEED,
            "seats": dict.fromkeys(sides, "human"),
        }
        status, reply, _ = self.client.call("POST", "/api/games", body, timeout=timeout())
        if status != 201:
            raise RuntimeError(f"creating the human game: {detail(status, reply)}")
        self.gid, self.tokens = reply["id"], reply["tokens"]
        self.games += 1
        for side, order in self.orders[: self.setups]:
            status, reply, _ = self.client.call(
                "POST",
                f"/api/games/{self.gid}/orders",
                {"order": order},
                self.tokens[side],
                timeout=timeout(),
            )
            if status != 200:
                raise RuntimeError(f"set-up {order!r} of {side}: {detail(status, reply)}")
        self.pos = self.setups

    def state(self, timeout: float) -> tuple[int, Any, float]:
        """``GET /state`` of the side to move."""
        side = self.orders[self.pos][0]
        path = f"/api/games/{self.gid}/state"
        return self.client.call("GET", path, token=self.tokens[side], timeout=timeout)

    def order(self, timeout: float) -> tuple[int, Any, float]:
        """The next order; the game is done with after it, or when it was not accepted."""
        side, order = self.orders[self.pos]
        status, reply, seconds = self.client.call(
            "POST",
            f"/api/games/{self.gid}/orders",
            {"order": order},
            self.tokens[side],
            timeout=timeout,
        )
        self.pos = self.pos + 1 if status == 200 else len(self.orders)
        return status, reply, seconds


@dataclass
class Phase:
    """One phase's round trips (seconds) and what went wrong."""

    name: str
    state: list[float] = field(default_factory=list)
    order: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # answers other than 200 (422 aside)
    refused: list[str] = field(default_factory=list)  # orders refused (422): a fresh game
    hung: str = ""  # the request still unanswered at the time limit
    limit: str = ""  # the time limit reached between requests (the samples so far stand)
    stopped: str = ""  # a failure that ended it (connection, the human game refused)
    seconds: float = 0.0
    games: int = 0  # human games created during it

    @property
    def complete(self) -> bool:
        return not (self.hung or self.limit or self.stopped)


def measure(game: HumanGame, name: str, samples: int, limit: float, progress: bool) -> Phase:
    """``samples`` round trips of each kind (fewer when the ``limit`` in seconds is reached),
    from where ``game`` is (a fresh game first if it has none)."""
    phase = Phase(name)
    t0 = time.perf_counter()
    deadline = t0 + limit
    games_before = game.games
    what, asked = "", t0

    def left() -> float:
        return deadline - time.perf_counter()

    try:
        for k in range(samples):
            if left() <= 0:
                phase.limit = f"time limit ({limit:g} s) reached after {k} of {samples} samples"
                break
            if game.due:
                what, asked = "creating the human game", time.perf_counter()
                game.start(left)
            what, asked = "GET /state", time.perf_counter()
            status, reply, seconds = game.state(left())
            phase.state.append(seconds)
            if status != 200:
                phase.errors.append(f"GET /state: {detail(status, reply)}")
            what, asked = "order", time.perf_counter()
            status, reply, seconds = game.order(left())
            phase.order.append(seconds)
            if status == 422:
                phase.refused.append(detail(status, reply))
            elif status != 200:
                phase.errors.append(f"order: {detail(status, reply)}")
            if progress and (k + 1) % max(1, samples // 5) == 0 and k + 1 < samples:
                print(
                    f"  {name}: {k + 1}/{samples}, {time.perf_counter() - t0:.1f} s; median "
                    f"GET /state {statistics.median(phase.state) * 1e3:.1f} ms, "
                    f"order {statistics.median(phase.order) * 1e3:.1f} ms",
                    flush=True,
                )
    except TimeoutError:
        waited = time.perf_counter() - asked
        phase.hung = f"{what}: no answer after {waited:.1f} s (the phase's time limit)"
        if what == "GET /state":
            phase.state.append(waited)
        elif what == "order":
            phase.order.append(waited)
        game.client.close()
    except (OSError, http.client.HTTPException, RuntimeError) as e:
        phase.stopped = f"{what}: {e!r}"
        game.client.close()
    phase.seconds = time.perf_counter() - t0
    phase.games += game.games - games_before
    return phase


class HeavyGame:
    """The computer-only game: its create request on a thread of its own."""

    def __init__(self, port: int, scenario: str, agent: str) -> None:
        self.port = port
        sides = resolve_scenario(scenario).ruleset.info.sides
        self.body = {"scenario": scenario, "seed": HEAVY_SEED, "seats": dict.fromkeys(sides, agent)}
        self.answered = threading.Event()
        self.sent = 0.0
        self.seconds = 0.0  # how long the create took (once answered)
        self.status = 0
        self.reply: Any = None
        self.failure = ""  # the connection failed (no HTTP answer)
        self.thread = threading.Thread(target=self._create, name="heavy-create", daemon=True)

    def send(self) -> None:
        self.sent = time.perf_counter()
        self.thread.start()

    def _create(self) -> None:
        client = Client(self.port)
        try:
            self.status, self.reply, _ = client.call(
                "POST", "/api/games", self.body, timeout=CREATE_TIMEOUT_S
            )
        except (OSError, http.client.HTTPException) as e:
            self.failure = repr(e)
        finally:
            self.seconds = time.perf_counter() - self.sent
            client.close()
            self.answered.set()

    @property
    def created(self) -> bool:
        return self.answered.is_set() and self.status == 201 and isinstance(self.reply, dict)

    def describe_create(self) -> str:
        if not self.answered.is_set():
            return f"no answer yet after {time.perf_counter() - self.sent:.1f} s"
        if self.failure:
            return f"failed after {self.seconds:.1f} s: {self.failure}"
        if self.status == 201:
            return f"answered 201 after {self.seconds:.2f} s"
        return f"answered after {self.seconds:.1f} s with {detail(self.status, self.reply)}"

    def state(self) -> dict[str, Any] | str:
        """The umpire's ``GET /state`` of the heavy game, or why there is none."""
        if not self.created:
            return "no game id (the create request has not succeeded)"
        gid, token = self.reply["id"], self.reply["tokens"]["umpire"]
        client = Client(self.port)
        try:
            status, reply, seconds = client.call(
                "GET", f"/api/games/{gid}/state", token=token, timeout=30
            )
        except TimeoutError:
            return "GET /state of the heavy game: no answer within 30 s"
        except (OSError, http.client.HTTPException) as e:
            return f"GET /state of the heavy game: {e!r}"
        finally:
            client.close()
        if status != 200 or not isinstance(reply, dict):
            return f"GET /state of the heavy game: {detail(status, reply)}"
        return {**reply, "answered_in_s": seconds}


def describe_state(state: dict[str, Any] | str) -> str:
    if isinstance(state, str):
        return state
    outcome = state.get("outcome")
    if isinstance(outcome, dict):
        return f"{state.get('orders')} orders, over: {outcome.get('reason', outcome)}"
    return f"{state.get('orders')} orders, no outcome yet ({state.get('status', '')})"


def playing(heavy: HeavyGame, before: dict[str, Any] | str, after: dict[str, Any] | str) -> str:
    """Why the heavy game was not playing during the measurement ('' when it was)."""
    if not heavy.answered.is_set():
        return ""  # the create request still running: the game plays inside it
    if not heavy.created:
        return f"the create request {heavy.describe_create()}"
    if isinstance(after, str):
        return f"its state after the measurement is unknown: {after}"
    if isinstance(before, dict):
        if after["orders"] > before["orders"]:
            return ""
        if after.get("outcome") is not None:
            return f"it was over before the measurement began ({describe_state(after)})"
        return f"its order count did not grow ({before['orders']} -> {after['orders']})"
    if after.get("outcome") is None:
        return ""  # created during the measurement, still playing
    return f"the create answered during the measurement, the game over: {describe_state(after)}"


def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``xs``, interpolated (nan for no samples)."""
    return float(np.quantile(xs, q)) if xs else float("nan")


def ms(s: float) -> str:
    return "-" if s != s else f"{s * 1e3:.1f} ms"


def report(idle: Phase, loaded: Phase, invalid: str) -> str:
    """Print the table; return the verdict."""
    print()
    print(
        f"{'':18} {'idle p50':>10} {'idle p99':>10}   {'loaded p50':>10} {'loaded p99':>10}   "
        f"{'p99 loaded/idle':>15}"
    )
    ok = True
    for kind, a, b in (
        ("GET /state", idle.state, loaded.state),
        ("order round trip", idle.order, loaded.order),
    ):
        p99_idle, p99_loaded = quantile(a, 0.99), quantile(b, 0.99)
        ratio = p99_loaded / p99_idle if a and b else float("nan")
        good = p99_loaded <= GOAL_P99_S and ratio <= GOAL_RATIO  # (nan: not good)
        ok = ok and good
        print(
            f"{kind:18} {ms(quantile(a, 0.5)):>10} {ms(p99_idle):>10}   "
            f"{ms(quantile(b, 0.5)):>10} {ms(p99_loaded):>10}   "
            f"{'-' if ratio != ratio else f'{ratio:.2f}x':>15}  "
            f"{'PASS' if good else 'FAIL'}"
        )
    print(f"goal: loaded p99 <= {GOAL_P99_S * 1e3:.0f} ms and <= {GOAL_RATIO:g}x the idle p99")
    for phase in (idle, loaded):
        n = f"{len(phase.state)} GET /state + {len(phase.order)} orders"
        print(f"{phase.name}: {n} in {phase.seconds:.1f} s, {phase.games} human game(s)")
        if phase.hung:
            print(f"  HUNG: {phase.hung}; its wait counted as a sample (a lower bound)")
            ok = False
        if phase.limit:
            print(f"  note: {phase.limit}")
        if phase.stopped:
            print(f"  STOPPED: {phase.stopped}")
            ok = False
        if phase.errors:
            shown = "; ".join(dict.fromkeys(phase.errors))
            print(f"  ERRORS: {len(phase.errors)} failed answers: {shown[:600]}")
            ok = False
        if phase.refused:
            first = phase.refused[0]
            print(f"  {len(phase.refused)} orders refused (a fresh game followed), first: {first}")
    if invalid:
        print()
        print("!" * 88)
        print(f"INVALID: the heavy game was not playing during the measurement: {invalid}.")
        print("The loaded figures are not those of a loaded server.")
        print("!" * 88)
        return "INVALID"
    return "PASS" if ok else "FAIL"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def port_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def start_server(
    port: int, home: Path, server_src: Path | None, log: Path
) -> subprocess.Popen[bytes]:
    """``hexwar serve`` in a process of its own (not sharing this one's GIL), answering."""
    env = dict(os.environ, HEXWAR_HOME=str(home))
    if server_src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(server_src), env.get("PYTHONPATH", "")])
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "hexwar", "serve", "--port", str(port)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 60
    client = Client(port)
    while True:
        try:
            client.call("GET", "/", timeout=2)
            client.close()
            return server
        except (OSError, http.client.HTTPException):
            client.close()
            if server.poll() is not None or time.monotonic() > deadline:
                stop_server(server)
                raise RuntimeError(f"hexwar serve did not start:\n{tail(log)}") from None
            time.sleep(0.2)


def stop_server(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def tail(log: Path, lines: int = 25) -> str:
    try:
        text = log.read_text(errors="replace").splitlines()
    except OSError:
        return "(no server log)"
    return "\n".join(f"  | {line}" for line in text[-lines:]) or "  (the server log is empty)"


def run(args: argparse.Namespace, port: int, home: Path, log: Path) -> str:
    """Both phases against a server on ``port``; prints as it goes; returns the verdict."""
    orders, setups = orders_of_a_game()
    print(
        f"human game: {HUMAN_SCENARIO} seed {HUMAN_SEED}, human against human, "
        f"{len(orders) - setups} orders after {setups} set-ups, replayed in fresh games",
        flush=True,
    )
    server = start_server(port, home, args.server_src, log)
    print(f"hexwar serve on 127.0.0.1:{port} (pid {server.pid})", flush=True)
    heavy: HeavyGame | None = None
    try:
        game = HumanGame(Client(port), orders, setups)
        if args.warmup:
            measure(game, "warm-up", args.warmup, args.timeout, progress=False)
        game.start(lambda: args.timeout)  # each phase from the same position
        print(f"idle: {args.samples} round trips of each kind...", flush=True)
        idle = measure(game, "idle", args.samples, args.timeout, progress=True)
        idle.games += 1
        print(
            f"  idle: p99 GET /state {ms(quantile(idle.state, 0.99))}, "
            f"order {ms(quantile(idle.order, 0.99))} ({idle.seconds:.1f} s)",
            flush=True,
        )

        # the loaded phase's game made before the heavy one: its first request is a measured one
        game.start(lambda: args.timeout)
        heavy = HeavyGame(port, args.heavy, args.heavy_agent)
        print(
            f"heavy game: {args.heavy}, {args.heavy_agent} on every side: create sent", flush=True
        )
        heavy.send()
        heavy.answered.wait(args.create_wait)
        print(f"  create: {heavy.describe_create()}", flush=True)
        before = heavy.state()
        print(f"  heavy game before: {describe_state(before)}", flush=True)
        print(f"loaded: {args.samples} round trips of each kind...", flush=True)
        loaded = measure(game, "loaded", args.samples, args.timeout, progress=True)
        loaded.games += 1
        create_then = heavy.describe_create()
        after = heavy.state()
        print(f"  heavy game after: {describe_state(after)}", flush=True)
        print(f"  create: {create_then}", flush=True)
        invalid = playing(heavy, before, after)
        if not heavy.answered.is_set():
            print("  the create request is still running: the server plays the game inside it")
        if not invalid and isinstance(after, dict) and after.get("outcome") is not None:
            print(
                "  NOTE: the heavy game ended during the measurement: its last samples may be "
                "an idle server's"
            )
        verdict = report(idle, loaded, invalid)
        troubled = idle.errors or loaded.errors or not loaded.complete
        if troubled or (heavy.answered.is_set() and not heavy.created):
            print("\nthe server's log (last lines):")
            print(tail(log))
        print(f"\nverdict: {verdict}")
        return verdict
    finally:
        stop_server(server)
        if heavy is not None and heavy.thread.is_alive():
            heavy.thread.join(timeout=5)  # its connection closed with the server


def count(text: str) -> int:
    return 0 if text.strip() == "0" else positive_int(text)


def seconds(text: str) -> float:
    try:
        s = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not s > 0 or s == float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds: {text}")
    return s


def tcp_port(text: str) -> int:
    n = positive_int(text)
    if n > 65535:
        raise argparse.ArgumentTypeError(f"not a TCP port: {n}")
    return n


def main() -> None:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").splitlines()[0],
        epilog="The goal: loaded p99 <= 250 ms and <= 3x the idle p99, for both kinds.",
    )
    parser.add_argument(
        "--samples",
        type=positive_int,
        default=2000,
        metavar="N",
        help="round trips of each kind (GET /state, order) in each phase (2000)",
    )
    parser.add_argument(
        "--warmup",
        type=count,
        default=20,
        metavar="N",
        help="untimed round trips of each kind before the idle phase (20; 0: none)",
    )
    parser.add_argument(
        "--timeout",
        type=seconds,
        default=60.0,
        metavar="S",
        help="time limit of each phase in seconds: a request unanswered then counts as "
        "FAIL; samples taken by then stand (60)",
    )
    parser.add_argument(
        "--create-wait",
        type=seconds,
        default=1.0,
        metavar="S",
        help="seconds to wait for the heavy game's create request to answer before the loaded "
        "phase begins anyway (1)",
    )
    parser.add_argument(
        "--heavy",
        default=HEAVY_SCENARIO,
        metavar="SCENARIO",
        help=f"the computer-only game's scenario ({HEAVY_SCENARIO})",
    )
    parser.add_argument(
        "--heavy-agent",
        default=HEAVY_AGENT,
        metavar="NAME",
        help=f"the agent on every side of the heavy game ({HEAVY_AGENT})",
    )
    parser.add_argument(
        "--port", type=tcp_port, metavar="N", help="the server's TCP port (default: a free one)"
    )
    parser.add_argument(
        "--server-src",
        metavar="DIR",
        type=Path,
        help="run the server from this source tree (its src/ directory), e.g. a previous "
        "version unpacked by `git archive COMMIT src | tar -x -C DIR/..`",
    )
    parser.add_argument(
        "--check", action="store_true", help="exit 1 unless the verdict is PASS (default: 0)"
    )
    args = parser.parse_args()
    try:
        ruleset = resolve_scenario(args.heavy).ruleset
    except HexwarError as e:
        parser.error(f"--heavy {args.heavy!r}: {e}")
    if args.heavy_agent not in agent_names(ruleset):
        parser.error(
            f"--heavy-agent {args.heavy_agent!r}: {ruleset.info.id} has "
            f"{', '.join(agent_names(ruleset))}"
        )
    if args.server_src is not None and not args.server_src.is_dir():
        parser.error(f"--server-src {str(args.server_src)!r}: not a directory")
    if args.port is not None and not port_free(args.port):
        parser.error(f"--port {args.port}: in use on 127.0.0.1")
    port = args.port if args.port is not None else free_port()
    home = Path(tempfile.mkdtemp(prefix="hexwar-isolation-"))
    (home / "web").mkdir()
    try:
        verdict = run(args, port, home / "web", home / "server.log")
    except (RuntimeError, OSError, http.client.HTTPException) as e:
        # the server did not start, or failed the idle server's first requests: nothing to
        # measure
        print(f"web_isolation: {e}", file=sys.stderr)
        sys.exit(1)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    if args.check and verdict != "PASS":
        sys.exit(1)


if __name__ == "__main__":
    main()
