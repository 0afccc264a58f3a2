"""Tactical rules that a mutation of the game once changed without failing a test, each checked
where the game applies it, at its boundary (docs/testing.md, "Mutation testing"). Seed 002, the
parameter sheet; the map is the test map of conftest.py (axial hexes, 8x6, all open)."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.combat import NONE, RESULTS
from hexwar.rulesets.tactical.game import TacticalGame
from hexwar.rulesets.tactical.tables import sheet

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


# -- the second sample (400 mutants of tables, combat, morale and game) ---------------------


class _Rolling:
    """The game's dice, but every die shows ``value``."""

    def __init__(self, dice: object, value: int) -> None:
        self._dice, self._value = dice, value

    def die(self, label: str, sides: int = 6) -> int:
        return self._value

    def __getattr__(self, name: str) -> Any:
        return getattr(self._dice, name)


def _rolling(game: TacticalGame, value: int) -> None:
    game.dice = _Rolling(game.dice, value)  # type: ignore[assignment]


@pytest.mark.parametrize(("roll", "holds"), [(5, True), (6, False)])
def test_a_morale_check_passes_on_a_d10_at_most_morale_plus_the_terrain(
    roll: int, holds: bool
) -> None:
    """MORALE: a d10 at or under the morale plus the TERRAIN MORALE MODIFIER passes. X1
    (morale 6) in the open (-1) needs at most 5: a 5 holds, a 6 breaks (disrupted, it falls
    back from A1)."""
    game = make_game()
    x1 = game.units["X1"]
    _rolling(game, roll)
    game._apply_result(x1, 0, False, True, game.units["A1"].hex)  # type: ignore[arg-type]
    told = [e.text for e in game.events() if e.kind == "morale-check"]
    assert told == [f"X1 {'holds' if holds else 'breaks'}"]
    assert x1.disrupted is not holds
    assert (str(x1.hex) == "4,0") is holds


def _losses(game: TacticalGame, allied: int, axis: int) -> None:
    game.units["A1"].sp -= allied
    game.units["X1"].sp -= axis


@pytest.mark.parametrize(
    ("allied", "axis", "winner", "reason"),
    [
        (1, 0, None, None),
        (2, 0, "axis", "allied breaks: its combat units lost 2 of 4 SPs (break point 50%)"),
        (3, 2, "axis", "allied breaks: its combat units lost 3 of 4 SPs (break point 50%)"),
        (2, 3, "allied", "axis breaks: its combat units lost 3 of 4 SPs (break point 50%)"),
        (2, 2, None, "allied breaks: its combat units lost 2 of 4 SPs (break point 50%); "
                     "so does the other side: a draw"),
    ],
)  # fmt: skip
def test_a_side_breaks_at_its_break_point_and_the_larger_share_loses(
    allied: int, axis: int, winner: str | None, reason: str | None
) -> None:
    """docs/tactical.md, Winning: at the end of a phase a side whose combat units lost at least
    ``break_percent`` % of their starting SPs breaks and loses; if both do, the one that lost
    the larger share; equal shares, a draw. Break point 50%, 4 SPs a side: 1 lost is not
    enough, 2 (exactly 50%) is."""
    game = make_game(break_percent=50)
    _losses(game, allied, axis)
    game.submit("allied", "")
    outcome = game.outcome()
    if reason is None:
        assert outcome is None
        assert game.mover == "axis"  # the game goes on
    else:
        assert outcome is not None
        assert (outcome.winner, outcome.reason) == (winner, reason)


def test_each_enemy_sp_lost_scores_a_victory_point() -> None:
    """docs/tactical.md, Winning: victory points are objectives held plus enemy SPs
    eliminated, 1 VP each (rules.toml ``vp_per_sp``). Axis lost 3 SPs, allied 1."""
    game = make_game()
    game.lost["axis"], game.lost["allied"] = 3, 1
    assert game.score() == {"allied": 3, "axis": 1}


