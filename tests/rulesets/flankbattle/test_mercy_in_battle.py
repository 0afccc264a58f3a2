"""Mercy where the battle applies it (seed 004, Attacking: "Casualties = Battalion*
Effectiveness*Power*Efficiency*Random Number*Mercy*(1-Enemy Defense) ... Mercy ... is
typically assigned as 1, but if the enemy is routing then it is set to 0.1"; morale loss has
no mercy). Two identical attacks by the battle engine, the same draws, one on a routing flank:
the routing flank loses a tenth of the soldiers and the same morale."""

from __future__ import annotations

import pytest

from hexwar.rulesets.flankbattle.war import WarSetup

from .conftest import WarFactory, duel


def _attack(setup: WarSetup, routing: bool) -> dict[str, float]:
    battle = duel(setup)
    battle._random = lambda: 0.5  # the same draw everywhere, in both battles
    f, target = battle.flanks
    target.routing = routing
    _, action, _, _, ready, _ = battle.decide(f, target, 5.0)
    assert action == "attack"
    assert ready
    battle.attack(f, target, ready, 1)
    event = next(e for e in battle.events if e.kind == "attack")
    return {"killed": event.data["killed"], "demoralised": event.data["demoralised"]}


def test_a_routing_flank_suffers_a_tenth_of_the_casualties_and_the_same_morale_loss(
    war: WarFactory,
) -> None:
    setup = war(map_name="Plain")
    steady, routing = _attack(setup, False), _attack(setup, True)
    assert steady["killed"] > 1.0
    assert routing["killed"] == pytest.approx(steady["killed"] * 0.1, rel=1e-3)
    assert routing["demoralised"] == pytest.approx(steady["demoralised"], rel=1e-9)
