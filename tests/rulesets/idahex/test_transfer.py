"""IDAHEX redistribution of resources: the transfer command (seed 000 §4.2.1) and the delivery
order (§4.2.2).

The hand examples are worked from the §4.2.1 optimality conditions in the docstrings. The
randomised tests check each closed-form allocation against the quadratic programme as §4.2.1
prints it, expanded into ``Σ h q² + g q`` (the constant dropped, so that small differences
are not lost in a large sum), in two independent ways: scipy's SLSQP must not find a better
point, and must find the same one whenever it reports convergence; and the allocation must
satisfy the KKT conditions of the programme.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray
from scipy.optimize import minimize

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.transfer import (
    TransferResult,
    allocate_to_takers,
    assess_givers,
    deliver,
    pool,
    transfer,
)

Floats = NDArray[np.float64]
ALL = np.ones(4, dtype=bool)


# -- an independent solver for the §4.2.1 programmes ----------------------------------------


@dataclass(frozen=True, eq=False)
class Programme:
    """``minimize Σ h q² + g q`` subject to ``Σ q = amt`` and ``0 <= q <= upper``, with the
    module's answer ``q``."""

    h: Floats
    g: Floats
    upper: Floats
    amt: float
    q: Floats

    def value(self, q: Floats) -> float:
        return float(self.h @ (q * q) + self.g @ q)

    def check_kkt(self) -> None:
        """``q`` is feasible and no marginal shift from a unit holding some (q > 0) to one
        with room (q < upper) lowers the objective: the KKT conditions, sufficient for a
        convex programme."""
        q = self.q
        assert q.sum() == pytest.approx(self.amt, rel=1e-9, abs=1e-12)
        assert np.all((q >= 0) & (q <= self.upper))
        slope = 2 * self.h * q + self.g
        give, room = q > 0, q < self.upper
        if give.any() and room.any():
            assert slope[give].max() <= slope[room].min() + 1e-9 * (1 + np.abs(slope).max())

    def check_against_scipy(self) -> None:
        """SLSQP finds no better point than ``q``, and finds ``q`` itself when it converges."""
        theirs, converged = scipy_qp(self.h, self.g, self.upper, self.amt)
        best = self.value(theirs)
        assert self.value(self.q) <= best + 1e-9 * (1 + abs(best))
        if converged:
            assert np.allclose(self.q, theirs, rtol=0, atol=1e-6 * max(1.0, self.amt))


def scipy_qp(h: Floats, g: Floats, upper: Floats, amt: float) -> tuple[Floats, bool]:
    """argmin ``Σ h q² + g q`` subject to ``Σ q = amt``, ``0 <= q <= upper``, by SLSQP; and
    whether SLSQP converged.

    For SLSQP's sake units with no room are left out, ``g`` is centred (which changes the
    objective by a constant on the feasible set), the variables are ``x = sqrt(h) q / amt``
    (so that the Hessian is the identity) and the start is feasible."""
    q = np.zeros(h.size)
    free = upper > 0
    n = int(free.sum())
    if amt == 0 or n == 0:
        return q, True
    d = np.sqrt(h[free])
    lin = (g[free] - g[free].mean()) / (d * amt)  # objective / amt²: Σ x² + lin x
    scale = 1.0 + np.abs(lin).sum()
    share = np.minimum(upper[free] / amt, 1.0)
    res = minimize(
        lambda x: (x @ x + lin @ x) / scale,
        d * share / share.sum(),
        jac=lambda x: (2 * x + lin) / scale,
        method="SLSQP",
        bounds=[(0.0, u) for u in upper[free] * d / amt],
        constraints=[{"type": "eq", "fun": lambda x: (x / d).sum() - 1, "jac": lambda x: 1 / d}],
        options={"ftol": 1e-16, "maxiter": 1000},
    )
    q[free] = res.x / d * amt
    return q, bool(res.success)


