"""Aggressor rules that a mutation of the game once changed without failing a test, each checked
where the game applies it, at its boundary (docs/testing.md, "Mutation testing"). Seed 003;
the situations are conftest.py's hand-set maps, row H: along a row each column is one hex."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.rulesets.aggressor.orders import parse_order
from hexwar.rulesets.aggressor.ruleset import AggressorRuleset
from tests.rulesets.aggressor.conftest import (
    SECTOR,
    ScriptedDice,
    make_game,
    put,
    rough,
    script,
    unit,
)
from tests.rulesets.aggressor.test_turns import _occupy


def _recon_with_dice(a: int, b: int) -> AggressorGame:
    """West's airbase (Range 0, Strength 3) at @AH flies a recon to @GH, 6 hexes away."""
    g = make_game({1: ("airbase", "@AH")}, air_loss="dice", air_loss_die=6)
    script(g, dice=[a, b])
    g.submit("west", "1 7 @GH recon")
    return g


@pytest.mark.parametrize(("a", "b", "strength"), [(1, 2, 2), (2, 2, 3), (1, 3, 3)])
def test_recon_air_loss_on_two_dice_at_most_half_the_distance(
    a: int, b: int, strength: int
) -> None:
    """SPECIAL FUNCTIONS, Recon/Strike: "2d <= (Dist (+ Airbase Str, if Strike msn))/ 2". A
    recon 6 hexes out: a loss on a total of at most 6 / 2 = 3 (1 + 2, the boundary: Range is
    0, so Strength 3 -> 2), none on 4."""
    g = _recon_with_dice(a, b)
    assert unit(g, "west", 1).strength == strength


def test_the_anti_aircraft_dice_are_those_the_options_name() -> None:
    """Recon/Strike: the formula "allows for d8, d10, d12": with ``air_loss_die = 10`` both
    anti-aircraft dice are d10s."""
    g = make_game({1: ("airbase", "@AH")}, air_loss="dice", air_loss_die=10)
    dice = script(g, dice=[9, 9])
    g.submit("west", "1 7 @GH recon")
    assert dice.asked == [("anti-aircraft die 1", 10.0), ("anti-aircraft die 2", 10.0)]


def _strike(
    *,
    emplaced: bool = False,
    chances: tuple[bool, ...] = (False, False),
    dice: tuple[int, ...] = (),
    **options: object,
) -> tuple[AggressorGame, ScriptedDice]:  # fmt: skip
    """West's airbase (Strength 3) at @AH strikes East's known infantry (Strength 2) at @UH,
    20 hexes away along row H."""
    g = make_game({1: ("airbase", "@AH")}, {1: ("infantry", "@UH")}, **options)  # type: ignore[arg-type]
    unit(g, "east", 1).seen_by_enemy = True
    unit(g, "east", 1).emplaced = emplaced
    g.known["west"][rl.parse_label("@UH")] = None
    scripted = script(g, chances=list(chances), dice=list(dice))
    g.submit("west", "1 7 @UH strike")
    return g, scripted


@pytest.mark.parametrize(("a", "b", "strength"), [(5, 6, 2), (6, 6, 3)])
def test_strike_air_loss_adds_the_airbase_strength(a: int, b: int, strength: int) -> None:
    """The same formula on a Strike adds the airbase's Strength: (20 + 3) / 2 = 11 (rounded
    down); 5 + 6 = 11 loses a step, 6 + 6 = 12 does not."""
    g, _ = _strike(dice=(a, b), air_loss="dice", air_loss_die=6)
    assert unit(g, "west", 1).strength == strength


def test_a_strike_on_an_emplaced_unit_has_the_further_ten_points_off() -> None:
    """COMBAT: "If the defender is emplaced, subtract a further 10%" -- on a Strike too: the
    airbase's 3 against the dug-in infantry's 2 in clear terrain, 50% + 10% - 10% = 50%
    (60% when it is not dug in)."""
    asked = _strike(emplaced=True)[1].asked
    assert asked[0] == ("strike", pytest.approx(0.5))
    asked = _strike(emplaced=False)[1].asked
    assert asked[0] == ("strike", pytest.approx(0.6))


