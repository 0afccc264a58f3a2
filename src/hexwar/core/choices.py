"""Numbered choices from ``legal_orders``: the one list every client picks from.

A side's *choices* now are the ruleset's legal orders for its view (and, where the ruleset
builds orders one action at a time, the plan built so far: :meth:`Ruleset.stepwise`). In a
stepwise list every entry but the last extends the plan and the last is the plan itself:
choosing it submits. Lists longer than ``max_actions`` keep their first ``max_actions - 1``
entries and their last (the plan itself, or ``end`` in Aggressor), so the submitting entry is
always offered. :func:`list_choices` is the one place these rules live: the research driver
(:class:`hexwar.rl.driver.Driver`) and the web's ``/choices`` route (:mod:`hexwar.web.choices`)
both list through it, so they offer the same choices for the same view by construction.

What a choice points at on the board -- the piece it concerns, the hexes to mark and what the
mark means -- is the ruleset's :meth:`Ruleset.describe_choices` hook (each ruleset's
``choices`` module), as a :class:`ChoiceMark` per choice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hexwar.core.hexes import Hex
from hexwar.core.orders import Order
from hexwar.core.views import View

if TYPE_CHECKING:
    from hexwar.core.game import Ruleset

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "ORDER",
    "SETUPS",
    "SUBMIT",
    "ChoiceMark",
    "check_setups",
    "list_choices",
    "notation",
    "plan_length",
]

DEFAULT_MAX_ACTIONS = 2048  # the research adapters' action space; the web lists as many
# How a set-up is offered: ``menu``, the ruleset's menu of whole set-ups (legal_orders);
# ``pieces``, one piece at a time (Ruleset.placements) where the ruleset can.
SETUPS = ("menu", "pieces")
ORDER = "order"  # the kind of a choice the ruleset says nothing more about
SUBMIT = "submit"  # the kind of a stepwise list's last entry: the plan itself, submitted


@dataclass(frozen=True, slots=True)
class ChoiceMark:
    """What one choice points at: the ``piece`` it concerns (as the board's counters name it,
    their ``ref``; ``None``: none), the ``hexes`` to mark and the ``kind`` of the mark (the
    ruleset's word for it: ``move``, ``fire``, ``assault``, ``place``, ``deploy``,
    ``submit``...)."""

    piece: str | None = None
    hexes: tuple[Hex, ...] = ()
    kind: str = ORDER


def list_choices(
    ruleset: Ruleset[Any, Any],
    view: View,
    plan: Order | None = None,
    *,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    max_plan: int | None = None,
    setups: str = "menu",
) -> tuple[list[Order], bool]:
    """The choices of ``view``'s side with ``plan`` built so far, and whether the list is
    stepwise (its last entry submits the plan; every other entry extends it).

    The ruleset's :meth:`~Ruleset.legal_orders` -- with ``setups="pieces"``, a set-up's
    :meth:`~Ruleset.placements` where the ruleset has them -- cut to ``max_actions`` entries
    (the first ``max_actions - 1`` and the last); with ``max_plan``, a stepwise plan holding
    that many unit actions offers only its last entry (submit it). The caller checks first that
    the side has a decision now: a side whose sealed orders are in sees the same view."""
    check_setups(setups)
    placed = ruleset.placements(view, plan) if setups == "pieces" else None
    orders: list[Order]
    if placed is not None:
        orders, stepwise = placed, True
    else:
        orders, stepwise = ruleset.legal_orders(view, plan), ruleset.stepwise(view)
    if stepwise and max_plan is not None and plan_length(plan) >= max_plan:
        orders = orders[-1:]  # the plan is long enough: submit it
    if len(orders) > max_actions:
        orders = [*orders[: max_actions - 1], orders[-1]]
    return orders, stepwise


def check_setups(setups: str) -> None:
    """Refuse a ``setups`` that is none of :data:`SETUPS` (ValueError naming them)."""
    if setups not in SETUPS:
        raise ValueError(f"setups must be one of {', '.join(SETUPS)}, not {setups!r}")


def plan_length(plan: Order | None) -> int:
    """How many unit actions a stepwise plan holds (its JSON lists them)."""
    if plan is None:
        return 0
    data = plan.to_json()
    if not isinstance(data, dict):
        return 0
    return sum(len(v) if isinstance(v, list) else 1 for v in data.values())


def notation(order: Order) -> str:
    """``order`` in its ruleset's text notation (what a player types into the order box), or
    its JSON where its type writes none (``str()`` would be the dataclass's ``repr``)."""
    if any("__str__" in vars(k) for k in type(order).__mro__[:-1]):
        return str(order)
    return json.dumps(order.to_json())
