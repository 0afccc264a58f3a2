"""The computer player of the flank battle: the moderator's deployment.

Seed 004 leaves the strategy to the players ("All the players have to worry about is writing
the details of their strategy and tactics, and all the mods have to worry about is punching
that strategy and tactics into the GUI") and gives the moderator one default: "Reset ... will
restore the strategy back to three flanks per side, and evenly distribute the military". The
``ai`` agent deploys what the scenario gives for its side -- the researched historical
deployment of the bundled battles (sources in each scenario file) -- or, where a scenario
gives none, that Reset. It reads nothing but its own view.
"""

from __future__ import annotations

import numpy as np

from hexwar.core.views import View
from hexwar.rulesets.flankbattle.orders import Deployment

__all__ = ["ScenarioDeployment"]


class ScenarioDeployment:
    """The ``ai`` agent: the scenario's deployment of its side (else three even flanks)."""

    def __init__(self, side: str) -> None:
        self.side = side

    def act(self, view: View, rng: np.random.Generator) -> Deployment:
        return Deployment()
