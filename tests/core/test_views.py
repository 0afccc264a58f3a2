"""``check_jsonable``: a view must be JSON that round-trips exactly (docs/architecture.md,
"views json-able"); the fast path and the walk agree on every kind of value."""

from __future__ import annotations

import math
import re
from typing import Any

import numpy as np
import pytest

from hexwar.core.views import check_jsonable


@pytest.mark.parametrize(
    "value",
    [
        None,
        {"a": [1, 2.5, True, None, "x"], "b": {"c": []}},
        {"t": (1, 2), "n": [(3.0, "y")]},  # tuples are accepted (they serialise as lists)
        {"f": np.float64(0.1)},  # a float subclass
        [-0.0, 1e308],
        ["a", "b"],  # a list of strings only
    ],
)
def test_json_values_pass(value: Any) -> None:
    check_jsonable(value)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"a": [1, math.inf]}, "view.a[1]: inf is not finite"),
        ({"a": {"b": math.nan}}, "view.a.b: nan is not finite"),
        ({"a": {1: "x"}}, "view.a: key 1 is not a string"),
        ({"a": [np.int64(3)]}, "view.a[0]: int64 is not JSON-able"),
        ({"a": {"b": {1, 2}}}, "view.a.b: set is not JSON-able"),
        ({"a": {True: 1}}, "view.a: key True is not a string"),
        # a bad value checked before a good one: the fast path must not stop at the good one
        ({"a": [math.inf, "x"]}, "view.a[0]: inf is not finite"),
        ({"a": [math.nan, 2.5]}, "view.a[0]: nan is not finite"),
        ({1: "x"}, "view: key 1 is not a string"),
    ],
)
def test_the_first_offending_path_is_named(value: Any, message: str) -> None:
    with pytest.raises(TypeError, match="^" + re.escape(message) + "$"):
        check_jsonable(value)
