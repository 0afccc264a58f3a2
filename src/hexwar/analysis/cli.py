"""``hexwar sweep``: run an experiment, summarize it, analyze it, plot it.

``hexwar sweep EXPERIMENT.toml --out DIR`` is short for ``hexwar sweep run EXPERIMENT.toml
--out DIR``. Invalid input (the experiment file, an output directory in use, an unfinished
sweep) exits 2 with its located messages, like every hexwar command.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from typer.core import TyperGroup

from hexwar.cli.extras import MissingExtraError, require
from hexwar.cli.progress import batch_progress

out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)


class _SweepGroup(TyperGroup):
    """``hexwar sweep FILE ...`` runs FILE: a first argument that is not a command is the
    experiment of ``run``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["run", *args]
        return super().parse_args(ctx, args)


app = typer.Typer(
    cls=_SweepGroup,
    name="sweep",
    help="Run an experiment many times: designs over scenario factors, replications with "
    "common random numbers, in parallel or on a dask cluster; then summarize, analyze and "
    "plot. [bold]hexwar sweep EXPERIMENT.toml --out DIR[/bold] runs one (see docs/analysis.md).",
    no_args_is_help=True,
    rich_markup_mode="rich",
)


@app.command("run")
def run_command(
    experiment: Annotated[
        Path, typer.Argument(metavar="EXPERIMENT", help="The experiment file (TOML or JSON).")
    ],
    out_dir: Annotated[
        Path, typer.Option("--out", metavar="DIR", help="Directory for the journal and results.")
    ],
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", min=1, metavar="N", help="Worker processes (dask: local workers)."
        ),
    ] = 1,
    backend: Annotated[
        str,
        typer.Option(
            metavar="NAME",
            help="joblib (loky processes on this machine) or dask (dask.distributed: a local "
            "cluster of --jobs workers, or the one at --scheduler).",
        ),
    ] = "joblib",
    scheduler: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS", help="A dask scheduler, e.g. tcp://HOST:8786 (implies dask)."
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume", help="Continue the sweep in DIR: run only the replications missing."
        ),
    ] = False,
    plots: Annotated[
        bool,
        typer.Option(
            help="Draw the plots into DIR/plots when the sweep is done (or later: hexwar sweep "
            "plot DIR)."
        ),
    ] = False,
) -> None:
    """Run an experiment: every design point, every replication, into DIR."""
    from hexwar.analysis.runner import SweepError, run_sweep

    if backend not in ("joblib", "dask"):
        raise SweepError(f"--backend {backend!r}: choose joblib or dask")
    if scheduler is not None:
        backend = "dask"
    _require_for_run(backend, jobs, plots)
    if not experiment.is_file():
        raise SweepError(f"{experiment}: no such experiment file")
    exp = _load(experiment)
    progress, task = batch_progress(
        "sweep",
        "runs",
        err,
        headline=f"{experiment}: {len(exp.points)} design points x {len(exp.seeds)} "
        f"replications = {exp.n_runs} games of {exp.scenario_id} ({exp.ruleset.info.id})",
        total=exp.n_runs,
    )

    def advance(new: int, done: int, total: int) -> None:
        if new == 0:
            progress.update(task, completed=done)  # rows kept from an earlier run
            progress.reset(task, completed=done, total=total)
        else:
            progress.advance(task, new)

    try:
        with progress:
            parquet = run_sweep(
                exp,
                out_dir,
                jobs=jobs,
                backend=backend,  # type: ignore[arg-type]
                scheduler=scheduler,
                resume=resume,
                on_rows=advance,
            )
    except KeyboardInterrupt:
        err.print(f"interrupted; continue with: hexwar sweep {experiment} --out {out_dir} --resume")
        raise typer.Exit(130) from None
    out.print(f"results: {parquet} and {parquet.with_suffix('.csv')}", highlight=False)
    if plots:
        from hexwar.analysis.plots import sweep_plots
        from hexwar.analysis.results import read_results

        written = sweep_plots(read_results(out_dir), out_dir / "plots")
        out.print(f"plots: {len(written)} files in {out_dir / 'plots'}", highlight=False)
    else:
        out.print(f"plots: hexwar sweep plot {out_dir}", highlight=False)


def _require_for_run(backend: str, jobs: int, plots: bool) -> None:
    """The analysis extra's libraries this run will use, checked before any game."""
    require("the sweep", "analysis", "pyarrow", "scipy")
    if backend == "dask":
        require("the sweep with --backend dask", "analysis", "distributed")
    elif jobs > 1:
        require("the sweep with --jobs", "analysis", "joblib")
    if plots:
        require("the sweep's --plots", "analysis", "matplotlib")


