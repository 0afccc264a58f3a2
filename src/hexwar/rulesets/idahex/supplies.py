"""Supplies consumption at the end of each frame (seed 000, §7).

Each active battle unit demands supplies in proportion to its resources: at the nonengaged
rates of its posture class (``ssvncr``/``ssvncb``, File 50 groups 38-39), or, when engaged,
at combat rates for the resources actively involved in combat and reserve rates for the rest
(``ssvact``/``ssvres`` through the pointer ``mapps``, group 40). A lone unit consumes what it
can of its demand; a task force consumes what it can of its elements' total demand from their
pooled stock, and each element keeps the same fraction of its own stock.

* :class:`SupplyTables` -- one side's consumption rates, from File 50;
* :func:`demand` -- ``D(ibu, k)`` for one unit and every supply type ``k``;
* :func:`consume` -- the stocks after one frame's consumption, unit by unit or pooled.

The caller decides who is engaged, who is a passenger, the involvement fractions ``frinv``
(§5.4.1) and what to do when a moving task force runs out (the end of §7). The rulings this
module needs are in ``docs/rulings/idahex.md`` under "Supplies consumption (§7)".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike, NDArray

from hexwar.core import exact
from hexwar.core.errors import InvalidInputError, Problem
from hexwar.rulesets.idahex.design.model import File50, _kpost
from hexwar.rulesets.idahex.postures import PostureClass, posture_class

__all__ = [
    "SupplyTables",
    "consume",
    "consume_trusted",
    "demand",
    "engaged_demand_trusted",
    "engaged_demands_trusted",
    "nonengaged_demands",
]

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]

# [kpost](p) maps the postures 10-49 into 1..30 (p - 9 below 40, p - 19 from 40 on).
_KPOST_SIZE = 31


def _fail(field: str, message: str) -> InvalidInputError:
    return InvalidInputError([Problem(message, path=field)])


def _read_only(arr: ArrayLike) -> FloatArray:
    out = np.array(arr, dtype=np.float64)
    out.setflags(write=False)
    return out


@dataclass(frozen=True, eq=False)
class SupplyTables:
    """One side's supplies consumption rates (seed 000 §7; File 50 groups 38-40).

    Attributes:
        side: 1 (Red) or 2 (Blue).
        nequip: ``nequip(s)``: the side's supplies are resource types ``nequip + 1 ..
            nequip + nss`` (§2.2.2); :attr:`supply_columns` selects them.
        nonengaged: ``ssvncr``/``ssvncb`` as ``[k-1, irs-1, pc-1]``: type ``k`` supplies
            consumed in one unit of time by one type ``irs`` resource in posture class ``pc``
            (1-3), shape ``(nss, nrs, 3)``.
        mapps: ``mapps(s, p)`` at index ``p = [kpost](pp)`` (1..30); 0 where group 40 gives
            the posture no pointer.
        ssvact: ``ssvact(k, irs, index)`` at ``[k-1, irs-1, index-1]``, resources actively
            involved in combat; shape ``(nss, nrs, max pointer)``.
        ssvres: ``ssvres`` likewise, the engaged unit's other resources.

    Raises:
        InvalidInputError: the shapes disagree, a rate is negative or not finite, or a
            pointer is outside ``0..max pointer``.
    """

    side: int
    nequip: int
    nonengaged: FloatArray
    mapps: IntArray
    ssvact: FloatArray
    ssvres: FloatArray
    by_class: FloatArray = field(init=False, repr=False)
    """:attr:`nonengaged` as ``[pc-1, k-1, irs-1]`` (one matrix per posture class)."""
    idle: tuple[bool, bool, bool] = field(init=False, repr=False)
    """Whether every nonengaged rate of posture class 1, 2, 3 is 0 (no unit not engaged in
    that class demands anything)."""
    involved: tuple[IntArray, ...] = field(init=False, repr=False)
    """For each ``mapps`` pointer 1.., the resource types some supply type's engaged rate
    (``ssvact`` or ``ssvres``) is not 0 for: the only ones whose ``frinv`` enters a demand."""
    rated_engaged: tuple[tuple[tuple[int, ...], ...] | None, ...] = field(init=False, repr=False)
    """For ``ssvact`` and for ``ssvres``: for each supply type, the resource types whose rate
    is not 0 at some pointer, where no type has more than two (else ``None``): an engaged
    demand's sum has only these terms that are not zeros (see :func:`_rate_sums`)."""

    def __post_init__(self) -> None:
        if self.side not in (1, 2):
            raise _fail("side", f"must be 1 (Red) or 2 (Blue), got {self.side!r}")
        if isinstance(self.nequip, bool) or not isinstance(self.nequip, int) or self.nequip < 0:
            raise _fail("nequip", f"must be an integer >= 0, got {self.nequip!r}")
        for name in ("nonengaged", "ssvact", "ssvres"):
            arr = _read_only(getattr(self, name))
            if arr.ndim != 3 or not np.all(np.isfinite(arr) & (arr >= 0)):
                raise _fail(name, f"must be 3-D with finite rates >= 0, got shape {arr.shape}")
            object.__setattr__(self, name, arr)
        nss, nrs = self.nonengaged.shape[:2]
        if self.nonengaged.shape[2] != 3:
            raise _fail("nonengaged", f"needs posture classes 1-3, got {self.nonengaged.shape}")
        for name in ("ssvact", "ssvres"):
            if getattr(self, name).shape[:2] != (nss, nrs):
                raise _fail(name, f"must be ({nss}, {nrs}, n), got {getattr(self, name).shape}")
        if self.ssvact.shape != self.ssvres.shape:
            raise _fail("ssvres", f"must have ssvact's shape {self.ssvact.shape}")
        given = np.asarray(self.mapps)
        if given.dtype.kind not in "iu":  # int64 would truncate 1.5 and fail on None
            raise _fail("mapps", f"must be integer pointers, got {given.dtype} values")
        mapps = np.array(self.mapps, dtype=np.int64)
        mapps.setflags(write=False)
        if mapps.shape != (_KPOST_SIZE,) or mapps.min() < 0 or mapps.max() > self.npointers:
            raise _fail(
                "mapps", f"must be {_KPOST_SIZE} pointers in 0..{self.npointers}, got {mapps}"
            )
        object.__setattr__(self, "mapps", mapps)
        by_class = np.ascontiguousarray(np.moveaxis(self.nonengaged, 2, 0))
        by_class.setflags(write=False)
        object.__setattr__(self, "by_class", by_class)
        idle = tuple(not by_class[c].any() for c in range(3))
        object.__setattr__(self, "idle", idle)
        rated = (self.ssvact != 0) | (self.ssvres != 0)
        involved = tuple(np.flatnonzero(rated[:, :, i].any(axis=0)) for i in range(rated.shape[2]))
        object.__setattr__(self, "involved", involved)
        pairs: list[tuple[tuple[int, ...], ...] | None] = []
        for rates in (self.ssvact, self.ssvres):
            by_type = tuple(tuple(np.flatnonzero(row.any(axis=1)).tolist()) for row in rates)
            pairs.append(by_type if all(len(c) <= 2 for c in by_type) else None)
        object.__setattr__(self, "rated_engaged", tuple(pairs))

    @property
    def nss(self) -> int:
        """``nss(s)``: the number of supply types (0: supplies are not played)."""
        return int(self.nonengaged.shape[0])

    @property
    def nrs(self) -> int:
        """``nrs(s)``: the number of resource types."""
        return int(self.nonengaged.shape[1])

    @property
    def npointers(self) -> int:
        """The highest ``mapps`` pointer with consumption data."""
        return int(self.ssvact.shape[2])

    @property
    def supply_columns(self) -> slice:
        """The columns of ``[resources]`` that hold supplies: ``nequip(s) + 1 .. + nss(s)``."""
        return slice(self.nequip, self.nequip + self.nss)

    def pointer(self, posture: int) -> int:
        """``mapps(s, [kpost](posture))``, 0 if group 40 gave the posture none."""
        return int(self.mapps[_kpost(posture)])

    @classmethod
    def from_design(cls, design: File50, side: int) -> SupplyTables:
        """Side ``side``'s tables from File 50: groups 38 or 39 and group 40 (§9.1.1).

        Group 40 entries are applied in card order: each sets ``mapps`` for its posture, and
        one that is not ``old`` (re)defines its pointer's ``ssvact`` and ``ssvres``, so a
        posture whose entry is ``old`` uses the last data read for that pointer.
        """
        if side not in (1, 2):
            raise _fail("side", f"must be 1 (Red) or 2 (Blue), got {side!r}")
        s = side - 1
        nss, nrs = design.nss[s], design.nrs[s]
        flat = design.ssvncr if side == 1 else design.ssvncb
        nonengaged = np.array(flat, dtype=np.float64).reshape(nss, nrs, 3)
        entries = design.combat_supplies[s]
        size = max((e.mapps for e in entries), default=0)
        ssvact = np.zeros((nss, nrs, size))
        ssvres = np.zeros((nss, nrs, size))
        mapps = np.zeros(_KPOST_SIZE, dtype=np.int64)
        for e in entries:
            mapps[_kpost(e.posture)] = e.mapps
            if not e.old:
                ssvact[:, :, e.mapps - 1] = np.array(e.ssvact, dtype=np.float64).reshape(nss, nrs)
                ssvres[:, :, e.mapps - 1] = np.array(e.ssvres, dtype=np.float64).reshape(nss, nrs)
        return cls(side, design.nequip[s], nonengaged, mapps, ssvact, ssvres)


