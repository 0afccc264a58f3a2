"""Flank battle rules of motion, disease, sieges and the battle's state that a mutation of the
battle engine changed without failing a test in the engine's first complete mutation run, each
checked where the battle works it out -- an hour of the battle (``Battle.step``, as
``war.fight`` runs it) or the move, outbreak or siege it makes -- at its boundary, on a stream
of listed draws where a draw decides (docs/testing.md, "Sixth round: the flank battle's engine
in full"). Seed 004; the sides are the duel at Hastings of conftest.py (the Norman Host of
8,000 against the 7,000 Housecarls and Fyrd)."""

from __future__ import annotations

import copy
import dataclasses
import math
from collections.abc import Iterator

import numpy as np
import pytest

from hexwar.rulesets.flankbattle.database import Database
from hexwar.rulesets.flankbattle.engine import Battle
from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from hexwar.rulesets.flankbattle.params import Parameters, default_parameters, default_units
from hexwar.rulesets.flankbattle.terrain import HIGH, SIZE, WATER
from hexwar.rulesets.flankbattle.war import WarSetup, make_setup

from .conftest import WarFactory, battle_of, deployed, duel, edited_parameters

POSITION, NORMAL = Maneuver.POSITION, Maneuver.NORMAL
# Seed 004, Diseases: Log2(Infectivity*Reproduction*Deadliness+1) of Influenza (parameters.json:
# infectivity 1, reproduction 1.8, deadliness 0.02), the Normans' and the English disease.
LOG2_INFLUENZA = math.log2(1.0 + 1.8 * 0.02)


def _draws(battle: Battle, *values: float, then: float = 0.9) -> None:
    """The battle's stream gives ``values`` in order, then ``then`` for ever."""
    listed: Iterator[float] = iter(values)
    battle._random = lambda: next(listed, then)


def _quiet_duel(war: WarFactory) -> Battle:
    """The duel with both armies on Position 380 metres apart (out of every weapon's reach: no
    move, no attack, no draw) and room to feed both (a local population of ten million: no
    attrition), so that an hour draws for disease only."""
    battle = duel(war(map_name="Plain"))
    normans, english = battle.flanks
    normans.x, english.x = 10.0, 390.0
    normans.maneuver = english.maneuver = POSITION
    for side in battle.sides:
        side.local_population = 1e7
    return battle


def _outbreaks(battle: Battle) -> list[str]:
    return [e.data["side"] for e in battle.events if e.kind == "disease"]


# -- disease ---------------------------------------------------------------------------------


def test_each_endemic_disease_rolls_its_own_outbreak_every_hour(war: WarFactory) -> None:
    """Seed 004, Diseases: each hour each endemic disease of the two nations may break out
    among a side, with probability Outbreak*(Military Size/Maximum Military)/(Generation*
    Secular Cycle*Familiarity*6), and kills Log2(Infectivity*Reproduction*Deadliness+1)*
    (Military Size/500)*Medicine*Random. Both nations carry Influenza (outbreak 0.05), so each
    side rolls twice. The Normans (austerity: Generation 1.4; stagnation: Secular Cycle 1.2;
    Classical Medicine 0.6; maximum military 70,000; their own disease: Familiarity 10):
    P = 0.05 x (8000/70000) / (1.4 x 1.2 x 10 x 6) = 0.00005669. The first roll 0.9 misses, the
    second, 0.0000123456789, strikes; the random number 0.5 x 5: 0.051024 x 16 x 0.6 x 2.5 =
    1.2246 Normans. The outbreak is told with its side, disease, probability and roll to 6
    decimals and its casualties to 3."""
    battle = _quiet_duel(war)
    _draws(battle, 0.9, 0.0000123456789, 0.5)
    battle.step()
    (outbreak,) = [e for e in battle.events if e.kind == "disease"]
    assert outbreak.text == "An outbreak of Influenza strikes the attacker"
    assert outbreak.data == {
        "side": "Attacker",
        "disease": "Influenza",
        "probability": 0.000057,
        "roll": 0.000012,
        "casualties": 1.225,
    }
    assert round(LOG2_INFLUENZA * 16 * 0.6 * 2.5, 4) == 1.2246
    assert battle.sides[0].disease_deaths == pytest.approx(LOG2_INFLUENZA * 24, rel=1e-12)


