"""The air war board as a board description (seed 001, §2.0 and §3), from a player's view.

Fields are labelled as the paper names them (``K25``); each player's territory is tinted, the
no-man's-land band is shaded, cities and airports are marked in their owner's colour with a
ring in the colour of the player holding them, and the units on a field are one counter with
the number of units on it. The view holds no sealed order, so neither does the board.

What a board is drawn from is kept with what it drew (:class:`~hexwar.core.boards.Kept`): the
board's fields once per board (the scenario's), a city's markers while it stays as it is, a
field's counter while the same units stand on it, the highlights while the same cities are
contested and unproductive, so an unchanged part is the very object of the board before.
"""

from __future__ import annotations

from typing import Any

from hexwar.core.boards import (
    Board,
    Counter,
    HexCell,
    Highlight,
    Kept,
    Marker,
    SideStyle,
    Style,
)
from hexwar.core.views import View
from hexwar.rulesets.airwar.board import SIDES as PLAYERS
from hexwar.rulesets.airwar.board import Geometry, geometry, other

__all__ = ["describe_board"]

TERRAIN = {
    "territory-1": Style("territory of player 1", "#dfe8f2"),
    "territory-2": Style("territory of player 2", "#f3e2d6"),
    "no-mans-land": Style("no-man's-land", "#d6d2c4", "hatch"),
}
# Each player's one colour: its counters, cities and airports, its lines in the plots (which
# read it from the board: hexwar.analysis.plots).
SIDES = {
    "1": SideStyle("Player 1", "#3f6fb5", "#ffffff"),
    "2": SideStyle("Player 2", "#b5473f", "#ffffff"),
}
MARKERS = {
    "city-1": Style("city of player 1 (ring: who holds it)", SIDES["1"].colour),
    "city-2": Style("city of player 2 (ring: who holds it)", SIDES["2"].colour),
    "airport-1": Style("airport of player 1", SIDES["1"].colour, "airport"),
    "airport-2": Style("airport of player 2", SIDES["2"].colour, "airport"),
}
HIGHLIGHTS = {
    "contested": Style("contested city (both players' units on it)", "#ff3b3b"),
    "unproductive": Style("city not producing", "#777777", "dots"),
}


# Kept parts (see the module's docstring). The fields are the scenario's board alone, the
# same for both players; every other part is kept under its player's name too.
_HEXES: Kept[tuple[HexCell, ...]] = Kept(16)
_MARKERS: Kept[tuple[Marker, Marker]] = Kept(1024)
_COUNTERS: Kept[Counter] = Kept(4096)
_HIGHLIGHTS: Kept[tuple[Highlight, ...]] = Kept(256)


def _hexes(geo: Geometry) -> tuple[HexCell, ...]:
    """The board's fields, each tinted by the territory it lies in."""
    hexes = []
    for h in geo.fields:
        owner = geo.territory_of(h)
        terrain = "no-mans-land" if h in geo.no_mans_land or owner is None else f"territory-{owner}"
        hexes.append(HexCell(h, geo.label(h), terrain))
    return tuple(hexes)


def _city(
    geo: Geometry, field: str, airport: str, owner: str, holder: str | None
) -> tuple[Marker, Marker]:
    """A city's marker and its airport's, in its owner's colour, ringed by its holder's."""
    return (
        Marker(geo.parse(field), f"city-{owner}", field, holder),
        Marker(geo.parse(airport), f"airport-{owner}", "", holder),
    )


def _counter(geo: Geometry, player: str, label: str, n: Any) -> Counter:
    """The units of ``player`` on field ``label``: one counter with their number."""
    return Counter(
        ref=label,
        at=geo.parse(label),
        side=player,
        symbol="aircraft",
        name=f"{n} unit{'s' if n != 1 else ''} of player {player} on {label}",
        count=int(n),
    )


def _highlights(
    geo: Geometry, contested: tuple[str, ...], unproductive: tuple[str, ...]
) -> tuple[Highlight, ...]:
    """The contested cities and those not producing, by their fields' labels."""
    highlights = []
    if contested:
        highlights.append(Highlight(tuple(map(geo.parse, contested)), "contested"))
    if unproductive:
        highlights.append(Highlight(tuple(map(geo.parse, unproductive)), "unproductive"))
    return tuple(highlights)


def describe_board(view: View) -> Board:
    """The board as player ``view.side`` sees it between stages."""
    d = view.data
    side = str(d["side"])
    name = d["scenario"]["board"]
    geo = geometry(name)
    hexes = _HEXES.get(name, _hexes, geo)
    markers: list[Marker] = []
    contested = []
    unproductive = []
    for c in d["cities"]:
        field, airport, owner, holder = c["field"], c["airport"], str(c["owner"]), c["holder"]
        markers.extend(
            _MARKERS.get(
                (side, name, field, airport, owner, holder),
                _city,
                geo,
                field,
                airport,
                owner,
                holder,
            )
        )
        if c["contested_now"]:
            contested.append(field)
        if not c["productive"]:
            unproductive.append(field)
    counters = []
    for player in PLAYERS:
        for label, n in sorted(d["units"].get(player, {}).items()):
            counters.append(
                _COUNTERS.get((side, name, player, label, n), _counter, geo, player, label, n)
            )
    highlights = _HIGHLIGHTS.get(
        (side, name, tuple(contested), tuple(unproductive)),
        _highlights,
        geo,
        tuple(contested),
        tuple(unproductive),
    )
    totals = d["totals"]
    status = [
        ("game", f"{d['scenario']['title']} (§{d['scenario']['section']})"),
        ("stage", f"{d['phase']}, cycle {d['cycle']}"),
        ("you", f"player {side}"),
    ]
    if totals:
        status.append(("units", f"yours {totals[side]}, opponent's {totals[other(side)]}"))
    left = d["transports_left"].get(side, 0)
    if left:
        status.append(("double transportations left", str(left)))
    return Board(
        title=str(d["scenario"]["title"]),
        orientation="flat" if geo.rotated else "pointy",
        hexes=hexes,
        terrain=TERRAIN,
        sides=SIDES,
        counters=tuple(counters),
        markers=tuple(markers),
        highlights=highlights,
        marker_styles=MARKERS,
        highlight_styles=HIGHLIGHTS,
        status=tuple(status),
        viewer=side,
        # §2.0: player 1 sits at the row-1 edge with A1 at his lower left, player 2 across the
        # table with A1 at his upper right (the rotated board is drawn as it lies).
        mirror="" if geo.rotated else ("vertical" if side == "1" else "horizontal"),
    )
