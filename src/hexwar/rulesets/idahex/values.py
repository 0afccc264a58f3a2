"""Weapon values (seed 000, §5.1.2) and the standard values of resources (§5.3).

IDAHEX values weapons by the antipotential potential method: given the kill matrices ``A``
(``m x n``, the rate at which an attackers' type ``i`` weapon kills the defenders' type ``j``
weapons) and ``D`` (``n x m``, the defenders' rates), it finds values ``va``, ``vd`` and scalars
``alpha``, ``delta`` with

    (1)  alpha * va(i) = sum_j A(i,j) * vd(j),     (2)  delta * vd(i) = sum_j D(i,j) * va(j),

so that each weapon's value is proportional to the rate at which it destroys enemy value. The
IDAHEX subprogram ``app`` scales them by Holter's assumption (iv): ``alpha = delta`` and
``va(kw) = 1`` for a ``kw`` chosen so that ``va(kw) > 0``. With ``alpha = delta = mu`` the
pair ``z = (va, vd)`` is an eigenvector of the nonnegative block matrix ``K = [[0, A], [D, 0]]``
for the eigenvalue ``mu``, and ``mu**2 = lambda`` is the Perron root of ``A D`` (§5.1.2 eq. 3).

When ``A D`` is irreducible the solution is unique. When it is reducible (§5.1.2, footnote 1:
always so when the attackers lack a weapon type, because no fire is allocated to it) the
manual says IDAHEX "works, in effect, with an irreducible submatrix", and that ``app`` "finds
the weapon values by an iterative procedure starting with all-positive values" (footnote 2).
:func:`weapon_values` returns exactly the limit of that procedure started from all ones,
computed in closed form from the Frobenius normal form of ``K`` (see :func:`_iteration_limit`):
the dominant irreducible submatrices (largest Perron root, heading a longest chain of such
submatrices linked by kills) and the weapons that destroy their value, directly or through
other weapons, get positive values; every other weapon gets 0.

§5.3 puts each side's resources on defense against a standard enemy force in a nominal
engagement (kill matrices ``ASTD``, ``DSTD``: :func:`nominal_kill_matrices`) and reads off
``rsvald`` and ``rsvala`` (:func:`standard_values`), used by the counterattack test of §3.3.4
and the elimination test of §5.3.

The rulings this module needs are in ``docs/rulings/idahex.md`` under "Weapon values and
standard values (§5.1.2, §5.3)".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from hexwar.core import exact
from hexwar.core.errors import InvalidInputError, Problem
from hexwar.rulesets.idahex.design.model import File50

__all__ = [
    "StandardValues",
    "WeaponValues",
    "force_ratios",
    "nominal_kill_matrices",
    "standard_values",
    "weapon_values",
    "weapon_values_many",
]

FloatArray = NDArray[np.float64]

TIE = 1e-9
"""Relative tolerance within which two irreducible submatrices' Perron roots count as equal.

