"""The air war's legal lists (issue 21, item 1) are incremental: a plan's next unit steps are
checked against what the plan changes only (hexwar/rulesets/airwar/legal.py). They must list
exactly what checking every candidate order whole by the rules lists (``checked_orders``):
§2.1 moves to adjacent fields and flights, at most three units of a colour on a field, §2.3 aim
fire, §3.2.2 double transportations and the no-attack cycles, in real games of several variants
and at the boundaries (a full plan, units hemmed in, the board's edge, four units on a field).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hexwar.core.game import Game
from hexwar.rulesets.airwar import legal
from hexwar.rulesets.airwar.game import FIRE
from hexwar.rulesets.airwar.orders import AirwarOrder
from hexwar.rulesets.airwar.rules import check_moves
from hexwar.testing import play_out

from .conftest import game_at


def _walk(
    data: dict[str, Any], rng: np.random.Generator, max_steps: int, *, copy_at: int = 3
) -> int:
    """Grow one plan over ``data`` a random entry at a time, comparing every list with the one
    checked whole; the plan is read from the lazy list (the incremental path), except at step
    ``copy_at``, where an equal copy is passed (a plan the lists did not build: checked whole).
    Returns how many steps were taken (the plan is full when the list is the plan alone)."""
    plan: AirwarOrder | None = None
    for step in range(max_steps):
        choices = legal.legal_choices(data, plan)
        listed = list(choices)
        assert len(choices) == len(listed)
        assert listed == legal.checked_orders(data, plan), f"step {step}: {plan}"
        if len(listed) == 1:
            return step  # a full plan: every unit that may act is used
        plan = choices[int(rng.integers(len(choices) - 1))]
        if step == copy_at:
            plan = AirwarOrder(
                moves=tuple(plan.moves),
                flights=tuple(plan.flights),
                transports=tuple(plan.transports),
                fire=tuple(plan.fire),
            )
    return max_steps


def _walk_decisions(game: Game[Any, Any], decisions: int, max_steps: int, seed: int) -> int:
    """Walk both sides' plans at each of the next ``decisions`` decisions of ``game``, then
    let random agents play them. Returns the steps walked."""
    from hexwar.agents import RandomAgent, agent_rng

    rng = np.random.default_rng(seed)
    walked = 0
    for _ in range(decisions):
        decision = game.decision()
        assert decision is not None
        for side in sorted(decision.sides):
            view = game.view(side)
            if legal.stepwise(view.data):
                walked += _walk(dict(view.data), rng, max_steps)
        for side in sorted(decision.sides):
            view = game.view(side)
            order = RandomAgent(game.ruleset, side).act(view, agent_rng(seed, side, game.step))
            game.submit(side, order.to_json())
    return walked


@pytest.mark.parametrize(
    ("scenario", "seed", "before", "decisions", "max_steps"),
    [
        ("airwar/small-four-cities", 1, 8, 2, 200),  # whole plans: every unit steps
        ("airwar/small-unequal", 2, 12, 2, 25),  # §3 B may not attack A's cities yet
        ("airwar/small-three-cities", 4, 30, 2, 25),
        ("airwar/large-no-mans-land-city", 1, 6, 1, 25),  # §3.2.2 transports, D's no attack
    ],
)
def test_incremental_lists_equal_the_lists_checked_whole_in_real_games(
    scenario: str, seed: int, before: int, decisions: int, max_steps: int
) -> None:
    game = play_out(scenario, seed, before)
    assert game.outcome() is None
    assert _walk_decisions(game, decisions, max_steps, seed) > decisions


def test_a_full_plan_lists_itself_alone() -> None:
    """§2.1: each unit moves once a cycle; once every unit has a step the plan is full."""
    game = game_at("small-four-cities", units={"1": {"K5": 2, "K10": 1}, "2": {"K20": 1}})
    data = dict(game.view("1").data)
    rng = np.random.default_rng(0)
    assert _walk(data, rng, 10) == 3  # three units, three steps, then the plan alone


def test_2_1_a_unit_hemmed_in_by_full_fields_gets_a_move_once_a_neighbour_makes_room() -> None:
    """A1 is a corner of the board (two neighbours, A2 and B1); with three units on each it
    may not move (§2.1: at most three of a colour on a field); a unit leaving A2 lets it."""
    game = game_at("small-four-cities", units={"1": {"A1": 1, "A2": 3, "B1": 3}, "2": {"K20": 1}})
    data = dict(game.view("1").data)
    choices = legal.legal_choices(data)
    first = list(choices)
    assert first == legal.checked_orders(data)
    assert not any(m[0] == "A1" for o in first for m in o.moves)
    leave = next(i for i, o in enumerate(first) if o.moves == (("A2", "A3", 1),))
    second = list(legal.legal_choices(data, choices[leave]))
    assert second == legal.checked_orders(data, first[leave])
    a1 = [o.moves for o in second if any(m[0] == "A1" for m in o.moves)]
    assert a1 == [(("A2", "A3", 1), ("A1", "A2", 1))]  # B1 is still full


def test_2_1_moves_from_the_board_edge_reach_only_fields_on_the_board() -> None:
    """U1 is a corner: its neighbours are T1, T2 and U2 only."""
    game = game_at("small-four-cities", units={"1": {"U1": 1}, "2": {"K20": 1}})
    data = dict(game.view("1").data)
    listed = legal.legal_orders(data)
    assert listed == legal.checked_orders(data)
    assert [o.moves for o in listed[:-1]] == [
        (("U1", "T1", 1),),
        (("U1", "T2", 1),),
        (("U1", "U2", 1),),
    ]


def test_3_2_2_a_fourth_unit_on_a_field_must_move_off_and_the_list_ends_on_a_plan_that_does() -> (
    None
):
    """Ruling 14: "the fourth unit must move off at the next move". Four units on K5, three on
    each of its neighbours: no single step makes the order legal, so the list is the plan that
    submits -- the fourth unit passes to J5 (K5's first neighbour in board order), and J5
    passes one of its own on to I5 (J5's first neighbour with room)."""
    full = dict.fromkeys(("J5", "J6", "J4", "K6", "K4", "L5"), 3)
    game = game_at("small-four-cities", units={"1": {"K5": 4, **full}, "2": {"K20": 1}})
    data = dict(game.view("1").data)
    listed = legal.legal_orders(data)
    assert listed == legal.checked_orders(data)
    assert listed == [AirwarOrder(moves=(("K5", "J5", 1), ("J5", "I5", 1)))]
    game.submit("1", listed[-1].to_json())  # accepted; "pass" would not be
    with pytest.raises(ValueError, match="4 units of one colour"):
        check_moves(game_at("small-four-cities", units={"1": {"K5": 4}}).pos, "1", AirwarOrder())


def test_3_2_2_with_a_neighbour_free_the_steps_are_the_ones_that_relieve_the_field() -> None:
    """Four on K5, L5 has room: the only legal single step is K5-L5; then the plan is legal
    and the lists go on incrementally (equal to the lists checked whole)."""
    full = dict.fromkeys(("J5", "J6", "J4", "K6", "K4"), 3)
    game = game_at("small-four-cities", units={"1": {"K5": 4, **full, "L5": 1}, "2": {"K20": 1}})
    data = dict(game.view("1").data)
    listed = legal.legal_orders(data)
    relieve = AirwarOrder(moves=(("K5", "L5", 1),))
    assert listed == [relieve, relieve]  # the step, and the plan that submits
    assert _walk(data, np.random.default_rng(1), 40) > 1


@pytest.mark.parametrize("free", [(), ("L5",)])
def test_3_2_2_the_random_agent_moves_a_fourth_unit_off(free: tuple[str, ...]) -> None:
    """The random agent's orders in those positions are accepted (a plan leaving four units
    on K5 would be refused, §2.1), whatever it draws."""
    full = {f: 3 for f in ("J5", "J6", "J4", "K6", "K4", "L5") if f not in free}
    for seed in range(6):
        game = game_at("small-four-cities", units={"1": {"K5": 4, **full}, "2": {"K20": 1}})
        view = game.view("1")
        order = game.ruleset.random_order(view, np.random.default_rng(seed))
        game.submit("1", order.to_json())


def test_2_3_fire_lists_are_incremental_too() -> None:
    """Three units on K10 beside two enemies on K11: three shots, one at a time."""
    game = game_at("small-four-cities", units={"1": {"K10": 3}, "2": {"K11": 2}}, phase=FIRE)
    data = dict(game.view("1").data)
    choices = legal.legal_choices(data)
    assert list(choices) == [AirwarOrder(fire=(("K10", "K11", 1),)), AirwarOrder()]
    assert _walk(data, np.random.default_rng(0), 10) == 3


def test_a_lazy_list_reads_like_the_list() -> None:
    """Indexing from either end, slices and iteration give the entries of ``legal_orders``,
    and an entry read twice is the same object (the next list recognises it)."""
    game = play_out("airwar/small-four-cities", 3, 5)
    data = game.view("1").data
    assert data["phase"] == "move"
    choices = legal.legal_choices(data)
    listed = legal.legal_orders(data)
    n = len(listed)
    assert len(choices) == n > 10
    assert [choices[i] for i in range(n)] == listed
    assert choices[-1] == listed[-1] == AirwarOrder()
    assert choices[-n] == listed[0]
    assert choices[2:7] == listed[2:7]
    assert choices[5] is choices[5]
    with pytest.raises(IndexError):
        choices[n]


def test_3_2_2_a_double_transportation_is_listed_once_its_city_has_room() -> None:
    """§3.2.2: two units flown from an airport D holds to the airport of one of his cities
    (whoever holds it), one landing on the airport and one on the city. D's cities: K25 (held
    by C, airport K26), D44 (airport D45), K44 (airport K45). Three D units on K44: D45>>K45
    and K45>>K45 would put four on K44; K45>>D45 four on D45 (three there, one lands). So the
    first list has D45>>D45, D45>>K26 and K45>>K26; once a unit leaves K44 it also has
    D45>>K45 and K45>>K45 (two leave K45, one lands back: one there, three on K44)."""
    game = game_at(
        "large-no-mans-land-city",
        cities=[("K44", "2", False), ("D44", "2", False)],
        units={"1": {"A1": 1}, "2": {"D45": 3, "K45": 2, "K44": 3}},
    )
    data = dict(game.view("2").data)
    choices = legal.legal_choices(data)
    first = list(choices)
    assert first == legal.checked_orders(data)
    assert [o.transports for o in first if o.transports] == [
        (("D45", "D45"),),
        (("D45", "K26"),),
        (("K45", "K26"),),
    ]
    leave = next(i for i, o in enumerate(first) if o.moves and o.moves[0][0] == "K44")
    second = list(legal.legal_choices(data, choices[leave]))
    assert second == legal.checked_orders(data, first[leave])
    assert [o.transports[-1] for o in second if o.transports] == [
        ("D45", "D45"),
        ("D45", "K26"),
        ("D45", "K45"),
        ("K45", "K26"),
        ("K45", "K45"),
    ]
    assert _walk(data, np.random.default_rng(4), 12) > 3


def test_4_a_late_order_is_pass_or_the_move_that_takes_a_fourth_unit_off() -> None:
    """§4's time limit, ruling 22: a late order is ``pass`` -- but with four units on K5
    (ruling 14: "the fourth unit must move off at the next move") ``pass`` is refused, so the
    late order is the least move that takes it off: K5 to J5, J5 passing one of its own on to
    I5 (the neighbours are full, as in the test above). The game accepts it as given. Each is
    marked ``late``, and the log tells it as a timeout, not as the player's own move (issue 39
    item 9)."""
    full = dict.fromkeys(("J5", "J6", "J4", "K6", "K4", "L5"), 3)
    crowded = game_at("small-four-cities", units={"1": {"K5": 4, **full}, "2": {"K20": 1}})
    limit = crowded.ruleset.time_limit(crowded.view("1"))
    assert limit is not None
    assert limit.seconds == 30  # §4: half a minute on the small board
    assert limit.late_order == "late K5-J5 J5-I5"
    crowded.submit("1", limit.late_order)
    decision = crowded.decision()
    assert decision is not None
    assert "1" not in decision.sides  # its order is in

    calm = game_at("small-four-cities", units={"1": {"K5": 3, **full}, "2": {"K20": 1}})
    limit = calm.ruleset.time_limit(calm.view("1"))
    assert limit is not None
    assert limit.late_order == "late pass"
    calm.submit("1", limit.late_order)


def test_4_a_late_pass_is_logged_as_a_timeout_not_as_the_players_move() -> None:
    """§4's time limit, ruling 22 (issue 39 item 9): the late order given for a player out of
    time is told in the log as such ("out of time: every unit stays"); a pass the player gave
    is still "moves pass"."""
    game = game_at("small-four-cities", units={"1": {"K5": 2}, "2": {"K20": 1}})
    limit = game.ruleset.time_limit(game.view("1"))
    assert limit is not None
    game.submit("1", limit.late_order)
    game.submit("2", "pass")
    told = [e.text for e in game.events("2") if e.kind == "moves"]
    assert "Cycle 1: player 1 is out of time (§4): every unit stays" in told
    assert "Cycle 1: player 2 moves pass" in told
    assert not any("player 1 moves" in t for t in told)
