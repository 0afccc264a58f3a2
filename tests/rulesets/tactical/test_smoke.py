"""Seed 002, smoke: laying a screen spends a smoke round; the screen lasts through the enemy's
phase and clears at the layer's next."""

from __future__ import annotations

import pytest

from tests.rulesets.tactical.helpers import BASE, BOTH, _own, _told, _unit

from .conftest import make_game


@pytest.mark.found_by_mutation
def test_smoke_lasts_through_the_enemys_phase_and_clears_at_the_layers_next() -> None:
    """docs/rulings/tactical.md (Not on the sheet): smoke lasts until the start of the layer's
    next phase (one full turn), and both sides learn of it; docs/tactical.md (Orders): a smoke
    action costs 40 AP. The gun G (60 AP) lays smoke on 3,0 in the allied phase of turn 1
    (``smoke``, told to both), 20 AP left: it stands through the axis phase and is gone at the
    allied phase of turn 2."""
    game = make_game(units=[*BASE, _unit("G", "allied", "gun", "1,1")])
    game.submit("allied", "smoke G 3,0")
    assert _told(game, "smoke") == [("G lays smoke on 3,0", BOTH)]
    assert _own(game, "allied", "G")["ap"] == 20
    assert game.view("axis").data["smoke"] == ["3,0"]
    game.submit("axis", "pass")
    assert game.view("allied").data["smoke"] == []


@pytest.mark.found_by_mutation
def test_laying_smoke_spends_one_smoke_round() -> None:
    """SMOKE (the sheet's unit smoke rounds): a gun with 3 smoke rounds lays smoke on 3,0 and
    has 2 left."""
    units = [*BASE, _unit("G", "allied", "gun", "1,1", smoke=3)]
    game = make_game(units=units)
    game.submit("allied", "smoke G 3,0")
    assert game.units["G"].smoke == 2
