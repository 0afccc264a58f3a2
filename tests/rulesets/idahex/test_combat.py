"""The combat model in the game (seed 000 §5, §5.3, §3.3.6): :class:`IdahexCombat` applies each
frame's losses, moves the defenders' ``tentry`` on when the FEBA advances, eliminates units that
have vanished, and on ``feba >= febad`` gives the engagement location to the attackers and makes
the defenders retreat to the cell ``haven`` picks -- or eliminates them when there is none.

Set-ups use real Sinai units (``tests.rulesets.idahex.sinai``) at the second period start. The
engagement location is cell 39 (Blue's); its rim cells, in order, are 27 and 28 (Red's), 38,
40, 50 and 51 (Blue's). Distances: 27 is next to 28 and 38 and two cells from 40, 50 and 51;
51 is next to 40 and 50. Blue's ``pthome`` is 5 (cell 50), ``haven.zoc`` is true.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from hexwar.rulesets.idahex.air import AirStrike, StrikeRecord, StrikeRole, Supported
from hexwar.rulesets.idahex.combat import VANISH_TOLERANCE, IdahexCombat, haven
from hexwar.rulesets.idahex.combat_functions import cell_area
from hexwar.rulesets.idahex.engine import Engagement
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.postures import DESTROYED, Order
from tests.rulesets.idahex.sinai import game, place, play, status, unit

LOC = 39
RIM = (27, 28, 38, 40, 50, 51)


def started(*units: Any) -> IdahexGame:
    g = game(*units)
    play(g)
    return g


def combat_of(g: IdahexGame) -> IdahexCombat:
    c = g.engine.combat
    assert isinstance(c, IdahexCombat)
    return c


def engaged(g: IdahexGame, attackers: dict[int, str], defenders: tuple[int, ...]) -> Engagement:
    """An engagement at 39: each attacker placed in its status ("27/40/39"); the defenders
    holding there."""
    e = g.engine
    for n, where in attackers.items():
        place(g, n, where, "39,10")
    eng = Engagement(LOC, 1, set(attackers), set(defenders), e.t)
    e.engagements[LOC] = eng
    return eng


def kinds(g: IdahexGame, kind: str) -> list[Any]:
    return [ev for ev in g.events(None) if ev.kind == kind]


def real_engagement() -> tuple[IdahexGame, Engagement]:
    """Red brigade 2 attacks Blue brigades 153 and 154 in cell 39 from 27 (§3.3.2 step 4)."""
    g = started(unit(2, 27), unit(153, 39), unit(154, 39))
    e = g.engine
    m = place(g, 2, "27/40/39", "39,10")
    assert m.next is not None
    e._xq(m, e.tf_status(m), m.next)
    eng = e.engagements[LOC]
    assert eng.attackers == {2}
    assert eng.defenders == {153, 154}
    return g, eng


# -- losses ------------------------------------------------------------------------------------


def test_5_1_3_losses_are_taken_from_the_units_resources() -> None:
    """§5.1.3: at a frame end each attacker's and defender's [resources] is reduced by its
    assessed loss; the frame's result is kept for the reports."""
    g, eng = real_engagement()
    e = g.engine
    c = combat_of(g)
    before = {n: e.units[n].resources.copy() for n in (2, 153, 154)}
    c.assess(e, eng)
    r = c.last[LOC]
    for n, held in before.items():
        assert e.units[n].resources == pytest.approx(held - r.losses[n])
        assert np.all(r.losses[n] >= 0.0)
        assert r.losses[n].sum() > 0.0
    assert len(kinds(g, "combat")) == 2  # one report per side


def test_5_1_frame_ends_assess_every_engagement_in_the_game() -> None:
    """§5: 'At the end of each frame, the results of every engagement during the frame are
    evaluated': letting the clock run one period (two frames) wears both sides down."""
    g, _ = real_engagement()
    e = g.engine
    held = {n: e.units[n].resources.sum() for n in (2, 153, 154)}
    play(g)
    for n, total in held.items():
        assert e.units[n].resources.sum() < total


