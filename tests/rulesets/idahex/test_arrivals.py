"""The reinforcement schedule (the scenario's ``arrivals``; ruling in docs/rulings/idahex.md,
"Arrivals"): a unit, inactive until then, becomes active in its cell at its time because the
game itself gives it the activation mission of seed 000 §4.1 (Examples 2 and 3) with the
arrival time as its start time -- so every agent of ``hexwar run`` follows the schedule.

The designs come from the builder: Red's 100 rifles in cell 2, Blue's 40 in cell 6 (next to
it), frames of 0.25, one period a frame (``--max-steps k`` stops at ``t = k / 4``).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexwar.cli.main import app
from hexwar.core.errors import IllegalOrderError, ScenarioError
from hexwar.rulesets.idahex.builder import SmallDesign, SmallUnit
from hexwar.rulesets.idahex.orders import Commands, Mission
from hexwar.rulesets.idahex.postures import Order
from hexwar.rulesets.idahex.ruleset import IdahexRuleset
from hexwar.rulesets.idahex.scenario import IdahexScenario, to_cards, to_toml
from hexwar.scenarios import load

runner = CliRunner()
TIMES = (0.0, 10.0, 0.25, 0.25, 0.25)


def design(*extra: SmallUnit) -> SmallDesign:
    return SmallDesign(
        ncells=8,
        nrank1=4,
        border=4,
        weapons={"red": ["rifle"], "blue": ["rifle"]},
        kill_rates={"red": 0.02, "blue": 0.03},
        units=[SmallUnit("red", 2, {"rifle": 100}), *extra, SmallUnit("blue", 6, {"rifle": 40})],
        frdval=False,
        times=TIMES,
    )


def red_reinforcement(time: float = 1.0, cell: int = 2, **kw: object) -> SmallDesign:
    """Red's unit 2 (50 rifles) arrives in ``cell`` at ``time``."""
    return design(SmallUnit("red", cell, {"rifle": 50}, arrives=time, **kw))  # type: ignore[arg-type]


