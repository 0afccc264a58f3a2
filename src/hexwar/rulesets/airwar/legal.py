"""Legal orders from a side's view (the research adapters' hook).

The initial stage places whole sets of cities or units; those are too many to list, so the
side is offered a menu of :data:`SETUP_MENU` legal placements drawn (as the random agent draws
them) from a stream seeded by the view. The move and aim-fire stages are listed completely, one
unit at a time: every step one more unit of the side may take -- a move to an adjacent field, a
flight of one unit (or two, to an airport it controls) from an airport, a §3.2.2 double
transportation; one unit's aimed fire at an adjacent field -- as ``plan`` plus that step, then
``plan`` itself (the units not ordered stay, or hold their fire). Each step uses up a unit, so
the list ends.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from hexwar.core.errors import IllegalOrderError
from hexwar.core.hexes import Hex
from hexwar.core.records import canonical_json
from hexwar.core.rng import menu_stream
from hexwar.rulesets.airwar.agents import position_from_view, random_cities, random_units
from hexwar.rulesets.airwar.board import other
from hexwar.rulesets.airwar.orders import AirwarOrder
from hexwar.rulesets.airwar.rules import Position, check_fire, check_moves

if TYPE_CHECKING:
    from hexwar.rulesets.airwar.game import AirwarGame

__all__ = ["SETUP_MENU", "awaited", "determinise", "legal_orders", "stepwise"]

SETUP_MENU = 4  # placements offered at once in the initial stage (docs/research.md)

Step = tuple[str, str, int]


def awaited(view: Mapping[str, Any]) -> bool:
    """Whether the viewing side has orders to give at this stage."""
    if view["phase"] == "fire":
        return view["side"] in view["fire_sides"]
    return True


def stepwise(view: Mapping[str, Any]) -> bool:
    """The move and fire stages are built one unit at a time; the initial stage is not."""
    return view["phase"] in ("move", "fire")


def legal_orders(view: Mapping[str, Any], plan: AirwarOrder | None = None) -> list[AirwarOrder]:
    """The menu of placements in the initial stage; in the move and fire stages ``plan`` plus
    each legal next unit step, then ``plan`` itself."""
    if not awaited(view):
        return []
    phase = view["phase"]
    if phase in ("cities", "units"):
        return list(_setup_menu(canonical_json(dict(view))))
    side = str(view["side"])
    pos = position_from_view(view)
    plan = plan if plan is not None else AirwarOrder()
    candidates = _move_steps(pos, side, plan) if phase == "move" else _fire_steps(pos, side, plan)
    out: list[AirwarOrder] = []
    for order in candidates:
        try:
            (check_moves if phase == "move" else check_fire)(pos, side, order)
        except IllegalOrderError:
            continue
        out.append(order)
    return [*out, plan]


@lru_cache(maxsize=64)
def _setup_menu(view_json: str) -> tuple[AirwarOrder, ...]:
    """The initial-stage menu of a view (given as canonical JSON; placements are costly to
    draw, and environments reset to the same views again and again)."""
    view = json.loads(view_json)
    pos = position_from_view(view)
    phase = view["phase"]
    rng = menu_stream(view, f"airwar:{phase}")
    draw = random_cities if phase == "cities" else random_units
    menu: list[AirwarOrder] = []
    for _ in range(SETUP_MENU):
        order = draw(pos, str(view["side"]), rng)
        if order not in menu:
            menu.append(order)
    return tuple(menu)


def _add(steps: tuple[Step, ...], a: str, b: str) -> tuple[Step, ...]:
    """``steps`` with one more unit from ``a`` to ``b`` (merged into an equal step)."""
    out = list(steps)
    for i, (x, y, n) in enumerate(out):
        if (x, y) == (a, b):
            out[i] = (x, y, n + 1)
            return tuple(out)
    return (*out, (a, b, 1))


def _used(plan: AirwarOrder) -> dict[str, int]:
    used: dict[str, int] = {}
    for a, _b, n in (*plan.moves, *plan.flights, *plan.fire):
        used[a] = used.get(a, 0) + n
    for a, _b in plan.transports:
        used[a] = used.get(a, 0) + 2
    return used


def _move_steps(pos: Position, side: str, plan: AirwarOrder) -> list[AirwarOrder]:
    geo = pos.geo
    used = _used(plan)
    flown = {a for a, _b, _n in plan.flights} | {a for a, _b in plan.transports}
    airports = {geo.label(c.airport) for c in pos.flight_airports(side)}
    own_airports = sorted(geo.label(c.airport) for c in pos.cities if c.holder == side)
    own_city_airports = sorted(geo.label(c.airport) for c in pos.cities if c.owner == side)
    out: list[AirwarOrder] = []
    for h, n in sorted(pos.units[side].items()):
        a = geo.label(h)
        left = n - used.get(a, 0)
        if left <= 0:
            continue
        for t in geo.adjacent(h):
            if t != h:
                out.append(
                    AirwarOrder(
                        moves=_add(plan.moves, a, geo.label(t)),
                        flights=plan.flights,
                        transports=plan.transports,
                    )
                )
        if a not in airports or a in flown:
            continue
        for t in geo.fields:
            b = geo.label(t)
            if t != h:
                out.append(
                    AirwarOrder(
                        moves=plan.moves,
                        flights=(*plan.flights, (a, b, 1)),
                        transports=plan.transports,
                    )
                )
        if left >= 2:
            for b in own_airports:
                if b != a:
                    out.append(
                        AirwarOrder(
                            moves=plan.moves,
                            flights=(*plan.flights, (a, b, 2)),
                            transports=plan.transports,
                        )
                    )
            if pos.transports_left.get(side, 0) > len(plan.transports):
                for b in own_city_airports:
                    out.append(
                        AirwarOrder(
                            moves=plan.moves,
                            flights=plan.flights,
                            transports=(*plan.transports, (a, b)),
                        )
                    )
    return out


def _fire_steps(pos: Position, side: str, plan: AirwarOrder) -> list[AirwarOrder]:
    geo = pos.geo
    used = _used(plan)
    foe = pos.units[other(side)]
    out: list[AirwarOrder] = []
    for h, n in sorted(pos.units[side].items()):
        a = geo.label(h)
        if n - used.get(a, 0) <= 0 or pos.must_fire_here(h):
            continue
        targets: list[Hex] = [t for t in geo.adjacent(h) if foe.get(t, 0) > 0 and t != h]
        for t in targets:
            out.append(AirwarOrder(fire=_add(plan.fire, a, geo.label(t))))
    return out


def determinise(ruleset: Any, view: Mapping[str, Any], rng: np.random.Generator) -> AirwarGame:
    """The game the view shows. Between stages both players know the whole position (§2);
    only the sealed orders of the stage are hidden, and those are not part of the game yet.
    The game gets a seed drawn from ``rng`` (the air war draws no dice)."""
    from hexwar.rulesets.airwar.game import AirwarGame

    pos = position_from_view(view)
    game = AirwarGame(
        ruleset, pos.scenario, seed=int(rng.integers(2**31)), scenario_id="determinised"
    )
    game.pos = pos
    game.phase = str(view["phase"])
    game.fire_sides = frozenset(view["fire_sides"])
    return game
