"""Positions for adjudication tests: a game of a bundled variant put at a chosen stage."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from hexwar.core import registry
from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.airwar.game import FIRE, MOVE, AirwarGame
from hexwar.rulesets.airwar.orders import parse_order
from hexwar.rulesets.airwar.rules import City, fire_choices
from hexwar.sessions import resolve_scenario

CitySpec = tuple[str, str] | tuple[str, str, bool] | tuple[str, str, bool, str]


def new_game(variant: str, seed: int = 1) -> AirwarGame:
    resolved = resolve_scenario(f"airwar/{variant}")
    game = registry.get("airwar").new_game(
        resolved.scenario, seed=seed, scenario_id=resolved.scenario_id
    )
    assert isinstance(game, AirwarGame)
    return game


def game_at(
    variant: str,
    *,
    cities: Iterable[CitySpec] = (),
    units: Mapping[str, Mapping[str, int]] | None = None,
    cycle: int = 1,
    phase: str = MOVE,
) -> AirwarGame:
    """A game of ``variant`` at ``phase`` of ``cycle`` with the given position.

    ``cities`` are ``(field, owner[, productive[, holder]])``; preassigned cities stay.
    """
    game = new_game(variant)
    pos = game.pos
    geo = pos.geo
    for spec in cities:
        field, owner = spec[0], spec[1]
        productive = spec[2] if len(spec) > 2 else True
        holder = spec[3] if len(spec) > 3 else owner
        h = geo.parse(field)
        airport = geo.airport_of(h, owner)
        assert airport is not None
        city = City(h, airport, owner, bool(productive), str(holder))
        if holder != owner:
            city.changed = 0
        pos.cities.append(city)
    pos.units = {s: {geo.parse(f): n for f, n in (units or {}).get(s, {}).items()} for s in "12"}
    pos.cycle = cycle
    game.phase = phase
    if phase == FIRE:
        game.fire_sides = frozenset(s for s in "12" if fire_choices(pos, s))
    return game


def units_of(game: AirwarGame, side: str) -> dict[str, int]:
    geo = game.pos.geo
    return {geo.label(h): n for h, n in sorted(game.pos.units[side].items())}


def holder(game: AirwarGame, field: str) -> str:
    city = game.pos.city_at(game.pos.geo.parse(field))
    assert city is not None
    return city.holder


def refused(game: AirwarGame, side: str, order: str) -> IllegalOrderError:
    """The refusal of ``order``; every refusal carries the order it refuses."""
    with pytest.raises(IllegalOrderError) as info:
        game.submit(side, order)
    assert info.value.order == parse_order(order)
    return info.value
