"""Computer players, measured: one agent against random, its previous version and itself.

For each scenario given, plays the chosen agent of the scenario's ruleset

  (a) against the random agent,
  (b) against the same agent as it was at an earlier git revision (``--baseline-rev``),
  (c) against itself,

over ``--seeds`` seeds for each side it can take (the same seeds in every match-up, so the
match-ups differ only in the opponent), and prints, per match-up and side, the wins, draws and
losses, the win rate with its 95 % Wilson score interval, the share of games decided by the
rules (not ended by the scenario's turn, round or cycle limit) and the mean time per decision.
Self-play is played over as many seeds as the other match-ups have games, and its win rates
are those of each side's seat, which measures the scenario's balance between equal players.

The baseline agent is the code of the earlier revision, not a copy kept here: the revision's
``src/`` is unpacked with ``git archive`` into a temporary directory and imported in a child
process (so the old ``hexwar`` package never mixes with the current one); the current game
sends it each view as JSON and reads back its order. An order the current rules refuse (from
any agent) is replaced by a random legal order and counted in the "refused" column.

Games run in parallel with joblib when it is installed (``--jobs``), otherwise one after the
other. Works for every ruleset; the markdown tables printed are those kept in the docs.
Run from the repository root, for example::

    .venv/bin/python benchmarks/ai_matches.py tactical/hedgerows --agent ai --seeds 50 \\
        --baseline-rev ca25103
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from _revision import revision_source

from hexwar.agents import RANDOM, agent_names, agent_rng, make_agent
from hexwar.core.errors import IllegalOrderError
from hexwar.core.views import View
from hexwar.sessions import resolve_scenario

REPO = Path(__file__).resolve().parent.parent

# How each ruleset words an ending forced by the scenario's limit (its last turn, round, cycle,
# time or day) rather than by its victory rules; everything else counts as decided by the rules.
LIMIT_REASONS: Mapping[str, str] = {
    "tactical": r"^after \d+ turns",
    "aggressor": r"rounds played",
    "airwar": r"cycle limit",
    "idahex": r"reached tend",
    "flankbattle": r"no side routed in",
}
DEFAULT_LIMIT = r"limit|rounds played|reached tend"

# The child process that plays the baseline: reads one JSON request a line, answers one order.
_BASELINE_SERVER = r"""
import json, sys
import hexwar
from hexwar.core import registry
from hexwar.agents import agent_names, make_agent
try:
    from hexwar.agents import agent_rng
except ImportError:
    from hexwar.core.rng import stream
    def agent_rng(seed, side, step):
        return stream(seed, f"agent:{side}@{step}")
from hexwar.core.views import View

ruleset_id, side, name = sys.argv[1:4]
ruleset = registry.get(ruleset_id)
names = list(agent_names(ruleset))
if name not in names:
    print(json.dumps({"unknown": name, "names": names}), flush=True)
    sys.exit(0)
agent = make_agent(ruleset, side, name)
print(json.dumps({"ready": hexwar.__file__}), flush=True)
for line in sys.stdin:
    req = json.loads(line)
    view = View(ruleset_id, side, req["step"], req["data"])
    order = agent.act(view, agent_rng(req["seed"], side, req["decision"]))
    print(json.dumps({"order": order.to_json()}), flush=True)
"""


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion ``wins / n`` (0..1 each)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


class UnknownAgentError(ValueError):
    """The baseline revision has no agent of that name."""

    def __init__(self, name: str, ruleset_id: str, names: list[str]) -> None:
        super().__init__(
            f"{name!r} is not an agent of {ruleset_id} at that revision "
            f"(it has {', '.join(names)}); name one with --baseline-agent"
        )
        self.names = names


class BaselineAgent:
    """The agent as it was at an earlier revision, running in a child process on that code."""

    def __init__(self, src: Path, ruleset_id: str, side: str, name: str, seed: int) -> None:
        self.seed = seed
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _BASELINE_SERVER, ruleset_id, side, name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=src,
            env={**os.environ, "PYTHONPATH": str(src)},
        )
        ready = json.loads(self._read())
        if "unknown" in ready:
            self.proc.wait(timeout=30)
            raise UnknownAgentError(name, ruleset_id, list(ready["names"]))
        if not str(ready["ready"]).startswith(str(src)):
            raise RuntimeError(f"baseline imported {ready['ready']}, not the code in {src}")

    def _read(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the baseline agent's process stopped (see its error above)")
        return line

    def act_json(self, view: View, decision: int) -> Any:
        assert self.proc.stdin is not None
        request = {"step": view.step, "data": view.data, "seed": self.seed, "decision": decision}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return json.loads(self._read())["order"]

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


@dataclass
class Result:
    """One game: who played where, how it ended, and what each seat's decisions cost."""

    matchup: str
    seat: str  # the side the measured agent played ("self": the first side's seat)
    seed: int
    winner: str | None
    reason: str
    by_rules: bool
    finished: bool
    moves: int = 0
    seconds: float = 0.0
    refused: dict[str, int] = field(default_factory=dict)
    # actions accepted but not carried out (the tactical game's "not-carried-out" events)
    spoiled: dict[str, int] = field(default_factory=dict)