def test_an_army_of_one_soldier_falls_ill_twice_in_an_hour(war: WarFactory) -> None:
    """Seed 004, Diseases (as above): an army of one soldier still meets both outbreak chances
    (P = 0.05 x (1/70000)/100.8, above the draw 0), and an outbreak takes its share of him. The
    Normans cut down to one soldier: both rolls strike, the random number 0.5 x 5 each time;
    the first takes c = 0.051024 x (1/500) x 0.6 x 2.5 = 0.000153 of him, the second the same
    of the 1 - c left: c + c x (1 - c) in all, counted as deaths by disease."""
    battle = _quiet_duel(war)
    normans = battle.flanks[0]
    normans.scale(1.0 / 8000.0)
    assert normans.size == 1.0
    _draws(battle, 0.0, 0.5, 0.0, 0.5)
    battle.step()
    assert _outbreaks(battle) == ["Attacker", "Attacker"]
    c = LOG2_INFLUENZA * (1.0 / 500.0) * 0.6 * 2.5
    assert battle.sides[0].disease_deaths == pytest.approx(c + c * (1.0 - c), rel=1e-9)
    assert normans.size == pytest.approx(1.0 - c - c * (1.0 - c), rel=1e-12)


@pytest.mark.parametrize("routed_before", [True, False])
def test_a_side_out_of_the_battle_rolls_no_more_disease(
    war: WarFactory, routed_before: bool
) -> None:
    """Seed 004, Diseases strike the flanks in the battle; a routed flank has dropped out of it
    "entirely" (Attacking), and every draw comes from the battle's one stream in a fixed order.
    The Normans routed before the hour roll nothing, so the English take the hour's first draw:
    0.0, an outbreak (P = 0.05 x (7000/119000)/(1.15 x 1.4 x 10 x 6), their Generation,
    Secular Cycle and maximum military). Or the Normans, held a morale point above the 10% at
    which a flank leaves the battle, are struck by their first outbreak (1.2246 men, 36.8
    morale): fully routed, they do not roll their second disease, and the English again take
    the next draw, 0.0, for their first."""
    battle = _quiet_duel(war)
    normans = battle.flanks[0]
    if routed_before:
        normans.routed = normans.routing = True
        _draws(battle, 0.0, 0.5)
        expected = ["Defender"]
    else:
        normans.morale = 0.1 * normans.start_morale + 1.0
        _draws(battle, 0.0, 0.5, 0.0, 0.5)
        expected = ["Attacker", "Defender"]
    battle.step()
    assert _outbreaks(battle) == expected
    assert normans.routed
    deaths = 0.0 if routed_before else LOG2_INFLUENZA * 24
    assert battle.sides[0].disease_deaths == pytest.approx(deaths, rel=1e-12)


# -- attrition reaches every flank in the battle ---------------------------------------------


@pytest.mark.parametrize("routed", [False, True])
def test_attrition_strikes_every_flank_with_men_still_in_the_battle(
    war: WarFactory, routed: bool
) -> None:
    """Seed 004, Carrying capacity: Casualties = (Attrition+Random Number)*Military Size*(1-L)
    for a side above its carrying capacity, L capped at 2; a routed flank has left the battle
    (Attacking). The Normans, with no local population to feed them (L at its cap, 2), are
    struck however few: cut down to one soldier, he loses (0.01 + 0.5 x 0.05) x 1 x (2 - 1) =
    0.035 of himself in the hour. Routed, the 8,000 suffer no attrition."""
    battle = _quiet_duel(war)
    normans = battle.flanks[0]
    battle.sides[0].local_population = 0.0
    if routed:
        normans.routed = normans.routing = True
    else:
        normans.scale(1.0 / 8000.0)
    _draws(battle, then=0.5)
    battle.step()
    attrition = [e.data for e in battle.events if e.kind == "attrition"]
    if routed:
        assert attrition == []
    else:
        assert attrition == [{"flank": "Attacker flank 1", "lost": 0.035, "ratio": 2.0}]


