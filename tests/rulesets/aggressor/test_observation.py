"""OBSERVATION (seed 003): range, identification, carrying identification into the next turn,
reacquiring unidentified units, results only to the active side; full information when off."""

from __future__ import annotations

import pytest

from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.game import AggressorGame
from tests.rulesets.aggressor.conftest import (
    make_game,
    put,
    rough,
    script,
    unit,
)
from tests.rulesets.aggressor.helpers import _last


def _enemy(game: AggressorGame, side: str) -> dict[str, str | None]:
    return {e["at"]: e["type"] for e in game.view(side).data["enemy"]}


def _pass_turns(game: AggressorGame, n: int) -> None:
    for _ in range(n):
        game.submit(game.active, "0")


def test_observation_range_is_current_range() -> None:
    """OBSERVATION: 'A unit's observation range is equal to its current range value', a grid
    distance counting the observed hex but not the observer's."""
    g = make_game({1: ("armor", "@EH")}, {1: ("infantry", "@LH"), 2: ("infantry", "@LJ")})
    put(g, "east", 1, "@HH")  # distance 3 from @EH
    put(g, "east", 2, "@IH")  # distance 4
    assert rl.DIST[rl.parse_label("@EH")][rl.parse_label("@HH")] == 3
    unit(g, "west", 1).range = 2  # a step loss shortens observation too
    g._observe("west")
    assert _enemy(g, "west") == {}
    unit(g, "west", 1).range = 3
    g._observe("west")
    assert set(_enemy(g, "west")) == {"@HH"}


def test_identified_when_observed_unit_is_not_emplaced_in_clear() -> None:
    """OBSERVATION: 'Observed unit is not emplaced, in clear terrain hex' identifies."""
    g = make_game({1: ("armor", "@EH")}, {1: ("artillery", "@LH")})
    put(g, "east", 1, "@HH")
    g._observe("west")
    assert _enemy(g, "west") == {"@HH": "artillery"}


def test_unidentified_beyond_half_range_when_target_emplaced_or_in_rough() -> None:
    """OBSERVATION: an emplaced or rough-terrain unit beyond Range/2 (rounded up) of an observer
    that is not dug in is observed but not identified; within it, identified."""
    g = make_game({1: ("armor", "@EH")}, {1: ("artillery", "@LH")}, terrain=rough("@HH", "@GH"))
    put(g, "east", 1, "@HH")  # distance 3 > ceil(3/2) = 2
    g._observe("west")
    assert _enemy(g, "west") == {"@HH": None}
    put(g, "east", 1, "@GH")  # distance 2
    g._observe("west")
    assert _enemy(g, "west") == {"@GH": "artillery"}


def test_dug_in_observer_identifies_at_full_range() -> None:
    """OBSERVATION: 'Observing unit is emplaced/ dug in' identifies."""
    g = make_game({1: ("armor", "@EH")}, {1: ("artillery", "@LH")}, terrain=rough("@HH"))
    put(g, "east", 1, "@HH")
    unit(g, "east", 1).emplaced = True
    unit(g, "west", 1).emplaced = True
    g._observe("west")
    assert _enemy(g, "west") == {"@HH": "artillery"}


def test_observer_in_cbr_hex_identifies_nothing() -> None:
    """OBSERVATION: 'Observing unit is not in a CBR hex, and ...' (docs/rulings/aggressor.md)."""
    g = make_game({1: ("armor", "@EH")}, {1: ("artillery", "@LH")})
    put(g, "east", 1, "@FH")
    g.cbr.add(rl.parse_label("@EH"))
    g._observe("west")
    assert _enemy(g, "west") == {"@FH": None}


def test_unit_in_cbr_hex_shows_as_nuked() -> None:
    """EXTRA TYPES: 'Nuked (in CBR hex: type not revealed)'."""
    g = make_game({1: ("armor", "@EH")}, {1: ("artillery", "@LH")})
    put(g, "east", 1, "@FH")
    g.cbr.add(rl.parse_label("@FH"))
    g._observe("west")
    assert _enemy(g, "west") == {"@FH": "nuked"}


