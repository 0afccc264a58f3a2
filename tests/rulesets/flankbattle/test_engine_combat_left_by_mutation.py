"""Flank battle rules of combat -- losses, attacks, the decision to attack or charge, attrition,
the make-up of a flank -- that a mutation of the battle engine changed without failing a test in
its first complete mutation run (docs/testing.md, "Sixth round: the flank battle's engine in
full"). Each is checked where the battle works it out (an attack, the losses it inflicts, an
hour's decision, a side's attrition, the battle's start), at its boundary, on listed draws where
a draw decides; the expected values are worked out by hand from seed 004 and the rulings."""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import pytest

from hexwar.rulesets.flankbattle.database import Database
from hexwar.rulesets.flankbattle.engine import Battle, BattleResult
from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from hexwar.rulesets.flankbattle.war import fight

from .conftest import WarFactory, battle_of, deployed, edited_parameters, trafalgar


def _draws(battle: Battle, listed: Iterable[float], then: float) -> None:
    """The battle's uniform draws: ``listed`` in order, then ``then`` for every draw after."""
    it = iter(listed)
    battle._random = lambda: next(it, then)


# -- losses: captured, sunk, killed, the morale left -----------------------------------------


def test_a_fleet_wiped_out_after_losing_a_ship_counts_every_ship_and_man(war: WarFactory) -> None:
    """Seed 004, Navy: "If a single round wipes out a flank by military casualties, then all
    ships in that flank are treated as 'sunk'", the crews counted as killed (ruling: at sea);
    ships go down with their complement (ruling). The Combined Fleet's first flank at
    Trafalgar, 11 ships of 900 men, loses 900 (one ship sunk), then more than the 9,000 left:
    its 10 ships afloat are sunk, told with the flank, the 10 ships and the 9,000 men. The
    flank and the side have lost 11 ships and 9,900 men, the flank no morale, out of the
    battle (Inactive)."""
    battle = deployed(trafalgar(war))
    fleet, side = battle.flanks[0], battle.sides[0]
    battle.apply_losses(fleet, 900.0, 0.0)
    battle.apply_losses(fleet, 1e6, 0.0)
    sunk = [(e.text, e.data) for e in battle.events if e.kind == "sunk"]
    assert sunk[1] == (
        "All 10 ships of Attacker flank 1 are sunk",
        {"flank": "Attacker flank 1", "ships": 10, "personnel": 9000},
    )
    assert (fleet.ships, fleet.sunk, side.sunk) == (0, 11, 11)
    assert (fleet.killed, side.killed) == (pytest.approx(9900.0), pytest.approx(9900.0))
    assert (fleet.captured, side.captured) == (0.0, 0.0)
    assert (fleet.morale, fleet.status) == (0.0, "Inactive")


def test_a_fleet_left_with_a_sliver_of_a_man_keeps_one_ship(war: WarFactory) -> None:
    """docs/rulings/flankbattle.md (The battle): after losses at sea a flank "keeps the ships
    its survivors still fill, rounded up (at least one while any of its men is left, however
    few)"; a flank wiped out in one round is sunk whole (seed 004, Navy). The Combined Fleet's
    first flank, 11 ships of 900 men, loses all but a ten-millionth of a man: he fills 1/9e9
    of a ship, rounded up one ship afloat, 10 sunk."""
    battle = deployed(trafalgar(war))
    fleet = battle.flanks[0]
    battle.apply_losses(fleet, fleet.size - 1e-7, 0.0)
    assert fleet.size == pytest.approx(1e-7, rel=1e-3)
    told = [e for e in battle.events if e.kind == "sunk"]
    (sunk,) = [(e.text, e.data["ships"], e.data["afloat"]) for e in told]
    assert sunk == ("10 ships of Attacker flank 1 sunk (1 afloat)", 10, 1)
    assert (fleet.ships, fleet.sunk) == (1, 10)


def test_a_fleet_of_one_ship_wiped_out_is_sunk(war: WarFactory) -> None:
    """Seed 004, Navy: a flank wiped out at sea has "all ships in that flank" sunk -- one ship
    too. The Combined Fleet in a flank of 1 ship (its 900 men: 29,700 / 33 ships) and one of
    32, the first wiped out: its one ship sunk, its 900 men killed, none captured."""
    setup = trafalgar(war)
    battle = battle_of(
        setup,
        [FlankSpec(50, 200, 0, 0, 0, 1), FlankSpec(50, 100, 0, 0, 0, 32)],
        setup.default_deployment(1),
    )
    boat, side = battle.flanks[0], battle.sides[0]
    assert boat.size == pytest.approx(900.0)
    battle.apply_losses(boat, 1e6, 0.0)
    assert [(e.kind, e.text) for e in battle.events] == [
        ("sunk", "All 1 ships of Attacker flank 1 are sunk")
    ]
    assert (side.sunk, side.killed, side.captured) == (1, pytest.approx(900.0), 0.0)


