"""Each ruleset's console at 80x24 (issue 43): no line of the board, its key or legend wider
than the terminal, and after the last line typed the screen shows the board (or its compact
form), the answer and the prompt together -- an answer is never scrolled away by a redraw.
The terminal's size comes from ``COLUMNS`` and ``LINES`` (hexwar.core.screen.size)."""

from __future__ import annotations

import re

from .screens import play, screen_after, typed_in

TACTICAL = ["tactical/meeting1941", "--side", "allied", "--seed", "2"]
TACTICAL_PROMPT = r"allied orders \((help: :help|\d+ kept; send, clear)\)> "


def _wide(lines: list[str], prompt: str, columns: int = 80) -> list[str]:
    """The console's lines wider than the terminal: not the command line's first (the game's
    id), the log's events and the umpire's receipts under them (``[1] ...``, ``inputs:``,
    ``roll``...; the shared log, not the board) or prompt lines (there the player's typing
    runs on, and the shared prompt's ``refused: ...`` answer, which the terminal breaks at
    its edge: screen_after counts its rows)."""
    return [
        x
        for x in lines[1:]
        if len(x) > columns
        and not re.search(prompt, x)
        and not x.startswith("    ")
        and not re.match(r"\[[\d.]+\] |refused: ", x)
    ]


def test_tactical_console_keeps_the_map_the_answer_and_the_prompt_on_one_screen(
    cli_env: dict[str, str],
) -> None:
    """meeting1941 at 80x24: a line with a refused action is answered under the whole map and
    its key (the header, 17 map lines, 'yours:' and 'seen:'), the prompt below it; ':units'
    answers with the unit list, not scrolled away by a redraw; nothing the console writes but
    the umpire's receipts is wider than 80 columns."""
    inputs = ["move K1 9,3; fire T1 G2; move K2 6,5", ":units"]
    out = play(cli_env, TACTICAL, inputs)
    lines = typed_in(out, inputs, TACTICAL_PROMPT)
    assert not _wide(lines, TACTICAL_PROMPT), _wide(lines, TACTICAL_PROMPT)
    shown = screen_after(out, inputs[:1], TACTICAL_PROMPT)
    text = "\n".join(shown)
    assert re.search(r"^ r\\q 0   1   2", text, re.M), text
    for r in range(-7, 10):
        assert re.search(rf"^ {r:>3} ", text, re.M), (r, text)
    assert "yours: a RU-RGT  b RU-HQ+KPT" in text
    assert "seen:  A DE-RGT" in text
    assert "accepted (kept): move K1 9,3; move K2 6,5. refused: fire T1 G2 ('T1'" in text
    assert re.fullmatch(TACTICAL_PROMPT, shown[-1])
    assert "2 kept" in shown[-1]
    shown = screen_after(out, inputs, TACTICAL_PROMPT)
    text = "\n".join(shown)
    assert "Your units (letter id kind SP hex" in text
    assert "Objectives: " in text
    assert "i K2     armor" in text
    assert re.fullmatch(TACTICAL_PROMPT, shown[-1])


AGGRESSOR = ["aggressor/sector", "--side", "west", "--seed", "1"]
AGGRESSOR_PROMPT = r"(setup|key|partisans|target \(@XY, @@ partisan contact\))> "


def test_aggressor_console_answers_units_without_a_redraw_and_fits_80x24(
    cli_env: dict[str, str],
) -> None:
    """Aggressor at 80x24 (seed 003, TURN SEQUENCE E keys typed as lines): ':units' is
    answered with all 18 units and the prompt, the board not drawn over it; after a move (key
    4: unit 1 from @JB down to @JC) the screen holds the acknowledgement, the move, the whole
    compact map (its header and rows A-O, the unit bracketed at @JC), the status and the
    prompt."""
    inputs = ["auto", ":units", "4"]
    out = play(cli_env, AGGRESSOR, inputs)
    assert not _wide(typed_in(out, inputs, AGGRESSOR_PROMPT), AGGRESSOR_PROMPT)
    shown = screen_after(out, inputs[:2], AGGRESSOR_PROMPT)
    assert shown[-20] == "key> :units"
    assert [row[:4] for row in shown[-19:-1]] == [f"{n:>4}" for n in range(1, 19)]
    assert shown[-1] == "key> "
    shown = screen_after(out, inputs, AGGRESSOR_PROMPT)
    text = "\n".join(shown)
    assert "ok: order 6 accepted\n[1] unit 1 moves @JB -> @JC\n" in text
    assert "     A B C D E F G H I J K L M N O P Q R S T U" in shown
    for row in "ABCDEFGHIJKLMNO":
        assert any(line.startswith(f"  {row}  ") for line in shown), row
    assert "  C  . . ^ . . . ^ R .[T]| t" in text
    assert "unit 1 armor at @JC: range 3/3 strength 3/3  moved 1" in text
    assert shown[-1] == "key> "


