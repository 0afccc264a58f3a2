"""What the PettingZoo adapter adds to a random playout (issue 21 goal: at most 20 %).

For each scenario, plays ``--games`` random playouts (seeds 0, 1, ...) twice: bare, through the
game protocol (each decision: the side's view, its legal orders, a uniformly chosen one
submitted -- or, in stepwise lists, followed until the plan is submitted), and through the
AEC environment of :mod:`hexwar.rl.pettingzoo` (each step: the observation arrays and action
mask, a uniformly chosen legal action). Both make the same choices from the same stream, so
they play the same games; the ratio of their times is the adapter's overhead. Times are this
process's CPU time (the machine's other load does not count), the two alternating game by game.

Run from the repository root: ``.venv/bin/python benchmarks/rl_overhead.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

from hexwar.rl.driver import Driver
from hexwar.rl.pettingzoo import HexwarAEC, env

# scenario -> decisions per playout (random stepwise plans in the air war are long: each of
# some forty units is moved one step at a time, so its playouts are kept short)
SCENARIOS = {
    "aggressor/sector": 200,
    "tactical/meeting1941": 6,
    "airwar/small-four-cities": 6,
    "idahex/sinai": 20,
    "flankbattle/marathon": 2,
}


def bare(d: Driver, seed: int) -> int:
    """A random playout on the protocol alone (the Driver only numbers legal orders)."""
    d.reset(seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while awaiting := d.awaiting():
        side = awaiting[0]
        d.act(side, int(rng.integers(len(d.choices(side)))))
        steps += 1
    return steps


def adapted(e: HexwarAEC, seed: int) -> int:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    for _agent in e.agent_iter():
        obs, _reward, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[int(rng.integers(len(legal)))]))
        steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--only", choices=sorted(SCENARIOS), help="one scenario")
    args = parser.parse_args()
    for scenario, decisions in SCENARIOS.items():
        if args.only and scenario != args.only:
            continue
        runners = {  # one environment per scenario, reset for each game (as training does)
            "bare": (bare, Driver(scenario, 0, max_decisions=decisions)),
            "adapter": (adapted, env(scenario, 0, max_decisions=decisions)),
        }
        for fn, target in runners.values():
            fn(target, 99)  # warm-up: scenario files, tables, caches
        t = {"bare": 0.0, "adapter": 0.0}
        n = {"bare": 0, "adapter": 0}
        for seed in range(args.games):
            for name, (fn, target) in runners.items():
                t0 = time.process_time()
                n[name] += fn(target, seed)
                t[name] += time.process_time() - t0
        same = "same steps" if n["bare"] == n["adapter"] else f"steps differ {n}"
        print(
            f"{scenario}: bare {t['bare']:.2f} s, through PettingZoo {t['adapter']:.2f} s "
            f"({n['bare']} steps, {same}): overhead {t['adapter'] / t['bare'] - 1:+.0%} "
            "(goal: <= +20 %)",
            flush=True,
        )


if __name__ == "__main__":
    main()
