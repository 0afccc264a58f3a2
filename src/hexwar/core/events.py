"""The event log: totally ordered, each event tagged with the sides that may see it.

Order is (time, sequence number): time is whatever clock the ruleset keeps (a turn number, a
cycle, hours of game time), and the sequence number breaks every tie the same way. Each event
may carry a :class:`Receipt` saying how it was adjudicated: inputs, table and row, modifiers and
the random draws. Renderers turn a log into text, JSON, Markdown and MediaWiki.
"""

from __future__ import annotations

import itertools
import json
import math
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hexwar.core.rng import Roll

ALL = "*"  # visibility marker: every side (and spectators) may see the event

JsonDict = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Modifier:
    """A named adjustment applied during adjudication (``+10%``, ``x0.8``...)."""

    name: str
    value: float | int | str

    def to_json(self) -> JsonDict:
        return {"name": self.name, "value": self.value}


@dataclass(frozen=True, slots=True)
class Receipt:
    """How an outcome was reached: enough to check it by hand."""

    inputs: Mapping[str, Any] = field(default_factory=dict)
    table: str | None = None
    row: str | None = None
    modifiers: tuple[Modifier, ...] = ()
    rolls: tuple[Roll, ...] = ()
    result: Any = None

    def to_json(self) -> JsonDict:
        out: JsonDict = {"inputs": dict(self.inputs)}
        if self.table is not None:
            out["table"] = self.table
        if self.row is not None:
            out["row"] = self.row
        if self.modifiers:
            out["modifiers"] = [m.to_json() for m in self.modifiers]
        if self.rolls:
            out["rolls"] = [r.to_json() for r in self.rolls]
        if self.result is not None:
            out["result"] = self.result
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Receipt:
        return cls(
            inputs=dict(data.get("inputs", {})),
            table=data.get("table"),
            row=data.get("row"),
            modifiers=tuple(Modifier(m["name"], m["value"]) for m in data.get("modifiers", ())),
            rolls=tuple(Roll(**r) for r in data.get("rolls", ())),
            result=data.get("result"),
        )


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``visible_to`` holds side names or :data:`ALL`."""

    seq: int
    time: float | int
    kind: str
    text: str
    visible_to: frozenset[str]
    data: Mapping[str, Any] = field(default_factory=dict)
    receipt: Receipt | None = None

    def visible(self, side: str | None) -> bool:
        """Whether ``side`` may see this event; ``None`` is the omniscient umpire."""
        return side is None or ALL in self.visible_to or side in self.visible_to

    def to_json(self) -> JsonDict:
        out: JsonDict = {
            "seq": self.seq,
            "time": self.time,
            "kind": self.kind,
            "text": self.text,
            "visible_to": sorted(self.visible_to),
        }
        if self.data:
            out["data"] = dict(self.data)
        if self.receipt is not None:
            out["receipt"] = self.receipt.to_json()
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        receipt = data.get("receipt")
        return cls(
            seq=int(data["seq"]),
            time=data["time"],
            kind=str(data["kind"]),
            text=str(data["text"]),
            visible_to=frozenset(data["visible_to"]),
            data=dict(data.get("data", {})),
            receipt=Receipt.from_json(receipt) if receipt is not None else None,
        )


# The log makes an Event without calling the frozen dataclass's __init__, which sets each of
# the seven fields through object.__setattr__ (about twice the cost, and a game logs
# thousands of events): the fields' slot descriptors set them, in the same order, to the same
# values (Event has no __post_init__; _event gives every field). The event is the same.
_new_event = object.__new__
_set_seq = Event.__dict__["seq"].__set__
_set_time = Event.__dict__["time"].__set__
_set_kind = Event.__dict__["kind"].__set__
_set_text = Event.__dict__["text"].__set__
_set_visible_to = Event.__dict__["visible_to"].__set__
_set_data = Event.__dict__["data"].__set__
_set_receipt = Event.__dict__["receipt"].__set__

_ONE_SIDE: dict[str, frozenset[str]] = {}
"""The visibility of an event seen by one side (or :data:`ALL`), made once per name."""

_Row = tuple[Any, ...]
"""An event as the log keeps it, less its time: its kind, text, who sees it (the names,
sorted), its data's keys (a tuple made once per set of keys met), its receipt, then its
data's values, one a field (no tuple of them per row). Its time is in the log's column of
times, its place in the log is its sequence number."""

_SHAREABLE = frozenset((int, str))
"""The types of the data values of a row the log may share (exactly these: values of them
that are equal are the same value, where ``1 == 1.0 == True`` and ``0.0 == -0.0``)."""
_ROWS_SHARED = 100_000
"""The most rows a log keeps to share (then it starts afresh)."""

_KEYS: dict[tuple[str, ...], tuple[str, ...]] = {}
"""Each tuple of data keys met, to be shared by the rows that have the same keys (up to
:data:`_KEYS_KEPT` of them: a ruleset whose data keys vary without end shares none)."""
_KEYS_KEPT = 10_000

_SEEN_NAMES: dict[frozenset[str], tuple[str, ...]] = {}
"""Each visibility met, as its sorted names (made once per set of names)."""
_SEEN_SET: dict[tuple[str, ...], frozenset[str]] = {}
"""Each visibility by its sorted names: the frozenset an event hands out."""


def _seen_names(visible_to: frozenset[str]) -> tuple[str, ...]:
    names = _SEEN_NAMES.get(visible_to)
    if names is None:
        names = _SEEN_NAMES[visible_to] = tuple(sorted(visible_to))
        _SEEN_SET.setdefault(names, visible_to)
    return names


def _event(seq: int, time: float | int, row: _Row) -> Event:
    """The :class:`Event` at ``time`` a row of the log holds (equal to the one appended: the
    same values, its visibility an equal frozenset, its data an equal dict)."""
    event = _new_event(Event)
    _set_seq(event, seq)
    _set_time(event, time)
    _set_kind(event, row[0])
    _set_text(event, row[1])
    names = row[2]
    seen = _SEEN_SET.get(names)
    if seen is None:  # (a row unpickled in another process)
        seen = _SEEN_SET[names] = frozenset(names)
    _set_visible_to(event, seen)
    keys = row[3]
    _set_data(event, dict(zip(keys, row[5:])) if keys else {})  # noqa: B905 -- as many
    _set_receipt(event, row[4])
    return event


class EventLog(Sequence[Event]):
    """An append-only log in (time, seq) order; time never runs backwards.

    The log keeps each event as its time, in a column of times, and a row of plain values
    (:data:`_Row`: its visibility as a tuple of names, its data's values as fields after
    its keys) and hands out an :class:`Event` made from them, equal to the one appended, at
    each ask. A row whose values are all atomic (numbers, strings, tuples of them) is a
    tuple the garbage collector stops tracking: a long game's log of Events, each a tracked
    object, made every full collection of the heap walk them all (at the scale benchmark's
    1,000 units, some tenth of the run).

    What a long game logs repeats: a task force marching back and forth is told the same
    change of status in the same words again and again. A row without a receipt whose text
    is a ``str`` and whose data values are ``int`` and ``str`` alone is shared with the
    equal row logged before, if any (of the last :data:`_ROWS_SHARED` met): equal such rows
    hold equal values of the very same types, so the events they give are equal. The times
    are a column of C doubles while they are all ``float`` (the same values; a time of any
    other type turns the column into a list, which hands out the objects given): at the
    scale benchmark's 1,000 units over 4 cycles the log took some 290 bytes a status note
    (a tuple of seven fields, its text, a tuple of its data's values and a float) and takes
    16 where the row is shared."""

    def __init__(self) -> None:
        self._times: array[float] | list[float | int] = array("d")
        self._rows: list[_Row] = []
        self._last: float | int = -math.inf
        """The last event's time (as given), or -inf."""
        self._shared: dict[_Row, _Row] = {}
        """The rows to share, each by itself (a copied or unpickled log starts afresh)."""

    def __getstate__(self) -> dict[str, Any]:
        return {"_times": self._times, "_rows": self._rows, "_last": self._last}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._shared = {}

    def append(
        self,
        time: float | int,
        kind: str,
        text: str,
        *,
        visible_to: Iterable[str] | str,
        data: Mapping[str, Any] | None = None,
        receipt: Receipt | None = None,
    ) -> Event:
        """Add an event at ``time``, seen by ``visible_to`` (side names, or :data:`ALL`): no
        default, so a ruleset that forgets to say who sees an event fails the type check
        instead of leaking it. Raises ``ValueError`` if time would run backwards."""
        if isinstance(visible_to, str):
            vis = _ONE_SIDE.get(visible_to)
            if vis is None:
                vis = _ONE_SIDE[visible_to] = frozenset((visible_to,))
        else:
            vis = frozenset(visible_to)  # a frozenset as it is (no copy)
        return self.append_owned(time, kind, text, vis, dict(data) if data else {}, receipt)

    def append_owned(
        self,
        time: float | int,
        kind: str,
        text: str,
        visible_to: frozenset[str],
        data: dict[str, Any],
        receipt: Receipt | None = None,
    ) -> Event:
        """:meth:`append` for a caller that hands its own new ``data`` dict over to the log
        (it keeps no reference to it), with ``visible_to`` a frozenset: without the copies
        ``append`` makes. Raises ``ValueError`` if time would run backwards."""
        self.add(time, kind, text, visible_to, data, receipt)
        return _event(len(self._rows) - 1, self._times[-1], self._rows[-1])

    def add(
        self,
        time: float | int,
        kind: str,
        text: str,
        visible_to: frozenset[str],
        data: Mapping[str, Any],
        receipt: Receipt | None = None,
    ) -> None:
        """:meth:`append_owned` for a caller that does not need the event back. Raises
        ``ValueError`` if time would run backwards."""
        self.add_fields(time, kind, text, visible_to, tuple(data), tuple(data.values()), receipt)

    def add_fields(
        self,
        time: float | int,
        kind: str,
        text: str,
        visible_to: frozenset[str],
        keys: tuple[str, ...],
        values: tuple[Any, ...],
        receipt: Receipt | None = None,
    ) -> None:
        """:meth:`add` for data given as its keys and values, two tuples with as many values
        as keys (the row :meth:`add` makes of a dict of them): a caller that logs many events
        of one shape keeps their keys in one tuple and builds no dict. Raises ``ValueError``
        if time would run backwards."""
        if time < self._last:
            raise ValueError(
                f"event {kind!r} at time {time} precedes the last event at {self._last}"
            )
        names = _SEEN_NAMES.get(visible_to)
        if names is None:
            names = _seen_names(visible_to)
        shared = _KEYS.get(keys)
        if shared is not None:
            keys = shared
        elif len(_KEYS) < _KEYS_KEPT:
            _KEYS[keys] = keys
        # (a tuple's concatenation: the starred tuple display builds a list first)
        row = (kind, text, names, keys, receipt) + values  # noqa: RUF005
        if receipt is None and type(text) is str:
            for value in values:
                if type(value) not in _SHAREABLE:
                    break
            else:
                rows = self._shared  # (see the class's account)
                found = rows.get(row)
                if found is not None:
                    row = found
                else:
                    if len(rows) >= _ROWS_SHARED:
                        rows.clear()
                    rows[row] = row
        times = self._times
        if type(time) is not float and type(times) is not list:
            times = self._times = list(times)  # (a column of any times from now on)
        times.append(time)
        self._last = time
        self._rows.append(row)

    def for_side(self, side: str | None, after: int = -1) -> list[Event]:
        """The events ``side`` may see, in order (``None``: all of them; as
        :meth:`Event.visible` says); with ``after``, only those whose sequence number is
        greater (a reader that has the log up to ``after`` reads only what is new: an event's
        sequence number is its place in the log)."""
        rows, times = self._rows, self._times
        start = max(after + 1, 0)
        if side is None:
            return [_event(seq, times[seq], rows[seq]) for seq in range(start, len(rows))]
        return [
            _event(seq, times[seq], row)
            for seq, row in enumerate(itertools.islice(rows, start, None), start)
            if ALL in (names := row[2]) or side in names
        ]

    def __getitem__(self, index: int) -> Event:  # type: ignore[override]
        """The event at ``index`` (a slice: a list of them, as a list's slice)."""
        rows, times = self._rows, self._times
        if isinstance(index, slice):
            found: Any = [_event(i, times[i], rows[i]) for i in range(len(rows))[index]]
            return found
        row = rows[index]
        return _event(index if index >= 0 else index + len(rows), times[index], row)

    def __len__(self) -> int:
        return len(self._rows)

    def __iter__(self) -> Iterator[Event]:
        return map(_event, itertools.count(), self._times, self._rows)

    def to_json(self, start: int = 0, stop: int | None = None) -> list[JsonDict]:
        """Each event's :meth:`Event.to_json`, made from its row (the names are kept
        sorted); with ``start`` and ``stop``, those of the events ``start`` to ``stop - 1``
        alone (a slice of the whole: :meth:`Game.state_hash` reads the log a block at a
        time)."""
        out: list[JsonDict] = []
        rows, times = self._rows, self._times
        if start != 0 or stop is not None:
            rows, times = rows[start:stop], times[start:stop]
        for seq, time, row in zip(itertools.count(start), times, rows):
            kind, text, names, keys, receipt = row[:5]
            entry: JsonDict = {
                "seq": seq,
                "time": time,
                "kind": kind,
                "text": text,
                "visible_to": list(names),
            }
            if keys:
                entry["data"] = dict(zip(keys, row[5:]))  # noqa: B905 -- as many as keys
            if receipt is not None:
                entry["receipt"] = receipt.to_json()
            out.append(entry)
        return out


# ---------------------------------------------------------------------------------------------
# Renderers. Each takes events (already filtered for the reader) and returns one string.


def _fmt_value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _receipt_lines(receipt: Receipt) -> list[str]:
    lines: list[str] = []
    if receipt.inputs:
        lines.append(
            "inputs: " + ", ".join(f"{k}={_fmt_value(v)}" for k, v in receipt.inputs.items())
        )
    if receipt.table is not None:
        row = f", row {receipt.row}" if receipt.row is not None else ""
        lines.append(f"table: {receipt.table}{row}")
    if receipt.modifiers:
        lines.append(
            "modifiers: " + ", ".join(f"{m.name} {_fmt_value(m.value)}" for m in receipt.modifiers)
        )
    for roll in receipt.rolls:
        if roll.chance is not None:
            verdict = "success" if roll.success else "failure"
            lines.append(
                f"roll {roll.label}: {_fmt_value(roll.value)} vs {roll.chance:.0%} -> {verdict}"
            )
        elif roll.sides is not None:
            lines.append(f"roll {roll.label}: d{roll.sides} = {roll.value}")
        else:
            lines.append(f"roll {roll.label}: {_fmt_value(roll.value)}")
    if receipt.result is not None:
        lines.append(f"result: {_fmt_value(receipt.result)}")
    return lines


def render_text(events: Iterable[Event], *, receipts: bool = True) -> str:
    """Plain text, one event per line, receipts indented beneath."""
    out: list[str] = []
    for e in events:
        out.append(f"[{_fmt_value(e.time)}] {e.text}")
        if receipts and e.receipt is not None:
            out.extend(f"    {line}" for line in _receipt_lines(e.receipt))
    return "\n".join(out) + ("\n" if out else "")


def render_json(events: Iterable[Event]) -> str:
    """A JSON array of events (receipts included)."""
    return json.dumps([e.to_json() for e in events], indent=2, ensure_ascii=False) + "\n"


def render_markdown(events: Iterable[Event], *, title: str | None = None) -> str:
    """Markdown: a bullet per event, its receipt as nested bullets."""
    out: list[str] = [f"# {title}", ""] if title else []
    for e in events:
        out.append(f"- **{_fmt_value(e.time)}** {e.text}")
        if e.receipt is not None:
            out.extend(f"  - {line}" for line in _receipt_lines(e.receipt))
    return "\n".join(out) + "\n"


def render_mediawiki(events: Iterable[Event], *, title: str | None = None) -> str:
    """MediaWiki markup: a wikitable with one row per event and its receipt in a cell."""
    out: list[str] = [f"== {title} ==", ""] if title else []
    out.append('{| class="wikitable"')
    out.append("! Time !! Event !! Receipt")
    for e in events:
        receipt = "<br/>".join(_receipt_lines(e.receipt)) if e.receipt is not None else ""
        out.append("|-")
        out.append(f"| {_fmt_value(e.time)} || {_wiki_escape(e.text)} || {_wiki_escape(receipt)}")
    out.append("|}")
    return "\n".join(out) + "\n"


def _wiki_escape(text: str) -> str:
    # "||" and a leading "|" or "!" would start a new cell; <nowiki> keeps the text literal.
    return text.replace("||", "<nowiki>||</nowiki>")


Renderer = Callable[[Iterable[Event]], str]

RENDERERS: dict[str, Renderer] = {
    "text": render_text,
    "json": render_json,
    "markdown": render_markdown,
    "mediawiki": render_mediawiki,
}
