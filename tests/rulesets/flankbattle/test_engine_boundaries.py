"""Rules of the battle engine at their boundaries, applied by the engine to a two-flank battle
at Hastings (seed 004; docs/rulings/flankbattle.md)."""

from __future__ import annotations

import numpy as np
import pytest

from hexwar.rulesets.flankbattle.aftermath import (
    Occupation,
    stability_changes,
)
from hexwar.rulesets.flankbattle.database import Database
from hexwar.rulesets.flankbattle.engine import Battle, BattleResult
from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from hexwar.rulesets.flankbattle.terrain import WATER
from tests.rulesets.flankbattle.helpers import (
    _draws_then,
    _english_at_20_a_soldier,
    _hastings_flanks,
)

from .conftest import (
    WarFactory,
    battle_of,
    duel,
    edited_parameters,
)


def _battle(war: WarFactory) -> Battle:
    return duel(war(map_name="Plain"))


def test_losses_equal_to_the_whole_flank_are_captured_not_killed(war: WarFactory) -> None:
    """Seed 004, Attacking: a flank is never wiped out in one round; when the casualties reach
    its size (exactly, here) the rest are captured."""
    battle = _battle(war)
    target = battle.flanks[1]
    size = target.size
    battle.apply_losses(target, size, 0.0)
    assert (target.captured, target.killed, target.size) == (size, 0.0, 0.0)
    assert battle.sides[1].captured == size
    captured = battle.events[-1]
    assert (captured.kind, captured.data) == (
        "captured",
        {"flank": "Defender flank 1", "troops": round(size)},
    )
    assert target.routed  # and leaves the field


def test_a_fleet_sunk_at_sea_adds_its_crews_to_the_killed_so_far(war: WarFactory) -> None:
    """Seed 004, Attacking: at sea the ships are sunk and the crews lost with them; the flank's
    earlier dead stay counted."""
    battle = _battle(war)
    target = battle.flanks[1]
    target.feat, target.ships, target.killed = WATER, 3, 40.0
    size = target.size
    battle.apply_losses(target, size + 1, 0.0)
    assert target.killed == pytest.approx(40.0 + size)
    assert (target.sunk, target.ships, target.captured) == (3, 0, 0.0)


def test_only_disease_deaths_count_as_disease_deaths(war: WarFactory) -> None:
    """Seed 004, Diseases and Carrying capacity: deaths to attrition and to disease are kept
    apart (the report's disease deaths)."""
    battle = _battle(war)
    f = battle.flanks[0]
    battle.natural_loss(f, 100.0, "natural attrition")
    assert battle.sides[0].disease_deaths == 0.0
    battle.natural_loss(f, 50.0, "disease")
    assert battle.sides[0].disease_deaths == 50.0
    assert battle.sides[0].died == 150.0
    assert [e.kind for e in battle.events[-2:]] == ["attrition", "disease-deaths"]


def test_a_side_with_no_carrying_capacity_is_struck_at_the_full_ratio(war: WarFactory) -> None:
    """Seed 004, Carrying capacity: with no capacity at all the strength-to-capacity ratio is
    taken at its cap of 2 (docs/rulings/flankbattle.md, Attrition)."""
    battle = _battle(war)
    battle.sides[1].local_population = 0.0
    assert battle.attrition(1)
    struck = [e for e in battle.events if e.kind == "attrition"]
    assert [e.data["ratio"] for e in struck] == [2.0]


def test_at_the_time_limit_a_tie_in_morale_share_goes_to_the_defender(war: WarFactory) -> None:
    """docs/rulings/flankbattle.md: after max_days the side with the larger share of its
    starting morale wins; the attacker needs more than the defender to take the field."""
    battle = _battle(war)
    for f in battle.flanks:
        f.morale = f.start_morale / 2
    assert battle.time_limit().winner == 1
    battle.flanks[0].morale += 1.0
    assert battle.time_limit().winner == 0


def test_a_side_that_started_with_no_morale_has_none_left(war: WarFactory) -> None:
    battle = _battle(war)
    battle.flanks[0].start_morale = battle.flanks[0].morale = 0.0
    assert battle.time_limit().winner == 1


def test_supply_cut_and_charge_events_name_both_flanks(war: WarFactory) -> None:
    """The receipts of seed 004, Supply lines and Charging name the acting flank and its
    target (docs/flankbattle.md, "Receipts")."""
    battle = _battle(war)
    f, target = battle.flanks
    battle.cut_supplies(f, target, 0.25)
    cut = next(e for e in battle.events if e.kind == "supply-cut")
    assert (cut.data["flank"], cut.data["target"]) == ("Attacker flank 1", "Defender flank 1")


