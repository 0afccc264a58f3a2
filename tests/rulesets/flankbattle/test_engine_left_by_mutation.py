"""Flank battle rules that a mutation of the battle engine or of the intermediate variables
changed without failing a test in the first full mutation run of the two modules, each checked
where the war works it out, at its boundary (docs/testing.md, "Full runs": "Flank battle,
`engine` and `variables`"). Seed 004; the sides are Testland's (built here) or the duel at
Hastings of conftest.py."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.rulesets.flankbattle.engine import Battle
from hexwar.rulesets.flankbattle.params import Parameters, default_parameters, default_units
from hexwar.rulesets.flankbattle.schema import TABS, with_defaults
from hexwar.rulesets.flankbattle.variables import SideVariables, Variable, compute_side

from .conftest import WarFactory, duel

P = default_parameters()
NATION = {"name": "Testland", "population": 1e6, "year_founded": 1000.0, "year_crisis": 1050.0,
          "gdp": 1e9, "urban_population": 0.2, "arable_land": 1e6, "diet": "Wheat",
          "animals": "Herd animals", "steel_production": 1000.0}  # fmt: skip
SKILLS = ("attack", "defense", "siege", "authority", "cunning", "zeal", "martial")


def _side(
    *,
    nation: dict[str, Any] | None = None,
    military: dict[str, Any] | None = None,
    location: dict[str, Any] | None = None,
    leaders: bool = False,
    skills: dict[str, float] | None = None,
    defender: bool = False,
    year: int = 1066,
    params: Parameters = P,
) -> SideVariables:
    """Testland's side: a military of 10,000 (``military``'s fields on its row, the others at
    the seed's defaults) at "Here" (``location``'s fields), fighting for Conquest in ``year``;
    with ``leaders`` a leader rated 1 in every skill (or as ``skills`` says), "Tester", is both
    its national and its military leader."""
    rated = dict.fromkeys(SKILLS, 1.0) | (skills or {})
    leader = with_defaults(TABS["Leader"], {"name": "Tester"} | rated, params)
    return compute_side(
        "defender" if defender else "attacker",
        nation=with_defaults(TABS["Nation"], NATION | (nation or {}), params),
        military=with_defaults(
            TABS["Military"],
            {"nation": "Testland", "name": "M", "size": 1e4} | (military or {}),
            params,
        ),
        national_leader=leader if leaders else None,
        military_leader=leader if leaders else None,
        location=with_defaults(TABS["Location"], {"name": "Here"} | (location or {}), params),
        year=year,
        motive="Conquest",
        defender=defender,
        units=default_units(),
        params=params,
    )


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
    battle.apply_losses(english, 700.0, demoralised, attacker=battle.flanks[0])
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
    battle.apply_losses(english, 700.0, demoralised, attacker=battle.flanks[0])
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
