"""Legal orders from a side's view (the research adapters' hook).

The initial stage places whole sets of cities or units; those are too many to list, so the
side is offered a menu of :data:`SETUP_MENU` legal placements drawn (as the random agent draws
them) from a stream seeded by the view. The move and aim-fire stages are listed completely, one
unit at a time: every step one more unit of the side may take -- a move to an adjacent field, a
flight of one unit (or two, to an airport it controls) from an airport, a §3.2.2 double
transportation; one unit's aimed fire at an adjacent field -- as ``plan`` plus that step, then
``plan`` itself (the units not ordered stay, or hold their fire). Each step uses up a unit, so
the list ends. A plan that leaves four units on a field (the unit produced on D's full city,
§3.2.2) may not be submitted: the last entry is then the plan with them moved off
(:func:`_relieved`), and the steps listed are those that make the order legal.

The lists are incremental. Once a plan is legal, a further step can break only the rules about
what the step itself changes: the units left on its field, the stacks where it lands (at most
three a field), the airport it flies from; everything else in the order is the plan's, already
checked. So a :class:`_Listing` keeps what the plan changes (:class:`_Plan`: units used and
after it per field, airports flown from), counts each unit's steps from it without building
them, and builds an entry only when asked; the plan of the next list, one of its entries, gets
its state by one step. A plan not built from the latest list is checked once by the rules; one
that breaks a rule (four units on a field after production, §3.2.2, that a step must relieve)
has each next step checked whole (:func:`checked_orders`, which the tests compare every list
with).
"""

from __future__ import annotations

import itertools
import json
import threading
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from functools import cache, lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING, Any, overload

from hexwar.core.errors import IllegalOrderError
from hexwar.core.hexes import Hex
from hexwar.core.records import canonical_json
from hexwar.core.rng import menu_stream
from hexwar.rulesets.airwar.board import BoardKind, geometry, other
from hexwar.rulesets.airwar.orders import AirwarOrder
from hexwar.rulesets.airwar.placement import (
    city_placements,
    position_from_view,
    random_cities,
    random_units,
    unit_placements,
)
from hexwar.rulesets.airwar.rules import MAX_STACK, Position, check_fire, check_moves

if TYPE_CHECKING:
    pass

__all__ = [
    "SETUP_MENU",
    "awaited",
    "checked_orders",
    "legal_choices",
    "legal_orders",
    "placements",
    "stepwise",
]

SETUP_MENU = 4  # placements offered at once in the initial stage (docs/research.md)

Step = tuple[str, str, int]

# the kinds of unit step, in the order each unit's steps are listed
MOVE, FLY, FLY_TWO, TRANSPORT, FIRE = range(5)


def awaited(view: Mapping[str, Any]) -> bool:
    """Whether the viewing side has orders to give at this stage."""
    if view["phase"] == "fire":
        return view["side"] in view["fire_sides"]
    return True


def stepwise(view: Mapping[str, Any]) -> bool:
    """The move and fire stages are built one unit at a time; the initial stage is not."""
    return view["phase"] in ("move", "fire")


def legal_orders(view: Mapping[str, Any], plan: AirwarOrder | None = None) -> list[AirwarOrder]:
    """The menu of placements in the initial stage; in the move and fire stages ``plan`` plus
    each legal next unit step, then the plan to submit (``plan`` itself, but for a fourth unit
    on a field: the module docstring)."""
    return list(legal_choices(view, plan))


def legal_choices(
    view: Mapping[str, Any], plan: AirwarOrder | None = None
) -> Sequence[AirwarOrder]:
    """:func:`legal_orders` as a sequence whose move and fire entries are built when read (a
    random draw reads one of a few hundred)."""
    if not awaited(view):
        return []
    phase = view["phase"]
    if phase in ("cities", "units"):
        return list(_setup_menu(canonical_json(dict(view))))
    plan = plan if plan is not None else AirwarOrder()
    stage = _stage(view)
    state = stage.state_of(plan)
    if state is None:  # the plan breaks a rule: check each next step whole
        stage.last = None
        return _checked_list(stage.pos, stage.side, phase, plan)
    listing = _Listing(stage, plan, state)
    stage.last = listing
    return listing