def test_identified_unit_is_carried_one_turn_then_lost() -> None:
    """OBSERVATION: an identified unit is 'considered identified for the player's next turn as
    well', but if not within identification range then, it is 'lost to view on following
    turns'."""
    g = make_game({1: ("armor", "@EH")}, {1: ("artillery", "@LH")})
    put(g, "east", 1, "@GH")
    g._observe("west")
    assert _enemy(g, "west") == {"@GH": "artillery"}
    g.submit("west", "0")
    put(g, "east", 1, "@NH")  # East moves it far away during its turn
    g.submit("east", "0")
    assert _enemy(g, "west") == {"@NH": "artillery"}  # carried into this turn
    g.submit("west", "0")
    g.submit("east", "0")
    assert _enemy(g, "west") == {}


def test_unidentified_unit_must_be_reacquired_each_phase() -> None:
    """OBSERVATION: unidentified units 'must be reacquired in each observation phase, or lost
    from sight'."""
    g = make_game({1: ("armor", "@EH")}, {1: ("artillery", "@LH")}, terrain=rough("@HH"))
    put(g, "east", 1, "@HH")
    g._observe("west")
    assert _enemy(g, "west") == {"@HH": None}
    g.submit("west", "0")
    put(g, "east", 1, "@NH")
    g.submit("east", "0")
    assert _enemy(g, "west") == {}


def test_results_go_only_to_the_active_side_and_the_board_does_not_change() -> None:
    """OBSERVATION: 'The results of an observation are revealed only to the side whose turn it
    is'; TURN SEQUENCE B: on the other side's turn the board does not appear to change."""
    g = make_game({1: ("armor", "@EH")}, {1: ("artillery", "@LH")})
    put(g, "east", 1, "@GH")
    g._observe("west")
    g.submit("west", "0")  # East's turn: East observes the armor; West's view is unchanged
    assert _enemy(g, "west") == {"@GH": "artillery"}
    obs = [e for e in g.events(None) if e.kind == "observation"]
    assert all(len(e.visible_to) == 1 for e in obs)
    assert {next(iter(e.visible_to)) for e in obs} == {"west", "east"}


def test_full_information_without_the_observation_option() -> None:
    """OBSERVATION: 'Unless the option not to use Observation has been selected' -- with it off
    every enemy unit is shown with its type."""
    g = make_game({1: ("armor", "@EH")}, {1: ("artillery", "@PH")}, observation=False)
    seen = _enemy(g, "west")
    assert len(seen) == 18
    assert seen["@PH"] == "artillery"


@pytest.mark.found_by_mutation
def test_without_observation_each_side_sees_how_many_enemy_units_are_left() -> None:
    """Observation option off (seed 003, "Unless the option not to use Observation has been
    selected"): nothing is hidden, and each side's view counts the enemy's units left: West
    sees East's 17 after one is eliminated, East sees West's 18."""
    g = make_game(observation=False)
    g._eliminate(g.units["east"][0])
    assert g.view("west").data["enemy_units_left"] == 17
    assert g.view("east").data["enemy_units_left"] == 18
    assert g.view("west").data["partisans_to_use"] == 0


@pytest.mark.found_by_mutation
def test_an_observer_of_range_2_identifies_a_unit_in_rough_terrain_at_1_hex_only() -> None:
    """OBSERVATION: a unit in rough terrain is identified only within Range/2, rounded up, of
    an observer that is not dug in (docs/rulings/aggressor.md). West's armor reduced to Range 2
    (so it observes out to 2 hexes) identifies East's artillery in rough terrain 1 hex away
    (ceil(2/2) = 1), and at 2 hexes observes it without identifying it."""
    g = make_game({1: ("armor", "@EH")}, {1: ("artillery", "@LH")}, terrain=rough("@GH", "@FH"))
    unit(g, "west", 1).range = 2
    put(g, "east", 1, "@GH")
    g._observe("west")
    assert g.view("west").data["enemy"] == [{"at": "@GH", "type": None}]
    put(g, "east", 1, "@FH")
    g._observe("west")
    assert g.view("west").data["enemy"] == [{"at": "@FH", "type": "artillery"}]


