"""IDAHEX rules that the full mutation run of the rule modules (docs/testing.md, "Sixth round:
IDAHEX in full") changed without failing a test, each checked where the game reads it, at its
boundary, with the expected value worked out by hand from seed 000.

§5.4.1's support allocation is checked through ``CombatFunctions.involvement``, the entry
point the combat procedure calls for the engaged force ``L``, on test_combat_functions.py's
small design (per side: w1, w2 weapons, t transport, S supplies, P personnel)."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.combat_functions import CombatFunctions
from hexwar.rulesets.idahex.delays import (
    Delay,
    hold_at_location_delay,
    nonpositive_delay,
    within_class_delay,
)
from hexwar.rulesets.idahex.supplies import SupplyTables, consume, demand, nonengaged_demands
from hexwar.rulesets.idahex.transfer import deliver, transfer

from .test_combat_functions import RISING, W1, W2, P, S, T, fi, no_support, small_design, spdd
from .test_delays import DATA, U9, U33, air, red
from .test_supplies import FRINV, MAPPS, NONENGAGED, SSVACT, SSVRES, TABLES, UNIT

# -- §5.4.1 support allocated to equipment ------------------------------------------------------

FLAT = ((0.0, 0.0),) * 4  # frinv.f0 of every materiel for (S, P)


def curves(w1_s: tuple[float, tuple[float, ...]], **more: object) -> dict[str, object]:
    """frinv.f0 / frinv.f of both sides with w1's curve for supplies S set to (f0, f); every
    other curve is RISING from 0 (sigma = min(ratio, 1) with x = 1 ... 1)."""
    f0 = ((w1_s[0], 0.0), *FLAT[1:])
    f = ((w1_s[1], RISING), *((RISING, RISING),) * 3)
    return {"frinv_f0": (f0, f0), "frinv_f": (f, f), **more}


def test_5_4_1_the_last_step_of_equipment_stops_at_what_the_force_holds() -> None:
    """§5.4.1 Step 2 and docs/rulings/idahex.md (Equipment's share of support): qadd =
    min{qp - q(i), qr, amount(i) - q(i)}. 10.05 w1 (stdtgt 10: steps qr = .1) each needing
    1 S, with 1000 S: the last step adds the .05 left, not a whole .1: fi(w1) = 1 (not 10.1 /
    10.05), and the S involved are the 10.05 allocated: fi(S) = 10.05 / 1000."""
    got = fi(small_design(spdd=spdd(w1=(1.0, 0.0))), [10.05, 0.0, 0.0, 1000.0, 10.0])
    assert got[W1] == pytest.approx(1.0, abs=1e-12)
    assert got[S] == pytest.approx(10.05 / 1000)


def test_5_4_1_a_force_holding_less_than_one_unit_of_equipment_still_needs_its_support() -> None:
    """§5.4.1: fi(i) = 1 without support only 'if amount(i) = 0'. Half a w1 (stdtgt 10: steps
    of qr = .1) needing 1 S a unit with .25 S: q = .1, .2 take .1 and .2 S; .3 would need .3:
    fi(w1) = .2 / .5 = .4."""
    got = fi(small_design(spdd=spdd(w1=(1.0, 0.0))), [0.5, 0.0, 0.0, 0.25, 10.0])
    assert got[W1] == pytest.approx(0.4)
    assert got[S] == pytest.approx(0.2 / 0.25)


def test_5_4_1_equipment_outside_the_standard_force_and_not_held_is_not_involved() -> None:
    """§5.4.1: 'If i <= neq but i not in I, fi(i) is set to 0' -- also when the force holds
    none: w2 with stdtgt 0 and amount 0 has fi 0; t (stdtgt 10, amount 0) is in I: fi 1."""
    d = small_design(stdtgt=((10.0, 0.0, 10.0, 100.0, 50.0),) * 2)
    got = fi(d, [5.0, 0.0, 0.0, 100.0, 10.0])
    assert (got[W2], got[T]) == (0.0, 1.0)


def test_5_4_1_equipment_is_protected_only_by_a_lower_protection_group() -> None:
    """§5.4.1 Step 1: P = {j in I: pg(j) < pg(i)}. With three ground-to-ground weapons (w1,
    w2 and t counted as one: nggwep = 3), w1 in group 1, w2 and t in group 2; prot(w2, w1) =
    1, prot(t, w1) = 0, prot(t, w2) = 1: w2 (same group) does not protect t, so t is never
    committed: fi(t) = 0, while w2 (10, protected by the 10 w1) is: fi(w2) = 1."""
    d = small_design(
        nggwep=(3, 3),
        pg=((1, 2, 2),) * 2,
        prot=(((0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),) * 2,
    )
    got = fi(d, [10.0, 10.0, 10.0, 1000.0, 10.0])
    assert list(got[:3]) == pytest.approx([1.0, 1.0, 0.0])


def test_5_4_1_protected_equipment_grows_with_its_protector_in_the_same_iteration() -> None:
    """§5.4.1: within an iteration, q(i) <- fi(i) * amount(i) after each step, so w2 (group
    2, prot(w2, w1) = 1) follows w1 step by step: 10 w1 and 10 w2 (stdtgt 10 each: steps of
    .1) each needing 1 S, 10 S: each iteration w1 and then w2 gain .1, .2 S in all; after 50
    iterations the 10 S are used: fi(w1) = fi(w2) = .5 (one step either way)."""
    d = small_design(
        spdd=spdd(w1=(1.0, 0.0), w2=(1.0, 0.0)),
        pg=((1, 2, 1),) * 2,
        prot=(((0.0, 0.0), (1.0, 0.0), (0.0, 0.0)),) * 2,
    )
    got = fi(d, [10.0, 10.0, 0.0, 10.0, 10.0])
    assert got[W1] == pytest.approx(0.5, abs=0.01 + 1e-9)
    assert got[W2] == pytest.approx(0.5, abs=0.01 + 1e-9)
    assert got[W1] * 10 + got[W2] * 10 <= 10.0 + 1e-9


def test_5_4_1_the_support_required_is_read_off_a_curve_with_a_jump() -> None:
    """§5.4.1 REQ: the least ratio ss/dd whose sigma reaches the new fraction; §5.4 repeated
    abscissae make a jump. w1's curve for S: (0, 0), (.5, .2), (.5, .8), (1, 1) (frinv.x =
    .5 .5 1 1 1 1); 100 w1 need 1 S each (dd = 100), 60 S held, stdtgt 10 (steps of .001):
    ratio .6 is past the jump: sigma = .8 + (.6 - .5) / .5 * .2 = .84 = fi(w1); every fraction
    in (.2, .8] needed ratio .5 (50 S), the jump's abscissa."""
    f = (0.2, 0.8, 1.0, 1.0, 1.0, 1.0)
    x = (0.5, 0.5, 1.0, 1.0, 1.0, 1.0)
    d = small_design(spdd=spdd(w1=(1.0, 0.0)), frinv_x=(x, x), **curves((0.0, f)))
    got = fi(d, [100.0, 0.0, 0.0, 60.0, 10.0])
    assert got[W1] == pytest.approx(0.84, abs=0.001 + 1e-9)
    assert got[W1] <= 0.84 + 1e-9
    assert got[S] == pytest.approx(1.0, abs=0.01)  # ratio .6: all 60 S


