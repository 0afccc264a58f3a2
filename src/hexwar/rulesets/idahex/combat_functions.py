"""The combat functions of seed 000 §5.4: ``pafgen``/``paf``, ``frinv``, ``zrarea``,
``freff``, ``prep``, ``frdval`` and ``vfeba``.

They read the design data (:class:`~hexwar.rulesets.idahex.design.File50`) once into
:class:`CombatFunctions`; each call is then arithmetic on numpy vectors. Indices follow the
manual shifted to 0 (resource ``irs`` at ``irs - 1``); sides are 1 (Red) and 2 (Blue).
Interpretations are in ``docs/rulings/idahex.md`` under "Combat (§5)".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from hexwar.core import exact
from hexwar.rulesets.idahex.design import File50

__all__ = ["BATCH_FROM", "RGAIN", "CombatFunctions", "Force", "cell_area", "paf", "pafgen"]

FloatArray = NDArray[np.float64]

RGAIN = 0.01
"""§5.4.1's ``rgain``, the step by which a type of equipment's share of the standard force is
raised while support is allocated ('a small positive number -- .01, for example')."""


def pafgen(w: float, y: Sequence[float], x: Sequence[float]) -> float:
    """§5.4: the piecewise-affine function through ``(x(i), y(i))``, constant beyond the ends.

    ``x`` must be nondecreasing; at a repeated abscissa the later point holds from there on
    (``i1 = max{i: x(i) <= w}``).
    """
    if math.isnan(w):
        raise ValueError("pafgen: the argument is not a number")
    n = len(x)
    if w <= x[0]:
        return float(y[0])
    if w >= x[n - 1]:
        return float(y[n - 1])
    i1 = i2 = -1  # max{i: x(i) <= w}, min{i: x(i) > w}: both exist strictly inside
    for i, xi in enumerate(x):
        if xi <= w:
            i1 = i
        elif i2 < 0 and xi > w:
            i2 = i
    return float(y[i1] + (w - x[i1]) / (x[i2] - x[i1]) * (y[i2] - y[i1]))


def _pafgen_rows(w: float, rows: Sequence[Sequence[float]], x: Sequence[float]) -> list[float]:
    """``pafgen(w, y, x)`` for each ``y`` of ``rows``: the same segment and the same operations
    (the fraction ``(w - x(i1)) / (x(i2) - x(i1))`` is one rounded value for all)."""
    if math.isnan(w):
        raise ValueError("pafgen: the argument is not a number")
    n = len(x)
    if w <= x[0]:
        return [float(y[0]) for y in rows]
    if w >= x[n - 1]:
        return [float(y[n - 1]) for y in rows]
    i1 = i2 = -1
    for i, xi in enumerate(x):
        if xi <= w:
            i1 = i
        elif i2 < 0 and xi > w:
            i2 = i
    t = (w - x[i1]) / (x[i2] - x[i1])
    return [float(y[i1] + t * (y[i2] - y[i1])) for y in rows]


def paf(w: float, y0: float, y: Sequence[float], x: Sequence[float]) -> float:
    """§5.4: ``pafgen`` on the nonnegative reals with value ``y0`` at 0 (``xlong(1) = 0``)."""
    return pafgen(w, [y0, *y], [0.0, *x])


def cell_area(depth: float) -> float:
    """The area of a cell: a regular hexagon whose opposite sides are ``depth`` apart (§2.1)."""
    return math.sqrt(3.0) / 2.0 * depth * depth


@dataclass(frozen=True, slots=True)
class Force:
    """The units ``L`` of §5.4.1 that share their support: their types and summed holdings."""

    side: int
    butypes: tuple[int, ...]
    amount: FloatArray


Segment = tuple[float, float | None, float, float, float, float]
"""A segment of a ``frinv`` curve as :meth:`CombatFunctions._equip` inverts it: the highest
fraction it serves ``y(n)``, the ratio when it is constant (else ``None``), and ``y(n - 1)``,
``y(n) - y(n - 1)``, ``x(n - 1)``, ``x(n) - x(n - 1)``."""


def _segments(ys: Sequence[float], xs: Sequence[float]) -> tuple[Segment, ...]:
    """The segments of the curve through ``(xs[n], ys[n])`` for the search of REQ's least
    ``w`` with ``paf(w) >= target``: the first segment ``n`` whose ``y(n)`` reaches the target
    gives it -- 0 at ``n = 0``, ``x(n)`` where the segment is flat or vertical (``y(n) =
    y(n - 1)`` or ``x(n) = x(n - 1)``), else ``x(n - 1) + (target - y(n - 1)) / (y(n) -
    y(n - 1)) * (x(n) - x(n - 1))``, the differences computed here once (the same rounded
    values every step) -- and past the last, ``inf`` (no ratio reaches the target)."""
    out: list[Segment] = [(ys[0], 0.0, 0.0, 0.0, 0.0, 0.0)]
    for n in range(1, len(xs)):
        y, y0, x, x0 = ys[n], ys[n - 1], xs[n], xs[n - 1]
        flat = y == y0 or x == x0
        out.append((y, x if flat else None, y0, y - y0, x0, x - x0))
    out.append((math.inf, math.inf, 0.0, 0.0, 0.0, 0.0))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _EquipTables:
    """A side's design data as :meth:`CombatFunctions._equip` reads it: the types of
    equipment in the standard force (``stdtgt > 0``), each type's protectors (``(prot, j)``
    in resource order; ``None`` for an unprotected type, ``pg = 1``), ``spdd`` and
    ``stdtgt`` as lists, each type's and support's curve segments (:func:`_segments`), and
    whether every protection is ``>= 0`` (then what protects a type only grows)."""

    neq: int
    nsp: int
    members: tuple[int, ...]
    protectors: tuple[tuple[tuple[float, int], ...] | None, ...]
    spdd: list[list[float]]
    std: list[float]
    segments: tuple[tuple[tuple[Segment, ...], ...], ...]
    protections_nonnegative: bool
    stacked: tuple[_Stacked, ...]


class _Stacked:
    """A type of equipment's curves, one a support, stacked for many forces at once
    (:meth:`CombatFunctions._equip_many`): the segments of :func:`_segments` of every
    support, one after the other, as the rows of one array: each segment's end ``y(n)``
    and ``x(n - 1)``, ``y(n - 1)``, ``y(n) - y(n - 1)``, ``x(n) - x(n - 1)``. A segment
    whose ratio is a constant ``c`` is written ``c, 0, 1, 0``: ``c + (target - 0) / 1 * 0``
    is ``c`` exactly (``c + 0.0``, the target finite), so one formula serves all."""

    def __init__(self, curves: Sequence[Sequence[Segment]]) -> None:
        flat = [seg for c in curves for seg in c]
        self.ends = np.array([seg[0] for seg in flat], dtype=np.float64)
        self.table = np.array(
            [
                (seg[0], seg[4], seg[2], seg[3], seg[5])
                if seg[1] is None
                else (seg[0], seg[1], 0.0, 1.0, 0.0)
                for seg in flat
            ],
            dtype=np.float64,
        ).T
        self.first = np.arange(len(curves)) * len(curves[0])
        """Where each support's segments start."""


