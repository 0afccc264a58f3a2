"""``hexwar tournament``: every pair of agents on a scenario, rated.

Each pair of chosen agents plays ``seeds`` games with each agent on each side (seeds 0, 1,
...; the same seeds for every pair, common random numbers), in parallel with joblib. The
result: win / draw / loss per pair, every agent's average time per decision, and ratings on
the Elo scale from a Bradley-Terry model (fitted by the minorisation-maximisation algorithm of
Hunter 2004, a draw counting half a win to each side, a prior of one draw against a reference
player so every rating is finite) with 95 % intervals from a bootstrap over the games (the
same resampling stream every run). Ratings are centred on 1500.
"""

from __future__ import annotations

import csv
import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from hexwar.agents import agent_rng, make_agent
from hexwar.agents.mcts import MctsAgent
from hexwar.core.game import Agent
from hexwar.sessions import resolve_scenario

__all__ = [
    "GameResult",
    "Rating",
    "Tournament",
    "play_game",
    "rate",
    "run_tournament",
    "tournament_size",
]

BOOTSTRAP = 200
ELO = 400 / math.log(10)  # Elo points per unit of log-strength


@dataclass(frozen=True, slots=True)
class GameResult:
    agents: tuple[str, ...]  # by side, in the ruleset's side order
    seed: int
    winner: int | None  # index into agents; None for a draw or an unfinished game
    reason: str
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Rating:
    agent: str
    elo: float
    low: float
    high: float


def play_game(
    scenario: str,
    agents: Sequence[str],
    seed: int,
    max_steps: int | None,
    mcts_seconds: float,
    mcts_wall: bool = False,
) -> GameResult:
    """One game of ``scenario``, ``agents[i]`` playing side ``i``, timed per decision; the mcts
    agent thinks ``mcts_seconds`` of CPU time per decision (of wall time with ``mcts_wall``)."""
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    sides = ruleset.info.sides
    players: dict[str, Agent] = {}
    for side, name in zip(sides, agents, strict=True):
        agent = make_agent(ruleset, side, name)
        if isinstance(agent, MctsAgent):
            agent.seconds = mcts_seconds
            if mcts_wall:  # (by default its own CPU time: the same search on a busy machine)
                agent.clock = time.perf_counter
        players[side] = agent
    game = ruleset.new_game(resolved.scenario, seed=seed, scenario_id=resolved.scenario_id)
    spent = dict.fromkeys(sides, 0.0)
    count = dict.fromkeys(sides, 0)
    while (decision := game.decision()) is not None:
        if max_steps is not None and game.step >= max_steps:
            break
        for side in sorted(decision.sides):
            t0 = time.process_time()  # each game runs in its own process: its CPU time
            order = players[side].act(game.view(side), agent_rng(seed, side, decision.step))
            spent[side] += time.process_time() - t0
            count[side] += 1
            game.submit(side, order.to_json())
            if game.outcome() is not None:  # a concession: the others' sealed orders lapse
                break
    outcome = game.outcome()
    winner = None
    if outcome is not None and outcome.winner is not None:
        winner = sides.index(outcome.winner)
    return GameResult(
        tuple(agents),
        seed,
        winner,
        outcome.reason if outcome else f"unfinished after {game.step} decisions",
        tuple(count[s] for s in sides),
        tuple(spent[s] for s in sides),
    )


def _scores(results: Sequence[GameResult], names: Sequence[str]) -> np.ndarray:
    """wins[i, j]: games agent i scored against agent j (a draw is half a win)."""
    index = {n: k for k, n in enumerate(names)}
    wins = np.zeros((len(names), len(names)))
    for r in results:
        a, b = index[r.agents[0]], index[r.agents[1]]
        if r.winner is None:
            wins[a, b] += 0.5
            wins[b, a] += 0.5
        elif r.winner == 0:
            wins[a, b] += 1
        else:
            wins[b, a] += 1
    return wins


def _bradley_terry(wins: np.ndarray, iterations: int = 500) -> np.ndarray:
    """Log-strengths by MM (Hunter 2004), with one draw against a reference of strength 1."""
    n = wins.shape[0]
    games = wins + wins.T
    p = np.ones(n)
    w = wins.sum(axis=1) + 0.5  # the prior draw
    for _ in range(iterations):
        denom = np.zeros(n)
        for i in range(n):
            denom[i] = sum(games[i, j] / (p[i] + p[j]) for j in range(n) if j != i)
            denom[i] += 1.0 / (p[i] + 1.0)  # the prior game against the reference
        p = w / denom
    return np.array([math.log(x) for x in p])


def rate(results: Sequence[GameResult], names: Sequence[str]) -> list[Rating]:
    """Elo-scale Bradley-Terry ratings with bootstrap 95 % intervals, best first."""
    if not results:
        return [Rating(n, 1500.0, 1500.0, 1500.0) for n in names]
    base = _bradley_terry(_scores(results, names))
    rng = np.random.default_rng(20_240_521)
    samples = []
    for _ in range(BOOTSTRAP):
        pick = rng.integers(len(results), size=len(results))
        s = _bradley_terry(_scores([results[int(k)] for k in pick], names), iterations=200)
        samples.append(s - s.mean())
    spread = np.array(samples)
    centred = base - base.mean()
    out = []
    for k, n in enumerate(names):
        elo = 1500 + ELO * float(centred[k])
        low = 1500 + ELO * float(np.percentile(spread[:, k], 2.5))
        high = 1500 + ELO * float(np.percentile(spread[:, k], 97.5))
        out.append(Rating(n, elo, min(low, elo), max(high, elo)))
    return sorted(out, key=lambda r: -r.elo)


