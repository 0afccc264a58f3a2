"""Linear algebra whose results cannot depend on the CPU.

numpy hands ``@``, ``dot``, ``matmul`` and ``linalg`` on floats to the BLAS/LAPACK kernel it
dispatches to at run time, and the kernels (OpenBLAS's Haswell, SkylakeX, Nehalem ...) sum in
different orders and with or without fused multiply-add: the last bits of a result depend on the
machine. A game quantity that crosses a threshold by one ulp changes the whole game, so a replay
on another machine would diverge. The functions here use only operations that IEEE 754 rounds
correctly, one at a time, whatever the vector width: elementwise ``*``, ``/``, ``-`` on arrays
and :func:`math.fsum`, which returns the correctly rounded sum of its terms and therefore does
not depend on their order. The same inputs give the same bits on every IEEE 754 machine.

The C library's ``exp``, ``log`` and ``pow`` are no better: glibc picks a variant by the CPU at
load time (one uses fused multiply-add), and the two differ in the last bit for some inputs.
:func:`exp`, :func:`log`, :func:`log2`, :func:`log10` and :func:`pow` here are written with
the correctly rounded operations alone (argument reduction and a polynomial, within a few ulps
of the true value), so they too give the same bits everywhere.

They are meant for the small vectors and matrices of the rules (a few dozen weapons or
resources), where they cost about as much as the BLAS call's own overhead.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Iterable

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "dot",
    "exp",
    "ipow",
    "log",
    "log2",
    "log10",
    "matvec",
    "matvec_many",
    "perron",
    "perron_many",
    "pow",
    "solve",
    "sum_left",
    "vecmat",
]

FloatArray = NDArray[np.float64]

SQUARINGS = 64
"""At most this many squarings in :func:`perron`: ``P ** (2 ** 64)`` separates eigenvalues that
agree to 1e-17, closer than doubles can tell apart (it stops as soon as the powers settle)."""

_EPS = 2.0**-52


def dot(a: ArrayLike, b: ArrayLike) -> float:
    """``sum_i a(i) * b(i)``, correctly rounded from the rounded products."""
    products = np.multiply(a, b, dtype=np.float64)
    return math.fsum(products.tolist())


def ipow(x: ArrayLike, n: int) -> FloatArray:
    """``x ** n`` elementwise for an integer ``n >= 0``, by repeated squaring.

    numpy's ``power`` on float arrays is a SIMD kernel chosen by the CPU (AVX-512 machines use
    a vector ``pow`` whose last bit differs); products rounded one at a time do not.
    """
    if n < 0:
        raise ValueError(f"ipow needs an exponent >= 0, got {n}")
    base = np.array(x, dtype=np.float64)
    out = np.ones_like(base)
    while n:
        if n & 1:
            out = out * base
        n >>= 1
        if n:
            base = base * base
    return out


def matvec(m: ArrayLike, v: ArrayLike) -> FloatArray:
    """``m @ v`` for a 2-D ``m``: each entry a :func:`dot` of a row of ``m`` with ``v``."""
    products = np.multiply(m, np.asarray(v, dtype=np.float64)[None, :], dtype=np.float64)
    return np.array([math.fsum(row) for row in products.tolist()], dtype=np.float64)


def matvec_many(m: ArrayLike, vs: ArrayLike) -> FloatArray:
    """:func:`matvec` of ``m`` with each row of the 2-D ``vs``, a row of the result each:
    the same products, each entry's sum correctly rounded as :func:`math.fsum` rounds it
    (:func:`_row_fsums_nonnegative` where every product is finite, ``>= 0`` and at most
    ``2**1000``, so that no sum overflows; :func:`math.fsum` itself otherwise), the same
    bits."""
    mat = np.asarray(m, dtype=np.float64)
    rows, columns = mat.shape
    v = np.asarray(vs, dtype=np.float64)
    count = v.shape[0]
    products = np.multiply(mat[None, :, :], v[:, None, :])
    terms = products.reshape(count * rows, columns)
    if columns == 0:
        return np.zeros((count, rows))
    if bool(((terms >= 0.0) & (terms <= 2.0**1000)).all()):
        sums = _row_fsums_nonnegative(terms)
    else:
        sums = _row_fsums(terms)
    return sums.reshape(count, rows)


def vecmat(v: ArrayLike, m: ArrayLike) -> FloatArray:
    """``v @ m`` for a 2-D ``m``: each entry a :func:`dot` of ``v`` with a column of ``m``."""
    return matvec(np.asarray(m, dtype=np.float64).T, v)


def solve(a: ArrayLike, b: ArrayLike) -> FloatArray:
    """The solution ``x`` of ``a x = b`` for a nonsingular square ``a``.

    Gaussian elimination with partial pivoting (the first row of largest magnitude wins a tie),
    each inner product summed by :func:`math.fsum`.

    Raises:
        ValueError: ``a`` is not square, ``b`` does not fit, or ``a`` is singular.
    """
    rows = np.array(a, dtype=np.float64).tolist()
    rhs = np.array(b, dtype=np.float64).reshape(-1).tolist()
    size = len(rows)
    if any(len(r) != size for r in rows) or len(rhs) != size:
        raise ValueError(f"solve needs a square matrix and a matching vector, got {size} rows")
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: (abs(rows[r][col]), -r))
        if rows[pivot][col] == 0.0:
            raise ValueError("solve: the matrix is singular")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        rhs[col], rhs[pivot] = rhs[pivot], rhs[col]
        head = rows[col]
        for r in range(col + 1, size):
            factor = rows[r][col] / head[col]
            if factor != 0.0:
                row = rows[r]
                for k in range(col, size):
                    row[k] -= factor * head[k]
                rhs[r] -= factor * rhs[col]
    x = [0.0] * size
    for r in range(size - 1, -1, -1):
        tail = math.fsum(rows[r][k] * x[k] for k in range(r + 1, size))
        x[r] = (rhs[r] - tail) / rows[r][r]
    return np.array(x, dtype=np.float64)


def _row_fsums(terms: FloatArray) -> FloatArray:
    """``math.fsum`` of each row of a 2-D array."""
    return np.array(list(map(math.fsum, terms.tolist())), dtype=np.float64)


def _wide_roundoff() -> float | None:
    """The unit roundoff of ``np.longdouble`` when it is an IEEE 754 binary format wider than
    a double whose arithmetic really rounds to its precision (x86's 64-bit extended, or a
    binary128): :func:`_row_fsums_nonnegative` relies on it. ``None`` otherwise (a
    ``long double`` that is a double, IBM's double-double, an x87 unit set to round to 53
    bits): every sum is then :func:`math.fsum`'s, as it always gives the same bits."""
    bits = np.finfo(np.longdouble).nmant
    if bits not in (63, 112):
        return None
    one, half_ulp = np.ones(2, dtype=np.longdouble), np.longdouble(2.0) ** -(bits + 1)
    ulp = 2 * half_ulp
    # The precision the arithmetic has (array and scalar): 1 + ulp is kept, 1 + ulp / 2 is a
    # tie that rounds to the even 1, and 1 + 3 ulp / 2 rounds to 1 + 2 ulp.
    if not (
        ((one + ulp) - one == ulp).all()
        and ((one + half_ulp) == one).all()
        and ((one + 3 * half_ulp) - one == 2 * ulp).all()
        and (one[0] + ulp) - one[0] == ulp
    ):
        return None
    return float(half_ulp)


