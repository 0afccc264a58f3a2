"""The tactical game on the protocol: orders, commanders (COMMANDERS, MISCELLANEOUS),
disruption, morale checks and retreat, improved positions, wrecks, victory."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.orders import Action, TurnOrders, parse_orders
from hexwar.rulesets.tactical.plan import Planner

from .conftest import make_game

LEADER = {"id": "C", "side": "allied", "name": "Cpt", "at": "2,1", "leadership": 8, "command": 3}


def test_orders_round_trip_through_text_and_json() -> None:
    text = "move A1 3,4; fire T1 G2; assault A2 G2; smoke M1 5,-2; dismount R1"
    orders = parse_orders(text)
    assert str(orders) == text
    assert parse_orders(orders.to_json()) == orders
    assert parse_orders("pass") == TurnOrders()


@pytest.mark.parametrize("bad", ["walk A1 3,4", "move A1", "move A1 x", "fire A1", "dismount"])
def test_malformed_orders_are_refused_with_their_syntax(bad: str) -> None:
    with pytest.raises(IllegalOrderError, match="order syntax"):
        parse_orders(bad)


def test_an_illegal_action_is_refused_naming_its_place_and_rule() -> None:
    game = make_game()
    with pytest.raises(IllegalOrderError, match=r"action 2 of 2: .*\[own units\]"):
        game.submit("allied", "move A1 3,0; fire X1 A1")
    assert game.step == 0  # nothing was carried out


def test_command_is_added_to_the_attack_when_the_commander_has_the_ap() -> None:
    """COMMANDERS, COMMAND: '+ the highest Command value ... provided the commander has at
    least as many Action Points as that attack costs'."""
    game = make_game(commanders=[LEADER])
    game.submit("allied", "fire A1 X1")
    attack = next(e for e in game.events() if e.kind == "fire")
    assert attack.receipt is not None
    assert attack.receipt.inputs["command"] == 3
    assert attack.receipt.inputs["net_attack"] == pytest.approx((4 + 3) * 1.0)
    assert game.commanders["C"].ap == 100 - 40


def test_command_needs_the_commanders_action_points() -> None:
    game = make_game(commanders=[{**LEADER, "ap": 30}])
    game.submit("allied", "fire A1 X1")
    attack = next(e for e in game.events() if e.kind == "fire")
    assert attack.receipt is not None
    assert attack.receipt.inputs["command"] == 0


def test_each_attack_risks_a_4_percent_death_for_the_commanders_in_it() -> None:
    """MISCELLANEOUS: 'The % chance that a commander will be killed during an attack: 4'."""
    enemy = {"id": "K", "side": "axis", "name": "Hptm", "at": "4,0", "leadership": 7,
             "command": 1}  # fmt: skip
    game = make_game(commanders=[LEADER, enemy])
    game.submit("allied", "fire A1 X1")
    attack = next(e for e in game.events() if e.kind == "fire")
    assert attack.receipt is not None
    risks = {r.label: r.chance for r in attack.receipt.rolls if "killed" in r.label}
    assert risks == {"commander C killed": 0.04, "commander K killed": 0.04}


def test_units_that_stay_put_dig_in_on_a_10_percent_roll() -> None:
    """MISCELLANEOUS: 'Per-turn % chance of creating an Improved Position: 10'."""
    game = make_game()
    game.submit("allied", "move A1 1,1")
    dig = next(e for e in game.events() if e.kind == "improved-position")
    assert dig.receipt is not None
    rolls = {r.label: r.chance for r in dig.receipt.rolls}
    assert rolls == {"AHQ improved position": 0.1}  # A1 moved: no roll


def test_improved_positions_appear_at_about_10_percent() -> None:
    dug = 0
    for seed in range(200):
        game = make_game(seed=seed)
        game.submit("allied", "pass")
        dug += game.units["A1"].improved
    assert 8 <= dug <= 35  # 200 tries at 10%


def test_failed_morale_check_disrupts_and_retreats_away_from_the_attacker() -> None:
    """TERRAIN MORALE MODIFIERS 'a Morale Check to see if it will retreat'; the retreat ruling."""
    game = make_game()
    x1 = game.units["X1"]
    x1.morale = 1  # d10 <= 1 - 1 (open) never passes
    before = x1.hex
    game._apply_result(x1, 0, False, True, Hex(2, 1))
    assert x1.disrupted
    assert x1.hex is not None
    assert before is not None
    assert x1.hex.distance(Hex(2, 1)) > before.distance(Hex(2, 1))


def test_unit_with_nowhere_to_retreat_loses_a_step_instead() -> None:
    """In the map's corner, with the attacker adjacent, no hex lies farther from it."""
    game = make_game()
    x1 = game.units["X1"]
    x1.morale = 1
    x1.hex = Hex(7, 2)  # offset (7, 5), the bottom right corner
    game._apply_result(x1, 0, False, True, Hex(6, 2))
    assert x1.sp == 3
    assert x1.hex == Hex(7, 2)
    assert x1.disrupted


