"""Orders at the protocol boundary.

A ruleset's orders are its own small frozen value types; the core only needs them to turn into
JSON (for records and the store) and back. :class:`SubmittedOrder` is what a game record keeps:
the order as JSON, who gave it and at which decision step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from hexwar.core.views import JsonValue

__all__ = ["CONCEDE", "JsonValue", "Order", "SubmittedOrder", "is_concession"]

CONCEDE: Mapping[str, bool] = {"concede": True}  # the one order every ruleset understands


@runtime_checkable
class Order(Protocol):
    """What the core needs of a ruleset's order: a JSON form (and, by convention, ``__str__``)."""

    def to_json(self) -> JsonValue: ...


def is_concession(data: object) -> bool:
    """Whether a submitted order (its JSON, or an order whose JSON it is) concedes the game."""
    if isinstance(data, Order) and not isinstance(data, Mapping):
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
