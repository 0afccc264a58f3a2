"""Fire and assault on the COMBAT RESULTS TABLE (seed 002): the net strengths, one draw
per SP, the riders struck and the commanders at risk."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexwar.core.events import ALL, Modifier, Receipt
from hexwar.core.hexes import Hex
from hexwar.core.rng import Roll
from hexwar.core.tables import RowLookup
from hexwar.rulesets.tactical import movement, turns
from hexwar.rulesets.tactical.board import product
from hexwar.rulesets.tactical.combat import RESULTS, NetResult, combine, net_defense, outcome_index
from hexwar.rulesets.tactical.plan import Planned
from hexwar.rulesets.tactical.tables import sheet
from hexwar.rulesets.tactical.units import Commander, Unit

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.game import TacticalGame


@dataclass(frozen=True)
class _CrtAttack:
    """A resolved unit attack, ready to become its event's receipt."""

    inputs: dict[str, object]
    row: RowLookup
    modifiers: tuple[Modifier, ...]
    indices: list[int]
    net: NetResult

    def receipt(self, rolls: tuple[Roll, ...]) -> Receipt:
        return Receipt(
            inputs=self.inputs,
            table="COMBAT RESULTS TABLE",
            row=sheet().crt.describe(self.row),
            modifiers=self.modifiers,
            rolls=rolls,
            result={"single": [RESULTS[i] for i in self.indices], "net": self.net.text},
        )


def attack_strengths(
    game: TacticalGame, attacker: Unit, target: Unit, command: int
) -> tuple[float, float, list[tuple[str, float]], bool]:
    """Net attack and net defense strengths of one attack, the terrain modifiers, and
    whether the target counts as hard (sheet: TERRAIN COMBAT MODIFIERS, SPECIAL)."""
    assert attacker.hex is not None
    assert target.hex is not None
    special = game.board.specials.get(target.hex)
    fortified = special in ("bunker", "pillbox") and not target.vehicle
    hard = (special == "pillbox") if fortified else target.hard
    base = attacker.attack_hard if hard else attacker.attack_soft
    mods = game.board.terrain_modifiers(
        attacker.hex, target.hex, vehicle=target.vehicle, improved=target.improved
    )
    attack = (base + command) * product(mods)
    defense = net_defense(target.defense, bunker=fortified)
    return attack, defense, mods, hard


def attack(game: TacticalGame, side: str, p: Planned) -> None:
    a = p.action
    u = game.units[a.unit]
    t = game.units[str(a.target)]
    assert u.hex is not None
    assert t.hex is not None
    if a.verb == "fire" and not u.indirect and not game.line_of_sight(u.hex, t.hex):
        game.log.append(
            game.turn,
            "no-line-of-sight",
            f"{a}: no line of sight from {u.hex} to {t.hex}",
            visible_to=side,
        )
        return
    target_hex = t.hex
    strike(game, u, t, a.verb, p.ap, p.commander, p.command)
    if a.verb == "assault" and not game.units_in(target_hex, t.side) and u.alive:
        frm = u.hex
        u.hex = target_hex
        u.moved = True
        u.improved = False
        for r in game.riders_of(u):
            r.hex = target_hex
            r.moved = True
        game.log.append(
            game.turn,
            "advance",
            f"{u.id} advances from {frm} into {target_hex}",
            visible_to=ALL,
        )
        movement.capture_commanders(game, target_hex, side)
        turns.update_control(game)
    turns.check_combat_units(game, t.side)