def test_disruption_stops_fire_halves_ap_and_recovers_on_morale() -> None:
    game = make_game()
    a1 = game.units["A1"]
    a1.disrupted = True
    with pytest.raises(IllegalOrderError, match="disruption"):
        game.submit("allied", "fire A1 X1")
    a1.morale = 10
    a1.improved = True  # recovery certain: d10 <= 10 - 1 (open) + 1 (improved position)
    game.submit("allied", "pass")
    game.submit("axis", "pass")
    assert not a1.disrupted
    assert any(e.kind == "recovery" for e in game.events("allied"))
    a1.disrupted = True
    a1.morale = 1  # recovery impossible
    game.submit("allied", "pass")
    game.submit("axis", "pass")
    assert a1.disrupted
    assert a1.ap == 50


def test_second_disruption_is_a_morale_check() -> None:
    game = make_game()
    x1 = game.units["X1"]
    x1.disrupted = True
    game._apply_result(x1, 0, True, False, Hex(2, 1))
    assert any(e.kind == "morale-check" for e in game.events())


def test_hard_units_leave_wrecks_when_they_lose_sps() -> None:
    game = make_game()
    x1 = game.units["X1"]
    x1.hard = True
    game._apply_result(x1, 2, False, False, Hex(2, 1))
    assert game.wrecks == {Hex(4, 0): 2}
    assert game.lost["axis"] == 2


def test_assault_that_clears_the_hex_advances_into_it() -> None:
    game = make_game()
    game.units["A1"].hex = Hex(3, 0)
    game.units["X1"].sp = 1
    game.units["X1"].morale = 1
    game.units["A1"].attack_soft = 200.0  # beyond 30:1: 90% loss 3, 10% loss 2
    game.submit("allied", "assault A1 X1")
    assert game.units["X1"].hex is None
    assert game.units["A1"].hex == Hex(4, 0)


def test_the_side_with_more_victory_points_wins_after_the_last_turn() -> None:
    game = make_game(turns=1, objectives=[{"at": "2,1", "vp": 10}])
    game.submit("allied", "pass")
    game.submit("axis", "pass")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner == "allied"
    assert "allied 10 VP, axis 0 VP" in outcome.reason


def test_a_side_without_combat_units_loses() -> None:
    game = make_game()
    game.units["X1"].sp = 1
    game.units["A1"].attack_soft = 200.0
    game.submit("allied", "fire A1 X1")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner == "allied"


def test_fire_without_line_of_sight_when_carried_out_costs_nothing() -> None:
    """Fire needs a line of sight when it is carried out (TERRAIN HEIGHT: smoke 20 m)."""
    game = make_game()
    planned = Planner(game.view("allied").data, game.board).check(Action("fire", "A1", "X1"))
    game.smoke[Hex(3, 0)] = game.smoke[Hex(3, 1)] = "axis"  # both hexes along the line
    game._carry_out("allied", planned)
    assert [e.kind for e in game.events("allied")][-1] == "no-line-of-sight"
    assert game.units["A1"].ammo == 6
    assert game.units["A1"].ap == 100


def test_action_is_spoiled_when_its_target_is_gone() -> None:
    game = make_game()
    game.units["X1"].sp = 1
    game.units["A1"].attack_soft = 200.0
    game.units["AHQ"].hex = Hex(2, 0)
    game.units["XHQ"].hex = Hex(4, 1)  # keeps the axis in the game after X1 is gone
    game.units["XHQ"].kind = "infantry"
    game.submit("allied", "fire A1 X1; fire A1 X1")
    assert game.units["X1"].hex is None  # at 30:1 every single attack takes 2 or 3 SPs
    skipped = [e for e in game.events("allied") if e.kind == "not-carried-out"]
    assert len(skipped) == 1
    assert "no enemy unit you can see" in skipped[0].text


@pytest.mark.parametrize(("rule", "survives"), [("worst", True), ("sum", False)])
def test_combination_rule_of_a_unit_attack(rule: str, survives: bool) -> None:
    """COMBAT RESULTS TABLE, 'conducts a number of attacks equal to the unit's SPs, then ...
    determines the net result' (parameter ``combination``): at 30:1 each of A1's four single
    attacks takes 2 or 3 SPs; the worst of them leaves a 4-SP target alive, their sum does not."""
    game = make_game(combination=rule)
    game.units["AHQ"].kind = "infantry"  # the allied side keeps a combat unit either way
    game.units["XHQ"].kind = "infantry"
    game.units["A1"].attack_soft = 200.0
    game.submit("allied", "fire A1 X1")
    assert (game.units["X1"].hex is not None) is survives
