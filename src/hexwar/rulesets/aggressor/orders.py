"""Aggressor orders: the original key controls as small value types (seed 003, TURN SEQUENCE E).

Text forms (``str(order)`` writes them, :func:`parse_order` reads them back):

* ``3 4``            unit 3 presses key 4: move, attack or request supply in direction 4
  (1 upper left, 2 lower left, 3 above, 4 below, 5 upper right, 6 lower right);
* ``3 7 @KH``        unit 3 performs a special function at ``@KH`` (``@@``: Partisan
  Contact; the unit's own hex: Replacement); an airbase may add ``recon`` or ``strike``;
* ``0``              end the turn (``end`` also works);
* ``partisans 2``    the enemy's answer at TURN SEQUENCE C: use 2 partisans (0: none);
* ``setup armor@LH infantry@LI ...``  the 18 units in choice order (SET UP).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from hexwar.core.errors import IllegalOrderError, InvalidInputError
from hexwar.core.orders import JsonValue
from hexwar.rulesets.aggressor.rules import UNIT_TYPES, parse_label

__all__ = ["AggressorOrder", "Kind", "parse_order"]

Kind = Literal["key", "special", "end", "partisans", "setup"]
PARTISAN_TARGET = "@@"
MISSIONS = ("", "recon", "strike")


@dataclass(frozen=True, slots=True)
class AggressorOrder:
    """One key press (or set-up, or partisan answer) of one side."""

    kind: Kind
    unit: int = 0
    key: int = 0
    target: str = ""
    mission: str = ""
    count: int = 0
    placements: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        match self.kind:
            case "key":
                return f"{self.unit} {self.key}"
            case "special":
                tail = f" {self.mission}" if self.mission else ""
                return f"{self.unit} 7 {self.target}{tail}"
            case "end":
                return "0"
            case "partisans":
                return f"partisans {self.count}"
            case "setup":
                return "setup " + " ".join(f"{t}{at}" for t, at in self.placements)
        raise AssertionError(self.kind)  # pragma: no cover

    def to_json(self) -> JsonValue:
        match self.kind:
            case "key":
                return {"unit": self.unit, "key": self.key}
            case "special":
                out: dict[str, JsonValue] = {"unit": self.unit, "key": 7, "target": self.target}
                if self.mission:
                    out["mission"] = self.mission
                return out
            case "end":
                return {"key": 0}
            case "partisans":
                return {"partisans": self.count}
            case "setup":
                return {"setup": [[t, at] for t, at in self.placements]}
        raise AssertionError(self.kind)  # pragma: no cover


def _bad(text: object, why: str) -> IllegalOrderError:
    return IllegalOrderError(f"bad order {text!r}: {why}", rule="order syntax", order=text)


def _int(text: str, what: str, order: object) -> int:
    if not (text.isascii() and text.isdigit()):
        raise _bad(order, f"{what} must be a number, got {text!r}")
    return int(text)


def _target(text: str, order: object) -> str:
    if text == PARTISAN_TARGET:
        return text
    try:
        parse_label(text)
    except InvalidInputError as e:
        raise _bad(order, str(e)) from None
    return text.upper()


def _key_order(unit: int, key: int, rest: list[str], order: object) -> AggressorOrder:
    if unit < 1:
        raise _bad(order, "units are numbered from 1 in choice order")
    if 1 <= key <= 6:
        if rest:
            raise _bad(order, "keys 1-6 take no target")
        return AggressorOrder("key", unit=unit, key=key)
    if key == 7:
        if not rest or len(rest) > 2:
            raise _bad(order, "key 7 needs a target hex (@@ for partisan contact)")
        mission = rest[1].lower() if len(rest) == 2 else ""
        if mission not in MISSIONS:
            raise _bad(order, f"mission must be recon or strike, got {rest[1]!r}")
        return AggressorOrder(
            "special", unit=unit, key=7, target=_target(rest[0], order), mission=mission
        )
    raise _bad(order, "keys are 1-6 (directions), 7 (special function) and 0 (end turn)")


def _setup(items: list[Any], order: object) -> AggressorOrder:
    placements: list[tuple[str, str]] = []
    for item in items:
        if isinstance(item, str):
            type_, sep, rest = item.partition("@")
            at = "@" + rest if sep else ""
        elif isinstance(item, list | tuple) and len(item) == 2:
            type_, at = str(item[0]), str(item[1])
        else:
            raise _bad(order, f"a set-up entry is TYPE@HEX, got {item!r}")
        type_ = type_.lower()
        if type_ not in UNIT_TYPES:
            raise _bad(order, f"unknown unit type {type_!r} (types: {', '.join(UNIT_TYPES)})")
        placements.append((type_, _target(at, order)))
    if any(at == PARTISAN_TARGET for _, at in placements):
        raise _bad(order, "@@ is not a hex")
    return AggressorOrder("setup", placements=tuple(placements))


def parse_order(data: JsonValue | str) -> AggressorOrder:
    """An order from its text or JSON form; IllegalOrderError naming the syntax rule."""
    if isinstance(data, str):
        words = data.split()
        if not words:
            raise _bad(data, "empty order")
        head = words[0].lower()
        if head in {"0", "end"} and len(words) == 1:
            return AggressorOrder("end")
        if head == "partisans" and len(words) == 2:
            return AggressorOrder("partisans", count=_int(words[1], "the count", data))
        if head == "setup":
            return _setup(words[1:], data)
        if head == "unit" and len(words) >= 4 and words[2].lower() == "key":
            words = [words[1], *words[3:]]
        if len(words) >= 2:
            return _key_order(
                _int(words[0], "the unit", data), _int(words[1], "the key", data), words[2:], data
            )
        raise _bad(data, "use 'UNIT KEY [TARGET]', '0', 'partisans N' or 'setup TYPE@HEX ...'")
    if isinstance(data, Mapping):
        d: Mapping[str, Any] = data
        if "setup" in d and isinstance(d["setup"], list):
            return _setup(list(d["setup"]), data)
        if set(d) == {"partisans"} and isinstance(d["partisans"], int):
            return AggressorOrder("partisans", count=d["partisans"])
        if set(d) == {"key"} and d["key"] == 0:
            return AggressorOrder("end")
        unit, key = d.get("unit"), d.get("key")
        if isinstance(unit, int) and isinstance(key, int):
            rest = [str(d["target"])] if "target" in d else []
            if "mission" in d:
                rest.append(str(d["mission"]))
            return _key_order(unit, key, rest, data)
    raise _bad(data, "not an Aggressor order")
