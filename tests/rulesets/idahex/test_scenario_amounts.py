"""Design data that validate must start and show a game (issue 15, item 2). A scenario written
by hand may hold +inf where the manual means "never" (a ptran delay), but an amount of
materiel, a planned strength, an entry time or a rate of use cannot be infinite: those
validated, then broke the view's JSON or the engine at new_game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hexwar.core.errors import ScenarioError
from hexwar.rulesets.idahex.scenario import IdahexScenario
from hexwar.scenarios import format_path, load_document, validate

SINAI_TOML = Path(__file__).resolve().parents[3] / "src/hexwar/rulesets/idahex/scenarios/sinai.toml"


@pytest.mark.parametrize(
    "path",
    [
        ("design", "units", 1, "resources", 2),  # §2.2 group 25: a unit's materiel
        ("design", "units", 1, "tentry"),  # group 25: entry time (view: "inf is not finite")
        ("design", "toe", 1, 3),  # group 23: planned resources
        ("design", "fmr_f", 3, 0),  # group 37: the engine refused it mid-game
        ("design", "combat_supplies", 0, 0, "ssvact", 0, 0),  # group 40: rates of use
        ("design", "ssreqm", 0, 1, 0),  # group 33: supplies required per resource
        ("design", "fmr_f0", 1),  # group 37: the engine refused it mid-game
        ("design", "katk", 1, 2, 0),  # group 45: kill rates (§5.1.2: "must be finite")
    ],
)
def test_infinite_amounts_are_refused_at_their_key(path: tuple[Any, ...]) -> None:
    data = load_document(SINAI_TOML).data
    target: Any = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = float("inf")
    text = json.dumps(data, default=str, indent=1)
    with pytest.raises(ScenarioError) as info:
        validate(load_document(text, fmt="json", name="s.json"), IdahexScenario)
    assert [p.path for p in info.value.problems] == [format_path(path)]


def test_a_negative_fraction_of_fire_is_refused_at_its_key() -> None:
    # §5.1.1, §5.3: aggatk allocates fire; the engine refused a negative share mid-game.
    data = load_document(SINAI_TOML).data
    data["design"]["aggatk"][0][1][2] = -1.0
    text = json.dumps(data, default=str, indent=1)
    with pytest.raises(ScenarioError) as info:
        validate(load_document(text, fmt="json", name="s.json"), IdahexScenario)
    assert [p.path for p in info.value.problems] == ["design.aggatk[0][1][2]"]


def test_load_class_above_nlc_is_refused_at_its_key() -> None:
    # §9.1.1 groups 35-36: loadcl(irs) is a load class 0..nlc. Was: validate ok, then the game
    # stopped mid-play with "loadcl(5): must be 0..nlc".
    data = load_document(SINAI_TOML).data
    data["design"]["loadcl"][0][4] = data["design"]["nlc"][0] + 1
    text = json.dumps(data, default=str, indent=1)
    with pytest.raises(ScenarioError) as info:
        validate(load_document(text, fmt="json", name="s.json"), IdahexScenario)
    assert [p.path for p in info.value.problems] == ["design.loadcl[0][4]"]
