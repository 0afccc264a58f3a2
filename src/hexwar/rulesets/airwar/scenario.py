"""Scenario files of the air war games: the board, each player's cities, units and special
rules, as data (seed 001, §2.0 and §3). Every variant of the paper is a bundled file."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import Field, ValidationInfo, model_validator

from hexwar.core.errors import InvalidInputError
from hexwar.core.hexes import Hex
from hexwar.rulesets.airwar.board import SIDES, BoardKind, geometry
from hexwar.scenarios import KeyPath, ScenarioModel, format_path

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

    @classmethod
    def deferred_context(cls) -> dict[str, Any]:
        """The cross-field checks wait for :meth:`deferred_problems`, which locates each."""
        return {_DEFER: True}

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> AirwarScenario:
        if info.context and info.context.get(_DEFER):
            return self
        problems = self.deferred_problems()
        if problems:
            path, message = problems[0]
            raise ValueError(f"{format_path(path)}: {message}")
        return self

    def deferred_problems(self) -> list[tuple[KeyPath, str]]:
        """Every check across fields, and that the game can be set up: each player's cities
        can be placed under §2.0 and the variant's rules, and each player's units fit on the
        fields they may start on, three to a field (§2.0)."""
        if set(self.players) != set(SIDES):
            return [(("players",), "players must be exactly '1' and '2'")]
        problems: list[tuple[KeyPath, str]] = []
        geo = geometry(self.board)
        first_at: dict[Hex, int] = {}
        for i, spec in enumerate(self.preassigned_cities):
            where: KeyPath = ("preassigned_cities", i)
            try:
                city = geo.parse(spec.field)
            except InvalidInputError as exc:
                problems.append(((*where, "field"), str(exc)))
                continue
            if city in first_at:
                problems.append(
                    (
                        (*where, "field"),
                        f"{geo.label(city)} is already preassigned_cities[{first_at[city]}]: "
                        "a field holds one city (§2.0, 'two cities are separated by at least "
                        "four fields')",
                    )
                )
                continue
            first_at[city] = i
            for key in ("owner", "possessor"):
                if getattr(spec, key) not in SIDES:
                    problems.append(((*where, key), "must be player 1 or 2"))
            if spec.owner in SIDES and geo.airport_of(city, spec.owner) is None:
                problems.append(((*where, "field"), "the city's airport is off the board"))
        for side, rules in self.players.items():
            where = ("players", side)
            if geo.rotated and (
                rules.productive_rule in ("range", "nearest") or rules.nearest_back_separation
            ):
                problems.append((where, "the rotated board has no back-boundary rules"))
            if rules.near_city is not None:
                cities = [c.field.upper() for c in self.preassigned_cities]
                if rules.near_city.city.upper() not in cities:
                    problems.append(((*where, "near_city", "city"), "is not a preassigned city"))
        if problems:
            return problems
        return list(_setup_problems(self.model_dump_json()))


_DEFER = "airwar-defer-checks"
_TRIES = 50  # trial placements; the bundled variants need one to three


@lru_cache(maxsize=64)
def _setup_problems(scenario_json: str) -> tuple[tuple[KeyPath, str], ...]:
    """Whether the game of a scenario (otherwise valid) can be set up; cached, as replays and
    tests validate the same scenario many times and the trial placement takes milliseconds."""
    from hexwar.rulesets.airwar.placement import unit_fields
    from hexwar.rulesets.airwar.rules import MAX_STACK, Position

    scenario = AirwarScenario.model_validate_json(scenario_json, context={_DEFER: True})
    pos = Position.start(scenario)
    problems: list[tuple[KeyPath, str]] = []
    for side, rules in sorted(scenario.players.items()):
        where: KeyPath = ("players", side)
        special, home = unit_fields(pos, side)
        need = rules.near_city.units if rules.near_city and rules.near_city.units else 0
        if need > MAX_STACK * len(special):
            problems.append(
                (
                    (*where, "near_city", "units"),
                    f"{need} units do not fit on the {len(special)} fields beside the city, "
                    f"three to a field (§2.0)",
                )
            )
        if rules.units < need:
            problems.append(
                ((*where, "units"), f"fewer than the {need} units near_city places by the city")
            )
        elif rules.units - need > MAX_STACK * len(home):
            problems.append(
                (
                    (*where, "units"),
                    f"{rules.units - need} units do not fit on player {side}'s "
                    f"{len(home)} starting fields, three to a field (§2.0)",
                )
            )
        # The opponent places this player's cities (§2.0): a trial placement, as the computer
        # players make it, shows that one exists.
        if not _cities_placeable(scenario, side):
            key = "cities"
            relaxed = rules.model_copy(
                update={
                    "productive_rule": "all",
                    "productive": rules.cities,
                    "productive_back_separation": None,
                    "nearest_back_separation": None,
                    "edge_rule": False,
                }
            )
            players = {**scenario.players, side: relaxed}
            if _cities_placeable(scenario.model_copy(update={"players": players}), side):
                key = next(
                    k
                    for k, wanted in (
                        ("productive_back_separation", rules.productive_rule == "range"),
                        ("nearest_back_separation", rules.nearest_back_separation is not None),
                        ("edge_rule", rules.edge_rule),
                        ("productive_rule", True),
                    )
                    if wanted
                )
            problems.append(
                (
                    (*where, key),
                    f"no placement of player {side}'s {rules.cities} cities keeps §2.0's city "
                    "rules (inside its territory, two fields from every boundary, four fields "
                    "apart)" + ("" if key == "cities" else f" and this variant's {key}"),
                )
            )
    return tuple(problems)


def _cities_placeable(scenario: AirwarScenario, owner: str) -> bool:
    """Whether the computer players' placement finds a legal site for each of ``owner``'s
    cities (a trial with a fixed stream: the placement they use in a game)."""
    import numpy as np

    from hexwar.rulesets.airwar.board import other
    from hexwar.rulesets.airwar.placement import random_cities
    from hexwar.rulesets.airwar.rules import Position

    try:
        random_cities(
            Position.start(scenario), other(owner), np.random.default_rng(0), tries=_TRIES
        )
    except RuntimeError:
        return False
    return True
