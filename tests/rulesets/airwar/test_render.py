"""The board as text for terminal play (issue: "a readable board that shows during sealed
phases only what that side may see"); seats from §2.0, the rotated board from §3."""

from __future__ import annotations

from hexwar.rulesets.airwar.game import UNITS

from .conftest import game_at, new_game


def _board(game: object, side: str) -> list[str]:
    text = game.ruleset.render_view(game.view(side))  # type: ignore[attr-defined]
    return str(text).splitlines()


def test_3_rotated_board_draws_even_numbers_half_a_field_lower() -> None:
    # D6 touches D5, D7, C6, E6, E5 and E7 (ruling 5): the even numbers of a letter are drawn
    # on the line below its odd numbers, between it and the next letter
    game = game_at("small-unequal", cities=[("D6", "2")], units={"1": {"D6": 1}, "2": {"K9": 2}})
    lines = _board(game, "1")
    d = next(i for i, line in enumerate(lines) if line.startswith(" D  "))
    col = 4 + 3 * (6 - 1)  # the column of number 6
    assert lines[d + 1][col : col + 3] == "%1 "  # B's city D6 with one unit of A's on it
    assert lines[d][col : col + 3] == "   "
    assert lines[d][col + 3] == "-"  # D7 on the odd line: the airport beside the city
    k = next(i for i, line in enumerate(lines) if line.startswith(" K  "))
    col9 = 4 + 3 * (9 - 1)
    assert lines[k][col9 : col9 + 3] == ". b"  # two of B's units on A's K9


def test_the_opponents_territory_is_marked_and_the_board_is_seen_from_each_seat() -> None:
    game = game_at("small-four-cities", units={"1": {"K5": 3}, "2": {"K20": 1}})
    one, two = _board(game, "1"), _board(game, "2")
    assert one[2].startswith(" 25  :")  # player 1 sees row 25 at the top
    assert two[2].startswith("  1   :")  # player 2 sees row 1 at the top
    row5 = next(line for line in one if line.startswith("  5 "))
    assert ".3" in row5  # player 1's three units on his own territory
    row20 = next(line for line in one if line.startswith(" 20 "))
    assert ": a" in row20  # one enemy unit on the enemy's territory


def test_during_the_sealed_placement_the_board_hides_the_opponents_units() -> None:
    game = new_game("small-four-cities")
    game.submit("1", "cities D22 K21 F16 P17")
    game.submit("2", "cities D4 K4 F10 P9")
    assert game.phase == UNITS
    before = _board(game, "1")
    game.submit("2", "units " + " ".join(f"{c}20x3" for c in "CDEFGHIJKLMNO") + " K16")
    assert _board(game, "1") == before
