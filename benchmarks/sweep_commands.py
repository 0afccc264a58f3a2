"""What the sweep commands cost besides their games, this tree against a baseline revision.

**A sequential sweep on dask.** ``hexwar sweep EXPERIMENT --out DIR --backend dask --jobs 2
--until-halfwidth winner=H`` (the experiment cut to ``--replications`` a point, so the stopping
rule asks for several rounds): the ``LocalCluster`` start-ups it makes, its rounds, its wall
time, CPU time and peak memory.

**The commands that read a finished sweep.** ``hexwar sweep summarize``, ``analyze``,
``compare 0 4`` and ``plot`` on that sweep's directory: wall time, CPU time, peak memory, and
whether pandas and scipy.stats were imported. CPU time and peak memory are ``wait4``'s for the
command's process: its own CPU time and that of the children it waited for (a dask sweep's
cluster), and the largest resident size among them (not their sum).

Every command runs as a user runs it, in a new interpreter (``python -m hexwar``'s entry point,
with a small prologue that counts cluster start-ups and rounds), once with this tree's ``src``
and once with the baseline's (``git archive``), alternating which goes first, ``--rounds``
times; the medians and their ratios are printed. The experiment is
``examples/analysis/hastings-size.toml`` (5 design points of the flank battle at Hastings,
random agents). Usage (from the repository root)::

    .venv/bin/python benchmarks/sweep_commands.py --baseline-rev 7735777 [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _args import positive_int
from _revision import revision_source

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "analysis" / "hastings-size.toml"

# The commands measured, with the arguments after the sweep's directory.
COMMANDS: dict[str, list[str]] = {
    "sweep": [],
    "summarize": [],
    "analyze": [],
    "compare": ["0", "4"],
    "plot": [],
}

# Runs ``hexwar ARGS`` as the entry point does, then writes what it saw to REPORT (JSON): the
# LocalClusters started, the rounds of chunks (calls of the runner's _chunks), pandas and
# scipy.stats imported or not.
PROLOGUE = """
import json, sys
report, args = sys.argv[1], sys.argv[2:]
seen = {"clusters": 0, "rounds": 0}
if "--backend" in args:
    import distributed
    class Counted(distributed.LocalCluster):
        def __init__(self, *a, **k):
            seen["clusters"] += 1
            super().__init__(*a, **k)
    distributed.LocalCluster = Counted
    import hexwar.analysis.runner as runner
    chunks = runner._chunks
    def counted(*a, **k):
        seen["rounds"] += 1
        return chunks(*a, **k)
    runner._chunks = counted
from hexwar.cli.main import main
sys.argv = ["hexwar", *args]
try:
    main()
except SystemExit as e:
    if e.code not in (0, None):
        raise
