"""Every ruleset's order reader refuses what it cannot handle with an IllegalOrderError naming the
rule, never another exception (issue 15, item 2; architecture: "orders get an
IllegalOrderError naming the rule"). The shared limits live in hexwar.core.orders."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.core.game import Game
from hexwar.core.orders import MAX_ORDER_DEPTH, MAX_ORDER_DIGITS, check_order, order_json, quote
from hexwar.sessions import resolve_scenario

SCENARIOS = {
    "aggressor": "aggressor/sector",
    "airwar": "airwar/small-three-cities",
    "idahex": "idahex/sinai",
    "tactical": "tactical/meeting1941",
    "flankbattle": "flankbattle/hastings",
}


def new_game(ruleset: str) -> Game[Any, Any]:
    resolved = resolve_scenario(SCENARIOS[ruleset])
    return resolved.ruleset.new_game(resolved.scenario, seed=1, scenario_id=SCENARIOS[ruleset])


def submit_refused(game: Game[Any, Any], order: Any) -> IllegalOrderError:
    side = sorted(game.decision().sides)[0]  # type: ignore[union-attr]
    orders_before = len(game.record().orders)
    with pytest.raises(IllegalOrderError) as info:
        game.submit(side, order)
    assert len(game.record().orders) == orders_before  # nothing recorded
    return info.value


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_aggressor_order_with_a_5000_digit_number_is_refused() -> None:
    # Was: ValueError "Exceeds the limit (4300 digits)" from int() in the text reader.
    error = submit_refused(new_game("aggressor"), "3 " + "4" * 5000)
    assert error.rule == "order limits"
    assert f"more than {MAX_ORDER_DIGITS} digits" in str(error)


def test_flankbattle_json_order_nested_3000_deep_is_refused() -> None:
    # Was: RecursionError from json.loads in the deployment reader.
    text = '{"flanks": ' + "[" * 3000 + "]" * 3000 + "}"
    error = submit_refused(new_game("flankbattle"), text)
    assert error.rule == "order limits"
    assert f"nested deeper than {MAX_ORDER_DEPTH} levels" in str(error)


def test_flankbattle_json_order_with_a_5000_digit_integer_is_refused() -> None:
    # Was: ValueError from json.loads converting the integer.
    text = '{"flanks": [{"x": ' + "1" * 5000 + ', "y": 10}]}'
    assert submit_refused(new_game("flankbattle"), text).rule == "order limits"


def test_flankbattle_infinite_coordinate_is_refused_by_the_terrain_map_rule() -> None:
    # seed 004, Terrain map: a flank stands on the 400 x 400 map (was: OverflowError in int()).
    error = submit_refused(
        new_game("flankbattle"), '{"flanks": [{"x": 5, "y": 5, "infantry": Infinity}]}'
    )
    assert error.rule == "flank editor"


@pytest.mark.parametrize("ruleset", sorted(SCENARIOS))
def test_every_ruleset_refuses_an_order_nested_too_deep(ruleset: str) -> None:
    game = new_game(ruleset)
    assert submit_refused(game, {"x": nested(3000)}).rule == "order limits"
    # parse_order itself (the readers' public entry) applies the same limits
    with pytest.raises(IllegalOrderError, match="nested deeper"):
        game.ruleset.parse_order(game.info.sides[0], nested(MAX_ORDER_DEPTH + 1))


@pytest.mark.parametrize("ruleset", sorted(SCENARIOS))
def test_every_ruleset_refuses_text_with_a_5000_digit_number(ruleset: str) -> None:
    text = {
        "aggressor": "1 " + "7" * 5000,
        "airwar": "units K3x" + "9" * 5000,
        "idahex": "cancel " + "9" * 5000,
        "tactical": "move A1 " + "9" * 5000 + ",4",
        "flankbattle": '{"flanks": [{"x": ' + "9" * 5000 + ', "y": 1}]}',
    }[ruleset]
    assert submit_refused(new_game(ruleset), text).rule == "order limits"


def test_limits_allow_numbers_of_18_digits_and_long_decimal_fractions() -> None:
    check_order({"n": 10**MAX_ORDER_DIGITS - 1, "f": 0.1 + 0.2})
    check_order("x 999999999999999999 0.0000001234567890123456789")
    with pytest.raises(IllegalOrderError):
        check_order({"n": 10**MAX_ORDER_DIGITS})


def test_order_json_names_a_syntax_error_and_quote_never_fails() -> None:
    with pytest.raises(IllegalOrderError, match="not JSON") as info:
        order_json('{"flanks": [}')
    assert info.value.rule == "order syntax"
    assert quote(nested(5000)) == "<list too large to show>"
    assert quote({"n": 10**5000}) == "<dict too large to show>"


def test_aggressor_unit_numbers_are_ascii_digits() -> None:
    # Found by the fuzz tests: '²' passes str.isdigit() but int() refuses it (ValueError).
    error = submit_refused(new_game("aggressor"), "²3 4")
    assert error.rule == "order syntax"