def test_5_4_1_the_support_required_follows_the_curve_segment_by_segment() -> None:
    """§5.4 pafgen between i1 and i2, inverted for REQ: w1's curve for S through (0, 0), (.25,
    .5), (.5, .6), (.75, .9), (1, 1) (frinv.x = .25 .5 .75 1 1 1, the Sinai abscissae); 100
    w1 need 1 S each, 37.5 S held: ratio .375 lies on the second segment: sigma = .5 +
    (.375 - .25) / .25 * .1 = .55 = fi(w1) (steps of .001), all 37.5 S involved."""
    f = (0.5, 0.6, 0.9, 1.0, 1.0, 1.0)
    x = (0.25, 0.5, 0.75, 1.0, 1.0, 1.0)
    d = small_design(spdd=spdd(w1=(1.0, 0.0)), frinv_x=(x, x), **curves((0.0, f)))
    got = fi(d, [100.0, 0.0, 0.0, 37.5, 10.0])
    assert got[W1] == pytest.approx(0.55, abs=0.001 + 1e-9)
    assert got[W1] <= 0.55 + 1e-9
    assert got[S] == pytest.approx(1.0, abs=0.01)


@pytest.mark.parametrize(
    ("f0", "f", "x", "supplies", "expected", "s_used"),
    [
        # f0 = .5: half of w1 fights without S; the first step (to .5) needs none, the
        # second (to 1) ratio 1: 100 S, none held.
        (0.5, (0.5, 1.0, 1.0, 1.0, 1.0, 1.0), (0.5, 1.0, 1.0, 1.0, 1.0, 1.0), 0.0, 0.5, 0.0),
        # a plateau at .5 from ratio .25 to .5: .5 needs ratio .25 (25 S of the 30 held),
        # 1 needs ratio 1 (100 S).
        (0.0, (0.5, 0.5, 1.0, 1.0, 1.0, 1.0), (0.25, 0.5, 1.0, 1.0, 1.0, 1.0), 30.0, 0.5, 25.0),
    ],
)
def test_5_4_1_a_fraction_reached_at_a_curve_point_needs_that_point_s_ratio(
    f0: float,
    f: tuple[float, ...],
    x: tuple[float, ...],
    supplies: float,
    expected: float,
    s_used: float,
) -> None:
    """§5.4.1 REQ, the least ratio w with paf(w) >= the new fraction (an equality counts):
    100 w1 with stdtgt 5000 grow in two steps of qr = 50, to .5 and to 1, each w1 needing 1 S
    (dd = 100). A fraction equal to f0 needs no support; one equal to a plateau's value needs
    the plateau's first abscissa."""
    d = small_design(
        spdd=spdd(w1=(1.0, 0.0)),
        stdtgt=((5000.0, 10.0, 10.0, 100.0, 50.0),) * 2,
        frinv_x=(x, x),
        **curves((f0, f)),
    )
    got = fi(d, [100.0, 0.0, 0.0, supplies, 10.0])
    assert got[W1] == expected
    if supplies:
        assert got[S] == s_used / supplies


