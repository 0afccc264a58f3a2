"""The IDAHEX area of war as a board description (seed 000 §2.1, §3, §5.2), from a side's view.

Cells are drawn where the manual puts them: vertical ranks, the first (leftmost) with
``nrank1`` cells, each rank numbered from the top, the next one cell shorter and half a cell
lower; each cell is labelled with its number as the manual writes it. The bottom cell of every
rank (always inactive, §2.1) is drawn as the rim; cells made inactive by the design data
(nonpositive basic environment) are greyed. Active cells are filled by their environment type
as the current ``envmap`` makes it, tinted by their owner; routes join the centres of adjacent
cells by route type, barriers are heavy cell edges.

Units are counters: the side's own (number, posture, task force) and the enemy units in
contact, the only ones its view holds; a task force's mission is a line from its cell through
its orders' objectives. Each engagement the side is in has its FEBA drawn inside the cell:
the ground the attackers have taken, from the edge they attack from (the cells of the
attacking units the side sees) to the FEBA line (§5.2: ``feba`` is that fraction of the
cell's depth).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexwar.core.boards import (
    Board,
    Counter,
    Front,
    HexCell,
    Hexside,
    Highlight,
    SideStyle,
    Style,
    Trace,
)
from hexwar.core.hexes import Hex
from hexwar.core.numberings import IdahexGrid
from hexwar.core.views import View

__all__ = ["describe_board", "unit_symbol"]

# Each side's one colour: its counters, cells and FEBAs, its lines in the plots (which read
# it from the board: hexwar.analysis.plots).
SIDES = {
    "red": SideStyle("Red", "#c0392b", "#ffffff"),
    "blue": SideStyle("Blue", "#2e5fa8", "#ffffff"),
}
_OTHER = {"red": "blue", "blue": "red"}
_SIDE_NO = {"red": 1, "blue": 2}

# Environment fills by keyword of the design's environment type names (group 6); the rest
# take the palette in order.
_ENV_LOOKS = (
    (("urban", "city", "town"), "#d9cfc4", "buildings"),
    (("mountain", "rough", "hill"), "#d8c49a", "contours"),
    (("desert", "sand"), "#f1e3b6", "dots"),
    (("forest", "wood", "jungle"), "#b9d3a0", "trees"),
    (("marsh", "swamp", "wet"), "#c9dcc9", "marsh"),
    (("water", "sea", "lake"), "#a9c8e6", "waves"),
    (("clear", "flat", "open", "plain"), "#eef0d8", ""),
)
_PALETTE = ("#e6ead0", "#e2d6b4", "#d4c7a3", "#cfd8c0", "#e0d0d0", "#d0d8e0")
_ROUTE_COLOURS = ("#7b1f1f", "#c2571a", "#b39b5a", "#c9b98a", "#8a6d3b", "#6b6b6b")
_BARRIER_COLOURS = ("#1f5fa8", "#222222", "#6a3d9a", "#8a2be2")

TERRAIN_FIXED = {
    "rim": Style("rim: the bottom cell of a rank, always inactive (§2.1)", "#b9b6ad", "hatch"),
    "inactive": Style("inactive cell (design data, §2.1)", "#cfccc4"),
}
HIGHLIGHTS = {
    "owned-red": Style("owned by Red", SIDES["red"].colour),
    "owned-blue": Style("owned by Blue", SIDES["blue"].colour),
}
FLAGS = {
    "engaged": Style("engaged", "#ff2d2d"),
    "inactive": Style("inactive (posture class 0)", "#9a9a9a"),
    "moving": Style("disengaging, moving or attacking", "#f2c200"),
}


def unit_symbol(name: str) -> str:
    """A counter symbol from a unit's name (the design gives names, not arms)."""
    n = name.lower()
    if any(k in n for k in ("tank", "armor", "armour", "tk ")):
        return "armor"
    if any(k in n for k in ("art", "gun", "rocket")):
        return "artillery"
    if any(k in n for k in ("transport", "supply", "depot", "log", "truck")):
        return "support"
    if any(k in n for k in ("hq", "headquarters", "army", "front")):
        return "hq"
    return "infantry"


