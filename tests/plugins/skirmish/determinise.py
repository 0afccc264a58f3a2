"""Worlds a side cannot tell from the one it sees (the ``determinise`` hook), for ``mcts``.

A world copies what the view shows: the map, the round and the side to act, the side's own
units, and the enemy units it sees. The enemy units it does not see (``enemy_units`` names
those left; eliminations are announced) are drawn from ``rng``: each on an empty hex that no
own unit sees (so the world's view is the view it was drawn from), with a strength drawn from
1 to the scenario's full strength. Nothing of the true state is read. The world counts the
view's step of decisions, so that its view equals the view, step and all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from .game import SkirmishGame
from .scenario import SkirmishScenario, label, map_hexes, other, parse_label

if TYPE_CHECKING:
    from .ruleset import SkirmishRuleset


def determinise(
    ruleset: SkirmishRuleset, data: Mapping[str, Any], rng: np.random.Generator
) -> SkirmishGame:
    side = str(data["side"])
    enemy = other(side)
    own = [(u["id"], parse_label(u["at"]), int(u["strength"])) for u in data["units"]]
    seen = [(u["id"], parse_label(u["at"]), int(u["strength"])) for u in data["enemy"]]
    hidden = sorted(set(data["enemy_units"]) - {i for i, _, _ in seen})
    taken = {h for _, h, _ in own + seen}
    empty = [h for h in map_hexes(data["columns"], data["rows"]) if h not in taken]
    sight = int(data["sight"])
    unseen = [h for h in empty if all(h.distance(at) > sight for _, at, _ in own)]
    pool = unseen if len(unseen) >= len(hidden) else empty  # never short on a legal scenario
    spots = [pool[int(i)] for i in rng.permutation(len(pool))[: len(hidden)]]
    full = int(data["strength"])
    drawn = [(i, at, int(rng.integers(1, full + 1))) for i, at in zip(hidden, spots, strict=True)]
    units = {side: own, enemy: seen + drawn}
    scenario = SkirmishScenario.model_validate(
        {
            "ruleset": "skirmish",
            "title": "a world drawn from a view",
            "columns": data["columns"],
            "rows": data["rows"],
            "rounds": data["rounds"],
            "sight": sight,
            "strength": full,
            "first": data["first"],
            "objective": data["objective"],
            "woods": list(data["woods"]),
            **{s: [{"id": i, "at": label(at)} for i, at, _ in units[s]] for s in units},
        }
    )
    game = SkirmishGame(
        ruleset, scenario, seed=int(rng.integers(2**31)), scenario_id="determinised"
    )
    for i, _, strength in units[side] + units[enemy]:
        game.units[i].strength = strength
    game.round = int(data["round"])
    game.mover = str(data["mover"])
    return game
