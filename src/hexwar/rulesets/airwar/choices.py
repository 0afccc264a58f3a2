"""What each legal order points at on the air war board (the ``describe_choices`` hook), from
the player's view and the plan built so far.

In the initial stage the menu's placements (:mod:`.legal`) are ``place`` marks on the fields
they name (the opponent's cities, or the fields of your units). The move and aim-fire stages
are stepwise: each entry but the last is the plan plus one unit step, and its mark is that
step's -- the piece is the field the units leave or fire from (the counter there is named by
the field's label), the hex the field they go to or fire on, and the kind ``move`` (to an
adjacent field), ``fly`` (one unit from an airport), ``fly-two`` (two to an airport of
yours), ``transport`` (§3.2.2 double transportation, to the airport marked) or ``fire``.
The last entry submits the plan: ``submit``. The initial stage placed piece by piece
(``Ruleset.placements``) marks one city (``city``), unit (``place``) or announced unproductive
city (``unproductive``) per entry, and the plan to submit on the fields placed so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexwar.core.choices import SUBMIT, ChoiceMark
from hexwar.core.hexes import Hex
from hexwar.core.views import View
from hexwar.rulesets.airwar.board import geometry
from hexwar.rulesets.airwar.legal import stepwise
from hexwar.rulesets.airwar.orders import AirwarOrder

__all__ = ["describe_choices"]


def describe_choices(
    view: View, orders: Sequence[AirwarOrder], plan: AirwarOrder | None = None
) -> list[ChoiceMark]:
    """One mark per order (see the module docstring)."""
    if not orders:
        return []
    d = view.data
    geo = geometry(d["scenario"]["board"])
    if not stepwise(d):
        if plan is not None or (len(orders) > 1 and _pieces(orders[0]) == 1):
            return _placed(geo, orders, plan)
        return [ChoiceMark(None, _fields(geo, o), "place") for o in orders]
    before = plan if plan is not None else AirwarOrder()
    out: list[ChoiceMark] = []
    for order in orders[:-1]:
        step = _step(before, order)
        if step is None:  # pragma: no cover - every entry but the last adds one step
            out.append(ChoiceMark())
            continue
        kind, a, b = step
        out.append(ChoiceMark(a, (geo.parse(b),), kind))
    out.append(ChoiceMark(None, (), SUBMIT))
    return out


def _step(plan: AirwarOrder, order: AirwarOrder) -> tuple[str, str, str] | None:
    """The one unit step ``order`` adds to ``plan``: (kind, from, to)."""
    if len(order.flights) > len(plan.flights):
        a, b, n = order.flights[-1]
        return ("fly-two" if n == 2 else "fly"), a, b
    if len(order.transports) > len(plan.transports):
        a, b = order.transports[-1]
        return "transport", a, b
    for kind, before, after in (("fire", plan.fire, order.fire), ("move", plan.moves, order.moves)):
        for i, (a, b, _n) in enumerate(after):
            if i >= len(before) or before[i] != after[i]:
                return kind, a, b
    return None


def _pieces(order: AirwarOrder) -> int:
    """The cities, units and announcement an initial-stage order places."""
    return len(order.cities) + sum(n for _f, n in order.units) + (order.unproductive is not None)


def _fields(geo: Any, order: AirwarOrder) -> tuple[Hex, ...]:
    return tuple(geo.parse(f) for f in (*order.cities, *(f for f, _n in order.units)))


def _placed(geo: Any, orders: Sequence[AirwarOrder], plan: AirwarOrder | None) -> list[ChoiceMark]:
    """The initial stage piece by piece (``Ruleset.placements``): each entry but the last
    places one city (``city``, the field marked), one unit (``place``) or announces the
    unproductive city (``unproductive``, its field marked); the last submits the plan, marked
    on the fields placed so far."""
    before = plan if plan is not None else AirwarOrder()
    out: list[ChoiceMark] = []
    for order in orders[:-1]:
        if order.unproductive != before.unproductive:
            out.append(ChoiceMark(None, (geo.parse(order.unproductive),), "unproductive"))
        elif len(order.cities) > len(before.cities):
            out.append(ChoiceMark(None, (geo.parse(order.cities[-1]),), "city"))
        else:
            had = dict(before.units)
            f = next(f for f, n in order.units if n > had.get(f, 0))
            out.append(ChoiceMark(None, (geo.parse(f),), "place"))
    out.append(ChoiceMark(None, _fields(geo, before), SUBMIT))
    return out
