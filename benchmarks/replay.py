"""Replay cost: rebuilding a game from its record against playing it with agents.

``hexwar resume`` replays every stored order, so replay must cost no more than playing did;
the target ratio (replay / play) is <= 1.0. Plays each scenario (by default one of every
ruleset, and the test suite's tiny duel) with random agents over a few seeds, up to
``--max-steps`` decisions, then replays each record and checks the state hash. Run from the
repository root: ``.venv/bin/python benchmarks/replay.py [--seeds N] [--max-steps N]
[SCENARIO ...]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault(
    "HEXWAR_RULESETS", "tests.fixtures.tiny:TinyRuleset,tests.fixtures.tiny:TinySealedRuleset"
)

from hexwar.core import registry
from hexwar.testing import play_out

SCENARIOS = (
    "tiny/duel",
    "aggressor/sector",
    "tactical/hedgerows",
    "airwar/small-four-cities",
    "flankbattle/hastings",
    "idahex/sinai",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "scenarios",
        nargs="*",
        default=list(SCENARIOS),
        metavar="SCENARIO",
        help="scenarios to play (default: one of every ruleset and tiny/duel)",
    )
    parser.add_argument("--seeds", type=int, default=5, help="games per scenario (seeds 1..N)")
    parser.add_argument(
        "--max-steps",
        type=int,
        default=300,
        help="decisions per game at most (the rest of a long game is skipped)",
    )
    args = parser.parse_args()
    header = f"{'scenario':26} {'play ms':>9} {'replay ms':>10} {'ratio':>6}"
    print(f"{header}  (medians, {args.seeds} seeds)")
    for scenario in args.scenarios:
        play_times, replay_times = [], []
        for seed in range(1, args.seeds + 1):
            start = time.perf_counter()
            game = play_out(scenario, seed, args.max_steps)
            play_times.append(time.perf_counter() - start)
            record = game.record()
            start = time.perf_counter()
            again = registry.replay(record)
            replay_times.append(time.perf_counter() - start)
            assert again.state_hash() == game.state_hash(), scenario
        play, replay = statistics.median(play_times), statistics.median(replay_times)
        print(f"{scenario:26} {play * 1e3:9.1f} {replay * 1e3:10.1f} {replay / play:6.2f}")
    print("target: ratio replay/play <= 1.0")


if __name__ == "__main__":
    main()
