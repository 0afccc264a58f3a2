"""The ruleset agents' own judgement, lent to the ``mcts`` search (its priors).

Four hooks, each keyed by ruleset id:

- :data:`SCORERS` -- for rulesets whose legal orders are whole orders: the score the
  ruleset's computer player gives each legal order (Aggressor: the computer player's own
  order scores, seed 003 "the machine"). The search keeps the few best (progressive widening
  with the agent's prior) and spends no time on a decision with at most one order worth
  giving: it plays the computer player's choice at once.
- :data:`FINISHERS` -- the agent that plays the side's own next decision at the end of a
  rollout (tactical: the computer player's attacks alone in the side's next phase).
- :data:`PROPOSERS` -- for rulesets whose orders are built one action at a time: whole
  orders that differ from the computer player's own, for the search to weigh against it
  (tactical: the computer player's plan with its weights shifted toward care, its attacks
  alone, its plan with one of its two most exposed moves held back, and in the last turn its
  plan with its weights shifted toward boldness or speed; air war: the computer player's
  moves without flights, going for another city or for no one city, and stepping in where
  outnumbered).
- :data:`LEADS` -- the decisions in which the first proposer's order, not the computer
  player's own, is the prior the search keeps unless another candidate clearly beats it
  (tactical: the careful variant's plan in the approach, :data:`TACTICAL_APPROACH_TURNS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import numpy as np

from hexwar.core.errors import IllegalOrderError
from hexwar.core.game import Ruleset
from hexwar.core.orders import Order
from hexwar.core.views import View

__all__ = ["FINISHERS", "LEADS", "PROPOSERS", "SCORERS", "Proposer", "Scorer"]

Scorer = Callable[[Mapping[str, Any], list[Order]], list[float]]
# A proposer's order, or None where it proposes nothing (a variant for the last turn only).
Proposer = Callable[[Ruleset[Any, Any], str], list[Callable[[View], Order | None]]]


def _aggressor_scores(view: Mapping[str, Any], orders: list[Order]) -> list[float]:
    from hexwar.rulesets.aggressor.ai import order_scores

    if view["phase"] != "turn":
        # The partisan choice (TURN SEQUENCE C) is no unit's order: the computer player's
        # own (kept while no side is declared, all used once one is) is played as it is.
        return [0.0] * len(orders)
    return order_scores(view, orders)  # type: ignore[arg-type]


# Tactical variants of the computer player: (name, weights that differ from its own). The
# first is the first proposer, the search's prior in the approach (:data:`LEADS`).
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


def _tactical_attacks(ruleset: Ruleset[Any, Any], side: str) -> Any:
    """The computer player giving only its phase's attacks (no unit moving)."""
    from hexwar.rulesets.tactical.agent import TacticalAgent

    cls = type("TacticalAgent_attacks", (TacticalAgent,), {"attacks_only": True})
    return cls(ruleset, side)


# Tactical: how many of the plan's moves are each held back in a candidate of their own (the
# moves that end nearest the enemy units the side sees).
TACTICAL_HOLDS = 2


def _tactical_holds(ruleset: Ruleset[Any, Any], side: str) -> list[Callable[[View], Order | None]]:
    """Candidates that differ from the computer player's plan in one unit's move: the plan
    with the ``i``-th most exposed move left out (the unit stays where it is, with none of its
    actions after the move), and the actions after it still legal without it kept."""
    from hexwar.core.hexes import Hex
    from hexwar.rulesets.tactical.agent import TacticalAgent
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


def _tactical_proposers(
    ruleset: Ruleset[Any, Any], side: str
) -> list[Callable[[View], Order | None]]:
    from hexwar.rulesets.tactical.agent import TacticalAgent

    rng = np.random.default_rng(0)  # the tactical agent is deterministic: never drawn from
    out: list[Callable[[View], Order | None]] = []
    for name, weights in TACTICAL_VARIANTS:
        cls = type(f"TacticalAgent_{name}", (TacticalAgent,), dict(weights))
        out.append(partial(_acting, cls(ruleset, side), rng))
    for name, weights in TACTICAL_LAST_TURN:
        cls = type(f"TacticalAgent_{name}", (TacticalAgent,), dict(weights))
        out.append(partial(_last_turn, cls(ruleset, side), rng))
    # The computer player's attacks of this phase, no unit moving (its attacks come before
    # any move: the same fire and assaults as its plan's before the moves).
    out.append(partial(_acting, _tactical_attacks(ruleset, side), rng))
    out.extend(_tactical_holds(ruleset, side))
    return out


# Air war variants of the computer player's moves (seed 001 §4's principles it follows, each
# shifted): options of :func:`hexwar.rulesets.airwar.ai.move_variant`.
AIRWAR_VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("no flights", {"flights": False}),
    ("the second city", {"focus_rank": 1}),  # "Choose the battleground": another one
    ("the third city", {"focus_rank": 2}),
    ("no battleground", {"focus_rank": None}),  # each free unit for its nearest target
    ("bold", {"hold_back": 0.0}),  # steps in where outnumbered
)


def _airwar_variant(options: dict[str, Any], view: View) -> Order | None:
    from hexwar.rulesets.airwar.ai import move_variant

    return move_variant(view.data, **options)


def _airwar_proposers(
    ruleset: Ruleset[Any, Any], side: str
) -> list[Callable[[View], Order | None]]:
    return [partial(_airwar_variant, options) for _, options in AIRWAR_VARIANTS]


# Tactical: the turns of the approach, in which the careful variant's plan is the search's
# prior (:data:`LEADS`). Measured by ``benchmarks/tactical_weights.py`` (the computer player
# with the careful weights in one seat, its own in the other, each seed from both sides, the
# computer player in both seats winning 50 %; docs/research.md): careful in turns 1-2 won
# 138 of 200 meeting1941 games on seeds 0-99 and 275 of 400 on seeds 100-299 (69 %; as the
# Soviets 83 of 100 and 154 of 200) and 105 of 200 hedgerows games (52 %). Milder care
# (exposure and danger 3, staying 2) won 58-64 %, care in turns 1-3 no more, care in turn 1
# alone 64 %, care in turns 4-10 lost (44 %). A plan of two decisions: a search of one
# decision's rollouts sees it faintly (a paired gain of +0.1, standard deviation 0.2, where
# a second buys 3-13 pairs).
TACTICAL_APPROACH_TURNS = 2


def _tactical_leads(view: View) -> bool:
    return int(view.data["turn"]) <= TACTICAL_APPROACH_TURNS


SCORERS: dict[str, Scorer] = {"aggressor": _aggressor_scores}
PROPOSERS: dict[str, Proposer] = {"tactical": _tactical_proposers, "airwar": _airwar_proposers}
# Rollouts that end where the side is to decide again end with that decision played by this
# agent (tactical: the side's next phase, its attacks alone -- the fire an advance brings,
# which the enemy's reply alone never shows).
FINISHERS: dict[str, Callable[[Ruleset[Any, Any], str], Any]] = {"tactical": _tactical_attacks}
# Whether the first proposer's order is the search's prior in a view (else the rollout
# agent's own order is).
LEADS: dict[str, Callable[[View], bool]] = {"tactical": _tactical_leads}
