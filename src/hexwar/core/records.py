"""Game records: everything needed to replay a game exactly, and the state hash that proves it.

A record holds the ruleset id and version, the scenario itself (canonical JSON) with its hash,
the seed and the submitted orders. Because every random draw comes from the seeded streams,
replaying the orders rebuilds the same events and the same state.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hexwar.core.orders import SubmittedOrder

RECORD_FORMAT = 1


def _json_default(value: object) -> object:
    # TOML's native dates and times become the ISO strings JSON files use for them, so a
    # scenario has one canonical form whichever format it was written in.
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    raise TypeError(f"not JSON data: {value!r}")


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

    def to_json(self) -> dict[str, Any]:
        return {
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
        )
