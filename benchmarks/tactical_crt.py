"""The tactical CRT (seed 002): a million unit attacks resolved vectorised against a
per-attack Python loop doing the same work, in the same run.

Each attack has its own net odds (spread over the whole table, between and beyond its rows)
and its own number of SPs (1-6 single attacks); both paths pro-rate the CRT rows, draw one
uniform per single attack, and combine the results by the ``worst`` rule (the vectorised
path takes the smallest draw of each unit attack, which gives the most severe result).
The vectorised time is the best of three runs after a warm-up. The target ratio
(loop time / vectorised time) is at least 50. Run from the repository root::

    .venv/bin/python benchmarks/tactical_crt.py [N]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from hexwar.rulesets.tactical.combat import combine, outcome_index, resolve_many
from hexwar.rulesets.tactical.tables import CRT_COLUMNS, sheet


def loop(ratios: np.ndarray, sps: np.ndarray, rng: np.random.Generator) -> int:
    """One attack at a time: a pro-rated CRT lookup, a draw per SP, the net result."""
    table = sheet().crt.table()
    total = 0
    for ratio, n in zip(ratios.tolist(), sps.tolist(), strict=True):
        row = table.lookup(ratio)
        chances = [row.values[c] for c in CRT_COLUMNS]
        net = combine([outcome_index(chances, rng.random()) for _ in range(n)])
        total += net.loss
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "attacks", nargs="?", type=int, default=1_000_000, help="unit attacks (default 1e6)"
    )
    n = parser.parse_args().attacks
    rng = np.random.default_rng(2024)
    ratios = np.exp(rng.uniform(np.log(1 / 8), np.log(40), n))
    sps = rng.integers(1, 7, n)

    resolve_many(ratios[:1000], sps[:1000], np.random.default_rng(0))  # warm-up
    loop(ratios[:1000], sps[:1000], np.random.default_rng(0))
    vector = float("inf")
    for _ in range(3):  # best of three: the machine may be shared
        start = time.perf_counter()
        loss, _, _ = resolve_many(ratios, sps, np.random.default_rng(1))
        vector = min(vector, time.perf_counter() - start)

    start = time.perf_counter()
    loop_loss = loop(ratios, sps, np.random.default_rng(1))
    looped = time.perf_counter() - start

    print(f"{n:,} unit attacks ({int(sps.sum()):,} single attacks)")
    print(f"per-attack Python loop (baseline): {looped:8.3f} s   mean loss {loop_loss / n:.4f}")
    print(f"vectorised numpy                 : {vector:8.3f} s   mean loss {loss.mean():.4f}")
    print(f"ratio loop/vectorised: {looped / vector:.1f}x (target >= 50x)")


if __name__ == "__main__":
    main()
