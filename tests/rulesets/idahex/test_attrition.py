"""One frame of one engagement (seed 000 §5.1 and §5.2): every formula of §5.1.1 (kill
matrices), §5.1.3 (actual losses) and §5.2 (FEBA), and the issue's oracle -- one weapon type
per side, ``frdval`` negative and colocated forces give the discrete Lanchester square law.

The engagements are built by hand: :func:`kill_data` makes a :class:`KillData` whose factors are
all 1 unless a test changes one, :class:`StubCurves` stands for ``prep``/``frdval``/``vfeba``
and records how the frame called them. Each side holds resources ``(w, s, p)``: one
ground-to-ground weapon ``w``, one supply ``s`` (materiel) and one personnel type ``p``.

The base case, by hand (tframe = .5; attacker A = (10, 100, 50) Red, defender D = (8, 60, 40)
Blue; katk(Red) = (.2, .1), kdef(Blue) = (.3, .05); aggatk(Red) = (1, .5), aggdef(Blue) =
(.8, .4); stdtgt Red = (5, 50, 100), Blue = (4, 40, 80)):

* on D: DEN = 1 * 8/4 + .5 * 60/40 = 2.75; alpha = (2/2.75, .75/2.75);
  ploss(D) = (.2 * .5 * 2/2.75 * 10, .1 * .5 * .75/2.75 * 10) = (8/11, 1.5/11);
* on A: DEN' = .8 * 10/5 + .4 * 100/50 = 2.4; alpha' = (2/3, 1/3);
  ploss(A) = (.3 * .5 * 2/3 * 8, .05 * .5 * 1/3 * 8) = (.8, 1/15);
* personnel (dpersr = (2, .1), dpersb = (3, .2)): ploss(A, p) = .8 * 2 + 1/15 * .1,
  ploss(D, p) = 8/11 * 3 + 1.5/11 * .2.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from hexwar.rulesets.idahex.attrition import (
    FRGRD_HIGH,
    FRGRD_LOW,
    FrameResult,
    KillData,
    Participant,
    assess_frame,
    front_length,
)
from hexwar.rulesets.idahex.combat_functions import CombatFunctions, Force
from hexwar.rulesets.idahex.design import load_sinai
from hexwar.rulesets.idahex.values import WeaponValues, weapon_values

LOC = 5  # the engagement location
NEAR, OTHER = 4, 6  # attackers' cells next to it
DEPTH = 10.0
TFRAME = 0.5
POFF = {10: 1, 11: 2, 20: 3, 40: 1, 41: 2}
SQUARE_SIDE = math.sqrt(math.sqrt(3.0) / 2.0 * DEPTH * DEPTH)  # front with one attacking cell

PLOSS_D = np.array([8 / 11, 1.5 / 11, 8 / 11 * 3 + 1.5 / 11 * 0.2])
PLOSS_A = np.array([0.8, 1 / 15, 0.8 * 2 + 1 / 15 * 0.1])


def pair(red: Any, blue: Any) -> tuple[np.ndarray, np.ndarray]:
    return (np.asarray(red, dtype=np.float64), np.asarray(blue, dtype=np.float64))


def kill_data(ng: int = 1, nm: int = 2, npers: int = 1, **changes: Any) -> KillData:
    """Both sides with ``ng`` weapons, ``nm`` materiel, ``npers`` personnel; every factor 1.

    Factor tables have three ``poff`` columns (postures 10/40 -> 1, 11/41 -> 2, 20 -> 3), two
    environments and one barrier type."""
    ones = lambda r, c: pair(np.ones((r, c)), np.ones((r, c)))  # noqa: E731
    base: dict[str, Any] = {
        "tframe": TFRAME,
        "depth": DEPTH,
        "poff": POFF,
        "nggwep": (ng, ng),
        "nmat": (nm, nm),
        "stdtgt": pair([5.0, 50.0, 100.0][: nm + npers], [4.0, 40.0, 80.0][: nm + npers]),
        "katk": pair([[0.2, 0.1][:nm]] * ng, [[0.2, 0.1][:nm]] * ng),
        "kdef": pair([[0.3, 0.05][:nm]] * ng, [[0.3, 0.05][:nm]] * ng),
        "aggatk": pair([[1.0, 0.5][:nm]] * ng, [[1.0, 0.5][:nm]] * ng),
        "aggdef": pair([[0.8, 0.4][:nm]] * ng, [[0.8, 0.4][:nm]] * ng),
        "fckar": ones(ng, 3),
        "fckdr": ones(ng, 3),
        "fckac": ones(nm, 3),
        "fckdc": ones(nm, 3),
        "fckare": ones(ng, 2),
        "fckdre": ones(ng, 2),
        "fckace": ones(nm, 2),
        "fckdce": ones(nm, 2),
        "barier": ones(ng, 1),
        "dpers": pair(
            np.full((npers, ng, nm), 1.0) * np.array([2.0, 0.1][:nm]),
            np.full((npers, ng, nm), 1.0) * np.array([3.0, 0.2][:nm]),
        ),
        "td": np.array([100.0, 100.0]),
        "febab": np.array([3.0]),
    }
    base.update(changes)
    return KillData(**base)


def factor(
    data: KillData, name: str, side: int, row: int | slice, col: int, value: float
) -> KillData:
    """``data`` with ``name[side][row, col] = value`` (side 1 or 2, 0-based row and col)."""
    tables = [np.array(t, dtype=np.float64) for t in getattr(data, name)]
    tables[side - 1][row, col] = value
    return replace(data, **{name: (tables[0], tables[1])})


@dataclass
class StubCurves:
    """``prep``/``frdval``/``vfeba`` as constants (or functions), recording the calls."""

    pf: Any = 1.0
    fd: Any = -1.0
    v: float = 0.0
    prep_calls: list[tuple[int, int, float]] = field(default_factory=list)
    frdval_calls: list[tuple[float, int]] = field(default_factory=list)
    vfeba_calls: list[tuple[float, int, int, int]] = field(default_factory=list)

    def prep(self, i: int, side: int, h: float) -> float:
        self.prep_calls.append((i, side, h))
        return float(self.pf(i, h) if callable(self.pf) else self.pf)

    def frdval(self, fr: float, post: int) -> float:
        self.frdval_calls.append((fr, post))
        return float(self.fd(fr, post) if callable(self.fd) else self.fd)

    def vfeba(self, fr: float, pa: int, pd: int, sa: int) -> float:
        self.vfeba_calls.append((fr, pa, pd, sa))
        return self.v


def unit(
    number: int,
    side: int,
    resources: Any,
    *,
    location: int = LOC,
    posture: int = 10,
    tentry: float = 0.0,
    involvement: Any = None,
    effectiveness: float = 1.0,
    barrier: int = 0,
    area: float = 0.0,
) -> Participant:
    res = np.asarray(resources, dtype=np.float64)
    inv = np.ones_like(res) if involvement is None else np.asarray(involvement, dtype=np.float64)
    return Participant(
        number=number,
        side=side,
        location=location,
        posture=posture,
        tentry=tentry,
        resources=res,
        involvement=inv,
        effectiveness=effectiveness,
        barrier=barrier,
        area=area,
    )


def attacker(number: int = 1, resources: Any = (10.0, 100.0, 50.0), **kw: Any) -> Participant:
    kw.setdefault("location", NEAR)
    kw.setdefault("posture", 40)
    return unit(number, 1, resources, **kw)


def defender(number: int = 101, resources: Any = (8.0, 60.0, 40.0), **kw: Any) -> Participant:
    return unit(number, 2, resources, **kw)


def frame(
    data: KillData | None = None,
    curves: StubCurves | None = None,
    *,
    attackers: list[Participant] | None = None,
    defenders: list[Participant] | None = None,
    side_a: int = 1,
    feba: float = 0.0,
    t: float = 10.0,
    env: int = 1,
    **kw: Any,
) -> FrameResult:
    return assess_frame(
        data or kill_data(),
        curves or StubCurves(),
        weapon_values,
        side_a=side_a,
        loc=LOC,
        env=env,
        feba=feba,
        t=t,
        attackers=attackers or [attacker()],
        defenders=defenders or [defender()],
        **kw,
    )


# -- §5.1.1 kill matrices: the base case -----------------------------------------------------


def test_5_1_1_potential_losses_of_materiel_and_personnel_base_case() -> None:
    """§5.1.1: ploss(unitD, j) = sum_k sum_i K(i, j, atk(k), unitD) * ERS(atk(k), i), with
    K = katk * tframe * alpha(i, j) (every factor 1), and personnel through dpersr/dpersb
    (module docstring); frdval < 0 and TI = 1 leave them as the losses."""
    r = frame()
    assert r.losses[101] == pytest.approx(PLOSS_D)
    assert r.losses[1] == pytest.approx(PLOSS_A)
    assert r.ti == 1.0


def test_5_1_kill_rates_are_per_frame() -> None:
    """§5.1: 'The quantity destroyed in one frame is tframe * katk(i, j, k)' (and kdef)."""
    r1 = frame(kill_data(tframe=0.25))
    assert r1.losses[101] == pytest.approx(PLOSS_D / 2)
    assert r1.losses[1] == pytest.approx(PLOSS_A / 2)


def test_5_1_1_personnel_losses_use_dpersr_for_red_and_dpersb_for_blue() -> None:
    """§5.1.1: ploss(unit, nm + p) uses dpersr if the unit is Red and dpersb if Blue, whichever
    side attacks: with Blue attacking, the Red defender's personnel follow dpersr."""
    d = kill_data()
    r = frame(
        d,
        side_a=2,
        attackers=[unit(101, 2, (8.0, 60.0, 40.0), location=NEAR, posture=40)],
        defenders=[unit(1, 1, (10.0, 100.0, 50.0))],
    )
    red = r.losses[1]
    blue = r.losses[101]
    assert red[2] == pytest.approx(red[0] * 2.0 + red[1] * 0.1)
    assert blue[2] == pytest.approx(blue[0] * 3.0 + blue[1] * 0.2)
    assert red[2] > 0
    assert blue[2] > 0


