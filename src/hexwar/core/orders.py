"""Orders at the protocol boundary.

A ruleset's orders are its own small frozen value types; the core only needs them to turn into
JSON (for records and the store) and back. :class:`SubmittedOrder` is what a game record keeps:
the order as JSON, who gave it and at which decision step.

Orders come from people and programs, so before a ruleset reads one, :func:`check_order`
refuses what no ruleset could use and some parser could choke on (nesting that exhausts the
stack, numbers too long to convert, text of runaway length): :data:`MAX_ORDER_CHARS`,
:data:`MAX_ORDER_DEPTH`, :data:`MAX_ORDER_DIGITS`. :func:`order_json` reads JSON text under the
same limits, and :func:`quote` shows any order in a message without failing.

:class:`Amendment` is the umpire's order: a change to the game (move or remove a unit, change
a holding, end the game with a ruling) with the reason given, submitted as side
:data:`UMPIRE` and recorded like any order, so a replay repeats it exactly.
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
    "AMENDMENT_KINDS",
    "AMEND_RULE",
    "CONCEDE",
    "MAX_ORDER_CHARS",
    "MAX_ORDER_DEPTH",
    "MAX_ORDER_DIGITS",
    "UMPIRE",
    "Amendment",
    "JsonValue",
    "Order",
    "SubmittedOrder",
    "check_order",
    "is_amendment",
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

UMPIRE = "umpire"  # the side an amendment is submitted and recorded as (no ruleset's side)
AMEND_RULE = "umpire amendments"
AMENDMENT_KINDS = ("move", "remove", "hold", "end")
MAX_REASON_CHARS = 500
NOBODY = ("nobody", "none", "draw")  # a holding of nobody's; a game ended without a winner


@runtime_checkable
class Order(Protocol):
    """What the core needs of a ruleset's order: a JSON form (and, by convention, ``__str__``)."""

    def to_json(self) -> JsonValue: ...


_JSON_TYPES = frozenset({dict, list, str, int, float, bool, type(None)})


def is_order(value: object) -> TypeGuard[Order]:
    """Whether ``value`` is an order object rather than an order's JSON or text: its type has
    a ``to_json`` method (what :class:`Order` asks, settled by the type alone, without the
    slower protocol check)."""
    t = type(value)
    return t not in _JSON_TYPES and callable(getattr(t, "to_json", None))


def is_concession(data: object) -> bool:
    """Whether a submitted order (its JSON, or an order whose JSON it is) concedes the game."""
    if is_order(data) and not isinstance(data, Mapping):
        data = data.to_json()
    # The keys first: most orders are no concession, and are told so without the copies.
    return (
        isinstance(data, Mapping) and data.keys() == CONCEDE.keys() and dict(data) == dict(CONCEDE)
    )


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


def is_amendment(data: object) -> bool:
    """Whether a submitted order (its JSON, or an :class:`Amendment`) is an umpire's
    amendment."""
    return isinstance(data, Amendment) or (isinstance(data, Mapping) and "amend" in data)


def _amend_error(message: str, order: object = None) -> IllegalOrderError:
    return IllegalOrderError(message, rule=AMEND_RULE, order=order)


