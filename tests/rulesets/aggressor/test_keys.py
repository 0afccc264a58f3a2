"""Terminal play with the original keys (issue item 9; seed 003 TURN SEQUENCE E)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

from hexwar.rulesets.aggressor.keys import KeyboardPlayer
from tests.rulesets.aggressor.conftest import make_game


def _reader(lines: list[str]) -> tuple[list[str], object]:
    prompts: list[str] = []
    it: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(it)

    return prompts, read


def test_number_keys_move_the_selected_unit() -> None:
    """TURN SEQUENCE E: 'hitting any number key 1- 6 will cause it to move'; the selected unit's
    Range and Strength are shown below the map."""
    g = make_game({1: ("armor", "@EH")})
    shown: list[str] = []
    _, read = _reader(["4"])
    order = KeyboardPlayer("west").next_order(g.view("west"), read, shown.append)  # type: ignore[arg-type]
    assert order == "1 4"
    assert "unit 1 armor at @EH: range 3/3 strength 3/3" in shown[-1]
    assert "[T]" in shown[-1]


def test_other_keys_cycle_and_7_prompts_for_a_target() -> None:
    """TURN SEQUENCE E: 'Hitting any other key causes the indicator to cycle to the next unit';
    key 7 asks for a target coordinate (@@ for partisan contact)."""
    g = make_game({1: ("armor", "@EH"), 2: ("infantry", "@EJ")})
    ui = KeyboardPlayer("west")
    prompts, read = _reader(["x", "7", "@@"])
    order = ui.next_order(g.view("west"), read, lambda _t: None)  # type: ignore[arg-type]
    assert order == "2 7 @@"
    assert prompts[-1].startswith("target")


def test_zero_ends_the_turn_and_quit_stops() -> None:
    """TURN SEQUENCE E: 'Hitting number key 0 ends the player's turn'."""
    g = make_game()
    ui = KeyboardPlayer("west")
    _, read = _reader(["0"])
    assert ui.next_order(g.view("west"), read, lambda _t: None) == "0"  # type: ignore[arg-type]
    _, read = _reader([":quit"])
    assert ui.next_order(g.view("west"), read, lambda _t: None) is None  # type: ignore[arg-type]


def test_play_command_uses_the_keys(cli_env: dict[str, str]) -> None:
    """Issue item 9: `hexwar play aggressor/sector --side west` with keys on standard input."""
    keys = "auto\n3\n0\n:quit\n"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "hexwar",
            "play",
            "aggressor/sector",
            "--side",
            "west",
            "--seed",
            "2",
        ],
        env=cli_env,
        input=keys,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "unit 1 armor at" in result.stdout
    assert "west unit 1 moves" not in result.stdout  # own moves are reported as 'unit 1 moves'
    assert "unit 1 moves" in result.stdout
    assert "Game saved" in result.stdout
