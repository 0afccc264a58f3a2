"""COMBAT (seed 003): "-10% if the defender is in rough terrain or any CBR hex" — applied in
play, where the game computes an attack's chance. West armor (strength 3) attacks East
infantry (strength 2) on @JH: 50% + 10% x (3 - 2) = 60% on clear ground, 50% when @JH is a CBR
hex, and still 50% (one -10%, not two) when it is both rough and CBR."""

from __future__ import annotations

import pytest

from hexwar.rulesets.aggressor import rules as rl
from tests.rulesets.aggressor.conftest import rough, script
from tests.rulesets.aggressor.test_combat import KEY_TO_JH, _duel


def _chance_asked(*, cbr: bool, rough_hex: bool) -> float:
    g = _duel(terrain=rough("@JH")) if rough_hex else _duel()
    if cbr:
        g.cbr.add(rl.parse_label("@JH"))
    dice = script(g, chances=[False])
    g.submit("west", f"1 {KEY_TO_JH}")
    assert dice.asked[0][0] == "attack 1"
    return float(dice.asked[0][1])


def test_a_defender_on_a_cbr_hex_lowers_the_chance_by_ten_points() -> None:
    assert _chance_asked(cbr=False, rough_hex=False) == pytest.approx(0.6)
    assert _chance_asked(cbr=True, rough_hex=False) == pytest.approx(0.5)


def test_rough_and_cbr_together_lower_it_once() -> None:
    assert _chance_asked(cbr=True, rough_hex=True) == pytest.approx(0.5)
