"""§4.2.1 and §5.1.2 (seed 000) at the boundaries the full mutation run found untested.

Transfers go through :func:`transfer`, the function the game's transfer command calls
(§4.2.1): one resource type, givers that hold less than their planned effective stock (toe)
unless named otherwise, one taker (unit 9, stock 0, toe 0: Case 2, ``T' = {9}``, and it takes
the whole amount). The second step of §4.2.1 takes ``amt`` from the givers, first from those with
toe 0 (``G'``), then so as to minimize ``Σ ((stock - q)/toe - 1)²``. Giving ``q`` of a
giver's stock ``s`` (toe ``t``) raises its term at the rate ``2 (1 - (s - q)/t) / t``; the
optimum gives from the giver whose rate is lowest, until the rates are equal or a giver has
given all it holds (``q <= stock``, the ruling "Transfer and delivery (§4.2)"). Each case below
puts the amount exactly at such a cap, where the water level sits on a breakpoint.

Weapon values go through :func:`weapon_values`, the function the combat frame calls (§5.1.2,
with the kill matrices ``A`` and ``D`` of §5.1.1); the expected values are the limit of app's
iteration from all ones (footnote 2; docs/rulings/idahex.md, "Which solution when `AD` is
reducible" and "Tied submatrices"), worked out by hand in each docstring.
"""

from __future__ import annotations

import numpy as np
import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.transfer import transfer
from hexwar.rulesets.idahex.values import TIE, WeaponValues, weapon_values

TAKER = 9


def give(stocks: list[float], toes: list[float], declared: float) -> list[float]:
    """The stocks after givers ``1..n`` (``stocks``, ``toes``) hand ``declared`` of one type
    to the taker; the taker's stock last."""
    units = [*range(1, len(stocks) + 1), TAKER]
    resources = [[s] for s in [*stocks, 0.0]]
    toe = [[t] for t in [*toes, 0.0]]
    accepts = [[True]] * len(units)
    result = transfer(units, resources, toe, accepts, units[:-1], [TAKER], [declared])
    return [float(x) for x in result.resources[:, 0]]


# -- §4.2.1 the givers: a water level exactly at a giver's stock -------------------------------


@pytest.mark.parametrize(
    ("stocks", "toes", "amount", "after"),
    [
        # Giver 1 (.1 of toe 9): rate 2 (1 - .1/9) / 9 = .2198, .2222 once it has given all;
        # giver 2 (.05 of toe .6): 2 (1 - .05/.6) / .6 = 3.06 from its first unit. Giver 1
        # gives all its .1, giver 2 nothing.
        ([0.1, 0.05], [9.0, 0.6], 0.1, [0.0, 0.05, 0.1]),
        # Giver 1 (.7 of toe 3): .511 to .667; giver 2 (.05 of toe .4): 4.375. Giver 1 gives
        # all its .7.
        ([0.7, 0.05], [3.0, 0.4], 0.7, [0.0, 0.05, 0.7]),
        # Giver 1 (.2 of toe .7): 2 (1 - .2/.7) / .7 = 2.04; giver 2 (.7 of toe 2): .65 to 1.
        # Giver 2, the second, gives all its .7; giver 1 nothing.
        ([0.2, 0.7], [0.7, 2.0], 0.7, [0.2, 0.0, 0.7]),
    ],
)
def test_4_2_1_the_cheapest_giver_gives_exactly_all_it_holds(
    stocks: list[float], toes: list[float], amount: float, after: list[float]
) -> None:
    """§4.2.1, the second step: the amount is exactly what the cheapest giver holds, so it
    gives all of it (left with 0, not a rounding residue) and the other keeps its stock to
    the last bit."""
    assert give(stocks, toes, amount) == after


