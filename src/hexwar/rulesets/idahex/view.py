"""What one side sees of an IDAHEX game (seed 000 §4, §8): its own units, task forces and
deliveries, the enemy in contact, the map and the public design data."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from hexwar.core import exact
from hexwar.rulesets.idahex.design_data import SIDE_NAMES
from hexwar.rulesets.idahex.engine import TaskForce, UnitState

if TYPE_CHECKING:
    from hexwar.rulesets.idahex.game import IdahexGame

SIDE_NO = {"red": 1, "blue": 2}
_NEAR_KEPT = 256
"""At most this many neighbourhoods of sets of cells are kept (then forgotten all at once)."""


def _finite(x: float) -> float | str:
    """A force ratio as JSON: ``"inf"`` for an infinite one (JSON has no infinity)."""
    return "inf" if math.isinf(x) else round(x, 6)


def rounded(values: list[float]) -> list[float]:
    """``round(x, 6)`` of each value (a unit's holdings), most of them without ``round``'s
    decimal conversion: where ``|x| < 1e6``, ``s = x * 1e6`` is within half an ulp of
    ``x * 10**6`` (so within 2**-14 < 6.2e-5: ``|s| <= 1e12 < 2**40``), so when ``s`` lies
    farther than 2.5e-4 from every half-integer, the integer ``k`` nearest ``s`` is the one
    the exact ``x * 10**6`` rounds to (no tie either way), and ``k / 1e6``, one correctly
    rounded division of exact doubles, is the double nearest ``k / 10**6``: the very value
    ``round`` gives by reading its decimal back. ``k`` is ``(s + 1.5 * 2**52) - 1.5 * 2**52``:
    the sum lies where doubles are the integers, so it is ``s`` rounded to an integer, and
    the difference is exact (``round(s)`` itself, as an exact double, but without a call).
    ``s - k`` is exact (Sterbenz: ``k`` and ``s`` are within a factor 2 when ``k != 0``, and
    ``s - 0.0`` is ``s``). ``k == 0`` is ``|x * 10**6| < 0.5``: ``round`` gives a zero of
    ``x``'s sign, ``x * 0.0`` (the sign of a product is the signs' exclusive or). Near ties,
    large, infinite and NaN values take ``round(x, 6)`` itself."""
    return [
        (k / 1e6 if k else x * 0.0)
        if -1e6 < x < 1e6
        and -0.49975 < (s := x * 1e6) - (k := (s + _INTEGRAL) - _INTEGRAL) < 0.49975
        else round(x, 6)
        for x in values
    ]


_INTEGRAL = 6755399441055744.0
"""1.5 * 2**52: a double ``s`` with ``|s| < 2**51`` added to it lands where the doubles are
the integers, so ``(s + _INTEGRAL) - _INTEGRAL`` is ``s`` rounded to an integer (ties to
even), exactly."""


def json_time(x: float) -> float | None:
    """A time as JSON: ``None`` for never (+inf)."""
    return None if math.isinf(x) else x


def _seen_of(u: UnitState) -> dict[str, Any]:
    """What the enemy sees of a unit in contact (and an own unit's piece begins with)."""
    return {
        "number": u.number,
        "name": u.name,
        "type": u.butype,
        "location": u.location,
        "posture_class": u.pc,
    }


def unit_json(game: IdahexGame, u: UnitState, *, full: bool) -> dict[str, Any]:
    """What a player knows of a unit: all of it for its own (``full``), number, type,
    cell and posture class for the enemy's."""
    if not full:
        state = (u.location, u.pc)
        found = game._contact_pieces.get(u.number)
        if found is not None and found[0] == state:
            return found[1]  # the piece the cache holds for this very state
        piece = game._shared.get(("contact", u.number), state, lambda: _seen_of(u))
        game._contact_pieces[u.number] = (state, piece)
        return piece
    return own_json(game, u, game.engine.engaged(u.number))


def own_json(game: IdahexGame, u: UnitState, engaged: bool) -> dict[str, Any]:
    """An own unit's piece of the view, kept in the unit's memo while neither the unit
    nor ``engaged`` changes (most units hold still from one period to the next).

    The piece is made of the unit's fields as they are, ``tentry`` (``None`` for never),
    its holdings rounded and the shared list of adjacent cells; once these are seen to be
    of exact JSON types (ints, a str, a bool, ``None`` or finite floats; ``rounded`` makes
    floats of a float64 array's, and their sum is finite only if each is), the piece is
    handed to the cache unchecked. Anything else takes the cache's full check, which
    names what JSON cannot carry."""
    found = u.memo.get(_VIEW_KEY[engaged])
    if found is not None:
        return found  # type: ignore[no-any-return]
    number, name, butype, location = u.number, u.name, u.butype, u.location
    pc, posture, objective, tentry, tf = u.pc, u.posture, u.objective, u.tentry, u.tf
    held = u.resources
    resources = rounded(held.tolist())
    time = None if math.isinf(tentry) else tentry  # json_time
    piece = {
        "number": number,
        "name": name,
        "type": butype,
        "location": location,
        "posture_class": pc,
        "posture": posture,
        "objective": objective,
        "tentry": time,
        "resources": resources,
        "task_force": tf,
        "engaged": engaged,
        "adjacent": adjacent(game, location),
    }
    if (
        type(number) is int
        and type(name) is str
        and type(butype) is int
        and type(location) is int
        and type(pc) is int
        and type(posture) is int
        and type(objective) is int
        and (time is None or (type(time) is float and time - time == 0.0))
        and (tf is None or type(tf) is int)
        and type(engaged) is bool
        and held.dtype is _FLOAT64
        and (total := exact.sum_left(resources)) - total == 0.0
    ):
        game._shared.put_trusted(("unit", number), piece, (id(piece), id(resources)))
    else:
        game._shared.put(("unit", number), piece)
    memo = u.memo
    memo.pop(_VIEW_KEY[not engaged], None)  # (one piece at a time, for the unit as it is)
    memo[_VIEW_KEY[engaged]] = piece
    u.versions[u.side] += 1  # (a new piece: the side's list no longer holds)
    return piece


_VIEW_KEY = {False: "view", True: "view engaged"}
"""The key of a unit's piece in its memo, by whether it is engaged: the piece of an engaged
unit says so, and a unit's memo holds the piece for one of the two at a time."""


_FLOAT64 = np.dtype(np.float64)
"""The holdings' dtype (``tolist`` gives a float64 array's values as ``float``)."""


def adjacent(game: IdahexGame, cell: int) -> list[int]:
    """The active cells next to ``cell`` (one list per cell, shared by the views)."""
    grid = game.rules.grid
    return game._shared.get(
        ("adjacent", cell), None, lambda: [c for c in grid.active_rim(cell) if c is not None]
    )


def tf_json(game: IdahexGame, tf: TaskForce) -> dict[str, Any]:
    """A task force and its mission, as its side sees it; shared while unchanged (an order
    is a frozen value of the three fields shown)."""
    key = game.engine.clock.queue.key(tf.number)
    due = None if key is None else json_time(key.time)
    state = (tuple(tf.units), tf.mode, tuple(tf.orders), tf.next, due, tf.warned)
    return game._shared.get(
        ("task force", tf.number),
        state,
        lambda: {
            "number": tf.number,
            "units": list(tf.units),
            "mode": tf.mode,
            "orders": [[o.objective, o.posture, o.start] for o in tf.orders],
            "next": None if tf.next is None else str(tf.next),
            "due": due,
            "warning": tf.warned,
        },
    )


def contacts(game: IdahexGame, s: int, near: set[int] | None = None) -> list[UnitState]:
    """Active enemy units in or next to a cell holding an active ``s`` unit (``near``: those
    cells, :func:`watched`, when known)."""
    if near is None:
        near = watched(game, s)
    return [u for u in game._own_units[2 - s] if u.posture >= 10 and u.location in near]


def watched(game: IdahexGame, s: int) -> set[int]:
    """The cells in or next to a cell holding an active ``s`` unit (no one changes it)."""
    grid = game.rules.grid
    key = frozenset([u.location for u in game._own_units[s - 1] if u.posture >= 10])  # active
    near = game._near.get(key)
    if near is None:
        near = set(key)
        for c in key:
            near.update(grid.neighborhood(c))
        if len(game._near) > _NEAR_KEPT:
            game._near.clear()
        game._near[key] = near
    return near


def view(game: IdahexGame, side: str) -> dict[str, Any]:
    """Side ``side``'s view. Its lists and dicts are pieces of the game's cache, each checked
    when it was made (views are read-only), but the engagements, made here; so once its
    numbers are seen to be of exact JSON types and no engagement is listed, the view is
    handed to the cache as a piece of its own (``put_trusted``), which the game's check of
    the view then passes at once. Otherwise the game checks it as before."""
    s = SIDE_NO[side]
    e = game.engine
    engagements = e.engagements
    engaged = (
        {n for g in engagements.values() for n in g.attackers | g.defenders}
        if engagements
        else set()
    )
    time = e.clock.t  # Engine.t, without its property call
    period = None if game._period is None else game._period.number
    cycle = game._cycle()[0]
    start = next_period(game)
    iprint = game.rules.design.iprint  # (Rules.iprint)
    own = own_pieces(game, s, engaged)
    fought = engagement_pieces(game, s) if engagements else []
    data = {
        "time": time,
        "period": period,
        "cycle": cycle,
        "side": side,
        "next_period": start,
        "iprint": iprint,
        "units": own,
        "task_forces": task_force_pieces(game, s),
        "deliveries": deliveries_json(game, s),
        "enemy": enemy_pieces(game, s),
        "owner": owner_piece(game),
        "engagements": fought,
        "design": public_design(game, s),
        "maps": maps_piece(game),
    }
    if (
        not fought
        and type(time) is float
        and time - time == 0.0
        and (period is None or type(period) is int)
        and (cycle is None or type(cycle) is int)
        and type(side) is str
        and (start is None or (type(start) is float and start - start == 0.0))
        and type(iprint) is int
    ):
        game._shared.put_trusted(("view", s), data, (id(data), id(fought)))
    return data


def engagement_pieces(game: IdahexGame, s: int) -> list[dict[str, Any]]:
    """The engagements side ``s`` has units in, as its view lists them."""
    e = game.engine
    return [
        {
            "cell": g.cell,
            "attacker": SIDE_NAMES[g.attacker - 1],
            "since": g.since,
            "feba": round(g.feba, 6),
            "own_units": sorted(n for n in g.attackers | g.defenders if e.units[n].side == s),
        }
        | told_of(game, g)
        for g in e.engagements.values()
        if any(e.units[n].side == s for n in g.attackers | g.defenders)
    ]


def maps_piece(game: IdahexGame) -> dict[str, Any]:
    """File 60's maps as they stand (shared while they do: the cache keeps copies of the
    maps it was made from, since a map may change in place)."""
    e = game.engine
    return game._shared.get(
        "maps",
        (e.envmap, e.rtemap, e.barmap),
        lambda: {
            "envmap": {str(k): v for k, v in e.envmap.items()},
            "rtemap": {str(k): v for k, v in e.rtemap.items()},
            "barmap": {str(k): v for k, v in e.barmap.items()},
        },
    )


def task_force_pieces(game: IdahexGame, s: int) -> list[dict[str, Any]]:
    """Side ``s``'s task forces (:func:`tf_json`), the list of the last view while it holds
    the same pieces."""
    forces = game.engine.task_forces
    pieces = [tf_json(game, tf) for tf in forces.values() if tf.side == s] if forces else []
    return game._shared.same_list(("task forces", s), pieces)


def owner_piece(game: IdahexGame) -> dict[str, int]:
    """Who owns each cell (shared while no cell changes hands): the engine counts the
    changes of hands (``Engine.owner_changes``, bumped wherever ``owner`` changes), so while
    the count and the map object are those the piece was last handed out for, the map is
    the same and so is the piece, without comparing the map with its copy."""
    e = game.engine
    owner, changes = e.owner, e.owner_changes
    kept = game._kept.get("owner")
    if kept is not None and kept[0] is owner and kept[1] == changes:
        return kept[2]  # type: ignore[no-any-return]
    piece: dict[str, int] = game._shared.get(
        "owner", owner, lambda: {str(c): o for c, o in sorted(owner.items())}
    )
    game._kept["owner"] = (owner, changes, piece)
    return piece


def own_pieces(game: IdahexGame, s: int, engaged: set[int]) -> list[dict[str, Any]]:
    """Side ``s``'s units as its view lists them (``engaged``: the numbers of the engaged
    units): each unit's piece from its memo while it holds (:func:`own_json`), and the
    list handed out last time while every piece in it is the same (most periods of a quiet
    front), so the view's check skips it at once.

    While the side's version of its units (:attr:`UnitState.versions`, bumped wherever a
    unit's memo is emptied or given a new piece) and the engaged units are those of the
    last list, every unit's memo holds the piece it gave then: the list is that one, as
    ``same_list`` would hand it out again, without asking each unit."""
    version = game.engine.unit_versions[s]
    kept = game._kept.get(("own pieces", s))
    if kept is not None and kept[0] == version and kept[1] == engaged:
        return kept[2]  # type: ignore[no-any-return]
    if engaged:
        units = [
            u.memo.get(_VIEW_KEY[u.number in engaged]) or own_json(game, u, u.number in engaged)
            for u in game._own_units[s - 1]
        ]
    else:  # (most views: no unit is engaged, so none is asked)
        units = [u.memo.get("view") or own_json(game, u, False) for u in game._own_units[s - 1]]
    found = game._shared.same_list(("units", s), units)
    game._kept[("own pieces", s)] = (game.engine.unit_versions[s], engaged, found)
    return found


def enemy_pieces(game: IdahexGame, s: int) -> list[dict[str, Any]]:
    """The enemy units side ``s`` is in contact with (:func:`contacts`), as it sees them
    (:func:`unit_json`); each piece is kept in the unit's memo while the unit is unchanged,
    and the list handed out last time while it holds the same pieces.

    Which units are listed depends on the cells the side's active units watch and on the
    enemy units' postures and locations alone, and an enemy unit's piece on its location
    and posture class alone (:func:`unit_json` hands out the piece kept for that state).
    The engine counts each side's moves (:attr:`UnitState.versions`: any change of a
    unit's location, posture or objective): while the side's count holds, the cells watched
    are those found last; while these are the very cells of the last list and the enemy's
    count holds, the list is that one (a change of holdings alone leaves it)."""
    versions = game.engine.unit_versions
    moves = versions[s + 2]
    kept = game._kept.get(("watched", s))
    if kept is not None and kept[0] == moves:
        near = kept[1]
    else:
        near = watched(game, s)
        game._kept[("watched", s)] = (moves, near)
    enemy_moves = versions[5 - s]  # (the enemy's: 3 - s + 2)
    last = game._kept.get(("enemy pieces", s))
    if last is not None and last[0] is near and last[1] == enemy_moves:
        return last[2]  # type: ignore[no-any-return]
    enemy = [  # each as seen (a piece is a dict, never empty)
        u.memo.get("seen") or _seen_piece(game, u) for u in contacts(game, s, near)
    ]
    found = game._shared.same_list(("enemy", s), enemy)
    game._kept[("enemy pieces", s)] = (near, enemy_moves, found)
    return found


def _seen_piece(game: IdahexGame, u: UnitState) -> dict[str, Any]:
    """An enemy unit's piece (:func:`unit_json`), kept in its memo."""
    piece = u.memo["seen"] = unit_json(game, u, full=False)
    return piece


def deliveries_json(game: IdahexGame, s: int) -> list[dict[str, Any]]:
    """The side's supply deliveries on their way (shared while none changes)."""
    deliveries = game.engine.deliveries
    state = (
        tuple((d.number, d.task_force, d.cell, d.size) for d in deliveries.values() if d.side == s)
        if deliveries
        else ()
    )
    return game._shared.get(
        ("deliveries", s),
        state,
        lambda: [
            {"number": n, "task_force": tf, "cell": c, "size": size} for n, tf, c, size in state
        ],
    )


def next_period(game: IdahexGame) -> float | None:
    """When the players give commands next: the next period start before ``tend`` (§2.3,
    §4), ``None`` after the last one (kept for the period: both sides' views ask)."""
    if game._period is None:
        return None
    number = game._period.number
    kept = game._kept.get("next period")
    if kept is not None and kept[0] == number:
        return kept[1]  # type: ignore[no-any-return]
    t = game.rules.timing.period_start(number + 1)
    out = t if t < game.rules.design.tend else None
    game._kept["next period"] = (number, out)
    return out


def told_of(game: IdahexGame, g: Any) -> dict[str, Any]:
    """What the players were told of the engagement's latest frame (§8): from ``iprint``
    5 the FEBA at its start, from 15 the force ratios ``FRGRD`` and ``FRGA`` (§5.1.3,
    §5.2). Empty before the first frame end."""
    told = game.combat.told.get(g.cell)
    iprint = game.rules.iprint
    if told is None or told[0] != g.since or iprint < 5:
        return {}
    out: dict[str, Any] = {"feba_before": round(told[1], 6)}
    if iprint >= 15:
        r = told[2]
        out |= {"frgrd": _finite(r.frgrd), "frga": _finite(r.frga)}
    return out


def public_design(game: IdahexGame, s: int) -> dict[str, Any]:
    """What both players know from the game design: the area of war, the planned
    strengths, the transfer posture, the side's supplies and aircraft types, and whether
    air strikes may be entered now (§2, §4.2, §6).

    The parts fixed for the game are built once per side and shared by every view; the
    environment is rebuilt only when a cycle's maps change it. The piece is a function of
    the side, ``strikes_now`` and the three maps alone: the one built last for the side and
    ``strikes_now`` is handed out again while the maps equal those it was built from."""
    e = game.engine
    strikes_now = game._at_cycle_start()
    kept = game._kept.get(("design", s, strikes_now))
    if kept is not None and kept[0] == (e.envmap, e.rtemap, e.barmap):
        return kept[1]  # type: ignore[no-any-return]
    piece = _design_piece(game, s, strikes_now)
    maps = (dict(e.envmap), dict(e.rtemap), dict(e.barmap))  # copies: a map may change in place
    game._kept[("design", s, strikes_now)] = (maps, piece)
    return piece


def _design_piece(game: IdahexGame, s: int, strikes_now: bool) -> dict[str, Any]:
    static = game._shared.get(("design", s), None, lambda: fixed_design(game, s))
    e, d, grid = game.engine, game.rules.design, game.rules.grid
    environment = game._shared.get(
        "environment",
        e.envmap,
        lambda: {str(c): e.environment(c) for c in range(1, d.ncells + 1) if grid.is_active(c)},
    )
    routes = game._shared.get("routes", (e.rtemap, e.barmap), lambda: route_list(game))
    # The pieces are alive in the cache, so equal ids are the same objects.
    return game._shared.get(
        ("design view", s, strikes_now),
        (id(static), id(environment), id(routes)),
        lambda: static | {"environment": environment, "routes": routes, "strikes_now": strikes_now},
    )


def fixed_design(game: IdahexGame, s: int) -> dict[str, Any]:
    d, grid = game.rules.design, game.rules.grid
    sup = game.rules.resources[s - 1].supplies
    return {
        "ncells": d.ncells,
        "nrank1": d.nrank1,
        "inactive": sorted(grid.inactive),
        "itrfp": game.rules.itrfp,
        "supplies": [sup.start, sup.stop],
        "toe": {str(k + 1): [float(x) for x in row] for k, row in enumerate(game.rules.toe)},
        "resource_names": list(game.rules.resources[s - 1].names),
        "environment_names": [n.strip() for n in d.ename],
        "route_names": [n.strip() for n in d.rname],
        "barrier_names": [n.strip() for n in d.bname],
        "aircraft_types": game._air_tables[s - 1].nactyp,
        # §5.3's standard values, which the design data fix for both sides:
        # rsvala(*, s) and rsvald(*, s) of every side, in its resource order.
        "standard_values": {
            SIDE_NAMES[k - 1]: {
                "attack": [float(x) for x in game.combat.standard_values(k)[0]],
                "defense": [float(x) for x in game.combat.standard_values(k)[1]],
            }
            for k in (1, 2)
        },
    }


def route_list(game: IdahexGame) -> str:
    """``"i,j,rtetype,bartype"`` for every adjacent active pair ``i < j``, separated by
    spaces (§2.1: the network over the cells; both players know the area of war). One
    string, not a list per arc: every view carries it, and a string is checked at once."""
    grid, e = game.rules.grid, game.engine
    out = []
    for i in range(1, grid.ncells + 1):
        for k in (1, 2, 3):
            j = grid.successor(i, k)
            if j > 0:
                out.append((min(i, j), max(i, j), e.rtetype(i, j), e.bartype(i, j)))
    return " ".join(",".join(map(str, arc)) for arc in sorted(out))
