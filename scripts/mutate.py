"""Mutation testing of the rule modules with mutmut, one group at a time.

Each group is a set of rule modules and the tests that cover them, so a run takes minutes, not
hours. The script copies the tracked files of the repository into a temporary directory, writes
the group's ``[tool.mutmut]`` settings into the copy's ``pyproject.toml`` and runs
``mutmut run`` there (the working tree is never touched), then prints the survivors::

    python scripts/mutate.py --list
    python scripts/mutate.py aggressor            # one group
    python scripts/mutate.py                      # every group
    python scripts/mutate.py tactical --keep DIR  # keep the copy, to `mutmut browse` in it
    python scripts/mutate.py idahex --sample 200  # a fixed random sample of the mutants

docs/testing.md says what to do with a survivor: kill it with a test, or explain it there.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_SEED = 22  # the same sample every run, so a test added for a survivor shows as a kill


def _tracked(folder: str) -> set[str]:
    """The files git tracks under ``folder``: the only ones the run's copy of the tree holds."""
    out = subprocess.run(
        ["git", "ls-files", "-z", folder], cwd=ROOT, capture_output=True, check=False
    ).stdout.split(b"\0")
    return {os.fsdecode(name) for name in out if name}


def _rule_tests(folder: str, left_out: str) -> list[str]:
    """Every tracked ``test_*.py`` of ``folder`` but those named in ``left_out`` (so a new
    rule test file joins its group by itself once it is added to git; an untracked one is not
    in the copy the mutants run in, and naming it would stop the run before any mutant)."""
    skip = {f"{name}.py" for name in left_out.split()}
    tracked = _tracked(folder)
    return sorted(
        name
        for p in (ROOT / folder).glob("test_*.py")
        if p.name not in skip and (name := str(p.relative_to(ROOT))) in tracked
    )


# game.py and the modules it was split into (issue 40): along Aggressor's TURN SEQUENCE, by the
# tactical game's phases
AGGRESSOR_RULE_MODULES = (
    *("rules", "game", "turns", "observation", "partisans", "activity"),
    *("movement", "combat", "special", "view", "report"),
)
TACTICAL_RULE_MODULES = (
    *("game", "turns", "supply", "movement", "fire"),
    *("results", "units", "view", "report"),
)

# group -> (rule modules to mutate, the tests that cover them). A ruleset's rule tests only:
# its conformance kit, computer players, renderers, command line and bundled-scenario
# playouts run whole games for every mutant that reaches them (a surviving mutant of
# Aggressor's game ran 36 s of them, against 2.4 s for the whole rule tests) and check no rule
# the rule tests do not.
GROUPS: dict[str, tuple[list[str], list[str]]] = {
    "core": (
        ["src/hexwar/core/game.py", "src/hexwar/core/records.py", "src/hexwar/core/views.py"],
        ["tests/core/", "tests/test_conformance_tiny.py", "tests/store/"],
    ),
    "aggressor": (
        [
            f"src/hexwar/rulesets/aggressor/{m}.py"
            for m in [
                "rules",
                "game",
                "turns",
                "observation",
                "partisans",
                "activity",
                "movement",
                "combat",
                "special",
                "view",
                "report",
            ]
        ],
        _rule_tests(
            "tests/rulesets/aggressor/", "test_ai test_ai_aggression test_cli test_conformance"
        ),
    ),
    "airwar": (
        ["src/hexwar/rulesets/airwar/rules.py", "src/hexwar/rulesets/airwar/game.py"],
        _rule_tests("tests/rulesets/airwar/", "test_ai test_cli test_conformance test_render"),
    ),
    "tactical": (
        [
            "src/hexwar/rulesets/tactical/tables.py",
            "src/hexwar/rulesets/tactical/combat.py",
            "src/hexwar/rulesets/tactical/morale.py",
            *(
                f"src/hexwar/rulesets/tactical/{m}.py"
                for m in [
                    "game",
                    "turns",
                    "supply",
                    "movement",
                    "fire",
                    "results",
                    "units",
                    "view",
                    "report",
                ]
            ),
        ],
        # test_summary stays in: the report's and summary's tests run in-process in ~0.1 s
        # (its one command-line test runs in a subprocess, which reaches no mutant's trace).
        _rule_tests(
            "tests/rulesets/tactical/",
            "test_agent test_conformance test_render test_scenarios test_determinise",
        ),
    ),
    "idahex": (
        [
            "src/hexwar/rulesets/idahex/values.py",
            "src/hexwar/rulesets/idahex/attrition.py",
            "src/hexwar/rulesets/idahex/delays.py",
            "src/hexwar/rulesets/idahex/supplies.py",
            "src/hexwar/rulesets/idahex/transfer.py",
            "src/hexwar/rulesets/idahex/combat_functions.py",
        ],
        _rule_tests(
            "tests/rulesets/idahex/",
            "test_ai test_builder test_conformance test_design_cards test_report test_scenario"
            " test_scenario_cli test_scenario_convert test_terminal test_weapon_values_cli",
        ),
    ),
    "flankbattle": (
        [
            "src/hexwar/rulesets/flankbattle/engine.py",
            "src/hexwar/rulesets/flankbattle/variables.py",
            "src/hexwar/rulesets/flankbattle/aftermath.py",
        ],
        _rule_tests("tests/rulesets/flankbattle/", "test_conformance test_receipt_and_cli"),
    ),
}


