"""Prototype (tried, not kept): mcts over *policies* for tactical, the tally kept over a game.

The candidates at each decision are the computer player's plan and the ``careful`` variant's
(priors.TACTICAL_VARIANTS); each rollout plays the side's later decisions with its own
candidate's weights (the enemy: the computer player), then the side's next attacks; the
paired differences of every decision of the game go into one tally, and the careful plan is
played once its mean gain is ``PZ`` standard errors above zero over at least ``PMIN`` rounds.
``PH``: decisions played out after the searched one. Runs benchmarks/mcts_vs_ai.py with this
agent in mcts's place::

    PH=1 PZ=1 PMIN=4 .venv/bin/python benchmarks/mcts_policy_tally.py --rulesets tactical \\
        --games 10 --first-seed 0 --jobs 1
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import mcts_vs_ai

from hexwar.agents.mcts import MctsAgent
from hexwar.agents.priors import TACTICAL_VARIANTS, _tactical_attacks
from hexwar.core.orders import Order
from hexwar.core.views import View
from hexwar.rulesets.tactical.agent import TacticalAgent

H = int(os.environ.get("PH", "3"))
Z = float(os.environ.get("PZ", "2"))
MIN_ROUNDS = int(os.environ.get("PMIN", "6"))
VARIANTS: list[tuple[str, dict[str, float]]] = [("default", {}), TACTICAL_VARIANTS[0]]


class PolicyMcts(MctsAgent):
    def __init__(self, ruleset: Any, side: str, **kw: Any) -> None:
        super().__init__(ruleset, side, **kw)
        self.pols = [type(f"V_{n}", (TacticalAgent,), dict(w))(ruleset, side) for n, w in VARIANTS]
        self.diffs: list[list[float]] = [[] for _ in VARIANTS]
        self.fin = _tactical_attacks(ruleset, side)

    def act(self, view: View, rng: np.random.Generator) -> Order:
        deadline = self.clock() + self.seconds
        plans = [p.act(view, rng) for p in self.pols]
        start = self.clock()
        n = 0
        while not (n and self._spent(start, n, len(plans), deadline)):
            seed = int(rng.integers(2**63))
            row = [
                self._sim(view, plans[i], self.pols[i], np.random.default_rng(seed))
                for i in range(len(plans))
            ]
            n += len(plans)
            for i in range(1, len(plans)):
                self.diffs[i].append(row[i] - row[0])
        self.last_iterations = n
        best, bound = 0, 0.0
        for i in range(1, len(plans)):
            d = np.array(self.diffs[i])
            if len(d) < MIN_ROUNDS:
                continue
            lo = float(d.mean() - Z * d.std(ddof=1) / math.sqrt(len(d)))
            if lo > bound:
                best, bound = i, lo
        order: Order = plans[best]
        return order

    def _sim(self, view: View, order: Order, pol: Any, rng: np.random.Generator) -> float:
        world = self.ruleset.determinise(view, rng)
        assert world is not None
        world.submit(self.side, order)
        start = world.step
        while (d := world.decision()) is not None and world.step - start < H:
            for s in sorted(d.sides):
                if world.outcome() is None:
                    agent = pol if s == self.side else self._policy[s]
                    world.submit(s, agent.act(world.view(s), rng))
        if world.outcome() is None:
            d = world.decision()
            if d is not None and self.side in d.sides:
                world.submit(self.side, self.fin.act(world.view(self.side), rng))
        o = world.outcome()
        if o is not None:
            return 0.0 if o.winner is None else (1.0 if o.winner == self.side else -1.0)
        return max(-1.0, min(1.0, self.value(world, self.side)))


mcts_vs_ai.MctsAgent = PolicyMcts  # type: ignore[attr-defined]
if __name__ == "__main__":
    mcts_vs_ai.main()
