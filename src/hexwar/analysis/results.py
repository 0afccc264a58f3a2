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
    "PairedDifference",
    "Results",
    "analyze",
    "compare",
    "halfwidths",
    "mean_interval",
    "next_replications",
    "quantile",
    "read_results",
    "summarize",
    "t_quantile",
    "wide_indices",
    "wilson_interval",
    "write_tables",
]

PARQUET = "results.parquet"
CSV = "results.csv"
Z95 = 1.959963984540054  # the standard normal's 97.5 % quantile


def write_tables(out: Path, experiment: Any, rows: Mapping[tuple[int, int], Row]) -> Path:
    """Write the journal's rows as Parquet and CSV (factors after the seed); the Parquet path.

    ``experiment`` is an :class:`~hexwar.analysis.experiment.Experiment`. The table is built
    by Arrow's JSON reader from the rows as JSON lines, with the column types decided here:
    ``pyarrow.array`` on Python lists would import pandas (a quarter of a second and 45 MiB,
    for nothing a sweep uses).
    """
    import pyarrow as pa
    import pyarrow.csv as pacsv
    import pyarrow.json as pajson
    import pyarrow.parquet as pq

    values = {p.index: p.values for p in experiment.points}
    factors = [f.name for f in experiment.factors]
    columns = ["point", "replication", "seed", *factors, *experiment.responses, "run_time_s"]
    ordered = [rows[k] for k in sorted(rows)]
    data: dict[str, list[Any]] = {c: [] for c in columns}
    for row in ordered:
        for c in columns:
            data[c].append(values[row["point"]][c] if c in factors else row.get(c))
    schema = pa.schema([(c, _arrow_type(data[c])) for c in columns])
    for c in columns:
        if schema.field(c).type == pa.string():  # text, or text mixed with numbers: as text
            data[c] = [None if v is None else str(v) for v in data[c]]
    lines = "".join(
        json.dumps(dict(zip(columns, record, strict=True)), allow_nan=False) + "\n"
        for record in zip(*data.values(), strict=True)
    )
    if lines:
        options = pajson.ParseOptions(explicit_schema=schema, unexpected_field_behavior="error")
        table = pajson.read_json(pa.BufferReader(lines.encode()), parse_options=options)
    else:
        table = schema.empty_table()
    path = out / PARQUET
    pq.write_table(table, path)
    pacsv.write_csv(table, out / CSV)
    return path


def _arrow_type(values: list[Any]) -> Any:
    """A column's Arrow type, as Arrow would infer it from the values: booleans, integers,
    numbers (integers among floats are floats), text; text if they mix text with numbers;
    null if every value is missing."""
    import pyarrow as pa

    kinds = {type(v) for v in values if v is not None}
    if not kinds:
        return pa.null()
    if kinds == {bool}:
        return pa.bool_()
    if kinds == {int}:
        return pa.int64()
    if kinds <= {int, float}:
        return pa.float64()
    return pa.string()


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


def read_described(directory: Path) -> dict[str, Any]:
    """The sweep's ``experiment.json``; a clear error if ``directory`` holds no sweep."""
    described = directory / EXPERIMENT_JSON
    if not described.exists():
        raise SweepError(f"{directory} holds no sweep (no {EXPERIMENT_JSON})")
    found: dict[str, Any] = json.loads(described.read_text(encoding="utf-8"))
    return found


def journal_rows(directory: Path, experiment: dict[str, Any]) -> list[Row]:
    """The rows the journal holds so far, with their factor values, sorted by point and
    replication; read only (a sweep may be writing it: a last line not yet ended is left)."""
    path = directory / JOURNAL
    raw = path.read_bytes() if path.exists() else b""
    factors = [f["name"] for f in experiment["factors"]]
    points = experiment["points"]
    rows: dict[tuple[int, int], Row] = {}
    for line in raw[: raw.rfind(b"\n") + 1].splitlines():
        row = json.loads(line)
        key = (row["point"], row["replication"])
        if key not in rows:
            values = points[row["point"]]
            rows[key] = {**row, **{f: values[f] for f in factors}}
    return [rows[k] for k in sorted(rows)]


def read_results(directory: Path, *, partial: bool = False) -> Results:
    """The finished sweep in ``directory``; a clear error if it is missing or unfinished.
    With ``partial``, an unfinished (or running) sweep's rows so far, from its journal."""
    import pyarrow.parquet as pq

    experiment = read_described(directory)
    path = directory / PARQUET
    if partial and not path.exists():
        rows = journal_rows(directory, experiment)
        if not rows:
            raise SweepError(f"the sweep in {directory} has no rows yet")
        return Results(experiment, rows)
    if not path.exists():
        journal = directory / JOURNAL
        n = journal.read_bytes().count(b"\n") if journal.exists() else 0
        total = len(experiment["points"]) * experiment["replications"]
        raise SweepError(
            f"the sweep in {directory} is unfinished ({n} of {total} replications); continue "
            f"it with: hexwar sweep {experiment['experiment']} --out {directory} --resume "
            "(or summarize the rows so far with --partial)"
        )
    # ParquetFile reads the one file; pq.read_table would go through pyarrow.dataset, whose
    # import imports pandas (the same quarter of a second and 45 MiB as pyarrow.array's).
    return Results(experiment, pq.ParquetFile(path).read().to_pylist())


