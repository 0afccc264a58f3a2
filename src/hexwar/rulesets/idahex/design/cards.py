"""Card images of Files 50 and 60 (seed 000, §9.1): read into the models, write back from them.

A file is a sequence of lines, one 80-column card image each; anything after column 80 is the
identification code the sample decks of §9.2 print at the end of a line, and is ignored. Every
group is read exactly as the FORTRAN of §9.1 reads it, with fixed-width fields:

* ``format (8i10)`` and ``format (8f10.0)``: eight 10-column fields per card;
* names: ``(i5,5x,6a8)`` (code in columns 1-5, text in 11-58), ``(6a8)``, ``(a5,1x,a5)``;
* ``(3i10,f10.0)`` for a unit's status, ``(8l10)`` and ``(l10)`` for logicals (``T``/``F``,
  ``.TRUE.``/``.FALSE.``), ``(l10,2i10)`` for group 93, ``(10x,7f10.0)`` (columns 1-10 skipped)
  for the abscissae of groups 64, 66, 70, 73 and 76.

FORTRAN rules that matter: a read statement starts a new card; when its list is longer than
the format, the format starts again on the next card; a blank field reads as 0; a read whose
list is empty still consumes one card. A number needs no decimal point (``F10.0`` reads ``25``
as 25.0). Where FORTRAN would silently ignore a card's extra content, this reader reports it --
a field the group does not read is almost always a card in the wrong place -- and it rejects
blanks inside a number, which FORTRAN would drop (``1 0`` read as 10).

Every problem is collected, not just the first, and reported as a
:class:`~hexwar.core.errors.Problem` at ``file:card: group N (variable): field k: message``,
where the card number is the line number::

    file50.txt:412: group 32 (mr): field 3: expected a number, got '1A'

The deck layout is written once, as the ``_GROUPS`` functions below, and run either by a
:class:`_Reader` (cards to model data) or a :class:`_Writer` (model to cards), so reading what
was written gives back the same model.
"""

from __future__ import annotations

import math
import os
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from hexwar.core.errors import Problem, ScenarioError
from hexwar.rulesets.idahex.design.model import (
    DEFER_CONSISTENCY,
    MAGNITUDE,
    NAME_WIDTH,
    RSNAME_WIDTH,
    File50,
    File60,
    consistency_problems,
    file60_problems,
    poff_dims,
    poff_table,
)
from hexwar.scenarios import KeyPath

__all__ = [
    "CARD_WIDTH",
    "check_design",
    "read_file50",
    "read_file60",
    "write_file50",
    "write_file60",
]

CARD_WIDTH = 80
"""Columns of a card image; the rest of a line is an identification code (§9.2)."""

Kind = Literal["I", "F", "L", "A", "X"]


@dataclass(frozen=True, slots=True)
class _Field:
    kind: Kind
    width: int


def _fmt(*items: tuple[int, Kind, int]) -> tuple[_Field, ...]:
    return tuple(_Field(kind, width) for count, kind, width in items for _ in range(count))


FMT_I = _fmt((8, "I", 10))  # 2 format (8i10)
FMT_F = _fmt((8, "F", 10))  # 3 format (8f10.0)
FMT_LABEL = _fmt((1, "I", 5), (1, "X", 5), (1, "A", NAME_WIDTH))  # (i5,5x,6a8)
FMT_NAME = _fmt((1, "A", NAME_WIDTH))  # (6a8)
FMT_RSNAME = _fmt((1, "A", RSNAME_WIDTH), (1, "X", 1), (1, "A", RSNAME_WIDTH))  # (a5,1x,a5)
FMT_STATUS = _fmt((3, "I", 10), (1, "F", 10))  # (3i10,f10.0)
FMT_L8 = _fmt((8, "L", 10))  # (8l10)
FMT_L1 = _fmt((1, "L", 10))  # (l10)
FMT_HAVEN = _fmt((1, "L", 10), (2, "I", 10))  # (l10,2i10)
FMT_SKIP = _fmt((1, "X", 10), (7, "F", 10))  # (10x,7f10.0)


def _fmt_unit(nsyl: int) -> tuple[_Field, ...]:
    # (i5,5x,7a8) reading nsyl words: the name is the first 8 * nsyl characters.
    return _fmt((1, "I", 5), (1, "X", 5), (1, "A", 8 * nsyl))


# --- field syntax ---------------------------------------------------------------------------

_INT = re.compile(r"[+-]?\d+")
_REAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[EeDd][+-]?\d+)?")
_LOGICAL = re.compile(r"\.?([TtFf])[A-Za-z]*\.?")


class _FieldError(ValueError):
    pass


def _parse(kind: Kind, text: str) -> Any:
    """One field's value (FORTRAN input editing; blank numeric fields are 0)."""
    s = text.strip()
    if kind == "A":
        return text.rstrip()
    if kind == "L":
        m = _LOGICAL.fullmatch(s)
        if not m:
            raise _FieldError(f"expected T or F, got {s!r}" if s else "expected T or F, got blank")
        return m.group(1) in "Tt"
    if not s:
        return 0 if kind == "I" else 0.0
    if " " in s:
        raise _FieldError(f"blank inside the number {s!r}")
    if kind == "I":
        if not _INT.fullmatch(s):
            raise _FieldError(f"expected an integer, got {s!r}")
        return int(s)
    if not _REAL.fullmatch(s):
        raise _FieldError(f"expected a number, got {s!r}")
    value = float(s.replace("D", "E").replace("d", "e"))
    if math.isinf(value):  # Python reads an overflowing exponent as inf, FORTRAN as an error
        raise _FieldError(
            f"{s!r} is beyond the magnitude the design data may have ({MAGNITUDE:g}; rule: "
            "docs/rulings/idahex.md, 'Magnitudes'; a card number is finite)"
        )
    return value


