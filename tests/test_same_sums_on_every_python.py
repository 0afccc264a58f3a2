"""Same seed and orders, same game, on every Python: no game quantity is a builtin ``sum`` of
floats (DESIGN.md, "no float result that depends on the machine").

Python 3.12 made the builtin ``sum`` of floats compensated (Neumaier's algorithm, CPython
gh-100425), so a float sum can come out with other last bits than on 3.11, where the golden
transcripts are made (CI runs 3.11; only 3.11 is at hand to test with). The rules, the core
and the agents sum floats with :func:`hexwar.core.exact.sum_left` (3.11's bits everywhere) or
:func:`math.fsum`. Two checks, each playing the games the golden transcripts and
``tests/test_determinism.py`` play, in a fresh interpreter (the rulesets keep module caches a
game in this process would have filled):

- a recorder as ``builtins.sum`` names every call from ``hexwar.core``, ``hexwar.rulesets`` or
  ``hexwar.agents`` whose terms include a float;
- CPython 3.12's ``sum``, written out here as its ``bltinmodule.c`` does it, as
  ``builtins.sum``: the golden transcripts and the state hashes must come out the same.

Run as ``python -m tests.test_same_sums_on_every_python record|compensated`` the module plays
the games itself and prints what it found as JSON (the tests start it so).
"""

from __future__ import annotations

import builtins
import json
import math
import os
import subprocess
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hexwar
from hexwar.core import exact

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
PACKAGE = Path(hexwar.__file__).resolve().parent
GAME_PATH = ("hexwar.core.", "hexwar.rulesets.", "hexwar.agents.")

_REAL_SUM = builtins.sum
_LONG = 2**63  # a C long on the 64-bit platforms CPython's fast paths are written for


def _sum_312(iterable: Iterable[Any], /, start: Any = 0) -> Any:
    """``sum`` as CPython 3.12's ``builtin_sum_impl`` (Python/bltinmodule.c) computes it.

    Its fast paths, in order: while the total is an exact int, int and bool terms are added
    in a C ``Py_ssize_t`` (exactly) until one is not an int or the total would overflow; that
    term is added generically. If the total is then an exact float, exact float terms are
    added with Neumaier's compensation (``c``), int terms that fit a C long converted to a
    double and added without it; the first other term adds the compensation (when nonzero and
    finite) and is added generically. Every term after that is added generically, ``result +
    item``, as every term was before 3.12."""
    if isinstance(start, str | bytes | bytearray):
        return _REAL_SUM(iterable, start)  # the TypeError sum raises for them
    items = iter(iterable)
    result = start
    if type(result) is int and -_LONG <= result < _LONG:
        for item in items:
            if (
                (type(item) is int or type(item) is bool)
                and -_LONG <= item < _LONG
                and -_LONG <= result + item < _LONG
            ):
                result += item
                continue
            result = result + item
            break
        else:
            return result
    if type(result) is float:
        total, c = result, 0.0
        for item in items:
            if type(item) is float:
                t = total + item
                if abs(total) >= abs(item):
                    c += (total - t) + item
                else:
                    c += (item - t) + total
                total = t
                continue
            if isinstance(item, int) and -_LONG <= item < _LONG:
                total += float(item)
                continue
            if c and math.isfinite(c):
                total += c
            result = total + item
            break
        else:
            if c and math.isfinite(c):
                total += c
            return total
    for item in items:
        result = result + item
    return result


def _caller() -> tuple[str, str, int] | None:
    """(file under the hexwar package, function, line) of the call to ``sum`` when it comes
    from the game path, else None."""
    frame = sys._getframe(2)
    module = frame.f_globals.get("__name__", "")
    if not (module + ".").startswith(GAME_PATH):
        return None
    file = Path(frame.f_code.co_filename).resolve()
    path = file.relative_to(PACKAGE).as_posix() if file.is_relative_to(PACKAGE) else str(file)
    return path, frame.f_code.co_qualname, frame.f_lineno


def _has_float(items: list[Any], start: Any) -> bool:
    """Whether 3.12's sum (or 3.14's, which compensates complex terms too) may round otherwise."""
    return isinstance(start, float | complex) or any(isinstance(x, float | complex) for x in items)


