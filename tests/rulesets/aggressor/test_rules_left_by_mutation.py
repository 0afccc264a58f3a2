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
    ALL_CLEAR,
    SECTOR,
    ScriptedDice,
    make_game,
    put,
    rough,
    script,
    setup_for,
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
    # The umpire's receipt of the attempt: the unit, the 50% table, the failed roll.
    attempt = _last(g, "move-attempt")
    assert attempt[0] == "west unit 1: range-0 move attempt"


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


def _after_the_aggressor() -> AggressorGame:
    """West's infantry began its turn at @PH, in East's territory; East is the aggressor
    (both set by hand)."""
    g = make_game({1: ("infantry", "@EH")})
    put(g, "west", 1, "@PH")
    g.aggressor = "east"
    return g


def _moved_next_to_support() -> AggressorGame:
    """West's infantry has moved @EH -> @EI, next to its support on @EJ (below, key 4)."""
    g = make_game({1: ("infantry", "@EH"), 2: ("support", "@EJ")})
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
        (_after_the_aggressor, "west", "1 7 @@", "SPECIAL FUNCTIONS / Partisans",
         "no partisan contact after an aggressor is declared"),
        (_moved_next_to_support, "west", "1 4", "SPECIAL FUNCTIONS",
         "may not perform a special function: it has already acted"),
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
    unit have done no other movement nor action", a Supply Request too; Supply Request for a
    reduced unit only; Partisan Contact "by a unit which begins its turn in enemy territory",
    and not "after the aggressor's side has been declared"; Replacement for
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


# -- combat where the game applies it: the form, the step, the kill, the receipt -----------------


def _combat_receipt(g: AggressorGame) -> Any:
    """The umpire's receipt of the last attack."""
    return [e for e in g.events() if e.kind == "combat" and e.receipt is not None][-1].receipt


def test_a_mobile_attack_uses_one_movement_point() -> None:
    """OPTIONAL RULES / Mobile Attacks: "the attacking unit must have one or more movement
    points remaining" -- the attack spends one. West's armor (Range 3, clear terrain) moves one
    hex (@EH -> @EI), attacks East's unit on @EJ (2 of its 3 points spent; it misses), may
    still move one hex back to @EH (3 spent), and no further."""
    g = make_game({1: ("armor", "@EH")}, {1: ("infantry", "@LH")}, mobile_attacks=True)
    put(g, "east", 1, "@EJ")
    g.known["west"][rl.parse_label("@EJ")] = "infantry"
    script(g, chances=[False])
    g.submit("west", "1 4")
    g.submit("west", "1 4")
    assert unit(g, "west", 1).moved == 2
    g.submit("west", "1 3")
    assert rl.label(unit(g, "west", 1).cell) == "@EH"
    with pytest.raises(IllegalOrderError, match="cannot move another hex"):
        g.submit("west", "1 3")


@pytest.mark.parametrize(
    ("hit", "before", "after", "result"), [(True, 3, 2, "hit"), (False, 2, 2, "miss")]
)
def test_an_assault_takes_strength_directly_on_an_even_chance(
    hit: bool, before: int, after: int, result: str
) -> None:
    """COMBAT (1): an attacker that moves more than one hex from its starting hex makes an
    Assault: "a 50% chance that the defender's Strength will be reduced by one directly, even
    if the unit still retains a Range value". West's armor moves @EH -> @EI -> @EJ (2 hexes)
    and assaults East's armor (Range 3) on @EK: a hit takes Strength 3 to 2, Range still 3; a
    miss leaves Strength 2 as it was. The report and the receipt say which, with the chance
    50% (not the normal attack's 50% + 10% x (3 - 2) = 60% on Strength 2)."""
    g = make_game({1: ("armor", "@EH")}, {1: ("armor", "@LH")})
    put(g, "east", 1, "@EK")
    unit(g, "east", 1).strength = before
    g.known["west"][rl.parse_label("@EK")] = "armor"
    dice = script(g, chances=[hit])
    g.submit("west", "1 4")
    g.submit("west", "1 4")
    g.submit("west", "1 4")
    assert dice.asked == [("assault", 0.5)]
    assert (unit(g, "east", 1).range, unit(g, "east", 1).strength) == (3, after)
    assert _last(g, "combat")[2]["results"] == [result]
    assert _last(g, "combat")[2]["form"] == "assault"
    receipt = _combat_receipt(g)
    assert receipt.result == {"chance": 0.5, "results": [result]}
    assert receipt.inputs["form"] == "assault"


def test_an_ambush_that_eliminates_with_its_first_attempt_makes_no_second() -> None:
    """COMBAT (2): an Ambush is "two consecutive attack attempts"; a unit whose Strength is
    reduced to zero is removed. West's unobserved infantry (Strength 2) ambushes East's support
    at Range 0, Strength 1 on @EI: 50% + 10% x (2 - 1) = 60%; the first attempt hits and
    eliminates it, so no second attempt is rolled."""
    g = make_game({1: ("infantry", "@EH")}, {1: ("support", "@LH")})
    put(g, "east", 1, "@EI")
    unit(g, "east", 1).range = 0
    g.known["west"][rl.parse_label("@EI")] = "support"
    dice = script(g, chances=[True])
    g.submit("west", "1 4")
    assert dice.asked == [("attack 1", pytest.approx(0.6))]
    assert rl.parse_label("@EI") not in g.at
    assert _last(g, "combat")[2]["results"] == ["hit"]


