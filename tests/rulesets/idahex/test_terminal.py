"""Terminal play of IDAHEX (issue "Playing it"; §4 commands, §6 strikes at cycle starts): the
console checks each command as it is typed, answers a commander's questions from the side's
view only, and sends the period's commands with ``done``."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.core.views import View
from hexwar.rulesets.idahex.terminal import IdahexTerminal
from tests.rulesets.idahex.sinai import game, play, unit


def drive(view: View, lines: list[str], ui: IdahexTerminal | None = None) -> tuple[str | None, str]:
    """Feed ``lines`` to the console; what it returned and everything it wrote."""
    ui = ui or IdahexTerminal(view.side)
    feed: Iterator[str] = iter(lines)
    out: list[str] = []

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return ui.next_order(view, read, out.append), "\n".join(out)


def test_commands_are_checked_as_typed_and_sent_with_done() -> None:
    g = game(unit(2, 27), unit(153, 39))
    order, text = drive(
        g.view("red"),
        ["mission 39,10 units 2", "transfer 27 givers x", "cas 39 aircraft 4", "list", "done"],
    )
    assert order == "mission 39,10 units 2; cas 39 aircraft 4"
    assert "not understood: givers" in text
    assert "  1: mission 39,10 units 2\n  2: cas 39 aircraft 4" in text
    g.submit("red", order)  # the game takes what the console sends


def test_6_air_strikes_only_at_cycle_starts() -> None:
    g = game(unit(2, 27), unit(153, 39))
    play(g)  # t = 0.5: a period start that is not a cycle start
    assert not g.view("red").data["design"]["strikes_now"]
    order, text = drive(g.view("red"), ["interdiction 39 priority 4,3,1,2 aircraft 2", "done"])
    assert order == "pass"
    assert "air strikes are entered at the start of a cycle only (§6)" in text


def test_drop_clear_quit_and_concede() -> None:
    view = game(unit(2, 27), unit(153, 39)).view("red")
    order, text = drive(view, ["transfer 26", "transfer 27", "drop 1", "list", "done"])
    assert order == "transfer 27"
    assert "dropped 1: transfer 26" in text
    assert drive(view, ["transfer 27", "clear", "done"])[0] == "pass"
    assert drive(view, ["quit"])[0] is None
    assert drive(view, ["concede"])[0] == ":concede"
    with pytest.raises(EOFError):  # end of input: terminal play saves the game and stops
        drive(view, [])


def test_refused_commands_are_kept_to_mend() -> None:
    view = game(unit(2, 27), unit(153, 39)).view("red")
    ui = IdahexTerminal("red")
    # posture 15 is not one of Sinai's (10, 11, 20, 30, 40): the game refuses it at `done`
    assert drive(view, ["mission 27,15 units 2", "done"], ui)[0] == "mission 27,15 units 2"
    order, text = drive(view, ["list", "drop 1", "done"], ui)  # same decision again
    assert "Your commands are kept" in text
    assert "  1: mission 27,15 units 2" in text
    assert order == "pass"


def test_a_command_the_view_shows_wrong_is_refused_as_typed() -> None:
    """§4: a task force that does not exist cannot be cancelled; the view lists the side's task
    forces (none here), so `cancel 7` is refused at once, naming the rule, and not kept."""
    view = game(unit(2, 27), unit(153, 39)).view("red")
    order, text = drive(view, ["cancel 7", "list", "done"])
    assert "refused: you have no task force 7 [seed 000 §4.1]" in text
    assert "no commands yet" in text
    assert order == "pass"


def test_every_refused_command_of_a_period_is_named_at_once() -> None:
    """§4 and §2.2.1: the commands sent with `done` are all checked; a posture the design lacks
    (Sinai has 10, 11, 20, 30 and 40: 15 is none) and a task force Red does not have are both
    named, each with its number and rule, not the first alone."""
    g = game(unit(2, 27), unit(153, 39))
    with pytest.raises(IllegalOrderError) as refused:
        g.submit("red", "mission 27,15 units 2; transfer 27; cancel 9")
    message = str(refused.value)
    assert "command 1 (mission 27,15 units 2 mode 0): order 27, 15: posture 15 does not" in message
    assert "[seed 000 §2.2.1]" in message
    assert "command 3 (cancel 9): you have no task force 9 [seed 000 §4.1]" in message
    assert "command 2" not in message  # the transfer is a legal command


def test_information_requests_answer_from_the_view() -> None:
    g = game(unit(2, 27), unit(153, 39), unit(176, 67))
    view = g.view("red")
    _, text = drive(view, ["units", "unit 2", "cell 39", "enemy", "map", "status", "done"])
    assert "7TH MDT RIFLE" in text
    assert "small arms" in text
    assert "planned (toe)" in text
    assert "cell 39: owned by blue; environment" in text
    assert "enemy seen: 153 BLUE MECH INF BD" in text
    assert "176" not in text  # not in contact: never shown (fog of war)
    assert " 27R*" in text
    assert " 39B!" in text
    assert "t = 0, period 1, cycle 1" in text
    _, text = drive(view, ["unit 153", "cell 200", "frobnicate", "done"])
    assert "you have no unit 153" in text
    assert "there is no cell 200" in text
    assert "unknown command 'frobnicate'" in text


def test_engagements_show_feba_and_own_units() -> None:
    g = game(unit(2, 27), unit(7, 27), unit(153, 39))
    play(g, "mission 39,10 units 2,7")
    while not g.engine.engagements:
        play(g)
    _, text = drive(g.view("red"), ["engagements", "done"])
    assert "cell 39: red attacking since t = " in text
    assert "your units 2, 7" in text
    assert "enemy seen near: 153 (cell 39)" in " ".join(text.split())  # wrapped to 80


@pytest.mark.slow
def test_play_in_the_terminal_against_the_ai(tmp_path: Path) -> None:
    env = {**os.environ, "HEXWAR_HOME": str(tmp_path), "COLUMNS": "120"}
    result = subprocess.run(
        [sys.executable, "-m", "hexwar", "play", "idahex/sinai", "--side", "blue", "--vs", "ai"],
        input="help\nunits\ndone\nstatus\nquit\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "blue t=0>" in result.stdout
    assert "cas CELL aircraft" in result.stdout  # the help
    assert "ok: order 1 accepted" in result.stdout
    assert "blue t=0.5>" in result.stdout
    assert "Resume with: hexwar resume" in result.stdout


def test_render_view_is_the_consoles_overview() -> None:
    g = game(unit(2, 27), unit(153, 39), unit(176, 67))
    text = g.ruleset.render_view(g.view("red"))
    assert text.startswith("IDAHEX, red: t = 0, period 1, cycle 1")
    assert "7TH MDT RIFLE" in text
    assert "153 BLUE MECH INF BD" in text
    assert "176" not in text  # not in contact
    assert text.endswith("  no engagement")


def test_a_mission_of_units_of_different_status_is_refused_at_done_and_kept(
    tmp_path: Path,
) -> None:
    """docs/idahex.md, "The console": missions whose units do not share a status (§3: 'A task
    force is a collection of one or more battle units ... that have the same status') are
    refused when sent with `done`, and the commands are kept for mending. Issue 43: the
    console answered "ok: order 1 accepted" and the refusal went to the log, the period lost.
    In Sinai red's unit 2 stands in cell 26 and unit 3 in cell 27 (26/10/26, 27/10/27)."""
    env = {**os.environ, "HEXWAR_HOME": str(tmp_path), "COLUMNS": "80"}
    result = subprocess.run(
        [sys.executable, "-m", "hexwar", "play", "idahex/sinai", "--side", "red", "--seed", "1"],
        input="mission 27,10 units 2,3\nmission 38,10 units 7\ndone\nlist\ndrop 1\ndone\nquit\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    refused = out.index("refused: command 1 (mission 27,10 units 2,3 mode 0): the elements")
    assert "unit 2 26/10/26, unit 3 27/10/27 [seed 000 §3]" in " ".join(out[refused:].split())
    assert out.index("Your commands are kept") > refused
    assert "  1: mission 27,10 units 2,3\n  2: mission 38,10 units 7" in out
    accepted = out.index("ok: order 1 accepted")
    assert accepted > refused  # the mended commands, sent
    assert "[0] mission 1 created: mission 38,10 units 7 mode 0" in out
    assert "units 2,3 mode 0" not in out[accepted:]


def test_a_mission_to_a_cell_not_adjacent_is_warned_of_at_done() -> None:
    """§3.2.3: 'If cell po is not adjacent to cell pl, then d = +infinity: a task force in a
    march posture cannot jump over cells' (only airmobile units in an air movement posture may
    go farther, §3.1). Issue 43: such a mission was accepted and then stalled. The first `done`
    warns (cell 40 is two cells from unit 2's cell 27; a second order from 28 to 40 is also
    warned of, 41 not being adjacent to 28), the commands kept; a second `done` sends
    them as they are (the seed lets such an order be given). A mission to the adjacent cell 28
    draws no warning."""
    g = game(unit(2, 27), unit(7, 27), unit(153, 39))
    ui = IdahexTerminal("red")
    view = g.view("red")
    assert 28 in next(u for u in view.data["units"] if u["number"] == 2)["adjacent"]
    assert 40 not in next(u for u in view.data["units"] if u["number"] == 2)["adjacent"]
    order, text = drive(view, ["mission 40,10 units 2", "mission 28,10 41,10 units 7", "done",
                               "done"], ui)  # fmt: skip
    flat = " ".join(text.split())
    assert "warning: command 1 (mission 40,10 units 2): cell 40 is not adjacent to cell 27" in flat
    assert "warning: command 2 (mission 28,10 41,10 units 7): cell 41 is not adjacent to" in flat
    assert "cell 28 is not adjacent" not in flat
    assert "[seed 000 §3.1, §3.2.3]" in flat
    assert order == "mission 40,10 units 2; mission 28,10 41,10 units 7"
    order, text = drive(g.view("red"), ["mission 28,10 units 2", "done"], IdahexTerminal("red"))
    assert "warning" not in text
    assert order == "mission 28,10 units 2"


def test_the_console_fits_80_columns_and_its_help_a_24_line_screen() -> None:
    """Issue 43: twelve of the console's lines were wider than 80 columns (the status line,
    the help). Every answer now fits 80 columns (long lines broken at spaces), and the help
    with the prompt under it fits a 24-line screen."""
    from hexwar.rulesets.idahex.terminal import HELP

    g = game(unit(2, 27), unit(7, 27), unit(153, 39))
    asks = ["help", "status", "units", "unit 2", "tfs", "cell 27", "engagements", "enemy", "map"]
    _, text = drive(g.view("red"), [*asks, "done"])
    assert max(len(line) for line in text.splitlines()) <= 80
    assert len(HELP.splitlines()) + 1 <= 24
    assert max(len(line) for line in HELP.splitlines()) <= 80
