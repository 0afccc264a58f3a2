"""Supply consumption (seed 000 §7): each frame's demands, pooled within task forces, and the
consumption reported at cycle starts."""

from __future__ import annotations

from math import copysign
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from hexwar.rulesets.idahex.combat_functions import BATCH_FROM
from hexwar.rulesets.idahex.design_data import SIDE_NAMES
from hexwar.rulesets.idahex.engine import Engine, UnitState, _Engagements
from hexwar.rulesets.idahex.supplies import (
    SupplyTables,
    consume_trusted,
    demand,
    engaged_demand_trusted,
    engaged_demands_trusted,
    nonengaged_demands,
)

if TYPE_CHECKING:
    from hexwar.rulesets.idahex.game import IdahexGame

_DEMANDS_KEPT = 4096
"""At most this many nonengaged demands are kept (then forgotten all at once)."""

_ENGAGED_TOGETHER = 8
"""From this many engaged units of a side in a frame, their demands are worked out together
(:func:`engaged_demands_trusted`, the same bits as one by one)."""


def _runs_short(u: UnitState, sup: slice) -> bool:
    """Whether the unit holds none of some supply type (``sup``: its side's supply columns,
    §7); kept in its memo (the columns of a unit never change)."""
    found = u.memo.get("runs short")
    if found is None:
        # numpy's min of the stocks <= 0, in Python floats: numpy's min is NaN where a stock
        # is NaN (never <= 0), and otherwise the least of them, as Python's min.
        held = u.resources[sup].tolist()
        found = u.memo["runs short"] = min(held) <= 0 and all(x == x for x in held)
    return found


def consume_supplies(game: IdahexGame, engine: Engine) -> None:
    """§7: every active unit's consumption in the frame just ended, pooled within task
    forces; then moving task forces out of supplies stop."""
    engaged: set[int] = set()
    frinvs: dict[int, Any] | None = None
    engagements = engine.engagements
    if engagements:
        if isinstance(engagements, _Engagements):
            # the engine's index of the engagements' units: every unit some engagement lists
            engaged = set(engagements.index.cells)
        else:
            engaged = {n for g in engagements.values() for n in g.attackers | g.defenders}
        if len(engaged) >= BATCH_FROM:
            # The engaged forces' frinv, together (§5.4.1), the same arrays as one by one:
            # prefetch allocates a side's forces together from BATCH_FROM of them, and a
            # side has no more forces than engaged units (below that it would only look).
            # What it found by unit holds for the demands of both sides: a side's forces
            # are its own units, whose holdings only its own consumption changes, after
            # its demands; the other side's consumption and stopped task forces change
            # no engagement, no task force's mode and none of its holdings.
            frinvs = game.combat.prefetch(engine)
    for s, tables, sup in _playing(game):
        # Only an active unit consumes (§2.2.1: posture 10 and up); where class 1 (and so a
        # passenger's class) consumes nothing while not engaged, only a unit in a higher
        # class or engaged does. The others' demand is 0: they are left out, most units of
        # most frames, in one pass before anything else (a quiet frame ends here).
        # The units able to consume depend on the postures and on the engaged units alone:
        # while the side's count of moves (UnitState.versions: any change of a unit's
        # location, posture or objective) and the engaged units are those of the last
        # frame, they are the units found then (a change of holdings leaves them).
        moves = engine.unit_versions[s + 2]
        kept = game._kept.get(("able", s))
        if kept is not None and kept[0] == moves and kept[1] == engaged:
            able, asking = kept[2], kept[3]
        else:
            own = game._own_units[s - 1]
            if not tables.idle[0]:
                able = [u for u in own if u.posture >= 10]
            elif engaged:
                able = [
                    u for u in own if u.posture >= 20 or (u.posture >= 10 and u.number in engaged)
                ]
            else:
                able = [u for u in own if u.posture >= 20]
            # A unit in movement (posture 30 to 39) is never engaged: it demands at the
            # rates of class 3, or of class 1 as a passenger. Where both consume nothing
            # (as in a theater where only combat consumes), it asks for no demand.
            asking = able
            if tables.idle[0] and tables.idle[2]:
                asking = [u for u in able if not 30 <= u.posture < 40]
            game._kept[("able", s)] = (moves, engaged, able, asking)
        if asking:
            tframe = game.rules.design.tframe
            demands = frame_demands(game, engine, tables, asking, tframe, engaged, frinvs)
            if demands:
                consume(game, engine, demands, sup)
        # A moving task force's first unit is a unit of the side in class 3 (posture 30 to
        # 39), so among those able to consume (all of posture 20 and up): where none is, no
        # task force of the side can stop for want of supplies.
        if not able or not engine.task_forces:
            continue
        units = engine.units
        for tf in list(engine.task_forces.values()):
            # Only a moving task force stops (its units' posture class is 3, movement).
            if tf.side == s and 30 <= units[tf.units[0]].posture < 40:
                for n in tf.units:
                    if _runs_short(units[n], sup):
                        engine.abort_if_unsupplied(tf)
                        break


