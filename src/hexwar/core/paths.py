"""Movement search on the hex lattice: Dijkstra reach and A* shortest paths.

Everything a ruleset knows about movement is one callback, ``cost(frm, to)``, the price of a
single step between adjacent hexes: ``None`` (or ``inf``) means the step is impossible. That one
callback covers per-hex entry costs, per-hexside crossing costs, map bounds, inactive hexes and
occupied hexes alike; ``step_cost`` builds it from the two usual ingredients.

Searches run on the unbounded lattice, so ``cost`` must return ``None`` off the map (or
``max_cost`` must cap the search) whenever the goal may be unreachable.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Sequence

from hexwar.core.errors import InvalidInputError
from hexwar.core.hexes import Hex, distance

__all__ = [
    "CostFn",
    "HexCostFn",
    "SideCostFn",
    "path_cost",
    "reachable",
    "shortest_path",
    "step_cost",
]

CostFn = Callable[[Hex, Hex], float | None]
"""Price of one step from a hex to an adjacent hex; ``None`` or ``inf`` when impossible."""

HexCostFn = Callable[[Hex], float | None]
"""Price of entering a hex; ``None`` or ``inf`` when it cannot be entered."""

SideCostFn = Callable[[Hex, Hex], float | None]
"""Extra price of crossing the hexside between two adjacent hexes; ``None`` when impassable."""

# Float sums of fractional costs (1/3 + 1/3 + 1/3) must not lose a step against a budget.
DEFAULT_TOLERANCE = 1e-9


def step_cost(hex_cost: HexCostFn | None = None, side_cost: SideCostFn | None = None) -> CostFn:
    """Combine a per-hex entry cost and a per-hexside crossing cost into one step callback.

    The step ``frm -> to`` costs ``hex_cost(to) + side_cost(frm, to)``. Without ``hex_cost``
    every hex costs 1 to enter; without ``side_cost`` crossing is free. The step is impossible
    when either part is ``None`` or infinite.
    """

    def cost(frm: Hex, to: Hex) -> float | None:
        enter = 1.0 if hex_cost is None else hex_cost(to)
        if enter is None or math.isinf(enter):
            return None
        cross = 0.0 if side_cost is None else side_cost(frm, to)
        if cross is None or math.isinf(cross):
            return None
        return enter + cross

    return cost


def _step(cost: CostFn, frm: Hex, to: Hex) -> float | None:
    c = cost(frm, to)
    if c is None or math.isinf(c):
        return None
    if c < 0 or math.isnan(c):
        raise InvalidInputError(
            f"bad step cost {c!r} from {frm} to {to}: step costs must be >= 0 (or None)"
        )
    return c


def reachable(
    start: Hex, budget: float, cost: CostFn, *, tolerance: float = DEFAULT_TOLERANCE
) -> dict[Hex, float]:
    """Every hex reachable from ``start`` for a total cost of at most ``budget`` (Dijkstra).

    Args:
        start: where the mover stands; always included at cost 0 when ``budget >= 0``.
        budget: the most the mover may spend.
        cost: the step callback (see the module docstring).
        tolerance: slack allowed when comparing a float total against ``budget``.

    Returns:
        The cheapest total cost of each reachable hex, in the order the hexes were settled
        (non-decreasing cost, ties by hex order).

    Raises:
        InvalidInputError: ``cost`` returned a negative or NaN price.
    """
    if budget < 0:
        return {}
    limit = budget + tolerance
    best: dict[Hex, float] = {start: 0.0}
    settled: dict[Hex, float] = {}
    heap: list[tuple[float, Hex]] = [(0.0, start)]
    while heap:
        g, h = heapq.heappop(heap)
        if h in settled:
            continue
        settled[h] = g
        for nb in h.neighbors():
            if nb in settled:
                continue
            c = _step(cost, h, nb)
            if c is None:
                continue
            ng = g + c
            if ng <= limit and ng < best.get(nb, math.inf):
                best[nb] = ng
                heapq.heappush(heap, (ng, nb))
    return settled


def shortest_path(
    start: Hex,
    goal: Hex,
    cost: CostFn,
    heuristic_scale: float = 0.0,
    *,
    max_cost: float = math.inf,
) -> tuple[list[Hex], float] | None:
    """The cheapest path from ``start`` to ``goal`` (A*), or ``None`` if there is none.

    The heuristic is ``distance(h, goal) * heuristic_scale``. It is admissible, and the result
    optimal, as long as ``heuristic_scale`` is at most the cheapest possible single step; the
    default 0 makes the search plain Dijkstra.

    Ties are resolved deterministically: the frontier is a heap keyed
    ``(f, -g, sequence)``, so among equal ``f`` the deeper node is expanded first and then the
    one queued first; neighbours are queued in ``Direction`` order; a hex's predecessor changes
    only for a strictly cheaper route.

    Args:
        start: first hex of the path.
        goal: last hex of the path.
        cost: the step callback (see the module docstring).
        heuristic_scale: lower bound on the price of one step.
        max_cost: give up on routes costing more than this (bounds the search).

    Returns:
        ``(path, total)`` with ``path[0] == start`` and ``path[-1] == goal``.

    Raises:
        InvalidInputError: negative ``heuristic_scale``, or ``cost`` returned a negative price.
    """
    if heuristic_scale < 0:
        raise InvalidInputError(
            f"bad heuristic_scale {heuristic_scale!r}: must be >= 0 (a lower bound on step cost)"
        )
    sequence = itertools.count()
    best: dict[Hex, float] = {start: 0.0}
    came_from: dict[Hex, Hex] = {}
    closed: set[Hex] = set()
    heap: list[tuple[float, float, int, Hex]] = [
        (distance(start, goal) * heuristic_scale, -0.0, next(sequence), start)
    ]
    while heap:
        _, neg_g, _, h = heapq.heappop(heap)
        if h in closed:
            continue
        g = -neg_g
        if h == goal:
            return _walk_back(came_from, goal), g
        closed.add(h)
        for nb in h.neighbors():
            if nb in closed:
                continue
            c = _step(cost, h, nb)
            if c is None:
                continue
            ng = g + c
            if ng <= max_cost and ng < best.get(nb, math.inf):
                best[nb] = ng
                came_from[nb] = h
                f = ng + distance(nb, goal) * heuristic_scale
                heapq.heappush(heap, (f, -ng, next(sequence), nb))
    return None


def _walk_back(came_from: dict[Hex, Hex], goal: Hex) -> list[Hex]:
    path = [goal]
    while path[-1] in came_from:
        path.append(came_from[path[-1]])
    path.reverse()
    return path


def path_cost(path: Sequence[Hex], cost: CostFn) -> float | None:
    """Total price of walking ``path`` step by step.

    Returns ``None`` if some step is impossible or joins two hexes that are not adjacent.
    """
    total = 0.0
    for frm, to in itertools.pairwise(path):
        c = _step(cost, frm, to) if distance(frm, to) == 1 else None
        if c is None:
            return None
        total += c
    return total
