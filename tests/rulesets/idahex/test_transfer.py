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

from collections.abc import Callable, Sequence
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
from tests.rulesets.idahex.helpers import F50, _per_type, _refusal, _refused, holding

from .sinai import game, play, unit

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


# Unit 1 holds 10 of each of two resource types, unit 2 none; toe 5 of each for both.
HOLD = [[10.0, 10.0], [0.0, 0.0]]


TOE = [[5.0, 5.0], [5.0, 5.0]]


def read_only(r: TransferResult) -> bool:
    return not r.resources.flags.writeable and not r.moved.flags.writeable


BOTH_TYPES = [[True, True], [True, True]]


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


@pytest.mark.found_by_full_run
@pytest.mark.parametrize(
    ("call", "path", "message"),
    [
        (lambda: allocate_to_takers([-1.0], [1.0], [True], 1.0), "stock", "finite numbers >= 0"),
        (lambda: allocate_to_takers([1.0], [-1.0], [True], 1.0), "toe", "finite numbers >= 0"),
        (lambda: allocate_to_takers([1.0], [1.0, 2.0], [True], 1.0), "toe", "(as stock)"),
        (lambda: allocate_to_takers([1.0], [1.0], [True, True], 1.0), "accepts", "shape (1,)"),
        (lambda: allocate_to_takers([1.0], [1.0], [1], 1.0), "accepts", "must be booleans"),
        (lambda: allocate_to_takers([1.0], [1.0], [True], -1.0), "amt", "a finite number"),
        (lambda: assess_givers([-1.0], [1.0], 1.0), "stock", "finite numbers >= 0"),
        (lambda: assess_givers([1.0], [-1.0], 1.0), "toe", "finite numbers >= 0"),
        (lambda: assess_givers([1.0], [1.0, 2.0], 1.0), "toe", "(as stock)"),
        (lambda: assess_givers([1.0], [0.0], 2.0), "amt", "the givers hold 1, cannot give 2"),
    ],
)
def test_4_2_1_the_programmes_refuse_their_inputs_by_name(
    call: Callable[[], object], path: str, message: str
) -> None:
    """§4.2.1: the takers' and givers' programmes read the stock and toe of each unit (finite
    amounts >= 0, one per unit), which takers accept (booleans, one per unit) and the amount
    amt (>= 0, at most what the givers hold); each refusal names its input and says why."""
    [(got_path, got_message)] = _refused(call)
    assert got_path == path
    assert message in got_message


@pytest.mark.found_by_full_run
def test_4_2_1_pooling_shares_each_type_by_toe_down_to_a_toe_of_one() -> None:
    """§4.2.1, G = T: T'' = {k in T': toe(butype(k), irs) > 0}; the pooled resources are
    redistributed so that [resources](k, irs) / toe(butype(k), irs) is the same over T''.
    Units 14 (type 1, toe(1, 1) = 155 small arms) and 51 (type 5, here toe(5, 1) = 1 instead
    of 5), both in the transfer posture 11 in cell 29, pool their 100 + 56 = 156 small arms:
    14 gets 155 and 51 gets 1."""
    toe = _per_type(F50.toe, 5, (1.0, *F50.toe[4][1:]))
    g = game(
        holding(14, 29, 11, r1=100.0),
        holding(51, 29, 11, r1=56.0),
        unit(150, 99),
        toe=toe,
    )
    play(g, "transfer 29 givers 14,51 takers 14,51")
    small_arms = {u["number"]: u["resources"][0] for u in g.view("red").data["units"]}
    assert small_arms == {14: pytest.approx(155.0), 51: pytest.approx(1.0)}


@pytest.mark.found_by_full_run
def test_4_2_1_each_type_moves_its_own_declared_amount_however_small() -> None:
    """§4.2.1: each type irs with amt(irs) > 0 is allocated to the takers (T' = those that
    can have it; none: amt(irs) is reset to 0 and the player told) and assessed on the givers.
    Unit 2 cannot have type 1. Declared 0 of type 1 and .5 of type 2: type 1 is not
    transferred and nothing is said of it (there was nothing to move); type 2 moves .5 from
    unit 1 to unit 2. The result is read-only and not pooled. Declared 1 of type 1: it is
    reset to 0 with a warning, and type 2 still moves."""
    accepts = [[True, True], [False, True]]
    r = transfer([1, 2], HOLD, TOE, accepts, [1], [2], [0.0, 0.5])
    assert r.moved.tolist() == [0.0, 0.5]
    assert r.resources.tolist() == [[10.0, 9.5], [0.0, 0.5]]
    assert r.warnings == ()
    assert r.pooled is False
    assert read_only(r)
    r = transfer([1, 2], HOLD, TOE, accepts, [1], [2], [1.0, 0.5])
    assert r.warnings == ("no taker can hold resource type 1: none transferred",)
    assert r.moved.tolist() == [0.0, 0.5]


