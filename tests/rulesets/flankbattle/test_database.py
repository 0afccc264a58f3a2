"""The input database (seed 004, Inputs overview, Nation, Military, Location, Leader, Unit,
Online database): CSV import, checks naming tab, row and column, nothing half-imported."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hexwar.rulesets.flankbattle.database import (
    Database,
    DatabaseError,
    example_csv_texts,
    import_csv_dir,
)
from hexwar.rulesets.flankbattle.params import default_parameters, default_units, load_units
from hexwar.rulesets.flankbattle.schema import TABS, with_defaults


def _write_example(directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for tab, text in example_csv_texts().items():
        (directory / TABS[tab].file_name).write_text(text, encoding="utf-8")
    return directory


def _edit(directory: Path, tab: str, row: int, column: str, value: str) -> None:
    """Set one cell (row 1 = first data row) of a tab's CSV."""
    import csv
    import io

    path = directory / TABS[tab].file_name
    records = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    records[row][records[0].index(column)] = value
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(records)
    path.write_text(out.getvalue(), encoding="utf-8")


def _import(directory: Path, db: Path) -> Database:
    return import_csv_dir(directory, db, default_parameters(), default_units())


def test_example_csvs_import_into_sqlite_and_read_back(tmp_path: Path) -> None:
    """Inputs overview: the four tabs are stored in the embedded database."""
    db_path = tmp_path / "fb.sqlite3"
    imported = _import(_write_example(tmp_path / "csv"), db_path)
    loaded = Database.load(db_path)
    assert loaded.names("Military") == imported.names("Military")
    assert loaded.military("Norman Host")["size"] == 8000.0
    assert loaded.nation("England")["population"] == 1_700_000.0


def test_every_column_of_the_seed_tables_is_present() -> None:
    """Nation, Military, Location tables and the Leader stats: every field of the seed."""
    headings = {tab: [c.heading for c in t.columns] for tab, t in TABS.items()}
    assert len(headings["Nation"]) == 1 + 24 + 1  # name, the 24 inputs, stability
    assert "Mobile defenses" in headings["Military"]
    assert headings["Location"][1:] == [
        "Local population",
        "Climate",
        "Terrain",
        "Urbanization",
        "Attrition",
        "Fortifications",
        "Road system",
    ]
    assert headings["Leader"][3:] == [
        "Attack",
        "Defense",
        "Siege",
        "Authority",
        "Cunning",
        "Zeal",
        "Martial",
    ]


def test_missing_required_field_names_tab_row_and_column(tmp_path: Path) -> None:
    """Online database: Nation requires Population, Year Founded, Year Crisis."""
    d = _write_example(tmp_path / "csv")
    _edit(d, "Nation", 2, "Population", "")
    with pytest.raises(DatabaseError) as e:
        _import(d, tmp_path / "fb.sqlite3")
    text = str(e.value)
    assert "Nation.csv:3:" in text
    assert "Nation tab, column 'Population'" in text
    assert "required" in text


def test_out_of_range_value_is_rejected(tmp_path: Path) -> None:
    """Military table: Size is a continuous value 1-15 million."""
    d = _write_example(tmp_path / "csv")
    _edit(d, "Military", 1, "Size", "20,000,000")
    with pytest.raises(DatabaseError, match=r"Military.csv:2: Military tab, column 'Size'") as e:
        _import(d, tmp_path / "fb.sqlite3")
    assert "20,000,000 is out of range 1 to 15,000,000 (rule: range of values)" in str(e.value)


def test_unknown_list_value_is_rejected(tmp_path: Path) -> None:
    """Location table: Climate is an unordered list of six values."""
    d = _write_example(tmp_path / "csv")
    _edit(d, "Location", 1, "Climate", "Martian")
    with pytest.raises(DatabaseError, match=r"Location tab, column 'Climate': 'Martian'"):
        _import(d, tmp_path / "fb.sqlite3")


def test_unknown_unit_type_says_unit_type_not_found(tmp_path: Path) -> None:
    """Unit stats: a unit type missing from Soldier.json gives "unit type not found"."""
    d = _write_example(tmp_path / "csv")
    _edit(d, "Military", 1, "Infantry type", "Berserker")
    with pytest.raises(DatabaseError) as e:
        _import(d, tmp_path / "fb.sqlite3")
    assert "unit type not found: 'Berserker'" in str(e.value)
    assert "Military tab, column 'Infantry type'" in str(e.value)


