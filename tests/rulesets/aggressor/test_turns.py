"""CONDUCT OF PLAY (seed 003): set-up, TURN SEQUENCE A-F, victory conditions, and the
OPTIONAL RULES / options."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError, ScenarioError
from hexwar.core.registry import replay
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.rulesets.aggressor.legal import random_setup
from hexwar.rulesets.aggressor.ruleset import AggressorRuleset
from hexwar.scenarios import load_document, validate
from hexwar.sessions import resolve_scenario
from tests.rulesets.aggressor.conftest import (
    SECTOR,
    make_game,
    put,
    script,
    setup_for,
    unit,
)
from tests.rulesets.aggressor.helpers import _last, _setting_up


def _fresh(seed: int = 3):  # type: ignore[no-untyped-def]
    resolved = resolve_scenario("aggressor/sector")
    return resolved.ruleset.new_game(resolved.scenario, seed=seed, scenario_id="aggressor/sector")


# -- SET UP and A) ----------------------------------------------------------------------------


def test_each_side_sets_up_18_units_in_its_own_territory() -> None:
    """SET UP: 18 units, one per hex, West on the left of the border, East on the right."""
    g = _fresh()
    assert g.decision().sides == {"west"}
    bad = "setup " + " ".join(f"armor@{chr(65 + c)}A" for c in range(11, 21)) + " armor@LB" * 8
    with pytest.raises(IllegalOrderError, match="SET UP"):
        g.submit("west", bad)
    g.submit("west", random_setup("west", __import__("numpy").random.default_rng(1)))
    with pytest.raises(IllegalOrderError, match="exactly 18"):
        g.submit("east", "setup armor@PA")
    g.submit("east", random_setup("east", __import__("numpy").random.default_rng(2)))
    assert g.phase in {"turn", "partisans"}
    assert len(g.units["west"]) == len(g.units["east"]) == 18


def test_first_mover_is_random_and_recorded() -> None:
    """TURN SEQUENCE A: who moves first is 'randomly figured into the INIT setup data'; the
    draw is in the log and the same seed draws the same side."""
    movers = {_fresh(seed).first_mover for seed in range(12)}
    assert movers == {"west", "east"}
    g = _fresh(5)
    event = next(e for e in g.events("west") if e.kind == "first-mover")
    assert event.receipt is not None
    assert event.receipt.rolls
    assert _fresh(5).first_mover == g.first_mover


def test_saved_setup_plays_again_identically(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """SET UP: the set-up file 'can then be used ... so one can set up a game the same way more
    than once'; the first mover travels with it."""
    g = make_game({1: ("armor", "@JH")}, {1: ("armor", "@LH")}, first="east")
    assert g.first_mover == "east"
    assert g.active == "east"
    assert rl.label(unit(g, "east", 1).cell) == "@LH"
    again = replay(g.record())
    assert again.state_hash() == g.state_hash()


def test_bad_setup_file_is_located() -> None:
    """SET UP: a saved set-up with a unit across the border is reported at its line."""
    text = (resolve_scenario("aggressor/sector").ruleset.scenario_dir / "sector.toml").read_text()
    text += '\n[setup]\nfirst_mover = "west"\nwest = [{type = "armor", at = "@LH"}]\neast = []\n'
    document = load_document(text, fmt="toml", name="bad.toml")
    with pytest.raises(ScenarioError) as err:
        validate(document, AggressorRuleset.scenario_model)
    messages = [str(p) for p in err.value.problems]
    assert any(
        "bad.toml:" in m and "setup.west[0].at" in m and "east of the border" in m for m in messages
    )
    assert any("exactly 18" in m for m in messages)


# -- C) partisans ------------------------------------------------------------------------------


