"""What each legal order points at on the tactical map (the ``describe_choices`` hook), from
the side's view and the plan built so far.

A tactical list is stepwise (:mod:`.legal`): each entry but the last is the plan plus one
action, whose verb is the kind of its mark and whose unit or commander (the counter's id) is
its piece. The hex marked is where the action goes: a ``move``'s destination, a ``smoke``
target, the hex of the enemy unit a ``fire`` or ``assault`` aims at, the hex of the tank a
``mount`` climbs onto, the hex a ``dismount`` gets off in -- each where the plan has left them.
The last entry is the plan itself: ``submit``.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexwar.core.choices import SUBMIT, ChoiceMark
from hexwar.core.hexes import Hex
from hexwar.core.views import View

# the planner legal_orders has just used over this view and plan: no replay of the plan
from hexwar.rulesets.tactical.legal import _planner
from hexwar.rulesets.tactical.orders import TurnOrders

__all__ = ["describe_choices"]


def describe_choices(
    view: View, orders: Sequence[TurnOrders], plan: TurnOrders | None = None
) -> list[ChoiceMark]:
    """One mark per order (see the module docstring)."""
    if not orders:
        return []
    done = plan.actions if plan is not None else ()
    planner = _planner(view.data, done) if len(orders) > 1 else None
    out: list[ChoiceMark] = []
    for order in orders[:-1]:
        assert planner is not None
        a = order.actions[-1]
        if a.verb in ("move", "smoke"):
            where: Hex = a.hex
        elif a.verb in ("fire", "assault"):
            where = Hex.from_str(planner.enemies[str(a.target)]["hex"])
        elif a.verb == "mount":
            where = planner.hex_of(str(a.target))
        else:  # dismount
            where = planner.hex_of(a.unit)
        out.append(ChoiceMark(a.unit, (where,), a.verb))
    out.append(ChoiceMark(None, (), SUBMIT))
    return out
