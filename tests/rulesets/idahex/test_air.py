"""Air support (seed 000 §6) and the air values of the FEBA (§5.2).

§6 has no numeric example; the oracle is the small strike below, computed by hand in the
comments (fractions kept exact), plus properties: no strike creates resources, materiel
losses do not depend on the order of the air-to-ground weapons (§6, last paragraph), and the
Sinai design data (§9.2) is accepted.
"""

from __future__ import annotations

import math
import pickle
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from numpy.typing import NDArray

from hexwar.core.errors import IllegalOrderError, InvalidInputError
from hexwar.rulesets.idahex.air import (
    AirRules,
    AirStrike,
    AirTables,
    CasAllocation,
    CasRecord,
    StrikeResult,
    StrikeRole,
    Supported,
    _sum,
    aag_rows,
    agwep,
    air_values,
    allocation,
    apply_losses,
    assess_strike,
    cas_targets,
    cas_totals,
    engagement_air_values,
    interdiction_targets,
    kill_potential,
)
from hexwar.rulesets.idahex.combat import IdahexCombat
from hexwar.rulesets.idahex.design import File50, load_sinai
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.values import weapon_values
from tests.rulesets.idahex.sinai import game as sinai_game
from tests.rulesets.idahex.sinai import place
from tests.rulesets.idahex.sinai import play as sinai_play
from tests.rulesets.idahex.sinai import unit as sinai_unit

Matrix = NDArray[np.float64]

# -- the hand-computed strike ----------------------------------------------------------------
#
# Red (s = 1) strikes with 2 aircraft types carrying 2 air-to-ground weapon types; the Blue
# target side has 3 materiel types (the first 2 ground-to-ground weapons) and 1 personnel
# type; 2 environment types.


def hand_tables() -> AirTables:
    return AirTables(
        side=1,
        agload=np.array([[2.0, 0.0], [1.0, 3.0]]),
        kag=np.array([[0.1, 0.5, 0.2], [0.05, 0.0, 0.4]]),
        fcagrp=np.array([[1.0, 2.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0]]),
        fcagcp=np.array([[1.0, 0.5, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0]]),
        fcagre=np.array([[1.0, 0.5], [1.0, 1.0]]),
        fcagce=np.array([[1.0, 1.0], [1.0, 2.0], [1.0, 1.0]]),
        aagatk=np.array([[1.0, 1.0, 0.0], [0.5, 0.0, 1.0]]),
        aagdef=np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),
        aagint=np.stack(
            [np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]) * (c + 1) for c in range(3)], axis=2
        ),
        # dgp[j, k, iw]: personnel lost per unit of type j materiel destroyed by weapon iw.
        dgp=np.array([[[2.0, 4.0]], [[10.0, 0.0]], [[1.0, 1.0]]]),
        stdtgt=np.array([20.0, 4.0, 10.0]),
        nggwep_target=2,
    )


# Two Blue target units: unit 11 in hold (pc 1), unit 12 in disengagement (pc 2).
HAND_RESOURCES = np.array([[10.0, 4.0, 0.0, 100.0], [30.0, 0.0, 5.0, 50.0]])
HAND_CLASSES = [1, 2]
HAND_STRIKE = AirStrike(side=1, target=7, role=StrikeRole.CAS, ascomp=(3, 2))
HAND_ENV = 2


def hand_result() -> StrikeResult:
    return assess_strike(
        hand_tables(),
        HAND_STRIKE,
        HAND_RESOURCES,
        HAND_CLASSES,
        HAND_ENV,
        supported=Supported.ATTACKERS,
        units=[11, 12],
    )


def test_6_agwep_hand_computed() -> None:
    # §6: agwep(iw) = Σ_i agload(i, iw, s) * ascomp(i): (3*2 + 2*1, 3*0 + 2*3) = (8, 6).
    np.testing.assert_array_equal(agwep(hand_tables(), [3, 2]), [8.0, 6.0])


def test_6_grdrs_is_the_targets_total_materiel() -> None:
    # §6: grdrs(j) = Σ_{i ∈ V} [resources](i, j) for j <= nmat(v): (40, 4, 5), no personnel.
    r = assess_strike(
        hand_tables(), HAND_STRIKE, HAND_RESOURCES, HAND_CLASSES, 2, supported="attackers"
    )
    np.testing.assert_array_equal(r.record.grdrs, [40.0, 4.0, 5.0])


def test_6_allocation_of_fire_hand_computed() -> None:
    # §6: alpha(j) = aag(j) (grdrs(j)/stdtgt(j,v)) / Σ_i aag(i) (grdrs(i)/stdtgt(i,v)).
    # Weapon 1, aag = (1, 1, 0): weights (40/20, 4/4, 0) = (2, 1, 0) -> (2/3, 1/3, 0).
    # Weapon 2, aag = (.5, 0, 1): weights (1, 0, .5) -> (2/3, 0, 1/3).
    t = hand_tables()
    alpha = allocation(t.aagatk, [40.0, 4.0, 5.0], t.stdtgt)
    np.testing.assert_allclose(alpha, [[2 / 3, 1 / 3, 0.0], [2 / 3, 0.0, 1 / 3]], rtol=1e-15)


