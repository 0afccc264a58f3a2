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
    top = one.index("     A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P  Q  R  S  T  U") + 1
    # player 1 sees row 25 at the top: 25 to 21, nothing on them, drawn as one line
    assert one[top] == "25-21  the opponent's territory, empty (5 rows)"
    assert one[top + 1].startswith(" 20   :")  # row 20 (even) half a field right
    top = two.index("     U  T  S  R  Q  P  O  N  M  L  K  J  I  H  G  F  E  D  C  B  A") + 1
    assert two[top] == "1-4  the opponent's territory, empty (4 rows)"  # row 1 at the top
    assert two[top + 1].startswith("  5   :")
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


def test_every_bundled_board_and_its_help_fit_80_columns_and_lose_nothing() -> None:
    """Issue 43: seven lines of the air war's board were wider than 80 columns (the legend
    180) and the small board's 25 rows with the legend and help did not fit 24 lines. Now
    every line of every bundled scenario's board, from both seats, and of its help fits 80
    columns; a run of three or more rows (letters on the rotated board) holding only the same
    plain ground is one line, so the small board at its first stage takes 10 lines (the
    rotated one 18), and the full board drawn from the same view has the same fields."""
    import glob
    import os
    import re

    from hexwar.rulesets.airwar import game as game_module
    from hexwar.rulesets.airwar.render import render_view
    from hexwar.sessions import resolve_scenario

    folder = os.path.join(os.path.dirname(game_module.__file__), "scenarios")
    for path in sorted(glob.glob(os.path.join(folder, "*.toml"))):
        name = "airwar/" + os.path.basename(path).removesuffix(".toml")
        resolved = resolve_scenario(name)
        game = resolved.ruleset.new_game(resolved.scenario, seed=1, scenario_id="s")
        for side in ("1", "2"):
            view = game.view(side)
            text = resolved.ruleset.render_view(view)
            lines = [*text.splitlines(), *resolved.ruleset.order_help(view).splitlines()]
            assert max(map(len, lines)) <= 80, (name, side)
            full = render_view(view.data, width=80).splitlines()
            kept = [line for line in text.splitlines() if "empty (" not in line]
            runs = [int(n) for n in re.findall(r"empty \((\d+) (?:rows|letters)\)", text)]
            assert set(kept) <= set(full), (name, side)
            rows_per_run = 2 if "letters" in text else 1  # a letter takes two lines
            assert len(kept) + rows_per_run * sum(runs) == len(full), (name, side)
    small = new_game("small-three-cities")
    assert len(small.ruleset.render_view(small.view("1")).splitlines()) == 10
    rotated = new_game("small-unequal")
    assert len(rotated.ruleset.render_view(rotated.view("1")).splitlines()) == 18