def test_enemy_partisans_freeze_units_within_3_hexes() -> None:
    """TURN SEQUENCE C: the enemy is asked; a random spot in the acting side's territory; acting
    units within 3 hexes may take no action this turn and are not emplaced afterwards."""
    g = make_game({1: ("armor", "@EH"), 2: ("armor", "@HH")}, first="east")
    unit(g, "west", 1).emplaced = True
    g.partisans["west"] = 0
    g.partisans["east"] = 1
    g.submit("east", "0")  # West's turn begins: East is asked
    assert g.decision().sides == {"east"}
    assert g.view("east").data["partisans_to_use"] == 1
    spot = rl.parse_label("@CH")  # 2 hexes from unit 1, 5 from unit 2
    home = [c for c in range(rl.NCELLS) if rl.territory(c) == "west"]
    script(g, dice=[home.index(spot)])
    g.submit("east", "partisans 1")
    assert g.partisans["east"] == 0
    assert unit(g, "west", 1).frozen
    assert not unit(g, "west", 2).frozen
    with pytest.raises(IllegalOrderError, match="partisans"):
        g.submit("west", "1 3")
    g.submit("west", "0")
    assert not unit(g, "west", 1).emplaced
    texts = [e.text for e in g.events("west") if e.kind == "partisans"]
    assert texts
    assert "@CH" in texts[0]


def test_partisans_not_asked_without_partisans() -> None:
    """TURN SEQUENCE C: 'If either check or response is negative, the computer passes to D'."""
    g = make_game(first="east")
    g.submit("east", "0")
    assert g.decision().sides == {"west"}


# -- D) CBR effects ----------------------------------------------------------------------------


def test_cbr_hex_hits_units_that_did_not_move_into_it_last_turn() -> None:
    """TURN SEQUENCE D: friendly units in CBR hexes 'that did not move into them on their last
    turn' take a step loss at the start of the turn."""
    g = make_game({1: ("armor", "@EH"), 2: ("armor", "@EK")})
    g.cbr.update({rl.parse_label("@EG"), rl.parse_label("@EK")})
    g.submit("west", "1 3")  # enters @EG: immediate step loss (range 2)
    g.submit("west", "0")
    g.submit("east", "0")  # West's turn: unit 1 entered last turn, unit 2 sat there
    assert unit(g, "west", 1).range == 2
    assert unit(g, "west", 2).range == 2
    g.submit("west", "0")
    g.submit("east", "0")  # unit 1 stayed a turn: now it is hit too
    assert unit(g, "west", 1).range == 1


# -- E) --------------------------------------------------------------------------------------


def test_turn_ends_itself_when_no_unit_has_an_option() -> None:
    """TURN SEQUENCE E: 'A player's turn will also end automatically if all his units have no
    other options for action'."""
    g = make_game(first="west")
    for u in g.units["west"]:
        u.special_done = u.acted = True
    g.submit("west", "0")
    g.submit("east", "0")
    for u in g.units["west"]:
        if u.number != 1:
            u.special_done = u.acted = True
    u1 = unit(g, "west", 1)
    u1.range = 1
    g.submit("west", "1 3")  # its last move: nothing is left to do
    assert g.active == "east"


def test_interleaving_units_is_allowed() -> None:
    """TURN SEQUENCE E: move a unit part way, act with another, return to the first."""
    g = make_game({1: ("armor", "@EH"), 2: ("armor", "@GH")})
    g.submit("west", "1 3")
    g.submit("west", "2 3")
    g.submit("west", "1 3")
    assert unit(g, "west", 1).moved == 2
    assert unit(g, "west", 2).moved == 1


# -- F) victory --------------------------------------------------------------------------------