def _load(path: Path) -> Any:
    """The experiment; a sampled design without SALib stops with the install hint."""
    from hexwar.analysis.experiment import load_experiment

    try:
        return load_experiment(path)
    except ModuleNotFoundError as e:
        if (e.name or "").partition(".")[0] != "SALib":
            raise
        raise MissingExtraError(
            "the sweep's lhs and saltelli designs need SALib: pip install 'hexwar[analysis]'"
        ) from None


def _fmt(x: float | None) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:.4g}"


@app.command("summarize")
def summarize_command(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A finished sweep's --out.")],
) -> None:
    """Per design point: means, standard deviations and 95 % confidence intervals of the
    numeric responses; shares of the categorical ones (the winner) with 95 % Wilson
    intervals."""
    require("hexwar sweep summarize", "analysis", "pyarrow", "scipy")
    from hexwar.analysis.results import read_results, summarize

    results = read_results(directory)
    factors = results.factors
    numeric = Table(title="numeric responses (95 % CI of the mean, Student's t)")
    for c in ["point", *factors, "response", "n", "mean", "sd", "95 % CI"]:
        numeric.add_column(c)
    shares = Table(title="categorical responses (95 % Wilson interval)")
    for c in ["point", *factors, "response", "value", "count", "share", "95 % CI"]:
        shares.add_column(c)
    for s in summarize(results):
        head = [str(s.point), *(str(s.factors[f]) for f in factors)]
        for name, st in s.numeric.items():
            ci = "-" if st.low is None else f"{_fmt(st.low)} .. {_fmt(st.high)}"
            numeric.add_row(*head, name, str(st.n), _fmt(st.mean), _fmt(st.sd), ci)
        for name, cats in s.categories.items():
            for cat in cats:
                shares.add_row(
                    *head,
                    name,
                    cat.category,
                    f"{cat.count}/{cat.n}",
                    f"{cat.share:.3f}",
                    f"{cat.low:.3f} .. {cat.high:.3f}",
                )
    if numeric.rows:
        out.print(numeric)
    if shares.rows:
        out.print(shares)


@app.command("analyze")
def analyze_command(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A finished sweep's --out.")],
) -> None:
    """Sensitivity: Sobol indices (first order, total, with 95 % confidence) for a Saltelli
    design; main effects (mean response at each level) for the other designs."""
    require("hexwar sweep analyze", "analysis", "pyarrow", "scipy")
    from hexwar.analysis.results import MainEffect, SobolIndices, analyze, read_results

    results = read_results(directory)
    if results.experiment["design"]["kind"] == "saltelli":
        require("hexwar sweep analyze (Sobol indices)", "analysis", "SALib")
    found = analyze(results)
    if not found:
        out.print("no numeric response varies; nothing to analyze")
        return
    if isinstance(found[0], SobolIndices):
        table = Table(title="Sobol indices (SALib), mean response per design point")
        for c in ["response", "factor", "S1", "S1 95 % conf", "ST", "ST 95 % conf"]:
            table.add_column(c)
        for si in found:
            assert isinstance(si, SobolIndices)
            for i, f in enumerate(si.factors):
                table.add_row(
                    si.response,
                    f,
                    _fmt(si.s1[i]),
                    _fmt(si.s1_conf[i]),
                    _fmt(si.st[i]),
                    _fmt(si.st_conf[i]),
                )
    else:
        table = Table(title="main effects: mean response at each level of a factor")
        for c in ["response", "factor", "spread", "levels (level: mean)"]:
            table.add_column(c)
        for me in found:
            assert isinstance(me, MainEffect)
            levels = "; ".join(f"{lv}: {_fmt(m)}" for lv, m in me.levels)
            table.add_row(me.response, me.factor, _fmt(me.spread), levels)
    out.print(table)


@app.command("plot")
def plot_command(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A finished sweep's --out.")],
) -> None:
    """Draw (again) the sweep's plots into DIR/plots, PNG and SVG: each numeric response
    against each factor with 95 % intervals, the outcome shares per design point, and the
    distribution of each response."""
    require("hexwar sweep plot", "analysis", "pyarrow", "scipy", "matplotlib")
    from hexwar.analysis.plots import sweep_plots
    from hexwar.analysis.results import read_results

    written = sweep_plots(read_results(directory), directory / "plots")
    out.print(f"plots: {len(written)} files in {directory / 'plots'}", highlight=False)