def format_real(value: float, width: int = 10) -> str:
    """The shortest text of at most ``width`` characters that FORTRAN ``F`` input reads as
    ``value``; when none exists, the closest that fits (the value is rounded)."""
    if not math.isfinite(value):
        raise ValueError(f"{value!r} cannot be written on a card")
    if value == int(value):
        for text in (f"{int(value)}.", str(int(value))):
            if len(text) <= width:
                return text
    candidates = []
    for text in (repr(value), f"{value:.{width}g}"):
        mant, _, exp = text.lower().partition("e")
        if "." in mant:
            mant = mant.rstrip("0")
        mant = mant.replace("0.", ".", 1) if mant.startswith(("0.", "-0.")) else mant
        if mant.startswith("-0."):
            mant = "-" + mant[2:]
        candidates.append(f"{mant}E{int(exp)}" if exp else mant)
    for text in candidates:
        if len(text) <= width and float(text) == value:
            return text
    for digits in range(width, 0, -1):
        text = f"{value:.{digits}g}".replace("e", "E").replace("+", "")
        text = re.sub(r"^(-?)0\.", r"\1.", text)
        if len(text) <= width:
            return text
    raise ValueError(f"{value!r} does not fit in {width} columns")


def _format(kind: Kind, width: int, value: Any) -> str:
    if kind == "A":
        text = str(value)
        if len(text) > width:
            raise ValueError(f"{text!r} is longer than {width} characters")
        return text.ljust(width)
    if kind == "L":
        return ("T" if value else "F").rjust(width)
    text = str(int(value)) if kind == "I" else format_real(float(value), width)
    if len(text) > width:
        raise ValueError(f"{value!r} does not fit in {width} columns")
    return text.rjust(width)


# --- manual names for messages ------------------------------------------------------------------

_ENTRY_NAMES = {
    "basic_rtetype": "[basic_rtetype]",
    "basic_bartype": "[basic_bartype]",
    "basic_env": "[basic_env]",
    "resources": "[resources]",
    "owner": "[owner]",
}
_TOP_NAMES = {
    "basic_env": "[basic_env]",
    "basic_routes": "[basic_rtetype], [basic_bartype]",
    "units": "buname",
    "owner": "[owner]",
    "pmap": "pmapup, pmapdn",
    "combat_supplies": "mapps",
    "poff": "poff",
    "vfeba": "vfeba.f0, vfeba.f",
}
# Leaves that are the leading integer of a card (its key) rather than a variable of their own.
_KEY_LEAVES = frozenset({"cell", "code", "posture", "number", "basic", "attacker", "defender"})
_TWO_COMPONENT = ("fmr", "frdval", "vfeba", "frinv", "freff", "prep", "haven")


def _dotted(name: str) -> str:
    for prefix in _TWO_COMPONENT:
        if name.startswith(prefix + "_"):
            return prefix + "." + name[len(prefix) + 1 :]
    return name


def _manual_name(path: Sequence[str | int]) -> str:
    """The manual's name of the variable at ``path`` (``fmr_f`` -> ``fmr.f``)."""
    if not path:
        return "?"
    top = str(path[0])
    leaf = next((p for p in path[1:] if isinstance(p, str)), None)
    if leaf is None or leaf in _KEY_LEAVES or leaf == "name":
        return _TOP_NAMES.get(top, _dotted(top))
    if top == "vfeba":
        return "vfeba." + leaf
    return _ENTRY_NAMES.get(leaf, leaf)


# --- the codec: one deck layout, read or written ------------------------------------------------


class _StopReadingError(Exception):
    """Reading cannot go on (end of file, or a count it depends on is unreadable)."""


@dataclass(frozen=True, slots=True)
class _Loc:
    line: int
    group: int
    var: str
    field: int | None


class _IO(ABC):
    """What a group function needs: statements (one card or more) and values in them."""

    file: str

    @abstractmethod
    def stmt(self, fmt: Sequence[_Field], group: int) -> AbstractContextManager[None]:
        """One read statement of ``group`` with format ``fmt``: it starts on a new card."""

    @abstractmethod
    def value(self, path: KeyPath, var: str | None = None) -> Any:
        """The next list item, stored at (read) or taken from (write) ``path``."""

    @abstractmethod
    def key(self, path: KeyPath, index: int, length_of: KeyPath) -> int | None:
        """The leading integer of a card of a terminated list: the entry's key, or ``None`` for
        the terminating card (``i <= 0``). ``length_of`` is the list the entry belongs to."""

    @abstractmethod
    def rest(self, n: int) -> None:
        """``n`` more list items of a terminating card (read and dropped; written as blank)."""

    @abstractmethod
    def length(self, of: KeyPath, var: str) -> int:
        """A count read from the card (``nrst``) that the model holds as a length."""

    @abstractmethod
    def dummy(self) -> None:
        """A list item IDAHEX reads and discards (``temp`` of group 37)."""

    @abstractmethod
    def get(self, path: KeyPath) -> Any:
        """A value already read (or the model's value): drives counts and branches."""

    @abstractmethod
    def entries(self, path: KeyPath) -> int:
        """How many entries the terminated list at ``path`` has (read so far)."""

    @abstractmethod
    def array(self, path: KeyPath) -> None:
        """Declare that an array (possibly empty) lives at ``path``."""

    @abstractmethod
    def fail(self, path: KeyPath, message: str) -> None:
        """A value at ``path`` makes the rest of the deck's layout unknowable: stop."""


