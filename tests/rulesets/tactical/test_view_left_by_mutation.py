"""What a side sees, the state hash and the game's turn-taking, each in a game at its boundary:
the rules the tactical group's full mutation run (docs/testing.md, "Sixth round") found
unchecked. Expected values are worked out by hand from seed 002's parameter sheet (Parameter
Data, COMMANDERS, TERRAIN HEIGHT), docs/tactical.md and docs/rulings/tactical.md."""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

import pytest

from hexwar.core import registry
from hexwar.core.errors import IllegalOrderError
from hexwar.core.game import Decision
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.game import TacticalGame

from .conftest import make_game


def _unit(uid: str, side: str, kind: str, at: str, sp: int = 4, **more: Any) -> dict[str, Any]:
    hq = "AHQ" if side == "allied" else "XHQ"
    return {"id": uid, "side": side, "name": uid, "kind": kind, "at": at, "sp": sp, "morale": 6,
            "hq": hq, **more}  # fmt: skip


def _hq(uid: str, side: str, at: str) -> dict[str, Any]:
    return {"id": uid, "side": side, "name": "HQ", "kind": "hq", "at": at, "sp": 1, "morale": 5,
            "hq_level": "battalion"}  # fmt: skip


def _seen(game: TacticalGame, side: str) -> list[str]:
    return sorted(e["id"] for e in game.view(side).data["enemy_units"])


# -- line of sight through stacks and wrecks -----------------------------------------------------
#
# Along the map's row r = 0 the sight line from A1 at 1,0 to X1 at 3,0 runs through the centre
# of 2,0 alone (the three hexes are in a line). Visibility 3: the allied HQ in the far corner
# (0,5: 5 hexes from 2,0 and from 3,0) sees nothing, so A1 is the allies' only eye.


def _line(between: list[dict[str, Any]]) -> TacticalGame:
    units = [_hq("AHQ", "allied", "0,5"), _unit("A1", "allied", "infantry", "1,0"),
             _hq("XHQ", "axis", "7,2"), _unit("X1", "axis", "infantry", "3,0"),
             *between]  # fmt: skip
    return make_game(units=units, visibility=3, opportunity_fire=False)


@pytest.mark.parametrize(
    ("sps", "x1_seen"),
    [((4, 4, 4), True), ((4, 4, 4, 1), False), ((12,), True), ((6, 7), False)],
)
def test_a_stack_of_13_sps_between_blocks_the_view_and_12_do_not(
    sps: tuple[int, ...], x1_seen: bool
) -> None:
    """Parameter Data: "Minimum Non-Wreck Strength Points per Hex that Block LOS: 13" -- the
    SPs of every unit in the hex count together. Axis platoons stacked at 2,0, between A1 and
    X1: 4 + 4 + 4 = 12 (or one platoon of 12) leave X1 in sight; 4 + 4 + 4 + 1 = 13 (or
    6 + 7) hide it. The stack itself, 1 hex from A1, is seen either way."""
    stack = [_unit(f"S{i}", "axis", "infantry", "2,0", sp) for i, sp in enumerate(sps, 1)]
    seen = _seen(_line(stack), "allied")
    assert seen == sorted([*(s["id"] for s in stack), *(["X1"] if x1_seen else [])])


@pytest.mark.parametrize(("tank_sp", "x1_seen"), [(5, True), (6, False)])
def test_six_wreck_sps_between_block_the_view_and_five_do_not(tank_sp: int, x1_seen: bool) -> None:
    """Parameter Data: "Minimum Wreck Strength Points per Hex that Block LOS: 6"; each SP a
    hard unit loses leaves one wreck SP in its hex (rules.toml, docs/tactical.md). An axis tank
    of 5 or 6 SPs at 2,0 is destroyed there: its 5 wreck SPs leave X1 in A1's sight, 6 hide it.
    Both sides' views show the wreck SPs at their hex."""
    game = _line([_unit("T", "axis", "armor", "2,0", tank_sp)])
    game._apply_result(game.units["T"], tank_sp, False, False, Hex(1, 0))
    assert _seen(game, "allied") == (["X1"] if x1_seen else [])
    for side in ("allied", "axis"):
        assert game.view(side).data["wrecks"] == {"2,0": tank_sp}


