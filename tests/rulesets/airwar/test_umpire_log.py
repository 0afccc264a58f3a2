"""The umpire's log of an air war game, line by line: what each stage tells (seed 001, §2.0
the initial stage, §2.3 fire, §2.5 production). The log is the game's record for the players
and the designer's report, so what it says of a city, a stack or a loss is checked as
written, not only the event's data."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.airwar.game import FIRE
from hexwar.rulesets.airwar.rules import _ordinal

from .conftest import game_at, new_game


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