def _playing(game: IdahexGame) -> list[tuple[int, SupplyTables, slice]]:
    """The sides whose supplies are played (``nss(s) > 0``, §7), each with its tables and
    the slice of its supply columns in ``[resources]`` (fixed by the design: found once)."""
    found: list[tuple[int, SupplyTables, slice]] | None = game._kept.get("supplies")
    if found is None:
        found = game._kept["supplies"] = [
            (s, tables, slice(sup.start, sup.stop))
            for s in (1, 2)
            if (tables := game._supplies[s - 1]).nss > 0
            for sup in (game.rules.resources[s - 1].supplies,)
        ]
    return found


def consume(
    game: IdahexGame,
    engine: Engine,
    demands: list[tuple[UnitState, Any]],
    sup: slice,
) -> None:
    """§7: the units with a demand consume it, pooled within task forces (every active
    element of such a task force takes part). The other units' stocks stay as they are
    (a lone unit that demands nothing consumes nothing; a task force none of whose
    elements demands anything keeps ``(stk - 0) / stk = 1`` of each stock): they are
    left out, and what they would add to the side's consumption is 0.

    One unit alone (most frames of a front where only a march consumes) takes the same
    operations on its own row in Python floats (:func:`_consume_alone`), without the arrays
    of many."""
    if len(demands) == 1:
        u, row = demands[0]
        members = () if u.tf is None else engine.task_forces[u.tf].units
        if (len(members) < 2 or sum(engine.units[n].active for n in members) < 2) and (
            _consume_alone(game, u, row, sup)
        ):
            return
    taking = [u for u, _ in demands]
    groups: list[list[int]] = []
    rows: dict[int, Any] | None = None  # the demands by unit, once a task force pools
    pooled: set[int] = set()
    task_forces, units = engine.task_forces, engine.units
    for u, _ in demands:
        if u.tf is None or u.tf in pooled:
            continue
        pooled.add(u.tf)
        elements = task_forces[u.tf].units
        if len(elements) < 2:
            continue  # (a task force of one unit: the unit on its own)
        members = [n for n in elements if units[n].active]
        if len(members) > 1:
            groups.append(members)
            if rows is None:
                rows = {u.number: row for u, row in demands}
            taking += [units[n] for n in members if n not in rows]
    stocks = np.array([u.resources[sup] for u in taking])
    if rows is None:  # every unit on its own: taking is the units of the demands, in order
        after = consume_trusted(stocks, np.array([row for _, row in demands]), ())
    else:
        at = {u.number: i for i, u in enumerate(taking)}
        zero = np.zeros(stocks.shape[1])
        dem = np.array([rows.get(u.number, zero) for u in taking])
        after = consume_trusted(stocks, dem, [[at[n] for n in g] for g in groups])
    game._consumed[taking[0].side - 1] += (stocks - after).sum(axis=0)
    # (a row some of whose values differ: the unit's holdings change)
    for i in np.flatnonzero((after != stocks).any(axis=1)).tolist():
        taking[i].replace_resources(sup, after[i])


