"""Seed 002, COMMANDERS: lending command, the commanders' risk under fire, capture."""

from __future__ import annotations

import pytest

from tests.rulesets.tactical.helpers import (
    BASE,
    BOTH,
    EVERYONE,
    NO_EFFECT,
    _events,
    _hq,
    _script,
    _told,
    _unit,
)

from .conftest import make_game


@pytest.mark.found_by_mutation
def test_the_commanders_at_risk_are_rolled_lender_first_and_die_below_four_percent() -> None:
    """MISCELLANEOUS, "The % chance that a commander will be killed during an attack: 4";
    docs/rulings/tactical.md, COMMANDERS: rolled for the commander lending Command (first)
    and for every commander in the target hex. K lends Command to A1's fire and draws 0.04
    (survives: not below 4 %); M with X1 draws 0.0399 and is killed: both sides are told, and
    M is off the map."""
    k = {"id": "K", "side": "allied", "name": "Capt", "at": "2,1", "leadership": 5,
         "command": 2, "ap": 100}  # fmt: skip
    m = {"id": "M", "side": "axis", "name": "Maj", "at": "4,0", "leadership": 5, "command": 1}
    game = make_game(commanders=[k, m])
    _script(game, chances={"commander K killed": 0.04, "commander M killed": 0.0399})
    game.submit("allied", "fire A1 X1")
    (fire,) = _events(game, "fire")
    risk = [(r.label, r.success) for r in fire.receipt.rolls if r.label.startswith("commander")]
    assert risk == [("commander K killed", False), ("commander M killed", True)]
    (told,) = _events(game, "commander-killed")
    assert (told.time, told.text, told.visible_to) == (
        1,
        "commander Maj (axis) is killed at 4,0",
        EVERYONE,
    )
    assert (game.commanders["M"].fate, game.commanders["M"].hex) == ("killed", None)
    assert (game.commanders["K"].fate, str(game.commanders["K"].hex)) == (None, "2,1")


@pytest.mark.found_by_mutation
def test_an_assault_that_empties_the_hex_advances_out_of_its_position_and_takes_commanders() -> (
    None
):
    """docs/tactical.md, Assault; docs/rulings/tactical.md, Improved positions and COMMANDERS:
    A1, dug in at 3,1 (soft attack 60 on X1's 4: 15:1), draws 0.10 (loss 3, below 0.35) and
    eliminates X1 of 1 SP; it advances into 4,0, leaving its improved position, and the axis
    major M, alone there now (he survives the 4 % roll), is captured."""
    units = [BASE[0], {**BASE[1], "at": "3,1", "attack_soft": 60.0}, BASE[2],
             {**BASE[3], "sp": 1}, _unit("X2", "axis", "infantry", "7,0")]  # fmt: skip
    m = {"id": "M", "side": "axis", "name": "Maj", "at": "4,0", "leadership": 5, "command": 1}
    game = make_game(units=units, commanders=[m])
    game.units["A1"].improved = True
    _script(game, uniforms=[0.10, NO_EFFECT, NO_EFFECT, NO_EFFECT])
    game.submit("allied", "assault A1 X1")
    (advance,) = _events(game, "advance")
    assert advance.text == "A1 advances from 3,1 into 4,0"
    assert game.units["A1"].improved is False
    assert (game.commanders["M"].fate, game.commanders["M"].hex) == ("captured", None)


@pytest.mark.found_by_mutation
def test_an_enemy_commander_alone_is_captured_even_with_an_army_hq_off_the_map() -> None:
    """docs/rulings/tactical.md (COMMANDERS): "A commander alone in a hex that an enemy unit
    enters is captured". The axis army HQ stands off the map (only an army HQ may); the
    captain K alone at 3,1 is still alone there when A1 enters it: captured."""
    captain = {"id": "K", "side": "axis", "name": "Hauptmann", "at": "3,1", "leadership": 5,
               "command": 3}  # fmt: skip
    units = [*BASE, _hq("XA", "axis", "army", None)]
    game = make_game(units=units, commanders=[captain], opportunity_fire=False)
    game.submit("allied", "move A1 3,1")
    assert game.commanders["K"].fate == "captured"
    assert _told(game, "commander-lost") == [("commander Hauptmann is captured at 3,1", BOTH)]


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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
