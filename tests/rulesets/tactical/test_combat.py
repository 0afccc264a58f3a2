"""Seed 002, COMBAT: fire and assault orders, their receipts, results applied (disruption,
losses, wrecks, elimination). Checked where the game applies them, at their boundaries."""

from __future__ import annotations

import pytest

from hexwar.core.events import Modifier
from hexwar.rulesets.tactical.game import TacticalGame
from tests.rulesets.tactical.helpers import (
    BASE,
    NO_EFFECT,
    _dice,
    _events,
    _own,
    _script,
    _told,
    _unit,
)

from .conftest import make_game


def _pass_turn(game: TacticalGame) -> None:
    game.submit("allied", "pass")
    game.submit("axis", "pass")


@pytest.mark.found_by_mutation
def test_the_sum_rule_keeps_a_disruption_that_any_single_attack_gave() -> None:
    """docs/rulings/tactical.md, Combination rule ``sum``: the net result "also disrupts ...
    if any single attack did". A1 (4 SPs, 1:1 on X1: loss 1 below 0.10, disruption below 0.25,
    morale check below 0.45) draws 0.20, then three of no effect: X1 is disrupted."""
    game = make_game(combination="sum")
    _script(game, uniforms=[0.20, NO_EFFECT, NO_EFFECT, NO_EFFECT])
    game.submit("allied", "fire A1 X1")
    (fire,) = _events(game, "fire")
    assert fire.text == "A1 fires at X1 at 4,0: disrupted"
    assert game.units["X1"].disrupted


@pytest.mark.found_by_mutation
def test_a_unit_attacks_receipt_gives_its_strengths_and_modifiers() -> None:
    """COMBAT RESULTS TABLE, TERRAIN COMBAT MODIFIERS, COMMANDERS (COMMAND): the receipt of A1's
    fire at the tank T in the forest (.8) with the captain K (Command 2) stacked: 4 single
    attacks, the base attack against a hard target (8.123456), net attack (8.123456 + 2) x .8 =
    8.0987648 to four places, net defense 2.123456 to four places, the modifiers named; A2's
    fire at T without a commander lists the forest alone."""
    rows = ["." * 8] * 6
    rows[2] = "....F..."  # 4,0
    units = [BASE[0], {**BASE[1], "attack_hard": 8.123456}, BASE[2],
             _unit("T", "axis", "armor", "4,0", defense=2.123456),
             _unit("A2", "allied", "infantry", "2,2")]  # fmt: skip
    captain = {"id": "K", "side": "allied", "name": "Capt", "at": "2,1", "leadership": 5,
               "command": 2, "ap": 100}  # fmt: skip
    game = make_game(map={"terrain": rows}, units=units, commanders=[captain])
    _script(game)
    game.submit("allied", "fire A1 T; fire A2 T")
    first, second = _events(game, "fire")
    r = first.receipt
    assert r.table == "COMBAT RESULTS TABLE"
    assert r.inputs == {"attacker": "A1", "target": "T", "attacks": 4, "base_attack": 8.123456,
                        "command": 2, "net_attack": 8.0988, "net_defense": 2.1235,
                        "target_type": "hard"}  # fmt: skip
    assert r.modifiers == (Modifier("forest", "x0.8"), Modifier("command", "+2"))
    assert r.result == {"single": ["none"] * 4, "net": "no effect"}
    assert second.receipt.modifiers == (Modifier("forest", "x0.8"),)
    assert second.receipt.inputs["command"] == 0


@pytest.mark.found_by_mutation
def test_hard_losses_add_up_as_sps_lost_and_whole_wreck_sps_in_the_hex() -> None:
    """Parameter Data (wreck SPs) and docs/tactical.md (victory points): each SP a hard unit
    loses leaves one wreck SP in its hex, and each is an SP its side has lost. A1 and A2 (hard
    attack 10 on the tank T's 10: 1:1) each draw 0.05 (loss 1, below 0.10): T loses 2 SPs, the
    hex 4,0 holds 2 wreck SPs (whole SPs, as the allies' view shows them), the axis has lost 2
    SPs and the allies score 2 VP."""
    units = [BASE[0], {**BASE[1], "attack_hard": 10.0}, BASE[2],
             _unit("T", "axis", "armor", "4,0"),
             _unit("A2", "allied", "infantry", "2,2", attack_hard=10.0)]  # fmt: skip
    game = make_game(units=units)
    hit = [0.05, NO_EFFECT, NO_EFFECT, NO_EFFECT]
    _script(game, uniforms=hit + hit)
    game.submit("allied", "fire A1 T; fire A2 T")
    assert game.units["T"].sp == 2
    assert game.lost["axis"] == 2
    wrecks = game.view("allied").data["wrecks"]
    assert wrecks == {"4,0": 2}
    assert all(type(n) is int for n in wrecks.values())
    assert game.score()["allied"] == 2


