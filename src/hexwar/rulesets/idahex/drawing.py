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

What a board is drawn from is kept with what it drew (:class:`~hexwar.core.boards.Kept`),
under the side and what it shows: the area's cells while the environment stays (a cycle's maps
may change it), the routes and barriers, the cells owned while no cell changes hands, each
unit's counter while the unit stays as it is, each mission and FEBA while they stay, so an
unchanged part is the very object of the board before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from hexwar.core.boards import (
    Board,
    Counter,
    Front,
    HexCell,
    Hexside,
    Highlight,
    Kept,
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


# Each unit name's symbol, read once (a design names its units from a short list, and a new
# counter is drawn for each unit that moved: reading the name again was a third of it).
_symbol = lru_cache(maxsize=4096)(unit_symbol)


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


class _Area:
    """The area of war's cells (§2.1): the grid and each cell's hex, by cell number."""

    def __init__(self, ncells: int, nrank1: int, inactive: frozenset[int]) -> None:
        self.grid = IdahexGrid(ncells, nrank1, inactive)
        self.hex = (Hex(0, 0), *(self.grid.hex_of(n) for n in range(1, ncells + 1)))
        self.active = frozenset(n for n in range(1, ncells + 1) if self.grid.is_active(n))

    def at(self, n: int) -> Hex:
        """Cell ``n``'s hex (IdahexGrid.hex_of, looked up: it refuses a cell off the area)."""
        return self.hex[n] if 0 < n < len(self.hex) else self.grid.hex_of(n)


class _Map(NamedTuple):
    """What a side's board draws from its view's design data alone (§2.1): the area, its
    cells' fills, the routes and barriers."""

    area: _Area
    geometry: tuple[int, int, frozenset[int]]
    terrain: dict[str, Style]
    hexes: tuple[HexCell, ...]
    routes: tuple[Trace, ...]
    hexsides: tuple[Hexside, ...]
    route_styles: dict[str, Style]
    hexside_styles: dict[str, Style]
    routes_key: tuple[Any, ...]  # what the routes are drawn from, with the side


# Kept parts (see the module's docstring). The area is the design's cell geometry alone; every
# other part is kept under its side's name too.
_AREAS: Kept[_Area] = Kept(16)
_TERRAIN: Kept[dict[str, Style]] = Kept(64)
_HEXES: Kept[tuple[HexCell, ...]] = Kept(64)
_ROUTES: Kept[tuple[tuple[Trace, ...], tuple[Hexside, ...], dict[str, Style], dict[str, Style]]]
_ROUTES = Kept(64)
_TRACE_STYLES: Kept[dict[str, Style]] = Kept(256)
_OWNED: Kept[tuple[Highlight, ...]] = Kept(256)
_COUNTERS: Kept[Counter] = Kept(8192)
_MISSIONS: Kept[Trace] = Kept(1024)
_TRACES: Kept[tuple[Trace, ...]] = Kept(256)
_FRONTS: Kept[Front] = Kept(1024)
# ... and by the very pieces of the view they are drawn from (Kept.same), found without
# reading them: a game hands out the same design, owner map and unit pieces while they stay.
_MAPS: Kept[_Map] = Kept(64)
_OWNED_BY: Kept[tuple[Highlight, ...]] = Kept(256)
_OWN_BY: Kept[Counter] = Kept(8192)
_SEEN_BY: Kept[Counter] = Kept(8192)


def _terrain(names: tuple[str, ...]) -> dict[str, Style]:
    return TERRAIN_FIXED | _environment_styles(list(names))


def _hexes(
    area: _Area, terrain: dict[str, Style], environment: tuple[tuple[Any, Any], ...]
) -> tuple[HexCell, ...]:
    """Every cell: the rim, inactive, or filled by its environment type."""
    grid = area.grid
    env = {int(c): int(e) for c, e in environment}
    hexes: list[HexCell] = []
    for n in range(1, grid.ncells + 1):
        if n in grid.bottom_cells:
            kind = "rim"
        elif not grid.is_active(n) or env.get(n, 0) <= 0:
            kind = "inactive"
        else:
            kind = f"env-{env[n]}" if f"env-{env[n]}" in terrain else "inactive"
        hexes.append(HexCell(area.hex[n], str(n), kind))
    return tuple(hexes)


def _owned(area: _Area, owner: tuple[tuple[Any, Any], ...]) -> tuple[Highlight, ...]:
    """The active cells each side owns, tinted by the owner."""
    red: list[Hex] = []
    blue: list[Hex] = []
    active, at = area.active, area.hex
    for cell, side in owner:
        if side == 1 or side == 2:
            n = int(cell)
            if n in active:
                (red if side == 1 else blue).append(at[n])
    return tuple(
        Highlight(tuple(hs), f"owned-{s}") for s, hs in (("red", red), ("blue", blue)) if hs
    )


def _routes(
    area: _Area, routes: str, route_names: Sequence[str], barrier_names: Sequence[str]
) -> tuple[tuple[Trace, ...], tuple[Hexside, ...], dict[str, Style], dict[str, Style]]:
    """The routes between adjacent cells (traces) and the barriers (hexsides), with the
    styles of the types they use."""
    trace_styles: dict[str, Style] = {}
    hexside_styles: dict[str, Style] = {}
    traces: list[Trace] = []
    hexsides: list[Hexside] = []
    at = area.at
    for arc in routes.split():
        i, j, rte, bar = (int(x) for x in arc.split(","))
        a, b = at(i), at(j)
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
    return tuple(traces), tuple(hexsides), trace_styles, dict(sorted(hexside_styles.items()))


def _trace_styles(
    routes: dict[str, Style], mission: bool, attackers: tuple[str, ...]
) -> dict[str, Style]:
    """The routes' styles, the mission's if a mission is drawn, each attacker's FEBA's."""
    out = dict(routes)
    if mission:
        out["mission"] = Style("a task force's mission", "#1b7f3a")
    for attacker in attackers:
        out[f"feba-{attacker}"] = Style(
            f"FEBA, {SIDES[attacker].label} attacking (shaded: ground taken)",
            SIDES[attacker].colour,
        )
    return dict(sorted(out.items()))


def _own_counter(area: _Area, side: str, fields: tuple[Any, ...]) -> Counter:
    """An own unit's counter (number, posture, task force), from its fields as
    :func:`describe_board` reads them."""
    number, location, name, type_, posture, posture_class, engaged, objective, tf = fields
    flags: list[str] = []
    if engaged:
        flags.append("engaged")
    if posture_class == 0:
        flags.append("inactive")
    elif posture_class >= 2:
        flags.append("moving")
    return Counter(
        ref=str(number),
        at=area.at(int(location)),
        side=side,
        symbol=_symbol(str(name)),
        name=(
            f"unit {number} {name} (type {type_}): cell {location}, "
            f"posture {posture}, objective {objective}"
            + (f", task force {tf}" if tf is not None else "")
        ),
        top=str(number),
        bottom=f"{posture}" + (f" tf{tf}" if tf is not None else ""),
        flags=tuple(flags),
    )


def _enemy_counter(area: _Area, enemy: str, fields: tuple[Any, ...]) -> Counter:
    """An enemy unit in contact, as the view shows it."""
    number, location, name, type_, posture_class = fields
    return Counter(
        ref=str(number),
        at=area.at(int(location)),
        side=enemy,
        symbol=_symbol(str(name)),
        name=(
            f"enemy unit {number} {name} (type {type_}): cell "
            f"{location}, posture class {posture_class}"
        ),
        top=str(number),
        bottom=f"pc {posture_class}",
    )


def _mission(area: _Area, cells: tuple[int, ...], number: Any) -> Trace:
    return Trace(tuple(map(area.at, cells)), "mission", f"mission {number}")


def _with_missions(
    area: _Area,
    side: str,
    geometry: tuple[int, int, frozenset[int]],
    routes: tuple[Trace, ...],
    missions: list[tuple[tuple[int, ...], Any]],
) -> tuple[Trace, ...]:
    """The routes' traces and each task force's mission (cells, number) after them."""
    return routes + tuple(
        _MISSIONS.get((side, geometry, cells, number), _mission, area, cells, number)
        for cells, number in missions
    )


def _front(
    area: _Area,
    cell: int,
    attacker: str,
    feba: Any,
    since: Any,
    origins: tuple[int, ...],
) -> Front:
    return Front(
        area.at(cell),
        float(feba),
        f"feba-{attacker}",
        tuple(map(area.at, origins)),
        f"engagement at cell {cell}: {attacker} attacking since t = {since:g}, FEBA {feba:.3f}",
    )


def _map(side: str, design: Mapping[str, Any]) -> _Map:
    """The design's parts of side ``side``'s board, each kept by what it is drawn from."""
    geometry = (int(design["ncells"]), int(design["nrank1"]), frozenset(design["inactive"]))
    area = _AREAS.get(geometry, _Area, *geometry)
    names = tuple(design["environment_names"])
    terrain = _TERRAIN.get((side, names), _terrain, names)
    environment = tuple(design["environment"].items())
    hexes = _HEXES.get((side, geometry, names, environment), _hexes, area, terrain, environment)
    route_names = tuple(design["route_names"])
    barrier_names = tuple(design["barrier_names"])
    routes = str(design["routes"])
    routes_key = (side, geometry, routes, route_names, barrier_names)
    traces, hexsides, route_styles, hexside_styles = _ROUTES.get(
        routes_key, _routes, area, routes, route_names, barrier_names
    )
    return _Map(
        area, geometry, terrain, hexes, traces, hexsides, route_styles, hexside_styles, routes_key
    )


def _owned_of(
    side: str, geometry: tuple[int, int, frozenset[int]], area: _Area, owner: Mapping[str, Any]
) -> tuple[Highlight, ...]:
    items = tuple(owner.items())
    return _OWNED.get((side, geometry, items), _owned, area, items)


def _own_of(
    side: str, geometry: tuple[int, int, frozenset[int]], area: _Area, u: Mapping[str, Any]
) -> Counter:
    fields = (
        u["number"],
        u["location"],
        u["name"],
        u["type"],
        u["posture"],
        u["posture_class"],
        u["engaged"],
        u["objective"],
        u["task_force"],
    )
    return _COUNTERS.get((side, geometry, *fields), _own_counter, area, side, fields)


def _seen_of(
    side: str, geometry: tuple[int, int, frozenset[int]], area: _Area, u: Mapping[str, Any]
) -> Counter:
    enemy = _OTHER[side]
    seen = (u["number"], u["location"], u["name"], u["type"], u["posture_class"])
    return _COUNTERS.get((enemy, side, geometry, *seen), _enemy_counter, area, enemy, seen)


def describe_board(view: View) -> Board:
    """The area of war as side ``view.side`` sees it at a period start."""
    d = view.data
    side = str(d["side"])
    kept = _MAPS.same(side, d["design"], _map, side, d["design"])
    area, geometry = kept.area, kept.geometry
    grid = area.grid
    at = (side, geometry)
    owner = d["owner"]
    highlights = _OWNED_BY.same(at, owner, _owned_of, side, geometry, area, owner)

    counters = [
        _OWN_BY.same(at, u, _own_of, side, geometry, area, u)
        for u in d["units"]
        if u["posture"] > -10  # (destroyed: off the map)
    ]
    counters.extend(_SEEN_BY.same(at, u, _seen_of, side, geometry, area, u) for u in d["enemy"])

    where = (
        {int(u["number"]): int(u["location"]) for u in d["units"]}
        if d["task_forces"] or d["engagements"]
        else {}
    )
    missions: list[tuple[tuple[int, ...], Any]] = []
    for tf in d["task_forces"]:
        cells = [where[n] for n in tf["units"] if n in where][:1]
        for objective, _posture, _start in tf["orders"]:
            if not cells or cells[-1] != objective:
                cells.append(int(objective))
        if len(cells) >= 2 and all(1 <= c <= grid.ncells for c in cells):
            missions.append((tuple(cells), tf["number"]))
    mission = bool(missions)
    traces = kept.routes
    if mission:  # the routes, then each mission
        traces = _TRACES.get(
            (kept.routes_key, tuple(missions)),
            _with_missions,
            area,
            side,
            geometry,
            traces,
            missions,
        )

    fronts: list[Front] = []
    attackers: dict[str, None] = {}
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
        attackers[attacker] = None
        origins = tuple(sorted(origin_cells))
        fronts.append(
            _FRONTS.get(
                (side, geometry, cell, attacker, g["feba"], g["since"], origins),
                _front,
                area,
                cell,
                attacker,
                g["feba"],
                g["since"],
                origins,
            )
        )
    trace_styles = _TRACE_STYLES.get(
        (kept.routes_key, mission, tuple(attackers)),
        _trace_styles,
        kept.route_styles,
        mission,
        tuple(attackers),
    )

    return Board(
        title=f"IDAHEX area of war ({SIDES[side].label})",
        orientation="flat",
        hexes=kept.hexes,
        terrain=kept.terrain,
        sides=SIDES,
        counters=tuple(counters),
        hexsides=kept.hexsides,
        traces=traces,
        highlights=highlights,
        fronts=tuple(fronts),
        hexside_styles=kept.hexside_styles,
        trace_styles=trace_styles,
        highlight_styles=HIGHLIGHTS,
        flag_styles=FLAGS,
        status=tuple(_status(d, side)),
        viewer=side,
    )
