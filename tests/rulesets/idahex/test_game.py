"""The IDAHEX game loop on the Sinai design data (seed 000 §2.3, §3.2, §3.3, §4, §7, §8).

Each test places a few Sinai units (their real types and resources) on the Sinai area of war,
gives commands at period starts and checks what the manual says must happen.
"""

from __future__ import annotations

import math

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.idahex.game import IdahexGame
from tests.rulesets.idahex.sinai import SINAI, game, play, status, unit


def test_2_3_clock_stops_at_every_period_start() -> None:
    """§2.3: commands are accepted at the start of each period (tpd = .5 in Sinai)."""
    g = game(unit(2, 26), unit(150, 99))
    assert g.engine.t == 0.0
    play(g)
    assert g.engine.t == pytest.approx(0.5)
    play(g)
    assert g.engine.t == pytest.approx(1.0)
    assert g.decision() is not None
    assert g.decision().sides == {"red", "blue"}


def test_4_1_mission_moves_task_force_with_the_3_2_delays() -> None:
    """§4.1 mission, §3.1 sequence hold -> disengage -> move -> attack -> hold, §3.2 delays:
    0 (§3.2.2), 0 (§3.2.5, not engaged), the march delay (§3.2.3.1), 0 (§3.2.6 undefended);
    the task force ends its mission and ceases to exist.

    The march delay by hand (§3.2.3.1, Sinai data): unit 2 (type 1) holds 160 small arms, 35
    anti-tank, 32 tanks, 12 arty, 6 SAMS, 255 trpt, 75 ammo, 165 fuel and 2550 pers, so
    ttdemand = .001 x 35 + 75 + 165 + .0875 x 2550 = 463.16 and ttcapacity = .96 x 160 +
    .55 x 32 + 255 + .001 x 2550 = 428.75; TR = .9257 and fmr(1, TR) = TR (fmr.f(1, *) is .5
    at .5 and 1 at 1); 26 -> 27 is route type 2, mr(1, 1, 2) = 220, no barrier: d = 15 /
    (220 TR) = .0737."""
    g = game(unit(2, 26), unit(150, 99))
    e = g.engine
    play(g, "mission 27,10 units 2")
    arrival = 15 * 463.16 / (220 * 428.75)
    while g.engine.t < arrival:
        assert status(g, 2) == "26/40/27"
        play(g)
    assert status(g, 2) == "27/10/27"
    assert not e.task_forces
    assert e.units[2].tf is None
    moves = [ev for ev in g.events("red") if ev.kind == "status"]
    assert [ev.data["status"] for ev in moves] == ["26/20/27", "26/30/27", "26/40/27", "27/10/27"]
    assert moves[-1].time == pytest.approx(arrival)


def test_4_1_start_time_delays_execution() -> None:
    """§4.1: 'If there is a start time associated with it, execution does not begin until the
    current time equals or exceeds the start time.' The within-class delay ptran(1, 1, 2)
    (§3.2.1) runs from the start time."""
    g = game(unit(2, 26), unit(150, 99))
    play(g, "mission 26,11,2.25 units 2")
    while g.engine.t < 2.0:
        assert status(g, 2) == "26/10/26"
        play(g)
    play(g)
    assert status(g, 2) == "26/11/26"
    change = next(ev for ev in g.events(None) if ev.kind == "status")
    assert change.time == pytest.approx(2.25 + g.rules.design.ptran[0][0][1])


def test_3_3_2_step_3_occupying_an_empty_enemy_cell_changes_its_owner() -> None:
    """§3.3.2 step 3: no active enemy units in po: occupy it and [owner](po) = sa."""
    g = game(unit(2, 27), unit(150, 99))
    assert g.engine.owner[38] == 2
    play(g, "mission 38,10 units 2")
    for _ in range(10):
        play(g)
    assert status(g, 2) == "38/10/38"
    assert g.engine.owner[38] == 1
    assert any(ev.kind == "owner" for ev in g.events("blue"))