def test_an_ambush_on_a_unit_of_strength_1_still_has_two_attempts() -> None:
    """COMBAT (2): the Ambush's two attempts -- East's support (Range 2, Strength 1) on @EI is
    missed by the first; the second is rolled (and misses too): results "miss, miss"."""
    g = make_game({1: ("infantry", "@EH")}, {1: ("support", "@LH")})
    put(g, "east", 1, "@EI")
    g.known["west"][rl.parse_label("@EI")] = "support"
    dice = script(g, chances=[False, False])
    g.submit("west", "1 4")
    assert [label for label, _ in dice.asked] == ["attack 1", "attack 2"]
    assert _last(g, "combat")[2]["results"] == ["miss", "miss"]


@pytest.mark.parametrize("mobile", [False, True])
def test_a_hit_on_a_unit_of_strength_1_with_range_left_only_reduces_it(mobile: bool) -> None:
    """COMBAT: a hit is a step loss, Range first ("reduced by one, unless its Range is already
    at zero"); only Strength 0 removes a unit, and only a destroyed target draws the mobile
    attacker into its hex. West's observed armor (Strength 3) hits East's support (Range 2,
    Strength 1) on @EI: 50% + 10% x (3 - 1) = 70%; the support stays on @EI at Range 1,
    Strength 1, and the armor stays on @EH (with or without Mobile Attacks)."""
    g = make_game({1: ("armor", "@EH")}, {1: ("support", "@LH")}, mobile_attacks=mobile)
    put(g, "east", 1, "@EI")
    unit(g, "west", 1).seen_by_enemy = True
    g.known["west"][rl.parse_label("@EI")] = "support"
    dice = script(g, chances=[True])
    g.submit("west", "1 4")
    assert dice.asked == [("attack 1", pytest.approx(0.7))]
    support = unit(g, "east", 1)
    assert (support.range, support.strength) == (1, 1)
    assert g.at[rl.parse_label("@EI")] is support
    assert rl.label(unit(g, "west", 1).cell) == "@EH"


def test_a_mobile_attacker_of_strength_1_advances_into_the_hex_it_cleared() -> None:
    """Mobile Attacks: "If any atkd tgt is destroyed, the attacking unit must be moved into its
    place" -- whatever its own Strength. West's observed support (Strength 1) hits East's
    support at Range 0, Strength 1 on @EI (50% + 10% x 0 = 50%), which is eliminated; West's
    support moves @EH -> @EI."""
    g = make_game({1: ("support", "@EH")}, {1: ("support", "@LH")}, mobile_attacks=True)
    put(g, "east", 1, "@EI")
    unit(g, "east", 1).range = 0
    unit(g, "west", 1).seen_by_enemy = True
    g.known["west"][rl.parse_label("@EI")] = "support"
    dice = script(g, chances=[True])
    g.submit("west", "1 4")
    assert dice.asked == [("attack 1", pytest.approx(0.5))]
    assert rl.label(unit(g, "west", 1).cell) == "@EI"
    assert g.at[rl.parse_label("@EI")] is unit(g, "west", 1)


def test_the_receipt_of_an_attack_names_each_modifier_it_applied() -> None:
    """COMBAT: "If the defender is in a rough terrain hex or any CBR hex, subtract 10% ... If
    the defender is emplaced, subtract a further 10%". West's observed armor (3) attacks East's
    emplaced armor (3) in the CBR hex @EI (clear terrain): 50% - 10% - 10% = 30%. The umpire's
    receipt names both modifiers, the chance, the result, and the roll it made."""
    g = make_game({1: ("armor", "@EH")}, {1: ("armor", "@LH")})
    put(g, "east", 1, "@EI")
    unit(g, "east", 1).emplaced = True
    g.cbr.add(rl.parse_label("@EI"))
    unit(g, "west", 1).seen_by_enemy = True
    g.known["west"][rl.parse_label("@EI")] = "armor"
    script(g, chances=[False])
    g.submit("west", "1 4")
    receipt = _combat_receipt(g)
    assert [(m.name, m.value) for m in receipt.modifiers] == [
        ("rough or CBR defender", "-10%"),
        ("emplaced defender", "-10%"),
    ]
    assert receipt.table == "COMBAT: 50% + 10% x (A - D)"
    assert receipt.result == {"chance": pytest.approx(0.3), "results": ["miss"]}
    assert [(r.label, r.chance) for r in receipt.rolls] == [("attack 1", pytest.approx(0.3))]
    assert receipt.inputs == {"attacker_strength": 3, "defender_strength": 3, "form": "attack"}
    text, _, data = _last(g, "combat")
    assert (text, data["emplaced"]) == ("west armor attacks @EI {DEF}: miss", True)


# -- Indirect Fire ------------------------------------------------------------------------------


