"""Flank battle rules that a mutation of the battle engine or of the intermediate variables
changed without failing a test in the first full mutation run of the two modules, each checked
where the war works it out, at its boundary (docs/testing.md, "Full runs": "Flank battle,
`engine` and `variables`"). Seed 004; the sides are Testland's (built here) or the duel at
Hastings of conftest.py."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from hexwar.rulesets.flankbattle.engine import Battle
from hexwar.rulesets.flankbattle.flanks import FlankSpec
from hexwar.rulesets.flankbattle.params import (
    Parameters,
    default_parameters,
    default_units,
)
from hexwar.rulesets.flankbattle.variables import SideVariables, Variable

from .conftest import WarFactory, battle_of, deployed, duel, edited_parameters, side_of_testland

P = default_parameters()


def _side(*, leaders: bool = False, **fields: Any) -> SideVariables:
    """Testland's side (conftest's :func:`side_of_testland`); with ``leaders`` "Tester" is both its
    national and its military leader."""
    return side_of_testland(national_leader=leaders, military_leader=leaders, **fields)


def _term(var: Variable, starts: str) -> float:
    """The value of the variable's one term whose name starts with ``starts``."""
    (value,) = [t.value for t in var.terms if t.name.startswith(starts)]
    return value


# -- variables: the inputs at their boundaries ---------------------------------------------


def test_the_age_of_the_state_and_of_its_crisis_set_its_cycles() -> None:
    """Seed 004, Nation (Founded Year, Crisis Year): the age of the state, the war's year less
    the year founded, places it in Turchin's secular cycle (40-150 years: growth), the years
    since its last crisis in the Strauss-Howe generation (30-60 years: awakening). In 1066 a
    state founded in 1000 (66 years) is growing, its crisis of 1020 (46 years) an awakening;
    Innate Stability's Year Founded and Year Crisis terms and Economy's Year Crisis term are
    those phases' numbers (parameters.json)."""
    side = _side(nation={"year_founded": 1000.0, "year_crisis": 1020.0})
    assert (side.secular_cycle, side.generation) == ("growth", "awakening")
    stability = side.innate_stability
    assert _term(stability, "Year Founded (growth)") == P.ordered(
        "Secular cycle", "growth", "stability"
    )
    assert _term(stability, "Year Crisis (awakening)") == P.ordered(
        "Generation", "awakening", "stability"
    )
    assert _term(side.economy, "Year Crisis (awakening)") == P.ordered(
        "Generation", "awakening", "economy"
    )


def test_the_road_system_serves_the_attacker_only() -> None:
    """Seed 004, Location (Road System): "can be utilized by the attacker to facilitate supply
    lines and transport. This can be used for the occupation score of the attacker, but not
    defender." At a place with basic roads the attacker's Capacity and Occupation Base count
    them; the defender's count none."""
    roads = {"road_system": "Basic roads"}
    attacker, defender = _side(location=roads), _side(location=roads, defender=True)
    assert _term(attacker.capacity, "Road System (Basic roads)") == P.ordered(
        "Road system", "Basic roads", "capacity"
    )
    assert _term(attacker.occupation_base, "Road system (Basic roads)") == P.ordered(
        "Road system", "Basic roads", "occupation"
    )
    assert _term(defender.capacity, "Road System (none)") == P.ordered(
        "Road system", "none", "capacity"
    )
    assert _term(defender.occupation_base, "Road system (none)") == P.ordered(
        "Road system", "none", "occupation"
    )


def test_steel_per_soldier_counts_the_soldier_type_and_an_unarmed_ship_needs_none() -> None:
    """Seed 004, Mapping inputs to outputs: Efficiency's moderate input Steel Prod/(Military
    Size*Soldier Type*Power*10), 0-1. Testland producing 100,000 tons of steel fields 10,000
    Norman Knights (Traditional: Soldier Type 1.25; Power 1.5): 100,000 / (10,000 x 1.25 x 1.5
    x 10) = 0.5333. Its barges have no weapon (Power 0): the ratio has no bound, held at the
    top of its range, 1."""
    side = _side(
        nation={"steel_production": 1e5},
        military={"cavalry_type": "Norman Knight", "cavalry_proportion": 1.0},
    )
    steel = "Steel Prod/(Military Size*Soldier Type*Power*10)"
    assert _term(side.units["cavalry"].efficiency, steel) == pytest.approx(1e5 / 187500, rel=1e-12)
    assert side.units["ship"].slot.unit.name == "Barges"
    assert _term(side.units["ship"].efficiency, steel) == 1.0