def strike(
    game: TacticalGame, u: Unit, t: Unit, verb: str, ap: float, commander: str | None, command: int
) -> None:
    """One unit attack of ``u`` on ``t`` (fire, assault or opportunity fire): AP and
    ammunition spent, the net strengths, one CRT draw per SP of the attacker combined into
    the net result, the commanders' risk, and the result applied (COMBAT RESULTS TABLE)."""
    assert u.hex is not None
    assert t.hex is not None
    riders = game.riders_of(t)
    u.ap -= ap
    u.ammo -= 1
    if commander is not None:
        game.commanders[commander].ap -= ap
    attack = crt_attack(game, u, t, command, "SP attack")
    killed = commander_risk(game, commander, t.hex)
    receipt = attack.receipt(game.dice.take())
    net = attack.net
    text = {
        "assault": f"{u.id} assaults {t.id} at {t.hex}",
        "fire": f"{u.id} fires at {t.id} at {t.hex}",
        "opportunity-fire": f"{u.id} fires at {t.id} moving into {t.hex} (opportunity fire)",
    }[verb]
    game.log.append(game.turn, verb, f"{text}: {net.text}", visible_to=ALL, receipt=receipt)
    for c in killed:
        game.log.append(
            game.turn,
            "commander-killed",
            f"commander {c.name} ({c.side}) is killed at {c.hex}",
            visible_to=ALL,
        )
        c.hex = None
        c.fate = "killed"
    hit_at = t.hex
    game._apply_result(t, net.loss, net.disruption, net.morale_check, u.hex)
    for r in riders:
        if r.alive and r.hex == hit_at and u.alive:
            strike_rider(game, u, r, t.id, command, verb)


def crt_attack(
    game: TacticalGame, u: Unit, t: Unit, command: int, label: str, **extra: object
) -> _CrtAttack:
    """One unit attack on the COMBAT RESULTS TABLE: the net strengths, one draw per SP of
    the attacker (labelled ``label 1``, ``label 2`` ...), the net result."""
    attack, defense, mods, hard = game.attack_strengths(u, t, command)
    row = sheet().crt.lookup(attack, defense)
    chances = [row.values[c] for c in RESULTS[:-1]]
    indices = [outcome_index(chances, game.dice.uniform(f"{label} {k + 1}")) for k in range(u.sp)]
    inputs = {
        "attacker": u.id,
        "target": t.id,
        **extra,
        "attacks": u.sp,
        "base_attack": u.attack_hard if hard else u.attack_soft,
        "command": command,
        "net_attack": round(attack, 4),
        "net_defense": round(defense, 4),
        "target_type": "hard" if hard else "soft",
    }
    modifiers = tuple(Modifier(n, f"x{f:g}") for n, f in mods) + (
        (Modifier("command", f"+{command}"),) if command else ()
    )
    net = combine(indices, game.scenario.combination)
    return _CrtAttack(inputs, row, modifiers, indices, net)


def strike_rider(game: TacticalGame, u: Unit, r: Unit, tank: str, command: int, verb: str) -> None:
    """An attack on a tank also strikes each of its riders (docs/rulings/tactical.md,
    Riders): the same attack on the CRT against the rider as a soft target (the attacker's
    soft attack and the same modifiers, with no cover of its own), one draw per attacker
    SP, no further AP or ammunition. A rider the attack touches is thrown off the tank,
    unless the tank's own result (destroyed, driven back) has already put it off."""
    assert u.hex is not None
    assert r.hex is not None
    attack = crt_attack(game, u, r, command, "rider attack", riding=tank)
    receipt = attack.receipt(game.dice.take())
    net = attack.net
    game.log.append(
        game.turn,
        verb,
        f"{u.id}'s fire also strikes {r.id} riding {tank} at {r.hex}: {net.text}",
        visible_to=ALL,
        receipt=receipt,
    )
    if net.loss or net.disruption or net.morale_check:
        if r.carrier is not None:
            game.log.append(
                game.turn,
                "riders-off",
                f"{r.id} is thrown off {tank} at {r.hex}",
                visible_to=ALL,
            )
            r.carrier = None
            r.mounted = None
        game._apply_result(r, net.loss, net.disruption, net.morale_check, u.hex)


def commander_risk(game: TacticalGame, lender: str | None, target_hex: Hex) -> list[Commander]:
    """The sheet's 4% chance that a commander is killed during an attack (MISCELLANEOUS),
    for the commander lending Command to it and every commander in the target hex; the
    draws go into the attack's receipt (docs/rulings/tactical.md)."""
    at_risk = [c for c in game.commanders.values() if c.hex == target_hex]
    if lender is not None:
        at_risk.insert(0, game.commanders[lender])
    chance = sheet().misc["commander_killed_percent"] / 100.0
    return [c for c in at_risk if game.dice.chance(f"commander {c.id} killed", chance)]
