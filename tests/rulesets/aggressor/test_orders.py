"""Orders: the key controls of TURN SEQUENCE E as text and JSON, round-tripping."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.aggressor.orders import AggressorOrder, parse_order


@pytest.mark.parametrize(
    "text",
    [
        "3 4",
        "3 7 @KH",
        "3 7 @@",
        "3 7 @KH strike",
        "0",
        "partisans 2",
        "setup armor@LH infantry@LI",
    ],
)
def test_text_and_json_round_trip(text: str) -> None:
    """TURN SEQUENCE E: keys 1-6, 7 with a target ('@@' for partisan contact), 0."""
    order = parse_order(text)
    assert str(order) == text
    assert parse_order(order.to_json()) == order


def test_long_form_and_end() -> None:
    """TURN SEQUENCE E: 'unit 3 key 4' spells out key 4 for unit 3; 'end' is key 0."""
    assert parse_order("unit 3 key 4") == AggressorOrder("key", unit=3, key=4)
    assert parse_order("end") == AggressorOrder("end")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("3 8", "keys are 1-6"),
        ("3 7", "needs a target"),
        ("3 4 @KH", "take no target"),
        ("3 7 @ZZ", "column must be A..U"),
        ("x 4", "unit must be a number"),
        ("setup tank@LH", "unknown unit type"),
        ("3 7 @KH bomb", "recon or strike"),
    ],
)
def test_bad_orders_name_the_rule(text: str, why: str) -> None:
    """TURN SEQUENCE E (keys 1-7 and 0), MAP BOARD (@ coordinates), UNIT TYPES: malformed
    orders are refused with the reason."""
    with pytest.raises(IllegalOrderError, match=why):
        parse_order(text)
