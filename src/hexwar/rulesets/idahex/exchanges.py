"""Resource transfers and supply deliveries between units (seed 000 §4.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.idahex.engine import DeliveryOrder, Engine, TaskForce, UnitState
from hexwar.rulesets.idahex.orders import (
    Transfer,
)
from hexwar.rulesets.idahex.transfer import deliver, transfer

if TYPE_CHECKING:
    from hexwar.rulesets.idahex.game import IdahexGame


def resource_rows(game: IdahexGame, units: list[UnitState]) -> tuple[Any, Any, Any]:
    res = np.array([u.resources for u in units])
    toe = np.array([game.rules.toe[u.butype - 1] for u in units])
    acc = np.array([game.rules.accepts[u.butype - 1] for u in units])
    return res, toe, acc


def carry_out_transfer(game: IdahexGame, s: int, c: Transfer) -> None:
    e = game.engine
    itrfp = game.rules.itrfp
    here = e.units_at(c.cell, s)
    givers = (
        list(c.givers) if c.givers is not None else [u.number for u in here if u.posture == itrfp]
    )
    takers = (
        list(c.takers) if c.takers is not None else [u.number for u in here if u.posture != itrfp]
    )
    for n in givers:
        u = e.units[n]
        if u.location != c.cell or u.posture != itrfp:
            raise IllegalOrderError(
                f"giver {n} must be in cell {c.cell} in the transfer posture {itrfp} "
                f"(it is {u.status})",
                rule="seed 000 §4.2",
            )
    for n in takers:
        u = e.units[n]
        if u.location != c.cell or not 10 <= u.posture <= 49:
            raise IllegalOrderError(
                f"taker {n} must be active in cell {c.cell} (it is {u.status})",
                rule="seed 000 §4.2",
            )
    nrs = game.rules.resources[s - 1].nrs
    amounts: list[float | None] = [None] * nrs
    for irs, a in c.amounts:
        amounts[irs - 1] = a
    exchange(game, s, givers, takers, "transfer", amounts=amounts)


def exchange(
    game: IdahexGame,
    s: int,
    givers: list[int],
    takers: list[int],
    what: str,
    *,
    amounts: list[float | None] | None = None,
    size: float | None = None,
) -> None:
    e = game.engine
    numbers = sorted(set(givers) | set(takers))
    units = [e.units[n] for n in numbers]
    res, toe, acc = resource_rows(game, units)
    if size is None:
        result = transfer(numbers, res, toe, acc, givers, takers, amounts)
    else:
        result = deliver(numbers, res, toe, acc, givers, takers, size)
    for u, row in zip(units, result.resources, strict=True):
        u.resources = np.array(row, dtype=np.float64)
    for w in result.warnings:
        e.note("warning", f"{what}: {w}", [s], player_level=0)
    names = game.rules.resources[s - 1].names
    moved = ", ".join(f"{a:.6g} {names[i]}" for i, a in enumerate(result.moved) if a)
    e.note(
        what,
        f"{what} from units {', '.join(map(str, givers))} to units "
        f"{', '.join(map(str, takers))}: {moved or 'nothing moved'}",
        [s],
        player_level=0,
    )


def deliver_order(game: IdahexGame, engine: Engine, tf: TaskForce) -> None:
    """§4.2.2: the task force has entered the transfer posture; execute (or generate and
    execute) its delivery order for this cell."""
    dd = engine.tf_status(tf).location
    order = next(
        (
            d
            for d in engine.deliveries.values()
            if d.task_force == tf.number and d.cell == dd and d.side == tf.side
        ),
        None,
    )
    if order is None:
        order = DeliveryOrder(0, tf.side, tf.number, dd, 1.0)
    else:
        del engine.deliveries[order.number]
    if order.recipients:
        takers = [
            n for n in order.recipients if engine.units[n].active and engine.units[n].location == dd
        ]
    else:
        takers = [u.number for u in engine.units_at(dd, tf.side) if u.posture != game.rules.itrfp]
    if not takers:
        return
    exchange(game, tf.side, list(tf.units), takers, "delivery", size=order.size)
