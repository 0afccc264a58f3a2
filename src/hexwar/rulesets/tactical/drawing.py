"""The tactical map as a board description (seed 002, the parameter sheet), from a view only.

Terrain by the sheet's TERRAIN COMBAT MODIFIERS names with the base elevation in each hex,
hexside features (hedges, bocage, walls, embankments), roads, trenches and bunkers, objectives
with their victory points and holder, smoke and wrecks; own units and commanders, and the enemy
units the side sees. Each own unit carries the hexes it can see now (visibility and line of
sight, TERRAIN HEIGHT): a front end shows them while the unit is selected.

What a board is drawn from is kept with what it drew (:class:`~hexwar.core.boards.Kept`): the
map's hexes, hexsides, roads and specials once per map (the scenario's, public to both sides),
under the side and what they show each unit's counter while the unit stays as it is, the
objectives and wrecks while they stay, and what each unit sees while its hex and what can block
a line of sight within its visibility (the stacks and wrecks that block, the smoke) stay, so an
unchanged part is the very object of the board before and no line of sight is traced again.
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
    Kept,
    Marker,
    SideStyle,
    Style,
    Trace,
)
from hexwar.core.hexes import Hex
from hexwar.core.views import View
from hexwar.rulesets.tactical.board import shared
from hexwar.rulesets.tactical.tables import rules, sheet

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


class _Map:
    """What a board draws of the map alone (the view's ``map``, fixed for a game): its hexes,
    hexsides, roads and specials, and the map for lines of sight."""

    def __init__(self, m: Mapping[str, Any]) -> None:
        self.hexes = tuple(
            HexCell(Hex(q, r), f"{q},{r}", t, f"{e:g}m" if e else "") for q, r, t, e in m["hexes"]
        )
        self.board = shared(m)  # (its sight memos shared with the computer players')
        self.cells = tuple(sorted(self.board.terrain))
        self.hexsides = tuple(Hexside(*_pair(k), f) for k, f in m["hexsides"].items())
        self.traces = tuple(Trace(_pair(k), "road") for k in m["roads"])
        self.specials = tuple(Marker(Hex.from_str(h), k) for h, k in m["specials"].items())


def _frozen(value: Any) -> Any:
    """A JSON value as a key: its lists and dicts as tuples."""
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items())
    if isinstance(value, list | tuple):
        return tuple(map(_frozen, value))
    return value


def _map_key(m: Mapping[str, Any]) -> tuple[Any, ...]:
    """The map's JSON as a key (its hexes, most of it, read in one go)."""
    return tuple((k, tuple(map(tuple, v)) if k == "hexes" else _frozen(v)) for k, v in m.items())


# Kept parts (see the module's docstring). A map is the scenario's, the same for both sides;
# every other part is kept under its side's name too (and its map: the _Map object).
_MAPS: Kept[_Map] = Kept(16)
_COUNTERS: Kept[Counter] = Kept(8192)
_MARKERS: Kept[tuple[Marker, ...]] = Kept(1024)
_SMOKE: Kept[Highlight] = Kept(256)
_SIGHT: Kept[Highlight] = Kept(8192)


def _own_counter(side: str, u: Mapping[str, Any]) -> Counter:
    return Counter(
        ref=u["id"],
        at=Hex.from_str(u["hex"]),
        side=side,
        symbol=_SYMBOL.get(u["kind"], "unknown"),
        name=f"{u['name']} ({u['kind']}, {u['sp']} SP, {u['ap']:g} AP, ammo {u['ammo']})",
        top=u["id"],
        bottom=f"{u['sp']}·{u['ap']:g}",
        flags=_flags(u),
    )


def _own_commander(side: str, c: Mapping[str, Any]) -> Counter:
    return Counter(
        ref=c["id"],
        at=Hex.from_str(c["hex"]),
        side=side,
        symbol="commander",
        name=f"{c['name']} (leadership {c['leadership']}, {c['ap']:g} AP)",
        top=c["id"],
        bottom=f"L{c['leadership']}",
    )


def _enemy_counter(enemy: str, e: Mapping[str, Any]) -> Counter:
    return Counter(
        ref=e["id"],
        at=Hex.from_str(e["hex"]),
        side=enemy,
        symbol=_SYMBOL.get(e["kind"], "unknown"),
        name=f"enemy {e['name']} ({e['kind']}, {e['sp']} SP)",
        top=e["id"],
        bottom=f"{e['sp']} SP",
        flags=_flags(e),
    )


def _enemy_commander(enemy: str, c: Mapping[str, Any]) -> Counter:
    return Counter(
        ref=c["id"],
        at=Hex.from_str(c["hex"]),
        side=enemy,
        symbol="commander",
        name=f"enemy commander {c['name']}",
        top=c["id"],
    )


# What each counter shows of its piece of the view (its key, with the side)
_OWN_FIELDS = ("id", "hex", "kind", "name", "sp", "ap", "ammo")
_ENEMY_FIELDS = ("id", "hex", "kind", "name", "sp")
_FLAG_FIELDS = ("disrupted", "improved", "mounted", "moved", "in_supply")


def _markers(
    specials: tuple[Marker, ...],
    objectives: tuple[tuple[Any, Any, Any], ...],
    wrecks: tuple[tuple[Any, Any], ...],
) -> tuple[Marker, ...]:
    """The objectives with their victory points and holder, the specials, the wrecks."""
    return (
        *(
            Marker(Hex.from_str(h), "objective", f"{vp} VP", control)
            for h, vp, control in objectives
        ),
        *specials,
        *(Marker(Hex.from_str(h), "wreck", f"{n}") for h, n in wrecks),
    )


def _sees(
    m: _Map,
    reach: int,
    eye: Hex,
    unit: str,
    stacks: frozenset[Hex],
    wrecks: frozenset[Hex],
    smoke: frozenset[Hex],
) -> Highlight:
    """The hexes within ``reach`` of ``eye`` to which it has a line of sight, given the
    stacks and wrecks that block one (sheet: Parameter Data) and the smoke."""
    board = m.board
    p = sheet().parameters
    units_sp = dict.fromkeys(stacks, int(p["los_block_non_wreck_sp"]))
    wreck_sp = dict.fromkeys(wrecks, int(p["los_block_wreck_sp"]))
    near = [h for h in m.cells if eye.distance(h) <= reach]
    seen = board.seen_from(eye, near, units_sp=units_sp, wreck_sp=wreck_sp, smoke=smoke)
    return Highlight(tuple(seen), "sight", counter=unit)


def _sight(d: Mapping[str, Any], m: _Map, side: str) -> list[Highlight]:
    """For each own unit on the map, the hexes within visibility to which it has a line of
    sight now (sheet: TERRAIN HEIGHT and Parameter Data; the stacks it knows of block).

    A stack blocks a line of sight with at least ``los_block_non_wreck_sp`` SPs, wrecks with
    ``los_block_wreck_sp``, so what a unit sees is a function of its hex and of the blocking
    stacks and wrecks and the smoke within its visibility: kept while they stay."""
    sp: dict[Hex, int] = {}
    for u in [*d["units"], *d["enemy_units"]]:
        if u["hex"]:
            h = Hex.from_str(u["hex"])
            sp[h] = sp.get(h, 0) + int(u["sp"])
    p = sheet().parameters
    heavy, wrecked = p["los_block_non_wreck_sp"], p["los_block_wreck_sp"]
    stacks = [h for h, n in sp.items() if n >= heavy]
    wrecks = [Hex.from_str(k) for k, n in d["wrecks"].items() if int(n) >= wrecked]
    smoke = [Hex.from_str(h) for h in d["smoke"]]
    reach = rules().visibility
    out = []
    for u in d["units"]:
        if not u["hex"]:
            continue
        eye = Hex.from_str(u["hex"])

        def near(hexes: list[Hex], eye: Hex = eye) -> frozenset[Hex]:
            return frozenset(h for h in hexes if eye.distance(h) <= reach)

        blocking = (near(stacks), near(wrecks), near(smoke))
        out.append(
            _SIGHT.get(
                (side, m, reach, heavy, wrecked, eye, u["id"], *blocking),
                _sees,
                m,
                reach,
                eye,
                u["id"],
                *blocking,
            )
        )
    return out


def describe_board(view: View) -> Board:
    """The map as ``view.side`` sees it."""
    d = view.data
    side = str(d["side"])
    enemy = "axis" if side == "allied" else "allied"
    m = d["map"]
    kept = _MAPS.get(_map_key(m), _Map, m)
    counters: list[Counter] = []
    for u in d["units"]:
        if not u["hex"]:
            continue
        key = (side, *map(u.get, _OWN_FIELDS), *map(u.get, _FLAG_FIELDS))
        counters.append(_COUNTERS.get(key, _own_counter, side, u))
    for c in d["commanders"]:
        key = (side, "commander", c["id"], c["hex"], c["name"], c["leadership"], c["ap"])
        counters.append(_COUNTERS.get(key, _own_commander, side, c))
    for e in d["enemy_units"]:
        key = (enemy, side, *map(e.get, _ENEMY_FIELDS), *map(e.get, _FLAG_FIELDS))
        counters.append(_COUNTERS.get(key, _enemy_counter, enemy, e))
    for c in d["enemy_commanders"]:
        key = (enemy, side, "commander", c["id"], c["hex"], c["name"])
        counters.append(_COUNTERS.get(key, _enemy_commander, enemy, c))
    objectives = tuple((o["hex"], o["vp"], o["control"]) for o in d["objectives"])
    wrecks = tuple(d["wrecks"].items())
    markers = _MARKERS.get(
        (side, kept, objectives, wrecks), _markers, kept.specials, objectives, wrecks
    )
    highlights = []
    if d["smoke"]:
        smoke = tuple(d["smoke"])
        highlights.append(
            _SMOKE.get((side, smoke), lambda: Highlight(tuple(map(Hex.from_str, smoke)), "smoke"))
        )
    highlights += _sight(d, kept, side)
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
        hexes=kept.hexes,
        terrain=TERRAIN,
        sides=SIDES,
        counters=tuple(counters),
        markers=markers,
        hexsides=kept.hexsides,
        traces=kept.traces,
        highlights=tuple(highlights),
        marker_styles=MARKERS,
        hexside_styles=HEXSIDES,
        trace_styles=TRACES,
        highlight_styles=HIGHLIGHTS,
        flag_styles=FLAGS,
        status=status,
        viewer=side,
    )
