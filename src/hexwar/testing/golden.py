"""Golden transcripts: what ``hexwar run SCENARIO --seed N`` prints for the reference games,
kept under ``tests/golden/`` (its ``games.toml`` lists them) and compared by the test suite.

A change that alters a reference game on purpose regenerates them::

    make golden                    # python -m hexwar.testing.golden
    python -m hexwar.testing.golden --check   # exit 1 and name the files that differ
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

from hexwar.agents import agent_names
from hexwar.sessions import Session, resolve_scenario, transcript

DIRECTORY = Path("tests/golden")
MANIFEST = "games.toml"  # in the directory: the reference games, [[game]] scenario and seed


def games(directory: Path = DIRECTORY) -> list[tuple[str, int]]:
    """The reference games the directory's manifest lists: (scenario, seed), each played by
    the ruleset's default agents."""
    with (directory / MANIFEST).open("rb") as f:
        listed = tomllib.load(f).get("game", [])
    return [(str(g["scenario"]), int(g["seed"])) for g in listed]


def file_name(scenario: str, seed: int) -> str:
    return f"{scenario.replace('/', '-')}-seed{seed}.txt"


def play(scenario: str, seed: int) -> str:
    """The transcript of ``hexwar run scenario --seed seed`` (default agents on every side)."""
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    agents = {side: agent_names(ruleset)[0] for side in ruleset.info.sides}
    session = Session.start(resolved, seed=seed, agents=agents)
    session.run()
    return transcript(session.game)


def first_difference(expected: str, actual: str) -> str:
    """Where two transcripts part: the first differing line of each, numbered."""
    a, b = expected.splitlines(), actual.splitlines()
    for n, (x, y) in enumerate(zip(a, b, strict=False), start=1):
        if x != y:
            return f"line {n}:\n  golden: {x}\n  now:    {y}"
    return f"lengths differ: golden {len(a)} lines, now {len(b)} lines"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hexwar.testing.golden",
        description="Regenerate (or --check) the golden transcripts of the reference games.",
    )
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 on change")
    parser.add_argument(
        "--dir", type=Path, default=DIRECTORY, help=f"where they live (default {DIRECTORY})"
    )
    args = parser.parse_args(argv)
    if not args.dir.is_dir():
        parser.error(f"--dir {args.dir}: no such directory (run from the project root)")
    changed = 0
    for scenario, seed in games(args.dir):
        path = args.dir / file_name(scenario, seed)
        print(f"{scenario} seed {seed} ...", file=sys.stderr, flush=True)
        text = play(scenario, seed)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            print(f"  {path}: unchanged", file=sys.stderr)
            continue
        changed += 1
        if args.check:
            detail = first_difference(old, text) if old is not None else "missing"
            print(f"  {path}: differs; {detail}", file=sys.stderr)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"  {path}: written", file=sys.stderr)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
