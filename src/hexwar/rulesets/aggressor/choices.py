"""What each legal order points at on the Aggressor map (the ``describe_choices`` hook), from
the side's view alone.

A key press concerns its unit (the counter's number) and marks the hex in the key's
direction (TURN SEQUENCE E): ``move`` to an empty hex, ``assault`` on an enemy seen there,
``supply`` from the own Support unit there. A special function (key 7) marks its target hex:
``strike`` and ``recon`` by an airbase, ``fire`` by a missile or artillery unit, ``replace``
on the unit's own hex, ``contact`` for Partisan Contact (``@@``, no hex). ``end`` ends the
turn; ``partisans`` is the answer at TURN SEQUENCE C; a set-up of the menu is ``place``,
marking the 18 hexes it fills. A set-up placed unit by unit (``Ruleset.placements``) marks
each unit's hex as ``place`` and the plan to submit as ``submit``, on the hexes placed so far.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexwar.core.choices import SUBMIT, ChoiceMark
from hexwar.core.hexes import Hex
from hexwar.core.views import View
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.legal import Board
from hexwar.rulesets.aggressor.orders import PARTISAN_TARGET, AggressorOrder
from hexwar.rulesets.aggressor.scenario import ARMY_SIZE

__all__ = ["describe_choices"]


def _hexes(placements: Sequence[tuple[str, str]]) -> tuple[Hex, ...]:
    return tuple(rl.hex_of(rl.parse_label(at)) for _t, at in placements)


def describe_choices(
    view: View, orders: Sequence[AggressorOrder], plan: AggressorOrder | None = None
) -> list[ChoiceMark]:
    """One mark per order (see the module docstring)."""
    d = view.data
    done = len(plan.placements) if plan is not None else 0
    # a set-up placed unit by unit (Ruleset.placements) rather than the menu's whole set-ups
    placing = plan is not None or any(
        o.kind == "setup" and len(o.placements) < ARMY_SIZE for o in orders
    )
    board: Board | None = None
    units = {int(u["number"]): u for u in d["units"]}
    out: list[ChoiceMark] = []
    for order in orders:
        match order.kind:
            case "key":
                if board is None:
                    board = Board(d)
                u = units[order.unit]
                target = rl.NEIGHBOURS[rl.parse_label(u["at"])][order.key - 1]
                if target in board.own:
                    kind = "supply"
                elif target in board.enemy:
                    kind = "assault"
                else:
                    kind = "move"
                out.append(ChoiceMark(str(order.unit), (rl.hex_of(target),), kind))
            case "special":
                u = units[order.unit]
                if order.target == PARTISAN_TARGET:
                    out.append(ChoiceMark(str(order.unit), (), "contact"))
                    continue
                if order.mission:
                    kind = order.mission  # strike, recon
                elif order.target == u["at"]:
                    kind = "replace"
                else:
                    kind = "fire"
                hexes = (rl.hex_of(rl.parse_label(order.target)),)
                out.append(ChoiceMark(str(order.unit), hexes, kind))
            case "setup" if placing:
                if len(order.placements) == done + 1 and order is not orders[-1]:
                    _t, at = order.placements[-1]
                    out.append(ChoiceMark(None, (rl.hex_of(rl.parse_label(at)),), "place"))
                else:  # the plan to submit: its units placed so far are marked
                    out.append(ChoiceMark(None, _hexes(order.placements[:done]), SUBMIT))
            case "setup":
                out.append(ChoiceMark(None, _hexes(order.placements), "place"))
            case "end":
                out.append(ChoiceMark(None, (), "end"))
            case "partisans":
                out.append(ChoiceMark(None, (), "partisans"))
            case _:  # pragma: no cover - every kind of order is above
                out.append(ChoiceMark())
    return out
