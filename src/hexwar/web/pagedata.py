"""A seat's page data (``GET /api/games/{id}/view``) as JSON bytes, rebuilding only what changed.

The page data is the seat's view, its page state and its board description
(:class:`~hexwar.core.boards.Board`). The board repeats, request after request, what does not
change during a game -- the hexes and their terrain, the hexsides, the legend's style tables,
the title -- and most of it is that: on the Aggressor map 300 hexes against 30-odd counters.
Built and serialised whole on every request, the board cost 18 times the view it shows.

So each seat keeps a :class:`SeatBoard` (the hub holds one per game and side, never shared
between sides):

- the board is a function of the view alone (``Ruleset.describe_board`` builds it from the
  view, so it never shows what the side may not know): while the view's JSON bytes are the
  ones it was built from, the board's bytes are handed out again, not rebuilt;
- when the view changed, the board is described again, and of its parts only those that
  changed are serialised again: the :data:`STATIC` parts (the hexes, the terrain, the hexsides,
  the sides and the style tables, the title) are kept, written once as the fixed board (below),
  while they are the same objects as last time (the rulesets build them once per game) or
  compare equal to them (a part that changed, a legend with a new line, is written again
  alone, and spliced in with the others' kept bytes); of the
  others (counters, markers, traces, highlights, fronts), a part that is the very tuple of
  the last board (a ruleset may hand out the same tuple while none of its pieces changed:
  a map's routes, the cells a side owns) is not written again, nor a piece that is the very
  object of the last board's part (a ruleset may hand out the same counter for a unit that
  did not change); the status lines are written again unless they are the very tuple of the
  last board (a ruleset may hand out the same lines while what they say stays).

The result is spliced into the reply as :class:`orjson.Fragment` pieces: the view's own bytes,
serialised once, are both the cache's key and the reply's ``view``.

The static parts are not in that reply at all: they are the seat's *fixed board*
(:meth:`SeatBoard.fixed`, ``GET /api/games/{id}/board``), one JSON object written once and
tagged by a hash of its bytes (the HTTP ``ETag``); the page data's board carries the parts that
change and ``"fixed"``, the tag of the fixed board it goes with (a client asks for the fixed
board again only when the tag changed, and merges the two: :func:`merged`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import fields
from itertools import accumulate, compress
from operator import attrgetter, is_not
from typing import Any

import orjson

from hexwar.core.boards import Board

__all__ = ["STATIC", "SeatBoard", "dumps", "merged", "part_json"]

# The board's parts that stay the same through a game (for one seat): kept as bytes while they
# are the objects, or equal to the objects, they were written from.
STATIC = frozenset(
    {
        "title",
        "orientation",
        "viewer",
        "mirror",
        "hexes",
        "terrain",
        "sides",
        "hexsides",
        "marker_styles",
        "hexside_styles",
        "trace_styles",
        "highlight_styles",
        "flag_styles",
    }
)
# Every part of a board, in Board.to_json's order of its fields (a part added to Board is
# written each time until it is named in STATIC).
_PARTS = tuple(f.name for f in fields(Board))
_FIXED = tuple(name for name in _PARTS if name in STATIC)
# The parts that change: tuples of pieces, and the status lines (each written again when it
# is not the very object of the last board).
_CHANGING = tuple(name for name in _PARTS if name not in STATIC)
# Each kind of part of a board, read in one C call.
_STATIC_OF = attrgetter(*_FIXED)
_CHANGING_OF = attrgetter(*_CHANGING)


def dumps(data: Any) -> bytes:
    """``data`` as JSON bytes, as the server writes every reply (int keys as strings, as json
    does: :func:`hexwar.web.asgi.json_response`)."""
    return orjson.dumps(data, option=_KEYS)


_KEYS = orjson.OPT_NON_STR_KEYS  # (the pieces' loops call orjson with it: no call between)


def part_json(value: Any, name: str) -> Any:
    """One part of a board as :meth:`Board.to_json` writes it."""
    if name == "status":
        return [list(s) for s in value]
    if isinstance(value, dict):
        return {k: v.to_json() for k, v in value.items()}
    if isinstance(value, tuple):
        return [x.to_json() for x in value]
    return value  # a string (the title, the orientation, the mirroring) or None (the viewer)


def merged(board: Mapping[str, Any] | None, fixed: Mapping[str, Any] | None) -> Any:
    """The whole board as :meth:`Board.to_json` writes it, from the page data's ``board`` (the
    parts that change, and ``fixed``: the fixed board's tag) and the fixed board its tag names
    (``GET /api/games/{id}/board``); ``None`` where the ruleset draws no map."""
    if board is None or fixed is None:
        return None
    whole = {**fixed, **board}
    return {name: whole[name] for name in _PARTS}


class SeatBoard:
    """One seat's board as JSON bytes: the last board's parts that change, and its fixed board
    (see the module's docstring). Used under its game's lock."""

    def __init__(self) -> None:
        self._key: object = None  # what the last board was described from (the view's bytes)
        self._board: orjson.Fragment | None = None
        # the static parts of the last board, read in one C call (_STATIC_OF): while a board's
        # are these very objects (or equal to them), its fixed board is the one written
        self._statics: tuple[object, ...] | None = None
        # name -> (the static part the fixed board holds, its bytes): a part that changed is
        # written again alone (a legend that gains a line), the others spliced in as they were
        self._parts: dict[str, tuple[object, orjson.Fragment]] = {}
        self._fixed: bytes | None = None  # the fixed board: the static parts as a JSON object
        self.tag: str | None = None  # ... and its tag (the HTTP ETag)
        # name -> each part that changes as the last board had it, written (a ruleset that
        # hands out the very tuple of the board before has it written once; one that hands
        # out the same object for an unchanged counter, marker, highlight has it written once)
        self._written: dict[str, _Written] = {}
        self.described = 0  # boards described (not handed out again): for the tests

    def board(
        self, key: object, describe: Callable[..., Board | None], *args: Any
    ) -> orjson.Fragment | None:
        """The JSON of the board's parts that change, with ``"fixed"`` (the tag of its fixed
        board: :meth:`fixed`), for the view ``key`` (its JSON bytes; comparable with ``==``),
        as ``describe(*args)`` gives it; ``describe`` is called only when ``key`` is not the
        last one's. ``None`` where the ruleset draws no map."""
        if self._key is not None and key == self._key:
            return self._board
        board = describe(*args)
        self.described += 1
        self._key = key
        self._board = None if board is None else orjson.Fragment(self._write(board))
        if board is None:
            self._statics, self._parts, self._fixed, self.tag = None, {}, None, None
        return self._board

    def fixed(self) -> tuple[bytes, str] | None:
        """The fixed board of the last board :meth:`board` gave (the static parts, written
        once as a JSON object) and its tag; ``None`` where there was none (no map)."""
        if self._fixed is None or self.tag is None:
            return None
        return self._fixed, self.tag

    def _write(self, board: Board) -> bytes:
        statics = _STATIC_OF(board)
        # (a tuple compares its items by identity first, then by ==, in C)
        if self._fixed is None or statics != self._statics:
            self._write_fixed(board)
        self._statics = statics
        out: dict[str, Any] = {}
        written = self._written
        for name, value in zip(_CHANGING, _CHANGING_OF(board), strict=True):
            if not isinstance(value, tuple):  # (a list may change in place: written each time)
                out[name] = part_json(value, name)
                continue
            found = written.get(name)
            if found is None or found[0] is not value:
                lengths: list[int] = []
                if name == "status":  # (orjson writes tuples as arrays, as Board.to_json does)
                    data = orjson.dumps(value)
                else:
                    data, lengths = _pieces(value, found)
                found = written[name] = (value, orjson.Fragment(data), data, lengths)
            out[name] = found[1]
        out["fixed"] = self.tag
        return orjson.dumps(out)

    def _write_fixed(self, board: Board) -> None:
        """The fixed board written again, each static part that changed alone."""
        parts = self._parts
        changed = self._fixed is None
        for name in _FIXED:
            value = getattr(board, name)
            found = parts.get(name)
            if found is None or (found[0] is not value and found[0] != value):
                parts[name] = (value, orjson.Fragment(dumps(part_json(value, name))))
                changed = True
        if changed:
            self._fixed = dumps({name: parts[name][1] for name in _FIXED})
            self.tag = hashlib.blake2b(self._fixed, digest_size=12).hexdigest()


