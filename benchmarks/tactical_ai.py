"""The tactical computer opponent against the random agent (issue item 11).

Plays N seeded games (default 100): the two bundled scenarios alternate, and the AI takes the
allied side in one game and the axis side in the next. Prints the AI's wins, draws and losses
and its mean thinking time per turn; the target is at least 90 wins in 100 games and under 2 s
per turn on average. A draw is not a win. Run from the repository root::

    .venv/bin/python benchmarks/tactical_ai.py [N]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from hexwar.agents import agent_rng, make_agent
from hexwar.sessions import resolve_scenario

SCENARIOS = ("tactical/hedgerows", "tactical/meeting1941")


def play(scenario: str, ai_side: str, seed: int) -> tuple[str | None, float, int]:
    """One game; returns the winner, the AI's total thinking time and its number of turns."""
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    game: Any = ruleset.new_game(resolved.scenario, seed=seed, scenario_id=scenario)
    agents = {
        s: make_agent(ruleset, s, "ai" if s == ai_side else "random") for s in ruleset.info.sides
    }
    thinking, turns = 0.0, 0
    while (decision := game.decision()) is not None:
        for side in sorted(decision.sides):
            view = game.view(side)
            start = time.perf_counter()
            order = agents[side].act(view, agent_rng(seed, side, decision.step))
            if side == ai_side:
                thinking += time.perf_counter() - start
                turns += 1
            game.submit(side, order.to_json())
    outcome = game.outcome()
    return outcome.winner, thinking, turns


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=100, help="games (default 100)")
    n = parser.parse_args().games
    wins = draws = 0
    thinking, turns = 0.0, 0
    losses: list[str] = []
    for k in range(n):
        scenario = SCENARIOS[k % 2]
        ai_side = ("allied", "axis")[(k // 2) % 2]
        winner, t, m = play(scenario, ai_side, seed=1000 + k)
        thinking += t
        turns += m
        if winner == ai_side:
            wins += 1
        elif winner is None:
            draws += 1
            losses.append(f"{scenario} ai={ai_side} seed={1000 + k}: draw")
        else:
            losses.append(f"{scenario} ai={ai_side} seed={1000 + k}: lost")
    print(f"AI against random, {n} games: {wins} won, {draws} drawn, {n - wins - draws} lost")
    for line in losses:
        print("  " + line)
    print(f"mean AI time per turn: {thinking / max(turns, 1):.3f} s (target < 2 s)")
    print(f"target: >= {0.9 * n:g} wins: {'met' if wins >= 0.9 * n else 'NOT met'}")


if __name__ == "__main__":
    main()
