"""The mapping of inputs to intermediate variables and the leader bonuses, term by term.

Seed 004 (004_afaccbb657d76b46.txt), "Mapping inputs to outputs": the sub-list of major,
moderate and minor inputs with their special calculations; "Leader": the bonus table.
"""

from __future__ import annotations

import copy
import dataclasses
import math
from typing import Any

import pytest

from hexwar.rulesets.flankbattle.engine import Battle
from hexwar.rulesets.flankbattle.flanks import FlankSpec
from hexwar.rulesets.flankbattle.params import (
    default_parameters,
    default_units,
    parameters_from_data,
)
from hexwar.rulesets.flankbattle.schema import TABS, with_defaults
from hexwar.rulesets.flankbattle.variables import SideVariables, Variable, compute_side
from tests.rulesets.flankbattle.helpers import (
    _hastings_flanks,
    _soldiers_attack_from,
    _term,
    _testland,
)

from .conftest import (
    SKILLS,
    TESTLAND,
    WarFactory,
    duel,
    edited_parameters,
    side_of_testland,
)

P = default_parameters()

ONES = dict.fromkeys(SKILLS, 1.0)


def _side(
    *,
    military_leader: bool = False,
    national_leader: bool = False,
    defender: bool = False,
    location: dict[str, Any] | None = None,
    motive: str = "Conquest",
) -> SideVariables:
    """A Soldier-infantry military of 10,000 (all other inputs at the seed's defaults) with a
    leader rated 1 in every skill where asked (conftest's :func:`side_of_testland`)."""
    return side_of_testland(
        military_leader=military_leader,
        national_leader=national_leader,
        defender=defender,
        location=location,
        motive=motive,
    )


def _terms(var: Variable) -> dict[str, float]:
    return {t.name: t.value for t in var.terms}


# Seed 004, Intermediate variables: "weighted average of the inputs ... major, moderate, or
# minor contribution"; the weights 3/2/1 are our ruling (parameters.json significance_weights).
WEIGHTS = {"major": 3.0, "moderate": 2.0, "minor": 1.0}


def _is_weighted_average(var: Variable, scale: float = 1.0) -> bool:
    """The variable is the 3/2/1-weighted mean of its inputs, worked here term by term."""
    inputs = [t for t in var.terms if t.significance in WEIGHTS]
    mean = sum(WEIGHTS[t.significance] * t.value for t in inputs) / sum(
        WEIGHTS[t.significance] for t in inputs
    )
    return var.value == pytest.approx(scale * mean)


def test_economy_terms() -> None:
    """Economy: major log(GDP*Trade/Urban*Pop)/6; moderate log(Arable Land*Diet Yield*Diet
    Worth)/7 and log(Animals*Arable Land)/7; minor Year Crisis; weighted 3/2/1."""
    sv = _side()
    trade = P.ordered("Trade", "Minor", "economy")
    wheat = P.diet("Wheat")
    herd = P.ordered("Domesticated animals", "Herd animals", "economy")
    terms = _terms(sv.economy)
    assert terms["log(GDP*Trade/Urban*Pop)/6"] == pytest.approx(math.log10(1e9 * trade / 2e5) / 6)
    assert terms["log(Arable Land*Diet Yield*Diet Worth)/7"] == pytest.approx(
        math.log10(1e6 * wheat["population"] * wheat["worth"]) / 7
    )
    assert terms["log(Animals*Arable Land)/7"] == pytest.approx(math.log10(herd * 1e6) / 7)
    assert _is_weighted_average(sv.economy)


def test_efficiency_terms() -> None:
    """Efficiency: major Tactical Training/10 and Attrition; moderate Steel Prod/(Military
    Size*Soldier Type*Power*10), Budget/(Military Size*Soldier Type*1000), Military
    Type-Soldier Type, Federal Gov-Military Type; minor Military Type-Religion/-Ethnicity."""
    eff = _side().units["infantry"].efficiency  # Soldier: training 5, power 0.5, Regular
    terms = _terms(eff)
    assert terms["Tactical Training/10"] == 0.5
    assert terms["Steel Prod/(Military Size*Soldier Type*Power*10)"] == pytest.approx(
        1000 / (1e4 * 1.0 * 0.5 * 10)
    )
    assert terms["Budget/(Military Size*Soldier Type*1000)"] == pytest.approx(1e6 / (1e4 * 1000))
    assert [t.significance for t in eff.terms] == ["major"] * 2 + ["moderate"] * 4 + ["minor"] * 2
    assert _is_weighted_average(eff)