def test_3_3_2_step_4_attack_on_a_security_force_starts_an_engagement() -> None:
    """§3.3.2 step 4: a side sd security force in po: an engagement, the attacker waits
    until combat decides (next change at t + inf)."""
    g = game(unit(2, 27), unit(150, 38))
    play(g, "mission 38,10 units 2")
    play(g)
    e = g.engine
    assert status(g, 2) == "27/40/38"
    assert 38 in e.engagements
    assert e.engagements[38].attackers == {2}
    assert e.engagements[38].defenders == {150}
    tf = e.task_forces[e.units[2].tf]  # type: ignore[index]
    key = e.clock.queue.key(tf.number)
    assert key is not None
    assert math.isinf(key.time)


def test_3_3_3_and_3_3_7_defender_leaves_attacker_occupies() -> None:
    """§3.3.3: when the whole security force leaves, attackers toward the cell are let in;
    §3.3.7: the engagement ends when one side has no units left in it."""
    g = game(unit(2, 27), unit(150, 38))
    play(g, "mission 38,10 units 2")
    for _ in range(2):
        play(g)
    assert 38 in g.engine.engagements
    play(g, blue="mission 49,10 units 150")
    for _ in range(20):
        play(g)
    assert status(g, 2) == "38/10/38"
    assert g.engine.owner[38] == 1
    assert 38 not in g.engine.engagements


def test_3_3_5_activation_refused_in_enemy_cell() -> None:
    """§3.3.5: a task force cannot become active where the enemy owns the cell; the player
    is warned and the change waits forever."""
    g = game(unit(2, 26), unit(156, 38, posture=0))
    play(g, blue="mission 27,0 27,10 units 156")
    play(g)
    assert g.engine.units[156].posture == 0
    assert g.engine.units[156].location == 27
    warnings = [ev.text for ev in g.events("blue") if ev.kind == "warning"]
    assert any("cannot become active in cell 27" in w for w in warnings)


def test_4_1_example_2_activation_of_a_reinforcement() -> None:
    """§4.1 example 2: 'An inactive unit first assumes posture 10 when it is activated.'"""
    g = game(unit(2, 26), unit(156, 106, posture=0))
    play(g, blue="mission 106,10 units 156")
    assert status(g, 156) == "106/10/106"


def test_4_commands_refused_for_enemy_units_and_unknown_task_forces() -> None:
    """§4: 'IDAHEX prevents a player from issuing instructions to enemy units'."""
    g = game(unit(2, 26), unit(150, 99))
    with pytest.raises(IllegalOrderError, match="not one of your units"):
        g.submit("red", "mission 98,10 units 150")
    with pytest.raises(IllegalOrderError, match="no task force 7"):
        g.submit("red", "mission tf 7 26,10")
    with pytest.raises(IllegalOrderError, match="posture 15 does not exist"):
        g.submit("red", "mission 26,15 units 2")


def test_4_fog_other_sides_orders_and_distant_units_are_hidden() -> None:
    """§4: a player cannot obtain the enemy's instructions; enemy units are seen only in
    contact (ruling in docs/rulings/idahex.md)."""
    g = game(unit(2, 27), unit(150, 38), unit(153, 99))
    play(g, "mission 26,11,5 units 2")
    blue = g.view("blue").data
    assert blue["task_forces"] == []
    assert [u["number"] for u in blue["enemy"]] == [2]
    assert "posture" not in blue["enemy"][0]
    assert "resources" not in blue["enemy"][0]
    red = g.view("red").data
    assert [u["number"] for u in red["enemy"]] == [150]
    assert len(red["task_forces"]) == 1


def test_4_own_units_in_the_view_follow_every_change_of_the_unit() -> None:
    """§4: a side sees all of its own units as they are now. A unit that holds still keeps
    its piece of the view from one period to the next (a computer commander reuses its
    decision when the pieces it read are the same); any change to it (here its resources,
    which are read-only and change as a whole) shows in the next view."""
    g = game(unit(2, 26), unit(150, 99))
    piece = next(u for u in g.view("red").data["units"] if u["number"] == 2)
    play(g)
    assert next(u for u in g.view("red").data["units"] if u["number"] == 2) is piece
    u = g.engine.units[2]
    u.location = u.location  # set to the value it has: no change
    u.resources = u.resources.copy()  # the same holdings in a new array: no change
    assert next(u for u in g.view("red").data["units"] if u["number"] == 2) is piece
    with pytest.raises(ValueError, match="read-only"):
        u.resources[0] = 1.0
    u.change_resources(0, 1.0)
    now = next(u for u in g.view("red").data["units"] if u["number"] == 2)
    assert now["resources"][0] == 1.0
    assert now["resources"][1:] == piece["resources"][1:]
    u.objective = 27
    assert next(u for u in g.view("red").data["units"] if u["number"] == 2)["objective"] == 27