def _fire_at(at: str, *, rough_hex: bool = False, cbr: bool = False, hit: bool = False) -> Any:
    """West's artillery (Range 3, Strength 2) on @HH fires at East's support (Range 2,
    Strength 1) on ``at``."""
    g = make_game(
        {1: ("artillery", "@HH")},
        {1: ("support", "@LH")},
        terrain=rough(at) if rough_hex else ALL_CLEAR,
    )
    put(g, "east", 1, at)
    if cbr:
        g.cbr.add(rl.parse_label(at))
    g.known["west"][rl.parse_label(at)] = "support"
    dice = script(g, chances=[hit])
    g.submit("west", f"1 7 {at}")
    return g, dice


@pytest.mark.parametrize(
    ("rough_hex", "cbr", "chance"), [(False, False, 0.6), (True, False, 0.5), (False, True, 0.5)]
)
def test_indirect_fire_has_the_ten_points_off_for_a_rough_or_cbr_target(
    rough_hex: bool, cbr: bool, chance: float
) -> None:
    """SPECIAL FUNCTIONS / Indirect Fire: "An attack is resolved versus the target unit using
    the artillery unit's current Strength" -- with COMBAT's modifiers: Strength 2 on the
    support's 1, 50% + 10% = 60% in clear terrain, 50% in a rough or a CBR hex."""
    _, dice = _fire_at("@JH", rough_hex=rough_hex, cbr=cbr)
    assert [p for _, p in dice.asked] == [pytest.approx(chance)]


@pytest.mark.parametrize(("hit", "result"), [(True, "hit"), (False, "miss")])
def test_indirect_fire_reports_its_result_and_a_hit_is_a_step_loss(hit: bool, result: str) -> None:
    """Indirect Fire is an attack: its result is reported to both sides (COMBAT), and a hit is
    a step loss, Range first -- the support (Range 2, Strength 1) is left at Range 1 on its
    hex, not removed; a miss leaves it as it was."""
    g, _ = _fire_at("@JH", hit=hit)
    _, told, data = _last(g, "combat")
    assert (data["attacker_side"], data["attacker_type"], data["target"]) == (
        "west",
        "artillery",
        "@JH",
    )
    assert data["results"] == [result]
    assert told == frozenset({"*"})
    support = unit(g, "east", 1)
    assert (support.range, support.strength) == ((1, 1) if hit else (2, 1))
    assert g.at[rl.parse_label("@JH")] is support
    receipt = _combat_receipt(g)
    assert receipt.result == {"chance": pytest.approx(0.6), "hit": hit}
    assert receipt.inputs == {"attacker_strength": 2, "defender_strength": 1}
    assert receipt.table == "COMBAT: 50% + 10% x (A - D)"
    assert [(r.label, r.chance) for r in receipt.rolls] == [("indirect fire", pytest.approx(0.6))]


def test_indirect_fire_at_a_hex_the_enemy_has_left_is_told_to_the_firing_side_only() -> None:
    """OBSERVATION: "A player will not know how much the enemy knows" -- West's artillery fires
    at @JH, where West last saw East's unit, now gone to @KH: West alone is told there is no
    target there; East hears nothing of it."""
    g = make_game({1: ("artillery", "@HH")}, {1: ("support", "@LH")})
    g.known["west"][rl.parse_label("@JH")] = "support"
    g.submit("west", "1 7 @JH")
    assert _last(g, "combat")[:2] == (
        "west artillery indirect fire at @JH: no target there",
        frozenset({"west"}),
    )
    assert not any("no target there" in e.text for e in g.events("east"))


# -- CBR Missile Launch -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("terrain", "already_cbr", "emplaced", "chance"),
    [("clear", False, False, 0.6), ("rough", False, False, 0.5), ("clear", True, False, 0.5),
     ("clear", False, True, 0.5)],
)  # fmt: skip
def test_a_missile_attack_has_the_combat_modifiers_of_its_target(
    terrain: str, already_cbr: bool, emplaced: bool, chance: float
) -> None:
    """CBR Missile Launch: the target "is attacked with an implied Strength of four", by
    COMBAT's procedure: on East's armor (Strength 3), 50% + 10% x (4 - 3) = 60%, less 10% in
    rough terrain, in a hex already CBR before the launch, or dug in."""
    g = make_game(
        {1: ("missile", "@EH")},
        {1: ("armor", "@LH")},
        terrain=rough("@JH") if terrain == "rough" else ALL_CLEAR,
    )
    put(g, "east", 1, "@JH")
    unit(g, "east", 1).emplaced = emplaced
    if already_cbr:
        g.cbr.add(rl.parse_label("@JH"))
    dice = script(g, chances=[False])
    g.submit("west", "1 7 @JH")
    assert dice.asked == [("missile", pytest.approx(chance))]
    receipt = _combat_receipt(g)
    assert receipt.inputs == {"attacker_strength": 4, "defender_strength": 3}
    assert receipt.result == {"chance": pytest.approx(chance), "hit": False}
    assert receipt.table == "COMBAT: 50% + 10% x (A - D)"
    assert [(r.label, r.chance) for r in receipt.rolls] == [("missile", pytest.approx(chance))]