def test_limitation_terms() -> None:
    """Limitation: major sqrt(Tactical Training/10) and Urbanization; moderate
    Budget*2.5/GDP; minor Military Type-Religion/-Ethnicity, Climate-Religion/-Ethnicity."""
    lim = _side().units["infantry"].limitation
    terms = _terms(lim)
    assert terms["sqrt(Tactical Training/10)"] == pytest.approx(math.sqrt(0.5))
    assert terms["Budget*2.5/GDP"] == pytest.approx(1e6 * 2.5 / 1e9)
    assert _is_weighted_average(lim)


def test_defense_terms_and_fortifications_for_the_defender_only() -> None:
    """Defense: major Mobile Defenses and Fortifications, moderate Defense and Tactical
    Training/10; Fortifications are "used by the defender of this region"."""
    castle = {"fortifications": "Castle"}
    attacker = _side(location=castle).units["infantry"].defense
    defender = _side(location=castle, defender=True).units["infantry"].defense
    assert _terms(attacker)["Tactical Training/10"] == 0.5
    assert _terms(attacker)["Fortifications (none)"] == P.ordered(
        "Fortifications", "none", "defense"
    )
    assert _terms(defender)["Fortifications (Castle)"] == P.ordered(
        "Fortifications", "Castle", "defense"
    )
    assert defender.value > attacker.value
    assert _is_weighted_average(attacker)


def test_capacity_is_scaled_so_neutral_inputs_give_a_tenth() -> None:
    """Carrying capacity: "Local Population*0.1" by convention -- Capacity is the weighted
    score times 0.2, so neutral inputs (0.5) give 0.1 (ruling). By hand for the test side:
    major Attrition 0.8, Fortifications 0.5, Road System 0.5, Urbanization-Logistics 0.1;
    minor Climate-Religion 0.65, Climate-Ethnicity 0.7 (parameters.json lists):
    (3 x 1.9 + 1.35) / 14 x 0.2 = 0.1007142857."""
    sv = _side()
    assert P.battle["capacity_scale"] * 0.5 == pytest.approx(0.1)
    terms = sv.capacity.terms
    assert [t.significance for t in terms] == ["major"] * 4 + ["minor"] * 2 + ["factor"]
    assert [t.value for t in terms] == pytest.approx([0.8, 0.5, 0.5, 0.1, 0.65, 0.7, 0.2])
    assert sv.capacity.value == pytest.approx((3 * 1.9 + 1.35) / 14 * 0.2)
    assert _is_weighted_average(sv.capacity, 0.2)


def test_morale_bonus_is_twice_the_weighted_score() -> None:
    """Morale Bonus 0-2: major Attrition, minor the motive, ideology, religion, ethnicity and
    government combinations (ruling: 2 x the weighted score). By hand for the test side: major
    Attrition 0.7; minor Motive-Ideology 0.65, Federal Gov-Motive 0.6 and seven neutral 0.5:
    2 x (3 x 0.7 + 0.65 + 0.6 + 7 x 0.5) / 12 = 1.1416666667."""
    sv = _side()
    minors = [t.value for t in sv.morale_bonus.terms if t.significance == "minor"]
    assert sorted(minors, reverse=True) == pytest.approx([0.65, 0.6] + [0.5] * 7)
    assert [t.value for t in sv.morale_bonus.terms if t.significance == "major"] == [0.7]
    assert sv.morale_bonus.value == pytest.approx(2 * (3 * 0.7 + 0.65 + 0.6 + 7 * 0.5) / 12)
    assert _is_weighted_average(sv.morale_bonus, 2.0)


