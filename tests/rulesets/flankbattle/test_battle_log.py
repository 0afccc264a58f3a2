"""What the battle tells as it goes and the Autoalgo log (seed 004, Output): each event with
its flank, each variable with the inputs it came from."""

from __future__ import annotations

import math

import numpy as np
import pytest

from hexwar.rulesets.flankbattle.engine import Battle
from hexwar.rulesets.flankbattle.flanks import FlankSpec
from hexwar.rulesets.flankbattle.params import (
    Parameters,
    default_parameters,
)
from hexwar.rulesets.flankbattle.terrain import HIGH
from hexwar.rulesets.flankbattle.war import WarSetup, fight
from tests.rulesets.flankbattle.helpers import (
    POSITION,
    P,
    _hastings,
    _soldiers_attack_from,
    _testland,
)

from .conftest import (
    WarFactory,
    battle_of,
    deployed,
    duel,
    edited_parameters,
    trafalgar,
)


def _named(lines: list[str]) -> list[tuple[str, str]]:
    """Each log line as (name, significance): the value left out, a leader's bonus named up
    to its share (``+ martial/10 (Tester)``); a variable's own line has no significance."""
    out = []
    for line in lines:
        name, _, rest = line.strip().rpartition(" = ")
        significance = rest.partition(" (")[2].rstrip(")")
        if " of the headroom " in name:
            name = name.partition(":")[0]
        out.append((name, significance))
    return out


M, MO, MI, L, F = "major", "moderate", "minor", "leader", "factor"


M, MO, MI, L, F = "major", "moderate", "minor", "leader", "factor"


M, MO, MI, L, F = "major", "moderate", "minor", "leader", "factor"


M, MO, MI, L, F = "major", "moderate", "minor", "leader", "factor"


M, MO, MI, L, F = "major", "moderate", "minor", "leader", "factor"


MILITIA = [("Military Type-Religion (Militia-Christianity)", MI),
           ("Military Type-Ethnicity (Militia-Caucasian)", MI)]  # fmt: skip


UNIT_LOG = [
    ("Efficiency", ""), ("Tactical Training/10", M), ("Attrition (none)", M),
    ("Steel Prod/(Military Size*Soldier Type*Power*10)", MO),
    ("Budget/(Military Size*Soldier Type*1000)", MO),
    ("Military Type-Soldier Type (Militia-Regular)", MO),
    ("Federal Gov-Military Type (Tribal-Militia)", MO), *MILITIA,
    ("+ martial/10 (Tester)", L),
    ("Limitation", ""), ("sqrt(Tactical Training/10)", M), ("Urbanization (none)", M),
    ("Budget*2.5/GDP", MO), *MILITIA, ("Climate-Religion (Temperate-Christianity)", MI),
    ("Climate-Ethnicity (Temperate-Caucasian)", MI), ("+ cunning/10 (Tester)", L),
    ("Defense", ""), ("Mobile Defenses (none)", M), ("Fortifications (none)", M),
    ("Defense", MO), ("Tactical Training/10", MO), ("+ defense/10 (Tester)", L),
    ("Effectiveness", ""), ("Shock", F), ("Soldier Type (Regular)", F),
    ("* (attack+1) (Tester)", L),
]  # fmt: skip


