"""The board: hexsides, per-hex and per-hexside attributes, regions, JSON round trips."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwar.core.errors import InvalidInputError
from hexwar.core.hexes import Direction, Hex, hex_range
from hexwar.core.maps import HexInfo, HexMap, Hexside, SideInfo
from hexwar.core.numberings import AirwarBoard, IdahexGrid

ORIGIN = Hex(0, 0)
BOARD = hex_range(ORIGIN, 2)


@pytest.fixture
def small_map() -> HexMap:
    return HexMap.from_hexes(BOARD, regions={"north": [Hex(0, -2), Hex(0, -1)]})


# -- Hexside --------------------------------------------------------------------------------


def test_hexside_is_unordered() -> None:
    assert Hexside(ORIGIN, Hex(1, 0)) == Hexside(Hex(1, 0), ORIGIN)
    assert hash(Hexside(ORIGIN, Hex(1, 0))) == hash(Hexside(Hex(1, 0), ORIGIN))
    assert Hexside(Hex(1, 0), ORIGIN).hexes == (ORIGIN, Hex(1, 0))


def test_hexside_joins_only_adjacent_hexes() -> None:
    with pytest.raises(InvalidInputError, match="two adjacent hexes"):
        Hexside(ORIGIN, Hex(2, 0))
    with pytest.raises(InvalidInputError, match="two adjacent hexes"):
        Hexside(ORIGIN, ORIGIN)


@given(st.builds(Hex, st.integers(-20, 20), st.integers(-20, 20)), st.sampled_from(Direction))
def test_hexside_text_round_trips(h: Hex, d: Direction) -> None:
    side = Hexside(h, h.neighbor(d))
    assert Hexside.from_str(str(side)) == side
    assert eval(repr(side)) == side


def test_hexside_text_is_two_hexes_joined_by_a_bar() -> None:
    assert str(Hexside(Hex(1, 0), ORIGIN)) == "0,0|1,0"
    with pytest.raises(InvalidInputError, match="q,r\\|q,r"):
        Hexside.from_str("0,0")


def test_hexside_other_crosses_over() -> None:
    side = Hexside(ORIGIN, Hex(0, 1))
    assert side.other(ORIGIN) == Hex(0, 1)
    assert side.other(Hex(0, 1)) == ORIGIN
    with pytest.raises(InvalidInputError, match="not on hexside"):
        side.other(Hex(5, 5))


# -- attributes -----------------------------------------------------------------------------


def test_hex_info_extra_is_read_only() -> None:
    info = HexInfo(extra={"supply": 3})
    with pytest.raises(TypeError):
        info.extra["supply"] = 4  # type: ignore[index]


def test_hex_info_copies_extra() -> None:
    source = {"supply": 3}
    info = HexInfo(extra=source)
    source["supply"] = 4
    assert info.extra == {"supply": 3}


def test_attribute_values_are_hashable() -> None:
    assert hash(HexInfo(extra={"a": [1, 2]})) == hash(HexInfo(extra={"a": [1, 2]}))
    hedge = SideInfo(features=frozenset({"hedge"}))
    assert hash(hedge) == hash(SideInfo(features=frozenset({"hedge"})))


# -- reading a map --------------------------------------------------------------------------


def test_map_holds_its_hexes(small_map: HexMap) -> None:
    assert len(small_map) == 19
    assert ORIGIN in small_map
    assert Hex(3, 0) not in small_map
    assert list(small_map) == sorted(BOARD)


def test_info_off_the_map_is_refused(small_map: HexMap) -> None:
    with pytest.raises(InvalidInputError, match="not on the map"):
        small_map.info(Hex(9, 9))


def test_neighbors_stay_on_the_map(small_map: HexMap) -> None:
    edge = Hex(0, -2)
    assert small_map.neighbors(edge) == [Hex(-1, -1), Hex(0, -1), Hex(1, -2)]


def test_neighbors_skip_inactive_hexes(small_map: HexMap) -> None:
    closed = small_map.with_hex(Hex(0, 1), replace(small_map.info(Hex(0, 1)), active=False))
    assert Hex(0, 1) not in closed.neighbors(ORIGIN)
    assert len(closed.neighbors(ORIGIN)) == 5
    assert not closed.is_active(Hex(0, 1))


def test_unrecorded_hexside_has_default_attributes(small_map: HexMap) -> None:
    assert small_map.side(ORIGIN, Hex(0, 1)) == SideInfo()


def test_hexside_attributes_read_from_either_side(small_map: HexMap) -> None:
    river = SideInfo(barrier="river", features=frozenset({"hedge"}))
    changed = small_map.with_side(ORIGIN, Hex(0, 1), river)
    assert changed.side(Hex(0, 1), ORIGIN) == river
    assert changed.side(ORIGIN, Hex(0, 1)).barrier == "river"


def test_hexside_lookup_between_distant_hexes_is_refused(small_map: HexMap) -> None:
    with pytest.raises(InvalidInputError, match="adjacent"):
        small_map.side(ORIGIN, Hex(2, 0))


def test_regions_of_lists_names_sorted(small_map: HexMap) -> None:
    both = small_map.with_region("all", BOARD)
    assert both.regions_of(Hex(0, -1)) == ("all", "north")
    assert both.regions_of(Hex(0, 1)) == ("all",)
    assert both.region("north") == {Hex(0, -2), Hex(0, -1)}


def test_unknown_region_is_refused_listing_known(small_map: HexMap) -> None:
    with pytest.raises(InvalidInputError, match="regions: north"):
        small_map.region("south")


def test_region_off_the_map_is_refused(small_map: HexMap) -> None:
    with pytest.raises(InvalidInputError) as info:
        small_map.with_region("far", [Hex(9, 9)])
    assert info.value.problems[0].path == "regions.far"


def test_hexside_off_the_map_is_refused(small_map: HexMap) -> None:
    with pytest.raises(InvalidInputError, match="leaves the map"):
        small_map.with_side(Hex(0, 2), Hex(0, 3), SideInfo(barrier="river"))


# -- changing a map -------------------------------------------------------------------------


def test_with_hex_leaves_the_original_unchanged(small_map: HexMap) -> None:
    owned = small_map.with_hex(ORIGIN, HexInfo(owner="red"))
    assert owned.info(ORIGIN).owner == "red"
    assert small_map.info(ORIGIN).owner is None


def test_maps_cannot_be_mutated_in_place(small_map: HexMap) -> None:
    with pytest.raises(TypeError):
        small_map.cells[ORIGIN] = HexInfo()  # type: ignore[index]


def test_default_side_entries_do_not_change_equality(small_map: HexMap) -> None:
    assert small_map.with_side(ORIGIN, Hex(0, 1), SideInfo()) == small_map


def test_without_region_drops_it(small_map: HexMap) -> None:
    assert small_map.without_region("north").regions == {}


# -- JSON -----------------------------------------------------------------------------------


def rich_map() -> HexMap:
    base = HexMap.from_hexes(BOARD, terrain="clear", inactive=[Hex(2, -2)])
    return (
        base.with_hex(ORIGIN, HexInfo("urban", 12.5, "blue", True, {"city": "Ulm", "vp": [1, 2]}))
        .with_side(ORIGIN, Hex(1, 0), SideInfo(route="road", barrier="river"))
        .with_side(ORIGIN, Hex(0, 1), SideInfo(features=frozenset({"hedge", "wall"})))
        .with_region("north", [Hex(0, -2), Hex(0, -1)])
    )


def test_json_round_trip() -> None:
    m = rich_map()
    assert HexMap.from_json(m.to_json()) == m


def test_json_survives_text() -> None:
    m = rich_map()
    assert HexMap.from_json(json.loads(json.dumps(m.to_json()))) == m


def test_json_leaves_out_defaults() -> None:
    doc = HexMap.from_hexes([ORIGIN]).to_json()
    assert doc == {"version": 1, "hexes": [{"hex": "0,0"}], "sides": [], "regions": {}}


terrains = st.sampled_from(["clear", "rough", "forest"])
infos = st.builds(
    HexInfo,
    terrain=terrains,
    elevation=st.floats(-100, 100, allow_nan=False),
    owner=st.one_of(st.none(), st.sampled_from(["red", "blue"])),
    active=st.booleans(),
    extra=st.dictionaries(st.sampled_from(["a", "b"]), st.integers(-5, 5), max_size=2),
)
side_infos = st.builds(
    SideInfo,
    route=st.one_of(st.none(), st.just("road")),
    barrier=st.one_of(st.none(), st.just("river")),
    features=st.frozensets(st.sampled_from(["hedge", "wall"])),
)


@given(
    st.lists(infos, min_size=len(BOARD), max_size=len(BOARD)),
    st.dictionaries(st.sampled_from(Direction), side_infos),
    st.frozensets(st.sampled_from(BOARD)),
)
def test_json_round_trip_of_random_maps(
    cells: list[HexInfo], sides: dict[Direction, SideInfo], region: frozenset[Hex]
) -> None:
    m = HexMap(
        dict(zip(BOARD, cells, strict=True)),
        {Hexside(ORIGIN, ORIGIN.neighbor(d)): s for d, s in sides.items()},
        {"r": region},
    )
    assert HexMap.from_json(json.loads(json.dumps(m.to_json()))) == m


def test_from_json_reports_every_problem_with_its_path() -> None:
    doc = {
        "hexes": [
            {"hex": "0,0", "terrain": 5},
            {"hex": "x"},
            {"hex": "1,0", "elevation": True, "active": "yes"},
        ],
        "sides": [{"side": "0,0|2,0"}, {"side": "0,0|1,0", "features": "hedge"}],
        "regions": {"north": ["0,0", 7]},
    }
    with pytest.raises(InvalidInputError) as info:
        HexMap.from_json(doc)
    paths = [p.path for p in info.value.problems]
    assert paths == [
        "hexes[0].terrain",
        "hexes[1].hex",
        "hexes[2].elevation",
        "hexes[2].active",
        "sides[0].side",
        "sides[1].features",
        "regions.north[1]",
    ]


def test_from_json_refuses_unknown_version_and_keys() -> None:
    with pytest.raises(InvalidInputError) as info:
        HexMap.from_json({"version": 2, "hexes": [], "terrain": {}})
    assert [p.path for p in info.value.problems] == ["version", ""]


def test_from_json_refuses_duplicate_hexes() -> None:
    with pytest.raises(InvalidInputError, match="listed twice"):
        HexMap.from_json({"hexes": [{"hex": "0,0"}, {"hex": "0, 0"}]})


def test_from_json_refuses_non_objects() -> None:
    with pytest.raises(InvalidInputError, match="must be an object"):
        HexMap.from_json([])


# -- boards from numberings -----------------------------------------------------------------


def test_map_from_idahex_grid_marks_inactive_cells_seed000_s2_1() -> None:
    grid = IdahexGrid(60, 8)
    m = HexMap.from_hexes(grid, inactive=[grid.hex_of(n) for n in grid.inactive])
    assert len(m) == 60
    assert not m.is_active(grid.hex_of(8))
    assert grid.hex_of(8) not in m.neighbors(grid.hex_of(7))


def test_map_from_airwar_board_carries_its_bands_seed001_s2_0() -> None:
    board = AirwarBoard.large()
    m = HexMap.from_hexes(board, regions=board.regions())
    assert m.regions_of(board.parse("K25")) == ("no_mans_land",)
    assert m.regions_of(board.parse("A1")) == ("territory_1",)