def test_military_leader_bonuses() -> None:
    """Leader table, military leader: Defense + defense/10, Capacity + authority/10,
    Limitation + cunning/10, Morale bonus + (zeal+1)/10, Efficiency + martial/10, each bonus
    a share of the room left below the top of the variable's range (ruling: leader bonuses;
    Siege and Effectiveness: tests of their own); the nation's variables are untouched."""
    base, led = _side(), _side(military_leader=True)
    b, u = base.units["infantry"], led.units["infantry"]
    for name in ("efficiency", "limitation", "defense"):
        before = getattr(b, name).value
        assert getattr(u, name).value == pytest.approx(before + (1 - before) * 0.1)
    scale = P.battle["capacity_scale"]
    c0 = base.capacity.value / scale
    assert led.capacity.value == pytest.approx((c0 + (1 - c0) * 0.1) * scale)
    m0 = base.morale_bonus.value  # range 0-2: (zeal+1)/10 = 0.2 is a tenth of the range
    assert led.morale_bonus.value == pytest.approx(m0 + (2 - m0) * 0.1)
    assert led.economy.value == base.economy.value
    assert led.innate_stability.value == base.innate_stability.value
    assert led.occupation_base.value == base.occupation_base.value


def test_national_leader_bonuses() -> None:
    """Leader table, national leader: Occupation * (attack + 0.1) * 10, Innate stability +
    authority/10, Economy + cunning/10 (shares of the headroom); the battle's variables are
    untouched."""
    base, led = _side(), _side(national_leader=True)
    assert led.occupation_base.value == pytest.approx(base.occupation_base.value * 1.1 * 10)
    i0, e0 = base.innate_stability.value, base.economy.value
    assert led.innate_stability.value == pytest.approx(i0 + (1 - i0) * 0.1)
    assert led.economy.value == pytest.approx(e0 + (1 - e0) * 0.1)
    assert led.units["infantry"].efficiency.value == base.units["infantry"].efficiency.value
    assert led.capacity.value == base.capacity.value
    assert led.morale_bonus.value == base.morale_bonus.value


def test_leader_bonuses_do_not_saturate_the_zero_to_one_variables() -> None:
    """Leader table "+ cunning/10", "+ authority/10" on 0-1 variables: a leader rated 9 brings
    Innate Stability, Economy and Limitation most of the way to 1 but not to it (the issue:
    Normandy's three were all 1.0), and two nations differing only in revenue still differ."""
    nine = with_defaults(TABS["Leader"], {"name": "Nine"} | dict.fromkeys(ONES, 9.0), P)
    sides = []
    for revenue in ("High surplus", "Deficit"):
        sides.append(
            compute_side(
                "attacker",
                nation=with_defaults(TABS["Nation"], TESTLAND | {"revenue": revenue}, P),
                military=with_defaults(
                    TABS["Military"], {"nation": "Testland", "name": "M", "size": 1e4}, P
                ),
                national_leader=nine,
                military_leader=nine,
                location=with_defaults(TABS["Location"], {"name": "Here"}, P),
                year=1066,
                motive="Conquest",
                defender=False,
                units=default_units(),
                params=P,
            )
        )
    rich, poor = sides
    for sv in sides:
        for value in (
            sv.innate_stability.value,
            sv.economy.value,
            sv.units["infantry"].limitation.value,
            sv.units["infantry"].efficiency.value,
        ):
            assert 0.9 <= value < 1.0
    assert rich.innate_stability.value > poor.innate_stability.value


def test_leader_bonuses_as_written_when_asked() -> None:
    """leader_bonus_headroom = 0: the bonus is added as the seed writes it, then clamped."""
    data = copy.deepcopy(P.data)
    data["battle"]["leader_bonus_headroom"] = 0
    params = parameters_from_data(data, "test")
    leader = with_defaults(TABS["Leader"], {"name": "Tester"} | ONES, params)
    common: dict[str, Any] = {
        "nation": with_defaults(TABS["Nation"], TESTLAND, params),
        "military": with_defaults(
            TABS["Military"], {"nation": "Testland", "name": "M", "size": 1e4}, params
        ),
        "location": with_defaults(TABS["Location"], {"name": "Here"}, params),
        "year": 1066,
        "motive": "Conquest",
        "defender": False,
        "units": default_units(),
        "params": params,
    }
    base = compute_side("attacker", national_leader=None, military_leader=None, **common)
    led = compute_side("attacker", national_leader=leader, military_leader=leader, **common)
    assert led.economy.value == pytest.approx(min(1.0, base.economy.value + 0.1))
    lim0 = base.units["infantry"].limitation.value
    assert led.units["infantry"].limitation.value == pytest.approx(min(1.0, lim0 + 0.1))


