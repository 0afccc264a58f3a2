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
from hexwar.rulesets.flankbattle.params import Parameters, default_parameters, default_units
from hexwar.rulesets.flankbattle.war import WarSetup, make_setup

WarFactory = Callable[..., WarSetup]


@pytest.fixture
def db() -> Database:
    """A fresh copy of the example database (tests may edit its rows)."""
    return copy.deepcopy(example_database(default_parameters(), default_units()))


def duel(setup: WarSetup) -> Battle:
    """Each side's whole army in one flank, face to face at (200, 200) and (205, 200), the
    battle's random stream seeded 5."""
    ax, dx = setup.default_deployment(0, 1)[0], setup.default_deployment(1, 1)[0]
    return Battle(
        setup.sides,
        (
            [FlankSpec(200, 200, ax.infantry, ax.cavalry, ax.artillery, ax.ships)],
            [FlankSpec(205, 200, dx.infantry, dx.cavalry, dx.artillery, dx.ships)],
        ),
        location=setup.location,
        grid=setup.grid,
        params=setup.params,
        rng=np.random.default_rng(5),
    )


def deployed(setup: WarSetup, seed: int = 1) -> Battle:
    """The battle of ``setup`` with each side's default deployment, its random stream seeded
    ``seed``."""
    return Battle(
        setup.sides,
        (setup.default_deployment(0), setup.default_deployment(1)),
        location=setup.location,
        grid=setup.grid,
        params=setup.params,
        rng=np.random.default_rng(seed),
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
