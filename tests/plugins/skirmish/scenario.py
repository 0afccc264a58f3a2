"""The skirmish scenario file: the map, the objective, the rounds, the sight range and each
side's units; and the map's notation (hex labels such as ``C4``: column letter, row number).

A scenario is TOML validated by :class:`SkirmishScenario` (strict, closed, frozen, like every
hexwar scenario): a mistake is reported at its ``file:line: key.path``.
"""

from __future__ import annotations

import re
import string
from typing import Literal, Self

from pydantic import Field, model_validator

from hexwar.core.errors import IllegalOrderError
from hexwar.core.hexes import Hex, OffsetKind, from_offset, to_offset
from hexwar.scenarios import ScenarioModel

SIDES = ("red", "blue")
_LABEL = re.compile(r"^([A-Z])([1-9][0-9]?)$")


def other(side: str) -> str:
    """The enemy of ``side``."""
    return SIDES[1 - SIDES.index(side)]


def label(h: Hex) -> str:
    """The map's name of ``h``: its column letter and row number (odd columns shoved down)."""
    col, row = to_offset(h, OffsetKind.ODD_Q)
    return f"{string.ascii_uppercase[col]}{row + 1}"


def parse_label(text: str) -> Hex:
    """The hex a label names (``C4``); IllegalOrderError (rule ``map``) if it names none."""
    m = _LABEL.match(text.strip().upper())
    if m is None:
        raise IllegalOrderError(
            f"bad hex {text!r}: write a column letter and a row (C4)", rule="map"
        )
    return from_offset(string.ascii_uppercase.index(m[1]), int(m[2]) - 1, OffsetKind.ODD_Q)


def map_hexes(columns: int, rows: int) -> list[Hex]:
    """Every hex of a ``columns`` x ``rows`` map, column by column."""
    return [from_offset(c, r, OffsetKind.ODD_Q) for c in range(columns) for r in range(rows)]


class UnitSpec(ScenarioModel):
    """A unit as it starts: its name (``R1``) and its hex."""

    id: str = Field(pattern=r"^[A-Z][0-9]{1,2}$")
    at: str = Field(pattern=r"^[A-Z][1-9][0-9]?$")


class SkirmishScenario(ScenarioModel):
    """A skirmish: a small map, an objective hex, woods, and each side's units."""

    ruleset: Literal["skirmish"]
    title: str
    columns: int = Field(7, ge=3, le=12)
    rows: int = Field(7, ge=3, le=12)
    rounds: int = Field(10, ge=1, le=50)
    sight: int = Field(2, ge=1, le=6)  # a side sees enemy units this near its own
    strength: int = Field(2, ge=1, le=5)  # every unit's steps at the start
    first: Literal["red", "blue"] = "red"
    objective: str
    woods: list[str] = Field(default_factory=list)
    red: list[UnitSpec] = Field(min_length=1, max_length=6)
    blue: list[UnitSpec] = Field(min_length=1, max_length=6)

    @model_validator(mode="after")
    def _on_the_map(self) -> Self:
        board = set(map_hexes(self.columns, self.rows))
        places = [self.objective, *self.woods, *(u.at for u in [*self.red, *self.blue])]
        for text in places:
            try:
                on = parse_label(text) in board
            except IllegalOrderError:
                on = False
            if not on:
                raise ValueError(f"hex {text!r} is not on the {self.columns}x{self.rows} map")
        units = [*self.red, *self.blue]
        if len({u.id for u in units}) != len(units):
            raise ValueError("two units share a name")
        if len({u.at for u in units}) != len(units):
            raise ValueError("two units share a hex (one unit a hex)")
        return self