def _settings(modules: list[str], tests: list[str]) -> str:
    def toml_list(items: list[str]) -> str:
        return "[" + ", ".join(f'"{i}"' for i in items) + "]"

    return (
        "\n[tool.mutmut]\n"
        f"source_paths = {toml_list(modules)}\n"
        f"pytest_add_cli_args_test_selection = {toml_list(tests)}\n"
        'also_copy = ["tests/", "src/hexwar/", "docs/", "examples/"]\n'
        # no cache written per mutant; a test that loops is stopped at 5x its clean time
        # (mutmut's default 15x spends most of a run on the few mutants that loop)
        'pytest_add_cli_args = ["-p", "no:cacheprovider"]\n'
        "timeout_multiplier = 5.0\n"
    )


def _copy_tree(into: Path) -> None:
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    for name in filter(None, files):
        src = ROOT / os.fsdecode(name)
        if src.is_file():
            dst = into / os.fsdecode(name)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)


def _results(mutmut: Path, work: Path) -> dict[str, str]:
    """Every mutant of the copy with its status (``killed``, ``survived``, ``no tests``...)."""
    out = subprocess.run(
        [str(mutmut), "results", "--all", "true"],
        cwd=work,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    found = (re.match(r"\s*(\S+): (\w[\w ]*)$", line) for line in out.splitlines())
    return {m.group(1): m.group(2).strip() for m in found if m}


_SPINNER = re.compile(r"^\s*[\u2800-\u28ff]")


def _quietly(command: list[str], cwd: Path) -> None:
    """Run mutmut, printing its lines but not its spinner (a line of progress every 25
    mutants instead), so that a log of a long run stays readable."""
    with subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT) as p:
        assert p.stdout is not None
        shown = 0
        pending = b""
        while chunk := p.stdout.read1(4096):  # type: ignore[attr-defined]
            *parts, pending = re.split(rb"[\r\n]", pending + chunk)
            for raw in parts:
                line = raw.decode("utf-8", "replace")
                progress = re.match(r"\s*[\u2800-\u28ff] (\d+)/\d+", line)
                if progress:
                    done = int(progress.group(1))
                    if done >= shown + 25:
                        shown = done
                        print("  ", line.strip()[2:], flush=True)
                elif line.strip() and not _SPINNER.match(line):
                    print(line, flush=True)


def _timing(work: Path, chosen: set[str]) -> None:
    """Where the time of the mutants went: each mutant's wall time against the time its tests
    took on the clean code (mutmut's stats), and the slowest functions to mutate."""
    spent: dict[str, float] = {}
    clean: dict[str, float] = {}
    for meta in (work / "mutants").rglob("*.meta"):
        data = json.loads(meta.read_text(encoding="utf-8"))
        spent.update(data.get("durations_by_key", {}))
        clean.update(data.get("estimated_durations_by_key", {}))
    ran = [m for m in spent if not chosen or m in chosen]
    if not ran:
        return
    total = sum(spent[m] for m in ran)
    tests = sum(clean.get(m, 0.0) for m in ran)
    print(
        f"   {len(ran)} mutants: {total:.0f} s in all, {total / len(ran):.2f} s each; "
        f"their tests take {tests / len(ran):.2f} s each on the clean code (all of them, "
        "as a survivor runs them)"
    )
    by_function: dict[str, list[float]] = {}
    for m in ran:
        by_function.setdefault(m.split("__mutmut")[0], []).append(spent[m])
    slowest = sorted(by_function.items(), key=lambda kv: -sum(kv[1]))[:5]
    for function, times in slowest:
        print(f"   {sum(times):7.0f} s  {len(times):4d} mutants  {function}")