def test_a_commander_with_exactly_the_attacks_ap_lends_his_command() -> None:
    """COMMANDERS, COMMAND: "provided the commander has at least as many Action Points as that
    attack costs". A captain with 40 AP (a fire costs 40) stacked with A1 adds his Command 3:
    net attack 4 + 3 = 7."""
    captain = {"id": "K", "side": "allied", "name": "Capt", "at": "2,1", "leadership": 5,
               "command": 3, "ap": 40}  # fmt: skip
    game = make_game(commanders=[captain])
    game.submit("allied", "fire A1 X1")
    fire = next(e for e in game.events() if e.kind == "fire")
    assert fire.receipt is not None
    assert (fire.receipt.inputs["command"], fire.receipt.inputs["net_attack"]) == (3, 7.0)


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


def test_a_target_in_an_improved_position_is_harder_to_hit() -> None:
    """TERRAIN COMBAT MODIFIERS: an improved position multiplies the attack on the unit in it
    by .75: A1's 4 on X1 dug in becomes 3."""
    game = make_game()
    game.units["X1"].improved = True
    game.submit("allied", "fire A1 X1")
    fire = next(e for e in game.events() if e.kind == "fire")
    assert fire.receipt is not None
    assert fire.receipt.inputs["net_attack"] == 3.0


def test_a_unit_that_moves_leaves_its_improved_position() -> None:
    """docs/rulings/tactical.md, Improved positions: "moving or retreating loses the
    position"."""
    game = make_game(opportunity_fire=False)
    game.units["A1"].improved = True
    game.submit("allied", "move A1 2,2")
    assert game.units["A1"].improved is False


def test_an_enemy_commander_is_shown_only_where_an_enemy_unit_is_seen() -> None:
    """Fog of war (docs/tactical.md): a side sees an enemy commander only stacked with an enemy
    unit it sees. With visibility 4 the allies see X1 (2 hexes from A1) but not the axis HQ
    at 7,-3 (5): the major with X1 is shown, the colonel at the HQ is not."""
    bosses = [{"id": "M", "side": "axis", "name": "Maj", "at": "4,0", "leadership": 5,
               "command": 1},
              {"id": "C", "side": "axis", "name": "Col", "at": "7,-3", "leadership": 5,
               "command": 1}]  # fmt: skip
    game = make_game(commanders=bosses, visibility=4)
    shown = [(c["id"], c["name"], c["hex"]) for c in game.view("allied").data["enemy_commanders"]]
    assert shown == [("M", "Maj", "4,0")]


def test_laying_smoke_spends_one_smoke_round() -> None:
    """SMOKE (the sheet's unit smoke rounds): a gun with 3 smoke rounds lays smoke on 3,0 and
    has 2 left."""
    units = [*BASE, _unit("G", "allied", "gun", "1,1", smoke=3)]
    game = make_game(units=units)
    game.submit("allied", "smoke G 3,0")
    assert game.units["G"].smoke == 2


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


@pytest.mark.parametrize(("allied_lost", "axis_lost", "winner"), [(2, 1, "allied"), (1, 2, "axis")])
def test_after_the_last_turn_the_side_with_more_victory_points_wins(
    allied_lost: int, axis_lost: int, winner: str
) -> None:
    """docs/tactical.md, Winning: after the last turn the side with more VP wins, whichever it
    is. One turn; axis lost 2 SPs and allied 1: allied 2 VP to 1 (and the other way round)."""
    game = make_game(turns=1)
    game.lost["allied"], game.lost["axis"] = axis_lost, allied_lost
    game.submit("allied", "")
    game.submit("axis", "")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner == winner


