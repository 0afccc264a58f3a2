"""Seed 002: TERRAIN COMBAT MODIFIERS (full-hex, hexside, special), TERRAIN MORALE MODIFIERS and
COMMANDERS' Leadership."""

from __future__ import annotations

import math

import pytest

from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.board import Board, product
from hexwar.rulesets.tactical.morale import led_morale, terrain_morale
from hexwar.rulesets.tactical.scenario import LEGEND
from hexwar.rulesets.tactical.tables import TERRAINS, sheet

from .conftest import make_game

ROWS = ["." * 8] * 6


def _terrain(row: int, col: int, ch: str) -> list[str]:
    rows = list(ROWS)
    rows[row] = rows[row][:col] + ch + rows[row][col + 1 :]
    return rows


def test_every_full_hex_terrain_has_a_combat_modifier_a_height_and_a_morale_modifier() -> None:
    """TERRAIN COMBAT MODIFIERS, TERRAIN HEIGHT and TERRAIN MORALE MODIFIERS cover each terrain."""
    s = sheet()
    for t in TERRAINS:
        assert t in s.combat_full_hex
        assert t in s.height
        assert t in s.morale_full_hex


def test_forest_behind_a_hedge_lets_72_percent_hit() -> None:
    """TERRAIN COMBAT MODIFIERS: 'a target in a forest hex behind a hedge would use .72'."""
    game = make_game(
        map={
            "terrain": _terrain(2, 4, "F"),
            "hexsides": [{"at": "3,0|4,0", "feature": "hedge"}],
        }
    )
    mods = game.board.terrain_modifiers(Hex(3, 0), Hex(4, 0), vehicle=False, improved=False)
    assert mods == [("forest", 0.8), ("hedge", 0.9)]
    assert product(mods) == pytest.approx(0.72)


def test_uphill_downhill_applies_when_base_elevations_differ() -> None:
    """TERRAIN COMBAT MODIFIERS, FULL-HEX: Uphill/downhill .9."""
    game = make_game(map={"elevation": ["00000000", "00000000", "00001000"] + ["0" * 8] * 3})
    mods = game.board.terrain_modifiers(Hex(3, 0), Hex(4, 0), vehicle=False, improved=False)
    assert ("uphill/downhill", 0.9) in mods


def test_other_hexside_lets_nothing_through() -> None:
    """TERRAIN COMBAT MODIFIERS, HEXSIDE: 'Other: 0'."""
    game = make_game(map={"hexsides": [{"at": "3,0|4,0", "feature": "other"}]})
    mods = game.board.terrain_modifiers(Hex(3, 0), Hex(4, 0), vehicle=False, improved=False)
    assert product(mods) == 0.0


def test_bocage_and_improved_position_multiply() -> None:
    """HEXSIDE Bocage .65 and SPECIAL Improved Position .75 both apply."""
    game = make_game(map={"hexsides": [{"at": "3,0|4,0", "feature": "bocage"}]})
    mods = game.board.terrain_modifiers(Hex(3, 0), Hex(4, 0), vehicle=False, improved=True)
    assert product(mods) == pytest.approx(0.65 * 0.75)


def _strengths(
    special: str, target_kind: str
) -> tuple[float, float, list[tuple[str, float]], bool]:
    game = make_game(map={"specials": [{"at": "4,0", "kind": special}]})
    x1 = game.units["X1"]
    if target_kind == "armor":
        x1.kind, x1.hard, x1.base_mobility, x1.defense = "armor", True, "tracked", 10.0
    a1 = game.units["A1"]
    a1.hex = Hex(3, 0)
    return game.attack_strengths(a1, x1, command=0)


def test_bunker_adds_20_defense_and_makes_the_occupant_a_soft_target() -> None:
    """SPECIAL: Bunker/Pillbox .75, +20 defense; 'a bunker is a soft target'."""
    attack, defense, mods, hard = _strengths("bunker", "infantry")
    assert defense == 4.0 + 20
    assert not hard
    assert attack == pytest.approx(4.0 * 0.75)  # infantry's soft attack
    assert ("bunker", 0.75) in mods


def test_pillbox_occupant_is_a_hard_target() -> None:
    """SPECIAL: 'a pillbox is a hard target': the attacker uses its attack against hard."""
    attack, defense, _, hard = _strengths("pillbox", "infantry")
    assert hard
    assert defense == 24.0
    assert attack == pytest.approx(1.0 * 0.75)


def test_bunker_gives_vehicles_no_benefit() -> None:
    """SPECIAL: 'Neither can provide any benefit to vehicular units.'"""
    attack, defense, mods, hard = _strengths("bunker", "armor")
    assert defense == 10.0
    assert hard
    assert all(name != "bunker" for name, _ in mods)
    assert attack == pytest.approx(1.0)


def test_trench_modifier() -> None:
    """SPECIAL: Trench .56."""
    _, _, mods, _ = _strengths("trench", "infantry")
    assert ("trench", 0.56) in mods


