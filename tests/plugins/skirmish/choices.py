"""What each legal order points at on the board (the ``describe_choices`` hook), for play by
pointing: a move marks its unit's counter and the hex it moves to (``move``), fire the enemy's
hex (``fire``); ``pass`` points at nothing and is offered as a button of the whole decision."""

from __future__ import annotations

from collections.abc import Sequence

from hexwar.core.choices import ChoiceMark

from .orders import SkirmishOrder
from .scenario import parse_label


def describe_choices(orders: Sequence[SkirmishOrder]) -> list[ChoiceMark]:
    return [
        ChoiceMark(kind="pass")
        if o.kind == "pass"
        else ChoiceMark(o.unit, (parse_label(o.to),), o.kind)
        for o in orders
    ]
