"""Hex geometry: pure functions on axial coordinates.

Convention for the whole project: **flat-top** hexes, so hexes stand in vertical columns with a
hex directly above and directly below each hex. Axial coordinates ``(q, r)``: ``q`` is the
column, ``r`` grows downwards (screen coordinates), and the implied third cube coordinate is
``s = -q - r``. The six neighbours of ``(0, 0)`` are::

    N  = (0, -1)    NE = (+1, -1)    SE = (+1, 0)
    S  = (0, +1)    SW = (-1, +1)    NW = (-1, 0)

Offset and legacy numberings exist only at the edges (files, UI); see ``to_offset`` here and
``hexwar.core.numberings``. Everything else in the engine speaks ``Hex``.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable
from enum import Enum
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from hexwar.core.errors import InvalidInputError

__all__ = [
    "Direction",
    "Hex",
    "HexArray",
    "OffsetKind",
    "distance",
    "distance_matrix",
    "distances",
    "from_doubled_height",
    "from_doubled_width",
    "from_offset",
    "from_pixel",
    "hex_corners",
    "hex_range",
    "hexes_to_array",
    "hexside_ambiguous",
    "line",
    "line_both",
    "line_both_steps",
    "ring",
    "spiral",
    "to_doubled_height",
    "to_doubled_width",
    "to_offset",
    "to_pixel",
]

HexArray = npt.NDArray[np.int64]
"""Integer array whose last axis holds ``(q, r)``."""

_HEX_TEXT = re.compile(r"\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*")


class Hex(NamedTuple):
    """One hex in axial coordinates; a hashable, ordered value (ordered by ``q``, then ``r``).

    The text form is ``"q,r"`` (``str(Hex(3, -2)) == "3,-2"``), used by logs, files, the CLI
    and test failures alike; ``Hex.from_str`` reads it back.

    A named tuple: hashing, equality and ordering run in C, which path finding, line of sight
    and every hex-keyed table lean on (as a frozen dataclass they were a fifth of a tactical
    game's time). ``q, r = h`` unpacks it; the arithmetic below is vector arithmetic, not the
    tuple's concatenation and repetition.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    @classmethod
    def from_str(cls, text: str) -> Hex:
        """Parse ``"q,r"`` (surrounding blanks allowed), the inverse of ``str``.

        Raises:
            InvalidInputError: ``text`` is not two integers separated by a comma.
        """
        return _parse(text)

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __mul__(self, k: int) -> Hex:  # type: ignore[override]
        return Hex(self.q * k, self.r * k)

    def __rmul__(self, k: int) -> Hex:  # type: ignore[override]
        return Hex(self.q * k, self.r * k)

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def neighbor(self, direction: Direction) -> Hex:
        """The adjacent hex in ``direction``."""
        dq, dr = direction.delta
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> list[Hex]:
        """The six adjacent hexes in ``Direction`` order (key codes 1..6)."""
        return [Hex(self.q + dq, self.r + dr) for dq, dr in _DELTAS]

    def distance(self, other: Hex) -> int:
        """Number of steps between the two hexes."""
        dq = self.q - other.q  # as distance() below: this is called often
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> Direction | None:
        """The direction in which ``other`` lies if it is adjacent, else ``None``."""
        return _BY_DELTA.get((other.q - self.q, other.r - self.r))


@functools.lru_cache(maxsize=1 << 14)
def _parse(text: str) -> Hex:
    """``Hex.from_str``, kept for the texts seen last (views spell every hex as text, and
    planners read them back many times a decision)."""
    match = _HEX_TEXT.fullmatch(text)
    if match is None:
        raise InvalidInputError(f"bad hex {text!r}: expected 'q,r' with integer q and r")
    return Hex(int(match[1]), int(match[2]))


class Direction(Enum):
    """The six directions, ordered and numbered as the legacy key codes.

    IDAHEX (seed 000, rim-cell order in §5.3) and Aggressor (seed 003, "1=hex to upper left,
    2=hex to lower left, 3=hex above, 4=hex below, 5=hex to upper right, 6=hex to lower
    right") agree on this numbering. Opposite directions have codes summing to 7.
    """

    NW = 1
    SW = 2
    N = 3
    S = 4
    NE = 5
    SE = 6

    @property
    def code(self) -> int:
        """The legacy key code, 1..6."""
        return self.value

    @property
    def delta(self) -> tuple[int, int]:
        """The axial ``(dq, dr)`` step."""
        return _DELTAS[self.value - 1]

    @property
    def opposite(self) -> Direction:
        """The direction pointing the other way."""
        return Direction(7 - self.value)

    @classmethod
    def from_code(cls, code: int) -> Direction:
        """The direction with legacy key code ``code``.

        Raises:
            InvalidInputError: ``code`` is not 1..6.
        """
        if not 1 <= code <= 6:
            raise InvalidInputError(f"bad direction code {code!r}: must be 1..6")
        return cls(code)


# Indexed by code - 1; kept outside the enum so neighbour loops avoid attribute lookups.
_DELTAS: tuple[tuple[int, int], ...] = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0))
_BY_DELTA: dict[tuple[int, int], Direction] = {d.delta: d for d in Direction}

