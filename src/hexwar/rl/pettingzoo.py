"""PettingZoo environments for every hexwar scenario.

``env(scenario, seed)`` is an AEC environment for every ruleset: the agents are the sides, and
the agent to act is a side the game awaits (the sides of a simultaneous decision act one after
the other; the game keeps their orders sealed until the last is in). ``parallel_env`` is a
Parallel environment for the rulesets whose decisions take both sides at once (their
``RulesetInfo.turn_structure`` is not alternating); every side gives an action at each step
and a side with no decision passes.

Observations are dicts built from ``view(side)`` only: ``observation`` (planes over the hex
grid, :mod:`hexwar.rl.observe`), ``vector`` and ``action_mask`` (int8, 1 for each legal choice;
choice ``i`` is the ``i``-th of the ruleset's legal orders, :mod:`hexwar.rl.driver`).

Rewards come at the end: +1 for a win, -1 for a loss, 0 for a draw. ``shaping(view_data) ->
float`` adds a potential-based term: after every step each side gets ``shaping(view) -
shaping(previous view)`` (a potential difference, so the optimal policies are unchanged).
``max_decisions`` truncates long games.

``env()`` returns the environment class itself, not wrapped in PettingZoo's
``OrderEnforcingWrapper`` / ``AssertOutOfBoundsWrapper``: ``step`` checks its action itself (a
choice outside the legal ones raises ``ValueError`` naming the legal range), and the wrappers'
bookkeeping would add ~12 % to a random Aggressor playout (``benchmarks/rl_overhead.py``).
Wrap it with ``pettingzoo.utils.wrappers`` where their checks are wanted.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from hexwar.core.game import TurnStructure
from hexwar.rl.driver import DEFAULT_MAX_ACTIONS, Driver
from hexwar.rl.observe import Encoder
from hexwar.sessions import ResolvedScenario

__all__ = ["HexwarAEC", "HexwarParallel", "env", "parallel_env"]

Shaping = Callable[[Mapping[str, Any]], float]


class _Common:
    """What both environment kinds share: the driver, the encoder, spaces, observations."""

    driver: Driver
    encoder: Encoder
    shaping: Shaping | None

    def _setup(
        self,
        scenario: str | ResolvedScenario,
        seed: int,
        max_actions: int,
        max_decisions: int | None,
        shaping: Shaping | None,
    ) -> None:
        self.driver = Driver(scenario, seed, max_actions=max_actions, max_decisions=max_decisions)
        self.shaping = shaping
        sides = self.driver.sides
        views = [self.driver.game.view(s).data for s in sides]
        self.encoder = Encoder(self.driver.ruleset, views)
        self._obs_spaces = {s: self._make_obs_space() for s in sides}
        self._act_spaces = {s: spaces.Discrete(max_actions) for s in sides}
        self._seed = seed
        self._potential: dict[str, float] = {}

    def _make_obs_space(self) -> spaces.Dict:
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, np.inf, self.encoder.plane_shape, np.float32),
                "vector": spaces.Box(0.0, np.inf, self.encoder.vector_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.driver.max_actions,), np.int8),
            }
        )

    def _observe(self, side: str) -> dict[str, np.ndarray]:
        planes, vector = self.encoder.encode(self.driver.view(side).data)
        return {"observation": planes, "vector": vector, "action_mask": self.driver.mask(side)}

    def _next_seed(self, seed: int | None) -> int:
        if seed is not None:
            self._seed = seed
        else:
            self._seed += 1
        return self._seed

    def _shaped(self, side: str) -> float:
        if self.shaping is None:
            return 0.0
        now = float(self.shaping(self.driver.view(side).data))
        before = self._potential.get(side, now)
        self._potential[side] = now
        return now - before


class HexwarAEC(_Common, AECEnv):  # type: ignore[misc]
    """An AEC environment: one side acts at a time."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "hexwar_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        scenario: str | ResolvedScenario,
        seed: int = 0,
        *,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        max_decisions: int | None = None,
        shaping: Shaping | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._setup(scenario, seed, max_actions, max_decisions, shaping)
        self.render_mode = render_mode
        self.possible_agents = list(self.driver.sides)
        self._started = False

    @functools.cache  # noqa: B019 - one space object per agent, as required
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_spaces[agent]

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._started:
            self.driver.reset(self._next_seed(seed))
        self._started = True
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._potential = {}
        for a in self.agents:
            self._shaped(a)  # the starting potentials
        self.agent_selection = self._select()

    def _select(self) -> str:
        awaiting = self.driver.awaiting()
        return awaiting[0] if awaiting else self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observe(agent)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        driver = self.driver
        driver.act(agent, 0 if action is None else int(action))
        over = driver.over
        if self.shaping is not None:
            self.rewards = {a: self._shaped(a) for a in self.agents}
        elif not over and not driver.truncated:
            # No shaping and no end: every reward is 0 and the sums stay as they are
            # (the step of a random playout costs ~0.25 ms, so this bookkeeping counts).
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self._select()
            return
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        if over or driver.truncated:
            end = driver.rewards()
            for a in self.agents:
                self.rewards[a] += end[a]
                self.terminations[a] = over
                self.truncations[a] = not over
                self.infos[a] = {"outcome": self._outcome()}
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._select()
        self._accumulate_rewards()

    def _outcome(self) -> dict[str, Any] | None:
        outcome = self.driver.game.outcome()
        return None if outcome is None else outcome.to_json()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        side = self.agent_selection
        return self.driver.ruleset.render_view(self.driver.game.view(side))

    def close(self) -> None:
        pass


