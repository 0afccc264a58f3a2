"""The order notation: text and JSON forms round-trip, malformed orders are refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.airwar.orders import AirwarOrder, parse_order

FIELDS = st.builds(
    lambda c, r: f"{c}{r}", st.sampled_from("ABCDEFGHIJKLMNOPQRSTU"), st.integers(1, 49)
)
STEPS = st.tuples(FIELDS, FIELDS, st.integers(1, 3))


def test_text_notation_of_every_stage() -> None:
    order = parse_order("K5-K6x2 k7-K7; K9>D30 K9>H20x2 K40>>D30 K5@K6x2")
    assert order.moves == (("K5", "K6", 2), ("K7", "K7", 1))
    assert order.flights == (("K9", "D30", 1), ("K9", "H20", 2))
    assert order.transports == (("K40", "D30"),)
    assert order.fire == (("K5", "K6", 2),)
    assert parse_order("cities K20 D30").cities == ("K20", "D30")
    units = parse_order("units K3x3 L4x2 K3 ; unproductive k45")
    assert units.units == (("K3", 4), ("L4", 2))
    assert units.unproductive == "K45"
    assert parse_order("pass") == AirwarOrder()
    assert parse_order({}) == AirwarOrder()


@given(
    moves=st.lists(STEPS, max_size=4),
    fire=st.lists(STEPS, max_size=4),
    cities=st.lists(FIELDS, max_size=4),
)
def test_text_and_json_forms_round_trip(
    moves: list[tuple[str, str, int]], fire: list[tuple[str, str, int]], cities: list[str]
) -> None:
    order = AirwarOrder(cities=tuple(cities), moves=tuple(moves), fire=tuple(fire))
    assert parse_order(str(order)) == order
    assert parse_order(order.to_json()) == order  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "bad",
    ["K5-", "K5-K6x0", "fly K5", "unproductive", 17, {"moves": [["K5", "K6"]]}, {"tanks": []}],
)
def test_malformed_orders_are_refused_naming_the_notation(bad: object) -> None:
    with pytest.raises(IllegalOrderError, match="order notation"):
        parse_order(bad)  # type: ignore[arg-type]
