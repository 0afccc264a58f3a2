"""Seed 004, Attacking: who fires, with what, the kills and the demoralisation."""

from __future__ import annotations

import math

import pytest

from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from tests.rulesets.flankbattle.helpers import (
    ENGLISH_AT_50,
    _archers_in_reach,
    _draws_then,
    _killed,
    _ready_each_hour,
)

from .conftest import WarFactory, battle_of, deployed


@pytest.mark.found_by_mutation
def test_the_killed_add_up_and_the_morale_runs_out_at_zero(war: WarFactory) -> None:
    """Seed 004, Attacking: each soldier killed or demoralised takes his share of the morale
    ("the morale of a dead soldier is zero"); the killed in action are counted for the receipt
    (Output). An English flank of 2,333 loses 100 killed, then 50: the flank and the side have
    lost 150. Then 10 killed and 100,000 demoralised, more than the morale left: the morale is
    0, not below, and the flank is fully routed with no morale."""
    battle = deployed(war(map_name="Plain"))
    english, side = battle.flanks[3], battle.sides[1]
    battle.apply_losses(english, 100.0, 0.0)
    battle.apply_losses(english, 50.0, 0.0)
    assert (english.killed, side.killed) == (150.0, 150.0)
    battle.apply_losses(english, 10.0, 100000.0)
    assert english.morale == 0.0
    (routed,) = [e.data for e in battle.events if e.kind == "routed"]
    assert (routed["flank"], routed["morale"]) == ("Defender flank 1", 0)


@pytest.mark.found_by_mutation
def test_an_attack_kills_and_demoralises_with_every_unit_type_that_fires(war: WarFactory) -> None:
    """Seed 004, Attacking: "casualties are calculated for each unit type separately before
    being totaled at the end"; Casualties = Battalion*Effectiveness*Power*Efficiency*Random*
    Mercy*(1-Enemy Defense), morale Battalion*Effectiveness*Psychology*Power*(1+(flanking-1)/10)
    *Efficiency*Random*(1-Enemy Defense), Battalion sqrt(Military Size*Unit Proportion*
    Limitation); Flank editor: "Ready (green) - The flank is in the middle of attacking". A
    Norman flank of 1,334 Soldiers, 667 Knights and 667 Archers on the plain attacks the first
    English flank (best Defense the Huscarls') with its Soldiers (power 0.5, Psychology 1) and
    Knights (lance 1.5, Psychology 3), each draw 0.5 (Random 2.5): the attack kills and
    demoralises the sum of both, told as such, and the Normans are Ready."""
    battle = deployed(war(map_name="Plain"))
    _draws_then(battle, [], 0.5)
    normans, english = battle.flanks[0], battle.flanks[3]
    units = battle.sides[0].vars.units
    defense = max(battle.sides[1].vars.units[r].defense.value for r in ("infantry", "artillery"))
    soldiers, knights = units["infantry"], units["cavalry"]
    bat_s = math.sqrt(1334 * min(1.0, soldiers.limitation.value))
    bat_k = math.sqrt(667 * min(1.0, knights.limitation.value))
    killed = _killed(bat_s, soldiers, 0.5, 2.5, defense)
    killed += _killed(bat_k, knights, 1.5, 2.5, defense)
    demoralised = _killed(bat_s, soldiers, 0.5, 2.5, defense) + 3 * _killed(
        bat_k, knights, 1.5, 2.5, defense
    )
    battle.attack(normans, english, [(normans.units[0], 0), (normans.units[1], 0)], 1)
    (attack,) = [(e.text, e.data) for e in battle.events if e.kind == "attack"]
    assert attack == (
        f"Attacker flank 1 attacks Defender flank 1: {killed:.0f} killed, "
        f"{demoralised:.0f} demoralised",
        {
            "flank": "Attacker flank 1",
            "target": "Defender flank 1",
            "killed": pytest.approx(killed, abs=5e-4),
            "demoralised": pytest.approx(demoralised, abs=5e-4),
            "flanking": 1,
        },
    )
    assert normans.status == "Ready"


@pytest.mark.found_by_mutation
def test_a_flank_on_position_attacks_with_what_reaches_without_charging(war: WarFactory) -> None:
    """Seed 004, Movement: Position, "Charging does not apply" (the ruling: Position and
    Feigned Retreat attack with whatever units can reach). The Normans of the charge above on
    Position, the first draw 0 (a charge for a Normal flank): the Archer shoots, no charge."""
    battle = _archers_in_reach(war, Maneuver.POSITION)
    _draws_then(battle, [0.0], 0.5)
    battle.step()
    kinds = [e.kind for e in battle.events]
    assert ("attack" in kinds, "charge" in kinds) == (True, False)
    assert battle.flanks[0].status == "Ready"


@pytest.mark.found_by_mutation
def test_each_unit_type_rests_its_rebound_between_attacks(war: WarFactory) -> None:
    """Seed 004, Unit: Rebound "The number of rounds needed to rest between attacks" (the
    ruling: after an attack the unit type waits that many hours). A Grande Armee flank of Line
    Infantry (rebound 1, 200 metres), Hussars (10 metres) and Field Guns (rebound 2, 100 to
    400 metres) 150 metres beyond the English's square root (no charge: every draw 0.99): the
    Line Infantry fires in hours 1, 3, 5 and 7, the Field Guns in hours 1, 4 and 7; in hours 2
    and 6 no one is ready."""
    setup = war("Grande Armee Corps", map_name="Plain", year=1815)
    battle = battle_of(
        setup,
        [FlankSpec(200, 200, 7500, 2000, 500, 0)],
        [FlankSpec(200 + math.sqrt(7000) + 150, 200, 2100, 0, 4900, 0)],
    )
    _draws_then(battle, [], 0.99)
    line, gun = "Line Infantry", "Field Gun"
    assert _ready_each_hour(battle, 7) == [
        [line, gun], [], [line], [gun], [line], [], [line, gun],
    ]  # fmt: skip


@pytest.mark.found_by_mutation
def test_a_flank_of_one_archer_shoots(war: WarFactory) -> None:
    """Seed 004, Composition: the flank's unit types are those it holds, one soldier or more;
    Attacking: below 100 soldiers the battalion is the whole unit (the ruling: count x
    Limitation). A Norman flank of one Archer 50 metres beyond the English's square root (on
    Position) shoots his bow (0.6 at 80 metres, the draw 0.5): Battalion 1 x L."""
    setup = war(map_name="Plain")
    battle = battle_of(
        setup,
        [FlankSpec(200, 200, 0, 0, 1, 0)],
        [FlankSpec(ENGLISH_AT_50, 200, 2100, 0, 4900, 0, Maneuver.POSITION)],
    )
    _draws_then(battle, [], 0.5)
    battle.step()
    archer = battle.sides[0].vars.units["artillery"]
    defense = battle.sides[1].vars.units["infantry"].defense.value
    (killed,) = [e.data["killed"] for e in battle.events if e.kind == "attack"]
    expected = _killed(min(1.0, archer.limitation.value), archer, 0.6, 2.5, defense)
    assert killed == pytest.approx(expected, abs=5e-4)
