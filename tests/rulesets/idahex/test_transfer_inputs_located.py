"""§6 transfers: bad holdings are refused with the field they are in and what is wrong, for the
two refusals a mutation of the checks once changed unseen (docs/testing.md, "Mutation
testing"): a resources table with the wrong number of rows, and one that is not numbers."""

from __future__ import annotations

import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.transfer import transfer

# Two units, one resource type: unit 1 holds 1, unit 2 nothing; unit 2 takes from unit 1.
UNITS, TOE, ACCEPTS, GIVERS, TAKERS = [1, 2], [[0.0], [1.0]], [[True], [True]], [1], [2]


def test_a_resources_table_needs_one_row_per_unit() -> None:
    """Two units and one row of resources (of two types): the problem is in ``resources``, and
    says how many rows it needs (2) and got (1)."""
    toe, accepts = [[0.0, 0.0], [1.0, 1.0]], [[True, True], [True, True]]
    with pytest.raises(InvalidInputError) as info:
        transfer(UNITS, [[1.0, 0.0]], toe, accepts, GIVERS, TAKERS)
    (problem,) = info.value.problems
    assert problem.path == "resources"
    assert problem.message == "needs one row per unit (2), got 1"


def test_resources_that_are_not_numbers_are_refused_as_such() -> None:
    with pytest.raises(InvalidInputError) as info:
        transfer(UNITS, [["one"], [0.0]], TOE, ACCEPTS, GIVERS, TAKERS)
    (problem,) = info.value.problems
    assert problem.path == "resources"
    assert problem.message.startswith("must be an array of numbers")
