"""Weapon values (seed 000 §5.1.2) and standard values (§5.3).

§5.1.2 gives formulas but no numeric example, so the small cases below are hand computations
written out in their comments. Independent oracles: the Perron eigenvector of ``A D`` from
``scipy.linalg.eig`` for positive matrices, and the iterative procedure of §5.1.2 footnote 2
itself (run to its limit by repeated squaring) for sparse, reducible ones.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.linalg
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from numpy.typing import NDArray

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex import values as values_module
from hexwar.rulesets.idahex.design import File50, load_sinai
from hexwar.rulesets.idahex.values import (
    TIE,
    StandardValues,
    WeaponValues,
    force_ratios,
    nominal_kill_matrices,
    standard_values,
    weapon_values,
    weapon_values_many,
)
from tests.rulesets.idahex.helpers import _problems

Matrix = NDArray[np.float64]


# -- helpers ---------------------------------------------------------------------------------


def assert_equations_hold(a: Matrix, d: Matrix, v: WeaponValues, tol: float = 1e-9) -> None:
    """§5.1.2 equations (1) and (2), each term compared relative to its own size."""
    lhs1, rhs1 = v.alpha * v.va, a @ v.vd
    lhs2, rhs2 = v.delta * v.vd, d @ v.va
    scale = max(1.0, float(np.max(rhs1)), float(np.max(rhs2)))
    assert np.all(np.abs(lhs1 - rhs1) <= tol * (np.abs(lhs1) + np.abs(rhs1)) + 1e-14 * scale)
    assert np.all(np.abs(lhs2 - rhs2) <= tol * (np.abs(lhs2) + np.abs(rhs2)) + 1e-14 * scale)


def direction(v: WeaponValues) -> Matrix:
    z = np.concatenate([v.va, v.vd])
    return z / z.max()


def iterated(a: Matrix, d: Matrix, rho: float | None = None, squarings: int = 50) -> Matrix:
    """The iterative procedure of §5.1.2 footnote 2, written independently: ``z <- B z`` from
    all ones with ``B = (I + K / rho) / 2``, run ``2**squarings`` times by repeated squaring.

    ``rho`` (the spectral radius of ``K``) defaults to scipy's, which is only accurate enough
    when ``K`` has no repeated dominant eigenvalue; pass it when it is known exactly."""
    m, n = a.shape
    k = np.block([[np.zeros((m, m)), a], [d, np.zeros((n, n))]])
    if rho is None:
        rho = float(np.max(np.abs(scipy.linalg.eigvals(k))))
        if rho < 1e-6 * max(float(k.max()), 1e-300):
            rho = max(float(k.max()), 1.0)  # nilpotent K: any shift gives the same limit
    b = (np.eye(m + n) + k / rho) / 2
    for _ in range(squarings):
        b = b @ b
        b /= b.max()
    z = b @ np.ones(m + n)
    return z / z.max()


def first_positive(x: Matrix) -> int:
    return int(np.flatnonzero(x > 0)[0])


kill_rates = st.one_of(st.just(0.0), st.floats(0.01, 100.0))


@st.composite
def kill_matrix_pairs(draw: st.DrawFn, positive: bool = False) -> tuple[Matrix, Matrix]:
    m = draw(st.integers(1, 5))
    n = draw(st.integers(1, 5))
    elements = st.floats(0.01, 100.0) if positive else kill_rates
    a = draw(hnp.arrays(np.float64, (m, n), elements=elements))
    d = draw(hnp.arrays(np.float64, (n, m), elements=elements))
    return a, d


# -- §5.1.2: hand-computed cases -------------------------------------------------------------


def test_5_1_2_weapon_values_2x2_hand_computed() -> None:
    # §5.1.2 eq. (3): AD = [[0,1],[2,1]] @ [[1,0],[1,2]] = [[1,2],[3,2]]; its eigenvalues solve
    # l**2 - 3l - 4 = 0: lambda = 4, so alpha = delta = 2 (iv). (AD - 4) va = 0 gives
    # -3 va(1) + 2 va(2) = 0: va = (1, 1.5) with va(1) = 1. vd = D va / delta = (1, 4) / 2.
    a = np.array([[0.0, 1.0], [2.0, 1.0]])
    d = np.array([[1.0, 0.0], [1.0, 2.0]])
    v = weapon_values(a, d)
    assert v.alpha == pytest.approx(2.0)
    assert v.delta == v.alpha
    np.testing.assert_allclose(v.va, [1.0, 1.5], rtol=1e-12)
    np.testing.assert_allclose(v.vd, [0.5, 2.0], rtol=1e-12)
    # eq. (1) by hand: 2 * 1 = 0 * .5 + 1 * 2 and 2 * 1.5 = 2 * .5 + 1 * 2.
    assert_equations_hold(a, d, v)


def test_5_1_2_weapon_values_3x2_hand_computed() -> None:
    # m = 3 attackers' weapon types, n = 2 defenders'. AD = [[1,2,2],[3,2,3],[4,4,5]];
    # AD (1, 1.5, 2.5) = (9, 13.5, 22.5) = 9 (1, 1.5, 2.5): lambda = 9, alpha = delta = 3.
    # vd = D va / 3 = ((2 + 2.5) / 3, (1 + 3 + 5) / 3) = (1.5, 3).
    a = np.array([[0.0, 1.0], [1.0, 1.0], [1.0, 2.0]])
    d = np.array([[2.0, 0.0, 1.0], [1.0, 2.0, 2.0]])
    v = weapon_values(a, d)
    assert v.alpha == pytest.approx(3.0)
    np.testing.assert_allclose(v.va, [1.0, 1.5, 2.5], rtol=1e-12)
    np.testing.assert_allclose(v.vd, [1.5, 3.0], rtol=1e-12)


def test_5_1_2_weapon_values_rank_one_hand_computed() -> None:
    # AD = [[5,2],[10,4]] has determinant 0 and trace 9: lambda = 9, alpha = 3, va = (1, 2);
    # vd = D va / 3 = ((2 + 2) / 3, (3 + 2) / 3).
    v = weapon_values([[1, 1], [2, 2]], [[2, 1], [3, 1]])
    np.testing.assert_allclose(v.va, [1.0, 2.0], rtol=1e-12)
    np.testing.assert_allclose(v.vd, [4 / 3, 5 / 3], rtol=1e-12)
    assert v.alpha == pytest.approx(3.0)


def test_5_1_2_weapon_values_invulnerable_weapon_valued_by_its_kills() -> None:
    # §5.1.2 footnote 1: D(*,2) = 0 makes AD = [[1,0],[2,0]] reducible. The irreducible
    # submatrix {attackers' weapon 1} has lambda = 1; weapon 2, which nobody can kill, is
    # still worth alpha**-1 * A(2,1) * vd(1) = 2 by eq. (1).
    v = weapon_values([[1.0], [2.0]], [[1.0, 0.0]])
    np.testing.assert_allclose(v.va, [1.0, 2.0])
    np.testing.assert_allclose(v.vd, [1.0])
    assert v.alpha == pytest.approx(1.0)


def test_5_1_2_weapon_values_weapon_that_kills_nothing_is_worth_zero() -> None:
    # A(2,*) = 0: by eq. (1) alpha * va(2) = 0 with alpha = 1.
    v = weapon_values([[1.0], [0.0]], [[1.0, 1.0]])
    np.testing.assert_allclose(v.va, [1.0, 0.0])
    np.testing.assert_allclose(v.vd, [1.0])


def test_5_1_2_weapon_values_kw_avoids_a_zero_value() -> None:
    # §5.1.2 footnote 1 on (iv): va(1) = 0 here (weapon 1 kills nothing), so kw = 2.
    v = weapon_values([[0.0], [1.0]], [[1.0, 1.0]])
    np.testing.assert_allclose(v.va, [0.0, 1.0])
    np.testing.assert_allclose(v.vd, [1.0])


def test_5_1_2_weapon_values_chained_equal_submatrices_keep_only_the_upper_one() -> None:
    # Two duels with lambda = 1 each (a1-d1, a2-d2) and a1 also kills d2. The only nonnegative
    # solution of (1) and (2): if vd(2) > 0 then va(2) = vd(2) (duel 2) and
    # va(1) = vd(1) + vd(2) > vd(1) = va(1), a contradiction; so duel 2 is worth 0.
    v = weapon_values([[1.0, 1.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]])
    np.testing.assert_allclose(v.va, [1.0, 0.0])
    np.testing.assert_allclose(v.vd, [1.0, 0.0])


def test_5_1_2_weapon_values_independent_equal_submatrices_from_all_ones() -> None:
    # Rulings: two separate duels with the same lambda = 4 (alpha = 2). Each duel's values are
    # its Perron vector times y.1 / y.x from the all-ones start: duel 1 (K = [[0,1],[4,0]]):
    # x = (1, 2), y = (2, 1), weight 3/4 -> (3/4, 3/2); duel 2 (K = [[0,4],[1,0]]): x = (2, 1),
    # y = (1, 2), weight 3/4 -> (3/2, 3/4). Scaled by va(1) = 3/4: va = (1, 2), vd = (2, 1).
    v = weapon_values([[1.0, 0.0], [0.0, 4.0]], [[4.0, 0.0], [0.0, 1.0]])
    np.testing.assert_allclose(v.va, [1.0, 2.0], rtol=1e-12)
    np.testing.assert_allclose(v.vd, [2.0, 1.0], rtol=1e-12)
    assert v.alpha == pytest.approx(2.0)


def test_5_1_2_weapon_values_chains_of_equal_submatrices_follow_the_iteration() -> None:
    # Four duels, each with rates whose product is 1 (lambda = 1 exactly, so the iteration's
    # shift is known without an eigenvalue solver): duels 1 and 2 each kill into duel 3 or 4,
    # and attackers' weapon 5, which nobody kills, fires at duels 1 and 4. Only the upper duels
    # and weapon 5 keep value; their proportions are those the procedure converges to.
    a = np.zeros((5, 4))
    d = np.zeros((4, 5))
    for i, (kill, killed) in enumerate([(1.0, 1.0), (2.0, 0.5), (1.0, 1.0), (4.0, 0.25)]):
        a[i, i], d[i, i] = kill, killed
    a[0, 2] = 1.0
    a[1, 3] = 3.0
    a[4, 0], a[4, 3] = 1.5, 0.5
    v = weapon_values(a, d)
    assert v.alpha == pytest.approx(1.0)
    np.testing.assert_allclose(direction(v), iterated(a, d, rho=1.0), atol=1e-9)
    np.testing.assert_allclose(v.va, [1.0, 1.875, 0.0, 0.0, 1.5], rtol=1e-12)
    np.testing.assert_allclose(v.vd, [1.0, 0.9375, 0.0, 0.0], rtol=1e-12)


def test_5_1_2_an_irreducible_kill_graph_takes_the_general_procedures_bits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§5.1.2 footnote 2: when every weapon destroys value of every other through some chain
    of kills (K irreducible, one class), the limit of the iteration is the Perron vector of
    K; the shortcut that reads it directly gives the same bytes as the general procedure
    over the Frobenius normal form (forced here by calling every graph reducible), on
    Sinai-sized 4 x 4 matrices with some zero rates."""
    rng = np.random.default_rng(7)
    cases = []
    for _ in range(200):
        a = rng.random((4, 4)) * (rng.random((4, 4)) < 0.8)
        d = rng.random((4, 4)) * (rng.random((4, 4)) < 0.8)
        cases.append((a, d, weapon_values(a, d)))
    irreducible = sum(values_module._strongly_connected(_k(a, d) > 0) for a, d, _ in cases)
    assert irreducible > 100  # the shortcut was taken
    monkeypatch.setattr(values_module, "_strongly_connected", lambda pattern: False)
    for a, d, fast in cases:
        general = weapon_values(a, d)
        assert fast.va.tobytes() == general.va.tobytes()
        assert fast.vd.tobytes() == general.vd.tobytes()
        assert fast.alpha == general.alpha


