"""§5.1 and §5.2 (seed 000) at the boundaries the full mutation run found untested.

One frame of one engagement through :func:`assess_frame`, the combat frame the game runs
(§5), on test_attrition.py's hand-built engagement: Red attacker A = (10, 100, 50) in a cell
next to the engagement location, Blue defender D = (8, 60, 40), every factor 1, tframe .5,
depth 10; potential losses PLOSS_A and PLOSS_D worked out by hand in that file's docstring.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.attrition import FRGRD_HIGH, FRGRD_LOW, assess_frame
from hexwar.rulesets.idahex.design import load_sinai
from hexwar.rulesets.idahex.supplies import SupplyTables
from hexwar.rulesets.idahex.transfer import allocate_to_takers, assess_givers
from hexwar.rulesets.idahex.values import WeaponValues, weapon_values

from .test_attrition import (
    LOC,
    PLOSS_A,
    PLOSS_D,
    POFF,
    SQUARE_SIDE,
    StubCurves,
    attacker,
    defender,
    factor,
    frame,
    kill_data,
)


def unit_values(ka: object, kd: object) -> WeaponValues:
    """Every ground-to-ground weapon worth 1 on both sides (one type a side)."""
    return WeaponValues(np.array([1.0]), np.array([1.0]), 1.0, 1.0)


# -- §5.1.1 PA: the attack posture 40..49 ------------------------------------------------------


def test_5_1_1_pa_reads_poff_of_every_attack_posture_40_to_49_and_40_outside() -> None:
    """§5.1.1: PA = fckar(i, sideA, poff(postA)) for an attacker in an attack posture (40 to
    49, both ends included); any other posture is read as the standard attack posture 40.
    Here poff(49) = 2 and poff(50) = 3, whose fckar columns are .5 and .25; poff(40) = 1's is 1.
    An attacker in 49 puts .5 of the base fire on D, one in 50 the full fire (as 40)."""
    d = kill_data(poff={**POFF, 49: 2, 50: 3})
    d = factor(factor(d, "fckar", 1, 0, 1, 0.5), "fckar", 1, 0, 2, 0.25)
    assert frame(d, attackers=[attacker(posture=49)]).losses[101] == pytest.approx(0.5 * PLOSS_D)
    assert frame(d, attackers=[attacker(posture=50)]).losses[101] == pytest.approx(PLOSS_D)


# -- §5.1.1 B: the barrier's own febab ---------------------------------------------------------


def test_5_1_1_the_barrier_ceases_at_the_febab_of_its_own_type() -> None:
    """§5.1.1: B = barier(i, sideA, bt) while feba <= febab(bt) / depth. Two barrier types,
    febab = (3, 8): behind type 2 (barier .5) at feba .5 the barrier still holds (.5 <= .8),
    D takes half the base fire; type 1's febab (.3) would have ended it."""
    d = kill_data(
        barier=(np.array([[1.0, 0.5]]), np.array([[1.0, 0.5]])), febab=np.array([3.0, 8.0])
    )
    r = frame(d, attackers=[attacker(barrier=2)], feba=0.5)
    assert r.losses[101] == pytest.approx(0.5 * PLOSS_D)


# -- §5.1.3 the representative posture ---------------------------------------------------------


def test_5_1_3_the_representative_posture_is_where_the_value_is_greatest() -> None:
    """§5.1.3: postD is the posture of the defenders holding the greatest value (ERS * vald),
    not the lowest posture number: 1 weapon in posture 10 and 7 in posture 11 -> postD = 11,
    the posture frdval is read for."""
    curves = StubCurves()
    r = frame(
        curves=curves,
        defenders=[
            defender(101, (1.0, 10.0, 5.0), posture=10),
            defender(102, (7.0, 50.0, 35.0), posture=11),
        ],
    )
    assert r.post_d == 11
    assert [p for _, p in curves.frdval_calls] == [40, 11]


def test_5_1_3_a_posture_holding_any_value_outranks_one_holding_none() -> None:
    """§5.1.3: postD is the posture of greatest value; a posture whose defenders hold no
    weapon (value 0) loses to one holding 1e-40 weapons, however little they are worth (far
    less than 1: the totals start from 0); the lowest posture number breaks only exact ties."""
    r = frame(
        defenders=[
            defender(101, (0.0, 60.0, 40.0), posture=10),
            defender(102, (1e-40, 10.0, 5.0), posture=11),
        ],
    )
    assert r.post_d == 11


# -- §5.1.3 actual losses: the scaling by frdval -----------------------------------------------


