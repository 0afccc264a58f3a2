"""IDAHEX at theater scale: armies that march and fight for the whole game, 100 to 10,000 units.

The design is the Sinai sample's (its unit types, resources, delays, supplies, combat and air
data) on a generated area of war of clear cells in ranks of 100 joined by roads, as many
ranks as the units need (10,000 cells for 10,000 units). The ranks go in blocks of four:

* a front: a Red rank above a Blue rank; every Red unit attacks the Blue unit in the cell
  below it (§3.3.2) at the first period, so a quarter of the units are attackers and a
  quarter defenders, in one engagement per pair assessed every frame (§5);
* a rear: a Red rank above a Blue rank whose units march to the next cell of their rank and
  back, order after order, for the whole game (§3, §4.1).

So that the armies fight for the whole run, two things of the theater are given by the
harness: every unit is topped up to its table of equipment at each period start (the
reinforcement and resupply a designer's deliveries would bring, §4.2; done outside the timed
engine) and the FEBA holds still (the ``vfeba`` curves are 0: no defender is defeated, §5.3),
so every engagement opened at the first period is still assessed at the last frame. Red
flies close air support over up to a fifth of the engagements and Blue interdicts as many Red
attackers at each cycle start (§6). Consumption outside combat is 0 (``ssvncr``, ``ssvncb``)
so that no marching task force stops for want of supplies (§7).

The figures are CPU seconds (``time.process_time``), best of ``--repeat`` runs, each size in a
process of its own:

* the engine: the time in ``submit`` (the orders, then the events to the next period start),
  in runs without the per-phase timers (a timer reads the clock twice an event, ~2 us, a
  sixth of a marching event's cost);
* per phase, as shares of one more run with the timers: marching (task forces' changes of
  status), assessment (§5's participants and §5.4 functions), attrition (§5.1-5.2:
  ``assess_frame``, and a frame's fire and weapon values where they are found for all its
  engagements at once), supplies (§7's step each frame), air (the strikes, §6), commands
  (the orders read and checked) and the rest (the queue and the breaks);
* the engagement assessments in each cycle (so that the fighting is seen to go on);
* a bare ``heapq`` event loop doing as many events (pop the next event, push the task
  force's next one at a random delay, a heap as large as the units) in the same process;
  the ratio engine/heapq is the heap's time over the engine's (1 would be an engine that
  costs no more than its queue);
* the floor: the least a CPython engine that takes its events one at a time does for each of
  the same events -- pop it, read the task force's next status, set it on the unit, look up
  the delay, write the status note as the game's log keeps it, push the next -- with every
  rule's work and all combat left out (an engine could not cost less); and what the ratio
  would be with marching at that floor and the rest of the engine as measured (a ceiling for
  work on marching alone);
* the peak resident memory the game adds, per unit (in the first run, before the heapq
  loop and the floor, whose lists of notes would otherwise be the peak);
* the growth exponent: the least-squares slope of log CPU over log units from 1,000 units
  up (``time ~ units ** exponent``).

Run from the repository root: ``.venv/bin/python benchmarks/idahex_scale.py`` (all sizes,
best of 3: a long run) or ``--sizes 100,300 --repeat 1`` for a quick one.
"""

from __future__ import annotations

import argparse
import heapq
import json
import math
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from _args import positive_int  # noqa: E402

from hexwar.rulesets.idahex import combat as combat_module  # noqa: E402
from hexwar.rulesets.idahex import strikes as strikes_module  # noqa: E402
from hexwar.rulesets.idahex.design import (  # noqa: E402
    BasicEnv,
    CellOwner,
    CellRoutes,
    Unit,
    load_sinai,
)
from hexwar.rulesets.idahex.design.model import VfebaEntry  # noqa: E402
from hexwar.rulesets.idahex.game import IdahexGame  # noqa: E402
from hexwar.rulesets.idahex.orders import parse_commands  # noqa: E402
from hexwar.rulesets.idahex.ruleset import IdahexRuleset  # noqa: E402
from hexwar.rulesets.idahex.scenario import IdahexScenario  # noqa: E402