def test_flanks_without_ships_wiped_out_on_water_are_captured(war: WarFactory) -> None:
    """Seed 004, Attacking: a flank wiped out in one round is captured; Navy: at sea "it counts
    towards ships sunk instead of troops captured" -- a flank on water with no ships (Composition:
    "If you have more flanks than ships, then some of them may appear to be set to zero
    ships") has none to sink (docs/rulings/flankbattle.md, The battle). Two Norman flanks of 100
    and 50 Soldiers without ships on the Sea map, each wiped out: captured, each told, the
    side's captured 150, each flank without morale."""
    setup = war(map_name="Sea")
    battle = battle_of(
        setup,
        [FlankSpec(200, 200, 100, 0, 0, 0), FlankSpec(200, 100, 50, 0, 0, 0)],
        [FlankSpec(205, 200, 2100, 0, 4900, 140)],
    )
    first, second = battle.flanks[0], battle.flanks[1]
    battle.apply_losses(first, 1e6, 0.0)
    battle.apply_losses(second, 1e6, 0.0)
    assert [(e.kind, e.text, e.data) for e in battle.events] == [
        (
            "captured",
            "All remaining 100 troops of Attacker flank 1 are captured",
            {"flank": "Attacker flank 1", "troops": 100},
        ),
        (
            "captured",
            "All remaining 50 troops of Attacker flank 2 are captured",
            {"flank": "Attacker flank 2", "troops": 50},
        ),
    ]
    assert battle.sides[0].captured == 150.0
    assert (first.morale, second.morale, battle.sides[0].sunk) == (0.0, 0.0, 0)


def test_losses_on_land_sink_no_ships(war: WarFactory) -> None:
    """docs/rulings/flankbattle.md (The battle): ships go down with their complement "after
    losses in a fight on water". A Norman flank of 2,667 men and 45 Longships on the plain loses
    half its men: it keeps its 45 ships, none sunk."""
    battle = deployed(war(map_name="Plain"))
    normans = battle.flanks[0]
    assert normans.ships == 45
    battle.apply_losses(normans, normans.size / 2, 0.0)
    assert (normans.ships, normans.sunk, battle.sides[0].sunk) == (45, 0, 0)
    assert [e.kind for e in battle.events if e.kind == "sunk"] == []


def test_the_killed_add_up_and_the_morale_runs_out_at_zero(war: WarFactory) -> None:
    """Seed 004, Attacking: each soldier killed or demoralised takes his share of the morale
    ("the morale of a dead soldier is zero"); the killed in action are counted for the receipt
    (Output). An English flank of 2,333 loses 100 killed, then 50: the flank and the side have
    lost 150. Then 10 killed and 100,000 demoralised, more than the morale left: the morale is
    0, not below, and the flank is fully routed with no morale."""
    battle = deployed(war(map_name="Plain"))
    english, side = battle.flanks[3], battle.sides[1]
    battle.apply_losses(english, 100.0, 0.0)
    battle.apply_losses(english, 50.0, 0.0)
    assert (english.killed, side.killed) == (150.0, 150.0)
    battle.apply_losses(english, 10.0, 100000.0)
    assert english.morale == 0.0
    (routed,) = [e.data for e in battle.events if e.kind == "routed"]
    assert (routed["flank"], routed["morale"]) == ("Defender flank 1", 0)


# -- the battle's start: who is in it --------------------------------------------------------


