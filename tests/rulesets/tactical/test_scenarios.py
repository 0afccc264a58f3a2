"""The bundled scenarios (issue item 10), the documented example, scenario errors, and the
computer opponent (item 11)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from hexwar.agents import agent_rng, make_agent
from hexwar.core import registry
from hexwar.sessions import Session, resolve_scenario

ROOT = Path(__file__).resolve().parents[3]
BUNDLED = ["tactical/hedgerows", "tactical/meeting1941"]


def test_both_scenarios_are_bundled() -> None:
    assert list(registry.get("tactical").bundled_scenarios()) == sorted(BUNDLED)


def test_meeting_engagement_year_modifiers_matter() -> None:
    """VARIED HQ RANGES, 1941: German battalion HQs reach 10 hexes, Soviet ones 5."""
    resolved = resolve_scenario("tactical/meeting1941")
    game = resolved.ruleset.new_game(resolved.scenario, seed=1, scenario_id="m")
    assert game.scenario.command_control
    assert game.hq_range_of(game.units["DE-HQ"]) >= 10
    assert game.hq_range_of(game.units["RU-HQ"]) in (5, 5 + 6)  # + Orlov's Leadership if stacked


@pytest.mark.parametrize("scenario", BUNDLED)
def test_scenario_plays_ai_against_ai_to_the_end(scenario: str) -> None:
    resolved = resolve_scenario(scenario)
    session = Session.start(resolved, seed=11, agents={"allied": "ai", "axis": "ai"})
    session.run(max_steps=200)
    assert session.game.outcome() is not None


@pytest.mark.slow
@pytest.mark.parametrize(
    ("scenario", "ai_side"), [(s, a) for s in BUNDLED for a in ("allied", "axis")]
)
def test_ai_beats_the_random_agent(scenario: str, ai_side: str) -> None:
    """Issue item 11 (the full 100-game count: benchmarks/tactical_ai.py)."""
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    game = ruleset.new_game(resolved.scenario, seed=77, scenario_id=scenario)
    agents = {
        s: make_agent(ruleset, s, "ai" if s == ai_side else "random") for s in ("allied", "axis")
    }
    while (decision := game.decision()) is not None:
        side = next(iter(decision.sides))
        order = agents[side].act(game.view(side), agent_rng(77, side, decision.step))
        game.submit(side, order.to_json())
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner == ai_side, outcome.reason


def test_documented_example_scenario_is_valid(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "tactical.md").read_text(encoding="utf-8")
    match = re.search(r"A scenario is a TOML \(or JSON\) file:\n\n```toml\n(.*?)```", text, re.S)
    assert match is not None
    path = tmp_path / "example.toml"
    path.write_text(match[1], encoding="utf-8")
    assert resolve_scenario(str(path)).scenario.title == "A village"


def _validate(tmp_path: Path, units: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "bad.toml"
    path.write_text(
        'ruleset = "tactical"\ntitle = "bad"\nyear = 1944\nturns = 2\n'
        '[sides.allied]\nnation = "usa"\n[sides.axis]\nnation = "germany"\n'
        '[map]\ncolumns = 3\nrows = 2\nterrain = ["..x", "..."]\n' + units,
        encoding="utf-8",
    )
    return subprocess.run(
        [sys.executable, "-m", "hexwar", "validate", str(path)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.mark.slow
def test_invalid_scenario_exits_2_with_every_problem_located(tmp_path: Path) -> None:
    unit = '[[units]]\nid = "A"\nside = "allied"\nname = "a"\nkind = "infantry"\nat = "9,9"\n'
    proc = _validate(tmp_path, unit + 'sp = 4\nmorale = 5\nhq = "Z"\n')
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    out = proc.stdout + proc.stderr
    assert "bad.toml:12: map.terrain[0]: unknown terrain 'x'" in out
    assert "bad.toml:18: units[0].at: hex 9,9 is off the 3x2 map" in out
    assert "bad.toml:21: units[0].hq: 'Z' is not an HQ of the allied side" in out
    proc = _validate(tmp_path, unit + "sp = 30\nmorale = 5\n")
    assert proc.returncode == 2
    assert (
        "bad.toml:19: units[0].sp: Input should be less than or equal to 24"
        in proc.stdout + proc.stderr
    )


@pytest.mark.slow
def test_units_must_start_where_they_could_stand(tmp_path: Path) -> None:
    """Parameter Data stacking limits and enterable terrain apply to the set-up too."""
    units = "".join(
        f'[[units]]\nid = "A{i}"\nside = "allied"\nname = "a"\nkind = "infantry"\n'
        f'at = "0,0"\nsp = 4\nmorale = 5\n'
        for i in range(7)
    )
    units += '[[units]]\nid = "T"\nside = "axis"\nname = "t"\nkind = "armor"\nat = "0,0"\n'
    units += "sp = 1\nmorale = 5\n"
    proc = _validate(tmp_path, units)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 2
    assert "units[6].at: 0,0 would hold 7 units, 28 SPs: at most 6 and 24" in out
    assert "units[5].at: 0,0 would hold 6 units, 24 SPs" not in out
    assert "units[7].at: 0,0 also holds allied units" in out
