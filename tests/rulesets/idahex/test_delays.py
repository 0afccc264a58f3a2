"""IDAHEX event scheduling: the delay of each change of status (seed 000, §3.2).

§3.2 prints formulas but no worked numeric example, so every expected value below is a hand
computation from the §3.2 formulas on the design data ``DATA``, written out term by term.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import replace
from typing import Any

import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.core.numberings import IdahexGrid
from hexwar.rulesets.idahex.delays import (
    Delay,
    Element,
    MovementData,
    SideData,
    air_movement_delay,
    attack_delay,
    disengagement_delay,
    dist,
    hold_at_location_delay,
    hold_to_disengagement_delay,
    march_delay,
    movement_delay,
    nonpositive_delay,
    wait,
    within_class_delay,
)
from hexwar.rulesets.idahex.design import Unit
from hexwar.rulesets.idahex.design.model import PostureMap
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.postures import Status
from tests.rulesets.idahex.helpers import F50, _per_type, _problems, holding

from .sinai import game, place, play, unit

INF = math.inf

# Figure 3.3 is not in the seed text; the tests of §3.1 read it as IdahexGrid(30, 4) and so do
# these. Cells 4 and 7 are the bottom cells of ranks 1 and 2, always inactive (§2.1).
GRID = IdahexGrid(30, 4)

# Red resources, in the §2.2.2 order (weapons, transport, supplies, personnel):
# 1 tanks, 2 trucks, 3 helicopters, 4 fuel, 5 personnel.  nequip(1) = 3, nss(1) = 1, so
# ssstock(1) = [resources](u, nequip + 1) = fuel.
TANKS, TRUCKS, HELOS, FUEL, PERS = range(5)
RED = SideData(
    nequip=3,
    nlc=2,
    trnreq=(0, 0, 0, 1, 0.1),  # fuel needs 1 per unit, personnel 0.1
    trncap=(1, 10, 4, 0, 0),  # a tank carries 1, a truck 10, a helicopter 4
    ssreqm=((2, 1, 2, 0, 0),),  # ssreqm(1, irs, 1): fuel to move a tank, truck, helicopter
    loadcl=(0, 1, 2, 0, 0),  # trucks are load class 1, helicopters load class 2
    ldcap=(0, 5, 3, 0, 0),
    ldsize=((4, 50), (2, 10), (0, 0), (1, 1), (0.1, 0.1)),  # ldsize(irs, j, 1), j = 1, 2
)
# Blue: 1 rifles, 2 personnel; no supplies (nss(2) = 0), no load classes.
BLUE = SideData(
    nequip=1,
    nlc=0,
    trnreq=(0, 0.1),
    trncap=(0, 0),
    ssreqm=(),
    loadcl=(0, 0),
    ldcap=(0, 0),
    ldsize=((), ()),
)

# Unit types: 1 armour, 2 motor transport (transport class 1), 3 airmobile infantry,
# 4 helicopter lift (transport class 2). Movement postures: 30 march, 31 air (npost(3) = 2).
# Route types: 1 road, 2 off road, 3 swamp. Barrier types: 1 river, 2 escarpment.
DATA = MovementData(
    depth=10.0,
    ptran=(
        (  # ptran(1, j, k): postures 10..13
            (0, 0.5, 0.25, 0.1),
            (0.5, 0, 0.5, 0.5),
            (0.2, 0.2, 0, 0.2),
            (1, 1, 1, 0),
        ),
        ((0,),),  # posture 20
        ((0, 0.3), (INF, 0)),  # 30 -> 31 takes 0.3; 31 -> 30 is forbidden
        ((0, 0.1, 0.2), (0.1, 0, 0.2), (0.3, 0.3, 0)),  # postures 40..42
    ),
    airmove=(False, True),
    mrair=(0, 0, 200, 150),
    mr=(  # mr(i, j, k): type i, posture 29 + j, route type k
        ((20, 8, 0), (0, 0, 0)),
        ((30, 5, 2), (0, 0, 0)),
        ((6, 4, 3), (0, 0, 0)),
        ((0, 0, 0), (0, 0, 0)),
    ),
    bdelay=(  # bdelay(i, j, k): type i, posture 29 + j, barrier type k
        ((1.5, INF), (0, 0)),
        ((1.0, INF), (0, 0)),
        ((0.25, 2.0), (0, 0)),
        ((0, 0), (0, 0)),
    ),
    diseng=((1.0, 0.5), (0.5, 1.0), (2.0, 2.0), (0.0, 0.0)),
    trptcl=(0, 1, 0, 2),
    fmr_f0=(-1, 0.2, -1, -1),  # only type 2 uses the piecewise-affine fmr
    fmr_f=((0, 0, 0), (0.6, 1.0, 1.2), (0, 0, 0), (0, 0, 0)),
    fmr_x=(0.5, 1.0, 2.0),
    sides=(RED, BLUE),
)

# [rtetype] and [bartype] of the hexsides the tests use (cells adjacent in GRID).
HEXSIDES = {
    frozenset((17, 13)): (1, 1),  # road across a river
    frozenset((17, 16)): (3, 0),  # swamp
    frozenset((17, 20)): (1, 2),  # road under an escarpment
    frozenset((6, 9)): (2, 1),  # off road across a river
    frozenset((6, 5)): (2, 0),  # off road
}


def rtetype(i: int, j: int) -> int:
    return HEXSIDES[frozenset((i, j))][0]


def bartype(i: int, j: int) -> int:
    return HEXSIDES[frozenset((i, j))][1]


def red(unit: int, butype: int, **quantities: float) -> Element:
    names = ("tanks", "trucks", "helos", "fuel", "pers")
    return Element(unit, butype, tuple(quantities.get(n, 0.0) for n in names))


# Table 3.1's task force of units 4 and 9 in cell 17, here an armoured unit and an infantry
# unit with two trucks.
U4 = red(4, 1, tanks=10, fuel=36, pers=40)
U9 = red(9, 3, trucks=2, fuel=10, pers=100)
# A stacked task force in cell 6: unit 21 (motor transport, a carrier in mode 1) carries
# unit 22 (armour, trptcl 0, a passenger).
U21 = red(21, 2, trucks=20, fuel=30, pers=50)
U22 = red(22, 1, tanks=15, fuel=10, pers=20)
# Helicopter lift and airmobile infantry.
U33 = red(33, 4, helos=4, fuel=19, pers=10)
U34 = red(34, 4, helos=10, fuel=20, pers=10)
U12 = red(12, 3, fuel=5, pers=100)


def march(elements: list[Element], pl: int, po: int, mode: int = 0, pp: int = 30) -> Delay:
    return march_delay(1, elements, mode, pl, pp, po, GRID, rtetype, bartype, DATA)


def air(elements: list[Element], pl: int, po: int, mode: int = 0) -> Delay:
    return air_movement_delay(1, elements, mode, pl, 31, po, GRID, DATA)


def diseng(
    elements: list[Element],
    pl: int,
    po: int,
    mode: int = 0,
    np: int = 30,
    *,
    engaged: bool = True,
    rearguard: bool = False,
    data: MovementData = DATA,
) -> Delay:
    return disengagement_delay(
        1,
        elements,
        mode,
        pl,
        po,
        np,
        GRID,
        rtetype,
        bartype,
        data,
        engaged=engaged,
        rearguard=rearguard,
    )


# -- the Delay value ------------------------------------------------------------------------


def test_delay_infinite_needs_reason() -> None:
    with pytest.raises(InvalidInputError, match="reason"):
        Delay(INF)
    with pytest.raises(InvalidInputError, match="reason"):
        Delay(1.0, "why")
    with pytest.raises(InvalidInputError, match="value"):
        Delay(-1.0)


def test_delay_text_and_terms_frozen() -> None:
    d = Delay(2.5, None, {"d1": 2.0, "d2": 0.5}, "3.2.3.1")
    assert str(d) == "d = 2.5 (§3.2.3.1)"
    assert d.finite
    with pytest.raises(TypeError):
        d.terms["d1"] = 0.0  # type: ignore[index]
    inf = Delay(INF, "a destroyed unit cannot come back to life", {}, "3.2.7")
    assert str(inf) == "d = inf (§3.2.7): a destroyed unit cannot come back to life"
    assert not inf.finite


# -- §3.2.1 ---------------------------------------------------------------------------------


def test_3_2_1_within_class_is_ptran() -> None:
    # pp = 11, np = 13: ppc = 1, j = 11 - 10 + 1 = 2, k = 13 - 10 + 1 = 4; d = ptran(1, 2, 4).
    d = within_class_delay(11, 13, DATA)
    assert d.value == 0.5
    assert (d.terms["j"], d.terms["k"], d.section) == (2, 4, "3.2.1")
    # pp = 41, np = 42: ppc = 4, j = 2, k = 3: ptran(4, 2, 3) = 0.2.
    assert within_class_delay(41, 42, DATA).value == 0.2


def test_3_2_1_same_posture_is_zero_whatever_the_data() -> None:
    # 'Regardless of the game design data, d = 0 if j = k.'
    data = dataclasses.replace(
        DATA, ptran=(((7.0,),), ((7.0,),), ((7.0, 0.3), (INF, 7.0)), ((7.0,),))
    )
    assert within_class_delay(30, 30, data).value == 0
    assert within_class_delay(31, 31, data).value == 0


def test_3_2_1_infinite_ptran_forbids_the_change() -> None:
    d = within_class_delay(31, 30, DATA)
    assert d.value == INF
    assert d.reason == "posture 31 cannot change to posture 30: ptran(3, 2, 1) = inf"


def test_3_2_1_posture_outside_npost_is_refused() -> None:
    # npost(2) = 1: only posture 20 has ptran data.
    with pytest.raises(InvalidInputError, match=r"ptran\(2, 1, 3\).*npost\(2\) = 1"):
        within_class_delay(20, 22, DATA)
    with pytest.raises(InvalidInputError, match="within one positive posture class"):
        within_class_delay(20, 30, DATA)


# -- §3.2.2 ---------------------------------------------------------------------------------


def test_3_2_2_hold_to_disengagement_is_zero() -> None:
    d = hold_to_disengagement_delay()
    assert (d.value, d.section) == (0, "3.2.2")


# -- §3.2.3.1 unstacked march ---------------------------------------------------------------


def test_3_2_3_1_unstacked_march_hand_computation() -> None:
    # Units 4 (type 1) and 9 (type 3) march in posture 30 from cell 17 to cell 13:
    # [rtetype](17, 13) = 1 (road), bt = [bartype](17, 13) = 1 (river).
    d = march([U4, U9], 17, 13)
    # Supplies: ssstock(1) = fuel 36 + 10 = 46;
    # ssuse(1) = ssreqm(1,tanks)*10 + ssreqm(1,trucks)*2 = 2*10 + 1*2 = 22 <= 46.
    assert (d.terms["ssstock(1)"], d.terms["ssuse(1)"]) == (46, 22)
    # ttdemand = (fuel 1*36 + pers 0.1*40) + (fuel 1*10 + pers 0.1*100) = 40 + 20 = 60;
    # ttcapacity = tanks 1*10 + trucks 10*2 = 30; TR = 30/60 = 0.5.
    assert d.terms["ttdemand"] == pytest.approx(60)
    assert d.terms["ttcapacity"] == 30
    assert d.terms["TR"] == pytest.approx(0.5)
    # fmr.f0 < 0 for types 1 and 3: fmr = TR/(2 - TR) = 0.5/1.5 = 1/3.
    # AMR(4) = 1/3 * mr(1, 1, 1) = 20/3; AMR(9) = 1/3 * mr(3, 1, 1) = 6/3 = 2.
    assert d.terms["AMR(u4)"] == pytest.approx(20 / 3)
    assert d.terms["AMR(u9)"] == pytest.approx(2)
    # TFAMR = min = 2; d1 = depth/TFAMR = 10/2 = 5.
    assert d.terms["TFAMR"] == pytest.approx(2)
    assert d.terms["d1"] == pytest.approx(5)
    # d2 = max{bdelay(1, 1, 1), bdelay(3, 1, 1)} = max{1.5, 0.25} = 1.5.
    assert d.terms["d2"] == 1.5
    # d = d1 + d2 = 6.5.
    assert d.value == pytest.approx(10 / ((0.5 / 1.5) * 6) + 1.5) == pytest.approx(6.5)
    assert d.section == "3.2.3.1"


def test_3_2_3_1_no_barrier_no_barrier_delay() -> None:
    # Unit 9 alone from 6 to 5: route type 2, bt = 0. ssuse = 1*2 = 2 <= ssstock = 10.
    # ttdemand = 10 + 0.1*100 = 20, ttcapacity = 10*2 = 20, TR = 1, fmr = 1 (TR >= 1).
    # d = depth / (1 * mr(3, 1, 2)) = 10/4 = 2.5, d2 = 0.
    d = march([red(9, 3, trucks=2, fuel=10, pers=100)], 6, 5)
    assert d.terms["TR"] == 1
    assert d.terms["d2"] == 0
    assert d.value == pytest.approx(10 / 4)


def test_3_2_3_1_transport_ratio_edge_cases() -> None:
    # Blue (nss(2) = 0): 100 rifles, no personnel. ttdemand = ttcapacity = 0, so TR = 1;
    # fmr(1, 1) = 1; d = depth/mr(1, 1, 1) + bdelay(1, 1, 1) = 10/20 + 1.5 = 2.
    blue = Element(50, 1, (100, 0))
    d = march_delay(2, [blue], 0, 17, 30, 13, GRID, rtetype, bartype, DATA)
    assert d.terms["TR"] == 1
    assert d.value == pytest.approx(2.0)
    # nss(2) = 0: the supplies step is skipped, no ssuse/ssstock terms.
    assert not any(k.startswith("ss") for k in d.terms)
    # Blue personnel need 0.1 transport each and Blue has no transport: TR = 0 / 10 = 0.
    walkers = Element(51, 3, (0, 100))
    d = march_delay(2, [walkers], 0, 17, 30, 13, GRID, rtetype, bartype, DATA)
    assert d.terms["TR"] == 0
    assert d.value == INF
    assert d.reason == (
        "unit 51 (type 3) has too little transport to move: TR = 0 gives fmr(3, TR) = 0"
    )


def test_3_2_3_piecewise_affine_fmr() -> None:
    # Type 2: fmr.f0 = 0.2 >= 0, so fmr(2, TR) = paf(TR, 0.2, (0.6, 1, 1.2), (0.5, 1, 2)).
    assert DATA.fmr(2, 0) == pytest.approx(0.2)
    assert DATA.fmr(2, 0.25) == pytest.approx(0.2 + 0.25 / 0.5 * (0.6 - 0.2))  # 0.4
    assert DATA.fmr(2, 1.6) == pytest.approx(1.0 + (1.6 - 1) / (2 - 1) * (1.2 - 1.0))  # 1.12
    assert DATA.fmr(2, 5) == pytest.approx(1.2)
    assert DATA.fmr(2, INF) == pytest.approx(1.2)
    # Default formula (fmr.f0 < 0): TR/(2 - TR) below 1, then 1; TR = +inf gives 1.
    assert DATA.fmr(1, 0.9) == pytest.approx(0.9 / 1.1)
    assert DATA.fmr(1, 1.0) == 1.0
    assert DATA.fmr(1, INF) == 1.0


def test_3_2_3_objective_not_in_area_of_war() -> None:
    d = march([U4], 17, 31)
    assert d.value == INF
    assert d.reason == "objective cell 31 is not in the area of war (cells are 1..30)"
    assert march([U4], 17, 0).reason == (
        "objective cell 0 is not in the area of war (cells are 1..30)"
    )


def test_3_2_3_objective_inactive() -> None:
    # Cell 7, the bottom cell of rank 2, is inactive and adjacent to cell 6.
    d = march([U9], 6, 7)
    assert d.value == INF
    assert d.reason == "objective cell 7 is inactive"


def test_3_2_3_objective_not_adjacent() -> None:
    d = march([U4], 17, 6)
    assert d.value == INF
    assert d.reason == (
        "objective cell 6 is not adjacent to cell 17: a task force in a march posture cannot "
        "jump over cells"
    )


def test_3_2_3_1_not_enough_supplies() -> None:
    # ssuse(1) = 2 * 10 tanks = 20 > ssstock(1) = 19.
    d = march([red(4, 1, tanks=10, fuel=19, pers=40)], 17, 13)
    assert d.value == INF
    assert d.reason == (
        "not enough type 1 supplies to move: the task force needs 20 and has 19 "
        "(ssuse(1) > ssstock(1))"
    )


def test_3_2_3_1_supplies_are_pooled() -> None:
    # Unit 4 alone is short (20 > 19); with unit 9's 10 fuel, ssstock = 29 >= 20 + 2.
    d = march([red(4, 1, tanks=10, fuel=19, pers=40), U9], 17, 13)
    assert (d.terms["ssstock(1)"], d.terms["ssuse(1)"]) == (29, 22)
    assert d.finite


def test_3_2_3_1_zero_movement_rate_on_route() -> None:
    # [rtetype](17, 16) = 3 (swamp): mr(1, 1, 3) = 0, so TFAMR = 0 and d1 = +inf.
    d = march([U4, U9], 17, 16)
    assert d.terms["TFAMR"] == 0
    assert d.value == INF
    assert (
        d.reason == "unit 4 (type 1) cannot move along route type 3 in posture 30: mr(1, 1, 3) = 0"
    )


def test_3_2_3_1_impassable_barrier() -> None:
    # bt = [bartype](17, 20) = 2: bdelay(1, 1, 2) = inf.
    d = march([U9, U4], 17, 20)
    assert d.value == INF
    assert d.reason == (
        "no route: barrier type 2 between cells 17 and 20 is impassable to unit 4 (type 1) "
        "in posture 30 (bdelay(1, 1, 2) = inf)"
    )
    # Unit 9 alone crosses it: TR = 20/20 = 1, fmr = 1, AMR(9) = mr(3, 1, 1) = 6,
    # d = depth/6 + bdelay(3, 1, 2) = 10/6 + 2.
    assert march([U9], 17, 20).value == pytest.approx(10 / 6 + 2)


# -- §3.2.3.2 stacked march -----------------------------------------------------------------


def test_3_2_3_2_stacked_march_hand_computation() -> None:
    # Units 21 (type 2, trptcl 1) and 22 (type 1, trptcl 0) in transport mode 1 march from
    # cell 6 to cell 9: route type 2 (off road), bt = 1 (river).
    # C = {21} (trptcl(2) = mode = 1), P = {22}.
    d = march([U21, U22], 6, 9, mode=1)
    # Supplies: ssstock(1) = fuel of the whole task force = 30 + 10 = 40;
    # ssuse(1) = carriers only = ssreqm(1, trucks) * 20 = 20 (unit 22's tanks do not count).
    assert (d.terms["ssstock(1)"], d.terms["ssuse(1)"]) == (40, 20)
    # R = {i: loadcl(i, 1) = 1} = {trucks}. CC = ldcap(trucks) * 20 = 5 * 20 = 100.
    # LOAD = sum over P of ldsize(j, 1, 1) * res = tanks 4*15 + fuel 1*10 + pers 0.1*20 = 72.
    assert d.terms["CC"] == 100
    assert d.terms["LOAD"] == pytest.approx(72)
    # LOAD/CC = 0.72 of the trucks carry unit 22; the residual 1 - 0.72 = 0.28 carries the
    # carriers' own resources (docs/rulings/idahex.md):
    # ttcapacity = (S = not load class 1: tanks 1*0 + helos 4*0 + ...) 0
    #            + 0.28 * trncap(trucks) * 20 = 0.28 * 200 = 56.
    # ttdemand = carriers only = fuel 1*30 + pers 0.1*50 = 35. TR = 56/35 = 1.6.
    assert d.terms["ttcapacity"] == pytest.approx(56)
    assert d.terms["ttdemand"] == pytest.approx(35)
    assert d.terms["TR"] == pytest.approx(1.6)
    # fmr(2, 1.6) = paf: 1.0 + (1.6 - 1)/(2 - 1) * (1.2 - 1.0) = 1.12;
    # AMR(21) = 1.12 * mr(2, 1, 2) = 1.12 * 5 = 5.6. TFAMR = 5.6 (carriers only).
    assert d.terms["TFAMR"] == pytest.approx(5.6)
    assert "AMR(u22)" not in d.terms
    # d1 = 10/5.6; d2 = max over C of bdelay(2, 1, 1) = 1.0 (the passenger's 1.5 is ignored).
    assert d.terms["d2"] == 1.0
    assert d.value == pytest.approx(10 / (1.12 * 5) + 1.0)
    assert d.section == "3.2.3.2"


def test_3_2_3_2_carriers_draw_only_on_their_own_transport() -> None:
    # A passenger with 2 trucks of its own: LOAD = ldsize(trucks, 1)*2 + 1*10 + 0.1*20 = 16.
    light = red(23, 1, trucks=2, fuel=10, pers=20)
    d = march([U21, light], 6, 9, mode=1)
    # ttcapacity = (1 - 16/100) * trncap(trucks) * 20 = 0.84 * 200 = 168: the passenger's
    # trucks (10*2 = 20 more) do not help the carriers.
    assert d.terms["ttcapacity"] == pytest.approx(168)


def test_3_2_3_2_load_exceeds_capacity() -> None:
    # 30 tanks: LOAD = 4*30 + 1*10 + 0.1*20 = 132 > CC = 100.
    d = march([U21, red(22, 1, tanks=30, fuel=10, pers=20)], 6, 9, mode=1)
    assert d.value == INF
    assert d.reason == (
        "the carriers cannot carry the passengers: load 132 exceeds carrying capacity 100 in "
        "transport mode 1 (LOAD > CC)"
    )


def test_3_2_3_2_no_carriers() -> None:
    # Mode 2 selects trptcl = 2 (helicopter lift); units 21 and 22 have trptcl 1 and 0.
    d = march([U21, U22], 6, 9, mode=2)
    assert d.value == INF
    assert d.reason == (
        "no element has transport class 2, the task force's transport mode: there are no "
        "carriers to move it"
    )


def test_3_2_3_2_carriers_short_of_supplies() -> None:
    # ssuse(1) = 1 * 20 trucks = 20 > ssstock(1) = 12 + 5 (the passenger's fuel counts).
    d = march([red(21, 2, trucks=20, fuel=12, pers=50), red(22, 1, fuel=5)], 6, 9, mode=1)
    assert d.value == INF
    assert d.reason == (
        "not enough type 1 supplies to move: the task force needs 20 and has 17 "
        "(ssuse(1) > ssstock(1))"
    )


def test_3_2_3_transport_mode_must_be_a_load_class() -> None:
    # nlc(1) = 2: ldsize(j, 3, 1) does not exist.
    with pytest.raises(InvalidInputError, match=r"mode: must be 0 .* 1..nlc\(1\) = 2, got 3"):
        march([U21, U22], 6, 9, mode=3)


def test_3_2_3_inputs_must_fit_the_design_data() -> None:
    with pytest.raises(InvalidInputError, match=r"\[resources\]\(4, \*\): must list nrs\(1\)"):
        march([Element(4, 1, (1, 2))], 17, 13)
    with pytest.raises(InvalidInputError, match=r"butype\(4\): unit types are 1..4, got 5"):
        march([Element(4, 5, (0, 0, 0, 0, 0))], 17, 13)
    with pytest.raises(InvalidInputError, match="at least one element"):
        march([], 17, 13)
    with pytest.raises(InvalidInputError, match="bad movement posture 32"):
        march([U4], 17, 13, pp=32)


# -- §3.2.4 air movement --------------------------------------------------------------------


def test_3_2_4_dist_is_straight_line_between_centres() -> None:
    # Cell 6 is hex (1, 1) and cell 16 is hex (4, -1) (IdahexGrid, §2.1): dq = 3, dr = -2.
    assert (GRID.hex_of(6).q, GRID.hex_of(6).r, GRID.hex_of(16).q, GRID.hex_of(16).r) == (
        1,
        1,
        4,
        -1,
    )
    # dist = depth * sqrt(dq^2 + dq*dr + dr^2) = 10 * sqrt(9 - 6 + 4) = 10 * sqrt(7).
    assert dist(6, 16, GRID, 10.0) == pytest.approx(10 * math.sqrt(7))


def test_3_2_4_dist_matches_formula_for_every_pair() -> None:
    for a in range(1, GRID.ncells + 1):
        ha = GRID.hex_of(a)
        for b in range(1, GRID.ncells + 1):
            hb = GRID.hex_of(b)
            dq, dr = hb.q - ha.q, hb.r - ha.r
            expected = 2.5 * math.sqrt(dq * dq + dq * dr + dr * dr)
            assert dist(a, b, GRID, 2.5) == pytest.approx(expected, abs=1e-12)
            if ha.distance(hb) == 1:  # 'depth ... the distance between ... adjacent cells'
                assert dist(a, b, GRID, 2.5) == pytest.approx(2.5)


def test_3_2_4_1_unstacked_air_movement_hand_computation() -> None:
    # Units 9 (type 3, mrair 200) and 33 (type 4, mrair 150) fly in posture 31 from cell 6
    # to cell 16, which is not adjacent: air movement may skip cells.
    d = air([U9, U33], 6, 16)
    # ssstock(1) = 10 + 19 = 29; ssuse(1) = trucks 1*2 + helos 2*4 = 10.
    assert (d.terms["ssstock(1)"], d.terms["ssuse(1)"]) == (29, 10)
    # ttdemand = (1*10 + 0.1*100) + (1*19 + 0.1*10) = 20 + 20 = 40;
    # ttcapacity = trucks 10*2 + helos 4*4 = 36; TR = 36/40 = 0.9.
    assert d.terms["TR"] == pytest.approx(0.9)
    # fmr = 0.9/(2 - 0.9) for both types (fmr.f0 < 0);
    # AMR = min{0.9/1.1 * 200, 0.9/1.1 * 150} = 0.9/1.1 * 150.
    assert d.terms["AMR"] == pytest.approx(0.9 / 1.1 * 150)
    # d = dist(6, 16)/AMR = 10*sqrt(7) / (0.9/1.1 * 150).
    assert d.terms["dist"] == pytest.approx(10 * math.sqrt(7))
    assert d.value == pytest.approx(10 * math.sqrt(7) / (0.9 / 1.1 * 150))
    assert d.section == "3.2.4.1"


def test_3_2_4_2_stacked_air_movement_hand_computation() -> None:
    # Unit 34 (type 4, trptcl 2) lifts unit 12 (type 3) in transport mode 2, cell 6 -> 16.
    d = air([U34, U12], 6, 16, mode=2)
    # C = {34}, P = {12}. ssstock(1) = 20 + 5 = 25; ssuse(1) = helos 2*10 = 20 <= 25.
    assert (d.terms["ssstock(1)"], d.terms["ssuse(1)"]) == (25, 20)
    # R = {helos} (loadcl 2). CC = ldcap(helos) * 10 = 3*10 = 30;
    # LOAD = ldsize(fuel, 2)*5 + ldsize(pers, 2)*100 = 5 + 10 = 15; LOAD/CC = 0.5.
    assert (d.terms["CC"], d.terms["LOAD"], d.terms["LOAD/CC"]) == (30, 15, 0.5)
    # ttcapacity = (1 - 0.5) * trncap(helos) * 10 = 0.5 * 40 = 20;
    # ttdemand = fuel 1*20 + pers 0.1*10 = 21; TR = 20/21.
    assert d.terms["TR"] == pytest.approx(20 / 21)
    # fmr(4, 20/21) = (20/21)/(2 - 20/21) = 20/22; AMR = 20/22 * mrair(4) = 20/22 * 150.
    assert d.terms["AMR"] == pytest.approx(20 / 22 * 150)
    assert "mrair(u12)" not in d.terms  # the passenger's own air rate does not count
    assert d.value == pytest.approx(10 * math.sqrt(7) / (20 / 22 * 150))
    assert d.section == "3.2.4.2"


def test_3_2_4_objective_must_exist_and_be_active() -> None:
    assert air([U9], 6, 99).reason == (
        "objective cell 99 is not in the area of war (cells are 1..30)"
    )
    assert air([U9], 6, 4).reason == "objective cell 4 is inactive"
    assert air([U9], 6, 4).section == "3.2.4"


def test_3_2_4_1_element_that_cannot_fly() -> None:
    # mrair(1) = 0: the armoured unit 4 cannot move by air, so AMR = 0 and d = +inf.
    d = air([U9, U4], 6, 16)
    assert d.terms["AMR"] == 0
    assert d.value == INF
    assert d.reason == "unit 4 (type 1) cannot move by air: mrair(1) = 0"


def test_3_2_4_1_not_enough_supplies() -> None:
    # ssuse(1) = 2 * 4 helos = 8 > ssstock(1) = 7.
    d = air([red(33, 4, helos=4, fuel=7)], 6, 16)
    assert d.value == INF
    assert d.reason is not None
    assert d.reason.startswith("not enough type 1 supplies to move: the task force needs 8")


def test_3_2_4_2_load_exceeds_capacity() -> None:
    # Unit 9 as passenger: LOAD = trucks 10*2 + fuel 1*10 + pers 0.1*100 = 40 > CC = 30.
    d = air([U34, U9], 6, 16, mode=2)
    assert d.value == INF
    assert d.reason == (
        "the carriers cannot carry the passengers: load 40 exceeds carrying capacity 30 in "
        "transport mode 2 (LOAD > CC)"
    )


def test_movement_delay_dispatches_on_airmove() -> None:
    # airmove(30 - 29) = false: the march; airmove(31 - 29) = true: air movement.
    marching = movement_delay(1, [U4, U9], 0, 17, 30, 13, GRID, rtetype, bartype, DATA)
    assert marching == march([U4, U9], 17, 13)
    flying = movement_delay(1, [U9], 0, 6, 31, 16, GRID, rtetype, bartype, DATA)
    assert flying == air([U9], 6, 16)


# -- §3.2.5 disengagement -------------------------------------------------------------------


def test_3_2_5_not_engaged_is_zero() -> None:
    # 'If the task force is not engaged, set d = 0' -- before any other check.
    d = diseng([U4, U9], 17, 6, engaged=False)
    assert (d.value, d.section) == (0, "3.2.5")


def test_3_2_5_1_with_rearguard_is_max_diseng1() -> None:
    # Friendly units hold cell 17: d = max{diseng(1, 1), diseng(3, 1)} = max{1.0, 2.0} = 2.
    d = diseng([U4, U9], 17, 13, rearguard=True)
    assert (d.value, d.section) == (2.0, "3.2.5.1")


def test_3_2_5_2_unstacked_pursued_hand_computation() -> None:
    # No rearguard: units 4 and 9 disengage from 17 toward 13 into posture np = 30.
    d = diseng([U4, U9], 17, 13)
    # d1 = max{diseng(1, 1), diseng(3, 1)} = max{1.0, 2.0} = 2.0.
    # TR = 0.5 and AMR(4) = 20/3, AMR(9) = 2 as in the §3.2.3.1 example (mr(*, np-29, 1)).
    # w1 = max{diseng(1, 2) * depth/AMR(4), diseng(3, 2) * depth/AMR(9)}
    #    = max{0.5 * 10/(20/3), 2.0 * 10/2} = max{0.75, 10} = 10.
    assert d.terms["w1"] == pytest.approx(10)
    # w2 = max{diseng(1, 2) * bdelay(1, 1, 1), diseng(3, 2) * bdelay(3, 1, 1)}
    #    = max{0.5 * 1.5, 2.0 * 0.25} = max{0.75, 0.5} = 0.75.
    assert d.terms["w2"] == pytest.approx(0.75)
    # d = d1 + w1 + w2 = 2 + 10 + 0.75.
    assert d.value == pytest.approx(2.0 + 10 + 0.75)
    assert d.section == "3.2.5.2"


def test_3_2_5_2_stacked_pursued_hand_computation() -> None:
    # Units 21 (carrier) and 22 (passenger), mode 1, from 6 toward 9 (route 2, river).
    d = diseng([U21, U22], 6, 9, mode=1)
    # d1 = max over every element: max{diseng(2, 1), diseng(1, 1)} = max{0.5, 1.0} = 1.0.
    assert d.terms["d1"] == 1.0
    # TR = 1.6 and AMR(21) = 1.12 * 5 = 5.6 as in the §3.2.3.2 example.
    # w1 = diseng(2, 2) * depth/AMR(21) = 1.0 * 10/5.6 (carriers only);
    # w2 = diseng(2, 2) * bdelay(2, 1, 1) = 1.0 * 1.0.
    assert d.terms["w1"] == pytest.approx(10 / 5.6)
    assert d.terms["w2"] == 1.0
    assert d.value == pytest.approx(1.0 + 10 / 5.6 + 1.0)


def test_3_2_5_objective_must_be_active_and_adjacent() -> None:
    assert diseng([U9], 6, 7).reason == "objective cell 7 is inactive"
    assert diseng([U9], 6, 16).reason == (
        "objective cell 16 is not adjacent to cell 6: a task force disengages toward an "
        "adjacent cell"
    )
    assert diseng([U9], 6, 0).value == INF


def test_3_2_5_cannot_disengage_into_air_movement() -> None:
    d = diseng([U9], 6, 5, np=31)
    assert d.value == INF
    assert d.reason == (
        "an engaged task force cannot disengage directly into air movement posture 31"
    )


def test_3_2_5_2_zero_movement_rate() -> None:
    # Route 17 -> 16 is swamp: mr(1, 1, 3) = 0, so AMR(4) = 0 and d2 = +inf.
    d = diseng([U9, U4], 17, 16)
    assert d.value == INF
    assert (
        d.reason == "unit 4 (type 1) cannot move along route type 3 in posture 30: mr(1, 1, 3) = 0"
    )


def test_3_2_5_2_impassable_barrier() -> None:
    # bt = 2 between 17 and 20: diseng(1, 2) * bdelay(1, 1, 2) = 0.5 * inf.
    d = diseng([U4], 17, 20)
    assert d.value == INF
    assert d.reason is not None
    assert d.reason.startswith("no route: barrier type 2 between cells 17 and 20")


def test_3_2_5_2_zero_pursuit_factor_ignores_impassable_barrier() -> None:
    # diseng(1, 2) = 0: no pursuit delay at all, so w2 = 0 * inf = 0 (docs/rulings/idahex.md).
    # Unit 4 alone: TR = 10/40 = 0.25, fmr = 0.25/1.75 = 1/7, AMR(4) = 20/7 on the road;
    # w1 = 0 * 10/(20/7) = 0; d = d1 + w1 + w2 = diseng(1, 1) + 0 + 0 = 1.0.
    data = dataclasses.replace(DATA, diseng=((1.0, 0.0), (0.5, 1.0), (2.0, 2.0), (0.0, 0.0)))
    d = diseng([U4], 17, 20, data=data)
    assert d.terms["TR"] == pytest.approx(0.25)
    assert d.terms["AMR(u4)"] == pytest.approx(20 / 7)
    assert (d.terms["w1"], d.terms["w2"]) == (0, 0)
    assert d.value == 1.0


def test_3_2_5_2_stacked_needs_carriers_and_capacity() -> None:
    assert diseng([U21, U22], 6, 9, mode=2).reason == (
        "no element has transport class 2, the task force's transport mode: there are no "
        "carriers to move it"
    )
    heavy = red(22, 1, tanks=30, fuel=10, pers=20)
    assert diseng([U21, heavy], 6, 9, mode=1).reason == (
        "the carriers cannot carry the passengers: load 132 exceeds carrying capacity 100 in "
        "transport mode 1 (LOAD > CC)"
    )


def test_3_2_5_2_unstacked_not_enough_supplies() -> None:
    d = diseng([red(4, 1, tanks=10, fuel=19, pers=40)], 17, 13)
    assert d.value == INF
    assert d.reason is not None
    assert d.reason.startswith("not enough type 1 supplies to move")


# -- §3.2.6 - §3.2.8 ------------------------------------------------------------------------


def test_3_2_6_attack_delay_zero_when_undefended() -> None:
    d = attack_delay(13, defended=False)
    assert (d.value, d.section) == (0, "3.2.6")


def test_3_2_6_attack_delay_indefinite_against_holding_enemy() -> None:
    d = attack_delay(13, defended=True)
    assert d.value == INF
    assert d.reason == (
        "cell 13 is held by enemy units in hold postures: the attack lasts until combat decides it"
    )


def test_3_2_7_hold_at_location_is_zero() -> None:
    assert hold_at_location_delay(0).value == 0  # case (1), activation
    assert hold_at_location_delay(44).value == 0  # case (3), reverting attack


def test_3_2_7_destroyed_unit_never_revives() -> None:
    d = hold_at_location_delay(-10)
    assert d.value == INF
    assert d.reason == "a destroyed unit cannot come back to life"


def test_3_2_8_nonpositive_is_zero() -> None:
    d = nonpositive_delay(10, -10)
    assert (d.value, d.section, d.warning) == (0, "3.2.8", None)
    assert nonpositive_delay(3, 5).warning is None  # within class 0


def test_3_2_8_entering_class_0_warns_the_designer() -> None:
    d = nonpositive_delay(12, 0)
    assert d.value == 0
    assert d.warning == (
        "a task force entered posture class 0 (posture 0) from posture 12: there is normally "
        "no reason to"
    )


# -- wait: dispatch on the §3.2 case ---------------------------------------------------------


def _wait(
    present: str,
    following: str,
    elements: list[Element] | None = None,
    *,
    defended: bool = False,
) -> Delay:
    return wait(
        Status.from_str(present),
        Status.from_str(following),
        s=1,
        elements=[U4, U9] if elements is None else elements,
        mode=0,
        grid=GRID,
        rtetype=rtetype,
        bartype=bartype,
        data=DATA,
        engaged=True,
        rearguard=False,
        defended=defended,
    )


def test_wait_follows_table_3_1_task_force_4_9() -> None:
    # Table 3.1, units 4 and 9 in cell 17 ordered to hold in cell 13 (default pmapup):
    assert _wait("17/10/17", "17/20/13").section == "3.2.2"
    assert _wait("17/20/13", "17/30/13") == diseng([U4, U9], 17, 13)
    assert _wait("17/30/13", "17/40/13") == march([U4, U9], 17, 13)
    assert _wait("17/40/13", "13/10/13") == attack_delay(13, defended=False)
    assert _wait("17/40/13", "13/10/13", defended=True).value == INF


def test_wait_other_cases() -> None:
    assert _wait("17/30/13", "17/31/13").value == 0.3  # §3.2.1, ptran(3, 1, 2)
    assert _wait("6/31/16", "6/40/16", [U9]) == air([U9], 6, 16)
    assert _wait("17/31/13", "17/42/17").section == "3.2.7"  # abort, §3.2.7 case (2)
    assert _wait("17/42/17", "17/13/17").value == 0  # case (3)
    assert _wait("6/0/6", "6/10/6").value == 0  # case (1)
    assert _wait("17/10/17", "17/-10/17").section == "3.2.8"
    d = _wait("17/-10/17", "17/10/17")
    assert (d.value, d.reason) == (INF, "a destroyed unit cannot come back to life")


def test_wait_refuses_transitions_section_3_1_never_makes() -> None:
    with pytest.raises(InvalidInputError, match=r"no §3\.2 case"):
        _wait("17/10/17", "17/30/13")


# -- design data checks ---------------------------------------------------------------------


def test_movement_data_reports_every_problem() -> None:
    with pytest.raises(InvalidInputError) as err:
        dataclasses.replace(
            DATA,
            mrair=(0, 0, -1, 150),
            mr=(((20, 8, 0), (0, 0, 0)), ((30, 5), (0, 0, 0)), ((6, 4, 3), (0, 0, 0)), ()),
            diseng=((1.0, INF), (0.5, 1.0), (2.0, 2.0), (0.0, 0.0)),
        )
    paths = [p.path for p in err.value.problems]
    assert paths == ["mrair(3)", "mr(2, 1, *)", "mr(4, *)", "diseng(1, 2)"]


def test_movement_data_checks_fmr_x_and_depth() -> None:
    with pytest.raises(InvalidInputError, match=r"fmr.x\(3\): must be nondecreasing"):
        dataclasses.replace(DATA, fmr_x=(0.5, 2.0, 1.0))
    with pytest.raises(InvalidInputError, match="depth: must be a finite number > 0"):
        dataclasses.replace(DATA, depth=0.0)


def test_movement_data_accepts_lists_as_read_from_files() -> None:
    # Loaders hand over nested lists (JSON, TOML); they are frozen into tuples.
    fields: dict[str, Any] = {
        "depth": 10.0,
        "ptran": [[list(row) for row in square] for square in DATA.ptran],
        "airmove": [False, True],
        "mrair": list(DATA.mrair),
        "mr": [[list(r) for r in t] for t in DATA.mr],
        "bdelay": [[list(r) for r in t] for t in DATA.bdelay],
        "diseng": [list(r) for r in DATA.diseng],
        "trptcl": list(DATA.trptcl),
        "fmr_f0": list(DATA.fmr_f0),
        "fmr_f": [list(r) for r in DATA.fmr_f],
        "fmr_x": list(DATA.fmr_x),
        "sides": [RED, BLUE],
    }
    as_lists = MovementData(**fields)
    assert as_lists == DATA
    assert march([U4, U9], 17, 13) == march_delay(
        1, [U4, U9], 0, 17, 30, 13, GRID, rtetype, bartype, as_lists
    )


def test_side_data_checks_load_classes() -> None:
    with pytest.raises(InvalidInputError, match=r"loadcl\(2\): must be 0..nlc = 2, got 3"):
        dataclasses.replace(RED, loadcl=(0, 3, 2, 0, 0))
    with pytest.raises(InvalidInputError, match=r"ldsize\(1, \*\): must have 2 values"):
        dataclasses.replace(RED, ldsize=((4,), (2, 10), (0, 0), (1, 1), (0.1, 0.1)))


RED_TRPT, RED_AMMO, RED_FUEL = 5, 6, 7


RED_TRPT, RED_AMMO, RED_FUEL = 5, 6, 7


RED_TRPT, RED_AMMO, RED_FUEL = 5, 6, 7


BLUE_FUEL = 6


def short_of(number: int, cell: int, index: int) -> Unit:
    """Sinai unit ``number`` at ``cell`` with its Sinai resources but none of the 0-based
    type ``index``."""
    u = unit(number, cell)
    res = list(u.resources)
    res[index] = 0.0
    return u.model_copy(update={"resources": tuple(res)})


def arrival(g: IdahexGame, change: str) -> float:
    """The time of the (only) status change ending in ``change``, as Red is told it."""
    (t,) = [ev.time for ev in g.events("red") if ev.kind == "status" and ev.text.endswith(change)]
    return t


def warnings(g: IdahexGame, side: str) -> list[str]:
    return [ev.text for ev in g.events(side) if ev.kind == "warning"]


# A design in which nothing Red holds needs supplies to move (ssreqm(*, *, 1) = 0) and type 1
# moves faster with surplus transport: fmr.x = (.5, 1, 2, 2, 2, 2), fmr.f(1, *) = (.5, 1, 1.5,
# 1.5, 1.5, 1.5), so fmr(1, TR) = 1 at TR = 1 and 1.5 from TR = 2 on ('degradation (or
# possibly improvement) factor', §3.2.3).
SURPLUS = {
    "ssreqm": (tuple((0.0,) * len(row) for row in F50.ssreqm[0]), F50.ssreqm[1]),
    "fmr_x": (0.5, 1.0, 2.0, 2.0, 2.0, 2.0),
    "fmr_f": _per_type(F50.fmr_f, 1, (0.5, 1.0, 1.5, 1.5, 1.5, 1.5)),
}


# The Suez Canal impassable to unit types 1 (Red armour) and 6 (Blue armour): bdelay(i, 1, 1) =
# +inf (the Sinai data give .25 and 1 days).
CANAL_CLOSED_TO_TYPE_1 = {"bdelay": _per_type(F50.bdelay, 1, ((math.inf, 100.0),))}


CANAL_CLOSED_TO_TYPE_6 = {"bdelay": _per_type(F50.bdelay, 6, ((math.inf, 100.0),))}


# Air movement for the disengagement case: class 3 gets a second posture, 31, an air movement
# posture (airmove = (false, true)), every unit type moves in it as in posture 30, and
# pmapup(20) = 31, so a task force leaving its disengagement posture enters posture 31. Red's
# type 1 flies at mrair(1) = 100 (its attack from 27 reaches 38 by air).
AIR = {
    "npost": (2, 1, 2, 1),
    "airmove": (False, True),
    "ptran": (F50.ptran[0], F50.ptran[1], ((0.0, 0.0), (0.0, 0.0)), F50.ptran[3]),
    "mr": tuple((r[0], r[0]) for r in F50.mr),
    "bdelay": tuple((r[0], r[0]) for r in F50.bdelay),
    "mrair": (100.0, *F50.mrair[1:]),
    "pmap": (PostureMap(posture=20, pmapup=31, pmapdn=40),),
}


# Blue's type 6 cannot move along route type 1 in posture 30: mr(6, 1, 1) = 0.
NO_ROAD_FOR_TYPE_6 = {"mr": _per_type(F50.mr, 6, ((0.0, *F50.mr[5][0][1:]),))}


_MARCH_TERMS = {
    "rtetype": 1,
    "bt": 1,
    # ssstock(1) = 36 + 10; ssuse(1) = 2 x 10 tanks + 1 x 2 trucks.
    "ssstock(1)": 46,
    "ssuse(1)": 22,
    # ttdemand = 36 + .1 x 40 + 10 + .1 x 100; ttcapacity = 1 x 10 + 10 x 2; TR = .5.
    "ttdemand": 60,
    "ttcapacity": 30,
    "TR": 0.5,
    # fmr = TR / (2 - TR) = 1/3 for types 1 and 3; mr(1, 1, 1) = 20, mr(3, 1, 1) = 6.
    "fmr(u4)": 1 / 3,
    "mr(u4)": 20,
    "AMR(u4)": 20 / 3,
    "fmr(u9)": 1 / 3,
    "mr(u9)": 6,
    "AMR(u9)": 2,
}


ROWS10 = ((0,) * 10,) * 10  # a ptran square of 10 postures


@pytest.mark.found_by_full_run
@pytest.mark.parametrize(
    ("number", "trpt", "expected"),
    [
        # Type 1, trpt .5 and fuel 1: ttdemand = 1 x 1 = 1 (TR's first case, at its lower
        # edge), ttcapacity = 1 x .5, TR = .5; fmr(1, .5) = fmr.f(1, 1) = .5, AMR = .5 x 250 =
        # 125, d = 15 / 125.
        pytest.param(2, 0.5, 15 / 125, id="type 1, ttdemand 1, TR .5"),
        # Type 5, the default formula below TR = 1: fmr = .5 / (2 - .5) = 1/3, AMR = 430 / 3.
        pytest.param(53, 0.5, 15 / (430 / 3), id="type 5, TR .5: TR/(2-TR)"),
        # TR = 1 and TR = 1.5: fmr = 1, 'the transport capacity cannot be stretched'.
        pytest.param(53, 1.0, 15 / 430, id="type 5, TR 1: 1"),
        pytest.param(53, 1.5, 15 / 430, id="type 5, TR 1.5: 1"),
    ],
)
def test_3_2_3_1_the_transport_ratio_sets_the_march_delay(
    number: int, trpt: float, expected: float
) -> None:
    """§3.2.3.1: TR = ttcapacity / ttdemand when ttdemand > 0; AMR = fmr(butype, TR) x
    mr(butype, pp - 29, [rtetype](pl, po)); d = depth / TFAMR (no barrier). A unit holding
    only trpt and 1 of fuel (ssuse(2) = .0001 x (trpt + 1) <= 1) marches from 28 to 29."""
    g = game(holding(number, 28, r6=trpt, r8=1.0), unit(150, 99))
    play(g, f"mission 29,10 units {number}")
    assert arrival(g, "28/30/29 -> 28/40/29") == pytest.approx(expected, rel=1e-9)


@pytest.mark.found_by_full_run
@pytest.mark.parametrize(
    ("amounts", "expected"),
    [
        # trpt 1 alone: ttdemand = 0, ttcapacity = 1 > 0, TR = +inf, fmr = 1.5, AMR = 375.
        pytest.param({"r6": 1.0}, 15 / 375, id="ttdemand 0, ttcapacity 1: TR +inf"),
        # Nothing at all: ttdemand = ttcapacity = 0, TR = 1, fmr = 1, AMR = 250.
        pytest.param({}, 15 / 250, id="both 0: TR 1"),
    ],
)
def test_3_2_3_1_a_march_with_no_transport_demand(
    amounts: dict[str, float], expected: float
) -> None:
    """§3.2.3.1: TR = +inf when ttdemand = 0 and ttcapacity > 0 (here ttcapacity is exactly
    1), and 1 when both are 0; the two give different rates when fmr rises past TR = 1."""
    g = game(holding(2, 28, **amounts), unit(150, 99), **SURPLUS)
    play(g, "mission 29,10 units 2")
    assert arrival(g, "28/30/29 -> 28/40/29") == pytest.approx(expected, rel=1e-9)


@pytest.mark.found_by_full_run
def test_3_2_3_1_a_march_rate_below_one_is_a_long_but_finite_delay() -> None:
    """§3.2.3.1: d1 = depth / TFAMR whenever TFAMR > 0, however small. Unit 2 with trpt 1/128,
    ammo 1 and fuel 1: ttdemand = 2, TR = 1/256, fmr(1, TR) = 1/256, TFAMR = 250/256 < 1, so
    d = 15 x 256 / 250 = 15.36 days: the task force is due in posture 40 then."""
    g = game(holding(2, 28, r6=1 / 128, r7=1.0, r8=1.0), unit(150, 99))
    play(g, "mission 29,10 units 2")
    (tf,) = g.view("red").data["task_forces"]
    assert (tf["next"], tf["due"], tf["warning"]) == ("28/40/29", pytest.approx(15.36), None)


@pytest.mark.found_by_full_run
@pytest.mark.parametrize(
    ("units", "order", "design", "reason", "section"),
    [
        # ssuse(2) = .0001 x (160 + 35 + 32 + 12 + 6 + 255 + 75 + 0) > 0 = ssstock(2).
        pytest.param(
            (short_of(2, 28, RED_FUEL),),
            "mission 29,10 units 2",
            {},
            "not enough type 2 supplies to move",
            "3.2.3.1",
            id="unstacked, no fuel",
        ),
        # Mode 1: carrier 53 (trptcl(5) = 1), passenger 2; LOAD >= ldsize(1, 1, 1) x 160 small
        # arms = 999999999 x 160 > CC = ldcap(6, 1) x 500 trpt = 600.
        pytest.param(
            (unit(2, 28), unit(53, 28)),
            "mission 29,10 units 2,53 mode 1",
            {},
            "the carriers cannot carry the passengers",
            "3.2.3.2",
            id="stacked, LOAD > CC",
        ),
        # 28 -> 39 crosses the canal: d2 = bdelay(1, 1, 1) = +inf.
        pytest.param(
            (unit(2, 28),),
            "mission 39,10 units 2",
            CANAL_CLOSED_TO_TYPE_1,
            "barrier type 1 between cells 28 and 39 is impassable",
            "3.2.3.1",
            id="impassable barrier",
        ),
    ],
)
def test_3_2_3_an_infinite_march_delay_is_warned_with_its_section(
    units: tuple[Unit, ...], order: str, design: dict[str, Any], reason: str, section: str
) -> None:
    """§3.2.3 footnote 1: 'IDAHEX ... warns the player of the side to which the task force
    belongs, explaining why the delay is infinite'; the warning names the section that
    computed it: §3.2.3.1 unstacked, §3.2.3.2 stacked (mode > 0)."""
    g = game(*units, unit(150, 99), **design)
    play(g, order)
    (text,) = warnings(g, "red")
    assert text.startswith("task force 1 cannot go from 28/30/")
    assert reason in text
    assert text.endswith(f"(seed 000 §{section})")
    assert warnings(g, "blue") == []


@pytest.mark.found_by_full_run
@pytest.mark.parametrize(
    ("blue", "objective", "design", "reason", "section"),
    [
        pytest.param(
            unit(150, 38),
            60,
            {},
            "objective cell 60 is not adjacent to cell 38",
            "3.2.5",
            id="objective not adjacent",
        ),
        pytest.param(
            unit(150, 38),
            49,
            AIR,
            "cannot disengage directly into air movement posture 31",
            "3.2.5",
            id="into an air movement posture",
        ),
        # ssuse(2) = .00001 x (the unit's resources 1 - 7) > 0 = ssstock(2).
        pytest.param(
            short_of(150, 38, BLUE_FUEL),
            49,
            {},
            "not enough type 2 supplies to move",
            "3.2.5.2",
            id="no fuel",
        ),
        # AMR(1) = fmr x mr(6, 1, 1) = 0.
        pytest.param(
            unit(150, 38),
            49,
            NO_ROAD_FOR_TYPE_6,
            "mr(6, 1, 1) = 0",
            "3.2.5.2",
            id="AMR 0",
        ),
        # 38 -> 26 crosses the canal: w2 = diseng(6, 2) x bdelay(6, 1, 1) = .4 x inf.
        pytest.param(
            unit(150, 38),
            26,
            CANAL_CLOSED_TO_TYPE_6,
            "barrier type 1 between cells 38 and 26 is impassable",
            "3.2.5.2",
            id="impassable barrier",
        ),
    ],
)
def test_3_2_5_an_infinite_disengagement_delay_is_warned_with_its_section(
    blue: Unit, objective: int, design: dict[str, Any], reason: str, section: str
) -> None:
    """§3.2.5: Blue unit 150 holds cell 38; Red unit 2 attacks it from 27 and the engagement
    begins before t = .5. At .5 Blue, engaged and with no rearguard in 38, leaves for
    ``objective``: hold -> disengagement (0, §3.2.2), then the disengagement delay is
    infinite, and the warning names §3.2.5 (the objective, or an air posture next) or
    §3.2.5.2 (the pursued march's supplies, rates or barrier)."""
    g = game(unit(2, 27), blue, **design)
    play(g, "mission 38,10 units 2", f"mission {objective},10,0.5 units 150")
    play(g)
    assert 38 in g.engine.engagements
    (text,) = warnings(g, "blue")
    assert text.startswith(f"task force 2 cannot go from 38/20/{objective} to 38/3")
    assert reason in text
    assert text.endswith(f"(seed 000 §{section})")


@pytest.mark.found_by_full_run
def test_3_2_3_1_a_march_lists_every_term_it_used() -> None:
    """§3.2.3.1: the hexside's route and barrier types, the supplies, TR, each element's fmr,
    mr and AMR, TFAMR = 2, depth, d1 = 10 / 2 = 5, each element's bdelay(i, 1, 1) (1.5 and
    .25) and d2 = 1.5."""
    d = march_delay(1, [U4, U9], 0, 17, 30, 13, GRID, rtetype, bartype, DATA)
    expected = {
        **_MARCH_TERMS,
        "TFAMR": 2,
        "depth": 10,
        "d1": 5,
        "bdelay(u4)": 1.5,
        "bdelay(u9)": 0.25,
        "d2": 1.5,
    }
    assert list(d.terms) == list(expected)
    assert dict(d.terms) == pytest.approx(expected)


@pytest.mark.found_by_full_run
def test_3_2_5_2_a_pursued_disengagement_lists_every_term_it_used() -> None:
    """§3.2.5.2, no rearguard: each element's diseng(i, 1) (1 and 2) and d1 = 2, then the
    march's terms in posture np = 30, depth, w1 = max(.5 x 10 / (20/3), 2 x 10 / 2) = 10,
    each bdelay (1.5, .25), w2 = max(.5 x 1.5, 2 x .25) = .75 and d2 = w1 + w2 = 10.75."""
    d = disengagement_delay(
        1, [U4, U9], 0, 17, 13, 30, GRID, rtetype, bartype, DATA, engaged=True, rearguard=False
    )
    expected = {
        "diseng1(u4)": 1.0,
        "diseng1(u9)": 2.0,
        "d1": 2.0,
        **_MARCH_TERMS,
        "depth": 10,
        "w1": 10,
        "bdelay(u4)": 1.5,
        "bdelay(u9)": 0.25,
        "w2": 0.75,
        "d2": 10.75,
    }
    assert list(d.terms) == list(expected)
    assert dict(d.terms) == pytest.approx(expected)
    assert d.value == pytest.approx(12.75)


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
def test_3_2_7_and_3_2_8_delays_name_their_section() -> None:
    """§3.2.7: a destroyed unit never revives (d = inf, under §3.2.7); §3.2.8 is for a next
    posture below 10 only: 10 is refused saying so."""
    dead = hold_at_location_delay(-10)
    assert str(dead) == "d = inf (§3.2.7): a destroyed unit cannot come back to life"
    with pytest.raises(InvalidInputError) as info:
        nonpositive_delay(0, 10)
    assert info.value.problems[0].message == "bad next posture 10: §3.2.8 is for np < 10"


@pytest.mark.found_by_full_run
def test_3_2_a_delay_without_a_section_names_none() -> None:
    """A delay made without a section prints its value alone: 'd = 2'."""
    assert str(Delay(2.0)) == "d = 2"


@pytest.mark.found_by_mutation
def test_3_2_3_an_objective_out_of_reach_is_an_infinite_delay_under_3_2_3() -> None:
    """§3.2.3: "a task force in a march posture cannot jump over cells": cell 99 is not in the
    area of war, so the delay is infinite and its reason names §3.2.3 itself (not a mode's
    subsection: no mover was looked at)."""
    d = march([U4], 17, 99)
    assert (d.value, d.section) == (math.inf, "3.2.3")


@pytest.mark.found_by_mutation
def test_3_2_3_1_a_unit_that_cannot_use_the_route_gives_an_infinite_delay_under_3_2_3_1() -> None:
    """§3.2.3.1 (unstacked, mode 0): 17 -> 16 is swamp, route type 3, and mr(1, 1, 3) = 0 for
    the armoured unit 4: TFAMR = 0, d1 = +inf, under §3.2.3.1."""
    d = march([U4], 17, 16)
    assert (d.value, d.section) == (math.inf, "3.2.3.1")


@pytest.mark.found_by_mutation
def test_3_2_3_a_transport_requirement_is_a_number() -> None:
    """trnreq(i, s): the transport requirement of a type i resource, a number >= 0."""
    assert _problems(lambda: replace(RED, trnreq=(0, math.nan, 0, 1, 0.1))) == [
        ("trnreq(2)", "must be a number >= 0, got nan")
    ]


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_3_the_speed_factor_table_names_its_cell() -> None:
    """fmr.f(i, j): the speed factor of unit type i at TR = fmr.x(j), a number >= 0."""
    fmr_f = (DATA.fmr_f[0], (0.6, 1.0, math.nan), *DATA.fmr_f[2:])
    assert _problems(lambda: replace(DATA, fmr_f=fmr_f)) == [
        ("fmr.f(2, 3)", "must be a number >= 0, got nan")
    ]


@pytest.mark.found_by_mutation
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


def test_3_2_3_a_march_asked_again_reads_the_route_type_file_60_gives_the_cycle() -> None:
    """§3.2.3 with §2.1 and §9.1.2: AMR = fmr * mr(butype, pp - 29, [rtetype](pl, po)) and
    [rtetype] = rtemap([basic_rtetype]). Sinai's File 60 maps basic route type 3 to 4 in
    cycle 1 and back to 3 in cycle 2; cells 4 and 5 are joined by basic route 3 with no
    barrier. Unit 2 (type 1) marching from 4 to 5 in posture 30: d = depth / (fmr *
    mr(1, 1, 4)) in cycle 1, depth / (fmr * mr(1, 1, 3)) once cycle 2's maps are read, so the
    same march asked again (same statuses, same holdings) takes mr(1,1,4) / mr(1,1,3) =
    75 / 148 of the time before: the engine may not keep the first answer across the maps."""
    g = game(unit(2, 4))
    e = g.engine
    assert e.rtemap == {3: 4}  # cycle 1's maps, read at the first cycle start
    tf = place(g, 2, "4/30/5", "5,40")
    present, following = Status(4, 30, 5), Status(4, 40, 5)
    before = e.delay(tf, present, following)
    assert e.delay(tf, present, following) is before  # asked again, the same answer
    e.apply_maps(2)
    after = e.delay(tf, present, following)
    assert (before.terms["rtetype"], after.terms["rtetype"]) == (4, 3)
    assert after.value == pytest.approx(before.value * 75 / 148, rel=1e-12)


def test_3_2_3_a_march_whose_route_file_60_leaves_keeps_its_delay_across_the_maps() -> None:
    """§3.2 with §2.1 and §9.1.2: a delay reads the maps only through the route and barrier
    types of the hexside between its present location and objective, so cycle 2's maps,
    which map basic route type 3 anew and nothing else, leave the delay of a march over the
    basic route 2 between cells 4 and 3 as it was (the engine keeps the same answer) while
    the march over route 3 from 4 to 5 is found afresh; both equal the delays found anew."""
    g = game(unit(2, 4))
    e = g.engine
    tf = place(g, 2, "4/30/3", "3,40")
    kept = e.delay(tf, Status(4, 30, 3), Status(4, 40, 3))
    remapped = e.delay(tf, Status(4, 30, 5), Status(4, 40, 5))
    e.apply_maps(2)
    assert e.delay(tf, Status(4, 30, 3), Status(4, 40, 3)) is kept
    again = e.delay(tf, Status(4, 30, 5), Status(4, 40, 5))
    assert again is not remapped
    assert (remapped.terms["rtetype"], again.terms["rtetype"]) == (4, 3)
    e._delays.clear()
    assert e.delay(tf, Status(4, 30, 3), Status(4, 40, 3)) == kept
    assert e.delay(tf, Status(4, 30, 5), Status(4, 40, 5)) == again