def test_an_empty_flank_is_out_of_the_battle_and_a_lone_soldier_in_it(war: WarFactory) -> None:
    """Seed 004, Flank editor: "Inactive (black) - The flank no longer exists (size is zero)"
    and "Before the battle, this will always be 'Idle'"; Introduction: "Once all flanks for one
    side have been routed, the other side automatically wins". The English hold a flank of one
    Fyrd 5 metres from the Normans and an empty flank: at the start the lone Fyrd is Idle and in
    the battle, the empty flank Inactive and out of it. In the first hour the Normans (no charge:
    every draw 0.99) wipe the Fyrd out, captured; every English flank is then out: the Normans
    win in hour 1."""
    setup = war(map_name="Plain")
    battle = battle_of(
        setup,
        [FlankSpec(200, 200, 4000, 2000, 2000, 134)],
        [FlankSpec(205, 200, 0, 0, 1, 0), FlankSpec(390, 390, 0, 0, 0, 0)],
    )
    _draws(battle, [], 0.99)
    result = battle.run()
    start = battle.events[0].data["flanks"]
    assert [(f["flank"], f["size"], f["status"]) for f in start] == [
        ("Attacker flank 1", 8000, "Idle"),
        ("Defender flank 1", 1, "Idle"),
        ("Defender flank 2", 0, "Inactive"),
    ]
    captured = [e.data for e in battle.events if e.kind == "captured"]
    assert captured == [{"flank": "Defender flank 1", "troops": 1}]
    assert result == BattleResult(0, 1, "every defending flank is routed")


def test_the_battle_tells_the_war_each_event_as_it_happens(war: WarFactory) -> None:
    """Seed 004, Output: the log "is generated automatically during the runtime of the algo.
    Thus, if the software crashes ... the log would still exist up to that point". A war fought
    for one day at Hastings (``war.fight``, as the game and the command line fight it) hands
    every event of the battle, and then each leader's fate, to its listener as it is recorded:
    the listener has them all, in order, from the battle's start."""
    setup = war(map_name="Plain", params=edited_parameters(max_days=1.0))
    told: list[object] = []
    deployments = (setup.default_deployment(0), setup.default_deployment(1))
    report = fight(setup, deployments, np.random.default_rng(3), on_event=told.append)
    assert told == report.battle.events
    kinds = [e.kind for e in report.battle.events]
    assert (kinds[0], kinds.count("battle-end"), kinds.count("leader")) == ("battle-start", 1, 2)


def test_each_side_meets_both_endemic_diseases_but_none(db: Database, war: WarFactory) -> None:
    """Seed 004, Diseases: "the algo reads the disease from both sides, and then applies both
    diseases to each side once every round"; P = Outbreak*(Military Size/Maximum Military)/
    (Generation*Secular Cycle*Familiarity*6), Familiarity 10 for the nation's own disease. The
    Normans carry Influenza (outbreak 0.05, parameters.json); England has no endemic disease
    ("none": nothing to roll) and 20 people, a Medieval Monarchy's 7%: a Maximum Military of 1.4
    (not one whole soldier). Each side rolls Influenza once, the outbreak draws 0: the Normans
    (8,000 of 70,000; Normandy 155 years old, stagnation 1.2; its crisis 19 years ago, austerity
    1.4) P = 0.05 x 8000/70000 / (1.4 x 1.2 x 10 x 6) = 0.000057; the English (7,000 of 1.4;
    England 139 years old, growth 1.4; its crisis 50 years ago, awakening 1.15) P = 0.05 x
    5000 / (1.15 x 1.4 x 1 x 6) = 25.879917, so any draw breaks it out (0.99). Casualties =
    Log2(Infectivity*Reproduction*Deadliness+1)*(Military Size/500)*Medicine*Random, Influenza
    log2(1 x 1.8 x 0.02 + 1) = 0.051024, Classical Medicine 0.6, the draw 0.5 (Random 2.5):
    0.051024 x 16 x 0.6 x 2.5 = 1.225 Normans, 0.051024 x 14 x 0.6 x 2.5 = 1.072 English."""
    england = next(row for row in db.tables["Nation"] if row["name"] == "England")
    england.update(disease="none", population=20.0)
    battle = battle_of(
        war(map_name="Plain"),
        [FlankSpec(50, 200, 4000, 2000, 2000, 134)],
        [FlankSpec(350, 200, 2100, 0, 4900, 140)],
    )
    assert battle.sides[1].vars.maximum_military == pytest.approx(1.4)
    _draws(battle, [0.0, 0.5, 0.99, 0.5], 0.99)
    battle.disease(0)
    battle.disease(1)
    outbreaks = [
        (e.data["side"], e.data["disease"], e.data["probability"], e.data["casualties"])
        for e in battle.events
        if e.kind == "disease"
    ]
    normans = 0.05 * (8000 / 70000) / (1.4 * 1.2 * 10 * 6)
    english = 0.05 * 5000 / (1.15 * 1.4 * 6)
    assert outbreaks == [
        ("Attacker", "Influenza", pytest.approx(normans, abs=1e-6), 1.225),
        ("Defender", "Influenza", pytest.approx(english, abs=1e-6), 1.072),
    ]
    assert round(english, 6) == 25.879917