def test_a_side_sees_its_own_commanders_only_among_its_commanders() -> None:
    """Fog of war: the list of a side's own commanders holds its own only; the axis captain,
    even on a hex the allies see, appears among the enemy commanders, not there."""
    bosses = [{"id": "M", "side": "axis", "name": "Maj", "at": "4,0", "leadership": 5,
               "command": 1},
              {"id": "L", "side": "allied", "name": "Lt", "at": "2,1", "leadership": 5,
               "command": 1}]  # fmt: skip
    view = make_game(commanders=bosses).view("allied").data
    assert [c["id"] for c in view["commanders"]] == ["L"]
    assert [c["hex"] for c in view["commanders"]] == ["2,1"]


@pytest.mark.parametrize("part", ["unit", "smoke"])
def test_state_hash_tells_apart_where_a_unit_or_a_smoke_screen_is(part: str) -> None:
    """A unit's hex and a smoke screen's hex are facts of the game: two games that differ only
    in them are different games (the state hash, docs/architecture.md)."""
    one, other = make_game(), make_game()
    if part == "unit":
        one.units["A1"].hex = Hex.from_str("2,2")
        other.units["A1"].hex = Hex.from_str("3,1")
    else:
        one.smoke = {Hex.from_str("3,0"): "allied"}
        other.smoke = {Hex.from_str("3,1"): "allied"}
    assert one.state_hash() != other.state_hash()


@pytest.mark.parametrize(
    ("special", "roll", "holds"),
    [("pillbox", 9, True), ("pillbox", 10, False), ("bunker", 9, True)],
)
def test_a_unit_in_a_pillbox_or_bunker_checks_morale_at_plus_four(
    special: str, roll: int, holds: bool
) -> None:
    """TERRAIN MORALE MODIFIERS: "Bunker/Pillbox: +4**" on top of the open's -1: X1 (morale
    6) in a pillbox or bunker in the open holds on a d10 of at most 6 - 1 + 4 = 9."""
    game = make_game(map={"specials": [{"at": "4,0", "kind": special}]})
    x1 = game.units["X1"]
    _rolling(game, roll)
    game._apply_result(x1, 0, False, True, game.units["A1"].hex)  # type: ignore[arg-type]
    told = [e.text for e in game.events() if e.kind == "morale-check"]
    assert told == [f"X1 {'holds' if holds else 'breaks'}"]


@pytest.mark.parametrize(("command_control", "side", "range_50"), [(False, "allied", 8),
                                                                   (True, "axis", 7)])  # fmt: skip
def test_an_hq_without_its_leader_has_the_sheets_50_percent_range(
    command_control: bool, side: str, range_50: int
) -> None:
    """SUPPLY RANGES: "Battalion HQ: 8"; with Command Control, VARIED HQ RANGES (German, 1944:
    BTLN 7), raised only by the Leadership of a leader stacked with "his" HQ -- none here. The
    side's view shows its battalion HQ's 50% range."""
    game = make_game(command_control=command_control)
    hq = next(u for u in game.view(side).data["units"] if u["kind"] == "hq")
    assert hq["range_50"] == range_50


def test_a_side_reads_its_units_and_the_enemy_it_sees_under_the_views_names() -> None:
    """Fog of war and the view (docs/tactical.md): what a side knows of its own units (name,
    starting SPs, morale with leadership -- LEADERSHIP: a leader of 5 with a unit of morale 6
    raises it by one, to 7 --, attacks, smoke rounds, HQ level, riding, disruption), of the
    enemy units it sees (riding, disruption), its commanders by name, the break point and the
    score, each under the name front ends and the computer player read."""
    lieutenant = {"id": "L", "side": "allied", "name": "Lt", "at": "2,1", "leadership": 5,
                  "command": 1}  # fmt: skip
    view = make_game(commanders=[lieutenant], break_percent=40).view("allied").data
    a1 = next(u for u in view["units"] if u["id"] == "A1")
    assert {k: a1[k] for k in ("name", "max_sp", "led_morale", "attack_hard", "smoke",
            "hq_level", "mounted", "disrupted")} == {"name": "A1", "max_sp": 4,
            "led_morale": 7, "attack_hard": 1.0, "smoke": 0, "hq_level": None,
            "mounted": None, "disrupted": False}  # fmt: skip
    ahq = next(u for u in view["units"] if u["id"] == "AHQ")
    assert ahq["hq_level"] == "battalion"
    x1 = next(u for u in view["enemy_units"] if u["id"] == "X1")
    assert (x1["name"], x1["mounted"], x1["disrupted"]) == ("X1", None, False)
    assert [c["name"] for c in view["commanders"]] == ["Lt"]
    assert (view["break_percent"], view["score"]) == (40, {"allied": 0, "axis": 0})


