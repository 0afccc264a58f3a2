"""The IDAHEX computer commander (docs/idahex.md, "The computer opponent"): it decides from its
side's view only, and every command it gives is one a player could enter: activation (§3.3.5),
missions (§4.1), transfers and delivery orders (§4.2), air strikes (§6)."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

from hexwar.rulesets.idahex.ai import DELIVERY, ODDS, SORTIE, IdahexAgent
from hexwar.rulesets.idahex.commands import Command, Commands, Delivery, Mission, Strike, Transfer
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.postures import Order
from hexwar.sessions import Session, resolve_scenario
from tests.rulesets.idahex.sinai import game, play, unit

ITRFP = 11  # Sinai's transfer posture


def orders_of(g: IdahexGame, side: str) -> tuple[Command, ...]:
    agent = IdahexAgent(g.ruleset, side)
    return agent.act(g.view(side), np.random.default_rng(0)).commands


def missions(commands: tuple[Command, ...]) -> dict[tuple[int, ...], tuple[Order, ...]]:
    return {c.units: c.orders for c in commands if isinstance(c, Mission)}


def starve(g: IdahexGame, n: int, share: float) -> None:
    """Leave unit ``n`` with ``share`` of its supplies."""
    lo, hi = g.rules.resources[g.engine.units[n].side - 1].supplies
    g.engine.units[n].resources[lo:hi] *= share


# -- §3.3.5: reinforcements ----------------------------------------------------------------


def test_3_3_5_reinforcements_are_activated_where_they_wait() -> None:
    g = game(unit(2, 27), unit(156, 106, posture=0))
    assert missions(orders_of(g, "blue"))[(156,)] == (Order(106, 10),)


def test_3_3_5_no_activation_in_a_cell_the_enemy_owns() -> None:
    g = game(unit(2, 27), unit(153, 39), unit(156, 20, posture=0))  # cell 20 is Red's
    assert (156,) not in missions(orders_of(g, "blue"))


# -- §4.1: holding the line and attacking where stronger -----------------------------------


def test_rear_units_march_one_own_cell_toward_the_front() -> None:
    g = game(unit(2, 14), unit(153, 39))
    (order,) = missions(orders_of(g, "red"))[(2,)]
    grid, owner = g.rules.grid, g.engine.owner
    assert order.objective in grid.active_rim(14)
    assert owner[order.objective] == 1
    assert order.posture == 10


def test_front_units_attack_with_odds_of_two_to_one() -> None:
    g = game(unit(2, 27), unit(7, 27), unit(153, 39))
    assert ODDS == 2.0
    assert missions(orders_of(g, "red"))[(2, 7)] == (Order(39, 10),)


def test_front_units_hold_without_the_odds() -> None:
    g = game(unit(2, 27), unit(153, 39), unit(154, 39))
    assert missions(orders_of(g, "red")) == {}


def test_short_units_do_not_attack() -> None:
    g = game(unit(2, 27), unit(7, 27), unit(153, 39))
    starve(g, 7, 0.1)
    assert (2, 7) not in missions(orders_of(g, "red"))


# -- §4.2: resupply ------------------------------------------------------------------------


def test_4_2_a_depot_takes_the_transfer_posture() -> None:
    g = game(unit(51, 29), unit(2, 27), unit(153, 39))
    assert missions(orders_of(g, "red"))[(51,)] == (Order(29, ITRFP),)


def test_4_2_1_a_depot_gives_by_transfer_to_a_short_unit_in_its_cell() -> None:
    g = game(unit(51, 27, posture=ITRFP), unit(2, 27), unit(153, 39))
    starve(g, 2, 0.1)
    assert Transfer(27) in orders_of(g, "red")


def test_4_2_2_a_depot_sets_out_as_a_convoy_with_a_delivery_order() -> None:
    g = game(unit(51, 5, posture=ITRFP), unit(2, 26), unit(153, 38))
    starve(g, 2, 0.1)
    orders = missions(orders_of(g, "red"))[(51,)]
    cells = [5, *(o.objective for o in orders)]
    assert cells[-1] == 26
    assert all(o.posture == ITRFP for o in orders)
    grid = g.rules.grid
    assert all(b in grid.active_rim(a) for a, b in pairwise(cells))
    assert all(g.engine.owner[c] == 1 for c in cells)
    g.submit("red", Commands((Mission(orders, (51,)),)))
    g.submit("blue", "")
    tf = g.engine.units[51].tf
    assert tf is not None  # still on its way after one period
    assert Delivery(tf, 26, DELIVERY) in orders_of(g, "red")


# -- §6: air -------------------------------------------------------------------------------


def test_6_interdiction_of_the_nearest_contact_without_engagements() -> None:
    g = game(unit(2, 27), unit(153, 39))
    assert g.view("red").data["design"]["strikes_now"]
    strikes = [c for c in orders_of(g, "red") if isinstance(c, Strike)]
    types = g.view("red").data["design"]["aircraft_types"]
    assert strikes == [Strike("interdiction", 39, (SORTIE,) * types, (4, 3, 1, 2))]


def test_6_close_air_support_for_every_engagement() -> None:
    g = game(unit(2, 27), unit(7, 27), unit(153, 39))
    play(g, "mission 39,10 units 2,7")
    while not (g.engine.engagements and g.view("red").data["design"]["strikes_now"]):
        play(g)
    strikes = [c for c in orders_of(g, "red") if isinstance(c, Strike)]
    assert [(s.role, s.cell) for s in strikes] == [("cas", c) for c in sorted(g.engine.engagements)]


# -- the agent in play -----------------------------------------------------------------------


def test_agents_on_both_sides_give_only_commands_the_game_accepts() -> None:
    resolved = resolve_scenario("idahex/sinai")
    session = Session.start(resolved, seed=3, agents={"red": "ai", "blue": "ai"})
    session.run(max_steps=12)
    assert session.game.step == 12
    assert not [e.text for e in session.game.events(None) if e.kind == "refused"]
    kinds = {e.kind for e in session.game.events(None)}
    assert {"mission", "air"} <= kinds


@pytest.mark.parametrize(
    ("red", "blue", "seed"), [("ai", "ai", 1), ("ai", "random", 2), ("random", "ai", 3)]
)
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
    for step in range(1, 61):
        session.run(max_steps=step)
        now = totals()
        for side in (0, 1):
            assert np.all(now[side] <= before[side] + 1e-9), (step, side)
        before = now
    kinds = {e.kind for e in game.events(None)}
    assert {"combat", "air"} <= kinds
