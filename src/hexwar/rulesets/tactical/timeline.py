"""The plots' reading of a tactical summary (``Ruleset.summary_strengths`` and
``summary_losses``): each side's strength points over time; SPs lost by unit kind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["losses", "strengths"]


def strengths(summary: Mapping[str, Any]) -> dict[tuple[str, str, str], float]:
    """Each side's strength points now."""
    return {
        ("strength points", side, side): float(data["sp_now"])
        for side, data in summary.get("sides", {}).items()
    }


def losses(summary: Mapping[str, Any]) -> tuple[str, dict[str, dict[str, float]]]:
    """The strength points each side lost, by unit kind."""
    out: dict[str, dict[str, float]] = {}
    for side, data in summary.get("sides", {}).items():
        by: dict[str, float] = {}
        for u in data["units"]:
            by[u["kind"]] = by.get(u["kind"], 0.0) + u["max_sp"] - u["sp"]
        out[side] = by
    return "strength points lost", out