def test_4_an_enemy_unit_in_contact_is_seen_as_it_is_now() -> None:
    """§4: a side sees the enemy's active units in contact (in or next to a cell holding one
    of its own active units) with their cell and posture class as they are now. The piece of
    an enemy unit that holds still is the same object from view to view (and so is the list
    of them); a move within contact, a new posture class or a move out of contact shows in
    the next view."""
    g = game(unit(2, 27), unit(150, 38), unit(153, 99))
    first = g.view("red").data["enemy"]
    assert [(u["number"], u["location"], u["posture_class"]) for u in first] == [(150, 38, 1)]
    play(g)
    assert g.view("red").data["enemy"] is first
    other = next(c for c in g.rules.grid.active_rim(27) if c not in (None, 38))
    blue = g.engine.units[150]
    blue.location = other
    seen = g.view("red").data["enemy"]
    assert [(u["number"], u["location"], u["posture_class"]) for u in seen] == [(150, other, 1)]
    blue.posture = 20
    assert g.view("red").data["enemy"][0]["posture_class"] == 2
    blue.location = 99
    assert g.view("red").data["enemy"] == []


def test_7_supplies_are_consumed_every_frame() -> None:
    """§7: every active unit consumes supplies at the end of each frame by its posture class
    (Sinai: nothing while holding; ssvncr(2, 9, 3) = .034 per person per day moving)."""
    g = game(unit(2, 26), unit(150, 99))
    sup = g.rules.resources[0].supplies
    before = g.engine.units[2].resources[sup.start : sup.stop].copy()
    play(g)
    assert (g.engine.units[2].resources[sup.start : sup.stop] == before).all()
    play(g, "mission 27,30 units 2")
    after = g.engine.units[2].resources[sup.start : sup.stop]
    pers = g.engine.units[2].resources[8]
    frames = 2  # the two frame ends of the period, in movement posture 30
    assert after[0] == pytest.approx(before[0])
    assert after[1] == pytest.approx(before[1] - frames * 0.25 * (0.034 * pers + 0.001 * 12.0))


def test_4_2_1_transfer_conserves_resources() -> None:
    """§4.2.1: a transfer moves resources from givers in the transfer posture to takers;
    every type's total is conserved."""
    g = game(unit(51, 29, posture=11), unit(14, 29), unit(150, 99))
    e = g.engine
    total = e.units[51].resources + e.units[14].resources
    play(g, "transfer 29 givers 51 takers 14")
    assert (e.units[51].resources + e.units[14].resources) == pytest.approx(total, rel=1e-6)
    assert any(ev.kind == "transfer" for ev in g.events("red"))


def test_same_seed_and_orders_same_game() -> None:
    """Determinism: IDAHEX draws nothing; the same orders give the same state."""
    hashes = []
    for _ in range(2):
        g = game(unit(2, 27), unit(150, 38))
        play(g, "mission 38,10 units 2", "mission 49,10 units 150")
        for _ in range(8):
            play(g)
        hashes.append(g.state_hash())
    assert hashes[0] == hashes[1]


def test_3_3_2_step_1_meeting_engagement_turns_the_enemy_mover_back() -> None:
    """§3.3.2 step 1: side sd task forces in po moving toward pl are turned to hold po
    (desired posture pmapup(pmapup(post)) for a mover), ahead of the attacker; the attack
    then meets a defence (step 4)."""
    g = game(unit(2, 27), unit(150, 38))
    play(g, "mission 38,10 units 2", "mission 27,10 units 150")
    e = g.engine
    while 38 not in e.engagements and e.t < 2.0:
        play(g)
    assert status(g, 150).split("/")[0] == "38"
    assert e.units[150].pc == 1
    assert 38 in e.engagements
    assert e.engagements[38].attacker == 1


