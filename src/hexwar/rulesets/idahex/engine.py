"""The IDAHEX event loop: units, task forces, missions, engagements and the subprogram ``xq``
(seed 000 §2.2, §2.3, §3, §4.1, §7).

:class:`Engine` keeps the state of a game and lets time run from one decision point (a period
start, §2.3) to the next. Between decision points the :class:`~hexwar.rulesets.idahex.clock.Clock`
pops events: frame ends (engagements, then supplies consumption, §7) and task forces' changes of
status, which :meth:`Engine._xq` executes -- or, in the tactical situations of §3.3, replaces by
changes to orders and to the queue:

* §3.3.1 pursuit: a task force may not overtake an enemy task force going the same way;
* §3.3.2 attack, steps 1-6: meeting engagements, ties at a cell, transfer-posture defenders,
  engagements, occupation;
* §3.3.3 disappearance of a security force;
* §3.3.4 counterattack, judged with the standard values ``rsvala``/``rsvald`` of the combat
  model (§5.3);
* §3.3.5 activation of an inactive task force;
* §3.3.6 virtual time of posture class entry (``tentry``);
* §3.3.7 engagement termination.

Combat itself (§5) is behind :class:`CombatModel`: once per frame the engine asks it to assess
every engagement. Everything the engine tells anyone goes through :meth:`Engine.note`, which
the game turns into events for the designer's report and the players (§8, ``iprint``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from hexwar.core import exact
from hexwar.core.errors import IllegalOrderError, InvalidInputError
from hexwar.rulesets.idahex.clock import Break, BreakKind, Clock, Key, Priority
from hexwar.rulesets.idahex.delays import Delay, Element, wait
from hexwar.rulesets.idahex.design_data import SIDE_NAMES, Rules
from hexwar.rulesets.idahex.postures import (
    DESTROYED,
    Order,
    PostureClass,
    Status,
    TransitionKind,
    classify,
    next_status,
    trusted_status,
)

__all__ = [
    "CombatModel",
    "DeliveryOrder",
    "Engagement",
    "Engine",
    "Note",
    "TaskForce",
    "UnitState",
]

INFINITE_DELAY = 1e9
"""§7: a task force out of supplies aborts its movement if its delay 'equals or exceeds
10*9' (read as 10**9; ruling in docs/rulings/idahex.md)."""

_RULE = "seed 000 §4.1"

_OCCUPATION = TransitionKind.OCCUPATION
_HOLD_TO_DISENGAGEMENT = TransitionKind.HOLD_TO_DISENGAGEMENT
_DISENGAGEMENT_TO_MOVEMENT = TransitionKind.DISENGAGEMENT_TO_MOVEMENT
_MOVEMENT_TO_ATTACK = TransitionKind.MOVEMENT_TO_ATTACK
"""(§3.2 cases the event loop asks for, read once)"""


_UNSET = object()

_set = object.__setattr__

_SIDE_SETS: tuple[frozenset[int], ...] = (frozenset(), frozenset((1,)), frozenset((2,)))
"""Each side's number alone, as a note's ``sides`` (``frozenset([side])``, made once)."""
_BOTH_SIDES: frozenset[int] = frozenset((1, 2))
_NO_SIDE: frozenset[int] = _SIDE_SETS[0]

_NOBODY: frozenset[str] = frozenset()
_SEEN_BY_SIDE: tuple[frozenset[str], ...] = (
    _NOBODY,
    *(frozenset((name,)) for name in SIDE_NAMES),
)
"""Who sees an event by the side number it is for (index 1 Red, 2 Blue): the side's name
alone, made once."""

LogNote = Callable[[float, str, str, frozenset[str], tuple[str, ...], tuple[Any, ...]], object]
"""Where :meth:`Engine.enter` puts a status note a game keeps in its log: the time, kind,
text, the names of the sides who see it and its data as its keys and values (the game's
:meth:`~hexwar.core.events.EventLog.add_fields`)."""

_STATUS_KEYS = ("tf", "status")
"""A status note's data keys."""

_TEXTS_KEPT = 100_000
"""The most changes of status (and statuses with orders) :meth:`Engine.enter` keeps what it
found of (then it starts afresh)."""

_DELAYS_KEPT = 100_000
"""The most delays :meth:`Engine.delay` keeps (then it starts afresh)."""


class _Memo(dict[Any, Any]):
    """A cache: a copied or pickled engine starts with an empty one (what it holds can be
    found again; a :class:`Delay`'s terms are a read-only mapping, which does not copy)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Memo:
        return _Memo()

    def __reduce__(self) -> Any:
        return (_Memo, ())


def _same(old: Any, new: Any) -> bool:
    """Whether a unit's field keeps its value: the same type and value, an array the same
    bits (a value of another type, say 1 for 1.0, is a change: it shows differently)."""
    if type(old) is not type(new):
        return False
    if isinstance(new, np.ndarray):
        return bool(old.shape == new.shape and old.tobytes() == new.tobytes())
    return bool(old == new)


@dataclass(slots=True)
class UnitState:
    """A battle unit now (§2.2): its status, ``tentry``, ``[resources]`` and task force.

    ``memo`` holds what others derive from the unit's state alone (its piece of its side's
    view, whether it runs short of supplies), kept while that state holds: setting a field
    to another value empties it. ``resources`` is read-only, so its holdings change only by
    setting a new array (compared bit for bit with the one before)."""

    number: int
    side: int  # 1 Red, 2 Blue
    butype: int
    name: str
    location: int
    posture: int
    objective: int
    tentry: float
    resources: NDArray[np.float64]
    tf: int | None = None
    memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    held: tuple[NDArray[np.float64], Element, tuple[Any, ...]] | None = field(
        default=None, repr=False, compare=False
    )
    """The unit's :class:`Element` with the resources array it was made of, and its value as
    a plain tuple (unit, type, resources: equal exactly when the elements are, hashed in C):
    kept while that array is the unit's (a march changes the status every event, not the
    holdings)."""
    versions: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0], repr=False, compare=False)
    """Counts shared by an engine's units (:attr:`Engine.unit_versions`). At index 1 (Red)
    and 2 (Blue), each side's version of its units: bumped wherever a unit's memo is
    emptied (and by a reader that fills a memo anew), so while it holds none of the side's
    units has changed and what was derived from them all holds too. At index ``side + 2``
    (3 Red, 4 Blue), the side's moves: bumped wherever a unit's location, posture or
    objective changes, so while it holds what was derived from these alone holds (a change
    of holdings, nearly every frame, leaves it)."""
    status_: Status | None = field(default=None, init=False, repr=False, compare=False)
    """The unit's status (:attr:`status`), kept while its location, posture and objective
    hold (``None``: to be made). Kept apart from the memo: a memo holding a status is a
    dict Python's collector tracks (an empty one it does not), and a marching unit's memo,
    made anew at each of its changes of status, lived long enough to reach the collector's
    oldest generation."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "resources":
            value.setflags(write=False)
            old: Any = getattr(self, "resources", _UNSET)
            if old is not _UNSET:
                # _same of two arrays (a unit's holdings are set often: a strike sets each
                # target's), without its calls.
                _set(self, "resources", value)
                if not (
                    type(old) is type(value)
                    and old.shape == value.shape
                    and old.tobytes() == value.tobytes()
                ):
                    _set(self, "memo", {})
                    self.versions[self.side] += 1
                return
        elif name == "held" or name == "status_":
            object.__setattr__(self, name, value)
            return
        old = getattr(self, name, _UNSET)
        object.__setattr__(self, name, value)
        if name != "memo" and not _same(old, value):
            object.__setattr__(self, "memo", {})
            if name == "location" or name == "posture" or name == "objective":
                object.__setattr__(self, "status_", None)
            if old is not _UNSET:  # (not while the unit is made: its fields have no value)
                versions = self.versions
                versions[self.side] += 1
                if name == "location" or name == "posture" or name == "objective":
                    versions[self.side + 2] += 1

    def set_status(self, location: int, posture: int, objective: int) -> None:
        """``location``, ``posture`` and ``objective`` at once (the memo emptied if one of
        them changes, as setting them one by one would)."""
        if not (
            _same(self.location, location)
            and _same(self.posture, posture)
            and _same(self.objective, objective)
        ):
            object.__setattr__(self, "memo", {})
            object.__setattr__(self, "status_", None)
            self.versions[self.side] += 1
            self.versions[self.side + 2] += 1
        object.__setattr__(self, "location", location)
        object.__setattr__(self, "posture", posture)
        object.__setattr__(self, "objective", objective)

    def set_tentry(self, value: float) -> None:
        """``tentry = value`` as setting the field does (the memo emptied unless the value is
        the same: the same type and equal), without ``__setattr__``'s general path."""
        old = self.tentry
        _set(self, "tentry", value)
        if type(old) is not type(value) or old != value:  # (not _same: floats, no arrays)
            _set(self, "memo", {})
            self.versions[self.side] += 1

    def change_resources(self, index: Any, values: Any) -> None:
        """``resources[index] = values``, in a new array (the unit's own is read-only)."""
        resources = self.resources.copy()
        resources[index] = values
        self.resources = resources

    def replace_resources(self, index: Any, values: Any) -> None:
        """:meth:`change_resources` for ``values`` known to change the holdings (some value
        differs from the one it replaces, so the new array's bits differ): the memo is
        emptied without comparing the arrays."""
        resources = self.resources.copy()
        resources[index] = values
        resources.setflags(write=False)
        _set(self, "resources", resources)
        _set(self, "memo", {})
        self.versions[self.side] += 1

    @property
    def status(self) -> Status:
        """The unit's status, kept while it holds (the event loop asks for a task force's
        status several times an event)."""
        found = self.status_
        if found is None:
            found = trusted_status(self.location, self.posture, self.objective)
            _set(self, "status_", found)
        return found

    @property
    def pc(self) -> int:
        """Posture class."""
        return self.posture // 10 if self.posture >= 0 else -1

    @property
    def active(self) -> bool:
        return self.posture >= 10

    def element(self) -> Element:
        held, resources = self.held, self.resources
        if held is not None and held[0] is resources:
            return held[1]
        found = Element(self.number, self.butype, tuple(resources.tolist()))
        self.held = (resources, found, (found.unit, found.butype, found.resources))
        return found


