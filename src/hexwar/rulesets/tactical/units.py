"""The tactical game's pieces: units and commanders as the game holds them."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.plan import mobility_of
from hexwar.rulesets.tactical.scenario import SIDES
from hexwar.rulesets.tactical.tables import VEHICLES

__all__ = ["Commander", "Unit", "other", "unit_states"]


@dataclass
class Unit:
    id: str
    side: str
    name: str
    kind: str
    hex: Hex | None
    sp: int
    max_sp: int
    morale: int
    attack_soft: float
    attack_hard: float
    defense: float
    range: int
    ap_max: int
    ap: float
    ammo_max: int
    ammo: int
    smoke: int
    hard: bool
    base_mobility: str
    can_assault: bool
    hq: str | None
    hq_level: str | None
    mounted: str | None = None
    carrier: str | None = None  # the tank a rider is on (docs/rulings/tactical.md, Riders)
    indirect: bool = False  # fires without its own line of sight (mortars)
    disrupted: bool = False
    improved: bool = False
    moved: bool = False
    in_supply: bool = True

    @property
    def alive(self) -> bool:
        return self.sp > 0

    @property
    def mobility(self) -> str:
        return mobility_of(self.base_mobility, self.mounted)

    @property
    def vehicle(self) -> bool:
        return self.mobility in VEHICLES

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["hex"] = None if self.hex is None else str(self.hex)
        return d


@dataclass
class Commander:
    id: str
    side: str
    name: str
    hex: Hex | None
    leadership: int
    command: int
    ap_max: int
    ap: float
    hq: str | None
    fate: str | None = None  # "killed" or "captured" once off the map

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["hex"] = None if self.hex is None else str(self.hex)
        return d


def unit_states(
    disrupted: bool,
    improved: bool,
    mounted: str | None,
    in_supply: bool | None,
    *,
    short: bool = False,
) -> list[str]:
    """A unit's notable states in words, for the terminal view (``short``) and the report;
    ``in_supply`` is None for a unit that is not an HQ."""
    return [
        text
        for text, on in (
            ("DISRUPTED" if short else "disrupted", disrupted),
            ("IP" if short else "improved position", improved),
            (f"riding {mounted}", mounted),
            ("out of supply", in_supply is False),
        )
        if on
    ]


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]
