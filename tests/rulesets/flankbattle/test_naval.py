"""Seed 004, battles on water: fleets, ships, crews and their capacity."""

from __future__ import annotations

import copy
import dataclasses
import math

import numpy as np
import pytest

from hexwar.rulesets.flankbattle.database import Database
from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from hexwar.rulesets.flankbattle.params import Parameters, default_parameters, default_units
from hexwar.rulesets.flankbattle.terrain import HIGH, SIZE, WATER
from hexwar.rulesets.flankbattle.war import WarSetup, make_setup
from tests.rulesets.flankbattle.helpers import _draws_listed, _draws_then, _killed

from .conftest import (
    WarFactory,
    battle_of,
    deployed,
    duel,
    edited_parameters,
)


def _terrain_parameters(feature: str, **factors: float) -> Parameters:
    data = copy.deepcopy(default_parameters().data)
    data["terrain"][feature].update(factors)
    return Parameters(data)


def _at_sea(db: Database, ships: int | None, capacity: float | None) -> WarSetup:
    """Hastings under an Ocean climate, the Housecarls and Fyrd attacking the Norman Host;
    ``ships`` on each side (``None``: as the database has it) and each ship carrying
    ``capacity`` (``None``: the unit type's own)."""
    db.location("Hastings")["climate"] = "Ocean"
    units = default_units()
    for military, transport in (("Housecarls and Fyrd", "Barges"), ("Norman Host", "Longship")):
        db.military(military)["ship_number"] = ships
        if capacity is not None:
            units[transport] = dataclasses.replace(units[transport], capacity=capacity)
    return make_setup(
        db,
        title="Battle of Hastings",
        year=1066,
        motive="Conquest",
        attacker=("Housecarls and Fyrd", None, None, None),
        defender=("Norman Host", None, None, None),
        location="Hastings",
        map_name=None,
        grid=None,
        params=default_parameters(),
        units=units,
    )


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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
    _draws_then(battle, [], 0.5)
    normans, english = battle.flanks
    units = battle.sides[0].vars.units
    assert (units["infantry"].defense.value, units["ship"].defense.value) == (0.55, 0.57)
    huscarls = battle.sides[1].vars.units["infantry"]
    bat = math.sqrt(700 * min(1.0, huscarls.limitation.value))
    battle.attack(english, normans, [(english.units[0], 0)], 1)
    (killed,) = [e.data["killed"] for e in battle.events if e.kind == "attack"]
    expected = _killed(bat, huscarls, 1.2, 2.5, units[defense].defense.value)
    assert killed == pytest.approx(expected, abs=5e-4)


@pytest.mark.found_by_mutation
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
    _draws_then(battle, [], 0.5)
    normans, english = battle.flanks
    longship = battle.sides[0].vars.units["ship"]
    defense = battle.sides[1].vars.units["infantry"].defense.value
    battle.attack(normans, english, [(normans.ship, 0)], 1)
    (killed,) = [e.data["killed"] for e in battle.events if e.kind == "attack"]
    bat = math.sqrt(60 * ships * longship.limitation.value)
    assert killed == pytest.approx(_killed(bat, longship, 0.5, 2.5, defense), abs=5e-4)
    assert (killed > 0) == (ships > 0)