SIZES = (100, 300, 1_000, 3_000, 10_000)
RANK = 100  # cells in a rank
MAX_UNITS = 10_000
CYCLES = 10
LEGS_PER_CYCLE = 40  # orders per marching mission: more than a unit can march in a cycle
PHASES = ("marching", "assessment", "attrition", "supplies", "air", "commands", "rest")
FIT_FROM = 1_000


def _ranks(count: int) -> list[range]:
    """The cells of the first ``count`` ranks: ``RANK`` cells, then one fewer, alternately
    (seed 000 §2.1, the ranks numbered from the left, their cells from the top)."""
    out, start = [], 1
    for k in range(count):
        size = RANK if k % 2 == 0 else RANK - 1
        out.append(range(start, start + size))
        start += size
    return out


def layout(units: int) -> tuple[int, list[Place], set[int]]:
    """The number of cells, each pair's places and the cells Blue owns.

    The ranks go in groups of four: in the first, Red's front units, each attacking the
    Blue unit in the cell to its lower right (second rank); in the third, Blue's rear units
    and in the fourth Red's, each marching to the next cell of its rank (the one before at
    the rank's end) and back. Front and rear pairs alternate as the units grow."""
    pairs = units // 2
    groups = 1
    while True:
        ranks = _ranks(4 * groups)
        ncells = ranks[-1].stop - 1
        probe = _grid(ncells)
        fronts: list[Place] = []
        rears: list[Place] = []
        for g in range(groups):
            red_front, blue_front, blue_rear, red_rear = ranks[4 * g : 4 * g + 4]
            for c in red_front:
                b = probe.successor(c, 3) if probe.is_active(c) else -1
                if b > 0 and b in blue_front:
                    fronts.append(Place(c, b, "front", b, b))
            reds = [c for c in red_rear if probe.is_active(c)]
            blues = [c for c in blue_rear if probe.is_active(c)]
            for r, b in zip(reds, blues, strict=False):
                rears.append(Place(r, b, "rear", _beside(probe, r), _beside(probe, b)))
        if len(fronts) >= (pairs + 1) // 2 and len(rears) >= pairs // 2:
            break
        groups += 1
    places = [(fronts if k % 2 == 0 else rears)[k // 2] for k in range(pairs)]
    blue = {c for g in range(groups) for k in (1, 2) for c in ranks[4 * g + k]}
    return ncells, places, blue


class Place(NamedTuple):
    """A pair's cells: Red's, Blue's, its role and where each unit goes."""

    red: int
    blue: int
    role: str  # "front" or "rear"
    red_to: int
    blue_to: int


def _grid(ncells: int) -> Any:
    f50, _ = load_sinai()
    env = tuple(BasicEnv(cell=c, basic_env=2) for c in range(1, ncells + 1))
    return f50.model_copy(update={"ncells": ncells, "nrank1": RANK, "basic_env": env}).grid()


def _beside(grid: Any, cell: int) -> int:
    """The next cell of the rank, or the one before at the rank's end."""
    below = grid.successor(cell, 1)
    return below if below > 0 else cell - 1


def generated_design(units: int, cycles: int) -> tuple[IdahexScenario, list[Place]]:
    """The scenario and each pair's places."""
    f50, f60 = load_sinai()
    ncells, places, blue_cells = layout(units)
    red = next(u for u in f50.units if u.butype == 1)
    blue = next(u for u in f50.units if u.butype == 6)
    env = tuple(BasicEnv(cell=c, basic_env=2) for c in range(1, ncells + 1))
    routes = tuple(
        CellRoutes(cell=c, basic_rtetype=(2, 2, 2), basic_bartype=(0, 0, 0))
        for c in range(1, ncells + 1)
    )
    n = len(places)
    unit_rows = [
        red.model_copy(
            update={"number": i + 1, "buloc": p.red, "tentry": 0.0, "resources": _varied(red, i)}
        )
        for i, p in enumerate(places)
    ] + [
        blue.model_copy(
            update={
                "number": n + i + 1,
                "buloc": p.blue,
                "tentry": 0.0,
                "resources": _varied(blue, i),
            }
        )
        for i, p in enumerate(places)
    ]
    still = tuple(
        tuple(
            VfebaEntry(attacker=e.attacker, defender=e.defender, f0=0.0, f=(0.0,) * 7) for e in side
        )
        for side in f50.vfeba
    )
    design = f50.model_copy(
        update={
            "ncells": ncells,
            "nrank1": RANK,
            "basic_env": env,
            "basic_routes": routes,
            "units": tuple(Unit.model_validate(u.model_dump()) for u in unit_rows),
            "iblul": n + 1,
            "border": ncells,
            "side": 1,
            "owner": tuple(CellOwner(cell=c, owner=2) for c in sorted(blue_cells)),
            "tend": f50.tinit + cycles * f50.tcycle,
            "iprint": 1,
            "vfeba": still,
            "ssvncr": tuple(tuple(0.0 for _ in row) for row in f50.ssvncr),
            "ssvncb": tuple(tuple(0.0 for _ in row) for row in f50.ssvncb),
        }
    )
    scenario = IdahexScenario(
        ruleset="idahex", title="scale benchmark", design=design, maps=f60.model_copy()
    )
    return scenario, places


def _varied(unit: Unit, i: int) -> tuple[float, ...]:
    """The unit's holdings times 0.8..1.2 (the golden ratio's multiples): no two forces of
    the benchmark alike, so that no engagement's figures are another's."""
    f = 0.8 + 0.4 * (i * 0.6180339887498949 % 1.0)
    return tuple(round(x * f, 3) for x in unit.resources)


def missions(places: list[Place], legs: int) -> tuple[str, str]:
    """Both sides' first commands: Red's front attacks, the rears march back and forth."""
    n = len(places)
    red, blue = [], []
    for i, p in enumerate(places):
        r, b = i + 1, n + i + 1
        if p.role == "front":
            red.append(f"mission {p.red_to},10 units {r}")
            continue
        orders = " ".join(f"{p.red_to if j % 2 == 0 else p.red},10" for j in range(legs))
        red.append(f"mission {orders} units {r}")
        orders = " ".join(f"{p.blue_to if j % 2 == 0 else p.blue},10" for j in range(legs))
        blue.append(f"mission {orders} units {b}")
    return "; ".join(red), "; ".join(blue)


def strikes(game: IdahexGame, side: int, most: int) -> str:
    """At a cycle start: Red's close air support of up to ``most`` engagements, Blue's
    interdiction of up to ``most`` Red units in attack postures (§6)."""
    if not game._at_cycle_start():
        return ""
    aircraft = ",".join(["2"] * game.rules.design.nactyp[side - 1])
    if side == 1:
        cells = sorted(game.engine.engagements)[:most]
        return "; ".join(f"cas {c} aircraft {aircraft}" for c in cells)
    cells = sorted({u.location for u in game.engine.units.values() if u.side == 1 and u.pc == 4})
    return "; ".join(f"interdiction {c} priority 4,1,2,3 aircraft {aircraft}" for c in cells[:most])


class Phases:
    """CPU time by phase, and the engagement assessments by cycle."""

    def __init__(self) -> None:
        self.seconds = dict.fromkeys(
            ("marching", "run", "assess", "attrition", "supplies", "air"), 0.0
        )
        self.assessments: dict[int, int] = {}

    def timed(self, phase: str, f: Callable[..., Any]) -> Callable[..., Any]:
        seconds, clock = self.seconds, time.process_time

        def run(*args: Any, **kwargs: Any) -> Any:
            start = clock()
            try:
                return f(*args, **kwargs)
            finally:
                seconds[phase] += clock() - start

        run.__wrapped__ = f  # type: ignore[attr-defined]
        return run


def _untimed(phase: str, f: Callable[..., Any]) -> Callable[..., Any]:
    return f


def play(
    scenario: IdahexScenario, places: list[Place], cycles: int, *, by_phase: bool = True
) -> dict[str, Any]:
    """One game and the figures of the run: timed by phase when ``by_phase``, else the
    engine alone (the engagement assessments are counted either way)."""
    game = IdahexRuleset().new_game(scenario, seed=1, scenario_id="bench/scale")
    assert isinstance(game, IdahexGame)
    engine, design = game.engine, game.rules.design
    phases = Phases()
    timed = phases.timed if by_phase else _untimed
    batched = ("assess_frame", "prepare_frame", "prepare_frames", "weapon_values_many")
    if by_phase:
        engine._occur = timed("marching", engine._occur)  # type: ignore[method-assign]
        engine.run_to_decision = timed("run", engine.run_to_decision)  # type: ignore[method-assign]
        assert engine.supply_step is not None
        engine.supply_step = timed("supplies", engine.supply_step)
        # Module functions the game calls through their modules: replaced for this process.
        # The frame's fire and weapon values found together (combat.py's frame batch) are the
        # first half of assess_frame (which otherwise finds them inside it): attrition as well.
        for name in batched:
            setattr(combat_module, name, timed("attrition", getattr(combat_module, name)))
        strikes_module.fly_strike = timed("air", strikes_module.fly_strike)
    assess = timed("assess", engine.combat.assess)

    def counted(eng: Any, e: Any) -> None:
        cycle = math.floor((engine.t - design.tinit - design.tframe / 2) / design.tcycle) + 1
        phases.assessments[cycle] = phases.assessments.get(cycle, 0) + 1
        assess(eng, e)

    engine.combat.assess = counted  # type: ignore[method-assign,assignment]
    toe = {u.number: u.resources for u in engine.units.values()}
    most = max(1, len(places) // 10)
    red, blue = missions(places, LEGS_PER_CYCLE * cycles)
    first = True
    total = 0.0
    while game.outcome() is None:
        for u in engine.units.values():  # reinforcement and resupply (outside the engine)
            if u.posture != -10 and u.resources is not toe[u.number]:
                u.resources = toe[u.number]
        start = time.process_time()
        if first:
            # Parsed here: the first orders are far longer than a text order may be.
            game.submit(
                "red", parse_commands("; ".join(x for x in (red, strikes(game, 1, most)) if x))
            )
            game.submit(
                "blue", parse_commands("; ".join(x for x in (blue, strikes(game, 2, most)) if x))
            )
            first = False
        else:
            game.submit("red", strikes(game, 1, most))
            game.submit("blue", strikes(game, 2, most))
        total += time.process_time() - start
    raw = phases.seconds
    shares = {
        "marching": raw["marching"],
        "assessment": raw["assess"] - raw["attrition"],
        "attrition": raw["attrition"],
        "supplies": raw["supplies"],
        "air": raw["air"],
        "commands": total - raw["run"] - raw["air"],
        "rest": raw["run"] - raw["marching"] - raw["assess"] - raw["supplies"],
    }
    if by_phase:
        for name in batched:
            setattr(combat_module, name, getattr(combat_module, name).__wrapped__)
        strikes_module.fly_strike = strikes_module.fly_strike.__wrapped__  # type: ignore[attr-defined]
    return {
        "cpu": total,
        "events": engine.event_count,
        "phases": shares if by_phase else {},
        "assessments": [phases.assessments.get(c, 0) for c in range(1, cycles + 1)],
        "units": len(engine.units),
        "destroyed": sum(u.posture == -10 for u in engine.units.values()),
        "state": game.state_hash(),
        "cells": design.ncells,
    }


def bare_heapq(events: int, units: int) -> float:
    """CPU seconds of a bare event loop doing ``events`` events over ``units`` items: pop
    the next, push its successor at a random delay."""
    rng = random.Random(1)
    delays = [rng.random() for _ in range(min(events, 100_000))]
    nd = len(delays)
    heap = [(delays[i % nd], 4, i, i) for i in range(units)]
    heapq.heapify(heap)
    seq = units
    pop, push = heapq.heappop, heapq.heappush
    start = time.process_time()
    for k in range(events):
        t, _, _, item = pop(heap)
        push(heap, (t + delays[k % nd], 4, seq, item))
        seq += 1
    return time.process_time() - start


def floor_engine(
    events: int, units: int, rows: list[tuple[Any, ...]] | None = None, *, texts: bool = True
) -> float:
    """CPU seconds of the least a CPython engine taking its events one at a time does for
    ``events`` marching events of ``units`` task forces: pop the next event, read the task
    force's next status (a look-up: its order already turned into statuses), set it on the
    unit, write the status note as the game's log keeps it (``core.events.EventLog.add``'s
    row of plain values: time, kind, text, who sees it, its data's keys and values; into
    ``rows`` when given), read the status after it and the delay of that change, push it.

    Each task force marches between two cells as the benchmark's rear units do, four
    changes of status a leg (§3.3: hold, disengagement, movement, attack, hold in the next
    cell), the march's delay on the change from movement to attack and none on the others.
    No rule is asked (pursuit, activation, ownership, engagements, the security force,
    transfers, order completion, tentry) and no combat is done: an engine doing them could
    not cost less. Without ``texts`` the note is its data alone, ``(time, tf, status,
    next status)``, its text left to be made when it is read: the least of all."""
    rng = random.Random(1)
    after: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    delays: dict[tuple[tuple[int, int, int], tuple[int, int, int]], float] = {}
    heap, status = [], {}
    for n in range(1, units + 1):
        a, b = 2 * n - 1, 2 * n
        legs = [(a, 10, a), (a, 20, b), (a, 30, b), (a, 40, b)]
        legs += [(b, 10, b), (b, 20, a), (b, 30, a), (b, 40, a)]
        march = 0.05 + 0.1 * rng.random()
        for k, here in enumerate(legs):
            there = legs[(k + 1) % len(legs)]
            after[here] = there
            delays[here, there] = march if there[1] == 40 else 0.0
        status[n] = legs[0]
        heap.append((0.0, 4, n, n))
    heapq.heapify(heap)
    seen, keys = ("red",), ("tf", "status")
    if rows is None:
        rows = []
    pop, push, add = heapq.heappop, heapq.heappush, rows.append
    seq = units + 1
    start = time.process_time()
    if not texts:
        for _ in range(events):
            t, _, _, n = pop(heap)
            present = status[n]
            nxt = status[n] = after[present]
            add((t, n, present, nxt))
            following = after[nxt]
            push(heap, (t + delays[nxt, following], 4, seq, n))
            seq += 1
        return time.process_time() - start
    for _ in range(events):
        t, _, _, n = pop(heap)
        present = status[n]
        nxt = status[n] = after[present]
        text = f"{nxt[0]}/{nxt[1]}/{nxt[2]}"
        said = f"task force {n} (units {n}): {present[0]}/{present[1]}/{present[2]} -> {text}"
        if rows and t < rows[-1][0]:
            raise ValueError("time ran backwards")  # (the log's own check)
        add((t, "status", said, seen, keys, (n, text), None))
        following = after[nxt]
        push(heap, (t + delays[nxt, following], 4, seq, n))
        seq += 1
    return time.process_time() - start


def _rss_kib() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * (resource.getpagesize() // 1024)


def measure(units: int, cycles: int, repeat: int) -> dict[str, Any]:
    """One size, best of ``repeat`` (in this process): the engine's runs without the
    per-phase timers, then one run with them for the shares of the phases."""
    scenario, places = generated_design(units, cycles)
    before = _rss_kib()
    best: dict[str, Any] | None = None
    heap = floor = least = math.inf
    peak = 0
    for _ in range(repeat):
        run = play(scenario, places, cycles, by_phase=False)
        if not peak:  # the game's peak, before the loops below add their own
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        heap = min(heap, bare_heapq(run["events"], run["units"]))
        floor = min(floor, floor_engine(run["events"], run["units"]))
        least = min(least, floor_engine(run["events"], run["units"], texts=False))
        if best is None or run["cpu"] < best["cpu"]:
            best = run
    assert best is not None
    timed = play(scenario, places, cycles)
    assert timed["state"] == best["state"], "the timed run played another game"
    best["shares"] = {p: x / timed["cpu"] for p, x in timed["phases"].items()}
    best["heapq"] = heap
    best["floor"] = floor
    best["least"] = least
    best["kib_per_unit"] = max(peak - before, 0) / best["units"]
    return best


def fit(points: list[tuple[int, float]]) -> float:
    """The least-squares slope of log(y) over log(x), in plain Python."""
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(y) for _, y in points]
    mx, my = math.fsum(xs) / len(xs), math.fsum(ys) / len(ys)
    num = math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    den = math.fsum((x - mx) ** 2 for x in xs)
    return num / den


def _sizes(text: str) -> list[int]:
    try:
        sizes = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: sizes are whole numbers, e.g. 100,300"
        ) from None
    for n in sizes:
        if not 4 <= n <= MAX_UNITS:
            raise argparse.ArgumentTypeError(f"{n} units: sizes are 4..{MAX_UNITS}")
    return sizes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes",
        type=_sizes,
        default=list(SIZES),
        help="units in all, comma-separated (default 100,300,1000,3000,10000)",
    )
    parser.add_argument("--cycles", type=positive_int, default=CYCLES, help="cycles (default 10)")
    parser.add_argument("--repeat", type=positive_int, default=3, help="runs per size (best kept)")
    parser.add_argument("--one", type=positive_int, help=argparse.SUPPRESS)  # a child's size
    args = parser.parse_args(argv)
    if args.one is not None:
        print(json.dumps(measure(args.one, args.cycles, args.repeat)))
        return
    print(
        f"IDAHEX scale: Sinai design, {args.cycles} cycles, CPU seconds, best of {args.repeat}, "
        "each size in its own process"
    )
    header = (
        f"{'units':>6} {'cells':>6} {'events':>8} {'engine s':>9} {'heapq s':>8} "
        f"{'ratio':>7} {'KiB/unit':>8}  " + " ".join(f"{p:>10}" for p in PHASES)
    )
    print(header)
    results: list[dict[str, Any]] = []
    for units in args.sizes:
        out = subprocess.run(
            [
                sys.executable,
                __file__,
                "--one",
                str(units),
                "--cycles",
                str(args.cycles),
                "--repeat",
                str(args.repeat),
            ],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        r = json.loads(out.splitlines()[-1])
        results.append(r)
        share = " ".join(f"{r['shares'][p]:>10.1%}" for p in PHASES)
        print(
            f"{r['units']:>6} {r['cells']:>6} {r['events']:>8} {r['cpu']:>9.2f} "
            f"{r['heapq']:>8.4f} {r['heapq'] / r['cpu']:>7.4f} {r['kib_per_unit']:>8.1f}  "
            f"{share}"
        )
        rest = r["cpu"] * (1 - r["shares"]["marching"])
        print(
            f"{'':>6} engagement assessments by cycle: {r['assessments']}; "
            f"units destroyed: {r['destroyed']}; final state {r['state'][:16]}\n"
            f"{'':>6} the floor (events one at a time, no rule, no combat): {r['floor']:.4f} s, "
            f"heapq/floor {r['heapq'] / r['floor']:.3f} ({r['heapq'] / r['least']:.3f} with "
            f"the notes' texts made on reading); marching at the floor and the rest as "
            f"measured: ratio {r['heapq'] / (r['floor'] + rest):.4f}"
        )
    points = [(r["units"], r["cpu"]) for r in results if r["units"] >= FIT_FROM]
    if len({u for u, _ in points}) >= 2:
        print(
            f"growth exponent from {FIT_FROM:,} units (CPU ~ units**k, least squares): "
            f"k = {fit(points):.3f}"
        )
    else:
        print(f"growth exponent: needs two sizes of at least {FIT_FROM:,} units")


if __name__ == "__main__":
    main()
