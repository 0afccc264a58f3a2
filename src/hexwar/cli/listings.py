"""What ``hexwar rulesets``, ``hexwar scenarios``, ``hexwar games`` and the chooser print, laid
out for the terminal's width: readable in 80 columns as in 120.

Ids are never broken across lines (a scenario id is what the user types next); prose (titles,
outcomes) wraps at word boundaries; one entry takes one or two lines instead of a table whose
narrow columns would break every word.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Column, Table
from rich.text import Text

from hexwar.core.game import Ruleset
from hexwar.store import GameSummary

# Gaps between columns; the first column (an id) is never wrapped.
_GAP = 2


def _grid(*columns: Column) -> Table:
    return Table.grid(*columns, padding=(0, _GAP), pad_edge=False)


def ruleset_listing(rulesets: Sequence[Ruleset[Any, Any]]) -> RenderableType:
    """One entry per ruleset: its id, then its title and, below, what kind of game it is."""
    table = _grid(Column("id", no_wrap=True, style="bold"), Column("about", overflow="fold"))
    for r in rulesets:
        i = r.info
        play = [f"sides: {', '.join(i.sides)}", f"{i.turn_structure.value} turns"]
        play.append(f"version {i.version}")
        kind = ["hidden information" if i.hidden_information else "no hidden information"]
        kind += ["chance" if i.stochastic else "no chance", f"source: {i.seed_document}"]
        about = Text(i.title)
        about.append("\n" + " · ".join(play) + "\n" + " · ".join(kind), style="dim")
        table.add_row(i.id, about)
    return table


def scenario_listing(rulesets: Sequence[Ruleset[Any, Any]], width: int) -> RenderableType:
    """The bundled scenarios under a heading per ruleset, each with its file where it fits."""
    groups = [(r, r.bundled_scenarios()) for r in rulesets]
    groups = [(r, bundled) for r, bundled in groups if bundled]
    longest = max((len(sid) for _, bundled in groups for sid in bundled), default=0)
    longest_file = max((len(f.name) for _, b in groups for f in b.values()), default=0)
    with_files = _GAP + longest + _GAP + longest_file <= width
    parts: list[RenderableType] = []
    for r, bundled in groups:
        parts.append(_wrapped(f"{r.info.id}: {r.info.title}", style="bold"))
        table = _grid(Column(no_wrap=True, min_width=_GAP + longest))
        if with_files:
            table.add_column(no_wrap=True)
        for sid, f in bundled.items():
            table.add_row(" " * _GAP + sid, *([f.name] if with_files else []))
        parts.append(table)
    return Group(*parts)


def game_listing(games: Sequence[GameSummary], *, numbered: bool = False) -> RenderableType:
    """One entry per stored game: its id, then scenario, seed, orders, status and last change,
    and its outcome on a line of its own; ``numbered``: each after its number from 1."""
    table = _grid(Column("id", no_wrap=True, style="bold"), Column("game", overflow="fold"))
    if numbered:
        table.columns.insert(0, Column("#", no_wrap=True, justify="right"))
    for n, g in enumerate(games, 1):
        facts = [
            g.scenario_id,
            f"seed {g.seed}",
            f"{g.n_orders} order{'s' if g.n_orders != 1 else ''}",
            g.status,
            short_time(g.updated_at),
        ]
        about = Text(" · ".join(facts))
        reason = (g.outcome or {}).get("reason")
        if reason:
            about.append("\n" + str(reason), style="dim")
        table.add_row(*([str(n)] if numbered else []), g.id, about)
    return table


def short_time(iso: str) -> str:
    """A time the store keeps (``2026-12-07T00:58:08.123456+00:00``, UTC) as the local
    ``2026-12-07 01:58``."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


def chooser_listing(rulesets: Sequence[Ruleset[Any, Any]]) -> tuple[RenderableType, list[str]]:
    """The chooser's numbered scenarios under a heading per ruleset (its title and sides), as
    many to a line as fit, numbered down each column; and the scenario ids in number order."""
    parts: list[RenderableType] = []
    ids: list[str] = []
    for r in rulesets:
        bundled = list(r.bundled_scenarios())
        if not bundled:
            continue
        parts.append(_wrapped(f"{r.info.title}: {', '.join(r.info.sides)}", style="bold"))
        first = len(ids) + 1
        ids += bundled
        entries = [Text(f"{n:>3} {sid}", no_wrap=True) for n, sid in enumerate(bundled, first)]
        parts.append(Columns(entries, padding=(0, 3), equal=True, column_first=True))
    return Group(*parts), ids


def _wrapped(text: str, style: str = "") -> Table:
    """``text`` wrapped at word boundaries whatever the console's ``soft_wrap``."""
    table = _grid(Column(overflow="fold"))
    table.add_row(Text(text, style=style))
    return table


def pages(lines: Sequence[str], height: int) -> list[list[str]]:
    """``lines`` cut into screens of ``height`` lines (at least one line a screen)."""
    size = max(1, height)
    return [list(lines[i : i + size]) for i in range(0, len(lines), size)] or [[]]
