"""Seeded streams per purpose and dice that remember their draws for receipts."""

from __future__ import annotations

from hexwar.core.rng import Dice, stream


def test_same_seed_and_purpose_give_the_same_draws() -> None:
    assert (
        stream(7, "adjudication").random(5).tolist() == stream(7, "adjudication").random(5).tolist()
    )


def test_purposes_are_independent_streams() -> None:
    assert stream(7, "adjudication").random(3).tolist() != stream(7, "agent:red").random(3).tolist()


def test_seeds_differ() -> None:
    assert (
        stream(7, "adjudication").random(3).tolist() != stream(8, "adjudication").random(3).tolist()
    )


def test_dice_record_each_draw_until_taken() -> None:
    dice = Dice.for_game(1)
    dice.chance("hit", 0.5)
    dice.die("d6")
    rolls = dice.take()
    assert [r.label for r in rolls] == ["hit", "d6"]
    assert rolls[0].chance == 0.5
    assert rolls[1].sides == 6
    assert 1 <= int(rolls[1].value) <= 6
    assert dice.take() == ()


def test_chance_is_clamped_and_certain_outcomes_hold() -> None:
    dice = Dice.for_game(3)
    assert all(dice.chance("sure", 1.5) for _ in range(20))
    assert not any(dice.chance("never", -0.2) for _ in range(20))
