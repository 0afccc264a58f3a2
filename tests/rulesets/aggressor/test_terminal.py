"""Terminal play with the original keys (issue item 9; seed 003 TURN SEQUENCE E): single key
presses on a terminal, one key per line from a pipe."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from hexwar.core.views import View
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.render import render
from hexwar.rulesets.aggressor.terminal import (
    KEY_PROMPT,
    KeyboardPlayer,
    posix_key_reader,
    single_key_reader,
)
from tests.rulesets.aggressor.conftest import make_game

if sys.platform != "win32":
    import pty
    import termios


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


def _pty() -> tuple[int, int]:
    master, slave = pty.openpty()
    return master, slave


def _press_when_waiting(master: int, slave: int, data: bytes) -> None:
    """Type ``data`` once the terminal has been switched out of line mode (from a thread)."""

    def press() -> None:
        deadline = time.monotonic() + 10
        while termios.tcgetattr(slave)[3] & termios.ICANON and time.monotonic() < deadline:
            time.sleep(0.01)
        os.write(master, data)

    threading.Thread(target=press, daemon=True).start()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals")
def test_a_key_acts_without_enter_on_a_terminal() -> None:
    """TURN SEQUENCE E: 'hitting any number key 1- 6 will cause it to move' -- on a terminal
    the key press alone is read (cbreak mode), and the terminal's mode is restored after."""
    master, slave = _pty()
    try:
        before = termios.tcgetattr(slave)
        shown = io.StringIO()
        read_key = posix_key_reader(slave, shown)
        os.write(master, b"5")  # typed before the prompt (the terminal still line by line)
        assert read_key("key> ") == "5"
        assert shown.getvalue() == "key> 5\n"
        assert termios.tcgetattr(slave) == before
        os.write(master, b"\x1b[A12")  # an arrow key, then two keys typed ahead
        assert read_key("key> ") == "\x1b[A"
        assert read_key("key> ") == "1"
        assert read_key("key> ") == "2"
        os.write(master, "é".encode())
        assert read_key("key> ") == "é"
        _press_when_waiting(master, slave, b"7")  # pressed while the reader waits
        assert read_key("key> ") == "7"
        _press_when_waiting(master, slave, b"\x04")  # Ctrl-D
        with pytest.raises(EOFError):
            read_key("key> ")
        assert termios.tcgetattr(slave) == before
    finally:
        os.close(master)
        os.close(slave)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals")
def test_single_keys_on_a_terminal_lines_from_a_pipe() -> None:
    """Issue item 9: the original single-key controls where the input is a terminal, one key
    per line (the fallback) where it is a pipe or a file."""
    assert single_key_reader(io.StringIO("3\n"), io.StringIO()) is None
    master, slave = _pty()
    try:
        with os.fdopen(slave, "r", closefd=False) as terminal:
            assert single_key_reader(terminal, io.StringIO()) is not None
    finally:
        os.close(master)
        os.close(slave)


def test_single_key_player_cycles_moves_and_takes_colon_commands() -> None:
    """TURN SEQUENCE E with single keys: another key cycles, a number key acts at once; ':'
    opens a command line of the front end."""
    g = make_game({1: ("armor", "@EH"), 2: ("infantry", "@EJ")})
    keys = iter(["\n", ":", "4"])
    lines = iter(["units"])
    shown: list[str] = []
    ui = KeyboardPlayer("west", read_key=lambda _p: next(keys))
    order = ui.next_order(g.view("west"), lambda _p: next(lines), shown.append)
    assert order == "2 4"  # Enter is 'any other key': unit 2 is selected, then key 4
    assert any(text.startswith("   1 armor") for text in shown)  # the :units list


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals")
def test_play_command_reads_single_keys_from_a_terminal(cli_env: dict[str, str]) -> None:
    """Issue item 9: `hexwar play aggressor/sector --side west` on a terminal: the key '3'
    alone (no Enter) moves the selected unit; '0' ends the turn."""
    master, slave = _pty()
    env = {**cli_env, "PYTHONUNBUFFERED": "1"}
    args = [sys.executable, "-m", "hexwar", "play", "aggressor/sector", "--side", "west"]
    proc = subprocess.Popen([*args, "--seed", "2"], env=env, stdin=slave, stdout=subprocess.PIPE)
    os.close(slave)
    assert proc.stdout is not None
    output: list[str] = []
    pipe = proc.stdout.fileno()
    # Chunks as they come: prompts end without a newline.
    reader = threading.Thread(
        target=lambda: output.extend(
            c.decode(errors="replace") for c in iter(lambda: os.read(pipe, 4096), b"")
        )
    )
    reader.start()

    def wait_for(text: str, count: int = 1) -> None:
        deadline = time.monotonic() + 120
        while "".join(output).count(text) < count:
            assert proc.poll() is None, "".join(output)
            assert time.monotonic() < deadline, "".join(output)
            time.sleep(0.05)

    try:
        wait_for("setup> ")
        os.write(master, b"auto\n")
        wait_for(KEY_PROMPT)
        os.write(master, b"3")
        wait_for("ok: order")
        wait_for(KEY_PROMPT, 2)
        os.write(master, b"0")
        wait_for("ok: order", 2)
        wait_for(KEY_PROMPT, 3)  # the computer has played East; West's next turn
        os.write(master, b":")
        wait_for(":")
        os.write(master, b"quit\n")
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        reader.join(timeout=10)
        os.close(master)
    text = "".join(output)
    assert "unit 1 moves" in text
    assert "Game saved" in text