# Walking order around a ring, clockwise on screen starting from the hex straight above.
_RING_WALK = (Direction.SE, Direction.S, Direction.SW, Direction.NW, Direction.N, Direction.NE)


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between ``a`` and ``b``."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_range(center: Hex, n: int) -> list[Hex]:
    """All hexes within distance ``n`` of ``center``, sorted; empty if ``n < 0``."""
    return [
        Hex(center.q + dq, center.r + dr)
        for dq in range(-n, n + 1)
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1)
    ]


def ring(center: Hex, n: int) -> list[Hex]:
    """The hexes at distance exactly ``n`` from ``center``; empty if ``n < 0``.

    The ring starts at the hex ``n`` steps straight above ``center`` (direction N) and walks
    clockwise on screen: ``n`` steps SE, then S, SW, NW, N and NE, so it holds ``6 * n``
    hexes (just ``center`` when ``n == 0``).
    """
    if n < 0:
        return []
    if n == 0:
        return [center]
    out: list[Hex] = []
    h = center + Hex(*Direction.N.delta) * n
    for direction in _RING_WALK:
        for _ in range(n):
            out.append(h)
            h = h.neighbor(direction)
    return out


def spiral(center: Hex, n: int) -> list[Hex]:
    """``center``, then ring 1, ring 2, ... up to ring ``n``, each walked as ``ring`` does."""
    out: list[Hex] = []
    for k in range(n + 1):
        out.extend(ring(center, k))
    return out


# The nudge that keeps a line's points off hexsides, in millionths of a hex on each cube
# coordinate (q, r, s): three different sizes so that no two coordinates tie, summing to 0.
_NUDGE = (1, 2, -3)


def _cube_round(q: float, r: float, s: float) -> Hex:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(rq, rr)


