"""The research adapters' observation of an IDAHEX view (``Ruleset.observation_encoder``):
planes over the cells in ranks of ``nrank1`` -- own units, own strength / 1000, enemy units
seen, cells owned by each side, inactive cells; vector: time / 100, period, engagements, task
forces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hexwar.core.game import ObservationEncoder

__all__ = ["encoder"]

Arrays = tuple[np.ndarray, np.ndarray]


def encoder(views: Sequence[Mapping[str, Any]]) -> ObservationEncoder:
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
