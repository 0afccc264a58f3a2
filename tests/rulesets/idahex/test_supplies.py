"""IDAHEX supplies consumption (seed 000 §7; File 50 groups 38-40, §9.1.1).

§7 prints formulas but no worked example, so the expected values are hand computations on
the small tables ``TABLES`` below (written out term by term) or on the Sinai sample data.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.consumption import _rated
from hexwar.rulesets.idahex.design import CombatSupplies, File50, load_sinai
from hexwar.rulesets.idahex.supplies import (
    SupplyTables,
    consume,
    demand,
    engaged_demand_trusted,
    engaged_demands_trusted,
    nonengaged_demands,
)
from tests.rulesets.idahex.helpers import _problems, _refusal, _refused

from .sinai import SINAI

# Resources (§2.2.2 order): 1 tanks, 2 ammunition, 3 fuel, 4 personnel. nequip = 1 and
# nss = 2, so supply k is resource 1 + k: ammunition (k = 1) and fuel (k = 2).
TANKS, AMMO, FUEL, PERS = range(4)
NONENGAGED = np.zeros((2, 4, 3))  # [supply k][resource irs][posture class 1-3]
NONENGAGED[0, PERS] = (0.001, 0.002, 0.003)  # ammunition: personnel only
NONENGAGED[1, TANKS] = (0.1, 0.5, 2.0)  # fuel: tanks burn most moving ...
NONENGAGED[1, PERS] = (0.0, 0.01, 0.02)  # ... and personnel use some out of hold
SSVACT = np.zeros((2, 4, 2))  # [supply k][resource irs][pointer]
SSVRES = np.zeros((2, 4, 2))
SSVACT[0, TANKS, 0] = 1.0  # pointer 1 (posture 10): tanks in combat fire ammunition
SSVACT[0, TANKS, 1] = 3.0  # pointer 2 (posture 40): more when attacking
SSVACT[0, PERS, 1] = 0.01
SSVACT[1, TANKS, 1] = 1.0
SSVRES[0, PERS, 1] = 0.001
SSVRES[1, TANKS, 1] = 0.2
SSVRES[1, PERS, 1] = 0.005
MAPPS = np.zeros(31, dtype=np.int64)
MAPPS[1] = 1  # [kpost](10) = 1: posture 10 -> pointer 1
MAPPS[21] = 2  # [kpost](40) = 21: posture 40 -> pointer 2; posture 20 has none
TABLES = SupplyTables(1, 1, NONENGAGED, MAPPS, SSVACT, SSVRES)
UNIT = np.array([10.0, 100.0, 200.0, 1000.0])  # tanks, ammunition, fuel, personnel
TFRAME = 0.5
FRINV = np.array([0.8, 0.5, 0.5, 0.5])  # λ(irs): the fractions actively in combat


def d(
    posture: int,
    *,
    engaged: bool = False,
    passenger: bool = False,
    frinv: np.ndarray | None = None,
    tables: SupplyTables = TABLES,
    resources: np.ndarray = UNIT,
) -> list[float]:
    """``D(ibu, k)`` for k = 1, 2 on the test tables (by default the unit ``UNIT``)."""
    out = demand(
        tables,
        resources,
        posture=posture,
        engaged=engaged,
        passenger=passenger,
        frinv=frinv,
        tframe=TFRAME,
    )
    return [float(x) for x in out]


# -- demand -------------------------------------------------------------------------------


@pytest.mark.parametrize("posture", [-10, 0, 5, 9])
def test_inactive_units_demand_nothing(posture: int) -> None:
    """§7: 'An inactive unit (one in posture class -1 or 0) consumes no supplies.'"""
    assert d(posture, engaged=True, frinv=FRINV) == [0.0, 0.0]


@pytest.mark.parametrize(
    ("posture", "expected"),
    [
        # class 1: ammunition .5 * .001 * 1000 = .5; fuel .5 * .1 * 10 = .5
        (10, [0.5, 0.5]),
        # class 2: ammunition .5 * .002 * 1000 = 1; fuel .5 * (.5 * 10 + .01 * 1000) = 7.5
        (21, [1.0, 7.5]),
        # class 3: ammunition .5 * .003 * 1000 = 1.5; fuel .5 * (2 * 10 + .02 * 1000) = 20
        (30, [1.5, 20.0]),
    ],
)
def test_nonengaged_demand_by_posture_class(posture: int, expected: list[float]) -> None:
    """§7 not engaged: D(ibu, k) = Σ_irs tframe * ssvncr(k, irs, pc) * [resources](ibu, irs)."""
    assert d(posture) == pytest.approx(expected)


def test_nonengaged_demands_of_many_units_at_once() -> None:
    """§7 not engaged, for a side's units in one go: the hand-computed rows above (classes
    1, 2, 3 of ``UNIT``) and a second unit of half ``UNIT`` in class 1 (half of row 1)."""
    rows = np.array([UNIT, UNIT, UNIT, UNIT / 2])
    got = nonengaged_demands(TABLES, rows, np.array([1, 2, 3, 1]), TFRAME)
    expected = [0.5, 0.5, 1.0, 7.5, 1.5, 20.0, 0.25, 0.25]
    assert got.ravel().tolist() == pytest.approx(expected)
    none = nonengaged_demands(TABLES, np.zeros((0, 4)), np.array([], dtype=int), TFRAME)
    assert none.shape == (0, 2)


def test_7_a_nonengaged_demand_depends_on_the_rated_resources_alone() -> None:
    """§7 not engaged: D(ibu, k) = tframe * Σ_irs rate(k, irs, pc) * [resources](irs). A
    resource no supply type is consumed for in the class adds exact zeros, and the sum is
    rounded once from the exact terms (math.fsum), so D is the same float whatever that
    resource holds; the game keeps demands by the rated resources alone (``_rated``). The
    test tables rate tanks and personnel in every class, never ammunition or fuel: a unit
    that burnt its supplies demands the very same (class 2 from above: 1 and 7.5; class 3:
    1.5 and 20)."""
    assert [r.tolist() for r in _rated(TABLES)] == [[TANKS, PERS]] * 3
    burnt = UNIT.copy()
    burnt[AMMO], burnt[FUEL] = 3.7, 0.0
    rows = nonengaged_demands(
        TABLES, np.array([UNIT, burnt, UNIT, burnt]), np.array([2, 2, 3, 3]), TFRAME
    )
    assert rows[0].tobytes() == rows[1].tobytes()
    assert rows[2].tobytes() == rows[3].tobytes()
    assert rows.ravel().tolist() == pytest.approx([1.0, 7.5, 1.0, 7.5, 1.5, 20.0, 1.5, 20.0])


def test_7_a_nonengaged_demand_is_kept_by_the_rated_values_zeros_of_either_sign_alike() -> None:
    """§7 not engaged: the game keeps a demand by the values of the rated resources
    (``_rated_values``), a rated resource of -0 and one of +0 giving one key: each enters
    the demand only through its products with the rates, zeros that leave the exactly
    rounded sum as it is, so both demand the same bits in every class."""
    from hexwar.rulesets.idahex.consumption import _rated_values

    plus = UNIT.copy()
    plus[TANKS] = 0.0
    minus = plus.copy()
    minus[TANKS] = -0.0
    for column, values in enumerate(_rated_values(TABLES), start=1):
        assert values(plus) == values(minus)
        assert values(UNIT) != values(plus)
        rows = nonengaged_demands(TABLES, np.array([plus, minus]), np.array([column] * 2), 0.5)
        assert rows[0].tobytes() == rows[1].tobytes()


def test_passenger_demands_at_class_1_rates() -> None:
    """§7: a passenger in a stacked task force uses pc = 1, even moving and engaged."""
    assert d(31, passenger=True) == pytest.approx([0.5, 0.5])
    assert d(40, passenger=True, engaged=True) == pytest.approx([0.5, 0.5])


def test_attack_posture_not_engaged_uses_movement_rates() -> None:
    """Ruling (§7, ssvncr has posture classes 1-3 only): a unit in posture class 4 that is
    not engaged demands at the class 3 (movement) rates."""
    assert d(40) == d(30) == pytest.approx([1.5, 20.0])
    assert d(43) == d(30)


def test_engaged_demand_splits_active_and_reserve_resources() -> None:
    """§7 engaged, posture 40, index = mapps(1, [kpost](40)) = 2, λ = (.8, .5, .5, .5):
    ammunition .5 * (3 * .8 * 10 + .01 * .5 * 1000 + .001 * .5 * 1000) = .5 * 29.5 = 14.75;
    fuel .5 * (1 * .8 * 10 + .2 * .2 * 10 + .005 * .5 * 1000) = .5 * 10.9 = 5.45."""
    assert d(40, engaged=True, frinv=FRINV) == pytest.approx([14.75, 5.45])


def test_engaged_demand_uses_the_postures_pointer() -> None:
    """§7: posture 10 uses pointer 1: ammunition .5 * 1 * .8 * 10 = 4, no fuel."""
    assert d(10, engaged=True, frinv=FRINV) == pytest.approx([4.0, 0.0])


def test_engaged_without_pointer_demands_as_not_engaged() -> None:
    """Ruling (§7, group 40 gives posture 20 no mapps pointer): the class 2 rates apply."""
    assert d(20, engaged=True, frinv=FRINV) == d(20) == pytest.approx([1.0, 7.5])


def test_no_supplies_played() -> None:
    """§7: 'If nss(s) = 0 -- side s supplies are not played -- then nothing is done.'"""
    none = SupplyTables(
        2, 1, np.zeros((0, 4, 3)), np.zeros(31, dtype=np.int64), *[np.zeros((0, 4, 0))] * 2
    )
    assert d(30, tables=none) == []
    after = consume(np.zeros((3, 0)), np.zeros((3, 0)), [[0, 1]])
    assert after.shape == (3, 0)


def test_demand_refuses_bad_inputs() -> None:
    """Bad inputs raise InvalidInputError naming the field."""
    cases = {
        "resources": {"posture": 10, "resources": UNIT[:3]},
        "frinv": {"posture": 40, "engaged": True, "frinv": None},
        "engaged": {"posture": 30, "engaged": True, "frinv": FRINV},
    }
    for field, kwargs in cases.items():
        with pytest.raises(InvalidInputError) as info:
            d(**kwargs)
        assert info.value.problems[0].path == field
    with pytest.raises(InvalidInputError) as info:
        d(40, engaged=True, frinv=np.array([1.5, 0, 0, 0]))
    assert info.value.problems[0].path == "frinv"
    with pytest.raises(InvalidInputError, match="posture"):
        d(55)


def test_tables_refuse_inconsistent_shapes() -> None:
    """SupplyTables checks its arrays: ssvact must match nss and nrs, pointers must exist."""
    with pytest.raises(InvalidInputError) as info:
        SupplyTables(1, 1, NONENGAGED, MAPPS, SSVACT[:, :3], SSVRES)
    assert info.value.problems[0].path == "ssvact"
    bad = MAPPS.copy()
    bad[2] = 3
    with pytest.raises(InvalidInputError) as info:
        SupplyTables(1, 1, NONENGAGED, bad, SSVACT, SSVRES)
    assert info.value.problems[0].path == "mapps"


# -- consumption ----------------------------------------------------------------------------


def test_lone_unit_consumes_what_it_can() -> None:
    """§7, a unit in no task force: C = min(D, stk), stock <- stk - C."""
    after = consume([[10.0, 5.0], [3.0, 0.0]], [[4.0, 8.0], [3.0, 1.0]], [])
    assert after.tolist() == [[6.0, 0.0], [0.0, 0.0]]


def test_task_force_pools_and_keeps_the_same_fraction() -> None:
    """§7, a task force: dd = 20 + 0 = 20 of stk = 10 + 30 = 40, so C = 20 and each element
    keeps (40 - 20)/40 = 1/2 of its stock: 5 and 15 (alone they would keep 0 and 30). Row 2
    is on its own: 7 - 2 = 5."""
    after = consume([[10.0], [30.0], [7.0]], [[20.0], [0.0], [2.0]], [[0, 1]])
    assert after[:, 0].tolist() == pytest.approx([5, 15, 5])


def test_task_force_that_runs_out_is_left_empty() -> None:
    """§7: dd = 50 >= stk = 40: C = 40, every element keeps (40 - 40)/40 = 0."""
    after = consume([[10.0], [30.0]], [[25.0], [25.0]], [[1, 0]])
    assert after.tolist() == [[0.0], [0.0]]


def test_task_force_with_no_stock_stays_at_zero() -> None:
    """§7 with stk = 0 (the fraction (stk - C)/stk is 0/0): the stocks stay 0."""
    after = consume([[0.0, 4.0], [0.0, 4.0]], [[1.0, 2.0], [1.0, 2.0]], [[0, 1]])
    assert after.tolist() == [[0.0, 2.0], [0.0, 2.0]]


def test_consume_refuses_bad_groups() -> None:
    """Task force rows must exist and belong to one task force each."""
    for groups, field in (([[0, 2]], "groups[0]"), ([[0], [1, 0]], "groups[1]")):
        with pytest.raises(InvalidInputError) as info:
            consume([[1.0], [1.0]], [[0.0], [0.0]], groups)
        assert info.value.problems[0].path == field
    with pytest.raises(InvalidInputError) as info:
        consume([[1.0], [1.0]], [[0.0, 0.0], [0.0, 0.0]], [])
    assert info.value.problems[0].path == "demands"


@st.composite
def frames(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray, list[list[int]]]:
    n = draw(st.integers(1, 8))
    nss = draw(st.integers(1, 3))
    value = st.one_of(st.just(0.0), st.floats(0.0, 1000.0))
    stocks = np.array(draw(st.lists(value, min_size=n * nss, max_size=n * nss))).reshape(n, nss)
    demands = np.array(draw(st.lists(value, min_size=n * nss, max_size=n * nss))).reshape(n, nss)
    labels = draw(st.lists(st.integers(-1, 3), min_size=n, max_size=n))  # -1: no task force
    groups = [[i for i, g in enumerate(labels) if g == label] for label in range(4)]
    return stocks, demands, [g for g in groups if g]


@settings(max_examples=150, deadline=None)
@given(frames())
def test_consumption_is_bounded_and_pooled(
    frame: tuple[np.ndarray, np.ndarray, list[list[int]]],
) -> None:
    """§7 for any frame: no stock goes negative or grows, and each task force (or lone unit)
    consumes exactly min(total demand, total stock)."""
    stocks, demands, groups = frame
    after = consume(stocks, demands, groups)
    assert np.all(after >= 0)
    assert np.all(after <= stocks)
    grouped = {i for g in groups for i in g}
    for rows in groups + [[i] for i in range(len(stocks)) if i not in grouped]:
        used = stocks[rows].sum(axis=0) - after[rows].sum(axis=0)
        expected = np.minimum(demands[rows].sum(axis=0), stocks[rows].sum(axis=0))
        assert np.allclose(used, expected, rtol=1e-9, atol=1e-9)


# -- the Sinai design -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def sinai() -> File50:
    return load_sinai()[0]


def test_sinai_tables_from_file50(sinai: File50) -> None:
    """Groups 38-40 of the Sinai deck: Red has nss = 2, nrs = 9, supplies in columns 7-8,
    pointers 1-4 for postures 10, 11, 20 and 40; fuel (k = 2) for personnel (irs = 9) is
    .01 in class 2 and .034 in class 3 (group 38's last card)."""
    red = SupplyTables.from_design(sinai, 1)
    assert (red.nss, red.nrs, red.supply_columns) == (2, 9, slice(6, 8))
    assert [red.pointer(p) for p in (10, 11, 20, 40)] == [1, 2, 3, 4]
    assert red.nonengaged[1, 8].tolist() == [0.0, 0.01, 0.034]
    blue = SupplyTables.from_design(sinai, 2)
    assert [blue.pointer(p) for p in (10, 11, 20, 40)] == [5, 6, 7, 8]
    assert blue.ssvact[:, :, 4].tolist() == [[0, 0, 2.8, 0, 0, 0, 0, 0.02], [0] * 7 + [0.023]]


def test_sinai_red_brigade_moving(sinai: File50) -> None:
    """Sinai, a Red type 1 unit at its toe (12 artillery, 2550 personnel) moving, tframe .25:
    fuel .25 * (.001 * 12 + .034 * 2550) = 21.678; no ammunition out of combat."""
    red = SupplyTables.from_design(sinai, 1)
    out = demand(
        red, sinai.toe[0], posture=30, engaged=False, passenger=False, frinv=None, tframe=0.25
    )
    assert out.tolist() == pytest.approx([0.0, 21.678])


def test_sinai_red_brigade_attacking(sinai: File50) -> None:
    """Sinai, the same unit engaged in posture 40 (pointer 4), half of everything in combat:
    ammunition .25 * (3 * .5 * 32 tanks + .02 * .5 * 2550 + .001 * .5 * 2550) = 18.69375;
    fuel .25 * (.024 * .5 * 2550 + .01 * .5 * 2550) = 10.8375."""
    red = SupplyTables.from_design(sinai, 1)
    out = demand(
        red,
        sinai.toe[0],
        posture=40,
        engaged=True,
        passenger=False,
        frinv=np.full(9, 0.5),
        tframe=0.25,
    )
    assert out.tolist() == pytest.approx([18.69375, 10.8375])


def test_group_40_old_entries_use_the_last_data_of_their_pointer(sinai: File50) -> None:
    """Group 40 ('mapps(side, [kpost](i)) = k ... if (old) go to 1'): an old entry only sets
    the posture's pointer; a later entry that is not old replaces that pointer's data, so
    posture 11 (old, pointer 1) ends up with the data of posture 20's entry."""
    zero = tuple(tuple(0.0 for _ in range(9)) for _ in range(2))

    def data(x: float) -> tuple[tuple[float, ...], ...]:
        return ((x,) + (0.0,) * 8, (0.0,) * 9)

    entries = (
        CombatSupplies(posture=10, mapps=1, old=False, ssvact=data(1.0), ssvres=zero),
        CombatSupplies(posture=11, mapps=1, old=True, ssvact=(), ssvres=()),
        CombatSupplies(posture=40, mapps=2, old=False, ssvact=data(2.0), ssvres=zero),
        CombatSupplies(posture=20, mapps=1, old=False, ssvact=data(5.0), ssvres=zero),
    )
    design = sinai.model_copy(update={"combat_supplies": (entries, sinai.combat_supplies[1])})
    red = SupplyTables.from_design(design, 1)
    assert [red.pointer(p) for p in (10, 11, 20, 40)] == [1, 1, 1, 2]
    assert red.ssvact[0, 0].tolist() == [5.0, 2.0]


def _only_refusal(make: Callable[[], object]) -> tuple[str | None, str]:
    with pytest.raises(InvalidInputError) as info:
        make()
    [problem] = info.value.problems
    return (problem.path, problem.message)


def _tables(**changes: Any) -> SupplyTables:
    """test_supplies.py's tables (nss 2, nrs 4, pointers 1 and 2) with ``changes``."""
    args: dict[str, Any] = {
        "side": 1,
        "nequip": 1,
        "nonengaged": NONENGAGED,
        "mapps": MAPPS,
        "ssvact": SSVACT,
        "ssvres": SSVRES,
    }
    args.update(changes)
    return SupplyTables(**args)


NEGATIVE = NONENGAGED.copy()

NEGATIVE[1, 0, 2] = -0.5


MISSING = NONENGAGED.tolist()

MISSING[1][0][2] = None


BAD_POINTER = MAPPS.copy()

BAD_POINTER[3] = -1


RATES = "must be 3-D with finite rates >= 0, got shape (2, 4, 3)"


@pytest.mark.found_by_full_run
def test_7_supply_tables_are_for_red_or_blue_only() -> None:
    """§7 (File 50 groups 38-40 are read per side): a side other than 1 (Red) or 2 (Blue) is
    refused by name, before any of the design's per-side lists is read."""
    sinai = load_sinai()
    for side in (0, 3):
        assert _refused(lambda s=side: SupplyTables.from_design(sinai, s)) == [
            ("side", f"must be 1 (Red) or 2 (Blue), got {side}")
        ]


@pytest.mark.found_by_full_run
@pytest.mark.parametrize("tframe", [0.0, math.inf, math.nan])
def test_7_a_frame_is_a_finite_length_of_time_above_0(tframe: float) -> None:
    """§7: D(ibu, k) is a frame's demand, tframe times the rates: a frame of length 0 or
    without end is refused naming ``tframe``."""
    got = _refusal(lambda: demand(TABLES, UNIT, posture=10, engaged=False, passenger=False,
                                  frinv=None, tframe=tframe))  # fmt: skip
    assert got == ("tframe", f"must be a finite number > 0, got {tframe!r}")


@pytest.mark.found_by_full_run
def test_7_the_engaged_rates_need_the_unit_s_involvement_and_a_posture_that_can_fight() -> None:
    """§7: an engaged unit demands at ssvact for frinv(irs) of its resources (§5.4.1) and
    ssvres for the rest, so frinv is needed; §5: a unit in a movement posture (30) cannot be
    engaged. Each refusal names its field and says what is wrong."""
    got = _refusal(lambda: demand(TABLES, UNIT, posture=40, engaged=True, passenger=False,
                                  frinv=None, tframe=0.5))  # fmt: skip
    assert got == (
        "frinv",
        "an engaged unit needs the fractions of its resources in combat",
    )
    got = _refusal(lambda: demand(TABLES, UNIT, posture=30, engaged=True, passenger=False,
                                  frinv=FRINV, tframe=0.5))  # fmt: skip
    assert got == (
        "engaged",
        "a unit in movement posture 30 cannot be engaged (§5)",
    )
    path, message = _refusal(lambda: demand(TABLES, UNIT[:3], posture=10, engaged=False,
                                            passenger=False, frinv=None, tframe=0.5))  # fmt: skip
    assert (path, message) == ("resources", "must have 4 values, got shape (3,)")
    path, message = _refusal(lambda: demand(TABLES, UNIT, posture=40, engaged=True,
                                            passenger=False, frinv=[1.5, 0, 0, 0],
                                            tframe=0.5))  # fmt: skip
    assert path == "frinv"
    assert message.startswith("must hold finite numbers in [0, 1], got ")


@pytest.mark.found_by_full_run
def test_7_stocks_and_demands_are_refused_by_name() -> None:
    """§7 consume: stocks [resources](ibu, nequip + k) and demands D(ibu, k), one row per unit
    and one column per supply type, each >= 0; a task force's rows are unit rows (not a
    boolean), each in one task force. Each refusal names its field."""
    ok = [[1.0], [1.0]]
    assert _refusal(lambda: consume([1.0, 1.0], ok, [])) == (
        "stocks",
        "must be [units, nss], got shape (2,)",
    )
    assert _refusal(lambda: consume(ok, [[1.0], [-1.0]], [])) == (
        "demands",
        "must hold finite numbers >= 0",
    )
    assert _refusal(lambda: consume(ok, [[0.0, 0.0], [0.0, 0.0]], [])) == (
        "demands",
        "must have the stocks' shape (2, 1), got (2, 2)",
    )
    assert _refusal(lambda: consume(ok, ok, [[0, True]])) == (
        "groups[0]",
        "row True is not a unit row 0..1",
    )
    assert _refusal(lambda: consume(ok, ok, [[0], [1, 0]])) == (
        "groups[1]",
        "row 0 is in more than one task force",
    )


@pytest.mark.found_by_full_run
def test_7_a_task_force_of_whole_stocks_keeps_fractions_of_them() -> None:
    """§7: a task force consumes C = min(dd, stk) of its pooled stock and each element keeps
    (stk - C)/stk of its own: stocks 3 and 1 given as whole numbers, demands 1 and 1: C = 2 of
    4, each keeps 1/2: 1.5 and .5 (not rounded to whole numbers)."""
    after = consume([[3], [1]], [[1], [1]], [[0, 1]])
    assert after.tolist() == [[1.5], [0.5]]


@pytest.mark.found_by_full_run
def test_7_a_side_with_one_supply_type_demands_it() -> None:
    """§7: 'If nss(s) = 0 ... nothing is done' -- with nss(s) = 1 the demand is made: the test
    tables cut to ammunition alone, a unit in hold (posture 10, class 1) of 1000 personnel at
    .001 a unit of time, tframe .5: D = .5 x .001 x 1000 = .5, alone and as one of many."""
    one = SupplyTables(1, 1, NONENGAGED[:1], MAPPS, SSVACT[:1], SSVRES[:1])
    got = demand(one, UNIT, posture=10, engaged=False, passenger=False, frinv=None, tframe=0.5)
    assert got.tolist() == [0.5]
    many = nonengaged_demands(one, np.array([UNIT, UNIT]), np.array([1, 1]), 0.5)
    assert many.tolist() == [[0.5], [0.5]]


@pytest.mark.found_by_full_run
@pytest.mark.parametrize(
    ("posture", "pointer", "expected"),
    [
        # ssvact(1, 3) 2.8, ssvres(1, 8) .02, ssvres(2, 8) .015
        (10, 5, (0.25 * (2.8 + 0.02 * 1000), 0.25 * 0.015 * 1000)),
        # ssvact(1, 3) 0, ssvres(1, 8) .001, ssvres(2, 8) .015
        (11, 6, (0.25 * 0.001 * 1000, 0.25 * 0.015 * 1000)),
        # ssvact(1, 3) 1.5, ssvres(1, 8) .010, ssvres(2, 8) .020
        (20, 7, (0.25 * (1.5 + 0.010 * 1000), 0.25 * 0.020 * 1000)),
        # ssvact(1, 3) 2.8, ssvres(1, 8) .001, ssvres(2, 8) .020
        (40, 8, (0.25 * (2.8 + 0.001 * 1000), 0.25 * 0.020 * 1000)),
    ],
)
def test_7_an_engaged_unit_demands_at_its_own_pointer_s_combat_and_reserve_rates(
    posture: int, pointer: int, expected: tuple[float, float]
) -> None:
    """§7: an engaged unit in posture pp demands, for each supply type k, tframe * sum over irs
    of (ssvact(k, irs, index) * lambda(irs) + ssvres(k, irs, index) * (1 - lambda(irs))) *
    [resources](irs), index = mapps(s, [kpost](pp)). Group 40 of the §9.2 data gives Blue
    (side 2: 8 resource types, tanks type 3, personnel type 8, supplies ammunition and fuel)
    the pointers 5, 6, 7, 8 for postures 10, 11, 20, 40, each with its own ssvact and ssvres
    rows. A Blue unit of 1 tank actively in combat and 1000 personnel all in reserve, in the
    Sinai frame of .25 (group 2), demands the tank's ssvact and the personnel's ssvres of its
    posture's own pointer (ssvres is read from that pointer's cards, not a neighbour's)."""
    tables = SupplyTables.from_design(SINAI[0], 2)
    assert tables.pointer(posture) == pointer
    resources = [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1000.0]
    frinv = [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    got = demand(
        tables,
        resources,
        posture=posture,
        engaged=True,
        passenger=False,
        frinv=frinv,
        tframe=0.25,
    )
    assert got.tolist() == pytest.approx(expected)


@settings(max_examples=60, deadline=None)
@given(
    side=st.sampled_from([1, 2]),
    posture=st.sampled_from([10, 11, 20, 40]),
    data=st.data(),
)
def test_7_an_engaged_demand_needs_frinv_only_of_the_resources_its_rates_name(
    side: int, posture: int, data: st.DataObject
) -> None:
    """§7: frinv enters an engaged unit's demand only through ssvact * frinv * res and ssvres
    * (1 - frinv) * res, so a frinv changed where both rates are 0 (or the unit holds none)
    gives the same bits; consumption.unit_demand leaves §5.4.1 out when the unit holds none
    of :attr:`SupplyTables.involved` of its pointer."""
    tables = SupplyTables.from_design(SINAI[0], side)
    index = tables.pointer(posture)
    if index == 0:
        return
    amounts = st.floats(0.0, 1e4, allow_subnormal=False)
    resources = np.array(data.draw(st.lists(amounts, min_size=tables.nrs, max_size=tables.nrs)))
    frinv = np.array(
        data.draw(st.lists(st.floats(0.0, 1.0), min_size=tables.nrs, max_size=tables.nrs))
    )
    other = frinv.copy()
    involved = tables.involved[index - 1]
    held = resources[involved] != 0
    other[np.setdiff1d(np.arange(tables.nrs), involved[held])] = 0.0

    def of(lam: Any) -> bytes:
        return demand(
            tables,
            resources,
            posture=posture,
            engaged=True,
            passenger=False,
            frinv=lam,
            tframe=0.25,
        ).tobytes()

    assert of(other) == of(frinv)


@settings(max_examples=40, deadline=None)
@given(side=st.sampled_from([1, 2]), data=st.data())
def test_7_engaged_demands_together_are_each_unit_s_bit_for_bit(
    side: int, data: st.DataObject
) -> None:
    """§7: the demands of many engaged units worked out together (a frame's engaged units,
    consumption.frame_demands) are each unit's engaged_demand_trusted, bit for bit, whatever
    the pointers, holdings (zeros of either sign included) and frinv."""
    tables = SupplyTables.from_design(SINAI[0], side)
    pointers = sorted({tables.pointer(p) for p in (10, 11, 20, 40)} - {0})
    count = data.draw(st.integers(1, 12))
    amounts = st.floats(0.0, 1e4, allow_subnormal=False) | st.sampled_from([0.0, -0.0])
    resources = np.array(
        data.draw(
            st.lists(
                st.lists(amounts, min_size=tables.nrs, max_size=tables.nrs),
                min_size=count,
                max_size=count,
            )
        )
    )
    frinv = np.array(
        data.draw(
            st.lists(
                st.lists(st.floats(0.0, 1.0), min_size=tables.nrs, max_size=tables.nrs),
                min_size=count,
                max_size=count,
            )
        )
    )
    indices = np.array(
        data.draw(st.lists(st.sampled_from(pointers), min_size=count, max_size=count))
    )
    together = engaged_demands_trusted(tables, resources, indices, frinv, 0.25)
    for i in range(count):
        alone = engaged_demand_trusted(tables, resources[i], int(indices[i]), frinv[i], 0.25)
        assert together[i].tobytes() == alone.tobytes()


@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_7_engaged_demands_together_are_each_unit_s_whatever_the_rates_rated(
    data: st.DataObject,
) -> None:
    """§7: engaged_demands_trusted is each unit's engaged_demand_trusted bit for bit on
    tables of any pattern of rates: a supply type with one or two resources rated (summed
    along the units) or more (each row by fsum), holdings and frinv with zeros of either
    sign, and amounts whose products reach the largest floats."""
    nss, nrs, npointers = 2, 5, 3
    rate = st.sampled_from([0.0, 0.0, 0.0, -0.0, 0.5, 3.0, 1e300])
    rates = [
        np.array(data.draw(st.lists(rate, min_size=size, max_size=size))).reshape(
            nss, nrs, npointers
        )
        for size in (nss * nrs * npointers,) * 2
    ]
    mapps = np.zeros(31, dtype=np.int64)
    mapps[1:4] = (1, 2, 3)
    tables = SupplyTables(1, 0, np.zeros((nss, nrs, 3)), mapps, rates[0], rates[1])
    count = data.draw(st.integers(1, 10))
    amount = st.floats(0.0, 1e4) | st.sampled_from([0.0, -0.0, 1e300, 7e-310])
    fraction = st.floats(0.0, 1.0) | st.sampled_from([0.0, -0.0, 1.0])

    def matrix(values: st.SearchStrategy[float]) -> np.ndarray:
        rows = st.lists(values, min_size=nrs, max_size=nrs)
        return np.array(data.draw(st.lists(rows, min_size=count, max_size=count)))

    resources, frinv = matrix(amount), matrix(fraction)
    indices = np.array(data.draw(st.lists(st.integers(1, 3), min_size=count, max_size=count)))

    def alone(i: int) -> bytes:
        return engaged_demand_trusted(
            tables, resources[i], int(indices[i]), frinv[i], 0.25
        ).tobytes()

    try:
        together = engaged_demands_trusted(tables, resources, indices, frinv, 0.25)
    except OverflowError:  # fsum's intermediate overflow: one by one too
        with pytest.raises(OverflowError):
            [alone(i) for i in range(count)]
        return
    for i in range(count):
        assert together[i].tobytes() == alone(i)


@pytest.mark.found_by_full_run
@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        ({"side": 0}, "side", "must be 1 (Red) or 2 (Blue), got 0"),
        ({"side": 3}, "side", "must be 1 (Red) or 2 (Blue), got 3"),
        ({"nequip": -1}, "nequip", "must be an integer >= 0, got -1"),
        ({"nequip": 1.5}, "nequip", "must be an integer >= 0, got 1.5"),
        ({"nequip": True}, "nequip", "must be an integer >= 0, got True"),
        (
            {"nonengaged": NONENGAGED[:, :, 0]},
            "nonengaged",
            "must be 3-D with finite rates >= 0, got shape (2, 4)",
        ),
        ({"nonengaged": NEGATIVE}, "nonengaged", RATES),
        ({"nonengaged": MISSING}, "nonengaged", RATES),
        (
            {"nonengaged": NONENGAGED[:, :, :2]},
            "nonengaged",
            "needs posture classes 1-3, got (2, 4, 2)",
        ),
        ({"ssvact": SSVACT[:, :3]}, "ssvact", "must be (2, 4, n), got (2, 3, 2)"),
        ({"ssvres": SSVRES[:, :, :1]}, "ssvres", "must have ssvact's shape (2, 4, 2)"),
    ],
)
def test_7_the_supply_tables_refuse_a_bad_side_count_or_rate_by_name(
    changes: dict[str, Any], path: str, message: str
) -> None:
    """§7 (File 50 groups 38-40): the tables are one side's (1 Red or 2 Blue), its supplies are
    the resource types after nequip(s) (a whole number >= 0: a bool or 1.5 is not one), the
    nonengaged rates are nss x nrs x posture classes 1-3 and the engaged rates ssvact and ssvres
    nss x nrs x pointers of one shape, every rate a finite quantity >= 0 ("quantity of type i
    supplies consumed in one unit of time", LB = 0; a missing rate is not one). Each refusal
    names its field and says what is wrong."""
    assert _only_refusal(lambda: _tables(**changes)) == (path, message)