def checked_orders(view: Mapping[str, Any], plan: AirwarOrder | None = None) -> list[AirwarOrder]:
    """The move- or fire-stage list of :func:`legal_orders` built from scratch: every
    candidate step added to ``plan`` and the whole order checked by the rules
    (:func:`~hexwar.rulesets.airwar.rules.check_moves`, ``check_fire``). The reference the
    incremental lists are tested against (and the list of a plan that breaks a rule)."""
    if not awaited(view) or not stepwise(view):
        return legal_orders(view, plan)
    plan = plan if plan is not None else AirwarOrder()
    pos = position_from_view(view)
    return _checked_list(pos, str(view["side"]), str(view["phase"]), plan)


def _checked_list(pos: Position, side: str, phase: str, plan: AirwarOrder) -> list[AirwarOrder]:
    """``plan``'s next steps, each order checked whole, then the plan to submit: ``plan``
    itself, or if it leaves more than three units on a field (the unit produced on a full
    city, §3.2.2), ``plan`` with those units moved off (:func:`_relieved`)."""
    last = _relieved(pos, side, plan) if phase == "move" else plan
    return [*_checked_steps(pos, side, phase, plan), last]


def _relieved(pos: Position, side: str, plan: AirwarOrder) -> AirwarOrder:
    """``plan`` with the units above three on a field after it moved off (ruling 14: "the
    fourth unit must move off at the next move"), the plan that submits when ``plan`` may not.
    Each extra unit moves along the shortest chain of adjacent fields (searched in board
    order) that ends on a field with room: every field on the way passes one of its own
    units not yet ordered on, so its stack stays as it was. ``plan`` itself if it breaks no
    stack rule, or if no such chains mend it."""
    geo = pos.geo
    have = pos.units[side]
    after = dict(have)
    used: dict[Hex, int] = {}
    for a, b, n in (*plan.moves, *plan.flights):
        src, dst = geo.parse(a), geo.parse(b)
        after[src] = after.get(src, 0) - n
        after[dst] = after.get(dst, 0) + n
        used[src] = used.get(src, 0) + n
    for a, b in plan.transports:
        src, dst = geo.parse(a), geo.parse(b)
        city = pos.airport_at(dst)
        after[src] = after.get(src, 0) - 2
        used[src] = used.get(src, 0) + 2
        for f in (dst, *([city.field] if city else [])):
            after[f] = after.get(f, 0) + 1
    over = sorted(h for h, n in after.items() if n > MAX_STACK)
    if not over:
        return plan
    forbidden = pos.forbidden_targets(side)
    order = plan
    for h in over:
        while after[h] > MAX_STACK:
            chain = _chain(geo, h, after, have, used, forbidden)
            if chain is None:
                return plan
            for src, dst in itertools.pairwise(chain):
                after[src] -= 1
                after[dst] = after.get(dst, 0) + 1
                used[src] = used.get(src, 0) + 1
                order = AirwarOrder(
                    moves=_add(order.moves, geo.label(src), geo.label(dst)),
                    flights=order.flights,
                    transports=order.transports,
                )
    try:
        check_moves(pos, side, order)
    except IllegalOrderError:
        return plan
    return order


def _chain(
    geo: Any,
    start: Hex,
    after: Mapping[Hex, int],
    have: Mapping[Hex, int],
    used: Mapping[Hex, int],
    forbidden: frozenset[Hex],
) -> list[Hex] | None:
    """The shortest chain of adjacent fields from ``start`` to one with room (breadth
    first, neighbours in ``Geometry.adjacent`` order), passing only full fields that still
    have a unit to move on; None if there is none."""
    came: dict[Hex, Hex | None] = {start: None}
    queue = [start]
    for h in queue:
        if h != start and (have.get(h, 0) - used.get(h, 0) <= 0):
            continue  # no unit here left to pass on
        for t in geo.adjacent(h):
            if t in came or t in forbidden:
                continue
            came[t] = h
            if after.get(t, 0) < MAX_STACK:
                chain = [t]
                while (prev := came[chain[-1]]) is not None:
                    chain.append(prev)
                return chain[::-1]
            queue.append(t)
    return None


