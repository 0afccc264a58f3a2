"""The umpire's amendments of a tactical game (``Game._amend``; docs/web.md, The umpire).

Units are named by their scenario id (``R1``, or with its side: ``allied R1``), hexes as the map
labels them (``q,r``), the holdings are the scenario's objectives (by hex). A moved unit keeps
its riders (a rider moved alone gets off its vehicle); the move respects the sheet's stacking
limit (Parameter Data: 6 units and 24 SPs a hex) and never enters a hex the enemy holds. A
removed unit leaves the map with its strength (it is not a loss: no victory points, no break
point; its riders get off in its hex). What each side learns (docs/rulings/tactical.md, umpire's
amendments): the owner hears where its unit went; the enemy hears of it only if it saw the unit
at the time (the fog of war is recomputed from the new position, as after any move); an
objective's new holder is public, like every change of an objective.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwar.core.errors import IllegalOrderError, InvalidInputError
from hexwar.core.events import ALL
from hexwar.core.hexes import Hex
from hexwar.core.orders import AMEND_RULE, Amendment
from hexwar.rulesets.tactical.scenario import SIDES
from hexwar.rulesets.tactical.tables import sheet

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.game import TacticalGame, Unit

__all__ = ["HELP", "amend"]

HELP = (
    "move R1 to 4,3               (a unit by its id; a hex as the map labels it)\n"
    "remove G2\n"
    "hold 5,2 by axis             (an objective by its hex; by a side or nobody)\n"
    "end allied                   (the winner, or nobody)"
)


def _refuse(message: str, amendment: Amendment) -> IllegalOrderError:
    return IllegalOrderError(message, rule=AMEND_RULE, order=amendment.to_json())


def _hex(text: str, amendment: Amendment) -> Hex:
    try:
        return Hex.from_str(text.strip())
    except InvalidInputError as e:
        raise _refuse(str(e), amendment) from None


def _seen_by_enemy(game: TacticalGame, unit: Unit) -> str | None:
    """The enemy side if it sees ``unit`` now, else ``None``."""
    enemy = next(s for s in SIDES if s != unit.side)
    return enemy if unit.id in game.spotted(enemy) else None


def _tell(game: TacticalGame, owner: str, own: str, watcher: str | None, seen: str) -> None:
    """The owner hears what became of its unit; an enemy that saw it, only ``seen``."""
    game.log.append(game.turn, "amended", own, visible_to=owner)
    if watcher:
        game.log.append(game.turn, "amended", seen, visible_to=watcher)


def amend(game: TacticalGame, amendment: Amendment) -> None:
    """Carry out ``amendment`` (move, remove or hold), every check before any change."""
    if amendment.kind == "hold":
        h = _hex(amendment.place, amendment)
        if h not in game.objectives:
            held = ", ".join(str(o) for o in sorted(game.objectives)) or "none"
            raise _refuse(f"no objective at {h} (objectives: {held})", amendment)
        if amendment.side is not None and amendment.side not in SIDES:
            raise _refuse(
                f"unknown side {amendment.side!r} ({', '.join(SIDES)} or nobody)", amendment
            )
        game.control[h] = amendment.side
        game.log.append(
            game.turn,
            "amended",
            f"Objective {h} is held by {amendment.side or 'nobody'} (umpire)",
            visible_to=ALL,
        )
        return
    words = amendment.unit.split()
    if len(words) == 2 and words[0] in SIDES:  # 'axis G1', as the umpire's map writes it
        unit = game.units.get(words[1])
        unit = unit if unit is not None and unit.side == words[0] else None
    else:
        unit = game.units.get(amendment.unit.strip())
    if unit is None or not unit.alive or unit.hex is None:
        raise _refuse(f"no unit {amendment.unit!r} on the map", amendment)
    old = unit.hex
    watcher = _seen_by_enemy(game, unit)
    riders = game.riders_of(unit)
    if amendment.kind == "remove":
        for r in riders:
            r.carrier = None
            r.mounted = None
        unit.hex = None
        unit.carrier = None
        _tell(
            game,
            unit.side,
            f"Your unit {unit.id} at {old} leaves the map (umpire)"
            + (f"; {', '.join(r.id for r in riders)} get off there" if riders else ""),
            watcher,
            f"The enemy unit {unit.id} at {old} leaves the map (umpire)",
        )
        return
    target = _hex(amendment.to, amendment)
    if target not in game.board:
        raise _refuse(f"{target} is not on the map", amendment)
    if any(u.side != unit.side for u in game.units_in(target)):
        raise _refuse(f"the enemy holds {target}", amendment)
    load = [unit, *riders]
    here = [u for u in game.units_in(target, unit.side) if u not in load]
    p = sheet().parameters
    if (
        len(here) + len(load) > p["max_units_per_hex"]
        or sum(u.sp for u in [*here, *load]) > p["max_sp_per_hex"]
    ):
        raise _refuse(
            f"{target} would hold more than {p['max_units_per_hex']} units or "
            f"{p['max_sp_per_hex']} SPs (Parameter Data)",
            amendment,
        )
    if unit.carrier is not None:  # a rider moved alone gets off its vehicle
        unit.carrier = None
        unit.mounted = None
    for u in load:
        u.hex = target
        u.improved = False  # an improved position is dug where the unit stood
    _tell(
        game,
        unit.side,
        f"Your unit {unit.id} moves from {old} to {target} (umpire)"
        + (f" with {', '.join(r.id for r in riders)}" if riders else ""),
        watcher,
        f"The enemy unit {unit.id} you saw at {old} is moved by the umpire",
    )
