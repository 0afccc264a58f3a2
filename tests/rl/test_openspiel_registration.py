"""OpenSpiel's fine print (issue 43, research adapters): importing ``hexwar.rl.openspiel``
registers every bundled scenario, as OpenSpiel's own Python games register on import; a game
object pickles, and unpickles in a fresh process; the game type's flags agree with what a
state provides (no information-state tensor)."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")

from hexwar.core import registry  # noqa: E402
from hexwar.rl.openspiel import game_name, load  # noqa: E402

SCENARIOS = [s for r in registry.all_rulesets() for s in r.bundled_scenarios()]


def _fresh(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )


def test_importing_the_module_registers_every_bundled_scenario() -> None:
    """A fresh process that only imports the module loads any bundled game by name."""
    names = [game_name(s) for s in SCENARIOS]
    code = (
        "import pyspiel, hexwar.rl.openspiel\n"
        f"for name in {names!r}:\n"
        "    print(pyspiel.load_game(name).get_type().short_name)\n"
    )
    done = _fresh(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == names


@pytest.mark.parametrize("scenario", ["flankbattle/marathon", "airwar/small-three-cities"])
def test_a_game_pickles_and_unpickles_in_a_fresh_process(scenario: str) -> None:
    game = load(scenario, seed=5, max_decisions=3)
    data = pickle.dumps(game)
    again = pickle.loads(data)
    assert str(again) == str(game)
    assert again.new_initial_state().legal_actions() == game.new_initial_state().legal_actions()
    code = (
        "import pickle, sys\n"
        f"game = pickle.loads({data!r})\n"
        "print(game)\n"
        "print(game.new_initial_state().legal_actions())\n"
    )
    done = _fresh(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        str(game),
        str(game.new_initial_state().legal_actions()),
    ]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_game_types_flags_agree_with_the_state(scenario: str) -> None:
    game = load(scenario, max_decisions=1, max_actions=256, max_plan=2)
    kind = game.get_type()
    state = game.new_initial_state()
    assert kind.provides_observation_tensor
    assert len(state.observation_tensor(0)) == game.observation_tensor_size() > 0
    assert kind.provides_observation_string
    assert state.observation_string(0)
    assert kind.provides_information_state_string
    assert state.information_state_string(0)
    assert not kind.provides_information_state_tensor
    with pytest.raises(pyspiel.SpielError):
        state.information_state_tensor(0)