def test_open_ground_morale_penalty_spares_armored_units() -> None:
    """TERRAIN MORALE MODIFIERS: 'Open & Beach: -1*', '* Does not apply to armored units'."""
    kw = {"special": None, "improved": False}
    assert terrain_morale("open", hard=False, vehicle=False, **kw)[0] == -1
    assert terrain_morale("beach", hard=False, vehicle=False, **kw)[0] == -1
    assert terrain_morale("open", hard=True, vehicle=True, **kw)[0] == 0
    assert terrain_morale("beach", hard=True, vehicle=True, **kw)[0] == 0
    assert terrain_morale("marsh", hard=True, vehicle=True, **kw)[0] == -1


@pytest.mark.parametrize(
    ("terrain", "special", "improved", "expected"),
    [
        ("city", "bunker", False, 5),  # 3 + 4 capped at +5
        ("industrial", None, True, 5),  # 4 + 1
        ("building", "trench", True, 5),  # 3 + 2 + 1 capped
        ("forest", "trench", False, 3),
        ("open", "trench", True, 2),  # -1 + 2 + 1
        ("village", None, False, 2),
    ],
)
def test_starred_morale_modifiers_are_cumulative_to_at_most_plus_5(
    terrain: str, special: str | None, improved: bool, expected: int
) -> None:
    """TERRAIN MORALE MODIFIERS **: cumulative with all others, to a maximum of +5."""
    total, _ = terrain_morale(
        terrain, hard=False, special=special, improved=improved, vehicle=False
    )
    assert total == expected


def test_bunker_morale_bonus_not_for_vehicles() -> None:
    total, _ = terrain_morale("field", hard=True, special="bunker", improved=False, vehicle=True)
    assert total == 0


@pytest.mark.parametrize(
    ("morale", "leaders", "expected"),
    [(5, [7], 7), (7, [7], 8), (8, [7], 9), (4, [6, 9], 9), (6, [], 6)],
)
def test_leadership_raises_morale_to_the_leader_or_by_one(
    morale: int, leaders: list[int], expected: int
) -> None:
    """COMMANDERS, LEADERSHIP: raised to the Leadership value, or by one if not lower."""
    assert led_morale(morale, leaders) == expected


def test_stacked_commander_leads_the_unit_in_the_game() -> None:
    game = make_game(
        commanders=[
            {
                "id": "C",
                "side": "allied",
                "name": "Cpt",
                "at": "2,1",
                "leadership": 8,
                "command": 2,
            },
        ]
    )
    assert game.led(game.units["A1"]) == 8
    assert math.isclose(game.led(game.units["X1"]), 6)


def test_board_round_trips_through_its_view_json() -> None:
    game = make_game(map={"terrain": _terrain(2, 4, "F"), "roads": [["0,0", "1,0", "2,-1"]]})
    assert Board.from_json(game.board.to_json()) == game.board


_LETTER = {t: ch for ch, t in LEGEND.items()}


@pytest.mark.parametrize("terrain", TERRAINS)
def test_every_full_hex_combat_modifier_applies_to_a_target_in_that_terrain(terrain: str) -> None:
    """TERRAIN COMBAT MODIFIERS, FULL-HEX: the factor of the target's hex, each terrain."""
    game = make_game(map={"terrain": _terrain(1, 4, _LETTER[terrain])})  # hex 4,-1: no unit
    mods = game.board.terrain_modifiers(Hex(3, 0), Hex(4, -1), vehicle=False, improved=False)
    assert mods == [(terrain, sheet().combat_full_hex[terrain])]


@pytest.mark.parametrize(
    ("feature", "factor"),
    [("hedge", 0.9), ("bocage", 0.65), ("stone_wall", 0.8), ("embankment", 0.8),
     ("other", 0.0), ("high_wall", 0.0)],
)  # fmt: skip
def test_every_hexside_combat_modifier_applies_to_fire_across_it(
    feature: str, factor: float
) -> None:
    """TERRAIN COMBAT MODIFIERS, HEXSIDE (High Wall 'N/A': no fire across, docs/rulings)."""
    game = make_game(map={"hexsides": [{"at": "3,0|4,0", "feature": feature}]})
    mods = game.board.terrain_modifiers(Hex(3, 0), Hex(4, 0), vehicle=False, improved=False)
    assert mods == [("open", 1.0), (feature, factor)]


@pytest.mark.parametrize("terrain", TERRAINS)
def test_every_full_hex_morale_modifier_applies_in_that_terrain(terrain: str) -> None:
    """TERRAIN MORALE MODIFIERS: a soft unit's modifier in each terrain, with no special."""
    total, parts = terrain_morale(terrain, hard=False, special=None, improved=False, vehicle=False)
    assert total == sheet().morale_full_hex[terrain]
    assert parts == [(terrain, total)]