def _recorder(sites: set[tuple[str, str, int]]) -> Callable[..., Any]:
    def recording_sum(iterable: Iterable[Any], /, start: Any = 0) -> Any:
        items = list(iterable)
        if _has_float(items, start):
            where = _caller()
            if where is not None:
                sites.add(where)
        return _REAL_SUM(items, start)

    return recording_sum


def _compensated() -> Callable[..., Any]:
    return _sum_312


def _play() -> dict[str, dict[str, str]]:
    """The golden games' transcripts and the determinism test's state hashes."""
    from hexwar.testing import determinism, golden

    transcripts = {
        golden.file_name(scenario, seed): golden.play(scenario, seed)
        for scenario, seed in golden.games(GOLDEN)
    }
    hashes = {
        f"{scenario}@{determinism.STEPS}": determinism.state_hash(scenario, 1, determinism.STEPS)
        for scenario in determinism.bundled()
    }
    hashes["idahex/sinai@end"] = determinism.state_hash("idahex/sinai", 1, None)
    return {"transcripts": transcripts, "hashes": hashes}


def main(mode: str) -> None:
    """Play the games with ``builtins.sum`` replaced (``record``: the recorder; ``compensated``:
    3.12's sum) and print the transcripts, hashes and recorded sites as JSON."""
    if mode not in ("record", "compensated"):
        print(
            f"usage: python -m tests.test_same_sums_on_every_python record|compensated; "
            f"got {mode!r}",
            file=sys.stderr,
        )
        sys.exit(2)
    sites: set[tuple[str, str, int]] = set()
    builtins.sum = _recorder(sites) if mode == "record" else _compensated()
    try:
        out: dict[str, Any] = _play()
    finally:
        builtins.sum = _REAL_SUM
    out["sites"] = sorted(sites)
    json.dump(out, sys.stdout)


@cache
def _runs() -> dict[str, dict[str, Any]]:
    """Both modes' results, each from its own interpreter, two at a time."""

    def run(mode: str) -> dict[str, Any]:
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(PACKAGE.parent), os.environ.get("PYTHONPATH", "")]),
        }
        proc = subprocess.run(
            [sys.executable, "-m", "tests.test_same_sums_on_every_python", mode],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
        assert proc.returncode == 0, f"{mode}: exit {proc.returncode}\n{proc.stderr[-3000:]}"
        result: dict[str, Any] = json.loads(proc.stdout)
        return result

    modes = ["record", "compensated"]
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(modes, pool.map(run, modes), strict=True))


# -- exact.sum_left: Python 3.11's sum -----------------------------------------------------

# (terms, Python 3.11's sum of them): what sum_left must give on every Python.
ELEVEN = [
    ([0.1] * 10, 0.9999999999999999),  # 3.12's sum: 1.0
    ([1e16, 1.0, -1e16], 0.0),  # 3.12's sum: 1.0
    ([-0.0], 0.0),  # the int start 0 plus -0.0
    ([-0.0, -0.0], 0.0),
    ([1, 2, 0.5], 3.5),
    ([2**53, 1, 1, 0.0], 9007199254740994.0),  # the ints add up exactly before the float
    ([0.0, 2**53, 1, 1], 9007199254740992.0),  # after it, each int rounds on its own
    ([0.5, 2**64], 1.8446744073709552e19),  # an int past a C long
    ([0.5, True], 1.5),
    ([1e308, 1e308, -1e308], math.inf),
]


@pytest.mark.parametrize(("terms", "expected"), ELEVEN)
def test_sum_left_gives_python_3_11s_sum(terms: list[float], expected: float) -> None:
    got = exact.sum_left(terms)
    assert type(got) is float
    assert got.hex() == expected.hex()
    assert exact.sum_left(iter(terms)).hex() == expected.hex()


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="3.12's sum is compensated")
@pytest.mark.parametrize(("terms", "expected"), ELEVEN)
def test_the_expected_sums_are_python_3_11s(terms: list[float], expected: float) -> None:
    assert sum(terms).hex() == expected.hex()


