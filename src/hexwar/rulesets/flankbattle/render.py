"""The flank battle's view as text (terminal play)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexwar.core.screen import wrap
from hexwar.rulesets.flankbattle.receipt import year_text

__all__ = ["render_view"]


def render_view(d: Mapping[str, Any], width: int = 80) -> str:
    """A side's view as text for the terminal: its military, the enemy and the default flanks
    before the battle; the war's result after it; long lines broken at spaces to ``width``."""
    if d.get("phase") == "over":
        r = d["report"]
        lines = [f"{r['war']}: the {r['winner']} wins ({r['reason']}) after {r['hours']} hours"]
        for b in r["belligerents"]:
            lines.append(
                f"  {b['nation']}: {b['starting_size']:,} -> {b['final_size']:,} "
                f"(killed {b['killed']:,}, died {b['died']:,}, captured {b['captured']:,}); "
                f"stability {b['stability_before']:g} -> {b['stability_after']:.1f}"
            )
        return wrap("\n".join(lines), width)
    m = d["military"]
    lines = [
        f"{d['war']} ({year_text(d['year'])}), {d['motive']}, at {d['location']} (map {d['map']})",
        f"You are the {d['side']}: {m['nation']}, {m['name']}, {m['size']:,} troops, "
        f"{m['ships']} x {m['transport']}",
        "  units: " + ", ".join(f"{r} {t} ({m['totals'][r]:,})" for r, t in m["units"].items()),
        f"Enemy: {d['enemy']['nation']}, {d['enemy']['military']}, {d['enemy']['size']:,}",
        "Default flanks:",
    ]
    for f in d["default_flanks"]:
        lines.append(
            f"  ({f['x']:g},{f['y']:g}) inf {f['infantry']} cav {f['cavalry']} "
            f"art {f['artillery']} ships {f['ships']}"
        )
    return wrap("\n".join(lines), width)