def _occupy(game, side: str, sectors: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Put one unit of ``side`` in each named sector's centre (and nobody else there)."""
    centres = {
        "NW": "@DC",
        "W": "@DH",
        "SW": "@DM",
        "N": "@KC",
        "C": "@KH",
        "S": "@KM",
        "NE": "@RC",
        "E": "@RH",
        "SE": "@RM",
    }
    for n, name in enumerate(sectors, 1):
        put(game, side, n, centres[name])


def test_victory_is_checked_at_the_end_of_the_enemy_turn() -> None:
    """TURN SEQUENCE F: 'one can only be assigned victory at the end of his enemy's turn'; 5 of
    the 9 sectors."""
    g = make_game(first="west")
    _occupy(g, "west", ["N", "C"])
    g.submit("west", "0")  # West now controls 5 sectors; no check for West yet
    assert g.outcome() is None
    assert g.sectors_won("west") == (5, False)
    g.submit("east", "0")
    assert g.outcome() is not None
    assert g.outcome().winner == "west"


def test_a_contested_sector_keeps_its_controller() -> None:
    """GAME OBJECT: 'the last occupying player is the controlling player'; a sector both sides
    occupy is not yet taken (docs/rulings/aggressor.md)."""
    g = make_game(first="west")
    _occupy(g, "west", ["N"])
    put(g, "east", 1, "@LC")
    g.submit("west", "0")
    assert g.control[rl.SECTOR_NAMES.index("N")] is None
    put(g, "east", 1, "@RA")
    g.submit("east", "0")
    assert g.control[rl.SECTOR_NAMES.index("N")] == "west"


def test_aggressor_needs_a_sector_in_each_column() -> None:
    """GAME OBJECT: the aggressor's 5 sectors 'must include at least one in each of the 3
    columns of sectors'."""
    g = make_game(first="west")
    g.aggressor = "west"
    _occupy(g, "west", ["N", "C"])
    g.submit("west", "0")
    g.submit("east", "0")
    assert g.outcome() is None
    for e in [u for u in g.units["east"] if rl.SECTOR_NAMES[rl.sector_of(u.cell)] == "E"]:
        g._eliminate(e)
    _occupy(g, "west", ["N", "C", "E"])
    g.submit("west", "0")
    g.submit("east", "0")
    assert g.outcome() is not None
    assert g.outcome().winner == "west"
    assert "aggressor" in g.outcome().reason


def test_turn_limit_ends_the_game() -> None:
    """Turn limit (docs/rulings/aggressor.md): after max_rounds the side with more sectors wins,
    equal counts draw."""
    g = make_game(first="west")
    g.scenario = g.scenario.model_copy(update={"max_rounds": 1})
    g.submit("west", "0")
    g.submit("east", "0")
    assert g.outcome() is not None
    assert g.outcome().winner is None


# -- options -----------------------------------------------------------------------------------


def test_die_factor_rolls_a_d10_and_a_1_always_hits() -> None:
    """dieFac (docs/rulings/aggressor.md): a d10 against 10 x the chance; 'die roll= 1 -> auto
    hit'."""
    g = make_game(
        {1: ("support", "@IH")},
        {1: ("armor", "@LH")},
        die_factor=True,
        terrain=None or tuple("." * 21 for _ in range(15)),
    )
    put(g, "east", 1, "@JH")
    unit(g, "west", 1).seen_by_enemy = True
    g._observe("west")
    dice = script(g, dice=[1])  # chance 30%: a 1 hits
    g.submit("west", "1 6")
    assert dice.asked == [("attack 1", 10.0)]
    assert unit(g, "east", 1).range == 2


def test_mobile_attacks_need_a_movement_point_and_advance_after_a_kill() -> None:
    """OPTIONAL RULES / Mobile Attacks: attacking needs a movement point; 'If any atkd tgt is
    destroyed, the attacking unit must be moved into its place'."""
    g = make_game({1: ("armor", "@IH")}, {1: ("support", "@LH")}, mobile_attacks=True)
    put(g, "east", 1, "@JH")
    unit(g, "east", 1).range = 0
    a = unit(g, "west", 1)
    a.seen_by_enemy = True
    g._observe("west")
    a.moved = 3
    with pytest.raises(IllegalOrderError, match="movement point"):
        g.submit("west", "1 6")
    a.moved = 0
    script(g, chances=[True])
    g.submit("west", "1 6")
    assert rl.label(a.cell) == "@JH"


def test_a_side_without_units_loses() -> None:
    """Ruling (docs/rulings/aggressor.md): a side with no units left loses at the end of the
    turn."""
    g = make_game(first="west")
    for u in list(g.units["east"]):
        g._eliminate(u)
    g.submit("west", "0")
    outcome = g.outcome()
    assert outcome is not None
    assert outcome.winner == "west"
    assert "no units left" in outcome.reason


@pytest.mark.parametrize(("mobile", "form"), [(True, "assault"), (False, "attack 1")])
def test_mobile_assault_is_against_a_target_not_adjacent_to_the_start(
    mobile: bool, form: str
) -> None:
    """OPTIONAL RULES / Mobile Attacks: 'an Assault is qualified by the tgt unit not being adj
    to the atkg unit's beg hex' (without the option: the attacker's own distance counts)."""
    g = make_game({1: ("armor", "@HH")}, {1: ("infantry", "@LH")}, mobile_attacks=mobile)
    put(g, "east", 1, "@JH")
    g._observe("west")
    g.submit("west", "1 5")  # @HH -> @IH: one hex from the start; @JH is two from it
    dice = script(g, chances=[False])
    g.submit("west", "1 6")  # attack @JH
    assert dice.asked[0][0] == form


def test_mobile_attack_without_moving_can_ambush() -> None:
    """OPTIONAL RULES / Mobile Attacks with COMBAT (2): the attack's movement point does not
    count as having moved."""
    g = make_game({1: ("armor", "@IH")}, {1: ("infantry", "@LH")}, mobile_attacks=True)
    put(g, "east", 1, "@JH")
    g._observe("west")
    dice = script(g, chances=[False, False])
    g.submit("west", "1 6")
    assert [label for label, _ in dice.asked] == ["attack 1", "attack 2"]


def test_control_is_kept_after_moving_away() -> None:
    """GAME OBJECT: 'he can move away and still retain control the last occupying player is
    the controlling player'."""
    g = make_game(first="west")
    _occupy(g, "west", ["N"])
    g.submit("west", "0")
    assert g.control[rl.SECTOR_NAMES.index("N")] == "west"
    put(g, "west", 1, "@GH")  # back home: sector N is empty again
    g.submit("east", "0")
    g.submit("west", "0")
    assert g.control[rl.SECTOR_NAMES.index("N")] == "west"


def test_ambush_depends_on_the_enemy_observation_phase() -> None:
    """COMBAT (2): an attacker 'not observed in the preceding (enemy's) turn' that attacks
    without moving ambushes (two attempts); one the enemy observed attacks once. Observation is
    the enemy's own phase (OBSERVATION), here run by playing the turns."""
    attempts = {}
    for east_range in (0, 3):  # an East unit with range 0 observes nothing
        g = make_game({1: ("armor", "@IH")}, {1: ("armor", "@PH")}, first="east")
        put(g, "east", 1, "@JH")
        e = unit(g, "east", 1)
        e.range = e.max_range = east_range
        g._observe("east")  # East's phase of its first turn, from @JH
        g.submit("east", "0")  # West's turn: it observes the East armor next to it
        dice = script(g, chances=[False, False])
        g.submit("west", "1 6")
        attempts[east_range] = [label for label, _ in dice.asked]
    assert attempts == {0: ["attack 1", "attack 2"], 3: ["attack 1"]}


def test_the_border_column_must_be_clear() -> None:
    """MOVEMENT: 'border hexes are also positioned in clear terrain (in the standard Sector
    module)' -- a scenario with a rough hex on column K is refused at its line."""
    text = (resolve_scenario("aggressor/sector").ruleset.scenario_dir / "sector.toml").read_text()
    text = text.replace('"..^^.............^^..",  # A', '"..^^......^......^^..",  # A')
    document = load_document(text, fmt="toml", name="rough.toml")
    with pytest.raises(ScenarioError) as err:
        validate(document, AggressorRuleset.scenario_model)
    assert any(
        "rough.toml:" in str(p) and "terrain[0]" in str(p) and "border column K" in str(p)
        for p in err.value.problems
    )


@pytest.mark.parametrize("side", rl.SIDES)
def test_each_sides_set_up_example_lies_in_its_own_territory(side: str) -> None:
    """SET UP (issue 39 item 9): the order help a side is shown gives a set-up example whose
    every unit stands in that side's own territory (West's example once used East's
    columns)."""
    g = _fresh()
    help_text = g.ruleset.order_help(g.view(side))
    example = next(line for line in help_text.splitlines() if "e.g. setup" in line)
    placements = example.split("e.g. setup", 1)[1].replace("...", "").split()
    assert placements
    for placement in placements:
        _type, at = placement.split("@")
        assert rl.territory(rl.parse_label(f"@{at}")) == side, placement


def _unsaved(first_mover: str) -> AggressorGame:
    """The bundled Sector scenario without a saved set-up, its first mover ``first_mover``."""
    scenario = SECTOR.model_copy(update={"first_mover": first_mover})
    return AggressorRuleset().new_game(scenario, seed=1, scenario_id="sector")


def _set_up(g: AggressorGame, side: str, actors: dict[int, tuple[str, str]] | None = None) -> None:
    """``side`` submits its 18 placements (conftest's fillers, ``actors`` at their numbers)."""
    placements = setup_for(side, actors or {})
    g.submit(side, "setup " + " ".join(f"{p['type']}{p['at']}" for p in placements))


def _alone(g: AggressorGame, side: str, *keep: int) -> None:
    """Setting the stage: every unit of ``side`` but those numbered ``keep`` eliminated."""
    for u in [u for u in g.units[side] if u.number not in keep]:
        g._eliminate(u)


@pytest.mark.found_by_mutation
def test_rounds_advance_after_both_sides_move_and_the_limit_counts_them() -> None:
    """TURN SEQUENCE A: "Turns thereafter alternate between sides"; a round is both sides'
    turns (docs/rulings/aggressor.md, Turn limit). With a limit of 2 rounds the game goes on
    after round 1 (West, then East) and ends after round 2."""
    g = make_game(first="west")
    g.scenario = g.scenario.model_copy(update={"max_rounds": 2})
    g.submit("west", "0")
    assert g.round == 1
    g.submit("east", "0")
    assert (g.round, g.outcome()) == (2, None)
    g.submit("west", "0")
    g.submit("east", "0")
    assert g.outcome() is not None


@pytest.mark.found_by_mutation
def test_no_turn_begins_after_a_side_has_lost_its_last_unit() -> None:
    """docs/rulings/aggressor.md: a side with no units left loses at the end of the turn, and
    the game ends there: East's turn never begins (no event after the game's end, West still
    the side that moved last)."""
    g = make_game(first="west")
    for u in list(g.units["east"]):
        g._eliminate(u)
    g.submit("west", "0")
    assert g.outcome() is not None
    last = g.events()[-1]
    assert last.kind == "game-over"
    assert g.active == "west"


@pytest.mark.found_by_mutation
def test_no_turn_begins_after_a_victory_on_sectors() -> None:
    """TURN SEQUENCE F: victory is assigned at the end of the enemy's turn, and the game ends
    there. West holds 5 of the 9 sectors when East ends its turn: West wins and no West turn
    begins (no event after the game's end)."""
    g = make_game(first="west")
    _occupy(g, "west", ["N", "C"])
    g.submit("west", "0")
    g.submit("east", "0")
    outcome = g.outcome()
    assert outcome is not None
    assert outcome.winner == "west"
    assert g.events()[-1].kind == "game-over"
    assert g.active == "east"


@pytest.mark.found_by_mutation
def test_a_saved_set_up_is_announced_as_setup_to_both_sides() -> None:
    """SET UP: a scenario's saved set-up is loaded (no set-up orders); its ``setup`` event
    says who moves first (here West), to both sides."""
    g = make_game(first="west")
    assert _last(g, "setup") == ("Saved set-up loaded; west moves first", frozenset({"*"}), {})


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("sector", "winner", "loser"), [("west", "west", "east"), ("east", "east", "west")]
)
def test_at_the_round_limit_the_side_with_more_sectors_wins(
    sector: str, winner: str, loser: str
) -> None:
    """Turn limit (docs/rulings/aggressor.md): after max_rounds without a VICTORY the side with
    more sectors wins. Each side starts with the three sectors its units stand in; the empty
    middle sector (4) given to one side makes it 4 to 3, short of the 5 of a VICTORY: after the
    one round of the limit that side wins, on sectors."""
    g = make_game(first="west")
    g.scenario = g.scenario.model_copy(update={"max_rounds": 1})
    g.control[4] = sector
    g.submit("west", "0")
    g.submit("east", "0")
    outcome = g.outcome()
    assert outcome is not None
    assert outcome.winner == winner
    assert outcome.reason == (
        f"1 rounds played without a victory; {winner} holds more sectors (4 to 3)"
    )
    assert g.sectors_won(loser)[0] == 3


