"""Helpers shared by the air war rule tests (seed 001, the 1953 paper's sections)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexwar.core import registry
from hexwar.rulesets.airwar.game import AirwarGame
from hexwar.sessions import resolve_scenario

from .conftest import game_at, new_game

# Player 1's cities K4 (airport K3) and D4 (airport D3), player 2's K22 (airport K23);
# no production.
CITIES = [("K4", "1", False), ("D4", "1", False), ("K22", "2", False)]


def _cycle(game: object) -> None:
    game.submit("1", "pass")  # type: ignore[attr-defined]
    game.submit("2", "pass")  # type: ignore[attr-defined]


def _transports() -> AirwarGame:
    """Large board, §3.2.2: D (player 2) owns K44 (airport K45) and D44 (airport D45), three
    units on D45, two double transportations."""
    return game_at("large-no-mans-land-city", cities=[("K44", "2", False), ("D44", "2", False)],
                   units={"1": {"A1": 1}, "2": {"D45": 3}})  # fmt: skip


def _d_moves(units: dict[str, int]) -> AirwarGame:
    """Large board, §3.2.2: D (player 2) owns K44 (airport K45) and D44 (airport D45), with
    ``units``; two double transportations left."""
    return game_at("large-no-mans-land-city", cities=[("K44", "2", False), ("D44", "2", False)],
                   units={"1": {"A1": 1}, "2": units})  # fmt: skip


def _unequal_units() -> AirwarGame:
    """§3 small board rotated, before the units: A's (player 1's) cities I4 I12 I20 M8, B's
    C5 C20 S5 S20."""
    game = new_game("small-unequal")
    game.submit("1", "cities C5 C20 S5 S20")
    game.submit("2", "cities I4 I12 I20 M8")
    return game


# 39 of A's units, three on each of 13 fields of its home territory; H9 holds 3 of them
A39 = " ".join(f"{c}{n}x3" for c, n in zip("HHIIJJKKLLMMN", (9, 10) * 7, strict=False))


def _variant(name: str, change: Callable[[dict[str, Any]], None]) -> AirwarGame:
    """A new game of the bundled variant ``name`` with ``change`` made to its scenario data."""
    resolved = resolve_scenario(f"airwar/{name}")
    data = resolved.scenario.model_dump()
    change(data)
    scenario = type(resolved.scenario).model_validate(data)
    game = registry.get("airwar").new_game(scenario, seed=1, scenario_id=f"{name}-changed")
    assert isinstance(game, AirwarGame)
    return game


def _put(game: AirwarGame, units: dict[str, dict[str, int]], cycle: int = 1) -> AirwarGame:
    """``game`` at the move stage of ``cycle`` with ``units`` (its cities as they are)."""
    geo = game.pos.geo
    game.pos.units = {s: {geo.parse(f): n for f, n in units.get(s, {}).items()} for s in "12"}
    game.pos.cycle = cycle
    game.phase = "move"
    return game