def _off_road(name: str) -> bool:
    """A route type with no road (its name says so, or names terrain only): drawn thin."""
    low = name.lower()
    return "no road" in low or ("road" not in low and "traffic" not in low)


def _environment_styles(names: list[str]) -> dict[str, Style]:
    out: dict[str, Style] = {}
    for i, name in enumerate(names, start=1):
        colour, pattern = _PALETTE[(i - 1) % len(_PALETTE)], ""
        low = name.lower()
        for keys, look, pat in _ENV_LOOKS:
            if any(k in low for k in keys):
                colour, pattern = look, pat
                break
        out[f"env-{i}"] = Style(f"environment {i}: {name}", colour, pattern)
    return out


def _status(d: Mapping[str, Any], side: str) -> list[tuple[str, str]]:
    design = d["design"]
    dues = [tf["due"] for tf in d["task_forces"] if tf["due"] is not None]
    label = SIDES[side].label
    lines = [
        ("side", label),
        ("clock", f"t = {d['time']:g} days"),
        ("period / cycle", f"{d['period']} / {d['cycle']}"),
        (
            "next commands",
            "none (the game ends)" if d["next_period"] is None else f"t = {d['next_period']:g}",
        ),
        (
            f"next {label} event",
            f"t = {min(dues):g}" if dues else "none scheduled (no task force under way)",
        ),
        ("air strikes", "may be entered now (§6)" if design["strikes_now"] else "not now (§6)"),
        ("reports", f"iprint {d['iprint']} (§8)"),
        ("engagements", str(len(d["engagements"]))),
        ("enemy in contact", str(len(d["enemy"]))),
    ]
    return lines


