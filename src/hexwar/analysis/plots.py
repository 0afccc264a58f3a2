"""Plots (matplotlib, drawn off screen, written as PNG and SVG).

Sweep plots, from a finished sweep's results: each numeric response against each factor (the
mean at every design point with its 95 % interval), the shares of each categorical response
(the winner, the outcome) per design point, and the distribution of each numeric response.

Files are named for what they show (``summary.hours-vs-norman_size.png``) and written with no
time stamp inside, so the same results draw the same files.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexwar.analysis.results import Results, mean_interval, wilson_interval
from hexwar.analysis.timeline import Line, Timeline, feba_lines, hook_lines, losses_by_type

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from hexwar.core.game import Game

__all__ = ["game_figures", "game_plots", "save", "side_colours", "svg_text", "sweep_plots"]

_UNSAFE = re.compile(r"[^A-Za-z0-9_.=-]+")


def _figure(width: float = 6.4, height: float = 4.0) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _name(*parts: str) -> str:
    return "-".join(_UNSAFE.sub("_", p).strip("_") for p in parts)


def save(fig: Figure, directory: Path, stem: str) -> list[Path]:
    """Write ``fig`` as ``stem.png`` and ``stem.svg`` (no dates in the files)."""
    directory.mkdir(parents=True, exist_ok=True)
    png = directory / f"{stem}.png"
    svg = directory / f"{stem}.svg"
    fig.savefig(png, dpi=80, metadata={"Software": None})
    fig.savefig(svg, metadata={"Date": None, "Creator": None})
    return [png, svg]


def svg_text(fig: Figure) -> str:
    """``fig`` as an SVG document (no dates in it: the same game draws the same text)."""
    import io

    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    return buffer.getvalue()


def sweep_plots(results: Results, directory: Path) -> list[Path]:
    """Every plot of a finished sweep into ``directory``; the files written."""
    written: list[Path] = []
    groups = results.by_point()
    firsts = [rows[0] for rows in groups.values()]
    for response in results.numeric():
        for factor in results.factors:
            written += _response_vs_factor(results, groups, firsts, response, factor, directory)
        written += _distribution(results, response, directory)
    for response in results.categorical():
        written += _shares(results, groups, response, directory)
    if results.experiment["design"]["kind"] == "saltelli" and results.factors:
        from hexwar.analysis.results import SobolIndices, analyze

        for si in analyze(results):
            assert isinstance(si, SobolIndices)
            written += _sobol(si, directory)
    return written


def _sobol(si: Any, directory: Path) -> list[Path]:
    """First-order and total Sobol indices of one response, each factor a pair of bars with
    its 95 % interval (SALib's bootstrap); a bar whose interval is wider than itself is
    hatched."""
    from hexwar.analysis.results import wide_indices

    wide = wide_indices([si])
    n = len(si.factors)
    fig = _figure(max(6.4, 0.9 * n + 2), 4.0)
    ax = fig.add_subplot()
    width = 0.38
    for k, (label, values, confs) in enumerate(
        (("S1 (first order)", si.s1, si.s1_conf), ("ST (total)", si.st, si.st_conf))
    ):
        key = "S1" if k == 0 else "ST"
        xs = [i + (k - 0.5) * width for i in range(n)]
        bars = ax.bar(xs, values, width, yerr=confs, capsize=3, label=label)
        for bar, factor in zip(bars, si.factors, strict=True):
            if (si.response, factor, key) in wide:
                bar.set_hatch("//")
    ax.axhline(0, color="black", lw=0.6)
    ax.set_xticks(range(n), si.factors, rotation=30 if n > 4 else 0, ha="right")
    ax.set_ylabel("Sobol index")
    ax.set_title(
        f"Sobol indices of {si.response}\n(95 % interval; hatched: interval wider than the index)",
        fontsize=9,
    )
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3, axis="y")
    return save(fig, directory, _name(si.response, "sobol"))


def _response_vs_factor(
    results: Results,
    groups: dict[int, list[dict[str, Any]]],
    firsts: Sequence[dict[str, Any]],
    response: str,
    factor: str,
    directory: Path,
) -> list[Path]:
    xs: list[Any] = []
    means: list[float] = []
    lows: list[float] = []
    highs: list[float] = []
    for first, rows in zip(firsts, groups.values(), strict=True):
        values = results.values(rows, response)
        if not values:
            continue
        if response.startswith("winner=") and response not in results.responses:
            k = sum(1 for v in values if v == 1.0)
            low, high = wilson_interval(k, len(values))
            mean = k / len(values)
        else:
            st = mean_interval(values)
            mean = st.mean
            low = st.low if st.low is not None else mean
            high = st.high if st.high is not None else mean
        xs.append(first[factor])
        means.append(mean)
        lows.append(max(0.0, mean - low))  # a share at 0 or 1: the interval ends there
        highs.append(max(0.0, high - mean))
    if not xs:
        return []
    numeric_x = all(isinstance(x, int | float) and not isinstance(x, bool) for x in xs)
    fig = _figure()
    ax = fig.add_subplot()
    positions = xs if numeric_x else list(range(len(xs)))
    ax.errorbar(positions, means, yerr=[lows, highs], fmt="o", capsize=3, ms=4)
    if not numeric_x:
        ax.set_xticks(positions, [str(x) for x in xs], rotation=45, ha="right")
    ax.set_xlabel(factor)
    ax.set_ylabel(response)
    kind = "Wilson" if response.startswith("winner=") else "t"
    ax.set_title(f"{response} against {factor}\n(mean, 95 % {kind} interval)", fontsize=9)
    ax.grid(alpha=0.3)
    return save(fig, directory, _name(response, "vs", factor))


def _distribution(results: Results, response: str, directory: Path) -> list[Path]:
    if response.startswith("winner=") and response not in results.responses:
        return []
    values = results.values(results.rows, response)
    if not values:
        return []
    fig = _figure()
    ax = fig.add_subplot()
    distinct = len(set(values))
    ax.hist(values, bins=min(40, max(1, distinct)), color="#4477aa", edgecolor="white")
    ax.set_xlabel(response)
    ax.set_ylabel("replications")
    mean = math.fsum(values) / len(values)
    ax.set_title(f"distribution of {response} over all {len(values)} games", fontsize=10)
    ax.axvline(mean, color="#cc3311", lw=1, label=f"mean {mean:.4g}")
    ax.legend(fontsize=8)
    return save(fig, directory, _name(response, "distribution"))


def _shares(
    results: Results, groups: dict[int, list[dict[str, Any]]], response: str, directory: Path
) -> list[Path]:
    counts = {p: Counter(str(r[response]) for r in rows) for p, rows in groups.items()}
    totals = Counter[str]()
    for c in counts.values():
        totals.update(c)
    categories = [c for c, _ in totals.most_common(8)]
    others = len(totals) > len(categories)
    points = list(groups)
    fig = _figure(max(6.4, 0.25 * len(points) + 2), 4.0)
    ax = fig.add_subplot()
    bottom = [0.0] * len(points)
    for category in [*categories, *(["(others)"] if others else [])]:
        shares = []
        for p in points:
            n = sum(counts[p].values())
            if category == "(others)":
                k = n - sum(counts[p][c] for c in categories)
            else:
                k = counts[p][category]
            shares.append(k / n)
        label = category if len(category) <= 50 else category[:47] + "..."
        ax.bar(range(len(points)), shares, bottom=bottom, label=label)
        bottom = [b + s for b, s in zip(bottom, shares, strict=True)]
    ax.set_xticks(range(len(points)), [_point_label(results, groups[p][0]) for p in points])
    ax.tick_params(axis="x", labelrotation=45, labelsize=7)
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of replications")
    ax.set_xlabel("design point")
    ax.set_title(f"{response} per design point", fontsize=10)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return save(fig, directory, _name(response, "shares"))


def _point_label(results: Results, row: dict[str, Any]) -> str:
    values = [row[f] for f in results.factors]
    shown = ", ".join(f"{v:.3g}" if isinstance(v, float) else str(v) for v in values)
    return shown if 0 < len(results.factors) <= 2 else str(row["point"])


# --- one game --------------------------------------------------------------------------------

# For a ruleset that draws no map (the flank battle), by the side's place in its list.
_SIDE_COLOURS = ["#cc3311", "#0077bb", "#009988", "#ee7733", "#33bbee", "#ee3377"]
_STYLES = ["-", "--", ":", "-."]


def side_colours(game: Game[Any, Any]) -> dict[str, str]:
    """Each side's colour: the one its counters have on the map (the ruleset's board
    description, ``Board.sides``, read through the ``describe_board`` hook), so a side is the
    same colour on maps and plots alike; for a ruleset that draws no map, a fixed palette by
    the side's place among the ruleset's sides."""
    sides = game.info.sides
    board = game.ruleset.describe_board(game.view(sides[0])) if sides else None
    drawn = board.sides if board is not None else {}
    return {
        s: drawn[s].colour if s in drawn else _SIDE_COLOURS[i % len(_SIDE_COLOURS)]
        for i, s in enumerate(sides)
    }


def game_plots(game: Game[Any, Any], timeline: Timeline, directory: Path) -> list[Path]:
    """Every plot of one game into ``directory``: strength by side over time, losses by type,
    each engagement's FEBA, and the ruleset's own series (see :mod:`hexwar.analysis.timeline`).
    """
    written: list[Path] = []
    for stem, fig in game_figures(game, timeline):
        written += save(fig, directory, stem)
    return written


def game_figures(
    game: Game[Any, Any], timeline: Timeline, side: str | None = None
) -> list[tuple[str, Figure]]:
    """The plots of one game as (file stem, figure). With ``side``, only what that side may
    know: its own quantities from the timeline (:meth:`Timeline.for_side`), the FEBA of the
    engagements it was told of (its events), its own lines of the ruleset's series."""
    out: list[tuple[str, Figure]] = []
    sides = list(timeline.sides)
    colours = side_colours(game)
    timeline = timeline if side is None else timeline.for_side(side)
    strengths = timeline.strengths()
    for quantity in dict.fromkeys(line.quantity for line in strengths):
        lines = [ln for ln in strengths if ln.quantity == quantity]
        if len(lines) <= 8:
            out.append(_lines(lines, colours, "time", quantity, f"{quantity} by side"))
            continue
        for s in sides:  # many lines (IDAHEX resources): one plot a side, with a legend
            mine = [ln for ln in lines if ln.side == s]
            if mine:
                out.append(_lines(mine, colours, "time", quantity, f"{quantity} of {s}"))
    if timeline.snapshots:
        losses = _losses(game.info.id, timeline.snapshots[-1][1], sides, colours)
        if losses is not None:
            out.append(losses)
    feba = feba_lines(game, side)
    if feba:
        out.append(_lines(feba, colours, "time", "FEBA", "FEBA of each engagement"))
    unit, own = hook_lines(game, side)
    for quantity in dict.fromkeys(line.quantity for line in own):
        lines = [ln for ln in own if ln.quantity == quantity]
        title = f"{quantity} by the {unit}"
        out.append(_lines(lines, colours, unit, quantity, title))
    return out


