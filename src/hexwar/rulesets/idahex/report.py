"""The designer's report (seed 000 §8, file 51): the design notes at the start, the summary
and the report at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from hexwar.rulesets.idahex.design_data import SIDE_NAMES
from hexwar.rulesets.idahex.engine import UnitState
from hexwar.rulesets.idahex.postures import DESTROYED

if TYPE_CHECKING:
    from hexwar.rulesets.idahex.game import IdahexGame

_STATUSES = ("active", "engaged", "inactive", "destroyed")


def _amounts(x: np.ndarray[Any, np.dtype[np.float64]]) -> list[float]:
    return [round(float(v), 6) for v in x]


def design_notes(game: IdahexGame) -> None:
    """The interpretation of the design data: what the designer should know (§8)."""
    d = game.rules.design
    for a, b in sorted(p for p in game.rules.routeless if p[0] < p[1]):
        game.log.append(
            d.tinit,
            "design-warning",
            f"no route type is given between adjacent cells {a} and {b}: surface "
            "movement between them is impossible (docs/rulings/idahex.md)",
            visible_to=frozenset(),
        )
    game.log.append(
        d.tinit,
        "design",
        f"{d.ncells} cells ({len(game.rules.grid.inactive)} inactive), "
        f"{len(d.units)} units, {d.nutype} unit types; time {d.tinit:g} to {d.tend:g}, "
        f"frame {d.tframe:g}, period {d.tpd:g}, cycle {d.tcycle:g}",
        visible_to=frozenset(),
    )


def unit_status(game: IdahexGame, u: UnitState) -> str:
    if u.posture == DESTROYED:
        return "destroyed"
    if not u.active:
        return "inactive"
    return "engaged" if game.engine.engaged(u.number) else "active"


def summary(game: IdahexGame) -> dict[str, Any]:
    e = game.engine
    start = {u.number: np.asarray(u.resources, dtype=np.float64) for u in game.rules.design.units}
    sides: dict[str, Any] = {}
    for s in (1, 2):
        units = sorted((u for u in e.units.values() if u.side == s), key=lambda u: u.number)
        before = np.sum([start[u.number] for u in units], axis=0)
        # What destroyed units still hold is lost to the side (§5.3: a destroyed unit
        # "cannot come back to life", §3.2.7), so the totals at the end leave it out.
        alive = [u.resources for u in units if u.posture != DESTROYED]
        now = np.sum(alive, axis=0) if alive else np.zeros_like(before)
        sides[SIDE_NAMES[s - 1]] = {
            "resource_names": list(game.rules.resources[s - 1].names),
            "resources_at_start": _amounts(before),
            "resources_at_end": _amounts(now),
            "cells_owned": sum(
                1 for c, o in e.owner.items() if o == s and game.rules.grid.is_active(c)
            ),
            "units": [
                {
                    "number": u.number,
                    "name": u.name,
                    "type": u.butype,
                    "status": unit_status(game, u),
                    "location": u.location,
                    "posture": u.posture,
                    "objective": u.objective,
                    "task_force": u.tf,
                    "resources": _amounts(u.resources),
                }
                for u in units
            ],
        }
    return {
        "time": e.t,
        "sides": sides,
        "engagements": [
            {"cell": g.cell, "attacker": SIDE_NAMES[g.attacker - 1], "feba": round(g.feba, 6)}
            for g in sorted(e.engagements.values(), key=lambda g: g.cell)
        ],
    }


def report_sections(game: IdahexGame) -> list[tuple[str, str]]:
    account = game._summary()
    units: list[str] = []
    totals: list[str] = []
    for side, data in account["sides"].items():
        names = data["resource_names"]
        counts = {k: sum(1 for u in data["units"] if u["status"] == k) for k in _STATUSES}
        units.append(
            f"{side}: {len(data['units'])} units ("
            + ", ".join(f"{n} {k}" for k, n in counts.items() if n)
            + f"), {data['cells_owned']} cells owned"
        )
        for u in data["units"]:
            held = ", ".join(f"{x:g} {names[i]}" for i, x in enumerate(u["resources"]) if x > 0)
            units.append(
                f"  unit {u['number']:>3} {u['name']:<24} type {u['type']:>2} "
                f"{u['status']:<9} cell {u['location']:>3} posture {u['posture']:>3}: "
                + (held or "nothing")
            )
        totals.append(f"{side}:")
        totals.append(f"  {'resource':<28}{'start':>14}{'end':>14}{'change':>14}")
        for name, a, b in zip(
            names, data["resources_at_start"], data["resources_at_end"], strict=True
        ):
            totals.append(f"  {name:<28}{a:>14.6g}{b:>14.6g}{b - a:>14.6g}")
    open_ = [
        f"cell {g['cell']}: {g['attacker']} attacking, FEBA {g['feba']:.3f}"
        for g in account["engagements"]
    ]
    return [
        ("Units at the end", "\n".join(units)),
        ("Resources by side", "\n".join(totals)),
        ("Engagements in progress", "\n".join(open_) or "none"),
    ]
