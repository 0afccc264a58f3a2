"""``check_jsonable``: a view must be JSON that round-trips exactly (docs/architecture.md,
"views json-able"); the fast path and the walk agree on every kind of value."""

from __future__ import annotations

import copy
import math
import pickle
import re
from typing import Any, ClassVar

import numpy as np
import pytest

from hexwar.core.views import SharedJson, check_jsonable
from tests.core.helpers import _game
from tests.fixtures.tiny import TinyGame, TinyRuleset, TinyScenario


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


def test_a_shared_piece_is_rebuilt_only_when_its_source_changes() -> None:
    from hexwar.core.views import SharedJson

    shared = SharedJson()
    owner = {1: 1, 2: 2}
    built: list[int] = []

    def build() -> dict[str, int]:
        built.append(1)
        return {str(c): o for c, o in owner.items()}

    first = shared.get("owner", owner, build)
    assert shared.get("owner", owner, build) is first
    owner[2] = 1  # changed in place: the kept copy of the source tells
    second = shared.get("owner", owner, build)
    assert second == {"1": 1, "2": 1}
    assert second is not first
    assert len(built) == 2


def test_a_shared_piece_is_checked_when_built_and_skipped_after() -> None:
    from hexwar.core.views import SharedJson

    shared = SharedJson()
    with pytest.raises(TypeError, match=r"^view\.maps\.a: inf is not finite$"):
        shared.get("maps", 1, lambda: {"a": math.inf})
    piece = shared.get("design", None, lambda: {"toe": [[1.0, 2.0]]})
    assert id(piece) in shared.ids
    assert id(piece["toe"][0]) in shared.ids
    check_jsonable({"design": piece}, checked=shared.ids)


def test_a_list_of_shared_pieces_stays_checked_when_one_of_them_is_replaced() -> None:
    from hexwar.core.views import SharedJson

    shared = SharedJson()
    unit = shared.get(("unit", 1), "a", lambda: {"resources": [1.0]})
    units = shared.get("units", (id(unit),), lambda: [unit])
    assert id(units) in shared.ids
    shared.get(("unit", 1), "b", lambda: {"resources": [3.0]})  # the list still holds the old
    assert id(units) in shared.ids
    check_jsonable({"units": units}, checked=shared.ids)


def test_a_piece_put_replaces_the_one_before_and_is_checked() -> None:
    from hexwar.core.views import SharedJson

    shared = SharedJson()
    old = shared.get(("unit", 1), "a", lambda: {"resources": [1.0]})
    new = shared.put(("unit", 1), {"resources": [2.0]})
    assert id(new["resources"]) in shared.ids
    assert id(old["resources"]) not in shared.ids
    # a piece put is never taken for one built from a source, whatever the source
    assert shared.get(("unit", 1), "a", lambda: {"resources": [3.0]}) == {"resources": [3.0]}
    with pytest.raises(TypeError, match=r"\.resources\[0\]: nan is not finite$"):
        shared.put(("unit", 2), {"resources": [math.nan]})


class _SharedViewGame(TinyGame):
    """The duel with a shared piece in its view (``SharedJson``, as the big rulesets share
    their map) and, by a slip, an infinite float before it."""

    shared_as: ClassVar[str] = "dict"

    def _view(self, side: str) -> dict[str, Any]:
        board: Any = self._shared.get(
            "board",
            self.scenario.hit_points,
            (lambda: {"cells": [1, 2]}) if self.shared_as == "dict" else (lambda: [[1, 2]]),
        )
        return {"range": math.inf, **super()._view(side), "board": board}


class _SharedListGame(_SharedViewGame):
    shared_as: ClassVar[str] = "list"


class _SharedViewDuel(TinyRuleset):
    game_type: ClassVar[type[TinyGame]] = _SharedViewGame

    def new_game(self, scenario: TinyScenario, *, seed: int, scenario_id: str) -> TinyGame:
        return self.game_type(self, scenario, seed=seed, scenario_id=scenario_id)


class _SharedListDuel(_SharedViewDuel):
    game_type: ClassVar[type[TinyGame]] = _SharedListGame


