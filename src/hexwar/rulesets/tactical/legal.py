"""Legal orders from a side's view, one action at a time (the research adapters' hook).

A tactical order is the list of actions of one phase. Listing every such list is hopeless, so
the list is built one action at a time (:meth:`Ruleset.legal_orders` with a ``plan``): every
action the side may add to ``plan`` now -- a move of a unit or commander to each hex within
its AP, fire and assault on each enemy unit in sight, smoke on their hexes, dismounting,
mounting infantry on each own tank in its hex (riding is the tank's move: its riders go with
it; docs/rulings/tactical.md, Riders) -- each as ``plan`` plus that action, then ``plan``
itself, which ends the phase. Every action costs AP, ammunition or smoke, so the list ends.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.tactical.orders import Action, TurnOrders
from hexwar.rulesets.tactical.plan import Planner

__all__ = ["legal_actions", "legal_orders"]


def legal_actions(planner: Planner) -> list[Action]:
    """Every action the planner's side may take next, in a fixed order: by unit id (units,
    then commanders), moves by destination, then fire, assault and smoke by enemy id, then
    dismounting, then mounting by tank id."""
    out: list[Action] = []
    for uid in sorted(planner.units) + sorted(planner.commanders):
        for h in sorted(planner.destinations(uid)):
            out.append(Action("move", uid, str(h)))
        if uid not in planner.units:
            continue
        candidates: list[Action] = []
        for e in sorted(planner.enemies):
            candidates.append(Action("fire", uid, e))
            candidates.append(Action("assault", uid, e))
            if planner.units[uid]["smoke"]:
                candidates.append(Action("smoke", uid, planner.enemies[e]["hex"]))
        candidates.append(Action("dismount", uid))
        candidates.extend(
            Action("mount", uid, v["id"])
            for v in sorted(planner.own_in(planner.hex_of(uid), but=uid), key=lambda v: v["id"])
            if v["kind"] == "armor"
        )
        for a in candidates:
            try:
                planner.check(a)
            except IllegalOrderError:
                continue
            if a not in out:  # two enemies on one hex give the same smoke action
                out.append(a)
    return out


def legal_orders(view: Mapping[str, Any], plan: TurnOrders | None = None) -> list[TurnOrders]:
    """``plan`` plus each legal next action, then ``plan`` itself; empty when the side is
    not the one in its phase."""
    if view["phase"] != view["side"]:
        return []
    plan = plan if plan is not None else TurnOrders()
    planner = _planner(view, plan.actions)
    return [TurnOrders((*plan.actions, a)) for a in legal_actions(planner)] + [plan]


_last = threading.local()  # .entry: (view, actions, planner) of the latest listing


def _planner(view: Mapping[str, Any], actions: tuple[Action, ...]) -> Planner:
    """A planner with ``actions`` planned over ``view``. A plan built one action at a time
    extends the one listed before over the same view: that planner is reused and only the new
    actions are planned (replaying the whole plan each time made a random turn quadratic)."""
    entry = getattr(_last, "entry", None)
    _last.entry = None  # the cached planner is changed below: never reuse a half-planned one
    planner: Planner
    done: tuple[Action, ...]
    if entry is not None and entry[0] is view and actions[: len(entry[1])] == entry[1]:
        planner, done = entry[2], entry[1]
    else:
        planner, done = Planner(view), ()
    for action in actions[len(done) :]:
        planner.plan(action)  # raises IllegalOrderError if the plan was not built from here
    _last.entry = (view, actions, planner)
    return planner
