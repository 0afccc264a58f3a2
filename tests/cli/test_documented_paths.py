"""Paths the docs show that used to leave a new user stuck (issue 23): `hexwar play ...
--hotseat` without `--side` (docs/idahex.md, docs/aggressor.md), and `run --store` saying which
game it stored so the `games`/`replay`/`export` examples after it can be followed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from hexwar.rulesets import tactical
from tests.cli.conftest import Cli


def test_hotseat_needs_no_side(cli: Cli) -> None:
    result = cli("play", "tiny/duel", "--hotseat", stdin=":quit\n")
    assert result.code == 0, result.err
    assert "Game saved" in result.out


def test_play_without_side_or_hotseat_asks_which_side(cli: Cli) -> None:
    result = cli("play", "tiny/duel")
    assert result.code == 2
    assert "--side" in result.err
    assert "--hotseat" in result.err


def test_run_store_names_the_stored_game_and_replay_finds_it(cli: Cli) -> None:
    result = cli("run", "tiny/duel", "--seed", "3", "--store")
    assert result.code == 0, result.err
    found = re.search(r"stored as (g-[0-9a-f]+)", result.err)
    assert found is not None, result.err
    replay = cli("replay", found.group(1))
    assert replay.code == 0, replay.err
    assert "Game over" in replay.out  # the finished game's whole log


def test_an_example_war_moved_elsewhere_is_named_for_its_place(cli: Cli, tmp_path: Path) -> None:
    """docs/flankbattle.md: `resolve --example` with another location and year is that battle,
    not "Battle of Hastings (490 BC)"; the plain example keeps its own name."""
    moved = cli(
        "flankbattle", "resolve", "--example", "--location", "Marathon", "--year", "-490",
        "--seed", "1", "--log-dir", str(tmp_path),
    )  # fmt: skip
    assert moved.code == 0, moved.err
    assert "== Battle of Marathon (490 BC) ==" in moved.out
    plain = cli("flankbattle", "resolve", "--example", "--seed", "1", "--log-dir", str(tmp_path))
    assert "== Battle of Hastings (1066) ==" in plain.out


def _hedgerows_with(tmp_path: Path, *, morale: str, first_at: str | None) -> Path:
    """hedgerows.toml with the first unit's morale (line 157) and the first `at = ` of a unit
    (units[1], line 165) replaced."""
    source = Path(tactical.__file__).parent / "scenarios" / "hedgerows.toml"
    lines = source.read_text().splitlines()
    assert lines[156] == "morale = 5"
    assert lines[164] == 'at = "0,5"'
    lines[156] = f"morale = {morale}"
    if first_at is not None:
        lines[164] = f'at = "{first_at}"'
    path = tmp_path / "mistakes.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_validate_lists_a_type_error_and_an_off_map_unit_together(cli: Cli, tmp_path: Path) -> None:
    """`hexwar validate` lists every mistake (README): a morale given as a string used to hide
    the cross-field check that puts a unit off the 14x10 map (tactical sheet, map size)."""
    path = _hedgerows_with(tmp_path, morale='"17"', first_at="40,40")
    result = cli("validate", str(path))
    assert result.code == 2
    assert f'{path}:157: units[0].morale: Input should be a valid integer (got "17")' in result.err
    assert f"{path}:165: units[1].at: hex 40,40 is off the 14x10 map" in result.err
    assert f"{path}: 2 problems" in result.err


def test_validate_reports_a_type_error_alone_when_it_is_the_only_mistake(
    cli: Cli, tmp_path: Path
) -> None:
    """The repair that lets the cross-field checks run past a type error adds nothing of its
    own: a file whose one mistake is morale = "5" (a string) has exactly that one problem."""
    path = _hedgerows_with(tmp_path, morale='"5"', first_at=None)
    result = cli("validate", str(path))
    assert result.code == 2
    assert f"{path}: 1 problem" in result.err, result.err
    assert "units[0].morale" in result.err


def test_auto_gives_the_computers_set_up_for_the_player(cli: Cli) -> None:
    """docs/airwar.md: the 30 units of small-three-cities need not be typed by hand; `:auto`
    submits the `ai` agent's order for the decision (§2.0: first the opponent's cities, then
    one's own units), prints it, and the game goes on to cycle 1."""
    result = cli(
        "play", "airwar/small-three-cities", "--side", "1", "--seed", "1",
        stdin=":auto\n:auto\n:quit\n",
    )  # fmt: skip
    assert result.code == 0, result.err
    cities = re.search(r"the computer's order: (cities( [A-U]\d+){3})\n", result.out)
    units = re.search(r"the computer's order: (units .*)\n", result.out)
    assert cities is not None, result.out
    assert units is not None, result.out
    assert result.out.count("ok: order") == 2
    assert "cycle 1, moves" in result.out
    placed = re.search(r"Player 1 placed (\d+) units", result.out)
    assert placed is not None
    assert placed.group(1) == "30"  # every unit of the scenario (small board: 30 each)


