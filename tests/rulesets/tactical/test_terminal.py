"""The tactical console (``hexwar play tactical/...``): a line with a refused action keeps its
accepted actions (issue 43). The test map of conftest.py: AHQ at 0,0, A1 at 2,1, X1 at 4,0
seen, XHQ at 7,-3; the actions are checked as the game checks them, on the side's view
(docs/tactical.md, "Orders")."""

from __future__ import annotations

from collections.abc import Iterator

from hexwar.core import registry

from .conftest import make_game


def _console(lines: list[str]) -> tuple[str | None, list[str], list[str]]:
    """What the allied console returns for ``lines`` typed in turn, what it wrote, and the
    prompts it showed."""
    game = make_game()
    ui = registry.get("tactical").terminal_ui("allied")
    assert ui is not None
    typed: Iterator[str] = iter(lines)
    shown: list[str] = []
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(typed)

    return ui.next_order(game.view("allied"), read, shown.append), shown, prompts


def test_a_refused_action_keeps_the_accepted_ones_and_only_it_is_typed_again() -> None:
    """'move A1 3,1; fire A1 Z9; move AHQ 1,0': Z9 is no enemy unit A1 can see (the game's
    spotting rule), so the console says which action was refused and why, keeps the two moves
    and asks again; the fire order typed again, mended, completes the line, which is sent with
    the moves in the order typed."""
    order, shown, prompts = _console(["move A1 3,1; fire A1 Z9; move AHQ 1,0", "fire A1 X1"])
    answer = shown[-1]
    assert answer.startswith("accepted (kept): move A1 3,1; move AHQ 1,0. refused: fire A1 Z9 (")
    assert "[spotting]" in answer
    assert "1 kept" not in prompts[0]
    assert "2 kept" in prompts[1]
    assert order == "move A1 3,1; move AHQ 1,0; fire A1 X1"


def test_send_sends_the_kept_actions_alone_and_clear_drops_them() -> None:
    order, _, _ = _console(["move A1 3,1; fire A1 Z9", "send"])
    assert order == "move A1 3,1"
    order, shown, _ = _console(["move A1 3,1; fire A1 Z9", "clear", "pass"])
    assert "cleared: nothing kept" in shown
    assert order == "pass"


def test_a_line_with_every_action_refused_keeps_nothing() -> None:
    """A line all refused says so and keeps nothing: the prompt stays the plain one."""
    order, shown, prompts = _console(["fire A1 Z9", "move A1 3,1"])
    assert shown[-1].startswith("refused: fire A1 Z9 (")
    assert "accepted" not in shown[-1]
    assert "kept" not in prompts[1]
    assert order == "move A1 3,1"
