"""MOVEMENT (seed 003): one hex at a time, and the advance after a Mobile Attack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwar.core.events import Receipt
from hexwar.rulesets.aggressor import activity, combat
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.state import Unit

if TYPE_CHECKING:
    from hexwar.rulesets.aggressor.game import AggressorGame


def move(game: AggressorGame, unit: Unit, target: int) -> None:
    """MOVEMENT: one hex; range-0 units' 50% attempt; a bump into an unseen unit; the zone
    of control halt; CBR entry step loss."""
    side = unit.side
    occupant = game.at.get(target)
    if occupant is not None:  # an enemy unit the side did not know about
        game.known[side][target] = None
        if activity.may_attack(game, unit):
            game._report(
                f"unit {unit.number} runs into an unseen unit at {rl.label(target)}",
                side,
                kind="contact",
            )
            combat.attack(game, unit, occupant, "ground")
        else:
            unit.halted = unit.acted = True
            game._report(
                f"unit {unit.number} runs into an unseen unit at {rl.label(target)} and halts",
                side,
                kind="contact",
            )
        return
    unit.acted = True
    if unit.range == 0:
        unit.moved = 1
        ok = game.dice.chance("range-0 move attempt", 0.5)
        game._receipt(
            "move-attempt",
            f"{side} unit {unit.number}: range-0 move attempt",
            Receipt(table="MOVEMENT: 50%", rolls=game.dice.take(), result=ok),
        )
        if not ok:
            game._report(f"unit {unit.number}: Immobile this turn", side, kind="immobile")
            return
    else:
        unit.moved += 1
    enemy = rl.other(side)
    source = unit.cell
    del game.at[source]
    unit.cell = target
    game.at[target] = unit
    unit.entered = True
    game._report(
        f"unit {unit.number} moves {rl.label(source)} -> {rl.label(target)}", side, kind="move"
    )
    zoc = [
        e
        for e in game.units[enemy]
        if rl.DIST[e.cell][source] == 1 and rl.DIST[e.cell][target] == 1
    ]
    if zoc:
        unit.halted = True
        game._report(
            f"unit {unit.number} shifts around an enemy unit and halts (zone of control)",
            side,
            kind="zoc",
        )
    if target in game.cbr:
        combat.step_loss(game, unit, "entered a CBR hex")


def advance_into(game: AggressorGame, unit: Unit, cell: int) -> None:
    """Mobile Attacks: "If any atkd tgt is destroyed, the attacking unit must be moved into
    its place"."""
    del game.at[unit.cell]
    unit.cell = cell
    game.at[cell] = unit
    unit.entered = True
    game._report(f"unit {unit.number} advances into {rl.label(cell)}", unit.side, kind="move")
    if cell in game.cbr:
        combat.step_loss(game, unit, "entered a CBR hex")