@pytest.mark.parametrize(
    ("gdp", "budget", "economy", "limitation"),
    [(0.0, 1e6, 0.0, 1.0), (1.0, 0.0, 0.0, 0.0)],
)
def test_a_nation_without_gdp(gdp: float, budget: float, economy: float, limitation: float) -> None:
    """Seed 004, Nation (GDP 0-100 trillion) and Mapping inputs to outputs: Economy's major
    input log(GDP*Trade/Urban*Pop)/6 and Limitation's moderate Budget*2.5/GDP, each 0-1. A GDP
    of 0: the logarithm has no floor, held at 0; the budget over no GDP has no bound, held at
    1. A GDP of 1 dollar and no budget: 0 and 0 (2.5 x 0 / 1)."""
    side = _side(nation={"gdp": gdp}, military={"budget": budget})
    assert _term(side.economy, "log(GDP*Trade/Urban*Pop)/6") == economy
    assert _term(side.units["infantry"].limitation, "Budget*2.5/GDP") == limitation


def test_a_nation_without_city_dwellers_counts_one() -> None:
    """Seed 004, Mapping inputs to outputs: Economy's major input log(GDP*Trade/Urban*Pop)/6
    and the Occupation Base's special calculation log(Arable land*Diet Protein*Diet
    Yield/Urban*Population)*2, Urban population 0-1 (Nation). A Testland of no urban
    population divides by zero; the ruling (Economy) counts one inhabitant. With a GDP of
    1,000 dollars and Minor trade (1, parameters.json): log10(1000 x 1 / 1) / 6 = 0.5; on
    1,000,000 acres of Wheat (protein 455, yield 3, parameters.json): 2 x log10(1,365,000,000)
    = 18.2703."""
    side = _side(nation={"urban_population": 0.0, "gdp": 1000.0, "trade": "Minor"})
    assert _term(side.economy, "log(GDP*Trade/Urban*Pop)/6") == pytest.approx(0.5, rel=1e-12)
    farming = _term(side.occupation_base, "log(Arable land*Diet Protein")
    assert farming == pytest.approx(2 * math.log10(1e6 * 455 * 3), rel=1e-12)
    assert round(farming, 4) == 18.2703


@pytest.mark.parametrize(("capacity", "ships"), [(0.0, 0), (30.0, 334)])
def test_a_blank_ship_number_over_a_transport_carrying_no_one(capacity: float, ships: int) -> None:
    """Seed 004, Military: Ship number "If this number is not specified, then it is
    calculated by dividing the total military by the ship capacity", and Unit: Capacity 0-10,000
    (default 0). Testland's 10,000 with a blank Ship number on barges that carry no one: no
    ships (the ruling on Ship number; 10,000 / 0 has no value); on barges of 30: 10,000 / 30 =
    333.3, rounded up, 334."""
    units = default_units()
    units["Barges"] = dataclasses.replace(units["Barges"], capacity=capacity)
    side = _side(military={"transport": "Barges"}, units=units)
    assert side.ship_number == ships


def test_the_economys_farming_terms() -> None:
    """Seed 004, Mapping inputs to outputs: Economy's moderate inputs log(Arable Land*Diet
    Yield*Diet Worth)/7 and log(Animals*Arable Land)/7 (base 10, the ruling on Economy). A
    sugar-growing Testland (Diet: yield 4, worth 2, parameters.json) of 1,000 acres with herd
    animals (10): log10(1000 x 4 x 2) / 7 = 3.90309 / 7 = 0.557584 and log10(10 x 1000) / 7 =
    4 / 7."""
    side = _side(nation={"diet": "Sugar", "arable_land": 1000.0, "animals": "Herd animals"})
    assert _term(side.economy, "log(Arable Land") == pytest.approx(0.557584, abs=1e-6)
    assert _term(side.economy, "log(Animals") == pytest.approx(4 / 7, rel=1e-12)


def test_a_budget_above_a_thousand_dollars_a_soldier_counts_as_one() -> None:
    """Seed 004, Mapping inputs to outputs: Efficiency's moderate input Budget/(Military
    Size*Soldier Type*1000), Efficiency 0-1. 15 million for 10,000 Soldiers (Regular, 1): 1.5,
    held at 1."""
    side = _side(military={"budget": 1.5e7})
    assert _term(side.units["infantry"].efficiency, "Budget/(Military Size") == 1.0


def test_the_age_of_civilization_in_the_occupation_base() -> None:
    """Seed 004, Occupation Base: the special calculation Age^(1/log(2))/10^10, Age the war's
    year less the Age of Civilization (the ruling on Occupation Base special calculations).
    Testland's civilization at the seed's default, -2000: 3,066 years in 1066,
    3066^(1/log10 2) / 10^10 = 38.21."""
    side = _side()
    age = _term(side.occupation_base, "Age^(1/log(2))/10^10")
    assert age == pytest.approx(3066.0 ** (1.0 / math.log10(2.0)) / 1e10, rel=1e-12)
    assert round(age, 2) == 38.21