def test_unit_type_names_are_case_sensitive(tmp_path: Path) -> None:
    """Unit stats: "exactly the same spelling and capitalization"."""
    d = _write_example(tmp_path / "csv")
    _edit(d, "Military", 1, "Infantry type", "huscarl")
    with pytest.raises(DatabaseError, match="unit type not found"):
        _import(d, tmp_path / "fb.sqlite3")


def test_nothing_is_half_imported(tmp_path: Path) -> None:
    """A bad file leaves the database as it was."""
    d = _write_example(tmp_path / "csv")
    db_path = tmp_path / "fb.sqlite3"
    _import(d, db_path)
    before = db_path.read_bytes()
    _edit(d, "Leader", 1, "Attack", "11")
    _edit(d, "Nation", 1, "Population", "2,000,000")
    with pytest.raises(DatabaseError):
        _import(d, db_path)
    assert db_path.read_bytes() == before
    assert Database.load(db_path).nation("England")["population"] == 1_700_000.0


def test_a_failure_while_writing_leaves_the_old_tables(tmp_path: Path) -> None:
    """Nothing is half-imported even when writing fails part way: the four tables are
    replaced in one transaction (the earlier tabs' DROP and CREATE are rolled back too)."""
    d = _write_example(tmp_path / "csv")
    db_path = tmp_path / "fb.sqlite3"
    _import(d, db_path)
    before = Database.load(db_path).to_json()
    changed = Database.load(db_path)
    changed.tables["Nation"] = changed.tables["Nation"][:1]
    changed.tables["Location"][0]["climate"] = object()  # SQLite cannot store this
    with pytest.raises(sqlite3.Error):
        changed.save(db_path)
    assert Database.load(db_path).to_json() == before


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    """Errors name every bad cell, not only the first."""
    d = _write_example(tmp_path / "csv")
    _edit(d, "Leader", 1, "Attack", "11")
    _edit(d, "Location", 2, "Urbanization", "Megacity")
    with pytest.raises(DatabaseError) as e:
        _import(d, tmp_path / "fb.sqlite3")
    assert len(e.value.problems) == 2


def test_extra_columns_to_the_right_are_allowed(tmp_path: Path) -> None:
    """Inputs overview: "you may add extra information on extra columns to the far right"."""
    d = _write_example(tmp_path / "csv")
    path = d / "Location.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(line + ",notes" for line in lines) + "\n", encoding="utf-8")
    db = _import(d, tmp_path / "fb.sqlite3")
    assert "Hastings" in db.names("Location")


def test_columns_out_of_order_are_rejected(tmp_path: Path) -> None:
    """Inputs overview: "Do not change the order of the columns"."""
    d = _write_example(tmp_path / "csv")
    path = d / "Leader.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] = lines[0].replace("Attack,Defense", "Defense,Attack")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DatabaseError, match="columns 'Attack' and 'Defense' are swapped"):
        _import(d, tmp_path / "fb.sqlite3")


def test_reference_to_a_missing_leader_is_rejected(tmp_path: Path) -> None:
    """Military table: Leader is a complex object "See Leader tab"."""
    d = _write_example(tmp_path / "csv")
    _edit(d, "Military", 1, "Leader", "Nobody")
    with pytest.raises(DatabaseError, match="leader 'Nobody' is not in the Leader tab"):
        _import(d, tmp_path / "fb.sqlite3")


def test_missing_tab_file_is_named(tmp_path: Path) -> None:
    d = _write_example(tmp_path / "csv")
    (d / "Leader.csv").unlink()
    with pytest.raises(DatabaseError, match=r"missing Leader.csv"):
        _import(d, tmp_path / "fb.sqlite3")


def test_defaults_fill_blank_cells() -> None:
    """Nation table defaults: Ideology Statist, Arable land 7000, GDP 30 million..."""
    row = with_defaults(TABS["Nation"], {"name": "X", "population": 1e6}, default_parameters())
    assert row["ideology"] == "Statist"
    assert row["religion"] == "Christianity"
    assert row["federal_government"] == "Tribal"
    assert row["state_government"] == "Nomadic"
    assert row["civilization"] == "Hunter-Gatherer"
    assert row["arable_land"] == 7000
    assert row["age_of_civilization"] == -2000
    assert row["gdp"] == 30e6
    assert row["urban_population"] == 0.6
    assert row["power_consumption"] == 75e6
    assert row["trade"] == "Minor"
    assert row["revenue"] == "Balanced"


