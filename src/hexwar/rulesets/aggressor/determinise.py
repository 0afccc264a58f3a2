"""Worlds consistent with a side's view, for search agents (``Ruleset.determinise``).

A determinised game copies everything the view shows -- the round, phase, sectors, CBR
hexes, the side's own units with their turn state, its partisans, and every enemy unit it
knows of (at its hex; an unidentified one gets a type drawn uniformly) -- and draws what the
view hides from the given stream:

- enemy units never observed: as many as the side still has (at least as many as it knows
  of, at most 18), each of a uniformly drawn type at full Range and Strength, on a free hex of
  the enemy's territory that no own unit's current Range reaches (OBSERVATION: within Range is
  observed), so none would have been seen;
- at set-up, West's set-up (when East is to set up): drawn like the random agent's;
- the enemy's partisans: none; what the enemy knows of the side: the units of the side that
  enemy units (known or drawn) have within their Range.

Nothing of the true state is read: the function sees only the view. The world's own view for
the side equals the view it was drawn from (tests/rulesets/aggressor/test_determinise.py).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np

from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.rulesets.aggressor.legal import random_setup
from hexwar.rulesets.aggressor.orders import AggressorOrder
from hexwar.rulesets.aggressor.scenario import ARMY_SIZE, AggressorScenario
from hexwar.rulesets.aggressor.state import Unit

__all__ = ["determinise"]

_TYPES = tuple(rl.UNIT_TYPES)


def _scenario(view: Mapping[str, Any]) -> AggressorScenario:
    return AggressorScenario.model_validate_json(
        json.dumps(
            {
                "ruleset": "aggressor",
                "title": "a world drawn from a view",
                "terrain": list(view["terrain"]),
                "max_rounds": view["max_rounds"],
                "first_mover": view["first_mover"],
                "options": view["options"],
            }
        )
    )


def _own_unit(side: str, u: Mapping[str, Any]) -> Unit:
    kind = u["type"]
    type_ = "missile" if kind == "technical" else kind
    unit = Unit(
        side,
        int(u["number"]),
        type_,
        rl.parse_label(u["at"]),
        int(u["range"]),
        int(u["strength"]),
        int(u["max_range"]),
        int(u["max_strength"]),
        missiles=kind == "missile",
        emplaced=bool(u["emplaced"]),
        start_cell=rl.parse_label(u["start"]),
        moved=int(u["moved"]),
        entered=int(u["moved"]) > 0,
        halted=bool(u["halted"]),
        attacked=bool(u["attacked"]),
        special_done=bool(u["special_done"]),
        acted=bool(u["acted"]),
        frozen=bool(u["frozen"]),
    )
    return unit


def determinise(ruleset: Any, view: Mapping[str, Any], rng: np.random.Generator) -> AggressorGame:
    side = str(view["side"])
    enemy = rl.other(side)
    seed = int(rng.integers(2**31))
    game = AggressorGame(ruleset, _scenario(view), seed=seed, scenario_id="determinised")
    game.first_mover = view["first_mover"]
    if view["phase"] == "setup":  # West sets up first; East never sees West's set-up
        if side == "west" and view["units"]:
            placements = tuple((u["type"], u["at"]) for u in view["units"])
            game.submit("west", AggressorOrder("setup", placements=placements))
        elif side == "east" and view["setup_due"]:
            game.submit("west", random_setup("west", rng))
        return game
    game.phase = view["phase"]
    game.setup_side = "east"
    game.round = int(view["round"])
    game.active = view["active"]
    game.aggressor = view["aggressor"]
    game.turns_played = 2 * (game.round - 1) + (0 if game.active == game.first_mover else 1)
    game.partisans = {side: int(view["partisans"]), enemy: 0}
    game.control = [view["control"][name] for name in rl.SECTOR_NAMES]
    game.cbr = {rl.parse_label(c) for c in view["cbr"]}
    own = [_own_unit(side, u) for u in view["units"]]
    taken = {u.cell for u in own}
    foes: list[Unit] = []
    number = 0
    for e in view["enemy"]:
        cell = rl.parse_label(e["at"])
        shown = e["type"]
        type_ = shown if shown in rl.UNIT_TYPES else _TYPES[int(rng.integers(len(_TYPES)))]
        if shown == "technical":
            type_ = "missile"
        number += 1
        unit = Unit.new(enemy, number, type_, cell)
        unit.missiles = shown not in ("technical",) and type_ == "missile"
        foes.append(unit)
        taken.add(cell)
    left = view.get("enemy_units_left")
    total = int(left) if left is not None else min(ARMY_SIZE, max(len(foes), len(own)))
    hidden = [
        c
        for c in range(rl.NCELLS)
        if rl.territory(c) == enemy
        and c not in taken
        and all(rl.DIST[u.cell][c] > u.range for u in own)
    ]
    picks = rng.permutation(len(hidden))[: max(0, total - len(foes))]
    for i in picks:
        number += 1
        type_ = _TYPES[int(rng.integers(len(_TYPES)))]
        foes.append(Unit.new(enemy, number, type_, hidden[int(i)]))
    game.units = {side: own, enemy: foes} if side == "west" else {enemy: foes, side: own}
    game.units = {s: game.units[s] for s in rl.SIDES}
    game.chosen = {s: [u.type for u in game.units[s]] for s in rl.SIDES}
    game.at = {u.cell: u for s in rl.SIDES for u in game.units[s]}
    game.known = {
        side: {rl.parse_label(e["at"]): e["type"] for e in view["enemy"]},
        enemy: {u.cell: None for u in own if any(rl.DIST[f.cell][u.cell] <= f.range for f in foes)},
    }
    game.identified = {s: set() for s in rl.SIDES}
    return game