def case1_objective(stock: Floats, toe: Floats, q: Floats) -> float:
    """§4.2.1 Case 1, as printed: Σ (1 - (stock + q)/toe)²."""
    return float(np.sum((1 - (stock + q) / toe) ** 2))


def case2_objective(stock: Floats, q: Floats) -> float:
    """§4.2.1 Case 2, as printed: Σ (stock + q)²."""
    return float(np.sum((stock + q) ** 2))


def givers_objective(stock: Floats, toe: Floats, q: Floats) -> float:
    """§4.2.1 givers' programme, as printed: Σ ((stock - q)/toe - 1)²."""
    return float(np.sum(((stock - q) / toe - 1) ** 2))


# (1 - (s+q)/t)² = q²/t² - 2 (1 - s/t) q/t + const;  (s+q)² = q² + 2 s q + const;
# ((s-q)/t - 1)² = q²/t² - 2 (s/t - 1) q/t + const.
def case1_form(s: Floats, t: Floats) -> tuple[Floats, Floats]:
    return 1 / t**2, -2 * (1 - s / t) / t


def case2_form(s: Floats) -> tuple[Floats, Floats]:
    return np.ones_like(s), 2 * s


def givers_form(s: Floats, t: Floats) -> tuple[Floats, Floats]:
    return 1 / t**2, -2 * (s / t - 1) / t


def test_the_expanded_forms_are_the_printed_objectives() -> None:
    """The quadratic forms handed to scipy differ from §4.2.1's objectives by a constant."""
    rng = np.random.default_rng(4)
    s, t = rng.uniform(0, 50, 5), rng.uniform(1, 50, 5)
    q1, q2 = rng.uniform(0, 20, 5), rng.uniform(0, 20, 5)
    for (h, g), f in (
        (case1_form(s, t), lambda q: case1_objective(s, t, q)),
        (case2_form(s), lambda q: case2_objective(s, q)),
        (givers_form(s, t), lambda q: givers_objective(s, t, q)),
    ):
        assert f(q1) - f(q2) == pytest.approx(h @ (q1 * q1 - q2 * q2) + g @ (q1 - q2))


# -- random cases ---------------------------------------------------------------------------

TakersCase = tuple[Floats, Floats, NDArray[np.bool_], float]
GiversCase = tuple[Floats, Floats, float]

quantity = st.one_of(st.just(0.0), st.floats(1e-6, 100.0))
planned = st.one_of(st.just(0.0), st.floats(0.5, 100.0))
fraction = st.one_of(st.just(0.0), st.floats(0.01, 1.0))
# Amounts tiny beside the stocks: SLSQP cannot resolve them (the objective's differences
# vanish beside its size), so they are checked by the KKT conditions alone.
tiny = st.floats(1e-9, 1e-3)


@st.composite
def takers_case(draw: st.DrawFn, share: st.SearchStrategy[float] = fraction) -> TakersCase:
    n = draw(st.integers(1, 6))
    stock = np.array(draw(st.lists(quantity, min_size=n, max_size=n)))
    toe = np.array(draw(st.lists(planned, min_size=n, max_size=n)))
    accepts = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    amt = draw(share) * (2 * float(stock.sum()) + 50)
    return stock, toe, accepts, amt


@st.composite
def givers_case(draw: st.DrawFn, share: st.SearchStrategy[float] = fraction) -> GiversCase:
    n = draw(st.integers(1, 6))
    stock = np.array(draw(st.lists(quantity, min_size=n, max_size=n)))
    toe = np.array(draw(st.lists(planned, min_size=n, max_size=n)))
    return stock, toe, draw(share) * float(stock.sum())


