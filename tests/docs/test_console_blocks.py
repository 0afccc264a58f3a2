"""The reader of `console` blocks the doc tests run (conftest.py at the root): what is a command,
what is its shown output, and how `...` matches (docs/testing.md, "A doc example is a test
too")."""

from __future__ import annotations

from conftest import Command, output_matches, parse_console


def test_commands_continue_on_backslash_and_prompt_lines_and_own_the_lines_below() -> None:
    source = "$ hexwar run x \\\n    --seed 1\nfirst\nsecond\n\n$ cat <<'END'\n> a\n> END\na\n"
    assert parse_console(source) == [
        Command(1, "hexwar run x \\\n    --seed 1", ["first", "second"]),
        Command(6, "cat <<'END'\na\nEND", ["a"]),
    ]


def test_a_dots_line_stands_for_any_lines_and_dots_in_a_line_for_any_text() -> None:
    actual = "[0] start\n[1] move\n[2] fire\nover (seed 1, state 0a1b2c)  \n"
    assert output_matches(["[0] start", "...", "over (seed 1, state ...)"], actual)
    assert output_matches(["...", "[1] move", "...", "over ..."], actual)
    assert not output_matches(["[0] start", "over (seed 1, state ...)"], actual)  # lines left
    assert not output_matches(["[0] start", "...", "over (seed 2, state ...)"], actual)
    assert not output_matches(["[0] start ..."], "[0] start\nmore\n")  # '...' stays in its line
