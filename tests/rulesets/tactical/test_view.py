"""What a side is shown of a tactical game (seed 002; docs/tactical.md): its own forces, the
enemy it sees, commanders and HQs, under the view's names."""

from __future__ import annotations

import pytest

from hexwar.core.hexes import Hex

from .conftest import make_game


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_at_call_site
def test_a_side_sees_the_hq_of_each_of_its_units_and_the_hqs_supply() -> None:
    """COMMAND CONTROL and SUPPLY: each unit answers to an HQ, and the side's view says which;
    it shows the supply state of its HQs (a combat unit's is in the HQ's)."""
    units = {u["id"]: u for u in make_game().view("allied").data["units"]}
    assert (units["A1"]["hq"], units["AHQ"]["hq"]) == ("AHQ", None)
    assert (units["AHQ"]["in_supply"], units["A1"]["in_supply"]) == (True, None)