class _Reader(_IO):
    def __init__(self, text: str, file: str) -> None:
        self.file = file
        self.lines = text.splitlines()
        self.pos = 0
        self.problems: list[Problem] = []
        self.locs: dict[KeyPath, _Loc] = {}
        self.data: dict[KeyPath, Any] = {}
        self._card: str = ""
        self._line = 0
        self._fields: list[tuple[int, _Field, int]] = []  # (field number, field, start column)
        self._fmt: Sequence[_Field] = ()
        self._next = 0
        self._group = 0
        self._eof_ok = False

    # -- statement handling --

    def problem(self, line: int | None, group: int, var: str, message: str) -> None:
        self.problems.append(Problem(message, self.file, line, f"group {group} ({var})"))

    def _load(self) -> None:
        if self.pos >= len(self.lines):
            raise EOFError
        raw = self.lines[self.pos]
        self.pos += 1
        self._line = self.pos
        card = raw[:CARD_WIDTH]
        if "\t" in card:
            self.problems.append(
                Problem(
                    "tab character on the card: card images use spaces (fields are columns)",
                    self.file,
                    self._line,
                    f"group {self._group}",
                )
            )
            card = card.replace("\t", " ")
        self._card = card.ljust(CARD_WIDTH)
        self._fields = []
        col, number = 0, 0
        for f in self._fmt:
            if f.kind != "X":
                number += 1
            self._fields.append((number, f, col))
            col += f.width
        self._next = 0

    @contextmanager
    def stmt(self, fmt: Sequence[_Field], group: int) -> Iterator[None]:
        self._fmt = fmt
        self._group = group
        self._load_or_stop(group, "")
        yield
        self._finish()

    def _load_or_stop(self, group: int, var: str) -> None:
        try:
            self._load()
        except EOFError:
            if self._eof_ok:
                raise
            self.problems.append(
                Problem(
                    f"the file ends here, but group {group} ({var or 'its data'}) is still being "
                    "read: cards are missing",
                    self.file,
                    len(self.lines),
                    f"group {group}",
                )
            )
            raise _StopReadingError from None

    def _finish(self) -> None:
        # Fields this statement did not read must be blank (a FORTRAN read ignores them; a
        # non-blank one is almost always a card in the wrong place).
        end = self._fields[-1][2] + self._fields[-1][1].width if self._fields else 0
        for number, f, col in self._fields[self._next :]:
            if f.kind == "X":
                continue
            text = self._card[col : col + f.width]
            if text.strip():
                self.problems.append(
                    Problem(
                        f"field {number} (columns {col + 1}-{col + f.width}): {text.strip()!r} "
                        f"is not read by group {self._group}: a card out of place?",
                        self.file,
                        self._line,
                        f"group {self._group}",
                    )
                )
                break
        rest = self._card[end:CARD_WIDTH]
        if rest.strip() and all(f.kind != "A" for _, f, _ in self._fields[-1:]):
            self.problems.append(
                Problem(
                    f"columns {end + 1}-{CARD_WIDTH} ({rest.strip()!r}) are not read by group "
                    f"{self._group}: a card out of place?",
                    self.file,
                    self._line,
                    f"group {self._group}",
                )
            )

    def _take(self, var: str) -> tuple[Any, _Loc, bool]:
        """The next field of the statement, moving to the next card when the format is used up."""
        while True:
            while self._next < len(self._fields) and self._fields[self._next][1].kind == "X":
                self._next += 1
            if self._next < len(self._fields):
                break
            self._finish()
            self._load_or_stop(self._group, var)
        number, f, col = self._fields[self._next]
        self._next += 1
        text = self._card[col : col + f.width]
        loc = _Loc(self._line, self._group, var, number)
        try:
            return _parse(f.kind, text), loc, True
        except _FieldError as e:
            self.problem(self._line, self._group, var, f"field {number}: {e}")
            return None, loc, False

    def _store(self, path: KeyPath, value: Any, loc: _Loc) -> None:
        self.data[path] = value
        for end in range(1, len(path) + 1):
            self.locs.setdefault(path[:end], loc)

    def value(self, path: KeyPath, var: str | None = None) -> Any:
        v, loc, _ = self._take(var or _manual_name(path))
        self._store(path, v, loc)
        return v

    def key(self, path: KeyPath, index: int, length_of: KeyPath) -> int | None:
        v, loc, ok = self._take(_manual_name(path))
        if ok and v <= 0:
            self.locs.setdefault(length_of, loc)
            self.data.setdefault(length_of, ())
            return None
        self._store(path, v, loc)
        return index

    def rest(self, n: int) -> None:
        for _ in range(n):
            self._take(f"group {self._group}")

    def length(self, of: KeyPath, var: str) -> int:
        v, loc, ok = self._take(var)
        if not ok:
            raise _StopReadingError
        if v < 0:
            self.problem(loc.line, loc.group, var, f"field {loc.field}: must be >= 0, got {v}")
            raise _StopReadingError
        self.locs.setdefault(of, loc)
        return int(v)

    def dummy(self) -> None:
        self._take("temp")

    def get(self, path: KeyPath) -> Any:
        if path not in self.data or self.data[path] is None:
            loc = self.locs.get(path)
            group = loc.group if loc else self._group
            self.problems.append(
                Problem(
                    f"cannot read on: {_manual_name(path)} (group {group}) is unreadable and "
                    "later groups depend on it",
                    self.file,
                    loc.line if loc else None,
                    f"group {group} ({_manual_name(path)})",
                )
            )
            raise _StopReadingError
        return self.data[path]

    def entries(self, path: KeyPath) -> int:
        n = 0
        while any(k[: len(path) + 1] == (*path, n) for k in self.data):
            n += 1
        return n

    def array(self, path: KeyPath) -> None:
        self.data.setdefault(path, ())

    def fail(self, path: KeyPath, message: str) -> None:
        loc = self.locs.get(path)
        self.problems.append(
            Problem(
                f"{message}; the cards after it cannot be read",
                self.file,
                loc.line if loc else None,
                f"group {loc.group if loc else self._group} ({_manual_name(path)})",
            )
        )
        raise _StopReadingError