def test_a_missile_that_misses_is_told_as_a_miss_and_the_target_stays() -> None:
    """CBR Missile Launch: only a hit eliminates; a miss is reported to both sides as a miss,
    the hex contaminated all the same."""
    g = make_game({1: ("missile", "@EH")}, {1: ("armor", "@LH")})
    put(g, "east", 1, "@KH")
    script(g, chances=[False])
    g.submit("west", "1 7 @KH")
    assert _last(g, "cbr") == (
        "west launches CBR missiles at @KH: miss; the hex is contaminated",
        frozenset({"*"}),
        {"target": "@KH", "results": ["miss"]},
    )
    assert g.at[rl.parse_label("@KH")] is unit(g, "east", 1)
    assert unit(g, "west", 1).missiles is False


def test_ones_own_unit_surviving_a_launch_loses_a_step_when_its_next_turn_begins() -> None:
    """CBR Missile Launch, the timing note: a unit that survives a launch "doesn't take a hit
    from the CBR hex until the beginning of its turn" -- it did not voluntarily enter the CBR
    hex (TURN SEQUENCE D). West's infantry moves @GG -> @GH, then West's own missile is
    launched at @GH and misses: when West's next turn begins the infantry, Range 2, loses a
    step (Range 1), although it had entered @GH on its last move."""
    g = make_game({1: ("missile", "@BH"), 2: ("infantry", "@GG")})
    g.submit("west", "2 4")
    script(g, chances=[False])
    g.submit("west", "1 7 @GH")
    g.submit("west", "0")
    g.submit("east", "0")
    assert unit(g, "west", 2).range == 1


# -- MOVEMENT where the game applies it ---------------------------------------------------------


def test_a_hex_a_unit_has_moved_into_is_closed_to_the_next() -> None:
    """MOVEMENT: "A unit may not move into a hex occupied by any other unit" -- also one it
    has just moved into. West's infantry 1 moves @EH -> @EI; infantry 2 on @EJ may not then
    move up into @EI."""
    g = make_game({1: ("infantry", "@EH"), 2: ("infantry", "@EJ")})
    g.submit("west", "1 4")
    with pytest.raises(IllegalOrderError, match="holds your unit 1; no stacking"):
        g.submit("west", "2 3")


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


def test_a_mobile_attacker_that_destroys_an_unseen_unit_moves_into_its_hex() -> None:
    """Mobile Attacks: "If any atkd tgt is destroyed, the attacking unit must be moved into its
    place" -- also when the attack began as a move into an unseen unit. West's armor (Strength
    3) on @EH moves into @EI, held unseen by East's support at Range 0, Strength 1: an Ambush,
    the first attempt (50% + 10% x 2 = 70%) hits and destroys it, and the armor stands on
    @EI."""
    g = make_game({1: ("armor", "@EH")}, {1: ("support", "@LH")}, mobile_attacks=True)
    put(g, "east", 1, "@EI")
    unit(g, "east", 1).range = 0
    dice = script(g, chances=[True])
    g.submit("west", "1 4")
    assert dice.asked == [("attack 1", pytest.approx(0.7))]
    assert rl.label(unit(g, "west", 1).cell) == "@EI"
    assert g.at[rl.parse_label("@EI")] is unit(g, "west", 1)


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


def test_a_missile_that_hits_is_told_as_a_hit() -> None:
    """CBR Missile Launch: "If this attack results in a hit of any kind, the target unit is
    immediately eliminated" -- both sides are told of the hit and the contaminated hex."""
    g = make_game({1: ("missile", "@EH")}, {1: ("armor", "@LH")})
    put(g, "east", 1, "@JH")
    script(g, chances=[True])
    g.submit("west", "1 7 @JH")
    assert _last(g, "cbr")[:2] == (
        "west launches CBR missiles at @JH: hit; the hex is contaminated",
        frozenset({"*"}),
    )
    assert rl.parse_label("@JH") not in g.at


def test_a_launch_into_an_empty_enemy_hex_declares_the_aggressor() -> None:
    """GAME OBJECT: the first side to attack across the border is the aggressor; "This
    includes the launch of CBR missiles, even into an unoccupied hex in enemy territory".
    West's missile on @EH is launched at the empty @MH, East's territory: both sides are told
    that West is the AGGRESSOR, by its launch."""
    g = make_game({1: ("missile", "@EH")})
    g.submit("west", "1 7 @MH")
    assert g.aggressor == "west"
    assert _last(g, "aggressor")[:2] == (
        "west launches CBR missiles across the border at @MH: west is the AGGRESSOR for the "
        "rest of the game",
        frozenset({"*"}),
    )


def test_indirect_fire_into_enemy_territory_declares_the_aggressor() -> None:
    """GAME OBJECT: "The first side to attack in any manner a unit which is located on the
    enemy's side of the border" is the aggressor -- by Indirect Fire too. West's artillery on
    @IH (Range 3) fires at East's support on @LH, 3 hexes away in East's territory (a miss):
    West is the AGGRESSOR, both sides are told so and how."""
    g = make_game({1: ("artillery", "@IH")}, {1: ("support", "@LH")})
    g.known["west"][rl.parse_label("@LH")] = "support"
    script(g, chances=[False])
    g.submit("west", "1 7 @LH")
    assert g.aggressor == "west"
    assert _last(g, "aggressor")[:2] == (
        "west opens indirect fire across the border at @LH: west is the AGGRESSOR for the "
        "rest of the game",
        frozenset({"*"}),
    )