Kill rates are design estimates; roots that agree to nine digits (for instance two blocks that
are the same matrix in a different order, computed with different rounding) are treated as the
tie they represent, so the values do not jump with the last bit of a floating-point result."""


# -- weapon values ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class WeaponValues:
    """Antipotential potentials of one engagement under Holter's scaling (seed 000 §5.1.2).

    Attributes:
        va: ``va(i)``, the value of an attackers' type ``i`` ground-to-ground weapon
            (``i = 1..m`` at index ``i - 1``); read-only.
        vd: ``vd(j)``, the value of a defenders' type ``j`` ground-to-ground weapon; read-only.
        alpha: the scalar of equation (1).
        delta: the scalar of equation (2); equal to ``alpha`` (assumption (iv)).

    Compare instances with ``numpy`` (``np.array_equal(a.va, b.va)``): ``==`` is identity.

    Raises:
        InvalidInputError: a value or scalar is negative or not finite, the vectors are not
            one-dimensional, or ``alpha != delta``.
    """

    va: FloatArray
    vd: FloatArray
    alpha: float
    delta: float

    def __post_init__(self) -> None:
        problems: list[Problem] = []
        for name in ("va", "vd"):
            vec = np.array(getattr(self, name), dtype=np.float64)  # a copy, frozen below
            if vec.ndim != 1 or not (np.isfinite(vec).all() and (vec >= 0).all()):
                problems.append(Problem("must be a vector of finite values >= 0", path=name))
            vec.flags.writeable = False
            object.__setattr__(self, name, vec)
        for name in ("alpha", "delta"):
            x = float(getattr(self, name))
            if not math.isfinite(x) or x < 0:
                problems.append(Problem(f"must be finite and >= 0, got {x!r}", path=name))
            object.__setattr__(self, name, x)
        if self.alpha != self.delta:
            problems.append(
                Problem(
                    f"alpha = {self.alpha!r} != delta = {self.delta!r}: Holter's scaling (iv) "
                    "requires alpha = delta (§5.1.2)",
                    path="delta",
                )
            )
        if problems:
            raise InvalidInputError(problems)

    @classmethod
    def _checked(cls, va: FloatArray, vd: FloatArray, mu: float) -> WeaponValues:
        """The values :meth:`__post_init__` makes of ``va``, ``vd`` and ``alpha = delta =
        mu`` when its checks pass, for read-only one-dimensional float64 vectors of finite
        values ``>= 0`` and a finite float ``mu >= 0`` that the caller has checked: without
        the copies and checks again."""
        out = object.__new__(cls)
        object.__setattr__(out, "va", va)
        object.__setattr__(out, "vd", vd)
        object.__setattr__(out, "alpha", mu)
        object.__setattr__(out, "delta", mu)
        return out

    def vala(self, mm: int) -> FloatArray:
        """``vala(i)`` for every attackers' resource ``i = 1..mm`` (``mm = nrs(sideA)``).

        ``va(i)`` for the ``m`` ground-to-ground weapons and 0 for the other resources, which
        destroy nothing (§5.1.2, last paragraph).
        """
        return _padded(self.va, mm, "mm")

    def vald(self, nn: int) -> FloatArray:
        """``vald(i)`` for every defenders' resource ``i = 1..nn`` (``nn = nrs(sideD)``); see
        :meth:`vala`."""
        return _padded(self.vd, nn, "nn")


def _padded(values: FloatArray, size: int, name: str) -> FloatArray:
    if size < len(values):
        raise InvalidInputError(
            [Problem(f"{name} = {size} is below the {len(values)} weapon types", path=name)]
        )
    out = np.zeros(size)
    out[: len(values)] = values
    out.flags.writeable = False
    return out


def _kill_matrix(matrix: ArrayLike, name: str) -> FloatArray:
    try:
        out = np.array(matrix, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InvalidInputError([Problem(f"not a numeric matrix: {exc}", path=name)]) from None
    if out.ndim != 2 or 0 in out.shape:
        raise InvalidInputError(
            [Problem(f"must be a nonempty 2-D matrix, got shape {out.shape}", path=name)]
        )
    if not (np.isfinite(out).all() and (out >= 0).all()):
        i, j = (int(k) + 1 for k in np.argwhere(~np.isfinite(out) | (out < 0))[0])
        raise InvalidInputError(
            [
                Problem(
                    f"{name}({i},{j}) = {float(out[i - 1, j - 1])!r}: a kill rate must be "
                    "finite and >= 0 (§5.1.2)",
                    path=name,
                )
            ]
        )
    return out


def weapon_values(A: ArrayLike, D: ArrayLike) -> WeaponValues:  # noqa: N803 (manual's names)
    """Holter's antipotential potentials for the kill matrices ``A`` and ``D`` (seed 000 §5.1.2).

    The values satisfy equations (1) and (2) with ``alpha = delta`` (scaling assumption (iv));
    ``alpha**2`` is the Perron root of ``A D``. They are the limit of ``app``'s iterative
    procedure started from all-positive values (all ones) -- footnote 2 -- which is the
    unique solution when ``A D`` is irreducible. The vector is scaled so that ``va(kw) = 1``
    for the lowest-numbered ``kw`` with a positive value (footnote 1 on (iv)); if every
    attackers' value is 0, the lowest-numbered positive defenders' value is 1 instead.

    Args:
        A: the attackers' average kill matrix, ``m x n`` (``m = nggwep(sideA)``), nonnegative.
        D: the defenders' average kill matrix, ``n x m`` (``n = nggwep(sideD)``), nonnegative.

    Returns:
        ``va``, ``vd``, ``alpha`` and ``delta``. Multiplying ``A`` and ``D`` by the same
        positive factor (e.g. ``tframe``, §5.1) multiplies ``alpha`` and leaves the values.

    Raises:
        InvalidInputError: a matrix is not 2-D, empty, negative or not finite, or the shapes
            do not match (``A`` is ``m x n`` and ``D`` is ``n x m``).
    """
    a = _kill_matrix(A, "A")
    d = _kill_matrix(D, "D")
    m, n = a.shape
    if d.shape != (n, m):
        raise InvalidInputError(
            [Problem(f"D must be {n} x {m} when A is {m} x {n}, got {d.shape}", path="D")]
        )
    k = np.zeros((m + n, m + n))
    k[:m, m:] = a
    k[m:, :m] = d
    z, mu = _iteration_limit(k)
    positive = np.flatnonzero(z > 0)  # never empty: the limit is a nonzero direction
    z = z / z[positive[0]]  # the first m entries are va: kw is the lowest positive one
    return WeaponValues(va=z[:m], vd=z[m:], alpha=mu, delta=mu)


_CONNECTED: dict[bytes, bool] = {}
""":func:`_strongly_connected` by the pattern's shape and bits (a pure function of them; an
army's engagements repeat a few patterns)."""