def _consume_alone(game: IdahexGame, u: UnitState, row: Any, sup: slice) -> bool:
    """A lone unit's consumption of its demand ``row`` (a list or an array): what
    ``stocks - np.minimum(row, stocks)`` and ``consumed += stocks - after`` give, in Python
    floats, with the unit's memo told whether it runs short now (:func:`_runs_short`).

    Stocks and demands are finite. Where a demand and a stock differ, the smaller one is
    taken, as np.minimum takes it. Where they are equal they are the same float, so either
    gives the same ``after``, but for two zeros: a stock of +0 less either zero is +0, while
    a stock of -0 less +0 is -0 and less -0 is +0. So for a stock of -0 against a demand of
    +0, whichever np.minimum gives, False is returned and nothing is done (the caller takes
    the arrays' way). A consumed sum starts at +0 and so is never -0 (a sum is -0 only of
    two -0), and adding a zero to it leaves it as it is: only the nonzero terms are added."""
    stocks = u.resources[sup].tolist()
    after: list[float] = []
    # (rows and stocks of one length, the side's supply types: zip without strict=, whose
    # keyword is parsed at each call)
    for d, s in zip(row if type(row) is list else row.tolist(), stocks):  # noqa: B905
        if d < s:
            after.append(s - d)
        elif s < d:
            after.append(s - s)
        elif s == 0.0 and copysign(1.0, s) < copysign(1.0, d):
            return False  # a stock of -0 against +0: np.minimum settles it (see above)
        else:
            after.append(s - d)  # d is s, or -0 against a stock of +0: s - s
    consumed = game._consumed[u.side - 1]
    for k, (s, a) in enumerate(zip(stocks, after)):  # noqa: B905
        x = s - a
        if x:
            consumed[k] += x
    if after != stocks:  # (finite floats: element by element, -0 == +0 as numpy has it)
        u.replace_resources(sup, after)  # (a value differs: the holdings change)
        # What _runs_short finds of these finite stocks (its memo was just emptied): the
        # least of them (one at least: supplies are played) is <= 0.
        u.memo["runs short"] = min(after) <= 0
    return True


def report_consumption(game: IdahexGame) -> None:
    """§7: each side's supplies consumed since the last cycle start, to the designer's
    report and (from ``iprint`` 5) to the side."""
    for s in (1, 2):
        used = game._consumed[s - 1]
        # Python floats: any() of them is used.any(), and each formats as its numpy scalar.
        values = used.tolist()
        if not any(values):
            continue
        sup = game.rules.resources[s - 1]
        items = ", ".join(
            f"{x:.4g} {sup.names[sup.supplies.start + i]}" for i, x in enumerate(values) if x > 0
        )
        game.engine.note(
            "consumption",
            f"{SIDE_NAMES[s - 1]} consumed {items} since the last cycle start",
            [s],
        )
        used[:] = 0.0


def _rated(tables: SupplyTables) -> tuple[Any, ...]:
    """For each posture class 1-3, the indices of the resource types some supply type's
    nonengaged rate in that class is not 0 for (§7, ``ssvncr``/``ssvncb``).

    A nonengaged demand is ``tframe * fsum(rate(k, irs, pc) * [resources](irs))``; a term
    with a rate of 0 is a zero (resources are finite), and ``math.fsum`` rounds the exact
    sum of its terms, zeros or not, to the same float (an exact 0 to +0.0). So the demand
    is a function of the class and of these resources alone: a marching unit whose
    supplies (at a rate of 0, as in most designs) fall every frame demands what it did
    the frame before, and that demand is kept."""
    return tuple(np.flatnonzero(tables.by_class[c].any(axis=0)) for c in range(3))


