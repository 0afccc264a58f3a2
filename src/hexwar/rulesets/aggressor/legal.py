"""Legal orders computed from a side's view alone (for the random agent, the computer player
and terminal play); the game accepts every order listed here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from hexwar.core.rng import menu_stream
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.orders import PARTISAN_TARGET, AggressorOrder
from hexwar.rulesets.aggressor.scenario import ARMY_SIZE, ROUGH
from hexwar.rulesets.aggressor.state import can_attack, can_move, can_special

__all__ = [
    "SETUP_MENU",
    "Board",
    "has_options",
    "legal_orders",
    "placements",
    "random_setup",
    "setup_menu",
    "unit_options",
]

# Recon targets offered to agents: the centre hex of each sector (any hex is legal).
RECON_TARGETS = tuple(rl.cell_of(c, r) for c in (3, 10, 17) for r in (2, 7, 12))


class Board:
    """The static map and the dynamic CBR hexes of a view, as cell sets."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.rough = _rough(tuple(view["terrain"]))
        self.cbr = frozenset(rl.parse_label(c) for c in view["cbr"])
        self.own = {rl.parse_label(u["at"]): u for u in view["units"]}
        self.enemy = {rl.parse_label(e["at"]): e["type"] for e in view["enemy"]}


@lru_cache(maxsize=8)
def _rough(terrain: tuple[str, ...]) -> frozenset[int]:
    return frozenset(
        rl.cell_of(c, r) for r, row in enumerate(terrain) for c, ch in enumerate(row) if ch == ROUGH
    )


def unit_options(
    view: Mapping[str, Any], board: Board, u: Mapping[str, Any]
) -> list[AggressorOrder]:
    """Every order one unit may be given now, as its side sees the map."""
    if u["frozen"]:
        return []
    mobile = bool(view["options"]["mobile_attacks"])
    cell = rl.parse_label(u["at"])
    n = u["number"]
    in_cbr = cell in board.cbr
    may_move = can_move(
        u["range"], u["moved"], u["halted"], u["special_done"], False, cell in board.rough
    )
    may_attack = can_attack(
        u["attacked"], u["special_done"], False, in_cbr, mobile=mobile, movement_left=may_move
    )
    may_special = can_special(u["acted"], False, in_cbr)
    reduced = u["range"] < u["max_range"] or u["strength"] < u["max_strength"]
    out: list[AggressorOrder] = []
    for key, target in enumerate(rl.NEIGHBOURS[cell], 1):
        if target < 0:
            continue
        friend = board.own.get(target)
        if friend is not None:
            if friend["type"] == "support" and may_special and reduced:
                out.append(AggressorOrder("key", unit=n, key=key))
        elif target in board.enemy:
            if may_attack:
                out.append(AggressorOrder("key", unit=n, key=key))
        elif may_move:
            out.append(AggressorOrder("key", unit=n, key=key))
    if not may_special:
        return out
    side = view["side"]
    if view["aggressor"] is None and rl.territory(rl.parse_label(u["start"])) == rl.other(side):
        out.append(AggressorOrder("special", unit=n, key=7, target=PARTISAN_TARGET))
    kind = u["type"]
    if kind in {"infantry", "support"} and reduced:
        out.append(AggressorOrder("special", unit=n, key=7, target=u["at"]))
    if kind == "airbase":
        for e in sorted(board.enemy):
            out.append(
                AggressorOrder("special", unit=n, key=7, target=rl.label(e), mission="strike")
            )
        for c in RECON_TARGETS:
            if c != cell and c not in board.own:
                out.append(
                    AggressorOrder("special", unit=n, key=7, target=rl.label(c), mission="recon")
                )
    elif kind == "missile":
        for e in sorted(board.enemy):
            if rl.DIST[cell][e] <= rl.MISSILE_RANGE:
                out.append(AggressorOrder("special", unit=n, key=7, target=rl.label(e)))
    elif kind == "artillery":
        for e in sorted(board.enemy):
            if rl.DIST[cell][e] <= u["range"]:
                out.append(AggressorOrder("special", unit=n, key=7, target=rl.label(e)))
    return out


