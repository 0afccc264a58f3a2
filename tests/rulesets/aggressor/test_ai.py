"""The computer player (issue item 8): it sets up, plays either side from its view only, and
beats the random agent (benchmarks/aggressor_ai.py measures 100 games)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hexwar.agents import agent_rng
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.ai import ComputerPlayer, _Plan, computer_setup
from hexwar.rulesets.aggressor.legal import legal_orders
from hexwar.rulesets.aggressor.orders import AggressorOrder
from hexwar.rulesets.aggressor.ruleset import AggressorRuleset
from hexwar.rulesets.aggressor.scenario import Placement, setup_problems
from hexwar.sessions import Session, resolve_scenario
from tests.rulesets.aggressor.conftest import make_game, put, rough, unit


@pytest.mark.parametrize("side", ["west", "east"])
def test_computer_setup_is_legal_and_combined_arms(side: str) -> None:
    """SET UP: 'the machine proceeds to select and position the 18 units'."""
    order = computer_setup(side, np.random.default_rng(4))
    placements = tuple(Placement(type=t, at=at) for t, at in order.placements)
    assert setup_problems(side, placements) == []
    assert {t for t, _ in order.placements} == {
        "armor",
        "infantry",
        "artillery",
        "support",
        "missile",
        "airbase",
    }


def test_no_leak_an_unidentified_unit_s_type_does_not_change_the_computer_s_order() -> None:
    """A leak test (OBSERVATION, IDENTIFICATION): the computer's act() only ever receives a
    View, so what this checks is the view -- two games that differ only in the type of an
    East unit West observes but has not identified give West the same order."""
    orders = []
    for kind in ("armor", "support"):
        g = make_game(
            {1: ("artillery", "@GH")},
            {1: (kind, "@LH"), 2: ("infantry", "@LI")},
            terrain=rough("@JH"),
        )
        put(g, "east", 1, "@JH")  # observed (range 3) but not identified (rough)
        g._observe("west")
        view = g.view("west")
        order = ComputerPlayer(AggressorRuleset(), "west").act(view, np.random.default_rng(0))
        assert order in legal_orders(view.data)
        orders.append(order)
    assert orders[0] == orders[1]
    assert orders[0].target == "@JH"  # fire before movement: indirect fire at the known unit


@pytest.mark.parametrize(("seed", "computer"), [(11, "west"), (12, "east")])
def test_computer_beats_random(seed: int, computer: str) -> None:
    """Issue item 8: the computer beats the random agent (here two seeded games; the benchmark
    plays 100)."""
    resolved = resolve_scenario("aggressor/sector")
    other = "east" if computer == "west" else "west"
    session = Session.start(resolved, seed=seed, agents={computer: "computer", other: "random"})
    session.run(max_steps=20000)
    outcome = session.game.outcome()
    assert outcome is not None
    assert outcome.winner == computer


def test_agent_streams_are_per_decision() -> None:
    """The computer's draws come from the game's seeded agent streams (same seed, same game)."""
    draws = {
        key: agent_rng(*key).random()
        for key in [(5, "west", 0), (5, "west", 1), (5, "east", 0), (6, "west", 0)]
    }
    assert agent_rng(5, "west", 0).random() == draws[5, "west", 0]  # the same stream again
    assert len(set(draws.values())) == 4  # another decision, side or seed: another stream


def test_computer_searches_a_sector_it_stands_in_but_does_not_control() -> None:
    """GAME OBJECT (control passes to the last sole occupant) with OBSERVATION (observed only
    within range): a sector that stays out of the computer's hands though its unit stands in it
    hides an enemy, so the unit moves toward the sector's hexes it does not observe."""
    g = make_game({1: ("armor", "@HH")})  # sector C (columns H-N), no enemy known
    view = g.view("west").data
    plan = _Plan(view)
    east = AggressorOrder("key", unit=1, key=5)  # toward @NH, beyond the armor's range 3
    west = AggressorOrder("key", unit=1, key=1)  # out of the sector
    assert view["control"]["C"] is None
    assert plan.score(east) > 0
    assert plan.score(west) == 0


