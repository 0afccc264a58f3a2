"""Regenerate docs/analysis.md's worked sweeps from today's code (``make analysis-docs``).

Every worked sweep of the page runs at full size, as the page shows it, in a temporary
directory that reaches ``examples/`` as the repository root does; the page's generated blocks
-- the commands with their output, the sentences that state the figures, the reduced twins'
tables -- are rewritten, and the sweep plots the page shows are copied under docs/analysis/.
A generated block lies between ``<!-- analysis-docs:NAME -->`` and ``<!-- /analysis-docs -->``;
nothing else of the page is touched. A block the page has and the script does not know (or the
other way round) stops the script.

Each worked sweep has a *reduced twin* next to its experiment (``*-twin.toml``: the same
experiment with fewer replications or a smaller sample); its commands and table are shown on
the page, run by the doc tests, and compared with the page by
tests/analysis/test_worked_sweeps.py, which says to run this script when they differ.

    .venv/bin/python scripts/analysis_docs.py              # everything (minutes)
    .venv/bin/python scripts/analysis_docs.py --twins-only # the twins' blocks only (seconds)
    .venv/bin/python scripts/analysis_docs.py --check      # exit 1 if the page would change

``--check`` writes nothing (images included: only the page's text is compared); with
``--twins-only`` it checks the twins' blocks alone. The page shows the full sweeps run with
``--jobs 2``; ``--jobs N`` runs them with N workers instead, which changes no figure (a row
depends only on its design point and seed, docs/analysis.md, "Identical results").

The commands run under the doc tests' terminal (100 columns, no colour), and the progress bar's
rate and times, which differ from run to run, are shown as ``...``.
"""

from __future__ import annotations

import argparse
import difflib
import json
import math
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from hexwar.testing.docs import command_environment

if TYPE_CHECKING:
    from hexwar.analysis.results import Results

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "analysis.md"
IMAGES = ROOT / "docs" / "analysis"
SHOWN_JOBS = 2
BLOCK = re.compile(
    r"<!-- analysis-docs:(?P<name>[a-z0-9-]+) -->\n(?P<body>.*?)<!-- /analysis-docs -->\n",
    re.DOTALL,
)
# The progress bar's last line: "sweep ━━━━ 20/20 78.48 runs/s 0:00:00 ETA 0:00:00".
PROGRESS = re.compile(r"^(sweep [━ ╸╺]*\s*\d+/\d+)\s.*$")


class PageError(Exception):
    """The page and the script disagree about the generated blocks."""


# --- running commands as the page shows them --------------------------------------------------


def workspace() -> Path:
    """A temporary working directory that reaches examples/ (and src/) as the root does."""
    workdir = Path(tempfile.mkdtemp(prefix="hexwar-analysis-docs-"))
    for shared in ("examples", "src"):
        (workdir / shared).symlink_to(ROOT / shared)
    return workdir


def normalize(output: str) -> list[str]:
    """A command's output as the page shows it: no trailing spaces or blank lines, the
    progress bar's rate and times as ``...``."""
    lines = [PROGRESS.sub(r"\1 ...", line.rstrip()) for line in output.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def run(command: str, workdir: Path, *, shown: str | None = None) -> list[str]:
    """Run ``command`` (``hexwar ...``) in ``workdir``; its console lines, ``$ shown`` first."""
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=workdir,
        env=command_environment(workdir / ".hexwar-home"),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"`{command}` exited {done.returncode}:\n{done.stdout}")
    output = done.stdout.replace(str(workdir) + "/", "./")
    return [f"$ {shown or command}", *normalize(output)]


def console(lines: Sequence[str], *, skip: str | None = None) -> str:
    """A fenced console block (preceded by a doc-test skip when ``skip`` is given)."""
    head = f'<!-- skip: next "{skip}" -->\n' if skip else ""
    return head + "```console\n" + "\n".join(lines) + "\n```\n"


# --- the worked sweeps ------------------------------------------------------------------------


@dataclass(frozen=True)
class Worked:
    """One worked sweep of the page and its reduced twin."""

    key: str  # the blocks' prefix: KEY-run, KEY-prose, KEY-twin (and the ones of `blocks`)
    experiment: str  # from the repository root
    twin: str
    out: str  # the page's --out
    blocks: tuple[tuple[str, tuple[str, ...]], ...]  # block suffix: the commands it shows
    twin_reads: str  # the command shown on the twin's results: summarize or analyze
    skip: str  # why the doc tests skip the full-size blocks ({games}: the sweep's games)
    images: tuple[tuple[str, str], ...]  # (a plot's stem under OUT/plots, a name in docs/analysis)
    prose: Callable[[Results], str]


