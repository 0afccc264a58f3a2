"""A period's commands (seed 000 §4): each checked against the state, the refused ones named
at once, then carried out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.idahex import arrivals, exchanges, strikes
from hexwar.rulesets.idahex.engine import DeliveryOrder, TaskForce, UnitState
from hexwar.rulesets.idahex.orders import (
    Cancel,
    Commands,
    Delivery,
    Mission,
    Strike,
    Transfer,
    Undeliver,
)
from hexwar.rulesets.idahex.postures import DESTROYED, Order, posture_class
from hexwar.rulesets.idahex.view import SIDE_NO

if TYPE_CHECKING:
    from hexwar.rulesets.idahex.game import IdahexGame


def check(game: IdahexGame, side: str, order: Commands) -> None:
    """Every command checked; all the refused ones are named at once (command number, the
    command, the reason and its rule), not only the first."""
    s = SIDE_NO[side]
    claimed: set[int] = set()
    refused: list[tuple[int, object, IllegalOrderError]] = []
    for n, c in enumerate(order.commands, start=1):
        try:
            check_command(game, s, c, claimed)
        except IllegalOrderError as e:
            refused.append((n, c, e))
    if len(refused) == 1 and len(order.commands) == 1:
        raise refused[0][2]
    if refused:
        first = refused[0][2]
        raise IllegalOrderError(
            "; ".join(f"command {n} ({c}): {e}" for n, c, e in refused),
            order=first.order,
        )


def check_command(game: IdahexGame, s: int, c: object, claimed: set[int]) -> None:
    """One command checked against the state (the rules named in each refusal)."""
    if isinstance(c, Mission):
        check_orders(game, c.orders)
        if c.task_force is None:
            arrivals.check_not_awaited(game.engine, game.awaited, c.units)
            check_units(game, s, c.units, claimed)
        else:
            tf = check_task_force(game, s, c.task_force)
            arrivals.check_not_awaited(game.engine, game.awaited, tf.units)
    elif isinstance(c, Cancel):
        tf = check_task_force(game, s, c.task_force)
        arrivals.check_not_awaited(game.engine, game.awaited, tf.units)
    elif isinstance(c, Transfer):
        check_cell(game, c.cell)
        for n in (*(c.givers or ()), *(c.takers or ())):
            check_own(game, s, n)
        nrs = game.rules.resources[s - 1].nrs
        for irs, amount in c.amounts:
            if not 1 <= irs <= nrs or amount < 0:
                raise IllegalOrderError(
                    f"transfer amount {irs}={amount:g}: resource types are 1..{nrs} "
                    "and amounts are >= 0",
                    rule="seed 000 §4.2.1",
                    order=str(c),
                )
    elif isinstance(c, Delivery):
        check_cell(game, c.cell)
        check_task_force(game, s, c.task_force)
        if not 0 <= c.size <= 1:
            raise IllegalOrderError(
                f"delivery size {c.size:g}: must be between 0 and 1",
                rule="seed 000 §4.2.2",
                order=str(c),
            )
        for n in c.recipients:
            check_own(game, s, n)
    elif isinstance(c, Strike):
        strikes.checked_strike(game, s, c)
    elif isinstance(c, Undeliver):
        d = game.engine.deliveries.get(c.number)
        if d is None or d.side != s:
            raise IllegalOrderError(
                f"you have no delivery order {c.number}", rule="seed 000 §4.2.2"
            )


def check_orders(game: IdahexGame, orders: tuple[Order, ...]) -> None:
    postures = game.active_postures
    ncells = game.rules.design.ncells
    for o in orders:
        p = o.posture
        # posture_class(p) as its number, p // 10, for a posture number (the checks it makes;
        # a first mission may hold hundreds of orders)
        pc = p // 10 if type(p) is int and (p == DESTROYED or 0 <= p <= 49) else posture_class(p)
        if pc >= 1 and o.posture not in postures:
            raise IllegalOrderError(
                f"order {o}: posture {o.posture} does not exist in this game "
                f"(postures: {', '.join(map(str, sorted(postures)))})",
                rule="seed 000 §2.2.1",
                order=str(o),
            )
        if not 1 <= o.objective <= ncells:
            check_cell(game, o.objective)  # (which refuses it)


def check_cell(game: IdahexGame, cell: int) -> None:
    if not 1 <= cell <= game.rules.design.ncells:
        raise IllegalOrderError(
            f"cell {cell} is not in the area of war (cells 1..{game.rules.design.ncells})",
            rule="seed 000 §2.1",
        )


def check_own(game: IdahexGame, s: int, n: int) -> UnitState:
    u = game.engine.units.get(n)
    if u is None or u.side != s:
        raise IllegalOrderError(f"unit {n} is not one of your units", rule="seed 000 §4")
    return u


def check_units(game: IdahexGame, s: int, units: tuple[int, ...], claimed: set[int]) -> None:
    if not units:
        raise IllegalOrderError("a new mission needs its units", rule="seed 000 §4.1")
    for n in units:
        u = check_own(game, s, n)
        if n in claimed or u.tf is not None:
            raise IllegalOrderError(
                f"unit {n} already belongs to a task force; modify its mission instead",
                rule="seed 000 §3",
            )
        if u.posture == DESTROYED:
            raise IllegalOrderError(f"unit {n} is destroyed", rule="seed 000 §3.2.7")
    members = [game.engine.units[n] for n in units]
    if len({u.status for u in members}) > 1:
        # §3: "A 'task force' is a collection of one or more battle units ... that have the
        # same status"; refused here, with the commands, not later in the log.
        listed = ", ".join(f"unit {u.number} {u.status}" for u in members)
        raise IllegalOrderError(
            f"the elements of a task force must have the same status: {listed}",
            rule="seed 000 §3",
        )
    claimed.update(units)


def check_task_force(game: IdahexGame, s: int, number: int) -> TaskForce:
    tf = game.engine.task_forces.get(number)
    if tf is None or tf.side != s:
        raise IllegalOrderError(f"you have no task force {number}", rule="seed 000 §4.1")
    return tf


def execute(game: IdahexGame, s: int, c: object) -> None:
    e = game.engine
    if isinstance(c, Mission):
        if c.task_force is None:
            tf = e.create_mission(s, c.units, c.orders, c.mode)
            e.note("mission", f"mission {tf.number} created: {c}", [s], player_level=0)
        else:
            e.modify_mission(s, c.task_force, c.orders)
    elif isinstance(c, Cancel):
        e.modify_mission(s, c.task_force, ())
    elif isinstance(c, Transfer):
        exchanges.carry_out_transfer(game, s, c)
    elif isinstance(c, Delivery):
        number = max(e.deliveries, default=0) + 1
        e.deliveries[number] = DeliveryOrder(number, s, c.task_force, c.cell, c.size, c.recipients)
        e.note("delivery", f"delivery order {number}: {c}", [s], player_level=0)
    elif isinstance(c, Undeliver):
        del e.deliveries[c.number]
    elif isinstance(c, Strike):
        strikes.fly_strike(game, s, c)