@pytest.mark.found_by_mutation
def test_at_the_round_limit_equal_sectors_are_a_draw_and_say_so() -> None:
    """Turn limit (docs/rulings/aggressor.md): equal counts at the limit draw; the reason gives
    the count each side holds (3: the sectors their units stand in)."""
    g = make_game(first="west")
    g.scenario = g.scenario.model_copy(update={"max_rounds": 1})
    g.submit("west", "0")
    g.submit("east", "0")
    outcome = g.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (None, "1 rounds played, 3 sectors each: no victory")


@pytest.mark.found_by_mutation
def test_each_turn_and_each_change_of_control_is_told() -> None:
    """TURN SEQUENCE A ("Turns thereafter alternate between sides") and GAME OBJECT (the last
    occupying side controls a sector): the game tells both sides whose turn begins, as a
    `turn` event, and a sector changing hands, as a `control` event. West's unit put alone in
    the empty centre sector C takes control of it at the end of West's turn."""
    g = make_game(first="west")
    put(g, "west", 1, "@KH")
    g.submit("west", "0")
    turns = [e.text for e in g.events() if e.kind == "turn"]
    assert turns[:2] == ["Round 1: west's turn", "Round 1: east's turn"]
    control = [e.text for e in g.events() if e.kind == "control"]
    assert control == ["west takes control of sector C"]