def test_6_kill_potential_hand_computed() -> None:
    # §6: K(iw,j,ibu) = kag * fcagrp(iw,s,pc) * fcagcp(j,v,pc) * fcagre(iw,s,env)
    #                    * fcagce(j,v,env) * Q,
    #      Q = alpha(j) ([resources](ibu,j)/grdrs(j)) agwep(iw)
    # env = 2: fcagre = (.5, 1) by weapon, fcagce = (1, 2, 1) by materiel.
    # Unit 11 (pc 1), resources (10, 4, 0):
    #   iw 1: factors (.1, .5, .2) * .5 * (1, 2, 1) = (.05, .5, .1);
    #         Q = (2/3 * 10/40 * 8, 1/3 * 4/4 * 8, 0) = (4/3, 8/3, 0) -> K = (1/15, 4/3, 0)
    #   iw 2: factors (.05, 0, .4) * (1, 2, 1) = (.05, 0, .4); Q = (2/3 * 1/4 * 6, 0, 0) = (1, 0, 0)
    #         -> K = (.05, 0, 0)
    # Unit 12 (pc 2: fcagrp(1,1,2) = 2, fcagcp(1,2,2) = .5), resources (30, 0, 5):
    #   iw 1: (.1, .5, .2) * 2 * (.5, 1, 1) * .5 * (1, 2, 1) = (.05, 1, .2); Q = (4, 0, 0)
    #         -> K = (.2, 0, 0)
    #   iw 2: (.05, 0, .4) * (.5, 1, 1) * (1, 2, 1) = (.025, 0, .4); Q = (3, 0, 2)
    #         -> K = (.075, 0, .8)
    t = hand_tables()
    alpha = allocation(t.aagatk, [40.0, 4.0, 5.0], t.stdtgt)
    k = kill_potential(t, HAND_RESOURCES, HAND_CLASSES, 2, alpha, [8.0, 6.0])
    expected = [
        [[1 / 15, 4 / 3, 0.0], [0.05, 0.0, 0.0]],
        [[0.2, 0.0, 0.0], [0.075, 0.0, 0.8]],
    ]
    np.testing.assert_allclose(k, expected, rtol=1e-14, atol=1e-15)


def test_6_strike_losses_hand_computed() -> None:
    # §6: materiel losses are min{K, stock} weapon by weapon; none clamps here.
    # Unit 11: (1/15 + .05, 4/3, 0); personnel 2 * 1/15 + 4 * .05 + 10 * 4/3 = 41/3.
    # Unit 12: (.2 + .075, 0, .8); personnel 2 * .2 + 4 * .075 + 1 * .8 = 1.5.
    r = hand_result()
    expected = np.array([[1 / 15 + 0.05, 4 / 3, 0.0, 41 / 3], [0.275, 0.0, 0.8, 1.5]])
    np.testing.assert_allclose(r.losses, expected, rtol=1e-14)
    np.testing.assert_allclose(r.remaining, HAND_RESOURCES - expected, rtol=1e-14)
    assert r.record.units == (11, 12)


def test_6_cas_records_the_potential_loss_of_ground_to_ground_weapons() -> None:
    # §6: "If the strike role is CAS and j <= nggwep(v), this quantity [the total potential
    # loss Σ_{i∈V} Σ_iw K(iw,j,i)] is recorded": (1/15 + .05 + .2 + .075, 4/3).
    r = hand_result()
    np.testing.assert_allclose(r.record.casfx, [1 / 15 + 0.325, 4 / 3], rtol=1e-14)
    np.testing.assert_allclose(r.record.potential_total, [1 / 15 + 0.325, 4 / 3, 0.8])


def test_6_cas_record_actual_rule_records_the_losses() -> None:
    # Rulings, CasRecord.ACTUAL (§5.2: "the amount of the defenders' type j weapons
    # destroyed"): unit 11 with 1 of weapon 2 and ten times the aircraft: alpha(1,2) =
    # (1/4) / (2 + 1/4) = 1/9, Q = 1/9 * 1 * 80, K = .5 * 80/9 = 40/9 > 1, so it loses 1.
    res = HAND_RESOURCES.copy()
    res[0, 1] = 1.0
    r = assess_strike(
        hand_tables(),
        replace(HAND_STRIKE, ascomp=(30, 20)),
        res,
        HAND_CLASSES,
        HAND_ENV,
        supported="attackers",
        rules=AirRules(cas_record=CasRecord.ACTUAL),
    )
    assert r.record.casfx is not None
    assert r.record.casfx[1] == pytest.approx(1.0)
    assert r.record.potential_total[1] == pytest.approx(40 / 9)


def test_6_interdiction_records_nothing_for_combat() -> None:
    strike = AirStrike(1, 7, StrikeRole.INTERDICTION, (3, 2), asprty=(2, 1, 3, 4))
    r = assess_strike(hand_tables(), strike, HAND_RESOURCES[:1], [1], HAND_ENV)
    assert r.record.casfx is None
    assert r.record.pc == 1


def test_6_a_records_arrays_are_the_same_whenever_they_are_first_read() -> None:
    # An interdiction record makes its arrays when one is first read (no step of a game
    # reads them): the same read-only arrays, loss_totals the same sums, before or after,
    # and a copy taken before they are made makes the same ones.
    strike = AirStrike(1, 7, StrikeRole.INTERDICTION, (3, 2), asprty=(2, 1, 3, 4))

    def record() -> Any:
        return assess_strike(hand_tables(), strike, HAND_RESOURCES, [1, 1], HAND_ENV).record

    unread, read = record(), record()
    arrays = ("grdrs", "alpha", "potential", "losses")
    before = [getattr(read, name) for name in arrays]
    totals = unread.loss_totals()
    copied = pickle.loads(pickle.dumps(unread))
    for name, array in zip(arrays, before, strict=True):
        assert not array.flags.writeable
        assert getattr(unread, name).tobytes() == array.tobytes()
        assert getattr(copied, name).tobytes() == array.tobytes()
    assert totals == read.loss_totals() == read.losses.sum(axis=0).tolist()
    assert unread.casfx is None
    with pytest.raises(AttributeError):
        _ = unread.nothing  # type: ignore[attr-defined]


