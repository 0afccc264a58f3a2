"""Bulk hex distance: ``hexes.distance_matrix`` against the scalar ``distance`` in a loop.

The target is that the vectorised path is at least 10x faster than the loop it replaces for
an all-pairs matrix on an Aggressor-sized map (315 hexes); the script prints the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from hexwar.core.hexes import distance, distance_matrix, hexes_to_array
from hexwar.core.numberings import AggressorGrid


def best_of(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    hexes = list(AggressorGrid())
    arr = hexes_to_array(hexes)

    def loop() -> list[list[int]]:
        return [[distance(a, b) for b in hexes] for a in hexes]

    def vectorised() -> object:
        return distance_matrix(arr, arr)

    assert distance_matrix(arr, arr).tolist() == loop()  # same answer before timing
    baseline = best_of(loop, args.repeat)
    candidate = best_of(vectorised, args.repeat)
    print(f"all-pairs distances, {len(hexes)} hexes ({len(hexes) ** 2} pairs)")
    print(f"python loop (baseline): {baseline * 1e3:9.2f} ms")
    print(f"numpy distance_matrix : {candidate * 1e3:9.2f} ms")
    print(f"speed-up: {baseline / candidate:.1f}x (target >= 10x)")


if __name__ == "__main__":
    main()
