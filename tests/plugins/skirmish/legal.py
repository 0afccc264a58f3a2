"""The legal orders of a side, from its view alone (the ``legal_orders`` hook).

For the side to act: each own unit (by name) may move to each adjacent empty hex on the map
or fire at each adjacent enemy it sees (every hex next to an own unit is within sight, so no
hidden enemy can be next to it), in the directions' order; then ``pass``. Nothing for the
other side: it has no decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexwar.core.hexes import Hex

from .orders import Kind, SkirmishOrder
from .scenario import label, map_hexes, parse_label


def occupied(data: Mapping[str, Any]) -> tuple[set[Hex], set[Hex]]:
    """The hexes of the side's units and of the enemy units it sees."""
    own = {parse_label(u["at"]) for u in data["units"]}
    enemy = {parse_label(u["at"]) for u in data["enemy"]}
    return own, enemy


def legal_orders(data: Mapping[str, Any], side: str) -> list[SkirmishOrder]:
    if data["mover"] != side or not data["units"]:
        return []
    board = set(map_hexes(data["columns"], data["rows"]))
    own, enemy = occupied(data)
    orders: list[SkirmishOrder] = []
    for unit in data["units"]:
        at = parse_label(unit["at"])
        for to in at.neighbors():
            if to not in board or to in own:
                continue
            kind: Kind = "fire" if to in enemy else "move"
            orders.append(SkirmishOrder(kind, unit["id"], label(to)))
    orders.append(SkirmishOrder("pass"))
    return orders
