"""Tactical rules that a mutation of the game once changed without failing a test, each checked
where the game applies it, at its boundary (docs/testing.md, "Mutation testing"). Seed 002, the
parameter sheet; the map is the test map of conftest.py (axial hexes, 8x6, all open)."""

from __future__ import annotations

from typing import Any

from hexwar.rulesets.tactical.game import TacticalGame

from .conftest import make_game, make_scenario

BASE = make_scenario().model_dump(exclude_none=True)["units"]  # AHQ, A1, XHQ, X1


def _unit(uid: str, side: str, kind: str, at: str, **more: Any) -> dict[str, Any]:
    hq = "AHQ" if side == "allied" else "XHQ"
    return {"id": uid, "side": side, "name": uid, "kind": kind, "at": at, "sp": 4, "morale": 6,
            "hq": hq, **more}  # fmt: skip


def _hq(uid: str, side: str, level: str, at: str, boss: str | None = None) -> dict[str, Any]:
    return {"id": uid, "side": side, "name": uid, "kind": "hq", "at": at, "sp": 1, "morale": 5,
            "hq_level": level, **({"hq": boss} if boss else {})}  # fmt: skip


def _kinds(game: TacticalGame) -> list[str]:
    return [e.kind for e in game.events()]


def test_a_disruption_is_told_to_the_target_as_a_disrupted_event() -> None:
    """COMBAT RESULTS TABLE, disruption: A1's fire that only disrupts X1 (seed 2) is announced
    as the ``disrupted`` event, to the axis side only, and X1 is disrupted."""
    game = make_game(seed=2)
    game.submit("allied", "fire A1 X1")
    fire = next(e for e in game.events() if e.kind == "fire")
    assert fire.text.endswith(": disrupted")
    told = next(e for e in game.events() if e.kind == "disrupted")
    assert told.text == "X1 is disrupted"
    assert told.visible_to == frozenset({"axis"})


def test_a_unit_that_advances_after_an_assault_has_moved_and_does_not_dig_in() -> None:
    """docs/rulings/tactical.md, Improved positions: only a unit that did not move, *advance*
    or ride rolls its 10% to dig in at the end of its side's phase. A1 (soft attack raised to
    60) assaults the 1-SP X1 from 3,0, eliminates it and advances into 4,0: the end of the
    phase rolls for the allied HQ alone."""
    units = [BASE[0], {**BASE[1], "at": "3,0", "attack_soft": 60.0}, BASE[2],
             {**BASE[3], "sp": 1}, _unit("X2", "axis", "infantry", "7,0")]  # fmt: skip
    game = make_game(seed=1, units=units)
    game.submit("allied", "assault A1 X1")
    assert "advance" in _kinds(game)
    assert game.units["A1"].moved
    dig = next(e for e in game.events() if e.kind == "improved-position")
    assert dig.receipt is not None
    assert [r.label for r in dig.receipt.rolls] == ["AHQ improved position"]


def test_the_fire_receipt_gives_the_net_defense_to_four_places() -> None:
    """COMBAT: net defense is the unit's defense (plus 20 in a bunker); the receipt states it.
    X1 with defense 2.5 in the open: net defense 2.5 against A1's net attack 4."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "defense": 2.5}])
    game.submit("allied", "fire A1 X1")
    fire = next(e for e in game.events() if e.kind == "fire")
    assert fire.receipt is not None
    assert (fire.receipt.inputs["net_attack"], fire.receipt.inputs["net_defense"]) == (4.0, 2.5)


def test_a_move_that_runs_into_an_unseen_enemy_stops_and_is_told_as_contact() -> None:
    """Movement (docs/tactical.md): a unit cannot enter an enemy-held hex; a move that runs
    into an enemy its side did not see stops in the hex before, and both sides are told
    (``contact``). With visibility 1, A1 at 2,1 does not see X1 at 4,1 (2 hexes); ordered to
    5,1 along the straight line it stops at 3,1. Opportunity fire is off so that it alone
    stops the move."""
    units = [*BASE[:3], {**BASE[3], "at": "4,1"}]
    game = make_game(units=units, visibility=1, opportunity_fire=False)
    game.submit("allied", "move A1 5,1")
    contact = next(e for e in game.events() if e.kind == "contact")
    assert contact.text == "A1 runs into enemy units at 4,1 and stops at 3,1"
    assert "move" not in _kinds(game)
    assert str(game.units["A1"].hex) == "3,1"


def test_a_move_that_meets_no_enemy_is_told_to_its_own_side_only() -> None:
    """The same move with X1 out of the way (at 4,-1): A1 reaches 5,1 and only the allied side
    hears of it (``move``); no contact."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "at": "4,-1"}], visibility=1,
                     opportunity_fire=False)  # fmt: skip
    game.submit("allied", "move A1 5,1")
    move = next(e for e in game.events() if e.kind == "move")
    assert move.visible_to == frozenset({"allied"})
    assert "contact" not in _kinds(game)
    assert str(game.units["A1"].hex) == "5,1"


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


