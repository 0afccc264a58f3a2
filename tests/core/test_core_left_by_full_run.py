"""The core's behaviour left unchecked by the core group's full mutation run on 4843de4
(docs/testing.md, "Seventh round: the core in full again").

Each test names the documented rule it checks: the umpire's amendments
(``Game.amend``'s docstring and docs/umpire.md: refused with rule ``umpire amendments``,
recorded as an order of side ``umpire``, every side told with the reason, sealed orders
withdrawn), the random agent's draw through the legal lists (``Ruleset.random_order``), and
the shared pieces of views (``core/views.py``: a view is checked JSON, a shared piece is
checked once and rebuilt when its source changes). The games are the tiny duel fixtures
(tests/fixtures/tiny.py) or small variants of them built here; every expected value is
written out by hand.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from hexwar.core.errors import GameOverError, IllegalOrderError
from hexwar.core.game import Decision, Game, Ruleset, RulesetInfo, TurnStructure
from hexwar.core.orders import AMEND_RULE, UMPIRE, Amendment
from hexwar.core.views import SharedJson, View
from hexwar.sessions import resolve_scenario
from tests.fixtures.tiny import TinyGame, TinyOrder, TinyRuleset, TinyScenario


def _game(scenario: str = "tiny/duel", ruleset: Ruleset[Any, Any] | None = None) -> Any:
    resolved = resolve_scenario(scenario)
    rules = ruleset if ruleset is not None else resolved.ruleset
    return rules.new_game(resolved.scenario, seed=3, scenario_id=scenario)


def _refusal(game: Game[Any, Any], side: str, order: Any) -> IllegalOrderError:
    with pytest.raises(IllegalOrderError) as caught:
        game.submit(side, order)
    return caught.value


# -- the umpire's refusals -------------------------------------------------------------------


class _TakesMoves(TinyRuleset):
    """The tiny duel with a ruleset that lists ``move`` among its amendments but has no
    ``_amend`` of its own: the core's default refuses it (``Game._amend``'s docstring:
    "Default: refuses")."""

    amendments: ClassVar[tuple[str, ...]] = ("end", "move")


def test_an_amendment_that_is_neither_text_nor_an_object_is_refused_saying_so() -> None:
    """``Game.amend``: "a malformed amendment ... (rule ``umpire amendments``)"; a list is
    neither the text form nor the JSON object, and the message is all the umpire is told."""
    game = _game()
    refusal = _refusal(game, UMPIRE, ["end", "nobody"])
    assert str(refusal) == "an amendment is text or a JSON object [umpire amendments]"
    assert refusal.rule == AMEND_RULE
    assert refusal.order == ["end", "nobody"]
    assert game.orders == ()


def test_a_kind_the_ruleset_does_not_take_is_refused_naming_the_kinds_it_takes() -> None:
    """A ruleset taking two kinds (end, move) refuses ``hold`` and lists both, comma
    separated; the refusal carries the amendment's JSON form."""
    game = _game(ruleset=_TakesMoves())
    refusal = _refusal(game, UMPIRE, "hold C by nobody: never taken")
    assert str(refusal) == (
        "the tiny ruleset takes no 'hold' amendment (it takes: end, move) [umpire amendments]"
    )
    assert refusal.rule == AMEND_RULE
    assert refusal.order == {"amend": "hold", "reason": "never taken", "place": "C", "side": None}


def test_a_listed_kind_without_the_rulesets_hook_is_refused_by_the_core_default() -> None:
    """``Game._amend``'s default: the kind is refused with rule ``umpire amendments`` and the
    amendment's JSON, and nothing is recorded or changed."""
    game = _game(ruleset=_TakesMoves())
    before = game.state_hash()
    refusal = _refusal(game, UMPIRE, "move red 1 to @KH: the counter fell")
    assert str(refusal) == "the tiny ruleset takes no 'move' amendment [umpire amendments]"
    assert refusal.rule == AMEND_RULE
    assert refusal.order == {
        "amend": "move",
        "reason": "the counter fell",
        "unit": "red 1",
        "to": "@KH",
    }
    assert game.orders == ()
    assert game.state_hash() == before


def test_an_end_for_an_unknown_side_names_the_sides_the_game_has() -> None:
    game = _game()
    refusal = _refusal(game, UMPIRE, "end green: test")
    assert str(refusal) == (
        "unknown side 'green' to win; tiny has red, blue (or nobody) [umpire amendments]"
    )
    assert refusal.rule == AMEND_RULE
    assert refusal.order == {"amend": "end", "reason": "test", "side": "green"}