def test_of_a_seen_enemy_unit_a_side_knows_what_the_docs_list_and_nothing_more() -> None:
    """docs/tactical.md, Line of sight and what a side sees: "Of a seen enemy unit you know its
    kind, SPs, hardness, defense, and whether it is disrupted, dug in or riding; never its
    morale, AP or ammunition." X1 (infantry, on foot, defense 4 -- rules.toml) 2 hexes from
    A1 has lost 1 of its 4 SPs and is disrupted: the allies see exactly that."""
    game = make_game()
    game._apply_result(game.units["X1"], 1, True, False, Hex(2, 1))
    x1 = next(e for e in game.view("allied").data["enemy_units"] if e["id"] == "X1")
    assert x1 == {"id": "X1", "name": "X1", "kind": "infantry", "hex": "4,0", "sp": 3,
                  "hard": False, "defense": 4.0, "mobility": "foot", "mounted": None,
                  "disrupted": True, "improved": False}  # fmt: skip


def test_smoke_between_hides_the_enemy_until_it_clears_at_the_layers_next_phase() -> None:
    """TERRAIN HEIGHT: smoke stands 20 m, above the 2 m sight line over open ground; smoke a
    side lays clears at the start of its next phase (docs/tactical.md, The turn). The allied
    gun G at 0,0 lays smoke on 2,0, the one hex between A1 (1,0) and X1 (3,0) and on G's own
    line to X1: X1 is hidden from the allies through the axis phase and seen again in their
    second phase."""
    game = _line([_unit("G", "allied", "gun", "0,0", smoke=2)])
    assert "X1" in _seen(game, "allied")
    game.submit("allied", "smoke G 2,0")
    assert game.view("allied").data["smoke"] == ["2,0"]
    assert "X1" not in _seen(game, "allied")
    game.submit("axis", "")
    assert game.view("allied").data["smoke"] == []
    assert "X1" in _seen(game, "allied")


# -- what a side knows of itself and the game ---------------------------------------------------


def test_the_view_tells_a_side_the_game_and_its_own_forces_under_the_views_names() -> None:
    """docs/tactical.md (Playing; Line of sight and what a side sees; Winning): a side knows the
    game's frame (nation, year, turn of turns, the minute -- 6 minutes a turn, so minute 6 in
    turn 2 --, 250 m a hex, the visibility, the optional rules), the objectives with their VP
    and holder, the SPs each side has lost and the score, its commanders (Leadership, AP
    allowance, their HQ) and its units (morale, defense, hardness, AP and ammunition
    allowances, whether moved this phase; the 50% supply range is an HQ's only).

    The allies hold both objectives (2,1: 10 VP, 0,0: 5 VP; their units stand on them) and X1
    has lost 1 SP: 10 + 5 + 1 = 16 VP to 0. The allied HQ moves 0,0 -> 0,1 in turn 1: it has
    moved, A1 has not. Infantry defends at 4 (rules.toml, unit_kinds.infantry), an HQ at 2."""
    lieutenant = {"id": "L", "side": "allied", "name": "Lt", "at": "2,1", "leadership": 8,
                  "command": 2, "hq": "AHQ"}  # fmt: skip
    game = make_game(commanders=[lieutenant], visibility=5, combination="sum",
                     objectives=[{"at": "2,1", "vp": 10}, {"at": "0,0", "vp": 5}],
                     opportunity_fire=False)  # fmt: skip
    game._apply_result(game.units["X1"], 1, False, False, Hex(2, 1))
    game.submit("allied", "move AHQ 0,1")
    view = game.view("allied").data
    assert {k: view[k] for k in ("nation", "year", "turn", "turns", "minutes", "meters_per_hex",
            "visibility", "command_control", "combination", "lost", "score")} == {
        "nation": "usa", "year": 1944, "turn": 1, "turns": 3, "minutes": 0,
        "meters_per_hex": 250, "visibility": 5, "command_control": False,
        "combination": "sum", "lost": {"allied": 0, "axis": 1},
        "score": {"allied": 16, "axis": 0}}  # fmt: skip
    assert view["objectives"] == [{"hex": "2,1", "vp": 10, "control": "allied"},
                                  {"hex": "0,0", "vp": 5, "control": "allied"}]  # fmt: skip
    assert view["commanders"] == [
        {"id": "L", "name": "Lt", "hex": "2,1", "leadership": 8, "command": 2, "ap": 100,
         "ap_max": 100, "hq": "AHQ"}]  # fmt: skip
    own = {u["id"]: u for u in view["units"]}
    keys = ("morale", "led_morale", "defense", "hard", "ap_max", "ammo_max", "moved", "range_50")
    assert {k: own["A1"][k] for k in keys} == {
        "morale": 6, "led_morale": 8, "defense": 4.0, "hard": False, "ap_max": 100,
        "ammo_max": 6, "moved": False, "range_50": None}  # fmt: skip
    assert {k: own["AHQ"][k] for k in keys} == {
        "morale": 5, "led_morale": 5, "defense": 2.0, "hard": False, "ap_max": 100,
        "ammo_max": 0, "moved": True, "range_50": 8}  # fmt: skip
    game.submit("axis", "")
    view = game.view("allied").data
    assert (view["turn"], view["minutes"]) == (2, 6)