@dataclass
class Tournament:
    scenario: str
    agents: list[str]
    results: list[GameResult]
    ratings: list[Rating]

    def pairs(self) -> list[dict[str, Any]]:
        """W/D/L of the first agent of each pair against the second, over both sides."""
        rows = []
        for a, b in itertools.combinations(self.agents, 2):
            w = d = lo = 0
            for r in self.results:
                if set(r.agents) != {a, b} or len(set(r.agents)) != 2:
                    continue
                if r.winner is None:
                    d += 1
                elif r.agents[r.winner] == a:
                    w += 1
                else:
                    lo += 1
            rows.append({"agent": a, "opponent": b, "wins": w, "draws": d, "losses": lo})
        return rows

    def time_per_decision(self) -> dict[str, float]:
        spent = dict.fromkeys(self.agents, 0.0)
        count = dict.fromkeys(self.agents, 0)
        for r in self.results:
            for name, n, s in zip(r.agents, r.decisions, r.seconds, strict=True):
                spent[name] += s
                count[name] += n
        return {a: spent[a] / count[a] if count[a] else 0.0 for a in self.agents}

    def table(self) -> str:
        """The ratings, then the pairs, as Markdown (docs/research.md carries one)."""
        per = self.time_per_decision()
        lines = [
            f"Tournament on {self.scenario}: {len(self.results)} games",
            "",
            "| agent | rating (Elo) | 95 % interval | s per decision |",
            "|---|---:|---:|---:|",
        ]
        for r in self.ratings:
            lines.append(
                f"| {r.agent} | {r.elo:.0f} | {r.low:.0f} - {r.high:.0f} | {per[r.agent]:.4f} |"
            )
        lines += ["", "| agent | opponent | W | D | L |", "|---|---|---:|---:|---:|"]
        for p in self.pairs():
            lines.append(
                f"| {p['agent']} | {p['opponent']} | {p['wins']} | {p['draws']} | {p['losses']} |"
            )
        return "\n".join(lines) + "\n"

    def write_csv(self, path: Path) -> None:
        """One row per agent (rating, interval, time per decision), then one per pair."""
        per = self.time_per_decision()
        with path.open("w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["kind", "scenario", "agent", "opponent", "rating", "low", "high",
                        "seconds_per_decision", "wins", "draws", "losses"])  # fmt: skip
            for r in self.ratings:
                w.writerow(["rating", self.scenario, r.agent, "", f"{r.elo:.1f}", f"{r.low:.1f}",
                            f"{r.high:.1f}", f"{per[r.agent]:.6f}", "", "", ""])  # fmt: skip
            for p in self.pairs():
                w.writerow(["pair", self.scenario, p["agent"], p["opponent"], "", "", "", "",
                            p["wins"], p["draws"], p["losses"]])  # fmt: skip

    def plot(self, path: Path) -> None:
        """The ratings with their intervals, as a bar chart (PNG or SVG by the suffix)."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(max(4, 1.2 * len(self.ratings)), 3.5))
        names = [r.agent for r in self.ratings]
        elo = [r.elo for r in self.ratings]
        err = [[r.elo - r.low for r in self.ratings], [r.high - r.elo for r in self.ratings]]
        ax.bar(names, elo, yerr=err, capsize=4, color="#4c72b0")
        ax.set_ylabel("rating (Elo scale, 95 % interval)")
        ax.set_title(f"hexwar tournament:\n{self.scenario}", fontsize=10)
        ax.set_ylim(min(r.low for r in self.ratings) - 50, max(r.high for r in self.ratings) + 50)
        fig.tight_layout()
        fig.savefig(path)
        plt.close(fig)


def run_tournament(
    scenario: str,
    agents: Sequence[str],
    seeds: int,
    *,
    jobs: int = 1,
    max_steps: int | None = None,
    mcts_seconds: float = 1.0,
    mcts_wall: bool = False,
    on_game: Callable[[GameResult], None] | None = None,
) -> Tournament:
    """Every pair of ``agents``, ``seeds`` games with each on each side, in ``jobs`` processes.

    ``on_game`` is called with each game's result as it comes in (in the games' order), for
    a progress display; the results and ratings do not depend on it.
    """
    from joblib import Parallel, delayed

    resolved = resolve_scenario(scenario)  # fails early, before any worker starts
    if len(resolved.ruleset.info.sides) != 2:
        raise ValueError("a tournament needs a two-sided ruleset")
    names = list(dict.fromkeys(agents))
    for name in names:
        make_agent(resolved.ruleset, resolved.ruleset.info.sides[0], name)  # known names only
    specs = [
        (pair, seed)
        for a, b in itertools.combinations(names, 2)
        for pair in ((a, b), (b, a))
        for seed in range(seeds)
    ]
    results: list[GameResult] = []
    for result in Parallel(n_jobs=jobs, return_as="generator")(
        delayed(play_game)(scenario, pair, seed, max_steps, mcts_seconds, mcts_wall)
        for pair, seed in specs
    ):
        results.append(result)
        if on_game is not None:
            on_game(result)
    return Tournament(scenario, names, results, rate(results, names))


def tournament_size(agents: Sequence[str], seeds: int) -> int:
    """Games a tournament plays: every pair of distinct agents, each on each side, per seed."""
    n = len(dict.fromkeys(agents))
    return n * (n - 1) * seeds
