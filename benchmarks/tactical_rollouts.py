"""Tactical games and mcts rollouts: this tree against a baseline revision.

What the ``mcts`` search can weigh in its second a decision is bounded by the cost of a
rollout (a world drawn from the view, the searched order, the enemy's reply by the computer
player, the side's next attacks). Two measurements, each in this tree and in a baseline
revision's ``src`` unpacked in a temporary directory, in their own Python processes,
alternately, best of ``--repeat`` runs of the process's CPU time:

* ``games``: the computer player against itself, whole games of both bundled scenarios,
  ``--seeds`` seeds each; the final state hashes must agree (the same games);
* ``search``: ``mcts`` with a fixed number of iterations (``--iterations``, so the same
  computation whatever the speed) at the first ``--decisions`` decisions of those games;
  the orders it chooses agree unless the search itself changed between the two trees (since
  cd7d7af it never weighs doing nothing in tactical, so against c8f1f48 some differ; against
  cd7d7af or later they must agree).

Prints each figure, the speed-up (the baseline's time over this tree's) and whether the two
trees played the same games and chose the same orders. The baseline defaults to the revision
before the rollout work (Hex a dataclass, a board per view).

Run from the repository root: ``.venv/bin/python benchmarks/tactical_rollouts.py [--repeat N]
[--baseline REV]``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from _revision import revision_source, run_python

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "c8f1f48"
"""Main before the rollout work."""

SCENARIOS = "tactical/meeting1941,tactical/hedgerows"

GAMES = """
import hashlib, sys, time
from hexwar.agents import agent_rng, make_agent
from hexwar.sessions import resolve_scenario
seeds = int(sys.argv[1])
spent, digest = 0.0, hashlib.sha256()
for name in sys.argv[2].split(","):
    resolved = resolve_scenario(name)
    ruleset = resolved.ruleset
    for seed in range(seeds):
        game = ruleset.new_game(resolved.scenario, seed=seed, scenario_id=name)
        agents = {s: make_agent(ruleset, s, "ai") for s in ruleset.info.sides}
        start = time.process_time()
        while (d := game.decision()) is not None:
            for s in sorted(d.sides):
                game.submit(s, agents[s].act(game.view(s), agent_rng(seed, s, d.step)))
        spent += time.process_time() - start
        digest.update(game.state_hash().encode())
print(spent, digest.hexdigest()[:16])
"""

SEARCH = """
import hashlib, json, sys, time
from hexwar.agents import agent_rng, make_agent
from hexwar.agents.mcts import MctsAgent
from hexwar.sessions import resolve_scenario
iterations, decisions = int(sys.argv[1]), int(sys.argv[2])
spent, digest = 0.0, hashlib.sha256()
for name in sys.argv[3].split(","):
    resolved = resolve_scenario(name)
    ruleset = resolved.ruleset
    game = ruleset.new_game(resolved.scenario, seed=0, scenario_id=name)
    agents = {s: make_agent(ruleset, s, "ai") for s in ruleset.info.sides}
    for _ in range(decisions):
        d = game.decision()
        if d is None:
            break
        for s in sorted(d.sides):
            view, rng = game.view(s), agent_rng(0, s, d.step)
            search = MctsAgent(ruleset, s, iterations=iterations)
            start = time.process_time()
            order = search.act(view, rng)
            spent += time.process_time() - start
            digest.update(json.dumps(order.to_json(), sort_keys=True).encode())
            game.submit(s, agents[s].act(view, agent_rng(0, s, d.step)))
print(spent, digest.hexdigest()[:16])
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (best kept)")
    parser.add_argument("--baseline", default=BASELINE, help="baseline git revision")
    parser.add_argument("--seeds", type=int, default=3, help="games per scenario")
    parser.add_argument("--iterations", type=int, default=30, help="mcts iterations a decision")
    parser.add_argument("--decisions", type=int, default=4, help="decisions searched a game")
    args = parser.parse_args()
    if min(args.repeat, args.seeds, args.iterations, args.decisions) < 1:
        parser.error("--repeat, --seeds, --iterations and --decisions must be at least 1")
    jobs = {
        "games": (GAMES, [str(args.seeds), SCENARIOS]),
        "search": (SEARCH, [str(args.iterations), str(args.decisions), SCENARIOS]),
    }
    best: dict[tuple[str, str], float] = {}
    marks: dict[tuple[str, str], str] = {}
    with revision_source(args.baseline) as baseline:
        trees = {"baseline": baseline, "this tree": ROOT / "src"}
        for _ in range(args.repeat):
            for job, (script, job_args) in jobs.items():
                for tree, src in trees.items():
                    out = run_python(src, script, *job_args)
                    seconds, marks[job, tree] = float(out[0]), out[1]
                    best[job, tree] = min(best.get((job, tree), seconds), seconds)
    print(f"tactical {SCENARIOS}; best of {args.repeat} (CPU s); baseline {args.baseline}")
    for job in jobs:
        old, new = best[job, "baseline"], best[job, "this tree"]
        same = "the same" if marks[job, "baseline"] == marks[job, "this tree"] else "DIFFERENT"
        what = "games" if job == "games" else "orders"
        print(
            f"{job:<7} baseline {old:7.2f} s  this tree {new:7.2f} s  speed-up {old / new:5.2f}x"
            f"  ({what} {same})"
        )


if __name__ == "__main__":
    main()