def test_a_crew_without_ships_is_left_out_and_a_flank_lists_the_units_it_holds(
    db: Database, war: WarFactory
) -> None:
    """docs/rulings/flankbattle.md: what the land proportions leave below 1 is the ships' crew
    share (Military composition) and the ships carry the men in equal shares (The battle);
    seed 004, Terrain map: the flanks hold the military within 10 soldiers and one ship, the
    rest "officers who are not engaged in combat". The Norman Host with 49.875% Soldiers leaves
    a crew of 10 (0.125% of 8,000) on its one Longship; the Normans deploy no ship, 3,990
    Soldiers and 2,000 Archers in one flank, 2,000 Knights in another: the crew has no ship to
    be in and stays out, the flanks hold 5,990 and 2,000. The battle (one day) begins listing
    each flank's units, those it holds: no Knights in the first, only Knights in the second."""
    host = next(row for row in db.tables["Military"] if row["name"] == "Norman Host")
    host.update(infantry_proportion=0.49875, ship_number=1.0)
    setup = war(map_name="Plain", params=edited_parameters(max_days=1.0))
    assert setup.crew(0) == pytest.approx(10.0)
    battle = battle_of(
        setup,
        [FlankSpec(200, 200, 3990, 0, 2000, 0), FlankSpec(200, 100, 0, 2000, 0, 0)],
        [FlankSpec(350, 200, 2100, 0, 4900, 140)],
    )
    battle.run()
    start = battle.events[0].data["flanks"]
    assert [(f["size"], f["units"]) for f in start[:2]] == [
        (5990, {"infantry": 3990, "artillery": 2000}),
        (2000, {"cavalry": 2000}),
    ]
    assert battle.sides[0].start_size == 7990.0


# -- attacks: what each unit type kills, the defense it meets, the ships' battalion ---------


def _killed(battalion: float, unit: object, power: float, r: float, defense: float) -> float:
    """Seed 004, Attacking: Casualties = Battalion*Effectiveness*Power*Efficiency*Random*Mercy*
    (1-Enemy Defense), Mercy 1, on terrain whose factors are 1 (plain, water)."""
    eff = min(1.0, unit.efficiency.value)  # type: ignore[attr-defined]
    return battalion * unit.effectiveness.value * power * eff * r * (1.0 - defense)  # type: ignore[attr-defined]


def test_an_attack_kills_and_demoralises_with_every_unit_type_that_fires(war: WarFactory) -> None:
    """Seed 004, Attacking: "casualties are calculated for each unit type separately before
    being totaled at the end"; Casualties = Battalion*Effectiveness*Power*Efficiency*Random*
    Mercy*(1-Enemy Defense), morale Battalion*Effectiveness*Psychology*Power*(1+(flanking-1)/10)
    *Efficiency*Random*(1-Enemy Defense), Battalion sqrt(Military Size*Unit Proportion*
    Limitation); Flank editor: "Ready (green) - The flank is in the middle of attacking". A
    Norman flank of 1,334 Soldiers, 667 Knights and 667 Archers on the plain attacks the first
    English flank (best Defense the Huscarls') with its Soldiers (power 0.5, Psychology 1) and
    Knights (lance 1.5, Psychology 3), each draw 0.5 (Random 2.5): the attack kills and
    demoralises the sum of both, told as such, and the Normans are Ready."""
    battle = deployed(war(map_name="Plain"))
    _draws(battle, [], 0.5)
    normans, english = battle.flanks[0], battle.flanks[3]
    units = battle.sides[0].vars.units
    defense = max(battle.sides[1].vars.units[r].defense.value for r in ("infantry", "artillery"))
    soldiers, knights = units["infantry"], units["cavalry"]
    bat_s = math.sqrt(1334 * min(1.0, soldiers.limitation.value))
    bat_k = math.sqrt(667 * min(1.0, knights.limitation.value))
    killed = _killed(bat_s, soldiers, 0.5, 2.5, defense)
    killed += _killed(bat_k, knights, 1.5, 2.5, defense)
    demoralised = _killed(bat_s, soldiers, 0.5, 2.5, defense) + 3 * _killed(
        bat_k, knights, 1.5, 2.5, defense
    )
    battle.attack(normans, english, [(normans.units[0], 0), (normans.units[1], 0)], 1)
    (attack,) = [(e.text, e.data) for e in battle.events if e.kind == "attack"]
    assert attack == (
        f"Attacker flank 1 attacks Defender flank 1: {killed:.0f} killed, "
        f"{demoralised:.0f} demoralised",
        {
            "flank": "Attacker flank 1",
            "target": "Defender flank 1",
            "killed": pytest.approx(killed, abs=5e-4),
            "demoralised": pytest.approx(demoralised, abs=5e-4),
            "flanking": 1,
        },
    )
    assert normans.status == "Ready"


