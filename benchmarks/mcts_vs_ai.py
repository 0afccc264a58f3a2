"""The ``mcts`` agent at equal time per move against a ruleset's ``ai`` (issue 21 goal: >= 60 %
of games won, with the 95 % interval).

Plays ``--games`` games (default 20) of a bundled scenario (default the small air war board,
``airwar/small-four-cities``) cut to ``--cycles`` cycles (default 15) and decided at the limit
by the number of units (the variant's ``at_cycle_limit = "more_units"``), so games end in
minutes. mcts gets ``--seconds`` per decision (default 1.0); it plays side 1 in even seeds
and side 2 in odd ones. Prints the wins, draws and losses of mcts, its win rate with the
Wilson 95 % interval, and each agent's average time per decision (the ai's is the baseline
measured in the same games).

Only rulesets that sample worlds from views (``Ruleset.determinise``) can run mcts: the air
war and Aggressor (``--scenario aggressor/sector --opponent computer``; not cut).
Run from the repository root: ``.venv/bin/python benchmarks/mcts_vs_ai.py``.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import tomli_w

from hexwar.agents import agent_rng, make_agent
from hexwar.agents.mcts import MctsAgent
from hexwar.core.game import Agent
from hexwar.sessions import resolve_scenario


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def cut(scenario: str, cycles: int) -> str:
    resolved = resolve_scenario(scenario)
    data = resolved.scenario.model_dump(mode="json", exclude_none=True)
    data["cycle_limit"] = cycles
    data["at_cycle_limit"] = "more_units"
    path = Path(tempfile.mkdtemp(prefix="hexwar-bench-")) / "cut.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return str(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="airwar/small-four-cities")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--cycles", type=int, default=15)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--opponent", default="ai", help="the ruleset's agent to play against")
    args = parser.parse_args()
    airwar = args.scenario.startswith("airwar/")
    resolved = resolve_scenario(cut(args.scenario, args.cycles) if airwar else args.scenario)
    ruleset = resolved.ruleset
    sides = ruleset.info.sides
    wins = draws = losses = 0
    spent = {"mcts": 0.0, "ai": 0.0}
    moves = {"mcts": 0, "ai": 0}
    for seed in range(args.games):
        me = sides[seed % 2]
        agents: dict[str, Agent] = {
            s: MctsAgent(ruleset, s, seconds=args.seconds)
            if s == me
            else make_agent(ruleset, s, args.opponent)
            for s in sides
        }
        game = ruleset.new_game(resolved.scenario, seed=seed, scenario_id=args.scenario)
        while (decision := game.decision()) is not None:
            for side in sorted(decision.sides):
                who = "mcts" if side == me else "ai"
                t0 = time.perf_counter()
                order = agents[side].act(game.view(side), agent_rng(seed, side, decision.step))
                spent[who] += time.perf_counter() - t0
                moves[who] += 1
                game.submit(side, order.to_json())
        outcome = game.outcome()
        assert outcome is not None
        if outcome.winner == me:
            wins += 1
        elif outcome.winner is None:
            draws += 1
        else:
            losses += 1
        print(
            f"seed {seed:3}: mcts plays {me}: {outcome.winner or 'draw'} ({outcome.reason})",
            flush=True,
        )
    n = wins + draws + losses
    lo, hi = wilson(wins, n)
    print()
    print(
        f"{args.scenario} cut to {args.cycles} cycles, mcts at {args.seconds:g} s per move vs ai:"
    )
    print(
        f"  mcts won {wins} of {n} (draws {draws}, losses {losses}): "
        f"{wins / max(n, 1):.0%}, 95 % interval {lo:.0%}-{hi:.0%} (goal: >= 60 %)"
    )
    for who in ("mcts", "ai"):
        print(f"  {who}: {spent[who] / max(moves[who], 1):.3f} s per decision")
    per = {w: spent[w] / max(moves[w], 1) for w in spent}
    print(f"  ratio mcts/ai time per decision: {per['mcts'] / max(per['ai'], 1e-9):.1f}")


if __name__ == "__main__":
    main()
