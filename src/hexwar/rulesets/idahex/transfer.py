"""Redistributing resources: the transfer command and the delivery order (seed 000, §4.2).

Givers hand resources to takers at one location. Every function here is pure: it works on
numpy arrays of stocks and planned stocks, one row per battle unit, one column per resource
type ``irs = 1..nrs(s)`` (column ``irs - 1``), and returns new arrays. The game decides who
the givers and takers are (defaults of §4.2.1, destinations and recipients of §4.2.2) and
passes them in as unit numbers.

* :func:`allocate_to_takers` -- §4.2.1, the first step: share ``amt(irs)`` among the takers
  (Case 1 equalizes stock/toe over ``T''``, Case 2 equalizes stocks over ``T'``);
* :func:`assess_givers` -- §4.2.1, the second step: take ``amt(irs)`` from the givers, first
  from those with ``toe = 0`` (``G'``), then equalizing stock/toe over the rest;
* :func:`pool` -- §4.2.1, givers = takers: pool and reapportion every type;
* :func:`transfer` -- a whole transfer command (§4.2.1);
* :func:`deliver` -- the execution of a delivery order of size ``λ`` (§4.2.2).

The three quadratic programmes of §4.2.1 are separable, strictly convex and have one equality
constraint, so their KKT conditions give the solution in closed form: each ``q(k)`` is
``clip(a_k - w_k * c, 0, u_k)`` for one multiplier ``c``, found exactly by sorting the
breakpoints of the piecewise-linear ``Σ q(c)`` (:func:`_water_fill`, O(n log n)).

Every transfer and delivery conserves each type's total over the givers and takers. The
rulings this module needs are in ``docs/rulings/idahex.md`` under "Transfer and delivery
(§4.2)".
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from hexwar.core.errors import InvalidInputError, Problem

__all__ = [
    "TransferResult",
    "allocate_to_takers",
    "assess_givers",
    "deliver",
    "pool",
    "transfer",
]

FloatArray = NDArray[np.float64]
BoolArray = NDArray[np.bool_]

# Relative slack allowed when an amount to assess exceeds the givers' stock only by rounding.
_ROUNDING = 1e-9


@dataclass(frozen=True, eq=False)
class TransferResult:
    """What a transfer command or a delivery did.

    Attributes:
        resources: ``[resources]`` after the command, one row per unit in the order given
            (units that neither gave nor took are unchanged); read-only.
        moved: per resource type, the amount that changed hands: ``amt(irs)`` after its
            resets, or for pooling the total by which the receiving units' stocks rose;
            read-only.
        pooled: whether the givers were the takers, so that everything was pooled (§4.2.1).
        warnings: messages for the player, e.g. that there were no takers.
    """

    resources: FloatArray
    moved: FloatArray
    pooled: bool
    warnings: tuple[str, ...]


# -- input checks ---------------------------------------------------------------------------


def _fail(field: str, message: str) -> InvalidInputError:
    return InvalidInputError([Problem(message, path=field)])


def _quantities(field: str, value: ArrayLike, ndim: int) -> FloatArray:
    """``value`` as a float array of ``ndim`` dimensions of finite numbers >= 0."""
    try:
        arr = np.array(value, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise _fail(field, f"must be an array of numbers ({exc})") from None
    if arr.ndim != ndim:
        raise _fail(field, f"must have {ndim} dimension(s), got shape {arr.shape}")
    bad = ~np.isfinite(arr) | (arr < 0)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        raise _fail(field, f"must hold finite numbers >= 0, got {float(arr[where])!r} at {where}")
    return arr


def _flags(field: str, value: ArrayLike, shape: tuple[int, ...]) -> BoolArray:
    arr = np.asarray(value)
    if arr.shape != shape:
        raise _fail(field, f"must have shape {shape}, got {arr.shape}")
    if arr.dtype != np.bool_:
        raise _fail(field, f"must be booleans, got dtype {arr.dtype}")
    return arr.astype(np.bool_)


def _same_shape(field: str, arr: FloatArray, shape: tuple[int, ...]) -> None:
    if arr.shape != shape:
        raise _fail(field, f"must have shape {shape} (as stock), got {arr.shape}")


def _amount(field: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise _fail(field, f"must be a number >= 0, got {value!r}")
    if not (math.isfinite(value) and value >= 0):
        raise _fail(field, f"must be a finite number >= 0, got {value!r}")
    return float(value)


# -- the closed-form solution of the §4.2.1 programmes --------------------------------------


def _tail_sums(keys: FloatArray, *values: FloatArray) -> tuple[FloatArray, FloatArray]:
    """``keys`` sorted ascending, and for each ``i`` the sums of ``values`` over the keys from
    position ``i`` on (row ``len(keys)`` is all zeros)."""
    order = np.argsort(keys, kind="stable")
    stacked = np.stack([v[order] for v in values], axis=1)
    tails = np.zeros((keys.size + 1, len(values)))
    tails[:-1] = np.cumsum(stacked[::-1], axis=0)[::-1]
    return keys[order], tails


def _sorted_unique(values: FloatArray) -> FloatArray:
    """``np.unique`` of a 1-D float array: its values sorted, each kept once (the first of
    equal ones, -0.0 and 0.0 alike; the NaNs once, last), the same steps as numpy's sorting
    path, which ``np.unique`` takes for floats. (``np.unique`` itself asks ``np.ma`` whether
    the array is masked, which imports ``numpy.ma`` at its first call: some 46 million
    instructions, more than a whole game's transfers.)"""
    aux = np.sort(values)
    mask = np.empty(aux.shape, dtype=np.bool_)
    mask[:1] = True
    if aux.size and np.isnan(aux[-1]):
        first = int(np.searchsorted(aux, aux[-1], side="left"))
        if first > 0:
            mask[1:first] = aux[1:first] != aux[: first - 1]
        mask[first] = True
        mask[first + 1 :] = False
    else:
        mask[1:] = aux[1:] != aux[:-1]
    out: FloatArray = aux[mask]
    return out


def _water_fill(a: FloatArray, w: FloatArray, upper: FloatArray, total: float) -> FloatArray:
    """``q_k = clip(a_k - w_k * c, 0, upper_k)`` with the ``c`` that makes ``Σ q = total``.

    This is the KKT solution of ``minimize Σ_k (q_k - a_k)² / w_k`` subject to ``Σ q = total``
    and ``0 <= q <= upper`` (``upper`` may be ``inf``): stationarity gives ``q_k = a_k -
    w_k * c`` off the bounds, ``c`` being the (scaled) multiplier of the equality.

    ``Σ q(c)`` is continuous, nonincreasing and linear between the breakpoints ``a/w``
    (where ``q_k`` reaches 0) and ``(a - upper)/w`` (where it reaches ``upper_k``), so sorting
    the breakpoints finds the segment holding ``total``; on it the active set is known and
    ``c`` solves one linear equation. ``w`` must be positive. If ``total`` is at least ``Σ
    upper``, every ``q_k`` is ``upper_k``.
    """
    if a.size == 0 or total <= 0:
        return np.zeros_like(a)
    bounded = np.isfinite(upper)
    if bounded.all() and total >= upper.sum():
        return upper.copy()
    zero_at = a / w
    upper_at = np.where(bounded, (a - np.where(bounded, upper, 0.0)) / w, -np.inf)
    cands = _sorted_unique(np.concatenate([zero_at, upper_at[bounded]]))
    # Σ q at each candidate: Σ_{zero_at > c} (a - w c) - Σ_{upper_at > c} (a - w c - upper).
    lo_keys, lo_tails = _tail_sums(zero_at, a, w)
    hi_keys, hi_tails = _tail_sums(upper_at[bounded], a[bounded], w[bounded], upper[bounded])
    lo = lo_tails[np.searchsorted(lo_keys, cands, side="right")]
    hi = hi_tails[np.searchsorted(hi_keys, cands, side="right")]
    sums = (lo[:, 0] - cands * lo[:, 1]) - (hi[:, 0] - cands * hi[:, 1] - hi[:, 2])
    i = int(np.searchsorted(-sums, -total, side="left"))  # the first candidate with Σ <= total
    top = float(cands[i])
    below = float(cands[i - 1]) if i > 0 else top - max(1.0, abs(top))
    probe = 0.5 * (below + top)  # inside the segment, off every breakpoint
    at_upper = bounded & (upper_at > probe)
    interior = ~at_upper & (zero_at > probe)
    slope = float(w[interior].sum())
    c = top  # on a flat segment every c gives the total
    if slope > 0:
        c = (float(a[interior].sum()) - (total - float(upper[at_upper].sum()))) / slope
    q: FloatArray = np.clip(a - w * c, 0.0, upper)
    return q


def allocate_to_takers(
    stock: ArrayLike, toe: ArrayLike, accepts: ArrayLike, amt: float
) -> FloatArray:
    """The quantities ``q(k)`` of one resource type given to each taker (seed 000 §4.2.1).

    ``T'`` is the takers that ``accepts`` (``irs = iars(j, butype(k))`` for some ``j``) and
    ``T''`` those of ``T'`` with ``toe > 0``. If ``T''`` is nonempty (Case 1), ``q`` minimizes
    ``Σ_{T''} (1 - (stock + q)/toe)²``; otherwise (Case 2) it minimizes ``Σ_{T'} (stock +
    q)²``; in both ``Σ q = amt``, ``q >= 0`` and ``q = 0`` outside the set. If ``T'`` is
    empty nothing can be given: ``q = 0`` (the caller resets ``amt(irs)`` to 0).

    Args:
        stock: ``[resources](k, irs)`` for each taker ``k``.
        toe: ``toe(butype(k), irs)`` for each taker.
        accepts: whether each taker can have type ``irs`` resources.
        amt: ``amt(irs)``, the amount to distribute.

    Raises:
        InvalidInputError: the arrays differ in shape or hold negative or non-finite values,
            or ``amt`` is negative.
    """
    s = _quantities("stock", stock, 1)
    t = _quantities("toe", toe, 1)
    _same_shape("toe", t, s.shape)
    can = _flags("accepts", accepts, s.shape)
    amount = _amount("amt", amt)
    q = np.zeros_like(s)
    case1 = can & (t > 0)
    if case1.any():
        # (stock + q)/toe = 1 - c * toe where q > 0.
        tt = t[case1]
        q[case1] = _water_fill(tt - s[case1], tt * tt, np.full(tt.size, np.inf), amount)
    elif can.any():
        # stock + q = -c (one common level) where q > 0.
        n = int(can.sum())
        q[can] = _water_fill(-s[can], np.ones(n), np.full(n, np.inf), amount)
    return q


def assess_givers(stock: ArrayLike, toe: ArrayLike, amt: float) -> FloatArray:
    """The quantities ``q(k)`` of one resource type taken from each giver (seed 000 §4.2.1).

    Givers with ``toe = 0`` (``G'``, holding ``Q`` in all) give first, each the same fraction
    ``min(amt/Q, 1)`` of its stock. If they cannot cover ``amt``, the rest comes from the
    other givers, chosen to minimize ``Σ ((stock - q)/toe - 1)²`` subject to ``Σ q = amt -
    Q`` and ``0 <= q <= stock``. The upper bound is not in the manual; it is a ruling (a
    giver cannot give what it does not have) and never changes the manual's answer when
    that answer leaves every stock nonnegative.

    Args:
        stock: ``[resources](k, irs)`` for each giver ``k``.
        toe: ``toe(butype(k), irs)`` for each giver.
        amt: ``amt(irs)``, the amount the takers received.

    Raises:
        InvalidInputError: the arrays differ in shape or hold negative or non-finite values,
            or ``amt`` is negative or more than the givers hold.
    """
    s = _quantities("stock", stock, 1)
    t = _quantities("toe", toe, 1)
    _same_shape("toe", t, s.shape)
    amount = _amount("amt", amt)
    held = float(s.sum())
    if amount > held * (1 + _ROUNDING):
        raise _fail("amt", f"the givers hold {held:g}, cannot give {amount:g}")
    q = np.zeros_like(s)
    spare = t == 0  # G'
    total_spare = float(s[spare].sum())  # Q
    if total_spare > amount:  # min(amt/Q, 1) = amt/Q
        q[spare] = (amount / total_spare) * s[spare]
        return q
    q[spare] = s[spare]
    rest = ~spare
    tt, ss = t[rest], s[rest]
    # (stock - q)/toe = 1 + c * toe where 0 < q < stock.
    q[rest] = _water_fill(ss - tt, tt * tt, ss, amount - total_spare)
    return q


# -- whole commands -------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class _Holdings:
    """Checked inputs of a command: the rows and the giver and taker row indices."""

    resources: FloatArray
    toe: FloatArray
    accepts: BoolArray
    givers: tuple[int, ...]
    takers: tuple[int, ...]


def _rows(field: str, units: Sequence[int], chosen: Iterable[int]) -> tuple[int, ...]:
    index = {u: i for i, u in enumerate(units)}
    rows: dict[int, None] = {}
    for u in chosen:
        if u not in index:
            raise _fail(field, f"unit {u!r} is not one of the units given")
        rows[index[u]] = None
    return tuple(rows)


def _holdings(
    units: Sequence[int],
    resources: ArrayLike,
    toe: ArrayLike,
    accepts: ArrayLike,
    givers: Iterable[int],
    takers: Iterable[int],
) -> _Holdings:
    units = list(units)
    if len(set(units)) != len(units):
        raise _fail("units", f"unit numbers must be distinct, got {units}")
    res = _quantities("resources", resources, 2)
    if res.shape[0] != len(units):
        raise _fail("resources", f"needs one row per unit ({len(units)}), got {res.shape[0]}")
    planned = _quantities("toe", toe, 2)
    if planned.shape != res.shape:
        raise _fail("toe", f"must have shape {res.shape} (as resources), got {planned.shape}")
    can = _flags("accepts", accepts, res.shape)
    return _Holdings(
        res, planned, can, _rows("givers", units, givers), _rows("takers", units, takers)
    )


def _nobody(h: _Holdings, what: str) -> TransferResult | None:
    """The result of a command with no givers or no takers, or ``None`` if it has both."""
    missing = [name for name, rows in (("givers", h.givers), ("takers", h.takers)) if not rows]
    if not missing:
        return None
    text = f"no {what}: there are no {' and no '.join(missing)}"
    return _result(h.resources, np.zeros(h.resources.shape[1]), False, [text])


def _result(res: FloatArray, moved: FloatArray, pooled: bool, notes: list[str]) -> TransferResult:
    res.setflags(write=False)
    moved.setflags(write=False)
    return TransferResult(res, moved, pooled, tuple(notes))


def pool(resources: FloatArray, toe: FloatArray, accepts: BoolArray) -> FloatArray:
    """The units' resources after pooling, when the givers are the takers (seed 000 §4.2.1).

    For each type the units' total is reapportioned: over ``T''`` (can hold it, ``toe > 0``)
    in proportion to ``toe``, so that stock/toe is the same for each; if ``T''`` is empty,
    equally over ``T'`` (can hold it); every other unit is left with 0. A type no unit can
    hold is left where it is (ruling: nowhere to put it). Totals are conserved.

    Args:
        resources: ``[resources]``, one row per unit of ``T``.
        toe: ``toe(butype(k), irs)``, the same shape.
        accepts: whether each unit can have each type, the same shape.
    """
    out = resources.copy()
    for irs in range(resources.shape[1]):
        total = resources[:, irs].sum()
        can = accepts[:, irs]
        planned = can & (toe[:, irs] > 0)
        if planned.any():
            out[:, irs] = 0.0
            out[planned, irs] = total * toe[planned, irs] / toe[planned, irs].sum()
        elif can.any():
            out[:, irs] = 0.0
            out[can, irs] = total / can.sum()
    return out


def _pooled(h: _Holdings, notes: list[str]) -> TransferResult:
    rows = list(h.takers)
    out = h.resources.copy()
    out[rows] = pool(h.resources[rows], h.toe[rows], h.accepts[rows])
    moved = np.maximum(out[rows] - h.resources[rows], 0.0).sum(axis=0)
    return _result(out, moved, True, notes)


def _exchange(h: _Holdings, amt: FloatArray, notes: list[str]) -> TransferResult:
    """Allocate ``amt`` to the takers, then assess the givers, type by type (§4.2.1)."""
    out = h.resources.copy()
    moved = np.zeros(out.shape[1])
    g, t = list(h.givers), list(h.takers)
    for irs in range(out.shape[1]):
        if amt[irs] <= 0:
            continue
        if not h.accepts[t, irs].any():  # T' is empty: amt(irs) is reset to 0
            notes.append(f"no taker can hold resource type {irs + 1}: none transferred")
            continue
        out[t, irs] += allocate_to_takers(out[t, irs], h.toe[t, irs], h.accepts[t, irs], amt[irs])
        moved[irs] = amt[irs]
        out[g, irs] -= assess_givers(out[g, irs], h.toe[g, irs], amt[irs])
    return _result(out, moved, False, notes)


def _default_amounts(h: _Holdings, size: float) -> FloatArray:
    """``min(demand, size * supply)`` for every type (§4.2.1 with size 1, §4.2.2)."""
    g, t = list(h.givers), list(h.takers)
    demand = np.maximum(h.toe[t] - h.resources[t], 0.0).sum(axis=0)
    supply = np.maximum(h.resources[g] - h.toe[g], 0.0).sum(axis=0)
    amt: FloatArray = np.minimum(demand, size * supply)
    return amt


def transfer(
    units: Sequence[int],
    resources: ArrayLike,
    toe: ArrayLike,
    accepts: ArrayLike,
    givers: Iterable[int],
    takers: Iterable[int],
    amounts: Sequence[float | None] | None = None,
) -> TransferResult:
    """Carry out a transfer command (seed 000 §4.2.1).

    With no givers or no takers nothing happens and the player is warned. If the givers are
    the takers, every type is pooled (:func:`pool`) whatever the amounts. Otherwise, for each
    type, an undeclared amount is ``min(demand, supply)`` -- the takers' shortfalls below
    ``toe`` against the givers' surpluses above it -- and a declared one is cut to what the
    givers hold; the amount is allocated to the takers (:func:`allocate_to_takers`), then
    assessed on the givers (:func:`assess_givers`). A unit may be both giver and taker.

    Args:
        units: the unit numbers of the rows, distinct; rows may include bystanders.
        resources: ``[resources](k, irs)``, shape ``(len(units), nrs(s))``.
        toe: ``toe(butype(k), irs)``, the same shape.
        accepts: whether unit ``k`` can have type ``irs`` (``irs = iars(j, butype(k))`` for
            some ``j``), the same shape.
        givers: the unit numbers of ``G``.
        takers: the unit numbers of ``T``.
        amounts: the declared amount of each type, ``None`` where undeclared; ``None`` for
            no declarations at all.

    Raises:
        InvalidInputError: a shape or unit number does not fit, a quantity is negative or
            not finite, or a declared amount is negative.
    """
    h = _holdings(units, resources, toe, accepts, givers, takers)
    nrs = h.resources.shape[1]
    declared = list(amounts) if amounts is not None else [None] * nrs
    if len(declared) != nrs:
        raise _fail("amounts", f"needs one entry per resource type ({nrs}), got {len(declared)}")
    checked = [None if a is None else _amount(f"amounts[{i}]", a) for i, a in enumerate(declared)]
    nobody = _nobody(h, "transfer")
    if nobody is not None:
        return nobody
    notes: list[str] = []
    if set(h.givers) == set(h.takers):
        if any(a is not None for a in checked):
            notes.append("givers and takers are the same units: all resources pooled")
        return _pooled(h, notes)
    amt = _default_amounts(h, 1.0)
    held = h.resources[list(h.givers)].sum(axis=0)
    for irs, a in enumerate(checked):
        if a is None:
            continue
        amt[irs] = min(a, held[irs])
        if a > held[irs]:
            notes.append(
                f"resource type {irs + 1}: {a:g} declared, the givers hold only {held[irs]:g}"
            )
    return _exchange(h, amt, notes)


def deliver(
    units: Sequence[int],
    resources: ArrayLike,
    toe: ArrayLike,
    accepts: ArrayLike,
    givers: Iterable[int],
    takers: Iterable[int],
    size: float,
) -> TransferResult:
    """Execute a delivery order of size ``λ`` (seed 000 §4.2.2).

    The givers are the delivery task force's elements; the takers are the intended
    recipients active in the destination, or, with none named, every active friendly unit
    there not in the transfer posture -- the caller determines them. If the givers are the
    takers, everything is pooled as in §4.2.1. Otherwise each type's amount is
    ``min(demand, λ * supply)``, so a giver never gives below its ``toe``; the amounts are
    allocated and assessed exactly as for a transfer command.

    Args:
        units, resources, toe, accepts, givers, takers: as for :func:`transfer`.
        size: ``λ``, the delivery size, in ``[0, 1]``.

    Raises:
        InvalidInputError: as for :func:`transfer`, or ``size`` is outside ``[0, 1]``.
    """
    lam = _amount("size", size)
    if lam > 1:
        raise _fail("size", f"the delivery size must be in [0, 1], got {size!r}")
    h = _holdings(units, resources, toe, accepts, givers, takers)
    nobody = _nobody(h, "delivery")
    if nobody is not None:
        return nobody
    if set(h.givers) == set(h.takers):
        return _pooled(h, [])
    return _exchange(h, _default_amounts(h, lam), [])