def _checked_steps(pos: Position, side: str, phase: str, plan: AirwarOrder) -> list[AirwarOrder]:
    candidates = _move_steps(pos, side, plan) if phase == "move" else _fire_steps(pos, side, plan)
    check = check_moves if phase == "move" else check_fire
    out: list[AirwarOrder] = []
    for order in candidates:
        try:
            check(pos, side, order)
        except IllegalOrderError:
            continue
        out.append(order)
    return out


# -- incremental lists ----------------------------------------------------------------------


Segment = tuple[int, str, int]  # (kind, field, how many steps): a run of one unit's steps


class _Plan:
    """What a legal plan changes, by field label: units it uses (moves, flies or fires) on
    each, units of the side on each after it, the fields holding three or more after it, the
    airports flown from, the double transportations ordered; and, from those, each unit
    field's runs of next steps (``segments``, ``totals``: in the order of ``_Stage.units``)."""

    __slots__ = (
        "after",
        "flown",
        "flyable",
        "full",
        "pairs",
        "segments",
        "steps",
        "totals",
        "transports",
        "used",
    )

    used: dict[str, int]
    after: dict[str, int]
    full: set[str]
    flown: set[str]
    transports: int
    flyable: int  # fields a unit flown alone may land on (its own field among them)
    segments: list[tuple[Segment, ...]]
    totals: list[int]
    # where each (from, to) stands in the plan's moves (fire, in the fire stage), the first
    # if twice, and how many those are: a step onto a listed pair adds to its count (_add)
    pairs: dict[tuple[str, str], int]
    steps: int


