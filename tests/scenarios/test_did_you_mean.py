"""Scenario files: a misspelt key is told the key it was probably meant to be, at its line, and
a validator's message reaches the designer without pydantic's "Value error," prefix (issue 43,
"Validation")."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import field_validator

from hexwar.core.errors import ScenarioError
from hexwar.scenarios import ScenarioModel, load_document, validate
from hexwar.sessions import resolve_scenario


def _bundled(scenario: str) -> str:
    resolved = resolve_scenario(scenario)
    assert resolved.ruleset.scenario_dir is not None
    name = scenario.split("/")[1]
    return (resolved.ruleset.scenario_dir / f"{name}.toml").read_text(encoding="utf-8")


def _problems(text: str, tmp_path: Path, scenario: str) -> list[str]:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    model = resolve_scenario(scenario).ruleset.scenario_model
    with pytest.raises(ScenarioError) as caught:
        validate(load_document(path), model)
    return [str(p) for p in caught.value.problems]


def test_a_misspelt_top_level_key_is_told_the_key_it_meant(tmp_path: Path) -> None:
    text = _bundled("aggressor/sector").replace("\ntitle = ", "\ntitel = ", 1)
    problems = _problems(text, tmp_path, "aggressor/sector")
    assert any("titel: unknown key (did you mean 'title'?)" in p for p in problems), problems


def test_a_misspelt_key_of_a_nested_table_is_told_the_key_it_meant(tmp_path: Path) -> None:
    """IDAHEX's design table (seed 000 §2: ``tend``, the game's end time): ``tnd`` is caught
    at its line with the key meant; a key like none of the table's is only unknown."""
    text = _bundled("idahex/duel").replace("\ntend = ", "\ntnd = ", 1)
    problems = _problems(text, tmp_path, "idahex/duel")
    assert any(":18: design.tnd: unknown key (did you mean 'tend'?)" in p for p in problems)
    text = _bundled("idahex/duel").replace("\ntend = ", "\nzzzzzz = ", 1)
    problems = _problems(text, tmp_path, "idahex/duel")
    assert any(p.endswith("design.zzzzzz: unknown key") for p in problems), problems


class _Checked(ScenarioModel):
    ruleset: str
    rounds: int

    @field_validator("rounds")
    @classmethod
    def _positive(cls, value: int) -> int:
        if value < 1:
            raise ValueError("rounds must be at least 1 (the game has a first round)")
        return value


def test_a_validators_message_has_no_pydantic_prefix(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('ruleset = "x"\nrounds = 0\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        validate(load_document(path), _Checked)
    (problem,) = [str(p) for p in caught.value.problems]
    assert problem.endswith("rounds: rounds must be at least 1 (the game has a first round)")
    assert "Value error" not in problem
