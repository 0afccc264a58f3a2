"""hexwar sweep for an analyst (issue 41): quantiles, the stopping rule, paired comparisons
under common random numbers, agents as a factor, experiments without factors, partial
summaries, output formats, the Sobol warning and plot, a design point's scenario file; and
summaries readable at 80 columns (issue 43).

The games are the analytic fixture's (tests/fixtures/analytic.py): ``y`` is the Ishigami
function of the scenario, ``u`` one uniform draw from the game's seed, ``noisy = y + noise u``;
so each expected value is derived by hand from the seeds and the formula.
"""

from __future__ import annotations

import csv
import io
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from scipy.stats import t

from hexwar.analysis.experiment import load_experiment, replication_seeds
from hexwar.analysis.results import (
    Results,
    SobolIndices,
    compare,
    mean_interval,
    quantile,
    read_results,
    wide_indices,
)
from hexwar.analysis.runner import Journal, Stopping, SweepError, run_sweep
from hexwar.core import registry
from hexwar.core.errors import ScenarioError
from tests.conftest import ROOT
from tests.fixtures.analytic import AnalyticRuleset, ishigami

SCENARIO = """ruleset = "analytic"
title = "Ishigami"
x1 = 0.5
x2 = 0.0
x3 = 0.0
noise = 1.0
"""
NOISE = """scenario = "ishigami.toml"
replications = 4
seed = 2026
responses = ["winner", "summary.y", "summary.u", "summary.noisy"]

[[factors]]
name = "noise"
path = "noise"
values = [1.0, 2.0]
"""


@pytest.fixture(autouse=True)
def analytic() -> None:
    registry.register(AnalyticRuleset())


def cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """``hexwar ARGS`` in this process; (stdout, stderr). Exit 2 raises SystemExit."""
    from hexwar.cli.main import main

    old = sys.argv
    sys.argv = ["hexwar", *args]
    try:
        main()
    except SystemExit as e:
        if e.code not in (0, None):
            raise
    finally:
        sys.argv = old
    captured = capsys.readouterr()
    return captured.out, captured.err


HASTINGS = (ROOT / "examples" / "analysis" / "hastings-embedded.toml").read_text(encoding="utf-8")


def write(
    tmp_path: Path, experiment: str, scenario: str = SCENARIO, name: str = "ishigami.toml"
) -> Path:
    """The experiment and its scenario (written as ``name``, as the experiment names it)."""
    (tmp_path / name).write_text(scenario, encoding="utf-8")
    path = tmp_path / "experiment.toml"
    path.write_text(experiment, encoding="utf-8")
    return path


# --- quantiles -------------------------------------------------------------------------------


def test_quantiles_interpolate_linearly_between_order_statistics() -> None:
    """Type 7: h = (n - 1) p, x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h])."""
    values = sorted([2, 4, 4, 4, 5, 5, 7, 9, 5, 5])  # 2 4 4 4 5 5 5 5 7 9
    assert quantile(values, 0.05) == pytest.approx(2 + 0.45 * 2)  # h = 0.45
    assert quantile(values, 0.25) == pytest.approx(4)  # h = 2.25, between 4 and 4
    assert quantile(values, 0.5) == pytest.approx(5)  # h = 4.5, between 5 and 5
    assert quantile(values, 0.95) == pytest.approx(7 + 0.55 * 2)  # h = 8.55
    st = mean_interval([float(v) for v in values])
    assert st.quantiles == pytest.approx((2.9, 4.0, 5.0, 5.0, 8.1))
    assert st.median == pytest.approx(5.0)


# --- the stopping rule -----------------------------------------------------------------------


