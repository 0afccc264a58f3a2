"""Paths the docs show that used to leave a new user stuck (issue 23): `hexwar play ...
--hotseat` without `--side` (docs/idahex.md, docs/aggressor.md), and `run --store` saying which
game it stored so the `games`/`replay`/`export` examples after it can be followed."""

from __future__ import annotations

import re
from pathlib import Path

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
