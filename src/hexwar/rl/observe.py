"""Observations as numpy arrays, built from a side's view alone.

Each ruleset's view is JSON; an :class:`Encoder` turns it into ``planes`` (channels over the
ruleset's hex grid, float32, shape ``(C, H, W)``) and a ``vector`` (float32, shape ``(K,)``).
Shapes are fixed per scenario (taken from the views at the start), values are non-negative.
The channels, by ruleset (docs/research.md lists them too):

- aggressor (15 x 21 hexes): rough terrain, CBR, own strength, own range, own unit frozen,
  enemy seen, one channel per own unit type (and one for any other); vector: phase (set-up,
  turn, partisans), own turn, round / max rounds, partisans to use, sectors held by each
  side / 9.
- tactical (odd-q offset grid of the map): terrain height, own SP, own AP / 100, enemy SP
  seen, objectives' VP, smoke; vector: turn / turns, own phase, score of each side / 100.
- airwar (the board's labelled grid): own units, enemy units, own cities, enemy cities,
  airports, contested cities; vector: stage (cities, units, move, fire), cycle / limit,
  totals / 100, transports left.
- idahex (cells in ranks of ``nrank1``): own units, own strength / 1000, enemy units seen,
  cells owned by each side, inactive cells; vector: time / 100, period, engagements, task
  forces.
- flankbattle (no grid: one 1 x 1 plane): vector: own size / 10^5, enemy size / 10^5, ships,
  flanks, the default flanks' places / 400.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from hexwar.core.hexes import Hex, OffsetKind, to_offset

__all__ = ["ENCODED", "Encoder", "encoder_for"]

Arrays = tuple[np.ndarray, np.ndarray]


class Encoder:
    """Planes and a vector from a view; shapes fixed by the first views seen."""

    def __init__(self, ruleset_id: str, views: list[Mapping[str, Any]]) -> None:
        self.ruleset_id = ruleset_id
        make = _ENCODERS.get(ruleset_id)
        if make is None:
            raise KeyError(f"no observation encoder for ruleset {ruleset_id!r}")
        self._encode = make(views)
        planes, vector = self._encode(views[0])
        self.plane_shape: tuple[int, ...] = planes.shape
        self.vector_shape: tuple[int, ...] = vector.shape

    def encode(self, view: Mapping[str, Any]) -> Arrays:
        planes, vector = self._encode(view)
        if self.ruleset_id not in _NONNEGATIVE:  # pin the spaces' lower bound, in place
            np.maximum(planes, 0, out=planes)
            np.maximum(vector, 0, out=vector)
        return planes, vector


def encoder_for(ruleset_id: str, views: list[Mapping[str, Any]]) -> Encoder:
    return Encoder(ruleset_id, views)


# -- aggressor ------------------------------------------------------------------------------

# Encoders whose every entry is >= 0 by construction (counts, and strengths, ranges and shares
# that are never negative): no pin needed, and a random playout's step is ~0.3 ms.
_NONNEGATIVE = frozenset({"aggressor"})

_AGG_TYPES = ("armor", "infantry", "artillery", "airbase", "missile", "support", "other")


def _aggressor(views: list[Mapping[str, Any]]) -> Callable[[Mapping[str, Any]], Arrays]:
    rows = len(views[0]["terrain"])
    cols = len(views[0]["terrain"][0])
    n = rows * cols
    planes = 6 + len(_AGG_TYPES)
    rough = np.array(  # plane 0, the same in every view
        [ch == "^" for line in views[0]["terrain"] for ch in line], np.float32
    )
    kinds = {k: (6 + i) * n for i, k in enumerate(_AGG_TYPES)}
    other = kinds["other"]
    cell = {  # "@XY" -> flat index, for every label of the map
        f"@{chr(65 + c)}{chr(65 + r)}": r * cols + c for r in range(rows) for c in range(cols)
    }
    cbr_at = {label: n + c for label, c in cell.items()}  # plane 1
    enemy_at = {label: 5 * n + c for label, c in cell.items()}  # plane 5
    strength, reach, frozen_plane = 2 * n, 3 * n, 4 * n

    def encode(v: Mapping[str, Any]) -> Arrays:
        # One weighted count over (plane, cell) indices builds planes 1-12 at once: a random
        # playout's step costs ~0.25 ms, so the Python work per unit and the numpy calls are
        # kept few (the index and weight lists, one bincount, one cast).
        index = [cbr_at[label] for label in v["cbr"]]
        index += [enemy_at[e["at"]] for e in v["enemy"]]
        weight = [1.0] * len(index)
        frozen: set[int] = set()
        for u in v["units"]:
            c = cell[u["at"]]
            index += (strength + c, reach + c, kinds.get(u["type"], other) + c)
            weight += (u["strength"] / 3, u["range"] / 6, 1.0)
            if u["frozen"]:
                frozen.add(frozen_plane + c)  # plane 4: a frozen unit in the cell (0 or 1)
        if frozen:
            index += frozen
            weight += [1.0] * len(frozen)
        flat = np.bincount(index, weight, planes * n).astype(np.float32)
        flat[:n] = rough
        control = list(v["control"].values())
        side = v["side"]
        phase = v["phase"]
        vec = np.array(
            [
                phase == "setup",
                phase == "turn",
                phase == "partisans",
                v["active"] == side,
                v["round"] / max(1, v["max_rounds"]),
                v["partisans_to_use"],
                control.count(side) / 9,
                sum(1 for x in control if x is not None and x != side) / 9,
            ],
            np.float32,
        )
        return flat.reshape(planes, rows, cols), vec

    return encode


# -- tactical -------------------------------------------------------------------------------


def _tactical(views: list[Mapping[str, Any]]) -> Callable[[Mapping[str, Any]], Arrays]:
    cells = {
        (int(q), int(r)): to_offset(Hex(int(q), int(r)), OffsetKind.ODD_Q)
        for q, r, *_ in views[0]["map"]["hexes"]
    }
    c0 = min(c for c, _ in cells.values())
    r0 = min(r for _, r in cells.values())
    width = max(c for c, _ in cells.values()) - c0 + 1
    height = max(r for _, r in cells.values()) - r0 + 1
    heights = np.zeros((height, width), np.float32)
    for q, r, _t, h in views[0]["map"]["hexes"]:
        c, rr = cells[(int(q), int(r))]
        heights[rr - r0, c - c0] = max(0.0, float(h)) / 100

    def at(text: str) -> tuple[int, int]:
        h = Hex.from_str(text)
        c, r = cells.get((h.q, h.r), (c0, r0))
        return r - r0, c - c0

    def encode(v: Mapping[str, Any]) -> Arrays:
        p = np.zeros((6, height, width), np.float32)
        p[0] = heights
        for u in v["units"]:
            if u["hex"]:
                r, c = at(u["hex"])
                p[1, r, c] += u["sp"] / 10
                p[2, r, c] += u["ap"] / 100
        for e in v["enemy_units"]:
            r, c = at(e["hex"])
            p[3, r, c] += e["sp"] / 10
        for o in v["objectives"]:
            r, c = at(o["hex"])
            p[4, r, c] = o["vp"] / 10
        for s in v["smoke"]:
            r, c = at(s)
            p[5, r, c] = 1
        score = v["score"]
        other = next((s for s in score if s != v["side"]), v["side"])
        vec = np.array(
            [
                v["turn"] / max(1, v["turns"]),
                v["phase"] == v["side"],
                score.get(v["side"], 0) / 100,
                score.get(other, 0) / 100,
            ],
            np.float32,
        )
        return p, vec

    return encode


# -- airwar ---------------------------------------------------------------------------------


def _aw_cell(label: str) -> tuple[int, int]:
    """A field label ``K25``: the letter gives the row, the number the column."""
    return ord(label[0].upper()) - ord("A"), int(label[1:]) - 1


def _airwar(views: list[Mapping[str, Any]]) -> Callable[[Mapping[str, Any]], Arrays]:
    from hexwar.rulesets.airwar.board import geometry  # the static board, not game state

    geo = geometry(views[0]["scenario"]["board"])
    spots = [_aw_cell(geo.label(h)) for h in geo.fields]
    height = max(r for r, _ in spots) + 1
    width = max(c for _, c in spots) + 1
    limit = max(1, int(views[0]["scenario"].get("cycle_limit") or 1))

    def encode(v: Mapping[str, Any]) -> Arrays:
        me = v["side"]
        p = np.zeros((6, height, width), np.float32)
        for side, units in v["units"].items():
            for label, n in units.items():
                r, c = _aw_cell(label)
                p[0 if side == me else 1, r, c] += n / 3
        for city in v["cities"]:
            r, c = _aw_cell(city["field"])
            p[2 if city["holder"] == me else 3, r, c] = 1
            ra, ca = _aw_cell(city["airport"])
            p[4, ra, ca] = 1
            p[5, r, c] = float(bool(city.get("contested_now")))
        totals = v.get("totals") or {}
        other = "2" if me == "1" else "1"
        vec = np.array(
            [
                *(v["phase"] == s for s in ("cities", "units", "move", "fire")),
                v["cycle"] / limit,
                totals.get(me, 0) / 100,
                totals.get(other, 0) / 100,
                v["transports_left"].get(me, 0),
            ],
            np.float32,
        )
        return p, vec

    return encode


# -- idahex ---------------------------------------------------------------------------------


def _idahex(views: list[Mapping[str, Any]]) -> Callable[[Mapping[str, Any]], Arrays]:
    design = views[0]["design"]
    ncells, width = int(design["ncells"]), int(design["nrank1"])
    height = -(-ncells // width)
    n = height * width  # cell k (from 1) is flat index k - 1 of a plane: rank (k-1)//width
    inactive = np.zeros(n, np.float32)
    for cell in design["inactive"]:
        inactive[cell - 1] = 1

    index = {str(k): k - 1 for k in range(1, ncells + 1)}  # the view's cell keys are text
    # The views share the ``owner`` dict while no cell changes hands (SharedJson; views are
    # read-only): its planes' indices are kept per side with the dict they come from.
    owned: dict[int, tuple[object, list[int], list[int]]] = {}

    def ownership(owner: Mapping[str, int], mine: int) -> tuple[list[int], list[int]]:
        hit = owned.get(mine)
        if hit is not None and hit[0] is owner:
            return hit[1], hit[2]
        cells = [(index[c], o == mine) for c, o in owner.items()]
        ours = [3 * n + i for i, m in cells if m]
        theirs = [4 * n + i for i, m in cells if not m]
        owned[mine] = (owner, ours, theirs)
        return ours, theirs

    def encode(v: Mapping[str, Any]) -> Arrays:
        # Flat indices and one numpy call per plane (a step of a random playout costs ~2 ms;
        # one numpy scalar assignment per cell owned was ~8 % of it).
        mine = 1 if v["side"] == "red" else 2
        p = np.zeros(6 * n, np.float32)
        at = np.array([int(u["location"]) - 1 for u in v["units"]], np.intp)
        p[:n] = np.bincount(at, minlength=n)
        # the units' resources in float32 and in their order, as repeated += would add them
        resources = [float(u["resources"][0]) / 1000 for u in v["units"]]
        np.add.at(p[n : 2 * n], at, np.array(resources, np.float32))
        enemy = np.array([int(e["location"]) - 1 for e in v["enemy"]], np.intp)
        p[2 * n : 3 * n] = np.bincount(enemy, minlength=n)
        ours, theirs = ownership(v["owner"], mine)
        p[ours] = 1
        p[theirs] = 1
        p[5 * n :] = inactive
        vec = np.array(
            [
                float(v["time"]) / 100,
                float(v["period"]) / 100,
                len(v["engagements"]) / 10,
                len(v["task_forces"]) / 10,
            ],
            np.float32,
        )
        return p.reshape(6, height, width), vec

    return encode


# -- flankbattle ----------------------------------------------------------------------------

_FLANK_SLOTS = 6


def _flankbattle(views: list[Mapping[str, Any]]) -> Callable[[Mapping[str, Any]], Arrays]:
    def encode(v: Mapping[str, Any]) -> Arrays:
        p = np.zeros((1, 1, 1), np.float32)
        vec = np.zeros(4 + 2 * _FLANK_SLOTS, np.float32)
        if v.get("phase") != "deployment":
            return p, vec
        p[0, 0, 0] = 1
        vec[0] = v["military"]["size"] / 1e5
        vec[1] = v["enemy"]["size"] / 1e5
        vec[2] = v["military"]["ships"] / 100
        vec[3] = len(v["default_flanks"])
        for i, f in enumerate(v["default_flanks"][:_FLANK_SLOTS]):
            vec[4 + 2 * i] = f["x"] / 400
            vec[5 + 2 * i] = f["y"] / 400
        return p, vec

    return encode


_ENCODERS: dict[str, Callable[[list[Mapping[str, Any]]], Callable[[Mapping[str, Any]], Arrays]]] = {
    "aggressor": _aggressor,
    "tactical": _tactical,
    "airwar": _airwar,
    "idahex": _idahex,
    "flankbattle": _flankbattle,
}

ENCODED = frozenset(_ENCODERS)  # the rulesets with an encoder
