"""The IDAHEX computer commander against the legacy one, on the whole Sinai game.

For each of ``--seeds`` seeds (1..N) four games run from ``tinit`` to ``tend``:

* ``ai`` (Red) against ``legacy`` (Blue) and ``legacy`` (Red) against ``ai`` (Blue): the new
  commander on each side against the old one;
* ``legacy`` against ``legacy``: the baseline each side is compared with (the legacy agent
  draws nothing from its stream, so this game is the same for every seed and runs once);
* ``ai`` against ``ai``: how long the fighting lasts between two new commanders.

The model draws no random numbers; the seeds reach the games through the agents' streams
(the new commander draws its attack threshold each period), so each seed is another game.
For each side and pairing the table gives the means over the seeds of: the active cells it
holds at the end, its units destroyed, the enemy units it destroyed, the share of its
standard value (§5.3 ``rsvald`` times its resources, destroyed units counting 0) lost, the day
of the last engagement frame, and the orders it gave to inactive cells. A markdown table is
printed (it is the one in docs/idahex.md, "The computer opponent").

Run from the repository root: ``.venv/bin/python benchmarks/idahex_ai.py [--seeds N]
[--jobs J]`` (two jobs and 20 seeds take some minutes).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.postures import DESTROYED
from hexwar.sessions import Session, resolve_scenario

SIDES = ("red", "blue")


def play(red: str, blue: str, seed: int) -> dict[str, Any]:
    """One whole Sinai game; per side, the figures of the table."""
    resolved = resolve_scenario("idahex/sinai")
    session = Session.start(resolved, seed=seed, agents={"red": red, "blue": blue})
    session.run()
    game = session.game
    assert isinstance(game, IdahexGame)
    e = game.engine
    grid = game.rules.grid
    frames = [ev.time for ev in game.events(None) if ev.kind == "combat"]
    start = {u.number: np.asarray(u.resources, dtype=float) for u in game.rules.design.units}
    out: dict[str, Any] = {"last_combat": max(frames, default=0.0), "sides": {}}
    for s, side in enumerate(SIDES, start=1):
        _, rsvald = game.combat.standard_values(s)
        units = [u for u in e.units.values() if u.side == s]
        before = sum(float((start[u.number] * rsvald).sum()) for u in units)
        after = sum(float((u.resources * rsvald).sum()) for u in units if u.posture != DESTROYED)
        inactive_orders = 0
        for o in game.orders:
            if o.side != side or not isinstance(o.order, dict):
                continue
            commands = o.order.get("commands")
            for c in commands if isinstance(commands, list) else []:
                mission = c.get("mission") if isinstance(c, dict) else None
                legs = mission.get("orders") if isinstance(mission, dict) else None
                if isinstance(legs, list) and any(
                    isinstance(x, list) and not grid.is_active(int(str(x[0]))) for x in legs
                ):
                    inactive_orders += 1
        out["sides"][side] = {
            "cells": sum(1 for c, o in e.owner.items() if o == s and grid.is_active(c)),
            "lost": sum(1 for u in units if u.posture == DESTROYED),
            "value_lost": 1.0 - after / before if before else 0.0,
            "inactive_orders": inactive_orders,
        }
    for side, other in (("red", "blue"), ("blue", "red")):
        out["sides"][side]["killed"] = out["sides"][other]["lost"]
    return out


def _job(args: tuple[str, str, int]) -> tuple[tuple[str, str, int], dict[str, Any]]:
    return args, play(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds 1..N per pairing")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    args = parser.parse_args()
    seeds = range(1, args.seeds + 1)
    pairings = [("ai", "legacy"), ("legacy", "ai"), ("ai", "ai")]
    # Seed by seed, so that the progress lines cover every pairing early.
    jobs = [("legacy", "legacy", 1)] + [(r, b, k) for k in seeds for r, b in pairings]
    results: dict[tuple[str, str, int], dict[str, Any]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for key, result in pool.map(_job, jobs):
            results[key] = result
            print(f"{key}: {result}", file=sys.stderr, flush=True)  # progress, one per game
    print(f"Sinai, tinit to tend, seeds 1-{args.seeds}: means over the seeds\n")
    print(
        "| side | its agent | enemy agent | cells held | units lost | enemy units destroyed "
        "| value lost | last engagement (day) | orders to inactive cells |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for side in SIDES:
        rows = [("legacy", "legacy"), ("ai", "legacy"), ("ai", "ai")]
        for mine, theirs in rows:
            red, blue = (mine, theirs) if side == "red" else (theirs, mine)
            games = [
                results[(red, blue, k)] for k in (seeds if red != blue or red == "ai" else [1])
            ]
            sides = [g["sides"][side] for g in games]

            def mean(key: str, sides: list[dict[str, Any]] = sides) -> float:
                return statistics.fmean(x[key] for x in sides)

            last = statistics.median(g["last_combat"] for g in games)
            print(
                f"| {side} | {mine} | {theirs} | {mean('cells'):.1f} | {mean('lost'):.1f} "
                f"| {mean('killed'):.1f} | {100 * mean('value_lost'):.0f} % | {last:.0f} "
                f"| {sum(x['inactive_orders'] for x in sides)} |"
            )
    past = sum(1 for k in seeds if results[("ai", "ai", k)]["last_combat"] > 10)
    print(f"\nai against ai: fighting past day 10 in {past} of {args.seeds} seeds")


if __name__ == "__main__":
    main()
