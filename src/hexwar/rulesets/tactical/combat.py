"""Combat on the COMBAT RESULTS TABLE (seed 002): net strengths, one attack per SP, the net
result, and the same resolution vectorised over many attacks.

A unit attacks with as many single attacks as it has SPs; each is looked up on the CRT at the
net odds and drawn. The *combination rule* (the sheet leaves it to "the program") is a scenario
parameter: ``worst`` (default) keeps the most severe single result, ``sum`` adds the SP losses of
all of them and keeps a disruption or morale check if any single attack gave one
(docs/rulings/tactical.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from hexwar.rulesets.tactical.tables import CRT_COLUMNS, sheet

__all__ = [
    "NONE",
    "RESULTS",
    "NetResult",
    "combine",
    "net_defense",
    "outcome_index",
    "resolve_many",
]

RESULTS = (*CRT_COLUMNS, "none")  # by severity: loss_3 first, "none" last
NONE = len(CRT_COLUMNS)
_LOSS = {0: 3, 1: 2, 2: 1}


def net_defense(defense: float, *, bunker: bool) -> float:
    """Defense strength, plus 20 in a bunker or pillbox (sheet: SPECIAL, Bunker/Pillbox);
    the caller passes ``bunker=False`` for vehicles, which get no benefit from either."""
    return defense + (sheet().bunker_defense_bonus if bunker else 0.0)


def outcome_index(chances: Sequence[float], u: float) -> int:
    """The single-attack result a uniform draw ``u`` in [0, 1) gives: the columns in order
    (loss 3, loss 2, loss 1, disruption, morale check) take their chances from 0 upward and
    the rest is no effect."""
    acc = 0.0
    for i, p in enumerate(chances):
        acc += p
        if u < acc:
            return i
    return NONE


@dataclass(frozen=True, slots=True)
class NetResult:
    """What one unit's attack does to its target."""

    loss: int
    disruption: bool
    morale_check: bool

    @property
    def text(self) -> str:
        parts = []
        if self.loss:
            parts.append(f"loses {self.loss} SP")
        if self.disruption:
            parts.append("disrupted")
        if self.morale_check:
            parts.append("morale check")
        return ", ".join(parts) or "no effect"


def combine(indices: Sequence[int], rule: str = "worst") -> NetResult:
    """The net result of a unit's single attacks (their result indices, see :data:`RESULTS`)."""
    if not indices:
        return NetResult(0, False, False)
    if rule == "sum":
        loss = sum(_LOSS.get(i, 0) for i in indices)
        return NetResult(loss, 3 in indices, 4 in indices)
    worst = min(indices)
    return NetResult(_LOSS.get(worst, 0), worst == 3, worst == 4)


def resolve_many(
    ratios: npt.ArrayLike, sps: npt.ArrayLike, rng: np.random.Generator, rule: str = "worst"
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Vectorised unit attacks: for attack ``k`` at odds ``ratios[k]`` with ``sps[k]`` single
    attacks, the net SP loss, disruption and morale check, by the same rule as :func:`combine`.

    Draws ``max(sps)`` uniforms per attack (unused ones ignored), so it is exact but does not
    reproduce the draws of the per-attack path.
    """
    cum = sheet().crt.cumulative_columns(ratios)  # five arrays: running sums of the chances
    n_sp = np.asarray(sps, dtype=np.int64)
    n = len(n_sp)
    width = int(n_sp.max()) if n else 0
    loss_of = np.array([3, 2, 1, 0, 0, 0])
    # Single attack k of every unit attack at once; attacks beyond a unit's SPs draw +inf,
    # which is "no effect" in every row (not 1.0: the 10:1 row's chances add up to 105 %).
    draws = []
    for k in range(width):
        u = rng.random(n)
        u[n_sp <= k] = np.inf
        draws.append(u)
    if rule == "sum":
        loss = np.zeros(n, dtype=np.int64)
        dis = np.zeros(n, dtype=bool)
        mc = np.zeros(n, dtype=bool)
        for u in draws:
            idx = _categorise(u, cum)
            loss += loss_of[idx]
            dis |= idx == 3
            mc |= idx == 4
        return loss, dis, mc
    # A smaller draw never gives a milder result, so the most severe single result is the
    # result of the smallest draw: one categorisation per unit attack.
    low = np.full(n, np.inf)
    for u in draws:
        np.minimum(low, u, out=low)
    worst = _categorise(low, cum)
    return loss_of[worst], worst == 3, worst == 4


def _categorise(
    u: npt.NDArray[np.float64], cum: list[npt.NDArray[np.float64]]
) -> npt.NDArray[np.int64]:
    """The result index (see :data:`RESULTS`) of draws ``u`` against running sums ``cum``."""
    idx = np.zeros(len(u), dtype=np.int64)
    for c in cum:
        idx += u >= c
    return idx
