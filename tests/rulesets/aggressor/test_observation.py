"""OBSERVATION (seed 003): range, identification, carrying identification into the next turn,
reacquiring unidentified units, results only to the active side; full information when off."""

from __future__ import annotations

from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.game import AggressorGame
from tests.rulesets.aggressor.conftest import make_game, put, rough, unit


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
