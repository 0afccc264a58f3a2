"""``hexwar idahex weapon-values``: the designer's calculator of seed 000 §5.1.2.

The oracle is the hand-computed 2 x 2 engagement of ``test_values.py``: ``A = [[0,1],[2,1]]``,
``D = [[1,0],[1,2]]``; ``AD = [[1,2],[3,2]]`` has Perron root 4, so ``alpha = delta = 2``,
``va = (1, 1.5)``, ``vd = D va / 2 = (.5, 2)``; with ``wa = (2, 2)`` and ``wd = (4, 1)``,
``FR = 5 / 4`` and ``FR2 = FR**2 = 1.5625``.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from typer.testing import CliRunner

from hexwar.cli.main import app

runner = CliRunner()

A = [[0, 1], [2, 1]]
D = [[1, 0], [1, 2]]
WA = [2, 2]
WD = [4, 1]
KEYS = {"va", "vd", "alpha", "delta", "fr", "fr2"}


def write(tmp_path: Path, name: str, content: object) -> Path:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return path


def invoke(tmp_path: Path, a: object = A, d: object = D, *extra: str) -> list[str]:
    return [
        "idahex",
        "weapon-values",
        "--attack-kills",
        str(write(tmp_path, "A.json", a)),
        "--defense-kills",
        str(write(tmp_path, "D.json", d)),
        *extra,
    ]


def holdings(tmp_path: Path, wa: object = WA, wd: object = WD) -> list[str]:
    return [
        "--attack-holdings",
        str(write(tmp_path, "wa.json", wa)),
        "--defense-holdings",
        str(write(tmp_path, "wd.json", wd)),
    ]


def test_text_output_hand_computed(tmp_path: Path) -> None:
    # §5.1.2, Holter's scaling (iv): alpha = delta = 2, va(kw = 1) = 1.
    result = runner.invoke(app, invoke(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.stdout == "va     1 1.5\nvd     0.5 2\nalpha  2\ndelta  2\n"


def test_text_output_with_holdings_prints_fr_and_fr2(tmp_path: Path) -> None:
    # §5.1.2: FR = <va, wa> / <vd, wd> = 5 / 4, FR2 = FR**2 > 1: the attackers dominate.
    result = runner.invoke(app, invoke(tmp_path, A, D, *holdings(tmp_path)))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[4] == "FR     1.25"
    assert lines[5] == "FR2    1.5625  (the attackers dominate: FR2 > 1)"


def test_text_output_says_when_the_attackers_do_not_dominate(tmp_path: Path) -> None:
    # wa = (1, 1), wd = (4, 1): FR = 2.5 / 4 < 1.
    result = runner.invoke(app, invoke(tmp_path, A, D, *holdings(tmp_path, [1, 1], WD)))
    assert result.exit_code == 0, result.output
    assert "FR     0.625\n" in result.stdout
    assert "(the attackers do not dominate: FR2 <= 1)" in result.stdout


def test_json_output_has_exactly_the_keys(tmp_path: Path) -> None:
    result = runner.invoke(app, invoke(tmp_path, A, D, "--json", *holdings(tmp_path)))
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert set(out) == KEYS
    np.testing.assert_allclose(out["va"], [1.0, 1.5], rtol=1e-12)
    np.testing.assert_allclose(out["vd"], [0.5, 2.0], rtol=1e-12)
    assert out["alpha"] == pytest.approx(2.0)
    assert out["delta"] == out["alpha"]
    assert out["fr"] == pytest.approx(1.25)
    assert out["fr2"] == pytest.approx(1.5625)


def test_json_without_holdings_gives_null_force_ratios(tmp_path: Path) -> None:
    result = runner.invoke(app, invoke(tmp_path, A, D, "--json"))
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert set(out) == KEYS
    assert out["fr"] is None
    assert out["fr2"] is None


def test_json_worthless_defenders_give_the_string_inf(tmp_path: Path) -> None:
    # D = 0: the defenders kill nothing and are worth 0 (§5.1.2 rulings); FR = <va,wa>/0.
    result = runner.invoke(
        app, invoke(tmp_path, [[1]], [[0]], "--json", *holdings(tmp_path, [3], [5]))
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert (out["fr"], out["fr2"]) == ("inf", "inf")
    assert out["vd"] == [0.0]


@pytest.mark.slow
@settings(
    max_examples=40,
    deadline=None,  # each example runs the CLI: its time varies with the machine's load
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.integers(1, 4), st.integers(1, 4), st.data())
def test_json_values_satisfy_equations_1_and_2(
    tmp_path: Path, m: int, n: int, data: st.DataObject
) -> None:
    # §5.1.2 eqs. (1) and (2) through the command line: the printed values (JSON keeps every
    # bit of a float) solve alpha va = A vd and delta vd = D va, and FR = sqrt(FR2).
    a = data.draw(hnp.arrays(np.float64, (m, n), elements=st.floats(0.01, 100.0)))
    d = data.draw(hnp.arrays(np.float64, (n, m), elements=st.floats(0.01, 100.0)))
    wa = data.draw(hnp.arrays(np.float64, m, elements=st.floats(0.1, 100.0)))
    wd = data.draw(hnp.arrays(np.float64, n, elements=st.floats(0.1, 100.0)))
    args = invoke(
        tmp_path, a.tolist(), d.tolist(), "--json", *holdings(tmp_path, wa.tolist(), wd.tolist())
    )
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    va, vd = np.array(out["va"]), np.array(out["vd"])
    scale = max(float(np.max(a @ vd)), float(np.max(d @ va)))
    assert np.max(np.abs(out["alpha"] * va - a @ vd)) < 1e-9 * scale
    assert np.max(np.abs(out["delta"] * vd - d @ va)) < 1e-9 * scale
    assert out["fr"] == pytest.approx(math.sqrt(out["fr2"]), rel=1e-12)


# -- invalid input: exit 2, the file and the problem, no traceback ----------------------------


def assert_refused(result: object, *fragments: str) -> None:
    assert result.exit_code == 2, result.output  # type: ignore[attr-defined]
    err = result.stderr  # type: ignore[attr-defined]
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in err, err
    assert result.stdout == ""  # type: ignore[attr-defined]


def test_refuses_a_missing_file(tmp_path: Path) -> None:
    args = ["idahex", "weapon-values", "--attack-kills", str(tmp_path / "none.json")]
    args += ["--defense-kills", str(write(tmp_path, "D.json", D))]
    result = runner.invoke(app, args)
    assert_refused(result, f"{tmp_path / 'none.json'}: cannot read")


def test_refuses_bad_json_naming_the_line(tmp_path: Path) -> None:
    result = runner.invoke(app, invoke(tmp_path, "[[0, 1],\n [2, 1]", D))
    assert_refused(result, "A.json:2: not valid JSON")


def test_refuses_json_nested_too_deeply(tmp_path: Path) -> None:
    # issue 15: json.loads raised RecursionError on a matrix nested 5,000 deep.
    result = runner.invoke(app, invoke(tmp_path, "[" * 5000 + "]" * 5000, D))
    assert_refused(result, "A.json: not usable JSON: nested too deeply")


def test_refuses_nan_which_is_no_json_number(tmp_path: Path) -> None:
    result = runner.invoke(app, invoke(tmp_path, A, "[[NaN, 0], [1, 2]]"))
    assert_refused(result, "D.json: not valid JSON: NaN is not a JSON number")


@pytest.mark.parametrize(
    ("a", "fragment"),
    [
        ({"A": A}, "A.json: A must be a nonempty JSON list of rows"),
        ([], "A.json: A must be a nonempty JSON list of rows"),
        ([1, 2], "A.json: A must be a nonempty JSON list of rows"),
        ([[0, 1], [2]], "A.json: A row 2 has 1 entry, row 1 has 2: A must be a rectangular"),
        ([[0, 1], []], "A.json: A row 2 is empty"),
        ([[0, "x"], [2, 1]], 'A.json: A(1,2) = "x": not a number'),
        ([[0, True], [2, 1]], "A.json: A(1,2) = true: not a number"),
        ([[0, 1], [-2, 1]], "A.json: A(2,1) = -2: a kill rate must be >= 0 (§5.1.2)"),
    ],
)
def test_refuses_a_bad_attack_matrix(tmp_path: Path, a: object, fragment: str) -> None:
    assert_refused(runner.invoke(app, invoke(tmp_path, a, D)), fragment)


def test_refuses_a_defense_matrix_of_the_wrong_shape(tmp_path: Path) -> None:
    # §5.1.2: A is m x n and D is n x m.
    result = runner.invoke(app, invoke(tmp_path, [[0, 1, 1], [2, 1, 1]], D))
    assert_refused(result, "D.json: D is 2 x 2; it must be 3 x 2 (n x m) since A in")


def test_refuses_holdings_of_the_wrong_length(tmp_path: Path) -> None:
    result = runner.invoke(app, invoke(tmp_path, A, D, *holdings(tmp_path, [1, 2, 3], WD)))
    assert_refused(result, "wa.json: wa has 3 amounts; the attackers' weapon types number 2")


def test_refuses_negative_holdings(tmp_path: Path) -> None:
    result = runner.invoke(app, invoke(tmp_path, A, D, *holdings(tmp_path, WA, [4, -1])))
    assert_refused(result, "wd.json: wd(2) = -1: an amount must be >= 0")


def test_refuses_holdings_that_are_not_a_list(tmp_path: Path) -> None:
    result = runner.invoke(app, invoke(tmp_path, A, D, *holdings(tmp_path, WA, {"wd": WD})))
    assert_refused(result, "wd.json: wd must be a JSON list of amounts")


def test_refuses_one_holding_without_the_other(tmp_path: Path) -> None:
    wa = write(tmp_path, "wa.json", WA)
    result = runner.invoke(app, invoke(tmp_path, A, D, "--attack-holdings", str(wa)))
    assert_refused(result, "holdings come in pairs")


def test_refuses_an_undefined_force_ratio(tmp_path: Path) -> None:
    # §5.1.2 rulings: <va, wa> = <vd, wd> = 0 leaves FR = 0/0 undefined.
    result = runner.invoke(app, invoke(tmp_path, [[1]], [[0]], *holdings(tmp_path, [0], [5])))
    assert_refused(result, "wa.json, ", "wd.json: force ratio undefined")


def test_help_names_the_section_and_the_json_keys() -> None:
    result = runner.invoke(app, ["idahex", "weapon-values", "--help"])
    assert result.exit_code == 0
    assert "§5.1.2" in result.stdout
    assert "--attack-holdings" in result.stdout
    assert "alpha, delta, fr and fr2" in " ".join(result.stdout.split())