_WIDE_ROUNDOFF = _wide_roundoff()


def _row_fsums_wide(terms: FloatArray) -> FloatArray:
    """:func:`_row_fsums_nonnegative` of a few rows.

    Each row ``a(1..n)`` is summed in ``np.longdouble`` (unit roundoff ``u``, ``2**-64`` on
    x86), in whatever order numpy takes: the sum ``S`` found is within ``(n - 1) u / (1 -
    (n - 1) u) T`` of the exact sum ``T`` of the doubles (terms >= 0), less than ``(n + 1) u
    S``. With ``B = S (n + 2) u`` (one more ``u S`` for the rounding of ``S - B`` and ``S +
    B``), ``T`` lies between the wide numbers ``S - B`` and ``S + B``; rounding to a double is
    monotonic, so when both round to the same double ``d``, ``T`` rounds to ``d`` too: ``d``
    is the correctly rounded sum, what ``math.fsum`` returns (a tie, ``T`` exactly halfway
    between two doubles, lies strictly inside the interval and is never decided here). A row
    whose two roundings differ (about one in a hundred for the products of :func:`perron`)
    is summed by ``math.fsum``. A zero sum comes out ``+0.0`` as ``math.fsum``'s: ``S - B``
    is ``0.0 - 0.0`` or ``-0.0 - -0.0``. The sums must stay below the largest double (where
    ``math.fsum`` raises)."""
    u = _WIDE_ROUNDOFF
    if u is None:
        return _row_fsums(terms)
    wide = terms.astype(np.longdouble).sum(axis=1)
    margin = wide * np.longdouble((terms.shape[1] + 2) * u)
    low: FloatArray = (wide - margin).astype(np.float64)
    undecided = low != (wide + margin).astype(np.float64)
    if undecided.any():
        where = np.flatnonzero(undecided)
        low[where] = list(map(math.fsum, terms[where].tolist()))
    return low


