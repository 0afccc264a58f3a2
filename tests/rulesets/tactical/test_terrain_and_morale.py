"""Seed 002: TERRAIN COMBAT MODIFIERS (full-hex, hexside, special), TERRAIN MORALE MODIFIERS and
COMMANDERS' Leadership."""

from __future__ import annotations

import math

import pytest

from hexwar.core.events import Modifier
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.board import Board, product
from hexwar.rulesets.tactical.morale import led_morale, terrain_morale
from hexwar.rulesets.tactical.scenario import LEGEND
from hexwar.rulesets.tactical.tables import TERRAINS, sheet
from tests.rulesets.tactical.helpers import BASE, _dice, _kinds, _own, _rolling, _unit

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


@pytest.mark.found_by_mutation
def test_a_unit_that_stayed_put_digs_in_on_a_10_percent_roll_and_a_rider_does_not() -> None:
    """Per-turn % chance of creating an Improved Position: 10 (MISCELLANEOUS); docs/rulings/
    tactical.md (Improved positions): at the end of its side's phase each unit that did not
    move, advance or ride rolls. The tank T and its rider R stay put: AHQ, A1 and T roll, R does
    not. Draws of .05 (below 10 %) dig all three in, told to the side with the units' ids; at
    the next phase draws of .5 dig none in, told as such; a unit dug in rolls no more."""
    units = [*BASE, _unit("T", "allied", "armor", "2,2"),
             _unit("R", "allied", "infantry", "2,2", mounted="tank")]  # fmt: skip
    game = make_game(units=units)
    _dice(game, chance=0.05)
    game.submit("allied", "pass")
    (dug,) = [e for e in game.events() if e.kind == "improved-position"]
    assert (dug.text, dug.visible_to) == ("improved positions: AHQ, A1, T", frozenset({"allied"}))
    assert dug.receipt is not None
    assert dug.receipt.result == ["AHQ", "A1", "T"]
    assert [r.label for r in dug.receipt.rolls] == [
        "AHQ improved position",
        "A1 improved position",
        "T improved position",
    ]
    assert [_own(game, "allied", u)["improved"] for u in ("A1", "T", "R")] == [True, True, False]
    n = len(game.events())
    _dice(game, chance=0.5)
    game.submit("axis", "pass")
    (none,) = [e for e in game.events()[n:] if e.kind == "improved-position"]
    assert (none.text, none.visible_to) == ("no improved positions", frozenset({"axis"}))
    assert none.receipt is not None
    assert (none.receipt.result, [r.label for r in none.receipt.rolls]) == (
        [],
        ["XHQ improved position", "X1 improved position"],
    )


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("die", "recovers"), [(7, True), (8, False)])
def test_a_disrupted_unit_in_a_trench_recovers_on_a_d10_at_most_morale_plus_terrain(
    die: int, recovers: bool
) -> None:
    """docs/rulings/tactical.md (Disruption): at the start of its side's phase a disrupted
    unit takes a morale check and recovers on a pass; TERRAIN MORALE MODIFIERS: Open -1,
    Trench +2**. X1 (morale 6, no leader) in a trench on open ground passes on a d10 of at
    most 6 - 1 + 2 = 7: a 7 recovers (full 100 AP), an 8 does not (half: 50). Its side alone
    is told, with the receipt: the unit, its morale with and without leadership, the
    modifiers, the roll."""
    game = make_game(map={"specials": [{"at": "4,0", "kind": "trench"}]})
    game.units["X1"].disrupted = True
    _dice(game, die=die)
    game.submit("allied", "pass")
    (check,) = [e for e in game.events() if e.kind == "recovery"]
    word = "recovers from" if recovers else "stays in"
    assert (check.text, check.visible_to) == (f"X1 {word} disruption", frozenset({"axis"}))
    r = check.receipt
    assert r is not None
    assert r.inputs == {"unit": "X1", "morale": 6, "with_leadership": 6}
    assert r.table == "TERRAIN MORALE MODIFIERS"
    assert r.modifiers == (Modifier("open", "-1"), Modifier("trench", "+2"))
    assert [(x.label, x.value) for x in r.rolls] == [("recovery check", die)]
    assert r.result == f"d10 {die} vs 7: {'pass' if recovers else 'fail'}"
    x1 = _own(game, "axis", "X1")
    assert x1["disrupted"] is (not recovers)
    assert x1["ap"] == (100 if recovers else 50)


@pytest.mark.found_by_mutation
def test_a_tank_in_a_bunker_takes_its_morale_check_without_the_bunker_or_the_open() -> None:
    """TERRAIN MORALE MODIFIERS: Open -1 "Does not apply to armored (hard) units"; SPECIAL,
    Bunker/Pillbox: "Neither can provide any benefit to vehicular units". The disrupted tank T
    (morale 6) in a bunker on open ground checks at 6 + 0: a d10 of 7 fails."""
    tank = _unit("T", "axis", "armor", "4,-1")
    game = make_game(units=[*BASE, tank], map={"specials": [{"at": "4,-1", "kind": "bunker"}]})
    game.units["T"].disrupted = True
    _dice(game, die=7)
    game.submit("allied", "pass")
    (check,) = [e for e in game.events() if e.kind == "recovery"]
    assert check.receipt is not None
    assert (check.receipt.modifiers, check.receipt.result) == ((), "d10 7 vs 6: fail")


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_a_target_in_an_improved_position_is_harder_to_hit() -> None:
    """TERRAIN COMBAT MODIFIERS: an improved position multiplies the attack on the unit in it
    by .75: A1's 4 on X1 dug in becomes 3."""
    game = make_game()
    game.units["X1"].improved = True
    game.submit("allied", "fire A1 X1")
    fire = next(e for e in game.events() if e.kind == "fire")
    assert fire.receipt is not None
    assert fire.receipt.inputs["net_attack"] == 3.0


@pytest.mark.found_by_mutation
def test_a_unit_that_moves_leaves_its_improved_position() -> None:
    """docs/rulings/tactical.md, Improved positions: "moving or retreating loses the
    position"."""
    game = make_game(opportunity_fire=False)
    game.units["A1"].improved = True
    game.submit("allied", "move A1 2,2")
    assert game.units["A1"].improved is False


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_at_call_site
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
