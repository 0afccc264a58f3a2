"""Legacy numberings: IDAHEX cells (seed 000), Aggressor coordinates (seed 003), air war
boards (seed 001)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwar.core.errors import InvalidInputError
from hexwar.core.hexes import Direction, Hex, OffsetKind, to_pixel
from hexwar.core.numberings import AggressorGrid, AirwarBoard, IdahexGrid

# -- IDAHEX ---------------------------------------------------------------------------------

FIGURE_2_1 = IdahexGrid(60, 8)
FIGURE_3_3 = IdahexGrid(30, 4)


def test_bottom_cells_of_figure_2_1_seed000_s2_1() -> None:
    """'all the cells in Figure 2.1 except the bottom cells (8, 15, 23, 30, 38, 45, 53, 60)'."""
    assert sorted(FIGURE_2_1.bottom_cells) == [8, 15, 23, 30, 38, 45, 53, 60]
    assert FIGURE_2_1.ranks == 8


def test_bottom_cells_are_always_inactive_seed000_s2_1() -> None:
    assert not any(FIGURE_2_1.is_active(n) for n in FIGURE_2_1.bottom_cells)
    assert FIGURE_2_1.is_active(7)


@pytest.mark.parametrize(
    ("n", "k", "expected"),
    [
        (12, 1, 13),
        (12, 2, 19),
        (12, 3, 20),
        (7, 3, -1),
        (46, 1, 47),
        (46, 2, -1),
        (46, 3, 54),
        (30, 2, -1),
    ],
)
def test_successor_examples_seed000_s2_1(n: int, k: int, expected: int) -> None:
    assert FIGURE_2_1.successor(n, k) == expected


def test_successor_of_an_inactive_cell_is_minus_one_seed000_s2_1() -> None:
    grid = IdahexGrid(60, 8, inactive=frozenset({12}))
    assert [grid.successor(12, k) for k in (1, 2, 3)] == [-1, -1, -1]
    assert grid.successor(11, 1) == -1  # its successor 12 is inactive


def test_successor_index_must_be_one_to_three() -> None:
    with pytest.raises(InvalidInputError, match=r"1\.\.3"):
        FIGURE_2_1.successor(12, 4)


def test_successor_of_a_nonexistent_cell_is_refused() -> None:
    with pytest.raises(InvalidInputError, match=r"cells are 1\.\.60"):
        FIGURE_2_1.successor(61, 1)


def test_successors_are_the_higher_numbered_neighbours_seed000_s2_1() -> None:
    """'A cell's successors are the cells that are adjacent to it and have larger numbers.'"""
    for n in range(1, 61):
        rim = [m for m in FIGURE_2_1.rim(n) if m is not None]
        higher = {m for m in rim if m > n}
        below, upper_right, lower_right = (FIGURE_2_1.rim(n)[i] for i in (3, 4, 5))
        assert higher == {m for m in (below, upper_right, lower_right) if m is not None}


def test_long_ranks_sit_higher_than_short_ranks_seed000_s2_1() -> None:
    """Cell 12 (rank 2) has 19 and 20 (rank 3) to its upper and lower right, so the short
    rank hangs half a cell lower: odd-q with col = rank, row = position."""
    y1 = to_pixel(FIGURE_2_1.hex_of(1), 1.0)[1]
    y9 = to_pixel(FIGURE_2_1.hex_of(9), 1.0)[1]
    y16 = to_pixel(FIGURE_2_1.hex_of(16), 1.0)[1]
    assert y9 > y1
    assert y16 == pytest.approx(y1)
    assert IdahexGrid.kind is OffsetKind.ODD_Q


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (6, (2, 3, 5, 7, 9, 10)),
        (1, (None, None, None, 2, None, 5)),
    ],
)
def test_rim_examples_seed000_s5_3(n: int, expected: tuple[int | None, ...]) -> None:
    """'the first rim cell of cell 6 is cell 2, the second is cell 3, the third is cell 5, the
    fourth is cell 7, the fifth is cell 9, and the sixth is cell 10; the fourth rim cell of
    cell 1 is cell 2, the sixth is cell 5, and the other rim cells of cell 1 do not exist'."""
    assert FIGURE_3_3.rim(n) == expected


def test_fifth_rim_cell_of_cell_14_is_17_seed000_s5_3() -> None:
    assert FIGURE_3_3.rim(14)[4] == 17


def test_rim_of_an_interior_cell_is_ordered_by_number_seed000_s5_3() -> None:
    """'They are ordered by number, from lowest to highest.'"""
    interior = [n for n in range(1, 61) if None not in FIGURE_2_1.rim(n)]
    assert interior
    for n in interior:
        rim = FIGURE_2_1.rim(n)
        assert list(rim) == sorted(m for m in rim if m is not None)


