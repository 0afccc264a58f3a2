"""Worlds consistent with a side's view, for search agents (``Ruleset.determinise``).

A determinised game copies everything the view shows -- the turn, the phase, the map, the
objectives and who holds them, smoke, wrecks, the SPs each side has lost, the side's own units
and commanders with their whole state, and every enemy unit in sight with what the view tells
of it (kind, SPs, hardness, defense, riding, disruption, improved position) and the enemy
commanders standing with them -- and draws what the view hides from the given stream
(docs/rulings/tactical.md, "Worlds drawn from a view"):

- what a seen enemy unit's view entry leaves out takes its kind's defaults (rules.toml:
  attacks, range, AP, ammunition, smoke), with full AP and ammunition (an enemy ready to fire
  is the careful guess), its morale the median of the side's own units, no HQ;
- the enemy units out of sight: the side does not know the enemy's order of battle, so it
  assumes a force like its own -- the enemy started with as many SPs as the side did (its SPs
  now plus its lost SPs); less the enemy's lost SPs and the SPs in sight, that many SPs stand
  unseen, as units copied from the side's own combat units (kind and SPs, drawn at random),
  one unit to a hex on hexes no unit of the side sees (visibility and line of sight), that
  hold no objective (control would have changed) and too few SPs to block a line of sight;
- enemy commanders out of sight: none; the seen ones lead like the side's median commander;
- the scenario's rules the view does not carry: the game's defaults (opportunity fire on at
  1:2, the worst single result, the linear supply curve, no break point); the enemy's nation
  is taken to be the side's own (HQ ranges); the side moving first this turn follows from
  the view's decision count (two phases a turn).

Nothing of the true state is read: the function sees only the view. The world's view for the
side equals the view it was drawn from (tests/rulesets/tactical/test_determinise.py).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from hexwar.core.game import Game
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.board import shared
from hexwar.rulesets.tactical.game import Commander, TacticalGame, Unit
from hexwar.rulesets.tactical.scenario import SIDES, SideSpec, TacticalScenario
from hexwar.rulesets.tactical.tables import rules, sheet

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.ruleset import TacticalRuleset

__all__ = ["determinise"]


# The hexes out of the side's sight, for the last view worlds were drawn from (by identity:
# a search draws many worlds from one view object, which the entry keeps alive).
_FREE: list[tuple[Mapping[str, Any], list[Hex]]] = []


def _other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def _scenario(view: Mapping[str, Any], first: str) -> TacticalScenario:
    """The scenario's rules as far as the view tells them; the rest at their defaults. Built
    without validation: the world never reads its map or order of battle from it."""
    side = str(view["side"])
    nation = SideSpec.model_construct(nation=view["nation"], name="")
    fields: dict[str, Any] = {
        "ruleset": "tactical",
        "title": "a world drawn from a view",
        "description": "",
        "year": int(view["year"]),
        "turns": int(view["turns"]),
        "first": first,
        "command_control": bool(view["command_control"]),
        "supply_curve": "linear",
        "combination": view.get("combination", "worst"),
        "visibility": int(view["visibility"]),
        "opportunity_fire": True,
        "opportunity_fire_odds": None,
        "break_percent": view.get("break_percent"),
        "sides": {side: nation, _other(side): nation},
        "map": None,
        "objectives": [],
        "units": [],
        "commanders": [],
    }
    return TacticalScenario.model_construct(**fields)


def _own_unit(side: str, u: Mapping[str, Any]) -> Unit:
    return Unit(
        id=u["id"],
        side=side,
        name=u["name"],
        kind=u["kind"],
        hex=None if u["hex"] is None else Hex.from_str(u["hex"]),
        sp=int(u["sp"]),
        max_sp=int(u["max_sp"]),
        morale=int(u["morale"]),
        attack_soft=float(u["attack_soft"]),
        attack_hard=float(u["attack_hard"]),
        defense=float(u["defense"]),
        range=int(u["range"]),
        ap_max=int(u["ap_max"]),
        ap=float(u["ap"]),
        ammo_max=int(u["ammo_max"]),
        ammo=int(u["ammo"]),
        smoke=int(u["smoke"]),
        hard=bool(u["hard"]),
        base_mobility=rules().kinds[u["kind"]].mobility,
        can_assault=bool(u["can_assault"]),
        hq=u["hq"],
        hq_level=u["hq_level"],
        mounted=u["mounted"],
        carrier=u["carrier"],
        indirect=bool(u["indirect"]),
        disrupted=bool(u["disrupted"]),
        improved=bool(u["improved"]),
        moved=bool(u["moved"]),
        in_supply=True if u["in_supply"] is None else bool(u["in_supply"]),
    )


def _enemy_unit(side: str, uid: str, name: str, kind: str, at: Hex, sp: int, morale: int) -> Unit:
    """An enemy unit with its kind's defaults (rules.toml ``unit_kinds``), full AP and ammo."""
    k = rules().kinds[kind]
    return Unit(
        id=uid,
        side=side,
        name=name,
        kind=kind,
        hex=at,
        sp=sp,
        max_sp=sp,
        morale=morale,
        attack_soft=k.attack_soft,
        attack_hard=k.attack_hard,
        defense=k.defense,
        range=k.range,
        ap_max=k.ap,
        ap=float(k.ap),
        ammo_max=k.ammo,
        ammo=k.ammo,
        smoke=k.smoke,
        hard=k.hard,
        base_mobility=k.mobility,
        can_assault=k.can_assault,
        hq=None,
        hq_level="battalion" if kind == "hq" else None,
    )


