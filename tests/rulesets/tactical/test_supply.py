"""Seed 002: SUPPLY RANGES, VARIED HQ RANGES and INCREASING HQ RANGE."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

import pytest

from hexwar.core.errors import ScenarioError
from hexwar.rulesets.tactical.morale import hq_range, resupply_chance, varied_range
from hexwar.rulesets.tactical.scenario import TacticalScenario
from hexwar.rulesets.tactical.tables import sheet
from hexwar.scenarios import load_document, validate

from .conftest import make_game, make_scenario


def test_resupply_at_the_listed_range_is_50_percent() -> None:
    """SUPPLY RANGES: 'Resupply attempts at the given hex range have a 50% chance'."""
    for r in (8, 15, 30, 90):
        assert resupply_chance(r, r) == pytest.approx(0.5)
        assert resupply_chance(r, r, "inverse") == pytest.approx(0.5)


def test_resupply_chance_falls_in_proportion_to_distance() -> None:
    """SUPPLY RANGES, 'directly proportional' (docs/rulings/tactical.md: linear by default)."""
    assert resupply_chance(0, 8) == 1.0
    assert resupply_chance(4, 8) == pytest.approx(0.75)
    assert resupply_chance(12, 8) == pytest.approx(0.25)
    assert resupply_chance(16, 8) == 0.0
    assert resupply_chance(40, 8) == 0.0
    assert resupply_chance(16, 8, "inverse") == pytest.approx(0.25)
    assert resupply_chance(4, 8, "inverse") == 1.0


def test_army_hq_range_is_infinite() -> None:
    """SUPPLY RANGES: 'Army HQ: infinite'."""
    assert math.isinf(sheet().base_range["army"])
    assert resupply_chance(10_000, math.inf) == 1.0


def test_base_ranges_are_the_sheets() -> None:
    assert sheet().base_range == {
        "army": math.inf, "corps": 90, "division": 30, "brigade": 15, "regiment": 15,
        "battalion": 8,
    }  # fmt: skip


def test_printed_50_percent_ranges_are_base_times_mod_rounded_half_up() -> None:
    """VARIED HQ RANGES: 'When the base range ... is multiplied by the modifier, the new 50%
    range ... can be found' -- every printed figure of the four nations' charts."""
    base = [8, 15, 30, 90]  # BTLN, RGT/BDE, DIV, CORPS
    checked = 0
    for years in sheet().varied.values():
        for mod, *printed in years.values():
            for b, p in zip(base, printed, strict=True):
                exact = Decimal(str(b)) * Decimal(str(mod))
                assert int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP)) == p
                checked += 1
    assert checked == 4 * (7 + 7 + 4 + 4)


def test_year_modifiers_of_the_four_nations() -> None:
    """VARIED HQ RANGES: Russia 41 0.60, Germany 41 1.20, Italy 43 0.65, USA 44 0.90."""
    v = sheet().varied
    assert v["russia"][41][0] == 0.60
    assert v["germany"][41][0] == 1.20
    assert v["italy"][43][0] == 0.65
    assert v["usa"][44][0] == 0.90
    assert varied_range("germany", 1941, "battalion") == 10
    assert varied_range("russia", 1941, "regiment") == 9
    assert varied_range("usa", 1944, "brigade") == 14


def test_command_control_uses_varied_range_and_leader_bonus() -> None:
    """VARIED HQ RANGES apply only under Command Control; INCREASING HQ RANGE adds the leader's
    Leadership."""
    kw = {"nation": "russia", "year": 1941}
    assert hq_range("battalion", command_control=False, **kw) == 8
    assert hq_range("battalion", command_control=True, **kw) == 5
    assert hq_range("battalion", command_control=True, leader_bonus=6, **kw) == 11


def test_leader_stacked_with_his_hq_extends_its_range_in_the_game() -> None:
    """INCREASING HQ RANGE: 'a leader who is stacked with "his" HQ'."""
    leader = {"id": "C", "side": "allied", "name": "Maj", "at": "0,0", "leadership": 7,
              "command": 1, "hq": "AHQ"}  # fmt: skip
    game = make_game(command_control=True, commanders=[leader])
    assert game.hq_range_of(game.units["AHQ"]) == 7 + 7  # USA 1944 battalion: 7
    game.commanders["C"].hex = game.units["A1"].hex
    assert game.hq_range_of(game.units["AHQ"]) == 7
    off = make_game(command_control=False, commanders=[leader])
    assert off.hq_range_of(off.units["AHQ"]) == 8


def _supply_game(superior_alive: bool):  # type: ignore[no-untyped-def]
    units = make_scenario().model_dump()["units"]
    units.insert(0, {"id": "TOP", "side": "allied", "name": "Rgt", "kind": "hq", "at": "0,0",
                     "sp": 1, "morale": 5, "hq_level": "regiment"})  # fmt: skip
    units[1]["hq"] = "TOP"
    game = make_game(units=units)
    game.units["A1"].ammo = 0
    if not superior_alive:
        game.units["TOP"].sp = 0
        game.units["TOP"].hex = None
    game.submit("allied", "pass")
    game.submit("axis", "pass")  # the allied phase of turn 2 starts: supply
    return game


def test_out_of_supply_hq_resupplies_no_one() -> None:
    """SUPPLY RANGES: 'An HQ that is out of supply cannot resupply any of its units.'"""
    game = _supply_game(superior_alive=False)
    assert not game.units["AHQ"].in_supply
    assert game.units["A1"].ammo == 0
    assert not [e for e in game.events() if e.kind == "resupply"]


def test_hq_in_supply_makes_resupply_attempts_with_the_distance_chance() -> None:
    """SUPPLY RANGES: the HQ (stacked with its superior: certain supply) resupplies A1, three
    hexes away from a battalion HQ of range 8: 1 - 0.5 * 3 / 8 = 81.25%."""
    game = _supply_game(superior_alive=True)
    assert game.units["AHQ"].in_supply
    hq_draw = next(e for e in game.events() if e.kind == "hq-supply")
    assert hq_draw.receipt is not None
    assert hq_draw.receipt.rolls[0].chance == 1.0
    attempt = next(e for e in game.events() if e.kind == "resupply")
    assert attempt.receipt is not None
    assert attempt.receipt.inputs["distance"] == 3
    assert attempt.receipt.rolls[0].chance == pytest.approx(0.8125)
    assert game.units["A1"].ammo == (6 if attempt.receipt.rolls[0].success else 0)


def test_command_control_year_not_on_the_sheet_is_refused_at_its_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """VARIED HQ RANGES list Italy for 1940-43 only."""
    text = (
        'ruleset = "tactical"\ntitle = "t"\nyear = 1944\nturns = 2\ncommand_control = true\n'
        '[sides.allied]\nnation = "usa"\n[sides.axis]\nnation = "italy"\n'
        '[map]\ncolumns = 2\nrows = 2\nterrain = ["..", ".."]\n'
        '[[units]]\nid = "A"\nside = "allied"\nname = "a"\nkind = "infantry"\nat = "0,0"\n'
        "sp = 1\nmorale = 5\n"
    )
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as e:
        validate(load_document(path), TacticalScenario)
    assert "bad.toml:3: year: Command Control" in str(e.value)
    assert "italy" in str(e.value)