def _steps(dq: int, dr: int, sign: int) -> tuple[tuple[int, int], ...]:
    """The line from ``(0, 0)`` to ``(dq, dr)`` nudged by ``sign * _NUDGE`` millionths, as
    ``(q, r)`` steps from its start, in integers.

    Point ``i`` of ``n`` is the lerp ``(dq, dr, ds) * i / n`` plus the nudge, rounded to the
    nearest hex (cube rounding: the coordinate farthest from its rounded value is remade from
    the other two). In units of ``1 / n`` a coordinate is the integer ``x = d * i``; it rounds
    to ``k`` with a half going the way of its nudge, and lies ``|k * n - x|`` units and the
    nudge from ``k``: ``nudge`` millionths further when ``k * n < x`` (rounded down), nearer
    when ``k * n > x``, and ``|nudge|`` from it when ``k * n == x``. The farthest coordinate
    compares these as pairs: first the units, then the millionths, which only decide where
    the units tie, and never tie themselves (the nudges differ in size).

    This is the float lerp of the lines before (``hexwar.core.hexes`` to 2026-12: ``a + e +
    (b - a) * (i / n)`` with ``e`` the nudge in floats, ``round`` and ``abs`` in floats) where
    floats are exact enough: the units are at least ``1 / n`` apart, a half unit at least
    ``1 / (2 n)`` from a whole one, so against the nudge's ``3e-6`` at most every decision is
    the same for lines of up to 100,000 hexes, while the floats' rounding stays below ``1e-9``
    for coordinates below a million. tests/core/test_hexes.py compares the two on every pair
    of hexes of every bundled board. Being in integers, it is also the same line wherever it
    starts (a whole ``n * a`` added to ``x`` moves ``k`` by ``a`` and nothing else), so a line
    from ``a`` to ``b`` is ``a`` plus the steps of ``b - a``, and those are kept.
    """
    n = max(abs(dq), abs(dr), abs(dq + dr))
    if n == 0:
        return ((0, 0),)
    ds = -dq - dr
    nq, nr, ns = (sign * e for e in _NUDGE)
    twice = 2 * n
    out = []
    for i in range(n + 1):
        rounded = []
        off = []
        for d, e in ((dq, nq), (dr, nr), (ds, ns)):
            x = d * i
            # x / n rounded, a half up with a positive nudge and down with a negative one
            k = (2 * x + n) // twice if e > 0 else -((n - 2 * x) // twice)
            units = k * n - x
            rounded.append(k)
            off.append((abs(units), -e if units > 0 else e if units < 0 else abs(e)))
        kq, kr, ks = rounded
        if off[0] > off[1] and off[0] > off[2]:
            kq = -kr - ks
        elif off[1] > off[2]:
            kr = -kq - ks
        out.append((kq, kr))
    return tuple(out)