def test_losing_at_its_capital_costs_the_loser_two_fifths_of_its_innate_stability(
    war: WarFactory,
) -> None:
    """Seed 004, Stability reduction: "Innate Stability -40% for a lost battle at the capital"
    -- the loser's only: the winner fighting at its own capital loses nothing for it."""
    battle = _battle(war)
    occupation = Occupation(1.0, 1.0, 0.0, "", 0, "")
    rng = np.random.default_rng(1)
    changes = stability_changes(battle, 0, occupation, [], {0: True, 1: True}, rng)
    winner, loser = changes
    assert loser.innate_after == pytest.approx(0.6 * loser.innate)
    assert loser.notes == ["the capital was lost: Innate Stability -40%"]
    assert (winner.innate_after, winner.notes) == (winner.innate, [])


def test_a_charge_names_the_charging_flank_and_its_target(war: WarFactory) -> None:
    """Seed 004, Charging: 100 m from the centre of the Saxons' 7000 men their edge is
    100 - sqrt(7000) = 16.3 m away; only the Norman archers (200 m) reach it, not the
    infantry (0.1 m) or cavalry (3 m), so the flank may charge; with a draw of 0 it does, and
    the receipt names both flanks."""
    battle = _battle(war)
    battle._random = lambda: 0.0
    f, target = battle.flanks
    _, action, _, _, _, charging = battle.decide(f, target, 100.0)
    assert (action, charging) == ("move", True)
    charge = battle.events[-1]
    assert charge.kind == "charge"
    assert (charge.data["flank"], charge.data["target"]) == ("Attacker flank 1", "Defender flank 1")


def test_weapons_reach_to_the_edge_of_even_the_smallest_flank(war: WarFactory) -> None:
    """Seed 004, Unit (Range): a weapon reaches a flank when it reaches its edge, the square
    root of its size (in metres) short of its centre. A remnant of a quarter of a man has an
    edge 0.5 m out: at 3.75 m it is 3.25 m away, beyond the Norman cavalry's 3 m; at 3.5 m
    it is 3 m away, in reach."""
    battle = _battle(war)
    battle._random = lambda: 0.999  # never charge: attack with what reaches
    f, target = battle.flanks
    target.scale(0.25 / target.size)
    assert target.size == pytest.approx(0.25)
    ready = battle.decide(f, target, 3.75)[4]
    assert [u.role for u, _ in ready] == ["artillery"]
    ready = battle.decide(f, target, 3.5)[4]
    assert [u.role for u, _ in ready] == ["cavalry", "artillery"]


def test_infantry_without_a_type_fights_as_soldiers(db: Database, war: WarFactory) -> None:
    """Seed 004, Unit: "If no unit type is selected, then the default type used is Soldier"
    -- the Norman Host's half of infantry, its type left blank, is Soldier infantry."""
    db.military("Norman Host")["infantry_type"] = None
    units = war().sides[0].units
    assert (units["infantry"].slot.unit.name, units["infantry"].slot.proportion) == (
        "Soldier",
        0.5,
    )
    assert units["cavalry"].slot.unit.name == "Norman Knight"


@pytest.mark.found_by_mutation
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
    _draws_then(battle, [], 0.99)
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_a_side_that_started_without_morale_has_no_share_left(war: WarFactory) -> None:
    """docs/rulings/flankbattle.md: at the time limit the side with the larger share of its
    starting morale wins. The Normans started with none (a share of 0, not of all of it); the
    English have a tenth of theirs left: the English hold the field."""
    battle = duel(war(map_name="Plain"))
    normans, english = battle.flanks
    normans.start_morale = normans.morale = 0.0
    english.morale = english.start_morale / 10
    assert battle.time_limit().winner == 1


@pytest.mark.found_by_mutation
def test_the_battle_begins_with_every_flank_and_ends_at_its_time_limit(war: WarFactory) -> None:
    """Seed 004, Introduction: one loop is one hour, twelve to a day; the log is "a general
    timeline of events" from the battle's start (Output); no side routed by the time limit:
    the side with more of its morale holds the field (docs/rulings/flankbattle.md). With a
    limit of one day, the Normans and the English 300 pixels apart, both on Position: the
    battle begins with both flanks as deployed, Idle (each with its place, maneuver, men and
    morale: 20 a soldier times the Morale Bonus, Composition), and ends after hour 12, not
    13."""

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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_flanks_start_idle_and_an_empty_flank_inactive(war: WarFactory) -> None:
    """Seed 004, Flank editor: "Before the battle, this will always be 'Idle'", and a flank of
    size zero is "listed as Inactive". The defender's second flank holds no soldiers."""
    battle = _hastings_flanks(
        war,
        (
            [FlankSpec(200, 200, 4000, 2000, 2000, 134)],
            [FlankSpec(205, 200, 2100, 0, 4900, 0), FlankSpec(205, 230, 0, 0, 0, 0)],
        ),
    )
    assert [f.to_json()["status"] for f in battle.flanks] == ["Idle", "Idle", "Inactive"]
