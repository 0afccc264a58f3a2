"""Seed 002, winning: break points, victory points, objectives, and the end of the game."""

from __future__ import annotations

import pytest

from hexwar.core.orders import UMPIRE
from hexwar.rulesets.tactical.game import TacticalGame
from tests.rulesets.tactical.helpers import (
    BASE,
    EVERYONE,
    NO_EFFECT,
    _events,
    _fire_and_break,
    _kinds,
    _script,
    _unit,
)

from .conftest import make_game


def _lose(game: TacticalGame, **lost: int) -> None:
    for uid, sp in lost.items():
        game.units[uid].sp -= sp


def _losses(game: TacticalGame, allied: int, axis: int) -> None:
    game.units["A1"].sp -= allied
    game.units["X1"].sp -= axis


@pytest.mark.found_by_mutation
def test_an_eliminated_unit_is_told_to_both_sides_and_its_whole_loss_counts_at_the_break() -> None:
    """docs/tactical.md, Winning: a side whose combat units have lost at least the break point
    of their starting SPs breaks. A1 (soft attack 60 on X1's 4: 15:1) draws 0.10 (loss 3,
    below 0.35) against X1 of 1 SP: X1 is eliminated (both sides told), its 1 SP lost whole,
    so the axis (X1 and X2, 1 SP each) has lost 1 of 2 SPs: exactly its 50 % break point."""
    units = [BASE[0], {**BASE[1], "attack_soft": 60.0}, BASE[2], {**BASE[3], "sp": 1},
             _unit("X2", "axis", "infantry", "7,0", sp=1)]  # fmt: skip
    game = make_game(units=units, break_percent=50)
    _script(game, uniforms=[0.10, NO_EFFECT, NO_EFFECT, NO_EFFECT])
    game.submit("allied", "fire A1 X1")
    (gone,) = _events(game, "eliminated")
    assert (gone.text, gone.visible_to) == ("X1 is eliminated at 4,0", EVERYONE)
    assert str(game.units["A1"].hex) == "2,1"  # a fire does not advance
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (
        "allied",
        "axis breaks: its combat units lost 1 of 2 SPs (break point 50%)",
    )


@pytest.mark.found_by_mutation
def test_a_side_left_with_only_hqs_at_the_end_of_a_phase_loses() -> None:
    """docs/tactical.md, Winning: "A side left without combat units (only HQs) loses at once."
    The umpire takes X1, the axis side's only combat unit, off the map; at the end of the
    allied phase the axis side, with its HQ alone, has lost and the allies win."""
    game = make_game()
    game.submit(UMPIRE, "remove X1: withdrawn")
    game.submit("allied", "pass")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == ("allied", "axis has no combat units left")


@pytest.mark.found_by_mutation
def test_a_side_with_combat_units_and_no_hq_plays_on() -> None:
    """The same rule the other way: it counts combat units, not HQs. The allies have no HQ at
    all (A1 answers to none); the phase ends and the axis side has its phase."""
    game = make_game(units=[{**BASE[1], "hq": None}, *BASE[2:]])
    game.submit("allied", "pass")
    assert game.outcome() is None
    assert game.view("axis").data["phase"] == "axis"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("percent", "breaks"), [(42, True), (43, False)])
def test_a_side_breaks_at_exactly_its_break_point(percent: int, breaks: bool) -> None:
    """docs/tactical.md, Winning: a side whose combat units have lost *at least*
    ``break_percent`` of their starting SPs breaks. X1 of 7 SP has lost 3: 3/7 = 42.86 %, at
    least 42 % (the axis side breaks, the allies win) but less than 43 % (the game goes on,
    the axis side has its phase)."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "sp": 7}], break_percent=percent)
    _lose(game, X1=3)
    game.submit("allied", "pass")
    outcome = game.outcome()
    if breaks:
        assert outcome is not None
        assert (outcome.winner, outcome.reason) == (
            "allied",
            f"axis breaks: its combat units lost 3 of 7 SPs (break point {percent}%)",
        )
        assert game.events()[-1].kind == "game-over"  # no phase after it
        assert game.view("allied").data["phase"] == "allied"
    else:
        assert outcome is None
        assert game.view("axis").data["phase"] == "axis"


@pytest.mark.found_by_mutation
def test_when_both_sides_break_the_larger_share_of_its_start_loses() -> None:
    """docs/tactical.md, Winning: if both sides break, "the one that lost the larger share".
    Break point 50 %: the allies (A1 and A2, 8 SP) lost 4 of 8 (50 %), the axis (X1, 4 SP) 3 of
    4 (75 %): the axis side lost the larger share and the allies win, although they lost more
    SPs."""
    a2 = {**BASE[1], "id": "A2", "name": "A2", "at": "1,1"}
    game = make_game(units=[*BASE, a2], break_percent=50)
    _lose(game, A1=2, A2=2, X1=3)
    game.submit("allied", "pass")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (
        "allied",
        "axis breaks: its combat units lost 3 of 4 SPs (break point 50%)",
    )


@pytest.mark.found_by_mutation
def test_a_unit_that_cannot_retreat_and_loses_its_last_sp_leaves_the_map() -> None:
    """docs/rulings/tactical.md (Retreat): with nowhere to go the unit loses 1 SP. X1 of 1 SP in
    the bottom right corner 7,2, A1 beside it at 6,2: no hex is farther from A1, X1 is
    eliminated, and the umpire's summary has it eliminated and off the map (no hex)."""
    units = [BASE[0], {**BASE[1], "at": "6,2"}, BASE[2], {**BASE[3], "at": "7,2", "sp": 1}]
    game = make_game(units=units)
    assert _fire_and_break(game) == "eliminated"
    x1 = next(u for u in game.summary()["sides"]["axis"]["units"] if u["id"] == "X1")
    assert (x1["status"], x1["hex"]) == ("eliminated", None)


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("allied", "axis", "winner", "reason"),
    [
        (1, 0, None, None),
        (2, 0, "axis", "allied breaks: its combat units lost 2 of 4 SPs (break point 50%)"),
        (3, 2, "axis", "allied breaks: its combat units lost 3 of 4 SPs (break point 50%)"),
        (2, 3, "allied", "axis breaks: its combat units lost 3 of 4 SPs (break point 50%)"),
        (2, 2, None, "allied breaks: its combat units lost 2 of 4 SPs (break point 50%); "
                     "so does the other side: a draw"),
    ],
)  # fmt: skip
def test_a_side_breaks_at_its_break_point_and_the_larger_share_loses(
    allied: int, axis: int, winner: str | None, reason: str | None
) -> None:
    """docs/tactical.md, Winning: at the end of a phase a side whose combat units lost at least
    ``break_percent`` % of their starting SPs breaks and loses; if both do, the one that lost
    the larger share; equal shares, a draw. Break point 50%, 4 SPs a side: 1 lost is not
    enough, 2 (exactly 50%) is."""
    game = make_game(break_percent=50)
    _losses(game, allied, axis)
    game.submit("allied", "")
    outcome = game.outcome()
    if reason is None:
        assert outcome is None
        assert game.mover == "axis"  # the game goes on
    else:
        assert outcome is not None
        assert (outcome.winner, outcome.reason) == (winner, reason)


