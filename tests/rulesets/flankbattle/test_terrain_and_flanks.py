"""Terrain maps and flanks (seed 004, Terrain map; Composition; Flank editor)."""

from __future__ import annotations

import struct
import zlib

import numpy as np
import pytest

from hexwar.rulesets.flankbattle.flanks import (
    FlankSpec,
    Maneuver,
    default_flanks,
    validity,
)
from hexwar.rulesets.flankbattle.schema import TERRAINS
from hexwar.rulesets.flankbattle.terrain import (
    CLIFFS,
    FOREST,
    HIGH,
    PLAIN,
    SIZE,
    WATER,
    classify,
    decode_image,
    encode_png,
    generic_map,
    grid_from_rows,
    grid_to_png,
    grid_to_rows,
)


def test_png_round_trip() -> None:
    rgb = np.random.default_rng(1).integers(0, 256, (30, 40, 3), dtype=np.uint8)
    assert np.array_equal(decode_image(encode_png(rgb)), rgb)


def test_png_with_every_row_filter_decodes() -> None:
    """PNG rows may use filters 0-4; each must decode to the same pixels."""
    rgb = np.random.default_rng(2).integers(0, 256, (5, 6, 3), dtype=np.uint8)
    raw = rgb.astype(np.int64)
    rows = []
    for y in range(5):
        kind = y % 5
        line = raw[y].reshape(-1)
        prev = raw[y - 1].reshape(-1) if y else np.zeros_like(line)
        out = []
        for i, v in enumerate(line):
            a = line[i - 3] if i >= 3 else 0
            b = prev[i]
            c = prev[i - 3] if i >= 3 else 0
            pred = [0, a, b, (a + b) // 2, 0][kind]
            if kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            out.append((v - pred) & 0xFF)
        rows.append(bytes([kind]) + bytes(out))
    body = zlib.compress(b"".join(rows))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 6, 5, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", body)
        + chunk(b"IEND", b"")
    )
    assert np.array_equal(decode_image(png), rgb)


def test_colours_read_as_the_nearest_legend_feature() -> None:
    """Terrain map: "cyan is treated as water because it is closer to blue"."""
    rgb = np.array(
        [
            [
                (0, 255, 255),
                (255, 255, 255),
                (0, 0, 255),
                (20, 120, 30),
                (120, 120, 130),
                (140, 80, 30),
            ]
        ],
        dtype=np.uint8,
    )
    grid = classify(rgb)
    assert list(grid[0, :6]) == [WATER, PLAIN, WATER, FOREST, CLIFFS, HIGH]


def test_smaller_maps_are_padded_with_plain_and_larger_clipped() -> None:
    """Terrain map: larger than 400 pixels is clipped; the extra space is Plains."""
    small = np.full((10, 10, 3), 100, dtype=np.uint8)  # dark grey: cliffs
    grid = classify(small)
    assert grid.shape == (SIZE, SIZE)
    assert grid[5, 5] == CLIFFS
    assert grid[100, 100] == PLAIN
    big = np.zeros((500, 450, 3), dtype=np.uint8)
    assert classify(big).shape == (SIZE, SIZE)


@pytest.mark.parametrize("terrain", TERRAINS)
def test_every_location_terrain_has_a_generic_map(terrain: str) -> None:
    """Location: Terrain specifies the default terrain map."""
    grid = generic_map(terrain)
    assert grid.shape == (SIZE, SIZE)
    assert np.array_equal(classify(decode_image(grid_to_png(grid))), grid)
    assert np.array_equal(grid_from_rows(grid_to_rows(grid)), grid)


def test_sea_is_all_water_and_island_has_land() -> None:
    assert (generic_map("Sea") == WATER).all()
    island = generic_map("Island")
    assert (island == WATER).any()
    assert (island == HIGH).any()


def test_default_three_flanks_spread_the_military_evenly() -> None:
    """Composition: the military evenly divided over the flanks, ships rounded, the shares
    summing to the whole (ruling: the even split, issue 43)."""
    flanks = default_flanks(10_000, {"infantry": 0.5, "cavalry": 0.5}, 10, side=0)
    assert len(flanks) == 3
    assert [f.infantry for f in flanks] == [1667, 1667, 1666]
    assert [f.cavalry for f in flanks] == [1667, 1667, 1666]
    assert [f.ships for f in flanks] == [4, 3, 3]
    assert all(f.maneuver is Maneuver.NORMAL for f in flanks)


def test_status_good_within_ten_soldiers() -> None:
    """Terrain map: "Good" as long as X and Y differ by no more than 10 soldiers; the default
    flanks hold the military exactly (ruling: the even split, issue 43)."""
    flanks = default_flanks(10_000, {"infantry": 0.5, "cavalry": 0.5}, 9, side=0)
    v = validity(flanks, 10_000, {"infantry": 0.5, "cavalry": 0.5}, 9)
    assert v.good
    assert v.text == "Good (10000/10000)"


def test_status_invalid_infantry_too_many_is_red() -> None:
    """Terrain map: "Invalid Inf (X/Y)", red if the unit is too large."""
    flanks = [FlankSpec(10, 10, infantry=5100, cavalry=5000)]
    v = validity(flanks, 10_000, {"infantry": 0.5, "cavalry": 0.5}, 0)
    assert (v.good, v.text, v.colour) == (False, "Invalid Inf (5100/5000)", "red")


