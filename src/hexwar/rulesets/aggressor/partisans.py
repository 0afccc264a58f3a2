"""Partisans (seed 003): their use against the acting side (TURN SEQUENCE C) and the contact
that gains them (SPECIAL FUNCTIONS / Partisan Contact)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwar.core.events import Receipt
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.state import Unit

if TYPE_CHECKING:
    from hexwar.rulesets.aggressor.game import AggressorGame


def use_partisans(game: AggressorGame, user: str, count: int) -> None:
    """TURN SEQUENCE C: a random spot in the acting side's territory per partisan used;
    the acting units within 3 hexes of it are frozen for this turn."""
    acting = game.active
    if count == 0:
        game.log.append(game.round, "partisans", f"{user} holds its partisans", visible_to=user)
        return
    home = [c for c in range(rl.NCELLS) if rl.territory(c) == acting]
    for _ in range(count):
        spot = home[game.dice.choice_index("partisan activity spot", len(home))]
        rolls = game.dice.take()
        game.partisans[user] -= 1
        frozen = [
            u for u in game.units[acting] if rl.DIST[u.cell][spot] <= game.opts.partisan_radius
        ]
        for u in frozen:
            u.frozen = True
        names = ", ".join(f"{u.number} {u.kind}" for u in frozen) or "none"
        game.log.append(
            game.round,
            "partisans",
            f"Partisan activity at {rl.label(spot)}: {acting} units busy this turn: {names}",
            visible_to=acting,
        )
        game.log.append(
            game.round,
            "partisans",
            f"{user} partisans strike at {rl.label(spot)}",
            visible_to=user,
            receipt=Receipt(inputs={"radius": game.opts.partisan_radius}, rolls=rolls),
        )


def partisan_contact(game: AggressorGame, unit: Unit) -> None:
    """SPECIAL FUNCTIONS / Partisan Contact: 50% - 10% x rated attack Strength."""
    p = rl.partisan_chance(unit.attack_strength)
    ok = game.dice.chance("partisan contact", p)
    receipt = Receipt(
        inputs={"attack_strength": unit.attack_strength},
        table="50% - 10% x Strength",
        rolls=game.dice.take(),
        result=ok,
    )
    if ok:
        game.partisans[unit.side] += 1
    game.log.append(
        game.round,
        "partisan-contact",
        f"unit {unit.number} seeks partisans: "
        + (f"contact made ({game.partisans[unit.side]} available)" if ok else "no contact"),
        visible_to=unit.side,
        receipt=receipt,
    )
