"""The combat functions of seed 000 §5.4: ``pafgen``/``paf``, ``frinv`` (§5.4.1), ``zrarea``
(§5.4.2), ``freff`` (§5.4.3), ``prep`` (§5.4.4), ``frdval`` (§5.4.5) and ``vfeba`` (§5.4.6).

§5.4 gives no numeric example; the oracles are small cases computed by hand in the comments
on a hand-made design (``small_design``: per side two ground-to-ground weapons, one
transport, one supply and one personnel type) and the Sinai design data of §9.2.
"""

from __future__ import annotations

import json
import math
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from pydantic import ValidationError

from hexwar.rulesets.idahex.combat_functions import (
    BATCH_FROM,
    RGAIN,
    CombatFunctions,
    Force,
    cell_area,
    paf,
    pafgen,
)
from hexwar.rulesets.idahex.design import File50, VfebaEntry, load_sinai
from hexwar.rulesets.idahex.postures import Order
from tests.rulesets.idahex.sinai import game, unit

from .test_attrition import POFF, defender, frame, kill_data

SINAI = load_sinai()[0]

# -- a small design ---------------------------------------------------------------------------
# Resources of either side: 1 w1 (weapon), 2 w2 (weapon), 3 t (transport), 4 S (supplies),
# 5 P (personnel): nggwep = 2, nequip = 3, nss = 1, nmat = 4, npers = 1, nrs = 5.
W1, W2, T, S, P = range(5)
RISING = (1.0,) * 6  # frinv.f: with f0 = 0 and x = (1, ...), sigma = min(ss/dd, 1)


def small_design(**changes: Any) -> Any:
    """A design namespace with the fields :class:`CombatFunctions` reads (shared by sides)."""
    d: dict[str, Any] = {
        "poff_table": {10: 1, 11: 2, 12: 1, 20: 3, 40: 1, 41: 2},
        "npost": (2, 1, 1, 2),
        "nggwep": (2, 2),
        "nequip": (3, 3),
        "nss": (1, 1),
        "npers": (1, 1),
        "stdtgt": ((10.0, 10.0, 10.0, 100.0, 50.0),) * 2,
        # spdd[s][resource][support]: support 1 = S, support 2 = P
        "spdd": (((0.0, 0.0),) * 5,) * 2,
        "pg": ((1, 1, 1),) * 2,
        "prot": (((0.0, 0.0),) * 3,) * 2,
        "ppoh": ((0.0,), (0.0,)),
        "toe": ((10.0, 10.0, 10.0, 100.0, 50.0),),
        "aysize": ((20.0, 10.0, 5.0, 10.0),),
        "depth": 10.0,
        "tframe": 0.25,
        "frinv_f0": (((0.0, 0.0),) * 4,) * 2,
        "frinv_f": (((RISING, RISING),) * 4,) * 2,
        "frinv_x": ((1.0,) * 6,) * 2,
        "freff_f0": (1.0, 1.0),
        "freff_f": ((1.0, 1.0, 0.5, 0.5, 0.0, 0.0, 0.0), (1.0, 1.0, 1.0, 0.5, 0.5, 0.0, 0.0)),
        "freff_x": ((1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 3.0), (1.0, 1.0, 1.0, 2.0, 2.0, 4.0, 4.0)),
        "prep_f": (((3.0, 2.0, 1.0, 1.0, 0.8, 0.5, 0.5),) * 4,) * 2,
        "prep_x": ((-1.0, -0.5, 0.0, 1.0, 2.0, 10.0, 10.0),) * 2,
        "frdval_f0atk": (0.4, 0.6),
        "frdval_fatk": ((0.2,) * 7, (0.3,) * 7),
        "frdval_f0def": (0.0, 0.1, 0.2),
        "frdval_fdef": ((0.4,) * 7, (0.5,) * 7, (0.6,) * 7),
        "frdval_x": (1.0,) * 7,
        "vfeba": ((), ()),
        "vfeba_fr": (1.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0),
    }
    d.update(changes)
    nequip, nss, npers = d["nequip"], d["nss"], d["npers"]
    d.setdefault("nmat", tuple(nequip[s] + nss[s] for s in range(2)))
    d.setdefault("nrs", tuple(d["nmat"][s] + npers[s] for s in range(2)))
    return SimpleNamespace(**d)


def spdd(**demand: tuple[float, float]) -> tuple[tuple[tuple[float, float], ...], ...]:
    """``spdd`` for both sides from ``{resource name: (S, P) demand per unit}``."""
    names = ("w1", "w2", "t", "S", "P")
    rows = tuple(demand.get(n, (0.0, 0.0)) for n in names)
    return (rows, rows)


def fi(design: Any, amount: list[float], butypes: tuple[int, ...] = (1,), side: int = 1) -> Any:
    f = CombatFunctions(design)
    return f.involvement(Force(side, butypes, np.asarray(amount, dtype=np.float64)))


# -- §5.4 pafgen and paf ----------------------------------------------------------------------


def test_5_4_pafgen_is_constant_beyond_the_ends() -> None:
    """§5.4: pafgen(w) = y(1) if w <= x(1); y(n) if w >= x(n)."""
    x, y = (1.0, 2.0, 4.0), (5.0, 7.0, 3.0)
    assert pafgen(-10.0, y, x) == 5.0
    assert pafgen(1.0, y, x) == 5.0
    assert pafgen(4.0, y, x) == 3.0
    assert pafgen(99.0, y, x) == 3.0


def test_5_4_pafgen_interpolates_between_i1_and_i2() -> None:
    """§5.4: y(i1) + (w - x(i1)) / (x(i2) - x(i1)) * (y(i2) - y(i1))."""
    x, y = (1.0, 2.0, 4.0), (5.0, 7.0, 3.0)
    assert pafgen(1.5, y, x) == pytest.approx(6.0)
    assert pafgen(2.0, y, x) == pytest.approx(7.0)
    assert pafgen(3.0, y, x) == pytest.approx(5.0)  # 7 + (1/2) * (3 - 7)


def test_5_4_pafgen_repeated_abscissae_take_the_later_point() -> None:
    """§5.4: i1 = max{i: x(i) <= w}, i2 = min{i: x(i) > w}: at a repeated abscissa the
    function jumps; from that abscissa on, the later ordinate holds."""
    x, y = (0.0, 1.0, 1.0, 2.0), (0.0, 1.0, 5.0, 6.0)
    assert pafgen(0.5, y, x) == pytest.approx(0.5)
    assert pafgen(1.0, y, x) == pytest.approx(5.0)
    assert pafgen(1.5, y, x) == pytest.approx(5.5)
    assert pafgen(1.0 - 1e-9, y, x) == pytest.approx(1.0)


def test_5_4_pafgen_single_point_is_constant() -> None:
    """§5.4 with n = 1: every w is at or beyond an end."""
    assert pafgen(-3.0, (2.5,), (1.0,)) == 2.5
    assert pafgen(3.0, (2.5,), (1.0,)) == 2.5


def test_5_4_paf_prepends_y0_at_zero() -> None:
    """§5.4: paf(w, y0, y, x) = pafgen(w, ylong, xlong) with (xlong(1), ylong(1)) = (0, y0)."""
    y0, y, x = 2.0, (4.0, 1.0), (1.0, 3.0)
    assert paf(0.0, y0, y, x) == 2.0
    assert paf(-1.0, y0, y, x) == 2.0  # below xlong(1) = 0
    assert paf(0.5, y0, y, x) == pytest.approx(3.0)
    assert paf(2.0, y0, y, x) == pytest.approx(2.5)
    assert paf(7.0, y0, y, x) == 1.0
    for w in (0.0, 0.25, 1.0, 2.9, 5.0):
        assert paf(w, y0, y, x) == pafgen(w, (y0, *y), (0.0, *x))


def test_5_4_paf_with_repeated_abscissae_at_zero_and_at_the_end() -> None:
    """§5.4 (Sinai frinv.x = .25 .5 .75 1 1 1): x(1) may equal 0 -- 'if w <= x(1), then
    pafgen = y(1)' keeps y0 at 0 itself, the jump acts just above -- and the last abscissae may
    repeat (the last ordinate holds from there)."""
    assert paf(0.0, 0.0, (1.0, 2.0), (0.0, 1.0)) == 0.0
    assert paf(1e-9, 0.0, (1.0, 2.0), (0.0, 1.0)) == pytest.approx(1.0)
    assert paf(1.0, 0.0, (0.5, 0.7, 0.9), (1.0, 1.0, 1.0)) == 0.9
    assert paf(0.5, 0.0, (0.5, 0.7, 0.9), (1.0, 1.0, 1.0)) == pytest.approx(0.25)