def test_5_4_1_a_curve_that_never_reaches_a_fraction_stops_the_equipment_there() -> None:
    """§5.4.1: sigma(k) = paf(ss/dd, ...) only for dd(k) > 0, 1 if not. w1's curve for S
    rises to .5 at ratio 1 and stays: no support raises fi(w1) above .5 (ratio 1: 100 S of
    1000 for 100 w1 needing 1 S each, steps of .001). w2 (100, needing 1 S, no P) has a
    curve for P that never passes .5 as well, but demands no P (dd = 0): its sigma for P is
    1, and it is fully involved with 100 S. S involved: 200 of 1000."""
    half = (0.5,) * 6
    f0 = ((0.0, 0.0),) * 4
    f = ((half, RISING), (RISING, half), (RISING, RISING), (RISING, RISING))
    d = small_design(spdd=spdd(w1=(1.0, 0.0), w2=(1.0, 0.0)), frinv_f0=(f0, f0), frinv_f=(f, f))
    got = fi(d, [100.0, 100.0, 0.0, 1000.0, 10.0])
    assert got[W1] == pytest.approx(0.5, abs=0.001 + 1e-9)
    assert got[W2] == pytest.approx(1.0)
    assert got[S] == pytest.approx((got[W1] * 2 * 100 + 100) / 1000)