def test_5_1_3_a_side_worth_less_than_one_is_still_scaled_to_frdval() -> None:
    """§5.1.3: the defenders' potential losses are scaled so that they lose the fraction
    frdval of their value: with frdval = .1 and D holding .01 weapons (its value ggrd = .01 *
    vd, below 1), D loses .1 of its weapons, .001, whatever its potential loss."""
    curves = StubCurves(fd=0.1)
    r = frame(curves=curves, defenders=[defender(resources=(0.01, 60.0, 40.0))])
    assert 0.0 < r.ggrd < 1.0
    assert r.losses[101][0] == pytest.approx(0.001)


def test_5_1_3_the_scaling_holds_when_the_fraction_lost_underflows() -> None:
    """§5.1.3: scalar = frdval / (delval / value). A defender of 1e30 weapons under fire from
    1e-300 weapons: delval / value is below the smallest float, yet D still loses exactly
    the fraction frdval = .1 of its weapons, 1e29 (never 0, inf or NaN)."""
    r = assess_frame(
        kill_data(),
        StubCurves(fd=0.1),
        unit_values,
        side_a=1,
        loc=LOC,
        env=1,
        feba=0.0,
        t=10.0,
        attackers=[attacker(resources=(1e-300, 0.0, 0.0))],
        defenders=[defender(resources=(1e30, 0.0, 0.0))],
    )
    assert r.losses[101][0] == pytest.approx(1e29)


# -- §5.1.3 ti: the fraction of the prepared depth reached -------------------------------------


def test_5_1_3_ti_scales_losses_in_a_prepared_depth_below_one() -> None:
    """§5.1.3: to = min(feba * depth + td(env), defdepth), ti = to / defdepth for defdepth > 0.
    D's area .5 * front gives defdepth = .5 (below 1), td = .2 at feba 0: ti = .4, and both
    sides lose .4 of their potential losses (frdval negative: no scaling)."""
    d = kill_data(td=np.array([0.2, 0.2]))
    r = frame(d, defenders=[defender(area=0.5 * SQUARE_SIDE)])
    assert r.defdepth == pytest.approx(0.5)
    assert r.ti == pytest.approx(0.4)
    assert r.losses[101] == pytest.approx(0.4 * PLOSS_D)
    assert r.losses[1] == pytest.approx(0.4 * PLOSS_A)


# -- §5.1.3 the ratios at which a side loses everything ----------------------------------------


def _ratio_frame(atk: float, dfn: float) -> tuple[float, np.ndarray, np.ndarray]:
    # Each weapon's fire cut to 1e-6 (PA and PD' of the postures 40 and 10): no loss is capped.
    d = factor(factor(kill_data(), "fckar", 1, 0, 0, 1e-6), "fckdr", 2, 0, 0, 1e-6)
    r = assess_frame(
        d,
        StubCurves(),
        unit_values,
        side_a=1,
        loc=LOC,
        env=1,
        feba=0.0,
        t=10.0,
        attackers=[attacker(resources=(atk, 100.0, 50.0))],
        defenders=[defender(resources=(dfn, 60.0, 40.0))],
    )
    return r.frgrd, r.losses[1], r.losses[101]


def test_5_1_3_everything_is_lost_only_beyond_the_force_ratio_limits() -> None:
    """§5.1.3: the attackers lose everything if FRGRD < 1e-4, the defenders if FRGRD > 1e4;
    at the limits themselves they take their potential losses (here small). Every weapon worth
    1: 1 weapon against 1e4 is FRGRD = 1e-4 exactly, 1e4 against 1 is 1e4."""
    fr, lost_a, _ = _ratio_frame(1.0, 1e4)
    assert fr == FRGRD_LOW
    assert lost_a[1] < 100.0
    fr, _, lost_d = _ratio_frame(1e4, 1.0)
    assert fr == FRGRD_HIGH
    assert lost_d[1] < 60.0


# -- §5.2 the FEBA of colocated forces ---------------------------------------------------------


def test_5_2_colocated_forces_start_the_frame_at_feba_1() -> None:
    """§5.1.3: colocated attackers and defenders have feba = 1; §5.2: feba' = feba +
    vfeba * tframe / depth, within 0..1. vfeba = -5 a day over tframe .5 and depth 10 moves
    it back by .25: .75 (from 1, whatever feba the frame was given)."""
    r = frame(None, StubCurves(v=-5.0), attackers=[attacker(location=LOC)])
    assert r.feba == pytest.approx(0.75)


