"""The skirmish plug-in on the command line, known to ``hexwar`` through ``HEXWAR_RULESETS``
alone (``plugin_env``): ``hexwar run`` with ``mcts`` against the computer player,
``hexwar tournament``, ``hexwar sweep`` and its summary, ``hexwar validate`` of a bad file;
and the ``mcts`` agent through the agents API over a whole game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hexwar.agents import agent_names, agent_rng, make_agent
from hexwar.agents.mcts import MctsAgent
from hexwar.core.game import Game, Ruleset
from hexwar.sessions import resolve_scenario

from .skirmish import SkirmishRuleset

HEXWAR = [sys.executable, "-m", "hexwar"]


def _hexwar(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*HEXWAR, *args], env=env, capture_output=True, text=True, timeout=300, check=False
    )


def _new_game(scenario: str, seed: int) -> Game[Any, Any]:
    resolved = resolve_scenario(scenario)
    return resolved.ruleset.new_game(resolved.scenario, seed=seed, scenario_id=scenario)


def test_mcts_is_offered_and_plays_a_whole_game(skirmish: SkirmishRuleset) -> None:
    """Agents: the ruleset's determinise makes ``mcts`` available (with its own ``ai`` and
    ``random``), and ``mcts`` -- with the default search profile (``Ruleset.search_profile``
    not overridden), the ruleset's ``ai`` as its rollout policy -- plays red to the end
    against the computer player, every order legal."""
    assert agent_names(skirmish) == ["ai", "random", "mcts"]
    assert type(skirmish).search_profile is Ruleset.search_profile  # the default profile
    game = _new_game("skirmish/crossroads", seed=5)
    players = {
        "red": MctsAgent(skirmish, "red", iterations=24),
        "blue": make_agent(skirmish, "blue", "ai"),
    }
    while (decision := game.decision()) is not None:
        (side,) = decision.sides
        view = game.view(side)
        order = players[side].act(view, agent_rng(5, side, game.step))
        assert order in skirmish.legal_orders(view)
        game.submit(side, order)
    assert game.outcome() is not None


@pytest.mark.slow
def test_hexwar_run_plays_mcts_against_the_computer(plugin_env: dict[str, str]) -> None:
    """``hexwar run SCENARIO --agent red=mcts --agent blue=ai``: exit 0 and the JSON summary
    (cut to 4 decisions: mcts thinks a second a decision)."""
    done = _hexwar(
        plugin_env, "run", "skirmish/crossroads", "--agent", "red=mcts", "--agent", "blue=ai",
        "--seed", "1", "--max-steps", "4", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert (result["ruleset"], result["agents"]) == ("skirmish", {"red": "mcts", "blue": "ai"})
    assert result["decisions"] == 4
    assert result["summary"]["sides"]["red"]["units"] == 3


@pytest.mark.slow
def test_hexwar_tournament_rates_ai_random_and_mcts(
    plugin_env: dict[str, str], tmp_path: Path
) -> None:
    """``hexwar tournament``: whole games of every pair, each side once; the table and CSV."""
    out = tmp_path / "t.csv"
    done = _hexwar(
        plugin_env, "tournament", "skirmish/ridge", "--agents", "ai,random,mcts", "--seeds", "1",
        "--mcts-seconds", "0.02", "--csv", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "skirmish/ridge: 6 games (ai, random, mcts; 1 per pair and side)" in done.stderr
    for pair in ("| ai | random |", "| ai | mcts |", "| random | mcts |"):
        assert pair in done.stdout
    assert out.read_text().startswith("kind,scenario,agent")


@pytest.mark.slow
def test_hexwar_sweep_runs_and_summarizes(plugin_env: dict[str, str], tmp_path: Path) -> None:
    """``hexwar sweep``: a factorial design over the scenario's rounds (a key path into the
    bundled scenario), responses from the umpire's summary; then ``sweep summarize``."""
    experiment = tmp_path / "rounds.toml"
    experiment.write_text(
        """title = "Crossroads: short and long games"
scenario = "skirmish/crossroads"
replications = 2
seed = 40
responses = ["winner", "length", "summary.sides.red.strength"]

[design]
kind = "factorial"

[[factors]]
name = "rounds"
path = "rounds"
low = 4
high = 12
levels = 2
integer = true
""",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    done = _hexwar(
        plugin_env, "sweep", str(experiment), "--out", str(out), "--jobs", "1", "--no-plots"
    )
    assert done.returncode == 0, done.stderr
    assert "2 design points x 2 replications = 4 games of skirmish/crossroads" in done.stderr
    rows = (out / "results.csv").read_text().splitlines()
    assert len(rows) == 5  # a header and four games
    assert "summary.sides.red.strength" in rows[0]
    summary = _hexwar(plugin_env, "sweep", "summarize", str(out))
    assert summary.returncode == 0, summary.stderr
    assert "winner" in summary.stdout


@pytest.mark.slow
def test_a_bad_scenario_file_is_refused_at_its_line(
    plugin_env: dict[str, str], tmp_path: Path
) -> None:
    """Scenario validation: a unit off the map is reported at file:line, exit 2, no traceback."""
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'ruleset = "skirmish"\ntitle = "bad"\nobjective = "D4"\n'
        'red = [{ id = "R1", at = "A2" }]\nblue = [{ id = "B1", at = "K9" }]\n',
        encoding="utf-8",
    )
    done = _hexwar(plugin_env, "validate", str(bad))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "bad.toml" in done.stderr
    assert "not on the 7x7 map" in done.stderr


def test_the_agents_rng_is_the_only_source_of_choice(skirmish: SkirmishRuleset) -> None:
    """The computer player draws nothing: the same view, the same order, whatever the stream."""
    game = _new_game("skirmish/ridge", seed=1)
    agent = make_agent(skirmish, "red", "ai")
    view = game.view("red")
    orders = {agent.act(view, np.random.default_rng(s)) for s in range(5)}
    assert len(orders) == 1
