"""A menu of sensible commands from a side's view (the research adapters' hook).

IDAHEX commands are free-form missions -- any task force of any units, a list of cells with a
posture each, deliveries, transfers -- far too many to list. The menu offers the commands the
random agent gives: no command at all (the plan runs on), or one idle holding unit (no task
force, posture class 1) sent on a one-order mission to hold (posture 10, seed 000 §3) one of
its adjacent cells. Equal views give the same menu, in the same order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexwar.rulesets.idahex.orders import Commands, Mission
from hexwar.rulesets.idahex.postures import Order

__all__ = ["HOLD", "legal_orders"]

HOLD = 10  # the holding posture a menu mission orders


def legal_orders(view: Mapping[str, Any]) -> list[Commands]:
    """No command, then each idle holding unit (by number) to hold each adjacent cell."""
    out = [Commands()]
    idle = [u for u in view["units"] if u["task_force"] is None and u["posture_class"] == 1]
    for u in sorted(idle, key=lambda u: int(u["number"])):
        for cell in sorted(int(c) for c in u["adjacent"]):
            out.append(Commands((Mission((Order(cell, HOLD),), (int(u["number"]),)),)))
    return out
