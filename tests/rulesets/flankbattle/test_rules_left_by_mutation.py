"""Flank battle rules that a mutation of the engine once changed without failing a test, each
checked where the battle applies it, at its boundary (docs/testing.md, "Mutation testing").
Seed 004; the battle is the two-flank duel at Hastings of conftest.py."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

from hexwar.rulesets.flankbattle.aftermath import Occupation, leader_fates, stability_changes
from hexwar.rulesets.flankbattle.engine import Battle
from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from hexwar.rulesets.flankbattle.params import Parameters, default_parameters, default_units
from hexwar.rulesets.flankbattle.schema import TABS, with_defaults
from hexwar.rulesets.flankbattle.terrain import SIZE
from hexwar.rulesets.flankbattle.variables import SideVariables, compute_side

from .conftest import WarFactory, duel, edited_parameters

P = default_parameters()
NATION = {"name": "Testland", "population": 1e6, "year_founded": 1000.0, "year_crisis": 1050.0,
          "gdp": 1e9, "urban_population": 0.2, "arable_land": 1e6, "diet": "Wheat",
          "animals": "Herd animals", "steel_production": 1000.0}  # fmt: skip


def _testland_side(
    nation: dict[str, Any],
    *,
    year: int,
    leader: dict[str, Any] | None = None,
    params: Parameters = P,
) -> SideVariables:
    """The attacking side of Testland: a military of 10,000 at "Here", no national leader,
    ``leader`` as its military leader, fighting for Conquest in ``year``."""
    return compute_side(
        "attacker",
        nation=nation,
        military=with_defaults(
            TABS["Military"], {"nation": "Testland", "name": "M", "size": 1e4}, params
        ),
        national_leader=None,
        military_leader=leader,
        location=with_defaults(TABS["Location"], {"name": "Here"}, params),
        year=year,
        motive="Conquest",
        defender=False,
        units=default_units(),
        params=params,
    )


def _after_the_battle(battle: Battle, occupation_score: float) -> tuple[float, float]:
    """Each side's stability after the attacker's victory, the same random numbers."""
    occupation = Occupation(1.0, occupation_score, 0.0, "", 0, "")
    winner, loser = stability_changes(battle, 0, occupation, [], {}, np.random.default_rng(1))
    return winner.after, loser.after


def test_the_winners_stability_loss_has_no_occupation_term(war: WarFactory) -> None:
    """Seed 004, Stability reduction: Stability = (Stability*Innate Stability) - ((Military
    Casualties/Maximum Military)/(Economy*2))*log(Occupation+1)*3 + Random Number, and
    "log(Occupation+1) is dropped for the winner". Each side lost as many as its maximum
    military (ratio 1). An occupation score of 999 instead of 0 (log 3 instead of 0) leaves the
    winner's stability as it is and costs the loser (1/(2 x Economy)) x 3 x 3 = 4.5 / Economy
    more."""
    battle = duel(war(map_name="Plain"))
    for state in battle.sides:
        state.killed = state.vars.maximum_military
    (won_0, lost_0), (won_999, lost_999) = (
        _after_the_battle(battle, 0.0),
        _after_the_battle(battle, 999.0),
    )
    assert won_999 == won_0
    economy = battle.sides[1].vars.economy.value
    assert lost_0 - lost_999 == pytest.approx(4.5 / economy, rel=1e-9)


def _routing_defender_moved_to(war: WarFactory, end_x: float) -> Battle:
    """The defending flank, routing, steps away from the attacker (to the east, +x) at half its
    speed and ends its move at ``end_x`` (no jitter: every draw 0.5)."""
    battle = duel(war(map_name="Plain"))
    battle._random = lambda: 0.5
    attacker, defender = battle.flanks
    defender.routing = True
    x, y = defender.x, defender.y
    battle.move(defender, attacker, 0.0, False)  # how far a routing step goes, mid-map
    step = defender.x - x
    assert step > 0.0
    defender.x, defender.y = end_x - step, y
    defender.routed = False
    battle.move(defender, attacker, 0.0, False)
    return battle


def test_a_routing_flank_that_reaches_the_edge_of_the_map_is_routed(war: WarFactory) -> None:
    """Seed 004, Attacking: "If a routing flank succeeds to reach the edge of the map without
    being fully routed, then they are considered routed automatically." A step that would take
    the routing defender past the east edge ends on it: the flank is fully routed."""
    battle = _routing_defender_moved_to(war, SIZE + 0.5)
    defender = battle.flanks[1]
    assert defender.routed
    assert any(
        e.kind == "routed" and "reaches the edge of the map" in e.text for e in battle.events
    )


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
    battle = Battle(
        setup.sides,
        (
            [FlankSpec(200, 200, ax.infantry, ax.cavalry, ax.artillery, ax.ships)],
            [
                FlankSpec(205, 200, dx.infantry, dx.cavalry, dx.artillery, dx.ships),
                FlankSpec(205, 220, 0, 0, 0, 0),
            ],
        ),
        location=setup.location,
        grid=setup.grid,
        params=setup.params,
        rng=np.random.default_rng(5),
    )
    attacker, fighting, empty = battle.flanks
    assert (fighting.size > 0, empty.size) == (True, 0)
    capacity = battle.sides[1].capacity
    battle.cut_supplies(attacker, fighting, 0.25)
    assert battle.sides[1].supply_all_cut
    assert battle.sides[1].capacity == pytest.approx(capacity * 0.1, rel=1e-12)


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
    nation = with_defaults(
        TABS["Nation"],
        NATION | {"civilization": civilization, "federal_government": government},
        P,
    )
    side = _testland_side(nation, year=1900)
    assert side.maximum_military == pytest.approx(1e6 * share, rel=1e-12)


def test_each_sides_military_leader_risks_his_life_at_his_age(war: WarFactory) -> None:
    """Seed 004, Military ("Military leaders can be killed during the battle") and Leader: P =
    (Random[0-10] - Martial*10 + Training/2 + Leader Age/10)/100 + Final/Original military
    size. At Hastings William (born 1028) and Harold (born 1022) lead their armies and are
    their nations' leaders: each has a fate. William born ten years earlier (1018: 48 years old
    in 1066, not 38) has, with the same draws, 10/10/100 = 0.01 more chance to survive."""
    battle = duel(war(map_name="Plain"))
    fates = leader_fates(battle, 1066, np.random.default_rng(1))
    assert [(f.side, f.name, f.national) for f in fates] == [
        (0, "William the Conqueror", True),
        (1, "Harold Godwinson", True),
    ]
    william = battle.sides[0].vars.military_leader
    assert william is not None
    william["birth_year"] = 1018.0
    older = leader_fates(battle, 1066, np.random.default_rng(1))
    assert older[0].probability - fates[0].probability == pytest.approx(0.01, abs=1e-12)
    assert older[1].probability == fates[1].probability


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


def test_both_diseases_can_break_out_on_a_side_in_the_same_hour(war: WarFactory) -> None:
    """Seed 004, Diseases: "the algo reads the disease from both sides, and then applies both
    diseases to each side once every round ... each army has not one but two chances for a
    disease outbreak every round". At Hastings both sides carry Influenza; with every outbreak
    draw 0 (below any chance) and every random number 0.5, the attacker's flank suffers two
    outbreaks in the hour, the second on the soldiers the first left, and loses both tolls."""
    battle = duel(war(map_name="Plain"))
    draws = itertools.cycle([0.0, 0.5])
    battle._random = lambda: next(draws)
    flank = battle.flanks[0]
    before = flank.size
    battle.disease(0)
    outbreaks = [e for e in battle.events if e.kind == "disease"]
    assert [e.text for e in outbreaks] == ["An outbreak of Influenza strikes the attacker"] * 2
    first, second = (float(e.data["casualties"]) for e in outbreaks)
    assert second < first
    assert before - flank.size == pytest.approx(first + second, abs=2e-3)


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


def test_the_morale_bonus_stays_within_its_range_of_0_to_2() -> None:
    """Seed 004, Mapping inputs to outputs: "Morale Bonus 0-2". With the leader's bonus added
    as written (``leader_bonus_headroom`` 0: "+ (zeal+1)/10", seed 004, Leader), a military
    leader of zeal 19 adds 2 to the nation's own Morale Bonus; the sum is held at 2."""
    params = edited_parameters(leader_bonus_headroom=0.0)
    leader = with_defaults(
        TABS["Leader"],
        {"name": "Tester", "attack": 1.0, "defense": 1.0, "siege": 1.0, "authority": 1.0,
         "cunning": 1.0, "zeal": 19.0, "martial": 1.0},
        params,
    )  # fmt: skip
    side = _testland_side(
        with_defaults(TABS["Nation"], NATION, params), year=1066, leader=leader, params=params
    )
    assert side.morale_bonus.terms[-1].value == pytest.approx(2.0)
    assert side.morale_bonus.value == 2.0
