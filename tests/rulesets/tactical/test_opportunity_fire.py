"""Opportunity fire: units that kept a fire action's AP from their own phase fire at enemy
units moving in their range and sight (docs/rulings/tactical.md, "Opportunity fire"; the sheet's
action points and COMMANDERS/COMMAND: "provided the commander has at least as many Action
Points as that attack costs")."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core.events import Event
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.game import TacticalGame
from hexwar.rulesets.tactical.orders import Action
from hexwar.rulesets.tactical.plan import Planner

from .conftest import make_game


def _move(game: TacticalGame, unit: str, to: str, side: str = "allied") -> None:
    """Carry out one move inside the current phase (the phase does not end)."""
    planned = Planner(game.view(side).data, game.board).check(Action("move", unit, to))
    game._carry_out(side, planned)


def _shots(game: TacticalGame) -> list[Event]:
    return [e for e in game.events() if e.kind == "opportunity-fire"]


def test_a_unit_moving_into_range_and_sight_draws_opportunity_fire() -> None:
    """X1 (range 2, 100 AP left) fires at A1 as it enters 3,1: 40 AP and one round, the
    attack on the CRT at the odds of the hex entered (open: 4 vs 4), seen by both sides."""
    game = make_game()
    _move(game, "A1", "3,1")
    (shot,) = _shots(game)
    assert shot.receipt is not None
    assert shot.receipt.inputs["attacker"] == "X1"
    assert shot.receipt.inputs["target"] == "A1"
    assert shot.receipt.inputs["net_attack"] == 4.0
    assert shot.receipt.inputs["net_defense"] == 4.0
    assert shot.receipt.row == "1:1"
    assert "moving into 3,1 (opportunity fire)" in shot.text
    assert shot in game.events("allied")
    assert shot in game.events("axis")
    assert game.units["X1"].ap == 60
    assert game.units["X1"].ammo == 5


def test_no_opportunity_fire_at_a_move_out_of_range() -> None:
    game = make_game()
    _move(game, "A1", "1,1")  # three hexes from X1, whose range is 2
    assert _shots(game) == []
    assert game.units["X1"].ap == 100


def _no_ap(g: TacticalGame) -> None:
    g.units["X1"].ap = 39


def _disrupted(g: TacticalGame) -> None:
    g.units["X1"].disrupted = True


def _no_ammo(g: TacticalGame) -> None:
    g.units["X1"].ammo = 0


def _riding(g: TacticalGame) -> None:
    g.units["X1"].mounted = "transport"


def _poor_odds(g: TacticalGame) -> None:
    g.units["X1"].attack_soft = 1.0  # 1 vs 4: below the least odds of 1:2


def _smoke_between(g: TacticalGame) -> None:
    g.smoke[Hex(3, 1)] = "allied"  # on the line from 4,0 to 2,2


@pytest.mark.parametrize(
    ("why", "setup", "changes", "to"),
    [
        ("fewer AP than a fire action", _no_ap, {}, "3,1"),
        ("disrupted", _disrupted, {}, "3,1"),
        ("out of ammunition", _no_ammo, {}, "3,1"),
        ("riding a vehicle", _riding, {}, "3,1"),
        ("odds below 1:2", _poor_odds, {}, "3,1"),
        ("no line of sight (smoke)", _smoke_between, {}, "2,2"),
        ("rule off in the scenario", None, {"opportunity_fire": False}, "3,1"),
        ("scenario asks for 2:1", None, {"opportunity_fire_odds": 2.0}, "3,1"),
    ],
)
def test_who_holds_fire(why: str, setup: Any, changes: dict[str, Any], to: str) -> None:
    game = make_game(**changes)
    if setup is not None:
        setup(game)
    _move(game, "A1", to)
    assert _shots(game) == [], why
    assert game.units["A1"].hex == Hex.from_str(to)


def test_each_enemy_fires_once_per_move_and_again_at_a_later_move_while_its_ap_last() -> None:
    """A1 crosses three hexes next to X1 in one move: one shot. Its next move draws a second
    shot; X1 is then down to 20 AP and holds fire. (1 vs 8 is the 1:6 line: no effect.)"""
    game = make_game(opportunity_fire_odds=0.0)
    game.units["X1"].attack_soft = 0.5
    _move(game, "A1", "6,0")
    assert game.units["A1"].hex == Hex(6, 0)
    assert len(_shots(game)) == 1
    assert game.units["X1"].ap == 60
    _move(game, "A1", "5,1")
    assert len(_shots(game)) == 2
    assert game.units["X1"].ap == 20
    _move(game, "A1", "4,1")
    assert len(_shots(game)) == 2


def test_commanders_moving_alone_draw_no_fire() -> None:
    leader = {"id": "C", "side": "allied", "name": "Cpt", "at": "2,1", "leadership": 7,
              "command": 1}  # fmt: skip
    game = make_game(commanders=[leader])
    _move(game, "C", "3,1")
    assert _shots(game) == []


def test_a_stacked_commander_with_the_ap_lends_his_command_to_opportunity_fire() -> None:
    """COMMANDERS, COMMAND, for the non-moving side: the commander spends the 40 AP too."""
    leader = {"id": "K", "side": "axis", "name": "Hptm", "at": "4,0", "leadership": 7,
              "command": 2}  # fmt: skip
    game = make_game(commanders=[leader])
    _move(game, "A1", "3,1")
    (shot,) = _shots(game)
    assert shot.receipt is not None
    assert shot.receipt.inputs["command"] == 2
    assert shot.receipt.inputs["net_attack"] == 6.0
    assert game.commanders["K"].ap == 60


def test_opportunity_fire_that_destroys_the_last_combat_unit_ends_the_game() -> None:
    game = make_game()
    game.units["A1"].sp = 1
    game.units["X1"].attack_soft = 200.0  # beyond 30:1: every single attack takes 2 or 3 SPs
    _move(game, "A1", "6,0")
    assert game.units["A1"].hex is None
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner == "axis"


def test_a_mover_disrupted_or_driven_back_stops_and_goes_to_ground() -> None:
    """The move ends where the fire stopped it (X1 fires once, at 3,1, the first hex A1 enters)
    and the unit has no AP left this phase."""
    stopped = 0
    for seed in range(40):
        game = make_game(seed=seed)
        _move(game, "A1", "6,0")
        a1 = game.units["A1"]
        if a1.alive and a1.hex != Hex(6, 0):
            stopped += 1
            assert a1.disrupted
            assert a1.ap == 0
            (pinned,) = [e for e in game.events("axis") if e.kind == "pinned"]
            # the hex the fire hit; a retreat from it stays the allied side's own knowledge
            assert pinned.text == "A1's move is stopped by opportunity fire at 3,1"
        elif a1.alive:
            assert a1.ap == 100 - 48  # four open hexes
    assert stopped > 0