# -- the hour: every flank acts in turn ------------------------------------------------------


def test_the_hour_goes_on_past_a_routed_flank_and_a_forfeited_attack(war: WarFactory) -> None:
    """Seed 004, Movement pseudocode and Attacking: each flank in turn moves or attacks; a flank
    whose enemy was routed earlier in the hour forfeits its attack, a routed flank does
    nothing, and the flanks after them still act; flanking counts the flanks attacking one
    target. All on Position but N3, every draw 0.5: N1 and N2 (1,000 Soldiers each, 5 m either
    side of E1) attack E1 (1,000 English), which N1's attack routs (its morale held a point
    above the 10% at which a flank leaves the battle); N2 forfeits; E1 is routed; E2, 12 m from
    N1, attacks it; N3, 100 m off with Soldiers out of reach, moves towards E1 and does not
    count in its flanking. Two attacks: N1's on E1 (flanking 2: N1 and N2) and E2's on N1
    (flanking 2: E1 and E2)."""
    setup = war(map_name="Plain")

    def normans(x: float, y: float, maneuver: Maneuver = POSITION) -> FlankSpec:
        return FlankSpec(x, y, 1000, 0, 0, 0, maneuver)

    def english(x: float, y: float) -> FlankSpec:
        return FlankSpec(x, y, 300, 0, 700, 0, POSITION)

    battle = battle_of(
        setup,
        [normans(195, 200), normans(205, 200), normans(200, 100, NORMAL)],
        [english(200, 200), english(195, 212)],
    )
    e1 = battle.flanks[3]
    e1.morale = 0.1 * e1.start_morale + 1.0
    _draws(battle, then=0.5)
    battle.step()
    attacks = [
        (e.data["flank"], e.data["target"], e.data["flanking"])
        for e in battle.events
        if e.kind == "attack"
    ]
    assert attacks == [
        ("Attacker flank 1", "Defender flank 1", 2),
        ("Defender flank 2", "Attacker flank 1", 2),
    ]
    assert e1.routed


def test_a_charging_flank_closes_half_the_distance(war: WarFactory) -> None:
    """Seed 004, Movement: a flank that charges, the enemy already closer than its hour's move,
    "will move such that the enemy distance is halved". The Normans cut down to one soldier
    (only the Archers' bows reach: P = 0.375, the roll 0.3 charges), the English on Position
    sqrt(7000) + 50 = 133.67 m east: the Normans move 66.83 m east, then every draw 0.3 jitters
    them (0.3 x 2 - 1) x 10 = -4 m each way (a random factor of +/-10 m)."""
    battle = duel(war(map_name="Plain"))
    _draws(battle, then=0.3)
    normans, english = battle.flanks
    normans.scale(1.0 / normans.size)
    english.maneuver = POSITION
    english.x = normans.x + math.sqrt(7000.0) + 50.0
    battle.step()
    assert battle.events[0].kind == "charge"
    half = (math.sqrt(7000.0) + 50.0) / 2
    assert (normans.x, normans.y) == pytest.approx((200.0 + half - 4.0, 196.0), abs=1e-9)