def test_5_4_1_supplies_overallocated_to_personnel_leave_equipment_uninvolved() -> None:
    """§5.4.1: supplies are allocated to personnel 'whether or not the allocation satisfies
    personnel's demand', and equipment grows only 'if alloc(ksp) + REQ(ksp) <= suppt(ksp) for
    every 1 <= ksp <= nsp'. 40 P need 1 S each: alloc(S) = 40 > the 10 S held, so no step of
    any equipment fits: w1 (10, stdtgt 1000: one step to 1, needing 5 S a unit, 50 S) stays
    at fi 0, and so does w2 (10, needing only P, of which 40 are held)."""
    d = small_design(
        spdd=spdd(P=(1.0, 0.0), w1=(5.0, 0.0), w2=(0.0, 1.0)),
        stdtgt=((1000.0, 1000.0, 10.0, 100.0, 50.0),) * 2,
    )
    got = fi(d, [10.0, 10.0, 0.0, 10.0, 40.0])
    assert (got[W1], got[W2]) == (0.0, 0.0)
    assert got[S] == 1.0  # min{1, alloc(S) / amount(S) = 40 / 10}
    assert got[P] == 0.0  # no P allocated


def test_5_4_1_personnel_overhead_is_that_of_the_unit_s_own_type() -> None:
    """§5.4.1: suppt(k) <- suppt(k) - sum over L of ppoh(k, butype(i)). One unit of type 1
    (overhead 15 P; type 2's is 5) with 60 P: 45 P for 100 w1 needing 1 P each: fi(w1) = .45
    (steps of .001), fi(P) = 45 / 60."""
    d = small_design(spdd=spdd(w1=(0.0, 1.0)), ppoh=((15.0,), (5.0,)))
    got = fi(d, [100.0, 0.0, 0.0, 0.0, 60.0], butypes=(1,))
    assert got[W1] == pytest.approx(0.45, abs=0.001 + 1e-9)
    assert got[P] == pytest.approx(got[W1] * 100 / 60)


def test_5_4_1_overhead_above_the_personnel_held_leaves_none_for_materiel() -> None:
    """§5.4.1 and docs/rulings/idahex.md (Personnel overhead: 'not allowed below 0'): 10 P in a
    unit of type 1 whose overhead is 15: suppt(P) = 0, so 10 w1 needing 1 P each get none:
    fi(w1) = 0 (not one unit's worth)."""
    d = small_design(spdd=spdd(w1=(0.0, 1.0)), ppoh=((15.0,), (5.0,)))
    got = fi(d, [10.0, 0.0, 0.0, 0.0, 10.0], butypes=(1,))
    assert got[W1] == 0.0


def test_5_4_1_a_small_demand_of_supplies_for_personnel_still_reads_the_curve() -> None:
    """§5.4.1: sigma(k) = paf(ss/dd, ...) whenever dd(k) > 0, however small. 1 S needs .5 P
    (dd = .5) and .1 P are held: sigma = min(.1/.5, 1) = .2 = fi(S) after personnel are
    allocated, so only .2 S are left for equipment: 10 w1 needing .1 S each (dd = 1) reach
    fi(w1) = .2 (steps of .01)."""
    d = small_design(spdd=spdd(S=(0.0, 0.5), w1=(0.1, 0.0)))
    got = fi(d, [10.0, 0.0, 0.0, 1.0, 0.1])
    assert got[W1] == pytest.approx(0.2, abs=0.01 + 1e-9)
    assert got[W1] <= 0.2 + 1e-9


def test_5_4_1_without_support_less_than_one_unprotected_unit_is_not_involved() -> None:
    """§5.4.1, nsp = 0: fi(j) = min{QP(j), amount(j)} / amount(j) for any amount(j) > 0: half
    a w2 in group 2 with no protection (QP = 0) has fi 0, not 1."""
    d = no_support(pg=((1, 2, 1),) * 2)
    assert list(fi(d, [10.0, 0.5, 4.0])) == [1.0, 0.0, 1.0]


