"""What the ``mcts`` search knows of the tactical game (:meth:`TacticalRuleset.search_profile`).

- Horizon 1: the searched phase and the enemy's reply (the computer player's, ~0.05 s), then
  the side's next phase, its attacks alone (:func:`attacks_only`, the finisher). The searched
  phase alone (its fire, the opportunity fire it draws) rated every move forward worse than
  holding -- the fire the move draws counted, the fire it brings not -- and made mcts, at 1 s,
  hold or only fire in most of its phases and lose more than its prior did.
- Three complete paired rounds before another candidate may replace the prior.
- Never idle: the stepwise candidates never include doing nothing (unless the rollout agent
  itself would). A rollout (the enemy's reply, the side's next attacks) rates idleness too
  well -- nothing exposed to the reply's fire, and the time lost on the way to the objectives
  unseen -- and once each round was cheap enough for 6-13 rounds a second, the empty plan beat
  the computer player's in the approach by +0.2 to +0.5 (standard errors 0.08-0.14) and was
  played in the first turns (docs/research.md).
- The proposers (:func:`proposers`): the computer player's plan with its weights shifted
  toward care, its attacks alone, its plan with one of its two most exposed moves held back,
  and in the last turn its plan with its weights shifted toward boldness or speed.
- The leads (:func:`leads`): in the approach (:data:`TACTICAL_APPROACH_TURNS`) the careful
  variant's plan, not the computer player's own, is the prior.
- The value of a world where a rollout stopped: learned from the computer player's games
  (:func:`tactical_features`, :data:`TACTICAL_WEIGHTS`; docs/research.md, "A value learned
  from the computer player's games").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import numpy as np

from hexwar.core import exact
from hexwar.core.errors import IllegalOrderError
from hexwar.core.game import Game, Ruleset
from hexwar.core.hexes import Hex
from hexwar.core.orders import Order
from hexwar.core.search import Proposal, SearchProfile, logistic_value
from hexwar.core.views import View

__all__ = [
    "PROFILE",
    "TACTICAL_APPROACH_TURNS",
    "TACTICAL_BEHIND_TURNS",
    "TACTICAL_FEATURES",
    "TACTICAL_HOLDS",
    "TACTICAL_LAST_TURN",
    "TACTICAL_VARIANTS",
    "TACTICAL_WEIGHTS",
    "attacks_only",
    "holds",
    "leads",
    "proposers",
    "tactical_features",
    "value",
]

# Tactical variants of the computer player: (name, weights that differ from its own). The
# first is the first proposer, the search's prior in the approach (:func:`leads`).
TACTICAL_VARIANTS: tuple[tuple[str, dict[str, float]], ...] = (
    ("careful", {"exposure_weight": 5.0, "danger_weight": 5.0, "stay_weight": 3.0}),
)
# Variants searched in the last turn only, where a rollout with the enemy's reply reaches the
# game's end (won, drawn or lost: docs/tactical.md, Winning) and nothing is left to keep for:
# more attacks (every SP eliminated is a VP) and objectives taken at any cost. Earlier, with
# the enemy's reply in the rollouts, they seldom came near the plan and cost a round in three.
TACTICAL_LAST_TURN: tuple[tuple[str, dict[str, float]], ...] = (
    ("bold", {"least_value": 0.05, "exposure_weight": 0.3, "danger_weight": 0.3}),
    ("eager", {"goal_weight": 6.0, "shot_weight": 2.0}),
)


def _acting(agent: Any, rng: np.random.Generator, view: View) -> Order:
    order: Order = agent.act(view, rng)
    return order


# Turns before the last in which the bold and eager variants are searched too, where the
# side does not lead on VP: a game lost on VP at the end is lost by then unless the side
# takes an objective or destroys more (with the side's next fire in the rollouts, an
# objective taken in the searched phase and held through the enemy's reply shows).
TACTICAL_BEHIND_TURNS = 2


def _last_turn(agent: Any, rng: np.random.Generator, view: View) -> Order | None:
    """The variant's orders in the scenario's last turn, and in the
    :data:`TACTICAL_BEHIND_TURNS` before it where the side's VP do not exceed the enemy's;
    none otherwise."""
    turn, turns = int(view.data["turn"]), int(view.data["turns"])
    if turn < turns - TACTICAL_BEHIND_TURNS:
        return None
    if turn < turns:
        score = view.data["score"]
        me = view.data["side"]
        if score.get(me, 0) > max((v for s, v in score.items() if s != me), default=0):
            return None
    return _acting(agent, rng, view)


def attacks_only(ruleset: Ruleset[Any, Any], side: str) -> Any:
    """The computer player giving only its phase's attacks (no unit moving): the finisher,
    which plays the side's next phase at the end of a rollout -- the fire an advance brings,
    which the enemy's reply alone never shows."""
    from hexwar.rulesets.tactical.ai import TacticalAgent

    cls = type("TacticalAgent_attacks", (TacticalAgent,), {"attacks_only": True})
    return cls(ruleset, side)


