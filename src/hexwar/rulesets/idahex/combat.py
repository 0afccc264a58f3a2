"""The combat model the maneuver engine calls (seed 000 §5), as far as part 1 of the ruleset
goes: standard values (§5.3) for the counterattack test of §3.3.4 and the engagement hooks.

:class:`ManeuverCombat` computes the standard values ``rsvala``/``rsvald`` from the design
data (§5.3, :func:`~hexwar.rulesets.idahex.values.standard_values`) but assesses no attrition:
its engagements hold attackers at ``t + inf`` until maneuver ends them (§3.3.3, §3.3.7), and
every resource of an engaged unit counts as actively involved (``frinv = 1``) for supplies
consumption (§7). The attrition process of §5.1-5.4 replaces :meth:`assess` and
:meth:`involvement`.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from hexwar.rulesets.idahex.rules import Rules
from hexwar.rulesets.idahex.values import StandardValues, standard_values

if TYPE_CHECKING:
    from hexwar.rulesets.idahex.engine import Engagement, Engine, UnitState

__all__ = ["ManeuverCombat"]


class ManeuverCombat:
    """Engagements without attrition; standard values from §5.3."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    @cached_property
    def _values(self) -> StandardValues:
        return standard_values(self.rules.design)

    def standard_values(self, side: int) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        v = self._values
        return np.asarray(v.rsvala[side - 1]), np.asarray(v.rsvald[side - 1])

    def assess(self, engine: Engine, engagement: Engagement) -> None:
        """No attrition: the engagement goes on until maneuver ends it."""

    def involvement(self, engine: Engine, unit: UnitState) -> NDArray[np.float64]:
        return np.ones(len(unit.resources))
