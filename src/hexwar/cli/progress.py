"""The progress bar of hexwar's batch commands (``sweep``, ``tournament``), on stderr."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

__all__ = ["batch_progress"]


class _RateColumn(ProgressColumn):
    """Items finished per second (``runs/s``, ``games/s``)."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        text = "" if speed is None else f"{speed:.2f} {self.unit}/s"
        return Text(text, style="progress.data.speed")


def batch_progress(
    label: str, unit: str, console: Console, *, headline: str, total: int
) -> tuple[Progress, TaskID]:
    """Print ``headline`` (what the batch will do), then a bar of ``total`` items with
    ``done/total``, the rate, the time elapsed and the time left; the bar and its task."""
    console.print(headline, markup=False, highlight=False)
    progress = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(unit),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        refresh_per_second=4,  # rich's 10 redraws a second cost a sweep 1 % of its CPU time
    )
    return progress, progress.add_task(label, total=total)
