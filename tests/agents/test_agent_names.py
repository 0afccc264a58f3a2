"""Agent names: every name a ruleset takes, and one name per distinct agent for menus."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.agents import agent_names, distinct_agent_names, make_agent
from hexwar.core import registry


def test_the_lobby_lists_aggressors_computer_once() -> None:
    """Issue 39 item 9: Aggressor's ``computer`` (the old name of ``ai``) is the same agent,
    so a menu lists it once; both names are still taken."""
    aggressor = registry.get("aggressor")
    assert distinct_agent_names(aggressor) == ["ai", "random", "mcts"]
    assert {"ai", "computer"} <= set(agent_names(aggressor))
    assert type(make_agent(aggressor, "west", "computer")) is type(
        make_agent(aggressor, "west", "ai")
    )


@pytest.mark.parametrize("ruleset", registry.all_rulesets(), ids=lambda r: r.info.id)
def test_each_menu_entry_is_a_distinct_agent(ruleset: Any) -> None:
    names = distinct_agent_names(ruleset)
    assert names == [n for n in agent_names(ruleset) if n in names]  # the same order
    assert len({type(make_agent(ruleset, ruleset.info.sides[0], n)) for n in names}) == len(names)