@pytest.mark.found_by_full_run
def test_4_2_1_takers_at_their_toe_demand_nothing() -> None:
    """§4.2.1: the undeclared amount is min(demand, supply), demand = the takers' shortfalls
    below toe, max(toe - stock, 0): unit 2 holding 5 and 6 against toe 5 demands 0 of
    either, so nothing moves though unit 1 has 5 of each to spare."""
    r = transfer([1, 2], [[10.0, 10.0], [5.0, 6.0]], TOE, [[True, True]] * 2, [1], [2])
    assert r.moved.tolist() == [0.0, 0.0]
    assert r.resources.tolist() == [[10.0, 10.0], [5.0, 6.0]]


@pytest.mark.found_by_full_run
def test_4_2_1_a_command_with_no_givers_and_no_takers_moves_nothing_and_says_why() -> None:
    """§4.2.1: with no givers or no takers nothing happens and the player is warned."""
    r = transfer([1, 2], HOLD, TOE, [[True, True]] * 2, [], [])
    assert r.warnings == ("no transfer: there are no givers and no takers",)
    assert r.moved.tolist() == [0.0, 0.0]
    assert r.resources.tolist() == HOLD
    assert r.pooled is False
    assert read_only(r)


@pytest.mark.found_by_full_run
def test_4_2_1_a_command_s_units_and_holdings_are_refused_by_name() -> None:
    """§4.2.1: G and T are units of the command, each once; toe(butype(k), irs) is one
    quantity >= 0 per unit and resource type."""
    ok = [[True, True]] * 2
    assert _refusal(lambda: transfer([1, 1], HOLD, TOE, ok, [1], [1])) == (
        "units",
        "unit numbers must be distinct, got [1, 1]",
    )
    path, message = _refusal(lambda: transfer([1, 2], HOLD, [[5.0, -1.0]] * 2, ok, [1], [2]))
    assert path == "toe"
    assert message.startswith("must hold finite numbers >= 0, got ")
    assert _refusal(lambda: transfer([1, 2], HOLD, [[5.0, 5.0]], ok, [1], [2])) == (
        "toe",
        "must have shape (2, 2) (as resources), got (1, 2)",
    )
    assert _refusal(lambda: transfer([1, 2], HOLD, TOE, ok, [1], [3])) == (
        "takers",
        "unit 3 is not one of the units given",
    )


@pytest.mark.found_by_full_run
def test_4_2_1_each_declared_amount_counts_after_an_undeclared_one() -> None:
    """§4.2.1: an undeclared amount is min(demand, supply) = min(5, 10 - 5) = 5; a declared one
    is what the player says, cut to what the givers hold: type 2 declared 8 of the 10 held
    moves 8 (the undeclared type 1 before it does not end the declarations). Declaring
    exactly what the givers hold (10) moves it all without a warning."""
    r = transfer([1, 2], HOLD, TOE, BOTH_TYPES, [1], [2], [None, 8.0])
    assert r.moved.tolist() == [5.0, 8.0]
    assert r.warnings == ()
    r = transfer([1, 2], HOLD, TOE, BOTH_TYPES, [1], [2], [10.0, None])
    assert r.moved.tolist() == [10.0, 5.0]
    assert r.warnings == ()


@pytest.mark.found_by_full_run
def test_4_2_1_pooling_warns_only_of_declared_amounts() -> None:
    """§4.2.1: when the givers are the takers every type is pooled; the player is told that
    declared amounts were set aside only if some were declared."""
    r = transfer([1, 2], HOLD, TOE, BOTH_TYPES, [1, 2], [1, 2])
    assert (r.pooled, r.warnings) == (True, ())
    r = transfer([1, 2], HOLD, TOE, BOTH_TYPES, [1, 2], [1, 2], [3.0, None])
    assert r.warnings == ("givers and takers are the same units: all resources pooled",)


