"""The skirmish's rules (tests/plugins/skirmish/__init__.py, "Rules"), each test naming the
rule it checks, and the hooks that serve front ends and agents: the board, the choices, the
worlds drawn for search, the computer player."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.core.views import View
from hexwar.sessions import Session, resolve_scenario
from hexwar.testing import random_session

from .skirmish import SkirmishRuleset
from .skirmish.game import SkirmishGame
from .skirmish.orders import SkirmishOrder
from .skirmish.scenario import SkirmishScenario, parse_label


def _game(ruleset: SkirmishRuleset, seed: int = 1, **changes: Any) -> SkirmishGame:
    """A game of a small scenario: the crossroads map with ``changes``."""
    data: dict[str, Any] = {
        "ruleset": "skirmish",
        "title": "test",
        "objective": "D4",
        "woods": ["C3"],
        "red": [{"id": "R1", "at": "A2"}, {"id": "R2", "at": "A6"}],
        "blue": [{"id": "B1", "at": "G2"}, {"id": "B2", "at": "G6"}],
    }
    data.update(changes)
    scenario = SkirmishScenario.model_validate(data)
    return ruleset.new_game(scenario, seed=seed, scenario_id="test")


def test_fog_of_war_a_side_sees_enemy_units_within_sight_only(skirmish: SkirmishRuleset) -> None:
    """Fog of war: an enemy unit is seen while an own unit is within 2 hexes of it."""
    game = _game(skirmish, red=[{"id": "R1", "at": "D4"}], blue=[{"id": "B1", "at": "F4"},
                 {"id": "B2", "at": "G4"}])  # fmt: skip
    assert [u["id"] for u in game.view("red").data["enemy"]] == ["B1"]  # 2 away; B2 3 away
    assert [u["id"] for u in game.view("blue").data["enemy"]] == ["R1"]
    assert game.view("red").data["enemy_units"] == ["B1", "B2"]  # which are left is known


def test_fog_of_war_hidden_facts_do_not_change_a_view(skirmish: SkirmishRuleset) -> None:
    """Fog of war (STYLE habit 5): two states that differ only in an enemy unit the side does
    not see give identical views, boards and legal orders."""
    a = _game(skirmish)
    b = _game(skirmish)
    b.units["B2"].at = parse_label("F7")
    b.units["B2"].strength = 1
    assert a.state_hash() != b.state_hash()
    assert a.view("red").to_json() == b.view("red").to_json()
    assert skirmish.describe_board(a.view("red")) == skirmish.describe_board(b.view("red"))
    assert skirmish.legal_orders(a.view("red")) == skirmish.legal_orders(b.view("red"))


def test_a_move_out_of_the_enemys_sight_is_not_told_to_it(skirmish: SkirmishRuleset) -> None:
    """Fog of war in the log: a move the enemy sees neither start nor end of is logged to the
    mover alone; the pass that follows to both."""
    game = _game(skirmish)
    game.submit("red", "R1 move A3")
    game.submit("blue", "pass")
    assert [e.kind for e in game.events("blue")] == ["pass"]
    assert [e.kind for e in game.events("red")] == ["move", "pass"]


@pytest.mark.parametrize(
    ("order", "rule"),
    [
        ("R1 move A4", "one hex"),
        ("R1 move B2", "one unit a hex"),
        ("R1 fire A3", "fire: a target"),
        ("B1 move F2", "own units"),
        ("R1 move Z9", "map"),
        ("R1 charge A3", "order syntax"),
    ],
)
def test_illegal_orders_are_refused_naming_the_rule(
    skirmish: SkirmishRuleset, order: str, rule: str
) -> None:
    """Orders: one unit moves one hex into an empty hex, or fires at an adjacent enemy; an
    order against a rule is refused with that rule's name."""
    game = _game(skirmish, red=[{"id": "R1", "at": "A2"}, {"id": "R2", "at": "B2"}])
    with pytest.raises(IllegalOrderError) as refused:
        game.submit("red", order)
    assert refused.value.rule == rule
    assert game.step == 0