@pytest.mark.found_by_full_run
@pytest.mark.parametrize("ruleset", [_SharedViewDuel(), _SharedListDuel()])
def test_a_view_with_a_shared_piece_is_still_checked_everywhere_else(ruleset: Any) -> None:
    """``check_jsonable``: a shared piece is not entered again, and the rest of the view is
    checked all the same (docs/architecture.md, "views json-able")."""
    game = _game(ruleset=ruleset)
    with pytest.raises(TypeError, match="^" + re.escape("view.range: inf is not finite") + "$"):
        game.view("red")


@pytest.mark.found_by_full_run
def test_a_piece_put_is_not_found_by_a_get_from_the_none_source() -> None:
    """``SharedJson.put``: "a piece put gave is never found by get", whatever the source --
    ``None`` too, the source of a piece built once."""
    shared = SharedJson()
    shared.get("design", None, lambda: {"toe": [1]})
    shared.put("design", {"toe": [2]})
    assert shared.get("design", None, lambda: {"toe": [3]}) == {"toe": [3]}


@pytest.mark.found_by_full_run
def test_a_nested_source_changed_in_place_rebuilds_the_piece() -> None:
    """``SharedJson.get``: a deep copy of an unhashable source is kept, "so a dict changed in
    place is seen as changed" -- a dict inside it too."""
    shared = SharedJson()
    owner = {"cells": {"1": "red"}}
    assert shared.get("owner", owner, lambda: dict(owner["cells"])) == {"1": "red"}
    owner["cells"]["1"] = "blue"
    assert shared.get("owner", owner, lambda: dict(owner["cells"])) == {"1": "blue"}


def test_a_list_of_the_very_same_pieces_is_the_list_handed_out_before() -> None:
    """``SharedJson.same_list``: "the list handed out last time ... when it holds the very
    same objects", skipped as a whole by the view's check; equal data in another object is
    a new list, and a new list is checked (its path named under its key)."""
    shared = SharedJson()
    a = shared.put("a", {"x": 1.0})
    b = shared.put("b", {"y": [2.0]})
    first = shared.same_list("units", [a, b])
    assert shared.same_list("units", [a, b]) is first
    assert id(first) in shared.ids
    copied = shared.same_list("units", [a, {"y": [2.0]}])
    assert copied is not first
    assert copied == first
    assert shared.same_list("units", [a]) is not copied  # shorter: not the same list
    with pytest.raises(TypeError, match=r"^view\.units\[1\]\.z: inf is not finite$"):
        shared.same_list("units", [a, {"z": math.inf}])


def test_a_piece_around_a_checked_piece_is_still_checked() -> None:
    """A piece that holds a shared piece (a unit's list of adjacent cells) is checked all
    around it: the shared piece is skipped, a bad value next to it is named."""
    shared = SharedJson()
    adjacent = shared.get("adjacent", None, lambda: [1, 2])
    with pytest.raises(TypeError, match=r"^view\.unit\.r\[1\]: nan is not finite$"):
        shared.put("unit", {"adjacent": adjacent, "r": [0.5, math.nan]})
    with pytest.raises(TypeError, match=r"^view\.unit\.n: int64 is not JSON-able$"):
        shared.put("unit", {"adjacent": adjacent, "n": np.int64(3)})
    piece = shared.put("unit", {"adjacent": adjacent, "r": [0.5, -0.0]})
    assert id(piece) in shared.ids
    assert id(piece["r"]) in shared.ids


def test_a_list_of_known_pieces_is_passed_over_and_any_other_list_is_walked() -> None:
    """A list of dicts whose ids are all known (a side's units) passes without a look at
    its items; one item not known and the whole list is walked, its bad value named."""
    shared = SharedJson()
    a = shared.put("a", {"x": 1.0})
    b = shared.put("b", {"y": [2.0]})
    units = shared.same_list("units", [a, b])
    assert id(units) in shared.ids
    with pytest.raises(TypeError, match=r"^view\.units\[2\]\.z: inf is not finite$"):
        shared.same_list("units", [a, b, {"z": math.inf}])
    with pytest.raises(TypeError, match=r"^view\.units\[0\]: inf is not finite$"):
        shared.same_list("units", [math.inf, a])
    with pytest.raises(TypeError, match=r"^view\.units\[1\]: nan is not finite$"):
        shared.same_list("units", [a, math.nan])
    check_jsonable({"units": [a, b]}, checked=shared.ids)
    check_jsonable({"units": [a, b]}, checked=frozenset(shared.ids))  # not a set: walked
    with pytest.raises(TypeError, match=r"^view\.units\[0\]\.x: inf is not finite$"):
        check_jsonable({"units": [{"x": math.inf}]}, checked=frozenset(shared.ids))