class _Writer(_IO):
    def __init__(self, model: File50 | File60, file: str = "<model>") -> None:
        self.file = file
        self.model = model
        self.out: list[str] = []
        self._parts: list[str] = []
        self._fmt: Sequence[_Field] = ()
        self._next = 0
        self._group = 0
        self._first_of_group: set[int] = set()
        self._id = ""

    def array(self, path: KeyPath) -> None:
        """Writing needs no declaration: the model already holds the array."""

    @contextmanager
    def stmt(self, fmt: Sequence[_Field], group: int) -> Iterator[None]:
        self._fmt = fmt
        self._group = group
        self._new_card()
        yield
        self._flush()

    def _new_card(self) -> None:
        self._parts = []
        self._next = 0
        if self._group not in self._first_of_group:
            self._first_of_group.add(self._group)
            self._id = f"{self._group:02d}"
        else:
            self._id = ""

    def _flush(self) -> None:
        card = "".join(self._parts).rstrip()
        if self._id:
            card = card.ljust(CARD_WIDTH) + " " + self._id
        self.out.append(card)

    def _put(self, value: Any) -> None:
        while True:
            while self._next < len(self._fmt) and self._fmt[self._next].kind == "X":
                self._parts.append(" " * self._fmt[self._next].width)
                self._next += 1
            if self._next < len(self._fmt):
                break
            self._flush()
            self._new_card()
        f = self._fmt[self._next]
        self._next += 1
        self._parts.append(" " * f.width if value is None else _format(f.kind, f.width, value))

    def get(self, path: KeyPath) -> Any:
        obj: Any = self.model
        for part in path:
            obj = obj[part] if isinstance(part, int) else getattr(obj, part)
        return obj

    def value(self, path: KeyPath, var: str | None = None) -> Any:
        v = self.get(path)
        self._put(v)
        return v

    def entries(self, path: KeyPath) -> int:
        return len(self.get(path))

    def fail(self, path: KeyPath, message: str) -> None:
        raise ValueError(f"{_manual_name(path)}: {message}")

    def key(self, path: KeyPath, index: int, length_of: KeyPath) -> int | None:
        if index >= len(self.get(length_of)):
            self._put(-9)
            return None
        self._put(self.get(path))
        return index

    def rest(self, n: int) -> None:
        pass

    def length(self, of: KeyPath, var: str) -> int:
        n = len(self.get(of))
        self._put(n)
        return n

    def dummy(self) -> None:
        self._put(None)


# --- the deck layout of File 50 (§9.1.1) ---------------------------------------------------------


def _side_nrs(io: _IO, s: int) -> int:
    """``nrs(s)``, from the counts of group 19."""
    return sum(_count(io, (name, s)) for name in ("nggwep", "ngawep", "ntrpt", "nss", "npers"))


def _side_nmat(io: _IO, s: int) -> int:
    return _side_nrs(io, s) - _count(io, ("npers", s))


def _side_nequip(io: _IO, s: int) -> int:
    return sum(_count(io, (name, s)) for name in ("nggwep", "ngawep", "ntrpt"))


def _flag(io: _IO, t: int) -> int:
    f = io.get(("flag", t))
    if f not in (1, 2):
        io.fail(("flag", t), f"must be 1 (Red) or 2 (Blue), got {f}")
    return int(f)


def _count(io: _IO, path: KeyPath) -> int:
    n = io.get(path)
    if not isinstance(n, int) or n < 0:
        io.fail(path, f"a count must be >= 0, got {n}")
    return int(n)


def _vec(io: _IO, fmt: Sequence[_Field], group: int, path: KeyPath, n: int) -> None:
    """One read statement of ``n`` items stored at ``path + (k,)``."""
    io.array(path)
    with io.stmt(fmt, group):
        for k in range(n):
            io.value((*path, k))


def _scalars(io: _IO, fmt: Sequence[_Field], group: int, *paths: KeyPath) -> None:
    with io.stmt(fmt, group):
        for p in paths:
            io.value(p)


def _labels(io: _IO, group: int, name: str) -> None:
    i = 0
    while True:
        with io.stmt(FMT_LABEL, group):
            if io.key((name, i, "code"), i, (name,)) is None:
                io.rest(1)
                return
            io.value((name, i, "name"))
        i += 1


def _names(io: _IO, group: int, name: str, n: int) -> None:
    io.array((name,))
    for i in range(n):
        _scalars(io, FMT_NAME, group, (name, i))


