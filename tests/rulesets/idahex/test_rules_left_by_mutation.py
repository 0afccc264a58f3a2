"""IDAHEX rules that a mutation of the rule modules once changed without failing a test, each
checked where the design data is read or the delay computed, at its boundary (docs/testing.md,
"Mutation testing"). Seed 000; the data are test_delays.py's."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.delays import march_delay
from hexwar.rulesets.idahex.design import load_sinai
from hexwar.rulesets.idahex.supplies import demand
from hexwar.rulesets.idahex.values import WeaponValues, nominal_kill_matrices

from .test_combat_functions import W1, W2, S, fi, no_support, small_design, spdd
from .test_delays import BLUE, DATA, GRID, RED, U4, U21, bartype, march, rtetype
from .test_supplies import TABLES


def _problems(make: Callable[[], object]) -> list[tuple[str | None, str]]:
    with pytest.raises(InvalidInputError) as info:
        make()
    return [(p.path, p.message) for p in info.value.problems]


# -- §3.2.3 the march delay's section --------------------------------------------------------


def test_3_2_3_an_objective_out_of_reach_is_an_infinite_delay_under_3_2_3() -> None:
    """§3.2.3: "a task force in a march posture cannot jump over cells": cell 99 is not in the
    area of war, so the delay is infinite and its reason names §3.2.3 itself (not a mode's
    subsection: no mover was looked at)."""
    d = march([U4], 17, 99)
    assert (d.value, d.section) == (math.inf, "3.2.3")


def test_3_2_3_1_a_unit_that_cannot_use_the_route_gives_an_infinite_delay_under_3_2_3_1() -> None:
    """§3.2.3.1 (unstacked, mode 0): 17 -> 16 is swamp, route type 3, and mr(1, 1, 3) = 0 for
    the armoured unit 4: TFAMR = 0, d1 = +inf, under §3.2.3.1."""
    d = march([U4], 17, 16)
    assert (d.value, d.section) == (math.inf, "3.2.3.1")


# -- the design data name the field they break (§2.2.2, §3) ----------------------------------


def test_2_2_2_a_side_lists_at_least_one_resource_type() -> None:
    """nrs(s) = len(trnreq) >= 1: a side with no transport requirements has no resources."""
    assert _problems(lambda: replace(RED, trnreq=(), nequip=0))[0] == (
        "trnreq",
        "must list nrs(s) >= 1 values",
    )


def test_3_2_3_a_transport_requirement_is_a_number() -> None:
    """trnreq(i, s): the transport requirement of a type i resource, a number >= 0."""
    assert _problems(lambda: replace(RED, trnreq=(0, math.nan, 0, 1, 0.1))) == [
        ("trnreq(2)", "must be a number >= 0, got nan")
    ]


def test_3_2_1_the_four_posture_classes_are_given() -> None:
    """ptran(i, j, k) for the posture classes i = 1..4 (§3.2.1)."""
    assert _problems(lambda: replace(DATA, ptran=DATA.ptran[:3])) == [
        ("ptran", "must give posture classes 1..4")
    ]


def test_3_2_1_a_bad_transition_time_names_its_class() -> None:
    """ptran(2, 1, 1) = -1: a time is >= 0 (or inf); the path names the class, 2."""
    ptran = (DATA.ptran[0], ((-1,),), *DATA.ptran[2:])
    assert _problems(lambda: replace(DATA, ptran=ptran)) == [
        ("ptran(2, 1, 1)", "must be a number >= 0 (or inf), got -1")
    ]


def test_3_2_1_class_3_has_npost_3_rows_from_airmove() -> None:
    """npost(3) = len(airmove) = 2 here: class 3 given with one row is refused (its size comes
    from airmove, not from the rows given)."""
    ptran = (*DATA.ptran[:2], ((0,),), DATA.ptran[3])
    assert _problems(lambda: replace(DATA, ptran=ptran)) == [
        ("ptran(3, *)", "must have 2 values, got 1")
    ]


def test_3_2_1_a_class_given_as_one_number_has_no_rows() -> None:
    """A posture class must be a square of npost(i) = 1..10 rows; a single number has none."""
    ptran = (5.0, *DATA.ptran[1:])
    assert _problems(lambda: replace(DATA, ptran=ptran)) == [
        ("ptran(1, *)", "must give npost(i) = 1..10 rows")
    ]


@pytest.mark.parametrize(("field", "per"), [("bdelay", "barrier type"), ("mr", "route type")])
def test_3_2_3_a_number_where_a_row_of_the_delay_tables_should_be_is_refused(
    field: str, per: str
) -> None:
    """bdelay(i, j, k) and mr(i, j, k) (§3.2.3, group 32): for each unit type i and movement
    posture j a row with one value per barrier (route) type k. A number, 0.25, in the place of
    the first row, bdelay(1, 1, *), is refused as not a row (the table has no width then: the
    other rows are not measured against it)."""
    table = getattr(DATA, field)
    broken = ((0.25, *table[0][1:]), *table[1:])
    assert _problems(lambda: replace(DATA, **{field: broken})) == [
        (f"{field}(1, 1, *)", f"must be a row (one value per {per}), got 0.25")
    ]


def test_3_the_speed_factor_table_names_its_cell() -> None:
    """fmr.f(i, j): the speed factor of unit type i at TR = fmr.x(j), a number >= 0."""
    fmr_f = (DATA.fmr_f[0], (0.6, 1.0, math.nan), *DATA.fmr_f[2:])
    assert _problems(lambda: replace(DATA, fmr_f=fmr_f)) == [
        ("fmr.f(2, 3)", "must be a number >= 0, got nan")
    ]


# -- §5.3 the nominal engagement ------------------------------------------------------------


def test_5_3_a_negative_fire_allocation_names_its_entry() -> None:
    """aggdef(i, j, s) >= 0, a fraction of fire: Red's (side 1) weapon 2 giving -0.1 of its
    fire to Blue's materiel 2 is refused at the 0-based entry aggdef[0][1][1]."""
    design = load_sinai()[0]
    rows = [list(x) for x in design.aggdef]
    rows[0][1] = (0.5, -0.1, 0.2, 0.0, 0.0, 0.0, 0.0)
    bad = design.model_copy(update={"aggdef": tuple(tuple(x) for x in rows)})
    assert _problems(lambda: nominal_kill_matrices(bad, 1))[0][0] == "aggdef[0][1][1]"


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


