"""Game time and the event queue (seed 000, §2.3 and §3.3).

§2.3: time runs from ``tinit`` to ``tend`` and is divided into equal cycles, the cycles into
equal periods and the periods into equal frames. A *break* occurs at the start of each cycle
(air strike specifications), the start of each period (commands) and the end of each frame
(engagements and supplies consumption). An *event* is a break or a change of a unit's status;
IDAHEX advances ``t`` from event to event.

* :class:`Timing` holds and validates the five time parameters and does the frame, period and
  cycle arithmetic. Every break lies on the lattice ``tinit + k * tframe`` (computed by
  multiplication, never accumulated), so a cycle start is exactly a period start and a frame
  end, with no floating-point drift.
* :class:`EventQueue` is a heap keyed ``(time, priority, seq)`` (SimPy style): at equal times
  the priority decides, and the sequence number makes every remaining tie resolve the same
  way, in scheduling order. §3.3: 'A change of status by a task force in the attack posture
  class comes after a change of status by a task force in another posture class if both
  events are scheduled for the same time.'
* :class:`Clock` keeps ``t``, the queue and the breaks; :meth:`Clock.advance` lets one event
  occur and :meth:`Clock.next_stop` runs to the next decision point (a cycle or period start):
  the engine's event loop.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field, fields
from enum import Enum, IntEnum
from typing import Generic, NamedTuple, TypeVar

from hexwar.core.errors import InvalidInputError, Problem

__all__ = [
    "Break",
    "BreakKind",
    "Clock",
    "EventQueue",
    "Key",
    "Priority",
    "Timing",
    "status_change_priority",
]

# How far a ratio of lengths may stray from an integer and still count as one: the design data
# give times as decimal fractions (0.1 is not exact in binary).
_RATIO_TOLERANCE = 1e-9


_NUMBER = (int, float)
"""(A tuple: ``int | float`` would make a union object at each ask.)"""

MAX_EVENTS_AT_ONE_TIME = 100_000
"""The most events :meth:`Clock.next_stop` lets occur at one time: beyond, the queue cycles
(something reschedules itself at the same time for ever) and the game cannot go on."""


def _is_number(x: object) -> bool:
    return isinstance(x, _NUMBER) and not isinstance(x, bool)


@dataclass(frozen=True, slots=True)
class Timing:
    """The time parameters of §2.3 (File 50 group 2), validated against the §10 bounds.

    Attributes:
        tinit: time at the start of the game (LB = 0).
        tend: time at which the game ends (LB = tinit).
        tframe: length of a frame (LB = 0, exclusive: frames must advance time; UB = tpd).
        tcycle: length of a cycle (LB = tpd).
        tpd: length of a period (LB = tframe, UB = tcycle).

    A period must be a whole number of frames and a cycle a whole number of periods ('Time is
    divided into equal-length intervals called "cycles", which are subdivided into
    equal-length "periods", which are subdivided into equal-length "frames"').

    Raises:
        InvalidInputError: every broken bound, each naming its field.
    """

    tinit: float
    tend: float
    tframe: float
    tcycle: float
    tpd: float
    frames_per_period: int = field(init=False, repr=False, compare=False)
    """Number of frames in a period."""
    periods_per_cycle: int = field(init=False, repr=False, compare=False)
    """Number of periods in a cycle."""
    frames_per_cycle: int = field(init=False, repr=False, compare=False)
    """Number of frames in a cycle (the clock asks at every break: worked out once)."""

    def __post_init__(self) -> None:
        given = [f.name for f in fields(self) if f.init]
        problems = [
            Problem(f"must be a finite number, got {getattr(self, name)!r}", path=name)
            for name in given
            if not (_is_number(getattr(self, name)) and math.isfinite(getattr(self, name)))
        ]
        if problems:
            raise InvalidInputError(problems)
        for name in given:
            object.__setattr__(self, name, float(getattr(self, name)))
        if self.tinit < 0:
            problems.append(Problem(f"must be >= 0, got {self.tinit:g}", path="tinit"))
        if self.tend < self.tinit:
            problems.append(
                Problem(f"must be >= tinit ({self.tinit:g}), got {self.tend:g}", path="tend")
            )
        if self.tframe <= 0:
            problems.append(Problem(f"must be > 0, got {self.tframe:g}", path="tframe"))
        elif self.tpd < self.tframe:
            problems.append(
                Problem(f"must be >= tframe ({self.tframe:g}), got {self.tpd:g}", path="tpd")
            )
        elif not _whole(self.tpd / self.tframe):
            problems.append(
                Problem(
                    f"must be a whole number of frames (tframe = {self.tframe:g}), "
                    f"got {self.tpd:g}",
                    path="tpd",
                )
            )
        if self.tpd > 0 and self.tcycle < self.tpd:
            problems.append(
                Problem(f"must be >= tpd ({self.tpd:g}), got {self.tcycle:g}", path="tcycle")
            )
        elif self.tpd > 0 and not _whole(self.tcycle / self.tpd):
            problems.append(
                Problem(
                    f"must be a whole number of periods (tpd = {self.tpd:g}), got {self.tcycle:g}",
                    path="tcycle",
                )
            )
        if problems:
            raise InvalidInputError(problems)
        per_period, per_cycle = round(self.tpd / self.tframe), round(self.tcycle / self.tpd)
        object.__setattr__(self, "frames_per_period", per_period)
        object.__setattr__(self, "periods_per_cycle", per_cycle)
        object.__setattr__(self, "frames_per_cycle", per_period * per_cycle)

    @property
    def eps(self) -> float:
        """``eps = tframe / 100`` (§3.3), the window of 'virtual ties' in §3.3.1 and §3.3.2."""
        return self.tframe / 100

    def lattice_time(self, k: int) -> float:
        """``tinit + k * tframe``: the time of the ``k``-th frame boundary (``k = 0`` is tinit)."""
        return self.tinit + k * self.tframe

    def frame_end(self, n: int) -> float:
        """The time frame ``n`` (1-based) ends."""
        return self.lattice_time(_positive(n, "frame"))

    def period_start(self, n: int) -> float:
        """The time period ``n`` (1-based) starts."""
        return self.lattice_time((_positive(n, "period") - 1) * self.frames_per_period)

    def cycle_start(self, n: int) -> float:
        """The time cycle ``n`` (1-based) starts."""
        return self.lattice_time((_positive(n, "cycle") - 1) * self.frames_per_cycle)

    def frame_number(self, t: float) -> int:
        """The 1-based number of the frame containing ``t`` (frames are ``[start, end)``).

        Raises:
            InvalidInputError: ``t`` is before ``tinit`` or not finite.
        """
        if not (_is_number(t) and math.isfinite(t) and t >= self.tinit):
            raise InvalidInputError(f"bad time {t!r}: must be a finite time >= tinit")
        k = math.floor((t - self.tinit) / self.tframe)
        # The division can land one frame off at a boundary; the lattice decides.
        while self.lattice_time(k + 1) <= t:
            k += 1
        while k > 0 and self.lattice_time(k) > t:
            k -= 1
        return k + 1

    def cycle_number(self, t: float) -> int:
        """The 1-based number of the cycle containing ``t``."""
        return (self.frame_number(t) - 1) // self.frames_per_cycle + 1

    def break_time(self, b: Break) -> float:
        """The time break ``b`` occurs."""
        if b.kind is BreakKind.FRAME_END:
            return self.frame_end(b.number)
        if b.kind is BreakKind.PERIOD_START:
            return self.period_start(b.number)
        return self.cycle_start(b.number)

    def occurs(self, b: Break) -> bool:
        """Whether break ``b`` happens in the game.

        Frame ends happen up to and including ``tend`` (the last one closes the last frame);
        cycle and period starts happen before ``tend`` only, since 'The game ends when
        t = tend' and nothing would follow them.
        """
        self.break_time(b)  # (a number below 1 is refused, as there)
        return self.occurrence(b) is not None

    def occurrence(self, b: Break) -> float | None:
        """The time break ``b`` occurs, or ``None`` if it does not happen in the game
        (:meth:`occurs`): its lattice index, then ``tinit + k * tframe`` as
        :meth:`lattice_time` has it, without :meth:`break_time`'s checks of the number (the
        clock numbers its own breaks from 1)."""
        kind, n = b
        if kind is BreakKind.FRAME_END:
            t = self.tinit + n * self.tframe
            return t if t <= self.tend else None
        per = self.frames_per_period if kind is BreakKind.PERIOD_START else self.frames_per_cycle
        t = self.tinit + (n - 1) * per * self.tframe
        return t if t < self.tend else None

    def breaks(self) -> Iterator[Break]:
        """Every break of the game, in the order the clock lets them occur."""
        k = 0
        while self.lattice_time(k) <= self.tend:
            for b in self._breaks_on_lattice(k):
                if self.occurs(b):
                    yield b
            k += 1

    def _breaks_on_lattice(self, k: int) -> list[Break]:
        # In priority order: see Priority.
        out = []
        if k >= 1:
            out.append(Break(BreakKind.FRAME_END, k))
        if k % self.frames_per_cycle == 0:
            out.append(Break(BreakKind.CYCLE_START, k // self.frames_per_cycle + 1))
        if k % self.frames_per_period == 0:
            out.append(Break(BreakKind.PERIOD_START, k // self.frames_per_period + 1))
        return out


def _whole(ratio: float) -> bool:
    return abs(ratio - round(ratio)) <= _RATIO_TOLERANCE * max(1.0, ratio)


def _positive(n: int, what: str) -> int:
    if not (isinstance(n, int) and not isinstance(n, bool) and n >= 1):
        raise InvalidInputError(f"bad {what} number {n!r}: {what}s are numbered from 1")
    return n


class BreakKind(Enum):
    """The three causes of a break (§2.3)."""

    FRAME_END = "frame end"
    """Engagements and supplies consumption are assessed."""
    CYCLE_START = "cycle start"
    """Players give air strike specifications; the design data may modify the maps."""
    PERIOD_START = "period start"
    """Players give commands."""

    @property
    def decision(self) -> bool:
        """Whether the players decide something at this break (a stop of the clock)."""
        return self is not BreakKind.FRAME_END

    # The members are singletons: their identity hashes them, in C (``Enum.__hash__`` is a
    # Python call, made each time a break is hashed).
    __hash__ = object.__hash__


class Break(NamedTuple):
    """A break: its kind and the 1-based number of the frame, period or cycle (a tuple: the
    clock hashes and makes breaks several times an event, and a tuple does both in C)."""

    kind: BreakKind
    number: int

    def __str__(self) -> str:
        unit = self.kind.value.split()[0]
        edge = self.kind.value.split()[1]
        return f"{edge} of {unit} {self.number}"


class Priority(IntEnum):
    """The order of events scheduled for the same time, lowest first.

    Breaks come before status changes: frames, periods and cycles are half-open intervals
    ``[start, end)``, so the breaks at ``t`` close the interval that ends at ``t`` and open the
    one that starts there, and a status change at ``t`` belongs to the new one. A frame's end
    is assessed before the cycle and period that start at the same time; the cycle's air
    strikes are specified before the period's commands. Among status changes, a task force in
    the attack posture class goes last (§3.3).
    """

    FRONT = 0
    """Placed 'at the front of the queue' or 'ahead of' the task force being executed
    (§3.3.2, §3.3.4)."""
    FRAME_END = 1
    CYCLE_START = 2
    PERIOD_START = 3
    STATUS_CHANGE = 4
    ATTACK_STATUS_CHANGE = 5
    RETRY = 6
    """A task force that ``xq`` sent back after placing others 'ahead of' it (§3.3.2,
    §3.3.4): it retries once everything else due at the same time, including the zero-delay
    changes that follow, has occurred."""


_STATUS_CHANGE = int(Priority.STATUS_CHANGE)
_ATTACK_STATUS_CHANGE = int(Priority.ATTACK_STATUS_CHANGE)
"""status_change_priority's two answers, as the plain integers a key holds."""