def _terminated(io: _IO, group: int, name: str, keys: Sequence[str], fmt: Sequence[_Field]) -> None:
    """``1 read i, ...; if (i.le.0) go to 5; ...; go to 1``: entries until a key <= 0."""
    i = 0
    while True:
        with io.stmt(fmt, group):
            if io.key((name, i, keys[0]), i, (name,)) is None:
                io.rest(len(keys) - 1)
                return
            for k in keys[1:]:
                io.value((name, i, k))
        i += 1


def _g1_15(io: _IO) -> None:
    _scalars(io, FMT_I, 1, ("iprint",), ("nprint",))
    _scalars(io, FMT_F, 2, *((v,) for v in ("tinit", "tend", "tframe", "tcycle", "tpd", "delta")))
    _scalars(io, FMT_I, 3, ("ncells",), ("nrank1",))
    _labels(io, 4, "ename0")
    _scalars(io, FMT_I, 5, ("nenv",))
    _names(io, 6, "ename", _count(io, ("nenv",)))
    _terminated(io, 7, "basic_env", ("cell", "basic_env"), FMT_I)
    _labels(io, 8, "rname0")
    _labels(io, 9, "bname0")
    _scalars(io, FMT_I, 10, ("nrtety",))
    _names(io, 11, "rname", _count(io, ("nrtety",)))
    _scalars(io, FMT_I, 12, ("nbarty",))
    _names(io, 13, "bname", _count(io, ("nbarty",)))
    i = 0
    while True:  # group 14: i, then (route, barrier) for successors 1-3 (the sample's order)
        with io.stmt(FMT_I, 14):
            if io.key(("basic_routes", i, "cell"), i, ("basic_routes",)) is None:
                io.rest(6)
                break
            for k in range(3):
                io.value(("basic_routes", i, "basic_rtetype", k))
                io.value(("basic_routes", i, "basic_bartype", k))
        i += 1
    _scalars(io, FMT_F, 15, ("depth",))


def _g16_26(io: _IO) -> None:
    _scalars(io, FMT_I, 16, ("iblul",), ("nsyl",), ("nutype",))
    _vec(io, FMT_I, 17, ("npost",), 4)
    _scalars(io, FMT_I, 18, ("itrfp",))
    for s in range(2):
        _scalars(io, FMT_I, 19, *((v, s) for v in ("nggwep", "ngawep", "ntrpt", "nss", "npers")))
    for s in range(2):
        io.array(("rsname", s))
        for i in range(_side_nrs(io, s)):
            _scalars(io, FMT_RSNAME, 20, ("rsname", s, i, 0), ("rsname", s, i, 1))
    nutype = _count(io, ("nutype",))
    _vec(io, FMT_I, 21, ("flag",), nutype)
    for t in range(nutype):
        io.array(("iars", t))
        with io.stmt(FMT_I, 22):
            n = io.length(("iars", t), "nrst")
            for k in range(n):
                io.value(("iars", t, k))
    for t in range(nutype):
        _vec(io, FMT_F, 23, ("toe", t), _side_nrs(io, _flag(io, t) - 1))
    for t in range(nutype):
        _vec(io, FMT_F, 24, ("aysize", t), 4)
    nsyl = io.get(("nsyl",))
    if nsyl not in (1, 2):
        io.fail(("nsyl",), f"must be 1 or 2, got {nsyl}")
    i = 0
    while True:
        with io.stmt(_fmt_unit(nsyl), 25):
            if io.key(("units", i, "number"), i, ("units",)) is None:
                io.rest(1)
                break
            io.value(("units", i, "buname"))
        status = ("butype", "buloc", "bupost", "tentry")
        _scalars(io, FMT_STATUS, 25, *(("units", i, v) for v in status))
        butype = io.get(("units", i, "butype"))
        if not 1 <= butype <= nutype:
            io.fail(("units", i, "butype"), f"unit type {butype} does not exist (1..{nutype})")
        _vec(io, FMT_F, 25, ("units", i, "resources"), _side_nrs(io, _flag(io, butype - 1) - 1))
        i += 1
    _scalars(io, FMT_I, 26, ("border",), ("side",))
    _terminated(io, 26, "owner", ("cell", "owner"), FMT_I)


