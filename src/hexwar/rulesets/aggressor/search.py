"""What the ``mcts`` search knows of Aggressor (:meth:`AggressorRuleset.search_profile`).

- Rollouts run to the side's next turn: an Aggressor turn is many unit decisions, each ~2 ms
  of the computer player's.
- Another candidate replaces the computer player's order only after four complete paired
  rounds: an order's rollouts run to the side's next turn (~1 s buys 6-8 rounds of its four
  candidates), and a game is ~100 searched decisions, each a chance for noise to replace the
  computer player's choice.
- The scorer: the computer player's own order scores (seed 003 "the machine"). The search
  keeps the few best (progressive widening with the agent's prior) and spends no time on a
  decision with at most one order worth giving: it plays the computer player's choice at once.
- The value of a world where a rollout stopped: learned from the computer player's games
  (:func:`aggressor_features`, :data:`AGGRESSOR_WEIGHTS`; docs/research.md, "A value learned
  from the computer player's games").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexwar.core.orders import Order
from hexwar.core.search import SearchProfile, logistic_value

__all__ = [
    "AGGRESSOR_FEATURES",
    "AGGRESSOR_WEIGHTS",
    "PROFILE",
    "aggressor_features",
    "scores",
    "value",
]


def scores(view: Mapping[str, Any], orders: list[Order]) -> list[float]:
    """The computer player's score of each legal order (:func:`.ai.order_scores`)."""
    from hexwar.rulesets.aggressor.ai import order_scores

    if view["phase"] != "turn":
        # The partisan choice (TURN SEQUENCE C) is no unit's order: the computer player's
        # own (kept while no side is declared, all used once one is) is played as it is.
        return [0.0] * len(orders)
    return order_scores(view, orders)  # type: ignore[arg-type]


# The Aggressor features, in the order of :func:`aggressor_features`.
AGGRESSOR_FEATURES: tuple[str, ...] = (
    "constant",
    "round",  # the share of the rounds played (max_rounds: the side ahead in sectors wins)
    "sectors",  # the sectors the side controls less the enemy's, over 9 (VICTORY)
    "sectors x round",
    "own four",  # the side holds four sectors or more: one from victory
    "enemy four",
    "aggressor",  # +1 the side is the aggressor, -1 the enemy is, 0 neither (GAME OBJECT)
    "columns",  # +1 the side is the aggressor and holds a sector in every column, -1 the enemy
    "steps",  # the side's share of both sides' steps (Range + Strength), less 1/2
    "units",  # the side's share of both sides' units, less 1/2
)


def aggressor_features(world: Any, side: str) -> tuple[float, ...]:
    """The features of :data:`AGGRESSOR_FEATURES` read from an Aggressor game (a world the
    search sampled from a view, or the true game where the values are learned)."""
    enemy = "east" if side == "west" else "west"
    control = list(world.control)
    mine, theirs = control.count(side), control.count(enemy)
    t = min(1.0, int(world.round) / max(int(world.scenario.max_rounds), 1))
    bal = (mine - theirs) / 9
    aggressor = world.aggressor
    role = 1.0 if aggressor == side else -1.0 if aggressor == enemy else 0.0
    columns = 0.0
    if aggressor is not None:
        held = {s // 3 for s in range(9) if control[s] == aggressor}
        columns = role * float(len(held) == 3)
    steps = {s: sum(u.range + u.strength for u in world.units[s]) for s in (side, enemy)}
    units = {s: len(world.units[s]) for s in (side, enemy)}
    return (
        1.0,
        t,
        bal,
        bal * t,
        float(mine >= 4),
        float(theirs >= 4),
        role,
        columns,
        steps[side] / max(steps[side] + steps[enemy], 1) - 0.5,
        units[side] / max(units[side] + units[enemy], 1) - 0.5,
    )


# Fitted by ``scripts/fit_values.py aggressor`` (see its docstring for the games).
AGGRESSOR_WEIGHTS: tuple[float, ...] = (
    0.0416,
    -0.0956,
    1.4238,
    -1.2534,
    0.3946,
    -0.3717,
    -0.6768,
    4.1784,
    19.9516,
    3.4672,
)


def value(world: Any, side: str) -> float:
    """Learned from the world (:func:`aggressor_features`): the sampled world's steps and
    sectors, its hidden part drawn, never the true state."""
    return logistic_value(AGGRESSOR_WEIGHTS, aggressor_features(world, side))


PROFILE = SearchProfile(to_next_turn=True, min_rounds=4, value=value, scorer=scores)
