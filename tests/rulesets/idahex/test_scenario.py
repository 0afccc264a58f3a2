"""The IDAHEX scenario file (seed 000 §9): TOML written from the card decks and back, the
bundled Sinai scenario, and problems located in the TOML file."""

from __future__ import annotations

import json
import math
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from hexwar.core.errors import ScenarioError
from hexwar.rulesets.idahex.design import (
    MAGNITUDE,
    CycleMaps,
    File60,
    MapChange,
    read_file50,
    sinai_dir,
)
from hexwar.rulesets.idahex.scenario import (
    SINAI_TITLE,
    IdahexScenario,
    card_problems,
    claim_card_deck,
    deck_title,
    from_cards,
    read_card_deck,
    sinai_scenario,
    to_cards,
    to_toml,
)
from hexwar.scenarios import load, load_document, validate

SINAI_TOML = Path(__file__).resolve().parents[3] / "src/hexwar/rulesets/idahex/scenarios/sinai.toml"
REGENERATE = (
    'regenerate it: python -c "from hexwar.rulesets.idahex.scenario import sinai_scenario, '
    "to_toml; print(to_toml(sinai_scenario()), end='')\" > "
    "src/hexwar/rulesets/idahex/scenarios/sinai.toml"
)


@pytest.fixture(scope="module")
def sinai() -> IdahexScenario:
    return sinai_scenario()


@pytest.fixture(scope="module")
def sinai_text(sinai: IdahexScenario) -> str:
    return to_toml(sinai)


def _problems(text: str, name: str = "s.toml") -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        validate(load_document(text, name=name), IdahexScenario)
    return [str(p) for p in caught.value.problems]


def _line_of(text: str, pattern: str) -> int:
    """Line (1-based) of the first line matching ``pattern``."""
    for n, line in enumerate(text.splitlines(), 1):
        if re.search(pattern, line):
            return n
    raise AssertionError(f"no line matches {pattern!r}")


# --- the bundled scenario ----------------------------------------------------------------------


def test_bundled_sinai_equals_the_card_decks(sinai: IdahexScenario) -> None:
    # seed 000 §9.2: the TOML scenario is the sample decks, converted; it can never drift
    assert load(SINAI_TOML, IdahexScenario) == sinai, REGENERATE


def test_bundled_sinai_is_exactly_what_the_converter_writes(sinai_text: str) -> None:
    assert SINAI_TOML.read_text(encoding="utf-8") == sinai_text, REGENERATE


def test_bundled_sinai_names_its_ruleset_and_title() -> None:
    data = tomllib.loads(SINAI_TOML.read_text(encoding="utf-8"))
    assert data["ruleset"] == "idahex"
    assert data["title"] == SINAI_TITLE
    assert data["design"]["ncells"] == 115


# --- round trips -------------------------------------------------------------------------------


def test_cards_to_toml_to_model_gives_the_cards_model(sinai: IdahexScenario) -> None:
    back = validate(load_document(to_toml(sinai), name="sinai.toml"), IdahexScenario)
    assert back == sinai
    assert back.design == read_file50(sinai_dir() / "file50.txt")


def test_toml_to_cards_to_model_gives_the_same_model(sinai: IdahexScenario, tmp_path: Path) -> None:
    scenario = load(SINAI_TOML, IdahexScenario)
    file50, file60 = to_cards(scenario)
    (tmp_path / "file50.txt").write_text(file50)
    (tmp_path / "file60.txt").write_text(file60)
    back = from_cards(
        tmp_path / "file50.txt",
        tmp_path / "file60.txt",
        title=scenario.title,
        description=scenario.description,
    )
    assert back == scenario


def test_a_scenario_without_map_changes_round_trips(sinai: IdahexScenario) -> None:
    bare = sinai.model_copy(update={"maps": File60(), "description": "two\nlines"})
    text = to_toml(bare)
    assert "cycles = []" in text
    assert validate(load_document(text), IdahexScenario) == bare
    assert to_cards(bare)[1] == ""