@pytest.mark.parametrize(("enemy_sectors", "restricted"), [(3, True), (4, False)])
def test_aggressor_makes_for_the_enemy_column(enemy_sectors: int, restricted: bool) -> None:
    """GAME OBJECT: the aggressor's five sectors 'must include at least one in each of the 3
    columns'; until it holds one in the enemy's column the computer makes for that column,
    unless the enemy, with four sectors, is one from victory."""
    g = make_game({1: ("armor", "@HH")})
    g.aggressor = "west"
    if enemy_sectors == 4:
        g.control[rl.SECTOR_NAMES.index("S")] = "east"
    plan = _Plan(g.view("west").data)
    north = rl.parse_label("@KC")  # sector N: centre column, held by nobody
    assert (plan.goal[north] > 0) is restricted
    assert plan.goal[rl.parse_label("@RH")] == 0  # sector E, the enemy's column: always wanted


def test_both_sides_break_ties_alike() -> None:
    """The computer plays either side alike: in mirrored positions (the Sector map is its own
    mirror image about column K) East's choice is the mirror of West's."""
    mirror = {1: 5, 2: 6, 3: 3, 4: 4, 5: 1, 6: 2}
    chosen = {}
    for side in ("west", "east"):
        g = make_game({1: ("armor", "@EH")}, {1: ("armor", "@QH")}, first=side)
        view = g.view(side)
        chosen[side] = ComputerPlayer(AggressorRuleset(), side).act(view, np.random.default_rng(0))
    assert chosen["west"].kind == chosen["east"].kind == "key"
    assert chosen["east"].unit == chosen["west"].unit
    assert chosen["east"].key == mirror[chosen["west"].key]


def test_computer_does_not_draw_supply_that_would_eliminate_the_support() -> None:
    """SPECIAL FUNCTIONS / Supply Request: 'the supporting unit takes a step loss' -- a Support
    unit at Range 0 and Strength 1 would be eliminated, so the computer does not ask it."""
    g = make_game({1: ("armor", "@EH"), 2: ("support", "@EG")})
    unit(g, "west", 1).strength = 2
    supply = AggressorOrder("key", unit=1, key=3)  # toward the Support unit above
    assert _Plan(g.view("west").data).score(supply) > 0
    s = unit(g, "west", 2)
    s.range = 0
    assert _Plan(g.view("west").data).score(supply) == 0


def test_computer_flies_recon_over_sectors_it_wants_only() -> None:
    """SPECIAL FUNCTIONS / Recon: the mission reveals unobserved units on its line; over the
    computer's own quiet home sectors it would learn nothing it needs."""
    g = make_game({1: ("airbase", "@CH")})
    plan = _Plan(g.view("west").data)
    home = AggressorOrder("special", unit=1, key=7, target="@DC", mission="recon")  # NW
    enemy = AggressorOrder("special", unit=1, key=7, target="@KH", mission="recon")  # C
    assert plan.score(home) == 0
    assert plan.score(enemy) > 0


def test_computer_holds_fire_across_the_border_until_it_chooses_aggression() -> None:
    """GAME OBJECT: 'The first side to attack in any manner a unit which is located on the
    enemy's side of the border is assigned the role of aggressor'. In round 1, with nothing
    forcing its hand, the computer does not fire across the border at a unit it observes,
    though it fires at the same unit on its own side; once the enemy holds four sectors it
    does."""
    orders = []
    for where in ("@LH", "@JH"):  # across the border (East's side), then on West's side
        g = make_game({1: ("artillery", "@IH")}, {1: ("infantry", "@NH")})
        put(g, "east", 1, where)
        g._observe("west")
        order = ComputerPlayer(AggressorRuleset(), "west").act(
            g.view("west"), np.random.default_rng(0)
        )
        orders.append(aims_at(order, "@IH"))
    assert orders == [None, "@JH"]
    g = make_game({1: ("artillery", "@IH")}, {1: ("infantry", "@NH")})
    put(g, "east", 1, "@LH")
    g._observe("west")
    g.control = ["east"] * 4 + ["west"] * 5  # the enemy is one sector from victory
    order = ComputerPlayer(AggressorRuleset(), "west").act(g.view("west"), np.random.default_rng(0))
    assert aims_at(order, "@IH") == "@LH"