def weapon_values_many(
    pairs: Sequence[tuple[FloatArray, FloatArray]],
) -> list[WeaponValues | None]:
    """:func:`weapon_values` of each pair ``(A, D)``, the same values, with the Perron
    vectors of the irreducible ``K`` (the usual engagement) found together
    (:func:`exact.perron_many`, the same bits as :func:`exact.perron` block by block).

    A pair that :func:`weapon_values` would reject (not 2-D float matrices of matching
    shapes, a negative or non-finite rate) is ``None``: its caller asks
    :func:`weapon_values`, which raises for it as always. Every other pair gets the values
    :func:`weapon_values` gives: the irreducible ``K`` with a positive root by the same
    operations on the batch's vectors, the others by :func:`weapon_values` itself."""
    out: list[WeaponValues | None] = [None] * len(pairs)
    groups: dict[tuple[int, int], list[int]] = {}
    for i, (a, d) in enumerate(pairs):
        if (
            type(a) is np.ndarray
            and type(d) is np.ndarray
            and a.dtype == np.float64
            and d.dtype == np.float64
            and a.ndim == 2
            and 0 not in a.shape
            and d.shape == (a.shape[1], a.shape[0])
        ):
            groups.setdefault(a.shape, []).append(i)
    for (m, n), members in groups.items():
        a = np.stack([pairs[i][0] for i in members])
        d = np.stack([pairs[i][1] for i in members])
        # _kill_matrix's test, each pair alone: finite and >= 0 (NaN fails both).
        valid = ((a >= 0.0) & (a < math.inf)).all(axis=(1, 2)) & ((d >= 0.0) & (d < math.inf)).all(
            axis=(1, 2)
        )
        k = np.zeros((len(members), m + n, m + n))
        k[:, :m, m:] = a
        k[:, m:, :m] = d
        irreducible: list[int] = []
        for pos in np.flatnonzero(valid).tolist():
            pattern = k[pos] > 0
            key = pattern.tobytes()
            connected = _CONNECTED.get(key)
            if connected is None:
                if len(_CONNECTED) >= 4096:
                    _CONNECTED.clear()
                connected = _CONNECTED[key] = _strongly_connected(pattern)
            if connected:
                irreducible.append(pos)
            else:
                out[members[pos]] = _weapon_values_or_none(*pairs[members[pos]])
        found = exact.perron_many(k[irreducible])
        taken = []
        for pos, perron in zip(irreducible, found, strict=True):
            if perron is None or not perron[0] > 0.0:  # (nan too)
                out[members[pos]] = _weapon_values_or_none(*pairs[members[pos]])
            else:
                taken.append((pos, perron))
        if not taken:
            continue
        # _iteration_limit's irreducible case, then weapon_values' scaling, each step
        # elementwise over the blocks' rows as over one block's vector.
        x = np.array([p[1] for _, p in taken])
        weight = np.array([math.fsum(p[2].tolist()) for _, p in taken])
        z = np.maximum(weight[:, None] * x, 0.0)
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            # (a row these would warn of is not kept: weapon_values warns of it in its turn)
            z = z / z.max(axis=1)[:, None]
            positive = z > 0
            first = positive.argmax(axis=1)  # the lowest positive entry (kw), if any
            z = z / z[np.arange(len(taken)), first][:, None]
        # What WeaponValues checks: finite values >= 0 (NaN fails both) and a finite root.
        fine = positive.any(axis=1) & ((z >= 0.0) & (z < math.inf)).all(axis=1)
        z.flags.writeable = False
        for row, ((pos, (rho, _, _)), ok) in enumerate(zip(taken, fine.tolist(), strict=True)):
            i = members[pos]
            if ok and rho < math.inf:
                out[i] = WeaponValues._checked(z[row, :m], z[row, m:], rho)
            else:
                out[i] = _weapon_values_or_none(*pairs[i])
    return out


