"""The umpire's amendments of an Aggressor game (issue 19 item 4; rulesets/aggressor/amend.py):
each amendment changes what it says, tells the owner, tells the enemy only of a unit it had
observed (seed 003, OBSERVATION: a side knows what it saw at its observation phase), and the
amended game replays and verifies to the same state hash.

The game: seed 3, both sides set up at random (rng 0 and 1); east moves first and has
observed west's units 12 (support) at @IC and 18 (armor) at @IF; west has observed nothing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from hexwar.cli.main import main
from hexwar.core import registry
from hexwar.core.errors import IllegalOrderError
from hexwar.core.orders import UMPIRE
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.rulesets.aggressor.legal import random_setup
from hexwar.rulesets.aggressor.state import Unit
from hexwar.sessions import resolve_scenario

NOTICE = "The umpire amends the game: "


@pytest.fixture
def game() -> AggressorGame:
    r = resolve_scenario("aggressor/sector")
    g = r.ruleset.new_game(r.scenario, seed=3, scenario_id="aggressor/sector")
    for i, side in enumerate(("west", "east")):
        g.submit(side, str(random_setup(side, np.random.default_rng(i))))
    assert isinstance(g, AggressorGame)
    assert set(g.known["east"]) == {rl.parse_label("@IC"), rl.parse_label("@IF")}
    assert g.known["west"] == {}
    return g


def _new(game: AggressorGame, side: str, before: int) -> list[str]:
    return [e.text for e in game.log[before:] if e.visible(side)]


def _unit(game: AggressorGame, side: str, number: int) -> Unit:
    return next(u for u in game.units[side] if u.number == number)


def test_moving_a_unit_the_enemy_saw_clears_what_it_knew_and_tells_it(
    game: AggressorGame,
) -> None:
    n = len(game.log)
    assert rl.parse_label("@BA") not in game.at
    game.submit(UMPIRE, "move west 12 to @BA: the counter was placed a hex off")
    assert rl.label(_unit(game, "west", 12).cell) == "@BA"
    assert game.at[rl.parse_label("@BA")].number == 12
    assert rl.parse_label("@IC") not in game.at
    assert _new(game, "west", n) == [
        "Your unit 12 (support) moves from @IC to @BA (umpire)",
        NOTICE + "the counter was placed a hex off",
    ]
    assert _new(game, "east", n) == [
        "The unit at @IC is no longer there (umpire)",
        NOTICE + "the counter was placed a hex off",
    ]
    assert [e["at"] for e in game.view("east").data["enemy"]] == ["@IF"]


def test_moving_or_removing_a_unit_the_enemy_never_saw_tells_it_only_the_notice(
    game: AggressorGame,
) -> None:
    n = len(game.log)
    kind = _unit(game, "west", 1).kind
    game.submit(UMPIRE, "move west 3 to @BA: misplaced")
    game.submit(UMPIRE, "remove west 1: knocked off the table")
    assert _new(game, "east", n) == [NOTICE + "misplaced", NOTICE + "knocked off the table"]
    assert _new(game, "west", n)[2] == f"Your unit 1 ({kind}) at @CH is removed (umpire)"
    assert 1 not in [u["number"] for u in game.view("west").data["units"]]
    assert rl.parse_label("@CH") not in game.at


def test_a_move_into_an_occupied_hex_or_off_the_map_is_refused_and_nothing_changes(
    game: AggressorGame,
) -> None:
    before, n = game.state_hash(), len(game.orders)
    for text, says in (
        ("move west 3 to @CH: x", "@CH is occupied"),
        ("move west 3 to @ZZ: x", "column must be A..U"),
        ("move west 19 to @BA: x", "west has no unit 19"),
        ("move north 3 to @BA: x", "write a unit as SIDE NUMBER"),
        ("hold Z by west: x", "no sector 'Z'"),
    ):
        with pytest.raises(IllegalOrderError, match=says):
            game.submit(UMPIRE, text)
    assert game.state_hash() == before
    assert len(game.orders) == n


def test_a_sectors_new_holder_is_public(game: AggressorGame) -> None:
    """GAME OBJECT: control of the nine sectors; the centre sector C is nobody's at the
    start of this game."""
    assert game.control[rl.SECTOR_NAMES.index("C")] is None
    n = len(game.log)
    game.submit(UMPIRE, "hold C by east: east held it at the end of the last session")
    assert game.control[rl.SECTOR_NAMES.index("C")] == "east"
    for side in ("west", "east"):
        assert game.view(side).data["control"]["C"] == "east"
        assert _new(game, side, n)[0] == "Sector C is held by east (umpire)"


def test_an_amended_game_replays_and_verifies_to_the_same_state_hash(
    game: AggressorGame,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game.submit(UMPIRE, "move west 12 to @BA: misplaced")
    game.submit("east", "0")  # east ends its turn; play goes on after an amendment
    game.submit(UMPIRE, "remove east 4: disputed")
    game.submit(UMPIRE, "hold C by west: agreed")
    game.submit(UMPIRE, "end west: east's player left")
    record = game.record()
    assert registry.replay(record).state_hash() == game.state_hash()
    path = tmp_path / "amended.json"
    exported = {**record.to_json(), "state_hash": game.state_hash()}
    path.write_text(json.dumps(exported), encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["hexwar", "verify", str(path)])
    with pytest.raises(SystemExit) as done:
        main()
    out, err = capsys.readouterr()
    assert done.value.code in (0, None), err
    assert f"replay to state {game.state_hash()[:12]}" in out
