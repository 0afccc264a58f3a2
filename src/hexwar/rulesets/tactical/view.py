"""What one side sees of the tactical game (its view: fog of war by line of sight)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from hexwar.rulesets.tactical.tables import sheet

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.game import TacticalGame


def view(game: TacticalGame, side: str) -> dict[str, Any]:
    seen = game.spotted(side)
    own = []
    for u in game.units.values():
        if u.side != side or not u.alive:
            continue
        d = {
            "id": u.id,
            "name": u.name,
            "kind": u.kind,
            "hex": None if u.hex is None else str(u.hex),
            "sp": u.sp,
            "max_sp": u.max_sp,
            "morale": u.morale,
            "led_morale": game.led(u) if u.hex else u.morale,
            "attack_soft": u.attack_soft,
            "attack_hard": u.attack_hard,
            "defense": u.defense,
            "range": u.range,
            "ap": u.ap,
            "ap_max": u.ap_max,
            "ammo": u.ammo,
            "ammo_max": u.ammo_max,
            "smoke": u.smoke,
            "hard": u.hard,
            "mobility": u.mobility,
            "mounted": u.mounted,
            "carrier": u.carrier,
            "indirect": u.indirect,
            "can_assault": u.can_assault,
            "disrupted": u.disrupted,
            "improved": u.improved,
            "moved": u.moved,
            "hq": u.hq,
            "hq_level": u.hq_level,
            "in_supply": u.in_supply if u.kind == "hq" else None,
            "range_50": None,
        }
        if u.kind == "hq":
            r = game.hq_range_of(u)
            d["range_50"] = None if math.isinf(r) else r
        own.append(d)
    enemy = [
        {
            "id": u.id,
            "name": u.name,
            "kind": u.kind,
            "hex": str(u.hex),
            "sp": u.sp,
            "hard": u.hard,
            "defense": u.defense,
            "mobility": u.mobility,
            "mounted": u.mounted,
            "disrupted": u.disrupted,
            "improved": u.improved,
        }
        for u in game.units.values()
        if u.id in seen
    ]
    enemy_hexes = {e["hex"] for e in enemy}
    return {
        "side": side,
        "nation": game.nation(side),
        "year": game.scenario.year,
        "turn": game.turn,
        "turns": game.scenario.turns,
        "minutes": (game.turn - 1) * sheet().parameters["minutes_per_turn"],
        "meters_per_hex": sheet().parameters["meters_per_hex"],
        "visibility": game.visibility,
        "phase": game.mover,
        "command_control": game.scenario.command_control,
        "combination": game.scenario.combination,
        "break_percent": game.scenario.break_percent,
        "map": game._board_json,
        "objectives": [
            {"hex": str(h), "vp": v, "control": game.control[h]} for h, v in game.objectives.items()
        ],
        "units": own,
        "commanders": [
            {
                "id": c.id,
                "name": c.name,
                "hex": str(c.hex),
                "leadership": c.leadership,
                "command": c.command,
                "ap": c.ap,
                "ap_max": c.ap_max,
                "hq": c.hq,
            }
            for c in game.commanders.values()
            if c.side == side and c.hex is not None
        ],
        "enemy_units": enemy,
        "enemy_commanders": [
            {"id": c.id, "name": c.name, "hex": str(c.hex)}
            for c in game.commanders.values()
            if c.side != side and c.hex is not None and str(c.hex) in enemy_hexes
        ],
        "smoke": [str(h) for h in sorted(game.smoke)],
        "wrecks": {str(h): n for h, n in sorted(game.wrecks.items())},
        "lost": dict(game.lost),
        "score": game.score(),
    }
