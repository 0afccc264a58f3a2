"""The ``mcts`` agent at equal time per move against each ruleset's ``ai`` (issue 21 goal:
>= 60 % of games won for Aggressor, tactical and the air war on small boards, with the
interval).

For each ruleset (``--rulesets``, default all three) plays ``--games`` seeds, each twice:
mcts on each side (so 2 x games in all), against the ruleset's ``ai`` (``--opponent``):

- air war: ``airwar/small-four-cities`` cut to ``--cycles`` cycles (default 15) and decided at
  the limit by the number of units (``at_cycle_limit = "more_units"``), so games end in minutes;
- Aggressor: ``aggressor/sector`` (its one map, 21 x 15 hexes);
- tactical: ``tactical/meeting1941`` (16 x 10 hexes, 10 turns).

Equal time per move: mcts gets ``--seconds`` per decision (default 1.0), measured by
``--clock`` -- ``cpu`` (default: the process's CPU time, so a busy shared machine gives it
the same computation as an idle one) or ``wall`` -- and its candidate proposals count against
it; the ai takes the time it takes (all of it is its own: it has no budget to raise). Both
agents' time per decision is measured on the same clock in the same games and printed, the
ai's being the baseline. After each of mcts's decisions (untimed) the opponent's agent and
mcts's prior (mcts at 0 s) are asked for their orders in the same view: the decisions where
mcts departed from each are counted and printed. Games run ``--jobs`` at a time in separate
processes (the CPU clock is per process). Prints, per ruleset, the wins, draws and losses of
mcts, its win rate with the Wilson 95 % interval, and the time per decision of each agent.

The baselines: the same seeds and sides played by ``--opponent`` in mcts's place (against
itself), and by mcts with no time (0 s a decision: its prior alone, no search -- the
computer player's orders, except in the tactical approach, where the prior is the careful
variant's plan: :func:`hexwar.rulesets.tactical.search.leads`). What mcts wins beyond the
second is the search's. Every seed is played from both sides because a seed is not even: its
first mover, set-up and dice favour one side (Aggressor seeds 0-19 with sides alternating by
seed gave the computer player 14 wins of 20 against itself). Played from both sides, the
computer player in mcts's place wins as many games as it loses (draws aside): 50 %.

Run from the repository root: ``.venv/bin/python benchmarks/mcts_vs_ai.py [--games 10]``.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import tomli_w

from hexwar.agents import agent_rng, make_agent
from hexwar.agents.mcts import MctsAgent
from hexwar.core.game import Agent
from hexwar.sessions import resolve_scenario

SCENARIOS = {
    "airwar": "airwar/small-four-cities",
    "aggressor": "aggressor/sector",
    "tactical": "tactical/meeting1941",
}
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def tally(results: list[dict[str, Any]]) -> str:
    """Games won of those played by the seat, with draws and losses."""
    won = sum(r["winner"] == r["me"] for r in results)
    drawn = sum(r["winner"] is None for r in results)
    return f"won {won} of {len(results)} (draws {drawn}, losses {len(results) - won - drawn})"


def cut(scenario: str, cycles: int) -> str:
    """The air war scenario cut to ``cycles`` cycles, decided by units at the limit."""
    resolved = resolve_scenario(scenario)
    data = resolved.scenario.model_dump(mode="json", exclude_none=True)
    data["cycle_limit"] = cycles
    data["at_cycle_limit"] = "more_units"
    path = Path(tempfile.mkdtemp(prefix="hexwar-bench-")) / "cut.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return str(path)


def play(
    scenario: str,
    seed: int,
    me: str,
    seconds: float,
    clock: str,
    opponent: str,
    horizon: int | None = None,
    baseline: bool = False,
) -> dict[str, Any]:
    """One game, mcts playing ``me`` (with ``baseline``, the opponent's agent in its place);
    its result and each agent's time and decisions."""
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    tick = CLOCKS[clock]
    agents: dict[str, Agent] = {
        s: MctsAgent(ruleset, s, seconds=seconds, clock=tick, horizon=horizon)
        if s == me and not baseline
        else make_agent(ruleset, s, opponent)
        for s in ruleset.info.sides
    }
    ai = make_agent(ruleset, me, opponent)  # what the ai would give in mcts's place
    prior = MctsAgent(ruleset, me, seconds=0.0, clock=tick)  # mcts's prior alone
    spent = {"mcts": 0.0, "ai": 0.0}
    moves = {"mcts": 0, "ai": 0}
    departures = searched = 0
    game = ruleset.new_game(resolved.scenario, seed=seed, scenario_id=scenario)
    while (decision := game.decision()) is not None:
        for side in sorted(decision.sides):
            who = "mcts" if side == me else "ai"
            t0 = tick()
            order = agents[side].act(game.view(side), agent_rng(seed, side, decision.step))
            spent[who] += tick() - t0
            moves[who] += 1
            if who == "mcts" and not baseline:  # untimed: the ai's and the prior's orders
                view = game.view(side)
                departures += order != ai.act(view, agent_rng(seed, side, decision.step))
                searched += order != prior.act(view, agent_rng(seed, side, decision.step))
            game.submit(side, order.to_json())
    outcome = game.outcome()
    assert outcome is not None
    return {
        "seed": seed,
        "me": me,
        "winner": outcome.winner,
        "reason": outcome.reason,
        "spent": spent,
        "moves": moves,
        "departures": departures,
        "searched": searched,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rulesets", default="airwar,aggressor,tactical", help="comma-separated ruleset ids"
    )
    parser.add_argument(
        "--games", type=int, default=10, help="seeds per ruleset, each played from both sides"
    )
    parser.add_argument("--cycles", type=int, default=15, help="air war cycle limit")
    parser.add_argument("--seconds", type=float, default=1.0, help="mcts budget per decision")
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="what the budget measures: the process's CPU time (default) or wall time",
    )
    parser.add_argument("--opponent", default="ai", help="the ruleset's agent to play against")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument(
        "--horizon", type=int, help="decisions played out after mcts's (default: the agent's)"
    )
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed")
    args = parser.parse_args()
    summary: list[str] = []
    for rid in args.rulesets.split(","):
        name = SCENARIOS[rid]
        scenario = cut(name, args.cycles) if rid == "airwar" else name
        sides = resolve_scenario(scenario).ruleset.info.sides
        seeds = range(args.first_seed, args.first_seed + args.games)
        jobs = [(seed, side) for seed in seeds for side in sides]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = [
                pool.submit(
                    play, scenario, s, me, args.seconds, args.clock, args.opponent, args.horizon
                )
                for s, me in jobs
            ]
            results = []
            for f in futures:
                r = f.result()
                results.append(r)
                print(
                    f"{rid} seed {r['seed']:3}: mcts plays {r['me']}: "
                    f"{r['winner'] or 'draw'} ({r['reason']}); departed from {args.opponent}'s "
                    f"order in {r['departures']} of {r['moves']['mcts']} decisions, from "
                    f"its prior's in {r['searched']}",
                    flush=True,
                )
            base = [
                pool.submit(
                    play, scenario, s, me, args.seconds, args.clock, args.opponent, None, True
                )
                for s, me in jobs
            ]
            prior = [
                pool.submit(play, scenario, s, me, 0.0, args.clock, args.opponent, args.horizon)
                for s, me in jobs
            ]
            baselines = {
                f"{args.opponent} in mcts's place": [f.result() for f in base],
                "mcts's prior alone (0 s a decision)": [f.result() for f in prior],
            }
        wins = sum(r["winner"] == r["me"] for r in results)
        n = len(results)
        lo, hi = wilson(wins, n)
        per = {
            w: sum(r["spent"][w] for r in results) / max(sum(r["moves"][w] for r in results), 1)
            for w in ("mcts", "ai")
        }
        line = (
            f"{rid:9} {name}{f' cut to {args.cycles} cycles' if rid == 'airwar' else ''}: "
            f"mcts {tally(results)}: "
            f"{wins / max(n, 1):.0%}, Wilson 95 % {lo:.0%}-{hi:.0%}; departed from "
            f"{args.opponent}'s order in {sum(r['departures'] for r in results)} of "
            f"{sum(r['moves']['mcts'] for r in results)} decisions (from its prior's in "
            f"{sum(r['searched'] for r in results)}); {args.clock} s per "
            f"decision: mcts {per['mcts']:.3f}, {args.opponent} {per['ai']:.3f}; "
            "baselines in the same seeds and sides: "
            + "; ".join(f"{label} {tally(rs)}" for label, rs in baselines.items())
        )
        print(line, flush=True)
        summary.append(line)
    print()
    print(f"mcts at {args.seconds:g} s per decision ({args.clock} clock) vs ai (goal >= 60 %):")
    for line in summary:
        print("  " + line)


if __name__ == "__main__":
    main()