def _rated_values(tables: SupplyTables) -> tuple[Any, ...]:
    """For each posture class 1-3, a function of a unit's resources giving their values at
    :func:`_rated`'s indices, the part of a nonengaged demand's key that is the unit's.

    The values are compared as numbers, so a resource of -0 and one of +0 give one key:
    each enters the demand only as its products with the rates, a zero either way, which
    leave ``math.fsum``'s sum the same float (see :func:`_rated`); a NaN, never equal,
    would only be met again as another key."""
    out: list[Any] = []
    for columns in _rated(tables):
        picked = columns.tolist()
        if not picked:
            out.append(lambda res: ())  # (a class that consumes nothing: never asked)
        else:
            out.append(itemgetter(*picked))
    return tuple(out)


def frame_demands(
    game: IdahexGame,
    engine: Engine,
    tables: SupplyTables,
    units: list[UnitState],
    tframe: float,
    engaged_units: set[int],
    frinvs: dict[int, Any] | None = None,
) -> list[tuple[UnitState, Any]]:
    """§7: the demands in a frame of a side's ``units`` that may demand (active, and where
    class 1 consumes nothing while not engaged, in a higher class or engaged: see
    :func:`consume_supplies`), as (unit, row) for each unit that demands something (an
    engaged unit's row may be 0); the others (a class whose resources consume nothing
    while not engaged) demand 0 and are left out. Units at the rates of units not engaged
    are done together, and a unit whose class and rated resources (:func:`_rated`) are
    those of a demand computed before (most units from frame to frame) takes it again;
    engaged ones at their pointers' rates with each one's ``frinv`` (a unit's in
    ``frinvs``, what :meth:`~hexwar.rulesets.idahex.combat.IdahexCombat.prefetch` found for
    it as things stand, else worked out), their demands together from
    :data:`_ENGAGED_TOGETHER` of them."""
    idle = tables.idle
    out: list[tuple[UnitState, Any]] = []
    bulk: list[int] = []
    keys: list[tuple[int, int, Any]] = []
    forces: dict[tuple[int, ...], Any] = {}  # frinv of each force L, once a frame
    known = game._nonengaged_demands
    side = tables.side
    rated = game._kept.get(("rated", side))
    if rated is None:
        rated = game._kept["rated", side] = _rated_values(tables)  # fixed by the design
    pointers = game._kept.get(("pointers", side))
    if pointers is None:
        pointers = game._kept["pointers", side] = {}  # tables.pointer by posture
    # engaged units at their pointer's rates: (place in out, unit, pointer, frinv)
    fighting: list[tuple[int, UnitState, int, Any]] = []
    for u in units:
        posture = u.posture
        pc = posture // 10
        if u.tf is not None and engine.passenger(u):
            column = 1  # a passenger is never engaged
        elif pc != 3:  # not moving: may be engaged
            if engaged_units and u.number in engaged_units:
                index = pointers.get(posture)
                if index is None:
                    index = pointers[posture] = tables.pointer(posture)
                if index != 0:
                    # unit_demand's case of an engaged unit (no passenger, not moving) at
                    # the rates of its pointer: its frinv now, its demand with the others'
                    fi = _engaged_frinv(engine, tables, u, index, forces, frinvs)
                    fighting.append((len(out), u, index, fi))
                    out.append((u, None))
                    continue
            column = pc if pc < 3 else 3  # class 4 not engaged at the class 3 rates
        else:
            column = 3
        if idle[column - 1]:
            continue  # no resource consumes anything in this class: the demand is 0
        key = (side, column, rated[column - 1](u.resources))
        row = known.get(key, u)  # the unit itself: not known yet
        if row is u:
            bulk.append(len(out))
            keys.append(key)
        if row is not None:
            out.append((u, row))
    if len(fighting) >= _ENGAGED_TOGETHER:
        rows = engaged_demands_trusted(
            tables,
            np.array([u.resources for _, u, _, _ in fighting]),
            np.array([index for *_, index, _ in fighting]),
            np.array([fi for *_, fi in fighting]),
            tframe,
        )
        for (i, u, _, _), row in zip(fighting, rows, strict=True):
            out[i] = (u, row)
    else:
        for i, u, index, fi in fighting:
            out[i] = (u, engaged_demand_trusted(tables, u.resources, index, fi, tframe))
    if not bulk:
        return out
    res = np.array([out[i][0].resources for i in bulk])
    columns = np.array([k[1] for k in keys])
    rows = nonengaged_demands(tables, res, columns, tframe)
    # A demand of 0 is kept as None: such a unit consumes nothing and is left out. The rows
    # are kept as Python floats (what a lone unit's consumption reads).
    kept = [row if any(row) else None for row in rows.tolist()]
    for i, row in zip(bulk, kept, strict=True):
        out[i] = (out[i][0], row)
    if len(known) > _DEMANDS_KEPT:
        known.clear()
    known.update(zip(keys, kept, strict=True))
    return [(u, row) for u, row in out if row is not None]


