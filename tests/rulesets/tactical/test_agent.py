"""The computer opponent gives orders chance cannot spoil, keeps out of hexes it cannot see,
holds its bunkers, and its hedgerows games end by the rules (issue 17; docs/tactical.md, "The
computer opponent"; benchmarks/ai_matches.py measures it over 50 seeds per side)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

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


def _play(scenario: str, seed: int, agents: dict[str, str]) -> Any:
    """One game to its end; every order goes through ``submit``, which refuses (raises
    IllegalOrderError for) any order the side's view says is illegal."""
    resolved = resolve_scenario(scenario)
    session = Session.start(resolved, seed=seed, agents=agents)
    session.run()
    return session.game


def _spoiled(game: Any, side: str) -> list[str]:
    """What of ``side``'s orders came to nothing when carried out: actions 'not carried out',
    fire that found no line of sight, moves that ran into unseen enemy units."""
    mine = {u.id for u in game.units.values() if u.side == side}
    mine |= {c.id for c in game.commanders.values() if c.side == side}
    out = []
    for e in game.events(None):
        if e.kind in ("not-carried-out", "no-line-of-sight") and side in e.visible_to:
            out.append(e.text)
        if e.kind == "contact" and e.text.split()[0] in mine:
            out.append(e.text)
    return out


@pytest.mark.parametrize(
    ("scenario", "seed", "agents"),
    [
        ("tactical/hedgerows", 1, {"allied": "ai", "axis": "ai"}),
        ("tactical/meeting1941", 2, {"allied": "ai", "axis": "ai"}),
        ("tactical/hedgerows", 4, {"allied": "ai", "axis": "random"}),
        ("tactical/meeting1941", 5, {"allied": "random", "axis": "ai"}),
    ],
)
def test_ai_orders_are_all_carried_out(scenario: str, seed: int, agents: dict[str, str]) -> None:
    """A phase's orders are checked against the side's view when given and carried out in
    turn (docs/tactical.md, "Orders"): the computer gives only orders its view says are legal
    (none refused) and none that chance can spoil -- no action 'not carried out' (about 26 a
    game before issue 17), no fire without a line of sight, no move into unseen enemy units --
    against itself and against the random agent, in both bundled scenarios."""
    game = _play(scenario, seed, agents)
    assert game.outcome() is not None
    for side, name in agents.items():
        if name == "ai":
            assert _spoiled(game, side) == []


def test_hedgerows_ai_game_ends_by_the_rules() -> None:
    """With the scenario's 30 % break point (docs/rulings/tactical.md, Break point) an AI
    game of hedgerows is decided by the fighting before the 12-turn limit."""
    game = _play("tactical/hedgerows", 3, {"allied": "ai", "axis": "ai"})
    outcome = game.outcome()
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