def test_mounting_and_dismounting_are_told_as_such() -> None:
    """docs/rulings/tactical.md, Riders: ``mount UNIT TANK`` puts infantry in the tank's hex
    onto it, ``dismount`` puts it off; each is its own event (``mount``, ``dismount``)."""
    units = [*BASE, _unit("T", "allied", "armor", "2,1", sp=2), _unit("R", "allied", "infantry",
             "1,1")]  # fmt: skip
    game = make_game(units=units, opportunity_fire=False)
    game.submit("allied", "move R 2,1; mount R T")
    assert [e.text for e in game.events() if e.kind == "mount"] == ["R mounts T at 2,1"]
    game.submit("axis", "")
    game.submit("allied", "dismount R")
    assert [e.text for e in game.events() if e.kind == "dismount"] == ["R dismounts at 2,1"]


def test_an_assault_that_removes_the_last_combat_unit_ends_the_game_once() -> None:
    """docs/tactical.md, Winning: a side left without combat units (only HQs) loses at once.
    A1 (soft attack raised to 60) assaults the 1-SP X1, the axis side's only combat unit,
    from 3,0 and eliminates it: one ``game-over`` event, the last of the game (no end-of-phase
    dig-in roll after it), allied the winner."""
    units = [BASE[0], {**BASE[1], "at": "3,0", "attack_soft": 60.0}, BASE[2],
             {**BASE[3], "sp": 1}]  # fmt: skip
    game = make_game(seed=1, units=units)
    game.submit("allied", "assault A1 X1")
    kinds = _kinds(game)
    assert kinds.count("game-over") == 1
    assert kinds[-1] == "game-over"
    assert "improved-position" not in kinds
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == ("allied", "axis has no combat units left")


def test_an_objective_taken_is_told_to_both_sides_as_objective() -> None:
    """docs/tactical.md, Winning: an objective belongs to the last side alone in it, checked at
    the end of the phase. A1 moves onto the objective at 3,1 (nobody's): both sides hear
    ``allied takes objective 3,1``."""
    game = make_game(objectives=[{"at": "3,1", "vp": 10}], opportunity_fire=False)
    game.submit("allied", "move A1 3,1")
    told = [(e.text, e.visible_to) for e in game.events() if e.kind == "objective"]
    assert told == [("allied takes objective 3,1", frozenset({"*"}))]


def test_a_failed_morale_check_is_told_to_the_retreating_side_as_retreat() -> None:
    """TERRAIN MORALE MODIFIERS, docs/rulings/tactical.md (Retreat): X1 with morale 1 fails
    every check (d10 <= 1 - 1 never holds); A1's fire (seed 9) calls for a morale check and
    X1 retreats one hex farther from A1 at 2,1 (from 2 hexes to 3); the axis side is told."""
    game = make_game(seed=9, units=[*BASE[:3], {**BASE[3], "morale": 1}])
    game.submit("allied", "fire A1 X1")
    (retreat,) = [e for e in game.events() if e.kind == "retreat"]
    assert retreat.text.startswith("X1 retreats from 4,0 to ")
    assert retreat.visible_to == frozenset({"axis"})
    x1 = game.units["X1"].hex
    assert x1 is not None
    assert x1.distance(Hex.from_str("2,1")) == 3