def test_4_1_mission_modified_and_canceled() -> None:
    """§4.1: new orders replace the old; a canceled mission's task force ceases to exist
    and its number becomes free."""
    g = game(unit(2, 26), unit(4, 26), unit(150, 99))
    play(g, "mission 26,11,50 units 2,4")
    e = g.engine
    assert list(e.task_forces) == [1]
    assert e.units[4].tf == 1
    play(g, "mission tf 1 26,11,60")
    assert [str(o) for o in e.task_forces[1].orders] == ["26, 11, 60"]
    play(g, "cancel 1")
    assert not e.task_forces
    assert e.units[2].tf is None
    play(g, "mission 26,11,70 units 4")
    assert list(e.task_forces) == [1]


def test_3_task_force_elements_share_one_status() -> None:
    """§3: 'A task force is a collection of one or more battle units ... that have the same
    status'. Refused when the commands are sent, naming each unit's status (issue 43: it was
    accepted and then refused in the log, the period lost), so the console keeps them to mend."""
    g = game(unit(2, 26), unit(4, 27), unit(150, 99))
    with pytest.raises(IllegalOrderError, match=r"same status: unit 2 26/10/26, unit 4 27/10/27"):
        g.submit("red", "mission 26,11 units 2,4")
    assert not [ev for ev in g.events("red") if ev.kind == "refused"]
    decision = g.decision()
    assert decision is not None
    assert "red" in decision.sides  # still red's to give


def test_3_2_3_2_transport_mode_must_be_a_class_in_the_task_force() -> None:
    """§3.2.3.2: a stacked task force's mode is a transport class of some element."""
    g = game(unit(2, 26), unit(53, 26), unit(150, 99))
    play(g, "mission 27,10 units 2,53 mode 3")
    refused = [ev.text for ev in g.events("red") if ev.kind == "refused"]
    assert refused
    assert "no element has transport class 3" in refused[0]
    play(g, "mission 27,10 units 2,53 mode 1")
    assert g.engine.task_forces[1].mode == 1


def test_3_3_1_pursuit_enemy_cannot_overtake() -> None:
    """§3.3.1: Blue unit 150 (march delay .045 from cell 27 to 28) starts moving after Red
    unit 2 (delay .065) on the same way; it may enter the attack posture no sooner than
    eps/4 after the Red task force."""
    g = game(unit(2, 27), unit(150, 27))
    play(g, "mission 28,10 units 2", "mission 28,10,0.01 units 150")
    entered = {
        ev.text.split("(units ")[1].split(")")[0]: ev.time
        for ev in g.events(None)
        if ev.kind == "status" and ev.text.endswith("-> 27/40/28")
    }
    # Hand values from the docstring's delays (Sinai data, §3.2.3.1): Red enters at about
    # .065; Blue, starting at .01 with .045, would be there at .055 but may not overtake, so
    # it enters eps/4 after Red, eps = tframe / 100 = .25 / 100 (§3.3; Sinai tframe = .25).
    assert entered["2"] == pytest.approx(0.065, abs=5e-4)
    assert entered["2"] > 0.01 + 0.045
    assert entered["150"] - entered["2"] == pytest.approx(0.0025 / 4, abs=1e-12)


def test_3_3_4_counterattack_not_stronger_reverts_to_hold() -> None:
    """§3.3.4: defenders disengaging toward the attackers' cell are turned back to hold
    (posture 10 in place) unless stronger (f0/g1 > f1/g0 with the §5.3 standard values)."""
    g = game(unit(2, 27), unit(4, 27), unit(5, 27), unit(153, 38))
    play(g, "mission 38,10 units 2,4,5")
    play(g)
    assert 38 in g.engine.engagements
    play(g, blue="mission 27,10 units 153")
    notes = [ev.text for ev in g.events("blue") if ev.kind == "counterattack"]
    assert notes
    assert "not stronger" in notes[0]
    assert status(g, 153) == "38/10/38"


