"""The parameter sheet (seed 002) and the ruleset's own tables, read from ``data/``.

``data/sheet.toml`` transcribes every number of the sheet under its heading; ``data/rules.toml``
holds what the sheet implies but does not state (docs/rulings/tactical.md). Both are read once
into frozen values; nothing here knows about a game.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from hexwar.core.tables import ProRatedTable, RowLookup

__all__ = [
    "CRT_COLUMNS",
    "HQ_LEVELS",
    "MOBILITIES",
    "NATIONS",
    "TERRAINS",
    "Crt",
    "KindStats",
    "Rules",
    "Sheet",
    "rules",
    "sheet",
]

TERRAINS = (
    "open",
    "field",
    "orchard",
    "rough",
    "forest",
    "beach",
    "building",
    "village",
    "suburb",
    "city",
    "industrial",
    "water",
    "shallow_water",
    "marsh",
    "swamp",
)
HEXSIDE_FEATURES = ("hedge", "bocage", "embankment", "stone_wall", "other", "high_wall")
SPECIALS = ("trench", "bunker", "pillbox", "beach_obstacles")
HQ_LEVELS = ("army", "corps", "division", "brigade", "regiment", "battalion")
NATIONS = ("russia", "germany", "italy", "usa")
MOBILITIES = ("foot", "towed", "tracked", "wheeled")
VEHICLES = frozenset({"tracked", "wheeled"})
CRT_COLUMNS = ("loss_3", "loss_2", "loss_1", "disruption", "morale_check")

FloatArray = npt.NDArray[np.float64]


def _load(name: str) -> dict[str, Any]:
    text = (resources.files("hexwar.rulesets.tactical") / "data" / name).read_text("utf-8")
    return tomllib.loads(text)


@dataclass(frozen=True, slots=True)
class Crt:
    """The COMBAT RESULTS TABLE: odds rows (attack / defense) and five % chances per row.

    Odds between two rows are pro-rated linearly in the ratio (sheet footnote: 11 vs 4 lies
    between 2:1 and 3:1); odds beyond the first or last row use that row.
    """

    attack: tuple[int, ...]  # column A
    defense: tuple[int, ...]  # column B
    percent: tuple[tuple[int, ...], ...]  # columns C..G

    @property
    def ratios(self) -> FloatArray:
        return np.array([a / d for a, d in zip(self.attack, self.defense, strict=True)])

    @property
    def chances(self) -> FloatArray:
        """The rows as probabilities, shape ``(rows, 5)``."""
        return np.array(self.percent, dtype=np.float64) / 100.0

    def table(self) -> ProRatedTable:
        return ProRatedTable(
            "crt",
            tuple(float(r) for r in self.ratios),
            CRT_COLUMNS,
            tuple(tuple(p / 100.0 for p in row) for row in self.percent),
        )

    def row_label(self, i: int) -> str:
        return f"{self.attack[i]}:{self.defense[i]}"

    def describe(self, found: RowLookup) -> str:
        """The CRT line(s) of a lookup in the sheet's A:B notation, for receipts and the
        calculator: ``"3:1"``, or ``"2:1..3:1 (75% of the way to 3:1)"`` when pro-rated."""
        keys = [float(r) for r in self.ratios]
        lo = self.row_label(keys.index(found.lower))
        if found.lower == found.upper or found.weight == 0.0:
            return lo
        hi = self.row_label(keys.index(found.upper))
        return f"{lo}..{hi} ({found.weight:.0%} of the way to {hi})"

    @staticmethod
    def ratio(attack: float, defense: float) -> float:
        """Net attack over net defense; a defense of 0 is beyond every row (infinite odds)."""
        if defense <= 0:
            return math.inf if attack > 0 else 0.0
        return attack / defense

    def lookup(self, attack: float, defense: float) -> RowLookup:
        """The five chances of one attack at these net strengths, with the rows used."""
        return self.table().lookup(self.ratio(attack, defense))

    def chances_at(self, ratios: npt.ArrayLike) -> FloatArray:
        """Vectorised :meth:`lookup`: shape ``(n, 5)`` chances for ``n`` odds ratios."""
        out: FloatArray = np.stack(self._interpolate(ratios, self.chances), axis=-1)
        return out

    def cumulative_columns(self, ratios: npt.ArrayLike) -> list[FloatArray]:
        """The running sums of :meth:`chances_at`, one array per column (pro-rating commutes
        with the sum, so the cumulative rows are interpolated directly)."""
        return self._interpolate(ratios, np.cumsum(self.chances, axis=1))

    def _interpolate(self, ratios: npt.ArrayLike, rows: FloatArray) -> list[FloatArray]:
        r = np.asarray(ratios, dtype=np.float64)
        keys = self.ratios
        clamped = np.clip(r, keys[0], keys[-1])  # beyond the first or last row: that row
        hi = np.clip(np.searchsorted(keys, clamped, side="right"), 1, len(keys) - 1)
        lo = hi - 1
        w = (clamped - keys[lo]) / (keys[hi] - keys[lo])
        # Column by column: one-dimensional takes are far faster than 2-D fancy indexing.
        out = []
        for col in rows.T:
            base = col[lo]
            out.append(base + w * (col[hi] - base))
        return out


@dataclass(frozen=True, slots=True)
class Sheet:
    """Every number of the parameter sheet, by heading."""

    parameters: dict[str, int]
    crt: Crt
    combat_full_hex: dict[str, float]
    combat_hexside: dict[str, float | None]  # None: "N/A" (High Wall)
    combat_special: dict[str, float]
    bunker_defense_bonus: float
    morale_full_hex: dict[str, int]
    morale_starred: dict[str, int]
    morale_starred_maximum: int
    morale_not_for_hard: frozenset[str]
    height: dict[str, float]
    leadership_raise_by: int
    supply_chance_at_range: float
    base_range: dict[str, float]
    varied: dict[str, dict[int, tuple[float, int, int, int, int]]]
    misc: dict[str, int]


@cache
def sheet() -> Sheet:
    d = _load("sheet.toml")
    rows = d["crt"]["rows"]
    hexside: dict[str, float | None] = {
        k: float(v) for k, v in d["combat"]["hexside"].items() if k != "high_wall_na"
    }
    if d["combat"]["hexside"].get("high_wall_na"):
        hexside["high_wall"] = None
    special = dict(d["combat"]["special"])
    bonus = float(special.pop("bunker_defense_bonus"))
    morale = d["morale"]
    varied = {
        nation: {int(y): (float(v[0]), *map(int, v[1:])) for y, v in years.items()}
        for nation, years in d["supply"]["varied"].items()
    }
    return Sheet(
        parameters=dict(d["parameters"]),
        crt=Crt(
            tuple(r[0] for r in rows), tuple(r[1] for r in rows), tuple(tuple(r[2:]) for r in rows)
        ),
        combat_full_hex={k: float(v) for k, v in d["combat"]["full_hex"].items()},
        combat_hexside=hexside,
        combat_special={k: float(v) for k, v in special.items()},
        bunker_defense_bonus=bonus,
        morale_full_hex=dict(morale["full_hex"]),
        morale_starred=dict(morale["starred"]),
        morale_starred_maximum=int(morale["starred_maximum"]),
        morale_not_for_hard=frozenset(morale["not_for_hard_units"]),
        height={k: float(v) for k, v in d["height"].items()},
        leadership_raise_by=int(d["commanders"]["leadership_raise_by"]),
        supply_chance_at_range=d["supply"]["chance_at_range_percent"] / 100.0,
        base_range={k: float(v) for k, v in d["supply"]["base_range"].items()},
        varied=varied,  # type: ignore[arg-type]
        misc=dict(d["misc"]),
    )


@dataclass(frozen=True, slots=True)
class KindStats:
    """Defaults of a unit kind (rules.toml ``unit_kinds``)."""

    hard: bool
    mobility: str
    ap: int
    attack_soft: float
    attack_hard: float
    defense: float
    range: int
    ammo: int
    smoke: int
    can_assault: bool


@dataclass(frozen=True, slots=True)
class Rules:
    """The ruleset's own tables: unit kinds, movement and crossing costs, action costs."""

    kinds: dict[str, KindStats]
    movement: dict[str, dict[str, float]]
    crossing: dict[str, dict[str, float]]
    fire_ap: int
    eye_height: float
    visibility: int
    wreck_per_lost_hard_sp: int
    vp_per_sp: int
    opportunity_fire_odds: float
    mount_ap: int
    riders_per_vehicle: int
    hexside_height: dict[str, float]
    see_over: str
    low_cover: float


@cache
def rules() -> Rules:
    d = _load("rules.toml")
    a = d["actions"]
    return Rules(
        kinds={k: KindStats(**v) for k, v in d["unit_kinds"].items()},
        movement={m: {t: float(c) for t, c in v.items()} for m, v in d["movement"].items()},
        crossing={m: {t: float(c) for t, c in v.items()} for m, v in d["hexside_crossing"].items()},
        fire_ap=int(a["fire_ap"]),
        eye_height=float(a["eye_height"]),
        visibility=int(a["visibility"]),
        wreck_per_lost_hard_sp=int(a["wreck_per_lost_hard_sp"]),
        vp_per_sp=int(a["vp_per_sp"]),
        opportunity_fire_odds=float(a["opportunity_fire_odds"]),
        mount_ap=int(a["mount_ap"]),
        riders_per_vehicle=int(a["riders_per_vehicle"]),
        hexside_height={k: float(v) for k, v in d["hexside_height"].items()},
        see_over=str(a["see_over"]),
        low_cover=float(a["low_cover"]),
    )
