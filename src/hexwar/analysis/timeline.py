"""One game's quantities over time, from what the game exposes: the umpire's summary taken
after every decision, the event log (receipts) and the ruleset's :meth:`Game.series` hook.

The plots of a single game (``hexwar run SCENARIO --plots DIR``, and the web app later) are
drawn from a :class:`Timeline`:

- strength by side over time, from each summary, as the ruleset reads it
  (:meth:`Ruleset.summary_strengths`: Aggressor's unit Strengths, the tactical game's
  strength points, the air war's units, IDAHEX's resources, one line per side and resource);
- losses by type at the end, from the last summary (:meth:`Ruleset.summary_losses`:
  Aggressor units eliminated by type, the tactical game's SPs lost by unit kind, IDAHEX
  resources lost, the flank battle's killed, died and captured, the air war's units lost);
- the FEBA of each engagement, from every event whose data hold a ``feba`` at a ``cell``
  (IDAHEX's combat receipts);
- whatever the ruleset's ``series()`` hook holds (the flank battle: each flank's men and morale
  by the hour).

A ruleset whose hooks read nothing simply gets no strength or loss plot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hexwar.core import registry
from hexwar.core.game import Game
from hexwar.sessions import Session

__all__ = ["Line", "Timeline", "losses_by_type", "own_part", "record_run"]


@dataclass
class Line:
    """One plotted line: ``quantity`` (the y axis), a label, the side it belongs to."""

    quantity: str
    label: str
    side: str
    t: list[float] = field(default_factory=list)
    y: list[float] = field(default_factory=list)


@dataclass
class Timeline:
    """Summaries after each decision, as (game clock, summary)."""

    ruleset: str
    sides: tuple[str, ...]
    snapshots: list[tuple[float, dict[str, Any]]] = field(default_factory=list)

    def take(self, game: Game[Any, Any]) -> None:
        clock = game.log[-1].time if len(game.log) else 0
        self.snapshots.append((float(clock), game.summary()))

    def for_side(self, side: str) -> Timeline:
        """What ``side`` knows of the timeline: each summary cut to its own part (its entry of
        ``sides``, its ``belligerents``), which holds its own forces only."""
        return Timeline(
            self.ruleset, self.sides, [(t, own_part(s, side)) for t, s in self.snapshots]
        )

    def strengths(self) -> list[Line]:
        """Strength by side over time, as the ruleset reads its summaries
        (:meth:`Ruleset.summary_strengths`); [] for a ruleset that reads none."""
        reader = registry.get(self.ruleset).summary_strengths
        lines: dict[tuple[str, str], Line] = {}
        for t, summary in self.snapshots:
            for (quantity, label, side), value in reader(summary).items():
                line = lines.setdefault((quantity, label), Line(quantity, label, side))
                line.t.append(t)
                line.y.append(value)
        return list(lines.values())


def own_part(summary: dict[str, Any], side: str) -> dict[str, Any]:
    """The part of an umpire's summary that is about ``side``'s own forces: its entry of
    ``sides`` and its ``belligerents``; nothing else is kept."""
    out: dict[str, Any] = {}
    if isinstance(summary.get("sides"), dict):
        out["sides"] = {k: v for k, v in summary["sides"].items() if k == side}
    if isinstance(summary.get("belligerents"), list):
        out["belligerents"] = [b for b in summary["belligerents"] if b.get("side") == side]
    return out


def record_run(
    session: Session,
    *,
    max_steps: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Timeline:
    """Play the session's agents to the end one decision at a time (the same game as
    :meth:`Session.run`), taking the summary before the first decision and after each."""
    game = session.game
    timeline = Timeline(game.info.id, game.info.sides)
    timeline.take(game)
    while game.decision() is not None:
        if max_steps is not None and game.step >= max_steps:
            break
        before = game.step
        session.play_agents(max_steps=before + 1)
        if game.step == before:
            break  # a human side must move
        timeline.take(game)
        if progress is not None:
            progress(game.step)
    return timeline


Losses = Mapping[str, Mapping[str, float]]  # side -> type -> amount


def losses_by_type(ruleset: str, summary: dict[str, Any]) -> tuple[str, Losses]:
    """What each side lost at the end, by type: (what is counted, {side: {type: amount}}),
    as the ruleset reads its summary (:meth:`Ruleset.summary_losses`)."""
    return registry.get(ruleset).summary_losses(summary)


def feba_lines(game: Game[Any, Any], side: str | None = None) -> list[Line]:
    """Each engagement's FEBA over time: every event whose data hold ``feba`` and ``cell``
    (of those ``side`` saw, with ``side``)."""
    lines: dict[Any, Line] = {}
    for event in game.events(side):
        data = event.data
        if isinstance(data, Mapping) and "feba" in data and "cell" in data:
            cell = data["cell"]
            line = lines.setdefault(cell, Line("FEBA", f"cell {cell}", ""))
            line.t.append(float(event.time))
            line.y.append(float(data["feba"]))
    return [lines[k] for k in sorted(lines, key=str)]


def hook_lines(game: Game[Any, Any], side: str | None = None) -> tuple[str, list[Line]]:
    """The ruleset's own series (:meth:`Game.series`): (time unit, lines); with ``side``, only
    the lines of that side."""
    data = game.series()
    lines = [
        Line(s["quantity"], s["label"], s.get("side", ""), list(s["t"]), list(s["y"]))
        for s in data.get("series", [])
        if side is None or s.get("side") == side
    ]
    return str(data.get("time", "time")), lines