def play(
    scenario: str,
    seed: int,
    matchup: str,
    seat: str,
    agent: str,
    baseline_src: str | None,
    baseline_agent: str,
    limit_pattern: str,
    max_steps: int,
) -> Result:
    """One game of ``matchup``: ``agent`` at ``seat``, the opponent at every other side."""
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    game: Any = ruleset.new_game(resolved.scenario, seed=seed, scenario_id=scenario)
    sides = list(ruleset.info.sides)
    players: dict[str, Any] = {}
    for s in sides:
        if s == seat or matchup == "self":
            players[s] = make_agent(ruleset, s, agent)
        elif matchup == "random":
            players[s] = make_agent(ruleset, s, RANDOM)
        else:
            assert baseline_src is not None
            players[s] = BaselineAgent(Path(baseline_src), ruleset.info.id, s, baseline_agent, seed)
    measured = set(sides) if matchup == "self" else {seat}
    moves, seconds = 0, 0.0
    refused = dict.fromkeys(sides, 0)
    try:
        while (decision := game.decision()) is not None and game.step < max_steps:
            for side in sorted(decision.sides):
                if game.outcome() is not None:
                    break  # the other side conceded during this sealed decision
                view = game.view(side)
                rng = agent_rng(seed, side, decision.step)
                start = time.perf_counter()
                player = players[side]
                if isinstance(player, BaselineAgent):
                    order: Any = player.act_json(view, decision.step)
                else:
                    order = player.act(view, rng).to_json()
                if side in measured:
                    seconds += time.perf_counter() - start
                    moves += 1
                try:
                    game.submit(side, order)
                except IllegalOrderError:
                    refused[side] += 1
                    game.submit(side, ruleset.random_order(view, rng).to_json())
    finally:
        for p in players.values():
            if isinstance(p, BaselineAgent):
                p.close()
    outcome = game.outcome()
    reason = outcome.reason if outcome else f"unfinished after {game.step} decisions"
    spoiled = {
        s: sum(1 for e in game.events(None) if e.kind == "not-carried-out" and s in e.visible_to)
        for s in sides
    }
    return Result(
        matchup,
        sides[0] if matchup == "self" else seat,
        seed,
        outcome.winner if outcome else None,
        reason,
        by_rules=outcome is not None and not re.search(limit_pattern, reason),
        finished=outcome is not None,
        moves=moves,
        seconds=seconds,
        refused=refused,
        spoiled=spoiled,
    )


def run_all(tasks: list[tuple[Any, ...]], jobs: int) -> list[Result]:
    """Every game, with joblib's processes when it is installed, otherwise one by one."""
    try:
        from joblib import Parallel, delayed
    except ImportError:
        return [play(*t) for t in tasks]
    out: list[Result] = Parallel(n_jobs=jobs)(delayed(play)(*t) for t in tasks)
    return out


