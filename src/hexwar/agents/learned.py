"""Values learned from the computer player's own games: an estimate, from a side's view, of
how the game ends if both sides play on as the ruleset's computer player (the value of the
rollout policy, V^pi). The ``mcts`` agent scores the end of a short rollout with it
(:data:`hexwar.agents.mcts.VALUES`), so that a candidate is weighed by where it leaves the
game rather than by the victory points and losses of one exchange: choosing, among its
candidates, the one whose short rollouts end in the best V^pi is one step of policy
improvement over the computer player.

Each value is a logistic model over a few features of the view (docs/research.md, "A value
learned from the computer player's games"), fitted by ``scripts/fit_values.py`` to the
results of the computer player's games against itself (with the search's other candidates
played now and then, so that the positions the search reaches are among those learned from);
its weights are constants here, and it is summed with :func:`math.fsum` in a fixed order and
taken through :func:`hexwar.core.exact.exp`: the same on every machine.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from hexwar.core import exact
from hexwar.core.hexes import Hex

__all__ = [
    "AGGRESSOR_FEATURES",
    "AGGRESSOR_WEIGHTS",
    "TACTICAL_FEATURES",
    "TACTICAL_WEIGHTS",
    "aggressor_features",
    "logistic_value",
    "tactical_features",
]


def logistic_value(weights: Sequence[float], features: Sequence[float]) -> float:
    """2 P(win) - 1 (a draw counting half) under the logistic model: in [-1, 1]."""
    z = math.fsum(w * x for w, x in zip(weights, features, strict=True))
    e = exact.exp(-abs(z))  # tanh(z / 2) by the project's own exp: the same on every CPU
    return math.copysign((1 - e) / (1 + e), z)


# The tactical features, in the order of :func:`tactical_features` (the first is the constant).
TACTICAL_FEATURES: tuple[str, ...] = (
    "constant",
    "turn",  # the share of the scenario's turns played
    "vp",  # the VP balance over the objectives' VP
    "vp x turn",
    "held",  # the objectives' VP the side holds less the enemy's, over the objectives' VP
    "held x turn",
    "own loss",  # SPs lost over the side's break limit (capped at 1.5)
    "own loss^2",
    "enemy loss",  # the enemy's SPs lost over the same limit (its start taken as the side's)
    "enemy loss^2",
    "reach",  # objectives' VP weighted by who stands nearer them: 1 / (1 + distance)
    "reach x turn",
)


def tactical_features(v: Mapping[str, Any]) -> tuple[float, ...]:
    """The features of :data:`TACTICAL_FEATURES` read from a tactical view's data."""
    me = v["side"]
    turn = min(1.0, (int(v["turn"]) - 1) / max(int(v["turns"]), 1))
    objectives = v["objectives"]
    total = float(sum(int(o["vp"]) for o in objectives)) or 1.0
    score = v["score"]
    vp = (float(score.get(me, 0)) - sum(float(n) for s, n in score.items() if s != me)) / total
    held = (
        sum(
            int(o["vp"]) * (1 if o["control"] == me else -1)
            for o in objectives
            if o["control"] is not None
        )
        / total
    )
    lost = v["lost"]
    own_lost = float(lost.get(me, 0))
    enemy_lost = sum(float(n) for s, n in lost.items() if s != me)
    start = sum(int(u["sp"]) for u in v["units"] if u["kind"] != "hq") + own_lost
    limit = float(v.get("break_percent") or 30) / 100 * max(start, 1.0)
    own = min(1.5, own_lost / limit)
    enemy = min(1.5, enemy_lost / limit)
    mine = [
        Hex.from_str(u["hex"])
        for u in v["units"]
        if u["kind"] != "hq" and u["hex"] is not None and int(u["sp"]) > 0
    ]
    theirs = [Hex.from_str(u["hex"]) for u in v["enemy_units"] if u["kind"] != "hq"]
    reach = 0.0
    for o in objectives:
        h = Hex.from_str(o["hex"])
        near = 1 / (1 + min((h.distance(x) for x in mine), default=99))
        far = 1 / (1 + min((h.distance(x) for x in theirs), default=99))
        reach += int(o["vp"]) * (near - far)
    reach /= total
    return (
        1.0,
        turn,
        vp,
        vp * turn,
        held,
        held * turn,
        own,
        own * own,
        enemy,
        enemy * enemy,
        reach,
        reach * turn,
    )


# Fitted by ``scripts/fit_values.py tactical`` (see its docstring for the games).
TACTICAL_WEIGHTS: tuple[float, ...] = (
    -0.0849,
    0.6542,
    2.5734,
    -0.6381,
    -3.7454,
    4.6240,
    -1.0736,
    -1.4206,
    1.3522,
    -0.0074,
    0.3983,
    -1.2630,
)


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