def test_idahex_console_refuses_a_wrong_command_as_it_is_typed_naming_the_rule(cli: Cli) -> None:
    """docs/idahex.md, "Commands": a unit that is not yours (§4: Blue's units are 101 and up in
    Sinai, Red has no unit 99), a cell outside the 115 of the area of war (§2.1) and a unit
    already in a mission typed before (§3: one task force per unit) are refused at once, with
    the rule in brackets; the command is not kept."""
    typed = (
        "mission 27,10 units 2\n"
        "mission 27,10 units 99\n"
        "mission 116,10 units 4\n"
        "mission 38,10 units 2,4\n"
        "list\n"
        "quit\n"
    )
    result = cli("play", "idahex/sinai", "--side", "red", "--seed", "1", stdin=typed)
    assert result.code == 0, result.err
    said = " ".join(result.out.split())  # the console breaks its answers at 80 columns
    assert "refused: unit 99 is not one of your units [seed 000 §4]" in said
    assert "refused: cell 116 is not in the area of war (cells 1..115) [seed 000 §2.1]" in said
    assert (
        "refused: unit 2 already belongs to a task force; modify its mission instead "
        "[seed 000 §3]" in said
    )
    listed = result.out.split("  1: mission 27,10 units 2", 1)[1]
    assert "  2:" not in listed.split("Game saved", 1)[0]  # only the accepted command is kept


def test_aggressor_setup_prompt_answers_help_instead_of_refusing_it(cli: Cli) -> None:
    """README and docs/aggressor.md promise `:help` at the prompt; at the set-up prompt it was
    read as a unit type (`unknown unit type ':help'`). It now explains the TYPE@HEX entries
    (SET UP: 18 units in one's own territory) and asks again."""
    result = cli(
        "play", "aggressor/sector", "--side", "west", "--seed", "1", stdin=":help\n:quit\n"
    )
    assert result.code == 0, result.err
    assert "unknown unit type" not in result.out
    assert "Each entry is TYPE@HEX" in result.out
    assert result.out.count("setup> ") == 2


def test_aggressor_auto_set_up_is_the_same_for_the_same_game(cli: Cli) -> None:
    """`auto` at the Aggressor set-up prompt (README's first session) used an unseeded generator:
    the same seed and the same typed orders gave different games. It is now drawn from the
    player's view, so the same game offers the same set-up."""
    first = cli("play", "aggressor/sector", "--side", "west", "--seed", "1", stdin="auto\n:quit\n")
    again = cli("play", "aggressor/sector", "--side", "west", "--seed", "1", stdin="auto\n:quit\n")
    placed = [re.findall(r"unit 1 armor at @[A-U][A-O]", r.out) for r in (first, again)]
    assert placed[0], first.out
    assert placed[0] == placed[1]


def test_airwar_play_with_the_clock_takes_auto_too(cli_env: dict[str, str]) -> None:
    """docs/airwar.md: `hexwar play --clock` (§4's clock; the set-up stages are not timed)
    takes `:auto` as without the clock: the computer's cities for the opponent, then one's
    units."""
    done = subprocess.run(
        [sys.executable, "-m", "hexwar", "play", "airwar/small-three-cities", "--clock",
         "--side", "1", "--seed", "1"],
        input=":auto\n:auto\n:quit\n",
        capture_output=True,
        text=True,
        env=cli_env,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert re.search(r"the computer's order: cities( [A-U]\d+){3}\n", done.stdout), done.stdout
    assert re.search(r"the computer's order: units ", done.stdout)
    assert done.stdout.count("ok: order") == 2