class _Inversion:
    """REQ's inverse of every member type's curves (:class:`_Stacked`, one after the other)
    for many forces, each force and support on the segment its last target was found on, as
    :meth:`CombatFunctions._equip` keeps it: a type's targets only grow, so the search goes
    on from there. The figures are arrays by type, support and force (numpy's operations
    run along the forces); a type's curves end with a segment whose end is ``inf``, so no
    search leaves them for the next type's."""

    def __init__(self, stacked: Sequence[_Stacked], nsp: int, count: int) -> None:
        self.table = np.concatenate([st.table for st in stacked], axis=1)
        self.ends = np.concatenate([st.ends for st in stacked])
        starts, first = 0, []
        for st in stacked:
            first.append(starts + st.first)
            starts += st.ends.size
        self.first = np.concatenate(first).reshape(len(stacked), nsp)
        """Where each type's and support's segments start."""
        self.at = np.repeat(self.first[:, :, None], count, axis=2)
        self.figures = np.take(self.table, self.at, axis=1)
        """Each segment's end ``y(n)``, ``x(n - 1)``, ``y(n - 1)``, ``y(n) - y(n - 1)`` and
        ``x(n) - x(n - 1)`` (:class:`_Stacked`) at :attr:`at`."""

    def inverse(self, target: FloatArray, go: NDArray[np.bool_], rows: slice) -> FloatArray:
        """The least ratio ``w`` with ``paf(w) >= target`` on each support's curve of the
        types ``rows`` (``target`` and ``go`` a row a type, an entry a force) for each force
        where ``go``; the others' segments stay as they are (what they get is not to be
        used)."""
        goal = target[:, None, :]
        at = self.at[rows]
        figures = self.figures[:, rows]
        beyond = (goal > figures[0]) & go[:, None, :]
        if np.count_nonzero(beyond):
            moved = beyond.copy()
            ends = self.ends
            while True:  # the last segment's end is inf: the search stops there
                at += beyond
                beyond &= goal > np.take(ends, at)
                if not np.count_nonzero(beyond):
                    break
            # (only the figures of the segments left are read again)
            figures[:, moved] = np.take(self.table, at[moved], axis=1)
        _, x0, y0, dy, dx = figures
        w: FloatArray = x0 + (goal - y0) / dy * dx
        return w


BATCH_FROM = 32
"""The fewest forces of a side :meth:`CombatFunctions.involvement_many` allocates together,
and the fewest still running for :meth:`CombatFunctions._equip_many` to go on together (the
rest go on one by one). Both ways take a step of every type of equipment an iteration, so
both cost about the iterations times the types: together, some thirty numpy operations a
step whatever the forces; one by one, a step of Python floats a force. On the Sinai design
(a step of a force costs about a fiftieth of the numpy operations) 48 forces of a side took
as long either way, 64 three quarters of the time together, 250 three tenths, before an
iteration's types were taken together (which cut the time together at 250 forces by about a
fifth). Since, the allocations of the 1,000-unit theater (250 forces a side, going on one by
one from where fewer run) take 1 % fewer instructions from 32 than from 48, and as many
from 16 as from 32."""


