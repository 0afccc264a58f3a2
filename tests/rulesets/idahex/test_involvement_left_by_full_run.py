"""IDAHEX rules that the third part of the full mutation run of the rule modules
(docs/testing.md, "The run's third part: involvement, force ratios and frdval's missing
curve") changed without failing a test, with the expected values worked out by hand from
seed 000.

§5.4.1's allocation of personnel to supplies and of supplies to personnel is checked through
``CombatFunctions.involvement``, the entry point the combat procedure calls for the engaged
force ``L``, on a design with two supply and two personnel types: every earlier design had one
of each, where the k-th supply or personnel type cannot be told from the first.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.combat_functions import CombatFunctions
from hexwar.rulesets.idahex.delays import Delay, Element, wait
from hexwar.rulesets.idahex.postures import Status
from hexwar.rulesets.idahex.transfer import TransferResult, transfer
from hexwar.rulesets.idahex.values import force_ratios, weapon_values

from .test_attrition import POFF, attacker, defender, frame, kill_data
from .test_combat_functions import RISING, fi, small_design
from .test_delays import DATA, GRID, RED, U4, U9, U33, air, bartype, march, red, rtetype

# -- §5.4.1 with two supply and two personnel types -------------------------------------------
# Resources of either side: 1 W (weapon), 2 S1, 3 S2 (supplies), 4 P1, 5 P2 (personnel):
# nggwep = nequip = 1, nss = 2, nmat = 3, npers = 2, nrs = 5; supports 1 S1, 2 S2, 3 P1, 4 P2.
W, S1, S2, P1, P2 = range(5)


def two_of_each(
    demand: dict[str, tuple[float, float, float, float]],
    f0: dict[str, tuple[float, float, float, float]] | None = None,
) -> Any:
    """The small design with W, S1, S2, P1, P2: ``demand`` is each resource's spdd of
    (S1, S2, P1, P2) per unit, ``f0`` its frinv.f0 for the four supports (0 if not given);
    every frinv.f is RISING, so sigma = f0 + (1 - f0) * min(ss/dd, 1)."""
    names = ("W", "S1", "S2", "P1", "P2")
    rows = tuple(demand.get(n, (0.0,) * 4) for n in names)
    f0s = tuple((f0 or {}).get(n, (0.0,) * 4) for n in names[:3])
    f = ((RISING,) * 4,) * 3
    return small_design(
        nggwep=(1, 1),
        nequip=(1, 1),
        nss=(2, 2),
        npers=(2, 2),
        stdtgt=((10.0, 100.0, 100.0, 10.0, 10.0),) * 2,
        spdd=(rows, rows),
        pg=((1,),) * 2,
        prot=(((0.0,),),) * 2,
        ppoh=((0.0, 0.0),),
        frinv_f0=(f0s, f0s),
        frinv_f=(f, f),
    )


# S1 needs .2 P2 a unit, S2 .1 P1; P1 need 8 S1 each, P2 10 S2 each. W's own curves start
# at .5 and S1's curve for S2 (which S1 does not demand) does too: a rule that read the wrong
# curve would give another sigma.
CROSSED = {
    "S1": (0.0, 0.0, 0.0, 0.2),
    "S2": (0.0, 0.0, 0.1, 0.0),
    "P1": (8.0, 0.0, 0.0, 0.0),
    "P2": (0.0, 10.0, 0.0, 0.0),
}
CROSSED_F0 = {"W": (0.5, 0.5, 0.5, 0.5), "S1": (0.0, 0.5, 0.0, 0.0)}
HELD = [0.0, 100.0, 200.0, 10.0, 15.0]


def test_5_4_1_each_personnel_type_is_allocated_to_the_supplies_that_demand_it() -> None:
    """§5.4.1, personnel to supplies, for each kpp: Q = sum over kss of suppt(kss) *
    spdd(kss, kpp); each supply kss with dd = suppt(kss) * spdd(kss, kpp) > 0 gets
    min{dd, dd * suppt(kpp) / Q}, and fi(kss) = min over kpp of sigma = paf(given / dd).

    P1 (10 held) is demanded by S2 alone: dd = Q = 200 * .1 = 20, given 10, sigma = .5 on S2's
    curve for P1 (f0 0), not on W's (f0 .5: .75); S1 comes first and demands no P1, which
    must not end the allocation of P1. P2 (15) is demanded by S1 alone: dd = Q = 100 * .2 = 20,
    given 15, sigma(S1) = .75 on S1's curve for P2 (its curve for S2 would give .875).
    Supplies to personnel: alloc(S1) = 10 P1 * 8 = 80, alloc(S2) = 15 P2 * 10 = 150; the
    force holds no W. Last step: fi(S1) = min{.75, 80/100} = .75, fi(S2) = min{.5, 150/200}
    = .5, fi(P1) = 10/10, fi(P2) = 15/15."""
    got = fi(two_of_each(CROSSED, CROSSED_F0), HELD)
    assert got[S1] == pytest.approx(0.75)
    assert got[S2] == pytest.approx(0.5)
    assert got[P1] == pytest.approx(1.0)
    assert got[P2] == pytest.approx(1.0)


def test_5_4_1_each_personnel_type_demands_its_own_supplies() -> None:
    """§5.4.1, supplies to personnel: alloc(kss) += sum over kpp of amount(kpp) *
    spdd(kpp, kss), each personnel type with its own amount and its own row. As above but P2
    need 4 S2 each: alloc(S2) = 15 * 4 = 60 of 200, fi(S2) = min{.5, .3} = .3 (P2's row
    read for S2's 200 held would give 800: .5)."""
    demand = {**CROSSED, "P2": (0.0, 4.0, 0.0, 0.0)}
    got = fi(two_of_each(demand, CROSSED_F0), HELD)
    assert got[S2] == pytest.approx(0.3)
    assert got[S1] == pytest.approx(0.75)


def test_5_4_1_a_demand_below_one_unit_still_takes_personnel() -> None:
    """§5.4.1: the allocation runs for any dd > 0 and Q > 0, however small. 1 S1 needs .5 P2
    (dd = Q = .5) with 10 P2 held: given min{.5, .5 * 10 / .5} = .5, sigma(S1) = 1; the 10 P2
    need .1 S1 each: alloc(S1) = 1, fi(S1) = 1; alloc(P2) = .5: fi(P2) = .5 / 10 = .05."""
    demand = {"S1": (0.0, 0.0, 0.0, 0.5), "P2": (0.1, 0.0, 0.0, 0.0)}
    got = fi(two_of_each(demand), [0.0, 1.0, 0.0, 0.0, 10.0])
    assert got[S1] == pytest.approx(1.0)
    assert got[P2] == pytest.approx(0.05)


def test_5_4_1_the_second_supply_left_by_personnel_is_what_equipment_draws_on() -> None:
    """§5.4.1: suppt(kss) <- fi(kss) * suppt(kss) after personnel are allocated, for each
    supply type. 200 S2 need .1 P1 each (dd = 20) with 10 P1: sigma(S2) = .5, so 100 S2 are
    left for equipment. 10 W need 1 S2 each; W's curve starts at .5 (half fight without S2)
    and reaches 1 at the full demand: 10 S2 give fi(W) = 1 (with no S2 left it would stop at
    .5). alloc(S2) = 10: fi(S2) = min{.5, 10/200} = .05; fi(P1) = 10/10."""
    demand = {"W": (0.0, 1.0, 0.0, 0.0), "S2": (0.0, 0.0, 0.1, 0.0)}
    got = fi(two_of_each(demand, CROSSED_F0), [10.0, 0.0, 200.0, 10.0, 0.0])
    assert got[W] == pytest.approx(1.0)
    assert got[S2] == pytest.approx(0.05)
    assert got[P1] == pytest.approx(1.0)


# -- §5.1.2 force ratios ------------------------------------------------------------------------

# §5.1.2's 2 x 2 case (test_values.py): va = (1, 1.5), vd = (.5, 2).
VALUES = weapon_values([[0.0, 1.0], [2.0, 1.0]], [[1.0, 0.0], [1.0, 2.0]])


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


def test_5_1_2_a_ratio_of_two_worthless_forces_is_refused_saying_why() -> None:
    """§5.1.2: FR = <va, wa> / <vd, wd> is 0/0 when neither force holds any value."""
    with pytest.raises(InvalidInputError) as e:
        force_ratios(VALUES, [0.0, 0.0], [0.0, 0.0])
    assert str(e.value.problems[0]).endswith(
        "force ratio undefined: <va, wa> = <vd, wd> = 0, both forces are worthless (§5.1.2)"
    )


# -- §5.4.5 frdval of a posture without a curve -----------------------------------------------


def test_5_4_5_a_posture_whose_poff_has_no_frdval_curve_loses_no_value() -> None:
    """docs/rulings/idahex.md (Missing ``frdval`` curves): groups 62 and 63 read a curve at
    poff(p) for the standard postures only; group 41 may give a posture outside npost its own
    poff (here hold posture 15 -> 4 and attack posture 45 -> 3 with npost = (2, 1, 1, 2):
    curves at 1, 2, 3 for defence and 1, 2 for attack). Such a posture loses no value by the
    force ratio: temp = 0 at every ratio, frdval = 1 - (1 - 0)**tframe = 0 (§5.4.5), where the
    standard posture 10 loses 1 - (1 - .4)**.25 at FR = 1 (f0def 0, fdef .4 from x(1) = 1).

    In the combat procedure (§5.1.3) frdval = 0 >= 0 scales the defenders' losses to the
    fraction 0 of their value: a defender in posture 15 loses nothing in the frame."""
    poff = {**small_design().poff_table, 15: 4, 45: 3}
    f = CombatFunctions(small_design(poff_table=poff))
    for fr in (0.0, 0.5, 1.0, 4.0):
        assert f.frdval(fr, 15) == 0.0
        assert f.frdval(fr, 45) == 0.0
    assert f.frdval(1.0, 10) == pytest.approx(1.0 - 0.6**0.25)
    r = frame(kill_data(poff={**POFF, 15: 3}), f, defenders=[defender(posture=15)])
    assert r.frgrd > 0.0
    assert list(r.losses[101]) == [0.0, 0.0, 0.0]
    assert r.losses[1].sum() > 0.0


# -- §3.2.3.2 a carrying capacity of at most one ----------------------------------------------


def test_3_2_3_2_a_carrying_capacity_below_one_still_shares_the_carriers() -> None:
    """§3.2.3.2 and docs/rulings/idahex.md (LOAD/CC): the share LOAD/CC of the carriers'
    load-class resources carries the passengers, the rest their own resources, for any CC > 0.
    test_delays.py's Red side, mode 1: a carrier (type 2) with .2 trucks and 1 fuel, a
    passenger (type 1) with 5 personnel, from cell 6 to 9. CC = ldcap(trucks) * .2 = 5 * .2 =
    1; LOAD = ldsize(pers, 1) * 5 = .1 * 5 = .5; LOAD/CC = .5. ttcapacity = (1 - .5) *
    trncap(trucks) * .2 = .5 * 10 * .2 = 1; ttdemand = fuel 1 * 1 = 1: TR = 1 (the whole
    trucks for the carrier's own would give 2)."""
    d = march([red(24, 2, trucks=0.2, fuel=1), red(25, 1, pers=5)], 6, 9, mode=1)
    assert d.terms["CC"] == pytest.approx(1.0)
    assert d.terms["LOAD"] == pytest.approx(0.5)
    assert d.terms["LOAD/CC"] == pytest.approx(0.5)
    assert d.terms["ttcapacity"] == pytest.approx(1.0)
    assert d.terms["TR"] == pytest.approx(1.0)


# -- §4.2.1 transfer commands -------------------------------------------------------------------

# Unit 1 holds 10 of each of two resource types, unit 2 none; toe 5 of each for both.
HOLD = [[10.0, 10.0], [0.0, 0.0]]
TOE = [[5.0, 5.0], [5.0, 5.0]]


def read_only(r: TransferResult) -> bool:
    return not r.resources.flags.writeable and not r.moved.flags.writeable


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


def test_4_2_1_takers_at_their_toe_demand_nothing() -> None:
    """§4.2.1: the undeclared amount is min(demand, supply), demand = the takers' shortfalls
    below toe, max(toe - stock, 0): unit 2 holding 5 and 6 against toe 5 demands 0 of
    either, so nothing moves though unit 1 has 5 of each to spare."""
    r = transfer([1, 2], [[10.0, 10.0], [5.0, 6.0]], TOE, [[True, True]] * 2, [1], [2])
    assert r.moved.tolist() == [0.0, 0.0]
    assert r.resources.tolist() == [[10.0, 10.0], [5.0, 6.0]]


def test_4_2_1_a_command_with_no_givers_and_no_takers_moves_nothing_and_says_why() -> None:
    """§4.2.1: with no givers or no takers nothing happens and the player is warned."""
    r = transfer([1, 2], HOLD, TOE, [[True, True]] * 2, [], [])
    assert r.warnings == ("no transfer: there are no givers and no takers",)
    assert r.moved.tolist() == [0.0, 0.0]
    assert r.resources.tolist() == HOLD
    assert r.pooled is False
    assert read_only(r)


def _refusal(make: Callable[[], object]) -> tuple[str, str]:
    with pytest.raises(InvalidInputError) as info:
        make()
    problem = info.value.problems[0]
    return (problem.path, problem.message)


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


# -- §3.2 the movement data and a task force, refused by name ---------------------------------


def _problems(make: Callable[[], object]) -> list[tuple[str, str]]:
    with pytest.raises(InvalidInputError) as info:
        make()
    return [(p.path, p.message) for p in info.value.problems]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"nlc": -1}, [("nlc", "must be an integer >= 0, got -1")]),
        ({"nequip": 5}, [("nequip", "must be an integer 1..nrs(s) - nss(s) = 4, got 5")]),
        (
            {"trnreq": None},
            [
                ("trnreq", "must list nrs(s) >= 1 values"),
                ("nequip", "must be an integer 1..nrs(s) - nss(s) = -1, got 3"),
            ],
        ),
        ({"ssreqm": None}, [("ssreqm(*)", "must have 0 values, got None")]),
        ({"trncap": (1, 2)}, [("trncap(*)", "must have 5 values, got 2")]),
        ({"ssreqm": ((1, 2),)}, [("ssreqm(1, *)", "must have 5 values, got 2")]),
    ],
)
def test_3_2_a_side_s_movement_data_are_refused_by_field(
    change: dict[str, object], expected: list[tuple[str, str]]
) -> None:
    """§3.2.3 and §9.1.1: test_delays.py's Red side has nrs = 5 resource types (trnreq,
    trncap, loadcl, ldcap, ldsize one entry each), nss = 1 (ssreqm one row of nrs) and
    nequip = 3 <= nrs - nss = 4, nlc = 2 >= 0. Each datum out of its bounds is refused naming
    it and what it must be; a missing trnreq gives nrs = 0 and a missing ssreqm nss = 0."""
    assert _problems(lambda: dataclasses.replace(RED, **change)) == expected


