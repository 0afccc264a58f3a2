"""An agent's stream at a decision (:func:`hexwar.agents.agent_rng`): made when first drawn
from, the same draws as the seeded stream it stands for, whatever is done with it."""

from __future__ import annotations

import copy
import pickle

from hexwar.agents import agent_rng
from hexwar.core.rng import stream


def test_agent_stream_draws_what_the_seeded_stream_draws() -> None:
    lazy = agent_rng(7, "red", 12)
    made = stream(7, "agent:red@12")
    assert lazy.random() == made.random()
    assert lazy.integers(100, size=5).tolist() == made.integers(100, size=5).tolist()
    assert lazy.uniform(0.85, 1.15) == made.uniform(0.85, 1.15)


def test_agent_streams_differ_by_seed_side_and_decision() -> None:
    first = agent_rng(7, "red", 12).random()
    assert agent_rng(7, "red", 12).random() == first
    assert agent_rng(8, "red", 12).random() != first
    assert agent_rng(7, "blue", 12).random() != first
    assert agent_rng(7, "red", 13).random() != first


def test_a_copied_or_pickled_agent_stream_continues_where_it_stood() -> None:
    lazy = agent_rng(3, "blue", 5)
    lazy.random()
    made = stream(3, "agent:blue@5")
    made.random()
    twin = copy.deepcopy(lazy)
    again = pickle.loads(pickle.dumps(lazy))
    expected = made.random()
    assert twin.random() == expected
    assert again.random() == expected
    assert lazy.random() == expected


def test_an_agent_stream_never_drawn_from_copies_as_a_fresh_one() -> None:
    twin = copy.deepcopy(agent_rng(3, "blue", 5))
    assert twin.random() == stream(3, "agent:blue@5").random()