def test_rim_positions_follow_direction_codes() -> None:
    h = FIGURE_2_1.hex_of(12)
    assert FIGURE_2_1.rim(12) == tuple(FIGURE_2_1.cell_at(h.neighbor(d)) for d in Direction)


def test_rim_reports_inactive_cells_and_active_rim_hides_them() -> None:
    assert FIGURE_2_1.rim(7)[3] == 8  # the bottom cell exists
    assert FIGURE_2_1.active_rim(7)[3] is None


def test_the_neighborhood_is_the_cell_and_its_existing_rim_cells_seed000_s5_3() -> None:
    """'the fourth rim cell of cell 1 is cell 2, the sixth is cell 5, and the other rim cells
    of cell 1 do not exist': cell 1 and those two; an interior cell and all six of its rim,
    inactive cells included (what a side sees reaches them)."""
    assert FIGURE_3_3.neighborhood(1) == (1, 2, 5)
    assert FIGURE_3_3.neighborhood(6) == (6, 2, 3, 5, 7, 9, 10)
    assert 8 in FIGURE_2_1.neighborhood(7)  # the bottom cell exists


def test_incomplete_last_rank_ends_in_an_inactive_cell() -> None:
    """Read literally, the highest-numbered cell of the incomplete rank 9 (29, 30) is 30."""
    assert FIGURE_3_3.ranks == 9
    assert 30 in FIGURE_3_3.bottom_cells
    assert FIGURE_3_3.is_active(29)


@given(st.integers(min_value=1, max_value=60))
def test_cell_hex_round_trip(n: int) -> None:
    assert FIGURE_2_1.cell_at(FIGURE_2_1.hex_of(n)) == n


def test_every_cell_has_its_own_hex() -> None:
    assert len(set(FIGURE_2_1)) == len(FIGURE_2_1) == 60


def test_hexes_outside_the_area_of_war_have_no_cell() -> None:
    for h in (Hex(-1, 0), Hex(0, -1), Hex(0, 8), Hex(1, 7), Hex(8, -4)):
        assert FIGURE_2_1.cell_at(h) is None
        assert h not in FIGURE_2_1


def test_active_hexes_leave_out_inactive_cells() -> None:
    grid = IdahexGrid(60, 8, inactive=frozenset({1}))
    assert len(grid.active_hexes()) == 60 - 8 - 1
    assert grid.hex_of(1) not in grid.active_hexes()


@pytest.mark.parametrize(
    ("ncells", "nrank1", "inactive", "field"),
    [
        (0, 4, frozenset[int](), "ncells"),
        (30, 1, frozenset[int](), "nrank1"),
        (3, 4, frozenset[int](), "nrank1"),
        (30, 4, frozenset({31}), "inactive"),
    ],
)
def test_grid_validation_names_the_field_seed000_s10(
    ncells: int, nrank1: int, inactive: frozenset[int], field: str
) -> None:
    """nrank1: 'LB = 2, UB = ncells' (seed 000, glossary)."""
    with pytest.raises(InvalidInputError) as info:
        IdahexGrid(ncells, nrank1, inactive)
    assert [p.path for p in info.value.problems] == [field]


def test_grid_validation_reports_every_problem() -> None:
    with pytest.raises(InvalidInputError) as info:
        IdahexGrid(0, 1, frozenset({5}))
    assert [p.path for p in info.value.problems] == ["ncells", "nrank1", "inactive"]


# -- Aggressor ------------------------------------------------------------------------------

AGGRESSOR = AggressorGrid()
COLS = "ABCDEFGHIJKLMNOPQRSTU"
ROWS = "ABCDEFGHIJKLMNO"
aggressor_labels = st.builds(lambda c, r: f"@{c}{r}", st.sampled_from(COLS), st.sampled_from(ROWS))


def test_aggressor_map_has_21_columns_and_15_rows_seed003_map_board() -> None:
    assert len(AGGRESSOR) == len(set(AGGRESSOR)) == 315


def test_aggressor_corners_seed003_map_board() -> None:
    """'the bottom righthand hex on the map is @UO'; @AA is the top left. Column U, like A,
    sits high, so @UO is the bottom of the rightmost column (column T reaches lower)."""
    points = [to_pixel(h, 1.0) for h in AGGRESSOR]
    top_left = to_pixel(AGGRESSOR.parse("@AA"), 1.0)
    bottom_right = to_pixel(AGGRESSOR.parse("@UO"), 1.0)
    assert top_left == (min(x for x, _ in points), min(y for _, y in points))
    right_column = [y for x, y in points if x == bottom_right[0]]
    assert bottom_right == (max(x for x, _ in points), max(right_column))


