"""hexwar sweep: experiment files, common random numbers, backends, resume, statistics, Sobol.

The games are those of the analytic fixture ruleset (tests/fixtures/analytic.py), whose result
is the Ishigami function of its scenario plus one seeded uniform draw, so every expected value
here is known without the code under test.
"""

from __future__ import annotations

import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

from hexwar.analysis.experiment import load_experiment, replication_seeds
from hexwar.analysis.results import (
    Results,
    analyze,
    mean_interval,
    read_results,
    summarize,
    t_quantile,
    wilson_interval,
)
from hexwar.analysis.runner import Journal, SweepError, prepare, run_chunk, run_sweep
from hexwar.core import registry
from hexwar.core.errors import ScenarioError
from tests.conftest import TINY_RULESETS
from tests.fixtures.analytic import AnalyticRuleset


def cli_main(args: list[str]) -> None:
    """``hexwar ARGS`` in this process, through the entry point that turns errors into exit 2."""
    from hexwar.cli.main import main

    old = sys.argv
    sys.argv = ["hexwar", *args]
    try:
        main()
    except SystemExit as e:
        if e.code not in (0, None):  # click ends a successful command with exit 0
            raise
    finally:
        sys.argv = old


ANALYTIC = "tests.fixtures.analytic:AnalyticRuleset"
SCENARIO = """ruleset = "analytic"
title = "Ishigami"
x1 = 0.0
x2 = 0.0
x3 = 0.0
noise = 0.0
pause = 0.0
"""


@pytest.fixture(autouse=True)
def analytic() -> None:
    registry.register(AnalyticRuleset())


def write(tmp_path: Path, experiment: str, scenario: str = SCENARIO) -> Path:
    (tmp_path / "ishigami.toml").write_text(scenario, encoding="utf-8")
    path = tmp_path / "experiment.toml"
    path.write_text(experiment, encoding="utf-8")
    return path


FACTORIAL = """scenario = "ishigami.toml"
replications = 4
seed = 2026
responses = ["winner", "summary.y", "summary.u"]

[[factors]]
name = "x1"
path = "x1"
values = [-1.0, 0.5, 2.0]

[[factors]]
name = "x2"
path = "x2"
low = 0.0
high = 1.0
levels = 2
"""


def rows_without_time(directory: Path) -> list[dict[str, object]]:
    table = pq.read_table(directory / "results.parquet").drop_columns(["run_time_s"])
    return table.to_pylist()


# --- the experiment file ---------------------------------------------------------------------


def test_factor_key_path_missing_from_scenario_is_refused_at_its_line(tmp_path: Path) -> None:
    text = FACTORIAL.replace('path = "x2"', 'path = "x9"')
    path = write(tmp_path, text)
    line = text.splitlines().index('path = "x9"') + 1
    with pytest.raises(ScenarioError) as caught:
        load_experiment(path)
    [problem] = caught.value.problems
    assert (problem.file, problem.line, problem.path) == (str(path), line, "factors[1].path")
    assert "no key x9" in problem.message


def test_factor_key_path_that_is_not_a_path_is_refused_at_its_line(tmp_path: Path) -> None:
    text = FACTORIAL.replace('path = "x2"', 'path = "x2..y"')
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as caught:
        load_experiment(path)
    [problem] = caught.value.problems
    assert problem.line == text.splitlines().index('path = "x2..y"') + 1
    assert "not a key path" in problem.message


def test_every_design_point_scenario_is_validated_before_anything_runs(tmp_path: Path) -> None:
    # x1 = "far" is not a float: the scenario model refuses it, at the scenario's x1 line,
    # naming the design point; no output directory is made.
    path = write(tmp_path, FACTORIAL.replace("values = [-1.0, 0.5, 2.0]", 'values = [0.5, "far"]'))
    with pytest.raises(ScenarioError) as caught:
        load_experiment(path)
    problems = caught.value.problems
    assert {p.line for p in problems} == {3}  # x1 in ishigami.toml
    assert {p.file for p in problems} == {str(tmp_path / "ishigami.toml")}
    assert all("design point 2" in p.message or "design point 3" in p.message for p in problems)


