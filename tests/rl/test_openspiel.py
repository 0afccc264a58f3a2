"""OpenSpiel's own game tests and bots through the adapter (issue 21, item 4).

``random_sim_test`` runs OpenSpiel's C++ consistency checks (legal actions, clones,
observation tensors, returns) over random play of every bundled scenario, cut to a few
decisions; the MCTS and IS-MCTS bots then play whole (short) games.
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from hexwar.core import registry  # noqa: E402
from hexwar.rl.openspiel import load, resampler  # noqa: E402

SCENARIOS = [s for r in registry.all_rulesets() for s in r.bundled_scenarios()]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_sim_test_passes(scenario: str) -> None:
    game = load(scenario, max_decisions=1, max_actions=256, max_plan=2)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_mcts_bot_plays_a_whole_game() -> None:
    """OpenSpiel's MCTS bot plays both sides of a flank battle (one deployment each) to
    the end; the returns are a win and a loss."""
    game = load("flankbattle/marathon", seed=4)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_ismcts_bot_plays_a_whole_game_with_determinisation() -> None:
    """IS-MCTS plays the air war (sealed orders) to its decision limit, sampling worlds from
    the player's view with the adapter's resampler."""
    game = load("airwar/small-three-cities", seed=2, max_decisions=2, max_actions=256)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2, random_state=rng)
    bot.set_resampler(resampler)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.returns() == [0.0, 0.0] or sorted(state.returns()) == [-1.0, 1.0]