def takers_programme(case: TakersCase) -> Programme | None:
    """The §4.2.1 takers' programme with :func:`allocate_to_takers`' answer: Case 1 over T'',
    else Case 2 over T' (``None`` if T' is empty); checks that nothing is given off the set."""
    stock, toe, accepts, amt = case
    q = allocate_to_takers(stock, toe, accepts, amt)
    t2 = accepts & (toe > 0)
    chosen = t2 if t2.any() else accepts
    assert np.all(q[~chosen] == 0)
    if not chosen.any():
        return None
    s, t = stock[chosen], toe[chosen]
    h, g = case1_form(s, t) if t2.any() else case2_form(s)
    return Programme(h, g, np.full(s.size, np.inf), amt, q[chosen])


def givers_programme(case: GiversCase) -> Programme:
    """The §4.2.1 givers' programme over G - G' with :func:`assess_givers`' answer; checks
    that G' gives ``min(amt/Q, 1)`` of its stock."""
    stock, toe, amt = case
    q = assess_givers(stock, toe, amt)
    spare = toe == 0
    total_spare = float(stock[spare].sum())
    share = amt / total_spare if total_spare > amt else 1.0
    assert np.allclose(q[spare], share * stock[spare])
    s, t = stock[~spare], toe[~spare]
    return Programme(*givers_form(s, t), s, max(amt - total_spare, 0.0), q[~spare])


@settings(max_examples=150, deadline=None)
@given(takers_case())
def test_allocation_to_takers_solves_the_printed_programme(case: TakersCase) -> None:
    """§4.2.1 allocation among the takers: Case 1 over T'', else Case 2 over T', is the
    optimum of the printed programme (scipy and KKT), and gives nothing off the set."""
    programme = takers_programme(case)
    if programme is not None:
        programme.check_kkt()
        programme.check_against_scipy()


@settings(max_examples=150, deadline=None)
@given(givers_case())
def test_assessment_of_givers_solves_the_printed_programme(case: GiversCase) -> None:
    """§4.2.1 assessment of the givers: G' gives min(amt/Q, 1) of its stock, the rest is the
    optimum of the printed programme (scipy and KKT) with the ruling's bound q <= stock."""
    programme = givers_programme(case)
    programme.check_kkt()
    programme.check_against_scipy()


@settings(max_examples=100, deadline=None)
@given(takers_case(tiny), givers_case(tiny))
def test_tiny_amounts_are_optimal_too(takers: TakersCase, givers: GiversCase) -> None:
    """§4.2.1 both programmes with amounts tiny beside the stocks: the KKT conditions hold."""
    programme = takers_programme(takers)
    if programme is not None:
        programme.check_kkt()
    givers_programme(givers).check_kkt()


# -- hand-computed allocations ----------------------------------------------------------------


def test_case1_equalizes_deficits_in_proportion_to_toe() -> None:
    """§4.2.1 Case 1 (T'' nonempty): where q > 0, 1 - (stock + q)/toe = c * toe.

    Stocks 0 and 10, toe 100 and 50, amt 40: with both receiving, c = (100 + 40 - 40)/(100² +
    50²) = 0.008, q = toe - stock - c toe² = 100 - 80 = 20 and 40 - 20 = 20 (ratios 0.2 and
    0.6, deficits 0.8 = c*100 and 0.4 = c*50). The third taker can hold the type but has
    toe = 0 (in T' - T''), the fourth cannot hold it: both get nothing.
    """
    q = allocate_to_takers([0, 10, 5, 5], [100, 50, 0, 0], [True, True, True, False], 40)
    assert q == pytest.approx([20, 20, 0, 0])


def test_case1_leaves_out_a_taker_above_the_common_deficit() -> None:
    """§4.2.1 Case 1: stocks 0 and 45, toe 100 and 50, amt 10. Giving only to the first, c =
    (100 - 10)/100² = 0.009, and the second's deficit 1 - 45/50 = 0.1 is below c*50 = 0.45,
    so it gets nothing: q = (10, 0)."""
    q = allocate_to_takers([0, 45], [100, 50], [True, True], 10)
    assert q == pytest.approx([10, 0])