def unit_after(path: Path, steps: int, number: int, agents: tuple[str, str]) -> dict[str, object]:
    """Unit ``number`` in ``hexwar run``'s JSON summary after ``steps`` decisions."""
    args = ["run", str(path), "--seed", "1", "--json", "--max-steps", str(steps)]
    args += ["--agent", f"red={agents[0]}", "--agent", f"blue={agents[1]}"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    sides = json.loads(result.stdout)["summary"]["sides"]
    (unit,) = [u for s in sides.values() for u in s["units"] if u["number"] == number]
    return dict(unit)


@pytest.mark.parametrize(
    "agents", [("hold", "hold"), ("ai", "ai"), ("legacy", "hold"), ("random", "random")]
)
def test_arrivals_every_agent_sees_the_unit_arrive_at_its_time(
    tmp_path: Path, agents: tuple[str, str]
) -> None:
    """Ruling 'Arrivals': the game gives the activation mission, so no agent need follow the
    schedule. Up to the period starting at t = 1 (4 steps) unit 2 is inactive (posture class
    0) where it waits; its start time comes after that period's commands (a status change at
    t belongs to the period starting at t, §2.3), so at t = 1.25 (5 steps) it is in posture 10
    in cell 2 (§4.1: 'An inactive unit first assumes posture 10 when it is activated'; the
    delay is 0, §3.2)."""
    path = tmp_path / "r.toml"
    path.write_text(to_toml(red_reinforcement().scenario()), encoding="utf-8")
    before = unit_after(path, 4, 2, agents)
    assert (before["status"], before["posture"], before["location"]) == ("inactive", 0, 2)
    after = unit_after(path, 5, 2, agents)
    assert (after["status"], after["location"]) == ("active", 2)
    assert after["resources"] == [50.0]


def test_arrivals_no_schedule_leaves_every_unit_as_the_design_puts_it(tmp_path: Path) -> None:
    """A scenario without ``arrivals`` is the old one: its file has no such key and an
    inactive unit stays inactive (no one activates it)."""
    scenario = design(SmallUnit("red", 2, {"rifle": 50}, posture=0)).scenario()
    assert scenario.arrivals == []
    text = to_toml(scenario)
    assert "arrivals" not in tomllib.loads(text)
    path = tmp_path / "plain.toml"
    path.write_text(text, encoding="utf-8")
    assert unit_after(path, 8, 2, ("hold", "hold"))["status"] == "inactive"


def test_arrivals_a_unit_arriving_elsewhere_changes_location_in_class_0_first() -> None:
    """§4.1 Example 3 ('8, 0, 0' then '8, 10, 0'): the unit waits in cell 2 and arrives in
    cell 1; the change of location in class 0 is written to the designer's report (§4.1:
    'IDAHEX places an advisory message ... whenever an inactive unit changes location')."""
    scenario = red_reinforcement().scenario()
    arrival = scenario.arrivals[0].model_copy(update={"cell": 1})
    scenario = scenario.model_copy(update={"arrivals": [arrival]})
    game = IdahexRuleset().new_game(scenario, seed=1, scenario_id="t")
    for _ in range(5):  # t = 0 .. 1: the arrival at t = 1 follows that period's commands
        game.submit("red", Commands())
        game.submit("blue", Commands())
    u = game.engine.units[2]
    assert (u.location, u.posture) == (1, 10)
    advisories = [e.text for e in game.events() if e.kind == "advisory"]
    assert advisories == ["inactive task force 1 changed location from cell 2 to cell 1"]


def test_arrivals_an_activation_where_the_enemy_is_waits_and_warns_its_player() -> None:
    """§3.3.5: 'If the task force's next location ... is owned by the enemy, or if one or
    more active enemy units are located there, xeq does not execute the change of status and,
    instead, reschedules it for t = +inf and warns the player'. Red's unit 2 is scheduled to
    arrive in cell 6, Blue's cell, where Blue's unit 3 stands."""
    scenario = red_reinforcement(time=0.5, cell=6).scenario()
    game = IdahexRuleset().new_game(scenario, seed=1, scenario_id="t")
    for _ in range(4):
        game.submit("red", Commands())
        game.submit("blue", Commands())
    assert game.engine.units[2].posture == 0
    warned = [e.text for e in game.events("red") if e.kind == "warning"]
    assert warned == ["task force 1 cannot become active in cell 6: the cell is owned by the enemy"]


def test_arrivals_a_command_naming_a_unit_before_its_time_is_refused() -> None:
    """Ruling 'Arrivals': until its time the unit is the design's. A new mission for it, and
    a change or cancellation of its task force's mission, are refused; once it is active its
    player commands it as any other unit."""
    game = IdahexRuleset().new_game(red_reinforcement().scenario(), seed=1, scenario_id="t")
    for command in (
        Mission((Order(2, 10),), (2,)),
        Mission((Order(2, 10),), task_force=1),
        Mission((), task_force=1),
    ):
        with pytest.raises(IllegalOrderError, match=r"unit 2 arrives at t = 1 by the design"):
            game.submit("red", Commands((command,)))
    for _ in range(5):  # to t = 1.25: arrived (and its mission done)
        game.submit("red", Commands())
        game.submit("blue", Commands())
    game.submit("red", Commands((Mission((Order(1, 10),), (2,)),)))
    game.submit("blue", Commands())
    assert game.engine.units[2].location == 1  # marched to Red's cell 1


def test_arrivals_orders_after_arrival_attack_as_a_mission_would(tmp_path: Path) -> None:
    """An arrival's ``orders`` are the rest of its mission: Red's unit 2 arrives in cell 2 at
    t = 0.5 and attacks Blue's cell 6 ('6, 10'); with both sides given no command (hold),
    the engagement at cell 6 begins and Blue loses rifles (§3.3.2, §5.1)."""
    path = tmp_path / "attack.toml"
    path.write_text(to_toml(red_reinforcement(0.5, then=[(6, 10)]).scenario()), encoding="utf-8")
    assert unit_after(path, 2, 3, ("hold", "hold"))["resources"] == [40.0]
    later = unit_after(path, 6, 3, ("hold", "hold"))
    assert later["resources"][0] < 40.0  # type: ignore[index]


def test_arrivals_the_schedule_round_trips_through_toml_and_is_no_card(tmp_path: Path) -> None:
    scenario = red_reinforcement(0.5, then=[(6, 10)]).scenario()
    path = tmp_path / "s.toml"
    path.write_text(to_toml(scenario), encoding="utf-8")
    assert load(path, IdahexScenario) == scenario
    with pytest.raises(ScenarioError, match="the reinforcement schedule cannot be written"):
        to_cards(scenario)


# -- validation: the file, line, field and rule ------------------------------------------------


def _with_schedule(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    """The reinforcement design with its first arrival's line changed (``old`` -> ``new``)."""
    text = to_toml(red_reinforcement(then=[(6, 10)]).scenario())
    lines = text.splitlines()
    (n,) = [i for i, line in enumerate(lines) if line.startswith("    { unit = 2")]
    assert old in lines[n]
    lines[n] = lines[n].replace(old, new)
    path = tmp_path / "bad.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, n + 1


RULE = "rule: docs/rulings/idahex.md, 'Arrivals'"


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        ("unit = 2", "unit = 9", "unit", "no battle unit 9 in design.units (units: 1, 2, 3"),
        ("unit = 2", "unit = 1", "unit", "unit 1 starts in posture 10, already active"),
        ("cell = 2", "cell = 4", "cell", "cell 4 is not an active cell of the area of war"),
        ("time = 1.0", "time = 10.0", "time", "time 10 is outside the game, tinit = 0"),
        ("time = 1.0", "time = -1.0", "time", "time -1 is outside the game"),
        ("objective = 6", "objective = 7", "orders[0].objective", "cell 7 is not cell 2"),
        ("posture = 10", "posture = 12", "orders[0].posture", "posture 12 is not an active"),
    ],
)
def test_arrivals_a_bad_entry_is_refused_at_its_line_naming_field_and_rule(
    refused_by_validate_and_run: Callable[[Path, str], None],
    tmp_path: Path,
    old: str,
    new: str,
    field: str,
    message: str,
) -> None:
    path, line = _with_schedule(tmp_path, old, new)
    done = runner.invoke(app, ["validate", str(path)])
    assert done.exit_code == 2, done.output
    assert f"{path}:{line}: arrivals[0].{field}: {message}" in done.output
    assert RULE in done.output
    refused_by_validate_and_run(path, f"arrivals[0].{field}: {message}")