class _Stage:
    """What every list over one view shares: the position, the side's units (sorted by
    field, the order the lists take them), and the fields each kind of step may reach
    whatever the plan; and the latest list, whose entries are legal plans."""

    __slots__ = (
        "airport_units",
        "airports",
        "city_of",
        "fire_targets",
        "fly_set",
        "fly_to",
        "last",
        "phase",
        "pos",
        "side",
        "steps_set",
        "steps_to",
        "transport_to",
        "transports_left",
        "two_to",
        "unit_index",
        "units",
        "view",
        "watchers",
    )

    steps_to: dict[str, list[str]]  # §2.1 moves: the adjacent fields a unit may enter
    steps_set: dict[str, set[str]]
    watchers: dict[str, list[int]]  # field -> the units that may step onto it
    airports: set[str]  # §2.1: the airports the side may fly from
    airport_units: list[int]
    fly_to: list[str]  # where a unit flown alone may land
    fly_set: set[str]
    two_to: list[str]  # where two units may fly
    transport_to: list[str]  # §3.2.2: where a double transportation may go
    fire_targets: dict[str, list[str]]  # §2.3: where each unit field may aim

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.phase = str(view["phase"])
        pos = self.pos = position_from_view(view)
        side = self.side = str(view["side"])
        geo = pos.geo
        label = geo.label
        forbidden = {label(h) for h in pos.forbidden_targets(side)}  # §3 no attack yet
        self.last: _Listing | None = None
        # sorted by field as the lists take them (a Hex orders by q, then r)
        self.units = [(label(h), n) for h, n in sorted(pos.units[side].items(), key=_by_hex)]
        self.unit_index = {a: i for i, (a, _n) in enumerate(self.units)}
        self.city_of = {label(c.airport): label(c.field) for c in pos.cities}
        self.transports_left = pos.transports_left.get(side, 0)
        if self.phase == "move":
            self._moves(pos, forbidden)
        else:
            self._fire(pos, forbidden)

    def _moves(self, pos: Position, forbidden: set[str]) -> None:
        side, label = self.side, pos.geo.label
        labels, near = _labelled(pos.geo.kind)
        # §2.1 moves: to an adjacent field other than its own
        self.steps_to = {
            a: [b for b in near[a] if b not in forbidden] if forbidden else list(near[a])
            for a, _n in self.units
        }
        self.steps_set = {a: set(bs) for a, bs in self.steps_to.items()}
        self.watchers = {}
        for i, (a, _n) in enumerate(self.units):
            for b in self.steps_to[a]:
                self.watchers.setdefault(b, []).append(i)
        # §2.1 flights of one unit: from an uncontested airport held with a unit on it, to any
        # field off the no-flight zone
        self.airports = {label(c.airport) for c in pos.flight_airports(side)}
        self.airport_units = [i for i, (a, _n) in enumerate(self.units) if a in self.airports]
        zone = {label(h) for h in pos.no_flight_zone(side)} if self.airports else set()
        self.fly_to = [b for b in labels if b not in zone and b not in forbidden]
        self.fly_set = set(self.fly_to)
        # flights of two units: to another airport the side controls
        self.two_to = [
            b
            for b in sorted(label(c.airport) for c in pos.cities if c.holder == side)
            if _city(pos, b).holder == side and b not in forbidden
        ]
        # §3.2.2 double transportations: to the airport of an own city, one unit on to the city
        self.transport_to = [
            b
            for b in sorted(label(c.airport) for c in pos.cities if c.owner == side)
            if _city(pos, b).owner == side
            and b not in forbidden
            and label(_city(pos, b).field) not in forbidden
        ]
        self.fire_targets = {}

    def _fire(self, pos: Position, forbidden: set[str]) -> None:
        side, label, geo = self.side, pos.geo.label, pos.geo
        self.steps_to, self.steps_set, self.watchers = {}, {}, {}
        self.airports, self.airport_units, self.fly_to, self.fly_set = set(), [], [], set()
        self.two_to, self.transport_to = [], []
        # §2.3 aim fire: off a contested field, at an adjacent field with enemies on it
        foe = pos.units[other(side)]
        self.fire_targets = {
            label(h): [
                b
                for t in geo.adjacent(h)
                if foe.get(t, 0) > 0 and t != h and (b := label(t)) not in forbidden
            ]
            for h in pos.units[side]
            if not pos.must_fire_here(h)
        }

    def state_of(self, plan: AirwarOrder) -> _Plan | None:
        """What ``plan`` changes, or None if it breaks a rule. A plan that is an entry of the
        latest list is one step on from that list's plan; any other is checked whole."""
        last = self.last
        if last is not None:
            if plan is last.plan:
                return last.state
            step = last.step_of(plan)
            if step is not None:
                return self.then(last.state, *step)
        check = check_moves if self.phase == "move" else check_fire
        try:
            check(self.pos, self.side, plan)
        except IllegalOrderError:
            return None
        state = _Plan()
        state.used = _used(plan)
        after = state.after = dict(self.units)
        for a, b, n in (*plan.moves, *plan.flights):
            after[a] -= n
            after[b] = after.get(b, 0) + n
        for a, b in plan.transports:
            after[a] -= 2
            for f in (b, self.city_of[b]):
                after[f] = after.get(f, 0) + 1
        state.full = {f for f, n in after.items() if n >= MAX_STACK}
        state.flown = {a for a, _b, _n in plan.flights} | {a for a, _b in plan.transports}
        state.transports = len(plan.transports)
        state.flyable = len(self.fly_to) - len(self.fly_set & state.full)
        listed = plan.moves if self.phase == "move" else plan.fire
        state.pairs = {}
        for i, (a, b, _n) in enumerate(listed):
            state.pairs.setdefault((a, b), i)
        state.steps = len(listed)
        state.segments = [self.unit_segments(i, state) for i in range(len(self.units))]
        state.totals = [sum(k for _kind, _a, k in run) for run in state.segments]
        return state

    def then(self, state: _Plan, kind: int, a: str, b: str) -> _Plan:
        """The state after one more step of ``kind`` from ``a`` to ``b``: the fields it
        changes, and the runs of the units whose steps those fields bound (the unit itself,
        units next to a field that filled up or made room, the airports' units)."""
        out = _Plan()
        n = 2 if kind in (FLY_TWO, TRANSPORT) else 1
        out.used = used = dict(state.used)
        used[a] = used.get(a, 0) + n
        out.after, out.full, out.flown = state.after, state.full, state.flown
        out.transports, out.flyable = state.transports, state.flyable
        out.pairs, out.steps = state.pairs, state.steps
        if kind in (MOVE, FIRE) and (a, b) not in state.pairs:
            out.pairs = {**state.pairs, (a, b): state.steps}
            out.steps += 1
        redo = {self.unit_index[a]}
        if kind != FIRE:
            after = out.after = dict(state.after)
            full = out.full = set(state.full)
            arrivals = [(b, 1), (self.city_of[b], 1)] if kind == TRANSPORT else [(b, n)]
            for f, k in ((a, -n), *arrivals):
                was = f in full
                after[f] = after.get(f, 0) + k
                if after[f] >= MAX_STACK:
                    full.add(f)
                else:
                    full.discard(f)
                if was != (f in full):
                    redo.update(self.watchers.get(f, ()))
            if kind != MOVE:
                out.flown = state.flown | {a}
            if kind == TRANSPORT:
                out.transports += 1
            out.flyable = len(self.fly_to) - len(self.fly_set & full)
            redo.update(self.airport_units)
        segments = out.segments = list(state.segments)
        totals = out.totals = list(state.totals)
        for j in redo:
            run = segments[j] = self.unit_segments(j, out)
            totals[j] = sum(k for _kind, _a, k in run)
        return out

    def unit_segments(self, i: int, state: _Plan) -> tuple[Segment, ...]:
        """The runs of unit field ``i``'s next steps after the plan ``state``, none empty."""
        a, n = self.units[i]
        left = n - state.used.get(a, 0)
        if left <= 0:
            return ()
        if self.phase == "fire":
            targets = self.fire_targets.get(a)
            return ((FIRE, a, len(targets)),) if targets else ()
        out: list[Segment] = []
        full = state.full
        k = len(self.steps_to[a]) - len(self.steps_set[a] & full)
        if k:
            out.append((MOVE, a, k))
        if a not in self.airports or a in state.flown:
            return tuple(out)
        k = state.flyable - (a in self.fly_set and a not in full)
        if k:
            out.append((FLY, a, k))
        if left >= 2:
            for kind in (FLY_TWO, TRANSPORT):
                k = len(self.targets(kind, a, state))
                if k:
                    out.append((kind, a, k))
        return tuple(out)

    def targets(self, kind: int, a: str, state: _Plan) -> list[str]:
        """The fields a step of ``kind`` from ``a`` may go to after the plan ``state``."""
        after = state.after
        if kind == MOVE:
            return [b for b in self.steps_to[a] if b not in state.full]
        if kind == FLY:
            return [b for b in self.fly_to if b != a and b not in state.full]
        if kind == FLY_TWO:
            return [b for b in self.two_to if b != a and after.get(b, 0) <= MAX_STACK - 2]
        if kind == TRANSPORT:
            if self.transports_left <= state.transports:
                return []
            out: list[str] = []
            for b in self.transport_to:
                # two units leave a; one lands on the airport b, one on its city
                change = {a: -2}
                for f in (b, self.city_of[b]):
                    change[f] = change.get(f, 0) + 1
                if all(after.get(f, 0) + d <= MAX_STACK for f, d in change.items()):
                    out.append(b)
            return out
        return self.fire_targets[a]


