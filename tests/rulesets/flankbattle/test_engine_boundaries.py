"""Rules of the battle engine at their boundaries, applied by the engine to a two-flank battle
at Hastings (seed 004; docs/rulings/flankbattle.md)."""

from __future__ import annotations

import numpy as np
import pytest

from hexwar.rulesets.flankbattle.aftermath import Occupation, stability_changes
from hexwar.rulesets.flankbattle.database import Database
from hexwar.rulesets.flankbattle.engine import Battle
from hexwar.rulesets.flankbattle.terrain import WATER

from .conftest import WarFactory, duel


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
