"""``hexwar sweep``: run an experiment, summarize it, analyze it, plot it.

``hexwar sweep EXPERIMENT.toml --out DIR`` is short for ``hexwar sweep run EXPERIMENT.toml
--out DIR``. Invalid input (the experiment file, an output directory in use, an unfinished
sweep) exits 2 with its located messages, like every hexwar command.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated, Any, Literal

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
    until_halfwidth: Annotated[
        list[str] | None,
        typer.Option(
            "--until-halfwidth",
            metavar="[RESPONSE=]H",
            help="Sequential replication: after the experiment's replications, replicate each "
            "design point until the 95 % interval half-width of every response (or of "
            "RESPONSE; repeatable) is at most H (t interval for means, Wilson for shares).",
        ),
    ] = None,
    max_replications: Annotated[
        int | None,
        typer.Option(
            min=1,
            metavar="N",
            help="With --until-halfwidth: at most N replications a point (default 1000).",
        ),
    ] = None,
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
    stopping = _stopping(exp, until_halfwidth or [], max_replications)
    progress, task = batch_progress(
        "sweep",
        "runs",
        err,
        headline=f"{experiment}: {len(exp.points)} design points x {len(exp.seeds)} "
        f"replications = {exp.n_runs} games of {exp.scenario_id} ({exp.ruleset.info.id})",
        total=exp.n_runs,
    )

    def advance(new: int, done: int, total: int) -> None:
        # The bar appears when the first games are submitted: a dask cluster's start-up
        # before them is told by status(), not shown as a bar standing at 0.
        progress.start()
        if new == 0:
            progress.update(task, completed=done)  # rows kept from an earlier run
            progress.reset(task, completed=done, total=total)
        else:
            progress.advance(task, new)

    def status(text: str) -> None:
        err.print(text, markup=False, highlight=False)

    try:
        try:
            parquet = run_sweep(
                exp,
                out_dir,
                jobs=jobs,
                backend=backend,  # type: ignore[arg-type]
                scheduler=scheduler,
                resume=resume,
                on_rows=advance,
                stopping=stopping,
                on_status=status,
            )
        finally:
            progress.stop()
    except KeyboardInterrupt:
        err.print(f"interrupted; continue with: hexwar sweep {experiment} --out {out_dir} --resume")
        raise typer.Exit(130) from None
    out.print(f"results: {parquet} and {parquet.with_suffix('.csv')}", highlight=False)
    if stopping is not None:
        _report_stopping(out_dir, stopping)
    if plots:
        from hexwar.analysis.plots import sweep_plots
        from hexwar.analysis.results import read_results

        written = sweep_plots(read_results(out_dir), out_dir / "plots")
        out.print(f"plots: {len(written)} files in {out_dir / 'plots'}", highlight=False)
    else:
        out.print(f"plots: hexwar sweep plot {out_dir}", highlight=False)


def _stopping(exp: Any, specs: list[str], cap: int | None) -> Any:
    """The stopping rule of ``--until-halfwidth`` and ``--max-replications``, checked."""
    from hexwar.analysis.runner import Stopping, SweepError

    if not specs:
        if cap is not None:
            raise SweepError("--max-replications goes with --until-halfwidth")
        return None
    targets: dict[str, float] = {}
    for spec in specs:
        name, _, text = spec.rpartition("=")
        try:
            h = float(text)
        except ValueError:
            h = math.nan
        if not h > 0 or not math.isfinite(h):
            raise SweepError(f"--until-halfwidth {spec}: H must be a positive number")
        if name and name.partition("=")[0] not in exp.responses:
            raise SweepError(
                f"--until-halfwidth {spec}: {name.partition('=')[0]!r} is not a response of "
                f"the experiment ({', '.join(exp.responses)})"
            )
        targets[name or "*"] = h
    cap = 1000 if cap is None else cap
    if cap < len(exp.seeds):
        raise SweepError(
            f"--max-replications {cap}: below the experiment's {len(exp.seeds)} replications"
        )
    return Stopping(targets, cap)


def _report_stopping(directory: Path, stopping: Any) -> None:
    """How the stopping rule ended: replications per point, and the points left at the cap."""
    from hexwar.analysis.results import INTERVALS, next_replications, read_results

    results = read_results(directory)
    counts = [len(rows) for rows in results.by_point().values()]
    _, too_wide = next_replications(results, stopping.halfwidths, stopping.cap)
    targets = ", ".join(
        f"{k if k != '*' else 'every response'} <= {v:g}" for k, v in stopping.halfwidths.items()
    )
    out.print(f"stopping rule: 95 % half-width {targets} ({INTERVALS})", highlight=False)
    out.print(
        f"replications per point: {min(counts)} to {max(counts)}; "
        f"{len(counts) - len(too_wide)} of {len(counts)} points met the targets",
        highlight=False,
    )
    for point, over in too_wide.items():
        widths = ", ".join(f"{k} {_fmt(v)}" for k, v in over.items())
        out.print(
            f"  point {point} stopped at the cap of {stopping.cap} replications, still wider: "
            f"{widths}",
            highlight=False,
        )


def _require_for_run(backend: str, jobs: int, plots: bool) -> None:
    """The analysis extra's libraries this run will use, checked before any game."""
    require("hexwar sweep", "analysis", "pyarrow", "scipy")
    if backend == "dask":
        require("hexwar sweep --backend dask", "analysis", "distributed")
    elif jobs > 1:
        require("hexwar sweep --jobs", "analysis", "joblib")
    if plots:
        require("hexwar sweep --plots", "analysis", "matplotlib")


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


