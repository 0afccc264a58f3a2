"""Gymnasium's own environment checker on one side against a hexwar agent, on every bundled
scenario (issue 21, item 3)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from hexwar.core import registry
from hexwar.rl.gym import HexwarEnv

# The agent the side plays against, by ruleset (as before the check covered every scenario):
# the computer player, and for Aggressor and the flank battle the random agent, so that the
# checker meets both kinds of opponent.
OPPONENTS = {
    "aggressor": "random",
    "tactical": "ai",
    "airwar": "ai",
    "idahex": "ai",
    "flankbattle": "random",
}
SCENARIOS = [  # a plug-in ruleset plays against the random agent
    (s, OPPONENTS.get(r.info.id, "random"))
    for r in registry.all_rulesets()
    for s in r.bundled_scenarios()
]


def test_every_ruleset_is_checked() -> None:
    assert {s.split("/")[0] for s, _ in SCENARIOS} >= set(OPPONENTS)


@pytest.mark.parametrize(("scenario", "opponent"), SCENARIOS)
def test_check_env_passes(scenario: str, opponent: str) -> None:
    """Gymnasium's env_checker on every bundled scenario (issue 21, "Done when")."""
    check_env(HexwarEnv(scenario, opponent=opponent, max_decisions=8), skip_render_check=True)


def test_a_flank_battle_ends_with_the_sides_result() -> None:
    """The flank battle is one deployment each and a battle to the end: one step, then the
    reward is +1 or -1 for the side played, as the outcome says."""
    env = HexwarEnv("flankbattle/hastings", side="defender", seed=2)
    obs, _ = env.reset()
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert terminated
    assert not truncated
    assert reward == (1.0 if info["outcome"]["winner"] == "defender" else -1.0)