def test_a_scenarios_own_ap_ammunition_and_range_for_a_unit_replace_its_kinds() -> None:
    """docs/tactical.md (scenario files): a unit's `ap`, `ammo` and `range` in the scenario
    replace its kind's (infantry: 100 AP, 6 rounds, range 2). A1 with 90 AP, 3 rounds and
    range 3 fires at X1 3 hexes away (2,1 -> 5,0), which the kind's range 2 would refuse, and
    is left with 90 - 40 = 50 AP (a fire costs 40) and 2 rounds of its 3. B1 with 30 AP may
    not fire at all (40 AP)."""
    units = [_hq("AHQ", "allied", "0,0"), _unit("A1", "allied", "infantry", "2,1", ap=90,
             ammo=3, range=3), _unit("B1", "allied", "infantry", "2,2", ap=30),
             _hq("XHQ", "axis", "7,-3"), _unit("X1", "axis", "infantry", "5,0")]  # fmt: skip
    game = make_game(units=units, opportunity_fire=False)
    with pytest.raises(IllegalOrderError):
        game.submit("allied", "fire B1 X1")
    game.submit("allied", "fire A1 X1")
    assert [e.kind for e in game.events()].count("fire") == 1
    a1 = next(u for u in game.view("allied").data["units"] if u["id"] == "A1")
    assert {k: a1[k] for k in ("ap", "ap_max", "ammo", "ammo_max", "range")} == {
        "ap": 50.0, "ap_max": 90, "ammo": 2, "ammo_max": 3, "range": 3}  # fmt: skip


def test_only_a_commander_in_the_units_hex_raises_its_morale() -> None:
    """COMMANDERS, LEADERSHIP: "stacked with a friendly unit" -- in the same hex. The allied
    lieutenant (Leadership 8) stands with the HQ at 0,0, not with A1 at 2,1: the HQ's morale 5
    is raised to 8, A1's stays 6, in the view and in A1's morale check."""
    lieutenant = {"id": "L", "side": "allied", "name": "Lt", "at": "0,0", "leadership": 8,
                  "command": 2}  # fmt: skip
    game = make_game(commanders=[lieutenant])
    own = {u["id"]: u["led_morale"] for u in game.view("allied").data["units"]}
    assert own == {"AHQ": 8, "A1": 6}
    game._apply_result(game.units["A1"], 0, False, True, Hex(4, 0))
    check = next(e for e in game.events() if e.kind == "morale-check")
    assert check.receipt is not None
    assert check.receipt.inputs["with_leadership"] == 6


def test_tank_riders_climb_onto_a_tank_each_while_one_has_room() -> None:
    """docs/rulings/tactical.md, Riders: a tank carries at most `riders_per_vehicle` = 1
    infantry unit; a scenario's riders in a hex with two tanks take one tank each, in the
    order the scenario lists them (R1 on T1, R2 on T2)."""
    units = [_hq("AHQ", "allied", "0,0"), _unit("T1", "allied", "armor", "1,1"),
             _unit("T2", "allied", "armor", "1,1"),
             _unit("R1", "allied", "infantry", "1,1", mounted="tank"),
             _unit("R2", "allied", "infantry", "1,1", mounted="tank"),
             _hq("XHQ", "axis", "7,-3"), _unit("X1", "axis", "infantry", "6,0")]  # fmt: skip
    own = {u["id"]: u["carrier"] for u in make_game(units=units).view("allied").data["units"]}
    assert (own["R1"], own["R2"]) == ("T1", "T2")