@dataclass(frozen=True, slots=True)
class Amendment:
    """An umpire's change to a game, with the reason every side is told.

    ``kind`` is one of :data:`AMENDMENT_KINDS`: ``move`` a ``unit`` ``to`` a hex, ``remove`` a
    ``unit``, ``hold``: give the holding ``place`` to ``side`` (``None``: nobody), ``end`` the
    game with ``side`` the winner (``None``: nobody wins). Units, hexes and places are written
    in the ruleset's own notation (``Ruleset.amendment_help``).

    Text form (``str(amendment)`` writes it, :meth:`parse` reads it)::

        move UNIT to HEX: REASON      remove UNIT: REASON
        hold PLACE by SIDE: REASON    end SIDE: REASON     (SIDE: a side, or nobody)
    """

    kind: str
    reason: str
    unit: str = ""
    to: str = ""
    place: str = ""
    side: str | None = None

    def __str__(self) -> str:
        who = self.side or "nobody"
        match self.kind:
            case "move":
                head = f"move {self.unit} to {self.to}"
            case "remove":
                head = f"remove {self.unit}"
            case "hold":
                head = f"hold {self.place} by {who}"
            case _:
                head = f"end {who}"
        return f"{head}: {self.reason}"

    def to_json(self) -> dict[str, JsonValue]:
        out: dict[str, JsonValue] = {"amend": self.kind, "reason": self.reason}
        if self.kind in ("move", "remove"):
            out["unit"] = self.unit
        if self.kind == "move":
            out["to"] = self.to
        if self.kind == "hold":
            out["place"] = self.place
        if self.kind in ("hold", "end"):
            out["side"] = self.side
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Amendment:
        """An amendment from its JSON form; IllegalOrderError (rule ``umpire amendments``)
        naming what is wrong."""
        kind = data.get("amend")
        if kind not in AMENDMENT_KINDS:
            raise _amend_error(
                f"'amend' must be one of {', '.join(AMENDMENT_KINDS)}, not {quote(kind)}", data
            )
        needed = {
            "move": ("unit", "to"),
            "remove": ("unit",),
            "hold": ("place",),
            "end": (),
        }[kind]
        allowed = {"amend", "reason", *needed, *(("side",) if kind in ("hold", "end") else ())}
        extra = sorted(set(data) - allowed)
        if extra:
            raise _amend_error(f"a '{kind}' amendment has no field {', '.join(extra)}", data)
        fields: dict[str, str] = {}
        for name in needed:
            value = data.get(name)
            if not isinstance(value, str) or not value.strip():
                raise _amend_error(f"a '{kind}' amendment needs '{name}' (text)", data)
            fields[name] = value.strip()
        side = data.get("side")
        if side is not None and (not isinstance(side, str) or not side.strip()):
            raise _amend_error("'side' must be a side's name, or null for nobody", data)
        if isinstance(side, str) and side.strip().lower() in NOBODY:
            side = None
        reason = data.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise _amend_error("an amendment needs its reason, which every side is told", data)
        if len(reason) > MAX_REASON_CHARS:
            raise _amend_error(f"the reason is longer than {MAX_REASON_CHARS} characters", data)
        return cls(kind, " ".join(reason.split()), side=side and side.strip(), **fields)

    @classmethod
    def parse(cls, text: str) -> Amendment:
        """An amendment from its text form (see the class); IllegalOrderError if malformed."""
        head, colon, reason = text.strip().partition(":")
        words = head.split()
        if not colon or not words:
            raise _amend_error(
                "write an amendment as 'move UNIT to HEX: reason', 'remove UNIT: reason', "
                "'hold PLACE by SIDE: reason' or 'end SIDE: reason'",
                text,
            )
        kind, rest = words[0].lower(), " ".join(words[1:])
        data: dict[str, Any] = {"amend": kind, "reason": reason}
        if kind == "move":
            unit, to_word, to = rest.rpartition(" to ")
            if not to_word:
                raise _amend_error("write a move as 'move UNIT to HEX: reason'", text)
            data |= {"unit": unit, "to": to}
        elif kind == "remove":
            data["unit"] = rest
        elif kind == "hold":
            place, by_word, side = rest.rpartition(" by ")
            if not by_word:
                raise _amend_error("write a holding as 'hold PLACE by SIDE: reason'", text)
            data |= {"place": place, "side": side}
        elif kind == "end":
            data["side"] = rest or None
        return cls.from_json(data)

    @classmethod
    def read(cls, data: Any) -> Amendment:
        """An amendment given as itself, its JSON form or its text form."""
        if isinstance(data, Amendment):
            return data
        check_order(data)
        if isinstance(data, str):
            text = data.strip()
            if not text.startswith("{"):
                return cls.parse(text)
            data = order_json(text)
        if isinstance(data, Mapping):
            return cls.from_json(data)
        raise _amend_error(f"an amendment is text or a JSON object, not {quote(data)}", data)