_TWO_SUMS_FROM = 1024
"""From this many rows :func:`_row_fsums_nonnegative` takes :func:`_row_fsums_by_two_sums`:
some sixty numpy operations on arrays along the rows, whatever the rows, against the wide
sums' few operations whose ``long double`` arithmetic costs more per row (on rows of eight
terms, as :func:`perron_many`'s, the wide sums took 0.9 ms for 16,000 rows, the exact
additions 0.5; 0.12 and 0.09 for 2,000; below 1,000 rows the wide sums cost less)."""


def _row_fsums_nonnegative(terms: FloatArray) -> FloatArray:
    """:func:`_row_fsums` of a 2-D array of finite terms ``>= 0`` without a Python float per
    term, the same bits: each row's sum certified to round to fsum's, or taken by fsum, in
    ``long double`` for a few rows (:func:`_row_fsums_wide`), by exact additions of doubles
    for many (:func:`_row_fsums_by_two_sums`)."""
    if terms.shape[0] >= _TWO_SUMS_FROM:
        return _row_fsums_by_two_sums(terms)
    return _row_fsums_wide(terms)


_U = 2.0**-53
"""The unit roundoff of a double."""

_CERTIFIED_LOW = 2.0**-900
_CERTIFIED_HIGH = 2.0**1000
""":func:`_row_fsums_by_two_sums` certifies the sums between these (others are fsum's)."""