def test_case2_equalizes_stocks_over_t_prime() -> None:
    """§4.2.1 Case 2 (T'' empty): stocks 5 and 1 rise to a common level L where q > 0.

    amt 6: L - 5 + L - 1 = 6, L = 6, q = (1, 5); amt 2: L = 3 < 5, q = (0, 2). The third
    unit cannot hold the type (not in T') and gets nothing.
    """
    accepts = [True, True, False]
    assert allocate_to_takers([5, 1, 9], [0, 0, 0], accepts, 6) == pytest.approx([1, 5, 0])
    assert allocate_to_takers([5, 1, 9], [0, 0, 0], accepts, 2) == pytest.approx([0, 2, 0])


def test_no_taker_can_hold_the_type() -> None:
    """§4.2.1: 'If T' is empty, q(k) is set to 0 for every k, and amt(irs) is reset to 0.'"""
    assert np.all(allocate_to_takers([1, 2], [3, 4], [False, False], 5) == 0)
    result = transfer([1, 2], [[10.0], [0.0]], [[0.0], [5.0]], [[True], [False]], [1], [2])
    assert result.moved.tolist() == [0.0]
    assert result.resources.tolist() == [[10.0], [0.0]]
    assert result.warnings == ("no taker can hold resource type 1: none transferred",)


def test_givers_with_no_toe_cover_the_amount() -> None:
    """§4.2.1 G' (toe = 0) holding Q = 40 >= amt = 20: each gives min(20/40, 1) = 1/2 of its
    stock and the others give nothing."""
    q = assess_givers([10, 30, 50], [0, 0, 40], 20)
    assert q == pytest.approx([5, 15, 0])


def test_givers_with_no_toe_do_not_cover_the_amount() -> None:
    """§4.2.1 G' holding Q = 40 < amt = 70 gives everything; the other 30 come from stocks 60
    and 40 (toe 20 each) so that (stock - q)/toe - 1 = c * toe: q = (40 - 400c, 20 - 400c)
    with sum 30, c = 0.0375, q = (25, 5), leaving both at 35."""
    q = assess_givers([10, 30, 60, 40], [0, 0, 20, 20], 70)
    assert q == pytest.approx([10, 30, 25, 5])


# -- the bound ruling -------------------------------------------------------------------------

# Stocks 10 and 1, toe 1 and 10, amt 10.5 (<= the 11 they hold). The printed programme's
# optimum: q = (9 - c, -9 - 100c) with sum 10.5, c = -10.5/101, q2 = 1.396 > stock 1.
BOUND_STOCK = np.array([10.0, 1.0])
BOUND_TOE = np.array([1.0, 10.0])


def test_the_printed_givers_programme_can_drive_a_stock_negative() -> None:
    """Ruling (§4.2.1 givers): without q <= stock the manual's answer leaves -0.396."""
    theirs, converged = scipy_qp(*givers_form(BOUND_STOCK, BOUND_TOE), np.full(2, np.inf), 10.5)
    assert converged
    assert theirs == pytest.approx([9 + 10.5 / 101, -9 + 1050 / 101], abs=1e-6)
    assert (BOUND_STOCK - theirs)[1] == pytest.approx(-0.396, abs=1e-3)


def test_a_giver_never_gives_more_than_it_holds() -> None:
    """Ruling (§4.2.1 givers, bound q <= stock): the second giver gives its whole stock, 1,
    and the first the other 9.5 (c = 9 - 9.5 = -0.5 <= -1/toe2 = -0.1: the bound is
    active)."""
    assert assess_givers(BOUND_STOCK, BOUND_TOE, 10.5) == pytest.approx([9.5, 1.0])


