"""benchmarks/idahex_scale.py, the theater at scale of issue 42 (seed 000 §3-§7 on a generated
area of war): its engine figure is taken from runs without the per-phase timers, its timed
run plays the same game, its floor writes the status notes the game writes, and the script
runs end to end."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hexwar.rulesets.idahex import combat as combat_module
from hexwar.rulesets.idahex import strikes as strikes_module

BENCHMARKS = Path(__file__).resolve().parents[3] / "benchmarks"


@pytest.fixture
def scale(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    return importlib.import_module("idahex_scale")


def test_the_engine_figure_is_a_run_without_timers_of_the_same_game(scale: ModuleType) -> None:
    """The untimed run wraps none of the game's functions (each timer reads the clock twice
    an event), and the timed run plays the same game to the same state."""
    scenario, places = scale.generated_design(100, 1)
    module_functions = {
        name: getattr(combat_module, name)
        for name in ("assess_frame", "prepare_frame", "prepare_frames", "weapon_values_many")
    }
    fly = strikes_module.fly_strike
    untimed = scale.play(scenario, places, 1, by_phase=False)
    assert {n: getattr(combat_module, n) for n in module_functions} == module_functions
    assert strikes_module.fly_strike is fly
    assert untimed["phases"] == {}
    timed = scale.play(scenario, places, 1)
    assert timed["state"] == untimed["state"]
    assert timed["assessments"] == untimed["assessments"] == [100]
    assert timed["phases"]["marching"] > 0.0
    # The timers are taken off again: the module functions are the game's own.
    assert {n: getattr(combat_module, n) for n in module_functions} == module_functions
    assert strikes_module.fly_strike is fly


def test_the_floor_writes_the_status_notes_the_game_writes(scale: ModuleType) -> None:
    """The floor's note for a task force's change of status is the game's text for it
    (engine.enter's status note, §8 print level 1), so the floor does the same writing; the
    least floor keeps the same change as data."""
    from hexwar.rulesets.idahex.orders import parse_commands
    from hexwar.rulesets.idahex.ruleset import IdahexRuleset

    scenario, places = scale.generated_design(4, 1)
    game = IdahexRuleset().new_game(scenario, seed=1, scenario_id="bench/scale")
    red, blue = scale.missions(places, 2)
    game.submit("red", parse_commands(red))
    game.submit("blue", parse_commands(blue))
    said = [e.text for e in game.events(None) if e.kind == "status"]
    rear = places[1]  # a rear pair: Red's unit 2 marches from its cell to the next
    first = f"task force 2 (units 2): {rear.red}/10/{rear.red} -> {rear.red}/20/{rear.red_to}"
    assert first in said
    rows: list[tuple[object, ...]] = []
    scale.floor_engine(4, 1, rows)
    assert [r[2] for r in rows] == [
        "task force 1 (units 1): 1/10/1 -> 1/20/2",
        "task force 1 (units 1): 1/20/2 -> 1/30/2",
        "task force 1 (units 1): 1/30/2 -> 1/40/2",
        "task force 1 (units 1): 1/40/2 -> 2/10/2",
    ]
    data: list[tuple[object, ...]] = []
    scale.floor_engine(4, 1, data, texts=False)
    assert [r[1:] for r in data] == [
        (1, (1, 10, 1), (1, 20, 2)),
        (1, (1, 20, 2), (1, 30, 2)),
        (1, (1, 30, 2), (1, 40, 2)),
        (1, (1, 40, 2), (2, 10, 2)),
    ]


def test_the_script_runs_and_prints_its_figures() -> None:
    """``idahex_scale.py --sizes 100 --cycles 1 --repeat 1``: the table's row, the
    assessments in the cycle, the final state and the floor's line."""
    script = str(BENCHMARKS / "idahex_scale.py")
    out = subprocess.run(
        [sys.executable, script, "--sizes", "100", "--cycles", "1", "--repeat", "1"],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout
    lines = out.splitlines()
    assert lines[2].split()[0] == "100"
    assert "engagement assessments by cycle: [100]" in out
    assert "final state" in out
    assert "the floor (events one at a time, no rule, no combat)" in out
    assert "with the notes' texts made on reading" in out
    assert "growth exponent: needs two sizes" in out