# A part that changes as a seat's cache wrote it last: the tuple of pieces, its JSON (also as a
# fragment to splice in) and the length of each piece's JSON. Holding the pieces, it keeps
# their ids from being taken by other objects.
_Written = tuple[tuple[Any, ...], orjson.Fragment, bytes, list[int]]


def _pieces(values: tuple[Any, ...], last: _Written | None) -> tuple[bytes, list[int]]:
    """A part that changes, its pieces written as JSON: each piece that is the very object of
    the last board's part (``last``) as written there, copied from its bytes, the others by
    their ``to_json()`` now; the JSON and each piece's length in it. Where the pieces are the
    very ones in the same places but for a few (a unit that moved), the part is the last one's
    bytes with those few written over, read in one piece instead of a piece at a time (made
    once per order and seat, a page finds nothing in the processor's caches: one run of bytes
    is read far sooner than thirty objects)."""
    if last is None:
        pieces = [orjson.dumps(x.to_json(), option=_KEYS) for x in values]
        return b"[" + b",".join(pieces) + b"]", list(map(len, pieces))
    before, _, old, old_lengths = last
    ends = list(accumulate(old_lengths))
    n = len(values)
    if n == len(before):
        moved = list(compress(range(n), map(is_not, values, before)))
        if len(moved) * 4 <= n:
            view = memoryview(old)
            out: list[bytes | memoryview] = []
            lengths = old_lengths.copy()
            at = 0
            for i in moved:
                start = 1 + i + (ends[i - 1] if i else 0)  # "[" and a comma before each
                piece = orjson.dumps(values[i].to_json(), option=_KEYS)
                out.append(view[at:start])
                out.append(piece)
                at = start + lengths[i]
                lengths[i] = len(piece)
            out.append(view[at:])
            return b"".join(out), lengths
    # (the last part holds its pieces, so no other object can have taken their ids)
    where = dict(zip(map(id, before), range(len(before)), strict=True))
    pieces = []
    for x in values:
        place = where.get(id(x))
        if place is None:
            pieces.append(orjson.dumps(x.to_json(), option=_KEYS))
        else:
            start = 1 + place + (ends[place - 1] if place else 0)
            pieces.append(old[start : start + old_lengths[place]])
    return b"[" + b",".join(pieces) + b"]", list(map(len, pieces))
