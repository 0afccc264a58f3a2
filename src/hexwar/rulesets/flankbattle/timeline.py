"""The plots' reading of a flank battle summary (``Ruleset.summary_losses``): the men each
belligerent lost, killed, died and captured. (Its flanks' men and morale by the hour are the
game's ``series``.)"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["losses"]


def losses(summary: Mapping[str, Any]) -> tuple[str, dict[str, dict[str, float]]]:
    """The men each belligerent lost: killed, died and captured."""
    return "men lost", {
        b["side"]: {k: float(b[k]) for k in ("killed", "died", "captured")}
        for b in summary.get("belligerents", [])
    }
