"""Air war orders: one small value type for every stage, with a text notation.

Fields are written by their labels (``K25``); the game checks them against its board. Text
notation, parts separated by ``;`` or blanks::

    cities K20 D30 H14            the opponent's cities (initial stage, §2.0)
    units K3x3 L4x2 M5            your units (initial stage); ``unproductive K45`` (§3, A)
    K5-K6x2 K7-K7                 move two units from K5 to K6, keep one on K7 (§2.1)
    K9>D30  K9>H20x2              fly one unit anywhere, or two to your airport H20 (§2.1)
    K40>>D30                      §3.2.2 double transport to airport D30, one on to its city
    K5@K6x2                       two units on K5 fire on K6 (§2.3)
    pass                          nothing (every unit stays / holds its fire)
    late pass   late K3-K4        the late order given for a player out of time (§4, ruling
                                  22): what follows ``late`` stands for the player's order
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, cast

from hexwar.core.errors import IllegalOrderError
from hexwar.core.orders import CONCEDE, JsonValue

__all__ = ["AirwarOrder", "Concession", "parse_order"]

Step = tuple[str, str, int]

_FIELD = r"[A-Za-z]\d{1,2}"
_COUNT = r"(?:[xX](\d+))?"
_MOVE = re.compile(rf"({_FIELD})-({_FIELD}){_COUNT}")
_FLIGHT = re.compile(rf"({_FIELD})>({_FIELD}){_COUNT}")
_TRANSPORT = re.compile(rf"({_FIELD})>>({_FIELD})")
_FIRE = re.compile(rf"({_FIELD})@({_FIELD}){_COUNT}")
_UNITS = re.compile(rf"({_FIELD}){_COUNT}")
_FIELD_RE = re.compile(_FIELD)
_KEYWORDS = {"cities", "units", "unproductive", "move", "moves", "fire", "pass", "late"}


def _f(text: str) -> str:
    return text.upper()


@dataclass(frozen=True, slots=True)
class Concession:
    """A player concedes defeat (§2.5: "The play continues until one player concedes defeat
    or until all his units are removed by kills"); its JSON is the core's concession."""

    def to_json(self) -> JsonValue:
        return dict(CONCEDE)

    def __str__(self) -> str:
        return ":concede"


@dataclass(frozen=True, slots=True)
class AirwarOrder:
    """Everything a player may order at one decision; the game admits only the parts that
    belong to the current stage. ``late``: given for a player whose time ran out (§4 time
    limit, ruling 22), so the log tells it as such."""

    cities: tuple[str, ...] = ()
    units: tuple[tuple[str, int], ...] = ()
    unproductive: str | None = None
    moves: tuple[Step, ...] = ()
    flights: tuple[Step, ...] = ()
    transports: tuple[tuple[str, str], ...] = ()
    fire: tuple[Step, ...] = ()
    late: bool = False

    def to_json(self) -> JsonValue:
        out: dict[str, JsonValue] = {}
        if self.cities:
            out["cities"] = list(self.cities)
        if self.units:
            out["units"] = dict(self.units)
        if self.unproductive is not None:
            out["unproductive"] = self.unproductive
        for key, steps in (("moves", self.moves), ("flights", self.flights), ("fire", self.fire)):
            if steps:
                out[key] = [[a, b, n] for a, b, n in steps]
        if self.transports:
            out["transports"] = [[a, b] for a, b in self.transports]
        if self.late:
            out["late"] = True
        return out

    def __str__(self) -> str:
        parts: list[str] = []
        if self.cities:
            parts.append("cities " + " ".join(self.cities))
        if self.units:
            parts.append("units " + " ".join(_count(f, n) for f, n in self.units))
        if self.unproductive is not None:
            parts.append(f"unproductive {self.unproductive}")
        steps = [_count(f"{a}-{b}", n) for a, b, n in self.moves]
        steps += [_count(f"{a}>{b}", n) for a, b, n in self.flights]
        steps += [f"{a}>>{b}" for a, b in self.transports]
        steps += [_count(f"{a}@{b}", n) for a, b, n in self.fire]
        if steps:
            parts.append(" ".join(steps))
        text = "; ".join(parts) if parts else "pass"
        return f"late {text}" if self.late else text

    @property
    def empty(self) -> bool:
        return self == AirwarOrder()

    def marked_late(self, late: bool = True) -> AirwarOrder:
        """This order as the late order given for a player out of time (or, with ``late``
        false, without that mark)."""
        return replace(self, late=late)


def _count(text: str, n: int) -> str:
    return text if n == 1 else f"{text}x{n}"


def _bad(message: str, data: object) -> IllegalOrderError:
    return IllegalOrderError(message, rule="order notation", order=data)


def parse_order(data: JsonValue | str) -> AirwarOrder:
    """An order from its JSON form or its text notation (see the module docstring).

    Raises:
        IllegalOrderError: quoting the piece that cannot be read.
    """
    if isinstance(data, str):
        return _parse_text(data)
    if isinstance(data, Mapping):
        return _parse_json(data)
    raise _bad(f"an air war order is text or a JSON object, not {type(data).__name__}", data)


def _parse_text(text: str) -> AirwarOrder:
    cities: list[str] = []
    units: list[tuple[str, int]] = []
    moves: list[Step] = []
    flights: list[Step] = []
    transports: list[tuple[str, str]] = []
    fire: list[Step] = []
    unproductive: str | None = None
    late = False
    mode = ""
    tokens = text.replace(";", " ; ").replace(",", " ").split()
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        low = tok.lower()
        i += 1
        if tok == ";":
            mode = ""
            continue
        if low in _KEYWORDS:
            if low == "unproductive":
                if i >= len(tokens) or not _FIELD_RE.fullmatch(tokens[i]):
                    raise _bad("'unproductive' must be followed by a field, e.g. K45", text)
                unproductive = _f(tokens[i])
                i += 1
            elif low == "late":
                late = True
            elif low != "pass":
                mode = low
            continue
        if m := _TRANSPORT.fullmatch(tok):
            transports.append((_f(m[1]), _f(m[2])))
        elif m := _FLIGHT.fullmatch(tok):
            flights.append((_f(m[1]), _f(m[2]), _n(m[3], tok)))
        elif m := _MOVE.fullmatch(tok):
            moves.append((_f(m[1]), _f(m[2]), _n(m[3], tok)))
        elif m := _FIRE.fullmatch(tok):
            fire.append((_f(m[1]), _f(m[2]), _n(m[3], tok)))
        elif mode == "cities" and _FIELD_RE.fullmatch(tok):
            cities.append(_f(tok))
        elif mode == "units" and (m := _UNITS.fullmatch(tok)):
            units.append((_f(m[1]), _n(m[2], tok)))
        else:
            raise _bad(
                f"cannot read {tok!r}: expected cities/units lists, FROM-TO[xN], FROM>TO[xN], "
                "FROM>>AIRPORT or FROM@TARGET[xN]",
                text,
            )
    return AirwarOrder(
        tuple(cities),
        _merge_units(units),
        unproductive,
        tuple(moves),
        tuple(flights),
        tuple(transports),
        tuple(fire),
        late,
    )


def _n(text: str | None, tok: str) -> int:
    if text is None:
        return 1
    n = int(text)
    if n < 1:
        raise _bad(f"{tok!r}: the count must be at least 1", tok)
    return n


def _merge_units(units: list[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    merged: dict[str, int] = {}
    for f, n in units:
        merged[f] = merged.get(f, 0) + n
    return tuple(sorted(merged.items()))


def _parse_json(data: Mapping[str, object]) -> AirwarOrder:
    known = {"cities", "units", "unproductive", "moves", "flights", "transports", "fire", "late"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise _bad(f"unknown keys {unknown} (known: {sorted(known)})", data)
    cities = data.get("cities", [])
    if not isinstance(cities, list) or not all(isinstance(c, str) for c in cities):
        raise _bad("'cities' must be a list of field labels", data)
    raw_units = data.get("units", {})
    if not isinstance(raw_units, Mapping):
        raise _bad("'units' must map field labels to counts", data)
    units: list[tuple[str, int]] = []
    for f, n in raw_units.items():
        if not isinstance(f, str) or not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise _bad(f"'units': {f!r}: {n!r} must be a positive count", data)
        units.append((_f(f), n))
    unproductive = data.get("unproductive")
    if unproductive is not None and not isinstance(unproductive, str):
        raise _bad("'unproductive' must be a field label", data)
    late = data.get("late", False)
    if not isinstance(late, bool):
        raise _bad("'late' must be true or false", data)
    transports: list[tuple[str, str]] = []
    for item in _list(data, "transports"):
        if not (
            isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)
        ):
            raise _bad(f"'transports': {item!r} must be [from, airport]", data)
        transports.append((_f(item[0]), _f(item[1])))
    return AirwarOrder(
        tuple(_f(c) for c in cities),
        _merge_units(units),
        None if unproductive is None else _f(unproductive),
        _steps(data, "moves"),
        _steps(data, "flights"),
        tuple(transports),
        _steps(data, "fire"),
        late,
    )


def _list(data: Mapping[str, object], key: str) -> list[object]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise _bad(f"{key!r} must be a list", data)
    return value


def _steps(data: Mapping[str, object], key: str) -> tuple[Step, ...]:
    out: list[Step] = []
    for item in _list(data, key):
        ok = (
            isinstance(item, list)
            and len(item) == 3
            and isinstance(item[0], str)
            and isinstance(item[1], str)
            and isinstance(item[2], int)
            and not isinstance(item[2], bool)
            and item[2] >= 1
        )
        if not ok:
            raise _bad(f"{key!r}: {item!r} must be [from, to, count >= 1]", data)
        a, b, n = cast(list[Any], item)
        out.append((_f(a), _f(b), int(n)))
    return tuple(out)
