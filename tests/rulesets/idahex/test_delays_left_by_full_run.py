"""IDAHEX delays, pooling and their warnings that the full mutation run of the rule modules found
unchecked (docs/testing.md, "The run's second part: delays, values and generation"), each
played in a small Sinai game (seed 000 §9.2 data) at its boundary.

Every expected value is worked out by hand from seed 000 §3.2.3 - §3.2.5 and §4.2.1 on the
Sinai design data. The figures used (Red's resources in the §2.2.2 order: 1 small arms, 2
anti-tank, 3 tanks, 4 arty, 5 SAMS & AAA, 6 trpt, 7 ammo, 8 fuel & other, 9 pers; Blue's: 1
small arms, 2 anti tank, 3 tanks, 4 arty, 5 transport, 6 ammo, 7 fuel & other, 8 pers):

* ``depth`` = 15; cells 28 -> 29 are joined by route type 1 (excellent trafficability) with no
  barrier; 27 -> 38, 28 -> 39 and 38 -> 26 cross the Suez Canal (barrier type 1); 38 -> 49 is
  route type 1 with no barrier.
* ``trnreq(*, 1)`` = (0, .001, 0, 0, 0, 0, 1, 1, .0875), ``trncap(*, 1)`` = (.96, 0, .55, 0, 0,
  1, 0, 0, .001): trpt carries 1, ammo and fuel each need 1.
* ``ssreqm(2, *, 1)`` = .0001 for resource types 1 - 8 (type 2 supplies are fuel, resource 8).
* ``mr(1, 1, 1)`` = 250 (unit type 1, armour), ``mr(5, 1, 1)`` = 430 (type 5, Red transport).
* ``fmr.x`` = (.5, 1, 1, 1, 1, 1); type 1: ``fmr.f0`` = 0, ``fmr.f(1, *)`` = (.5, 1, ...), so
  ``fmr(1, TR) = TR`` up to 1 and 1 beyond; type 5: ``fmr.f0`` = -1, the default formula.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from hexwar.rulesets.idahex.delays import disengagement_delay, march_delay
from hexwar.rulesets.idahex.design import Unit
from hexwar.rulesets.idahex.design.model import PostureMap
from hexwar.rulesets.idahex.game import IdahexGame

from .sinai import SINAI, game, play, unit
from .test_delays import DATA, GRID, U4, U9, bartype, rtetype

F50 = SINAI[0]
RED_TRPT, RED_AMMO, RED_FUEL = 5, 6, 7
BLUE_FUEL = 6


def holding(number: int, cell: int, posture: int = 10, **amounts: float) -> Unit:
    """Sinai unit ``number`` at ``cell`` holding only ``amounts`` (``r6=.5``: resource 6)."""
    u = unit(number, cell, posture)
    res = [0.0] * len(u.resources)
    for key, q in amounts.items():
        res[int(key[1:]) - 1] = q
    return u.model_copy(update={"resources": tuple(res)})


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


def _per_type(table: Any, butype: int, row: Any) -> tuple[Any, ...]:
    """``table`` (indexed by unit type) with unit type ``butype``'s entry replaced by ``row``."""
    out = list(table)
    out[butype - 1] = row
    return tuple(out)


# -- §3.2.3.1 TR and fmr in a march --------------------------------------------------------


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


# A design in which nothing Red holds needs supplies to move (ssreqm(*, *, 1) = 0) and type 1
# moves faster with surplus transport: fmr.x = (.5, 1, 2, 2, 2, 2), fmr.f(1, *) = (.5, 1, 1.5,
# 1.5, 1.5, 1.5), so fmr(1, TR) = 1 at TR = 1 and 1.5 from TR = 2 on ('degradation (or
# possibly improvement) factor', §3.2.3).
SURPLUS = {
    "ssreqm": (tuple((0.0,) * len(row) for row in F50.ssreqm[0]), F50.ssreqm[1]),
    "fmr_x": (0.5, 1.0, 2.0, 2.0, 2.0, 2.0),
    "fmr_f": _per_type(F50.fmr_f, 1, (0.5, 1.0, 1.5, 1.5, 1.5, 1.5)),
}


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


def test_3_2_3_1_a_march_rate_below_one_is_a_long_but_finite_delay() -> None:
    """§3.2.3.1: d1 = depth / TFAMR whenever TFAMR > 0, however small. Unit 2 with trpt 1/128,
    ammo 1 and fuel 1: ttdemand = 2, TR = 1/256, fmr(1, TR) = 1/256, TFAMR = 250/256 < 1, so
    d = 15 x 256 / 250 = 15.36 days: the task force is due in posture 40 then."""
    g = game(holding(2, 28, r6=1 / 128, r7=1.0, r8=1.0), unit(150, 99))
    play(g, "mission 29,10 units 2")
    (tf,) = g.view("red").data["task_forces"]
    assert (tf["next"], tf["due"], tf["warning"]) == ("28/40/29", pytest.approx(15.36), None)


# -- the section an infinite delay names (§3.2.3 footnote 1) --------------------------------

# The Suez Canal impassable to unit types 1 (Red armour) and 6 (Blue armour): bdelay(i, 1, 1) =
# +inf (the Sinai data give .25 and 1 days).
CANAL_CLOSED_TO_TYPE_1 = {"bdelay": _per_type(F50.bdelay, 1, ((math.inf, 100.0),))}
CANAL_CLOSED_TO_TYPE_6 = {"bdelay": _per_type(F50.bdelay, 6, ((math.inf, 100.0),))}


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


# -- §4.2.1 pooling ---------------------------------------------------------------------------


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


# -- the terms a delay lists (§3.2.3.1, §3.2.5.2) -------------------------------------------
#
# A delay carries every factor it used, under its manual name, in the order computed
# (``Delay.terms``, meant for an event receipt). No game output prints them yet, so they are
# checked where they are made, on test_delays.py's design data and its worked example: units
# 4 (type 1: 10 tanks, 36 fuel, 40 pers) and 9 (type 3: 2 trucks, 10 fuel, 100 pers) from
# cell 17 to 13, a road (route type 1) across a river (barrier type 1); depth 10.

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
