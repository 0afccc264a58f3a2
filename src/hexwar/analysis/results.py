"""The results table and what is computed from it.

``DIR/results.parquet`` and ``DIR/results.csv`` hold one row per replication, sorted by design
point and replication: ``point``, ``replication``, ``seed``, the factor values, the responses
and ``run_time_s`` (the wall time of that game, the only column that differs between two runs
of the same experiment).

:func:`summarize` gives, per design point, each numeric response's mean, standard deviation
and 95 % confidence interval (Student's t), and each categorical response's shares with 95 %
Wilson score intervals. :func:`analyze` gives Sobol indices (SALib) for a Saltelli design and
main effects for the others.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexwar.analysis.runner import EXPERIMENT_JSON, JOURNAL, Row, SweepError

__all__ = [
    "CategoryStats",
    "NumericStats",
    "Results",
    "analyze",
    "mean_interval",
    "read_results",
    "summarize",
    "wilson_interval",
    "write_tables",
]

PARQUET = "results.parquet"
CSV = "results.csv"
Z95 = 1.959963984540054  # the standard normal's 97.5 % quantile


def write_tables(out: Path, experiment: Any, rows: Mapping[tuple[int, int], Row]) -> Path:
    """Write the journal's rows as Parquet and CSV (factors after the seed); the Parquet path.

    ``experiment`` is an :class:`~hexwar.analysis.experiment.Experiment`.
    """
    import pyarrow as pa
    import pyarrow.csv as pacsv
    import pyarrow.parquet as pq

    values = {p.index: p.values for p in experiment.points}
    factors = [f.name for f in experiment.factors]
    columns = ["point", "replication", "seed", *factors, *experiment.responses, "run_time_s"]
    ordered = [rows[k] for k in sorted(rows)]
    data: dict[str, list[Any]] = {c: [] for c in columns}
    for row in ordered:
        for c in columns:
            data[c].append(values[row["point"]][c] if c in factors else row.get(c))
    table = pa.table({c: _column(v) for c, v in data.items()})
    path = out / PARQUET
    pq.write_table(table, path)
    pacsv.write_csv(table, out / CSV)
    return path


def _column(values: list[Any]) -> Any:
    """An Arrow array of the values; text if they mix text with numbers."""
    import pyarrow as pa

    try:
        return pa.array(values)
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        return pa.array([None if v is None else str(v) for v in values], type=pa.string())


@dataclass(frozen=True)
class Results:
    """A finished sweep read back: its description and its rows."""

    experiment: dict[str, Any]
    rows: list[Row]

    @property
    def factors(self) -> list[str]:
        return [f["name"] for f in self.experiment["factors"]]

    @property
    def responses(self) -> list[str]:
        return list(self.experiment["responses"])

    def by_point(self) -> dict[int, list[Row]]:
        groups: dict[int, list[Row]] = {}
        for row in self.rows:
            groups.setdefault(row["point"], []).append(row)
        return dict(sorted(groups.items()))

    def numeric(self) -> list[str]:
        """The responses whose every value is a number (bools are categories), plus one win
        rate ``winner=SIDE`` per side seen winning, when the winner is a response."""
        names = [
            r
            for r in self.responses
            if all(_is_number(row[r]) or row[r] is None for row in self.rows)
            and any(_is_number(row[r]) for row in self.rows)
        ]
        return names + [f"winner={side}" for side in self.sides_winning()]

    def categorical(self) -> list[str]:
        numeric = set(self.numeric())
        return [r for r in self.responses if r not in numeric]

    def sides_winning(self) -> list[str]:
        if "winner" not in self.responses:
            return []
        return sorted({str(r["winner"]) for r in self.rows} - {"draw", "unfinished"})

    def values(self, rows: Sequence[Row], response: str) -> list[float]:
        """The numeric values of ``response`` in ``rows`` (a win rate's as 0 or 1)."""
        if response.startswith("winner=") and response not in self.responses:
            side = response.removeprefix("winner=")
            return [1.0 if r["winner"] == side else 0.0 for r in rows]
        return [float(r[response]) for r in rows if _is_number(r[response])]


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def read_results(directory: Path) -> Results:
    """The finished sweep in ``directory``; a clear error if it is missing or unfinished."""
    import pyarrow.parquet as pq

    described = directory / EXPERIMENT_JSON
    if not described.exists():
        raise SweepError(f"{directory} holds no sweep (no {EXPERIMENT_JSON})")
    experiment = json.loads(described.read_text(encoding="utf-8"))
    path = directory / PARQUET
    if not path.exists():
        journal = directory / JOURNAL
        n = journal.read_bytes().count(b"\n") if journal.exists() else 0
        total = len(experiment["points"]) * experiment["replications"]
        raise SweepError(
            f"the sweep in {directory} is unfinished ({n} of {total} replications); continue "
            f"it with: hexwar sweep {experiment['experiment']} --out {directory} --resume"
        )
    return Results(experiment, pq.read_table(path).to_pylist())


# --- statistics ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NumericStats:
    n: int
    mean: float
    sd: float | None  # None with one value
    low: float | None  # 95 % confidence interval of the mean (Student's t)
    high: float | None


@dataclass(frozen=True, slots=True)
class CategoryStats:
    category: str
    count: int
    n: int
    share: float
    low: float  # 95 % Wilson score interval
    high: float


def mean_interval(values: Sequence[float], level: float = 0.95) -> NumericStats:
    """Mean, sample standard deviation and the ``level`` confidence interval of the mean,
    ``mean -+ t(n-1) * sd / sqrt(n)``."""
    from scipy.stats import t

    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = math.fsum(values) / n
    if n == 1:
        return NumericStats(1, mean, None, None, None)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = float(t.ppf(0.5 + level / 2, n - 1)) * sd / math.sqrt(n)
    return NumericStats(n, mean, sd, mean - half, mean + half)


def wilson_interval(count: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``count / n`` (95 % with the default z)."""
    if n <= 0:
        raise ValueError("no trials")
    p = count / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class PointSummary:
    point: int
    factors: dict[str, Any]
    numeric: dict[str, NumericStats]
    categories: dict[str, list[CategoryStats]]


def summarize(results: Results) -> list[PointSummary]:
    """Per design point: numeric responses' means with intervals, categories' shares."""
    summaries: list[PointSummary] = []
    for point, rows in results.by_point().items():
        numeric = {}
        for name in results.numeric():
            if name.startswith("winner=") and name not in results.responses:
                continue  # the winner's shares, with Wilson intervals, are in categories
            vals = results.values(rows, name)
            if vals:
                numeric[name] = mean_interval(vals)
        categories = {}
        for name in results.categorical():
            counts = Counter(str(r[name]) for r in rows)
            n = len(rows)
            categories[name] = [
                CategoryStats(c, k, n, k / n, *wilson_interval(k, n))
                for c, k in sorted(counts.items(), key=lambda ck: (-ck[1], ck[0]))
            ]
        factors = {f: rows[0][f] for f in results.factors}
        summaries.append(PointSummary(point, factors, numeric, categories))
    return summaries


# --- sensitivity -----------------------------------------------------------------------------


@dataclass(frozen=True)
class SobolIndices:
    response: str
    factors: list[str]
    s1: list[float]
    s1_conf: list[float]
    st: list[float]
    st_conf: list[float]
    s2: list[list[float]] | None


@dataclass(frozen=True)
class MainEffect:
    response: str
    factor: str
    levels: list[tuple[Any, float]]  # (level or bin label, mean response)
    spread: float  # highest level mean minus lowest


def point_means(results: Results, response: str) -> list[float]:
    """The mean of ``response`` at each design point, in point order."""
    return [
        math.fsum(v) / len(v) if (v := results.values(rows, response)) else math.nan
        for rows in results.by_point().values()
    ]


def analyze(results: Results) -> list[SobolIndices] | list[MainEffect]:
    """Sobol indices of every numeric response for a Saltelli design; main effects else."""
    if results.experiment["design"]["kind"] == "saltelli":
        return _sobol(results)
    return _main_effects(results)


def _sobol(results: Results) -> list[SobolIndices]:
    import numpy as np
    from SALib.analyze import sobol

    factors = results.factors
    second = bool(results.experiment["design"]["second_order"])
    problem = {"num_vars": len(factors), "names": factors, "bounds": [[0.0, 1.0]] * len(factors)}
    out = []
    for name in results.numeric():
        y = np.array(point_means(results, name), dtype=np.float64)
        if not np.isfinite(y).all() or float(np.ptp(y)) == 0.0:
            continue  # no variance to apportion
        si = sobol.analyze(problem, y, calc_second_order=second, seed=results.experiment["seed"])
        s2 = [[float(x) for x in row] for row in si["S2"]] if second else None
        out.append(
            SobolIndices(
                name,
                factors,
                [float(x) for x in si["S1"]],
                [float(x) for x in si["S1_conf"]],
                [float(x) for x in si["ST"]],
                [float(x) for x in si["ST_conf"]],
                s2,
            )
        )
    return out


BINS = 5  # a sampled factor's main effect: mean response in this many quantile bins


def _main_effects(results: Results) -> list[MainEffect]:
    points = results.by_point()
    point_values = [rows[0] for rows in points.values()]
    effects = []
    for name in results.numeric():
        means = point_means(results, name)
        for factor in results.factors:
            levels = _levels(
                [(row[factor], m) for row, m in zip(point_values, means, strict=True)],
                sampled=results.experiment["design"]["kind"] != "factorial",
            )
            finite = [m for _, m in levels if not math.isnan(m)]
            spread = max(finite) - min(finite) if finite else math.nan
            effects.append(MainEffect(name, factor, levels, spread))
    return effects


def _levels(pairs: list[tuple[Any, float]], *, sampled: bool) -> list[tuple[Any, float]]:
    """Mean response at each level of a factor; a sampled numeric factor in quantile bins."""
    groups: dict[Any, list[float]] = {}
    numeric = all(_is_number(v) for v, _ in pairs)
    if sampled and numeric and len({v for v, _ in pairs}) > BINS:
        ordered = sorted(pairs, key=lambda p: p[0])
        size = len(ordered) / BINS
        for i, (_, m) in enumerate(ordered):
            b = min(int(i / size), BINS - 1)
            lo = ordered[int(b * size)][0]
            hi = ordered[min(int((b + 1) * size), len(ordered)) - 1][0]
            groups.setdefault(f"{lo:.4g}..{hi:.4g}", []).append(m)
    else:
        for v, m in sorted(pairs, key=lambda p: (str(type(p[0])), p[0])):
            groups.setdefault(v, []).append(m)
    return [(k, math.fsum(ms) / len(ms)) for k, ms in groups.items()]
