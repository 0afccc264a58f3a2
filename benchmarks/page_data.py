"""A seat's page data (``GET /view``'s work) against its view alone, for every ruleset's map.

For each scenario given, a hub of this process (:class:`hexwar.web.hub.Hub`) plays a game of
humans with random legal orders (each side's own, from its view; seed 1); after each
decision, each seat's event stream is sent its state (with the text view, as the page's
streams are), then each seat's page data is made as ``GET /view`` makes it, and beside it,
on the same request thread, the seat's ``game.view`` + ``to_json`` written to bytes, and the
ruleset's ``describe_board`` of that view alone: CPU time (``time.thread_time``), medians over
the seats and decisions. The ratio page/view is what ``web_load.py`` gives for Aggressor, and
the ``describe_board`` column says how much of the page is the ruleset's own description.

``--profile N`` runs the page data's builds (and only them: not the game's orders, not the
streams' news, not the views beside them) under :mod:`cProfile` and prints, for each scenario,
the N functions with the most time of their own and the N with the most time under them: where
a page's CPU goes (the profiler's own cost inflates the figures, evenly per call).

Run from the repository root:

    .venv/bin/python benchmarks/page_data.py [SCENARIO,...] [--decisions N] [--profile N]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from typing import Any

import orjson
from _args import positive_int
from _hub import LocalHub

from hexwar.sessions import resolve_scenario

SCENARIOS = (
    "aggressor/sector,airwar/small-three-cities,tactical/meeting1941,idahex/duel,idahex/sinai"
)


def measure(
    scenario: str, decisions: int, profile: cProfile.Profile | None = None
) -> dict[str, Any]:
    """The medians of one scenario's game (see the module's docstring); with ``profile``,
    the page data's builds run under it."""
    local = LocalHub()
    hub, run = local.hub, local.run
    ruleset = resolve_scenario(scenario).ruleset
    sides = ruleset.info.sides
    page: list[float] = []
    view: list[float] = []
    described: list[float] = []
    try:
        for gid, tokens in local.random_game(scenario, decisions):
            for side in sides:  # the streams' news: each seat's state, with its text view
                seat = hub.seats.lookup(tokens[side])
                run(hub.call(hub.news, gid, seat, side, 1 << 62))
            for side in sides:

                def one(
                    side: str = side, gid: str = gid, tokens: dict[str, str] = tokens
                ) -> tuple[float, float, float]:
                    clock = time.thread_time
                    start = clock()
                    if profile is not None:
                        profile.runcall(hub.seat_view, tokens[side], gid, None)
                    else:
                        hub.seat_view(tokens[side], gid, None)
                    made_page = clock()
                    made = hub._live[gid].session.game.view(side)
                    orjson.dumps(made.to_json(), option=orjson.OPT_NON_STR_KEYS)
                    made_view = clock()
                    ruleset.describe_board(made)
                    return made_page - start, made_view - made_page, clock() - made_view

                p, v, d = run(hub.call(one))
                page.append(p)
                view.append(v)
                described.append(d)
    finally:
        local.close()
    return {
        "scenario": scenario,
        "pages": len(page),
        "page_ms": statistics.median(page) * 1000,
        "view_ms": statistics.median(view) * 1000,
        "describe_board_ms": statistics.median(described) * 1000,
        "ratio": statistics.median(page) / statistics.median(view),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "scenarios", nargs="?", default=SCENARIOS, help=f"comma-separated ({SCENARIOS})"
    )
    parser.add_argument(
        "--decisions", type=int, default=30, help="decisions played in each game (30)"
    )
    parser.add_argument(
        "--profile",
        type=positive_int,
        metavar="N",
        help="profile the page data's builds: the N functions with the most time of their own "
        "and under them",
    )
    args = parser.parse_args()
    for scenario in args.scenarios.split(","):
        profile = cProfile.Profile() if args.profile else None
        r = measure(scenario, args.decisions, profile)
        print(
            f"{r['scenario']:26s} {r['pages']:3d} pages: page data {r['page_ms']:7.3f} ms, "
            f"view+to_json {r['view_ms']:6.3f} ms: {r['ratio']:6.2f}x; "
            f"describe_board alone {r['describe_board_ms']:7.3f} ms"
        )
        if profile is not None:
            stats = pstats.Stats(profile)
            for order in ("tottime", "cumulative"):
                stats.sort_stats(order).print_stats(args.profile)


if __name__ == "__main__":
    main()