def test_4_2_1_two_givers_of_one_toe_reach_their_caps_at_the_same_level() -> None:
    """§4.2.1, the second step: givers 1 and 2 have the same toe 1.2 (4 and .1 held), giver 3
    holds .9 of toe .45. Givers 1 and 2's rates at their last unit are both 2 / 1.2 = 5/3;
    giver 3 keeping r has the rate 2 (1 - r/.45) / .45, 5/3 at r = .28125 (r/.45 = .625).
    4.71875 = 4 + .1 + (.9 - .28125) puts the level exactly there: givers 1 and 2 give all
    they hold, giver 3 keeps .28125 -- to the last bit (the two equal caps, computed from
    different stocks, fall on neighbouring floats; the level is on them)."""
    assert give([4.0, 0.1, 0.9], [1.2, 1.2, 0.45], 4.71875) == [0.0, 0.0, 0.28125, 4.71875]


def test_4_2_1_givers_of_one_toe_covering_the_amount_exactly_give_all_the_rest_none() -> None:
    """§4.2.1, the second step, eight givers: four of toe 7 holding .3, .7, .7 and .7 (2.4 in
    all), and .3 of toe .6, .3 of toe .9 (twice of each) and .7 of toe .9 (twice). The toe-7
    givers' rates run from 2 (1 - .7/7) / 7 = .257 to 2 / 7 = .286 at their last unit; the
    others' first rates are 2 (1 - .5) / .6 = 1.67, 2 (1 - 1/3) / .9 = 1.48 and 2 (1 - .7/.9)
    / .9 = .494. 2.4 declared: the four toe-7 givers give all they hold and the other four
    nothing, to the last bit (the level is anywhere between .286 and .494; the four equal
    caps are tied, and the sums over the tie must not depend on the order it is sorted in)."""
    stocks = [0.3, 0.7, 0.7, 0.3, 0.3, 0.7, 0.3, 0.7]
    toes = [7.0, 7.0, 7.0, 0.6, 0.9, 7.0, 0.6, 0.9]
    assert give(stocks, toes, 2.4) == [0.0, 0.0, 0.0, 0.3, 0.3, 0.0, 0.3, 0.7, 2.4]


def test_4_2_1_a_taker_filled_exactly_to_where_two_others_begin_takes_all() -> None:
    """§4.2.1, the first step, Case 1: minimize Σ (1 - (stock + q)/toe)² over T''. Giving q to
    a taker raises its term at the rate 2 ((stock + q)/toe - 1) / toe. Takers (3 of toe .5,
    .2 of toe .4, 2 of toe .4): taker 1's rate is 2 (6 - 1) / .5 = 20 and taker 3's 2 (5 - 1)
    / .4 = 20 before they take anything; taker 2's reaches 20 at stock 2 (ratio 5), after
    1.8. So 1.8 (given by unit 1, toe 0) goes all to taker 2, which ends with exactly 2, and
    takers 1 and 3 keep exactly their stocks (their breakpoints, equal by hand, fall on
    neighbouring floats; the level is on them)."""
    units = [1, 11, 12, 13]
    result = transfer(
        units,
        [[1.8], [3.0], [0.2], [2.0]],
        [[0.0], [0.5], [0.4], [0.4]],
        [[True]] * 4,
        [1],
        [11, 12, 13],
        [1.8],
    )
    assert result.resources[:, 0].tolist() == [0.0, 3.0, 2.0, 2.0]


def test_4_2_1_givers_asked_for_all_they_hold_give_all_of_it() -> None:
    """§4.2.1: a declared amount 'is reset if necessary so that it does not exceed Σ_G
    [resources]': 1 declared of givers holding .4 (toe 9) and .3 (toe 1). The constraints
    Σ q = amt and q <= stock leave one answer: each gives all it holds, both left with 0."""
    units = [1, 2, TAKER]
    result = transfer(
        units, [[0.4], [0.3], [0.0]], [[9.0], [1.0], [1.0]], [[True]] * 3, [1, 2], [TAKER], [1.0]
    )
    assert result.resources[:2, 0].tolist() == [0.0, 0.0]
    assert result.resources[2, 0] == pytest.approx(0.7)
    assert result.warnings == ("resource type 1: 1 declared, the givers hold only 0.7",)


