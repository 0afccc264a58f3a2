"""Lookup tables: piecewise-affine functions (IDAHEX ``pafgen``/``paf``) and 2-D tables whose
rows are pro-rated when a key falls between two of them (as a combat results table by odds)."""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hexwar.core.errors import InvalidInputError, Problem


def _check_sorted(x: Sequence[float], name: str) -> None:
    for i in range(1, len(x)):
        if x[i] < x[i - 1]:
            raise InvalidInputError(
                [Problem(f"points must be nondecreasing: {x[i - 1]} > {x[i]}", path=f"{name}[{i}]")]
            )


def pafgen(w: float, y: Sequence[float], x: Sequence[float]) -> float:
    """Evaluate the piecewise-affine function through ``(x(i), y(i))`` at ``w``.

    Seed 000 (IDAHEX) §5.4: ``y(1)`` for ``w <= x(1)``, ``y(n)`` for ``w >= x(n)``; otherwise with
    ``i1 = max{i: x(i) <= w}`` and ``i2 = min{i: x(i) > w}`` the affine interpolation between
    them. Repeated abscissae make a jump: ``i1`` is the *last* point at or left of ``w``.
    """
    n = len(x)
    if n == 0 or n != len(y):
        raise InvalidInputError(f"pafgen needs equally long, nonempty x and y (got {n}, {len(y)})")
    if w <= x[0]:
        return float(y[0])
    if w >= x[-1]:
        return float(y[-1])
    i2 = bisect.bisect_right(x, w)  # first index with x > w
    i1 = i2 - 1  # last index with x <= w
    return float(y[i1] + (w - x[i1]) / (x[i2] - x[i1]) * (y[i2] - y[i1]))


def paf(w: float, y0: float, y: Sequence[float], x: Sequence[float]) -> float:
    """A piecewise-affine function on the nonnegative reals with value ``y0`` at 0.

    Seed 000 (IDAHEX) §5.4: ``paf(w, y0, y, x) = pafgen(w, ylong, xlong)`` with ``ylong = (y0,
    y(1..n))`` and ``xlong = (0, x(1..n))``. The manual prints ``xlong(1) = x0``; the domain
    starts at 0 and ``y0`` is "its value at 0", so ``x0`` is read as 0
    (docs/rulings/idahex.md).
    """
    return pafgen(w, [y0, *y], [0.0, *x])


@dataclass(frozen=True, slots=True)
class PiecewiseAffine:
    """A validated ``pafgen`` function kept as data (abscissae nondecreasing)."""

    x: tuple[float, ...]
    y: tuple[float, ...]

    def __post_init__(self) -> None:
        if not self.x or len(self.x) != len(self.y):
            raise InvalidInputError(
                f"a piecewise-affine function needs equally long, nonempty x and y "
                f"(got {len(self.x)} and {len(self.y)})"
            )
        _check_sorted(self.x, "x")

    @classmethod
    def with_origin(cls, y0: float, y: Sequence[float], x: Sequence[float]) -> PiecewiseAffine:
        """The ``paf`` form: value ``y0`` at 0, then the listed points (all ``x >= 0``)."""
        if x and x[0] < 0:
            raise InvalidInputError([Problem(f"paf points must be >= 0, got {x[0]}", path="x[0]")])
        return cls((0.0, *map(float, x)), (float(y0), *map(float, y)))

    def __call__(self, w: float) -> float:
        return pafgen(w, self.y, self.x)


@dataclass(frozen=True, slots=True)
class RowLookup:
    """The result of a pro-rated lookup: the blended row and where it came from (for receipts)."""

    values: Mapping[str, float]
    lower: float  # key of the row at or below the argument (after clamping)
    upper: float  # key of the row above it (== lower when exact or clamped)
    weight: float  # share of the upper row in the blend, 0..1

    def describe(self) -> str:
        if self.lower == self.upper or self.weight == 0.0:
            return f"{self.lower:g}"
        return f"{self.lower:g}..{self.upper:g} ({self.weight:.0%} of {self.upper:g})"


@dataclass(frozen=True, slots=True)
class ProRatedTable:
    """Rows keyed by a number (an odds ratio, a range); values pro-rated between rows.

    A key below the first row uses the first row and above the last uses the last (clamped),
    as a combat results table does beyond its extreme odds columns.
    """

    name: str
    keys: tuple[float, ...]
    columns: tuple[str, ...]
    rows: tuple[tuple[float, ...], ...]

    def __post_init__(self) -> None:
        problems: list[Problem] = []
        if not self.keys:
            problems.append(Problem("table has no rows", path=self.name))
        if len(self.rows) != len(self.keys):
            problems.append(
                Problem(f"{len(self.keys)} keys but {len(self.rows)} rows", path=self.name)
            )
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                problems.append(
                    Problem(
                        f"row has {len(row)} values, expected {len(self.columns)}",
                        path=f"{self.name}.rows[{i}]",
                    )
                )
        for i in range(1, len(self.keys)):
            if self.keys[i] <= self.keys[i - 1]:
                problems.append(
                    Problem("row keys must be strictly increasing", path=f"{self.name}.keys[{i}]")
                )
        if problems:
            raise InvalidInputError(problems)

    def lookup(self, key: float) -> RowLookup:
        """The row for ``key``, linearly pro-rated between the two rows it falls between."""
        keys = self.keys
        if key <= keys[0]:
            return RowLookup(
                dict(zip(self.columns, self.rows[0], strict=True)), keys[0], keys[0], 0
            )
        if key >= keys[-1]:
            last = self.rows[-1]
            return RowLookup(dict(zip(self.columns, last, strict=True)), keys[-1], keys[-1], 0.0)
        hi = bisect.bisect_right(keys, key)
        lo = hi - 1
        weight = (key - keys[lo]) / (keys[hi] - keys[lo])
        blended = {
            c: a + weight * (b - a)
            for c, a, b in zip(self.columns, self.rows[lo], self.rows[hi], strict=True)
        }
        return RowLookup(blended, keys[lo], keys[hi], weight)
