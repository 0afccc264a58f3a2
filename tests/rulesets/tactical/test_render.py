"""The terminal board and order help (hexwar play)."""

from __future__ import annotations

from hexwar.core import registry

from .conftest import make_game


def test_render_shows_units_board_and_leadership_raised_morale() -> None:
    """COMMANDERS, LEADERSHIP: 'Morale increased due to Leadership is displayed' (here: *)."""
    leader = {"id": "C", "side": "allied", "name": "Cpt", "at": "2,1", "leadership": 8,
              "command": 2}  # fmt: skip
    game = make_game(commanders=[leader])
    text = registry.get("tactical").render_view(game.view("allied"))
    assert "A1     infantry  4 SP at 2,1" in text
    assert "morale 8*" in text
    assert "X1     infantry  4 SP at 4,0" in text  # seen across open ground
    assert "Hex q,r is column q, line r" in text
    assert "C      commander L8 C2 at 2,1" in text


def test_order_help_lists_every_action() -> None:
    game = make_game()
    text = registry.get("tactical").order_help(game.view("allied"))
    for verb in ("move", "fire", "assault", "smoke", "mount", "dismount"):
        assert f"\n  {verb} UNIT" in text


def _cell(text: str, q: int, r: int) -> str:
    """The four characters of hex ``q,r`` on the rendered board (line r, column q)."""
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("  r\\q"))
    qs = [int(x) for x in lines[header].split()[1:]]
    line = next(x for x in lines[header + 1 :] if x[:4].strip() == str(r))
    start = 6 + 5 * qs.index(q)
    return line[start : start + 4]


def test_board_labels_are_the_coordinates_orders_use() -> None:
    """One coordinate system: the board's line and column labels are the axial q,r of the
    orders and messages. A1 stands at 2,1 and X1 at 4,0 (seen over open ground): the board
    shows them at column 2 of line 1 and column 4 of line 0."""
    game = make_game()
    text = registry.get("tactical").render_view(game.view("allied"))
    assert _cell(text, 2, 1) == ".0 @"
    assert _cell(text, 4, 0) == ".0 X"
    assert _cell(text, 3, 0) == ".0  "


def test_board_shows_roads_hedges_elevation_objectives_and_bunkers_with_a_legend() -> None:
    """The hedgerows board: objective 10,-2 (a building on the 10 m ridge), the bunker at 9,1, the
    trench at 10,-1, the road through 6,2 and the hedges around 0,2; forest at 12,0 on the
    20 m ground; a legend says what each character means."""
    from hexwar.sessions import resolve_scenario

    resolved = resolve_scenario("tactical/hedgerows")
    game = resolved.ruleset.new_game(resolved.scenario, seed=1, scenario_id="h")
    text = resolved.ruleset.render_view(game.view("axis"))
    assert _cell(text, 10, -2) == "B1*@"
    assert _cell(text, 9, 1) == "f1#@"
    assert _cell(text, 10, -1)[:3] == "v1t"
    assert _cell(text, 6, 2)[:3] == "f0="
    assert _cell(text, 0, 2)[:3] == 'f0"'
    assert _cell(text, 12, 0)[:2] == "F2"
    for key in ("* objective", "# bunker", "= road", '" hedge', "elevation (x 10 m)", "F forest"):
        assert key in text


def test_help_at_the_prompt_is_help_and_the_prompt_names_it() -> None:
    """`help` (or :help, ?) at the tactical prompt prints the orders and commands instead of
    being refused as a bad action; the prompt itself mentions :help."""
    game = make_game()
    ui = registry.get("tactical").terminal_ui("allied")
    assert ui is not None
    prompts: list[str] = []
    answers = iter(["help", ":help", "pass"])
    shown: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    assert ui.next_order(game.view("allied"), read, shown.append) == "pass"
    assert ":help" in prompts[0]
    assert sum("move UNIT Q,R" in s for s in shown) == 3  # the board's help, then twice asked
    assert any(":quit" in s for s in shown)