# -- moving ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("metres_per_pixel", "english_at", "english_size", "expected"),
    [
        (1.0, (230.0, 240.0), 100.0, (200.0 + 0.6 * 39.9, 200.0 + 0.8 * 39.9)),
        (1000.0, (201.0, 200.0), 100.0, (201.0 - 10.1 / 1000.0, 200.0)),
        (1.0, (250.0, 200.0), 0.25, (249.4, 200.0)),
    ],
)
def test_a_flank_advances_to_its_optimal_range(
    war: WarFactory,
    metres_per_pixel: float,
    english_at: tuple[float, float],
    english_size: float,
    expected: tuple[float, float],
) -> None:
    """Seed 004, Movement: when the enemy is closer than the hour's move, "the flank will move
    such that the enemy comes within optimal attacking range" -- its shortest armed member's
    longest range (Composition: the Soldiers' 0.1 m) plus the square root of the enemy's size
    (the distance is centre to centre, docs/rulings/flankbattle.md), straight towards it. No
    jitter (draws 0.5). 100 English 50 m off along (3, 4)/5: 50 - (0.1 + 10) = 39.9 m along
    it. 100 English a pixel east on a map of a kilometre a pixel: to 10.1 m short of them,
    0.0101 of a pixel. A quarter of an Englishman 50 m east: to 0.1 + 0.5 m short."""
    params = edited_parameters(metres_per_pixel=metres_per_pixel)
    battle = duel(war(map_name="Plain", params=params))
    _draws(battle, then=0.5)
    normans, english = battle.flanks
    english.x, english.y = english_at
    english.scale(english_size / english.size)
    dist_m = math.hypot(english.x - 200.0, english.y - 200.0) * metres_per_pixel
    battle.move(normans, english, dist_m, False)
    assert (normans.x, normans.y) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize(("charging", "x"), [(True, 206.5), (False, 212.0)])
def test_a_charge_when_the_move_just_reaches_optimal_range(
    war: WarFactory, charging: bool, x: float
) -> None:
    """Seed 004, Movement: "sometimes this might not make sense if the enemy is already closer
    than this distance. In that case, the flank will move such that the enemy comes within
    optimal attacking range (if charging in this scenario, then instead move such that the
    enemy distance is halved). Otherwise, charging will double the current speed." On a map of
    a kilometre a pixel, 1,000 Norman Knights (12 km/h: 12 pixels an hour; range 3 m) 13 pixels
    from 994,009 English (sqrt: 997 m): optimal range (3 + 997)/1000 = 1 pixel, so the hour's
    move is exactly the distance to it. Charging: half the distance, 6.5; not: 12."""
    setup = war(map_name="Plain", params=edited_parameters(metres_per_pixel=1000.0))
    battle = battle_of(
        setup, [FlankSpec(200, 200, 0, 1000, 0, 0)], [FlankSpec(213, 200, 994009, 0, 0, 0)]
    )
    _draws(battle, then=0.5)
    knights, english = battle.flanks
    assert (knights.land_speed, knights.optimal, english.size) == (12.0, 3.0, 994009.0)
    battle.move(knights, english, 13000.0, charging)
    assert (knights.x, knights.y) == (x, 200.0)


def test_the_random_factor_of_a_move(war: WarFactory) -> None:
    """Seed 004, Movement: "movement may not land exactly in the same place each time, but has
    a random factor with a range of +/-10 meters": a draw u of the stream moves the flank
    (2u - 1) x 10 m, first east-west, then north-south. The Normans, the English 5 m off
    (already within reach: no advance), draw 0.75 and 0.25: 5 m east and 5 m north."""
    battle = duel(war(map_name="Plain"))
    _draws(battle, 0.75, 0.25)
    normans, english = battle.flanks
    battle.move(normans, english, 5.0, False)
    assert (normans.x, normans.y) == (205.0, 195.0)


# -- the terrain under a flank at the map's sides ---------------------------------------------