_set_location = UnitState.__dict__["location"].__set__
_set_posture = UnitState.__dict__["posture"].__set__
_set_objective = UnitState.__dict__["objective"].__set__
_set_status = UnitState.__dict__["status_"].__set__
_set_tentry = UnitState.__dict__["tentry"].__set__
_set_memo = UnitState.__dict__["memo"].__set__
"""A unit's slots set through their own descriptors (what ``object.__setattr__(u, name,
value)`` finds and does, without the look-up by name and the arguments' tuple: some a
third of the cost), for :meth:`Engine.enter`, which sets six of them at each change."""


@dataclass(slots=True)
class TaskForce:
    """A task force and its mission (§3, §4.1): ``orders[0]`` is the active order."""

    number: int
    side: int
    units: list[int]
    mode: int
    orders: list[Order]
    next: Status | None = None
    warned: str | None = None
    kind: TransitionKind | None = field(default=None, repr=False, compare=False)
    """The §3.2 case of the last change whose delay was found for the task force, from
    :attr:`kind_from` to :attr:`kind_to` (``None``: none, or no case)."""
    kind_from: Status | None = field(default=None, repr=False, compare=False)
    kind_to: Status | None = field(default=None, repr=False, compare=False)
    named: tuple[list[int], int, str] | None = field(default=None, repr=False, compare=False)
    """How a status note names the task force (``task force N (units ...): ``) with the
    units and number it was written for: kept while they are its own."""
    after: _After | None = field(default=None, repr=False, compare=False)
    """The entry of :attr:`Engine._after` its last next status was found with by
    :meth:`Engine.enter` (whose :class:`_Change` the change to it takes while it goes from
    that very status to that very one)."""


class _After:
    """What :meth:`Engine.enter` finds of the change after ``status`` under ``order`` (see
    :meth:`Engine._after_of`): the next status ``following`` (``None``: the order is
    complete), the change's §3.2 case ``kind`` and the statuses' ``fields`` (as
    :meth:`Engine.delay` keeps the change by), and once the change is made or its delay
    found: its :class:`_Change`, and, for a case whose delay the two statuses alone decide
    (``alone``), that delay; ``then``, once found, is the entry of ``following`` under the
    same order."""

    __slots__ = (
        "alone",
        "change",
        "delay",
        "fields",
        "following",
        "kind",
        "order",
        "status",
        "then",
    )

    def __init__(
        self,
        status: Status,
        order: Order,
        following: Status | None,
        kind: Any,
        fields: tuple[int, ...],
    ) -> None:
        self.status, self.order, self.following = status, order, following
        self.kind, self.fields = kind, fields
        self.change: _Change | None = None
        self.delay: Delay | None = None
        self.alone = kind in _STATUSES_ALONE  # (asked once: an Enum hashes in Python)
        self.then: _After | None = None


_STATUSES_ALONE = frozenset(
    (
        TransitionKind.WITHIN_CLASS,
        TransitionKind.HOLD_TO_DISENGAGEMENT,
        TransitionKind.OCCUPATION,
        TransitionKind.HOLD_AT_LOCATION,
        TransitionKind.ABORT,
        TransitionKind.NONPOSITIVE,
    )
)
"""The §3.2 cases whose delay ``wait`` finds from the two statuses alone (ptran's, 0, the
attack's with ``defended=False`` as the engine asks it, 0 or infinite from -10, and 0):
neither the side, the transport mode, the elements, the engagements nor the maps; the
others (a march, a disengagement, and a change with no case, which wait refuses) read them."""

_TENTRY_KEEP, _TENTRY_AT_T, _TENTRY_LATEST, _TENTRY_CALL = 0, 1, 2, 3
"""What :meth:`Engine.enter` does to the units' tentry (§3.3.6): nothing, ``t``,
``max(t, tentry)``, or what :meth:`Engine._set_tentry` finds (its other cases)."""


class _Change:
    """What the rules ask of a change of status from ``present`` to ``nxt`` that the two
    statuses' fields alone decide (and the design's transfer posture ``itrfp``), worked out
    once for every task force that makes it: :meth:`Engine.enter`'s tests of posture
    classes, locations and objectives, and the status note's texts."""

    __slots__ = (
        "advisory",
        "defending",
        "guarding",
        "leaving",
        "nxt",
        "occupying",
        "present",
        "said",
        "significant",
        "tentry",
        "text",
        "transfer",
    )

    def __init__(self, present: Status, nxt: Status, itrfp: int) -> None:
        pl, pp, po = present.location, present.posture, present.objective
        nl, np_, no = nxt.location, nxt.posture, nxt.objective
        # Posture classes as ``posture // 10`` (the class's number; -1 for -10).
        ppc, npc = pp // 10, np_ // 10
        self.present, self.nxt = present, nxt
        # §3.3.6 where a class is entered: disengagement and movement at t, a hold or an
        # attack elsewhere at max(t, tentry); the rest (an attack on its own cell, an abort,
        # a class not entered in the attack class) as _set_tentry finds them.
        self.tentry = (
            (
                _TENTRY_AT_T
                if npc == 2 or npc == 3
                else _TENTRY_LATEST
                if npc == 1 or (npc == 4 and no != pl)
                else _TENTRY_CALL
            )
            if npc != ppc
            else _TENTRY_CALL
            if npc == 4
            else _TENTRY_KEEP
        )
        self.occupying = nl != pl and np_ >= 10  # (nxt.active)
        self.advisory = pp < 10 and pl != nl and np_ < 10  # (neither status active)
        self.significant = ppc != npc or pl != nl
        self.text = f"{nl}/{np_}/{no}"  # (Status.__str__)
        self.said = f"{pl}/{pp}/{po} -> {self.text}"
        # §3.3.7: the changes that leave an engagement; the others, into a hold or a
        # disengagement, join the defence of an engagement at the cell entered.
        self.leaving = (
            (ppc == 2 and npc == 3)  # disengagement to movement
            or np_ < 10  # (not active)
            or (npc == 4 and no == pl != po)
            or (ppc == 4 and nl == pl and npc == 1)
        )
        self.defending = not self.leaving and npc in (1, 2)
        # §3.3.3: a hold left for destruction, an inactive posture or a disengagement.
        self.guarding = ppc == 1 and npc in (-1, 0, 2)
        self.transfer = np_ == itrfp and pp != np_  # (entered the transfer posture)


class Members(set[int]):
    """The attackers or the defenders of an engagement: a set of unit numbers that, once the
    engagement is one of an engine's, keeps the engine's index of the units' engagements
    (``Engine.engagement_of`` is asked several times an event; scanning every engagement
    made each ask cost as much as the front is long)."""

    __slots__ = ("_cell", "_index")

    def __init__(self, numbers: Iterable[int] = ()) -> None:
        super().__init__(numbers)
        self._index: _Index | None = None
        self._cell = 0

    def _attach(self, index: _Index | None, cell: int) -> None:
        if self._index is not None:
            self._index.drop(self, self._cell)
        self._index, self._cell = index, cell
        if index is not None:
            index.add(self, cell)

    def _changed(self, before: set[int]) -> None:
        if self._index is not None:
            self._index.change(before, self, self._cell)

    def add(self, n: int) -> None:
        if n not in self:
            super().add(n)
            if self._index is not None:
                self._index.change(set(), {n}, self._cell)

    def discard(self, n: object) -> None:
        if n in self:
            super().discard(n)
            if self._index is not None:
                self._index.change({n}, set(), self._cell)  # type: ignore[arg-type]

    def remove(self, n: object) -> None:
        if n not in self:
            raise KeyError(n)
        self.discard(n)

    def pop(self) -> int:
        n = super().pop()
        if self._index is not None:
            self._index.change({n}, set(), self._cell)
        return n

    def clear(self) -> None:
        before = set(self)
        super().clear()
        self._changed(before)

    def update(self, *others: Iterable[int]) -> None:
        before = set(self)
        super().update(*others)
        self._changed(before)

    def difference_update(self, *others: Iterable[Any]) -> None:
        before = set(self)
        super().difference_update(*others)
        self._changed(before)

    def intersection_update(self, *others: Iterable[Any]) -> None:
        before = set(self)
        super().intersection_update(*others)
        self._changed(before)

    def symmetric_difference_update(self, other: Iterable[int]) -> None:
        before = set(self)
        super().symmetric_difference_update(other)
        self._changed(before)

    def __ior__(self, other: AbstractSet[int]) -> Members:  # type: ignore[override,misc]
        self.update(other)
        return self

    def __isub__(self, other: AbstractSet[Any]) -> Members:  # type: ignore[misc]
        self.difference_update(other)
        return self

    def __iand__(self, other: AbstractSet[Any]) -> Members:  # type: ignore[misc]
        self.intersection_update(other)
        return self

    def __ixor__(self, other: AbstractSet[int]) -> Members:  # type: ignore[override,misc]
        self.symmetric_difference_update(other)
        return self

    def __reduce__(self) -> Any:
        return (Members, (list(self),))


class _Index:
    """Each unit's engagements: unit number -> {engagement cell: how many of its sides list
    the unit}."""

    __slots__ = ("cells",)

    def __init__(self) -> None:
        self.cells: dict[int, dict[int, int]] = {}

    def add(self, numbers: Iterable[int], cell: int) -> None:
        self.change(set(), numbers, cell)

    def drop(self, numbers: Iterable[int], cell: int) -> None:
        self.change(numbers, set(), cell)

    def change(self, before: Iterable[int], after: Iterable[int], cell: int) -> None:
        old, new = set(before), set(after)
        cells = self.cells
        for n in new - old:
            counts = cells.setdefault(n, {})
            counts[cell] = counts.get(cell, 0) + 1
        for n in old - new:
            counts = cells[n]
            if counts[cell] == 1:
                del counts[cell]
                if not counts:
                    del cells[n]
            else:
                counts[cell] -= 1


