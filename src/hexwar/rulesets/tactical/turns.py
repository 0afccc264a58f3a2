"""The turn sequence: a side's phase starts (smoke clears, recovery, supply, action points)
and ends (improved positions, objectives, the break point, the final score)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwar.core.events import ALL, Receipt
from hexwar.rulesets.tactical import supply
from hexwar.rulesets.tactical.scenario import SIDES
from hexwar.rulesets.tactical.tables import rules, sheet
from hexwar.rulesets.tactical.units import Unit, other

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.game import TacticalGame


def start_phase(game: TacticalGame) -> None:
    side = game.mover
    game.log.append(
        game.turn,
        "phase",
        f"Turn {game.turn} of {game.scenario.turns} (minute "
        f"{(game.turn - 1) * sheet().parameters['minutes_per_turn']}): {side} phase",
        visible_to=ALL,
    )
    for h in [h for h, s in game.smoke.items() if s == side]:
        del game.smoke[h]
    for u in game._own(side):
        u.moved = False
        if u.disrupted:
            recover(game, u)
        u.ap = u.ap_max if not u.disrupted else u.ap_max // 2
    for c in game.commanders.values():
        if c.side == side:
            c.ap = c.ap_max
    supply.supply(game, side)


def recover(game: TacticalGame, u: Unit) -> None:
    """A disrupted unit recovers on a morale check at the start of its phase."""
    ok, receipt = game._morale_check(u, "recovery")
    if ok:
        u.disrupted = False
    game.log.append(
        game.turn,
        "recovery",
        f"{u.id} {'recovers from' if ok else 'stays in'} disruption",
        visible_to=u.side,
        receipt=receipt,
    )


def end_phase(game: TacticalGame) -> None:
    side = game.mover
    chance = sheet().misc["improved_position_percent"] / 100.0
    dug = [
        u.id
        for u in game._own(side)
        if not (u.moved or u.improved or u.mounted)
        and game.dice.chance(f"{u.id} improved position", chance)
    ]
    for uid in dug:
        game.units[uid].improved = True
    rolls = game.dice.take()
    if rolls:
        text = f"improved positions: {', '.join(dug)}" if dug else "no improved positions"
        game.log.append(
            game.turn,
            "improved-position",
            text,
            visible_to=side,
            receipt=Receipt(rolls=rolls, result=dug),
        )
    update_control(game)
    for s in SIDES:
        if not any(u.kind != "hq" for u in game._own(s)):
            game._finish(other(s), f"{s} has no combat units left")
            return
    if broken(game):
        return
    if game.phase == 0:
        game.phase = 1
    else:
        game.phase = 0
        game.turn += 1
        if game.turn > game.scenario.turns:
            final_score(game)
            return
    start_phase(game)


def update_control(game: TacticalGame) -> None:
    for h in game.objectives:
        here = {u.side for u in game.units_in(h)}
        if len(here) == 1:
            (owner,) = here
            if game.control[h] != owner:
                game.control[h] = owner
                game.log.append(
                    game.turn, "objective", f"{owner} takes objective {h}", visible_to=ALL
                )


def score(game: TacticalGame) -> dict[str, int]:
    """Victory points: objectives held plus enemy SPs eliminated (docs/tactical.md)."""
    vp = dict.fromkeys(SIDES, 0)
    for h, v in game.objectives.items():
        owner = game.control[h]
        if owner is not None:
            vp[owner] += v
    for s in SIDES:
        vp[s] += game.lost[other(s)] * rules().vp_per_sp
    return vp


def combat_losses(game: TacticalGame, side: str) -> tuple[int, int]:
    """SPs the side's combat units (not HQs) have lost, of their starting SPs."""
    units = [u for u in game.units.values() if u.side == side and u.kind != "hq"]
    return sum(u.max_sp - max(u.sp, 0) for u in units), sum(u.max_sp for u in units)


def broken(game: TacticalGame) -> bool:
    """The scenario's break point (docs/tactical.md, Winning): at the end of a phase a side
    whose combat units have lost at least ``break_percent`` % of their starting SPs breaks
    and loses; if both do, the one that lost the larger share (equal: a draw)."""
    limit = game.scenario.break_percent
    if limit is None:
        return False
    share = {}
    for s in SIDES:
        lost, start = game.combat_losses(s)
        share[s] = (lost / start if start else 0.0, lost, start)
    broken = [s for s in SIDES if 100 * share[s][1] >= limit * share[s][2]]
    if not broken:
        return False
    a, b = SIDES
    if len(broken) == 2:
        winner = None if share[a][0] == share[b][0] else (a if share[a][0] < share[b][0] else b)
        loser = other(winner) if winner else a
    else:
        loser = broken[0]
        winner = other(loser)
    _, lost, start = share[loser]
    game._finish(
        winner,
        f"{loser} breaks: its combat units lost {lost} of {start} SPs "
        f"(break point {limit}%)" + ("" if winner else "; so does the other side: a draw"),
    )
    return True


def final_score(game: TacticalGame) -> None:
    vp = game.score()
    a, b = SIDES
    winner = None if vp[a] == vp[b] else (a if vp[a] > vp[b] else b)
    text = f"after {game.scenario.turns} turns, {a} {vp[a]} VP, {b} {vp[b]} VP"
    game._finish(winner, text)


def check_combat_units(game: TacticalGame, side: str) -> None:
    """A side left without combat units (only HQs) loses at once (docs/tactical.md)."""
    if game._outcome is None and not any(x.kind != "hq" for x in game._own(side)):
        game._finish(other(side), f"{side} has no combat units left")