# -- §5.4.1 frinv without support ---------------------------------------------------------------


def no_support(**changes: Any) -> Any:
    """The small design with no support resources (nss = npers = 0): equipment only."""
    n = changes.get("nequip", (3, 3))[0]
    return small_design(nss=(0, 0), npers=(0, 0), spdd=(((),) * n,) * 2, **changes)


def test_5_4_1_without_support_group_1_is_fully_involved() -> None:
    """§5.4.1, nsp = 0: fi(i) = 1 for every i with pg(i, s) = 1."""
    d = no_support(pg=((1, 1, 1),) * 2)
    assert list(fi(d, [3.0, 4.0, 5.0])) == [1.0, 1.0, 1.0]


def test_5_4_1_without_support_protection_groups_by_induction() -> None:
    """§5.4.1, nsp = 0: QP(j) = sum over pg(i) <= k of prot(j, i) * fi(i) * amount(i), and
    fi(j) = min{QP(j), amount(j)} / amount(j), group by group.

    w1 in group 1, w2 and t in group 2, and (a second transport) t2 in group 3, with
    w1 = 10, w2 = 8, t = 4, t2 = 40 and prot(w2, w1) = .5, prot(t, w1) = .2,
    prot(t2, w1) = 1, prot(t2, w2) = 2:
    fi(w2) = 5/8; fi(t) = 2/4; QP(t2) = 1 * 10 + 2 * (5/8) * 8 = 20, fi(t2) = 20/40.
    """
    d = no_support(
        nequip=(4, 4),
        pg=((1, 2, 2, 3),) * 2,
        prot=(((0.0, 0.0), (0.5, 0.0), (0.2, 0.0), (1.0, 2.0)),) * 2,
    )
    got = fi(d, [10.0, 8.0, 4.0, 40.0])
    assert got == pytest.approx([1.0, 5 / 8, 0.5, 0.5])


def test_5_4_1_without_support_enough_protection_means_full_involvement() -> None:
    """§5.4.1: min{QP(j), amount(j)} caps the involvement at 1."""
    d = no_support(pg=((1, 2, 2),) * 2, prot=(((0.0, 0.0), (5.0, 0.0), (5.0, 0.0)),) * 2)
    assert fi(d, [10.0, 8.0, 4.0]) == pytest.approx([1.0, 1.0, 1.0])


def test_5_4_1_without_support_other_equipment_protects_nothing() -> None:
    """§5.4.1: 'prot(i, j, s) is assumed to be 0 if j > nggwep(s)': transport in group 1 does
    not protect group 2 equipment (prot has one column per ground-to-ground weapon)."""
    d = no_support(
        nggwep=(1, 1),
        pg=((2, 1, 1),) * 2,  # w1 in group 2, protected only by weapons: there are none
        prot=(((0.0,), (0.0,), (0.0,)),) * 2,
    )
    got = fi(d, [10.0, 8.0, 4.0])
    assert got == pytest.approx([0.0, 1.0, 1.0])


# -- §5.4.1 frinv with support ------------------------------------------------------------------


def test_5_4_1_personnel_are_allocated_to_supplies() -> None:
    """§5.4.1: Q = suppt(S) * spdd(P, S); the allocation of P to S is
    min{dd, dd * suppt(P) / Q}; it sets sigma and fi(S) = paf(ss/dd) (here min(ss/dd, 1)).

    S = 100 needing .5 P each (dd = Q = 50) with P = 20: allocation 20, fi(S) = 20/50 = .4
    before the surplus step; nothing else demands S, so at the end
    fi(S) = min(.4, alloc(S) / 100) with alloc(S) = 0: S takes no part in combat, while the
    20 personnel allocated to it are involved: fi(P) = 20 / 20.
    """
    d = small_design(spdd=spdd(S=(0.0, 0.5)), stdtgt=((0.0, 0.0, 0.0, 100.0, 50.0),) * 2)
    got = fi(d, [0.0, 0.0, 0.0, 100.0, 20.0])
    assert got[S] == 0.0
    assert got[P] == pytest.approx(1.0)


def test_5_4_1_supplies_left_by_personnel_limit_equipment() -> None:
    """§5.4.1: suppt(S) <- fi(S) * suppt(S) after personnel are allocated to supplies.

    S = 100 needing .5 P each, P = 20 (plus what w1 needs: w1 demands no P): fi(S) = .4, so
    only 40 S are available to equipment. w1 = 100 needs 1 S each: its involvement grows in
    steps of rgain * stdtgt / amount = .01 * 10 / 100 = .001 up to 40 / 100 = .4.
    """
    d = small_design(spdd=spdd(S=(0.0, 0.5), w1=(1.0, 0.0)))
    got = fi(d, [100.0, 0.0, 0.0, 100.0, 20.0])
    assert got[W1] == pytest.approx(0.4, abs=RGAIN * 10 / 100 + 1e-9)
    assert got[W1] <= 0.4 + 1e-12
    assert got[S] == pytest.approx(got[W1] * 100 / 100)  # alloc(S) = w1's demand, all of it


def test_5_4_1_supplies_are_allocated_to_personnel_who_stay_involved() -> None:
    """§5.4.1: alloc(S) += sum amount(P) * spdd(S, P); fi(P) is set to 1 whatever the
    allocation gives, then the surplus step makes it alloc(P) / amount(P).

    P = 40 need .25 S each: alloc(S) = 10 of 100 -> fi(S) = .1. w1 = 20 needs 1 P each
    (stdtgt 10, steps of .01 * 10 / 20): all 20 P go to w1 -> fi(P) = 20 / 40 = .5, fi(w1) = 1.
    """
    d = small_design(spdd=spdd(P=(0.25, 0.0), w1=(0.0, 1.0)))
    got = fi(d, [20.0, 0.0, 0.0, 100.0, 40.0])
    assert got[S] == pytest.approx(0.1)
    assert got[W1] == pytest.approx(1.0)
    assert got[P] == pytest.approx(0.5)


def test_5_4_1_personnel_overhead_is_not_available_to_materiel() -> None:
    """§5.4.1: suppt(P) <- suppt(P) - sum over L of ppoh(P, butype) (ruling: the k-th personnel
    type is support nss + k). w1 = 100 needs 1 P each; P = 60 of which 2 units of type 1 and 2
    hold 15 + 5 overhead: 40 for w1, fi(w1) = .4 (to one step), fi(P) = 40 / 60."""
    d = small_design(spdd=spdd(w1=(0.0, 1.0)), ppoh=((15.0,), (5.0,)))
    got = fi(d, [100.0, 0.0, 0.0, 0.0, 60.0], butypes=(1, 2))
    assert got[W1] == pytest.approx(0.4, abs=0.001 + 1e-9)
    assert got[W1] <= 0.4 + 1e-12
    assert got[P] == pytest.approx(got[W1] * 100 / 60)


def test_5_4_1_equipment_outside_the_standard_force_is_not_involved() -> None:
    """§5.4.1: I = {ieq: stdtgt(ieq, s) > 0}; fi(i) = 0 for equipment not in I; fi(i) = 1 for
    i in I with amount(i) = 0."""
    d = small_design(spdd=spdd(w1=(1.0, 0.0)), stdtgt=((10.0, 0.0, 10.0, 100.0, 50.0),) * 2)
    got = fi(d, [5.0, 7.0, 0.0, 100.0, 10.0])
    assert got[W2] == 0.0
    assert got[T] == 1.0
    assert got[W1] == pytest.approx(1.0)


def test_5_4_1_equipment_is_never_committed_unprotected() -> None:
    """§5.4.1 Step 1: qp = sum over P of prot(i, j) * q(j) bounds q(i) for pg(i) > 1.

    Support is plentiful; w1 (group 1) = 10, w2 (group 2) = 20 with prot(w2, w1) = 1: w2's
    involved quantity never exceeds the 10 w1 that protect it: fi(w2) = 10 / 20."""
    d = small_design(
        spdd=spdd(w1=(1.0, 0.0), w2=(1.0, 0.0)),
        pg=((1, 2, 1),) * 2,
        prot=(((0.0, 0.0), (1.0, 0.0), (0.0, 0.0)),) * 2,
    )
    got = fi(d, [10.0, 20.0, 0.0, 1000.0, 10.0])
    assert got[W1] == pytest.approx(1.0)
    assert got[W2] == pytest.approx(0.5)


