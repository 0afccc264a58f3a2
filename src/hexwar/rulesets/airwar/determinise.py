"""Worlds drawn from an air war view, for search agents (``Ruleset.determinise``): between
stages both players know the whole position (§2), so the world is the position the view
shows; only the sealed orders of the stage are hidden, and those are not part of the game yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from hexwar.rulesets.airwar.placement import position_from_view

if TYPE_CHECKING:
    from hexwar.rulesets.airwar.game import AirwarGame

__all__ = ["determinise"]


def determinise(ruleset: Any, view: Mapping[str, Any], rng: np.random.Generator) -> AirwarGame:
    """The game the view shows. Between stages both players know the whole position (§2);
    only the sealed orders of the stage are hidden, and those are not part of the game yet.
    The game gets a seed drawn from ``rng`` (the air war draws no dice)."""
    from hexwar.rulesets.airwar.game import AirwarGame

    pos = position_from_view(view)
    game = AirwarGame(
        ruleset, pos.scenario, seed=int(rng.integers(2**31)), scenario_id="determinised"
    )
    game.pos = pos
    game.phase = str(view["phase"])
    game.fire_sides = frozenset(view["fire_sides"])
    return game
