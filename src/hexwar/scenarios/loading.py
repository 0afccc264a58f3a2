"""Load TOML or JSON data files and validate them, reporting every problem with its line.

A file is read in two steps. :func:`load_document` parses it (stdlib ``tomllib`` or ``json``)
and builds a *line index* from key paths to the line where each key or array element starts.
:func:`validate` then runs a pydantic model over the data and turns every validation error into
a :class:`~hexwar.core.errors.Problem` located through that index, so an author sees all their
mistakes at once::

    units.toml:14: units[1].strength: Input should be a valid integer (got "three")
    units.toml:9: weather.wind: missing required key

Key paths are written ``units[1].strength``: table keys joined by dots, array indices in
brackets; a key that is not a bare TOML key is quoted (``terrain."light woods"``). In code a
path is a tuple, ``("units", 1, "strength")``.

Models subclass :class:`ScenarioModel` (strict, unknown keys forbidden, frozen). Validation
runs in pydantic's *JSON mode* whatever the file format, so "strict" means the file's type must
match the field's: a string is accepted for an enum, an array for a tuple and an ISO string (or
a TOML date) for a date, but ``"3"`` is never accepted for an int. Python-mode strictness would
reject strings for enums and lists for tuples, which no data file can avoid.

Numbers may be infinite: TOML's ``inf`` and ``-inf`` (JSON files: ``Infinity``, ``-Infinity``)
reach the model as floats, which decides whether it accepts them. ``nan`` is refused at its line:
no rule can compare with it.

A model whose checks span several fields (shapes implied by counts, bounds that depend on other
keys) can have them located too: :meth:`ScenarioModel.deferred_context` asks its validators to
defer those checks, and :meth:`ScenarioModel.deferred_problems` returns them afterwards as
``(key path, message)`` pairs, which :func:`validate` reports at their lines. Validated without
that context (``model_validate``, a replayed record), the model checks everything itself.

Every scenario file names its ruleset at the top (``ruleset = "<id>"``), so a loader can
call :func:`peek_ruleset` to pick the model before validating; the top-level model of each
ruleset declares a ``ruleset`` field (``str`` or a ``Literal`` of its id).

Limits: a reader refuses, at its line, what it could not handle safely -- a file larger than
:data:`MAX_FILE_BYTES`, tables and arrays nested deeper than :data:`MAX_DEPTH`, an integer of
more than :data:`MAX_INT_DIGITS` digits, and (JSON) a key repeated in one object, which JSON
parsers would silently resolve to the last value.
"""

from __future__ import annotations

import bisect
import contextlib
import datetime
import difflib
import json
import math
import os
import re
import tomllib
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails

from hexwar.core.errors import Problem, ScenarioError
from hexwar.core.records import canonical_json, content_hash

__all__ = [
    "RULESET_KEY",
    "Document",
    "Format",
    "KeyPath",
    "ScenarioModel",
    "canonical_json",
    "content_hash",
    "format_path",
    "json_schema",
    "load",
    "load_document",
    "peek_ruleset",
    "problems_of",
    "validate",
]

KeyPath = tuple[str | int, ...]
Format = Literal["toml", "json"]
M = TypeVar("M", bound=BaseModel)

RULESET_KEY = "ruleset"
MAX_FILE_BYTES = 64 * 1024 * 1024  # far above any scenario; a runaway file is refused unread
MAX_DEPTH = 64  # tables/arrays inside one another; scenarios use fewer than ten
MAX_INT_DIGITS = 4300  # Python's own limit for converting an integer to and from text
_SHORT_INPUT = 40  # longest bad input quoted back in a message, as JSON text
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


