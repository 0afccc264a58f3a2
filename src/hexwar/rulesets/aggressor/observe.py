"""The research adapters' observation of an Aggressor view (``Ruleset.observation_encoder``):
planes over the 15 x 21 hexes -- rough terrain, CBR, own strength / 3, own range / 6, own unit
frozen, enemy seen, one plane per own unit type (and one for any other); vector: phase (set-up,
turn, partisans), own turn, round / max rounds, partisans to use, sectors held by each side / 9."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hexwar.core.game import ObservationEncoder

__all__ = ["encoder"]

Arrays = tuple[np.ndarray, np.ndarray]


_AGG_TYPES = ("armor", "infantry", "artillery", "airbase", "missile", "support", "other")


def encoder(views: Sequence[Mapping[str, Any]]) -> ObservationEncoder:
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
