"""The one game driver the research adapters share: numbered choices from ``legal_orders``.

A :class:`Driver` holds a game of a scenario and, for each side, the plan it is building when
the ruleset builds orders one action at a time (:meth:`Ruleset.stepwise`). At every moment a
side has a list of *choices*: the ruleset's legal orders for its view (and plan). Choice ``i``
is the ``i``-th listed order; in a stepwise list every choice but the last extends the plan
and the last submits it, otherwise every choice submits at once. Lists longer than
``max_actions`` keep their first ``max_actions - 1`` entries and their last (the plan itself,
or ``end`` in Aggressor). A side with no decision now has one choice, ``0``, which does
nothing (so simultaneous adapters can ask every side for an action).

Everything goes through the game protocol: views, ``legal_orders`` and ``submit``. The lists
are built by :func:`hexwar.core.choices.list_choices`, which the web's ``/choices`` route
uses too: both offer the same choices for the same view.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from hexwar.core.choices import DEFAULT_MAX_ACTIONS, check_setups, list_choices
from hexwar.core.game import Game, Ruleset
from hexwar.core.orders import Order
from hexwar.core.views import View
from hexwar.sessions import ResolvedScenario, resolve_scenario

__all__ = ["DEFAULT_MAX_ACTIONS", "Driver"]


class Driver:
    """A game of ``scenario`` seen as numbered choices per side."""

    def __init__(
        self,
        scenario: str | ResolvedScenario,
        seed: int = 0,
        *,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        max_decisions: int | None = None,
        max_plan: int | None = None,
        setups: str = "menu",
    ) -> None:
        self.resolved = resolve_scenario(scenario) if isinstance(scenario, str) else scenario
        self.ruleset: Ruleset[Any, Any] = self.resolved.ruleset
        self.sides: tuple[str, ...] = self.ruleset.info.sides
        self.max_actions = max_actions
        self.max_decisions = max_decisions
        self.max_plan = max_plan
        check_setups(setups)  # at once, not at the first list
        self.setups = setups  # set-ups as a menu of whole set-ups, or piece by piece
        self.reset(seed)

    def reset(self, seed: int) -> None:
        self.seed = seed
        r = self.resolved
        self.game: Game[Any, Any] = r.ruleset.new_game(
            r.scenario, seed=seed, scenario_id=r.scenario_id
        )
        self.plans: dict[str, Order | None] = dict.fromkeys(self.sides)
        self._cache: dict[str, tuple[tuple[int, Order | None], tuple[list[Order], bool]]] = {}
        self._views: dict[str, tuple[tuple[int, bool], View]] = {}

    # -- state -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.outcome() is not None

    @property
    def truncated(self) -> bool:
        """The decision limit is reached before the game ended."""
        return (
            not self.over
            and self.max_decisions is not None
            and self.game.step >= self.max_decisions
        )

    def awaiting(self) -> list[str]:
        """The sides whose orders the game waits for now, in the ruleset's side order."""
        decision = self.game.decision()
        if decision is None or self.truncated:
            return []
        return [s for s in self.sides if s in decision.sides]

    def view(self, side: str) -> View:
        """``game.view(side)``, kept until the next decision resolves (a side's view does not
        change while sealed orders come in)."""
        key = (self.game.step, self.over)
        hit = self._views.get(side)
        if hit is not None and hit[0] == key:
            return hit[1]
        view = self.game.view(side)
        self._views[side] = (key, view)
        return view

    def choices(self, side: str) -> list[Order]:
        """The numbered choices of ``side`` now (empty if it has no decision)."""
        if side not in self.awaiting():
            return []
        # A side's view changes only when a decision resolves (sealed orders change nothing).
        key = (self.game.step, self.plans[side])
        hit = self._cache.get(side)
        if hit is not None and hit[0] == key:
            return hit[1][0]
        orders, stepwise = list_choices(
            self.ruleset,
            self.view(side),
            self.plans[side],
            max_actions=self.max_actions,
            max_plan=self.max_plan,
            setups=self.setups,
        )
        self._cache[side] = (key, (orders, stepwise))
        return orders

    def mask(self, side: str) -> np.ndarray:
        """1 for every legal choice index, as int8 of length ``max_actions``."""
        m = np.zeros(self.max_actions, np.int8)
        n = len(self.choices(side))
        m[: max(n, 1)] = 1  # a side without a decision may only pass (choice 0)
        return m

    def act(self, side: str, index: int) -> bool:
        """Take choice ``index`` for ``side``; True if an order was submitted. A side without
        a decision passes (any index is ignored)."""
        orders = self.choices(side)
        if not orders:
            return False
        if not 0 <= index < len(orders):
            raise ValueError(f"choice {index} is not legal for {side} (0..{len(orders) - 1})")
        order = orders[index]
        view_step = self.game.step
        if self._cache[side][1][1] and index < len(orders) - 1:  # stepwise: extend the plan
            self.plans[side] = order
            return False
        self.game.submit(side, order)
        self.plans[side] = None
        if self.game.step != view_step:  # resolved: every side starts a new plan
            self.plans = dict.fromkeys(self.sides)
        return True

    def with_game(self, game: Game[Any, Any]) -> Driver:
        """This driver's settings over another game of the same scenario (no plans)."""
        other = object.__new__(Driver)
        other.__dict__.update(self.__dict__)
        other.game = game
        other.plans = dict.fromkeys(self.sides)
        other._cache = {}
        other._views = {}
        return other

    def fork(self) -> Driver:
        """An independent copy of the game, the plans and the cached choices (orders are
        immutable values; the scenario and the ruleset are shared, never changed)."""
        other = object.__new__(Driver)
        other.__dict__.update(self.__dict__)
        game = self.game
        memo = {id(game.scenario): game.scenario, id(game.ruleset): game.ruleset}
        other.game = copy.deepcopy(game, memo)
        other.plans = dict(self.plans)
        other._cache = dict(self._cache)
        other._views = dict(self._views)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Driver:
        return self.fork()

    def rewards(self) -> dict[str, float]:
        """+1 to the winner, -1 to the others, 0 each for a draw or an unfinished game."""
        outcome = self.game.outcome()
        if outcome is None or outcome.winner is None:
            return dict.fromkeys(self.sides, 0.0)
        return {s: 1.0 if s == outcome.winner else -1.0 for s in self.sides}
