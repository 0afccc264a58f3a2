"""IDAHEX rules that the check of the full mutation run's survivors against their new tests
(docs/testing.md, "The whole run checked: every survivor against the new tests") found still
unchecked, each at its boundary, with the expected value worked out by hand from seed 000.

§5.4.1's support allocation is checked through ``CombatFunctions.involvement``, the entry
point the combat procedure calls for the engaged force ``L``, on test_combat_functions.py's
small design (per side: w1, w2 weapons, t transport, S supplies, P personnel)."""

from __future__ import annotations

import pytest

from .test_combat_functions import RISING, W1, S, fi, small_design, spdd


def _stdtgt(w1: float) -> dict[str, object]:
    """Both sides' standard target with w1's entry set (qr = rgain * stdtgt(w1) = w1 / 100)."""
    return {"stdtgt": ((w1, 10.0, 10.0, 100.0, 50.0),) * 2}


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


def test_5_4_1_support_equal_to_what_the_standard_needs_fits() -> None:
    """§5.4.1 Step 2: the step is allocated 'if alloc(ksp) + REQ(ksp) <= suppt(ksp)' -- an
    equality fits. 2000 w1 needing 10 S each (dd = 20000), stdtgt 100000 (qr = 1000: two
    steps, to .5 and to 1), frinv rising (REQ(fi) = fi * dd): 10000 S, then 10000 more,
    exactly the 20000 held: fi(w1) = 1, fi(S) = 20000 / 20000 = 1. (At 20000 the float
    spacing is above the code's slack of 1e-12 on the supply, so the equality is exact.)"""
    d = small_design(spdd=spdd(w1=(10.0, 0.0)), **_stdtgt(100000.0))
    got = fi(d, [2000.0, 0.0, 0.0, 20000.0, 10.0])
    assert (got[W1], got[S]) == (1.0, 1.0)


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