def test_arrivals_a_unit_scheduled_twice_is_refused(tmp_path: Path) -> None:
    scenario = red_reinforcement().scenario()
    twice = scenario.model_dump(mode="json")
    twice["arrivals"] = [twice["arrivals"][0], {**twice["arrivals"][0], "time": 2.0}]
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(twice), encoding="utf-8")
    done = runner.invoke(app, ["validate", str(path)])
    assert done.exit_code == 2
    assert "arrivals[1].unit: unit 2 already arrives at arrivals[0]: a unit arrives once" in (
        done.output
    )


# -- the builder ------------------------------------------------------------------------------

NEW = [
    *("idahex", "new", "--cells", "8", "--rank", "4", "--border", "4"),
    *("--weapons", "red=rifle", "--weapons", "blue=rifle", "--kill", "red=0.02"),
    *("--kill", "blue=0.03", "--unit", "red@2=rifle:100", "--unit", "blue@6=rifle:40"),
]


def test_new_arrive_writes_the_schedule(tmp_path: Path) -> None:
    """``--arrive red@2=rifle:50@1.5>6`` is unit 2 (Red's, after its --unit), inactive in cell
    2 until t = 1.5, then attacking cell 6 ('6, 10')."""
    out = tmp_path / "r.toml"
    done = runner.invoke(app, [*NEW, "--arrive", "red@2=rifle:50@1.5>6", "--out", str(out)])
    assert done.exit_code == 0, done.output
    data = tomllib.loads(out.read_text(encoding="utf-8"))
    assert data["arrivals"] == [
        {"unit": 2, "cell": 2, "time": 1.5, "orders": [{"objective": 6, "posture": 10}]}
    ]
    assert [(u["number"], u["bupost"]) for u in data["design"]["units"]] == [
        (1, 10),
        (2, 0),
        (3, 10),
    ]
    assert runner.invoke(app, ["validate", str(out)]).exit_code == 0


@pytest.mark.parametrize(
    ("arrive", "message"),
    [
        ("red@2=rifle:50", "--arrive: 'red@2=rifle:50': expected SIDE@CELL=WEAPON:AMOUNT,...@TIME"),
        ("red@2=rifle:50@x", "--arrive: 'red@2=rifle:50@x': expected"),
        ("red@2=rifle:50@12", "arrives at 12: outside the game, tinit = 0 <= time < tend = 10"),
        ("red@4=rifle:50@1", "cell 4 is not an active cell"),
        ("red@2=rifle:50@1>7", "units[2].then: cell 7 is not cell 2 or an active cell next to"),
    ],
)
def test_new_arrive_refuses_a_bad_reinforcement_with_exit_2(
    tmp_path: Path, arrive: str, message: str
) -> None:
    out = tmp_path / "x.toml"
    done = runner.invoke(app, [*NEW, "--arrive", arrive, "--out", str(out)])
    assert done.exit_code == 2, done.output
    assert message in done.output
    assert "Traceback" not in done.output
    assert not out.exists()


def test_new_help_documents_arrive() -> None:
    done = runner.invoke(app, ["idahex", "new", "--help"], env={"COLUMNS": "200"})
    text = re.sub(r"\s+", " ", done.output)
    assert "--arrive" in text
    assert "SIDE@CELL=W:N,...@TIME" in text