# --- statistics ------------------------------------------------------------------------------


QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


@dataclass(frozen=True, slots=True)
class NumericStats:
    n: int
    mean: float
    sd: float | None  # None with one value
    low: float | None  # 95 % confidence interval of the mean (Student's t)
    high: float | None
    quantiles: tuple[float, ...] = ()  # at QUANTILES: 5 %, 25 %, the median, 75 %, 95 %

    @property
    def median(self) -> float | None:
        return self.quantiles[2] if self.quantiles else None

    @property
    def halfwidth(self) -> float:
        """Half the 95 % interval's width (infinite with one value: no interval yet)."""
        return math.inf if self.low is None or self.high is None else (self.high - self.low) / 2


def quantile(ordered: Sequence[float], p: float) -> float:
    """The ``p`` quantile of sorted values, interpolated linearly between the order statistics
    at ``h = (n - 1) p`` (Hyndman and Fan's type 7, numpy's and R's default)."""
    if not ordered:
        raise ValueError("no values")
    h = (len(ordered) - 1) * p
    lo = math.floor(h)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (h - lo) * (ordered[hi] - ordered[lo])


@dataclass(frozen=True, slots=True)
class CategoryStats:
    category: str
    count: int
    n: int
    share: float
    low: float  # 95 % Wilson score interval
    high: float

    @property
    def halfwidth(self) -> float:
        return (self.high - self.low) / 2


def t_quantile(p: float, df: int) -> float:
    """Student's t distribution's ``p`` quantile with ``df`` degrees of freedom.

    ``scipy.special.stdtrit``, the function ``scipy.stats.t.ppf`` computes it with (``t_gen._ppf``
    in scipy/stats/_continuous_distns.py), so the intervals are the same to the bit, without
    importing ``scipy.stats``: above what a summary loads anyway, scipy.special costs 0.26 s
    CPU and 16 MiB, scipy.stats 0.89 s and 63 MiB (scipy 1.17).
    """
    from scipy.special import stdtrit

    # t.ppf returns stdtrit's value * scale + loc, with scale 1 and loc 0: the same bits but
    # for -0.0, which the + 0.0 turns into 0.0 as it does.
    return float(stdtrit(df, p)) + 0.0


def mean_interval(values: Sequence[float], level: float = 0.95) -> NumericStats:
    """Mean, sample standard deviation and the ``level`` confidence interval of the mean,
    ``mean -+ t(n-1) * sd / sqrt(n)``."""
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = math.fsum(values) / n
    ordered = sorted(values)
    qs = tuple(quantile(ordered, p) for p in QUANTILES)
    if n == 1:
        return NumericStats(1, mean, None, None, None, qs)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(0.5 + level / 2, n - 1) * sd / math.sqrt(n)
    return NumericStats(n, mean, sd, mean - half, mean + half, qs)


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


# --- the stopping rule -----------------------------------------------------------------------

INTERVALS = (
    "95 % intervals: Student's t interval of the mean for numeric responses; Wilson score "
    "interval for the share of each value of a categorical response (the winner's win shares)"
)


def halfwidths(results: Results) -> dict[int, dict[str, float]]:
    """Per design point, each response's 95 % interval half-width: a numeric response's t
    interval of the mean; a categorical one's widest Wilson interval over the values seen
    anywhere in the sweep (a value a point has not seen yet has share 0 and an interval all
    the same), also under ``NAME=VALUE`` for each value (``winner=attacker``). Infinite for a
    numeric response with one value; a response with no value at a point is left out."""
    numeric = [r for r in results.numeric() if r in results.responses]
    categorical = results.categorical()
    seen = {name: sorted({str(r[name]) for r in results.rows}) for name in categorical}
    out: dict[int, dict[str, float]] = {}
    for point, rows in results.by_point().items():
        widths: dict[str, float] = {}
        for name in numeric:
            values = results.values(rows, name)
            if values:
                widths[name] = mean_interval(values).halfwidth
        n = len(rows)
        for name in categorical:
            counts = Counter(str(r[name]) for r in rows)
            each = {v: _wilson_half(counts[v], n) for v in seen[name]}
            for value, half in each.items():
                widths[f"{name}={value}"] = half
            widths[name] = max(each.values())
        out[point] = widths
    return out


def _wilson_half(k: int, n: int) -> float:
    low, high = wilson_interval(k, n)
    return (high - low) / 2


def target_of(targets: Mapping[str, float], name: str) -> float | None:
    """The target half-width of ``name`` in ``widths``' terms: a categorical value's
    (``winner=attacker``) only if named itself; any other response's if named, else ``*``'s
    (every response's)."""
    if "=" in name:
        return targets.get(name)
    return targets.get(name, targets.get("*"))


def wanted(targets: Mapping[str, float], widths: Mapping[str, float]) -> dict[str, float]:
    """The entries of ``widths`` wider than their target (:func:`target_of`)."""
    over = {}
    for name, half in widths.items():
        target = target_of(targets, name)
        if target is not None and half > target:
            over[name] = half
    return over