# How many of the plan's moves are each held back in a candidate of their own (the moves that
# end nearest the enemy units the side sees).
TACTICAL_HOLDS = 2


def holds(ruleset: Ruleset[Any, Any], side: str) -> list[Callable[[View], Order | None]]:
    """Candidates that differ from the computer player's plan in one unit's move: the plan
    with the ``i``-th most exposed move left out (the unit stays where it is, with none of its
    actions after the move), and the actions after it still legal without it kept."""
    from hexwar.rulesets.tactical.ai import TacticalAgent
    from hexwar.rulesets.tactical.orders import TurnOrders
    from hexwar.rulesets.tactical.plan import Planner

    own = TacticalAgent(ruleset, side)
    rng = np.random.default_rng(0)  # the tactical agent is deterministic: never drawn from
    kept: list[tuple[View, Any]] = []  # the last view's plan, shared by the variants

    def plan(view: View) -> Any:
        if not kept or kept[0][0] is not view:
            kept[:] = [(view, own.act(view, rng))]
        return kept[0][1]

    def hold(i: int, view: View) -> Order | None:
        actions = plan(view).actions
        units = {u["id"]: u for u in view.data["units"]}
        enemies = [Hex.from_str(e["hex"]) for e in view.data["enemy_units"]]
        moves = [
            (min((Hex.from_str(str(a.target)).distance(e) for e in enemies), default=99), n)
            for n, a in enumerate(actions)
            if a.verb == "move" and units.get(a.unit, {}).get("kind") not in (None, "hq")
        ]
        if len(moves) <= i:
            return None
        _, at = sorted(moves)[i]
        unit = actions[at].unit
        planner = Planner(view.data)
        out = []
        for n, a in enumerate(actions):
            if n >= at and a.unit == unit:
                continue
            try:
                planner.plan(a)
            except IllegalOrderError:
                continue
            out.append(a)
        return TurnOrders(tuple(out))

    return [partial(hold, i) for i in range(TACTICAL_HOLDS)]


def proposers(ruleset: Ruleset[Any, Any], side: str) -> list[Proposal]:
    """Whole orders that differ from the computer player's own, for the search to weigh
    against it: the careful variant (the first: :func:`leads`), the last-turn variants, the
    attacks alone, the plan with a move held back (:func:`holds`)."""
    from hexwar.rulesets.tactical.ai import TacticalAgent

    rng = np.random.default_rng(0)  # the tactical agent is deterministic: never drawn from
    out: list[Proposal] = []
    for name, weights in TACTICAL_VARIANTS:
        cls = type(f"TacticalAgent_{name}", (TacticalAgent,), dict(weights))
        out.append(partial(_acting, cls(ruleset, side), rng))
    for name, weights in TACTICAL_LAST_TURN:
        cls = type(f"TacticalAgent_{name}", (TacticalAgent,), dict(weights))
        out.append(partial(_last_turn, cls(ruleset, side), rng))
    # The computer player's attacks of this phase, no unit moving (its attacks come before
    # any move: the same fire and assaults as its plan's before the moves).
    out.append(partial(_acting, attacks_only(ruleset, side), rng))
    out.extend(holds(ruleset, side))
    return out


# The turns of the approach, in which the careful variant's plan is the search's prior
# (:func:`leads`). Measured by ``benchmarks/tactical_weights.py`` (the computer player with
# the careful weights in one seat, its own in the other, each seed from both sides, the
# computer player in both seats winning 50 %; docs/research.md): careful in turns 1-2 won
# 138 of 200 meeting1941 games on seeds 0-99 and 275 of 400 on seeds 100-299 (69 %; as the
# Soviets 83 of 100 and 154 of 200) and 105 of 200 hedgerows games (52 %). Milder care
# (exposure and danger 3, staying 2) won 58-64 %, care in turns 1-3 no more, care in turn 1
# alone 64 %, care in turns 4-10 lost (44 %). A plan of two decisions: a search of one
# decision's rollouts sees it faintly (a paired gain of +0.1, standard deviation 0.2, where
# a second buys 3-13 pairs).
TACTICAL_APPROACH_TURNS = 2


def leads(view: View) -> bool:
    """Whether the first proposer's order (the careful variant's) is the prior: in the
    approach."""
    return int(view.data["turn"]) <= TACTICAL_APPROACH_TURNS


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
    vp = (
        float(score.get(me, 0)) - exact.sum_left(float(n) for s, n in score.items() if s != me)
    ) / total
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
    enemy_lost = exact.sum_left(float(n) for s, n in lost.items() if s != me)
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


def value(world: Game[Any, Any], side: str) -> float:
    """Learned from the side's view of the world (:func:`tactical_features`)."""
    return logistic_value(TACTICAL_WEIGHTS, tactical_features(world.view(side).data))


PROFILE = SearchProfile(
    horizon=1,
    min_rounds=3,
    never_idle=True,
    value=value,
    proposers=proposers,
    finisher=attacks_only,
    leads=leads,
)
