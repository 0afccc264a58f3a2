"""Design data that ``hexwar validate`` refuses at its line, naming the field and the rule
(seed 000 §9.1, §10; rulings in docs/rulings/idahex.md). Each was accepted silently before
(issue 43, validation)."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexwar.cli.main import app
from hexwar.rulesets.idahex.design import sinai_dir
from hexwar.rulesets.idahex.scenario import IdahexScenario
from hexwar.scenarios import load

SCENARIOS = resources.files("hexwar.rulesets.idahex") / "scenarios"
DUEL = (SCENARIOS / "duel.toml").read_text(encoding="utf-8")
runner = CliRunner()


def _duel_with(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    """The bundled duel design with the line starting ``old`` changed to ``new``; the file and
    that line's number."""
    lines = DUEL.splitlines()
    (n,) = [i for i, line in enumerate(lines) if line.startswith(old)]
    lines[n] = new
    path = tmp_path / "duel.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, n + 1


def _refused(path: Path) -> str:
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output


MAGNITUDE_RULE = (
    "is beyond the magnitude the design data may have (1e+15; rule: docs/rulings/idahex.md, "
    "'Magnitudes')"
)


def test_magnitudes_an_integer_of_400_zeros_in_a_real_field_is_not_read_as_never(
    refused_by_validate_and_run: Callable[[Path, str], None], tmp_path: Path
) -> None:
    """Group 2's ``delta`` = 10**400 written out: as a real it is +inf, which the field takes
    as "never"; the magnitude bound (1e15) applies to the number as written."""
    path, line = _duel_with(tmp_path, "delta = ", f"delta = {10**400}")
    refused_by_validate_and_run(
        path, f"{path}:{line}: design.delta: an integer of 401 digits {MAGNITUDE_RULE}"
    )


@pytest.mark.parametrize(
    ("key", "value"),
    [("iprint", 10**400), ("ncells", 10**16), ("nrank1", -(10**20))],
    ids=["iprint-10**400", "ncells-10**16", "nrank1-minus-10**20"],
)
def test_magnitudes_an_integer_field_beyond_the_bound_is_refused(
    tmp_path: Path, key: str, value: int
) -> None:
    """The bound holds for the integers of File 50 as for its reals (``ncells`` = 10**16 would
    have the checks walk 10**16 cells)."""
    path, line = _duel_with(tmp_path, f"{key} = ", f"{key} = {value}")
    digits = len(str(abs(value)))
    assert f"{path}:{line}: design.{key}: an integer of {digits} digits {MAGNITUDE_RULE}" in (
        _refused(path)
    )


def test_magnitudes_an_integer_at_the_bound_is_taken(tmp_path: Path) -> None:
    """'at most 1e15': 10**15 written as an integer is a real of 1e15, taken."""
    path, _ = _duel_with(tmp_path, "delta = ", f"delta = {10**15}")
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0


def test_2_2_2_a_resource_type_listed_twice_in_iars_is_refused_naming_the_set_rule(
    tmp_path: Path,
) -> None:
    """§2.2.2: nrst(i) is 'the number of different types of resources a unit of type i can
    have', so iars(*,i) is a set; the message names the section (it named no rule before)."""
    lines = DUEL.splitlines()
    line = lines.index("iars = [") + 2
    assert lines[line - 1] == "    [1, 2],"
    lines[line - 1] = "    [1, 1],"
    path = tmp_path / "duel.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert (
        f"{path}:{line}: design.iars[0][1]: resource type 1 is listed twice: iars(*,1) is a set "
        "(§2.2.2, 'nrst(i), the number of different types of resources a unit of type i can "
        "have')"
    ) in _refused(path)


def test_repeated_assignment_cards_are_not_sets_and_the_last_one_wins(tmp_path: Path) -> None:
    """Ruling 'Sets and repeated cards': group 7 assigns [basic_env](i) card by card, so a cell
    given twice is accepted and its last card wins (as the Sinai deck's two group 14 cards for
    cell 38 need)."""
    path, _ = _duel_with(
        tmp_path, "    { cell = 14, basic_env = 1 },", "    { cell = 3, basic_env = -1 },"
    )
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0
    design = load(path, IdahexScenario).design
    assert design.environment_of()[3] == -1


def test_magnitudes_a_card_real_of_1e400_is_refused_at_its_card_and_field(tmp_path: Path) -> None:
    """A File 50 card has no infinity (F10.0); '1E400' overflowed to +inf and was taken as
    tend = 'never'. Now it is refused at card 2, group 2, field 2 (tend)."""
    cards = (sinai_dir() / "file50.txt").read_text(encoding="ascii").split("\n")
    assert cards[1][10:20] == "     1000."
    cards[1] = cards[1][:10] + "     1E400" + cards[1][20:]
    deck = tmp_path / "file50.txt"
    deck.write_text("\n".join(cards), encoding="ascii")
    assert (
        f"{deck}:2: group 2 (tend): field 2: '1E400' {MAGNITUDE_RULE[:-1]}; a card number is "
        "finite)"
    ) in _refused(deck)


def test_idahex_new_names_each_inconsistency_without_pydantics_value_error_prefix(
    tmp_path: Path,
) -> None:
    """``hexwar idahex new --depth 1e300`` printed one line 'Value error, inconsistent File 50
    data: ...'; each problem is now its own line, at its field, naming the rule."""
    out = tmp_path / "new.toml"
    args = (
        "idahex new --cells 8 --rank 4 --border 4 --weapons red=rifle --weapons blue=rifle "
        "--kill red=0.01 --kill blue=0.01 --unit red@1=rifle:10 --unit blue@6=rifle:10 "
        "--depth 1e300 --out"
    )
    result = runner.invoke(app, [*args.split(), str(out)])
    assert result.exit_code == 2
    assert "Value error" not in result.output
    assert f"depth: 1e+300 {MAGNITUDE_RULE}" in result.output.splitlines()
    assert f"td[0]: 1e+300 {MAGNITUDE_RULE}" in result.output.splitlines()
    assert not out.exists()
