"""The computer opponent gives orders chance cannot spoil (but follow-up attacks on a unit
already destroyed or driven back), keeps out of hexes it cannot see,
holds its bunkers, and its hedgerows games end by the rules (issue 17; docs/tactical.md, "The
computer opponent"; benchmarks/ai_matches.py measures it over 50 seeds per side)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hexwar.agents import make_agent
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.ai import TacticalAgent, max_loss
from hexwar.rulesets.tactical.tables import sheet
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
    IllegalOrderError for) any order the side's view says is illegal. Games are played once
    per test session (the tests below read the same games)."""
    key = (scenario, seed, tuple(sorted(agents.items())))
    if key not in _GAMES:
        session = Session.start(resolve_scenario(scenario), seed=seed, agents=agents)
        session.run()
        _GAMES[key] = session.game
    return _GAMES[key]


_GAMES: dict[tuple[str, int, tuple[tuple[str, str], ...]], Any] = {}


def _spoiled(game: Any, side: str) -> list[str]:
    """What of ``side``'s orders came to nothing when carried out: actions 'not carried out',
    fire that found no line of sight, moves that ran into unseen enemy units -- but for an
    attack on an enemy unit that an earlier attack of the same phase destroyed or drove out
    of its hex (the follow-up attacks the computer accepts: docs/tactical.md)."""
    mine = {u.id for u in game.units.values() if u.side == side}
    mine |= {c.id for c in game.commanders.values() if c.side == side}
    out = []
    gone: set[str] = set()  # enemy units destroyed or fallen back this phase
    phase: float | int | None = None
    for e in game.events(None):
        if e.kind == "phase":
            gone, phase = set(), e.time
        if e.time == phase and (e.kind == "eliminated" or " retreats from " in e.text):
            gone.add(e.text.split()[0])
        if e.kind == "not-carried-out" and side in e.visible_to:
            verb, _, target = e.text.split(": ")[1].split()[:3]
            if verb in ("fire", "assault") and target in gone:
                continue
            out.append(e.text)
        if e.kind == "no-line-of-sight" and side in e.visible_to:
            out.append(e.text)
        if e.kind == "contact" and e.text.split()[0] in mine:
            out.append(e.text)
    return out


@pytest.mark.parametrize(
    ("scenario", "seed", "agents"),
    [
        ("tactical/hedgerows", 1, {"allied": "ai", "axis": "ai"}),
        ("tactical/meeting1941", 3, {"allied": "ai", "axis": "ai"}),
        ("tactical/hedgerows", 4, {"allied": "ai", "axis": "random"}),
        ("tactical/meeting1941", 5, {"allied": "random", "axis": "ai"}),
    ],
)
def test_ai_orders_are_all_carried_out(scenario: str, seed: int, agents: dict[str, str]) -> None:
    """A phase's orders are checked against the side's view when given and carried out in
    turn (docs/tactical.md, "Orders"): the computer gives only orders its view says are legal
    (none refused) and none that chance can spoil but an attack on an enemy unit that an
    earlier attack of the phase has destroyed or driven back -- no other action 'not carried
    out' (about 26 a game before issue 17), no fire without a line of sight, no move into
    unseen enemy units -- against itself and against the random agent, in both bundled
    scenarios."""
    game = _play(scenario, seed, agents)
    assert game.outcome() is not None
    for side, name in agents.items():
        if name == "ai":
            assert _spoiled(game, side) == []


@pytest.mark.parametrize(
    ("scenario", "seed"), [("tactical/hedgerows", 0), ("tactical/meeting1941", 3)]
)
def test_ai_games_end_by_the_rules(scenario: str, seed: int) -> None:
    """With the bundled scenarios' 30 % break point (docs/rulings/tactical.md, Break point;
    meeting1941 had none and was never decided before its 10-turn limit) an AI-vs-AI game is
    decided by the fighting, a side breaking, before the turn limit (not every one:
    benchmarks/ai_matches.py measures the share, docs/tactical.md)."""
    game = _play(scenario, seed, {"allied": "ai", "axis": "ai"})
    outcome = game.outcome()
    assert outcome is not None
    assert "breaks" in outcome.reason
    assert game.turn <= game.scenario.turns