def test_a_unit_type_without_soldiers_is_no_part_of_the_military() -> None:
    """Seed 004, Unit: "The unit type that is selected is then applied to whatever portion of
    your military is made up by that type"; Siege Rate "only applies if there is some
    artillery unit type". A military all Soldiers (proportion 1) that names Trebuchets for its
    artillery at proportion 0 has no artillery: no artillery unit, no siege rate, and the
    Capacity's logistics are the Soldiers' (Basic)."""
    side = _side(
        military={
            "infantry_type": "Soldier",
            "infantry_proportion": 1.0,
            "artillery_type": "Trebuchet",
            "artillery_proportion": 0.0,
            "cavalry_type": "Persian Cavalry",
            "cavalry_proportion": 0.0,
        }
    )
    assert list(side.units) == ["infantry", "ship"]
    assert side.siege_rate.value == 0.0
    assert any(t.name.endswith("-Basic)") for t in side.capacity.terms)


def test_the_capacity_counts_the_most_advanced_logistics() -> None:
    """Seed 004, Composition: "The resilience of supply lines is set to the resilience of the
    unit type with the most advanced logistics", and Carrying Capacity's major input
    Urbanization-Logistics. Half Hoplites (Personally supplied, the most advanced of the
    seed's list Basic, Uses roads, Advanced caches, Foraging, Personally supplied) and half
    Norman Archers (Uses roads): the Capacity counts Personally supplied."""
    side = _side(
        military={
            "infantry_type": "Hoplite",
            "infantry_proportion": 0.5,
            "artillery_type": "Norman Archer",
            "artillery_proportion": 0.5,
        }
    )
    names = [t.name for t in side.capacity.terms if t.name.startswith("Urbanization-")]
    assert names == ["Urbanization-Logistics (none-Personally supplied)"]


def test_the_siege_rate_of_trebuchets_without_a_leader() -> None:
    """Seed 004, Sieging: Siege Rate = Location Attrition + Artillery Power + Leader Siege (the
    ruling: the 0-10 ratings over 10). Testland's Trebuchets (best power 5: 0.5) at a place
    of no attrition (0.01, parameters.json), with no military leader (no Leader Siege): 0.51."""
    side = _side(military={"artillery_type": "Trebuchet", "artillery_proportion": 1.0})
    assert [t.value for t in side.siege_rate.terms] == [0.01, 0.5, 0.0]
    assert side.siege_rate.value == pytest.approx(0.51, rel=1e-12)


def test_a_military_of_blank_composition_is_all_soldiers() -> None:
    """Seed 004, Military: "If no unit types are specified, then they are assumed to all be
    infantry" -- Soldier, "with a proportion of 1", and no crew share left for the ships."""
    side = _side()
    infantry = side.units["infantry"].slot
    assert (infantry.unit.name, infantry.proportion) == ("Soldier", 1.0)
    assert side.units["ship"].slot.proportion == 0.0


@pytest.mark.parametrize(("land", "crew"), [(0.999, 0.001), (0.9991, 0.0)])
def test_a_crew_share_of_a_thousandth_is_a_crew(land: float, crew: float) -> None:
    """docs/rulings/flankbattle.md (Military composition): what the land proportions leave
    below 1 is the ships' crew share, "unless it is less than 0.001". Land units of 0.999
    leave exactly 0.001: a crew; 0.9991 leave less: rounding, no crew."""
    side = _side(military={"infantry_type": "Soldier", "infantry_proportion": land})
    assert side.units["ship"].slot.proportion == pytest.approx(crew, abs=1e-12)


# -- variables: the log of how each came about ---------------------------------------------


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
    lines = _side(leaders=True).log_lines()
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
    lines = _side(leaders=True, params=params).log_lines()
    at = lines.index("    Defense = " + defense)
    assert lines[at + 1 : at + 6] == [
        "      Mobile Defenses (none) = 0 (major)",
        "      Fortifications (none) = 0 (major)",
        "      Defense = 0 (moderate)",
        "      Tactical Training/10 = 0.5 (moderate)",
        "      " + bonus,
    ]


def test_a_leader_rated_10_in_defense_leaves_a_flank_vulnerable() -> None:
    """Seed 004, Leader ("Defense [+ defense/10]") and docs/rulings/flankbattle.md: a leader
    rated 10 brings a 0-1 variable to its top, and Defense "is clamped to at most 0.95
    (defense_cap) so no flank is invulnerable". Tester's defense 10: every unit's Defense is
    0.95, not 1."""
    side = _side(leaders=True, skills={"defense": 10.0})
    assert [u.defense.value for u in side.units.values()] == [0.95, 0.95]