def run_group(
    name: str, jobs: int, keep: Path | None, sample: int, only: str = ""
) -> tuple[int, int, int]:
    """Mutate one group (all its mutants, or ``sample`` of them, of the modules whose dotted
    name contains ``only``); its (killed, survived, other) counts, a timeout counting as
    killed."""
    modules, tests = GROUPS[name]
    work = Path(tempfile.mkdtemp(prefix=f"hexwar-mutate-{name}-"))
    try:
        _copy_tree(work)
        with (work / "pyproject.toml").open("a", encoding="utf-8") as f:
            f.write(_settings(modules, tests))
        mutmut = Path(sys.executable).with_name("mutmut")
        run = [str(mutmut), "run", "--max-children", str(jobs)]
        print(f"== {name}: {', '.join(modules)}", flush=True)
        chosen: list[str] = []
        if sample or only:
            # A name that matches no mutant: mutmut generates the mutants and times the tests,
            # then stops, and the sample is drawn from every mutant of the group.
            subprocess.run([*run, "no-such-mutant"], cwd=work, check=False, capture_output=True)
            everything = sorted(m for m in _results(mutmut, work) if only in m.split("__mutmut")[0])
            chosen = everything
            if sample and sample < len(everything):
                chosen = sorted(random.Random(SAMPLE_SEED).sample(everything, sample))
            print(f"   {len(chosen)} of {len(everything)} mutants", flush=True)
        started = time.monotonic()
        _quietly([*run, *chosen], work)
        print(f"   mutants run in {time.monotonic() - started:.0f} s wall", flush=True)
        _timing(work, set(chosen))
        statuses = _results(mutmut, work)
        counts = {"killed": 0, "survived": 0}
        other = 0
        for mutant, status in sorted(statuses.items()):
            if chosen and mutant not in chosen:
                continue
            status = "killed" if status == "timeout" else status
            if status in counts:
                counts[status] += 1
            else:
                other += 1
            if status == "survived":
                print(f"  survived: {mutant}")
        print(f"== {name}: {counts['killed']} killed, {counts['survived']} survived, {other} other")
        return counts["killed"], counts["survived"], other
    finally:
        if keep is not None:
            shutil.copytree(work, keep / name, dirs_exist_ok=True)
        shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description="Mutation testing of the rule modules.")
    parser.add_argument("groups", nargs="*", help=f"groups to run (default all: {list(GROUPS)})")
    parser.add_argument("--list", action="store_true", help="list the groups and stop")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutants at once")
    parser.add_argument("--keep", type=Path, help="keep each group's copy under this directory")
    parser.add_argument(
        "--sample",
        type=int,
        default=0,
        metavar="N",
        help="test a fixed random sample of N mutants of each group (0: all of them)",
    )
    parser.add_argument(
        "--only",
        default="",
        metavar="MODULE",
        help="mutate only the modules whose dotted name contains this (e.g. aggressor.game)",
    )
    args = parser.parse_args()
    if args.list:
        for name, (modules, tests) in GROUPS.items():
            print(f"{name}: {' '.join(modules)}  <- {' '.join(tests)}")
        return 0
    unknown = [g for g in args.groups if g not in GROUPS]
    if unknown:
        parser.error(f"unknown group(s) {', '.join(unknown)}; --list shows them")
    totals = [
        run_group(g, args.jobs, args.keep, args.sample, args.only) for g in args.groups or GROUPS
    ]
    killed = sum(t[0] for t in totals)
    survived = sum(t[1] for t in totals)
    print(f"all groups: {killed} killed, {survived} survived")
    return 0


if __name__ == "__main__":
    sys.exit(main())
