"""Bad data given to the IDAHEX rule modules is refused naming the field (the seed's name for
it, with the index) and the rule it breaks, so a designer finds the card to fix (seed 000
§2.2.2, the resource numbering; §7 supplies; §4.2.1 transfers; §5.3 the nominal engagement)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.delays import Delay, Element, march_delay
from hexwar.rulesets.idahex.design import load_sinai
from hexwar.rulesets.idahex.supplies import SupplyTables
from hexwar.rulesets.idahex.transfer import assess_givers
from hexwar.rulesets.idahex.values import nominal_kill_matrices

from .test_delays import DATA, GRID, RED, U4, bartype, rtetype
from .test_supplies import MAPPS, NONENGAGED, SSVACT, SSVRES


def _problems(make: Callable[[], object]) -> list[tuple[str | None, str]]:
    with pytest.raises(InvalidInputError) as info:
        make()
    return [(p.path, p.message) for p in info.value.problems]


def test_2_2_2_a_load_class_is_a_whole_number() -> None:
    """loadcl(irs): the load class of resource irs, 0 for none."""
    assert _problems(lambda: replace(RED, loadcl=(0, 1.5, 2, 0, 0))) == [
        ("loadcl(2)", "must be an integer >= 0, got 1.5")
    ]


def test_3_the_affine_speed_threshold_is_a_number() -> None:
    """fmr.f0(i): -1 for a unit type without the piecewise-affine speed, else its threshold."""
    assert _problems(lambda: replace(DATA, fmr_f0=(-1, math.nan, -1, -1))) == [
        ("fmr.f0(2)", "must be a number, got nan")
    ]


def test_2_2_2_an_elements_resources_are_finite_and_not_negative() -> None:
    assert _problems(lambda: Element(1, 1, (1.0, -2.0))) == [
        ("[resources](2)", "must be a finite number >= 0, got -2.0")
    ]


def test_7_a_sides_supplies_follow_its_nequip_weapons() -> None:
    assert _problems(lambda: SupplyTables(1, -1, NONENGAGED, MAPPS, SSVACT, SSVRES)) == [
        ("nequip", "must be an integer >= 0, got -1")
    ]


def test_4_2_1_the_amount_to_give_is_a_number() -> None:
    assert _problems(lambda: assess_givers([1.0], [1.0], "x")) == [  # type: ignore[arg-type]
        ("amt", "must be a number >= 0, got 'x'")
    ]


def test_5_3_the_defending_side_of_the_nominal_engagement_is_1_or_2() -> None:
    design = load_sinai()[0]
    assert _problems(lambda: nominal_kill_matrices(design, 3)) == [
        ("s1", "side must be 1 or 2, got 3")
    ]


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


def _hexside_refusal(route: object = None, barrier: object = None) -> list[str]:
    with pytest.raises(InvalidInputError) as info:
        _march(route, barrier)
    return [p.message for p in info.value.problems]


@pytest.mark.found_by_full_run
def test_2_1_a_route_type_outside_1_to_nrtety_is_refused_naming_the_hexside() -> None:
    """§2.1: '[rtetype](i, j), a positive integer, is the type of route between them', one of
    the nrtety = 3 types whose rates mr(butype, pp-29, *) §3.2.3 reads. Types 0 and 4, just
    outside 1..3, and 1.5, not a type, are refused naming [rtetype](17, 13) and the valid
    types -- not read as another type's rate (0 would index the last column, the swamp's
    mr(1, 1, 3) = 0, an infinite delay) nor left to fail on the table. Type 3 itself is a
    route (the swamp's 0: d1 = +inf under §3.2.3.1)."""
    for route in (0, 4, 1.5):
        assert _hexside_refusal(route=route) == [
            f"bad [rtetype](17, 13) {route!r}: route types are 1..3"
        ]
    d = _march(route=3)
    assert (d.value, d.section) == (math.inf, "3.2.3.1")


@pytest.mark.found_by_full_run
def test_2_1_a_barrier_type_above_nbarty_is_refused_naming_the_hexside() -> None:
    """§2.1: a positive [bartype](i, j) 'defines the type of barrier', one of the nbarty = 2
    types whose delays bdelay(butype, pp-29, *) §3.2.3 reads. Type 3, one above, is refused
    naming [bartype](17, 13) and the valid types 0 (none) .. 2; type 2 (the escarpment,
    bdelay(1, 1, 2) = +inf for the armour) is a barrier: d = 10/20 + inf."""
    assert _hexside_refusal(barrier=3) == [
        "bad [bartype](17, 13) 3: barrier types are 0 (none) .. 2"
    ]
    d = _march(barrier=2)
    assert (d.value, d.section) == (math.inf, "3.2.3.1")


@pytest.mark.found_by_mutation
def test_2_2_2_a_side_lists_at_least_one_resource_type() -> None:
    """nrs(s) = len(trnreq) >= 1: a side with no transport requirements has no resources."""
    assert _problems(lambda: replace(RED, trnreq=(), nequip=0))[0] == (
        "trnreq",
        "must list nrs(s) >= 1 values",
    )
