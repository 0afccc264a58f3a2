"""The computer commander of either side of an IDAHEX game, deciding from its view only.

It reads the situation from what its view holds: its own units, task forces and resources;
the enemy units in contact (number, type, cell, posture class -- never their resources); the
owner of every cell of the area of war (inactive cells are no part of it, §2.1); the
engagements it is in and what it was told of their latest frame (the FEBA's move, and from
``iprint`` 15 the force ratio, §8); the planned (toe) holdings of every unit type and the
standard values of every resource (§5.3, ``rsvala`` and ``rsvald``, the values of §5.1.2's
antipotential potential method in a nominal engagement).

Its doctrine, period by period (docs/idahex.md, "The computer opponent"):

* **Strength, not counts.** A force's value is the sum of its resources times their standard
  values, on attack (``rsvala``) or defense (``rsvald``), scaled down when its ammunition or
  fuel falls below plan (``frinv`` fields only supported equipment, §5.4.1). An enemy unit
  seen is taken at its type's planned strength: its resources are hidden.
* **Reinforce.** Inactive units are activated where they wait when the side owns the cell and
  sees no enemy there (§4.1 example 2, §3.3.5).
* **Hold a line.** Every own cell next to an enemy cell (the front) keeps at least one combat
  unit, and a front cell the enemy seen next to it outweighs :data:`THREATENED` to 1 is
  reinforced; the rest march, one own cell a period, toward the front cells next to the enemy
  cell where the odds are best -- the side masses where it can win.
* **Attack where the odds favour it.** An enemy cell next to the front is attacked by the idle,
  supplied units next to it when their value on attack is at least :data:`ATTACK_ODDS` times
  the value on defense of the enemy seen there (the threshold drawn within +-15 % from the
  agent's seeded stream each period, so seeds give different games), except from a cell that
  other enemies could then take (an attack posture is no security force, §3.3); a quiet cell
  seen empty is occupied by one strong unit. The FEBA at ``febad`` lets the attackers in (§5):
  one that moves less than 0.5 % a frame is an attack that stalls, and its attackers break
  off.
* **Supply.** A depot (a unit holding more than :data:`DEPOT` times its planned supplies) takes
  the transfer posture in a rear cell next to the front and refills by transfer every unit in
  its cell that is short; units short of ammunition or fuel that are not engaged go to it,
  and an engaged defender short of ammunition is relieved by a fresh unit before it runs out,
  then goes to the depot (§4.2.1, §7).
* **Retreat in time.** A defender whose FEBA will reach ``febad`` within two periods at its
  last frame's pace, or who was told it is outnumbered :data:`LOST_ODDS` to 1 with the FEBA
  past a third, disengages toward the safest own cell next to it -- §5.3's ``haven`` scores
  -- before the attackers take the cell (and, with no line of retreat, destroy it).
* **Air.** At each cycle start: close air support of the engagements it attacks in, then of
  those it defends, :data:`SORTIE` aircraft of each type per strike, at most :data:`STRIKES`
  strikes; with none, interdiction of the enemy cell next to its line holding the most enemy
  units seen (units attacking first). The manual leaves air assets to the designer (§6); this
  is the agent's own restraint, the same sortie as the legacy agent's.

Every order names an active cell: the commander never sends a unit outside the area of war.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import compress
from math import copysign
from operator import is_not
from typing import Any

import numpy as np

from hexwar.core import exact
from hexwar.core.game import Ruleset
from hexwar.core.numberings import IdahexGrid
from hexwar.core.views import View
from hexwar.rulesets.idahex.orders import Command, Commands, Mission, Strike, Transfer
from hexwar.rulesets.idahex.postures import Order

__all__ = ["ATTACK_ODDS", "DEPOT", "LOST_ODDS", "SORTIE", "STRIKES", "HoldingAgent", "IdahexAgent"]

ATTACK_ODDS = 1.6
"""Estimated force ratio (own value on attack to the enemy's on defense) the agent wants before
it attacks; Sinai's FEBA advances a cell in about six days at 2, three at 3 (``vfeba``)."""
LOST_ODDS = 2.0
"""A defender told that the attackers' force ratio is at least this retreats early."""
SORTIE = 4
"""Aircraft of each type the agent sends on one strike."""
STRIKES = 3
"""Strikes the agent flies at most per cycle."""
SHORT = 0.5
"""A unit is short below this fraction of its planned ammunition or fuel."""
CRITICAL = 0.35
"""An engaged defender below this fraction of its planned ammunition is relieved."""
DEPOT = 2.0
"""A unit holding more than this multiple of its planned supplies is a depot."""
COMBAT = 20.0
"""A unit whose planned value on defense is below this is not a combat unit (transport, AAA)."""
STALL = 0.005
"""An attack whose FEBA moved less than this in the last frame stalls."""
STRONG = 100.0
"""A unit whose planned value on defense reaches this may occupy a cell alone."""
THREATENED = 1.5
"""A front cell is reinforced when the enemy's value on attack seen next to it is this many
times the value on defense holding it."""
MARCH = 6
"""The farthest, in cells, the agent looks for a unit to fill or reinforce the line; units
march one cell a period, holding at each."""
EXPOSED = 0.5
"""Units do not attack from a cell where the enemy seen next to it (the target aside) has
this share of the value on defense holding it."""
TRIP = 4
"""The longest march, in cells, to a depot."""
STUCK = 0.05
"""A unit below this fraction of its planned supplies is not sent marching."""


@dataclass(slots=True)
class _Unit:
    number: int
    type: int
    cell: int
    posture: int
    pc: int
    tf: int | None
    engaged: bool
    resources: list[float]
    ratio: float = 1.0
    """The lowest stock of a supply type against the plan (1 with no plan)."""
    band: tuple[bool, ...] = ()
    """:func:`_band` of :attr:`ratio`."""
    values: dict[str, float] = field(default_factory=dict)
    """Its value on ``attack`` and ``defense``, as they are asked for."""
    combat: bool = False
    """A combat unit: planned value on defense at least :data:`COMBAT`, and no depot."""
    ready: bool = False
    """Free to take an order: in no task force, holding, not engaged, not in the transfer
    posture, and supplied enough to move (:data:`STUCK`)."""


@dataclass(slots=True)
class _Design:
    """The design data of the view read once a game (the game shares one copy between
    views): the plans of the unit types and, as they are asked for, their values at plan."""

    source: Mapping[str, Any]
    toe_source: Mapping[str, Any]
    me: str
    enemy_side: str
    toe: dict[int, list[float]]
    values: dict[tuple[str, str, int], float] = field(default_factory=dict)

    def worth(self, side: str, role: str, unit_type: int) -> float:
        """A unit of ``side`` and ``unit_type`` at plan, on ``attack`` or ``defense``."""
        key = (side, role, unit_type)
        out = self.values.get(key)
        if out is None:
            v = self.source["standard_values"][side][role]
            row = self.toe[unit_type]
            out = self.values[key] = exact.sum_left(x * w for x, w in zip(row, v, strict=True))
        return out


@dataclass(slots=True)
class _Enemy:
    """The enemy seen, as values by cell, kept from decision to decision while it is the
    same, with the sums read from it."""

    source: list[Mapping[str, Any]]
    """The view's list of enemy units seen this was read from."""
    at: dict[int, list[Mapping[str, Any]]]
    """The enemy units seen in each cell."""
    attack_at: dict[int, list[float]]
    """The values on attack of the enemy units seen in each cell (posture class >= 1)."""
    defense_at: dict[int, list[float]]
    """The values on defense of the enemy units seen holding each cell (classes 1 and 2)."""
    pressure: dict[tuple[int, int | None], float] = field(default_factory=dict)
    """The enemy's value on attack seen next to a cell (but in a second cell), summed as
    :meth:`IdahexAgent._threat_in` sums it."""
    near: dict[frozenset[int], list[int]] = field(default_factory=dict)
    """The cells of enemy units seen in or next to a set of cells (those holding own active
    units), in the order of :attr:`at`."""


@dataclass(slots=True)
class _Terrain:
    """What follows from the owner map alone, kept from decision to decision while the map
    stays the same (cells change hands rarely): the front and the shortest ways."""

    source: dict[str, Any]
    """The view's owner map this was read from (a copy, compared with the next view's)."""
    owner: dict[int, str]
    front: set[int] | None = None
    paths: dict[tuple[int, frozenset[int]], list[int]] = field(default_factory=dict)
    beyond: dict[frozenset[int], list[int]] = field(default_factory=dict)
    safe: dict[frozenset[int], tuple[set[int], set[int]]] = field(default_factory=dict)
    """Own cells with no enemy or foreign cell next to them, and those of them next to the
    front, by the cells where enemy units are seen."""
    mine: set[int] | None = None
    """The own cells, read with :attr:`near_foreign` and :attr:`near_front` when
    :meth:`IdahexAgent._safe` first asks for them ..."""
    near_foreign: set[int] = field(default_factory=set)
    """... the active cells next to a cell the side does not own ..."""
    near_front: set[int] = field(default_factory=set)
    """... and those next to the front."""
    seen: object = None
    """The last view's owner map object (kept alive here): the same object is the same map."""
    targets: dict[frozenset[int], list[tuple[float, int]]] = field(default_factory=dict)
    """:meth:`IdahexAgent._targets_of` a set of cells, for the enemy seen :attr:`targets_of`
    (emptied when it changes)."""
    targets_of: object = None


@dataclass(slots=True)
class _Tests:
    """The tests a decision made of own units' values on attack and defense (the only way,
    with the supply ratio's :func:`_band`, that their resources reach it), each with how it
    came out."""

    exposed: list[tuple[int, int, bool]] = field(default_factory=list)
    """``(cell, target, out)``: :meth:`IdahexAgent._threat` of ``cell`` but ``target`` was
    below :data:`EXPOSED` (``out``) or not."""
    strong: list[tuple[tuple[int, ...], float, bool]] = field(default_factory=list)
    """``(units, value, out)``: the units' value on attack, summed in this order, was
    :meth:`IdahexAgent._strong_enough` against an enemy ``value`` (``out``) or not, without
    drawing the odds."""
    line: dict[int, float] = field(default_factory=dict)
    """The threat to each front cell holding a combat unit, as :meth:`_line` weighed them
    ..."""
    threatened: list[int] = field(default_factory=list)
    """... and the cells it found :data:`THREATENED`, most threatened first."""
    cells: set[int] = field(default_factory=set)
    """The cells whose units' values :attr:`exposed` and :attr:`line` weigh ..."""
    units: set[int] = field(default_factory=set)
    """... and the units :attr:`strong` weighs (see :meth:`close`)."""

    def close(self) -> None:
        """Note the cells and units the tests weigh, once they are all made."""
        self.cells = {cell for cell, _, _ in self.exposed} | self.line.keys()
        self.units = {n for group, _, _ in self.strong for n in group}


@dataclass(slots=True)
class _Situation:
    """The view, parsed once."""

    me: str
    enemy_side: str
    itrfp: int
    active: frozenset[int]
    terrain: _Terrain
    design: _Design
    units: list[_Unit]
    enemy_at: dict[int, list[Mapping[str, Any]]]
    enemy: _Enemy
    engagements: list[Mapping[str, Any]]
    toe: dict[int, list[float]]
    supplies: tuple[int, int]
    values: Mapping[str, Mapping[str, list[float]]]
    names: list[str]
    strikes_now: bool
    aircraft_types: int
    at: dict[int, list[_Unit]] = field(default_factory=dict)
    """Own units by cell, in the view's order."""
    busy: set[int] = field(default_factory=set)
    held: set[int] | None = None
    fresh: list[_Unit] | None = None
    watched: set[int] | None = None
    tests: _Tests = field(default_factory=_Tests)
    """The decision's tests of own units' values, as they came out."""

    @property
    def owner(self) -> dict[int, str]:
        return self.terrain.owner


@dataclass(slots=True)
class _Decision:
    """A decision that drew nothing, with what it read (see :meth:`IdahexAgent._still`)."""

    parts: tuple[object, object, object]
    """The view's design, owner map and enemy seen (kept alive here: the same object is the
    same data)."""
    engagements: object
    pieces: list[Mapping[str, Any]]
    """The view's own unit pieces, in its order (kept alive here)."""
    units: list[_Unit]
    """The own units as read from :attr:`pieces`."""
    enemy: _Enemy
    """The enemy seen as read from ``parts``."""
    tests: _Tests
    commands: Commands
    rows: dict[int, list[int]] = field(default_factory=dict)
    """The indices in :attr:`units` of the units in each cell, in the view's order: fixed
    while the record holds, as each unit it takes in is the unit before in the same cell
    (:func:`_alike`)."""


class IdahexAgent:
    """The computer commander of one side."""

    def __init__(self, ruleset: Ruleset[Any, Any], side: str) -> None:
        self.side = side
        self._grid: IdahexGrid | None = None
        self._active: frozenset[int] = frozenset()
        self._neighbours: dict[int, list[int]] = {}
        self._terrain: _Terrain | None = None
        self._design: _Design | None = None
        self._units: dict[int, tuple[Mapping[str, Any], _Unit]] = {}
        self._enemy: _Enemy | None = None
        """Each own unit as read from the last view, with the view's object it was read from
        (kept alive here, so an identical object is the same unit data)."""
        self._decided: dict[bool, _Decision] = {}
        """The last decision taken without a draw, by whether air strikes could be entered,
        with what it read (:meth:`_still`)."""

    # -- reading the view ---------------------------------------------------------------------

    def _area(self, design: Mapping[str, Any]) -> IdahexGrid:
        if self._grid is None:
            self._grid = IdahexGrid(
                int(design["ncells"]), int(design["nrank1"]), frozenset(design["inactive"])
            )
            grid = self._grid
            self._active = frozenset(c for c in range(1, grid.ncells + 1) if grid.is_active(c))
        return self._grid

    def _next_to(self, cell: int) -> list[int]:
        """The active cells next to ``cell`` (§2.1: an inactive cell is no part of the area)."""
        out = self._neighbours.get(cell)
        if out is None:
            assert self._grid is not None
            out = [r for r in self._grid.active_rim(cell) if r is not None]
            self._neighbours[cell] = out
        return out

    def _situation(self, data: Mapping[str, Any]) -> _Situation:
        design = data["design"]
        self._area(design)
        active = self._active
        enemy_side = "blue" if self.side == "red" else "red"
        terrain = self._terrain
        seen_owner = data["owner"]
        if terrain is None or (terrain.seen is not seen_owner and terrain.source != seen_owner):
            names = {1: "red", 2: "blue"}
            owner = {int(c): names[int(o)] for c, o in seen_owner.items() if int(c) in active and o}
            terrain = self._terrain = _Terrain(dict(seen_owner), owner)
        terrain.seen = seen_owner  # (the game hands out the same map while it is unchanged)
        fixed = self._fixed(design)
        toe = fixed.toe
        enemy = self._enemy
        if enemy is None or enemy.source is not data["enemy"]:
            # (The game hands out the same list while the contacts are unchanged.)
            enemy = self._enemy = self._read_enemy(data["enemy"], fixed, enemy_side)
            terrain.targets.clear()
        elif terrain.targets and terrain.targets_of is not enemy:
            terrain.targets.clear()
        terrain.targets_of = enemy
        lo, hi = (int(x) for x in design["supplies"])
        units: list[_Unit] = []
        at: dict[int, list[_Unit]] = {}
        read: dict[int, tuple[Mapping[str, Any], _Unit]] = {}
        for u in data["units"]:
            unit = self._unit(u, design)
            read[unit.number] = (u, unit)
            units.append(unit)
            at.setdefault(unit.cell, []).append(unit)
        self._units = read
        return _Situation(
            me=self.side,
            enemy_side=enemy_side,
            itrfp=int(design["itrfp"]),
            active=active,
            terrain=terrain,
            design=fixed,
            units=units,
            enemy_at=enemy.at,
            enemy=enemy,
            engagements=list(data["engagements"]),
            toe=toe,
            supplies=(lo, hi),
            values=design["standard_values"],
            names=list(design["resource_names"]),
            strikes_now=bool(design["strikes_now"]),
            aircraft_types=int(design["aircraft_types"]),
            at=at,
        )

    def _fixed(self, design: Mapping[str, Any]) -> _Design:
        """The design data read from the view's ``design`` (read again only when the view
        hands out other planned holdings)."""
        if self._design is None or self._design.toe_source is not design["toe"]:
            toe = {int(k): list(v) for k, v in design["toe"].items()}
            enemy_side = "blue" if self.side == "red" else "red"
            self._design = _Design(design, design["toe"], self.side, enemy_side, toe)
        return self._design

    def _unit(self, u: Mapping[str, Any], design: Mapping[str, Any]) -> _Unit:
        """An own unit as read from its piece of the view (``self._design`` read from
        ``design``): the unit read last time while the view hands out the same piece (the
        game hands out the same object while the unit is unchanged)."""
        number = int(u["number"])
        known = self._units.get(number)
        if known is not None and known[0] is u:
            return known[1]
        fixed = self._fixed(design)
        lo, hi = design["supplies"]
        unit = _Unit(
            number,
            int(u["type"]),
            int(u["location"]),
            int(u["posture"]),
            int(u["posture_class"]),
            u["task_force"],
            bool(u["engaged"]),
            list(u["resources"]),
        )
        plan = fixed.toe[unit.type]
        shares = [unit.resources[i] / plan[i] for i in range(lo, hi) if plan[i] > 0]
        unit.ratio = min(shares) if shares else 1.0
        unit.band = _band(unit.ratio)
        planned = fixed.worth(self.side, "defense", unit.type)
        unit.combat = planned >= COMBAT and unit.ratio <= DEPOT
        unit.ready = (
            unit.tf is None
            and unit.pc == 1
            and not unit.engaged
            and unit.posture != int(design["itrfp"])
            and unit.ratio >= STUCK
        )
        self._units[number] = (u, unit)
        return unit

    @staticmethod
    def _read_enemy(seen: list[Mapping[str, Any]], fixed: _Design, enemy_side: str) -> _Enemy:
        at: dict[int, list[Mapping[str, Any]]] = {}
        attack_at: dict[int, list[float]] = {}
        defense_at: dict[int, list[float]] = {}
        for u in seen:
            cell, pc, kind = int(u["location"]), int(u["posture_class"]), int(u["type"])
            at.setdefault(cell, []).append(u)
            if pc >= 1:
                attack_at.setdefault(cell, []).append(fixed.worth(enemy_side, "attack", kind))
            if pc in (1, 2):
                defense_at.setdefault(cell, []).append(fixed.worth(enemy_side, "defense", kind))
        return _Enemy(seen, at, attack_at, defense_at)

    # -- strength ------------------------------------------------------------------------------

    @staticmethod
    def _own_value(s: _Situation, u: _Unit, role: str) -> float:
        return _value(s.values[s.me], u, role)

    @staticmethod
    def _planned_value(s: _Situation, u: _Unit) -> float:
        return s.design.worth(s.me, "defense", u.type)

    # -- decisions -----------------------------------------------------------------------------

    def act(self, view: View, rng: np.random.Generator) -> Commands:
        data = view.data
        strikes_now = bool(data["design"]["strikes_now"])
        last = self._decided.get(strikes_now)
        if last is not None and self._still(last, data):
            # Nothing the commander's last decision at such a time (air strikes open or
            # not) read changed since (most periods of a quiet front): it decides the same.
            return last.commands
        drawn: list[float] = []
        s = self._situation(data)
        commands = self._decide(s, rng, drawn)
        if not drawn:  # a decision that drew the odds depends on the decision's stream
            s.tests.close()
            rows: dict[int, list[int]] = {}
            for i, u in enumerate(s.units):
                rows.setdefault(u.cell, []).append(i)
            self._decided[strikes_now] = _Decision(
                (data["design"], data["owner"], data["enemy"]),
                data["engagements"],
                list(data["units"]),
                list(s.units),
                s.enemy,
                s.tests,
                commands,
                rows,
            )
        return commands

    def _still(self, last: _Decision, data: Mapping[str, Any]) -> bool:
        """Whether ``last`` is the decision the commander would take on ``data``.

        A decision that drew nothing is a function of what it read: the design, the owner
        map, the enemy seen and the engagements (the game hands out the same objects for
        unchanged parts and keeps them read-only; the engagements are compared by value),
        and of each own unit its number, type, cell, posture, posture class, task force,
        whether it is engaged and its resources. Those resources reach the decision in two
        ways only: through the supply ratio's place among the thresholds the commander
        compares it with (:func:`_band`), and through the unit's values on attack and
        defense, in the tests :class:`_Tests` records. So when every own unit is the same
        but in resources, with its ratio in the same band, and each test of a changed
        unit's value comes out as it did, every step of the decision goes the same way and
        gives the same commands. A changed unit whose values are those of the unit before
        (the same floats: most changes are in supplies, whose standard values are 0, while
        the ratio stays above :data:`SHORT`) changes no test at all. The record then holds
        the new pieces, so the next view is compared with them (the same tests, the same
        outcomes)."""
        design, owner, enemy = last.parts
        if data["design"] is not design or data["owner"] is not owner or data["enemy"] is not enemy:
            return False
        pieces = data["units"]
        if len(pieces) != len(last.pieces):
            return False
        if data["engagements"] != last.engagements:
            return False
        changed = list(compress(range(len(pieces)), map(is_not, last.pieces, pieces)))
        if changed:
            units = list(last.units)
            values = design["standard_values"][self.side]
            weighed: list[int] = []  # the changed units whose values changed
            for i in changed:
                old, new = units[i], self._unit(pieces[i], design)
                if not _alike(old, new):
                    return False
                units[i] = new
                if not (
                    _same_float(_value(values, old, "attack"), _value(values, new, "attack"))
                    and _same_float(_value(values, old, "defense"), _value(values, new, "defense"))
                ):
                    weighed.append(i)
            if weighed and not self._same_tests(last, units, weighed, values):
                return False
            last.pieces = list(pieces)
            last.units = units
        last.engagements = data["engagements"]
        return True

    def _same_tests(
        self,
        last: _Decision,
        units: list[_Unit],
        changed: list[int],
        values: Mapping[str, list[float]],
    ) -> bool:
        """Whether ``last``'s tests of values come out the same with ``units`` (those at
        the indices ``changed`` read anew), each computed as the decision computes it; a
        test of none of them comes out the same. If they do, the threats of the line are
        those of ``units`` from now on (the caller then keeps ``units`` in the record)."""
        tests = last.tests
        touched = {units[i].cell for i in changed}
        numbers = {units[i].number for i in changed}
        if touched.isdisjoint(tests.cells) and numbers.isdisjoint(tests.units):
            return True
        # The units in the touched cells, in the view's order (as the decision sums them).
        rows = last.rows
        at = {c: [units[i] for i in rows[c]] for c in touched}
        enemy = last.enemy
        for cell, target, out in tests.exposed:
            if (
                cell in touched
                and (self._threat_in(at, enemy, values, cell, target) < EXPOSED) is not out
            ):
                return False
        by_number: dict[int, _Unit] | None = None
        for group, against, out in tests.strong:
            if not numbers.isdisjoint(group):
                if by_number is None:
                    by_number = {u.number: u for u in units}
                strength = exact.sum_left(_value(values, by_number[n], "attack") for n in group)
                if _sure(strength, against) is not out:
                    return False
        # A threat below THREATENED before and after is in no way part of the decision;
        # one above both times may have moved among the others.
        line = tests.line
        weighed = {c: self._threat_in(at, enemy, values, c, None) for c in touched if c in line}
        ranked = False
        for c, threat in weighed.items():
            was = line[c]
            if (threat >= THREATENED) is not (was >= THREATENED):
                return False
            ranked = ranked or (threat >= THREATENED and threat != was)
        if ranked and not _same_rank(tests.threatened, line, weighed):
            return False
        line.update(weighed)  # the record holds the threats of the units it holds
        return True

    def _decide(self, s: _Situation, rng: np.random.Generator, drawn: list[float]) -> Commands:
        commands: list[Command] = []
        commands += self._reinforce(s)
        if s.strikes_now:
            commands += self._air(s)
        commands += self._retreats(s)
        commands += self._supply(s)

        def odds() -> float:
            # Drawn when an attack is weighed, not before: the decision's stream gives it the
            # same first number either way, and most decisions weigh none.
            if not drawn:
                drawn.append(ATTACK_ODDS * float(rng.uniform(0.85, 1.15)))
            return drawn[0]

        commands += self._attacks(s, odds)
        commands += self._line(s)
        return Commands(tuple(c for c in commands if self._in_area(s, c)))

    @staticmethod
    def _in_area(s: _Situation, c: Command) -> bool:
        if isinstance(c, Mission):
            return all(o.objective in s.active for o in c.orders)
        if isinstance(c, Strike | Transfer):
            return c.cell in s.active
        return True

    def _reinforce(self, s: _Situation) -> list[Command]:
        out: list[Command] = []
        for u in s.units:
            if (
                u.pc == 0
                and u.tf is None
                and s.owner.get(u.cell) == s.me
                and u.cell not in s.enemy_at
                and u.cell in s.active
            ):
                out.append(Mission((Order(u.cell, 10),), (u.number,)))
                s.busy.add(u.number)
        return out

    def _front(self, s: _Situation) -> set[int]:
        """Own cells next to a cell the side does not own."""
        t = s.terrain
        if t.front is None:
            t.front = {
                c
                for c, o in t.owner.items()
                if o == s.me and any(t.owner.get(r, s.me) != s.me for r in self._next_to(c))
            }
        return t.front

    def _idle(self, s: _Situation, u: _Unit) -> bool:
        return u.ready and u.number not in s.busy

    def _combat_unit(self, s: _Situation, u: _Unit) -> bool:
        return u.combat

    def _command(self, u: _Unit, orders: tuple[Order, ...]) -> Mission:
        if u.tf is not None:
            return Mission(orders, task_force=u.tf)
        return Mission(orders, (u.number,))

    def _path(self, s: _Situation, start: int, goals: set[int]) -> list[int]:
        """A shortest way from ``start`` to a goal through own active cells (the goal may be
        the enemy's), without ``start``; empty if there is none. Kept with the owner map
        (the caller only reads it)."""
        key = (start, frozenset(goals))
        found = s.terrain.paths.get(key)
        if found is None:
            found = s.terrain.paths[key] = self._search(s, start, goals)
        return found

    def _search(self, s: _Situation, start: int, goals: set[int]) -> list[int]:
        if start in goals:
            return []
        back: dict[int, int] = {start: start}
        queue = deque([start])
        while queue:
            c = queue.popleft()
            for r in self._next_to(c):
                if r in back:
                    continue
                if r in goals:
                    way = [r, c]
                    while way[-1] != start:
                        way.append(back[way[-1]])
                    return way[-2::-1]
                if s.owner.get(r) != s.me:
                    continue
                back[r] = c
                queue.append(r)
        return []

    # -- retreat -------------------------------------------------------------------------------

    def _haven(self, s: _Situation, cell: int) -> int | None:
        """§5.3's scores, as the side sees them: own cells next to ``cell``, away from the
        enemy seen, held by own units."""
        best: tuple[float, int] | None = None
        held = self._held(s)
        for r in self._next_to(cell):
            if s.owner.get(r) != s.me or r in s.enemy_at:
                continue
            score = 0.0
            if any(n in s.enemy_at for n in self._next_to(r) if n != cell):
                score -= 2.0
            if r in held:
                score += 1.8
            if best is None or (score, -r) > (best[0], -best[1]):
                best = (score, r)
        return None if best is None else best[1]

    def _retreats(self, s: _Situation) -> list[Command]:
        out: list[Command] = []
        periods = 4  # frames in two periods of Sinai (tpd = 2 tframe)
        for g in s.engagements:
            cell = int(g["cell"])
            own = set(g["own_units"])
            mine = [u for u in s.units if u.number in own and u.pc >= 1]
            feba = float(g["feba"])
            pace = feba - float(g.get("feba_before", feba))
            if g["attacker"] == s.me:
                if "feba_before" in g and pace < STALL and feba < 0.99:
                    tfs: set[int] = set()
                    for u in mine:
                        if u.cell == cell or u.number in s.busy or u.tf in tfs:
                            continue
                        out.append(self._command(u, (Order(u.cell, 10),)))
                        s.busy.update(v.number for v in mine if v.tf == u.tf or v is u)
                        if u.tf is not None:
                            tfs.add(u.tf)
                continue
            told = g.get("frgrd")
            ratio = float(told) if isinstance(told, int | float) else 0.0
            if told == "inf":
                ratio = float("inf")
            losing = feba + periods * max(pace, 0.0) >= 0.99 or (
                ratio >= LOST_ODDS and feba >= 1 / 3
            )
            if not losing:
                continue
            r = self._haven(s, cell)
            if r is None:
                continue
            for u in mine:
                if u.cell == cell and u.pc == 1 and u.number not in s.busy:
                    out.append(self._command(u, (Order(r, 10),)))
                    s.busy.add(u.number)
        return out

    # -- supplies ------------------------------------------------------------------------------

    def _supply(self, s: _Situation) -> list[Command]:
        out: list[Command] = []
        depots = [
            u for u in s.units if u.pc == 1 and u.tf is None and u.ratio > DEPOT and not u.engaged
        ]
        if not depots:
            return out
        safe, hubs = self._safe(s)
        depot_cells: set[int] = set()
        for d in depots:
            s.busy.add(d.number)
            if d.posture != s.itrfp:
                out.append(Mission((Order(d.cell, s.itrfp),), (d.number,)))
                depot_cells.add(d.cell)
                continue
            if d.cell not in safe and hubs:
                way = self._path(s, d.cell, hubs)
                if way and len(way) <= 3:
                    out.append(Mission(tuple(Order(c, s.itrfp) for c in way), (d.number,)))
                    continue
            depot_cells.add(d.cell)
            here = [
                u
                for u in s.at[d.cell]
                if u.pc >= 1 and u.number != d.number
                if u.ratio < 0.9 and u.posture != s.itrfp
            ]
            if here:
                out.append(Transfer(d.cell, (d.number,)))
        if not depot_cells:
            return out
        # Short units that are free go to a depot; engaged defenders near empty are relieved.
        for u in s.units:
            if u.number in s.busy or u.ratio >= SHORT or u.pc != 1:
                continue
            if u.cell in depot_cells or not self._combat_unit(s, u):
                continue
            if u.engaged:
                if u.ratio >= CRITICAL or not self._relieve(s, u, out):
                    continue
            elif u.tf is not None:
                continue
            if u.ratio < STUCK:
                continue  # too little to move (§7): it waits where it is
            way = self._path(s, u.cell, depot_cells)
            if way and len(way) <= TRIP:
                out.append(self._command(u, tuple(Order(c, 10) for c in way)))
                s.busy.add(u.number)
        return out

    def _safe(self, s: _Situation) -> tuple[set[int], set[int]]:
        """Own cells with no enemy seen or foreign cell next to them, and those of them next
        to the front (all of them if none is): where depots stand.

        Cells are next to each other both ways (hexes of the area of war), so the own cells
        next to a danger are those in the rims of the dangers; the rims of the foreign cells
        and of the front are kept with the owner map."""
        key = frozenset(s.enemy_at)
        t = s.terrain
        found = t.safe.get(key)
        if found is None:
            if t.mine is None:
                t.mine = {c for c, o in t.owner.items() if o == s.me}
                t.near_foreign = self._rims(c for c in s.active if c not in t.mine)
                t.near_front = self._rims(self._front(s))
            safe = t.mine - t.near_foreign - self._rims(c for c in key if c in s.active)
            hubs = (safe & t.near_front) or safe
            found = t.safe[key] = (safe, hubs)
        return found

    def _rims(self, cells: Iterable[int]) -> set[int]:
        """The active cells next to any of ``cells``."""
        return {r for c in cells for r in self._next_to(c)}

    def _relieve(self, s: _Situation, tired: _Unit, out: list[Command]) -> bool:
        """Send a fresh idle combat unit from a cell next to ``tired``'s into it; True if one
        goes (or one is already there), so ``tired`` may leave."""
        for u in s.at[tired.cell]:
            if (
                u.number != tired.number
                and u.pc == 1
                and self._combat_unit(s, u)
                and u.ratio >= SHORT
            ):
                return True
        near = set(self._next_to(tired.cell))
        for u in s.units:
            if u.cell in near and self._idle(s, u) and self._combat_unit(s, u):
                if u.ratio < SHORT:
                    continue
                if self._last_in_front(s, u):
                    continue
                out.append(Mission((Order(tired.cell, 10),), (u.number,)))
                s.busy.add(u.number)
                return True
        return False

    def _last_in_front(self, s: _Situation, u: _Unit) -> bool:
        """Whether ``u`` is the only combat unit holding a front cell."""
        if u.cell not in self._front(s):
            return False
        others = [
            v for v in s.at[u.cell] if v.number != u.number and v.pc == 1 and v.number not in s.busy
        ]
        return not any(self._combat_unit(s, v) for v in others)

    # -- attack and the line -------------------------------------------------------------------

    def _targets(self, s: _Situation) -> list[tuple[float, int]]:
        """Enemy cells next to own units, with the enemy's seen value on defense (0: seen
        empty), best odds first."""
        return sorted(self._targets_of(s, self._held(s)))

    def _targets_of(self, s: _Situation, cells: Iterable[int]) -> list[tuple[float, int]]:
        """The cells next to ``cells`` the side does not own, ascending, with the enemy's
        seen value on defense in each (kept while the owner map and the enemy seen stay)."""
        key = frozenset(cells)
        found = s.terrain.targets.get(key)
        if found is None:
            defense_at = s.enemy.defense_at
            found = s.terrain.targets[key] = [
                (exact.sum_left(defense_at.get(c, ())), c) for c in self._beyond(s, key)
            ]
        return found

    def _beyond(self, s: _Situation, cells: Iterable[int]) -> list[int]:
        """The cells next to ``cells`` the side does not own, ascending (kept with the
        owner map: the same cells recur from decision to decision)."""
        key = frozenset(cells)
        found = s.terrain.beyond.get(key)
        if found is None:
            near = sorted({r for cell in key for r in self._next_to(cell)})
            found = s.terrain.beyond[key] = [c for c in near if s.owner.get(c) != s.me]
        return found

    def _quiet(self, s: _Situation, cell: int) -> bool:
        """No enemy seen in or next to ``cell``, and every cell next to it is own or next to
        an own unit (so an enemy there would be seen)."""
        watched = self._watched(s)
        return all(
            r not in s.enemy_at and (s.owner.get(r) == s.me or r in watched)
            for r in [cell, *self._next_to(cell)]
        )

    @staticmethod
    def _fresh(s: _Situation) -> list[_Unit]:
        """Combat units free for orders (:meth:`_idle` but for the units given orders this
        decision) and supplied (:data:`SHORT`), in the view's order."""
        if s.fresh is None:
            s.fresh = [u for u in s.units if u.ready and u.combat and u.ratio >= SHORT]
        return s.fresh

    @staticmethod
    def _held(s: _Situation) -> set[int]:
        """Cells holding an active own unit."""
        if s.held is None:
            s.held = {u.cell for u in s.units if u.pc >= 1}
        return s.held

    def _watched(self, s: _Situation) -> set[int]:
        """Cells holding or next to an active own unit: the side sees the enemy there."""
        if s.watched is None:
            ours = self._held(s)
            s.watched = ours | {r for c in ours for r in self._next_to(c)}
        return s.watched

    def _threat(self, s: _Situation, cell: int, but: int | None = None) -> float:
        """The enemy's value on attack seen next to ``cell`` (but in cell ``but``) over the
        own value on defense in it (``inf`` when nothing defends it)."""
        return self._threat_in(s.at, s.enemy, s.values[s.me], cell, but)

    def _threat_in(
        self,
        at: Mapping[int, list[_Unit]],
        enemy: _Enemy,
        values: Mapping[str, list[float]],
        cell: int,
        but: int | None,
    ) -> float:
        """:meth:`_threat` with the own units by cell ``at``, the ``enemy`` seen and the
        own standard ``values``. The enemy's part is kept with the enemy seen; the own
        units' values with each unit."""
        key = (cell, but)
        pressure = enemy.pressure.get(key)
        if pressure is None:
            attack_at = enemy.attack_at
            pressure = enemy.pressure[key] = exact.sum_left(
                v for r in self._next_to(cell) if r != but for v in attack_at.get(r, ())
            )
        if pressure == 0.0:
            return 0.0
        # Each value kept with its unit (_value), summed in the view's order.
        defense = exact.sum_left(
            [
                _value(values, u, "defense") if (v := u.values.get("defense")) is None else v
                for u in at.get(cell, ())
                if u.pc == 1
            ]
        )
        return pressure / defense if defense > 0 else float("inf")

    def _attacks(self, s: _Situation, odds: Callable[[], float]) -> list[Command]:
        out: list[Command] = []
        engaged_cells = {int(g["cell"]) for g in s.engagements}
        ready = [u for u in self._fresh(s) if u.number not in s.busy and u.ratio >= SHORT + 0.1]
        for value, target in self._targets(s):
            if target in engaged_cells:
                continue
            around = set(self._next_to(target))
            near = [u for u in ready if u.cell in around and u.number not in s.busy]
            if not near:
                continue
            if value == 0.0:
                # Seen empty and quiet -- every cell next to it is own or watched and holds no
                # enemy seen: one strong unit occupies it, from a cell that keeps another.
                if not self._quiet(s, target):
                    continue
                for u in near:
                    if self._planned_value(s, u) >= STRONG and not self._last_in_front(s, u):
                        out.append(Mission((Order(target, 10),), (u.number,)))
                        s.busy.add(u.number)
                        break
                continue
            # Units whose cell the enemy could take behind them (its other neighbours hold
            # enough enemy) stay: an attack posture is no security force (§3.3).
            kept = []
            for u in near:
                covered = self._threat(s, u.cell, but=target) < EXPOSED
                s.tests.exposed.append((u.cell, target, covered))
                if covered:
                    kept.append(u)
            near = kept
            if not near:
                continue
            strength = exact.sum_left(self._own_value(s, u, "attack") for u in near)
            strong = self._strong_enough(strength, value, odds)
            s.tests.strong.append((tuple(u.number for u in near), value, strong))
            if not strong:
                continue
            by_status: dict[tuple[int, int], list[int]] = {}
            for u in near:  # a task force's elements share one status (§3)
                by_status.setdefault((u.cell, u.posture), []).append(u.number)
            for numbers in by_status.values():
                out.append(Mission((Order(target, 10),), tuple(numbers)))
                s.busy.update(numbers)
        return out

    @staticmethod
    def _strong_enough(strength: float, value: float, odds: Callable[[], float]) -> bool:
        """``strength >= odds * value``, the odds drawn only when the draw can decide it
        (:func:`_sure`)."""
        sure = _sure(strength, value)
        if sure is not None:
            return sure
        return not strength < odds() * value

    def _line(self, s: _Situation) -> list[Command]:
        """Fill the front cells that have no combat unit, then mass the rest next to the enemy
        cell where the odds are best."""
        out: list[Command] = []
        front = self._front(s)
        if not front:
            return out
        free = [
            u for u in self._fresh(s) if u.number not in s.busy and not self._last_in_front(s, u)
        ]
        held = {u.cell for u in s.units if u.pc == 1 and self._combat_unit(s, u)}
        tests = s.tests
        tests.line = {c: self._threat(s, c) for c in front if c in held}
        tests.threatened = _threatened(tests.line)
        gaps = sorted(front - held) + tests.threatened
        for gap in gaps:
            best: tuple[int, _Unit, list[int]] | None = None
            for u in free:
                way = self._path(s, u.cell, {gap})
                if way and (best is None or len(way) < best[0]):
                    best = (len(way), u, way)
            if best is None:
                continue
            _, u, way = best
            if len(way) > MARCH:
                continue
            out.append(Mission((Order(way[0], 10),), (u.number,)))
            s.busy.add(u.number)
            free.remove(u)
        targets = [(v, c) for v, c in self._targets_from_front(s, front) if v > 0]
        if not targets:
            return out
        _, aim = min(targets)
        staging = {c for c in self._next_to(aim) if c in front}
        for u in free:  # the rear comes forward; the line stays where it stands
            if u.number in s.busy or u.cell in front or not staging:
                continue
            way = self._path(s, u.cell, staging)
            if way:
                out.append(Mission((Order(way[0], 10),), (u.number,)))
                s.busy.add(u.number)
        return out

    def _targets_from_front(self, s: _Situation, front: Iterable[int]) -> list[tuple[float, int]]:
        return self._targets_of(s, front)

    # -- air -----------------------------------------------------------------------------------

    def _air(self, s: _Situation) -> list[Command]:
        if s.aircraft_types == 0:
            return []
        aircraft = (SORTIE,) * s.aircraft_types
        attacking = sorted(int(g["cell"]) for g in s.engagements if g["attacker"] == s.me)
        defending = sorted(int(g["cell"]) for g in s.engagements if g["attacker"] != s.me)
        cells = (attacking + defending)[:STRIKES]
        if cells:
            return [Strike("cas", cell, aircraft) for cell in cells]
        ours = self._held(s)
        key = frozenset(ours)
        seen = s.enemy.near.get(key)
        if seen is None:
            seen = s.enemy.near[key] = [
                c for c in s.enemy_at if any(r in ours for r in self._next_to(c)) or c in ours
            ]
        if not seen:
            return []
        target = max(seen, key=lambda c: (len(s.enemy_at[c]), -c))
        return [Strike("interdiction", target, aircraft, (4, 3, 1, 2))]


def _value(values: Mapping[str, list[float]], u: _Unit, role: str) -> float:
    """``u``'s value on ``attack`` or ``defense`` with the standard ``values`` of its side:
    its resources at their standard values, scaled down below :data:`SHORT` supplies (kept
    with the unit: a unit read anew is another object)."""
    out = u.values.get(role)
    if out is None:
        v = values[role]
        raw = exact.sum_left(x * w for x, w in zip(u.resources, v, strict=True))
        out = u.values[role] = raw * min(1.0, u.ratio / SHORT)
    return out


def _sure(strength: float, value: float) -> bool | None:
    """Whether ``strength >= odds * value`` when the odds cannot decide it, else None: they
    lie within ``ATTACK_ODDS * [0.85, 1.15]`` (with a margin for rounding), so a strength
    below or above that range of ``value`` is answered without them."""
    if strength < ATTACK_ODDS * 0.85 * value * (1 - 1e-9):
        return False
    if strength >= ATTACK_ODDS * 1.15 * value * (1 + 1e-9):
        return True
    return None


def _threatened(line: Mapping[int, float]) -> list[int]:
    """The cells of ``line`` whose threat reaches :data:`THREATENED`, the most threatened
    first (then by number)."""
    return [c for t, c in sorted((-t, c) for c, t in line.items() if t >= THREATENED)]


def _same_float(a: float, b: float) -> bool:
    """Whether ``a`` and ``b`` are the same float (a zero of the same sign)."""
    return a == b and (a != 0.0 or copysign(1.0, a) == copysign(1.0, b))


def _same_rank(threatened: list[int], line: dict[int, float], weighed: dict[int, float]) -> bool:
    """Whether :func:`_threatened` of ``line`` with the threats ``weighed`` in place of its
    own is ``threatened`` (that of ``line``), where each cell weighed is as much threatened
    (:data:`THREATENED`) as before: the same cells, so the same list unless one moved.

    One cell weighed (the usual case) keeps its place when its new key ``(-threat, cell)``
    still lies between those of the cells before and after it (the keys are all distinct:
    one cell each); otherwise the whole ranking is made again."""
    if len(weighed) != 1:
        return _threatened(line | weighed) == threatened
    [(c, threat)] = weighed.items()
    if threat < THREATENED:
        return True  # (below before and after: in no place of the ranking)
    k = threatened.index(c)
    key = (-threat, c)
    if k > 0 and not (-line[threatened[k - 1]], threatened[k - 1]) < key:
        return False
    return k + 1 == len(threatened) or key < (-line[threatened[k + 1]], threatened[k + 1])


def _band(ratio: float) -> tuple[bool, ...]:
    """Where a supply ratio stands against every threshold the commander compares one with
    (:data:`STUCK`, :data:`CRITICAL`, :data:`SHORT`, ``SHORT + 0.1`` for attackers, 0.9 for a
    transfer, :data:`DEPOT`): two ratios in the same band pass the same tests."""
    return (
        ratio >= STUCK,
        ratio >= CRITICAL,
        ratio >= SHORT,
        ratio >= SHORT + 0.1,
        ratio >= 0.9,
        ratio > DEPOT,
    )


def _alike(old: _Unit, new: _Unit) -> bool:
    """Whether ``new`` reads as ``old`` to a decision that did not read their values: the
    same unit, cell, posture, task force and engagement, its supply ratio in the same
    :func:`_band`."""
    return (
        old.number == new.number
        and old.type == new.type
        and old.cell == new.cell
        and old.posture == new.posture
        and old.pc == new.pc
        and old.tf == new.tf
        and old.engaged == new.engaged
        and old.band == new.band
    )


class HoldingAgent:
    """A commander who gives no commands: its units keep their orders and hold where they
    stand (a fixed defender for validation games and a floor for measuring agents)."""

    def __init__(self, ruleset: Ruleset[Any, Any], side: str) -> None:
        self.side = side

    def act(self, view: View, rng: np.random.Generator) -> Commands:
        return Commands()
