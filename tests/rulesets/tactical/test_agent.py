"""The computer opponent gives orders chance cannot spoil, keeps out of hexes it cannot see,
holds its bunkers, and its hedgerows games end by the rules (issue 17; docs/tactical.md, "The
computer opponent"; benchmarks/ai_matches.py measures it over 50 seeds per side)."""

from __future__ import annotations

from typing import Any

import numpy as np

from hexwar.agents import make_agent
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.agent import TacticalAgent
from hexwar.sessions import Session, resolve_scenario

from .conftest import make_game, make_scenario


def _units(**x1: Any) -> list[dict[str, Any]]:
    units = make_scenario().model_dump(mode="json")["units"]
    for u in units:
        if u["id"] == "X1":
            u.update(x1)
    return [{k: v for k, v in u.items() if v is not None} for u in units]


def test_a_unit_in_a_bunker_keeps_it() -> None:
    """A unit in a bunker (TERRAIN COMBAT MODIFIERS, SPECIAL: .75 and +20 defense) stays in
    it, though an objective it does not hold lies two hexes off."""
    game = make_game(
        units=_units(at="6,-1"),
        map={"specials": [{"at": "6,-1", "kind": "bunker"}]},
        objectives=[{"at": "6,1", "vp": 10, "owner": "allied"}],
        first="axis",
    )
    agent = TacticalAgent(game.ruleset, "axis")
    orders = agent.act(game.view("axis"), np.random.default_rng(0))
    assert not [a for a in orders.actions if a.unit == "X1" and a.verb == "move"]
    game.submit("axis", orders)
    assert game.units["X1"].hex == Hex(6, -1)


def test_moves_only_through_hexes_the_side_sees() -> None:
    """Forest (25 m) hides the hexes behind it; the AI's move toward the objective beyond
    goes only through hexes its units see, so it cannot run into a hidden enemy unit."""
    rows = ["....F...", "....F...", "....F...", "....F...", "....F...", "....F..."]
    game = make_game(
        map={"terrain": rows},
        units=_units(at="7,-2"),
        objectives=[{"at": "6,0", "vp": 10, "owner": "axis"}],
        opportunity_fire=False,
    )
    view = game.view("allied")
    assert view.data["enemy_units"] == []  # X1 hides behind the forest
    agent = TacticalAgent(game.ruleset, "allied")
    orders = agent.act(view, np.random.default_rng(0))
    game.submit("allied", orders)
    assert not [e for e in game.events("allied") if e.kind == "contact"]
    for a in orders.actions:
        if a.verb == "move" and a.unit == "A1":
            assert game.board.line_of_sight(Hex(2, 1), a.hex) or a.hex.distance(Hex(2, 1)) == 1


def test_hedgerows_ai_games_carry_out_every_order_and_end_by_the_rules() -> None:
    """AI against AI on hedgerows, two seeds: no action 'not carried out' (about 26 a game
    before), no move running into unseen enemy units, and the games end by the rules (a side
    breaks at the scenario's 30 % break point) before the 12-turn limit."""
    resolved = resolve_scenario("tactical/hedgerows")
    for seed in (1, 3):
        session = Session.start(resolved, seed=seed, agents={"allied": "ai", "axis": "ai"})
        session.run()
        events = session.game.events(None)
        assert [e.text for e in events if e.kind == "not-carried-out"] == []
        assert [e.text for e in events if e.kind == "contact"] == []
        outcome = session.game.outcome()
        assert outcome is not None
        assert "breaks" in outcome.reason


def test_random_agent_mounts_and_rides() -> None:
    """The random agent's choices include `mount` (the agent interface covers every verb)."""
    tank = {"id": "T1", "side": "allied", "name": "T", "kind": "armor", "at": "2,1", "sp": 3,
            "morale": 7}  # fmt: skip
    units = [*_units(), tank]
    game = make_game(units=units)
    agent = make_agent(game.ruleset, "allied", "random")
    verbs = set()
    for k in range(40):
        orders = agent.act(game.view("allied"), np.random.default_rng(k))
        verbs.update((a.verb, a.unit) for a in orders.actions)
    assert ("mount", "A1") in verbs
