"""The computer player (seed 003: "the machine proceeds to select and position the 18 units it
has decided to play with", and plays either side).

It sees only its side's view. Its plan:

* **Set-up (combined arms).** Six Armor and four Infantry in the front columns next to the
  border, spread over the three rows of sectors; three Artillery behind them; the Airbase,
  two Missile and two Support units in the rear, one of them in each home sector, so that a
  raider alone cannot take a home sector (control passes only to a sole occupant).
* **Sector control.** Every manoeuvre unit heads for the nearest hex it does not observe in a
  sector its side does not control (a sector that stays out of its hands while its units
  stand in it hides an enemy, so it is searched), or for a hex next to a known enemy there;
  rear units stay put and dig in. As the aggressor it makes for the enemy's column of sectors
  until it holds one there (GAME OBJECT), unless the enemy is one sector from victory.
* **Either side alike.** Ties between orders are broken the same way for both sides on the
  mirrored map (East lists its directions mirrored).
* **Fire before movement.** Each decision scores every legal order and plays the best: attacks
  and fire by their hit chance against the estimated strength of the target type (unidentified
  units count as Strength 2), missiles at the strongest target in reach, strikes weighed against
  the anti-aircraft risk, recon when nothing is known near the front, supply and replacement for
  worn units out of contact; then moves that shorten the way to the objective, preferring
  rough hexes and avoiding CBR hexes. When nothing scores above zero it ends the turn.
* **When to become the aggressor** (GAME OBJECT: "The first side to attack in any manner a
  unit which is located on the enemy's side of the border is assigned the role of
  'aggressor'"). The role costs the five-sector victory one sector in each column and ends
  partisan contact for both sides, so the computer does not open fire across the border by
  reflex. Until a side is declared it attacks only enemy units on its own side of the border
  (or on the border), keeps its other units out of the reach of the enemy units it knows
  (:data:`REACH`: a first strike then meets units that are dug in, and the enemy that comes
  for them is hit on this side of the border, which declares nobody), and sends one Infantry
  (:data:`SEEKERS`) across, by the hexes farthest from known enemies, to seek partisan
  contact. Before every order it estimates, from its view, what declaring now gives and
  costs, in steps (:func:`hexwar.rulesets.aggressor.aggression.assess`, whose docstring
  states the rule): the enemy steps its first volley across the border would take, less what
  the enemy's answer would take of its own; the partisans it holds; the sectors it is behind
  (or ahead: the round limit favours the side ahead, which keeps the peace); in a level
  standoff, which ends in no victory at the limit, its edge in the front as the rounds go by;
  less the aggressor's column condition (nothing if it already holds a sector in the enemy's
  column) and the partisan contacts it would give up. It declares -- attacks, fires, strikes
  or launches across the border -- when the enemy holds four sectors, or when that estimate
  reaches :data:`~hexwar.rulesets.aggressor.aggression.THRESHOLD`.
* **Partisans** are kept while no side is declared (they weigh for declaring) and all used
  at the first chance once a side is.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from hexwar.core.game import Ruleset
from hexwar.core.views import View
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.aggression import assess
from hexwar.rulesets.aggressor.legal import Board, legal_orders
from hexwar.rulesets.aggressor.orders import PARTISAN_TARGET, AggressorOrder

__all__ = ["ComputerPlayer", "computer_setup", "order_scores"]

_EST_STRENGTH = {
    "airbase": 3,
    "missile": 1,
    "artillery": 2,
    "armor": 3,
    "infantry": 2,
    "support": 1,
    "technical": 1,
    "nuked": 2,
}
_VALUE: dict[str, float] = {"missile": 1.6, "airbase": 1.4, "artillery": 1.3, "armor": 1.2}
_MIRROR_KEY = {1: 5, 2: 6, 5: 1, 6: 2}  # the key directions seen in a mirror (TURN SEQUENCE E)
# How far a known enemy unit strikes in its next turn: an Armor moves 3 hexes and attacks the
# hex next to it (MOVEMENT, COMBAT). Until it declares, the computer keeps out of that reach.
REACH = 4
# Units sent across the border for partisan contact before any side is declared: the first
# Infantry (Partisan Contact: 50% - 10% x Strength, 30% for an Infantry of Strength 2).
SEEKERS = 1
_MANOEUVRE = frozenset({"armor", "infantry", "artillery"})

# Set-up template for West: (type, column, row); East mirrors the columns (20 - col).
_TEMPLATE: tuple[tuple[str, int, int], ...] = (
    ("armor", 9, 2),
    ("armor", 9, 7),
    ("armor", 9, 12),
    ("infantry", 8, 4),
    ("infantry", 8, 9),
    ("armor", 8, 1),
    ("armor", 8, 6),
    ("armor", 8, 11),
    ("infantry", 9, 5),
    ("infantry", 9, 10),
    ("artillery", 7, 3),
    ("artillery", 7, 8),
    ("artillery", 7, 13),
    ("support", 6, 5),
    ("support", 6, 10),
    ("missile", 4, 2),
    ("airbase", 2, 7),
    ("missile", 4, 12),
)


def computer_setup(side: str, rng: np.random.Generator) -> AggressorOrder:
    """The computer's 18 units: the template, each unit shifted a row up or down at random
    when the hex is free (so no two games start quite alike)."""
    taken: set[int] = set()
    placements: list[tuple[str, str]] = []
    for type_, col, row in _TEMPLATE:
        c = col if side == "west" else rl.COLS - 1 - col
        shift = int(rng.integers(-1, 2))
        for r in (row + shift, row, row - shift):
            cell = rl.cell_of(c, r)
            if 0 <= r < rl.ROWS and cell not in taken:
                break
        taken.add(cell)
        placements.append((type_, rl.label(cell)))
    return AggressorOrder("setup", placements=tuple(placements))


@lru_cache(maxsize=4096)
def _disk(cell: int, radius: int) -> frozenset[int]:
    """The cells within ``radius`` of ``cell`` (what a unit of that range observes)."""
    return frozenset(c for c, d in enumerate(rl.DIST[cell]) if d <= radius)


def _distance_field(targets: set[int]) -> tuple[int, ...]:
    """Steps from every cell to the nearest target cell (breadth-first over the map)."""
    return _field(frozenset(targets))


@lru_cache(maxsize=256)
def _field(targets: frozenset[int]) -> tuple[int, ...]:
    """:func:`_distance_field`, kept while the targets recur (the known enemies stay where they
    are through a side's turn: each of its decisions asks for their field)."""
    far = 10**6
    dist = [far] * rl.NCELLS
    queue: deque[int] = deque()
    for t in targets:
        dist[t] = 0
        queue.append(t)
    while queue:
        c = queue.popleft()
        for n in rl.NEIGHBOURS[c]:
            if n >= 0 and dist[n] == far:
                dist[n] = dist[c] + 1
                queue.append(n)
    return tuple(dist)


def declares(view: Mapping[str, Any]) -> bool:
    """Whether the computer, seeing ``view``, is willing to attack across the border now (and
    so become the aggressor, if no side is yet): the estimate of
    :func:`hexwar.rulesets.aggressor.aggression.assess`."""
    if view["aggressor"] is not None:
        return True
    return assess(view).declare


class ComputerPlayer:
    """The computer opponent; plays either side from its view alone."""

    def __init__(self, ruleset: Ruleset[Any, Any], side: str) -> None:
        self.ruleset = ruleset
        self.side = side

    def act(self, view: View, rng: np.random.Generator) -> AggressorOrder:
        data = view.data
        if data["setup_due"]:
            return computer_setup(view.side, rng)
        if data["phase"] == "partisans":
            # Kept for war (a reason to declare, aggression.assess); used once a side is.
            at_war = data["aggressor"] is not None
            return AggressorOrder("partisans", count=int(data["partisans_to_use"]) if at_war else 0)
        orders = legal_orders(data)
        if len(orders) <= 1:
            return AggressorOrder("end")
        plan = _Plan(data)
        if view.side == "east":
            # Ties go to the first order listed; East lists its directions mirrored (1 <-> 5,
            # 2 <-> 6), so that both sides break ties alike on the mirrored map.
            orders.sort(key=lambda o: (o.unit, _MIRROR_KEY.get(o.key, o.key)))
        best, best_score = AggressorOrder("end"), 0.0
        for order in orders:
            score = plan.score(order)
            if score > best_score:
                best, best_score = order, score
        return best


def order_scores(view: Mapping[str, Any], orders: Sequence[AggressorOrder]) -> list[float]:
    """The computer player's score of each order in a unit's turn (the order it gives is the
    first of the highest above 0; ending the turn scores 0), from the view's data alone: the
    prior the search weighs its candidates by."""
    plan = _Plan(view)
    return [float(plan.score(o)) for o in orders]


class _Plan:
    """Scores orders for one decision, from the view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.side = view["side"]
        self.board = Board(view)
        self.units = {u["number"]: u for u in view["units"]}
        self.mobile = bool(view["options"]["mobile_attacks"])
        control = list(view["control"].values())
        wanted = {s for s in range(9) if control[s] != self.side}
        # Sectors held but with known enemies inside are wanted too (they must be cleared).
        for e in self.board.enemy:
            wanted.add(rl.sector_of(e))
        # GAME OBJECT: the aggressor's five sectors must include one in each column; until it
        # holds one in the enemy's column, that column is the objective (and its own sectors
        # with known intruders) -- unless the enemy, with four sectors, is one from victory.
        far = 2 if self.side == "west" else 0
        enemy_held = sum(1 for c in control if c == rl.other(self.side))
        if (
            view["aggressor"] == self.side
            and enemy_held < 4
            and not any(control[s] == self.side for s in range(9) if rl.sector_column(s) == far)
        ):
            wanted = {s for s in wanted if rl.sector_column(s) == far or control[s] == self.side}
        self.wanted = wanted
        # Before an aggressor is declared, targets across the border only when it is time.
        self.restrained = view["aggressor"] is None and not declares(view)
        infantry = sorted(n for n, u in self.units.items() if u["type"] == "infantry")
        self.seekers = set(infantry[:SEEKERS])
        near = _distance_field(set(self.board.enemy)) if self.board.enemy else None
        haven = {
            c
            for c in range(rl.NCELLS)
            if rl.territory(c) == rl.other(self.side)
            and c not in self.board.cbr
            and (near is None or near[c] > 2)
        }
        self.seek = _distance_field(haven) if haven else [0] * rl.NCELLS
        in_wanted = {c for c in range(rl.NCELLS) if rl.sector_of(c) in wanted}
        # A sector that is not ours though we stand in it hides an enemy: search the hexes no
        # unit of ours observes (OBSERVATION: range = current range), and close in on the enemy
        # units we know of there.
        seen = set(self.board.own).union(*(_disk(c, u["range"]) for c, u in self.board.own.items()))
        targets = {c for c in in_wanted if c not in seen}
        for e in self.board.enemy:
            if e in in_wanted:
                targets.update(n for n in rl.NEIGHBOURS[e] if n >= 0 and n not in self.board.own)
        targets = targets or in_wanted
        if not targets:
            targets = set(self.board.enemy) or {rl.cell_of(10, 7)}
        self.goal = _distance_field(targets)
        self.enemy_near = _distance_field(set(self.board.enemy)) if self.board.enemy else None

    def _enemy_strength(self, cell: int) -> int:
        kind = self.board.enemy.get(cell)
        return _EST_STRENGTH.get(kind, 2) if kind is not None else 2

    def _chance(self, strength: int, cell: int) -> float:
        return rl.hit_chance(
            strength,
            self._enemy_strength(cell),
            rough=cell in self.board.rough,
            cbr=cell in self.board.cbr,
        )

    def _value(self, cell: int) -> float:
        """How much harming the enemy unit at ``cell`` is worth."""
        kind = self.board.enemy.get(cell)
        return _VALUE.get(kind or "", 1.0)

    def _across(self, target: int) -> bool:
        """Whether acting on ``target`` now would make this side the aggressor, and it holds
        back from that (GAME OBJECT)."""
        return self.restrained and rl.territory(target) == rl.other(self.side)

    def score(self, order: AggressorOrder) -> float:
        if order.kind == "end":
            return 0.0
        u = self.units[order.unit]
        cell = rl.parse_label(u["at"])
        if order.kind == "key":
            target = rl.NEIGHBOURS[cell][order.key - 1]
            if target in self.board.own:  # a supply request: not at the cost of the Support
                support = self.board.own[target]
                if support["range"] == 0 and support["strength"] <= 1:
                    return 0.0
                return 1.0 + 0.3 * float(u["max_strength"] - u["strength"])
            if target in self.board.enemy:
                return 0.0 if self._across(target) else self._attack_score(u, cell, target)
            return self._move_score(u, cell, target)
        return self._special_score(u, cell, order)

    def _attack_score(self, u: Mapping[str, Any], cell: int, target: int) -> float:
        start = rl.parse_label(u["start"])
        if rl.DIST[start][target if self.mobile else cell] > 1:
            p = 0.5  # an Assault: 50% of a direct Strength loss
        else:
            p = self._chance(u["strength"], target)
        if p < 0.3:
            return 0.0
        return 3.0 * p * self._value(target) + 0.5

    def _move_score(self, u: Mapping[str, Any], cell: int, target: int) -> float:
        if u["type"] not in _MANOEUVRE:
            return 0.0
        if target in self.board.cbr:
            return 0.0
        if self.restrained:
            if u["number"] in self.seekers:
                seek = self.seek[cell] - self.seek[target]
                return 0.5 + 0.2 * seek if seek > 0 else 0.0
            if self.enemy_near is not None and self.enemy_near[target] <= REACH:
                return 0.0
        gain = self.goal[cell] - self.goal[target]
        if gain <= 0:
            # Close in on a known enemy to attack it next, if not already in contact.
            if self.enemy_near is not None and self.enemy_near[cell] > 1:
                gain2 = self.enemy_near[cell] - self.enemy_near[target]
                if gain2 > 0 and self.enemy_near[cell] <= 4:
                    return 0.4 + (0.1 if target in self.board.rough else 0.0)
            return 0.0
        weak = u["strength"] <= 1 and u["strength"] < u["max_strength"]
        if weak and self.enemy_near is not None and self.enemy_near[target] <= 1:
            return 0.0
        return 0.5 + 0.2 * gain + (0.1 if target in self.board.rough else 0.0)

    def _special_score(self, u: Mapping[str, Any], cell: int, order: AggressorOrder) -> float:
        kind = u["type"]
        if order.target == PARTISAN_TARGET:
            return 0.5 + 1.5 * rl.partisan_chance(u["strength"])
        target = rl.parse_label(order.target)
        if target == cell:  # replacement
            contact = self.enemy_near is not None and self.enemy_near[cell] <= 1
            return 0.0 if contact else 0.9 + 0.3 * (u["max_strength"] - u["strength"])
        if self._across(target) and not (kind == "airbase" and order.mission == "recon"):
            return 0.0  # fire, strike or launch across the border: not yet
        if kind == "artillery":
            return 3.5 * self._chance(u["strength"], target) * self._value(target)
        if kind == "missile":
            p = self._chance(rl.MISSILE_ATTACK_STRENGTH, target)
            worth = self._enemy_strength(target) + self._value(target)
            return 1.5 * p * worth if p >= 0.5 else 0.0
        if kind == "airbase":
            d = rl.DIST[cell][target]
            risk = rl.air_loss_chance(d, u["strength"])
            if order.mission == "strike":
                p = self._chance(u["strength"], target)
                return 3.0 * p * self._value(target) - 2.0 * risk
            far_from_known = self.enemy_near is None or self.enemy_near[target] > 3
            if far_from_known and rl.sector_of(target) in self.wanted:
                return 0.35 - risk
        return 0.0