def test_infinite_delays_round_trip_through_toml(sinai: IdahexScenario) -> None:
    # docs/rulings/idahex.md "Infinite design data": ptran = inf forbids a posture change
    ptran = [list(map(list, m)) for m in sinai.design.ptran]
    ptran[0][0][1] = math.inf
    bdelay = [list(map(list, m)) for m in sinai.design.bdelay]
    bdelay[0][0][1] = math.inf
    design = sinai.design.model_copy(
        update={
            "ptran": tuple(tuple(map(tuple, m)) for m in ptran),
            "bdelay": tuple(tuple(map(tuple, m)) for m in bdelay),
        }
    )
    scenario = sinai.model_copy(update={"design": design})
    text = to_toml(scenario)
    assert re.search(r"^ +\[0\.0, inf\],$", text, re.MULTILINE)
    assert re.search(r"^ +\[\[0\.25, inf\]\],$", text, re.MULTILINE)
    back = validate(load_document(text), IdahexScenario)
    assert back.design.ptran[0][0][1] == math.inf
    assert back.design.bdelay[0][0][1] == math.inf
    assert back == validate(load_document(to_toml(back)), IdahexScenario)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(
    rates=st.lists(
        # every float the design data take: up to the magnitude bound, and +inf ("never")
        st.floats(min_value=0, max_value=MAGNITUDE, allow_subnormal=True) | st.just(math.inf),
        min_size=8,
        max_size=8,
    ),
    cycles=st.lists(
        st.builds(
            CycleMaps,
            envmap=st.lists(
                st.builds(MapChange, basic=st.integers(1, 4), actual=st.integers(1, 4)),
                max_size=3,
            ).map(tuple),
            rtemap=st.lists(
                st.builds(MapChange, basic=st.integers(1, 6), actual=st.integers(1, 6)),
                max_size=3,
            ).map(tuple),
        ),
        max_size=3,
    ),
)
def test_every_float_and_map_change_round_trips_through_toml(
    sinai: IdahexScenario, rates: list[float], cycles: list[CycleMaps]
) -> None:
    base = sinai
    design = base.design.model_copy(update={"mrair": tuple(rates)})
    scenario = base.model_copy(update={"design": design, "maps": File60(cycles=tuple(cycles))})
    assert validate(load_document(to_toml(scenario)), IdahexScenario) == scenario


# --- what the cards cannot hold ------------------------------------------------------------------


def test_cards_refuse_infinity_at_its_key_path(sinai: IdahexScenario) -> None:
    mrair = (math.inf, *sinai.design.mrair[1:])
    scenario = sinai.model_copy(update={"design": sinai.design.model_copy(update={"mrair": mrair})})
    assert card_problems(scenario) == [
        (("design", "mrair", 0), "inf cannot be written on a card (a card number is finite)")
    ]
    with pytest.raises(ScenarioError, match=r"design\.mrair\[0\]: inf cannot be written"):
        to_cards(scenario)


def test_cards_refuse_a_unit_number_wider_than_five_columns(sinai: IdahexScenario) -> None:
    units = (sinai.design.units[0].model_copy(update={"number": 123456}), *sinai.design.units[1:])
    scenario = sinai.model_copy(update={"design": sinai.design.model_copy(update={"units": units})})
    assert card_problems(scenario) == [
        (("design", "units", 0, "number"), "123456 does not fit in a 5-column card field")
    ]


# --- problems in a TOML scenario are located --------------------------------------------------


def test_wrong_value_deep_in_a_matrix_is_at_its_line(sinai_text: str) -> None:
    line = _line_of(sinai_text, r"^fckar = ") + 3  # "[", "# Red", "[", first row
    lines = sinai_text.splitlines()
    assert lines[line - 1].strip() == "[1.0, 1.0, 1.0, 1.0],"
    lines[line - 1] = '        [1.0, 1.0, "one", 1.0],'
    assert _problems("\n".join(lines)) == [
        f's.toml:{line}: design.fckar[0][0][2]: Input should be a valid number (got "one")'
    ]


def test_a_number_where_a_row_of_a_matrix_should_be_is_at_its_line(sinai_text: str) -> None:
    """Group 32, bdelay[unit type][movement posture][barrier type]: the first unit type's row
    given as the number 0.25 is refused at its line, as not a row."""
    line = _line_of(sinai_text, r"^bdelay = ") + 1
    lines = sinai_text.splitlines()
    assert lines[line - 1].strip() == "[[0.25, 100.0]],"
    lines[line - 1] = "    [0.25],"
    assert _problems("\n".join(lines)) == [
        f"s.toml:{line}: design.bdelay[0][0]: must be a row of values (got 0.25)"
    ]