def test_fire_hits_on_4_or_more_and_5_or_more_in_woods(skirmish: SkirmishRuleset) -> None:
    """Fire: a d6 from the game's seeded stream, 4+ to hit, 5+ against a unit in woods; a hit
    takes one strength. Every fire of many games' log is checked against its receipt."""
    fired = 0
    for seed in range(1, 11):
        for red in ("ai", "random"):
            session = Session.start(
                resolve_scenario("skirmish/crossroads"),
                seed=seed,
                agents={"red": red, "blue": "ai"},
            )
            session.run()
            game = session.game
            woods = set(game.scenario.woods)
            hits: dict[str, int] = {}
            for event in game.events():
                if event.kind == "eliminated":  # the second hit (strength 2)
                    assert hits[event.text.split()[0]] == 2
                if event.kind != "fire":
                    continue
                receipt = event.receipt
                assert receipt is not None
                need = 5 if receipt.inputs["at"] in woods else 4
                (roll,) = receipt.rolls
                assert (roll.sides, receipt.row) == (6, f"{need}+")
                assert receipt.result == ("hit" if roll.value >= need else "miss")
                if receipt.result == "hit":
                    target = receipt.inputs["target"]
                    hits[target] = hits.get(target, 0) + 1
                fired += 1
    assert fired > 20


def test_a_side_that_loses_its_last_unit_loses(skirmish: SkirmishRuleset) -> None:
    """Victory: eliminating the enemy (a unit at 0 strength is eliminated) wins at once."""
    game = _game(skirmish, strength=1, red=[{"id": "R1", "at": "D4"}],
                 blue=[{"id": "B1", "at": "D5"}])  # fmt: skip
    shooter = {"red": ("R1", "D5"), "blue": ("B1", "D4")}
    while (decision := game.decision()) is not None:
        (side,) = decision.sides
        unit, target = shooter[side]
        game.submit(side, f"{unit} fire {target}")
    outcome = game.outcome()
    assert outcome is not None
    loser = "blue" if outcome.winner == "red" else "red"
    assert outcome.reason == f"{loser} has no units left"
    assert [e.kind for e in game.events()][-3:] == ["fire", "eliminated", "game-over"]


def test_after_the_last_round_the_side_on_the_objective_wins(skirmish: SkirmishRuleset) -> None:
    """Victory: after the scenario's rounds (a turn of each side) a unit on the objective
    wins; both sides passing, the game ends after 2 rounds, 4 decisions."""
    game = _game(skirmish, rounds=2, red=[{"id": "R1", "at": "D4"}])
    for _ in range(4):
        (side,) = game.decision().sides  # type: ignore[union-attr]
        game.submit(side, "pass")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == ("red", "red holds the objective D4 after 2 rounds")


def test_after_the_last_round_without_a_holder_more_strength_wins(
    skirmish: SkirmishRuleset,
) -> None:
    """Victory: nobody on the objective, the side with more strength left wins; even, a draw."""
    even = _game(skirmish, rounds=1)
    even.submit("red", "pass")
    even.submit("blue", "pass")
    assert even.outcome() is not None
    assert even.outcome().winner is None  # type: ignore[union-attr]
    more = _game(skirmish, rounds=1, blue=[{"id": "B1", "at": "G2"}])
    more.submit("red", "pass")
    more.submit("blue", "pass")
    assert more.outcome().winner == "red"  # type: ignore[union-attr]


def test_orders_round_trip_through_text_and_json(skirmish: SkirmishRuleset) -> None:
    """Notation (STYLE habit 1): ``R1 move C4``, ``R1 fire C5``, ``pass``, and their JSON."""
    for text in ("R1 move C4", "R1 fire C5", "pass"):
        order = SkirmishOrder.from_str(text)
        assert str(order) == text
        assert skirmish.parse_order("red", order.to_json()) == order
        assert skirmish.parse_order("red", json.loads(json.dumps(order.to_json()))) == order