def _weapon_values_or_none(a: FloatArray, d: FloatArray) -> WeaponValues | None:
    """:func:`weapon_values`, or ``None`` where it raises (left to the caller, which asks
    :func:`weapon_values` again in its turn and so raises there)."""
    try:
        return weapon_values(a, d)
    except Exception:  # raised again by the caller's own call
        return None


def _classes(pattern: NDArray[np.bool_]) -> tuple[list[NDArray[np.intp]], NDArray[np.bool_]]:
    """The strongly connected classes of the graph ``i -> j`` iff ``pattern[i, j]``, each a
    sorted index array, downstream classes first; and the reflexive-transitive closure."""
    size = len(pattern)
    reach = pattern | np.eye(size, dtype=bool)
    while True:
        step = reach.astype(np.int64)
        wider = reach | ((step @ step) > 0)  # kernel-independent: an integer product, never BLAS
        if np.array_equal(wider, reach):
            break
        reach = wider
    mutual = reach & reach.T
    classes: list[NDArray[np.intp]] = []
    placed = np.zeros(size, dtype=bool)
    for i in range(size):
        if not placed[i]:
            members = np.flatnonzero(mutual[i])
            placed[members] = True
            classes.append(members)
    # A class reaches strictly more nodes than any class it reaches: sorting by that count puts
    # every class after all the classes downstream of it.
    classes.sort(key=lambda c: (int(reach[c[0]].sum()), int(c[0])))
    return classes, reach


def _strongly_connected(pattern: NDArray[np.bool_]) -> bool:
    """Whether every node of the graph ``i -> j`` iff ``pattern[i, j]`` reaches every other
    (one class for :func:`_classes`): the nodes reached from node 0 forward and backward,
    as bit masks (each node's successors and predecessors as one integer)."""
    size = len(pattern)
    if size < 63:
        bits = np.left_shift(1, np.arange(size, dtype=np.int64))
        forward = np.where(pattern, bits[None, :], 0).sum(axis=1).tolist()
        backward = np.where(pattern, bits[:, None], 0).sum(axis=0).tolist()
    else:
        rows = pattern.tolist()
        forward = [sum(1 << j for j in range(size) if rows[i][j]) for i in range(size)]
        backward = [sum(1 << i for i in range(size) if rows[i][j]) for j in range(size)]
    everything = (1 << size) - 1
    for edges in (forward, backward):
        seen = frontier = 1
        while frontier:
            grown = 0
            for i in range(size):
                if frontier >> i & 1:
                    grown |= edges[i]
            frontier = grown & ~seen
            seen |= frontier
        if seen != everything:
            return False
    return True


