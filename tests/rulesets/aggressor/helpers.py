"""Helpers shared by the Aggressor rule tests (seed 003): situations on conftest.py's hand-set
maps."""

from __future__ import annotations

from typing import Any

from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.rulesets.aggressor.ruleset import AggressorRuleset
from tests.rulesets.aggressor.conftest import (
    SECTOR,
    make_game,
)


def _last(g: AggressorGame, kind: str) -> tuple[str, frozenset[str], dict[str, Any]]:
    e = [e for e in g.events() if e.kind == kind][-1]
    return e.text, e.visible_to, dict(e.data)


def _setting_up() -> AggressorGame:
    """The bundled Sector scenario without a saved set-up: West sets up first."""
    return AggressorRuleset().new_game(SECTOR, seed=1, scenario_id="sector")


def _partisans_asked() -> AggressorGame:
    """East holds one partisan when West's second turn begins: East is asked (TURN SEQUENCE
    C)."""
    g = make_game(first="west")
    g.partisans["east"] = 1
    g.submit("west", "0")
    g.submit("east", "0")
    return g


def _combat_receipt(g: AggressorGame) -> Any:
    """The umpire's receipt of the last attack."""
    return [e for e in g.events() if e.kind == "combat" and e.receipt is not None][-1].receipt
