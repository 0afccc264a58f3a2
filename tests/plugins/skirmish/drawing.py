"""The board a side sees (the ``describe_board`` hook), from its view alone: the map with its
woods, the objective, the side's own units and the enemy units it sees (strength on top), and
the hexes it sees shaded; the round and the side to act beside the map."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexwar.core.boards import Board, Counter, HexCell, Highlight, Marker, SideStyle, Style

from .scenario import label, map_hexes, parse_label

TERRAIN = {
    "clear": Style("clear", "#ece6c8"),
    "woods": Style("woods (5+ to hit)", "#8fb27a", "trees"),
}
SIDE_STYLES = {
    "red": SideStyle("Red", "#c0392b", "#ffffff"),
    "blue": SideStyle("Blue", "#2e6fb7", "#ffffff"),
}


def describe_board(data: Mapping[str, Any], side: str) -> Board:
    woods = set(data["woods"])
    hexes = map_hexes(data["columns"], data["rows"])
    own = [parse_label(u["at"]) for u in data["units"]]
    sight = int(data["sight"])
    seen = tuple(h for h in hexes if any(h.distance(at) <= sight for at in own))
    counters = tuple(
        Counter(
            ref=u["id"],
            at=parse_label(u["at"]),
            side=owner,
            symbol="infantry",
            name=u["id"],
            top=str(u["strength"]),
        )
        for owner, units in ((side, data["units"]), (_enemy(side), data["enemy"]))
        for u in units
    )
    return Board(
        title=f"Skirmish: round {data['round']} of {data['rounds']}",
        orientation="flat",
        hexes=tuple(HexCell(h, label(h), "woods" if label(h) in woods else "clear") for h in hexes),
        terrain=dict(TERRAIN),
        sides=dict(SIDE_STYLES),
        counters=counters,
        markers=(Marker(parse_label(data["objective"]), "objective", "objective"),),
        highlights=(Highlight(seen, "sight"),),
        marker_styles={"objective": Style("objective", "#f1c40f")},
        highlight_styles={"sight": Style(f"seen by {side}", "#ffffff")},
        status=(
            ("round", f"{data['round']} of {data['rounds']}"),
            ("to act", str(data["mover"])),
            ("enemy units left", str(len(data["enemy_units"]))),
        ),
        viewer=side,
    )


def _enemy(side: str) -> str:
    return "blue" if side == "red" else "red"