def test_existential_motive_gives_the_largest_morale_bonus() -> None:
    """Inputs overview: Existential "is very rare, and gives the largest bonus"; motive works
    only through the morale bonus combinations."""
    bonus = {m: _side(motive=m).morale_bonus.value for m in P.values("Motive")}
    assert max(bonus, key=lambda m: bonus[m]) == "Existential"
    assert all(bonus["Existential"] > v for m, v in bonus.items() if m != "Existential")
    assert _side(motive="Hegemony").economy.value == _side().economy.value


def _attacks(battle: Battle) -> dict[str, int]:
    """Each attacking flank's ``flanking`` in the hour's attack events."""
    return {e.data["flank"]: e.data["flanking"] for e in battle.events if e.kind == "attack"}


@pytest.mark.found_by_mutation
def test_the_age_of_the_state_and_of_its_crisis_set_its_cycles() -> None:
    """Seed 004, Nation (Founded Year, Crisis Year): the age of the state, the war's year less
    the year founded, places it in Turchin's secular cycle (40-150 years: growth), the years
    since its last crisis in the Strauss-Howe generation (30-60 years: awakening). In 1066 a
    state founded in 1000 (66 years) is growing, its crisis of 1020 (46 years) an awakening;
    Innate Stability's Year Founded and Year Crisis terms and Economy's Year Crisis term are
    those phases' numbers (parameters.json)."""
    side = _testland(nation={"year_founded": 1000.0, "year_crisis": 1020.0})
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


@pytest.mark.found_by_mutation
def test_the_road_system_serves_the_attacker_only() -> None:
    """Seed 004, Location (Road System): "can be utilized by the attacker to facilitate supply
    lines and transport. This can be used for the occupation score of the attacker, but not
    defender." At a place with basic roads the attacker's Capacity and Occupation Base count
    them; the defender's count none."""
    roads = {"road_system": "Basic roads"}
    attacker, defender = (
        _testland(location=roads),
        _testland(location=roads, defender=True),
    )
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


@pytest.mark.found_by_mutation
def test_steel_per_soldier_counts_the_soldier_type_and_an_unarmed_ship_needs_none() -> None:
    """Seed 004, Mapping inputs to outputs: Efficiency's moderate input Steel Prod/(Military
    Size*Soldier Type*Power*10), 0-1. Testland producing 100,000 tons of steel fields 10,000
    Norman Knights (Traditional: Soldier Type 1.25; Power 1.5): 100,000 / (10,000 x 1.25 x 1.5
    x 10) = 0.5333. Its barges have no weapon (Power 0): the ratio has no bound, held at the
    top of its range, 1."""
    side = _testland(
        nation={"steel_production": 1e5},
        military={"cavalry_type": "Norman Knight", "cavalry_proportion": 1.0},
    )
    steel = "Steel Prod/(Military Size*Soldier Type*Power*10)"
    assert _term(side.units["cavalry"].efficiency, steel) == pytest.approx(1e5 / 187500, rel=1e-12)
    assert side.units["ship"].slot.unit.name == "Barges"
    assert _term(side.units["ship"].efficiency, steel) == 1.0


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("gdp", "budget", "economy", "limitation"),
    [(0.0, 1e6, 0.0, 1.0), (1.0, 0.0, 0.0, 0.0)],
)
def test_a_nation_without_gdp(gdp: float, budget: float, economy: float, limitation: float) -> None:
    """Seed 004, Nation (GDP 0-100 trillion) and Mapping inputs to outputs: Economy's major
    input log(GDP*Trade/Urban*Pop)/6 and Limitation's moderate Budget*2.5/GDP, each 0-1. A GDP
    of 0: the logarithm has no floor, held at 0; the budget over no GDP has no bound, held at
    1. A GDP of 1 dollar and no budget: 0 and 0 (2.5 x 0 / 1)."""
    side = _testland(nation={"gdp": gdp}, military={"budget": budget})
    assert _term(side.economy, "log(GDP*Trade/Urban*Pop)/6") == economy
    assert _term(side.units["infantry"].limitation, "Budget*2.5/GDP") == limitation


