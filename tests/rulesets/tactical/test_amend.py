"""The umpire's amendments of a tactical game (issue 19 item 4; rulesets/tactical/amend.py):
a move keeps the sheet's stacking limit (seed 002, Parameter Data: at most 6 units and 24 SPs
a hex) and never enters the enemy's hex; the enemy hears of a change only to a unit it saw
(TERRAIN HEIGHT / Parameter Data: sight by visibility and line of sight); an objective's new
holder is public; the amended game replays to the same state hash.

The game: meeting1941, seed 1, before axis's first phase. The allied side sees axis's G1, P1,
A1 and DE-HQ; axis sees only R1 (at 4,6). R2 (4 SPs) stands at 6,5, R5 (3 SPs) at 7,6; the
objectives at 8,0, 7,2 and 12,-4 are nobody's.
"""

from __future__ import annotations

import pytest

from hexwar.core import registry
from hexwar.core.errors import IllegalOrderError
from hexwar.core.hexes import Hex
from hexwar.core.orders import UMPIRE
from hexwar.rulesets.tactical.game import TacticalGame
from hexwar.sessions import resolve_scenario

NOTICE = "The umpire amends the game: "


@pytest.fixture
def game() -> TacticalGame:
    r = resolve_scenario("tactical/meeting1941")
    g = r.ruleset.new_game(r.scenario, seed=1, scenario_id="tactical/meeting1941")
    assert isinstance(g, TacticalGame)
    assert g.spotted("axis") == {"R1"}
    return g


def _new(game: TacticalGame, side: str, before: int) -> list[str]:
    return [e.text for e in game.log[before:] if e.visible(side)]


def test_moving_a_unit_the_enemy_saw_tells_it_that_it_moved_not_where(game: TacticalGame) -> None:
    n = len(game.log)
    game.units["R1"].improved = True  # dug in at 4,6
    game.submit(UMPIRE, "move R1 to 3,7: set up on the wrong hex")
    assert game.units["R1"].hex == Hex(3, 7)
    assert not game.units["R1"].improved  # the position stays at 4,6
    assert _new(game, "allied", n) == [
        "Your unit R1 moves from 4,6 to 3,7 (umpire)",
        NOTICE + "set up on the wrong hex",
    ]
    assert _new(game, "axis", n) == [
        "The enemy unit R1 you saw at 4,6 is moved by the umpire",
        NOTICE + "set up on the wrong hex",
    ]


def test_removing_a_unit_the_enemy_never_saw_tells_it_only_the_notice(game: TacticalGame) -> None:
    n = len(game.log)
    game.submit(UMPIRE, "remove R5: its player withdrew it")
    r5 = game.units["R5"]
    assert (r5.hex, r5.sp) == (None, 3)  # off the map with its strength: not a loss
    assert game.lost == {"allied": 0, "axis": 0}
    assert "R5" not in [u["id"] for u in game.view("allied").data["units"] if u["hex"]]
    assert _new(game, "axis", n) == [NOTICE + "its player withdrew it"]
    assert _new(game, "allied", n)[0] == "Your unit R5 at 7,6 leaves the map (umpire)"


def test_a_move_beyond_the_stacking_limit_or_into_the_enemy_is_refused(
    game: TacticalGame,
) -> None:
    """R1, R2, R3 and R4 (16 SPs) and K1, K2 (6 SPs) stacked on 6,5 make 6 units and 22 SPs;
    R5 (3 SPs) more would make 7 units and 25 SPs."""
    for uid in ("R1", "R3", "R4", "K1", "K2"):
        game.submit(UMPIRE, f"move {uid} to 6,5: stacking test")
    before, n = game.state_hash(), len(game.orders)
    for text, says in (
        ("move R5 to 6,5: x", "more than 6 units or 24 SPs"),
        ("move R5 to 6,-2: x", "the enemy holds 6,-2"),
        ("move R5 to 40,40: x", "not on the map"),
        ("move Z9 to 6,4: x", "no unit 'Z9' on the map"),
        ("move axis R5 to 6,4: x", "no unit 'axis R5' on the map"),
        ("move RU-ARMY to 6,4: x", "no unit 'RU-ARMY' on the map"),  # an HQ off the map
        ("hold 1,1 by axis: x", "no objective at 1,1"),
    ):
        with pytest.raises(IllegalOrderError, match=says):
            game.submit(UMPIRE, text)
    assert game.state_hash() == before
    assert len(game.orders) == n


def test_an_objectives_new_holder_is_public_and_scores(game: TacticalGame) -> None:
    """Victory points: an objective held scores its value (8,0: 10 VP)."""
    n = len(game.log)
    game.submit(UMPIRE, "hold 8,0 by axis: taken before the session ended")
    assert game.control[Hex(8, 0)] == "axis"
    assert game.score()["axis"] == 10
    for side in ("allied", "axis"):
        assert _new(game, side, n)[0] == "Objective 8,0 is held by axis (umpire)"


def test_an_amended_game_replays_to_the_same_state_hash(game: TacticalGame) -> None:
    game.submit(UMPIRE, "move G1 to 6,-1: misplaced")
    game.submit("axis", {"actions": []})  # axis's phase, then allied's: play goes on
    game.submit(UMPIRE, "remove allied K2: broken down")  # as the umpire's map writes it
    game.submit(UMPIRE, "hold 7,2 by allied: agreed")
    assert registry.replay(game.record()).state_hash() == game.state_hash()