@pytest.mark.found_by_full_run
def test_7_the_supply_tables_take_no_equipment_and_refuse_a_pointer_below_0() -> None:
    """§7: nequip(s) = 0 is a side whose supplies are its first resource types; mapps(s, p)
    is a pointer 0..the last pointer with data (0: no pointer, LB = 1 otherwise): -1 is refused
    by name, with the bounds."""
    assert _tables(nequip=0).supply_columns == slice(0, 2)
    path, message = _only_refusal(lambda: _tables(mapps=BAD_POINTER))
    assert path == "mapps"
    assert message.startswith("must be 31 pointers in 0..2, got ")


@pytest.mark.found_by_full_run
@pytest.mark.parametrize(
    ("pointer", "kind"),
    [(1.5, "float64"), (1.0, "float64"), (None, "object")],
)
def test_7_a_pointer_is_an_integer(pointer: object, kind: str) -> None:
    """§7 and the glossary: mapps(s, p) is an integer, the number of a pointer's data (group
    40 reads it with an integer format). A fraction is refused (not cut to 1, which would
    read pointer 1's rates), and so is a number written as a real or a missing pointer, by
    name."""
    mapps: list[object] = MAPPS.tolist()
    mapps[1] = pointer
    assert _only_refusal(lambda: _tables(mapps=mapps)) == (
        "mapps",
        f"must be integer pointers, got {kind} values",
    )