def test_selected_unit_in_column_a_keeps_the_map_aligned() -> None:
    """TURN SEQUENCE E: 'While a unit is being pointed to, it flashes on the map' -- shown in
    brackets in place, also on the map's left edge (column A), without shifting its row."""
    g = make_game({1: ("armor", "@AH")})
    view = g.view("west").data
    plain = render(view).splitlines()
    marked = render(view, selected=1).splitlines()
    row = next(i for i, line in enumerate(plain) if line.startswith("  H  "))
    assert marked[row].startswith("  H [T]")
    assert len(marked[row]) == len(plain[row])
    assert marked[row][7:] == plain[row][7:]


def test_unit_on_a_cbr_hex_keeps_the_cbr_mark() -> None:
    """SPECIAL FUNCTIONS, CBR: 'CBR missiles launched at any hex cause the terrain in that hex
    to be marked with a CBR hex' -- a unit standing there must not hide the mark: its letter
    is followed by ``*`` (after the brackets when it is selected), the row keeps its columns."""
    g = make_game({1: ("armor", "@EH")})
    g.cbr.add(rl.parse_label("@EH"))
    view = g.view("west").data
    plain = render(view).splitlines()
    row = next(i for i, line in enumerate(plain) if line.startswith("  H  "))
    col = 5 + 2 * 4  # column E: the prefix, then two characters a column
    assert plain[row][col : col + 2] == "T*"
    marked = render(view, selected=1).splitlines()
    assert marked[row][col - 1 : col + 3] == "[T]*"
    assert plain[row][col + 3 :] == marked[row][col + 3 :]
    g.cbr.discard(rl.parse_label("@EH"))
    assert "*" not in render(g.view("west").data).splitlines()[row]


@pytest.mark.parametrize("side", ["west", "east"])
def test_setup_prompt_example_stands_in_the_players_territory(side: str) -> None:
    """CONDUCT OF PLAY, SET UP: 'If the (E)ast side is chosen, the player will set up his units
    on the right side of the map; otherwise ... the left side': the prompt's example places
    units in the prompted side's own territory (East's example is East's, not West's)."""
    shown: list[str] = []
    _, read = _reader([":quit"])
    view = View("aggressor", side, 0, {"setup_due": True})  # only `auto` reads the view
    assert KeyboardPlayer(side)._setup(view, read, shown.append) is None
    example = next(line for line in shown[0].splitlines() if "setup " in line)
    cells = [rl.parse_label("@" + w.split("@")[1]) for w in example.split() if "@" in w]
    assert len(cells) == 3
    assert {rl.territory(c) for c in cells} == {side}


def test_help_units_and_legend_are_answered_without_a_redraw() -> None:
    """Issue 43: the board was drawn again right after ':help' and ':units', so their answer
    scrolled away. Now an answer is followed by the next prompt only; a key that selects
    another unit (or ':view') draws the board again."""
    g = make_game({1: ("armor", "@EH"), 2: ("infantry", "@EJ")})
    shown: list[str] = []
    _, read = _reader([":help", ":units", ":legend", "x", "4"])
    order = KeyboardPlayer("west").next_order(g.view("west"), read, shown.append)  # type: ignore[arg-type]
    assert order == "2 4"
    assert len(shown) == 5  # the board, three answers, the board with unit 2 selected
    assert shown[1].startswith("Keys (1-6, 7 and 0")
    assert shown[2].startswith("   1 armor      @EH")
    assert shown[3].startswith("Map: your units in capitals")
    assert "unit 2 infantry at @EJ" in shown[4]


def test_the_legend_explains_every_symbol_the_map_uses() -> None:
    """Issue 43: the map's symbols were never explained. The legend names each unit letter of
    UNIT TYPES (own in capitals, enemy lower case), the unidentified '?', the terrain ('^'
    rough, '.' clear), the border '|', the CBR mark '*' and the selected unit's brackets, and
    how to read the coordinates of MAP BOARD (@ column, row)."""
    from hexwar.rulesets.aggressor.render import LEGEND

    for kind in rl.UNIT_TYPES.values():
        assert f"{kind.symbol} {kind.name}" in LEGEND.replace("\n", " ")
    for text in ("? an enemy unit not", "^ rough", ". clear", "| the border", "* a CBR hex",
                 "[T] the selected unit", "@JC is column J, row C", "lower case"):  # fmt: skip
        assert text in LEGEND.replace("\n", " "), text
    assert max(len(line) for line in LEGEND.splitlines()) <= 80


def test_the_compact_map_fits_80x24_with_its_status_and_prompt() -> None:
    """Issue 43: the two-line-a-row map with its status took 35 lines. A terminal too short
    for it gets one line a row: the header, 15 rows and 3 lines of status, 19 lines in all,
    none wider than 80; each hex keeps its column (column J of row B is the 10th cell)."""
    g = make_game({1: ("armor", "@JB")})
    text = render(g.view("west").data, 1, compact=True)
    lines = text.splitlines()
    assert len(lines) == 19
    assert max(map(len, lines)) <= 80
    row_b = next(x for x in lines if x.startswith("  B  "))
    assert row_b[5 + 2 * 9 - 1 : 5 + 2 * 9 + 2] == "[T]"
