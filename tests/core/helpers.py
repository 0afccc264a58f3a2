"""Helpers shared by the rule tests of this folder."""

from __future__ import annotations

from typing import Any

from hexwar.core.game import Ruleset
from hexwar.sessions import resolve_scenario


def _game(scenario: str = "tiny/duel", ruleset: Ruleset[Any, Any] | None = None) -> Any:
    resolved = resolve_scenario(scenario)
    rules = ruleset if ruleset is not None else resolved.ruleset
    return rules.new_game(resolved.scenario, seed=3, scenario_id=scenario)