AIRWAR = ["airwar/small-three-cities", "--side", "1", "--seed", "1"]
AIRWAR_PROMPT = r"(?m)^1> "


def test_air_war_board_help_and_refusal_fit_one_80x24_screen(cli_env: dict[str, str]) -> None:
    """The air war's small board at the city placement (seed 001 §3.1.1) at 80x24: after a
    refused placement the screen holds the whole compact board (its title, both column
    headers, the rows drawn or run together, the legend), the stage's help, the refusal and the
    prompt; no line is wider than 80 columns."""
    inputs = ["cities D20 J18 P21"]
    out = play(cli_env, AIRWAR, inputs)
    assert not _wide(typed_in(out, inputs, AIRWAR_PROMPT), AIRWAR_PROMPT)
    shown = screen_after(out, inputs, AIRWAR_PROMPT)
    text = "\n".join(shown)
    assert "Small board, three cities" in text
    assert text.count("     A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P  Q  R  S  T  U") == 2
    assert "25-14  the opponent's territory, empty (12 rows)" in text
    assert "12-1  your territory, empty (12 rows)" in text
    assert "legend: # your city" in text
    assert "cities F1 F2 ...   the opponent's cities" in text
    assert "1> cities D20 J18 P21\nrefused: no city is separated from player 2's back" in text
    assert shown[-1] == "1> "


IDAHEX = ["idahex/sinai", "--side", "red", "--seed", "1"]
IDAHEX_PROMPT = r"red t=[\d.]+> "


def test_idahex_console_keeps_the_refusal_and_the_status_on_one_80x24_screen(
    cli_env: dict[str, str],
) -> None:
    """IDAHEX's console at 80x24: its compact 'board' is the status at each period start (the
    map is on demand, 'map'); after a mission refused at `done` (units 2 and 3 do not share a
    status, seed 000 §3) the screen holds the status, the commands typed, the refusal, the
    note that the commands are kept and the prompt; nothing wider than 80 columns."""
    inputs = ["mission 27,10 units 2,3", "done", "map"]
    out = play(cli_env, IDAHEX, inputs)
    assert not _wide(typed_in(out, inputs, IDAHEX_PROMPT), IDAHEX_PROMPT)
    shown = screen_after(out, inputs[:2], IDAHEX_PROMPT)
    text = "\n".join(shown)
    assert "IDAHEX, red: t = 0, period 1, cycle 1;" in text
    assert "  + 1: mission 27,10 units 2,3" in text
    assert "refused: the elements of a task force must have the same status: unit 2" in text
    assert "Your commands are kept" in text
    assert shown[-1] == "red t=0> "
    shown = screen_after(out, inputs, IDAHEX_PROMPT)  # the map, whole, under its request
    assert shown[0].startswith("red t=0> map")
    assert shown[-2].startswith("R/B: owner")
    assert shown[-1] == "red t=0> "


FLANKBATTLE = ["flankbattle/hastings", "--side", "attacker", "--seed", "1"]
FLANKBATTLE_PROMPT = r"(?m)^attacker> "


def test_flank_battle_view_and_help_fit_80_columns(cli_env: dict[str, str]) -> None:
    """The flank battle's view (seed 004: the military, the enemy, the default flanks) and its
    help fit 80 columns (the units line ran to 97, the prompt's ':auto' line to 86); at 80x24
    the view, the help and the prompt share the first screen, and ':help' is answered whole
    above the prompt."""
    inputs = [":help"]
    out = play(cli_env, FLANKBATTLE, inputs)
    assert not _wide(typed_in(out, inputs, FLANKBATTLE_PROMPT), FLANKBATTLE_PROMPT)
    text = "\n".join(screen_after(out, [], FLANKBATTLE_PROMPT))
    assert "Battle of Hastings (1066), Conquest, at Hastings (map Hill)" in text
    assert "  units: infantry Soldier (4,000), cavalry Norman Knight (2,000), artillery\n" in text
    assert "Default flanks:\n  (150,130) inf 1200 cav 500 art 600 ships 38" in text
    assert text.endswith("(and one ship).\nattacker> ")
    text = "\n".join(screen_after(out, inputs, FLANKBATTLE_PROMPT))
    assert "attacker> :help\nCommands: an order (see below), or" in text
    assert text.endswith("within 10 soldiers (and one ship).\nattacker> ")
    assert "Maneuvers: Normal, Position, Feigned Retreat, Hit and run, Pillaging." in text