def test_a_side_that_amends_is_refused_under_the_amendments_rule() -> None:
    """``Game.submit``: side ``umpire`` gives amendments; a player's is refused, rule
    ``umpire amendments``."""
    refusal = _refusal(_game(), "red", Amendment("end", "mine", side="red"))
    assert str(refusal) == "red may not amend the game: only the umpire does [umpire amendments]"
    assert refusal.rule == AMEND_RULE


def test_no_amendment_after_the_end_and_the_umpire_is_told_why() -> None:
    """``Game.amend`` raises GameOverError once the game is over, naming how it ended."""
    game = _game()
    game.submit("red", {"concede": True})
    with pytest.raises(GameOverError) as caught:
        game.submit(UMPIRE, "end blue: too late")
    assert str(caught.value) == "the game is over (red concedes); no more orders"


# -- the notice every side gets, and sealed orders withdrawn ----------------------------------


def _notices(game: Game[Any, Any], side: str | None) -> list[Any]:
    return [e for e in game.events(side) if e.kind == "amendment"]


def test_an_amendment_withdraws_the_sealed_orders_and_every_side_is_told() -> None:
    """``Game.amend``: "Every side is told that the umpire amended the game and why ...
    Sealed orders already given for the pending decision are withdrawn: those sides order
    again." Red has sealed its order in the sealed duel; the umpire then ends the game."""
    game = _game("tiny-sealed/sealed")
    game.submit("red", "strike 1")
    submitted = game.submit(UMPIRE, "end blue: red's seal was broken")
    assert (submitted.seq, submitted.step, submitted.side) == (1, 0, UMPIRE)
    assert submitted.order == {"amend": "end", "reason": "red's seal was broken", "side": "blue"}
    for side in ("red", "blue", None):
        (notice,) = _notices(game, side)
        assert notice.kind == "amendment"
        assert notice.text == (
            "The umpire amends the game: red's seal was broken"
            " (the sealed orders of red are withdrawn: order again)"
        )
        assert notice.data == {"reason": "red's seal was broken", "order": 1, "withdrawn": ["red"]}
    assert game.state_json()["sealed"] == {}


def test_an_amendment_with_no_sealed_orders_says_only_its_reason() -> None:
    game = _game()
    game.submit("red", "rest")
    game.submit(UMPIRE, "end nobody: the hall closes")
    (notice,) = _notices(game, "blue")
    assert notice.text == "The umpire amends the game: the hall closes"
    assert notice.data == {"reason": "the hall closes", "order": 1, "withdrawn": []}


class _CouncilGame(Game[TinyScenario, TinyOrder]):
    """Three sides give sealed orders each step and nothing else happens: the smallest game in
    which two sides' sealed orders can be pending at once (the protocol sets no limit on the
    number of sides)."""

    def _awaiting(self) -> Decision:
        return Decision(self.step, frozenset(self.info.sides), "vote")

    def _check(self, side: str, order: TinyOrder) -> None:
        pass

    def _resolve(self, orders: Mapping[str, TinyOrder]) -> None:
        pass

    def _view(self, side: str) -> dict[str, Any]:
        return {"step": self.step}

    def _state_json(self) -> dict[str, Any]:
        return {}


class _CouncilRuleset(TinyRuleset):
    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="council",
        version="1",
        title="Three sides, sealed orders (test)",
        sides=("red", "blue", "green"),
        turn_structure=TurnStructure.SIMULTANEOUS,
        hidden_information=False,
        stochastic=False,
        seed_document="none",
    )

    def new_game(self, scenario: TinyScenario, *, seed: int, scenario_id: str) -> _CouncilGame:
        return _CouncilGame(self, scenario, seed=seed, scenario_id=scenario_id)


def test_the_notice_lists_every_side_whose_sealed_orders_are_withdrawn() -> None:
    game = _game(ruleset=_CouncilRuleset())
    game.submit("red", "rest")
    game.submit("blue", "rest")
    game.submit(UMPIRE, "end nobody: the vote was rigged")
    (notice,) = _notices(game, "green")
    assert notice.text == (
        "The umpire amends the game: the vote was rigged"
        " (the sealed orders of blue, red are withdrawn: order again)"
    )
    assert notice.data == {
        "reason": "the vote was rigged",
        "order": 2,
        "withdrawn": ["blue", "red"],
    }


# -- the random order, drawn through the legal lists -----------------------------------------


class _Draws:
    """A stand-in for ``numpy.random.Generator`` that gives the draws written in the test and
    keeps the sizes of the lists it was asked to draw from."""

    def __init__(self, *draws: int) -> None:
        self.draws = list(draws)
        self.sizes: list[Any] = []

    def integers(self, n: Any) -> int:
        self.sizes.append(n)
        return self.draws.pop(0)