@pytest.mark.found_by_full_run
def test_4_2_the_amounts_and_the_delivery_size_are_refused_saying_what_is_wrong() -> None:
    """§4.2.1: one amount per resource type (2 here); §4.2.2: the delivery size lambda is in
    [0, 1]."""
    assert _refusal(lambda: transfer([1, 2], HOLD, TOE, BOTH_TYPES, [1], [2], [1.0])) == (
        "amounts",
        "needs one entry per resource type (2), got 1",
    )
    assert _refusal(lambda: deliver([1, 2], HOLD, TOE, BOTH_TYPES, [1], [2], 1.5)) == (
        "size",
        "the delivery size must be in [0, 1], got 1.5",
    )


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
def test_4_2_1_two_givers_of_one_toe_reach_their_caps_at_the_same_level() -> None:
    """§4.2.1, the second step: givers 1 and 2 have the same toe 1.2 (4 and .1 held), giver 3
    holds .9 of toe .45. Givers 1 and 2's rates at their last unit are both 2 / 1.2 = 5/3;
    giver 3 keeping r has the rate 2 (1 - r/.45) / .45, 5/3 at r = .28125 (r/.45 = .625).
    4.71875 = 4 + .1 + (.9 - .28125) puts the level exactly there: givers 1 and 2 give all
    they hold, giver 3 keeps .28125 -- to the last bit (the two equal caps, computed from
    different stocks, fall on neighbouring floats; the level is on them)."""
    assert give([4.0, 0.1, 0.9], [1.2, 1.2, 0.45], 4.71875) == [0.0, 0.0, 0.28125, 4.71875]


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
def test_4_2_1_givers_with_no_toe_covering_the_amount_exactly_spare_the_others() -> None:
    """§4.2.1: the givers with toe 0 (G', holding Q) give first, each the fraction min(amt/Q,
    1) of its stock; 'if they cannot cover amt' the rest comes from the others. Unit 1 (toe 0)
    holds .5 and .5 is declared: amt/Q = 1, unit 1 gives all, and the others (.4 of toe 7,
    .05 of toe .7) give nothing -- their stocks are untouched to the last bit."""
    assert give([0.5, 0.4, 0.05], [0.0, 7.0, 0.7], 0.5) == [0.0, 0.4, 0.05, 0.5]


@pytest.mark.found_by_full_run
def test_4_2_1_a_resources_table_of_one_dimension_is_refused_by_name() -> None:
    """[resources](k, irs) is a table, one row per unit and one column per type: a flat list
    is refused as ``resources`` with the shape it has."""
    with pytest.raises(InvalidInputError) as info:
        transfer([1, 2], [1.0, 0.0], [[0.0], [1.0]], [[True]] * 2, [1], [2])
    (problem,) = info.value.problems
    assert problem.path == "resources"
    assert problem.message == "must have 2 dimension(s), got shape (2,)"


@pytest.mark.found_by_full_run
def test_4_2_1_a_negative_stock_is_refused_where_it_is() -> None:
    """A stock of -2 of unit 1's type 2 is refused as ``resources`` at row 0, column 1."""
    with pytest.raises(InvalidInputError) as info:
        transfer([1, 2], [[1.0, -2.0], [0.0, 0.0]], [[0.0] * 2] * 2, [[True] * 2] * 2, [1], [2])
    (problem,) = info.value.problems
    assert problem.path == "resources"
    assert problem.message == "must hold finite numbers >= 0, got -2.0 at (0, 1)"


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.floats(allow_nan=True, allow_infinity=True, width=64)
        | st.sampled_from([0.0, -0.0, 1.5, -1.5, float("nan"), float("inf")]),
        max_size=12,
    )
)
def test_4_2_1_the_water_fill_s_breakpoints_are_np_unique_s_bit_for_bit(
    values: list[float],
) -> None:
    """The breakpoints the closed form searches are ``np.unique`` of them, bit for bit (zeros
    of either sign and NaNs included), found without ``np.unique`` (whose first call imports
    ``numpy.ma``)."""
    from hexwar.rulesets.idahex.transfer import _sorted_unique

    arr = np.array(values, dtype=np.float64)
    assert _sorted_unique(arr).tobytes() == np.unique(arr).tobytes()
    assert arr.tobytes() == np.array(values, dtype=np.float64).tobytes()  # left as it was
