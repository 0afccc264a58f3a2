"""Running an experiment: every (design point, replication) once, into a journal.

A replication is one game played by the experiment's agents through
:class:`~hexwar.sessions.Session` -- the very path ``hexwar run`` takes, so
``hexwar run SCENARIO --seed S`` replays any row of the results. Replications are grouped in
small chunks of one design point; a chunk runs in this process (``--jobs 1``), in joblib's loky
worker processes, or on a dask.distributed cluster. Whatever runs it, the rows depend only on
the design point and the seed, so every backend and worker count gives the same table.
A chunk carries its design point's scenario as JSON, validated once by each worker that runs
it, and the ruleset's version, which the worker checks against its own (a cluster whose
workers run another hexwar says so instead of playing other rules).

Each finished chunk's rows are appended to ``journal.jsonl`` in the output directory at once
(one JSON line per replication, flushed), so a sweep that is killed resumes with
``--resume``: the journal's rows are kept (a line cut off by the kill is dropped) and only the
missing replications run. No replication appears twice in the table: rows are keyed by
(design point, replication) and the first one written wins.
"""

from __future__ import annotations

import importlib
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from hexwar.analysis.experiment import (
    Experiment,
    needs_summary,
    replication_seeds,
    response_value,
)
from hexwar.core import registry
from hexwar.core.errors import HexwarError, UnknownRulesetError
from hexwar.core.game import Ruleset
from hexwar.core.records import encode_nonfinite
from hexwar.sessions import ResolvedScenario, Session

__all__ = [
    "Backend",
    "Chunk",
    "Journal",
    "Stopping",
    "SweepError",
    "play",
    "run_chunk",
    "run_sweep",
]

Backend = Literal["joblib", "dask"]
JOURNAL = "journal.jsonl"
EXPERIMENT_JSON = "experiment.json"
Row = dict[str, Any]


class SweepError(HexwarError, ValueError):
    """A sweep that cannot start or continue as asked (an output directory in use, ...)."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """Replications of one design point, run together by one worker."""

    ruleset_id: str
    ruleset_version: str
    ruleset_spec: str  # module:Class, to register a ruleset a worker's registry lacks
    scenario_key: str  # the experiment's digest and the point: a worker validates it once
    scenario: dict[str, Any]  # the design point's scenario as JSON (infinities tagged)
    scenario_id: str
    point: int
    agents: dict[str, str]
    responses: tuple[str, ...]
    max_steps: int | None
    runs: tuple[tuple[int, int], ...]  # (replication, seed)


def _ruleset(chunk: Chunk) -> Ruleset[Any, Any]:
    try:
        ruleset = registry.get(chunk.ruleset_id)
    except UnknownRulesetError:
        module, _, name = chunk.ruleset_spec.partition(":")
        cls = getattr(importlib.import_module(module), name)
        ruleset = registry.register(cls())
    if ruleset.info.version != chunk.ruleset_version:
        raise SweepError(
            f"this worker has {ruleset.info.id} {ruleset.info.version}, the sweep was made with "
            f"{chunk.ruleset_version}: install the same hexwar on every worker"
        )
    return ruleset


# Validated scenarios by Chunk.scenario_key, in each process that runs chunks (a worker sees
# the same design point again and again). The sweep's own process fills it for --jobs 1.
_SCENARIOS: dict[str, BaseModel] = {}
_MAX_CACHED = 256


def _scenario(chunk: Chunk, ruleset: Ruleset[Any, Any]) -> BaseModel:
    found = _SCENARIOS.get(chunk.scenario_key)
    if found is None:
        if len(_SCENARIOS) >= _MAX_CACHED:
            _SCENARIOS.clear()
        found = _SCENARIOS[chunk.scenario_key] = ruleset.scenario_from_json(chunk.scenario)
    return found


def play(
    ruleset: Ruleset[Any, Any],
    scenario: BaseModel,
    scenario_id: str,
    *,
    seed: int,
    agents: dict[str, str],
    max_steps: int | None = None,
) -> Session:
    """One game, agents against agents, to the end (or ``max_steps`` decisions)."""
    session = Session.start(
        ResolvedScenario(ruleset, scenario, scenario_id), seed=seed, agents=agents
    )
    session.run(max_steps=max_steps)
    return session


def run_chunk(chunk: Chunk) -> list[Row]:
    """Play a chunk's replications; one row each (point, replication, seed, responses and
    the run time in seconds)."""
    ruleset = _ruleset(chunk)
    scenario = _scenario(chunk, ruleset)
    want_summary = needs_summary(chunk.responses)
    rows: list[Row] = []
    for replication, seed in chunk.runs:
        start = time.perf_counter()
        session = play(
            ruleset,
            scenario,
            chunk.scenario_id,
            seed=seed,
            agents=chunk.agents,
            max_steps=chunk.max_steps,
        )
        game = session.game
        summary = game.summary() if want_summary else None
        row: Row = {"point": chunk.point, "replication": replication, "seed": seed}
        for name in chunk.responses:
            row[name] = response_value(name, summary, game)
        row["run_time_s"] = time.perf_counter() - start
        rows.append(row)
    return rows


# --- the journal -----------------------------------------------------------------------------


class Journal:
    """The rows written so far, one JSON line per replication, in ``DIR/journal.jsonl``."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / JOURNAL

    def read(self) -> dict[tuple[int, int], Row]:
        """Rows by (point, replication); the first row of a key wins, and a last line cut off
        by a kill is ignored (and cut from the file, so appending continues cleanly)."""
        rows: dict[tuple[int, int], Row] = {}
        if not self.path.exists():
            return rows
        raw = self.path.read_bytes()
        good = raw.rfind(b"\n") + 1
        if good < len(raw):
            with self.path.open("r+b") as f:
                f.truncate(good)
        for line in raw[:good].splitlines():
            row = json.loads(line)
            rows.setdefault((row["point"], row["replication"]), row)
        return rows

    def append(self, rows: Iterable[Row]) -> None:
        with self.writer() as write:
            write(rows)

    @contextmanager
    def writer(self) -> Iterator[Callable[[Iterable[Row]], None]]:
        """A function that appends rows, each batch flushed to the operating system at once
        (a killed process loses nothing written; the file stays open meanwhile)."""
        with self.path.open("a", encoding="utf-8") as f:

            def write(rows: Iterable[Row]) -> None:
                f.write("".join(json.dumps(r, allow_nan=False) + "\n" for r in rows))
                f.flush()

            yield write