@pytest.mark.found_by_mutation
def test_a_victory_without_an_aggressor_needs_no_column_rule() -> None:
    """VICTORY: a side controlling 5 of the 9 sectors wins; only the aggressor needs one in
    each column (docs/rulings/aggressor.md). With no aggressor declared West, holding its three
    home sectors and the two empty middle ones given to it, wins at the end of its turn, and
    the reason says nothing of an aggressor."""
    g = make_game(first="west")
    g.control[3] = g.control[4] = "west"
    g.submit("west", "0")
    g.submit("east", "0")
    outcome = g.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (
        "west",
        "west controls 5 of the 9 sectors (VICTORY)",
    )


@pytest.mark.found_by_mutation
def test_a_unit_in_a_cbr_hex_loses_a_step_as_its_turn_begins() -> None:
    """TURN SEQUENCE D (CBR hex effects): a unit in a CBR hex at the start of its side's turn
    takes a step loss. West's armor (Range 3) stands in the CBR hex @EH; when East ends its
    turn and West's begins, the armor drops to Range 2, told to West with that cause."""
    g = make_game({1: ("armor", "@EH")}, first="east")
    g.cbr.add(rl.parse_label("@EH"))
    g.submit("east", "0")
    assert unit(g, "west", 1).range == 2
    assert _last(g, "step-loss")[:2] == (
        "west unit 1 (armor) at @EH takes a step loss (CBR hex effects (TURN SEQUENCE D)): "
        "now range 2, strength 3",
        frozenset({"west"}),
    )