def test_until_halfwidth_replicates_each_point_until_its_t_interval_is_narrow(
    tmp_path: Path,
) -> None:
    """summary.noisy = y + noise u: its t half-width shrinks like 1/sqrt(n); every point ends
    with its 95 % half-width <= 0.1, replications 0..n-1 with seeds SeedSequence(2026, r)
    (common random numbers kept), and the noisier point needs more replications."""
    exp = load_experiment(write(tmp_path, NOISE))
    run_sweep(exp, tmp_path / "out", stopping=Stopping({"summary.noisy": 0.1}, 500))
    results = read_results(tmp_path / "out")
    counts = {}
    for point, rows in results.by_point().items():
        n = len(rows)
        counts[point] = n
        assert [r["replication"] for r in rows] == list(range(n))
        assert [r["seed"] for r in rows] == list(replication_seeds(2026, n))
        noisy = [r["summary.noisy"] for r in rows]
        mean = math.fsum(noisy) / n
        sd = math.sqrt(math.fsum((v - mean) ** 2 for v in noisy) / (n - 1))
        assert float(t.ppf(0.975, n - 1)) * sd / math.sqrt(n) <= 0.1
    # sd(u) is about 0.29: n near (1.96 * 0.29 / 0.1)^2 = 32 at noise 1, four times at 2
    assert 4 < counts[0] < counts[1] < 500


def test_a_share_stops_at_the_first_count_whose_wilson_interval_is_narrow_enough(
    tmp_path: Path,
) -> None:
    """The winner never changes at a point (y has one sign): k = n, Wilson's half-width is
    z^2 / (2 (n + z^2)), <= 0.1 first at n = 16 (15.4 = 10 z^2 / 2 - z^2); from 4
    replications the rule at most doubles a round: 4, 8, 16. A response with no spread
    (summary.y) is met at once."""
    exp = load_experiment(write(tmp_path, NOISE))
    stopping = Stopping({"winner": 0.1, "summary.y": 0.001}, 100)
    run_sweep(exp, tmp_path / "out", stopping=stopping)
    results = read_results(tmp_path / "out")
    assert [len(rows) for rows in results.by_point().values()] == [16, 16]


def test_the_cap_ends_replication_and_the_command_says_which_points_it_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, NOISE)
    out = tmp_path / "out"
    shown, _ = cli(
        [
            "sweep",
            str(path),
            "--out",
            str(out),
            "--until-halfwidth",
            "0.0001",
            "--max-replications",
            "10",
        ],
        capsys,
    )
    assert [len(rows) for rows in read_results(out).by_point().values()] == [10, 10]
    assert "t interval of the mean" in shown
    assert "Wilson score interval" in shown
    assert "0 of 2 points met the targets" in shown
    assert "point 0 stopped at the cap of 10 replications" in shown
    assert "point 1 stopped at the cap of 10 replications" in shown
    with pytest.raises(SystemExit):
        cli(["sweep", str(path), "--out", str(tmp_path / "o2"), "--until-halfwidth", "x=1"], capsys)
    assert "'x' is not a response of the experiment" in capsys.readouterr().err


class RecordedClusters:
    """Every dask ``LocalCluster`` the sweep starts, as started (real ones: a scheduler and
    worker processes), and what each round of the sweep found when it began."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import distributed

        self.started: list[Any] = []
        # per round, the clusters running as its chunks' rows came: (id, address, status)
        self.rounds: list[set[tuple[int, str, str]]] = []
        started = self.started

        class Recorded(distributed.LocalCluster):  # type: ignore[misc]
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                started.append(self)

        monkeypatch.setattr(distributed, "LocalCluster", Recorded)

    def on_rows(self, new: int, done: int, total: int) -> None:
        if new == 0:  # run_sweep's call at the start of each round
            self.rounds.append(set())
        else:
            self.rounds[-1].update(
                (id(c), c.scheduler_address, c.status.name) for c in self.started
            )


def rows_without_time(directory: Path) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "run_time_s"} for r in read_results(directory).rows]


def test_a_sequential_dask_sweep_runs_every_round_on_one_cluster_it_closes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--until-halfwidth with --backend dask: the three rounds of the Wilson stopping rule
    (4, 8, 16 replications a point) run on one LocalCluster, started for the sweep and running
    at every round, closed at the end; the rows are those of the same sweep in this process
    (the same seeds, the same games)."""
    exp = load_experiment(write(tmp_path, NOISE))
    stopping = Stopping({"winner": 0.1, "summary.y": 0.001}, 100)
    run_sweep(exp, tmp_path / "serial", stopping=stopping)
    clusters = RecordedClusters(monkeypatch)
    run_sweep(
        exp,
        tmp_path / "dask",
        jobs=2,
        backend="dask",
        stopping=stopping,
        on_rows=clusters.on_rows,
    )
    assert len(clusters.started) == 1
    (cluster,) = clusters.started
    assert clusters.rounds == [{(id(cluster), cluster.scheduler_address, "running")}] * 3
    assert cluster.status.name == "closed"
    assert [len(rows) for rows in read_results(tmp_path / "dask").by_point().values()] == [16, 16]
    assert rows_without_time(tmp_path / "dask") == rows_without_time(tmp_path / "serial")