@settings(max_examples=100, deadline=None)
@given(givers_case())
def test_the_bound_never_changes_a_nonnegative_printed_answer(case: GiversCase) -> None:
    """Ruling (§4.2.1 givers): where the printed programme (q >= 0 only) leaves every stock
    nonnegative, the bounded answer is the same."""
    stock, toe, amt = case
    rest = toe > 0
    s, t = stock[rest], toe[rest]
    need = amt - stock[~rest].sum()
    if need <= 0 or not rest.any():
        return
    printed, converged = scipy_qp(*givers_form(s, t), np.full(s.size, np.inf), need)
    if not converged or np.any(s - printed < 1e-6 * max(1.0, need)):
        return  # no reliable printed answer, or it empties (or overdraws) a giver
    ours = assess_givers(stock, toe, amt)[rest]
    assert np.allclose(ours, printed, rtol=0, atol=1e-6 * max(1.0, need))


# -- whole commands -----------------------------------------------------------------------------


def test_pooling_when_givers_are_takers() -> None:
    """§4.2.1 G = T: each type is pooled. Type 1: T'' = units 1, 2 (toe 30, 10) share the
    total 100 so that stock/toe is equal: 75 and 25; unit 3 cannot hold it and its 20 go
    into the pool. Type 2: T'' is empty, so T' = all three get 60/3 = 20 each."""
    resources = [[50.0, 60.0], [30.0, 0.0], [20.0, 0.0]]
    toe = [[30.0, 0.0], [10.0, 0.0], [0.0, 0.0]]
    accepts = [[True, True], [True, True], [False, True]]
    result = transfer([1, 2, 3], resources, toe, accepts, [3, 2, 1], [1, 2, 3], [5.0, None])
    assert result.pooled
    assert result.resources == pytest.approx(np.array([[75, 20], [25, 20], [0, 20]]))
    assert result.moved.tolist() == pytest.approx([25, 40])
    assert result.warnings == ("givers and takers are the same units: all resources pooled",)


def test_pooling_a_type_no_unit_can_hold_leaves_it() -> None:
    """Ruling (§4.2.1 G = T): with T' empty there is nowhere to put a type; it stays put."""
    out = pool(np.array([[4.0], [0.0]]), np.zeros((2, 1)), np.zeros((2, 1), dtype=bool))
    assert out.tolist() == [[4.0], [0.0]]


# Units 1 (giver, surplus 50), 2 (giver and taker, short 20), 3 (taker, short 40); type 1.
BOTH = ([1, 2, 3], [[100.0], [20.0], [0.0]], [[50.0], [40.0], [40.0]], [[True]] * 3)


def test_default_amount_is_min_of_demand_and_supply() -> None:
    """§4.2.1 undeclared amount: demand = 20 + 40 = 60 over T = {2, 3}, supply = 50 + 0 over
    G = {1, 2}, amt = 50. Takers (toe 40 each, stocks 20, 0): q = (15, 35), both reach 35.
    Givers (stocks now 100, 35; toe 50, 40): unit 1 alone gives 50 (c = 0 while unit 2's
    breakpoint is -5/1600), so unit 2 is both a net taker and an untouched giver."""
    result = transfer(*BOTH, givers=[1, 2], takers=[2, 3])
    assert result.moved.tolist() == [50.0]
    assert result.resources[:, 0].tolist() == pytest.approx([50, 35, 35])
    assert not result.pooled
    assert result.warnings == ()


def test_default_amount_limited_by_demand() -> None:
    """§4.2.1: demand 10 < supply 50: only 10 moves, the taker reaches its toe."""
    result = transfer([1, 2], [[100.0], [30.0]], [[50.0], [40.0]], [[True]] * 2, [1], [2])
    assert result.moved.tolist() == [10.0]
    assert result.resources[:, 0].tolist() == pytest.approx([90, 40])


def test_declared_amount_is_capped_at_what_givers_hold() -> None:
    """§4.2.1: a declared amount 'is reset if necessary so that it does not exceed Σ_G
    [resources]': 1000 declared, the giver holds 60, all 60 go."""
    result = transfer([1, 2], [[60.0], [0.0]], [[50.0], [40.0]], [[True]] * 2, [1], [2], [1000])
    assert result.moved.tolist() == [60.0]
    assert result.resources[:, 0].tolist() == pytest.approx([0, 60])
    assert result.warnings == ("resource type 1: 1000 declared, the givers hold only 60",)


