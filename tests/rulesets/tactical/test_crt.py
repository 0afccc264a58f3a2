"""Seed 002, COMBAT RESULTS TABLE: the table as data, pro-rating, clamping, the calculator."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import numpy as np
import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.tactical.cli import odds_chances
from hexwar.rulesets.tactical.combat import NONE, RESULTS, combine, outcome_index, resolve_many
from hexwar.rulesets.tactical.tables import CRT_COLUMNS, sheet

from .test_crt_prorating import SEED_CRT

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


def _by_hand(ratio: float, draws: list[float]) -> list[int]:
    """Each draw's result index on the seed's rows (0 loss 3 ... 4 morale check, 5 none),
    pro-rated by hand between the two lines ``ratio`` falls between."""
    keys = [a / b for a, b, *_ in SEED_CRT]
    if ratio <= keys[0]:
        percent = SEED_CRT[0][2:]
    elif ratio >= keys[-1]:
        percent = SEED_CRT[-1][2:]
    else:
        i = max(k for k in range(len(keys)) if keys[k] <= ratio)
        w = (ratio - keys[i]) / (keys[i + 1] - keys[i])
        pairs = zip(SEED_CRT[i][2:], SEED_CRT[i + 1][2:], strict=True)
        percent = tuple(p + w * (q - p) for p, q in pairs)
    out = []
    for u in draws:
        acc, idx = 0.0, 5
        for j, p in enumerate(percent):
            acc += p / 100
            if u < acc:
                idx = j
                break
        out.append(idx)
    return out


LOSS = {0: 3, 1: 2, 2: 1}


# Seed 002, COMBAT RESULTS TABLE, the 3:1 row: loss 3, loss 2, loss 1, disruption, morale check.
ROW_3_1 = (0.0, 0.05, 0.15, 0.25, 0.30)


@pytest.mark.found_by_mutation
@pytest.mark.parametrize("i", range(len(SEED_CRT)))
def test_odds_exactly_on_a_crt_line_take_that_line_on_the_estimate_path(i: int) -> None:
    """COMBAT RESULTS TABLE: only odds *between* two lines are pro-rated; odds exactly on a line
    take its chances as printed (15:1: 35, 25, 25, 10, 5 %), in the computer player's estimate
    (``chances_at``) and the vectorised resolution's running sums, to the last bit."""
    a, b, *percent = SEED_CRT[i]
    chances = [p / 100 for p in percent]
    crt = sheet().crt
    assert [float(x) for x in crt.chances_at([a / b])[0]] == chances
    running = [float(c[0]) for c in crt.cumulative_columns([a / b])]
    assert running == pytest.approx(list(np.cumsum(chances)), abs=1e-15)


@pytest.mark.found_by_mutation
def test_odds_below_the_first_crt_line_take_the_first_line_on_every_path() -> None:
    """docs/rulings/tactical.md, Beyond the table: odds below 1:6 use the 1:6 line (no effect
    at all): 1:10 in the estimate, in the vectorised resolution's running sums and in the
    game's lookup -- not the line from 1:6 to 1:5 carried on below 1:6."""
    crt = sheet().crt
    assert [float(x) for x in crt.chances_at([0.1])[0]] == [0.0] * 5
    assert [float(c[0]) for c in crt.cumulative_columns([0.1])] == [0.0] * 5
    assert crt.describe(crt.lookup(1.0, 10.0)) == "1:6"