def test_5_1_1_no_fire_is_allocated_directly_to_personnel() -> None:
    """§5.1.1 'no fire is allocated directly to personnel': without dpers, no personnel loss."""
    d = kill_data(dpers=pair(np.zeros((1, 1, 2)), np.zeros((1, 1, 2))))
    r = frame(d)
    assert r.losses[101][2] == 0.0
    assert r.losses[1][2] == 0.0
    assert r.losses[101][:2] == pytest.approx(PLOSS_D[:2])


# -- §5.1.1 alpha and DEN ----------------------------------------------------------------------


def test_5_1_1_alpha_normalised_by_den_over_all_defenders() -> None:
    """§5.1.1: alpha(i, j) = aggatk * (frinv * resources)(unitD, j) / (stdtgt(j) * DEN), DEN
    over rsdef, the whole defending force: two defenders splitting D's holdings lose in
    proportion to their holdings, and together exactly what D alone loses."""
    r = frame(defenders=[defender(101, (6.0, 15.0, 10.0)), defender(102, (2.0, 45.0, 30.0))])
    d1, d2 = r.losses[101], r.losses[102]
    assert d1[0] / d2[0] == pytest.approx(3.0)
    assert d1[1] / d2[1] == pytest.approx(1 / 3)
    assert (d1 + d2)[:2] == pytest.approx(PLOSS_D[:2])


def test_5_1_1_alpha_counts_only_involved_materiel() -> None:
    """§5.1.1: alpha uses frinv(j, unitD) * [resources](unitD, j) and rsdef sums the same:
    with half of D's supplies involved, DEN = 2 + .5 * 30/40 and the fire shifts."""
    r = frame(defenders=[defender(involvement=(1.0, 0.5, 1.0))])
    den = 2.0 + 0.5 * 30.0 / 40.0
    assert r.losses[101][0] == pytest.approx(0.2 * 0.5 * (2.0 / den) * 10)
    assert r.losses[101][1] == pytest.approx(0.1 * 0.5 * (0.375 / den) * 10)


def test_5_1_1_allocation_weights_need_not_sum_to_one() -> None:
    """§5.1.1 footnote: because of DEN, sum_j aggatk(i, j) need not be 1: scaling a weapon's
    row of aggatk changes nothing."""
    d = kill_data(aggatk=pair([[10.0, 5.0]], [[1.0, 0.5]]), aggdef=pair([[0.8, 0.4]], [[8.0, 4.0]]))
    r = frame(d)
    assert r.losses[101] == pytest.approx(PLOSS_D)
    assert r.losses[1] == pytest.approx(PLOSS_A)


def test_5_1_1_absent_materiel_draws_no_fire() -> None:
    """§5.1.1: 'if no type j materiel is present, no fire is allocated to it': all the fire
    goes to the weapons (alpha(w) = 1)."""
    r = frame(defenders=[defender(resources=(8.0, 0.0, 40.0))])
    assert r.losses[101][1] == 0.0
    assert r.losses[101][0] == pytest.approx(0.2 * 0.5 * 1.0 * 10)


def test_5_1_1_overrepresented_materiel_draws_more_fire() -> None:
    """§5.1.1: 'if type j materiel is overrepresented compared with the standard force, more
    fire is allocated to it': doubling D's supplies raises alpha(s) from .75/2.75 to
    1.5/3.5."""
    r = frame(defenders=[defender(resources=(8.0, 120.0, 40.0))])
    assert r.losses[101][1] == pytest.approx(0.1 * 0.5 * (1.5 / 3.5) * 10)


def test_5_1_1_zero_standard_target_draws_no_fire() -> None:
    """Ruling (§5.1.1 divides by stdtgt(j, sideD)): materiel with stdtgt = 0 draws no fire."""
    d = kill_data(stdtgt=pair([5.0, 50.0, 100.0], [4.0, 0.0, 80.0]))
    r = frame(d)
    assert r.losses[101][1] == 0.0
    assert r.losses[101][0] == pytest.approx(0.2 * 0.5 * 10)


# -- §5.1.1 the factors -------------------------------------------------------------------------


def test_5_1_1_pa_fckar_by_the_attackers_attack_posture() -> None:
    """§5.1.1: PA = fckar(i, sideA, poff(postA)) on the attacker's row: posture 41 (poff 2)
    with fckar = 1.5 multiplies D's losses by 1.5 and leaves A's."""
    d = factor(kill_data(), "fckar", 1, 0, 1, 1.5)
    r = frame(d, attackers=[attacker(posture=41)])
    assert r.losses[101] == pytest.approx(1.5 * PLOSS_D)
    assert r.losses[1] == pytest.approx(PLOSS_A)
    r40 = frame(d, attackers=[attacker(posture=40)])
    assert r40.losses[101] == pytest.approx(PLOSS_D)


def test_5_1_1_pa_posture_40_when_the_attacker_is_not_attacking() -> None:
    """§5.1.1: 'let postA = 40 if not' in an attack posture: an attacker holding in the
    engagement location reads the posture-40 column (poff 1)."""
    d = factor(kill_data(), "fckar", 1, 0, 0, 2.0)
    d = factor(d, "fckar", 1, 0, 1, 7.0)
    loose = frame(d, attackers=[attacker(posture=10, location=LOC)])
    base = frame(kill_data(), attackers=[attacker(posture=10, location=LOC)])
    assert loose.losses[101] == pytest.approx(2.0 * base.losses[101])


def test_5_1_1_pd_fckac_by_the_defenders_posture_on_the_column() -> None:
    """§5.1.1: PD = fckac(j, sideD, poff(postD)) on materiel j's column: .5 on D's supplies in
    posture 11 halves only the supplies' loss (and the personnel they carry)."""
    d = factor(kill_data(), "fckac", 2, 1, 1, 0.5)
    r = frame(d, defenders=[defender(posture=11)])
    assert r.losses[101][0] == pytest.approx(PLOSS_D[0])
    assert r.losses[101][1] == pytest.approx(0.5 * PLOSS_D[1])
    assert r.losses[101][2] == pytest.approx(PLOSS_D[0] * 3 + 0.5 * PLOSS_D[1] * 0.2)


def test_5_1_1_pd_prime_fckdr_by_the_defenders_posture() -> None:
    """§5.1.1: PD' = fckdr(i, sideD, poff(postD)) on the defender's weapon row: 3 in posture 20
    (poff 3) triples A's losses; D's are unchanged."""
    d = factor(kill_data(), "fckdr", 2, 0, 2, 3.0)
    r = frame(d, defenders=[defender(posture=20)])
    assert r.losses[1] == pytest.approx(3.0 * PLOSS_A)
    assert r.losses[101] == pytest.approx(PLOSS_D)


def test_5_1_1_pa_prime_fckdc_by_the_attackers_posture() -> None:
    """§5.1.1: PA' = fckdc(j, sideA, poff(postA)) on A's materiel column j: .25 on A's weapons
    in posture 41."""
    d = factor(kill_data(), "fckdc", 1, 0, 1, 0.25)
    r = frame(d, attackers=[attacker(posture=41)])
    assert r.losses[1][0] == pytest.approx(0.25 * PLOSS_A[0])
    assert r.losses[1][1] == pytest.approx(PLOSS_A[1])