def test_4_2_1_givers_with_no_toe_covering_the_amount_exactly_spare_the_others() -> None:
    """§4.2.1: the givers with toe 0 (G', holding Q) give first, each the fraction min(amt/Q,
    1) of its stock; 'if they cannot cover amt' the rest comes from the others. Unit 1 (toe 0)
    holds .5 and .5 is declared: amt/Q = 1, unit 1 gives all, and the others (.4 of toe 7,
    .05 of toe .7) give nothing -- their stocks are untouched to the last bit."""
    assert give([0.5, 0.4, 0.05], [0.0, 7.0, 0.7], 0.5) == [0.0, 0.4, 0.05, 0.5]


# -- §4.2.1 inputs: refused with the field and what is wrong -----------------------------------


def test_4_2_1_a_resources_table_of_one_dimension_is_refused_by_name() -> None:
    """[resources](k, irs) is a table, one row per unit and one column per type: a flat list
    is refused as ``resources`` with the shape it has."""
    with pytest.raises(InvalidInputError) as info:
        transfer([1, 2], [1.0, 0.0], [[0.0], [1.0]], [[True]] * 2, [1], [2])
    (problem,) = info.value.problems
    assert problem.path == "resources"
    assert problem.message == "must have 2 dimension(s), got shape (2,)"


def test_4_2_1_a_negative_stock_is_refused_where_it_is() -> None:
    """A stock of -2 of unit 1's type 2 is refused as ``resources`` at row 0, column 1."""
    with pytest.raises(InvalidInputError) as info:
        transfer([1, 2], [[1.0, -2.0], [0.0, 0.0]], [[0.0] * 2] * 2, [[True] * 2] * 2, [1], [2])
    (problem,) = info.value.problems
    assert problem.path == "resources"
    assert problem.message == "must hold finite numbers >= 0, got -2.0 at (0, 1)"


# -- §5.1.2 the values record: refused with the field and what is wrong -----------------------


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


def test_5_1_2_a_values_record_with_alpha_not_delta_names_delta_and_scaling_iv() -> None:
    """§5.1.2 (iv): 'alpha = delta'. alpha 1 and delta 2 are refused as ``delta``."""
    with pytest.raises(InvalidInputError) as info:
        WeaponValues(va=np.ones(1), vd=np.ones(1), alpha=1.0, delta=2.0)
    (problem,) = info.value.problems
    assert problem.path == "delta"
    assert problem.message == (
        "alpha = 1.0 != delta = 2.0: Holter's scaling (iv) requires alpha = delta (§5.1.2)"
    )


# -- §5.1.2 the kill matrices: refused with the matrix and what is wrong -----------------------


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


def test_5_1_2_a_negative_kill_rate_is_refused_with_its_place_and_value() -> None:
    """§5.1.2: A(i,j) is a rate, >= 0. A(1,1) = -1 (A(2,1) = 5) is refused as ``A`` naming
    A(1,1) and its value -1, not another entry's."""
    with pytest.raises(InvalidInputError) as info:
        weapon_values([[-1.0], [5.0]], [[1.0, 1.0]])
    (problem,) = info.value.problems
    assert problem.path == "A"
    assert problem.message == "A(1,1) = -1.0: a kill rate must be finite and >= 0 (§5.1.2)"


# -- §5.1.2 the values: the limit of app's iteration -------------------------------------------


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


def test_5_1_2_a_chain_of_duels_by_a_tiny_kill_rate_keeps_only_the_upper_one() -> None:
    """§5.1.2: two duels with lambda = 1 (a1-d1, a2-d2) and a1 also kills d2, at 1e-170. As
    for any positive rate (test_values.py, the chained submatrices), the only nonnegative
    solution of (1) and (2) gives duel 2 nothing: va = vd = (1, 0). The rate's size does not
    matter, however far it is from the duels' rates."""
    v = weapon_values([[1.0, 1e-170], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]])
    np.testing.assert_array_equal(v.va, [1.0, 0.0])
    np.testing.assert_array_equal(v.vd, [1.0, 0.0])
