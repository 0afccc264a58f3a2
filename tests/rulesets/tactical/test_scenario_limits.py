"""Scenario values that validate must start and show a game (issue 15, item 2): an infinite
elevation step or unit strength would pass the model and break the view's JSON at play."""

from __future__ import annotations

from importlib import resources

import pytest

from hexwar.core.errors import ScenarioError
from hexwar.rulesets.tactical.scenario import TacticalScenario
from hexwar.scenarios import load_document, validate

MEETING = (
    resources.files("hexwar.rulesets.tactical") / "scenarios" / "meeting1941.toml"
).read_text(encoding="utf-8")


def test_infinite_elevation_step_is_refused_at_its_line() -> None:
    # Was: validate ok, then view() -> TypeError "view.map.hexes[38][3]: inf is not finite".
    text = MEETING.replace("elevation_step = 10.0", "elevation_step = inf")
    with pytest.raises(ScenarioError) as info:
        validate(load_document(text, fmt="toml", name="m.toml"), TacticalScenario)
    (problem,) = info.value.problems
    line = text.splitlines().index("elevation_step = inf") + 1
    assert (problem.line, problem.path) == (line, "map.elevation_step")
