"""COMBAT RESULTS TABLE pro-rating between EVERY pair of adjacent rows, through every path that
resolves or estimates combat (seed 002, COMBAT RESULTS TABLE and its footnote: odds between
two lines are pro-rated, as 11 vs 4 between 2:1 and 3:1).

The expected chances are worked by hand from the seed's rows, typed here from the sheet: a
quarter of the way from row ``i`` to row ``i + 1`` (in the ratio A/B) the chance of each
column is ``0.75 * row_i + 0.25 * row_(i+1)``. The paths: the game's own attack (``fire``:
``Crt.lookup``, its receipt's CRT line and every single-attack result from its recorded draw),
the vectorised resolution (``cumulative_columns``, used by ``resolve_many``) and the computer
player's estimate (``chances_at``).
"""

from __future__ import annotations

import numpy as np
import pytest

from hexwar.rulesets.tactical.combat import NONE, RESULTS
from hexwar.rulesets.tactical.tables import sheet

from .conftest import make_game

# Seed 002, COMBAT RESULTS TABLE: A, B, then C..G (% chances of loss 3, loss 2, loss 1,
# disruption, morale check).
SEED_CRT = [
    (1, 6, 0, 0, 0, 0, 0), (1, 5, 0, 0, 0, 0, 5), (1, 4, 0, 0, 0, 5, 5),
    (1, 3, 0, 0, 0, 5, 10), (1, 2, 0, 0, 5, 10, 10), (2, 3, 0, 0, 5, 10, 20),
    (1, 1, 0, 0, 10, 15, 20), (3, 2, 0, 0, 10, 20, 25), (2, 1, 0, 0, 15, 25, 25),
    (3, 1, 0, 5, 15, 25, 30), (4, 1, 0, 10, 20, 30, 30), (5, 1, 5, 15, 20, 35, 20),
    (10, 1, 10, 25, 25, 25, 20), (15, 1, 35, 25, 25, 10, 5), (20, 1, 60, 25, 15, 0, 0),
    (25, 1, 75, 25, 0, 0, 0), (30, 1, 90, 10, 0, 0, 0),
]  # fmt: skip
PAIRS = list(range(len(SEED_CRT) - 1))


def _quarter(i: int) -> tuple[float, list[float], str]:
    """Odds a quarter of the way from row i to row i+1, the chances there, the CRT line."""
    a0, b0, *lo = SEED_CRT[i]
    a1, b1, *hi = SEED_CRT[i + 1]
    ratio = a0 / b0 + (a1 / b1 - a0 / b0) / 4
    chances = [(0.75 * p + 0.25 * q) / 100 for p, q in zip(lo, hi, strict=True)]
    return ratio, chances, f"{a0}:{b0}..{a1}:{b1} (25% of the way to {a1}:{b1})"


def _first_result(chances: list[float], u: float) -> str:
    acc = 0.0
    for name, p in zip(RESULTS, chances, strict=False):
        acc += p
        if u < acc:
            return name
    return RESULTS[NONE]


@pytest.mark.parametrize("i", PAIRS)
def test_a_fire_order_in_play_uses_the_pro_rated_chances(i: int) -> None:
    """The game's attack (``fire A1 X1``) between rows i and i+1: the receipt names both lines
    and the weight, and each single attack's result follows the hand-worked chances."""
    ratio, chances, line = _quarter(i)
    game = make_game()
    game.attack_strengths = lambda *_: (ratio * 8.0, 8.0, [], False)  # type: ignore[method-assign]
    game.submit("allied", "fire A1 X1")
    attack = next(e for e in game.events() if e.kind == "fire")
    assert attack.receipt is not None
    assert attack.receipt.row == line
    draws = [r.value for r in attack.receipt.rolls if r.label.startswith("SP attack")]
    assert len(draws) == 4  # A1 has 4 SPs: one CRT draw each
    assert attack.receipt.result["single"] == [_first_result(chances, u) for u in draws]


@pytest.mark.parametrize("i", PAIRS)
def test_the_game_lookup_pro_rates_every_column(i: int) -> None:
    ratio, chances, _ = _quarter(i)
    found = sheet().crt.lookup(ratio * 8.0, 8.0)
    assert [found.values[c] for c in RESULTS[:NONE]] == pytest.approx(chances, abs=1e-12)


@pytest.mark.parametrize("i", PAIRS)
def test_the_vectorised_resolution_pro_rates_every_column(i: int) -> None:
    """``resolve_many`` draws against ``cumulative_columns``: their differences are the
    chances of each column."""
    ratio, chances, _ = _quarter(i)
    cumulative = [float(c[0]) for c in sheet().crt.cumulative_columns([ratio])]
    assert list(np.diff([0.0, *cumulative])) == pytest.approx(chances, abs=1e-12)


@pytest.mark.parametrize("i", PAIRS)
def test_the_computer_players_estimate_pro_rates_every_column(i: int) -> None:
    ratio, chances, _ = _quarter(i)
    assert list(sheet().crt.chances_at([ratio])[0]) == pytest.approx(chances, abs=1e-12)