def _vector(field: str, value: ArrayLike, size: int, *, upper: float = math.inf) -> FloatArray:
    arr = np.array(value, dtype=np.float64)
    if arr.shape != (size,):
        raise _fail(field, f"must have {size} values, got shape {arr.shape}")
    if not np.all(np.isfinite(arr) & (arr >= 0) & (arr <= upper)):
        raise _fail(field, f"must hold finite numbers in [0, {upper:g}], got {arr}")
    return arr


def demand(
    tables: SupplyTables,
    resources: ArrayLike,
    *,
    posture: int,
    engaged: bool,
    passenger: bool,
    frinv: ArrayLike | None,
    tframe: float,
) -> FloatArray:
    """``D(ibu, k)``: one unit's demand for each supply type in one frame (seed 000 §7).

    An inactive unit (posture class -1 or 0) demands nothing. A unit that is not engaged, or
    is a passenger in a stacked task force, demands ``tframe * Σ_irs rate(k, irs, pc) *
    [resources](irs)`` with ``pc`` its posture class (1 for a passenger). An engaged unit
    demands ``tframe * Σ_irs (ssvact(k, irs, index) * λ(irs) + ssvres(k, irs, index) * (1 -
    λ(irs))) * [resources](irs)`` with ``index = mapps(s, [kpost](posture))`` and ``λ =
    frinv``, the fractions actively involved in combat.

    Rulings (``docs/rulings/idahex.md``): posture class 4 not engaged uses the class 3
    (movement) rates; an engaged unit whose posture has no ``mapps`` pointer demands as if
    it were not engaged.

    Args:
        tables: the unit's side's :class:`SupplyTables`.
        resources: ``[resources](ibu, irs)`` for ``irs = 1..nrs(s)``.
        posture: the unit's posture.
        engaged: whether the unit is engaged (§5).
        passenger: whether it is a passenger in a stacked task force (§3.2.3.2).
        frinv: ``frinv(irs, ibu)`` for every resource type, in ``[0, 1]``; needed only when
            the engaged rates apply.
        tframe: the length of a frame.

    Raises:
        InvalidInputError: a bad posture, resources or ``frinv`` of the wrong length or out
            of range, ``frinv`` missing when needed, a nonpositive ``tframe``, or an engaged
            unit in a movement posture (the enemy cannot engage a moving unit, §5).
    """
    pc = posture_class(posture)
    res = _vector("resources", resources, tables.nrs)
    if not (math.isfinite(tframe) and tframe > 0):
        raise _fail("tframe", f"must be a finite number > 0, got {tframe!r}")
    if not pc.active or tables.nss == 0:
        return np.zeros(tables.nss)
    index = tables.pointer(posture)
    if engaged and not passenger and pc is PostureClass.MOVEMENT:
        raise _fail("engaged", f"a unit in movement posture {posture} cannot be engaged (§5)")
    if not engaged or passenger or index == 0:
        column = 1 if passenger else min(int(pc), 3)
        out: FloatArray = tframe * exact.matvec(tables.nonengaged[:, :, column - 1], res)
        return out
    if frinv is None:
        raise _fail("frinv", "an engaged unit needs the fractions of its resources in combat")
    lam = _vector("frinv", frinv, tables.nrs, upper=1.0)
    active = exact.matvec(tables.ssvact[:, :, index - 1], lam * res)
    reserve = exact.matvec(tables.ssvres[:, :, index - 1], (1 - lam) * res)
    out = tframe * (active + reserve)
    return out