def test_declared_amount_below_the_default_is_used() -> None:
    """§4.2.1: a declared amount within the givers' stock is transferred as declared."""
    result = transfer([1, 2], [[60.0], [0.0]], [[50.0], [40.0]], [[True]] * 2, [1], [2], [5])
    assert result.resources[:, 0].tolist() == pytest.approx([55, 5])


@pytest.mark.parametrize(("givers", "takers", "text"), [([], [2], "givers"), ([1], [], "takers")])
def test_no_givers_or_no_takers_is_warned(givers: list[int], takers: list[int], text: str) -> None:
    """§4.2.1: 'If ... there are no givers or no takers, no transfer is made, and the player
    is warned.'"""
    result = transfer([1, 2], [[5.0], [0.0]], [[0.0], [5.0]], [[True]] * 2, givers, takers)
    assert result.resources.tolist() == [[5.0], [0.0]]
    assert result.moved.tolist() == [0.0]
    assert result.warnings == (f"no transfer: there are no {text}",)


def test_delivery_gives_only_the_size_times_the_surplus() -> None:
    """§4.2.2: amount = min(demand, λ * supply): surplus 100 - 40 = 60, λ = 0.25, demand 50:
    15 delivered."""
    result = deliver([7, 8], [[100.0], [0.0]], [[40.0], [50.0]], [[True]] * 2, [7], [8], 0.25)
    assert result.moved.tolist() == [15.0]
    assert result.resources[:, 0].tolist() == pytest.approx([85, 15])


def test_full_delivery_never_takes_a_giver_below_toe() -> None:
    """§4.2.2: 'a giver can only give away resources to the extent they exceed its planned
    effective stock': λ = 1, demand 500, the giver keeps its toe of 40."""
    result = deliver([7, 8], [[100.0], [0.0]], [[40.0], [500.0]], [[True]] * 2, [7], [8], 1.0)
    assert result.resources[:, 0].tolist() == pytest.approx([40, 60])


def test_delivery_to_itself_pools() -> None:
    """§4.2.2: 'If G = T, then the resources are redistributed exactly as ... in 4.2.1.'"""
    result = deliver([7, 8], [[90.0], [0.0]], [[20.0], [10.0]], [[True]] * 2, [7, 8], [8, 7], 0.0)
    assert result.pooled
    assert result.resources[:, 0].tolist() == pytest.approx([60, 30])


def test_delivery_with_no_takers_does_nothing() -> None:
    """§4.2.2: 'If T is empty, of course, no transfer occurs.'"""
    result = deliver([7], [[90.0]], [[20.0]], [[True]], [7], [], 1.0)
    assert result.resources.tolist() == [[90.0]]
    assert result.warnings == ("no delivery: there are no takers",)


@pytest.mark.parametrize("size", [-0.1, 1.5, float("nan")])
def test_delivery_size_must_be_in_unit_interval(size: float) -> None:
    """§4.2.2: 'The delivery size is a number between 0 and 1, inclusive.'"""
    with pytest.raises(InvalidInputError) as info:
        deliver([7, 8], [[1.0], [0.0]], [[0.0], [1.0]], [[True]] * 2, [7], [8], size)
    assert info.value.problems[0].path == "size"


# -- conservation -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    units: list[int]
    resources: Floats
    toe: Floats
    accepts: NDArray[np.bool_]
    givers: list[int]
    takers: list[int]
    amounts: Sequence[float | None]


