"""What one side sees of an Aggressor game: its own units and what it has learnt of the enemy."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.state import Unit

if TYPE_CHECKING:
    from hexwar.rulesets.aggressor.game import AggressorGame


def view(game: AggressorGame, side: str) -> dict[str, Any]:
    enemy = rl.other(side)
    known = game.known[side]
    return {
        "side": side,
        "phase": game.phase,
        "round": game.round,
        "max_rounds": game.scenario.max_rounds,
        "active": game.active if game.phase != "setup" else game.setup_side,
        "first_mover": game.first_mover,
        "aggressor": game.aggressor,
        "options": game.opts.model_dump(mode="json"),
        "terrain": list(game.scenario.terrain),
        "cbr": sorted(rl.label(c) for c in game.cbr),
        "control": dict(zip(rl.SECTOR_NAMES, game.control, strict=True)),
        "partisans": game.partisans[side],
        "partisans_to_use": game.partisans[side]
        if game.phase == "partisans" and game.active == enemy
        else 0,
        "setup_due": game.phase == "setup" and game.setup_side == side,
        "units": [unit_view(game, u) for u in game.units[side]],
        "enemy": [{"at": rl.label(c), "type": t} for c, t in sorted(known.items())],
        "enemy_units_left": len(game.units[enemy]) if not game.opts.observation else None,
    }


def unit_view(game: AggressorGame, u: Unit) -> dict[str, Any]:
    return {
        "number": u.number,
        "type": u.kind,
        "at": rl.label(u.cell),
        "range": u.range,
        "strength": u.strength,
        "max_range": u.max_range,
        "max_strength": u.max_strength,
        "start": rl.label(u.start_cell),
        "moved": u.moved,
        "halted": u.halted,
        "attacked": u.attacked,
        "special_done": u.special_done,
        "acted": u.acted,
        "frozen": u.frozen,
        "emplaced": u.emplaced,
        "in_cbr": u.cell in game.cbr,
    }
