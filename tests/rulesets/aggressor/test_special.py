"""SPECIAL FUNCTIONS (seed 003): Partisan Contact, Supply Request, Recon and Strike missions,
CBR Missile Launch, Indirect Fire and Replacement."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.game import AggressorGame
from tests.rulesets.aggressor.conftest import (
    ALL_CLEAR,
    ScriptedDice,
    make_game,
    put,
    rough,
    script,
    unit,
)
from tests.rulesets.aggressor.helpers import _combat_receipt, _last, _partisans_asked


def test_special_function_needs_an_idle_unit() -> None:
    """SPECIAL FUNCTIONS: 'requires that a unit have done no other movement nor action'."""
    g = make_game({1: ("infantry", "@EH")})
    unit(g, "west", 1).strength = 1
    g.submit("west", "1 3")
    with pytest.raises(IllegalOrderError, match="already acted"):
        g.submit("west", "1 7 @EG")


def test_no_special_function_in_a_cbr_hex() -> None:
    """SPECIAL FUNCTIONS: 'A unit in a CBR hex may not perform any special function'."""
    g = make_game({1: ("infantry", "@EH")})
    unit(g, "west", 1).strength = 1
    g.cbr.add(rl.parse_label("@EH"))
    with pytest.raises(IllegalOrderError, match="CBR hex"):
        g.submit("west", "1 7 @EH")


def test_partisan_contact_from_enemy_territory() -> None:
    """Partisan Contact: a unit that begins its turn in enemy territory, no aggressor yet;
    50% - 10% x attack Strength; success adds a partisan."""
    g = make_game({1: ("infantry", "@EH")})
    put(g, "west", 1, "@MH")
    dice = script(g, chances=[True])
    g.submit("west", "1 7 @@")
    assert dice.asked == [("partisan contact", pytest.approx(0.3))]
    assert g.partisans["west"] == 1
    assert unit(g, "west", 1).special_done


def test_armed_missile_unit_contacts_with_its_missile_value() -> None:
    """Partisan Contact: 'which for a Missile unit is the missile attack value' (4)."""
    g = make_game({1: ("missile", "@EH")})
    put(g, "west", 1, "@MH")
    dice = script(g, chances=[False])
    g.submit("west", "1 7 @@")
    assert dice.asked[0][1] == pytest.approx(0.1)


def test_no_partisan_contact_from_home_or_after_an_aggressor() -> None:
    """Partisan Contact: enemy territory at the start of the turn, and 'cannot be attempted
    after the aggressor's side has been declared'."""
    g = make_game({1: ("infantry", "@EH"), 2: ("infantry", "@EJ")})
    with pytest.raises(IllegalOrderError, match="enemy territory"):
        g.submit("west", "1 7 @@")
    put(g, "west", 2, "@MJ")
    g.aggressor = "east"
    with pytest.raises(IllegalOrderError, match="aggressor"):
        g.submit("west", "2 7 @@")


def test_supply_request_from_an_adjacent_support_unit() -> None:
    """Supply Request: the supporting unit takes a step loss; the supplied unit's Strength is
    incremented if below maximum, otherwise its Range."""
    g = make_game({1: ("armor", "@EH"), 2: ("support", "@EG")})
    a = unit(g, "west", 1)
    a.strength, a.range = 2, 1
    g.submit("west", "1 3")  # key 3: the Support unit above
    s = unit(g, "west", 2)
    assert (a.range, a.strength) == (1, 3)
    assert (s.range, s.strength) == (1, 1)
    assert a.special_done


def test_supply_at_full_strength_restores_range() -> None:
    """Supply Request: '... otherwise its Range is incremented'."""
    g = make_game({1: ("armor", "@EH"), 2: ("support", "@EG")})
    unit(g, "west", 1).range = 1
    g.submit("west", "1 3")
    assert unit(g, "west", 1).range == 2


def test_recon_reveals_unobserved_units_on_the_line_as_unidentified() -> None:
    """Recon: unobserved enemy units on the traced line are revealed as unidentified; the
    airbase then risks a step loss with chance distance / 28 / Strength."""
    g = make_game({1: ("airbase", "@CH")}, {1: ("armor", "@LH")})
    put(g, "east", 1, "@GH")
    g._observe("west")
    assert g.view("west").data["enemy"] == []
    dice = script(g, chances=[False])
    g.submit("west", "1 7 @JH recon")
    assert g.view("west").data["enemy"] == [{"at": "@GH", "type": None}]
    d = rl.DIST[rl.parse_label("@CH")][rl.parse_label("@JH")]
    assert dice.asked == [("anti-aircraft", pytest.approx(d / 28 / 3))]


def test_strike_attacks_with_the_airbase_strength() -> None:
    """Strike: 'the enemy unit at the target coordinates is attacked with the airbase's current
    Strength'; range unlimited."""
    g = make_game({1: ("airbase", "@AH")}, {1: ("infantry", "@UH")})
    unit(g, "east", 1).seen_by_enemy = True
    g.known["west"][rl.parse_label("@UH")] = None
    dice = script(g, chances=[True, False])
    g.submit("west", "1 7 @UH strike")
    assert dice.asked[0] == ("strike", pytest.approx(0.6))
    assert unit(g, "east", 1).range == 1
    assert dice.asked[1][0] == "anti-aircraft"
    assert g.aggressor == "west"


