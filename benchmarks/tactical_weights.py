"""The tactical computer player with other weights against itself with its own.

Plays ``--seeds`` seeds of a tactical scenario, each from both sides: the computer player with
the weights given (``--weights``, a JSON object of :class:`TacticalAgent` attributes, for
example ``'{"exposure_weight": 5, "danger_weight": 5, "stay_weight": 3}'``, the ``careful``
variant the mcts search proposes) in one seat, the computer player as it is in the other
(``--turns``: in those turns only, its own weights in the others). Prints the variant's wins,
draws and losses per side and in all, with the Wilson 95 % interval, and the same seeds and
seats played by the computer player in both (the baseline: a seed favours one side, so only the
totals over both sides compare, 50 % for equal players).

What it measures: whether the computer player's weights, tuned on ``tactical/hedgerows``
(docs/tactical.md), suit another scenario -- a whole game played with other weights, where
the mcts search weighs them one phase at a time. Run from the repository root::

    .venv/bin/python benchmarks/tactical_weights.py tactical/meeting1941 \\
        --weights '{"exposure_weight": 5, "danger_weight": 5, "stay_weight": 3}' --seeds 100
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from mcts_vs_ai import wilson

from hexwar.agents import agent_rng, make_agent
from hexwar.core.errors import HexwarError
from hexwar.core.game import Agent
from hexwar.rulesets.tactical.ai import TacticalAgent
from hexwar.sessions import resolve_scenario


def play(
    scenario: str, seed: int, me: str, weights: dict[str, float], turns: tuple[int, int]
) -> str | None:
    """One game, the computer player with ``weights`` in ``turns`` (first, last) playing
    ``me``; the winner."""
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    variant = type("TacticalAgent_variant", (TacticalAgent,), dict(weights))(ruleset, me)
    agents = {s: make_agent(ruleset, s, "ai") for s in ruleset.info.sides}
    game = ruleset.new_game(resolved.scenario, seed=seed, scenario_id=scenario)
    while (decision := game.decision()) is not None:
        for side in sorted(decision.sides):
            view = game.view(side)
            agent: Agent = agents[side]
            if side == me and turns[0] <= view.data["turn"] <= turns[1]:
                agent = variant
            order = agent.act(view, agent_rng(seed, side, decision.step))
            game.submit(side, order.to_json())
    outcome = game.outcome()
    assert outcome is not None
    return outcome.winner


def tally(results: list[tuple[str, str | None]]) -> str:
    """Wins / draws / losses of the seat, its share won and Wilson interval."""
    n = len(results)
    won = sum(w == me for me, w in results)
    drawn = sum(w is None for _, w in results)
    lo, hi = wilson(won, n)
    return f"{won} / {drawn} / {n - won - drawn} of {n} ({won / max(n, 1):.0%}, {lo:.0%}-{hi:.0%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", help="a tactical scenario (bundled id or file)")
    parser.add_argument(
        "--weights", required=True, help="JSON object of the computer player's attributes"
    )
    parser.add_argument("--seeds", type=int, default=50, help="seeds, each from both sides")
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument(
        "--turns", default="1-999", help="the turns FIRST-LAST the variant plays (default all)"
    )
    args = parser.parse_args()
    try:
        first, last = (int(t) for t in args.turns.split("-"))
    except ValueError:
        parser.error(f"--turns: expected FIRST-LAST (two turn numbers), not {args.turns!r}")
    if args.seeds < 1:
        parser.error(f"--seeds: at least 1, not {args.seeds}")
    try:
        weights: dict[str, Any] = json.loads(args.weights)
    except json.JSONDecodeError as exc:
        parser.error(f"--weights: not JSON ({exc})")
    if not isinstance(weights, dict):
        parser.error(f"--weights: a JSON object of attributes, not {args.weights!r}")
    unknown = sorted(k for k in weights if not hasattr(TacticalAgent, k))
    if unknown:
        parser.error(f"--weights: no such attribute of the computer player: {', '.join(unknown)}")
    try:
        resolved = resolve_scenario(args.scenario)
    except HexwarError as exc:
        parser.error(f"{args.scenario}: {exc}")
    rid = resolved.ruleset.info.id
    if rid != "tactical":
        parser.error(f"{args.scenario}: not a tactical scenario (ruleset {rid})")
    sides = resolved.ruleset.info.sides
    jobs = [(s, me) for s in range(args.first_seed, args.first_seed + args.seeds) for me in sides]
    rows = {}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for label, w in (("variant", weights), ("baseline", {})):
            winners = pool.map(
                play,
                [args.scenario] * len(jobs),
                [s for s, _ in jobs],
                [me for _, me in jobs],
                [w] * len(jobs),
                [(first, last)] * len(jobs),
            )
            rows[label] = [(me, winner) for (_, me), winner in zip(jobs, winners, strict=True)]
    print(
        f"{args.scenario}, seeds {jobs[0][0]}-{jobs[-1][0]} from both sides, weights {weights}"
        f" in turns {first}-{last}"
    )
    for label, results in rows.items():
        per_side = "; ".join(
            f"as {side} {tally([r for r in results if r[0] == side])}" for side in sides
        )
        print(f"  {label:8}: {tally(results)}; {per_side}")


if __name__ == "__main__":
    main()
