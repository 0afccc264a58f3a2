"""MOVEMENT (seed 003): the range test, rough hexes, range-0 units, CBR entry, the zone of
control and digging in."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.aggressor import rules as rl
from tests.rulesets.aggressor.conftest import (
    make_game,
    put,
    rough,
    script,
    unit,
)
from tests.rulesets.aggressor.helpers import _last


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


@pytest.mark.found_by_mutation
def test_a_move_is_told_as_move_and_a_zone_of_control_halt_as_zoc() -> None:
    """MOVEMENT: key 4 moves down one hex (@EH -> @EI); a unit that shifts around an enemy unit
    (East's at @FH, next to both hexes) halts. Both events go to the mover's side only."""
    g = make_game({1: ("infantry", "@EH")})
    put(g, "east", 1, "@FH")
    g.submit("west", "1 4")
    assert _last(g, "move") == ("unit 1 moves @EH -> @EI", frozenset({"west"}), {})
    assert _last(g, "zoc") == (
        "unit 1 shifts around an enemy unit and halts (zone of control)",
        frozenset({"west"}),
        {},
    )


@pytest.mark.found_by_mutation
def test_a_step_loss_in_a_cbr_hex_is_told_to_its_side_and_shown_in_its_view() -> None:
    """MOVEMENT and CBR ("a unit entering a CBR hex takes a step loss"): West's armor (range 3,
    strength 3) moving into the CBR hex @EG loses a step, range first: range 2. The loss is a
    `step-loss` event for West alone (East does not see West's units); West's view shows the
    unit in the CBR hex and its other units not."""
    g = make_game({1: ("armor", "@EH")})
    g.cbr.add(rl.parse_label("@EG"))
    g.submit("west", "1 3")
    (loss,) = [e for e in g.events("west") if e.kind == "step-loss"]
    assert loss.text == (
        "west unit 1 (armor) at @EG takes a step loss (entered a CBR hex): now range 2, strength 3"
    )
    assert not [e for e in g.events("east") if e.kind == "step-loss"]
    in_cbr = {u["number"]: u["in_cbr"] for u in g.view("west").data["units"]}
    assert in_cbr[1] is True
    assert not any(v for n, v in in_cbr.items() if n != 1)


@pytest.mark.found_by_mutation
def test_a_hex_a_unit_has_moved_into_is_closed_to_the_next() -> None:
    """MOVEMENT: "A unit may not move into a hex occupied by any other unit" -- also one it
    has just moved into. West's infantry 1 moves @EH -> @EI; infantry 2 on @EJ may not then
    move up into @EI."""
    g = make_game({1: ("infantry", "@EH"), 2: ("infantry", "@EJ")})
    g.submit("west", "1 4")
    with pytest.raises(IllegalOrderError, match="holds your unit 1; no stacking"):
        g.submit("west", "2 3")


@pytest.mark.found_by_mutation
def test_running_into_an_unseen_unit_attacks_it_and_marks_it_unidentified() -> None:
    """COMBAT ("If a unit wants to attack an adjacent enemy unit, it simply hits the key") and
    OBSERVATION: West's infantry on @EH moves (key 4) into @EI, where East's unit stands unseen
    by West: it attacks it instead (an Ambush: it has not moved and was not observed -- two
    misses here). West alone is told of the contact, and now marks @EI as an enemy unit of
    unknown type."""
    g = make_game({1: ("infantry", "@EH")}, {1: ("armor", "@LH")})
    put(g, "east", 1, "@EI")
    script(g, chances=[False, False])
    g.submit("west", "1 4")
    assert _last(g, "contact")[:2] == (
        "unit 1 runs into an unseen unit at @EI",
        frozenset({"west"}),
    )
    assert not [e for e in g.events("east") if e.kind == "contact"]
    assert _last(g, "combat")[2]["form"] == "ambush"
    assert g.view("west").data["enemy"] == [{"at": "@EI", "type": None}]
    assert rl.label(unit(g, "west", 1).cell) == "@EH"


@pytest.mark.found_by_mutation
def test_running_into_an_unseen_unit_after_attacking_halts_the_mover() -> None:
    """COMBAT: a unit "can't attack more than once per turn". West's observed infantry on @EH
    attacks East's unit on @EI (a miss), then tries to move up (key 3) into @EG, where East's
    second unit stands unseen: it may not attack again, so it halts there for the turn, told
    of the contact alone; a further move is refused."""
    g = make_game({1: ("infantry", "@EH")}, {1: ("armor", "@LH"), 2: ("armor", "@LG")})
    put(g, "east", 1, "@EI")
    put(g, "east", 2, "@EG")
    unit(g, "west", 1).seen_by_enemy = True
    g.known["west"][rl.parse_label("@EI")] = "armor"
    script(g, chances=[False])
    g.submit("west", "1 4")
    g.submit("west", "1 3")
    assert _last(g, "contact")[:2] == (
        "unit 1 runs into an unseen unit at @EG and halts",
        frozenset({"west"}),
    )
    assert rl.label(unit(g, "west", 1).cell) == "@EH"
    with pytest.raises(IllegalOrderError, match="cannot move another hex"):
        g.submit("west", "1 5")


@pytest.mark.found_by_mutation
def test_a_failed_range_0_attempt_counts_as_one_hex_moved() -> None:
    """MOVEMENT: a range-0 unit's attempt has "a 50% chance"; if it fails, "The unit is still
    treated as though it did move one hex". West's infantry at Range 0 fails: its view shows 1
    hex moved, and the umpire's receipt the 50% roll and its failure."""
    g = make_game({1: ("infantry", "@EH")})
    unit(g, "west", 1).range = 0
    script(g, chances=[False])
    g.submit("west", "1 4")
    (mine,) = [u for u in g.view("west").data["units"] if u["number"] == 1]
    assert mine["moved"] == 1
    (event,) = [e for e in g.events() if e.kind == "move-attempt"]
    assert event.receipt is not None
    assert event.receipt.table == "MOVEMENT: 50%"
    assert event.receipt.result is False
    assert [(r.label, r.chance) for r in event.receipt.rolls] == [("range-0 move attempt", 0.5)]


@pytest.mark.found_by_mutation
def test_a_unit_in_a_cbr_hex_that_runs_into_an_unseen_unit_halts_without_attacking() -> None:
    """COMBAT: "The attacking unit must be ... not in a CBR hex in order to attack". West's
    armor stands in the CBR hex @EH and moves (key 4) into @EI, held unseen by East's unit: it
    may not attack, so it halts, and no attack is rolled."""
    g = make_game({1: ("armor", "@EH")}, {1: ("armor", "@LH")})
    put(g, "east", 1, "@EI")
    g.cbr.add(rl.parse_label("@EH"))
    dice = script(g)
    g.submit("west", "1 4")
    assert dice.asked == []
    assert not [e for e in g.events() if e.kind == "combat"]
    assert unit(g, "west", 1).halted is True


@pytest.mark.found_by_mutation
def test_a_unit_may_move_into_the_corner_hex_at_column_a_row_a() -> None:
    """MAP BOARD: the map's columns A-U and rows A-O are all on the board, @AA too: West's
    infantry at @AB moves up (key 3) into @AA."""
    g = make_game({1: ("infantry", "@AB")})
    g.submit("west", "1 3")
    assert rl.label(unit(g, "west", 1).cell) == "@AA"