def _lines(
    lines: list[Line], colours: dict[str, str], xlabel: str, ylabel: str, title: str
) -> tuple[str, Figure]:
    fig = _figure(7.0, 4.2)
    ax = fig.add_subplot()
    seen: dict[str, int] = {}
    for line in lines:
        colour = colours.get(line.side)
        n = seen.get(line.side, 0)
        seen[line.side] = n + 1
        style = _STYLES[n % len(_STYLES)] if line.side in colours else "-"
        ax.step(line.t, line.y, where="post", color=colour, ls=style, lw=1.2, label=line.label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.grid(alpha=0.3)
    if len(lines) <= 16:
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _name(title.replace(" ", "-")), fig


def _losses(
    ruleset: str, summary: dict[str, Any], sides: list[str], colours: dict[str, str]
) -> tuple[str, Figure] | None:
    what, losses = losses_by_type(ruleset, summary)
    kinds = sorted({k for by in losses.values() for k in by})
    if not kinds:
        return None
    fig = _figure(max(6.4, 0.5 * len(kinds) + 3), 4.0)
    ax = fig.add_subplot()
    present = [s for s in sides if s in losses] or sorted(losses)
    width = 0.8 / len(present)
    for i, side in enumerate(present):
        colour = colours.get(side)
        xs = [k + (i - (len(present) - 1) / 2) * width for k in range(len(kinds))]
        ax.bar(xs, [losses[side].get(k, 0.0) for k in kinds], width, label=side, color=colour)
    ax.set_xticks(range(len(kinds)), kinds, rotation=30 if len(kinds) > 4 else 0, ha="right")
    ax.tick_params(axis="x", labelsize=7)
    ax.set_ylabel(what)
    ax.set_title(f"{what} by type", fontsize=10)
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3, axis="y")
    return "losses-by-type", fig
