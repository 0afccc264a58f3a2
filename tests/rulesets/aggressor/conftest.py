"""Helpers for Aggressor adjudication tests: a game with a chosen set-up, scripted dice, and
direct placement of units (the seed's rules are checked on small, hand-made situations)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from hexwar.core.rng import Roll
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.rulesets.aggressor.ruleset import AggressorRuleset
from hexwar.rulesets.aggressor.scenario import AggressorScenario
from hexwar.rulesets.aggressor.state import Unit
from hexwar.sessions import resolve_scenario

SECTOR = resolve_scenario("aggressor/sector").scenario
assert isinstance(SECTOR, AggressorScenario)
ALL_CLEAR = tuple("." * rl.COLS for _ in range(rl.ROWS))

# Filler units far from the action: West in columns A-B, East in columns T-U (rows D-L).
_FILL = {
    "west": [(c, r) for c in (0, 1) for r in range(3, 12)],
    "east": [(c, r) for c in (20, 19) for r in range(3, 12)],
}


@dataclass
class ScriptedDice:
    """Stands in for the game's dice: answers from scripts, remembers what was asked."""

    chances: list[bool] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)
    asked: list[tuple[str, float]] = field(default_factory=list)
    pending: list[Roll] = field(default_factory=list)

    def chance(self, label: str, p: float) -> bool:
        self.asked.append((label, p))
        ok = self.chances.pop(0)
        self.pending.append(Roll(label, 0.0, chance=p, success=ok))
        return ok

    def die(self, label: str, sides: int = 6) -> int:
        self.asked.append((label, float(sides)))
        value = self.dice.pop(0)
        self.pending.append(Roll(label, value, sides=sides))
        return value

    def choice_index(self, label: str, n: int) -> int:
        self.asked.append((label, float(n)))
        return self.dice.pop(0)

    def take(self) -> tuple[Roll, ...]:
        rolls, self.pending = tuple(self.pending), []
        return rolls


def setup_for(side: str, actors: dict[int, tuple[str, str]]) -> list[dict[str, str]]:
    """18 placements: the actors at their numbers, infantry fillers elsewhere."""
    used = {at.upper() for _, at in actors.values()}
    fill = iter(lab for lab in (rl.label(rl.cell_of(*cr)) for cr in _FILL[side]) if lab not in used)
    out = []
    for n in range(1, 19):
        if n in actors:
            type_, at = actors[n]
        else:
            type_, at = "infantry", next(fill)
        out.append({"type": type_, "at": at})
    return out


def make_game(
    west: dict[int, tuple[str, str]] | None = None,
    east: dict[int, tuple[str, str]] | None = None,
    *,
    first: str = "west",
    terrain: Iterable[str] = ALL_CLEAR,
    seed: int = 1,
    **options: Any,
) -> AggressorGame:
    """A game whose set-up is given (actors placed by number; fillers far away)."""
    data = SECTOR.model_dump(mode="json")
    data["terrain"] = list(terrain)
    data["options"] = {**data["options"], **options}
    data["setup"] = {
        "first_mover": first,
        "west": setup_for("west", west or {}),
        "east": setup_for("east", east or {}),
    }
    scenario = AggressorScenario.model_validate_json(__import__("json").dumps(data))
    game = AggressorRuleset().new_game(scenario, seed=seed, scenario_id="test")
    return game


def unit(game: AggressorGame, side: str, number: int) -> Unit:
    return next(u for u in game.units[side] if u.number == number)


def put(game: AggressorGame, side: str, number: int, at: str) -> Unit:
    """Move a unit by hand (setting the stage; not a move under the rules)."""
    u = unit(game, side, number)
    del game.at[u.cell]
    u.cell = rl.parse_label(at)
    u.start_cell = u.cell
    game.at[u.cell] = u
    return u


def rough(*labels: str) -> tuple[str, ...]:
    """An all-clear map with the given hexes rough."""
    rows = [list(r) for r in ALL_CLEAR]
    for lab in labels:
        col, row = rl.col_row(rl.parse_label(lab))
        rows[row][col] = "^"
    return tuple("".join(r) for r in rows)


def script(
    game: AggressorGame, chances: Iterable[bool] = (), dice: Iterable[int] = ()
) -> ScriptedDice:
    scripted = ScriptedDice(list(chances), list(dice))
    game.dice = scripted  # type: ignore[assignment]
    return scripted


@pytest.fixture
def ruleset() -> AggressorRuleset:
    return AggressorRuleset()