def test_5_1_1_ea_and_ed_environment_of_the_engagement_location() -> None:
    """§5.1.1: EA = fckare(i, sideA, e) and ED = fckace(j, sideD, e), e the environment of
    loc: in environment 2, 2 on A's weapons and .5 on D's supplies."""
    d = factor(kill_data(), "fckare", 1, 0, 1, 2.0)
    d = factor(d, "fckace", 2, 1, 1, 0.5)
    r = frame(d, env=2)
    assert r.losses[101][0] == pytest.approx(2.0 * PLOSS_D[0])
    assert r.losses[101][1] == pytest.approx(2.0 * 0.5 * PLOSS_D[1])
    assert r.losses[1] == pytest.approx(PLOSS_A)
    assert frame(d, env=1).losses[101] == pytest.approx(PLOSS_D)


def test_5_1_1_ed_prime_and_ea_prime_for_the_defenders_fire() -> None:
    """§5.1.1: ED' = fckdre(i, sideD, e) on D's weapons, EA' = fckdce(j, sideA, e) on A's
    materiel."""
    d = factor(kill_data(), "fckdre", 2, 0, 0, 4.0)
    d = factor(d, "fckdce", 1, 1, 0, 0.5)
    r = frame(d)
    assert r.losses[1][0] == pytest.approx(4.0 * PLOSS_A[0])
    assert r.losses[1][1] == pytest.approx(2.0 * PLOSS_A[1])
    assert r.losses[101] == pytest.approx(PLOSS_D)


def test_5_1_1_barrier_applies_until_the_feba_passes_febab_over_depth() -> None:
    """§5.1.1: B = barier(i, sideA, bt) if bt = [bartype](locA, loc) > 0 and
    feba <= febab(bt) / depth (3 / 10 here); otherwise 1 -- 'its effects cease when the
    attackers have progressed sufficiently'. It multiplies the attacker's weapons' fire."""
    d = factor(kill_data(), "barier", 1, 0, 0, 0.3)
    behind = [attacker(barrier=1)]
    assert frame(d, attackers=behind, feba=0.0).losses[101] == pytest.approx(0.3 * PLOSS_D)
    assert frame(d, attackers=behind, feba=0.3).losses[101] == pytest.approx(0.3 * PLOSS_D)
    assert frame(d, attackers=behind, feba=0.31).losses[101] == pytest.approx(PLOSS_D)
    assert frame(d, attackers=[attacker(barrier=0)]).losses[101] == pytest.approx(PLOSS_D)
    assert frame(d, attackers=behind).losses[1] == pytest.approx(PLOSS_A)  # not D's fire


def test_5_1_1_barrier_is_per_attacker() -> None:
    """§5.1.1: bt is the barrier between unitA's location and loc: of two equal attackers from
    different cells, only the one behind the barrier is slowed."""
    d = factor(kill_data(), "barier", 1, 0, 0, 0.0)
    r = frame(
        d,
        attackers=[
            attacker(1, (5.0, 50.0, 25.0), barrier=1),
            attacker(2, (5.0, 50.0, 25.0), location=OTHER),
        ],
    )
    assert r.losses[101] == pytest.approx(PLOSS_D / 2)


# -- §5.1.1 front, defdepth and PREP ------------------------------------------------------------


def test_5_1_1_front_is_infinite_with_an_attacker_in_the_engagement_location() -> None:
    """§5.1.1: 'If one or more attackers are located in cell loc, then front = +inf'."""
    assert front_length(LOC, [NEAR, LOC], DEPTH) == math.inf


def test_5_1_1_front_from_one_cell_is_the_side_of_a_square_of_the_cells_area() -> None:
    """§5.1.1: attackers all in one cell: the side of a square equal in area to the hexagon
    (area sqrt(3)/2 * depth**2)."""
    assert front_length(LOC, [NEAR, NEAR], DEPTH) == pytest.approx(SQUARE_SIDE)
    assert pytest.approx(9.3060, abs=1e-4) == SQUARE_SIDE


def test_5_1_1_front_from_k_cells_is_k_cell_sides() -> None:
    """§5.1.1: k > 1 cells: k times the length of a side of the cell (depth / sqrt 3)."""
    side = DEPTH / math.sqrt(3.0)
    assert front_length(LOC, [NEAR, OTHER], DEPTH) == pytest.approx(2 * side)
    assert front_length(LOC, [1, 2, 3, 2], DEPTH) == pytest.approx(3 * side)


def test_5_1_1_defdepth_is_defarea_over_front_at_most_depth() -> None:
    """§5.1.1: defdepth = min{defarea / front, depth}, defarea = sum of zrarea(def(k))."""
    two = [defender(101, area=20.0), defender(102, area=26.5)]
    r = frame(defenders=two)
    assert r.defdepth == pytest.approx(46.5 / SQUARE_SIDE)
    r2 = frame(defenders=two, attackers=[attacker(1), attacker(2, location=OTHER)])
    assert r2.defdepth == pytest.approx(46.5 / (2 * DEPTH / math.sqrt(3.0)))
    r3 = frame(defenders=[defender(area=1000.0)])
    assert r3.defdepth == DEPTH


def prep_case(pf: float, feba: float, posture: int = 10) -> tuple[FrameResult, StubCurves]:
    curves = StubCurves(pf=pf)
    # defdepth = 46.53 / 9.306 = 5: prepared positions reach feba = .5
    r = frame(
        curves=curves,
        defenders=[defender(area=5.0 * SQUARE_SIDE, posture=posture, tentry=7.5)],
        feba=feba,
        t=10.0,
    )
    return r, curves


def test_5_1_1_prep_reduces_vulnerability_inside_prepared_positions() -> None:
    """§5.1.1: pf = prep(j, sideD, t - tentry(unitD)); PREP = pf if pf <= 1 and
    feba < defdepth / depth (here 5 / 10)."""
    r, curves = prep_case(0.6, 0.4)
    assert r.defdepth == pytest.approx(5.0)
    assert r.losses[101] == pytest.approx(0.6 * PLOSS_D)
    assert sorted(curves.prep_calls) == [(1, 2, 2.5), (2, 2, 2.5)]


def test_5_1_1_prep_ends_when_the_feba_passes_the_prepared_depth() -> None:
    """§5.1.1: PREP = 1 if pf <= 1 and feba >= defdepth / depth."""
    r, _ = prep_case(0.6, 0.5)
    assert r.losses[101] == pytest.approx(PLOSS_D)


def test_5_1_1_hasty_defence_stays_vulnerable_whatever_the_feba() -> None:
    """§5.1.1: PREP = pf if pf > 1 ('a hasty, disorganized defense ... unlikely to improve just
    because the attackers progress')."""
    assert prep_case(1.8, 0.4)[0].losses[101] == pytest.approx(1.8 * PLOSS_D)
    assert prep_case(1.8, 0.9)[0].losses[101] == pytest.approx(1.8 * PLOSS_D)


def test_5_1_1_prep_applies_only_to_defenders_in_a_hold_posture() -> None:
    """§5.1.1: 'If unitD is not in a hold posture, let PREP = 1' (disengaging, posture 20)."""
    r, curves = prep_case(0.6, 0.0, posture=20)
    assert r.losses[101] == pytest.approx(PLOSS_D)
    assert curves.prep_calls == []


def test_5_1_1_prep_is_per_materiel_and_may_read_negative_time() -> None:
    """§5.1.1: pf = prep(j, sideD, t - tentry) for each materiel j; t - tentry may be negative
    (§3.3.6)."""
    curves = StubCurves(pf=lambda i, h: 0.5 if i == 1 else 2.0)
    r = frame(
        curves=curves,
        defenders=[defender(area=5.0 * SQUARE_SIDE, tentry=12.0)],
        t=10.0,
    )
    assert {h for _, _, h in curves.prep_calls} == {-2.0}
    assert r.losses[101][0] == pytest.approx(0.5 * PLOSS_D[0])
    assert r.losses[101][1] == pytest.approx(2.0 * PLOSS_D[1])


# -- §5.1.1 ERS, A and D -----------------------------------------------------------------------


def test_5_1_1_ers_is_freff_times_frinv_times_resources() -> None:
    """§5.1.1: ERS(ibu, irs) = freff(ibu) * frinv(irs, ibu) * [resources](ibu, irs) weighs the
    attacker's fire: freff .5 and frinv(w) .8 give .4 of the base losses."""
    r = frame(attackers=[attacker(effectiveness=0.5, involvement=(0.8, 1.0, 1.0))])
    assert r.losses[101] == pytest.approx(0.4 * PLOSS_D)