@pytest.mark.parametrize(("map_name", "defense"), [("Sea", "ship"), ("Plain", "infantry")])
def test_a_flank_on_water_defends_with_the_better_of_its_men_and_its_ships(
    war: WarFactory, map_name: str, defense: str
) -> None:
    """Seed 004, Composition: "Defense of a flank is taken from the unit with the highest
    defense"; "While on water, values of speed and shock from the ship overrides all other
    units, and their defense and attack are added in". Normans of 1,000 Soldiers (Defense 0.55)
    with 20 Longships (0.57) are attacked by 700 Huscarls (1.2 at 2 metres, the draw 0.5): on
    the Sea map the Longships' Defense counts, on the plain the Soldiers'."""
    setup = war(map_name=map_name)
    battle = battle_of(
        setup, [FlankSpec(200, 200, 1000, 0, 0, 20)], [FlankSpec(205, 200, 700, 0, 1633, 47)]
    )
    _draws(battle, [], 0.5)
    normans, english = battle.flanks
    units = battle.sides[0].vars.units
    assert (units["infantry"].defense.value, units["ship"].defense.value) == (0.55, 0.57)
    huscarls = battle.sides[1].vars.units["infantry"]
    bat = math.sqrt(700 * min(1.0, huscarls.limitation.value))
    battle.attack(english, normans, [(english.units[0], 0)], 1)
    (killed,) = [e.data["killed"] for e in battle.events if e.kind == "attack"]
    expected = _killed(bat, huscarls, 1.2, 2.5, units[defense].defense.value)
    assert killed == pytest.approx(expected, abs=5e-4)


@pytest.mark.parametrize("ships", [20, 0])
def test_ships_fire_with_a_battalion_of_their_capacity(war: WarFactory, ships: int) -> None:
    """Seed 004, Navy: "When attacking, the ship is added as a fourth unit type that has an
    opportunity to attack with their own weapons", "Battalion = sqrt(Capacity*Ship
    Number*Limitation)"; Composition: some flanks "may appear to be set to zero ships". A
    Norman flank of 1,000 Soldiers on the Sea map fires its Longships' weapon (0.5 at 5 metres,
    capacity 60, the draw 0.5) at the English (best Defense the Huscarls'): with 20 Longships
    the battalion is sqrt(60 x 20 x L); with none it is 0, and nothing is killed."""
    setup = war(map_name="Sea")
    battle = battle_of(
        setup, [FlankSpec(200, 200, 1000, 0, 0, ships)], [FlankSpec(205, 200, 700, 0, 1633, 47)]
    )
    _draws(battle, [], 0.5)
    normans, english = battle.flanks
    longship = battle.sides[0].vars.units["ship"]
    defense = battle.sides[1].vars.units["infantry"].defense.value
    battle.attack(normans, english, [(normans.ship, 0)], 1)
    (killed,) = [e.data["killed"] for e in battle.events if e.kind == "attack"]
    bat = math.sqrt(60 * ships * longship.limitation.value)
    assert killed == pytest.approx(_killed(bat, longship, 0.5, 2.5, defense), abs=5e-4)
    assert (killed > 0) == (ships > 0)


def test_the_higher_ground_is_told_once_for_each_enemy(war: WarFactory) -> None:
    """Seed 004, Output: "One flank has a higher ground than another" is an event of the log.
    The Normans on the hill of the Hill map (x 350) attack the English below (x 150) twice: the
    higher ground is told once, naming both flanks."""
    setup = war()
    battle = battle_of(
        setup, [FlankSpec(350, 200, 4000, 2000, 2000, 0)], [FlankSpec(150, 200, 2100, 0, 4900, 0)]
    )
    normans, english = battle.flanks
    battle.attack(normans, english, [], 1)
    battle.attack(normans, english, [], 1)
    assert [(e.kind, e.text, e.data) for e in battle.events if e.kind == "high-ground"] == [
        (
            "high-ground",
            "Attacker flank 1 has the higher ground over Defender flank 1",
            {"flank": "Attacker flank 1", "target": "Defender flank 1"},
        )
    ]


