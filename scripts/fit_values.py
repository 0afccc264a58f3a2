"""Fit a ruleset's learned value (its ``search`` module's features) to the computer player's games.

Plays ``--games`` games of the ruleset's computer player against itself on ``--scenario``
(seeds ``--first-seed`` on), where at each decision, with chance ``--explore``, the side to act
plays instead one of the orders the ``mcts`` agent would search there (its candidates, drawn
uniformly), so that the positions the search reaches are among those learned from. Every
decision's view of every side is a sample: its features and the game's result for that side
(won 1, drawn 1/2, lost 0). A logistic model (a draw counting half) is fitted by Newton's
method with a small ridge on the games with even seeds and checked on the odd ones: it prints
the log loss and the share of results called right, for the model and for the constant, and
the weights to paste into the ruleset's ``search`` module (:mod:`hexwar.rulesets.tactical.search`,
:mod:`hexwar.rulesets.aggressor.search`).

Run from the repository root: ``.venv/bin/python scripts/fit_values.py tactical --games 600``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np
from joblib import Parallel, delayed

from hexwar.agents import agent_rng, make_agent
from hexwar.agents.mcts import MctsAgent
from hexwar.core.errors import HexwarError
from hexwar.rulesets.aggressor.search import AGGRESSOR_FEATURES, aggressor_features
from hexwar.rulesets.tactical.search import TACTICAL_FEATURES, tactical_features
from hexwar.sessions import resolve_scenario

FEATURES: dict[str, tuple[tuple[str, ...], Callable[[Any, str], tuple[float, ...]]]] = {
    "tactical": (TACTICAL_FEATURES, lambda game, side: tactical_features(game.view(side).data)),
    "aggressor": (AGGRESSOR_FEATURES, aggressor_features),
}
SCENARIOS = {"tactical": "tactical/meeting1941", "aggressor": "aggressor/sector"}
# The share of decisions whose views are kept (an Aggressor game is ~400 unit decisions, each
# much like the one before).
SAMPLE = {"tactical": 1.0, "aggressor": 0.05}


def play(ruleset_id: str, scenario: str, seed: int, explore: float) -> list[tuple[Any, ...]]:
    """One game's samples: (seed, features, result for the side) for each side's view at
    every decision."""
    _, features = FEATURES[ruleset_id]
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    sides = ruleset.info.sides
    agents = {s: make_agent(ruleset, s, "ai") for s in sides}
    searchers = {s: MctsAgent(ruleset, s, iterations=1) for s in sides}
    game = ruleset.new_game(resolved.scenario, seed=seed, scenario_id=scenario)
    noise = np.random.default_rng([seed, 7])
    seen: list[tuple[str, tuple[float, ...]]] = []
    while (decision := game.decision()) is not None:
        if noise.random() < SAMPLE[ruleset_id]:
            for s in sides:
                seen.append((s, features(game, s)))
        for side in sorted(decision.sides):
            view = game.view(side)
            rng = agent_rng(seed, side, decision.step)
            if noise.random() < explore:
                cands = searchers[side].candidates(view, rng)
                order = cands[int(noise.integers(len(cands)))]
            else:
                order = agents[side].act(view, rng)
            game.submit(side, order.to_json())
    outcome = game.outcome()
    assert outcome is not None

    def result(side: str) -> float:
        return 0.5 if outcome.winner is None else float(outcome.winner == side)

    return [(seed, x, result(s)) for s, x in seen]


def fit(x: np.ndarray, y: np.ndarray, ridge: float) -> np.ndarray:
    """Logistic regression with fractional targets (Newton's method, L2 on all but the
    constant)."""
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], ridge)
    penalty[0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", choices=sorted(FEATURES))
    parser.add_argument("--scenario", help="default: the ruleset's benchmark scenario")
    parser.add_argument("--games", type=int, default=600, help="games played (default 600)")
    parser.add_argument("--first-seed", type=int, default=10_000, help="the first seed")
    parser.add_argument(
        "--explore", type=float, default=0.25, help="chance of one of mcts's candidates"
    )
    parser.add_argument("--ridge", type=float, default=1.0, help="L2 penalty of the fit")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    args = parser.parse_args()
    if args.games < 2:
        parser.error(f"--games: at least 2 (fit on even seeds, checked on odd), not {args.games}")
    if not 0 <= args.explore <= 1:
        parser.error(f"--explore: a chance in [0, 1], not {args.explore}")
    if args.ridge < 0 or args.jobs < 1:
        parser.error("--ridge must be >= 0 and --jobs >= 1")
    names, _ = FEATURES[args.ruleset]
    scenario = args.scenario or SCENARIOS[args.ruleset]
    try:
        rid = resolve_scenario(scenario).ruleset.info.id
    except HexwarError as exc:
        parser.error(f"--scenario {scenario}: {exc}")
    if rid != args.ruleset:
        parser.error(f"--scenario {scenario}: not a {args.ruleset} scenario (ruleset {rid})")
    seeds = range(args.first_seed, args.first_seed + args.games)
    games = Parallel(n_jobs=args.jobs, verbose=5)(
        delayed(play)(args.ruleset, scenario, s, args.explore) for s in seeds
    )
    rows = [r for g in games for r in g]
    seed = np.array([r[0] for r in rows])
    x = np.array([r[1] for r in rows], dtype=float)
    y = np.array([r[2] for r in rows], dtype=float)
    train, test = seed % 2 == 0, seed % 2 == 1
    w = fit(x[train], y[train], args.ridge)
    p = 1 / (1 + np.exp(-(x[test] @ w)))
    base = np.full(test.sum(), y[train].mean())
    decided = y[test] != 0.5
    right = float(np.mean((p[decided] > 0.5) == (y[test][decided] == 1)))
    print(f"{len(rows)} samples from {args.games} games ({int(train.sum())} to fit)")
    print(
        f"held-out log loss: model {log_loss(p, y[test]):.4f}, "
        f"constant {log_loss(base, y[test]):.4f}"
    )
    print(f"held-out results called right (draws aside): {right:.1%}")
    w = fit(x, y, args.ridge)  # the weights: from every game
    width = max(len(n) for n in names)
    for n, v in zip(names, w, strict=True):
        print(f"  {n:{width}} {v:+.4f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")


if __name__ == "__main__":
    main()