def _k(a: Matrix, d: Matrix) -> Matrix:
    m, n = a.shape
    k = np.zeros((m + n, m + n))
    k[:m, m:] = a
    k[m:, :m] = d
    return k


def test_5_1_2_weapon_values_harmless_defenders_are_worth_zero() -> None:
    # AD = 0 (rulings): alpha = delta = 0; (1) 0 * va = A vd and (2) 0 * vd = D va = 0 hold
    # with va = 1, vd = 0 -- the defenders kill nothing.
    v = weapon_values([[1.0]], [[0.0]])
    assert (v.alpha, v.delta) == (0.0, 0.0)
    np.testing.assert_array_equal(v.va, [1.0])
    np.testing.assert_array_equal(v.vd, [0.0])


def test_5_1_2_weapon_values_harmless_attackers_scale_the_defenders() -> None:
    # va = 0 is forced (0 * va(1) = A vd = 0 ... and 0 * vd = D va needs va = 0): no kw can
    # have va(kw) = 1, so (rulings) the first positive defenders' value is 1.
    v = weapon_values([[0.0]], [[1.0]])
    np.testing.assert_array_equal(v.va, [0.0])
    np.testing.assert_array_equal(v.vd, [1.0])


def test_5_1_2_weapon_values_nobody_kills_anything_keeps_the_starting_values() -> None:
    # K = 0: the iterative procedure never moves from all ones (rulings); alpha = 0.
    v = weapon_values([[0.0, 0.0]], [[0.0], [0.0]])
    np.testing.assert_array_equal(v.va, [1.0])
    np.testing.assert_array_equal(v.vd, [1.0, 1.0])
    assert v.alpha == 0.0