class HexwarParallel(_Common, ParallelEnv):  # type: ignore[misc]
    """A Parallel environment: every live side gives an action at each step."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "hexwar_parallel_v0"}

    def __init__(
        self,
        scenario: str | ResolvedScenario,
        seed: int = 0,
        *,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        max_decisions: int | None = None,
        shaping: Shaping | None = None,
        render_mode: str | None = None,
    ) -> None:
        self._setup(scenario, seed, max_actions, max_decisions, shaping)
        self.render_mode = render_mode
        self.possible_agents = list(self.driver.sides)
        self.agents: list[str] = []
        self._started = False

    @functools.cache  # noqa: B019
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_spaces[agent]

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        if seed is not None or self._started:
            self.driver.reset(self._next_seed(seed))
        self._started = True
        self.agents = list(self.possible_agents)
        self._potential = {}
        for a in self.agents:
            self._shaped(a)
        return {a: self._observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(
        self, actions: Mapping[str, int]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        for side in self.driver.awaiting():  # sealed: the game resolves once all are in
            if side in actions and side in self.driver.awaiting():
                self.driver.act(side, int(actions[side]))
        rewards = {a: self._shaped(a) for a in self.agents}
        done = self.driver.over or self.driver.truncated
        end = self.driver.rewards() if done else dict.fromkeys(self.agents, 0.0)
        rewards = {a: rewards[a] + end[a] for a in self.agents}
        terminations = dict.fromkeys(self.agents, self.driver.over)
        truncations = dict.fromkeys(self.agents, self.driver.truncated)
        outcome = self.driver.game.outcome()
        info = {"outcome": outcome.to_json()} if outcome else {}
        infos = {a: dict(info) for a in self.agents}
        observations = {a: self._observe(a) for a in self.agents}
        if done:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode != "ansi" or not self.possible_agents:
            return None
        side = self.possible_agents[0]
        return self.driver.ruleset.render_view(self.driver.game.view(side))

    def close(self) -> None:
        pass


def env(scenario: str | ResolvedScenario, seed: int = 0, **kwargs: Any) -> HexwarAEC:
    """The AEC environment of ``scenario`` (a bundled id, ``<ruleset>/<name>``, or a
    scenario file), its first game seeded with ``seed``."""
    return HexwarAEC(scenario, seed, **kwargs)


def parallel_env(scenario: str | ResolvedScenario, seed: int = 0, **kwargs: Any) -> HexwarParallel:
    """The Parallel environment of a scenario whose decisions take every side at once."""
    e = HexwarParallel(scenario, seed, **kwargs)
    if e.driver.ruleset.info.turn_structure is TurnStructure.ALTERNATING:
        raise ValueError(
            f"{e.driver.ruleset.info.id} is alternating: use env() (AEC) for it, not parallel_env"
        )
    return e
