"""The reference games play exactly as their golden transcripts say (hexwar.testing.golden):
same scenario, seed and agents, same game, event by event. After an intended change,
regenerate them with ``make golden`` and review the diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexwar.testing.golden import file_name, first_difference, games, play

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(("scenario", "seed"), games(GOLDEN))
def test_reference_game_matches_its_golden_transcript(scenario: str, seed: int) -> None:
    expected = (GOLDEN / file_name(scenario, seed)).read_text(encoding="utf-8")
    actual = play(scenario, seed)
    assert actual == expected, (
        f"{scenario} seed {seed} no longer plays as its golden transcript "
        f"({first_difference(expected, actual)}); if intended, run `make golden`"
    )


def test_first_difference_names_the_line() -> None:
    assert first_difference("a\nb\nc\n", "a\nx\nc\n") == "line 2:\n  golden: b\n  now:    x"
    assert first_difference("a\n", "a\nb\n") == "lengths differ: golden 1 lines, now 2 lines"
