"""The umpire's amendments of an Aggressor game (``Game._amend``; docs/web.md, The umpire).

Units are written ``SIDE NUMBER`` (``west 3``: the side's unit in choice order, as its own
orders name it), hexes as the map labels them (``@KH``), holdings are the nine sectors of GAME
OBJECT (``NW`` .. ``SE``). What each side learns (docs/rulings/aggressor.md, umpire's
amendments): the owner of a moved or removed unit hears where it went; the enemy hears only of
a unit it knew of (the hex it saw it in is cleared from what it knows, as when a unit it knew
is eliminated) and nothing of one it had not seen; a change of a sector's holder is public,
like every change of control.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwar.core.errors import IllegalOrderError, InvalidInputError
from hexwar.core.events import ALL
from hexwar.core.orders import AMEND_RULE, Amendment
from hexwar.rulesets.aggressor import rules as rl

if TYPE_CHECKING:
    from hexwar.rulesets.aggressor.game import AggressorGame
    from hexwar.rulesets.aggressor.state import Unit

__all__ = ["HELP", "amend"]

HELP = (
    "move west 3 to @KH           (a unit: its side and number; a hex as the map labels it)\n"
    "remove east 12\n"
    "hold C by west               (a sector NW W SW N C S NE E SE; by a side or nobody)\n"
    "end east                     (the winner, or nobody)"
)


def _refuse(message: str, amendment: Amendment) -> IllegalOrderError:
    return IllegalOrderError(message, rule=AMEND_RULE, order=amendment.to_json())


def _unit(game: AggressorGame, amendment: Amendment) -> Unit:
    words = amendment.unit.split()
    if len(words) != 2 or words[0] not in rl.SIDES or not words[1].isdigit():
        raise _refuse(f"write a unit as SIDE NUMBER ('west 3'), not {amendment.unit!r}", amendment)
    side, number = words[0], int(words[1])
    for unit in game.units[side]:
        if unit.number == number:
            return unit
    raise _refuse(f"{side} has no unit {number} on the map", amendment)


def _forget(game: AggressorGame, unit: Unit, why: str) -> None:
    """The enemy's knowledge of ``unit`` at its hex is cleared; it hears of it if it knew."""
    enemy = rl.other(unit.side)
    where = rl.label(unit.cell)
    game.identified[enemy].discard((unit.side, unit.number))
    if unit.cell in game.known[enemy]:
        del game.known[enemy][unit.cell]
        game.log.append(
            game.round, "amended", f"The unit at {where} {why} (umpire)", visible_to=enemy
        )


def amend(game: AggressorGame, amendment: Amendment) -> None:
    """Carry out ``amendment`` (move, remove or hold), every check before any change."""
    if amendment.kind == "hold":
        if amendment.place not in rl.SECTOR_NAMES:
            raise _refuse(f"no sector {amendment.place!r}: {' '.join(rl.SECTOR_NAMES)}", amendment)
        if amendment.side is not None and amendment.side not in rl.SIDES:
            raise _refuse(f"unknown side {amendment.side!r} (west, east or nobody)", amendment)
        game.control[rl.SECTOR_NAMES.index(amendment.place)] = amendment.side
        holder = amendment.side or "nobody"
        game.log.append(
            game.round,
            "amended",
            f"Sector {amendment.place} is held by {holder} (umpire)",
            visible_to=ALL,
        )
        return
    unit = _unit(game, amendment)
    old = rl.label(unit.cell)
    if amendment.kind == "remove":
        _forget(game, unit, "is removed")
        game.units[unit.side].remove(unit)
        del game.at[unit.cell]
        game.log.append(
            game.round,
            "amended",
            f"Your unit {unit.number} ({unit.kind}) at {old} is removed (umpire)",
            visible_to=unit.side,
        )
        return
    try:
        target = rl.parse_label(amendment.to.strip())
    except InvalidInputError as e:
        raise _refuse(str(e), amendment) from None
    if target in game.at:
        raise _refuse(f"{rl.label(target)} is occupied (one unit per hex)", amendment)
    _forget(game, unit, "is no longer there")
    del game.at[unit.cell]
    unit.cell = target
    game.at[target] = unit
    game.log.append(
        game.round,
        "amended",
        f"Your unit {unit.number} ({unit.kind}) moves from {old} to {rl.label(target)} (umpire)",
        visible_to=unit.side,
    )