def test_a_rider_that_an_attack_only_disrupts_is_thrown_off() -> None:
    """docs/rulings/tactical.md, Riders under fire: a rider that *any* result touches is thrown
    off the tank. A1's fire at the tank T (seed 11) leaves T unharmed and only disrupts its
    rider R: R is thrown off, dismounted and disrupted."""
    units = [*BASE[:3],
             _unit("T", "axis", "armor", "4,0", sp=2),
             _unit("R", "axis", "infantry", "4,0", mounted="tank")]  # fmt: skip
    game = make_game(seed=11, units=units)
    game.submit("allied", "fire A1 T")
    strikes = [e.text for e in game.events() if e.kind == "fire"]
    assert strikes == ["A1 fires at T at 4,0: no effect",
                       "A1's fire also strikes R riding T at 4,0: disrupted"]  # fmt: skip
    rider = game.units["R"]
    assert (rider.carrier, rider.mounted, rider.disrupted) == (None, None, True)
    assert "riders-off" in _kinds(game)


def test_supply_is_drawn_top_down_so_an_hq_under_a_cut_off_superior_is_out() -> None:
    """SUPPLY RANGES: "An HQ that is out of supply cannot resupply any of its units", and HQs
    draw from their superiors top down (division, regiment, battalion) whatever order the
    scenario lists them in. The battalion HQ B is listed first, its regiment R second, R's
    division D last; D is destroyed, so at the next allied phase R is out of supply and B,
    although it stands next to R, is out too without a draw."""
    units = [_hq("B", "allied", "battalion", "1,1", "R"),
             _hq("R", "allied", "regiment", "1,0", "D"),
             _hq("D", "allied", "division", "0,0"), {**BASE[1], "hq": "B"}, *BASE[2:]]  # fmt: skip
    game = make_game(units=units)
    game.units["D"].sp = 0
    before = len(game.events())
    game.submit("allied", "")
    game.submit("axis", "")
    assert (game.units["R"].in_supply, game.units["B"].in_supply) == (False, False)
    assert not [e for e in game.events()[before:] if e.kind == "hq-supply"]


def test_an_army_hq_is_always_in_supply_even_under_a_lost_superior() -> None:
    """SUPPLY RANGES, "Army HQ: infinite": an army HQ is in supply whatever becomes of the HQ a
    scenario puts above it. Army HQ ARMY answers to the battalion HQ AHQ, which is destroyed:
    at the next allied phase ARMY is still in supply."""
    units = [BASE[0], _hq("ARMY", "allied", "army", "0,1", "AHQ"), *BASE[1:]]
    game = make_game(units=units)
    game.units["AHQ"].sp = 0
    game.submit("allied", "")
    game.submit("axis", "")
    assert game.units["ARMY"].in_supply is True


def test_fire_is_stopped_at_resolution_by_an_unseen_stack_across_the_line() -> None:
    """Parameter Data, "Minimum Non-Wreck Strength Points per Hex that Block LOS: 13": a stack
    of 13 SPs between the firer and its target blocks the shot, seen or not. With visibility
    1 the gun G at 0,0 (range 8) fires at X1 at 4,0, which A2 at 5,0 sees; the 13-SP X2 at 2,0,
    on the straight line between them, is 2 hexes from G and 3 from A2 and so unseen: the order
    is accepted, and at resolution the shot is refused for want of a line of sight (G keeps its
    4 rounds, X1 its 4 SPs)."""
    units = [{**BASE[0], "at": "0,5"}, _unit("G", "allied", "gun", "0,0"),
             _unit("A2", "allied", "infantry", "5,0"), BASE[2], BASE[3],
             _unit("X2", "axis", "infantry", "2,0", sp=13)]  # fmt: skip
    game = make_game(units=units, visibility=1)
    assert [e["id"] for e in game.view("allied").data["enemy_units"]] == ["X1"]
    game.submit("allied", "fire G X1")
    refused = next(e for e in game.events() if e.kind == "no-line-of-sight")
    assert refused.text == "fire G X1: no line of sight from 0,0 to 4,0"
    assert (game.units["G"].ammo, game.units["X1"].sp) == (4, 4)
