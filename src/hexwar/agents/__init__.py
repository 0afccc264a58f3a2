"""Ruleset-independent agents over the core protocol, and agent lookup by name."""

from __future__ import annotations

from typing import Any

import numpy as np

from hexwar.core.errors import HexwarError
from hexwar.core.game import Agent, Ruleset
from hexwar.core.orders import Order
from hexwar.core.rng import stream
from hexwar.core.views import View

RANDOM = "random"
AI = "ai"  # every ruleset's strongest computer player; the random agent where it has none


class UnknownAgentError(HexwarError, LookupError):
    """No agent of the given name exists for the ruleset."""


class RandomAgent:
    """Plays a uniformly random legal order, chosen by the ruleset from the side's view alone."""

    def __init__(self, ruleset: Ruleset[Any, Any], side: str) -> None:
        self.ruleset = ruleset
        self.side = side

    def act(self, view: View, rng: np.random.Generator) -> Order:
        order: Order = self.ruleset.random_order(view, rng)
        return order


def agent_names(ruleset: Ruleset[Any, Any]) -> list[str]:
    """Every agent name usable with ``ruleset``: ``ai`` (its strongest computer player), its
    other agents, then ``random``, then ``mcts`` where the ruleset samples worlds from views
    (:mod:`hexwar.agents.mcts`)."""
    from hexwar.agents.mcts import MCTS, has_determinisation

    own = sorted(n for n in ruleset.agents() if n not in {AI, RANDOM})
    extra = [MCTS] if has_determinisation(ruleset) and MCTS not in ruleset.agents() else []
    return [AI, *own, RANDOM, *extra]


def distinct_agent_names(ruleset: Ruleset[Any, Any]) -> list[str]:
    """:func:`agent_names` with one name per distinct agent, for menus (the lobby): a name
    that makes the same agent as one before it (an old name kept for stored games, such as
    a ruleset's ``computer`` beside ``ai``) is left out. Every name of :func:`agent_names`
    is still taken where players are named."""
    factories = ruleset.agents()
    seen: set[object] = set()
    out: list[str] = []
    for name in agent_names(ruleset):
        made: object = factories.get(name) or (RANDOM if name in (AI, RANDOM) else name)
        if made not in seen:
            seen.add(made)
            out.append(name)
    return out


def make_agent(ruleset: Ruleset[Any, Any], side: str, name: str) -> Agent:
    """The agent called ``name`` playing ``side``."""
    factories = ruleset.agents()
    if name == RANDOM or (name == AI and AI not in factories):
        return RandomAgent(ruleset, side)
    if name == "mcts" and name not in factories and name in agent_names(ruleset):
        from hexwar.agents.mcts import MctsAgent

        return MctsAgent(ruleset, side)
    if name not in factories:
        raise UnknownAgentError(
            f"unknown agent {name!r} for {ruleset.info.id} (available: "
            f"{', '.join(agent_names(ruleset))})"
        )
    return factories[name](ruleset, side)


def agent_rng(seed: int, side: str, step: int) -> np.random.Generator:
    """The stream an agent draws from at decision ``step``.

    One stream per decision (not one per game) so an agent resumed from the store draws exactly
    what it would have drawn had the game never stopped. It is made when the agent first uses
    it (most decisions of most agents draw nothing, and making one costs more than many a
    decision): the same generator, the same draws.
    """
    return _LazyStream(seed, side, step)  # type: ignore[return-value]


class _LazyStream:
    """:func:`~hexwar.core.rng.stream` ``(seed, "agent:{side}@{step}")``, made on first use
    (its purpose too: most decisions draw nothing); every attribute is the generator's."""

    __slots__ = ("_args", "_made")

    def __init__(self, seed: int, side: str, step: int) -> None:
        self._args = (seed, side, step)
        self._made: np.random.Generator | None = None

    def _generator(self) -> np.random.Generator:
        made = self._made
        if made is None:
            seed, side, step = self._args
            made = self._made = stream(seed, f"agent:{side}@{step}")
        return made

    def __getattr__(self, name: str) -> Any:
        if name in _LazyStream.__slots__:
            raise AttributeError(name)  # not set yet (an object being copied or unpickled)
        return getattr(self._generator(), name)

    def __reduce__(self) -> str | tuple[Any, ...]:
        return self._generator().__reduce__()  # copied or pickled: the generator as it is

    def __repr__(self) -> str:
        return repr(self._generator())