def test_a_pillaging_flank_cuts_supplies_on_a_roll_of_exactly_one_half(war: WarFactory) -> None:
    """Seed 004, Supply lines: a pillaging flank cuts the enemy's supplies when "A random number
    from 0-1 is equal to or less than 0.5", with another flank attacking the same enemy and
    after the enemy's resilience in rounds (Basic: one round). An English flank on Pillaging
    attacks the Normans' flank of Soldiers (Basic) alongside another, the roll exactly 0.5: it
    cuts their supplies and does not attack."""
    setup = war(map_name="Plain")
    battle = battle_of(
        setup,
        [FlankSpec(200, 200, 4000, 0, 0, 0)],
        [FlankSpec(205, 200, 2100, 0, 4900, 0, Maneuver.PILLAGING)],
    )
    _draws(battle, [0.5], 0.5)
    soldiers, english = battle.flanks
    battle.attack(english, soldiers, [(english.units[0], 0)], 2)
    assert [e.kind for e in battle.events] == ["supply-cut", "supply-all-cut"]
    assert battle.events[0].data["roll"] == 0.5


# -- deciding: attack, charge, approach; rebound; hit and run --------------------------------

ENGLISH_AT_50 = 200 + math.sqrt(7000) + 50  # 50 metres beyond the square root of 7,000


def _archers_in_reach(war: WarFactory, maneuver: Maneuver = Maneuver.NORMAL) -> Battle:
    """A Norman flank of 2 Soldiers, 1 Knight and 1 Archer at (200, 200) on the plain, the
    English (7,000, on Position) 50 metres beyond the square root of their size: only the
    Archer's bow (80 metres) reaches."""
    setup = war(map_name="Plain")
    return battle_of(
        setup,
        [FlankSpec(200, 200, 2, 1, 1, 0, maneuver)],
        [FlankSpec(ENGLISH_AT_50, 200, 2100, 0, 4900, 0, Maneuver.POSITION)],
    )


@pytest.mark.parametrize(("roll", "charge"), [(0.375, False), (0.123456, True)])
def test_a_flank_charges_on_a_roll_below_the_charge_probability(
    war: WarFactory, roll: float, charge: bool
) -> None:
    """Seed 004, Movement: when some units can attack and others cannot, "The probability of
    deciding to charge is calculated as (1-(units ready to attack/total size of flank))/2+shock.
    This value is then compared against a random number between 0-1, where a higher number will
    continue an attack, and a lower number will decide to charge" (a roll equal to it attacks:
    docs/rulings/flankbattle.md, The battle). One Archer of 4 Normans ready, the shock the
    slowest member's, the Soldiers' 0: P = (1 - 1/4)/2 = 0.375. The roll 0.375 attacks (the
    Archer shoots); 0.123456 charges, told with both flanks, P and the roll to 4 decimals."""
    battle = _archers_in_reach(war)
    _draws(battle, [roll], 0.5)
    battle.step()
    kinds = [(e.kind, e.data.get("flank")) for e in battle.events]
    assert (("attack", "Attacker flank 1") in kinds) == (not charge)
    charges = [(e.text, e.data) for e in battle.events if e.kind == "charge"]
    if charge:
        assert charges == [
            (
                "Attacker flank 1 commits to a charge against Defender flank 1",
                {
                    "flank": "Attacker flank 1",
                    "target": "Defender flank 1",
                    "probability": 0.375,
                    "roll": 0.1235,
                },
            )
        ]
    else:
        assert charges == []


def test_a_flank_on_position_attacks_with_what_reaches_without_charging(war: WarFactory) -> None:
    """Seed 004, Movement: Position, "Charging does not apply" (the ruling: Position and
    Feigned Retreat attack with whatever units can reach). The Normans of the charge above on
    Position, the first draw 0 (a charge for a Normal flank): the Archer shoots, no charge."""
    battle = _archers_in_reach(war, Maneuver.POSITION)
    _draws(battle, [0.0], 0.5)
    battle.step()
    kinds = [e.kind for e in battle.events]
    assert ("attack" in kinds, "charge" in kinds) == (True, False)
    assert battle.flanks[0].status == "Ready"


