"""Per-side observations. A :class:`View` is all a side (or its agent, or its front end) may
know; it is built by the ruleset's ``_view`` hook and must be JSON-able, so the fog of war is
enforced here and never left to a front end."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

JsonValue: TypeAlias = "str | int | float | bool | list[JsonValue] | dict[str, JsonValue] | None"


@dataclass(frozen=True, slots=True)
class View:
    """What ``side`` knows at decision ``step``; ``data`` is the ruleset's JSON-able content."""

    ruleset: str
    side: str
    step: int
    data: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "side": self.side, "step": self.step, "data": self.data}


def check_jsonable(value: Any, path: str = "view") -> None:
    """Raise ``TypeError`` naming the first path in ``value`` that JSON cannot carry exactly.

    The common case -- plain dicts, lists, tuples, strings, ints, bools, finite floats -- is
    settled by one flat loop; anything else (a subclass such as ``numpy.float64``, another
    mapping, a bad value) takes the recursive walk, which names the first offending path.
    """
    if not _plain(value):
        _walk(value, path)


def _plain(value: Any) -> bool:
    """Whether ``value`` is built of exactly the JSON types (no subclasses), with finite
    floats and string keys: one loop over a stack, no recursion, no paths."""
    stack = [value]
    pop, extend = stack.pop, stack.extend
    while stack:
        x = pop()
        t = type(x)
        if t is str or t is int or t is bool or x is None:
            continue
        if t is float:
            if x - x != 0.0:  # inf - inf and nan - nan are nan
                return False
            continue
        if t is dict:
            for k in x:
                if type(k) is not str:
                    return False
            extend(x.values())
            continue
        if t is list or t is tuple:
            extend(x)
            continue
        return False
    return True


def _walk(value: Any, path: str) -> None:
    if value is None or isinstance(value, bool | int | str):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise TypeError(f"{path}: {value} is not finite")
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"{path}: key {key!r} is not a string")
            _walk(item, f"{path}.{key}")
        return
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            _walk(item, f"{path}[{i}]")
        return
    raise TypeError(f"{path}: {type(value).__name__} is not JSON-able")
