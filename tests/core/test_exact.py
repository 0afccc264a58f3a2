"""hexwar.core.exact: arithmetic whose bits cannot depend on the CPU (DESIGN.md, "no float
result that depends on the machine"). Values are checked against exact rational arithmetic or
hand-worked matrices, not against numpy's BLAS results."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexwar.core import exact

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)


@given(st.lists(st.tuples(finite, finite), min_size=1, max_size=30))
def test_dot_is_the_correctly_rounded_sum_of_the_rounded_products(pairs: list) -> None:
    a = [p for p, _ in pairs]
    b = [q for _, q in pairs]
    products = [Fraction(p * q) for p, q in pairs]  # each product rounded once, as numpy does
    assert exact.dot(a, b) == float(sum(products, Fraction(0)))


@given(st.lists(st.tuples(finite, finite), min_size=2, max_size=12), st.randoms())
def test_dot_does_not_depend_on_the_order_of_the_terms(pairs: list, rnd) -> None:
    shuffled = list(pairs)
    rnd.shuffle(shuffled)
    first = exact.dot([p for p, _ in pairs], [q for _, q in pairs])
    second = exact.dot([p for p, _ in shuffled], [q for _, q in shuffled])
    assert first == second


def test_matvec_and_vecmat_by_hand() -> None:
    m = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    assert exact.matvec(m, [1.0, 0.5, -1.0]).tolist() == [-1.0, 0.5]
    assert exact.vecmat([1.0, -1.0], m).tolist() == [-3.0, -3.0, -3.0]


def test_solve_by_hand_with_a_pivot() -> None:
    # 0x + 2y = 4, 3x + y = 5  ->  y = 2, x = 1 (the zero pivot forces a row exchange)
    assert exact.solve([[0.0, 2.0], [3.0, 1.0]], [4.0, 5.0]).tolist() == [1.0, 2.0]
    with pytest.raises(ValueError, match="singular"):
        exact.solve([[1.0, 2.0], [2.0, 4.0]], [1.0, 1.0])


def test_perron_of_a_bipartite_block() -> None:
    """K = [[0, 2], [8, 0]]: rho = sqrt(2 * 8) = 4, x = (1, 2), y = (2, 1) up to scale; the
    -4 eigenvalue of a bipartite block is what the shifted iteration must not oscillate on."""
    rho, x, y = exact.perron([[0.0, 2.0], [8.0, 0.0]])
    assert rho == pytest.approx(4.0, rel=1e-14)
    assert x[1] / x[0] == pytest.approx(2.0, rel=1e-13)
    assert y[0] / y[1] == pytest.approx(2.0, rel=1e-13)
    assert exact.dot(y, x) == pytest.approx(1.0, rel=1e-14)


def test_perron_of_a_primitive_block() -> None:
    """[[2, 1], [1, 2]]: rho = 3 with x = y = (1, 1) / sqrt 2 after y . x = 1."""
    rho, x, y = exact.perron([[2.0, 1.0], [1.0, 2.0]])
    assert rho == pytest.approx(3.0, rel=1e-14)
    assert x[0] == pytest.approx(x[1], rel=1e-14)
    assert x[0] * y[0] * 2 == pytest.approx(1.0, rel=1e-14)


@given(st.floats(min_value=0.0, max_value=2.0), st.integers(min_value=0, max_value=40))
def test_ipow_is_repeated_multiplication(x: float, n: int) -> None:
    expected = 1.0
    base, k = x, n
    while k:  # the same squaring order, written out
        if k & 1:
            expected *= base
        k >>= 1
        if k:
            base *= base
    assert float(exact.ipow(x, n)) == expected
    assert float(exact.ipow(x, n)) == pytest.approx(x**n, rel=1e-13)


@given(st.floats(min_value=-700.0, max_value=700.0))
def test_exp_within_two_ulps(x: float) -> None:
    assert abs(exact.exp(x) - math.exp(x)) <= 2 * math.ulp(math.exp(x))


@given(st.floats(min_value=1e-300, max_value=1e300))
def test_log_within_three_ulps(x: float) -> None:
    assert abs(exact.log(x) - math.log(x)) <= 3 * max(math.ulp(math.log(x)), 5e-324)


def test_log10_and_log2_are_exact_on_powers() -> None:
    assert [exact.log10(10.0**k) for k in range(23)] == [float(k) for k in range(23)]
    assert [exact.log2(2.0**k) for k in range(-60, 61)] == [float(k) for k in range(-60, 61)]


def test_pow_special_cases_and_accuracy() -> None:
    assert exact.pow(2.0, 10) == 1024.0
    assert exact.pow(-2.0, 3) == -8.0
    assert exact.pow(2.0, -2) == 0.25
    assert exact.pow(0.0, 0.5) == 0.0
    assert exact.pow(5.0, 0.0) == 1.0
    assert exact.pow(27.0, 1 / 3) == pytest.approx(3.0, rel=1e-15)
    assert exact.pow(0.75, 0.25) == pytest.approx(0.75**0.25, rel=1e-15)
    with pytest.raises(ValueError, match="domain"):
        exact.pow(-8.0, 1 / 3)
    with pytest.raises(ValueError, match="domain"):
        exact.log(0.0)
    with pytest.raises(OverflowError):
        exact.exp(1000.0)


nonnegative = st.floats(min_value=0.0, max_value=1e30, allow_nan=False, allow_infinity=False)


@given(st.lists(st.lists(nonnegative, min_size=1, max_size=20), min_size=1, max_size=8))
def test_row_sums_of_nonnegative_terms_are_fsums(rows: list) -> None:
    width = max(len(r) for r in rows)
    terms = np.array([r + [0.0] * (width - len(r)) for r in rows], dtype=np.float64)
    expected = [math.fsum(r) for r in terms.tolist()]
    assert exact._row_fsums_nonnegative(terms).tolist() == expected


@given(
    st.floats(min_value=1.0, max_value=2.0),
    st.integers(min_value=-80, max_value=-40),
    st.lists(st.integers(min_value=-3, max_value=3), min_size=1, max_size=14),
)
def test_row_sums_near_halfway_between_doubles_are_fsums(base: float, e: int, ks: list) -> None:
    """Terms that put the exact sum at, or within a few units of the wide format of, the
    halfway point between two doubles: the certified sum must give up and match fsum."""
    half = math.ulp(base) / 2
    row = [base, half] + [max(k * 2.0**e, 0.0) for k in ks]
    row += [max(-k * 2.0**e, 0.0) * 0.5 for k in ks]
    terms = np.array([row, row[::-1], [0.0] * len(row), [-0.0] * len(row)])
    expected = [math.fsum(r) for r in terms.tolist()]
    got = exact._row_fsums_nonnegative(terms)
    assert got.tolist() == expected
    assert [math.copysign(1.0, v) for v in got.tolist()] == [
        math.copysign(1.0, v) for v in expected
    ]


@given(
    st.floats(min_value=1.0, max_value=2.0),
    st.integers(min_value=-80, max_value=-40),
    st.lists(st.integers(min_value=-3, max_value=3), min_size=1, max_size=14),
)
@settings(max_examples=30, deadline=None)
def test_many_rows_summed_by_columns_are_fsums(base: float, e: int, ks: list) -> None:
    """Many rows (the squares of exact.perron_many) summed together: the same certified
    sums, fsum's bits, near halfway points and zeros of either sign too."""
    half = math.ulp(base) / 2
    row = [base, half] + [max(k * 2.0**e, 0.0) for k in ks]
    row += [max(-k * 2.0**e, 0.0) * 0.5 for k in ks]
    rng = np.random.default_rng(len(ks))
    scaled = [(np.array(row) * rng.uniform(0.5, 2.0)).tolist() for _ in range(8)]
    rows = [row, row[::-1], [0.0] * len(row), [-0.0] * len(row), *scaled]
    terms = np.array(rows * (1024 // len(rows) + 1))
    expected = [math.fsum(r) for r in terms.tolist()]
    got = exact._row_fsums_nonnegative(terms)
    assert got.tobytes() == np.array(expected).tobytes()


@given(
    st.floats(min_value=1.0, max_value=2.0),
    st.integers(min_value=-80, max_value=-40),
    st.lists(st.integers(min_value=-3, max_value=3), min_size=1, max_size=14),
)
def test_row_sums_by_two_sums_near_halfway_between_doubles_are_fsums(
    base: float, e: int, ks: list
) -> None:
    """The exact additions of doubles (taken from exact._TWO_SUMS_FROM rows), called on a
    few rows: at and near halfway points they give up and match fsum, zeros of either sign
    sum to +0.0."""
    half = math.ulp(base) / 2
    row = [base, half] + [max(k * 2.0**e, 0.0) for k in ks]
    row += [max(-k * 2.0**e, 0.0) * 0.5 for k in ks]
    tie = [half, base] + [0.0] * (len(row) - 2)
    terms = np.array([row, row[::-1], [0.0] * len(row), [-0.0] * len(row), tie])
    expected = [math.fsum(r) for r in terms.tolist()]
    got = exact._row_fsums_by_two_sums(terms)
    assert got.tobytes() == np.array(expected).tobytes()


@pytest.mark.parametrize("seed", range(4))
def test_row_sums_by_two_sums_of_any_magnitudes_are_fsums(seed: int) -> None:
    """Rows of 1 to 40 terms from subnormal to 2**1000 and zeros of either sign: fsum's bits
    (rows too small or too large to certify are fsum's own)."""
    rng = np.random.default_rng(seed)
    for n in (1, 2, 3, 8, 13, 40):
        terms = rng.random((300, n)) * 2.0 ** rng.integers(-1074, 1000, (300, n)).astype(float)
        terms[rng.random((300, n)) < 0.2] = 0.0
        terms[rng.random((300, n)) < 0.1] = -0.0
        terms[:100] = rng.random((100, n)) * 2.0 ** rng.integers(-30, 30, (100, n))
        expected = np.array([math.fsum(r) for r in terms.tolist()])
        assert exact._row_fsums_by_two_sums(terms).tobytes() == expected.tobytes()


def _perron_by_fsum(block: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """exact.perron with every sum a math.fsum over Python floats (the reference)."""
    b = np.array(block, dtype=np.float64)
    r = max(math.fsum(row) for row in b.tolist())
    size = len(b)
    p = np.eye(size) + b / r
    for _ in range(exact.SQUARINGS):
        products = (p[:, None, :] * p.T[None, :, :]).reshape(size * size, size)
        sums = np.array([math.fsum(row) for row in products.tolist()])
        nxt = (sums / sums.max()).reshape(size, size)
        change = float(np.abs(nxt - p).max())
        p = nxt
        if change <= 4.0 * 2.0**-52:
            break
    x = np.array([math.fsum(row) for row in p.tolist()])
    y = np.array([math.fsum(col) for col in p.T.tolist()])
    x, y = x / x.max(), y / y.max()
    rho = math.fsum(exact.matvec(b, x).tolist()) / math.fsum(x.tolist())
    return rho, x, y / exact.dot(y, x)


@pytest.mark.parametrize("seed", range(40))
def test_perron_has_the_bits_of_fsum_over_python_floats(seed: int) -> None:
    rng = np.random.default_rng(seed)
    size = int(rng.integers(2, 12))
    block = rng.random((size, size)) * 10.0 ** rng.integers(-6, 6, (size, size))
    block[rng.random((size, size)) < 0.3] = 0.0
    if seed % 2:  # bipartite, as the weapon values' K
        m = size // 2
        block[:m, :m] = 0.0
        block[m:, m:] = 0.0
    block += np.eye(size, k=1) + np.eye(size, k=1 - size)  # a cycle: irreducible
    rho, x, y = exact.perron(block)
    want_rho, want_x, want_y = _perron_by_fsum(block)
    assert rho == want_rho
    assert x.tobytes() == want_x.tobytes()
    assert y.tobytes() == want_y.tobytes()


def _same_perron(got: tuple[float, np.ndarray, np.ndarray], block: np.ndarray) -> None:
    rho, x, y = exact.perron(block)
    assert got[0] == rho
    assert type(got[0]) is float
    assert got[1].tobytes() == x.tobytes()
    assert got[2].tobytes() == y.tobytes()


def _random_block(rng: np.random.Generator, size: int, bipartite: bool) -> np.ndarray:
    block = rng.random((size, size)) * 10.0 ** rng.integers(-6, 6, (size, size))
    block[rng.random((size, size)) < 0.3] = 0.0
    if bipartite:
        m = size // 2
        block[:m, :m] = 0.0
        block[m:, m:] = 0.0
    return block + np.eye(size, k=1) + np.eye(size, k=1 - size)


@pytest.mark.parametrize("seed", range(20))
def test_perron_many_has_the_bits_of_perron_block_by_block(seed: int) -> None:
    rng = np.random.default_rng(seed)
    size = int(rng.integers(2, 11))
    count = int(rng.integers(1, 30))
    blocks = np.stack([_random_block(rng, size, k % 2 == 1) for k in range(count)])
    # A near tie (the powers settle late), copies and scaled copies.
    blocks[0] = np.ones((size, size)) + np.eye(size, k=1) * 1e-12
    if len(blocks) > 3:
        blocks[1] = blocks[2]
        blocks[3] = blocks[2] * 3.0
    found = exact.perron_many(blocks)
    assert len(found) == len(blocks)
    for got, block in zip(found, blocks, strict=True):
        assert got is not None
        _same_perron(got, block)


@pytest.mark.parametrize("seed", range(3))
def test_perron_many_of_a_theaters_frame_has_the_bits_of_perron(seed: int) -> None:
    """Many blocks, as a theater's frame has (60 of 8 x 8 and of 5 x 5): each squaring's
    sums are taken by k (exact._TWO_SUMS_FROM entries and more) while enough blocks go on,
    then as for few; every block gets perron's bits."""
    rng = np.random.default_rng(100 + seed)
    for size in (8, 5):
        blocks = np.stack([_random_block(rng, size, k % 3 != 0) for k in range(60)])
        blocks[0] = np.ones((size, size)) + np.eye(size, k=1) * 1e-12  # settles late
        assert 60 * size * size >= exact._TWO_SUMS_FROM
        for got, block in zip(exact.perron_many(blocks), blocks, strict=True):
            assert got is not None
            _same_perron(got, block)


def test_perron_many_leaves_to_perron_what_it_does_not_take() -> None:
    size = 4
    cycle = np.eye(size, k=1) + np.eye(size, k=1 - size)
    blocks = np.stack(
        [
            cycle * 2.0,  # taken
            np.zeros((size, size)),  # largest row sum 0: perron raises
            cycle * -1.0,  # negative
            np.where(cycle > 0, np.nan, 0.0),  # NaN
            np.where(cycle > 0, np.inf, 0.0),  # inf
            cycle * 2.0**1001,  # too large for the certified sums
            np.diag([0.0, 1.0, 0.0, 0.0]),  # reducible, with zero rows: perron's answer
        ]
    )
    found = exact.perron_many(blocks)
    assert found[0] is not None
    _same_perron(found[0], blocks[0])
    assert found[1:6] == [None] * 5
    assert found[6] is not None
    _same_perron(found[6], blocks[6])
    with pytest.raises(ZeroDivisionError):
        exact.perron(blocks[1])
    assert exact.perron_many(np.ones((3, 1, 1))) == [None] * 3
    assert exact.perron_many(np.zeros((0, 3, 3))) == []
    with pytest.raises(ValueError, match="square blocks"):
        exact.perron_many(np.ones((2, 3)))


def test_perron_many_with_fsum_fallbacks_and_ties() -> None:
    # Entries whose square sums fall near halfway between doubles, and blocks of ties (every
    # entry the same), some of them zero: each row's fallback to fsum is decided alone.
    rng = np.random.default_rng(7)
    size = 6
    blocks = []
    for k in range(40):
        b = np.full((size, size), 1.0 + k * 2.0**-50)
        b[rng.random((size, size)) < 0.2 * (k % 3)] = 0.0
        b += np.eye(size, k=1) + np.eye(size, k=1 - size)
        blocks.append(b)
    stack = np.stack(blocks)
    for got, block in zip(exact.perron_many(stack), stack, strict=True):
        assert got is not None
        _same_perron(got, block)


@pytest.mark.parametrize("seed", range(3))
def test_matvec_many_has_the_bits_of_matvec_row_by_row(seed: int) -> None:
    """exact.matvec_many(m, vs) is exact.matvec(m, v) for each row v of vs: nonnegative
    products (the certified sums, few rows and many), negative ones (fsum's), zeros of
    either sign, and a matrix without columns."""
    rng = np.random.default_rng(seed)
    for count, rows, columns, signed in ((5, 3, 8, False), (400, 4, 28, False), (30, 2, 5, True)):
        m = rng.random((rows, columns)) * 2.0 ** rng.integers(-40, 40, (rows, columns))
        vs = rng.random((count, columns)) * 2.0 ** rng.integers(-40, 40, (count, columns))
        vs[rng.random((count, columns)) < 0.2] = -0.0
        if signed:
            m[rng.random((rows, columns)) < 0.5] *= -1.0
        got = exact.matvec_many(m, vs)
        assert got.shape == (count, rows)
        for v, row in zip(vs, got, strict=True):
            assert row.tobytes() == exact.matvec(m, v).tobytes()
    assert exact.matvec_many(np.zeros((3, 0)), np.zeros((2, 0))).tobytes() == bytes(48)