@functools.lru_cache(maxsize=1 << 15)
def _steps_both(
    dq: int, dr: int
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """``_steps`` nudged to either side, kept: the steps depend on ``b - a`` alone, and a
    board's lines of sight have few of them (on a 60 x 60 map about 21,000, against 13
    million pairs of hexes)."""
    return _steps(dq, dr, +1), _steps(dq, dr, -1)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes of the straight line from ``a`` to ``b`` (cube lerp and rounding).

    The result has ``distance(a, b) + 1`` hexes, starts at ``a``, ends at ``b`` and every two
    consecutive hexes are adjacent. Where the line runs exactly along a hexside, a fixed tiny
    nudge picks one side; use ``line_both`` when the rules must see both candidates. The line
    from ``a + h`` to ``b + h`` is the line from ``a`` to ``b`` moved by ``h``.
    """
    q, r = a
    return [Hex(q + x, r + y) for x, y in _steps_both(b.q - q, b.r - r)[0]]


def line_both(a: Hex, b: Hex) -> tuple[list[Hex], list[Hex]]:
    """The line from ``a`` to ``b`` nudged to either side.

    Returns ``(plus, minus)``; they differ exactly where the true line runs along hexsides, and
    the caller's rules decide which (or whether both) block or reveal. ``plus == line(a, b)``.
    """
    q, r = a
    plus, minus = _steps_both(b.q - q, b.r - r)
    return [Hex(q + x, r + y) for x, y in plus], [Hex(q + x, r + y) for x, y in minus]


def line_both_steps(d: Hex) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The ``(q, r)`` steps of ``line_both(Hex(0, 0), d)``, kept: ``line_both(a, b)`` is ``a``
    plus the steps of ``b - a``, for callers that keep their lines in hexes of their own."""
    return _steps_both(d.q, d.r)


def hexside_ambiguous(a: Hex, b: Hex) -> bool:
    """Whether the straight line from ``a`` to ``b`` runs along a hexside somewhere."""
    plus, minus = _steps_both(b.q - a.q, b.r - a.r)
    return plus != minus


class OffsetKind(Enum):
    """Offset coordinate systems, as named by Red Blob Games.

    The ``*_Q`` kinds and ``DOUBLED_HEIGHT`` describe flat-top layouts (our own); the ``*_R``
    kinds and ``DOUBLED_WIDTH`` describe pointy-top layouts. All six are bijections of the one
    axial lattice: a pointy-top numbering simply draws the same lattice turned a right angle,
    so adjacency (and thus every rule) is unchanged.
    """

    ODD_Q = "odd-q"
    EVEN_Q = "even-q"
    ODD_R = "odd-r"
    EVEN_R = "even-r"
    DOUBLED_HEIGHT = "doubled-height"
    DOUBLED_WIDTH = "doubled-width"

    @property
    def flat_top(self) -> bool:
        """Whether the layout draws the hexes flat-top (vertical columns)."""
        return self in (OffsetKind.ODD_Q, OffsetKind.EVEN_Q, OffsetKind.DOUBLED_HEIGHT)


def to_doubled_height(h: Hex) -> tuple[int, int]:
    """Flat-top doubled coordinates ``(col, row)``: ``row`` steps by 2 down a column."""
    return h.q, 2 * h.r + h.q


def from_doubled_height(col: int, row: int) -> Hex:
    """Inverse of ``to_doubled_height``.

    Raises:
        InvalidInputError: ``col + row`` is odd, which names no hex.
    """
    if (col + row) % 2:
        raise InvalidInputError(f"bad doubled-height ({col}, {row}): col + row must be even")
    return Hex(col, (row - col) // 2)


def to_doubled_width(h: Hex) -> tuple[int, int]:
    """Pointy-top doubled coordinates ``(col, row)``: ``col`` steps by 2 along a row."""
    return 2 * h.q + h.r, h.r


def from_doubled_width(col: int, row: int) -> Hex:
    """Inverse of ``to_doubled_width``.

    Raises:
        InvalidInputError: ``col + row`` is odd, which names no hex.
    """
    if (col + row) % 2:
        raise InvalidInputError(f"bad doubled-width ({col}, {row}): col + row must be even")
    return Hex((col - row) // 2, row)


def to_offset(h: Hex, kind: OffsetKind) -> tuple[int, int]:
    """Offset coordinates ``(col, row)`` of ``h`` in the system ``kind``.

    ``ODD_Q`` shoves odd columns down half a hex, ``EVEN_Q`` even columns; ``ODD_R`` shoves
    odd rows right half a hex, ``EVEN_R`` even rows (``q & 1`` is 1 for negative odd numbers
    too, so the formulas hold on the whole lattice).
    """
    q, r = h.q, h.r
    match kind:
        case OffsetKind.ODD_Q:
            return q, r + (q - (q & 1)) // 2
        case OffsetKind.EVEN_Q:
            return q, r + (q + (q & 1)) // 2
        case OffsetKind.ODD_R:
            return q + (r - (r & 1)) // 2, r
        case OffsetKind.EVEN_R:
            return q + (r + (r & 1)) // 2, r
        case OffsetKind.DOUBLED_HEIGHT:
            return to_doubled_height(h)
        case OffsetKind.DOUBLED_WIDTH:
            return to_doubled_width(h)


def from_offset(col: int, row: int, kind: OffsetKind) -> Hex:
    """The hex at offset coordinates ``(col, row)`` in the system ``kind``; see ``to_offset``.

    Raises:
        InvalidInputError: a doubled coordinate pair with odd ``col + row``.
    """
    match kind:
        case OffsetKind.ODD_Q:
            return Hex(col, row - (col - (col & 1)) // 2)
        case OffsetKind.EVEN_Q:
            return Hex(col, row - (col + (col & 1)) // 2)
        case OffsetKind.ODD_R:
            return Hex(col - (row - (row & 1)) // 2, row)
        case OffsetKind.EVEN_R:
            return Hex(col - (row + (row & 1)) // 2, row)
        case OffsetKind.DOUBLED_HEIGHT:
            return from_doubled_height(col, row)
        case OffsetKind.DOUBLED_WIDTH:
            return from_doubled_width(col, row)


def hexes_to_array(hexes: Iterable[Hex]) -> HexArray:
    """Stack hexes into an ``(n, 2)`` int64 array of ``(q, r)`` rows."""
    flat = [c for h in hexes for c in (h.q, h.r)]
    return np.array(flat, dtype=np.int64).reshape(-1, 2)


def _as_hex_array(a: npt.ArrayLike, name: str) -> HexArray:
    arr = np.asarray(a, dtype=np.int64)
    if arr.ndim == 0 or arr.shape[-1] != 2:
        raise InvalidInputError(f"bad {name} of shape {arr.shape}: last axis must hold (q, r)")
    return arr


def _axial_norm(dq: HexArray, dr: HexArray) -> HexArray:
    # max(|dq|, |dr|, |ds|) equals the half-sum of the three; it avoids integer division,
    # which is several times slower in numpy than comparisons.
    ds = dq + dr
    np.abs(dq, out=dq)
    np.abs(dr, out=dr)
    np.abs(ds, out=ds)
    result: HexArray = np.maximum(np.maximum(dq, dr, out=dq), ds, out=dq)
    return result


def distances(origins: npt.ArrayLike, targets: npt.ArrayLike) -> HexArray:
    """Element-wise hex distances between two ``(..., 2)`` arrays, with numpy broadcasting.

    ``distances(a, b)[i] == distance(a[i], b[i])``; a single ``(2,)`` hex broadcasts against
    an ``(n, 2)`` array.

    Raises:
        InvalidInputError: an argument whose last axis is not of length 2.
    """
    a = _as_hex_array(origins, "origins")
    b = _as_hex_array(targets, "targets")
    return _axial_norm(a[..., 0] - b[..., 0], a[..., 1] - b[..., 1])


def distance_matrix(origins: npt.ArrayLike, targets: npt.ArrayLike) -> HexArray:
    """The ``(n, m)`` matrix of distances from each of ``n`` origins to each of ``m`` targets.

    Raises:
        InvalidInputError: an argument that is not of shape ``(k, 2)``.
    """
    a = _as_hex_array(origins, "origins")
    b = _as_hex_array(targets, "targets")
    if a.ndim != 2 or b.ndim != 2:
        raise InvalidInputError(
            f"bad shapes {a.shape} and {b.shape}: distance_matrix needs (n, 2) and (m, 2)"
        )
    return _axial_norm(a[:, None, 0] - b[None, :, 0], a[:, None, 1] - b[None, :, 1])


_SQRT3 = math.sqrt(3.0)


def to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Centre of ``h`` on screen for flat-top hexes of circumradius ``size`` (centre to corner).

    ``Hex(0, 0)`` is at the origin; ``y`` grows downwards. Adjacent centres lie
    ``sqrt(3) * size`` apart, which is IDAHEX's cell *depth* (seed 000, §2.1).
    """
    return size * 1.5 * h.q, size * _SQRT3 * (h.r + h.q / 2)


def from_pixel(x: float, y: float, size: float) -> Hex:
    """The hex containing screen point ``(x, y)``; the inverse of ``to_pixel`` at centres."""
    q = x / (1.5 * size)
    r = y / (_SQRT3 * size) - q / 2
    return _cube_round(q, r, -q - r)


def hex_corners(h: Hex, size: float) -> list[tuple[float, float]]:
    """The six corners of flat-top ``h``, clockwise on screen from the rightmost corner."""
    cx, cy = to_pixel(h, size)
    return [
        (cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]
