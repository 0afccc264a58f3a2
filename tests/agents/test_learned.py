"""The values learned from the computer player's games (issue 21 item 5, now in each ruleset's
``search`` module: hexwar.rulesets.tactical.search, hexwar.rulesets.aggressor.search;
the ``mcts`` agent's value at a rollout's end): the features read by hand from a view or a
game, the logistic model, the fit of scripts/fit_values.py, and the search using the value."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import numpy as np
import pytest

from hexwar.agents import agent_rng
from hexwar.agents.mcts import MctsAgent
from hexwar.core.search import logistic_value
from hexwar.rulesets.aggressor import search as aggressor_search
from hexwar.rulesets.aggressor.search import (
    AGGRESSOR_FEATURES,
    AGGRESSOR_WEIGHTS,
    aggressor_features,
)
from hexwar.rulesets.aggressor.state import Unit
from hexwar.rulesets.tactical.search import (
    TACTICAL_FEATURES,
    TACTICAL_WEIGHTS,
    tactical_features,
)
from hexwar.testing import random_session

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("fit_values", ROOT / "scripts" / "fit_values.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fit_values"] = module
    spec.loader.exec_module(module)
    return module


def test_logistic_value_is_twice_the_chance_of_winning_less_one() -> None:
    """z = 1 x 1 + 2 x 0.5 = 2; P = 1 / (1 + e^-2) = 0.880797; 2P - 1 = tanh(1) = 0.761594."""
    assert logistic_value((1.0, 2.0), (1.0, 0.5)) == pytest.approx(0.761594, abs=1e-6)
    assert logistic_value((1.0, 2.0), (0.0, 0.0)) == 0.0
    with pytest.raises(ValueError, match="longer"):
        logistic_value((1.0,), (1.0, 2.0))  # a feature without a weight is an error


def _tactical_view() -> dict:
    """Allied at turn 6 of 10; objectives 10 VP (allied), 5 VP (axis), 5 VP (nobody's)."""
    return {
        "side": "allied",
        "turn": 6,
        "turns": 10,
        "break_percent": 30,
        "objectives": [
            {"hex": "0,0", "vp": 10, "control": "allied"},
            {"hex": "4,0", "vp": 5, "control": "axis"},
            {"hex": "8,0", "vp": 5, "control": None},
        ],
        "score": {"allied": 14, "axis": 7},
        "lost": {"allied": 3, "axis": 6},
        "units": [
            {"kind": "infantry", "hex": "1,0", "sp": 4},
            {"kind": "tank", "hex": "5,0", "sp": 5},
            {"kind": "hq", "hex": "0,0", "sp": 2},
        ],
        "enemy_units": [
            {"kind": "infantry", "hex": "3,0"},
            {"kind": "hq", "hex": "8,0"},
        ],
    }


def test_tactical_features_read_by_hand() -> None:
    """docs/tactical.md, Winning (VP for objectives held and SPs eliminated; a side breaks at
    ``break_percent`` % of its combat units' starting SPs), as the features read them:
    turn (6 - 1) / 10 = 0.5; VP (14 - 7) / 20 = 0.35; held (10 - 5) / 20 = 0.25; the start
    4 + 5 + 3 lost = 12 SPs, the limit 30 % of it = 3.6: own 3 / 3.6, the enemy's 6 / 3.6
    capped at 1.5; reach: 10 x (1/2 - 1/4) + 5 x (1/2 - 1/2) + 5 x (1/4 - 1/6) over 20 (the
    nearest combat units: HQs are not counted)."""
    x = dict(zip(TACTICAL_FEATURES, tactical_features(_tactical_view()), strict=True))
    reach = (10 * (1 / 2 - 1 / 4) + 5 * (1 / 4 - 1 / 6)) / 20
    expected = {
        "constant": 1.0,
        "turn": 0.5,
        "vp": 0.35,
        "vp x turn": 0.175,
        "held": 0.25,
        "held x turn": 0.125,
        "own loss": 3 / 3.6,
        "own loss^2": (3 / 3.6) ** 2,
        "enemy loss": 1.5,
        "enemy loss^2": 2.25,
        "reach": reach,
        "reach x turn": reach / 2,
    }
    assert x == pytest.approx(expected)


def test_tactical_value_prefers_more_vp_and_fewer_losses_late() -> None:
    """The fitted weights, read as a player would: at the last turn a side ahead on VP, or
    with fewer SPs lost, is likelier to win than the same side otherwise (docs/tactical.md,
    Winning: VP at the end, the break point)."""
    view = _tactical_view() | {"turn": 10}
    base = logistic_value(TACTICAL_WEIGHTS, tactical_features(view))
    ahead = view | {"score": {"allied": 20, "axis": 7}}
    bled = view | {"lost": {"allied": 4, "axis": 6}}
    assert logistic_value(TACTICAL_WEIGHTS, tactical_features(ahead)) > base
    assert logistic_value(TACTICAL_WEIGHTS, tactical_features(bled)) < base
    assert len(TACTICAL_WEIGHTS) == len(TACTICAL_FEATURES)


def _aggressor_game():
    session = random_session("aggressor/sector", 2)
    session.run(max_steps=2)  # both set-ups
    return session.game


def test_aggressor_features_read_by_hand() -> None:
    """seed 003 VICTORY (five sectors; the aggressor's with one in each column), GAME OBJECT
    (the aggressor) and COMBAT (a unit's steps: Range + Strength), as the features read them:
    west holds NW, W, C, E (one in each column) and east SW, S, at round 12 of 30 (0.4); west
    is the aggressor; west's units 3 + 2 and 1 + 1 steps, east's 2 + 3: a share of 7 / 12."""
    game = _aggressor_game()
    game.control = ["west", "west", "east", None, "west", "east", None, "west", None]
    game.round = 12
    game.aggressor = "west"
    game.units["west"] = [
        Unit.new("west", 1, "armor", 0, strength=2),
        Unit.new("west", 2, "infantry", 1, strength=1),
    ]
    game.units["east"] = [Unit.new("east", 1, "armor", 300, strength=3)]
    game.units["west"][0].range = 3
    game.units["west"][1].range = 1
    game.units["east"][0].range = 2
    x = dict(zip(AGGRESSOR_FEATURES, aggressor_features(game, "west"), strict=True))
    assert x == pytest.approx(
        {
            "constant": 1.0,
            "round": 0.4,
            "sectors": 2 / 9,
            "sectors x round": 0.8 / 9,
            "own four": 1.0,
            "enemy four": 0.0,
            "aggressor": 1.0,
            "columns": 1.0,
            "steps": 7 / 12 - 0.5,
            "units": 2 / 3 - 0.5,
        }
    )
    y = dict(zip(AGGRESSOR_FEATURES, aggressor_features(game, "east"), strict=True))
    assert (y["aggressor"], y["columns"], y["own four"], y["enemy four"]) == (-1.0, -1.0, 0, 1)
    assert y["steps"] == pytest.approx(5 / 12 - 0.5)


def test_aggressor_value_prefers_steps_and_the_aggressors_columns() -> None:
    """The fitted weights, read as a player would: more of both sides' steps is better
    (COMBAT), and the aggressor holding a sector in each column (VICTORY) is better for it
    than the aggressor without one."""
    game = _aggressor_game()
    base = logistic_value(AGGRESSOR_WEIGHTS, aggressor_features(game, "west"))
    game.units["east"] = game.units["east"][1:]
    assert logistic_value(AGGRESSOR_WEIGHTS, aggressor_features(game, "west")) > base
    game.aggressor = "west"
    game.control = ["west", None, None, "west", None, None, None, None, None]
    without = logistic_value(AGGRESSOR_WEIGHTS, aggressor_features(game, "west"))
    game.control[6] = "west"
    assert logistic_value(AGGRESSOR_WEIGHTS, aggressor_features(game, "west")) > without


def test_aggressor_rollout_is_scored_by_the_learned_value_of_its_world(monkeypatch) -> None:
    """The search scores an unfinished rollout by the learned value of the world it ended in
    (not the true game: the world drawn from the view), from the searching side."""
    game = _aggressor_game()
    side = sorted(game.decision().sides)[0]
    view = game.view(side)
    agent = MctsAgent(game.ruleset, side, iterations=1)
    seen = []
    real = aggressor_search.aggressor_features

    def spy(world, who):
        seen.append((world, who))
        return real(world, who)

    monkeypatch.setattr(aggressor_search, "aggressor_features", spy)
    order = agent.candidates(view, agent_rng(2, side, game.step))[0]
    value = agent._simulate(view, order, np.random.default_rng(4))
    (world, who), *_ = seen
    assert who == side
    assert world is not game
    assert value == logistic_value(AGGRESSOR_WEIGHTS, real(world, side))
    assert -1 < value < 1


def test_fit_recovers_the_weights_of_a_logistic_model() -> None:
    """scripts/fit_values.py's fit: with targets that are exactly a logistic model's chances
    (fractional results), Newton's method returns that model's weights (no ridge)."""
    fit = _script().fit
    x = np.array([[1.0, a, b] for a in (-1.0, 0.0, 0.5, 2.0) for b in (-0.5, 0.3, 1.0)])
    w = np.array([0.2, -1.0, 1.5])
    y = np.array([1 / (1 + math.exp(-float(sum(r * w)))) for r in x])
    assert fit(x, y, 0.0) == pytest.approx(w, abs=1e-8)


def test_fit_samples_a_game_of_the_computer_player() -> None:
    """A game's samples: each side's features at the sampled decisions and the game's result
    for that side (won 1, drawn 1/2, lost 0) -- the two sides' results add up to 1."""
    rows = _script().play("tactical", "tactical/meeting1941", 3, 0.5)
    assert rows
    assert all(len(r[1]) == len(TACTICAL_FEATURES) for r in rows)
    results = {r[2] for r in rows}
    assert results in ({0.0, 1.0}, {0.5})
    assert len(rows) % 2 == 0
    assert sum(r[2] for r in rows) == len(rows) / 2
