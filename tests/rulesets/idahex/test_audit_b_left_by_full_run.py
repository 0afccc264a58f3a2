"""§2.1, §3.2.3 and §5.1 (seed 000) at the bounds the audit of the full mutation run's last
survivors found untested (docs/testing.md, "Attrition, values, delays and transfers").

The hexside types a delay reads: a march of test_delays.py's armoured unit 4 from cell 17 to
the adjacent cell 13 (a road across a river there), through :func:`march_delay`, the delay the
game schedules for §3.2.3, with the hexside's route or barrier type replaced by one the design
data do not define. test_delays.py's ``DATA`` has ``nrtety = 3`` route types (road, off road,
swamp: the width of ``mr``) and ``nbarty = 2`` barrier types (river, escarpment: the width of
``bdelay``).

The defenders' losses when their value is below the smallest float: one frame through
:func:`assess_frame`, the combat frame the game runs (§5), on test_attrition.py's hand-built
engagement (Red attacker A = (10, 100, 50), every factor 1, tframe .5).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.delays import Delay, march_delay

from .test_attrition import StubCurves, defender, factor, frame, kill_data
from .test_delays import DATA, GRID, U4, bartype, rtetype


def _march(route: object = None, barrier: object = None) -> Delay:
    return march_delay(
        1,
        [U4],
        0,
        17,
        30,
        13,
        GRID,
        rtetype if route is None else (lambda i, j: route),  # type: ignore[arg-type,return-value]
        bartype if barrier is None else (lambda i, j: barrier),  # type: ignore[arg-type,return-value]
        DATA,
    )


def _refusal(route: object = None, barrier: object = None) -> list[str]:
    with pytest.raises(InvalidInputError) as info:
        _march(route, barrier)
    return [p.message for p in info.value.problems]


def test_2_1_a_route_type_outside_1_to_nrtety_is_refused_naming_the_hexside() -> None:
    """§2.1: '[rtetype](i, j), a positive integer, is the type of route between them', one of
    the nrtety = 3 types whose rates mr(butype, pp-29, *) §3.2.3 reads. Types 0 and 4, just
    outside 1..3, and 1.5, not a type, are refused naming [rtetype](17, 13) and the valid
    types -- not read as another type's rate (0 would index the last column, the swamp's
    mr(1, 1, 3) = 0, an infinite delay) nor left to fail on the table. Type 3 itself is a
    route (the swamp's 0: d1 = +inf under §3.2.3.1)."""
    for route in (0, 4, 1.5):
        assert _refusal(route=route) == [f"bad [rtetype](17, 13) {route!r}: route types are 1..3"]
    d = _march(route=3)
    assert (d.value, d.section) == (math.inf, "3.2.3.1")


def test_2_1_a_barrier_type_above_nbarty_is_refused_naming_the_hexside() -> None:
    """§2.1: a positive [bartype](i, j) 'defines the type of barrier', one of the nbarty = 2
    types whose delays bdelay(butype, pp-29, *) §3.2.3 reads. Type 3, one above, is refused
    naming [bartype](17, 13) and the valid types 0 (none) .. 2; type 2 (the escarpment,
    bdelay(1, 1, 2) = +inf for the armour) is a barrier: d = 10/20 + inf."""
    assert _refusal(barrier=3) == ["bad [bartype](17, 13) 3: barrier types are 0 (none) .. 2"]
    d = _march(barrier=2)
    assert (d.value, d.section) == (math.inf, "3.2.3.1")


def test_5_1_3_a_defender_worth_less_than_the_smallest_float_loses_everything() -> None:
    """§5.1.3: FRGRD = fgrd / ggrd; 'If FRGRD > 10,000' the defenders lose everything. D holds
    1e-320 weapons and nothing else, so all of A's fire is on them (alpha(1, 1) = 1), and A's
    kill rate on them is katk(1, 1) = 1e10: A(1, 1) = 1e10 * .5 = 5e9, while D(1, 1) = .3 * .5
    * 2/3 = .1 (test_attrition.py's alpha'). §5.1.2's values, va = 1 and vd = sqrt(D / A) =
    sqrt(2e-11) = 4.47e-6, give ggrd = 1e-320 * 4.47e-6 = 4.5e-326, below the smallest positive
    float (4.9e-324): 0 here, and FRGRD = 10 / 4.5e-326 = 2.2e326 > 10,000 (inf here). D loses
    all it holds. frdval(FRGRD, postD) = .1 >= 0 takes D through the scaling step, whose
    fraction delval / ggrd the frame must not compute with ggrd = 0."""
    d = factor(kill_data(), "katk", 1, 0, 0, 1e10)
    curves = StubCurves(fd=lambda fr, post: 0.1 if post == 10 else -1.0)
    r = frame(d, curves, defenders=[defender(resources=(1e-320, 0.0, 0.0))])
    # D(1, 1) is measured on a fire of 1e-321, a float of about 200 steps of 4.9e-324: to 1%.
    assert r.values.vd[0] == pytest.approx(math.sqrt(2e-11), rel=1e-2)
    assert (r.ggrd, r.frgrd) == (0.0, math.inf)
    assert np.array_equal(r.losses[101], [1e-320, 0.0, 0.0])