def _mover(view: View) -> str:
    return ("red", "blue")[view.step % 2]  # the alternating duel: red at even steps


class _ListedDuel(TinyRuleset):
    """The duel with the core's own ``random_order`` (the fixture has its own): one draw from
    ``legal_orders`` -- rest, then strike 1 to 3 within the reserve."""

    random_order = Ruleset.random_order

    def legal_orders(self, view: View, plan: TinyOrder | None = None) -> list[TinyOrder]:
        if view.side != _mover(view):
            return []  # "empty when the side has no decision"
        return super().legal_orders(view, plan)


class _StepwiseDuel(_ListedDuel):
    """A strike's power chosen a point at a time (``Ruleset.legal_orders``: each entry but the
    last is ``plan`` with one more action, the last is ``plan`` itself; with no plan yet the
    last is ``rest``). Stepwise while the side has reserve to spend."""

    def stepwise(self, view: View) -> bool:
        return bool(view.data["reserve"] > 0)

    def legal_orders(self, view: View, plan: TinyOrder | None = None) -> list[TinyOrder]:
        if view.side != _mover(view):
            return []
        power = 0 if plan is None else plan.power
        more = [TinyOrder("strike", power + 1)] if power < 3 else []
        return [*more, plan if plan is not None else TinyOrder("rest")]


def test_a_stepwise_random_order_follows_the_lists_until_the_last_entry_is_drawn() -> None:
    """``Ruleset.random_order``: one draw per list; an entry but the last extends the plan,
    the last is the order. Draws 0, 0, 1 from [strike 1, rest], [strike 2, strike 1],
    [strike 3, strike 2] give strike 2."""
    game = _game()
    view = game.view("red")
    assert view.data["reserve"] == 2  # duel.toml
    draws = _Draws(0, 0, 1)
    assert _StepwiseDuel().random_order(view, draws) == TinyOrder("strike", 2)  # type: ignore[arg-type]
    assert draws.sizes == [2, 2, 2]
    assert draws.draws == []


def test_a_listed_random_order_is_one_draw_from_the_list() -> None:
    """Not stepwise: one draw, whichever entry it is. Draw 2 from [rest, strike 1, strike 2,
    strike 3] (reserve 2: strike 3 needs 2) is strike 2."""
    view = _game().view("red")
    draws = _Draws(2)
    assert _ListedDuel().random_order(view, draws) == TinyOrder("strike", 2)  # type: ignore[arg-type]
    assert draws.sizes == [4]


def test_no_random_order_for_a_side_without_a_decision() -> None:
    """An empty list is refused under rule ``legal orders``, naming the side and the step."""
    view = _game().view("blue")  # red moves first
    with pytest.raises(IllegalOrderError) as caught:
        _StepwiseDuel().random_order(view, _Draws())  # type: ignore[arg-type]
    assert str(caught.value) == "blue has no legal order to choose from at step 0 [legal orders]"
    assert caught.value.rule == "legal orders"


# -- shared pieces of views --------------------------------------------------------------------


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


@pytest.mark.parametrize("ruleset", [_SharedViewDuel(), _SharedListDuel()])
def test_a_view_with_a_shared_piece_is_still_checked_everywhere_else(ruleset: Any) -> None:
    """``check_jsonable``: a shared piece is not entered again, and the rest of the view is
    checked all the same (docs/architecture.md, "views json-able")."""
    game = _game(ruleset=ruleset)
    with pytest.raises(TypeError, match="^" + re.escape("view.range: inf is not finite") + "$"):
        game.view("red")


def test_a_piece_put_is_not_found_by_a_get_from_the_none_source() -> None:
    """``SharedJson.put``: "a piece put gave is never found by get", whatever the source --
    ``None`` too, the source of a piece built once."""
    shared = SharedJson()
    shared.get("design", None, lambda: {"toe": [1]})
    shared.put("design", {"toe": [2]})
    assert shared.get("design", None, lambda: {"toe": [3]}) == {"toe": [3]}


def test_a_nested_source_changed_in_place_rebuilds_the_piece() -> None:
    """``SharedJson.get``: a deep copy of an unhashable source is kept, "so a dict changed in
    place is seen as changed" -- a dict inside it too."""
    shared = SharedJson()
    owner = {"cells": {"1": "red"}}
    assert shared.get("owner", owner, lambda: dict(owner["cells"])) == {"1": "red"}
    owner["cells"]["1"] = "blue"
    assert shared.get("owner", owner, lambda: dict(owner["cells"])) == {"1": "blue"}