class ScenarioModel(BaseModel):
    """Base for every table of a scenario or rules file: strict, closed and immutable."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    @classmethod
    def deferred_context(cls) -> dict[str, Any]:
        """Validation context with which :func:`validate` runs this (top-level) model.

        A model whose validators can leave their cross-field checks to
        :meth:`deferred_problems` returns the context key that tells them to; by default none.
        """
        return {}

    def deferred_problems(self) -> list[tuple[KeyPath, str]]:
        """The checks deferred under :meth:`deferred_context`, as ``(key path, message)`` from
        the top of the file, for :func:`validate` to locate; by default none."""
        return []


@dataclass(frozen=True, slots=True)
class Document:
    """Parsed file data plus the line where each key path starts.

    Attributes:
        data: The parsed top-level table.
        lines: Line (1-based) of each key and array element, by key path. Tables and arrays
            of tables are at their header line; keys implied by dotted keys or headers are at
            the first line that implies them.
        file: Name used in messages (the path, or ``name``, or ``"<string>"``).
        fmt: ``"toml"`` or ``"json"``.
    """

    data: dict[str, Any]
    lines: Mapping[KeyPath, int]
    file: str
    fmt: Format

    def line_of(self, path: Sequence[str | int]) -> int:
        """Line of the deepest prefix of ``path`` that has one; line 1 for the root."""
        key = tuple(path)
        for end in range(len(key), 0, -1):
            line = self.lines.get(key[:end])
            if line is not None:
                return line
        return 1

    def problem(self, message: str, path: Sequence[str | int] = ()) -> Problem:
        """A problem at ``path`` in this document, located by :meth:`line_of`."""
        return Problem(message, self.file, self.line_of(path), format_path(path))


def format_path(path: Sequence[str | int]) -> str:
    """Write a key path as ``units[2].strength`` (quoting keys that are not bare TOML keys)."""
    out: list[str] = []
    for part in path:
        if isinstance(part, int):
            out.append(f"[{part}]")
            continue
        text = part if _BARE_KEY.fullmatch(part) else json.dumps(part, ensure_ascii=False)
        out.append(f".{text}" if out else text)
    return "".join(out)


# --- reading ---------------------------------------------------------------------------------


def load_document(
    source: str | os.PathLike[str], *, fmt: Format | None = None, name: str | None = None
) -> Document:
    """Parse a TOML or JSON document and index the line of every key path.

    Args:
        source: A path (any ``os.PathLike``, e.g. ``Path``) to read, or a ``str`` holding the
            document text itself. Use :func:`load` to read from a path given as ``str``.
        fmt: ``"toml"`` or ``"json"``; by default taken from the suffix of the path or
            ``name``, else JSON if the text starts with ``{`` and TOML otherwise.
        name: Name for messages; defaults to the path, or ``"<string>"`` for text.

    Raises:
        ScenarioError: The text is not UTF-8, not valid TOML/JSON, or not a table at the top.
        OSError: The file cannot be read.
    """
    if isinstance(source, os.PathLike):
        path = Path(source)
        file = name if name is not None else str(path)
        text = _decode(_read_bytes(path, file), file)
        suffix_of = path.name
    else:
        file = name if name is not None else "<string>"
        text = source
        suffix_of = name or ""
    text = text.removeprefix("\ufeff")  # editors on Windows like to add a BOM
    if fmt is None:
        fmt = _format_from_suffix(suffix_of) or _sniff(text)
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError([Problem(_TOO_LARGE, file, 1)])
    if fmt == "toml":
        data = _parse_toml(text, file)
        _check_limits(data, text, file, fmt)
        return Document(data, _TomlLines(text).scan(), file, fmt)
    data, repeated = _parse_json(text, file)
    _check_limits(data, text, file, fmt)
    scanner = _JsonLines(text)
    document = Document(data, scanner.scan(), file, fmt)
    if repeated:
        _refuse_repeated_keys(document, scanner.repeated)
    return document


_TOO_LARGE = f"file too large (over {MAX_FILE_BYTES // (1024 * 1024)} MiB): not a scenario"
_TOO_DEEP = f"nested too deeply: at most {MAX_DEPTH} tables or arrays inside one another"
_TOO_LONG = f"integer too long: at most {MAX_INT_DIGITS} digits"


def _read_bytes(path: Path, file: str) -> bytes:
    with path.open("rb") as stream:
        raw = stream.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError([Problem(_TOO_LARGE, file, 1)])
    return raw


def _limit_line(text: str, fmt: Format) -> tuple[int, str] | None:
    """Line and message of the first place in ``text`` that is nested too deeply or holds a
    too long integer (the parser's own errors for these carry no position)."""
    depth = 0
    for match in _LIMIT_TOKENS[fmt].finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return text.count("\n", 0, match.start()) + 1, _TOO_DEEP
        elif token in "]}":
            depth -= 1
        elif token[0].isdigit() and len(token.replace("_", "")) > MAX_INT_DIGITS:
            return text.count("\n", 0, match.start()) + 1, _TOO_LONG
    return None


def _check_limits(data: dict[str, Any], text: str, file: str, fmt: Format) -> None:
    """Refuse parsed data nested deeper than :data:`MAX_DEPTH` (dotted TOML keys nest without
    brackets) or holding an integer beyond :data:`MAX_INT_DIGITS` digits (TOML writes them in
    hex, octal or binary too), at its line. Iterative: the data may be deep."""
    limit = 10**MAX_INT_DIGITS
    stack: list[tuple[KeyPath, Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict | list):
            if len(path) >= MAX_DEPTH:
                found = _limit_line(text, fmt)
                line = found[0] if found else _line_of_path(text, fmt, path)
                raise ScenarioError([Problem(_TOO_DEEP, file, line)])
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend(((*path, k), v) for k, v in items)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= limit:
            line = _line_of_path(text, fmt, path)
            raise ScenarioError([Problem(_TOO_LONG, file, line, format_path(path))])


def _line_of_path(text: str, fmt: Format, path: KeyPath) -> int:
    """Line of ``path`` in a text whose bracket nesting is within the limit."""
    if _limit_line(text, fmt) is not None:
        return 1
    scanner = _TomlLines(text) if fmt == "toml" else _JsonLines(text)
    return Document({}, scanner.scan(), "", fmt).line_of(path)


def _refuse_repeated_keys(document: Document, repeated: list[tuple[KeyPath, int]]) -> None:
    problems = [
        document.problem(f"duplicate key (first at line {first}): a key appears once", path)
        for path, first in repeated
    ]
    if not problems:  # the line scanner lost its way; the parser still saw the repeat
        problems = [document.problem("an object repeats a key: a key appears once")]
    raise ScenarioError(problems)


def _format_from_suffix(name: str) -> Format | None:
    suffix = Path(name).suffix.lower()
    if suffix == ".toml":
        return "toml"
    if suffix == ".json":
        return "json"
    return None


def _sniff(text: str) -> Format:
    # A TOML document cannot start with "{", and a scenario in JSON must be an object.
    return "json" if text.lstrip().startswith("{") else "toml"


def _decode(raw: bytes, file: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ScenarioError([Problem(f"not UTF-8 text: {exc.reason}", file, line)]) from exc


# tomllib (3.11) only puts the position in the message text.
_TOML_WHERE = re.compile(r" \(at (?:line (\d+), column (\d+)|end of document)\)$")


def _parse_toml(text: str, file: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise _limit_error(text, "toml", file) from None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        line = text.rstrip("\r\n").count("\n") + 1  # the last line, for "at end of document"
        where = _TOML_WHERE.search(message)
        if where is not None and where.group(1) is not None:
            line = int(where.group(1))
            message = f"{message[: where.start()]} (column {where.group(2)})"
        raise ScenarioError([Problem(f"TOML syntax error: {message}", file, line)]) from exc
    except ValueError:  # an integer past Python's digit limit
        raise _limit_error(text, "toml", file) from None


def _limit_error(text: str, fmt: Format, file: str) -> ScenarioError:
    found = _limit_line(text, fmt)
    line, message = found if found is not None else (1, f"{_TOO_DEEP}, or {_TOO_LONG}")
    return ScenarioError([Problem(message, file, line)])


def _parse_json(text: str, file: str) -> tuple[dict[str, Any], bool]:
    """The parsed object, and whether some object in it repeats a key."""
    repeated = False

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal repeated
        out = dict(items)
        if len(out) != len(items):
            repeated = True
        return out

    try:
        data = json.loads(text, object_pairs_hook=pairs)
    except json.JSONDecodeError as exc:
        problem = Problem(f"JSON syntax error: {exc.msg} (column {exc.colno})", file, exc.lineno)
        raise ScenarioError([problem]) from exc
    except (RecursionError, ValueError):  # too deep, or an integer past the digit limit
        raise _limit_error(text, "json", file) from None
    if not isinstance(data, dict):
        kind = type(data).__name__
        raise ScenarioError([Problem(f"the top level must be an object (got {kind})", file, 1)])
    return data, repeated


class _Scanner(ABC):
    """Shared cursor for the line scanners.

    The scanners only run on text the real parser has accepted, so they find where things
    start and never diagnose anything. If one loses its way anyway (a bug, not a user error),
    the lines found so far are kept: a located message degrades to an earlier line, but a
    valid file always loads.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.lines: dict[KeyPath, int] = {}
        self._starts = [0, *(m.end() for m in re.finditer("\n", text))]

    def line(self) -> int:
        return bisect.bisect_right(self._starts, self.pos)

    def at(self, chars: str) -> bool:
        return self.text.startswith(chars, self.pos)

    def skip(self, pattern: re.Pattern[str]) -> str:
        match = pattern.match(self.text, self.pos)
        if match is None:
            raise _LostError(self.pos)
        self.pos = match.end()
        return match.group()

    def scan(self) -> dict[KeyPath, int]:
        # ValueError: json or tomllib refusing what the scanner took for a key or value.
        with contextlib.suppress(_LostError, ValueError):
            self.document()
        return self.lines

    @abstractmethod
    def document(self) -> None:
        """Scan the whole text, filling :attr:`lines`."""

    @abstractmethod
    def value(self, path: KeyPath) -> None:
        """Scan one value starting at the cursor, the value at ``path``."""

    def array(self, path: KeyPath, blank: re.Pattern[str]) -> None:
        """Scan an array whose ``[`` is at the cursor; each element is located at its start."""
        self.pos += 1
        index = 0
        while True:
            self.skip(blank)
            if self.at("]"):
                self.pos += 1
                return
            self.lines[(*path, index)] = self.line()
            self.value((*path, index))
            index += 1
            self.skip(blank)
            if self.at(","):
                self.pos += 1


class _LostError(Exception):
    """A line scanner met text it did not expect."""


_TOML_BLANK = re.compile(r"[ \t]*")
_TOML_BLANK_LINES = re.compile(r"(?:[ \t\r\n]|#[^\n]*)*")  # blank, newlines and comments
_TOML_STRING_PATTERN = "|".join(
    (
        # Multi-line forms first. Their content may end in one or two quotes of its own,
        # which the greedy {3,5} takes together with the closing delimiter.
        r'"{3}(?:\\.|[^\\])*?"{3,5}',
        r"'{3}.*?'{3,5}",
        r'"(?:\\.|[^"\\])*"',
        r"'[^']*'",
    )
)
_TOML_STRING = re.compile(_TOML_STRING_PATTERN, re.DOTALL)

# Tokens a limit check needs to see: strings and comments (skipped), brackets and digit runs.
_LIMIT_TOKENS = {
    "json": re.compile(r'"(?:\\.|[^"\\])*"|[\[\]{}]|[0-9]+'),
    "toml": re.compile(rf"{_TOML_STRING_PATTERN}|#[^\n]*|[\[\]{{}}]|[0-9][0-9_]*", re.DOTALL),
}
# Numbers, booleans and dates (which may hold a space); never empty, so a scanner that has lost
# its way stops instead of looping.
_TOML_SCALAR = re.compile(r"[^,\]}#\r\n]+")  # numbers, booleans, dates (which may hold a space)


class _TomlLines(_Scanner):
    """Line index of a valid TOML text."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.tables_in: dict[KeyPath, int] = {}  # array of tables -> elements so far

    def document(self) -> None:
        table: KeyPath = ()
        while True:
            self.skip(_TOML_BLANK_LINES)
            if self.pos >= len(self.text):
                return
            line = self.line()
            if self.at("[["):
                self.pos += 2
                keys = self.key()
                self.pos += 2
                array = (*self.resolve(keys[:-1], line), keys[-1])
                index = self.tables_in.get(array, 0)
                self.tables_in[array] = index + 1
                self.lines.setdefault(array, line)
                table = (*array, index)
                self.lines[table] = line
            elif self.at("["):
                self.pos += 1
                table = self.resolve(self.key(), line)
                self.pos += 1
                self.lines[table] = line  # an explicit header beats an earlier implicit one
            else:
                self.key_value(table)

    def resolve(self, keys: Sequence[str], line: int) -> KeyPath:
        """Concrete path of a header's keys: a key naming an array of tables means its last
        element, as in TOML itself."""
        path: KeyPath = ()
        for key in keys:
            path = (*path, key)
            self.lines.setdefault(path, line)
            if path in self.tables_in:
                path = (*path, self.tables_in[path] - 1)
        return path

    def key(self) -> list[str]:
        """A dotted key; leaves the cursor after the blanks that follow it."""
        keys: list[str] = []
        while True:
            self.skip(_TOML_BLANK)
            if self.at('"') or self.at("'"):
                # Let tomllib decode the escapes rather than reimplementing them.
                quoted: str = tomllib.loads(f"k = {self.skip(_TOML_STRING)}")["k"]
                keys.append(quoted)
            else:
                keys.append(self.skip(_BARE_KEY))
            self.skip(_TOML_BLANK)
            if not self.at("."):
                return keys
            self.pos += 1

    def key_value(self, table: KeyPath) -> None:
        line = self.line()
        path = table
        for key in self.key():
            path = (*path, key)
            self.lines.setdefault(path, line)  # dotted keys imply tables at this line
        self.pos += 1  # "="
        self.skip(_TOML_BLANK)
        self.value(path)

    def value(self, path: KeyPath) -> None:
        if self.at("["):
            self.array(path, _TOML_BLANK_LINES)
        elif self.at("{"):
            self.pos += 1
            while True:
                self.skip(_TOML_BLANK_LINES)
                if self.at("}"):
                    self.pos += 1
                    return
                self.key_value(path)
                self.skip(_TOML_BLANK_LINES)
                if self.at(","):
                    self.pos += 1
        elif self.at('"') or self.at("'"):
            self.skip(_TOML_STRING)
        else:
            self.skip(_TOML_SCALAR)


_JSON_BLANK = re.compile(r"[ \t\n\r]*")


class _JsonLines(_Scanner):
    """Line index of a valid JSON text: each key and array element at the line it starts.

    :attr:`repeated` lists each key an object repeats, with the line of its first occurrence.
    """

    _decoder = json.JSONDecoder()

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.repeated: list[tuple[KeyPath, int]] = []

    def document(self) -> None:
        self.value(())

    def value(self, path: KeyPath) -> None:
        self.skip(_JSON_BLANK)
        if self.at("{"):
            self.pos += 1
            seen: set[str] = set()
            while True:
                self.skip(_JSON_BLANK)
                if self.at("}"):
                    self.pos += 1
                    return
                line = self.line()
                key: str
                key, self.pos = self._decoder.raw_decode(self.text, self.pos)
                if key in seen:
                    self.repeated.append(((*path, key), self.lines[(*path, key)]))
                seen.add(key)
                self.lines[(*path, key)] = line
                self.skip(_JSON_BLANK)
                self.pos += 1  # ":"
                self.value((*path, key))
                self.skip(_JSON_BLANK)
                if self.at(","):
                    self.pos += 1
        elif self.at("["):
            self.array(path, _JSON_BLANK)
        else:
            _, self.pos = self._decoder.raw_decode(self.text, self.pos)


# --- validating ------------------------------------------------------------------------------


def validate(document: Document, model: type[M], *, strict: bool = True) -> M:
    """Validate a document against ``model``, reporting every error at once.

    Args:
        document: From :func:`load_document`.
        model: Usually a :class:`ScenarioModel` subclass.
        strict: Forbid coercions such as ``"3"`` to ``3`` (see the module docstring for what
            JSON-mode strictness still allows). ``False`` overrides a model's own config.

    Raises:
        ScenarioError: One problem per pydantic error (or per deferred check, see
            :meth:`ScenarioModel.deferred_problems`), sorted by line, each
            ``file:line: key.path: message``.
    """
    result, problems = problems_of(document.data, model, strict=strict)
    if result is None:
        located = [document.problem(message, path) for path, message in problems]
        raise ScenarioError(sorted(located, key=lambda p: p.line or 0))
    return result


def problems_of(
    data: dict[str, Any], model: type[M], *, strict: bool = True
) -> tuple[M | None, list[tuple[KeyPath, str]]]:
    """Validate parsed data against ``model`` as :func:`validate` does, for data that has no
    file of its own (a table embedded in another file): the result, or ``None`` and every
    problem as ``(key path, message)``."""
    not_numbers = [(path, _NAN) for path in _nan_paths(data)]
    if not_numbers:
        return None, not_numbers
    context = model.deferred_context() if issubclass(model, ScenarioModel) else {}
    try:
        result = model.model_validate_json(
            _validation_json(data), strict=strict, context=context or None
        )
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        problems = [_problem(data, error, model) for error in errors]
        if issubclass(model, ScenarioModel) and context:
            problems += _deferred_past_errors(data, model, [path for path, _ in problems])
        return None, problems
    if isinstance(result, ScenarioModel) and context:
        deferred = result.deferred_problems()
        if deferred:
            return None, deferred
    return result, []


_REPAIR_ROUNDS = 4


def _deferred_past_errors(
    data: dict[str, Any], model: type[ScenarioModel], reported: list[KeyPath]
) -> list[tuple[KeyPath, str]]:
    """The deferred (cross-field) problems a file has besides its type errors, so that one
    mistake does not hide another: e.g. ``morale = "17"`` and a unit off the map, both reported.

    The data is repaired only to get a model to check. It is validated without strictness
    (``"3"`` read as 3); each value still refused (or missing) is then replaced by the same key's
    value in another element of its array (another unit's morale), or else its key is dropped
    (so its default applies). When that does not give a valid model within a few rounds, only
    the type errors are reported. Deferred problems at, inside or above a path already
    reported, or at a key that was replaced in the same array, are left out: they could come
    from the repair.
    """
    repaired: Any = json.loads(_validation_json(data))
    patched: list[tuple[KeyPath, str]] = []  # (array path, key) replaced from a sibling
    for _ in range(_REPAIR_ROUNDS):
        context = model.deferred_context()
        try:
            result = model.model_validate_json(
                _validation_json(repaired), strict=False, context=context or None
            )
        except ValidationError as exc:
            for error in exc.errors(include_url=False):
                path = _data_path(repaired, error["loc"], missing=error["type"] == "missing")
                if not path or not isinstance(path[-1], str):
                    return []
                if _from_sibling(repaired, path):
                    if len(path) >= 3 and isinstance(path[-2], int):
                        patched.append((path[:-2], path[-1]))
                elif error["type"] == "missing" or not _drop(repaired, path):
                    return []
            continue
        try:
            deferred = result.deferred_problems()
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError):
            return []  # the repaired data broke a check: report the type errors alone
        return [
            (path, message)
            for path, message in deferred
            if not any(_related(path, seen) for seen in reported)
            and not any(_inside_patched(path, where, key) for where, key in patched)
        ]
    return []


def _node(data: Any, path: KeyPath) -> Any:
    """The value at ``path``, or None."""
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _from_sibling(data: Any, path: KeyPath) -> bool:
    """Set the key at ``path`` = (*array, i, key) to that key's value in the array's first other
    element that has one; False if the path is not inside an array or no element has one."""
    if len(path) < 3 or not isinstance(path[-2], int):
        return False
    array, index, key = _node(data, path[:-2]), path[-2], path[-1]
    table = _node(data, path[:-1])
    if not isinstance(array, list) or not isinstance(table, dict):
        return False
    for n, other in enumerate(array):
        if n != index and isinstance(other, dict) and key in other and other[key] != table.get(key):
            table[key] = other[key]
            return True
    return False


def _drop(data: Any, path: KeyPath) -> bool:
    """Remove the table key at ``path``; False if the path does not end at one."""
    table = _node(data, path[:-1])
    if not isinstance(table, dict) or path[-1] not in table:
        return False
    del table[path[-1]]
    return True


def _related(a: KeyPath, b: KeyPath) -> bool:
    """Whether one key path is the other or lies inside it."""
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def _inside_patched(path: KeyPath, array: KeyPath, key: str) -> bool:
    """Whether ``path`` is ``key`` (or inside it) of some element of ``array``."""
    n = len(array)
    return path[:n] == array and len(path) > n + 1 and path[n + 1] == key


_NAN = "nan is not a number a scenario can use (inf and -inf are allowed)"


def _nan_paths(data: Any, path: KeyPath = ()) -> list[KeyPath]:
    """Key paths of every NaN in parsed file data."""
    if isinstance(data, float):
        return [path] if math.isnan(data) else []
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _nan_paths(v, (*path, k))]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in _nan_paths(v, (*path, i))]
    return []


def _validation_json(data: Any) -> str:
    """The data as JSON text for pydantic's JSON mode: infinities as ``Infinity``, which
    pydantic reads as floats (:func:`canonical_json` refuses them, as JSON does), and TOML dates
    and times as ISO strings."""

    def iso(value: object) -> object:
        if isinstance(value, datetime.date | datetime.time):
            return value.isoformat()
        raise TypeError(f"not JSON data: {value!r}")

    return json.dumps(data, ensure_ascii=False, allow_nan=True, default=iso)


def load(
    path: str | os.PathLike[str], model: type[M], *, fmt: Format | None = None, strict: bool = True
) -> M:
    """Read a file (a ``str`` here is a path) and validate it against ``model``."""
    return validate(load_document(Path(path), fmt=fmt), model, strict=strict)


def peek_ruleset(document: Document, *, known: Collection[str] | None = None) -> str:
    """The ``ruleset`` a scenario names at its top, read before choosing a model to validate.

    Args:
        document: The scenario.
        known: The ruleset ids it may name; by default those installed. An id not among them
            is reported at the ``ruleset`` key's line.
    """
    value = document.data.get(RULESET_KEY)
    if known is None:
        from hexwar.core import registry

        known = [r.info.id for r in registry.all_rulesets()]
    names = ", ".join(sorted(known)) or "none installed"
    if isinstance(value, str) and value:
        if value in known:
            return value
        message = f"unknown ruleset {value!r} (known: {names})"
    elif RULESET_KEY not in document.data:
        message = (
            f'missing required key: every scenario names its ruleset (ruleset = "<id>"; '
            f"installed: {names})"
        )
    else:
        message = f"must be the id of a ruleset (got {_short(value) or type(value).__name__})"
    raise ScenarioError([document.problem(message, (RULESET_KEY,))])


def json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """JSON Schema of a model, for editors and documentation."""
    return model.model_json_schema()


def _problem(
    data: Any, error: ErrorDetails, model: type[BaseModel] | None = None
) -> tuple[KeyPath, str]:
    path = _data_path(data, error["loc"], missing=error["type"] == "missing")
    if error["type"] == "extra_forbidden":
        message = "unknown key"
        key = error["loc"][-1] if error["loc"] else None
        if isinstance(key, str) and model is not None:
            near = difflib.get_close_matches(key, _known_keys(model, error["loc"][:-1]), n=1)
            if near:
                message = f"unknown key (did you mean {near[0]!r}?)"
    elif error["type"] == "value_error":  # a validator's own words, without pydantic's prefix
        message = str(error["msg"]).removeprefix("Value error, ")
    elif error["type"] == "missing":
        message = "missing required key"
    elif error["type"] in ("list_type", "tuple_type") and _loc_in_list(error["loc"]):
        # a number where a table wants one of its rows (an IDAHEX matrix, a map's row)
        message = f"must be a row of values (got {_short(error['input']) or 'nothing'})"
    else:
        shown = _short(error["input"])
        message = f"{error['msg']} (got {shown})" if shown else error["msg"]
    return path, message


def _known_keys(model: type[BaseModel], loc: Sequence[str | int]) -> list[str]:
    """The keys the model takes at ``loc`` (pydantic's location of an unknown key's table):
    each step a field name leads into that field's model; list indexes, dict keys and the
    labels of union members are passed over. Empty where the model cannot be followed."""
    models: list[type[BaseModel]] = [model]
    for step in loc:
        if not isinstance(step, str):
            continue
        inner = [
            _models_in(m.model_fields[step].annotation) for m in models if step in m.model_fields
        ]
        if inner:
            models = [m for found in inner for m in found]
        # else: a union member's label or a dict key: the same models go on
    return sorted({name for m in models for name in m.model_fields})


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models an annotation holds (itself, or in a list, tuple, dict, union)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in getattr(annotation, "__args__", ()) for m in _models_in(arg)]


def _loc_in_list(loc: Sequence[str | int]) -> bool:
    """Whether a pydantic ``loc`` ends at an entry of a list (an index)."""
    return bool(loc) and isinstance(loc[-1], int)


def _data_path(data: Any, loc: Sequence[str | int], *, missing: bool) -> KeyPath:
    """The part of a pydantic ``loc`` that names places in the data.

    A ``loc`` also holds labels that are not in the data: the member of a union that failed
    (``("terrain", "int")``), a tagged union's tag, ``"[key]"`` for a bad dict key. Those are
    dropped. The last step is kept when it is absent only because the error says it is missing.
    """
    path: KeyPath = ()
    for n, step in enumerate(loc):
        inside = (isinstance(data, dict) and step in data) or (
            isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data)
        )
        if inside:
            data = data[step]
        elif not (missing and n == len(loc) - 1):
            continue
        path = (*path, step)
    return path


def _short(value: object) -> str | None:
    """The bad input as JSON text, if short enough to quote back."""
    try:
        text = canonical_json(value)
    except (TypeError, ValueError):
        return None
    return text if len(text) <= _SHORT_INPUT else None