def test_record_and_replay_with_an_infinite_delay_in_the_design() -> None:
    """A design may make a barrier impassable with bdelay = inf (§3.2.3); the game record
    keeps the infinity and replays to the same state."""
    from hexwar.core import registry

    f50 = SINAI[0]
    bdelay = tuple(tuple(tuple(math.inf for _ in row) for row in table) for table in f50.bdelay)
    g = game(unit(2, 26), unit(150, 99), bdelay=bdelay)
    play(g, "mission 27,10 units 2")
    record = g.record()
    assert registry.replay(record).state_hash() == g.state_hash()


def test_3_3_2_step_3_transfer_posture_defender_is_turned_to_defend() -> None:
    """§3.3.2 step 3, case 1: side sd units in the transfer posture itrfp (11 in Sinai) in po
    are given 'desired objective = po, desired posture = 10' and placed ahead of the
    attacker, which then meets a security force (step 4)."""
    g = game(unit(2, 27), unit(170, 38, posture=11))
    play(g, "mission 38,10 units 2")
    texts = [ev.text for ev in g.events(None)]
    begins = texts.index("engagement begins at cell 38")
    assert "task force 1 (units 2): 27/30/38 -> 27/40/38" in texts[:begins]
    # the transport (no ground weapons) defends, loses everything and is eliminated (§5.3)
    defending = next(t for t in texts if t.startswith("engagement at cell 38 (Blue defending)"))
    assert "unit 170 lost" in defending
    assert status(g, 170) == "38/-10/38"
    assert status(g, 2) == "38/10/38"


def _striker_texts(g: IdahexGame, side: str, cell: int) -> list[str]:
    return [
        ev.text.replace(f"cell {cell}", "cell X")
        for ev in g.events(side)
        if ev.kind == "air" or ev.kind == "eliminated"
    ]


def test_6_strike_out_of_contact_tells_the_striker_only_that_it_flew() -> None:
    """§6 ('the strike aircraft can only distinguish enemy units from each other by location
    and posture class') and the fog of §4/§8 (docs/rulings/idahex.md, 'Air strikes and the
    fog of war'): Red, with no unit in or next to cells 99 and 98, strikes both; Blue units
    hold 99, none hold 98. Red reads the same words for both cells; Blue is told its losses."""
    g = game(unit(2, 26), unit(150, 99), unit(159, 99))
    strike = "interdiction {} priority 1,2,3,4 aircraft 6"
    play(g, strike.format(99))
    hit = _striker_texts(g, "red", 99)
    g2 = game(unit(2, 26), unit(150, 99), unit(159, 99))
    play(g2, strike.format(98))
    empty = _striker_texts(g2, "red", 98)
    assert hit == empty
    assert hit == [
        "Red interdiction strike on cell X: flown; the cell is out of contact and "
        "the results are not observed"
    ]
    told = [ev.text for ev in g.events("blue") if ev.kind == "air"]
    assert len(told) == 1
    assert "units 150, 159" in told[0]
    assert "small arms" in told[0]
    umpire = [ev.text for ev in g.events() if ev.kind == "air"]
    assert any("units 150, 159" in t for t in umpire)


def test_6_strike_in_contact_reports_the_units_and_losses_to_the_striker() -> None:
    """docs/rulings/idahex.md, 'Air strikes and the fog of war': Red's unit in cell 26 sees
    cell 27 next to it, so Red is told which units its strike hit and what they lost."""
    g = game(unit(2, 26), unit(150, 27))
    play(g, "interdiction 27 priority 1,2,3,4 aircraft 6")
    told = [ev.text for ev in g.events("red") if ev.kind == "air"]
    assert len(told) == 1
    assert told[0].startswith("Red interdiction strike on cell 27 (units 150)")


def test_3_3_6_an_infinite_tentry_is_shown_as_never() -> None:
    """§3.3.6 sets tentry to t plus a movement delay, which may be infinite (§3.2.3, no
    route); the view (JSON) shows it as null instead of failing."""
    g = game(unit(2, 26), unit(150, 99))
    g.engine.units[2].tentry = math.inf
    (u,) = [u for u in g.view("red").data["units"] if u["number"] == 2]
    assert u["tentry"] is None
