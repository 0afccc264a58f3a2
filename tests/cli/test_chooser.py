"""The chooser (``hexwar`` without a command): who plays each side (a person at this terminal
or one of the ruleset's computer agents), the seed (random unless given, and shown so that
the game can be played again), and resuming a stored game (issue 43: it offered none of
these)."""

from __future__ import annotations

import re

from hexwar.core import registry
from hexwar.store import GameStore
from tests.cli.conftest import Cli


def duel_number() -> int:
    """tiny/duel's number in the chooser's list."""
    ids = [sid for r in registry.all_rulesets() for sid in r.bundled_scenarios()]
    return ids.index("tiny/duel") + 1


def stored_game() -> tuple[str, int, dict[str, str], int]:
    """The newest stored game: id, seed, agents, orders."""
    with GameStore(readonly=True) as store:
        game = store.list_games()[0]
        record = store.load(game.id)
    return game.id, record.seed, dict(record.agents), len(record.orders)


def test_the_player_chooses_the_opponent_agent_and_the_seed(cli: Cli) -> None:
    # side 1 = red; blue is played by the random agent; seed 7; then stop at the first prompt
    result = cli(stdin=f"{duel_number()}\n1\nrandom\n7\n:quit\n")
    assert result.code == 0, result.err
    assert "Computer player for blue [ai, random; Enter: ai]" in result.out
    assert "Computer player for red" not in result.out  # red is the player's
    _, seed, agents, _ = stored_game()
    assert (seed, agents) == (7, {"blue": "random"})
    assert re.search(r"tiny/duel, seed 7; you play red\.", result.out)


def test_the_default_seed_is_random_and_shown(cli: Cli) -> None:
    """Enter at the seed prompt draws a seed; the banner shows the one stored, so the game can
    be played again with --seed."""
    result = cli(stdin=f"{duel_number()}\n2\n\n\n:quit\n")
    assert result.code == 0, result.err
    _, seed, agents, _ = stored_game()
    assert agents == {"red": "ai"}  # Enter: the ruleset's strongest computer player
    assert f"tiny/duel, seed {seed}; you play blue." in result.out


def test_an_unknown_agent_is_asked_again(cli: Cli) -> None:
    result = cli(stdin=f"{duel_number()}\n1\nclever\nrandom\n3\n:quit\n")
    assert "Please enter one of ai, random." in result.out
    assert stored_game()[2] == {"blue": "random"}


def test_every_side_played_here_is_hotseat(cli: Cli) -> None:
    """'every side': no computer player is asked for, and the game has no agents."""
    result = cli(stdin=f"{duel_number()}\n3\n5\n:quit\n")
    assert result.code == 0, result.err
    assert "Computer player" not in result.out
    assert "you play red, blue." in result.out
    assert stored_game()[2] == {}


def test_watching_plays_the_game_hexwar_run_plays_with_those_agents(cli: Cli) -> None:
    """'watch' with an agent per side and a seed prints the line that plays it again, and the
    same game as that line."""
    watched = cli(stdin=f"{duel_number()}\n4\nrandom\nai\n11\n")
    assert watched.code == 0, watched.err
    again = "hexwar run tiny/duel --seed 11 --agent red=random --agent blue=ai"
    assert f"Watching tiny/duel, seed 11 (again: {again})" in watched.out
    run = cli(*again.split()[1:])
    assert run.out.strip()
    assert run.out in watched.out


def test_the_chooser_resumes_an_unfinished_stored_game(cli: Cli) -> None:
    assert "resume a stored game" not in cli(stdin="q\n").out  # nothing to resume yet
    cli("play", "tiny/duel", "--side", "red", "--vs", "random", "--seed", "2", stdin="rest\n")
    game_id, _, _, orders = stored_game()
    assert orders >= 1
    result = cli(stdin="r\n1\n:quit\n")
    assert result.code == 0, result.err
    assert "r resume a stored game (1 unfinished" in result.out
    assert game_id in result.out.split("hexwar: resume a game")[1]
    assert f"Resumed game {game_id} (tiny/duel): {orders} order" in result.out