@pytest.mark.found_by_full_run
def test_7_the_supply_tables_are_the_side_s_own_and_unalterable() -> None:
    """§7: the rates and pointers are design data (File 50 groups 38-40), the same for every
    frame of the game: the tables keep their own copy (a later change to the arrays they were
    made from changes no demand) and refuse to be written to."""
    mapps = MAPPS.copy()
    nonengaged = NONENGAGED.copy()
    tables = _tables(mapps=mapps, nonengaged=nonengaged)
    mapps[1] = 2
    nonengaged[:] = 9.0
    assert tables.pointer(10) == 1
    assert tables.nonengaged[0, 3].tolist() == [0.001, 0.002, 0.003]
    for array in (tables.nonengaged, tables.ssvact, tables.ssvres, tables.mapps, tables.by_class):
        with pytest.raises(ValueError, match="read-only"):
            array[(0,) * array.ndim] = 1


@pytest.mark.found_by_mutation
def test_7_resources_that_are_not_numbers_are_refused_naming_the_field() -> None:
    """§7 demand D(ibu, k) from [resources](ibu, irs): an entry that is no number (None) is
    refused as bad input naming ``resources``, not a TypeError from the arithmetic."""
    problems = _problems(lambda: demand(TABLES, [10.0, None, 200.0, 1000.0], posture=10,
                                        engaged=False, passenger=False, frinv=None,
                                        tframe=0.5))  # fmt: skip
    assert [path for path, _ in problems] == ["resources"]