def test_3_2_3_2_carriers_without_passengers_or_capacity_move_on_all_their_transport() -> None:
    """§3.2.3.2 and docs/rulings/idahex.md (the share LOAD/CC of the load-class transport
    carries passengers; "LOAD/CC = 0 when CC = 0"): Red's trucks given no carrying capacity
    (ldcap = 0), the carrier unit 21 alone (20 trucks, 30 fuel, 50 personnel) marches stacked
    in mode 1: LOAD = CC = 0, so no share is loaded and TR = 20 trucks x 10 / (30 fuel x 1 +
    50 personnel x 0.1) = 200/35."""
    data = replace(DATA, sides=(replace(RED, ldcap=(0, 0, 3, 0, 0)), BLUE))
    d = march_delay(1, [U21], 1, 6, 30, 5, GRID, rtetype, bartype, data)
    assert (d.terms["LOAD"], d.terms["CC"], d.terms["LOAD/CC"]) == (0, 0, 0.0)
    assert d.terms["TR"] == pytest.approx(200 / 35)


# -- §5.4.1 frinv with amounts below one -------------------------------------------------------


def test_5_4_1_surplus_support_below_one_unit_is_not_involved() -> None:
    """§5.4.1 last step: fi(irs) <- min{fi(irs), alloc(irs - neq) / amount(irs)} for every
    support resource held, however little: 10 w1 need .02 S each, 0.2 of the 0.5 S held are
    involved, fi(S) = .2 / .5 = .4."""
    d = small_design(spdd=spdd(w1=(0.02, 0.0)))
    got = fi(d, [10.0, 0.0, 0.0, 0.5, 10.0])
    assert got[W1] == pytest.approx(1.0)
    assert got[S] == pytest.approx(0.4)


def test_5_4_1_equipment_with_a_standard_below_one_is_in_the_standard_force() -> None:
    """§5.4.1: I = {ieq: stdtgt(ieq, s) > 0}, and fi(i) = 1 for i in I with amount(i) = 0:
    w1 with stdtgt .5 is in I (held: none, so fully involved); w2 with stdtgt 0 is not."""
    d = small_design(spdd=spdd(w1=(1.0, 0.0)), stdtgt=((0.5, 0.0, 10.0, 100.0, 50.0),) * 2)
    got = fi(d, [0.0, 7.0, 0.0, 100.0, 10.0])
    assert (got[W1], got[W2]) == (1.0, 0.0)


def test_5_4_1_without_support_equipment_not_held_is_fully_involved() -> None:
    """§5.4.1, nsp = 0: fi(j) = min{QP(j), amount(j)} / amount(j) for amount(j) > 0, and 1
    for equipment not held (as for support, fi = 1 when the amount is 0). w1 = 10 in group 1,
    w2 = 0 and t = 4 in group 2 with prot(t, w1) = .2: fi = (1, 1, 2/4)."""
    d = no_support(pg=((1, 2, 2),) * 2, prot=(((0.0, 0.0), (0.5, 0.0), (0.2, 0.0)),) * 2)
    assert list(fi(d, [10.0, 0.0, 4.0])) == pytest.approx([1.0, 1.0, 0.5])


# -- bad input is refused naming its field, never another exception ----------------------------


def test_7_resources_that_are_not_numbers_are_refused_naming_the_field() -> None:
    """§7 demand D(ibu, k) from [resources](ibu, irs): an entry that is no number (None) is
    refused as bad input naming ``resources``, not a TypeError from the arithmetic."""
    problems = _problems(lambda: demand(TABLES, [10.0, None, 200.0, 1000.0], posture=10,
                                        engaged=False, passenger=False, frinv=None,
                                        tframe=0.5))  # fmt: skip
    assert [path for path, _ in problems] == ["resources"]


def test_5_1_2_weapon_values_that_are_not_numbers_are_refused_naming_the_field() -> None:
    """§5.1.2: va and vd are vectors of finite values >= 0; a value that is no number (None)
    is refused naming ``va``, not a TypeError."""
    problems = _problems(lambda: WeaponValues(va=[None, 1.0], vd=np.ones(2), alpha=1.0,
                                              delta=1.0))  # fmt: skip
    assert problems == [("va", "must be a vector of finite values >= 0")]
