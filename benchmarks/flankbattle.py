"""flankbattle: 1,000 seeded battles of three flanks a side, in battles per second.

The issue's figure: the bundled Battle of Hastings (seed 004's example data), default
deployments (three flanks a side), the whole war -- hourly battle, leader survival, occupation
and stability -- without the log file, seeds 0 to N-1. Target: at least 200 battles per second
on one core. The rate is printed by the wall clock and by the process's CPU time (on a shared
machine the CPU time is what the one core running the battles spent). The baseline, measured
in the same run, is a bare Python loop drawing single random numbers from a numpy generator, 24
per battle hour (the engine's unavoidable floor), so the printed ratio holds when the machine's
speed drifts.

Two further lines show the cost of an hour where the first figure hides it: long battles
(Marathon with mixed maneuvers, many of which stand off until the 60-day limit) and large ones
(99 flanks a side, where the nearest enemies are found with numpy).

    .venv/bin/python benchmarks/flankbattle.py [N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from hexwar.rulesets.flankbattle.scenario import FlankbattleScenario, setup_of
from hexwar.rulesets.flankbattle.war import WarSetup, fight
from hexwar.scenarios import load_document

SCENARIOS = Path(__file__).resolve().parent.parent / "src/hexwar/rulesets/flankbattle/scenarios"
Deployments = tuple[list[FlankSpec], list[FlankSpec]]


def setup(name: str) -> WarSetup:
    data = load_document(SCENARIOS / f"{name}.toml").data
    return setup_of(FlankbattleScenario.model_validate(data))


def mixed(war: WarSetup) -> Deployments:
    """The default flanks with other maneuvers: Position, Feigned Retreat and Hit and run
    against Position, Hit and run and Normal."""
    m = Maneuver
    a, d = war.default_deployment(0), war.default_deployment(1)
    attack = (m.POSITION, m.FEIGNED_RETREAT, m.HIT_AND_RUN)
    defend = (m.POSITION, m.HIT_AND_RUN, m.NORMAL)
    return (
        [
            FlankSpec(f.x + 10 * i, f.y, f.infantry, f.cavalry, f.artillery, f.ships, x)
            for i, (f, x) in enumerate(zip(a, attack, strict=True))
        ],
        [
            FlankSpec(f.x, f.y, f.infantry, f.cavalry, f.artillery, f.ships, x)
            for f, x in zip(d, defend, strict=True)
        ],
    )


def battles(war: WarSetup, deployments: Deployments, n: int) -> tuple[float, float, int, int]:
    """Wall seconds, CPU seconds, battle hours and timeline events of seeds 0..n-1."""
    hours = events = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(n):
        report = fight(war, deployments, np.random.default_rng(seed))
        hours += report.result.hours
        events += len(report.battle.events)
    return time.perf_counter() - wall, time.process_time() - cpu, hours, events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "n", nargs="?", type=int, default=1000, help="battles of Hastings (default 1000)"
    )
    n = parser.parse_args().n
    if n < 1:
        parser.error("N must be at least 1")
    hastings = setup("hastings")
    default = (hastings.default_deployment(0), hastings.default_deployment(1))
    fight(hastings, default, np.random.default_rng(n))  # warm-up: imports and caches
    wall, cpu, hours, events = battles(hastings, default, n)

    rng = np.random.default_rng(0)
    draws = hours * 6 * 4  # a draw per unit type of each of six flanks, every hour
    start = time.perf_counter()
    total = 0.0
    for _ in range(draws):
        total += rng.random()
    baseline = time.perf_counter() - start

    print(f"{n} battles of the Battle of Hastings, three flanks a side")
    print(f"  {hours / n:.1f} battle hours and {events / n:.1f} timeline events per battle")
    print(f"  battles per second (wall)   : {n / wall:8.1f}   (target >= 200)")
    print(f"  battles per second (CPU)    : {n / cpu:8.1f}")
    print(f"  baseline: {draws} single draws in {baseline:.3f} s")
    print(f"  battle time / baseline time : {wall / baseline:8.2f}")

    marathon = setup("marathon")
    m = max(1, n // 50)
    wall, cpu, hours, _ = battles(marathon, mixed(marathon), m)
    print(f"{m} long battles (Marathon, mixed maneuvers): {hours / m:.0f} hours per battle")
    per_hour = cpu / hours * 1e6
    print(f"  battle hours per second (CPU): {hours / cpu:10.0f}   ({per_hour:.1f} us/hour)")

    large = (hastings.default_deployment(0, 99), hastings.default_deployment(1, 99))
    wall, cpu, hours, _ = battles(hastings, large, m)
    print(f"{m} large battles (Hastings, 99 flanks a side): {hours / m:.1f} hours per battle")
    per_hour = cpu / hours * 1e6
    print(f"  battles per second (CPU)     : {m / cpu:10.1f}   ({per_hour:.0f} us/hour)")


if __name__ == "__main__":
    main()