@pytest.mark.parametrize(
    ("odds", "rule", "n", "most"),
    [
        (1 / 6, "worst", 4, 0),  # 1:6 row: no result at all
        (1 / 5, "worst", 4, 1),  # 1:5: only a morale check (G 5), failed with nowhere to go
        (1.0, "worst", 4, 1),  # 1:1: loss 1 (E 10) at worst
        (2.5, "worst", 4, 2),  # between 2:1 and 3:1: D pro-rated to 2.5 %, loss 2
        (5.0, "worst", 4, 3),  # 5:1: C 5, loss 3
        (2.5, "sum", 4, 9),  # "sum": four single losses of 2, and 1 for the failed check
    ],
)
def test_max_loss_of_one_unit_attack(odds: float, rule: str, n: int, most: int) -> None:
    """The most SPs one unit attack can cost its target, which bounds how often the AI may
    attack a unit in one phase without an attack coming to nothing: the severest CRT column
    with a chance above 0 at those odds (COMBAT RESULTS TABLE, columns C/D/E = 3/2/1 SPs, F
    and G a disruption or morale check that costs 1 SP with no hex to fall back to;
    docs/rulings/tactical.md, combination rule and morale)."""
    chances = sheet().crt.chances_at([odds])[0]
    assert max_loss(chances, n, rule) == most


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


def test_the_computer_players_sight_is_the_boards_where_wrecks_and_smoke_block() -> None:
    """Line of sight (sheet, Parameter Data: a hex holding at least 6 wreck SPs or 13
    non-wreck SPs blocks it, and so does smoke) as the computer player plans with it: its
    terrain-only sight kept across phases, and where such hexes lie on the line, the board's
    full check -- for every pair of hexes, the same answer as the board's own with the
    stacks, wrecks and smoke of the view (meeting1941, with a 6-SP wreck on the road at 7,1
    and smoke on 8,-1 put into the view)."""
    from hexwar.agents import agent_rng
    from hexwar.rulesets.tactical.ai import _Turn
    from hexwar.testing import random_session

    session = random_session("tactical/meeting1941", 1)
    game = session.game
    side = sorted(game.decision().sides)[0]
    data = dict(game.view(side).data)
    data["wrecks"] = {"7,1": 6}
    data["smoke"] = ["8,-1"]
    agent = TacticalAgent(game.ruleset, side)
    agent.act(game.view(side), agent_rng(1, side, 0))  # fills the terrain-only sight
    turn = _Turn(agent, data)
    board = turn.p.board
    hexes = sorted(board.terrain)
    stacks, wrecks, smoke = turn._stacks0, turn._wrecks0, turn.p.smoke
    blocked = 0
    for a in hexes[::3]:
        for b in hexes:
            full = board.line_of_sight(a, b, units_sp=stacks, wreck_sp=wrecks, smoke=smoke)
            assert turn.clear(a, b) == full, (a, b)
            blocked += full != board.line_of_sight(a, b)
    assert blocked > 0  # the wreck and the smoke do block some lines


def test_computer_players_on_one_board_share_their_sight_by_the_terrain() -> None:
    """Sight by the terrain alone is a function of the board (sheet, TERRAIN HEIGHT) and the
    tables: the computer players of the process on one board (the map's JSON) share it with
    the board (what one worked out the other does not work out again -- mcts runs several),
    and a different board gets its own."""
    from hexwar.agents import agent_rng
    from hexwar.rulesets.tactical.board import shared
    from hexwar.testing import random_session

    game = random_session("tactical/meeting1941", 1).game
    side = sorted(game.decision().sides)[0]
    view = game.view(side)
    board = shared(view.data["map"])
    board.bare_sight.clear()
    TacticalAgent(game.ruleset, side).act(view, agent_rng(1, side, 0))
    worked_out = dict(board.bare_sight)
    assert worked_out
    TacticalAgent(game.ruleset, side).act(view, agent_rng(1, side, 0))
    assert board.bare_sight == worked_out  # nothing new: the second player used the first's
    other = dict(view.data["map"], blocked=[])
    if other == view.data["map"]:
        other["blocked"] = ["0,0"]
    assert shared(other) is not board
    assert shared(dict(view.data["map"])) is board