# -- §5.4.2 zrarea, §5.4.4 prep ----------------------------------------------------------------


def test_5_4_2_a_unit_type_of_little_value_at_toe_still_has_its_area() -> None:
    """§5.4.2: zrarea = (cv / sv) * aysize(butype, pc) for any sv > 0 (the ruling's area 0 is
    for sv = 0 only): toe (10, 10, ...) at rsvald (.01, .02, 0, 0, 0): sv = .3; resources
    (5, 5, ...) give cv = .15, half of hold's 20: 10."""
    f = CombatFunctions(small_design())
    rsvald = np.array([0.01, 0.02, 0.0, 0.0, 0.0])
    assert f.zrarea(1, 1, np.array([5.0, 5.0, 7.0, 100.0, 3.0]), rsvald) == pytest.approx(10.0)


def test_5_4_4_prep_reads_the_side_s_own_abscissae() -> None:
    """§5.4.4: prep(i, s, h) = pafgen(h, prep.f(i, s, *), prep.x(s, *)). Red's abscissae
    (-1, -.5, 0, 1, 2, 10, 10), Blue's (0, .5, 1, 2, 3, 11, 11); prep.f (3, 2, 1, 1, .8, .5,
    .5) for both: at h = 1.5 Red reads 1 + (1.5 - 1) x (.8 - 1) = .9, Blue 1 (between its
    points (1, 1) and (2, 1))."""
    red = (-1.0, -0.5, 0.0, 1.0, 2.0, 10.0, 10.0)
    blue = tuple(v + 1.0 for v in red)
    f = CombatFunctions(small_design(prep_x=(red, blue)))
    assert f.prep(1, 1, 1.5) == pytest.approx(0.9)
    assert f.prep(1, 2, 1.5) == pytest.approx(1.0)


# -- §7 supplies consumption: bad input is refused naming the field and what is wrong ---------


def _refusal(make: Callable[[], object]) -> tuple[str | None, str]:
    with pytest.raises(InvalidInputError) as info:
        make()
    problem = info.value.problems[0]
    return (problem.path, problem.message)


@pytest.mark.parametrize("tframe", [0.0, math.inf, math.nan])
def test_7_a_frame_is_a_finite_length_of_time_above_0(tframe: float) -> None:
    """§7: D(ibu, k) is a frame's demand, tframe times the rates: a frame of length 0 or
    without end is refused naming ``tframe``."""
    got = _refusal(lambda: demand(TABLES, UNIT, posture=10, engaged=False, passenger=False,
                                  frinv=None, tframe=tframe))  # fmt: skip
    assert got == ("tframe", f"must be a finite number > 0, got {tframe!r}")


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


def test_7_a_task_force_of_whole_stocks_keeps_fractions_of_them() -> None:
    """§7: a task force consumes C = min(dd, stk) of its pooled stock and each element keeps
    (stk - C)/stk of its own: stocks 3 and 1 given as whole numbers, demands 1 and 1: C = 2 of
    4, each keeps 1/2: 1.5 and .5 (not rounded to whole numbers)."""
    after = consume([[3], [1]], [[1], [1]], [[0, 1]])
    assert after.tolist() == [[1.5], [0.5]]


# -- §3.2 delays: the value, the section and the terms the receipt shows ----------------------


