"""A side's orders for its phase: actions carried out in the order given.

Text form, actions separated by ``;`` (``pass`` or nothing: no action)::

    move A1 3,4; fire T1 G2; assault A2 G2; smoke M1 5,2; mount R1 T1; dismount R1; move C1 3,4

JSON form: ``{"actions": ["move A1 3,4", "fire T1 G2"]}``. ``str()`` gives the text form and
:func:`parse_orders` reads either back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hexwar.core.errors import IllegalOrderError, InvalidInputError
from hexwar.core.hexes import Hex
from hexwar.core.orders import JsonValue

__all__ = ["VERBS", "Action", "TurnOrders", "parse_orders"]

Verb = Literal["move", "fire", "assault", "smoke", "mount", "dismount"]
VERBS: tuple[Verb, ...] = ("move", "fire", "assault", "smoke", "mount", "dismount")
_HEX_TARGET = frozenset({"move", "smoke"})
_UNIT_TARGET = frozenset({"fire", "assault", "mount"})


@dataclass(frozen=True, slots=True)
class Action:
    """One action: ``verb`` by ``unit`` (a unit or commander id) at ``target``.

    ``target`` is a hex for ``move`` and ``smoke``, an enemy unit id for ``fire`` and
    ``assault``, the own vehicle's id for ``mount``, and ``None`` for ``dismount``.
    """

    verb: Verb
    unit: str
    target: str | None = None

    @property
    def hex(self) -> Hex:
        if self.target is None or self.verb not in _HEX_TARGET:
            raise IllegalOrderError(f"{self}: names no hex", rule="order syntax")
        return Hex.from_str(self.target)

    def __str__(self) -> str:
        return f"{self.verb} {self.unit}" + ("" if self.target is None else f" {self.target}")

    @classmethod
    def from_str(cls, text: str) -> Action:
        words = text.split()
        if not words or words[0] not in VERBS:
            raise IllegalOrderError(
                f"bad action {text.strip()!r}: start with one of {', '.join(VERBS)}",
                rule="order syntax",
            )
        verb: Verb = words[0]
        want = 2 if verb == "dismount" else 3
        if len(words) != want:
            usage = {
                "move": "move UNIT Q,R",
                "smoke": "smoke UNIT Q,R",
                "fire": "fire UNIT ENEMY",
                "assault": "assault UNIT ENEMY",
                "mount": "mount UNIT VEHICLE",
                "dismount": "dismount UNIT",
            }[verb]
            raise IllegalOrderError(f"bad action {text.strip()!r}: {usage}", rule="order syntax")
        target = words[2] if want == 3 else None
        if verb in _HEX_TARGET:
            try:
                target = str(Hex.from_str(words[2]))
            except InvalidInputError as e:
                raise IllegalOrderError(f"{text.strip()!r}: {e}", rule="order syntax") from None
        return cls(verb, words[1], target)


@dataclass(frozen=True, slots=True)
class TurnOrders:
    actions: tuple[Action, ...] = ()

    def __str__(self) -> str:
        return "; ".join(map(str, self.actions)) or "pass"

    def to_json(self) -> JsonValue:
        return {"actions": [str(a) for a in self.actions]}


def parse_orders(data: JsonValue | str) -> TurnOrders:
    """Orders from the text form or the JSON form; IllegalOrderError names what is wrong."""
    if isinstance(data, str):
        text = data.strip()
        if text in ("", "pass"):
            return TurnOrders()
        return TurnOrders(tuple(Action.from_str(p) for p in text.split(";") if p.strip()))
    if isinstance(data, dict) and set(data) == {"actions"} and isinstance(data["actions"], list):
        items = data["actions"]
        if not all(isinstance(a, str) for a in items):
            raise IllegalOrderError("every action is a string like 'move A1 3,4'", rule="syntax")
        return TurnOrders(tuple(Action.from_str(a) for a in items))  # type: ignore[arg-type]
    raise IllegalOrderError(
        f"bad orders {data!r}: a string like 'move A1 3,4; fire T1 G2' or "
        '{"actions": ["move A1 3,4"]}',
        rule="order syntax",
    )
