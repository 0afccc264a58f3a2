"""Axial hex geometry: value type, directions, distances, rings, lines, offsets, numpy, pixels."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwar.core.errors import HexwarError, InvalidInputError
from hexwar.core.hexes import (
    Direction,
    Hex,
    OffsetKind,
    distance,
    distance_matrix,
    distances,
    from_doubled_height,
    from_doubled_width,
    from_offset,
    from_pixel,
    hex_corners,
    hex_range,
    hexes_to_array,
    hexside_ambiguous,
    line,
    line_both,
    ring,
    spiral,
    to_doubled_height,
    to_doubled_width,
    to_offset,
    to_pixel,
)
from tests.core.helpers import lerp_line_both

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
ORIGIN = Hex(0, 0)


# -- the value type ----------------------------------------------------------------------


@given(hexes)
def test_str_round_trips(h: Hex) -> None:
    assert Hex.from_str(str(h)) == h


@given(hexes)
def test_repr_pastes_back(h: Hex) -> None:
    assert eval(repr(h)) == h


def test_str_notation_is_q_comma_r() -> None:
    assert str(Hex(3, -2)) == "3,-2"
    assert repr(Hex(3, -2)) == "Hex(3, -2)"


def test_from_str_allows_blanks() -> None:
    assert Hex.from_str(" 3 , -2 ") == Hex(3, -2)


@pytest.mark.parametrize("text", ["", "3", "3,", "a,b", "3;-2", "1.5,2", "1,2,3"])
def test_from_str_rejects_bad_text_quoting_it(text: str) -> None:
    with pytest.raises(InvalidInputError, match="bad hex") as info:
        Hex.from_str(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, HexwarError)


@given(hexes)
def test_cube_coordinates_sum_to_zero(h: Hex) -> None:
    assert h.q + h.r + h.s == 0


def test_hexes_are_ordered_by_q_then_r() -> None:
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]


def test_hexes_are_hashable_values() -> None:
    assert len({Hex(1, 2), Hex(1, 2), Hex(2, 1)}) == 2


def test_hexes_are_frozen() -> None:
    h = Hex(1, 2)
    with pytest.raises(AttributeError):
        h.q = 5  # type: ignore[misc]


@given(hexes, hexes)
def test_addition_and_subtraction_invert(a: Hex, b: Hex) -> None:
    assert (a + b) - b == a


@given(hexes, st.integers(min_value=-5, max_value=5))
def test_scalar_multiplication_scales_distance(h: Hex, k: int) -> None:
    assert distance(ORIGIN, h * k) == abs(k) * distance(ORIGIN, h)
    assert k * h == h * k


# -- directions ----------------------------------------------------------------------------


def test_direction_deltas_are_flat_top_axial() -> None:
    expected = {
        Direction.N: (0, -1),
        Direction.S: (0, 1),
        Direction.NE: (1, -1),
        Direction.SE: (1, 0),
        Direction.NW: (-1, 0),
        Direction.SW: (-1, 1),
    }
    assert {d: d.delta for d in Direction} == expected


def test_direction_codes_follow_legacy_keys_seed003_key_codes() -> None:
    """'1=hex to upper left, 2=hex to lower left, 3=hex above, 4=hex below, 5=hex to upper
    right, 6=hex to lower right' (seed 003), the same as IDAHEX's rim order (seed 000, §5.3)."""
    assert [d.code for d in Direction] == [1, 2, 3, 4, 5, 6]
    assert [d.name for d in Direction] == ["NW", "SW", "N", "S", "NE", "SE"]


@pytest.mark.parametrize(
    ("direction", "x_sign", "y_sign"),
    [
        (Direction.NW, -1, -1),
        (Direction.SW, -1, 1),
        (Direction.N, 0, -1),
        (Direction.S, 0, 1),
        (Direction.NE, 1, -1),
        (Direction.SE, 1, 1),
    ],
)
def test_direction_names_match_the_screen_seed003_key_codes(
    direction: Direction, x_sign: int, y_sign: int
) -> None:
    x, y = to_pixel(ORIGIN.neighbor(direction), 1.0)
    assert (round(np.sign(x)), round(np.sign(y))) == (x_sign, y_sign)


def test_opposite_directions_have_codes_summing_to_seven() -> None:
    for d in Direction:
        assert d.opposite.code == 7 - d.code
        assert ORIGIN.neighbor(d).neighbor(d.opposite) == ORIGIN


def test_from_code_rejects_codes_outside_one_to_six() -> None:
    assert Direction.from_code(3) is Direction.N
    with pytest.raises(InvalidInputError, match=r"1\.\.6"):
        Direction.from_code(7)


@given(hexes)
def test_neighbors_come_in_direction_order(h: Hex) -> None:
    assert h.neighbors() == [h.neighbor(d) for d in Direction]


@given(hexes)
def test_direction_to_names_each_neighbor(h: Hex) -> None:
    for d in Direction:
        assert h.direction_to(h.neighbor(d)) is d
    assert h.direction_to(h) is None
    assert h.direction_to(h + Hex(2, 0)) is None


# -- distances, ranges, rings --------------------------------------------------------------


@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a) == a.distance(b)


@given(hexes, hexes, hexes)
def test_distance_obeys_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, hexes)
def test_distance_is_max_of_cube_differences(a: Hex, b: Hex) -> None:
    assert distance(a, b) == max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


@given(hexes)
def test_neighbors_are_at_distance_one(h: Hex) -> None:
    assert [distance(h, n) for n in h.neighbors()] == [1] * 6


@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_hex_range_holds_every_hex_within_n_sorted(n: int) -> None:
    got = hex_range(Hex(2, -1), n)
    assert len(got) == 3 * n * n + 3 * n + 1
    assert got == sorted(got)
    brute = [h for h in hex_range(Hex(2, -1), n + 2) if distance(h, Hex(2, -1)) <= n]
    assert got == brute


def test_hex_range_of_negative_radius_is_empty() -> None:
    assert hex_range(ORIGIN, -1) == []


@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_ring_holds_six_n_hexes_at_distance_n(n: int) -> None:
    got = ring(Hex(1, 1), n)
    assert len(got) == len(set(got)) == 6 * n
    assert all(distance(h, Hex(1, 1)) == n for h in got)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_ring_starts_above_and_walks_clockwise(n: int) -> None:
    got = ring(ORIGIN, n)
    assert got[0] == Hex(0, -n)
    assert got[1] == Hex(0, -n).neighbor(Direction.SE)
    ring_closed = [*got, got[0]]
    assert all(distance(a, b) == 1 for a, b in itertools.pairwise(ring_closed))


def test_ring_of_radius_zero_is_the_center() -> None:
    assert ring(Hex(4, 4), 0) == [Hex(4, 4)]
    assert ring(Hex(4, 4), -1) == []


def test_spiral_is_center_then_rings_outwards() -> None:
    got = spiral(Hex(1, -3), 3)
    assert got[0] == Hex(1, -3)
    assert got[1:7] == ring(Hex(1, -3), 1)
    assert sorted(got) == hex_range(Hex(1, -3), 3)
    assert [distance(h, Hex(1, -3)) for h in got] == sorted(distance(h, Hex(1, -3)) for h in got)


# -- lines ----------------------------------------------------------------------------------


@given(hexes, hexes)
def test_line_runs_from_a_to_b_through_adjacent_hexes(a: Hex, b: Hex) -> None:
    got = line(a, b)
    assert len(got) == distance(a, b) + 1
    assert got[0] == a
    assert got[-1] == b
    assert all(distance(x, y) == 1 for x, y in itertools.pairwise(got))


@given(hexes, hexes)
def test_line_both_gives_two_valid_lines(a: Hex, b: Hex) -> None:
    plus, minus = line_both(a, b)
    assert plus == line(a, b)
    for got in (plus, minus):
        assert len(got) == distance(a, b) + 1
        assert (got[0], got[-1]) == (a, b)
        assert all(distance(x, y) == 1 for x, y in itertools.pairwise(got))


def test_line_along_a_hexside_has_two_candidates() -> None:
    plus, minus = line_both(ORIGIN, Hex(1, 1))
    assert {plus[1], minus[1]} == {Hex(0, 1), Hex(1, 0)}
    assert hexside_ambiguous(ORIGIN, Hex(1, 1))


def test_line_down_a_column_is_unambiguous() -> None:
    plus, minus = line_both(ORIGIN, Hex(0, 4))
    assert plus == minus == [Hex(0, r) for r in range(5)]
    assert not hexside_ambiguous(ORIGIN, Hex(0, 4))


def test_line_to_itself_is_one_hex() -> None:
    assert line(Hex(2, 2), Hex(2, 2)) == [Hex(2, 2)]


@given(hexes, hexes)
def test_lines_agree_except_where_a_hexside_is_followed(a: Hex, b: Hex) -> None:
    plus, minus = line_both(a, b)
    for x, y in zip(plus, minus, strict=True):
        assert x == y or distance(x, y) == 1


@given(hexes, hexes, hexes)
def test_a_line_moved_is_the_line_between_the_moved_hexes(a: Hex, b: Hex, h: Hex) -> None:
    """Lines are kept by ``b - a`` alone: the same steps wherever they start."""
    plus, minus = line_both(a, b)
    assert line_both(a + h, b + h) == ([x + h for x in plus], [x + h for x in minus])
    assert hexside_ambiguous(a + h, b + h) == hexside_ambiguous(a, b)


def test_lines_are_the_float_lerp_on_every_pair_of_a_21_by_15_map() -> None:
    """The integer lines are the float lerp's they replaced, hex for hex, on every ordered
    pair of a 21 x 15 odd-q map: Aggressor's (seed 003, MAP BOARD; its Recon line), and
    around both bundled tactical boards (seed 002, line of sight; 16 x 10 and 14 x 10)."""
    cells = [from_offset(col, row, OffsetKind.ODD_Q) for col in range(21) for row in range(15)]
    wrong = [(a, b) for a in cells for b in cells if line_both(a, b) != lerp_line_both(a, b)]
    assert wrong == []
    assert all(
        hexside_ambiguous(a, b) == (line(a, b) != line_both(a, b)[1])
        for a in cells[::7]
        for b in cells
    )


@given(hexes, hexes)
def test_lines_are_the_float_lerp_within_the_largest_maps(a: Hex, b: Hex) -> None:
    """The largest tactical map is 60 x 60 (seed 002 scenarios, map.columns and map.rows)."""
    assert line_both(a, b) == lerp_line_both(a, b)


@given(
    st.builds(Hex, st.integers(-(10**5), 10**5), st.integers(-(10**5), 10**5)),
    st.builds(Hex, st.integers(-200, 200), st.integers(-200, 200)),
)
def test_lines_are_the_float_lerp_far_from_the_origin(a: Hex, d: Hex) -> None:
    assert line_both(a, a + d) == lerp_line_both(a, a + d)


# -- offsets --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(OffsetKind))
@given(h=hexes)
def test_offset_round_trips_for_every_kind(kind: OffsetKind, h: Hex) -> None:
    assert from_offset(*to_offset(h, kind), kind) == h


@pytest.mark.parametrize("kind", [k for k in OffsetKind if not k.name.startswith("DOUBLED")])
@given(col=coords, row=coords)
def test_offset_kinds_cover_every_col_row(kind: OffsetKind, col: int, row: int) -> None:
    assert to_offset(from_offset(col, row, kind), kind) == (col, row)


def test_odd_q_shoves_odd_columns_down() -> None:
    """Red Blob Games odd-q: in offset row 0, column 1 hangs half a hex below columns 0, 2."""
    y0 = to_pixel(from_offset(0, 0, OffsetKind.ODD_Q), 1.0)[1]
    y1 = to_pixel(from_offset(1, 0, OffsetKind.ODD_Q), 1.0)[1]
    y2 = to_pixel(from_offset(2, 0, OffsetKind.ODD_Q), 1.0)[1]
    assert y0 == pytest.approx(y2)
    assert y1 == pytest.approx(y0 + math.sqrt(3) / 2)


def test_even_q_shoves_even_columns_down() -> None:
    y0 = to_pixel(from_offset(0, 0, OffsetKind.EVEN_Q), 1.0)[1]
    y1 = to_pixel(from_offset(1, 0, OffsetKind.EVEN_Q), 1.0)[1]
    assert y0 == pytest.approx(y1 + math.sqrt(3) / 2)


@pytest.mark.parametrize(
    ("kind", "h", "expected"),
    [
        (OffsetKind.ODD_Q, Hex(1, 0), (1, 0)),
        (OffsetKind.ODD_Q, Hex(2, -1), (2, 0)),
        (OffsetKind.EVEN_Q, Hex(1, 0), (1, 1)),
        (OffsetKind.ODD_R, Hex(0, 1), (0, 1)),
        (OffsetKind.ODD_R, Hex(-1, 2), (0, 2)),
        (OffsetKind.EVEN_R, Hex(0, 1), (1, 1)),
        (OffsetKind.DOUBLED_HEIGHT, Hex(1, 0), (1, 1)),
        (OffsetKind.DOUBLED_WIDTH, Hex(0, 1), (1, 1)),
    ],
)
def test_offset_known_values(kind: OffsetKind, h: Hex, expected: tuple[int, int]) -> None:
    assert to_offset(h, kind) == expected


def test_offset_kinds_declare_their_orientation() -> None:
    flat = {k for k in OffsetKind if k.flat_top}
    assert flat == {OffsetKind.ODD_Q, OffsetKind.EVEN_Q, OffsetKind.DOUBLED_HEIGHT}


@given(hexes)
def test_doubled_functions_match_offset_kinds(h: Hex) -> None:
    assert to_doubled_height(h) == to_offset(h, OffsetKind.DOUBLED_HEIGHT)
    assert to_doubled_width(h) == to_offset(h, OffsetKind.DOUBLED_WIDTH)
    assert from_doubled_height(*to_doubled_height(h)) == h
    assert from_doubled_width(*to_doubled_width(h)) == h


def test_doubled_coordinates_need_even_sum() -> None:
    with pytest.raises(InvalidInputError, match="must be even"):
        from_doubled_height(1, 0)
    with pytest.raises(InvalidInputError, match="must be even"):
        from_offset(0, 1, OffsetKind.DOUBLED_WIDTH)


# -- numpy ----------------------------------------------------------------------------------


@given(st.lists(st.tuples(hexes, hexes), min_size=1, max_size=20))
def test_vectorised_distances_match_scalar(pairs: list[tuple[Hex, Hex]]) -> None:
    a = hexes_to_array(p[0] for p in pairs)
    b = hexes_to_array(p[1] for p in pairs)
    assert distances(a, b).tolist() == [distance(x, y) for x, y in pairs]


@given(st.lists(hexes, min_size=1, max_size=8), st.lists(hexes, min_size=1, max_size=8))
def test_distance_matrix_matches_scalar(origins: list[Hex], targets: list[Hex]) -> None:
    got = distance_matrix(hexes_to_array(origins), hexes_to_array(targets))
    assert got.shape == (len(origins), len(targets))
    assert got.tolist() == [[distance(o, t) for t in targets] for o in origins]


def test_distances_broadcast_one_hex_against_many() -> None:
    many = hexes_to_array([Hex(0, 0), Hex(3, -1), Hex(-2, 2)])
    assert distances(many, np.array([1, 0])).tolist() == [1, 2, 3]


def test_hexes_to_array_has_shape_n_by_2() -> None:
    assert hexes_to_array([]).shape == (0, 2)
    assert hexes_to_array([Hex(1, 2)]).tolist() == [[1, 2]]
    assert hexes_to_array([Hex(1, 2)]).dtype == np.int64


def test_distances_reject_arrays_without_q_r_axis() -> None:
    with pytest.raises(InvalidInputError, match="last axis"):
        distances(np.zeros((3, 3)), np.zeros((3, 2)))
    with pytest.raises(InvalidInputError, match="distance_matrix needs"):
        distance_matrix(np.zeros(2), np.zeros((3, 2)))


# -- pixels ---------------------------------------------------------------------------------


@given(hexes)
def test_from_pixel_inverts_to_pixel(h: Hex) -> None:
    assert from_pixel(*to_pixel(h, 7.5), 7.5) == h


def test_adjacent_centres_are_one_depth_apart_seed000_s2_1() -> None:
    """A cell's depth 'equals the distance from a cell's center to any adjacent cell's
    center' (seed 000, §2.1): sqrt(3) times the circumradius for regular hexagons."""
    for n in ORIGIN.neighbors():
        assert math.dist(to_pixel(ORIGIN, 2.0), to_pixel(n, 2.0)) == pytest.approx(
            2.0 * math.sqrt(3)
        )


def test_corners_lie_at_size_from_the_centre_and_flat_top() -> None:
    corners = hex_corners(Hex(2, 1), 3.0)
    centre = to_pixel(Hex(2, 1), 3.0)
    assert len(corners) == 6
    assert all(math.dist(c, centre) == pytest.approx(3.0) for c in corners)
    # Flat top: the two upper corners share one y.
    ys = sorted(c[1] for c in corners)
    assert ys[0] == pytest.approx(ys[1])
