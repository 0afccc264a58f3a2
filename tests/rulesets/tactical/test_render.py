"""The terminal board and order help (hexwar play)."""

from __future__ import annotations

from hexwar.core import registry

from .conftest import make_game


def test_render_shows_units_board_and_leadership_raised_morale() -> None:
    """COMMANDERS, LEADERSHIP: 'Morale increased due to Leadership is displayed' (here: *)."""
    leader = {"id": "C", "side": "allied", "name": "Cpt", "at": "2,1", "leadership": 8,
              "command": 2}  # fmt: skip
    game = make_game(commanders=[leader])
    text = registry.get("tactical").render_view(game.view("allied"))
    assert "A1     infantry  4 SP at 2,1" in text
    assert "morale 8*" in text
    assert "X1     infantry  4 SP at 4,0" in text  # seen across open ground
    assert "Board: A your units" in text
    assert "C      commander L8 C2 at 2,1" in text


def test_order_help_lists_every_action() -> None:
    game = make_game()
    text = registry.get("tactical").order_help(game.view("allied"))
    for verb in ("move", "fire", "assault", "smoke", "dismount"):
        assert f"\n  {verb} UNIT" in text
