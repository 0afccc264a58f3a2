"""Piecewise-affine functions (seed 000 §5.4 pafgen, paf) and pro-rated 2-D tables."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwar.core.errors import InvalidInputError
from hexwar.core.tables import PiecewiseAffine, ProRatedTable, paf, pafgen

X = [1.0, 2.0, 4.0]
Y = [10.0, 20.0, 0.0]


def test_pafgen_is_y1_at_or_below_x1_seed000_s5_4() -> None:
    assert pafgen(1.0, Y, X) == 10.0
    assert pafgen(-5.0, Y, X) == 10.0


def test_pafgen_is_yn_at_or_above_xn_seed000_s5_4() -> None:
    assert pafgen(4.0, Y, X) == 0.0
    assert pafgen(99.0, Y, X) == 0.0


def test_pafgen_interpolates_between_i1_and_i2_seed000_s5_4() -> None:
    assert pafgen(1.5, Y, X) == pytest.approx(15.0)
    assert pafgen(3.0, Y, X) == pytest.approx(10.0)
    assert pafgen(2.0, Y, X) == pytest.approx(20.0)  # a listed point: i1 is that point


def test_pafgen_repeated_abscissa_jumps_at_the_last_point_seed000_s5_4() -> None:
    # i1 = max{i: x(i) <= w}: at w = 2 the later of the two points at 2 applies.
    x, y = [0.0, 2.0, 2.0, 4.0], [0.0, 1.0, 5.0, 5.0]
    assert pafgen(2.0, y, x) == 5.0
    assert pafgen(1.0, y, x) == pytest.approx(0.5)


def test_paf_prepends_value_at_zero_seed000_s5_4() -> None:
    assert paf(0.0, 3.0, [7.0], [2.0]) == 3.0
    assert paf(1.0, 3.0, [7.0], [2.0]) == pytest.approx(5.0)
    assert paf(10.0, 3.0, [7.0], [2.0]) == 7.0


def test_piecewise_affine_rejects_decreasing_points() -> None:
    with pytest.raises(InvalidInputError, match=r"x\[2\]"):
        PiecewiseAffine((0.0, 2.0, 1.0), (0.0, 1.0, 2.0))


@given(
    st.lists(st.floats(-100, 100), min_size=1, max_size=6),
    st.lists(st.floats(-100, 100), min_size=6, max_size=6),
    st.floats(-200, 200),
)
def test_pafgen_stays_within_the_listed_values(xs: list[float], ys: list[float], w: float) -> None:
    xs = sorted(xs)
    ys = ys[: len(xs)]
    value = pafgen(w, ys, xs)
    assert min(ys) - 1e-9 <= value <= max(ys) + 1e-9


CRT = ProRatedTable(
    "crt",
    keys=(1.0, 2.0, 3.0),
    columns=("loss",),
    rows=((0.1,), (0.3,), (0.6,)),
)


def test_pro_rating_between_two_rows_seed002_crt_example() -> None:
    # Seed 002: 11 vs 4 is 2.75:1, between the 2:1 and 3:1 rows, three quarters of the way.
    row = CRT.lookup(11 / 4)
    assert row.lower == 2.0
    assert row.upper == 3.0
    assert row.weight == pytest.approx(0.75)
    assert row.values["loss"] == pytest.approx(0.3 + 0.75 * 0.3)


def test_pro_rating_clamps_beyond_the_first_and_last_rows() -> None:
    assert CRT.lookup(0.2).values["loss"] == 0.1
    assert CRT.lookup(9.0).values["loss"] == 0.6


def test_table_reports_every_shape_problem_at_once() -> None:
    with pytest.raises(InvalidInputError) as info:
        ProRatedTable("bad", keys=(2.0, 1.0), columns=("a", "b"), rows=((1.0,), (1.0, 2.0)))
    messages = [str(p) for p in info.value.problems]
    assert any("rows[0]" in m for m in messages)
    assert any("keys[1]" in m for m in messages)
