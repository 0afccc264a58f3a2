"""MOVEMENT (seed 003): the range test, rough hexes, range-0 units, CBR entry, the zone of
control and digging in."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.aggressor import rules as rl
from tests.rulesets.aggressor.conftest import make_game, put, rough, script, unit


def _nb(at: str, key: int) -> str:
    return rl.label(rl.NEIGHBOURS[rl.parse_label(at)][key - 1])


def test_range_3_unit_moves_3_clear_hexes_then_no_more() -> None:
    """MOVEMENT: 'a path through only clear hexes ... up to its range value'."""
    g = make_game({1: ("armor", "@EH")})
    for _ in range(3):
        g.submit("west", "1 3")
    assert rl.label(unit(g, "west", 1).cell) == "@EE"
    with pytest.raises(IllegalOrderError, match="MOVEMENT"):
        g.submit("west", "1 3")


def test_range_3_unit_moves_2_hexes_through_rough() -> None:
    """MOVEMENT: 'only rough hexes ... up to half its range value rounded up' (3 -> 2)."""
    g = make_game({1: ("armor", "@EH")}, terrain=rough("@EH", "@EG", "@EF", "@EE"))
    g.submit("west", "1 3")
    g.submit("west", "1 3")
    with pytest.raises(IllegalOrderError, match="cannot move another hex"):
        g.submit("west", "1 3")


def test_terrain_moved_into_makes_no_difference() -> None:
    """MOVEMENT: the test uses the hex the unit is in now; 'The type of terrain the unit is
    moving into makes no difference'. Clear, clear, then into rough: 3 hexes."""
    g = make_game({1: ("armor", "@EH")}, terrain=rough("@EE"))
    for _ in range(3):
        g.submit("west", "1 3")
    assert rl.label(unit(g, "west", 1).cell) == "@EE"


def test_rough_after_one_clear_move_stops_a_range_3_unit() -> None:
    """MOVEMENT: 2 clear moves into rough, then ceil(3/2) - 2 = 0: no third move."""
    g = make_game({1: ("armor", "@EH")}, terrain=rough("@EF"))
    g.submit("west", "1 3")
    g.submit("west", "1 3")
    with pytest.raises(IllegalOrderError):
        g.submit("west", "1 3")


def test_no_move_into_an_occupied_hex() -> None:
    """MOVEMENT: 'A unit may not move into a hex occupied by any other unit'."""
    g = make_game({1: ("armor", "@EH"), 2: ("armor", "@EG")})
    with pytest.raises(IllegalOrderError, match="no stacking"):
        g.submit("west", "1 3")


def test_range_3_rolls_through_a_clear_cbr_hex_and_stops_beside_it() -> None:
    """MOVEMENT, the seed's example: 'a unit with a Range of 3 can roll through a CBR hex in
    clear terrain which it starts next to, stopping in another hex adjacent to the CBR hex
    since its Range will have been reduced to 2'."""
    g = make_game({1: ("armor", "@EH")})
    g.cbr.add(rl.parse_label("@EG"))
    g.submit("west", "1 3")  # into the CBR hex: step loss, range 2, moved 1
    u = unit(g, "west", 1)
    assert (u.range, u.strength) == (2, 3)
    g.submit("west", "1 3")  # out again: moved 2 = range 2, no more
    assert rl.label(u.cell) == "@EF"
    assert rl.DIST[u.cell][rl.parse_label("@EG")] == 1
    with pytest.raises(IllegalOrderError):
        g.submit("west", "1 3")


def test_entering_a_rough_cbr_hex_halts_the_unit() -> None:
    """MOVEMENT: 'any unit which moves into a CBR hex in a rough terrain hex being halted for
    the rest of the turn' (range 2, halved 1, moved 1)."""
    g = make_game({1: ("armor", "@EH")}, terrain=rough("@EG"))
    g.cbr.add(rl.parse_label("@EG"))
    g.submit("west", "1 3")
    with pytest.raises(IllegalOrderError):
        g.submit("west", "1 3")