@pytest.mark.found_by_mutation
def test_a_unit_that_advanced_into_a_cbr_hex_loses_no_second_step_as_its_turn_begins() -> None:
    """TURN SEQUENCE D: the step loss at the start of a turn is for units in CBR hexes "that did
    not move into them on their last turn" -- an advance after a kill (Mobile Attacks) is such a
    move. West's armor (Range 3) destroys East's support on the CBR hex @JH and advances into
    it, losing a step on entering (Range 2); when West's next turn begins it loses none."""
    g = make_game({1: ("armor", "@IH")}, {1: ("support", "@LH")}, mobile_attacks=True)
    put(g, "east", 1, "@JH")
    unit(g, "east", 1).range = 0
    g.cbr.add(rl.parse_label("@JH"))
    armor = unit(g, "west", 1)
    armor.seen_by_enemy = True
    g.known["west"][rl.parse_label("@JH")] = "support"
    script(g, chances=[True])
    g.submit("west", "1 6")
    assert (rl.label(armor.cell), armor.range) == ("@JH", 2)
    g.submit("west", "0")
    g.submit("east", "0")
    assert (armor.range, armor.strength) == (2, 3)


@pytest.mark.found_by_mutation
def test_a_scenario_first_mover_moves_first_once_both_sides_have_set_up() -> None:
    """TURN SEQUENCE A: the side that moves first comes with the set-up data; SET UP: each side
    places its 18 units, West first. A scenario naming East: both sides are told before any
    set-up (round 0) that East moves first; West is asked to set up its 18 units, then East
    (whose view shows East as the side due, and whose set-up West is told of, as ``setup``);
    then East, not West, acts first."""
    g = _unsaved("east")
    (first,) = [e for e in g.events() if e.kind == "first-mover"]
    assert (first.time, first.text, first.visible_to) == (
        0,
        "east moves first (scenario)",
        frozenset({"*"}),
    )
    decision = g.decision()
    assert decision is not None
    assert (decision.sides, decision.prompt) == (frozenset({"west"}), "set up your 18 units")
    _set_up(g, "west")
    (done,) = [e for e in g.events("east") if e.kind == "setup"]
    assert (done.time, done.text, done.visible_to) == (
        0,
        "west has set up its 18 units",
        frozenset({"*"}),
    )
    decision = g.decision()
    assert decision is not None
    assert (decision.sides, decision.prompt) == (frozenset({"east"}), "set up your 18 units")
    assert (g.view("west").data["active"], g.view("east").data["active"]) == ("east", "east")
    assert g.view("east").data["setup_due"] is True
    _set_up(g, "east")
    decision = g.decision()
    assert decision is not None
    assert (decision.sides, decision.prompt) == (frozenset({"east"}), "round 1: east to act")


