"""The rulesets' extensions of the ``hexwar`` command: their own commands (``hexwar <id> ...``)
and their own scenario file formats in ``hexwar validate``, shown with the tiny fixture."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexwar.cli.main import app
from hexwar.core import registry
from hexwar.core.errors import ScenarioError
from hexwar.core.game import Ruleset
from tests.fixtures.tiny import TinyRuleset

runner = CliRunner()
GOOD_TOML = Path(__file__).resolve().parents[1] / "fixtures/tiny_scenarios/duel.toml"


@pytest.fixture
def card(tmp_path: Path) -> Path:
    path = tmp_path / "duel.card"
    path.write_text("DUEL tiny\ntitle: A card duel\nhit_points: 4\n")
    return path


@pytest.fixture
def bad_card(tmp_path: Path) -> Path:
    path = tmp_path / "bad.card"
    path.write_text("DUEL tiny\ntitle: A card duel\nhit_points: many\nreserve: 40\n")
    return path


# --- hexwar <ruleset> ... ----------------------------------------------------------------------


def test_help_lists_each_ruleset_with_commands_in_its_own_panel() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    panel = result.stdout[result.stdout.index("Ruleset commands") :]
    assert "tiny" in panel
    assert "Duel tools (test fixture)." in panel
    assert "tiny-sealed" not in result.stdout  # it has no commands of its own


def test_ruleset_command_group_has_help() -> None:
    result = runner.invoke(app, ["tiny", "--help"])
    assert result.exit_code == 0
    assert "Usage: hexwar tiny [OPTIONS] COMMAND" in " ".join(result.stdout.split())
    assert "describe" in result.stdout


def test_a_single_command_stays_a_named_subcommand(card: Path) -> None:
    result = runner.invoke(app, ["tiny", "describe", str(card)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "A card duel: 4 hit points\n"


def test_a_ruleset_without_commands_is_no_command() -> None:
    result = runner.invoke(app, ["tiny-sealed", "--help"])
    assert result.exit_code == 2
    assert "No such command 'tiny-sealed'" in result.output


def test_ruleset_command_invalid_input_exits_2_without_traceback(
    cli_env: dict[str, str], bad_card: Path
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "hexwar", "tiny", "describe", str(bad_card)],
        env=cli_env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"{bad_card}:3: hit_points: Input should be a valid integer" in result.stderr


# --- hexwar validate with a ruleset's own format ----------------------------------------------


def test_validate_reads_a_claimed_file_with_its_ruleset(card: Path) -> None:
    result = runner.invoke(app, ["validate", str(card), str(GOOD_TOML)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"{card}: ok (tiny)", f"{GOOD_TOML}: ok (tiny)"]


def test_validate_locates_every_problem_of_a_claimed_file(bad_card: Path) -> None:
    result = runner.invoke(app, ["validate", str(bad_card)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"{bad_card}:3: hit_points: Input should be a valid integer",
        f"{bad_card}:4: reserve: Input should be less than or equal to 9",
        f"{bad_card}: 2 problems",
    ]


def test_validate_reads_unclaimed_files_as_toml(tmp_path: Path) -> None:
    scenario = tmp_path / "duel.scenario"
    scenario.write_text(GOOD_TOML.read_text())
    result = runner.invoke(app, ["validate", str(scenario)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{scenario}: ok (tiny)\n"


def test_validate_says_when_nobody_recognises_a_file(tmp_path: Path) -> None:
    unknown = tmp_path / "deck.dat"
    unknown.write_text("[[[ not toml\n")
    result = runner.invoke(app, ["validate", str(unknown)])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"{unknown}:1: TOML syntax error")
    assert lines[1] == (
        f"{unknown}: not TOML or JSON, and no installed ruleset recognises it as a format of "
        "its own (name the ruleset with --ruleset)"
    )


def test_validate_ruleset_option_reads_files_it_does_not_recognise(tmp_path: Path) -> None:
    unmarked = tmp_path / "unmarked.card"
    unmarked.write_text("title: no header\n")
    result = runner.invoke(app, ["validate", "--ruleset", "tiny", str(unmarked)])
    assert result.exit_code == 2
    assert f"{unmarked}:1: a duel card starts with 'DUEL tiny'" in result.stderr


def test_validate_ruleset_without_a_format_of_its_own_refuses(card: Path) -> None:
    result = runner.invoke(app, ["validate", "--ruleset", "tiny-sealed", str(card)])
    assert result.exit_code == 2
    assert f"{card}: the tiny-sealed ruleset reads scenarios from TOML or JSON only" in (
        result.stderr
    )


def test_validate_a_missing_file_exits_2(tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    result = runner.invoke(app, ["validate", str(missing)])
    assert result.exit_code == 2
    assert result.stderr == f"{missing}: cannot read: No such file or directory\n"


def test_claims_are_offered_runs_of_files_in_order(card: Path, tmp_path: Path) -> None:
    second = tmp_path / "second.card"
    second.write_text("DUEL tiny\ntitle: Another\n")
    result = runner.invoke(app, ["validate", str(card), str(second)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"{card}: ok (tiny)", f"{second}: ok (tiny)"]


def test_core_defaults_claim_nothing_and_read_nothing(card: Path) -> None:
    tiny = registry.get("tiny")
    assert isinstance(tiny, TinyRuleset)
    assert Ruleset.claim_scenario_files(tiny, [card]) == 0
    assert Ruleset.commands(tiny) is None
    with pytest.raises(ScenarioError, match="reads scenarios from TOML or JSON only"):
        Ruleset.read_scenario_files(tiny, [card])