def _seen_enemy(side: str, e: Mapping[str, Any], morale: int) -> Unit:
    u = _enemy_unit(side, e["id"], e["name"], e["kind"], Hex.from_str(e["hex"]), e["sp"], morale)
    u.hard = bool(e["hard"])
    u.defense = float(e["defense"])
    u.mounted = e["mounted"]
    u.disrupted = bool(e["disrupted"])
    u.improved = bool(e["improved"])
    return u


def determinise(
    ruleset: TacticalRuleset, view: Mapping[str, Any], step: int, rng: np.random.Generator
) -> TacticalGame:
    """A game the view's side cannot tell from the one it sees, at decision ``step``."""
    side = str(view["side"])
    enemy = _other(side)
    turn = int(view["turn"])
    phase = min(max(step - 2 * (turn - 1), 0), 1)  # two phases a turn, from the decision count
    first = view["phase"] if phase == 0 else _other(view["phase"])
    scenario = _scenario(view, first)
    game = TacticalGame.__new__(TacticalGame)
    Game.__init__(  # the state is set below, not started from a scenario
        game, ruleset, scenario, seed=int(rng.integers(2**31)), scenario_id="determinised"
    )
    game.board = shared(view["map"])
    game._board_json = view["map"]
    game.turn = turn
    game.phase = phase
    game.visibility = int(view["visibility"])
    game.opportunity_odds = rules().opportunity_fire_odds
    game.objectives = {Hex.from_str(o["hex"]): int(o["vp"]) for o in view["objectives"]}
    game.control = {Hex.from_str(o["hex"]): o["control"] for o in view["objectives"]}
    layer = _other(str(view["phase"]))  # smoke clears at its layer's next phase
    game.smoke = {Hex.from_str(h): layer for h in view["smoke"]}
    game.wrecks = {Hex.from_str(h): int(n) for h, n in view["wrecks"].items()}
    game.lost = {s: int(view["lost"][s]) for s in SIDES}

    own = [_own_unit(side, u) for u in view["units"]]
    morale = int(statistics.median_low([u.morale for u in own])) if own else 5
    seen = [_seen_enemy(enemy, e, morale) for e in view["enemy_units"]]
    game.units = {u.id: u for u in own + seen}
    for rider in seen:  # a seen rider sits on a seen tank of its side in its hex, if any
        if rider.mounted == "tank":
            rider.carrier = next(
                (v.id for v in seen if v.kind == "armor" and v.hex == rider.hex), None
            )

    own_commanders = list(view["commanders"])
    lead = int(statistics.median_low([c["leadership"] for c in own_commanders] or [5]))
    command = int(statistics.median_low([c["command"] for c in own_commanders] or [0]))
    commanders = [
        Commander(
            c["id"],
            side,
            c["name"],
            Hex.from_str(c["hex"]),
            int(c["leadership"]),
            int(c["command"]),
            int(c["ap_max"]),
            float(c["ap"]),
            c["hq"],
        )
        for c in own_commanders
    ]
    commanders += [
        Commander(c["id"], enemy, c["name"], Hex.from_str(c["hex"]), lead, command, 100, 100, None)
        for c in view["enemy_commanders"]
    ]
    game.commanders = {c.id: c for c in commanders}

    _draw_unseen(game, view, side, own, morale, rng)
    return game


def _draw_unseen(
    game: TacticalGame,
    view: Mapping[str, Any],
    side: str,
    own: list[Unit],
    morale: int,
    rng: np.random.Generator,
) -> None:
    """Place the enemy SPs out of sight (the module's docstring says how many and where)."""
    enemy = _other(side)
    start = sum(u.sp for u in own) + int(view["lost"][side])
    in_sight = sum(int(e["sp"]) for e in view["enemy_units"])
    left = start - int(view["lost"][enemy]) - in_sight
    templates = [(u.kind, u.max_sp) for u in own if u.kind != "hq"]
    if left <= 0 or not templates:
        return
    block = int(sheet().parameters["los_block_non_wreck_sp"]) - 1  # SPs that block no sight
    if _FREE and _FREE[0][0] is view:
        free = _FREE[0][1]
    else:
        free = _out_of_sight(game, own)
        _FREE[:] = [(view, free)]
    for number, i in enumerate(rng.permutation(len(free)), 1):
        if left <= 0:
            break
        kind, size = templates[int(rng.integers(len(templates)))]
        size = min(size, left, block)
        uid = f"?{number}"
        game.units[uid] = _enemy_unit(enemy, uid, "unseen", kind, free[int(i)], size, morale)
        left -= size


def _out_of_sight(game: TacticalGame, own: list[Unit]) -> list[Hex]:
    """The hexes where an unseen enemy unit may stand: empty, no objective, not blocked, and
    seen by no unit of the side (before any unseen unit is placed)."""
    occupied = {u.hex for u in game.units.values() if u.hex is not None}
    occupied |= {c.hex for c in game.commanders.values() if c.hex is not None}
    eyes = sorted({u.hex for u in own if u.hex is not None})
    sp = game._sp_by_hex()
    return [
        h
        for h in sorted(game.board.terrain)
        if h not in occupied
        and h not in game.objectives
        and h not in game.board.blocked
        and not any(a.distance(h) <= game.visibility and game.line_of_sight(a, h, sp) for a in eyes)
    ]