def test_leader_birth_year_entered_incorrectly_means_thirty_years_old(tmp_path: Path) -> None:
    """Leader: "If no birth year is given, or is entered incorrectly, then the leader is
    assumed to be 30 years old"."""
    d = _write_example(tmp_path / "csv")
    _edit(d, "Leader", 1, "Birth year", "5000")
    db = _import(d, tmp_path / "fb.sqlite3")
    assert db.leader("Harold Godwinson")["birth_year"] is None


def test_soldier_json_defaults_come_from_soldier() -> None:
    """Unit table: "Default values are pulled from the Soldier type"; Barges the transport."""
    units = default_units()
    soldier = units["Soldier"]
    assert (soldier.speed, soldier.shock, soldier.psychology, soldier.tactical_training) == (
        3,
        0,
        1,
        5,
    )
    assert soldier.power == (0.5, 0.5, 0.5)
    assert soldier.ranges == (0.1, 0.1, 0.1)
    assert units["Barges"].power == (0.0, 0.0, 0.0)


def test_missing_unit_members_take_the_files_soldier() -> None:
    """Unit table: "Default values are pulled from the Soldier type" -- a member a unit type
    leaves out takes the value of Soldier.json's own Soldier, as the moderator edited it."""
    from hexwar.rulesets.flankbattle.params import units_from_data

    units = units_from_data(
        {"Peltast": {"power": [1, 1, 0]}, "Soldier": {"speed": 5, "logistics": "Foraging"}}
    )
    assert units["Peltast"].speed == 5
    assert units["Peltast"].logistics == "Foraging"
    assert units["Peltast"].power == (1.0, 1.0, 0.0)
    assert units["Peltast"].tactical_training == 5  # the seed's table, through Soldier
    assert list(units)[:2] == ["Peltast", "Soldier"]


def test_soldier_json_values_out_of_range_are_rejected(tmp_path: Path) -> None:
    """Unit table: Shock is 0-1."""
    path = tmp_path / "Soldier.json"
    path.write_text('{"Bad": {"shock": 3}}', encoding="utf-8")
    with pytest.raises(Exception, match=r"Bad.shock: 3 is outside 0-1"):
        load_units(path)


def test_a_missing_column_is_one_message_naming_it(tmp_path: Path) -> None:
    """Online database: "Do not change the order of the columns or insert anything between
    columns" -- a column left out (heading and cells) is named once, not as every later
    column being out of place."""
    d = _write_example(tmp_path / "csv")
    path = d / "Nation.csv"
    import csv
    import io

    records = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    at = records[0].index("Religion")
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([r[:at] + r[at + 1 :] for r in records])
    path.write_text(out.getvalue(), encoding="utf-8")
    with pytest.raises(DatabaseError) as e:
        _import(d, tmp_path / "fb.sqlite3")
    assert len(e.value.problems) == 1
    assert "column 'Religion' is missing (after 'Ideology'" in str(e.value.problems[0])
    assert "Nation.csv:1:" in str(e.value.problems[0])


def test_a_semicolon_separated_file_is_told_to_use_commas(tmp_path: Path) -> None:
    """A spreadsheet saved with semicolons (common in European locales) gets one message
    saying so, not one per heading."""
    d = _write_example(tmp_path / "csv")
    path = d / "Leader.csv"
    path.write_text(path.read_text(encoding="utf-8").replace(",", ";"), encoding="utf-8")
    with pytest.raises(DatabaseError) as e:
        _import(d, tmp_path / "fb.sqlite3")
    assert len(e.value.problems) == 1
    assert "separated by semicolons: save the file with commas" in str(e.value.problems[0])


def test_a_file_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    """Bad input names the file and line: a Latin-1 'é' on the third line of Location.csv."""
    d = _write_example(tmp_path / "csv")
    path = d / "Location.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace("Winchester", "Winchest\u00e9r")
    path.write_bytes("\n".join(lines).encode("latin-1") + b"\n")
    with pytest.raises(DatabaseError) as e:
        _import(d, tmp_path / "fb.sqlite3")
    message = str(e.value.problems[0])
    assert "Location.csv:3:" in message
    assert "not UTF-8 text: byte 0xe9 at character 9" in message