def test_legal_orders_are_the_movers_and_end_with_pass(skirmish: SkirmishRuleset) -> None:
    """Legal orders: the side to act lists each unit's moves and fire, then pass; the other
    side has no decision and no orders."""
    game = _game(skirmish, red=[{"id": "R1", "at": "D4"}], blue=[{"id": "B1", "at": "D5"}])
    orders = skirmish.legal_orders(game.view("red"))
    assert orders[-1] == SkirmishOrder("pass")
    assert SkirmishOrder("fire", "R1", "D5") in orders
    assert len(orders) == 7  # six neighbours (one of them the enemy's), then pass
    assert skirmish.legal_orders(game.view("blue")) == []


def test_each_choice_points_at_its_unit_and_hex(skirmish: SkirmishRuleset) -> None:
    """Play by pointing (describe_choices): a move or fire marks its unit's counter and the
    hex; pass points at nothing; every unit named is a counter of the board."""
    game = _game(skirmish, red=[{"id": "R1", "at": "D4"}], blue=[{"id": "B1", "at": "D5"}])
    view = game.view("red")
    orders = skirmish.legal_orders(view)
    marks = skirmish.describe_choices(view, orders)
    board = skirmish.describe_board(view)
    refs = {c.ref for c in board.counters}
    assert refs == {"R1", "B1"}
    for order, mark in zip(orders, marks, strict=True):
        if order.kind == "pass":
            assert (mark.piece, mark.hexes, mark.kind) == (None, (), "pass")
        else:
            assert mark.piece in refs
            assert mark.hexes == (parse_label(order.to),)
            assert mark.kind == order.kind


def test_the_board_shows_the_map_and_only_what_the_side_sees(skirmish: SkirmishRuleset) -> None:
    """describe_board: every hex of the 7x7 map, woods, the objective, own units and seen
    enemies only; the lobby knows it draws a map (draws_board)."""
    game = _game(skirmish)
    board = skirmish.describe_board(game.view("red"))
    assert len(board.hexes) == 49
    assert {c.label for c in board.hexes if c.terrain == "woods"} == {"C3"}
    assert [m.kind for m in board.markers] == ["objective"]
    assert {c.side for c in board.counters} == {"red"}  # blue is out of sight
    assert board.to_json()["viewer"] == "red"
    assert skirmish.draws_board()


def test_determinised_worlds_look_like_the_view(skirmish: SkirmishRuleset) -> None:
    """determinise: a world drawn from a side's view gives that side the same view (its
    hidden enemy units out of its sight), and differs in what it hides."""
    rng = np.random.default_rng(7)
    for seed in (1, 2, 3, 4):
        session = random_session("skirmish/crossroads", seed)
        session.run(max_steps=8)
        game = session.game
        for side in game.info.sides:
            view = game.view(side)
            worlds = [skirmish.world(view, rng) for _ in range(4)]
            for world in worlds:
                assert world.view(side).to_json() == view.to_json()  # step and all
                assert world.decision().sides == game.decision().sides  # type: ignore[union-attr]
            if len(view.data["enemy"]) < len(view.data["enemy_units"]):
                assert len({w.state_hash() for w in worlds}) > 1


def test_the_computer_player_gives_legal_orders_and_fires_when_it_can(
    skirmish: SkirmishRuleset,
) -> None:
    """The computer player (ai): an order from the legal list; fire when an enemy is next."""
    game = _game(skirmish, red=[{"id": "R1", "at": "D4"}], blue=[{"id": "B1", "at": "D5"}])
    from hexwar.agents import make_agent

    agent = make_agent(skirmish, "red", "ai")
    order = agent.act(game.view("red"), np.random.default_rng(0))
    assert order == SkirmishOrder("fire", "R1", "D5")
    for seed in (1, 2):
        session = Session.start(
            resolve_scenario("skirmish/ridge"), seed=seed, agents={"red": "ai", "blue": "ai"}
        )
        session.run()
        assert session.game.outcome() is not None


def test_the_view_is_what_the_core_sends(skirmish: SkirmishRuleset) -> None:
    """Views are plain JSON (View.to_json) carrying the side and the step."""
    game = _game(skirmish)
    payload = game.view("blue").to_json()
    assert payload["ruleset"] == "skirmish"
    assert View("skirmish", "blue", 0, payload["data"]).data == game.view("blue").data