def test_5_1_2_vala_vald_give_other_resources_zero_value() -> None:
    # §5.1.2: vala(i) = va(i) for i <= m, 0 for m < i <= mm; and they satisfy (1) and (2)
    # with A and D expanded by zero rows and columns.
    a = np.array([[0.0, 1.0], [2.0, 1.0]])
    d = np.array([[1.0, 0.0], [1.0, 2.0]])
    v = weapon_values(a, d)
    vala, vald = v.vala(5), v.vald(3)
    np.testing.assert_allclose(vala, [1.0, 1.5, 0.0, 0.0, 0.0])
    np.testing.assert_allclose(vald, [0.5, 2.0, 0.0])
    big_a = np.zeros((5, 3))
    big_a[:2, :2] = a
    big_d = np.zeros((3, 5))
    big_d[:2, :2] = d
    np.testing.assert_allclose(v.alpha * vala, big_a @ vald, atol=1e-12)
    np.testing.assert_allclose(v.delta * vald, big_d @ vala, atol=1e-12)


def test_5_1_2_vala_refuses_fewer_resources_than_weapons() -> None:
    v = weapon_values([[1.0], [1.0]], [[1.0, 1.0]])
    with pytest.raises(InvalidInputError, match="mm = 1"):
        v.vala(1)


@pytest.mark.parametrize(
    ("a", "d", "match"),
    [
        ([[1.0, -0.5]], [[1.0], [1.0]], r"A\(1,2\) = -0.5"),
        ([[1.0]], [[math.nan]], r"D\(1,1\) = nan"),
        ([[1.0, 1.0]], [[1.0, 1.0]], "D must be 2 x 1"),
        ([], [[1.0]], "nonempty 2-D"),
        ([1.0, 2.0], [[1.0], [1.0]], "nonempty 2-D"),
    ],
)
def test_5_1_2_weapon_values_refuses_bad_kill_matrices(a: object, d: object, match: str) -> None:
    with pytest.raises(InvalidInputError, match=match):
        weapon_values(a, d)  # type: ignore[arg-type]


def test_5_1_2_weapon_values_result_is_read_only() -> None:
    v = weapon_values([[1.0]], [[1.0]])
    with pytest.raises(ValueError, match="read-only"):
        v.va[0] = 2.0


def test_5_1_2_weapon_values_record_requires_holter_scaling() -> None:
    with pytest.raises(InvalidInputError, match=r"scaling \(iv\)"):
        WeaponValues(va=np.ones(1), vd=np.ones(1), alpha=1.0, delta=2.0)


# -- §5.1.2: properties ----------------------------------------------------------------------


@given(kill_matrix_pairs())
def test_5_1_2_weapon_values_are_nonnegative_and_finite(pair: tuple[Matrix, Matrix]) -> None:
    v = weapon_values(*pair)
    assert np.all(np.isfinite(v.va))
    assert np.all(np.isfinite(v.vd))
    assert np.all(v.va >= 0)
    assert np.all(v.vd >= 0)
    assert v.alpha >= 0


@given(kill_matrix_pairs())
def test_5_1_2_weapon_values_holter_scaling(pair: tuple[Matrix, Matrix]) -> None:
    # (iv): alpha = delta and va(kw) = 1, kw the lowest-numbered positive value; every value
    # before kw is 0. If no attackers' weapon has value, the first positive vd is 1.
    v = weapon_values(*pair)
    assert v.alpha == v.delta
    if np.any(v.va > 0):
        kw = first_positive(v.va)
        assert v.va[kw] == 1.0
        assert np.all(v.va[:kw] == 0.0)
    else:
        assert v.vd[first_positive(v.vd)] == 1.0


@given(kill_matrix_pairs())
def test_5_1_2_weapon_values_satisfy_equations_1_and_2(pair: tuple[Matrix, Matrix]) -> None:
    a, d = pair
    assert_equations_hold(a, d, weapon_values(a, d))


@given(kill_matrix_pairs())
def test_5_1_2_weapon_values_alpha_squared_is_the_perron_root_of_ad(
    pair: tuple[Matrix, Matrix],
) -> None:
    # §5.1.2 eq. (3): lambda = alpha * delta is the eigenvalue of AD with va >= 0.
    a, d = pair
    v = weapon_values(a, d)
    rho = float(np.max(np.abs(scipy.linalg.eigvals(a @ d))))
    assert v.alpha * v.delta == pytest.approx(rho, rel=1e-6, abs=1e-6 * max(1.0, rho))


@given(kill_matrix_pairs(), st.floats(0.01, 100.0))
def test_5_1_2_weapon_values_ignore_a_common_time_scale(
    pair: tuple[Matrix, Matrix], c: float
) -> None:
    # §5.1: katk and kdef are multiplied by tframe; that multiplies alpha and keeps values.
    a, d = pair
    v, w = weapon_values(a, d), weapon_values(c * a, c * d)
    np.testing.assert_allclose(w.va, v.va, rtol=1e-7, atol=1e-9)
    np.testing.assert_allclose(w.vd, v.vd, rtol=1e-7, atol=1e-9)
    assert w.alpha == pytest.approx(c * v.alpha, rel=1e-7, abs=1e-12)