def _g27_40(io: _IO) -> None:
    _terminated(io, 27, "pmap", ("posture", "pmapup", "pmapdn"), FMT_I)
    npost = [_count(io, ("npost", c)) for c in range(4)]
    for c in range(4):  # "k = 9" in the printed loop is read as k = 1 (ruling)
        for j in range(npost[c]):
            _vec(io, FMT_F, 28, ("ptran", c, j), npost[c])
    nutype = _count(io, ("nutype",))
    for t in range(nutype):
        _vec(io, FMT_F, 29, ("diseng", t), 2)
    _vec(io, FMT_L8, 30, ("airmove",), npost[2])
    _vec(io, FMT_F, 31, ("mrair",), nutype)
    nbarty, nrtety = _count(io, ("nbarty",)), _count(io, ("nrtety",))
    for t in range(nutype):
        for j in range(npost[2]):
            _vec(io, FMT_F, 32, ("bdelay", t, j), nbarty)
            _vec(io, FMT_F, 32, ("mr", t, j), nrtety)
    for s in range(2):
        nrs = _side_nrs(io, s)
        _vec(io, FMT_F, 33, ("trnreq", s), nrs)
        _vec(io, FMT_F, 33, ("trncap", s), nrs)
        for j in range(nrs):
            _vec(io, FMT_F, 33, ("ssreqm", s, j), io.get(("nss", s)))
    _vec(io, FMT_I, 34, ("trptcl",), nutype)
    for s in range(2):
        _vec(io, FMT_I, 35, ("loadcl", s), _side_nrs(io, s))
    for s in range(2):
        nrs = _side_nrs(io, s)
        _scalars(io, FMT_I, 36, ("nlc", s))
        for i in range(nrs):
            _vec(io, FMT_F, 36, ("ldsize", s, i), _count(io, ("nlc", s)))
        _vec(io, FMT_F, 36, ("ldcap", s), nrs)
    for t in range(nutype):
        with io.stmt(FMT_F, 37):
            io.value(("fmr_f0", t))
            for k in range(6):
                io.value(("fmr_f", t, k))
    with io.stmt(FMT_F, 37):
        io.dummy()
        for k in range(6):
            io.value(("fmr_x", k))
    for name, group, s in (("ssvncr", 38, 0), ("ssvncb", 39, 1)):
        nrs = _side_nrs(io, s)
        io.array((name,))
        for i in range(io.get(("nss", s))):
            for j in range(nrs):
                _vec(io, FMT_F, group, (name, i * nrs + j), 3)
    for s in range(2):
        nrs, nss = _side_nrs(io, s), io.get(("nss", s))
        i = 0
        while True:
            entry: KeyPath = ("combat_supplies", s, i)
            with io.stmt(FMT_I, 40):
                if io.key((*entry, "posture"), i, ("combat_supplies", s)) is None:
                    io.rest(1)
                    break
                io.value((*entry, "mapps"))
            _scalars(io, FMT_L1, 40, (*entry, "old"))
            io.array((*entry, "ssvact"))
            io.array((*entry, "ssvres"))
            if not io.get((*entry, "old")):
                for k in range(nss):
                    _vec(io, FMT_F, 40, (*entry, "ssvact", k), nrs)
                    _vec(io, FMT_F, 40, (*entry, "ssvres", k), nrs)
            i += 1


def _poff_dims(io: _IO) -> tuple[int, int]:
    """``kap`` and ``kdp`` from npost and the group 41 changes read so far."""
    npost = [_count(io, ("npost", c)) for c in range(4)]
    changes = (
        (io.get(("poff", i, "posture")), io.get(("poff", i, "poff")))
        for i in range(io.entries(("poff",)))
    )
    return poff_dims(poff_table(npost, changes))


def _g41_61(io: _IO) -> None:
    _terminated(io, 41, "poff", ("posture", "poff"), FMT_I)
    for s in range(2):
        _vec(io, FMT_F, 42, ("stdtgt", s), _side_nrs(io, s))
    ngg = [_count(io, ("nggwep", s)) for s in range(2)]
    nmat = [_side_nmat(io, s) for s in range(2)]
    for name, group in (("aggatk", 43), ("aggdef", 44), ("katk", 45), ("kdef", 46)):
        for s in range(2):
            io.array((name, s))
            for i in range(ngg[s]):
                _vec(io, FMT_F, group, (name, s, i), nmat[1 - s])
    kap, kdp = _poff_dims(io)
    nenv, nbarty = _count(io, ("nenv",)), _count(io, ("nbarty",))
    for name, group, rows, n in (
        ("fckar", 47, ngg, kap),
        ("fckdr", 48, ngg, kdp),
        ("fckac", 49, nmat, kdp),
        ("fckdc", 50, nmat, kap),
        ("fckare", 51, ngg, nenv),
        ("fckdre", 52, ngg, nenv),
        ("fckace", 53, nmat, nenv),
        ("fckdce", 54, nmat, nenv),
        ("barier", 55, ngg, nbarty),
    ):
        for s in range(2):
            io.array((name, s))
            for i in range(rows[s]):
                _vec(io, FMT_F, group, (name, s, i), n)
    for name, group, s in (("dpersr", 56, 0), ("dpersb", 57, 1)):
        io.array((name,))
        for i in range(_count(io, ("npers", s))):
            io.array((name, i))
            for j in range(ngg[1 - s]):
                _vec(io, FMT_F, group, (name, i, j), nmat[s])
    _vec(io, FMT_F, 58, ("td",), nenv)
    _vec(io, FMT_F, 59, ("febab",), nbarty)
    _scalars(io, FMT_F, 60, ("febad",))
    _vec(io, FMT_F, 61, ("vanish",), _count(io, ("nutype",)))


def _frdval_row(io: _IO, group: int, f0: str, f: str, r: int) -> None:
    with io.stmt(FMT_F, group):
        io.value((f0, r))
        for k in range(7):
            io.value((f, r, k))