@pytest.mark.found_by_mutation
def test_each_enemy_sp_lost_scores_a_victory_point() -> None:
    """docs/tactical.md, Winning: victory points are objectives held plus enemy SPs
    eliminated, 1 VP each (rules.toml ``vp_per_sp``). Axis lost 3 SPs, allied 1."""
    game = make_game()
    game.lost["axis"], game.lost["allied"] = 3, 1
    assert game.score() == {"allied": 3, "axis": 1}


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("allied_lost", "axis_lost", "winner"), [(2, 1, "allied"), (1, 2, "axis")])
def test_after_the_last_turn_the_side_with_more_victory_points_wins(
    allied_lost: int, axis_lost: int, winner: str
) -> None:
    """docs/tactical.md, Winning: after the last turn the side with more VP wins, whichever it
    is. One turn; axis lost 2 SPs and allied 1: allied 2 VP to 1 (and the other way round)."""
    game = make_game(turns=1)
    game.lost["allied"], game.lost["axis"] = axis_lost, allied_lost
    game.submit("allied", "")
    game.submit("axis", "")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner == winner


@pytest.mark.found_by_mutation
def test_an_assault_that_removes_the_last_combat_unit_ends_the_game_once() -> None:
    """docs/tactical.md, Winning: a side left without combat units (only HQs) loses at once.
    A1 (soft attack raised to 60) assaults the 1-SP X1, the axis side's only combat unit,
    from 3,0 and eliminates it: one ``game-over`` event, the last of the game (no end-of-phase
    dig-in roll after it), allied the winner."""
    units = [BASE[0], {**BASE[1], "at": "3,0", "attack_soft": 60.0}, BASE[2],
             {**BASE[3], "sp": 1}]  # fmt: skip
    game = make_game(seed=1, units=units)
    game.submit("allied", "assault A1 X1")
    kinds = _kinds(game)
    assert kinds.count("game-over") == 1
    assert kinds[-1] == "game-over"
    assert "improved-position" not in kinds
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == ("allied", "axis has no combat units left")


@pytest.mark.found_by_mutation
def test_an_objective_taken_is_told_to_both_sides_as_objective() -> None:
    """docs/tactical.md, Winning: an objective belongs to the last side alone in it, checked at
    the end of the phase. A1 moves onto the objective at 3,1 (nobody's): both sides hear
    ``allied takes objective 3,1``."""
    game = make_game(objectives=[{"at": "3,1", "vp": 10}], opportunity_fire=False)
    game.submit("allied", "move A1 3,1")
    told = [(e.text, e.visible_to) for e in game.events() if e.kind == "objective"]
    assert told == [("allied takes objective 3,1", frozenset({"*"}))]


@pytest.mark.found_by_mutation
def test_equal_victory_points_after_the_last_turn_are_a_draw() -> None:
    """docs/tactical.md, Winning: "the higher score wins (equal: a draw)". One turn, no
    objectives, nothing lost: 0 VP each, nobody wins."""
    game = make_game(turns=1)
    game.submit("allied", "")
    game.submit("axis", "")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (None, "after 1 turns, allied 0 VP, axis 0 VP")


@pytest.mark.found_at_call_site
def test_the_break_point_counts_combat_units_only() -> None:
    """docs/tactical.md, Winning: a side breaks on the SPs its combat units (not HQs) lost."""
    game = make_game()
    game.units["AHQ"].sp = 0
    game.units["A1"].sp = 3
    assert game.combat_losses("allied") == (1, 4)