def test_6_one_tables_allocates_each_kind_of_strike_its_own_rows() -> None:
    # §6: the allocation rows aag depend on the role, the side CAS supports, the targets'
    # posture class (interdiction) and the allocation ruling (CasAllocation); the tables
    # make the rows of each kind of strike once, so the same tables, used for every kind in
    # turn, must give each its own:
    # - CAS of the attackers: aagatk; units 11 and 12 (grdrs 40, 4, 5): weapon 1 weights
    #   (2, 1, 0) -> (2/3, 1/3, 0), weapon 2 (1, 0, .5) -> (2/3, 0, 1/3);
    # - CAS of the defenders: aagdef = [[0, 1, 0], [0, 0, 1]]: weights (0, 1, 0) and
    #   (0, 0, .5) -> (0, 1, 0) and (0, 0, 1);
    # - CAS of the defenders under the glossary's reading: aagatk again;
    # - interdiction of unit 12 alone (pc 2, holding 30, 0, 5): aagred(., ., 2) = 2 * [[1, 0,
    #   0], [0, 1, 0]]: weapon 1 (3, 0, 0) -> (1, 0, 0); weapon 2 fires at materiel 2, of
    #   which it holds none: no fire (0, 0, 0);
    # - interdiction of unit 12 in attack posture (pc 4): aagdef, as CAS of the defenders
    #   (rulings): weapon 1 fires at materiel 2 only (none held): (0, 0, 0); weapon 2 (0,
    #   0, 1).
    t = hand_tables()
    cas_strike = HAND_STRIKE
    interdiction = AirStrike(1, 7, StrikeRole.INTERDICTION, (3, 2), asprty=(2, 1, 3, 4))
    atk = [[2 / 3, 1 / 3, 0.0], [2 / 3, 0.0, 1 / 3]]
    dfn = [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    glossary = AirRules(cas_allocation=CasAllocation.GLOSSARY)
    cases: list[tuple[AirStrike, Any, list[int], Any, AirRules | None, object]] = [
        (cas_strike, HAND_RESOURCES, HAND_CLASSES, "attackers", None, atk),
        (cas_strike, HAND_RESOURCES, HAND_CLASSES, "defenders", None, dfn),
        (cas_strike, HAND_RESOURCES, HAND_CLASSES, "defenders", glossary, atk),
        (interdiction, HAND_RESOURCES[1:], [2], None, None, [[1.0, 0.0, 0.0], [0.0] * 3]),
        (interdiction, HAND_RESOURCES[1:], [4], None, None, [[0.0] * 3, [0.0, 0.0, 1.0]]),
        (cas_strike, HAND_RESOURCES, HAND_CLASSES, "attackers", None, atk),
    ]
    for strike, res, classes, supported, rules, expected in cases:
        r = assess_strike(t, strike, res, classes, HAND_ENV, supported=supported, rules=rules)
        np.testing.assert_allclose(r.record.alpha, expected, rtol=1e-15, err_msg=str(strike))


# -- §6: each factor of K --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "index", "unit", "weapon", "materiel"),
    [
        # fcagrp(iw, s, pc) scales row iw of kag for targets in class pc (unit 12 is pc 2).
        ("fcagrp", (0, 1), [1], [0], slice(None)),
        # fcagcp(j, v, pc) scales column j for targets in class pc (unit 11 is pc 1).
        ("fcagcp", (2, 0), [0], slice(None), [2]),
        # fcagre(iw, s, env) scales row iw in environment env (= 2).
        ("fcagre", (1, 1), slice(None), [1], slice(None)),
        # fcagce(j, v, env) scales column j in environment env.
        ("fcagce", (0, 1), slice(None), slice(None), [0]),
        # kag(iw, j, s) itself.
        ("kag", (1, 2), slice(None), [1], [2]),
    ],
)
def test_6_each_factor_of_kag_scales_only_its_row_or_column(
    table: str, index: tuple[int, int], unit: object, weapon: object, materiel: object
) -> None:
    # §6: "factors that each adjust either the shooting weapon's lethality or the target
    # materiel's vulnerability": tripling one entry triples exactly the K it applies to.
    t = hand_tables()
    res = np.array([[10.0, 4.0, 5.0, 100.0], [30.0, 2.0, 5.0, 50.0]])
    alpha = allocation(t.aagatk, res[:, :3].sum(axis=0), t.stdtgt)
    base = kill_potential(t, res, HAND_CLASSES, 2, alpha, [8.0, 6.0])
    arr = getattr(t, table).copy()
    arr[index] *= 3.0
    scaled = kill_potential(replace(t, **{table: arr}), res, HAND_CLASSES, 2, alpha, [8.0, 6.0])
    mask = np.zeros(base.shape, dtype=bool)
    mask[
        np.ix_(
            *(np.arange(n)[s] for n, s in zip(base.shape, (unit, weapon, materiel), strict=True))
        )
    ] = True
    np.testing.assert_allclose(scaled[mask], 3.0 * base[mask], rtol=1e-14)
    np.testing.assert_array_equal(scaled[~mask], base[~mask])
    assert np.any(base[mask] > 0)


def test_6_q_is_zero_for_materiel_the_targets_lack() -> None:
    # §6: Q = alpha(j) ([resources](ibu,j)/grdrs(j)) agwep(iw); grdrs(j) = 0 gives alpha(j) = 0
    # and no fire: K(*, j, *) = 0 (rulings: 0/0 read as 0).
    t = hand_tables()
    res = np.array([[10.0, 0.0, 0.0, 5.0]])
    alpha = allocation(t.aagatk, res[0, :3], t.stdtgt)
    k = kill_potential(t, res, [1], 1, alpha, [8.0, 6.0])
    np.testing.assert_array_equal(k[:, :, 1:], 0.0)
    assert np.all(k[:, :, 0] > 0)