def test_air_loss_with_the_dice_formula() -> None:
    """Recon/Strike, the seed's second formula: two dice <= (distance + Strength on a strike)/2."""
    g = make_game({1: ("airbase", "@AH")}, air_loss="dice", air_loss_die=6)
    dice = script(g, dice=[1, 1])
    g.submit("west", "1 7 @GH recon")
    assert dice.asked == [("anti-aircraft die 1", 6.0), ("anti-aircraft die 2", 6.0)]
    assert unit(g, "west", 1).strength == 2  # 1 + 1 <= 6 // 2: a step loss (range 0)


def test_missile_launch_hit_eliminates_and_contaminates() -> None:
    """CBR Missile Launch: up to 8 hexes, implied Strength 4, any hit eliminates, the hex
    becomes CBR, the launcher becomes a Technical unit."""
    g = make_game({1: ("missile", "@EH")}, {1: ("armor", "@LH")})
    put(g, "east", 1, "@KH")
    dice = script(g, chances=[True])
    g.submit("west", "1 7 @KH")
    assert dice.asked == [("missile", pytest.approx(0.6))]
    assert g.units["east"][0].number != 1
    assert rl.parse_label("@KH") in g.cbr
    assert unit(g, "west", 1).kind == "technical"
    assert g.aggressor is None  # @KH is the border column: nobody's side


def test_missile_launch_range_is_8() -> None:
    """CBR Missile Launch: 'launched to a distance of up to 8 hexes from the unit'."""
    g = make_game({1: ("missile", "@BH")})
    with pytest.raises(IllegalOrderError, match="reach 8"):
        g.submit("west", "1 7 @KH")


def test_missiles_launch_once() -> None:
    """CBR Missile Launch: 'once each during the game'."""
    g = make_game({1: ("missile", "@EH")})
    unit(g, "west", 1).missiles = False
    with pytest.raises(IllegalOrderError, match="Technical"):
        g.submit("west", "1 7 @GH")


def test_launch_into_an_empty_enemy_hex_declares_the_aggressor() -> None:
    """GAME OBJECT: 'This includes the launch of CBR missiles, even into an unoccupied hex in
    enemy territory'."""
    g = make_game({1: ("missile", "@IH")})
    g.submit("west", "1 7 @MH")
    assert g.aggressor == "west"
    assert rl.parse_label("@MH") in g.cbr


def test_launch_survivor_is_hit_at_the_start_of_its_turn() -> None:
    """CBR Missile Launch, timing note: a unit that survives the launch takes its CBR hit at
    the beginning of its turn (TURN SEQUENCE D)."""
    g = make_game({1: ("missile", "@EH")}, {1: ("armor", "@LH")})
    put(g, "east", 1, "@KH")
    script(g, chances=[False])
    g.submit("west", "1 7 @KH")
    e = unit(g, "east", 1)
    assert (e.range, e.strength) == (3, 3)
    g.submit("west", "0")
    assert (e.range, e.strength) == (2, 3)


def test_indirect_fire_out_to_current_range() -> None:
    """Indirect Fire: against a target out to the artillery's current Range, with its current
    Strength."""
    g = make_game({1: ("artillery", "@HH")}, {1: ("infantry", "@LH")})
    put(g, "east", 1, "@KH")
    g._observe("west")
    dice = script(g, chances=[False])
    g.submit("west", "1 7 @KH")
    assert dice.asked == [("indirect fire", pytest.approx(0.5))]
    unit(g, "west", 1).range = 2
    g2 = make_game({1: ("artillery", "@HH")})
    unit(g2, "west", 1).range = 2
    with pytest.raises(IllegalOrderError, match="beyond its Range"):
        g2.submit("west", "1 7 @KH")