def test_of_two_commanders_with_equal_command_the_first_by_id_lends_it() -> None:
    """COMMANDERS, COMMAND: the highest Command of the eligible commanders stacked with the
    attacker counts, and that commander spends the attack's AP (docs/rulings/tactical.md,
    Command; a tie goes to the first by id, as for an ordered fire). Axis captains K2 and K1
    (listed in that order), both Command 2 with 100 AP, stand with X1 at 4,0; X1's opportunity
    fire at A1 entering 3,1 adds 2 (net attack 4 + 2 = 6) and is directed by K1, the one
    commander at risk (the 4% draw: nobody stands in the target hex). (The AP he spends are
    those of the allied phase; the axis phase that follows gives them back.)"""
    captains = [{"id": k, "side": "axis", "name": k, "at": "4,0", "leadership": 5, "command": 2}
                for k in ("K2", "K1")]  # fmt: skip
    game = make_game(commanders=captains)
    game.submit("allied", "move A1 3,1")
    shot = next(e for e in game.events() if e.kind == "opportunity-fire")
    assert shot.receipt is not None
    assert (shot.receipt.inputs["command"], shot.receipt.inputs["net_attack"]) == (2, 6.0)
    risked = [r.label for r in shot.receipt.rolls if r.label.startswith("commander")]
    assert risked == ["commander K1 killed"]


# -- turns, the end, the state hash ---------------------------------------------------------------


def test_the_game_awaits_each_phases_side_at_its_decision_step() -> None:
    """docs/tactical.md, The turn: the side named `first` (allied) has its phase, then the
    other; the decision names the side, its step (one per phase given) and the turn."""
    game = make_game()
    assert game.decision() == Decision(0, frozenset({"allied"}), "turn 1: allied")
    game.submit("allied", "")
    assert game.decision() == Decision(1, frozenset({"axis"}), "turn 1: axis")
    game.submit("axis", "")
    assert game.decision() == Decision(2, frozenset({"allied"}), "turn 2: allied")


def test_equal_victory_points_after_the_last_turn_are_a_draw() -> None:
    """docs/tactical.md, Winning: "the higher score wins (equal: a draw)". One turn, no
    objectives, nothing lost: 0 VP each, nobody wins."""
    game = make_game(turns=1)
    game.submit("allied", "")
    game.submit("axis", "")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (None, "after 1 turns, allied 0 VP, axis 0 VP")


def _played() -> tuple[TacticalGame, TacticalGame]:
    """A game two phases in, with a commander on the map and two objectives, and its replay."""
    captain = {"id": "K", "side": "axis", "name": "Hptm", "at": "4,0", "leadership": 5,
               "command": 1}  # fmt: skip
    game = make_game(commanders=[captain], objectives=[{"at": "2,1", "vp": 10},
                     {"at": "4,0", "vp": 5}], opportunity_fire=False)  # fmt: skip
    game.submit("allied", "move A1 2,2")
    game.submit("axis", "")
    copy = registry.replay(game.record())
    assert isinstance(copy, TacticalGame)
    assert copy.state_hash() == game.state_hash()
    return game, copy


def _hex(text: str) -> Hex:
    return Hex.from_str(text)


CHANGES: dict[str, Callable[[TacticalGame], None]] = {
    "turn": lambda g: setattr(g, "turn", g.turn + 1),
    "phase": lambda g: setattr(g, "phase", 1 - g.phase),
    "units": lambda g: setattr(g.units["A1"], "sp", 3),
    "commanders": lambda g: setattr(g.commanders["K"], "hex", _hex("5,0")),
    "control": lambda g: g.control.__setitem__(_hex("2,1"), "axis"),  # the first of two
    "smoke": lambda g: g.smoke.__setitem__(_hex("3,0"), "allied"),
    "wrecks": lambda g: g.wrecks.__setitem__(_hex("3,0"), 2),
    "lost": lambda g: g.lost.__setitem__("axis", 1),
}


@pytest.mark.parametrize("part", sorted(CHANGES))
def test_state_hash_changes_with_each_part_of_the_tactical_state_alone(part: str) -> None:
    """docs/architecture.md, The game protocol: equal hashes mean equal games, so every fact of
    the tactical state counts -- the turn and phase, each unit, where each commander stands,
    who holds each objective (here the first of two), smoke, wrecks, the SPs lost. Each is
    changed alone on a replayed copy of a game; that part alone of the state changes, and
    the hash with it."""
    game, copy = _played()
    before = deepcopy(copy.state_json()["state"])
    CHANGES[part](copy)
    after = copy.state_json()["state"]
    assert [k for k in before if before[k] != after[k]] == [part]
    assert copy.state_hash() != game.state_hash()


def test_the_tactical_state_has_exactly_the_parts_tested_above() -> None:
    """A new part of the state must get its own case above: the list is pinned here."""
    game, _ = _played()
    assert sorted(game.state_json()["state"]) == sorted(CHANGES)