@pytest.mark.parametrize(
    ("start", "toward", "end"),
    [
        ((0.0, 200.0), (100.0, 200.0), (1.8, 200.0)),
        ((399.5, 200.0), (299.5, 200.0), (397.7, 200.0)),
        ((200.0, 0.0), (200.0, 100.0), (200.0, 1.8)),
        ((200.0, 399.5), (200.0, 299.5), (200.0, 397.7)),
    ],
)
def test_a_flank_on_the_outermost_pixel_moves_at_its_terrains_speed(
    war: WarFactory,
    start: tuple[float, float],
    toward: tuple[float, float],
    end: tuple[float, float],
) -> None:
    """Seed 004, Movement: "the speed of the flank can be affected by terrain" -- the slowest
    member's speed times the feature's speed factor (forest 0.6, parameters.json), the feature
    the one under the flank, on the map's first and last pixel (0 to 399) too. A plain whose
    outermost ring of pixels is forest, a kilometre a pixel: 1,000 Norman Soldiers (3 km/h)
    deployed on that ring move 3 x 0.6 = 1.8 pixels towards the English 100 pixels inside
    (no jitter), not the plain's 3."""
    setup = war(map_name="Plain", params=edited_parameters(metres_per_pixel=1000.0))
    grid = np.zeros((SIZE, SIZE), dtype=np.uint8)
    grid[0, :] = grid[-1, :] = grid[:, 0] = grid[:, -1] = 2  # forest (terrain.FEATURES)
    battle = battle_of(
        setup, [FlankSpec(*start, 1000, 0, 0, 0)], [FlankSpec(*toward, 300, 0, 700, 0)], grid=grid
    )
    _draws(battle, then=0.5)
    normans, english = battle.flanks
    battle.move(normans, english, 100000.0, False)
    assert (normans.x, normans.y) == pytest.approx(end, abs=1e-9)


# -- the nearest enemies of a large battle ---------------------------------------------------


def test_the_nearest_enemies_in_a_battle_of_fourteen_flanks(war: WarFactory) -> None:
    """docs/rulings/flankbattle.md (The battle): each flank's enemy is the nearest flank of the
    other side, centre to centre, its distance in metres. On a map of a kilometre a pixel,
    seven Norman flanks at (100, 50 + 40i) and seven English at (103, 54 + 40i): each pair 5
    pixels apart (3 east, 4 south), every other enemy at least 36 pixels off -- each flank's
    enemy is its pair, 5,000 metres away."""
    setup = war(map_name="Plain", params=edited_parameters(metres_per_pixel=1000.0))
    battle = battle_of(
        setup,
        [FlankSpec(100, 50 + 40 * i, 500, 0, 0, 0) for i in range(7)],
        [FlankSpec(103, 54 + 40 * i, 150, 0, 350, 0) for i in range(7)],
    )
    flanks = battle.flanks
    assert len(flanks) == 14
    nearest = battle.nearest_enemies(flanks)
    pairs = [flanks[(i + 7) % 14] for i in range(14)]
    assert [g for g, _ in nearest] == pairs
    assert [d for _, d in nearest] == [pytest.approx(5000.0, rel=1e-12)] * 14


# -- the siege -------------------------------------------------------------------------------


def _besieged(setup: WarSetup) -> Battle:
    battle = deployed(setup)
    for f in battle.side_flanks[1]:
        f.maneuver = POSITION
    return battle


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


# -- the terrain an attack is made from ------------------------------------------------------


def _terrain_parameters(feature: str, **factors: float) -> Parameters:
    data = copy.deepcopy(default_parameters().data)
    data["terrain"][feature].update(factors)
    return Parameters(data)


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
    _draws(battle, then=0.5)
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


# -- the carrying capacity at sea ------------------------------------------------------------


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


def test_a_sea_battle_without_ships_carries_no_one(db: Database) -> None:
    """Seed 004, Carrying capacity at sea (as above): with no ships on either side (Ship
    number 0) there is no room at all -- no side's Capacity, no carrying capacity -- and each
    army is above it: attrition at its cap, L = 2, the English losing (0.01 + 0.5 x 0.05) x
    their flank's men x (2 - 1) in the hour."""
    battle = deployed(_at_sea(db, 0, None))
    assert [(s.capacity, s.local_population) for s in battle.sides] == [(0.0, 1.0), (0.0, 1.0)]
    _draws(battle, then=0.5)
    assert battle.attrition(0)
    english = battle.side_flanks[0]
    lost = [e.data for e in battle.events if e.kind == "attrition"]
    assert [d["ratio"] for d in lost] == [2.0] * len(english)
    assert [d["lost"] for d in lost] == [round(0.035 * f.start_size, 3) for f in english]