@pytest.mark.found_by_mutation
def test_a_nation_without_city_dwellers_counts_one() -> None:
    """Seed 004, Mapping inputs to outputs: Economy's major input log(GDP*Trade/Urban*Pop)/6
    and the Occupation Base's special calculation log(Arable land*Diet Protein*Diet
    Yield/Urban*Population)*2, Urban population 0-1 (Nation). A Testland of no urban
    population divides by zero; the ruling (Economy) counts one inhabitant. With a GDP of
    1,000 dollars and Minor trade (1, parameters.json): log10(1000 x 1 / 1) / 6 = 0.5; on
    1,000,000 acres of Wheat (protein 455, yield 3, parameters.json): 2 x log10(1,365,000,000)
    = 18.2703."""
    side = _testland(nation={"urban_population": 0.0, "gdp": 1000.0, "trade": "Minor"})
    assert _term(side.economy, "log(GDP*Trade/Urban*Pop)/6") == pytest.approx(0.5, rel=1e-12)
    farming = _term(side.occupation_base, "log(Arable land*Diet Protein")
    assert farming == pytest.approx(2 * math.log10(1e6 * 455 * 3), rel=1e-12)
    assert round(farming, 4) == 18.2703


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("capacity", "ships"), [(0.0, 0), (30.0, 334)])
def test_a_blank_ship_number_over_a_transport_carrying_no_one(capacity: float, ships: int) -> None:
    """Seed 004, Military: Ship number "If this number is not specified, then it is
    calculated by dividing the total military by the ship capacity", and Unit: Capacity 0-10,000
    (default 0). Testland's 10,000 with a blank Ship number on barges that carry no one: no
    ships (the ruling on Ship number; 10,000 / 0 has no value); on barges of 30: 10,000 / 30 =
    333.3, rounded up, 334."""
    units = default_units()
    units["Barges"] = dataclasses.replace(units["Barges"], capacity=capacity)
    side = _testland(military={"transport": "Barges"}, units=units)
    assert side.ship_number == ships


@pytest.mark.found_by_mutation
def test_the_economys_farming_terms() -> None:
    """Seed 004, Mapping inputs to outputs: Economy's moderate inputs log(Arable Land*Diet
    Yield*Diet Worth)/7 and log(Animals*Arable Land)/7 (base 10, the ruling on Economy). A
    sugar-growing Testland (Diet: yield 4, worth 2, parameters.json) of 1,000 acres with herd
    animals (10): log10(1000 x 4 x 2) / 7 = 3.90309 / 7 = 0.557584 and log10(10 x 1000) / 7 =
    4 / 7."""
    side = _testland(nation={"diet": "Sugar", "arable_land": 1000.0, "animals": "Herd animals"})
    assert _term(side.economy, "log(Arable Land") == pytest.approx(0.557584, abs=1e-6)
    assert _term(side.economy, "log(Animals") == pytest.approx(4 / 7, rel=1e-12)


@pytest.mark.found_by_mutation
def test_a_budget_above_a_thousand_dollars_a_soldier_counts_as_one() -> None:
    """Seed 004, Mapping inputs to outputs: Efficiency's moderate input Budget/(Military
    Size*Soldier Type*1000), Efficiency 0-1. 15 million for 10,000 Soldiers (Regular, 1): 1.5,
    held at 1."""
    side = _testland(military={"budget": 1.5e7})
    assert _term(side.units["infantry"].efficiency, "Budget/(Military Size") == 1.0