def _by_hex(item: tuple[Hex, int]) -> tuple[int, int]:
    return item[0].q, item[0].r


@cache
def _labelled(kind: BoardKind) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """The labels of a board's fields (in board order) and each field's neighbours' labels
    (its adjacent fields but itself, in the order of ``Geometry.adjacent``)."""
    geo = geometry(kind)
    near = {
        geo.label(h): tuple(geo.label(t) for t in geo.adjacent(h) if t != h) for h in geo.fields
    }
    return tuple(geo.label(h) for h in geo.fields), near


def _build(plan: AirwarOrder, state: _Plan, kind: int, a: str, b: str) -> AirwarOrder:
    """``plan`` with one more step (as :func:`_move_steps` and :func:`_fire_steps` write it,
    :func:`_add` finding the pair by ``state.pairs`` rather than by a search of the plan)."""
    if kind in (MOVE, FIRE):
        steps = plan.moves if kind == MOVE else plan.fire
        i = state.pairs.get((a, b))
        if i is None:
            added = (*steps, (a, b, 1))
        else:
            added = (*steps[:i], (a, b, steps[i][2] + 1), *steps[i + 1 :])
        if kind == FIRE:
            return AirwarOrder(fire=added)
        return AirwarOrder(moves=added, flights=plan.flights, transports=plan.transports)
    if kind == TRANSPORT:
        return AirwarOrder(
            moves=plan.moves, flights=plan.flights, transports=(*plan.transports, (a, b))
        )
    n = 2 if kind == FLY_TWO else 1
    return AirwarOrder(
        moves=plan.moves, flights=(*plan.flights, (a, b, n)), transports=plan.transports
    )