def test_a_strike_at_a_hex_the_enemy_has_left_finds_no_target() -> None:
    """Strike: "the enemy unit at the target coordinates is attacked". West still marks @UH
    where East's infantry was; it has gone to @TH: the strike finds no target there and
    nobody is hit (no attack roll; the anti-aircraft chance is still asked)."""
    g = make_game({1: ("airbase", "@AH")}, {1: ("infantry", "@UH")})
    g.known["west"][rl.parse_label("@UH")] = None
    put(g, "east", 1, "@TH")
    dice = script(g, chances=[False])
    g.submit("west", "1 7 @UH strike")
    assert [label for label, _ in dice.asked] == ["anti-aircraft"]
    assert any("no target there" in e.text for e in g.events("west"))
    assert (unit(g, "east", 1).range, unit(g, "east", 1).strength) == (2, 2)


@pytest.mark.parametrize(("roll", "hit"), [(1, True), (3, True), (4, False)])
def test_with_the_die_factor_a_d10_hits_on_at_most_ten_times_the_chance(
    roll: int, hit: bool
) -> None:
    """dieFac (docs/rulings/aggressor.md): a d10 hits when it shows at most 10 x the chance,
    and a 1 always hits. Support (Strength 1) on armor (3): 50% + 10% x (1 - 3) = 30%, so 1 to
    3 hit (Range 3 -> 2), 4 misses."""
    g = make_game({1: ("support", "@IH")}, {1: ("armor", "@LH")}, die_factor=True)
    put(g, "east", 1, "@JH")
    unit(g, "west", 1).seen_by_enemy = True
    g._observe("west")
    script(g, dice=[roll])
    g.submit("west", "1 6")
    assert unit(g, "east", 1).range == (2 if hit else 3)


@pytest.mark.parametrize(("at", "frozen"), [("@FH", True), ("@GH", False)])
def test_partisans_freeze_units_within_3_hexes_of_the_spot(at: str, frozen: bool) -> None:
    """TURN SEQUENCE C: partisans "freeze/disable for one turn all those acting units within
    3 hexes distance of the spot". The spot @CH: a West unit at @FH (3 hexes) is frozen, one
    at @GH (4 hexes) is not."""
    g = make_game({1: ("armor", at)}, first="east")
    g.partisans["west"] = 0
    g.partisans["east"] = 1
    g.submit("east", "0")
    home = [c for c in range(rl.NCELLS) if rl.territory(c) == "west"]
    script(g, dice=[home.index(rl.parse_label("@CH"))])
    g.submit("east", "partisans 1")
    assert unit(g, "west", 1).frozen is frozen


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


def test_a_missile_hit_on_an_unobserved_unit_is_told_to_both_sides() -> None:
    """CBR Missile Launch: a hit eliminates the target; the launch is an attack both sides are
    told of (COMBAT: "the result of the attack are reported to both sides"), so the
    elimination is too, even of a unit West never observed (docs/rulings/aggressor.md)."""
    g = make_game({1: ("missile", "@EH")}, {1: ("armor", "@LH")})
    put(g, "east", 1, "@KH")
    assert rl.parse_label("@KH") not in g.known["west"]
    script(g, chances=[True])
    g.submit("west", "1 7 @KH")
    told = [e.text for e in g.events("west") if e.kind == "eliminated"]
    assert told == ["The unit at @KH is eliminated"]


def test_a_strike_that_takes_the_last_strength_eliminates_the_unit() -> None:
    """COMBAT: "If a unit's Strength is reduced to zero by any means, it is removed" -- by a
    Strike too: East's support at @UH with Range 0 and Strength 1 is hit (a step loss takes
    Strength when Range is 0) and leaves the map; West no longer marks @UH."""
    g = make_game({1: ("airbase", "@AH")}, {1: ("support", "@UH")})
    target = unit(g, "east", 1)
    target.range, target.strength, target.seen_by_enemy = 0, 1, True
    g.known["west"][rl.parse_label("@UH")] = None
    script(g, chances=[True, False])
    g.submit("west", "1 7 @UH strike")
    assert target not in g.units["east"]
    assert rl.parse_label("@UH") not in g.at
    assert rl.parse_label("@UH") not in g.known["west"]
    assert [e.text for e in g.events("west") if e.kind == "eliminated"] == [
        "The unit at @UH is eliminated"
    ]


def test_indirect_fire_at_a_hex_holding_ones_own_unit_is_refused() -> None:
    """SPECIAL FUNCTIONS, Indirect Fire is "directed against an enemy target": West's
    artillery at @HH may not fire at @JH, held by West's own infantry (unit 2)."""
    g = make_game({1: ("artillery", "@HH"), 2: ("infantry", "@JH")})
    with pytest.raises(IllegalOrderError, match="your own unit 2"):
        g.submit("west", "1 7 @JH")


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