def test_6_allocation_wastes_fire_when_the_targets_hold_nothing_it_fires_at() -> None:
    # Rulings: weapon 1 fires only at materiel 3 (aag = (0, 0, 1)); the targets hold none:
    # the denominator is 0 and the weapon's row is 0, not 0/0.
    alpha = allocation([[0.0, 0.0, 1.0], [1.0, 1.0, 0.0]], [5.0, 1.0, 0.0], [1.0, 1.0, 1.0])
    np.testing.assert_array_equal(alpha[0], 0.0)
    assert alpha[1].sum() == pytest.approx(1.0)


def test_6_allocation_refuses_a_zero_standard_target_it_would_divide_by() -> None:
    with pytest.raises(InvalidInputError, match=r"stdtgt\(2,v\) = 0"):
        allocation([[1.0, 1.0]], [3.0, 2.0], [1.0, 0.0])


def test_6_allocation_of_a_vanishing_target_still_sums_to_one() -> None:
    """§6: a weapon that fires (aag * grdrs > 0) allocates all its fire, even when grdrs is
    the smallest float and the quotient grdrs / stdtgt underflows (hypothesis found 5e-324)."""
    alpha = allocation([[1.0, 1.0]], [5e-324, 0.0], [10.0, 1.0])
    np.testing.assert_array_equal(alpha, [[1.0, 0.0]])


def test_6_allocation_ignores_a_zero_standard_target_nobody_fires_at() -> None:
    alpha = allocation([[1.0, 0.0]], [3.0, 2.0], [1.0, 0.0])
    np.testing.assert_array_equal(alpha, [[1.0, 0.0]])


@given(
    hnp.arrays(np.float64, (3, 4), elements=st.floats(0.0, 10.0)),
    hnp.arrays(np.float64, 4, elements=st.floats(0.0, 1000.0)),
    hnp.arrays(np.float64, 4, elements=st.floats(0.1, 1000.0)),
)
def test_6_allocation_fractions_sum_to_one_or_zero(aag: Matrix, grdrs: Matrix, std: Matrix) -> None:
    # §6: "the fraction of fire of type iw weapons allocated to the target units' type j
    # materiel": nonnegative, summing to 1 over j when any is allocated.
    alpha = allocation(aag, grdrs, std)
    assert np.all(alpha >= 0)
    sums = alpha.sum(axis=1)
    for iw in range(3):
        fires = bool(np.any(aag[iw] * grdrs > 0))
        assert sums[iw] == pytest.approx(1.0 if fires else 0.0, abs=1e-12)


# -- §6: losses weapon by weapon -------------------------------------------------------------


def clamp_tables() -> AirTables:
    """One materiel type, one personnel type, two weapons killing .8 and .6 of it."""
    return AirTables(
        side=2,
        agload=np.array([[1.0, 1.0]]),
        kag=np.array([[0.8], [0.6]]),
        fcagrp=np.ones((2, 4)),
        fcagcp=np.ones((1, 4)),
        fcagre=np.ones((2, 1)),
        fcagce=np.ones((1, 1)),
        aagatk=np.ones((2, 1)),
        aagdef=np.ones((2, 1)),
        aagint=np.ones((2, 1, 3)),
        dgp=np.array([[[1.0, 10.0]]]),
        stdtgt=np.ones(1),
        nggwep_target=1,
    )


def test_6_personnel_losses_are_assessed_weapon_by_weapon() -> None:
    # §6: with 1 unit of materiel, K = (.8, .6): L1 = .8, L2 = min(.6, .2) = .2; personnel
    # lose dgp(1,1,1) * .8 + dgp(1,2,1) * .2 = .8 + 2 = 2.8.
    t = clamp_tables()
    remaining, losses = apply_losses(t, [[1.0, 100.0]], [[[0.8], [0.6]]])
    np.testing.assert_allclose(losses, [[1.0, 2.8]])
    np.testing.assert_allclose(remaining, [[0.0, 97.2]], atol=1e-15)


def test_6_weapon_order_changes_personnel_not_materiel_losses() -> None:
    # §6: "the way the air-to-ground weapons are ordered can affect personnel losses ...
    # Losses of materiel are never affected". Reversed: L1 = .6 (dgp 10), L2 = .4 (dgp 1):
    # personnel lose 6 + .4 = 6.4.
    t = clamp_tables()
    rev = replace(t, kag=t.kag[::-1], dgp=t.dgp[:, :, ::-1])
    _, losses = apply_losses(rev, [[1.0, 100.0]], [[[0.6], [0.8]]])
    np.testing.assert_allclose(losses, [[1.0, 6.4]])


def test_6_personnel_loss_is_limited_to_the_personnel_held() -> None:
    # §6: "reduced by the quantity min{dgpred(k, iw, j) * L, [resources](ibu, nmat(1)+k)}".
    t = clamp_tables()
    remaining, losses = apply_losses(t, [[1.0, 2.0]], [[[0.8], [0.6]]])
    np.testing.assert_allclose(losses, [[1.0, 2.0]])
    np.testing.assert_array_equal(remaining, [[0.0, 0.0]])


# -- §6: target sets and allocation rows -----------------------------------------------------


def test_6_cas_against_defenders_skips_disengaging_units_if_one_holds() -> None:
    # §6: "If the enemy units are the defenders ... and if at least one of them is in a hold
    # posture, then delete from V every unit in a disengagement posture."
    np.testing.assert_array_equal(cas_targets([2, 1, 2, 1], Supported.ATTACKERS), [1, 3])
    np.testing.assert_array_equal(cas_targets([2, 2], Supported.ATTACKERS), [0, 1])


