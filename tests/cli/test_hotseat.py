"""Hotseat (``hexwar play --hotseat``): between two sides at one terminal a hand-over screen
clears the screen and its scrollback and waits for the next player, so that nothing one side
may see is left on screen for the other (issue 43: both sides' hidden views ran into one
scrollback). Fog of war: each side sees only its own view (docs/architecture.md)."""

from __future__ import annotations

from hexwar.core import registry
from hexwar.core.events import render_text
from hexwar.store import GameStore
from tests.cli.conftest import Cli

CLEAR_SCREEN = "\x1b[2J"  # ECMA-48 ED 2: erase the whole screen

# tiny/duel, seed 2: red wins the hidden head start ("red gains 1 reserve"), seen by red only.
# Hand-over (Enter), red rests, hand-over, blue rests, hand-over, then stop.
HOTSEAT = ["play", "tiny/duel", "--hotseat", "--seed", "2"]
STDIN = "\nrest\n\nrest\n\n:quit\n"


def red_only_lines() -> list[str]:
    """The lines of the stored game's log that red sees and blue does not."""
    with GameStore(readonly=True) as store:
        record = store.load(store.list_games()[0].id)
    game = registry.replay(record)
    blue = set(render_text(game.events("blue")).splitlines())
    return [line for line in render_text(game.events("red")).splitlines() if line not in blue]


def test_each_side_is_handed_the_terminal_on_a_cleared_screen(cli: Cli) -> None:
    result = cli(*HOTSEAT, stdin=STDIN)
    assert result.code == 0, result.err
    red, blue = result.out.index("red> "), result.out.index("blue> ")
    between = result.out[red:blue]
    assert CLEAR_SCREEN in between
    assert "pass the terminal to blue" in between
    assert "blue, press Enter when only you can see the screen" in between


def test_blues_screen_shows_nothing_of_reds_view(cli: Cli) -> None:
    """Every screen (the output between two clears) on which blue is prompted holds neither
    red's prompt and view nor any line of the log that only red may see."""
    result = cli(*HOTSEAT, stdin=STDIN)
    hidden = red_only_lines()
    assert "[0] red gains 1 reserve" in hidden  # the fact that must not reach blue's screen
    assert hidden[0] in result.out  # red was shown it, on red's screen
    blue_screens = [s for s in result.out.split(CLEAR_SCREEN) if "blue> " in s]
    assert blue_screens
    for screen in blue_screens:
        assert "red> " not in screen
        assert "red, decision" not in screen
        assert not [line for line in hidden if line in screen.splitlines()]


def test_one_player_against_the_computer_is_never_cleared(cli: Cli) -> None:
    result = cli(
        "play", "tiny/duel", "--side", "red", "--vs", "random", "--seed", "2", stdin="rest\n"
    )
    assert result.code == 0, result.err
    assert CLEAR_SCREEN not in result.out
    assert "pass the terminal" not in result.out


def test_quit_at_the_hand_over_saves_the_game(cli: Cli) -> None:
    result = cli(*HOTSEAT, stdin=":quit\n")
    assert result.code == 0, result.err
    assert "Game saved. Resume with: hexwar resume g-" in result.out
    assert "red> " not in result.out