def test_5_1_1_average_kill_matrices_a_and_d() -> None:
    """§5.1.1: A(i, j) = sum_k sum_l K(i, j, atk(k), def(l)) * ERS(atk(k), i) / sum_k
    ERS(atk(k), i) and D alike: two attackers in postures 40 (PA 1) and 41 (PA 3) with ERS
    10 and 30 give A = K * (1 * 10 + 3 * 30) / 40; D's fire splits by each attacker's share
    of the attackers' weapons (alpha' over rsatk) and sums to the base kill rate."""
    d = factor(kill_data(), "fckar", 1, 0, 1, 3.0)
    atk = [attacker(1, (10.0, 0.0, 0.0)), attacker(2, (30.0, 0.0, 0.0), posture=41)]
    r = frame(d, attackers=atk, defenders=[defender(resources=(80.0, 0.0, 0.0))])
    k = 0.2 * TFRAME * 1.0  # alpha(w) = 1: D holds only weapons
    assert r.kill_a == pytest.approx(np.array([[k * (10 + 90) / 40]]))
    kd = 0.3 * TFRAME  # alpha'(w) over both attackers sums to 1
    assert r.kill_d == pytest.approx(np.array([[kd]]))
    assert r.losses[101][0] == pytest.approx(k * 100)


def test_5_1_1_k_is_katk_alpha_pa_pd_ea_ed_b_prep_all_at_once() -> None:
    """§5.1.1: K(i, j, unitA, unitD) = katk * alpha * PA * PD * EA * ED * B * PREP and
    K(i, j, unitD, unitA) = kdef * alpha' * PD' * PA' * ED' * EA' -- every factor at once.

    Attacker in posture 41 (poff 2) behind barrier 1 (feba 0 <= febab / depth); defender in
    hold posture 11 (poff 2), prepared (pf .6, feba 0 < defdepth / depth = .5); environment
    2 (td 100: TI = 1). On D's weapons PA 1.5 * PD .8 * EA 2 * ED .5 * B .4 * PREP .6 = .288;
    on D's supplies (PD, ED 1) 1.5 * 2 * .4 * .6 = .72. On A's weapons PD' 3 * PA' .5 * ED' 2
    = 3; on A's supplies (PA' 1) 3 * 2 * EA' .25 = 1.5; no B or PREP on the defenders' fire.
    """
    d = factor(kill_data(), "fckar", 1, 0, 1, 1.5)
    d = factor(d, "fckac", 2, 0, 1, 0.8)
    d = factor(d, "fckare", 1, 0, 1, 2.0)
    d = factor(d, "fckace", 2, 0, 1, 0.5)
    d = factor(d, "barier", 1, 0, 0, 0.4)
    d = factor(d, "fckdr", 2, 0, 1, 3.0)
    d = factor(d, "fckdc", 1, 0, 1, 0.5)
    d = factor(d, "fckdre", 2, 0, 1, 2.0)
    d = factor(d, "fckdce", 1, 1, 1, 0.25)
    r = frame(
        d,
        StubCurves(pf=0.6),
        attackers=[attacker(posture=41, barrier=1)],
        defenders=[defender(posture=11, area=5.0 * SQUARE_SIDE, tentry=7.5)],
        env=2,
    )
    assert r.ti == 1.0
    w, s = 8 / 11 * 0.288, 1.5 / 11 * 0.72
    assert r.losses[101] == pytest.approx([w, s, w * 3.0 + s * 0.2])
    aw, as_ = 0.8 * 3.0, 1 / 15 * 1.5
    assert r.losses[1] == pytest.approx([aw, as_, aw * 2.0 + as_ * 0.1])


def test_5_1_1_alpha_prime_normalised_by_den_over_rsatk() -> None:
    """§5.1.1: alpha'(i, j) = aggdef(i, j, sideD) * (frinv * resources)(unitA, j) /
    (stdtgt(j, sideA) * DEN), DEN = sum_k aggdef(i, k, sideD) * rsatk(k) / stdtgt(k, sideA).

    A1 (10, 100, 50) with half its supplies involved and A2 (6, 20, 10): rsatk = (16, 70),
    DEN = .8 * 16/5 + .4 * 70/50 = 3.12. D's 8 weapons fire kdef * tframe = (.15, .025):
    A1 loses (.15 * 8 * 1.6, .025 * 8 * .4) / 3.12, A2 (.15 * 8 * .96, .025 * 8 * .16) / 3.12."""
    atk = [
        attacker(1, involvement=(1.0, 0.5, 1.0)),
        attacker(2, (6.0, 20.0, 10.0), location=OTHER),
    ]
    r = frame(attackers=atk)
    assert r.losses[1][:2] == pytest.approx([1.2 * 1.6 / 3.12, 0.2 * 0.4 / 3.12])
    assert r.losses[2][:2] == pytest.approx([1.2 * 0.96 / 3.12, 0.2 * 0.16 / 3.12])


def test_5_1_1_average_kill_matrices_over_every_attacker_defender_pair() -> None:
    """§5.1.1: A(i, j) = sum_k sum_l K(i, j, atk(k), def(l)) ERS(atk(k), i) / sum_k
    ERS(atk(k), i), D(i, j) likewise over the defenders, every pair's K with its own factors.

    Weapons only. Attackers A1 = 10 (posture 40, PA 1) and A2 = 30 (41, PA 3); defenders
    D1 = 60 (posture 10) and D2 = 20 (11: PD .5, PD' 2). alpha(D1) = (60/4) / (80/4) = .75,
    alpha(D2) = .25; alpha'(A1) = .25, alpha'(A2) = .75.
    A = .1 * (.75 * 1 + .25 * .5) * (1 * 10 + 3 * 30) / 40 = .21875;
    D = .15 * (1 * 60 + 2 * 20) / 80 = .1875. Losses: D1 .1 * .75 * 100 = 7.5, D2 .1 * .25 *
    .5 * 100 = 1.25, A1 .15 * .25 * 100 = 3.75, A2 .15 * .75 * 100 = 11.25."""
    d = factor(kill_data(), "fckar", 1, 0, 1, 3.0)
    d = factor(d, "fckac", 2, 0, 1, 0.5)
    d = factor(d, "fckdr", 2, 0, 1, 2.0)
    r = frame(
        d,
        attackers=[
            attacker(1, (10.0, 0.0, 0.0)),
            attacker(2, (30.0, 0.0, 0.0), posture=41, location=OTHER),
        ],
        defenders=[defender(101, (60.0, 0.0, 0.0)), defender(102, (20.0, 0.0, 0.0), posture=11)],
    )
    assert r.kill_a == pytest.approx(np.array([[0.21875]]))
    assert r.kill_d == pytest.approx(np.array([[0.1875]]))
    assert [r.losses[n][0] for n in (101, 102, 1, 2)] == pytest.approx([7.5, 1.25, 3.75, 11.25])


def test_5_1_2_weapon_values_come_from_a_and_d() -> None:
    """§5.1.2: the values returned with the frame are app's for the frame's A and D."""
    r = frame()
    v = weapon_values(r.kill_a, r.kill_d)
    assert r.values.va == pytest.approx(v.va)
    assert r.values.vd == pytest.approx(v.vd)
    assert r.values.alpha == pytest.approx(v.alpha)


# -- §5.1.3 actual losses -----------------------------------------------------------------------


def test_5_1_3_fgrd_ggrd_and_frgrd() -> None:
    """§5.1.3: fgrd = sum ersatk(i) * vala(i), ggrd = sum ersdef(i) * vald(i),
    FRGRD = fgrd / ggrd; only ground-to-ground weapons have value (§5.1.2)."""
    atk = [attacker(1, effectiveness=0.5), attacker(2, (6.0, 10.0, 10.0), location=OTHER)]
    r = frame(attackers=atk)
    va, vd = r.values.va[0], r.values.vd[0]
    assert r.fgrd == pytest.approx((0.5 * 10 + 6.0) * va)
    assert r.ggrd == pytest.approx(8.0 * vd)
    assert r.frgrd == pytest.approx(r.fgrd / r.ggrd)


