"""hexwar sweep as users run it against a bare loop of the same games; parallel efficiency.

**Overhead (the default).** ``hexwar sweep EXPERIMENT --out DIR`` is run as a command, in a
subprocess, with its default outputs (the journal, ``results.parquet`` and ``results.csv``),
against a bare loop of the same games in another subprocess: a short script that reads each
design point's scenario file (written beforehand, as ``hexwar sweep scenario`` writes it),
plays every replication's seed with the same agents through ``Session`` (what ``hexwar run``
does) and reads the same responses. Both pay Python's start-up and hexwar's imports. CPU time
(user + system) of each child, from ``resource.getrusage(RUSAGE_CHILDREN)`` before and after,
and its peak memory (``ru_maxrss`` of that child, from ``os.wait4``); best of ``--repeats``
(3) for each, the two alternating (bare first, then the sweep first, ...) so a busy machine's
drift falls on both alike. Target: sweep / bare <= 1.10 in CPU time.

The experiment is ``examples/analysis/hastings-size.toml`` (5 design points of the flank
battle at Hastings, random agents) with ``--replications`` (default 100: 500 games), or
``--experiment FILE``.

**Parallel (``--parallel``).** ``run_sweep(jobs=2)`` with joblib/loky against ``jobs=1``
(parallel efficiency T1 / (2 T2), target >= 0.80) and ``backend="dask"`` on a
``LocalCluster`` of 2 worker processes against joblib (target <= 1.3), alternating
``--rounds`` times.

Ratios only, all measured in the same run. Usage (from the repository root)::

    .venv/bin/python benchmarks/sweep.py [--replications 100] [--repeats 3] [--parallel]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from hexwar.analysis.experiment import Experiment, load_experiment, scenario_text  # noqa: E402
from hexwar.analysis.runner import run_sweep  # noqa: E402

EXAMPLE = ROOT / "examples" / "analysis" / "hastings-size.toml"

# The bare loop: the same games by hand, as a user would script them (``hexwar run``'s path).
BARE = """
import json, sys
from hexwar.analysis.experiment import response_value, needs_summary
from hexwar.sessions import resolve_scenario
from hexwar.sessions import Session

plan = json.load(open(sys.argv[1], encoding="utf-8"))
rows = []
for point, path in enumerate(plan["scenarios"]):
    resolved = resolve_scenario(path)
    for seed in plan["seeds"]:
        session = Session.start(resolved, seed=seed, agents=plan["agents"])
        session.run(max_steps=plan["max_steps"])
        game = session.game
        summary = game.summary() if needs_summary(plan["responses"]) else None
        rows.append([point, seed, *(response_value(r, summary, game) for r in plan["responses"])])
print(len(rows), "games")
"""


def child(command: list[str]) -> tuple[float, float, int]:
    """Run ``command``; (wall seconds, CPU seconds of it and its children, peak RSS in KiB).
    The CPU time is the change of ``getrusage(RUSAGE_CHILDREN)``; the peak memory is the
    child's own (``wait4``), as RUSAGE_CHILDREN's ``ru_maxrss`` is the largest child's yet."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    errors = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{errors.decode()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, usage.ru_maxrss


