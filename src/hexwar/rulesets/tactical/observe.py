"""The research adapters' observation of a tactical view (``Ruleset.observation_encoder``):
planes over the odd-q offset grid of the map -- terrain height, own SP, own AP / 100, enemy SP
seen, objectives' VP, smoke; vector: turn / turns, own phase, score of each side / 100."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hexwar.core.game import ObservationEncoder
from hexwar.core.hexes import Hex, OffsetKind, to_offset

__all__ = ["encoder"]

Arrays = tuple[np.ndarray, np.ndarray]


def encoder(views: Sequence[Mapping[str, Any]]) -> ObservationEncoder:
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
