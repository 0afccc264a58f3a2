"""IDAHEX at scale: 1,000 units on 10,000 cells that march, fight and strike for 10 cycles.

The design is the Sinai sample (its unit types, resources, delays, supplies, combat and air
data) on a generated area of war of 10,000 clear cells in ranks of 100 joined by roads. Red's
500 units stand in every fourth cell of the first half of the area, each with a Blue unit in
the cell just below it (owned by Blue). At the first period half of the Red units attack the
Blue cell below them (engagements assessed every frame, §5), and the other half and every
Blue unit without an attacker receive a mission marching them back and forth between their
cell and the next one (§3). At each cycle start Red flies close air support of up to 100
engagements and Blue interdicts up to 100 Red attackers (§6). The game lasts 10 cycles (20
periods, 40 frames).

The figure of merit is events per second (breaks and changes of status, §2.3) and its ratio
to a bare ``heapq`` loop pushing and popping the same number of (time, priority, seq, item)
events in the same run: the share of the engine's time that is the event queue itself.
Run from the repository root: ``.venv/bin/python benchmarks/idahex_scale.py [--units N]
[--cycles N]`` (``--help`` for the options).
"""

from __future__ import annotations

import argparse
import heapq
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hexwar.rulesets.idahex.design import BasicEnv, CellOwner, CellRoutes, File50, Unit, load_sinai
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.orders import parse_commands
from hexwar.rulesets.idahex.ruleset import IdahexRuleset
from hexwar.rulesets.idahex.scenario import IdahexScenario

NCELLS = 10_000
NRANK1 = 100
UNITS_PER_SIDE = 500
MAX_UNITS_PER_SIDE = 2000  # a Red unit in every fourth cell of the first half, at most
CYCLES = 10
MAX_CYCLES = 100
LEGS_PER_CYCLE = 40  # orders per mission: more than a unit can march in those cycles


def generated_design(
    units_per_side: int = UNITS_PER_SIDE, cycles: int = CYCLES
) -> tuple[File50, IdahexScenario]:
    f50, f60 = load_sinai()
    red = next(u for u in f50.units if u.butype == 1)
    blue = next(u for u in f50.units if u.butype == 6)
    env = tuple(BasicEnv(cell=c, basic_env=2) for c in range(1, NCELLS + 1))
    routes = tuple(
        CellRoutes(cell=c, basic_rtetype=(2, 2, 2), basic_bartype=(0, 0, 0))
        for c in range(1, NCELLS + 1)
    )
    grid_probe = f50.model_copy(
        update={"ncells": NCELLS, "nrank1": NRANK1, "basic_env": env, "basic_routes": routes}
    ).grid()
    # Cells with a successor below them (k = 1), Red from the top, Blue from the bottom.
    movable = [
        c
        for c in range(1, NCELLS + 1)
        if grid_probe.successor(c, 1) > 0
        and grid_probe.successor(grid_probe.successor(c, 1), 1) > 0
    ]
    red_cells = movable[: 4 * units_per_side : 4]
    blue_cells = [grid_probe.successor(c, 1) for c in red_cells]
    units = [
        red.model_copy(
            update={
                "number": i + 1,
                "buloc": c,
                "tentry": 0.0,
            }
        )
        for i, c in enumerate(red_cells)
    ] + [
        blue.model_copy(
            update={
                "number": units_per_side + i + 1,
                "buloc": c,
                "tentry": 0.0,
            }
        )
        for i, c in enumerate(blue_cells)
    ]
    design = f50.model_copy(
        update={
            "ncells": NCELLS,
            "nrank1": NRANK1,
            "basic_env": env,
            "basic_routes": routes,
            "units": tuple(Unit.model_validate(u.model_dump()) for u in units),
            "iblul": units_per_side + 1,
            "border": NCELLS,
            "side": 1,
            "owner": tuple(CellOwner(cell=c, owner=2) for c in blue_cells),
            "tend": f50.tinit + cycles * f50.tcycle,
            "iprint": 1,
            # No consumption outside combat, so that no task force runs out of supplies
            # and stops (§7); consumption is still assessed every frame.
            "ssvncr": tuple(tuple(0.0 for _ in row) for row in f50.ssvncr),
            "ssvncb": tuple(tuple(0.0 for _ in row) for row in f50.ssvncb),
        }
    )
    scenario = IdahexScenario(
        ruleset="idahex", title="scale benchmark", design=design, maps=f60.model_copy()
    )
    return design, scenario


