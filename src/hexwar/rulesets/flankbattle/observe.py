"""The research adapters' observation of a flank battle view (``Ruleset.observation_encoder``).

The deployment problem of seed 004 (Terrain map; Flank mechanics): where on the 400 x 400 map
each flank stands, what it holds by role, with which maneuver, against an enemy of known size
and composition whose flanks are sealed. Only what ``view(side)`` shows is encoded.

Planes over the map in 40 x 40 cells of 10 x 10 pixels (the view's ``terrain`` rows), in order:

- 0-4: the cell's terrain, one-hot: plain, water, forest, cliffs, high ground (the feature of
  most of its pixels; water makes a flank fight as ships, high ground helps, forest and cliffs
  hinder: seed 004, Flank mechanics);
- 5-8: own flanks in the cell: infantry, cavalry, artillery (men / both militaries' men) and
  ships (/ both fleets' ships) -- before the battle the flanks the side deploys unless it
  orders otherwise (``default_flanks``: the scenario's or the Strategy tab's Reset), after it
  the flanks as the battle left them;
- 9-12: enemy flanks in the cell, the same four: all 0 before the battle (the enemy's
  deployment is sealed), the flanks as the battle left them after it (the receipt is public);
- 13-17: own flanks in the cell with each maneuver: Normal, Position, Feigned Retreat, Hit and
  run, Pillaging (a count).

Vector, in order: phase deployment, phase over; own and enemy men / both militaries' men
(the share of the men on the field), own and enemy men / 10^5; own infantry, cavalry,
artillery / own men and ships / 100; the enemy's the same (the Military tab's public facts);
own flanks / 10; the map's share of plain, water, forest, cliffs, high ground; after the
battle: won, hours / 100, own and enemy men left / their start.

The deployment is one order (a menu of whole deployments, :mod:`.legal`), so no men remain to
deploy once it is made: the military's size and its default flanks are the whole problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hexwar.core import exact
from hexwar.core.game import ObservationEncoder
from hexwar.rulesets.flankbattle.flanks import Maneuver
from hexwar.rulesets.flankbattle.terrain import COARSE, LETTERS, SIZE

__all__ = ["CHANNELS", "VECTOR", "encoder"]

Arrays = tuple[np.ndarray, np.ndarray]

CELLS = SIZE // COARSE  # 40 cells a side
ROLES = ("infantry", "cavalry", "artillery")
MANEUVERS = tuple(m.value for m in Maneuver)
CHANNELS = (
    *(f"terrain {f}" for f in ("plain", "water", "forest", "cliffs", "high ground")),
    *(f"own {r}" for r in (*ROLES, "ships")),
    *(f"enemy {r}" for r in (*ROLES, "ships")),
    *(f"own {m}" for m in MANEUVERS),
)
VECTOR = (
    "deployment",
    "over",
    "own share",
    "enemy share",
    "own men / 1e5",
    "enemy men / 1e5",
    *(f"own {r} share" for r in ROLES),
    "own ships / 100",
    *(f"enemy {r} share" for r in ROLES),
    "enemy ships / 100",
    "own flanks / 10",
    *(f"map {f}" for f in ("plain", "water", "forest", "cliffs", "high ground")),
    "won",
    "hours / 100",
    "own men left",
    "enemy men left",
)
_OWN, _ENEMY, _MANEUVER = 5, 9, 13
_LOOKUP = np.zeros(256, np.uint8)
for _i, _letter in enumerate(LETTERS):
    _LOOKUP[ord(_letter)] = _i


def _terrain(rows: Sequence[str] | None) -> np.ndarray:
    """Planes 0-4 from the view's coarse map rows (none: all 0)."""
    out = np.zeros((len(LETTERS), CELLS, CELLS), np.float32)
    if not rows:
        return out
    codes = _LOOKUP[np.frombuffer("".join(rows).encode(), np.uint8)].reshape(len(rows), -1)
    h, w = min(CELLS, codes.shape[0]), min(CELLS, codes.shape[1])
    for f in range(len(LETTERS)):
        out[f, :h, :w] = codes[:h, :w] == f
    return out


