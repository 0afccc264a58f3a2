"""COMBAT (seed 003): attacks, assaults, ambushes and fire; step losses and elimination; the
aggressor declared."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwar.core.events import Modifier, Receipt
from hexwar.rulesets.aggressor import movement
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.state import Unit

if TYPE_CHECKING:
    from hexwar.rulesets.aggressor.game import AggressorGame

_VERBS = {"ambush": "ambushes"}  # the forms of attack as verbs, where adding 's' will not do


def step_loss(game: AggressorGame, unit: Unit, cause: str) -> None:
    """A step loss (COMBAT): Range first, then Strength; Strength 0 eliminates."""
    unit.range, unit.strength = rl.step_loss(unit.range, unit.strength)
    game._report(
        f"{unit.side} unit {unit.number} ({unit.kind}) at {rl.label(unit.cell)} takes a step "
        f"loss ({cause}): now range {unit.range}, strength {unit.strength}",
        unit.side,
        kind="step-loss",
    )
    if unit.strength <= 0:
        game._eliminate(unit)


def eliminate(game: AggressorGame, unit: Unit, *, public: bool = False) -> None:
    """COMBAT: 'removed from the map and irretrievably eliminated'. Both sides hear of it
    when the enemy knew the unit or ``public`` (a hit both sides were told of); otherwise
    only its owner (docs/rulings/aggressor.md)."""
    game.units[unit.side].remove(unit)
    del game.at[unit.cell]
    enemy = rl.other(unit.side)
    known = unit.cell in game.known[enemy]
    game.known[enemy].pop(unit.cell, None)
    game.identified[enemy].discard((unit.side, unit.number))
    game._report(
        f"The unit at {rl.label(unit.cell)} is eliminated",
        None if known or public else unit.side,
        kind="eliminated",
    )


def declare_aggressor(game: AggressorGame, side: str, target: int, why: str) -> None:
    """GAME OBJECT: the first side to attack on the enemy's side of the border."""
    if game.aggressor is None and rl.territory(target) == rl.other(side):
        game.aggressor = side
        game._report(
            f"{side} {why} across the border at {rl.label(target)}: {side} is the "
            "AGGRESSOR for the rest of the game",
            kind="aggressor",
        )


def resolve_hit(game: AggressorGame, label: str, p: float) -> tuple[bool, int | float]:
    """One attack roll: a uniform draw against ``p``, or with the die factor a d10 that
    hits on at most 10 p spots and always on a 1."""
    if game.opts.die_factor:
        roll = game.dice.die(label, 10)
        return roll == 1 or roll <= rl.die_hit_chance(p) * 10 + 1e-9, roll
    return game.dice.chance(label, p), 0


def attack(game: AggressorGame, attacker: Unit, defender: Unit, how: str) -> None:
    """COMBAT: a normal attack, an Assault or an Ambush."""
    side = attacker.side
    declare_aggressor(game, side, defender.cell, "attacks")
    attacker.attacked = attacker.acted = True
    ambush = attacker.moved == 0 and not attacker.seen_by_enemy
    if game.opts.mobile_attacks:
        attacker.moved += 1  # OPTIONAL RULES / Mobile Attacks: the attack uses a point
        assault = rl.DIST[attacker.start_cell][defender.cell] > 1
    else:
        assault = rl.DIST[attacker.start_cell][attacker.cell] > 1
    ambush = ambush and not assault
    form = "assault" if assault else "ambush" if ambush else "attack"
    d_cell = defender.cell
    rough = d_cell in game.rough
    cbr = d_cell in game.cbr
    d_strength = defender.strength  # before the attack, for the receipt
    p = rl.hit_chance(
        attacker.strength, d_strength, rough=rough, cbr=cbr, emplaced=defender.emplaced
    )
    results: list[str] = []
    if assault:
        hit = game.dice.chance("assault", 0.5)
        results.append("hit" if hit else "miss")
        if hit:
            defender.strength -= 1
    else:
        for n in range(2 if ambush else 1):
            hit, _ = resolve_hit(game, f"attack {n + 1}", p)
            results.append("hit" if hit else "miss")
            if hit:
                defender.range, defender.strength = rl.step_loss(defender.range, defender.strength)
            if defender.strength <= 0:
                break
    game._receipt(
        "combat",
        f"{side} {attacker.kind} {form} on {rl.label(d_cell)}",
        Receipt(
            inputs={
                "attacker_strength": attacker.strength,
                "defender_strength": d_strength,
                "form": form,
            },
            table="COMBAT: 50% + 10% x (A - D)",
            modifiers=tuple(
                m
                for m, on in (
                    (Modifier("rough or CBR defender", "-10%"), rough or cbr),
                    (Modifier("emplaced defender", "-10%"), defender.emplaced),
                )
                if on
            ),
            rolls=game.dice.take(),
            result={"chance": 0.5 if assault else p, "results": results},
        ),
    )
    combat_report(game, side, attacker.kind, defender, form, results)
    if (
        game.opts.mobile_attacks
        and defender.strength <= 0
        and how == "ground"
        and attacker.strength > 0
    ):
        game._eliminate(defender)
        movement.advance_into(game, attacker, d_cell)
    elif defender.strength <= 0:
        game._eliminate(defender)


def combat_report(
    game: AggressorGame, side: str, kind: str, defender: Unit, form: str, results: list[str]
) -> None:
    """COMBAT: the attacker's type, the defender's hex, the form and the result go to both
    sides, with {DEF} if the defender is emplaced."""
    dfn = " {DEF}" if defender.emplaced else ""
    game._report(
        f"{side} {kind} {_VERBS.get(form, form + 's')} {rl.label(defender.cell)}{dfn}: "
        f"{', '.join(results)}",
        kind="combat",
        attacker_side=side,
        attacker_type=kind,
        target=rl.label(defender.cell),
        form=form,
        results=results,
        emplaced=defender.emplaced,
    )


def fire(game: AggressorGame, shooter: Unit, target: int, strength: int, form: str) -> None:
    side = shooter.side
    defender = game.at.get(target)
    if defender is None or defender.side == side:
        game._report(
            f"{side} {shooter.kind} {form} at {rl.label(target)}: no target there",
            side,
            kind="combat",
        )
        return
    declare_aggressor(game, side, target, f"opens {form}")
    rough, cbr = target in game.rough, target in game.cbr
    p = rl.hit_chance(strength, defender.strength, rough=rough, cbr=cbr, emplaced=defender.emplaced)
    hit, _ = resolve_hit(game, form, p)
    game._receipt(
        "combat",
        f"{side} {shooter.kind} {form} on {rl.label(target)}",
        Receipt(
            inputs={"attacker_strength": strength, "defender_strength": defender.strength},
            table="COMBAT: 50% + 10% x (A - D)",
            rolls=game.dice.take(),
            result={"chance": p, "hit": hit},
        ),
    )
    if hit:
        defender.range, defender.strength = rl.step_loss(defender.range, defender.strength)
    game.known[side].setdefault(target, None)
    combat_report(game, side, shooter.kind, defender, form, ["hit" if hit else "miss"])
    if defender.strength <= 0:
        game._eliminate(defender)