# -- engine: morale, rout and capture ------------------------------------------------------


def _english_at_20_a_soldier(war: WarFactory) -> Battle:
    """The duel at Hastings, the English flank (7,000) at 20 morale a soldier: 140,000."""
    battle = duel(war(map_name="Plain"))
    english = battle.flanks[1]
    assert english.size == 7000.0
    english.morale = english.start_morale = 140000.0
    return battle


@pytest.mark.parametrize(("demoralised", "routing"), [(4200.0, False), (4201.0, True)])
def test_a_flank_routs_below_thirty_percent_of_its_morale(
    war: WarFactory, demoralised: float, routing: bool
) -> None:
    """Seed 004, Attacking: "If morale of a flank is less than 30% of its original size, then
    they start to rout"; each soldier killed or demoralised takes his share of the morale (the
    morale of a dead soldier is zero). An attack kills 700 English and demoralises 4,200: 4,900
    x 20 = 98,000 of 140,000 lost, 42,000 left, exactly 30%: they hold. One more demoralised:
    41,980, below: they rout, the routing event giving the morale and the 6,300 men left."""
    battle = _english_at_20_a_soldier(war)
    english = battle.flanks[1]
    battle.apply_losses(english, 700.0, demoralised)
    assert english.morale == 140000.0 - (700.0 + demoralised) * 20.0
    assert (english.routing, english.routed) == (routing, False)
    routs = [(e.text, e.data) for e in battle.events if e.kind == "routing"]
    if routing:
        assert english.status == "Retreating"
        assert routs == [
            (
                "Defender flank 1 is starting to rout",
                {"flank": "Defender flank 1", "morale": 41980, "size": 6300},
            )
        ]
    else:
        assert (english.status, routs) == ("Idle", [])


@pytest.mark.parametrize(("demoralised", "routed"), [(5600.0, False), (5601.0, True)])
def test_a_flank_leaves_the_battle_below_ten_percent_of_its_morale(
    war: WarFactory, demoralised: float, routed: bool
) -> None:
    """Seed 004, Attacking: "Once a flank's morale is less than 10% its original size, then
    they drop out of the battle entirely". 700 killed and 5,600 demoralised: 14,000 of 140,000
    left, exactly 10%: routing, still in the battle. One more: 13,980, fully routed, the
    routed event giving why, the morale and the 6,300 men left."""
    battle = _english_at_20_a_soldier(war)
    english = battle.flanks[1]
    battle.apply_losses(english, 700.0, demoralised)
    assert (english.routing, english.routed) == (True, routed)
    routs = [(e.text, e.data) for e in battle.events if e.kind == "routed"]
    if routed:
        assert english.status == "Routed"
        assert routs == [
            (
                "Defender flank 1 is fully routed (has lost all will to fight)",
                {"flank": "Defender flank 1", "morale": 13980, "size": 6300},
            )
        ]
    else:
        assert (english.status, routs) == ("Retreating", [])


# -- engine: supply lines, ships, the time limit -------------------------------------------


def _hastings(war: WarFactory, english: list[FlankSpec]) -> Battle:
    """Hastings on the plain map: the Normans in one flank at (200, 200), the English in
    ``english``; the battle's stream seeded 5."""
    setup = war(map_name="Plain")
    return battle_of(setup, [FlankSpec(200, 200, 4000, 2000, 2000, 134)], english)


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


def test_a_flank_of_one_soldier_keeps_its_sides_supply_lines(war: WarFactory) -> None:
    """Seed 004, Supply lines: the 90% cut comes when "all enemy flanks" are cut (the ruling:
    every flank that still has men). The English hold a second flank of one soldier, not cut:
    cutting the first flank's supplies does not cut the side's."""
    battle = _hastings(
        war, [FlankSpec(205, 200, 2100, 0, 4899, 0), FlankSpec(205, 230, 0, 0, 1, 0)]
    )
    normans, english, lone = battle.flanks
    assert lone.size == 1.0
    capacity = battle.sides[1].capacity
    battle.cut_supplies(normans, english, 0.25)
    assert (battle.sides[1].supply_all_cut, battle.sides[1].capacity) == (False, capacity)


def test_each_sinking_is_told_and_counted_on_the_sides_total(war: WarFactory) -> None:
    """Seed 004, Navy and Output ("ships sunk"; ruling: ships go down with their complement).
    The Combined Fleet's first flank at Trafalgar, 11 ships of 900 men, loses 900 men (one
    ship, "1 ship ... sunk"), then 1,800 more (two ships): each sinking is told with the flank,
    the ships lost and afloat and the men killed, and the side's ships sunk add up to 3."""
    setup = war(
        attacker="Combined Fleet",
        defender="Mediterranean Fleet",
        location="Cape Trafalgar",
        year=1805,
    )
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


