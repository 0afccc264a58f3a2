"""``hexwar aggressor ...`` and ``hexwar run aggressor/sector`` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEXWAR = [sys.executable, "-m", "hexwar"]


def hexwar(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*HEXWAR, *args], env=env, input=stdin, capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize(
    ("flags", "p"),
    [([], 0.6), (["--rough"], 0.5), (["--cbr", "--emplaced"], 0.4), (["--rough", "--cbr"], 0.5)],
)
def test_hit_chance_json(cli_env: dict[str, str], flags: list[str], p: float) -> None:
    """Issue item 10 / COMBAT: the designer's calculator prints {"hit_chance": p}."""
    result = hexwar(
        cli_env,
        "aggressor",
        "hit-chance",
        "--attacker-strength",
        "3",
        "--defender-strength",
        "2",
        *flags,
        "--json",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"hit_chance": pytest.approx(p)}


def test_hit_chance_rejects_bad_input_with_exit_2(cli_env: dict[str, str]) -> None:
    """Issue item 10: a Strength that is not a number exits with status 2, no traceback."""
    result = hexwar(
        cli_env, "aggressor", "hit-chance", "--attacker-strength", "x", "--defender-strength", "2"
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_every_aggressor_command_has_help(cli_env: dict[str, str]) -> None:
    """Every `hexwar aggressor` command answers --help."""
    for command in (
        ["aggressor"],
        ["aggressor", "hit-chance"],
        ["aggressor", "setup"],
        ["aggressor", "save-setup"],
    ):
        result = hexwar(cli_env, *command, "--help")
        assert result.returncode == 0, command
        assert "Usage" in result.stdout


@pytest.mark.slow
def test_setup_file_loads_and_plays(cli_env: dict[str, str], tmp_path: Path) -> None:
    """SET UP: the set-up is saved to a data file that loads again, first mover included."""
    out = tmp_path / "setup.toml"
    made = hexwar(cli_env, "aggressor", "setup", "-o", str(out), "--seed", "3")
    assert made.returncode == 0, made.stderr
    assert hexwar(cli_env, "validate", str(out)).returncode == 0
    runs = [hexwar(cli_env, "run", str(out), "--seed", "4", "--json") for _ in range(2)]
    results = [json.loads(r.stdout) for r in runs]
    assert results[0]["outcome"] is not None
    assert results[0]["state_hash"] == results[1]["state_hash"]


def test_bad_setup_file_exits_2_with_location(cli_env: dict[str, str], tmp_path: Path) -> None:
    """MAP BOARD (21 columns, 15 rows): a scenario file with a short map is refused with its
    file, line and field, status 2."""
    bad = tmp_path / "bad.toml"
    bad.write_text('ruleset = "aggressor"\ntitle = "x"\nterrain = ["..."]\n', encoding="utf-8")
    result = hexwar(cli_env, "validate", str(bad))
    assert result.returncode == 2
    assert "bad.toml:3: terrain" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_run_plays_computer_against_computer(cli_env: dict[str, str], tmp_path: Path) -> None:
    """Done-when: `hexwar run aggressor/sector --seed N` plays to a victory or the turn limit;
    --json carries the umpire's summary (units and sectors held), --report the designer's
    report."""
    report = tmp_path / "report.txt"
    result = hexwar(
        cli_env, "run", "aggressor/sector", "--seed", "2", "--json", "--report", str(report)
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["agents"] == {"west": "ai", "east": "ai"}
    assert data["outcome"] is not None
    winner = data["outcome"]["winner"]
    sides = data["summary"]["sides"]
    assert sides[winner]["sectors"] >= 5
    assert set(sides[winner]["units"][0]) >= {"type", "hex", "range", "strength"}
    text = report.read_text(encoding="utf-8")
    assert "== Sectors ==" in text
    assert "== Units at the end ==" in text


@pytest.mark.slow
def test_save_setup_of_a_stored_game(cli_env: dict[str, str], tmp_path: Path) -> None:
    """SET UP: 'the computer asks for the player to assign a name to the data file that will
    record this particular setup' -- here after the fact, from the game store."""
    played = hexwar(cli_env, "run", "aggressor/sector", "--seed", "6", "--store", "--json")
    game_id = json.loads(played.stdout)["game_id"]
    out = tmp_path / "again.json"
    saved = hexwar(cli_env, "aggressor", "save-setup", game_id, "-o", str(out))
    assert saved.returncode == 0, saved.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert len(data["setup"]["west"]) == len(data["setup"]["east"]) == 18
    assert hexwar(cli_env, "validate", str(out)).returncode == 0
    missing = hexwar(cli_env, "aggressor", "save-setup", "g-nothere")
    assert missing.returncode == 2
    assert "Traceback" not in missing.stderr


def _scenario_with(tmp_path: Path, name: str, **changes: str) -> Path:
    """The bundled Sector scenario with some top-level keys or options changed."""
    from hexwar.sessions import resolve_scenario

    text = (resolve_scenario("aggressor/sector").ruleset.scenario_dir / "sector.toml").read_text()
    for key, value in changes.items():
        lines = text.splitlines()
        index = next(i for i, line in enumerate(lines) if line.startswith(f"{key} ="))
        lines[index] = f"{key} = {value}"
        text = "\n".join(lines) + "\n"
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_play_without_a_computer_is_two_players_at_one_terminal(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    """Issue item 7, the author's 'isAi' option: with computer = "none" nobody is the
    computer; both sides set up and play at the terminal."""
    path = _scenario_with(tmp_path, "hotseat.toml", computer='"none"')
    # Enter at each hand-over between the players, then each side's set-up
    result = hexwar(cli_env, "play", str(path), "--seed", "1", stdin="\nauto\n\nauto\n")
    assert result.returncode == 0, result.stderr
    assert "you play west, east" in result.stdout
    assert "west, decision 0: set up your 18 units" in result.stdout
    assert "east, decision 1: set up your 18 units" in result.stdout


@pytest.mark.slow
def test_play_with_the_computer_on_both_sides_runs_to_the_end(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    """'isAi' = both: the computer plays itself (here to a one-round limit); the option of the
    scenario gives way to --side."""
    path = _scenario_with(tmp_path, "watch.toml", computer='"both"', max_rounds="1")
    result = hexwar(cli_env, "play", str(path), "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "you play nobody" in result.stdout
    assert "Game over." in result.stdout
    mine = hexwar(cli_env, "play", str(path), "--side", "east", stdin=":quit\n")
    assert mine.returncode == 0, mine.stderr
    assert "you play east" in mine.stdout
    bad = hexwar(cli_env, "play", str(path), "--side", "north")
    assert bad.returncode == 2
    assert "--side 'north'" in bad.stderr
    assert "Traceback" not in bad.stderr