def test_5_4_1_protected_equipment_listed_before_its_protector_still_grows() -> None:
    """§5.4.1: the iteration is repeated; equipment unprotected at the start of one iteration
    (its protector not yet involved) grows once its protector does. Here w1 is in group 2,
    protected by w2 (group 1) with prot(w1, w2) = 1: with plentiful support both end fully
    involved, whatever the order of the types."""
    d = small_design(
        spdd=spdd(w1=(1.0, 0.0), w2=(1.0, 0.0)),
        pg=((2, 1, 1),) * 2,
        prot=(((0.0, 1.0), (0.0, 0.0), (0.0, 0.0)),) * 2,
    )
    got = fi(d, [10.0, 20.0, 0.0, 1000.0, 10.0])
    assert got[W2] == pytest.approx(1.0)
    assert got[W1] == pytest.approx(1.0)


def test_5_4_1_equipment_allocation_balances_shares_of_the_standard_force() -> None:
    """§5.4.1: the algorithm 'strives to equalize fi(i) * amount(i) / stdtgt(i)': with 100 w1
    (stdtgt 10) and 100 w2 (stdtgt 30), each needing 1 S, and 80 S, both grow by rgain of
    their standard quantity per iteration: q(w1) / 10 and q(w2) / 30 end within one rgain of
    each other and the supplies are used up to less than one step."""
    d = small_design(
        spdd=spdd(w1=(1.0, 0.0), w2=(1.0, 0.0)),
        stdtgt=((10.0, 30.0, 10.0, 100.0, 50.0),) * 2,
    )
    got = fi(d, [100.0, 100.0, 0.0, 80.0, 10.0])
    share1, share2 = got[W1] * 100 / 10, got[W2] * 100 / 30
    assert abs(share1 - share2) <= RGAIN + 1e-9
    used = got[W1] * 100 + got[W2] * 100
    assert 80.0 - RGAIN * 30 - 1e-9 <= used <= 80.0 + 1e-9
    assert share1 == pytest.approx(2.0, abs=RGAIN + 1e-9)  # 80 S = 2 * (10 + 30)


def test_5_4_1_support_curve_sets_the_support_required() -> None:
    """§5.4.1: REQ(ksp) is the support raising sigma to the new fraction; with
    frinv.f0 = .5 (half of w1 fights without supplies) and f = 1 at ratio 1, raising fi(w1)
    to 1 takes the full demand but .75 takes only half of it: 100 w1 needing 1 S each with
    50 S give fi(w1) = .75."""
    f0 = ((0.5, 0.0),) + ((0.0, 0.0),) * 3
    d = small_design(spdd=spdd(w1=(1.0, 0.0)), frinv_f0=(f0, f0))
    got = fi(d, [100.0, 0.0, 0.0, 50.0, 10.0])
    assert got[W1] == pytest.approx(0.75, abs=0.001 + 1e-9)
    assert got[W1] <= 0.75 + 1e-12
    assert got[S] == pytest.approx(1.0, abs=0.01)


def test_5_4_1_surplus_support_is_not_involved() -> None:
    """§5.4.1 last step: fi(irs) <- min{fi(irs), alloc(irs - neq) / amount(irs)} for support:
    10 w1 need 2 S each; 100 S held: 20 are involved, fi(S) = .2."""
    d = small_design(spdd=spdd(w1=(2.0, 0.0)))
    got = fi(d, [10.0, 0.0, 0.0, 100.0, 10.0])
    assert got[W1] == pytest.approx(1.0)
    assert got[S] == pytest.approx(0.2)
    assert got[P] == 0.0  # nothing needs personnel


def test_5_4_1_sinai_involvement_is_a_fraction_and_uses_no_more_support_than_held() -> None:
    """§5.4.1 on the Sinai design (§9.2): every fi is in [0, 1] for a real Red brigade and a
    real Blue brigade; the support involved never exceeds the support held."""
    f = CombatFunctions(SINAI)
    units = {u.number: u for u in SINAI.units}
    for number, side in ((2, 1), (150, 2)):
        u = units[number]
        got = f.involvement(Force(side, (u.butype,), np.asarray(u.resources)))
        assert np.all(got >= 0.0)
        assert np.all(got <= 1.0 + 1e-12)
        assert got[: SINAI.nggwep[side - 1]].max() > 0.0


def test_5_4_1_forces_allocated_together_get_the_hand_computed_fractions() -> None:
    """§5.4.1 for many forces at once (``involvement_many``, the frame's forces together):
    with frinv.f0 = .5 and f = 1 at ratio 1, 100 w1 needing 1 S each fight at .5 without
    supplies, at .75 with 50 S (half the demand lifts sigma halfway) and at 1 with 100 S --
    each force of the batch as if alone, bit for bit."""
    f0 = ((0.5, 0.0),) + ((0.0, 0.0),) * 3
    d = small_design(spdd=spdd(w1=(1.0, 0.0)), frinv_f0=(f0, f0))
    f = CombatFunctions(d)
    held = [0.0, 50.0, 100.0] * BATCH_FROM
    forces = [Force(1, (1,), np.array([100.0, 0.0, 0.0, s, 10.0])) for s in held]
    together = f.involvement_many(forces)
    for s, force, got in zip(held, forces, together, strict=True):
        assert got[W1] == pytest.approx({0.0: 0.5, 50.0: 0.75, 100.0: 1.0}[s], abs=0.001 + 1e-9)
        assert got.tobytes() == f.involvement(force).tobytes()