def legal_orders(view: Mapping[str, Any], *, setups: bool = False) -> list[AggressorOrder]:
    """The orders the viewing side may give now: every one during the turns and the partisan
    choice; at set-up, with ``setups``, the menu of :func:`setup_menu` (the set-ups themselves
    are too many to list), else none."""
    side = view["side"]
    if view.get("setup_due"):
        return setup_menu(view) if setups else []
    if view["phase"] == "partisans" and view["partisans_to_use"] > 0:
        return [AggressorOrder("partisans", count=k) for k in range(view["partisans_to_use"] + 1)]
    if view["phase"] != "turn" or view["active"] != side:
        return []
    board = Board(view)
    out: list[AggressorOrder] = []
    for u in view["units"]:
        out.extend(unit_options(view, board, u))
    out.append(AggressorOrder("end"))
    return out


SETUP_MENU = 8  # set-ups offered at once (docs/research.md, "Legal orders")


def setup_menu(view: Mapping[str, Any]) -> list[AggressorOrder]:
    """:data:`SETUP_MENU` random set-ups (:func:`random_setup`) drawn from a stream seeded by
    the view's content: the same view always offers the same set-ups."""
    rng = menu_stream(dict(view), "aggressor:setup")
    return [random_setup(view["side"], rng) for _ in range(SETUP_MENU)]


def placements(
    view: Mapping[str, Any], plan: AggressorOrder | None = None
) -> list[AggressorOrder] | None:
    """The set-up one unit at a time (``Ruleset.placements``): ``plan`` plus one unit of each
    type on each free hex of the side's territory (SET UP), then the plan to submit -- the
    units still to choose drawn as :func:`random_setup` draws them, from a stream seeded by the
    view and the plan. A plan of 18 units offers only itself. ``None`` but at set-up."""
    if not view.get("setup_due"):
        return None
    placed = plan.placements if plan is not None else ()
    if len(placed) >= ARMY_SIZE:
        return [AggressorOrder("setup", placements=placed)]
    taken = {at for _t, at in placed}
    free = [rl.label(c) for c in home_cells(view["side"]) if rl.label(c) not in taken]
    out = [
        AggressorOrder("setup", placements=(*placed, (t, at))) for at in free for t in rl.UNIT_TYPES
    ]
    rng = menu_stream({"view": dict(view), "plan": [list(p) for p in placed]}, "aggressor:placed")
    names = list(rl.UNIT_TYPES)
    rest = ARMY_SIZE - len(placed)
    picks = rng.choice(len(free), size=rest, replace=False)
    filled = tuple((names[int(rng.integers(len(names)))], free[int(i)]) for i in picks)
    out.append(AggressorOrder("setup", placements=(*placed, *filled)))
    return out


def has_options(view: Mapping[str, Any]) -> bool:
    """Whether the viewing side has any order besides ending its turn."""
    board = Board(view)
    return any(unit_options(view, board, u) for u in view["units"])


def home_cells(side: str) -> list[int]:
    return [c for c in range(rl.NCELLS) if rl.territory(c) == side]


def random_setup(side: str, rng: np.random.Generator, types: Sequence[str] = ()) -> AggressorOrder:
    """18 units of uniformly drawn types (or ``types``) on distinct random hexes of the side's
    territory."""
    names = list(rl.UNIT_TYPES)
    chosen = list(types) or [names[int(rng.integers(len(names)))] for _ in range(ARMY_SIZE)]
    cells = home_cells(side)
    picks = rng.choice(len(cells), size=ARMY_SIZE, replace=False)
    return AggressorOrder(
        "setup",
        placements=tuple((t, rl.label(cells[int(i)])) for t, i in zip(chosen, picks, strict=True)),
    )