@pytest.mark.found_by_mutation
def test_an_observation_reports_the_units_observed_and_identified() -> None:
    """OBSERVATION: West's armor (Range 3) observes East's armor in clear terrain 1 hex away,
    identified, and East's artillery and support in rough terrain 3 hexes away, beyond Range/2
    rounded up (2): observed, not identified. West alone is told, as an `observation` event, 3
    observed and 1 identified."""
    g = make_game({1: ("armor", "@EH")},
                  {1: ("artillery", "@LH"), 2: ("armor", "@LG"), 3: ("support", "@LF")},
                  terrain=rough("@HH", "@HG"))  # fmt: skip
    put(g, "east", 1, "@HH")
    put(g, "east", 2, "@FH")
    put(g, "east", 3, "@HG")
    g._observe("west")
    assert _last(g, "observation") == (
        "west observes 3 enemy units (1 identified)",
        frozenset({"west"}),
        {"observed": 3, "identified": 1},
    )


@pytest.mark.found_by_mutation
def test_with_observation_a_view_does_not_count_the_enemy_units_left() -> None:
    """OBSERVATION: "the commander of one side will not know the composition & disposition of
    the other side's forces" -- with the option on (the default), a side's view gives no count
    of the enemy's units (None), though East has lost one."""
    g = make_game()
    g._eliminate(g.units["east"][0])
    assert g.view("west").data["enemy_units_left"] is None
    assert g.view("east").data["enemy_units_left"] is None


@pytest.mark.found_by_mutation
def test_without_observation_a_unit_that_stays_put_makes_no_ambush() -> None:
    """COMBAT: an Ambush is made by "an attacker which was not observed in the preceding
    (enemy's) turn"; with Observation off every unit is observed. East's armor, put next to
    West's infantry, attacks it in East's turn without moving: one attack attempt, an
    ordinary attack, not two."""
    g = make_game({1: ("infantry", "@EH")}, first="west", observation=False)
    put(g, "east", 1, "@FH")
    g.submit("west", "0")
    dice = script(g, chances=[False, False])
    g.submit("east", "1 1")
    assert [label for label, _ in dice.asked] == ["attack 1"]
    assert _last(g, "combat")[2]["form"] == "attack"


@pytest.mark.found_by_mutation
def test_without_observation_a_unit_in_a_cbr_hex_shows_as_nuked() -> None:
    """EXTRA TYPES: "Nuked (in CBR hex: type not revealed)" -- with Observation off too: East's
    armor in the CBR hex @LH shows as ``nuked`` in West's view when West's turn begins, East's
    other units by their type."""
    g = make_game(first="east", observation=False)
    g.cbr.add(unit(g, "east", 1).cell)
    g.submit("east", "0")
    shown = {e["at"]: e["type"] for e in g.view("west").data["enemy"]}
    assert shown[rl.label(unit(g, "east", 1).cell)] == "nuked"
    assert shown[rl.label(unit(g, "east", 2).cell)] == "infantry"


@pytest.mark.found_by_mutation
def test_a_known_unit_eliminated_by_the_enemy_is_told_to_both_and_leaves_its_view() -> None:
    """COMBAT: a unit whose Strength reaches zero is removed; both sides hear of it when the
    enemy knew it (docs/rulings/aggressor.md). East's armor attacks West's infantry (Range 0,
    Strength 1), which East observed as its turn began: the first hit (of an Ambush's two
    attempts) eliminates it, both sides are told, and East no longer shows a unit at @EH."""
    g = make_game({1: ("infantry", "@EH")}, {1: ("armor", "@LH")}, first="west")
    infantry = unit(g, "west", 1)
    infantry.range, infantry.strength = 0, 1
    put(g, "east", 1, "@FH")
    g.submit("west", "0")
    assert "@EH" in {e["at"] for e in g.view("east").data["enemy"]}
    script(g, chances=[True])
    g.submit("east", "1 1")
    assert _last(g, "eliminated")[:2] == ("The unit at @EH is eliminated", frozenset({"*"}))
    assert "@EH" not in {e["at"] for e in g.view("east").data["enemy"]}