def _commands(worked: Worked, commands: Sequence[str], jobs: int) -> list[tuple[str, str]]:
    """(the command run, the command shown) of each of the full-size sweep's commands."""
    return [
        (
            "hexwar " + c.format(exp=worked.experiment, out=worked.out, jobs=jobs),
            "hexwar " + c.format(exp=worked.experiment, out=worked.out, jobs=SHOWN_JOBS),
        )
        for c in commands
    ]


def twin_commands(worked: Worked) -> list[str]:
    """The twin's commands as the page shows (and the tests run) them."""
    out = f"{worked.out}-twin"
    return [
        f"hexwar sweep {worked.twin} --out {out} --no-plots",
        f"hexwar sweep {worked.twin_reads} {out}",
    ]


def twin_block(worked: Worked, workdir: Path) -> str:
    """The twin's block: its commands run in ``workdir`` with their output."""
    lines: list[str] = []
    for command in twin_commands(worked):
        lines += run(command, workdir)
    return console(lines)


# --- the sentences that state the figures -----------------------------------------------------

WIDTH = 96  # the page's lines
_BLOCK_START = re.compile(r"^(?:[-+*#>]|\d+[.)])(?:\s|$)")


def wrap(text: str) -> str:
    """Markdown paragraphs (and "- " items) filled to the page's width; no line but an item's
    first starts as a list item or a heading would."""
    out = []
    for para in text.strip("\n").split("\n"):
        if not para:
            out.append("")
            continue
        item = para.startswith("- ")
        para = para.replace(" .. ", "\xa0..\xa0").replace(" ± ", "\xa0±\xa0")  # kept whole
        for width in range(WIDTH, WIDTH // 2, -1):
            lines = textwrap.wrap(
                para,
                width,
                subsequent_indent="  " if item else "",
                break_long_words=False,
                break_on_hyphens=False,
            )
            if not any(_BLOCK_START.match(line.lstrip()) for line in lines[1:]):
                break
        out += [line.replace("\xa0", " ") for line in lines]
    return "\n".join(out) + "\n"


def _n(x: float) -> str:
    """A whole number with thousands separators, as the page writes them."""
    return f"{round(x):,}"


@dataclass(frozen=True)
class Wins:
    """One side's wins at one design point, with their 95 % Wilson interval."""

    level: float  # the first factor's value
    wins: int
    games: int
    low: float
    high: float


def _wins(results: Results, side: str) -> list[Wins]:
    from hexwar.analysis.results import summarize, wilson_interval

    out = []
    factor = results.factors[0]
    for s in summarize(results):
        cats = {c.category: c for c in s.categories["winner"]}
        n = next(iter(cats.values())).n
        k = cats[side].count if side in cats else 0
        out.append(Wins(float(s.factors[factor]), k, n, *wilson_interval(k, n)))
    return out


def _overlap(a: Wins, b: Wins) -> bool:
    return a.low <= b.high and b.low <= a.high


def _plateau(wins: Sequence[Wins]) -> int:
    """The first design point from which all later points' intervals overlap one another."""
    for i in range(len(wins)):
        if all(_overlap(a, b) for a in wins[i:] for b in wins[i:]):
            return i
    return len(wins) - 1


def _list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def hastings_prose(results: Results) -> str:
    from hexwar.analysis.results import mean_interval

    wins = _wins(results, "attacker")
    harold = _defender_size()
    below = [w for w in wins if w.level < harold]
    above = [w for w in wins if w.level >= harold]
    text = (
        "With random deployments on the hill of Hastings the Norman attacker wins "
        + _list(
            [
                f"{w.wins} {f'of {w.games} battles ' if i == 0 else ''}at {_n(w.level)} men"
                for i, w in enumerate(below)
            ]
        )
        + f" (Harold has {_n(harold)}), and "
        + _list([f"{w.wins} at {_n(w.level)}" for w in above])
        + ". "
    )
    start = _plateau(wins)
    if start < len(wins) - 1:
        first, last = _n(wins[start].level), _n(wins[-1].level)
        text += (
            f"From {first} men on, more men make no difference the sweep can see: the 95 % "
            f"intervals of the attacker's share from {first} to {last} men overlap "
            f"({_list([f'{w.low:.2f} .. {w.high:.2f}' for w in wins[start:]])})."
        )
    else:
        text += "Every step of the sweep still raises the Normans' odds (no two intervals overlap)."
    hours = [float(r["summary.hours"]) for r in results.rows]
    limit = _battle_hours_limit()
    capped = sum(1 for h in hours if h >= limit)
    means = [
        mean_interval(results.values(rows, "summary.hours")).mean
        for rows in results.by_point().values()
    ]
    mean_all, median = math.fsum(hours) / len(hours), _median(hours)
    if max(means) - min(means) < 0.1 * mean_all:
        text += (
            f"\n\nThe battle's length hardly depends on the army's size (a mean of "
            f"{min(means):.0f} to {max(means):.0f} hours at every point)"
        )
    else:
        text += (
            f"\n\nThe battle's mean length goes from {means[0]:.0f} hours at "
            f"{_n(wins[0].level)} men to {means[-1]:.0f} at {_n(wins[-1].level)}"
        )
    text += (
        f", and {capped} of the {len(hours)} battles ({100 * capped / len(hours):.0f} %) run "
        f"to the flank battle's limit of {limit} hours"
    )
    if mean_all > 2 * median:
        text += (
            f", which puts the mean ({mean_all:.0f} hours over all) far above the median "
            f"({median:g} hours): a skewed response, whose means and intervals say little "
            "about a typical battle.\n"
        )
    else:
        text += f"; the mean of all is {mean_all:.0f} hours, the median {median:g}.\n"
    return text


def _median(xs: Sequence[float]) -> float:
    s = sorted(xs)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def _defender_size() -> float:
    """Harold's army in the example scenario (the design point's other army)."""
    import tomllib

    scenario = tomllib.loads(
        (ROOT / "examples" / "analysis" / "hastings-embedded.toml").read_text(encoding="utf-8")
    )
    return float(scenario["database"]["Military"][0]["size"])


def _battle_hours_limit() -> int:
    """The flank battle's time limit in hours (its parameters: max_days x hours_per_day)."""
    import hexwar.rulesets.flankbattle as flankbattle

    path = Path(flankbattle.__file__).parent / "data" / "parameters.json"
    battle = json.loads(path.read_text(encoding="utf-8"))["battle"]
    return int(battle["max_days"] * battle["hours_per_day"])


def _move(what: str, a: float, b: float, fmt: Callable[[float], str]) -> str:
    """``what`` rises, falls or stays, from ``a`` to ``b``."""
    if fmt(a) == fmt(b):
        return f"{what} stay at {fmt(a)}"
    return f"{what} {'rise' if b > a else 'fall'} from {fmt(a)} to {fmt(b)}"


def _sectors(x: float) -> str:
    return f"{x:.3g}"


def sector_prose(results: Results) -> str:
    from hexwar.analysis.results import MainEffect, analyze

    factor = results.factors[0]
    west, east, draw = (_wins(results, side) for side in ("west", "east", "draw"))
    at3 = next(i for i, w in enumerate(west) if w.level == 3)
    n = west[0].games
    effects = {e.factor + e.response: e for e in analyze(results) if isinstance(e, MainEffect)}
    ws = [m for _, m in effects[factor + "summary.sides.west.sectors"].levels]
    es = [m for _, m in effects[factor + "summary.sides.east.sectors"].levels]
    text = (
        f"At the seed's Strength 3 East wins {east[at3].wins} games, West {west[at3].wins}, and "
        f"{draw[at3].wins} of {n} are draws (at every level {min(w.wins for w in draw)} to "
        f"{max(w.wins for w in draw)} of {n} games end in a draw). From Strength 1 to 5 "
        + _move("West's wins", west[0].wins, west[-1].wins, str)
        + f" of {n}, "
        + _move("East's", east[0].wins, east[-1].wins, str)
        + "; "
        + _move("the sectors East holds", es[0], es[-1], _sectors)
        + ", "
    )
    if max(ws) - min(ws) < (max(es) - min(es)) / 2:
        text += (
            f"while West's own stay between {_sectors(min(ws))} and {_sectors(max(ws))}: "
            "stronger armor takes sectors from East more than it wins them for West.\n"
        )
    else:
        text += _move("and West's own", ws[0], ws[-1], _sectors) + ".\n"
    mid = west[at3]
    return text + (
        f"\n{n} games a level give wide intervals (a Wilson interval of {mid.low:.2f} .. "
        f"{mid.high:.2f} around West's {mid.wins} of {n} at Strength 3); with common random "
        f"numbers every level plays the same {n} seeds, which usually makes the "
        "*differences* between levels firmer than the intervals of each level suggest.\n"
    )


SINAI_RESPONSES = {
    "summary.sides.red.resources_at_end[2]": "The tanks Red has left",
    "summary.sides.blue.resources_at_end[2]": "The tanks Blue has left",
    "summary.sides.red.cells_owned": "The cells Red owns",
}


def sinai_prose(results: Results) -> str:
    from hexwar.analysis.results import SobolIndices, analyze, point_means

    found = [si for si in analyze(results) if isinstance(si, SobolIndices)]
    samples = results.experiment["design"]["samples"]
    lines = []
    for si in found:
        means = point_means(results, si.response)
        indices = list(zip(si.factors, si.st, si.st_conf, strict=True))
        totals = [f"`{f}` {t:.2f} ± {c:.2f}" for f, t, c in indices]
        clear = [f"`{f}`" for f, t, c in indices if t - c > 0]
        line = (
            f"- {SINAI_RESPONSES.get(si.response, f'`{si.response}`')} range from "
            f"{min(means):.4g} to {max(means):.4g} over the design points; their total indices "
            f"are {_list(totals)}. "
        )
        if not clear:
            line += f"None is clear of 0: {samples} base samples cannot tell which rate matters."
        elif len(clear) == len(indices):
            line += "Every one is clear of 0."
        else:
            line += f"Only {_list(clear)} {'is' if len(clear) == 1 else 'are'} clear of 0."
        s1, st = sum(si.s1), sum(si.st)
        line += f" The first-order indices add up to {s1:.2f}, the total ones to {st:.2f}" + (
            ": most of the variance is in interactions (or in the dice, which one game "
            "a point does not average out)."
            if st > 1.5 * s1
            else "."
        )
        lines.append(line)
    constant = [r for r in SINAI_RESPONSES if r not in {si.response for si in found}]
    tail = ""
    if constant:
        tail = (
            "\n"
            + _list([f"`{r}`" for r in constant])
            + " is the same at every point, so it has no variance to apportion and is left out.\n"
        )
    return "\n".join(lines) + "\n" + tail


WORKED: tuple[Worked, ...] = (
    Worked(
        key="hastings",
        experiment="examples/analysis/hastings-size.toml",
        twin="examples/analysis/hastings-size-twin.toml",
        out="runs/hastings",
        blocks=(
            ("run", ("sweep {exp} --out {out} --jobs {jobs} --plots",)),
            ("summary", ("sweep summarize {out}",)),
        ),
        twin_reads="summarize",
        skip="a sweep of {games} flank battles (minutes; make analysis-docs runs it)",
        images=(
            ("winner=attacker-vs-norman_size", "hastings-winner-attacker-vs-size"),
            ("winner-shares", "hastings-winner-shares"),
            ("summary.belligerents_0_.killed-distribution", "hastings-norman-killed-distribution"),
        ),
        prose=hastings_prose,
    ),
    Worked(
        key="sector",
        experiment="examples/analysis/sector-strength.toml",
        twin="examples/analysis/sector-strength-twin.toml",
        out="runs/sector",
        blocks=(("run", ("sweep {exp} --out {out} --jobs {jobs} --plots", "sweep analyze {out}")),),
        twin_reads="analyze",
        skip="a sweep of {games} Aggressor games (minutes; make analysis-docs runs it)",
        images=(
            ("winner=west-vs-west_armor_strength", "sector-west-wins-vs-armor-strength"),
            (
                "summary.sides.east.sectors-vs-west_armor_strength",
                "sector-east-sectors-vs-armor-strength",
            ),
            ("winner-shares", "sector-winner-shares"),
        ),
        prose=sector_prose,
    ),
    Worked(
        key="sinai",
        experiment="examples/analysis/sinai-kill-rates.toml",
        twin="examples/analysis/sinai-kill-rates-twin.toml",
        out="runs/sinai",
        blocks=(("run", ("sweep {exp} --out {out} --jobs {jobs} --plots", "sweep analyze {out}")),),
        twin_reads="analyze",
        skip="a Saltelli sweep of {games} IDAHEX games (minutes; make analysis-docs runs it)",
        images=(
            (
                "summary.sides.red.resources_at_end_2-vs-blue_kdef_tanks",
                "sinai-red-tanks-vs-blue-kdef",
            ),
            (
                "summary.sides.red.resources_at_end_2-vs-red_katk_tanks",
                "sinai-red-tanks-vs-red-katk",
            ),
        ),
        prose=sinai_prose,
    ),
)

# One game's plots (the page's "hexwar run --plots" section): (command, plot file, image name).
GAME_PLOTS: tuple[tuple[str, str, str], ...] = (
    (
        "hexwar run flankbattle/hastings --seed 3 --plots plots/hastings > hastings.log",
        "plots/hastings/men-by-the-hour.png",
        "hastings-men-by-the-hour",
    ),
    (
        "hexwar run idahex/sinai --seed 3 --max-steps 300 --plots plots/sinai > sinai.log",
        "plots/sinai/FEBA-of-each-engagement.png",
        "sinai-feba",
    ),
)


# --- the page ---------------------------------------------------------------------------------


def blocks_of(page: str) -> dict[str, str]:
    """The page's generated blocks by name (their text between the markers)."""
    found: dict[str, str] = {}
    for m in BLOCK.finditer(page):
        if m["name"] in found:
            raise PageError(f"{PAGE.name}: block {m['name']} appears twice")
        found[m["name"]] = m["body"]
    return found


def expected_names(*, twins_only: bool) -> set[str]:
    names = {f"{w.key}-twin" for w in WORKED}
    if not twins_only:
        for w in WORKED:
            names |= {f"{w.key}-{suffix}" for suffix, _ in w.blocks} | {f"{w.key}-prose"}
    return names


def replace_blocks(page: str, new: dict[str, str]) -> str:
    """``page`` with the named blocks' text replaced."""
    have = set(blocks_of(page))
    missing = set(new) - have
    if missing:
        raise PageError(f"{PAGE.name} has no block {', '.join(sorted(missing))}")
    unknown = have - expected_names(twins_only=False)
    if unknown:
        raise PageError(f"{PAGE.name}: no generator for block {', '.join(sorted(unknown))}")

    def sub(m: re.Match[str]) -> str:
        body = new.get(m["name"], m["body"])
        return f"<!-- analysis-docs:{m['name']} -->\n{body}<!-- /analysis-docs -->\n"

    return BLOCK.sub(sub, page)


def generate(*, twins_only: bool, jobs: int, images: bool) -> dict[str, str]:
    """Run the sweeps; the generated blocks by name (images written when ``images``)."""
    from hexwar.analysis.experiment import load_experiment
    from hexwar.analysis.results import read_results

    new: dict[str, str] = {}
    workdir = workspace()
    try:
        if images and not twins_only:
            for command, plot, name in GAME_PLOTS:
                run(command, workdir)
                _copy(workdir / plot, IMAGES / f"{name}.png")
        for w in WORKED:
            started = time.perf_counter()
            new[f"{w.key}-twin"] = twin_block(w, workdir)
            print(f"{w.key}: twin {w.twin} run ({time.perf_counter() - started:.1f} s)")
            if twins_only:
                continue
            started = time.perf_counter()
            skip = w.skip.format(games=load_experiment(ROOT / w.experiment).n_runs)
            for suffix, commands in w.blocks:
                lines: list[str] = []
                for command, shown in _commands(w, commands, jobs):
                    lines += run(command, workdir, shown=shown)
                new[f"{w.key}-{suffix}"] = console(lines, skip=skip)
            results = read_results(workdir / w.out)
            new[f"{w.key}-prose"] = wrap(w.prose(results))
            print(f"{w.key}: {w.experiment} run ({time.perf_counter() - started:.1f} s)")
            if images:
                for stem, name in w.images:
                    _copy(workdir / w.out / "plots" / f"{stem}.png", IMAGES / f"{name}.png")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return new


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    print(f"wrote {target.relative_to(ROOT)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--twins-only", action="store_true", help="regenerate the twins' blocks alone (seconds)"
    )
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if the page would change"
    )
    parser.add_argument(
        "--jobs", type=int, default=SHOWN_JOBS, help="workers for the full-size sweeps"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    page = PAGE.read_text(encoding="utf-8")
    try:
        missing = expected_names(twins_only=args.twins_only) - set(blocks_of(page))
        if missing:
            raise PageError(f"{PAGE.name} has no block {', '.join(sorted(missing))}")
        new = generate(twins_only=args.twins_only, jobs=args.jobs, images=not args.check)
        text = replace_blocks(page, new)
    except PageError as e:
        print(f"analysis_docs: {e}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - started
    rel = PAGE.relative_to(ROOT)
    if args.check:
        if text != page:
            sys.stdout.writelines(
                difflib.unified_diff(
                    page.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    f"{rel} (the page)",
                    f"{rel} (today's code)",
                )
            )
            print(f"{rel} differs from today's code: run make analysis-docs ({elapsed:.0f} s)")
            return 1
        print(f"{rel} matches today's code ({elapsed:.0f} s)")
        return 0
    changed = sorted(n for n in new if blocks_of(page)[n] != new[n])
    PAGE.write_text(text, encoding="utf-8")
    print(
        f"wrote {rel}: blocks {', '.join(sorted(new))}"
        f" ({len(changed)} changed{': ' + ', '.join(changed) if changed else ''};"
        f" {elapsed:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