SIDE_LOG = [
    ("Occupation Base", ""), ("Age^(1/log(2))/10^10", F), ("Population^(1/3)", F),
    ("Urban Population^(1/log(8))*10", F), ("log((Power Consumption/8760)+1)", F),
    ("log(Arable land*Diet Protein*Diet Yield/Urban*Population)*2", F),
    ("log(Diet Yield*Diet Protein*(1-1/Diet Diversity)*Diet Domestication*(Age/3700))", F),
    ("Civilization Type (Hunter-Gatherer)", F), ("Domesticated animals (Herd animals)", F),
    ("Writing (none)", F), ("Medicine (none)", F), ("Fortifications (none)", F),
    ("Road system (none)", F), ("* (attack+0.1)*10 (Tester)", L),
    ("Capacity", ""), ("Attrition (none)", M), ("Fortifications (none)", M),
    ("Road System (none)", M), ("Urbanization-Logistics (none-Basic)", M),
    ("Climate-Religion (Temperate-Christianity)", MI),
    ("Climate-Ethnicity (Temperate-Caucasian)", MI), ("+ authority/10 (Tester)", L),
    ("x capacity scale (0.5 -> 0.1 of the local population)", F),
    ("Economy", ""), ("log(GDP*Trade/Urban*Pop)/6", M),
    ("log(Arable Land*Diet Yield*Diet Worth)/7", MO), ("log(Animals*Arable Land)/7", MO),
    ("Year Crisis (austerity)", MI), ("+ cunning/10 (Tester)", L),
    ("Innate Stability", ""), ("Revenue (Balanced)", M),
    ("Federal Gov-State Gov (Tribal-Nomadic)", M), ("Trade (Minor)", MO),
    ("Year Founded (growth)", MO), ("Year Crisis (austerity)", MO),
    ("Federal Gov-Civ (Tribal-Hunter-Gatherer)", MI),
    ("State Gov-Civ (Nomadic-Hunter-Gatherer)", MI),
    ("Federal Gov-Religion (Tribal-Christianity)", MI),
    ("Federal Gov-Ethnicity (Tribal-Caucasian)", MI),
    ("State Gov-Religion (Nomadic-Christianity)", MI),
    ("State Gov-Ethnicity (Nomadic-Caucasian)", MI), ("+ authority/10 (Tester)", L),
    ("Morale Bonus", ""), ("Attrition (none)", M), ("Motive-Ideology (Conquest-Statist)", MI),
    ("Federal Gov-Motive (Tribal-Conquest)", MI), ("Federal Gov-Ideology (Tribal-Statist)", MI),
    ("Motive-Religion (Conquest-Christianity)", MI),
    ("Motive-Ethnicity (Conquest-Caucasian)", MI),
    ("Ideology-Religion (Statist-Christianity)", MI),
    ("Ideology-Ethnicity (Statist-Caucasian)", MI),
    ("Federal Gov-Religion (Tribal-Christianity)", MI),
    ("Federal Gov-Ethnicity (Tribal-Caucasian)", MI), ("x 2 (range 0-2)", F),
    ("+ (zeal+1)/10 (Tester)", L),
    ("Siege Rate", ""), ("no artillery unit type: no siege rate", F),
]  # fmt: skip


def _besieged(setup: WarSetup) -> Battle:
    battle = deployed(setup)
    for f in battle.side_flanks[1]:
        f.maneuver = POSITION
    return battle


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_the_capacity_counts_the_most_advanced_logistics() -> None:
    """Seed 004, Composition: "The resilience of supply lines is set to the resilience of the
    unit type with the most advanced logistics", and Carrying Capacity's major input
    Urbanization-Logistics. Half Hoplites (Personally supplied, the most advanced of the
    seed's list Basic, Uses roads, Advanced caches, Foraging, Personally supplied) and half
    Norman Archers (Uses roads): the Capacity counts Personally supplied."""
    side = _testland(
        military={
            "infantry_type": "Hoplite",
            "infantry_proportion": 0.5,
            "artillery_type": "Norman Archer",
            "artillery_proportion": 0.5,
        }
    )
    names = [t.name for t in side.capacity.terms if t.name.startswith("Urbanization-")]
    assert names == ["Urbanization-Logistics (none-Personally supplied)"]


@pytest.mark.found_by_mutation
def test_the_log_lists_every_input_of_every_variable_with_its_significance() -> None:
    """Seed 004, Output: the log "lists out the input values that contribute towards
    Efficiency, Limitation, Defense, and Effectiveness, which it displays for all four unit
    types including ships. Next, for each belligerent it lists out the input values
    contributing towards Occupation base, Capacity, Economy, Innate Stability, and Morale
    Bonus"; Mapping inputs to outputs: each input is major, moderate or minor as the sub-list
    gives it (Effectiveness "(1+Shock)*Soldier Type" and the Capacity scale are factors), and
    the Leader table's bonuses follow. Testland's Soldiers and barges, led by Tester (every
    skill 1), in that order; a Hunter-Gatherer nation fields its whole population (Maximum
    military)."""
    lines = _testland(leaders=True).log_lines()
    ship = lines.index("  ship (Barges, proportion 0):")
    occupation = next(i for i, line in enumerate(lines) if "Occupation Base = " in line)
    assert lines[0] == "  infantry (Soldier, proportion 1):"
    assert _named(lines[1:ship]) == UNIT_LOG
    assert _named(lines[ship + 1 : occupation]) == UNIT_LOG
    assert _named(lines[occupation:-1]) == SIDE_LOG
    assert lines[-3:-1] == [
        "  Siege Rate = 0",
        "    no artillery unit type: no siege rate = 0 (factor)",
    ]
    assert lines[-1] == "  Maximum military = 1000000 (ratio 1 of the population)"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("headroom", "bonus", "defense"),
    [
        (1.0, "+ defense/10 (Tester): 0.1 of the headroom 0.9 = 0.09 (leader)", "0.1900"),
        (0.0, "+ defense/10 (Tester) = 0.1 (leader)", "0.2000"),
    ],
)
def test_the_log_shows_the_leaders_defense_bonus(headroom: float, bonus: str, defense: str) -> None:
    """Seed 004, Leader: a military leader adds "+ defense/10" to Defense; the ruling on leader
    bonuses (docs/rulings/flankbattle.md) takes it as that share of the room left below 1,
    ``leader_bonus_headroom`` 0 as written. The Soldiers' Defense before it: major Mobile
    Defenses and Fortifications none (0 each), moderate Defense 0 and Tactical Training/10
    0.5: (3 x 0 + 3 x 0 + 2 x 0 + 2 x 0.5) / 10 = 0.1. Tester's defense 1: 0.1 of the headroom
    0.9, 0.09, Defense 0.19; as written 0.1 + 0.1 = 0.2. The log shows both."""
    params = Parameters(P.data | {"battle": P.battle | {"leader_bonus_headroom": headroom}})
    lines = _testland(leaders=True, params=params).log_lines()
    at = lines.index("    Defense = " + defense)
    assert lines[at + 1 : at + 6] == [
        "      Mobile Defenses (none) = 0 (major)",
        "      Fortifications (none) = 0 (major)",
        "      Defense = 0 (moderate)",
        "      Tactical Training/10 = 0.5 (moderate)",
        "      " + bonus,
    ]


