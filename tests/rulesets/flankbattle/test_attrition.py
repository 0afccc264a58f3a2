"""Seed 004, natural attrition: the carrying capacity and the attrition above it."""

from __future__ import annotations

import pytest

from hexwar.rulesets.flankbattle.flanks import FlankSpec
from tests.rulesets.flankbattle.helpers import _draws_listed, _draws_then, _quiet_duel

from .conftest import (
    WarFactory,
    battle_of,
    duel,
)


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("soldiers", "carrying", "lost", "ratio"),
    [
        (1, 0.5, 0.035, 2.0),  # a lone soldier at twice the capacity: (0.01 + 0.025) x 1 x 1
        (1, 1.0, None, None),  # a lone soldier exactly at a capacity of one: no attrition
        (5, 2.0, 0.175, 2.0),  # L 2.5, capped at 2: 0.035 x 5 x 1, told as 2
        (8000, 6480.0, 65.679, 1.2346),  # L 1.2345679: 0.035 x 8000 x 0.2345679, to 4 places
    ],
)
def test_attrition_above_the_carrying_capacity(
    war: WarFactory, soldiers: int, carrying: float, lost: float | None, ratio: float | None
) -> None:
    """Seed 004, Carrying capacity: L = Military Size/(Local Population*Capacity); "If the
    value of L is less than one, then no attrition is felt. Otherwise, the value of L is capped
    at two"; Casualties = (Attrition+Random Number)*Military Size*(1-L) (the ruling: the
    magnitude, L - 1), Attrition 0.01 for none, the Random Number 0-0.05 (the draw 0.5: 0.025).
    A Norman flank of ``soldiers`` Soldiers on the plain, its carrying capacity ``carrying``:
    the loss to natural attrition is told with L (to 4 decimals, at most 2)."""
    setup = war(map_name="Plain")
    battle = battle_of(
        setup, [FlankSpec(200, 200, soldiers, 0, 0, 0)], [FlankSpec(350, 200, 2100, 0, 4900, 0)]
    )
    _draws_then(battle, [], 0.5)
    side = battle.sides[0]
    side.local_population, side.capacity = carrying, 1.0
    battle.attrition(0)
    told = [(e.text, e.data) for e in battle.events]
    if lost is None:
        assert told == []
    else:
        assert told == [
            (
                f"Attacker flank 1 loses {lost:.0f} to natural attrition",
                {
                    "flank": "Attacker flank 1",
                    "lost": pytest.approx(lost, abs=1e-3),
                    "ratio": ratio,
                },
            )
        ]


@pytest.mark.found_by_mutation
def test_a_side_exactly_at_its_carrying_capacity_draws_no_attrition_roll(war: WarFactory) -> None:
    """Seed 004, Carrying capacity: "as long as total military size does not exceed this
    number, it cannot experience any attrition besides diseases" -- and no roll is made for it,
    so the hour's next draw decides the next thing (Diseases). 8,000 Normans on a carrying
    capacity of 8,000: the side's attrition, then its diseases, the first draw 0: Influenza
    breaks out."""
    battle = battle_of(
        war(map_name="Plain"),
        [FlankSpec(200, 200, 4000, 2000, 2000, 0)],
        [FlankSpec(350, 200, 2100, 0, 4900, 0)],
    )
    side = battle.sides[0]
    side.local_population, side.capacity = 8000.0, 1.0
    _draws_then(battle, [0.0, 0.5], 0.99)
    battle.attrition(0)
    battle.disease(0)
    assert [e.kind for e in battle.events][:1] == ["disease"]


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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
    _draws_listed(battle, then=0.5)
    battle.step()
    attrition = [e.data for e in battle.events if e.kind == "attrition"]
    if routed:
        assert attrition == []
    else:
        assert attrition == [{"flank": "Attacker flank 1", "lost": 0.035, "ratio": 2.0}]


@pytest.mark.found_by_mutation
def test_natural_attrition_reports_the_ratio_over_capacity(war: WarFactory) -> None:
    """Seed 004, Carrying capacity: a military of 1.25 times its carrying capacity (local
    population x Capacity) loses (Attrition + Random) x Size x (L - 1) per flank, L = 1.25:
    at Hastings (Attrition none: 0.01) with the random draw 0.5 x 0.05, (0.01 + 0.025) x 8000
    x 0.25 = 70 Normans; the event gives the ratio 1.25."""
    battle = duel(war(map_name="Plain"))
    battle._random = lambda: 0.5
    side = battle.sides[0]
    assert battle.flanks[0].size == 8000.0
    side.local_population = 1000.0
    side.capacity = 8000.0 / 1.25 / 1000.0
    assert battle.attrition(0)
    (event,) = [e for e in battle.events if e.kind == "attrition"]
    assert event.data["ratio"] == 1.25
    assert event.data["lost"] == pytest.approx(70.0, abs=1e-3)
