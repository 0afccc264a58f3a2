"""The command line with the airwar ruleset: run to the end, play in the terminal (with and
without the §4 clock), invalid input exits 2 with located messages and no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

HEXWAR = [sys.executable, "-m", "hexwar"]
UNITS_1 = "units " + " ".join(f"{c}4x3" for c in "CDEFGHIJKLMNO") + " K8"


def hexwar(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*HEXWAR, *args], env=env, input=stdin, capture_output=True, text=True, timeout=300
    )


@pytest.mark.slow
def test_run_plays_a_variant_computer_against_computer_to_the_end(
    cli_env: dict[str, str],
) -> None:
    result = hexwar(cli_env, "run", "airwar/small-three-cities", "--seed", "4")
    assert result.returncode == 0, result.stderr
    assert (
        "wins: player" in result.stdout
        or "concedes" in result.stdout
        or "stalemate" in result.stdout
    )


@pytest.mark.slow
def test_play_shows_the_board_and_accepts_orders(cli_env: dict[str, str]) -> None:
    stdin = f"cities D22 K21 F16 P17\n{UNITS_1}\nK8-K9\n:quit\n"
    result = hexwar(
        cli_env, "play", "airwar/small-four-cities", "--side", "1", "--vs", "ai", "--seed", "2",
        stdin=stdin,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("ok: order") == 3
    assert "legend: # your city" in result.stdout
    assert "  1  " in result.stdout  # row 1, player 1's back boundary, is drawn
    assert "Player 2 placed 40 units" in result.stdout


@pytest.mark.slow
def test_an_illegal_order_is_refused_with_its_rule(cli_env: dict[str, str]) -> None:
    stdin = "cities D4 K4 F10 P9\n:quit\n"
    result = hexwar(
        cli_env, "play", "airwar/small-four-cities", "--side", "1", "--seed", "2", stdin=stdin
    )
    assert "refused: D4 is not in player 2's territory" in result.stdout
    assert "[§2.0 city placement]" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.slow
def test_play_help_prints_the_order_notation(cli_env: dict[str, str]) -> None:
    """`hexwar play airwar/...`: :help lists the commands and the stage's order notation."""
    result = hexwar(
        cli_env, "play", "airwar/small-four-cities", "--side", "1", "--vs", "ai",
        stdin=":help\n:quit\n",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    after_help = result.stdout.split("Commands: an order (see below), or", 1)[1]
    assert "cities F1 F2 ...   the opponent's cities" in after_help


@pytest.mark.slow
def test_airwar_play_passes_when_the_clock_runs_out_while_the_player_waits(
    cli_env: dict[str, str],
) -> None:
    """§4 time limits ("made within one minute"; ruling 22): the clock is enforced while the
    player sits at the prompt -- with a 1 s limit and nothing typed, the move becomes 'pass'
    and the game goes on without waiting for Enter."""
    proc = subprocess.Popen(
        [*HEXWAR, "play", "airwar/small-four-cities", "--side", "1", "--time-limit", "1"],
        env=cli_env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None
    proc.stdin.write(f"cities D22 K21 F16 P17\n{UNITS_1}\n")
    proc.stdin.flush()
    time.sleep(12)  # the game starts, the computer places; nothing typed in cycle 1
    out, err = proc.communicate(":quit\n", timeout=120)
    assert "Time is up (1 s): your order is 'late pass'." in out, err
    assert "player 1 is out of time (§4): every unit stays" in out  # not "moves pass"
    assert "cycle 2, moves" in out  # the game went on by itself


def test_play_with_the_clock_refuses_a_bad_side_and_a_bad_limit_with_status_2(
    cli_env: dict[str, str],
) -> None:
    """`hexwar play --clock`: a side that is not 1 or 2, and a limit under a second, exit 2
    with the option named and no traceback."""
    result = hexwar(cli_env, "play", "airwar/small-four-cities", "--clock", "--side", "3")
    assert result.returncode == 2
    assert "--side '3': unknown side (sides: 1, 2)" in result.stderr
    assert "Traceback" not in result.stderr
    result = hexwar(
        cli_env, "play", "airwar/small-four-cities", "--side", "1", "--time-limit", "0.5"
    )
    assert result.returncode == 2
    assert "--time-limit 0.5: must be at least 1 second" in result.stderr
    assert "Traceback" not in result.stderr


def test_validate_reports_a_bad_scenario_at_its_line(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'ruleset = "airwar"\ntitle = "x"\nsection = "3.1.1"\nboard = "medium"\n'
        "symmetric = true\n\n[players.1]\nlabel = 'A'\nunits = 60\ncities = 6\n"
        "productive = 7\n\n[players.2]\nlabel = 'B'\nunits = 60\ncities = 6\nproductive = 6\n",
        encoding="utf-8",
    )
    result = hexwar(cli_env, "validate", str(bad))
    assert result.returncode == 2
    assert "bad.toml:4: board" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_run_json_summary_and_report_of_an_air_war_game(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    report = tmp_path / "report.txt"
    result = hexwar(
        cli_env, "run", "airwar/small-unequal", "--seed", "5", "--max-steps", "20", "--json",
        "--report", str(report),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)["summary"]
    assert set(summary["sides"]) == {"1", "2"}
    assert {"units", "fields", "cities_held", "airports_held", "producing_cities"} <= set(
        summary["sides"]["1"]
    )
    text = report.read_text(encoding="utf-8")
    assert "== Players at cycle " in text
    assert "== Cities ==" in text


@pytest.mark.slow
def test_play_with_the_clock_has_help_view_and_log_commands(cli_env: dict[str, str]) -> None:
    stdin = ":help\n:view\n:log\n:quit\n"
    result = hexwar(
        cli_env, "play", "airwar/small-four-cities", "--clock", "--side", "2", stdin=stdin
    )
    assert result.returncode == 0, result.stderr
    assert "Commands: an order (see below), or" in result.stdout
    assert "cities F1 F2 ...   the opponent's cities" in result.stdout
    assert result.stdout.count("legend: # your city") == 2  # shown, then :view
    assert "refused" not in result.stdout


def test_the_chooser_names_the_players_of_an_air_war_game() -> None:
    """The chooser's side list reads "1 player 1 (A: 6 cities, 4 productive, 60 units)", not
    "1 1" (ruling 7: the paper's letters, §3.2.1: A has 6 cities, 4 productive, 60 units; B 7,
    3 productive, 70 units)."""
    from typer.testing import CliRunner

    from hexwar.cli.main import app
    from hexwar.core import registry

    choices = [sid for r in registry.all_rulesets() for sid in r.bundled_scenarios()]
    number = choices.index("airwar/large-unequal") + 1
    result = CliRunner().invoke(app, [], input=f"{number}\nq\n")
    assert (
        "Sides: 1 player 1 (A: 6 cities, 4 productive, 60 units) "
        "2 player 2 (B: 7 cities, 3 productive, 70 units) 3 every side"
    ) in " ".join(result.stdout.split())