# --- running ---------------------------------------------------------------------------------


def _chunks(
    experiment: Experiment,
    done: Collection[tuple[int, int]],
    size: int,
    counts: Mapping[int, int] | None = None,
) -> list[Chunk]:
    """The replications still to run, in chunks of ``size`` per design point: the first
    block of replications of every point, then the next block, so an interrupted sweep has
    covered every point evenly. ``counts``: the replications each point is to have (the
    stopping rule's; default: the experiment's, at every point)."""
    ruleset = experiment.ruleset
    spec = f"{type(ruleset).__module__}:{type(ruleset).__qualname__}"
    points = [p for p in experiment.points if counts is None or p.index in counts]
    want = {p.index: len(experiment.seeds) if counts is None else counts[p.index] for p in points}
    most = max(want.values(), default=0)
    all_seeds = experiment.seeds
    if most > len(all_seeds):  # replication r's seed is the same however many are run
        all_seeds = replication_seeds(experiment.file.seed, most)
    seeds = list(enumerate(all_seeds[:most]))
    scenarios = {}
    for point in points:
        key = f"{experiment.digest}:{point.index}"
        _SCENARIOS[key] = point.scenario  # this process never validates a point again
        scenarios[point.index] = (key, encode_nonfinite(point.scenario.model_dump(mode="json")))
    chunks: list[Chunk] = []
    for start in range(0, len(seeds), size):
        block = seeds[start : start + size]
        for point in points:
            runs = tuple(
                (r, s) for r, s in block if r < want[point.index] and (point.index, r) not in done
            )
            if runs:
                key, data = scenarios[point.index]
                chunks.append(
                    Chunk(
                        ruleset.info.id,
                        ruleset.info.version,
                        spec,
                        key,
                        data,
                        experiment.scenario_id,
                        point.index,
                        point.agents(experiment.agents),
                        tuple(experiment.responses),
                        experiment.file.max_steps,
                        runs,
                    )
                )
    return chunks


def chunk_size(todo: int, workers: int) -> int:
    """Replications per chunk: one in this process; in parallel, enough chunks (about 16 a
    worker) to keep every worker busy to the end, at most 32 replications each."""
    if workers <= 1:
        return 1
    return max(1, min(32, math.ceil(todo / (workers * 16))))