def test_5_1_3_representative_postures_carry_the_most_value() -> None:
    """§5.1.3: postA is the posture in which the attackers' total value is greatest (non-attack
    postures count as 40); postD likewise for the defenders; frdval and vfeba read them."""
    curves = StubCurves()
    r = frame(
        curves=curves,
        attackers=[
            attacker(1, (4.0, 0.0, 0.0), posture=41),
            attacker(2, (3.0, 0.0, 0.0), posture=40),
            attacker(3, (2.0, 0.0, 0.0), posture=10, location=LOC),
        ],
        defenders=[defender(101, (5.0, 0.0, 0.0), posture=11), defender(102, (6.0, 0.0, 0.0))],
    )
    assert (r.post_a, r.post_d) == (40, 10)  # 3 + 2 > 4; 6 > 5
    assert [p for _, p in curves.frdval_calls] == [40, 10]
    assert curves.vfeba_calls[0][1:] == (40, 10, 1)


def test_5_1_3_representative_posture_ties_go_to_the_lowest() -> None:
    """Ruling (§5.1.3 'that posture such that the total value ... is greatest'): ties go to the
    lowest posture number."""
    r = frame(
        attackers=[attacker(1, (4.0, 0.0, 0.0), posture=41), attacker(2, (4.0, 0.0, 0.0))],
        defenders=[defender(101, (5.0, 0.0, 0.0), posture=11), defender(102, (5.0, 0.0, 0.0))],
    )
    assert (r.post_a, r.post_d) == (40, 10)


def test_5_1_3_frdval_is_read_at_frgrd() -> None:
    """§5.1.3: temp = frdval(FRGRD, postA), then frdval(FRGRD, postD)."""
    curves = StubCurves()
    r = frame(curves=curves)
    assert curves.frdval_calls == [(pytest.approx(r.frgrd), 40), (pytest.approx(r.frgrd), 10)]


def value_loss(r: FrameResult, units: list[Participant], vals: np.ndarray) -> float:
    return sum(float(r.losses[u.number] @ vals) for u in units)


def test_5_1_3_attackers_losses_scaled_to_the_fraction_frdval_gives() -> None:
    """§5.1.3: scalar = temp / (delval / fgrd), ploss(atk(k), *) <- scalar * ploss: the
    attackers lose the fraction temp of their value; the defenders keep the base losses when
    their frdval is negative."""
    curves = StubCurves(fd=lambda fr, post: 0.05 if post >= 40 else -1.0)
    atk = [attacker(1), attacker(2, (4.0, 30.0, 20.0), location=OTHER)]
    r = frame(curves=curves, attackers=atk)
    va = r.values.vala(3)
    assert value_loss(r, atk, va) / r.fgrd == pytest.approx(0.05)
    scalar = r.losses[1][0] / frame(attackers=atk).losses[1][0]
    assert r.losses[1] == pytest.approx(scalar * frame(attackers=atk).losses[1])
    assert r.losses[2] == pytest.approx(scalar * frame(attackers=atk).losses[2])
    assert r.losses[101] == pytest.approx(frame(attackers=atk).losses[101])


def test_5_1_3_defenders_losses_scaled_to_the_fraction_frdval_gives() -> None:
    """§5.1.3: the same for the defenders with temp = frdval(FRGRD, postD) and ggrd."""
    curves = StubCurves(fd=lambda fr, post: 0.02 if post < 40 else -1.0)
    r = frame(curves=curves)
    vd = r.values.vald(3)
    assert float(r.losses[101] @ vd) / r.ggrd == pytest.approx(0.02)
    assert r.losses[101] / PLOSS_D == pytest.approx(np.full(3, r.losses[101][0] / PLOSS_D[0]))
    assert r.losses[1] == pytest.approx(PLOSS_A)


def test_5_1_3_negative_frdval_skips_the_scaling() -> None:
    """§5.1.3: 'If temp < 0, this step is skipped.'"""
    r = frame(curves=StubCurves(fd=-0.001))
    assert r.losses[1] == pytest.approx(PLOSS_A)
    assert r.losses[101] == pytest.approx(PLOSS_D)


def test_5_1_3_tactical_overlap_and_intensity_scale_the_losses() -> None:
    """§5.1.3: TO = min{feba * depth + td(env(loc)), defdepth}, TI = TO / defdepth, and
    ploss <- TI * ploss for both sides. defdepth 5, td 1, feba .2: TO = 3, TI = .6."""
    d = kill_data(td=np.array([1.0, 100.0]))
    r = frame(d, defenders=[defender(area=5.0 * SQUARE_SIDE)], feba=0.2)
    assert r.ti == pytest.approx(0.6)
    assert r.losses[101] == pytest.approx(0.6 * PLOSS_D)
    assert r.losses[1] == pytest.approx(0.6 * PLOSS_A)
    r2 = frame(d, defenders=[defender(area=5.0 * SQUARE_SIDE)], feba=0.45)
    assert r2.ti == 1.0
    r3 = frame(d, defenders=[defender(area=5.0 * SQUARE_SIDE)], env=2)
    assert r3.ti == 1.0  # td(2) = 100 reaches past defdepth


def test_5_1_3_colocated_forces_fight_at_full_intensity() -> None:
    """§5.1.3: 'If the attackers and defenders are colocated, then feba = 1, and TI = 1'
    (ruling: the frame then uses feba = 1; front = inf makes defdepth 0)."""
    d = kill_data(td=np.array([0.0, 0.0]))
    curves = StubCurves(v=0.0)
    r = frame(
        d,
        curves,
        attackers=[attacker(location=LOC, posture=10)],
        defenders=[defender(area=50.0)],
        feba=0.1,
    )
    assert r.defdepth == 0.0
    assert r.ti == 1.0
    assert r.feba == 1.0
    assert r.losses[101] == pytest.approx(PLOSS_D)


def test_5_1_3_assessment_limited_to_the_involved_resources() -> None:
    """§5.1.3: [resources] is reduced by min{ploss, frinv(irs) * [resources]}: with kill rates
    10,000 times larger, A loses at most the half of its supplies that are involved."""
    d = kill_data(kdef=pair([[3000.0, 500.0]], [[3000.0, 500.0]]))
    r = frame(d, attackers=[attacker(involvement=(1.0, 0.5, 1.0))])
    assert r.losses[1][1] == pytest.approx(50.0)
    assert r.losses[1][0] == pytest.approx(10.0)
    assert r.losses[1][2] == pytest.approx(50.0)


def test_5_1_3_attackers_without_ground_value_lose_everything() -> None:
    """§5.1.3: 'if FRGRD < .0001, the attackers lose everything' (no dummy attacks): attackers
    with no weapons have fgrd = 0 -- even their uninvolved resources go."""
    r = frame(attackers=[attacker(resources=(0.0, 100.0, 50.0), involvement=(1.0, 0.2, 0.5))])
    assert r.frgrd < FRGRD_LOW
    assert r.losses[1] == pytest.approx([0.0, 100.0, 50.0])
    assert np.all(r.losses[101] <= PLOSS_D)


def test_5_1_3_frgrd_just_below_and_above_the_low_threshold() -> None:
    """§5.1.3: the threshold is FRGRD < .0001 (= FRGRD_LOW); at FRGRD >= .0001 the normal
    assessment applies. Symmetric kill rates give va = vd, so FRGRD is the ratio of weapons;
    the attackers' supplies, not involved, show which assessment ran."""
    d = kill_data(katk=pair([[0.2, 0.1]], [[0.2, 0.1]]), kdef=pair([[0.2, 0.1]], [[0.2, 0.1]]))
    for ratio, everything in ((0.5e-4, True), (2e-4, False)):
        a = attacker(resources=(8.0 * ratio, 100.0, 0.0), involvement=(1.0, 0.0, 1.0))
        r = frame(d, attackers=[a], defenders=[defender(resources=(8.0, 0.0, 0.0))])
        assert r.frgrd == pytest.approx(ratio)
        assert bool(r.losses[1][1] == 100.0) is everything
        assert r.losses[1][0] == pytest.approx(8.0 * ratio)  # the weapons go either way


def test_5_1_3_defenders_without_ground_value_lose_everything() -> None:
    """§5.1.3: 'If FRGRD > 10,000 ... [resources](def(k), irs) <- 0'."""
    r = frame(defenders=[defender(resources=(0.0, 60.0, 40.0), involvement=(1.0, 0.1, 0.1))])
    assert r.frgrd > FRGRD_HIGH
    assert r.losses[101] == pytest.approx([0.0, 60.0, 40.0])