def test_3_2_1_a_change_within_a_class_is_told_under_3_2_1_with_its_ptran() -> None:
    """§3.2.1: d = ptran(ppc, j, k), 0 if j = k, under §3.2.1 in every case: 11 -> 11 is 0,
    11 -> 13 is ptran(1, 2, 4) = .5, 31 -> 30 is ptran(3, 2, 1) = inf (the receipt shows the
    ptran term it read)."""
    same = within_class_delay(11, 11, DATA)
    assert (same.value, same.section, str(same)) == (0.0, "3.2.1", "d = 0 (§3.2.1)")
    d = within_class_delay(11, 13, DATA)
    assert (d.value, d.terms["ptran"], d.section) == (0.5, 0.5, "3.2.1")
    never = within_class_delay(31, 30, DATA)
    assert (never.terms["ptran"], never.section) == (math.inf, "3.2.1")


def test_3_2_1_a_posture_outside_npost_is_refused_with_the_class_s_postures() -> None:
    """§3.2.1, ptran(ppc, j, k) for j, k <= npost(ppc): npost(2) = 1, so class 2 has posture
    20 only, and 20 -> 22 (k = 3) is refused saying so."""
    with pytest.raises(InvalidInputError) as info:
        within_class_delay(20, 22, DATA)
    assert info.value.problems[0].message == (
        "ptran(2, 1, 3) is not in the design data: npost(2) = 1, so posture class 2 has "
        "postures 20..20"
    )


def test_3_2_4_1_air_movement_terms_and_sections_of_each_outcome() -> None:
    """§3.2.4.1: AMR = min over the movers of fmr(butype, TR) * mrair(butype); the receipt
    gives each element's fmr and mrair. Units 9 (type 3, mrair 200) and 33 (type 4, mrair
    150) at TR = .9: fmr = .9 / (2 - .9) for both. An infantry unit without transport
    (ttcapacity 0: TR = 0, fmr(3, 0) = 0, mrair(3) = 200) has too little transport, not a
    zero air rate; a task
    force short of supplies cannot move: each infinite delay under §3.2.4.1."""
    d = air([U9, U33], 6, 16)
    assert d.terms["fmr(u9)"] == pytest.approx(0.9 / 1.1)
    assert (d.terms["mrair(u9)"], d.terms["mrair(u33)"]) == (200, 150)
    walkers = air([red(51, 3, pers=100)], 6, 16)
    assert (walkers.value, walkers.section) == (math.inf, "3.2.4.1")
    assert walkers.reason == (
        "unit 51 (type 3) has too little transport to move: TR = 0 gives fmr(3, TR) = 0"
    )
    short = air([red(33, 4, helos=4, fuel=7)], 6, 16)
    assert (short.value, short.section) == (math.inf, "3.2.4.1")


def test_3_2_7_and_3_2_8_delays_name_their_section() -> None:
    """§3.2.7: a destroyed unit never revives (d = inf, under §3.2.7); §3.2.8 is for a next
    posture below 10 only: 10 is refused saying so."""
    dead = hold_at_location_delay(-10)
    assert str(dead) == "d = inf (§3.2.7): a destroyed unit cannot come back to life"
    with pytest.raises(InvalidInputError) as info:
        nonpositive_delay(0, 10)
    assert info.value.problems[0].message == "bad next posture 10: §3.2.8 is for np < 10"


def test_3_2_a_delay_without_a_section_names_none() -> None:
    """A delay made without a section prints its value alone: 'd = 2'."""
    assert str(Delay(2.0)) == "d = 2"


# -- §4.2 transfers and deliveries ---------------------------------------------------------------

# Unit 1 holds 10 of each of two types, unit 2 none; toe 5 of each for both.
HOLD = [[10.0, 10.0], [0.0, 0.0]]
TOE = [[5.0, 5.0], [5.0, 5.0]]
BOTH = [[True, True], [True, True]]


