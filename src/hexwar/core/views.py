"""Per-side observations. A :class:`View` is all a side (or its agent, or its front end) may
know; it is built by the ruleset's ``_view`` hook and must be JSON-able, so the fog of war is
enforced here and never left to a front end."""

from __future__ import annotations

import copy
import math
import operator
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from itertools import compress
from typing import Any, TypeAlias, TypeVar

JsonValue: TypeAlias = "str | int | float | bool | list[JsonValue] | dict[str, JsonValue] | None"


@dataclass(frozen=True, slots=True)
class View:
    """What ``side`` knows at decision ``step``; ``data`` is the ruleset's JSON-able content."""

    ruleset: str
    side: str
    step: int
    data: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "side": self.side, "step": self.step, "data": self.data}


def check_jsonable(value: Any, path: str = "view", *, checked: Collection[int] = ()) -> None:
    """Raise ``TypeError`` naming the first path in ``value`` that JSON cannot carry exactly.

    The common case -- plain dicts, lists, tuples, strings, ints, bools, finite floats -- is
    settled by one flat loop; anything else (a subclass such as ``numpy.float64``, another
    mapping, a bad value) takes the recursive walk, which names the first offending path.
    Containers whose ``id`` is in ``checked`` were checked before and are not entered again
    (the pieces a :class:`SharedJson` hands out).
    """
    if not _plain(value, checked):
        _walk(value, path)


def _plain(value: Any, checked: Collection[int] = ()) -> bool:
    """Whether ``value`` is built of exactly the JSON types (no subclasses), with finite
    floats and string keys: one loop over a stack, no recursion, no paths."""
    return _plain_containers(value, checked, None) is not None


T = TypeVar("T")


class SharedJson:
    """Pieces of views rebuilt only when what they are built from changes, each checked once.

    A game's view repeats, decision after decision, parts that rarely change (the design
    data, the map, who owns which cell): :meth:`get` returns the piece built last time while
    its source compares equal to the source it was built from, so every view shares it, and
    :func:`check_jsonable` with ``checked=`` :attr:`ids` walks neither it nor any list or
    dict inside it again. Views are read-only: whoever holds one must not change it.
    """

    def __init__(self) -> None:
        self._pieces: dict[object, tuple[object, Any, set[int]]] = {}
        self.ids: set[int] = set()
        """The ids of the pieces handed out now and of the lists and dicts inside them (each
        kept alive by this cache, so no other object has one of these ids). A piece holding
        another (a list of shared units) owns only its own containers: the other's stay the
        other's, so each id belongs to one piece and leaves with it."""

    def __deepcopy__(self, memo: dict[int, Any]) -> SharedJson:
        """An empty cache (a copied or pickled game's, :meth:`__reduce__` too): the ids
        kept are the original pieces' and a copy's pieces are other objects, so once the
        original is gone an id could name a new container the check would skip. The pieces
        are made again as the copy's views ask for them."""
        return SharedJson()

    def __reduce__(self) -> tuple[type[SharedJson], tuple[()]]:
        return (SharedJson, ())

    def get(self, key: object, source: object, build: Callable[[], T]) -> T:
        """The piece ``key`` built from ``source`` (compared with ``==``; a deep copy of it is
        kept unless it is hashable, so a dict changed in place is seen as changed);
        ``build()`` makes it when it is new or its source changed, and it is checked then.

        Raises:
            TypeError: the new piece is not JSON-able (naming its path under ``key``).
        """
        found = self._pieces.get(key)
        if found is not None and found[0] == source:
            value: T = found[1]
            return value
        return self._put(key, _kept(source), build())

    def same_list(self, key: object, items: list[T]) -> list[T]:
        """The list handed out last time as the piece ``key`` when it holds the very same
        objects as ``items`` (in order), else ``items`` as that piece from now on, checked.

        For a list of pieces the caller rebuilds each time (a side's units): equal identities
        are equal data, since the kept list keeps its members alive and views are read-only;
        the unchanged list is then skipped by :func:`check_jsonable` as a whole, and its
        reader may compare it by identity. A new list as long as the last one is checked
        only where it holds another object: the others were checked with the last one, and
        views are read-only.

        Raises:
            TypeError: the new list is not JSON-able (naming its path under ``key``).
        """
        found = self._pieces.get(key)
        if found is not None:
            old: list[T] = found[1]
            if len(old) == len(items):
                changed = list(compress(items, map(operator.is_not, old, items)))
                if not changed:
                    return old
                return self._put_changed(key, items, changed)
        return self._put(key, _NEVER, items)

    def put(self, key: object, value: T) -> T:
        """``value`` as the piece ``key`` from now on, checked (for a caller who knows by
        itself when a piece is out of date).

        Raises:
            TypeError: ``value`` is not JSON-able (naming its path under ``key``).
        """
        return self._put(key, _NEVER, value)

    def put_trusted(self, key: object, value: T, containers: Iterable[int]) -> T:
        """``value`` as the piece ``key`` from now on, not checked here: for a piece a ruleset
        builds often, of values whose types it has made sure of (exact ``str``, ``int``,
        ``bool``, ``None`` and finite ``float``, in lists and string-keyed dicts, and pieces
        of this cache), where the check would cost more than the piece. ``containers``: the
        ids of ``value`` and of the lists and dicts in it that are no piece of their own."""
        found = self._pieces.get(key)
        ids = self.ids
        if found is not None:
            ids.difference_update(found[2])
        inner = set(containers)
        ids.update(inner)
        self._pieces[key] = (_NEVER, value, inner)
        return value

    def _put_changed(self, key: object, items: list[T], changed: list[T]) -> list[T]:
        """``items`` as the piece ``key``, of which only ``changed`` are checked (the others
        were checked before, in the list it replaces)."""
        ids = self.ids
        inner: set[int] | None = {id(items)}
        for item in changed:
            inner = _plain_containers(item, ids, inner)
            if inner is None:  # not plain: the whole list's check names what is wrong
                return self._put(key, _NEVER, items)
        found = self._pieces.get(key)
        if found is not None:
            ids.difference_update(found[2])
        assert inner is not None
        ids.update(inner)
        self._pieces[key] = (_NEVER, items, inner)
        return items

    def _put(self, key: object, source: object, value: T) -> T:
        ids = self.ids
        inner = _plain_containers(value, ids, set())  # none known: owned by no piece yet
        if inner is None:  # not plain: the walk names what JSON cannot carry, if anything
            _walk(value, f"view.{key}")
            inner = _containers(value, ids)
        found = self._pieces.get(key)
        if found is not None:
            ids.difference_update(found[2])
        ids.update(inner)
        self._pieces[key] = (source, value, inner)
        return value