@pytest.mark.parametrize("stop", [KeyboardInterrupt, SweepError])
def test_a_dask_sweep_stopped_between_rounds_closes_its_cluster(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop: type[BaseException]
) -> None:
    """Ctrl-C (KeyboardInterrupt) or an error in the middle of the second round of a
    sequential sweep, its games still running, closes the sweep's one LocalCluster before the
    exception leaves run_sweep; the rows written so far (the first round's 8 and the one chunk
    of the second) stay in the journal for --resume."""
    exp = load_experiment(write(tmp_path, NOISE))
    clusters = RecordedClusters(monkeypatch)

    def on_rows(new: int, done: int, total: int) -> None:
        clusters.on_rows(new, done, total)
        if len(clusters.rounds) == 2 and new > 0:
            raise stop("stopped")

    with pytest.raises(stop):
        run_sweep(
            exp,
            tmp_path / "out",
            jobs=2,
            backend="dask",
            stopping=Stopping({"winner": 0.1}, 100),
            on_rows=on_rows,
        )
    assert len(clusters.started) == 1
    assert clusters.started[0].status.name == "closed"
    assert len(Journal(tmp_path / "out").read()) == 2 * 4 + 1


@pytest.mark.parametrize("where", ["local", "scheduler"])
def test_a_dask_sweep_tells_the_cluster_start_up_and_shows_the_bar_once_games_are_submitted(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    where: str,
) -> None:
    """--backend dask: the seconds a LocalCluster takes to start (or the connection to
    --scheduler) are told as what they are, a line when the start-up begins and one when the
    cluster is up (how long it took, its workers, its scheduler), and the progress bar first
    appears after them, at 0/8, when the games are submitted, rather than standing at 0/8
    through the start-up as if the sweep hung. On a terminal, where rich draws the bar as it
    goes, with real clusters."""
    import re

    from distributed import LocalCluster
    from rich.console import Console

    import hexwar.analysis.cli as sweep_cli

    screen = io.StringIO()
    terminal = Console(
        file=screen, force_terminal=True, color_system=None, width=120, soft_wrap=True
    )
    monkeypatch.setattr(sweep_cli, "err", terminal)
    args = ["sweep", str(write(tmp_path, NOISE)), "--out", str(tmp_path / "out")]
    if where == "local":
        cli([*args, "--backend", "dask", "--jobs", "2"], capsys)
        start = "starting a local dask cluster (2 workers)..."
        up = r"the local dask cluster is up \(\d+\.\d s\): 2 workers, scheduler "
        up += r"tcp://127\.0\.0\.1:\d+"
    else:
        with LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=False,
            protocol="tcp",
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster:
            address = cluster.scheduler_address
            cli([*args, "--scheduler", address], capsys)
        start = f"connecting to the dask scheduler at {address}..."
        up = rf"connected to the dask scheduler at {re.escape(address)} \(\d+\.\d s\): 2 workers"
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "\n", screen.getvalue())  # each redraw a line
    told = re.search(up, shown)
    assert told is not None, shown
    bars = [line for line in shown.splitlines() if line.startswith("sweep ")]
    assert shown.index(start) < told.start() < shown.index(bars[0])
    assert re.fullmatch(r"sweep +0/8 .*", bars[0]), bars[0]  # an empty bar, without colours
    assert re.fullmatch(r"sweep ━+ 8/8 .*", bars[-1]), bars[-1]
    assert shown.count(start) == 1  # one cluster, and no line for it once the bar is drawn