def missions(game: IdahexGame, side: int, legs: int) -> str:
    """Red's even units attack the Blue cell below them; every other unit marches."""
    grid = game.rules.grid
    out = []
    for k, u in enumerate(u for u in game.engine.units.values() if u.side == side):
        a, b = u.location, grid.successor(u.location, 1)
        if side == 1 and k % 2 == 0:
            out.append(f"mission {b},10 units {u.number}")
            continue
        orders = " ".join(f"{b if j % 2 == 0 else a},10" for j in range(legs))
        out.append(f"mission {orders} units {u.number}")
    return "; ".join(out)


def strikes(game: IdahexGame, side: int) -> str:
    """At a cycle start: Red's close air support of up to 100 engagements, Blue's
    interdiction of up to 100 Red units in attack postures (§6)."""
    d = game.rules.design
    cycles = (game.engine.t - d.tinit) / d.tcycle
    if abs(cycles - round(cycles)) > 1e-9:
        return ""
    aircraft = ",".join(["2"] * game.rules.design.nactyp[side - 1])
    if side == 1:
        cells = sorted(game.engine.engagements)[:100]
        return "; ".join(f"cas {c} aircraft {aircraft}" for c in cells)
    cells = sorted({u.location for u in game.engine.units.values() if u.side == 1 and u.pc == 4})
    return "; ".join(f"interdiction {c} priority 4,1,2,3 aircraft {aircraft}" for c in cells[:100])


def play(scenario: IdahexScenario, cycles: int) -> tuple[IdahexGame, float]:
    game = IdahexRuleset().new_game(scenario, seed=1, scenario_id="bench/scale")
    assert isinstance(game, IdahexGame)
    start = time.perf_counter()
    # Parsed here: the first orders are far longer than a text order may be (core.orders).
    for side, s in (("red", 1), ("blue", 2)):
        legs = LEGS_PER_CYCLE * cycles
        text = "; ".join(x for x in (missions(game, s, legs), strikes(game, s)) if x)
        game.submit(side, parse_commands(text))
    while game.outcome() is None:
        game.submit("red", strikes(game, 1))
        game.submit("blue", strikes(game, 2))
    return game, time.perf_counter() - start


def bare_heapq(n: int, cycles: int) -> float:
    rng = random.Random(1)
    times = [rng.random() * cycles for _ in range(n)]
    start = time.perf_counter()
    heap: list[tuple[float, int, int, int]] = []
    for seq, t in enumerate(times):
        heapq.heappush(heap, (t, 4, seq, seq % 1000))
    while heap:
        heapq.heappop(heap)
    return time.perf_counter() - start


def _within(low: int, high: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not in {low}..{high}")
        return value

    return read


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0]
        + " (by default). Prints the engine's events per second and its ratio to a bare heapq loop "
        "pushing and popping as many events in the same run."
    )
    parser.add_argument(
        "--units",
        type=_within(1, MAX_UNITS_PER_SIDE),
        default=UNITS_PER_SIDE,
        metavar="N",
        help=f"units per side (1..{MAX_UNITS_PER_SIDE}; default {UNITS_PER_SIDE})",
    )
    parser.add_argument(
        "--cycles",
        type=_within(1, MAX_CYCLES),
        default=CYCLES,
        metavar="N",
        help=f"cycles the game lasts (1..{MAX_CYCLES}; default {CYCLES})",
    )
    args = parser.parse_args(argv)
    _, scenario = generated_design(args.units, args.cycles)
    game, elapsed = play(scenario, args.cycles)
    events = game.engine.event_count
    baseline = bare_heapq(events, args.cycles)
    rate, bare_rate = events / elapsed, events / baseline
    print(f"{len(game.engine.units)} units on {NCELLS} cells, {args.cycles} cycles")
    kinds = [e.kind for e in game.events(None)]
    print(f"events: {events} in {elapsed:.2f} s ({game.step} decisions)")
    frames, air = kinds.count("combat") // 2, kinds.count("air")
    print(f"engagement frames assessed: {frames}, air strikes: {air}")
    print(f"engine          : {rate:12,.0f} events/s")
    print(f"bare heapq loop : {bare_rate:12,.0f} events/s (baseline, same run)")
    print(f"ratio engine/heapq: {rate / bare_rate:.4f}")


if __name__ == "__main__":
    main()
