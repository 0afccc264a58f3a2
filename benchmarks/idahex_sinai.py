"""The whole Sinai game, computer against computer: this tree against a baseline revision.

``hexwar run idahex/sinai --seed 1`` from ``tinit`` to ``tend`` (2,000 periods) is timed in
this tree and in a baseline revision's ``src`` unpacked in a temporary directory, each in its
own Python process, alternately, best of ``--repeat`` runs. The figure is the process's CPU
time (``time.process_time``), which the other loads of a shared machine disturb less than the
wall clock. The baseline defaults to the revision before the view and supply work (issue 16);
its figure is the "today" the target is measured against (at most 1/5 of its time).

Three games are timed:

* ``baseline``: the baseline revision with its default agents;
* ``same game``: this tree with the baseline's agent (``legacy``) on both sides -- the
  same commands, so the ratio measures the engine and the views alone;
* ``default``: this tree with its default agents (the game ``hexwar run`` plays now).

Run from the repository root: ``.venv/bin/python benchmarks/idahex_sinai.py [--repeat N]
[--baseline REV]``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from _revision import revision_source, run_python

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "ca25103"
"""The revision the issue's 9.5 s were measured on (main before this work)."""

PLAY = """
import sys, time
from hexwar.sessions import Session, resolve_scenario
from hexwar.agents import agent_names
resolved = resolve_scenario("idahex/sinai")
name = sys.argv[1] if sys.argv[1] != "-" else agent_names(resolved.ruleset)[0]
agents = dict.fromkeys(resolved.ruleset.info.sides, name)
session = Session.start(resolved, seed=1, agents=agents)
start = time.process_time()
session.run()
print(time.process_time() - start, session.game.state_hash())
"""


def timed(src: Path, agent: str) -> tuple[float, str]:
    out = run_python(src, PLAY, agent)
    return float(out[0]), out[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each game (best kept)")
    parser.add_argument("--baseline", default=BASELINE, help="baseline git revision")
    args = parser.parse_args()
    with revision_source(args.baseline) as baseline:
        games = {
            "baseline": (baseline, "-"),
            "same game": (ROOT / "src", "legacy"),
            "default": (ROOT / "src", "-"),
        }
        best: dict[str, float] = {}
        hashes: dict[str, str] = {}
        for _ in range(args.repeat):
            for name, (src, agent) in games.items():
                seconds, hashes[name] = timed(src, agent)
                best[name] = min(best.get(name, seconds), seconds)
    print(f"Sinai, seed 1, tinit to tend; best of {args.repeat}; baseline {args.baseline}")
    for name, seconds in best.items():
        ratio = seconds / best["baseline"]
        print(f"{name:<10} {seconds:7.2f} s   ratio to baseline {ratio:6.3f}  state {hashes[name]}")


if __name__ == "__main__":
    main()
