"""The Aggressor scenario: the Sector module's map, the options, and optionally both set-ups.

A scenario file names the ruleset, draws the map as 15 strings of 21 characters (``.`` clear,
``^`` rough; seed MAP BOARD / MOVEMENT), switches the options (OPTIONAL RULES and the author's
"user selectable options"), and may carry a saved set-up (CONDUCT OF PLAY / SET UP: "a data
file that will record this particular setup ... so one can set up a game the same way more than
once"), the first mover with it (TURN SEQUENCE A).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

import tomli_w
from pydantic import Field, ValidationInfo, field_validator, model_validator

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.aggressor.rules import (
    BORDER_COLUMN,
    COLS,
    ROWS,
    SIDES,
    UNIT_TYPES,
    cell_of,
    parse_label,
    territory,
)
from hexwar.scenarios import KeyPath, ScenarioModel

__all__ = [
    "ARMY_SIZE",
    "AggressorScenario",
    "Options",
    "Placement",
    "SetUp",
    "setup_problems",
    "to_toml",
]

ARMY_SIZE = 18  # GAME RULES / UNIT TYPES: "Each side will begin the game by choosing 18 units"
CLEAR, ROUGH = ".", "^"
_DEFER = "aggressor-defer"


class Options(ScenarioModel):
    """The switchable rules (author's "user selectable options= dieFac, Obs, isAi" and
    OPTIONAL RULES / Mobile Attacks)."""

    observation: bool = Field(
        True, description="OBSERVATION: hidden information; false gives full information"
    )
    die_factor: bool = Field(
        False,
        description="dieFac: resolve attacks with a d10 (hit if it shows <= 10 x chance; a 1 "
        "always hits) instead of a uniform draw",
    )
    computer: Literal["none", "west", "east", "both"] = Field(
        "east",
        description="isAi: the sides the computer plays in `hexwar play` without "
        "--side ('none': two players at one terminal; 'both': the computer plays itself)",
    )
    mobile_attacks: bool = Field(
        False, description="OPTIONAL RULES / Mobile Attacks: attacking needs a movement point"
    )
    air_loss: Literal["distance", "dice"] = Field(
        "distance",
        description="airbase loss after a mission: 'distance' = distance/28/Strength, "
        "'dice' = two dice <= (distance (+ Strength on a strike))/2",
    )
    air_loss_die: int = Field(10, ge=4, le=20, description="die size of the 'dice' air loss")
    partisan_radius: int = Field(3, ge=0, le=20, description="TURN SEQUENCE C freeze radius")


class Placement(ScenarioModel):
    """One unit of a set-up, in choice order."""

    type: str = Field(description="airbase, missile, artillery, armor, infantry or support")
    at: str = Field(description="the hex, e.g. '@CH'")

    @field_validator("type")
    @classmethod
    def _known_type(cls, value: str) -> str:
        if value not in UNIT_TYPES:
            raise ValueError(f"unknown unit type {value!r} (types: {', '.join(UNIT_TYPES)})")
        return value

    @field_validator("at")
    @classmethod
    def _on_map(cls, value: str) -> str:
        try:
            parse_label(value)
        except InvalidInputError as e:
            raise ValueError(str(e)) from None
        return value.upper()


class SetUp(ScenarioModel):
    """Both sides' set-ups (CONDUCT OF PLAY / SET UP) and who moves first (TURN SEQUENCE A)."""

    first_mover: Literal["west", "east"]
    west: tuple[Placement, ...]
    east: tuple[Placement, ...]


def setup_problems(side: str, units: tuple[Placement, ...]) -> list[tuple[KeyPath, str]]:
    """Problems of one side's set-up: 18 units, one per hex, each in the side's territory."""
    problems: list[tuple[KeyPath, str]] = []
    if len(units) != ARMY_SIZE:
        problems.append(((), f"{side} must choose exactly {ARMY_SIZE} units, got {len(units)}"))
    seen: Counter[int] = Counter()
    for i, p in enumerate(units):
        cell = parse_label(p.at)
        seen[cell] += 1
        if seen[cell] == 2:
            problems.append(((i, "at"), f"{p.at} holds two units (no stacking, GAME RULES)"))
        if territory(cell) != side:
            where = "the border column K" if territory(cell) is None else "east of the border"
            if side == "east" and territory(cell) == "west":
                where = "west of the border"
            problems.append(
                ((i, "at"), f"{p.at} is on {where}; {side} sets up in its own territory (SET UP)")
            )
    return problems


