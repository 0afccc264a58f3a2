"""Replay cost: rebuilding a game from its record against playing it with agents.

``hexwar resume`` replays every stored order, so replay must cost no more than playing did;
the target ratio (replay / play) is <= 1.0. Uses the test suite's tiny ruleset until real
rulesets land (run from the repository root).
"""

from __future__ import annotations

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


def main() -> None:
    seeds = range(1, 41)
    play_times, replay_times = [], []
    for seed in seeds:
        start = time.perf_counter()
        game = play_out("tiny/duel", seed, 1000)
        play_times.append(time.perf_counter() - start)
        record = game.record()
        start = time.perf_counter()
        again = registry.replay(record)
        replay_times.append(time.perf_counter() - start)
        assert again.state_hash() == game.state_hash()
    play, replay = statistics.median(play_times), statistics.median(replay_times)
    print(f"{len(seeds)} games of tiny/duel")
    print(f"play with random agents (baseline): {play * 1e3:8.2f} ms median")
    print(f"replay from the record            : {replay * 1e3:8.2f} ms median")
    print(f"ratio replay/play: {replay / play:.2f} (target <= 1.0)")


if __name__ == "__main__":
    main()
