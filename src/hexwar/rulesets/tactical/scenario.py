"""The tactical scenario file: map, sides, units, commanders, objectives (TOML or JSON).

Hexes are written ``"q,r"`` in the core's axial coordinates. The terrain and elevation grids
are drawn row by row in *odd-q* offset layout (``hexwar.core.hexes.OffsetKind.ODD_Q``): the
character in column ``c`` of row ``r`` is the hex ``from_offset(c, r, ODD_Q)``, so a grid of
``columns x rows`` characters is a rectangular board. Every cross-field check is located at
its key path (``units[3].at: hex 40,2 is off the map``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, ValidationInfo, model_validator

from hexwar.core.errors import InvalidInputError
from hexwar.core.hexes import Hex, OffsetKind, from_offset
from hexwar.rulesets.tactical.tables import HQ_LEVELS, SPECIALS, rules, sheet
from hexwar.scenarios import KeyPath, ScenarioModel

__all__ = [
    "LEGEND",
    "SIDES",
    "CommanderSpec",
    "HexsideSpec",
    "MapSpec",
    "ObjectiveSpec",
    "SideSpec",
    "SpecialSpec",
    "TacticalScenario",
    "UnitSpec",
]

SIDES = ("allied", "axis")
DEFER = "tactical_defer"

LEGEND: dict[str, str] = {
    ".": "open",
    "f": "field",
    "o": "orchard",
    "r": "rough",
    "F": "forest",
    "b": "beach",
    "B": "building",
    "v": "village",
    "s": "suburb",
    "C": "city",
    "I": "industrial",
    "w": "water",
    "~": "shallow_water",
    "m": "marsh",
    "S": "swamp",
}
"""One character per terrain in ``map.terrain`` (sheet: TERRAIN COMBAT MODIFIERS, FULL-HEX)."""

Side = Literal["allied", "axis"]
Nation = Literal["russia", "germany", "italy", "usa"]
Kind = Literal["infantry", "armor", "gun", "hq"]
HqLevel = Literal["army", "corps", "division", "brigade", "regiment", "battalion"]
Feature = Literal["hedge", "bocage", "embankment", "stone_wall", "other", "high_wall"]
Special = Literal["trench", "bunker", "pillbox", "beach_obstacles"]


class SideSpec(ScenarioModel):
    nation: Nation
    name: str = ""


class HexsideSpec(ScenarioModel):
    at: str = Field(description="two adjacent hexes, 'q,r|q,r'")
    feature: Feature


class SpecialSpec(ScenarioModel):
    at: str
    kind: Special


class ObjectiveSpec(ScenarioModel):
    at: str
    vp: int = Field(ge=1)
    owner: Side | None = None


class MapSpec(ScenarioModel):
    columns: int = Field(ge=2, le=60)
    rows: int = Field(ge=2, le=60)
    terrain: list[str] = Field(description="one string per row, one legend character per column")
    elevation: list[str] = Field(
        default_factory=list, description="optional: rows of digits, each digit x elevation_step"
    )
    elevation_step: float = Field(10.0, ge=0, allow_inf_nan=False)
    roads: list[list[str]] = Field(default_factory=list, description="chains of adjacent hexes")
    hexsides: list[HexsideSpec] = Field(default_factory=list)
    specials: list[SpecialSpec] = Field(default_factory=list)
    blocked: list[str] = Field(default_factory=list, description="hexes costing 65 AP to enter")


class UnitSpec(ScenarioModel):
    id: str = Field(min_length=1, max_length=12, pattern=r"^[A-Za-z0-9_.-]+$")
    side: Side
    name: str
    kind: Kind
    at: str | None = Field(None, description="'q,r'; only an army HQ may stay off the map")
    sp: int = Field(ge=1, le=24)
    morale: int = Field(ge=1, le=10)
    hq: str | None = Field(None, description="the HQ that resupplies the unit")
    hq_level: HqLevel | None = None
    mounted: Literal["tank", "transport"] | None = None
    attack_soft: float | None = Field(None, ge=0, allow_inf_nan=False)
    attack_hard: float | None = Field(None, ge=0, allow_inf_nan=False)
    defense: float | None = Field(None, gt=0, allow_inf_nan=False)
    range: int | None = Field(None, ge=0)
    ap: int | None = Field(None, ge=1)
    ammo: int | None = Field(None, ge=0)
    smoke: int | None = Field(None, ge=0)
    indirect: bool = Field(
        False,
        description="fires at enemy units its side sees without a line of sight of its own "
        "(mortars; docs/rulings/tactical.md)",
    )


class CommanderSpec(ScenarioModel):
    id: str = Field(min_length=1, max_length=12, pattern=r"^[A-Za-z0-9_.-]+$")
    side: Side
    name: str
    at: str
    leadership: int = Field(ge=1, le=10)
    command: int = Field(ge=0, le=10)
    ap: int = Field(100, ge=1)
    hq: str | None = Field(None, description="'his' HQ (sheet: INCREASING HQ RANGE)")


class TacticalScenario(ScenarioModel):
    ruleset: Literal["tactical"]
    title: str
    description: str = ""
    year: int = Field(ge=1939, le=1945)
    turns: int = Field(ge=1, le=200)
    first: Side = "allied"
    command_control: bool = Field(False, description="the sheet's optional Command Control rule")
    supply_curve: Literal["linear", "inverse"] = "linear"
    combination: Literal["worst", "sum"] = "worst"
    visibility: int | None = Field(None, ge=1)
    opportunity_fire: bool = Field(
        True, description="enemy units with AP left fire at units moving in their sight"
    )
    opportunity_fire_odds: float | None = Field(
        None, ge=0, description="least net odds for opportunity fire (default 0.5, i.e. 1:2)"
    )
    break_percent: int | None = Field(
        None,
        ge=1,
        le=100,
        description="a side whose combat units have lost this percentage of their starting SPs "
        "breaks and loses at the end of a phase (docs/tactical.md, Winning); none: no break",
    )
    sides: dict[Side, SideSpec]
    map: MapSpec
    objectives: list[ObjectiveSpec] = Field(default_factory=list)
    units: list[UnitSpec]
    commanders: list[CommanderSpec] = Field(default_factory=list)

    @classmethod
    def deferred_context(cls) -> dict[str, Any]:
        return {DEFER: True}

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> TacticalScenario:
        if info.context and info.context.get(DEFER):
            return self
        problems = self.deferred_problems()
        if problems:
            raise ValueError("; ".join(f"{_text(p)}: {m}" for p, m in problems[:10]))
        return self

    # -- derived -------------------------------------------------------------------------------

    def board_hexes(self) -> dict[Hex, str]:
        """Every hex of the board and its terrain (rows past the grid's end: open)."""
        out: dict[Hex, str] = {}
        for row in range(self.map.rows):
            line = self.map.terrain[row] if row < len(self.map.terrain) else ""
            for col in range(self.map.columns):
                ch = line[col] if col < len(line) else "."
                out[from_offset(col, row, OffsetKind.ODD_Q)] = LEGEND.get(ch, "open")
        return out

    def elevations(self) -> dict[Hex, float]:
        out: dict[Hex, float] = {}
        for row, line in enumerate(self.map.elevation[: self.map.rows]):
            for col, ch in enumerate(line[: self.map.columns]):
                if ch in "0123456789":
                    out[from_offset(col, row, OffsetKind.ODD_Q)] = int(ch) * self.map.elevation_step
        return out

    # -- checks --------------------------------------------------------------------------------

    def _placement_problems(self) -> list[tuple[KeyPath, str]]:
        """Units start where they could stand: enterable terrain, no enemy in the hex, and at
        most 6 units and 24 SPs of a side per hex (Parameter Data)."""
        p: list[tuple[KeyPath, str]] = []
        terrain = self.board_hexes()
        limits = sheet().parameters
        stacks: dict[tuple[Hex, str], list[int]] = {}
        for i, u in enumerate(self.units):
            if u.at is None:
                continue
            try:
                h = Hex.from_str(u.at)
            except InvalidInputError:
                continue  # reported by on_board
            if h not in terrain:
                continue
            mobility = _mobility(u)
            if terrain[h] not in rules().movement[mobility]:
                p.append((("units", i, "at"), f"a {mobility} unit cannot stand in {terrain[h]}"))
            stacks.setdefault((h, u.side), []).append(u.sp)
            other = "axis" if u.side == "allied" else "allied"
            if (h, other) in stacks:
                p.append((("units", i, "at"), f"{h} also holds {other} units"))
            sps = stacks[h, u.side]
            if len(sps) > limits["max_units_per_hex"] or sum(sps) > limits["max_sp_per_hex"]:
                p.append(
                    (
                        ("units", i, "at"),
                        f"{h} would hold {len(sps)} units, {sum(sps)} SPs: "
                        f"at most {limits['max_units_per_hex']} and {limits['max_sp_per_hex']}",
                    )
                )
        return p

    def deferred_problems(self) -> list[tuple[KeyPath, str]]:
        p: list[tuple[KeyPath, str]] = []
        m = self.map
        if len(m.terrain) != m.rows:
            p.append((("map", "terrain"), f"{len(m.terrain)} rows, expected map.rows = {m.rows}"))
        for i, line in enumerate(m.terrain):
            if len(line) != m.columns:
                p.append((("map", "terrain", i), f"{len(line)} columns, expected {m.columns}"))
            bad = sorted({ch for ch in line if ch not in LEGEND})
            if bad:
                p.append(
                    (
                        ("map", "terrain", i),
                        f"unknown terrain {''.join(bad)!r} (legend: "
                        f"{' '.join(f'{k}={v}' for k, v in LEGEND.items())})",
                    )
                )
        if m.elevation and len(m.elevation) != m.rows:
            p.append((("map", "elevation"), f"{len(m.elevation)} rows, expected {m.rows}"))
        for i, line in enumerate(m.elevation):
            if len(line) != m.columns or not (line.isascii() and line.isdigit()):
                p.append((("map", "elevation", i), f"expected {m.columns} digits"))
        board = set(self.board_hexes())

        def on_board(text: str, path: KeyPath) -> Hex | None:
            try:
                h = Hex.from_str(text)
            except InvalidInputError as e:
                p.append((path, str(e)))
                return None
            if h not in board:
                p.append((path, f"hex {h} is off the {m.columns}x{m.rows} map"))
                return None
            return h

        for i, chain in enumerate(m.roads):
            hexes = [on_board(t, ("map", "roads", i, j)) for j, t in enumerate(chain)]
            for j in range(1, len(hexes)):
                a, b = hexes[j - 1], hexes[j]
                if a is not None and b is not None and a.distance(b) != 1:
                    p.append((("map", "roads", i, j), f"road from {a} to {b}: not adjacent"))
        for i, hs in enumerate(m.hexsides):
            parts = hs.at.split("|")
            if len(parts) != 2:
                p.append((("map", "hexsides", i, "at"), f"bad hexside {hs.at!r}: 'q,r|q,r'"))
                continue
            a, b = (on_board(t, ("map", "hexsides", i, "at")) for t in parts)
            if a is not None and b is not None and a.distance(b) != 1:
                p.append((("map", "hexsides", i, "at"), f"{a} and {b} are not adjacent"))
        for i, sp in enumerate(m.specials):
            on_board(sp.at, ("map", "specials", i, "at"))
            if sp.kind not in SPECIALS:
                p.append((("map", "specials", i, "kind"), f"unknown special {sp.kind!r}"))
        for i, t in enumerate(m.blocked):
            on_board(t, ("map", "blocked", i))
        for i, o in enumerate(self.objectives):
            on_board(o.at, ("objectives", i, "at"))
        if set(self.sides) != set(SIDES):
            p.append((("sides",), f"give both sides, {' and '.join(SIDES)}"))
        ids = [u.id for u in self.units] + [c.id for c in self.commanders]
        units = {u.id: u for u in self.units}
        for i, u in enumerate(self.units):
            if ids.count(u.id) > 1:
                p.append((("units", i, "id"), f"id {u.id!r} is used more than once"))
            if u.at is None:
                if u.hq_level != "army":
                    p.append((("units", i, "at"), "only an army HQ may stay off the map"))
            else:
                on_board(u.at, ("units", i, "at"))
            if u.kind == "hq" and u.hq_level is None:
                p.append((("units", i, "hq_level"), f"HQ {u.id} needs its level ({HQ_LEVELS})"))
            if u.kind != "hq" and u.hq_level is not None:
                p.append((("units", i, "hq_level"), "only an HQ has a level"))
            if u.hq is not None:
                boss = units.get(u.hq)
                if boss is None or boss.kind != "hq" or boss.side != u.side:
                    p.append((("units", i, "hq"), f"{u.hq!r} is not an HQ of the {u.side} side"))
                elif boss.id == u.id:
                    p.append((("units", i, "hq"), "an HQ cannot be its own superior"))
            if u.mounted is not None and u.kind != "infantry":
                p.append((("units", i, "mounted"), "only infantry rides on vehicles"))
            elif u.mounted == "tank":
                tanks = [v for v in self.units if v.kind == "armor" and v.side == u.side]
                here = [v for v in tanks if v.at is not None and v.at == u.at]
                riders = [w for w in self.units[:i] if w.mounted == "tank" and w.at == u.at]
                room = rules().riders_per_vehicle * len(here)
                if len(riders) >= room:
                    p.append(
                        (
                            ("units", i, "mounted"),
                            f"a tank rider starts on an armor unit of its side in its hex {u.at}: "
                            f"there is room for {room} rider unit(s) there",
                        )
                    )
        p.extend(self._placement_problems())
        for i, c in enumerate(self.commanders):
            if ids.count(c.id) > 1:
                p.append((("commanders", i, "id"), f"id {c.id!r} is used more than once"))
            on_board(c.at, ("commanders", i, "at"))
            if c.hq is not None:
                boss = units.get(c.hq)
                if boss is None or boss.kind != "hq" or boss.side != c.side:
                    p.append((("commanders", i, "hq"), f"{c.hq!r} is not an HQ of his side"))
        if self.command_control:
            for side, spec in self.sides.items():
                years = sheet().varied.get(spec.nation, {})
                if self.year % 100 not in years:
                    listed = ", ".join(f"19{y}" for y in sorted(years))
                    p.append(
                        (
                            ("year",),
                            f"Command Control: the sheet's VARIED HQ RANGES for "
                            f"{spec.nation} ({side}) list {listed} only, not {self.year}",
                        )
                    )
        return p


def _mobility(u: UnitSpec) -> str:
    if u.mounted == "tank":
        return "tracked"
    if u.mounted == "transport":
        return "wheeled"
    return rules().kinds[u.kind].mobility


def _text(path: KeyPath) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out