def test_5_1_1_defdepth_in_the_game_from_the_defenders_zrarea_and_the_front() -> None:
    """§5.1.1: defarea = sum of zrarea(def(k)) (§5.4.2), front = the side of a square of the
    cell's area with the attackers in one cell (27), defdepth = min{defarea / front, depth}."""
    g, eng = real_engagement()
    e = g.engine
    c = combat_of(g)
    defarea = sum(c.zrarea(e.units[n]) for n in (153, 154))
    assert defarea > 0.0
    front = math.sqrt(cell_area(g.rules.design.depth))
    c.assess(e, eng)
    assert c.last[LOC].defdepth == pytest.approx(min(defarea / front, g.rules.design.depth))


def test_5_1_3_losses_respect_involvement() -> None:
    """§5.1.3: no unit loses more of a resource than is involved in the engagement
    (frinv * [resources]), unless FRGRD is beyond its extremes."""
    g, eng = real_engagement()
    e = g.engine
    c = combat_of(g)
    involved = {n: c.involvement(e, e.units[n]) * e.units[n].resources for n in (2, 153, 154)}
    c.assess(e, eng)
    r = c.last[LOC]
    assert 1e-4 <= r.frgrd <= 1e4
    for n, most in involved.items():
        assert np.all(r.losses[n] <= most + 1e-9)


# -- §3.3.6 tentry when the FEBA advances ------------------------------------------------------


