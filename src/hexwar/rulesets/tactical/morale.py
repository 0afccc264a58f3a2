"""Morale (seed 002: TERRAIN MORALE MODIFIERS, COMMANDERS/LEADERSHIP) and supply
(SUPPLY RANGES, VARIED HQ RANGES, INCREASING HQ RANGE): pure functions of the sheet."""

from __future__ import annotations

import math
from collections.abc import Iterable

from hexwar.rulesets.tactical.tables import sheet

__all__ = [
    "hq_range",
    "led_morale",
    "resupply_chance",
    "terrain_morale",
    "varied_range",
]


def led_morale(morale: int, leaderships: Iterable[int]) -> int:
    """A unit's morale with the friendly commanders stacked with it (COMMANDERS, LEADERSHIP):
    raised to a leader's Leadership when that is higher, else raised by one; the best leader
    counts."""
    best = morale
    for lead in leaderships:
        best = max(best, lead if lead > morale else morale + sheet().leadership_raise_by)
    return best


def terrain_morale(
    terrain: str, *, hard: bool, special: str | None, improved: bool, vehicle: bool
) -> tuple[int, list[tuple[str, int]]]:
    """The TERRAIN MORALE MODIFIER for a unit's Morale Check, and its parts.

    Open and Beach's -1 does not apply to armored (hard) units (*). The starred specials
    (bunker/pillbox +4, trench +2, improved position +1) add to all other modifiers, to a
    total of at most +5 (**). A bunker or pillbox does nothing for a vehicle (SPECIAL).
    """
    s = sheet()
    parts: list[tuple[str, int]] = []
    base = s.morale_full_hex[terrain]
    if not (hard and terrain in s.morale_not_for_hard):
        parts.append((terrain, base))
    starred = []
    if special in ("bunker", "pillbox") and not vehicle:
        starred.append((special, s.morale_starred[special]))
    elif special == "trench":
        starred.append(("trench", s.morale_starred["trench"]))
    if improved:
        starred.append(("improved position", s.morale_starred["improved_position"]))
    parts.extend(starred)
    total = sum(v for _, v in parts)
    if starred:
        total = min(total, s.morale_starred_maximum)
    return total, parts


def varied_range(nation: str, year: int, level: str) -> float:
    """The printed "50% Range" of an HQ level for a nation and year (VARIED HQ RANGES)."""
    if level == "army":
        return math.inf
    row = sheet().varied[nation][year % 100]
    column = {"battalion": 1, "regiment": 2, "brigade": 2, "division": 3, "corps": 4}[level]
    return float(row[column])


def hq_range(
    level: str,
    *,
    command_control: bool,
    nation: str,
    year: int,
    leader_bonus: int = 0,
) -> float:
    """An HQ's 50% supply range in hexes: the SUPPLY RANGES base; under Command Control the
    VARIED HQ RANGES value for its nation and year, plus the Leadership of its own leader
    stacked with it (INCREASING HQ RANGE)."""
    if not command_control:
        return sheet().base_range[level]
    return varied_range(nation, year, level) + leader_bonus


def resupply_chance(distance: int, rng50: float, curve: str = "linear") -> float:
    """Chance that a resupply attempt at ``distance`` hexes succeeds from an HQ whose 50% range
    is ``rng50`` (SUPPLY RANGES: 50% at the range, proportional to distance otherwise).

    ``linear`` (default): ``1 - 0.5 * d / R``, certain at the HQ, 50% at R, nothing from 2R on.
    ``inverse``: ``0.5 * R / d`` capped at 1. An infinite range (Army HQ) always succeeds.
    """
    half = sheet().supply_chance_at_range
    if math.isinf(rng50):
        return 1.0
    if rng50 <= 0:
        return 1.0 if distance == 0 else 0.0
    if curve == "inverse":
        return 1.0 if distance == 0 else min(1.0, half * rng50 / distance)
    return max(0.0, min(1.0, 1.0 - (1.0 - half) * distance / rng50))
