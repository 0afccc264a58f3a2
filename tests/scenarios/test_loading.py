"""Loading and validating scenario files: every mistake reported, each at its line."""

from __future__ import annotations

import enum
import hashlib
import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError, ValidationInfo, model_validator

from hexwar.core.errors import ScenarioError
from hexwar.scenarios import (
    ScenarioModel,
    canonical_json,
    content_hash,
    format_path,
    json_schema,
    load,
    load_document,
    peek_ruleset,
    validate,
)

# --- a small scenario model, shaped like a ruleset's --------------------------------------------


class Side(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Unit(ScenarioModel):
    id: str
    side: Side
    strength: int
    at: tuple[int, int]


class Weather(ScenarioModel):
    visibility: int
    wind: str


class Scenario(ScenarioModel):
    ruleset: str
    title: str
    turns: int
    reinforcements: tuple[int, ...]
    weather: Weather
    units: tuple[Unit, ...]


def located(error: ScenarioError) -> list[tuple[int | None, str]]:
    return [(p.line, p.path) for p in error.problems]


# Line numbers in these texts are asserted exactly; each text starts at line 1.
VALID_TOML = """\
ruleset = "aggressor"
title = "Meeting engagement"
turns = 12
reinforcements = [2, 3]

[weather]
visibility = 4
wind = "calm"

[[units]]
id = "1/A"
side = "red"
strength = 6
at = [0, 0]

[[units]]
id = "2/B"
side = "blue"
strength = 4
at = [3, -1]
"""

BROKEN_TOML = """\
ruleset = "aggressor"
title = "Meeting engagement"
turns = 12
morale = 3
reinforcements = [
  2,
  "three",
  4,
]

[weather]
visibility = "far"

[[units]]
id = "1/A"
side = "red"
strength = 6
at = [0, 0]

[[units]]
id = "2/B"
side = "blue"
strength = "three"
at = [3, -1]
"""

BROKEN_JSON = """\
{
  "ruleset": "aggressor",
  "title": "Meeting engagement",
  "turns": 12,
  "morale": 3,
  "reinforcements": [
    2,
    "three",
    4
  ],
  "weather": {
    "visibility": "far"
  },
  "units": [
    {"id": "1/A", "side": "red", "strength": 6, "at": [0, 0]},
    {
      "id": "2/B",
      "side": "blue",
      "strength": "three",
      "at": [3, -1]
    }
  ]
}
"""


def test_toml_mistakes_are_all_reported_at_their_lines() -> None:
    with pytest.raises(ScenarioError) as caught:
        validate(load_document(BROKEN_TOML, name="broken.toml"), Scenario)
    assert located(caught.value) == [
        (4, "morale"),  # unknown key
        (7, "reinforcements[1]"),  # element of a multi-line array
        (11, "weather.wind"),  # missing: at its table's header
        (12, "weather.visibility"),  # wrong type in a nested table
        (23, "units[1].strength"),  # inside the second [[units]]
    ]


def test_json_mistakes_are_all_reported_at_their_lines() -> None:
    with pytest.raises(ScenarioError) as caught:
        validate(load_document(BROKEN_JSON, name="broken.json"), Scenario)
    assert located(caught.value) == [
        (5, "morale"),
        (8, "reinforcements[1]"),
        (11, "weather.wind"),
        (12, "weather.visibility"),
        (19, "units[1].strength"),
    ]


def test_problems_read_file_line_path_message() -> None:
    with pytest.raises(ScenarioError) as caught:
        validate(load_document(BROKEN_TOML, name="broken.toml"), Scenario)
    lines = str(caught.value).splitlines()
    assert lines[0] == "broken.toml:4: morale: unknown key"
    assert lines[2] == "broken.toml:11: weather.wind: missing required key"
    bad_int = 'units[1].strength: Input should be a valid integer (got "three")'
    assert lines[4] == f"broken.toml:23: {bad_int}"


def test_no_problem_is_lost() -> None:
    # A union yields one pydantic error per member; each must survive as a problem.
    class Hex(ScenarioModel):
        terrain: int | str
        height: int

    class Map(ScenarioModel):
        hexes: tuple[Hex, ...]

    text = '{"hexes": [{"terrain": [1], "height": "x"}, {"terrain": 2, "extra": 1}, 5]}'
    with pytest.raises(ValidationError) as raw:
        Map.model_validate_json(text)
    with pytest.raises(ScenarioError) as caught:
        validate(load_document(text), Map)
    assert len(caught.value.problems) == raw.value.error_count() == 6


def test_union_member_labels_are_not_part_of_the_path() -> None:
    class Hex(ScenarioModel):
        terrain: int | str

    with pytest.raises(ScenarioError) as caught:
        validate(load_document("terrain = [1]"), Hex)
    assert {p.path for p in caught.value.problems} == {"terrain"}


def test_missing_root_key_is_at_line_1() -> None:
    with pytest.raises(ScenarioError) as caught:
        validate(load_document('\n\ntitle = "x"\n'), Weather)
    assert located(caught.value) == [(1, "visibility"), (1, "wind"), (3, "title")]


def test_toml_syntax_error_is_located() -> None:
    with pytest.raises(ScenarioError) as caught:
        load_document('ruleset = "x"\nturns = = 3\n', name="bad.toml")
    (problem,) = caught.value.problems
    assert (problem.file, problem.line) == ("bad.toml", 2)
    assert problem.message.startswith("TOML syntax error: Invalid value (column ")


def test_json_syntax_error_is_located() -> None:
    with pytest.raises(ScenarioError) as caught:
        load_document('{\n  "a": 1\n  "b": 2\n}', name="bad.json")
    (problem,) = caught.value.problems
    assert (problem.file, problem.line) == ("bad.json", 3)
    assert problem.message.startswith("JSON syntax error: Expecting ',' delimiter")


def test_json_top_level_must_be_an_object() -> None:
    with pytest.raises(ScenarioError, match="must be an object"):
        load_document("[1, 2]", fmt="json")


def test_non_utf8_file_is_located(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'a = 1\nname = "Caf\xe9"\n')
    with pytest.raises(ScenarioError) as caught:
        load_document(path)
    assert caught.value.problems[0].line == 2


def test_dotted_keys_quoted_keys_and_inline_tables_are_located() -> None:
    doc = load_document(
        "ruleset = 'x'\n"
        "weather.visibility = 3\n"
        'terrain."light woods".cost = 2\n'
        "units = [\n"
        "  { id = 'a', at = [0, 0] },\n"
        "  { id = 'b', at = [1, 1] },\n"
        "]\n"
    )
    assert doc.lines[("weather",)] == 2
    assert doc.lines[("weather", "visibility")] == 2
    assert doc.lines[("terrain", "light woods", "cost")] == 3
    assert doc.lines[("units",)] == 4
    assert doc.lines[("units", 1)] == 6
    assert doc.lines[("units", 1, "at", 0)] == 6


def test_multiline_strings_are_skipped() -> None:
    # Text that looks like headers, keys or brackets inside strings must not be scanned.
    lines = ['notes = """', "[weather]", 'wind = "x"', '"""', "turns = 3", "lit = '''", "]'''"]
    doc = load_document("\n".join([*lines, "end = 1"]))
    assert doc.data["notes"] == '[weather]\nwind = "x"\n'
    assert ("weather",) not in doc.lines
    assert doc.lines[("turns",)] == 5
    assert doc.lines[("end",)] == 8


def test_nested_arrays_of_tables_count_per_parent() -> None:
    doc = load_document(
        "[[fleet]]\n[[fleet.ships]]\n[[fleet.ships]]\n[[fleet]]\n[[fleet.ships]]\n[fleet.orders]\n"
    )
    assert doc.lines[("fleet", 0, "ships", 1)] == 3
    assert doc.lines[("fleet", 1, "ships", 0)] == 5
    assert doc.lines[("fleet", 1, "orders")] == 6


def test_valid_toml_and_json_load_the_same_scenario(tmp_path: Path) -> None:
    toml_path = tmp_path / "meeting.toml"
    toml_path.write_text(VALID_TOML, encoding="utf-8")
    json_path = tmp_path / "meeting.json"
    json_path.write_text(json.dumps(load_document(VALID_TOML).data, indent=2), encoding="utf-8")
    scenario = load(toml_path, Scenario)
    assert scenario == load(str(json_path), Scenario)
    assert scenario.units[1].side is Side.BLUE  # strict mode still takes strings for enums
    assert scenario.units[1].at == (3, -1)  # ... and arrays for tuples


def test_strict_refuses_coercion_unless_asked() -> None:
    doc = load_document('visibility = "3"\nwind = "calm"')
    with pytest.raises(ScenarioError, match="visibility"):
        validate(doc, Weather)
    assert validate(doc, Weather, strict=False).visibility == 3


class Delays(ScenarioModel):
    ptran: tuple[tuple[float, ...], ...]
    hold: float = 0.0


def test_infinities_load_from_toml_and_json() -> None:
    toml = validate(load_document("ptran = [[0, inf], [-inf, 1.5]]\nhold = inf"), Delays)
    assert toml.ptran == ((0.0, math.inf), (-math.inf, 1.5))
    assert toml.hold == math.inf
    as_json = validate(load_document('{"ptran": [[0, Infinity], [-Infinity, 1.5]]}'), Delays)
    assert as_json.ptran == toml.ptran


def test_nan_is_refused_at_its_line() -> None:
    text = "ptran = [\n  [0, 1],\n  [nan, 2],\n]\nhold = nan\n"
    with pytest.raises(ScenarioError) as caught:
        validate(load_document(text, name="d.toml"), Delays)
    assert located(caught.value) == [(3, "ptran[1][0]"), (5, "hold")]
    assert "nan is not a number" in str(caught.value)


DEFER = "defer_checks"


class Counted(ScenarioModel):
    """A model with a cross-field check: ``n`` counts ``values``."""

    n: int
    values: tuple[int, ...]

    @classmethod
    def deferred_context(cls) -> dict[str, Any]:
        return {DEFER: True}

    def deferred_problems(self) -> list[tuple[tuple[str | int, ...], str]]:
        return [] if len(self.values) == self.n else [(("values",), f"expected {self.n}")]

    @model_validator(mode="after")
    def _count(self, info: ValidationInfo) -> Counted:
        if not (info.context and info.context.get(DEFER)) and self.deferred_problems():
            raise ValueError(f"values: expected {self.n}")
        return self


def test_deferred_cross_field_checks_are_located() -> None:
    text = "n = 3\n\nvalues = [1, 2]\n"
    with pytest.raises(ScenarioError) as caught:
        validate(load_document(text, name="c.toml"), Counted)
    assert str(caught.value) == "c.toml:3: values: expected 3"
    # Without the loader the model still checks itself, unlocated.
    with pytest.raises(ValidationError, match="expected 3"):
        Counted.model_validate_json('{"n": 3, "values": [1, 2]}')


def test_deferred_checks_pass_a_consistent_file() -> None:
    assert validate(load_document("n = 2\nvalues = [1, 2]"), Counted).values == (1, 2)


def test_peek_ruleset_reads_the_top_key() -> None:
    assert peek_ruleset(load_document(VALID_TOML)) == "aggressor"


def test_peek_ruleset_locates_a_missing_or_bad_ruleset() -> None:
    with pytest.raises(ScenarioError) as missing:
        peek_ruleset(load_document("turns = 3", name="s.toml"))
    assert str(missing.value).startswith("s.toml:1: ruleset: missing required key")
    with pytest.raises(ScenarioError) as bad:
        peek_ruleset(load_document("turns = 3\nruleset = 7", name="s.toml"))
    assert str(bad.value) == "s.toml:2: ruleset: must be the id of a ruleset (got 7)"


def test_format_path_brackets_indices_and_quotes_odd_keys() -> None:
    assert format_path(("units", 2, "strength")) == "units[2].strength"
    assert format_path(("terrain", "light woods", 0)) == 'terrain."light woods"[0]'
    assert format_path(()) == ""


def test_json_schema_describes_the_model() -> None:
    schema = json_schema(Scenario)
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == set(Scenario.model_fields)


def test_canonical_json_ignores_key_order_and_spacing() -> None:
    assert canonical_json({"b": [1, 2], "a": "é"}) == '{"a":"é","b":[1,2]}'
    assert canonical_json({"a": "é", "b": [1, 2]}) == canonical_json({"b": [1, 2], "a": "é"})


def test_content_hash_is_the_same_for_toml_and_json() -> None:
    toml = load_document('ruleset = "x"\nstart = 1944-06-06\n')
    as_json = load_document('{"start": "1944-06-06", "ruleset": "x"}')
    assert content_hash(toml.data) == content_hash(as_json.data)
    # The canonical spelling written out by hand: sorted keys, no spaces (records.py).
    expected = hashlib.sha256(b'{"ruleset":"x","start":"1944-06-06"}').hexdigest()
    assert content_hash(as_json.data) == expected


# --- property: the JSON scanner agrees with the text -------------------------------------------

json_keys = st.text(min_size=1, max_size=8)
json_scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(json_keys, inner, max_size=4),
    max_leaves=20,
)