# -- Partisan Contact, anti-aircraft losses, who may attack --------------------------------------


def _contact(held: int, ok: bool) -> AggressorGame:
    """West's infantry (Strength 2) began its turn on @PH, East's territory; West holds
    ``held`` partisans."""
    g = make_game({1: ("infantry", "@EH")})
    put(g, "west", 1, "@PH")
    g.partisans["west"] = held
    script(g, chances=[ok])
    g.submit("west", "1 7 @@")
    return g


def test_a_partisan_contact_adds_one_to_those_already_held() -> None:
    """SPECIAL FUNCTIONS / Partisan Contact: "If contact is made, the number of partisans
    available to the contacting side is increased by one" -- West, holding 1, has 2."""
    g = _contact(1, True)
    assert g.partisans["west"] == 2
    assert _last(g, "partisan-contact")[0] == "unit 1 seeks partisans: contact made (2 available)"


def test_a_failed_partisan_contact_has_its_chance_in_the_receipt() -> None:
    """Partisan Contact: "50% minus 10% times the unit's rated attack Strength" -- infantry of
    Strength 2: 30%. The roll fails: no partisan gained, West is told "no contact", and the
    receipt gives the Strength, the formula, the roll and its failure."""
    g = _contact(0, False)
    assert g.partisans["west"] == 0
    (event,) = [e for e in g.events("west") if e.kind == "partisan-contact"]
    assert event.text == "unit 1 seeks partisans: no contact"
    assert event.receipt is not None
    assert event.receipt.inputs == {"attack_strength": 2}
    assert event.receipt.table == "50% - 10% x Strength"
    assert event.receipt.result is False
    assert [(r.label, r.chance) for r in event.receipt.rolls] == [
        ("partisan contact", pytest.approx(0.3))
    ]


def _air_loss_receipt(g: AggressorGame) -> Any:
    (event,) = [e for e in g.events() if e.kind == "air-loss"]
    return event.receipt


def test_the_anti_aircraft_receipt_of_a_strike_on_two_dice() -> None:
    """Recon/Strike: "2d <= (Dist (+ Airbase Str, if Strike msn))/ 2" -- the Strike 20 hexes
    out by the airbase of Strength 3: (20 + 3) / 2 = 11, and 5 + 6 = 11 loses a step. The
    umpire's receipt gives the distance, the Strength, the formula with its threshold, both
    dice and the loss."""
    g, _ = _strike(dice=(5, 6), air_loss="dice", air_loss_die=6)
    receipt = _air_loss_receipt(g)
    assert receipt.inputs == {"distance": 20, "strength": 3}
    assert receipt.table == "2d6 <= (distance + Strength) / 2 = 11"
    assert [(r.label, r.value) for r in receipt.rolls] == [
        ("anti-aircraft die 1", 5),
        ("anti-aircraft die 2", 6),
    ]
    assert receipt.result is True


def test_the_anti_aircraft_receipt_of_a_recon_on_the_distance_formula() -> None:
    """Recon/Strike, the first formula: "100% times distance divided by 28 divided by the
    airbase's current Strength" -- a recon 6 hexes out by the airbase of Strength 3: 6 / 28 /
    3 = 1/14. The receipt names the formula, the roll and that the airbase is spared."""
    g = make_game({1: ("airbase", "@AH")})
    script(g, chances=[False])
    g.submit("west", "1 7 @GH recon")
    receipt = _air_loss_receipt(g)
    assert receipt.table == "distance / 28 / Strength"
    assert [(r.label, r.chance) for r in receipt.rolls] == [
        ("anti-aircraft", pytest.approx(1 / 14))
    ]
    assert receipt.result is False
    assert receipt.inputs == {"distance": 6, "strength": 3}


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


def test_a_unit_may_not_attack_after_its_special_function() -> None:
    """COMBAT: "A unit may not attack if it performed a special function earlier in the turn".
    West's artillery on @HH fires at East's unit on @JH (Indirect Fire, a miss); East's second
    unit stands next to it on @HI, known to West: the attack (key 4) is refused."""
    g = make_game({1: ("artillery", "@HH")}, {1: ("armor", "@LH"), 2: ("armor", "@LG")})
    put(g, "east", 1, "@JH")
    put(g, "east", 2, "@HI")
    g.known["west"][rl.parse_label("@JH")] = "armor"
    g.known["west"][rl.parse_label("@HI")] = "armor"
    script(g, chances=[False])
    g.submit("west", "1 7 @JH")
    with pytest.raises(IllegalOrderError, match="may not attack now") as info:
        g.submit("west", "1 4")
    assert info.value.rule == "COMBAT"
    # Without the Mobile Attacks option the refusal does not ask for a movement point left.
    assert str(info.value) == (
        "unit 1 may not attack now (once per turn, not after a special function, not from a "
        "CBR hex) [COMBAT]"
    )


