"""The whole Sinai game, computer against computer: this tree against a baseline revision,
the same game in both.

``idahex/sinai`` with seed 1 from ``tinit`` to ``tend`` (2,000 periods) is played by this tree
and by a baseline revision's ``src`` unpacked in a temporary directory, each in its own Python
process, alternately, best of ``--repeat`` runs. The figure is the process's CPU time
(``time.process_time``) of ``Session.run``, which the other loads of a shared machine disturb
less than the wall clock.

Each agent named by ``--agents`` (default: ``ai``, the default commander, and ``legacy``)
plays both sides in both trees. A ratio is printed only for the same game: the final state
hashes of the two trees must agree. When they do not, the script says what differs -- the
first event (its step, time, kind and text) where the two games' transcripts part -- and
prints no ratio, since it would compare two different games.

The target of issue 42: this tree at most 0.5 of the CPU time of 16663ed on the same game.

Run from the repository root: ``.venv/bin/python benchmarks/idahex_sinai.py [--repeat N]
[--baseline REV] [--agents ai,legacy]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from _revision import revision_source

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "16663ed"
"""The revision issue 42's figures were measured on."""

PLAY = """
import json, sys, time
from hexwar.sessions import Session, resolve_scenario
resolved = resolve_scenario("idahex/sinai")
agents = dict.fromkeys(resolved.ruleset.info.sides, sys.argv[1])
session = Session.start(resolved, seed=1, agents=agents)
start = time.process_time()
session.run()
seconds = time.process_time() - start
game = session.game
out = {"seconds": seconds, "state": game.state_hash(), "steps": game.step}
if sys.argv[2] == "events":
    out["events"] = [[e.time, e.kind, e.text] for e in game.events(None)]
print(json.dumps(out))
"""


def play(src: Path, agent: str, events: bool = False) -> dict[str, object]:
    """One game in a process of its own with ``src`` as the only source tree."""
    out = subprocess.run(
        [sys.executable, "-c", PLAY, agent, "events" if events else "-"],
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
        cwd=src.parent,
    ).stdout
    result: dict[str, object] = json.loads(out.splitlines()[-1])
    return result


def first_difference(old: Path, new: Path, agent: str) -> str:
    """Where the two trees' games part: the first event that differs."""
    a = play(old, agent, events=True)["events"]
    b = play(new, agent, events=True)["events"]
    assert isinstance(a, list)
    assert isinstance(b, list)
    for k, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"event {k}: baseline {x!r}, this tree {y!r}"
    if len(a) != len(b):
        return f"the same {min(len(a), len(b))} events, then only one game goes on"
    return "the same events; the states differ in what the events do not show"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each game (best kept)")
    parser.add_argument("--baseline", default=BASELINE, help="baseline git revision")
    parser.add_argument(
        "--agents", default="ai,legacy", help="agents, comma-separated (each plays both sides)"
    )
    args = parser.parse_args()
    agents = [a for a in args.agents.split(",") if a]
    print(
        f"Sinai, seed 1, tinit to tend; CPU seconds, best of {args.repeat}; "
        f"baseline {args.baseline}"
    )
    with revision_source(args.baseline) as baseline:
        trees = {"baseline": baseline, "this tree": ROOT / "src"}
        best: dict[tuple[str, str], float] = {}
        states: dict[tuple[str, str], str] = {}
        for _ in range(args.repeat):
            for agent in agents:
                for name, src in trees.items():
                    r = play(src, agent)
                    seconds, state = r["seconds"], r["state"]
                    assert isinstance(seconds, float)
                    assert isinstance(state, str)
                    best[agent, name] = min(best.get((agent, name), seconds), seconds)
                    states[agent, name] = state
        for agent in agents:
            old, new = best[agent, "baseline"], best[agent, "this tree"]
            same = states[agent, "baseline"] == states[agent, "this tree"]
            print(f"agent {agent} on both sides:")
            print(f"  baseline   {old:7.2f} s  state {states[agent, 'baseline'][:16]}")
            print(f"  this tree  {new:7.2f} s  state {states[agent, 'this tree'][:16]}")
            if same:
                print(f"  the same game: ratio this tree / baseline = {new / old:.3f}")
            else:
                where = first_difference(baseline, ROOT / "src", agent)
                print(f"  NOT the same game (no ratio): {where}")


if __name__ == "__main__":
    main()
