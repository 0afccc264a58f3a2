"""Scenario files of the air war games: the board, each player's cities, units and special
rules, as data (seed 001, §2.0 and §3). Every variant of the paper is a bundled file."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.airwar.board import SIDES, BoardKind, geometry
from hexwar.scenarios import ScenarioModel

__all__ = ["AirwarScenario", "CitySpec", "NearCity", "PlayerRules"]

ProductiveRule = Literal["all", "range", "nearest", "announced"]


class NearCity(ScenarioModel):
    """A placement rule about a preassigned city (§3.2.2)."""

    city: str = Field(description="the field of a preassigned city")
    units: int | None = Field(
        None, ge=1, description="exactly this many units on fields adjacent to the city"
    )
    min_distance: int | None = Field(
        None, ge=1, description="no unit placed closer than this many moves to the city"
    )


class PlayerRules(ScenarioModel):
    """One player's cities (placed by the opponent), units and special rules."""

    label: str = Field(description="the player's letter in the paper (A, B, C, D) or 1/2")
    units: int = Field(ge=1, description="fighting units at the start (§3)")
    cities: int = Field(ge=1, description="cities the opponent places for this player")
    productive: int = Field(ge=0, description="how many of them receive production")
    productive_rule: ProductiveRule = Field(
        "all",
        description="which cities are productive: all; those whose back-boundary separation is "
        "in productive_back_separation (range); the `productive` nearest the back boundary "
        "(nearest); all but one the player announces before the first cycle (announced)",
    )
    productive_back_separation: tuple[int, int] | None = Field(
        None, description="[min, max] fields between a productive city and the back boundary"
    )
    nearest_back_separation: int | None = Field(
        None, ge=2, description="the city nearest the back boundary is this many fields from it"
    )
    edge_rule: bool = Field(
        False,
        description="§3.1.1: for each boundary, one city separated from it by two or three fields",
    )
    near_city: NearCity | None = Field(None, description="§3.2.2 placement rule near a city")
    no_attack_cycles: int = Field(
        0, ge=0, description="cycles during which this player may not attack"
    )
    no_attack: Literal["territory", "cities"] = Field(
        "territory",
        description="what 'attack' forbids: entering or firing into the opponent's territory, "
        "or entering or firing on the opponent's cities and airports",
    )
    double_transports: int = Field(
        0, ge=0, description="§3.2.2: flights of two units to any own airport, one on to the city"
    )
    produce_when_full: bool = Field(
        False, description="§3.2.2: production even with three units on the city"
    )

    @model_validator(mode="after")
    def _consistent(self) -> PlayerRules:
        if self.productive > self.cities:
            raise ValueError(f"productive ({self.productive}) exceeds cities ({self.cities})")
        if self.productive_rule == "all" and self.productive != self.cities:
            raise ValueError("productive_rule 'all' needs productive == cities")
        if self.productive_rule == "range" and self.productive_back_separation is None:
            raise ValueError("productive_rule 'range' needs productive_back_separation")
        if self.productive_rule == "announced" and self.productive != self.cities - 1:
            raise ValueError("productive_rule 'announced' needs productive == cities - 1")
        if self.productive_back_separation is not None:
            lo, hi = self.productive_back_separation
            if not 2 <= lo <= hi:
                raise ValueError("productive_back_separation must be [min, max] with 2 <= min")
        return self


class CitySpec(ScenarioModel):
    """A city whose position the scenario fixes ("the city positions are preassigned", §2.0)."""

    field: str = Field(description="its field, e.g. K25")
    owner: str = Field(description="the player whose city it originally is")
    possessor: str = Field(description="the player possessing it at the start")
    productive: bool = Field(False, description="whether it receives production")


class AirwarScenario(ScenarioModel):
    """One of the air war games of seed 001."""

    ruleset: Literal["airwar"]
    title: str
    section: str = Field(description="the paper's section describing the game, e.g. 3.1.2")
    description: str = ""
    board: BoardKind = Field(description="large (49 x 21), small (25 x 21) or small_rotated")
    symmetric: bool = Field(description="symmetric game (§3.1) or unsymmetric (§3.2) for §2.5")
    players: dict[str, PlayerRules] = Field(description="rules for players '1' and '2'")
    preassigned_cities: tuple[CitySpec, ...] = ()
    production_before_first_cycle: bool = Field(
        False, description="'production starts at the beginning of the first cycle' (§3.2)"
    )
    capture_delay_cycles: int = Field(
        5,
        ge=0,
        description="§2.5: complete cycles of uncontested possession before a captured "
        "city produces (unsymmetric games)",
    )
    cycle_limit: int = Field(
        120, ge=1, description="the game is stopped after this many cycles (ruling: stalemate)"
    )
    at_cycle_limit: Literal["draw", "more_units"] = Field(
        "draw", description="the result when the cycle limit stops the game"
    )
    move_time_limit_s: int | None = Field(
        None, ge=1, description="§4: suggested seconds per move (shown to players; optional)"
    )

    @model_validator(mode="after")
    def _check(self) -> AirwarScenario:
        if set(self.players) != set(SIDES):
            raise ValueError("players must be exactly '1' and '2'")
        geo = geometry(self.board)
        for i, spec in enumerate(self.preassigned_cities):
            try:
                city = geo.parse(spec.field)
            except InvalidInputError as exc:
                raise ValueError(f"preassigned_cities[{i}].field: {exc}") from None
            if spec.owner not in SIDES or spec.possessor not in SIDES:
                raise ValueError(f"preassigned_cities[{i}]: owner and possessor must be 1 or 2")
            if geo.airport_of(city, spec.owner) is None:
                raise ValueError(f"preassigned_cities[{i}]: the city's airport is off the board")
        for side, rules in self.players.items():
            if geo.rotated and (
                rules.productive_rule in ("range", "nearest") or rules.nearest_back_separation
            ):
                raise ValueError(f"players.{side}: the rotated board has no back-boundary rules")
            if rules.near_city is not None:
                cities = [c.field.upper() for c in self.preassigned_cities]
                if rules.near_city.city.upper() not in cities:
                    raise ValueError(f"players.{side}.near_city.city is not a preassigned city")
        return self