def test_6_cas_against_attackers_targets_every_one() -> None:
    np.testing.assert_array_equal(cas_targets([4, 1, 4], Supported.DEFENDERS), [0, 1, 2])


def test_6_interdiction_targets_the_highest_priority_class_present() -> None:
    # §6: pc = asprty(k) for the smallest k whose class some enemy unit in the cell is in.
    pc, hit = interdiction_targets((3, 4, 1, 2), [1, 4, 2, 4])
    assert pc == 4
    np.testing.assert_array_equal(hit, [1, 3])
    none_pc, none_hit = interdiction_targets((1, 2, 3, 4), [])
    assert none_pc is None
    assert none_hit.size == 0


@pytest.mark.parametrize(
    ("role", "supported", "pc", "rule", "expected"),
    [
        ("cas", "attackers", None, CasAllocation.SECTION6, "aagatk"),
        ("cas", "defenders", None, CasAllocation.SECTION6, "aagdef"),
        ("cas", "attackers", None, CasAllocation.GLOSSARY, "aagdef"),
        ("cas", "defenders", None, CasAllocation.GLOSSARY, "aagatk"),
        ("interdiction", None, 4, CasAllocation.SECTION6, "aagdef"),
        ("interdiction", None, 4, CasAllocation.GLOSSARY, "aagatk"),
    ],
)
def test_6_aag_selects_the_allocation_row(
    role: str, supported: str | None, pc: int | None, rule: CasAllocation, expected: str
) -> None:
    # §6 definition of aag(j); the glossary reading and class 4 interdiction are rulings.
    t = hand_tables()
    got = aag_rows(t, role, supported=supported, pc=pc, rules=AirRules(cas_allocation=rule))
    np.testing.assert_array_equal(got, getattr(t, expected))


@pytest.mark.parametrize("pc", [1, 2, 3])
def test_6_interdiction_uses_aagred_or_aagblu_by_posture_class(pc: int) -> None:
    # §6: aag(j) = aagred(iw, j, pc) (s = 1) or aagblu(iw, j, pc) (s = 2).
    t = hand_tables()
    np.testing.assert_array_equal(aag_rows(t, "interdiction", pc=pc), t.aagint[:, :, pc - 1])


# -- the strike as data ----------------------------------------------------------------------


@given(
    st.integers(1, 2),
    st.integers(1, 999),
    st.lists(st.integers(0, 500), min_size=1, max_size=5),
    st.one_of(st.none(), st.permutations([1, 2, 3, 4])),
)
def test_6_strike_text_round_trips(
    side: int, cell: int, comp: list[int], prty: list[int] | None
) -> None:
    role = StrikeRole.CAS if prty is None else StrikeRole.INTERDICTION
    strike = AirStrike(side, cell, role, tuple(comp), None if prty is None else tuple(prty))
    assert AirStrike.from_str(str(strike), side) == strike


def test_6_strike_text_form() -> None:
    s = AirStrike.from_str("interdiction 23 priority 3 4 1 2 aircraft 4, 0, 2", 2)
    assert s == AirStrike(2, 23, StrikeRole.INTERDICTION, (4, 0, 2), (3, 4, 1, 2))
    assert str(s) == "interdiction 23 priority 3,4,1,2 aircraft 4,0,2"
    assert str(AirStrike.from_str("CAS 5 aircraft 6", 1)) == "cas 5 aircraft 6"


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("bomb 5 aircraft 1", "cannot read"),
        ("cas 5", "cannot read"),
        ("interdiction 5 aircraft 1", "four positive posture classes"),
        ("interdiction 5 priority 1,2,3 aircraft 1", "four positive posture classes"),
        ("interdiction 5 priority 1,1,3,4 aircraft 1", "four positive posture classes"),
        ("cas 5 priority 1,2,3,4 aircraft 1", "only an interdiction strike"),
        ("cas 0 aircraft 1", "cell number >= 1"),
    ],
)
def test_6_strike_text_refused(text: str, match: str) -> None:
    with pytest.raises(InvalidInputError, match=match):
        AirStrike.from_str(text, 1)


def test_6_strike_needs_one_count_per_aircraft_type() -> None:
    with pytest.raises(InvalidInputError, match=r"nactyp\(1\) = 2"):
        assess_strike(
            hand_tables(),
            replace(HAND_STRIKE, ascomp=(1,)),
            HAND_RESOURCES,
            HAND_CLASSES,
            1,
            supported="attackers",
        )


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"resources": np.ones((2, 3))}, "nrs\\(v\\) = 4"),
        ({"resources": -HAND_RESOURCES}, ">= 0"),
        ({"posture_classes": [1]}, "one class per target unit"),
        ({"posture_classes": [1, 5]}, "positive posture classes 1-4"),
        ({"env": 3}, "environment type 1..2"),
        ({"supported": None}, "supports the engagement"),
    ],
)
def test_6_assess_strike_refuses_bad_input(kwargs: dict[str, object], match: str) -> None:
    args: dict[str, object] = {
        "resources": HAND_RESOURCES,
        "posture_classes": HAND_CLASSES,
        "env": 1,
        "supported": "attackers",
    }
    args.update(kwargs)
    with pytest.raises(InvalidInputError, match=match):
        assess_strike(hand_tables(), HAND_STRIKE, **args)  # type: ignore[arg-type]


def test_6_interdiction_targets_share_one_posture_class() -> None:
    strike = AirStrike(1, 7, StrikeRole.INTERDICTION, (1, 1), (1, 2, 3, 4))
    with pytest.raises(InvalidInputError, match="share one posture class"):
        assess_strike(hand_tables(), strike, HAND_RESOURCES, [1, 2], 1)


