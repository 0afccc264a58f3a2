"""The games a server holds: sessions from the store, seats, computer players, clocks, changes.

Each game has its own lock: its orders are strictly sequential, and no request waits for
another game. The store and the seat book are SQLite connections that many threads share,
one call at a time (each serialises its own calls: ``shared=True``).

A request's game operation runs on a worker thread of the request pool (:meth:`Hub.call`): it
holds the lock of every game it opens through :meth:`Hub._get` until it returns, so a function
handed to :meth:`Hub.call` reads and changes its game alone. A human's order in a loaded game
that no computer plays in runs on the event loop itself when its game is idle: the hand-off to
a thread and back cost as much as the order's own work, and such an order takes well under a
millisecond. An order is acknowledged after :meth:`Session.submit` returns, which is after the
store has committed it, so a server killed at any moment and restarted finds every acknowledged
order: games are loaded from the store on first use.

Computer players move off the request path, on a few daemon threads (:data:`COMPUTER_THREADS`),
one decision at a time and round robin over the games that wait for one (a game that waits for
its human's answer goes first), each game's moves in order, each game on one thread for its
life. A thread hands the thought itself (``agent.act``) to its own process at a lower priority
(:mod:`hexwar.web.thinker`), so no thought holds the interpreter lock of the server. An agent
thinks without the game's lock, on its side's view; its order is taken only if the decision is
still the one it saw. A
computer-only game plays on in the background once created, watched live through its event
stream; at most :attr:`Hub.max_computer_games` of them play at once.

A side with a time limit (:meth:`Ruleset.time_limit`) that is late gets the ruleset's late
order. A clock's deadline is committed to the seat book when it starts; a restarted server
loads every game whose clock runs and keeps its deadline (a deadline that passed while the
server was down is enforced at once).

A stop (:meth:`Hub.begin_stop`, called when the server is asked to stop) refuses every order
from then on, stops the clocks and the computer players after their current thought, and ends
every event stream (pages reconnect to the next server by themselves).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import operator
import queue
import random
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from orjson import Fragment

from hexwar.agents import agent_names
from hexwar.core import registry
from hexwar.core.boards import Board, common_board
from hexwar.core.errors import (
    HexwarError,
    IllegalOrderError,
    InvalidInputError,
    UnknownGameError,
)
from hexwar.core.events import Event, render_text
from hexwar.core.game import Game, Outcome, Ruleset
from hexwar.core.orders import Amendment, JsonValue, SubmittedOrder, is_amendment, is_concession
from hexwar.core.views import View
from hexwar.sessions import SAVE_EVERY, ResolvedScenario, Session
from hexwar.store import GameStore
from hexwar.web.pagedata import SeatBoard, dumps
from hexwar.web.seats import SPECTATOR, UMPIRE, Seat, SeatBook
from hexwar.web.svg import render_board
from hexwar.web.thinker import Thinker

__all__ = ["HUMAN", "Created", "Hub", "SeatError", "resolve_players"]

HUMAN = "human"
T = TypeVar("T")
R = TypeVar("R", str, list[dict[str, Any]])  # what is made of a log's events (_log_read)
log = logging.getLogger("hexwar.web")

REQUEST_THREADS = 4  # game operations of requests at once (each on its own game's lock)
COMPUTER_THREADS = 2  # computer players thinking at once, over every game
MAX_COMPUTER_GAMES = 4  # computer-only games playing at once (more are refused: 429)
SAVE_SECONDS = 1.0  # a computer's orders wait at most this long before they are committed
NO_MAP = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="420" height="60" class="board">'
    '<text x="10" y="35" font-size="14">This ruleset draws no map yet: see the text view.'
    "</text></svg>"
)
ANSWER_WAIT = 2.0  # an order's reply waits this long at most for the computer's answer
# A seat's page data (GET /view) is made on the event loop, not handed to a request thread,
# while its game is idle and the seat's page data made anew (its board rebuilt) cost at most
# this much CPU time the last time: the hand-off to a thread and back cost 0.15-0.2 ms of the
# server's CPU, more than such a page's own work (as for an order); a large map's page (many
# milliseconds) does not hold up the other requests.
PAGE_ON_LOOP = 0.001


@dataclass
class _Live:
    session: Session
    version: int = 0
    deadline: tuple[int, float, float] | None = None  # (step, monotonic, epoch seconds)
    clock_stored: bool = False  # the seat book holds a clock for this game
    replay: tuple[int, Game[Any, Any]] | None = None  # (orders replayed, game) cache
    # What is read of the game's past (the replay page, the maps of its past, the log's
    # text): kept for the live game ``past_of`` (see _past), made anew when it is another
    past_of: Game[Any, Any] | None = None
    # the replay's log length after each number of orders (0, 1, ...), as far as it went
    log_at: list[int] = field(default_factory=list)
    # each order as the replay lists it: (n, step, side, order, its notation, what every
    # other side is told of it)
    steps: list[tuple[int, int, str, Any, str, str | None]] = field(default_factory=list)
    # side ("" for the umpire) -> (the log, its length, what was made of it): the log's
    # text, the events' JSON (GET /log.txt, GET /replay), made on from the events after it
    log_texts: dict[str, tuple[object, int, str]] = field(default_factory=dict)
    log_json: dict[str, tuple[object, int, list[dict[str, Any]]]] = field(default_factory=dict)
    # role -> (orders given, text view, order help): the texts change only with an order
    texts: dict[str, tuple[int, str, str]] = field(default_factory=dict)
    # side ("" for the umpire) -> (orders given, the map as SVG): the last map drawn
    maps: dict[str, tuple[int, str]] = field(default_factory=dict)
    # side ("" for the umpire) -> its board's JSON, rebuilt only where it changed (GET /view)
    boards: dict[str, SeatBoard] = field(default_factory=dict)
    # the umpire's board's parts, each with the sides' parts it was made from (Hub.board)
    umpire: dict[str, tuple[tuple[Any, ...], tuple[Any, ...]]] = field(default_factory=dict)
    # side ("" for the umpire) -> the CPU time of its page data the last time its board was
    # rebuilt (see PAGE_ON_LOOP)
    page_cost: dict[str, float] = field(default_factory=dict)
    # side -> (game, orders given, its view, the view's JSON): the view changes only with an
    # order (an order's reply, GET /view and the text view share it)
    views: dict[str, tuple[Game[Any, Any], int, View, bytes]] = field(default_factory=dict)
    # (game, orders given, the umpire's summary as JSON): as the views
    summary: tuple[Game[Any, Any], int, bytes] | None = None
    # role -> (game, orders given, version, rematch asked, its decision, what the page state
    # says of the game): Hub._state's, kept while the game, its orders, its version and the
    # rematch are those (everything it says is a function of them)
    states: dict[str, tuple[Game[Any, Any], int, int, bool, Any, dict[str, Any]]] = field(
        default_factory=dict
    )
    # held by every operation on this game, on whichever thread (re-entrant: an operation
    # may open its game more than once)
    lock: threading.RLock = field(default_factory=threading.RLock)
    amendments: int = 0  # the umpire's amendments taken (a computer's thought is then stale)
    # side -> the plan its seat builds by choices (hexwar.web.choices), under this lock
    plans: dict[str, Any] = field(default_factory=dict)
    saved_at: float = field(default_factory=time.monotonic)  # the last commit of its orders

    @property
    def computer_only(self) -> bool:
        return not self.session.human_sides


class SeatError(HexwarError, PermissionError):
    """A request the seat may not make: ``status`` is its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class Created:
    game_id: str
    tokens: dict[str, str]  # role -> token