def next_replications(
    results: Results, targets: Mapping[str, float], cap: int
) -> tuple[dict[int, int], dict[int, dict[str, float]]]:
    """The stopping rule's next step: for each design point whose interval of some response
    is still wider than its target (and below the cap of replications), how many
    replications it should have; and, per point, the responses still too wide. The next count
    is what the current spread asks for (t sd / H, squared; z^2 p(1-p) / H^2 for a share,
    with Agresti and Coull's p = (k + 2) / (n + 4)), at least n + n/4 and at most 2n, so a
    noisy first estimate neither stalls nor overshoots."""
    counts = {p: len(rows) for p, rows in results.by_point().items()}
    more: dict[int, int] = {}
    too_wide: dict[int, dict[str, float]] = {}
    for point, widths in halfwidths(results).items():
        over = wanted(targets, widths)
        if not over:
            continue
        too_wide[point] = over
        n = counts[point]
        if n >= cap:
            continue
        need = n + 1
        rows = results.by_point()[point]
        for name, half in over.items():
            base, _, value = name.partition("=")
            target = target_of(targets, name) or half
            if base in results.categorical():
                k = sum(1 for r in rows if str(r[base]) == value) if value else n // 2
                p = (k + 2) / (n + 4)
                need = max(need, math.ceil(Z95 * Z95 * p * (1 - p) / (target * target)))
            elif math.isfinite(half) and n > 1:
                t = t_quantile(0.975, n - 1)
                sd = half * math.sqrt(n) / t
                need = max(need, math.ceil((t * sd / target) ** 2))
            else:
                need = max(need, 2 * n)
        more[point] = min(cap, max(n + max(1, n // 4), min(2 * n, need)))
    return more, too_wide


# --- paired comparisons ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairedDifference:
    """Design point B minus design point A for one response, replication by replication."""

    response: str
    n: int  # replications played at both points (with a value at both)
    mean_a: float
    mean_b: float
    diff: float  # mean of the differences B - A
    low: float | None  # 95 % t interval of the mean difference
    high: float | None
    var_diff: float | None  # sample variance of the paired differences
    var_unpaired: float | None  # var_A + var_B: the variance an unpaired comparison carries

    @property
    def reduction(self) -> float | None:
        """1 - var(B - A) / (var A + var B): the share of the variance the common random
        numbers remove (0: none; negative: pairing hurt)."""
        if self.var_diff is None or not self.var_unpaired:
            return None
        return 1 - self.var_diff / self.var_unpaired


def compare(results: Results, a: int, b: int) -> list[PairedDifference]:
    """Paired differences B - A of every numeric response (a win share as the mean of 0/1
    wins), over the replications both points have played: replication r of every point is
    played with the same seed (common random numbers), which this checks row by row."""
    groups = results.by_point()
    for p in (a, b):
        if p not in groups:
            known = f"0..{len(results.experiment['points']) - 1}"
            raise SweepError(f"no design point {p} with rows in this sweep (points: {known})")
    rows_a = {r["replication"]: r for r in groups[a]}
    rows_b = {r["replication"]: r for r in groups[b]}
    both = sorted(rows_a.keys() & rows_b.keys())
    for r in both:
        if rows_a[r]["seed"] != rows_b[r]["seed"]:
            raise SweepError(
                f"replication {r} was played with seed {rows_a[r]['seed']} at point {a} and "
                f"{rows_b[r]['seed']} at point {b}: not common random numbers, no pairing"
            )
    out = []
    for name in results.numeric():
        pairs = []
        for r in both:
            va = results.values([rows_a[r]], name)
            vb = results.values([rows_b[r]], name)
            if va and vb:
                pairs.append((va[0], vb[0]))
        if not pairs:
            continue
        xs = [x for x, _ in pairs]
        ys = [y for _, y in pairs]
        d = mean_interval([y - x for x, y in pairs])
        sa = mean_interval(xs)
        sb = mean_interval(ys)
        var_d = None if d.sd is None else d.sd**2
        var_u = None if sa.sd is None or sb.sd is None else sa.sd**2 + sb.sd**2
        out.append(
            PairedDifference(
                name, len(pairs), sa.mean, sb.mean, d.mean, d.low, d.high, var_d, var_u
            )
        )
    return out


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


def wide_indices(
    found: Sequence[SobolIndices],
) -> dict[tuple[str, str, str], tuple[float, float]]:
    """The Sobol indices whose 95 % interval (index +- conf) is wider than the index itself
    (2 conf > |index|): (response, factor, "S1" or "ST") -> (index, conf). Such an index is
    not told apart from zero, or from twice itself: the sample is too small to rely on it."""
    wide = {}
    for si in found:
        for i, factor in enumerate(si.factors):
            for label, value, conf in (
                ("S1", si.s1[i], si.s1_conf[i]),
                ("ST", si.st[i], si.st_conf[i]),
            ):
                if math.isfinite(conf) and 2 * conf > abs(value):
                    wide[(si.response, factor, label)] = (value, conf)
    return wide


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
