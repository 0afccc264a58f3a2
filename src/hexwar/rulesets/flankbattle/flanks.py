"""Flanks: the deployment of one side (seed 004, Composition; Flank editor; Terrain map).

A :class:`FlankSpec` is one square on the Strategy tab: a position on the 400 x 400 map, how
many infantry, cavalry and artillery of the military's unit types it holds, its ships and its
maneuver. :func:`default_flanks` spreads the military evenly over three flanks, every share a
whole number and the shares summing to the whole exactly (:func:`apportion`); :func:`validity`
gives the seed's status message, Good (X/Y) or Invalid Inf (X/Y) and its kin.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeGuard

from hexwar.core import exact
from hexwar.core.errors import IllegalOrderError
from hexwar.core.orders import quote

__all__ = [
    "MANEUVER_SUMMARIES",
    "MAX_FLANKS",
    "STATUS_COLOURS",
    "FlankSpec",
    "Maneuver",
    "Validity",
    "apportion",
    "default_flanks",
    "even_split",
    "validity",
]

MAX_FLANKS = 99
TOTAL_TOLERANCE = 10  # soldiers (seed 004, Terrain map: "no more than 10 soldiers")
SHIP_TOLERANCE = 1  # ships ("more than one ship off")
SHIPS_SHARE = -1  # a flank file that leaves out ships: its share of the military's ships


class Maneuver(StrEnum):
    """Seed 004, Movement: the five maneuvers."""

    NORMAL = "Normal"
    POSITION = "Position"
    FEIGNED_RETREAT = "Feigned Retreat"
    HIT_AND_RUN = "Hit and run"
    PILLAGING = "Pillaging"

    @classmethod
    def parse(cls, text: str) -> Maneuver:
        key = text.strip().casefold().replace("-", " ")
        for m in cls:
            if m.value.casefold() == key:
                return m
        raise IllegalOrderError(
            f"unknown maneuver {text!r} (one of {', '.join(m.value for m in cls)})",
            rule="maneuvers",
        )


# Seed 004, Movement: the one-line summary the flank editor shows under its maneuver drop-down.
MANEUVER_SUMMARIES = {
    Maneuver.NORMAL: "Moves towards the enemy at normal speed; charging may apply.",
    Maneuver.POSITION: "Holds its position (speed zero); charging does not apply.",
    Maneuver.FEIGNED_RETREAT: "Moves away from the enemy at normal speed to lure it; no charging.",
    Maneuver.HIT_AND_RUN: "Attacks two rounds, retreats three, repeats; charges when attacking.",
    Maneuver.PILLAGING: "Like Normal, but may cut the enemy's supplies instead of attacking.",
}

# Seed 004, Flank editor: the colour of each status.
STATUS_COLOURS = {
    "Inactive": "black",
    "Routed": "red",
    "Retreating": "orange",
    "Ready": "green",
    "Idle": "blue",
}


@dataclass(frozen=True, slots=True)
class FlankSpec:
    """One flank as placed on the Strategy tab (position in map pixels)."""

    x: float
    y: float
    infantry: int = 0
    cavalry: int = 0
    artillery: int = 0
    ships: int = 0
    maneuver: Maneuver = Maneuver.NORMAL

    @property
    def land(self) -> int:
        return self.infantry + self.cavalry + self.artillery

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "x": self.x,
            "y": self.y,
            "infantry": self.infantry,
            "cavalry": self.cavalry,
            "artillery": self.artillery,
            "ships": self.ships,
            "maneuver": self.maneuver.value,
        }
        if self.ships == SHIPS_SHARE:
            del out["ships"]
        return out

    def __str__(self) -> str:
        ships = "share" if self.ships == SHIPS_SHARE else str(self.ships)
        return (
            f"({_short(self.x)},{_short(self.y)}) inf {self.infantry} cav {self.cavalry} "
            f"art {self.artillery} ships {ships} {self.maneuver.value}"
        )

    @classmethod
    def parse_text(cls, text: str, where: str = "flank") -> FlankSpec:
        """A flank as ``str`` writes it: ``(x,y) inf N cav N art N [ships N|share] [maneuver]``
        (ships and maneuver may be left out: the flank's share of the ships, Normal)."""
        m = _FLANK_TEXT.fullmatch(text.strip())
        if m is None:
            raise IllegalOrderError(
                f"{where}: {quote(text.strip())} is not a flank; write "
                "'(x,y) inf N cav N art N ships N maneuver', e.g. "
                "'(60,200) inf 1333 cav 667 art 667 ships 0 Normal', flanks separated by ';' "
                "(or 'default', or JSON {\"flanks\": [...]})",
                rule="syntax",
            )
        data: dict[str, Any] = {
            "x": float(m["x"]),
            "y": float(m["y"]),
            "infantry": int(m["inf"]),
            "cavalry": int(m["cav"]),
            "artillery": int(m["art"]),
            "maneuver": (m["maneuver"] or "Normal").strip(),
        }
        if m["ships"] is not None and m["ships"] != "share":
            data["ships"] = int(m["ships"])
        return cls.from_json(data, where)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], where: str = "flank") -> FlankSpec:
        if not isinstance(data, Mapping):
            raise IllegalOrderError(f"{where}: a flank is a table of fields", rule="flanks")
        known = {"x", "y", "infantry", "cavalry", "artillery", "ships", "maneuver"}
        extra = set(data) - known
        if extra:
            raise IllegalOrderError(
                f"{where}: unknown field(s) {', '.join(sorted(extra))} "
                f"(fields: {', '.join(sorted(known))})",
                rule="flanks",
            )
        values: dict[str, Any] = {}
        for key in ("x", "y"):
            v = data.get(key)
            if not _finite(v) or not 0 <= v < 400:
                raise IllegalOrderError(
                    f"{where}.{key}: {v!r} is not a map coordinate 0 to 399", rule="terrain map"
                )
            values[key] = float(v)
        for key in ("infantry", "cavalry", "artillery", "ships"):
            if key == "ships" and "ships" not in data:
                values[key] = SHIPS_SHARE
                continue
            v = data.get(key, 0)
            if not _finite(v) or v < 0 or v != int(v):
                raise IllegalOrderError(
                    f"{where}.{key}: {v!r} is not a whole number 0 or more", rule="flank editor"
                )
            values[key] = int(v)
        maneuver = data.get("maneuver", "Normal")
        if not isinstance(maneuver, str):
            raise IllegalOrderError(f"{where}.maneuver: give its name", rule="maneuvers")
        return cls(maneuver=Maneuver.parse(maneuver), **values)