def test_5_4_1_forces_allocated_together_follow_vertical_and_unreachable_segments() -> None:
    """§5.4.1 (REQ, the inverse of a curve) for many forces at once: w1's curve for S rises
    from 0 to .5 at ratio 1, is flat to ratio 2, jumps to .8 at ratio 2 (a vertical
    segment: x(n) = x(n - 1)) and never passes .8. For 10 w1 needing 1 S each (steps of
    .01), a fraction t <= .5 needs 2t * 10 S, one in (.5, .8] needs 20 S, one above .8
    cannot be had: with 0, 5, 10, 20 and 1000 S the forces stop at 0, .25, .5, .8 and .8
    (within a step) -- together as alone, bit for bit."""
    f0 = ((0.0, 0.0),) * 4
    jump = (0.5, 0.5, 0.8, 0.8, 0.8, 0.8)
    f = ((jump, RISING),) + ((RISING, RISING),) * 3
    x = (1.0, 2.0, 2.0, 3.0, 3.0, 3.0)
    d = small_design(spdd=spdd(w1=(1.0, 0.0)), frinv_f0=(f0, f0), frinv_f=(f, f), frinv_x=(x, x))
    fns = CombatFunctions(d)
    expected = {0.0: 0.0, 5.0: 0.25, 10.0: 0.5, 20.0: 0.8, 1000.0: 0.8}
    held = list(expected) * (BATCH_FROM // len(expected) + 1)
    forces = [Force(1, (1,), np.array([10.0, 0.0, 0.0, s, 10.0])) for s in held]
    together = fns.involvement_many(forces)
    for s, force, got in zip(held, forces, together, strict=True):
        assert got[W1] == pytest.approx(expected[s], abs=RGAIN + 1e-9)
        assert got.tobytes() == fns.involvement(force).tobytes()
    by_supply = {s: got[W1] for s, got in zip(held, together, strict=True)}
    assert by_supply[1000.0] == by_supply[20.0]  # the curve, not the supply, stops both


def test_5_4_1_a_long_allocation_among_many_ends_one_by_one_with_the_same_bits() -> None:
    """§5.4.1 for many forces at once: w1's step is .01 of its standard 10 (0.1 w1), so 10
    w1 fully supplied (1 S each, supply 1000, sigma = min(ss/dd, 1)) reach fi = 1 in 100
    steps and 100 w1 in 1,000. With BATCH_FROM forces of 10 w1 and two of 100 w1, the two
    go on one by one after the others stop; every force ends at 1 with the bytes it gets
    alone, and allocates 1 S per w1 (10 or 100)."""
    d = small_design(spdd=spdd(w1=(1.0, 0.0)))
    fns = CombatFunctions(d)
    held = [10.0] * BATCH_FROM + [100.0, 100.0]
    forces = [Force(1, (1,), np.array([w, 0.0, 0.0, 1000.0, 10.0])) for w in held]
    together = fns.involvement_many(forces)
    for w, force, got in zip(held, forces, together, strict=True):
        assert got[W1] == pytest.approx(1.0)
        assert got[S] == pytest.approx(w / 1000.0)
        assert got.tobytes() == fns.involvement(force).tobytes()


def test_5_4_1_sinai_forces_allocated_together_match_one_at_a_time() -> None:
    """§5.4.1 on the Sinai design (§9.2): forces of both sides, of one to three brigades
    holding 0 to 1.5 of their toe (some resources at 0, some tenfold), allocated together
    get the same fractions as one at a time, bit for bit (numpy's elementwise arithmetic
    is IEEE's, as Python's floats are)."""
    f = CombatFunctions(SINAI)
    toe = {u.butype: np.asarray(u.resources, dtype=np.float64) for u in SINAI.units}
    rng = np.random.default_rng(42)
    forces = []
    for k in range(6 * BATCH_FROM):
        side = 1 + k % 2
        types = [bt for bt in sorted(toe) if len(toe[bt]) == SINAI.nrs[side - 1]]
        butypes = tuple(sorted(int(rng.choice(types)) for _ in range(1 + k % 3)))
        amount = np.sum([toe[bt] * rng.uniform(0.0, 1.5) for bt in butypes], axis=0)
        amount = np.where(rng.random(len(amount)) < 0.1, 0.0, amount)
        amount = np.where(rng.random(len(amount)) < 0.05, amount * 10, amount)
        forces.append(Force(side, butypes, amount))
    together = f.involvement_many(forces)
    partly = 0
    for force, got in zip(forces, together, strict=True):
        assert got.tobytes() == f.involvement(force).tobytes()
        partly += bool(((got > 0.0) & (got < 1.0)).any())
    assert partly > len(forces) // 2  # the allocation steps ran, not only 0s and 1s


def test_5_4_1_passengers_take_no_part_in_combat() -> None:
    """§5.4.1: 'A unit loaded on other units cannot participate in combat': fi = 0 for a
    passenger in a stacked task force (ruling: the elements whose transport class is not the
    transport mode); the carrier keeps its involvement."""
    g = game(unit(3, 27), unit(50, 27))
    e = g.engine
    tf = e.create_mission(1, [3, 50], [Order(26, 10)], mode=1)
    assert tf.mode == 1
    combat = e.combat
    assert not combat.involvement(e, e.units[3]).any()  # type 2: trptcl 0, a passenger
    assert combat.involvement(e, e.units[50]).any()  # type 5: trptcl 1, the carrier


# -- §5.4.2 zrarea, §5.4.3 freff ---------------------------------------------------------------


def test_5_4_2_zrarea_scales_the_toe_area_by_value() -> None:
    """§5.4.2: zrarea = (cv / sv) * aysize(butype, pc), cv and sv valued at rsvald.

    toe = (10, 10, 10, 100, 50), rsvald = (1, 2, 0, 0, 0): sv = 30; resources (5, 5, ...)
    give cv = 15, half the area: hold (pc 1) 20 -> 10, movement (pc 3) 5 -> 2.5."""
    f = CombatFunctions(small_design())
    rsvald = np.array([1.0, 2.0, 0.0, 0.0, 0.0])
    res = np.array([5.0, 5.0, 7.0, 100.0, 3.0])
    assert f.zrarea(1, 1, res, rsvald) == pytest.approx(10.0)
    assert f.zrarea(1, 3, res, rsvald) == pytest.approx(2.5)
    assert f.zrarea(1, 4, res, rsvald) == pytest.approx(5.0)


def test_5_4_2_zrarea_is_zero_for_an_inactive_unit() -> None:
    """§5.4.2: 'It is 0 if the unit is inactive.'"""
    f = CombatFunctions(small_design())
    res = np.array([5.0, 5.0, 7.0, 100.0, 3.0])
    assert f.zrarea(1, 0, res, np.ones(5)) == 0.0
    assert f.zrarea(1, -1, res, np.ones(5)) == 0.0


def test_5_4_2_zrarea_ruling_a_unit_worthless_at_toe_has_no_area() -> None:
    """Ruling on §5.4.2 (zrarea = (cv / sv) * aysize divides by sv): a unit type whose toe holds
    no ground-to-ground weapons (sv = 0, a transport or AAA unit) has area 0 whatever it
    holds, so it neither deepens a defence (§5.1.1 defarea) nor crowds a cell (§5.4.3)."""
    f = CombatFunctions(small_design(toe=((0.0, 0.0, 10.0, 100.0, 50.0),)))
    rsvald = np.array([1.0, 2.0, 0.0, 0.0, 0.0])
    assert f.zrarea(1, 1, np.array([5.0, 5.0, 7.0, 100.0, 3.0]), rsvald) == 0.0
    assert f.zrarea(1, 1, np.array([0.0, 0.0, 10.0, 100.0, 50.0]), rsvald) == 0.0


def test_5_4_2_zrarea_sinai_unit_at_toe_has_its_aysize() -> None:
    """§5.4.2 on the Sinai design: a unit holding exactly its toe has cv = sv."""
    f = CombatFunctions(SINAI)
    rsvald = np.arange(1.0, 10.0)
    for pc in (1, 2, 3, 4):
        assert f.zrarea(1, pc, np.asarray(SINAI.toe[0]), rsvald) == pytest.approx(
            SINAI.aysize[0][pc - 1]
        )


def test_5_4_3_freff_density_is_area_over_cell_area() -> None:
    """§5.4.3: d = A / cell area; freff = paf(d, freff.f0(s), freff.f(s, *), freff.x(s, *)).

    depth 10: a hexagon whose opposite sides are 10 apart has area (sqrt 3 / 2) * 100."""
    f = CombatFunctions(small_design())
    a = cell_area(10.0)
    assert a == pytest.approx(math.sqrt(3.0) / 2.0 * 100.0)
    assert f.freff(1, 0.0) == 1.0
    assert f.freff(1, 1.5 * a) == pytest.approx(0.75)  # between (1, 1) and (2, .5)
    assert f.freff(1, 2.0 * a) == pytest.approx(0.5)  # repeated abscissa 2: the later .5
    assert f.freff(1, 2.5 * a) == pytest.approx(0.25)
    assert f.freff(1, 9.0 * a) == 0.0
    assert f.freff(2, 1.5 * a) == pytest.approx(0.75)  # Blue's own curve: (1, 1) .. (2, .5)
    assert f.freff(2, 3.0 * a) == pytest.approx(0.25)


def test_5_4_3_freff_sinai() -> None:
    """§5.4.3 on the Sinai design (depth 15, Red freff.x = 1 1 1.5 ..., f = 1 .9 .6 ...)."""
    f = CombatFunctions(SINAI)
    a = cell_area(15.0)
    assert f.freff(1, 1.25 * a) == pytest.approx(0.75)
    assert f.freff(2, 1.25 * a) == pytest.approx(0.85)


# -- §5.4.4 prep --------------------------------------------------------------------------------


def test_5_4_4_prep_is_pafgen_of_preparation_time_including_negative() -> None:
    """§5.4.4: prep(i, s, h) = pafgen(h, prep.f(i, s, *), prep.x(s, *)); h may be negative
    (prep.x(s, 1) < 0). Sinai Red tanks: x = -1 -.5 0 1 2 10 60, f = 3 1.75 1.2 1 .95 .85 .5."""
    f = CombatFunctions(SINAI)
    assert f.prep(1, 1, -5.0) == 3.0
    assert f.prep(1, 1, -0.75) == pytest.approx(2.375)
    assert f.prep(1, 1, -0.25) == pytest.approx(1.475)
    assert f.prep(1, 1, 0.0) == pytest.approx(1.2)
    assert f.prep(1, 1, 6.0) == pytest.approx(0.9)
    assert f.prep(1, 1, 100.0) == 0.5
    assert f.prep(5, 1, -1.0) == 3.2  # materiel 5 has its own row
    assert f.prep(3, 2, 1.5) == pytest.approx(0.975)  # Blue materiel 3: (1, 1) .. (2, .95)


# -- §5.4.5 frdval ------------------------------------------------------------------------------


def test_5_4_5_frdval_converts_a_rate_per_unit_time_to_a_frame() -> None:
    """§5.4.5: frdval = 1 - (1 - temp) ** tframe for temp >= 0, temp = paf(FR, ...) from the
    attack table (post >= 40) or the defence table (post < 40), keyed by poff(post).

    Sinai: attack posture 40 at FR = 1 reads .15; hold posture 10 at FR = .25 reads .02;
    tframe = .25."""
    f = CombatFunctions(SINAI)
    assert f.frdval(1.0, 40) == pytest.approx(1.0 - 0.85**0.25)
    assert f.frdval(0.25, 10) == pytest.approx(1.0 - 0.98**0.25)
    assert f.frdval(0.0, 40) == pytest.approx(1.0)  # f0atk = 1: everything in any frame
    assert f.frdval(2.0, 20) == pytest.approx(1.0 - (1.0 - 0.09) ** 0.25)  # poff(20) = 3
    assert f.frdval(2.0, 11) == pytest.approx(1.0 - (1.0 - 0.32) ** 0.25)  # poff(11) = 2


def test_5_4_5_frdval_tables_are_keyed_by_poff() -> None:
    """§5.4.5 'k = poff(post)': postures sharing a poff share a curve; the small design maps
    12 to poff 1 like 10, and 41 to the second attack row."""
    f = CombatFunctions(small_design())
    assert f.frdval(5.0, 12) == f.frdval(5.0, 10) == pytest.approx(1.0 - 0.6**0.25)
    assert f.frdval(5.0, 11) == pytest.approx(1.0 - 0.5**0.25)
    assert f.frdval(5.0, 40) == pytest.approx(1.0 - 0.8**0.25)
    assert f.frdval(5.0, 41) == pytest.approx(1.0 - 0.7**0.25)


def test_5_4_5_negative_frdval_passes_through_unchanged() -> None:
    """§5.4.5: frdval = temp when temp < 0 (the signal not to scale by the force ratio)."""
    d = small_design(frdval_f0def=(-1.0, 0.1, 0.2), frdval_fdef=((-0.5,) * 7,) * 3)
    f = CombatFunctions(d)
    assert f.frdval(0.0, 10) == -1.0
    assert f.frdval(0.5, 10) == pytest.approx(-0.75)
    assert f.frdval(3.0, 10) == -0.5


def test_5_4_5_negative_frdval_data_are_valid_design_data() -> None:
    """Ruling on §5.1.3 ("by appropriately defining the game design data used by frdval, the
    game designer can selectively avert this step"): File 50 accepts negative frdval data, so
    a real design can turn the scaling off; values above 1 stay refused where the glossary
    bounds them."""
    data = SINAI.model_dump(mode="json")
    n_def, n_atk = len(data["frdval_f0def"]), len(data["frdval_f0atk"])
    data |= {
        "frdval_f0def": [-1.0] * n_def,
        "frdval_fdef": [[-1.0] * 7] * n_def,
        "frdval_f0atk": [-1.0] * n_atk,
        "frdval_fatk": [[-1.0] * 7] * n_atk,
    }
    f = CombatFunctions(File50.model_validate_json(json.dumps(data)))
    assert f.frdval(1.0, 10) == -1.0
    assert f.frdval(1.0, 40) == -1.0
    data["frdval_fatk"] = [[1.5] * 7] * n_atk
    with pytest.raises(ValidationError, match="frdval_fatk"):
        File50.model_validate_json(json.dumps(data))


def test_5_4_5_frdval_ruling_a_rate_of_one_or_more_loses_everything() -> None:
    """Ruling on §5.4.5 (frdval = 1 - (1 - temp)**tframe; the glossary bounds frdval.f0def
    below only): temp >= 1 gives 1, the whole value, in any frame -- not the complex power of
    a negative number. Small design, hold posture 10: f0def = 3, fdef(1) = .4 at FR = 1:
    temp = 3 - 2.6 * FR: 3 at FR = 0 and 1.7 at FR = .5, both 1; at FR = .9, temp = .66 and
    frdval = 1 - .34**.25 (tframe .25)."""
    f = CombatFunctions(small_design(frdval_f0def=(3.0, 0.1, 0.2)))
    assert f.frdval(0.0, 10) == 1.0
    assert f.frdval(0.5, 10) == 1.0
    assert f.frdval(0.9, 10) == pytest.approx(1.0 - 0.34**0.25)


# -- §5.4.6 vfeba -------------------------------------------------------------------------------


def test_5_4_6_vfeba_sinai_red_and_blue_attackers_have_their_own_curves() -> None:
    """§5.4.6: ka = poff(pa) for Red attackers and poff(pa) + vfeba.npa for Blue: the sides
    read different curves. Sinai 40 vs 10 at FR = 2: Red 2.3, Blue 2.7; at FR = 0 the f0."""
    f = CombatFunctions(SINAI)
    assert f.vfeba(2.0, 40, 10, 1) == pytest.approx(2.3)
    assert f.vfeba(2.0, 40, 10, 2) == pytest.approx(2.7)
    assert f.vfeba(0.0, 40, 10, 1) == -20.0
    assert f.vfeba(0.5, 40, 11, 2) == pytest.approx(-5.5)  # -13 + .5 * (2 + 13)
    assert f.vfeba(100.0, 40, 11, 2) == 51.0


def test_5_4_6_vfeba_is_keyed_by_poff_of_both_postures() -> None:
    """§5.4.6: ka = poff(pa), kd = poff(pd): Sinai posture 12 reads poff 1 (as 10) and 45
    reads poff 4 (as 40)."""
    f = CombatFunctions(SINAI)
    assert f.vfeba(3.0, 45, 12, 1) == f.vfeba(3.0, 40, 10, 1) == pytest.approx(4.6)


def test_5_4_6_vfeba_missing_pair_of_postures_is_zero() -> None:
    """§5.4.6 with group 65 giving no curve for a pair (Sinai: defenders in 20): 0 (ruling)."""
    f = CombatFunctions(SINAI)
    assert f.vfeba(3.0, 40, 20, 1) == 0.0
    assert f.vfeba(3.0, 40, 20, 2) == 0.0


def test_5_4_6_vfeba_later_entry_for_a_pair_wins() -> None:
    """Group 65 reads entries in order into vfeba.f(poff(i), poff(j)): a later entry for the
    same pair of poffs overwrites an earlier one (10 and 12 share poff 1)."""
    entries = (
        VfebaEntry(attacker=40, defender=10, f0=-1.0, f=(1.0,) * 7),
        VfebaEntry(attacker=40, defender=12, f0=-2.0, f=(2.0,) * 7),
    )
    f = CombatFunctions(small_design(vfeba=(entries, ())))
    assert f.vfeba(0.0, 40, 10, 1) == -2.0
    assert f.vfeba(5.0, 40, 10, 1) == 2.0
    assert f.vfeba(5.0, 40, 10, 2) == 0.0


def _stdtgt(w1: float) -> dict[str, object]:
    """Both sides' standard target with w1's entry set (qr = rgain * stdtgt(w1) = w1 / 100)."""
    return {"stdtgt": ((w1, 10.0, 10.0, 100.0, 50.0),) * 2}


# -- §5.4.1 with two supply and two personnel types -------------------------------------------
# Resources of either side: 1 W (weapon), 2 S1, 3 S2 (supplies), 4 P1, 5 P2 (personnel):
# nggwep = nequip = 1, nss = 2, nmat = 3, npers = 2, nrs = 5; supports 1 S1, 2 S2, 3 P1, 4 P2.
W, S1, S2, P1, P2 = range(5)


# -- §5.4.1 with two supply and two personnel types -------------------------------------------
# Resources of either side: 1 W (weapon), 2 S1, 3 S2 (supplies), 4 P1, 5 P2 (personnel):
# nggwep = nequip = 1, nss = 2, nmat = 3, npers = 2, nrs = 5; supports 1 S1, 2 S2, 3 P1, 4 P2.
W, S1, S2, P1, P2 = range(5)


# -- §5.4.1 with two supply and two personnel types -------------------------------------------
# Resources of either side: 1 W (weapon), 2 S1, 3 S2 (supplies), 4 P1, 5 P2 (personnel):
# nggwep = nequip = 1, nss = 2, nmat = 3, npers = 2, nrs = 5; supports 1 S1, 2 S2, 3 P1, 4 P2.
W, S1, S2, P1, P2 = range(5)


# -- §5.4.1 with two supply and two personnel types -------------------------------------------
# Resources of either side: 1 W (weapon), 2 S1, 3 S2 (supplies), 4 P1, 5 P2 (personnel):
# nggwep = nequip = 1, nss = 2, nmat = 3, npers = 2, nrs = 5; supports 1 S1, 2 S2, 3 P1, 4 P2.
W, S1, S2, P1, P2 = range(5)


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


FLAT = ((0.0, 0.0),) * 4  # frinv.f0 of every materiel for (S, P)


def curves(w1_s: tuple[float, tuple[float, ...]], **more: object) -> dict[str, object]:
    """frinv.f0 / frinv.f of both sides with w1's curve for supplies S set to (f0, f); every
    other curve is RISING from 0 (sigma = min(ratio, 1) with x = 1 ... 1)."""
    f0 = ((w1_s[0], 0.0), *FLAT[1:])
    f = ((w1_s[1], RISING), *((RISING, RISING),) * 3)
    return {"frinv_f0": (f0, f0), "frinv_f": (f, f), **more}


@pytest.mark.found_by_full_run
def test_5_4_1_a_step_of_rgain_times_a_tiny_standard_is_still_a_step() -> None:
    """§5.4.1 Step 2: qr = rgain * stdtgt(i, s), however small. One w1 with stdtgt 1.5e-10
    (qr = 1.5e-12 of a w1) needing 1 S a unit (dd = 1, frinv rising: REQ is the new q(i)
    less what is allocated), 4.6e-12 S held: three steps fit (4.5e-12 <= 4.6e-12), the
    fourth would need 6e-12: fi(w1) = 4.5e-12, fi(S) = 4.5e-12 / 4.6e-12. Not 0: a step of
    1.5e-12 is below 2e-12 but above the code's floor for 'no step' (1e-12 x max(amount, 1)),
    which is for rounding residues, not for the seed's steps."""
    got = fi(small_design(spdd=spdd(w1=(1.0, 0.0)), **_stdtgt(1.5e-10)), [1.0, 0, 0, 4.6e-12, 10])
    assert got[W1] == pytest.approx(4.5e-12, rel=1e-9)
    assert got[S] == pytest.approx(4.5e-12 / 4.6e-12, rel=1e-9)


@pytest.mark.found_by_full_run
def test_5_4_1_support_equal_to_what_the_standard_needs_fits() -> None:
    """§5.4.1 Step 2: the step is allocated 'if alloc(ksp) + REQ(ksp) <= suppt(ksp)' -- an
    equality fits. 2000 w1 needing 10 S each (dd = 20000), stdtgt 100000 (qr = 1000: two
    steps, to .5 and to 1), frinv rising (REQ(fi) = fi * dd): 10000 S, then 10000 more,
    exactly the 20000 held: fi(w1) = 1, fi(S) = 20000 / 20000 = 1. (At 20000 the float
    spacing is above the code's slack of 1e-12 on the supply, so the equality is exact.)"""
    d = small_design(spdd=spdd(w1=(10.0, 0.0)), **_stdtgt(100000.0))
    got = fi(d, [2000.0, 0.0, 0.0, 20000.0, 10.0])
    assert (got[W1], got[S]) == (1.0, 1.0)


@pytest.mark.found_by_full_run
def test_5_4_1_no_more_support_is_required_while_the_fraction_climbs_a_jump() -> None:
    """§5.4.1 Step 2: REQ(ksp) is the *additional* support needed to raise fi(i) by qadd /
    amount(i) -- none when what is allocated already suffices, never less than none. w1's
    curve for S: (0, 0), (.1, .1), (1, .1), (1, 1) (frinv.x = .1 1 1 1 1 1): a plateau, then
    a jump at ratio 1. One w1 needing .3 S (dd = .3), stdtgt 10 (steps of .1), 10 S held:
    fi .1 needs ratio .1 (.03 S), fi .2 needs ratio 1 (.27 more), and every fraction up to 1
    the same ratio 1: no more S. fi(w1) = 1, S involved .3 of 10: fi(S) = .03."""
    jump = (0.1, 0.1, 1.0, 1.0, 1.0, 1.0)
    f = ((jump, RISING), *((RISING, RISING),) * 3)
    d = small_design(
        spdd=spdd(w1=(0.3, 0.0)),
        frinv_x=((0.1, 1.0, 1.0, 1.0, 1.0, 1.0),) * 2,
        frinv_f=(f, f),
    )
    got = fi(d, [1.0, 0.0, 0.0, 10.0, 10.0])
    assert got[W1] == pytest.approx(1.0, abs=1e-12)
    assert got[S] == pytest.approx(0.03, abs=1e-12)


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
def test_5_4_1_each_personnel_type_demands_its_own_supplies() -> None:
    """§5.4.1, supplies to personnel: alloc(kss) += sum over kpp of amount(kpp) *
    spdd(kpp, kss), each personnel type with its own amount and its own row. As above but P2
    need 4 S2 each: alloc(S2) = 15 * 4 = 60 of 200, fi(S2) = min{.5, .3} = .3 (P2's row
    read for S2's 200 held would give 800: .5)."""
    demand = {**CROSSED, "P2": (0.0, 4.0, 0.0, 0.0)}
    got = fi(two_of_each(demand, CROSSED_F0), HELD)
    assert got[S2] == pytest.approx(0.3)
    assert got[S1] == pytest.approx(0.75)


@pytest.mark.found_by_full_run
def test_5_4_1_a_demand_below_one_unit_still_takes_personnel() -> None:
    """§5.4.1: the allocation runs for any dd > 0 and Q > 0, however small. 1 S1 needs .5 P2
    (dd = Q = .5) with 10 P2 held: given min{.5, .5 * 10 / .5} = .5, sigma(S1) = 1; the 10 P2
    need .1 S1 each: alloc(S1) = 1, fi(S1) = 1; alloc(P2) = .5: fi(P2) = .5 / 10 = .05."""
    demand = {"S1": (0.0, 0.0, 0.0, 0.5), "P2": (0.1, 0.0, 0.0, 0.0)}
    got = fi(two_of_each(demand), [0.0, 1.0, 0.0, 0.0, 10.0])
    assert got[S1] == pytest.approx(1.0)
    assert got[P2] == pytest.approx(0.05)


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
def test_5_4_1_the_last_step_of_equipment_stops_at_what_the_force_holds() -> None:
    """§5.4.1 Step 2 and docs/rulings/idahex.md (Equipment's share of support): qadd =
    min{qp - q(i), qr, amount(i) - q(i)}. 10.05 w1 (stdtgt 10: steps qr = .1) each needing
    1 S, with 1000 S: the last step adds the .05 left, not a whole .1: fi(w1) = 1 (not 10.1 /
    10.05), and the S involved are the 10.05 allocated: fi(S) = 10.05 / 1000."""
    got = fi(small_design(spdd=spdd(w1=(1.0, 0.0))), [10.05, 0.0, 0.0, 1000.0, 10.0])
    assert got[W1] == pytest.approx(1.0, abs=1e-12)
    assert got[S] == pytest.approx(10.05 / 1000)


@pytest.mark.found_by_full_run
def test_5_4_1_a_force_holding_less_than_one_unit_of_equipment_still_needs_its_support() -> None:
    """§5.4.1: fi(i) = 1 without support only 'if amount(i) = 0'. Half a w1 (stdtgt 10: steps
    of qr = .1) needing 1 S a unit with .25 S: q = .1, .2 take .1 and .2 S; .3 would need .3:
    fi(w1) = .2 / .5 = .4."""
    got = fi(small_design(spdd=spdd(w1=(1.0, 0.0))), [0.5, 0.0, 0.0, 0.25, 10.0])
    assert got[W1] == pytest.approx(0.4)
    assert got[S] == pytest.approx(0.2 / 0.25)


@pytest.mark.found_by_full_run
def test_5_4_1_equipment_outside_the_standard_force_and_not_held_is_not_involved() -> None:
    """§5.4.1: 'If i <= neq but i not in I, fi(i) is set to 0' -- also when the force holds
    none: w2 with stdtgt 0 and amount 0 has fi 0; t (stdtgt 10, amount 0) is in I: fi 1."""
    d = small_design(stdtgt=((10.0, 0.0, 10.0, 100.0, 50.0),) * 2)
    got = fi(d, [5.0, 0.0, 0.0, 100.0, 10.0])
    assert (got[W2], got[T]) == (0.0, 1.0)


@pytest.mark.found_by_full_run
def test_5_4_1_equipment_is_protected_only_by_a_lower_protection_group() -> None:
    """§5.4.1 Step 1: P = {j in I: pg(j) < pg(i)}. With three ground-to-ground weapons (w1,
    w2 and t counted as one: nggwep = 3), w1 in group 1, w2 and t in group 2; prot(w2, w1) =
    1, prot(t, w1) = 0, prot(t, w2) = 1: w2 (same group) does not protect t, so t is never
    committed: fi(t) = 0, while w2 (10, protected by the 10 w1) is: fi(w2) = 1."""
    d = small_design(
        nggwep=(3, 3),
        pg=((1, 2, 2),) * 2,
        prot=(((0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),) * 2,
    )
    got = fi(d, [10.0, 10.0, 10.0, 1000.0, 10.0])
    assert list(got[:3]) == pytest.approx([1.0, 1.0, 0.0])


@pytest.mark.found_by_full_run
def test_5_4_1_protected_equipment_grows_with_its_protector_in_the_same_iteration() -> None:
    """§5.4.1: within an iteration, q(i) <- fi(i) * amount(i) after each step, so w2 (group
    2, prot(w2, w1) = 1) follows w1 step by step: 10 w1 and 10 w2 (stdtgt 10 each: steps of
    .1) each needing 1 S, 10 S: each iteration w1 and then w2 gain .1, .2 S in all; after 50
    iterations the 10 S are used: fi(w1) = fi(w2) = .5 (one step either way)."""
    d = small_design(
        spdd=spdd(w1=(1.0, 0.0), w2=(1.0, 0.0)),
        pg=((1, 2, 1),) * 2,
        prot=(((0.0, 0.0), (1.0, 0.0), (0.0, 0.0)),) * 2,
    )
    got = fi(d, [10.0, 10.0, 0.0, 10.0, 10.0])
    assert got[W1] == pytest.approx(0.5, abs=0.01 + 1e-9)
    assert got[W2] == pytest.approx(0.5, abs=0.01 + 1e-9)
    assert got[W1] * 10 + got[W2] * 10 <= 10.0 + 1e-9


@pytest.mark.found_by_full_run
def test_5_4_1_the_support_required_is_read_off_a_curve_with_a_jump() -> None:
    """§5.4.1 REQ: the least ratio ss/dd whose sigma reaches the new fraction; §5.4 repeated
    abscissae make a jump. w1's curve for S: (0, 0), (.5, .2), (.5, .8), (1, 1) (frinv.x =
    .5 .5 1 1 1 1); 100 w1 need 1 S each (dd = 100), 60 S held, stdtgt 10 (steps of .001):
    ratio .6 is past the jump: sigma = .8 + (.6 - .5) / .5 * .2 = .84 = fi(w1); every fraction
    in (.2, .8] needed ratio .5 (50 S), the jump's abscissa."""
    f = (0.2, 0.8, 1.0, 1.0, 1.0, 1.0)
    x = (0.5, 0.5, 1.0, 1.0, 1.0, 1.0)
    d = small_design(spdd=spdd(w1=(1.0, 0.0)), frinv_x=(x, x), **curves((0.0, f)))
    got = fi(d, [100.0, 0.0, 0.0, 60.0, 10.0])
    assert got[W1] == pytest.approx(0.84, abs=0.001 + 1e-9)
    assert got[W1] <= 0.84 + 1e-9
    assert got[S] == pytest.approx(1.0, abs=0.01)  # ratio .6: all 60 S


@pytest.mark.found_by_full_run
def test_5_4_1_the_support_required_follows_the_curve_segment_by_segment() -> None:
    """§5.4 pafgen between i1 and i2, inverted for REQ: w1's curve for S through (0, 0), (.25,
    .5), (.5, .6), (.75, .9), (1, 1) (frinv.x = .25 .5 .75 1 1 1, the Sinai abscissae); 100
    w1 need 1 S each, 37.5 S held: ratio .375 lies on the second segment: sigma = .5 +
    (.375 - .25) / .25 * .1 = .55 = fi(w1) (steps of .001), all 37.5 S involved."""
    f = (0.5, 0.6, 0.9, 1.0, 1.0, 1.0)
    x = (0.25, 0.5, 0.75, 1.0, 1.0, 1.0)
    d = small_design(spdd=spdd(w1=(1.0, 0.0)), frinv_x=(x, x), **curves((0.0, f)))
    got = fi(d, [100.0, 0.0, 0.0, 37.5, 10.0])
    assert got[W1] == pytest.approx(0.55, abs=0.001 + 1e-9)
    assert got[W1] <= 0.55 + 1e-9
    assert got[S] == pytest.approx(1.0, abs=0.01)


@pytest.mark.found_by_full_run
@pytest.mark.parametrize(
    ("f0", "f", "x", "supplies", "expected", "s_used"),
    [
        # f0 = .5: half of w1 fights without S; the first step (to .5) needs none, the
        # second (to 1) ratio 1: 100 S, none held.
        (0.5, (0.5, 1.0, 1.0, 1.0, 1.0, 1.0), (0.5, 1.0, 1.0, 1.0, 1.0, 1.0), 0.0, 0.5, 0.0),
        # a plateau at .5 from ratio .25 to .5: .5 needs ratio .25 (25 S of the 30 held),
        # 1 needs ratio 1 (100 S).
        (0.0, (0.5, 0.5, 1.0, 1.0, 1.0, 1.0), (0.25, 0.5, 1.0, 1.0, 1.0, 1.0), 30.0, 0.5, 25.0),
    ],
)
def test_5_4_1_a_fraction_reached_at_a_curve_point_needs_that_point_s_ratio(
    f0: float,
    f: tuple[float, ...],
    x: tuple[float, ...],
    supplies: float,
    expected: float,
    s_used: float,
) -> None:
    """§5.4.1 REQ, the least ratio w with paf(w) >= the new fraction (an equality counts):
    100 w1 with stdtgt 5000 grow in two steps of qr = 50, to .5 and to 1, each w1 needing 1 S
    (dd = 100). A fraction equal to f0 needs no support; one equal to a plateau's value needs
    the plateau's first abscissa."""
    d = small_design(
        spdd=spdd(w1=(1.0, 0.0)),
        stdtgt=((5000.0, 10.0, 10.0, 100.0, 50.0),) * 2,
        frinv_x=(x, x),
        **curves((f0, f)),
    )
    got = fi(d, [100.0, 0.0, 0.0, supplies, 10.0])
    assert got[W1] == expected
    if supplies:
        assert got[S] == s_used / supplies


@pytest.mark.found_by_full_run
def test_5_4_1_a_curve_that_never_reaches_a_fraction_stops_the_equipment_there() -> None:
    """§5.4.1: sigma(k) = paf(ss/dd, ...) only for dd(k) > 0, 1 if not. w1's curve for S
    rises to .5 at ratio 1 and stays: no support raises fi(w1) above .5 (ratio 1: 100 S of
    1000 for 100 w1 needing 1 S each, steps of .001). w2 (100, needing 1 S, no P) has a
    curve for P that never passes .5 as well, but demands no P (dd = 0): its sigma for P is
    1, and it is fully involved with 100 S. S involved: 200 of 1000."""
    half = (0.5,) * 6
    f0 = ((0.0, 0.0),) * 4
    f = ((half, RISING), (RISING, half), (RISING, RISING), (RISING, RISING))
    d = small_design(spdd=spdd(w1=(1.0, 0.0), w2=(1.0, 0.0)), frinv_f0=(f0, f0), frinv_f=(f, f))
    got = fi(d, [100.0, 100.0, 0.0, 1000.0, 10.0])
    assert got[W1] == pytest.approx(0.5, abs=0.001 + 1e-9)
    assert got[W2] == pytest.approx(1.0)
    assert got[S] == pytest.approx((got[W1] * 2 * 100 + 100) / 1000)


@pytest.mark.found_by_full_run
def test_5_4_1_supplies_overallocated_to_personnel_leave_equipment_uninvolved() -> None:
    """§5.4.1: supplies are allocated to personnel 'whether or not the allocation satisfies
    personnel's demand', and equipment grows only 'if alloc(ksp) + REQ(ksp) <= suppt(ksp) for
    every 1 <= ksp <= nsp'. 40 P need 1 S each: alloc(S) = 40 > the 10 S held, so no step of
    any equipment fits: w1 (10, stdtgt 1000: one step to 1, needing 5 S a unit, 50 S) stays
    at fi 0, and so does w2 (10, needing only P, of which 40 are held)."""
    d = small_design(
        spdd=spdd(P=(1.0, 0.0), w1=(5.0, 0.0), w2=(0.0, 1.0)),
        stdtgt=((1000.0, 1000.0, 10.0, 100.0, 50.0),) * 2,
    )
    got = fi(d, [10.0, 10.0, 0.0, 10.0, 40.0])
    assert (got[W1], got[W2]) == (0.0, 0.0)
    assert got[S] == 1.0  # min{1, alloc(S) / amount(S) = 40 / 10}
    assert got[P] == 0.0  # no P allocated


@pytest.mark.found_by_full_run
def test_5_4_1_personnel_overhead_is_that_of_the_unit_s_own_type() -> None:
    """§5.4.1: suppt(k) <- suppt(k) - sum over L of ppoh(k, butype(i)). One unit of type 1
    (overhead 15 P; type 2's is 5) with 60 P: 45 P for 100 w1 needing 1 P each: fi(w1) = .45
    (steps of .001), fi(P) = 45 / 60."""
    d = small_design(spdd=spdd(w1=(0.0, 1.0)), ppoh=((15.0,), (5.0,)))
    got = fi(d, [100.0, 0.0, 0.0, 0.0, 60.0], butypes=(1,))
    assert got[W1] == pytest.approx(0.45, abs=0.001 + 1e-9)
    assert got[P] == pytest.approx(got[W1] * 100 / 60)


@pytest.mark.found_by_full_run
def test_5_4_1_overhead_above_the_personnel_held_leaves_none_for_materiel() -> None:
    """§5.4.1 and docs/rulings/idahex.md (Personnel overhead: 'not allowed below 0'): 10 P in a
    unit of type 1 whose overhead is 15: suppt(P) = 0, so 10 w1 needing 1 P each get none:
    fi(w1) = 0 (not one unit's worth)."""
    d = small_design(spdd=spdd(w1=(0.0, 1.0)), ppoh=((15.0,), (5.0,)))
    got = fi(d, [10.0, 0.0, 0.0, 0.0, 10.0], butypes=(1,))
    assert got[W1] == 0.0


@pytest.mark.found_by_full_run
def test_5_4_1_a_small_demand_of_supplies_for_personnel_still_reads_the_curve() -> None:
    """§5.4.1: sigma(k) = paf(ss/dd, ...) whenever dd(k) > 0, however small. 1 S needs .5 P
    (dd = .5) and .1 P are held: sigma = min(.1/.5, 1) = .2 = fi(S) after personnel are
    allocated, so only .2 S are left for equipment: 10 w1 needing .1 S each (dd = 1) reach
    fi(w1) = .2 (steps of .01)."""
    d = small_design(spdd=spdd(S=(0.0, 0.5), w1=(0.1, 0.0)))
    got = fi(d, [10.0, 0.0, 0.0, 1.0, 0.1])
    assert got[W1] == pytest.approx(0.2, abs=0.01 + 1e-9)
    assert got[W1] <= 0.2 + 1e-9


@pytest.mark.found_by_full_run
def test_5_4_1_without_support_less_than_one_unprotected_unit_is_not_involved() -> None:
    """§5.4.1, nsp = 0: fi(j) = min{QP(j), amount(j)} / amount(j) for any amount(j) > 0: half
    a w2 in group 2 with no protection (QP = 0) has fi 0, not 1."""
    d = no_support(pg=((1, 2, 1),) * 2)
    assert list(fi(d, [10.0, 0.5, 4.0])) == [1.0, 0.0, 1.0]


@pytest.mark.found_by_full_run
def test_5_4_2_a_unit_type_of_little_value_at_toe_still_has_its_area() -> None:
    """§5.4.2: zrarea = (cv / sv) * aysize(butype, pc) for any sv > 0 (the ruling's area 0 is
    for sv = 0 only): toe (10, 10, ...) at rsvald (.01, .02, 0, 0, 0): sv = .3; resources
    (5, 5, ...) give cv = .15, half of hold's 20: 10."""
    f = CombatFunctions(small_design())
    rsvald = np.array([0.01, 0.02, 0.0, 0.0, 0.0])
    assert f.zrarea(1, 1, np.array([5.0, 5.0, 7.0, 100.0, 3.0]), rsvald) == pytest.approx(10.0)


@pytest.mark.found_by_full_run
def test_5_4_4_prep_reads_the_side_s_own_abscissae() -> None:
    """§5.4.4: prep(i, s, h) = pafgen(h, prep.f(i, s, *), prep.x(s, *)). Red's abscissae
    (-1, -.5, 0, 1, 2, 10, 10), Blue's (0, .5, 1, 2, 3, 11, 11); prep.f (3, 2, 1, 1, .8, .5,
    .5) for both: at h = 1.5 Red reads 1 + (1.5 - 1) x (.8 - 1) = .9, Blue 1 (between its
    points (1, 1) and (2, 1))."""
    red = (-1.0, -0.5, 0.0, 1.0, 2.0, 10.0, 10.0)
    blue = tuple(v + 1.0 for v in red)
    f = CombatFunctions(small_design(prep_x=(red, blue)))
    assert f.prep(1, 1, 1.5) == pytest.approx(0.9)
    assert f.prep(1, 2, 1.5) == pytest.approx(1.0)


@pytest.mark.found_by_full_run
def test_5_4_1_each_personnel_type_loses_its_own_overhead() -> None:
    """§5.4.1: suppt(k) <- suppt(k) - sum over L of ppoh(k, butype(i)) for every personnel
    type k (support nss + k). Two personnel types P1, P2; one unit of type 1 with overheads
    (0, 15); 100 w1 need 1 P2 each and 60 P2 are held: 45 are left for w1, fi(w1) = .45
    (steps of .001); the 1000 S are neither reduced nor raised."""
    rows = [(0.0, 0.0, 1.0)] + [(0.0, 0.0, 0.0)] * 5  # spdd[resource][S, P1, P2]
    d = small_design(
        npers=(2, 2),
        spdd=(tuple(rows),) * 2,
        ppoh=((0.0, 15.0),),
        stdtgt=((10.0, 10.0, 10.0, 100.0, 50.0, 50.0),) * 2,
        toe=((10.0, 10.0, 10.0, 100.0, 50.0, 50.0),),
        frinv_f0=(((0.0,) * 3,) * 4,) * 2,
        frinv_f=(((RISING,) * 3,) * 4,) * 2,
    )
    got = fi(d, [100.0, 0.0, 0.0, 1000.0, 0.0, 60.0])
    assert got[W1] == pytest.approx(0.45, abs=0.001 + 1e-9)
    assert got[W1] <= 0.45 + 1e-9


@pytest.mark.found_by_mutation
def test_5_4_1_surplus_support_below_one_unit_is_not_involved() -> None:
    """§5.4.1 last step: fi(irs) <- min{fi(irs), alloc(irs - neq) / amount(irs)} for every
    support resource held, however little: 10 w1 need .02 S each, 0.2 of the 0.5 S held are
    involved, fi(S) = .2 / .5 = .4."""
    d = small_design(spdd=spdd(w1=(0.02, 0.0)))
    got = fi(d, [10.0, 0.0, 0.0, 0.5, 10.0])
    assert got[W1] == pytest.approx(1.0)
    assert got[S] == pytest.approx(0.4)


@pytest.mark.found_by_mutation
def test_5_4_1_equipment_with_a_standard_below_one_is_in_the_standard_force() -> None:
    """§5.4.1: I = {ieq: stdtgt(ieq, s) > 0}, and fi(i) = 1 for i in I with amount(i) = 0:
    w1 with stdtgt .5 is in I (held: none, so fully involved); w2 with stdtgt 0 is not."""
    d = small_design(spdd=spdd(w1=(1.0, 0.0)), stdtgt=((0.5, 0.0, 10.0, 100.0, 50.0),) * 2)
    got = fi(d, [0.0, 7.0, 0.0, 100.0, 10.0])
    assert (got[W1], got[W2]) == (1.0, 0.0)


@pytest.mark.found_by_mutation
def test_5_4_1_without_support_equipment_not_held_is_fully_involved() -> None:
    """§5.4.1, nsp = 0: fi(j) = min{QP(j), amount(j)} / amount(j) for amount(j) > 0, and 1
    for equipment not held (as for support, fi = 1 when the amount is 0). w1 = 10 in group 1,
    w2 = 0 and t = 4 in group 2 with prot(t, w1) = .2: fi = (1, 1, 2/4)."""
    d = no_support(pg=((1, 2, 2),) * 2, prot=(((0.0, 0.0), (0.5, 0.0), (0.2, 0.0)),) * 2)
    assert list(fi(d, [10.0, 0.0, 4.0])) == pytest.approx([1.0, 1.0, 0.5])
