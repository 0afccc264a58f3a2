"""The umpire's summary (``hexwar run --json``) and the designer's report (``--report``) of a
tactical game: every unit's SPs, hex, morale and disruption, commanders, objectives and the
victory points with their parts (docs/tactical.md, "Winning")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.game import TacticalGame

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


class _Digging:
    """The game's dice, but every improved-position roll succeeds (the sheet's 10% a turn,
    MISCELLANEOUS, made certain so the report's states are known in advance)."""

    def __init__(self, dice: Any) -> None:
        self._dice = dice

    def chance(self, label: str, p: float) -> bool:
        return bool(self._dice.chance(label, 1.0 if label.endswith("improved position") else p))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._dice, name)


def _unit(uid: str, side: str, kind: str, at: str | None, **more: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "name": uid, "kind": kind, "at": at, "sp": 4, "morale": 6,
            **more}  # fmt: skip


def _hq(uid: str, side: str, level: str, at: str | None, **more: Any) -> dict[str, Any]:
    return _unit(uid, side, "hq", at, sp=1, morale=5, hq_level=level, **more)


def _finished() -> TacticalGame:
    """One turn, allied first, no opportunity fire. Before the allied phase: the axis platoon
    X2 (4 SPs) and the axis regiment HQ XR (1 SP) are eliminated (axis lost 5 SPs); the allied
    tank T1 loses 1 SP at 1,1 (1 wreck SP there: allied lost 1); X1 (morale 1) is disrupted.
    The allied phase: A1 moves 2,1 -> 3,1, where the axis captain K stands alone: captured.
    A1 moved and R1 rides T1; the other allied units on the map (AHQ, T1) dig in. The axis
    phase: XHQ's superior XR is dead, so XHQ is out of supply; X1 fails its recovery (a d10 is
    never at most 1 - 1 for the open) and has 100 // 2 = 50 AP; XHQ and X1 dig in. The allied
    army HQ AA stays off the map. After the turn: allied 10 (objective 2,1, held since the
    start) + 5 = 15 VP, axis 0 + 1 = 1 VP; nobody ever stood on objective 6,0."""
    units = [
        _hq("AA", "allied", "army", None),
        _hq("AHQ", "allied", "battalion", "0,0", hq="AA"),
        _unit("T1", "allied", "armor", "1,1", hq="AHQ"),
        _unit("R1", "allied", "infantry", "1,1", hq="AHQ", mounted="tank"),
        _unit("A1", "allied", "infantry", "2,1", hq="AHQ"),
        _hq("XR", "axis", "regiment", "7,-2"),
        _hq("XHQ", "axis", "battalion", "7,-3", hq="XR"),
        _unit("X1", "axis", "infantry", "4,0", hq="XHQ", morale=1),
        _unit("X2", "axis", "infantry", "5,0", hq="XHQ"),
    ]
    commanders = [
        {"id": "L", "side": "allied", "name": "Lt", "at": "2,1", "leadership": 8, "command": 2},
        {"id": "K", "side": "axis", "name": "Hptm", "at": "3,1", "leadership": 7, "command": 1},
    ]
    game = make_game(turns=1, units=units, commanders=commanders, opportunity_fire=False,
                     objectives=[{"at": "2,1", "vp": 10}, {"at": "6,0", "vp": 3}])  # fmt: skip
    game.dice = _Digging(game.dice)  # type: ignore[assignment]
    u = game.units
    game._apply_result(u["X2"], 4, False, False, Hex(4, 1))
    game._apply_result(u["XR"], 1, False, False, Hex(6, -1))
    game._apply_result(u["T1"], 1, False, False, Hex(4, 0))
    game._apply_result(u["X1"], 0, True, False, Hex(3, 0))
    game.submit("allied", "move A1 3,1")
    game.submit("axis", "")
    assert game.outcome() is not None
    return game


@pytest.fixture(scope="module")
def finished() -> TacticalGame:
    return _finished()


def _section(report: str, title: str) -> list[str]:
    body = report.split(f"\n== {title} ==\n\n", 1)[1]
    return body.split("\n\n== ", 1)[0].rstrip("\n").split("\n")


@pytest.mark.found_by_mutation
def test_the_report_gives_each_sides_victory_points_with_their_parts(
    finished: TacticalGame,
) -> None:
    """docs/tactical.md, Winning: objectives held plus 1 per enemy SP eliminated, and each
    objective with its holder -- "nobody" for one never entered. The report's head names the
    scenario the game was made from ("t") and the outcome."""
    report = finished.report()
    assert "\nscenario: t\n" in report
    assert "\noutcome: allied wins: after 1 turns, allied 15 VP, axis 1 VP\n" in report
    assert _section(report, "Victory points") == [
        "allied: 15 VP = 10 for objectives held + 5 for enemy SPs eliminated",
        "axis: 1 VP = 0 for objectives held + 1 for enemy SPs eliminated",
        "  objective 2,1 (10 VP): allied",
        "  objective 6,0 (3 VP): nobody",
    ]