@given(kill_matrix_pairs(), st.randoms(use_true_random=False))
def test_5_1_2_weapon_values_follow_a_renumbering_of_weapon_types(
    pair: tuple[Matrix, Matrix], rnd: object
) -> None:
    # The method depends on the weapons, not on their numbering (up to the choice of kw).
    a, d = pair
    m, n = a.shape
    p = np.array(rnd.sample(range(m), m))  # type: ignore[attr-defined]
    q = np.array(rnd.sample(range(n), n))  # type: ignore[attr-defined]
    v = weapon_values(a, d)
    w = weapon_values(a[np.ix_(p, q)], d[np.ix_(q, p)])
    z = np.concatenate([v.va[p], v.vd[q]])
    np.testing.assert_allclose(z / z.max(), direction(w), rtol=1e-7, atol=1e-9)


@settings(max_examples=200)
@given(kill_matrix_pairs(positive=True))
def test_5_1_2_weapon_values_match_scipy_perron_vector_for_positive_matrices(
    pair: tuple[Matrix, Matrix],
) -> None:
    # Independent computation: AD > 0 is irreducible, so va is its unique Perron vector
    # (largest real eigenvalue, scaled va(1) = 1); vd comes from the Perron vector of DA,
    # scaled so that equation (1) holds in row 1.
    a, d = pair
    lam, vecs = scipy.linalg.eig(a @ d)
    top = int(np.argmax(lam.real))
    va = vecs[:, top].real / vecs[0, top].real
    lam_d, vecs_d = scipy.linalg.eig(d @ a)
    vd = vecs_d[:, int(np.argmax(lam_d.real))].real
    alpha = math.sqrt(lam[top].real)
    vd = vd * (alpha * va[0] / float(a[0] @ vd))
    v = weapon_values(a, d)
    assert v.alpha == pytest.approx(alpha, rel=1e-9)
    np.testing.assert_allclose(v.va, va, rtol=1e-8)
    np.testing.assert_allclose(v.vd, vd, rtol=1e-8)


@pytest.mark.parametrize("seed", range(300))
def test_5_1_2_weapon_values_are_the_limit_of_the_iterative_procedure(seed: int) -> None:
    # §5.1.2 footnote 2 on sparse (often reducible) matrices with continuous random rates.
    rng = np.random.default_rng(seed)
    m, n = (int(x) for x in rng.integers(1, 6, size=2))
    density = rng.uniform(0.15, 0.8)
    a = rng.uniform(0.1, 10.0, (m, n)) * (rng.random((m, n)) < density)
    d = rng.uniform(0.1, 10.0, (n, m)) * (rng.random((n, m)) < density)
    np.testing.assert_allclose(direction(weapon_values(a, d)), iterated(a, d), atol=1e-7)


# -- §5.1.2: force ratios --------------------------------------------------------------------


def test_5_1_2_force_ratios_hand_computed() -> None:
    # Values of the 2x2 case: va = (1, 1.5), vd = (.5, 2). wa = (2, 2), wd = (4, 1):
    # <va,wa> = 5, <vd,wd> = 4, FR = 1.25. Definition of FR2: A^t wa = (4, 4),
    # <vd, A^t wa> / <vd,wd> = 10 / 4; D^t wd = (5, 2), <va, D^t wd> / <va,wa> = 8 / 5;
    # FR2 = 2.5 / 1.6 = 1.5625 = FR**2.
    v = weapon_values([[0.0, 1.0], [2.0, 1.0]], [[1.0, 0.0], [1.0, 2.0]])
    fr, fr2 = force_ratios(v, [2.0, 2.0], [4.0, 1.0])
    assert fr == pytest.approx(1.25)
    assert fr2 == pytest.approx(1.5625)


@given(
    kill_matrix_pairs(positive=True),
    st.data(),
)
def test_5_1_2_force_ratios_fr2_matches_its_definition(
    pair: tuple[Matrix, Matrix], data: st.DataObject
) -> None:
    # FR2 = (<vd, A^t wa> / <vd, wd>) / (<va, D^t wd> / <va, wa>); FR = sqrt(FR2) under (iv).
    a, d = pair
    m, n = a.shape
    wa = data.draw(hnp.arrays(np.float64, m, elements=st.floats(0.1, 1000.0)))
    wd = data.draw(hnp.arrays(np.float64, n, elements=st.floats(0.1, 1000.0)))
    v = weapon_values(a, d)
    fr, fr2 = force_ratios(v, wa, wd)
    defined = (float(v.vd @ (a.T @ wa)) / float(v.vd @ wd)) / (
        float(v.va @ (d.T @ wd)) / float(v.va @ wa)
    )
    assert fr2 == pytest.approx(defined, rel=1e-8)
    assert fr == pytest.approx(math.sqrt(defined), rel=1e-8)
    assert (fr > 1) == (fr2 > 1)


def test_5_1_2_force_ratios_worthless_defenders_give_infinity() -> None:
    v = weapon_values([[1.0]], [[0.0]])  # vd = 0
    assert force_ratios(v, [3.0], [5.0]) == (math.inf, math.inf)


def test_5_1_2_force_ratios_refuse_zero_over_zero() -> None:
    v = weapon_values([[1.0]], [[0.0]])
    with pytest.raises(InvalidInputError, match="undefined"):
        force_ratios(v, [0.0], [5.0])


def test_5_1_2_force_ratios_refuse_holdings_of_the_wrong_length() -> None:
    v = weapon_values([[1.0, 1.0]], [[1.0], [1.0]])
    with pytest.raises(InvalidInputError, match="defense_holdings"):
        force_ratios(v, [1.0], [1.0])


# -- §5.3: standard values -------------------------------------------------------------------


@pytest.fixture(scope="module")
def sinai() -> File50:
    return load_sinai()[0]


def with_rows(design: File50, **rows: tuple[int, int, tuple[float, ...]]) -> File50:
    """The design with one row replaced: ``name=(side, weapon, row)``, 1-based."""
    update = {}
    for name, (side, weapon, row) in rows.items():
        per_side = [list(x) for x in getattr(design, name)]
        per_side[side - 1][weapon - 1] = row
        update[name] = tuple(tuple(x) for x in per_side)
    return design.model_copy(update=update)