def test_3_2_a_task_force_the_side_and_the_posture_are_refused_saying_what_is_wrong() -> None:
    """§3.2: a task force has one element or more, each an element; s = 1 (Red) or 2 (Blue)
    and nothing else; movement postures are 30..29 + npost(3) (30..31 in DATA)."""
    assert _problems(lambda: march([], 17, 13)) == [
        ("elements", "a task force has at least one element")
    ]
    assert _problems(lambda: march(["x", "y"], 17, 13)) == [  # type: ignore[list-item]
        ("elements", "must be an Element, got 'x'"),
        ("elements", "must be an Element, got 'y'"),
    ]
    assert _problems(lambda: march([U4], 17, 13, pp=32)) == [
        ("", "bad movement posture 32: the design data define postures 30..31 (npost(3) = 2)")
    ]
    for s in (3, 1.0, True):
        assert _problems(lambda: DATA.side(s)) == [  # noqa: B023
            ("", f"bad side {s!r}: s = 1 (Red) or 2 (Blue)")
        ]


def test_3_2_4_the_objective_of_air_movement_may_be_any_active_cell_from_1_to_ncells() -> None:
    """§2.1: the cells of the area of war are 1..ncells (30 in test_delays.py's GRID, whose
    cell 30 is the bottom cell of the last rank, inactive); §3.2.4: air movement needs no
    adjacent objective. Cell 1 is a valid objective (a finite delay); cell 30 is in the area
    of war but inactive, and the delay says so (not that it is outside the area)."""
    d = air([U33], 17, 1)
    assert d.reason is None
    assert d.value < math.inf
    d = air([U33], 17, 30)
    assert d.value == math.inf
    assert d.reason == "objective cell 30 is inactive"


