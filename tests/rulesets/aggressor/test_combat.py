"""COMBAT (seed 003): the hit chance, step losses, elimination, Assault, Ambush, one attack a
turn, the reports to both sides with {DEF}, and the aggressor declaration (GAME OBJECT)."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.game import AggressorGame
from tests.rulesets.aggressor.conftest import (
    make_game,
    put,
    rough,
    script,
    unit,
)
from tests.rulesets.aggressor.helpers import _combat_receipt, _last


def _duel(attacker: str = "armor", defender: str = "infantry", **kw: object) -> AggressorGame:
    """West's unit 1 at @IH, East's unit 1 at @JH (adjacent), the East unit known to West."""
    g = make_game({1: (attacker, "@IH")}, {1: (defender, "@LH")}, **kw)  # type: ignore[arg-type]
    put(g, "east", 1, "@JH")
    unit(g, "west", 1).seen_by_enemy = True  # no Ambush unless a test wants one
    g._observe("west")
    return g


KEY_TO_JH = 6  # from @IH (even column) key 6 (lower right) is @JH


def test_attack_chance_is_50_plus_10_per_strength_point() -> None:
    """COMBAT: 'Base probability for a hit is 50%. Add ... 10% times the remainder of the
    attacker's current strength minus the defender's current strength'."""
    g = _duel()
    assert rl.label(rl.NEIGHBOURS[rl.parse_label("@IH")][KEY_TO_JH - 1]) == "@JH"
    dice = script(g, chances=[False])
    g.submit("west", f"1 {KEY_TO_JH}")
    assert dice.asked == [("attack 1", pytest.approx(0.6))]
    assert (unit(g, "east", 1).range, unit(g, "east", 1).strength) == (2, 2)  # a miss


def test_rough_and_emplaced_defender_lower_the_chance() -> None:
    """COMBAT: -10% rough terrain or CBR, a further -10% emplaced."""
    g = _duel(terrain=rough("@JH"))
    unit(g, "east", 1).emplaced = True
    dice = script(g, chances=[False])
    g.submit("west", f"1 {KEY_TO_JH}")
    assert dice.asked[0][1] == pytest.approx(0.4)


def test_a_hit_is_a_step_loss_range_first() -> None:
    """COMBAT: 'its Range attribute reduced by one, unless its Range is already at zero'."""
    g = _duel()
    script(g, chances=[True])
    g.submit("west", f"1 {KEY_TO_JH}")
    assert (unit(g, "east", 1).range, unit(g, "east", 1).strength) == (1, 2)


def test_strength_zero_eliminates() -> None:
    """COMBAT: 'If a unit's Strength is reduced to zero by any means, it is removed'."""
    g = _duel(defender="support")
    e = unit(g, "east", 1)
    e.range = 0
    script(g, chances=[True])
    g.submit("west", f"1 {KEY_TO_JH}")
    assert e not in g.units["east"]
    assert rl.parse_label("@JH") not in g.at
    assert any(ev.kind == "eliminated" for ev in g.events("east"))


def test_one_attack_per_turn() -> None:
    """COMBAT: 'can't attack more than once per turn'."""
    g = _duel()
    script(g, chances=[False])
    g.submit("west", f"1 {KEY_TO_JH}")
    with pytest.raises(IllegalOrderError, match="COMBAT"):
        g.submit("west", f"1 {KEY_TO_JH}")


def test_no_attack_from_a_cbr_hex() -> None:
    """COMBAT: the attacker must be 'not in a CBR hex'."""
    g = _duel()
    g.cbr.add(rl.parse_label("@IH"))
    with pytest.raises(IllegalOrderError, match="COMBAT"):
        g.submit("west", f"1 {KEY_TO_JH}")


def test_no_attack_after_a_special_function() -> None:
    """COMBAT: 'A unit may not attack if it performed a special function earlier'."""
    g = _duel(attacker="infantry")
    unit(g, "west", 1).strength = 1
    script(g, chances=[False])
    g.submit("west", "1 7 @IH")  # replacement
    with pytest.raises(IllegalOrderError):
        g.submit("west", f"1 {KEY_TO_JH}")


def test_assault_after_moving_two_hexes() -> None:
    """COMBAT (1): an attacker more than one hex from its starting hex makes an Assault: 50%
    that the defender's Strength drops by one directly, even with Range left."""
    g = make_game({1: ("armor", "@GH")}, {1: ("infantry", "@LH")})
    put(g, "east", 1, "@JH")
    g._observe("west")
    g.submit("west", "1 6")  # @GH -> @HH
    g.submit("west", "1 5")  # @HH -> @IH, two hexes from the start
    dice = script(g, chances=[True])
    g.submit("west", f"1 {KEY_TO_JH}")
    assert dice.asked == [("assault", 0.5)]
    assert (unit(g, "east", 1).range, unit(g, "east", 1).strength) == (2, 1)
    assert any("assaults @JH" in e.text for e in g.events("east"))


def test_ambush_is_two_attacks() -> None:
    """COMBAT (2): an attacker not observed in the preceding enemy turn that attacks without
    moving makes two consecutive attack attempts."""
    g = _duel()
    unit(g, "west", 1).seen_by_enemy = False
    dice = script(g, chances=[True, True])
    g.submit("west", f"1 {KEY_TO_JH}")
    assert [label for label, _ in dice.asked] == ["attack 1", "attack 2"]
    assert (unit(g, "east", 1).range, unit(g, "east", 1).strength) == (0, 2)