def test_sum_left_of_ints_is_their_int_sum_and_of_nothing_the_int_0() -> None:
    assert exact.sum_left([]) == 0
    assert type(exact.sum_left([])) is int
    assert exact.sum_left([2**70, 1, -3]) == 2**70 - 2
    assert type(exact.sum_left([1, 2])) is int


def test_sum_left_of_nan_and_opposite_infinities_is_nan() -> None:
    assert math.isnan(exact.sum_left([math.inf, -math.inf, 1.0]))
    assert math.isnan(exact.sum_left([1.0, math.nan]))


_TERMS = st.lists(
    st.one_of(
        st.floats(allow_nan=False),
        st.floats(min_value=-1e6, max_value=1e6),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.booleans(),
    ),
    max_size=12,
)


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="3.12's sum is compensated")
@given(_TERMS)
def test_sum_left_has_the_bits_of_the_builtin_sum_of_python_3_11(terms: list[float]) -> None:
    assert repr(exact.sum_left(terms)) == repr(sum(terms))


# -- the emulation of Python 3.12's sum ----------------------------------------------------


def test_the_emulated_3_12_sum_is_compensated() -> None:
    """The examples of 3.12's What's New and of gh-100425."""
    assert _sum_312([0.1] * 10) == 1.0
    assert _sum_312([1e16, 1.0, -1e16]) == 1.0
    assert _sum_312([0.1] * 10, 0.0) == 1.0


def test_the_emulated_3_12_sum_keeps_the_sign_and_the_infinities() -> None:
    assert str(_sum_312([-0.0], -0.0)) == "-0.0"
    assert _sum_312([1e308, 1e308, -1e308]) == math.inf
    assert math.isnan(_sum_312([math.inf, -math.inf]))


def test_the_emulated_3_12_sum_adds_other_terms_as_the_builtin_does() -> None:
    assert _sum_312([2**53, 1, 1, 0.0]) == 9007199254740994.0
    assert _sum_312([0.5, 2**64, 0.25]) == sum([0.5, 2**64, 0.25])
    assert _sum_312([[1], [2]], []) == [1, 2]
    assert _sum_312(range(10)) == 45
    assert _sum_312([0.5, True]) == 1.5
    with pytest.raises(TypeError, match="can't sum strings"):
        _sum_312(["a"], "")


# -- the games -----------------------------------------------------------------------------


@pytest.mark.slow
def test_no_float_is_summed_by_the_builtin_sum_on_the_game_path() -> None:
    """Python 3.12's compensated sum would give such a sum other bits than 3.11's."""
    sites = [tuple(s) for s in _runs()["record"]["sites"]]
    new = sorted(f"{p}:{line} ({f})" for p, f, line in sites)
    assert new == [], (
        "the builtin sum() of floats on the game path (its bits change on Python 3.12+): "
        + ", ".join(new)
        + "; use hexwar.core.exact.sum_left or math.fsum"
    )


@pytest.mark.slow
def test_the_recorder_changes_no_game() -> None:
    recorded = _runs()["record"]["transcripts"]
    for name, text in recorded.items():
        assert text == (GOLDEN / name).read_text(encoding="utf-8"), name


@pytest.mark.slow
def test_golden_transcripts_come_out_the_same_with_python_3_12s_sum() -> None:
    compensated = _runs()["compensated"]["transcripts"]
    assert compensated
    for name, text in compensated.items():
        assert text == (GOLDEN / name).read_text(encoding="utf-8"), (
            f"{name} plays otherwise with Python 3.12's sum"
        )


@pytest.mark.slow
def test_every_bundled_scenario_has_the_same_state_with_python_3_12s_sum() -> None:
    runs = _runs()
    plain, compensated = runs["record"]["hashes"], runs["compensated"]["hashes"]
    assert "idahex/sinai@end" in plain
    differing = sorted(k for k in plain if compensated.get(k) != plain[k])
    assert differing == [], f"Python 3.12's sum changes the state of: {', '.join(differing)}"


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) == 2 else "")