def test_a_unit_advancing_into_a_cbr_hex_after_a_kill_takes_a_step_loss() -> None:
    """Mobile Attacks: "If any atkd tgt is destroyed, the attacking unit must be moved into its
    place"; MOVEMENT: "When a unit enters a CBR hex, it immediately suffers a step loss". West's
    armor (Range 3) kills East's support (Range 0, Strength 1) on the CBR hex @JH and advances
    into it: Range 3 -> 2. The advance is told to West as a ``move``."""
    g = make_game({1: ("armor", "@IH")}, {1: ("support", "@LH")}, mobile_attacks=True)
    put(g, "east", 1, "@JH")
    unit(g, "east", 1).range = 0
    g.cbr.add(rl.parse_label("@JH"))
    armor = unit(g, "west", 1)
    armor.seen_by_enemy = True
    g._observe("west")
    script(g, chances=[True])
    g.submit("west", "1 6")
    assert rl.label(armor.cell) == "@JH"
    assert g.at[rl.parse_label("@JH")] is armor  # the board holds it there (no stacking on it)
    assert (armor.range, armor.strength) == (2, 3)
    assert _last(g, "move") == ("unit 1 advances into @JH", frozenset({"west"}), {})
    assert _last(g, "step-loss")[0] == (
        "west unit 1 (armor) at @JH takes a step loss (entered a CBR hex): now range 2, strength 3"
    )


def test_an_immobile_unit_is_reported_to_its_own_side_only() -> None:
    """MOVEMENT: a range-0 unit's move attempt fails half the time with "Immobile this turn";
    OBSERVATION: "The results of an observation are revealed only to the side whose turn it
    is" -- the enemy does not hear of a failed attempt. West's infantry at @EH with Range 0
    fails: West is told, East is not."""
    g = make_game({1: ("infantry", "@EH")})
    unit(g, "west", 1).range = 0
    script(g, chances=[False])
    g.submit("west", "1 4")
    assert [e.text for e in g.events("west") if e.kind == "immobile"] == [
        "unit 1: Immobile this turn"
    ]
    assert not [e for e in g.events("east") if e.kind == "immobile"]


def test_without_observation_each_side_sees_how_many_enemy_units_are_left() -> None:
    """Observation option off (seed 003, "Unless the option not to use Observation has been
    selected"): nothing is hidden, and each side's view counts the enemy's units left: West
    sees East's 17 after one is eliminated, East sees West's 18."""
    g = make_game(observation=False)
    g._eliminate(g.units["east"][0])
    assert g.view("west").data["enemy_units_left"] == 17
    assert g.view("east").data["enemy_units_left"] == 18
    assert g.view("west").data["partisans_to_use"] == 0


def _artillery_at_range(range_: int) -> AggressorGame:
    g = make_game({1: ("artillery", "@HH")})
    unit(g, "west", 1).range = range_
    return g


@pytest.mark.parametrize(
    ("game", "order", "rule", "why"),
    [
        (lambda: make_game({1: ("missile", "@BH")}), "1 7 @KH", "SPECIAL FUNCTIONS / CBR Launch",
         "@KH is 9 hexes away; missiles reach 8"),
        (lambda: _artillery_at_range(2), "1 7 @KH", "SPECIAL FUNCTIONS / Indirect Fire",
         "@KH is 3 hexes away, beyond its Range 2"),
        (lambda: make_game({1: ("infantry", "@HH")}), "1 7 @KH", "SPECIAL FUNCTIONS / types",
         "no special function aims at @KH"),
        (lambda: make_game({1: ("artillery", "@HH"), 2: ("infantry", "@JH")}), "1 7 @JH",
         "SPECIAL FUNCTIONS / targets", "@JH holds your own unit 2"),
        (lambda: make_game({1: ("infantry", "@HH"), 2: ("infantry", "@HI")}), "1 4", "MOVEMENT",
         "@HI holds your unit 2; no stacking"),
        (lambda: make_game(), "partisans 1", "TURN SEQUENCE E",
         "a partisans order is not due now"),
    ],
)  # fmt: skip
def test_each_refusal_names_the_section_it_enforces(
    game: Any, order: str, rule: str, why: str
) -> None:
    """Seed 003's sections, named by every refusal: CBR Launch "up to 8 hexes", Indirect Fire
    "out to a distance of the artillery unit's current Range", the special functions by type
    and on enemy targets only, no stacking (MOVEMENT), partisans only when the enemy's turn
    begins (TURN SEQUENCE)."""
    with pytest.raises(IllegalOrderError) as info:
        game().submit("west", order)
    assert info.value.rule == rule
    assert why in str(info.value)
    assert info.value.order is not None


