"""The first computer commander of IDAHEX, kept as the ``legacy`` agent: the yardstick the
present commander (:mod:`hexwar.rulesets.idahex.ai`) is measured against in
``benchmarks/idahex_ai.py``, and the agent of the Sinai speed baseline
(``benchmarks/idahex_sinai.py``). It decides from its view only.

Its doctrine, period by period (docs/idahex.md, "The computer opponent"):

* **Reinforce.** Inactive units (posture class 0, the design's reinforcements) are activated
  where they wait as soon as the side owns that cell and sees no enemy there (§3.3.5).
* **Hold a line.** Units in the front line -- own cells next to an enemy-owned cell -- hold.
  Units behind it march one cell at a time, through own cells, to the nearest front cell.
* **Attack where stronger.** An enemy-held cell next to the line is attacked when the idle,
  supplied units adjacent to it outnumber the enemy units seen there at least
  :data:`ODDS` to 1; the units in each cell attack as one task force.
* **Resupply.** Units holding far more supplies than their planned strength (depots) take the
  transfer posture; a depot gives by transfer to the units in its cell when one is short, and
  otherwise sets out as a convoy through own cells to the cell of the nearest short unit,
  with a delivery order there for :data:`DELIVERY` of its surplus.
* **Air.** At each cycle start, close air support for every engagement the side is in, else
  interdiction of the nearest enemy contact (units attacking first), :data:`SORTIE` aircraft
  of each type per strike. The manual leaves air assets to the designer (§6); this is the
  agent's own restraint.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import is_not
from typing import Any

import numpy as np

from hexwar.core.game import Ruleset
from hexwar.core.numberings import IdahexGrid
from hexwar.core.views import View
from hexwar.rulesets.idahex.orders import (
    Command,
    Commands,
    Delivery,
    Mission,
    Strike,
    Transfer,
)
from hexwar.rulesets.idahex.postures import Order

__all__ = ["LegacyAgent"]

ODDS = 2.0
"""Local superiority in units the agent wants before it attacks."""
SORTIE = 4
"""Aircraft of each type the agent sends on one strike."""
SHORT = 0.5
"""A unit is short of supplies below this fraction of its planned (toe) supplies."""
DEPOT = 2.0
"""A unit holding more than this multiple of its planned supplies is a depot."""
DELIVERY = 0.5
"""The share of its surplus a convoy hands over where it delivers (§4.2.2 ``size``)."""
_RATIOS_KEPT = 4096
"""At most this many units' supply ratios are kept (then forgotten all at once)."""


def _parts(data: Mapping[str, Any]) -> tuple[Any, ...]:
    """The parts of a view a decision reads, but the own units: the design, the owner map
    and the enemy seen (compared by identity), then the engagements, the task forces and
    the deliveries (compared by value)."""
    return (
        data["design"],
        data["owner"],
        data["enemy"],
        data["engagements"],
        data["task_forces"],
        data["deliveries"],
    )


@dataclass(slots=True)
class _Decision:
    """A decision with what it read (see :meth:`LegacyAgent._still`)."""

    parts: tuple[Any, ...]
    """:func:`_parts` of its view (kept alive here: the same object is the same data)."""
    pieces: list[Mapping[str, Any]]
    """The view's own unit pieces, in its order (kept alive here)."""
    readings: list[tuple[Any, ...]]
    """:meth:`LegacyAgent._reading` of each piece."""
    commands: Commands