class _Never:
    """A source equal to nothing: a piece :meth:`SharedJson.put` gave is never found by
    :meth:`SharedJson.get`."""

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = object.__hash__


_NEVER = _Never()


def _kept(source: object) -> object:
    """``source`` as a :class:`SharedJson` keeps it: a hashable one (a tuple of numbers and
    bytes) as it is, anything else (a dict the game changes in place) deep-copied."""
    try:
        hash(source)
    except TypeError:
        return copy.deepcopy(source)
    return source


def _plain_containers(
    value: Any, known: Collection[int], out: set[int] | None = None
) -> set[int] | None:
    """Whether ``value`` is built of exactly the JSON types (no subclasses), with finite
    floats and string keys, skipping the lists, tuples and dicts whose ids are ``known``;
    if so, the ids of those it holds that are not known (and of itself if it is one) are
    added to ``out`` and ``out`` is returned (an empty set when ``out`` is ``None``: ask
    for ids with a set), else ``None``.

    One loop over a stack of containers, no recursion and no paths; the scalars in a
    container are settled where it is read, without a trip through the stack. A list of
    dicts whose ids are all known (the pieces of a side's units) is passed over by one C
    loop: a known id is that of a live container, so none of them is a scalar to settle."""
    found = set() if out is None else out
    add = found.add if out is not None else None
    if id(value) in known:
        return found
    stack = [value]  # (containers not known)
    pop, push = stack.pop, stack.append
    while stack:
        x = pop()
        t = type(x)
        if t is dict:
            for k, v in x.items():
                if type(k) is not str:
                    return None
                tv = type(v)
                if tv is str or tv is int or tv is bool or v is None:
                    continue
                if tv is float:
                    if v - v != 0.0:  # inf - inf and nan - nan are nan
                        return None
                    continue
                if id(v) not in known:
                    push(v)
        elif t is list or t is tuple:
            if x and type(x[0]) is dict and type(known) is set and known.issuperset(map(id, x)):
                pass  # known pieces all (a side's units): passed over by one C loop
            else:
                for v in x:
                    tv = type(v)
                    if tv is float:
                        if v - v != 0.0:
                            return None
                        continue
                    if tv is str or tv is int or tv is bool or v is None:
                        continue
                    if id(v) not in known:
                        push(v)
        elif t is str or t is int or t is bool or x is None:
            continue
        elif t is float:
            if x - x != 0.0:
                return None
            continue
        else:
            return None
        if add is not None:
            add(id(x))
    return found


def _containers(value: Any, known: Collection[int]) -> set[int]:
    """The ids of ``value`` and of every list, tuple and dict in it, if it is one, but those
    in ``known`` and what they hold (pieces already shared: a list of shared units)."""
    out: set[int] = set()
    stack = [value]
    while stack:
        x = stack.pop()
        t = type(x)
        if (t is dict or t is list or t is tuple) and id(x) not in known:
            out.add(id(x))
            stack.extend(x.values() if t is dict else x)
    return out


def _walk(value: Any, path: str) -> None:
    if value is None or isinstance(value, bool | int | str):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise TypeError(f"{path}: {value} is not finite")
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"{path}: key {key!r} is not a string")
            _walk(item, f"{path}.{key}")
        return
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            _walk(item, f"{path}[{i}]")
        return
    raise TypeError(f"{path}: {type(value).__name__} is not JSON-able")
