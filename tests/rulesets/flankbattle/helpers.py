"""Helpers shared by the flank battle's rule tests (seed 004): small battles set up by hand."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import Any

from hexwar.rulesets.flankbattle.engine import Battle
from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from hexwar.rulesets.flankbattle.params import (
    default_parameters,
)
from hexwar.rulesets.flankbattle.variables import SideVariables, Variable

from .conftest import (
    WarFactory,
    battle_of,
    duel,
    side_of_testland,
)


def _draws_then(battle: Battle, listed: Iterable[float], then: float) -> None:
    """The battle's uniform draws: ``listed`` in order, then ``then`` for every draw after."""
    it = iter(listed)
    battle._random = lambda: next(it, then)


def _killed(battalion: float, unit: object, power: float, r: float, defense: float) -> float:
    """Seed 004, Attacking: Casualties = Battalion*Effectiveness*Power*Efficiency*Random*Mercy*
    (1-Enemy Defense), Mercy 1, on terrain whose factors are 1 (plain, water)."""
    eff = min(1.0, unit.efficiency.value)  # type: ignore[attr-defined]
    return battalion * unit.effectiveness.value * power * eff * r * (1.0 - defense)  # type: ignore[attr-defined]


ENGLISH_AT_50 = 200 + math.sqrt(7000) + 50  # 50 metres beyond the square root of 7,000


def _archers_in_reach(war: WarFactory, maneuver: Maneuver = Maneuver.NORMAL) -> Battle:
    """A Norman flank of 2 Soldiers, 1 Knight and 1 Archer at (200, 200) on the plain, the
    English (7,000, on Position) 50 metres beyond the square root of their size: only the
    Archer's bow (80 metres) reaches."""
    setup = war(map_name="Plain")
    return battle_of(
        setup,
        [FlankSpec(200, 200, 2, 1, 1, 0, maneuver)],
        [FlankSpec(ENGLISH_AT_50, 200, 2100, 0, 4900, 0, Maneuver.POSITION)],
    )


def _ready_each_hour(battle: Battle, hours: int) -> list[list[str]]:
    """The first flank's decision against the second each hour, as the hour makes it, and its
    attack when it attacks: the unit types ready (or "retreat")."""
    f, enemy = battle.flanks
    out: list[list[str]] = []
    for _ in range(hours):
        _, action, target, _, ready, _ = battle.decide(f, enemy, math.hypot(enemy.x - f.x, 0.0))
        if action == "attack" and target is not None:
            battle.attack(f, target, ready, 1)
        out.append(["retreat"] if action == "retreat" else [u.unit.name for u, _ in ready])
    return out


P = default_parameters()


def _testland(*, leaders: bool = False, **fields: Any) -> SideVariables:
    """Testland's side (conftest's :func:`side_of_testland`); with ``leaders`` "Tester" is both its
    national and its military leader."""
    return side_of_testland(national_leader=leaders, military_leader=leaders, **fields)


def _term(var: Variable, starts: str) -> float:
    """The value of the variable's one term whose name starts with ``starts``."""
    (value,) = [t.value for t in var.terms if t.name.startswith(starts)]
    return value


def _english_at_20_a_soldier(war: WarFactory) -> Battle:
    """The duel at Hastings, the English flank (7,000) at 20 morale a soldier: 140,000."""
    battle = duel(war(map_name="Plain"))
    english = battle.flanks[1]
    assert english.size == 7000.0
    english.morale = english.start_morale = 140000.0
    return battle


def _hastings(war: WarFactory, english: list[FlankSpec]) -> Battle:
    """Hastings on the plain map: the Normans in one flank at (200, 200), the English in
    ``english``; the battle's stream seeded 5."""
    setup = war(map_name="Plain")
    return battle_of(setup, [FlankSpec(200, 200, 4000, 2000, 2000, 134)], english)


POSITION, NORMAL = Maneuver.POSITION, Maneuver.NORMAL


POSITION, NORMAL = Maneuver.POSITION, Maneuver.NORMAL


def _draws_listed(battle: Battle, *values: float, then: float = 0.9) -> None:
    """The battle's stream gives ``values`` in order, then ``then`` for ever."""
    listed: Iterator[float] = iter(values)
    battle._random = lambda: next(listed, then)


def _quiet_duel(war: WarFactory) -> Battle:
    """The duel with both armies on Position 380 metres apart (out of every weapon's reach: no
    move, no attack, no draw) and room to feed both (a local population of ten million: no
    attrition), so that an hour draws for disease only."""
    battle = duel(war(map_name="Plain"))
    normans, english = battle.flanks
    normans.x, english.x = 10.0, 390.0
    normans.maneuver = english.maneuver = POSITION
    for side in battle.sides:
        side.local_population = 1e7
    return battle


def _hastings_flanks(war: WarFactory, specs: tuple[list[FlankSpec], list[FlankSpec]]) -> Battle:
    """Hastings on the plain map with the given flanks, the battle's stream seeded 5."""
    setup = war(map_name="Plain")
    return battle_of(setup, *specs)


def _soldiers_attack_from(war: WarFactory, feature: int) -> tuple[Battle, dict[str, Any]]:
    """The Norman flank's Soldiers (infantry) alone attack the English flank from ground of
    ``feature``, every draw 0.5: the attack's event data."""
    battle = duel(war(map_name="Plain"))
    battle._random = lambda: 0.5
    attacker, defender = battle.flanks
    attacker.feat = feature
    soldiers = attacker.units[0]
    assert (soldiers.role, soldiers.unit.name) == ("infantry", "Soldier")
    battle.attack(attacker, defender, [(soldiers, 0)], 1)
    return battle, next(e.data for e in battle.events if e.kind == "attack")