def _iteration_limit(k: FloatArray) -> tuple[FloatArray, float]:
    """The limit direction of ``z <- (I + K / rho) z`` from ``z = 1``, and ``rho = rho(K)``.

    This is the iterative procedure of §5.1.2 footnote 2 (shifted by ``I`` so that it
    converges even when ``K`` is periodic, which a bipartite ``K`` always is; the limit
    direction does not depend on the shift). It is found in closed form on the Frobenius
    normal form of ``K``. For each class ``c`` (a strongly connected set of weapons) with
    Perron root ``rho_c``, call it *basic* if ``rho_c = rho`` (within :data:`TIE`), and let
    ``h(c)`` be the largest number of basic classes on a path of classes starting at ``c``.
    The iterates grow like ``binomial(k, h(c) - 1) * 2**k`` on class ``c``, so the limit lives
    on the classes with the largest ``h``, ``nu``; its leading coefficients ``u_c`` obey

    * basic ``c`` with ``h(c) = 1``: ``u_c = x_c * y_c . (1_c + N_cD (I - N_D)^-1 1_D)``,
      ``D`` the weapons downstream of ``c`` (all in non-basic classes), ``N = K / rho``,
      ``x_c``, ``y_c`` the right and left Perron vectors of ``N_cc`` with ``y_c . x_c = 1``;
    * basic ``c`` with ``h(c) > 1``: ``u_c = x_c * y_c . sum(N_cd u_d, h(d) = h(c) - 1)``;
    * non-basic ``c``: ``u_c = (I - N_cc)^-1 sum(N_cd u_d, h(d) = h(c))``

    (a common factor per level, which depends on the shift, is dropped). If ``rho = 0`` the
    graph is acyclic and the iterates are dominated by ``K**p 1``, ``p`` the longest path.
    """
    size = len(k)
    if _strongly_connected(k > 0):
        # K irreducible (the usual engagement): its one class is basic, of height 1, with
        # nothing downstream, so the limit is its Perron vector ``x`` times ``fsum(y)``
        # (clipped at 0 and scaled as below) -- the general case's arithmetic without its
        # setup.
        rho, x, y = exact.perron(k)
        if rho > 0.0:
            z = np.maximum(math.fsum(y.tolist()) * x, 0.0)
            return z / z.max(), rho
    classes, reach = _classes(k > 0)
    perron = [exact.perron(k[np.ix_(c, c)]) for c in classes]
    rho = max(p[0] for p in perron)
    if rho <= 0.0:
        z = np.ones(size)
        for _ in range(size):
            nxt = exact.matvec(k, z)
            if not np.any(nxt > 0):
                break
            z = nxt / nxt.max()
        return z, 0.0

    n = k / rho
    basic = [p[0] >= rho * (1.0 - TIE) for p in perron]
    owner = np.empty(size, dtype=np.intp)
    for pos, c in enumerate(classes):
        owner[c] = pos
    children: list[list[int]] = []
    for pos, c in enumerate(classes):
        targets = {int(owner[j]) for j in np.flatnonzero(k[c].any(axis=0))}
        targets.discard(pos)
        children.append(sorted(targets))
    height: list[int] = []
    for pos in range(len(classes)):
        below = max((height[d] for d in children[pos]), default=0)
        height.append(below + (1 if basic[pos] else 0))
    nu = max(height)

    lead: dict[int, FloatArray] = {}

    def feed(pos: int, level: int) -> FloatArray:
        """``sum(N_cd u_d)`` over the classes ``d`` just below class ``pos`` with ``h = level``."""
        c = classes[pos]
        total = np.zeros(c.size)
        for d in children[pos]:
            if height[d] == level:
                total += exact.matvec(n[np.ix_(c, classes[d])], lead[d])
        return total

    for pos, c in enumerate(classes):
        h = height[pos]
        if h == 0:
            continue
        if not basic[pos]:
            lead[pos] = exact.solve(np.eye(c.size) - n[np.ix_(c, c)], feed(pos, h))
            continue
        _, x, y = perron[pos]
        if h > 1:
            weight = exact.dot(y, feed(pos, h - 1))
        else:
            weight = math.fsum(y.tolist())
            down = np.flatnonzero(reach[c[0]] & (owner != pos))
            if down.size:
                escape = exact.solve(np.eye(down.size) - n[np.ix_(down, down)], np.ones(down.size))
                weight += exact.dot(y, exact.matvec(n[np.ix_(c, down)], escape))
        lead[pos] = weight * x
    z = np.zeros(size)
    for pos, c in enumerate(classes):
        if height[pos] == nu:
            z[c] = np.maximum(lead[pos], 0.0)  # exact in theory; clears rounding below zero
    return z / z.max(), rho