_BREAK_PRIORITY = {
    BreakKind.FRAME_END: Priority.FRAME_END,
    BreakKind.CYCLE_START: Priority.CYCLE_START,
    BreakKind.PERIOD_START: Priority.PERIOD_START,
}


def status_change_priority(posture: int) -> Priority:
    """The priority of a status change of a task force in ``posture`` (its present posture).

    §3.3: 'A change of status by a task force in the attack posture class comes after a
    change of status by a task force in another posture class if both events are scheduled for
    the same time.'
    """
    return Priority.ATTACK_STATUS_CHANGE if 40 <= posture <= 49 else Priority.STATUS_CHANGE


class Key(NamedTuple):
    """The total order of the event queue: time, then priority, then scheduling order (a
    tuple, so the heap compares keys in C)."""

    time: float
    priority: int
    seq: int


T = TypeVar("T", bound=Hashable)

_new_tuple = tuple.__new__


class EventQueue(Generic[T]):
    """Events keyed ``(time, priority, seq)``; at most one pending event per item.

    Items are whatever the caller schedules (task force numbers, breaks). Scheduling an item
    that is already pending replaces its event -- IDAHEX keeps one next change of status per
    task force and 'changes the times at which events are scheduled to occur'. Superseded
    heap entries are skipped lazily.

    The queue keeps each event as a plain tuple ``(time, priority, seq, item)``, the one
    object in both the heap and the pending map, and hands out a :class:`Key` made from it
    (equal, and ordered the same: the sequence number is unique, so no two entries compare
    beyond it). A plain tuple of numbers is an object Python's collector stops tracking at
    its first look (a :class:`Key`, a tuple subclass, never is: each entry, a key and an
    item, lived long enough to be promoted to the oldest generation, whose full collections
    walk it), and the heap compares flat tuples at about half the cost of nested ones.
    """

    __slots__ = ("_heap", "_pending", "_seq")

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, int, T]] = []
        self._pending: dict[T, tuple[float, int, int, T]] = {}
        self._seq = 0

    def schedule(self, item: T, time: float, priority: int = Priority.STATUS_CHANGE) -> Key:
        """Schedule ``item`` at ``time`` (replacing any pending event of ``item``).

        Raises:
            InvalidInputError: ``time`` is not a number, is NaN or is minus infinity.
        """
        if not ((type(time) is float or _is_number(time)) and time == time and time != -math.inf):
            raise InvalidInputError(
                [Problem(f"must be a number or +inf, got {time!r}", path="time")]
            )
        time, priority, seq = float(time), int(priority), self._seq
        self.push(item, time, priority)
        # ``tuple.__new__``: the named tuple's own ``__new__`` is a Python call.
        return _new_tuple(Key, (time, priority, seq))

    def push(self, item: T, time: float, priority: int) -> None:
        """:meth:`schedule` without its checks, for a ``time`` that is a float, neither NaN
        nor minus infinity, and a plain integer ``priority`` (as ``schedule`` makes them),
        and without the key made for the caller (:meth:`key` makes it)."""
        entry = (time, priority, self._seq, item)
        self._seq += 1
        self._pending[item] = entry
        heapq.heappush(self._heap, entry)

    def schedule_front(self, item: T, time: float) -> Key:
        """Schedule ``item`` at ``time`` ahead of every other event at that time.

        Several items put at the front at the same time keep the order they were put there.
        """
        return self.schedule(item, time, Priority.FRONT)

    def cancel(self, item: T) -> bool:
        """Drop the pending event of ``item``; whether there was one."""
        return self._pending.pop(item, None) is not None

    def key(self, item: T) -> Key | None:
        """The key of the pending event of ``item``, if any."""
        entry = self._pending.get(item)
        return None if entry is None else _new_tuple(Key, entry[:3])

    def _prune(self) -> None:
        # An entry is current when the pending map holds that very entry (each push makes
        # one of its own, its sequence number unique: an equal entry is the same one).
        heap = self._heap
        while heap and self._pending.get(heap[0][3]) is not heap[0]:
            heapq.heappop(heap)

    def peek(self) -> tuple[Key, T] | None:
        """The next event, without removing it."""
        self._prune()
        if not self._heap:
            return None
        entry = self._heap[0]
        return _new_tuple(Key, entry[:3]), entry[3]

    def pop(self) -> tuple[Key, T]:
        """Remove and return the next event.

        Raises:
            IndexError: the queue is empty.
        """
        self._prune()
        if not self._heap:
            raise IndexError("pop from an empty event queue")
        entry = heapq.heappop(self._heap)
        item = entry[3]
        del self._pending[item]
        return _new_tuple(Key, entry[:3]), item

    def pop_through(self, until: float) -> tuple[Key, T] | None:
        """Remove and return the next event if it is due at ``until`` or before, else
        ``None`` (:meth:`peek` and :meth:`pop` in one call: the clock's at every event)."""
        heap, pending = self._heap, self._pending
        while heap and pending.get((top := heap[0])[3]) is not top:  # (_prune)
            heapq.heappop(heap)
        if not heap or heap[0][0] > until:
            return None
        entry = heapq.heappop(heap)
        item = entry[3]
        del pending[item]
        return _new_tuple(Key, entry[:3]), item

    def __iter__(self) -> Iterator[tuple[Key, T]]:
        """The pending events in queue order."""
        return iter(sorted((_new_tuple(Key, e[:3]), i) for i, e in self._pending.items()))

    def __len__(self) -> int:
        return len(self._pending)

    def __contains__(self, item: object) -> bool:
        return item in self._pending