class LegacyAgent:
    """The first computer commander of one side (counts units, not strength)."""

    def __init__(self, ruleset: Ruleset[Any, Any], side: str) -> None:
        self.side = side
        self._grid: IdahexGrid | None = None
        self._neighbours: dict[int, list[int]] = {}
        # What follows from the owner map alone, kept while the map stays the same: the map
        # as read, its front, and the shortest ways toward sets of goals.
        self._owner_json: Mapping[str, Any] | None = None
        self._owner: dict[int, int] = {}
        self._front: set[int] = set()
        self._ways: dict[frozenset[int], dict[int, int]] = {}
        self._planned: tuple[object, dict[int, list[tuple[int, float]]]] = (None, {})
        """Each unit type's planned supplies, as (column, plan) where the plan is above 0,
        for the view's design (the same object for a whole game)."""
        self._ratios: dict[int, tuple[Mapping[str, Any], float]] = {}
        """Each own unit's supply ratio by the id of its piece of the view (kept with it, so
        the id stays its own): a game hands out the same piece while the unit holds still."""
        self._decided: dict[bool, _Decision] = {}
        """The last decision, by whether air strikes could be entered, with what it read
        (:meth:`_still`)."""

    def _area(self, design: Mapping[str, Any]) -> IdahexGrid:
        if self._grid is None:
            self._grid = IdahexGrid(
                int(design["ncells"]), int(design["nrank1"]), frozenset(design["inactive"])
            )
        return self._grid

    def act(self, view: View, rng: np.random.Generator) -> Commands:
        data = view.data
        strikes_now = bool(data["design"]["strikes_now"])
        last = self._decided.get(strikes_now)
        if last is not None and self._still(last, data):
            return last.commands  # nothing it reads changed (most periods of a quiet front)
        commands = self._decide(data)
        self._decided[strikes_now] = _Decision(
            _parts(data),
            list(data["units"]),
            [self._reading(u, data["design"]) for u in data["units"]],
            commands,
        )
        return commands

    def _still(self, last: _Decision, data: Mapping[str, Any]) -> bool:
        """Whether ``last`` is the decision the commander would take on ``data``.

        A decision is a function of what it reads (it draws nothing): the design, the
        owner map and the enemy seen (the game hands out the same objects while they are
        unchanged and keeps them read-only), the engagements, task forces and deliveries
        (compared by value), and of each own unit what :meth:`_reading` gives -- its
        resources only through the supply ratio's place against :data:`DEPOT` and
        :data:`SHORT`. The same readings give the same commands; the record then holds
        the new pieces, so the next view is compared with them."""
        parts = _parts(data)
        old = last.parts
        if parts[0] is not old[0] or parts[1] is not old[1] or parts[2] is not old[2]:
            return False
        pieces = data["units"]
        if len(pieces) != len(last.pieces) or parts[3:] != old[3:]:
            return False
        changed = list(compress(range(len(pieces)), map(is_not, last.pieces, pieces)))
        if changed:
            design = data["design"]
            readings = last.readings
            reading = self._reading
            for i in changed:
                if reading(pieces[i], design) != readings[i]:
                    return False
            last.pieces = list(pieces)
        last.parts = parts
        return True

    def _reading(self, u: Mapping[str, Any], design: Mapping[str, Any]) -> tuple[Any, ...]:
        """All a decision reads of an own unit's piece: its number, type, cell and the
        cells next to it, posture, posture class, task force, whether it is engaged, and
        whether its supply ratio is above :data:`DEPOT` and below :data:`SHORT`."""
        r = self._ratio(u, design)
        return (
            u["number"],
            u["type"],
            u["location"],
            u["adjacent"],
            u["posture"],
            u["posture_class"],
            u["task_force"],
            u["engaged"],
            r > DEPOT,
            r < SHORT,
        )

    def _ratio(self, u: Mapping[str, Any], design: Mapping[str, Any]) -> float:
        """The unit's lowest stock of a supply type against its plan (1 with no plan)."""
        ratios = self._ratios
        found = ratios.get(id(u))
        if found is not None and found[0] is u:
            return found[1]
        if len(ratios) > _RATIOS_KEPT:
            ratios.clear()
        planned = self._planned
        if planned[0] is not design:
            planned = self._planned = (design, {})
        plan = planned[1].get(u["type"])
        if plan is None:
            lo, hi = design["supplies"]
            toe = design["toe"][str(u["type"])]
            plan = planned[1][u["type"]] = [(i, toe[i]) for i in range(lo, hi) if toe[i] > 0]
        have = u["resources"]
        shares = [have[i] / t for i, t in plan]
        out = min(shares) if shares else 1.0
        ratios[id(u)] = (u, out)
        return out

    def _decide(self, data: Mapping[str, Any]) -> Commands:
        design = data["design"]
        grid = self._area(design)
        me = 1 if self.side == "red" else 2
        units = [u for u in data["units"] if u["posture_class"] >= 1]
        enemy_at: dict[int, int] = {}
        for u in data["enemy"]:
            enemy_at[int(u["location"])] = enemy_at.get(int(u["location"]), 0) + 1

        def neighbours(c: int) -> list[int]:
            out = self._neighbours.get(c)
            if out is None:
                out = self._neighbours[c] = [r for r in grid.active_rim(c) if r is not None]
            return out

        # A view is read-only, so the map as read is kept as it is; a game hands out the
        # same one while it holds.
        if self._owner_json is not data["owner"] and self._owner_json != data["owner"]:
            self._owner_json = data["owner"]
            owner = self._owner = {int(c): int(o) for c, o in data["owner"].items()}
            self._front = {
                c
                for c, o in owner.items()
                if o == me and any(owner.get(r) != me for r in neighbours(c))
            }
            self._ways = {}
        owner = self._owner

        commands: list[Command] = [
            Mission((Order(int(u["location"]), 10),), (int(u["number"]),))
            for u in data["units"]
            if u["posture_class"] == 0
            and u["task_force"] is None
            and owner.get(int(u["location"])) == me
            and int(u["location"]) not in enemy_at
        ]
        if design["strikes_now"]:
            commands.extend(self._air(data, enemy_at, design["aircraft_types"], units))
        idle = [u for u in units if u["task_force"] is None and u["posture_class"] == 1]
        itrfp = int(design["itrfp"])
        supply = {u["number"]: self._ratio(u, design) for u in units}  # once a decision
        depots = [u for u in idle if supply[u["number"]] > DEPOT]
        fighters = [u for u in idle if supply[u["number"]] <= DEPOT and not u["engaged"]]
        short = [u for u in units if supply[u["number"]] < SHORT and u["posture"] != itrfp]
        commands.extend(self._supply(depots, short, itrfp, owner, me, neighbours))
        commands.extend(self._deliveries(data, itrfp, {int(u["location"]) for u in short}))
        front = self._front
        used: set[int] = set()
        # Attack where stronger.
        for target in sorted(enemy_at):
            if owner.get(target) == me:
                continue
            near = [
                u
                for u in fighters
                if target in u["adjacent"]
                and u["number"] not in used
                and supply[u["number"]] >= SHORT
            ]
            if len(near) < ODDS * enemy_at[target]:
                continue
            by_status: dict[tuple[int, int], list[int]] = {}
            for u in near:  # a task force's elements share one status (§3)
                key = (int(u["location"]), int(u["posture"]))
                by_status.setdefault(key, []).append(int(u["number"]))
            for numbers in by_status.values():
                commands.append(Mission((Order(target, 10),), tuple(numbers)))
                used.update(numbers)
        # Hold the line; bring the rear forward.
        if front:
            step = self._toward(front, owner, me, neighbours)
            for u in fighters:
                loc = int(u["location"])
                if u["number"] in used or loc in front or loc not in step:
                    continue
                if supply[u["number"]] < SHORT:
                    continue
                commands.append(Mission((Order(step[loc], 10),), (int(u["number"]),)))
                used.add(int(u["number"]))
        return Commands(tuple(commands))

    def _air(
        self,
        data: Mapping[str, Any],
        enemy_at: Mapping[int, int],
        types: int,
        units: Sequence[Mapping[str, Any]],
    ) -> list[Command]:
        if types == 0:
            return []
        aircraft = (SORTIE,) * types
        fights = [int(g["cell"]) for g in data["engagements"]]
        if fights:
            return [Strike("cas", cell, aircraft) for cell in sorted(set(fights))]
        if not enemy_at:
            return []
        ours = {int(u["location"]) for u in units}
        target = min(enemy_at, key=lambda c: (c not in ours, -enemy_at[c], c))
        return [Strike("interdiction", target, aircraft, (4, 3, 1, 2))]

    def _supply(
        self,
        depots: Sequence[Mapping[str, Any]],
        short: Sequence[Mapping[str, Any]],
        itrfp: int,
        owner: Mapping[int, int],
        me: int,
        neighbours: Any,
    ) -> list[Command]:
        """Idle depots take the transfer posture, give in their cell, or set out as a convoy
        along own cells to the nearest short unit's cell."""
        out: list[Command] = []
        needy = {int(u["location"]) for u in short}
        step = self._toward(needy, owner, me, neighbours) if needy else {}
        for d in depots:
            loc = int(d["location"])
            if d["posture"] != itrfp:
                out.append(Mission((Order(loc, itrfp),), (int(d["number"]),)))
            elif loc in needy:
                out.append(Transfer(loc))
            elif loc in step:
                way = [step[loc]]
                while way[-1] in step:
                    way.append(step[way[-1]])
                orders = tuple(Order(c, itrfp) for c in way)
                out.append(Mission(orders, (int(d["number"]),)))
        return out

    @staticmethod
    def _deliveries(data: Mapping[str, Any], itrfp: int, needy: set[int]) -> list[Command]:
        """A convoy on its way to a short unit's cell gets a delivery order there (§4.2.2):
        it hands over half its surplus on arrival."""
        ordered = {int(d["task_force"]) for d in data["deliveries"]}
        out: list[Command] = []
        for tf in data["task_forces"]:
            if int(tf["number"]) in ordered or not tf["orders"]:
                continue
            cell, posture = int(tf["orders"][-1][0]), int(tf["orders"][-1][1])
            if posture == itrfp and cell in needy:
                out.append(Delivery(int(tf["number"]), cell, DELIVERY))
        return out

    def _toward(
        self, goals: set[int], owner: Mapping[int, int], me: int, neighbours: Any
    ) -> dict[int, int]:
        """For every own cell from which a goal can be reached through own cells, the next
        cell on a shortest way (breadth-first from the goals)."""
        key = frozenset(goals)
        found = self._ways.get(key)
        if found is None:
            found = self._ways[key] = self._search(goals, owner, me, neighbours)
        return found

    @staticmethod
    def _search(
        goals: set[int], owner: Mapping[int, int], me: int, neighbours: Any
    ) -> dict[int, int]:
        step: dict[int, int] = {}
        seen = set(goals)
        queue = deque(sorted(goals))
        while queue:
            c = queue.popleft()
            for r in neighbours(c):
                if r in seen or owner.get(r) != me:
                    continue
                seen.add(r)
                step[r] = c
                queue.append(r)
        return step