@pytest.mark.parametrize(
    ("code", "label"),
    [(1, "@JG"), (2, "@JH"), (3, "@KG"), (4, "@KI"), (5, "@LG"), (6, "@LH")],
)
def test_key_codes_from_a_high_column_seed003(code: int, label: str) -> None:
    """Key codes 1..6 from @KH (column K, 11th, sits high; 'low shift' puts the even
    columns J and L half a hex lower)."""
    here = AGGRESSOR.parse("@KH")
    assert AGGRESSOR.label(here.neighbor(Direction.from_code(code))) == label


@pytest.mark.parametrize(
    ("code", "label"),
    [(1, "@AH"), (2, "@AI"), (3, "@BG"), (4, "@BI"), (5, "@CH"), (6, "@CI")],
)
def test_key_codes_from_a_low_column_seed003(code: int, label: str) -> None:
    here = AGGRESSOR.parse("@BH")
    assert AGGRESSOR.label(here.neighbor(Direction.from_code(code))) == label


@given(aggressor_labels)
def test_aggressor_label_round_trip(label: str) -> None:
    assert AGGRESSOR.label(AGGRESSOR.parse(label)) == label


def test_aggressor_hex_round_trip_over_all_hexes() -> None:
    for h in AGGRESSOR:
        assert AGGRESSOR.parse(AGGRESSOR.label(h)) == h


def test_aggressor_letters_in_either_case() -> None:
    assert AGGRESSOR.parse("@kh") == AGGRESSOR.parse("@KH")


@pytest.mark.parametrize(
    ("label", "rule"),
    [
        ("@VA", "column must be A..U"),
        ("@AP", "row must be A..O"),
        ("@@", "must be '@' \\+ column letter"),
        ("KH", "must be '@' \\+ column letter"),
        ("@KH1", "must be '@' \\+ column letter"),
        ("@1H", "column must be A..U"),
    ],
)
def test_bad_aggressor_labels_quote_label_and_rule(label: str, rule: str) -> None:
    with pytest.raises(InvalidInputError, match=rule) as info:
        AGGRESSOR.parse(label)
    assert repr(label) in str(info.value)


def test_aggressor_contains_only_its_hexes() -> None:
    assert AGGRESSOR.contains(AGGRESSOR.parse("@UO"))
    assert not AGGRESSOR.contains(AGGRESSOR.parse("@UO").neighbor(Direction.S))
    assert Hex(-1, 0) not in AGGRESSOR
    with pytest.raises(InvalidInputError, match="off the Aggressor map"):
        AGGRESSOR.label(Hex(-1, 0))


def test_aggressor_column_and_row_letters() -> None:
    h = AGGRESSOR.parse("@KH")
    assert (AGGRESSOR.column_of(h), AGGRESSOR.row_of(h)) == ("K", "H")


# -- air war --------------------------------------------------------------------------------

LARGE = AirwarBoard.large()
SMALL = AirwarBoard.small()
ROTATED = AirwarBoard.small_rotated()
BOARDS = [LARGE, SMALL, ROTATED]


def airwar_labels(board: AirwarBoard) -> st.SearchStrategy[str]:
    return st.builds(
        lambda c, r: f"{c}{r}",
        st.sampled_from(COLS),
        st.integers(min_value=1, max_value=board.rows),
    )


def test_board_sizes_seed001_s3() -> None:
    """'The smaller board has 25 rows of fields and 21 columns of fields. The larger board
    has 49 rows and 21 columns.'"""
    assert (LARGE.rows, LARGE.columns, len(LARGE)) == (49, 21, 1029)
    assert (SMALL.rows, SMALL.columns, len(SMALL)) == (25, 21, 525)
    assert (ROTATED.rows, ROTATED.columns, len(ROTATED)) == (25, 21, 525)
    assert all(len(set(b)) == len(b) for b in BOARDS)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.name)
@given(data=st.data())
def test_airwar_label_round_trip(board: AirwarBoard, data: st.DataObject) -> None:
    label = data.draw(airwar_labels(board))
    assert board.label(board.parse(label)) == label


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.name)
def test_airwar_hex_round_trip_over_all_fields(board: AirwarBoard) -> None:
    for h in board:
        assert board.parse(board.label(h)) == h