def test_5_1_3_frgrd_just_below_and_above_the_high_threshold() -> None:
    """§5.1.3: 'If FRGRD <= 10,000' the defenders lose min{ploss, involved}; 'If FRGRD >
    10,000' they lose everything. Symmetric kill rates give va = vd, so FRGRD is the ratio of
    weapons; the defenders' supplies, not involved, show which assessment ran."""
    d = kill_data(katk=pair([[0.2, 0.1]], [[0.2, 0.1]]), kdef=pair([[0.2, 0.1]], [[0.2, 0.1]]))
    for ratio, everything in ((0.5e4, False), (2e4, True)):
        a = attacker(resources=(8.0 * ratio, 0.0, 0.0))
        dd = defender(resources=(8.0, 60.0, 0.0), involvement=(1.0, 0.0, 1.0))
        r = frame(d, attackers=[a], defenders=[dd])
        assert r.frgrd == pytest.approx(ratio)
        assert (r.frgrd > FRGRD_HIGH) is everything
        assert bool(r.losses[101][1] == 60.0) is everything
        assert r.losses[101][0] == pytest.approx(8.0)  # the weapons go either way


# -- §5.2 FEBA ---------------------------------------------------------------------------------


def test_5_2_feba_moves_by_vfeba_times_tframe_over_depth() -> None:
    """§5.2: temp = vfeba(FRGA, postA, postD, sideA) * tframe; feba = min{max{feba0 +
    temp/depth, 0}, 1}: velocity 4, tframe .5, depth 10 -> +.2."""
    r = frame(curves=StubCurves(v=4.0), feba=0.3)
    assert r.feba == pytest.approx(0.5)


def test_5_2_feba_is_clamped_to_0_and_1() -> None:
    """§5.2: the FEBA stays within [0, 1]; the velocity may be negative."""
    assert frame(curves=StubCurves(v=-4.0), feba=0.1).feba == 0.0
    assert frame(curves=StubCurves(v=-4.0), feba=0.5).feba == pytest.approx(0.3)
    assert frame(curves=StubCurves(v=40.0), feba=0.5).feba == 1.0


def test_5_2_without_close_air_support_frga_is_frgrd() -> None:
    """§5.2: with no CAS, fair = gair = 0 and FRGA = fgrd / ggrd."""
    curves = StubCurves()
    r = frame(curves=curves)
    assert (r.fair, r.gair) == (0.0, 0.0)
    assert r.frga == pytest.approx(r.frgrd)
    assert curves.vfeba_calls == [(pytest.approx(r.frga), 40, 10, 1)]


def test_5_2_air_values_and_frga() -> None:
    """§5.2: fair = (1/alpha) * sum CASATK(j)/nframe * vald(j), gair = (1/delta) * sum
    CASDEF(j)/nframe * vala(j), FRGA = (fgrd + fair) / (ggrd + gair) (the arguments are
    already per frame); vfeba reads FRGA."""
    curves = StubCurves()
    r = frame(curves=curves, cas_atk=np.array([2.0]), cas_def=np.array([0.5]))
    v = r.values
    assert r.fair == pytest.approx(2.0 * v.vd[0] / v.alpha)
    assert r.gair == pytest.approx(0.5 * v.va[0] / v.delta)
    assert r.frga == pytest.approx((r.fgrd + r.fair) / (r.ggrd + r.gair))
    assert curves.vfeba_calls[0][0] == pytest.approx(r.frga)
    assert r.frga != pytest.approx(r.frgrd)


def test_5_2_vfeba_gets_the_attacking_side() -> None:
    """§5.2: vfeba(FRGA, postA, postD, sideA): Blue attackers pass side 2."""
    curves = StubCurves()
    frame(
        curves=curves,
        side_a=2,
        attackers=[unit(101, 2, (8.0, 60.0, 40.0), location=NEAR, posture=41)],
        defenders=[unit(1, 1, (10.0, 100.0, 50.0), posture=11)],
    )
    assert curves.vfeba_calls[0][1:] == (41, 11, 2)


# -- the Lanchester oracle (issue 4 done-when) ---------------------------------------------------


def lanchester_data(a: float, b: float, tframe: float) -> KillData:
    """One weapon, no other resources: katk = a (attackers' kills of defenders' weapons per
    weapon per unit time), kdef = b, every factor 1."""
    return kill_data(
        ng=1,
        nm=1,
        npers=0,
        tframe=tframe,
        stdtgt=pair([1.0], [1.0]),
        katk=pair([[a]], [[a]]),
        kdef=pair([[b]], [[b]]),
        aggatk=pair([[1.0]], [[1.0]]),
        aggdef=pair([[1.0]], [[1.0]]),
        dpers=pair(np.zeros((0, 1, 1)), np.zeros((0, 1, 1))),
    )


@pytest.mark.parametrize(
    ("side_a", "x0", "y0", "a", "b", "tframe"),
    [
        (1, 100.0, 80.0, 0.06, 0.04, 0.25),
        (2, 50.0, 70.0, 0.02, 0.05, 0.5),
        (1, 30.0, 30.0, 0.1, 0.1, 0.1),
    ],
)
def test_5_1_lanchester_square_law_frame_by_frame(
    side_a: int, x0: float, y0: float, a: float, b: float, tframe: float
) -> None:
    """Issue 4 oracle (§5.1 'Attrition is essentially a Lanchester square process'): one weapon
    type per side, frdval negative (no scaling), attackers colocated with the defenders
    (TI = 1), every factor 1: frame by frame the attackers' x and defenders' y follow
    x' = x - b * y * tframe, y' = y - a * x * tframe, computed independently here."""
    data = lanchester_data(a, b, tframe)
    curves = StubCurves(pf=1.0, fd=-1.0, v=0.0)
    x, y = x0, y0  # the independent recurrence
    atk_res, def_res = np.array([x0]), np.array([y0])
    side_d = 3 - side_a
    frames = 0
    while frames < 40:
        r = assess_frame(
            data,
            curves,
            weapon_values,
            side_a=side_a,
            loc=LOC,
            env=1,
            feba=0.0,
            t=frames * tframe,
            attackers=[unit(1, side_a, atk_res, posture=10)],
            defenders=[unit(2, side_d, def_res, posture=10)],
        )
        assert r.ti == 1.0
        x, y = max(x - b * y * tframe, 0.0), max(y - a * x * tframe, 0.0)
        atk_res = atk_res - r.losses[1]
        def_res = def_res - r.losses[2]
        frames += 1
        assert atk_res[0] == pytest.approx(x, rel=1e-12, abs=1e-12), f"frame {frames}"
        assert def_res[0] == pytest.approx(y, rel=1e-12, abs=1e-12), f"frame {frames}"
        if min(x, y) < 0.2 * min(x0, y0):
            break
    assert frames >= 10
    assert x < x0
    assert y < y0


# -- no combat frame creates resources (property) ------------------------------------------------


def num(lo: float, hi: float) -> st.SearchStrategy[float]:
    """Floats in [lo, hi] without subnormals (a design datum of 1e-311 is not a design)."""
    return st.floats(lo, hi, allow_subnormal=False)


participants = st.tuples(
    st.lists(num(0.0, 200.0), min_size=3, max_size=3),  # resources
    st.lists(num(0.0, 1.0), min_size=3, max_size=3),  # involvement
    num(0.0, 1.5),  # freff
    num(0.0, 80.0),  # zrarea
    num(-5.0, 15.0),  # tentry
)