def _g62_77(io: _IO) -> None:
    npost = [_count(io, ("npost", c)) for c in range(4)]
    for r in range(npost[3]):
        _frdval_row(io, 62, "frdval_f0atk", "frdval_fatk", r)
    for r in range(npost[0] + npost[1]):
        _frdval_row(io, 63, "frdval_f0def", "frdval_fdef", r)
    _vec(io, FMT_SKIP, 64, ("frdval_x",), 7)  # format 4 (10x,7f10.0), as printed (ruling)
    for s in range(2):
        i = 0
        while True:
            entry: KeyPath = ("vfeba", s, i)
            with io.stmt(FMT_I, 65):
                if io.key((*entry, "attacker"), i, ("vfeba", s)) is None:
                    io.rest(1)
                    break
                io.value((*entry, "defender"))
            with io.stmt(FMT_F, 65):
                io.value((*entry, "f0"))
                for k in range(7):
                    io.value((*entry, "f", k))
            i += 1
    _vec(io, FMT_SKIP, 66, ("vfeba_fr",), 7)
    nutype = _count(io, ("nutype",))
    for t in range(nutype):
        _vec(io, FMT_F, 67, ("ppoh", t), _count(io, ("npers", _flag(io, t) - 1)))
    for s, (g_spdd, g_frinv, g_x) in enumerate(((68, 69, 70), (71, 72, 73))):
        nsp = _count(io, ("nss", s)) + _count(io, ("npers", s))
        for j in range(_side_nrs(io, s)):
            _vec(io, FMT_F, g_spdd, ("spdd", s, j), nsp)
        for j in range(_side_nmat(io, s)):
            io.array(("frinv_f0", s, j))
            io.array(("frinv_f", s, j))
            for i in range(nsp):
                with io.stmt(FMT_F, g_frinv):
                    io.value(("frinv_f0", s, j, i))
                    for k in range(6):
                        io.value(("frinv_f", s, j, i, k))
        _vec(io, FMT_SKIP, g_x, ("frinv_x", s), 6)
    for s in range(2):  # groups 74, 75: pg is an integer (ruling)
        nequip = _side_nequip(io, s)
        _vec(io, FMT_I, 74 + s, ("pg", s), nequip)
        for i in range(nequip):
            _vec(io, FMT_F, 74 + s, ("prot", s, i), _count(io, ("nggwep", s)))
    for s in range(2):
        with io.stmt(FMT_F, 76):
            io.value(("freff_f0", s))
            for k in range(7):
                io.value(("freff_f", s, k))
        _vec(io, FMT_SKIP, 76, ("freff_x", s), 7)
    for s in range(2):
        for i in range(_side_nmat(io, s)):
            _vec(io, FMT_F, 77, ("prep_f", s, i), 7)
        _vec(io, FMT_F, 77, ("prep_x", s), 7)


def _g78_93(io: _IO) -> None:
    for s in range(2):
        _scalars(io, FMT_I, 78, ("nactyp", s), ("nagwep", s))
    nag = [_count(io, ("nagwep", s)) for s in range(2)]
    nac = [_count(io, ("nactyp", s)) for s in range(2)]
    nmat = [_side_nmat(io, s) for s in range(2)]
    nenv = _count(io, ("nenv",))
    for s in range(2):
        io.array(("kag", s))
        for i in range(nag[s]):
            _vec(io, FMT_F, 79, ("kag", s, i), nmat[1 - s])
    for name, group, rows, n in (
        ("fcagrp", 80, nag, 4),
        ("fcagcp", 81, nmat, 4),
        ("fcagre", 82, nag, nenv),
        ("fcagce", 83, nmat, nenv),
    ):
        for s in range(2):
            io.array((name, s))
            for i in range(rows[s]):
                _vec(io, FMT_F, group, (name, s, i), n)
    for name, group, s in (("dgpred", 84, 0), ("dgpblu", 85, 1)):
        io.array((name,))
        for k in range(nmat[s]):
            io.array((name, k))
            for i in range(_count(io, ("npers", s))):
                _vec(io, FMT_F, group, (name, k, i), nag[1 - s])
    for s in range(2):
        io.array(("agload", s))
        for i in range(nac[s]):
            _vec(io, FMT_F, 86, ("agload", s, i), nag[s])
    for s, (g_atk, g_def) in enumerate(((87, 88), (89, 90))):
        io.array(("aagatk", s))
        io.array(("aagdef", s))
        for i in range(nag[s]):
            _vec(io, FMT_F, g_atk, ("aagatk", s, i), nmat[1 - s])
        for i in range(nag[s]):
            _vec(io, FMT_F, g_def, ("aagdef", s, i), nmat[1 - s])
    for name, group, s in (("aagred", 91, 0), ("aagblu", 92, 1)):
        io.array((name,))
        for i in range(nag[s]):
            io.array((name, i))
            for j in range(nmat[1 - s]):
                _vec(io, FMT_F, group, (name, i, j), 3)
    _scalars(io, FMT_HAVEN, 93, ("haven_zoc",), ("haven_pthome", 0), ("haven_pthome", 1))


_GROUPS: tuple[Callable[[_IO], None], ...] = (_g1_15, _g16_26, _g27_40, _g41_61, _g62_77, _g78_93)


def _file60_layout(io: _IO) -> None:
    """Groups 94-96 for each cycle, until the end of the file (``end=5``)."""
    n = 0
    while True:
        if isinstance(io, _Writer) and n >= len(io.get(("cycles",))):
            return
        for name, group in (("envmap", 94), ("rtemap", 95), ("barmap", 96)):
            i = 0
            while True:
                try:
                    with io.stmt(FMT_I, group):
                        path: KeyPath = ("cycles", n, name, i)
                        if io.key((*path, "basic"), i, ("cycles", n, name)) is None:
                            io.rest(1)
                            break
                        io.value((*path, "actual"))
                except EOFError:
                    return
                i += 1
            io.array(("cycles", n, name))
        n += 1


# --- assembling model data ---------------------------------------------------------------