def test_3_3_6_defenders_tentry_moves_on_when_the_feba_advances(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§3.3.6: 'If, during one frame of a given engagement, the FEBA ... advances, then for each
    defending unit ... tentry(i) is reset to t0 + tframe, where t0 is the value of tentry(i) at
    the start of the frame.' The attackers' tentry is untouched."""
    g, eng = real_engagement()
    e = g.engine
    c = combat_of(g)
    monkeypatch.setattr(c.functions, "vfeba", lambda fr, pa, pd, sa: 6.0)
    e.units[153].tentry = -3.0
    t0 = {n: e.units[n].tentry for n in (2, 153, 154)}
    c.assess(e, eng)
    assert eng.feba == pytest.approx(6.0 * 0.25 / 15.0)
    assert e.units[153].tentry == pytest.approx(-3.0 + 0.25)
    assert e.units[154].tentry == pytest.approx(t0[154] + 0.25)
    assert e.units[2].tentry == t0[2]


def test_3_3_6_tentry_is_kept_when_the_feba_does_not_advance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§3.3.6: only an advancing FEBA resets tentry (here the FEBA is pushed back)."""
    g, eng = real_engagement()
    e = g.engine
    c = combat_of(g)
    monkeypatch.setattr(c.functions, "vfeba", lambda fr, pa, pd, sa: -6.0)
    eng.feba = 0.5
    t0 = {n: e.units[n].tentry for n in (153, 154)}
    c.assess(e, eng)
    assert eng.feba == pytest.approx(0.4)
    assert {n: e.units[n].tentry for n in (153, 154)} == t0


# -- §5.3 vanish -------------------------------------------------------------------------------


def at_fraction(g: IdahexGame, n: int, margin: float) -> None:
    """Give unit ``n`` a toe-shaped holding worth ``vanish * sv - margin`` (§5.3)."""
    e = g.engine
    c = combat_of(g)
    u = e.units[n]
    _, rsvald = c.standard_values(u.side)
    toe = np.asarray(g.rules.design.toe[u.butype - 1], dtype=np.float64)
    sv = float(toe @ rsvald)
    vanish = g.rules.design.vanish[u.butype - 1]
    u.resources = toe * ((vanish * sv - margin) / sv)


@pytest.mark.parametrize(("margin", "eliminated"), [(0.5e-5, False), (2e-5, True)])
def test_5_3_vanish_eliminates_below_the_fraction_of_standard_value(
    margin: float, eliminated: bool
) -> None:
    """§5.3: sv = sum toe * rsvald, cv = sum [resources] * rsvald; the unit is eliminated if
    cv < vanish(butype) * sv - 10**-5 (Blue type 6: vanish = .04)."""
    g, _ = real_engagement()
    e = g.engine
    at_fraction(g, 153, margin)
    combat_of(g).vanish(e, e.units[153])
    assert VANISH_TOLERANCE == 1e-5
    notes = [ev for ev in kinds(g, "eliminated") if ev.data.get("unit") == 153]
    assert bool(notes) is eliminated
    tf = e.task_forces.get(e.units[153].tf or -1)
    if eliminated:
        assert tf is not None
        assert tf.orders == [Order(LOC, DESTROYED)]


def test_5_3_vanished_unit_is_destroyed_after_the_frame() -> None:
    """§5.3: after a frame's losses each attacker and defender is examined; a unit that has
    vanished 'is assigned the mission whose only order declares -10', which the clock then
    executes: the unit ends destroyed and leaves the engagement."""
    g, eng = real_engagement()
    e = g.engine
    e.units[153].resources = e.units[153].resources * 0.01
    combat_of(g).assess(e, eng)
    assert [ev.data["unit"] for ev in kinds(g, "eliminated")] == [153]
    play(g)
    assert e.units[153].posture == DESTROYED
    assert 153 not in e.engagements[LOC].defenders
    assert e.units[154].active


def test_5_3_vanish_of_zero_spares_a_unit_that_holds_anything() -> None:
    """§5.3 with vanish = 0 (Sinai Red type 4): cv < 0 * sv - 1e-5 never holds, so a unit
    left with a single resource survives."""
    g = started(unit(37, 29), unit(153, 39))
    e = g.engine
    u = e.units[37]
    assert g.rules.design.vanish[u.butype - 1] == 0.0
    u.resources = np.zeros_like(u.resources)
    u.change_resources(-1, 1.0)  # one soldier
    combat_of(g).vanish(e, u)
    assert not kinds(g, "eliminated")


def test_5_3_ruling_a_unit_with_nothing_left_is_eliminated() -> None:
    """Ruling on §5.3 (docs/rulings/idahex.md, "A unit with nothing left"): a unit whose value
    at toe is 0 is eliminated when combat leaves it no resource at all."""
    g = started(unit(37, 29), unit(153, 39))
    e = g.engine
    u = e.units[37]
    u.resources = np.zeros_like(u.resources)
    combat_of(g).vanish(e, u)
    assert [ev.data["unit"] for ev in kinds(g, "eliminated")] == [37]
    play(g)
    assert u.posture == DESTROYED


# -- §5.3 haven: admissibility -----------------------------------------------------------------


def test_5_3_haven_rim_cells_of_the_engagement_location() -> None:
    """§5.3: rim cells ordered by number (Figure 3.3); the module docstring's geometry."""
    g = game(unit(2, 27), unit(153, 39))
    grid = g.rules.grid
    assert grid.active_rim(LOC) == RIM
    d = {c: grid.hex_of(c).distance(grid.hex_of(27)) for c in RIM}
    assert d == {27: 0, 28: 1, 38: 1, 40: 2, 50: 2, 51: 2}
    assert grid.hex_of(51).distance(grid.hex_of(40)) == 1
    assert grid.hex_of(51).distance(grid.hex_of(50)) == 1


def test_5_3_haven_i_a_cell_holding_an_attacker_is_not_a_direction_of_retreat() -> None:
    """§5.3 (i): the cell must contain none of the attackers. Attacker in 51 (Blue's cell, also
    Blue's pthome 6 here): 51 is skipped; 40 and 50 are next to it (-2), 38 is two cells away
    (-1), 27 and 28 likewise but Red's (-1.5): 38."""
    g = started(unit(2, 51), unit(153, 39))
    eng = engaged(g, {2: "51/40/39"}, (153,))
    assert haven(g.engine, eng, zoc=False, pthome=6) == 38


def test_5_3_haven_ii_attackers_side_unit_bars_a_cell_unless_defended() -> None:
    """§5.3 (ii): a cell holding an active unit of the attackers' side is admissible only if it
    also holds a defenders' unit and is the defenders'. Attacker inside 39 (all rim cells
    score 0 by (2)-(3)); Blue's pthome is 50: a Red unit holding 50 bars it (38 wins the tie
    of zeros); a Blue unit with it makes 50 admissible again, and +1.8."""
    g = started(unit(2, 39), unit(153, 39), unit(7, 50))
    e = g.engine
    eng = engaged(g, {2: "39/10/39"}, (153,))
    assert haven(e, eng, zoc=False, pthome=5) == 38
    g2 = started(unit(2, 39), unit(153, 39), unit(7, 50), unit(176, 50))
    eng2 = engaged(g2, {2: "39/10/39"}, (153,))
    assert haven(g2.engine, eng2, zoc=False, pthome=5) == 50


def test_5_3_haven_ii_a_defenders_unit_in_the_attackers_cell_does_not_suffice() -> None:
    """§5.3 (ii): the cell must also be owned by the defenders' side: Red 7 and Blue 176 in
    Red's cell 28 leave it barred, so no +1.8 there can draw the retreat."""
    g = started(unit(2, 39), unit(153, 39), unit(7, 28), unit(176, 28))
    eng = engaged(g, {2: "39/10/39"}, (153,))
    assert haven(g.engine, eng, zoc=False, pthome=2) == 38


def zoc_case(*extra: Any) -> tuple[IdahexGame, Engagement]:
    """Attacker in 27; Red units hold 40, 50 and 51, barring them by (ii): only 28 and 38,
    both next to 27 and to 39, are left."""
    g = started(unit(2, 27), unit(153, 39), unit(7, 40), unit(8, 50), unit(14, 51), *extra)
    return g, engaged(g, {2: "27/40/39"}, (153,))


def test_5_3_haven_iii_without_zoc_flanking_attackers_do_not_block() -> None:
    """§5.3 with haven.zoc false: 28 (-2 - .5) and 38 (-2) are admissible: 38."""
    g, eng = zoc_case()
    assert haven(g.engine, eng, zoc=False, pthome=5) == 38


def test_5_3_haven_iii_zoc_blocks_cells_flanked_by_an_attacker() -> None:
    """§5.3 (iii), haven.zoc true: a cell next to both the engagement location and a cell
    holding an attacker must hold a defenders' unit and be theirs: 28 and 38 are blocked and
    there is no direction of retreat."""
    g, eng = zoc_case()
    assert haven(g.engine, eng, zoc=True, pthome=5) is None


def test_5_3_haven_iii_zoc_lets_a_defended_flanked_cell_through() -> None:
    """§5.3 (iii): Blue 176 holding Blue's 38 keeps it open under zoc (and scores -2 + 1.8)."""
    g, eng = zoc_case(unit(176, 38))
    assert haven(g.engine, eng, zoc=True, pthome=5) == 38


def test_5_3_haven_iii_zoc_ignores_attackers_inside_the_engagement_location() -> None:
    """§5.3 (iii) speaks of cells adjacent to both cell i and the engagement location: an
    attacker in 39 itself blocks nothing."""
    g = started(unit(2, 39), unit(153, 39))
    eng = engaged(g, {2: "39/10/39"}, (153,))
    assert haven(g.engine, eng, zoc=True, pthome=5) == 50


# -- §5.3 haven: scoring -----------------------------------------------------------------------


def test_5_3_haven_2_two_cells_from_an_attacker_scores_minus_1() -> None:
    """§5.3 (1)-(2), (6): attacker in 27: 40, 50 and 51 are exactly two cells from it (-1);
    28 and 38 are next to it (-2). The pthome cell gets +.01: 50 for pthome 5, 51 for 6."""
    g = started(unit(2, 27), unit(153, 39))
    eng = engaged(g, {2: "27/40/39"}, (153,))
    assert haven(g.engine, eng, zoc=False, pthome=5) == 50
    assert haven(g.engine, eng, zoc=False, pthome=6) == 51


def test_5_3_haven_ties_go_to_the_lowest_cell_number() -> None:
    """§5.3: 'ties are broken by minimizing r': with pthome on 27 (the attacker's own cell),
    40, 50 and 51 tie at -1: 40."""
    g = started(unit(2, 27), unit(153, 39))
    eng = engaged(g, {2: "27/40/39"}, (153,))
    assert haven(g.engine, eng, zoc=False, pthome=1) == 40


def test_5_3_haven_3_next_to_an_attacker_scores_minus_2() -> None:
    """§5.3 (3): 38, next to the attacker in 27, scores -2 (+.01 as pthome 3) and loses to
    40's -1."""
    g = started(unit(2, 27), unit(153, 39))
    eng = engaged(g, {2: "27/40/39"}, (153,))
    assert haven(g.engine, eng, zoc=False, pthome=3) == 40


def test_5_3_haven_4_attackers_cells_score_minus_half() -> None:
    """§5.3 (4): with the attacker inside 39 every rim cell starts at 0; Red's 27 and 28 lose
    .5: even as pthome (+.01) 28 loses to Blue's 38."""
    g = started(unit(2, 39), unit(153, 39))
    eng = engaged(g, {2: "39/10/39"}, (153,))
    assert haven(g.engine, eng, zoc=False, pthome=2) == 38
    assert haven(g.engine, eng, zoc=False, pthome=4) == 40


def test_5_3_haven_5_a_defended_cell_scores_plus_1_8() -> None:
    """§5.3 (5): a cell of the defenders' side holding one of their active units gains 1.8:
    with the attacker inside 39, Blue 176 in 51 draws the retreat from pthome 50 (+.01)."""
    g = started(unit(2, 39), unit(153, 39), unit(176, 51))
    eng = engaged(g, {2: "39/10/39"}, (153,))
    assert haven(g.engine, eng, zoc=False, pthome=5) == 51


def test_5_3_haven_5_outweighs_an_adjacent_attacker() -> None:
    """§5.3 (3) + (5): Blue 176 in 38, next to the attacker in 27: -2 + 1.8 = -.2 beats the
    -1 (+.01) of 50."""
    g = started(unit(2, 27), unit(153, 39), unit(176, 38))
    eng = engaged(g, {2: "27/40/39"}, (153,))
    assert haven(g.engine, eng, zoc=False, pthome=5) == 38


def test_5_3_haven_only_active_attackers_count() -> None:
    """§5.3: an attacker no longer active (destroyed) blocks and penalises nothing. Attackers
    in 27 and inside 39, pthome 3 (38): while 27's is active, zoc closes 38 and 40 wins the
    tie of -1s; once it is destroyed every rim cell of Blue's scores 0 and 38 (+.01) wins."""
    g = started(unit(2, 27), unit(4, 39), unit(153, 39))
    eng = engaged(g, {2: "27/40/39", 4: "39/10/39"}, (153,))
    assert haven(g.engine, eng, zoc=True, pthome=3) == 40
    g.engine.units[2].posture = DESTROYED
    assert haven(g.engine, eng, zoc=True, pthome=3) == 38


# -- §5.3 defeat -------------------------------------------------------------------------------


def defeat(g: IdahexGame, eng: Engagement, monkeypatch: pytest.MonkeyPatch) -> None:
    """One frame that leaves feba >= febad (.99 in Sinai)."""
    c = combat_of(g)
    monkeypatch.setattr(c.functions, "vfeba", lambda fr, pa, pd, sa: 0.0)
    eng.feba = 0.995
    c.assess(g.engine, eng)


def test_5_3_defeat_gives_the_cell_to_the_attackers_and_the_defenders_retreat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§5 'As soon as feba >= febad, ownership of the engagement location passes to the
    attackers' side'; §5.3: each defender holding is ordered to objective r = haven's cell,
    posture pmapup**4 of its hold posture, at the front of the queue; then it disengages."""
    g, eng = real_engagement()
    e = g.engine
    expected = haven(e, eng, g.rules.design.haven_zoc, g.rules.design.haven_pthome[1])
    assert expected == 50  # 27 flanks 28 and 38 (zoc); 40, 50, 51 score -1; pthome 5
    defeat(g, eng, monkeypatch)
    assert e.owner[LOC] == 1
    for n in (153, 154):
        tf = e.task_forces[e.units[n].tf or -1]
        assert tf.orders[0] == Order(50, 10)
    [note] = kinds(g, "retreat")
    assert note.data["to"] == 50
    play(g)
    for n in (153, 154):
        assert e.units[n].objective == 50
        assert e.units[n].pc in (2, 3, 4) or e.units[n].location == 50


def test_5_3_defeated_defenders_without_a_line_of_retreat_are_eliminated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§5.3: 'If the defenders have no admissible direction of retreat, they are eliminated':
    zoc closes 28 and 38, Red units bar 40, 50 and 51."""
    g, eng = zoc_case(unit(154, 39))
    e = g.engine
    eng.defenders.add(154)
    defeat(g, eng, monkeypatch)
    assert sorted(ev.data["unit"] for ev in kinds(g, "eliminated")) == [153, 154]
    assert not kinds(g, "retreat")
    play(g)
    assert e.units[153].posture == DESTROYED
    assert e.units[154].posture == DESTROYED
    assert e.owner[LOC] == 1


def test_5_3_defeated_disengaging_defenders_without_a_line_of_retreat_are_eliminated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§5.3: 'If the defenders have no admissible direction of retreat, they are eliminated' --
    all of them, the engagement's defenders being its units in hold *or disengagement*
    postures (§5). Unit 154 already disengages toward 38 (zoc closes it): with 153 holding,
    both are eliminated; 154 is not ordered to retreat either way."""
    g, eng = zoc_case(unit(154, 39))
    e = g.engine
    place(g, 154, "39/20/38", "38,10")
    eng.defenders.add(154)
    defeat(g, eng, monkeypatch)
    assert sorted(ev.data["unit"] for ev in kinds(g, "eliminated")) == [153, 154]
    play(g)
    assert e.units[154].posture == DESTROYED


def test_5_3_defeat_of_defenders_all_disengaging_still_asks_haven(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§5.3: the line-of-retreat test does not depend on whether the defenders still hold;
    defenders already disengaging keep their orders when a line exists and are eliminated
    when none does."""
    g, eng = zoc_case()
    e = g.engine
    place(g, 153, "39/20/38", "38,10")
    defeat(g, eng, monkeypatch)
    assert [ev.data["unit"] for ev in kinds(g, "eliminated")] == [153]
    g2, eng2 = zoc_case(unit(176, 38))  # 38 is Blue's and held: a line of retreat
    place(g2, 153, "39/20/38", "38,10")
    tf = g2.engine.task_forces[g2.engine.units[153].tf or -1]
    defeat(g2, eng2, monkeypatch)
    assert not kinds(g2, "eliminated")
    assert tf.orders == [Order(38, 10)]
    assert e.owner[LOC] == 1


def test_5_3_no_defeat_below_febad(monkeypatch: pytest.MonkeyPatch) -> None:
    """§5: only feba >= febad defeats the defenders."""
    g, eng = real_engagement()
    c = combat_of(g)
    monkeypatch.setattr(c.functions, "vfeba", lambda fr, pa, pd, sa: 0.0)
    eng.feba = 0.98
    c.assess(g.engine, eng)
    assert g.engine.owner[LOC] == 2
    assert not kinds(g, "retreat")
    assert status(g, 153) == "39/10/39"


# -- §5.4 functions as the game applies them ---------------------------------------------------


def test_5_4_1_units_of_one_side_in_one_cell_and_engagement_share_support() -> None:
    """§5.4.1: L is every unit of the side in the same engagement and the same cell; they
    share their support, so a brigade without supplies fights with its neighbour's: both get
    the force's involvement. A unit of the same side in another cell of the engagement is a
    force of its own."""
    g = started(unit(2, 27), unit(4, 27), unit(5, 28), unit(153, 39))
    e = g.engine
    engaged(g, {2: "27/40/39", 4: "27/40/39", 5: "28/40/39"}, (153,))
    c = combat_of(g)
    nmat = g.rules.design.nmat[0]
    neq = g.rules.design.nequip[0]
    e.units[4].change_resources(slice(neq, nmat), 0.0)  # no supplies of its own
    e.units[5].change_resources(slice(neq, nmat), 0.0)
    fi2, fi4, fi5 = (c.involvement(e, e.units[n]) for n in (2, 4, 5))
    assert fi4 == pytest.approx(fi2)
    assert fi4[:neq].max() > 0.0
    assert fi5[: g.rules.design.nggwep[0]] == pytest.approx(np.zeros(g.rules.design.nggwep[0]))


def test_5_4_3_freff_counts_every_active_friendly_unit_in_the_cell() -> None:
    """§5.4.3: F is every active friendly unit in the cell -- engaged or not; the density is
    the sum of their zrarea over the cell area. Crowding 27 with Red brigades lowers the
    attackers' effectiveness (Sinai freff.f falls past a density of 1)."""
    g = started(unit(2, 27), unit(153, 39))
    crowd = (2, 4, 5, 7, 8, 14, 15, 22)  # eight Red brigades holding 27: density 240 / 194.9
    g2 = started(*(unit(n, 27) for n in crowd), unit(153, 39))
    alone = combat_of(g).freff(g.engine, g.engine.units[2])
    crowded = combat_of(g2).freff(g2.engine, g2.engine.units[2])
    c = combat_of(g2)
    area = sum(c.zrarea(g2.engine.units[n]) for n in crowd)
    assert crowded == pytest.approx(c.functions.freff(1, area))
    assert crowded < alone


def test_5_2_close_air_support_is_spread_over_the_frames_of_the_cycle() -> None:
    """§5.2: CASATK and CASDEF, recorded for the cycle, are divided by nframe (Sinai: tcycle 1,
    tframe .25: 4 frames) before fair and gair are valued."""
    g, eng = real_engagement()
    e = g.engine
    c = combat_of(g)
    cas_atk = np.array([8.0, 0.0, 4.0, 0.0])  # Blue weapons destroyed by Red CAS this cycle
    strike = AirStrike(1, LOC, StrikeRole.CAS, (4,))
    c.air_records.append(
        StrikeRecord(
            strike=strike,
            supported=Supported.ATTACKERS,
            pc=None,
            env=e.environment(LOC),
            units=(),
            agwep=np.zeros(1),
            grdrs=np.zeros(7),
            alpha=np.zeros((1, 7)),
            potential=np.zeros((0, 7)),
            losses=np.zeros((0, 8)),
            casfx=cas_atk,
        )
    )
    c.assess(e, eng)
    r = c.last[LOC]
    vd = r.values.vd
    assert r.fair == pytest.approx(float((cas_atk / 4) @ vd) / r.values.alpha)
    assert r.gair == 0.0
    assert r.frga == pytest.approx((r.fgrd + r.fair) / r.ggrd)


def test_one_units_summed_holdings_have_the_bits_of_numpys_sum() -> None:
    from types import SimpleNamespace

    from hexwar.rulesets.idahex.combat import _summed

    rng = np.random.default_rng(5)
    special = [-0.0, 0.0, 5e-324, -5e-324, 1e-310, math.inf, -math.inf, math.nan, 1.0, -2.5]
    for k in range(200):
        row = rng.standard_normal(12) * 10.0 ** rng.integers(-300, 300, 12)
        row[rng.integers(0, 12, 4)] = [special[(k + j) % len(special)] for j in range(4)]
        one = [SimpleNamespace(resources=row)]
        two = [SimpleNamespace(resources=row), SimpleNamespace(resources=row[::-1].copy())]
        with np.errstate(invalid="ignore"):  # inf + -inf
            assert _summed(one).tobytes() == np.sum([row], axis=0).tobytes()  # type: ignore[arg-type]
            want = np.sum([row, row[::-1]], axis=0)
            assert _summed(two).tobytes() == want.tobytes()  # type: ignore[arg-type]


def test_a_frames_engagements_found_together_play_the_game_found_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The theater of benchmarks/idahex_scale.py (25 engagements a frame, CAS over some):
    the same final state with each frame's fire and weapon values found together at its
    first assessment as with every engagement found in its turn."""
    import importlib
    from pathlib import Path

    from hexwar.rulesets.idahex import combat as combat_module

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[3] / "benchmarks"))
    scale = importlib.import_module("idahex_scale")
    scenario, places = scale.generated_design(100, 2)
    taken = 0
    take = IdahexCombat._take_prepared

    def counted(self: IdahexCombat, engine: Any, e: Engagement) -> Any:
        nonlocal taken
        found = take(self, engine, e)
        taken += found is not None
        return found

    monkeypatch.setattr(IdahexCombat, "_take_prepared", counted)
    together = scale.play(scenario, places, 2)["state"]
    assert taken > 100
    monkeypatch.setattr(combat_module, "FRAME_BATCH_FROM", 10**9)
    taken = 0
    alone = scale.play(scenario, places, 2)["state"]
    assert taken == 0
    assert together == alone


def test_what_prefetch_finds_by_unit_is_what_each_unit_finds_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The theater of benchmarks/idahex_scale.py at 300 units (75 engagements a frame, so
    each side's forces are allocated together): at every prefetch, each unit's ``frinv``
    and force handed back are those :meth:`IdahexCombat.involvement` and ``_force`` find
    for it then, and the forces' support up to the equipment found together
    (``_support_many``) is ``_support``'s, force by force, bit for bit."""
    import importlib
    from pathlib import Path

    from hexwar.rulesets.idahex.combat_functions import CombatFunctions

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[3] / "benchmarks"))
    scale = importlib.import_module("idahex_scale")
    scenario, places = scale.generated_design(300, 1)
    prefetch = IdahexCombat.prefetch
    support_many = CombatFunctions._support_many
    seen = {"units": 0, "forces": 0}

    def checked(self: IdahexCombat, engine: Any) -> Any:
        frinvs = prefetch(self, engine)
        assert self._found is not None
        assert self._found[0] is frinvs
        for n, fi in frinvs.items():
            u = engine.units[n]
            assert [m.number for m in self._found[1][n]] == [
                m.number for m in self._force(engine, u)
            ]
            assert fi.tobytes() == self.involvement(engine, u).tobytes()
            seen["units"] += 1
        return frinvs

    def support_checked(self: CombatFunctions, s: int, forces: Any, amounts: Any) -> Any:
        fis, suppts, allocs = support_many(self, s, forces, amounts)
        for row, force in enumerate(forces):
            fi, suppt, alloc = self._support(force)
            assert fis[row].tobytes() == fi.tobytes()
            assert suppts[row].tobytes() == suppt.tobytes()
            assert allocs[row].tobytes() == alloc.tobytes()
            seen["forces"] += 1
        return fis, suppts, allocs

    monkeypatch.setattr(IdahexCombat, "prefetch", checked)
    monkeypatch.setattr(CombatFunctions, "_support_many", support_checked)
    scale.play(scenario, places, 1)
    assert seen["units"] > 1000
    assert seen["forces"] > 100