def describe_board(view: View) -> Board:
    """The area of war as side ``view.side`` sees it at a period start."""
    d = view.data
    side = str(d["side"])
    design = d["design"]
    grid = IdahexGrid(int(design["ncells"]), int(design["nrank1"]), frozenset(design["inactive"]))
    env = {int(c): int(e) for c, e in design["environment"].items()}
    terrain = TERRAIN_FIXED | _environment_styles(list(design["environment_names"]))
    hexes: list[HexCell] = []
    for n in range(1, grid.ncells + 1):
        h = grid.hex_of(n)
        if n in grid.bottom_cells:
            kind = "rim"
        elif not grid.is_active(n) or env.get(n, 0) <= 0:
            kind = "inactive"
        else:
            kind = f"env-{env[n]}" if f"env-{env[n]}" in terrain else "inactive"
        hexes.append(HexCell(h, str(n), kind))

    owned: dict[str, list[Hex]] = {"red": [], "blue": []}
    for cell, owner in d["owner"].items():
        if owner in (1, 2) and grid.is_active(int(cell)):
            owned[("red", "blue")[owner - 1]].append(grid.hex_of(int(cell)))
    highlights = [Highlight(tuple(hs), f"owned-{s}") for s, hs in owned.items() if hs]

    route_names = list(design["route_names"])
    barrier_names = list(design["barrier_names"])
    trace_styles: dict[str, Style] = {}
    hexside_styles: dict[str, Style] = {}
    traces: list[Trace] = []
    hexsides: list[Hexside] = []
    for arc in str(design["routes"]).split():
        i, j, rte, bar = (int(x) for x in arc.split(","))
        a, b = grid.hex_of(int(i)), grid.hex_of(int(j))
        if rte > 0:
            key = f"route-{rte}"
            if key not in trace_styles:
                name = route_names[rte - 1] if rte <= len(route_names) else "?"
                trace_styles[key] = Style(
                    f"route type {rte}: {name}" + (" (thin: no road)" if _off_road(name) else ""),
                    _ROUTE_COLOURS[(rte - 1) % len(_ROUTE_COLOURS)],
                    "thin" if _off_road(name) else "",
                )
            traces.append(Trace((a, b), key, f"route {i}-{j}: type {rte}"))
        if bar > 0:
            key = f"barrier-{bar}"
            if key not in hexside_styles:
                name = barrier_names[bar - 1] if bar <= len(barrier_names) else "?"
                hexside_styles[key] = Style(
                    f"barrier type {bar}: {name}", _BARRIER_COLOURS[(bar - 1) % 4]
                )
            hexsides.append(Hexside(a, b, key))

    counters: list[Counter] = []
    for u in d["units"]:
        if u["posture"] <= -10:
            continue  # destroyed: off the map
        flags: list[str] = []
        if u["engaged"]:
            flags.append("engaged")
        if u["posture_class"] == 0:
            flags.append("inactive")
        elif u["posture_class"] >= 2:
            flags.append("moving")
        tf = u["task_force"]
        counters.append(
            Counter(
                ref=str(u["number"]),
                at=grid.hex_of(int(u["location"])),
                side=side,
                symbol=unit_symbol(str(u["name"])),
                name=(
                    f"unit {u['number']} {u['name']} (type {u['type']}): cell {u['location']}, "
                    f"posture {u['posture']}, objective {u['objective']}"
                    + (f", task force {tf}" if tf is not None else "")
                ),
                top=str(u["number"]),
                bottom=f"{u['posture']}" + (f" tf{tf}" if tf is not None else ""),
                flags=tuple(flags),
            )
        )
    enemy = _OTHER[side]
    for u in d["enemy"]:
        counters.append(
            Counter(
                ref=str(u["number"]),
                at=grid.hex_of(int(u["location"])),
                side=enemy,
                symbol=unit_symbol(str(u["name"])),
                name=(
                    f"enemy unit {u['number']} {u['name']} (type {u['type']}): cell "
                    f"{u['location']}, posture class {u['posture_class']}"
                ),
                top=str(u["number"]),
                bottom=f"pc {u['posture_class']}",
            )
        )

    where = {int(u["number"]): int(u["location"]) for u in d["units"]}
    for tf in d["task_forces"]:
        cells = [where[n] for n in tf["units"] if n in where][:1]
        for objective, _posture, _start in tf["orders"]:
            if not cells or cells[-1] != objective:
                cells.append(int(objective))
        if len(cells) >= 2 and all(1 <= c <= grid.ncells for c in cells):
            trace_styles.setdefault("mission", Style("a task force's mission", "#1b7f3a"))
            traces.append(
                Trace(tuple(grid.hex_of(c) for c in cells), "mission", f"mission {tf['number']}")
            )

    fronts: list[Front] = []
    for g in d["engagements"]:
        cell = int(g["cell"])
        attacker = str(g["attacker"])
        if attacker == side:
            origin_cells = {where[n] for n in g["own_units"] if n in where} - {cell}
        else:
            near = set(grid.rim(cell))
            origin_cells = {
                int(u["location"])
                for u in d["enemy"]
                if int(u["location"]) in near and int(u["posture_class"]) == 4
            }
        key = f"feba-{attacker}"
        trace_styles.setdefault(
            key,
            Style(
                f"FEBA, {SIDES[attacker].label} attacking (shaded: ground taken)",
                SIDES[attacker].colour,
            ),
        )
        fronts.append(
            Front(
                grid.hex_of(cell),
                float(g["feba"]),
                key,
                tuple(grid.hex_of(c) for c in sorted(origin_cells)),
                f"engagement at cell {cell}: {attacker} attacking since t = {g['since']:g}, "
                f"FEBA {g['feba']:.3f}",
            )
        )

    return Board(
        title=f"IDAHEX area of war ({SIDES[side].label})",
        orientation="flat",
        hexes=tuple(hexes),
        terrain=terrain,
        sides=SIDES,
        counters=tuple(counters),
        hexsides=tuple(hexsides),
        traces=tuple(traces),
        highlights=tuple(highlights),
        fronts=tuple(fronts),
        hexside_styles=dict(sorted(hexside_styles.items())),
        trace_styles=dict(sorted(trace_styles.items())),
        highlight_styles=HIGHLIGHTS,
        flag_styles=FLAGS,
        status=tuple(_status(d, side)),
        viewer=side,
    )
