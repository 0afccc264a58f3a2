"""Seeded randomness: one ``SeedSequence`` per game, one stream per purpose.

A game's streams are derived from its seed and a purpose name ("adjudication", "agent:red"),
never from the order in which they were asked for, so adding a new purpose never shifts the
draws of an existing one. Every draw that decides something can be written into the event that
used it (see :class:`Dice`), which is what makes an event a receipt.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hexwar.core.errors import HexwarError

ADJUDICATION = "adjudication"

SEEDS = range(-(2**63), 2**63)
"""Every seed a game accepts: a signed 64-bit integer, what the game store keeps."""


class InvalidSeedError(HexwarError, ValueError):
    """A seed outside :data:`SEEDS`."""


def seed_entropy(seed: int) -> int:
    """The ``SeedSequence`` entropy of a game seed (any of :data:`SEEDS`).

    ``SeedSequence`` takes non-negative entropy only: a non-negative seed is its own entropy
    (so existing games keep their draws) and a negative one maps beyond every non-negative
    seed, to ``2**64 + |seed|``, so no two seeds share a stream.
    """
    if seed not in SEEDS:
        raise InvalidSeedError(
            f"seed {seed} is not a signed 64-bit integer (from {SEEDS.start} to {SEEDS.stop - 1})"
        )
    return seed if seed >= 0 else 2**64 - seed


def _purpose_key(purpose: str) -> int:
    # A stable 64-bit key for a purpose name; Python's hash() is salted per process.
    return int.from_bytes(hashlib.sha256(purpose.encode()).digest()[:8], "big")


def stream(seed: int, purpose: str) -> np.random.Generator:
    """The generator for ``purpose`` in the game seeded with ``seed``."""
    seq = np.random.SeedSequence(entropy=seed_entropy(seed), spawn_key=(_purpose_key(purpose),))
    return np.random.Generator(np.random.PCG64(seq))


def menu_stream(view_data: Any, purpose: str) -> np.random.Generator:
    """A generator seeded by a view's content: for menus of legal orders that sample a space
    too large to list (set-ups), so equal views give equal menus and nothing else leaks in."""
    from hexwar.core.records import canonical_json  # records imports orders only; no cycle

    digest = hashlib.sha256(canonical_json(view_data).encode()).digest()
    return stream(int.from_bytes(digest[:8], "big", signed=True), purpose)  # a game seed


def agent_purpose(side: str) -> str:
    """The purpose name of the stream an agent playing ``side`` draws from."""
    return f"agent:{side}"


@dataclass(frozen=True, slots=True)
class Roll:
    """One random draw as it appears in a receipt."""

    label: str
    value: float | int
    chance: float | None = None  # probability of success, for a yes/no roll
    success: bool | None = None
    sides: int | None = None  # for a die roll

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in _roll_fields(self).items() if v is not None}


def _roll_fields(r: Roll) -> dict[str, Any]:
    return {
        "label": r.label,
        "value": r.value,
        "chance": r.chance,
        "success": r.success,
        "sides": r.sides,
    }


@dataclass(slots=True)
class Dice:
    """A purpose stream that remembers each draw until :meth:`take` hands them to a receipt."""

    generator: np.random.Generator
    pending: list[Roll] = field(default_factory=list)

    @classmethod
    def for_game(cls, seed: int, purpose: str = ADJUDICATION) -> Dice:
        return cls(stream(seed, purpose))

    def chance(self, label: str, p: float) -> bool:
        """True with probability ``p`` (clamped to [0, 1]); the draw is uniform in [0, 1)."""
        p_eff = min(1.0, max(0.0, p))
        u = float(self.generator.random())
        ok = u < p_eff
        self.pending.append(Roll(label, round(u, 6), chance=p_eff, success=ok))
        return ok

    def die(self, label: str, sides: int = 6) -> int:
        """A roll of a fair die numbered 1..``sides``."""
        value = int(self.generator.integers(1, sides + 1))
        self.pending.append(Roll(label, value, sides=sides))
        return value

    def uniform(self, label: str, low: float = 0.0, high: float = 1.0) -> float:
        value = float(self.generator.uniform(low, high))
        self.pending.append(Roll(label, value))
        return value

    def integer(self, label: str, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both ends included)."""
        value = int(self.generator.integers(low, high + 1))
        self.pending.append(Roll(label, value))
        return value

    def choice_index(self, label: str, n: int) -> int:
        """A uniform index into a sequence of length ``n``."""
        return self.integer(label, 0, n - 1)

    def take(self) -> tuple[Roll, ...]:
        """The draws made since the last call, for the receipt of the event they decided."""
        rolls, self.pending = tuple(self.pending), []
        return rolls
