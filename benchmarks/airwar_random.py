"""Random air war games on the legal lists, against the hand-written random generator before.

The random agent of every ruleset draws from ``legal_orders`` (issue 21, item 1); the air war
kept a generator of its own until its stepwise lists were made incremental (walking them
checked every candidate step against the whole plan: ~0.39 s a decision, ~95 s a game). This
script plays ``--games`` whole random games (seeds 0, 1, ...; random agents on both sides, to the
end or the scenario's cycle limit) in this tree and in a baseline revision (default
``94b37ac``, whose air war random agent is the hand-written generator) unpacked into a
temporary directory with ``git archive``; each tree runs in its own Python process, the two
alternating, best of ``--repeat`` runs. The figure is the process's CPU time for the games
alone (imports and the scenario load excluded), which the other loads of a shared machine
disturb less than the wall clock. The target: this tree at most ~2x the baseline.

The two agents play different games (the lists' draw is uniform over each unit step, the old
generator moved every unit at once), so the script prints each side's decisions and units
left too: the time per decision is the fairer comparison when the games differ in length.

Run from the repository root: ``.venv/bin/python benchmarks/airwar_random.py [--games N]
[--repeat N] [--scenario airwar/...] [--baseline REV]``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from _revision import revision_source, run_python

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "94b37ac"
"""Main at the start of this work: the air war's random agent is its hand-written generator."""

PLAY = """
import sys, time
from hexwar.testing import random_session
from hexwar.sessions import resolve_scenario
resolved = resolve_scenario(sys.argv[1])
spent = decisions = 0.0
units = []
for seed in range(int(sys.argv[2])):
    session = random_session(resolved, seed)
    start = time.process_time()
    session.run()
    spent += time.process_time() - start
    decisions += session.game.step
    units.append(sum(n for side in session.game.pos.units.values() for n in side.values()))
print(spent, int(decisions), sum(units))
"""


def timed(src: Path, scenario: str, games: int) -> tuple[float, int, int]:
    out = run_python(src, PLAY, scenario, str(games))
    return float(out[0]), int(out[1]), int(out[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per run (seeds 0..N-1)")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each tree (best kept)")
    parser.add_argument(
        "--scenario", default="airwar/small-four-cities", help="an air war scenario id"
    )
    parser.add_argument("--baseline", default=BASELINE, help="baseline git revision")
    args = parser.parse_args()
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    with revision_source(args.baseline) as baseline:
        trees = {"baseline": baseline, "legal lists": ROOT / "src"}
        best: dict[str, tuple[float, int, int]] = {}
        for _ in range(args.repeat):
            for name, src in trees.items():
                run = timed(src, args.scenario, args.games)
                if name not in best or run[0] < best[name][0]:
                    best[name] = run
    print(
        f"{args.scenario}: {args.games} random games (seeds 0..{args.games - 1}), "
        f"best of {args.repeat}; baseline {args.baseline}"
    )
    base_s, base_n, _ = best["baseline"]
    for name, (seconds, decisions, units) in best.items():
        per = seconds / decisions * 1000
        print(
            f"{name:<12} {seconds / args.games:6.2f} s a game  {decisions / args.games:6.0f} "
            f"decisions  {per:6.2f} ms a decision  {units / args.games:6.0f} units at the end  "
            f"ratio to baseline: game {seconds / base_s:5.2f}, decision "
            f"{per / (base_s / base_n * 1000):5.2f}"
        )


if __name__ == "__main__":
    main()
