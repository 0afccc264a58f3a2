"""``hexwar idahex convert`` (seed 000 §9): card decks to scenario files and back, run through
the ruleset's own command group directly; invalid input exits 2 with located problems."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexwar.rulesets.idahex.cli import app
from hexwar.rulesets.idahex.design import read_file50, read_file60, sinai_dir
from hexwar.rulesets.idahex.scenario import IdahexScenario, sinai_scenario, to_toml
from hexwar.scenarios import load

runner = CliRunner()
FILE50 = sinai_dir() / "file50.txt"
FILE60 = sinai_dir() / "file60.txt"


def convert(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, ["convert", *map(str, args)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def sinai() -> IdahexScenario:
    return sinai_scenario()


@pytest.fixture
def sinai_toml(tmp_path: Path, sinai: IdahexScenario) -> Path:
    path = tmp_path / "sinai.toml"
    path.write_text(to_toml(sinai), encoding="utf-8")
    return path


def _damaged_deck(tmp_path: Path, line: int, card: str) -> Path:
    """The Sinai File 50 with card ``line`` (1-based) replaced."""
    deck = FILE50.read_text().splitlines()
    deck[line - 1] = card
    path = tmp_path / "file50.txt"
    path.write_text("\n".join(deck) + "\n")
    return path


# --- conversions -----------------------------------------------------------------------------


def test_cards_to_toml(tmp_path: Path, sinai: IdahexScenario) -> None:
    out = tmp_path / "sinai.toml"
    code, stdout, _ = convert(FILE50, FILE60, "-o", out)
    assert code == 0
    assert stdout == f"wrote {out} ({to_toml(sinai).count(chr(10))} lines)\n"
    scenario = load(out, IdahexScenario)
    assert scenario.title == "sinai"  # the deck's directory
    assert (scenario.design, scenario.maps) == (sinai.design, sinai.maps)


def test_cards_to_json_with_title_and_description(tmp_path: Path, sinai: IdahexScenario) -> None:
    out = tmp_path / "design.json"
    code, _, _ = convert(FILE50, FILE60, "-o", out, "--title", "Sinai", "--description", "d")
    assert code == 0
    scenario = load(out, IdahexScenario)
    assert (scenario.title, scenario.description) == ("Sinai", "d")
    assert scenario.design == sinai.design


def test_file50_alone_has_no_map_changes(tmp_path: Path) -> None:
    out = tmp_path / "design.toml"
    assert convert(FILE50, "-o", out)[0] == 0
    assert load(out, IdahexScenario).maps.cycles == ()


def test_toml_to_cards_reads_back_as_the_same_design(
    tmp_path: Path, sinai_toml: Path, sinai: IdahexScenario
) -> None:
    decks = tmp_path / "decks"
    code, stdout, _ = convert(sinai_toml, "-o", decks)
    assert code == 0
    assert re.fullmatch(
        rf"wrote {decks / 'file50.txt'} \(\d+ cards\)\nwrote {decks / 'file60.txt'} \(9 cards\)\n",
        stdout,
    )
    design = read_file50(decks / "file50.txt")
    assert design == sinai.design
    assert read_file60(decks / "file60.txt", file50=design) == sinai.maps


def test_cards_to_cards_rewrites_the_deck(tmp_path: Path) -> None:
    assert convert(FILE50, FILE60, "-o", tmp_path)[0] == 0
    assert (tmp_path / "file50.txt").read_text() != FILE50.read_text()  # re-laid out
    assert read_file50(tmp_path / "file50.txt") == read_file50(FILE50)


def test_toml_to_json_keeps_the_scenario(tmp_path: Path, sinai_toml: Path) -> None:
    out = tmp_path / "sinai.json"
    assert convert(sinai_toml, "-o", out, "--title", "Renamed")[0] == 0
    scenario = load(out, IdahexScenario)
    assert scenario == load(sinai_toml, IdahexScenario).model_copy(update={"title": "Renamed"})


# --- invalid input: exit 2, every problem located ------------------------------------------------


def test_non_numeric_field_names_the_card_and_group(tmp_path: Path) -> None:
    # seed 000 §9.1.1 group 3: read(50,2) ncells, nrank1 -- the third card
    deck = _damaged_deck(tmp_path, 3, "       1X5        12")
    code, stdout, stderr = convert(deck, FILE60, "-o", tmp_path / "out.toml")
    assert code == 2
    assert stdout == ""
    assert stderr.startswith(f"{deck}:3: group 3 (ncells): field 1: expected an integer")
    assert "Traceback" not in stderr
    assert not (tmp_path / "out.toml").exists()


def test_card_of_the_wrong_group_is_located(tmp_path: Path) -> None:
    # seed 000 §9.1.1 group 1 has two integers; a group 2 card (reals) in its place
    deck = _damaged_deck(tmp_path, 1, "         0     1000.       .25       1.0")
    code, _, stderr = convert(deck, "-o", tmp_path / "out.toml")
    assert code == 2
    assert re.search(rf"^{re.escape(str(deck))}:1: group 1( \(\w+\))?: ", stderr, re.MULTILINE)


def test_every_problem_is_listed_with_a_count(tmp_path: Path) -> None:
    deck = _damaged_deck(tmp_path, 3, "       1X5        1Y")
    code, _, stderr = convert(deck, "-o", tmp_path / "out.toml")
    assert code == 2
    lines = stderr.splitlines()
    assert lines[0].startswith(f"{deck}:3: group 3 (ncells): field 1:")
    assert lines[1].startswith(f"{deck}:3: group 3 (nrank1): field 2:")
    assert lines[-1] == f"{len(lines) - 1} problems"


def test_infinity_cannot_go_on_a_card_and_is_located(tmp_path: Path, sinai_toml: Path) -> None:
    text = sinai_toml.read_text(encoding="utf-8")
    text = text.replace("mrair = [0.0,", "mrair = [inf,", 1)
    sinai_toml.write_text(text, encoding="utf-8")
    line = next(n for n, s in enumerate(text.splitlines(), 1) if s.startswith("mrair = [inf"))
    code, _, stderr = convert(sinai_toml, "-o", tmp_path / "decks")
    assert code == 2
    assert stderr == (
        f"{sinai_toml}:{line}: design.mrair[0]: inf cannot be written on a card "
        "(a card number is finite)\n"
    )
    assert not (tmp_path / "decks").exists()
    assert convert(sinai_toml, "-o", tmp_path / "still.json")[0] == 0  # a scenario can hold it


def test_invalid_scenario_is_located(tmp_path: Path, sinai_toml: Path) -> None:
    text = sinai_toml.read_text(encoding="utf-8").replace("\nnenv = 4\n", "\nnenv = 5\n")
    sinai_toml.write_text(text, encoding="utf-8")
    code, _, stderr = convert(sinai_toml, "-o", tmp_path / "decks")
    assert code == 2
    assert re.search(r":\d+: design\.ename: has 4 entries, expected 5 \(nenv\)", stderr)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--title", "x"], "card decks hold no title or description"),
        (["extra.toml"], "give one scenario file, or a card deck"),
        ([str(FILE60), str(FILE60)], "a card deck is FILE50 [FILE60], got 3 files"),
    ],
)
def test_argument_mistakes_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    code, _, stderr = convert(FILE50, *args, "-o", tmp_path / "decks")
    assert code == 2
    assert message in stderr


def test_cards_into_an_existing_file_exit_2(tmp_path: Path, sinai_toml: Path) -> None:
    blocker = tmp_path / "decks"
    blocker.write_text("")
    code, _, stderr = convert(sinai_toml, "-o", blocker)
    assert code == 2
    assert f"-o {blocker}: is a file" in stderr


def test_missing_input_exits_2(tmp_path: Path) -> None:
    code, _, stderr = convert(tmp_path / "none.toml", "-o", tmp_path / "decks")
    assert code == 2
    assert stderr == f"{tmp_path / 'none.toml'}: cannot read: No such file or directory\n"
    code, _, stderr = convert(tmp_path / "none.txt", "-o", tmp_path / "x.toml")
    assert code == 2
    assert f"{tmp_path / 'none.txt'}: cannot read the card deck" in stderr


def test_help_describes_both_directions() -> None:
    result = runner.invoke(app, ["convert", "--help"])
    assert result.exit_code == 0
    text = " ".join(re.sub("[│╭╮╰╯─]", " ", result.stdout).split())  # no table borders
    assert "FILE50 [FILE60]" in text
    assert "OUT.toml or OUT.json: write a scenario file" in text
    assert "hexwar idahex convert sinai.toml -o decks/" in text
