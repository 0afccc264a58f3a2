"""The tactical situations of seed 000 §3.3 that need a precise set-up: §3.3.2 steps 2, 3
(case 2), 5 and 6, §3.3.6 virtual time of posture class entry, the generated delivery order
of §4.2.2 and the §7 movement abort.

Each test places real Sinai units (``tests.rulesets.idahex.sinai``) in the statuses the
manual's paragraph speaks of, lets ``xq`` (or the clock) act, and checks the paragraph's
outcome. Cells: 27 is Red's, 38 and 49 are Blue's; 27-38, 38-49, 27-39 and 38-39 are
adjacent.
"""

from __future__ import annotations

import pytest

from hexwar.rulesets.idahex.delays import march_delay
from hexwar.rulesets.idahex.design import Unit
from hexwar.rulesets.idahex.engine import Engagement, TaskForce
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.postures import Order
from tests.rulesets.idahex.sinai import BY_NUMBER, game, place, play, status, unit

T = 0.5  # the second period start, where each set-up is made


def started(*units: Unit) -> IdahexGame:
    g = game(*units)
    play(g)
    assert g.engine.t == pytest.approx(T)
    return g


def xq(g: IdahexGame, tf: TaskForce) -> None:
    """Let ``tf`` make its next change of status now, as when it reaches the queue's front."""
    e = g.engine
    assert tf.next is not None
    e._xq(tf, e.tf_status(tf), tf.next)


def events_of(g: IdahexGame, n: int) -> list[tuple[float, str]]:
    return [
        (ev.time, ev.data["status"])
        for ev in g.events(None)
        if ev.kind == "status" and f"(units {n})" in ev.text
    ]


# -- §3.3.2 step 2 ------------------------------------------------------------------------


@pytest.mark.parametrize(("blue_after", "owner_wins"), [(0.5, True), (2.0, False)])
def test_3_3_2_step_2_virtual_ties_favour_the_cells_owner(
    blue_after: float, owner_wins: bool
) -> None:
    """§3.3.2 step 2: Red attacks Blue's empty cell 38 at t while a Blue task force attacking
    toward 38 is due no later than t + eps: Blue is rescheduled to t, ahead of Red, occupies
    its cell first, and Red's occupation meets a security force (step 4). Due later than
    t + eps, Blue is too late: Red occupies 38 (step 3) and Blue's arrival is the attack."""
    g = started(unit(2, 27), unit(150, 99))
    e = g.engine
    eps = e.clock.eps
    assert e.owner[38] == 2
    t1 = 0.6
    place(g, 2, "27/40/38", "38,10", at=t1)
    place(g, 150, "49/40/38", "38,10", at=t1 + blue_after * eps)
    play(g)
    if owner_wins:
        assert events_of(g, 150)[0] == (pytest.approx(t1), "38/10/38")
        assert status(g, 2) == "27/40/38"
        assert e.engagements[38].attacker == 1
        assert e.engagements[38].defenders == {150}
    else:
        assert events_of(g, 2)[0] == (pytest.approx(t1), "38/10/38")
        assert status(g, 150) == "49/40/38"
        assert e.engagements[38].attacker == 2
        assert e.engagements[38].defenders == {2}


# -- §3.3.2 step 3, case 2 ----------------------------------------------------------------


def test_3_3_2_step_3_case_2_enemy_bound_for_the_attackers_cell_turns_to_hold() -> None:
    """§3.3.2 step 3, case 2 (no unit in the transfer posture): a side sd task force in po
    whose objective is owned by side sa and holds side sa units (Blue 150 disengaging from
    38 toward Red's 27) gets the order "po, 10" when its first change is possible by
    t + eps, and runs ahead of the attacker; the attacker then meets a security force."""
    g = started(unit(2, 27), unit(150, 38))
    e = g.engine
    m = place(g, 2, "27/40/38", "38,10")
    blue = place(g, 150, "38/20/27", "27,10", at=5.0)
    xq(g, m)
    assert blue.orders[0] == Order(38, 10)
    assert status(g, 2) == "27/40/38"
    assert 38 not in e.engagements
    play(g)
    assert status(g, 150) == "38/10/38"
    assert e.engagements[38].attacker == 1
    assert e.engagements[38].defenders == {150}
    assert e.engagements[38].attackers == {2}