def test_riders_of_a_destroyed_tank_are_told_as_riders_off() -> None:
    """docs/rulings/tactical.md, Riders: the riders of a tank that is destroyed get off in its
    hex. A1 (hard attack raised to 60) destroys the 1-SP tank T carrying R (seed
    1): both sides hear that R is thrown off T because it is destroyed."""
    units = [BASE[0], {**BASE[1], "attack_hard": 60.0}, BASE[2],
             _unit("T", "axis", "armor", "4,0", sp=1),
             _unit("R", "axis", "infantry", "4,0", mounted="tank")]  # fmt: skip
    game = make_game(seed=1, units=units)
    game.submit("allied", "fire A1 T")
    off = [e for e in game.events() if e.kind == "riders-off"]
    assert (off[0].text, off[0].visible_to) == (
        "R is thrown off T at 4,0 (it is destroyed) and is disrupted",
        frozenset({"*"}),
    )
    # The same fire then strikes R, who was riding T when it came: the strike names T, and R,
    # already off, is not thrown off a second time.
    assert len(off) == 1
    (strike,) = [e for e in game.events() if e.kind == "fire" and "also strikes" in e.text]
    assert strike.text.startswith("A1's fire also strikes R riding T at 4,0: ")
    assert strike.receipt is not None
    assert strike.receipt.inputs["riding"] == "T"


def test_an_enemy_commander_alone_in_a_hex_a_unit_moves_into_is_captured() -> None:
    """docs/rulings/tactical.md: "A commander alone in a hex that an enemy unit enters is
    captured (removed)." The axis captain K stands alone at 3,1; A1 moves from 2,1 into it
    (opportunity fire off): K is captured, off the map (no hex), and both sides are told."""
    captain = {"id": "K", "side": "axis", "name": "Hauptmann", "at": "3,1", "leadership": 5,
               "command": 3, "ap": 100}  # fmt: skip
    game = make_game(commanders=[captain], opportunity_fire=False)
    game.submit("allied", "move A1 3,1")
    k = game.commanders["K"]
    assert (k.fate, k.hex) == ("captured", None)
    told = [(e.text, e.visible_to) for e in game.events() if e.kind == "commander-lost"]
    assert told == [("commander Hauptmann is captured at 3,1", frozenset({"*"}))]


def test_odds_beyond_the_last_crt_row_use_that_row_on_every_path() -> None:
    """COMBAT RESULTS TABLE: the last row is 30:1 (loss 3 90%, loss 2 10%); odds beyond it
    (40:1) use that row, in the vectorised resolution (``cumulative_columns``, what
    ``resolve_many`` draws against: 90%, then 100%) and the computer player's estimate
    (``chances_at``), as in the game's own lookup."""
    crt = sheet().crt
    last = [0.9, 0.1, 0.0, 0.0, 0.0]
    assert list(crt.chances_at([40.0])[0]) == pytest.approx(last, abs=1e-12)
    cumulative = [float(c[0]) for c in crt.cumulative_columns([40.0])]
    assert cumulative == pytest.approx([0.9, 1.0, 1.0, 1.0, 1.0], abs=1e-12)
    found = crt.lookup(40.0, 1.0)
    assert [found.values[c] for c in RESULTS[:NONE]] == pytest.approx(last, abs=1e-12)


def test_a_scenarios_mortar_fires_without_its_own_line_of_sight() -> None:
    """docs/tactical.md (units): a unit marked ``indirect`` in the scenario (a mortar) fires at
    what its side sees, without its own line of sight. Forest at 3,0 and 3,1 hides X1 at 4,0
    from A1 at 2,1; A2 at 4,2 sees X1. A1 given ``indirect = true`` by the scenario fires (one
    round of its 6 spent)."""
    rows = ["." * 8] * 6
    rows[1] = "...F...."  # 3,0
    rows[2] = "...F...."  # 3,1
    a2 = {**BASE[1], "id": "A2", "name": "A2", "at": "4,2"}
    units = [BASE[0], {**BASE[1], "indirect": True}, BASE[2], BASE[3], a2]
    game = make_game(map={"terrain": rows}, units=units, opportunity_fire=False)
    game.submit("allied", "fire A1 X1")
    assert game.units["A1"].ammo == 5
    assert "fire" in _kinds(game)