FORMATS = ("table", "csv", "json", "markdown")
Shown = tuple[str, list[str], list[list[str]]]  # a table as shown: title, columns, rows


def _format_option(fmt: str) -> str:
    from hexwar.analysis.runner import SweepError

    if fmt not in FORMATS:
        raise SweepError(f"--format {fmt!r}: choose {', '.join(FORMATS)}")
    return fmt


FormatOption = Annotated[
    str,
    typer.Option(
        "--format",
        metavar="FORMAT",
        help="table (the default), csv or json (every statistic, one record a row), or "
        "markdown (the tables).",
    ),
]


def _emit(shown: list[Shown], records: list[dict[str, Any]], fmt: str) -> None:
    """Print the tables (``table``: rich, wrapped to the terminal; ``markdown``) or the
    records (``csv``, ``json``)."""
    if fmt == "json":
        import json

        typer.echo(json.dumps(records, indent=2, ensure_ascii=False, allow_nan=False))
    elif fmt == "csv":
        import csv
        import sys

        columns = list(dict.fromkeys(k for r in records for k in r))
        writer = csv.DictWriter(sys.stdout, columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(records)
    elif fmt == "markdown":
        for title, columns, rows in shown:
            if not rows:
                continue
            typer.echo(f"**{title}**\n")
            typer.echo("| " + " | ".join(columns) + " |")
            typer.echo("|" + "---|" * len(columns))
            for row in rows:
                typer.echo("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |")
            typer.echo("")
    else:
        for title, columns, rows in shown:
            if not rows:
                continue
            table = _table(title, columns, rows)
            if "response" in columns and _too_wide(table):
                # One table a response, titled by its full name: at 80 columns a response
                # column would cut summary.belligerents[0].killed and [1].killed alike.
                at = columns.index("response")
                rest = columns[:at] + columns[at + 1 :]
                out.print(title, highlight=False, markup=False)
                for name in dict.fromkeys(row[at] for row in rows):
                    mine = [row[:at] + row[at + 1 :] for row in rows if row[at] == name]
                    out.print(_table(name, rest, mine))
            else:
                out.print(table)


def _table(title: str, columns: list[str], rows: list[list[str]]) -> Table:
    table = Table(title=title)
    for c in columns:
        table.add_column(c, overflow="fold")  # a long value wraps in its column, never cut
    for row in rows:
        table.add_row(*row)
    return table


def _too_wide(table: Table) -> bool:
    """Whether ``table`` at its natural width is wider than the terminal."""
    from rich.measure import Measurement

    return Measurement.get(out, out.options.update_width(10_000), table).maximum > out.width


def _note(text: str, fmt: str) -> None:
    """A line about the output, beside the tables (on stderr for csv and json)."""
    (err if fmt in ("csv", "json") else out).print(text, highlight=False, markup=False)


def _num(x: float | None) -> float | None:
    return None if x is None or (isinstance(x, float) and not math.isfinite(x)) else x


PartialOption = Annotated[
    bool,
    typer.Option(
        "--partial",
        help="Use the rows so far of an unfinished (or running) sweep, from its journal.",
    ),
]


def _read(directory: Path, partial: bool, fmt: str) -> Any:
    from hexwar.analysis.results import read_results

    results = read_results(directory, partial=partial)
    if partial:
        by_point = results.by_point()
        planned = len(results.experiment["points"]) * results.experiment["replications"]
        counts = ", ".join(f"{p}: {len(rows)}" for p, rows in by_point.items())
        missing = [str(i) for i in range(len(results.experiment["points"])) if i not in by_point]
        _note(
            f"partial sweep: {len(results.rows)} of {planned} rows; rows per point: {counts}"
            + (f"; no rows yet at points {', '.join(missing)}" if missing else ""),
            fmt,
        )
    return results


@app.command("summarize")
def summarize_command(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A finished sweep's --out.")],
    fmt: FormatOption = "table",
    partial: PartialOption = False,
) -> None:
    """Per design point: means with 95 % t intervals, quantiles, win shares (Wilson).

    Numeric responses: mean, standard deviation, the 95 % interval of the mean (Student's t),
    the median and the 5 % and 95 % quantiles (25 % and 75 % too in csv and json).
    Categorical ones (the winner): the share of each value with its 95 % Wilson interval."""
    require("hexwar sweep summarize", "analysis", "pyarrow", "scipy")
    from hexwar.analysis.results import summarize

    fmt = _format_option(fmt)
    results = _read(directory, partial, fmt)
    factors = results.factors
    numeric: list[list[str]] = []
    shares: list[list[str]] = []
    records: list[dict[str, Any]] = []
    for s in summarize(results):
        head = [str(s.point), *(str(s.factors[f]) for f in factors)]
        base = {"point": s.point, **s.factors}
        for name, st in s.numeric.items():
            ci = "-" if st.low is None else f"{_fmt(st.low)} .. {_fmt(st.high)}"
            q05, q25, q50, q75, q95 = st.quantiles
            spread = f"{_fmt(q05)} .. {_fmt(q95)}"
            numeric.append(
                [*head, name, str(st.n), _fmt(st.mean), _fmt(st.sd), ci, _fmt(q50), spread]
            )
            records.append(
                {
                    **base,
                    "response": name,
                    "value": None,
                    "n": st.n,
                    "count": None,
                    "mean": st.mean,
                    "sd": st.sd,
                    "low": st.low,
                    "high": st.high,
                    "interval": "t",
                    "q05": q05,
                    "q25": q25,
                    "median": q50,
                    "q75": q75,
                    "q95": q95,
                }
            )
        for name, cats in s.categories.items():
            for cat in cats:
                shares.append(
                    [
                        *head,
                        name,
                        cat.category,
                        f"{cat.count}/{cat.n}",
                        f"{cat.share:.3f}",
                        f"{cat.low:.3f} .. {cat.high:.3f}",
                    ]
                )
                records.append(
                    {
                        **base,
                        "response": name,
                        "value": cat.category,
                        "n": cat.n,
                        "count": cat.count,
                        "mean": cat.share,
                        "sd": None,
                        "low": cat.low,
                        "high": cat.high,
                        "interval": "Wilson",
                    }
                )
    head_columns = ["point", *factors, "response"]
    _emit(
        [
            (
                "numeric responses (95 % CI of the mean, Student's t; quantiles interpolated)",
                [*head_columns, "n", "mean", "sd", "95 % CI", "median", "5 % .. 95 %"],
                numeric,
            ),
            (
                "categorical responses (95 % Wilson interval)",
                ["point", *factors, "response", "value", "count", "share", "95 % CI"],
                shares,
            ),
        ],
        records,
        fmt,
    )


@app.command("analyze")
def analyze_command(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A finished sweep's --out.")],
    fmt: FormatOption = "table",
    partial: PartialOption = False,
) -> None:
    """Sensitivity: Sobol indices (Saltelli designs) or main effects (the others).

    Sobol indices: first order and total, with their 95 % confidence, and a warning for an
    index whose interval is wider than the index. Main effects: the mean response at each
    level of each factor."""
    require("hexwar sweep analyze", "analysis", "pyarrow", "scipy")
    from hexwar.analysis.results import MainEffect, SobolIndices, analyze, wide_indices

    fmt = _format_option(fmt)
    results = _read(directory, partial, fmt)
    if results.experiment["design"]["kind"] == "saltelli":
        require("hexwar sweep analyze (Sobol indices)", "analysis", "SALib")
    if not results.factors:
        _note("no factors (replications only); nothing to analyze: see summarize", fmt)
        return
    found = analyze(results)
    if not found:
        _note("no numeric response varies; nothing to analyze", fmt)
        return
    rows: list[list[str]] = []
    records: list[dict[str, Any]] = []
    if isinstance(found[0], SobolIndices):
        sobol = [si for si in found if isinstance(si, SobolIndices)]
        wide = wide_indices(sobol)
        for si in sobol:
            for i, f in enumerate(si.factors):
                rows.append(
                    [
                        si.response,
                        f,
                        _fmt(si.s1[i]),
                        _fmt(si.s1_conf[i]),
                        _fmt(si.st[i]),
                        _fmt(si.st_conf[i]),
                    ]
                )
                records.append(
                    {
                        "response": si.response,
                        "factor": f,
                        "S1": _num(si.s1[i]),
                        "S1_conf": _num(si.s1_conf[i]),
                        "ST": _num(si.st[i]),
                        "ST_conf": _num(si.st_conf[i]),
                        "S1_wide": (si.response, f, "S1") in wide,
                        "ST_wide": (si.response, f, "ST") in wide,
                    }
                )
        shown: Shown = (
            "Sobol indices (SALib), mean response per design point",
            ["response", "factor", "S1", "S1 95 % conf", "ST", "ST 95 % conf"],
            rows,
        )
        _emit([shown], records, fmt)
        by_response: dict[str, list[str]] = {}
        for (response, factor, index), (value, conf) in wide.items():
            by_response.setdefault(response, []).append(
                f"{index} of {factor} ({_fmt(value)} +- {_fmt(conf)})"
            )
        for response, indices in by_response.items():
            err.print(
                f"warning: {response}: 95 % interval wider than the index: "
                f"{', '.join(indices)}; raise samples before relying on them",
                highlight=False,
                markup=False,
                soft_wrap=False,  # wrapped to the terminal: the list can be long
            )
    else:
        for me in found:
            assert isinstance(me, MainEffect)
            levels = "; ".join(f"{lv}: {_fmt(m)}" for lv, m in me.levels)
            rows.append([me.response, me.factor, _fmt(me.spread), levels])
            for lv, m in me.levels:
                records.append(
                    {
                        "response": me.response,
                        "factor": me.factor,
                        "spread": _num(me.spread),
                        "level": lv,
                        "mean": _num(m),
                    }
                )
        shown = (
            "main effects: mean response at each level of a factor",
            ["response", "factor", "spread", "levels (level: mean)"],
            rows,
        )
        _emit([shown], records, fmt)


COMPARED = ["response", "n", "mean A", "mean B", "B - A", "95 % CI"]


@app.command("compare")
def compare_command(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A sweep's --out.")],
    a: Annotated[int, typer.Argument(metavar="A", help="A design point (its number).")],
    b: Annotated[int, typer.Argument(metavar="B", help="Another design point.")],
    fmt: FormatOption = "table",
    partial: PartialOption = False,
) -> None:
    """Paired differences B - A between two design points, under common random numbers.

    Replication r of every point has the same seed, so each response (a win share as 0/1
    wins) is compared game by game: the mean difference, its 95 % t interval, and the
    variance the pairing removed, var(B - A) against var(A) + var(B) unpaired."""
    require("hexwar sweep compare", "analysis", "pyarrow", "scipy")
    from hexwar.analysis.results import compare

    fmt = _format_option(fmt)
    results = _read(directory, partial, fmt)
    diffs = compare(results, a, b)
    points = results.experiment["points"]

    def where(p: int) -> str:
        return ", ".join(f"{k} = {v}" for k, v in points[p].items()) or "no factors"

    rows: list[list[str]] = []
    records: list[dict[str, Any]] = []
    for d in diffs:
        ci = "-" if d.low is None else f"{_fmt(d.low)} .. {_fmt(d.high)}"
        red = d.reduction
        rows.append(
            [
                d.response,
                str(d.n),
                _fmt(d.mean_a),
                _fmt(d.mean_b),
                _fmt(d.diff),
                ci,
                _fmt(d.var_diff),
                _fmt(d.var_unpaired),
                "-" if red is None else f"{100 * red:.1f} %",
            ]
        )
        records.append(
            {
                "response": d.response,
                "a": a,
                "b": b,
                "n": d.n,
                "mean_a": d.mean_a,
                "mean_b": d.mean_b,
                "diff": d.diff,
                "low": d.low,
                "high": d.high,
                "interval": "t (paired)",
                "var_diff": d.var_diff,
                "var_unpaired": d.var_unpaired,
                "variance_reduction": red,
            }
        )
    _note(f"A = point {a} ({where(a)}); B = point {b} ({where(b)})", fmt)
    shown: Shown = (
        "B - A, paired by replication (common random numbers); 95 % t interval",
        [*COMPARED, "var(B-A)", "var A + var B", "variance removed"],
        rows,
    )
    _emit([shown], records, fmt)


@app.command("scenario")
def scenario_command(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A sweep's --out.")],
    point: Annotated[int, typer.Argument(metavar="POINT", help="A design point (its number).")],
    output: Annotated[
        Path,
        typer.Option(
            "--output", "-o", metavar="PATH", help="The scenario file to write (.toml or .json)."
        ),
    ],
) -> None:
    """Write design POINT's scenario as a file that hexwar run replays.

    The experiment's scenario with its fixed changes and the point's factor values, every
    field written out: any row of the results is hexwar run PATH --seed SEED with the
    sweep's agents."""
    from hexwar.analysis.experiment import scenario_text
    from hexwar.analysis.results import read_described
    from hexwar.analysis.runner import SweepError

    described = read_described(directory)
    if output.suffix not in (".toml", ".json"):
        raise SweepError(f"-o {output}: write a .toml or a .json file")
    n = len(described["points"])
    if not 0 <= point < n:
        raise SweepError(f"no design point {point} in {directory} (points: 0..{n - 1})")
    source = Path(described["experiment"])
    if not source.is_file():
        raise SweepError(
            f"{source}: the sweep's experiment file is not there (run this where the sweep "
            "was run, with its files)"
        )
    exp = _load(source)
    if exp.digest != described["digest"]:
        raise SweepError(
            f"{source} (or its scenario) changed since the sweep in {directory} was run: its "
            "design points are not the sweep's"
        )
    the_point = exp.points[point]
    fmt: Literal["toml", "json"] = "toml" if output.suffix == ".toml" else "json"
    output.write_text(scenario_text(the_point.scenario, fmt), encoding="utf-8")
    from hexwar.sessions import resolve_scenario

    if resolve_scenario(str(output)).scenario != the_point.scenario:  # what hexwar run reads
        output.unlink()
        raise SweepError(f"{exp.scenario_id} does not round-trip through {fmt}: write a .json")
    agents = " ".join(f"--agent {s}={a}" for s, a in the_point.agents(exp.agents).items())
    shown = ", ".join(f"{k} = {v}" for k, v in the_point.values.items()) or "no factors"
    out.print(f"wrote {output} (design point {point}: {shown})", highlight=False, markup=False)
    out.print(
        f"replay a row: hexwar run {output} --seed SEED {agents}", highlight=False, markup=False
    )


@app.command("plot")
def plot_command(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A finished sweep's --out.")],
) -> None:
    """Draw the sweep's plots into DIR/plots, PNG and SVG.

    Each numeric response against each factor with 95 % intervals, the outcome shares per
    design point, the distribution of each response, and for a Saltelli design the Sobol
    indices with their 95 % intervals."""
    require("hexwar sweep plot", "analysis", "pyarrow", "scipy", "matplotlib")
    from hexwar.analysis.plots import sweep_plots
    from hexwar.analysis.results import read_results

    results = read_results(directory)
    if results.experiment["design"]["kind"] == "saltelli":
        require("hexwar sweep plot (Sobol indices)", "analysis", "SALib")
    written = sweep_plots(results, directory / "plots")
    out.print(f"plots: {len(written)} files in {directory / 'plots'}", highlight=False)