def paths(value: Any, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every key path in a JSON-like value, parents before children."""
    if isinstance(value, dict):
        children: Any = value.items()
    elif isinstance(value, list):
        children = enumerate(value)
    else:
        return []
    found = []
    for key, child in children:
        found += [(*prefix, key), *paths(child, (*prefix, key))]
    return found


@given(st.dictionaries(json_keys, json_values, max_size=5))
def test_every_json_key_path_maps_to_the_line_holding_it(data: dict[str, Any]) -> None:
    text = json.dumps(data, indent=2)
    doc = load_document(text, fmt="json")
    lines = text.splitlines()
    for path in paths(data):
        line = lines[doc.lines[path] - 1].strip()
        if isinstance(path[-1], str):
            assert line.startswith(json.dumps(path[-1]) + ":")
        else:  # an element: its text starts that line
            element = json.dumps(_at(data, path), indent=2).splitlines()[0]
            assert line.startswith(element)


def _at(data: Any, path: tuple[str | int, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


# --- property: the TOML scanner agrees with the text -------------------------------------------

toml_keys = st.text(alphabet="ab .'_-é", min_size=1, max_size=5)
toml_tables = st.recursive(
    st.dictionaries(toml_keys, st.integers(), max_size=3),
    lambda inner: st.dictionaries(toml_keys, st.integers() | inner, max_size=3),
    max_leaves=12,
)


def to_toml(table: dict[str, Any], prefix: tuple[str, ...] = ()) -> list[str]:
    """Scalars first, then one [header] per sub-table, as TOML requires."""

    def quote(key: str) -> str:
        return json.dumps(key, ensure_ascii=False)

    out = [f"{quote(k)} = {v}" for k, v in table.items() if isinstance(v, int)]
    for key, value in table.items():
        if isinstance(value, dict):
            path = (*prefix, key)
            out += ["", "[" + ".".join(quote(k) for k in path) + "]"]
            out += to_toml(value, path)
    return out


@given(toml_tables)
def test_every_toml_key_path_maps_to_the_line_holding_it(data: dict[str, Any]) -> None:
    text = "\n".join(to_toml(data))
    doc = load_document(text, fmt="toml")
    assert doc.data == data
    lines = text.splitlines()
    for path in paths(data):
        line = lines[doc.lines[path] - 1]
        quoted = json.dumps(path[-1], ensure_ascii=False)
        if isinstance(_at(data, path), dict):
            assert line.startswith("[")
            assert line.endswith(f"{quoted}]")
        else:
            assert line.startswith(f"{quoted} = ")