def test_3_3_2_step_5_disengaging_enemy_not_bound_for_the_attacker_joins_an_engagement() -> None:
    """§3.3.2 step 3 case 2 does not apply when the enemy's objective is not the attacking
    side's (Blue 150 disengaging toward its own cell 49); step 5 joins the disengaging unit
    in an engagement with the attacker, which occupies po."""
    g = started(unit(2, 27), unit(150, 38))
    e = g.engine
    m = place(g, 2, "27/40/38", "38,10")
    place(g, 150, "38/20/49", "49,10", at=5.0)
    xq(g, m)
    assert status(g, 2) == "38/10/38"
    assert e.owner[38] == 1
    assert e.engagements[38].attackers == {2}
    assert e.engagements[38].defenders == {150}


# -- §3.3.2 step 5 ------------------------------------------------------------------------


def test_3_3_2_step_5_movers_that_just_left_revert_to_disengagement() -> None:
    """§3.3.2 step 5: side sd units moving out of po with tentry > t - delta revert to
    pmapup(pmapup(pmapup(post))) (30 -> 20 in Sinai) and join an engagement with the
    attacker; those that left earlier keep moving and stay out of it."""
    g = started(unit(2, 27), unit(150, 38), unit(153, 38))
    e = g.engine
    delta = g.rules.design.delta
    m = place(g, 2, "27/40/38", "38,10")
    place(g, 150, "38/30/49", "49,10", at=5.0, tentry=T - delta / 2)
    place(g, 153, "38/30/49", "49,10", at=5.0, tentry=T - 2 * delta)
    xq(g, m)
    assert status(g, 150) == "38/20/49"
    assert status(g, 153) == "38/30/49"
    assert status(g, 2) == "38/10/38"
    assert e.engagements[38].defenders == {150}
    notes = [ev.text for ev in g.events("blue") if ev.kind == "posture"]
    assert any("unit 150 reverts to disengaging" in n for n in notes)


def test_3_3_2_step_3_averts_the_loss_of_an_engaged_attacker_in_po() -> None:
    """§3.3.2 step 4's note: 'Step 3 alters orders and re-sequences the queue to avert such
    catastrophes whenever possible'. Blue 153 in 38 attacks Red's 26 (engaged there); Red
    attacks 38. Step 3 case 2 turns 153 to hold 38 (the change takes 0 by §3.2.7), ahead of
    Red, which then meets a security force instead of destroying 153."""
    g = started(unit(2, 27), unit(4, 26), unit(153, 38))
    e = g.engine
    e.engagements[26] = Engagement(26, 2, {153}, {4}, 0.0)
    m = place(g, 2, "27/40/38", "38,10")
    blue = place(g, 153, "38/40/26", "26,10")
    xq(g, m)
    assert blue.orders[0] == Order(38, 10)
    play(g)
    assert status(g, 153) == "38/10/38"
    assert e.engagements[38].defenders == {153}
    assert status(g, 2) == "27/40/38"


def test_3_3_2_step_5_engaged_attackers_in_po_are_destroyed() -> None:
    """§3.3.2 step 5: 'Take each side sd unit located in cell po that is attacking in some
    engagement, constitute it as a task force ..., give the task force the active order
    "desired objective = po, desired posture = -10", and place the task force at the front
    of the queue.' Step 3 case 2 lets this happen only to an attacker whose objective holds
    no active side sa unit: Blue 153 in 38 attacks Red's 26, whose defender has just gone."""
    g = started(unit(2, 27), unit(153, 38))
    e = g.engine
    assert e.owner[26] == 1
    e.engagements[26] = Engagement(26, 2, {153}, set(), 0.0)
    m = place(g, 2, "27/40/38", "38,10")
    blue = place(g, 153, "38/40/26", "26,10")
    xq(g, m)
    assert status(g, 2) == "38/10/38"
    assert blue.orders == [Order(38, -10)]
    key = e.clock.queue.key(blue.number)
    assert key is not None
    assert key.time == pytest.approx(T)
    play(g)
    assert e.units[153].posture == -10