# -- TURN SEQUENCE C: the enemy's partisans ------------------------------------------------------


def _partisans_due() -> AggressorGame:
    """West's turn begins in round 2 with East holding 1 partisan: East is asked."""
    g = make_game({1: ("armor", "@FH")}, first="east")
    g.partisans["west"] = 0
    g.partisans["east"] = 1
    g.submit("east", "0")
    return g


def test_partisans_held_back_are_told_to_their_side_only() -> None:
    """TURN SEQUENCE C: "If either check or response is negative, the computer passes to D)".
    East answers 0: it keeps its partisan, is told so (as `partisans`, in round 1 -- East
    moved first, so West's turn is round 1's second), and West hears nothing of it."""
    g = _partisans_due()
    g.submit("east", "partisans 0")
    assert g.partisans["east"] == 1
    (event,) = [e for e in g.events() if e.kind == "partisans"]
    assert (event.time, event.text, event.visible_to) == (
        1,
        "east holds its partisans",
        frozenset({"east"}),
    )
    assert not [e for e in g.events("west") if e.kind == "partisans"]


@pytest.mark.parametrize(("at", "names"), [("@HK", "1 armor"), ("@HJ", "none")])
def test_partisan_activity_names_the_units_it_freezes(at: str, names: str) -> None:
    """TURN SEQUENCE C: the units "within 3 hexes distance of the spot" are frozen, and the
    acting side is told which: East's partisan strikes at @HN; West's armor 3 hexes away
    (@HK) is named, at 4 hexes (@HJ) none is (West's other units are far off, in columns A
    and B)."""
    g = make_game({1: ("armor", at)}, first="east")
    g.partisans["west"] = 0
    g.partisans["east"] = 1
    g.submit("east", "0")
    home = [c for c in range(rl.NCELLS) if rl.territory(c) == "west"]
    script(g, dice=[home.index(rl.parse_label("@HN"))])
    g.submit("east", "partisans 1")
    told = [e.text for e in g.events("west") if e.kind == "partisans"]
    assert told == [f"Partisan activity at @HN: west units busy this turn: {names}"]
    assert g.partisans["east"] == 0


def test_the_partisan_strike_is_told_to_its_side_with_its_radius_and_roll() -> None:
    """TURN SEQUENCE C: "the computer will generate a random location for the partisan activity
    within the acting side's borders" -- one draw from the game's stream. East, the user, is
    told where its partisans strike (a hex of West's territory); the umpire's receipt gives the
    radius of 3 hexes and the one draw."""
    g = _partisans_due()
    g.submit("east", "partisans 1")
    (event,) = [e for e in g.events() if e.kind == "partisans" and e.receipt is not None]
    assert event.visible_to == frozenset({"east"})
    assert event.text.startswith("east partisans strike at @")
    spot = rl.parse_label(event.text.rsplit(" ", 1)[1])
    assert rl.territory(spot) == "west"
    assert event.receipt.inputs == {"radius": 3}
    assert [r.label for r in event.receipt.rolls] == ["partisan activity spot"]


def test_the_anti_aircraft_receipt_of_a_recon_on_two_dice_adds_no_strength() -> None:
    """Recon/Strike: "2d <= (Dist (+ Airbase Str, if Strike msn))/ 2" -- a recon adds nothing:
    6 hexes out, 6 / 2 = 3, and 1 + 2 loses a step. The receipt's formula says so, and the
    airbase's step loss is told to West with its cause."""
    g = _recon_with_dice(1, 2)
    assert _air_loss_receipt(g).table == "2d6 <= (distance) / 2 = 3"
    assert _last(g, "step-loss")[:2] == (
        "west unit 1 (airbase) at @AH takes a step loss (anti-aircraft measures): "
        "now range 0, strength 2",
        frozenset({"west"}),
    )


def test_an_airbase_of_strength_1_still_faces_the_anti_aircraft_roll() -> None:
    """Recon/Strike: "the greater the distance to the target, the more chance that the airbase
    will suffer a step loss (after the mission)" -- whatever its Strength. West's airbase at
    Strength 1 strikes East's infantry 20 hexes away: the anti-aircraft chance, 20 / 28 / 1,
    is rolled after the strike."""
    g = make_game({1: ("airbase", "@AH")}, {1: ("infantry", "@UH")})
    unit(g, "west", 1).strength = 1
    g.known["west"][rl.parse_label("@UH")] = None
    dice = script(g, chances=[False, False])
    g.submit("west", "1 7 @UH strike")
    assert [label for label, _ in dice.asked] == ["strike", "anti-aircraft"]
    assert dice.asked[1][1] == pytest.approx(20 / 28)


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


# -- SET UP and TURN SEQUENCE A: who sets up, who moves first, what each side is asked ----------


def _unsaved(first_mover: str) -> AggressorGame:
    """The bundled Sector scenario without a saved set-up, its first mover ``first_mover``."""
    scenario = SECTOR.model_copy(update={"first_mover": first_mover})
    return AggressorRuleset().new_game(scenario, seed=1, scenario_id="sector")


