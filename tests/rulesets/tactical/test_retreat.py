"""Seed 002, retreat after a failed morale check (TERRAIN MORALE MODIFIERS;
docs/rulings/tactical.md): the path, the threat counted, stacking on the way, and a unit that
cannot retreat."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core.hexes import Hex
from tests.rulesets.tactical.helpers import BASE, _dice, _fire_and_break, _rolling, _unit

from .conftest import make_game

# 5,-1 is water (no road), 5,0 water with a bridge: the road 4,0 - 5,0 - 6,-1.
_RIVER = {
    "terrain": ["........", ".....w..", ".....w..", "........", "........", "........"],
    "roads": [["4,0", "5,0", "6,-1"]],
}


def _broken_at_4_0(units: list[dict[str, Any]]) -> str:
    """X1 at 4,0 breaks (every d10 a 10, above its morale 6 - 1 in the open) under A1's attack
    from 2,1; where it falls back to."""
    game = make_game(units=[*BASE, *units])
    _rolling(game, 10)
    game._apply_result(game.units["X1"], 0, False, True, game.units["A1"].hex)  # type: ignore[arg-type]
    return str(game.units["X1"].hex)


@pytest.mark.found_by_mutation
def test_a_retreat_passes_over_an_enemy_hex_to_the_next() -> None:
    """docs/rulings/tactical.md (Retreat): to a hex farther from the attacker, free of enemies.
    A2 holds 5,-1, the first such hex: X1 falls back to 5,0, the next."""
    game = make_game(units=[*BASE, _unit("A2", "allied", "infantry", "5,-1")])
    assert _fire_and_break(game) == "5,0"


@pytest.mark.found_by_mutation
def test_a_retreat_counts_only_enemies_beside_a_hex_as_its_threat() -> None:
    """docs/rulings/tactical.md (Retreat): "choosing the hex with the fewest adjacent enemies".
    X1's friend Y at 6,-2 stands beside 5,-1 and not beside 5,0: no enemy beside either, so
    X1 takes the first, 5,-1."""
    game = make_game(units=[*BASE, _unit("Y", "axis", "infantry", "6,-2")])
    assert _fire_and_break(game) == "5,-1"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("x1_sp", "on_bridge", "where"),
    [(4, 0, "5,0"), (13, 0, "4,0"), (4, 8, "5,0"), (4, 9, "4,0")],
)
def test_a_retreat_onto_a_bridge_counts_the_sps_there_against_the_road(
    x1_sp: int, on_bridge: int, where: str
) -> None:
    """docs/tactical.md (Movement): "Water cannot be entered except by a road (a bridge)";
    Parameter Data: more than 12 SPs in a hex negate its road, the SPs already there with the
    mover's (docs/rulings/tactical.md, Roads); a retreat goes to an enterable hex. 5,-1 is
    water; 5,0 is a bridge. X1 of 4 SP falls back onto the bridge; of 13 SP it negates the road,
    cannot enter the water and loses 1 SP instead, staying at 4,0. With Y (8 SP), moved onto
    the bridge in the axis phase, there are 12 SP and X1 goes there; with Y of 9 SP, 13: it
    cannot."""
    y = _unit("Y", "axis", "infantry", "6,-1", sp=max(on_bridge, 1))
    units = [*BASE[:3], {**BASE[3], "sp": x1_sp}, y]
    game = make_game(map=_RIVER, units=units, first="axis", opportunity_fire=False)
    _dice(game)
    game.submit("axis", "move Y 5,0" if on_bridge else "pass")
    assert _fire_and_break(game) == where
    lost = 0 if where == "5,0" else 1
    assert game.units["X1"].sp == x1_sp - lost


@pytest.mark.found_by_mutation
def test_a_retreat_takes_the_hex_with_the_fewest_adjacent_enemies() -> None:
    """docs/rulings/tactical.md, Retreat: "to the open hex with the fewest adjacent enemies".
    A2 at 5,-2 is next to 5,-1 (one enemy adjacent) and not to 5,0 (none): X1 goes to 5,0."""
    assert _broken_at_4_0([_unit("A2", "allied", "infantry", "5,-2")]) == "5,0"


@pytest.mark.found_by_mutation
def test_a_retreat_never_enters_an_enemy_hex() -> None:
    """docs/rulings/tactical.md, Retreat (an open hex): A2 stands in 5,0, which has no enemy of
    X1's next to it (5,-1 has one, A2): X1 still goes to 5,-1."""
    assert _broken_at_4_0([_unit("A2", "allied", "infantry", "5,0")]) == "5,-1"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("there", "to"), [(5, "5,-1"), (6, "5,0")])
def test_a_retreat_respects_the_units_stacking_limit(there: int, to: str) -> None:
    """Parameter Data: at most 6 units in a hex. With 5 one-SP axis units in 5,-1, X1 makes
    the sixth and goes there; with 6 it would be the seventh and goes to 5,0."""
    friends = [_unit(f"Y{i}", "axis", "infantry", "5,-1", sp=1) for i in range(there)]
    assert _broken_at_4_0(friends) == to


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("last_sp", "to"), [(4, "5,-1"), (5, "5,0")])
def test_a_retreat_respects_the_sp_stacking_limit(last_sp: int, to: str) -> None:
    """Parameter Data: at most 24 SPs in a hex. Four units of 4 SPs in 5,-1 and a fifth of 4:
    with X1's 4 the hex holds 24 and X1 goes there; with a fifth of 5 it would hold 25 and X1
    goes to 5,0."""
    sps = [4, 4, 4, 4, last_sp]
    friends = [_unit(f"Y{i}", "axis", "infantry", "5,-1", sp=sp) for i, sp in enumerate(sps)]
    assert _broken_at_4_0(friends) == to


@pytest.mark.found_at_call_site
def test_each_unit_that_cannot_retreat_adds_a_lost_sp(monkeypatch: pytest.MonkeyPatch) -> None:
    """MORALE: a unit that fails its check and has nowhere to fall back loses 1 SP; the SPs a
    side lost add up (they score victory points for the enemy)."""
    game = make_game()
    game.lost["axis"] = 2
    x1 = game.units["X1"]
    x1.improved = True
    # every way out impassable
    monkeypatch.setattr(type(game.board), "step_cost", lambda *_: None)
    game._retreat(x1, Hex.from_str("2,1"))
    assert game.lost["axis"] == 3
    assert x1.sp == 3
    assert x1.improved is False
