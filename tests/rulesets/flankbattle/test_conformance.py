"""The conformance kit (hexwar.testing) run against the flankbattle ruleset (seed 004).

flankbattle has no hidden information once deployed: the database is public in a map game,
and the sealed deployments are held by the core until both are in (docs/rulings/flankbattle.md).
"""

from __future__ import annotations

from hexwar.testing import ConformanceSuite


class TestFlankbattleConformanceHastings(ConformanceSuite):
    scenario = "flankbattle/hastings"
    max_steps = 5


class TestFlankbattleConformanceTrafalgar(ConformanceSuite):
    scenario = "flankbattle/trafalgar"
    max_steps = 5
