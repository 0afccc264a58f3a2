"""COMBAT (seed 003): the hit chance, step losses, elimination, Assault, Ambush, one attack a
turn, the reports to both sides with {DEF}, and the aggressor declaration (GAME OBJECT)."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.game import AggressorGame
from tests.rulesets.aggressor.conftest import make_game, put, rough, script, unit


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