@pytest.mark.found_by_mutation
def test_cutting_the_last_supply_line_tells_the_cut_and_the_sides_capacity(
    war: WarFactory,
) -> None:
    """Seed 004, Supply lines: the pillaging flank cuts the enemy flank's supply lines on "a
    random number from 0-1 ... equal to or less than 0.5"; "If all enemy flanks are cut off from
    supplies ... the variable of Capacity is reduced by 90%"; the log tells "A flank's supply
    lines are cut" and "One belligerent's supply lines have been completely cut off" (Output).
    The English in one flank, cut on the roll 0.123456: both events, the roll to 4 decimals,
    the side and its capacity a tenth of what it was."""
    battle = _hastings(war, [FlankSpec(205, 200, 2100, 0, 4900, 0)])
    normans, english = battle.flanks
    capacity = battle.sides[1].capacity
    battle.cut_supplies(normans, english, 0.123456)
    assert [(e.kind, e.text, e.data) for e in battle.events] == [
        (
            "supply-cut",
            "Attacker flank 1 cuts the supply lines of Defender flank 1",
            {"flank": "Attacker flank 1", "target": "Defender flank 1", "roll": 0.1235},
        ),
        (
            "supply-all-cut",
            "The defender's supply lines are completely cut off: Capacity reduced by 90%",
            {"side": "Defender", "capacity": pytest.approx(capacity * 0.1, rel=1e-12)},
        ),
    ]


@pytest.mark.found_by_mutation
def test_each_sinking_is_told_and_counted_on_the_sides_total(war: WarFactory) -> None:
    """Seed 004, Navy and Output ("ships sunk"; ruling: ships go down with their complement).
    The Combined Fleet's first flank at Trafalgar, 11 ships of 900 men, loses 900 men (one
    ship, "1 ship ... sunk"), then 1,800 more (two ships): each sinking is told with the flank,
    the ships lost and afloat and the men killed, and the side's ships sunk add up to 3."""
    setup = trafalgar(war)
    battle = deployed(setup)
    fleet = battle.flanks[0]
    assert (fleet.ships, round(fleet.size)) == (11, 9900)
    battle.apply_losses(fleet, 900.0, 0.0)
    battle.apply_losses(fleet, 1800.0, 0.0)
    assert [(e.text, e.data) for e in battle.events if e.kind == "sunk"] == [
        (
            "1 ship of Attacker flank 1 sunk (10 afloat)",
            {"flank": "Attacker flank 1", "ships": 1, "afloat": 10, "killed": 900.0},
        ),
        (
            "2 ships of Attacker flank 1 sunk (8 afloat)",
            {"flank": "Attacker flank 1", "ships": 2, "afloat": 8, "killed": 1800.0},
        ),
    ]
    assert (fleet.sunk, battle.sides[0].sunk) == (3, 3)


@pytest.mark.found_by_mutation
def test_the_siege_is_told_with_its_rate(war: WarFactory) -> None:
    """Seed 004, Sieging: with all defending flanks on Position on high ground and
    fortifications present (Chateau Gaillard's castle on its hill) "the defenders are now under
    siege", the Siege Rate the attacker's: Location Attrition + Artillery Power + Leader Siege
    (docs/rulings/flankbattle.md: the ratings over 10) -- no attrition there (0.01), the Norman
    Archers' best power 0.6 (0.06) and William's siege 6 (0.6): 0.67. The moderator's log
    tells it once, with the rate."""
    battle = _besieged(war(location="Chateau Gaillard"))
    assert all(f.feat == HIGH for f in battle.side_flanks[1])
    battle.update_siege()
    battle.update_siege()
    sieges = [(e.text, e.data) for e in battle.events if e.kind == "siege"]
    assert sieges == [("The defenders are under siege", {"siege_rate": pytest.approx(0.67)})]


