"""What the web reads of a game's past on each request (``GET /log.txt``, ``GET /replay``), as
the hub makes it, against the same answers read from scratch.

For each scenario given, a hub of this process (:class:`hexwar.web.hub.Hub`) plays a game of
humans with random legal orders (each side's own, from its view; seed 1); after each
decision, each side's seat and the umpire ask for their log's text and their replay
(``hub.log_text``, ``hub.frames``: made on from the last request's answer with the events
logged since, the replay's game replayed on from where it stopped), and beside them, on the
same request thread, the same answers from scratch: the seat's whole log read and rendered,
and the game replayed from its record (what every request did before). CPU time
(``time.thread_time``), medians over the seats and decisions, and the ratio kept/scratch.

Run from the repository root:

    .venv/bin/python benchmarks/web_reads.py [SCENARIO,...] [--decisions N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from _args import positive_int
from _hub import LocalHub

from hexwar.core import registry
from hexwar.core.events import render_text
from hexwar.sessions import resolve_scenario

SCENARIOS = "idahex/sinai,aggressor/sector"


def scratch_frames(game: Any, side: str | None) -> dict[str, Any]:
    """The replay page's data read from scratch: the game replayed from its record, the log's
    length noted after each order, the events ``side`` saw read from the whole log."""
    from hexwar.web.hub import _notation, _public

    record = game.record()
    replay = registry.replay(record, upto=0)
    frames: list[dict[str, Any]] = [
        {"n": 0, "step": 0, "side": None, "order": None, "text": None, "log": len(replay.log)}
    ]
    for submitted in record.orders:
        replay.submit(submitted.side, submitted.order)
        own = side is None or submitted.side == side
        frames.append(
            {
                "n": submitted.seq + 1,
                "step": submitted.step,
                "side": submitted.side,
                "order": submitted.order if own else None,
                "text": (
                    _notation(replay, submitted.side, submitted.order)
                    if own
                    else _public(submitted.side, submitted.order)
                ),
                "log": len(replay.log),
            }
        )
    return {
        "frames": frames,
        "events": [e.to_json() for e in game.events(side)],
        "finished": game.outcome() is not None,
    }


def measure(scenario: str, decisions: int) -> dict[str, Any]:
    """The medians of one scenario's game (see the module's docstring)."""
    local = LocalHub()
    hub, run = local.hub, local.run
    sides = resolve_scenario(scenario).ruleset.info.sides
    times: dict[str, list[float]] = {
        "log": [],
        "log_scratch": [],
        "replay": [],
        "replay_scratch": [],
    }
    try:
        for gid, _tokens in local.random_game(scenario, decisions):
            for seat in (*sides, None):

                def one(
                    side: str | None = seat, gid: str = gid
                ) -> tuple[float, float, float, float]:
                    clock = time.thread_time
                    live = hub._live[gid]
                    t0 = clock()
                    text = hub.log_text(gid, side)
                    t1 = clock()
                    scratch = render_text(live.session.game.events(side))
                    t2 = clock()
                    frames = hub.frames(gid, side)
                    t3 = clock()
                    again = scratch_frames(live.session.game, side)
                    t4 = clock()
                    if text != scratch or frames != again:
                        raise AssertionError(f"{scenario}: {side}'s answers differ")
                    return t1 - t0, t2 - t1, t3 - t2, t4 - t3

                for name, t in zip(times, run(hub.call(one)), strict=True):
                    times[name].append(t)
    finally:
        local.close()
    out: dict[str, Any] = {"scenario": scenario, "asked": len(times["log"])}
    out |= {name: statistics.median(t) * 1000 for name, t in times.items()}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "scenarios", nargs="?", default=SCENARIOS, help=f"comma-separated ({SCENARIOS})"
    )
    parser.add_argument(
        "--decisions",
        type=positive_int,
        default=40,
        help="decisions played in each game (40)",
    )
    args = parser.parse_args()
    for scenario in args.scenarios.split(","):
        r = measure(scenario, args.decisions)
        print(
            f"{r['scenario']:24s} {r['asked']:3d} asked: log.txt {r['log']:.3f} ms against "
            f"{r['log_scratch']:.3f} ms from scratch ({r['log'] / r['log_scratch']:.3f}x); "
            f"replay {r['replay']:.3f} ms against {r['replay_scratch']:.3f} ms "
            f"({r['replay'] / r['replay_scratch']:.4f}x)"
        )


if __name__ == "__main__":
    main()