@st.composite
def commands(draw: st.DrawFn) -> Command:
    n = draw(st.integers(1, 6))
    nrs = draw(st.integers(1, 3))
    cells = st.lists(quantity, min_size=n * nrs, max_size=n * nrs)
    resources = np.array(draw(cells)).reshape(n, nrs)
    toe = np.array(draw(st.lists(planned, min_size=n * nrs, max_size=n * nrs))).reshape(n, nrs)
    flags = st.lists(st.booleans(), min_size=n * nrs, max_size=n * nrs)
    accepts = np.array(draw(flags)).reshape(n, nrs)
    units = list(range(101, 101 + n))
    givers = draw(st.lists(st.sampled_from(units), unique=True))
    takers = draw(st.lists(st.sampled_from(units), unique=True))
    amount = st.one_of(st.none(), st.floats(0.0, 400.0))
    amounts = draw(st.lists(amount, min_size=nrs, max_size=nrs))
    return Command(units, resources, toe, accepts, givers, takers, amounts)


def check_conserved(c: Command, result: TransferResult) -> None:
    assert np.allclose(result.resources.sum(axis=0), c.resources.sum(axis=0), rtol=1e-12, atol=1e-9)
    assert np.all(result.resources >= 0)
    involved = [i for i, u in enumerate(c.units) if u in c.givers or u in c.takers]
    others = [i for i in range(len(c.units)) if i not in involved]
    assert np.array_equal(result.resources[others], c.resources[others])


@settings(max_examples=150, deadline=None)
@given(commands())
def test_transfer_conserves_every_type(c: Command) -> None:
    """§4.2.1: what the takers receive is what the givers are assessed; no stock goes
    negative and units outside G and T are untouched."""
    result = transfer(c.units, c.resources, c.toe, c.accepts, c.givers, c.takers, c.amounts)
    check_conserved(c, result)


@settings(max_examples=100, deadline=None)
@given(commands(), fraction)
def test_delivery_conserves_every_type(c: Command, size: float) -> None:
    """§4.2.2: a delivery conserves each type's total too, and never takes a giver below its
    toe unless it is also a taker."""
    result = deliver(c.units, c.resources, c.toe, c.accepts, c.givers, c.takers, size)
    check_conserved(c, result)
    if result.pooled:
        return
    givers_only = [i for i, u in enumerate(c.units) if u in c.givers and u not in c.takers]
    floor = np.minimum(c.resources[givers_only], c.toe[givers_only])
    assert np.all(result.resources[givers_only] >= floor - 1e-9)


# -- bad inputs ---------------------------------------------------------------------------------


def test_bad_inputs_name_the_field() -> None:
    """Bad inputs raise InvalidInputError naming the field (shape, sign, unit numbers)."""
    good = ([1, 2], [[1.0], [0.0]], [[0.0], [1.0]], [[True], [True]], [1], [2])
    cases = {
        "toe": (good[0], good[1], [[0.0, 1.0], [1.0, 1.0]], *good[3:]),
        "resources": (good[0], [[-1.0], [0.0]], *good[2:]),
        "accepts": (*good[:3], [[1], [1]], *good[4:]),
        "givers": (*good[:4], [9], good[5]),
        "units": ([1, 1], *good[1:]),
    }
    for field, args in cases.items():
        with pytest.raises(InvalidInputError) as info:
            transfer(*args)
        assert info.value.problems[0].path == field
    with pytest.raises(InvalidInputError) as info:
        transfer(*good, amounts=[-2.0])
    assert info.value.problems[0].path == "amounts[0]"
    with pytest.raises(InvalidInputError) as info:
        transfer(*good, amounts=[1.0, 2.0])
    assert info.value.problems[0].path == "amounts"


def test_allocation_inputs_are_checked() -> None:
    """The single-type functions refuse mismatched shapes, negative amounts and assessing
    more than the givers hold."""
    with pytest.raises(InvalidInputError, match="toe"):
        allocate_to_takers([1.0, 2.0], [1.0], ALL[:2], 1.0)
    with pytest.raises(InvalidInputError, match="amt"):
        allocate_to_takers([1.0], [1.0], ALL[:1], -1.0)
    with pytest.raises(InvalidInputError, match="amt"):
        assess_givers([1.0, 2.0], [0.0, 1.0], 3.5)