@settings(max_examples=100, deadline=None)
@given(
    side_a=st.sampled_from([1, 2]),
    atk=st.lists(
        st.tuples(
            participants,
            st.sampled_from([NEAR, OTHER, LOC]),
            st.sampled_from([40, 41, 10]),
            st.integers(0, 1),
        ),
        min_size=1,
        max_size=3,
    ),
    dfn=st.lists(st.tuples(participants, st.sampled_from([10, 11, 20])), min_size=1, max_size=3),
    rates=st.lists(num(0.0, 20.0), min_size=8, max_size=8),
    agg=st.lists(num(0.0, 1.0), min_size=8, max_size=8),
    std=st.lists(st.one_of(st.just(0.0), num(0.01, 100.0)), min_size=6, max_size=6),
    pf=num(0.0, 3.0),
    fd=num(-1.0, 1.0),
    v=num(-50.0, 50.0),
    feba=num(0.0, 1.0),
    td=num(0.0, 20.0),
    cas=num(0.0, 10.0),
)
# Found by hypothesis: §5.1.3's delval / value underflowing to 0 made a loss inf * 0 = nan.
@example(
    side_a=2,
    atk=[
        (([0.0, 0.0, 0.0], [0.0, 0.0, 0.0], 0.0, 0.0, 0.0), 4, 40, 0),
        (([1.0, 0.0, 0.0], [1.0, 0.0, 0.0], 1.0, 0.0, 0.0), 4, 40, 0),
    ],
    dfn=[
        (([0.0, 1.0, 0.0], [0.0, 1.0, 0.0], 0.0, 0.0, 0.0), 10),
        (([1.0, 0.0, 0.0], [1.0, 0.0, 0.0], 1.0, 0.0, 0.0), 10),
    ],
    rates=[0.0, 0.0, 3.0897747027836433e-109, 0.0, 1.0, 0.0, 0.0, 0.0],
    agg=[0.0, 0.0, 6.142852407499898e-215, 1.0, 1.0, 0.0, 0.0, 0.0],
    std=[1.0, 1.0, 0.0, 1.0, 0.0, 0.0],
    pf=0.0,
    fd=1.0,
    v=0.0,
    feba=0.0,
    td=0.0,
    cas=0.0,
)
def test_5_1_no_combat_frame_creates_resources(
    side_a: int,
    atk: list[Any],
    dfn: list[Any],
    rates: list[float],
    agg: list[float],
    std: list[float],
    pf: float,
    fd: float,
    v: float,
    feba: float,
    td: float,
    cas: float,
) -> None:
    """§5.1.3 property: on random small engagements every loss is finite, >= 0 and never more
    than the unit holds; the FEBA stays in [0, 1]."""
    data = kill_data(
        stdtgt=pair(std[:3], std[3:]),
        katk=pair([rates[0:2]], [rates[2:4]]),
        kdef=pair([rates[4:6]], [rates[6:8]]),
        aggatk=pair([agg[0:2]], [agg[2:4]]),
        aggdef=pair([agg[4:6]], [agg[6:8]]),
        barier=pair([[0.3]], [[2.0]]),
        td=np.array([td, td]),
    )
    side_d = 3 - side_a

    def make(n: int, side: int, p: Any, **kw: Any) -> Participant:
        (res, inv, eff, area, tentry) = p
        return unit(
            n, side, res, involvement=inv, effectiveness=eff, area=area, tentry=tentry, **kw
        )

    attackers = [
        make(k + 1, side_a, p, location=loc, posture=post, barrier=bar if loc != LOC else 0)
        for k, (p, loc, post, bar) in enumerate(atk)
    ]
    defenders = [make(101 + k, side_d, p, posture=post) for k, (p, post) in enumerate(dfn)]
    r = assess_frame(
        data,
        StubCurves(pf=pf, fd=fd, v=v),
        weapon_values,
        side_a=side_a,
        loc=LOC,
        env=1,
        feba=feba,
        t=10.0,
        attackers=attackers,
        defenders=defenders,
        cas_atk=np.array([cas]),
        cas_def=np.array([cas / 2]),
    )
    assert 0.0 <= r.feba <= 1.0
    for u in (*attackers, *defenders):
        loss = r.losses[u.number]
        assert np.all(np.isfinite(loss)), (u.number, loss)
        assert np.all(loss >= 0.0), (u.number, loss)
        assert np.all(loss <= u.resources + 1e-9 * (1.0 + u.resources)), (u.number, loss)


# -- the Sinai design ---------------------------------------------------------------------------


def test_5_1_sinai_kill_data_shapes_follow_the_declarations() -> None:
    """File 50 groups 45-57 as arrays (§9.1): katk(s) is nggwep(s) x nmat(3-s), fckar(s) is
    nggwep(s) x kap, fckace(s) nmat(s) x nenv, dpers(s) npers(s) x nggwep(3-s) x nmat(s)."""
    d = load_sinai()[0]
    k = KillData.from_design(d)
    assert k.katk[0].shape == (4, 7)
    assert k.katk[1].shape == (4, 8)
    assert k.fckar[0].shape == (4, d.kap)
    assert k.fckac[1].shape == (7, d.kdp)
    assert k.fckace[0].shape[0] == 8
    assert k.dpers[0].shape == (1, 4, 8)
    assert k.dpers[1].shape == (1, 4, 7)


def test_5_1_sinai_frame_between_two_real_brigades() -> None:
    """§5.1-5.2 on the Sinai design (§9.2) with its own §5.4 curves: Red brigade 2 attacks
    Blue brigade 150 in hold; both lose, neither more than it holds, and the FEBA moves as
    vfeba at the frame's FRGA says."""
    d = load_sinai()[0]
    data = KillData.from_design(d)
    f = CombatFunctions(d)
    units = {u.number: u for u in d.units}
    red = np.asarray(units[2].resources, dtype=np.float64)
    blue = np.asarray(units[150].resources, dtype=np.float64)
    fi_red = f.involvement(Force(1, (units[2].butype,), red))
    fi_blue = f.involvement(Force(2, (units[150].butype,), blue))
    r = assess_frame(
        data,
        f,
        weapon_values,
        side_a=1,
        loc=LOC,
        env=1,
        feba=0.0,
        t=5.0,
        attackers=[unit(2, 1, red, location=NEAR, posture=40, involvement=fi_red)],
        defenders=[unit(150, 2, blue, posture=10, involvement=fi_blue, area=20.0)],
    )
    assert r.losses[2].sum() > 0
    assert r.losses[150].sum() > 0
    assert np.all(r.losses[2] <= fi_red * red + 1e-9)
    assert np.all(r.losses[150] <= fi_blue * blue + 1e-9)
    expected = min(max(f.vfeba(r.frga, 40, 10, 1) * d.tframe / d.depth, 0.0), 1.0)
    assert r.feba == pytest.approx(expected)


def unit_values(ka: object, kd: object) -> WeaponValues:
    """Every ground-to-ground weapon worth 1 on both sides (one type a side)."""
    return WeaponValues(np.array([1.0]), np.array([1.0]), 1.0, 1.0)


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


NONE = (0.0, 0.0, 0.0)


def _red_blue_design() -> Any:
    """File 50's kill data (groups 19, 42-59) for Red with two ground-to-ground weapon types
    and Blue with one, every factor 1.

    Red: w1, w2, s (materiel: nggwep 2, nmat 3), p; stdtgt (5, 5, 100, 100).
    Blue: w, s (nggwep 1, nmat 2), p; stdtgt (4, 40, 80).
    Red's weapons: katk (.2, .1) and aggatk (1, .5) on Blue's (w, s) each; Blue's weapon: kdef
    (.3, .3, .05) and aggdef (.8, .8, .4) on Red's (w1, w2, s). dpersb (3, .2) for each Red
    weapon, dpersr (2, 2, .1)."""
    ones = lambda rows, cols: ((1.0,) * cols,) * rows  # noqa: E731
    both = lambda red, blue: (ones(*red), ones(*blue))  # noqa: E731
    return SimpleNamespace(
        tframe=TFRAME,
        depth=DEPTH,
        poff_table=POFF,
        nggwep=(2, 1),
        nmat=(3, 2),
        npers=(1, 1),
        stdtgt=((5.0, 5.0, 100.0, 100.0), (4.0, 40.0, 80.0)),
        katk=(((0.2, 0.1),) * 2, ((0.2, 0.2, 0.1),)),
        kdef=(((0.3, 0.05),) * 2, ((0.3, 0.3, 0.05),)),
        aggatk=(((1.0, 0.5),) * 2, ((1.0, 1.0, 0.5),)),
        aggdef=(((0.8, 0.4),) * 2, ((0.8, 0.8, 0.4),)),
        fckar=both((2, 3), (1, 3)),
        fckdr=both((2, 3), (1, 3)),
        fckac=both((3, 3), (2, 3)),
        fckdc=both((3, 3), (2, 3)),
        fckare=both((2, 2), (1, 2)),
        fckdre=both((2, 2), (1, 2)),
        fckace=both((3, 2), (2, 2)),
        fckdce=both((3, 2), (2, 2)),
        barier=both((2, 1), (1, 1)),
        dpersr=(((2.0, 2.0, 0.1),),),
        dpersb=(((3.0, 0.2), (3.0, 0.2)),),
        td=(100.0, 100.0),
        febab=(3.0,),
    )


@pytest.mark.found_by_full_run
def test_5_1_1_pa_reads_poff_of_every_attack_posture_40_to_49_and_40_outside() -> None:
    """§5.1.1: PA = fckar(i, sideA, poff(postA)) for an attacker in an attack posture (40 to
    49, both ends included); any other posture is read as the standard attack posture 40.
    Here poff(49) = 2 and poff(50) = 3, whose fckar columns are .5 and .25; poff(40) = 1's is 1.
    An attacker in 49 puts .5 of the base fire on D, one in 50 the full fire (as 40)."""
    d = kill_data(poff={**POFF, 49: 2, 50: 3})
    d = factor(factor(d, "fckar", 1, 0, 1, 0.5), "fckar", 1, 0, 2, 0.25)
    assert frame(d, attackers=[attacker(posture=49)]).losses[101] == pytest.approx(0.5 * PLOSS_D)
    assert frame(d, attackers=[attacker(posture=50)]).losses[101] == pytest.approx(PLOSS_D)


