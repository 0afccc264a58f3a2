"""Preassigned cities (seed 001 §2.0, "the city positions are preassigned"; §3.2.2's city in
no-man's-land): a field named twice is refused at its line by ``hexwar validate`` (issue 43,
validation: it was accepted silently, one city standing for two)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from typer.testing import CliRunner

from hexwar.cli.main import app

SCENARIOS = resources.files("hexwar.rulesets.airwar") / "scenarios"
NO_MANS_LAND = (SCENARIOS / "large-no-mans-land-city.toml").read_text(encoding="utf-8")
K25 = '[[preassigned_cities]]\nfield = "K25"\nowner = "2"\npossessor = "1"\nproductive = false\n'

runner = CliRunner()


def test_2_0_a_preassigned_city_given_twice_is_refused_at_its_line(tmp_path: Path) -> None:
    """§2.0: 'two cities are separated by at least four fields'; a second entry on K25 (spelt
    k25) would put two cities on one field. The message names file, line, key and rule."""
    assert K25 in NO_MANS_LAND
    text = NO_MANS_LAND.replace(K25, K25 + "\n" + K25.replace('"K25"', '"k25"'), 1)
    path = tmp_path / "twice.toml"
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index('field = "k25"') + 1
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert (
        f"{path}:{line}: preassigned_cities[1].field: K25 is already preassigned_cities[0]: "
        "a field holds one city (§2.0, 'two cities are separated by at least four fields')"
    ) in result.output


def test_2_0_the_bundled_preassigned_city_is_still_valid(tmp_path: Path) -> None:
    path = tmp_path / "once.toml"
    path.write_text(NO_MANS_LAND, encoding="utf-8")
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0