@dataclass(frozen=True, slots=True)
class Stopping:
    """Sequential replication: replicate each design point until every response's 95 %
    interval half-width is at most its target, or the point has ``cap`` replications.
    ``halfwidths`` maps a response (``winner``, ``summary.hours``, a share ``winner=west``)
    or ``*`` (every response) to its target."""

    halfwidths: dict[str, float]
    cap: int

    def describe(self) -> dict[str, Any]:
        return {"halfwidths": self.halfwidths, "max_replications": self.cap}


def prepare(
    out: Path, experiment: Experiment, *, resume: bool, stopping: Stopping | None = None
) -> Journal:
    """Make or reopen the output directory; refuse one that holds another sweep."""
    out.mkdir(parents=True, exist_ok=True)
    described = out / EXPERIMENT_JSON
    journal = Journal(out)
    if described.exists():
        old = json.loads(described.read_text(encoding="utf-8"))
        if not resume:
            raise SweepError(
                f"{out} already holds a sweep ({old.get('experiment')}); continue it with "
                "--resume, or choose another --out"
            )
        if old.get("digest") != experiment.digest:
            raise SweepError(
                f"{out} holds a sweep of a different experiment ({old.get('experiment')}, or "
                "the same file changed since); --resume continues only the same experiment"
            )
    elif journal.path.exists():
        raise SweepError(f"{out} holds a journal but no {EXPERIMENT_JSON}; choose another --out")
    described_now = experiment.describe()
    if stopping is not None:
        described_now["stopping"] = stopping.describe()
    text = json.dumps(described_now, indent=2, ensure_ascii=False) + "\n"
    described.write_text(text, encoding="utf-8")
    return journal


def run_sweep(
    experiment: Experiment,
    out: Path,
    *,
    jobs: int = 1,
    backend: Backend = "joblib",
    scheduler: str | None = None,
    resume: bool = False,
    on_rows: Callable[[int, int, int], None] | None = None,
    stopping: Stopping | None = None,
    on_status: Callable[[str], None] | None = None,
) -> Path:
    """Run every replication not yet in ``out``'s journal, then write the results tables.

    With ``stopping``, after the experiment's replications each design point whose
    intervals are still too wide gets more (replication r always with the same seed), round
    after round, until every point meets the targets or reaches the cap.

    ``on_rows(new, done, total)`` is called as each round's chunks are submitted (``new``
    0), after the backend is ready to take them (a dask cluster started or connected to), and
    after each chunk. ``on_status(text)`` is told what the backend does before the first
    game: the dask cluster's start-up (or the connection to ``scheduler``), and when it is
    up. Returns the Parquet file.
    """
    journal = prepare(out, experiment, resume=resume, stopping=stopping)
    rows = journal.read()
    # A remote cluster's size is unknown here: small chunks keep a large one busy.
    workers = jobs if backend == "joblib" or scheduler is None else max(jobs, 64)
    counts = {p.index: len(experiment.seeds) for p in experiment.points}
    if stopping is not None:  # a resumed sequential sweep keeps the replications it had
        for point, n in Counter(p for p, _ in rows).items():
            counts[point] = max(counts.get(point, 0), n)
    with (
        journal.writer() as write,
        _workers(jobs=jobs, backend=backend, scheduler=scheduler, on_status=on_status) as run,
    ):
        while counts:
            total = len(rows) + sum(
                1 for p, n in counts.items() for r in range(n) if (p, r) not in rows
            )
            chunks = _chunks(
                experiment, rows.keys(), chunk_size(total - len(rows), workers), counts
            )
            results = run(chunks)  # the sweep's first chunks start a dask cluster
            if on_rows is not None:
                on_rows(0, len(rows), total)
            for new in results:
                write(new)
                for row in new:
                    rows.setdefault((row["point"], row["replication"]), row)
                if on_rows is not None:
                    on_rows(len(new), len(rows), total)
            counts = {} if stopping is None else _more(experiment, rows, stopping)
    from hexwar.analysis.results import write_tables

    return write_tables(out, experiment, rows)


def _more(
    experiment: Experiment, rows: Mapping[tuple[int, int], Row], stopping: Stopping
) -> dict[int, int]:
    """The stopping rule's next round: the replications each unfinished point is to have."""
    from hexwar.analysis.results import Results, next_replications

    results = Results(experiment.describe(), [rows[k] for k in sorted(rows)])
    more, _ = next_replications(results, stopping.halfwidths, stopping.cap)
    return more


Run = Callable[[Sequence[Chunk]], Iterator[list[Row]]]


