"""Movement search: Dijkstra reach, A* paths, the step-cost callback."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexwar.core.errors import InvalidInputError
from hexwar.core.hexes import Hex, distance, hex_range
from hexwar.core.maps import Hexside
from hexwar.core.paths import CostFn, path_cost, reachable, shortest_path, step_cost

ORIGIN = Hex(0, 0)


def bounded(radius: int, inner: CostFn | None = None) -> CostFn:
    """Uniform cost 1 (or ``inner``) on the hexes within ``radius`` of the origin."""

    def cost(frm: Hex, to: Hex) -> float | None:
        if distance(ORIGIN, to) > radius:
            return None
        return 1.0 if inner is None else inner(frm, to)

    return cost


def river(sides: set[Hexside], crossing: float | None) -> CostFn:
    """Cost 1 per hex plus ``crossing`` (None: impassable) over the given hexsides."""
    return step_cost(None, lambda a, b: crossing if Hexside(a, b) in sides else 0.0)


# -- reachable ------------------------------------------------------------------------------


def test_reachable_with_uniform_cost_is_the_hex_range() -> None:
    got = reachable(ORIGIN, 2, bounded(5))
    assert set(got) == set(hex_range(ORIGIN, 2))
    assert all(got[h] == distance(ORIGIN, h) for h in got)


def test_reachable_includes_a_hex_costing_exactly_the_budget() -> None:
    assert Hex(0, 3) in reachable(ORIGIN, 3, bounded(5))


def test_reachable_excludes_a_hex_costing_just_over_the_budget() -> None:
    assert Hex(0, 3) not in reachable(ORIGIN, 2.999, bounded(5))


def test_reachable_with_zero_budget_is_the_start() -> None:
    assert reachable(ORIGIN, 0, bounded(5)) == {ORIGIN: 0.0}


def test_reachable_with_negative_budget_is_empty() -> None:
    assert reachable(ORIGIN, -1, bounded(5)) == {}


def test_reachable_tolerates_float_sums_of_thirds() -> None:
    third = bounded(9, lambda a, b: 1 / 3)
    assert Hex(0, 3) in reachable(ORIGIN, 1.0, third)


def test_reachable_stops_at_impassable_hexes() -> None:
    wall = {Hex(0, 1), Hex(1, 0), Hex(-1, 1)}
    cost = bounded(4, lambda a, b: None if b in wall else 1.0)
    got = reachable(ORIGIN, 9, cost)
    assert wall.isdisjoint(got)
    assert got[Hex(0, 2)] == 5.0  # round the wall instead of 2 straight through


def test_infinite_cost_is_impassable() -> None:
    cost = bounded(3, lambda a, b: math.inf if b == Hex(0, 1) else 1.0)
    assert Hex(0, 1) not in reachable(ORIGIN, 5, cost)


def test_negative_step_cost_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="must be >= 0"):
        reachable(ORIGIN, 3, bounded(3, lambda a, b: -1.0))


def test_reachable_settles_hexes_in_cost_order() -> None:
    got = list(reachable(ORIGIN, 3, bounded(5)).values())
    assert got == sorted(got)


# -- hexside costs --------------------------------------------------------------------------


def test_impassable_river_hexside_forces_a_detour() -> None:
    goal = Hex(1, 0)
    result = shortest_path(ORIGIN, goal, bounded(3, river({Hexside(ORIGIN, goal)}, None)), 1.0)
    assert result is not None
    path, total = result
    assert total == 2.0
    assert len(path) == 3
    assert (path[0], path[-1]) == (ORIGIN, goal)


def test_costly_river_crossing_loses_to_a_detour() -> None:
    goal = Hex(1, 0)
    result = shortest_path(ORIGIN, goal, bounded(3, river({Hexside(ORIGIN, goal)}, 2.0)), 1.0)
    assert result is not None
    assert result[1] == 2.0
    assert len(result[0]) == 3


def test_cheap_river_crossing_is_taken() -> None:
    goal = Hex(1, 0)
    result = shortest_path(ORIGIN, goal, bounded(3, river({Hexside(ORIGIN, goal)}, 0.5)), 1.0)
    assert result == ([ORIGIN, goal], 1.5)


def test_long_river_is_crossed_at_its_bridge() -> None:
    """A river along the whole seam between columns 0 and 1, bridged only at r = -2."""
    seam = {Hexside(Hex(0, r), Hex(1, r)) for r in range(-5, 6)}
    seam |= {Hexside(Hex(0, r), Hex(1, r - 1)) for r in range(-5, 6)}
    bridge = Hexside(Hex(0, -2), Hex(1, -2))
    cost = bounded(5, river(seam - {bridge}, None))
    result = shortest_path(Hex(0, 2), Hex(1, 2), cost, 1.0)
    assert result is not None
    path, total = result
    crossings = [Hexside(a, b) for a, b in itertools.pairwise(path) if a.q != b.q]
    assert crossings == [bridge]
    assert total == len(path) - 1


def test_step_cost_adds_entry_and_crossing_costs() -> None:
    cost = step_cost(lambda h: 2.0, lambda a, b: 0.5)
    assert cost(ORIGIN, Hex(0, 1)) == 2.5


def test_step_cost_defaults_to_one_per_hex_and_free_crossing() -> None:
    assert step_cost()(ORIGIN, Hex(0, 1)) == 1.0


@pytest.mark.parametrize(
    ("hex_cost", "side_cost"), [(None, 0.0), (math.inf, 0.0), (1.0, None), (1.0, math.inf)]
)
def test_step_cost_is_impassable_when_either_part_is(
    hex_cost: float | None, side_cost: float | None
) -> None:
    cost = step_cost(lambda h: hex_cost, lambda a, b: side_cost)
    assert cost(ORIGIN, Hex(0, 1)) is None


# -- shortest_path --------------------------------------------------------------------------


def test_path_to_itself_is_one_hex_costing_nothing() -> None:
    assert shortest_path(ORIGIN, ORIGIN, bounded(2)) == ([ORIGIN], 0.0)


def test_straight_path_down_a_column() -> None:
    assert shortest_path(ORIGIN, Hex(0, 3), bounded(5), 1.0) == (
        [Hex(0, 0), Hex(0, 1), Hex(0, 2), Hex(0, 3)],
        3.0,
    )


def test_unreachable_goal_gives_none() -> None:
    moat = set(hex_range(Hex(3, 0), 1)) - {Hex(3, 0)}
    cost = bounded(5, lambda a, b: None if b in moat else 1.0)
    assert shortest_path(ORIGIN, Hex(3, 0), cost, 1.0) is None


def test_max_cost_bounds_the_search() -> None:
    assert shortest_path(ORIGIN, Hex(0, 4), bounded(9), 1.0, max_cost=3.0) is None
    assert shortest_path(ORIGIN, Hex(0, 3), bounded(9), 1.0, max_cost=3.0) is not None


def test_negative_heuristic_scale_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="heuristic_scale"):
        shortest_path(ORIGIN, Hex(0, 1), bounded(2), -1.0)


def test_ties_resolve_the_same_way_every_time() -> None:
    """Many equal-cost paths lead to (3, 0); the choice is fixed by the heap key."""
    runs = {
        tuple(r[0]) for r in (shortest_path(ORIGIN, Hex(3, 0), bounded(5)) for _ in range(5)) if r
    }
    assert len(runs) == 1


def test_ties_prefer_the_path_queued_first() -> None:
    """Around an impassable hexside both detours cost 2; the one through the neighbour
    queued first in Direction order (S before NE) wins."""
    goal = Hex(1, 0)
    result = shortest_path(ORIGIN, goal, bounded(3, river({Hexside(ORIGIN, goal)}, None)), 1.0)
    assert result is not None
    assert result[0] == [ORIGIN, Hex(0, 1), goal]


# -- A* equals Dijkstra ---------------------------------------------------------------------

RADIUS = 4
BOARD = hex_range(ORIGIN, RADIUS)
terrain = st.lists(
    st.one_of(st.none(), st.sampled_from([1.0, 1.5, 2.0, 3.0])),
    min_size=len(BOARD),
    max_size=len(BOARD),
)


def terrain_cost(costs: list[float | None]) -> CostFn:
    table = dict(zip(BOARD, costs, strict=True))
    return step_cost(lambda h: table.get(h))


@settings(max_examples=60, deadline=None)
@given(terrain, st.sampled_from(BOARD), st.sampled_from(BOARD))
def test_astar_cost_equals_dijkstra_on_random_maps(
    costs: list[float | None], start: Hex, goal: Hex
) -> None:
    cost = terrain_cost(costs)
    reach = reachable(start, math.inf, cost)
    result = shortest_path(start, goal, cost, 1.0)
    if goal not in reach:
        assert result is None
        return
    assert result is not None
    path, total = result
    assert total == pytest.approx(reach[goal])
    assert path_cost(path, cost) == pytest.approx(total)
    assert (path[0], path[-1]) == (start, goal)


def test_path_cost_refuses_jumps() -> None:
    assert path_cost([ORIGIN, Hex(0, 2)], bounded(3)) is None
    assert path_cost([ORIGIN, Hex(0, 1), Hex(0, 2)], bounded(3)) == 2.0
