"""Event scheduling: the delay of every change of status (seed 000, §3.2).

'Associated with any change of status is a delay time. The task force undergoing the change
stays in its old status a length of time equal to the delay, and then enters its new status.'
IDAHEX computes it in the function ``wait``; here every §3.2 case is a pure function of
explicit inputs named as in the manual, and :func:`wait` dispatches on
:func:`~hexwar.rulesets.idahex.postures.classify`:

* §3.2.1 within a positive class: ``ptran(ppc, j, k)`` -- :func:`within_class_delay`;
* §3.2.2 hold to disengagement: 0 -- :func:`hold_to_disengagement_delay`;
* §3.2.3 march to attack: supplies, ``TR``, ``fmr``, ``mr``, ``bdelay``, unstacked
  (§3.2.3.1) or stacked (§3.2.3.2) -- :func:`march_delay`;
* §3.2.4 air movement to attack: supplies, ``TR``, ``fmr``, ``mrair``, ``dist`` --
  :func:`air_movement_delay` (:func:`movement_delay` picks §3.2.3 or §3.2.4 by ``airmove``);
* §3.2.5 disengagement to movement: ``diseng``, without (§3.2.5.1) or with (§3.2.5.2)
  pursuit -- :func:`disengagement_delay`;
* §3.2.6 attack to hold at a new location: 0, or infinite against a defence --
  :func:`attack_delay`;
* §3.2.7 to hold at the present location (and the abort of its case (2)): 0, infinite from
  posture -10 -- :func:`hold_at_location_delay`;
* §3.2.8 to or within a nonpositive class: 0 -- :func:`nonpositive_delay`.

Every function returns a :class:`Delay`: the value, the seed section that computed it, the
factors it used (``terms``, for an event receipt) and, when the delay is infinite, the reason
in player terms -- 'Usually, an infinite delay results from a mistake by the player. If IDAHEX
suspects that is the case, it warns the player ... explaining why the delay is infinite'
(§3.2.3, footnote 1).

The design data the delays read (File 50 groups 28-37, read by ``wait0`` and ``fmr0``) are a
:class:`MovementData`; a task force element is an :class:`Element` (unit number, ``butype``
and ``[resources]``); route and barrier types come from callables ``rtetype(i, j)`` and
``bartype(i, j)``, asked only about adjacent cells. Indices follow the manual (1-based); the
tables are stored as nested tuples, ``mr[i-1][j-1][k-1]`` holding ``mr(i, j, k)``.

The rulings this module needs are in ``docs/rulings/idahex.md`` under "Delays (§3.2)".
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from hexwar.core import exact
from hexwar.core.errors import InvalidInputError, Problem
from hexwar.core.hexes import to_pixel
from hexwar.core.numberings import IdahexGrid
from hexwar.core.tables import PiecewiseAffine
from hexwar.rulesets.idahex.clock import _NUMBER
from hexwar.rulesets.idahex.postures import (
    PostureClass,
    Status,
    TransitionKind,
    classify,
    posture_class,
)

__all__ = [
    "CellPairType",
    "Delay",
    "Element",
    "MovementData",
    "SideData",
    "air_movement_delay",
    "attack_delay",
    "disengagement_delay",
    "dist",
    "hold_at_location_delay",
    "hold_to_disengagement_delay",
    "march_delay",
    "movement_delay",
    "nonpositive_delay",
    "wait",
    "within_class_delay",
]

CellPairType = Callable[[int, int], int]
"""``[rtetype](i, j)`` or ``[bartype](i, j)``: the route or barrier type between adjacent
cells ``i`` and ``j`` (§2.1; undefined unless the cells are adjacent)."""

_SQRT3 = math.sqrt(3.0)


# -- the delay ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Delay:
    """The delay ``d`` of one change of status, with what went into it.

    Attributes:
        value: ``d``, a nonnegative number or ``math.inf``.
        reason: why the delay is infinite, in player terms; ``None`` exactly when finite.
        terms: each factor of the computation under its manual name (``TR``, ``TFAMR``,
            ``d1``, ``ssuse(1)``; per element ``AMR(u17)``, ``mr(u17)``, ...), in the order
            computed, for the event receipt.
        section: the seed 000 section that computed it, e.g. ``"3.2.3.1"``.
        warning: a message for the game designer (file 51), e.g. §3.2.8's entry into posture
            class 0 from another class.

    Raises:
        InvalidInputError: ``value`` is negative or NaN, or ``reason`` is missing for an
            infinite delay or given for a finite one.
    """

    value: float
    reason: str | None = None
    terms: Mapping[str, float] = field(default_factory=dict, hash=False)
    section: str = ""
    warning: str | None = None

    def __post_init__(self) -> None:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, _NUMBER) or v != v or v < 0:
            raise InvalidInputError(
                [Problem(f"must be a number >= 0 or +inf, got {v!r}", path="value")]
            )
        if math.isinf(v) != (self.reason is not None):
            raise InvalidInputError(
                [
                    Problem(
                        "an infinite delay needs a reason and a finite one has none",
                        path="reason",
                    )
                ]
            )
        object.__setattr__(self, "value", float(v))
        object.__setattr__(self, "terms", MappingProxyType(dict(self.terms)))

    @property
    def finite(self) -> bool:
        """Whether the change of status will ever happen on its own."""
        return not math.isinf(self.value)

    def __str__(self) -> str:
        where = f" (§{self.section})" if self.section else ""
        if self.reason is not None:
            return f"d = inf{where}: {self.reason}"
        return f"d = {self.value:g}{where}"


def _finite(value: float, terms: Mapping[str, float], section: str) -> Delay:
    return Delay(value, None, terms, section)


def _infinite(reason: str, terms: Mapping[str, float], section: str) -> Delay:
    return Delay(math.inf, reason, terms, section)


# -- inputs ---------------------------------------------------------------------------------


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_real(x: object) -> bool:
    return isinstance(x, _NUMBER) and not isinstance(x, bool) and x == x


@dataclass(frozen=True, slots=True)
class Element:
    """A task force element ``u_i``: its unit number, ``butype(u_i)`` and its resources.

    ``resources[irs-1]`` is ``[resources](u_i, irs)``, the quantity of the unit's side's type
    ``irs`` resources (§2.2.2), for ``irs = 1..nrs(s)``.

    Raises:
        InvalidInputError: the unit number or type is not a positive integer, or a quantity is
            negative or not a finite number.
    """

    unit: int
    butype: int
    resources: tuple[float, ...]

    def __post_init__(self) -> None:
        problems = [
            Problem(f"must be a positive integer, got {getattr(self, f)!r}", path=f)
            for f in ("unit", "butype")
            if not (_is_int(getattr(self, f)) and getattr(self, f) >= 1)
        ]
        res = tuple(self.resources)
        problems += [
            Problem(f"must be a finite number >= 0, got {q!r}", path=f"[resources]({irs})")
            for irs, q in enumerate(res, start=1)
            if not (_is_real(q) and math.isfinite(q) and q >= 0)
        ]
        if problems:
            raise InvalidInputError(problems)
        object.__setattr__(self, "resources", tuple(float(q) for q in res))

    def __str__(self) -> str:
        return f"unit {self.unit} (type {self.butype})"


def _freeze(x: object) -> object:
    if isinstance(x, list | tuple):
        return tuple(_freeze(v) for v in x)
    return x


def _check_table(
    problems: list[Problem],
    name: str,
    table: object,
    shape: Sequence[int],
    *,
    infinite: bool = False,
    lower: float = 0.0,
    integer: bool = False,
    prefix: tuple[int, ...] = (),
) -> None:
    """Append a problem for every misshapen row or bad value of a nested-tuple table."""
    path = f"{name}({', '.join(map(str, prefix))})" if prefix else name
    if not shape:
        if (
            isinstance(table, int | float)
            and not isinstance(table, bool)
            and table == table
            and (isinstance(table, int) or not integer)
            and (infinite or math.isfinite(table))
            and table >= lower
        ):
            return
        kind = "an integer" if integer else "a number"
        bound = "" if lower == -math.inf else f" >= {lower:g}"
        bound += " (or inf)" if infinite else ""
        problems.append(Problem(f"must be {kind}{bound}, got {table!r}", path=path))
        return
    if not isinstance(table, tuple) or len(table) != shape[0]:
        got = len(table) if isinstance(table, tuple) else repr(table)
        what = f"{name}({', '.join([*map(str, prefix), '*'])})"
        problems.append(Problem(f"must have {shape[0]} values, got {got}", path=what))
        return
    for i, row in enumerate(table, start=1):
        _check_table(
            problems,
            name,
            row,
            shape[1:],
            infinite=infinite,
            lower=lower,
            integer=integer,
            prefix=(*prefix, i),
        )


@dataclass(frozen=True, slots=True)
class SideData:
    """One side's resource data for movement (File 50 groups 33, 35, 36).

    ``nrs(s)`` is the number of resource types, ``len(trnreq)``; ``nss(s)``, the number of
    types of supplies, is ``len(ssreqm)``. Supplies are resource types ``nequip+1 ..
    nequip+nss`` (§2.2.2: weapons, transport, supplies, personnel in that order).

    Attributes:
        nequip: ``nequip(s) = nwep(s) + ntrpt(s)``, the number of equipment types.
        nlc: ``nlc(s)``, the highest load class of the side's resources.
        trnreq: ``trnreq(i, s)``: transport requirement of each type ``i`` resource.
        trncap: ``trncap(i, s)``: transport capacity of each type ``i`` resource.
        ssreqm: ``ssreqm(k, i, s)`` at ``[k-1][i-1]``: type ``k`` supplies a type ``i``
            resource needs in order to move.
        loadcl: ``loadcl(i, s)``: the load class of a type ``i`` resource (0..nlc).
        ldcap: ``ldcap(i, s)``: the load capacity of a type ``i`` resource.
        ldsize: ``ldsize(i, j, s)`` at ``[i-1][j-1]``: the load size of a type ``i`` resource
            relative to load class ``j`` (1..nlc).

    Raises:
        InvalidInputError: every misshapen table and out-of-bounds value (§10 bounds).
    """

    nequip: int
    nlc: int
    trnreq: tuple[float, ...]
    trncap: tuple[float, ...]
    ssreqm: tuple[tuple[float, ...], ...]
    loadcl: tuple[int, ...]
    ldcap: tuple[float, ...]
    ldsize: tuple[tuple[float, ...], ...]

    def __post_init__(self) -> None:
        for f in ("trnreq", "trncap", "ssreqm", "loadcl", "ldcap", "ldsize"):
            object.__setattr__(self, f, _freeze(getattr(self, f)))
        problems: list[Problem] = []
        nrs = len(self.trnreq) if isinstance(self.trnreq, tuple) else 0
        if nrs < 1:
            problems.append(Problem("must list nrs(s) >= 1 values", path="trnreq"))
        if not (_is_int(self.nlc) and self.nlc >= 0):
            problems.append(Problem(f"must be an integer >= 0, got {self.nlc!r}", path="nlc"))
        nss = len(self.ssreqm) if isinstance(self.ssreqm, tuple) else 0
        if not (_is_int(self.nequip) and 1 <= self.nequip <= nrs - nss):
            problems.append(
                Problem(
                    f"must be an integer 1..nrs(s) - nss(s) = {nrs - nss}, got {self.nequip!r}",
                    path="nequip",
                )
            )
        if problems:
            raise InvalidInputError(problems)
        _check_table(problems, "trnreq", self.trnreq, (nrs,))
        _check_table(problems, "trncap", self.trncap, (nrs,))
        _check_table(problems, "ssreqm", self.ssreqm, (nss, nrs))
        _check_table(problems, "loadcl", self.loadcl, (nrs,), integer=True)
        _check_table(problems, "ldcap", self.ldcap, (nrs,))
        _check_table(problems, "ldsize", self.ldsize, (nrs, self.nlc))
        if not problems:
            problems += [
                Problem(f"must be 0..nlc = {self.nlc}, got {c}", path=f"loadcl({i})")
                for i, c in enumerate(self.loadcl, start=1)
                if c > self.nlc
            ]
        if problems:
            raise InvalidInputError(problems)

    @property
    def nrs(self) -> int:
        """``nrs(s)``: the number of types of the side's resources."""
        return len(self.trnreq)

    @property
    def nss(self) -> int:
        """``nss(s)``: the number of types of the side's supplies."""
        return len(self.ssreqm)