def test_factorial_design_is_every_combination_of_levels(tmp_path: Path) -> None:
    exp = load_experiment(write(tmp_path, FACTORIAL))
    assert [p.values for p in exp.points] == [
        {"x1": x1, "x2": x2} for x1 in (-1.0, 0.5, 2.0) for x2 in (0.0, 1.0)
    ]
    assert exp.n_runs == 6 * 4


def test_latin_hypercube_puts_one_point_in_each_stratum_of_each_factor(tmp_path: Path) -> None:
    text = FACTORIAL.replace("levels = 2\n", "").replace(
        "values = [-1.0, 0.5, 2.0]", "low = -2.0\nhigh = 2.0"
    )
    exp = load_experiment(write(tmp_path, text + '\n[design]\nkind = "lhs"\nsamples = 8\n'))
    assert len(exp.points) == 8
    x1 = sorted(p.values["x1"] for p in exp.points)
    x2 = sorted(p.values["x2"] for p in exp.points)
    for i in range(8):
        assert -2.0 + 4.0 * i / 8 <= x1[i] < -2.0 + 4.0 * (i + 1) / 8
        assert i / 8 <= x2[i] < (i + 1) / 8


# --- seeds -----------------------------------------------------------------------------------


def test_replication_seeds_are_common_random_numbers_across_design_points(
    tmp_path: Path,
) -> None:
    """Issue 20 item 2: replication r's seed comes from SeedSequence(master, spawn_key=(r,)),
    the same at every design point, so the game's draw u is the same at every point."""
    exp = load_experiment(write(tmp_path, FACTORIAL))
    expected = [
        int(np.random.SeedSequence(2026, spawn_key=(r,)).generate_state(1, np.uint32)[0])
        for r in range(4)
    ]
    assert list(exp.seeds) == expected == list(replication_seeds(2026, 4))
    run_sweep(exp, tmp_path / "out")
    rows = rows_without_time(tmp_path / "out")
    assert len(rows) == 6 * 4
    for r in range(4):
        same_rep = [row for row in rows if row["replication"] == r]
        assert {row["seed"] for row in same_rep} == {expected[r]}
        assert len({row["summary.u"] for row in same_rep}) == 1
    assert len({row["summary.u"] for row in rows}) == 4
    for row in rows:  # the response is the game's: y of the factor values
        y = math.sin(row["x1"]) + 7 * math.sin(row["x2"]) ** 2
        assert row["summary.y"] == pytest.approx(y, abs=1e-12)
        assert row["winner"] == ("analyst" if y > 0 else "nature")


# --- backends --------------------------------------------------------------------------------


def test_results_are_identical_for_one_worker_two_workers_and_dask(tmp_path: Path) -> None:
    """Issue 20 item 2: byte-identical rows (but for the measured run time) whatever runs
    them: this process, two loky workers, a dask cluster given by its scheduler's address,
    or the dask backend's own LocalCluster of two worker processes."""
    from distributed import LocalCluster

    exp = load_experiment(
        write(tmp_path, FACTORIAL.replace("replications = 4", "replications = 40"))
    )
    run_sweep(exp, tmp_path / "one", jobs=1)
    run_sweep(exp, tmp_path / "two", jobs=2)
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",  # no fixed port, never beyond this machine
    ) as cluster:
        run_sweep(exp, tmp_path / "dask", backend="dask", scheduler=cluster.scheduler_address)
    run_sweep(exp, tmp_path / "local", jobs=2, backend="dask")
    one = rows_without_time(tmp_path / "one")
    assert len(one) == 6 * 40
    assert rows_without_time(tmp_path / "two") == one
    assert rows_without_time(tmp_path / "dask") == one
    assert rows_without_time(tmp_path / "local") == one

    def csv_without_time(d: str) -> list[str]:
        lines = (tmp_path / d / "results.csv").read_text(encoding="utf-8").splitlines()
        return [line.rsplit(",", 1)[0] for line in lines]

    assert csv_without_time("two") == csv_without_time("one") == csv_without_time("dask")


# --- resume ----------------------------------------------------------------------------------


