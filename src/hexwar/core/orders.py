"""Orders at the protocol boundary.

A ruleset's orders are its own small frozen value types; the core only needs them to turn into
JSON (for records and the store) and back. :class:`SubmittedOrder` is what a game record keeps:
the order as JSON, who gave it and at which decision step.

Orders come from people and programs, so before a ruleset reads one, :func:`check_order`
refuses what no ruleset could use and some parser could choke on (nesting that exhausts the
stack, numbers too long to convert, text of runaway length): :data:`MAX_ORDER_CHARS`,
:data:`MAX_ORDER_DEPTH`, :data:`MAX_ORDER_DIGITS`. :func:`order_json` reads JSON text under the
same limits, and :func:`quote` shows any order in a message without failing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeGuard, runtime_checkable

from hexwar.core.errors import IllegalOrderError
from hexwar.core.views import JsonValue

__all__ = [
    "CONCEDE",
    "MAX_ORDER_CHARS",
    "MAX_ORDER_DEPTH",
    "MAX_ORDER_DIGITS",
    "JsonValue",
    "Order",
    "SubmittedOrder",
    "check_order",
    "is_concession",
    "is_order",
    "order_json",
    "quote",
]

MAX_ORDER_CHARS = 65_536  # an order's text, or any string in its JSON
MAX_ORDER_DEPTH = 16  # lists and objects inside one another; orders use three or four
MAX_ORDER_DIGITS = 18  # digits of a whole number: every count, id and cell fits in 64 bits
MAX_ORDER_ITEMS = 100_000  # values in an order's JSON
LIMITS_RULE = "order limits"
_WHOLE_NUMBER = re.compile(rf"(?<![.\d])\d{{{MAX_ORDER_DIGITS + 1},}}")
_INT_LIMIT = 10**MAX_ORDER_DIGITS

CONCEDE: Mapping[str, bool] = {"concede": True}  # the one order every ruleset understands


@runtime_checkable
class Order(Protocol):
    """What the core needs of a ruleset's order: a JSON form (and, by convention, ``__str__``)."""

    def to_json(self) -> JsonValue: ...


_JSON_TYPES = frozenset({dict, list, str, int, float, bool, type(None)})


def is_order(value: object) -> TypeGuard[Order]:
    """Whether ``value`` is an order object rather than an order's JSON or text (plain JSON
    is settled by its type, without the slower protocol check)."""
    return type(value) not in _JSON_TYPES and isinstance(value, Order)


def is_concession(data: object) -> bool:
    """Whether a submitted order (its JSON, or an order whose JSON it is) concedes the game."""
    if is_order(data) and not isinstance(data, Mapping):
        data = data.to_json()
    return isinstance(data, Mapping) and dict(data) == dict(CONCEDE)


@dataclass(frozen=True, slots=True)
class SubmittedOrder:
    """One accepted order, in submission order: ``seq`` counts from 0 over the whole game."""

    seq: int
    step: int
    side: str
    order: JsonValue

    def to_json(self) -> dict[str, JsonValue]:
        return {"seq": self.seq, "step": self.step, "side": self.side, "order": self.order}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SubmittedOrder:
        return cls(int(data["seq"]), int(data["step"]), str(data["side"]), data["order"])


def _too_much(why: str, order: object) -> IllegalOrderError:
    return IllegalOrderError(f"{why} (order {quote(order)})", rule=LIMITS_RULE, order=None)


def check_order(data: object) -> None:
    """Refuse an order (text or JSON form) beyond the limits every ruleset shares.

    Text: at most :data:`MAX_ORDER_CHARS` characters and no whole number (digits not after a
    decimal point) of more than :data:`MAX_ORDER_DIGITS` digits. JSON: at most
    :data:`MAX_ORDER_DEPTH` levels of lists and objects, :data:`MAX_ORDER_ITEMS` values,
    integers of at most :data:`MAX_ORDER_DIGITS` digits and strings within the text limit.

    Raises:
        IllegalOrderError: naming the limit (rule ``order limits``).
    """
    stack: list[tuple[int, object]] = [(0, data)]
    seen = 0
    while stack:
        depth, value = stack.pop()
        seen += 1
        if seen > MAX_ORDER_ITEMS:
            raise _too_much(f"more than {MAX_ORDER_ITEMS} values", data)
        # The common containers first, by their exact type (cheaper than isinstance).
        if type(value) is dict:
            if depth >= MAX_ORDER_DEPTH:
                raise _too_much(f"nested deeper than {MAX_ORDER_DEPTH} levels", data)
            stack.extend([(depth + 1, k) for k in value])
            stack.extend([(depth + 1, v) for v in value.values()])
        elif type(value) is list or type(value) is tuple:
            if depth >= MAX_ORDER_DEPTH:
                raise _too_much(f"nested deeper than {MAX_ORDER_DEPTH} levels", data)
            stack.extend([(depth + 1, v) for v in value])
        elif isinstance(value, str):
            if len(value) > MAX_ORDER_CHARS:
                raise _too_much(f"text longer than {MAX_ORDER_CHARS} characters", data)
            if _WHOLE_NUMBER.search(value):
                raise _too_much(f"a number of more than {MAX_ORDER_DIGITS} digits", data)
        elif isinstance(value, bool) or value is None or isinstance(value, float):
            continue
        elif isinstance(value, int):
            if abs(value) >= _INT_LIMIT:
                raise _too_much(f"a number of more than {MAX_ORDER_DIGITS} digits", data)
        elif isinstance(value, Mapping | list | tuple):
            if depth >= MAX_ORDER_DEPTH:
                raise _too_much(f"nested deeper than {MAX_ORDER_DEPTH} levels", data)
            if isinstance(value, Mapping):
                stack.extend((depth + 1, k) for k in value)
                stack.extend((depth + 1, v) for v in value.values())
            else:
                stack.extend((depth + 1, v) for v in value)


def order_json(text: str) -> JsonValue:
    """Parse an order written as JSON text, under the limits of :func:`check_order`.

    Raises:
        IllegalOrderError: not JSON (rule ``order syntax``), or beyond the limits.
    """
    check_order(text)
    try:
        value: JsonValue = json.loads(text)
    except json.JSONDecodeError as e:
        raise IllegalOrderError(
            f"not JSON: {e.msg} at column {e.colno} (order {quote(text)})", rule="order syntax"
        ) from None
    except (RecursionError, ValueError):
        raise _too_much(f"nested deeper than {MAX_ORDER_DEPTH} levels", text) from None
    check_order(value)
    return value


def quote(order: object, limit: int = 80) -> str:
    """``repr`` of an order for a message: cut to ``limit`` characters, and never failing on
    data too deep or numbers too long to print."""
    try:
        text = repr(order)
    except (RecursionError, ValueError):
        return f"<{type(order).__name__} too large to show>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