def test_4_2_1_each_declared_amount_counts_after_an_undeclared_one() -> None:
    """§4.2.1: an undeclared amount is min(demand, supply) = min(5, 10 - 5) = 5; a declared one
    is what the player says, cut to what the givers hold: type 2 declared 8 of the 10 held
    moves 8 (the undeclared type 1 before it does not end the declarations). Declaring
    exactly what the givers hold (10) moves it all without a warning."""
    r = transfer([1, 2], HOLD, TOE, BOTH, [1], [2], [None, 8.0])
    assert r.moved.tolist() == [5.0, 8.0]
    assert r.warnings == ()
    r = transfer([1, 2], HOLD, TOE, BOTH, [1], [2], [10.0, None])
    assert r.moved.tolist() == [10.0, 5.0]
    assert r.warnings == ()


def test_4_2_1_pooling_warns_only_of_declared_amounts() -> None:
    """§4.2.1: when the givers are the takers every type is pooled; the player is told that
    declared amounts were set aside only if some were declared."""
    r = transfer([1, 2], HOLD, TOE, BOTH, [1, 2], [1, 2])
    assert (r.pooled, r.warnings) == (True, ())
    r = transfer([1, 2], HOLD, TOE, BOTH, [1, 2], [1, 2], [3.0, None])
    assert r.warnings == ("givers and takers are the same units: all resources pooled",)


def test_4_2_the_amounts_and_the_delivery_size_are_refused_saying_what_is_wrong() -> None:
    """§4.2.1: one amount per resource type (2 here); §4.2.2: the delivery size lambda is in
    [0, 1]."""
    assert _refusal(lambda: transfer([1, 2], HOLD, TOE, BOTH, [1], [2], [1.0])) == (
        "amounts",
        "needs one entry per resource type (2), got 1",
    )
    assert _refusal(lambda: deliver([1, 2], HOLD, TOE, BOTH, [1], [2], 1.5)) == (
        "size",
        "the delivery size must be in [0, 1], got 1.5",
    )


def test_7_a_side_with_one_supply_type_demands_it() -> None:
    """§7: 'If nss(s) = 0 ... nothing is done' -- with nss(s) = 1 the demand is made: the test
    tables cut to ammunition alone, a unit in hold (posture 10, class 1) of 1000 personnel at
    .001 a unit of time, tframe .5: D = .5 x .001 x 1000 = .5, alone and as one of many."""
    one = SupplyTables(1, 1, NONENGAGED[:1], MAPPS, SSVACT[:1], SSVRES[:1])
    got = demand(one, UNIT, posture=10, engaged=False, passenger=False, frinv=None, tframe=0.5)
    assert got.tolist() == [0.5]
    many = nonengaged_demands(one, np.array([UNIT, UNIT]), np.array([1, 1]), 0.5)
    assert many.tolist() == [[0.5], [0.5]]


def test_5_4_1_each_personnel_type_loses_its_own_overhead() -> None:
    """§5.4.1: suppt(k) <- suppt(k) - sum over L of ppoh(k, butype(i)) for every personnel
    type k (support nss + k). Two personnel types P1, P2; one unit of type 1 with overheads
    (0, 15); 100 w1 need 1 P2 each and 60 P2 are held: 45 are left for w1, fi(w1) = .45
    (steps of .001); the 1000 S are neither reduced nor raised."""
    rows = [(0.0, 0.0, 1.0)] + [(0.0, 0.0, 0.0)] * 5  # spdd[resource][S, P1, P2]
    d = small_design(
        npers=(2, 2),
        spdd=(tuple(rows),) * 2,
        ppoh=((0.0, 15.0),),
        stdtgt=((10.0, 10.0, 10.0, 100.0, 50.0, 50.0),) * 2,
        toe=((10.0, 10.0, 10.0, 100.0, 50.0, 50.0),),
        frinv_f0=(((0.0,) * 3,) * 4,) * 2,
        frinv_f=(((RISING,) * 3,) * 4,) * 2,
    )
    got = fi(d, [100.0, 0.0, 0.0, 1000.0, 0.0, 60.0])
    assert got[W1] == pytest.approx(0.45, abs=0.001 + 1e-9)
    assert got[W1] <= 0.45 + 1e-9
