"""Issue 41: a command whose optional extra is missing says which library and which extra, in
one line, and exits 2 before any game is played (no traceback, no output of a game).

Each case runs the command line in a fresh interpreter in which the library is made
unimportable (``sys.modules[name] = None``, what Python does for a module it must not load),
so the check is the one a user without the extra meets.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, TINY_RULESETS

ANALYTIC = "tests.fixtures.analytic:AnalyticRuleset"
SCENARIO = 'ruleset = "analytic"\ntitle = "Ishigami"\nx1 = 0.0\nx2 = 0.0\nx3 = 0.0\n'
EXPERIMENT = """scenario = "ishigami.toml"
replications = 2
seed = 7
responses = ["winner", "summary.y"]

[design]
kind = "{kind}"
{samples}

[[factors]]
name = "x1"
path = "x1"
low = -1.0
high = 1.0
{levels}
"""


def hexwar_without(
    blocked: list[str], args: list[str], env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """``hexwar ARGS`` in a new interpreter where the ``blocked`` modules cannot be imported."""
    code = (
        "import sys\n"
        f"for name in {blocked!r}:\n"
        "    sys.modules[name] = None\n"
        "from hexwar.cli.main import main\n"
        f"sys.argv = ['hexwar', *{args!r}]\n"
        "main()\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def env(cli_env: dict[str, str]) -> dict[str, str]:
    return {**cli_env, "HEXWAR_RULESETS": f"{TINY_RULESETS},{ANALYTIC}", "COLUMNS": "200"}


def experiment(tmp_path: Path, kind: str = "factorial") -> Path:
    (tmp_path / "ishigami.toml").write_text(SCENARIO, encoding="utf-8")
    path = tmp_path / "experiment.toml"
    text = EXPERIMENT.format(
        kind=kind,
        samples="" if kind == "factorial" else "samples = 4",
        levels="levels = 2" if kind == "factorial" else "",
    )
    path.write_text(text, encoding="utf-8")
    return path


def assert_hint(proc: subprocess.CompletedProcess[str], line: str) -> None:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines() == [line]


def test_sweep_without_pyarrow_names_the_analysis_extra_before_playing(
    tmp_path: Path, env: dict[str, str]
) -> None:
    out = tmp_path / "out"
    args = ["sweep", str(experiment(tmp_path)), "--out", str(out)]
    proc = hexwar_without(["pyarrow"], args, env)
    assert_hint(proc, "hexwar: hexwar sweep needs pyarrow: pip install 'hexwar[analysis]'")
    assert not out.exists()  # no journal: not one game was played


@pytest.mark.parametrize(
    ("blocked", "options", "line"),
    [
        (
            "joblib",
            ["--jobs", "2"],
            "hexwar: hexwar sweep --jobs needs joblib: pip install 'hexwar[analysis]'",
        ),
        (
            "distributed",
            ["--backend", "dask"],
            "hexwar: hexwar sweep --backend dask needs distributed: pip install 'hexwar[analysis]'",
        ),
        (
            "matplotlib",
            ["--plots"],
            "hexwar: hexwar sweep --plots needs matplotlib: pip install 'hexwar[analysis]'",
        ),
    ],
)
def test_sweep_checks_the_library_of_each_option_before_playing(
    tmp_path: Path, env: dict[str, str], blocked: str, options: list[str], line: str
) -> None:
    out = tmp_path / "out"
    args = ["sweep", str(experiment(tmp_path)), "--out", str(out), *options]
    assert_hint(hexwar_without([blocked], args, env), line)
    assert not out.exists()


def test_a_sampled_design_without_salib_names_the_analysis_extra(
    tmp_path: Path, env: dict[str, str]
) -> None:
    out = tmp_path / "out"
    args = ["sweep", str(experiment(tmp_path, "lhs")), "--out", str(out)]
    assert_hint(
        hexwar_without(["SALib"], args, env),
        "hexwar: the sweep's lhs and saltelli designs need SALib: pip install 'hexwar[analysis]'",
    )
    assert not out.exists()


def test_summarize_without_pyarrow_names_the_analysis_extra(
    tmp_path: Path, env: dict[str, str]
) -> None:
    args = ["sweep", "summarize", str(tmp_path)]
    assert_hint(
        hexwar_without(["pyarrow"], args, env),
        "hexwar: hexwar sweep summarize needs pyarrow: pip install 'hexwar[analysis]'",
    )


def test_tournament_without_joblib_names_the_research_extra(env: dict[str, str]) -> None:
    args = ["tournament", "flankbattle/hastings", "--agents", "ai,random"]
    proc = hexwar_without(["joblib"], args, env)
    assert_hint(proc, "hexwar: hexwar tournament needs joblib: pip install 'hexwar[research]'")
    assert proc.stdout == ""  # no table: no game was played


def test_run_plots_without_matplotlib_names_the_web_extra_before_playing(
    tmp_path: Path, env: dict[str, str]
) -> None:
    """``make run`` installs [web], which holds matplotlib: the hint names that extra."""
    args = ["run", "flankbattle/hastings", "--seed", "3", "--plots", str(tmp_path / "plots")]
    proc = hexwar_without(["matplotlib"], args, env)
    assert_hint(proc, "hexwar: hexwar run --plots needs matplotlib: pip install 'hexwar[web]'")
    assert proc.stdout == ""  # the game's log was never printed: it was not played
    assert not (tmp_path / "plots").exists()


def test_the_web_extra_holds_matplotlib_with_the_analysis_extras_pin() -> None:
    """The plots page and ``run --plots`` need matplotlib, and ``make run`` installs [web]."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    pins = {e: [d for d in extras[e] if d.startswith("matplotlib")] for e in extras}
    assert pins["web"] == pins["analysis"] == ["matplotlib>=3.8,<4"]