@pytest.mark.found_by_mutation
def test_a_drawn_first_mover_is_told_with_its_draw_and_moves_first() -> None:
    """TURN SEQUENCE A: "which side moves first (which was randomly figured into the INIT setup
    data)". With ``first_mover = "random"`` the game draws it before the set-up (round 0),
    tells both sides, and the umpire's receipt gives the one draw, labelled ``first mover``,
    and the side drawn; that side acts first once both have set up."""
    g = _unsaved("random")
    (first,) = [e for e in g.events() if e.kind == "first-mover"]
    side = first.text.split(" ", 1)[0]
    assert side in rl.SIDES
    assert (first.time, first.text, first.visible_to) == (
        0,
        f"{side} moves first (drawn at set-up, TURN SEQUENCE A)",
        frozenset({"*"}),
    )
    assert first.receipt is not None
    assert first.receipt.result == side
    assert [r.label for r in first.receipt.rolls] == ["first mover"]
    _set_up(g, "west")
    _set_up(g, "east")
    decision = g.decision()
    assert decision is not None
    assert decision.sides == frozenset({side})


@pytest.mark.found_by_mutation
def test_a_saved_set_up_is_announced_before_the_first_round() -> None:
    """SET UP: a saved set-up replaces both sides' placements; its announcement comes before
    round 1 begins (time 0), like the set-up orders it stands for."""
    g = make_game(first="west")
    (saved,) = [e for e in g.events() if e.kind == "setup"]
    assert saved.time == 0
    assert [e.kind for e in g.events()][:2] == ["setup", "turn"]


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("actors", "count", "message"),
    [
        ({3: ("armor", "@PH")}, 18,
         "unit 3: @PH is on east of the border; west sets up in its own territory (SET UP)"),
        ({}, 17, "west must choose exactly 18 units, got 17"),
    ],
)  # fmt: skip
def test_a_set_up_refusal_names_the_unit_at_fault(
    actors: dict[int, tuple[str, str]], count: int, message: str
) -> None:
    """SET UP: each side sets up 18 units in its own territory; a refusal names the unit (by
    its number in choice order, from 1) whose placement breaks the rule, and a set-up of the
    wrong size, which is no one unit's fault, names none."""
    g = _setting_up()
    placements = setup_for("west", actors)[:count]
    with pytest.raises(IllegalOrderError) as info:
        g.submit("west", "setup " + " ".join(f"{p['type']}{p['at']}" for p in placements))
    assert str(info.value) == f"{message} [SET UP]"


