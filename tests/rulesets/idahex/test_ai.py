"""The IDAHEX computer commander (docs/idahex.md, "The computer opponent"): it decides from its
side's view only -- what it observes, what it was told of its engagements (§8) and the
standard values of §5.3 -- and every command it gives is one a player could enter, to a cell
of the area of war: activation (§4.1), missions (§4.1), transfers (§4.2.1), air strikes (§6).

The Sinai standard values are all about 1 per ground weapon (the placeholder kill rates,
docs/rulings/idahex.md), so a unit's value is about its count of ground weapons: a Red
motorized rifle division about 240, a Red tank regiment about 127, a Blue mechanised brigade
about 345."""

from __future__ import annotations

import numpy as np
import pytest

from hexwar.agents import agent_rng
from hexwar.rulesets.idahex.ai import ATTACK_ODDS, SORTIE, IdahexAgent
from hexwar.rulesets.idahex.ai_legacy import LegacyAgent
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.orders import Command, Mission, Strike, Transfer
from hexwar.rulesets.idahex.postures import Order
from hexwar.sessions import Session, resolve_scenario
from tests.rulesets.idahex.sinai import game, play, unit

ITRFP = 11  # Sinai's transfer posture


def orders_of(g: IdahexGame, side: str, seed: int = 0) -> tuple[Command, ...]:
    agent = IdahexAgent(g.ruleset, side)
    return agent.act(g.view(side), np.random.default_rng(seed)).commands


def missions(commands: tuple[Command, ...]) -> dict[tuple[int, ...], tuple[Order, ...]]:
    return {c.units: c.orders for c in commands if isinstance(c, Mission)}


def starve(g: IdahexGame, n: int, share: float) -> None:
    """Leave unit ``n`` with ``share`` of its supplies."""
    lo, hi = g.rules.resources[g.engine.units[n].side - 1].supplies
    u = g.engine.units[n]
    u.change_resources(slice(lo, hi), u.resources[lo:hi] * share)


# -- §4.1: reinforcements --------------------------------------------------------------------


def test_4_1_reinforcements_are_activated_where_they_wait() -> None:
    g = game(unit(2, 27), unit(156, 106, posture=0))
    assert missions(orders_of(g, "blue"))[(156,)] == (Order(106, 10),)


def test_3_3_5_no_activation_in_a_cell_the_enemy_owns() -> None:
    g = game(unit(2, 27), unit(153, 39), unit(156, 20, posture=0))  # cell 20 is Red's
    assert (156,) not in missions(orders_of(g, "blue"))


# -- strength, not counts ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_front_units_attack_where_their_value_outweighs_the_enemy_seen(seed: int) -> None:
    """Three divisions (about 720 on attack) against one brigade seen (about 345 on defense):
    a ratio of about 2.1, above ATTACK_ODDS whatever the period's draw (+-15 %)."""
    assert ATTACK_ODDS * 1.15 < 2.05
    g = game(unit(2, 27), unit(7, 27), unit(8, 27), unit(153, 39))
    assert missions(orders_of(g, "red", seed))[(2, 7, 8)] == (Order(39, 10),)


@pytest.mark.parametrize("seed", range(5))
def test_many_weak_units_do_not_attack_one_strong_one(seed: int) -> None:
    """Three tank regiments and an AAA regiment (four units, about 420) do not attack one
    brigade (about 345): four to one in units, 1.2 in value (the legacy agent counted units
    and would attack)."""
    g = game(unit(3, 27), unit(25, 27), unit(42, 27), unit(37, 27), unit(153, 39))
    assert all(
        39 not in [o.objective for o in m] for m in missions(orders_of(g, "red", seed)).values()
    )


def test_a_defender_told_it_is_losing_retreats_before_the_feba_reaches_febad() -> None:
    """§8 at iprint 15 and more: the player is told FRGRD. A division attacked by two
    brigades (told FRGRD about 4) disengages toward an own cell once the FEBA passes a third,
    before §5.3 defeats it at febad."""
    g = game(unit(2, 27), unit(153, 39), unit(154, 39))
    play(g, "", "mission 27,10 units 153,154")
    while True:
        engagements = g.view("red").data["engagements"]
        if engagements and engagements[0]["feba"] >= 1 / 3:
            break
        play(g)
    (e,) = engagements
    assert e["frgrd"] >= 2
    assert e["feba"] < g.rules.design.febad
    (order,) = missions(orders_of(g, "red"))[(2,)]
    assert order.objective in g.rules.grid.active_rim(27)
    assert g.engine.owner[order.objective] == 1