@pytest.mark.found_by_mutation
def test_the_report_gives_every_unit_and_commander_at_the_end(finished: TacticalGame) -> None:
    """The report's units: each side's SPs left of its starting SPs (allied 1+1+4+4+4 = 14 at
    the start, 13 left; axis 1+1+4+4 = 10, 5 left), then each unit -- SPs of its starting SPs,
    its hex or else its status (off map, eliminated), morale, ammunition and its states in
    words (disrupted, improved position, riding, an HQ out of supply; none for a unit with
    none) --, then each commander with his Leadership, Command and hex or fate."""
    assert _section(finished.report(), "Units at the end") == [
        "allied (usa): 13 of 14 SPs left",
        "  AA       hq         1/1  SP  off map    morale  5  ammo 0",
        "  AHQ      hq         1/1  SP  0,0        morale  5  ammo 0  improved position",
        "  T1       armor      3/4  SP  1,1        morale  6  ammo 5  improved position",
        "  R1       infantry   4/4  SP  1,1        morale  6  ammo 6  riding tank",
        "  A1       infantry   4/4  SP  3,1        morale  6  ammo 6",
        "  L        commander L8 C2  2,1",
        "axis (germany): 5 of 10 SPs left",
        "  XR       hq         0/1  SP  eliminated morale  5  ammo 0  out of supply",
        "  XHQ      hq         1/1  SP  7,-3       morale  5  ammo 0  improved position, out of"
        " supply",
        "  X1       infantry   4/4  SP  4,0        morale  1  ammo 6  disrupted, improved position",
        "  X2       infantry   0/4  SP  eliminated morale  6  ammo 6",
        "  K        commander L7 C1  captured",
    ]  # fmt: skip


@pytest.mark.found_by_mutation
def test_the_summary_gives_every_unit_commander_and_the_wrecks(finished: TacticalGame) -> None:
    """docs/tactical.md, After the game: the summary's turn (the last, 1 of 1, though the
    game's clock has passed it), the wrecks by hex (T1's lost SP at 1,1), and every unit whole
    -- name, status, AP (X1 disrupted: half its 100), supply for an HQ only -- and every
    commander with his hex or his fate."""
    s = finished.summary()
    assert (s["turn"], s["turns"], s["wrecks"]) == (1, 1, {"1,1": 1})
    allied = {u["id"]: u for u in s["sides"]["allied"]["units"]}
    axis = {u["id"]: u for u in s["sides"]["axis"]["units"]}
    assert allied["AA"] == {
        "id": "AA", "name": "AA", "kind": "hq", "status": "off map", "hex": None, "sp": 1,
        "max_sp": 1, "morale": 5, "disrupted": False, "improved_position": False,
        "mounted": None, "ap": 100, "ammo": 0, "in_supply": True}  # fmt: skip
    assert axis["X1"] == {
        "id": "X1", "name": "X1", "kind": "infantry", "status": "on map", "hex": "4,0", "sp": 4,
        "max_sp": 4, "morale": 1, "disrupted": True, "improved_position": True,
        "mounted": None, "ap": 50, "ammo": 6, "in_supply": None}  # fmt: skip
    assert (axis["XHQ"]["in_supply"], axis["X2"]["status"]) == (False, "eliminated")
    assert s["sides"]["allied"]["commanders"] == [
        {"id": "L", "name": "Lt", "hex": "2,1", "status": "active", "leadership": 8,
         "command": 2}]  # fmt: skip
    assert s["sides"]["axis"]["commanders"] == [
        {"id": "K", "name": "Hptm", "hex": None, "status": "captured", "leadership": 7,
         "command": 1}]  # fmt: skip


@pytest.mark.found_by_mutation
def test_the_terminal_view_gives_a_units_states_in_short(finished: TacticalGame) -> None:
    """docs/tactical.md, Playing at the terminal: the list of your units gives their states
    in short -- DISRUPTED, IP for an improved position, riding and the tank ridden, out of
    supply for an HQ. The axis's X1 is disrupted and dug in, XHQ dug in and out of supply; the
    allied R1 rides T1."""

    def line(side: str, uid: str) -> str:  # after the board letter (or a blank)
        text = finished.ruleset.render_view(finished.view(side))
        return next(x for x in text.splitlines() if x[2:].startswith(f"{uid} "))

    assert line("axis", "X1").endswith(" morale 1  DISRUPTED IP")
    assert line("axis", "XHQ").endswith(" morale 5  IP out of supply")
    assert line("allied", "R1").endswith(" morale 6  riding T1")