def test_a_dask_sweep_tells_its_status_before_the_first_chunk_is_submitted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """run_sweep's on_status is told of the start-up before the LocalCluster exists and that
    it is up once it runs, both before the first round's on_rows(0, ...) (the chunks
    submitted); the later rounds of a sequential sweep, on the same cluster, tell nothing."""
    exp = load_experiment(write(tmp_path, NOISE))
    clusters = RecordedClusters(monkeypatch)
    told: list[tuple[str, list[str]]] = []  # (what, the clusters' statuses then)

    def on_status(text: str) -> None:
        told.append((text.split(" (")[0], [c.status.name for c in clusters.started]))

    def on_rows(new: int, done: int, total: int) -> None:
        clusters.on_rows(new, done, total)
        if new == 0:
            told.append(("round", [c.status.name for c in clusters.started]))

    run_sweep(
        exp,
        tmp_path / "out",
        jobs=2,
        backend="dask",
        stopping=Stopping({"winner": 0.1}, 100),
        on_rows=on_rows,
        on_status=on_status,
    )
    assert told == [
        ("starting a local dask cluster", []),
        ("the local dask cluster is up", ["running"]),
        *[("round", ["running"])] * len(clusters.rounds),
    ]
    assert len(clusters.rounds) == 3


def test_a_local_dask_sweep_says_nothing_of_port_8787_held_by_another_cluster(
    tmp_path: Path,
) -> None:
    """The scheduler of the sweep's LocalCluster starts its HTTP server (health and metrics
    routes, no dashboard) on a free port of the loopback: with port 8787 (distributed's
    default) taken, as by another dask cluster on the machine, the sweep warns nothing
    (distributed warned "Port 8787 is already in use" in the middle of the start-up lines)."""
    import socket
    import warnings

    exp = load_experiment(write(tmp_path, NOISE))
    holder = socket.socket()
    try:
        holder.bind(("", 8787))
        holder.listen()
    except OSError:
        pass  # already held: as good for this test
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            run_sweep(exp, tmp_path / "out", jobs=1, backend="dask")
    finally:
        holder.close()
    assert [str(w.message) for w in caught if "8787" in str(w.message)] == []
    assert len(Journal(tmp_path / "out").read()) == 2 * 4


# --- paired comparisons ----------------------------------------------------------------------


def test_compare_pairs_replications_and_reports_the_variance_removed(tmp_path: Path) -> None:
    """B (noise 2) - A (noise 1): noisy differs by u game by game, so the paired variance is
    var(u), the unpaired var(u) + 4 var(u): 80 % removed. u itself is the same draw at both
    points (the same seeds): difference 0, all its variance removed. y is constant: no
    variance to remove."""
    exp = load_experiment(write(tmp_path, NOISE.replace("replications = 4", "replications = 12")))
    run_sweep(exp, tmp_path / "out")
    results = read_results(tmp_path / "out")
    found = {d.response: d for d in compare(results, 0, 1)}
    us = [r["summary.u"] for r in results.by_point()[0]]
    n = len(us)
    mean_u = math.fsum(us) / n
    var_u = math.fsum((u - mean_u) ** 2 for u in us) / (n - 1)
    half = float(t.ppf(0.975, n - 1)) * math.sqrt(var_u / n)
    noisy = found["summary.noisy"]
    assert noisy.n == 12
    assert noisy.diff == pytest.approx(mean_u, abs=1e-12)  # y is the same at both points
    assert (noisy.low, noisy.high) == pytest.approx((mean_u - half, mean_u + half), abs=1e-12)
    assert noisy.var_diff == pytest.approx(var_u, abs=1e-12)
    assert noisy.var_unpaired == pytest.approx(5 * var_u, abs=1e-12)
    assert noisy.reduction == pytest.approx(0.8, abs=1e-12)
    u = found["summary.u"]
    assert (u.diff, u.var_diff, u.reduction) == (0.0, 0.0, 1.0)
    assert found["summary.y"].reduction is None


def test_compare_refuses_rows_that_do_not_share_their_seeds(tmp_path: Path) -> None:
    exp = load_experiment(write(tmp_path, NOISE))
    run_sweep(exp, tmp_path / "out")
    results = read_results(tmp_path / "out")
    rows = [dict(r) for r in results.rows]
    rows[-1]["seed"] += 1
    with pytest.raises(SweepError, match="not common random numbers"):
        compare(Results(results.experiment, rows), 0, 1)
    with pytest.raises(SweepError, match="no design point 7"):
        compare(results, 0, 7)