@dataclass(frozen=True, slots=True)
class MovementData:
    """The design data of the delays (seed 000 §3.2; File 50 groups 28-37).

    Unit types ``i`` are 1..nutype (``nutype = len(mrair)``); movement postures ``j`` are the
    ``j``-th posture of class 3, posture ``29 + j``, 1..npost(3) (``npost(3) =
    len(airmove)``); route types 1..nrtety and barrier types 1..nbarty.

    Attributes:
        depth: the distance between the centres of adjacent cells (> 0).
        ptran: ``ptran(i, j, k)`` at ``[i-1][j-1][k-1]``: the time to go from the ``j``-th to
            the ``k``-th posture of class ``i``; an ``npost(i)`` square per class 1..4.
            ``inf`` forbids the change.
        airmove: ``airmove(j)``: whether the ``j``-th movement posture is an air movement
            posture.
        mrair: ``mrair(i)``: the air movement rate of a type ``i`` unit (0: not airmobile).
        mr: ``mr(i, j, k)``: the movement rate of a type ``i`` unit in the ``j``-th movement
            posture along route type ``k``.
        bdelay: ``bdelay(i, j, k)``: the barrier delay of a type ``i`` unit in the ``j``-th
            movement posture crossing barrier type ``k``; ``inf`` makes the barrier impassable.
        diseng: ``(diseng(i, 1), diseng(i, 2))``: the minimum time for a type ``i`` unit to
            disengage, and the factor on its movement delay when it disengages without a
            rearguard.
        trptcl: ``trptcl(i)``: the transport class of a type ``i`` unit.
        fmr_f0: ``fmr.f0(i)``: the movement-rate factor of a type ``i`` unit at ``TR = 0``;
            negative selects the default formula ``TR / (2 - TR)``.
        fmr_f: ``fmr.f(i, j)``: the factor at ``TR = fmr.x(j)``.
        fmr_x: ``fmr.x(j)``, nondecreasing and >= 0, shared by all unit types.
        sides: the Red (``s = 1``) and Blue (``s = 2``) :class:`SideData`.

    Raises:
        InvalidInputError: every misshapen table and out-of-bounds value, each named as in
            the manual (``mr(2, 1, *)``, ``bdelay(1, 2, 3)``).
    """

    depth: float
    ptran: tuple[tuple[tuple[float, ...], ...], ...]
    airmove: tuple[bool, ...]
    mrair: tuple[float, ...]
    mr: tuple[tuple[tuple[float, ...], ...], ...]
    bdelay: tuple[tuple[tuple[float, ...], ...], ...]
    diseng: tuple[tuple[float, float], ...]
    trptcl: tuple[int, ...]
    fmr_f0: tuple[float, ...]
    fmr_f: tuple[tuple[float, ...], ...]
    fmr_x: tuple[float, ...]
    sides: tuple[SideData, SideData]
    _fmr: tuple[PiecewiseAffine | None, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for f in (
            "ptran",
            "airmove",
            "mrair",
            "mr",
            "bdelay",
            "diseng",
            "trptcl",
            "fmr_f0",
            "fmr_f",
            "fmr_x",
            "sides",
        ):
            object.__setattr__(self, f, _freeze(getattr(self, f)))
        problems: list[Problem] = []
        if not (_is_real(self.depth) and math.isfinite(self.depth) and self.depth > 0):
            problems.append(
                Problem(f"must be a finite number > 0, got {self.depth!r}", path="depth")
            )
        nutype = len(self.mrair)
        npost3 = len(self.airmove)
        if nutype < 1:
            problems.append(Problem("must list nutype >= 1 values", path="mrair"))
        if not 1 <= npost3 <= 10 or not all(isinstance(a, bool) for a in self.airmove):
            problems.append(Problem("must list npost(3) (1..10) true/false values", path="airmove"))
        if len(self.ptran) != 4:
            problems.append(Problem("must give posture classes 1..4", path="ptran"))
        else:
            for i, square in enumerate(self.ptran, start=1):
                n = npost3 if i == 3 else len(square) if isinstance(square, tuple) else 0
                if not 1 <= n <= 10:
                    problems.append(
                        Problem("must give npost(i) = 1..10 rows", path=f"ptran({i}, *)")
                    )
                    continue
                _check_table(problems, "ptran", square, (n, n), infinite=True, prefix=(i,))
        if not (len(self.sides) == 2 and all(isinstance(sd, SideData) for sd in self.sides)):
            problems.append(Problem("must give the Red and the Blue SideData", path="sides"))
        if problems:
            raise InvalidInputError(problems)
        nrtety, nbarty = _width(self.mr), _width(self.bdelay)
        for name, per, width in (("mr", "route type", nrtety), ("bdelay", "barrier type", nbarty)):
            if width is None:
                first = getattr(self, name)[0][0]
                message = f"must be a row (one value per {per}), got {first!r}"
                problems.append(Problem(message, path=f"{name}(1, 1, *)"))
        if nrtety is None or nbarty is None:
            raise InvalidInputError(problems)
        nx = len(self.fmr_x)
        _check_table(problems, "mrair", self.mrair, (nutype,))
        _check_table(problems, "mr", self.mr, (nutype, npost3, max(nrtety, 1)))
        _check_table(problems, "bdelay", self.bdelay, (nutype, npost3, nbarty), infinite=True)
        _check_table(problems, "diseng", self.diseng, (nutype, 2))
        _check_table(problems, "trptcl", self.trptcl, (nutype,), integer=True)
        _check_table(problems, "fmr.f0", self.fmr_f0, (nutype,), lower=-math.inf)
        _check_table(problems, "fmr.f", self.fmr_f, (nutype, nx))
        _check_table(problems, "fmr.x", self.fmr_x, (nx,))
        if not problems:
            problems += [
                Problem(f"must be nondecreasing: {a:g} > {b:g}", path=f"fmr.x({j})")
                for j, (a, b) in enumerate(itertools.pairwise(self.fmr_x), start=2)
                if a > b
            ]
        if problems:
            raise InvalidInputError(problems)
        object.__setattr__(
            self,
            "_fmr",
            tuple(
                None if f0 < 0 else PiecewiseAffine.with_origin(f0, f, self.fmr_x)
                for f0, f in zip(self.fmr_f0, self.fmr_f, strict=True)
            ),
        )

    @property
    def nutype(self) -> int:
        """The number of unit types."""
        return len(self.mrair)

    @property
    def nrtety(self) -> int:
        """The number of route types."""
        return len(self.mr[0][0])

    @property
    def nbarty(self) -> int:
        """The number of barrier types (0: no barriers)."""
        return len(self.bdelay[0][0])

    def npost(self, i: int) -> int:
        """``npost(i)``: the number of postures of posture class ``i`` (1..4)."""
        return len(self.ptran[i - 1])

    def side(self, s: int) -> SideData:
        """The data of side ``s`` (1 Red, 2 Blue).

        Raises:
            InvalidInputError: ``s`` is not 1 or 2.
        """
        if s not in (1, 2) or not _is_int(s):
            raise InvalidInputError(f"bad side {s!r}: s = 1 (Red) or 2 (Blue)")
        return self.sides[s - 1]

    def is_air_posture(self, p: int) -> bool:
        """Whether posture ``p`` is an air movement posture: ``airmove(p-29)`` (§3.2.3).

        Raises:
            InvalidInputError: ``p`` is not one of the npost(3) movement postures.
        """
        return self.airmove[self._movement_index(p) - 1]

    def _movement_index(self, p: int) -> int:
        j = p - 29
        if not (_is_int(p) and 1 <= j <= len(self.airmove)):
            raise InvalidInputError(
                f"bad movement posture {p!r}: the design data define postures "
                f"30..{29 + len(self.airmove)} (npost(3) = {len(self.airmove)})"
            )
        return j

    def fmr(self, i: int, tr: float) -> float:
        """``fmr(i, TR)``: the movement-rate factor of a type ``i`` unit at ratio ``TR`` (§3.2.3).

        If ``fmr.f0(i) < 0``, ``TR / (2 - TR)`` for ``TR < 1`` and 1 otherwise ('the transport
        capacity cannot be stretched'); else ``paf(TR, fmr.f0(i), fmr.f(i, *), fmr.x)``.
        """
        f = self._fmr[i - 1]
        if f is None:
            return tr / (2 - tr) if tr < 1 else 1.0
        return f(tr)


def _width(table: tuple[object, ...]) -> int | None:
    """The length of ``table(1, 1, *)``, the first innermost row of a nested table (0 if there
    is none), which every row must have; None if a number stands in its place (the table then
    has no width to check the other rows against)."""
    row: object = table
    for _ in range(2):
        if not isinstance(row, tuple) or not row:
            return 0
        row = row[0]
    return len(row) if isinstance(row, tuple) else None


def _check_inputs(
    s: int, elements: Sequence[Element], mode: int, data: MovementData
) -> tuple[SideData, tuple[Element, ...]]:
    side = data.side(s)
    elements = tuple(elements)
    problems: list[Problem] = []
    if not elements:
        problems.append(Problem("a task force has at least one element", path="elements"))
    for e in elements:
        if not isinstance(e, Element):
            problems.append(Problem(f"must be an Element, got {e!r}", path="elements"))
            continue
        if e.butype > data.nutype:
            problems.append(
                Problem(
                    f"unit types are 1..{data.nutype}, got {e.butype}", path=f"butype({e.unit})"
                )
            )
        if len(e.resources) != side.nrs:
            problems.append(
                Problem(
                    f"must list nrs({s}) = {side.nrs} quantities, got {len(e.resources)}",
                    path=f"[resources]({e.unit}, *)",
                )
            )
    if not (_is_int(mode) and 0 <= mode <= side.nlc):
        problems.append(
            Problem(
                f"must be 0 (unstacked) or a load class 1..nlc({s}) = {side.nlc}, got {mode!r}",
                path="mode",
            )
        )
    if problems:
        raise InvalidInputError(problems)
    return side, elements


def _check_type(value: int, name: str, n: int, what: str) -> int:
    if not (_is_int(value) and 1 <= value <= n):
        raise InvalidInputError(f"bad {name} {value!r}: {what} are 1..{n}")
    return value


# -- geometry -------------------------------------------------------------------------------


def dist(pl: int, po: int, grid: IdahexGrid, depth: float) -> float:
    """``dist(pl, po)``: the straight-line distance between the centres of two cells (§3.2.4).

    The centres are :func:`hexwar.core.hexes.to_pixel` of the cells' hexes with circumradius
    ``depth / sqrt(3)``, so adjacent centres are ``depth`` apart; for an axial difference
    ``(dq, dr)`` this is ``depth * sqrt(dq**2 + dq*dr + dr**2)``.
    """
    size = depth / _SQRT3
    (x0, y0), (x1, y1) = (to_pixel(grid.hex_of(c), size) for c in (pl, po))
    return math.hypot(x1 - x0, y1 - y0)


def _objective_problem(pl: int, po: int, grid: IdahexGrid, adjacent: str | None) -> str | None:
    """Why cell ``po`` cannot be an objective from ``pl``, or ``None``.

    ``adjacent`` is the explanation to give when ``po`` must be adjacent and is not; ``None``
    when it need not be (air movement).
    """
    if not (_is_int(po) and 1 <= po <= grid.ncells):
        return f"objective cell {po} is not in the area of war (cells are 1..{grid.ncells})"
    if not grid.is_active(po):
        return f"objective cell {po} is inactive"
    if adjacent is not None and grid.hex_of(pl).distance(grid.hex_of(po)) != 1:
        return f"objective cell {po} is not adjacent to cell {pl}: {adjacent}"
    return None


# -- shared steps of §3.2.3 - §3.2.5 --------------------------------------------------------


def _ratio(capacity: float, demand: float) -> float:
    # §3.2.3.1: TR = ttcapacity/ttdemand; +inf if only the demand is 0; 1 if both are.
    if demand > 0:
        return capacity / demand
    return math.inf if capacity > 0 else 1.0


def _movers(
    side: SideData,
    elements: tuple[Element, ...],
    mode: int,
    data: MovementData,
    terms: dict[str, float],
) -> tuple[tuple[Element, ...], float] | str:
    """The elements whose rates set the pace, and ``TR``; or why the task force cannot move.

    Unstacked (§3.2.3.1): every element, with pooled supplies and transport. Stacked
    (§3.2.3.2): the carriers ``C``, which need supplies for their own resources, must hold the
    passengers' ``LOAD`` within their carrying capacity ``CC``, and move on the transport left
    after loading.
    """
    nrs = range(side.nrs)
    if mode == 0:
        movers = elements
    else:
        movers = tuple(e for e in elements if data.trptcl[e.butype - 1] == mode)
        if not movers:
            return (
                f"no element has transport class {mode}, the task force's transport mode: "
                "there are no carriers to move it"
            )
    # Supplies: the whole task force's stock against the movers' needs.
    short: str | None = None
    for k in range(1, side.nss + 1):
        stock = exact.sum_left(e.resources[side.nequip + k - 1] for e in elements)
        use = exact.sum_left(
            side.ssreqm[k - 1][irs] * e.resources[irs] for e in movers for irs in nrs
        )
        terms[f"ssstock({k})"] = stock
        terms[f"ssuse({k})"] = use
        if use > stock and short is None:
            short = (
                f"not enough type {k} supplies to move: the task force needs {use:g} and "
                f"has {stock:g} (ssuse({k}) > ssstock({k}))"
            )
    if short is not None:
        return short
    residual = [1.0] * side.nrs
    if mode > 0:
        passengers = [e for e in elements if data.trptcl[e.butype - 1] != mode]
        loaders = [irs for irs in nrs if side.loadcl[irs] == mode]
        cc = exact.sum_left(side.ldcap[j] * e.resources[j] for e in movers for j in loaders)
        load = exact.sum_left(
            side.ldsize[j][mode - 1] * e.resources[j] for e in passengers for j in nrs
        )
        terms["CC"] = cc
        terms["LOAD"] = load
        if load > cc:
            return (
                f"the carriers cannot carry the passengers: load {load:g} exceeds carrying "
                f"capacity {cc:g} in transport mode {mode} (LOAD > CC)"
            )
        # The share LOAD/CC of every load-class resource carries passengers; only the
        # residual carries the carriers' own resources (see docs/rulings/idahex.md).
        share = load / cc if cc > 0 else 0.0
        terms["LOAD/CC"] = share
        for j in loaders:
            residual[j] = 1.0 - share
    demand = exact.sum_left(side.trnreq[j] * e.resources[j] for e in movers for j in nrs)
    capacity = exact.sum_left(
        residual[j] * side.trncap[j] * e.resources[j] for e in movers for j in nrs
    )
    tr = _ratio(capacity, demand)
    terms["ttdemand"] = demand
    terms["ttcapacity"] = capacity
    terms["TR"] = tr
    return movers, tr


def _surface_rates(
    movers: tuple[Element, ...],
    tr: float,
    p: int,
    rt: int,
    data: MovementData,
    terms: dict[str, float],
) -> tuple[dict[int, float], str | None]:
    """``AMR(i) = fmr(butype(u_i), TR) * mr(butype(u_i), p-29, rt)`` for every mover, and why
    the first one with ``AMR(i) = 0`` (if any) cannot move."""
    j = p - 29
    amr: dict[int, float] = {}
    why: str | None = None
    for e in movers:
        t = e.butype
        f = data.fmr(t, tr)
        m = data.mr[t - 1][j - 1][rt - 1]
        amr[e.unit] = f * m
        terms[f"fmr(u{e.unit})"] = f
        terms[f"mr(u{e.unit})"] = m
        terms[f"AMR(u{e.unit})"] = f * m
        if f * m == 0 and why is None:
            why = (
                f"{e} cannot move along route type {rt} in posture {p}: mr({t}, {j}, {rt}) = 0"
                if m == 0
                else f"{e} has too little transport to move: TR = {tr:g} gives fmr({t}, TR) = 0"
            )
    return amr, why


def _barrier(
    movers: tuple[Element, ...],
    p: int,
    bt: int,
    pl: int,
    po: int,
    data: MovementData,
    terms: dict[str, float],
    factor: Callable[[Element], float] | None = None,
) -> tuple[float, str | None]:
    """``max {factor * bdelay(butype(u_i), p-29, bt)}`` over the movers (0 if ``bt = 0``), and
    why it is infinite (if it is)."""
    if bt == 0:
        return 0.0, None
    j = p - 29
    worst = 0.0
    why: str | None = None
    for e in movers:
        b = data.bdelay[e.butype - 1][j - 1][bt - 1]
        terms[f"bdelay(u{e.unit})"] = b
        w = 1.0 if factor is None else factor(e)
        # A zero factor removes the barrier's share whatever the barrier (0 * inf = 0).
        v = 0.0 if w == 0 else w * b
        worst = max(worst, v)
        if math.isinf(v) and why is None:
            why = (
                f"no route: barrier type {bt} between cells {pl} and {po} is impassable to "
                f"{e} in posture {p} (bdelay({e.butype}, {j}, {bt}) = inf)"
            )
    return worst, why


def _hexside(
    pl: int, po: int, rtetype: CellPairType, bartype: CellPairType, data: MovementData
) -> tuple[int, int]:
    rt = _check_type(rtetype(pl, po), f"[rtetype]({pl}, {po})", data.nrtety, "route types")
    bt = bartype(pl, po)
    if not (_is_int(bt) and 0 <= bt <= data.nbarty):
        raise InvalidInputError(
            f"bad [bartype]({pl}, {po}) {bt!r}: barrier types are 0 (none) .. {data.nbarty}"
        )
    return rt, bt


# -- §3.2.1 - §3.2.8 ------------------------------------------------------------------------


def within_class_delay(pp: int, np: int, data: MovementData) -> Delay:
    """§3.2.1 Transition within positive posture class: ``d = ptran(ppc, j, k)``.

    ``j = pp - 10*ppc + 1`` and ``k = np - 10*ppc + 1``; 'Regardless of the game design
    data, d = 0 if j = k.'

    Raises:
        InvalidInputError: ``pp`` and ``np`` are not postures of one positive class, or one of
            them is not among the npost(ppc) postures the design data define.
    """
    ppc = posture_class(pp)
    if not ppc.active or posture_class(np) is not ppc:
        raise InvalidInputError(
            f"bad transition {pp} -> {np}: §3.2.1 is a change within one positive posture class"
        )
    j, k = pp - 10 * ppc + 1, np - 10 * ppc + 1
    terms: dict[str, float] = {"j": j, "k": k}
    if j == k:
        return _finite(0.0, terms, "3.2.1")
    n = data.npost(ppc)
    if max(j, k) > n:
        raise InvalidInputError(
            f"ptran({int(ppc)}, {j}, {k}) is not in the design data: npost({int(ppc)}) = {n}, "
            f"so posture class {int(ppc)} has postures {10 * ppc}..{10 * ppc + n - 1}"
        )
    d = data.ptran[ppc - 1][j - 1][k - 1]
    terms["ptran"] = d
    if math.isinf(d):
        return _infinite(
            f"posture {pp} cannot change to posture {np}: ptran({int(ppc)}, {j}, {k}) = inf",
            terms,
            "3.2.1",
        )
    return _finite(d, terms, "3.2.1")


def hold_to_disengagement_delay() -> Delay:
    """§3.2.2 From hold posture to disengagement posture: 'In this case, d = 0.'"""
    return _finite(0.0, {}, "3.2.2")


def march_delay(
    s: int,
    elements: Sequence[Element],
    mode: int,
    pl: int,
    pp: int,
    po: int,
    grid: IdahexGrid,
    rtetype: CellPairType,
    bartype: CellPairType,
    data: MovementData,
) -> Delay:
    """§3.2.3 From march posture to attack posture: the march delay ``d = d1 + d2``.

    The objective must exist, be active and be adjacent ('a task force in a march posture
    cannot jump over cells'). The movers -- every element if unstacked (``mode = 0``,
    §3.2.3.1), the carriers ``C = {u_i: trptcl(butype(u_i)) = mode}`` if stacked (§3.2.3.2)
    -- must have the supplies they need (``ssuse(k) <= ssstock(k)``, stock of the whole task
    force); a stacked task force's carriers must hold the passengers (``LOAD <= CC``). Then,
    with ``TR`` the movers' transport ratio,

    * ``AMR(i) = fmr(butype(u_i), TR) * mr(butype(u_i), pp-29, [rtetype](pl, po))``,
    * ``TFAMR = min AMR(i)`` over the movers; ``d1 = depth / TFAMR`` (``+inf`` if 0),
    * ``d2 = max bdelay(butype(u_i), pp-29, bt)`` over the movers if ``bt =
      [bartype](pl, po) > 0``, else 0.

    Args:
        s: the side, 1 (Red) or 2 (Blue).
        elements: the task force elements ``u_1 .. u_n``.
        mode: the transport mode; 0 unstacked.
        pl: the location. pp: the (march) posture. po: the objective.
        grid: the area of war. rtetype, bartype: the hexside types (asked only if adjacent).
        data: the design data.

    Raises:
        InvalidInputError: the inputs do not fit the design data (unit type, number of
            resources, transport mode, posture, route or barrier type out of range).
    """
    side, elements = _check_inputs(s, elements, mode, data)
    data._movement_index(pp)
    section = "3.2.3.1" if mode == 0 else "3.2.3.2"
    terms: dict[str, float] = {}
    bad = _objective_problem(pl, po, grid, "a task force in a march posture cannot jump over cells")
    if bad is not None:
        return _infinite(bad, terms, "3.2.3")
    rt, bt = _hexside(pl, po, rtetype, bartype, data)
    terms["rtetype"] = rt
    terms["bt"] = bt
    moving = _movers(side, elements, mode, data, terms)
    if isinstance(moving, str):
        return _infinite(moving, terms, section)
    movers, tr = moving
    amr, why = _surface_rates(movers, tr, pp, rt, data, terms)
    tfamr = min(amr.values())
    terms["TFAMR"] = tfamr
    terms["depth"] = data.depth
    d1 = data.depth / tfamr if tfamr > 0 else math.inf
    terms["d1"] = d1
    d2, barred = _barrier(movers, pp, bt, pl, po, data, terms)
    terms["d2"] = d2
    if why is not None:
        return _infinite(why, terms, section)
    if barred is not None:
        return _infinite(barred, terms, section)
    return _finite(d1 + d2, terms, section)


def air_movement_delay(
    s: int,
    elements: Sequence[Element],
    mode: int,
    pl: int,
    pp: int,
    po: int,
    grid: IdahexGrid,
    data: MovementData,
) -> Delay:
    """§3.2.4 From air movement posture to attack posture: ``d = dist(pl, po) / AMR``.

    'Its movement rate is unaffected by route types and barrier types ... cell po need not be
    adjacent to cell pl. Nevertheless, cell po must be in the area of war ... and must be
    active.' Supplies, carriers and ``TR`` as for the march (§3.2.4.1 unstacked, §3.2.4.2
    stacked), then ``AMR = min fmr(butype(u_i), TR) * mrair(butype(u_i))`` over the movers
    (``+inf`` delay if 0), and ``dist`` is the straight-line distance between the cell
    centres (:func:`dist`).

    Raises:
        InvalidInputError: the inputs do not fit the design data.
    """
    side, elements = _check_inputs(s, elements, mode, data)
    data._movement_index(pp)
    section = "3.2.4.1" if mode == 0 else "3.2.4.2"
    terms: dict[str, float] = {}
    bad = _objective_problem(pl, po, grid, None)
    if bad is not None:
        return _infinite(bad, terms, "3.2.4")
    moving = _movers(side, elements, mode, data, terms)
    if isinstance(moving, str):
        return _infinite(moving, terms, section)
    movers, tr = moving
    why: str | None = None
    rates = []
    for e in movers:
        f = data.fmr(e.butype, tr)
        m = data.mrair[e.butype - 1]
        terms[f"fmr(u{e.unit})"] = f
        terms[f"mrair(u{e.unit})"] = m
        rates.append(f * m)
        if f * m == 0 and why is None:
            why = (
                f"{e} cannot move by air: mrair({e.butype}) = 0"
                if m == 0
                else f"{e} has too little transport to move: TR = {tr:g} gives "
                f"fmr({e.butype}, TR) = 0"
            )
    amr = min(rates)
    terms["AMR"] = amr
    distance = dist(pl, po, grid, data.depth)
    terms["dist"] = distance
    if why is not None:
        return _infinite(why, terms, section)
    return _finite(distance / amr, terms, section)


def movement_delay(
    s: int,
    elements: Sequence[Element],
    mode: int,
    pl: int,
    pp: int,
    po: int,
    grid: IdahexGrid,
    rtetype: CellPairType,
    bartype: CellPairType,
    data: MovementData,
) -> Delay:
    """The movement delay from posture ``pp`` toward ``po``: the march delay (§3.2.3) or, if
    ``airmove(pp-29)``, the air movement delay (§3.2.4)."""
    if data.is_air_posture(pp):
        return air_movement_delay(s, elements, mode, pl, pp, po, grid, data)
    return march_delay(s, elements, mode, pl, pp, po, grid, rtetype, bartype, data)


def disengagement_delay(
    s: int,
    elements: Sequence[Element],
    mode: int,
    pl: int,
    po: int,
    np: int,
    grid: IdahexGrid,
    rtetype: CellPairType,
    bartype: CellPairType,
    data: MovementData,
    *,
    engaged: bool,
    rearguard: bool,
) -> Delay:
    """§3.2.5 From disengagement posture to movement posture ``np``: the disengagement delay.

    0 if the task force is not engaged. Otherwise the objective must exist, be active and be
    adjacent, and ``np`` must not be an air movement posture ('an engaged task force cannot
    disengage and transition directly to an air movement posture'). Then
    ``d1 = max diseng(butype(u_i), 1)`` over every element, and

    * §3.2.5.1, friendly units in hold postures in cell ``pl`` (``rearguard``): ``d = d1``;
    * §3.2.5.2, no such units, so the enemy can pursue: ``d = d1 + d2``, ``d2 = w1 + w2`` with
      the movers, supplies and ``TR`` of the march (§3.2.3.1 / §3.2.3.2) in posture ``np``:
      ``+inf`` if some mover has ``AMR(i) = 0``, else ``w1 = max diseng(butype(u_i), 2) *
      depth / AMR(i)`` and ``w2 = max diseng(butype(u_i), 2) * bdelay(butype(u_i), np-29,
      bt)`` (0 if ``bt = 0``) over the movers.

    Args:
        engaged: whether the task force is engaged.
        rearguard: whether there are friendly units in hold postures in cell ``pl``.
        (the others as for :func:`march_delay`; ``np`` is the next, movement, posture.)

    Raises:
        InvalidInputError: the inputs do not fit the design data.
    """
    side, elements = _check_inputs(s, elements, mode, data)
    data._movement_index(np)
    terms: dict[str, float] = {}
    if not engaged:
        return _finite(0.0, terms, "3.2.5")
    bad = _objective_problem(pl, po, grid, "a task force disengages toward an adjacent cell")
    if bad is not None:
        return _infinite(bad, terms, "3.2.5")
    if data.is_air_posture(np):
        return _infinite(
            f"an engaged task force cannot disengage directly into air movement posture {np}",
            terms,
            "3.2.5",
        )
    for e in elements:
        terms[f"diseng1(u{e.unit})"] = data.diseng[e.butype - 1][0]
    d1 = max(data.diseng[e.butype - 1][0] for e in elements)
    terms["d1"] = d1
    if rearguard:
        return _finite(d1, terms, "3.2.5.1")
    section = "3.2.5.2"
    rt, bt = _hexside(pl, po, rtetype, bartype, data)
    terms["rtetype"] = rt
    terms["bt"] = bt
    moving = _movers(side, elements, mode, data, terms)
    if isinstance(moving, str):
        return _infinite(moving, terms, section)
    movers, tr = moving
    amr, why = _surface_rates(movers, tr, np, rt, data, terms)
    if why is not None:
        return _infinite(why, terms, section)

    def diseng2(e: Element) -> float:
        return data.diseng[e.butype - 1][1]

    terms["depth"] = data.depth
    w1 = max(diseng2(e) * (data.depth / amr[e.unit]) for e in movers)
    terms["w1"] = w1
    w2, barred = _barrier(movers, np, bt, pl, po, data, terms, diseng2)
    terms["w2"] = w2
    terms["d2"] = w1 + w2
    if barred is not None:
        return _infinite(barred, terms, section)
    return _finite(d1 + w1 + w2, terms, section)


def attack_delay(po: int, *, defended: bool) -> Delay:
    """§3.2.6 From attack posture to hold posture at a new location: the attack delay.

    'The "attack delay" is 0 if cell po contains no enemy units in hold postures. Otherwise,
    the delay is indefinite: it depends upon the course of combat' -- infinite here, until
    the engagement (§3.3) changes the schedule.

    Args:
        po: the objective. defended: whether cell ``po`` contains enemy units in hold postures.
    """
    if defended:
        return _infinite(
            f"cell {po} is held by enemy units in hold postures: the attack lasts until "
            "combat decides it",
            {},
            "3.2.6",
        )
    return _finite(0.0, {}, "3.2.6")


def hold_at_location_delay(pp: int) -> Delay:
    """§3.2.7 To hold posture at present location: 0, but infinite from posture -10.

    'If pp < 0, set d = +inf. (A destroyed unit cannot come back to life.) ... In every case,
    d = 0.' The same 0 applies to §3.2.7's case (2), the abort into ``pmapdn(pp)``.
    """
    if pp < 0:
        return _infinite("a destroyed unit cannot come back to life", {}, "3.2.7")
    return _finite(0.0, {}, "3.2.7")


def nonpositive_delay(pp: int, np: int) -> Delay:
    """§3.2.8 Transition to or within nonpositive posture class: 'The delay is 0.'

    'Since there is normally no reason for a unit to enter posture class 0 from another
    posture class, a warning is issued to the game designer if that happens' (file 51).

    Raises:
        InvalidInputError: ``np`` is not a nonpositive posture.
    """
    if posture_class(np).active:
        raise InvalidInputError(f"bad next posture {np}: §3.2.8 is for np < 10")
    warning = None
    if posture_class(np) is PostureClass.INACTIVE and posture_class(pp) is not (
        PostureClass.INACTIVE
    ):
        warning = (
            f"a task force entered posture class 0 (posture {np}) from posture {pp}: there is "
            "normally no reason to"
        )
    return Delay(0.0, None, {}, "3.2.8", warning)


def wait(
    present: Status,
    following: Status,
    *,
    s: int,
    elements: Sequence[Element],
    mode: int,
    grid: IdahexGrid,
    rtetype: CellPairType,
    bartype: CellPairType,
    data: MovementData,
    engaged: bool,
    rearguard: bool,
    defended: bool,
) -> Delay:
    """IDAHEX ``wait``: the delay of the change from ``present`` to ``following`` (§3.2).

    Dispatches on :func:`~hexwar.rulesets.idahex.postures.classify`; a destroyed task force
    ordered to a hold at its location gets §3.2.7's infinite delay.

    Args:
        present, following: the present and next statuses.
        s, elements, mode: the task force's side, elements and transport mode.
        grid, rtetype, bartype: the area of war and its hexside types.
        data: the design data.
        engaged: whether the task force is engaged (§3.2.5).
        rearguard: whether friendly units in hold postures are in its cell (§3.2.5).
        defended: whether its objective contains enemy units in hold postures (§3.2.6).

    Raises:
        InvalidInputError: §3.1 never produces the transition, or the inputs do not fit the
            design data.
    """
    pp, np = present.posture, following.posture
    pl, po = present.location, present.objective
    if (
        present.posture_class is PostureClass.DESTROYED
        and following.posture_class is PostureClass.HOLD
        and following.location == following.objective == pl
    ):
        return hold_at_location_delay(pp)
    kind = classify(present, following)
    if kind is TransitionKind.WITHIN_CLASS:
        return within_class_delay(pp, np, data)
    if kind is TransitionKind.HOLD_TO_DISENGAGEMENT:
        return hold_to_disengagement_delay()
    if kind is TransitionKind.MOVEMENT_TO_ATTACK:
        return movement_delay(s, elements, mode, pl, pp, po, grid, rtetype, bartype, data)
    if kind is TransitionKind.DISENGAGEMENT_TO_MOVEMENT:
        return disengagement_delay(
            s,
            elements,
            mode,
            pl,
            po,
            np,
            grid,
            rtetype,
            bartype,
            data,
            engaged=engaged,
            rearguard=rearguard,
        )
    if kind is TransitionKind.OCCUPATION:
        return attack_delay(po, defended=defended)
    if kind in (TransitionKind.HOLD_AT_LOCATION, TransitionKind.ABORT):
        return hold_at_location_delay(pp)
    return nonpositive_delay(pp, np)
