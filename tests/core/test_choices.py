"""The one list of choices (``hexwar.core.choices``, issue 39 item 1): ``legal_orders`` cut as
the research driver cuts it, the default ``describe_choices`` hook, and orders in notation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from hexwar.core import registry
from hexwar.core.choices import SUBMIT, ChoiceMark, list_choices, notation, plan_length
from hexwar.core.errors import IllegalOrderError
from hexwar.core.game import Ruleset
from hexwar.core.orders import JsonValue
from hexwar.core.views import View
from hexwar.rl.driver import Driver
from tests.core.helpers import _game
from tests.fixtures.tiny import TinyOrder, TinyRuleset


def _aggressor_turn() -> Driver:
    """An Aggressor game past both set-ups: a side's turn, with dozens of choices."""
    driver = Driver("aggressor/sector", seed=1)
    while driver.view(driver.awaiting()[0]).data.get("setup_due"):
        driver.act(driver.awaiting()[0], 0)
    return driver


def test_a_list_longer_than_max_actions_keeps_its_first_entries_and_its_last() -> None:
    """docs/research.md, Actions: longer lists keep their first ``max_actions - 1`` entries
    and their last (``end`` in Aggressor), so the entry that ends the decision stays."""
    driver = _aggressor_turn()
    side = driver.awaiting()[0]
    view = driver.view(side)
    full, stepwise = list_choices(driver.ruleset, view)
    assert not stepwise
    assert len(full) > 5
    cut, _ = list_choices(driver.ruleset, view, max_actions=5)
    assert cut == [*full[:4], full[-1]]
    assert str(cut[-1]) == "0"  # end the turn


def test_a_plan_of_max_plan_actions_offers_only_to_submit_it() -> None:
    """The driver's ``max_plan``: a stepwise plan that long lists only itself."""
    driver = Driver("tactical/meeting1941", seed=1)
    side = driver.awaiting()[0]
    view = driver.view(side)
    first, stepwise = list_choices(driver.ruleset, view)
    assert stepwise
    plan = first[0]
    assert plan_length(plan) == 1
    listed, _ = list_choices(driver.ruleset, view, plan, max_plan=1)
    assert listed == [plan]


def test_the_default_hook_points_at_nothing_and_submits_a_stepwise_lists_last_entry() -> None:
    """``Ruleset.describe_choices`` for a ruleset without a ``choices`` module: no piece, no
    hexes, kind ``order``; ``submit`` for the plan at the end of a stepwise list."""
    tactical = Driver("tactical/meeting1941", seed=1)
    side = tactical.awaiting()[0]
    orders = tactical.choices(side)
    marks = Ruleset.describe_choices(tactical.ruleset, tactical.view(side), orders)
    assert marks == [ChoiceMark()] * (len(orders) - 1) + [ChoiceMark(kind=SUBMIT)]
    tiny = Driver("tiny/duel", seed=1)  # the test suite's ruleset: no hook of its own
    side = tiny.awaiting()[0]
    view, orders = tiny.view(side), tiny.choices(side)
    assert orders
    assert tiny.ruleset.describe_choices(view, orders) == [ChoiceMark()] * len(orders)


@dataclass(frozen=True)
class _Bare:
    """An order type with no notation of its own."""

    n: int

    def to_json(self) -> JsonValue:
        return {"n": self.n}


def test_an_order_is_written_in_its_notation_or_else_as_its_json() -> None:
    driver = _aggressor_turn()
    order = driver.choices(driver.awaiting()[0])[-1]
    assert notation(order) == "0"
    assert notation(_Bare(3)) == '{"n": 3}'


@pytest.mark.slow
def test_every_listed_order_reads_back_from_its_notation() -> None:
    """The text of a choice is what a player types: the ruleset's parser reads it back to the
    same order, in every ruleset (random choices over a few dozen decisions each)."""
    for ruleset in registry.all_rulesets():
        for scenario in list(ruleset.bundled_scenarios())[:1]:
            driver = Driver(scenario, seed=2)
            rng = np.random.default_rng(1)
            for _ in range(40):
                if not driver.awaiting():
                    break
                side = driver.awaiting()[0]
                orders = driver.choices(side)
                for order in orders:
                    parsed = ruleset.parse_order(side, notation(order))
                    assert parsed.to_json() == order.to_json(), (scenario, notation(order))
                driver.act(side, int(rng.integers(len(orders))))