class _Listing(Sequence[AirwarOrder]):
    """The list of ``plan``'s next steps, then ``plan``: counted from the plan's state, each
    entry built when read (and kept, so that it is read as the same object)."""

    __slots__ = ("_built", "_ends", "_segments", "_steps", "plan", "stage", "state")

    def __init__(self, stage: _Stage, plan: AirwarOrder, state: _Plan) -> None:
        self.stage = stage
        self.plan = plan
        self.state = state
        self._ends = list(accumulate(state.totals))  # entries up to each unit field's last
        self._built: dict[int, AirwarOrder] = {}
        self._steps: dict[int, tuple[AirwarOrder, tuple[int, str, str]]] = {}  # by id()

    def __len__(self) -> int:
        return (self._ends[-1] if self._ends else 0) + 1

    @overload
    def __getitem__(self, i: int) -> AirwarOrder: ...

    @overload
    def __getitem__(self, i: slice) -> list[AirwarOrder]: ...

    def __getitem__(self, i: int | slice) -> AirwarOrder | list[AirwarOrder]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"entry {i} of a list of {n}")
        if i == n - 1:
            return self.plan
        order = self._built.get(i)
        if order is not None:
            return order
        u = bisect_right(self._ends, i)
        j = i - (self._ends[u - 1] if u else 0)
        for kind, a, k in self.state.segments[u]:
            if j < k:
                return self._keep(i, kind, a, self.stage.targets(kind, a, self.state)[j])
            j -= k
        raise AssertionError("the runs of a unit field add up to its total")  # pragma: no cover

    def __iter__(self) -> Iterator[AirwarOrder]:
        i = 0
        for run in self.state.segments:
            for kind, a, _k in run:
                for b in self.stage.targets(kind, a, self.state):
                    order = self._built.get(i)
                    yield order if order is not None else self._keep(i, kind, a, b)
                    i += 1
        yield self.plan

    def _keep(self, i: int, kind: int, a: str, b: str) -> AirwarOrder:
        order = _build(self.plan, self.state, kind, a, b)
        self._built[i] = order
        self._steps[id(order)] = (order, (kind, a, b))
        return order

    def step_of(self, order: AirwarOrder) -> tuple[int, str, str] | None:
        """The step entry ``order`` (the very object read from this list) adds to the plan."""
        hit = self._steps.get(id(order))
        return hit[1] if hit is not None and hit[0] is order else None


def _city(pos: Position, airport: str) -> Any:
    city = pos.airport_at(pos.geo.parse(airport))
    if city is None:  # pragma: no cover - the labels come from the position's own cities
        raise ValueError(f"{airport} is not an airport")
    return city


_last = threading.local()  # .stage: the _Stage of the latest listed view


def _stage(view: Mapping[str, Any]) -> _Stage:
    """The stage of ``view``, kept while plans over the same view grow one step at a time."""
    stage: _Stage | None = getattr(_last, "stage", None)
    if stage is None or stage.view is not view:
        stage = _Stage(view)
        _last.stage = stage
    return stage


def placements(
    view: Mapping[str, Any], plan: AirwarOrder | None = None
) -> list[AirwarOrder] | None:
    """The initial stage piece by piece (``Ruleset.placements``): the opponent's cities one
    at a time, or the side's units one at a time (and the announced unproductive city), then
    the plan completed at random (:func:`~.agents.city_placements`,
    :func:`~.agents.unit_placements`). ``None`` outside the initial stage."""
    if view["phase"] not in ("cities", "units") or not awaited(view):
        return None
    return list(_placements(canonical_json(dict(view)), plan or AirwarOrder()))