@pytest.mark.parametrize(("at", "p"), [("@EH", 0.6), ("@MH", 0.4)])
def test_replacement_chance_by_territory(at: str, p: float) -> None:
    """Replacement: Infantry and Support only; Strength first, else Range; 60% at home, 40% in
    the enemy's territory."""
    g = make_game({1: ("infantry", "@EH")})
    put(g, "west", 1, at)
    u = unit(g, "west", 1)
    u.strength, u.range = 1, 1
    dice = script(g, chances=[True])
    g.submit("west", f"1 7 {at}")
    assert dice.asked == [("replacement", pytest.approx(p))]
    assert (u.range, u.strength) == (1, 2)


def test_replacement_only_for_infantry_and_support() -> None:
    """Replacement: 'Infantry and Support type units only'."""
    g = make_game({1: ("armor", "@EH")})
    unit(g, "west", 1).strength = 1
    with pytest.raises(IllegalOrderError, match="Infantry and Support"):
        g.submit("west", "1 7 @EH")


def test_a_special_function_denies_any_further_activity() -> None:
    """SPECIAL FUNCTIONS: a special function 'denies any further activity to the affected unit
    for the turn' -- no move and no attack after it."""
    g = make_game({1: ("artillery", "@IH")}, {1: ("infantry", "@LH")})
    put(g, "east", 1, "@JH")
    g._observe("west")
    script(g, chances=[False])
    g.submit("west", "1 7 @JH")  # indirect fire at the adjacent unit
    with pytest.raises(IllegalOrderError, match="COMBAT"):
        g.submit("west", "1 6")
    with pytest.raises(IllegalOrderError, match="cannot move"):
        g.submit("west", "1 1")


def test_supply_and_replacement_need_a_reduced_unit() -> None:
    """Supply Request: by a unit that 'has had one or both of its attributes reduced';
    Replacement: 'within the limits of the unit's maxima'."""
    g = make_game({1: ("infantry", "@EH"), 2: ("support", "@EG")})
    with pytest.raises(IllegalOrderError, match="no supply needed"):
        g.submit("west", "1 3")
    with pytest.raises(IllegalOrderError, match="already at full"):
        g.submit("west", "1 7 @EH")


def test_indirect_fire_only_at_an_observed_enemy() -> None:
    """Indirect Fire 'may be directed against an enemy target': a hex where the side observes
    no enemy unit is refused, naming the rule, so fire cannot probe hidden hexes (an enemy
    unit stands there, unobserved, and the refusal says nothing of it)."""
    g = make_game({1: ("artillery", "@HH")}, {1: ("infantry", "@LH")})
    put(g, "east", 1, "@JH")  # within the artillery's Range 3, but not observed yet
    g.known["west"].clear()
    dice = script(g)
    with pytest.raises(IllegalOrderError, match=r"Indirect Fire.*observe no enemy") as err:
        g.submit("west", "1 7 @JH")
    assert err.value.rule == "SPECIAL FUNCTIONS / Indirect Fire"
    assert dice.asked == []  # nothing rolled, nothing learnt
    assert unit(g, "west", 1).acted is False


def test_strike_only_at_an_observed_enemy() -> None:
    """Recon/Strike Air Mission: a Strike attacks 'the enemy unit at the target coordinates';
    a hex showing no observed enemy is refused (a recon mission may look there instead)."""
    g = make_game({1: ("airbase", "@AH")}, {1: ("infantry", "@UH")})
    g.known["west"].clear()
    with pytest.raises(IllegalOrderError, match=r"Strike.*observe no enemy") as err:
        g.submit("west", "1 7 @UH strike")
    assert err.value.rule == "SPECIAL FUNCTIONS / Recon/Strike Air Mission"
    g.submit("west", "1 7 @UH")  # without a mission named: a recon, which is allowed
    assert any("recon" in e.text.lower() for e in g.events("west"))


def _recon_with_dice(a: int, b: int) -> AggressorGame:
    """West's airbase (Range 0, Strength 3) at @AH flies a recon to @GH, 6 hexes away."""
    g = make_game({1: ("airbase", "@AH")}, air_loss="dice", air_loss_die=6)
    script(g, dice=[a, b])
    g.submit("west", "1 7 @GH recon")
    return g


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


def _contact(held: int, ok: bool) -> AggressorGame:
    """West's infantry (Strength 2) began its turn on @PH, East's territory; West holds
    ``held`` partisans."""
    g = make_game({1: ("infantry", "@EH")})
    put(g, "west", 1, "@PH")
    g.partisans["west"] = held
    script(g, chances=[ok])
    g.submit("west", "1 7 @@")
    return g


