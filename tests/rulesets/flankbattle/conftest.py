"""Fixtures for the flankbattle tests: the bundled example database and a war builder."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from hexwar.rulesets.flankbattle.database import Database, example_database
from hexwar.rulesets.flankbattle.engine import Battle
from hexwar.rulesets.flankbattle.flanks import FlankSpec
from hexwar.rulesets.flankbattle.params import (
    Parameters,
    UnitType,
    default_parameters,
    default_units,
)
from hexwar.rulesets.flankbattle.schema import TABS, with_defaults
from hexwar.rulesets.flankbattle.variables import SideVariables, compute_side
from hexwar.rulesets.flankbattle.war import WarSetup, make_setup

WarFactory = Callable[..., WarSetup]


@pytest.fixture
def db() -> Database:
    """A fresh copy of the example database (tests may edit its rows)."""
    return copy.deepcopy(example_database(default_parameters(), default_units()))


def battle_of(
    setup: WarSetup,
    attackers: list[FlankSpec],
    defenders: list[FlankSpec],
    seed: int = 5,
    *,
    grid: np.ndarray | None = None,
) -> Battle:
    """The battle of ``setup`` with these flanks on its terrain (or ``grid``), its random
    stream seeded ``seed``."""
    return Battle(
        setup.sides,
        (attackers, defenders),
        location=setup.location,
        grid=setup.grid if grid is None else grid,
        params=setup.params,
        rng=np.random.default_rng(seed),
    )


def duel(setup: WarSetup) -> Battle:
    """Each side's whole army in one flank, face to face at (200, 200) and (205, 200), the
    battle's random stream seeded 5."""
    ax, dx = setup.default_deployment(0, 1)[0], setup.default_deployment(1, 1)[0]
    return battle_of(
        setup,
        [FlankSpec(200, 200, ax.infantry, ax.cavalry, ax.artillery, ax.ships)],
        [FlankSpec(205, 200, dx.infantry, dx.cavalry, dx.artillery, dx.ships)],
    )


def deployed(setup: WarSetup, seed: int = 1) -> Battle:
    """The battle of ``setup`` with each side's default deployment, its random stream seeded
    ``seed``."""
    return battle_of(setup, setup.default_deployment(0), setup.default_deployment(1), seed)


def trafalgar(war: WarFactory) -> WarSetup:
    """Trafalgar (1805): the Combined Fleet attacks the Mediterranean Fleet at sea."""
    return war(
        attacker="Combined Fleet",
        defender="Mediterranean Fleet",
        location="Cape Trafalgar",
        year=1805,
    )


# Testland: a nation of 1,000,000 founded in 1000 (its crisis in 1050), for the tests that
# work out one side's variables by hand (seed 004, Intermediate variables).
TESTLAND = {"name": "Testland", "population": 1e6, "year_founded": 1000.0, "year_crisis": 1050.0,
            "gdp": 1e9, "urban_population": 0.2, "arable_land": 1e6, "diet": "Wheat",
            "animals": "Herd animals", "steel_production": 1000.0}  # fmt: skip
SKILLS = ("attack", "defense", "siege", "authority", "cunning", "zeal", "martial")


def side_of_testland(
    *,
    nation: dict[str, Any] | None = None,
    military: dict[str, Any] | None = None,
    location: dict[str, Any] | None = None,
    national_leader: bool = False,
    military_leader: bool = False,
    skills: dict[str, float] | None = None,
    defender: bool = False,
    year: int = 1066,
    motive: str = "Conquest",
    params: Parameters | None = None,
    units: dict[str, UnitType] | None = None,
) -> SideVariables:
    """Testland's side (``nation``'s fields over :data:`TESTLAND`): a military of 10,000
    (``military``'s fields on its row, the others at the seed's defaults) at "Here"
    (``location``'s fields), fighting for ``motive`` in ``year``. "Tester", a leader rated 1 in
    every skill (or as ``skills`` says), is its national and/or its military leader where
    asked. The parameters and unit types are the bundled ones unless given."""
    params = params or default_parameters()
    rated = dict.fromkeys(SKILLS, 1.0) | (skills or {})
    leader = with_defaults(TABS["Leader"], {"name": "Tester"} | rated, params)
    return compute_side(
        "defender" if defender else "attacker",
        nation=with_defaults(TABS["Nation"], TESTLAND | (nation or {}), params),
        military=with_defaults(
            TABS["Military"],
            {"nation": "Testland", "name": "M", "size": 1e4} | (military or {}),
            params,
        ),
        national_leader=leader if national_leader else None,
        military_leader=leader if military_leader else None,
        location=with_defaults(TABS["Location"], {"name": "Here"} | (location or {}), params),
        year=year,
        motive=motive,
        defender=defender,
        units=units or default_units(),
        params=params,
    )


def edited_parameters(**battle: Any) -> Parameters:
    """The bundled parameters with some battle constants changed."""
    data = copy.deepcopy(default_parameters().data)
    data["battle"].update(battle)
    return Parameters(data)


@pytest.fixture
def war(db: Database) -> WarFactory:
    def build(
        attacker: str = "Norman Host",
        defender: str = "Housecarls and Fyrd",
        location: str = "Hastings",
        *,
        year: int = 1066,
        motive: str = "Conquest",
        map_name: str | None = None,
        params: Parameters | None = None,
    ) -> WarSetup:
        return make_setup(
            db,
            title=f"Battle of {location}",
            year=year,
            motive=motive,
            attacker=(attacker, None, None, None),
            defender=(defender, None, None, None),
            location=location,
            map_name=map_name,
            grid=None,
            params=params or default_parameters(),
            units=default_units(),
        )

    return build