@pytest.mark.found_by_mutation
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
    _draws_then(battle, [], 0.5)
    battle.step()
    assert (battle.flanks[0].x, battle.flanks[0].y) == pytest.approx((58.0, 200.0))


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("feature", "params", "adjusted"),
    [
        (WATER, default_parameters(), False),
        (WATER, _terrain_parameters("water", limitation=0.5, efficiency=0.5), False),
        (HIGH, _terrain_parameters("high ground", efficiency=1.5), True),
    ],
)
def test_terrain_adjusts_an_attack_on_land_not_at_sea(
    war: WarFactory, feature: int, params: Parameters, adjusted: bool
) -> None:
    """Seed 004, Attacking: "The first step in this attack function is to adjust efficiency and
    limitation values based on the terrain ... higher ground ... makes both of these easier";
    Navy: "Terrain basically does not apply while at sea"; both variables are 0-1 (Mapping
    inputs to outputs). Casualties = Battalion*Effectiveness*Power*Efficiency*Random*Mercy*
    (1-Enemy Defense), battalion sqrt(count*Limitation) "(assuming that limitation is already
    adjusted for terrain)". The 4,000 Norman Soldiers (L 0.859, E 0.67, Effectiveness 9,
    their first weapon's power 0.5) attack the English, the random draw 0.5 x 5, Mercy 1, the
    English's best defense. At sea the Soldiers aboard attack with L and E as they are, even
    under a parameters file giving water factors of 0.5; from high ground (x 1.2, and a file's
    x 1.5 for efficiency) both are raised, and held at 1: 1.031 and 1.005, each 1."""
    setup = war(map_name="Plain", params=params)
    grid = np.full((SIZE, SIZE), feature, dtype=np.uint8)
    battle = battle_of(
        setup,
        [FlankSpec(200, 200, 4000, 2000, 2000, 134)],
        [FlankSpec(205, 200, 2100, 0, 4900, 140)],
        grid=grid,
    )
    _draws_listed(battle, then=0.5)
    normans, english = battle.flanks
    soldiers = battle.sides[0].vars.units["infantry"]
    lim, eff = soldiers.limitation.value, soldiers.efficiency.value
    assert (round(lim, 3), eff) == (0.859, 0.67)
    if adjusted:
        assert (round(lim * 1.2, 3), round(eff * 1.5, 3)) == (1.031, 1.005)
        lim = eff = 1.0
    units = battle.sides[1].vars.units
    defense = max(units["infantry"].defense.value, units["artillery"].defense.value)
    if feature == WATER:
        defense = max(defense, units["ship"].defense.value)
    battle.attack(normans, english, [(normans.units[0], 0)], 1)
    killed = next(e.data["killed"] for e in battle.events if e.kind == "attack")
    expected = math.sqrt(4000 * lim) * 9.0 * 0.5 * eff * 2.5 * (1.0 - defense)
    assert killed == pytest.approx(expected, abs=5e-4)


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("ships", "capacity", "cut"),
    [(None, None, 0.1 * 7000 / 8040), (1, 1.0, 0.1)],
)
def test_at_sea_each_sides_capacity_is_its_ship_room_over_the_larger(
    db: Database, ships: int | None, capacity: float | None, cut: float
) -> None:
    """Seed 004, Carrying capacity: at sea the carrying capacity is the ships' capacity
    (docs/rulings/flankbattle.md, Naval carrying capacity: the local population is the larger
    side's Ship Number x Capacity, each side's Capacity its own over it, 1 for the larger);
    Supply lines: with every supply line of a side cut, "Capacity reduced by 90%". The English
    attack in 140 Barges of 50 (7,000) the Normans in 134 Longships of 60 (8,040): cut off,
    the English's Capacity falls from 7000/8040 to a tenth of it, 0.0871 (the log tells it).
    One ship of one man on each side: a local population of 1 (the larger room), each
    Capacity 1, a tenth of it 0.1 when cut off."""
    battle = deployed(_at_sea(db, ships, capacity))
    english, normans = battle.side_flanks
    for flank in english:
        battle.cut_supplies(normans[0], flank, 0.25)
    (event,) = [e for e in battle.events if e.kind == "supply-all-cut"]
    assert event.data == {"side": "Attacker", "capacity": pytest.approx(cut, rel=1e-12)}
    assert round(event.data["capacity"], 4) == (0.0871 if ships is None else 0.1)


@pytest.mark.found_by_mutation
def test_a_sea_battle_without_ships_carries_no_one(db: Database) -> None:
    """Seed 004, Carrying capacity at sea (as above): with no ships on either side (Ship
    number 0) there is no room at all -- no side's Capacity, no carrying capacity -- and each
    army is above it: attrition at its cap, L = 2, the English losing (0.01 + 0.5 x 0.05) x
    their flank's men x (2 - 1) in the hour."""
    battle = deployed(_at_sea(db, 0, None))
    assert [(s.capacity, s.local_population) for s in battle.sides] == [(0.0, 1.0), (0.0, 1.0)]
    _draws_listed(battle, then=0.5)
    assert battle.attrition(0)
    english = battle.side_flanks[0]
    lost = [e.data for e in battle.events if e.kind == "attrition"]
    assert [d["ratio"] for d in lost] == [2.0] * len(english)
    assert [d["lost"] for d in lost] == [round(0.035 * f.start_size, 3) for f in english]


@pytest.mark.found_by_mutation
def test_a_charge_at_sea_counts_the_ships_and_their_shock(war: WarFactory) -> None:
    """Seed 004, Movement and Navy: the charge probability is (1 - ready/total size of the
    flank)/2 + shock; at sea the ships fight too, a ship counting its capacity (Longship: 60),
    and the flank's shock is the ship's (Longship 0.4). The Norman flank on water, 4,000
    Soldiers, 2,000 Knights, 2,000 Archers and 134 Longships (8,040), the English 50 metres
    beyond the square root of their size: only the Archers (80-metre bows) reach. P = (1 -
    2000/16040)/2 + 0.4; the roll 0 commits to the charge."""
    from hexwar.rulesets.flankbattle.terrain import WATER

    battle = duel(war(map_name="Plain"))
    battle._random = lambda: 0.0
    normans, english = battle.flanks
    assert (normans.ships, english.size) == (134, 7000.0)
    normans.feat = WATER
    english.x = normans.x + math.sqrt(7000.0) + 50.0
    battle.step()
    charge = next(
        e for e in battle.events if e.kind == "charge" and e.data["flank"] == "Attacker flank 1"
    )
    assert charge.data["probability"] == round((1.0 - 2000.0 / 16040.0) / 2.0 + 0.4, 4)