@pytest.mark.parametrize("iprint", [None, 5, 9, 15])
def test_combat_notes_straight_to_the_log_are_those_the_reporter_makes(
    iprint: int | None,
) -> None:
    """The combat notes a game keeps go straight to its log (``Engine.log_note``) as its
    reporter would make them: the Sinai sample's whole game, computer against computer,
    gives the same events (times, kinds, texts, who sees them, data) as with every note
    through the reporter, at the sample's print level and others (§8)."""
    from hexwar.sessions import Session, resolve_scenario

    r = resolve_scenario("idahex/sinai")
    scenario = r.scenario
    if iprint is not None:
        design = scenario.design.model_copy(update={"iprint": iprint})
        scenario = scenario.model_copy(update={"design": design})

    def events(straight: bool) -> list[tuple[Any, ...]]:
        g = r.ruleset.new_game(scenario, seed=1, scenario_id=r.scenario_id)
        assert isinstance(g, IdahexGame)
        if not straight:
            g.engine.log_note = None
        Session(g, dict.fromkeys(r.ruleset.info.sides, "ai")).run()
        return [(e.time, e.kind, e.text, e.visible_to, dict(e.data)) for e in g.events(None)]

    straight = events(True)
    assert any(e[1] == "combat-detail" for e in straight)
    assert straight == events(False)