def _set_up(g: AggressorGame, side: str, actors: dict[int, tuple[str, str]] | None = None) -> None:
    """``side`` submits its 18 placements (conftest's fillers, ``actors`` at their numbers)."""
    placements = setup_for(side, actors or {})
    g.submit(side, "setup " + " ".join(f"{p['type']}{p['at']}" for p in placements))


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


def test_a_saved_set_up_is_announced_before_the_first_round() -> None:
    """SET UP: a saved set-up replaces both sides' placements; its announcement comes before
    round 1 begins (time 0), like the set-up orders it stands for."""
    g = make_game(first="west")
    (saved,) = [e for e in g.events() if e.kind == "setup"]
    assert saved.time == 0
    assert [e.kind for e in g.events()][:2] == ["setup", "turn"]


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


def test_the_enemy_is_asked_about_partisans_at_the_step_due_and_told_whose_turn_begins() -> None:
    """TURN SEQUENCE C: "the computer will ask the enemy if partisans are to be used in this
    turn". East holds one partisan as West's round-2 turn begins: the decision is East's, at
    the game's current step, asking it by name and saying whose turn begins; East's view
    offers its one partisan. Once East answers (holding it back), the turn is West's and
    East's view offers none, though East still holds it."""
    g = _partisans_asked()
    decision = g.decision()
    assert decision is not None
    assert (decision.step, decision.sides, decision.prompt) == (
        g.step,
        frozenset({"east"}),
        "round 2: west begins its turn; east, use partisans?",
    )
    assert g.view("east").data["partisans_to_use"] == 1
    g.submit("east", "partisans 0")
    assert g.orders[-1].step == decision.step
    decision = g.decision()
    assert decision is not None
    assert (decision.sides, decision.prompt) == (frozenset({"west"}), "round 2: west to act")
    assert (g.view("east").data["partisans"], g.view("east").data["partisans_to_use"]) == (1, 0)


def test_with_observation_a_view_does_not_count_the_enemy_units_left() -> None:
    """OBSERVATION: "the commander of one side will not know the composition & disposition of
    the other side's forces" -- with the option on (the default), a side's view gives no count
    of the enemy's units (None), though East has lost one."""
    g = make_game()
    g._eliminate(g.units["east"][0])
    assert g.view("west").data["enemy_units_left"] is None
    assert g.view("east").data["enemy_units_left"] is None


# -- the end of a turn and of a game when units run out ----------------------------------------


def _alone(g: AggressorGame, side: str, *keep: int) -> None:
    """Setting the stage: every unit of ``side`` but those numbered ``keep`` eliminated."""
    for u in [u for u in g.units[side] if u.number not in keep]:
        g._eliminate(u)


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


def test_the_summary_counts_each_sides_sectors() -> None:
    """GAME OBJECT: the last occupying side controls a sector. West's unit put alone in the
    empty centre sector C: at the end of West's turn the summary gives West 4 sectors (in two
    of the three columns, so not one in each) and East its 3 home sectors."""
    g = make_game(first="west")
    put(g, "west", 1, "@KH")
    g.submit("west", "0")
    sides = g.summary()["sides"]
    assert (sides["west"]["sectors"], sides["west"]["one_in_each_column"]) == (4, False)
    assert (sides["east"]["sectors"], sides["east"]["one_in_each_column"]) == (3, False)


# -- the keys and special functions as the game reads them ---------------------------------------


def test_attacking_an_identified_unit_leaves_it_identified() -> None:
    """OBSERVATION: an identified unit "will show its full unit symbol"; COMBAT: attacking a
    known enemy is pressing the key of its direction. West's infantry (Range 2) identifies
    East's armor 1 hex away (in clear terrain, within Range/2 rounded up) as its turn begins,
    and attacks it (key 4; not observed in East's turn: an Ambush, two misses): West still
    shows it as armor -- no contact with an unseen unit -- and the umpire's receipt tells the
    attack."""
    g = make_game({1: ("infantry", "@EH")}, {1: ("armor", "@LH")}, first="east")
    put(g, "east", 1, "@EI")
    g.submit("east", "0")
    assert {"at": "@EI", "type": "armor"} in g.view("west").data["enemy"]
    script(g, chances=[False, False])
    g.submit("west", "1 4")
    assert {"at": "@EI", "type": "armor"} in g.view("west").data["enemy"]
    assert not [e for e in g.events() if e.kind == "contact"]
    combat = [e for e in g.events() if e.kind == "combat" and e.receipt is not None][-1]
    assert combat.text == "west infantry ambush on @EI"


def test_a_unit_may_move_into_the_corner_hex_at_column_a_row_a() -> None:
    """MAP BOARD: the map's columns A-U and rows A-O are all on the board, @AA too: West's
    infantry at @AB moves up (key 3) into @AA."""
    g = make_game({1: ("infantry", "@AB")})
    g.submit("west", "1 3")
    assert rl.label(unit(g, "west", 1).cell) == "@AA"


