"""Computer players think in processes of their own, at a lower priority than the server.

A computer player's thought (``agent.act``) is pure Python and CPU-bound: on a thread of the
server's process it holds the interpreter lock most of the time, and every request of every
other game then waits for the lock again and again (issue 38: with mcts playing mcts on the
large air war board, a human game's ``GET /state`` took 9 times as long at the 99th percentile
as on an idle server). So each computer worker thread of the hub (:mod:`hexwar.web.hub`) hands
its thoughts to a :class:`Thinker`: one child process, started when first needed, that keeps
the agents of the games it is given and answers ``act`` requests over a pipe. The child lowers
its own scheduling priority (``nice`` +10), so on a busy machine the server's requests go
first. The worker thread waits on the pipe without the interpreter lock.

What the child is sent: the game's ruleset (once per agent), the agent's name and side, and
the side's view with the decision's seed and step; it makes the agent with
:func:`hexwar.agents.make_agent` and keeps it for the game's next decisions (an agent may keep
what it learnt across them, as in a terminal game), and draws from
:func:`hexwar.agents.agent_rng` exactly as an in-process agent does: the same orders.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import traceback
from collections import OrderedDict
from multiprocessing.connection import Connection
from typing import Any

from hexwar.core.errors import HexwarError
from hexwar.core.game import Agent, Ruleset
from hexwar.core.orders import Order
from hexwar.core.views import View

__all__ = ["NICE", "Thinker", "ThinkerError"]

NICE = 10  # added to the child's niceness: the server's requests go before the thoughts
MAX_AGENTS = 256  # agents a child keeps (the least recently used go first)

Key = tuple[str, str]  # (game id, side)


class ThinkerError(HexwarError, RuntimeError):
    """A computer player failed in its process (the message holds the child's traceback), or
    the process ended."""


def _serve(conn: Connection) -> None:
    """The child: answer ``(key, ruleset | None, name, side, view, seed, step)`` requests
    with ``("ok", order)`` or ``("error", traceback)`` until ``None`` or the pipe closes."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not permitted here: the server's priority
            os.nice(NICE)
    from hexwar.agents import agent_rng, make_agent

    agents: OrderedDict[Key, Agent] = OrderedDict()
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        key, ruleset, name, side, view, seed, step = request
        try:
            agent = agents.get(key)
            if agent is None:
                if ruleset is None:  # (forgotten: the parent sends the ruleset again)
                    conn.send(("unknown", None))
                    continue
                agent = agents[key] = make_agent(ruleset, side, name)
                while len(agents) > MAX_AGENTS:
                    agents.popitem(last=False)
            agents.move_to_end(key)
            answer: tuple[str, Any] = ("ok", agent.act(view, agent_rng(seed, side, step)))
        except Exception:
            answer = ("error", traceback.format_exc())
        conn.send(answer)


class Thinker:
    """One child process thinking for the computer players of one hub worker thread (used
    by that thread alone)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._process: multiprocessing.process.BaseProcess | None = None
        self._conn: Connection | None = None
        self._known: OrderedDict[Key, None] = OrderedDict()  # agents the child holds
        self._lock = threading.Lock()  # (close() comes from another thread)
        self._closed = False

    def _start(self) -> Connection:
        # spawn: a fresh interpreter, never a fork of a server running threads
        context = multiprocessing.get_context("spawn")
        parent, child = context.Pipe()
        process = context.Process(target=_serve, args=(child,), name=self.name, daemon=True)
        process.start()
        child.close()
        self._process, self._conn = process, parent
        self._known.clear()
        return parent

    def act(
        self,
        key: Key,
        ruleset: Ruleset[Any, Any],
        name: str,
        view: View,
        seed: int,
        step: int,
    ) -> Order:
        """The order agent ``name`` of ``key``'s side gives from ``view`` at decision ``step``
        of the game of ``seed``. Raises :class:`ThinkerError` when the agent fails or the
        thinker was closed meanwhile."""
        side = key[1]
        for _attempt in range(2):
            with self._lock:
                if self._closed:
                    raise ThinkerError(f"{self.name}: closed")
                conn = self._conn if self._conn is not None else self._start()
            sent = None if key in self._known else ruleset
            try:
                conn.send((key, sent, name, side, view, seed, step))
                kind, payload = conn.recv()
            except (EOFError, OSError):
                with self._lock:
                    if self._closed:
                        raise ThinkerError(f"{self.name}: closed") from None
                    self._drop()
                raise ThinkerError(f"{self.name}: the thinking process ended") from None
            if kind == "ok":
                self._known[key] = None
                self._known.move_to_end(key)
                while len(self._known) > MAX_AGENTS:
                    self._known.popitem(last=False)
                order: Order = payload
                return order
            if kind == "error":
                raise ThinkerError(f"{self.name}: the computer player failed:\n{payload}")
            self._known.pop(key, None)  # "unknown": the child let it go; send the ruleset
        raise ThinkerError(f"{self.name}: the thinking process lost the agent of {key}")

    def _drop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.join(1.0)
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None

    def close(self, timeout: float = 0.5) -> None:
        """End the child (a thought in progress is dropped; it is thought again after a
        restart)."""
        with self._lock:
            self._closed = True
            process, conn = self._process, self._conn
            self._process = self._conn = None
        if process is None:
            return
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.send(None)
        process.join(timeout)
        if process.is_alive():
            process.kill()
            process.join(1.0)
        if conn is not None:
            conn.close()