def test_6_a_strike_on_no_target_destroys_nothing() -> None:
    r = assess_strike(hand_tables(), HAND_STRIKE, np.zeros((0, 4)), [], 1, supported="defenders")
    assert r.losses.shape == (0, 4)
    np.testing.assert_array_equal(r.record.casfx, [0.0, 0.0])


# -- conservation: no strike creates resources -----------------------------------------------


@st.composite
def random_strikes(
    draw: st.DrawFn,
) -> tuple[AirTables, AirStrike, Matrix, list[int], int, str | None]:
    nac, nw, nmat, npers, nenv = (draw(st.integers(1, 3)) for _ in range(5))
    nunits = draw(st.integers(0, 4))
    rate = st.floats(0.0, 5.0)

    def arr(*shape: int, elements: st.SearchStrategy[float] = rate) -> Matrix:
        return draw(hnp.arrays(np.float64, shape, elements=elements))

    tables = AirTables(
        side=draw(st.integers(1, 2)),
        agload=arr(nac, nw),
        kag=arr(nw, nmat),
        fcagrp=arr(nw, 4),
        fcagcp=arr(nmat, 4),
        fcagre=arr(nw, nenv),
        fcagce=arr(nmat, nenv),
        aagatk=arr(nw, nmat),
        aagdef=arr(nw, nmat),
        aagint=arr(nw, nmat, 3),
        dgp=arr(nmat, npers, nw, elements=st.floats(0.0, 50.0)),
        stdtgt=arr(nmat, elements=st.floats(0.5, 500.0)),
        nggwep_target=draw(st.integers(0, nmat)),
    )
    res = arr(nunits, nmat + npers, elements=st.one_of(st.just(0.0), st.floats(0.0, 300.0)))
    comp = tuple(draw(st.lists(st.integers(0, 200), min_size=nac, max_size=nac)))
    if draw(st.booleans()):
        strike = AirStrike(tables.side, 1, StrikeRole.CAS, comp)
        classes = draw(st.lists(st.sampled_from([1, 2, 4]), min_size=nunits, max_size=nunits))
        supported: str | None = draw(st.sampled_from(["attackers", "defenders"]))
    else:
        prty = tuple(draw(st.permutations([1, 2, 3, 4])))
        strike = AirStrike(tables.side, 1, StrikeRole.INTERDICTION, comp, prty)
        classes = [draw(st.integers(1, 4))] * nunits
        supported = None
    env = draw(st.integers(1, nenv))
    return tables, strike, res, classes, env, supported


@pytest.mark.slow
@settings(max_examples=300)
@given(random_strikes())
def test_6_strikes_never_create_resources(
    case: tuple[AirTables, AirStrike, Matrix, list[int], int, str | None],
) -> None:
    # §6: L = min{K, [resources]} and the personnel loss min{dgp L, [resources]}: every loss is
    # nonnegative and at most what the unit held; nothing is ever added.
    tables, strike, res, classes, env, supported = case
    r = assess_strike(tables, strike, res, classes, env, supported=supported)
    assert np.all(np.isfinite(r.losses))
    assert np.all(r.losses >= 0)
    assert np.all(r.losses <= res)
    assert np.all(r.remaining >= 0)
    assert np.all(r.remaining <= res)
    np.testing.assert_allclose(r.remaining + r.losses, res, rtol=1e-12, atol=1e-12)


@settings(max_examples=200)
@given(random_strikes())
def test_6_materiel_losses_are_the_potential_capped_by_the_stock(
    case: tuple[AirTables, AirStrike, Matrix, list[int], int, str | None],
) -> None:
    # §6: weapon by weapon, the materiel lost is min{Σ_iw K(iw,j,ibu), [resources](ibu,j)}:
    # "Losses of materiel are never affected by the ordering of air-to-ground weapons."
    tables, strike, res, classes, env, supported = case
    r = assess_strike(tables, strike, res, classes, env, supported=supported)
    nmat = tables.nmat
    expected = np.minimum(r.record.potential, res[:, :nmat])
    np.testing.assert_allclose(r.losses[:, :nmat], expected, rtol=1e-9, atol=1e-9)


# -- §5.2: CASATK, CASDEF, fair, gair --------------------------------------------------------


def test_5_2_cas_totals_sum_one_sides_cas_on_one_cell() -> None:
    # §5.2: CASATK(j), the defenders' type j weapons destroyed by side sideA's CAS of the
    # engagement; interdiction and other cells do not count.
    t = hand_tables()
    cas = hand_result().record
    other_cell = assess_strike(
        t, replace(HAND_STRIKE, target=8), HAND_RESOURCES, HAND_CLASSES, 2, supported="attackers"
    ).record
    inter = assess_strike(
        t,
        AirStrike(1, 7, StrikeRole.INTERDICTION, (3, 2), (1, 2, 3, 4)),
        HAND_RESOURCES[:1],
        [1],
        2,
    ).record
    total = cas_totals([cas, other_cell, inter, cas], cell=7, side=1, size=2)
    np.testing.assert_allclose(total, 2 * cas.casfx)
    np.testing.assert_array_equal(cas_totals([cas], cell=7, side=2, size=2), [0.0, 0.0])


def test_5_2_air_values_hand_computed() -> None:
    # §5.2 with the 2 x 2 engagement of §5.1.2's tests: alpha = delta = 2, va = (1, 1.5),
    # vd = (.5, 2). nframe = 4. CASATK = (4, 2): fair = (1/2) (4/4 * .5 + 2/4 * 2) = .75.
    # CASDEF = (8, 0): gair = (1/2) (8/4 * 1) = 1.
    v = weapon_values([[0.0, 1.0], [2.0, 1.0]], [[1.0, 0.0], [1.0, 2.0]])
    fair, gair = air_values([4.0, 2.0], [8.0, 0.0], v, nframe=4)
    assert fair == pytest.approx(0.75)
    assert gair == pytest.approx(1.0)


