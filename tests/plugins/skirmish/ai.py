"""The computer player (``ai``): greedy, from the view alone.

Fire when it can (at the weakest enemy in reach, one in the open before one in woods);
otherwise move the unit that gets nearest to something worth reaching -- the enemy units it
sees, and the objective unless one of its units holds it -- never taking the holder off the
objective; otherwise pass. Ties go to the first order of the legal list, so it draws nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hexwar.core.game import Ruleset
from hexwar.core.views import View

from .legal import legal_orders
from .orders import SkirmishOrder
from .scenario import parse_label


class SkirmishAI:
    def __init__(self, ruleset: Ruleset[Any, Any], side: str) -> None:
        self.ruleset = ruleset
        self.side = side

    def act(self, view: View, rng: np.random.Generator) -> SkirmishOrder:
        data = view.data
        orders = legal_orders(data, view.side)
        strength = {u["at"]: (u["strength"], u["at"] in data["woods"]) for u in data["enemy"]}
        fires = [o for o in orders if o.kind == "fire"]
        if fires:
            return min(fires, key=lambda o: strength[o.to])
        objective = parse_label(data["objective"])
        units = {u["id"]: parse_label(u["at"]) for u in data["units"]}
        held = objective in units.values()
        goals = [parse_label(u["at"]) for u in data["enemy"]] + ([] if held else [objective])
        best: tuple[int, SkirmishOrder] | None = None
        for o in orders:
            if o.kind != "move" or units[o.unit] == objective or not goals:
                continue
            gain = min(units[o.unit].distance(g) for g in goals) - min(
                parse_label(o.to).distance(g) for g in goals
            )
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, o)
        return best[1] if best is not None else SkirmishOrder("pass")
