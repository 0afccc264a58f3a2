"""Bad data given to the IDAHEX rule modules is refused naming the field (the seed's name for
it, with the index) and the rule it breaks, so a designer finds the card to fix (seed 000
§2.2.2, the resource numbering; §7 supplies; §4.2.1 transfers; §5.3 the nominal engagement)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.delays import Element
from hexwar.rulesets.idahex.design import load_sinai
from hexwar.rulesets.idahex.supplies import SupplyTables
from hexwar.rulesets.idahex.transfer import assess_givers
from hexwar.rulesets.idahex.values import nominal_kill_matrices

from .test_delays import DATA, RED
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
