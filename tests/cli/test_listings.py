"""``hexwar rulesets``, ``scenarios``, ``games`` and the chooser in an 80x24 terminal (and at
120 columns): no line wider than the terminal, no id broken across lines, the chooser on one
screen or paged (issue 43: the listings wrapped every word in 80 columns and the chooser took
45 lines)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable

import pytest
from rich.console import Console

from hexwar.cli import main as cli_main
from hexwar.core import registry
from tests.cli.conftest import Cli, Result

Terminal = Callable[[int, int], None]


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Terminal:
    """A terminal of the given columns and lines, as rich reads them (COLUMNS, LINES) when the
    command line's console is made."""

    def size(columns: int, lines: int) -> None:
        monkeypatch.setenv("COLUMNS", str(columns))
        monkeypatch.setenv("LINES", str(lines))
        monkeypatch.setattr(cli_main, "out", Console(soft_wrap=True))

    return size


def scenario_ids() -> list[str]:
    return [sid for r in registry.all_rulesets() for sid in r.bundled_scenarios()]


def assert_fits(text: str, columns: int) -> None:
    lines = text.splitlines()
    too_wide = [line for line in lines if len(line.rstrip()) > columns]
    assert not too_wide, f"wider than {columns} columns: {too_wide}"


def assert_whole(text: str, ids: list[str]) -> None:
    """Every id appears whole on one line (not cut by a wrap, nor by an ellipsis)."""
    for sid in ids:
        pattern = rf"(?<![\w/-]){re.escape(sid)}(?![\w/-])"
        assert re.search(pattern, text), f"{sid!r} is not printed whole:\n{text}"


@pytest.mark.parametrize("columns", [80, 120])
def test_scenarios_fit_the_terminal_with_every_id_whole(
    cli: Cli, terminal: Terminal, columns: int
) -> None:
    terminal(columns, 24)
    result = cli("scenarios")
    assert result.code == 0
    assert_fits(result.out, columns)
    assert_whole(result.out, scenario_ids())
    assert "…" not in result.out  # nothing cut short: a file is shown whole or not at all
    # each ruleset's title on one line, not three (a test fixture's ruleset registered by
    # another test in this process has no bundled scenario, and so no heading)
    for r in registry.all_rulesets():
        if r.bundled_scenarios():
            assert r.info.title in result.out


def test_scenarios_drop_the_file_column_when_it_does_not_fit(cli: Cli, terminal: Terminal) -> None:
    """At 40 columns the longest id (30 characters) and its file (28) cannot share a line:
    the ids stay whole and the files go."""
    terminal(40, 24)
    result = cli("scenarios")
    assert_fits(result.out, 40)
    assert_whole(result.out, scenario_ids())
    assert "hedgerows.toml" not in result.out
    terminal(120, 24)
    assert "hedgerows.toml" in cli("scenarios").out


@pytest.mark.parametrize("columns", [80, 120])
def test_rulesets_fit_the_terminal_with_every_id_whole(
    cli: Cli, terminal: Terminal, columns: int
) -> None:
    terminal(columns, 24)
    result = cli("rulesets")
    assert result.code == 0
    assert_fits(result.out, columns)
    ids = [r.info.id for r in registry.all_rulesets()]
    assert all(re.search(rf"^{re.escape(i)} ", result.out, re.M) for i in ids), result.out
    assert "Some Air War Games (Wine and Thrall, 1953)" in result.out  # the title unbroken


@pytest.mark.parametrize("columns", [80, 120])
def test_games_fit_the_terminal_with_ids_and_scenario_whole(
    cli: Cli, terminal: Terminal, columns: int
) -> None:
    assert cli("run", "tiny/duel", "--seed", "3", "--store").code == 0
    terminal(columns, 24)
    result = cli("games")
    assert result.code == 0
    assert_fits(result.out, columns)
    game_id = cli("games", "--ids").out.split()[0]
    assert_whole(result.out, [game_id, "tiny/duel"])
    assert "seed 3" in result.out


def chooser_screens(result: Result) -> list[str]:
    """The chooser's output cut at each prompt: what each screen shows above its prompt."""
    return re.split(r"Scenario number \[[^\]]*\]: ", result.out)[:-1]


def test_the_chooser_fits_an_80x24_terminal(cli: Cli, terminal: Terminal) -> None:
    terminal(80, 24)
    result = cli(stdin="q\n")
    assert result.code == 0
    (screen,) = chooser_screens(result)
    assert_fits(screen, 80)
    assert_whole(screen, scenario_ids())
    assert len(screen.splitlines()) <= 23  # with the prompt's line: 24


def test_the_chooser_pages_a_list_longer_than_the_screen(cli: Cli, terminal: Terminal) -> None:
    """In 10 lines the list takes several screens: Enter shows the next, every scenario is on
    one of them, and a number from a later screen is accepted."""
    terminal(80, 10)
    ids = scenario_ids()
    result = cli(stdin="\n" * 10 + "q\n")
    screens = chooser_screens(result)
    assert len(screens) > 1
    assert all(len(screen.splitlines()) <= 9 for screen in screens)
    assert_whole("".join(screens), ids)
    assert "Enter for the next" in screens[0]


def test_scenarios_at_80_columns_as_the_shell_runs_it(cli_env: dict[str, str]) -> None:
    """The same through the installed command, COLUMNS as a shell exports it."""
    env = {**cli_env, "COLUMNS": "80"}
    done = subprocess.run(
        [sys.executable, "-m", "hexwar", "scenarios"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert_fits(done.stdout, 80)
    assert_whole(done.stdout, [*scenario_ids(), "tiny/duel"])
