"""What the PettingZoo adapter adds to a random playout (issue 21 goal: at most 20 %).

For each scenario, plays random playouts (seeds 0, 1, ...; ``--games`` of them, or the
scenario's own count in ``SCENARIOS``) twice, on one Driver and one environment reset for each
game (as training does):

- bare, through the game protocol (:class:`hexwar.rl.driver.Driver`): each decision, the side
  awaited, its view and legal orders (``Driver.choices``), a uniform draw among them and
  ``Driver.act`` (submitting, or in stepwise lists extending the plan until it is submitted);
- through the AEC environment that ``hexwar.rl.pettingzoo.env()`` returns (the environment
  class itself: ``env()`` adds no PettingZoo wrapper), driven the standard way: ``agent_iter``,
  ``last()`` (which builds the observation planes, the vector and the action mask from the
  view, every step), a uniform draw among the legal actions (the mask's count: legal actions
  are numbered 0 .. n-1), ``step`` (rewards, terminations, the next agent).

Both draw from the same seeded stream the same way, so they play the same games (the script
checks the step counts); the ratio of their times is the adapter's overhead. Times are this
process's CPU time (the machine's other load counts only through the shared caches), the two
alternating game by game after one warm-up game each; what the warm-up loaded is then frozen
out of the garbage collector (``gc.freeze``), so that a full collection, whose cost grows with
everything loaded, does not fall at random on one side (the collections of what the playouts
allocate still run and are timed).

Run from the repository root: ``.venv/bin/python benchmarks/rl_overhead.py``.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

from hexwar.rl.driver import Driver
from hexwar.rl.pettingzoo import HexwarAEC, env

# scenario -> (decisions per playout, playouts): random stepwise plans in the air war are long
# (each of some forty units is moved one step at a time), so its playouts are kept short; the
# cheap playouts (a flank battle is two sealed deployments and one ~20 ms battle) are played
# more often, so that each side of the ratio is at least ~0.5 s of CPU and the ratio is not
# noise.
SCENARIOS = {
    "aggressor/sector": (200, 10),
    "tactical/meeting1941": (6, 5),
    "airwar/small-four-cities": (6, 5),
    "idahex/sinai": (20, 15),
    "flankbattle/marathon": (2, 40),
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
        # The legal actions are 0 .. n-1 (choice i is the i-th legal order), so the mask's count
        # is the choice count the bare path draws from: the same draw, the same action.
        e.step(int(rng.integers(np.count_nonzero(obs["action_mask"]))))
        steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, help="playouts per scenario (default: each scenario's own count)"
    )
    parser.add_argument("--only", choices=sorted(SCENARIOS), help="one scenario")
    args = parser.parse_args()
    for scenario, (decisions, games) in SCENARIOS.items():
        if args.only and scenario != args.only:
            continue
        # one environment per scenario, reset for each game (as training does)
        runners: dict[str, tuple[Callable[[Any, int], int], Any]] = {
            "bare": (bare, Driver(scenario, 0, max_decisions=decisions)),
            "adapter": (adapted, env(scenario, 0, max_decisions=decisions)),
        }
        for fn, target in runners.values():
            fn(target, 99)  # warm-up: scenario files, tables, caches
        # What is loaded by now (modules, scenario data, tables) lives on; frozen out of the
        # collector, it does not make each full collection cost tens of ms that would land on
        # whichever side happens to trigger it. Collections of what the playouts allocate
        # still run and count.
        gc.collect()
        gc.freeze()
        t = {"bare": 0.0, "adapter": 0.0}
        n = {"bare": 0, "adapter": 0}
        for seed in range(args.games or games):
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
