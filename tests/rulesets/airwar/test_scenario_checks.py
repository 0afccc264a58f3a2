"""An air war scenario that cannot be set up is a validation error at its line (issue 15,
item 2): every check `hexwar run` needs is done by `hexwar validate` (seed 001 §2.0: cities
in their territory, two fields from each boundary, four apart; at most three units a field)."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest

from hexwar.core.errors import ScenarioError
from hexwar.rulesets.airwar.scenario import AirwarScenario
from hexwar.scenarios import load_document, validate

SCENARIOS = resources.files("hexwar.rulesets.airwar") / "scenarios"
SMALL = (SCENARIOS / "small-three-cities.toml").read_text(encoding="utf-8")


def problems(text: str) -> list[tuple[int | None, str, str]]:
    with pytest.raises(ScenarioError) as info:
        validate(load_document(text, fmt="toml", name="s.toml"), AirwarScenario)
    return [(p.line, p.path, p.message) for p in info.value.problems]


def line_of(text: str, needle: str, nth: int = 1) -> int:
    lines = text.splitlines()
    hits = [i + 1 for i, line in enumerate(lines) if line.startswith(needle)]
    return hits[nth - 1]


def test_2_0_forty_cities_do_not_fit_in_a_territory() -> None:
    # Was: hexwar validate ok, then hexwar run -> RuntimeError "no legal city placement found".
    text = SMALL.replace("cities = 3\nproductive = 3", "cities = 40\nproductive = 40", 1)
    ((line, path, message),) = problems(text)
    assert (line, path) == (line_of(text, "cities = 40"), "players.1.cities")
    assert "no placement of player 1's 40 cities" in message


def test_2_0_a_thousand_units_do_not_fit_three_to_a_field() -> None:
    # Was: hexwar run -> ValueError "Probabilities contain NaN" when placing the units.
    # The small board gives player 1 252 fields to start on: at most 756 units.
    text = SMALL.replace("units = 30", "units = 1000", 1)
    ((line, path, message),) = problems(text)
    assert (line, path) == (line_of(text, "units = 1000"), "players.1.units")
    assert "1000 units do not fit on player 1's 252 starting fields" in message
    assert not problems_of(SMALL.replace("units = 30", "units = 756", 1))


def test_3_productive_cities_beyond_the_territory_depth_are_refused_at_the_range() -> None:
    # Was: RuntimeError at run. The small board's territories are too shallow for [20, 30].
    text = SMALL.replace(
        'productive_rule = "all"\nedge_rule = true',
        'productive_rule = "range"\nproductive_back_separation = [20, 30]',
        1,
    )
    ((line, path, _),) = problems(text)
    assert (line, path) == (
        line_of(text, "productive_back_separation"),
        "players.1.productive_back_separation",
    )


def test_preassigned_city_errors_point_at_the_entry_line_not_line_1() -> None:
    text = SMALL + '\n[[preassigned_cities]]\nfield = "K25"\nowner = "1"\npossessor = "3"\n'
    ((line, path, message),) = problems(text)
    assert (line, path, message) == (
        line_of(text, "possessor"),
        "preassigned_cities[0].possessor",
        "must be player 1 or 2",
    )


def test_preassigned_city_off_the_board_is_located_at_its_field() -> None:
    text = SMALL + '\n[[preassigned_cities]]\nfield = "Z99"\nowner = "1"\npossessor = "1"\n'
    ((line, path, _),) = problems(text)
    assert (line, path) == (line_of(text, 'field = "Z99"'), "preassigned_cities[0].field")


def problems_of(text: str) -> list[str]:
    try:
        validate(load_document(text, fmt="toml"), AirwarScenario)
    except ScenarioError as e:
        return [str(p) for p in e.problems]
    return []


@pytest.mark.slow
def test_cli_validate_and_run_exit_2_without_traceback(
    tmp_path: Path, refused_by_validate_and_run: Callable[[Path, str], None]
) -> None:
    path = tmp_path / "forty.toml"
    path.write_text(SMALL.replace("cities = 3\nproductive = 3", "cities = 40\nproductive = 40", 1))
    refused_by_validate_and_run(path, f"{path}:14: players.1.cities: no placement")


def test_2_0_a_million_units_written_1e6_is_refused_at_its_line() -> None:
    # Was: hexwar run -> ValueError "Probabilities contain NaN". A count is a whole number.
    text = SMALL.replace("units = 30", "units = 1e6", 1)
    ((line, path, message),) = problems(text)
    assert (line, path) == (line_of(text, "units = 1e6"), "players.1.units")
    assert message.startswith("Input should be a valid integer")
