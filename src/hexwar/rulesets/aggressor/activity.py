"""TURN SEQUENCE E, the unit activity cycle (seed 003): what a key press or a special
function order asks of a unit, checked, then carried out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.aggressor import combat, movement, partisans, special
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.legal import has_options
from hexwar.rulesets.aggressor.orders import PARTISAN_TARGET, AggressorOrder
from hexwar.rulesets.aggressor.state import Unit, can_attack, can_move, can_special

if TYPE_CHECKING:
    from hexwar.rulesets.aggressor.game import AggressorGame


def own_unit(game: AggressorGame, side: str, order: AggressorOrder) -> Unit:
    numbers = {u.number: u for u in game.units[side]}
    unit = numbers.get(order.unit)
    if unit is None:
        raise IllegalOrderError(
            f"{side} has no unit {order.unit} (eliminated or never chosen)",
            rule="UNIT TYPES",
            order=order,
        )
    if unit.frozen:
        raise IllegalOrderError(
            f"unit {unit.number} is busy suppressing partisans this turn",
            rule="TURN SEQUENCE C",
            order=order,
        )
    return unit


def may_attack(game: AggressorGame, unit: Unit) -> bool:
    return can_attack(
        unit.attacked,
        unit.special_done,
        unit.frozen,
        unit.cell in game.cbr,
        mobile=game.opts.mobile_attacks,
        movement_left=may_move(game, unit),
    )


def may_move(game: AggressorGame, unit: Unit) -> bool:
    return can_move(
        unit.range,
        unit.moved,
        unit.halted,
        unit.special_done,
        unit.frozen,
        unit.cell in game.rough,
    )


def plan_key(game: AggressorGame, unit: Unit, order: AggressorOrder) -> str:
    """What key ``order.key`` does for ``unit`` as its side sees the map: 'attack',
    'supply' or 'move'; IllegalOrderError if it can do none of them."""
    side = unit.side
    target = rl.NEIGHBOURS[unit.cell][order.key - 1]
    if target < 0:
        raise IllegalOrderError(
            f"unit {unit.number} at {rl.label(unit.cell)}: key {order.key} leads off the map",
            rule="MAP BOARD",
            order=order,
        )
    occupant = game.at.get(target)
    if occupant is not None and occupant.side == side:
        if occupant.type != "support":
            raise IllegalOrderError(
                f"{rl.label(target)} holds your unit {occupant.number}; no stacking",
                rule="MOVEMENT",
                order=order,
            )
        check_special(game, unit, order)
        if not unit.reduced:
            raise IllegalOrderError(
                f"unit {unit.number} is at full Range and Strength: no supply needed",
                rule="SPECIAL FUNCTIONS / Supply Request",
                order=order,
            )
        return "supply"
    if target in game.known[side]:
        if not may_attack(game, unit):
            raise IllegalOrderError(
                f"unit {unit.number} may not attack now (once per turn, not after a special "
                f"function, not from a CBR hex"
                + (", and with a movement point left)" if game.opts.mobile_attacks else ")"),
                rule="COMBAT",
                order=order,
            )
        return "attack"
    if not may_move(game, unit):
        raise IllegalOrderError(
            f"unit {unit.number} cannot move another hex this turn",
            rule="MOVEMENT",
            order=order,
        )
    return "move"


def check_special(game: AggressorGame, unit: Unit, order: AggressorOrder) -> None:
    if not can_special(unit.acted, unit.frozen, unit.cell in game.cbr):
        why = "it is in a CBR hex" if unit.cell in game.cbr else "it has already acted"
        raise IllegalOrderError(
            f"unit {unit.number} may not perform a special function: {why}",
            rule="SPECIAL FUNCTIONS",
            order=order,
        )


def plan_special(game: AggressorGame, unit: Unit, order: AggressorOrder) -> str:
    """Which special function ``order`` asks of ``unit``; IllegalOrderError if none."""
    check_special(game, unit, order)
    side = unit.side

    def refuse(message: str, rule: str) -> IllegalOrderError:
        return IllegalOrderError(
            f"unit {unit.number} ({unit.kind}): {message}",
            rule=f"SPECIAL FUNCTIONS / {rule}",
            order=order,
        )

    if order.target == PARTISAN_TARGET:
        if game.aggressor is not None:
            raise refuse("no partisan contact after an aggressor is declared", "Partisans")
        if rl.territory(unit.start_cell) != rl.other(side):
            raise refuse("partisan contact needs a turn begun in enemy territory", "Partisans")
        return "partisan"
    target = rl.parse_label(order.target)
    if target == unit.cell:
        if unit.type not in {"infantry", "support"}:
            raise refuse("only Infantry and Support units take Replacement", "Replacement")
        if not unit.reduced:
            raise refuse("already at full Range and Strength", "Replacement")
        return "replacement"
    occupant = game.at.get(target)
    if occupant is not None and occupant.side == side and unit.type != "missile":
        raise refuse(f"{order.target} holds your own unit {occupant.number}", "targets")
    if unit.type == "airbase":
        mission = order.mission or ("strike" if target in game.known[side] else "recon")
        if mission == "strike" and target not in game.known[side]:
            raise refuse(
                f"a Strike attacks 'the enemy unit at the target coordinates': you observe "
                f"no enemy unit at {order.target} (fly a recon mission to look)",
                "Recon/Strike Air Mission",
            )
        return mission
    if unit.type == "missile":
        if not unit.missiles:
            raise refuse("its missiles are already launched (Technical)", "CBR Missile Launch")
        d = rl.DIST[unit.cell][target]
        if d > rl.MISSILE_RANGE:
            raise refuse(f"{order.target} is {d} hexes away; missiles reach 8", "CBR Launch")
        return "launch"
    if unit.type == "artillery":
        d = rl.DIST[unit.cell][target]
        if d > unit.range:
            raise refuse(
                f"{order.target} is {d} hexes away, beyond its Range {unit.range}",
                "Indirect Fire",
            )
        if target not in game.known[side]:
            raise refuse(
                f"Indirect Fire 'may be directed against an enemy target': you observe no "
                f"enemy unit at {order.target}",
                "Indirect Fire",
            )
        return "fire"
    raise refuse(f"no special function aims at {order.target}", "types")


def options_left(game: AggressorGame, side: str) -> bool:
    """Whether any unit can still do something (TURN SEQUENCE E: the turn ends by itself
    when none can). Judged from the side's own view, so it leaks nothing."""
    return has_options(game._view(side))


def do_key(game: AggressorGame, unit: Unit, order: AggressorOrder) -> None:
    plan = plan_key(game, unit, order)
    target = rl.NEIGHBOURS[unit.cell][order.key - 1]
    if plan == "supply":
        special.supply(game, unit, game.at[target])
    elif plan == "attack":
        combat.attack(game, unit, game.at[target], "ground")
    else:
        movement.move(game, unit, target)


def do_special(game: AggressorGame, unit: Unit, order: AggressorOrder) -> None:
    plan = plan_special(game, unit, order)
    unit.special_done = unit.acted = True
    if plan == "partisan":
        partisans.partisan_contact(game, unit)
        return
    target = rl.parse_label(order.target)
    match plan:
        case "replacement":
            special.replacement(game, unit)
        case "recon":
            special.recon(game, unit, target)
        case "strike":
            special.strike(game, unit, target)
        case "launch":
            special.launch(game, unit, target)
        case "fire":
            special.indirect_fire(game, unit, target)