@contextmanager
def _workers(
    *,
    jobs: int,
    backend: Backend,
    scheduler: str | None,
    on_status: Callable[[str], None] | None = None,
) -> Iterator[Run]:
    """What runs a sweep's chunks, round after round: this process, joblib's loky workers
    (which loky keeps between rounds), or one dask client for the whole sweep -- of its own
    ``LocalCluster`` without ``scheduler`` -- started at the first chunk (a resumed sweep with
    nothing left to run starts none) and closed when the sweep ends, however it ends (an
    error, Ctrl-C). The rounds of a sequential sweep share it rather than pay a cluster's
    start-up and closing (seconds) each. ``run(chunks)`` starts the client before it returns
    (telling ``on_status``); its iterator submits the chunks when first asked for rows."""
    if backend != "dask":
        yield lambda chunks: _local(chunks, jobs)
        return
    with ExitStack() as stack:
        client: Any = None

        def run(chunks: Sequence[Chunk]) -> Iterator[list[Row]]:
            nonlocal client
            if not chunks:
                return iter(())
            if client is None:
                client = stack.enter_context(_dask_client(jobs, scheduler, on_status))
            return _dask(client, chunks)

        yield run


def _local(chunks: Sequence[Chunk], jobs: int) -> Iterator[list[Row]]:
    if not chunks:
        return
    if jobs <= 1:
        for chunk in chunks:
            yield run_chunk(chunk)
    else:
        from joblib import Parallel, delayed

        parallel = Parallel(n_jobs=jobs, backend="loky", return_as="generator_unordered")
        yield from parallel(delayed(run_chunk)(c) for c in chunks)


QUIET_WORKERS = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.gil.enabled": False,
}


def local_cluster_config() -> dict[str, Any]:
    """Dask settings for the local cluster: :data:`QUIET_WORKERS`, and on Linux worker
    processes forked from this one rather than spawned. A spawned worker imports Python,
    dask.distributed and hexwar afresh (2-4 s each, the whole of a small sweep's overhead
    over joblib); a forked one starts with them loaded, and closes as fast. The fork happens
    before any game runs, in the cluster's own start-up; macOS and Windows keep dask's
    default (spawn), where forking a process with threads is unsafe or impossible."""
    config: dict[str, Any] = dict(QUIET_WORKERS)
    if sys.platform == "linux":
        config["distributed.worker.multiprocessing-method"] = "fork"
    return config


@contextmanager
def _dask_client(
    jobs: int, scheduler: str | None, on_status: Callable[[str], None] | None = None
) -> Iterator[Any]:
    """A dask client of the cluster at ``scheduler``, or of a ``LocalCluster`` of ``jobs``
    single-threaded worker processes started for it; closed (and the cluster with it) on
    leaving. ``on_status`` is told when the start-up (or the connection) begins, and when the
    cluster is up: seconds in which no game runs yet."""
    import distributed

    dist: Any = distributed  # untyped library: keep its calls out of the type checker
    status = on_status or (lambda text: None)
    began = time.perf_counter()
    if scheduler is not None:
        status(f"connecting to the dask scheduler at {scheduler}...")
        with dist.Client(scheduler) as client:
            workers = _workers_text(len(client.nthreads()))
            took = time.perf_counter() - began
            status(f"connected to the dask scheduler at {scheduler} ({took:.1f} s): {workers}")
            yield client
        return
    import logging

    import dask

    # The workers' statistical profiler samples every thread's stack every 10 ms, taking
    # the GIL from pure-Python games; nobody reads its profiles here. No dashboard: its
    # web server costs start-up time and nobody looks at it during a local sweep. The
    # scheduler's HTTP server (health and metrics routes) starts even so, on port 8787 of
    # every interface unless told otherwise, with a four-line warning in the middle of the
    # sweep's output when another cluster holds that port: a free port of the loopback.
    n = max(jobs, 1)
    status(f"starting a local dask cluster ({_workers_text(n)})...")
    with dask.config.set(local_cluster_config()):
        cluster = dist.LocalCluster(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},  # the HTTP server only
            silence_logs=logging.ERROR,
        )
    with cluster, dist.Client(cluster) as client:
        took = time.perf_counter() - began
        status(
            f"the local dask cluster is up ({took:.1f} s): {_workers_text(n)}, scheduler "
            f"{cluster.scheduler_address}"
        )
        yield client


def _workers_text(n: int) -> str:
    return "1 worker" if n == 1 else f"{n} workers"


def _dask(client: Any, chunks: Sequence[Chunk]) -> Iterator[list[Row]]:
    import distributed

    dist: Any = distributed
    futures = [client.submit(run_chunk, c, pure=False) for c in chunks]
    for future in dist.as_completed(futures):
        yield future.result()