# -- §3.3.2 step 6 ------------------------------------------------------------------------


def test_3_3_2_step_6_engaged_attacker_occupies_and_destroys_engaged_enemy_attackers() -> None:
    """§3.3.2 step 6: task force m is already engaged at po (its defenders are leaving); it
    occupies po, and side sd units in po in an attack posture and engaged elsewhere (Blue
    153 attacking 26) are given "po, -10" at the front of the queue."""
    g = started(unit(2, 27), unit(4, 26), unit(150, 38), unit(153, 38))
    e = g.engine
    e.engagements[38] = Engagement(38, 1, {2}, {150}, 0.0)
    e.engagements[26] = Engagement(26, 2, {153}, {4}, 0.0)
    m = place(g, 2, "27/40/38", "38,10")
    place(g, 150, "38/20/49", "49,10", at=5.0)
    blue = place(g, 153, "38/40/26", "26,10")
    xq(g, m)
    assert status(g, 2) == "38/10/38"
    assert blue.orders == [Order(38, -10)]
    play(g)
    assert e.units[153].posture == -10


# -- §3.3.6 virtual time of posture class entry -------------------------------------------


def _abort(g: IdahexGame, where: str, tentry: float, threat: str | None) -> float:
    """Red 2 in ``where`` aborts toward its own cell 27; Blue 150 in ``threat`` (if any);
    returns unit 2's tentry after the change."""
    if threat is not None:
        place(g, 150, threat, "27,10", at=5.0)
    m = place(g, 2, where, "27,10", tentry=tentry)
    assert m.next is not None
    assert m.next.posture_class == 4
    assert m.next.objective == 27
    g.engine.enter(m, m.next)
    return g.engine.units[2].tentry


def test_3_3_6_abort_without_threat_keeps_max_of_t_and_tentry() -> None:
    """§3.3.6: aborting with no enemy task force bound for pl from elsewhere than po:
    tentry = max{t, tentry}."""
    g = started(unit(2, 27), unit(150, 99))
    assert _abort(g, "27/30/38", 0.3, None) == pytest.approx(T)
    g = started(unit(2, 27), unit(150, 99))
    assert _abort(g, "27/30/38", 0.9, None) == pytest.approx(0.9)


def test_3_3_6_threat_from_po_itself_is_no_threat() -> None:
    """§3.3.6: the threat must come from a cell other than po (the enemy the task force was
    moving against does not count)."""
    g = started(unit(2, 27), unit(150, 99))
    assert _abort(g, "27/30/38", 0.3, "38/30/27") == pytest.approx(T)


def test_3_3_6_aborted_disengagement_under_threat() -> None:
    """§3.3.6: ppc = 2 under threat: tentry = max{t, tentry}."""
    g = started(unit(2, 27), unit(150, 99))
    assert _abort(g, "27/20/38", 0.3, "39/30/27") == pytest.approx(T)


def test_3_3_6_aborted_movement_under_threat_is_set_ahead() -> None:
    """§3.3.6: ppc = 3 and an enemy threatens pl from the flank: tentry = max{t + (t -
    tentry), t}, ahead of t by the time the unit has been moving."""
    g = started(unit(2, 27), unit(150, 99))
    assert _abort(g, "27/30/38", 0.3, "39/30/27") == pytest.approx(T + (T - 0.3))


def test_3_3_6_aborted_attack_under_threat_adds_the_march_back() -> None:
    """§3.3.6: ppc = 4 and an enemy threatens pl: tentry = t + the movement delay of the
    task force from po to pl in posture 30 (ruling: the abort is the 'remaining case' though
    the next class is also 4)."""
    g = started(unit(2, 27), unit(150, 99))
    e = g.engine
    back = march_delay(
        1,
        [e.units[2].element()],
        0,
        38,
        30,
        27,
        g.rules.grid,
        e.rtetype,
        e.bartype,
        g.rules.movement,
    )
    assert back.finite
    assert back.value > 0
    assert _abort(g, "27/40/38", 0.3, "39/40/27") == pytest.approx(T + back.value)


