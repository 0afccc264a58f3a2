"""A Gymnasium environment: one side of a hexwar scenario against a chosen hexwar agent.

``HexwarEnv(scenario, side=None, opponent="random")`` plays ``side`` (default: the ruleset's
first side); every other side is played by the agent named ``opponent`` (any name ``hexwar
run --agents`` knows: ``random`` or the ruleset's own, such as ``ai``). Observations and
actions are those of :mod:`hexwar.rl.pettingzoo` (a dict with ``observation`` planes, a
``vector`` and the ``action_mask``; choice ``i`` is the ``i``-th legal order). The reward is
+1 / -1 / 0 at the end, plus the optional potential-based ``shaping``. An action the mask
rules out is taken modulo the number of choices, so every action of the space is playable
(unmasked policies, and ``check_env``, sample them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from hexwar.agents import agent_rng, make_agent
from hexwar.core.game import Agent
from hexwar.rl.driver import DEFAULT_MAX_ACTIONS, Driver
from hexwar.rl.observe import Encoder
from hexwar.sessions import ResolvedScenario

__all__ = ["HexwarEnv"]


class HexwarEnv(gym.Env[dict[str, Any], Any]):
    """One side against a hexwar agent."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium's own declaration

    def __init__(
        self,
        scenario: str | ResolvedScenario,
        side: str | None = None,
        opponent: str = "random",
        *,
        seed: int = 0,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        max_decisions: int | None = None,
        shaping: Callable[[Mapping[str, Any]], float] | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.driver = Driver(scenario, seed, max_actions=max_actions, max_decisions=max_decisions)
        ruleset = self.driver.ruleset
        self.side = side if side is not None else self.driver.sides[0]
        if self.side not in self.driver.sides:
            raise ValueError(
                f"unknown side {self.side!r}; {ruleset.info.id} has {self.driver.sides}"
            )
        self.opponents: dict[str, Agent] = {
            s: make_agent(ruleset, s, opponent) for s in self.driver.sides if s != self.side
        }
        views = [self.driver.game.view(s).data for s in self.driver.sides]
        self.encoder = Encoder(ruleset, views)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, np.inf, self.encoder.plane_shape, np.float32),
                "vector": spaces.Box(0.0, np.inf, self.encoder.vector_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (max_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(max_actions)
        self.shaping = shaping
        self.render_mode = render_mode
        self._seed = seed
        self._potential = 0.0

    def _obs(self) -> dict[str, np.ndarray]:
        planes, vector = self.encoder.encode(self.driver.view(self.side).data)
        return {"observation": planes, "vector": vector, "action_mask": self.driver.mask(self.side)}

    def _opponents_play(self) -> None:
        """Let the other sides decide until ours must, or the game ends."""
        game = self.driver.game
        while (awaiting := self.driver.awaiting()) and self.side not in awaiting:
            for s in awaiting:
                view = game.view(s)
                order = self.opponents[s].act(view, agent_rng(game.seed, s, game.step))
                game.submit(s, order.to_json())
                if game.outcome() is not None:  # a concession: the others' orders lapse
                    return

    def _potential_now(self) -> float:
        if self.shaping is None:
            return 0.0
        return float(self.shaping(self.driver.view(self.side).data))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seed = seed
        self.driver.reset(self._seed)
        self._opponents_play()
        self._potential = self._potential_now()
        return self._obs(), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        n = len(self.driver.choices(self.side))
        self.driver.act(self.side, int(action) % n if n else 0)  # masked-out: wrap around
        self._opponents_play()
        now = self._potential_now()
        reward, self._potential = now - self._potential, now
        terminated, truncated = self.driver.over, self.driver.truncated
        info: dict[str, Any] = {}
        if terminated or truncated:
            reward += self.driver.rewards()[self.side]
            outcome = self.driver.game.outcome()
            info["outcome"] = None if outcome is None else outcome.to_json()
        return self._obs(), reward, terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.driver.ruleset.render_view(self.driver.game.view(self.side))