def test_range_0_unit_attempts_once_with_50_percent() -> None:
    """MOVEMENT: a range-0 unit 'may still attempt to move once ... 50% chance'; a failure
    shows 'Immobile this turn' and counts as a move; special functions are then disallowed."""
    g = make_game({1: ("airbase", "@EH")})
    dice = script(g, chances=[False])
    g.submit("west", "1 3")
    assert dice.asked == [("range-0 move attempt", 0.5)]
    assert rl.label(unit(g, "west", 1).cell) == "@EH"
    assert any("Immobile this turn" in e.text for e in g.events("west"))
    with pytest.raises(IllegalOrderError, match="cannot move"):
        g.submit("west", "1 3")
    with pytest.raises(IllegalOrderError, match="special function"):
        g.submit("west", "1 7 @QH strike")


def test_range_0_unit_success_moves_one_hex() -> None:
    """MOVEMENT: the 50% attempt succeeds: 'allowed to perform a one-hex move'."""
    g = make_game({1: ("airbase", "@EH")})
    script(g, chances=[True])
    g.submit("west", "1 3")
    assert rl.label(unit(g, "west", 1).cell) == "@EG"


def test_zone_of_control_halts_a_unit_shifting_around_an_enemy() -> None:
    """MOVEMENT / Zone Of Control: moving from a hex adjacent to an enemy unit to another hex
    adjacent to the same enemy unit halts the unit for the turn."""
    g = make_game({1: ("armor", "@IH")}, {1: ("infantry", "@LH")})
    put(g, "east", 1, "@JH")
    g.submit("west", "1 4")  # @IH -> @II: both adjacent to @JH
    u = unit(g, "west", 1)
    assert u.halted
    assert any("zone of control" in e.text for e in g.events("west"))
    with pytest.raises(IllegalOrderError):
        g.submit("west", "1 3")


def test_moving_away_from_an_enemy_is_free() -> None:
    """MOVEMENT / Zone Of Control: only a shift between two hexes adjacent to the same enemy
    unit halts; 'mandatory engagement with enemy units is not dictated'."""
    g = make_game({1: ("armor", "@IH")}, {1: ("infantry", "@LH")})
    put(g, "east", 1, "@JH")
    g.submit("west", "1 1")  # to @HH, not adjacent to @JH
    assert not unit(g, "west", 1).halted


def test_a_unit_that_does_nothing_digs_in() -> None:
    """MOVEMENT: 'A unit which does nothing in a turn ... is considered to be digging in'
    until it is again active."""
    g = make_game({1: ("armor", "@EH"), 2: ("armor", "@EJ")})
    g.submit("west", "1 3")
    g.submit("west", "0")
    assert not unit(g, "west", 1).emplaced
    assert unit(g, "west", 2).emplaced


def test_a_nuked_unit_still_exerts_its_zone_of_control() -> None:
    """MOVEMENT / Zone Of Control with the author's note 'nuked unit still exerts ZOC': an enemy
    unit in a CBR hex halts a unit shifting around it."""
    g = make_game({1: ("armor", "@IH")}, {1: ("infantry", "@LH")})
    put(g, "east", 1, "@JH")
    g.cbr.add(rl.parse_label("@JH"))
    g.submit("west", "1 4")  # @IH -> @II, both next to the nuked unit
    assert unit(g, "west", 1).halted


def test_a_range_0_unit_may_still_attack_after_its_attempt() -> None:
    """MOVEMENT: after the range-0 attempt 'subsequent special functions are disallowed, but it
    may still attack (see under Combat) if otherwise able'."""
    g = make_game({1: ("airbase", "@IH"), 2: ("armor", "@GH")}, {1: ("infantry", "@LH")})
    put(g, "east", 1, "@JH")
    unit(g, "west", 1).seen_by_enemy = True
    g._observe("west")  # the armor (range 3) observes @JH; the airbase (range 0) nothing
    dice = script(g, chances=[False, False])
    g.submit("west", "1 3")  # the attempt fails: 'Immobile this turn'
    g.submit("west", "1 6")  # key 6 from @IH: the enemy at @JH
    assert [label for label, _ in dice.asked] == ["range-0 move attempt", "attack 1"]
    assert unit(g, "west", 1).attacked