@pytest.mark.found_by_mutation
def test_a_unit_type_without_soldiers_is_no_part_of_the_military() -> None:
    """Seed 004, Unit: "The unit type that is selected is then applied to whatever portion of
    your military is made up by that type"; Siege Rate "only applies if there is some
    artillery unit type". A military all Soldiers (proportion 1) that names Trebuchets for its
    artillery at proportion 0 has no artillery: no artillery unit, no siege rate, and the
    Capacity's logistics are the Soldiers' (Basic)."""
    side = _testland(
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


@pytest.mark.found_by_mutation
def test_the_siege_rate_of_trebuchets_without_a_leader() -> None:
    """Seed 004, Sieging: Siege Rate = Location Attrition + Artillery Power + Leader Siege (the
    ruling: the 0-10 ratings over 10). Testland's Trebuchets (best power 5: 0.5) at a place
    of no attrition (0.01, parameters.json), with no military leader (no Leader Siege): 0.51."""
    side = _testland(military={"artillery_type": "Trebuchet", "artillery_proportion": 1.0})
    assert [t.value for t in side.siege_rate.terms] == [0.01, 0.5, 0.0]
    assert side.siege_rate.value == pytest.approx(0.51, rel=1e-12)


@pytest.mark.found_by_mutation
def test_a_military_of_blank_composition_is_all_soldiers() -> None:
    """Seed 004, Military: "If no unit types are specified, then they are assumed to all be
    infantry" -- Soldier, "with a proportion of 1", and no crew share left for the ships."""
    side = _testland()
    infantry = side.units["infantry"].slot
    assert (infantry.unit.name, infantry.proportion) == ("Soldier", 1.0)
    assert side.units["ship"].slot.proportion == 0.0


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("land", "crew"), [(0.999, 0.001), (0.9991, 0.0)])
def test_a_crew_share_of_a_thousandth_is_a_crew(land: float, crew: float) -> None:
    """docs/rulings/flankbattle.md (Military composition): what the land proportions leave
    below 1 is the ships' crew share, "unless it is less than 0.001". Land units of 0.999
    leave exactly 0.001: a crew; 0.9991 leave less: rounding, no crew."""
    side = _testland(military={"infantry_type": "Soldier", "infantry_proportion": land})
    assert side.units["ship"].slot.proportion == pytest.approx(crew, abs=1e-12)


@pytest.mark.found_by_mutation
def test_a_leader_rated_10_in_defense_leaves_a_flank_vulnerable() -> None:
    """Seed 004, Leader ("Defense [+ defense/10]") and docs/rulings/flankbattle.md: a leader
    rated 10 brings a 0-1 variable to its top, and Defense "is clamped to at most 0.95
    (defense_cap) so no flank is invulnerable". Tester's defense 10: every unit's Defense is
    0.95, not 1."""
    side = _testland(leaders=True, skills={"defense": 10.0})
    assert [u.defense.value for u in side.units.values()] == [0.95, 0.95]


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_the_training_of_a_leaders_last_soldier(war: WarFactory) -> None:
    """Seed 004, Leader: the leader's survival counts "the weighted average of the unit's
    training values". Harold's English cut down to one soldier, 0.3 Huscarl (Tactical Training
    8) and 0.7 Fyrd (4): 0.3 x 8 + 0.7 x 4 = 5.2 (not the barges' 5)."""
    battle = duel(war(map_name="Plain"))
    english = battle.flanks[1]
    english.scale(1.0 / english.size)
    assert battle.leader_training(1) == pytest.approx(5.2, rel=1e-12)


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("civilization", "government", "share"),
    [
        ("Industrial", "Dictatorship", 0.2),
        ("Industrial", "Proletariat", 0.2),
        ("Industrial", "Monarchy", 0.1),
        ("Medieval", "Dictatorship", 0.07),
    ],
)
def test_the_maximum_military_is_the_governments_share_of_the_population(
    civilization: str, government: str, share: float
) -> None:
    """Seed 004, Maximum military (the table): a modern (Early Modern, Industrial,
    Post-Industrial) Proletariat or Dictatorship fields 20% of its population, any other modern
    government 10%; a Bronze Age to Medieval nation 7% whatever its government. A nation of
    1,000,000: 200,000, 100,000 and 70,000."""
    side = side_of_testland(
        nation={"civilization": civilization, "federal_government": government}, year=1900
    )
    assert side.maximum_military == pytest.approx(1e6 * share, rel=1e-12)


@pytest.mark.found_by_mutation
def test_the_morale_bonus_stays_within_its_range_of_0_to_2() -> None:
    """Seed 004, Mapping inputs to outputs: "Morale Bonus 0-2". With the leader's bonus added
    as written (``leader_bonus_headroom`` 0: "+ (zeal+1)/10", seed 004, Leader), a military
    leader of zeal 19 adds 2 to the nation's own Morale Bonus; the sum is held at 2."""
    params = edited_parameters(leader_bonus_headroom=0.0)
    side = side_of_testland(military_leader=True, skills={"zeal": 19.0}, params=params)
    assert side.morale_bonus.terms[-1].value == pytest.approx(2.0)
    assert side.morale_bonus.value == 2.0


