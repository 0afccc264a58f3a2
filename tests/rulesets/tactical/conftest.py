"""Small hand-made tactical scenarios for rule tests."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core import registry
from hexwar.rulesets.tactical.game import TacticalGame
from hexwar.rulesets.tactical.scenario import TacticalScenario


def make_scenario(**changes: Any) -> TacticalScenario:
    """An 8x6 open map, one allied and one axis infantry platoon and their HQs; ``changes``
    replace top-level keys (``map`` entries are merged)."""
    data: dict[str, Any] = {
        "ruleset": "tactical",
        "title": "test",
        "year": 1944,
        "turns": 3,
        "first": "allied",
        "sides": {"allied": {"nation": "usa"}, "axis": {"nation": "germany"}},
        "map": {"columns": 8, "rows": 6, "terrain": ["." * 8] * 6},
        "units": [
            {
                "id": "AHQ",
                "side": "allied",
                "name": "HQ",
                "kind": "hq",
                "at": "0,0",
                "sp": 1,
                "morale": 5,
                "hq_level": "battalion",
            },
            {
                "id": "A1",
                "side": "allied",
                "name": "A1",
                "kind": "infantry",
                "at": "2,1",
                "sp": 4,
                "morale": 6,
                "hq": "AHQ",
            },
            {
                "id": "XHQ",
                "side": "axis",
                "name": "HQ",
                "kind": "hq",
                "at": "7,-3",
                "sp": 1,
                "morale": 5,
                "hq_level": "battalion",
            },
            {
                "id": "X1",
                "side": "axis",
                "name": "X1",
                "kind": "infantry",
                "at": "4,0",
                "sp": 4,
                "morale": 6,
                "hq": "XHQ",
            },
        ],
    }
    map_changes = changes.pop("map", {})
    data["map"].update(map_changes)
    data.update(changes)
    return TacticalScenario.model_validate(data)


def make_game(seed: int = 1, **changes: Any) -> TacticalGame:
    game = registry.get("tactical").new_game(make_scenario(**changes), seed=seed, scenario_id="t")
    assert isinstance(game, TacticalGame)
    return game


@pytest.fixture
def game() -> TacticalGame:
    return make_game()
