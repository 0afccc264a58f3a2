"""The IDAHEX scenario: the content of Files 50 and 60 (seed 000, §9) as one TOML document.

A scenario file names the ruleset, gives the game a title, and carries the design data in two
tables: ``design`` (File 50, every group of §9.1.1, field names as in the manual) and ``maps``
(File 60, the ``envmap``/``rtemap``/``barmap`` changes of each cycle, §9.1.2).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from hexwar.rulesets.idahex.design import File50, File60
from hexwar.scenarios import ScenarioModel

__all__ = ["IdahexScenario"]


class IdahexScenario(ScenarioModel):
    """One IDAHEX game design: File 50 as ``design`` and File 60 as ``maps``."""

    ruleset: Literal["idahex"]
    title: str = Field(description="the game's name, shown to players")
    description: str = Field("", description="what the game is about, for the scenario list")
    design: File50 = Field(description="File 50: every game design datum but the maps (§9.1.1)")
    maps: File60 = Field(
        default_factory=File60,
        description="File 60: the map changes read at the start of each cycle (§9.1.2)",
    )