_NUMBER = r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_FLANK_TEXT = re.compile(
    rf"\(\s*(?P<x>{_NUMBER})\s*,\s*(?P<y>{_NUMBER})\s*\)\s*"
    r"inf\s+(?P<inf>\d+)\s+cav\s+(?P<cav>\d+)\s+art\s+(?P<art>\d+)"
    r"(?:\s+ships\s+(?P<ships>\d+|share))?(?:\s+(?P<maneuver>\S.*))?",
    re.IGNORECASE,
)


def _short(v: float) -> str:
    """A coordinate as short as it reads back exactly."""
    text = f"{v:g}"
    return text if float(text) == v else repr(v)


def _finite(v: object) -> TypeGuard[int | float]:
    """A JSON number that is not a boolean, an infinity or NaN."""
    if isinstance(v, float):
        return math.isfinite(v)
    return isinstance(v, int) and not isinstance(v, bool)


def apportion(total: int, weights: Sequence[float]) -> list[int]:
    """``total`` split into whole shares in proportion to ``weights``, summing to ``total``.

    Largest remainder (Hamilton's method): every share is its exact quotient rounded down, then
    the men left over go one each to the largest fractional parts, ties to the earlier share.
    Each share is thus its exact quotient rounded down or up -- within one man of the seed's
    "rounded to the nearest integer" -- and no man is lost or invented (see the ruling on the
    even split in docs/rulings/flankbattle.md). All weights zero: nothing is given out.
    """
    if total < 0:
        raise ValueError(f"cannot apportion a negative total {total}")
    clean = [max(0.0, float(w)) if math.isfinite(w) else 0.0 for w in weights]
    whole = exact.sum_left(clean)
    if whole <= 0 or total == 0:
        return [0] * len(clean)
    quotients = [total * w / whole for w in clean]
    shares = [math.floor(q) for q in quotients]
    left = total - sum(shares)
    by_remainder = sorted(range(len(quotients)), key=lambda i: (-(quotients[i] - shares[i]), i))
    for i in by_remainder[:left]:
        shares[i] += 1
    return shares


_ROLES = ("infantry", "cavalry", "artillery")


def role_totals(size: float, proportions: Mapping[str, float]) -> dict[str, int]:
    """Troops of each role in the whole military: the military's size (rounded to a whole
    soldier) apportioned over the roles by proportion, with what the land proportions leave
    below 1 as the ships' crew, so roles and crew sum to the size exactly (:func:`apportion`)."""
    land = [max(0.0, proportions.get(r, 0.0)) for r in _ROLES]
    crew = max(0.0, 1.0 - exact.sum_left(land))
    shares = apportion(max(0, round(size)), [*land, crew])
    return dict(zip(_ROLES, shares[:3], strict=True))


def default_positions(n: int, side: int) -> list[tuple[float, float]]:
    """Evenly spaced down the map: attackers at x = 50, defenders at x = 350."""
    x = 50.0 if side == 0 else 350.0
    return [(x, round(400 * (i + 1) / (n + 1), 1)) for i in range(n)]