def aims_at(order: AggressorOrder, at: str) -> str | None:
    """The hex an order of the unit at ``at`` attacks or fires at (None: neither)."""
    if order.kind == "special":
        return order.target
    if order.kind == "key":
        target = rl.label(rl.NEIGHBOURS[rl.parse_label(at)][order.key - 1])
        return target if target in ("@JH", "@LH") else None
    return None


def test_computer_chooses_when_to_declare_and_partisans_occur() -> None:
    """Partisan Contact is possible only 'while no aggressor side has yet been declared': in
    computer-against-computer games nobody is declared aggressor in round 1, and some unit
    makes partisan contact (benchmarks/aggressor_ai.py --self-play counts over 100 games)."""
    resolved = resolve_scenario("aggressor/sector")
    contacts = 0
    for seed in range(3):
        session = Session.start(
            resolved, seed=seed, agents={"west": "computer", "east": "computer"}
        )
        session.run()
        events = session.game.events(None)
        declared = [e.time for e in events if e.kind == "aggressor"]
        assert not declared or declared[0] > 1
        contacts += sum(
            1 for e in events if e.kind == "partisan-contact" and "contact made" in e.text
        )
    assert contacts > 0


def _restraint_game(type_: str, *, observed: bool = True) -> Any:
    """West's ``type_`` (unit 1) at @GH, five hexes from an East Armor across the border at @LH,
    which West's Support at @JH observes (OBSERVATION: within its Range 2) unless not
    ``observed``; no side declared yet."""
    west = {1: (type_, "@GH")}
    if observed:
        west[2] = ("support", "@JH")
    g = make_game(west, {1: ("armor", "@LH")})
    g._observe("west")
    return g


@pytest.mark.parametrize("key", [5, 6])  # to @HG or @HH, four hexes from the East Armor
def test_computer_keeps_out_of_reach_of_a_first_strike_until_it_declares(key: int) -> None:
    """MOVEMENT and COMBAT: an Armor moves 3 hexes and attacks the hex next to it, so an enemy
    unit strikes 4 hexes far in its next turn (``REACH``); GAME OBJECT: the first to attack
    across the border becomes the aggressor. Until a side is declared, the computer's Armor
    does not step within that reach of the East Armor it observes (it waits, dug in, for the
    enemy to come to its side of the border); it does when it sees no enemy, or once a side
    is declared."""
    move = AggressorOrder("key", unit=1, key=key)
    start, to = rl.parse_label("@GH"), rl.NEIGHBOURS[rl.parse_label("@GH")][key - 1]
    assert rl.DIST[start][rl.parse_label("@LH")] == 5
    assert rl.DIST[to][rl.parse_label("@LH")] == 4
    g = _restraint_game("armor")
    assert g.view("west").data["enemy"]  # the East Armor is observed
    assert _Plan(g.view("west").data).score(move) == 0
    assert _Plan(_restraint_game("armor", observed=False).view("west").data).score(move) > 0
    g.aggressor = "east"
    assert _Plan(g.view("west").data).score(move) > 0


def test_computer_sends_its_first_infantry_across_for_partisan_contact() -> None:
    """Partisan Contact: 'attempted by a unit which begins its turn in enemy territory ...
    while no aggressor side has yet been declared'. The computer's first Infantry (``SEEKERS``)
    goes on toward East's territory where the Armor would hold back, making for the hexes
    more than two from any known enemy."""
    g = _restraint_game("infantry")
    plan = _Plan(g.view("west").data)
    assert plan.seekers == {1}
    # @HG: a step nearer the East hexes more than two from the Armor (north of it)
    assert plan.score(AggressorOrder("key", unit=1, key=5)) > 0
    assert plan.score(AggressorOrder("key", unit=1, key=1)) == 0  # @FG, back west
    armor = _Plan(_restraint_game("armor").view("west").data)
    assert armor.score(AggressorOrder("key", unit=1, key=5)) == 0
