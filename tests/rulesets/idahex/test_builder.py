"""Small designs (docs/idahex.md, "Small designs"): the builder and ``hexwar idahex new``
write a complete, valid File 50 (seed 000 §9.1) from a few choices."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexwar.cli.main import app
from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.builder import SmallDesign, SmallUnit
from hexwar.rulesets.idahex.ruleset import IdahexRuleset
from hexwar.sessions import Session, resolve_scenario

NEW = [
    *("idahex", "new", "--cells", "12", "--rank", "4", "--border", "4", "--inactive", "10"),
    *("--weapons", "red=rifle,tank", "--weapons", "blue=rifle"),
    *("--kill", "red=rifle:rifle=0.02", "--kill", "red=tank:rifle=0.05", "--kill", "blue=0.03"),
    *("--unit", "red@2=rifle:100,tank:10", "--unit", "blue@6=rifle:60", "--postures", "1,1,1,1"),
]


def test_new_writes_a_valid_design_with_the_choices(tmp_path: Path) -> None:
    out = tmp_path / "duel.toml"
    result = CliRunner().invoke(app, [*NEW, "--out", str(out)])
    assert result.exit_code == 0, result.output
    d = tomllib.loads(out.read_text(encoding="utf-8"))["design"]
    assert d["rsname"][0] == [["rifle", ""], ["tank", ""]]
    assert d["katk"][0] == [[0.02], [0.05]]  # Red: rifle->rifle, tank->rifle
    assert d["katk"][1] == [[0.03, 0.03]]  # Blue's one rate for every pair
    assert d["npost"] == [1, 1, 1, 1]
    assert [u["resources"] for u in d["units"]] == [[100.0, 10.0], [60.0]]
    assert {"cell": 10, "basic_env": 0} in d["basic_env"]  # inactive (§2.1)
    validated = CliRunner().invoke(app, ["validate", str(out)])
    assert validated.exit_code == 0, validated.output


def test_new_refuses_bad_choices_with_exit_2_and_no_traceback(tmp_path: Path) -> None:
    bad = [a.replace("red@2=rifle:100,tank:10", "red@10=gun:5") for a in NEW]
    result = CliRunner().invoke(app, [*bad, "--out", str(tmp_path / "x.toml")])
    assert result.exit_code == 2
    assert "cell 10 is not an active cell" in result.output
    assert "gun=5.0: not a red weapon" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.toml").exists()


def test_builder_design_plays() -> None:
    """The scenario loads into a game: the units stand where they were put."""
    design = SmallDesign(
        ncells=8,
        nrank1=4,
        border=4,
        weapons={"red": ["rifle"], "blue": ["rifle", "tank"]},
        kill_rates={"red": 0.01, "blue": 0.01},
        units=[SmallUnit("red", 2, {"rifle": 50}), SmallUnit("blue", 6, {"tank": 5})],
    )
    game = IdahexRuleset().new_game(design.scenario(), seed=1, scenario_id="small")
    assert [u["location"] for u in game.view("red").data["units"]] == [2]
    assert game.view("red").data["enemy"][0]["location"] == 6


def test_builder_needs_a_weapon_and_a_unit_per_side() -> None:
    with pytest.raises(InvalidInputError) as e:
        SmallDesign(
            ncells=4, nrank1=2, weapons={"red": ["rifle"]}, kill_rates={}, units=[]
        ).scenario()
    text = str(e.value)
    assert "blue needs at least one weapon type" in text
    assert "red has no unit" in text


def _duel() -> SmallDesign:
    """The command docs/idahex.md gives for the bundled ``idahex/duel``."""
    full = {"rifle": 100, "tank": 10}
    return SmallDesign(
        ncells=14,
        nrank1=4,
        border=7,
        weapons={"red": ["rifle", "tank"], "blue": ["rifle", "tank"]},
        kill_rates={"red": 0.6, "blue": 0.6},
        units=[
            SmallUnit("red", 5, full),
            SmallUnit("red", 2, full),
            SmallUnit("blue", 9, full),
            SmallUnit("blue", 13, full),
        ],
        frdval=False,
        times=(0.0, 3.0, 0.25, 0.5, 1.0),
        title="Duel (a small IDAHEX design)",
    )


def test_the_bundled_duel_is_the_builders_design_with_vanish_raised() -> None:
    """docs/idahex.md, Small designs: ``idahex/duel`` is what the documented ``hexwar idahex
    new`` writes, but for its description and ``vanish`` (§5.3) raised from 0 to 0.5."""
    bundled = resolve_scenario("idahex/duel").scenario
    built = _duel().scenario()
    assert bundled.design.vanish == (0.5, 0.5)
    assert built.design.vanish == (0.0, 0.0)
    same = built.model_copy(
        update={
            "description": bundled.description,
            "design": built.design.model_copy(update={"vanish": (0.5, 0.5)}),
        }
    )
    assert same == bundled


@pytest.mark.parametrize("seed", range(4))
def test_the_bundled_duel_ends_within_its_six_periods(seed: int) -> None:
    """§2.3: both commanders command at each of the duel's six period starts (tpd 0.5 to
    tend 3) and the game ends by then, at ``tend`` or when a side has no units left (§5.3,
    vanish 0.5)."""
    session = Session.start(
        resolve_scenario("idahex/duel"), seed=seed, agents={"red": "random", "blue": "ai"}
    )
    periods = 0
    while (decision := session.game.decision()) is not None:
        assert decision.sides == {"red", "blue"}
        periods += 1
        session.play_agents(max_steps=session.game.step + 1)
    outcome = session.game.outcome()
    assert outcome is not None
    assert periods <= 6
    assert outcome.reason in {"the game reached tend = 3", "a side has no units left"}


def test_a_side_can_lose_the_duel_before_tend() -> None:
    """§5.3: a unit below half its planned value vanishes, so a side can lose both units and
    the game before ``tend`` (Blue's computer against a Red that sends its units at random)."""
    outcomes = []
    for seed in range(6):
        session = Session.start(
            resolve_scenario("idahex/duel"), seed=seed, agents={"red": "random", "blue": "ai"}
        )
        session.play_agents()
        outcomes.append(session.game.outcome())
    assert any(o is not None and o.reason == "a side has no units left" for o in outcomes)


def test_new_with_no_choices_writes_a_design_whose_commanders_fight(tmp_path: Path) -> None:
    """Issue 43: a designer's first design fights. ``hexwar idahex new --out F`` alone is Red's
    100 rifles (cell 2) against Blue's 50 (cell 6, next to it) at equal rates, odds of 2 to 1
    on attack values (1 a rifle each, §5.1.2 with equal kill rates) -- above the 1.6 x 1.15 the
    computer commander ever asks (docs/idahex.md, "The computer opponent") -- so ``hexwar
    run`` with its default agents (the computer on both sides) has losses on both sides
    within the run."""
    out = tmp_path / "first.toml"
    made = CliRunner().invoke(app, ["idahex", "new", "--out", str(out)])
    assert made.exit_code == 0, made.output
    d = tomllib.loads(out.read_text(encoding="utf-8"))["design"]
    assert [(u["buloc"], u["resources"]) for u in d["units"]] == [(2, [100.0]), (6, [50.0])]
    assert d["katk"] == [[[0.02]], [[0.02]]]
    played = CliRunner().invoke(app, ["run", str(out), "--seed", "1", "--json"])
    assert played.exit_code == 0, played.output
    record = json.loads(played.stdout)
    assert record["agents"] == {"red": "ai", "blue": "ai"}
    for side in record["summary"]["sides"].values():
        assert side["resources_at_end"][0] < side["resources_at_start"][0]
