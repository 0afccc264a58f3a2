"""The air war computer opponent against the random agent, and what it costs per cycle.

Plays ``--games`` games (default 100) of the small-board game corresponding to §3.1.2
(``airwar/small-four-cities``) with seeds 0, 1, 2, ...: the computer plays player 1 in even
seeds and player 2 in odd ones, the random agent the other side. Prints the computer's wins
(the issue asks for at least 90 of 100), draws and losses, and the average time the computer
takes per cycle (its move and aim-fire decisions; target under 2 s) as an absolute figure and
as a ratio to the random agent's time per cycle measured in the same games.

``--variants`` then plays one game of computer against computer on every bundled variant and
prints each one's result and the computer's average time per cycle there.

``--decided N`` plays the computer against itself on every bundled variant (or those named
with ``--variant``) with seeds 0..N-1 and prints, per variant, how many games the paper's rules
ended -- a player without units or a concession (§2.5) -- and how many the cycle limit
stopped; the goal is at least 90 % ended by the rules on every variant.

Run from the repository root: ``.venv/bin/python benchmarks/airwar_ai.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from hexwar.agents import agent_rng, make_agent
from hexwar.core.game import Agent, Game
from hexwar.sessions import resolve_scenario

VARIANT = "airwar/small-four-cities"


def play(
    scenario: str, seed: int, names: dict[str, str]
) -> tuple[Game[object, object], dict[str, float]]:  # type: ignore[type-var]
    """One game to the end; returns it and each side's total decision time in seconds."""
    resolved = resolve_scenario(scenario)
    game = resolved.ruleset.new_game(resolved.scenario, seed=seed, scenario_id=scenario)
    agents: dict[str, Agent] = {s: make_agent(resolved.ruleset, s, n) for s, n in names.items()}
    spent = dict.fromkeys(names, 0.0)
    while (decision := game.decision()) is not None:
        for side in sorted(decision.sides):
            if game.outcome() is not None:
                break  # the other player conceded
            view = game.view(side)
            t0 = time.perf_counter()
            order = agents[side].act(view, agent_rng(seed, side, decision.step))
            spent[side] += time.perf_counter() - t0
            game.submit(side, order.to_json())
    return game, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games against the random agent")
    parser.add_argument("--variants", action="store_true", help="also one AI game per variant")
    parser.add_argument(
        "--decided", type=int, metavar="N", help="only: AI against AI, N seeds per variant"
    )
    parser.add_argument(
        "--variant", action="append", help="with --decided: this variant only (repeatable)"
    )
    args = parser.parse_args()
    if args.decided:
        decided(args.decided, args.variant)
        return

    wins = draws = losses = 0
    ai_time = random_time = 0.0
    cycles = 0
    for seed in range(args.games):
        ai, rnd = ("1", "2") if seed % 2 == 0 else ("2", "1")
        game, spent = play(VARIANT, seed, {ai: "ai", rnd: "random"})
        outcome = game.outcome()
        assert outcome is not None
        n = game.pos.cycle  # type: ignore[attr-defined]
        cycles += n
        ai_time += spent[ai]
        random_time += spent[rnd]
        if outcome.winner == ai:
            wins += 1
        elif outcome.winner is None:
            draws += 1
        else:
            losses += 1
        print(f"seed {seed:3}: computer plays {ai}: {outcome.reason} ({n} cycles)", flush=True)
    per_cycle = ai_time / max(cycles, 1)
    baseline = random_time / max(cycles, 1)
    print()
    print(f"{VARIANT}: the computer won {wins} of {args.games} games against the random agent")
    print(f"  (draws {draws}, losses {losses}; {cycles / max(args.games, 1):.1f} cycles a game)")
    print(
        f"  computer: {per_cycle * 1000:.1f} ms per cycle (target < 2000 ms); "
        f"{per_cycle / baseline:.1f}x the random agent's {baseline * 1000:.1f} ms"
    )
    print(f"  at least 90 of 100: {'yes' if wins >= 0.9 * args.games else 'NO'}")
    if args.variants:
        print()
        for sid in sorted(resolve_scenario(VARIANT).ruleset.bundled_scenarios()):
            game, spent = play(sid, 1, {"1": "ai", "2": "ai"})
            n = game.pos.cycle  # type: ignore[attr-defined]
            outcome = game.outcome()
            assert outcome is not None
            avg = (spent["1"] + spent["2"]) / 2 / max(n, 1)
            print(f"{sid:34} {outcome.reason} after {n} cycles; {avg * 1000:.0f} ms per cycle")


def decided(seeds: int, variants: list[str] | None) -> None:
    """AI against AI: the share of games ended by the rules before the cycle limit."""
    names = variants or sorted(resolve_scenario(VARIANT).ruleset.bundled_scenarios())
    print(f"{'variant':34} {'by the rules':>12} {'at the limit':>12} {'cycles (median)':>16}")
    worst = 1.0
    for sid in names:
        by_rules = 0
        cycles: list[int] = []
        wins = {"1": 0, "2": 0}
        for seed in range(seeds):
            game, _ = play(sid, seed, {"1": "ai", "2": "ai"})
            outcome = game.outcome()
            assert outcome is not None
            n = game.pos.cycle  # type: ignore[attr-defined]
            cycles.append(n)
            limit = "cycle limit" in outcome.reason
            by_rules += 0 if limit else 1
            if outcome.winner in wins:
                wins[outcome.winner] += 1
        share = by_rules / seeds
        worst = min(worst, share)
        median = sorted(cycles)[len(cycles) // 2]
        print(
            f"{sid:34} {by_rules:>5}/{seeds} {share:4.0%} {seeds - by_rules:>12} {median:>16}"
            f"   (wins 1: {wins['1']}, 2: {wins['2']})",
            flush=True,
        )
    print(f"at least 90 % ended by the rules on every variant: {'yes' if worst >= 0.9 else 'NO'}")


if __name__ == "__main__":
    main()