def test_3_2_wait_passes_the_rearguard_and_the_objective_on() -> None:
    """§3.2.5.1: with friendly units in hold postures in cell pl (a rearguard) the
    disengagement delay is d = d1 = max diseng(butype(u_i), 1) = max(1 (type 1, unit 4), 2
    (type 3, unit 9)) = 2. §3.2.6: the attack delay of an occupation of a defended cell po is
    infinite, and says which cell."""

    def delay(present: str, following: str) -> Any:
        return wait(
            Status.from_str(present),
            Status.from_str(following),
            s=1,
            elements=[U4, U9],
            mode=0,
            grid=GRID,
            rtetype=rtetype,
            bartype=bartype,
            data=DATA,
            engaged=True,
            rearguard=True,
            defended=True,
        )

    d = delay("17/20/13", "17/30/13")
    assert (d.value, d.section) == (2.0, "3.2.5.1")
    d = delay("17/40/13", "13/10/13")
    assert d.value == math.inf
    assert d.reason is not None
    assert d.reason.startswith("cell 13 is held by enemy units")


ROWS10 = ((0,) * 10,) * 10  # a ptran square of 10 postures


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"depth": 0.5}, []),
        ({"mrair": ()}, [("mrair", "must list nutype >= 1 values")]),
        ({"airmove": (1, 0)}, [("airmove", "must list npost(3) (1..10) true/false values")]),
        (
            {"airmove": (True,) * 11},
            [
                ("airmove", "must list npost(3) (1..10) true/false values"),
                ("ptran(3, *)", "must give npost(i) = 1..10 rows"),
            ],
        ),
        (
            {"ptran": (DATA.ptran[0], (), DATA.ptran[2], ())},
            [
                ("ptran(2, *)", "must give npost(i) = 1..10 rows"),
                ("ptran(4, *)", "must give npost(i) = 1..10 rows"),
            ],
        ),
        ({"ptran": (DATA.ptran[0], ROWS10, DATA.ptran[2], DATA.ptran[3])}, []),
        (
            {"ptran": (DATA.ptran[0], ((0,) * 11,) * 11, DATA.ptran[2], DATA.ptran[3])},
            [("ptran(2, *)", "must give npost(i) = 1..10 rows")],
        ),
        ({"sides": (RED,)}, [("sides", "must give the Red and the Blue SideData")]),
        ({"mr": ()}, [("mr(*)", "must have 4 values, got 0")]),
        ({"bdelay": DATA.bdelay[:3]}, [("bdelay(*)", "must have 4 values, got 3")]),
        (
            {"bdelay": ((),) + (((), ()),) * 3},  # no barrier types: rows of 0 values
            [("bdelay(1, *)", "must have 2 values, got 0")],
        ),
        ({"trptcl": (0, 1.5, 0, 2)}, [("trptcl(2)", "must be an integer >= 0, got 1.5")]),
        ({"fmr_x": (0.5, math.inf, 2.0)}, [("fmr.x(2)", "must be a number >= 0, got inf")]),
        ({"depth": "x"}, [("depth", "must be a finite number > 0, got 'x'")]),
    ],
)
def test_3_2_the_movement_data_are_refused_by_field(
    change: dict[str, object], expected: list[tuple[str, str]]
) -> None:
    """§3.2 and §9.1.1: test_delays.py's DATA has nutype = 4 unit types (mrair, mr, bdelay,
    diseng, trptcl, fmr one entry each), npost(3) = 2 (airmove true/false), ptran a square of
    1..10 postures for each of the 4 classes, a Red and a Blue side; depth is any finite
    number > 0 (.5 too), trptcl a whole transport class, fmr.x numbers >= 0. Each datum out of
    its bounds is refused naming it (every problem at once), each one in bounds is taken."""
    if not expected:
        assert dataclasses.replace(DATA, **change) is not None
        return
    assert _problems(lambda: dataclasses.replace(DATA, **change)) == expected


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"ldcap": (0, 5)}, [("ldcap(*)", "must have 5 values, got 2")]),
        ({"trncap": 7}, [("trncap(*)", "must have 5 values, got 7")]),
        ({"ssreqm": ((1, 2),)}, [("ssreqm(1, *)", "must have 5 values, got 2")]),
        ({"loadcl": (0, 3, 2, 0, 0)}, [("loadcl(2)", "must be 0..nlc = 2, got 3")]),
    ],
)
def test_3_2_a_side_s_load_data_are_refused_by_field(
    change: dict[str, object], expected: list[tuple[str, str]]
) -> None:
    """§3.2.3.2: ldcap one value per resource type (nrs = 5), ssreqm nss rows of nrs, loadcl a
    load class 0..nlc = 2 for each resource type."""
    assert _problems(lambda: dataclasses.replace(RED, **change)) == expected