@pytest.mark.parametrize(("infantry", "optimal"), [("Soldier", 0.1), ("Barges", 3.0)])
def test_a_flank_out_of_reach_advances_to_its_optimal_range(
    db: Database, war: WarFactory, infantry: str, optimal: float
) -> None:
    """Seed 004, Movement: if no unit can attack the flank moves; when the enemy is closer
    than its speed "the flank will move such that the enemy comes within optimal attacking
    range" (charging, only when some units could attack, would halve the distance instead);
    the ruling: the optimal range is the shortest among the armed units' longest ranges, plus
    the square root of the enemy's size. The Normans (Soldiers 0.1 m, Knights 3 m, Archers
    200 m; 3 km/h: 3,000 metres an hour) at x 50, the English (7,000, on Position) at x 350, no
    jitter (every draw 0.5): the Normans end the hour at 350 - 0.1 - sqrt(7000). With barges
    (no weapon) for infantry the unarmed barges set no range: the Knights' 3 metres."""
    host = next(row for row in db.tables["Military"] if row["name"] == "Norman Host")
    host.update(infantry_type=infantry)
    battle = battle_of(
        war(map_name="Plain"),
        [FlankSpec(50, 200, 4000, 2000, 2000, 0)],
        [FlankSpec(350, 200, 2100, 0, 4900, 0, Maneuver.POSITION)],
    )
    _draws(battle, [], 0.5)
    battle.step()
    normans = battle.flanks[0]
    assert (normans.x, normans.y) == pytest.approx((350 - optimal - math.sqrt(7000), 200.0))


def _ready_each_hour(battle: Battle, hours: int) -> list[list[str]]:
    """The first flank's decision against the second each hour, as the hour makes it, and its
    attack when it attacks: the unit types ready (or "retreat")."""
    f, enemy = battle.flanks
    out: list[list[str]] = []
    for _ in range(hours):
        _, action, target, _, ready, _ = battle.decide(f, enemy, math.hypot(enemy.x - f.x, 0.0))
        if action == "attack" and target is not None:
            battle.attack(f, target, ready, 1)
        out.append(["retreat"] if action == "retreat" else [u.unit.name for u, _ in ready])
    return out


def test_each_unit_type_rests_its_rebound_between_attacks(war: WarFactory) -> None:
    """Seed 004, Unit: Rebound "The number of rounds needed to rest between attacks" (the
    ruling: after an attack the unit type waits that many hours). A Grande Armee flank of Line
    Infantry (rebound 1, 200 metres), Hussars (10 metres) and Field Guns (rebound 2, 100 to
    400 metres) 150 metres beyond the English's square root (no charge: every draw 0.99): the
    Line Infantry fires in hours 1, 3, 5 and 7, the Field Guns in hours 1, 4 and 7; in hours 2
    and 6 no one is ready."""
    setup = war("Grande Armee Corps", map_name="Plain", year=1815)
    battle = battle_of(
        setup,
        [FlankSpec(200, 200, 7500, 2000, 500, 0)],
        [FlankSpec(200 + math.sqrt(7000) + 150, 200, 2100, 0, 4900, 0)],
    )
    _draws(battle, [], 0.99)
    line, gun = "Line Infantry", "Field Gun"
    assert _ready_each_hour(battle, 7) == [
        [line, gun], [], [line], [gun], [line], [], [line, gun],
    ]  # fmt: skip


def test_hit_and_run_attacks_two_rounds_then_retreats_three_and_repeats(war: WarFactory) -> None:
    """Seed 004, Movement: "Hit and run - Attack for only two rounds, then retreat for three
    rounds, then return to normal and repeat". A Norman flank on Hit and run with the English
    within reach of every unit: it attacks in hours 1-2, retreats in 3-5, attacks in 6-7 and
    retreats in 8-10."""
    setup = war(map_name="Plain")
    battle = battle_of(
        setup,
        [FlankSpec(200, 200, 1333, 667, 667, 0, Maneuver.HIT_AND_RUN)],
        [FlankSpec(205, 200, 2100, 0, 4900, 0)],
    )
    _draws(battle, [], 0.5)
    hours = ["retreat" if r == ["retreat"] else "attack" for r in _ready_each_hour(battle, 10)]
    assert hours == ["attack"] * 2 + ["retreat"] * 3 + ["attack"] * 2 + ["retreat"] * 3


