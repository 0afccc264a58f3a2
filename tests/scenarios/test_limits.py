"""The scenario reader refuses, at its line, what it could not handle safely (issue 15, item 2):
nesting past MAX_DEPTH, integers past MAX_INT_DIGITS digits, repeated JSON keys, unknown
rulesets. Each of these used to escape as RecursionError / ValueError or pass silently."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from hexwar.core.errors import ScenarioError
from hexwar.scenarios import load_document, peek_ruleset
from hexwar.scenarios.loading import MAX_DEPTH, MAX_INT_DIGITS


def refused(text: str, fmt: str) -> tuple[int | None, str, str]:
    with pytest.raises(ScenarioError) as info:
        load_document(text, fmt=fmt, name=f"s.{fmt}")  # type: ignore[arg-type]
    (problem,) = info.value.problems
    return problem.line, problem.path, problem.message


def test_toml_arrays_nested_1000_deep_are_refused_at_their_line() -> None:
    text = 'ruleset = "aggressor"\ndeep = ' + "[" * 1000 + "]" * 1000
    line, _, message = refused(text, "toml")
    assert line == 2
    assert "nested too deeply" in message


def test_toml_inline_tables_nested_1000_deep_are_refused() -> None:
    text = 'ruleset = "aggressor"\n\ndeep = ' + "{a = " * 1000 + "1" + "}" * 1000
    assert refused(text, "toml")[0] == 3


def test_toml_dotted_keys_deeper_than_the_limit_are_refused() -> None:
    text = "x = 1\n" + ".".join(["a"] * (MAX_DEPTH + 5)) + " = 1"
    line, _, message = refused(text, "toml")
    assert (line, "nested too deeply" in message) == (2, True)


def test_json_nested_5000_deep_is_refused_at_its_line() -> None:
    text = '{"ruleset": "aggressor",\n"deep": ' + "[" * 5000 + "]" * 5000 + "}"
    line, _, message = refused(text, "json")
    assert line == 2
    assert "nested too deeply" in message


def test_nesting_at_the_limit_loads() -> None:
    # The top-level object is one level; MAX_DEPTH - 1 arrays inside it reach the limit.
    depth = MAX_DEPTH - 1
    doc = load_document('{"a": ' + "[" * depth + "]" * depth + "}", fmt="json")
    assert "a" in doc.data


def test_json_integer_of_5000_digits_is_refused_at_its_line() -> None:
    text = '{"ruleset": "aggressor",\n\n"n": ' + "7" * 5000 + "}"
    line, _, message = refused(text, "json")
    assert (line, message) == (3, f"integer too long: at most {MAX_INT_DIGITS} digits")


def test_toml_integer_of_5000_digits_is_refused_at_its_line() -> None:
    line, _, message = refused('ruleset = "x"\nn = ' + "7" * 5000, "toml")
    assert (line, "integer too long" in message) == (2, True)


def test_toml_hex_integer_past_the_digit_limit_is_refused_at_its_key() -> None:
    # 0x + 5000 hex digits parses (hex has no digit limit) to a 6000-digit number.
    line, path, _ = refused('ruleset = "x"\n\nn = 0x' + "f" * 5000, "toml")
    assert (line, path) == (3, "n")


def test_integer_of_the_limit_digits_loads() -> None:
    doc = load_document("n = " + "9" * MAX_INT_DIGITS, fmt="toml")
    assert doc.data["n"] == 10**MAX_INT_DIGITS - 1


def test_repeated_json_key_is_refused_at_the_repeat() -> None:
    text = '{"ruleset": "aggressor",\n "side": {"name": "red",\n  "name": "blue"}}'
    line, path, message = refused(text, "json")
    assert (line, path) == (3, "side.name")
    assert "duplicate key (first at line 2)" in message


def test_unknown_ruleset_is_reported_at_its_line() -> None:
    doc = load_document('title = "x"\n\nruleset = "chess"', fmt="toml", name="s.toml")
    with pytest.raises(ScenarioError) as info:
        peek_ruleset(doc)
    assert str(info.value).startswith("s.toml:3: ruleset: unknown ruleset 'chess' (known: ")


def test_a_file_over_the_size_limit_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("hexwar.scenarios.loading.MAX_FILE_BYTES", 100)
    path = tmp_path / "big.toml"
    path.write_text("a = 1\n" * 50)
    with pytest.raises(ScenarioError, match="file too large"):
        load_document(path)


def test_cli_validate_and_run_exit_2_on_a_deep_file_without_traceback(
    tmp_path: Path, refused_by_validate_and_run: Callable[[Path, str], None]
) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"ruleset": "aggressor",\n"deep": ' + "[" * 5000 + "]" * 5000 + "}")
    refused_by_validate_and_run(path, f"{path}:2: nested too deeply")