def _size(board: Board) -> float:
    n = len(board.hexes)
    return 30.0 if n <= 400 else 18.0


class Hub:
    """The server's games. Call the ``async`` methods from the event loop."""

    # How long an order's reply waits at most for the computer's answer (and an order sent
    # while a computer decides the move before it, for that move); the event stream brings
    # what comes later. (The tests raise it: on a loaded machine a computer's move can take
    # longer, and they read the answer from the reply.)
    answer_wait: float = ANSWER_WAIT

    def __init__(
        self,
        home: Path,
        *,
        computer_threads: int = COMPUTER_THREADS,
        max_computer_games: int = MAX_COMPUTER_GAMES,
    ) -> None:
        self.home = home
        self.max_computer_games = max_computer_games
        self._pool = ThreadPoolExecutor(REQUEST_THREADS, thread_name_prefix="hexwar-requests")
        self._games_lock = threading.Lock()  # guards _live, _loading, _scheduled
        self._store: GameStore | None = None
        self._seats: SeatBook | None = None
        self._live: dict[str, _Live] = {}
        self._loading: dict[str, threading.Lock] = {}  # game id -> held while it loads
        self._changed: dict[str, asyncio.Event] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}  # each game's running clock
        self._tasks: set[asyncio.Task[None]] = set()  # running clock expiries (kept alive)
        self._held = threading.local()  # the game locks a request's operation holds
        self._loop: asyncio.AbstractEventLoop | None = None
        # computer players: each worker's games waiting for a computer's decision, by priority
        # then turn; each game goes to one worker (and its thinking process) for its life
        self._queues: list[queue.PriorityQueue[tuple[int, int, str]]] = [
            queue.PriorityQueue() for _ in range(max(1, computer_threads))
        ]
        self._thinkers = [Thinker(f"hexwar-thinker-{n}") for n in range(len(self._queues))]
        self._worker_of: dict[str, int] = {}  # game id -> its worker
        self._turns = itertools.count()
        # game id -> asked again while a computer worked on it (present: queued or worked on)
        self._scheduled: dict[str, bool] = {}
        self._idle: dict[str, threading.Event] = {}  # set while no computer works on the game
        self._workers: list[threading.Thread] = []
        self.stopping = False
        # old game id -> its rematch (hexwar.web.rematch), for the life of the server: the
        # second seat to ask lands in the game the first one made
        self.rematches: dict[str, Any] = {}
        # (game id, side) -> (decision step, the late order in notation) the clock gave for a
        # side that has not ordered since: its next order's reply says so
        self._clock_gave: dict[tuple[str, str], tuple[int, str]] = {}

    # -- plumbing ------------------------------------------------------------------------------

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on a request thread; every game it opens (:meth:`_get`) stays
        locked for it until it returns."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self._scoped, fn, args)

    def _scoped(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        with self._scope():
            return fn(*args)

    @contextmanager
    def _scope(self) -> Iterator[None]:
        """Releases, at its end, the game locks :meth:`_get` took within it."""
        outer = getattr(self._held, "locks", None)
        self._held.locks = []
        try:
            yield
        finally:
            for lock in reversed(self._held.locks):
                lock.release()
            self._held.locks = outer

    async def open(self) -> None:
        self._loop = asyncio.get_running_loop()
        await self.call(self._open)
        for n in range(len(self._queues)):
            worker = threading.Thread(
                target=self._work, args=(n,), name=f"hexwar-computer-{n}", daemon=True
            )
            worker.start()
            self._workers.append(worker)

    def _open(self) -> None:
        # shared: used by many threads; each serialises its own calls
        self._store = GameStore(self.home / "games.sqlite3", shared=True)
        self._seats = SeatBook(self.home / "seats.sqlite3", shared=True)
        for game_id in self._seats.running_clocks():  # their clocks run on: enforce them
            try:
                self._load(game_id)
            except HexwarError:  # deleted meanwhile, or a store that cannot replay it
                self._seats.stop_clock(game_id)

    def begin_stop(self, *, quiet: bool = False) -> None:
        """The server is asked to stop (call on the event loop): refuse every order from now
        on, stop the clocks and the computer players, and end every event stream. Says on
        stderr what it waits for, unless ``quiet``."""
        if self.stopping:
            return
        self.stopping = True
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        streams = len(self._changed)
        for event in self._changed.values():
            event.set()  # each stream wakes, sees the stop and ends
        self._changed.clear()
        with self._games_lock:
            busy = len(self._scheduled)
        waiting = []
        if streams:
            waiting.append(f"ending the event streams of {streams} game(s)")
        if busy:
            waiting.append(f"the computer players of {busy} game(s) finish their thought")
        if quiet:
            return
        print(
            "hexwar: stopping; no more orders are taken"
            + (f"; waiting for {' and '.join(waiting)}" if waiting else ""),
            file=sys.stderr,
            flush=True,
        )

    async def close(self, timeout: float = 0.5) -> None:
        self.begin_stop(quiet=True)  # (said already when a server was asked to stop)
        for waiting in self._queues:
            waiting.put((-1, -1, ""))  # each worker ends at its next look
        for thinker in self._thinkers:  # a thought in progress is dropped
            await asyncio.to_thread(thinker.close, timeout)
        deadline = time.monotonic() + timeout
        for worker in self._workers:
            # Daemon threads: one still thinking does not keep the process alive (its thought
            # is lost, and decided again on the next start). None can store an order once
            # the stop began, and the store closes only between two of its calls.
            await asyncio.to_thread(worker.join, max(0.0, deadline - time.monotonic()))
        await self.call(self._close)
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _close(self) -> None:
        if self._store is not None:
            self._store.close()
        if self._seats is not None:
            self._seats.close()

    @property
    def store(self) -> GameStore:
        assert self._store is not None, "Hub.open() first"
        return self._store

    @property
    def seats(self) -> SeatBook:
        assert self._seats is not None, "Hub.open() first"
        return self._seats

    def changed(self, game_id: str) -> asyncio.Event:
        """An event set at the game's next change (take a fresh one after each wake-up); set
        at once when the server stops."""
        event = self._changed.setdefault(game_id, asyncio.Event())
        if self.stopping:
            event.set()
        return event

    def _bump(self, game_id: str, deadline: tuple[int, float, float] | None) -> None:
        old = self._changed.pop(game_id, None)
        if old is not None:
            old.set()
        handle = self._timers.pop(game_id, None)
        if handle is not None:
            handle.cancel()
        if deadline is not None and not self.stopping:
            step, due, _ = deadline
            loop = asyncio.get_running_loop()
            delay = max(0.0, due - time.monotonic()) + 0.05
            self._timers[game_id] = loop.call_later(
                delay, lambda: self._spawn(self._expire(game_id, step))
            )

    def _bump_soon(self, game_id: str, deadline: tuple[int, float, float] | None) -> None:
        """:meth:`_bump` from any thread."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._bump, game_id, deadline)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _expire(self, game_id: str, step: int) -> None:
        self._timers.pop(game_id, None)
        if self.stopping:
            return
        changed, deadline = await self.call(self._expire_sync, game_id, step)
        if changed:
            self._bump(game_id, deadline)

    # -- computer players ----------------------------------------------------------------------

    def _schedule(self, live: _Live) -> None:
        """Ask a computer worker to look at the game (any thread): it plays the decisions
        that are its agents' until a human must act or the game ends."""
        if not live.session.agents or self.stopping:
            return
        game_id = live.session.game_id or ""
        with self._games_lock:
            if game_id in self._scheduled:
                self._scheduled[game_id] = True  # worked on now: look again after
                return
            self._scheduled[game_id] = False
            self._idle.setdefault(game_id, threading.Event()).clear()
            worker = self._worker_of.get(game_id)
            if worker is None:  # the worker with the fewest games waiting
                load = [0] * len(self._queues)
                for other in self._scheduled:
                    if other in self._worker_of:
                        load[self._worker_of[other]] += 1
                worker = self._worker_of[game_id] = load.index(min(load))
        self._queues[worker].put((1 if live.computer_only else 0, next(self._turns), game_id))

    def computer_games(self) -> int:
        """How many computer-only games play now."""
        with self._games_lock:
            return sum(1 for g in self._scheduled if (x := self._live.get(g)) and x.computer_only)

    async def settled(self, game_id: str, timeout: float) -> bool:
        """Wait until no computer works on the game (at most ``timeout`` seconds): whether
        it has settled."""
        with self._games_lock:
            idle = self._idle.get(game_id)
        if idle is None or idle.is_set():
            return True
        return await asyncio.to_thread(idle.wait, timeout)

    def _work(self, worker: int) -> None:
        """Computer worker ``worker``: one decision of one of its games at a time, round
        robin."""
        waiting = self._queues[worker]
        while True:
            priority, _, game_id = waiting.get()
            if priority < 0:
                return
            with self._games_lock:
                self._scheduled[game_id] = False
            more = False
            try:
                more = not self.stopping and self._computer_turn(game_id, self._thinkers[worker])
            except Exception:  # a bug in an agent or a rule: that game stops; the rest go on
                if not self.stopping:  # (at a stop: the store may be closed under it)
                    log.exception("computer player of game %s failed", game_id)
            with self._games_lock:
                again = self._scheduled.get(game_id, False)
                if (more or again) and not self.stopping:
                    self._scheduled[game_id] = False
                    live = self._live.get(game_id)
                    computer_only = live is not None and live.computer_only
                    waiting.put((1 if computer_only else 0, next(self._turns), game_id))
                else:
                    self._scheduled.pop(game_id, None)
                    idle = self._idle.pop(game_id, None)
                    if idle is not None:
                        idle.set()

    def _computer_turn(self, game_id: str, thinker: Thinker) -> bool:
        """One computer decision in the game (or one sealed order of it), thought by
        ``thinker``; whether there may be more to play."""
        live = self._load(game_id)
        with live.lock:
            session = live.session
            game = session.game
            decision = game.decision()
            movers = [] if decision is None else sorted(decision.sides & session.agents.keys())
            if decision is None or not movers or game.outcome() is not None:
                session.save()
                live.saved_at = time.monotonic()
                return False
            side = movers[0]
            step, amendments = decision.step, live.amendments
            view = game.view(side)
            name = session.agent_names[side]
        # no lock while it thinks: the game's requests go on
        order = thinker.act((game_id, side), game.ruleset, name, view, game.seed, step)
        with live.lock:
            if self.stopping:
                return False
            decision = session.game.decision()
            if (
                decision is None
                or decision.step != step
                or side not in decision.sides
                or live.amendments != amendments
            ):
                return True  # the game moved on meanwhile: decide again
            session.submit(side, order, save=False)
            live.version += 1
            now = time.monotonic()
            pending = session.game.order_count - session.saved
            waiting = session.game.decision()
            if (
                pending >= SAVE_EVERY
                or now - live.saved_at >= SAVE_SECONDS
                or waiting is None
                or not (waiting.sides & session.agents.keys())
            ):
                session.save()
                live.saved_at = now
            deadline = self._deadline(live)
        self._bump_soon(game_id, deadline)
        return True

    # -- seats ---------------------------------------------------------------------------------

    async def seat(self, token: str) -> Seat | None:
        return await self.call(self.seats.lookup, token)

    def check_seat(self, token: str, game_id: str, side: str | None) -> tuple[Seat, str | None]:
        """The seat ``token`` opens in ``game_id`` and the side it looks at (``None``: the
        umpire's everything); :class:`SeatError` with the HTTP status otherwise (401: no such
        token, 403: another game's or another side's). Opens (and locks) the game."""
        seat = self.seats.lookup(token)
        if seat is None:
            raise SeatError(401, "unknown token")
        if seat.game_id != game_id:
            raise SeatError(403, "this token opens another game")
        if side is not None and seat.side is not None and side != seat.side:
            raise SeatError(403, f"this token is the seat of {seat.side}, not of {side}")
        try:
            live = self._get(game_id)
        except UnknownGameError as e:
            raise SeatError(404, str(e)) from None
        looking = seat.side if seat.side is not None else side
        if looking is not None and looking not in live.session.game.info.sides:
            raise SeatError(422, f"unknown side {looking!r}")
        return seat, looking

    def order(
        self, token: str, game_id: str, side: str | None, order: JsonValue | str
    ) -> tuple[SubmittedOrder, str | None, tuple[int, float, float] | None, dict[str, Any]]:
        """A seat's order, from its token to the store, in one trip to a request thread; also
        the seat's view and state after it, so that the order's reply is all a client needs."""
        seat, looking = self.check_seat(token, game_id, side)
        if seat.side is None or looking is None:
            raise SeatError(403, "the umpire gives no orders")
        submitted, late, deadline = self._submit(game_id, looking, order)
        return submitted, late, deadline, self._after(game_id, seat, looking)

    def _after(self, game_id: str, seat: Seat, side: str) -> dict[str, Any]:
        view, data = _view_of(self._get(game_id), side)
        return {"view": Fragment(data), "state": self.state(game_id, seat, view, texts=False)}

    def after(self, token: str, game_id: str, side: str | None) -> dict[str, Any]:
        """The seat's view and page state now (an order's reply, after the computer's
        answer)."""
        seat, looking = self.check_seat(token, game_id, side)
        assert looking is not None
        return self._after(game_id, seat, looking)

    def seat_game(
        self, token: str, game_id: str, side: str | None
    ) -> tuple[Game[Any, Any], str | None]:
        """The game the seat ``token`` opens and the side it looks at (on a request thread,
        within :meth:`call`: the caller reads the game there and hands out only what that
        side may see)."""
        _seat, looking = self.check_seat(token, game_id, side)
        return self._get(game_id).session.game, looking

    def seat_view(self, token: str, game_id: str, side: str | None) -> bytes:
        """The page data of the seat ``token`` opens, as JSON bytes (:meth:`view_json`)."""
        seat, looking = self.check_seat(token, game_id, side)
        return self.view_json(game_id, seat, looking)

    def seat_fixed(self, token: str, game_id: str, side: str | None) -> tuple[bytes, str] | None:
        """The fixed board of the seat ``token`` opens (the static parts of its board, which
        its page data's board leaves out: :mod:`hexwar.web.pagedata`) and its tag; ``None``
        where the ruleset draws no map. Drawn from the seat's own view, like its page data."""
        seat, looking = self.check_seat(token, game_id, side)
        self.view_json(game_id, seat, looking)  # the seat's board, made for its view now
        return self._get(game_id).boards[looking or ""].fixed()

    # -- games (async front) -------------------------------------------------------------------

    async def page(self, token: str, game_id: str, side: str | None) -> bytes:
        """The page data of the seat ``token`` opens (:meth:`seat_view`): on the event loop
        while the game is loaded and idle and the seat's page data, the last time it was made
        anew, cost at most :data:`PAGE_ON_LOOP`; else on a request thread."""
        live = self._live.get(game_id)
        if live is not None and live.lock.acquire(blocking=False):
            try:
                seat = self.seats.lookup(token)  # (remembered after a token's first use)
                looking = None if seat is None else seat.side or side
                cost = None if seat is None else live.page_cost.get(looking or "")
                if cost is not None and cost <= PAGE_ON_LOOP:  # no hand-off
                    with self._scope():
                        return self.seat_view(token, game_id, side)
            finally:
                live.lock.release()
        return await self.call(self.seat_view, token, game_id, side)

    async def create(
        self, resolved: ResolvedScenario, seed: int | None, players: Mapping[str, str]
    ) -> Created:
        created, deadline = await self.call(self._create, resolved, seed, dict(players))
        self._bump(created.game_id, deadline)
        return created

    async def submit(
        self, token: str, game_id: str, side: str | None, order: JsonValue | str
    ) -> tuple[SubmittedOrder, str | None, dict[str, Any], Callable[[], Awaitable[None]]]:
        """Submit the order of the seat ``token`` opens (acknowledged once stored); computer
        players follow (the reply waits up to :attr:`answer_wait` seconds for their answer).
        Returns the stored order, what the player is told if it came too late (replaced by
        the ruleset's late order, or taken for the next decision: see :meth:`_submit`; else
        ``None``), the seat's view and state after it, and ``notify``: call it to wake the
        game's event streams and restart its clock (the order's route calls it once its reply
        is sent, so the streams' work does not delay the reply). Raises :class:`SeatError`
        for a bad seat (503 once the server stops)."""
        live = self._live.get(game_id)
        if live is not None and not live.session.agents and live.lock.acquire(blocking=False):
            try:  # loaded, no computer to answer, the game idle: no hand-off
                with self._scope():
                    submitted, late, deadline, after = self.order(token, game_id, side, order)
            finally:
                live.lock.release()
        else:
            try:
                submitted, late, deadline, after = await self.call(
                    self.order, token, game_id, side, order
                )
            except IllegalOrderError as e:
                # Not this seat's turn while a computer decides the move before it: the
                # order waits for that move (as long as a reply waits), then is judged.
                with self._games_lock:
                    busy = game_id in self._scheduled
                if e.rule != "turn order" or not busy:
                    raise
                await self.settled(game_id, self.answer_wait)
                submitted, late, deadline, after = await self.call(
                    self.order, token, game_id, side, order
                )
            # A computer to answer: the reply brings its answer if it comes soon (else the
            # event stream brings it).
            if self._live[game_id].session.agents and await self.settled(game_id, self.answer_wait):
                after = await self.call(self.after, token, game_id, side)

        async def notify() -> None:  # a coroutine: it runs on the event loop
            self._bump(game_id, deadline)

        return submitted, late, after, notify

    # -- games (on a request thread) -------------------------------------------------------------

    def _create(
        self, resolved: ResolvedScenario, seed: int | None, players: dict[str, str]
    ) -> tuple[Created, tuple[int, float, float] | None]:
        if self.stopping:
            raise SeatError(503, "the server is stopping; create the game on its next start")
        ruleset = resolved.ruleset
        sides = ruleset.info.sides
        unknown = sorted(set(players) - set(sides))
        if unknown:
            raise InvalidInputError(f"seats: {unknown} are not sides of {ruleset.info.id}")
        known = agent_names(ruleset)
        agents: dict[str, str] = {}
        for side in sides:
            who = players.get(side, HUMAN)
            if who == HUMAN:
                continue
            if who not in known:
                raise InvalidInputError(
                    f"seats.{side}: unknown player {who!r} (human, {', '.join(known)})"
                )
            agents[side] = who
        if len(agents) == len(sides) and self.computer_games() >= self.max_computer_games:
            raise SeatError(
                429,
                f"{self.max_computer_games} computer-only games are playing, as many as this "
                "server plays at once; try again when one has ended",
            )
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        session = Session.start(resolved, seed=seed, agents=agents, store=self.store, label="web")
        assert session.game_id is not None
        humans = [s for s in sides if s not in agents]
        tokens = self.seats.issue(session.game_id, [*humans, UMPIRE])
        live = _Live(session)
        with self._games_lock:
            self._live[session.game_id] = live
        self._schedule(live)
        with live.lock:
            return Created(session.game_id, tokens), self._deadline(live)

    def _load(self, game_id: str) -> _Live:
        """The game, loaded from the store on first use (once, whatever the threads asking);
        does not lock it."""
        with self._games_lock:
            live = self._live.get(game_id)
            if live is not None:
                return live
            loading = self._loading.setdefault(game_id, threading.Lock())
        with loading:  # other games go on while this one replays
            with self._games_lock:
                live = self._live.get(game_id)
            if live is not None:
                return live
            try:
                session = Session.resume(self.store, game_id)
            finally:
                with self._games_lock:
                    self._loading.pop(game_id, None)
            clock = self.seats.clock(session.game_id or "") is not None
            live = _Live(session, clock_stored=clock)
            with live.lock:
                deadline = self._deadline(live)
            with self._games_lock:
                self._live[game_id] = live
        # A server stopped between a human's order and the computer's answer: answer now.
        self._schedule(live)
        self._bump_soon(game_id, deadline)
        return live

    def _get(self, game_id: str) -> _Live:
        """The game, loaded if need be, locked until the end of the running :meth:`call`."""
        # (a game loaded stays loaded: found in one step of a dict, without the games' lock)
        live = self._live.get(game_id) or self._load(game_id)
        live.lock.acquire()
        held: list[threading.RLock] | None = getattr(self._held, "locks", None)
        if held is None:  # not within call(): nobody would release it
            live.lock.release()
            raise RuntimeError("Hub._get outside Hub.call")
        held.append(live.lock)
        return live

    def moved(self, live: _Live) -> tuple[int, float, float] | None:
        """After an order or amendment the game took (its lock held): computer players whose
        decision it is now move; the clock of the next decision (see :meth:`_deadline`)."""
        live.version += 1
        self._schedule(live)
        return self._deadline(live)

    def _deadline(self, live: _Live) -> tuple[int, float, float] | None:
        """Start the clock of the pending decision if a waiting human side has a time limit
        (or take up the one the seat book holds for it: a restarted server keeps the
        deadline); stop it when no decision has one."""
        game = live.session.game
        decision = game.decision()
        if decision is None:
            self._stop_clock(live)
            return None
        if live.deadline is not None and live.deadline[0] == decision.step:
            return live.deadline
        if type(game.ruleset).time_limit is Ruleset.time_limit:
            limits: list[float] = []  # the ruleset sets no time limits: no view needed
        else:
            limits = [
                lim.seconds
                for side in sorted(decision.sides)
                if side not in live.session.agents
                and (lim := game.ruleset.time_limit(game.view(side))) is not None
            ]
        if not limits:
            self._stop_clock(live)
            return None
        game_id = live.session.game_id or ""
        stored = self.seats.clock(game_id) if live.clock_stored else None
        if stored is not None and stored[0] == decision.step:
            due = stored[1]
        else:
            due = time.time() + max(limits)
            self.seats.set_clock(game_id, decision.step, due)
            live.clock_stored = True
        live.deadline = (decision.step, time.monotonic() + (due - time.time()), due)
        return live.deadline

    def _stop_clock(self, live: _Live) -> None:
        live.deadline = None
        if live.clock_stored:
            self.seats.stop_clock(live.session.game_id or "")
            live.clock_stored = False

    def _late(self, live: _Live, side: str) -> str | None:
        """The late order for ``side`` if its time is up, else ``None``."""
        game = live.session.game
        decision = game.decision()
        if live.deadline is None or decision is None or live.deadline[0] != decision.step:
            return None
        if time.monotonic() < live.deadline[1]:
            return None
        limit = game.ruleset.time_limit(game.view(side))
        return None if limit is None else limit.late_order

    def _submit(
        self, game_id: str, side: str, order: JsonValue | str
    ) -> tuple[SubmittedOrder, str | None, tuple[int, float, float] | None]:
        """The seat's order taken; also, if the seat was too late, what the player is told
        (its order replaced by the ruleset's late order, or taken for the next decision
        after the clock gave the late order for the one before), else ``None``."""
        if self.stopping:
            raise SeatError(
                503,
                "the server is stopping: your order was not taken; send it "
                "again once the server is back",
            )
        live = self._get(game_id)
        late_order = self._late(live, side)
        if late_order is not None and order != {"concede": True}:
            order = late_order
        gave = self._clock_gave.get((game_id, side))
        try:
            submitted = live.session.submit(side, order)
        except IllegalOrderError as e:
            if gave is None:
                raise
            raise IllegalOrderError(
                f"too late: your time for the move before ran out and {gave[1]!r} was given "
                f"for you; for this one: {e}",
                rule=e.rule,
            ) from None
        self._clock_gave.pop((game_id, side), None)
        late = None
        if late_order is not None:
            given = _notation(live.session.game, side, submitted.order)
            late = (
                f"too late: your time for this move had run out, so your order was not taken; "
                f"{given!r} was given for you instead (order {submitted.seq})"
            )
        elif gave is not None:
            late = (
                f"order {submitted.seq} accepted for the next move: your time for the move "
                f"before ran out and {gave[1]!r} was given for you there"
            )
        return submitted, late, self.moved(live)

    def _expire_sync(self, game_id: str, step: int) -> tuple[bool, tuple[int, float, float] | None]:
        live = self._get(game_id)
        game = live.session.game
        decision = game.decision()
        if decision is None or decision.step != step or live.deadline is None or self.stopping:
            return False, live.deadline
        if time.monotonic() < live.deadline[1]:
            return False, live.deadline
        changed = False
        for side in sorted(decision.sides - live.session.agents.keys()):
            late = self._late(live, side)
            if late is None:
                continue
            try:
                given = live.session.submit(side, late)
                changed = True
            except IllegalOrderError:
                continue  # the late order is refused here (air war: four units on a field)
            self._clock_gave[(game_id, side)] = (step, _notation(game, side, given.order))
        if changed:
            return True, self.moved(live)
        if game.decision() is not None:  # nothing could be given: a fresh period
            self._stop_clock(live)
        return True, self._deadline(live)

    # -- what a seat sees ----------------------------------------------------------------------

    def board(
        self,
        game: Game[Any, Any],
        side: str | None,
        view: View | None = None,
        *,
        views: Mapping[str, View] | None = None,
        kept: dict[str, tuple[tuple[Any, ...], tuple[Any, ...]]] | None = None,
    ) -> Board | None:
        """The board ``side`` may see; for the umpire (``None``), every side's own pieces on
        the first side's map, with what any side's map shows besides (missions, fronts,
        markers, status lines), from ``views`` (each side's view, when the caller has them).

        ``kept`` (part -> (the sides' parts it was made from, the umpire's part)): the
        umpire's part made last, handed out again while every side's board hands out the
        very same part (a tuple of frozen pieces: the same object is the same pieces), so
        that the page's writer finds it written (:mod:`hexwar.web.pagedata`) and no piece is
        hashed again to find the same ones."""
        ruleset = game.ruleset
        if side is not None:
            return ruleset.describe_board(view if view is not None else game.view(side))
        boards = {
            s: ruleset.describe_board(views[s] if views is not None else game.view(s))
            for s in game.info.sides
        }
        first = boards[game.info.sides[0]]
        if first is None:
            return None
        drawn = [b for b in boards.values() if b is not None]

        def same(part: str, make: Callable[[], tuple[Any, ...]]) -> tuple[Any, ...]:
            if kept is None:
                return make()
            sources = tuple(getattr(b, part) for b in drawn)
            found = kept.get(part)
            if (
                found is not None
                and len(found[0]) == len(sources)
                and all(map(operator.is_, found[0], sources))
            ):
                return found[1]
            made = make()
            kept[part] = (sources, made)
            return made

        counters = same(
            "counters",
            lambda: tuple(
                c for s, b in boards.items() if b is not None for c in b.counters if c.side == s
            ),
        )

        def union(part: str) -> tuple[Any, ...]:
            # what any side's board shows, once, in side order (the missions and status
            # lines of every side, the markers and fronts each one knows of)
            return same(
                part, lambda: tuple(dict.fromkeys(x for b in drawn for x in getattr(b, part)))
            )

        def styles(part: str) -> dict[str, Any]:
            return {k: v for b in drawn for k, v in getattr(b, part).items()}

        return Board(
            title=first.title,
            orientation=first.orientation,
            hexes=first.hexes,
            terrain=first.terrain,
            sides=first.sides,
            counters=counters,
            markers=union("markers"),
            hexsides=first.hexsides,
            traces=union("traces"),
            highlights=same(
                "highlights", lambda: tuple(h for h in first.highlights if h.counter is None)
            ),
            fronts=union("fronts"),
            marker_styles=styles("marker_styles"),
            hexside_styles=first.hexside_styles,
            trace_styles=styles("trace_styles"),
            highlight_styles=first.highlight_styles,
            flag_styles=styles("flag_styles"),
            status=union("status"),
            viewer=None,
            mirror=first.mirror,
        )

    def state(
        self, game_id: str, seat: Seat, view: View | None = None, *, texts: bool = True
    ) -> dict[str, Any]:
        """What the page shows beside the map (runs on the games thread); ``view`` is the
        seat's view when the caller has it already. Without ``texts``, the text view and the
        order help are left out (an order's reply: the event streams bring them)."""
        return self._state(self._get(game_id), game_id, seat, view, texts=texts)

    def _state(
        self, live: _Live, game_id: str, seat: Seat, view: View | None = None, *, texts: bool
    ) -> dict[str, Any]:
        """:meth:`state` of the live game ``live`` (its lock held). What it says of the game
        is made once for each role and kept while it can say nothing else (``_Live.states``:
        the very game, with as many orders, at the same version, with or without a rematch),
        so that an event stream's news and the page data asked after them share it; the clock
        is read anew each time."""
        game = live.session.game
        rematch = game_id in self.rematches
        kept = live.states.get(seat.role)
        if (
            kept is not None
            and kept[0] is game
            and kept[1] == game.order_count
            and kept[2] == live.version
            and kept[3] == rematch
        ):
            decision, made = kept[4], kept[5]
        else:
            decision = game.decision()
            made = self._game_state(live, game_id, seat, decision, rematch)
            live.states[seat.role] = (game, game.order_count, live.version, rematch, decision, made)
        out = dict(made)  # (each caller its own: a spectator's state is changed from it)
        if live.deadline is not None:
            out["deadline"] = _clock(live, decision)
        if not texts:
            return out
        cached = live.texts.get(seat.role)
        if cached is None or cached[0] != game.order_count:
            side = seat.side
            if side is not None:
                view = view if view is not None else _view_of(live, side)[0]
                text = game.ruleset.render_view(view)
                help_text = game.ruleset.order_help(view) if out["your_turn"] else ""
            else:
                text = "\n\n".join(
                    f"== {s} ==\n{game.ruleset.render_view(game.view(s))}" for s in game.info.sides
                )
                help_text = ""
            cached = (game.order_count, text, help_text)
            live.texts[seat.role] = cached
        out["text"], out["help"] = cached[1], cached[2]
        return out

    def _game_state(
        self, live: _Live, game_id: str, seat: Seat, decision: Any, rematch: bool
    ) -> dict[str, Any]:
        """What :meth:`state` says of the game to ``seat``: all but the clock and the texts."""
        game = live.session.game
        side = seat.side
        outcome = game.outcome()
        your_turn = bool(side and decision and side in decision.sides)
        if outcome is not None:
            status = f"Game over: {outcome.reason}"
        elif decision is None:
            status = "Game over"
        elif your_turn:
            status = "Your orders, please."
        elif side is None:
            status = f"Waiting for {', '.join(sorted(decision.sides))}."
        else:
            waiting = ", ".join(sorted(decision.sides)) or "the other side"
            status = f"Waiting for the opponent ({waiting})."
        return {
            "game_id": game_id,
            "ruleset": game.info.id,
            "title": game.info.title,
            "scenario": game.scenario_id,
            "sides": list(game.info.sides),
            "players": {s: live.session.agent_names.get(s, HUMAN) for s in game.info.sides},
            "role": seat.role,
            "side": side,
            "step": game.step,
            "orders": game.order_count,
            "version": live.version,
            "your_turn": your_turn,
            "status": status,
            "prompt": decision.prompt if decision is not None and your_turn else "",
            "outcome": outcome.to_json() if outcome else None,
            "result": _result(outcome, side),
            "rematch": rematch,
            "deadline": None,  # (the clock: read anew each time by _state)
        }

    # -- spectators and the lobby ---------------------------------------------------------------

    def watch_state(self, game_id: str) -> dict[str, Any]:
        """A spectator's page state: the umpire's (whose turn it is, the outcome), but while
        the game runs without the text views of the sides; once it is over, with them."""
        over = self._get(game_id).session.game.outcome() is not None
        out = self.state(game_id, Seat(game_id, UMPIRE), texts=over)
        out.update(role=SPECTATOR, rematch=False)
        if not over:
            out.update(text="", help="")
        return out

    def watch_news(self, game_id: str, after: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """The events a spectator may see after ``after`` (while the game runs: those every
        side saw; once it is over: all), and the spectator's state."""
        live = self._get(game_id)
        game = live.session.game
        sides = game.info.sides
        over = game.outcome() is not None
        events = [
            e.to_json()
            for e in game.events(None, after)
            if over or all(e.visible(s) for s in sides)
        ]
        return events, self.watch_state(game_id)

    def watch_svg(self, game_id: str) -> str:
        """A spectator's map: what every side's map shows while the game runs
        (:func:`~hexwar.core.boards.common_board`), the umpire's once it is over."""
        live = self._get(game_id)
        game = live.session.game
        if game.outcome() is not None:
            return self.board_svg(game_id, None)
        key = "\x00watch"
        if key in live.maps and live.maps[key][0] == game.order_count:
            return live.maps[key][1]
        boards = [game.ruleset.describe_board(game.view(s)) for s in game.info.sides]
        drawn = [b for b in boards if b is not None]
        if len(drawn) < len(boards):
            return NO_MAP
        board = common_board(drawn)
        svg = render_board(board, size=_size(board))
        live.maps[key] = (game.order_count, svg)
        return svg

    def games(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest ``limit`` games made on this server, as the lobby lists them: scenario,
        each side's seat (a computer, a human whose link was opened, or open) and state; no
        token."""
        made = [g for g in self.store.list_games() if g.label == "web"][:limit]  # newest first
        seats = self.seats.joined([g.id for g in made])
        out = []
        for g in made:
            try:
                sides = registry.get(g.ruleset).info.sides
            except HexwarError:  # a ruleset no longer installed
                continue
            roles = seats.get(g.id, {})
            out.append(
                {
                    "id": g.id,
                    "scenario": g.scenario_id,
                    "ruleset": g.ruleset,
                    "seats": {
                        s: ("taken" if roles[s] else "open") if s in roles else "computer"
                        for s in sides
                    },
                    "status": g.status,
                    "winner": (g.outcome or {}).get("winner") if g.outcome else None,
                    "reason": (g.outcome or {}).get("reason") if g.outcome else None,
                    "orders": g.n_orders,
                    "created": g.created_at,
                    "watch": f"/watch/{g.id}",
                }
            )
        return out

    def view_json(self, game_id: str, seat: Seat, side: str | None) -> bytes:
        """The page data of ``seat`` looking at ``side`` (``None``: the umpire's everything) as
        the JSON reply's bytes: ``state``, ``board`` and ``view`` (for the umpire ``summary``
        and every side's ``views``); the board without its fixed parts, which
        :meth:`seat_fixed` gives, but with their tag (``fixed``). The board is rebuilt only
        when the view it is drawn from changed, and then only in its parts that change
        (:mod:`hexwar.web.pagedata`), in a cache of its own for each side (the umpire's
        apart)."""
        start = time.thread_time()
        live = self._get(game_id)
        game = live.session.game
        key = side or ""
        cache = live.boards.get(key) or live.boards.setdefault(key, SeatBoard())
        described = cache.described
        if side is not None:
            view, view_bytes = _view_of(live, side)
            board = cache.board(view_bytes, game.ruleset.describe_board, view)
            state = self._state(
                live, game_id, seat, view if side == seat.side else None, texts=True
            )
            out = dumps({"state": state, "board": board, "view": Fragment(view_bytes)})
        else:
            made = {s: _view_of(live, s) for s in game.info.sides}
            views = {s: data for s, (_view, data) in made.items()}
            board = cache.board(
                tuple(views.values()),
                lambda: self.board(
                    game, None, views={s: v for s, (v, _data) in made.items()}, kept=live.umpire
                ),
            )
            out = dumps(
                {
                    "state": self._state(live, game_id, seat, texts=True),
                    "board": board,
                    "summary": Fragment(_summary_of(live)),
                    "views": {s: Fragment(b) for s, b in views.items()},
                }
            )
        if cache.described != described:  # made anew: what such a page costs (PAGE_ON_LOOP)
            live.page_cost[key] = time.thread_time() - start
        return out

    def events(self, game_id: str, side: str | None, after: int) -> list[dict[str, Any]]:
        live = self._get(game_id)
        return [e.to_json() for e in live.session.game.events(side, after)]

    def news(
        self, game_id: str, seat: Seat, side: str | None, after: int
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """The events ``side`` saw after sequence number ``after``, and the seat's state."""
        return self.events(game_id, side, after), self.state(game_id, seat)

    def log_text(self, game_id: str, side: str | None) -> str:
        """The log ``side`` saw as text (``None``: the umpire's whole log): the text of the
        last request, with the events logged since written after it (:func:`_log_read`)."""
        live = self._get(game_id)
        return _log_read(live.session.game, side, live.log_texts, render_text)

    def board_svg(self, game_id: str, side: str | None, at: int | None = None) -> str:
        live = self._get(game_id)
        key = side or ""
        if at is None and key in live.maps and live.maps[key][0] == live.session.game.order_count:
            return live.maps[key][1]  # every seat's page asks again after each change
        game = live.session.game if at is None else self._replayed(live, at)
        board = self.board(game, side)
        if board is None:
            return NO_MAP
        svg = render_board(board, size=_size(board))
        if at is None:
            live.maps[key] = (game.order_count, svg)
        return svg

    # -- replay ----------------------------------------------------------------------------------

    def _past(self, live: _Live) -> Game[Any, Any]:
        """The live game, its replay's caches emptied if they were made for another (a game
        the session rolled back to what its store holds: its later orders may differ). A
        game takes orders at its end only, so what was made of its first orders holds."""
        game = live.session.game
        if live.past_of is not game:
            live.past_of, live.replay = game, None
            live.log_at, live.steps = [], []
        return game

    def _replayed(self, live: _Live, n: int) -> Game[Any, Any]:
        """The game after its first ``n`` orders (kept, so stepping forward is cheap); the
        log's length after each order it passes is noted in ``live.log_at``."""
        orders = self._past(live).orders
        n = max(0, min(n, len(orders)))
        cached = live.replay
        if cached is None or cached[0] > n:
            game = registry.replay(live.session.game.record(), upto=0)
            done = 0
        else:
            done, game = cached
        log_at = live.log_at
        if not log_at:
            log_at.append(len(game.log))
        for submitted in orders[done:n]:
            game.submit(submitted.side, submitted.order)
            done += 1
            if done == len(log_at):
                log_at.append(len(game.log))
        live.replay = (n, game)
        return game

    def frames(self, game_id: str, side: str | None) -> dict[str, Any]:
        """The replay of a game as ``side`` saw it: after each order, how many events had been
        logged; the orders of ``side`` itself (every order for the umpire) and the events it
        saw, with their receipts.

        The game is replayed once, on from where it was replayed to the last time, and each
        order's notation made once (``live.steps``); the events' JSON is that of the last
        request, with the events logged since after it."""
        live = self._get(game_id)
        game = self._past(live)
        orders = game.orders
        if len(live.log_at) <= len(orders):
            self._replayed(live, len(orders))
        steps = live.steps
        for submitted in orders[len(steps) :]:
            steps.append(
                (
                    submitted.seq + 1,
                    submitted.step,
                    submitted.side,
                    submitted.order,
                    _notation(game, submitted.side, submitted.order),
                    _public(submitted.side, submitted.order),
                )
            )
        log_at = live.log_at
        frames: list[dict[str, Any]] = [
            {"n": 0, "step": 0, "side": None, "order": None, "text": None, "log": log_at[0]}
        ]
        for i, (n, step, by, order, notation, public) in enumerate(steps, 1):
            own = side is None or by == side
            frames.append(
                {
                    "n": n,
                    "step": step,
                    "side": by,
                    "order": order if own else None,
                    "text": notation if own else public,
                    "log": log_at[i],
                }
            )
        return {
            "frames": frames,
            "events": _log_read(game, side, live.log_json, _events_json),
            "finished": game.outcome() is not None,
        }


def _events_json(events: list[Event]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


def _log_read(
    game: Game[Any, Any],
    side: str | None,
    kept: dict[str, tuple[object, int, Any]],
    make: Callable[[list[Event]], R],
) -> R:
    """``make(game.events(side))`` (``side`` ``None``: the umpire's), made on from what was
    made the last time it was asked for the same game's log: the events the log held then
    are those it holds now (it only grows), and ``make`` of a run of events is ``make`` of
    its first events followed by ``make`` of the rest (the log's text, the events' JSON), so
    only the events logged since are read (the log makes an Event of each row it hands out).
    ``kept``: side -> (the log, its length, what was made of it), the live game's."""
    log = game.log
    key = side or ""
    found = kept.get(key)
    if found is not None and found[0] is log:
        if found[1] == len(log):
            made: R = found[2]
            return made
        events = game.events(side, found[1] - 1)
        made = found[2] + make(events) if events else found[2]
    else:
        made = make(game.events(side))
    kept[key] = (log, len(log), made)
    return made


def _view_of(live: _Live, side: str) -> tuple[View, bytes]:
    """``side``'s view of the live game and its JSON, made once per order: the game changes
    only by its orders (it is replayed from them), so the view of the same orders is the same.
    A view is read-only: every reader shares it."""
    game = live.session.game
    kept = live.views.get(side)
    if kept is not None and kept[0] is game and kept[1] == game.order_count:
        return kept[2], kept[3]
    view = game.view(side)
    data = dumps(view.to_json())
    live.views[side] = (game, game.order_count, view, data)
    return view, data


def _summary_of(live: _Live) -> bytes:
    """The umpire's summary of the live game as JSON, made once per order (as a view is:
    :func:`_view_of`)."""
    game = live.session.game
    kept = live.summary
    if kept is not None and kept[0] is game and kept[1] == game.order_count:
        return kept[2]
    data = dumps(game.summary())
    live.summary = (game, game.order_count, data)
    return data


def _result(outcome: Outcome | None, side: str | None) -> str | None:
    """The end as ``side`` meets it: ``won``, ``lost`` or ``draw`` (no winner); ``None`` while
    the game goes on, and for the umpire (no side)."""
    if outcome is None or side is None:
        return None
    if outcome.winner is None:
        return "draw"
    return "won" if outcome.winner == side else "lost"


def _public(side: str, order: Any) -> str | None:
    """What every side is told of another side's order: an amendment's notice with its reason
    (what it changed only as far as each side's log says), a concession; else nothing."""
    if side == UMPIRE and is_amendment(order):
        return f"The umpire amends the game: {Amendment.from_json(order).reason}"
    if is_concession(order):
        return "concede"
    return None


def _clock(live: _Live, decision: Any) -> dict[str, Any] | None:
    """The running clock of the pending decision, as a page shows it (``None``: none)."""
    if live.deadline is None or decision is None or live.deadline[0] != decision.step:
        return None
    return {
        "epoch_ms": int(live.deadline[2] * 1000),
        "seconds_left": max(0.0, round(live.deadline[1] - time.monotonic(), 1)),
    }


def _notation(game: Game[Any, Any], side: str, order: Any) -> str:
    """An order in the ruleset's text notation, where it has one (else its JSON)."""
    if is_concession(order):
        return "concede"
    if side == UMPIRE and is_amendment(order):
        return f"umpire: {Amendment.from_json(order)}"
    try:
        parsed = game.ruleset.parse_order(side, order)
    except HexwarError:
        return json.dumps(order)
    if not any("__str__" in vars(k) for k in type(parsed).__mro__[:-1]):
        return json.dumps(order)  # no notation of its own: str() would be the repr
    return str(parsed)


def resolve_players(players: Mapping[str, Any]) -> dict[str, str]:
    """Seats from a request: side -> "human" or an agent name (strings only)."""
    out: dict[str, str] = {}
    for side, who in players.items():
        if not isinstance(who, str):
            raise InvalidInputError(f"seats.{side}: must be 'human' or an agent name")
        out[str(side)] = who
    return out
