"""Observations as numpy arrays, built from a side's view alone.

An :class:`Encoder` turns a view's data into ``planes`` (channels over the ruleset's hex grid,
float32, shape ``(C, H, W)``) and a ``vector`` (float32, shape ``(K,)``). Shapes are fixed per
scenario (taken from the sides' views at the start), values are non-negative.

Each ruleset says how its views look as arrays (:meth:`Ruleset.observation_encoder`, written in
the ruleset's ``observe`` module; docs/research.md lists the channels). A ruleset that says
nothing gets the generic encoder: no grid (one 1 x 1 plane) and a vector of the view's numbers
-- every number and truth value found in the first view, by its path through the view's
objects (lists count their entries) -- so that every ruleset plugged in can be trained on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hexwar.core.game import ObservationEncoder, Ruleset

__all__ = ["Encoder", "generic_encoder"]

Arrays = tuple[np.ndarray, np.ndarray]
Path = tuple[str, ...]


class Encoder:
    """Planes and a vector from a view; shapes fixed by the first views seen."""

    def __init__(self, ruleset: Ruleset[Any, Any], views: Sequence[Mapping[str, Any]]) -> None:
        self.ruleset_id = ruleset.info.id
        own = ruleset.observation_encoder(views)
        self._encode = own if own is not None else generic_encoder(views)
        planes, vector = self._encode(views[0])
        self.plane_shape: tuple[int, ...] = planes.shape
        self.vector_shape: tuple[int, ...] = vector.shape

    def encode(self, view: Mapping[str, Any]) -> Arrays:
        planes, vector = self._encode(view)
        np.maximum(planes, 0, out=planes)  # pin the spaces' lower bound, in place
        np.maximum(vector, 0, out=vector)
        return planes, vector


def _numbers(data: Any, path: Path, out: dict[Path, float]) -> None:
    """Every number and truth value of ``data`` by its path (a list: its length)."""
    if isinstance(data, bool | int | float):
        out[path] = float(data)
    elif isinstance(data, Mapping):
        for key, value in data.items():
            _numbers(value, (*path, str(key)), out)
    elif isinstance(data, list | tuple):
        out[(*path, "#")] = float(len(data))


def generic_encoder(views: Sequence[Mapping[str, Any]]) -> ObservationEncoder:
    """The encoder of a ruleset without its own: one 1 x 1 plane (always 1) and the vector of
    the numbers at the paths the first view has (a path missing later reads 0), in path order,
    each clipped to be finite."""
    first: dict[Path, float] = {}
    _numbers(views[0], (), first)
    paths = sorted(first)

    def encode(view: Mapping[str, Any]) -> Arrays:
        found: dict[Path, float] = {}
        _numbers(view, (), found)
        vector = np.array([found.get(p, 0.0) for p in paths], np.float32)
        np.nan_to_num(vector, copy=False, nan=0.0, posinf=3.4e38, neginf=0.0)
        return np.ones((1, 1, 1), np.float32), vector

    return encode