# -- the kinds of events the front ends and the computer player read ---------------------------


def _last(g: AggressorGame, kind: str) -> tuple[str, frozenset[str], dict[str, Any]]:
    e = [e for e in g.events() if e.kind == kind][-1]
    return e.text, e.visible_to, dict(e.data)


def test_a_saved_set_up_is_announced_as_setup_to_both_sides() -> None:
    """SET UP: a scenario's saved set-up is loaded (no set-up orders); its ``setup`` event
    says who moves first (here West), to both sides."""
    g = make_game(first="west")
    assert _last(g, "setup") == ("Saved set-up loaded; west moves first", frozenset({"*"}), {})


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


def test_a_missile_on_an_empty_hex_is_told_as_cbr_and_a_hit_carries_its_result() -> None:
    """CBR Missile Launch: the hex turns CBR whether or not a unit is there (both sides are
    told, ``cbr``); a launch at a unit is an attack whose target and result the event carries
    for the front ends."""
    g = make_game({1: ("missile", "@EH")})
    g.submit("west", "1 7 @KH")
    assert _last(g, "cbr") == (
        "west launches CBR missiles at @KH: the hex is contaminated",
        frozenset({"*"}),
        {},
    )
    g = make_game({1: ("missile", "@EH")}, {1: ("armor", "@LH")})
    put(g, "east", 1, "@KH")
    script(g, chances=[True])
    g.submit("west", "1 7 @KH")
    assert _last(g, "cbr")[2] == {"target": "@KH", "results": ["hit"]}


def test_a_replacement_and_a_partisan_contact_are_told_to_their_side() -> None:
    """SPECIAL FUNCTIONS: Replacement (key 7 on the unit's own hex; a reduced infantry, Range
    1, gains a Range step) and Partisan Contact (key 7 @@, from a turn begun in enemy
    territory: @PH is East's) are told to the acting side, as ``replacement`` and
    ``partisan-contact``; ending the turn (key 0) is told to both as ``end-turn``."""
    g = make_game({1: ("infantry", "@EH")})
    unit(g, "west", 1).range = 1
    script(g, chances=[True])
    g.submit("west", "1 7 @EH")
    assert _last(g, "replacement") == ("unit 1 seeks replacements: range +1",
                                       frozenset({"west"}), {})  # fmt: skip
    g.submit("west", "0")
    assert _last(g, "end-turn") == ("west ends its turn", frozenset({"*"}), {})
    g = make_game({1: ("infantry", "@EH")})
    put(g, "west", 1, "@PH")
    script(g, chances=[True])
    g.submit("west", "1 7 @@")
    assert _last(g, "partisan-contact") == (
        "unit 1 seeks partisans: contact made (1 available)",
        frozenset({"west"}),
        {},
    )


def test_an_attack_is_told_to_both_sides_as_combat() -> None:
    """COMBAT: "the result of the attack are reported to both sides" -- the attacker's type,
    the defender's hex, the form and the result. West's infantry, not observed in East's turn,
    attacks East's unit at @EI (key 4) without moving: an Ambush, "two consecutive attack
    attempts" (scripted hit, then miss)."""
    g = make_game({1: ("infantry", "@EH")})
    put(g, "east", 1, "@EI")
    unit(g, "east", 1).seen_by_enemy = True
    g._observe("west")
    script(g, chances=[True, False])
    g.submit("west", "1 4")
    text, told, data = _last(g, "combat")
    assert (text, told) == ("west infantry ambushes @EI: hit, miss", frozenset({"*"}))
    assert (data["form"], data["results"]) == ("ambush", ["hit", "miss"])


# -- every refusal names its section and carries its order -----------------------------------


def _setting_up() -> AggressorGame:
    """The bundled Sector scenario without a saved set-up: West sets up first."""
    return AggressorRuleset().new_game(SECTOR, seed=1, scenario_id="sector")


def _partisans_asked() -> AggressorGame:
    """East holds one partisan when West's second turn begins: East is asked (TURN SEQUENCE
    C)."""
    g = make_game(first="west")
    g.partisans["east"] = 1
    g.submit("west", "0")
    g.submit("east", "0")
    return g


def _with(setting: str, **fields: Any) -> Any:
    """West's unit 1 (``setting`` = TYPE@HEX) with some of its fields set by hand."""
    type_, at = setting.split("@")

    def make() -> AggressorGame:
        g = make_game({1: (type_, "@" + at)})
        for name, value in fields.items():
            setattr(unit(g, "west", 1), name, value)
        return g

    return make


