"""What a search agent may know of a ruleset: its :class:`SearchProfile`.

The ``mcts`` agent (:mod:`hexwar.agents.mcts`) names no ruleset. It asks the ruleset for its
profile (:meth:`hexwar.core.game.Ruleset.search_profile`): how far to roll out, how to weigh
candidates, how to score a world where a rollout stopped, and the judgement the ruleset's own
computer player lends as priors. A ruleset that provides none gets :class:`SearchProfile`'s
defaults: plain search over its legal orders, the outcome alone scoring a rollout.
Rulesets write theirs in their ``search`` module.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hexwar.core import exact
from hexwar.core.orders import Order
from hexwar.core.views import View

if TYPE_CHECKING:  # core.game imports this module for the hook's type
    from hexwar.core.game import Agent, Game, Ruleset

__all__ = ["Proposal", "SearchProfile", "logistic_value", "no_value"]

# A proposer's order for a view, or None where it proposes nothing there (a variant for the
# last turn only).
Proposal = Callable[[View], Order | None]


def no_value(world: Game[Any, Any], side: str) -> float:
    """The value of every unfinished world: nothing known, 0 (the default)."""
    return 0.0


@dataclass(frozen=True, slots=True)
class SearchProfile:
    """A ruleset's facts for search agents; every field's default serves a ruleset that
    provides none of them.

    Attributes:
        horizon: decisions played out after the searched one (``None``: the agent's own
            default).
        to_next_turn: rollouts run until the side is to decide again after another side has
            decided (its next turn), up to the agent's long horizon, instead of ``horizon``.
        min_rounds: complete paired rounds needed before another candidate may replace the
            prior.
        keep_prior: the rollout agent's order is a prior kept unless another candidate
            clearly beats it, also where the legal list is a menu without it.
        never_idle: a stepwise decision's candidates never include doing nothing (unless the
            prior or the rollout agent's own order is it).
        draws_nothing: the views whose rollouts draw nothing (no dice): rounds there go
            deeper instead of repeating.
        value: the value of a world where a rollout stopped before the game's end, for a
            side, in [-1, 1] (clipped by the agent).
        scorer: for whole-order legal lists, the score the ruleset's computer player gives
            each legal order (view data, orders) -- the search keeps the few best above 0.
        proposers: for stepwise decisions, made once per searching side: whole orders that
            differ from the computer player's own, for the search to weigh against it.
        finisher: made once per searching side: the agent that plays the side's own next
            decision at the end of a rollout.
        leads: the views in which the first proposer's order, not the rollout agent's own,
            is the prior.
    """

    horizon: int | None = None
    to_next_turn: bool = False
    min_rounds: int = 2
    keep_prior: bool = False
    never_idle: bool = False
    draws_nothing: Callable[[View], bool] | None = None
    value: Callable[[Game[Any, Any], str], float] = no_value
    scorer: Callable[[Mapping[str, Any], list[Order]], list[float]] | None = None
    proposers: Callable[[Ruleset[Any, Any], str], list[Proposal]] | None = None
    finisher: Callable[[Ruleset[Any, Any], str], Agent] | None = None
    leads: Callable[[View], bool] | None = None


def logistic_value(weights: Sequence[float], features: Sequence[float]) -> float:
    """2 P(win) - 1 (a draw counting half) under a logistic model: in [-1, 1].

    For values learned from a computer player's games (docs/research.md, "A value learned
    from the computer player's games"): summed with :func:`math.fsum` in a fixed order and
    taken through :func:`hexwar.core.exact.exp`, the same on every machine.
    """
    z = math.fsum(w * x for w, x in zip(weights, features, strict=True))
    e = exact.exp(-abs(z))  # tanh(z / 2) by the project's own exp: the same on every CPU
    return math.copysign((1 - e) / (1 + e), z)
