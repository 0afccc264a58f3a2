"""Seed 002: SUPPLY RANGES, VARIED HQ RANGES and INCREASING HQ RANGE."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

import pytest

from hexwar.core.errors import ScenarioError
from hexwar.core.events import ALL
from hexwar.rulesets.tactical.morale import hq_range, resupply_chance, varied_range
from hexwar.rulesets.tactical.scenario import TacticalScenario
from hexwar.rulesets.tactical.tables import sheet
from hexwar.scenarios import load_document, validate
from tests.rulesets.tactical.helpers import BASE, _dice, _events, _hq, _own, _script, _told

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


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("level", "draw", "range_50", "result"),
    [("battalion", 0.5, 8.0, "81%: success"), ("battalion", 0.9, 8.0, "81%: failure"),
     ("army", 0.9, "infinite", "100%: success")],
)  # fmt: skip
def test_a_resupply_attempts_receipt(
    level: str, draw: float, range_50: float | str, result: str
) -> None:
    """SUPPLY RANGES; docs/rulings/tactical.md, the chance formula: A1, short of ammunition,
    tries to resupply at the start of its next phase from AHQ 3 hexes away: a battalion HQ
    (50 % at 8 hexes) gives 1 - 0.5 x 3/8 = 81.25 %, the draw 0.5 succeeds and 0.9 fails; an
    Army HQ (infinite range) always succeeds. The receipt names the unit, the HQ, the distance
    and the 50 % range, the table, the draw and the result."""
    units = [{**BASE[0], "hq_level": level}, *BASE[1:]]
    game = make_game(units=units)
    game.units["A1"].ammo = 5
    _script(game, chances={"resupply": draw})
    game.submit("allied", "")
    game.submit("axis", "")
    (attempt,) = _events(game, "resupply")
    r = attempt.receipt
    assert r.inputs == {"unit": "A1", "hq": "AHQ", "distance": 3, "range_50": range_50}
    assert r.table == "SUPPLY RANGES"
    assert [(x.label, x.value) for x in r.rolls] == [("resupply", draw)]
    assert r.result == result


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("b_at", "text", "result"),
    [
        ("0,0", "HQ B is in supply", "100%: success"),
        ("1,0", "HQ B is out of supply", "97%: failure"),
    ],
)
def test_an_hq_draws_supply_from_its_superior_in_its_own_sides_phase(
    b_at: str, text: str, result: str
) -> None:
    """SUPPLY RANGES and docs/rulings/tactical.md (Supply of HQs): at the start of its side's
    phase each HQ draws supply from its superior with the resupply formula, 1 - 0.5 d / R
    (regiment: R 15); its side alone is told (``hq-supply``). The battalion HQ B stacked with
    its regiment R (d 0) is in supply for certain; one hex away, 1 - 0.5/15 = 97 %, a draw of
    .99 fails. The axis HQs (XB under XR) draw in the axis phase only."""
    units = [_hq("R", "allied", "regiment", "0,0"), _hq("B", "allied", "battalion", b_at, "R"),
             {**BASE[1], "hq": "B"}, _hq("XR", "axis", "regiment", "7,-3"),
             _hq("XB", "axis", "battalion", "7,-3", "XR"), {**BASE[3], "hq": "XB"}]  # fmt: skip
    game = make_game(units=units)
    _dice(game)
    game.submit("allied", "pass")
    n = len(game.events())
    game.submit("axis", "pass")
    assert _told(game, "hq-supply", n) == [(text, frozenset({"allied"}))]
    drawn = next(e for e in game.events()[n:] if e.kind == "hq-supply")
    r = drawn.receipt
    assert r is not None
    distance = 0 if b_at == "0,0" else 1
    assert r.inputs == {"unit": "B", "hq": "R", "distance": distance, "range_50": 15}
    assert (r.table, r.result) == ("SUPPLY RANGES", result)
    assert [x.label for x in r.rolls] == ["HQ supply"]
    axis = [t for t, _ in _told(game, "hq-supply") if "XB" in t]
    assert axis == ["HQ XB is in supply"]  # once, in the axis phase of turn 1


@pytest.mark.found_by_mutation
def test_a_destroyed_hq_is_out_of_supply() -> None:
    """SUPPLY RANGES and docs/rulings/tactical.md: an HQ destroyed supplies no one and is out
    of supply, as the umpire's summary says. A1 (soft attack 60) fires at the 1-SP axis HQ XHQ
    at 3,0: 60 vs 2 is beyond 30:1 (the 30:1 row: loss of 3 on a draw below .90); draws of 0
    destroy it. At the axis phase XHQ is counted out of supply."""
    units = [BASE[0], {**BASE[1], "attack_soft": 60.0}, {**BASE[2], "at": "3,0"}, BASE[3]]
    game = make_game(units=units)
    _dice(game, uniform=0.0)
    game.submit("allied", "fire A1 XHQ")
    xhq = next(u for u in game.summary()["sides"]["axis"]["units"] if u["id"] == "XHQ")
    assert (xhq["status"], xhq["in_supply"]) == ("eliminated", False)


@pytest.mark.found_by_mutation
def test_an_hq_destroyed_in_its_own_phase_is_out_of_supply_at_once() -> None:
    """docs/rulings/tactical.md, Supply of HQs: an HQ destroyed is out of supply from the
    moment it falls. XHQ (no superior: in supply at its phase's start) moves from 5,-1 into
    4,-1, within A1's range; A1's opportunity fire (soft attack 60 vs 2: the 30:1 row, a loss
    of 3 on a draw below .90) destroys it on draws of 0. The summary, read before the axis
    side's next phase, gives it out of supply."""
    units = [BASE[0], {**BASE[1], "attack_soft": 60.0}, {**BASE[2], "at": "5,-1"}, BASE[3]]
    game = make_game(units=units)
    game.submit("allied", "pass")
    _dice(game, uniform=0.0)
    n = len(game.events())
    game.submit("axis", "move XHQ 3,0")
    assert _told(game, "eliminated", n) == [("XHQ is eliminated at 4,-1", frozenset({ALL}))]
    xhq = next(u for u in game.summary()["sides"]["axis"]["units"] if u["id"] == "XHQ")
    assert (xhq["status"], xhq["in_supply"]) == ("eliminated", False)


@pytest.mark.found_by_mutation
def test_under_command_control_each_hq_level_has_the_sheets_varied_range() -> None:
    """VARIED HQ RANGES, U.S.A. 1944 (Mod 0.90): BTLN 7, RGT/BDE 14, DIV 27, CORPS 81; the Army
    HQ's range is infinite (the view gives none). Each HQ's 50 % range in its side's view."""
    levels = ["battalion", "regiment", "brigade", "division", "corps", "army"]
    hqs = [_hq(f"H{i}", "allied", level, "0,1") for i, level in enumerate(levels)]
    game = make_game(units=[*BASE, *hqs], command_control=True)
    ranges = [_own(game, "allied", f"H{i}")["range_50"] for i in range(len(levels))]
    assert ranges == [7, 14, 14, 27, 81, None]


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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