def test_5_3_nominal_kill_matrices_shapes_and_roles(sinai: File50) -> None:
    # §5.3: ASTD is nggwep(s2) x nggwep(s1) and DSTD nggwep(s1) x nggwep(s2).
    assert sinai.nggwep == (4, 4)
    astd, dstd = nominal_kill_matrices(sinai, 1)
    assert astd.shape == (4, 4)
    assert dstd.shape == (4, 4)


def test_5_3_nominal_kill_matrices_hand_computed(sinai: File50) -> None:
    # Red defends (s1 = 1): DSTD(4,j) = kdef(4,j,1) * aggdef(4,j,1) / sum over nmat(2) = 7
    # Blue materiel of aggdef(4,k,1) = .6 + .1 + .15 + 0 + .055 + .025 + .025 = .955, with
    # kdef = .05: DSTD(4,*) = .05 * (.6, .1, .15, 0) / .955. Blue attacks: ASTD(2,j) =
    # .05 * aggatk(2,j,2) / sum over nmat(1) = 8 Red materiel = .27 + .04 + .7 + .01 + .001 +
    # .005 + .001 + .001 = 1.028.
    assert sinai.nmat == (8, 7)
    astd, dstd = nominal_kill_matrices(sinai, 1)
    np.testing.assert_allclose(dstd[3], 0.05 * np.array([0.6, 0.1, 0.15, 0.0]) / 0.955)
    np.testing.assert_allclose(astd[1], 0.05 * np.array([0.27, 0.04, 0.7, 0.01]) / 1.028)


def test_5_3_nominal_kill_matrices_zero_allocation_row_kills_nothing(sinai: File50) -> None:
    # Rulings: a weapon whose aggatk row sums to 0 allocates no fire: its ASTD row is 0 and,
    # by eq. (1), its value on attack is 0.
    design = with_rows(sinai, aggatk=(2, 4, (0.0,) * 8))
    astd, _ = nominal_kill_matrices(design, 1)
    np.testing.assert_array_equal(astd[3], np.zeros(4))
    assert standard_values(design).rsvala[1][3] == 0.0


def test_5_3_nominal_kill_matrices_refuse_negative_allocation(sinai: File50) -> None:
    design = with_rows(sinai, aggdef=(1, 2, (0.5, -0.1, 0.2, 0.0, 0.0, 0.0, 0.0)))
    with pytest.raises(InvalidInputError, match=r"aggdef\(2,2,1\) = -0.1"):
        nominal_kill_matrices(design, 1)


def test_5_3_nominal_kill_matrices_refuse_a_third_side(sinai: File50) -> None:
    with pytest.raises(InvalidInputError, match="side must be 1 or 2"):
        nominal_kill_matrices(sinai, 3)


def test_5_3_standard_values_come_from_the_nominal_engagements(sinai: File50) -> None:
    # §5.3: app(ASTD, DSTD) with s1 defending gives rsvald(*, s1) and rsvala(*, s2).
    sv = standard_values(sinai)
    for s1 in (1, 2):
        s2 = 3 - s1
        v = weapon_values(*nominal_kill_matrices(sinai, s1))
        np.testing.assert_array_equal(sv.rsvald[s1 - 1], v.vald(sinai.nrs[s1 - 1]))
        np.testing.assert_array_equal(sv.rsvala[s2 - 1], v.vala(sinai.nrs[s2 - 1]))
        np.testing.assert_array_equal(sv.nominal[s1 - 1].vd, v.vd)


@pytest.fixture(scope="module")
def sinai_values(sinai: File50) -> StandardValues:
    return standard_values(sinai)


def test_5_3_sinai_standard_values_are_finite_and_nonnegative(
    sinai: File50, sinai_values: StandardValues
) -> None:
    for s in (0, 1):
        for vec in (sinai_values.rsvald[s], sinai_values.rsvala[s]):
            assert vec.shape == (sinai.nrs[s],)
            assert np.all(np.isfinite(vec))
            assert np.all(vec >= 0)


def test_5_3_sinai_other_resources_are_worth_zero(
    sinai: File50, sinai_values: StandardValues
) -> None:
    # §5.1.2: only ground-to-ground weapons (the first nggwep(s) resources) have value.
    for s in (0, 1):
        ng = sinai.nggwep[s]
        assert np.all(sinai_values.rsvald[s][ng:] == 0)
        assert np.all(sinai_values.rsvala[s][ng:] == 0)


def test_5_3_sinai_every_weapon_has_positive_value(
    sinai: File50, sinai_values: StandardValues
) -> None:
    # The data: every kill rate is positive (the supplied .05 of the lost page) and every
    # weapon allocates fire to some enemy weapon, which makes AD positive, hence irreducible:
    # the Perron vector is positive, and with it every weapon's value on attack and defense.
    for s1 in (1, 2):
        astd, dstd = nominal_kill_matrices(sinai, s1)
        assert np.all(astd @ dstd > 0)
    for s in (0, 1):
        ng = sinai.nggwep[s]
        assert np.all(sinai_values.rsvald[s][:ng] > 0)
        assert np.all(sinai_values.rsvala[s][:ng] > 0)
        # kw = 1: the attackers' small arms are the unit of value of each nominal engagement.
        assert sinai_values.rsvala[s][0] == 1.0


def test_5_3_sinai_attack_and_defense_values_are_proportional(
    sinai: File50, sinai_values: StandardValues
) -> None:
    # The data: aggdef = aggatk and katk = kdef (the lost page was supplied that way), so the
    # nominal engagement with Blue defending is the one with Red defending with the roles
    # swapped (A and D exchanged): a side's values on attack are its values on defense, up to
    # Holter's scale.
    assert sinai.aggdef == sinai.aggatk
    assert sinai.kdef == sinai.katk
    for s in (0, 1):
        ng = sinai.nggwep[s]
        attack, defense = sinai_values.rsvala[s][:ng], sinai_values.rsvald[s][:ng]
        np.testing.assert_allclose(attack / attack[0], defense / defense[0], rtol=1e-9)


# -- §5.1.2: random irreducible kill matrices ------------------------------------------------