seen["pandas"] = "pandas" in sys.modules
seen["scipy.stats"] = "scipy.stats" in sys.modules
open(report, "w").write(json.dumps(seen))
"""


def child(src: Path, args: list[str], work: Path) -> dict[str, float]:
    """``hexwar ARGS`` with ``src`` as hexwar's tree: wall and CPU seconds, peak RSS in MiB
    (``wait4``'s), and the prologue's counts."""
    report = work / "report.json"
    env = {**os.environ, "PYTHONPATH": str(src), "HEXWAR_HOME": str(work / "home")}
    command = [sys.executable, "-c", PROLOGUE, str(report), *args]
    start = time.perf_counter()
    proc = subprocess.Popen(
        command, env=env, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert proc.stderr is not None
    errors = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{errors.decode()}")
    seen = json.loads(report.read_text(encoding="utf-8"))
    cpu = usage.ru_utime + usage.ru_stime
    return {"wall": wall, "cpu": cpu, "rss": usage.ru_maxrss / 1024, **seen}


def experiment(work: Path, replications: int) -> Path:
    """The example with ``replications`` a point, next to a copy of its scenario."""
    shutil.copytree(EXAMPLE.parent, work / "experiment", dirs_exist_ok=True)
    path = work / "experiment" / EXAMPLE.name
    lines = [
        f"replications = {replications}" if line.startswith("replications =") else line
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def show(label: str, runs: dict[str, list[dict[str, float]]]) -> None:
    med = {
        tree: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for tree, rs in runs.items()
    }
    this, base = med["this"], med["baseline"]
    walls = ", ".join(f"{r['wall']:.2f}" for r in runs["this"])
    base_walls = ", ".join(f"{r['wall']:.2f}" for r in runs["baseline"])
    extra = ""
    if this["clusters"] or base["clusters"]:
        extra = (
            f"; cluster start-ups {base['clusters']:.0f} -> {this['clusters']:.0f} "
            f"(rounds {base['rounds']:.0f} -> {this['rounds']:.0f})"
        )
    print(
        f"{label:18} wall {base['wall']:6.2f} -> {this['wall']:6.2f} s "
        f"({this['wall'] / base['wall']:.3f}; this {walls}; baseline {base_walls}), "
        f"CPU {base['cpu']:6.2f} -> {this['cpu']:6.2f} s ({this['cpu'] / base['cpu']:.3f}), "
        f"peak {base['rss']:6.1f} -> {this['rss']:6.1f} MiB ({this['rss'] / base['rss']:.3f}), "
        f"pandas {bool(base['pandas'])} -> {bool(this['pandas'])}, "
        f"scipy.stats {bool(base['scipy.stats'])} -> {bool(this['scipy.stats'])}{extra}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--baseline-rev", default="7735777", metavar="REV")
    parser.add_argument("--rounds", type=positive_int, default=3, metavar="N")
    parser.add_argument("--replications", type=positive_int, default=10, metavar="N")
    parser.add_argument("--halfwidth", default="0.1", metavar="H", help="winner's target")
    parser.add_argument(
        "--commands",
        default=",".join(COMMANDS),
        metavar="LIST",
        help=f"which to measure, of {','.join(COMMANDS)} (the others need the sweep)",
    )
    args = parser.parse_args()
    wanted = args.commands.split(",")
    if unknown := set(wanted) - set(COMMANDS):
        parser.error(f"--commands: unknown {', '.join(sorted(unknown))}")
    trees = {"this": ROOT / "src"}
    with (
        revision_source(args.baseline_rev) as base_src,
        tempfile.TemporaryDirectory(prefix="hexwar-sweep-commands-") as tmp,
    ):
        trees["baseline"] = base_src
        work = Path(tmp)
        path = experiment(work, args.replications)
        print(
            f"== {EXAMPLE.name}, {args.replications} replications a point, then "
            f"--until-halfwidth winner={args.halfwidth} on dask (2 workers); baseline "
            f"{args.baseline_rev}, median of {args.rounds} (baseline -> this tree)",
            flush=True,
        )
        sweep: dict[str, list[dict[str, float]]] = {"this": [], "baseline": []}
        for k in range(args.rounds if "sweep" in wanted else 1):
            order = ("baseline", "this") if k % 2 == 0 else ("this", "baseline")
            for tree in order if "sweep" in wanted else ("this",):
                out = work / f"out-{tree}-{k}"
                command = ["sweep", str(path), "--out", str(out), "--backend", "dask"]
                command += ["--jobs", "2", "--until-halfwidth", f"winner={args.halfwidth}"]
                sweep[tree].append(child(trees[tree], command, work))
        if "sweep" in wanted:
            show("sweep (dask)", sweep)
        finished = work / "out-this-0"
        for name, extra in COMMANDS.items():
            if name not in wanted or name == "sweep":
                continue
            runs: dict[str, list[dict[str, float]]] = {"this": [], "baseline": []}
            for k in range(args.rounds):
                order = ("baseline", "this") if k % 2 == 0 else ("this", "baseline")
                for tree in order:
                    command = ["sweep", name, str(finished), *extra]
                    runs[tree].append(child(trees[tree], command, work))
            show(f"sweep {name}", runs)


if __name__ == "__main__":
    main()
