"""Gymnasium's own environment checker on one side against a hexwar agent (issue 21, item 3)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from hexwar.rl.gym import HexwarEnv


@pytest.mark.parametrize(
    ("scenario", "opponent"),
    [
        ("aggressor/sector", "random"),
        ("tactical/hedgerows", "ai"),
        ("airwar/small-three-cities", "ai"),
        ("idahex/sinai", "ai"),
        ("flankbattle/marathon", "random"),
    ],
)
def test_check_env_passes(scenario: str, opponent: str) -> None:
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
