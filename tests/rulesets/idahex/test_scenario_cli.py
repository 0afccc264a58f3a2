"""The IDAHEX scenario formats through the installed ``hexwar`` command (seed 000 §8-9):
``hexwar validate`` on card decks and on the bundled TOML, ``hexwar idahex convert``,
``hexwar schema idahex`` and the bundled scenario list."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexwar.cli.main import app
from hexwar.core import registry
from hexwar.rulesets.idahex.design import sinai_dir
from hexwar.rulesets.idahex.scenario import IdahexScenario, sinai_scenario
from hexwar.scenarios import load

runner = CliRunner()
FILE50 = sinai_dir() / "file50.txt"
FILE60 = sinai_dir() / "file60.txt"


def _sinai_toml() -> Path:
    bundled = registry.get("idahex").bundled_scenarios()["idahex/sinai"]
    return Path(str(bundled))


def _damaged_deck(tmp_path: Path, line: int, card: str) -> Path:
    """The Sinai File 50 with card ``line`` (1-based) replaced."""
    deck = FILE50.read_text().splitlines()
    deck[line - 1] = card
    path = tmp_path / "file50.txt"
    path.write_text("\n".join(deck) + "\n")
    return path


def test_sinai_is_a_bundled_scenario() -> None:
    result = runner.invoke(app, ["scenarios", "idahex"])
    assert result.exit_code == 0
    assert "idahex/sinai" in result.stdout


def test_validate_accepts_the_bundled_toml() -> None:
    path = _sinai_toml()
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{path}: ok (idahex)\n"


def test_validate_reads_file50_with_its_file60() -> None:
    # seed 000 §9.2: the sample decks, File 60 read with its File 50
    result = runner.invoke(app, ["validate", str(FILE50), str(FILE60)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{FILE50} + {FILE60}: ok (idahex)\n"


def test_validate_rejects_a_non_numeric_field_naming_card_and_group(tmp_path: Path) -> None:
    # seed 000 §9.1.1 group 3: read(50,2) ncells, nrank1, the third card
    deck = _damaged_deck(tmp_path, 3, "       1X5        12")
    result = runner.invoke(app, ["validate", str(deck), str(FILE60)])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0] == f"{deck}:3: group 3 (ncells): field 1: expected an integer, got '1X5'"
    assert lines[-1] == f"{deck} + {FILE60}: 1 problem"


def test_validate_rejects_a_card_of_the_wrong_group(tmp_path: Path) -> None:
    # seed 000 §9.1.1: group 1 is two integers; a group 2 card (reals) in its place
    deck = _damaged_deck(tmp_path, 1, "       100         2       .25")
    result = runner.invoke(app, ["validate", str(deck)])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        f"{deck}:1: group 1: field 3 (columns 21-30): '.25' is not read by group 1: "
        "a card out of place?"
    )


def test_validate_ruleset_option_reads_a_deck_damaged_beyond_recognition(
    tmp_path: Path,
) -> None:
    deck = _damaged_deck(tmp_path, 1, "hundred")
    unclaimed = runner.invoke(app, ["validate", str(deck)])
    assert unclaimed.exit_code == 2
    assert "name the ruleset with --ruleset" in unclaimed.stderr
    forced = runner.invoke(app, ["validate", "--ruleset", "idahex", str(deck)])
    assert forced.exit_code == 2
    assert forced.stderr.startswith(f"{deck}:1: group 1 (iprint): field 1: expected an integer")


def test_idahex_commands_are_listed_in_help() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "idahex" in result.stdout[result.stdout.index("Ruleset commands") :]
    group = runner.invoke(app, ["idahex", "--help"])
    assert group.exit_code == 0
    assert "convert" in group.stdout


def test_convert_through_hexwar_round_trips(tmp_path: Path) -> None:
    toml = tmp_path / "sinai.toml"
    result = runner.invoke(app, ["idahex", "convert", str(FILE50), str(FILE60), "-o", str(toml)])
    assert result.exit_code == 0, result.output
    decks = tmp_path / "decks"
    result = runner.invoke(app, ["idahex", "convert", str(toml), "-o", str(decks)])
    assert result.exit_code == 0, result.output
    again = tmp_path / "again.toml"
    args = ["idahex", "convert", str(decks / "file50.txt"), str(decks / "file60.txt")]
    result = runner.invoke(app, [*args, "-o", str(again), "--title", "sinai"])
    assert result.exit_code == 0, result.output
    assert load(again, IdahexScenario) == load(toml, IdahexScenario)
    assert load(toml, IdahexScenario).design == sinai_scenario().design


def test_schema_idahex_prints_the_scenario_schema() -> None:
    result = runner.invoke(app, ["schema", "idahex"])
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert {"design", "maps"} <= set(schema["properties"])
    assert schema["properties"]["ruleset"]["const"] == "idahex"


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "{deck}"],
        ["idahex", "convert", "{deck}", "-o", "{tmp}/out.toml"],
    ],
)
def test_installed_command_exits_2_on_a_damaged_deck_without_traceback(
    cli_env: dict[str, str], tmp_path: Path, args: list[str]
) -> None:
    deck = _damaged_deck(tmp_path, 3, "       1X5        12")
    argv = [a.format(deck=deck, tmp=tmp_path) for a in args]
    result = subprocess.run(
        [sys.executable, "-m", "hexwar", *argv],
        env=cli_env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"{deck}:3: group 3 (ncells): field 1:" in result.stderr


def _sinai_with(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    """The bundled Sinai TOML with the first line holding ``old`` changed to hold ``new``;
    the file and that line's number."""
    lines = _sinai_toml().read_text().splitlines()
    n = next(i for i, line in enumerate(lines) if old in line)
    lines[n] = lines[n].replace(old, new, 1)
    path = tmp_path / "big.toml"
    path.write_text("\n".join(lines) + "\n")
    return path, n + 1


RATES = "[0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05]"
"""The first row of the Sinai deck's Red ``katk`` (§9.1.1 group 45, kill rates per day)."""


@pytest.mark.slow
def test_a_rate_beyond_the_magnitude_bound_exits_2_naming_file_line_field_and_rule(
    refused_by_validate_and_run: Callable[[Path, str], None], tmp_path: Path
) -> None:
    """A finite kill rate of 1e308 would overflow mid-game; the design data's magnitude bound
    (1e15, docs/rulings/idahex.md 'Magnitudes') refuses it at load, at its line, before any
    game starts: ``hexwar validate`` and ``hexwar run`` exit 2 without a traceback."""
    path, line = _sinai_with(tmp_path, RATES, RATES.replace("0.05", "1e308", 1))
    refused_by_validate_and_run(
        path,
        f"{path}:{line}: design.katk[0][0][0]: 1e+308 is beyond the magnitude the design "
        "data may have (1e+15; rule: docs/rulings/idahex.md, 'Magnitudes')",
    )


def test_the_magnitude_bound_is_inclusive_and_leaves_never_alone(tmp_path: Path) -> None:
    """1e15 itself is taken (the bound is 'at most'); just above it is refused; the deck's
    'never' (999999999, far below) and the other fields are untouched."""
    at, _ = _sinai_with(tmp_path, RATES, RATES.replace("0.05", "1e15", 1))
    assert runner.invoke(app, ["validate", str(at)]).exit_code == 0
    above, line = _sinai_with(tmp_path, RATES, RATES.replace("0.05", "1.000001e15", 1))
    result = runner.invoke(app, ["validate", str(above)])
    assert result.exit_code == 2
    assert f"{above}:{line}: design.katk[0][0][0]: 1e+15 is beyond" in result.output
