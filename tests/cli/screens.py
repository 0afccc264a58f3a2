"""What a player's terminal shows after the last line typed, from ``hexwar play``'s output
with its input piped in (issue 43: "never hide what was just asked").

Piped, the program's prompts run into the next output (the terminal would echo the typed line
and its Enter); :func:`screen_after` puts the typed lines back after their prompts, breaks
every line at the terminal's width as the terminal does, and keeps the last ``lines`` rows up
to the prompt that waits for the next line: the screen the player looks at.
"""

from __future__ import annotations

import re
import subprocess
import sys


def play(
    env: dict[str, str], args: list[str], inputs: list[str], columns: int = 80, lines: int = 24
) -> str:
    """``hexwar play ARGS`` with ``inputs`` typed (then end of input), the terminal's size set
    by ``COLUMNS`` and ``LINES``; its standard output."""
    done = subprocess.run(
        [sys.executable, "-m", "hexwar", "play", *args],
        input="".join(f"{line}\n" for line in inputs),
        capture_output=True,
        text=True,
        env={**env, "COLUMNS": str(columns), "LINES": str(lines)},
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def typed_in(stdout: str, inputs: list[str], prompt: str) -> list[str]:
    """The output's lines as on the terminal, each typed line after its prompt (``prompt``: a
    regular expression), up to the prompt after the last one."""
    text, pos = "", 0
    for i, m in enumerate(re.finditer(prompt, stdout)):
        text += stdout[pos : m.end()]
        pos = m.end()
        if i == len(inputs):
            return text.split("\n")
        text += inputs[i] + "\n"
    raise AssertionError(f"fewer than {len(inputs) + 1} prompts in:\n{stdout}")


def screen_after(
    stdout: str, inputs: list[str], prompt: str, columns: int = 80, lines: int = 24
) -> list[str]:
    """The last ``lines`` rows of a ``columns`` wide terminal, the prompt waiting for the line
    after ``inputs`` at the bottom."""
    rows: list[str] = []
    for line in typed_in(stdout, inputs, prompt):
        rows.extend([line[i : i + columns] for i in range(0, len(line), columns)] or [""])
    return rows[-lines:]
