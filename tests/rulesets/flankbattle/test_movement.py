"""Seed 004, moving: advancing to the optimal range, charging, hit and run, the random factor."""

from __future__ import annotations

import math

import numpy as np
import pytest

from hexwar.rulesets.flankbattle.database import Database
from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from hexwar.rulesets.flankbattle.terrain import SIZE
from tests.rulesets.flankbattle.helpers import (
    POSITION,
    _archers_in_reach,
    _draws_listed,
    _draws_then,
    _ready_each_hour,
)

from .conftest import (
    WarFactory,
    battle_of,
    duel,
    edited_parameters,
)


@pytest.mark.found_by_mutation
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
    _draws_then(battle, [roll], 0.5)
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


@pytest.mark.found_by_mutation
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
    _draws_then(battle, [], 0.5)
    battle.step()
    normans = battle.flanks[0]
    assert (normans.x, normans.y) == pytest.approx((350 - optimal - math.sqrt(7000), 200.0))


@pytest.mark.found_by_mutation
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
    _draws_then(battle, [], 0.5)
    hours = ["retreat" if r == ["retreat"] else "attack" for r in _ready_each_hour(battle, 10)]
    assert hours == ["attack"] * 2 + ["retreat"] * 3 + ["attack"] * 2 + ["retreat"] * 3


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_a_charging_flank_closes_half_the_distance(war: WarFactory) -> None:
    """Seed 004, Movement: a flank that charges, the enemy already closer than its hour's move,
    "will move such that the enemy distance is halved". The Normans cut down to one soldier
    (only the Archers' bows reach: P = 0.375, the roll 0.3 charges), the English on Position
    sqrt(7000) + 50 = 133.67 m east: the Normans move 66.83 m east, then every draw 0.3 jitters
    them (0.3 x 2 - 1) x 10 = -4 m each way (a random factor of +/-10 m)."""
    battle = duel(war(map_name="Plain"))
    _draws_listed(battle, then=0.3)
    normans, english = battle.flanks
    normans.scale(1.0 / normans.size)
    english.maneuver = POSITION
    english.x = normans.x + math.sqrt(7000.0) + 50.0
    battle.step()
    assert battle.events[0].kind == "charge"
    half = (math.sqrt(7000.0) + 50.0) / 2
    assert (normans.x, normans.y) == pytest.approx((200.0 + half - 4.0, 196.0), abs=1e-9)


@pytest.mark.found_by_mutation
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
    _draws_listed(battle, then=0.5)
    normans, english = battle.flanks
    english.x, english.y = english_at
    english.scale(english_size / english.size)
    dist_m = math.hypot(english.x - 200.0, english.y - 200.0) * metres_per_pixel
    battle.move(normans, english, dist_m, False)
    assert (normans.x, normans.y) == pytest.approx(expected, abs=1e-9)


@pytest.mark.found_by_mutation
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
    _draws_listed(battle, then=0.5)
    knights, english = battle.flanks
    assert (knights.land_speed, knights.optimal, english.size) == (12.0, 3.0, 994009.0)
    battle.move(knights, english, 13000.0, charging)
    assert (knights.x, knights.y) == (x, 200.0)


@pytest.mark.found_by_mutation
def test_the_random_factor_of_a_move(war: WarFactory) -> None:
    """Seed 004, Movement: "movement may not land exactly in the same place each time, but has
    a random factor with a range of +/-10 meters": a draw u of the stream moves the flank
    (2u - 1) x 10 m, first east-west, then north-south. The Normans, the English 5 m off
    (already within reach: no advance), draw 0.75 and 0.25: 5 m east and 5 m north."""
    battle = duel(war(map_name="Plain"))
    _draws_listed(battle, 0.75, 0.25)
    normans, english = battle.flanks
    battle.move(normans, english, 5.0, False)
    assert (normans.x, normans.y) == (205.0, 195.0)


@pytest.mark.found_by_mutation
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
    _draws_listed(battle, then=0.5)
    normans, english = battle.flanks
    battle.move(normans, english, 100000.0, False)
    assert (normans.x, normans.y) == pytest.approx(end, abs=1e-9)


@pytest.mark.found_by_mutation
def test_a_flank_half_a_cell_beyond_its_optimal_range_closes_to_it(war: WarFactory) -> None:
    """Seed 004, Movement: when the enemy is closer than a move, "the flank will move such that
    the enemy comes within optimal attacking range". The defender is half a map cell farther
    than the attacker's optimal range (its own optimal range plus the square root of the
    defender's size): the attacker advances that half cell (no jitter: every draw 0.5), ending
    at its optimal range."""
    battle = duel(war(map_name="Plain"))
    battle._random = lambda: 0.5
    attacker, defender = battle.flanks
    optimal = (attacker.optimal + defender.size**0.5) / battle.px
    defender.x, defender.y = attacker.x + optimal + 0.5, attacker.y
    start = attacker.x
    battle.move(attacker, defender, (optimal + 0.5) * battle.px, False)
    assert attacker.x - start == pytest.approx(0.5, abs=1e-9)
    assert defender.x - attacker.x == pytest.approx(optimal, abs=1e-9)


@pytest.mark.found_by_mutation
def test_a_hit_and_run_flank_in_its_retreat_rounds_moves_away_from_the_enemy(
    war: WarFactory,
) -> None:
    """Seed 004, Movement: "Hit and run - Attack for only two rounds, then retreat for three
    rounds". The attacker (west, at x 200; the defender east, at 205) is in its retreat
    rounds: in the battle's next hour it moves west, away from the enemy, and has one retreat
    round fewer to go."""
    battle = duel(war(map_name="Plain"))
    attacker = battle.flanks[0]
    attacker.maneuver = Maneuver.HIT_AND_RUN
    attacker.hr_retreat = 3
    start = attacker.x
    battle.step()
    assert attacker.x < start
    assert attacker.hr_retreat == 2