@pytest.mark.parametrize(("a2_sp", "ap"), [(8, 8), (9, 12)])
def test_a_move_onto_a_road_hex_counts_the_sps_stacked_there_with_the_mover(
    a2_sp: int, ap: int
) -> None:
    """Parameter Data: "more than this number of SPs in the hex negates any road" (12). A1
    (4 SP, on foot) moves along the road 2,1 -> 3,0 onto A2: with 8 SP there the hex holds 12
    and the road costs 8 AP (rules.toml, foot: road 8); with 9 SP it holds 13, the road is
    negated and the step costs open ground's 12."""
    a2 = {**BASE[1], "id": "A2", "name": "A2", "at": "3,0", "sp": a2_sp}
    game = make_game(map={"roads": [["2,1", "3,0"]]}, units=[*BASE, a2], opportunity_fire=False)
    game.submit("allied", "move A1 3,0")
    assert game.units["A1"].ap == 100 - ap
    move = next(e for e in game.events() if e.kind == "move")
    assert move.text == f"A1 moves to 3,0 ({ap} AP)"


@pytest.mark.parametrize(("curve", "chance"), [("linear", 0.8125), ("inverse", 1.0)])
def test_the_scenarios_supply_curve_sets_the_resupply_chance_in_play(
    curve: str, chance: float
) -> None:
    """SUPPLY RANGES, docs/rulings/tactical.md (the chance formula, ``supply_curve``): A1 out
    of ammunition, 3 hexes from its battalion HQ (50% range 8), which is stacked with its
    regiment HQ (in supply for certain). At the start of the allied phase of turn 2 the attempt
    has 1 - 0.5 x 3 / 8 = 81.25% on the linear curve, 0.5 x 8 / 3 capped at 100% on the
    inverse one."""
    top = _hq("TOP", "allied", "regiment", "0,0")
    units = [top, {**BASE[0], "hq": "TOP"}, *BASE[1:]]
    game = make_game(units=units, supply_curve=curve)
    game.units["A1"].ammo = 0
    game.submit("allied", "pass")
    game.submit("axis", "pass")
    attempt = next(e for e in game.events() if e.kind == "resupply")
    assert attempt.receipt is not None
    assert attempt.receipt.inputs["distance"] == 3
    assert attempt.receipt.rolls[0].chance == pytest.approx(chance)


def test_a_tank_that_cannot_retreat_is_destroyed_and_its_rider_put_off() -> None:
    """TERRAIN MORALE MODIFIERS and docs/rulings/tactical.md (Retreat, Riders): the 1-SP tank T
    with morale 1 (no check passes: d10 <= 1 - 1 never holds) in the bottom right corner 7,2,
    A1 adjacent at 6,2, has no hex farther from A1 to go to, so it loses an SP instead and is
    eliminated; its rider R is put off in 7,2. A1's fire (hard attack 2, seed 4) calls for the
    morale check."""
    units = [BASE[0], {**BASE[1], "at": "6,2", "attack_hard": 2.0}, BASE[2],
             _unit("T", "axis", "armor", "7,2", sp=1, morale=1),
             _unit("R", "axis", "infantry", "7,2", mounted="tank")]  # fmt: skip
    game = make_game(seed=4, units=units)
    game.submit("allied", "fire A1 T")
    texts = [e.text for e in game.events() if e.kind in ("retreat", "eliminated")]
    assert texts[:2] == ["T cannot retreat from 7,2: loses 1 SP", "T is eliminated at 7,2"]
    assert not game.units["T"].alive
    r = game.units["R"]
    assert (r.carrier, r.mounted, str(r.hex)) == (None, None, "7,2")