class AggressorScenario(ScenarioModel):
    """One Aggressor game: map, options, turn limit and (optionally) a saved set-up."""

    ruleset: Literal["aggressor"]
    title: str = Field(description="the game's name, shown to players")
    description: str = Field("", description="what the game is about")
    terrain: tuple[str, ...] = Field(
        description="15 rows (A..O, top to bottom) of 21 characters (columns A..U): "
        "'.' clear, '^' rough; the border column K is clear (MOVEMENT)"
    )
    max_rounds: int = Field(
        30, ge=1, le=1000, description="rounds before the game ends without a victory"
    )
    first_mover: Literal["random", "west", "east"] = Field(
        "random", description="TURN SEQUENCE A: who moves first; 'random' draws it"
    )
    options: Options = Field(default_factory=Options)
    setup: SetUp | None = Field(None, description="a saved set-up of both sides")
    strength: dict[Literal["west", "east"], dict[str, int]] = Field(
        default_factory=dict,
        description="a unit type's starting (maximum) Strength for one side, instead of the "
        "GAME RULES / UNIT TYPES value (for sensitivity studies), e.g. {west = {armor = 4}}",
    )

    @field_validator("strength")
    @classmethod
    def _strengths(cls, value: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
        for side, types in value.items():
            for type_, n in types.items():
                if type_ not in UNIT_TYPES:
                    known = ", ".join(UNIT_TYPES)
                    raise ValueError(f"{side}: unknown unit type {type_!r} (types: {known})")
                if not 1 <= n <= 9:
                    raise ValueError(f"{side}.{type_}: a Strength is 1 to 9 (got {n})")
        return value

    @classmethod
    def deferred_context(cls) -> dict[str, Any]:
        return {_DEFER: True}

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> AggressorScenario:
        if info.context and info.context.get(_DEFER):
            return self
        problems = self.deferred_problems()
        if problems:
            path, message = problems[0]
            raise ValueError(f"{'.'.join(map(str, path))}: {message}")
        return self

    def deferred_problems(self) -> list[tuple[KeyPath, str]]:
        problems: list[tuple[KeyPath, str]] = []
        if len(self.terrain) != ROWS:
            problems.append((("terrain",), f"the map has {ROWS} rows, got {len(self.terrain)}"))
        for r, row in enumerate(self.terrain):
            if len(row) != COLS:
                problems.append((("terrain", r), f"a row has {COLS} hexes, got {len(row)}"))
            bad = sorted(set(row) - {CLEAR, ROUGH})
            if bad:
                problems.append(
                    (("terrain", r), f"unknown terrain {bad[0]!r}: use '.' clear or '^' rough")
                )
            if len(row) > BORDER_COLUMN and row[BORDER_COLUMN] != CLEAR:
                problems.append(
                    (
                        ("terrain", r),
                        "the border column K must be clear (MOVEMENT: 'border "
                        "hexes are also positioned in clear terrain')",
                    )
                )
        if self.setup is not None:
            for side in SIDES:
                units = getattr(self.setup, side)
                for path, message in setup_problems(side, units):
                    problems.append((("setup", side, *path), message))
        return problems

    def rough_cells(self) -> frozenset[int]:
        return frozenset(
            cell_of(c, r)
            for r, row in enumerate(self.terrain)
            for c, ch in enumerate(row)
            if ch == ROUGH
        )


def to_toml(scenario: AggressorScenario) -> str:
    """The scenario as a TOML file that loads back into an equal scenario."""
    data = scenario.model_dump(mode="json", exclude_none=True)
    head = (
        "# An Aggressor scenario (seed 003). terrain: rows A..O, columns A..U; "
        "'.' clear, '^' rough.\n"
    )
    return head + tomli_w.dumps(data, multiline_strings=False)