def test_standard_boards_are_pointy_top_with_odd_rows_shifted_right() -> None:
    assert LARGE.kind is OffsetKind.ODD_R
    a1 = LARGE.parse("A1")
    assert {LARGE.label(n) for n in a1.neighbors() if n in LARGE} == {"B1", "A2"}
    a2 = LARGE.parse("A2")
    assert {LARGE.label(n) for n in a2.neighbors() if n in LARGE} == {
        "A1",
        "B1",
        "B2",
        "A3",
        "B3",
    }


def test_rotation_keeps_adjacency_between_fields_seed001_s3() -> None:
    """'For an unequal game the boards are rotated one right angle': same fields, same
    neighbours, drawn flat-top."""
    assert ROTATED.kind is OffsetKind.ODD_Q
    for h in SMALL:
        label = SMALL.label(h)
        turned = ROTATED.parse(label)
        before = {SMALL.label(n) for n in h.neighbors() if n in SMALL}
        after = {ROTATED.label(n) for n in turned.neighbors() if n in ROTATED}
        assert before == after, label


def test_rotated_board_is_the_transposed_layout() -> None:
    for h in SMALL:
        assert ROTATED.parse(SMALL.label(h)) == Hex(h.r, h.q)


@pytest.mark.parametrize(("board", "middle"), [(LARGE, 25), (SMALL, 13)], ids=["large", "small"])
def test_middle_row_is_no_mans_land_seed001_s2_0(board: AirwarBoard, middle: int) -> None:
    """'The fields adjacent to the middle boundary belong to the territory of neither player
    and make up a region called no-man's-land.'"""
    regions = board.regions()
    assert {board.row_of(h) for h in regions["no_mans_land"]} == {middle}
    assert {board.row_of(h) for h in regions["territory_1"]} == set(range(1, middle))
    assert {board.row_of(h) for h in regions["territory_2"]} == set(
        range(middle + 1, board.rows + 1)
    )


@pytest.mark.parametrize("board", [LARGE, SMALL], ids=["large", "small"])
def test_territories_are_equal_and_disjoint_seed001_s2_0(board: AirwarBoard) -> None:
    """'the board is divided into two equal parts by a heavy dashed line in the middle'."""
    regions = board.regions()
    one, two, nml = regions["territory_1"], regions["territory_2"], regions["no_mans_land"]
    assert len(one) == len(two)
    assert one.isdisjoint(two)
    assert one.isdisjoint(nml)
    assert two.isdisjoint(nml)
    assert one | two | nml == set(board)


def test_rotated_board_bands_seed001_s3() -> None:
    """'Player A has territory in the middle nine horizontal rows of fields, and player B ...
    six horizontal rows of fields on each end of the board. The 4 horizontal rows one on each
    side of the two common boundary lines are no-man's-land.'"""
    regions = ROTATED.regions()
    assert {ROTATED.column_of(h) for h in regions["territory_a"]} == set("GHIJKLMNO")
    assert {ROTATED.column_of(h) for h in regions["territory_b"]} == set("ABCDEFPQRSTU")
    assert {ROTATED.column_of(h) for h in regions["no_mans_land"]} == set("FGOP")


def test_rotated_band_rows_are_horizontal_seed001_s3() -> None:
    """Each label column of the rotated board is a horizontal row on screen (flat-top)."""
    for column in "AFGU":
        ys = {round(to_pixel(ROTATED.parse(f"{column}{row}"), 1.0)[1], 6) for row in (1, 3, 5)}
        assert len(ys) == 1


def test_unknown_band_is_refused_listing_the_bands() -> None:
    with pytest.raises(InvalidInputError, match="territory_1"):
        LARGE.band("territory_a")


def test_k25_is_in_the_large_board_no_mans_land() -> None:
    assert LARGE.parse("K25") in LARGE.band("no_mans_land")
    assert (LARGE.column_of(LARGE.parse("K25")), LARGE.row_of(LARGE.parse("K25"))) == ("K", 25)


@pytest.mark.parametrize(
    ("board", "label", "rule"),
    [
        (LARGE, "V1", "column must be A..U"),
        (LARGE, "A50", "row must be 1..49"),
        (SMALL, "A26", "row must be 1..25"),
        (SMALL, "A0", "row must be 1..25"),
        (SMALL, "1A", "must be column letter"),
        (SMALL, "K", "must be column letter"),
        (SMALL, "", "must be column letter"),
    ],
    ids=["column", "row-large", "row-small", "row-zero", "swapped", "no-row", "empty"],
)
def test_bad_airwar_labels_quote_label_and_rule(board: AirwarBoard, label: str, rule: str) -> None:
    with pytest.raises(InvalidInputError, match=rule) as info:
        board.parse(label)
    assert repr(label) in str(info.value)


def test_airwar_label_off_the_board_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="off the small air war board"):
        SMALL.label(Hex(-1, 0))