def table(results: list[Result], sides: list[str], agent: str, baseline: str | None) -> str:
    """The markdown table of one scenario's match-ups."""
    head = (
        "| match-up | agent plays | games | won | drawn | lost | win rate [95 % CI] "
        "| decided by the rules | ms per decision | refused (agent/opponent) |\n"
        "|---|---|---:|---:|---:|---:|---|---:|---:|---:|"
    )
    names = {
        "random": f"{agent} vs random",
        "baseline": f"{agent} vs {baseline}",
        "self": f"{agent} vs {agent}",
    }
    rows = [head]
    for matchup in ("random", "baseline", "self"):
        mine = [r for r in results if r.matchup == matchup]
        if not mine:
            continue
        groups = [(s, [r for r in mine if r.seat == s]) for s in sides] if matchup != "self" else []
        groups.append(("both" if matchup != "self" else f"{sides[0]} seat", mine))
        for seat, rs in groups:
            if not rs:
                continue
            n = len(rs)
            me = sides[0] if matchup == "self" else None
            won = sum(r.winner == (me or r.seat) for r in rs)
            drawn = sum(r.winner is None for r in rs)
            lo, hi = wilson(won, n)
            decided = sum(r.by_rules for r in rs)
            moves = sum(r.moves for r in rs)
            ms = 1000 * sum(r.seconds for r in rs) / max(moves, 1)
            own = sum(r.refused[r.seat] for r in rs) if matchup != "self" else 0
            other = sum(v for r in rs for s, v in r.refused.items() if s != r.seat)
            if matchup == "self":
                own = sum(sum(r.refused.values()) for r in rs)
                other = 0
            rows.append(
                f"| {names[matchup]} | {seat} | {n} | {won} | {drawn} | {n - won - drawn} "
                f"| {won / n:.0%} [{lo:.0%}, {hi:.0%}] | {decided / n:.0%} | {ms:.1f} "
                f"| {own}/{other} |"
            )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("scenarios", nargs="+", help="bundled scenario ids or scenario files")
    parser.add_argument(
        "--agent", help="the measured agent's name (default: the ruleset's first own agent)"
    )
    parser.add_argument("--seeds", type=int, default=50, help="seeds per side (default 50)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument(
        "--baseline-rev", help="git revision whose agent is the previous version (e.g. ca25103)"
    )
    parser.add_argument(
        "--baseline-agent",
        help="the agent's name at that revision (default: --agent, or the revision's own "
        "computer player when it had no agent of that name)",
    )
    parser.add_argument(
        "--matchups",
        default="random,baseline,self",
        help="comma-separated subset of random,baseline,self (baseline needs --baseline-rev)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="parallel games with joblib")
    parser.add_argument(
        "--limit-pattern", help="regex on the outcome's reason marking a game ended by a limit"
    )
    parser.add_argument(
        "--max-steps", type=int, default=100_000, help="stop a game after this many decisions"
    )
    parser.add_argument("--games", action="store_true", help="also print one line per game")
    args = parser.parse_args(argv)
    matchups = [m.strip() for m in args.matchups.split(",") if m.strip()]
    unknown = set(matchups) - {"random", "baseline", "self"}
    if unknown or ("baseline" in matchups and not args.baseline_rev):
        parser.error(f"--matchups: unknown {sorted(unknown)} or baseline without --baseline-rev")

    with (
        revision_source(args.baseline_rev) if "baseline" in matchups else _nothing()
    ) as baseline_src:
        for scenario in args.scenarios:
            ruleset = resolve_scenario(scenario).ruleset
            sides = list(ruleset.info.sides)
            agent = args.agent or next(iter(agent_names(ruleset)))
            if agent not in agent_names(ruleset):
                parser.error(f"--agent {agent!r}: {ruleset.info.id} has {agent_names(ruleset)}")
            baseline_agent = args.baseline_agent or agent
            if baseline_src is not None:  # the baseline agent exists at that revision?
                try:
                    BaselineAgent(
                        baseline_src, ruleset.info.id, sides[0], baseline_agent, 0
                    ).close()
                except UnknownAgentError as e:
                    own = [n for n in e.names if n != RANDOM]
                    if args.baseline_agent or not own:
                        parser.error(f"--baseline-agent: {e}")
                    baseline_agent = own[0]  # the computer player, under its old name
                    print(f"(the baseline's agent is {baseline_agent!r}: {agent!r} is newer)")
            pattern = args.limit_pattern or LIMIT_REASONS.get(ruleset.info.id, DEFAULT_LIMIT)
            seeds = range(args.first_seed, args.first_seed + args.seeds)
            tasks: list[tuple[Any, ...]] = []
            common = (
                agent,
                str(baseline_src) if baseline_src else None,
                baseline_agent,
                pattern,
                args.max_steps,
            )
            for matchup in matchups:
                if matchup == "self":
                    self_seeds = range(args.first_seed, args.first_seed + args.seeds * len(sides))
                    tasks += [(scenario, s, "self", sides[0], *common) for s in self_seeds]
                else:
                    tasks += [
                        (scenario, s, matchup, side, *common) for side in sides for s in seeds
                    ]
            start = time.perf_counter()
            results = run_all(tasks, args.jobs)
            elapsed = time.perf_counter() - start
            print(
                f"\n### {scenario}: {agent}, {args.seeds} seeds per side "
                f"(seeds {seeds.start}..{seeds.stop - 1}), {len(results)} games in "
                f"{elapsed:.0f} s\n"
            )
            print(table(results, sides, agent, f"{baseline_agent}@{args.baseline_rev}"))
            print(not_carried_out(results))
            unfinished = [r for r in results if not r.finished]
            if unfinished:
                print(f"\n{len(unfinished)} games unfinished at --max-steps {args.max_steps}")
            if args.games:
                for r in results:
                    print(f"  {r.matchup:8} {r.seat:8} seed {r.seed:4}: {r.winner}: {r.reason}")


def not_carried_out(results: list[Result]) -> str:
    """Per match-up, the measured agent's actions accepted but not carried out (a ruleset that
    carries out a phase's orders in turn logs them: the tactical game), a game and per 100
    decisions."""
    lines = []
    for matchup in ("random", "baseline", "self"):
        rs = [r for r in results if r.matchup == matchup]
        if not rs:
            continue
        mine = sum(
            sum(r.spoiled.values()) if matchup == "self" else r.spoiled.get(r.seat, 0) for r in rs
        )
        moves = sum(r.moves for r in rs)
        lines.append(
            f"{matchup}: {mine} of the agent's actions not carried out in {len(rs)} games "
            f"({mine / len(rs):.1f} a game, {100 * mine / max(moves, 1):.1f} per 100 decisions)"
        )
    return "\n".join(lines)


@contextmanager
def _nothing() -> Iterator[None]:
    yield None


if __name__ == "__main__":
    main()
