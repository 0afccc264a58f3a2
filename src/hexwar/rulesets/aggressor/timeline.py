"""The plots' reading of an Aggressor summary (``Ruleset.summary_strengths`` and
``summary_losses``): each side's unit Strengths over time; the units eliminated, by type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["losses", "strengths"]


def strengths(summary: Mapping[str, Any]) -> dict[tuple[str, str, str], float]:
    """The sum of each side's unit Strengths."""
    return {
        ("strength (sum of unit Strengths)", side, side): float(
            sum(u["strength"] for u in data["units"])
        )
        for side, data in summary.get("sides", {}).items()
    }


def losses(summary: Mapping[str, Any]) -> tuple[str, dict[str, dict[str, float]]]:
    """The units each side had eliminated, by type."""
    counts: dict[str, dict[str, float]] = {}
    for side, data in summary.get("sides", {}).items():
        by: dict[str, float] = {}
        for e in data["eliminated"]:
            by[e["type"]] = by.get(e["type"], 0.0) + 1
        counts[side] = by
    return "units eliminated", counts
