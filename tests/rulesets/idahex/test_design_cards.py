"""File 50 and File 60 card images (seed 000, §9): the reader, the writer and the Sinai sample."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwar.core.errors import ScenarioError
from hexwar.rulesets.idahex.design import (
    CycleMaps,
    File50,
    File60,
    MapChange,
    format_real,
    load_sinai,
    missing_routes,
    read_file50,
    read_file60,
    sinai_dir,
    write_file50,
    write_file60,
)
from hexwar.rulesets.idahex.design.cards import CARD_WIDTH


@pytest.fixture(scope="module")
def sinai() -> tuple[File50, File60]:
    return load_sinai()


@pytest.fixture(scope="module")
def f50(sinai: tuple[File50, File60]) -> File50:
    return sinai[0]


@pytest.fixture(scope="module")
def deck() -> list[str]:
    return (sinai_dir() / "file50.txt").read_text().splitlines()


def _card_of(deck: list[str], group: int) -> int:
    """Line number (1-based) of the first card of ``group`` (its code after column 80)."""
    for n, line in enumerate(deck, 1):
        if line[CARD_WIDTH:].strip() == f"{group:02d}":
            return n
    raise AssertionError(f"no card carries group code {group}")


def _problems(text: str, name: str = "file50.txt") -> list[str]:
    with pytest.raises(ScenarioError) as info:
        read_file50(text, name=name)
    return [str(p) for p in info.value.problems]


# --- the Sinai sample loads ------------------------------------------------------------------


def test_sinai_file50_and_file60_load_without_errors(sinai: tuple[File50, File60]) -> None:
    # seed 000 §9.2: the complete example, transcribed and repaired (docs/rulings/idahex.md)
    f50, f60 = sinai
    assert f50.ncells == 115
    assert len(f60.cycles) == 2


def test_every_card_fits_80_columns_and_every_group_is_coded(deck: list[str]) -> None:
    # seed 000 §9.2: 80-column card images, each group's number at the end of its first line
    codes = {line[CARD_WIDTH:].strip() for line in deck if len(line) > CARD_WIDTH}
    assert codes == {f"{g:02d}" for g in range(1, 94)}
    assert all("\t" not in line[:CARD_WIDTH] for line in deck)


# --- spot checks against the manual's text -------------------------------------------------


def test_sinai_area_of_war(f50: File50) -> None:
    # seed 000 §9.2.1 groups 3-13: 115 cells, 12 in the first rank; four environments, six
    # routes, two barriers
    assert (f50.ncells, f50.nrank1) == (115, 12)
    assert f50.ename == ("clear", "open desert", "rough", "urban")
    assert [(x.code, x.name) for x in f50.ename0][:2] == [
        (2, "open desert"),
        (3, "hilly or mountainous"),
    ]
    assert f50.rname[3] == "loose sand, no roads"
    assert f50.bname == ("Suez Canal", "impassable")
    assert f50.depth == 15.0
    assert f50.grid().ranks == 10


def test_sinai_basic_environment_examples(f50: File50) -> None:
    # seed 000 §9.2.1 group 7: "56 4" (urban), "1 0" (inactive), cells never listed inactive
    env = f50.environment_of()
    assert env[56] == 4
    assert env[1] == 0
    assert env[13] == 0
    assert not f50.grid().is_active(13)


def test_sinai_routes_interleave_route_and_barrier(f50: File50) -> None:
    # seed 000 §9.2.1 group 14, card "27 1 0 4 1 4 1": the Suez Canal (barrier 1) lies
    # between cell 27 and its right-hand successors
    card = next(r for r in f50.basic_routes if r.cell == 27)
    assert card.basic_rtetype == (1, 4, 4)
    assert card.basic_bartype == (0, 1, 1)
    # cell 38's second card, at the end of the group, is the one IDAHEX keeps
    last_38 = [r for r in f50.basic_routes if r.cell == 38][-1]
    assert last_38.basic_rtetype == (1, 1, 4)


def test_sinai_route_gaps_are_listed(f50: File50) -> None:
    # seed 000 §9.2.1 group 14 prints no route for these adjacent active pairs
    assert missing_routes(f50) == [(2, 3), (2, 14), (33, 45), (34, 45), (56, 68)]


def test_sinai_forces(f50: File50) -> None:
    # seed 000 §9.2.1 groups 16-19: iblul 150, two name words, eight unit types; Red has
    # nine resource types, Blue eight
    assert (f50.iblul, f50.nsyl, f50.nutype) == (150, 2, 8)
    assert f50.npost == (2, 1, 1, 1)
    assert f50.itrfp == 11
    assert (f50.nggwep, f50.ngawep, f50.npers) == ((4, 4), (1, 0), (1, 1))
    assert (f50.nrs, f50.nmat, f50.nsp) == ((9, 8), (8, 7), (3, 3))
    assert f50.flag == (1, 1, 1, 1, 1, 2, 2, 2)
    assert f50.rsname[1][4] == ("trans", "-port")


def test_sinai_unit_22(f50: File50) -> None:
    # seed 000 §9.2.1 group 25: "22 22ND MDT RIFLE / 1 55 10 -2.5 / 155 34 30 12 4 195. 75 105
    # / 2550"
    unit = next(u for u in f50.units if u.number == 22)
    assert unit.buname == "22ND MDT RIFLE"
    assert (unit.butype, unit.buloc, unit.bupost, unit.tentry) == (1, 55, 10, -2.5)
    assert unit.resources == (155, 34, 30, 12, 4, 195, 75, 105, 2550)


def test_sinai_long_unit_names_keep_nsyl_words(f50: File50) -> None:
    # seed 000 §9.1.1 group 25 reads nsyl = 2 words of 8 characters
    assert next(u for u in f50.units if u.number == 50).buname == "RED TRANSPORT UN"


def test_sinai_red_numbers_below_blue(f50: File50) -> None:
    # seed 000 §2.2: every Red unit number is below every Blue one
    red = [u.number for u in f50.units if f50.unit_side(u) == 1]
    blue = [u.number for u in f50.units if f50.unit_side(u) == 2]
    assert (len(red), len(blue)) == (19, 12)
    assert max(red) < min(blue) == f50.iblul


def test_sinai_ownership(f50: File50) -> None:
    # seed 000 §9.2.1 group 26: cells 1-35 Red, the rest Blue, with cells 43-46, 55, 56 Red
    own = f50.owners()
    assert [own[c] for c in (35, 36, 43, 56, 57)] == [1, 2, 1, 1, 2]


def test_sinai_movement_rates(f50: File50) -> None:
    # seed 000 §9.2.1 group 32: unit type 1 crosses the canal in .25, its rates by route type
    assert f50.bdelay[0] == ((0.25, 100.0),)
    assert f50.mr[0] == ((250.0, 220.0, 148.0, 75.0, 40.0, 4.0),)
    assert f50.mr[7] == ((480.0, 450.0, 268.0, 85.0, 55.0, 25.0),)


def test_sinai_transition_times(f50: File50) -> None:
    # seed 000 §9.2.1 group 28: 10 -> 11 takes .16667, 11 -> 10 takes .041667
    assert f50.ptran[0] == ((0.0, 0.16667), (0.041667, 0.0))


def test_sinai_combat_offsets(f50: File50) -> None:
    # seed 000 §9.1.1 group 41 with npost = (2, 1, 1, 1) and no changes: 10, 11, 20, 40 get
    # offsets 1-4; kap = 4, kdp = 3
    table = f50.poff_table
    assert [table[p] for p in (10, 11, 20, 40, 49)] == [1, 2, 3, 4, 4]
    assert (f50.kap, f50.kdp) == (4, 3)


def test_sinai_combat_supplies_pointers(f50: File50) -> None:
    # seed 000 §9.2.1 group 40: pointers 1-4 for Red postures 10, 11, 20, 40; 5-8 for Blue
    red, blue = f50.combat_supplies
    assert [(e.posture, e.mapps) for e in red] == [(10, 1), (11, 2), (20, 3), (40, 4)]
    assert [(e.posture, e.mapps) for e in blue] == [(10, 5), (11, 6), (20, 7), (40, 8)]
    assert blue[2].ssvact[0][2] == 1.5  # "01.5": tanks, ammunition, posture 20
    assert red[0].ssvact[0] == (0, 0, 2.75, 0, 0, 0, 0, 0, 0.02)


def test_sinai_skipped_first_field(f50: File50) -> None:
    # seed 000 §9.1.1 groups 64 and 66 use format (10x, 7f10.0): the leading "0" is skipped
    assert f50.frdval_x == (0.5, 1.0, 2.0, 3.0, 4.0, 5.0, 50.0)
    assert f50.vfeba_fr == (1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 50.0)
    assert f50.frinv_x == ((0.25, 0.5, 0.75, 1.0, 1.0, 1.0), (0.25, 0.5, 0.75, 1.0, 1.0, 1.0))


def test_sinai_feba_velocity(f50: File50) -> None:
    # seed 000 §9.2.1 group 65: "40 11 / -15.0 1.0 2.0 3.0 4.0 7.0 9.0 11.0" for Red
    red, blue = f50.vfeba
    assert (red[0].attacker, red[0].defender, red[0].f0) == (40, 11, -15.0)
    assert red[0].f == (1.0, 2.0, 3.0, 4.0, 7.0, 9.0, 11.0)
    assert [(v.attacker, v.defender) for v in blue] == [(40, 10), (40, 11)]


def test_sinai_air_and_retreat(f50: File50) -> None:
    # seed 000 §9.2.1 groups 78, 86, 93: Red one aircraft type and weapon, Blue three each;
    # preferred retreat directions 1 (Red, west) and 5 (Blue, east)
    assert (f50.nactyp, f50.nagwep) == ((1, 3), (1, 3))
    assert f50.agload == (((6.2,),), ((0.9, 1.8, 0.75), (0.19, 0.45, 0.2), (0.12, 0.25, 0.15)))
    assert f50.haven_pthome == (1, 5)


def test_sinai_file60_maps_by_cycle(sinai: tuple[File50, File60]) -> None:
    # seed 000 §9.2.2: cycle 1 maps basic environment 1 to 2 and route 3 to 4; cycle 2 puts
    # route 3 back
    f60 = sinai[1]
    assert f60.maps_at(1) == ({1: 2}, {3: 4}, {})
    assert f60.maps_at(2) == ({1: 2}, {3: 3}, {})
    assert f60.maps_at(5) == f60.maps_at(2)


# --- located errors -------------------------------------------------------------------------


def test_non_numeric_field_names_card_group_and_field(deck: list[str]) -> None:
    # seed 000 §9.1.1 group 32 reads mr with format (8f10.0)
    first = _card_of(deck, 32)
    mr_card = first + 1  # bdelay, then mr for unit type 1
    line = deck[mr_card - 1]
    deck2 = list(deck)
    deck2[mr_card - 1] = line[:20] + "1A".rjust(10) + line[30:]
    problems = _problems("\n".join(deck2))
    assert problems == [
        f"file50.txt:{mr_card}: group 32 (mr): field 3: expected a number, got '1A'"
    ]


def test_card_in_the_wrong_group_is_located(deck: list[str]) -> None:
    # the depth card (group 15) moved in front of group 14's first card
    g14, g15 = _card_of(deck, 14), _card_of(deck, 15)
    deck2 = list(deck)
    depth = deck2.pop(g15 - 1)
    deck2.insert(g14 - 1, depth)
    problems = _problems("\n".join(deck2))
    assert problems[0] == (
        f"file50.txt:{g14}: group 14 ([basic_rtetype], [basic_bartype]): field 1: "
        "expected an integer, got '15.0'"
    )


def test_card_with_data_the_group_does_not_read(deck: list[str]) -> None:
    # group 60 reads one value; deleting its card makes it read group 61's eight
    g60 = _card_of(deck, 60)
    deck2 = deck[: g60 - 1] + deck[g60:]
    problems = _problems("\n".join(deck2))
    assert problems[0].startswith(
        f"file50.txt:{g60}: group 60: field 2 (columns 11-20): '.05' is not read by group 60"
    )


def test_several_errors_are_reported_at_once(deck: list[str]) -> None:
    g2, g58 = _card_of(deck, 2), _card_of(deck, 58)
    deck2 = list(deck)
    deck2[g2 - 1] = "         0      1O00" + deck2[g2 - 1][20:]
    deck2[g58 - 1] = "         5         S" + deck2[g58 - 1][20:]
    problems = _problems("\n".join(deck2))
    assert problems == [
        f"file50.txt:{g2}: group 2 (tend): field 2: expected a number, got '1O00'",
        f"file50.txt:{g58}: group 58 (td): field 2: expected a number, got 'S'",
    ]


def test_glossary_bound_is_located(deck: list[str]) -> None:
    # glossary: febad < 1 (group 60)
    g60 = _card_of(deck, 60)
    deck2 = list(deck)
    deck2[g60 - 1] = "       1.5"
    problems = _problems("\n".join(deck2))
    assert problems == [
        f"file50.txt:{g60}: group 60 (febad): field 1: Input should be less than 1 (got 1.5)"
    ]


def test_cross_group_bounds_are_located(deck: list[str]) -> None:
    # glossary: tframe <= tpd (group 2); unit numbers: Red below iblul (groups 16, 25)
    g2, g16 = _card_of(deck, 2), _card_of(deck, 16)
    deck2 = list(deck)
    deck2[g2 - 1] = "".join(v.rjust(10) for v in ("0", "1000.", "2.0", "1.0", ".5", ".1"))
    deck2[g16 - 1] = "".join(v.rjust(10) for v in ("40", "2", "8"))
    problems = _problems("\n".join(deck2))
    assert (
        problems[0] == f"file50.txt:{g2}: group 2 (tframe): field 3: must be <= tpd (0.5), got 2.0"
    )
    assert (
        f"file50.txt:{g16}: group 16 (iblul): field 1: must be the lowest Blue unit number "
        "(150), got 40" in problems
    )
    assert any(
        p.endswith("group 25 (buname): field 1: Red unit numbers must be < iblul (40)")
        for p in problems
    )


def test_unit_in_an_inactive_cell_is_located(deck: list[str]) -> None:
    # seed 000 §2.1: no unit can enter an inactive cell; unit 2's status card is group 25's 2nd
    status = _card_of(deck, 25) + 1
    deck2 = list(deck)
    deck2[status - 1] = "".join(v.rjust(10) for v in ("1", "13", "10", "-10."))
    problems = _problems("\n".join(deck2))
    assert problems == [
        f"file50.txt:{status}: group 25 (buloc): field 2: cell 13 is inactive "
        "(§2.1: no unit may enter it)"
    ]


def test_prohibited_resource_must_be_zero(deck: list[str]) -> None:
    # seed 000 §2.2.2: a unit may not hold a resource type its type's iars omits (unit 37,
    # type 4, may not have artillery, resource 4)
    n = next(i for i, line in enumerate(deck, 1) if line.startswith("   37     RED AAA REG"))
    deck2 = list(deck)
    deck2[n + 1] = deck2[n + 1][:30] + "3".rjust(10) + deck2[n + 1][40:]
    (problem,) = _problems("\n".join(deck2))
    assert problem.startswith(
        f"file50.txt:{n + 2}: group 25 ([resources]): field 4: unit type 4 may not"
    )


def test_truncated_file_says_what_is_missing(deck: list[str]) -> None:
    g93 = _card_of(deck, 93)
    problems = _problems("\n".join(deck[: g93 - 1]))
    assert problems == [
        f"file50.txt:{g93 - 1}: group 93: the file ends here, but group 93 (its data) is still "
        "being read: cards are missing"
    ]


def test_extra_cards_after_group_93(deck: list[str]) -> None:
    problems = _problems("\n".join([*deck, "         1"]))
    assert problems == [
        f"file50.txt:{len(deck) + 1}: group 93: File 50 ends with group 93, but 1 more card(s) "
        "follow: a card out of place?"
    ]


def test_file60_checked_against_file50(f50: File50) -> None:
    # glossary: envmap(i) is 1..nenv
    text = "         1         9\n        -9\n        -9\n        -9\n"
    with pytest.raises(ScenarioError) as info:
        read_file60(text, name="file60.txt", file50=f50)
    assert str(info.value.problems[0]) == (
        "file60.txt:1: group 94 (envmap): field 2: must be 1..4 (env types), got 9"
    )


def test_file60_stops_at_end_of_file() -> None:
    # seed 000 §9.1.2: read(60,2,end=5): the file may end inside a cycle
    f60 = read_file60("         1         2\n        -9\n         3         4\n")
    assert len(f60.cycles) == 1
    assert f60.cycles[0].rtemap[0].actual == 4
    assert f60.cycles[0].barmap == ()
    assert read_file60("").cycles == ()


# --- writer ---------------------------------------------------------------------------------


def test_file50_round_trip(f50: File50) -> None:
    text = write_file50(f50)
    again = read_file50(text)
    assert again == f50
    assert write_file50(again) == text


def test_file60_round_trip(sinai: tuple[File50, File60]) -> None:
    text = write_file60(sinai[1])
    assert read_file60(text) == sinai[1]
    assert write_file60(File60()) == ""


def test_writer_codes_each_group_after_column_80(f50: File50) -> None:
    lines = write_file50(f50).splitlines()
    assert lines[0] == "       100         2".ljust(CARD_WIDTH) + " 01"
    assert all(
        len(line) <= CARD_WIDTH or re.fullmatch(r" \d\d", line[CARD_WIDTH:]) for line in lines
    )


def test_writer_output_of_a_changed_model_reads_back(f50: File50) -> None:
    changed = f50.model_copy(update={"tend": 250.5, "febad": 0.875})
    assert read_file50(write_file50(changed)) == changed


_CARD_NUMBER = st.from_regex(r"-?(\d{1,4}\.\d{0,4}|\.\d{1,7}|\d{1,8})", fullmatch=True)


@given(_CARD_NUMBER)
def test_format_real_round_trips_every_card_number(text: str) -> None:
    # any value a card can hold is written back exactly, within 10 columns
    value = float(text)
    out = format_real(value)
    assert len(out) <= 10
    assert float(out) == value


@given(st.floats(min_value=-1e8, max_value=1e8, allow_nan=False))
def test_format_real_always_fits(value: float) -> None:
    out = format_real(value)
    assert len(out) <= 10
    assert float(out) == pytest.approx(value, rel=1e-6, abs=1e-7)


def test_sinai_files_exist_in_the_package() -> None:
    assert (sinai_dir() / "file50.txt").is_file()
    assert (sinai_dir() / "file60.txt").is_file()
    assert isinstance(sinai_dir(), Path)


def test_file50_json_round_trip(f50: File50) -> None:
    # the models are the interchange form for other formats (strict JSON mode)
    assert File50.model_validate_json(f50.model_dump_json()) == f50


_CHANGES = st.lists(
    st.builds(MapChange, basic=st.integers(1, 99999), actual=st.integers(-999, 99999)), max_size=4
).map(tuple)


@given(
    st.lists(st.builds(CycleMaps, envmap=_CHANGES, rtemap=_CHANGES, barmap=_CHANGES), max_size=4)
)
def test_file60_round_trip_property(cycles: list[CycleMaps]) -> None:
    # seed 000 §9.1.2: whatever the changes, the written cards read back as the same model
    f60 = File60(cycles=tuple(cycles))
    assert read_file60(write_file60(f60)) == f60


def test_writer_refuses_a_name_that_does_not_fit(f50: File50) -> None:
    long_name = f50.model_copy(update={"ename": ("x" * 49, *f50.ename[1:])})
    with pytest.raises(ValueError, match="longer than 48 characters"):
        write_file50(long_name)


def test_file60_map_that_breaks_a_file50_cell(f50: File50) -> None:
    # §2.1: rtemap(2) = 7 is in range for no route; cells 3 and 4 (among others) have route 2
    text = "        -9\n         2         7\n        -9\n        -9\n"
    with pytest.raises(ScenarioError) as info:
        read_file60(text, name="file60.txt", file50=f50)
    first = str(info.value.problems[0])
    assert first == "file60.txt:2: group 95 (rtemap): field 2: must be 1..6 (rte types), got 7"
    assert "File 50: [basic_rtetype]: cycle 1: cell 3: route to cell 4: rtemap(2) = 7" in str(
        info.value
    )
