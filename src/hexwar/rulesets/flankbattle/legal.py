"""A menu of sensible deployments from a side's view (the research adapters' hook).

Flanks sit anywhere on the 400 x 400 terrain map with any share of the military, so the menu
offers a few deployments that are always valid (they keep the default composition of each
flank, seed 004 "Terrain map"): the default deployment (the Strategy tab's Reset), then the
default flanks with each of the five maneuvers, first at their default places and then moved
halfway towards the middle of the map (x = 200). Equal views give the same menu.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from hexwar.rulesets.flankbattle.orders import Deployment

__all__ = ["MIDDLE", "legal_orders"]

MIDDLE = 200.0  # the map's middle column, where the two halves meet


def legal_orders(view: Mapping[str, Any]) -> list[Deployment]:
    """The default deployment, then each maneuver at the default places and advanced."""
    if view.get("phase") != "deployment":
        return []
    flanks = [
        FlankSpec(
            float(f["x"]),
            float(f["y"]),
            int(f["infantry"]),
            int(f["cavalry"]),
            int(f["artillery"]),
            int(f["ships"]),
        )
        for f in view["default_flanks"]
    ]
    out = [Deployment()]
    for advance in (False, True):
        for m in Maneuver:
            placed = tuple(
                replace(
                    f,
                    x=round(f.x + (MIDDLE - f.x) / 2, 1) if advance else f.x,
                    maneuver=m,
                )
                for f in flanks
            )
            out.append(Deployment(placed))
    return out