@pytest.mark.found_by_mutation
@pytest.mark.parametrize("rule", ["worst", "sum"])
def test_the_vectorised_resolution_gives_the_seeds_results_draw_by_draw(rule: str) -> None:
    """COMBAT RESULTS TABLE through ``resolve_many`` (every line, a quarter of the way between
    lines, beyond the last; units of 1 to 4 SPs): unit attack ``k`` makes one single attack per
    SP, on draw ``j`` of its row of draws (the generator's ``random(n)`` once per single attack
    ``j``); each single result is read off the seed's rows by hand, and the net result is the
    most severe (``worst``: loss 3 is 3 SPs, a disruption or morale check only on its own) or
    the SPs added up with any disruption or morale check (``sum``). The draws past a unit's
    SPs count for nothing, even on the 10:1 line whose chances add up to 105 %."""
    keys = [a / b for a, b, *_ in SEED_CRT]
    ratios = keys + [k + (n - k) / 4 for k, n in itertools.pairwise(keys)] + [40.0]
    sps = [1 + k % 4 for k in range(len(ratios))]
    loss, dis, mc = resolve_many(ratios, sps, np.random.default_rng(22), rule)
    again = np.random.default_rng(22)
    rows = [again.random(len(ratios)) for _ in range(max(sps))]
    expected = []
    for k, (ratio, n) in enumerate(zip(ratios, sps, strict=True)):
        single = _by_hand(ratio, [float(rows[j][k]) for j in range(n)])
        if rule == "worst":
            worst = min(single)
            expected.append((LOSS.get(worst, 0), worst == 3, worst == 4))
        else:
            expected.append((sum(LOSS.get(i, 0) for i in single), 3 in single, 4 in single))
    assert list(zip(loss.tolist(), dis.tolist(), mc.tolist(), strict=True)) == expected
    # The draws reach every kind of result, so each is checked above.
    assert {3, 0} <= set(loss.tolist())
    assert any(dis)
    assert any(mc)
    assert not all(mc)


@pytest.mark.found_by_mutation
def test_the_vectorised_resolution_of_no_attacks_is_empty() -> None:
    """``resolve_many`` of no unit attacks: no results (and no draw)."""
    loss, dis, mc = resolve_many([], [], np.random.default_rng(1))
    assert (len(loss), len(dis), len(mc)) == (0, 0, 0)


@pytest.mark.found_by_mutation
def test_odds_beyond_the_last_crt_row_use_that_row_on_every_path() -> None:
    """COMBAT RESULTS TABLE: the last row is 30:1 (loss 3 90%, loss 2 10%); odds beyond it
    (40:1) use that row, in the vectorised resolution (``cumulative_columns``, what
    ``resolve_many`` draws against: 90%, then 100%) and the computer player's estimate
    (``chances_at``), as in the game's own lookup."""
    crt = sheet().crt
    last = [0.9, 0.1, 0.0, 0.0, 0.0]
    assert list(crt.chances_at([40.0])[0]) == pytest.approx(last, abs=1e-12)
    cumulative = [float(c[0]) for c in crt.cumulative_columns([40.0])]
    assert cumulative == pytest.approx([0.9, 1.0, 1.0, 1.0, 1.0], abs=1e-12)
    found = crt.lookup(40.0, 1.0)
    assert [found.values[c] for c in RESULTS[:NONE]] == pytest.approx(last, abs=1e-12)


@pytest.mark.found_at_call_site
def test_vectorised_sum_rule_disrupts_as_often_as_the_table_says() -> None:
    """COMBAT RESULTS TABLE, the sum rule through ``resolve_many`` (the computer player's
    resolution): three single attacks at 3:1 disrupt unless none draws disruption:
    1 - (1 - 0.25)^3 = 0.578."""
    assert sheet().crt.chances_at(3.0) == pytest.approx(ROW_3_1)
    n = 200_000
    _, dis, _ = resolve_many(np.full(n, 3.0), np.full(n, 3), np.random.default_rng(6), "sum")
    assert dis.mean() == pytest.approx(1 - 0.75**3, abs=0.005)


@pytest.mark.found_at_call_site
def test_vectorised_unit_with_fewer_sps_draws_only_its_own_attacks() -> None:
    """COMBAT: one draw per SP. A 1-SP unit resolved beside 3-SP units makes a single attack at
    3:1: a 2-SP loss with chance 0.05, a 1-SP loss with chance 0.15, never 3."""
    n = 200_000
    sps = np.tile([1, 3], n // 2)
    loss, _, _ = resolve_many(np.full(n, 3.0), sps, np.random.default_rng(7), "worst")
    single = loss[sps == 1]
    assert (single == 3).mean() == 0.0
    assert (single == 2).mean() == pytest.approx(0.05, abs=0.004)
    assert (single == 1).mean() == pytest.approx(0.15, abs=0.005)
