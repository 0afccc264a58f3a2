"""``mcts``: information-set Monte Carlo tree search over a ruleset's legal orders.

The agent sees only its view, and names no ruleset: what it knows of one is the ruleset's
search profile (:meth:`~hexwar.core.game.Ruleset.search_profile`, a
:class:`~hexwar.core.search.SearchProfile`; each ruleset writes its own in its ``search``
module; a ruleset without one gets plain search over its legal orders, scored by the outcome).
Each iteration samples a world the side cannot tell from the one it sees -- the ruleset's
:meth:`~hexwar.core.game.Ruleset.determinise` of the view, never the true state -- plays one
of its candidate orders there, lets the ruleset's own agent play every side for up to
``horizon`` decisions (the rollout policy; the profile's ``horizon``, or to the side's next
turn where it says ``to_next_turn``; sealed orders of other sides in the current decision are
drawn from it too, since the view hides them; where the profile names a ``finisher``, the
side's own next decision is then played by that agent),
and scores the result in that world for the side: +1 / -1 for a won / lost game, else the
profile's ``value`` of the world (a value learned from the computer player's games, say, or
a balance of units; by default 0).
Candidates are chosen by UCB1 over the information set at the root (the side's own
decision, the same in every sampled world), or, where the rollout agent lends a prior
(the profile's ``scorer`` or ``proposers``, or ``keep_prior``), compared in paired rounds
that keep the prior unless another candidate clearly beats it (:meth:`MctsAgent._rounds`),
or, where the rollouts draw nothing (the profile's ``draws_nothing``), in rounds ever deeper,
the deepest deciding (:meth:`MctsAgent._deepening`).

Candidates: the ruleset's legal orders where each is a whole order, the rollout agent's own
choice first (each candidate is tried once, in order, while the budget lasts; then UCB1);
with a ``scorer``, only the few it scores best above zero (never ending the turn), and the
agent's own order alone where the list is a menu without it (a set-up of random menu
entries); where the list is a menu without it and the profile keeps the prior
(``keep_prior``), the agent's own order first and then the menu;
where orders are built one unit action at a time (:meth:`Ruleset.stepwise`), the rollout
agent's whole order and those the profile's ``proposers`` give (variants of the computer
player; where ``leads`` says so, the first proposer's order is the prior, searched first),
or without proposers the orders it gives with several streams (until one repeats), plus doing
nothing (never where the profile says ``never_idle``).
The budget per move is ``seconds`` of CPU time by default: the thinking thread's own
(``time.thread_time``), so that a decision gets the same computation on a loaded machine as on
an idle one (a wall-clock "1 s" took 86-316 ms of CPU on a busy one), and a thread of a web
server is not charged for the work of the server's other threads, as ``time.process_time``
would charge it. ``wall=True`` budgets in wall time instead (``time.perf_counter``: a bound on
how long the player waits, whatever the search gets done in it); ``clock`` sets any other clock.
Proposing candidates counts against the budget. When given, ``iterations`` bounds the search
instead (reproducible whatever the machine's speed).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from hexwar.core import exact
from hexwar.core.errors import HexwarError
from hexwar.core.game import Agent, Game, Ruleset
from hexwar.core.orders import Order
from hexwar.core.views import View

__all__ = ["MCTS", "MctsAgent", "has_determinisation"]

MCTS = "mcts"
PROPOSALS = 6  # rollout-agent proposals considered at a stepwise decision
UCB_C = 1.4
WIDEN = 4  # the best orders by the agent's prior searched, where it scores them
HORIZON = 4  # decisions played out after the searched one
# Where the profile says to_next_turn, rollouts run until the side is to decide again after
# another side has decided (to the side's next turn), up to LONG decisions.
LONG = 80
Z = 2.0  # standard errors by which another candidate must beat the prior
SURE_ROUNDS = 4  # rounds after which the search may stop early


def _gains(scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each candidate's mean gain over the first (rounds x candidates scores, paired by
    round) and its standard error; the first candidate's own entry is ``-inf``."""
    diff = scores - scores[:, :1]
    k = len(scores)
    gain = diff.mean(axis=0)
    se = np.sqrt(((diff - gain) ** 2).sum(axis=0) / max(k - 1, 1) / k)
    gain[0] = -np.inf
    return gain, se