def test_3_3_6_entering_movement_sets_tentry_to_t() -> None:
    """§3.3.6: npc = 2 or 3: tentry = t (even if it was later)."""
    g = started(unit(2, 27), unit(150, 99))
    m = place(g, 2, "27/20/38", "38,10", tentry=3.0)
    assert m.next is not None
    g.engine.enter(m, m.next)
    assert status(g, 2) == "27/30/38"
    assert g.engine.units[2].tentry == pytest.approx(T)


# -- §4.2.2 generated delivery order -----------------------------------------------------


def _short_of_ammunition(n: int, cell: int) -> Unit:
    u = unit(n, cell)
    resources = list(u.resources)
    resources[6] = 20.0  # ammo; the toe of type 1 is 70
    return u.model_copy(update={"resources": tuple(resources)})


@pytest.mark.parametrize(("mission", "delivered"), [("26,11 26,10", True), ("26,11", False)])
def test_4_2_2_generated_delivery_order_on_entering_the_transfer_posture(
    mission: str, delivered: bool
) -> None:
    """§4.2.2: a task force entering posture itrfp (11) whose mission goes on, with no
    delivery order of its own, gets a generated one (size 1.0, no intended recipients): every
    friendly unit in the cell not in posture itrfp is brought up toward its toe. When the
    change accomplishes the mission (condition (1)) the player is expected to give a
    transfer command, and nothing is delivered."""
    g = game(_short_of_ammunition(14, 26), unit(51, 26), unit(150, 99))
    e = g.engine
    toe = g.rules.toe[BY_NUMBER[14].butype - 1][6]
    total = e.units[14].resources + e.units[51].resources
    play(g, f"mission {mission} units 51")
    play(g)
    assert e.units[51].posture in (10, 11)
    if delivered:
        assert e.units[14].resources[6] == pytest.approx(toe)
        assert any(ev.kind == "delivery" for ev in g.events("red"))
    else:
        assert e.units[14].resources[6] == pytest.approx(20.0)
    assert e.units[14].resources + e.units[51].resources == pytest.approx(total)


# -- §7 movement abort --------------------------------------------------------------------


def test_7_moving_task_force_out_of_supplies_stops_and_holds() -> None:
    """§7: at a frame end, a moving task force whose movement delay, were it starting now,
    would be infinite (its supplies no longer meet ssreqm) reverts to a hold in place, and
    its player is told why."""
    g = started(unit(2, 27), unit(150, 99))
    e = g.engine
    m = place(g, 2, "27/30/38", "38,10", at=5.0)
    e.units[2].change_resources(slice(6, 8), 0.0)  # no ammunition and no fuel left
    e.abort_if_unsupplied(m)
    assert m.orders == [Order(27, 10)]
    play(g)
    assert status(g, 2) == "27/10/27"
    notes = [ev.text for ev in g.events("red") if ev.kind == "supplies"]
    assert any("run out of supplies" in n for n in notes)


@pytest.mark.parametrize(("fuel", "arrives"), [(None, True), (1.0, False)])
def test_7_supplies_run_out_during_a_march_in_a_full_game(
    fuel: float | None, arrives: bool
) -> None:
    """§7 in play: unit 2 marches from 27 to 38 (about .47 days). With its Sinai supplies it
    arrives; with one unit of fuel the first frame end (t = .25) leaves it short of ssreqm,
    the movement stops, the unit holds 27, and its player is told why."""
    resources = list(BY_NUMBER[2].resources)
    if fuel is not None:
        resources[7] = fuel
    marching = unit(2, 27).model_copy(update={"resources": tuple(resources)})
    g = game(marching, unit(150, 99))
    play(g, "mission 38,10 units 2")
    play(g)
    notes = [ev for ev in g.events("red") if ev.kind == "supplies"]
    if arrives:
        assert status(g, 2) == "38/10/38"
        assert not notes
    else:
        assert status(g, 2) == "27/10/27"
        assert notes[0].time == pytest.approx(g.rules.design.tframe)
        assert "run out of supplies" in notes[0].text