def _engaged_frinv(
    engine: Engine,
    tables: SupplyTables,
    u: UnitState,
    index: int,
    forces: dict[tuple[int, ...], Any],
    frinvs: dict[int, Any] | None,
) -> Any:
    """The ``frinv`` :func:`unit_demand` takes for an engaged unit, no passenger and not
    moving, at the rates of its pointer ``index`` (not 0), or one that gives the same
    demand: the unit's in ``frinvs`` where it is there, whatever it holds. (Where it holds
    none of the resources rated at ``index``, every term of its demand is a rate of 0 or
    a holding of +-0 times ``frinv`` or ``1 - frinv`` and a rate: a zero, whatever the
    finite ``frinv``; the sums, correctly rounded, add no zero, so they are the sums that
    ``frinv = 0`` gives, without the look at the holdings.)"""
    if frinvs is not None:
        frinv = frinvs.get(u.number)
        if frinv is not None:
            return frinv
    if u.resources[tables.involved[index - 1]].any():
        return engine.combat.involvement(engine, u, forces)
    # (see unit_demand: frinv = 0 gives the same sums)
    return np.zeros(tables.nrs)


def unit_demand(
    engine: Engine,
    tables: SupplyTables,
    u: UnitState,
    tframe: float,
    forces: dict[tuple[int, ...], Any] | None = None,
    frinvs: dict[int, Any] | None = None,
) -> Any:
    """§7: one unit's demand in a frame; ``frinv`` (§5.4.1) only where the engaged rates
    apply (the unit's in ``frinvs`` where it is there: see :func:`frame_demands`)."""
    engaged = engine.engaged(u.number) and u.pc != 3
    passenger = engine.passenger(u)
    frinv = None
    if engaged and not passenger:
        index = tables.pointer(u.posture)
        if index == 0:
            pass  # the rates of units not engaged: no frinv (supplies.demand)
        elif u.resources[tables.involved[index - 1]].any():
            frinv = None if frinvs is None else frinvs.get(u.number)
            if frinv is None:
                frinv = engine.combat.involvement(engine, u, forces)
        else:
            # frinv enters the demand only as the terms ssvact * frinv * res and ssvres *
            # (1 - frinv) * res; where both rates are 0 or the unit holds none (res = +-0,
            # frinv in [0, 1]) these are zeros of the same sign whatever frinv is, so frinv
            # = 0 gives the same sums (exact.matvec) and §5.4.1 is not worked out.
            frinv = np.zeros(tables.nrs)
        if frinv is not None:
            # An active unit (it demands, §2.2.1), engaged in no movement posture and no
            # passenger, with the rates of its pointer: supplies.demand's last case, on the
            # game's own arrays (float, of the side's resource types; frinv in [0, 1]).
            return engaged_demand_trusted(tables, u.resources, index, frinv, tframe)
    return demand(
        tables,
        u.resources,
        posture=u.posture,
        engaged=engaged,
        passenger=passenger,
        frinv=frinv,
        tframe=tframe,
    )
