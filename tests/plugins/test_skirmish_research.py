"""The research adapters on the skirmish plug-in (issue 40, "Done when"): PettingZoo's
``api_test``, Gymnasium's ``check_env`` and OpenSpiel's ``random_sim_test`` pass on both
bundled scenarios, whole games, with the generic observation encoder (the ruleset has no
``observation_encoder`` of its own); OpenSpiel's IS-MCTS bot plays a game sampling worlds
through the ruleset's ``determinise``."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from hexwar.rl.gym import HexwarEnv
from hexwar.rl.pettingzoo import env

SCENARIOS = ["skirmish/crossroads", "skirmish/ridge"]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_pettingzoo_api_test_passes(scenario: str) -> None:
    """PettingZoo's AEC api_test, over a whole game."""
    api_test(env(scenario, seed=1), num_cycles=60)


@pytest.mark.parametrize("opponent", ["ai", "random"])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_gymnasium_check_env_passes(scenario: str, opponent: str) -> None:
    """Gymnasium's env_checker, one side against the computer player or the random agent."""
    check_env(HexwarEnv(scenario, opponent=opponent), skip_render_check=True)


def test_a_whole_gymnasium_game_ends_with_the_sides_result() -> None:
    """Red against the computer player to the end: the last reward is the outcome's."""
    e = HexwarEnv("skirmish/crossroads", side="red", opponent="ai", seed=3)
    obs, _ = e.reset()
    rng = np.random.default_rng(3)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = e.step(action)
        done = terminated or truncated
    assert terminated
    winner = info["outcome"]["winner"]
    assert reward == (0.0 if winner is None else 1.0 if winner == "red" else -1.0)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_openspiel_random_sim_test_passes(scenario: str) -> None:
    """OpenSpiel's C++ consistency checks (legal actions, clones, observation tensors,
    returns) over random play of whole games."""
    pyspiel = pytest.importorskip("pyspiel")
    from hexwar.rl.openspiel import load

    pyspiel.random_sim_test(load(scenario), num_sims=3, serialize=False, verbose=False)


def test_openspiel_ismcts_plays_with_the_rulesets_determinisation() -> None:
    """OpenSpiel's IS-MCTS bot plays both sides to the end, sampling worlds from the player's
    view through the adapter's resampler (the ruleset's determinise)."""
    pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    from hexwar.rl.openspiel import load, resampler

    game = load("skirmish/crossroads", seed=2)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
    bot.set_resampler(resampler)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.returns() == [0.0, 0.0] or sorted(state.returns()) == [-1.0, 1.0]