class _Engagements(dict[int, "Engagement"]):
    """The engine's engagements by cell, keeping the index of their units."""

    __slots__ = ("_count", "index", "serial")

    def __init__(self) -> None:
        super().__init__()
        self.index = _Index()
        self.serial: dict[int, int] = {}  # cell -> when its engagement was put in
        self._count = 0

    def __setitem__(self, cell: int, e: Engagement) -> None:
        old = self.get(cell)
        if old is not None:
            del self[cell]
        super().__setitem__(cell, e)
        self._count += 1
        self.serial[cell] = self._count
        e.attackers._attach(self.index, cell)
        e.defenders._attach(self.index, cell)

    def __delitem__(self, cell: int) -> None:
        e = self[cell]
        super().__delitem__(cell)
        del self.serial[cell]
        e.attackers._attach(None, 0)
        e.defenders._attach(None, 0)

    def pop(self, cell: int, *default: Any) -> Any:
        if cell not in self:
            if default:
                return default[0]
            raise KeyError(cell)
        e = self[cell]
        del self[cell]
        return e

    def clear(self) -> None:
        for cell in list(self):
            del self[cell]

    def popitem(self) -> tuple[int, Engagement]:
        cell = next(reversed(self))
        return cell, self.pop(cell)

    def setdefault(self, cell: int, default: Engagement) -> Engagement:
        if cell not in self:
            self[cell] = default
        return self[cell]

    def update(self, *args: Any, **kwargs: Any) -> None:
        for cell, e in dict(*args, **kwargs).items():
            self[cell] = e

    def __ior__(self, other: Any) -> _Engagements:  # type: ignore[override,misc]
        self.update(other)
        return self

    def among(self, units: Iterable[int]) -> list[tuple[int, Engagement]]:
        """The engagements listing any of ``units``, in the order they began."""
        cells: set[int] = set()
        index = self.index.cells
        for n in units:
            found = index.get(n)
            if found:
                cells.update(found)
        serial = self.serial
        return [(c, self[c]) for c in sorted(cells, key=serial.__getitem__)]

    def of(self, unit: int) -> Engagement | None:
        """The first engagement (in the order they began) listing ``unit``."""
        cells = self.index.cells.get(unit)
        if not cells:
            return None
        if len(cells) == 1:
            return self[next(iter(cells))]
        for cell, e in self.items():
            if cell in cells:
                return e
        return None  # pragma: no cover - the index lists only present engagements


@dataclass(slots=True)
class Engagement:
    """Attackers of side ``attacker`` against the defenders located in ``cell`` (§3.3.4).

    ``attackers`` and ``defenders`` become :class:`Members` (plain sets that an engine's
    index of engagements follows)."""

    cell: int
    attacker: int
    attackers: Members
    defenders: Members
    since: float
    feba: float = 0.0
    waiting: set[int] = field(default_factory=set)  # task forces of the defending side

    def __post_init__(self) -> None:
        if not isinstance(self.attackers, Members):
            self.attackers = Members(self.attackers)
        if not isinstance(self.defenders, Members):
            self.defenders = Members(self.defenders)


@dataclass(slots=True)
class DeliveryOrder:
    """A delivery order of §4.2.2."""

    number: int
    side: int
    task_force: int
    cell: int
    size: float
    recipients: tuple[int, ...] = ()


@dataclass(slots=True)
class Note:
    """Something the engine reports: to the designer's report and, as ``iprint`` says, to the
    players of ``sides``.

    ``level`` is the ``iprint`` threshold for the designer's report; ``player_level`` the one
    for the players (``None``: never shown to players).

    Not frozen (nothing changes a note once made): a frozen dataclass sets each field through
    ``object.__setattr__``, which made a note cost some four times as much, and the engine
    makes one at nearly every change of status and air strike.
    """

    kind: str
    text: str
    sides: frozenset[int]
    level: int
    player_level: int | None
    data: dict[str, object] = field(default_factory=dict)


def _reindex(index: dict[int, set[int]], old: int, new: int, number: int) -> None:
    """Move unit ``number`` from cell ``old``'s set to cell ``new``'s in a location or
    objective index."""
    index[old].discard(number)
    found = index.get(new)
    if found is None:
        index[new] = {number}
    else:
        found.add(number)


def audience(iprint: int, level: int, player_level: int | None, told: bool) -> bool | None:
    """§8's print level on a note: ``True`` if the players of its sides are told it (``told``:
    it has sides), ``False`` if only the designer's report keeps it, ``None`` if it is dropped
    (see :class:`Note` for ``level`` and ``player_level``)."""
    if told and player_level is not None and iprint >= player_level:
        return True
    return False if iprint >= level else None


class CombatModel(Protocol):
    """What the engine needs from combat (§5): standard values and the frame assessment."""

    def standard_values(self, side: int) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """``(rsvala(*, side), rsvald(*, side))`` (§5.3)."""
        ...

    def assess(self, engine: Engine, engagement: Engagement) -> None:
        """Assess one frame of ``engagement`` (losses, FEBA, elimination and retreat)."""
        ...

    def involvement(
        self,
        engine: Engine,
        unit: UnitState,
        memo: dict[tuple[int, ...], NDArray[np.float64]] | None = None,
    ) -> NDArray[np.float64]:
        """``frinv(irs, ibu)`` for every resource of an engaged unit (§5.4.1); ``memo`` keeps
        each force's result for the calls that follow while resources are unchanged."""
        ...


Reporter = Callable[[Note], None]
SupplyStep = Callable[["Engine"], None]


