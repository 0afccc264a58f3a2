"""When the computer becomes the aggressor (seed 003, GAME OBJECT; SPECIAL FUNCTIONS / Partisan
Contact; TURN SEQUENCE C): it decides from its view, and the decision turns with the situation.

The two situations come from a real game of ``aggressor/sector`` (seed 0, the computer on both
sides) stopped at the start of West's turn in round 5, before anyone is declared, and amended
by the umpire. In both, West's armed Missile at @EN sees an East Armor 7 hexes away at @LN,
across the border (within the launch's 8 hexes): the launch would make West the aggressor.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import pytest

from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.aggression import PARTISAN_WORTH, assess
from hexwar.rulesets.aggressor.ai import ComputerPlayer, order_scores
from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.rulesets.aggressor.orders import AggressorOrder
from hexwar.rulesets.aggressor.ruleset import AggressorRuleset
from hexwar.sessions import Session, resolve_scenario
from tests.rulesets.aggressor.conftest import make_game, put

LAUNCH = AggressorOrder("special", unit=18, key=7, target="@LN")  # West's Missile at the Armor


@lru_cache(maxsize=1)
def _record() -> Any:
    """The real game's orders up to the start of West's turn in round 5."""
    session = Session.start(
        resolve_scenario("aggressor/sector"),
        seed=0,
        agents={"west": "computer", "east": "computer"},
    )
    game = session.game
    while not (game.round == 5 and game.active == "west" and game.phase == "turn"):
        session.play_agents(max_steps=game.step + 1)
    return game.record(session.agent_names)


def _round_five() -> AggressorGame:
    from hexwar.core import registry

    game = registry.replay(_record())
    assert isinstance(game, AggressorGame)
    return game


def _west_order(game: AggressorGame) -> AggressorOrder:
    player = ComputerPlayer(AggressorRuleset(), "west")
    return player.act(game.view("west"), np.random.default_rng(0))


def _across(order: AggressorOrder, game: AggressorGame) -> bool:
    """Whether ``order`` attacks, fires, strikes or launches at a hex on East's side."""
    if order.kind == "special" and order.target not in (None, "@@"):
        target = rl.parse_label(order.target)
        return rl.territory(target) == "east" and order.mission != "recon"
    if order.kind == "key":
        u = next(u for u in game.units["west"] if u.number == order.unit)
        target = rl.NEIGHBOURS[u.cell][order.key - 1]
        occupied = target in game.at and game.at[target].side == "east"
        return occupied and rl.territory(target) == "east"  # the border column K is nobody's
    return False


def test_the_situation_before_the_amendments() -> None:
    """The stage: round 5, no aggressor, three sectors each; West's Missile at @EN is armed and
    sees (through its other units) the East Armor at @LN, 7 hexes off on East's side."""
    game = _round_five()
    view = game.view("west").data
    assert view["aggressor"] is None
    assert list(view["control"].values()).count("west") == 3
    assert list(view["control"].values()).count("east") == 3
    missile = next(u for u in view["units"] if u["number"] == 18)
    assert (missile["type"], missile["at"]) == ("missile", "@EN")
    assert {"at": "@LN", "type": "armor"} in view["enemy"]
    assert rl.DIST[rl.parse_label("@EN")][rl.parse_label("@LN")] == 7
    assert rl.territory(rl.parse_label("@LN")) == "east"


def test_declares_when_the_enemy_is_one_sector_from_victory() -> None:
    """GAME OBJECT: 'To win the game, a player must control 5 of them' -- East, not the
    aggressor, needs no sector in each column. Given sector N by the umpire, East holds four:
    one more and it wins, and only by hitting East's units on their side of the border can
    West keep them out. Declaring is clearly right: West launches, fires or attacks across."""
    game = _round_five()
    game.amend("hold N by east: East's patrols took the northern centre")
    view = game.view("west").data
    assert assess(view).declare
    assert order_scores(view, [LAUNCH])[0] > 0
    assert _across(_west_order(game), game)


def test_keeps_the_peace_when_ahead_in_sectors_near_the_round_limit() -> None:
    """The round limit (docs/rulings/aggressor.md: after the last round the side holding more
    sectors wins) with GAME OBJECT (the aggressor's five sectors must include one in each
    column): West, given sector N, holds four to East's three with two rounds to play. Keeping
    the peace wins at the limit; declaring only adds the column condition and the war. So
    the same launch that was right above is clearly wrong: West does not fire across."""
    game = _round_five()
    game.amend("hold N by west: West's patrols took the northern centre")
    game.round = game.scenario.max_rounds - 2
    view = game.view("west").data
    assert not assess(view).declare
    assert order_scores(view, [LAUNCH])[0] == 0
    assert not _across(_west_order(game), game)


def test_partisans_in_hand_weigh_for_declaring() -> None:
    """TURN SEQUENCE C: partisans freeze the enemy's units near a spot in its territory for a
    turn -- worth most at war. In the round-5 position (the sectors level) each partisan West
    holds adds ``PARTISAN_WORTH`` to the case for declaring, and enough of them tip it."""
    game = _round_five()
    before = assess(game.view("west").data)
    assert not before.declare
    game.partisans["west"] = 3
    after = assess(game.view("west").data)
    assert after.value == pytest.approx(before.value + 3 * PARTISAN_WORTH)
    assert after.declare


@pytest.mark.parametrize(("aggressor", "used"), [(None, 0), ("east", 2)])
def test_partisans_are_kept_for_war(aggressor: str | None, used: int) -> None:
    """TURN SEQUENCE C: the computer answers the partisan question with none while no side
    is declared (they back its declaration), and with all it has once a side is."""
    g = make_game(first="west")
    g.partisans["west"] = 2
    g.aggressor = aggressor
    g.submit("west", "0")
    view = g.view("west")
    order = ComputerPlayer(AggressorRuleset(), "west").act(view, np.random.default_rng(0))
    assert str(order) == f"partisans {used}"


def test_a_unit_able_to_seek_partisans_weighs_against_declaring() -> None:
    """SPECIAL FUNCTIONS / Partisan Contact: 'attempted by a unit which begins its turn in
    enemy territory ... while no aggressor side has yet been declared', with chance 50% -
    10% x Strength. West's Infantry (Strength 2: 30%) that began its turn at @MH may try
    now; declaring first would forbid it, so the estimate counts 0.3 x PARTISAN_WORTH
    against declaring until the Infantry has tried, and half that afterwards (it may try
    again next turn, if nobody is declared by then)."""
    g = make_game({1: ("infantry", "@GH")})
    put(g, "west", 1, "@MH")  # crossed on an earlier turn
    with_seeker = assess(g.view("west").data)
    assert with_seeker.contact == pytest.approx(0.3 * PARTISAN_WORTH)
    g.submit("west", "1 7 @@")  # the attempt (whatever its result) uses the unit's turn
    assert assess(g.view("west").data).contact == pytest.approx(0.5 * 0.3 * PARTISAN_WORTH)
