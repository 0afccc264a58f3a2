"""Skirmish orders and their notation: ``R1 move C4``, ``R1 fire C5``, ``pass``.

An order is one unit's action (or none): the side to act moves one unit to an adjacent hex,
or has it fire at an adjacent enemy, or passes. JSON form: ``{"kind": "move", "unit": "R1",
"to": "C4"}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from hexwar.core.errors import IllegalOrderError
from hexwar.core.orders import JsonValue

Kind = Literal["move", "fire", "pass"]
KINDS: tuple[Kind, ...] = ("move", "fire", "pass")
SYNTAX = "order syntax"


@dataclass(frozen=True, slots=True)
class SkirmishOrder:
    """One unit's action: ``kind`` ``move`` or ``fire`` at hex ``to``, or ``pass``."""

    kind: Kind
    unit: str = ""
    to: str = ""

    def __str__(self) -> str:
        return "pass" if self.kind == "pass" else f"{self.unit} {self.kind} {self.to}"

    @classmethod
    def from_str(cls, text: str) -> SkirmishOrder:
        words = text.split()
        if [w.lower() for w in words] == ["pass"]:
            return cls("pass")
        if len(words) == 3 and words[1].lower() in ("move", "fire"):
            kind: Kind = "move" if words[1].lower() == "move" else "fire"
            return cls(kind, words[0].upper(), words[2].upper())
        raise IllegalOrderError(
            f"bad order {text!r}: write 'R1 move C4', 'R1 fire C5' or 'pass'", rule=SYNTAX
        )

    @classmethod
    def from_json(cls, data: Any) -> SkirmishOrder:
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise IllegalOrderError(f"bad order {data!r}: no kind move, fire or pass", rule=SYNTAX)
        if set(data) - {"kind", "unit", "to"}:
            raise IllegalOrderError(f"bad order {data!r}: unknown keys", rule=SYNTAX)
        unit, to = data.get("unit", ""), data.get("to", "")
        if not isinstance(unit, str) or not isinstance(to, str):
            raise IllegalOrderError(f"bad order {data!r}: unit and to are text", rule=SYNTAX)
        if data["kind"] == "pass":
            if unit or to:
                raise IllegalOrderError(f"bad order {data!r}: a pass names nothing", rule=SYNTAX)
            return cls("pass")
        if not unit or not to:
            raise IllegalOrderError(f"bad order {data!r}: name the unit and the hex", rule=SYNTAX)
        return cls(data["kind"], unit, to)

    def to_json(self) -> JsonValue:
        if self.kind == "pass":
            return {"kind": "pass"}
        return {"kind": self.kind, "unit": self.unit, "to": self.to}