def _next_to_support() -> AggressorGame:
    return make_game({1: ("infantry", "@EH"), 2: ("support", "@EI")})


def _next_to_known_enemy(**fields: Any) -> Any:
    def make() -> AggressorGame:
        g = _with("infantry@EH", **fields)()
        put(g, "east", 1, "@EI")
        g.known["west"][rl.parse_label("@EI")] = "infantry"
        return g

    return make


def _moved() -> AggressorGame:
    """West's infantry has moved @EH -> @EI this turn."""
    g = make_game({1: ("infantry", "@EH")})
    g.submit("west", "1 4")
    return g


@pytest.mark.parametrize(
    ("game", "side", "order", "rule", "why"),
    [
        (_setting_up, "west", "0", "SET UP", "set up your units first"),
        (_setting_up, "west", "setup infantry@AH", "SET UP", ""),
        (_partisans_asked, "east", "1 4", "TURN SEQUENCE C", "answer whether to use partisans"),
        (_partisans_asked, "east", "partisans 2", "TURN SEQUENCE C",
         "you have 1 partisans, not 2"),
        (_with("infantry@EH", frozen=True), "west", "1 4", "TURN SEQUENCE C",
         "unit 1 is busy suppressing partisans this turn"),
        (lambda: make_game(), "west", "setup infantry@AH", "TURN SEQUENCE E",
         "a setup order is not due now"),
        (lambda: make_game(), "west", "19 4", "UNIT TYPES", "west has no unit 19"),
        (_with("infantry@AH"), "west", "1 1", "MAP BOARD", "key 1 leads off the map"),
        (_moved, "west", "1 7 @EI", "SPECIAL FUNCTIONS",
         "may not perform a special function: it has already acted"),
        (_next_to_support, "west", "1 4", "SPECIAL FUNCTIONS / Supply Request",
         "unit 1 is at full Range and Strength: no supply needed"),
        (_next_to_known_enemy(attacked=True), "west", "1 4", "COMBAT",
         "unit 1 may not attack now"),
        (_with("infantry@EH", halted=True), "west", "1 4", "MOVEMENT",
         "unit 1 cannot move another hex this turn"),
        (_with("infantry@EH"), "west", "1 7 @@", "SPECIAL FUNCTIONS / Partisans",
         "partisan contact needs a turn begun in enemy territory"),
        (_with("armor@EH"), "west", "1 7 @EH", "SPECIAL FUNCTIONS / Replacement",
         "only Infantry and Support units take Replacement"),
        (_with("infantry@EH"), "west", "1 7 @EH", "SPECIAL FUNCTIONS / Replacement",
         "already at full Range and Strength"),
        (_with("airbase@EH"), "west", "1 7 @KH strike",
         "SPECIAL FUNCTIONS / Recon/Strike Air Mission", "you observe no enemy unit at @KH"),
        (_with("missile@EH", missiles=False), "west", "1 7 @KH",
         "SPECIAL FUNCTIONS / CBR Missile Launch", "its missiles are already launched"),
        (_with("artillery@HH"), "west", "1 7 @JH", "SPECIAL FUNCTIONS / Indirect Fire",
         "you observe no enemy unit at @JH"),
    ],
)  # fmt: skip
def test_every_refusal_names_its_section_and_carries_its_order(
    game: Any, side: str, order: str, rule: str, why: str
) -> None:
    """Seed 003's sections, each named by the refusal of an order that breaks it: SET UP (set
    up first, 18 units), TURN SEQUENCE C (answer the partisan question; no more partisans
    than held; frozen units take no action) and E (no set-up order in a turn), UNIT TYPES,
    MAP BOARD (21 columns: nothing upper left of column A), SPECIAL FUNCTIONS ("requires that a
    unit have done no other movement nor action"; Supply Request for a reduced unit only;
    Partisan Contact "by a unit which begins its turn in enemy territory"; Replacement for
    Infantry and Support; a Strike at "the enemy unit at the target coordinates"; missiles
    "once each"; Indirect Fire "against an enemy target"), COMBAT (once per turn) and MOVEMENT
    (a halted unit). Every refusal carries the order it refuses."""
    with pytest.raises(IllegalOrderError) as info:
        game().submit(side, order)
    assert info.value.rule == rule
    assert why in str(info.value)
    assert info.value.order is not None
    assert info.value.order.to_json() == parse_order(order).to_json()


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