def test_a_list_as_long_as_the_last_is_checked_where_it_holds_another_object() -> None:
    """``SharedJson.same_list``: a new list as long as the last one "is checked only where it
    holds another object" -- a bad new item is named at its place, a good one is taken, and
    the new list and the new items' own lists are known from then on."""
    shared = SharedJson()
    a = shared.put("a", {"x": 1.0})
    b = shared.put("b", {"y": [2.0]})
    first = shared.same_list("units", [a, b])
    with pytest.raises(TypeError, match=r"^view\.units\[1\]\.z: inf is not finite$"):
        shared.same_list("units", [a, {"z": math.inf}])
    with pytest.raises(TypeError, match=r"^view\.units\[0\]: nan is not finite$"):
        shared.same_list("units", [math.nan, b])
    with pytest.raises(TypeError, match=r"^view\.units\[1\]\.n: int64 is not JSON-able$"):
        shared.same_list("units", [a, {"n": np.int64(3)}])
    assert shared.same_list("units", [a, b]) is first  # the failures left the last list
    c = {"w": [0.5, -0.0]}
    second = shared.same_list("units", [a, c])
    assert second is not first
    assert {id(second), id(c), id(c["w"])} <= shared.ids
    assert id(first) not in shared.ids
    check_jsonable({"units": second}, checked=shared.ids)
    assert shared.same_list("units", [a, c]) is second
    # numpy floats are floats: the walk takes them, as it would in the whole list
    third = shared.same_list("units", [a, {"f": np.float64(0.25)}])
    assert id(third) in shared.ids


def test_a_trusted_piece_replaces_the_one_before_and_is_skipped() -> None:
    """``SharedJson.put_trusted``: the piece is not checked, it replaces the piece before
    under its key (whose containers leave the known ones), and the containers named are
    known, so a view holding the piece skips it."""
    shared = SharedJson()
    adjacent = shared.get("adjacent", None, lambda: [1, 2])
    old = shared.put("unit", {"r": [1.0], "adjacent": adjacent})
    r = [2.0]
    piece = {"r": r, "adjacent": adjacent}
    new = shared.put_trusted("unit", piece, (id(piece), id(r)))
    assert new is piece
    assert {id(piece), id(r)} <= shared.ids
    assert id(old["r"]) not in shared.ids
    assert id(adjacent) in shared.ids  # another piece's, kept
    check_jsonable({"unit": new}, checked=shared.ids)
    shared.put("unit", {"r": [3.0]})
    assert id(r) not in shared.ids


@pytest.mark.parametrize("copy_of", [copy.deepcopy, lambda x: pickle.loads(pickle.dumps(x))])
def test_a_copied_cache_starts_empty_so_no_id_of_the_original_skips_a_check(
    copy_of: Any,
) -> None:
    """core views: the ids a cache skips are those of containers it keeps alive itself. A
    copy's pieces are other objects, so the original's ids cannot come with them: once the
    original is gone, one of them could name a new container holding a value JSON cannot
    carry, and the check would pass it. A copy (``copy.deepcopy``, as a forked game of the
    research drivers, or a pickle) starts empty and checks what it is given."""
    shared = SharedJson()
    piece = shared.get("units", (1,), lambda: [{"number": 1}])
    assert id(piece) in shared.ids
    other = copy_of(shared)
    assert other.ids == set()
    assert other.get("units", (1,), lambda: [{"number": 1}]) == piece
    with pytest.raises(TypeError, match=r"^view\.units\[0\]\.x: inf is not finite$"):
        other.get("units", (2,), lambda: [{"x": math.inf}])