# -- §4.2: supply ------------------------------------------------------------------------------


def test_4_2_a_depot_takes_the_transfer_posture_in_a_safe_cell() -> None:
    g = game(unit(51, 16), unit(2, 27), unit(153, 39))
    assert missions(orders_of(g, "red"))[(51,)] == (Order(16, ITRFP),)


def test_4_2_1_a_depot_refills_by_transfer_the_short_units_in_its_cell() -> None:
    g = game(unit(51, 16, posture=ITRFP), unit(2, 16), unit(153, 39))
    starve(g, 2, 0.3)
    assert Transfer(16, (51,)) in orders_of(g, "red")


def test_7_a_short_unit_not_engaged_marches_to_the_depot() -> None:
    g = game(unit(51, 16, posture=ITRFP), unit(2, 27), unit(7, 27), unit(153, 39))
    starve(g, 2, 0.3)
    assert missions(orders_of(g, "red"))[(2,)] == (Order(16, 10),)


# -- §6: air ---------------------------------------------------------------------------------


def test_6_interdiction_of_the_cell_with_most_enemy_seen() -> None:
    g = game(unit(2, 27), unit(7, 28), unit(153, 39), unit(154, 40), unit(176, 40))
    assert g.view("red").data["design"]["strikes_now"]
    strikes = [c for c in orders_of(g, "red") if isinstance(c, Strike)]
    types = g.view("red").data["design"]["aircraft_types"]
    assert strikes == [Strike("interdiction", 40, (SORTIE,) * types, (4, 3, 1, 2))]


def test_6_close_air_support_where_it_attacks() -> None:
    g = game(unit(2, 27), unit(7, 27), unit(8, 27), unit(153, 39))
    play(g, "mission 39,10 units 2,7,8")
    while not (g.engine.engagements and g.view("red").data["design"]["strikes_now"]):
        play(g)
    strikes = [c for c in orders_of(g, "red") if isinstance(c, Strike)]
    assert [(s.role, s.cell) for s in strikes] == [("cas", 39)]


# -- the agent in play -----------------------------------------------------------------------


def test_no_order_names_an_inactive_cell() -> None:
    """§2.1: a cell with a nonpositive environment is 'effectively excluded' from the area of
    war; the view's owner map still lists the design's owners of the 26 inactive Sinai cells.
    Eighty periods of ai against ai: no mission names one, and the game refuses nothing."""
    resolved = resolve_scenario("idahex/sinai")
    session = Session.start(resolved, seed=3, agents={"red": "ai", "blue": "ai"})
    session.run(max_steps=80)
    game = session.game
    assert isinstance(game, IdahexGame)
    inactive = set(game.rules.grid.inactive)
    assert len(inactive) == 26
    named = {
        int(o[0])
        for sub in game.orders
        for c in sub.order.get("commands", [])
        if "mission" in c
        for o in c["mission"]["orders"]
    }
    assert named
    assert not named & inactive
    assert not [e.text for e in game.events(None) if e.kind == "refused"]
    assert not [e.text for e in game.events(None) if "is inactive" in e.text]


@pytest.mark.parametrize(("red", "blue", "seed"), [("ai", "ai", 1)])
def test_no_decision_of_a_game_creates_resources(red: str, blue: str, seed: int) -> None:
    """Combat (§5), transfers and deliveries (§4.2), air strikes (§6) and consumption (§7)
    only move or destroy resources: each side's total of every type never grows."""
    resolved = resolve_scenario("idahex/sinai")
    session = Session.start(resolved, seed=seed, agents={"red": red, "blue": blue})
    game = session.game
    assert isinstance(game, IdahexGame)

    def totals() -> list[np.ndarray]:
        units = game.engine.units.values()
        return [np.sum([u.resources for u in units if u.side == s], axis=0) for s in (1, 2)]

    before = totals()
    for step in range(1, 41):
        session.run(max_steps=step)
        now = totals()
        for side in (0, 1):
            assert np.all(now[side] <= before[side] + 1e-9), (step, side)
        before = now
    kinds = {e.kind for e in game.events(None)}
    assert {"combat", "air"} <= kinds