def engaged_demand_trusted(
    tables: SupplyTables, resources: FloatArray, index: int, frinv: FloatArray, tframe: float
) -> FloatArray:
    """:func:`demand` of an engaged unit that is no passenger, in a posture of pointer
    ``index`` (not 0), on the game's own state, which it trusts (no checks or copies): the
    same products and correctly rounded sums, in the same order."""
    active = exact.matvec(tables.ssvact[:, :, index - 1], frinv * resources)
    reserve = exact.matvec(tables.ssvres[:, :, index - 1], (1 - frinv) * resources)
    out: FloatArray = tframe * (active + reserve)
    return out


def engaged_demands_trusted(
    tables: SupplyTables,
    resources: FloatArray,
    indices: IntArray,
    frinv: FloatArray,
    tframe: float,
) -> FloatArray:
    """:func:`engaged_demand_trusted` of many units at once (a row each of ``resources``,
    ``frinv`` and ``indices``): the same elementwise products along the rows, each row's
    sums by ``math.fsum`` as :func:`exact.matvec` takes them, so row ``i`` is the array it
    gives unit ``i``, bit for bit."""
    active, reserve = (
        _rate_sums(rates, indices, held, rated)
        for rates, held, rated in zip(
            (tables.ssvact, tables.ssvres),
            (frinv * resources, (1 - frinv) * resources),
            tables.rated_engaged,
            strict=True,
        )
    )
    out: FloatArray = tframe * (active + reserve)
    return out