# -- attrition ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("soldiers", "carrying", "lost", "ratio"),
    [
        (1, 0.5, 0.035, 2.0),  # a lone soldier at twice the capacity: (0.01 + 0.025) x 1 x 1
        (1, 1.0, None, None),  # a lone soldier exactly at a capacity of one: no attrition
        (5, 2.0, 0.175, 2.0),  # L 2.5, capped at 2: 0.035 x 5 x 1, told as 2
        (8000, 6480.0, 65.679, 1.2346),  # L 1.2345679: 0.035 x 8000 x 0.2345679, to 4 places
    ],
)
def test_attrition_above_the_carrying_capacity(
    war: WarFactory, soldiers: int, carrying: float, lost: float | None, ratio: float | None
) -> None:
    """Seed 004, Carrying capacity: L = Military Size/(Local Population*Capacity); "If the
    value of L is less than one, then no attrition is felt. Otherwise, the value of L is capped
    at two"; Casualties = (Attrition+Random Number)*Military Size*(1-L) (the ruling: the
    magnitude, L - 1), Attrition 0.01 for none, the Random Number 0-0.05 (the draw 0.5: 0.025).
    A Norman flank of ``soldiers`` Soldiers on the plain, its carrying capacity ``carrying``:
    the loss to natural attrition is told with L (to 4 decimals, at most 2)."""
    setup = war(map_name="Plain")
    battle = battle_of(
        setup, [FlankSpec(200, 200, soldiers, 0, 0, 0)], [FlankSpec(350, 200, 2100, 0, 4900, 0)]
    )
    _draws(battle, [], 0.5)
    side = battle.sides[0]
    side.local_population, side.capacity = carrying, 1.0
    battle.attrition(0)
    told = [(e.text, e.data) for e in battle.events]
    if lost is None:
        assert told == []
    else:
        assert told == [
            (
                f"Attacker flank 1 loses {lost:.0f} to natural attrition",
                {
                    "flank": "Attacker flank 1",
                    "lost": pytest.approx(lost, abs=1e-3),
                    "ratio": ratio,
                },
            )
        ]


def test_a_side_exactly_at_its_carrying_capacity_draws_no_attrition_roll(war: WarFactory) -> None:
    """Seed 004, Carrying capacity: "as long as total military size does not exceed this
    number, it cannot experience any attrition besides diseases" -- and no roll is made for it,
    so the hour's next draw decides the next thing (Diseases). 8,000 Normans on a carrying
    capacity of 8,000: the side's attrition, then its diseases, the first draw 0: Influenza
    breaks out."""
    battle = battle_of(
        war(map_name="Plain"),
        [FlankSpec(200, 200, 4000, 2000, 2000, 0)],
        [FlankSpec(350, 200, 2100, 0, 4900, 0)],
    )
    side = battle.sides[0]
    side.local_population, side.capacity = 8000.0, 1.0
    _draws(battle, [0.0, 0.5], 0.99)
    battle.attrition(0)
    battle.disease(0)
    assert [e.kind for e in battle.events][:1] == ["disease"]


# -- the make-up of a flank --------------------------------------------------------------------


def test_a_flank_of_one_archer_shoots(war: WarFactory) -> None:
    """Seed 004, Composition: the flank's unit types are those it holds, one soldier or more;
    Attacking: below 100 soldiers the battalion is the whole unit (the ruling: count x
    Limitation). A Norman flank of one Archer 50 metres beyond the English's square root (on
    Position) shoots his bow (0.6 at 80 metres, the draw 0.5): Battalion 1 x L."""
    setup = war(map_name="Plain")
    battle = battle_of(
        setup,
        [FlankSpec(200, 200, 0, 0, 1, 0)],
        [FlankSpec(ENGLISH_AT_50, 200, 2100, 0, 4900, 0, Maneuver.POSITION)],
    )
    _draws(battle, [], 0.5)
    battle.step()
    archer = battle.sides[0].vars.units["artillery"]
    defense = battle.sides[1].vars.units["infantry"].defense.value
    (killed,) = [e.data["killed"] for e in battle.events if e.kind == "attack"]
    expected = _killed(min(1.0, archer.limitation.value), archer, 0.6, 2.5, defense)
    assert killed == pytest.approx(expected, abs=5e-4)


def test_a_fleet_on_land_moves_at_its_ships_speed(war: WarFactory) -> None:
    """Seed 004, Composition: "The speed of a unit is equal to the speed of its slowest member";
    a fleet's only member is its ships (Navy: "the ship's speed is used as the speed of the
    flank"). The Combined Fleet's first flank on the plain map, a kilometre a pixel, the enemy
    300 pixels east (on Position), no jitter: its Ships of the Line (8 km/h) move 8 pixels."""
    setup = war(
        attacker="Combined Fleet",
        defender="Mediterranean Fleet",
        location="Cape Trafalgar",
        year=1805,
        map_name="Plain",
        params=edited_parameters(metres_per_pixel=1000.0),
    )
    battle = battle_of(
        setup,
        [FlankSpec(50, 200, 0, 0, 0, 11)],
        [FlankSpec(350, 200, 0, 0, 0, 27, Maneuver.POSITION)],
    )
    _draws(battle, [], 0.5)
    battle.step()
    assert (battle.flanks[0].x, battle.flanks[0].y) == pytest.approx((58.0, 200.0))