def force_ratios(
    values: WeaponValues, attack_holdings: ArrayLike, defense_holdings: ArrayLike
) -> tuple[float, float]:
    """The force ratios ``FR`` and ``FR2`` of §5.1.2 for holdings ``wa`` and ``wd``.

    ``FR = <va, wa> / <vd, wd>``. ``FR2``, the ratio of the defenders' to the attackers'
    proportional rate of value loss, equals ``alpha <va, wa>**2 / (delta <vd, wd>**2)``
    (§5.1.2); under Holter's scaling (iv) ``alpha = delta`` and ``FR2 = FR**2``, which is
    how it is taken also when ``alpha = delta = 0``. The attackers dominate iff ``FR2 > 1``.

    Args:
        values: the engagement's weapon values.
        attack_holdings: ``wa(i)``, the attackers' amount of each ground-to-ground weapon type.
        defense_holdings: ``wd(j)``, the defenders' amount of each.

    Returns:
        ``(FR, FR2)``; ``math.inf`` for both when only the defenders' value is 0.

    Raises:
        InvalidInputError: a holding vector has the wrong length or a negative or non-finite
            entry, or both sides' values are 0 (the ratio 0/0 is undefined).
    """
    wa = _holdings(attack_holdings, len(values.va), "attack_holdings")
    wd = _holdings(defense_holdings, len(values.vd), "defense_holdings")
    fa = exact.dot(values.va, wa)
    fd = exact.dot(values.vd, wd)
    if fd == 0.0:
        if fa == 0.0:
            raise InvalidInputError(
                "force ratio undefined: <va, wa> = <vd, wd> = 0, both forces are worthless (§5.1.2)"
            )
        return float("inf"), float("inf")
    fr = fa / fd
    return fr, fr * fr


def _holdings(holdings: ArrayLike, size: int, name: str) -> FloatArray:
    w = np.array(holdings, dtype=np.float64)
    if w.shape != (size,) or not np.all(np.isfinite(w)) or np.any(w < 0):
        raise InvalidInputError(
            [Problem(f"must be {size} finite amounts >= 0, got {w.tolist()!r}", path=name)]
        )
    return w


# -- standard values -------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class StandardValues:
    """The standard values of every resource of both sides (seed 000 §5.3).

    Attributes:
        rsvald: ``rsvald(irs, s)`` at ``rsvald[s - 1][irs - 1]``: the standard value of a side
            ``s`` type ``irs`` resource on defense; length ``nrs(s)``, read-only.
        rsvala: ``rsvala(irs, s)`` likewise, on attack (used by §3.3.4's counterattack test).
        nominal: ``nominal[s1 - 1]``, the weapon values of the nominal engagement in which side
            ``s1`` defends and side ``3 - s1`` attacks; it defines ``rsvald[s1 - 1]`` and
            ``rsvala[2 - s1]``.
    """

    rsvald: tuple[FloatArray, FloatArray]
    rsvala: tuple[FloatArray, FloatArray]
    nominal: tuple[WeaponValues, WeaponValues]


