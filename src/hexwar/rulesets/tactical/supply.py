"""Supply (seed 002, SUPPLY RANGES): HQs draw supply top down, then resupply their units."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hexwar.core.events import Receipt
from hexwar.rulesets.tactical.morale import hq_range, resupply_chance
from hexwar.rulesets.tactical.tables import HQ_LEVELS
from hexwar.rulesets.tactical.units import Unit

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.game import TacticalGame


def hq_range_of(game: TacticalGame, hq: Unit) -> float:
    bonus = 0
    if game.scenario.command_control and hq.hex is not None:
        bonus = max(
            (
                c.leadership
                for c in game.commanders.values()
                if c.hq == hq.id and c.hex == hq.hex and c.side == hq.side
            ),
            default=0,
        )
    assert hq.hq_level is not None
    return hq_range(
        hq.hq_level,
        command_control=game.scenario.command_control,
        nation=game.nation(hq.side),
        year=game.scenario.year,
        leader_bonus=bonus,
    )


def attempt(game: TacticalGame, u: Unit, hq: Unit, label: str) -> tuple[bool, Receipt]:
    r50 = game.hq_range_of(hq)
    d = 0 if hq.hex is None or u.hex is None else u.hex.distance(hq.hex)
    p = resupply_chance(d, r50, game.scenario.supply_curve)
    ok = game.dice.chance(label, p)
    return ok, Receipt(
        inputs={
            "unit": u.id,
            "hq": hq.id,
            "distance": d,
            "range_50": "infinite" if math.isinf(r50) else r50,
        },
        table="SUPPLY RANGES",
        rolls=game.dice.take(),
        result=f"{p:.0%}: {'success' if ok else 'failure'}",
    )


def supply(game: TacticalGame, side: str) -> None:
    """HQs draw supply from their superiors, top down (an Army HQ is always supplied, an HQ
    with no superior draws from off the map); then units short of ammunition try to
    resupply from their HQ, which must be in supply (SUPPLY RANGES)."""
    hqs = [u for u in game.units.values() if u.side == side and u.kind == "hq"]
    hqs.sort(key=lambda u: HQ_LEVELS.index(u.hq_level or "battalion"))
    for hq in hqs:
        boss = game.units.get(hq.hq) if hq.hq else None
        if not hq.alive:
            hq.in_supply = False
        elif hq.hq_level == "army" or boss is None:
            hq.in_supply = True
        elif not boss.alive or not boss.in_supply:
            hq.in_supply = False
        else:
            hq.in_supply, receipt = attempt(game, hq, boss, "HQ supply")
            game.log.append(
                game.turn,
                "hq-supply",
                f"HQ {hq.id} is {'in' if hq.in_supply else 'out of'} supply",
                visible_to=side,
                receipt=receipt,
            )
    for u in game._own(side):
        if u.kind == "hq" or u.ammo >= u.ammo_max:
            continue
        supplier = game.units.get(u.hq) if u.hq else None
        if supplier is None or not supplier.alive or not supplier.in_supply:
            continue
        ok, receipt = attempt(game, u, supplier, "resupply")
        if ok:
            u.ammo = u.ammo_max
        game.log.append(
            game.turn,
            "resupply",
            f"{u.id} {'resupplied' if ok else 'not resupplied'} by {supplier.id}",
            visible_to=side,
            receipt=receipt,
        )
