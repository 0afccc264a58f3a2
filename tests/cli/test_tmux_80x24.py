"""A game of each ruleset played in a real terminal of 80x24 (tmux), as issue 43 asks: after
the last line typed, the screen -- what tmux shows, nothing scrolled back -- holds the board
(or its compact form), the answer to that line and the prompt. The terminal's size is tmux's
own (no COLUMNS or LINES): the consoles ask the terminal, as at a player's desk. Aggressor
reads single keys there (seed 003, TURN SEQUENCE E), as on any terminal."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator

import pytest

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]


class Tmux:
    """One tmux server of our own (its own socket, no user configuration) with one 80x24
    window running ``hexwar play``."""

    def __init__(self, env: dict[str, str], args: list[str]) -> None:
        self.socket = f"hexwar-test-{uuid.uuid4().hex[:8]}"
        env = {k: v for k, v in env.items() if k not in {"COLUMNS", "LINES"}}
        # the window stays when the game ends, for its last screen to be read
        command = " ".join([sys.executable, "-m", "hexwar", "play", *args, "; sleep 120"])
        self._tmux("new-session", "-d", "-s", "play", "-x", "80", "-y", "24", command, env=env)

    def _tmux(self, *args: str, env: dict[str, str] | None = None) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, "-f", os.devnull, *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=30,
            check=True,
        )
        return done.stdout

    def screen(self) -> list[str]:
        """The 24 lines on the screen now."""
        return self._tmux("capture-pane", "-p", "-t", "play").rstrip("\n").split("\n")

    def joined(self) -> list[str]:
        """The screen's lines with the terminal's own wraps undone (``capture-pane -J``): a
        line longer than 80 here is one the terminal had to break, wherever it fell."""
        return self._tmux("capture-pane", "-p", "-J", "-t", "play").rstrip("\n").split("\n")

    def type(self, text: str, enter: bool = True) -> None:
        self._tmux("send-keys", "-t", "play", "-l", text)
        if enter:
            self._tmux("send-keys", "-t", "play", "Enter")

    def wait_for(self, text: str, seconds: float = 60.0) -> list[str]:
        """The screen once it shows ``text``."""
        end = time.monotonic() + seconds
        while True:
            lines = self.screen()
            if text in "\n".join(lines):
                return lines
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} not on the screen:\n" + "\n".join(lines))
            time.sleep(0.2)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, check=False)


Start = Callable[[list[str]], Tmux]


@pytest.fixture
def tmux(cli_env: dict[str, str]) -> Iterator[Start]:
    """Starts ``hexwar play ARGS`` in a tmux of its own; every one started is closed after."""
    started: list[Tmux] = []

    def start(args: list[str]) -> Tmux:
        started.append(Tmux(cli_env, args))
        return started[-1]

    yield start
    for t in started:
        t.close()


def _bottom(lines: list[str]) -> list[str]:
    """The screen without the empty rows under the cursor's line."""
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def test_tactical_in_tmux(tmux: Start) -> None:
    t = tmux(["tactical/meeting1941", "--side", "allied", "--seed", "2"])
    t.wait_for("allied orders (help: :help)>")
    t.type("move K1 9,3; fire T1 G2; move K2 6,5")
    screen = _bottom(t.wait_for("2 kept; send, clear)>"))
    text = "\n".join(screen)
    assert len(screen) <= 24
    assert max(map(len, screen)) <= 80
    assert " r\\q 0   1   2" in text  # the whole map: its header ...
    assert all(f"\n {r:>3} " in text for r in range(-7, 10))  # ... and its 17 lines
    assert "yours: a RU-RGT" in text
    assert "accepted (kept): move K1 9,3; move K2 6,5. refused: fire T1 G2" in text
    assert screen[-1].startswith("allied orders (2 kept; send, clear)>")