def test_compare_command_names_the_points_and_prints_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exp = load_experiment(write(tmp_path, NOISE))
    run_sweep(exp, tmp_path / "out")
    shown, said = cli(
        ["sweep", "compare", str(tmp_path / "out"), "0", "1", "--format", "json"], capsys
    )
    records = {r["response"]: r for r in json.loads(shown)}
    assert records["summary.noisy"]["variance_reduction"] == pytest.approx(0.8, abs=1e-9)
    assert records["summary.noisy"]["interval"] == "t (paired)"
    assert said.strip() == "A = point 0 (noise = 1.0); B = point 1 (noise = 2.0)"


# --- agents as a factor; no factors ----------------------------------------------------------


def test_an_agent_factor_is_checked_against_the_rulesets_agents(tmp_path: Path) -> None:
    bad = (
        NOISE + '\n[[factors]]\nname = "who"\npath = "agents.analyst"\nvalues = ["ai", "oracle"]\n'
    )
    with pytest.raises(ScenarioError, match=r"factors\[1\]\.values\[1\]: unknown agent 'oracle'"):
        load_experiment(write(tmp_path, bad))
    side = NOISE + '\n[[factors]]\nname = "who"\npath = "agents.umpire"\nvalues = ["ai"]\n'
    with pytest.raises(ScenarioError, match=r"factors\[1\]\.path: unknown side 'umpire'"):
        load_experiment(write(tmp_path, side))


def test_an_experiment_without_factors_is_one_point_replicated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = NOISE.split("[[factors]]")[0]
    exp = load_experiment(write(tmp_path, text))
    assert len(exp.points) == 1
    assert exp.points[0].values == {}
    run_sweep(exp, tmp_path / "out")
    rows = read_results(tmp_path / "out").rows
    assert [r["seed"] for r in rows] == list(replication_seeds(2026, 4))
    assert [r["summary.y"] for r in rows] == [pytest.approx(ishigami(0.5, 0.0, 0.0))] * 4
    shown, _ = cli(["sweep", "analyze", str(tmp_path / "out")], capsys)
    assert shown.strip() == "no factors (replications only); nothing to analyze: see summarize"
    shown, _ = cli(["sweep", "summarize", str(tmp_path / "out"), "--format", "csv"], capsys)
    records = list(csv.DictReader(io.StringIO(shown)))
    assert {r["response"] for r in records} == {"summary.y", "summary.u", "summary.noisy", "winner"}


# --- partial summaries and formats -----------------------------------------------------------


