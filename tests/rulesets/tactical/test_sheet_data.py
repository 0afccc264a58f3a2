"""Seed 002, every heading of the parameter sheet: the data files hold the sheet's numbers."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.board import product
from hexwar.rulesets.tactical.tables import rules, sheet
from tests.rulesets.tactical.helpers import _bn_hq, _unit

from .conftest import make_game


def test_parameter_data() -> None:
    """Parameter Data: 6 minutes, 250 m, 6 units, 24 SPs, 12 per road, LOS 13 and 6."""
    assert sheet().parameters == {
        "minutes_per_turn": 6,
        "meters_per_hex": 250,
        "max_units_per_hex": 6,
        "max_sp_per_hex": 24,
        "max_sp_per_road": 12,
        "los_block_non_wreck_sp": 13,
        "los_block_wreck_sp": 6,
    }


def test_terrain_combat_modifiers_full_hex() -> None:
    """TERRAIN COMBAT MODIFIERS, FULL-HEX."""
    assert sheet().combat_full_hex == {
        "open": 1.0, "building": 0.6, "water": 1.0, "field": 1.0, "village": 0.7,
        "marsh": 0.95, "orchard": 0.9, "suburb": 0.7, "swamp": 0.8, "rough": 0.8,
        "city": 0.6, "uphill_downhill": 0.9, "forest": 0.8, "industrial": 0.5,
        "shallow_water": 1.0, "beach": 1.0,
    }  # fmt: skip


def test_terrain_combat_modifiers_hexside_and_special() -> None:
    """TERRAIN COMBAT MODIFIERS, HEXSIDE (High Wall: N/A) and SPECIAL."""
    s = sheet()
    assert s.combat_hexside == {
        "hedge": 0.9, "embankment": 0.8, "other": 0.0, "bocage": 0.65, "stone_wall": 0.8,
        "high_wall": None,
    }  # fmt: skip
    assert s.combat_special == {
        "improved_position": 0.75, "trench": 0.56, "bunker": 0.75, "pillbox": 0.75,
        "beach_obstacles": 1.0,
    }  # fmt: skip
    assert s.bunker_defense_bonus == 20


def test_terrain_morale_modifiers() -> None:
    """TERRAIN MORALE MODIFIERS (starred: cumulative to +5)."""
    s = sheet()
    assert s.morale_full_hex == {
        "open": -1, "beach": -1, "building": 3, "shallow_water": -1, "water": -1, "field": 0,
        "village": 2, "marsh": -1, "orchard": 0, "suburb": 2, "swamp": 0, "rough": 0,
        "city": 3, "forest": 1, "industrial": 4,
    }  # fmt: skip
    assert s.morale_starred == {"bunker": 4, "pillbox": 4, "trench": 2, "improved_position": 1}
    assert s.morale_starred_maximum == 5


def test_terrain_heights() -> None:
    """TERRAIN HEIGHT (in meters)."""
    assert sheet().height == {
        "open": 0, "building": 15, "water": 0, "field": 3, "village": 10, "marsh": 3,
        "orchard": 8, "suburb": 10, "swamp": 25, "rough": 0, "city": 25, "smoke": 20,
        "forest": 25, "industrial": 20, "beach": 0, "shallow_water": 0,
    }  # fmt: skip


def test_miscellaneous() -> None:
    """MISCELLANEOUS."""
    assert sheet().misc == {
        "assault_ap": 20,
        "blocked_hex_ap": 65,
        "dismount_ap": 10,
        "improved_position_percent": 10,
        "commander_killed_percent": 4,
        "vehicle_max_elevation_change": 50,
    }


def test_high_wall_lets_no_fire_across_and_cannot_be_crossed() -> None:
    """HEXSIDE 'High Wall: N/A' (docs/rulings/tactical.md)."""
    game = make_game(map={"hexsides": [{"at": "3,0|4,0", "feature": "high_wall"}]})
    mods = game.board.terrain_modifiers(Hex(3, 0), Hex(4, 0), vehicle=False, improved=False)
    assert product(mods) == 0.0
    for mobility in rules().movement:
        assert game.board.step_cost(Hex(3, 0), Hex(4, 0), mobility) is None


@pytest.mark.parametrize("feature", ["hedge", "bocage", "stone_wall", "embankment"])
def test_a_road_through_a_hexside_feature_crosses_it_for_free(feature: str) -> None:
    game = make_game(
        map={"hexsides": [{"at": "3,0|4,0", "feature": feature}], "roads": [["3,0", "4,0"]]}
    )
    assert game.board.step_cost(Hex(3, 0), Hex(4, 0), "foot") == rules().movement["foot"]["road"]


def test_beach_obstacles_change_no_attack() -> None:
    """SPECIAL: Beach Obstacles 1.0."""
    game = make_game(map={"specials": [{"at": "4,0", "kind": "beach_obstacles"}]})
    mods = game.board.terrain_modifiers(Hex(3, 0), Hex(4, 0), vehicle=False, improved=False)
    assert product(mods) == 1.0


@pytest.mark.found_by_mutation
def test_a_scenarios_own_ap_ammunition_and_range_for_a_unit_replace_its_kinds() -> None:
    """docs/tactical.md (scenario files): a unit's `ap`, `ammo` and `range` in the scenario
    replace its kind's (infantry: 100 AP, 6 rounds, range 2). A1 with 90 AP, 3 rounds and
    range 3 fires at X1 3 hexes away (2,1 -> 5,0), which the kind's range 2 would refuse, and
    is left with 90 - 40 = 50 AP (a fire costs 40) and 2 rounds of its 3. B1 with 30 AP may
    not fire at all (40 AP)."""
    units = [_bn_hq("AHQ", "allied", "0,0"), _unit("A1", "allied", "infantry", "2,1", ap=90,
             ammo=3, range=3), _unit("B1", "allied", "infantry", "2,2", ap=30),
             _bn_hq("XHQ", "axis", "7,-3"), _unit("X1", "axis", "infantry", "5,0")]  # fmt: skip
    game = make_game(units=units, opportunity_fire=False)
    with pytest.raises(IllegalOrderError):
        game.submit("allied", "fire B1 X1")
    game.submit("allied", "fire A1 X1")
    assert [e.kind for e in game.events()].count("fire") == 1
    a1 = next(u for u in game.view("allied").data["units"] if u["id"] == "A1")
    assert {k: a1[k] for k in ("ap", "ap_max", "ammo", "ammo_max", "range")} == {
        "ap": 50.0, "ap_max": 90, "ammo": 2, "ammo_max": 3, "range": 3}  # fmt: skip
