"""The ``random`` agent draws from the ruleset's legal orders (issue 21, item 1: "The random
agents use it"): a non-stepwise decision's order is one of ``legal_orders(view)``, a stepwise
one is built by entries of the successive lists (tactical, and the air war's move and fire
stages), and the tactical planner reused between the steps of a plan lists what a fresh one
lists (the air war's incremental lists: tests/rulesets/airwar/test_legal.py)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hexwar.agents import RandomAgent
from hexwar.core import registry
from hexwar.core.game import Game, Ruleset
from hexwar.rulesets.tactical import legal as tactical_legal
from hexwar.testing import random_session


def _game(scenario: str, steps: int) -> Game[Any, Any]:
    session = random_session(scenario, 1)
    session.run(max_steps=steps)
    return session.game


@pytest.mark.parametrize(
    ("scenario", "steps"),
    [
        ("aggressor/sector", 0),
        ("aggressor/sector", 3),
        ("idahex/sinai", 5),
        ("flankbattle/hastings", 0),
        ("airwar/small-four-cities", 0),  # the initial stage's menu of city placements
        ("airwar/small-unequal", 1),  # ... of unit placements
    ],
)
def test_a_listed_random_order_is_one_of_the_legal_orders(scenario: str, steps: int) -> None:
    game = _game(scenario, steps)
    ruleset: Ruleset[Any, Any] = game.ruleset
    decision = game.decision()
    assert decision is not None
    side = sorted(decision.sides)[0]
    view = game.view(side)
    assert not ruleset.stepwise(view)
    legal = ruleset.legal_orders(view)
    drawn = [RandomAgent(ruleset, side).act(view, np.random.default_rng(s)) for s in range(12)]
    assert all(o in legal for o in drawn)
    assert len(set(map(str, drawn))) > 1 or len(legal) == 1  # draws, not a fixed choice
    again = RandomAgent(ruleset, side).act(view, np.random.default_rng(3))
    assert again == drawn[3]  # the same stream, the same order


def test_a_stepwise_random_order_is_built_from_the_successive_legal_lists() -> None:
    """Tactical: every prefix of the drawn plan extends the one before by an entry of
    ``legal_orders(view, prefix)``, and the plan itself is the last entry of its own list."""
    game = _game("tactical/hedgerows", 0)
    ruleset = game.ruleset
    side = next(iter(game.decision().sides))  # type: ignore[union-attr]
    view = game.view(side)
    order = RandomAgent(ruleset, side).act(view, np.random.default_rng(7))
    assert order.actions  # a random turn of many units stops on its first draw very rarely
    fresh = registry.get("tactical")
    plan = None
    for k in range(len(order.actions)):
        listed = fresh.legal_orders(view, plan)
        step = type(order)(order.actions[: k + 1])
        assert step in listed[:-1]
        plan = step
    assert fresh.legal_orders(view, plan)[-1] == order
    game.submit(side, order.to_json())  # and the game accepts it


def test_the_reused_tactical_planner_lists_what_a_fresh_one_lists() -> None:
    """The planner kept between the steps of a plan (tactical/legal.py) is a cache only: the
    lists equal those of a planner built for each call."""
    game = _game("tactical/meeting1941", 0)
    side = next(iter(game.decision().sides))  # type: ignore[union-attr]
    view = game.view(side).data
    rng = np.random.default_rng(2)
    plans: list[Any] = [None]
    lists = []
    for _ in range(6):  # one plan grown an action at a time: the planner is reused
        listed = tactical_legal.legal_orders(view, plans[-1])
        lists.append(listed)
        if len(listed) == 1:
            break
        plans.append(listed[int(rng.integers(len(listed) - 1))])
    assert len(lists) > 1
    for plan, listed in zip(plans, lists, strict=False):
        tactical_legal._last.entry = None  # forget it: a planner built for this call
        assert tactical_legal.legal_orders(view, plan) == listed


def _drawn_from_lists(view: Any, seed: int) -> Any:
    """The order a uniform draw from ``default_rng(seed)`` takes through the successive
    ``legal_orders`` lists (each one built whole): an entry but the last extends the plan,
    the last is the order."""
    ruleset = registry.get("airwar")
    rng = np.random.default_rng(seed)
    plan = None
    while True:
        listed = ruleset.legal_orders(view, plan)
        k = int(rng.integers(len(listed)))
        if k == len(listed) - 1:
            return listed[k]
        plan = listed[k]


@pytest.mark.parametrize(
    ("scenario", "steps"),
    [
        ("airwar/small-four-cities", 2),  # the first move stage
        ("airwar/small-four-cities", 9),  # an aim-fire stage
        ("airwar/large-no-mans-land-city", 4),  # §3.2.2: transports, D may not attack yet
    ],
)
def test_an_air_war_random_order_is_legal_reproducible_and_varied(
    scenario: str, steps: int
) -> None:
    """The air war's random agent is the core's (uniform over each list of unit steps): its
    orders are built from the lists, accepted by the game, the same for the same stream, and
    not all alike."""
    game = _game(scenario, steps)
    decision = game.decision()
    assert decision is not None
    side = sorted(decision.sides)[0]
    view = game.view(side)
    assert game.ruleset.stepwise(view)
    assert type(game.ruleset).random_order is Ruleset.random_order  # no generator of its own
    drawn = [RandomAgent(game.ruleset, side).act(view, np.random.default_rng(s)) for s in range(4)]
    assert len(set(map(str, drawn))) == 4
    assert RandomAgent(game.ruleset, side).act(view, np.random.default_rng(2)) == drawn[2]
    assert drawn[1] == _drawn_from_lists(view, 1)  # the lists it reads are legal_orders'
    game.submit(side, drawn[0].to_json())
