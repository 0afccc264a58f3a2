"""The end of a tactical game: the umpire's summary and the designer's report
(docs/tactical.md, Winning)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hexwar.rulesets.tactical.scenario import SIDES
from hexwar.rulesets.tactical.tables import sheet
from hexwar.rulesets.tactical.units import other, unit_states

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.game import TacticalGame


def summary(game: TacticalGame) -> dict[str, Any]:
    """The umpire's account: every unit and commander of both sides (SPs, hex, morale,
    disruption, improved position, ammunition, supply), the objectives and the victory
    points with their parts (docs/tactical.md, "Winning")."""
    vp = game.score()
    sides: dict[str, Any] = {}
    for side in SIDES:
        units = [u for u in game.units.values() if u.side == side]
        objective_vp = sum(v for h, v in game.objectives.items() if game.control[h] == side)
        sides[side] = {
            "nation": game.nation(side),
            "victory_points": vp[side],
            "objective_vp": objective_vp,
            "enemy_sp_eliminated": game.lost[other(side)],
            "sp_at_start": sum(u.max_sp for u in units),
            "sp_now": sum(u.sp for u in units),
            "units": [
                {
                    "id": u.id,
                    "name": u.name,
                    "kind": u.kind,
                    "status": "eliminated"
                    if not u.alive
                    else ("off map" if u.hex is None else "on map"),
                    "hex": None if u.hex is None else str(u.hex),
                    "sp": u.sp,
                    "max_sp": u.max_sp,
                    "morale": u.morale,
                    "disrupted": u.disrupted,
                    "improved_position": u.improved,
                    "mounted": u.mounted,
                    "ap": u.ap,
                    "ammo": u.ammo,
                    # an HQ destroyed is out of supply from then on, not only from its
                    # side's next supply phase (docs/rulings/tactical.md, supply)
                    "in_supply": (u.alive and u.in_supply) if u.kind == "hq" else None,
                }
                for u in units
            ],
            "commanders": [
                {
                    "id": c.id,
                    "name": c.name,
                    "hex": None if c.hex is None else str(c.hex),
                    "status": c.fate or "active",
                    "leadership": c.leadership,
                    "command": c.command,
                }
                for c in game.commanders.values()
                if c.side == side
            ],
        }
    return {
        "turn": min(game.turn, game.scenario.turns),
        "turns": game.scenario.turns,
        "minutes_played": (game.turn - 1) * sheet().parameters["minutes_per_turn"],
        "victory_points": vp,
        "objectives": [
            {"hex": str(h), "vp": v, "control": game.control[h]} for h, v in game.objectives.items()
        ],
        "wrecks": {str(h): n for h, n in sorted(game.wrecks.items())},
        "sides": sides,
    }


def report_sections(game: TacticalGame) -> list[tuple[str, str]]:
    account = game._summary()
    vp = [
        f"{side}: {d['victory_points']} VP = {d['objective_vp']} for objectives held + "
        f"{d['enemy_sp_eliminated']} for enemy SPs eliminated"
        for side, d in account["sides"].items()
    ]
    vp += [
        f"  objective {o['hex']} ({o['vp']} VP): {o['control'] or 'nobody'}"
        for o in account["objectives"]
    ]
    units: list[str] = []
    for side, d in account["sides"].items():
        units.append(f"{side} ({d['nation']}): {d['sp_now']} of {d['sp_at_start']} SPs left")
        for u in d["units"]:
            state = ", ".join(
                unit_states(u["disrupted"], u["improved_position"], u["mounted"], u["in_supply"])
            )
            where = u["hex"] or u["status"]
            units.append(
                f"  {u['id']:<8} {u['kind']:<9} {u['sp']:>2}/{u['max_sp']:<2} SP  "
                f"{where:<10} morale {u['morale']:>2}  ammo {u['ammo']}"
                + (f"  {state}" if state else "")
            )
        for c in d["commanders"]:
            units.append(
                f"  {c['id']:<8} commander L{c['leadership']} C{c['command']}  "
                f"{c['hex'] or c['status']}"
            )
    return [("Victory points", "\n".join(vp)), ("Units at the end", "\n".join(units))]
