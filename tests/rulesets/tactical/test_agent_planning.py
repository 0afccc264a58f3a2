"""Where the computer opponent sends its units (docs/tactical.md, "The computer opponent"):
tanks beside an objective's infantry garrison go where they can fire, and an attacker spreads
its units over the enemy units rather than piling them onto the one its units already reach.
Each test builds a small position and compares the orders with the behaviour turned off."""

from __future__ import annotations

from typing import Any

import numpy as np

from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.ai import TacticalAgent

from .conftest import make_game, make_scenario


def _units(changes: dict[str, dict[str, Any]], *extra: dict[str, Any]) -> list[dict[str, Any]]:
    units = make_scenario().model_dump(mode="json")["units"]
    out = [{k: v for k, v in u.items() if v is not None} for u in units]
    for u in out:
        u.update(changes.get(u["id"], {}))
    return [*out, *extra]


def _unit(uid: str, side: str, kind: str, at: str, hq: str, sp: int = 4) -> dict[str, Any]:
    return {"id": uid, "side": side, "name": uid, "kind": kind, "at": at, "sp": sp,
            "morale": 7, "hq": hq}  # fmt: skip


def test_a_tank_beside_an_objectives_infantry_goes_where_it_can_fire() -> None:
    """The axis holds two objectives, 4,0 (open) and 4,1 (forest, 25 m: TERRAIN HEIGHT). An
    allied platoon at 4,3 is seen by the axis HQ but hidden from 4,0 by the forest between;
    from inside the forest (a unit in it sees at eye height, its own hex never blocking) the
    StuG would have it in its range of 6. The infantry platoon X1 garrisons 4,0 and stays; the
    StuG beside it is no garrison and moves into the forest objective to fire next turn. (The
    allied HQ is off the map, an Army HQ, so the StuG has nothing to fire at now.)"""
    stug = _unit("XT", "axis", "armor", "4,0", "XHQ", sp=2)
    army = {"id": "AHQ", "side": "allied", "name": "HQ", "kind": "hq", "sp": 1, "morale": 5,
            "hq_level": "army"}  # fmt: skip
    units = [u for u in _units({"A1": {"at": "4,3"}, "XHQ": {"at": "6,2"}}) if u["id"] != "AHQ"]
    forest_at_4_1 = ["........", "........", "........", "....F...", "........", "........"]
    game = make_game(
        units=[*units, army, stug],
        map={"terrain": forest_at_4_1},
        objectives=[
            {"at": "4,0", "vp": 10, "owner": "axis"},
            {"at": "4,1", "vp": 5, "owner": "axis"},
        ],
        first="axis",
    )
    assert game.board.terrain[Hex(4, 1)] == "forest"
    view = game.view("axis")
    assert [e["id"] for e in view.data["enemy_units"]] == ["A1"]
    assert not game.board.line_of_sight(Hex(4, 0), Hex(4, 3))
    assert game.board.line_of_sight(Hex(4, 1), Hex(4, 3))
    orders = TacticalAgent(game.ruleset, "axis").act(view, np.random.default_rng(0))
    moves = {a.unit: a.hex for a in orders.actions if a.verb == "move"}
    assert moves.get("XT") == Hex(4, 1)
    assert "X1" not in moves  # the garrison holds


def test_an_attacker_spreads_to_an_enemy_unit_no_other_unit_reaches() -> None:
    """Of a phase's attacks on one enemy unit the computer can count on the first only: the
    rest need a line of sight to every hex it may have fallen back to after a failed morale
    check (TERRAIN MORALE MODIFIERS; docs/rulings/tactical.md, morale). So a unit going for
    the objective 4,0 (held by X1) prefers a hex from which it also reaches X2 at 5,-2, which
    no other allied unit reaches, to the hex beside A1, from which it would reach X1 only."""
    game = make_game(
        units=_units(
            {},
            _unit("A2", "allied", "infantry", "2,0", "AHQ"),
            _unit("X2", "axis", "infantry", "5,-2", "XHQ"),
        ),
        objectives=[{"at": "4,0", "vp": 10, "owner": "axis"}],
        opportunity_fire=False,
    )
    x2, rifle_range = Hex(5, -2), 2
    sent = {}
    for share in (0.0, TacticalAgent.share):
        agent = TacticalAgent(game.ruleset, "allied")
        agent.share = share
        orders = agent.act(game.view("allied"), np.random.default_rng(0))
        sent[share] = next(a.hex for a in orders.actions if a.verb == "move" and a.unit == "A2")
    assert Hex(2, 1).distance(x2) > rifle_range  # A1 does not reach X2
    assert sent[TacticalAgent.share].distance(x2) <= rifle_range
    assert sent[0.0].distance(x2) > rifle_range  # without spreading it joins A1