def test_a_sweep_killed_midway_resumes_without_running_a_replication_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 20 item 3: rows are journaled as each replication finishes; after a SIGKILL,
    --resume runs only the missing ones and the table has each replication once."""
    scenario = SCENARIO.replace("pause = 0.0", "pause = 0.01")
    text = FACTORIAL.replace("replications = 4", "replications = 50")
    path = write(tmp_path, text, scenario)
    out = tmp_path / "out"
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ)
    env["HEXWAR_RULESETS"] = f"{TINY_RULESETS},{ANALYTIC}"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "hexwar", "sweep", str(path), "--out", str(out)]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    journal = out / "journal.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if journal.exists() and journal.read_bytes().count(b"\n") >= 20:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    before = journal.read_bytes()
    kept = before[: before.rfind(b"\n") + 1]
    n_before = kept.count(b"\n")
    assert 20 <= n_before < 300, "the sweep was killed midway"
    with journal.open("ab") as f:
        f.write(b'{"point": 0, "replica')  # as if killed in the middle of a write
    with pytest.raises(SystemExit) as exited:  # without --resume: refused, exit 2, no traceback
        cli_main(["sweep", str(path), "--out", str(out)])
    assert exited.value.code == 2
    assert "--resume" in capsys.readouterr().err
    done = subprocess.run(
        [*command, "--resume", "--no-plots"], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = journal.read_bytes()
    assert lines.startswith(kept)  # the rows from before the kill are kept as they were
    assert lines.count(b"\n") == 6 * 50  # nothing ran twice
    rows = rows_without_time(out)
    keys = [(r["point"], r["replication"]) for r in rows]
    assert keys == sorted({(p, r) for p in range(6) for r in range(50)})
    seeds = replication_seeds(2026, 50)
    assert all(r["seed"] == seeds[r["replication"]] for r in rows)


def test_resume_refuses_a_changed_experiment(tmp_path: Path) -> None:
    exp = load_experiment(write(tmp_path, FACTORIAL))
    run_sweep(exp, tmp_path / "out")
    changed = load_experiment(write(tmp_path, FACTORIAL.replace("seed = 2026", "seed = 7")))
    with pytest.raises(SweepError, match="different experiment"):
        run_sweep(changed, tmp_path / "out", resume=True)


def test_journal_keeps_the_first_row_of_a_replication(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.append([{"point": 0, "replication": 1, "v": 1}])
    journal.append([{"point": 0, "replication": 1, "v": 2}, {"point": 1, "replication": 1}])
    assert journal.read()[(0, 1)]["v"] == 1
    assert len(journal.read()) == 2


# --- statistics ------------------------------------------------------------------------------


def test_mean_interval_matches_a_hand_computation() -> None:
    # 2 4 4 4 5 5 7 9: mean 5, s^2 = 32/7, s = 2.138090; t(0.975, 7) = 2.364624;
    # half width = 2.364624 * 2.138090 / sqrt(8) = 1.787487.
    st = mean_interval([2, 4, 4, 4, 5, 5, 7, 9])
    assert st.n == 8
    assert st.mean == 5
    assert st.sd == pytest.approx(2.138090, abs=1e-6)
    assert st.low == pytest.approx(5 - 1.787487, abs=1e-5)
    assert st.high == pytest.approx(5 + 1.787487, abs=1e-5)


def test_t_quantile_is_scipy_stats_t_ppf_to_the_bit() -> None:
    """The intervals' Student's t quantile comes from scipy.special.stdtrit, which is what
    scipy.stats.t.ppf computes: the same float, bit for bit (sign of zero included), over
    degrees of freedom 1 to 300 and beyond, at both tails, the middle and every two-sided
    level's upper quantile as mean_interval asks for it (0.5 + level / 2)."""
    from scipy.stats import t

    dfs = [*range(1, 301), 500, 1000, 4999, 10**4, 10**5, 10**6]
    levels = (0.5, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999)
    ps = [1e-6, 0.0005, 0.005, 0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.975, 0.995, 0.999999]
    ps += [0.5 + level / 2 for level in levels]
    for df in dfs:
        for p in ps:
            assert t_quantile(p, df).hex() == float(t.ppf(p, df)).hex(), (p, df)


def test_wilson_interval_matches_a_hand_computation() -> None:
    # 7 of 10, z = 1.959964: centre (0.7 + z^2/20) / (1 + z^2/10) = 0.644490,
    # half z sqrt(0.021 + z^2/400) / (1 + z^2/10) = 0.247717.
    low, high = wilson_interval(7, 10)
    assert low == pytest.approx(0.644490 - 0.247717, abs=1e-5)
    assert high == pytest.approx(0.644490 + 0.247717, abs=1e-5)
    assert wilson_interval(0, 5)[0] == 0.0


