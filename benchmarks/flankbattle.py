"""flankbattle: 1,000 seeded battles of three flanks a side, in battles per second.

The war is the bundled Battle of Hastings (seed 004's example data): default deployments, the
whole hourly battle, leader survival, occupation and stability, without the log file. The
issue's target is at least 200 battles per second on one core. The baseline, measured in the
same run, is a bare Python loop drawing the same number of random numbers one at a time from
a numpy generator (the engine's unavoidable floor), so the printed ratio holds when the
machine's speed drifts.

    .venv/bin/python benchmarks/flankbattle.py [N]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

from hexwar.rulesets.flankbattle.scenario import FlankbattleScenario, setup_of
from hexwar.rulesets.flankbattle.war import fight
from hexwar.scenarios import load_document


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    path = Path(__file__).resolve().parent.parent / "src/hexwar/rulesets/flankbattle/scenarios"
    scenario = FlankbattleScenario.model_validate(load_document(path / "hastings.toml").data)
    setup = setup_of(scenario)
    deployments = (setup.default_deployment(0), setup.default_deployment(1))
    hours = 0
    draws = 0
    start = time.perf_counter()
    for seed in range(n):
        rng = np.random.default_rng(seed)
        report = fight(setup, deployments, rng)
        hours += report.result.hours
        draws += len(report.battle.events)
    battle_time = time.perf_counter() - start

    rng = np.random.default_rng(0)
    baseline_draws = hours * 6 * 4  # one draw per unit type per flank-hour
    start = time.perf_counter()
    total = 0.0
    for _ in range(baseline_draws):
        total += float(rng.random())
    baseline_time = time.perf_counter() - start

    rate = n / battle_time
    print(f"{n} battles of the Battle of Hastings, three flanks a side")
    print(f"  {hours / n:.1f} battle hours and {draws / n:.1f} timeline events per battle")
    print(f"  battles per second          : {rate:8.1f}   (target >= 200)")
    print(f"  baseline: {baseline_draws} single draws in {baseline_time:.3f} s")
    print(f"  battle time / baseline time : {battle_time / baseline_time:8.2f}")


if __name__ == "__main__":
    main()
