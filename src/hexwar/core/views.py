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
    """Raise ``TypeError`` naming the first path in ``value`` that JSON cannot carry exactly."""
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
            check_jsonable(item, f"{path}.{key}")
        return
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            check_jsonable(item, f"{path}[{i}]")
        return
    raise TypeError(f"{path}: {type(value).__name__} is not JSON-able")
