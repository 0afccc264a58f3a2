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
from tests.rulesets.tactical.helpers import (
    BASE,
    BOTH,
    NO_EFFECT,
    _dice,
    _events,
    _kinds,
    _own,
    _script,
    _told,
    _unit,
)

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


def _movers_fire(game: TacticalGame) -> list[str]:
    return [e.text.split()[0] for e in _events(game, "opportunity-fire")]


@pytest.mark.found_by_mutation
def test_opportunity_fire_best_odds_first_and_it_stops_when_the_mover_is_disrupted() -> None:
    """docs/rulings/tactical.md, Opportunity fire: best odds first; the fire stops when the
    mover is newly disrupted. A1 enters 3,1 beside X2 (soft attack 8 on A1's 4: 2:1) and X1
    (4 on 4: 1:1): X2 fires, then X1; when X2's first draw is 0.30 (a disruption on the 2:1
    line, 0.15 to 0.40), A1 is disrupted and X1 holds its fire."""
    units = [*BASE, _unit("X2", "axis", "infantry", "4,1", attack_soft=8.0)]
    game = make_game(units=units)
    _script(game)
    game.submit("allied", "move A1 3,1")
    assert _movers_fire(game) == ["X2", "X1"]
    game = make_game(units=units)
    _script(game, uniforms=[0.30, NO_EFFECT, NO_EFFECT, NO_EFFECT])
    game.submit("allied", "move A1 3,1")
    assert _movers_fire(game) == ["X2"]
    assert game.units["A1"].disrupted


@pytest.mark.found_by_mutation
def test_opportunity_fire_stops_when_a_disrupted_mover_is_driven_back() -> None:
    """docs/rulings/tactical.md, Opportunity fire: the fire stops when the mover is driven out
    of the hex, even one already disrupted (a disruption on it is a morale check). A1,
    disrupted, enters 3,1; X2's first draw 0.30 disrupts it again: a morale check, a d10 of 10
    fails, A1 falls back, and X1 does not fire at it."""
    units = [*BASE, _unit("X2", "axis", "infantry", "4,1", attack_soft=8.0)]
    game = make_game(units=units)
    game.units["A1"].disrupted = True
    _script(game, uniforms=[0.30, NO_EFFECT, NO_EFFECT, NO_EFFECT], die=10)
    game.submit("allied", "move A1 3,1")
    assert _movers_fire(game) == ["X2"]
    assert [e.text for e in _events(game, "morale-check")] == ["A1 breaks"]
    assert str(game.units["A1"].hex) != "3,1"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("ap", "fires"), [(40, True), (39, False)])
def test_opportunity_fire_needs_a_fire_actions_ap_left(ap: int, fires: bool) -> None:
    """docs/rulings/tactical.md, Opportunity fire: a unit fires with "at least the fire
    action's AP (40) left". X1 with exactly 40 AP fires at A1 entering 3,1; with 39 it does
    not."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "ap": ap}])
    _script(game)
    game.submit("allied", "move A1 3,1")
    assert _movers_fire(game) == (["X1"] if fires else [])


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("visibility", "fires"), [(2, True), (1, False)])
def test_opportunity_fire_reaches_exactly_the_visibility(visibility: int, fires: bool) -> None:
    """docs/rulings/tactical.md, Opportunity fire: the hex entered must be "within
    visibility". X1 at 5,0 (range 2) is 2 hexes from 3,1: it fires at A1 entering it with a
    visibility of 2, not of 1."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "at": "5,0"}], visibility=visibility)
    _script(game)
    game.submit("allied", "move A1 3,1")
    assert _movers_fire(game) == (["X1"] if fires else [])


@pytest.mark.found_by_mutation
def test_an_hq_never_opportunity_fires_even_armed_by_its_scenario() -> None:
    """docs/rulings/tactical.md, Opportunity fire: "every non-HQ unit". The axis HQ, given a
    soft attack of 4, 6 rounds and a range of 2 by the scenario, stands at 4,0 beside 3,1; X1
    is out of range at 7,0: A1 enters 3,1 unopposed."""
    hq = {**BASE[2], "at": "4,0", "attack_soft": 4.0, "ammo": 6, "range": 2}
    game = make_game(units=[BASE[0], BASE[1], hq, {**BASE[3], "at": "7,0"}])
    _script(game)
    game.submit("allied", "move A1 3,1")
    assert _movers_fire(game) == []
    assert str(game.units["A1"].hex) == "3,1"


