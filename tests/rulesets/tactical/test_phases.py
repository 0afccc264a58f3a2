"""The tactical turn: each phase told to both sides, and the side awaited at each decision step."""

from __future__ import annotations

import pytest

from hexwar.core.game import Decision
from tests.rulesets.tactical.helpers import BOTH, _own, _told

from .conftest import make_game


@pytest.mark.found_by_mutation
def test_each_phase_is_told_to_both_sides_with_its_turn_and_minute() -> None:
    """Parameter Data, "Minutes per Turn: 6"; docs/tactical.md (The turn): the side named
    ``first`` has its phase, then the other. Turn 1 begins at minute 0, turn 2 at minute 6;
    both sides hear each phase begin (``phase``). A1 moves in turn 1; at the start of its
    side's next phase it has not moved yet (docs/rulings/tactical.md, Improved positions: the
    dig-in roll asks whether it moved in that phase)."""
    game = make_game()
    game.submit("allied", "move A1 1,1")
    assert _own(game, "allied", "A1")["moved"] is True
    game.submit("axis", "pass")
    assert _own(game, "allied", "A1")["moved"] is False
    assert _told(game, "phase") == [
        ("Turn 1 of 3 (minute 0): allied phase", BOTH),
        ("Turn 1 of 3 (minute 0): axis phase", BOTH),
        ("Turn 2 of 3 (minute 6): allied phase", BOTH),
    ]


@pytest.mark.found_by_mutation
def test_the_game_awaits_each_phases_side_at_its_decision_step() -> None:
    """docs/tactical.md, The turn: the side named `first` (allied) has its phase, then the
    other; the decision names the side, its step (one per phase given) and the turn."""
    game = make_game()
    assert game.decision() == Decision(0, frozenset({"allied"}), "turn 1: allied")
    game.submit("allied", "")
    assert game.decision() == Decision(1, frozenset({"axis"}), "turn 1: axis")
    game.submit("axis", "")
    assert game.decision() == Decision(2, frozenset({"allied"}), "turn 2: allied")
