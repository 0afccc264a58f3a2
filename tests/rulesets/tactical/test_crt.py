"""Seed 002, COMBAT RESULTS TABLE: the table as data, pro-rating, clamping, the calculator."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.tactical.cli import odds_chances
from hexwar.rulesets.tactical.combat import NONE, combine, outcome_index, resolve_many
from hexwar.rulesets.tactical.tables import CRT_COLUMNS, sheet

SHEET_ROWS = [  # the sheet's seventeen lines, A B C D E F G, copied from the seed
    (1, 6, 0, 0, 0, 0, 0), (1, 5, 0, 0, 0, 0, 5), (1, 4, 0, 0, 0, 5, 5),
    (1, 3, 0, 0, 0, 5, 10), (1, 2, 0, 0, 5, 10, 10), (2, 3, 0, 0, 5, 10, 20),
    (1, 1, 0, 0, 10, 15, 20), (3, 2, 0, 0, 10, 20, 25), (2, 1, 0, 0, 15, 25, 25),
    (3, 1, 0, 5, 15, 25, 30), (4, 1, 0, 10, 20, 30, 30), (5, 1, 5, 15, 20, 35, 20),
    (10, 1, 10, 25, 25, 25, 20), (15, 1, 35, 25, 25, 10, 5), (20, 1, 60, 25, 15, 0, 0),
    (25, 1, 75, 25, 0, 0, 0), (30, 1, 90, 10, 0, 0, 0),
]  # fmt: skip


def test_crt_data_file_transcribes_every_row_of_the_sheet() -> None:
    crt = sheet().crt
    got = [(a, b, *p) for a, b, p in zip(crt.attack, crt.defense, crt.percent, strict=True)]
    assert got == SHEET_ROWS


@pytest.mark.parametrize("row", SHEET_ROWS, ids=lambda r: f"{r[0]}:{r[1]}")
def test_calculator_reproduces_every_crt_row_exactly(row: tuple[int, ...]) -> None:
    """COMBAT RESULTS TABLE: at a listed odds the chances are the row's, columns C..G."""
    a, b, *percent = row
    chances = odds_chances(a, b)
    assert [chances[c] for c in CRT_COLUMNS] == pytest.approx([p / 100 for p in percent], abs=1e-12)


@pytest.mark.parametrize("scale", [1, 2, 7])
def test_rows_depend_only_on_the_odds(scale: int) -> None:
    """COMBAT RESULTS TABLE, columns A and B: 6 vs 2 is the 3:1 line."""
    assert odds_chances(3 * scale, scale) == odds_chances(3, 1)


def test_eleven_vs_four_falls_between_two_to_one_and_three_to_one_in_every_column() -> None:
    """The sheet's footnote example: 11 vs 4 is lower than 3 vs 1 and higher than 2 vs 1."""
    lo, mid, hi = odds_chances(2, 1), odds_chances(11, 4), odds_chances(3, 1)
    for c in CRT_COLUMNS:
        assert min(lo[c], hi[c]) <= mid[c] <= max(lo[c], hi[c])
    assert sum(lo.values()) < sum(mid.values()) < sum(hi.values())
    # 2.75 is three quarters of the way from 2:1 to 3:1 (docs/rulings/tactical.md)
    assert mid == pytest.approx({c: lo[c] + 0.75 * (hi[c] - lo[c]) for c in CRT_COLUMNS})
    assert mid["loss_2"] == pytest.approx(0.0375)
    assert mid["morale_check"] == pytest.approx(0.2875)


def test_odds_beyond_the_table_use_the_first_and_last_rows() -> None:
    """COMBAT RESULTS TABLE: clamped below 1:6 and above 30:1 (and against no defense)."""
    assert odds_chances(1, 60) == odds_chances(1, 6)
    assert odds_chances(100, 1) == odds_chances(30, 1)
    assert odds_chances(5, 0) == odds_chances(30, 1)


def test_calculator_refuses_negative_strengths_naming_the_argument() -> None:
    with pytest.raises(InvalidInputError, match="DEFENSE must be a finite number"):
        odds_chances(3, -1)


def test_single_attack_draw_takes_the_columns_in_order() -> None:
    """COMBAT RESULTS TABLE columns C..G, then no effect."""
    chances = [0.1, 0.2, 0.3, 0.1, 0.1]
    assert outcome_index(chances, 0.05) == 0
    assert outcome_index(chances, 0.25) == 1
    assert outcome_index(chances, 0.59) == 2
    assert outcome_index(chances, 0.65) == 3
    assert outcome_index(chances, 0.75) == 4
    assert outcome_index(chances, 0.85) == NONE


def test_net_result_worst_keeps_the_most_severe_single_result() -> None:
    """'conducts a number of attacks equal to the unit's SPs ... determines the net result':
    the default combination rule (docs/rulings/tactical.md)."""
    net = combine([NONE, 2, 4, 3], "worst")
    assert (net.loss, net.disruption, net.morale_check) == (1, False, False)
    net = combine([NONE, 4, 3], "worst")
    assert (net.loss, net.disruption, net.morale_check) == (0, True, False)


def test_net_result_sum_adds_losses_and_keeps_any_disruption_or_check() -> None:
    net = combine([1, 2, 4, 3], "sum")
    assert (net.loss, net.disruption, net.morale_check) == (3, True, True)


@pytest.mark.parametrize("rule", ["worst", "sum"])
def test_vectorised_resolution_matches_the_single_attack_rule(rule: str) -> None:
    """COMBAT RESULTS TABLE: a 3-SP unit at 3:1 resolved many times agrees with the exact
    distribution of the combination rule."""
    n = 200_000
    loss, dis, mc = resolve_many(np.full(n, 3.0), np.full(n, 3), np.random.default_rng(5), rule)
    p = np.array(sheet().crt.percent[9]) / 100  # 3:1
    if rule == "worst":
        cum = np.cumsum(p)
        at_most = 1 - (1 - cum) ** 3
        exact_loss2 = at_most[1] - at_most[0]
        assert (loss == 2).mean() == pytest.approx(exact_loss2, abs=0.005)
        assert dis.mean() == pytest.approx(at_most[3] - at_most[2], abs=0.005)
    else:
        assert loss.mean() == pytest.approx(3 * (2 * p[1] + p[2]), abs=0.01)
        assert mc.mean() == pytest.approx(1 - (1 - p[4]) ** 3, abs=0.005)


def test_cli_odds_json_prints_the_five_chances() -> None:
    """Issue item 12: ``hexwar tactical odds ATTACK DEFENSE --json``."""
    out = subprocess.run(
        [sys.executable, "-m", "hexwar", "tactical", "odds", "11", "4", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    data = json.loads(out)
    assert list(data) == ["loss_3", "loss_2", "loss_1", "disruption", "morale_check"]
    assert all(0 <= p <= 1 for p in data.values())
    assert data == pytest.approx(odds_chances(11, 4))


def test_cli_odds_exits_2_on_bad_input_without_a_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "hexwar", "tactical", "odds", "0", "0"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "cannot both be 0" in proc.stderr
    assert "Traceback" not in proc.stderr
