"""Tactical orders refused or not carried out: the refusal names its rule and carries its order."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from tests.rulesets.tactical.helpers import BASE, NO_EFFECT, _events, _script, _unit

from .conftest import make_game


@pytest.mark.found_by_mutation
def test_an_order_not_carried_out_leaves_the_later_orders_to_be_carried_out() -> None:
    """docs/rulings/tactical.md, Opportunity fire, effect on the move: a unit pinned by it
    goes to ground, "a later order for it that needs AP is not carried out" -- and only that
    order. A1 moving to 3,1 is disrupted by X1's fire (0.20: a disruption on the 1:1 line,
    0.10 to 0.25); its fire is not carried out, A2's fire after it is."""
    units = [*BASE, _unit("A2", "allied", "infantry", "2,2")]
    game = make_game(units=units)
    _script(game, uniforms=[0.20, NO_EFFECT, NO_EFFECT, NO_EFFECT])
    game.submit("allied", "move A1 3,1; fire A1 X1; fire A2 X1")
    assert len(_events(game, "not-carried-out")) == 1
    assert [e.text.split()[0] for e in _events(game, "fire")] == ["A2"]


@pytest.mark.found_by_mutation
def test_a_refused_order_carries_the_order_it_refuses() -> None:
    """docs/tactical.md (Orders): a refused order names the action and the rule; the refusal
    carries the order, for the front ends that show it. ``move A1 9,9`` is off the map."""
    game = make_game()
    with pytest.raises(IllegalOrderError) as info:
        game.submit("allied", "move A1 3,1; move A1 9,9")
    assert str(info.value).startswith("action 2 of 2: ")
    assert info.value.order is not None
    assert [str(a) for a in info.value.order.actions] == ["move A1 3,1", "move A1 9,9"]


@pytest.mark.found_at_call_site
def test_a_refused_action_is_named_once_with_its_rule() -> None:
    """An illegal action names its place in the order, the action and the rule, once."""
    game = make_game()
    with pytest.raises(IllegalOrderError) as info:
        game.submit("allied", "move A1 3,0; fire X1 A1")
    assert str(info.value) == (
        "action 2 of 2: fire X1 A1: 'X1' is none of your units or commanders on the map [own units]"
    )