# -- the commander's memory --------------------------------------------------------------------


def test_7_a_unit_that_runs_short_after_a_decision_goes_to_the_depot_at_the_next() -> None:
    """The commander keeps its last decision while its units change only in resources; a
    supply ratio that falls below SHORT changes it. A division in cell 6, behind the line
    (no enemy next to it, so its value is weighed nowhere), first steps to cell 5 on its
    way to the empty front (27 by 5 and 16); with 30 % of its supplies it marches through
    5 to the depot in cell 16."""
    g = game(unit(51, 16, posture=ITRFP), unit(2, 6), unit(153, 39))
    agent = IdahexAgent(g.ruleset, "red")
    before = agent.act(g.view("red"), np.random.default_rng(0)).commands
    assert missions(before)[(2,)] == (Order(5, 10),)
    starve(g, 2, 0.3)
    after = agent.act(g.view("red"), np.random.default_rng(0)).commands
    assert missions(after)[(2,)] == (Order(5, 10), Order(16, 10))


def test_an_attack_is_weighed_again_when_the_attackers_lose_weapons() -> None:
    """Three divisions (235 + 245 + 242 = 722 on attack) attack the brigade (345 on
    defense, ratio 2.1). With nine in ten of their weapons gone, two of them weigh about 49
    together, 284 in all: ratio 0.82, below ATTACK_ODDS * 0.85 = 1.36 whatever the draw.
    Their supplies are unchanged, so only the value of the attack tells the decisions
    apart: the same commander no longer attacks."""
    g = game(unit(2, 27), unit(7, 27), unit(8, 27), unit(153, 39))
    agent = IdahexAgent(g.ruleset, "red")
    assert missions(agent.act(g.view("red"), np.random.default_rng(0)).commands)[(2, 7, 8)] == (
        Order(39, 10),
    )
    lo, _ = g.rules.resources[0].supplies
    for n in (7, 8):
        u = g.engine.units[n]
        u.change_resources(slice(0, lo), u.resources[:lo] * 0.1)
    after = agent.act(g.view("red"), np.random.default_rng(0)).commands
    assert all(39 not in [o.objective for o in m] for m in missions(after).values())


def test_4_2_1_the_legacy_commander_refills_a_unit_that_runs_short_after_a_decision() -> None:
    """The legacy commander keeps its last decision while its units' supply ratios stay on
    the same side of SHORT and DEPOT. A division beside a depot in cell 16 first marches
    to the front cell 27 next to the enemy; with 30 % of its supplies it stays (short units
    do not march) and the depot gives by transfer in its cell (§4.2.1)."""
    g = game(unit(51, 16, posture=ITRFP), unit(2, 16), unit(153, 39))
    agent = LegacyAgent(g.ruleset, "red")
    before = agent.act(g.view("red"), np.random.default_rng(0)).commands
    assert before == (Mission((Order(27, 10),), (2,)),)
    starve(g, 2, 0.3)
    assert agent.act(g.view("red"), np.random.default_rng(0)).commands == (Transfer(16),)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "make", "state"),
    [("ai", IdahexAgent, "153acb9d805f191b"), ("legacy", LegacyAgent, "61611026c64a0564")],
)
def test_the_commanders_memory_changes_no_decision(name: str, make: type, state: str) -> None:
    """A whole Sinai game (seed 1) of a commander against itself: every fourth decision of
    the playing commanders, who keep their last decisions, is the one a new commander (no
    memory) takes from the same view and stream; the game ends in its known state."""
    session = Session.start(
        resolve_scenario("idahex/sinai"), seed=1, agents={"red": name, "blue": name}
    )
    game = session.game
    checked = 0
    while (decision := game.decision()) is not None:
        for side in sorted(decision.sides):
            view = game.view(side)
            kept = session.agents[side].act(view, agent_rng(game.seed, side, decision.step))
            if decision.step % 4 == 0:
                new = make(game.ruleset, side)
                assert new.act(view, agent_rng(game.seed, side, decision.step)) == kept
                checked += 1
            game.submit(side, kept)
    assert checked == 1000
    assert game.state_hash().startswith(state)
