"""The view as text, for terminal play (``render_view``) and how to write an order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .scenario import label, map_hexes


def render_view(data: Mapping[str, Any]) -> str:
    """One line a hex row: ``.`` clear, ``*`` woods, ``@`` the objective, a unit's name."""
    at = {u["at"]: u["id"] for u in [*data["units"], *data["enemy"]]}
    hexes = {label(h) for h in map_hexes(data["columns"], data["rows"])}
    lines = [
        f"{data['side']}: round {data['round']} of {data['rounds']}, {data['mover']} to act",
        "    " + "".join(f"{chr(65 + c):>4}" for c in range(data["columns"])),
    ]
    for row in range(1, data["rows"] + 1):
        cells = []
        for c in range(data["columns"]):
            name = f"{chr(65 + c)}{row}"
            mark = "*" if name in data["woods"] else "."
            mark = "@" if name == data["objective"] else mark
            cells.append(f"{at.get(name, mark) if name in hexes else ' ':>4}")
        lines.append(f"{row:>4}" + "".join(cells))
    own = ", ".join(f"{u['id']} {u['at']} ({u['strength']})" for u in data["units"])
    seen = ", ".join(f"{u['id']} {u['at']} ({u['strength']})" for u in data["enemy"]) or "none"
    lines += [f"own: {own}", f"enemy seen: {seen} of {len(data['enemy_units'])} left"]
    return "\n".join(lines)


ORDER_HELP = (
    "Orders: 'R1 move C4' (to an adjacent empty hex), 'R1 fire C5' (at an adjacent enemy), 'pass'."
)
