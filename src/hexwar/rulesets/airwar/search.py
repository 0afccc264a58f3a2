"""What the ``mcts`` search knows of the air war (:meth:`AirwarRuleset.search_profile`).

- Four complete paired rounds before another candidate may replace the prior: a placement's
  worth shows little in a rollout of four decisions (the first cycle's fire), and a random
  placement of the enemy's cities is far worse than the computer player's: two paired rounds
  must not replace it.
- The computer player's order is a prior kept unless another candidate clearly beats it, also
  where the legal list is a menu without it: the initial stage's legal list is a menu of
  random placements without the computer player's own (a random placement of the enemy's
  cities, against its spread and forward ones, lost 24 / 2 / 54 of 80 games of the computer
  player against itself, seeds 0-39 from both sides), and UCB1 over that menu threw the
  computer player's placement away.
- Rollouts from a move or aim-fire stage draw nothing (:func:`draws_nothing`): the air war
  has no dice, and its computer player draws only when it places (§2.0), so a rollout there
  is the same game whatever the world's seed: a second round would repeat the first, so the
  rounds go deeper instead.
- The proposers (:func:`proposers`): the computer player's moves without flights, going for
  another city or for no one city, and stepping in where outnumbered
  (:data:`AIRWAR_VARIANTS`).
- The value of a world where a rollout stopped: the balance of units (:func:`value`).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from hexwar.core import exact
from hexwar.core.game import Game, Ruleset
from hexwar.core.orders import Order
from hexwar.core.search import Proposal, SearchProfile
from hexwar.core.views import View

__all__ = ["AIRWAR_VARIANTS", "PROFILE", "draws_nothing", "proposers", "value"]


def draws_nothing(view: View) -> bool:
    """Whether the view's rollouts draw nothing: a move or aim-fire stage."""
    return view.data["phase"] in ("move", "fire")


def value(world: Game[Any, Any], side: str) -> float:
    """The balance of units (the scenario's totals in the side's view of the world)."""
    totals = world.view(side).data.get("totals") or {}
    mine = float(totals.get(side, 0))
    theirs = exact.sum_left(float(n) for s, n in totals.items() if s != side)
    return 0.0 if mine + theirs == 0 else (mine - theirs) / (mine + theirs)


# Variants of the computer player's moves (seed 001 §4's principles it follows, each
# shifted): options of :func:`hexwar.rulesets.airwar.ai.move_variant`.
AIRWAR_VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("no flights", {"flights": False}),
    ("the second city", {"focus_rank": 1}),  # "Choose the battleground": another one
    ("the third city", {"focus_rank": 2}),
    ("no battleground", {"focus_rank": None}),  # each free unit for its nearest target
    ("bold", {"hold_back": 0.0}),  # steps in where outnumbered
)


def _variant(options: dict[str, Any], view: View) -> Order | None:
    from hexwar.rulesets.airwar.ai import move_variant

    return move_variant(view.data, **options)


def proposers(ruleset: Ruleset[Any, Any], side: str) -> list[Proposal]:
    """The computer player's moves planned with each of :data:`AIRWAR_VARIANTS`."""
    return [partial(_variant, options) for _, options in AIRWAR_VARIANTS]


PROFILE = SearchProfile(
    min_rounds=4,
    keep_prior=True,
    draws_nothing=draws_nothing,
    value=value,
    proposers=proposers,
)