def test_5_2_frga_when_an_air_value_is_infinite() -> None:
    """§5.2: FRGA = (fgrd + fair) / (ggrd + gair); docs/rulings/idahex.md: with alpha = 0 (the
    ground fire kills nothing of value) a positive CAS loss is worth inf ("fair/gair when alpha
    = 0"), and "Force ratios with nothing on one side": inf / inf is 1, x / inf is 0, inf / x is
    inf. One CAS loss of a weapon each way:

    - neither side's ground fire kills (fckar, fckdr 0): fair = gair = inf, FRGA = 1;
    - only the defenders' ground fire is cut (fckdr 0): fgrd = 10, ggrd = 0, gair = inf,
      FRGA = 10 / inf = 0;
    - only the attackers' (fckar 0): fair = inf, FRGA = inf / 8 = inf.

    The FEBA curve is read at that ratio."""
    cas = {"cas_atk": np.array([1.0]), "cas_def": np.array([1.0])}
    no_atk = factor(kill_data(), "fckar", 1, 0, 0, 0.0)
    no_def = factor(kill_data(), "fckdr", 2, 0, 0, 0.0)
    curves = StubCurves()
    r = frame(factor(no_atk, "fckdr", 2, 0, 0, 0.0), curves, **cas)
    assert (r.fair, r.gair, r.frga) == (math.inf, math.inf, 1.0)
    assert curves.vfeba_calls[-1][0] == 1.0
    r = frame(no_def, **cas)
    assert (r.fgrd + r.fair, r.ggrd, r.gair, r.frga) == (10.0, 0.0, math.inf, 0.0)
    r = frame(no_atk, **cas)
    assert (r.fgrd, r.fair, r.ggrd + r.gair, r.frga) == (0.0, math.inf, 8.0, math.inf)


# -- §5.1.2 vala and vald over a side's resources ----------------------------------------------


def test_5_1_2_vala_and_vald_refuse_fewer_resources_than_weapons_by_name() -> None:
    """§5.1.2: vala(i), i = 1..mm = nrs(sideA), and vald(i), i = 1..nn = nrs(sideD), extend
    the m and n weapon values over every resource; a side with fewer resources than weapon
    types is refused by the name of its count (m = 2, n = 1 here)."""
    v = weapon_values([[1.0], [1.0]], [[1.0, 1.0]])
    for call, path, message in (
        (lambda: v.vala(1), "mm", "mm = 1 is below the 2 weapon types"),
        (lambda: v.vald(0), "nn", "nn = 0 is below the 1 weapon types"),
    ):
        with pytest.raises(InvalidInputError) as info:
            call()
        assert [(p.path, p.message) for p in info.value.problems] == [(path, message)]


# -- §4.2.1 and §7: the refusals of the transfer programmes and the supply tables ---------------


def _refused(call: Callable[[], object]) -> list[tuple[str | None, str]]:
    with pytest.raises(InvalidInputError) as info:
        call()
    return [(p.path, p.message) for p in info.value.problems]


@pytest.mark.parametrize(
    ("call", "path", "message"),
    [
        (lambda: allocate_to_takers([-1.0], [1.0], [True], 1.0), "stock", "finite numbers >= 0"),
        (lambda: allocate_to_takers([1.0], [-1.0], [True], 1.0), "toe", "finite numbers >= 0"),
        (lambda: allocate_to_takers([1.0], [1.0, 2.0], [True], 1.0), "toe", "(as stock)"),
        (lambda: allocate_to_takers([1.0], [1.0], [True, True], 1.0), "accepts", "shape (1,)"),
        (lambda: allocate_to_takers([1.0], [1.0], [1], 1.0), "accepts", "must be booleans"),
        (lambda: allocate_to_takers([1.0], [1.0], [True], -1.0), "amt", "a finite number"),
        (lambda: assess_givers([-1.0], [1.0], 1.0), "stock", "finite numbers >= 0"),
        (lambda: assess_givers([1.0], [-1.0], 1.0), "toe", "finite numbers >= 0"),
        (lambda: assess_givers([1.0], [1.0, 2.0], 1.0), "toe", "(as stock)"),
        (lambda: assess_givers([1.0], [0.0], 2.0), "amt", "the givers hold 1, cannot give 2"),
    ],
)
def test_4_2_1_the_programmes_refuse_their_inputs_by_name(
    call: Callable[[], object], path: str, message: str
) -> None:
    """§4.2.1: the takers' and givers' programmes read the stock and toe of each unit (finite
    amounts >= 0, one per unit), which takers accept (booleans, one per unit) and the amount
    amt (>= 0, at most what the givers hold); each refusal names its input and says why."""
    [(got_path, got_message)] = _refused(call)
    assert got_path == path
    assert message in got_message


def test_7_supply_tables_are_for_red_or_blue_only() -> None:
    """§7 (File 50 groups 38-40 are read per side): a side other than 1 (Red) or 2 (Blue) is
    refused by name, before any of the design's per-side lists is read."""
    sinai = load_sinai()
    for side in (0, 3):
        assert _refused(lambda s=side: SupplyTables.from_design(sinai, s)) == [
            ("side", f"must be 1 (Red) or 2 (Blue), got {side}")
        ]
