"""Shared pieces of the fuzz tests: mutation strategies and the one settings profile.

Every reader is fed mutated input and must give either success or one of hexwar's own errors
(a HexwarError; for files, an InvalidInputError whose problems name the file), never another
exception. The runs are derandomized, so a failure repeats, and bounded: the whole folder
takes well under a minute.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from hexwar.core.errors import HexwarError, InvalidInputError

T = TypeVar("T")


def _settings(examples: int) -> settings:
    # HEXWAR_FUZZ_EXAMPLES=1000 for a longer hunt; the suite runs the defaults (the whole
    # folder in well under a minute).
    return settings(
        max_examples=int(os.environ.get("HEXWAR_FUZZ_EXAMPLES", str(examples))),
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


FUZZ = _settings(20)
FUZZ_SLOW = _settings(8)  # readers that take a tenth of a second an example (the Sinai data)

# Pieces that have broken readers before, or could: deep nesting, numbers past every limit,
# values no number can take, stray quotes and brackets, control characters, BOMs.
NASTY_TEXT = [
    "[" * 300,
    "{" * 300,
    "9" * 5000,
    "-" + "9" * 30,
    "0x" + "f" * 5000,
    "1e999",
    "-1e999",
    "nan",
    "inf",
    "Infinity",
    "NaN",
    '"',
    "'",
    '"""',
    "\\",
    "\x00",
    "\ufeff",
    "\r\n",
    "=",
    ",",
    ";",
    "#",
    "@",
    "x" * 70_000,
]

NASTY_VALUES: list[Any] = [
    0,
    -1,
    1,
    10**6,
    10**18,
    2**63,
    -(2**63) - 1,
    10**400,
    0.5,
    -0.0,
    1e308,
    float("inf"),
    float("-inf"),
    "",
    "x",
    "high",
    "9" * 30,
    True,
    False,
    None,
    [],
    {},
    [[[]]],
    {"a": 1},
    [0, 1, 2],
    ["a", "b"],
]


def text_mutations(base: str, extra: list[str] | None = None) -> st.SearchStrategy[str]:
    """``base`` with one to four edits: cuts, copies, inserted or replacing text."""
    pieces = st.sampled_from(NASTY_TEXT + (extra or [])) | st.text(max_size=12)

    @st.composite
    def mutate(draw: st.DrawFn) -> str:
        text = base
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, len(text)))
            j = draw(st.integers(i, min(len(text), i + 60)))
            kind = draw(st.sampled_from(["cut", "copy", "insert", "replace"]))
            if kind == "cut":
                text = text[:i] + text[j:]
            elif kind == "copy":
                text = text[:j] + text[i:j] + text[j:]
            elif kind == "insert":
                text = text[:i] + draw(pieces) + text[i:]
            else:
                text = text[:i] + draw(pieces) + text[j:]
        return text

    return mutate()


def byte_mutations(base: bytes) -> st.SearchStrategy[bytes]:
    """``base`` with one to four byte-level edits (flips, cuts, copies, inserts)."""

    @st.composite
    def mutate(draw: st.DrawFn) -> bytes:
        data = bytearray(base)
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, max(0, len(data) - 1)))
            kind = draw(st.sampled_from(["flip", "cut", "copy", "insert", "set"]))
            if kind == "flip" and data:
                data[i] ^= 1 << draw(st.integers(0, 7))
            elif kind == "set" and data:
                data[i] = draw(st.sampled_from([0, 1, 0x7F, 0x80, 0xFF]))
            elif kind == "cut":
                del data[i : i + draw(st.integers(1, 64))]
            elif kind == "copy":
                j = min(len(data), i + draw(st.integers(1, 64)))
                data[j:j] = data[i:j]
            else:
                data[i:i] = draw(st.binary(min_size=1, max_size=16))
        return bytes(data)

    return mutate()


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:8]):  # enough of a long list to reach its shape
            out += _paths(v, (*prefix, i))
    return out


def data_mutations(base: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """``base`` (parsed file data) with one to three values replaced by odd ones, or removed."""
    paths = _paths(base)
    values = st.sampled_from(NASTY_VALUES) | st.integers() | st.floats(allow_nan=False)

    @st.composite
    def mutate(draw: st.DrawFn) -> dict[str, Any]:
        data = copy.deepcopy(base)
        for _ in range(draw(st.integers(1, 3))):
            path = draw(st.sampled_from(paths))
            parent: Any = data
            try:
                for step in path[:-1]:
                    parent = parent[step]
                if draw(st.booleans()) or not isinstance(parent, dict | list):
                    parent[path[-1]] = draw(values)
                else:
                    del parent[path[-1]]
            except (KeyError, IndexError, TypeError):
                continue  # an earlier edit removed or replaced the way there
        return data

    return mutate()


def refused_or_done(call: Callable[[], T], *, file: str | None = None) -> T | None:
    """Run ``call``: its result, or None if it raised a hexwar error (located at ``file`` when
    it is an InvalidInputError and ``file`` is given). Any other exception fails the test."""
    try:
        return call()
    except InvalidInputError as e:
        error: InvalidInputError = e
    except HexwarError:
        return None
    assert error.problems, "an InvalidInputError without problems"
    if file is not None:
        for problem in error.problems:
            assert problem.file is not None, f"unlocated problem: {problem}"
            assert file in problem.file, str(problem)
    return None
