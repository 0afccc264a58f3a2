"""PettingZoo's own conformance tests on every bundled scenario (issue 21, item 2).

Each game is cut short (``max_decisions``) so the whole module stays within seconds; what
is checked is the environment API, not the games (the rulesets' own tests play those).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test

from hexwar.core import registry
from hexwar.core.game import TurnStructure
from hexwar.rl.pettingzoo import env, parallel_env

RULESETS = registry.all_rulesets()
SCENARIOS = [s for r in RULESETS for s in r.bundled_scenarios()]
SIMULTANEOUS = [
    s
    for r in RULESETS
    if r.info.turn_structure is not TurnStructure.ALTERNATING
    for s in r.bundled_scenarios()
]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_aec_api_test_passes(scenario: str) -> None:
    api_test(env(scenario, seed=1, max_decisions=2), num_cycles=4)


@pytest.mark.parametrize("scenario", SIMULTANEOUS)
def test_parallel_api_test_passes(scenario: str) -> None:
    parallel_api_test(parallel_env(scenario, seed=1, max_decisions=2), num_cycles=4)


def test_alternating_rulesets_have_no_parallel_env() -> None:
    with pytest.raises(ValueError, match="alternating"):
        parallel_env("aggressor/sector")


def test_a_whole_game_ends_with_win_loss_rewards() -> None:
    """Rewards come at the end: +1 to the winner, -1 to the loser (flank battle: one
    sealed deployment each, then the battle runs to its end)."""
    e = env("flankbattle/hastings", seed=3)
    e.reset()
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    winner = info["outcome"]["winner"]
    assert total == {s: (1.0 if s == winner else -1.0) for s in e.possible_agents}


def test_same_seed_same_observations() -> None:
    """Two environments on the same seed give the same arrays to the same side."""
    a, b = env("aggressor/sector", seed=5), env("aggressor/sector", seed=5)
    a.reset()
    b.reset()
    for key in ("observation", "vector", "action_mask"):
        assert np.array_equal(a.observe("west")[key], b.observe("west")[key])


def test_shaping_pays_potential_differences_that_telescope() -> None:
    """Optional shaping (module docstring of hexwar.rl.pettingzoo): after every step each side
    gets shaping(view) - shaping(previous view), so over a game cut short (no win/loss reward)
    a side's rewards sum to its last potential minus its first. Potential here: the strength
    of the side's own units in its Aggressor view."""

    def strength(view: Mapping[str, Any]) -> float:
        return float(sum(u["strength"] for u in view["units"]))

    e = env("aggressor/sector", seed=2, max_decisions=60, shaping=strength)
    e.reset()
    first = {a: strength(e.driver.game.view(a).data) for a in e.possible_agents}
    total = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(2)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _info = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(rng.integers(np.count_nonzero(obs["action_mask"]))))
    assert all(e.truncations.values()) or not e.agents
    last = {a: strength(e.driver.game.view(a).data) for a in e.possible_agents}
    assert total == {a: last[a] - first[a] for a in e.possible_agents}
    assert any(last[a] != first[a] for a in e.possible_agents)  # the potential did move
