"""Tactical rules checked where the game applies them, each at a point a mutation of the rules
once passed every test (docs/testing.md, "Mutation testing"). Seed 002, the parameter sheet."""

from __future__ import annotations

import numpy as np
import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.combat import resolve_many
from hexwar.rulesets.tactical.orders import Action
from hexwar.rulesets.tactical.plan import Planner
from hexwar.rulesets.tactical.tables import sheet

from .conftest import make_game

# Seed 002, COMBAT RESULTS TABLE, the 3:1 row: loss 3, loss 2, loss 1, disruption, morale check.
ROW_3_1 = (0.0, 0.05, 0.15, 0.25, 0.30)


def test_the_fire_receipt_numbers_each_sp_attack_and_uses_the_soft_attack() -> None:
    """COMBAT: one CRT draw per SP of the attacker (A1 has 4), numbered from 1; against a soft
    target the attack is the unit's soft attack (infantry: 4 soft, 1 hard)."""
    game = make_game()
    game.submit("allied", "fire A1 X1")
    fire = next(e for e in game.events() if e.kind == "fire")
    assert fire.receipt is not None
    labels = [r.label for r in fire.receipt.rolls if r.label.startswith("SP attack")]
    assert labels == ["SP attack 1", "SP attack 2", "SP attack 3", "SP attack 4"]
    assert fire.receipt.inputs["target_type"] == "soft"
    assert fire.receipt.inputs["base_attack"] == 4.0


def test_a_commander_lends_command_to_opportunity_fire_only_from_its_own_hex() -> None:
    """COMMANDERS, COMMAND (docs/rulings/tactical.md, "Opportunity fire"): the commander must be
    stacked with the firing unit; the axis captain back at the HQ adds nothing to X1's fire at
    A1 entering 3,1 (4 vs 4, no command)."""
    away = {"id": "K", "side": "axis", "name": "Hptm", "at": "7,-3", "leadership": 8,
            "command": 3}  # fmt: skip
    game = make_game(commanders=[away])
    planned = Planner(game.view("allied").data, game.board).check(Action("move", "A1", "3,1"))
    game._carry_out("allied", planned)
    shot = next(e for e in game.events() if e.kind == "opportunity-fire")
    assert shot.receipt is not None
    assert (shot.receipt.inputs["command"], shot.receipt.inputs["net_attack"]) == (0, 4.0)
    assert game.commanders["K"].ap == 100


def test_the_break_point_counts_combat_units_only() -> None:
    """docs/tactical.md, Winning: a side breaks on the SPs its combat units (not HQs) lost."""
    game = make_game()
    game.units["AHQ"].sp = 0
    game.units["A1"].sp = 3
    assert game.combat_losses("allied") == (1, 4)


def test_each_unit_that_cannot_retreat_adds_a_lost_sp(monkeypatch: pytest.MonkeyPatch) -> None:
    """MORALE: a unit that fails its check and has nowhere to fall back loses 1 SP; the SPs a
    side lost add up (they score victory points for the enemy)."""
    game = make_game()
    game.lost["axis"] = 2
    x1 = game.units["X1"]
    x1.improved = True
    # every way out impassable
    monkeypatch.setattr(type(game.board), "step_cost", lambda *_: None)
    game._retreat(x1, Hex.from_str("2,1"))
    assert game.lost["axis"] == 3
    assert x1.sp == 3
    assert x1.improved is False


def test_state_hash_tells_wrecks_apart_by_hex() -> None:
    """A wreck is a fact of the map (WRECKS): two games that differ only in where it lies are
    different games."""
    one, other = make_game(), make_game()
    one.wrecks = {Hex.from_str("3,1"): 1}
    other.wrecks = {Hex.from_str("3,2"): 1}
    assert one.state_hash() != other.state_hash()


def test_vectorised_sum_rule_disrupts_as_often_as_the_table_says() -> None:
    """COMBAT RESULTS TABLE, the sum rule through ``resolve_many`` (the computer player's
    resolution): three single attacks at 3:1 disrupt unless none draws disruption:
    1 - (1 - 0.25)^3 = 0.578."""
    assert sheet().crt.chances_at(3.0) == pytest.approx(ROW_3_1)
    n = 200_000
    _, dis, _ = resolve_many(np.full(n, 3.0), np.full(n, 3), np.random.default_rng(6), "sum")
    assert dis.mean() == pytest.approx(1 - 0.75**3, abs=0.005)


def test_vectorised_unit_with_fewer_sps_draws_only_its_own_attacks() -> None:
    """COMBAT: one draw per SP. A 1-SP unit resolved beside 3-SP units makes a single attack at
    3:1: a 2-SP loss with chance 0.05, a 1-SP loss with chance 0.15, never 3."""
    n = 200_000
    sps = np.tile([1, 3], n // 2)
    loss, _, _ = resolve_many(np.full(n, 3.0), sps, np.random.default_rng(7), "worst")
    single = loss[sps == 1]
    assert (single == 3).mean() == 0.0
    assert (single == 2).mean() == pytest.approx(0.05, abs=0.004)
    assert (single == 1).mean() == pytest.approx(0.15, abs=0.005)


def test_a_refused_action_is_named_once_with_its_rule() -> None:
    """An illegal action names its place in the order, the action and the rule, once."""
    game = make_game()
    with pytest.raises(IllegalOrderError) as info:
        game.submit("allied", "move A1 3,0; fire X1 A1")
    assert str(info.value) == (
        "action 2 of 2: fire X1 A1: 'X1' is none of your units or commanders on the map [own units]"
    )


def test_the_morale_check_receipt_lists_the_terrain_modifiers() -> None:
    """TERRAIN MORALE MODIFIERS: a unit in an improved position in the open checks at
    -1 (open) +1 (improved position); the receipt lists both parts."""
    game = make_game()
    x1 = game.units["X1"]
    x1.improved = True
    _, receipt = game._morale_check(x1, "X1 morale")
    assert [(m.name, m.value) for m in receipt.modifiers] == [
        ("open", "-1"),
        ("improved position", "+1"),
    ]
    (roll,) = receipt.rolls
    assert receipt.result == f"d10 {roll.value} vs 6: {'pass' if roll.value <= 6 else 'fail'}"


def test_a_side_sees_the_hq_of_each_of_its_units_and_the_hqs_supply() -> None:
    """COMMAND CONTROL and SUPPLY: each unit answers to an HQ, and the side's view says which;
    it shows the supply state of its HQs (a combat unit's is in the HQ's)."""
    units = {u["id"]: u for u in make_game().view("allied").data["units"]}
    assert (units["A1"]["hq"], units["AHQ"]["hq"]) == ("AHQ", None)
    assert (units["AHQ"]["in_supply"], units["A1"]["in_supply"]) == (True, None)
