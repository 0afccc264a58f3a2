"""Fixtures for the flankbattle tests: the bundled example database and a war builder."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from hexwar.rulesets.flankbattle.database import Database, example_database
from hexwar.rulesets.flankbattle.params import Parameters, default_parameters, default_units
from hexwar.rulesets.flankbattle.war import WarSetup, make_setup

WarFactory = Callable[..., WarSetup]


@pytest.fixture
def db() -> Database:
    """A fresh copy of the example database (tests may edit its rows)."""
    return copy.deepcopy(example_database(default_parameters(), default_units()))


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
