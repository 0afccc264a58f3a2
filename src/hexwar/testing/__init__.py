"""Conformance kit: the checks every ruleset's tests run (determinism, replay, store round
trip, no leak through views, random playouts, legal orders that submit accepts and that
depend on the view alone). Shipped in the package so third-party rulesets
can run it too.

Use it by subclassing :class:`ConformanceSuite` in a test module::

    class TestConformance(ConformanceSuite):
        scenario = "mygame/standard"  # a bundled scenario of the ruleset

        def hidden_variant(self, game, side):
            ...  # a game equal to ``game`` except for facts hidden from ``side``
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from hexwar.agents import RANDOM
from hexwar.core import registry
from hexwar.core.errors import IllegalOrderError
from hexwar.core.game import Game
from hexwar.core.orders import AMEND_RULE, UMPIRE, Order
from hexwar.core.views import View
from hexwar.sessions import ResolvedScenario, Session, resolve_scenario
from hexwar.store import GameStore


def random_session(scenario: str | ResolvedScenario, seed: int) -> Session:
    """A session with the random agent on every side (nothing stored)."""
    resolved = resolve_scenario(scenario) if isinstance(scenario, str) else scenario
    agents = dict.fromkeys(resolved.ruleset.info.sides, RANDOM)
    return Session.start(resolved, seed=seed, agents=agents)


def play_out(scenario: str | ResolvedScenario, seed: int, max_steps: int) -> Game[Any, Any]:
    """Random agents on every side, to the end or ``max_steps`` decisions."""
    session = random_session(scenario, seed)
    session.run(max_steps=max_steps)
    return session.game


def assert_legal_orders_accepted(
    game: Game[Any, Any], side: str, rng: np.random.Generator, sample: int = 4
) -> int:
    """Check ``legal_orders`` for ``side`` now: equal views (a JSON copy) give the same list;
    up to ``sample`` listed orders (the last always among them) pass the validation ``submit``
    runs (the order's JSON parsed, then the ruleset's check), and one of them is submitted to
    a copy of the game. Stepwise lists are followed for a few steps, checking the plans on the
    way. Returns how many orders were checked."""
    ruleset = game.ruleset
    view = game.view(side)
    twin = View(view.ruleset, view.side, view.step, json.loads(json.dumps(view.data)))
    orders = ruleset.legal_orders(view)
    assert orders, f"{side} has a decision but no legal orders"
    assert ruleset.legal_orders(twin) == orders, "equal views gave different legal orders"
    checked: list[Order] = []
    plan: Order | None = None
    for depth in range(3 if ruleset.stepwise(view) else 1):
        if depth:
            if len(orders) == 1:
                break
            plan = orders[int(rng.integers(len(orders) - 1))]  # follow one extension
            orders = ruleset.legal_orders(view, plan)
            assert orders[-1] == plan, "a stepwise list must end with the plan itself"
        picks = rng.choice(len(orders), size=min(sample, len(orders)), replace=False)
        for i in sorted({*map(int, picks), len(orders) - 1}):
            parsed = ruleset.parse_order(side, orders[i].to_json())
            assert parsed == orders[i], "an order must survive its JSON form"
            game._check(side, parsed)  # what submit runs; raises IllegalOrderError
            checked.append(parsed)
    trial = registry.replay(game.record())
    trial.submit(side, checked[int(rng.integers(len(checked)))].to_json())
    return len(checked)


def assert_same_game(a: Game[Any, Any], b: Game[Any, Any]) -> None:
    """Equal event logs and equal state hashes."""
    assert [e.to_json() for e in a.events()] == [e.to_json() for e in b.events()]
    assert a.state_hash() == b.state_hash()


def assert_same_for_side(a: Game[Any, Any], b: Game[Any, Any], side: str) -> None:
    """``side`` cannot tell ``a`` from ``b``: same view, same visible events, same decision."""
    assert a.view(side).to_json() == b.view(side).to_json()
    assert [e.to_json() for e in a.events(side)] == [e.to_json() for e in b.events(side)]
    assert a.decision() == b.decision()


class ConformanceSuite:
    """Protocol checks; a ruleset's test module subclasses this and sets :attr:`scenario`."""

    scenario: ClassVar[str]
    seeds: ClassVar[tuple[int, ...]] = (1, 2, 3)
    max_steps: ClassVar[int] = 1000  # a random playout must end within this many decisions
    steps_before_checks: ClassVar[int] = 6  # decisions played before mid-game checks

    legal_seeds: ClassVar[tuple[int, ...]] = (1,)  # random playouts checking legal orders
    legal_decisions: ClassVar[int] = 3  # decisions checked in each

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        """A game that differs from ``game`` only in facts hidden from ``side``.

        Rulesets with hidden information must override this (the no-leak check fails
        otherwise); it may return ``None`` for a side that has nothing hidden from it now.
        """
        return None

    def hidden_probe(self, game: Game[Any, Any], side: str) -> list[dict[str, Any]]:
        """Orders to give, round by round, to both ``game`` and its hidden variant after the
        views are compared: each round maps every awaited side to its order. ``side`` acts on
        the hidden facts (strikes the cell it cannot see, say) and still must not tell the two
        games apart afterwards. Default: no probe."""
        return []

    def _mid_game(self, seed: int) -> Session:
        session = random_session(self.scenario, seed)
        session.run(max_steps=self.steps_before_checks)
        return session

    def test_determinism_same_seed_same_game(self) -> None:
        for seed in self.seeds:
            assert_same_game(
                play_out(self.scenario, seed, self.max_steps),
                play_out(self.scenario, seed, self.max_steps),
            )

    def test_replay_from_record_rebuilds_the_game(self) -> None:
        for seed in self.seeds:
            game = play_out(self.scenario, seed, self.max_steps)
            assert_same_game(registry.replay(game.record()), game)

    def test_replay_of_a_prefix_matches_the_game_at_that_point(self) -> None:
        session = self._mid_game(self.seeds[0])
        prefix_hash = session.game.state_hash()
        n = len(session.game.orders)
        session.run(max_steps=self.max_steps)
        assert registry.replay(session.game.record(), upto=n).state_hash() == prefix_hash

    def test_store_round_trip(self, tmp_path: Path) -> None:
        resolved = resolve_scenario(self.scenario)
        agents = dict.fromkeys(resolved.ruleset.info.sides, RANDOM)
        with GameStore(tmp_path / "games.sqlite3") as store:
            session = Session.start(resolved, seed=self.seeds[0], agents=agents, store=store)
            session.run(max_steps=self.max_steps)
            assert session.game_id is not None
            record = store.load(session.game_id)
        assert record == session.game.record(agents)
        assert_same_game(registry.replay(record), session.game)

    def test_no_leak_through_views(self) -> None:
        resolved = resolve_scenario(self.scenario)
        checked = 0
        for seed in self.seeds:
            game = self._mid_game(seed).game
            for side in resolved.ruleset.info.sides:
                other = self.hidden_variant(game, side)
                if other is None:
                    continue
                assert other.state_hash() != game.state_hash(), "variant hides nothing"
                assert_same_for_side(game, other, side)
                for round_ in self.hidden_probe(game, side):
                    for who, order in round_.items():
                        game.submit(who, order)
                        other.submit(who, order)
                    assert_same_for_side(game, other, side)
                checked += 1
        if resolved.ruleset.info.hidden_information:
            assert checked, "a ruleset with hidden information must define hidden_variant()"

    def test_legal_orders_are_accepted_and_depend_on_the_view_only(self) -> None:
        checked = 0
        for seed in self.legal_seeds:
            rng = np.random.default_rng(seed)
            session = random_session(self.scenario, seed)
            game = session.game
            for _ in range(self.legal_decisions):
                decision = game.decision()
                if decision is None:
                    break
                for side in sorted(decision.sides):
                    checked += assert_legal_orders_accepted(game, side, rng)
                    base = registry.replay(game.record())  # hidden_variant may play on
                    other = self.hidden_variant(base, side)
                    if other is not None:  # equal views, equal lists
                        assert base.ruleset.legal_orders(base.view(side)) == (
                            other.ruleset.legal_orders(other.view(side))
                        )
                session.play_agents(max_steps=game.step + 1)
        assert checked

    def test_random_playouts_finish(self) -> None:
        for seed in self.seeds:
            game = play_out(self.scenario, seed, self.max_steps)
            assert game.outcome() is not None, f"seed {seed}: unfinished after {game.step}"
            assert game.decision() is None

    def test_the_umpires_ruling_ends_the_game_and_replays(self) -> None:
        """The umpire's amendments (core/orders.py): every ruleset takes the ruling that ends
        a game; a kind it does not list is refused naming the rule and changes nothing; the
        amended game replays to the same state."""
        game = self._mid_game(self.seeds[0]).game
        if game.outcome() is not None:
            return  # over before the checks begin: nothing left to amend
        fields = {"move": {"unit": "x", "to": "x"}, "remove": {"unit": "x"}, "hold": {"place": "x"}}
        for kind in sorted(set(fields) - set(game.ruleset.amendments)):
            before = game.state_hash()
            refusal: IllegalOrderError | None = None
            try:
                game.submit(UMPIRE, {"amend": kind, "reason": "conformance", **fields[kind]})
            except IllegalOrderError as e:
                refusal = e
            assert refusal is not None, f"a '{kind}' amendment it does not list was taken"
            assert refusal.rule == AMEND_RULE, refusal
            assert game.state_hash() == before
        game.submit(UMPIRE, "end nobody: conformance")
        outcome = game.outcome()
        assert outcome is not None
        assert (outcome.winner, outcome.reason) == (None, "the umpire's ruling: conformance")
        assert game.decision() is None
        assert_same_game(registry.replay(game.record()), game)

    def test_views_are_json_for_every_side(self) -> None:
        game = self._mid_game(self.seeds[0]).game
        for side in game.info.sides:
            view = game.view(side)
            payload = view.to_json()
            text = json.dumps(payload, allow_nan=False, sort_keys=True)  # plain JSON, no NaN
            assert json.loads(text) == payload  # nothing lost on the way through text
            assert payload["side"] == side
            assert payload["ruleset"] == game.info.id
            assert payload["step"] == game.step
            assert isinstance(payload["data"], dict)
            assert payload["data"], f"{side}'s view carries no data"
