"""The umpire's summary (``hexwar run --json``) and the designer's report (``--report``) of a
tactical game: every unit's SPs, hex, morale and disruption, commanders, objectives and the
victory points with their parts (docs/tactical.md, "Winning")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hexwar.core.hexes import Hex

from .conftest import make_game

LEADER = {"id": "K", "side": "axis", "name": "Hptm", "at": "4,0", "leadership": 7, "command": 1}


def _finished_game():  # type: ignore[no-untyped-def]
    game = make_game(turns=1, objectives=[{"at": "2,1", "vp": 10}], commanders=[LEADER])
    x1 = game.units["X1"]
    x1.morale = 1  # d10 <= 1 - 1 (open) never passes: X1 stays disrupted
    game._apply_result(x1, 1, True, False, Hex(2, 1))  # X1: 3 SPs left, disrupted
    game.commanders["K"].hex = None
    game.commanders["K"].fate = "killed"
    game.submit("allied", "pass")
    game.submit("axis", "pass")
    return game


def test_summary_accounts_for_every_unit_commander_and_victory_point() -> None:
    game = _finished_game()
    outcome = game.outcome()
    assert outcome is not None
    s = game.summary()
    assert s["victory_points"] == {"allied": 11, "axis": 0}
    assert "allied 11 VP, axis 0 VP" in outcome.reason
    allied, axis = s["sides"]["allied"], s["sides"]["axis"]
    assert (allied["objective_vp"], allied["enemy_sp_eliminated"]) == (10, 1)
    assert [u["id"] for u in allied["units"]] == ["AHQ", "A1"]
    x1 = next(u for u in axis["units"] if u["id"] == "X1")
    assert x1["sp"] == 3
    assert x1["max_sp"] == 4
    assert x1["hex"] == "4,0"
    assert x1["status"] == "on map"
    assert x1["disrupted"] is True
    assert x1["morale"] == 1
    assert (axis["sp_at_start"], axis["sp_now"]) == (5, 4)
    assert axis["commanders"] == [
        {"id": "K", "name": "Hptm", "hex": None, "status": "killed", "leadership": 7,
         "command": 1}
    ]  # fmt: skip
    assert s["objectives"] == [{"hex": "2,1", "vp": 10, "control": "allied"}]
    assert s["minutes_played"] == 6


def test_eliminated_units_are_reported_as_such() -> None:
    game = make_game()
    game._apply_result(game.units["X1"], 3, False, False, Hex(2, 1))
    game._apply_result(game.units["X1"], 3, False, False, Hex(2, 1))
    x1 = next(u for u in game.summary()["sides"]["axis"]["units"] if u["id"] == "X1")
    assert (x1["status"], x1["sp"], x1["hex"]) == ("eliminated", 0, None)


def test_designers_report_lists_victory_points_then_units() -> None:
    text = _finished_game().report()
    assert text.index("== Log ==") < text.index("== Victory points ==")
    assert text.index("== Victory points ==") < text.index("== Units at the end ==")
    assert "allied: 11 VP = 10 for objectives held + 1 for enemy SPs eliminated" in text
    assert "objective 2,1 (10 VP): allied" in text
    assert "axis (germany): 4 of 5 SPs left" in text
    assert " 3/4  SP  4,0" in text
    assert "disrupted" in text
    assert "K        commander L7 C1  killed" in text


def test_run_json_and_report_from_the_command_line(tmp_path: Path) -> None:
    """``hexwar run SCENARIO --json --report PATH`` on a one-turn scenario."""
    scenario = tmp_path / "one.toml"
    scenario.write_text(
        'ruleset = "tactical"\ntitle = "one turn"\nyear = 1944\nturns = 1\n'
        'objectives = [{ at = "1,0", vp = 5, owner = "axis" }]\n'
        '[sides.allied]\nnation = "usa"\n[sides.axis]\nnation = "germany"\n'
        '[map]\ncolumns = 4\nrows = 2\nterrain = ["....", "...."]\n'
        '[[units]]\nid = "A"\nside = "allied"\nname = "a"\nkind = "infantry"\nat = "3,-1"\n'
        "sp = 4\nmorale = 6\n"
        '[[units]]\nid = "X"\nside = "axis"\nname = "x"\nkind = "infantry"\nat = "0,0"\n'
        "sp = 4\nmorale = 6\n",
        encoding="utf-8",
    )
    report = tmp_path / "report.txt"
    proc = subprocess.run(
        [sys.executable, "-m", "hexwar", "run", str(scenario), "--seed", "3", "--json",
         "--report", str(report)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)["summary"]
    assert set(summary["sides"]) == {"allied", "axis"}
    assert {u["id"] for u in summary["sides"]["allied"]["units"]} == {"A"}
    # Victory points (not on the sheet; docs/rulings/tactical.md, rules.toml vp_per_sp = 1): the
    # objectives a side holds plus one for each enemy SP eliminated, recomputed from the SPs.
    sides = summary["sides"]
    for side, enemy in (("allied", "axis"), ("axis", "allied")):
        held = sum(o["vp"] for o in summary["objectives"] if o["control"] == side)
        eliminated = 4 - sum(u["sp"] for u in sides[enemy]["units"])
        assert summary["victory_points"][side] == held + eliminated
        assert sides[side]["victory_points"] == held + eliminated
    assert summary["objectives"][0]["vp"] == 5
    assert "== Units at the end ==" in report.read_text(encoding="utf-8")