def test_replacements_that_do_not_arrive_leave_the_unit_as_it_was() -> None:
    """SPECIAL FUNCTIONS / Replacement: 60% at home (@EH is West's). The chance fails: the
    reduced infantry (Range 1) stays at Range 1, West is told none arrive, and the receipt
    gives the home territory and the failed roll."""
    g = make_game({1: ("infantry", "@EH")})
    unit(g, "west", 1).range = 1
    script(g, chances=[False])
    g.submit("west", "1 7 @EH")
    assert unit(g, "west", 1).range == 1
    (event,) = [e for e in g.events() if e.kind == "replacement"]
    assert event.text == "unit 1 seeks replacements: none arrive"
    assert event.receipt is not None
    assert event.receipt.inputs == {"home_territory": True}
    assert event.receipt.result is False
    assert [r.label for r in event.receipt.rolls] == ["replacement"]


def test_a_recon_counts_the_units_it_finds_and_tells_its_side() -> None:
    """SPECIAL FUNCTIONS / Recon: "unobserved enemy units on the traced line are revealed" --
    West's airbase on @CH flies to @JH over East's two unobserved units on @GH and @IH: a
    `recon` report to West alone, "2 unit(s) found", and both units are now known to West
    (they have been seen by the enemy). The anti-aircraft chance (distance / 28 / Strength)
    spares the airbase."""
    g = make_game({1: ("airbase", "@CH")}, {1: ("armor", "@LH"), 2: ("armor", "@LG")})
    put(g, "east", 1, "@GH")
    put(g, "east", 2, "@IH")
    g._observe("west")
    assert g.view("west").data["enemy"] == []
    script(g, chances=[False])
    g.submit("west", "1 7 @JH recon")
    text, told, _ = _last(g, "recon")
    assert (text, told) == ("airbase 1 flies recon to @JH: 2 unit(s) found", frozenset({"west"}))
    assert (unit(g, "east", 1).seen_by_enemy, unit(g, "east", 2).seen_by_enemy) == (True, True)


def test_the_first_attack_across_the_border_declares_the_aggressor_to_both_sides() -> None:
    """GAME OBJECT: the first side to attack a unit on the enemy's side of the border is the
    aggressor for the rest of the game. West's armor on the border column (@KH) attacks East's
    armor on @LH, East's territory (the attack misses): both sides are told, as an `aggressor`
    event, that West is the AGGRESSOR."""
    g = make_game({1: ("armor", "@JH")}, {1: ("armor", "@RH")})
    put(g, "west", 1, "@KH")
    put(g, "east", 1, "@LH")
    unit(g, "west", 1).seen_by_enemy = True
    g._observe("west")
    script(g, chances=[False])
    g.submit("west", "1 6")
    assert g.aggressor == "west"
    assert _last(g, "aggressor")[:2] == (
        "west attacks across the border at @LH: west is the AGGRESSOR for the rest of the game",
        frozenset({"*"}),
    )


def test_the_summary_counts_the_turns_played() -> None:
    """TURN SEQUENCE A: turns alternate, a round is both sides' turns (docs/rulings/aggressor.md,
    Turn limit). After West's, East's and West's turns the game summary gives round 2, three
    turns played, West the first mover, no aggressor yet."""
    g = make_game(first="west")
    for side in ("west", "east", "west"):
        g.submit(side, "0")
    summary = g.summary()
    assert {k: summary[k] for k in ("round", "turns_played", "first_mover", "aggressor")} == {
        "round": 2,
        "turns_played": 3,
        "first_mover": "west",
        "aggressor": None,
    }


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


def test_a_supply_request_is_told_to_its_side_with_the_supports_step_loss() -> None:
    """SPECIAL FUNCTIONS / Supply Request: "the supporting unit takes a step loss"; the
    supplied unit gains Strength if below its maximum. West's armor (Strength 2 of 3) draws
    supply from the Support above it (key 3): West alone is told, as a `supply` event, that it
    gained Strength, and the Support's step loss names its cause."""
    g = make_game({1: ("armor", "@EH"), 2: ("support", "@EG")})
    armor = unit(g, "west", 1)
    armor.strength, armor.range = 2, 1
    g.submit("west", "1 3")
    assert _last(g, "supply")[:2] == (
        "unit 1 draws supply from support unit 2: strength +1",
        frozenset({"west"}),
    )
    assert _last(g, "step-loss")[0] == (
        "west unit 2 (support) at @EG takes a step loss (gave supply): now range 1, strength 1"
    )


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