def test_idahex_in_tmux(tmux: Start) -> None:
    t = tmux(["idahex/sinai", "--side", "red", "--seed", "1"])
    t.wait_for("red t=0>")
    t.type("mission 27,10 units 2,3")
    t.wait_for("+ 1: mission 27,10 units 2,3")
    t.type("done")
    screen = _bottom(t.wait_for("Your commands are kept"))
    text = "\n".join(screen)
    assert "IDAHEX, red: t = 0, period 1, cycle 1;" in text  # the console's compact board
    assert "refused: the elements of a task force must have the same status" in text
    assert screen[-1].startswith("red t=0>")
    t.type("map")
    screen = _bottom(t.wait_for("R/B: owner"))
    assert screen[-2].startswith("R/B: owner")  # the map, whole, then the prompt
    assert screen[-1].startswith("red t=0>")
    t.type("clear")
    t.type("done")  # no commands: the first period runs, with Blue's air strikes in the log
    t.wait_for("red t=0.5>")  # the next period's prompt: ':log' is typed once it is asked
    t.type(":log")
    screen = _bottom(t.wait_for("interdiction strike"))
    # a strike's line of losses (195 characters) is broken at spaces to the screen's width by
    # the console, never left for the terminal to cut inside a word
    assert max(map(len, t.joined())) <= 80


def test_airwar_in_tmux(tmux: Start) -> None:
    t = tmux(["airwar/small-three-cities", "--side", "1", "--seed", "1"])
    t.wait_for("1>")
    t.type("cities D20 J18 P21")
    screen = _bottom(t.wait_for("refused: no city is separated"))
    text = "\n".join(screen)
    assert "Small board, three cities" in text
    assert "25-14  the opponent's territory, empty (12 rows)" in text
    assert "12-1  your territory, empty (12 rows)" in text
    assert "legend: # your city" in text
    assert screen[-1].startswith("1>")


def test_aggressor_in_tmux(tmux: Start) -> None:
    t = tmux(["aggressor/sector", "--side", "west", "--seed", "1"])
    t.wait_for("setup>")
    t.type("auto")
    t.wait_for("key (1-6 move/attack")
    t.type(":", enter=False)  # ':' opens a command line
    t.type("units")
    screen = _bottom(t.wait_for("  18 missile"))
    assert screen[-1].startswith("key (1-6 move/attack")  # the answer not drawn over
    assert "   1 armor      @JB" in "\n".join(screen)
    t.type("4", enter=False)  # unit 1 down, at once: no Enter
    screen = _bottom(t.wait_for("moved 1"))
    text = "\n".join(screen)
    assert "ok: order 6 accepted" in text
    assert "     A B C D E F G H I J K L M N O P Q R S T U" in text  # the compact map, whole
    assert all(f"\n  {row}  " in text for row in "ABCDEFGHIJKLMNO")
    assert "[T]" in text
    assert screen[-1].startswith("key (1-6 move/attack")


def test_flankbattle_in_tmux(tmux: Start) -> None:
    """seed 004: a deployment that does not hold the whole military is refused; the view's
    default flanks, the refusal and the prompt share the screen; 'default' then fights the
    battle to its end."""
    t = tmux(["flankbattle/hastings", "--side", "attacker", "--seed", "1"])
    t.wait_for("attacker>")
    t.type("(150,130) inf 10 cav 0 art 0 ships 0 Normal")
    screen = _bottom(t.wait_for("refused: attacker's flanks are Invalid"))
    text = "\n".join(screen)
    assert "Default flanks:" in text
    assert "(150,270) inf 1200 cav 500 art 500 ships 37" in text
    assert screen[-1].startswith("attacker>")
    t.type("default")
    screen = _bottom(t.wait_for("Game over"))
    assert any("routed" in line for line in screen)
    # the battle's log lines (inputs, hours, the receipt's lines) are broken at spaces to the
    # screen's width by the console, never left for the terminal to cut inside a word
    assert max(map(len, t.joined())) <= 80
