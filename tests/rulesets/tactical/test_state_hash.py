"""The tactical state hash: each part of the state changes it on its own (docs/testing.md)."""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy

import pytest

from hexwar.core import registry
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.game import TacticalGame

from .conftest import make_game


def _played() -> tuple[TacticalGame, TacticalGame]:
    """A game two phases in, with a commander on the map and two objectives, and its replay."""
    captain = {"id": "K", "side": "axis", "name": "Hptm", "at": "4,0", "leadership": 5,
               "command": 1}  # fmt: skip
    game = make_game(commanders=[captain], objectives=[{"at": "2,1", "vp": 10},
                     {"at": "4,0", "vp": 5}], opportunity_fire=False)  # fmt: skip
    game.submit("allied", "move A1 2,2")
    game.submit("axis", "")
    copy = registry.replay(game.record())
    assert isinstance(copy, TacticalGame)
    assert copy.state_hash() == game.state_hash()
    return game, copy


def _hex(text: str) -> Hex:
    return Hex.from_str(text)


CHANGES: dict[str, Callable[[TacticalGame], None]] = {
    "turn": lambda g: setattr(g, "turn", g.turn + 1),
    "phase": lambda g: setattr(g, "phase", 1 - g.phase),
    "units": lambda g: setattr(g.units["A1"], "sp", 3),
    "commanders": lambda g: setattr(g.commanders["K"], "hex", _hex("5,0")),
    "control": lambda g: g.control.__setitem__(_hex("2,1"), "axis"),  # the first of two
    "smoke": lambda g: g.smoke.__setitem__(_hex("3,0"), "allied"),
    "wrecks": lambda g: g.wrecks.__setitem__(_hex("3,0"), 2),
    "lost": lambda g: g.lost.__setitem__("axis", 1),
}


@pytest.mark.found_by_mutation
@pytest.mark.parametrize("part", ["unit", "smoke"])
def test_state_hash_tells_apart_where_a_unit_or_a_smoke_screen_is(part: str) -> None:
    """A unit's hex and a smoke screen's hex are facts of the game: two games that differ only
    in them are different games (the state hash, docs/architecture.md)."""
    one, other = make_game(), make_game()
    if part == "unit":
        one.units["A1"].hex = Hex.from_str("2,2")
        other.units["A1"].hex = Hex.from_str("3,1")
    else:
        one.smoke = {Hex.from_str("3,0"): "allied"}
        other.smoke = {Hex.from_str("3,1"): "allied"}
    assert one.state_hash() != other.state_hash()


@pytest.mark.found_by_mutation
@pytest.mark.parametrize("part", sorted(CHANGES))
def test_state_hash_changes_with_each_part_of_the_tactical_state_alone(part: str) -> None:
    """docs/architecture.md, The game protocol: equal hashes mean equal games, so every fact of
    the tactical state counts -- the turn and phase, each unit, where each commander stands,
    who holds each objective (here the first of two), smoke, wrecks, the SPs lost. Each is
    changed alone on a replayed copy of a game; that part alone of the state changes, and
    the hash with it."""
    game, copy = _played()
    before = deepcopy(copy.state_json()["state"])
    CHANGES[part](copy)
    after = copy.state_json()["state"]
    assert [k for k in before if before[k] != after[k]] == [part]
    assert copy.state_hash() != game.state_hash()


@pytest.mark.found_by_mutation
def test_the_tactical_state_has_exactly_the_parts_tested_above() -> None:
    """A new part of the state must get its own case above: the list is pinned here."""
    game, _ = _played()
    assert sorted(game.state_json()["state"]) == sorted(CHANGES)


@pytest.mark.found_at_call_site
def test_state_hash_tells_wrecks_apart_by_hex() -> None:
    """A wreck is a fact of the map (WRECKS): two games that differ only in where it lies are
    different games."""
    one, other = make_game(), make_game()
    one.wrecks = {Hex.from_str("3,1"): 1}
    other.wrecks = {Hex.from_str("3,2"): 1}
    assert one.state_hash() != other.state_hash()
