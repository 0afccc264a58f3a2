"""The reader of `console` blocks the doc tests run (conftest.py at the root): what is a command,
what is its shown output, and how `...` matches (docs/testing.md, "A doc example is a test
too")."""

from __future__ import annotations

from conftest import ROOT, Command, output_matches, parse_console


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


def test_every_fenced_block_of_the_pages_names_its_language() -> None:
    """A block that shows commands is a `console` block (and so is run); every other block says
    what it is (`text`, `toml`, `python`, ...): no command shown on a page escapes the doc
    tests by being fenced without a language."""
    bare = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        inside = False
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
            fence = line.strip()
            if not fence.startswith("```"):
                continue
            if not inside and fence == "```":
                bare.append(f"{page.relative_to(ROOT)}:{number}")
            inside = not inside
    assert not bare, "fenced blocks without a language: " + ", ".join(bare)