@pytest.mark.found_by_mutation
def test_a_unit_already_disrupted_moves_on_when_nobody_fires_at_it() -> None:
    """docs/rulings/tactical.md (Opportunity fire, effect on the move): a move ends where the
    fire destroys the mover, drives it back or *newly* disrupts it. A1, disrupted before it
    moves, crosses 3,1 to 4,1 with nobody in reach (X1 far off at 7,0): it arrives (24 AP)."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "at": "7,0"}])
    game.units["A1"].disrupted = True
    game.submit("allied", "move A1 4,1")
    assert _told(game, "move") == [("A1 moves to 4,1 (24 AP)", frozenset({"allied"}))]
    assert "pinned" not in [e.kind for e in game.events()]


@pytest.mark.found_by_mutation
def test_a_disrupted_mover_driven_back_by_opportunity_fire_stops_there() -> None:
    """docs/rulings/tactical.md (Opportunity fire): a mover driven back by a failed morale
    check stops, and goes to ground; a Disruption result on a unit already disrupted is a
    morale check (COMBAT RESULTS TABLE). A1, disrupted, moves 2,1 -> 3,1 -> 4,1; entering 3,1
    beside X1 it draws X1's fire at 4 vs 4 (1:1: loss of 1 SP below .10, disruption to .25):
    draws of .20 disrupt it again, a d10 of 10 fails the check, and A1 falls back from 3,1 to
    2,1 (the first of the hexes farther from X1, none beside an enemy). Its move ends there,
    with 0 AP."""
    game = make_game()
    game.units["A1"].disrupted = True
    _dice(game, uniform=0.2, die=10)
    game.submit("allied", "move A1 4,1")
    assert _told(game, "pinned") == [("A1's move is stopped by opportunity fire at 3,1", BOTH)]
    assert _told(game, "retreat") == [("A1 retreats from 3,1 to 2,1", frozenset({"allied"}))]
    a1 = _own(game, "allied", "A1")
    assert (a1["hex"], a1["ap"]) == ("2,1", 0)


@pytest.mark.found_by_mutation
def test_a_unit_without_attack_never_opportunity_fires_even_at_least_odds_zero() -> None:
    """docs/rulings/tactical.md, Opportunity fire: a unit fires at a mover only at net odds of
    at least ``opportunity_fire_odds`` and above 0. X1 with a soft attack of 0 has odds 0 on
    A1 moving next to it (0 / 4), so even a scenario that sets the least odds to 0 sees no
    fire: X1 keeps its ammunition (6) and its AP (100)."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "attack_soft": 0.0}],
                     opportunity_fire_odds=0)  # fmt: skip
    game.submit("allied", "move A1 3,1")
    assert "opportunity-fire" not in _kinds(game)
    assert (game.units["X1"].ammo, game.units["X1"].ap) == (6, 100)


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("change", "least"), [({"ammo": 1}, None), ({}, 1.0)], ids=["last round", "least odds"]
)
def test_opportunity_fire_with_the_last_round_and_at_exactly_the_least_odds(
    change: dict[str, int], least: float | None
) -> None:
    """docs/rulings/tactical.md, Opportunity fire: a unit with ammunition fires at net odds of
    at least ``opportunity_fire_odds``. X1 with its last round fires at A1 entering 3,1; and
    with the least odds set to 1, X1's 4 against A1's 4 (1:1) is exactly enough."""
    game = make_game(units=[*BASE[:3], {**BASE[3], **change}], opportunity_fire_odds=least)
    game.submit("allied", "move A1 3,1")
    assert [e.kind for e in game.events()].count("opportunity-fire") == 1


@pytest.mark.found_by_mutation
def test_a_commander_with_exactly_the_fires_ap_lends_his_command_to_opportunity_fire() -> None:
    """The same at the boundary on opportunity fire (docs/rulings/tactical.md: "a stacked
    commander with 40 AP left lends Command"): the axis captain with exactly 40 AP in X1's hex
    adds 3 to X1's fire at A1 entering 3,1 (4 + 3 = 7)."""
    captain = {"id": "K", "side": "axis", "name": "Hptm", "at": "4,0", "leadership": 5,
               "command": 3, "ap": 40}  # fmt: skip
    game = make_game(commanders=[captain])
    game.submit("allied", "move A1 3,1")
    shot = next(e for e in game.events() if e.kind == "opportunity-fire")
    assert shot.receipt is not None
    assert (shot.receipt.inputs["command"], shot.receipt.inputs["net_attack"]) == (3, 7.0)


@pytest.mark.found_by_mutation
def test_the_rider_of_a_tank_pinned_by_opportunity_fire_goes_to_ground_with_it() -> None:
    """docs/rulings/tactical.md, Opportunity fire (a mover newly disrupted goes to ground: its
    AP drop to 0) and Riders (a rider has no more AP left than its tank). The tank T carrying R
    moves from 2,1 to 3,1, next to X1 (hard attack raised to 8); X1's opportunity fire (seed 2)
    disrupts T and does nothing to R: T is pinned at 3,1 and both have 0 AP left."""
    units = [BASE[0], {**BASE[1], "at": "0,3"}, BASE[2], {**BASE[3], "attack_hard": 8.0},
             _unit("T", "allied", "armor", "2,1"),
             _unit("R", "allied", "infantry", "2,1", mounted="tank")]  # fmt: skip
    game = make_game(seed=2, units=units)
    game.submit("allied", "move T 3,1")
    assert "T's move is stopped by opportunity fire at 3,1" in [e.text for e in game.events()]
    t, r = game.units["T"], game.units["R"]
    assert (t.disrupted, r.disrupted, r.carrier) == (True, False, "T")
    assert (t.ap, r.ap) == (0.0, 0.0)


@pytest.mark.found_at_call_site
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
