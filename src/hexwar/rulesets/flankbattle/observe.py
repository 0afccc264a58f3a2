"""The research adapters' observation of a flank battle view (``Ruleset.observation_encoder``):
no grid (one 1 x 1 plane, 1 while the deployment is to be made); vector: own size / 10^5, enemy
size / 10^5, ships, flanks, the default flanks' places / 400."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hexwar.core.game import ObservationEncoder

__all__ = ["encoder"]

Arrays = tuple[np.ndarray, np.ndarray]


_FLANK_SLOTS = 6


def encoder(views: Sequence[Mapping[str, Any]]) -> ObservationEncoder:
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