def ad_is_irreducible(a: Matrix, d: Matrix) -> bool:
    """§5.1.2: ``AD`` is irreducible iff its graph (``i -> k`` iff ``AD(i,k) > 0``) is
    strongly connected; a 1 x 1 ``AD`` must be positive."""
    ad = a @ d
    reach = ad > 0
    for _ in range(len(ad)):
        reach = reach | ((reach.astype(np.int64) @ reach.astype(np.int64)) > 0)
    return bool(reach.all())


@st.composite
def irreducible_kill_matrix_pairs(draw: st.DrawFn) -> tuple[Matrix, Matrix]:
    """Sparse random ``A`` (m x n) and ``D`` (n x m) with ``AD`` irreducible: on top of random
    rates, attackers' weapon ``i`` kills defenders' weapon ``i mod n``, which kills attackers'
    weapon ``i + 1 mod m`` -- a cycle through every attackers' weapon."""
    a, d = draw(kill_matrix_pairs())
    m, n = a.shape
    rate = st.floats(0.01, 100.0)
    for i in range(m):
        a[i, i % n] = max(a[i, i % n], draw(rate))
        d[i % n, (i + 1) % m] = max(d[i % n, (i + 1) % m], draw(rate))
    return a, d


def residual(a: Matrix, d: Matrix, v: WeaponValues) -> float:
    """The larger residual of equations (1) and (2), relative to their largest term."""
    r1 = np.abs(v.alpha * v.va - a @ v.vd)
    r2 = np.abs(v.delta * v.vd - d @ v.va)
    scale = max(float(np.max(a @ v.vd)), float(np.max(d @ v.va)))
    return max(float(r1.max()), float(r2.max())) / scale


@settings(max_examples=300)
@given(irreducible_kill_matrix_pairs())
def test_5_1_2_weapon_values_solve_equations_1_and_2_for_irreducible_ad(
    pair: tuple[Matrix, Matrix],
) -> None:
    # §5.1.2 eqs. (1), (2) under (iv): alpha = delta > 0, va > 0 (Frobenius: the Perron vector
    # of an irreducible AD is positive), va(1) = 1 (kw = 1), residual below 1e-9.
    a, d = pair
    assert ad_is_irreducible(a, d)
    v = weapon_values(a, d)
    assert v.alpha == v.delta > 0
    assert np.all(v.va > 0)
    assert v.va[0] == 1.0
    assert residual(a, d, v) < 1e-9


@settings(max_examples=300)
@given(irreducible_kill_matrix_pairs(), st.data())
def test_5_1_2_force_ratio_is_the_square_root_of_fr2_for_irreducible_ad(
    pair: tuple[Matrix, Matrix], data: st.DataObject
) -> None:
    # §5.1.2: "Under scaling assumption (iv), the force ratio, FR, equals the square root of
    # FR2", FR2 computed here from its definition (the ratio of proportional value losses).
    a, d = pair
    m, n = a.shape
    wa = data.draw(hnp.arrays(np.float64, m, elements=st.floats(0.1, 1000.0)))
    wd = data.draw(hnp.arrays(np.float64, n, elements=st.floats(0.1, 1000.0)))
    v = weapon_values(a, d)
    fr, fr2 = force_ratios(v, wa, wd)
    assert float(v.vd @ wd) > 0  # the defenders' weapons on the cycle kill, so have value
    fr2_defined = (float(v.vd @ (a.T @ wa)) / float(v.vd @ wd)) / (
        float(v.va @ (d.T @ wd)) / float(v.va @ wa)
    )
    assert fr == pytest.approx(math.sqrt(fr2_defined), rel=1e-9)
    assert fr2 == pytest.approx(fr2_defined, rel=1e-9)
    assert fr == pytest.approx(math.sqrt(fr2), rel=1e-12)


# §5.1.2's 2 x 2 case (test_values.py): va = (1, 1.5), vd = (.5, 2).
VALUES = weapon_values([[0.0, 1.0], [2.0, 1.0]], [[1.0, 0.0], [1.0, 2.0]])


@pytest.mark.found_by_full_run
def test_5_1_2_vala_and_vald_refuse_fewer_resources_than_weapons_by_name() -> None:
    """§5.1.2: vala(i), i = 1..mm = nrs(sideA), and vald(i), i = 1..nn = nrs(sideD), extend
    the m and n weapon values over every resource; a side with fewer resources than weapon
    types is refused by the name of its count (m = 2, n = 1 here)."""
    v = weapon_values([[1.0], [1.0]], [[1.0, 1.0]])
    for call, path, message in (
        (lambda: v.vala(1), "mm", "mm = 1 is below the 2 weapon types"),
        (lambda: v.vald(0), "nn", "nn = 0 is below the 1 weapon types"),
    ):
        with pytest.raises(InvalidInputError) as info:
            call()
        assert [(p.path, p.message) for p in info.value.problems] == [(path, message)]


@pytest.mark.found_by_full_run
@pytest.mark.parametrize(
    ("wa", "wd", "field", "got"),
    [
        ([2.0, -1.0], [4.0, 1.0], "attack_holdings", "[2.0, -1.0]"),
        ([2.0, None], [4.0, 1.0], "attack_holdings", "[2.0, nan]"),
        ([2.0, 2.0], [4.0, 1.0, 0.0], "defense_holdings", "[4.0, 1.0, 0.0]"),
    ],
)
def test_5_1_2_holdings_are_refused_by_the_name_of_their_vector(
    wa: list[float | None], wd: list[float], field: str, got: str
) -> None:
    """§5.1.2: FR = <va, wa> / <vd, wd> takes one amount >= 0 of each weapon type, wa for the
    attackers' and wd for the defenders'; a negative or missing amount (a JSON null) or a
    vector of the wrong length is refused naming the vector and what it holds."""
    with pytest.raises(InvalidInputError) as e:
        force_ratios(VALUES, wa, wd)
    (problem,) = e.value.problems
    assert problem.path == field
    assert problem.message == f"must be 2 finite amounts >= 0, got {got}"


@pytest.mark.found_by_full_run
def test_5_1_2_a_ratio_of_two_worthless_forces_is_refused_saying_why() -> None:
    """§5.1.2: FR = <va, wa> / <vd, wd> is 0/0 when neither force holds any value."""
    with pytest.raises(InvalidInputError) as e:
        force_ratios(VALUES, [0.0, 0.0], [0.0, 0.0])
    assert str(e.value.problems[0]).endswith(
        "force ratio undefined: <va, wa> = <vd, wd> = 0, both forces are worthless (§5.1.2)"
    )