def _rate_sums(
    rates: FloatArray,
    indices: IntArray,
    held: FloatArray,
    rated: tuple[tuple[int, ...], ...] | None,
) -> FloatArray:
    """Row ``i``: ``exact.matvec(rates[:, :, indices[i] - 1], held[i])``, with ``rated`` the
    resource types whose rate is not 0 at some pointer, for each supply type, where none
    has more than two (:attr:`SupplyTables.rated_engaged`).

    ``math.fsum`` rounds the exact sum of its terms once; a term whose rate is 0 is an
    exact zero (of either sign) where the holdings are finite, and adds nothing. So where
    a supply type has at most two resource types rated (the usual design: a weapon's
    ammunition and the personnel), its sum is that of those one or two terms: ``a + b``,
    one IEEE addition, is correctly rounded as ``fsum`` rounds it but for the sign of an
    exact zero, which ``fsum`` gives as +0.0 and ``(a + b) + 0.0`` too (a nonzero sum is
    left as it is). The terms are the same products, ``rate * held``, made along all the
    units at once; any other case takes ``fsum`` row by row."""
    count = len(indices)
    if rated is not None and count and np.isfinite(held).all():
        at = indices - 1
        out = np.empty((count, len(rated)))
        for k, columns in enumerate(rated):
            terms = [rates[k, j][at] * held[:, j] for j in columns]
            if not terms:
                out[:, k] = 0.0
            elif len(terms) == 1:
                out[:, k] = terms[0] + 0.0
            else:
                out[:, k] = (terms[0] + terms[1]) + 0.0
        if np.isfinite(out).all():  # (fsum refuses a sum that overflows: it is left to it)
            return out
    picked = np.moveaxis(rates[:, :, indices - 1], 2, 0)  # (units, nss, nrs)
    products = np.multiply(picked, held[:, None, :], dtype=np.float64)
    count, nss, nrs = products.shape
    sums = np.array(list(map(math.fsum, products.reshape(-1, nrs).tolist())), dtype=np.float64)
    return sums.reshape(count, nss)