def test_5_2_engagement_air_values_combine_both_sides_cas() -> None:
    # §5.2: Red (sideA = 1) attacks at cell 7 with CAS; Blue's CAS supports the defenders.
    # fair = (1/alpha) Σ_j (CASATK(j)/nframe) vald(j), gair = (1/delta) Σ_j (CASDEF(j)/nframe)
    # vala(j), with alpha = delta = 2, va = (1, 1.5), vd = (.5, 2) and nframe = 4.
    v = weapon_values([[0.0, 1.0], [2.0, 1.0]], [[1.0, 0.0], [1.0, 2.0]])
    red = hand_result().record
    blue_tables = replace(hand_tables(), side=2)
    blue = assess_strike(
        blue_tables,
        AirStrike(2, 7, StrikeRole.CAS, (1, 1)),
        HAND_RESOURCES,
        [4, 4],
        1,
        supported=Supported.DEFENDERS,
    ).record
    assert red.casfx is not None
    assert blue.casfx is not None
    fair, gair = engagement_air_values([red, blue], cell=7, side_a=1, values=v, nframe=4)
    assert fair == pytest.approx(float(red.casfx @ v.vd) / 4 / 2)
    assert gair == pytest.approx(float(blue.casfx @ v.va) / 4 / 2)
    assert fair > 0
    assert gair > 0
    # Seen from an engagement at another cell, or with Blue attacking, the roles change.
    assert engagement_air_values([red, blue], cell=8, side_a=1, values=v, nframe=4) == (0.0, 0.0)
    swapped = engagement_air_values([red, blue], cell=7, side_a=2, values=v, nframe=4)
    assert swapped == (
        pytest.approx(float(blue.casfx @ v.vd) / 8),
        pytest.approx(float(red.casfx @ v.va) / 8),
    )


def test_5_2_air_values_are_zero_without_cas() -> None:
    v = weapon_values([[1.0]], [[1.0]])
    assert air_values([0.0], [0.0], v, nframe=2) == (0.0, 0.0)


def test_5_2_air_values_with_alpha_zero() -> None:
    # Rulings: alpha = 0 (the defenders kill nothing: vd = 0, va = 1): CAS on worthless
    # weapons is worth 0; CAS destroying valued weapons is worth inf.
    v = weapon_values([[1.0]], [[0.0]])
    assert v.alpha == 0.0
    fair, gair = air_values([5.0], [1.0], v, nframe=2)
    assert fair == 0.0
    assert gair == math.inf


def test_5_2_air_values_refuse_bad_input() -> None:
    v = weapon_values([[1.0]], [[1.0]])
    with pytest.raises(InvalidInputError, match="nframe"):
        air_values([1.0], [1.0], v, nframe=0)
    with pytest.raises(InvalidInputError, match="casatk"):
        air_values([1.0, 2.0], [1.0], v, nframe=1)


# -- the Sinai design data (§9.2) ------------------------------------------------------------


@pytest.fixture(scope="module")
def sinai() -> File50:
    return load_sinai()[0]


def test_6_sinai_air_tables_read_groups_78_to_92(sinai: File50) -> None:
    # §9.1.1: Red has 1 aircraft type and 1 air weapon, Blue 3 and 3; dgpred(k, iw, j) is
    # Red personnel k lost per Red materiel j destroyed by Blue air weapon iw.
    red, blue = AirTables.from_design(sinai, 1), AirTables.from_design(sinai, 2)
    assert (red.nactyp, red.nagwep, red.nmat, red.npers) == (1, 1, 7, 1)
    assert (blue.nactyp, blue.nagwep, blue.nmat, blue.npers) == (3, 3, 8, 1)
    assert blue.dgp[0, 0, 2] == sinai.dgpred[0][0][2] == 15.0
    np.testing.assert_array_equal(blue.aagint[0, 2], sinai.aagblu[0][2])
    np.testing.assert_array_equal(red.fcagcp, np.array(sinai.fcagcp[1]))
    np.testing.assert_array_equal(red.stdtgt, sinai.stdtgt[1][:7])
    assert red.nggwep_target == 4


@pytest.mark.parametrize("side", [1, 2])
@pytest.mark.parametrize("role", ["cas", "interdiction"])
def test_6_sinai_strikes_give_finite_nonnegative_losses(
    sinai: File50, side: int, role: str
) -> None:
    # A strike by each side in each role on the first two enemy units of the Sinai data.
    enemy = [u for u in sinai.units if sinai.flag[u.butype - 1] != side][:2]
    res = np.array([u.resources for u in enemy])
    comp = ",".join("6" for _ in range(sinai.nactyp[side - 1]))
    text = (
        f"cas 26 aircraft {comp}"
        if role == "cas"
        else f"interdiction 26 priority 1,2,3,4 aircraft {comp}"
    )
    strike = AirStrike.from_str(text, side)
    supported = "attackers" if role == "cas" else None
    for env in range(1, sinai.nenv + 1):
        r = assess_strike(
            sinai, strike, res, [1, 1], env, supported=supported, units=[u.number for u in enemy]
        )
        assert np.all(np.isfinite(r.losses))
        assert np.all(r.losses >= 0)
        assert np.all(r.losses <= res)
        assert r.losses.sum() > 0
        assert r.record.units == tuple(u.number for u in enemy)


# -- §6 in the game ----------------------------------------------------------------------------