def _nest(flat: dict[KeyPath, Any]) -> dict[str, Any]:
    """Rebuild nested data from ``path -> value``; integer keys become tuples (in order)."""
    root: dict[Any, Any] = {}
    for path, value in flat.items():
        node = root
        for part in path[:-1]:
            node = node.setdefault(part, {})
        if isinstance(value, tuple) and not value:
            node.setdefault(path[-1], {})
        else:
            node[path[-1]] = value

    def fix(node: Any) -> Any:
        if isinstance(node, dict):
            if node and all(isinstance(k, int) for k in node):
                return tuple(fix(node[k]) for k in sorted(node))
            if not node:
                return ()
            return {k: fix(v) for k, v in node.items()}
        return node

    fixed = fix(root)
    assert isinstance(fixed, dict)
    return fixed


def _locate(r: _Reader, path: Sequence[str | int]) -> tuple[_Loc | None, bool]:
    """The card of the deepest prefix of ``path`` that has one, and whether it is ``path``."""
    key = tuple(path)
    for end in range(len(key), 0, -1):
        loc = r.locs.get(key[:end])
        if loc is not None:
            return loc, end == len(key)
    return None, False


def _problem_at(r: _Reader, path: Sequence[str | int], message: str) -> Problem:
    loc, exact = _locate(r, path)
    var = _manual_name(path)
    if loc is None:
        return Problem(message, r.file, None, var)
    field = f"field {loc.field}: " if exact and loc.field is not None else ""
    return Problem(f"{field}{message}", r.file, loc.line, f"group {loc.group} ({var})")


def _validation_problems(r: _Reader, e: ValidationError) -> list[Problem]:
    out = []
    for err in e.errors():
        loc = [p for p in err["loc"] if isinstance(p, str | int)]
        msg = err["msg"]
        if err["type"] == "missing":
            msg = "missing (the group was not read)"
        elif "input" in err and not isinstance(err["input"], dict | tuple | list):
            msg = f"{msg} (got {err['input']!r})"
        out.append(_problem_at(r, loc, msg))
    return out


def _text_of(source: str | os.PathLike[str]) -> tuple[str, str]:
    if isinstance(source, os.PathLike):
        path = Path(source)
        return path.read_text(encoding="ascii", errors="replace"), path.name
    return source, "<string>"


def read_file50(source: str | os.PathLike[str], *, name: str | None = None) -> File50:
    """Read File 50 card images (a path, or the text itself) into a :class:`File50`.

    Raises:
        ScenarioError: every problem found, each at ``file:card: group N (variable)``.
    """
    text, default_name = _text_of(source)
    r = _Reader(text, name or default_name)
    try:
        for group_fn in _GROUPS:
            group_fn(r)
    except _StopReadingError:
        raise ScenarioError(r.problems) from None
    for n in range(r.pos, len(r.lines)):
        if r.lines[n][:CARD_WIDTH].strip():
            r.problems.append(
                Problem(
                    f"File 50 ends with group 93, but {len(r.lines) - n} more card(s) follow: "
                    "a card out of place?",
                    r.file,
                    n + 1,
                    "group 93",
                )
            )
            break
    if r.problems:
        raise ScenarioError(r.problems)
    data = _nest(r.data)
    try:
        model = File50.model_validate(data, context={DEFER_CONSISTENCY: True})
    except ValidationError as e:
        raise ScenarioError(_validation_problems(r, e)) from None
    problems = [_problem_at(r, path, msg) for path, msg in consistency_problems(model)]
    if problems:
        raise ScenarioError(problems)
    return model


def read_file60(
    source: str | os.PathLike[str], *, name: str | None = None, file50: File50 | None = None
) -> File60:
    """Read File 60 card images into a :class:`File60`; with ``file50``, also check the maps
    against it (:func:`~.model.file60_problems`).

    Raises:
        ScenarioError: every problem found, each at ``file:card: group N (variable)``.
    """
    text, default_name = _text_of(source)
    r = _Reader(text, name or default_name)
    r._eof_ok = True
    _file60_layout(r)
    if r.problems:
        raise ScenarioError(r.problems)
    data = _nest(r.data) if r.data else {}
    try:
        model = File60.model_validate(data)
    except ValidationError as e:
        raise ScenarioError(_validation_problems(r, e)) from None
    if file50 is not None:
        # A map change is located on its File 60 card; a cell whose actual type goes out of
        # range is a File 50 fact, named by its cell in the message.
        problems = [
            _problem_at(r, path, msg)
            if path[:1] == ("cycles",)
            else Problem(msg, "File 50", None, _manual_name(path))
            for path, msg in file60_problems(model, file50)
        ]
        if problems:
            raise ScenarioError(problems)
    return model


def check_design(file50: File50, file60: File60) -> list[Problem]:
    """Problems of a File 60 against its File 50 (without card numbers)."""
    return [
        Problem(msg, None, None, ".".join(map(str, path)))
        for path, msg in file60_problems(file60, file50)
    ]


def write_file50(model: File50) -> str:
    """The card images of ``model``, one line per card, each group's number after column 80
    on its first card (as in §9.2)."""
    w = _Writer(model)
    for group_fn in _GROUPS:
        group_fn(w)
    return "\n".join(w.out) + "\n"


def write_file60(model: File60) -> str:
    """The card images of ``model``: for each cycle the envmap, rtemap and barmap changes, each
    list closed by a ``-9`` card."""
    w = _Writer(model)
    _file60_layout(w)
    return "\n".join(w.out) + ("\n" if w.out else "")