_STOCK_OR_DEMAND = st.sampled_from([0.0, -0.0, 0.5, 1.0, 2.0, 1e-300, 3.25])


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_STOCK_OR_DEMAND, min_size=2, max_size=2),
    st.lists(_STOCK_OR_DEMAND.filter(lambda x: x >= 0), min_size=2, max_size=2),
)
def test_7_a_lone_unit_consumes_in_floats_what_the_arrays_give(
    stocks: list[float], row: list[float]
) -> None:
    """§7 consumption._consume_alone: a lone unit's stocks and its side's consumed sums are
    those of ``stocks - np.minimum(row, stocks)`` bit for bit (zeros' signs included), or it
    leaves the unit to the arrays (a stock of -0 against a demand of +0)."""
    from types import SimpleNamespace

    from hexwar.rulesets.idahex.consumption import _consume_alone
    from hexwar.rulesets.idahex.engine import UnitState

    held = np.array([7.0, *stocks, 5.0])
    u = UnitState(1, 1, 1, "u", 1, 30, 1, 0.0, held.copy())
    game = SimpleNamespace(_consumed=[np.array([0.0, 1.5]), np.zeros(2)])
    sup = slice(1, 3)
    done = _consume_alone(game, u, list(row), sup)  # type: ignore[arg-type]
    before = held[sup]
    after = before - np.minimum(np.array(row), before)
    if not done:
        assert any(s == 0 and math.copysign(1, s) < 0 for s in stocks)
        assert u.resources.tobytes() == held.tobytes()
        assert game._consumed[0].tolist() == [0.0, 1.5]
        return
    # (Stocks equal to the ones before, -0 == +0, are left as they were, as before.)
    kept = after if (after != before).any() else before
    assert u.resources[sup].tobytes() == kept.tobytes()
    assert u.resources[[0, 3]].tolist() == [7.0, 5.0]
    assert game._consumed[0].tobytes() == (np.array([0.0, 1.5]) + (before - after)).tobytes()
    assert u.memo.get("runs short", bool(u.resources[sup].min() <= 0)) == bool(
        u.resources[sup].min() <= 0
    )