def test_3_2_an_element_is_refused_with_every_problem() -> None:
    """§3.2: an element is a unit (number >= 1) of a unit type (>= 1) with finite resources
    >= 0; each problem is told, all at once."""
    assert _problems(lambda: Element(0, 1, (-1.0, 0.0, 0.0, 0.0, 0.0))) == [
        ("unit", "must be a positive integer, got 0"),
        ("[resources](1)", "must be a finite number >= 0, got -1.0"),
    ]
    assert _problems(lambda: Element(1.0, -1, (0.0,) * 5)) == [  # type: ignore[arg-type]
        ("unit", "must be a positive integer, got 1.0"),
        ("butype", "must be a positive integer, got -1"),
    ]


def test_3_2_one_unit_type_and_ten_movement_postures_are_taken() -> None:
    """§9.1.1: nutype >= 1 and npost(3) = 1..10 -- DATA cut to its first unit type (every
    per-type table one entry), and DATA with 10 movement postures (airmove, mr, bdelay and
    ptran(3) of 10), are valid movement data."""
    one = dataclasses.replace(
        DATA,
        mrair=(0,),
        mr=DATA.mr[:1],
        bdelay=DATA.bdelay[:1],
        diseng=DATA.diseng[:1],
        trptcl=(0,),
        fmr_f0=(-1,),
        fmr_f=DATA.fmr_f[:1],
    )
    assert one.nutype == 1
    ten = dataclasses.replace(
        DATA,
        airmove=(False,) * 10,
        mr=tuple(((20, 8, 0),) * 10 for _ in range(4)),
        bdelay=tuple(((0, 0),) * 10 for _ in range(4)),
        ptran=(DATA.ptran[0], DATA.ptran[1], ROWS10, DATA.ptran[3]),
    )
    assert ten.npost(3) == 10


