"""SPECIAL FUNCTIONS (seed 003): Partisan Contact, Supply Request, Recon and Strike missions,
CBR Missile Launch, Indirect Fire and Replacement."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.aggressor import rules as rl
from tests.rulesets.aggressor.conftest import make_game, put, script, unit


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
