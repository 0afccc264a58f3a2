"""flankbattle's readers refuse what they cannot use, at its file, line and key (issue 15,
item 2; seed 004, Inputs overview: "ordered lists ... map each value to a number"; Online
database: the four tabs as CSV)."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from hexwar.core.errors import ScenarioError
from hexwar.rulesets.flankbattle.database import DatabaseError, example_csv_texts, read_tabs
from hexwar.rulesets.flankbattle.params import (
    default_parameters,
    default_units,
    load_parameters,
    parameters_from_data,
)
from hexwar.rulesets.flankbattle.scenario import FlankbattleScenario
from hexwar.rulesets.flankbattle.schema import CSV_FIELD_LIMIT
from hexwar.scenarios import load_document, validate

BUNDLED = Path(__file__).resolve().parents[3] / "src/hexwar/rulesets/flankbattle"


def bundled_parameters() -> dict[str, Any]:
    return copy.deepcopy(default_parameters().data)


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def line_with(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def hexwar(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    from hexwar.cli.main import main

    argv, sys.argv = sys.argv, ["hexwar", *args]
    try:
        main()
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    finally:
        sys.argv = argv
    return code, capsys.readouterr().err


# -- parameters.json ---------------------------------------------------------------------------


def test_ordered_list_shorter_than_its_values_is_refused_at_its_key(tmp_path: Path) -> None:
    # Was: IndexError at resolve. Medicine has five values, so five disease numbers.
    data = bundled_parameters()
    data["ordered"]["Medicine"]["disease"] = [0.0, 0.15]
    path = write_json(tmp_path / "parameters.json", data)
    with pytest.raises(ScenarioError) as info:
        load_parameters(path)
    (problem,) = info.value.problems
    assert (problem.file, problem.path) == (str(path), "ordered.Medicine.disease")
    assert problem.line == line_with(path, '"disease": [')
    assert problem.message.startswith("2 numbers for 5 values")


def test_wrong_typed_value_is_refused_at_import_not_at_resolve(tmp_path: Path) -> None:
    # Was: imported, then resolve failed: could not convert string to float: 'high'.
    data = bundled_parameters()
    data["battle"]["rout_fraction"] = "high"
    data["terrain"]["forest"]["speed"] = [0.6]
    path = write_json(tmp_path / "parameters.json", data)
    with pytest.raises(ScenarioError) as info:
        load_parameters(path)
    found = {(p.path, p.line) for p in info.value.problems}
    assert found == {
        ("battle.rout_fraction", line_with(path, '"rout_fraction"')),
        ("terrain.forest.speed", line_with(path, '"speed": [')),
    }


def test_combination_table_must_be_a_full_grid_over_its_two_lists() -> None:
    data = bundled_parameters()
    table = data["combinations"]["Federal Gov-State Gov"]
    table["values"][2] = table["values"][2][:-1]
    table["rows"] = table["rows"][:-1]
    table["values"] = table["values"][:-1]
    with pytest.raises(ScenarioError) as info:
        parameters_from_data(data, "p.json")
    messages = {p.path: p.message for p in info.value.problems}
    assert messages['combinations."Federal Gov-State Gov".values[2]'] == ("5 numbers for 6 columns")
    assert (
        "must be the values of 'Federal Government' (missing ['Governor'])"
        in (messages['combinations."Federal Gov-State Gov".rows'])
    )


def test_a_missing_battle_constant_is_refused_before_the_war() -> None:
    data = bundled_parameters()
    del data["battle"]["rout_fraction"]
    with pytest.raises(ScenarioError, match="missing 'rout_fraction'"):
        parameters_from_data(data)


@pytest.mark.parametrize("floor", [0, -0.5])
def test_an_occupation_term_floor_not_above_0_is_refused_at_its_key(floor: float) -> None:
    """docs/rulings/flankbattle.md, Occupation Base special calculations: each factor is
    floored at ``occupation_term_floor`` so that a negative logarithm cannot make the product
    negative; a floor of 0 or less would let a factor make it 0 or negative."""
    data = bundled_parameters()
    data["battle"]["occupation_term_floor"] = floor
    with pytest.raises(ScenarioError) as info:
        parameters_from_data(data, "p.json")
    (problem,) = info.value.problems
    assert problem.path == "battle.occupation_term_floor"
    assert problem.message.startswith(f"must be above 0, got {floor}")


def test_parameters_embedded_in_a_scenario_are_located_at_the_scenario_line(
    tmp_path: Path,
) -> None:
    scenario = load_document(BUNDLED / "scenarios" / "hastings.toml").data
    data = bundled_parameters()
    data["ordered"]["Writing"]["occupation"] = [1.0]
    scenario = {**scenario, "parameters": data}
    path = write_json(tmp_path / "war.json", scenario)
    with pytest.raises(ScenarioError) as info:
        validate(load_document(path), FlankbattleScenario)
    (problem,) = info.value.problems
    assert problem.path == "parameters.ordered.Writing.occupation"
    lines = path.read_text().splitlines()
    writing = line_with(path, '"Writing": {')
    occupation = next(i for i in range(writing, len(lines)) if '"occupation"' in lines[i]) + 1
    assert problem.line == occupation


def test_cli_resolve_with_a_bad_parameters_json_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = bundled_parameters()
    data["battle"]["rout_fraction"] = "high"
    write_json(tmp_path / "parameters.json", data)
    code, err = hexwar(capsys, "flankbattle", "resolve", "--example", "--json-dir", str(tmp_path))
    assert code == 2
    assert "Traceback" not in err
    assert "parameters.json:" in err
    assert "battle.rout_fraction" in err


# -- CSV import ------------------------------------------------------------------------------


def test_csv_cell_over_the_field_limit_is_refused_at_its_line_and_column() -> None:
    # Was: _csv.Error "field larger than field limit (131072)".
    texts = example_csv_texts()
    lines = texts["Nation"].splitlines()
    lines[2] = lines[2].split(",", 1)[0] + ',"' + "x" * (CSV_FIELD_LIMIT + 1) + '"'
    texts["Nation"] = "\n".join(lines) + "\n"
    named = {tab: (f"{tab}.csv", text) for tab, text in texts.items()}
    with pytest.raises(DatabaseError) as info:
        read_tabs(named, default_parameters(), default_units())
    (problem,) = info.value.problems
    heading = texts["Nation"].splitlines()[0].split(",")[1]
    assert (problem.file, problem.line) == ("Nation.csv", 3)
    assert problem.path == f"Nation tab, column {heading!r}"
    assert f"longer than {CSV_FIELD_LIMIT:,} characters" in problem.message


def test_cli_import_of_an_oversize_csv_field_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    csv_dir = tmp_path / "csv"
    assert hexwar(capsys, "flankbattle", "example", "--out", str(csv_dir))[0] == 0
    leader = csv_dir / "Leader.csv"
    leader.write_text(leader.read_text() + '"' + "y" * 200_000 + '"\n', encoding="utf-8")
    db = tmp_path / "fb.sqlite3"
    code, err = hexwar(capsys, "flankbattle", "import", str(csv_dir), "--db", str(db))
    assert code == 2
    assert "Traceback" not in err
    assert f"{leader}:" in err
    assert "Leader tab, column 'Name'" in err
    assert not db.exists()  # nothing is half-imported


# -- a database embedded in a scenario ---------------------------------------------------------


def test_embedded_database_rows_are_checked_cell_by_cell_at_their_line(tmp_path: Path) -> None:
    # Was: a row value of the wrong type validated, then the war failed with TypeError or
    # ValueError ("... is not in list") while setting up. Seed 004, Military: Size is a number.
    from hexwar.rulesets.flankbattle.scenario import database_of

    document = load_document(BUNDLED / "scenarios" / "hastings.toml")
    scenario = validate(document, FlankbattleScenario)
    database = database_of(scenario).to_json()
    database["Military"][0]["size"] = "many"
    database["Nation"][0]["civilization"] = 3
    path = write_json(tmp_path / "war.json", {**document.data, "database": database})
    with pytest.raises(ScenarioError) as info:
        validate(load_document(path), FlankbattleScenario)
    found = {p.path: p.line for p in info.value.problems}
    assert set(found) == {"database.Military[0].size", "database.Nation[0].civilization"}
    assert found["database.Military[0].size"] == line_with(path, '"size": "many"')
