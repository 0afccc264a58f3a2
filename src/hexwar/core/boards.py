"""Board descriptions: what a map shows, as data, so one renderer can draw every ruleset.

A ruleset turns a side's :class:`~hexwar.core.views.View` into a :class:`Board` (its
``describe_board`` hook); front ends draw the board without knowing the ruleset. Everything in a
board comes from the view, so a board never shows more than the side may know.

Positions are the core's axial :class:`~hexwar.core.hexes.Hex`; ``orientation`` says how the
ruleset lays them out ("flat": flat-top hexes in vertical columns, the core's convention;
"pointy": pointy-top hexes in horizontal rows, as the air war boards are printed). Labels are
the ruleset's own notation (``@KH``, ``K25``, ``3,4``): clicking a hex in a front end inserts
its label into the order being written, and clicking a counter inserts its ``ref``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain
from operator import attrgetter
from threading import Lock
from typing import Any, Generic, Literal, ParamSpec, TypeVar, cast

from hexwar.core.hexes import Hex

__all__ = [
    "Board",
    "Counter",
    "Front",
    "HexCell",
    "Hexside",
    "Highlight",
    "Kept",
    "Marker",
    "SideStyle",
    "Style",
    "Trace",
    "common_board",
]

Orientation = Literal["flat", "pointy"]
Mirror = Literal["", "vertical", "horizontal"]
T = TypeVar("T")
P = ParamSpec("P")


@dataclass(frozen=True, slots=True)
class Style:
    """How one kind of thing is drawn, and its line in the legend."""

    label: str
    colour: str  # a CSS colour: a hex fill, a hexside's or a line's stroke
    pattern: str = ""  # an optional texture name the renderer knows ("trees", "marsh", ...)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"label": self.label, "colour": self.colour}
        if self.pattern:
            out["pattern"] = self.pattern
        return out


@dataclass(frozen=True, slots=True)
class SideStyle:
    """A side's name on the map and its counters' colours."""

    label: str
    colour: str  # counter face
    ink: str = "#000000"  # text and symbol on the counter

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "colour": self.colour, "ink": self.ink}


@dataclass(frozen=True, slots=True)
class HexCell:
    """One hex of the map: where it is, what it is called, its terrain, a corner note."""

    at: Hex
    label: str
    terrain: str  # a key of Board.terrain
    note: str = ""  # small text (an elevation, a cell number)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"at": str(self.at), "label": self.label, "terrain": self.terrain}
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True, slots=True)
class Hexside:
    """A feature on the edge between two adjacent hexes (a hedge, a border, a river)."""

    a: Hex
    b: Hex
    kind: str  # a key of Board.hexside_styles

    def to_json(self) -> dict[str, Any]:
        return {"a": str(self.a), "b": str(self.b), "kind": self.kind}


@dataclass(frozen=True, slots=True)
class Trace:
    """A line through hex centres (a road, a route, a flight path, a FEBA)."""

    hexes: tuple[Hex, ...]
    kind: str  # a key of Board.trace_styles
    label: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"hexes": [str(h) for h in self.hexes], "kind": self.kind, "label": self.label}


@dataclass(frozen=True, slots=True)
class Marker:
    """A fixed point of interest in a hex: a city, an airport, an objective, a wreck."""

    at: Hex
    kind: str  # a key of Board.marker_styles
    label: str = ""
    side: str | None = None  # its owner or holder, if any

    def to_json(self) -> dict[str, Any]:
        return {"at": str(self.at), "kind": self.kind, "label": self.label, "side": self.side}


@dataclass(frozen=True, slots=True)
class Counter:
    """A playing piece as printed: a unit-type symbol, a name, values and state flags.

    ``symbol`` is a unit-type key the renderer draws (``infantry``, ``armor``, ``artillery``,
    ``hq``, ``airbase``, ``missile``, ``support``, ``technical``, ``aircraft``, ``commander``,
    ``unknown``); ``top`` and ``bottom`` are the texts printed above and below it (a number, the
    values "4-3"); ``flags`` are state keys of Board.flag_styles (disrupted, dug in...).
    """

    ref: str  # inserted into the order when the counter is clicked
    at: Hex
    side: str
    symbol: str
    name: str = ""
    top: str = ""
    bottom: str = ""
    flags: tuple[str, ...] = ()
    count: int = 1  # pieces in the stack this counter stands for (air war units)

    def to_json(self) -> dict[str, Any]:
        return {
            "ref": self.ref,
            "at": str(self.at),
            "side": self.side,
            "symbol": self.symbol,
            "name": self.name,
            "top": self.top,
            "bottom": self.bottom,
            "flags": list(self.flags),
            "count": self.count,
        }


@dataclass(frozen=True, slots=True)
class Highlight:
    """A set of hexes shaded together (a CBR zone, what a unit can see, a reachable area).

    With ``counter`` set, the highlight belongs to that counter and is shown only while the
    counter is selected (the hexes a unit sees, say).
    """

    hexes: tuple[Hex, ...]
    kind: str  # a key of Board.highlight_styles
    counter: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"hexes": [str(h) for h in self.hexes], "kind": self.kind, "counter": self.counter}


@dataclass(frozen=True, slots=True)
class Front:
    """A front line drawn inside one hex: an engagement's FEBA (forward edge of the battle area).

    ``position`` is how far across the hex the attackers have pushed, as a fraction of its
    depth (0: the edge they attack from, 1: the far edge); they attack from the hexes
    ``origins`` (their mean direction sets the edge; none: from the left).
    """

    at: Hex
    position: float
    kind: str  # a key of Board.trace_styles (a front is drawn as a line)
    origins: tuple[Hex, ...] = ()
    label: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "at": str(self.at),
            "position": self.position,
            "kind": self.kind,
            "origins": [str(h) for h in self.origins],
            "label": self.label,
        }


# (id of a tuple of board pieces, what is read of them) -> (the tuple, the kinds its pieces
# name): see _used
_USED: OrderedDict[tuple[int, str], tuple[tuple[Any, ...], frozenset[str]]] = OrderedDict()
_USED_KEPT = 512
_USED_LOCK = Lock()
_USED_SHORT = 64  # a shorter tuple is read anew: sooner done than kept


# What the style check reads of each part (each read in C: map over an attrgetter).
_TERRAIN_OF = attrgetter("terrain")
_KIND_OF = attrgetter("kind")
_SIDE_OF = attrgetter("side")
_FLAGS_OF = attrgetter("flags")


def _terrain(items: Sequence[Any]) -> frozenset[str]:
    return frozenset(map(_TERRAIN_OF, items))


def _kind(items: Sequence[Any]) -> frozenset[str]:
    return frozenset(map(_KIND_OF, items))


def _side(items: Sequence[Any]) -> frozenset[str]:
    return frozenset(map(_SIDE_OF, items))


def _flags(items: Sequence[Any]) -> frozenset[str]:
    return frozenset(chain.from_iterable(map(_FLAGS_OF, items)))


def _used(items: Sequence[Any], read: Callable[[Sequence[Any]], frozenset[str]]) -> frozenset[str]:
    """The kinds ``read`` finds among ``items`` (the terrain of a board's hexes, the sides of
    its counters...), remembered for the last few hundred tuples by identity: a tuple of frozen
    pieces never changes, and a drawing hands out one game's hexes, or the counters of units
    that did not move, as the same tuple board after board (checking a large map's thousands
    of cells again for each board cost more than the rest of the board). The style tables
    themselves are dicts, so they are checked against these kinds on every board."""
    if type(items) is not tuple or len(items) < _USED_SHORT:
        return read(items)
    key = (id(items), read.__name__)
    found = _USED.get(key)
    if found is not None and found[0] is items:
        return found[1]
    kinds = read(items)
    with _USED_LOCK:  # (boards are made on several threads)
        if key not in _USED and len(_USED) >= _USED_KEPT:
            _USED.popitem(last=False)  # the oldest (the tuple it holds may go)
        _USED[key] = (items, kinds)
    return kinds


_NOT_KEPT: Any = object()


class Kept(Generic[T]):
    """The parts a drawing builds from pieces of a view (a map's hexes, a unit's counter, what
    a unit sees), kept by what they are built from, so that while it holds a board hands out
    the very objects of the board before (a page's writer keeps what it wrote for them,
    :mod:`hexwar.web.pagedata`, and :class:`Board` does not check them again).

    ``key`` must hold everything the part is made from (the side too, for anything but the
    scenario's own static data, so that no side's part is ever another's): the part is a
    function of the key, made by ``make`` the first time the key is asked for. The last
    ``size`` keys are kept (the oldest goes first), enough for many games at once.

    :meth:`same` keeps a part by the very object it is made from instead (a piece of a view
    that a game hands out again, view after view, while it does not change), found without
    reading the piece at all.
    """

    __slots__ = ("_lock", "_made", "_same", "size")

    def __init__(self, size: int = 64) -> None:
        if size < 1:
            raise ValueError(f"Kept: size must be at least 1, not {size!r}")
        self.size = size
        # (an OrderedDict: it lets its oldest go at once, where a dict would look for it past
        # the places of those it let go before)
        self._made: OrderedDict[Hashable, T] = OrderedDict()
        # (key, id of the source) -> (the source, the part): see same
        self._same: OrderedDict[tuple[Hashable, int], tuple[object, T]] = OrderedDict()
        # Boards are described on several threads (a server's requests): a part is looked up
        # in one step, and kept or let go under the lock (a part made twice at once is kept
        # once; both are the same part).
        self._lock = Lock()

    def get(self, key: Hashable, make: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """The part made for ``key``: the one made before, else ``make(*args, **kwargs)``'s,
        kept (what ``make`` is given must be a function of ``key``; keys Python holds equal,
        ``1`` and ``1.0``, must make the same part)."""
        found = self._made.get(key, _NOT_KEPT)
        if found is not _NOT_KEPT:
            return cast(T, found)
        part = make(*args, **kwargs)
        with self._lock:
            made = self._made
            if key not in made and len(made) >= self.size:
                made.popitem(last=False)
            made[key] = part
        return part

    def same(
        self, key: Hashable, source: object, make: Callable[P, T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """The part made for ``key`` from the very object ``source``: the one made before from
        it, found by its identity (not hashed, not compared), else ``make(*args, **kwargs)``'s,
        kept with ``source`` itself (so that no other object can take its id while it is kept).

        For a piece of a view (a unit's dict, who owns which cell) that a game hands out again
        while it is unchanged: views are read-only (:class:`~hexwar.core.views.SharedJson`),
        so the same object is the same data. ``key`` holds what else the part is made from
        (the side, as for :meth:`get`: a piece two sides' views share makes each side a part
        of its own); what ``make`` is given must be a function of ``key`` and ``source``.
        A piece equal to one met before but another object is made again (``make`` may look
        it up by value with :meth:`get`). The last ``size`` sources are kept."""
        found = self._same.get((key, id(source)))
        if found is not None and found[0] is source:
            return found[1]
        part = make(*args, **kwargs)
        with self._lock:
            same = self._same
            place = (key, id(source))
            if place not in same and len(same) >= self.size:
                same.popitem(last=False)
            same[place] = (source, part)
        return part

    def __len__(self) -> int:
        """How many parts are kept (by value and by source)."""
        return len(self._made) + len(self._same)


@dataclass(frozen=True, slots=True)
class Board:
    """A map as one side may see it, ready to draw.

    The ``*_styles`` tables say how each kind is drawn and name it in the legend; every
    ``kind``/``terrain``/``flag`` used in the board is a key of its table.
    """

    title: str
    orientation: Orientation
    hexes: tuple[HexCell, ...]
    terrain: dict[str, Style]
    sides: dict[str, SideStyle]
    counters: tuple[Counter, ...] = ()
    markers: tuple[Marker, ...] = ()
    hexsides: tuple[Hexside, ...] = ()
    traces: tuple[Trace, ...] = ()
    highlights: tuple[Highlight, ...] = ()
    fronts: tuple[Front, ...] = ()
    marker_styles: dict[str, Style] = field(default_factory=dict)
    hexside_styles: dict[str, Style] = field(default_factory=dict)
    trace_styles: dict[str, Style] = field(default_factory=dict)
    highlight_styles: dict[str, Style] = field(default_factory=dict)
    flag_styles: dict[str, Style] = field(default_factory=dict)
    status: tuple[tuple[str, str], ...] = ()  # (name, value) lines beside the map
    viewer: str | None = None  # the side whose view this is (None: the umpire)
    # Drawn mirrored, for a viewer at another edge of the table: "vertical" turns top and
    # bottom over (row 1 at the bottom), "horizontal" left and right.
    mirror: Mirror = ""

    def __post_init__(self) -> None:
        # What each part uses (read once per tuple of pieces: _used) against its table's keys,
        # on every board (a table is a dict: it is checked each time). One expression, the
        # usual case: which table lacks what is found only for a board refused.
        used = _used
        if not (
            self.terrain.keys() >= used(self.hexes, _terrain)
            and (not self.counters or self.sides.keys() >= used(self.counters, _side))
            and (not self.counters or self.flag_styles.keys() >= used(self.counters, _flags))
            and (not self.markers or self.marker_styles.keys() >= used(self.markers, _kind))
            and (not self.hexsides or self.hexside_styles.keys() >= used(self.hexsides, _kind))
            and (not self.traces or self.trace_styles.keys() >= used(self.traces, _kind))
            and (not self.fronts or self.trace_styles.keys() >= used(self.fronts, _kind))
            and (
                not self.highlights or self.highlight_styles.keys() >= used(self.highlights, _kind)
            )
        ):
            self._refuse()

    def _refuse(self) -> None:
        """Raise ``ValueError`` naming the first table without a style for a kind used."""
        tables: tuple[tuple[str, dict[str, Any], frozenset[str]], ...] = (
            ("terrain", self.terrain, _terrain(self.hexes)),
            ("sides", self.sides, _side(self.counters)),
            ("marker_styles", self.marker_styles, _kind(self.markers)),
            ("hexside_styles", self.hexside_styles, _kind(self.hexsides)),
            ("trace_styles", self.trace_styles, _kind(self.traces) | _kind(self.fronts)),
            ("highlight_styles", self.highlight_styles, _kind(self.highlights)),
            ("flag_styles", self.flag_styles, _flags(self.counters)),
        )
        for name, table, kinds in tables:
            missing = sorted(kinds - table.keys())
            if missing:
                raise ValueError(f"board {self.title!r}: {name} has no style for {missing}")

    def to_json(self) -> dict[str, Any]:
        def styles(table: dict[str, Style]) -> dict[str, Any]:
            return {k: v.to_json() for k, v in table.items()}

        return {
            "title": self.title,
            "orientation": self.orientation,
            "viewer": self.viewer,
            "mirror": self.mirror,
            "hexes": [c.to_json() for c in self.hexes],
            "terrain": styles(self.terrain),
            "sides": {k: v.to_json() for k, v in self.sides.items()},
            "counters": [c.to_json() for c in self.counters],
            "markers": [m.to_json() for m in self.markers],
            "hexsides": [s.to_json() for s in self.hexsides],
            "traces": [t.to_json() for t in self.traces],
            "highlights": [h.to_json() for h in self.highlights],
            "fronts": [f.to_json() for f in self.fronts],
            "marker_styles": styles(self.marker_styles),
            "hexside_styles": styles(self.hexside_styles),
            "trace_styles": styles(self.trace_styles),
            "highlight_styles": styles(self.highlight_styles),
            "flag_styles": styles(self.flag_styles),
            "status": [list(s) for s in self.status],
        }


def common_board(boards: Sequence[Board], title: str | None = None) -> Board:
    """What every side's board shows (a spectator's map while the game runs), from the boards
    of all the sides.

    Each side's pieces are drawn as the other sides see them: a counter of side ``S`` is kept
    where every board but ``S``'s own shows a counter of ``S`` in that hex, as the first of those
    boards draws it (what ``S``'s owner alone knows of it, its own markings, is left out).
    Markers, fronts, traces and hexsides are kept where every board has them alike;
    highlights, status lines and the mirroring of one seat are dropped. Every board must be of
    one map (the same hexes).
    """
    if not boards:
        raise ValueError("common_board: no board")
    first = boards[0]
    counters: list[Counter] = []
    seen: set[tuple[str, Hex]] = set()
    for board in boards:
        for c in board.counters:
            if c.side == board.viewer or (c.side, c.at) in seen:
                continue
            others = [b for b in boards if b.viewer != c.side]
            if all(any(d.side == c.side and d.at == c.at for d in b.counters) for b in others):
                seen.add((c.side, c.at))
                counters.extend(d for d in board.counters if d.side == c.side and d.at == c.at)

    def alike(items: Sequence[Any], part: str) -> tuple[Any, ...]:
        return tuple(x for x in items if all(x in getattr(b, part) for b in boards[1:]))

    def union(part: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for b in boards:
            out.update(getattr(b, part))
        return out

    return replace(
        first,
        title=first.title if title is None else title,
        counters=tuple(counters),
        markers=alike(first.markers, "markers"),
        fronts=alike(first.fronts, "fronts"),
        traces=alike(first.traces, "traces"),
        hexsides=alike(first.hexsides, "hexsides"),
        highlights=(),
        status=(),
        viewer=None,
        mirror="",
        sides=union("sides"),
        flag_styles=union("flag_styles"),
        marker_styles=union("marker_styles"),
        trace_styles=union("trace_styles"),
        hexside_styles=union("hexside_styles"),
    )