def test_3_2_a_delay_is_a_number_at_least_0_and_infinite_exactly_with_a_reason() -> None:
    """§3.2: the delay d of a change of status is >= 0, +inf when the change never happens on
    its own -- and then the player is told why; an element's unit number is a whole number."""
    assert _problems(lambda: Delay(-1)) == [("value", "must be a number >= 0 or +inf, got -1")]
    assert _problems(lambda: Delay("1")) == [  # type: ignore[arg-type]
        ("value", "must be a number >= 0 or +inf, got '1'")
    ]
    why = ("reason", "an infinite delay needs a reason and a finite one has none")
    assert _problems(lambda: Delay(math.inf)) == [why]
    assert _problems(lambda: Delay(1.0, reason="x")) == [why]
    assert Delay(math.inf, reason="x").value == math.inf
    assert _problems(lambda: Element(1.5, 1, (0.0,) * 5)) == [  # type: ignore[arg-type]
        ("unit", "must be a positive integer, got 1.5")
    ]


# -- §5.1.3 the ground force ratio at its edges ------------------------------------------------

NONE = (0.0, 0.0, 0.0)


def test_5_1_3_the_ground_force_ratio_at_small_and_zero_values() -> None:
    """§5.1.3: FRGRD = fgrd / ggrd; docs/rulings/idahex.md (Force ratios with nothing on one
    side): x / 0 is inf for x > 0 and 0 / 0 is 0. test_attrition.py's frame, one weapon type
    a side: 10 attacking weapons against .01 defending ones is a finite ratio fgrd / ggrd
    (ggrd below 1 is still a divisor); .01 attacking weapons against none is inf (fgrd below 1
    is still more than nothing); nothing against nothing is 0, on the ground and in FRGA."""
    r = frame(defenders=[defender(resources=(0.01, 0.0, 0.0))])
    assert 0.0 < r.ggrd < 1.0
    assert r.frgrd == pytest.approx(r.fgrd / r.ggrd)
    assert math.isfinite(r.frgrd)
    r = frame(
        attackers=[attacker(resources=(0.01, 0.0, 0.0))], defenders=[defender(resources=NONE)]
    )
    assert 0.0 < r.fgrd < 1.0
    assert r.frgrd == math.inf
    r = frame(attackers=[attacker(resources=NONE)], defenders=[defender(resources=NONE)])
    assert (r.frgrd, r.frga) == (0.0, 0.0)
