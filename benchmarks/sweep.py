"""hexwar sweep: its overhead over a bare loop, parallel efficiency, dask against joblib.

For each scenario (flankbattle/hastings, and aggressor/sector cut to ``max_rounds = 2`` with
random agents so a thousand games fit in minutes; shorter games make the overhead ratio
stricter, not looser), with N replications of one design point:

1. bare loop: play the same seeds with the same agents (``Session.start`` + ``run``, what a
   user scripts by hand) and read the same responses (outcome and a summary value);
2. ``run_sweep(jobs=1)``: target <= 1.10 x the baseline. The two alternate in blocks (5 by
   default, each with its own seeds), so the drift of a busy machine falls on both alike; the
   sweep's fixed costs (importing pyarrow, writing the tables) are paid once per block;
3. ``run_sweep(jobs=2)`` with joblib/loky: parallel efficiency T1 / (2 T2) (T1 from step 2),
   target >= 0.80;
4. ``run_sweep(backend="dask")`` on a ``LocalCluster`` of 2 worker processes: target <= 1.3 x
   the joblib time (with ``--rounds R`` the joblib and dask runs alternate R times, the order
   swapped each round, and the totals are compared).

Ratios only, all measured in the same run. On a busy machine the wall times scatter with the
neighbours' load; the CPU time of this process (all of the work with ``--jobs 1``) does not,
so the overhead is also given as a ratio of CPU times. Usage (from the repository root)::

    .venv/bin/python benchmarks/sweep.py [--replications 1000] [--only flankbattle|aggressor]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hexwar.analysis.experiment import Experiment, load_experiment
from hexwar.analysis.runner import run_sweep
from hexwar.sessions import ResolvedScenario, Session

EXPERIMENTS = {
    "flankbattle": """scenario = "flankbattle/hastings"
replications = {n}
seed = 1066
responses = ["winner", "length", "summary.hours"]

[agents]
attacker = "random"
defender = "random"

[[factors]]
name = "year"
path = "year"
values = [1066]
""",
    "aggressor": """scenario = "aggressor/sector"
replications = {n}
seed = 1066
responses = ["winner", "length", "summary.sides.west.sectors"]

[agents]
west = "random"
east = "random"

[[factors]]
name = "max_rounds"
path = "max_rounds"
values = [2]
""",
}


def bare_loop(exp: Experiment) -> tuple[float, float]:
    """The same games, by hand: (wall seconds, CPU seconds of this process)."""
    [point] = exp.points
    resolved = ResolvedScenario(exp.ruleset, point.scenario, exp.scenario_id)
    key = exp.responses[-1].removeprefix("summary.").split(".")
    start = time.perf_counter()
    cpu = time.process_time()
    for seed in exp.seeds:
        session = Session.start(resolved, seed=seed, agents=exp.agents)
        session.run()
        game = session.game
        outcome = game.outcome()
        value = game.summary()
        for k in key:
            value = value[k]
        _ = (outcome.winner if outcome else None, game.step, value)
    return time.perf_counter() - start, time.process_time() - cpu


def timed_sweep(exp: Experiment, **kw: object) -> float:
    return timed_sweep_cpu(exp, **kw)[0]


def timed_sweep_cpu(exp: Experiment, **kw: object) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process: all of it with jobs=1)."""
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        cpu = time.process_time()
        run_sweep(exp, Path(tmp) / "out", **kw)  # type: ignore[arg-type]
        return time.perf_counter() - start, time.process_time() - cpu


def experiment(name: str, n: int, seed: int) -> Experiment:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{name}.toml"
        text = EXPERIMENTS[name].format(n=n).replace("seed = 1066", f"seed = {seed}")
        path.write_text(text, encoding="utf-8")
        return load_experiment(path)


def bench(
    name: str,
    n: int,
    blocks: int,
    *,
    parallel_only: bool = False,
    overhead_only: bool = False,
    rounds: int = 1,
) -> None:
    exp = experiment(name, n, 1066)
    print(f"== {exp.scenario_id}: {n} replications, agents {exp.agents}", flush=True)
    if parallel_only:
        one = timed_sweep(exp, jobs=1)
        print(f"sweep --jobs 1         : {one:8.2f} s", flush=True)
        parallel(exp, one, rounds)
        return
    # The bare loop and the sweep alternate in blocks of n / blocks replications (other seeds
    # in each block), so the machine's drift falls on both alike.
    bare = one = bare_cpu = one_cpu = 0.0
    for k in range(blocks):
        part = experiment(name, n // blocks, 1066 + k)
        if k % 2 == 0:
            b = bare_loop(part)
            o = timed_sweep_cpu(part, jobs=1)
        else:
            o = timed_sweep_cpu(part, jobs=1)
            b = bare_loop(part)
        bare, bare_cpu = bare + b[0], bare_cpu + b[1]
        one, one_cpu = one + o[0], one_cpu + o[1]
    print(f"bare loop (baseline)   : {bare:8.2f} s wall, {bare_cpu:8.2f} s CPU")
    print(f"sweep --jobs 1         : {one:8.2f} s wall, {one_cpu:8.2f} s CPU")
    print(
        f"  ratio {one / bare:.3f} wall, {one_cpu / bare_cpu:.3f} CPU (target <= 1.10); "
        f"overhead per replication {(one_cpu - bare_cpu) / n * 1e3:+.2f} ms CPU",
        flush=True,
    )
    if not overhead_only:
        parallel(exp, one, rounds)


def parallel(exp: Experiment, one: float, rounds: int = 1) -> None:
    """joblib with 2 workers against dask's LocalCluster of 2, alternating ``rounds`` times
    (joblib first, then dask first, ...) so a busy machine's drift falls on both alike."""
    two = dask = 0.0
    for k in range(rounds):
        order = ("joblib", "dask") if k % 2 == 0 else ("dask", "joblib")
        for backend in order:
            t = timed_sweep(exp, jobs=2, backend=backend)
            if backend == "dask":
                dask += t
            else:
                two += t
            print(f"  round {k + 1}: {backend:6} {t:8.2f} s", flush=True)
    print(
        f"sweep --jobs 2 (joblib): {two / rounds:8.2f} s  efficiency {one / (2 * two / rounds):.2f}"
        " (target >= 0.80)",
        flush=True,
    )
    print(
        f"sweep dask LocalCluster 2 workers: {dask / rounds:8.2f} s  ratio to joblib "
        f"{dask / two:.2f} (target <= 1.30)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replications", type=int, default=1000)
    parser.add_argument("--blocks", type=int, default=5, help="alternations bare/sweep")
    parser.add_argument("--only", choices=sorted(EXPERIMENTS))
    parser.add_argument(
        "--parallel-only",
        action="store_true",
        help="skip the bare loop: one --jobs 1 sweep, then the parallel runs",
    )
    parser.add_argument("--overhead-only", action="store_true", help="skip the parallel runs")
    parser.add_argument(
        "--rounds", type=int, default=1, help="alternations of the joblib and dask runs"
    )
    args = parser.parse_args()
    for name in [args.only] if args.only else list(EXPERIMENTS):
        bench(
            name,
            args.replications,
            args.blocks,
            parallel_only=args.parallel_only,
            overhead_only=args.overhead_only,
            rounds=args.rounds,
        )


if __name__ == "__main__":
    main()