def test_a_boat_of_one_man_sinks_with_him(war: WarFactory) -> None:
    """Ruling (ships go down with their complement): a flank's ships carry its men in equal
    shares, and after losses it keeps the ships its survivors fill, rounded up. The Combined
    Fleet's first flank cut down to one man on two ships (half a man each: a flank of a single
    man is no exception) loses 0.61234 of him: the 0.38766 left fill one ship, the other
    sinks; the event's killed to 3 decimals, 0.612."""
    setup = war(
        attacker="Combined Fleet",
        defender="Mediterranean Fleet",
        location="Cape Trafalgar",
        year=1805,
    )
    battle = deployed(setup)
    boat = battle.flanks[0]
    boat.scale(1.0 / boat.size)
    boat.start_size, boat.start_ships, boat.ships = boat.size, 2, 2
    assert boat.size == pytest.approx(1.0, rel=1e-12)
    battle.apply_losses(boat, 0.61234, 0.0)
    (sunk,) = [e.data for e in battle.events if e.kind == "sunk"]
    assert (sunk["ships"], sunk["afloat"], sunk["killed"]) == (1, 1, 0.612)


def test_the_time_limit_names_the_hour_and_its_sixty_days(war: WarFactory) -> None:
    """Seed 004, Introduction (twelve hours a day) and docs/rulings/flankbattle.md: after 60
    days (720 hours) with no side routed, the side with the larger share of its starting
    morale holds the field. The English kept a tenth of theirs, the Normans half: the
    attacker's, in hour 720, and the reason says so."""
    battle = duel(war(map_name="Plain"))
    normans, english = battle.flanks
    normans.morale, english.morale = normans.start_morale / 2, english.start_morale / 10
    battle.hour = 720
    result = battle.time_limit()
    assert (result.winner, result.hours, result.reason) == (
        0,
        720,
        "no side routed in 60 days; the side with more of its morale left holds the field",
    )


def test_a_side_that_started_without_morale_has_no_share_left(war: WarFactory) -> None:
    """docs/rulings/flankbattle.md: at the time limit the side with the larger share of its
    starting morale wins. The Normans started with none (a share of 0, not of all of it); the
    English have a tenth of theirs left: the English hold the field."""
    battle = duel(war(map_name="Plain"))
    normans, english = battle.flanks
    normans.start_morale = normans.morale = 0.0
    english.morale = english.start_morale / 10
    assert battle.time_limit().winner == 1


# -- engine: routing to the edge of the map, the charge ------------------------------------


@pytest.mark.parametrize(
    ("side", "start", "enemy", "inside"),
    [
        (0, (2.0, 200.0), (205.0, 200.0), (0.5, 200.0)),
        (1, (200.0, 2.5), (200.0, 200.0), (200.0, 0.5)),
        (1, (200.0, 397.5), (200.0, 200.0), (200.0, 399.5)),
    ],
)
def test_a_routing_flank_is_routed_at_the_west_north_or_south_edge_not_before(
    war: WarFactory,
    side: int,
    start: tuple[float, float],
    enemy: tuple[float, float],
    inside: tuple[float, float],
) -> None:
    """Seed 004, Attacking: "If a routing flank succeeds to reach the edge of the map without
    being fully routed, then they are considered routed automatically"; Movement: a routing
    flank "will attempt to get away from the enemy at half its normal speed". On a map of a
    kilometre a pixel, no jitter (every draw 0.5): the Normans (slowest member the Soldiers,
    3 km/h: 1.5 pixels an hour) rout west from x 2, the English (4 km/h: 2 pixels) north from
    y 2.5 or south from y 397.5, each away from the other. The first hour ends half a pixel
    inside the edge of the 400-pixel map: still routing; the second reaches the edge: routed."""
    battle = duel(war(map_name="Plain", params=edited_parameters(metres_per_pixel=1000.0)))
    battle._random = lambda: 0.5
    flank, other = battle.flanks[side], battle.flanks[1 - side]
    (flank.x, flank.y), (other.x, other.y) = start, enemy
    flank.routing = True
    battle.move(flank, other, 0.0, False)
    assert (flank.x, flank.y) == pytest.approx(inside)
    assert not flank.routed
    battle.move(flank, other, 0.0, False)
    assert flank.routed
    assert battle.events[-1].text.endswith("is fully routed (reaches the edge of the map)")