def test_status_invalid_cavalry_too_few_is_orange() -> None:
    flanks = [FlankSpec(10, 10, infantry=5000, cavalry=4000)]
    v = validity(flanks, 10_000, {"infantry": 0.5, "cavalry": 0.5}, 0)
    assert (v.good, v.text, v.colour) == (False, "Invalid Cav (4000/5000)", "orange")


def test_navy_must_be_within_one_ship() -> None:
    """Terrain map: "invalid if the total navy in the flanks is more than one ship off"."""
    props = {"infantry": 1.0}
    ok = [FlankSpec(10, 10, infantry=1000, ships=11)]
    bad = [FlankSpec(10, 10, infantry=1000, ships=12)]
    assert validity(ok, 1000, props, 10).good
    assert validity(bad, 1000, props, 10).text == "Invalid Navy (12/10)"


def test_maneuver_names_parse() -> None:
    """Movement: the five maneuvers (Hit-and-run written either way)."""
    assert Maneuver.parse("hit-and-run") is Maneuver.HIT_AND_RUN
    assert Maneuver.parse("Feigned Retreat") is Maneuver.FEIGNED_RETREAT


def test_flanks_that_leave_out_ships_share_the_military_ships() -> None:
    """Ruling (docs/rulings/flankbattle.md): a flank file without ships gives each flank its
    share of the military's ships by land troops; explicit ships are kept."""
    from hexwar.rulesets.flankbattle.flanks import SHIPS_SHARE, share_ships

    flanks = [
        FlankSpec(1, 1, infantry=1000, ships=SHIPS_SHARE),
        FlankSpec(2, 2, infantry=3000, ships=SHIPS_SHARE),
        FlankSpec(3, 3, infantry=10, ships=5),
    ]
    shared = share_ships(flanks, 45)
    assert [f.ships for f in shared] == [10, 30, 5]
    assert "ships" not in flanks[0].to_json()


def test_deployment_round_trips_through_json() -> None:
    """A deployment's JSON form (what records keep) parses back to the same deployment."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from hexwar.rulesets.flankbattle.orders import Deployment

    flank = st.builds(
        FlankSpec,
        st.floats(0, 399.9, allow_nan=False),
        st.floats(0, 399.9, allow_nan=False),
        st.integers(0, 10**6),
        st.integers(0, 10**6),
        st.integers(0, 10**6),
        st.integers(0, 500),
        st.sampled_from(list(Maneuver)),
    )

    @settings(max_examples=50, deadline=None)
    @given(st.lists(flank, min_size=1, max_size=99))
    def check(flanks: list[FlankSpec]) -> None:
        d = Deployment(tuple(flanks))
        assert Deployment.parse(d.to_json()) == d
        assert Deployment.parse(str(d.to_json()).replace("'", '"')) == d
        assert Deployment.parse(str(d)) == d  # the text the game prints reads back

    check()


def test_up_to_ninety_nine_flanks_a_side_fight() -> None:
    """Terrain map: "There can be a maximum of 99 flanks per side" -- 99 are fought (the
    nearest enemies then found by numpy), 100 are refused."""
    from hexwar.core.errors import IllegalOrderError
    from hexwar.rulesets.flankbattle.flanks import SHIPS_SHARE
    from hexwar.rulesets.flankbattle.game import FlankbattleGame
    from hexwar.rulesets.flankbattle.orders import Deployment
    from hexwar.sessions import resolve_scenario

    def spread(n: int) -> Deployment:
        totals = {"infantry": 4000, "cavalry": 2000, "artillery": 2000}  # the Norman Host
        flanks = []
        for i in range(n):
            share = {r: t // n + (t % n if i == n - 1 else 0) for r, t in totals.items()}
            flanks.append(FlankSpec(60, 2 + 4 * i, **share, ships=SHIPS_SHARE))
        return Deployment(tuple(flanks))

    resolved = resolve_scenario("flankbattle/hastings")
    game = resolved.ruleset.new_game(resolved.scenario, seed=1, scenario_id="x")
    assert isinstance(game, FlankbattleGame)
    with pytest.raises(IllegalOrderError, match="100 flanks: a side has 1 to 99"):
        game.submit("attacker", spread(100))
    game.submit("attacker", spread(99))
    game.submit("defender", Deployment())
    assert game.war_report is not None
    assert len([f for f in game.war_report.battle.flanks if f.side == 0]) == 99
    assert sum(e.kind == "attack" for e in game.war_report.battle.events) > 0


def test_a_deployment_typed_as_the_game_prints_it() -> None:
    """Flank editor: a flank is its composition, ships and maneuver; at the console it is typed
    as the log prints it, ships left out for the flank's share and the maneuver for Normal."""
    from hexwar.core.errors import IllegalOrderError
    from hexwar.rulesets.flankbattle.flanks import SHIPS_SHARE
    from hexwar.rulesets.flankbattle.orders import Deployment

    d = Deployment.parse(
        "(60,200) inf 1333 cav 667 art 667 ships 2 Hit and run; (60.5,120) inf 10 cav 0 art 0"
    )
    assert d.flanks == (
        FlankSpec(60.0, 200.0, 1333, 667, 667, 2, Maneuver.HIT_AND_RUN),
        FlankSpec(60.5, 120.0, 10, 0, 0, SHIPS_SHARE, Maneuver.NORMAL),
    )
    with pytest.raises(IllegalOrderError, match="is not a flank; write"):
        Deployment.parse("(60,200) infantry 1333")
    with pytest.raises(IllegalOrderError, match="not a map coordinate 0 to 399"):
        Deployment.parse("(400,200) inf 1 cav 0 art 0")
