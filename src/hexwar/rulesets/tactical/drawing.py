"""The tactical map as a board description (seed 002, the parameter sheet), from a view only.

Terrain by the sheet's TERRAIN COMBAT MODIFIERS names with the base elevation in each hex,
hexside features (hedges, bocage, walls, embankments), roads, trenches and bunkers, objectives
with their victory points and holder, smoke and wrecks; own units and commanders, and the enemy
units the side sees. Each own unit carries the hexes it can see now (visibility and line of
sight, TERRAIN HEIGHT): a front end shows them while the unit is selected.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexwar.core.boards import (
    Board,
    Counter,
    HexCell,
    Hexside,
    Highlight,
    Marker,
    SideStyle,
    Style,
    Trace,
)
from hexwar.core.hexes import Hex
from hexwar.core.views import View
from hexwar.rulesets.tactical.board import Board as TacticalBoard
from hexwar.rulesets.tactical.tables import rules

__all__ = ["describe_board"]

TERRAIN = {
    "open": Style("open ground", "#e6e2b8"),
    "field": Style("fields", "#e0d68f", "fields"),
    "orchard": Style("orchard", "#c7dc98", "orchard"),
    "rough": Style("rough", "#d2c49a", "rough"),
    "forest": Style("forest", "#8fb77a", "trees"),
    "beach": Style("beach", "#f1e3a8", "dots"),
    "building": Style("building", "#c9b9a6", "buildings"),
    "village": Style("village", "#d8c7ae", "buildings"),
    "suburb": Style("suburb", "#cdbfae", "buildings"),
    "city": Style("city", "#b7a99b", "buildings"),
    "industrial": Style("industrial", "#aaa39b", "buildings"),
    "water": Style("water", "#8cb9da", "waves"),
    "shallow_water": Style("shallow water", "#b3d3e6", "waves"),
    "marsh": Style("marsh", "#b9d1b0", "marsh"),
    "swamp": Style("swamp", "#9fbf9a", "marsh"),
}
# Each side's one colour: its counters and its lines in the plots (which read it from the
# board: hexwar.analysis.plots). Dark enough to draw a line on white with, light enough for
# the counter's ink.
SIDES = {
    "allied": SideStyle("Allied", "#7e9a4a", "#10160a"),
    "axis": SideStyle("Axis", "#7f93a8", "#0a1016"),
}
HEXSIDES = {
    "hedge": Style("hedge", "#3f7f2f"),
    "bocage": Style("bocage", "#1f5a1a"),
    "embankment": Style("embankment", "#8a6a3a"),
    "stone_wall": Style("stone wall", "#6f6f6f"),
    "high_wall": Style("high wall", "#3a3a3a"),
    "other": Style("other hexside obstacle", "#a0522d", "dashed"),
}
TRACES = {"road": Style("road", "#b03a2e")}
MARKERS = {
    "objective": Style("objective (victory points)", "#f5c400", "star"),
    "trench": Style("trench", "#5a4632", "cross"),
    "bunker": Style("bunker", "#4a4a4a"),
    "pillbox": Style("pillbox", "#2a2a2a"),
    "beach_obstacles": Style("beach obstacles", "#7a5a2a", "cross"),
    "wreck": Style("wrecks (SP)", "#3a2a1a", "cross"),
}
HIGHLIGHTS = {
    "smoke": Style("smoke", "#9a9a9a", "dots"),
    "sight": Style("what the selected unit sees", "#ffd400"),
}
FLAGS = {
    "disrupted": Style("disrupted", "#d62020"),
    "improved": Style("improved position", "#6b4f2a"),
    "mounted": Style("riders mounted", "#2060c0"),
    "moved": Style("moved this phase", "#555555"),
    "unsupplied": Style("HQ out of supply", "#ff8c00"),
}
_SYMBOL = {"infantry": "infantry", "armor": "armor", "gun": "artillery", "hq": "hq"}


def _pair(key: str) -> tuple[Hex, Hex]:
    a, b = key.split("|")
    return Hex.from_str(a), Hex.from_str(b)


def _flags(u: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(
        f
        for f, on in (
            ("disrupted", u.get("disrupted")),
            ("improved", u.get("improved")),
            ("mounted", u.get("mounted")),
            ("moved", u.get("moved")),
            ("unsupplied", u.get("in_supply") is False),
        )
        if on
    )


def _sight(d: Mapping[str, Any], board: TacticalBoard) -> list[Highlight]:
    """For each own unit on the map, the hexes within visibility to which it has a line of
    sight now (sheet: TERRAIN HEIGHT and Parameter Data; the stacks it knows of block)."""
    sp: dict[Hex, int] = {}
    for u in [*d["units"], *d["enemy_units"]]:
        if u["hex"]:
            h = Hex.from_str(u["hex"])
            sp[h] = sp.get(h, 0) + int(u["sp"])
    wrecks = {Hex.from_str(k): int(n) for k, n in d["wrecks"].items()}
    smoke = [Hex.from_str(h) for h in d["smoke"]]
    reach = rules().visibility
    out = []
    for u in d["units"]:
        if not u["hex"]:
            continue
        eye = Hex.from_str(u["hex"])
        seen = tuple(
            h
            for h in sorted(board.terrain)
            if eye.distance(h) <= reach
            and board.line_of_sight(eye, h, units_sp=sp, wreck_sp=wrecks, smoke=smoke)
        )
        out.append(Highlight(seen, "sight", counter=u["id"]))
    return out


def describe_board(view: View) -> Board:
    """The map as ``view.side`` sees it."""
    d = view.data
    side = str(d["side"])
    enemy = "axis" if side == "allied" else "allied"
    m = d["map"]
    hexes = tuple(
        HexCell(Hex(q, r), f"{q},{r}", t, f"{e:g}m" if e else "") for q, r, t, e in m["hexes"]
    )
    board = TacticalBoard.from_json(m)
    counters: list[Counter] = []
    for u in d["units"]:
        if not u["hex"]:
            continue
        counters.append(
            Counter(
                ref=u["id"],
                at=Hex.from_str(u["hex"]),
                side=side,
                symbol=_SYMBOL.get(u["kind"], "unknown"),
                name=f"{u['name']} ({u['kind']}, {u['sp']} SP, {u['ap']:g} AP, ammo {u['ammo']})",
                top=u["id"],
                bottom=f"{u['sp']}·{u['ap']:g}",
                flags=_flags(u),
            )
        )
    for c in d["commanders"]:
        counters.append(
            Counter(
                ref=c["id"],
                at=Hex.from_str(c["hex"]),
                side=side,
                symbol="commander",
                name=f"{c['name']} (leadership {c['leadership']}, {c['ap']:g} AP)",
                top=c["id"],
                bottom=f"L{c['leadership']}",
            )
        )
    for e in d["enemy_units"]:
        counters.append(
            Counter(
                ref=e["id"],
                at=Hex.from_str(e["hex"]),
                side=enemy,
                symbol=_SYMBOL.get(e["kind"], "unknown"),
                name=f"enemy {e['name']} ({e['kind']}, {e['sp']} SP)",
                top=e["id"],
                bottom=f"{e['sp']} SP",
                flags=_flags(e),
            )
        )
    for c in d["enemy_commanders"]:
        counters.append(
            Counter(
                ref=c["id"],
                at=Hex.from_str(c["hex"]),
                side=enemy,
                symbol="commander",
                name=f"enemy commander {c['name']}",
                top=c["id"],
            )
        )
    markers = [
        Marker(Hex.from_str(o["hex"]), "objective", f"{o['vp']} VP", o["control"])
        for o in d["objectives"]
    ]
    markers += [Marker(Hex.from_str(h), k) for h, k in m["specials"].items()]
    markers += [Marker(Hex.from_str(h), "wreck", f"{n}") for h, n in d["wrecks"].items()]
    hexsides = tuple(Hexside(*_pair(k), f) for k, f in m["hexsides"].items())
    traces = tuple(Trace(_pair(k), "road") for k in m["roads"])
    highlights = []
    if d["smoke"]:
        highlights.append(Highlight(tuple(Hex.from_str(h) for h in d["smoke"]), "smoke"))
    highlights += _sight(d, board)
    score = d["score"]
    status = (
        ("turn", f"{d['turn']} of {d['turns']} (minute {d['minutes']})"),
        ("phase", f"{d['phase']} moves"),
        ("you", f"{side} ({d['nation']}, {d['year']})"),
        ("victory points", ", ".join(f"{k} {v}" for k, v in sorted(score.items()))),
        ("SP lost", ", ".join(f"{k} {v}" for k, v in sorted(d["lost"].items()))),
    )
    return Board(
        title="Tactical",
        orientation="flat",
        hexes=hexes,
        terrain=TERRAIN,
        sides=SIDES,
        counters=tuple(counters),
        markers=tuple(markers),
        hexsides=hexsides,
        traces=traces,
        highlights=tuple(highlights),
        marker_styles=MARKERS,
        hexside_styles=HEXSIDES,
        trace_styles=TRACES,
        highlight_styles=HIGHLIGHTS,
        flag_styles=FLAGS,
        status=status,
        viewer=side,
    )