def test_report_to_both_sides_with_def_indicator() -> None:
    """COMBAT: the attacker's type, the defender's coordinates, the form and the result are
    reported to both sides; '{DEF}' if the defender is emplaced."""
    g = _duel()
    unit(g, "east", 1).emplaced = True
    script(g, chances=[True])
    g.submit("west", f"1 {KEY_TO_JH}")
    for side in ("west", "east"):
        report = [e for e in g.events(side) if e.kind == "combat"][-1]
        assert report.text == "west armor attacks @JH {DEF}: hit"


def test_receipts_are_for_the_umpire_only() -> None:
    """COMBAT: 'The type of a defending unidentified unit is not revealed by combat' -- the
    receipt with strengths and chances is kept from both sides."""
    g = _duel()
    script(g, chances=[True])
    g.submit("west", f"1 {KEY_TO_JH}")
    receipts = [e for e in g.events(None) if e.receipt is not None and e.kind == "combat"]
    assert receipts
    assert not any(e.visible("west") or e.visible("east") for e in receipts)


def test_attacking_across_the_border_declares_the_aggressor() -> None:
    """GAME OBJECT: 'The first side to attack in any manner a unit which is located on the
    enemy's side of the border is assigned the role of aggressor'."""
    g = make_game({1: ("armor", "@JH")}, {1: ("infantry", "@LH")})
    put(g, "west", 1, "@KH").seen_by_enemy = True
    g._observe("west")
    script(g, chances=[False])
    g.submit("west", "1 6")  # @KH -> @LH (East's side)
    assert g.aggressor == "west"


def test_attacking_an_invader_on_your_own_side_is_not_aggression() -> None:
    """GAME OBJECT: only a unit located on the enemy's side of the border counts."""
    g = _duel()  # the East unit stands at @JH, West's side
    script(g, chances=[False])
    g.submit("west", f"1 {KEY_TO_JH}")
    assert g.aggressor is None


def test_bumping_into_an_unseen_unit_attacks_it() -> None:
    """TURN SEQUENCE E: a direction key toward an enemy unit attacks it; one the side had not
    observed is found that way (docs/rulings/aggressor.md)."""
    g = make_game({1: ("armor", "@IH")}, {1: ("infantry", "@LH")}, terrain=rough("@JH"))
    put(g, "east", 1, "@JH")
    g.known["west"].clear()
    script(g, chances=[False, False])
    g.submit("west", f"1 {KEY_TO_JH}")
    assert rl.label(unit(g, "west", 1).cell) == "@IH"
    assert unit(g, "west", 1).attacked
    assert any(e.kind == "contact" for e in g.events("west"))


def test_receipt_records_the_defender_strength_before_the_attack() -> None:
    """COMBAT: the chance uses 'the defender's current strength' at the attack; the receipt
    shows that strength, not the one left after an Assault's direct loss."""
    g = make_game({1: ("armor", "@GH")}, {1: ("infantry", "@LH")})
    put(g, "east", 1, "@JH")
    g._observe("west")
    g.submit("west", "1 6")
    g.submit("west", "1 5")
    script(g, chances=[True])
    g.submit("west", f"1 {KEY_TO_JH}")  # an Assault that takes a Strength point
    assert unit(g, "east", 1).strength == 1
    receipt = [e for e in g.events(None) if e.kind == "combat" and e.receipt][-1].receipt
    assert receipt is not None
    assert receipt.inputs["defender_strength"] == 2


def test_a_hidden_unit_lost_outside_combat_is_not_announced_to_the_enemy() -> None:
    """OBSERVATION: the enemy learns of units only by observing them; a unit it never saw that
    dies of its CBR hex (TURN SEQUENCE D) is reported to its owner alone, while one it knew of
    is reported to both sides (docs/rulings/aggressor.md)."""
    g = make_game({1: ("armor", "@EH")}, {1: ("support", "@PH"), 2: ("support", "@PJ")})
    for n in (1, 2):
        e = unit(g, "east", n)
        e.range = 0
        g.cbr.add(e.cell)
    g.known["west"][rl.parse_label("@PJ")] = "support"  # West knows unit 2, not unit 1
    g.submit("west", "0")  # East's turn: D) both supports take their CBR step loss and die
    assert {u.number for u in g.units["east"]}.isdisjoint({1, 2})
    west = [e.text for e in g.events("west") if e.kind == "eliminated"]
    east = [e.text for e in g.events("east") if e.kind == "eliminated"]
    assert west == ["The unit at @PJ is eliminated"]
    assert sorted(east) == ["The unit at @PH is eliminated", "The unit at @PJ is eliminated"]


def test_ambush_report_names_the_form() -> None:
    """COMBAT: 'the form of attack ... reported to both sides' -- an Ambush reads as one."""
    g = _duel()
    unit(g, "west", 1).seen_by_enemy = False
    script(g, chances=[False, True])
    g.submit("west", f"1 {KEY_TO_JH}")
    report = [e for e in g.events("east") if e.kind == "combat"][-1]
    assert report.text == "west armor ambushes @JH: miss, hit"


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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
