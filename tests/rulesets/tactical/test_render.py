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
    """The four characters of hex ``q,r`` on the rendered board (line r, column q): the
    letter of its units, terrain, elevation, mark."""
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
    assert _cell(text, 2, 1) == "b.0 "  # A1: b, after the HQ at 0,0 (a)
    assert _cell(text, 4, 0) == "B.0 "  # X1, the enemy seen after the HQ at 7,-3 (A)
    assert _cell(text, 3, 0) == " .0 "


def test_board_shows_roads_hedges_elevation_objectives_and_bunkers_with_a_legend() -> None:
    """The hedgerows board: objective 10,-2 (a building on the 10 m ridge), the bunker at 9,1, the
    trench at 10,-1, the road through 6,2 and the hedges around 0,2; forest at 12,0 on the
    20 m ground; a legend says what each character means."""
    from hexwar.sessions import resolve_scenario

    resolved = resolve_scenario("tactical/hedgerows")
    game = resolved.ruleset.new_game(resolved.scenario, seed=1, scenario_id="h")
    text = resolved.ruleset.render_view(game.view("axis"))
    assert _cell(text, 10, -2) == "bB1*"  # G1, the second German unit (after the HQ)
    assert _cell(text, 9, 1) == "ef1#"  # G4
    assert _cell(text, 10, -1)[1:] == "v1t"
    assert _cell(text, 6, 2)[1:] == "f0="
    assert _cell(text, 0, 2)[1:] == 'f0"'
    assert _cell(text, 12, 0)[1:3] == "F2"
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
    assert sum("move UNIT Q,R" in s for s in shown) == 2  # asked twice (the board: none)
    assert any(":quit" in s for s in shown)


def test_the_board_names_each_unit_by_a_letter_that_the_key_under_it_explains() -> None:
    """Issue 43: the board showed '@' for any own unit. Each hex with units now shows a letter
    (yours a, b, ... in the order of your unit list, commanders last; the enemy seen A, B,
    ...) and the key under the board names the units of each letter, stacked ones joined by
    '+'. On the test map AHQ stands at 0,0 and A1 at 2,1 with the commander C: a and b."""
    from hexwar.rulesets.tactical.render import screen

    leader = {"id": "C", "side": "allied", "name": "Cpt", "at": "2,1", "leadership": 8,
              "command": 2}  # fmt: skip
    game = make_game(commanders=[leader])
    text = screen(game.view("allied").data, 80)
    assert _cell(text, 0, 0) == "a.0 "
    assert _cell(text, 2, 1) == "b.0 "
    assert "yours: a AHQ  b A1+C" in text
    assert "seen: A XHQ  B X1" in text


def test_the_terminal_board_fits_80_columns_and_leaves_room_for_an_answer() -> None:
    """Issue 43: at 80 columns the tactical board ran to 86 characters a line and the legend
    to 186. Each bundled scenario's board, key, legend, unit list and help now fit 80 columns
    (4 characters a hex where 5 do not fit), and the board with its status line and key takes
    at most 21 of a 24-line screen: the prompt and a two-line answer fit under it."""
    from hexwar.rulesets.tactical.render import legend, screen, unit_list
    from hexwar.rulesets.tactical.terminal import COMMANDS
    from hexwar.sessions import resolve_scenario

    for scenario in ("tactical/meeting1941", "tactical/hedgerows"):
        resolved = resolve_scenario(scenario)
        game = resolved.ruleset.new_game(resolved.scenario, seed=1, scenario_id="s")
        for side in ("allied", "axis"):
            view = game.view(side)
            board = screen(view.data, 80, 24)
            assert len(board.splitlines()) <= 21, (scenario, side, board)
            for text in (
                board,
                legend(view.data, 80),
                unit_list(view.data, 80),
                resolved.ruleset.order_help(view),
                COMMANDS,
                resolved.ruleset.render_view(view),
            ):
                wide = [line for line in text.splitlines() if len(line) > 80]
                assert not wide, (scenario, side, wide)
            at_120 = screen(view.data, 120, 40)  # room for the unit list too
            assert unit_list(view.data, 120) in at_120
            assert max(map(len, at_120.splitlines())) <= 120
