"""The air war board as a board description (seed 001, §2.0 and §3), from a player's view.

Fields are labelled as the paper names them (``K25``); each player's territory is tinted, the
no-man's-land band is shaded, cities and airports are marked in their owner's colour with a
ring in the colour of the player holding them, and the units on a field are one counter with
the number of units on it. The view holds no sealed order, so neither does the board.
"""

from __future__ import annotations

from hexwar.core.boards import Board, Counter, HexCell, Highlight, Marker, SideStyle, Style
from hexwar.core.views import View
from hexwar.rulesets.airwar.board import SIDES as PLAYERS
from hexwar.rulesets.airwar.board import geometry, other

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


def describe_board(view: View) -> Board:
    """The board as player ``view.side`` sees it between stages."""
    d = view.data
    side = str(d["side"])
    geo = geometry(d["scenario"]["board"])
    hexes = []
    for h in geo.fields:
        owner = geo.territory_of(h)
        terrain = "no-mans-land" if h in geo.no_mans_land or owner is None else f"territory-{owner}"
        hexes.append(HexCell(h, geo.label(h), terrain))
    markers = []
    contested = []
    unproductive = []
    for c in d["cities"]:
        field = geo.parse(c["field"])
        markers.append(Marker(field, f"city-{c['owner']}", c["field"], c["holder"]))
        markers.append(Marker(geo.parse(c["airport"]), f"airport-{c['owner']}", "", c["holder"]))
        if c["contested_now"]:
            contested.append(field)
        if not c["productive"]:
            unproductive.append(field)
    counters = []
    for player in PLAYERS:
        for label, n in sorted(d["units"].get(player, {}).items()):
            counters.append(
                Counter(
                    ref=label,
                    at=geo.parse(label),
                    side=player,
                    symbol="aircraft",
                    name=f"{n} unit{'s' if n != 1 else ''} of player {player} on {label}",
                    count=int(n),
                )
            )
    highlights = []
    if contested:
        highlights.append(Highlight(tuple(contested), "contested"))
    if unproductive:
        highlights.append(Highlight(tuple(unproductive), "unproductive"))
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
        hexes=tuple(hexes),
        terrain=TERRAIN,
        sides=SIDES,
        counters=tuple(counters),
        markers=tuple(markers),
        highlights=tuple(highlights),
        marker_styles=MARKERS,
        highlight_styles=HIGHLIGHTS,
        status=tuple(status),
        viewer=side,
        # §2.0: player 1 sits at the row-1 edge with A1 at his lower left, player 2 across the
        # table with A1 at his upper right (the rotated board is drawn as it lies).
        mirror="" if geo.rotated else ("vertical" if side == "1" else "horizontal"),
    )
