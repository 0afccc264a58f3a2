"""The ``mcts`` agent (issue 21, item 5): found by name, legal, reproducible, honest about the
rulesets it cannot search."""

from __future__ import annotations

import pytest

from hexwar.agents import agent_names, agent_rng, make_agent
from hexwar.agents.mcts import MctsAgent
from hexwar.core import registry
from hexwar.core.errors import HexwarError
from hexwar.testing import random_session


def _move_stage(seed: int = 1):  # the air war after both initial stages (seed 001 §2.1)
    session = random_session("airwar/small-three-cities", seed)
    session.run(max_steps=2)
    return session.game


def test_mcts_is_an_agent_name_where_the_ruleset_determinises() -> None:
    assert "mcts" in agent_names(registry.get("airwar"))
    assert "mcts" not in agent_names(registry.get("flankbattle"))


def test_mcts_refuses_a_ruleset_without_determinisation() -> None:
    with pytest.raises(HexwarError, match="determinisation"):
        MctsAgent(registry.get("flankbattle"), "attacker")


def test_mcts_orders_are_accepted_and_reproducible() -> None:
    """With an iteration budget the search is a function of the view and the stream: the same
    order twice, and the game accepts it (moves stage, then the aim-fire stage)."""
    game = _move_stage()
    for _ in range(2):
        view = game.view("1")
        a = MctsAgent(game.ruleset, "1", iterations=8).act(view, agent_rng(1, "1", game.step))
        b = MctsAgent(game.ruleset, "1", iterations=8).act(view, agent_rng(1, "1", game.step))
        assert a == b
        game.submit("1", a.to_json())
        game.submit(
            "2",
            make_agent(game.ruleset, "2", "ai").act(game.view("2"), agent_rng(1, "2", 0)).to_json(),
        )
        if game.decision() is None or "1" not in game.decision().sides:
            break


def test_mcts_plays_through_a_session() -> None:
    """``hexwar run --agent 1=mcts`` path: a session with the agent looked up by name."""
    session = random_session("airwar/small-three-cities", 3)
    session.agent_names["1"] = "mcts"
    session.agents["1"] = make_agent(session.game.ruleset, "1", "mcts")
    session.agents["1"].seconds = 0.05  # type: ignore[attr-defined]
    session.run(max_steps=4)
    assert session.game.step == 4