def test_cross_group_problems_are_each_at_their_line(sinai_text: str) -> None:
    # seed 000 §9.1.1 group 5 / group 6: ename holds nenv names
    text = sinai_text.replace("\nnenv = 4\n", "\nnenv = 5\n")
    problems = _problems(text)
    ename = _line_of(text, r"^ename = ")
    assert f"s.toml:{ename}: design.ename: has 4 entries, expected 5 (nenv)" in problems
    assert all(re.match(r"s\.toml:\d+: design\.", p) for p in problems)


def test_map_change_that_breaks_the_design_is_at_its_line(sinai_text: str) -> None:
    # seed 000 §10: envmap(i) is 1..nenv
    text = sinai_text.replace(
        "envmap = [{ basic = 1, actual = 2 }]", "envmap = [{ basic = 1, actual = 9 }]"
    )
    line = _line_of(text, r"actual = 9")
    assert (
        f"s.toml:{line}: maps.cycles[0].envmap[0].actual: must be 1..4 (env types), got 9"
        in _problems(text)
    )


def test_maps_are_checked_against_the_design_without_the_loader(sinai: IdahexScenario) -> None:
    data = sinai.model_dump(mode="json")
    data["maps"]["cycles"][0]["envmap"][0]["actual"] = 9
    with pytest.raises(ValidationError, match=r"maps\.cycles\[0\]\.envmap\[0\]\.actual"):
        IdahexScenario.model_validate_json(json.dumps(data))


# --- card decks ----------------------------------------------------------------------------------


def test_from_cards_reports_both_decks_problems(tmp_path: Path) -> None:
    deck = (sinai_dir() / "file50.txt").read_text().splitlines()
    deck[2] = "       1X5        12"  # group 3: ncells
    (tmp_path / "f50.txt").write_text("\n".join(deck) + "\n")
    (tmp_path / "f60.txt").write_text("         1         X\n")
    with pytest.raises(ScenarioError) as caught:
        from_cards(tmp_path / "f50.txt", tmp_path / "f60.txt", title="t")
    text = [str(p) for p in caught.value.problems]
    assert text[0].startswith(f"{tmp_path / 'f50.txt'}:3: group 3 (ncells): field 1:")
    assert text[-1].startswith(f"{tmp_path / 'f60.txt'}:1: group 94 (envmap): field 2:")


def test_from_cards_names_a_missing_deck(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"nothing\.txt: cannot read the card deck"):
        from_cards(tmp_path / "nothing.txt", None, title="t")


def test_the_sinai_decks_are_claimed_as_one_deck(tmp_path: Path) -> None:
    f50, f60 = sinai_dir() / "file50.txt", sinai_dir() / "file60.txt"
    assert claim_card_deck([f50, f60]) == 2
    assert claim_card_deck([f50]) == 1
    assert claim_card_deck([f50, f50, f60]) == 1  # a second File 50 starts another deck
    assert claim_card_deck([f60, f50]) == 0  # File 60 alone is no deck
    assert claim_card_deck([SINAI_TOML]) == 0
    assert claim_card_deck([tmp_path / "missing.txt"]) == 0


def test_a_damaged_first_card_is_still_claimed_for_the_reader_to_report(tmp_path: Path) -> None:
    deck = (sinai_dir() / "file50.txt").read_text().splitlines()
    deck[0] = "       100         2       .25"  # a field group 1 does not read
    (tmp_path / "file50.txt").write_text("\n".join(deck) + "\n")
    assert claim_card_deck([tmp_path / "file50.txt", sinai_dir() / "file60.txt"]) == 2


def test_read_card_deck_titles_by_directory_and_counts_files() -> None:
    f50, f60 = sinai_dir() / "file50.txt", sinai_dir() / "file60.txt"
    assert deck_title(f50) == "sinai"
    scenario = read_card_deck([f50, f60])
    assert scenario.title == "sinai"
    assert scenario.maps == sinai_scenario().maps
    with pytest.raises(ScenarioError, match="File 50 and optionally File 60"):
        read_card_deck([f50, f60, f60])
