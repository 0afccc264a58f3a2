"""Fog at the visibility limit (seed 002, Parameter Data: visibility in hexes; the sheet's
sighting is "within" that many hexes, the limit included). In the test map A1 stands at
2,1 and the axis HQ at 7,-3: 5 hexes apart (hand count: |dq| = 5, |dr| = 4, |ds| = 1); the
allied HQ at 0,0 is 7 hexes from it, and the axis platoon X1 at 4,0 is 2 hexes from A1."""

from __future__ import annotations

from .conftest import make_game


def _seen_by_allied(visibility: int) -> list[str]:
    game = make_game(visibility=visibility)
    return sorted(e["id"] for e in game.view("allied").data["enemy_units"])


def test_an_enemy_exactly_at_the_visibility_limit_is_seen() -> None:
    assert _seen_by_allied(5) == ["X1", "XHQ"]


def test_an_enemy_one_hex_beyond_the_limit_is_hidden() -> None:
    assert _seen_by_allied(4) == ["X1"]


def test_the_hidden_enemy_is_absent_from_the_view_not_only_unnamed() -> None:
    game = make_game(visibility=4)
    assert "7,-3" not in str(game.view("allied").to_json())