def test_summarize_partial_reads_the_journal_and_counts_each_points_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In one process the journal holds replication 0 of every point, then replication 1,
    ...: its first 3 lines are points 0 and 1 of replication 0 and point 0 of replication 1."""
    exp = load_experiment(write(tmp_path, NOISE))
    out = tmp_path / "out"
    run_sweep(exp, out)
    journal = Journal(out).path
    lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    journal.write_text("".join(lines[:3]) + lines[3][:10], encoding="utf-8")  # a line cut off
    (out / "results.parquet").unlink()
    shown, _ = cli(["sweep", "summarize", str(out), "--partial"], capsys)
    assert shown.splitlines()[0] == "partial sweep: 3 of 8 rows; rows per point: 0: 2, 1: 1"
    assert journal.read_text(encoding="utf-8").endswith(lines[3][:10])  # read only
    shown, said = cli(["sweep", "summarize", str(out), "--partial", "--format", "json"], capsys)
    assert said.startswith("partial sweep: 3 of 8 rows")
    records = json.loads(shown)
    noisy = [r for r in records if r["response"] == "summary.noisy"]
    assert [(r["point"], r["n"]) for r in noisy] == [(0, 2), (1, 1)]
    with pytest.raises(SystemExit):
        cli(["sweep", "summarize", str(out)], capsys)
    assert "--partial" in capsys.readouterr().err


def test_summarize_formats_carry_quantiles_and_the_interval_method(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exp = load_experiment(write(tmp_path, NOISE))
    run_sweep(exp, tmp_path / "out")
    rows = read_results(tmp_path / "out").by_point()[0]
    noisy = sorted(r["summary.noisy"] for r in rows)  # 4 values: median h = 1.5
    median = (noisy[1] + noisy[2]) / 2
    shown, _ = cli(["sweep", "summarize", str(tmp_path / "out"), "--format", "csv"], capsys)
    records = list(csv.DictReader(io.StringIO(shown)))
    [row] = [r for r in records if r["point"] == "0" and r["response"] == "summary.noisy"]
    assert float(row["median"]) == pytest.approx(median, abs=1e-12)
    assert float(row["q05"]) == pytest.approx(noisy[0] + 0.15 * (noisy[1] - noisy[0]), abs=1e-12)
    assert row["interval"] == "t"
    [win] = [r for r in records if r["point"] == "0" and r["response"] == "winner"]
    assert (win["value"], win["count"], win["n"], win["interval"]) == (
        "analyst",
        "4",
        "4",
        "Wilson",
    )
    shown, _ = cli(["sweep", "summarize", str(tmp_path / "out"), "--format", "markdown"], capsys)
    assert "| point | noise | response | n | mean | sd | 95 % CI | median | 5 % .. 95 % |" in shown
    with pytest.raises(SystemExit):
        cli(["sweep", "summarize", str(tmp_path / "out"), "--format", "xml"], capsys)
    assert "--format 'xml': choose table, csv, json, markdown" in capsys.readouterr().err


# --- Sobol: the warning and the plot ---------------------------------------------------------


def test_an_index_whose_interval_is_wider_than_itself_is_flagged() -> None:
    si = SobolIndices("y", ["a", "b"], [0.1, 0.3], [0.06, 0.1], [0.5, 0.2], [0.2, 0.1], None)
    # a's S1: 2 * 0.06 = 0.12 > 0.1 (wide); b's: 0.2 < 0.3; a's ST 0.4 < 0.5; b's ST 0.2 = 0.2
    assert wide_indices([si]) == {("y", "a", "S1"): (0.1, 0.06)}


SALTELLI = """scenario = "ishigami.toml"
replications = 1
seed = 11
responses = ["summary.y"]

[design]
kind = "saltelli"
samples = 8

[[factors]]
name = "x1"
path = "x1"
low = -3.141592653589793
high = 3.141592653589793