@pytest.mark.found_by_mutation
def test_an_assault_that_leaves_the_target_in_its_hex_does_not_advance() -> None:
    """docs/tactical.md, Assault: the assaulting unit advances only into a hex the attack has
    emptied. A1 at 3,1 assaults X1 at 4,0 and draws nothing: X1 holds its hex, A1 stays."""
    units = [BASE[0], {**BASE[1], "at": "3,1"}, *BASE[2:]]
    game = make_game(units=units)
    _script(game)
    game.submit("allied", "assault A1 X1")
    assert _events(game, "assault")
    assert not _events(game, "advance")
    assert str(game.units["A1"].hex) == "3,1"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("draw", "ok"), [(0.81, True), (0.82, False)])
def test_a_unit_short_of_ammunition_resupplies_from_its_hq(draw: float, ok: bool) -> None:
    """SUPPLY RANGES: a resupply attempt succeeds with 1 - 0.5 d / R (docs/rulings/tactical.md,
    linear). A1, 3 hexes from its battalion HQ (R 8), has 1 - 1.5/8 = 81.25 %: a draw of .81
    refills its 6 rounds, .82 does not; its side alone is told, with the receipt. A0, short of
    ammunition too but with no HQ, makes no attempt -- and A1, listed after it, still does."""
    a0 = {**BASE[1], "id": "A0", "name": "A0", "at": "1,2", "hq": None}
    game = make_game(units=[BASE[0], a0, *BASE[1:]])
    game.units["A0"].ammo = game.units["A1"].ammo = 5
    _dice(game, chance=draw)
    n = len(game.events())
    _pass_turn(game)
    word = "resupplied" if ok else "not resupplied"
    assert _told(game, "resupply", n) == [(f"A1 {word} by AHQ", frozenset({"allied"}))]
    (attempt,) = [e for e in game.events()[n:] if e.kind == "resupply"]
    r = attempt.receipt
    assert r is not None
    assert r.inputs == {"unit": "A1", "hq": "AHQ", "distance": 3, "range_50": 8}
    assert (r.table, r.result) == ("SUPPLY RANGES", f"81%: {'success' if ok else 'failure'}")
    assert [x.label for x in r.rolls] == ["resupply"]
    assert (_own(game, "allied", "A1")["ammo"], _own(game, "allied", "A0")["ammo"]) == (
        6 if ok else 5,
        5,
    )


@pytest.mark.found_by_mutation
def test_on_the_inverse_curve_a_unit_near_its_hq_resupplies_at_100_percent() -> None:
    """docs/rulings/tactical.md (the chance formula, ``supply_curve = "inverse"``): p = min(1,
    0.5 R / d), certain at the HQ. A1 3 hexes from its battalion HQ (R 8): 0.5 x 8 / 3 = 1.33,
    capped: 100 %; A2 in the HQ's hex: 100 %. Each receipt gives the chance as 100 %."""
    a2 = {**BASE[1], "id": "A2", "name": "A2", "at": "0,0"}
    game = make_game(units=[*BASE, a2], supply_curve="inverse")
    game.units["A1"].ammo = game.units["A2"].ammo = 0
    n = len(game.events())
    _pass_turn(game)
    results = [e.receipt.result for e in game.events()[n:] if e.kind == "resupply" and e.receipt]
    assert results == ["100%: success", "100%: success"]


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_the_fire_receipt_gives_the_net_defense_to_four_places() -> None:
    """COMBAT: net defense is the unit's defense (plus 20 in a bunker); the receipt states it.
    X1 with defense 2.5 in the open: net defense 2.5 against A1's net attack 4."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "defense": 2.5}])
    game.submit("allied", "fire A1 X1")
    fire = next(e for e in game.events() if e.kind == "fire")
    assert fire.receipt is not None
    assert (fire.receipt.inputs["net_attack"], fire.receipt.inputs["net_defense"]) == (4.0, 2.5)


@pytest.mark.found_at_call_site
def test_the_fire_receipt_numbers_each_sp_attack_and_uses_the_soft_attack() -> None:
    """COMBAT: one CRT draw per SP of the attacker (A1 has 4), numbered from 1; against a soft
    target the attack is the unit's soft attack (infantry: 4 soft, 1 hard)."""
    game = make_game()
    game.submit("allied", "fire A1 X1")
    fire = next(e for e in game.events() if e.kind == "fire")
    assert fire.receipt is not None
    labels = [r.label for r in fire.receipt.rolls if r.label.startswith("SP attack")]
    assert labels == ["SP attack 1", "SP attack 2", "SP attack 3", "SP attack 4"]
    assert fire.receipt.inputs["target_type"] == "soft"
    assert fire.receipt.inputs["base_attack"] == 4.0
