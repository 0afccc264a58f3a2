"""The observation arrays built from a view (issue 21, item 2: planes over the hex grid plus
vectors, from ``view(side)`` only). The expected values are worked out by hand from the
channel list in :mod:`hexwar.rl.observe` (docs/research.md)."""

from __future__ import annotations

from typing import Any

import numpy as np

from hexwar.core import registry
from hexwar.rl.observe import Encoder, generic_encoder


def _unit(at: str, kind: str, strength: int, reach: int, frozen: bool) -> dict[str, Any]:
    return {"at": at, "type": kind, "strength": strength, "range": reach, "frozen": frozen}


def test_aggressor_planes_count_stacked_units_and_mark_a_frozen_cell_once() -> None:
    """Aggressor (seed 003) on a 2 x 3 map, labels ``@<column><row>``: two frozen units stacked
    on @BA add their strength / 3 and range / 6, each counts in its type's plane, and the
    frozen plane says 1 (a frozen unit is there), not 2; a type outside the list counts as
    "other"; the CBR cell, the enemy seen and the rough hexes each mark their cell."""
    view = {
        "side": "west",
        "phase": "turn",
        "active": "west",
        "round": 3,
        "max_rounds": 30,
        "partisans_to_use": 2,
        "terrain": ["^..", "..^"],
        "cbr": ["@AA"],
        "control": {"N": "west", "C": None, "S": "east"},
        "units": [
            _unit("@BA", "armor", 3, 3, True),
            _unit("@BA", "infantry", 2, 2, True),
            _unit("@CB", "engineer", 1, 0, False),
        ],
        "enemy": [{"at": "@AB", "type": "armor"}],
    }
    planes, vector = Encoder(registry.get("aggressor"), [view]).encode(view)
    assert planes.shape == (13, 2, 3)
    assert planes.dtype == np.float32
    expected = np.zeros((13, 2, 3), np.float32)
    expected[0, 0, 0] = expected[0, 1, 2] = 1  # rough: "^" at row A column A, row B column C
    expected[1, 0, 0] = 1  # CBR on @AA
    expected[2, 0, 1] = np.float32(3 / 3 + 2 / 3)  # own strength / 3, both units on @BA
    expected[2, 1, 2] = np.float32(1 / 3)
    expected[3, 0, 1] = np.float32(3 / 6 + 2 / 6)  # own range / 6
    expected[4, 0, 1] = 1  # a frozen unit on @BA (two of them: still 1)
    expected[5, 1, 0] = 1  # the enemy seen on @AB
    expected[6, 0, 1] = 1  # armor
    expected[7, 0, 1] = 1  # infantry
    expected[12, 1, 2] = 1  # "engineer" is none of the listed types: "other"
    assert np.array_equal(planes, expected)
    # phase set-up / turn / partisans, own turn, round / max rounds, partisans to use,
    # sectors held by the side / 9 and by the enemy / 9
    assert np.array_equal(vector, np.array([0, 1, 0, 1, 3 / 30, 2, 1 / 9, 1 / 9], np.float32))


def test_idahex_planes_count_units_per_cell_and_follow_cells_changing_hands() -> None:
    """IDAHEX (seed 000): cells are numbered from 1 in ranks of ``nrank1`` (here 3 per rank,
    5 cells, cell 5 inactive). Blue's two units in cell 4 count 2 and add their resources /
    1000; the enemy seen in cell 2 counts 1; cells 1 and 3 are blue's, cell 2 red's. When
    cell 1 changes hands in a later view, the ownership planes follow it."""

    def view(owner: dict[str, int]) -> dict[str, Any]:
        return {
            "side": "blue",
            "design": {"ncells": 5, "nrank1": 3, "inactive": [5]},
            "units": [
                {"location": 4, "resources": [500.0, 1.0]},
                {"location": 4, "resources": [250.0, 2.0]},
            ],
            "enemy": [{"location": 2}],
            "owner": owner,
            "time": 250.0,
            "period": 12.0,
            "engagements": [{}, {}, {}],
            "task_forces": [{}],
        }

    first = view({"1": 2, "2": 1, "3": 2})
    encoder = Encoder(registry.get("idahex"), [first])
    planes, vector = encoder.encode(first)
    expected = np.zeros((6, 2, 3), np.float32)
    expected[0, 1, 0] = 2  # two own units in cell 4 (rank 2, first place)
    expected[1, 1, 0] = np.float32(0.5) + np.float32(0.25)  # resources / 1000
    expected[2, 0, 1] = 1  # the enemy seen in cell 2
    expected[3, 0, 0] = expected[3, 0, 2] = 1  # cells 1 and 3: blue's (side 2)
    expected[4, 0, 1] = 1  # cell 2: red's
    expected[5, 1, 1] = 1  # cell 5 is inactive
    assert np.array_equal(planes, expected)
    # time / 100, period / 100, engagements / 10, task forces / 10
    assert np.array_equal(vector, np.array([2.5, 0.12, 0.3, 0.1], np.float32))

    taken = view({"1": 1, "2": 1, "3": 2})  # red took cell 1
    planes, _ = encoder.encode(taken)
    assert planes[3, 0, 0] == 0
    assert planes[4, 0, 0] == 1
    assert np.array_equal(encoder.encode(first)[0], expected)  # and back, as first seen


def test_a_ruleset_without_an_encoder_gets_the_view_s_numbers() -> None:
    """Issue 40 (a plug-in ruleset is served by every adapter): the generic encoder reads the
    numbers and truth values of the first view by their paths, lists by their length, in path
    order; a later view's values at those paths (0 where a path is gone, and a new path not
    at all), one 1 x 1 plane; negative numbers are pinned to 0 by the Encoder."""
    first = {"side": "a", "turn": 3, "over": False, "units": [{"hp": 2}], "score": {"a": 1.5}}
    encode = generic_encoder([first])
    planes, vector = encode(first)
    assert planes.shape == (1, 1, 1)
    # paths in order: over, score/a, turn, units/#
    assert np.array_equal(vector, np.array([0, 1.5, 3, 1], np.float32))
    later = {"side": "a", "turn": 4, "over": True, "units": [], "new": 9}
    assert np.array_equal(encode(later)[1], np.array([1, 0, 4, 0], np.float32))
