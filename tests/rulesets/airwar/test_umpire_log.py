"""The umpire's log of an air war game, line by line: what each stage tells (seed 001, §2.0
the initial stage, §2.3 fire, §2.5 production). The log is the game's record for the players
and the designer's report, so what it says of a city, a stack or a loss is checked as
written, not only the event's data."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.airwar.game import FIRE
from hexwar.rulesets.airwar.rules import _ordinal
from tests.rulesets.airwar.helpers import _cycle

from .conftest import game_at, holder, new_game


def test_2_0_the_initial_stage_tells_the_cities_with_the_productive_marked() -> None:
    # small-four-cities: the two cities nearest the owner's back boundary produce (§3 small
    # board). Player 2's back boundary is row 25, so of D22 K22 F16 P17 the two in row 22
    # are his productive ones; player 1's is row 1: D4 and K4.
    game = new_game("small-four-cities")
    game.submit("1", "cities D22 K22 F16 P17")
    game.submit("2", "cities D4 K4 F10 P9")
    assert [e.text for e in game.log if e.kind == "cities"] == [
        "Player 1 placed player 2's cities: D22*, K22*, F16, P17 (* productive)",
        "Player 2 placed player 1's cities: D4*, K4*, F10, P9 (* productive)",
    ]


def test_2_0_the_placed_units_are_told_by_field_with_the_stacks_counted() -> None:
    # §3 unequal game: A places 13 stacks of 3 and a single unit (40), announces M8 as its
    # unproductive city; the log gives each field once, "x3" for a stack, nothing for one.
    game = new_game("small-unequal")
    game.submit("1", "cities C5 C20 S5 S20")
    game.submit("2", "cities I4 I12 I20 M8")
    stacks = [f"{c}{n}x3" for c in "HIJKLMN" for n in (9, 10)][:13]
    game.submit("1", "units " + " ".join(stacks) + " H11 unproductive M8")
    game.submit("2", "units " + " ".join(f"A{n}x3" for n in range(1, 14)) + " B1")
    told = [e.text for e in game.log if e.kind in ("units", "announce")]
    assert told == [
        "Player 1 placed 40 units: H9x3 I9x3 J9x3 K9x3 L9x3 M9x3 N9x3 H10x3 I10x3 J10x3 "
        "K10x3 L10x3 M10x3 H11",
        "Player 1 announces that its city M8 is not productive",
        "Player 2 placed 40 units: A1x3 B1 A2x3 A3x3 A4x3 A5x3 A6x3 A7x3 A8x3 A9x3 A10x3 "
        "A11x3 A12x3 A13x3",
    ]


def test_2_3_and_2_5_a_cycle_tells_the_fire_the_losses_and_the_production() -> None:
    # §2.3: two directed units of fire kill one enemy unit. Each player fires two units at
    # the other's stack: each loses one. §2.5: player 1's productive K4, held and not
    # contested, then produces one unit, and so does his productive D4 (empty).
    game = game_at(
        "small-four-cities",
        cities=[("K4", "1"), ("D4", "1")],
        units={"1": {"K10": 3, "K4": 1}, "2": {"K11": 2}},
        phase=FIRE,
    )
    game.submit("1", "K10@K11x2")  # type: ignore[attr-defined]
    game.submit("2", "K11@K10x2")  # type: ignore[attr-defined]
    assert [(e.kind, e.text) for e in game.log if e.kind != "setup"] == [
        ("fire", "Cycle 1: player 1 fires K10@K11x2"),
        ("fire", "Cycle 1: player 2 fires K11@K10x2"),
        ("dead", "Cycle 1: player 1 loses 1 unit(s): K10"),
        ("dead", "Cycle 1: player 2 loses 1 unit(s): K11"),
        ("production", "Cycle 1: player 1 receives 2 unit(s) at K4, D4"),
    ]
    tables = [e.receipt.table for e in game.log if e.kind == "dead" and e.receipt is not None]
    assert tables == ["§2.3: two directed units of fire kill one enemy unit"] * 2


@pytest.mark.parametrize(
    ("k", "said"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"), (11, "11th"), (12, "12th"),
     (13, "13th"), (20, "20th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (111, "111th"),
     (121, "121st")],
)  # fmt: skip
def test_the_refusals_count_cities_in_english_ordinals(k: int, said: str) -> None:
    # A tie at the productive cities' boundary is refused naming "the 2nd and 3rd" (§3.1.2):
    # a scenario of ten or more productive cities gives 10th-13th, 21st and on.
    assert _ordinal(k) == said


def test_2_each_stage_prompts_for_its_orders_with_the_cycle() -> None:
    # §2: a cycle is a move stage, then an aim-fire stage; the decision's prompt, shown to
    # the players, names the stage, its cycle and the order notation.
    game = game_at("small-four-cities", units={"1": {"K10": 3}, "2": {"K11": 2}}, cycle=2)
    decision = game.decision()
    assert decision is not None
    assert decision.prompt == "cycle 2, moves: FROM-TO or FROM-TOxN, flights FROM>TO (or pass)"
    assert decision.sides == {"1", "2"}


def test_2_parts_of_an_order_out_of_their_stage_are_all_named() -> None:
    # §2 the stages of the cycle: cities and units belong to the initial stage; an order
    # placing both in a move stage is refused naming both.
    game = game_at("small-four-cities", units={"1": {"K10": 1}, "2": {"K18": 1}})
    with pytest.raises(IllegalOrderError) as refusal:
        game.submit("1", "units K3 ; cities K20")  # type: ignore[attr-defined]
    assert str(refusal.value).startswith("cities, units cannot be ordered in the move stage")
    assert refusal.value.rule == "§2 stages of the cycle"


@pytest.mark.found_by_mutation
def test_2_0_a_new_game_opens_with_its_setup_and_hashes_its_state() -> None:
    """§2.0, the initial stage: the game's log opens with the setup (the variant and its board)
    told to both players, and the position before any order already has a state hash (the
    stage, the cycle, no cities, no units, no side to fire)."""
    game = new_game("small-four-cities")
    first = game.events()[0]
    assert first.kind == "setup"
    assert first.text.endswith("on the small board")
    assert len(game.state_hash()) == 64


@pytest.mark.found_by_mutation
def test_2_1_a_city_entered_by_the_opponent_is_captured_and_told() -> None:
    """§2.1: "A city is controlled by a player until the opponent has uncontested fighting
    units in the city": player 2's unit moves alone into player 1's city K4. The event says it
    was captured (not recaptured: K4 is not player 2's own) and names the city and its new
    holder."""
    game = game_at("small-four-cities", cities=[("K4", "1", False)],
                   units={"1": {"K18": 1}, "2": {"K5": 1}})  # fmt: skip
    game.submit("1", "pass")
    game.submit("2", "K5-K4")
    (told,) = [e for e in game.events() if e.kind == "city"]
    assert told.text == "Cycle 1: player 2 captured the city K4 from player 1"
    assert told.data == {"city": "K4", "holder": "2"}
    assert holder(game, "K4") == "2"


@pytest.mark.found_by_mutation
def test_3_the_placed_units_and_the_announced_city_are_told() -> None:
    """§2.0 and §3 (the unequal game): each player's placement is told as a `units` event
    with its side; A's announcement of its unproductive city as an `announce` event with the
    side and the city (M8)."""
    game = new_game("small-unequal")
    game.submit("1", "cities C5 C20 S5 S20")
    game.submit("2", "cities I4 I12 I20 M8")
    a = "units " + " ".join([f"{c}{n}x3" for c in "HIJKLMN" for n in (9, 10)][:13]) + " H11"
    game.submit("1", a + " unproductive M8")
    game.submit("2", "units " + " ".join(f"A{n}x3" for n in range(1, 14)) + " B1")
    told = [(e.kind, e.data) for e in game.events() if e.kind in ("units", "announce")]
    assert told == [
        ("units", {"side": "1"}),
        ("announce", {"side": "1", "city": "M8"}),
        ("units", {"side": "2"}),
    ]


@pytest.mark.found_at_call_site
def test_moves_fire_and_cities_are_logged_with_their_orders_as_data() -> None:
    """The log keeps each player's orders of a stage as data (the replay and the summary
    read it)."""
    game = new_game("small-four-cities")
    game.submit("1", "cities D22 K22 F16 P17")
    game.submit("2", "cities D4 K4 F10 P9")
    placed = [e for e in game.events() if e.kind == "cities"]
    assert [(e.data["side"], e.data["cities"]) for e in placed] == [
        ("1", ["D22", "K22", "F16", "P17"]),
        ("2", ["D4", "K4", "F10", "P9"]),
    ]
    fight = game_at("small-four-cities", units={"1": {"K10": 3}, "2": {"K11": 2}}, phase=FIRE)
    fight.submit("1", "K10@K11x3")
    fight.submit("2", "pass")
    fire = [e for e in fight.events() if e.kind == "fire"]
    assert [e.data["side"] for e in fire] == ["1", "2"]
    assert all(e.data["order"] is not None for e in fire)
    quiet = game_at("small-four-cities", units={"1": {"K5": 1}, "2": {"K20": 1}})
    _cycle(quiet)
    moves = [e for e in quiet.events() if e.kind == "moves"]
    assert [e.data["side"] for e in moves] == ["1", "2"]
    assert [e.data["order"] for e in moves] == [e.data["order"] for e in moves[:1]] * 2
