"""Movement (seed 002, MOVEMENT): a move hex by hex, the commanders it captures, and the
opportunity fire it draws (docs/rulings/tactical.md)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from hexwar.core.events import ALL
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical import fire, turns
from hexwar.rulesets.tactical.orders import Action
from hexwar.rulesets.tactical.plan import Planned
from hexwar.rulesets.tactical.tables import rules, sheet
from hexwar.rulesets.tactical.units import Commander, Unit, other

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.game import TacticalGame


def move(game: TacticalGame, side: str, a: Action, p: Planned) -> None:
    mover: Unit | Commander = game.units.get(a.unit) or game.commanders[a.unit]
    mobility = mover.mobility if isinstance(mover, Unit) else "foot"
    riders = game.riders_of(mover) if isinstance(mover, Unit) else []
    sp = mover.sp + sum(r.sp for r in riders) if isinstance(mover, Unit) else 0
    path = list(p.path)
    spent = 0.0
    stopped = None
    pinned: Hex | None = None  # where opportunity fire stopped the move
    fired: set[str] = set()  # enemy units that have fired at this move already
    for frm, to in itertools.pairwise(path):
        if game.units_in(to, other(side)):
            stopped = to
            break
        here = sum(u.sp for u in game.units_in(to, side) if u is not mover) + sp
        cost = game.board.step_cost(frm, to, mobility, here)
        assert cost is not None
        spent += cost
        mover.hex = to
        for r in riders:  # riders move with their tank
            if r.carrier == mover.id:
                r.hex = to
        capture_commanders(game, to, side)
        if isinstance(mover, Unit):
            was_disrupted = mover.disrupted
            opportunity_fire(game, mover, fired)
            if not mover.alive or mover.hex != to or (mover.disrupted and not was_disrupted):
                pinned = to
                break
    if isinstance(mover, Unit):
        mover.moved = True
        mover.improved = False
        for r in riders:
            if r.carrier == mover.id:
                r.moved = True
                r.improved = False
    if pinned is not None:
        # Disrupted, driven back or destroyed by opportunity fire: the move ends there and
        # the unit goes to ground for the rest of its phase (docs/rulings/tactical.md). The
        # hex named is the one the fire hit (a retreat from it is its own side's secret).
        assert isinstance(mover, Unit)
        mover.ap = 0.0
        for r in game.riders_of(mover):
            r.ap = 0.0
        if mover.alive:
            game.log.append(
                game.turn,
                "pinned",
                f"{a.unit}'s move is stopped by opportunity fire at {pinned}",
                visible_to=ALL,
            )
        turns.update_control(game)
        return
    mover.ap -= spent
    for r in riders:  # the riders spent the same minutes as their tank
        if r.carrier == mover.id:
            r.ap = min(r.ap, mover.ap)
    if stopped is not None:
        game.log.append(
            game.turn,
            "contact",
            f"{a.unit} runs into enemy units at {stopped} and stops at {mover.hex}",
            visible_to=ALL,
        )
    else:
        game.log.append(
            game.turn, "move", f"{a.unit} moves to {mover.hex} ({spent:g} AP)", visible_to=side
        )
    turns.update_control(game)


def capture_commanders(game: TacticalGame, h: Hex, side: str) -> None:
    """An enemy commander alone in a hex a unit enters is lost (docs/rulings/tactical.md)."""
    if not game.units_in(h, side):
        return
    for c in game.commanders.values():
        if c.side != side and c.hex == h and not game.units_in(h, c.side):
            c.hex = None
            c.fate = "captured"
            game.log.append(
                game.turn,
                "commander-lost",
                f"commander {c.name} is captured at {h}",
                visible_to=ALL,
            )


def command_for(game: TacticalGame, u: Unit, cost: float) -> tuple[str | None, int]:
    """The friendly commander stacked with ``u`` with the highest Command among those with
    at least ``cost`` AP left (COMMANDERS, COMMAND), as :meth:`Planner.command_for`."""
    best: tuple[str | None, int] = (None, 0)
    for c in sorted(game.commanders.values(), key=lambda c: c.id):
        if c.side == u.side and c.hex == u.hex and c.ap >= cost and c.command > best[1]:
            best = (c.id, c.command)
    return best


def opportunity_fire(game: TacticalGame, mover: Unit, fired: set[str]) -> None:
    """Enemy units fire at ``mover`` as it enters a hex (docs/rulings/tactical.md,
    "Opportunity fire"): each enemy combat unit that is not disrupted or riding, has
    ammunition and a fire action's AP left from its own phase, has the hex within its range
    and sight (visibility and line of sight), has not yet fired at this move, and would
    fire at net odds of at least ``opportunity_fire_odds``. The best odds fire first; the
    fire stops when the mover is destroyed, driven out of the hex or disrupted."""
    if not game.scenario.opportunity_fire:
        return
    at = mover.hex
    assert at is not None
    cost = float(rules().fire_ap)
    least = game.opportunity_odds
    crt = sheet().crt
    sp_by_hex = game._sp_by_hex()
    ready: list[tuple[float, str]] = []
    for f in game._own(other(mover.side)):
        assert f.hex is not None
        d = f.hex.distance(at)
        if (
            f.id in fired
            or f.kind == "hq"
            or f.disrupted
            or f.mounted
            or f.ammo < 1
            or f.ap < cost
            or d > f.range
            or d > game.visibility
            or not game.line_of_sight(f.hex, at, sp_by_hex)
        ):
            continue
        _, command = command_for(game, f, cost)
        attack, defense, _, _ = game.attack_strengths(f, mover, command)
        odds = crt.ratio(attack, defense)
        if odds > 0 and odds >= least:
            ready.append((-odds, f.id))
    was_disrupted = mover.disrupted
    for _, fid in sorted(ready):
        if not mover.alive or mover.hex != at or mover.disrupted != was_disrupted:
            return
        if game._outcome is not None:
            return
        f = game.units[fid]
        commander, command = command_for(game, f, cost)
        fired.add(fid)
        fire.strike(game, f, mover, "opportunity-fire", cost, commander, command)
        turns.check_combat_units(game, mover.side)