def test_a_routing_flank_flees_straight_away_from_its_enemy(war: WarFactory) -> None:
    """Seed 004, Movement: a routing flank "will attempt to get away from the enemy at half its
    normal speed". On a map of a kilometre a pixel, no jitter: the English (4 km/h, 2 pixels
    an hour routing) at (203, 204), the Normans at (200, 200), 3 east and 4 south of them:
    the English move 2 pixels along (3, 4)/5, to (204.2, 205.6)."""
    battle = duel(war(map_name="Plain", params=edited_parameters(metres_per_pixel=1000.0)))
    battle._random = lambda: 0.5
    normans, english = battle.flanks
    (normans.x, normans.y), (english.x, english.y) = (200.0, 200.0), (203.0, 204.0)
    english.routing = True
    battle.move(english, normans, 0.0, False)
    assert (english.x, english.y) == pytest.approx((204.2, 205.6), abs=1e-9)


@pytest.mark.parametrize(("soldiers", "knights", "archers"), [(50, 25, 25), (100, 0, 1)])
def test_the_battalion_of_a_flank_of_100_and_of_101(
    war: WarFactory, soldiers: int, knights: int, archers: int
) -> None:
    """Seed 004, Attacking: the battalion is sqrt(Military Size*Unit Proportion*Limitation)
    "for militaries larger than 100", the square root "waived if the military size is less
    than 100" (the ruling: the whole unit, count x limitation, in a flank of 100 or fewer);
    Casualties = Battalion*Effectiveness*Power*Efficiency*Random*Mercy*(1-Enemy Defense). A
    Norman flank of exactly 100 (50 Soldiers, 25 Knights, 25 Archers): the 25 Archers'
    battalion is 25 x L; a flank of 101 (100 Soldiers, 1 Archer): the lone Archer's is
    sqrt(1 x L), below 1. The Archers alone attack the English with their long bows (Power
    0.4) on the plain (factors 1), the random draw 0.5 x 5, Mercy 1."""
    battle = duel(war(map_name="Plain"))
    battle._random = lambda: 0.5
    normans, english = battle.flanks
    for unit, count in zip(normans.units, (soldiers, knights, archers), strict=True):
        unit.count = float(count)
    normans.scale(1.0)
    archer = battle.sides[0].vars.units["artillery"]
    assert normans.units[2].unit.name == "Norman Archer"
    assert normans.size == soldiers + knights + archers
    lim, eff = archer.limitation.value, archer.efficiency.value
    battalion = archers * lim if normans.size <= 100 else math.sqrt(archers * lim)
    defense = max(u.defense.value for r, u in battle.sides[1].vars.units.items() if r != "ship")
    battle.attack(normans, english, [(normans.units[2], 2)], 1)
    killed = next(e.data["killed"] for e in battle.events if e.kind == "attack")
    expected = battalion * archer.effectiveness.value * 0.4 * eff * 2.5 * 1.0 * (1 - defense)
    assert killed == pytest.approx(expected, abs=5e-4)


def test_a_flank_of_one_soldier_may_charge(war: WarFactory) -> None:
    """Seed 004, Movement: when only some units can attack, the flank charges with probability
    (1-(units ready to attack/total size of flank))/2+shock, the shock its slowest member's
    (Composition; on land, not its ships'). The Norman flank cut down to one soldier (half
    Soldiers, a quarter Knights, a quarter Archers), the English 50 metres beyond the square
    root of their size: only the Archers' 80-metre bows reach, 0.25 of 1; the Soldiers' shock
    0: P = 0.75 / 2 = 0.375, the roll 0.3 below it commits to the charge."""
    battle = duel(war(map_name="Plain"))
    battle._random = lambda: 0.3
    normans, english = battle.flanks
    normans.scale(1.0 / normans.size)
    english.x = normans.x + math.sqrt(english.size) + 50.0
    battle.step()
    (charge,) = [e.data for e in battle.events if e.kind == "charge"]
    assert (charge["flank"], charge["probability"], charge["roll"]) == (
        "Attacker flank 1",
        0.375,
        0.3,
    )


# -- engine: natural losses -----------------------------------------------------------------


