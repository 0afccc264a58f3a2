"""What the database import and a scenario's embedded database refuse besides bad values
(seed 004, Inputs; Online database; rulings in docs/rulings/flankbattle.md). Both items were
accepted silently before (issue 43, validation)."""

from __future__ import annotations

import csv
import io
import json
import tomllib
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexwar.cli.main import app
from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.flankbattle.database import Database, example_csv_texts, import_csv_dir
from hexwar.rulesets.flankbattle.params import default_parameters, default_units
from hexwar.rulesets.flankbattle.schema import TABS

SCENARIOS = resources.files("hexwar.rulesets.flankbattle") / "scenarios"
runner = CliRunner()


def _write_example(directory: Path, **replace: str) -> Path:
    """The example database's four CSV files in ``directory``, a tab's text replaced."""
    directory.mkdir()
    for tab, text in example_csv_texts().items():
        (directory / TABS[tab].file_name).write_text(replace.get(tab, text), encoding="utf-8")
    return directory


def _import(directory: Path, db: Path) -> Database:
    return import_csv_dir(directory, db, default_parameters(), default_units())


@pytest.mark.parametrize(("tab", "what"), [("Military", "military"), ("Nation", "nation")])
def test_a_tab_with_its_heading_row_only_is_refused(tmp_path: Path, tab: str, what: str) -> None:
    """Seed 004, Military: "At the minimum, you must specify the name and size of the
    military"; a war needs nations and militaries (ruling: an import holds a nation and a
    military). Blank rows under the heading count as none; nothing is written."""
    heading = example_csv_texts()[tab].splitlines()[0]
    directory = _write_example(tmp_path / "csv", **{tab: heading + "\n,,\n\n"})
    db = tmp_path / "db.sqlite3"
    with pytest.raises(InvalidInputError) as info:
        _import(directory, db)
    (problem,) = info.value.problems
    assert str(problem) == (
        f"{directory / TABS[tab].file_name}:1: {tab} tab: heading row only: an import needs at "
        f"least one {what} (rule: "
        + (
            "every side of a war fields a military of this tab"
            if tab == "Military"
            else "every war is fought between nations of this tab"
        )
        + "; docs/rulings/flankbattle.md)"
    )
    assert not db.exists()


def test_the_import_command_exits_2_on_a_military_tab_with_its_heading_row_only(
    tmp_path: Path,
) -> None:
    heading = example_csv_texts()["Military"].splitlines()[0]
    directory = _write_example(tmp_path / "csv", Military=heading + "\n")
    result = runner.invoke(
        app, ["flankbattle", "import", str(directory), "--db", str(tmp_path / "db.sqlite3")]
    )
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "Military.csv:1: Military tab: heading row only" in result.output


def _without(tab: str, *keys: str) -> str:
    """The example tab's CSV text with the cells of the columns ``keys`` blanked."""
    records = list(csv.reader(io.StringIO(example_csv_texts()[tab])))
    blank = [i for i, c in enumerate(TABS[tab].columns) if c.key in keys]
    for record in records[1:]:
        for i in blank:
            record[i] = ""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(records)
    return out.getvalue()


def test_empty_location_and_leader_tabs_are_allowed(tmp_path: Path) -> None:
    """The Location tab may be empty (the default location) and so may the Leader tab, as long
    as no row refers to them."""
    texts = example_csv_texts()
    directory = _write_example(
        tmp_path / "csv",
        Nation=_without("Nation", "leader", "capital"),
        Military=_without("Military", "leader"),
        Location=texts["Location"].splitlines()[0] + "\n",
        Leader=texts["Leader"].splitlines()[0] + "\n",
    )
    database = _import(directory, tmp_path / "db.sqlite3")
    assert database.tables["Location"] == []
    assert database.tables["Leader"] == []


def test_a_nul_in_a_location_name_is_refused_at_import(tmp_path: Path) -> None:
    """Ruling (the seed is silent): a cell is printable text; a control character is refused
    at its row and column."""
    text = example_csv_texts()["Location"]
    assert "\nHastings," in text
    directory = _write_example(
        tmp_path / "csv", Location=text.replace("\nHastings,", "\nHast\x00ings,", 1)
    )
    line = text.splitlines().index(next(r for r in text.splitlines() if r.startswith("Hastings")))
    with pytest.raises(InvalidInputError) as info:
        _import(directory, tmp_path / "db.sqlite3")
    assert [str(p) for p in info.value.problems] == [
        f"{directory / 'Location.csv'}:{line + 1}: Location tab, column 'Name': 'Hast\\x00ings' "
        "holds the control character U+0000 (rule: a cell is printable text, "
        "docs/rulings/flankbattle.md)"
    ]


def test_a_nul_in_an_embedded_location_name_fails_hexwar_validate(tmp_path: Path) -> None:
    """The same rule for a scenario's embedded database: ``hexwar validate`` exits 2 naming
    file, line, key path and rule."""
    data = tomllib.loads((SCENARIOS / "hastings.toml").read_text(encoding="utf-8"))
    database = _import(_write_example(tmp_path / "csv"), tmp_path / "db.sqlite3").to_json()
    (index,) = [i for i, r in enumerate(database["Location"]) if r["name"] == "Hastings"]
    database["Location"][index]["name"] = "Hast\x00ings"
    data["location"] = "Hast\x00ings"
    data["database"] = database
    path = tmp_path / "nul.json"
    text = json.dumps(data, indent=1)
    path.write_text(text, encoding="utf-8")
    line = next(
        n for n, row in enumerate(text.splitlines(), 1) if '"name": "Hast\\u0000ings"' in row
    )
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert (
        f"{path}:{line}: database.Location[{index}].name: 'Hast\\x00ings' holds the control "
        "character U+0000 (rule: a cell is printable text, docs/rulings/flankbattle.md)"
    ) in result.output
