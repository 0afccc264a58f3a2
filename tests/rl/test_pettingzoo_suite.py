"""Which of PettingZoo's own tests apply to hexwar, and those that do, run (issue 43).

``pettingzoo.test`` holds: ``api_test`` and ``parallel_api_test`` (run in
``tests/rl/test_pettingzoo.py``), ``seed_test``, ``render_test`` and ``performance_benchmark``
(they act through the observation's ``action_mask``, so they apply; run here);
``bombardment_test`` (it reads ``step``'s return value as the next observation, which an AEC
``step`` does not return: it fails on PettingZoo's own example environment);
``parallel_seed_test`` and ``max_cycles_test`` (they sample ``action_space(agent).sample()``
without the mask: most of hexwar's 2048 actions are illegal and ``step`` refuses them, so
they fail on every simultaneous scenario -- checked here, and ``parallel_seed_test``'s check
runs with masked actions instead); ``state_test`` (needs a global ``state()``, which a game of
hidden information does not give); ``test_save_obs`` (Box image observations only; hexwar's
are a dict) and ``manual_control_test`` (a keyboard game). docs/research.md says the same;
the last test checks that it names every one.
"""

from __future__ import annotations

import functools
import inspect
import re
import types
from pathlib import Path
from typing import Any

import numpy as np
import pettingzoo.test
import pytest
from gymnasium.utils.env_checker import data_equivalence
from pettingzoo.test import (
    bombardment_test,
    max_cycles_test,
    parallel_seed_test,
    performance_benchmark,
    render_test,
    seed_test,
)

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
DOCS = Path(__file__).resolve().parents[2] / "docs" / "research.md"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_seed_test_passes(scenario: str) -> None:
    """Two environments reset with the same seed give the same agents, observations,
    rewards and masks, actions drawn with the mask."""
    seed_test(functools.partial(env, scenario, seed=1, max_decisions=2), num_cycles=8)


def test_bombardment_test_fails_on_pettingzoos_own_example_environment() -> None:
    """Why bombardment_test is not run: it takes ``step``'s return value for the next
    observation, and an AEC ``step`` returns None, so it fails on PettingZoo's own example
    environment as on any AEC environment of the current API."""
    from pettingzoo.test.example_envs import generated_agents_env_v0

    with pytest.raises(AssertionError, match="outside of its observation space"):
        bombardment_test(generated_agents_env_v0.env(), cycles=2)


@pytest.mark.parametrize("scenario", ["aggressor/sector", "airwar/small-three-cities"])
def test_render_test_passes(scenario: str) -> None:
    """Rendering in each mode the metadata lists (``ansi``: the side's view as text)."""
    render_test(functools.partial(env, scenario, seed=1, max_decisions=2))


def test_performance_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """Random masked play for five seconds, resetting at each end (a measurement, no check)."""
    performance_benchmark(env("flankbattle/marathon", seed=1))
    assert "turns per second" in capsys.readouterr().out


@pytest.mark.parametrize("scenario", SIMULTANEOUS)
def test_the_unmasked_tests_are_refused_an_illegal_choice(scenario: str) -> None:
    """Why parallel_seed_test and max_cycles_test do not apply: their first unmasked sample
    is an illegal choice, which the environment refuses (it takes no action out of range)."""
    with pytest.raises(ValueError, match="is not legal"):
        parallel_seed_test(
            functools.partial(parallel_env, scenario, seed=1, max_decisions=2), num_cycles=4
        )
    module = types.SimpleNamespace(
        parallel_env=lambda max_cycles: parallel_env(scenario, seed=1, max_decisions=max_cycles),
        env=lambda max_cycles: env(scenario, seed=1, max_decisions=max_cycles),
    )
    with pytest.raises(ValueError, match="is not legal"):
        max_cycles_test(module)


@pytest.mark.parametrize("scenario", SIMULTANEOUS)
def test_parallel_seed_test_with_the_mask_passes(scenario: str) -> None:
    """parallel_seed_test's check with actions drawn through the mask: two Parallel
    environments reset with the same seed step alike to the end (or the decision limit)."""
    e1, e2 = (parallel_env(scenario, seed=1, max_decisions=3) for _ in range(2))
    obs1, _ = e1.reset(seed=42)
    obs2, _ = e2.reset(seed=42)
    assert data_equivalence(obs1, obs2)
    rng1, rng2 = np.random.default_rng(0), np.random.default_rng(0)
    steps = 0
    while e1.agents:
        a1 = _masked(obs1, rng1)
        a2 = _masked(obs2, rng2)
        assert a1 == a2
        out1 = e1.step(a1)
        out2 = e2.step(a2)
        for x, y in zip(out1, out2, strict=True):
            assert data_equivalence(x, y)
        obs1, obs2 = out1[0], out2[0]
        steps += 1
    assert e2.agents == []
    assert steps > 0


def _masked(observations: dict[str, Any], rng: np.random.Generator) -> dict[str, int]:
    return {
        a: int(rng.choice(np.flatnonzero(o["action_mask"])))
        for a, o in sorted(observations.items())
    }


def test_the_docs_say_which_of_pettingzoos_tests_apply() -> None:
    """docs/research.md's PettingZoo section names every test ``pettingzoo.test`` offers."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## PettingZoo") : text.index("## Gymnasium")]
    tests = sorted(
        name
        for name, obj in vars(pettingzoo.test).items()
        if inspect.isfunction(obj) and name != "collect_render_results"
    )
    assert len(tests) >= 10
    missing = [t for t in tests if not re.search(rf"`(pettingzoo\.test\.)?{t}`", section)]
    assert not missing, missing