def test_attrition_of_less_than_a_soldier_an_hour_adds_up(war: WarFactory) -> None:
    """Seed 004, Carrying capacity: Casualties = (Attrition+Random Number)*Military Size*(1-L),
    L the military over its carrying capacity, each soldier lost taking his share of the
    morale. 8,000 Normans at 1.001 times their capacity (no Attrition: 0.01, the random number
    0.5 x 0.05): (0.01 + 0.025) x 8000 x 0.001 = 0.28 of a soldier in the first hour, in the
    second 0.035 x 7999.72 x (7999.72 x 1.001 / 8000 - 1) = 0.27018 (fewer Normans, the same
    capacity), told to 3 decimals: 0.27. Both count: the flank and the side have lost the two
    together, the morale a soldier's share for each."""
    battle = duel(war(map_name="Plain"))
    battle._random = lambda: 0.5
    normans = battle.flanks[0]
    per_soldier = normans.start_morale / 8000.0
    side = battle.sides[0]
    side.local_population = 1000.0
    side.capacity = 8000.0 / 1.001 / 1000.0
    assert battle.attrition(0)
    assert battle.attrition(0)
    lost = [e.data["lost"] for e in battle.events if e.kind == "attrition"]
    assert lost[0] == pytest.approx(0.28, abs=1e-9)
    assert lost[1] == 0.27
    assert normans.died == side.died == pytest.approx(8000.0 - normans.size, abs=1e-9)
    assert normans.died == pytest.approx(sum(lost), abs=1e-3)
    assert normans.morale == pytest.approx(normans.size * per_soldier, rel=1e-12)


def test_a_vaccinated_army_loses_no_one_to_an_outbreak(war: WarFactory) -> None:
    """Seed 004, Diseases: Casualties = Log2(Infectivity*Reproduction*Deadliness+1)*(Military
    Size/500)*Medicine*Random; "Vaccination has a value here of 0". Influenza breaks out among
    vaccinated Normans (every outbreak draw 0, below any chance): the outbreak is told, with no
    casualties, and no one dies of it."""
    battle = duel(war(map_name="Plain"))
    draws = iter([0.0, 0.5] * 2)
    battle._random = lambda: next(draws)
    generation, secular, _, maximum = battle.disease_factors[0]
    battle.disease_factors[0] = (generation, secular, 0.0, maximum)
    battle.disease(0)
    kinds = [(e.kind, e.data.get("casualties")) for e in battle.events]
    assert kinds == [("disease", 0.0), ("disease", 0.0)]
    assert (battle.flanks[0].size, battle.flanks[0].died) == (8000.0, 0.0)


def test_a_flank_wiped_out_by_disease_has_no_morale_left(war: WarFactory) -> None:
    """Seed 004, Attrition: "it is possible for a flank to be entirely wiped out by
    attrition", logged as "A flank is wiped out completely by attrition" (Output); the morale
    of a dead soldier is zero (Attacking). Disease takes every one of the 8,000 Normans: no
    men, no morale, the flank Inactive."""
    battle = duel(war(map_name="Plain"))
    normans = battle.flanks[0]
    battle.natural_loss(normans, 8000.0, "disease")
    assert (normans.size, normans.morale, normans.status) == (0.0, 0.0, "Inactive")
    assert [(e.kind, e.text) for e in battle.events] == [
        ("disease-deaths", "Attacker flank 1 loses 8000 to disease"),
        ("wiped-out", "Attacker flank 1 is wiped out completely by disease"),
    ]


def test_deaths_to_disease_add_up_on_the_side(war: WarFactory) -> None:
    """Seed 004, Diseases: "casualty by diseases are tracked separately from any other type
    of attrition". Two outbreaks take 50 and then 30 Normans: the side's disease deaths are
    80."""
    battle = duel(war(map_name="Plain"))
    normans = battle.flanks[0]
    battle.natural_loss(normans, 50.0, "disease")
    battle.natural_loss(normans, 30.0, "disease")
    assert battle.sides[0].disease_deaths == 80.0


@pytest.mark.parametrize(("left", "wiped_out"), [(1.0, False), (0.5, False), (0.4, True)])
def test_a_flank_of_less_than_half_a_soldier_is_wiped_out(
    war: WarFactory, left: float, wiped_out: bool
) -> None:
    """Seed 004, Attrition: "it is possible for a flank to be entirely wiped out by attrition",
    and a soldier is whole (the troops on the receipt are rounded). Disease leaves one Norman
    of 8,000: he is left, his flank routed (its morale a soldier's share, below 10% of its
    start), not wiped out; so is half a soldier (the ruling on wiping out: half rounds up to
    one); it leaves 0.4 of one, less than half a soldier: the flank is wiped out, no one left
    in it, Inactive, the event naming it."""
    battle = duel(war(map_name="Plain"))
    normans = battle.flanks[0]
    battle.natural_loss(normans, 8000.0 - left, "disease")
    wiped = [e.data for e in battle.events if e.kind == "wiped-out"]
    if wiped_out:
        assert (normans.size, normans.status, wiped) == (
            0.0,
            "Inactive",
            [{"flank": "Attacker flank 1"}],
        )
    else:
        assert (normans.size, normans.status, wiped) == (pytest.approx(left), "Routed", [])


