"""OpenSpiel's clones roll dice of their own (issue 43, "Future dice are in the state"): a
search that clones a state -- OpenSpiel's MCTS does, every simulation -- must not foresee the
real game's dice. A clone sees the same views and takes the same orders as its original, but
its adjudication stream is fresh; ``serialize`` / ``deserialize_state`` (and pickling) still
reproduce the original exactly, dice included, so OpenSpiel's ``random_sim_test`` with
``serialize=True`` passes."""

from __future__ import annotations

import json
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from hexwar.core import registry  # noqa: E402
from hexwar.rl.openspiel import load  # noqa: E402

SCENARIOS = [s for r in registry.all_rulesets() for s in r.bundled_scenarios()]


def _resolved(state: Any) -> str:
    """What the dice decided: the game's state and its event log (not the stream itself)."""
    game = state.driver.game
    full = game.state_json()
    return json.dumps({"state": full["state"], "events": full["events"]}, sort_keys=True)


def _battle(state: Any, actions: tuple[int, int]) -> Any:
    for action in actions:
        state.apply_action(action)
    assert state.is_terminal()
    return state


@pytest.mark.parametrize("seed", [0, 4])
def test_a_clone_does_not_foresee_the_dice_and_a_deserialised_state_does(seed: int) -> None:
    """A flank battle is decided by dice once both sides deployed: clone the state before the
    attacker's deployment, play the same deployments in the original and in each clone. The
    clones see what the original sees, but their battles are not forced to be the original's
    (at least one of six differs); the state serialised before the battle and deserialised
    fights the original's battle exactly."""
    game = load("flankbattle/marathon", seed=seed)
    state = game.new_initial_state()
    clones = [state.clone() for _ in range(6)]
    copy = game.deserialize_state(state.serialize())
    for other in [*clones, copy]:
        for player in range(game.num_players()):
            assert other.observation_string(player) == state.observation_string(player)
            assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
    actions = (1, 2)
    real = _resolved(_battle(state, actions))
    assert _resolved(_battle(copy, actions)) == real
    assert str(copy) == str(state)
    assert copy.returns() == state.returns()
    foreseen = [_resolved(_battle(c, actions)) == real for c in clones]
    assert not all(foreseen), "every clone rolled the real game's dice"


def test_a_clone_of_a_clone_rolls_its_own_dice() -> None:
    """Copies of copies (a search tree's nodes) neither repeat the original nor each other."""
    game = load("flankbattle/marathon", seed=4)
    state = game.new_initial_state()
    state.apply_action(1)
    first = state.clone()
    nested = [first.clone() for _ in range(3)]
    outcomes = {_resolved(_battle(s, (2,))) for s in [state, first, *nested]}
    assert len(outcomes) > 1


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_sim_test_passes_with_serialisation(scenario: str) -> None:
    """OpenSpiel's checks with the state serialised and deserialised along the way, and the
    clone-and-apply checks, on every bundled scenario."""
    game = load(scenario, max_decisions=1, max_actions=256, max_plan=2)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