def has_determinisation(ruleset: Ruleset[Any, Any]) -> bool:
    """Whether the ruleset samples worlds from a view (the mcts agent needs it)."""
    return type(ruleset).determinise is not Ruleset.determinise


class MctsAgent:
    """IS-MCTS with determinisation; the ruleset's own agent as the rollout policy."""

    def __init__(
        self,
        ruleset: Ruleset[Any, Any],
        side: str,
        *,
        seconds: float = 1.0,
        iterations: int | None = None,
        horizon: int | None = None,
        rollout: str | None = None,
        wall: bool = False,
        clock: Callable[[], float] | None = None,
        widen: int = WIDEN,
    ) -> None:
        if not has_determinisation(ruleset):
            raise HexwarError(
                f"the mcts agent needs worlds sampled from a view, and the {ruleset.info.id} "
                "ruleset offers no determinisation (Ruleset.determinise)"
            )
        from hexwar.agents import RANDOM, make_agent

        own = sorted(ruleset.agents())
        self.rollout_name = rollout or (own[0] if own else RANDOM)
        self.ruleset = ruleset
        self.side = side
        self.seconds = seconds
        self.iterations = iterations
        profile = ruleset.search_profile()
        self.profile = profile
        self.to_next_turn = profile.to_next_turn
        default = (
            LONG if self.to_next_turn else (HORIZON if profile.horizon is None else profile.horizon)
        )
        self.horizon = default if horizon is None else horizon
        # CPU seconds of the thinking thread unless ``wall`` (see the module's docstring)
        self.clock: Callable[[], float] = (
            clock if clock is not None else time.perf_counter if wall else time.thread_time
        )
        self._policy: dict[str, Agent] = {
            s: make_agent(ruleset, s, self.rollout_name) for s in ruleset.info.sides
        }
        self.value = profile.value
        self.min_rounds = profile.min_rounds
        self.widen = widen
        self._scorer = profile.scorer
        proposers = profile.proposers
        self._proposers = proposers(ruleset, side) if proposers is not None else []
        self._keeps_prior = self._scorer is not None or bool(self._proposers) or profile.keep_prior
        self._draws_nothing = profile.draws_nothing
        self._never_idle = profile.never_idle
        self._leads = profile.leads
        finisher = profile.finisher
        self._finisher: Agent | None = finisher(ruleset, side) if finisher else None
        self.last_iterations = 0

    # -- candidates -------------------------------------------------------------------------

    def candidates(
        self, view: View, rng: np.random.Generator, deadline: float = math.inf
    ) -> list[Order]:
        """The orders searched: see the module's docstring. Proposals stop at ``deadline``
        (by :attr:`clock`) once there is one, and at the first proposal seen before."""
        if not self.ruleset.stepwise(view):
            legal = self.ruleset.legal_orders(view)
            first = self._policy[self.side].act(view, rng)  # searched first: the prior
            if first not in legal:
                if self._scorer is not None:
                    # A menu without the agent's own order (random set-ups, the
                    # computer's template not among them): its own, at once.
                    return [first]
                if self._keeps_prior:
                    # A set-up menu of random placements: its own first (the prior),
                    # then the menu's random ones, weighed in paired rounds.
                    return [first, *legal]
                return legal
            if self._scorer is None:
                return [first, *(o for o in legal if o != first)]
            scores = self._scorer(view.data, legal)
            worth = [(x, o) for x, o in zip(scores, legal, strict=True) if x > 0]
            if len(worth) <= 1:
                return [first]  # one order worth giving, or none: the agent's own, at once
            # Only orders the agent would give some time (scored above zero): not ending the
            # turn or doing nothing, which forgoes every action still to come and which a
            # rollout to the next turn rates too well (nothing exposed, no sector yet lost).
            ranked = [o for _, o in sorted(worth, key=lambda p: -p[0])]
            return [first, *(o for o in ranked if o != first)][: self.widen]
        t0 = self.clock()
        own = self._policy[self.side].act(view, rng)
        out = [own]
        cost = self.clock() - t0  # a proposal costs about what the agent's own order did
        proposers = self._proposers
        if proposers and self._leads is not None and self._leads(view):
            lead = proposers[0](view)  # the prior here, proposed whatever the budget
            if lead is not None and lead != own:
                out.insert(0, lead)
            proposers = proposers[1:]
        for propose in proposers:
            if self.iterations is None and self.clock() + cost > deadline:
                break
            order = propose(view)
            if order is not None and order not in out:
                out.append(order)
        for _ in range(PROPOSALS - 1 if not self._proposers else 0):
            if self.iterations is None and self.clock() + cost > deadline:
                break
            order = self._policy[self.side].act(view, rng)
            if order in out:
                break  # a deterministic policy proposes one order, a random one rarely repeats
            out.append(order)
        nothing = self.ruleset.legal_orders(view)[-1]  # the empty plan
        if self._never_idle:  # the prior and the agent's own order stay, whatever they are
            return [o for o in out if o != nothing or o in (out[0], own)]
        if nothing not in out:
            out.append(nothing)
        return out

    # -- search -----------------------------------------------------------------------------

    def act(self, view: View, rng: np.random.Generator) -> Order:
        deadline = self.clock() + self.seconds
        cands = self.candidates(view, rng, deadline)
        if len(cands) == 1 or (self.iterations is None and self.clock() >= deadline):
            self.last_iterations = 0
            return cands[0]  # one candidate, or no time left to weigh it: the prior
        if self._draws_nothing is not None and self._draws_nothing(view):
            return self._deepening(view, cands, rng, deadline)
        if self._keeps_prior:  # a prior to keep unless beaten
            return self._rounds(view, cands, rng, deadline)
        visits = np.zeros(len(cands))
        totals = np.zeros(len(cands))
        n = 0
        start = self.clock()
        while True:
            if self.iterations is not None:
                if n >= self.iterations:
                    break
            elif self._spent(start, n, 1, deadline):
                break
            if n < len(cands):
                i = n  # every candidate once first, in order, while the budget lasts
            else:
                ucb = totals / visits + UCB_C * np.sqrt(exact.log(n) / visits)
                i = int(np.argmax(ucb))
            totals[i] += self._simulate(view, cands[i], rng)
            visits[i] += 1
            n += 1
        self.last_iterations = n
        seen = visits > 0
        mean = np.where(seen, totals / np.maximum(visits, 1), -np.inf)
        if n <= len(cands):  # not every candidate tried: the best mean among those tried
            return cands[int(np.argmax(mean))]
        best = np.flatnonzero(visits == visits.max())
        return cands[int(best[np.argmax(mean[best])])]

    def _rounds(
        self, view: View, cands: list[Order], rng: np.random.Generator, deadline: float
    ) -> Order:
        """Every candidate played in the same worlds, round after round (common random
        numbers: the world and its dice drawn from one seed per round), so that candidates are
        compared on equal luck. The first candidate (the prior: the rollout agent's own choice,
        or the order the profile's ``leads`` names) is kept unless another beats
        it by more than :data:`Z` standard errors of the
        paired differences over the complete rounds, of which there must be at least two
        (the profile's ``min_rounds``); the search stops early once
        :data:`SURE_ROUNDS` rounds leave no candidate within one standard error of beating it.
        """
        scores: list[list[float]] = []
        n = 0
        start = self.clock()
        while True:
            if self.iterations is not None:
                if n + len(cands) > max(self.iterations, len(cands)):
                    break
            elif scores and self._spent(start, n, len(cands), deadline):
                break  # the next round would not end in time
            seed = int(rng.integers(2**63))
            row = []
            for order in cands:
                if self.iterations is None and scores and self._spent(start, n, 1, deadline):
                    break
                row.append(self._simulate(view, order, np.random.default_rng(seed)))
                n += 1
            if len(row) < len(cands):
                break  # an incomplete round is not counted
            scores.append(row)
            if len(scores) >= SURE_ROUNDS and self.iterations is None:
                gain, se = _gains(np.array(scores))
                if np.all(gain + se <= 0):
                    break  # nothing comes near the prior: spend no more
        self.last_iterations = n
        if len(scores) < max(2, self.min_rounds):
            return cands[0]
        gain, se = _gains(np.array(scores))
        best = int(np.argmax(gain - Z * se))
        return cands[best] if gain[best] - Z * se[best] > 0 else cands[0]

    def _deepening(
        self, view: View, cands: list[Order], rng: np.random.Generator, deadline: float
    ) -> Order:
        """Where the rollouts draw nothing (the profile's ``draws_nothing``) a second round in
        the same world would repeat the first: instead each round plays every candidate twice
        as far as the round before (from :attr:`horizon`, up to :data:`LONG` decisions), while a
        round fits the budget (a deeper round costing at most twice the last one), and the
        deepest complete round decides: the first candidate (the prior) is kept unless
        another scores more in it."""
        seed = int(rng.integers(2**63))
        horizon = self.horizon
        decided: list[float] | None = None
        n = 0
        each = 0.0  # the mean cost of a rollout in the last complete round
        start = self.clock()
        while horizon <= LONG:
            if self.iterations is not None and n + len(cands) > max(self.iterations, len(cands)):
                break
            t0 = self.clock()
            row = []
            for order in cands:
                # The budget is a bound: no rollout that would end past it, as far as the
                # ones before tell (a deeper one at twice the mean cost of the last round's).
                if self.iterations is None and (
                    self.clock() + 2 * each > deadline
                    if decided is not None
                    else self._spent(start, n, 1, deadline)
                ):
                    break
                row.append(self._simulate(view, order, np.random.default_rng(seed), horizon))
                n += 1
            if len(row) < len(cands):
                break  # an incomplete round is not counted
            decided = row
            each = (self.clock() - t0) / len(cands)
            if self.iterations is None and self.clock() + 2 * each * len(cands) > deadline:
                break
            horizon *= 2
        self.last_iterations = n
        if decided is None:
            return cands[0]
        best = max(range(len(decided)), key=lambda i: (decided[i], -i))  # the first best
        return cands[best] if decided[best] > decided[0] else cands[0]

    def _spent(self, start: float, n: int, more: int, deadline: float) -> bool:
        """Whether ``more`` simulations, at the mean cost of the ``n`` since ``start``, would
        end past ``deadline`` (the budget is a bound: no simulation is started that would
        overrun it, as far as the ones before tell)."""
        now = self.clock()
        mean = (now - start) / n if n else 0.0
        return now + more * mean > deadline

    def _simulate(
        self, view: View, order: Order, rng: np.random.Generator, horizon: int | None = None
    ) -> float:
        """The value of ``order`` in a world drawn from ``view`` after the rollout
        (``horizon`` decisions, by default :attr:`horizon`)."""
        horizon = self.horizon if horizon is None else horizon
        world = self.ruleset.world(view, rng)
        assert world is not None  # checked at construction
        decision = world.decision()
        if decision is not None:  # sides ahead of us in a sealed decision: their hidden orders
            for s in sorted(decision.sides - {self.side}):
                self._play(world, s, rng)
        # A drawn order may have ended the game (a concession, issue 38): the world is decided
        # and is scored as it stands; the loops below submit nothing into it either.
        if world.outcome() is None:
            world.submit(self.side, order)
        start = world.step
        away = False  # whether another side has decided since
        while (d := world.decision()) is not None and world.step - start < horizon:
            if self.to_next_turn:
                if self.side in d.sides and away:
                    break
                away = away or self.side not in d.sides
            for s in sorted(d.sides):
                if world.outcome() is None and s in (world.decision() or d).sides:
                    self._play(world, s, rng)
        if self._finisher is not None and world.outcome() is None:
            d = world.decision()
            if d is not None and self.side in d.sides:  # the side's next decision, finished
                world.submit(self.side, self._finisher.act(world.view(self.side), rng))
        outcome = world.outcome()
        if outcome is not None:
            return 0.0 if outcome.winner is None else (1.0 if outcome.winner == self.side else -1.0)
        return max(-1.0, min(1.0, self.value(world, self.side)))

    def _play(self, world: Game[Any, Any], side: str, rng: np.random.Generator) -> None:
        """The rollout policy's order for ``side``, submitted; nothing once the world's game
        is over (a sealed order drawn before it conceded: its other sides order no more)."""
        if world.outcome() is not None:
            return
        order = self._policy[side].act(world.view(side), rng)
        world.submit(side, order)
