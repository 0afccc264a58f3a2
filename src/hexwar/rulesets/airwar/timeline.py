"""The plots' reading of an air war summary (``Ruleset.summary_strengths`` and
``summary_losses``): each player's units over time; the units lost."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["losses", "strengths"]


def strengths(summary: Mapping[str, Any]) -> dict[tuple[str, str, str], float]:
    """Each player's units now."""
    return {
        ("units", side, side): float(data["units"])
        for side, data in summary.get("sides", {}).items()
    }


def losses(summary: Mapping[str, Any]) -> tuple[str, dict[str, dict[str, float]]]:
    """The units each player lost."""
    sides = summary.get("sides", {})
    return "units lost", {side: {"units": float(d["units_lost"])} for side, d in sides.items()}