def _two_sum(a: FloatArray, b: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Knuth's TwoSum, elementwise: ``s = fl(a + b)`` and ``e`` with ``a + b = s + e``
    exactly (round to nearest, no overflow)."""
    s = a + b
    bb = s - a
    e = (a - (s - bb)) + (b - bb)
    return s, e


def _row_fsums_by_two_sums(terms: FloatArray) -> FloatArray:
    """:func:`_row_fsums_nonnegative` of many rows.

    Each row ``t(1..n)`` is added left to right in doubles, each addition's rounding error
    kept exactly (:func:`_two_sum`): ``s(k) = fl(s(k - 1) + t(k))``, ``e(k) = s(k - 1) +
    t(k) - s(k)``, so the exact sum is ``T = s(n) + sum(e)``; the errors are added up in
    doubles, ``c``, and ``d = fl(s(n) + c)`` with ``r = s(n) + c - d`` exactly (TwoSum
    again). The terms being ``>= 0``, the ``s(k)`` only grow, each ``|e(k)| <= u s(k) <= u
    s(n)`` (``u = 2**-53``; an addition whose result is subnormal is exact), so ``c`` is
    within ``gamma(n - 2) (n - 1) u s(n) <= (n - 1)**2 u**2 s(n)`` of ``sum(e)`` and ``|T -
    (d + r)|`` within that too; ``B = fl(2 (n - 1)**2 u**2 s(n))`` bounds it from above
    (``s(n) >= 2**-900``: no underflow). With ``h`` half the gap from ``d`` to the double
    below it (the smaller of the gaps on either side of a positive ``d``), ``fl(|r| + B) <
    h`` implies ``|r| + B < h`` (rounding is monotonic and ``h`` a double), so ``|T - d| <
    h``: ``d`` is the double nearest ``T`` and ``T`` no tie, the correctly rounded sum,
    what ``math.fsum`` returns. A row not so certified (a sum within about ``n**2 u**2``
    of a halfway point, one below ``2**-900`` or above ``2**1000``) is summed by
    ``math.fsum``; a row of zeros sums to ``+0.0`` as fsum's. Elementwise IEEE operations
    alone: the same bits on every machine, whatever its ``long double``."""
    rows, n = terms.shape
    if rows == 0:
        return np.zeros(0)
    if n == 0:
        return np.zeros(rows)
    return _sums_by_two_sums(list(terms.T))


def _sums_by_two_sums(columns: list[FloatArray]) -> FloatArray:
    """:func:`_row_fsums_by_two_sums` of the rows whose terms are the entries of
    ``columns`` at the same place (1-D arrays of one length, at least one)."""
    rows, n = columns[0].shape[0], len(columns)
    with np.errstate(invalid="ignore", over="ignore"):  # (a sum past the largest double)
        s = columns[0] + 0.0
        c = np.zeros(rows)
        # _two_sum(s, t) of each column t, written into the same arrays (no new ones per step)
        nxt, bb, e = np.empty(rows), np.empty(rows), np.empty(rows)
        for k in range(1, n):
            t = columns[k]
            np.add(s, t, out=nxt)
            np.subtract(nxt, s, out=bb)
            np.subtract(nxt, bb, out=e)
            np.subtract(s, e, out=e)
            np.subtract(t, bb, out=bb)
            e += bb
            c += e
            s, nxt = nxt, s
        d, r = _two_sum(s, c)
        bound = s * (2.0 * (n - 1) ** 2 * _U * _U)
        half_gap = (d - np.nextafter(d, 0.0)) * 0.5
        certified = (np.abs(r) + bound < half_gap) & (s >= _CERTIFIED_LOW) & (s <= _CERTIFIED_HIGH)
    out: FloatArray = np.where(s == 0.0, 0.0, d)
    undecided = np.flatnonzero(~certified & (s != 0.0))
    if undecided.size:
        terms = np.array([column[undecided] for column in columns]).T
        out[undecided] = list(map(math.fsum, terms.tolist()))
    return out


def perron(block: ArrayLike) -> tuple[float, FloatArray, FloatArray]:
    """Perron root ``rho`` and the positive right and left Perron vectors ``x``, ``y`` (scaled
    so that ``y . x = 1``) of an irreducible nonnegative square matrix ``B``.

    ``P = I + B / r`` (``r`` the largest row sum, so ``r >= rho``) is primitive even when ``B``
    is periodic, as a bipartite ``B`` always is, and its powers tend to a positive rank-one
    matrix ``x y^T`` (times a growing scalar). Repeated squaring, rescaled each time, reaches
    ``P ** (2 ** k)`` in ``k`` steps, so nearly equal eigenvalues (two weapon pairs with almost
    the same kill products) cost a few more squarings instead of thousands of power steps.
    The row sums of the limit give ``x``, its column sums ``y``; ``rho`` is the
    Collatz-Wielandt average ``sum(Bx) / sum(x)``.
    """
    b = np.array(block, dtype=np.float64)
    if b.ndim != 2 or b.shape[0] != b.shape[1] or b.shape[0] == 0:
        raise ValueError(f"perron needs a nonempty square matrix, got shape {b.shape}")
    if b.shape == (1, 1):
        return float(b[0, 0]), np.ones(1), np.ones(1)
    r = max(math.fsum(row) for row in b.tolist())
    if r == 0.0:
        raise ZeroDivisionError("float division by zero")  # as v / r on Python floats
    size = len(b)
    # Elementwise only: each entry is (1 or 0) + v / r, each product p[i,k] * p[k,j] one
    # rounded multiplication (numpy's, IEEE), each sum fsum's, correctly rounded, and the
    # division by the largest sum and the largest change numpy's IEEE ones. A nonnegative
    # B makes every P, product and sum below nonnegative, and no larger than 4 * size: the
    # squares' sums are fsum's without a Python float per term (_row_fsums_nonnegative).
    nonnegative = bool((b >= 0.0).all()) and r < math.inf
    p = np.eye(size) + b / r
    products = np.empty((size, size, size))
    rows = products.reshape(size * size, size)  # row i * size + j: p[i, k] * p[k, j] by k
    sums_of = _row_fsums_nonnegative if nonnegative else _row_fsums
    for _ in range(SQUARINGS):
        np.multiply(p[:, None, :], p.T[None, :, :], out=products)
        sums = sums_of(rows)
        nxt = (sums / sums.max()).reshape(size, size)
        change = float(np.abs(nxt - p).max())
        p = nxt
        if change <= 4.0 * _EPS:
            break
    x = _row_fsums(p)
    y = _row_fsums(p.T)
    x, y = x / x.max(), y / y.max()
    rho = math.fsum(matvec(b, x).tolist()) / math.fsum(x.tolist())
    return rho, x, y / dot(y, x)


def perron_many(
    blocks: FloatArray,
) -> list[tuple[float, FloatArray, FloatArray] | None]:
    """:func:`perron` of each of a stack of square blocks (shape ``(count, size, size)``),
    the same bits, with each of its elementwise steps done for all the blocks at once.

    Each block takes exactly :func:`perron`'s operations: the largest row sum by
    ``math.fsum``; ``P = I + B / r``; per squaring, each product rounded once (numpy's
    elementwise multiplication), each entry's sum correctly rounded
    (:func:`_row_fsums_nonnegative`, or while many blocks go on :func:`_sums_by_two_sums`
    of the products by ``k``, which decide each entry alone: whether its sum is certified
    does not depend on the others), the division by the block's own
    largest sum and the block's own largest change; a block stops squaring at the step
    :func:`perron` stops it (the others go on without it). Row sums by
    :func:`_row_fsums_nonnegative` are ``math.fsum``'s, as :func:`perron` takes them by
    :func:`_row_fsums`, because the blocks here are nonnegative and finite.

    A block this does not take -- ``1 x 1``, a negative or NaN entry, one above ``2**1000``,
    a largest row sum of 0 -- is ``None`` in the list: the caller asks :func:`perron`,
    which returns or raises for it as it always does.
    """
    b = np.asarray(blocks, dtype=np.float64)
    if b.ndim != 3 or b.shape[1] != b.shape[2]:
        raise ValueError(f"perron_many needs a stack of square blocks, got shape {b.shape}")
    count, size = b.shape[0], b.shape[1]
    out: list[tuple[float, FloatArray, FloatArray] | None] = [None] * count
    if count == 0 or size < 2:
        return out
    # Entries up to 2**1000 keep every row sum far below the largest double, where fsum
    # would raise (larger ones are left to perron).
    finite = (b >= 0.0).all(axis=(1, 2)) & (b <= 2.0**1000).all(axis=(1, 2))
    rowsums = np.zeros((count, size))
    if finite.any():
        rowsums[finite] = _row_fsums_nonnegative(b[finite].reshape(-1, size)).reshape(-1, size)
    r = rowsums.max(axis=1)
    take = np.flatnonzero(finite & (r > 0.0) & (r < math.inf))
    if take.size == 0:
        return out
    b, r = b[take], r[take]
    n = take.size
    p = np.eye(size)[None, :, :] + b / r[:, None, None]
    live = np.arange(n)
    for _ in range(SQUARINGS):
        q = p[live]
        if live.size * size * size >= _TWO_SUMS_FROM:
            # The same products p[i, k] * p[k, j] by k, each k's an array of its own (the
            # terms of each entry's sum at one place), summed as _row_fsums_nonnegative sums
            # so many rows: the same certified sums without the rows' strided reads.
            columns = [(q[:, :, k, None] * q[:, None, k, :]).reshape(-1) for k in range(size)]
            sums = _sums_by_two_sums(columns).reshape(-1, size * size)
        else:
            products = q[:, :, None, :] * q.transpose(0, 2, 1)[:, None, :, :]
            sums = _row_fsums_nonnegative(products.reshape(-1, size)).reshape(-1, size * size)
        nxt = (sums / sums.max(axis=1)[:, None]).reshape(-1, size, size)
        change = np.abs(nxt - q).max(axis=(1, 2))
        p[live] = nxt
        live = live[~(change <= 4.0 * _EPS)]
        if live.size == 0:
            break
    x = _row_fsums_nonnegative(p.reshape(-1, size)).reshape(n, size)
    y = _row_fsums_nonnegative(p.transpose(0, 2, 1).reshape(-1, size)).reshape(n, size)
    x = x / x.max(axis=1)[:, None]
    y = y / y.max(axis=1)[:, None]
    bx = _row_fsums_nonnegative((b * x[:, None, :]).reshape(-1, size)).reshape(n, size).tolist()
    yx = (y * x).tolist()
    for k, (i, xs, ys) in enumerate(zip(take.tolist(), x, y, strict=True)):
        rho = math.fsum(bx[k]) / math.fsum(xs.tolist())
        out[i] = (rho, xs, ys / math.fsum(yx[k]))
    return out


# ln 2 split so that k * _LN2_HI is exact for |k| < 2**20 (fdlibm's constants).
_LN2_HI = 6.93147180369123816490e-01
_LN2_LO = 1.90821492927058770002e-10
_LN2 = 0.6931471805599453
_LN10 = 2.302585092994046
_SQRT_HALF = 0.7071067811865476
_EXP_TERMS = tuple(1.0 / math.factorial(n) for n in range(14))  # |r| <= ln2/2: 1e-18
_ATANH_TERMS = tuple(1.0 / (2 * n + 1) for n in range(13))  # |s| <= 0.1716: 1e-19


def exp(x: float) -> float:
    """``e ** x``; OverflowError past the largest double, as :func:`math.exp`."""
    x = float(x)
    if math.isnan(x):
        return x
    if x > 709.782712893384:
        raise OverflowError(f"exp({x!r}) overflows")
    if x < -745.2:
        return 0.0
    k = round(x / _LN2)
    r = (x - k * _LN2_HI) - k * _LN2_LO
    p = _EXP_TERMS[-1]
    for c in _EXP_TERMS[-2::-1]:
        p = p * r + c
    return math.ldexp(p, k)


def log(x: float) -> float:
    """The natural logarithm; ValueError for ``x <= 0``, as :func:`math.log`."""
    x = float(x)
    if math.isnan(x) or x == math.inf:
        return x
    if x <= 0.0:
        raise ValueError(f"log({x!r}): math domain error")
    m, e = math.frexp(x)  # x = m * 2**e, 0.5 <= m < 1, exact
    if m < _SQRT_HALF:
        m, e = m * 2.0, e - 1
    s = (m - 1.0) / (m + 1.0)  # log m = 2 atanh s
    z = s * s
    p = _ATANH_TERMS[-1]
    for c in _ATANH_TERMS[-2::-1]:
        p = p * z + c
    return e * _LN2_HI + (2.0 * s * p + e * _LN2_LO)


def log2(x: float) -> float:
    """``log(x) / log(2)``; exact for powers of two."""
    m, e = math.frexp(float(x))
    if m == 0.5:
        return float(e - 1)
    return log(x) / _LN2


def log10(x: float) -> float:
    """``log(x) / log(10)``; exact for the powers of ten that doubles hold exactly."""
    x = float(x)
    if x >= 1.0 and x <= 1e22 and x == int(x):
        digits = len(str(int(x))) - 1
        if int(x) == 10**digits:
            return float(digits)
    return log(x) / _LN10


def pow(x: float, y: float) -> float:
    """``x ** y``: by repeated squaring for a whole ``y`` up to 64 in size, else
    ``exp(y log x)``. ValueError for a negative ``x`` and fractional ``y``, and for 0 to a
    negative power, as :func:`math.pow`."""
    x, y = float(x), float(y)
    if y == 0.0 or x == 1.0:
        return 1.0
    if math.isnan(x) or math.isnan(y):
        return math.nan
    whole = y == int(y) if math.isfinite(y) else False
    if x == 0.0:
        if y < 0:
            raise ValueError(f"pow({x!r}, {y!r}): math domain error")
        return 0.0
    if whole and abs(y) <= 64:
        out = float(ipow(abs(x), int(abs(y))))
        if x < 0 and int(y) % 2:
            out = -out
        return 1.0 / out if y < 0 else out
    if x < 0:
        raise ValueError(f"pow({x!r}, {y!r}): math domain error")
    return exp(y * log(x))


def sum_left(terms: Iterable[float]) -> float:
    """``0 + t1 + t2 + ...``, left to right, one IEEE 754 rounding per addition: the bits of
    Python 3.11's builtin ``sum(terms)`` on every Python.

    Python 3.12 made the builtin ``sum`` of floats compensated (Neumaier's algorithm, CPython
    gh-100425), and 3.14 compensates the ints added among them too: a game quantity summed
    by it can come out with other last bits than on 3.11, where the golden transcripts are
    made, and one bit across a threshold changes a whole game. This keeps the plain sum: ints
    before the first float add up exactly, as in ``sum``; the first float is added to their
    total converted to a double, and every later term to the running double (an int
    converted to the nearest double, a ``-0.0`` alone comes out ``0.0``). No terms give the
    int ``0``, ints alone an int.

    For a sum that should be correctly rounded, whatever the order of its terms, use
    :func:`math.fsum`; this one is for the sums the games have always taken, to keep them.
    """
    return functools.reduce(operator.add, terms, 0)
