"""Each refusal of an Aggressor order names the section of seed 003 it enforces and carries the
order it refuses, checked at the game's ``submit``."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.rulesets.aggressor.orders import parse_order
from tests.rulesets.aggressor.conftest import (
    make_game,
    put,
    unit,
)
from tests.rulesets.aggressor.helpers import _partisans_asked, _setting_up


def _artillery_at_range(range_: int) -> AggressorGame:
    g = make_game({1: ("artillery", "@HH")})
    unit(g, "west", 1).range = range_
    return g


def _with(setting: str, **fields: Any) -> Any:
    """West's unit 1 (``setting`` = TYPE@HEX) with some of its fields set by hand."""
    type_, at = setting.split("@")

    def make() -> AggressorGame:
        g = make_game({1: (type_, "@" + at)})
        for name, value in fields.items():
            setattr(unit(g, "west", 1), name, value)
        return g

    return make


def _next_to_support() -> AggressorGame:
    return make_game({1: ("infantry", "@EH"), 2: ("support", "@EI")})


def _next_to_known_enemy(**fields: Any) -> Any:
    def make() -> AggressorGame:
        g = _with("infantry@EH", **fields)()
        put(g, "east", 1, "@EI")
        g.known["west"][rl.parse_label("@EI")] = "infantry"
        return g

    return make


def _moved() -> AggressorGame:
    """West's infantry has moved @EH -> @EI this turn."""
    g = make_game({1: ("infantry", "@EH")})
    g.submit("west", "1 4")
    return g


def _after_the_aggressor() -> AggressorGame:
    """West's infantry began its turn at @PH, in East's territory; East is the aggressor
    (both set by hand)."""
    g = make_game({1: ("infantry", "@EH")})
    put(g, "west", 1, "@PH")
    g.aggressor = "east"
    return g


