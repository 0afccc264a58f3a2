"""A hub of this process (:class:`hexwar.web.hub.Hub`) on an event loop of its own thread, as
the server runs one, and a game of humans played on it with random legal orders: what the
web benchmarks (``page_data.py``, ``web_reads.py``, ``web_load.py``) share."""

from __future__ import annotations

import asyncio
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from hexwar.sessions import resolve_scenario


class LocalHub:
    """A hub whose home is ``home`` (a new temporary folder if not given), opened on an event
    loop running in a thread of its own; :meth:`close` closes both."""

    def __init__(self, home: Path | None = None) -> None:
        from hexwar.web.hub import Hub

        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.hub = Hub(home or Path(tempfile.mkdtemp(prefix="hexwar-bench-")) / "web")
        self.run(self.hub.open())

    def run(self, coro: Any) -> Any:
        """Runs ``coro`` on the hub's loop and waits for its result."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def close(self) -> None:
        self.run(self.hub.close())
        self.loop.call_soon_threadsafe(self.loop.stop)

    def random_game(self, scenario: str, decisions: int) -> Iterator[tuple[str, dict[str, str]]]:
        """A game of ``scenario`` (seed 1) with every seat human: at each of up to
        ``decisions`` decisions, each side due gives a random legal order from its view
        (``random_order``, one seeded stream), submitted as its seat's request; yields the
        game's id and the seats' tokens after each decision's orders."""
        resolved = resolve_scenario(scenario)
        ruleset = resolved.ruleset
        hub = self.hub
        made = self.run(hub.create(resolved, 1, dict.fromkeys(ruleset.info.sides, "human")))
        gid, tokens = made.game_id, made.tokens
        rng = np.random.default_rng(1)
        for _ in range(decisions):
            game = hub._live[gid].session.game
            decision = game.decision()
            if decision is None:
                return
            for side in sorted(decision.sides):
                order = ruleset.random_order(game.view(side), rng)
                self.run(hub.submit(tokens[side], gid, None, order.to_json()))
            yield gid, tokens