@pytest.mark.found_by_full_run
def test_5_1_2_a_values_record_refuses_negative_values_and_scalars_by_name() -> None:
    """§5.1.2: values are nonnegative (va >= 0, Frobenius) and, under Holter's scaling (iv),
    alpha = delta >= 0. A negative va(2), an alpha of -1 and a delta of inf are each refused
    with their field and text."""
    with pytest.raises(InvalidInputError) as info:
        WeaponValues(va=np.array([1.0, -0.5]), vd=np.ones(1), alpha=1.0, delta=1.0)
    assert [(p.path, p.message) for p in info.value.problems] == [
        ("va", "must be a vector of finite values >= 0")
    ]
    with pytest.raises(InvalidInputError) as info:
        WeaponValues(va=np.ones(1), vd=np.ones(1), alpha=-1.0, delta=-1.0)
    assert [(p.path, p.message) for p in info.value.problems] == [
        ("alpha", "must be finite and >= 0, got -1.0"),
        ("delta", "must be finite and >= 0, got -1.0"),
    ]
    with pytest.raises(InvalidInputError) as info:
        WeaponValues(va=np.ones(1), vd=np.ones(1), alpha=float("inf"), delta=float("inf"))
    assert [p.path for p in info.value.problems] == ["alpha", "delta"]
    assert info.value.problems[0].message == "must be finite and >= 0, got inf"


@pytest.mark.found_by_full_run
def test_5_1_2_a_values_record_with_alpha_not_delta_names_delta_and_scaling_iv() -> None:
    """§5.1.2 (iv): 'alpha = delta'. alpha 1 and delta 2 are refused as ``delta``."""
    with pytest.raises(InvalidInputError) as info:
        WeaponValues(va=np.ones(1), vd=np.ones(1), alpha=1.0, delta=2.0)
    (problem,) = info.value.problems
    assert problem.path == "delta"
    assert problem.message == (
        "alpha = 1.0 != delta = 2.0: Holter's scaling (iv) requires alpha = delta (§5.1.2)"
    )


@pytest.mark.found_by_full_run
def test_5_1_2_kill_matrices_that_are_not_numbers_or_not_tables_are_refused_by_name() -> None:
    """§5.1.2: A is m x n and D is n x m, of rates. A holding the text "x" is not numeric; a flat
    A is not a table; a D of 2 x 1 against an A of 1 x 2 has the wrong shape -- each refused
    with its matrix's name."""
    with pytest.raises(InvalidInputError) as info:
        weapon_values([["x"]], [[1.0]])
    (problem,) = info.value.problems
    assert problem.path == "A"
    assert problem.message.startswith("not a numeric matrix: ")
    with pytest.raises(InvalidInputError) as info:
        weapon_values([[1.0]], [1.0])
    (problem,) = info.value.problems
    assert (problem.path, problem.message) == ("D", "must be a nonempty 2-D matrix, got shape (1,)")
    with pytest.raises(InvalidInputError) as info:
        weapon_values([[1.0, 1.0]], [[1.0, 1.0]])
    (problem,) = info.value.problems
    assert (problem.path, problem.message) == ("D", "D must be 2 x 1 when A is 1 x 2, got (1, 2)")


@pytest.mark.found_by_full_run
def test_5_1_2_a_negative_kill_rate_is_refused_with_its_place_and_value() -> None:
    """§5.1.2: A(i,j) is a rate, >= 0. A(1,1) = -1 (A(2,1) = 5) is refused as ``A`` naming
    A(1,1) and its value -1, not another entry's."""
    with pytest.raises(InvalidInputError) as info:
        weapon_values([[-1.0], [5.0]], [[1.0, 1.0]])
    (problem,) = info.value.problems
    assert problem.path == "A"
    assert problem.message == "A(1,1) = -1.0: a kill rate must be finite and >= 0 (§5.1.2)"


@pytest.mark.found_by_full_run
def test_5_1_2_roots_exactly_at_the_tie_tolerance_are_tied() -> None:
    """Ruling "Tied submatrices": two unlinked duels whose Perron roots are within a relative
    1e-9 (``TIE``) are tied; then from all ones each keeps its Perron vector times y.1/y.x.
    Duel 1 (a1 and d1 kill each other at rate 1) has root 1; duel 2 (rates f = 1 - 1e-9 both
    ways) has root f, exactly at the tolerance: tied, and each duel's vector is x = (1, 1),
    y = (1, 1)/2, weight 1 -- every value 1. One step past it (the next float below f) duel 2
    is not dominant and is worth 0 (eq. (1): its weapons kill only each other)."""
    f = 1.0 - TIE
    v = weapon_values([[1.0, 0.0], [0.0, f]], [[1.0, 0.0], [0.0, f]])
    np.testing.assert_allclose(v.va, [1.0, 1.0], rtol=1e-12)
    np.testing.assert_allclose(v.vd, [1.0, 1.0], rtol=1e-12)
    below = float(np.nextafter(f, 0.0))
    v = weapon_values([[1.0, 0.0], [0.0, below]], [[1.0, 0.0], [0.0, below]])
    np.testing.assert_array_equal(v.va, [1.0, 0.0])
    np.testing.assert_array_equal(v.vd, [1.0, 0.0])


