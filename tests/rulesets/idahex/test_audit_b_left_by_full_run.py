"""§2.1 and §3.2.3 (seed 000): the hexside types a delay reads, at the bounds the audit of the
full mutation run's last survivors found untested (docs/testing.md, "Attrition, values, delays
and transfers").

A march of test_delays.py's armoured unit 4 from cell 17 to the adjacent cell 13 (a road
across a river there), through :func:`march_delay`, the delay the game schedules for §3.2.3,
with the hexside's route or barrier type replaced by one the design data do not define.
test_delays.py's ``DATA`` has ``nrtety = 3`` route types (road, off road, swamp: the width of
``mr``) and ``nbarty = 2`` barrier types (river, escarpment: the width of ``bdelay``).
"""

from __future__ import annotations

import math

import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.delays import Delay, march_delay

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
