"""What each command of the menu points at on the IDAHEX area of war (the
``describe_choices`` hook), from the side's view alone.

The menu (:mod:`.legal`) is no command at all (``pass``: the plan runs on) or one idle
holding unit sent to hold an adjacent cell (``hold``: the unit's counter, marking the cell).
A one-unit mission of other postures is a ``mission`` marking its objectives; a command of
another form (the menu offers neither) is a plain ``order``.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexwar.core.choices import ChoiceMark
from hexwar.core.numberings import IdahexGrid
from hexwar.core.views import View
from hexwar.rulesets.idahex.legal import HOLD
from hexwar.rulesets.idahex.orders import Commands, Mission

__all__ = ["describe_choices"]


def describe_choices(view: View, orders: Sequence[Commands]) -> list[ChoiceMark]:
    """One mark per order (see the module docstring)."""
    design = view.data["design"]
    grid = IdahexGrid(int(design["ncells"]), int(design["nrank1"]), frozenset(design["inactive"]))
    out: list[ChoiceMark] = []
    for order in orders:
        if not order.commands:
            out.append(ChoiceMark(None, (), "pass"))
            continue
        first = order.commands[0]
        if len(order.commands) == 1 and isinstance(first, Mission) and len(first.units) == 1:
            cells = tuple(grid.hex_of(int(o.objective)) for o in first.orders)
            kind = "hold" if all(o.posture == HOLD for o in first.orders) else "mission"
            out.append(ChoiceMark(str(first.units[0]), cells, kind))
        else:
            out.append(ChoiceMark())
    return out