def nominal_kill_matrices(design: File50, s1: int) -> tuple[FloatArray, FloatArray]:
    """``(ASTD, DSTD)`` of the nominal engagement in which side ``s1`` defends (§5.3).

    With ``s2 = 3 - s1``, for ``1 <= i <= nggwep(s1)`` and ``1 <= j <= nggwep(s2)``::

        DSTD(i,j) = kdef(i,j,s1) * aggdef(i,j,s1) / sum(aggdef(i,k,s1), k = 1..nmat(s2))

    and for ``1 <= i <= nggwep(s2)``, ``1 <= j <= nggwep(s1)``::

        ASTD(i,j) = katk(i,j,s2) * aggatk(i,j,s2) / sum(aggatk(i,k,s2), k = 1..nmat(s1)).

    The sums run over all the enemy's materiel, so fire allocated to transport and supplies
    is lost to the weapons. A weapon whose allocation row sums to 0 allocates no fire and
    kills nothing: its row is 0. The design data's rates are per unit of time (not multiplied
    by ``tframe``), which changes no value.

    Raises:
        InvalidInputError: ``s1`` is not 1 or 2, or an allocation entry is negative.
    """
    if s1 not in (1, 2):
        raise InvalidInputError([Problem(f"side must be 1 or 2, got {s1!r}", path="s1")])
    s2 = 3 - s1
    dstd = _allocated(design, "kdef", "aggdef", s1, design.nggwep[s2 - 1])
    astd = _allocated(design, "katk", "aggatk", s2, design.nggwep[s1 - 1])
    return astd, dstd


def _allocated(design: File50, rates: str, shares: str, side: int, ncols: int) -> FloatArray:
    kill: Sequence[Sequence[float]] = getattr(design, rates)[side - 1]
    agg: Sequence[Sequence[float]] = getattr(design, shares)[side - 1]
    out = np.zeros((design.nggwep[side - 1], ncols))
    for i in range(out.shape[0]):
        row = np.array(agg[i], dtype=np.float64)
        negative = np.flatnonzero(row < 0)
        if negative.size:
            j = int(negative[0])
            raise InvalidInputError(
                [
                    Problem(
                        f"{shares}({i + 1},{j + 1},{side}) = {float(row[j])!r}: a fraction of fire "
                        "cannot be negative (§5.1.1, §5.3)",
                        path=f"{shares}[{side - 1}][{i}][{j}]",
                    )
                ]
            )
        total = float(row.sum())
        if total > 0.0:
            out[i] = np.array(kill[i][:ncols], dtype=np.float64) * row[:ncols] / total
    return out


def standard_values(design: File50) -> StandardValues:
    """``rsvald`` and ``rsvala`` for both sides from the design data (seed 000 §5.3).

    For ``s1 = 1, 2`` (defending) and ``s2 = 3 - s1`` (attacking), the weapon values of the
    nominal engagement with ``A = ASTD`` and ``D = DSTD`` (:func:`nominal_kill_matrices`,
    :func:`weapon_values`) give the side ``s1`` values on defense, ``rsvald(*, s1)``, and the
    side ``s2`` values on attack, ``rsvala(*, s2)``; resources other than ground-to-ground
    weapons are worth 0 (§5.1.2).
    """
    nrs = design.nrs
    rsvald: list[FloatArray] = [np.zeros(0), np.zeros(0)]
    rsvala: list[FloatArray] = [np.zeros(0), np.zeros(0)]
    nominal: list[WeaponValues] = []
    for s1 in (1, 2):
        s2 = 3 - s1
        values = weapon_values(*nominal_kill_matrices(design, s1))
        rsvald[s1 - 1] = values.vald(nrs[s1 - 1])
        rsvala[s2 - 1] = values.vala(nrs[s2 - 1])
        nominal.append(values)
    return StandardValues(
        rsvald=(rsvald[0], rsvald[1]),
        rsvala=(rsvala[0], rsvala[1]),
        nominal=(nominal[0], nominal[1]),
    )