def test_summarize_gives_each_point_its_means_and_win_shares() -> None:
    experiment = {"factors": [{"name": "x"}], "responses": ["winner", "v"], "design": {}}
    rows = [
        {"point": 0, "replication": r, "x": 1, "winner": w, "v": v}
        for r, (w, v) in enumerate(zip("aaaaaaabbb", [2, 4, 4, 4, 5, 5, 7, 9, 5, 5], strict=True))
    ]
    [point] = summarize(Results(experiment, rows))
    assert point.factors == {"x": 1}
    assert point.numeric["v"].mean == 5
    assert point.numeric["v"].sd == pytest.approx(math.sqrt(32 / 9), abs=1e-12)
    a, b = point.categories["winner"]
    assert (a.category, a.count, a.n) == ("a", 7, 10)
    assert (a.low, a.high) == pytest.approx((0.396773, 0.892207), abs=1e-5)
    assert (b.category, b.count) == ("b", 3)


# --- sensitivity -----------------------------------------------------------------------------

SALTELLI = """scenario = "ishigami.toml"
replications = 1
seed = 11
responses = ["summary.y"]

[design]
kind = "saltelli"
samples = 1024
"""


def test_sobol_indices_of_the_ishigami_function_match_the_known_values(tmp_path: Path) -> None:
    """Ishigami and Homma (1990), a = 7, b = 0.1, x uniform on [-pi, pi]: S1 = (0.3139,
    0.4424, 0), ST = (0.5576, 0.4424, 0.2437)."""
    factors = "".join(
        f'\n[[factors]]\nname = "{x}"\npath = "{x}"\nlow = {-math.pi!r}\nhigh = {math.pi!r}\n'
        for x in ("x1", "x2", "x3")
    )
    exp = load_experiment(write(tmp_path, SALTELLI + factors))
    assert len(exp.points) == 1024 * (3 + 2)
    run_sweep(exp, tmp_path / "out")
    [si] = analyze(read_results(tmp_path / "out"))
    assert si.s1 == pytest.approx([0.3139, 0.4424, 0.0], abs=0.05)
    assert si.st == pytest.approx([0.5576, 0.4424, 0.2437], abs=0.05)


def test_main_effects_of_a_factorial_design_are_the_level_means(tmp_path: Path) -> None:
    exp = load_experiment(write(tmp_path, FACTORIAL))
    run_sweep(exp, tmp_path / "out")
    effects = {(e.response, e.factor): e for e in analyze(read_results(tmp_path / "out"))}
    x2 = effects[("summary.y", "x2")]
    # y = sin(x1) + 7 sin(x2)^2; mean over x1 in (-1, 0.5, 2) at each x2 level
    base = (math.sin(-1.0) + math.sin(0.5) + math.sin(2.0)) / 3
    assert [lv for lv, _ in x2.levels] == [0.0, 1.0]
    assert [m for _, m in x2.levels] == pytest.approx([base, base + 7 * math.sin(1.0) ** 2])


def test_a_worker_with_another_ruleset_version_refuses_to_play(tmp_path: Path) -> None:
    """A cluster worker running other rules must say so, not fill the table with them."""
    from dataclasses import replace

    from hexwar.analysis.runner import _chunks

    exp = load_experiment(write(tmp_path, FACTORIAL))
    chunk = replace(_chunks(exp, set(), 1)[0], ruleset_version="0")
    with pytest.raises(SweepError, match="install the same hexwar on every worker"):
        run_chunk(chunk)


def test_summarize_prints_the_intervals_and_refuses_an_unfinished_sweep(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exp = load_experiment(write(tmp_path, FACTORIAL))
    Journal(tmp_path / "out").path.parent.mkdir()
    prepare(tmp_path / "out", exp, resume=False)
    with pytest.raises(SystemExit) as exited:
        cli_main(["sweep", "summarize", str(tmp_path / "out")])
    assert exited.value.code == 2
    assert "unfinished (0 of 24 replications)" in capsys.readouterr().err
    run_sweep(exp, tmp_path / "out", resume=True)
    cli_main(["sweep", "summarize", str(tmp_path / "out")])
    shown = capsys.readouterr().out
    assert "Wilson" in shown
    assert "4/4" in shown  # each point's winner in all four replications (y has one sign)