def test_a_default_sweep_imports_neither_plots_nor_samplers_nor_clusters(
    tmp_path: Path, env: dict[str, str]
) -> None:
    """Issue 41 (the sweep's cost): a factorial sweep in one process, with its default outputs
    (journal, Parquet, CSV; plots on demand), runs with matplotlib, SALib, joblib and dask
    unimportable: it imports only what it uses."""
    out = tmp_path / "out"
    args = ["sweep", str(experiment(tmp_path)), "--out", str(out)]
    blocked = ["matplotlib", "SALib", "joblib", "dask", "distributed"]
    proc = hexwar_without(blocked, args, env)
    assert proc.returncode == 0, proc.stderr
    assert (out / "results.parquet").is_file()
    assert (out / "results.csv").read_text(encoding="utf-8").count("\n") == 1 + 2 * 2
    assert not (out / "plots").exists()
    assert proc.stdout.splitlines()[-1] == f"plots: hexwar sweep plot {out}"


def imported(modules: list[str], args: list[str], env: dict[str, str]) -> dict[str, bool]:
    """Whether ``hexwar ARGS``, run to its end in a new interpreter, imported each of
    ``modules``."""
    code = (
        "import sys\n"
        "from hexwar.cli.main import main\n"
        f"sys.argv = ['hexwar', *{args!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as e:\n"
        "    if e.code not in (0, None):\n"
        "        raise\n"
        f"print(*(name in sys.modules for name in {modules!r}))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    seen = [{"True": True, "False": False}[w] for w in proc.stdout.splitlines()[-1].split()]
    return dict(zip(modules, seen, strict=True))


def pandas_imported(args: list[str], env: dict[str, str]) -> bool:
    return imported(["pandas"], args, env)["pandas"]


def test_writing_the_results_table_does_not_import_pandas(
    tmp_path: Path, env: dict[str, str]
) -> None:
    """pyarrow.array on Python lists imports pandas (a quarter of a second, 45 MiB): the
    sweep builds its table without it."""
    out = tmp_path / "out"
    assert not pandas_imported(["sweep", str(experiment(tmp_path)), "--out", str(out)], env)
    assert (out / "results.parquet").is_file()


READERS = pytest.mark.parametrize(
    "command",
    [
        ["summarize", "{out}"],
        ["summarize", "{out}", "--format", "json"],
        ["analyze", "{out}"],
        ["compare", "{out}", "0", "1"],
        ["plot", "{out}"],
        ["{experiment}", "--out", "{more}", "--until-halfwidth", "0.3", "--max-replications", "4"],
    ],
    ids=["summarize", "summarize-json", "analyze", "compare", "plot", "until-halfwidth"],
)


def reader_args(tmp_path: Path, command: list[str]) -> list[str]:
    """``command`` of READERS on a factorial sweep of the analytic ruleset, run here first."""
    from hexwar.analysis.experiment import load_experiment
    from hexwar.analysis.runner import run_sweep
    from hexwar.core import registry
    from tests.fixtures.analytic import AnalyticRuleset

    registry.register(AnalyticRuleset())
    path = experiment(tmp_path)
    out = tmp_path / "out"
    run_sweep(load_experiment(path), out)
    names = {"out": str(out), "experiment": str(path), "more": str(tmp_path / "more")}
    return ["sweep", *(a.format(**names) for a in command)]


@READERS
def test_reading_a_sweeps_results_does_not_import_pandas(
    tmp_path: Path, env: dict[str, str], command: list[str]
) -> None:
    """What reads results.parquet back (summarize, analyze's main effects, compare, plot, and
    a sequential sweep's closing report) reads the one file with pyarrow.parquet.ParquetFile:
    pq.read_table goes through pyarrow.dataset, whose import imports pandas. (Sobol indices
    keep it: SALib imports pandas itself.)"""
    assert not pandas_imported(reader_args(tmp_path, command), env)


@READERS
def test_the_t_intervals_do_not_import_scipy_stats(
    tmp_path: Path, env: dict[str, str], command: list[str]
) -> None:
    """Student's t quantile of the intervals (summarize, compare, plot's error bars, the
    stopping rule) is scipy.special.stdtrit, not scipy.stats.t.ppf: scipy.stats's import
    costs 0.9 s and 63 MiB more than scipy.special's. (Sobol indices keep it: SALib imports
    it itself.)"""
    seen = imported(["scipy.stats", "scipy.special"], reader_args(tmp_path, command), env)
    assert not seen["scipy.stats"]
    assert seen["scipy.special"] == (command[0] != "analyze")  # main effects need no quantile


def test_the_results_table_keeps_each_columns_type() -> None:
    """As Arrow infers them: integers, integers among floats as floats, booleans, text, text
    mixed with numbers as text, a column of missing values as null."""
    import pyarrow as pa

    from hexwar.analysis.results import _arrow_type

    assert _arrow_type([1, 2, None]) == pa.int64()
    assert _arrow_type([1, 2.5]) == pa.float64()
    assert _arrow_type([True, False]) == pa.bool_()
    assert _arrow_type(["west", None]) == pa.string()
    assert _arrow_type(["west", 3]) == pa.string()
    assert _arrow_type([None, None]) == pa.null()
