"""§5.1.1 personnel losses when a side has more personnel types than the enemy has ground
weapon groups: each personnel type gets its own row of ``dpersr``/``dpersb``. A mutation that
sized the personnel slice by the enemy's weapon groups instead of the personnel types once
passed every test, because every bundled and test design had at least as many weapon groups
(docs/testing.md, "Mutation testing"). The engagement is test_attrition.py's base case with a
second personnel type on each side."""

from __future__ import annotations

import numpy as np
import pytest

from .test_attrition import PLOSS_A, PLOSS_D, attacker, defender, frame, kill_data, pair


def test_5_1_1_each_personnel_type_takes_its_own_dpers_row() -> None:
    """One weapon group a side, two materiel and two personnel types. The first personnel row
    is the base case's (dpersr = (2, .1), dpersb = (3, .2)); the second is half of it. By hand
    (test_attrition.py's docstring): the materiel losses are the base case's, the first
    personnel type loses as the base case's one, the second half as much:
    D: (8/11, 1.5/11, 8/11 * 3 + 1.5/11 * .2, half that); A: (.8, 1/15, .8 * 2 + 1/15 * .1,
    half that)."""
    rows = np.array([1.0, 0.5])[:, None, None]  # personnel type x weapon group x materiel
    data = kill_data(
        npers=2,
        stdtgt=pair([5.0, 50.0, 100.0, 100.0], [4.0, 40.0, 80.0, 80.0]),
        dpers=pair(rows * np.array([[[2.0, 0.1]]]), rows * np.array([[[3.0, 0.2]]])),
    )
    r = frame(
        data,
        attackers=[attacker(resources=(10.0, 100.0, 50.0, 20.0))],
        defenders=[defender(resources=(8.0, 60.0, 40.0, 30.0))],
    )
    assert r.losses[101] == pytest.approx([*PLOSS_D, PLOSS_D[2] / 2])
    assert r.losses[1] == pytest.approx([*PLOSS_A, PLOSS_A[2] / 2])