def nonengaged_demands(
    tables: SupplyTables, resources: FloatArray, columns: IntArray, tframe: float
) -> FloatArray:
    """``D(ibu, k)`` of many units at once at the rates of units not engaged (seed 000 §7):
    row ``i`` is ``tframe * Σ_irs rate(k, irs, columns[i]) * resources[i, irs]``, the value
    :func:`demand` gives a unit that is not engaged (or is a passenger) with posture class
    ``columns[i]`` (1-3; class 4 not engaged uses 3, a passenger 1).

    The game's own state is trusted here (no checks): one array product for every unit of a
    side, each frame, then correctly rounded sums (:mod:`hexwar.core.exact`).
    """
    if tables.nss == 0 or len(resources) == 0:
        return np.zeros((len(resources), tables.nss))
    rates = tables.by_class[columns - 1]  # (units, nss, nrs)
    products = np.multiply(rates, resources[:, None, :], dtype=np.float64)
    # Each row summed with math.fsum, as exact.matvec sums it for one unit: the same bits as
    # demand(), on every machine.
    sums = np.array([math.fsum(row) for row in products.reshape(-1, tables.nrs).tolist()])
    out: FloatArray = tframe * sums.reshape(len(resources), tables.nss)
    return out


def _matrix(field: str, value: ArrayLike) -> FloatArray:
    arr = np.array(value, dtype=np.float64)
    if arr.ndim != 2:
        raise _fail(field, f"must be [units, nss], got shape {arr.shape}")
    if not np.all(np.isfinite(arr) & (arr >= 0)):
        raise _fail(field, "must hold finite numbers >= 0")
    return arr


def _groups(groups: Sequence[Sequence[int]], n: int) -> list[list[int]]:
    seen: set[int] = set()
    out: list[list[int]] = []
    for g, rows in enumerate(groups):
        for i in rows:
            if isinstance(i, bool) or not isinstance(i, int | np.integer) or not 0 <= i < n:
                raise _fail(f"groups[{g}]", f"row {i!r} is not a unit row 0..{n - 1}")
            if i in seen:
                raise _fail(f"groups[{g}]", f"row {i} is in more than one task force")
            seen.add(int(i))
        out.append([int(i) for i in rows])
    return out


def consume(stocks: ArrayLike, demands: ArrayLike, groups: Sequence[Sequence[int]]) -> FloatArray:
    """The supply stocks after one frame's consumption (seed 000 §7).

    A unit in no task force consumes ``C = min(D, stk)`` of each type. A task force consumes
    ``C = min(dd, stk)`` of its elements' total demand ``dd`` from their total stock ``stk``,
    and each element keeps the fraction ``(stk - C)/stk`` of its stock (all of nothing when
    ``stk = 0``). Stocks never go negative.

    Args:
        stocks: ``[resources](ibu, nequip(s) + k)``, one row per unit, one column per supply
            type (see :attr:`SupplyTables.supply_columns`).
        demands: ``D(ibu, k)`` from :func:`demand`, the same shape.
        groups: the task forces, each a list of row indices; a row in none is on its own.

    Raises:
        InvalidInputError: the shapes differ, a value is negative or not finite, or a row is
            out of range or in two task forces.
    """
    stk = _matrix("stocks", stocks)
    dem = _matrix("demands", demands)
    if dem.shape != stk.shape:
        raise _fail("demands", f"must have the stocks' shape {stk.shape}, got {dem.shape}")
    return consume_trusted(stk, dem, _groups(groups, stk.shape[0]))


def consume_trusted(
    stk: FloatArray, dem: FloatArray, groups: Sequence[Sequence[int]]
) -> FloatArray:
    """:func:`consume` on the game's own arrays, which it trusts (no checks): the stocks and
    demands as float arrays of one shape, the groups disjoint lists of row indices."""
    out: FloatArray = stk - np.minimum(dem, stk)
    for rows in groups:
        if len(rows) < 2:
            continue  # a one-element task force: the same as a lone unit, computed exactly
        held = stk[rows].sum(axis=0)
        used = np.minimum(dem[rows].sum(axis=0), held)
        keep = np.divide(held - used, held, out=np.zeros_like(held), where=held > 0)
        out[rows] = keep * stk[rows]
    return out
