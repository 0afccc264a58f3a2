"""Validation through the whole engine (docs/validation.md): a design from the builder with
one weapon type per side, no ``frdval`` scaling, full intensity (``TI = 1``) and no supplies,
played by ``hexwar run``, follows the discrete Lanchester square law frame by frame.

Seed 000 §5.1: 'Attrition is essentially a Lanchester square process ... The quantity
destroyed in one frame is katk(i,j,k) = tframe * katk(i,j,k).' With one weapon type a side,
every factor of §5.1.1 at 1, ``frinv = freff = 1`` (§5.4), the ``frdval`` step skipped
(§5.1.3, 'If temp < 0, this step is skipped') and ``TI = 1``, a frame takes

    A' = A - b D,   D' = D - a A,   a = tframe * katk(Red),  b = tframe * kdef(Blue),

so ``a A**2 - b D**2`` is multiplied by ``1 - a b`` each frame (the discrete invariant). The
expected values below are computed from these two lines, never from the engine.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexwar.cli.main import app
from hexwar.rulesets.idahex.builder import SmallDesign, lanchester_duel
from hexwar.rulesets.idahex.design import File50
from hexwar.rulesets.idahex.scenario import to_toml

RED_RATE, BLUE_RATE = 0.02, 0.03  # enemy weapons killed per weapon and day
TFRAME = 0.25
A0, D0 = 100.0, 40.0
FRAMES = 12


def duel() -> SmallDesign:
    """Red's 100 rifles in cell 2 attack Blue's 40 in cell 6 (next to it)."""
    return lanchester_duel(RED_RATE, BLUE_RATE, TFRAME, A0, D0)


def lanchester(frames: int) -> list[tuple[float, float]]:
    a, b = TFRAME * RED_RATE, TFRAME * BLUE_RATE
    out = [(A0, D0)]
    for _ in range(frames):
        x, y = out[-1]
        out.append((x - b * y, y - a * x))
    return out


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[float, float]]:
    """Red and Blue strengths after each frame, from ``hexwar run --json --max-steps k``:
    one decision a frame (tpd = tframe); Red is the computer commander, Blue holds."""
    path: Path = tmp_path_factory.mktemp("validation") / "duel.toml"
    path.write_text(to_toml(duel().scenario()), encoding="utf-8")
    runner = CliRunner()
    out = []
    for k in range(1, FRAMES + 1):
        args = ["run", str(path), "--seed", "1", "--agent", "red=ai", "--agent", "blue=hold"]
        result = runner.invoke(app, [*args, "--json", "--max-steps", str(k)])
        assert result.exit_code == 0, result.output
        sides = json.loads(result.stdout)["summary"]["sides"]
        red, blue = (sides[s]["units"][0]["resources"][0] for s in ("red", "blue"))
        out.append((red, blue))
    return out


def test_5_1_both_strengths_follow_the_discrete_square_law(
    frames: list[tuple[float, float]],
) -> None:
    expected = lanchester(FRAMES)[1:]
    for n, ((a, d), (ea, ed)) in enumerate(zip(frames, expected, strict=True), start=1):
        assert a == pytest.approx(ea, abs=1e-6), f"frame {n}: Red"
        assert d == pytest.approx(ed, abs=1e-6), f"frame {n}: Blue"


def test_5_1_the_square_law_invariant_shrinks_by_1_minus_ab_a_frame(
    frames: list[tuple[float, float]],
) -> None:
    a, b = TFRAME * RED_RATE, TFRAME * BLUE_RATE
    invariant = [a * x * x - b * y * y for x, y in [(A0, D0), *frames]]
    for n in range(1, len(invariant)):
        assert invariant[n] == pytest.approx(invariant[n - 1] * (1 - a * b), rel=1e-6)


def test_builder_design_is_a_valid_scenario_with_its_choices_in_the_file() -> None:
    """docs/idahex.md, 'Small designs': the chosen weapons, kill rates and postures are in the
    file, and every other datum is written out too (the full File 50)."""
    design = tomllib.loads(to_toml(duel().scenario()))["design"]
    assert design["rsname"] == [[["rifle", ""]], [["rifle", ""]]]
    assert design["katk"] == design["kdef"] == [[[RED_RATE]], [[BLUE_RATE]]]
    assert design["npost"] == [2, 1, 1, 1]
    assert design["frdval_fatk"] == [[-1.0] * 7]  # no scaling (§5.4.5, temp < 0)
    assert design["td"] == [design["depth"]]  # a tactical zone a cell deep: TI = 1
    assert set(design) == set(File50.model_fields)  # every datum of File 50, written out
