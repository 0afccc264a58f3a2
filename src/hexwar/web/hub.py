"""The games a server holds: sessions from the store, seats, computer players, clocks, changes.

Every game operation runs under one lock, so each game's orders are strictly sequential and
the store and the seat book are used by one thread at a time. They run on one worker thread
(the games thread) while the event loop waits -- except a human's order in a game already
loaded that no computer plays in, which runs on the event loop itself when the games thread
is idle: the hand-off to the thread and back cost as much as the order's own work, and such
an order takes well under a millisecond (the event loop waits for the store's commit). An
order is acknowledged after :meth:`Session.submit` returns, which is after the
store has committed it, so a server killed at any moment and restarted finds every acknowledged
order: games are loaded from the store on first use. Computer players move on that thread as
soon as it is their turn. A side with a time limit (:meth:`Ruleset.time_limit`) that is late
gets the ruleset's late order. A clock's deadline is committed to the seat book when it starts;
a restarted server loads every game whose clock runs and keeps its deadline (a deadline that
passed while the server was down is enforced at once).
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from hexwar.agents import agent_names
from hexwar.core import registry
from hexwar.core.boards import Board
from hexwar.core.errors import HexwarError, IllegalOrderError, InvalidInputError, UnknownGameError
from hexwar.core.events import render_text
from hexwar.core.game import Game, Ruleset
from hexwar.core.orders import Amendment, JsonValue, SubmittedOrder, is_amendment, is_concession
from hexwar.core.views import View
from hexwar.sessions import ResolvedScenario, Session
from hexwar.store import GameStore
from hexwar.web.seats import UMPIRE, Seat, SeatBook
from hexwar.web.svg import render_board

__all__ = ["HUMAN", "Created", "Hub", "SeatError", "resolve_players"]

HUMAN = "human"
T = TypeVar("T")


@dataclass
class _Live:
    session: Session
    version: int = 0
    deadline: tuple[int, float, float] | None = None  # (step, monotonic, epoch seconds)
    clock_stored: bool = False  # the seat book holds a clock for this game
    replay: tuple[int, Game[Any, Any]] | None = None  # (orders replayed, game) cache
    # role -> (orders given, text view, order help): the texts change only with an order
    texts: dict[str, tuple[int, str, str]] = field(default_factory=dict)
    # side ("" for the umpire) -> (orders given, the map as SVG): the last map drawn
    maps: dict[str, tuple[int, str]] = field(default_factory=dict)


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

    def __init__(self, home: Path) -> None:
        self.home = home
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hexwar-games")
        self._lock = threading.Lock()  # held by every game operation, on whichever thread
        self._store: GameStore | None = None
        self._seats: SeatBook | None = None
        self._live: dict[str, _Live] = {}
        self._changed: dict[str, asyncio.Event] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}  # each game's running clock
        self._tasks: set[asyncio.Task[None]] = set()  # running clock expiries (kept alive)
        self._fresh: list[tuple[str, tuple[int, float, float] | None]] = []  # loaded games

    # -- plumbing ------------------------------------------------------------------------------

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on the games thread (then start the clocks of the games it loaded
        from the store)."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, self._locked, fn, args)
        finally:
            while self._fresh:
                game_id, deadline = self._fresh.pop()
                self._bump(game_id, deadline)

    def _locked(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        with self._lock:
            return fn(*args)

    async def open(self) -> None:
        await self.call(self._open)

    def _open(self) -> None:
        # shared: used by the games thread and the event loop, one at a time (``_lock``)
        self._store = GameStore(self.home / "games.sqlite3", shared=True)
        self._seats = SeatBook(self.home / "seats.sqlite3", shared=True)
        for game_id in self._seats.running_clocks():  # their clocks run on: enforce them
            try:
                self._get(game_id)
            except HexwarError:  # deleted meanwhile, or a store that cannot replay it
                self._seats.stop_clock(game_id)

    async def close(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        await self.call(self._close)
        self._pool.shutdown(wait=True)

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
        """An event set at the game's next change (take a fresh one after each wake-up)."""
        return self._changed.setdefault(game_id, asyncio.Event())

    def _bump(self, game_id: str, deadline: tuple[int, float, float] | None) -> None:
        old = self._changed.pop(game_id, None)
        if old is not None:
            old.set()
        handle = self._timers.pop(game_id, None)
        if handle is not None:
            handle.cancel()
        if deadline is not None:
            step, due, _ = deadline
            loop = asyncio.get_running_loop()
            delay = max(0.0, due - time.monotonic()) + 0.05
            self._timers[game_id] = loop.call_later(
                delay, lambda: self._spawn(self._expire(game_id, step))
            )

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _expire(self, game_id: str, step: int) -> None:
        self._timers.pop(game_id, None)
        changed, deadline = await self.call(self._expire_sync, game_id, step)
        if changed:
            self._bump(game_id, deadline)

    # -- seats ---------------------------------------------------------------------------------

    async def seat(self, token: str) -> Seat | None:
        return await self.call(self.seats.lookup, token)

    def check_seat(self, token: str, game_id: str, side: str | None) -> tuple[Seat, str | None]:
        """The seat ``token`` opens in ``game_id`` and the side it looks at (``None``: the
        umpire's everything); :class:`SeatError` with the HTTP status otherwise (401: no such
        token, 403: another game's or another side's)."""
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
    ) -> tuple[SubmittedOrder, bool, tuple[int, float, float] | None, dict[str, Any]]:
        """A seat's order, from its token to the store, in one trip to the games thread; also
        the seat's view and state after it (and after the computer's answers), so that the
        order's reply is all a client needs."""
        seat, looking = self.check_seat(token, game_id, side)
        if seat.side is None or looking is None:
            raise SeatError(403, "the umpire gives no orders")
        submitted, late, deadline = self._submit(game_id, looking, order)
        view = self._get(game_id).session.game.view(looking)
        after = {"view": view.to_json(), "state": self.state(game_id, seat, view, texts=False)}
        return submitted, late, deadline, after

    def seat_game(
        self, token: str, game_id: str, side: str | None
    ) -> tuple[Game[Any, Any], str | None]:
        """The game the seat ``token`` opens and the side it looks at (games thread only: the
        caller reads the game there and hands out only what that side may see)."""
        _seat, looking = self.check_seat(token, game_id, side)
        return self._get(game_id).session.game, looking

    def seat_view(self, token: str, game_id: str, side: str | None) -> dict[str, Any]:
        seat, looking = self.check_seat(token, game_id, side)
        return self.view_json(game_id, seat, looking)

    # -- games (async front) -------------------------------------------------------------------

    async def create(
        self, resolved: ResolvedScenario, seed: int | None, players: Mapping[str, str]
    ) -> Created:
        created, deadline = await self.call(self._create, resolved, seed, dict(players))
        self._bump(created.game_id, deadline)
        return created

    async def submit(
        self, token: str, game_id: str, side: str | None, order: JsonValue | str
    ) -> tuple[SubmittedOrder, bool, dict[str, Any], Callable[[], Awaitable[None]]]:
        """Submit the order of the seat ``token`` opens (acknowledged once stored); computer
        players follow. Returns the stored order, whether it came too late (and was replaced
        by the ruleset's late order), the seat's view and state after it, and ``notify``:
        call it to wake the game's event streams and restart its clock (the order's route
        calls it once its reply is sent, so the streams' work does not delay the reply).
        Raises :class:`SeatError` for a bad seat."""
        live = self._live.get(game_id)
        if live is not None and not live.session.agents and self._lock.acquire(blocking=False):
            try:  # loaded, no computer to answer, the games thread idle: no hand-off
                submitted, late, deadline, after = self.order(token, game_id, side, order)
            finally:
                self._lock.release()
        else:
            submitted, late, deadline, after = await self.call(
                self.order, token, game_id, side, order
            )

        async def notify() -> None:  # a coroutine: it runs on the event loop
            self._bump(game_id, deadline)

        return submitted, late, after, notify

    # -- games (on the games thread) -----------------------------------------------------------

    def _create(
        self, resolved: ResolvedScenario, seed: int | None, players: dict[str, str]
    ) -> tuple[Created, tuple[int, float, float] | None]:
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
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        session = Session.start(resolved, seed=seed, agents=agents, store=self.store, label="web")
        assert session.game_id is not None
        humans = [s for s in sides if s not in agents]
        tokens = self.seats.issue(session.game_id, [*humans, UMPIRE])
        live = _Live(session)
        self._live[session.game_id] = live
        session.play_agents()
        return Created(session.game_id, tokens), self._deadline(live)

    def _get(self, game_id: str) -> _Live:
        live = self._live.get(game_id)
        if live is None:
            session = Session.resume(self.store, game_id)
            live = _Live(session, clock_stored=self.seats.clock(session.game_id or "") is not None)
            self._live[game_id] = live
            # A server stopped between a human's order and the computer's answer: answer now.
            session.play_agents()
            self._fresh.append((game_id, self._deadline(live)))
        return live

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
    ) -> tuple[SubmittedOrder, bool, tuple[int, float, float] | None]:
        live = self._get(game_id)
        late_order = self._late(live, side)
        if late_order is not None and order != {"concede": True}:
            order = late_order
        submitted = live.session.submit(side, order)
        live.version += 1
        live.session.play_agents()
        return submitted, late_order is not None, self._deadline(live)

    def _expire_sync(self, game_id: str, step: int) -> tuple[bool, tuple[int, float, float] | None]:
        live = self._get(game_id)
        game = live.session.game
        decision = game.decision()
        if decision is None or decision.step != step or live.deadline is None:
            return False, live.deadline
        if time.monotonic() < live.deadline[1]:
            return False, live.deadline
        changed = False
        for side in sorted(decision.sides - live.session.agents.keys()):
            late = self._late(live, side)
            if late is None:
                continue
            try:
                live.session.submit(side, late)
                changed = True
            except IllegalOrderError:
                continue  # the late order is refused here (air war: four units on a field)
        if changed:
            live.version += 1
            live.session.play_agents()
        elif game.decision() is not None:  # nothing could be given: a fresh period
            self._stop_clock(live)
        return True, self._deadline(live)

    # -- what a seat sees ----------------------------------------------------------------------

    def board(
        self, game: Game[Any, Any], side: str | None, view: View | None = None
    ) -> Board | None:
        """The board ``side`` may see; for the umpire (``None``), every side's own pieces on
        the first side's map, with what any side's map shows besides (missions, fronts,
        markers, status lines)."""
        ruleset = game.ruleset
        if side is not None:
            return ruleset.describe_board(view if view is not None else game.view(side))
        boards = {s: ruleset.describe_board(game.view(s)) for s in game.info.sides}
        first = boards[game.info.sides[0]]
        if first is None:
            return None
        drawn = [b for b in boards.values() if b is not None]
        counters = tuple(
            c for s, b in boards.items() if b is not None for c in b.counters if c.side == s
        )

        def union(part: str) -> tuple[Any, ...]:
            # what any side's board shows, once, in side order (the missions and status
            # lines of every side, the markers and fronts each one knows of)
            return tuple(dict.fromkeys(x for b in drawn for x in getattr(b, part)))

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
            highlights=tuple(h for h in first.highlights if h.counter is None),
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
        live = self._get(game_id)
        game = live.session.game
        side = seat.side
        decision = game.decision()
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
        out: dict[str, Any] = {
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
            "deadline": None,
        }
        if live.deadline is not None and decision is not None and live.deadline[0] == decision.step:
            out["deadline"] = {
                "epoch_ms": int(live.deadline[2] * 1000),
                "seconds_left": max(0.0, round(live.deadline[1] - time.monotonic(), 1)),
            }
        if not texts:
            return out
        cached = live.texts.get(seat.role)
        if cached is None or cached[0] != game.order_count:
            if side is not None:
                view = view if view is not None else game.view(side)
                text = game.ruleset.render_view(view)
                help_text = game.ruleset.order_help(view) if your_turn else ""
            else:
                text = "\n\n".join(
                    f"== {s} ==\n{game.ruleset.render_view(game.view(s))}" for s in game.info.sides
                )
                help_text = ""
            cached = (game.order_count, text, help_text)
            live.texts[seat.role] = cached
        out["text"], out["help"] = cached[1], cached[2]
        return out

    def view_json(self, game_id: str, seat: Seat, side: str | None) -> dict[str, Any]:
        live = self._get(game_id)
        game = live.session.game
        view = game.view(side) if side is not None else None
        board = self.board(game, side, view)
        out: dict[str, Any] = {
            "state": self.state(game_id, seat, view if side == seat.side else None),
            "board": board.to_json() if board is not None else None,
        }
        if view is not None:
            out["view"] = view.to_json()
        else:
            out["summary"] = game.summary()
            out["views"] = {s: game.view(s).to_json() for s in game.info.sides}
        return out

    def events(self, game_id: str, side: str | None, after: int) -> list[dict[str, Any]]:
        live = self._get(game_id)
        return [e.to_json() for e in live.session.game.events(side) if e.seq > after]

    def news(
        self, game_id: str, seat: Seat, side: str | None, after: int
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """The events ``side`` saw after sequence number ``after``, and the seat's state."""
        return self.events(game_id, side, after), self.state(game_id, seat)

    def log_text(self, game_id: str, side: str | None) -> str:
        return render_text(self._get(game_id).session.game.events(side))

    def board_svg(self, game_id: str, side: str | None, at: int | None = None) -> str:
        live = self._get(game_id)
        key = side or ""
        if at is None and key in live.maps and live.maps[key][0] == live.session.game.order_count:
            return live.maps[key][1]  # every seat's page asks again after each change
        game = live.session.game if at is None else self._replayed(live, at)
        board = self.board(game, side)
        if board is None:
            return (
                '<svg xmlns="http://www.w3.org/2000/svg" width="420" height="60" '
                'class="board"><text x="10" y="35" font-size="14">This ruleset draws no map '
                "yet: see the text view.</text></svg>"
            )
        svg = render_board(board, size=_size(board))
        if at is None:
            live.maps[key] = (game.order_count, svg)
        return svg

    # -- replay ----------------------------------------------------------------------------------

    def _replayed(self, live: _Live, n: int) -> Game[Any, Any]:
        """The game after its first ``n`` orders (kept, so stepping forward is cheap)."""
        record = live.session.game.record()
        n = max(0, min(n, len(record.orders)))
        cached = live.replay
        if cached is None or cached[0] > n:
            game = registry.replay(record, upto=0)
            done = 0
        else:
            done, game = cached
        for submitted in record.orders[done:n]:
            game.submit(submitted.side, submitted.order)
        live.replay = (n, game)
        return game

    def frames(self, game_id: str, side: str | None) -> dict[str, Any]:
        """The replay of a game as ``side`` saw it: after each order, how many events had been
        logged; the orders of ``side`` itself (every order for the umpire) and the events it
        saw, with their receipts."""
        live = self._get(game_id)
        record = live.session.game.record()
        game = registry.replay(record, upto=0)
        frames: list[dict[str, Any]] = [
            {"n": 0, "step": 0, "side": None, "order": None, "text": None, "log": len(game.log)}
        ]
        for submitted in record.orders:
            game.submit(submitted.side, submitted.order)
            own = side is None or submitted.side == side
            frames.append(
                {
                    "n": submitted.seq + 1,
                    "step": submitted.step,
                    "side": submitted.side,
                    "order": submitted.order if own else None,
                    "text": _notation(game, submitted.side, submitted.order) if own else None,
                    "log": len(game.log),
                }
            )
        return {
            "frames": frames,
            "events": [e.to_json() for e in live.session.game.events(side)],
            "finished": live.session.game.outcome() is not None,
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
