"""Seeded streams per purpose and dice that remember their draws for receipts."""

from __future__ import annotations

import pytest

from hexwar.core.rng import Dice, InvalidSeedError, seed_entropy, stream


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


def test_every_signed_64_bit_seed_gives_its_own_stream() -> None:
    """Issue 15: ``--seed -1`` crashed in SeedSequence; negative seeds map past the others."""
    seeds = [-(2**63), -1, 0, 1, 2**63 - 1]
    draws = [tuple(stream(s, "adjudication").random(3).tolist()) for s in seeds]
    assert len(set(draws)) == len(seeds)
    assert seed_entropy(5) == 5  # non-negative seeds keep the draws they always had
    assert seed_entropy(-1) == 2**64 + 1


def test_seeds_beyond_64_bits_are_refused_by_name() -> None:
    for seed in (2**63, -(2**63) - 1):
        with pytest.raises(InvalidSeedError, match=f"seed {seed} is not a signed 64-bit"):
            stream(seed, "adjudication")