# -- set-ups piece by piece (Ruleset.placements, list_choices(setups="pieces")) ------------------


def _place_at_random(scenario: str, seed: int, stop: float) -> Driver:
    """Both set-ups of ``scenario`` placed piece by piece through the driver: random pieces,
    each list's Send taken with probability ``stop`` (the rest placed by the ruleset)."""
    driver = Driver(scenario, seed=seed, setups="pieces")
    rng = np.random.default_rng(seed)
    for _ in range(400):
        side = driver.awaiting()[0]
        view = driver.view(side)
        if driver.ruleset.placements(view, driver.plans[side]) is None:
            return driver
        orders = driver.choices(side)
        marks = driver.ruleset.describe_choices(view, orders, driver.plans[side])
        assert marks[-1].kind == SUBMIT
        assert all(m.kind != SUBMIT and len(m.hexes) == 1 for m in marks[:-1])
        send = len(orders) == 1 or rng.random() < stop
        driver.act(side, len(orders) - 1 if send else int(rng.integers(len(orders) - 1)))
    raise AssertionError("the set-ups did not end in 400 choices")


def test_aggressor_set_ups_placed_unit_by_unit_are_legal_whatever_is_placed() -> None:
    """Aggressor SET UP (18 units, one a hex, in the side's territory): every unit placed by a
    choice and the rest by Send gives a set-up the game takes (``Driver.act`` submits through
    ``Game.submit``); both sides reach their first turn."""
    for seed, stop in ((1, 0.0), (2, 0.2), (3, 1.0)):
        driver = _place_at_random("aggressor/sector", seed, stop)
        assert driver.view(driver.awaiting()[0]).data["phase"] in ("turn", "partisans")


@pytest.mark.slow
def test_air_war_set_ups_placed_piece_by_piece_are_legal_on_every_board() -> None:
    """Air war §2.0 and §3 (cities four fields apart, the productive ranges, the nearest
    city's separation, one city near each boundary, three units a field, the §3.2.2 units
    beside the city, the announced unproductive city): placed piece by piece, each offered
    piece keeps the set-up completable, so every Send the game takes, on all six boards."""
    for n, scenario in enumerate(
        (
            "airwar/small-three-cities",
            "airwar/small-four-cities",
            "airwar/small-unequal",
            "airwar/large-three-cities",
            "airwar/large-six-cities",
            "airwar/large-unequal",
        )
    ):
        driver = _place_at_random(scenario, n, 0.03)
        assert driver.view(driver.awaiting()[0]).data["phase"] == "move"


def test_a_set_up_of_every_piece_offers_only_to_send_it() -> None:
    """Aggressor's 18th unit placed: the list is the plan alone (submit), as in a stepwise
    list whose plan is complete; ``setups`` other than menu and pieces is refused."""
    driver = Driver("aggressor/sector", seed=4, setups="pieces")
    side = driver.awaiting()[0]
    for _ in range(18):
        driver.act(side, 0)
    assert len(driver.choices(side)) == 1
    assert len(driver.plans[side].placements) == 18  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="menu, pieces"):
        Driver("aggressor/sector", setups="all")


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


@pytest.mark.found_by_full_run
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


@pytest.mark.found_by_full_run
def test_a_listed_random_order_is_one_draw_from_the_list() -> None:
    """Not stepwise: one draw, whichever entry it is. Draw 2 from [rest, strike 1, strike 2,
    strike 3] (reserve 2: strike 3 needs 2) is strike 2."""
    view = _game().view("red")
    draws = _Draws(2)
    assert _ListedDuel().random_order(view, draws) == TinyOrder("strike", 2)  # type: ignore[arg-type]
    assert draws.sizes == [4]


@pytest.mark.found_by_full_run
def test_no_random_order_for_a_side_without_a_decision() -> None:
    """An empty list is refused under rule ``legal orders``, naming the side and the step."""
    view = _game().view("blue")  # red moves first
    with pytest.raises(IllegalOrderError) as caught:
        _StepwiseDuel().random_order(view, _Draws())  # type: ignore[arg-type]
    assert str(caught.value) == "blue has no legal order to choose from at step 0 [legal orders]"
    assert caught.value.rule == "legal orders"
