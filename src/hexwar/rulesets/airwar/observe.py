"""The research adapters' observation of an air war view (``Ruleset.observation_encoder``):
planes over the board's labelled grid -- own units, enemy units, own cities, enemy cities,
airports, contested cities; vector: stage (cities, units, move, fire), cycle / limit, totals /
100, transports left."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hexwar.core.game import ObservationEncoder
from hexwar.rulesets.airwar.board import geometry

__all__ = ["encoder"]

Arrays = tuple[np.ndarray, np.ndarray]


def _aw_cell(label: str) -> tuple[int, int]:
    """A field label ``K25``: the letter gives the row, the number the column."""
    return ord(label[0].upper()) - ord("A"), int(label[1:]) - 1


def encoder(views: Sequence[Mapping[str, Any]]) -> ObservationEncoder:
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