@pytest.mark.found_by_full_run
def test_5_1_1_the_barrier_ceases_at_the_febab_of_its_own_type() -> None:
    """§5.1.1: B = barier(i, sideA, bt) while feba <= febab(bt) / depth. Two barrier types,
    febab = (3, 8): behind type 2 (barier .5) at feba .5 the barrier still holds (.5 <= .8),
    D takes half the base fire; type 1's febab (.3) would have ended it."""
    d = kill_data(
        barier=(np.array([[1.0, 0.5]]), np.array([[1.0, 0.5]])), febab=np.array([3.0, 8.0])
    )
    r = frame(d, attackers=[attacker(barrier=2)], feba=0.5)
    assert r.losses[101] == pytest.approx(0.5 * PLOSS_D)


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
def test_5_1_3_a_side_worth_less_than_one_is_still_scaled_to_frdval() -> None:
    """§5.1.3: the defenders' potential losses are scaled so that they lose the fraction
    frdval of their value: with frdval = .1 and D holding .01 weapons (its value ggrd = .01 *
    vd, below 1), D loses .1 of its weapons, .001, whatever its potential loss."""
    curves = StubCurves(fd=0.1)
    r = frame(curves=curves, defenders=[defender(resources=(0.01, 60.0, 40.0))])
    assert 0.0 < r.ggrd < 1.0
    assert r.losses[101][0] == pytest.approx(0.001)


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
def test_5_2_colocated_forces_start_the_frame_at_feba_1() -> None:
    """§5.1.3: colocated attackers and defenders have feba = 1; §5.2: feba' = feba +
    vfeba * tframe / depth, within 0..1. vfeba = -5 a day over tframe .5 and depth 10 moves
    it back by .25: .75 (from 1, whatever feba the frame was given)."""
    r = frame(None, StubCurves(v=-5.0), attackers=[attacker(location=LOC)])
    assert r.feba == pytest.approx(0.75)


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
def test_5_1_3_the_ground_force_ratio_at_small_and_zero_values() -> None:
    """§5.1.3: FRGRD = fgrd / ggrd; docs/rulings/idahex.md (Force ratios with nothing on one
    side): x / 0 is inf for x > 0 and 0 / 0 is 0. test_attrition.py's frame, one weapon type
    a side: 10 attacking weapons against .01 defending ones is a finite ratio fgrd / ggrd
    (ggrd below 1 is still a divisor); .01 attacking weapons against none is inf (fgrd below 1
    is still more than nothing); nothing against nothing is 0, on the ground and in FRGA."""
    r = frame(defenders=[defender(resources=(0.01, 0.0, 0.0))])
    assert 0.0 < r.ggrd < 1.0
    assert r.frgrd == pytest.approx(r.fgrd / r.ggrd)
    assert math.isfinite(r.frgrd)
    r = frame(
        attackers=[attacker(resources=(0.01, 0.0, 0.0))], defenders=[defender(resources=NONE)]
    )
    assert 0.0 < r.fgrd < 1.0
    assert r.frgrd == math.inf
    r = frame(attackers=[attacker(resources=NONE)], defenders=[defender(resources=NONE)])
    assert (r.frgrd, r.frga) == (0.0, 0.0)


@pytest.mark.found_by_full_run
def test_5_1_1_each_side_fires_its_own_weapon_types_at_the_other_s_standard_force() -> None:
    """§5.1.1: unitA's type i ground-to-ground weapons, i = 1..nggwep(sideA), fire on unitD's
    materiel with alpha(i, j) = aggatk(i, j, sideA) * rsdef(j) / (stdtgt(j, sideD) * DEN); the
    defenders' fire on unitA uses stdtgt(*, sideA). Red A = (10, 10, 100, 50) attacks Blue
    D = (8, 60, 40), every factor 1, tframe .5, losses unscaled (frdval < 0) and ti = 1:

    * on D: DEN = 1 * 8/4 + .5 * 60/40 = 2.75 for each of Red's two weapon types, so
      ploss(D) = (10 + 10) * (.2 * .5 * 2/2.75, .1 * .5 * .75/2.75) = (16/11, 3/11), and its
      personnel 2 * (3 * 8/11 + .2 * 1.5/11) = 48.6/11 (dpersb for each Red weapon type);
    * on A: DEN' = .8 * 10/5 + .8 * 10/5 + .4 * 100/100 = 3.6 (Red's stdtgt), beta = (4/9,
      4/9, 1/9), ploss(A) = 8 * (.3 * .5 * 4/9, .3 * .5 * 4/9, .05 * .5 * 1/9) = (8/15, 8/15,
      1/45), and its personnel 2 * 8/15 + 2 * 8/15 + .1 * 1/45 = 961/450."""
    data = KillData.from_design(_red_blue_design())
    r = assess_frame(
        data,
        StubCurves(),
        weapon_values,
        side_a=1,
        loc=LOC,
        env=1,
        feba=0.0,
        t=10.0,
        attackers=[attacker(resources=(10.0, 10.0, 100.0, 50.0))],
        defenders=[defender()],
    )
    assert r.losses[101].tolist() == pytest.approx([16 / 11, 3 / 11, 48.6 / 11])
    assert r.losses[1].tolist() == pytest.approx([8 / 15, 8 / 15, 1 / 45, 961 / 450])


def test_frames_of_one_attacker_and_one_defender_found_together_have_the_same_bits() -> None:
    """prepare_frames of many engagements of one attacker and one defender gives each one the
    FrameFire prepare_frame gives it alone, bit for bit: on the Sinai design, both sides
    attacking, with barriers, prepared and unprepared defenders, colocated attackers, units
    with nothing (zeros, kill matrices 0) and signed zeros among the holdings."""
    from hexwar.rulesets.idahex.attrition import prepare_frame, prepare_frames

    design, _ = load_sinai()
    data = KillData.from_design(design)
    curves = CombatFunctions(design)
    rng = np.random.default_rng(7)
    t = 30.0

    def unit(number: int, side: int, posture: int, loc: int) -> Participant:
        nrs = design.nrs[side - 1]
        held = rng.uniform(0.0, 200.0, nrs) * (rng.random(nrs) < 0.8)
        held[rng.random(nrs) < 0.1] = -0.0
        if rng.random() < 0.05:
            held[:] = 0.0
        involvement = rng.uniform(0.0, 1.0, nrs)
        involvement[rng.random(nrs) < 0.2] = 1.0
        return Participant(
            number=number,
            side=side,
            location=loc,
            posture=posture,
            tentry=float(rng.uniform(0.0, 40.0)),
            resources=held,
            involvement=involvement,
            effectiveness=float(rng.choice([1.0, rng.uniform(0.2, 1.5)])),
            barrier=int(rng.integers(0, 3)) if loc != LOC else 0,
            area=float(rng.choice([0.0, rng.uniform(0.0, 300.0)])),
        )

    for side_a in (1, 2):
        frames = []
        for k in range(60):
            colocated = rng.random() < 0.2
            attacker = unit(2 * k, side_a, int(rng.integers(40, 50)), LOC if colocated else NEAR)
            posture = int(rng.choice([10, 11, 12, 20, 21, 25]))
            defender = unit(2 * k + 1, 3 - side_a, posture, LOC)
            env = int(rng.integers(1, 5))
            frames.append((LOC, env, float(rng.choice([0.0, 0.3, 0.95, 1.0])), attacker, defender))
        together = prepare_frames(data, curves, side_a=side_a, t=t, frames=frames)
        for (loc, env, feba, attacker, defender), got in zip(frames, together, strict=True):
            want = prepare_frame(
                data,
                curves,
                side_a=side_a,
                loc=loc,
                env=env,
                feba=feba,
                t=t,
                attackers=[attacker],
                defenders=[defender],
            )
            assert got.feba == want.feba
            assert got.defdepth == want.defdepth
            for name in ("rsatk", "rsdef", "ersatk", "ersdef", "kill_a", "kill_d"):
                assert getattr(got, name).tobytes() == getattr(want, name).tobytes(), name
            for name in ("involved", "ers", "ploss"):
                mine, theirs = getattr(got, name), getattr(want, name)
                assert list(mine) == list(theirs), name
                for n in theirs:
                    assert mine[n].tobytes() == theirs[n].tobytes(), (name, n)