class Clock(Generic[T]):
    """Game time ``t`` and the queue of events, breaks included (§2.3).

    At ``t = tinit`` the first cycle and period start; frames end every ``tframe``. Status
    changes are scheduled by the caller; breaks schedule their successors as they occur.
    Events later than ``tend`` never occur: 'The game ends when t = tend'.
    """

    __slots__ = ("_queue", "events", "t", "timing")

    def __init__(self, timing: Timing) -> None:
        self.timing = timing
        self.t = timing.tinit
        """The current time (read it: the clock sets it; a plain attribute, as the engine
        reads it all the time)."""
        self.events = 0
        """The events that have occurred in :meth:`next_stop` (breaks and the caller's)."""
        self._queue: EventQueue[T | Break] = EventQueue()
        for b in [*timing._breaks_on_lattice(0), Break(BreakKind.FRAME_END, 1)]:
            self._schedule_break(b)

    @property
    def eps(self) -> float:
        """``tframe / 100`` (§3.3)."""
        return self.timing.eps

    @property
    def queue(self) -> EventQueue[T | Break]:
        """The event queue (read it; schedule through the clock so times are checked)."""
        return self._queue

    @property
    def over(self) -> bool:
        """Whether no event remains before the end of the game."""
        nxt = self._queue.peek()
        return nxt is None or nxt[0].time > self.timing.tend

    def _schedule_break(self, b: Break) -> None:
        time = self.timing.occurrence(b)
        if time is not None:
            self._queue.schedule(b, time, _BREAK_PRIORITY[b[0]])

    def _check_time(self, time: float) -> None:
        if (type(time) is float or _is_number(time)) and time < self.t:
            raise InvalidInputError(
                [
                    Problem(
                        f"must not be before the current time {self.t:g}, got {time:g}",
                        path="time",
                    )
                ]
            )

    def schedule(self, item: T, time: float, priority: int = Priority.STATUS_CHANGE) -> Key:
        """Schedule an event for ``item`` at ``time`` (>= ``t``; +inf means never).

        Raises:
            InvalidInputError: ``time`` is before ``t`` or not a number.
        """
        self._check_time(time)
        return self._queue.schedule(item, time, priority)

    def schedule_status_change(self, task_force: T, time: float, posture: int) -> Key:
        """Schedule the next change of status of a task force now in ``posture``."""
        return self.schedule(task_force, time, status_change_priority(posture))

    def schedule_status_change_in(self, task_force: T, delay: float, posture: int) -> None:
        """:meth:`schedule_status_change` at ``t + delay``, for a ``delay`` that is a float
        >= 0 or +inf (a :class:`~hexwar.rulesets.idahex.delays.Delay`'s value): ``t + delay``
        is then a float, neither NaN nor before ``t`` (IEEE addition rounds monotonically),
        so the checks of a time, which it passes, are left out; no key is made (the engine
        asks :meth:`EventQueue.key` when it needs one). The queue's push, without its call."""
        queue = self._queue
        seq = queue._seq
        queue._seq = seq + 1
        entry = (
            self.t + delay,
            _ATTACK_STATUS_CHANGE if 40 <= posture <= 49 else _STATUS_CHANGE,
            seq,
            task_force,
        )
        queue._pending[task_force] = entry
        heapq.heappush(queue._heap, entry)

    def schedule_front(self, item: T, time: float | None = None) -> Key:
        """Put ``item`` at the front of the queue at ``time`` (default: now)."""
        time = self.t if time is None else time
        self._check_time(time)
        return self._queue.schedule_front(item, time)

    def cancel(self, item: T) -> bool:
        """Drop the pending event of ``item``."""
        return self._queue.cancel(item)

    def advance(self) -> tuple[Key, T | Break] | None:
        """Let the next event occur: advance ``t`` to its time and return it.

        A break schedules the next break of its kind. Returns ``None`` (with ``t = tend``)
        once no event remains up to ``tend``.
        """
        event = self._queue.pop_through(self.timing.tend)
        if event is None:
            self.t = max(self.t, self.timing.tend)
            return None
        key, item = event
        self.t = key.time
        # (the successor break made without the named tuple's Python __new__)
        if type(item) is Break:
            self._schedule_break(_new_tuple(Break, (item[0], item[1] + 1)))
        return event

    def next_stop(
        self,
        occur: Callable[[Key, T | Break], None] | Callable[[None, T | Break], None],
        frame_end: Callable[[Break], None] | None = None,
        *,
        keys: bool = True,
    ) -> Break | None:
        """Let events occur until the next decision point and return it.

        ``occur`` is called for every event that is not a decision point -- frame ends and
        status changes; with ``frame_end``, that is called for each frame end instead and
        ``occur`` for the status changes alone -- and may schedule or cancel events. Returns
        the cycle or period start the players must now act on, or ``None`` when the game is
        over. Each event counts in :attr:`events`. Without ``keys``, ``occur`` is given
        ``None`` for the event's key (a caller that does not read it has none made).

        Raises:
            RuntimeError: more than :data:`MAX_EVENTS_AT_ONE_TIME` events occur at one time.
        """
        count, last = 0, self.t
        # advance() at each event, without its call and the queue's pop_through: the heap
        # and the pending map are the queue's own (never replaced).
        heap, pending = self._queue._heap, self._queue._pending
        tend, pop = self.timing.tend, heapq.heappop
        while True:
            while heap and pending.get((top := heap[0])[3]) is not top:  # (_prune)
                pop(heap)
            if not heap or heap[0][0] > tend:
                self.t = max(self.t, tend)
                return None
            entry = pop(heap)
            item = entry[3]
            del pending[item]
            time = self.t = entry[0]
            if type(item) is Break:
                self._schedule_break(_new_tuple(Break, (item[0], item[1] + 1)))
            self.events += 1
            if time != last:
                count, last = 0, time
            count += 1
            if count > MAX_EVENTS_AT_ONE_TIME:
                raise RuntimeError(f"no progress at t = {time:g}: the event queue cycles")
            if type(item) is Break:
                if item[0] is not BreakKind.FRAME_END:  # a decision (BreakKind.decision)
                    return item
                if frame_end is not None:
                    frame_end(item)
                    continue
            occur(_new_tuple(Key, entry[:3]) if keys else None, item)  # type: ignore[arg-type]

    def stops(self, occur: Callable[[Key, T | Break], None]) -> Iterator[Break]:
        """The decision points of the game in order, letting events occur in between."""
        while (stop := self.next_stop(occur)) is not None:
            yield stop