@pytest.mark.found_by_mutation
def test_flanking_counts_the_flanks_attacking_the_same_enemy(war: WarFactory) -> None:
    """Seed 004, Attacking: "Flanking indicates the number of flanks that are attacking the
    same enemy". Two Norman flanks a metre from two English flanks, each facing its own: each
    attack has flanking 1; the same two Norman flanks both next to one English flank (the other
    far away): flanking 2. Every unit is in range at that distance (d - sqrt(size) < 0), so
    every flank attacks without a charge roll."""

    def half(x: float, y: float) -> FlankSpec:
        return FlankSpec(x, y, 2000, 1000, 1000, 67)

    def english(x: float, y: float) -> FlankSpec:
        return FlankSpec(x, y, 1050, 0, 2450, 0)

    apart = _hastings_flanks(
        war, ([half(200, 200), half(200, 300)], [english(201, 200), english(201, 300)])
    )
    apart.step()
    assert _attacks(apart) == {
        "Attacker flank 1": 1,
        "Attacker flank 2": 1,
        "Defender flank 1": 1,
        "Defender flank 2": 1,
    }
    together = _hastings_flanks(
        war, ([half(200, 200), half(200, 202)], [english(201, 201), english(390, 390)])
    )
    together.step()
    flanking = _attacks(together)
    assert (flanking["Attacker flank 1"], flanking["Attacker flank 2"]) == (2, 2)


@pytest.mark.found_by_mutation
def test_high_ground_raises_limitation_no_higher_than_1(war: WarFactory) -> None:
    """Seed 004, Attacking: terrain multiplies Limitation and Efficiency (high ground x 1.2 each,
    the parameters' terrain table), and Limitation is 0-1 (Mapping inputs to outputs). The
    Soldiers' Limitation L = 0.859 becomes min(1, 1.2 L) = 1 on high ground; their Efficiency
    0.67 becomes 0.804. Casualties = sqrt(Size*Limitation)*Effectiveness*Power*Efficiency*...,
    so the same attack kills sqrt(1/L) x 1.2 times as many from high ground as from the plain
    (not sqrt(1.2) x 1.2, had limitation gone above 1)."""
    from hexwar.rulesets.flankbattle.terrain import HIGH, PLAIN

    plain_battle, plain = _soldiers_attack_from(war, PLAIN)
    _, high = _soldiers_attack_from(war, HIGH)
    limitation = plain_battle.sides[0].vars.units["infantry"].limitation.value
    assert 1.2 * limitation > 1.0
    assert high["killed"] / plain["killed"] == pytest.approx(
        math.sqrt(1.0 / limitation) * 1.2, rel=1e-5
    )


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("founded", "term"), [(1064.0, 0.02107), (1066.0, 0.01)])
def test_a_civilization_is_at_least_a_year_old(founded: float, term: float) -> None:
    """Seed 004, Occupation Base: log(Diet Yield*Diet Protein*(1-1/Diet Diversity)*Diet
    Domestication*(Age/3700)), each special term at least 0.01 (the occupation term floor).
    Rice (yield 3.5, protein 685, diversity 10, domestication 0.9): 1941.975 x Age/3700. A
    civilization two years old in 1066: log10(1.0497) = 0.02107; one begun in 1066 counts as a
    year old: log10(0.5249) < 0, the floor 0.01."""
    side = side_of_testland(nation={"diet": "Rice", "age_of_civilization": founded})
    (diet_term,) = [t for t in side.occupation_base.terms if t.name.startswith("log(Diet Yield")]
    assert diet_term.value == pytest.approx(term, abs=1e-5)


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("land", "crew"), [(0.995, 0.005), (0.9995, 0.0)])
def test_the_crew_is_the_share_the_land_units_leave_beyond_rounding(
    land: float, crew: float
) -> None:
    """Seed 004, Military and docs/rulings/flankbattle.md (Military composition): the
    proportions sum to 1 within 0.01, and the share the land units leave is the ships' crew;
    less than 0.001 left is the rounding of the proportions, no crew."""
    side = side_of_testland(military={"infantry_type": "Soldier", "infantry_proportion": land})
    assert side.units["ship"].slot.proportion == pytest.approx(crew, abs=1e-12)