@pytest.mark.found_by_mutation
def test_a_side_that_loses_its_last_unit_ends_its_turn_and_loses_the_game() -> None:
    """MOVEMENT: a unit entering a CBR hex takes a step loss, and COMBAT: Strength 0 removes it;
    TURN SEQUENCE E: the turn ends by itself when no unit has an option; a side with no units
    left loses (docs/rulings/aggressor.md). West's last unit, an infantry of Range 0 and
    Strength 1, makes its 50% attempt into the CBR hex @EI and is eliminated: West's turn ends
    and East wins."""
    g = make_game({1: ("infantry", "@EH")})
    _alone(g, "west", 1)
    infantry = unit(g, "west", 1)
    infantry.range, infantry.strength = 0, 1
    g.cbr.add(rl.parse_label("@EI"))
    script(g, chances=[True])
    g.submit("west", "1 4")
    assert g.units["west"] == []
    assert _last(g, "end-turn")[:2] == (
        "west's turn ends: no unit has an option left",
        frozenset({"*"}),
    )
    outcome = g.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == ("east", "west has no units left")


@pytest.mark.found_by_mutation
def test_when_both_armies_are_eliminated_in_one_turn_nobody_wins() -> None:
    """COMBAT: "If a unit's Strength is reduced to zero by any means, it is removed"; Mobile
    Attacks: the attacker "must be moved into" the hex of a target it destroys; MOVEMENT: a
    unit entering a CBR hex takes a step loss. West's last unit (armor, Range 0, Strength 1:
    its one attempt is its movement point) hits East's last unit (support, Range 0, Strength 1)
    on the CBR hex @JH at 50% + 10% x (1 - 1) - 10% = 40%, eliminating it, advances and loses
    its own last step: both armies are eliminated, and the game ends without a winner."""
    g = make_game({1: ("armor", "@IH")}, {1: ("support", "@LH")}, mobile_attacks=True)
    _alone(g, "west", 1)
    _alone(g, "east", 1)
    put(g, "east", 1, "@JH")
    unit(g, "east", 1).range = 0
    armor = unit(g, "west", 1)
    armor.range, armor.strength, armor.seen_by_enemy = 0, 1, True
    g.cbr.add(rl.parse_label("@JH"))
    g.known["west"][rl.parse_label("@JH")] = "support"
    dice = script(g, chances=[True])
    g.submit("west", "1 6")
    assert dice.asked == [("attack 1", pytest.approx(0.4))]
    assert (g.units["west"], g.units["east"]) == ([], [])
    outcome = g.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (None, "both armies are eliminated")


@pytest.mark.found_by_mutation
def test_a_turn_whose_units_are_all_frozen_ends_by_itself() -> None:
    """TURN SEQUENCE C: partisans freeze the acting units within 3 hexes of their spot; E: "A
    player's turn will also end automatically if all his units have no other options for
    action". West's one unit, at @FH, is frozen by East's partisan at @CH (3 hexes): West's
    turn ends without an order, told to both sides, and East's turn begins."""
    g = make_game({1: ("armor", "@FH")}, first="east")
    _alone(g, "west", 1)
    g.partisans["west"], g.partisans["east"] = 0, 1
    g.submit("east", "0")
    home = [c for c in range(rl.NCELLS) if rl.territory(c) == "west"]
    script(g, dice=[home.index(rl.parse_label("@CH"))])
    g.submit("east", "partisans 1")
    assert _last(g, "end-turn")[:2] == (
        "west's turn ends: no unit has an option left",
        frozenset({"*"}),
    )
    decision = g.decision()
    assert decision is not None
    assert decision.sides == frozenset({"east"})