def engaged_at_tinit() -> IdahexGame:
    """Sinai at t = tinit (a cycle start): Red brigade 2 attacks Blue 153 and 154 in cell 39
    from 27 (§3.3.2 step 4)."""
    g = sinai_game(sinai_unit(2, 27), sinai_unit(153, 39), sinai_unit(154, 39))
    e = g.engine
    m = place(g, 2, "27/40/39", "39,10")
    assert m.next is not None
    e._xq(m, e.tf_status(m), m.next)
    assert e.engagements[39].defenders == {153, 154}
    return g


def events(g: IdahexGame, kind: str) -> list[Any]:
    return [ev for ev in g.events(None) if ev.kind == kind]


def test_6_cas_in_the_game_strikes_the_engagements_enemy_units_and_keeps_the_record() -> None:
    """§6: a CAS strike entered at a cycle start (t = tinit included) targets V, the enemy
    units of the engagement at the target cell; their losses are those of the strike's
    formulas (agwep, alpha, K, weapon by weapon) and are applied at once; the record, with
    casfx, serves the combat procedure for the cycle (§5.2) and is dropped at the next cycle
    start."""
    g = engaged_at_tinit()
    e = g.engine
    combat = e.combat
    assert isinstance(combat, IdahexCombat)
    before = np.array([e.units[n].resources for n in (153, 154)])
    expected = assess_strike(
        AirTables.from_design(g.rules.design, 1),
        AirStrike(1, 39, StrikeRole.CAS, (10,)),
        before,
        [1, 1],
        e.environment(39),
        supported=Supported.ATTACKERS,
        units=[153, 154],
    )
    sinai_play(g, "cas 39 aircraft 10")
    [record] = combat.air_records
    assert record.units == (153, 154)
    assert record.casfx is not None
    np.testing.assert_allclose(record.casfx, expected.record.casfx)
    np.testing.assert_allclose(record.losses, expected.losses)
    assert expected.losses.sum() > 0
    assert len(events(g, "air")) == 1
    assert e.t == 0.5  # not a cycle start (tcycle = 1): the record still counts
    sinai_play(g)
    assert e.t == 1.0
    sinai_play(g)  # the commands of t = 1, a cycle start: last cycle's record is gone
    assert combat.air_records == []


def test_6_air_strikes_are_entered_only_at_cycle_starts() -> None:
    """§6: 'At the start of every cycle (including t = tinit), each player may enter air
    strikes': at t = .5 (periods of .5, cycles of 1) an interdiction strike is refused."""
    g = sinai_game(sinai_unit(2, 27), sinai_unit(153, 39))
    e = g.engine
    strike = "interdiction 39 priority 1,2,3,4 aircraft 10"
    sinai_play(g, strike)
    assert len(events(g, "air")) == 1
    held = e.units[153].resources.copy()
    assert e.t == 0.5
    with pytest.raises(IllegalOrderError, match=r"start of a cycle.*t = 0.5 is not one.*§6"):
        g.submit("red", strike)
    assert len(events(g, "air")) == 1
    np.testing.assert_array_equal(e.units[153].resources, held)


def test_6_cas_without_an_engagement_is_warned_and_no_strike_occurs() -> None:
    """§6: 'If there is no engagement whose location is the target cell, the player is warned
    and no strike occurs.'"""
    g = sinai_game(sinai_unit(2, 27), sinai_unit(153, 39))
    e = g.engine
    held = e.units[153].resources.copy()
    sinai_play(g, "cas 39 aircraft 10")
    [warning] = events(g, "warning")
    assert "no engagement at cell 39" in warning.text
    assert not events(g, "air")
    assert e.combat.air_records == []  # type: ignore[attr-defined]
    np.testing.assert_array_equal(e.units[153].resources, held)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.floats(min_value=0.0, max_value=1e12, allow_nan=False, allow_subnormal=True),
        max_size=300,
    )
)
def test_6_sums_in_python_floats_are_numpys_bit_for_bit(xs: list[float]) -> None:
    """§6's sums (``Σ_i aag(i) grdrs(i)/stdtgt(i)``) are taken over Python floats in
    numpy's order, so strikes give the same bits as the array expressions did (pairwise
    from 8 terms)."""
    assert _sum(xs) == float(np.sum(np.array(xs, dtype=np.float64)))


@pytest.mark.parametrize("side", [1, 2])
@pytest.mark.parametrize("units", [1, 3])
def test_6_sinai_strikes_are_the_step_by_step_functions_bit_for_bit(
    sinai: File50, side: int, units: int
) -> None:
    # assess_strike works a target unit in one pass over its materiel (with no loop over
    # weapons for Red's one weapon type): the same bits as kill_potential, its sum over the
    # weapons and apply_losses, step by step.
    tables = AirTables.from_design(sinai, side)
    enemy = [u for u in sinai.units if sinai.flag[u.butype - 1] != side][:units]
    res = np.array([u.resources for u in enemy], dtype=np.float64)
    res[0, 1] = 0.0  # a materiel type the first unit lacks
    comp = ",".join("5" for _ in range(sinai.nactyp[side - 1]))
    strike = AirStrike.from_str(f"interdiction 26 priority 2,1,3,4 aircraft {comp}", side)
    for env in range(1, sinai.nenv + 1):
        r = assess_strike(tables, strike, res, [2] * units, env)
        k = kill_potential(tables, res, [2] * units, env, r.record.alpha, r.record.agwep)
        remaining, losses = apply_losses(tables, res, k)
        assert r.remaining.tobytes() == remaining.tobytes()
        assert r.losses.tobytes() == losses.tobytes()
        assert r.record.potential.tobytes() == k.sum(axis=1).tobytes()
