"""Seed 004, supply lines: pillaging, cutting them, and the side's capacity."""

from __future__ import annotations

import pytest

from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from tests.rulesets.flankbattle.helpers import _draws_then, _hastings, _hastings_flanks

from .conftest import (
    WarFactory,
    battle_of,
)


@pytest.mark.found_by_mutation
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
    _draws_then(battle, [0.5], 0.5)
    soldiers, english = battle.flanks
    battle.attack(english, soldiers, [(english.units[0], 0)], 2)
    assert [e.kind for e in battle.events] == ["supply-cut", "supply-all-cut"]
    assert battle.events[0].data["roll"] == 0.5


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_cutting_the_supplies_of_every_flank_still_fighting_cuts_the_sides_capacity(
    war: WarFactory,
) -> None:
    """Seed 004, Attacking and Supply lines: "If all enemy flanks have their supply lines cut,
    then the belligerent as a whole takes a sever penalty to their carrying capacity"; Supply
    lines: "the variable of Capacity is reduced by 90%". The defender has two flanks, the
    second empty (no soldiers): cutting the supplies of the first, the only one with soldiers,
    cuts them all."""
    setup = war(map_name="Plain")
    ax, dx = setup.default_deployment(0, 1)[0], setup.default_deployment(1, 1)[0]
    battle = battle_of(
        setup,
        [FlankSpec(200, 200, ax.infantry, ax.cavalry, ax.artillery, ax.ships)],
        [
            FlankSpec(205, 200, dx.infantry, dx.cavalry, dx.artillery, dx.ships),
            FlankSpec(205, 220, 0, 0, 0, 0),
        ],
    )
    attacker, fighting, empty = battle.flanks
    assert (fighting.size > 0, empty.size) == (True, 0)
    capacity = battle.sides[1].capacity
    battle.cut_supplies(attacker, fighting, 0.25)
    assert battle.sides[1].supply_all_cut
    assert battle.sides[1].capacity == pytest.approx(capacity * 0.1, rel=1e-12)


@pytest.mark.found_by_mutation
def test_pillaging_cuts_supplies_after_the_targets_resilience_in_rounds(war: WarFactory) -> None:
    """Seed 004, Supply lines: a pillaging flank attacking alongside another (flanking 2) cuts
    the supplies of a flank it "has been attacking ... for sufficient number of rounds" (the
    Resilience table: Foraging, the English flanks' logistics, three rounds), then with the 50%
    chance (every draw 0.25 here). Two rounds against the first English flank, then three
    against the second: the rounds against the first do not count for the second, whose
    supplies are cut in the third round against it, the attack forfeited."""
    battle = _hastings_flanks(
        war,
        (
            [FlankSpec(200, 200, 4000, 2000, 2000, 134)],
            [FlankSpec(205, 200, 1050, 0, 2450, 0), FlankSpec(205, 230, 1050, 0, 2450, 0)],
        ),
    )
    battle._random = lambda: 0.25
    attacker, first, second = battle.flanks
    attacker.maneuver = Maneuver.PILLAGING
    soldiers = attacker.units[0]
    kinds = []
    for target in (first, first, second, second, second):
        before = len(battle.events)
        battle.attack(attacker, target, [(soldiers, 0)], 2)
        kinds.append([e.kind for e in battle.events[before:]])
    assert kinds == [["attack"]] * 4 + [["supply-cut"]]
    assert (first.supply_cut, second.supply_cut) == (False, True)