@pytest.mark.found_by_mutation
def test_an_attack_event_names_its_flank_and_its_demoralised(war: WarFactory) -> None:
    """Seed 004, Attacking: morale loss = Battalion*Effectiveness*Psychology*Power*
    (1+(flanking-1)/10)*Efficiency*Random*(1-Defense), casualties the same with Mercy for
    Psychology and the flanking term. Soldiers have Psychology 1, one flank attacks (flanking
    1) a steady flank (Mercy 1): as many demoralised as killed, to the event's 3 decimals."""
    _, data = _soldiers_attack_from(war, 0)
    assert data["flank"] == "Attacker flank 1"
    assert data["target"] == "Defender flank 1"
    assert data["killed"] > 1.0
    assert data["demoralised"] == data["killed"]
    assert data["killed"] != round(data["killed"])


@pytest.mark.found_by_mutation
def test_a_sinking_tells_the_ships_left_afloat(war: WarFactory) -> None:
    """Seed 004, Navy and Output ("ships sunk"; ruling: ships go down with their complement):
    the Combined Fleet's first flank at Trafalgar, 11 ships of 900 men, loses 1,800 men: 2
    ships are sunk and 9 are left afloat."""
    setup = trafalgar(war)
    battle = deployed(setup)
    fleet = battle.flanks[0]
    assert (fleet.ships, round(fleet.size)) == (11, 9900)
    battle.apply_losses(fleet, 1800.0, 0.0)
    (sunk,) = [e for e in battle.events if e.kind == "sunk"]
    assert (sunk.data["ships"], sunk.data["afloat"]) == (2, 9)
    assert sunk.text.endswith("(9 afloat)")


@pytest.mark.found_by_mutation
def test_the_battles_end_names_its_winner(war: WarFactory) -> None:
    """Seed 004, Introduction: "Once all flanks for one side have been routed, the other side
    automatically wins". The English flank routed before the first hour: the battle ends in
    hour 1, won by the attacker, and its last event names the winner."""
    battle = duel(war(map_name="Plain"))
    battle.flanks[1].routed = True
    result = battle.run()
    assert (result.winner, result.hours) == (0, 1)
    end = battle.events[-1]
    assert (end.kind, end.data["winner"]) == ("battle-end", "Attacker")


@pytest.mark.found_by_mutation
def test_the_log_shows_how_each_variable_came_about(war: WarFactory) -> None:
    """Seed 004, Output: the log "displays the input values and how each of them contributes
    towards the intermediate variables". For the Normans at Hastings:

    - Siege Rate = Location Attrition + Artillery Power + Leader Siege (Sieging; the two 0-10
      ratings over 10): none 0.01, the Norman Archer's best power 0.6 / 10, William's siege
      6 / 10: 0.67;
    - the Knights' Effectiveness = (1+Shock) x Soldier Type x (attack+1): (1 + 0.6) x 1.25
      (Traditional) x 9 (William's attack 8);
    - the Occupation Base is the product of its terms (Occupation), each a factor (Writing
      among them) but William's, a national leader's."""
    sv = war(map_name="Plain").sides[0]
    p = default_parameters()
    assert [(t.name, t.value, t.significance) for t in sv.siege_rate.terms] == [
        ("Location Attrition (none)", 0.01, "factor"),
        ("Artillery Power/10", 0.06, "factor"),
        ("Leader Siege/10", 0.6, "factor"),
    ]
    assert sv.siege_rate.value == pytest.approx(0.67, abs=1e-12)
    knights = sv.units["cavalry"].effectiveness
    assert p.ordered("Soldier type", "Traditional", "effectiveness") == 1.25
    assert [(t.name, t.value, t.significance) for t in knights.terms] == [
        ("Shock", 0.6, "factor"),
        ("Soldier Type (Traditional)", 1.25, "factor"),
        ("* (attack+1) (William the Conqueror)", 9.0, "leader"),
    ]
    assert knights.value == pytest.approx((1 + 0.6) * 1.25 * 9.0, rel=1e-12)
    occupation = sv.occupation_base
    assert {t.significance for t in occupation.terms[:-1]} == {"factor"}
    assert occupation.terms[-1].significance == "leader"
    assert any(t.name.startswith("Writing (") for t in occupation.terms)
    assert occupation.value == pytest.approx(math.prod(t.value for t in occupation.terms))
    lines = sv.log_lines()
    for line in (
        "  cavalry (Norman Knight, proportion 0.25):",
        "    Effectiveness = 18.0000",
        "      Shock = 0.6 (factor)",
        "      Soldier Type (Traditional) = 1.25 (factor)",
        "  Siege Rate = 0.67",
        "    Location Attrition (none) = 0.01 (factor)",
        "    Artillery Power/10 = 0.06 (factor)",
        "    Leader Siege/10 = 0.6 (factor)",
        "  Maximum military = 70000 (ratio 0.07 of the population)",
    ):
        assert line in lines