[[factors]]
name = "x3"
path = "x3"
low = -3.141592653589793
high = 3.141592653589793
"""


def test_a_small_saltelli_sample_warns_of_wide_indices_and_plots_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """x3 alone does nothing in the Ishigami function (its S1 is 0): with 8 base samples its
    first-order index is noise, and its interval is wider than it."""
    exp = load_experiment(write(tmp_path, SALTELLI))
    run_sweep(exp, tmp_path / "out")
    shown, said = cli(["sweep", "analyze", str(tmp_path / "out"), "--format", "json"], capsys)
    records = {(r["response"], r["factor"]): r for r in json.loads(shown)}
    assert records[("summary.y", "x3")]["S1_wide"] is True
    warning = " ".join(said.split())  # one warning, wrapped to the terminal
    assert warning.count("warning:") == 1
    assert warning.startswith("warning: summary.y: 95 % interval wider than the index: ")
    assert "S1 of x3 (" in warning
    shown, _ = cli(["sweep", "plot", str(tmp_path / "out")], capsys)
    svg = (tmp_path / "out" / "plots" / "summary.y-sobol.svg").read_text(encoding="utf-8")
    assert "Sobol indices of summary.y" in svg
    assert (tmp_path / "out" / "plots" / "summary.y-sobol.png").is_file()


# --- a design point's scenario ---------------------------------------------------------------


def test_a_rows_game_replays_from_its_design_points_scenario_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """hexwar sweep scenario DIR 1 -o FILE; hexwar run FILE --seed S --json gives the row."""
    path = write(tmp_path, NOISE)
    out = tmp_path / "out"
    cli(["sweep", str(path), "--out", str(out)], capsys)
    for suffix in ("toml", "json"):
        file = tmp_path / f"point1.{suffix}"
        shown, _ = cli(["sweep", "scenario", str(out), "1", "-o", str(file)], capsys)
        assert shown.splitlines()[0] == f"wrote {file} (design point 1: noise = 2.0)"
        row = read_results(out).by_point()[1][3]
        played, _ = cli(["run", str(file), "--seed", str(row["seed"]), "--json"], capsys)
        summary = json.loads(played)["summary"]
        assert summary["noisy"] == row["summary.noisy"]
        assert summary["u"] == row["summary.u"]
    with pytest.raises(SystemExit):
        cli(["sweep", "scenario", str(out), "2", "-o", str(tmp_path / "p.toml")], capsys)
    assert "no design point 2" in capsys.readouterr().err


# --- 80 columns (issue 43) -------------------------------------------------------------------


def test_summarize_at_80_columns_keeps_every_response_name_whole(
    tmp_path: Path, cli_env: dict[str, str]
) -> None:
    """Issue 43: two responses that share their first 15 characters
    (summary.belligerents[0].killed and [1].killed) were both cut to summary.bellig... at 80
    columns. Each response's full name is shown, and no line is wider than the terminal."""
    experiment = write(
        tmp_path,
        """scenario = "hastings.toml"
replications = 2
seed = 1066
responses = ["winner", "summary.belligerents[0].killed", "summary.belligerents[1].killed"]

[agents]
attacker = "random"
defender = "random"

[[factors]]
name = "norman_size"
path = "database.Military[1].size"
values = [4000, 8000]
""",
        HASTINGS,
        "hastings.toml",
    )
    env = {**cli_env, "COLUMNS": "80"}
    hexwar = [sys.executable, "-m", "hexwar"]
    out = tmp_path / "out"
    subprocess.run(
        [*hexwar, "sweep", str(experiment), "--out", str(out)],
        env=env,
        check=True,
        capture_output=True,
    )
    shown = subprocess.run(
        [*hexwar, "sweep", "summarize", str(out)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    lines = shown.splitlines()
    assert max(len(line) for line in lines) <= 80
    names = [line.strip() for line in lines if line.strip().startswith("summary.")]
    assert names == ["summary.belligerents[0].killed", "summary.belligerents[1].killed"]
    wide = subprocess.run(
        [*hexwar, "sweep", "summarize", str(out)],
        env={**env, "COLUMNS": "200"},
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    # a terminal wide enough keeps the one table, a response column in it
    assert "│ 0     │ 4000        │ summary.belligerents[0].killed │ 2 │" in wide


def test_an_agent_factor_sets_who_plays_and_each_row_replays_with_its_agents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hastings with the attacker played by ai at point 0 and by random at point 1: every row
    is the game hexwar run plays from the point's scenario file with the agents that
    ``sweep scenario`` names (the same seed, the same agents, the same result)."""
    experiment = write(
        tmp_path,
        """scenario = "hastings.toml"
replications = 2
seed = 1066
responses = ["winner", "summary.hours", "summary.belligerents[1].killed"]

[agents]
defender = "random"

[[factors]]
name = "attacker_agent"
path = "agents.attacker"
values = ["ai", "random"]
""",
        HASTINGS,
        "hastings.toml",
    )
    out = tmp_path / "out"
    cli(["sweep", str(experiment), "--out", str(out)], capsys)
    described = json.loads((out / "experiment.json").read_text(encoding="utf-8"))
    assert described["points"] == [{"attacker_agent": "ai"}, {"attacker_agent": "random"}]
    for point, agent in ((0, "ai"), (1, "random")):
        file = tmp_path / f"point{point}.toml"
        shown, _ = cli(["sweep", "scenario", str(out), str(point), "-o", str(file)], capsys)
        agents = f"--agent attacker={agent} --agent defender=random"
        assert shown.splitlines()[1] == f"replay a row: hexwar run {file} --seed SEED {agents}"
        for row in read_results(out).by_point()[point]:
            args = ["run", str(file), "--seed", str(row["seed"]), "--json", *agents.split()]
            played = json.loads(cli(args, capsys)[0])
            assert played["summary"]["hours"] == row["summary.hours"]
            killed = played["summary"]["belligerents"][1]["killed"]
            assert killed == row["summary.belligerents[1].killed"]
