"""The scenario's ``strength`` table (docs/rulings/aggressor.md, "Parameters for studies")."""

from __future__ import annotations

import pytest

from hexwar.core.errors import ScenarioError
from hexwar.rulesets.aggressor.scenario import AggressorScenario
from hexwar.scenarios import load_document, validate
from hexwar.sessions import ResolvedScenario, Session, resolve_scenario


def test_a_side_s_units_of_a_type_start_at_the_table_s_strength() -> None:
    """GAME RULES / UNIT TYPES: armor starts at Strength 3; the table makes West's armor 5,
    and leaves East's at the seed's 3."""
    base = resolve_scenario("aggressor/sector")
    scenario = base.scenario.model_copy(update={"strength": {"west": {"armor": 5}}})
    resolved = ResolvedScenario(base.ruleset, scenario, "sector-strength")
    session = Session.start(resolved, seed=4, agents={"west": "computer", "east": "computer"})
    while not all(session.game.summary()["sides"][s]["units"] for s in ("west", "east")):
        session.play_agents(max_steps=session.game.step + 1)
    sides = session.game.summary()["sides"]
    west = [u for u in sides["west"]["units"] if u["type"] == "armor"]
    east = [u for u in sides["east"]["units"] if u["type"] == "armor"]
    assert west
    assert east
    assert {(u["strength"], u["max_strength"]) for u in west} == {(5, 5)}
    assert {(u["strength"], u["max_strength"]) for u in east} == {(3, 3)}


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("[strength.west]\ntank = 4\n", "unknown unit type 'tank'"),
        ("[strength.east]\narmor = 0\n", "a Strength is 1 to 9"),
    ],
)
def test_the_strength_table_refuses_unknown_types_and_strengths_out_of_range(
    table: str, message: str
) -> None:
    text = (
        'ruleset = "aggressor"\ntitle = "t"\nterrain = ['
        + ", ".join([f'"{"." * 21}"'] * 15)
        + "]\n"
        + table
    )
    with pytest.raises(ScenarioError, match=message):
        validate(load_document(text, fmt="toml"), AggressorScenario)