def default_flanks(
    size: float,
    proportions: Mapping[str, float],
    ships: int,
    side: int,
    n: int = 3,
) -> list[FlankSpec]:
    """Seed 004, Composition: the military divided evenly over ``n`` flanks, ships rounded."""
    return even_split(size, proportions, ships, default_positions(n, side))


def even_split(
    size: float,
    proportions: Mapping[str, float],
    ships: int,
    positions: Sequence[tuple[float, float]],
    maneuvers: Sequence[Maneuver] | None = None,
) -> list[FlankSpec]:
    """Seed 004, Online database: a selected military "evenly distributed across the current
    flanks, as are the number of ships, rounded to the nearest integer" -- each role's total and
    the ships apportioned equally over the flanks (:func:`apportion`: the first flanks take the
    men left over, one each), one flank at each of ``positions``. Each role's shares sum to its
    total exactly, so the default status reads Good (Y/Y) (ruling: the even split)."""
    n = len(positions)
    if n == 0:
        return []
    totals = role_totals(size, proportions)
    even = [1.0] * n
    split = {r: apportion(totals[r], even) for r in _ROLES}
    ship_split = apportion(max(0, ships), even)
    out = []
    for i, (x, y) in enumerate(positions):
        out.append(
            FlankSpec(
                x,
                y,
                infantry=split["infantry"][i],
                cavalry=split["cavalry"][i],
                artillery=split["artillery"][i],
                ships=ship_split[i],
                maneuver=Maneuver.NORMAL if maneuvers is None else maneuvers[i],
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class Validity:
    """The status message of one side (seed 004, Terrain map)."""

    good: bool
    text: str
    colour: str  # green, red (too large), orange (too small)


_SHORT = {"infantry": "Inf", "cavalry": "Cav", "artillery": "Art"}


def validity(
    flanks: Sequence[FlankSpec],
    size: float,
    proportions: Mapping[str, float],
    ships: int,
    crew: float = 0.0,
) -> Validity:
    """Good (X/Y) when the flanks hold the military within 10 soldiers and one ship; otherwise
    Invalid Inf (X/Y) and its kin (red when too many, orange when too few)."""
    totals = role_totals(size, proportions)
    for role, short in _SHORT.items():
        x = sum(getattr(f, role) for f in flanks)
        y = totals[role]
        if abs(x - y) > TOTAL_TOLERANCE:
            return Validity(False, f"Invalid {short} ({x}/{y})", "red" if x > y else "orange")
    x_ships = sum(f.ships for f in flanks)
    if abs(x_ships - ships) > SHIP_TOLERANCE:
        return Validity(
            False, f"Invalid Navy ({x_ships}/{ships})", "red" if x_ships > ships else "orange"
        )
    crew_in = crew * (x_ships / ships) if ships else 0.0
    x_total = round(sum(f.land for f in flanks) + crew_in)
    y_total = round(size)
    if abs(x_total - y_total) > TOTAL_TOLERANCE:
        return Validity(
            False, f"Invalid ({x_total}/{y_total})", "red" if x_total > y_total else "orange"
        )
    return Validity(True, f"Good ({x_total}/{y_total})", "green")


def share_ships(flanks: Sequence[FlankSpec], ships: int) -> list[FlankSpec]:
    """Flanks that left out their ships get the military's remaining ships in proportion to
    their land troops (ruling), apportioned by largest remainder so they sum to the ships left
    exactly and none is negative (:func:`apportion`; equal shares when they hold no land
    troops)."""
    open_ = [i for i, f in enumerate(flanks) if f.ships == SHIPS_SHARE]
    if not open_:
        return list(flanks)
    given = sum(f.ships for f in flanks if f.ships != SHIPS_SHARE)
    left = max(0, ships - given)
    land = [float(flanks[i].land) for i in open_]
    shares = apportion(left, land if exact.sum_left(land) > 0 else [1.0] * len(open_))
    out = list(flanks)
    for i, n in zip(open_, shares, strict=True):
        f = flanks[i]
        out[i] = FlankSpec(f.x, f.y, f.infantry, f.cavalry, f.artillery, n, f.maneuver)
    return out


def check_count(flanks: Sequence[FlankSpec]) -> None:
    if not 1 <= len(flanks) <= MAX_FLANKS:
        raise IllegalOrderError(
            f"{len(flanks)} flanks: a side has 1 to {MAX_FLANKS}", rule="flanks per side"
        )


def isqrt_size(size: float) -> float:
    return math.sqrt(max(size, 0.0))


def can_add_flank(count: int) -> bool:
    """Seed 004, Terrain map: "a maximum of 99 flanks per side" -- may a side of ``count``
    flanks get one more (the + button, Ctrl+V)?"""
    return count < MAX_FLANKS
