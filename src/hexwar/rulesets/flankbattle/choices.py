"""What each deployment of the menu is (the ``describe_choices`` hook): the flank battle is
fought on the moderator's terrain map, not on a hex board, so a deployment points at no piece
and no hex; its kind is ``deploy``."""

from __future__ import annotations

from collections.abc import Sequence

from hexwar.core.choices import ChoiceMark
from hexwar.rulesets.flankbattle.orders import Deployment

__all__ = ["describe_choices"]


def describe_choices(orders: Sequence[Deployment]) -> list[ChoiceMark]:
    """One ``deploy`` mark per deployment."""
    return [ChoiceMark(None, (), "deploy") for _ in orders]