@pytest.mark.found_by_full_run
def test_5_1_2_a_duel_that_also_kills_a_harmless_weapon_grows_faster_from_all_ones() -> None:
    """§5.1.2 footnote 2, from all ones: duel 1 (a1, d1 at rate 1) and duel 2 (a2, d2 at rate
    1), and d2 also kills a3, which kills nothing (D(2,3) = 1, A(3,*) = 0). rho = 1; with z <-
    (I + K) z duel 1 doubles: 2**k (1, 1). Duel 2: a2' = a2 + d2, d2' = d2 + a2 + a3, a3' = a3
    = 1, so a2 + d2 = 3 * 2**k - 1 and d2 - a2 = 1: a2 = 1.5 * 2**k - 1, d2 = 1.5 * 2**k. The
    limit: va = (1, 1.5, 0), vd = (1, 1.5) -- a3 worth 0 (it kills nothing), and duel 2 worth
    1.5 times duel 1 for the value its start had in a3."""
    a = [[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]]
    d = [[1.0, 0.0, 0.0], [0.0, 1.0, 1.0]]
    v = weapon_values(a, d)
    assert v.alpha == pytest.approx(1.0)
    np.testing.assert_allclose(v.va, [1.0, 1.5, 0.0], rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(v.vd, [1.0, 1.5], rtol=1e-12)


@pytest.mark.found_by_full_run
def test_5_1_2_a_chain_of_duels_by_a_tiny_kill_rate_keeps_only_the_upper_one() -> None:
    """§5.1.2: two duels with lambda = 1 (a1-d1, a2-d2) and a1 also kills d2, at 1e-170. As
    for any positive rate (test_values.py, the chained submatrices), the only nonnegative
    solution of (1) and (2) gives duel 2 nothing: va = vd = (1, 0). The rate's size does not
    matter, however far it is from the duels' rates."""
    v = weapon_values([[1.0, 1e-170], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]])
    np.testing.assert_array_equal(v.va, [1.0, 0.0])
    np.testing.assert_array_equal(v.vd, [1.0, 0.0])


@pytest.mark.found_by_mutation
def test_5_3_a_negative_fire_allocation_names_its_entry() -> None:
    """aggdef(i, j, s) >= 0, a fraction of fire: Red's (side 1) weapon 2 giving -0.1 of its
    fire to Blue's materiel 2 is refused at the 0-based entry aggdef[0][1][1]."""
    design = load_sinai()[0]
    rows = [list(x) for x in design.aggdef]
    rows[0][1] = (0.5, -0.1, 0.2, 0.0, 0.0, 0.0, 0.0)
    bad = design.model_copy(update={"aggdef": tuple(tuple(x) for x in rows)})
    assert _problems(lambda: nominal_kill_matrices(bad, 1))[0][0] == "aggdef[0][1][1]"


@pytest.mark.found_by_mutation
def test_5_3_the_nominal_engagement_of_sides_with_unequal_ground_weapons() -> None:
    """§5.3: ASTD is nggwep(s2) x nggwep(s1) and DSTD nggwep(s1) x nggwep(s2). The Sinai design
    with Red's ground-to-ground weapons cut to its first three (nggwep = (3, 4)): Red defending
    (s1 = 1), ASTD is 4 x 3 and DSTD 3 x 4; Blue's weapon 2 attacks Red's three weapons at
    ASTD(2, j) = katk(2, j, 2) aggatk(2, j, 2) / (sum of aggatk(2, *, 2) over Red's 8
    materiel, 1.028) = .05 x (.27, .04, .7) / 1.028."""
    design = load_sinai()[0]
    cut = {name: (getattr(design, name)[0][:3], getattr(design, name)[1])
           for name in ("aggatk", "aggdef", "katk", "kdef")}  # fmt: skip
    design = design.model_copy(update={"nggwep": (3, 4), **cut})
    astd, dstd = nominal_kill_matrices(design, 1)
    assert (astd.shape, dstd.shape) == ((4, 3), (3, 4))
    np.testing.assert_allclose(astd[1], 0.05 * np.array([0.27, 0.04, 0.7]) / 1.028)


@pytest.mark.found_by_mutation
def test_5_1_2_weapon_values_that_are_not_numbers_are_refused_naming_the_field() -> None:
    """§5.1.2: va and vd are vectors of finite values >= 0; a value that is no number (None)
    is refused naming ``va``, not a TypeError."""
    problems = _problems(lambda: WeaponValues(va=[None, 1.0], vd=np.ones(2), alpha=1.0,
                                              delta=1.0))  # fmt: skip
    assert problems == [("va", "must be a vector of finite values >= 0")]


def _same_values(got: WeaponValues | None, a: np.ndarray, d: np.ndarray) -> None:
    want = weapon_values(a, d)
    assert got is not None
    assert got.va.tobytes() == want.va.tobytes()
    assert got.vd.tobytes() == want.vd.tobytes()
    assert got.alpha == want.alpha
    assert got.delta == want.delta


def test_5_1_2_weapon_values_many_are_weapon_values_pair_by_pair() -> None:
    rng = np.random.default_rng(3)
    pairs: list[tuple[np.ndarray, np.ndarray]] = []
    for k in range(60):
        m, n = (4, 4) if k % 3 else (int(rng.integers(1, 6)), int(rng.integers(1, 6)))
        a = rng.random((m, n)) * 10.0 ** rng.integers(-4, 4, (m, n))
        d = rng.random((n, m)) * 10.0 ** rng.integers(-4, 4, (n, m))
        if k % 4 == 1:  # reducible: a weapon type of the attackers kills nothing
            a[0] = 0.0
        if k % 5 == 2:  # sparse, perhaps reducible
            a[rng.random((m, n)) < 0.5] = 0.0
            d[rng.random((n, m)) < 0.5] = 0.0
        if k % 7 == 3:  # nothing killed at all
            a[:] = 0.0
            d[:] = 0.0
        pairs.append((a, d))
    found = weapon_values_many(pairs)
    assert len(found) == len(pairs)
    for got, (a, d) in zip(found, pairs, strict=True):
        _same_values(got, a, d)


def test_5_1_2_weapon_values_many_leaves_what_weapon_values_rejects() -> None:
    good = (np.array([[1.0, 2.0], [0.5, 1.0]]), np.array([[1.0, 3.0], [2.0, 1.0]]))
    pairs = [
        good,
        (np.array([[-1.0, 2.0], [0.5, 1.0]]), good[1]),  # negative
        (good[0], np.array([[np.nan, 3.0], [2.0, 1.0]])),  # not a number
        (np.array([[np.inf, 2.0], [0.5, 1.0]]), good[1]),  # not finite
        (good[0], np.ones((3, 2))),  # shapes that do not fit
        (np.zeros((0, 2)), np.zeros((2, 0))),  # empty
        (good[0].astype(np.float32), good[1]),  # not float64 (weapon_values converts it)
        good,
    ]
    found = weapon_values_many(pairs)
    assert found[1:7] == [None] * 6
    _same_values(found[0], *good)
    _same_values(found[7], *good)
    for a, d in pairs[1:6]:
        with pytest.raises(InvalidInputError):
            weapon_values(a, d)
