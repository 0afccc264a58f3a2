"""TURN SEQUENCE B, OBSERVATION (seed 003): what a side sees and identifies of the enemy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.state import Unit, shown_type

if TYPE_CHECKING:
    from hexwar.rulesets.aggressor.game import AggressorGame


def observe(game: AggressorGame, side: str) -> None:
    """OBSERVATION: range = current range; identification criteria; an identified unit is
    carried into the next turn; unidentified ones must be reacquired."""
    enemy = rl.other(side)
    own = game.units[side]
    known: dict[int, str | None] = {}
    now_identified: set[tuple[str, int]] = set()
    carried = game.identified[side]
    for e in game.units[enemy]:
        e_cbr = e.cell in game.cbr
        if not game.opts.observation:
            known[e.cell] = shown_type(e, True, e_cbr)
            e.seen_by_enemy = True
            continue
        observed = identified = False
        e_clear = e.cell not in game.rough
        for o in own:
            d = rl.DIST[o.cell][e.cell]
            if d > o.range:
                continue
            observed = True
            if identifies(game, o, e, d, e_clear):
                identified = True
                break
        key = (enemy, e.number)
        e.seen_by_enemy = observed or key in carried
        if identified:
            now_identified.add(key)
        if observed or key in carried:
            known[e.cell] = shown_type(e, identified or key in carried, e_cbr)
    game.known[side] = known
    game.identified[side] = now_identified
    n_id = sum(1 for t in known.values() if t is not None)
    game.log.append(
        game.round,
        "observation",
        f"{side} observes {len(known)} enemy units ({n_id} identified)",
        visible_to=side,
        data={"observed": len(known), "identified": n_id},
    )


def identifies(game: AggressorGame, o: Unit, e: Unit, d: int, e_clear: bool) -> bool:
    """OBSERVATION, criteria for identification, read as: the observer is not in a CBR hex,
    and (it is dug in, or the observed unit is not emplaced and in clear terrain, or the
    distance is at most Range/2 rounded up) (docs/rulings/aggressor.md)."""
    if o.cell in game.cbr:
        return False
    return o.emplaced or (not e.emplaced and e_clear) or d <= (o.range + 1) // 2
