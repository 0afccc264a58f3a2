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


def test_paired_gains_keep_the_prior_within_two_standard_errors() -> None:
    """Candidates are compared on the same worlds (common random numbers): scores of three
    rounds, the prior 0, 0, 0 and the other 1, 1, 0, give the other a mean gain of 2/3 with a
    standard error of 1/3 (paired differences 1, 1, 0: sample variance 1/3, over 3 rounds) --
    exactly two standard errors, so the prior is not yet beaten (it must be beaten by more)."""
    import numpy as np

    from hexwar.agents.mcts import Z, _gains

    gain, se = _gains(np.array([[0.0, 1.0], [0.0, 1.0], [0.0, 0.0]]))
    assert gain[0] == -np.inf
    assert gain[1] == pytest.approx(2 / 3)
    assert se[1] == pytest.approx(1 / 3)
    assert Z == 2.0
    assert not gain[1] - Z * se[1] > 1e-12


def _aggressor_decisions(seed: int = 1):
    """West's decisions of an Aggressor game the computer plays on both sides (seed 003)."""
    session = random_session("aggressor/sector", seed)
    game = session.game
    ai = {s: make_agent(game.ruleset, s, "ai") for s in game.ruleset.info.sides}
    while (decision := game.decision()) is not None:
        for side in sorted(decision.sides):
            view = game.view(side)
            if side == "west" and not view.data["setup_due"] and view.data["phase"] == "turn":
                yield game, view
            order = ai[side].act(view, agent_rng(seed, side, decision.step))
            game.submit(side, order.to_json())


def test_aggressor_mcts_searches_the_computer_players_best_orders_only() -> None:
    """Progressive widening with the computer player's own order scores: at most the four
    best orders (its own choice first) and ending the turn are searched; a decision where it
    scores at most one order above zero costs no search -- its choice is played at once."""
    from hexwar.agents.mcts import WIDEN
    from hexwar.agents.priors import SCORERS
    from hexwar.rulesets.aggressor.legal import legal_orders

    instant = searched = 0
    for game, view in _aggressor_decisions():
        agent = MctsAgent(game.ruleset, "west", iterations=12)
        rng = agent_rng(1, "west", game.step)
        own = make_agent(game.ruleset, "west", "ai").act(view, agent_rng(1, "west", game.step))
        legal = legal_orders(view.data)
        worth = sum(s > 0 for s in SCORERS["aggressor"](view.data, legal))
        cands = agent.candidates(view, rng)
        assert cands[0] == own
        if worth <= 1:
            assert cands == [own]
            assert agent.act(view, rng) == own
            assert agent.last_iterations == 0
            instant += 1
        else:
            assert 2 <= len(cands) <= WIDEN + 1
            assert cands[-1] == legal[-1]
            assert agent.act(view, rng) in cands
            assert agent.last_iterations > 0
            searched += 1
        if instant and searched >= 2:
            return
    raise AssertionError(f"the game ran out: {instant} instant, {searched} searched")


def test_tactical_mcts_weighs_the_computer_players_plan_against_variants() -> None:
    """Tactical candidates (seed 002 orders: a phase's actions): the computer player's plan
    first, doing nothing last, variants between; every one and the chosen order are
    accepted by the game."""
    session = random_session("tactical/meeting1941", 1)
    game = session.game
    side = sorted(game.decision().sides)[0]
    view = game.view(side)
    agent = MctsAgent(game.ruleset, side, iterations=4)
    cands = agent.candidates(view, agent_rng(1, side, 0))
    own = make_agent(game.ruleset, side, "ai").act(view, agent_rng(1, side, 0))
    assert cands[0] == own
    assert cands[-1].actions == ()
    assert len(set(cands)) == len(cands)
    order = agent.act(view, agent_rng(1, side, 0))
    assert order in cands
    game.submit(side, order.to_json())
