"""The plots' reading of an IDAHEX summary (``Ruleset.summary_strengths`` and
``summary_losses``): each side's resources over time, one line per resource; the resources
lost."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["losses", "strengths"]


def strengths(summary: Mapping[str, Any]) -> dict[tuple[str, str, str], float]:
    """Each side's amount of each resource now."""
    out: dict[tuple[str, str, str], float] = {}
    for side, data in summary.get("sides", {}).items():
        for name, amount in zip(data["resource_names"], data["resources_at_end"], strict=True):
            out[("resources", f"{side}: {name}", side)] = float(amount)
    return out


def losses(summary: Mapping[str, Any]) -> tuple[str, dict[str, dict[str, float]]]:
    """The resources each side lost since the start, by resource."""
    return "resources lost", {
        side: {
            name: float(a - b)
            for name, a, b in zip(
                data["resource_names"],
                data["resources_at_start"],
                data["resources_at_end"],
                strict=True,
            )
        }
        for side, data in summary.get("sides", {}).items()
    }