@lru_cache(maxsize=64)
def _placements(view_json: str, plan: AirwarOrder) -> tuple[AirwarOrder, ...]:
    view = json.loads(view_json)
    pos = position_from_view(view)
    phase = view["phase"]
    rng = menu_stream({"view": view, "plan": plan.to_json()}, f"airwar:{phase}:placed")
    place = city_placements if phase == "cities" else unit_placements
    return tuple(place(pos, str(view["side"]), plan, rng))


@lru_cache(maxsize=64)
def _setup_menu(view_json: str) -> tuple[AirwarOrder, ...]:
    """The initial-stage menu of a view (given as canonical JSON; placements are costly to
    draw, and environments reset to the same views again and again)."""
    view = json.loads(view_json)
    pos = position_from_view(view)
    phase = view["phase"]
    rng = menu_stream(view, f"airwar:{phase}")
    draw = random_cities if phase == "cities" else random_units
    menu: list[AirwarOrder] = []
    for _ in range(SETUP_MENU):
        order = draw(pos, str(view["side"]), rng)
        if order not in menu:
            menu.append(order)
    return tuple(menu)


def _add(steps: tuple[Step, ...], a: str, b: str) -> tuple[Step, ...]:
    """``steps`` with one more unit from ``a`` to ``b`` (merged into an equal step)."""
    out = list(steps)
    for i, (x, y, n) in enumerate(out):
        if (x, y) == (a, b):
            out[i] = (x, y, n + 1)
            return tuple(out)
    return (*out, (a, b, 1))


def _used(plan: AirwarOrder) -> dict[str, int]:
    used: dict[str, int] = {}
    for a, _b, n in (*plan.moves, *plan.flights, *plan.fire):
        used[a] = used.get(a, 0) + n
    for a, _b in plan.transports:
        used[a] = used.get(a, 0) + 2
    return used


def _move_steps(pos: Position, side: str, plan: AirwarOrder) -> list[AirwarOrder]:
    geo = pos.geo
    used = _used(plan)
    flown = {a for a, _b, _n in plan.flights} | {a for a, _b in plan.transports}
    airports = {geo.label(c.airport) for c in pos.flight_airports(side)}
    own_airports = sorted(geo.label(c.airport) for c in pos.cities if c.holder == side)
    own_city_airports = sorted(geo.label(c.airport) for c in pos.cities if c.owner == side)
    out: list[AirwarOrder] = []
    for h, n in sorted(pos.units[side].items()):
        a = geo.label(h)
        left = n - used.get(a, 0)
        if left <= 0:
            continue
        for t in geo.adjacent(h):
            if t != h:
                out.append(
                    AirwarOrder(
                        moves=_add(plan.moves, a, geo.label(t)),
                        flights=plan.flights,
                        transports=plan.transports,
                    )
                )
        if a not in airports or a in flown:
            continue
        for t in geo.fields:
            b = geo.label(t)
            if t != h:
                out.append(
                    AirwarOrder(
                        moves=plan.moves,
                        flights=(*plan.flights, (a, b, 1)),
                        transports=plan.transports,
                    )
                )
        if left >= 2:
            for b in own_airports:
                if b != a:
                    out.append(
                        AirwarOrder(
                            moves=plan.moves,
                            flights=(*plan.flights, (a, b, 2)),
                            transports=plan.transports,
                        )
                    )
            if pos.transports_left.get(side, 0) > len(plan.transports):
                for b in own_city_airports:
                    out.append(
                        AirwarOrder(
                            moves=plan.moves,
                            flights=plan.flights,
                            transports=(*plan.transports, (a, b)),
                        )
                    )
    return out


def _fire_steps(pos: Position, side: str, plan: AirwarOrder) -> list[AirwarOrder]:
    geo = pos.geo
    used = _used(plan)
    foe = pos.units[other(side)]
    out: list[AirwarOrder] = []
    for h, n in sorted(pos.units[side].items()):
        a = geo.label(h)
        if n - used.get(a, 0) <= 0 or pos.must_fire_here(h):
            continue
        targets: list[Hex] = [t for t in geo.adjacent(h) if foe.get(t, 0) > 0 and t != h]
        for t in targets:
            out.append(AirwarOrder(fire=_add(plan.fire, a, geo.label(t))))
    return out
