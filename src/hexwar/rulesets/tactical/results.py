"""Combat results applied (seed 002): losses, disruption, the morale check and the retreat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwar.core.events import ALL, Modifier, Receipt
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical import turns
from hexwar.rulesets.tactical.morale import terrain_morale
from hexwar.rulesets.tactical.tables import rules, sheet
from hexwar.rulesets.tactical.units import Unit, other

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.game import TacticalGame


def check_morale(game: TacticalGame, u: Unit, label: str) -> tuple[bool, Receipt]:
    """d10 at or under morale (with leadership) plus the TERRAIN MORALE MODIFIER passes."""
    assert u.hex is not None
    morale = game.led(u)
    mod, parts = terrain_morale(
        game.board.terrain[u.hex],
        hard=u.hard,
        special=game.board.specials.get(u.hex),
        improved=u.improved,
        vehicle=u.vehicle,
    )
    roll = game.dice.die(f"{label} check", 10)
    ok = roll <= morale + mod
    return ok, Receipt(
        inputs={"unit": u.id, "morale": u.morale, "with_leadership": morale},
        table="TERRAIN MORALE MODIFIERS",
        modifiers=tuple(Modifier(n, f"{v:+d}") for n, v in parts),
        rolls=game.dice.take(),
        result=f"d10 {roll} vs {morale + mod}: {'pass' if ok else 'fail'}",
    )


def apply_result(
    game: TacticalGame, t: Unit, loss: int, disruption: bool, morale_check: bool, attacker: Hex
) -> None:
    assert t.hex is not None
    if loss:
        lost = min(loss, t.sp)
        t.sp -= lost
        game.lost[t.side] += lost
        if t.hard:
            w = lost * rules().wreck_per_lost_hard_sp
            game.wrecks[t.hex] = game.wrecks.get(t.hex, 0) + w
        if not t.alive:
            game.log.append(
                game.turn, "eliminated", f"{t.id} is eliminated at {t.hex}", visible_to=ALL
            )
            put_off(game, t, "it is destroyed")
            t.hex = None
            return
    if disruption:
        if t.disrupted:
            morale_check = True  # ruling: a second disruption is a morale check
        else:
            t.disrupted = True
            game.log.append(game.turn, "disrupted", f"{t.id} is disrupted", visible_to=t.side)
    if morale_check:
        ok, receipt = game._morale_check(t, "morale")
        game.log.append(
            game.turn,
            "morale-check",
            f"{t.id} {'holds' if ok else 'breaks'}",
            visible_to=t.side,
            receipt=receipt,
        )
        if not ok:
            t.disrupted = True
            game._retreat(t, attacker)


def retreat(game: TacticalGame, t: Unit, attacker: Hex) -> None:
    """A unit that fails its morale check falls back one hex away from the attacker, to
    the open hex with the fewest adjacent enemies; with nowhere to go it loses 1 SP."""
    assert t.hex is not None
    here = t.hex
    enemy = other(t.side)
    options = []
    for nb in here.neighbors():
        if nb.distance(attacker) <= here.distance(attacker) or nb not in game.board:
            continue
        friends = game.units_in(nb, t.side)
        if game.units_in(nb, enemy):
            continue
        p = sheet().parameters
        there = sum(f.sp for f in friends) + t.sp  # the SPs in the hex with the unit's
        if len(friends) + 1 > p["max_units_per_hex"] or there > p["max_sp_per_hex"]:
            continue
        # more than 12 SPs there negate a road (Parameter Data), a bridge's too
        if game.board.step_cost(here, nb, t.mobility, there) is None:
            continue
        threat = sum(1 for x in nb.neighbors() if game.units_in(x, enemy))
        options.append((threat, nb))
    t.improved = False
    put_off(game, t, "it fails its morale check")
    if options:
        _, to = min(options)
        t.hex = to
        game.log.append(
            game.turn, "retreat", f"{t.id} retreats from {here} to {to}", visible_to=t.side
        )
        turns.update_control(game)
        return
    t.sp -= 1
    game.lost[t.side] += 1
    game.log.append(
        game.turn, "retreat", f"{t.id} cannot retreat from {here}: loses 1 SP", visible_to=ALL
    )
    if not t.alive:  # its riders are off already (above)
        game.log.append(game.turn, "eliminated", f"{t.id} is eliminated at {here}", visible_to=ALL)
        t.hex = None


def put_off(game: TacticalGame, v: Unit, why: str) -> None:
    """The riders of ``v`` get off in its hex, disrupted (docs/rulings/tactical.md,
    Riders: the tank is destroyed or driven back under them)."""
    for r in game.riders_of(v):
        r.carrier = None
        r.mounted = None
        r.disrupted = True
        game.log.append(
            game.turn,
            "riders-off",
            f"{r.id} is thrown off {v.id} at {r.hex} ({why}) and is disrupted",
            visible_to=ALL,
        )