def test_a_support_unit_may_take_replacement() -> None:
    """SPECIAL FUNCTIONS / Replacement: "Infantry and Support type units only" -- West's
    support (Range 1 of 2, Strength 1 of 1) at home gets its Range step back (the 60% roll
    made)."""
    g = make_game({1: ("support", "@EH")})
    unit(g, "west", 1).range = 1
    script(g, chances=[True])
    g.submit("west", "1 7 @EH")
    assert (unit(g, "west", 1).range, unit(g, "west", 1).strength) == (2, 1)


@pytest.mark.parametrize(("known", "asked"), [(True, ["strike", "anti-aircraft"]),
                                               (False, ["anti-aircraft"])])  # fmt: skip
def test_an_air_mission_without_its_kind_strikes_a_known_enemy_and_reconnoitres_elsewhere(
    known: bool, asked: list[str]
) -> None:
    """SPECIAL FUNCTIONS / Recon-Strike: the player names the airbase and the target hex; the
    mission not named, a hex where West knows an enemy unit is struck (the attack rolled, then
    the anti-aircraft chance), any other hex reconnoitred (the anti-aircraft chance only)."""
    g = make_game({1: ("airbase", "@AH")}, {1: ("infantry", "@UH")})
    if known:
        g.known["west"][rl.parse_label("@UH")] = "infantry"
    dice = script(g, chances=[False, False])
    g.submit("west", "1 7 @UH")
    assert [label for label, _ in dice.asked] == asked


@pytest.mark.parametrize(("roll", "hit"), [(1, True), (2, False)])
def test_with_the_die_factor_a_ten_percent_attack_hits_on_a_1_only(roll: int, hit: bool) -> None:
    """dieFac (docs/rulings/aggressor.md; "die roll= 1 -> auto hit"): the least chance the
    game can give, support (Strength 1) on a dug-in armor (3) in rough terrain, 50% + 10% x
    (1 - 3) - 10% - 10% = 10%, is one spot of the d10: a 1 hits (Range 3 -> 2), a 2 misses."""
    g = make_game({1: ("support", "@IH")}, {1: ("armor", "@LH")}, die_factor=True,
                  terrain=rough("@JH"))  # fmt: skip
    put(g, "east", 1, "@JH")
    unit(g, "east", 1).emplaced = True
    unit(g, "west", 1).seen_by_enemy = True
    g.known["west"][rl.parse_label("@JH")] = "armor"
    script(g, dice=[roll])
    g.submit("west", "1 6")
    assert unit(g, "east", 1).range == (2 if hit else 3)


# -- OBSERVATION off, and what the enemy learns of an elimination ----------------------------------


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


# -- the designer's report ----------------------------------------------------------------------


def test_the_report_gives_the_sectors_the_aggressor_cbr_hexes_and_the_eliminated() -> None:
    """The designer's report (docs/aggressor.md): GAME OBJECT's 3 x 3 sectors, north to south
    and west to east, with their controllers; each side's count of sectors, and "one in each
    column" for a side that has it (the aggressor's condition); the aggressor; the CBR hexes;
    each unit with its flags (dug in, in a CBR hex); the units eliminated by number and type.
    Set by hand: West holds C and NE besides its three (5, one in each column), East NE's
    neighbours E and SE (2); West is the aggressor and holds a partisan; @AA and West's unit
    10 at @BD are CBR hexes, unit 10 dug in; East's units 1 (armor) and 2 are eliminated."""
    g = make_game(east={1: ("armor", "@LH")})
    g.control[rl.SECTOR_NAMES.index("C")] = "west"
    g.control[rl.SECTOR_NAMES.index("NE")] = "west"
    g.aggressor = "west"
    g.partisans["west"] = 1
    g.cbr.update({rl.parse_label("@AA"), rl.parse_label("@BD")})
    unit(g, "west", 10).emplaced = True
    for number in (1, 2):
        g._eliminate(unit(g, "east", number))
    text = g.report()
    sectors = "\n".join(
        [
            "            west column   centre        east column",
            "  north     NW west       N  -          NE west",
            "  middle    W  west       C  west       E  east",
            "  south     SW west       S  -          SE east",
            "",
            "west holds 5 of the 9 sectors, one in each column",
            "east holds 2 of the 9 sectors",
            "aggressor: west",
            "CBR hexes: @AA, @BD",
        ]
    )
    assert f"== Sectors ==\n\n{sectors}\n\n== Units at the end ==" in text
    assert "\nwest: 18 units left, 0 eliminated, 1 partisans\n" in text
    assert "\n  unit  9 infantry   @AL  range 2/2  strength 2/2\n" in text
    assert "\n  unit 10 infantry   @BD  range 2/2  strength 2/2  dug in  in CBR\n" in text
    assert "\neast: 16 units left, 2 eliminated, 0 partisans\n" in text
    assert "\n  eliminated: 1 armor, 2 infantry\n" in text
    board = text.split("== The map at the end ==\n\n")[1].splitlines()
    assert board[-2:] == [
        "",
        "West in capitals, East in lower case (every unit shown, identified).",
    ]


def test_the_report_of_a_game_without_aggressor_or_cbr_says_so() -> None:
    """The designer's report: with no aggressor declared and no CBR hex, the report says "none
    declared" and "none"."""
    text = make_game().report()
    assert "\naggressor: none declared\nCBR hexes: none\n" in text
