"""The whole idahex/sinai game (seed 1), now against an earlier revision, in the same run.

The earlier revision's ``src/`` is extracted with ``git archive`` into a temporary directory and
put first on ``PYTHONPATH``; both sides run ``hexwar run idahex/sinai --seed 1`` in the same way,
alternately, and the CPU time (user + system) of each child is compared, so a busy machine
slows both alike. Usage (from the repository root)::

    .venv/bin/python benchmarks/sinai_speed.py                    # against ca25103
    .venv/bin/python benchmarks/sinai_speed.py --baseline-rev HEAD~3 --runs 5

Targets: issue 14 asked for no more than 10 % over the BLAS-dispatched arithmetic it replaced
(``ca25103``, ratio <= 1.10).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ["-m", "hexwar", "run", "idahex/sinai", "--seed", "1"]


def extract(rev: str, into: Path) -> Path:
    """The ``src/`` tree of ``rev``, unpacked under ``into``."""
    archive = into / "src.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", rev, "src"], cwd=ROOT, stdout=out, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def cpu_seconds(pythonpath: Path | None) -> tuple[float, str]:
    """CPU time of one whole game in a child process, and its last line (the verdict)."""
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = f"{pythonpath}{os.pathsep}{env.get('PYTHONPATH', '')}"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(
        [sys.executable, *GAME], env=env, capture_output=True, text=True, check=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return spent, proc.stdout.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline-rev", default="ca25103", help="the earlier revision")
    parser.add_argument("--runs", type=int, default=3, help="games per side (median taken)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old_src = extract(args.baseline_rev, Path(tmp))
        old, new = [], []
        for _ in range(args.runs):
            t, old_verdict = cpu_seconds(old_src)
            old.append(t)
            t, new_verdict = cpu_seconds(None)
            new.append(t)
    base, now = statistics.median(old), statistics.median(new)
    print(f"idahex/sinai --seed 1, {args.runs} games each, CPU seconds (median)")
    print(f"  {args.baseline_rev:>12} (baseline): {base:7.2f}   {old_verdict}")
    print(f"  {'this tree':>12}           : {now:7.2f}   {new_verdict}")
    print(f"ratio now/baseline: {now / base:.3f} (target <= 1.10)")


if __name__ == "__main__":
    main()