# -- engine: the battle's start, its time limit, the nearest enemy, the leader's units -----


def test_the_battle_begins_with_every_flank_and_ends_at_its_time_limit(war: WarFactory) -> None:
    """Seed 004, Introduction: one loop is one hour, twelve to a day; the log is "a general
    timeline of events" from the battle's start (Output); no side routed by the time limit:
    the side with more of its morale holds the field (docs/rulings/flankbattle.md). With a
    limit of one day, the Normans and the English 300 pixels apart, both on Position: the
    battle begins with both flanks as deployed, Idle (each with its place, maneuver, men and
    morale: 20 a soldier times the Morale Bonus, Composition), and ends after hour 12, not
    13."""
    from hexwar.rulesets.flankbattle.flanks import Maneuver

    battle = duel(war(map_name="Plain", params=edited_parameters(max_days=1.0)))
    battle._random = lambda: 0.5  # no jitter
    normans, english = battle.flanks
    english.x = 350.0
    normans.x, normans.y = 50.1234, 200.3456
    normans.maneuver = english.maneuver = Maneuver.POSITION
    result = battle.run()
    start = battle.events[0]
    assert (start.kind, start.text) == ("battle-start", "The battle begins")
    assert [(f["flank"], f["x"], f["size"], f["status"]) for f in start.data["flanks"]] == [
        ("Attacker flank 1", 50.12, 8000, "Idle"),
        ("Defender flank 1", 350.0, 7000, "Idle"),
    ]
    morale = round(20 * 8000 * battle.sides[0].vars.morale_bonus.value)
    assert start.data["flanks"][0] == {
        "flank": "Attacker flank 1",
        "x": 50.12,
        "y": 200.35,
        "maneuver": "Position",
        "status": "Idle",
        "size": 8000,
        "morale": morale,
        "start_size": 8000,
        "start_morale": morale,
        "ships": 134,
        "supply_cut": False,
        "units": {"infantry": 4000, "cavalry": 2000, "artillery": 2000},
    }
    assert (result.hours, battle.hour) == (12, 12)
    assert [h.hour for h in battle.hourly] == list(range(13))
    first = battle.hourly[0]
    assert (first.men, first.places, first.status) == (
        (8000.0, 7000.0),
        ((50.1234, 200.3456), (350.0, 200.0)),
        ("Idle", "Idle"),
    )
    assert first.morale == (normans.start_morale, english.start_morale)
    assert result.reason.startswith("no side routed in 1 days")


def test_of_two_enemies_equally_near_the_first_is_the_nearest(war: WarFactory) -> None:
    """docs/rulings/flankbattle.md (The battle): the nearest flank of the other side, centre
    to centre; "of equally near enemies the first in flank order". On a map of a kilometre a
    pixel the two English flanks are 5 pixels from the Normans, (3, 4) one way and the other:
    the first, 5,000 metres away."""
    setup = war(map_name="Plain", params=edited_parameters(metres_per_pixel=1000.0))
    battle = battle_of(
        setup,
        [FlankSpec(200, 200, 4000, 2000, 2000, 134)],
        [FlankSpec(203, 204, 1050, 0, 2450, 0), FlankSpec(197, 196, 1050, 0, 2450, 0)],
    )
    normans, first, _ = battle.flanks
    assert battle.nearest_enemy(normans) == (first, pytest.approx(5000.0, rel=1e-12))


def test_the_training_of_a_leaders_last_soldier(war: WarFactory) -> None:
    """Seed 004, Leader: the leader's survival counts "the weighted average of the unit's
    training values". Harold's English cut down to one soldier, 0.3 Huscarl (Tactical Training
    8) and 0.7 Fyrd (4): 0.3 x 8 + 0.7 x 4 = 5.2 (not the barges' 5)."""
    battle = duel(war(map_name="Plain"))
    english = battle.flanks[1]
    english.scale(1.0 / english.size)
    assert battle.leader_training(1) == pytest.approx(5.2, rel=1e-12)


@pytest.mark.parametrize(
    ("routed", "winner", "reason"),
    [(1, 0, "every defending flank is routed"), (0, 1, "every attacking flank is routed")],
)
def test_the_battle_ends_when_every_flank_of_a_side_is_routed(
    war: WarFactory, routed: int, winner: int, reason: str
) -> None:
    """Seed 004, Introduction: "Once all flanks for one side have been routed, the other side
    automatically wins, and the battle is over". The English (or the Norman) flank routed
    before the first hour: the other side wins in hour 1, for that reason."""
    battle = duel(war(map_name="Plain"))
    battle.flanks[routed].routed = True
    result = battle.run()
    assert (result.winner, result.hours, result.reason) == (winner, 1, reason)