def _cell(flank: Mapping[str, Any]) -> tuple[int, int]:
    """The (row, column) of the cell a flank stands in (the map's edge belongs to the last)."""
    x, y = float(flank["x"]), float(flank["y"])
    return (
        min(CELLS - 1, max(0, int(y // COARSE))),
        min(CELLS - 1, max(0, int(x // COARSE))),
    )


def _place(
    p: np.ndarray, first: int, flanks: Sequence[Mapping[str, Any]], men: float, ships: float
) -> None:
    """Add each flank's men by role / ``men`` and ships / ``ships`` at its cell (a flank of
    the view's ``default_flanks`` gives its roles' men, one of the receipt its ``units``)."""
    for f in flanks:
        r, c = _cell(f)
        by_role = f.get("units", f)
        for k, role in enumerate(ROLES):
            p[first + k, r, c] += float(by_role.get(role, 0)) / men
        p[first + 3, r, c] += max(0.0, float(f.get("ships", 0))) / ships


def _maneuvers(planes: np.ndarray, flanks: Sequence[Mapping[str, Any]]) -> None:
    """Counts each flank in its maneuver's plane, at its cell."""
    for f in flanks:
        r, c = _cell(f)
        planes[_MANEUVER + MANEUVERS.index(f.get("maneuver", "Normal")), r, c] += 1


def _sizes(own_men: float, enemy_men: float, men: float) -> list[float]:
    """The two armies' shares of all the men, and their sizes in hundreds of thousands."""
    return [own_men / men, enemy_men / men, own_men / 1e5, enemy_men / 1e5]


def _shares(totals: Mapping[str, Any], size: float) -> list[float]:
    return [float(totals.get(r, 0)) / size if size > 0 else 0.0 for r in ROLES]


def encoder(views: Sequence[Mapping[str, Any]]) -> ObservationEncoder:
    first = next((v for v in views if v.get("terrain")), views[0])
    terrain = _terrain(first.get("terrain"))
    map_shares = terrain.reshape(len(LETTERS), -1).mean(axis=1)
    # each side's deployment-phase view among the first views, for its vector after the battle
    seen = {str(v.get("side")): v for v in views if v.get("phase") == "deployment"}

    def encode(v: Mapping[str, Any]) -> Arrays:
        p = np.zeros((len(CHANNELS), CELLS, CELLS), np.float32)
        p[: len(LETTERS)] = terrain
        vec = np.zeros(len(VECTOR), np.float32)
        vec[15:20] = map_shares
        phase = v.get("phase")
        if phase == "deployment":
            own, enemy = v["military"], v["enemy"]
            own_men, enemy_men = float(own["size"]), float(enemy["size"])
            men = max(1.0, own_men + enemy_men)
            ships = max(1.0, float(own["ships"]) + float(enemy.get("ships", 0)))
            _place(p, _OWN, v["default_flanks"], men, ships)
            _maneuvers(p, v["default_flanks"])
            vec[0] = 1
            vec[2:6] = _sizes(own_men, enemy_men, men)
            vec[6:9] = _shares(own["totals"], own_men)
            vec[9] = float(own["ships"]) / 100
            vec[10:13] = _shares(enemy.get("totals", {}), enemy_men)
            vec[13] = float(enemy.get("ships", 0)) / 100
            vec[14] = len(v["default_flanks"]) / 10
        elif phase == "over":
            report = v["report"]
            side = v.get("side")
            mine = next(b for b in report["belligerents"] if b["side"] == side)
            theirs = next(b for b in report["belligerents"] if b["side"] != side)
            own_men, enemy_men = float(mine["starting_size"]), float(theirs["starting_size"])
            men = max(1.0, own_men + enemy_men)
            ships = max(
                1.0,
                exact.sum_left(
                    float(f.get("ships", 0)) for b in (mine, theirs) for f in b["flanks"]
                ),
            )
            _place(p, _OWN, mine["flanks"], men, ships)
            _place(p, _ENEMY, theirs["flanks"], men, ships)
            _maneuvers(p, mine["flanks"])
            vec[1] = 1
            vec[2:6] = _sizes(own_men, enemy_men, men)
            before = seen.get(str(side))
            if before is not None:  # the composition as the deployment phase showed it
                vec[6:15] = encode(before)[1][6:15]
            vec[20] = 1.0 if report["winner"] == side else 0.0
            vec[21] = float(report["hours"]) / 100
            vec[22] = float(mine["final_size"]) / own_men if own_men > 0 else 0.0
            vec[23] = float(theirs["final_size"]) / enemy_men if enemy_men > 0 else 0.0
        return p, vec

    return encode