def _air_loss_receipt(g: AggressorGame) -> Any:
    (event,) = [e for e in g.events() if e.kind == "air-loss"]
    return event.receipt


def _partisans_due() -> AggressorGame:
    """West's turn begins in round 2 with East holding 1 partisan: East is asked."""
    g = make_game({1: ("armor", "@FH")}, first="east")
    g.partisans["west"] = 0
    g.partisans["east"] = 1
    g.submit("east", "0")
    return g


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("a", "b", "strength"), [(1, 2, 2), (2, 2, 3), (1, 3, 3)])
def test_recon_air_loss_on_two_dice_at_most_half_the_distance(
    a: int, b: int, strength: int
) -> None:
    """SPECIAL FUNCTIONS, Recon/Strike: "2d <= (Dist (+ Airbase Str, if Strike msn))/ 2". A
    recon 6 hexes out: a loss on a total of at most 6 / 2 = 3 (1 + 2, the boundary: Range is
    0, so Strength 3 -> 2), none on 4."""
    g = _recon_with_dice(a, b)
    assert unit(g, "west", 1).strength == strength


@pytest.mark.found_by_mutation
def test_the_anti_aircraft_dice_are_those_the_options_name() -> None:
    """Recon/Strike: the formula "allows for d8, d10, d12": with ``air_loss_die = 10`` both
    anti-aircraft dice are d10s."""
    g = make_game({1: ("airbase", "@AH")}, air_loss="dice", air_loss_die=10)
    dice = script(g, dice=[9, 9])
    g.submit("west", "1 7 @GH recon")
    assert dice.asked == [("anti-aircraft die 1", 10.0), ("anti-aircraft die 2", 10.0)]


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("a", "b", "strength"), [(5, 6, 2), (6, 6, 3)])
def test_strike_air_loss_adds_the_airbase_strength(a: int, b: int, strength: int) -> None:
    """The same formula on a Strike adds the airbase's Strength: (20 + 3) / 2 = 11 (rounded
    down); 5 + 6 = 11 loses a step, 6 + 6 = 12 does not."""
    g, _ = _strike(dice=(a, b), air_loss="dice", air_loss_die=6)
    assert unit(g, "west", 1).strength == strength


@pytest.mark.found_by_mutation
def test_a_strike_on_an_emplaced_unit_has_the_further_ten_points_off() -> None:
    """COMBAT: "If the defender is emplaced, subtract a further 10%" -- on a Strike too: the
    airbase's 3 against the dug-in infantry's 2 in clear terrain, 50% + 10% - 10% = 50%
    (60% when it is not dug in)."""
    asked = _strike(emplaced=True)[1].asked
    assert asked[0] == ("strike", pytest.approx(0.5))
    asked = _strike(emplaced=False)[1].asked
    assert asked[0] == ("strike", pytest.approx(0.6))


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_indirect_fire_at_a_hex_holding_ones_own_unit_is_refused() -> None:
    """SPECIAL FUNCTIONS, Indirect Fire is "directed against an enemy target": West's
    artillery at @HH may not fire at @JH, held by West's own infantry (unit 2)."""
    g = make_game({1: ("artillery", "@HH"), 2: ("infantry", "@JH")})
    with pytest.raises(IllegalOrderError, match="your own unit 2"):
        g.submit("west", "1 7 @JH")


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_a_partisan_contact_adds_one_to_those_already_held() -> None:
    """SPECIAL FUNCTIONS / Partisan Contact: "If contact is made, the number of partisans
    available to the contacting side is increased by one" -- West, holding 1, has 2."""
    g = _contact(1, True)
    assert g.partisans["west"] == 2
    assert _last(g, "partisan-contact")[0] == "unit 1 seeks partisans: contact made (2 available)"


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_a_support_unit_may_take_replacement() -> None:
    """SPECIAL FUNCTIONS / Replacement: "Infantry and Support type units only" -- West's
    support (Range 1 of 2, Strength 1 of 1) at home gets its Range step back (the 60% roll
    made)."""
    g = make_game({1: ("support", "@EH")})
    unit(g, "west", 1).range = 1
    script(g, chances=[True])
    g.submit("west", "1 7 @EH")
    assert (unit(g, "west", 1).range, unit(g, "west", 1).strength) == (2, 1)


@pytest.mark.found_by_mutation
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