class Engine:
    """The state of one IDAHEX game and its clock."""

    def __init__(self, rules: Rules, combat: CombatModel, report: Reporter) -> None:
        self.rules = rules
        self.combat = combat
        self.report = report
        self.log_note: LogNote | None = None
        """Where status notes go, made straight into the game's events without a
        :class:`Note` and the reporter (as the reporter would make them: see
        :meth:`enter`); ``None``: to the reporter."""
        self.design = rules.design
        self.clock: Clock[int] = Clock(rules.timing)
        self.owner: dict[int, int] = rules.design.owners()
        self.owner_changes = 0
        """How many times a cell has changed hands (``owner`` is changed only with it)."""
        self.unit_versions = [0, 0, 0, 0, 0]
        """Each side's version of its units and count of their moves (at ``side`` and
        ``side + 2``: see :attr:`UnitState.versions`)."""
        self.units: dict[int, UnitState] = {}
        for u in rules.design.units:
            self.units[u.number] = UnitState(
                number=u.number,
                side=rules.unit_side[u.number],
                butype=u.butype,
                name=u.buname.strip() or f"unit {u.number}",
                location=u.buloc,
                posture=u.bupost,
                objective=u.buloc,
                tentry=u.tentry,
                resources=np.array(u.resources, dtype=np.float64),
                versions=self.unit_versions,
            )
        # By side (index 1 Red, 2 Blue; units never change sides): cell -> the side's units
        # located there, and cell -> the side's units whose objective it is. Nearly every
        # ask is about one side, most often the enemy's, whose units are seldom there.
        self._at: tuple[dict[int, set[int]], ...] = ({}, {}, {})
        self._toward: tuple[dict[int, set[int]], ...] = ({}, {}, {})
        for state in self.units.values():
            self._at[state.side].setdefault(state.location, set()).add(state.number)
            self._toward[state.side].setdefault(state.objective, set()).add(state.number)
        self.task_forces: dict[int, TaskForce] = {}
        self.engagements: dict[int, Engagement] = _Engagements()
        self.deliveries: dict[int, DeliveryOrder] = {}
        self.envmap: dict[int, int] = {}
        self.rtemap: dict[int, int] = {}
        self.barmap: dict[int, int] = {}
        self.supply_step: SupplyStep | None = None
        self.delivery_step: Callable[[Engine, TaskForce], None] | None = None
        self._delays: _Memo = _Memo()
        """The delays found so far by their inputs (see :meth:`delay`)."""
        self._kinds: _Memo = _Memo()
        """The §3.2 case of each change met (see :meth:`delay`), by the statuses' fields."""
        self._changes: _Memo = _Memo()
        """Each change of status met, by the statuses' ids: its :class:`_Change`."""
        self._after: _Memo = _Memo()
        """Each status and order met in :meth:`enter`, by their ids: the next status and
        what its delay needs (see :meth:`_after_of`)."""
        self._status_seen: tuple[int, tuple[frozenset[str] | None, ...]] = (-1, ())
        """The design's ``iprint`` and, for it, who sees a status note (see :meth:`enter`):
        at index ``side`` a significant one, at 0 one that is not (``None``: dropped)."""

    # -- reporting --------------------------------------------------------------------------

    def note(
        self,
        kind: str,
        text: str,
        sides: Iterable[int] = (),
        *,
        level: int = 1,
        player_level: int | None = 5,
        **data: object,
    ) -> None:
        """Report a note to ``sides`` (side numbers; a frozenset is taken as it is). §8: a
        note that goes neither to the players (``player_level``, and only with ``sides``)
        nor to the designer's report (``level``) at the design's ``iprint`` is dropped here,
        without being made (the reporter would drop it)."""
        told = sides if type(sides) is frozenset else frozenset(sides)
        if audience(self.design.iprint, level, player_level, bool(told)) is None:
            return
        # ``data`` is this call's own dict (keyword arguments): the note takes it as it is.
        self.report(Note(kind, text, told, level, player_level, data))

    @property
    def t(self) -> float:
        return self.clock.t

    @property
    def event_count(self) -> int:
        """The events that have occurred (breaks and status changes)."""
        return self.clock.events

    # -- the area of war now ----------------------------------------------------------------

    def rtetype(self, i: int, j: int) -> int:
        """``[rtetype](i, j) = rtemap([basic_rtetype](i, j))`` (§2.1); 0 if none was given."""
        basic = self.rules.basic_hexside(i, j)[0]
        return self.rtemap.get(basic, basic) if basic else 0

    def bartype(self, i: int, j: int) -> int:
        """``[bartype](i, j) = barmap([basic_bartype](i, j))`` (§2.1); 0: no barrier."""
        basic = self.rules.basic_hexside(i, j)[1]
        return self.barmap.get(basic, basic) if basic > 0 else 0

    def environment(self, i: int) -> int:
        """``[env](i) = envmap([basic_env](i))`` (§2.1)."""
        basic = self.rules.basic_env.get(i, 0)
        return self.envmap.get(basic, basic) if basic > 0 else 0

    def apply_maps(self, cycle: int) -> list[str]:
        """Read File 60 for ``cycle`` (§9.1.2); the changes, described for the players."""
        env, rte, bar = self.rules.maps_at(cycle)
        changes = []
        routes: set[int] = set()  # the basic route and barrier types mapped anew
        barriers: set[int] = set()
        for name, old, new, remapped in (
            ("envmap", self.envmap, env, None),
            ("rtemap", self.rtemap, rte, routes),
            ("barmap", self.barmap, bar, barriers),
        ):
            for basic in sorted(set(old) | set(new)):
                before, after = old.get(basic, basic), new.get(basic, basic)
                if before != after:
                    changes.append(f"{name}({basic}) = {after} (was {before})")
                    if remapped is not None:
                        remapped.add(basic)
        self.envmap, self.rtemap, self.barmap = env, rte, bar
        if routes or barriers:
            # A delay reads the maps only through the route and barrier types of the hexside
            # between its present status's location and objective (wait's _hexside, in a
            # march and a disengagement; no delay reads the environment): those whose
            # hexside's basic types are mapped anew are dropped, the rest hold.
            delays, hexside = self._delays, self.rules.basic_hexside
            for key in list(delays):
                rt, bt = hexside(key[0], key[2])
                if rt in routes or bt in barriers:
                    del delays[key]
        return changes

    # -- queries ----------------------------------------------------------------------------

    def units_at(self, cell: int, side: int | None = None) -> list[UnitState]:
        """Active units located in ``cell`` (of ``side``), in unit number order."""
        units = self.units
        numbers: set[int] | None
        if side is None:
            numbers = self._at[1].get(cell, set()) | self._at[2].get(cell, set())
        else:
            numbers = self._at[side].get(cell)
            if not numbers:
                return []
        return [u for n in sorted(numbers) if (u := units[n]).posture >= 10]  # (u.active)

    def observes(self, side: int, cell: int) -> bool:
        """Whether ``side`` sees the active enemy units in ``cell``: the cell holds, or is next
        to a cell holding, an active ``side`` unit (docs/rulings/idahex.md, 'What a side
        sees')."""
        units, at = self.units, self._at[side]
        for c in self.rules.grid.neighborhood(cell):
            for n in at.get(c, ()):
                if units[n].posture >= 10:  # (active)
                    return True
        return False

    def _move(self, u: UnitState, status: Status) -> None:
        """Give ``u`` a new status, keeping the location and objective indexes (a unit put in
        place as earlier events would have brought it there; :meth:`enter` does the same for
        each unit of a task force that changes status, written out in its loop)."""
        location, posture, objective = status.location, status.posture, status.objective
        was_at, was_in, was_toward = u.location, u.posture, u.objective
        # (set_status, then the unit's status: a status's fields are plain integers, which
        # _same compares by type and value)
        _set(u, "location", location)
        _set(u, "posture", posture)
        _set(u, "objective", objective)
        _set(u, "status_", status)
        if not (
            type(was_at) is type(location)
            and type(was_in) is type(posture)
            and type(was_toward) is type(objective)
            and was_at == location
            and was_in == posture
            and was_toward == objective
        ):
            _set(u, "memo", {})
            versions = u.versions
            versions[u.side] += 1
            versions[u.side + 2] += 1
        # The indexes change only where the cell does (an equal number is the same key: the
        # unit would be taken out of its set and put back; every reader sorts the sets or
        # asks only whether they hold a unit).
        if was_at != location:
            _reindex(self._at[u.side], was_at, location, u.number)
        if was_toward != objective:
            _reindex(self._toward[u.side], was_toward, objective, u.number)

    def _task_forces(self, units: Iterable[int], side: int) -> list[TaskForce]:
        """The task forces of ``side`` that the given units belong to, by number."""
        numbers = {
            tf for n in units if (u := self.units[n]).side == side and (tf := u.tf) is not None
        }
        return [self.task_forces[k] for k in sorted(numbers)]

    def _side_task_forces(self, numbers: set[int] | None) -> list[TaskForce]:
        """The task forces that the given units (all of one side) belong to, by number."""
        if not numbers:
            return []
        units = self.units
        found = {tf for n in numbers if (tf := units[n].tf) is not None}
        return [self.task_forces[k] for k in sorted(found)]

    def task_forces_at(self, cell: int, side: int) -> list[TaskForce]:
        """``side``'s task forces located in ``cell``."""
        return self._side_task_forces(self._at[side].get(cell))

    def task_forces_toward(self, cell: int, side: int) -> list[TaskForce]:
        """``side``'s task forces whose objective is ``cell``."""
        return self._side_task_forces(self._toward[side].get(cell))

    def security_force(self, cell: int, side: int) -> list[UnitState]:
        """Every ``side`` unit located in ``cell`` in a hold posture (§3.3)."""
        numbers = self._at[side].get(cell)
        if not numbers:
            return []
        units = self.units
        return [u for n in sorted(numbers) if 10 <= (u := units[n]).posture < 20]  # (class 1)

    def engagement_of(self, unit: int) -> Engagement | None:
        """The engagement ``unit`` is in (the first to begin, should it be in two)."""
        engagements = self.engagements
        if isinstance(engagements, _Engagements):
            return engagements.of(unit)
        for e in engagements.values():
            if unit in e.attackers or unit in e.defenders:
                return e
        return None

    def engaged(self, unit: int) -> bool:
        return self.engagement_of(unit) is not None

    def tf_units(self, tf: TaskForce) -> list[UnitState]:
        return [self.units[n] for n in tf.units]

    def tf_status(self, tf: TaskForce) -> Status:
        return self.units[tf.units[0]].status

    def tf_engaged(self, tf: TaskForce) -> bool:
        engagements = self.engagements
        if isinstance(engagements, _Engagements):
            # A unit is engaged exactly when the index lists it (it keeps no empty entry).
            return not engagements.index.cells.keys().isdisjoint(tf.units)
        return any(self.engaged(n) for n in tf.units)

    # -- missions (§4.1) --------------------------------------------------------------------

    def _free_tf_number(self) -> int:
        n = 1
        while n in self.task_forces:
            n += 1
        return n

    def create_mission(
        self, side: int, units: Sequence[int], orders: Sequence[Order], mode: int = 0
    ) -> TaskForce:
        """Create a task force of ``units`` with a mission (§4.1).

        Raises:
            IllegalOrderError: a unit is not the side's, is destroyed, is already in a task
                force, the units do not share one status, or the transport mode is unknown.
        """
        if not units:
            raise IllegalOrderError("a task force needs at least one unit", rule=_RULE)
        if not orders:
            raise IllegalOrderError("a mission needs at least one order", rule=_RULE)
        members = []
        for n in units:
            u = self.units.get(n)
            if u is None or u.side != side:
                raise IllegalOrderError(f"unit {n} is not one of your units", rule="seed 000 §4")
            if u.posture == DESTROYED:
                raise IllegalOrderError(f"unit {n} is destroyed", rule="seed 000 §3.2.7")
            if u.tf is not None:
                raise IllegalOrderError(
                    f"unit {n} already belongs to task force {u.tf}; modify that mission",
                    rule="seed 000 §3",
                )
            members.append(u)
        if len(set(units)) != len(units):
            raise IllegalOrderError("a unit is listed twice", rule="seed 000 §3")
        statuses = {u.status for u in members}
        if len(statuses) > 1:
            listed = ", ".join(f"unit {u.number} {u.status}" for u in members)
            raise IllegalOrderError(
                f"the elements of a task force must have the same status: {listed}",
                rule="seed 000 §3",
            )
        self._check_mode(mode, members)
        tf = TaskForce(self._free_tf_number(), side, list(units), mode, list(orders))
        self.task_forces[tf.number] = tf
        for u in members:
            u.tf = tf.number
        self.schedule(tf)
        return tf

    def _check_mode(self, mode: int, members: Sequence[UnitState]) -> None:
        if mode == 0:
            return
        if len(members) < 2:
            raise IllegalOrderError(
                "a transport mode is selected only for a task force of several units",
                rule=_RULE,
            )
        classes = {self.design.trptcl[u.butype - 1] for u in members}
        if mode not in classes:
            raise IllegalOrderError(
                f"transport mode {mode}: no element has transport class {mode} "
                f"(classes present: {sorted(classes)})",
                rule="seed 000 §3.2.3.2",
            )

    def modify_mission(self, side: int, number: int, orders: Sequence[Order]) -> None:
        """Replace a mission's orders (§4.1); no orders cancels the mission."""
        tf = self.task_forces.get(number)
        if tf is None or tf.side != side:
            raise IllegalOrderError(f"you have no task force {number}", rule=_RULE)
        tf.orders = list(orders)
        if not tf.orders:
            self.note("mission", f"mission {number} canceled", _SIDE_SETS[side], level=1)
            self.dissolve(tf)
            return
        self.schedule(tf)

    def dissolve(self, tf: TaskForce) -> None:
        """End a task force: its number becomes free (§4.1)."""
        self.clock.cancel(tf.number)
        for n in tf.units:
            self.units[n].tf = None
        del self.task_forces[tf.number]
        status = self.units[tf.units[0]].status if tf.units else None
        if status is not None and status.posture_class in (2, 3, 4):
            self.note(
                "warning",
                f"task force {tf.number} ended its mission in posture {status.posture}: "
                "missions should end in posture class -1, 0 or 1",
                _SIDE_SETS[tf.side],
            )

    def constitute(self, unit: UnitState) -> TaskForce:
        """The task force of ``unit``, made for it alone if it has none (§3.3.2)."""
        if unit.tf is not None:
            return self.task_forces[unit.tf]
        tf = TaskForce(self._free_tf_number(), unit.side, [unit.number], 0, [])
        self.task_forces[tf.number] = tf
        unit.tf = tf.number
        return tf

    def passenger(self, unit: UnitState) -> bool:
        """§3.2.3.2: in a stacked task force, the elements that are not carriers (their
        transport class is not the task force's transport mode)."""
        if unit.tf is None:
            return False
        tf = self.task_forces[unit.tf]
        return tf.mode != 0 and self.design.trptcl[unit.butype - 1] != tf.mode

    def _detach(self, unit: UnitState) -> TaskForce:
        """``unit`` as a task force of its own, taken out of a larger one if need be."""
        if unit.tf is not None:
            tf = self.task_forces[unit.tf]
            if len(tf.units) == 1:
                return tf
            tf.units.remove(unit.number)
            unit.tf = None
            if tf.mode != 0 and all(self.passenger(self.units[n]) for n in tf.units):
                tf.mode = 0  # no carrier left
            self.schedule(tf)
        return self.constitute(unit)

    def force_order(self, unit: UnitState, order: Order) -> None:
        """Give ``unit`` alone the active ``order`` at the front of the queue (§5.3)."""
        tf = self._detach(unit)
        tf.orders[0:1] = [order]
        self.schedule_now(tf)

    def eliminate(self, unit: UnitState, why: str) -> None:
        """§5.3: 'it is assigned the mission whose only order declares -10 as the desired
        posture'."""
        tf = self._detach(unit)
        tf.orders = [Order(unit.location, DESTROYED)]
        self.schedule_now(tf)
        enemy = 3 - unit.side
        seen = self.observes(enemy, unit.location)
        self.note(
            "eliminated",
            f"unit {unit.number} ({unit.name}) is eliminated: {why}",
            _BOTH_SIDES if seen else _SIDE_SETS[unit.side],
            player_level=0,
            unit=unit.number,
        )

    def give_order(self, tf: TaskForce, order: Order, *, front: bool = False) -> None:
        """Make ``order`` the active order (replacing the active one) and reschedule."""
        if tf.orders:
            tf.orders[0] = order
        else:
            tf.orders.append(order)
        if front:
            self.schedule_now(tf)
        else:
            self.schedule(tf)

    # -- scheduling (§3.2) ------------------------------------------------------------------

    def delay(
        self,
        tf: TaskForce,
        present: Status,
        following: Status,
        kind: Any = _UNSET,
        fields: tuple[int, ...] = (),
    ) -> Delay:
        """The §3.2 delay of ``tf``'s change from ``present`` to ``following``.

        ``wait`` is a pure function of what it is given: the two statuses, the side, the
        transport mode, the elements (a march and a disengagement only), whether the task
        force is engaged and leaves a rearguard (a disengagement only), and the route and
        barrier types, which change only with File 60's maps at a cycle start. So a change
        met again with the same inputs (a task force marching on, another of the same make)
        takes the :class:`Delay` found before (immutable): :attr:`_delays`, from which a
        change of the maps drops those whose hexside's types are mapped anew
        (:meth:`apply_maps`)."""
        side = tf.side
        # Only a march (§3.2.3, §3.2.4) and a disengagement (§3.2.5) read the elements, and
        # only the disengagement whether the task force is engaged or leaves a rearguard.
        # The case of the change (classify, a function of the statuses' fields alone: kept
        # by them for the changes met again).
        # (``kind`` and ``fields``, when given, are that case and those fields, as
        # _after_of finds them)
        if kind is _UNSET:
            kind, fields = self._case(present, following)
        # (kept for xq, which asks for the same change's case when it occurs)
        tf.kind, tf.kind_from, tf.kind_to = kind, present, following
        disengaging = kind is None or kind is _DISENGAGEMENT_TO_MOVEMENT
        marching = disengaging or kind is _MOVEMENT_TO_ATTACK
        engaged = rearguard = False
        if disengaging:
            engagements = self.engagements
            engaged = (  # (tf_engaged, without its call)
                not engagements.index.cells.keys().isdisjoint(tf.units)
                if type(engagements) is _Engagements
                else self.tf_engaged(tf)
            )
            # (a unit of the security force, located there in a hold posture, that is not
            # the task force's: security_force's units, looked for without making their
            # list, nor any()'s generator)
            here = self._at[side].get(present.location)
            if here:
                members, units = tf.units, self.units
                for n in here:
                    if n not in members and 10 <= units[n].posture < 20:
                        rearguard = True
                        break
        # The elements by value (Element's fields as a plain tuple: a dataclass hashes and
        # compares in Python), made into Elements only to compute a delay not met before.
        values: tuple[Any, ...] = ()
        if marching:
            units = self.units
            found_values = []
            for n in tf.units:
                u = units[n]
                held = u.held
                if held is None or held[0] is not u.resources:
                    u.element()
                    held = u.held
                    assert held is not None
                found_values.append(held[2])
            values = tuple(found_values)
        key = (*fields, side, tf.mode, engaged, rearguard, values)
        found = self._delays.get(key)
        if found is None:
            if len(self._delays) >= _DELAYS_KEPT:
                self._delays.clear()
            elements = tuple(u.element() for u in self.tf_units(tf)) if marching else ()
            found = self._delays[key] = self._wait(
                tf, present, following, elements, engaged, rearguard
            )
        return found

    def _case(self, present: Status, following: Status) -> tuple[Any, tuple[int, ...]]:
        """classify's case of the change (``None`` where it has none: wait says why), kept
        in :attr:`_kinds` by the statuses' fields, and those fields."""
        fields = (
            present.location,
            present.posture,
            present.objective,
            following.location,
            following.posture,
            following.objective,
        )
        found: Any = self._kinds.get(fields, _UNSET)
        if found is _UNSET:
            try:
                found = classify(present, following)
            except InvalidInputError:
                found = None
            kinds = self._kinds
            if len(kinds) >= _TEXTS_KEPT:
                kinds.clear()
            kinds[fields] = found
        return found, fields

    def _wait(
        self,
        tf: TaskForce,
        present: Status,
        following: Status,
        elements: Sequence[Element],
        engaged: bool,
        rearguard: bool,
    ) -> Delay:
        return wait(
            present,
            following,
            s=tf.side,
            elements=elements,
            mode=tf.mode,
            grid=self.rules.grid,
            rtetype=self._rtetype_for_move,
            bartype=self.bartype,
            data=self.rules.movement,
            engaged=engaged,
            rearguard=rearguard,
            # §3.2.6's 'indefinite' attack delay is carried out by §3.3.2 step 4: the task
            # force reaches xq at once, which sets up the engagement and reschedules it to
            # t + inf (ruling in docs/rulings/idahex.md).
            defended=False,
        )

    def _rtetype_for_move(self, i: int, j: int) -> int:
        rt = self.rtetype(i, j)
        if rt == 0:
            raise _NoRouteError(i, j)
        return rt

    def _next(self, tf: TaskForce) -> Status | None:
        """The next status of ``tf``, popping completed orders; ``None``: mission done."""
        while tf.orders:
            status = self.tf_status(tf)
            try:
                nxt = next_status(status, tf.orders[0], self.rules.postures)
            except IllegalOrderError as e:
                self.note("warning", f"task force {tf.number}: {e}", _SIDE_SETS[tf.side])
                tf.orders.pop(0)
                continue
            if nxt is not None:
                return nxt
            tf.orders.pop(0)
        return None

    def schedule(
        self, tf: TaskForce, following: Status | None = None, present: Status | None = None
    ) -> None:
        """Schedule ``tf``'s next change of status from now (§3.2), or end its mission;
        ``following``, when given, is its next status, already found, and ``present``, when
        given, its status now (its units' status, as :meth:`tf_status` finds it)."""
        nxt = following if following is not None else self._next(tf)
        if nxt is None:
            self.note(
                "mission",
                f"task force {tf.number} accomplished its mission",
                _SIDE_SETS[tf.side],
                level=1,
                tf=tf.number,
            )
            self.dissolve(tf)
            return
        tf.next = nxt
        start = tf.orders[0].start
        if start is not None:
            if start > self.t:
                # §4.1: 'execution does not begin until the current time equals or exceeds
                # the start time'; the delay is computed when it begins.
                self.clock.schedule(tf.number, start, Priority.STATUS_CHANGE)
                return
            self._consume_start(tf)
        if present is None:
            present = self.units[tf.units[0]].status  # (tf_status)
        try:  # (_delay_or_no_route, without its call)
            d = self.delay(tf, present, nxt)
        except _NoRouteError as e:
            d = _no_route(e)
        value = d.value
        if value == math.inf or d.warning:
            self._delay_notes(tf, d, present, nxt)
        else:
            tf.warned = None
        self.clock.schedule_status_change_in(tf.number, value, present.posture)

    def _delay_notes(self, tf: TaskForce, d: Delay, present: Status, nxt: Status) -> None:
        """The warnings of a delay scheduled (an infinite one's reason, once until the task
        force is scheduled with a finite delay; the delay's own warning)."""
        if d.value == math.inf:  # (not d.finite: a delay is a number >= 0 or +inf)
            if d.reason and tf.warned != d.reason:
                tf.warned = d.reason
                self.note(
                    "warning",
                    f"task force {tf.number} cannot go from {present} to {nxt}: {d.reason} "
                    f"(seed 000 §{d.section})",
                    _SIDE_SETS[tf.side],
                    player_level=0,
                )
        else:
            tf.warned = None
        if d.warning:
            self.note("warning", d.warning, _NO_SIDE, level=1, player_level=None)

    def _delay_or_no_route(self, tf: TaskForce, present: Status, nxt: Status) -> Delay:
        try:
            return self.delay(tf, present, nxt)
        except _NoRouteError as e:
            return _no_route(e)

    def _consume_start(self, tf: TaskForce) -> None:
        active = tf.orders[0]
        if active.start is not None:
            tf.orders[0] = Order(active.objective, active.posture)

    def schedule_now(self, tf: TaskForce) -> None:
        """'Schedule its next change of status for time t' and put it at the front (§3.3)."""
        nxt = self._next(tf)
        if nxt is None:
            self.dissolve(tf)
            return
        tf.next = nxt
        self._consume_start(tf)
        self.clock.schedule_front(tf.number)

    def postpone(self, tf: TaskForce) -> None:
        """Reschedule ``tf`` to ``t + inf``: it waits for combat or a tactical situation."""
        self.clock.schedule_status_change(tf.number, math.inf, self.tf_status(tf).posture)

    def requeue(self, tf: TaskForce) -> None:
        """Put the task force being executed back, behind those just placed ahead of it and
        whatever else is due now."""
        self.clock.schedule(tf.number, self.t, Priority.RETRY)

    # -- running ----------------------------------------------------------------------------

    def run_to_decision(self) -> Break | None:
        """Let events occur until the next period start; ``None`` at the end of the game.

        A cycle start reads File 60 and tells the players of every map change.
        """
        while True:
            stop = self._next_stop()
            if stop is None or stop.kind is BreakKind.PERIOD_START:
                return stop
            self._cycle_start(stop.number)

    def _next_stop(self) -> Break | None:
        # (the status changes through the instance's _occur, which a benchmark may wrap;
        # without the events' keys, which _occur does not read)
        return self.clock.next_stop(self._occur, self._frame_end, keys=False)  # type: ignore[arg-type]

    def _cycle_start(self, cycle: int) -> None:
        changes = self.apply_maps(cycle)
        for text in changes:
            self.note("maps", f"cycle {cycle}: {text}", _BOTH_SIDES, level=1, player_level=0)

    def _frame_end(self, b: Break) -> None:
        for cell in sorted(self.engagements):
            e = self.engagements.get(cell)
            if e is not None:
                self.combat.assess(self, e)
        if self.supply_step is not None:
            self.supply_step(self)

    def _occur(self, key: Key | None, number: int) -> None:
        tf = self.task_forces.get(number)
        if tf is None:
            return
        nxt = tf.next
        orders = tf.orders
        if nxt is None or not orders:
            self.schedule(tf)
            return
        if orders[0].start is not None:
            # The start time has come: execution of the order begins now (§4.1).
            self.schedule(tf)
            return
        u = self.units[tf.units[0]]
        present = u.status_  # (tf_status: the status the unit keeps, else made)
        if present is None:
            present = u.status
        pp, np_ = present.posture, nxt.posture
        # _pursuit's first two answers asked here, without its call: no pursuit within a
        # posture class, nor without an enemy unit in the cell (the usual case).
        if (
            np_ // 10 != pp // 10
            and self._at[3 - tf.side].get(present.location)
            and self._pursuit(tf, present, nxt)
        ):
            return
        # _xq, without its call.
        if pp < 10 <= np_:  # (activation: nxt active, present not)
            if self._activation_blocked(tf, nxt):
                return
            self.enter(tf, nxt, present)
            return
        if np_ < 10:  # (not nxt.active)
            self.enter(tf, nxt, present)
            return
        kind = tf.kind
        if kind is None or tf.kind_from is not present or tf.kind_to is not nxt:
            kind = classify(present, nxt)
        if kind is _OCCUPATION:
            # _attack's usual case asked here: a task force not engaged, no enemy unit at
            # po, and po either an engagement's cell or its own side's (where step 2's
            # arrivals are not asked) occupies po at once; everything else goes to _attack,
            # which asks the same again.
            po, side = present.objective, tf.side
            engagements = self.engagements
            if (
                (
                    engagements.index.cells.keys().isdisjoint(tf.units)
                    if type(engagements) is _Engagements
                    else not self.tf_engaged(tf)
                )
                and not self._at[3 - side].get(po)
                and (po in engagements or self.owner.get(po) == side)
            ):
                self.enter(tf, nxt, present)
                return
            self._attack(tf, present, nxt)
            return
        if (
            kind is _HOLD_TO_DISENGAGEMENT
            # (_counterattack_refused answers no at once without an engagement here)
            and present.location in self.engagements
            and self._counterattack_refused(tf, present, nxt)
        ):
            return
        self.enter(tf, nxt, present)

    # -- xq (§3.3) --------------------------------------------------------------------------

    def _xq(self, tf: TaskForce, present: Status, nxt: Status) -> None:
        if present.posture < 10 <= nxt.posture:  # (activation: nxt active, present not)
            if self._activation_blocked(tf, nxt):
                return
            self.enter(tf, nxt, present)
            return
        if nxt.posture < 10:  # (not nxt.active)
            self.enter(tf, nxt, present)
            return
        # The case found with the change's delay, if it was found for these very statuses
        # (classify is a function of their fields alone).
        kind = tf.kind
        if kind is None or tf.kind_from is not present or tf.kind_to is not nxt:
            kind = classify(present, nxt)
        if kind is TransitionKind.OCCUPATION:
            self._attack(tf, present, nxt)
            return
        if kind is TransitionKind.HOLD_TO_DISENGAGEMENT and self._counterattack_refused(
            tf, present, nxt
        ):
            return
        self.enter(tf, nxt, present)

    def _pursuit(self, tf: TaskForce, present: Status, nxt: Status) -> bool:
        """§3.3.1: may not enter the next status sooner than ``eps/4`` after an enemy task
        force with the same status and next status that entered the posture class first."""
        if nxt.posture // 10 == present.posture // 10:  # (the same posture class)
            return False
        if not self._at[3 - tf.side].get(present.location):
            return False  # (no enemy unit here: the usual case, asked first)
        others = self.task_forces_at(present.location, 3 - tf.side)
        mine = min(self.units[n].tentry for n in tf.units)
        latest = -math.inf
        for other in others:
            if other.next is None:
                continue
            o = self.tf_status(other)
            onext = other.next
            if (
                o.location == present.location
                and o.posture_class == present.posture_class
                and o.objective == present.objective
                and onext.location == nxt.location
                and onext.posture_class == nxt.posture_class
                and onext.objective == nxt.objective
                and mine > min(self.units[n].tentry for n in other.units)
            ):
                k = self.clock.queue.key(other.number)
                if k is not None:
                    latest = max(latest, k.time)
        if latest == -math.inf:
            return False
        self.clock.schedule_status_change(tf.number, latest + self.clock.eps / 4, present.posture)
        return True

    def _activation_blocked(self, tf: TaskForce, nxt: Status) -> bool:
        """§3.3.5: no activation in a cell the enemy owns or where active enemy units are."""
        cell = nxt.location
        enemy = 3 - tf.side
        if self.owner.get(cell) != enemy and not self.units_at(cell, enemy):
            return False
        why = "is owned by the enemy" if self.owner.get(cell) == enemy else "holds enemy units"
        self.note(
            "warning",
            f"task force {tf.number} cannot become active in cell {cell}: the cell {why}",
            _SIDE_SETS[tf.side],
            player_level=0,
        )
        self.postpone(tf)
        return True

    def _attack(self, tf: TaskForce, present: Status, nxt: Status) -> None:
        """§3.3.2: task force ``tf`` of side ``sa`` completes an attack from ``pl`` on ``po``."""
        sa, sd = tf.side, 3 - tf.side
        pl, po = present.location, present.objective
        t = self.t
        # Step 1 (Step 6 if already engaged).
        if self.tf_engaged(tf):
            self._occupy_after_engagement(tf, nxt, po, sd)
            return
        if not self._at[sd].get(po):
            # No enemy unit located at po (the usual case): no meeting engagement (step 1),
            # no defender (steps 3 to 5 find no unit there, and step 6's base is not lost):
            # step 2's arrivals decide, then the task force occupies po.
            if (
                po not in self.engagements
                and self.owner.get(po) != sa
                and self._arrivals_ahead(tf, po, sd)
            ):
                return
            self.enter(tf, nxt, present)
            return
        meeting = [
            o
            for o in self.task_forces_at(po, sd)
            if (s := self.tf_status(o)).location == po
            and s.posture_class in (2, 3, 4)
            and s.objective == pl
        ]
        if meeting:
            up = self.rules.postures.up
            for o in meeting:
                post = self.tf_status(o).posture
                pc = post // 10
                want = up(post) if pc == 4 else up(up(post)) if pc == 3 else up(up(up(post)))
                self.give_order(o, Order(po, want), front=True)
            self.requeue(tf)
            return
        # Step 2.
        if po not in self.engagements:
            if self.owner.get(po) != sa and self._arrivals_ahead(tf, po, sd):
                return
            # Step 3.
            if not self.units_at(po, sd):
                self.enter(tf, nxt)
                return
            defenders = [u for u in self.security_force(po, sd) if u.posture != self.rules.itrfp]
            if not defenders and self._transfer_posture_defence(tf, po, pl, sa, sd):
                return
        # Step 4.
        if self.security_force(po, sd):
            if self.owner.get(pl) == sd:
                tf.orders[0:1] = [Order(pl, DESTROYED)]
                tf.next = self._next(tf)
                self.clock.schedule_front(tf.number)
                self.note(
                    "destroyed",
                    f"task force {tf.number} attacked cell {po} while the enemy took its "
                    f"base, cell {pl}: its units are lost",
                    [sa, sd],
                )
                return
            self._join_engagement(tf, po, sd)
            self.postpone(tf)
            return
        # Step 5.
        for u in self.units_at(po, sd):
            if u.pc == PostureClass.MOVEMENT and u.tentry > t - self.design.delta:
                up = self.rules.postures.up
                u.posture = up(up(up(u.posture)))
                self.note(
                    "posture",
                    f"unit {u.number} reverts to disengaging (posture {u.posture}): the "
                    f"enemy reached cell {po} as it began to move",
                    [sd],
                )
        disengaging = [u for u in self.units_at(po, sd) if u.pc == PostureClass.DISENGAGEMENT]
        if disengaging:
            e = self._engagement(po, sa)
            e.defenders.update(u.number for u in disengaging)
            e.attackers.update(tf.units)
            for u in disengaging:
                if u.tf is not None:
                    self.schedule(self.task_forces[u.tf])
        self._destroy_engaged_attackers_at(po, sd)
        self.enter(tf, nxt)

    def _arrivals_ahead(self, tf: TaskForce, po: int, sd: int) -> bool:
        """§3.3.2 step 2: enemy task forces arriving at ``po`` within ``eps`` go to the front
        of the queue and ``tf`` retries after them; whether there were any."""
        t, eps = self.t, self.clock.eps
        arriving = [
            o
            for o in self.task_forces_toward(po, sd)
            if (s := self.tf_status(o)).objective == po
            and s.posture_class in (3, 4)
            and s.location != po
            and (k := self.clock.queue.key(o.number)) is not None
            and k.time <= t + eps
        ]
        if not arriving:
            return False
        for o in arriving:
            self.clock.schedule_front(o.number)
        self.requeue(tf)
        return True

    def _occupy_after_engagement(self, tf: TaskForce, nxt: Status, po: int, sd: int) -> None:
        """§3.3.2 Step 6."""
        self._destroy_engaged_attackers_at(po, sd)
        self.enter(tf, nxt)

    def _destroy_engaged_attackers_at(self, cell: int, side: int) -> None:
        """Side ``side`` units in ``cell`` attacking in an engagement lose their base: order
        -10 at the front of the queue (§3.3.2 steps 5 and 6)."""
        for u in self.units_at(cell, side):
            if u.pc == PostureClass.ATTACK and self.engaged(u.number):
                o = self.constitute(u)
                o.orders = [Order(cell, DESTROYED)]
                self.schedule_now(o)

    def _transfer_posture_defence(self, tf: TaskForce, po: int, pl: int, sa: int, sd: int) -> bool:
        """§3.3.2 Step 3 with no other hold defenders; whether ``tf`` must wait."""
        t, eps = self.t, self.clock.eps
        itrfp = self.rules.itrfp
        s_units = [u for u in self.units_at(po, sd) if u.posture == itrfp]
        touched: list[TaskForce] = []
        if s_units:
            for u in s_units:
                if u.tf is None:
                    o = self.constitute(u)
                    o.orders = [Order(po, 10)]
                    self.schedule(o)
            for o in self._task_forces((u.number for u in s_units), sd):
                active = o.orders[0] if o.orders else None
                if active is not None and active.start is not None and active.start > t:
                    o.orders[0] = Order(active.objective, active.posture, t)
                    self.schedule(o)
                k = self.clock.queue.key(o.number)
                if (
                    active is not None
                    and active.objective == po
                    and active.posture_class is PostureClass.HOLD
                    and k is not None
                    and k.time <= t + eps
                ):
                    self.clock.schedule_front(o.number)
                    touched.append(o)
            if touched:
                self.requeue(tf)
                return True
            return False
        candidates = [
            o
            for o in self.task_forces_at(po, sd)
            if (s := self.tf_status(o)).location == po
            and self.owner.get(s.objective) == sa
            and self.units_at(s.objective, sa)
        ]
        for o in candidates:
            present = self.tf_status(o)
            trial = next_status(present, Order(po, 10), self.rules.postures)
            if trial is None:
                continue
            d = self._delay_or_no_route(o, present, trial)
            if d.value <= eps:
                o.orders[0:1] = [Order(po, 10)]
                self.schedule_now(o)
                touched.append(o)
        if touched:
            self.requeue(tf)
            return True
        return False

    def _engagement(self, cell: int, attacker: int) -> Engagement:
        e = self.engagements.get(cell)
        if e is None:
            e = Engagement(cell, attacker, Members(), Members(), self.t)
            self.engagements[cell] = e
            self.note(
                "engagement",
                f"engagement begins at cell {cell}",
                _BOTH_SIDES,
                player_level=0,
                cell=cell,
            )
        return e

    def _join_engagement(self, tf: TaskForce, po: int, sd: int) -> None:
        """§3.3.2 Step 4: set up (or join) the engagement at ``po``.

        When the engagement at ``po`` is the enemy's attack on it, ``tf`` waits for it to end
        (docs/rulings/idahex.md, "Joining an engagement").
        """
        present = self.engagements.get(po)
        if present is not None and present.attacker == sd:
            present.waiting.add(tf.number)
            return
        e = self._engagement(po, tf.side)
        e.attackers.update(tf.units)
        e.defenders.update(
            u.number
            for u in self.units_at(po, sd)
            if u.pc in (PostureClass.HOLD, PostureClass.DISENGAGEMENT)
        )
        for n in e.defenders:
            u = self.units[n]
            if u.pc == PostureClass.DISENGAGEMENT and u.tf is not None:
                self.schedule(self.task_forces[u.tf])

    def _counterattack_refused(self, tf: TaskForce, present: Status, nxt: Status) -> bool:
        """§3.3.4: defenders disengaging toward attackers' cell ``j``; whether ``xq`` returns
        without executing the transition."""
        e = self.engagements.get(present.location)
        if e is None or e.attacker == tf.side or not set(tf.units) <= e.defenders:
            return False
        j, i = nxt.objective, present.location
        attackers = [self.units[n] for n in e.attackers if self.units[n].location == j]
        if not attackers:
            return False
        s, s2 = tf.side, 3 - tf.side
        rsvala, rsvald = self.combat.standard_values(s)
        rsvala2, rsvald2 = self.combat.standard_values(s2)
        mine = sum((u.resources for u in self.tf_units(tf)), np.zeros_like(rsvala))
        theirs = sum((u.resources for u in attackers), np.zeros_like(rsvala2))
        f0, g0 = exact.dot(rsvala, mine), exact.dot(rsvald, mine)
        f1, g1 = exact.dot(rsvala2, theirs), exact.dot(rsvald2, theirs)
        stronger = f0 * g0 > f1 * g1  # f0/g1 > f1/g0 with both denominators nonnegative
        self.note(
            "counterattack",
            f"task force {tf.number} counterattacks toward cell {j}: "
            f"{'stronger' if stronger else 'not stronger'} than the attackers there "
            f"(f0 = {f0:.4g}, g0 = {g0:.4g}, f1 = {f1:.4g}, g1 = {g1:.4g})",
            [s],
            f0=f0,
            g0=g0,
            f1=f1,
            g1=g1,
        )
        if not stronger:
            tf.orders[0:1] = [Order(i, 10)]
            self.schedule_now(tf)
            return True
        for u in attackers:
            o = self.constitute(u)
            o.orders[0:1] = [Order(j, 10)]
            self.schedule_now(o)
        self.requeue(tf)
        return True

    # -- entering a status ------------------------------------------------------------------

    def enter(self, tf: TaskForce, nxt: Status, present: Status | None = None) -> None:
        """Let ``tf`` enter ``nxt``: status, ``tentry`` (§3.3.6), ownership, engagements
        (§3.3.7), the security force (§3.3.3), deliveries (§4.2.2); then schedule on.
        ``present``, when given, is its status now (as :meth:`tf_status` finds it)."""
        units = self.units
        if present is None:
            present = units[tf.units[0]].status  # (tf_status)
        # What the rules ask of this change that its two statuses alone decide (_Change):
        # kept with the next status found when the task force was scheduled, else by the
        # statuses' ids.
        before = tf.after
        if before is not None and before.status is present and before.following is nxt:
            c = before.change
            if c is None:
                c = before.change = self._change_of(present, nxt)
        else:
            c = self._change_of(present, nxt)
        pl, nl, np_, no = present.location, nxt.location, nxt.posture, nxt.objective
        side = tf.side
        members = tf.units
        # §3.3.6's tentry where a class is entered in its usual cases (_set_tentry's, without
        # its call and list), and each unit's new status (_move, without its call: the
        # units of a task force are its side's). A unit's memo is emptied and its side's
        # version bumped once for each field that changes, tentry and status alike (two
        # bumps at once where both change: the same counts, one empty memo made).
        tentry = c.tentry
        if tentry == _TENTRY_CALL:
            self._set_tentry(tf, present, nxt)
            tentry = _TENTRY_KEEP
        t = self.clock.t
        at, toward = self._at[side], self._toward[side]
        for n in members:
            u = units[n]
            bumps = 0
            if tentry != _TENTRY_KEEP:
                old = u.tentry
                # (max(t, old) without its call: max keeps its first argument unless the
                # second is greater)
                value = t if tentry == _TENTRY_AT_T or not old > t else old
                _set_tentry(u, value)
                if type(old) is not type(value) or old != value:
                    bumps = 1
            was_at, was_in, was_toward = u.location, u.posture, u.objective
            _set_location(u, nl)
            _set_posture(u, np_)
            _set_objective(u, no)
            _set_status(u, nxt)
            if not (
                type(was_at) is type(nl)
                and type(was_in) is type(np_)
                and type(was_toward) is type(no)
                and was_at == nl
                and was_in == np_
                and was_toward == no
            ):
                _set_memo(u, {})
                versions = u.versions
                versions[side] += bumps + 1
                versions[side + 2] += 1
            elif bumps:
                _set_memo(u, {})
                u.versions[side] += 1
            # (the indexes change only where the cell does: an equal number is the same
            # key; every reader sorts the sets or asks only whether they hold a unit)
            # (_reindex, without its call)
            if was_at != nl:
                at[was_at].discard(n)
                found = at.get(nl)
                if found is None:
                    at[nl] = {n}
                else:
                    found.add(n)
            if was_toward != no:
                toward[was_toward].discard(n)
                found = toward.get(no)
                if found is None:
                    toward[no] = {n}
                else:
                    found.add(n)
        if c.occupying and self.owner.get(nl) != side:
            self.owner[nl] = side
            self.owner_changes += 1
            self.note(
                "owner",
                f"cell {nl} is now owned by {'Red' if side == 1 else 'Blue'}",
                _BOTH_SIDES,
                player_level=0,
                cell=nl,
            )
        if c.advisory:
            self.note(
                "advisory",
                f"inactive task force {tf.number} changed location from cell {pl} to cell {nl}",
                _NO_SIDE,
                player_level=None,
            )
        # The status note, to the designer's report (level 1) and the side's player (level
        # 5) if significant, else to the report from level 7 alone: a note the game's
        # reporter would keep goes straight to its log (log_note) with what the reporter
        # would give it -- who sees it (the side's name for its player, else nobody) and its
        # data, a tf number and a text, both plain; one it would drop is not even written.
        # The statuses written as Status.__str__ writes them, once for the change.
        log_note = self.log_note
        if log_note is None:
            level, player_level = (1, 5) if c.significant else (7, None)
            if audience(self.design.iprint, level, player_level, True) is not None:
                self.report(
                    Note(
                        "status",
                        f"task force {tf.number} (units "
                        f"{str(members[0]) if len(members) == 1 else ', '.join(map(str, members))}"
                        f"): {c.said}",
                        _SIDE_SETS[side],
                        level,
                        player_level,
                        {"tf": tf.number, "status": c.text},
                    )
                )
        else:
            # Who sees it, found once per iprint (audience's answers); the task force's name
            # is kept while its units are the same.
            told = self._status_seen
            if told[0] != self.design.iprint:
                told = self._told(self.design.iprint)
            seen = told[1][side if c.significant else 0]
            if seen is not None:
                named = tf.named
                if named is None or named[0] != members or named[1] != tf.number:
                    tf.named = named = (
                        list(members),
                        tf.number,
                        f"task force {tf.number} (units "
                        f"{str(members[0]) if len(members) == 1 else ', '.join(map(str, members))}"
                        "): ",
                    )
                log_note(t, "status", named[2] + c.said, seen, _STATUS_KEYS, (tf.number, c.text))
        # §3.3.7 (_engagement_changes, without its call).
        if c.leaving:
            engagements = self.engagements
            if (  # (tf_engaged, without its call: else _leave_engagements has nothing to leave)
                not engagements.index.cells.keys().isdisjoint(members)
                if type(engagements) is _Engagements
                else self.tf_engaged(tf)
            ):
                self._leave_engagements(tf)
        elif c.defending:
            e = self.engagements.get(nl)
            if e is not None and e.attacker != side:
                e.defenders.update(members)
        if (
            c.guarding  # was holding, now destroyed, inactive or disengaging
            # (_security_force_gone does nothing where no enemy unit has the cell as its
            # objective: it finds no attackers)
            and self._toward[3 - side].get(pl)
            and not self.security_force(pl, side)
        ):
            self._security_force_gone(pl, side)
        tf.next = None
        orders = tf.orders
        if orders:
            # next_status of a status and order met before, with the case of the change and
            # the fields its delay is kept by (see _after_of): linked from the entry the task
            # force was scheduled with where that was the change to nxt under the same order,
            # else from the memo.
            order: Order | None = orders[0]
            if before is not None and before.following is nxt and before.order is order:
                after = before.then
                if after is None:
                    after = before.then = self._after_for(nxt, orders[0])
            else:
                after = self._after_for(nxt, orders[0])
            following = after.following
        else:
            order = following = after = None
        completed = order is not None and following is None
        if completed:
            orders.pop(0)
        if c.transfer and self.delivery_step is not None:
            waits_for_command = not tf.orders or (
                completed
                and tf.orders[0].start is not None
                and tf.orders[0].start > self.t  # §4.2.2 conditions (1) and (2)
            )
            if not waits_for_command:
                self.delivery_step(self, tf)
        if tf.number in self.task_forces:
            # The next status is that of the active order from nxt, as schedule's _next
            # finds it, where nothing since changed the task force's status (an engagement's
            # end, a delivery may: tf_status's status as the unit keeps it, which was
            # dropped where its fields were set since): the one found above for the same
            # order, else (the order completed, or another made active) the memo's for the
            # order now active. Where that order is complete or cannot be executed from
            # nxt, _next pops it (with its warning): schedule does all of it.
            orders = tf.orders
            if orders and units[members[0]].status_ is nxt:
                first = orders[0]
                if first is not order:
                    after = self._after.get((id(nxt), id(first)))
                    if after is None:
                        try:
                            after = self._after_of(nxt, first)
                        except IllegalOrderError:
                            after = None  # (schedule's _next warns and pops it)
                if after is not None and (following := after.following) is not None:
                    if first.start is None:
                        # schedule(tf, following, nxt) without its call (no start time to
                        # wait for), the delay with the case and fields found for the change,
                        # or the one found before where the statuses alone decide it (as
                        # delay leaves them, the case kept for xq).
                        tf.next = following
                        tf.after = after
                        d = after.delay
                        if d is not None:
                            tf.kind, tf.kind_from, tf.kind_to = after.kind, nxt, following
                        else:
                            try:
                                d = self.delay(tf, nxt, following, after.kind, after.fields)
                            except _NoRouteError as e:
                                d = _no_route(e)
                            if after.alone:
                                after.delay = d
                        value = d.value
                        if value == math.inf or d.warning:
                            self._delay_notes(tf, d, nxt, following)
                        else:
                            tf.warned = None
                        self.clock.schedule_status_change_in(tf.number, value, np_)
                    else:
                        self.schedule(tf, following, nxt)
                    return
            self.schedule(tf)

    def _change_of(self, present: Status, nxt: Status) -> _Change:
        """The :class:`_Change` from ``present`` to ``nxt``, kept in :attr:`_changes` by the
        statuses' ids (the entry holds both, so neither id is another's while it is kept)."""
        found: _Change | None = self._changes.get((id(present), id(nxt)))
        if found is not None:
            return found
        found = _Change(present, nxt, self.design.itrfp)
        kept = self._changes
        if len(kept) >= _TEXTS_KEPT:
            kept.clear()
        kept[id(present), id(nxt)] = found
        return found

    def _after_for(self, status: Status, order: Order) -> _After:
        """The :class:`_After` of ``status`` under ``order``: the memo's, else made."""
        found: _After | None = self._after.get((id(status), id(order)))
        return self._after_of(status, order) if found is None else found

    def _after_of(self, status: Status, order: Order) -> _After:
        """What :meth:`enter` needs of the change after ``status`` under ``order``, kept in
        :attr:`_after` by the two objects' ids (the entry holds both, so neither id is
        another's while it is kept): the status and order, :func:`next_status` of them
        (a function of their fields and the design's postures alone), the §3.2 case of the
        change to it (classify, ``None`` where it has none) and the statuses' fields, as
        :meth:`delay` keeps the change by (:class:`_After`)."""
        following = next_status(status, order, self.rules.postures)
        kind: Any = None
        fields: tuple[int, ...] = ()
        if following is not None:
            kind, fields = self._case(status, following)
        after = _After(status, order, following, kind, fields)
        kept = self._after
        if len(kept) >= _TEXTS_KEPT:
            kept.clear()
        kept[id(status), id(order)] = after
        return after

    def _told(self, iprint: int) -> tuple[int, tuple[frozenset[str] | None, ...]]:
        """Who sees a status note at ``iprint`` (:attr:`_status_seen`): §8's print level
        (:func:`audience`) on a significant note (level 1, the side's player from 5) and on
        one that is not (level 7, no player)."""
        heard = audience(iprint, 1, 5, True)
        sig = [None if heard is None else _SEEN_BY_SIDE[s] if heard else _NOBODY for s in (1, 2)]
        other = audience(iprint, 7, None, True)
        told = (iprint, (None if other is None else _NOBODY, *sig))
        self._status_seen = told
        return told

    def _set_tentry(self, tf: TaskForce, present: Status, nxt: Status) -> None:
        """§3.3.6 Virtual time of posture class entry."""
        # Posture classes as their numbers, posture // 10 (-1 for -10).
        ppc, npc = present.posture // 10, nxt.posture // 10
        pl, po = present.location, present.objective
        # An abort toward pl from an attack posture stays in class 4; it is still the
        # manual's "remaining case" (ruling in docs/rulings/idahex.md, §3.3.6).
        aborting = npc == 4 and nxt.objective == pl != po
        if npc == ppc and not aborting:
            return
        t = self.t
        units = list(map(self.units.__getitem__, tf.units))  # (tf_units)
        if npc in (2, 3):  # disengagement, movement
            for u in units:
                u.set_tentry(t)
            return
        if npc == 1 or (npc == 4 and nxt.objective != pl):
            for u in units:
                u.set_tentry(max(t, u.tentry))
            return
        if npc != 4:
            return  # nonpositive classes: tentry is not used
        threatened = any(
            (s := self.tf_status(o)).objective == pl
            and s.location != po
            and s.posture_class in (2, 3, 4)
            for o in self.task_forces_toward(pl, 3 - tf.side)
        )
        if not threatened or ppc == 2:
            for u in units:
                u.set_tentry(max(t, u.tentry))
        elif ppc == 3:
            for u in units:
                u.set_tentry(max(t + (t - u.tentry), t))
        elif ppc == 4:
            back = self._delay_or_no_route(
                tf, Status(po, 30, pl), Status(po, self.rules.postures.up(30), pl)
            )
            for u in units:
                u.set_tentry(t + back.value)

    def _engagement_changes(self, tf: TaskForce, present: Status, nxt: Status) -> None:
        """§3.3.7 Engagement termination; holds entering an engaged cell join its defence."""
        ppc, npc = present.posture // 10, nxt.posture // 10  # (the classes' numbers)
        leaving = (
            (ppc == 2 and npc == 3)  # disengagement to movement
            or nxt.posture < 10  # (not active)
            or (npc == 4 and nxt.objective == present.location != present.objective)
            or (ppc == 4 and nxt.location == present.location and npc == 1)
        )
        if leaving:
            self._leave_engagements(tf)
            return
        e = self.engagements.get(nxt.location)
        if e is not None and e.attacker != tf.side and npc in (1, 2):
            e.defenders.update(tf.units)

    def _leave_engagements(self, tf: TaskForce) -> None:
        engagements = self.engagements
        if not self.tf_engaged(tf):
            return  # (no engagement lists its units: nothing to leave)
        listed = (
            engagements.among(tf.units)
            if isinstance(engagements, _Engagements)
            else list(engagements.items())
        )
        for cell, e in listed:
            members = set(tf.units)
            if not members & (e.attackers | e.defenders):
                continue
            e.attackers -= members
            e.defenders -= members
            if e.attackers and e.defenders:
                continue
            self.end_engagement(cell)

    def end_engagement(self, cell: int) -> None:
        """Terminate the engagement at ``cell`` and let its survivors move on (§3.3.7)."""
        e = self.engagements.pop(cell)
        self.note("engagement", f"engagement at cell {cell} ends", _BOTH_SIDES, player_level=0)
        for n in sorted(e.attackers | e.defenders):
            u = self.units[n]
            if u.tf is None or u.tf not in self.task_forces:
                continue
            o = self.task_forces[u.tf]
            k = self.clock.queue.key(o.number)
            nxt = self._next(o)
            if nxt is None:
                self.dissolve(o)
                continue
            o.next = nxt
            d = self._delay_or_no_route(o, self.tf_status(o), nxt)
            t1 = self.t + d.value
            t0 = math.inf if k is None else k.time
            self.clock.schedule_status_change(o.number, min(t0, t1), self.tf_status(o).posture)
        for number in sorted(e.waiting):
            if number in self.task_forces:
                self.schedule_now(self.task_forces[number])

    def _security_force_gone(self, cell: int, side: int) -> None:
        """§3.3.3 Disappearance of a security force from ``cell``."""
        if self.owner.get(cell) != side:
            return
        attackers = [
            o
            for o in self.task_forces_toward(cell, 3 - side)
            if (s := self.tf_status(o)).posture_class is PostureClass.ATTACK
            and s.objective == cell
            and s.location != cell
        ]
        if not attackers:
            return
        for o in self.task_forces_at(cell, side):
            s = self.tf_status(o)
            if s.location == cell and s.posture_class is PostureClass.DISENGAGEMENT:
                self.schedule(o)
        for o in attackers:
            while o.orders:
                present = self.tf_status(o)
                nxt = next_status(present, o.orders[0], self.rules.postures)
                if nxt is not None and not (
                    nxt.posture_class is PostureClass.ATTACK and nxt.objective == cell
                ):
                    o.next = nxt
                    self.clock.schedule_front(o.number)
                    break
                o.orders.pop(0)
            if not o.orders:
                self.dissolve(o)

    # -- supplies (§7) ----------------------------------------------------------------------

    def abort_if_unsupplied(self, tf: TaskForce) -> None:
        """§7: a moving task force that has run out of supplies reverts to a hold in place if
        its movement delay, were it starting now, would be infinite."""
        s = self.tf_status(tf)
        if s.posture_class is not PostureClass.MOVEMENT:
            return
        moving = Status(s.location, self.rules.postures.up(s.posture), s.objective)
        d = self._delay_or_no_route(tf, s, moving)
        if d.value >= INFINITE_DELAY:
            tf.orders = [Order(s.location, 10)]
            self.note(
                "supplies",
                f"task force {tf.number} has run out of supplies and stops its movement "
                f"toward cell {s.objective}",
                _SIDE_SETS[tf.side],
                player_level=0,
            )
            self.schedule(tf)


class _NoRouteError(Exception):
    def __init__(self, i: int, j: int) -> None:
        super().__init__(f"no route between cells {i} and {j}")
        self.i, self.j = i, j


def _no_route(e: _NoRouteError) -> Delay:
    """The infinite delay of a change of status whose route the design data do not give."""
    return Delay(
        math.inf, f"the design data give no route between cells {e.i} and {e.j}", {}, "3.2.3"
    )
