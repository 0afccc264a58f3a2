"""Game records: everything needed to replay a game exactly, and the state hash that proves it.

A record holds the ruleset id and version, the scenario itself (canonical JSON) with its hash,
the seed and the submitted orders. Because every random draw comes from the seeded streams,
replaying the orders rebuilds the same events and the same state.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from hexwar.core.orders import SubmittedOrder

RECORD_FORMAT = 1


def _json_default(value: object) -> object:
    # TOML's native dates and times become the ISO strings JSON files use for them, so a
    # scenario has one canonical form whichever format it was written in.
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    raise TypeError(f"not JSON data: {value!r}")


NONFINITE_KEY = "__float__"
"""Records spell an infinite float as ``{"__float__": "inf"}`` (or ``"-inf"``): canonical JSON
has no infinity, and scenarios may use one (an impassable barrier's delay, say)."""


def encode_nonfinite(data: Any) -> Any:
    """``data`` with every infinite float replaced by its tagged spelling (NaN is left for
    :func:`canonical_json` to refuse)."""
    if isinstance(data, float) and data in (math.inf, -math.inf):
        return {NONFINITE_KEY: "inf" if data > 0 else "-inf"}
    if isinstance(data, Mapping):
        return {k: encode_nonfinite(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [encode_nonfinite(v) for v in data]
    return data


def decode_nonfinite(data: Any) -> Any:
    """The inverse of :func:`encode_nonfinite`."""
    if isinstance(data, Mapping):
        if set(data) == {NONFINITE_KEY} and data[NONFINITE_KEY] in ("inf", "-inf"):
            return math.inf if data[NONFINITE_KEY] == "inf" else -math.inf
        return {k: decode_nonfinite(v) for k, v in data.items()}
    if isinstance(data, list):
        return [decode_nonfinite(v) for v in data]
    return data


def canonical_json(data: Any) -> str:
    """The one JSON spelling of ``data``: sorted keys, no spaces, UTF-8 kept, NaN refused."""
    return json.dumps(
        data,
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        allow_nan=False,
        default=_json_default,
    )


def content_hash(data: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of ``data``."""
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A replayable game."""

    ruleset: str
    ruleset_version: str
    scenario_id: str
    scenario: Mapping[str, Any]  # the validated scenario as JSON data
    scenario_hash: str
    seed: int
    orders: Sequence[SubmittedOrder] = ()
    agents: Mapping[str, str] = field(default_factory=dict)  # side -> agent name, informative
    state_hash: str | None = None  # after the orders, when known: exports carry it to verify

    def to_json(self) -> dict[str, Any]:
        out = {
            "format": RECORD_FORMAT,
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "scenario_id": self.scenario_id,
            "scenario_hash": self.scenario_hash,
            "scenario": dict(self.scenario),
            "seed": self.seed,
            "agents": dict(self.agents),
            "orders": [o.to_json() for o in self.orders],
        }
        if self.state_hash is not None:
            out["state_hash"] = self.state_hash
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        return cls(
            ruleset=str(data["ruleset"]),
            ruleset_version=str(data["ruleset_version"]),
            scenario_id=str(data["scenario_id"]),
            scenario=dict(data["scenario"]),
            scenario_hash=str(data["scenario_hash"]),
            seed=int(data["seed"]),
            agents=dict(data.get("agents", {})),
            orders=tuple(SubmittedOrder.from_json(o) for o in data.get("orders", ())),
            state_hash=str(data["state_hash"]) if data.get("state_hash") is not None else None,
        )


@runtime_checkable
class RecordSource(Protocol):
    """Where stored games are read from, lent by a front end: ``hexwar <ruleset> ...``
    commands find it as their ``typer.Context.obj``, so a ruleset's commands read stored games
    without opening the game store themselves (rulesets sit below the store)."""

    def load_record(self, game_id: str) -> GameRecord:
        """The record of a stored game (a full id or a unique prefix)."""
        ...