def prepared(source: Path, n: int, tmp: Path) -> tuple[Path, Path, Experiment]:
    """The experiment with ``n`` replications next to a copy of its scenario, and the bare
    loop's plan: each design point's scenario file, the seeds, the agents, the responses."""
    work = tmp / "experiment"
    shutil.copytree(source.parent, work, dirs_exist_ok=True)
    path = work / source.name
    text = source.read_text(encoding="utf-8")
    lines = [
        f"replications = {n}" if line.startswith("replications =") else line
        for line in text.splitlines()
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    exp = load_experiment(path)
    scenarios = []
    for point in exp.points:
        file = tmp / f"point-{point.index}.json"
        file.write_text(scenario_text(point.scenario, "json"), encoding="utf-8")
        scenarios.append(str(file))
    plan = {
        "scenarios": scenarios,
        "seeds": list(exp.seeds),
        "agents": exp.agents,
        "responses": exp.responses,
        "max_steps": exp.file.max_steps,
    }
    plan_path = tmp / "plan.json"
    plan_path.write_text(json.dumps(plan), encoding="utf-8")
    return path, plan_path, exp


def overhead(source: Path, n: int, repeats: int) -> None:
    with tempfile.TemporaryDirectory(prefix="hexwar-sweep-bench-") as tmp_name:
        tmp = Path(tmp_name)
        path, plan, exp = prepared(source, n, tmp)
        print(
            f"== {source.name}: {len(exp.points)} design points x {len(exp.seeds)} "
            f"replications = {exp.n_runs} games of {exp.scenario_id}, agents {exp.agents}",
            flush=True,
        )
        bare_cmd = [sys.executable, "-c", BARE, str(plan)]
        bare: list[tuple[float, float, int]] = []
        sweep: list[tuple[float, float, int]] = []
        for k in range(repeats):
            out = tmp / f"out-{k}"
            sweep_cmd = [sys.executable, "-m", "hexwar", "sweep", str(path), "--out", str(out)]
            for which in ("bare", "sweep") if k % 2 == 0 else ("sweep", "bare"):
                if which == "bare":
                    bare.append(child(bare_cmd))
                else:
                    sweep.append(child(sweep_cmd))
                wall, cpu, rss = (bare if which == "bare" else sweep)[-1]
                print(
                    f"  round {k + 1}: {which:5} {wall:7.2f} s wall {cpu:7.2f} s CPU "
                    f"{rss / 1024:6.1f} MiB peak",
                    flush=True,
                )
            shutil.rmtree(out)
        rounds = sorted(s[1] / b[1] for s, b in zip(sweep, bare, strict=True))
        print(
            f"ratio in each round (sweep / bare, CPU): {', '.join(f'{r:.3f}' for r in rounds)}; "
            f"median {rounds[len(rounds) // 2]:.3f}"
        )
        b = min(bare, key=lambda r: r[1])
        s = min(sweep, key=lambda r: r[1])
        print(f"bare loop (best of {repeats})   : {b[1]:7.2f} s CPU, peak {b[2] / 1024:6.1f} MiB")
        print(f"hexwar sweep (best of {repeats}): {s[1]:7.2f} s CPU, peak {s[2] / 1024:6.1f} MiB")
        print(
            f"  ratio {s[1] / b[1]:.3f} CPU (target <= 1.10); overhead per game "
            f"{(s[1] - b[1]) / exp.n_runs * 1e3:+.2f} ms CPU; peak memory "
            f"{max(r[2] for r in sweep) / 1024:.1f} MiB against "
            f"{max(r[2] for r in bare) / 1024:.1f} MiB",
            flush=True,
        )


def timed_sweep(exp: Experiment, **kw: object) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        run_sweep(exp, Path(tmp) / "out", **kw)  # type: ignore[arg-type]
        return time.perf_counter() - start


def parallel(source: Path, n: int, rounds: int = 1) -> None:
    """jobs=1, then joblib with 2 workers against dask's LocalCluster of 2, alternating
    ``rounds`` times (joblib first, then dask first, ...) so a busy machine's drift falls on
    both alike."""
    with tempfile.TemporaryDirectory(prefix="hexwar-sweep-bench-") as tmp_name:
        _, _, exp = prepared(source, n, Path(tmp_name))
        one = timed_sweep(exp, jobs=1)
        print(f"sweep --jobs 1         : {one:8.2f} s", flush=True)
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
            f"sweep --jobs 2 (joblib): {two / rounds:8.2f} s  efficiency "
            f"{one / (2 * two / rounds):.2f} (target >= 0.80)",
            flush=True,
        )
        print(
            f"sweep dask LocalCluster 2 workers: {dask / rounds:8.2f} s  ratio to joblib "
            f"{dask / two:.2f} (target <= 1.30)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--experiment", type=Path, default=EXAMPLE, metavar="PATH")
    parser.add_argument("--replications", type=int, default=100, metavar="N")
    parser.add_argument("--repeats", type=int, default=3, metavar="N", help="best of N")
    parser.add_argument(
        "--parallel", action="store_true", help="the parallel runs instead of the overhead"
    )
    parser.add_argument(
        "--rounds", type=int, default=1, metavar="N", help="alternations of joblib and dask"
    )
    args = parser.parse_args()
    if args.parallel:
        parallel(args.experiment, args.replications, args.rounds)
    else:
        overhead(args.experiment, args.replications, args.repeats)


if __name__ == "__main__":
    main()