def _moved_next_to_support() -> AggressorGame:
    """West's infantry has moved @EH -> @EI, next to its support on @EJ (below, key 4)."""
    g = make_game({1: ("infantry", "@EH"), 2: ("support", "@EJ")})
    g.submit("west", "1 4")
    return g


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("game", "order", "rule", "why"),
    [
        (lambda: make_game({1: ("missile", "@BH")}), "1 7 @KH", "SPECIAL FUNCTIONS / CBR Launch",
         "@KH is 9 hexes away; missiles reach 8"),
        (lambda: _artillery_at_range(2), "1 7 @KH", "SPECIAL FUNCTIONS / Indirect Fire",
         "@KH is 3 hexes away, beyond its Range 2"),
        (lambda: make_game({1: ("infantry", "@HH")}), "1 7 @KH", "SPECIAL FUNCTIONS / types",
         "no special function aims at @KH"),
        (lambda: make_game({1: ("artillery", "@HH"), 2: ("infantry", "@JH")}), "1 7 @JH",
         "SPECIAL FUNCTIONS / targets", "@JH holds your own unit 2"),
        (lambda: make_game({1: ("infantry", "@HH"), 2: ("infantry", "@HI")}), "1 4", "MOVEMENT",
         "@HI holds your unit 2; no stacking"),
        (lambda: make_game(), "partisans 1", "TURN SEQUENCE E",
         "a partisans order is not due now"),
    ],
)  # fmt: skip
def test_each_refusal_names_the_section_it_enforces(
    game: Any, order: str, rule: str, why: str
) -> None:
    """Seed 003's sections, named by every refusal: CBR Launch "up to 8 hexes", Indirect Fire
    "out to a distance of the artillery unit's current Range", the special functions by type
    and on enemy targets only, no stacking (MOVEMENT), partisans only when the enemy's turn
    begins (TURN SEQUENCE)."""
    with pytest.raises(IllegalOrderError) as info:
        game().submit("west", order)
    assert info.value.rule == rule
    assert why in str(info.value)
    assert info.value.order is not None


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("game", "side", "order", "rule", "why"),
    [
        (_setting_up, "west", "0", "SET UP", "set up your units first"),
        (_setting_up, "west", "setup infantry@AH", "SET UP", ""),
        (_partisans_asked, "east", "1 4", "TURN SEQUENCE C", "answer whether to use partisans"),
        (_partisans_asked, "east", "partisans 2", "TURN SEQUENCE C",
         "you have 1 partisans, not 2"),
        (_with("infantry@EH", frozen=True), "west", "1 4", "TURN SEQUENCE C",
         "unit 1 is busy suppressing partisans this turn"),
        (lambda: make_game(), "west", "setup infantry@AH", "TURN SEQUENCE E",
         "a setup order is not due now"),
        (lambda: make_game(), "west", "19 4", "UNIT TYPES", "west has no unit 19"),
        (_with("infantry@AH"), "west", "1 1", "MAP BOARD", "key 1 leads off the map"),
        (_moved, "west", "1 7 @EI", "SPECIAL FUNCTIONS",
         "may not perform a special function: it has already acted"),
        (_next_to_support, "west", "1 4", "SPECIAL FUNCTIONS / Supply Request",
         "unit 1 is at full Range and Strength: no supply needed"),
        (_next_to_known_enemy(attacked=True), "west", "1 4", "COMBAT",
         "unit 1 may not attack now"),
        (_with("infantry@EH", halted=True), "west", "1 4", "MOVEMENT",
         "unit 1 cannot move another hex this turn"),
        (_with("infantry@EH"), "west", "1 7 @@", "SPECIAL FUNCTIONS / Partisans",
         "partisan contact needs a turn begun in enemy territory"),
        (_after_the_aggressor, "west", "1 7 @@", "SPECIAL FUNCTIONS / Partisans",
         "no partisan contact after an aggressor is declared"),
        (_moved_next_to_support, "west", "1 4", "SPECIAL FUNCTIONS",
         "may not perform a special function: it has already acted"),
        (_with("armor@EH"), "west", "1 7 @EH", "SPECIAL FUNCTIONS / Replacement",
         "only Infantry and Support units take Replacement"),
        (_with("infantry@EH"), "west", "1 7 @EH", "SPECIAL FUNCTIONS / Replacement",
         "already at full Range and Strength"),
        (_with("airbase@EH"), "west", "1 7 @KH strike",
         "SPECIAL FUNCTIONS / Recon/Strike Air Mission", "you observe no enemy unit at @KH"),
        (_with("missile@EH", missiles=False), "west", "1 7 @KH",
         "SPECIAL FUNCTIONS / CBR Missile Launch", "its missiles are already launched"),
        (_with("artillery@HH"), "west", "1 7 @JH", "SPECIAL FUNCTIONS / Indirect Fire",
         "you observe no enemy unit at @JH"),
    ],
)  # fmt: skip
def test_every_refusal_names_its_section_and_carries_its_order(
    game: Any, side: str, order: str, rule: str, why: str
) -> None:
    """Seed 003's sections, each named by the refusal of an order that breaks it: SET UP (set
    up first, 18 units), TURN SEQUENCE C (answer the partisan question; no more partisans
    than held; frozen units take no action) and E (no set-up order in a turn), UNIT TYPES,
    MAP BOARD (21 columns: nothing upper left of column A), SPECIAL FUNCTIONS ("requires that a
    unit have done no other movement nor action", a Supply Request too; Supply Request for a
    reduced unit only; Partisan Contact "by a unit which begins its turn in enemy territory",
    and not "after the aggressor's side has been declared"; Replacement for
    Infantry and Support; a Strike at "the enemy unit at the target coordinates"; missiles
    "once each"; Indirect Fire "against an enemy target"), COMBAT (once per turn) and MOVEMENT
    (a halted unit). Every refusal carries the order it refuses."""
    with pytest.raises(IllegalOrderError) as info:
        game().submit(side, order)
    assert info.value.rule == rule
    assert why in str(info.value)
    assert info.value.order is not None
    assert info.value.order.to_json() == parse_order(order).to_json()
