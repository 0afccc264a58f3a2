"""Formulas and tables of seed 003 (Aggressor), each test naming its section."""

from __future__ import annotations

import pytest

from hexwar.rulesets.aggressor import rules as rl


def test_map_board_is_21_columns_by_15_rows_and_bottom_right_is_uo() -> None:
    """MAP BOARD: 'the bottom righthand hex on the map is @UO'; 21 columns, 15 rows."""
    assert rl.NCELLS == 21 * 15
    assert rl.label(rl.cell_of(20, 14)) == "@UO"
    assert rl.label(rl.cell_of(0, 0)) == "@AA"
    assert rl.parse_label("@uo") == rl.cell_of(20, 14)


@pytest.mark.parametrize(
    ("at", "key", "to"),
    [
        # column K (even index): its upper neighbours are a row higher
        ("@KH", 1, "@JG"),
        ("@KH", 2, "@JH"),
        ("@KH", 3, "@KG"),
        ("@KH", 4, "@KI"),
        ("@KH", 5, "@LG"),
        ("@KH", 6, "@LH"),
        # column J (odd index, shifted down half a hex)
        ("@JH", 1, "@IH"),
        ("@JH", 2, "@II"),
        ("@JH", 5, "@KH"),
        ("@JH", 6, "@KI"),
    ],
)
def test_keys_1_to_6_are_the_six_directions(at: str, key: int, to: str) -> None:
    """TURN SEQUENCE E: 1 upper left, 2 lower left, 3 above, 4 below, 5 upper right, 6 lower
    right; MAP BOARD: 'orthogonal, side up, 1st column odd, low shift'."""
    assert rl.label(rl.NEIGHBOURS[rl.parse_label(at)][key - 1]) == to


def test_off_map_neighbours_are_missing() -> None:
    """MAP BOARD: the map's edge."""
    assert rl.NEIGHBOURS[rl.parse_label("@AA")][2] == -1  # above the top row


@pytest.mark.parametrize(
    ("a", "d", "kw", "p"),
    [
        (2, 2, {}, 0.5),  # base 50%
        (3, 2, {}, 0.6),  # +10% per point of strength difference
        (1, 3, {}, 0.3),
        (3, 3, {"rough": True}, 0.4),  # defender in rough terrain
        (3, 3, {"cbr": True}, 0.4),  # ... or any CBR hex
        (3, 3, {"rough": True, "cbr": True}, 0.4),  # one -10% for either
        (3, 3, {"emplaced": True}, 0.4),
        (3, 3, {"rough": True, "emplaced": True}, 0.3),  # "a further 10%"
        (4, 1, {}, 0.8),  # the missile's implied strength 4
        (1, 6, {"rough": True, "emplaced": True}, 0.0),  # clamped
        (9, 0, {}, 1.0),
    ],
)
def test_hit_chance(a: int, d: int, kw: dict[str, bool], p: float) -> None:
    """COMBAT: 50% + 10% x (attacker - defender strength), -10% rough or CBR, -10% emplaced."""
    assert rl.hit_chance(a, d, **kw) == pytest.approx(p)


def test_step_loss_takes_range_first_then_strength() -> None:
    """COMBAT: 'Range attribute reduced by one, unless its Range is already at zero'."""
    assert rl.step_loss(3, 3) == (2, 3)
    assert rl.step_loss(0, 3) == (0, 2)
    assert rl.step_loss(0, 1) == (0, 0)  # strength 0: eliminated


@pytest.mark.parametrize(
    ("rng", "rough", "allow"),
    [(3, False, 3), (3, True, 2), (2, True, 1), (1, True, 1), (0, False, 0)],
)
def test_movement_allowance_halves_rounding_up_in_rough(rng: int, rough: bool, allow: int) -> None:
    """MOVEMENT: 'divides it by two if the unit is now in a rough terrain hex, rounding up'."""
    assert rl.movement_allowance(rng, rough) == allow


def test_partisan_contact_chance() -> None:
    """SPECIAL FUNCTIONS: 50% minus 10% times the rated attack Strength (missile: 4)."""
    assert rl.partisan_chance(1) == pytest.approx(0.4)
    assert rl.partisan_chance(3) == pytest.approx(0.2)
    assert rl.partisan_chance(4) == pytest.approx(0.1)
    assert rl.partisan_chance(6) == 0.0


def test_replacement_chance() -> None:
    """SPECIAL FUNCTIONS / Replacement: 60% at home, 40% in the enemy's territory."""
    assert rl.replacement_chance(True) == 0.6
    assert rl.replacement_chance(False) == 0.4


def test_air_loss_chance_first_formula() -> None:
    """SPECIAL FUNCTIONS / Recon-Strike: 100% x distance / 28 / current Strength."""
    assert rl.air_loss_chance(14, 1) == pytest.approx(0.5)
    assert rl.air_loss_chance(14, 2) == pytest.approx(0.25)
    assert rl.air_loss_chance(84, 1) == 1.0


def test_air_loss_second_formula() -> None:
    """SPECIAL FUNCTIONS: '2d <= (Dist (+ Airbase Str, if Strike msn))/ 2'."""
    assert rl.air_loss_threshold(10, 3, strike=False) == 5
    assert rl.air_loss_threshold(10, 3, strike=True) == 6
    assert rl.air_loss_threshold(9, 3, strike=False) == 4  # 4.5 rounded down
    assert rl.air_loss_threshold(9, 3, strike=True) == 6


def test_die_factor_reading() -> None:
    """Author's note 'die roll= 1 -> auto hit' with dieFac: a d10, hit on <= 10 p, a 1 always."""
    assert rl.die_hit_chance(0.6) == pytest.approx(0.6)
    assert rl.die_hit_chance(0.0) == pytest.approx(0.1)


def test_sectors_and_territories() -> None:
    """VICTORY CONDITIONS: boundaries between columns G/H, N/O and rows E/F, J/K; the border
    is the central column K (MAP BOARD)."""
    name = {
        lab: rl.SECTOR_NAMES[rl.sector_of(rl.parse_label(lab))]
        for lab in ("@AA", "@GE", "@HE", "@HF", "@NJ", "@NK", "@OK", "@UO")
    }
    assert name == {
        "@AA": "NW",
        "@GE": "NW",
        "@HE": "N",
        "@HF": "C",
        "@NJ": "C",
        "@NK": "S",
        "@OK": "SE",
        "@UO": "SE",
    }
    assert rl.territory(rl.parse_label("@JA")) == "west"
    assert rl.territory(rl.parse_label("@KA")) is None
    assert rl.territory(rl.parse_label("@LA")) == "east"


def test_unit_types_table() -> None:
    """UNIT TYPES: Range/Strength Airbase 0/3, Missile 1/1, Artillery 3/2, Armor 3/3,
    Infantry 2/2, Support 2/1."""
    got = {n: (t.range, t.strength) for n, t in rl.UNIT_TYPES.items()}
    assert got == {
        "airbase": (0, 3),
        "missile": (1, 1),
        "artillery": (3, 2),
        "armor": (3, 3),
        "infantry": (2, 2),
        "support": (2, 1),
    }


def test_recon_line_runs_from_base_to_target() -> None:
    """SPECIAL FUNCTIONS / Recon: 'traces a straight line from the base to the target'."""
    cells = rl.line_cells(rl.parse_label("@CH"), rl.parse_label("@HH"))
    assert cells[0] == rl.parse_label("@CH")
    assert cells[-1] == rl.parse_label("@HH")
    assert len(cells) == rl.DIST[cells[0]][cells[-1]] + 1
