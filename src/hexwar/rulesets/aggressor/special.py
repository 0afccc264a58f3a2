"""SPECIAL FUNCTIONS (seed 003): supply, replacement, recon and strike missions, indirect fire
and the CBR missile launch."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwar.core.events import Receipt
from hexwar.rulesets.aggressor import combat
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.state import Unit

if TYPE_CHECKING:
    from hexwar.rulesets.aggressor.game import AggressorGame


def supply(game: AggressorGame, unit: Unit, support: Unit) -> None:
    """SPECIAL FUNCTIONS / Supply Request: the Support unit takes a step loss; the supplied
    unit gains Strength if below maximum, else Range."""
    unit.special_done = unit.acted = True
    gained = increment(unit)
    game._report(
        f"unit {unit.number} draws supply from support unit {support.number}: {gained} +1",
        unit.side,
        kind="supply",
    )
    combat.step_loss(game, support, "gave supply")


def increment(unit: Unit) -> str:
    if unit.strength < unit.max_strength:
        unit.strength += 1
        return "strength"
    unit.range += 1
    return "range"


def replacement(game: AggressorGame, unit: Unit) -> None:
    """SPECIAL FUNCTIONS / Replacement: 60% at home, 40% in enemy territory."""
    home = rl.territory(unit.cell) == unit.side
    p = rl.replacement_chance(home)
    ok = game.dice.chance("replacement", p)
    receipt = Receipt(inputs={"home_territory": home}, rolls=game.dice.take(), result=ok)
    gained = increment(unit) if ok else ""
    game.log.append(
        game.round,
        "replacement",
        f"unit {unit.number} seeks replacements: " + (f"{gained} +1" if ok else "none arrive"),
        visible_to=unit.side,
        receipt=receipt,
    )


def air_loss(game: AggressorGame, base: Unit, target: int, strike: bool) -> None:
    """SPECIAL FUNCTIONS / Recon-Strike: the chance of a step loss after the mission."""
    d = rl.DIST[base.cell][target]
    if game.opts.air_loss == "dice":
        sides = game.opts.air_loss_die
        threshold = rl.air_loss_threshold(d, base.strength, strike)
        a = game.dice.die("anti-aircraft die 1", sides)
        b = game.dice.die("anti-aircraft die 2", sides)
        lost = a + b <= threshold
        table = f"2d{sides} <= (distance{' + Strength' if strike else ''}) / 2 = {threshold}"
    else:
        lost = game.dice.chance("anti-aircraft", rl.air_loss_chance(d, base.strength))
        table = "distance / 28 / Strength"
    game._receipt(
        "air-loss",
        f"{base.side} airbase {base.number}: anti-aircraft",
        Receipt(
            inputs={"distance": d, "strength": base.strength},
            table=table,
            rolls=game.dice.take(),
            result=lost,
        ),
    )
    if lost:
        combat.step_loss(game, base, "anti-aircraft measures")


def recon(game: AggressorGame, base: Unit, target: int) -> None:
    """Recon: unobserved enemy units on the traced line are revealed as unidentified."""
    side = base.side
    found = 0
    for c in rl.line_cells(base.cell, target):
        u = game.at.get(c)
        if u is not None and u.side != side and c not in game.known[side]:
            game.known[side][c] = None
            u.seen_by_enemy = True
            found += 1
    game._report(
        f"airbase {base.number} flies recon to {rl.label(target)}: {found} unit(s) found",
        side,
        kind="recon",
    )
    air_loss(game, base, target, strike=False)


def strike(game: AggressorGame, base: Unit, target: int) -> None:
    """Strike: the unit at the target is attacked with the airbase's current Strength."""
    combat.fire(game, base, target, base.strength, "strike")
    if base.strength > 0 and base in game.units[base.side]:
        air_loss(game, base, target, strike=True)


def indirect_fire(game: AggressorGame, gun: Unit, target: int) -> None:
    """Indirect Fire: an attack with the artillery's current Strength out to its Range."""
    combat.fire(game, gun, target, gun.strength, "indirect fire")


def launch(game: AggressorGame, launcher: Unit, target: int) -> None:
    """CBR Missile Launch: implied Strength 4, a hit eliminates, the hex turns CBR, the
    launcher becomes Technical; a survivor is hit by the CBR hex at the start of its turn
    (the timing note)."""
    side = launcher.side
    launcher.missiles = False
    combat.declare_aggressor(game, side, target, "launches CBR missiles")
    defender = game.at.get(target)
    was_cbr = target in game.cbr
    game.cbr.add(target)
    text = f"{side} launches CBR missiles at {rl.label(target)}"
    if defender is None:
        game._report(f"{text}: the hex is contaminated", kind="cbr")
        return
    p = rl.hit_chance(
        rl.MISSILE_ATTACK_STRENGTH,
        defender.strength,
        rough=target in game.rough,
        cbr=was_cbr,
        emplaced=defender.emplaced,
    )
    hit, _ = combat.resolve_hit(game, "missile", p)
    game._receipt(
        "combat",
        text,
        Receipt(
            inputs={"attacker_strength": 4, "defender_strength": defender.strength},
            table="COMBAT: 50% + 10% x (A - D)",
            rolls=game.dice.take(),
            result={"chance": p, "hit": hit},
        ),
    )
    game._report(
        f"{text}: {'hit' if hit else 'miss'}; the hex is contaminated",
        kind="cbr",
        target=rl.label(target),
        results=["hit" if hit else "miss"],
    )
    if hit:
        game._eliminate(defender, public=True)
    else:
        defender.entered_last_turn = False
        if defender.side == side:
            defender.entered = False