class CombatFunctions:
    """The §5.4 functions over one game design."""

    def __init__(self, design: File50) -> None:
        self.design = design
        d = design
        self.poff = d.poff_table
        self.nggwep = d.nggwep
        self.nequip = d.nequip
        self.nmat = d.nmat
        self.nrs = d.nrs
        self.nss = d.nss
        self.npers = d.npers
        self.stdtgt = tuple(np.asarray(v, dtype=np.float64) for v in d.stdtgt)
        self.spdd = tuple(
            np.asarray(v, dtype=np.float64).reshape(d.nrs[s], -1) for s, v in enumerate(d.spdd)
        )
        self.pg = tuple(tuple(v) for v in d.pg)
        self.prot = tuple(
            np.asarray(v, dtype=np.float64).reshape(d.nequip[s], -1) for s, v in enumerate(d.prot)
        )
        self.ppoh = tuple(tuple(float(x) for x in row) for row in d.ppoh)
        self.toe = tuple(np.asarray(row, dtype=np.float64) for row in d.toe)
        self.aysize = tuple(tuple(float(x) for x in row) for row in d.aysize)
        self.area = cell_area(d.depth)
        # frdval and vfeba tables are read at poff(p) (groups 62, 63, 65): later cards win.
        self._frdval_atk = {
            self.poff[p]: (d.frdval_f0atk[k], d.frdval_fatk[k])
            for k, p in enumerate(range(40, 40 + d.npost[3]))
        }
        defence = [*range(10, 10 + d.npost[0]), *range(20, 20 + d.npost[1])]
        self._frdval_def = {
            self.poff[p]: (d.frdval_f0def[k], d.frdval_fdef[k]) for k, p in enumerate(defence)
        }
        self._vfeba = tuple(
            {(self.poff[e.attacker], self.poff[e.defender]): (e.f0, e.f) for e in entries}
            for entries in d.vfeba
        )
        self._tables: list[_EquipTables | None] = [None, None]
        self._prep_at: tuple[int, float, float] | None = None
        self._prep_values: list[float] = []
        self._toe_values: dict[tuple[int, bytes], float] = {}

    # -- §5.4.1 frinv -----------------------------------------------------------------------

    def involvement(self, force: Force) -> FloatArray:
        """``fi(irs)`` for every resource of the force ``L`` (§5.4.1), ``nrs(s)`` values.

        Passengers must already be left out of ``force`` (their involvement is 0).
        """
        s = force.side - 1
        if self.nss[s] + self.npers[s] == 0:
            fi = np.zeros(self.nrs[s])
            self._protection_only(s, force.amount, fi)
            return fi
        fi, suppt, alloc = self._support(force)
        self._equip(s, force.amount, fi, suppt, alloc)
        return self._supported(s, force.amount, fi, alloc)

    def involvement_many(self, forces: Sequence[Force]) -> list[FloatArray]:
        """:meth:`involvement` of each force, the same arrays bit for bit; the forces of a side
        allocate their support to equipment together, step by step (:meth:`_equip_many`:
        numpy's elementwise arithmetic is IEEE's, so each force's numbers are those of
        :meth:`_equip`)."""
        out: list[FloatArray | None] = [None] * len(forces)
        for side in (1, 2):
            s = side - 1
            mine = [k for k, f in enumerate(forces) if f.side == side]
            if not mine:
                continue
            if self.nss[s] + self.npers[s] == 0 or len(mine) < BATCH_FROM:
                for k in mine:
                    out[k] = self.involvement(forces[k])
                continue
            amounts = np.array([forces[k].amount for k in mine], dtype=np.float64)
            fis, suppts, allocs = self._support_many(s, [forces[k] for k in mine], amounts)
            self._equip_many(s, amounts, fis, suppts, allocs)
            for row, k in enumerate(mine):
                out[k] = self._supported(s, forces[k].amount, fis[row].copy(), allocs[row].copy())
        return [fi for fi in out if fi is not None]

    def _support(self, force: Force) -> tuple[FloatArray, FloatArray, FloatArray]:
        """§5.4.1 up to the equipment: personnel to supplies and supplies to personnel; the
        involvement so far, the support left and the support allocated. (In Python floats:
        the same IEEE operations as numpy's scalars, in the same order, without their cost.)"""
        s = force.side - 1
        neq, nmat, nrs = self.nequip[s], self.nmat[s], self.nrs[s]
        nss, npers = self.nss[s], self.npers[s]
        nsp = nss + npers
        amount: list[float] = force.amount.tolist()
        fi = [0.0] * nrs
        d = self.design
        spdd = self._equip_tables(s).spdd  # [resource][support]
        f0 = d.frinv_f0[s]
        f = d.frinv_f[s]
        x = d.frinv_x[s]
        suppt = amount[neq:nrs]
        for k in range(npers):
            overhead = exact.sum_left(self.ppoh[bt - 1][k] for bt in force.butypes)
            suppt[nss + k] = max(suppt[nss + k] - overhead, 0.0)
        alloc = [0.0] * nsp

        def sigma(irs: int, k: int, ss: float, dd: float) -> float:
            if dd <= 0.0:
                return 1.0
            return paf(ss / dd, f0[irs][k], f[irs][k], x)

        # Personnel to supplies.
        for irs in range(neq, nmat):
            fi[irs] = 1.0
        for kpp in range(npers):
            q = exact.sum_left(suppt[kss] * spdd[neq + kss][nss + kpp] for kss in range(nss))
            for kss in range(nss):
                dd = suppt[kss] * spdd[neq + kss][nss + kpp]
                if dd <= 0.0:
                    continue
                given = min(dd, dd * (suppt[nss + kpp] / q)) if q > 0 else 0.0
                alloc[nss + kpp] += given
                fi[neq + kss] = min(fi[neq + kss], sigma(neq + kss, nss + kpp, given, dd))
        for kss in range(nss):
            suppt[kss] *= fi[neq + kss]
        # Supplies to personnel.
        for irs in range(nmat, nrs):
            fi[irs] = 1.0
        for kss in range(nss):
            alloc[kss] += exact.sum_left(
                amount[nmat + kpp] * spdd[nmat + kpp][kss] for kpp in range(npers)
            )
        return (
            np.array(fi, dtype=np.float64),
            np.array(suppt, dtype=np.float64),
            np.array(alloc, dtype=np.float64),
        )

    def _support_many(
        self, s: int, forces: Sequence[Force], amounts: FloatArray
    ) -> tuple[FloatArray, FloatArray, FloatArray]:
        """:meth:`_support` of many forces of side ``s + 1`` (``amounts`` their holdings, a
        row each): the same operations in the same order on a column along the forces,
        numpy's elementwise arithmetic being IEEE's. Python's ``min(a, b)`` is ``b if b < a
        else a`` and ``max(a, b)`` is ``b if b > a else a``: so they are written (``where``),
        whatever the zeros' signs; ``sum`` from the integer 0 is ``0.0 + the first`` (the
        same float) and so on; ``paf`` (:func:`pafgen` with ``xlong(1) = 0``) finds the
        same segment by ``searchsorted`` (the points ``x <= w`` are the first ones)."""
        neq, nmat, nrs = self.nequip[s], self.nmat[s], self.nrs[s]
        nss, npers = self.nss[s], self.npers[s]
        nsp = nss + npers
        count = amounts.shape[0]
        d = self.design
        spdd = self._equip_tables(s).spdd  # [resource][support]
        f0, f, x = d.frinv_f0[s], d.frinv_f[s], d.frinv_x[s]
        xs = np.array([0.0, *(float(v) for v in x)], dtype=np.float64)
        fi = np.zeros((nrs, count))
        suppt = [amounts[:, neq + k].copy() for k in range(nsp)]
        for k in range(npers):
            overhead = np.array(
                [exact.sum_left(self.ppoh[bt - 1][k] for bt in force.butypes) for force in forces],
                dtype=np.float64,
            )
            left = suppt[nss + k] - overhead
            suppt[nss + k] = np.where(left < 0.0, 0.0, left)  # max(left, 0.0)
        alloc = [np.zeros(count) for _ in range(nsp)]

        def sigma(irs: int, k: int, w: FloatArray) -> FloatArray:
            ys = np.array([float(f0[irs][k]), *(float(v) for v in f[irs][k])], dtype=np.float64)
            if np.isnan(w).any():
                raise ValueError("pafgen: the argument is not a number")
            n = len(xs)
            i1 = np.searchsorted(xs, w, side="right") - 1  # max{i: x(i) <= w}
            inner = (w > xs[0]) & (w < xs[n - 1])
            i1 = np.where(inner, i1, 0)
            i2 = i1 + 1
            x1, y1 = xs[i1], ys[i1]
            value = y1 + (w - x1) / (xs[i2] - x1) * (ys[i2] - y1)
            value = np.where(w >= xs[n - 1], ys[n - 1], value)
            out: FloatArray = np.where(w <= xs[0], ys[0], value)
            return out

        with np.errstate(divide="ignore", invalid="ignore"):
            # Personnel to supplies.
            for irs in range(neq, nmat):
                fi[irs] = 1.0
            for kpp in range(npers):
                q = np.zeros(count)
                for kss in range(nss):
                    q = q + suppt[kss] * spdd[neq + kss][nss + kpp]
                for kss in range(nss):
                    dd = suppt[kss] * spdd[neq + kss][nss + kpp]
                    need = dd > 0.0
                    if not np.count_nonzero(need):
                        continue
                    share = dd * (suppt[nss + kpp] / q)
                    given = np.where(q > 0, np.where(share < dd, share, dd), 0.0)
                    # (where there is no need nothing is given: adding +0.0 to the
                    # allocation, +0.0 or more, leaves it as it is)
                    alloc[nss + kpp] = alloc[nss + kpp] + np.where(need, given, 0.0)
                    now = sigma(neq + kss, nss + kpp, np.where(need, given / dd, 0.0))
                    was = fi[neq + kss]
                    fi[neq + kss] = np.where(need & (now < was), now, was)
            for kss in range(nss):
                suppt[kss] = suppt[kss] * fi[neq + kss]
            # Supplies to personnel.
            for irs in range(nmat, nrs):
                fi[irs] = 1.0
            for kss in range(nss):
                total = np.zeros(count)
                for kpp in range(npers):
                    total = total + amounts[:, nmat + kpp] * spdd[nmat + kpp][kss]
                alloc[kss] = alloc[kss] + total
        return (
            np.ascontiguousarray(fi.T),
            np.ascontiguousarray(np.array(suppt).T),
            np.ascontiguousarray(np.array(alloc).T),
        )

    def _supported(
        self, s: int, amount: FloatArray, fi: FloatArray, alloc: FloatArray
    ) -> FloatArray:
        """§5.4.1's end: no support type more involved than its allocation covers."""
        neq, nrs = self.nequip[s], self.nrs[s]
        held, given, out = amount.tolist(), alloc.tolist(), fi.tolist()
        for irs in range(neq, nrs):
            if held[irs] > 0.0:
                out[irs] = min(out[irs], given[irs - neq] / held[irs])
        fi[:] = out
        return fi

    def _protection_only(self, s: int, amount: FloatArray, fi: FloatArray) -> None:
        neq, nggwep = self.nequip[s], self.nggwep[s]
        pg, prot = self.pg[s], self.prot[s]
        for i in range(neq):
            if pg[i] == 1:
                fi[i] = 1.0
        top = max(pg[:neq], default=1)
        for k in range(1, top):
            done = [i for i in range(neq) if pg[i] <= k]
            for j in range(neq):
                if pg[j] != k + 1:
                    continue
                qp = exact.sum_left(prot[j][i] * fi[i] * amount[i] for i in done if i < nggwep)
                fi[j] = min(qp, amount[j]) / amount[j] if amount[j] > 0 else 1.0

    def _equip_tables(self, s: int) -> _EquipTables:
        """What :meth:`_equip` reads of side ``s + 1``'s design data, found once per side."""
        found = self._tables[s]
        if found is not None:
            return found
        neq, nggwep, nsp = self.nequip[s], self.nggwep[s], self.nss[s] + self.npers[s]
        pg = self.pg[s]
        prot, std = self.prot[s].tolist(), self.stdtgt[s].tolist()
        d = self.design
        f0, f, x = d.frinv_f0[s], d.frinv_f[s], d.frinv_x[s]
        xs = [0.0, *(float(v) for v in x)]
        members = tuple(i for i in range(neq) if std[i] > 0.0)
        protectors = tuple(
            None
            if pg[i] == 1
            else tuple((prot[i][j], j) for j in members if pg[j] < pg[i] and j < nggwep)
            for i in range(neq)
        )
        segments = tuple(
            tuple(
                _segments([float(f0[i][k]), *(float(v) for v in f[i][k])], xs) for k in range(nsp)
            )
            for i in range(neq)
        )
        found = self._tables[s] = _EquipTables(
            neq,
            nsp,
            members,
            protectors,
            self.spdd[s].tolist(),
            std,
            segments,
            all(p >= 0.0 for row in protectors if row is not None for p, _ in row),
            tuple(_Stacked(curves) for curves in segments),
        )
        return found

    def _equip(
        self,
        s: int,
        amount: FloatArray,
        fi: FloatArray,
        suppt: FloatArray,
        alloc: FloatArray,
    ) -> None:
        """§5.4.1: support allocated to equipment in steps of ``rgain`` of the standard force,
        never to unprotected equipment.

        Every growing type of equipment takes one step an iteration, in resource order; a
        step is ``min(qp - q, rgain * stdtgt, amount - q)`` of the type (``qp`` what its
        protectors protect); it is taken when the support it requires (REQ: the inverse of
        each support's curve at the new fraction, times the demand, less what the type has)
        is within what is left of every support; a type that cannot take its step stops.

        The loop is the rule's, one step at a time with the same IEEE operations in the same
        order; what is fixed for the force is found once (:meth:`_equip_tables`: each curve's
        segments with their differences, each type's protectors and demands), and each
        support's curve is searched again only when the fraction leaves the segment it was
        found on (the fractions of a type only grow)."""
        table = self._equip_tables(s)
        nsp, members, protectors, spdd, std = (
            table.nsp,
            table.members,
            table.protectors,
            table.spdd,
            table.std,
        )
        # Python floats, not numpy scalars: the same IEEE operations, many times faster one
        # by one (this loop takes up to 1/rgain steps per type of equipment).
        amounts: list[float] = amount.tolist()
        have: list[float] = alloc.tolist()
        supply = [v + 1e-12 for v in suppt.tolist()]
        fis = [0.0] * table.neq
        growing = []
        for i in members:
            if amounts[i] <= 0.0:
                fis[i] = 1.0
            else:
                growing.append(i)
        # q(i) = fi(i) * amount(i), kept as the types grow (q[i] = target * a_i below is
        # fis[i] * amounts[i] again: the same product, not recomputed every iteration).
        q = [a * b for a, b in zip(fis, amounts[: table.neq], strict=True)]
        rows: list[tuple[Any, ...]] = []
        for i in growing:
            a_i = amounts[i]
            # What each step of the type needs, a list per support it draws on (spdd > 0):
            # the support, its demand (fixed: the amounts do not change here), the segments
            # of the curve it inverts, the segment the last target was found on and that
            # segment's six figures (:data:`Segment`), the support's allocation before the
            # step being taken (see _grow) and the support given to the type so far.
            needs = []
            for k in range(nsp):
                dd = a_i * spdd[i][k]
                if dd > 0.0:
                    segments = table.segments[i][k]
                    needs.append([k, dd, segments, 0, *segments[0], 0.0, 0.0])
            # The type's number, amount, step, floor (below which a step is no step), its
            # protectors (None: unprotected, pg = 1), its needs and the last qp found (see
            # _grow).
            rows.append(
                (
                    i,
                    a_i,
                    RGAIN * std[i],
                    1e-12 * max(a_i, 1.0),
                    protectors[i],
                    needs,
                    [-math.inf],
                )
            )
        self._grow(table, rows, q, fis, have, supply)
        fi[: table.neq] = fis
        alloc[:] = have

    def _grow(
        self,
        table: _EquipTables,
        rows: list[tuple[Any, ...]],
        q: list[float],
        fis: list[float],
        have: list[float],
        supply: list[float],
    ) -> None:
        """:meth:`_equip`'s iterations from the start of one, for the types of ``rows`` (in
        resource order: :meth:`_equip` makes them), with each type's ``q``, fraction, and
        the support allocated and its supply by support; ``fis`` and ``have`` are grown in
        place."""
        # Whether every support is within its supply: then a step is allowed when the
        # supports it draws on stay within theirs (a + 0 <= top is a <= top for the others),
        # and it stays true after an allowed step (so it is this test at any iteration).
        within = all(a <= top for a, top in zip(have, supply, strict=True))
        growing_only = table.protections_nonnegative
        inf = math.inf
        while rows:
            kept = []  # the types that grew and may grow further
            grew = False
            for row in rows:
                i, a_i, step, floor, protected_by, needs, known = row
                q_i = q[i]
                if protected_by is None:
                    qadd = inf  # inf - q_i: q_i is finite
                else:
                    # min(qp - q_i, step, ...), the first of equals as min keeps it. The q of
                    # every type only grows (a step adds more than the rounding of q can
                    # take away), so with protections >= 0 qp only grows too: while the qp
                    # found last leaves more than a step, so does the qp of now, and the
                    # min is the step either way.
                    qp = known[0]
                    if not qp - q_i > step:
                        # sum() of the products in order, from the integer 0 as sum starts
                        qp = 0
                        for p, j in protected_by:
                            qp += p * q[j]
                        if growing_only:
                            known[0] = qp
                    qadd = qp - q_i
                if step < qadd:
                    qadd = step
                if a_i - q_i < qadd:
                    qadd = a_i - q_i
                if qadd <= floor:
                    # Unprotected for now: its protectors may still grow in this iteration or
                    # a later one (they need not come first in resource order).
                    kept.append(row)
                    continue
                # No smaller than the type's last target: q_i is that target times a_i, less
                # at most half an ulp, and qadd is more than 1e-12 of a_i.
                target = (q_i + qadd) / a_i
                # The step is taken when every support is within its supply after it (a + r
                # <= top for those it draws on, a + 0 <= top, a <= top, for the others).
                # Each need takes its support at once (the supports of a type's needs are
                # distinct: one need's taking leaves the others' tests as they were), need[10]
                # keeping the allocation before it; if the step is not taken, what it took
                # is given back, the same floats, and the type stops (a later, larger step
                # would need still more).
                for need in needs:
                    k, dd, segments, n, hi, w, y0, dy, x0, dx, _, given = need
                    # w, the least ratio with paf(w) >= target (REQ's inverse of the curve):
                    # on the first segment whose end reaches the target; for a target no
                    # smaller than the last, no earlier than the last one found.
                    if not target <= hi:
                        end = len(segments) - 1
                        while n < end:
                            n += 1
                            if target <= segments[n][0]:
                                break
                        hi, w, y0, dy, x0, dx = need[4:10] = segments[n]
                        need[3] = n
                    if w is None:
                        w = x0 + (target - y0) / dy * dx
                    r = w * dd - given
                    if r < 0.0:  # max(r, 0.0)
                        r = 0.0
                    before = have[k]
                    after = before + r
                    if within and not after <= supply[k]:
                        break  # within: the others are, and stay so
                    need[10] = before
                    have[k] = after
                    need[11] = given + r  # the type's own: not used again if it stops
                else:
                    # All taken: within, each was checked; else every support is checked now
                    # (the same sums a + r), and once a step is taken all are within.
                    if within or all(a <= top for a, top in zip(have, supply, strict=True)):
                        within = True
                        fis[i] = target
                        q[i] = target * a_i
                        grew = True
                        if target < 1.0:
                            kept.append(row)
                        continue
                    need = None  # every need gives back
                for taken in needs:
                    if taken is need:
                        break
                    have[taken[0]] = taken[10]
            if not grew:
                break
            rows = kept

    def _equip_many(
        self,
        s: int,
        amounts: FloatArray,
        fis: FloatArray,
        suppts: FloatArray,
        allocs: FloatArray,
    ) -> None:
        """:meth:`_equip` for many forces of side ``s + 1`` at once (one row each): the same
        steps in the same order, each force's arithmetic elementwise in numpy (IEEE, the
        same rounding as Python's floats), so every force ends where :meth:`_equip` would
        take it. A force's types grow in resource order within an iteration, as there;
        a force whose iteration grew nothing stops, as there. The curves are inverted on
        the same segments (:func:`_segments`: the first whose end reaches the target).

        The mins of a step are numpy's ``minimum`` and ``maximum``: the same value as
        :meth:`_equip`'s comparisons, since the step is positive and finite and no quantity
        here is ``-0.0`` or ``nan`` (amounts, ratios and demands are finite and ``>= 0``;
        an infinite ratio, a curve that never reaches the target, makes a support's need
        ``inf``, never ``nan``, where the support is needed)."""
        table = self._equip_tables(s)
        neq, nsp, members = table.neq, table.nsp, table.members
        count, m = amounts.shape[0], len(members)
        # A figure by type (the members, in resource order), support and force is an entry of
        # an array of those axes; numpy runs along the forces, and the types of an iteration
        # are taken together wherever one's figures do not depend on another's step of the
        # same iteration (below).
        row_of = {i: row for row, i in enumerate(members)}
        a = np.ascontiguousarray(amounts[:, list(members)].T)  # (m, count)
        fi = np.where(a <= 0.0, 1.0, 0.0)  # each type's fraction
        q = fi * a  # q = fraction * amount
        active = a > 0.0  # whether the type may grow
        steps = np.repeat(np.array([RGAIN * table.std[i] for i in members])[:, None], count, 1)
        floor = 1e-12 * np.maximum(a, 1.0)
        protectors: list[list[tuple[float, int]] | None] = []  # (prot, the protector's row)
        for i in members:
            by = table.protectors[i]
            protectors.append(None if by is None else [(p, row_of[j]) for p, j in by])
        protected = [row for row in range(m) if protectors[row] is not None]
        is_protected = np.array([[p is not None] for p in protectors], dtype=bool)
        # every support k of a type: its demand, whether there is one, the support given so
        # far, and the curve's segments
        spdd = np.array([table.spdd[i][:nsp] for i in members], dtype=np.float64).reshape(m, nsp)
        dd = spdd[:, :, None] * a[:, None, :]
        needed = dd > 0.0
        dd = np.where(needed, dd, 0.0)  # +0.0 where there is no need (see r below)
        had = np.zeros((m, nsp, count))
        curves = _Inversion([table.stacked[i] for i in members], nsp, count)
        known = np.full((m, count), -math.inf)  # the last qp found
        # A support's figures by force are a row: numpy runs along the forces (the rows of
        # the arguments are the forces).
        have = allocs.T.copy()
        supply = (suppts + 1e-12).T.copy()
        running = np.logical_or.reduce(active, axis=0)
        growing_only = table.protections_nonnegative
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            # Together while at least BATCH_FROM forces run, then one by one (below).
            while np.count_nonzero(running) >= BATCH_FROM:
                # A type's step is min(qp - q_i, step, a_i - q_i) (the unprotected: the
                # step or a_i - q_i). As _grow: with protections >= 0 qp only grows (the
                # same sums in the same order of larger q), so while the qp found last
                # leaves more than a step for every force growing the type, the min is
                # min(step, a_i - q_i) with qp of now too. Those types' steps, targets and
                # support needed depend on their own q and support given alone, which only
                # their own step changes: they are found for all of them at the iteration's
                # start. A type whose qp is found again ("late") reads the q of its
                # protectors as their steps of this iteration left them: it is found in
                # its turn, as a loop over the types in resource order finds it.
                qadd = np.minimum(steps, a - q)
                go = active & (qadd > floor)  # qadd is never nan
                late: list[int] = []
                if protected:
                    if not growing_only:
                        late = protected
                    else:
                        # (known is -inf for an unprotected type: left out)
                        stale = active & (known - q <= steps)
                        stale &= is_protected
                        late = np.flatnonzero(np.logical_or.reduce(stale, axis=1)).tolist()
                    if late:  # (an empty list's assignment costs as much)
                        go[late] = False
                target = (q + qadd) / a
                # max(r, 0) where there is a need, 0 where there is none: there dd and had
                # are +0.0 (had grows by these zeros), so r is w * 0 - 0, a zero, or nan for
                # an infinite w, and fmax takes 0 for nan. Where there is a need r is never
                # nan (w * dd is finite or inf, had finite), and a zero's sign changes no sum
                # below (the support given is never -0.0).
                r = curves.inverse(target, go, slice(None)) * dd
                r -= had
                np.fmax(r, 0.0, out=r)
                fits = np.zeros((m, count), dtype=bool)
                done = 0  # the types whose fractions and q are made up to date
                for row in range(m):
                    if row in late:
                        # q of the types before it, as their steps left them
                        np.copyto(fi[done:row], target[done:row], where=fits[done:row])
                        np.multiply(fi[done:row], a[done:row], out=q[done:row])
                        done = row
                        q_i = q[row]
                        qp = np.zeros(count)
                        for p, j in protectors[row]:  # type: ignore[union-attr]
                            qp += p * q[j]
                        if growing_only:
                            known[row] = qp
                        step = qp - q_i
                        np.minimum(step, steps[row], out=step)
                        np.minimum(step, a[row] - q_i, out=step)
                        go_i = go[row]
                        np.logical_and(active[row], step > floor[row], out=go_i)
                        if not np.count_nonzero(go_i):
                            continue
                        target[row] = (q_i + step) / a[row]
                        r_i = (
                            curves.inverse(
                                target[row : row + 1], go[row : row + 1], slice(row, row + 1)
                            )[0]
                            * dd[row]
                        )
                        r_i -= had[row]
                        np.fmax(r_i, 0.0, out=r_i)
                        r[row] = r_i
                    else:
                        go_i = go[row]
                        if not np.count_nonzero(go_i):
                            continue  # every force that grows the type is idle
                        r_i = r[row]
                    # Each type in resource order draws on what the types before it left.
                    after = have + r_i
                    fits_i = go_i & np.logical_and.reduce(after <= supply, axis=0)
                    fits[row] = fits_i
                    # the others take no support: their have is left as it is (have + 0
                    # would leave it so: the support given is never -0.0)
                    np.copyto(have, after, where=fits_i)
                np.copyto(fi[done:], target[done:], where=fits[done:])
                # q is fi * a throughout (it is made so and changed with it)
                np.multiply(fi[done:], a[done:], out=q[done:])
                np.add(had, r, out=had, where=fits[:, None, :])  # (had + 0: had, never -0.0)
                # the idle ones (go is within active) and those grown below 1 are kept
                kept = (active ^ go) | (fits & (target < 1.0))
                running &= np.logical_or.reduce(fits, axis=0)  # a force that grew nothing stops
                np.logical_and(kept, running, out=active)
                running &= np.logical_or.reduce(active, axis=0)
        # The forces still running go on one by one from where they are, each at the start
        # of its next iteration: its q, fractions, support and each type's state (the
        # support given, the segment of each curve) are what _grow keeps.
        fi_eq = np.zeros((neq, count))
        fi_eq[list(members)] = fi
        at_q = np.zeros((neq, count))
        at_q[list(members)] = q
        for force in np.flatnonzero(running).tolist():
            fis_f, have_f = fi_eq[:, force].tolist(), have[:, force].tolist()
            grown = []
            for row, i in enumerate(members):
                if not active[row, force]:
                    continue
                needs = []
                for k in np.flatnonzero(needed[row, :, force]).tolist():
                    segments = table.segments[i][k]
                    n = int(curves.at[row, k, force] - curves.first[row, k])
                    given = float(had[row, k, force])
                    needs.append(
                        [k, float(dd[row, k, force]), segments, n, *segments[n], 0.0, given]
                    )
                grown.append(
                    (
                        i,
                        float(a[row, force]),
                        RGAIN * table.std[i],
                        float(floor[row, force]),
                        table.protectors[i],
                        needs,
                        [-math.inf],
                    )
                )
            self._grow(
                table, grown, at_q[:, force].tolist(), fis_f, have_f, supply[:, force].tolist()
            )
            fi_eq[:, force] = fis_f
            have[:, force] = have_f
        fis[:, :neq] = fi_eq.T
        allocs[:] = have.T

    # -- §5.4.2 zrarea, §5.4.3 freff --------------------------------------------------------

    def zrarea(self, butype: int, pc: int, resources: FloatArray, rsvald: FloatArray) -> float:
        """§5.4.2: ``(cv / sv) * aysize(butype, pc)``; 0 for an inactive unit (pc < 1)."""
        if pc < 1:
            return 0.0
        key = (butype, np.asarray(rsvald, dtype=np.float64).tobytes())  # sv, by toe and values
        sv = self._toe_values.get(key)
        if sv is None:
            sv = self._toe_values[key] = exact.dot(self.toe[butype - 1], rsvald)
        cv = exact.dot(resources, rsvald)
        if sv <= 0.0:
            return 0.0
        return cv / sv * self.aysize[butype - 1][pc - 1]

    def freff(self, side: int, area: float) -> float:
        """§5.4.3: effectiveness at the friendly density ``area / cell area``."""
        d = self.design
        s = side - 1
        return paf(area / self.area, d.freff_f0[s], d.freff_f[s], d.freff_x[s])

    # -- §5.4.4 prep, §5.4.5 frdval, §5.4.6 vfeba --------------------------------------------

    def prep(self, i: int, side: int, h: float) -> float:
        """§5.4.4: ``pafgen(h, prep.f(i, s, *), prep.x(s, *))`` for materiel ``i`` (1-based).

        A frame asks it of every materiel of a defender at one ``h``: all of them are found
        at the first ask, on the one segment of ``prep.x`` they share, with ``pafgen``'s
        operations (its fraction of the segment, the same rounded value for each), and kept
        for the others."""
        at = (side, h, math.copysign(1.0, h))  # -0.0 apart from 0.0, as pafgen keeps it
        if self._prep_at != at:
            d = self.design
            self._prep_values = _pafgen_rows(h, d.prep_f[side - 1], d.prep_x[side - 1])
            self._prep_at = at
        return self._prep_values[i - 1]

    def frdval(self, fr: float, post: int) -> float:
        """§5.4.5: the fraction of value lost in one frame; negative means 'do not scale'.

        A rate of 1 or more per unit of time (``frdval.f0def`` has no upper bound) loses the
        whole value in any frame: 1 (ruling). A posture whose ``poff`` groups 62 and 63 give no
        curve loses no value: 0 (ruling, as the Fortran's zeroed arrays)."""
        k = self.poff[post]
        table = self._frdval_atk if post >= 40 else self._frdval_def
        y0, y = table.get(k, (0.0, (0.0,) * 7))
        temp = paf(fr, y0, y, self.design.frdval_x)
        if temp < 0:
            return temp
        if temp >= 1.0:  # ruling: no more than the whole value is lost (f0def has no UB)
            return 1.0
        return 1.0 - exact.pow(1.0 - temp, self.design.tframe)

    def vfeba(self, fr: float, pa: int, pd: int, sa: int) -> float:
        """§5.4.6: FEBA velocity (may be negative); 0 for a pair of postures the design data
        give no curve (ruling)."""
        entry = self._vfeba[sa - 1].get((self.poff[pa], self.poff[pd]))
        if entry is None:
            return 0.0
        return paf(fr, entry[0], entry[1], self.design.vfeba_fr)
