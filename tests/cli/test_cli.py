"""The ``hexwar`` command: listing, validation with located errors (exit 2, no traceback),
headless runs, terminal play, and resuming a killed game with every acknowledged order."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

HEXWAR = [sys.executable, "-m", "hexwar"]


def hexwar(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*HEXWAR, *args], env=env, input=stdin, capture_output=True, text=True, timeout=120
    )


def test_version(cli_env: dict[str, str]) -> None:
    result = hexwar(cli_env, "--version")
    assert result.returncode == 0
    assert re.fullmatch(r"hexwar \d+\.\d+\.\d+\n", result.stdout)


def test_every_command_has_help(cli_env: dict[str, str]) -> None:
    commands = ["rulesets", "scenarios", "validate", "schema", "run", "play"]
    commands += ["games", "resume", "replay", "export", "verify", "doctor"]
    for command in commands:
        result = hexwar(cli_env, command, "--help")
        assert result.returncode == 0, command
        assert "Usage" in result.stdout


def test_rulesets_and_scenarios_are_listed(cli_env: dict[str, str]) -> None:
    assert "tiny-sealed" in hexwar(cli_env, "rulesets").stdout
    listing = hexwar(cli_env, "scenarios", "tiny").stdout
    assert "tiny/duel" in listing
    assert "tiny-sealed/sealed" not in listing


def test_schema_prints_the_scenario_json_schema(cli_env: dict[str, str]) -> None:
    schema = json.loads(hexwar(cli_env, "schema", "tiny").stdout)
    assert set(schema["properties"]) >= {"ruleset", "title", "hit_points"}


BAD_SCENARIO = """\
ruleset = "tiny"
hit_points = "four"
reserve = 12
max_rounds = 0
colour = "red"
"""


def test_validate_lists_every_mistake_with_its_line_and_exits_2(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BAD_SCENARIO)
    result = hexwar(cli_env, "validate", str(path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert any(line.startswith(f"{path}:1: title:") for line in lines)  # missing: table line
    assert any(line.startswith(f"{path}:2: hit_points:") for line in lines)
    assert any(line.startswith(f"{path}:3: reserve:") for line in lines)
    assert any(line.startswith(f"{path}:4: max_rounds:") for line in lines)
    assert any(line.startswith(f"{path}:5: colour:") for line in lines)
    assert f"{path}: 5 problems" in lines


def test_validate_accepts_a_good_file_and_reports_each_file(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    good = tmp_path / "good.toml"
    good.write_text('ruleset = "tiny"\ntitle = "ok"\n')
    bad = tmp_path / "bad.json"
    bad.write_text('{"ruleset": "tiny",\n "title": 3}\n')
    result = hexwar(cli_env, "validate", str(good), str(bad))
    assert result.returncode == 2
    assert f"{good}: ok (tiny)" in result.stdout
    assert f"{bad}:2: title:" in result.stderr


def test_validate_syntax_error_is_located(cli_env: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('ruleset = "tiny"\ntitle = \n')
    result = hexwar(cli_env, "validate", str(path))
    assert result.returncode == 2
    assert f"{path}:2" in result.stderr
    assert "Traceback" not in result.stderr


def test_run_json_reports_outcome_and_state_hash(cli_env: dict[str, str]) -> None:
    result = hexwar(cli_env, "run", "tiny/duel", "--seed", "11", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"ruleset", "scenario", "seed", "outcome", "state_hash"} <= set(data)
    assert data["ruleset"] == "tiny"
    assert data["scenario"] == "tiny/duel"
    assert data["seed"] == 11
    assert set(data["outcome"]) == {"winner", "reason"}


def test_run_json_carries_the_rulesets_summary_of_the_final_state(cli_env: dict[str, str]) -> None:
    data = json.loads(hexwar(cli_env, "run", "tiny/duel", "--seed", "11", "--json").stdout)
    assert set(data["summary"]) == {"hit_points", "rounds"}
    assert set(data["summary"]["hit_points"]) == {"red", "blue"}
    assert data["summary"]["rounds"] >= 1


def test_run_report_writes_the_designers_report(cli_env: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "report.txt"
    result = hexwar(cli_env, "run", "tiny/duel", "--seed", "11", "--report", str(path))
    assert result.returncode == 0, result.stderr
    text = path.read_text()
    assert text.startswith("Tiny duel (test fixture) (tiny 1): designer's report\n")
    assert "seed: 11" in text
    assert "\n== Log ==\n" in text
    assert "\n== Hit points ==\n" in text
    assert text.index("== Log ==") < text.index("== Hit points ==")


def test_run_report_into_a_missing_directory_exits_2(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / "nowhere" / "report.txt"
    result = hexwar(cli_env, "run", "tiny/duel", "--seed", "1", "--report", str(path))
    assert result.returncode == 2
    assert "cannot write: No such file or directory" in result.stderr
    assert "Traceback" not in result.stderr


def test_run_same_seed_same_game(cli_env: dict[str, str]) -> None:
    first = json.loads(hexwar(cli_env, "run", "tiny/duel", "--seed", "4", "--json").stdout)
    second = json.loads(hexwar(cli_env, "run", "tiny/duel", "--seed", "4", "--json").stdout)
    assert first["state_hash"] == second["state_hash"]


def test_run_accepts_a_scenario_file(cli_env: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text('{"ruleset": "tiny-sealed", "title": "mine", "hit_points": 2}')
    data = json.loads(hexwar(cli_env, "run", str(path), "--seed", "1", "--json").stdout)
    assert data["ruleset"] == "tiny-sealed"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["run", "tiny/nowhere"], "unknown scenario 'tiny/nowhere'"),
        (["run", "chess/opening"], "unknown ruleset 'chess'"),
        (["run", "tiny/duel", "--agent", "green=random"], "unknown side 'green'"),
        (["run", "tiny/duel", "--agent", "red=genius"], "unknown agent 'genius'"),
        (["run", "tiny/duel", "--agent", "red"], "expected SIDE=AGENT"),
        (["run", "missing.toml"], "missing.toml: no such file"),
        (["replay", "g-nothere"], "g-nothere"),
    ],
)
def test_invalid_input_exits_2_without_traceback(
    cli_env: dict[str, str], args: list[str], message: str
) -> None:
    result = hexwar(cli_env, *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_chooser_lists_scenarios_and_quits(cli_env: dict[str, str]) -> None:
    result = hexwar(cli_env, stdin="q\n")
    assert result.returncode == 0
    assert "tiny/duel" in result.stdout


def test_chooser_starts_the_chosen_scenario(cli_env: dict[str, str]) -> None:
    from hexwar.core import registry

    ids = [sid for r in registry.all_rulesets() for sid in r.bundled_scenarios()]
    # tiny/duel, side 4 = watch: computer against computer (Enter: the default agents and a
    # random seed) to the end
    result = hexwar(cli_env, stdin=f"{ids.index('tiny/duel') + 1}\n4\n\n\n\n")
    assert result.returncode == 0, result.stderr
    assert "wins" in result.stdout or "nobody" in result.stdout


def _game_id(text: str) -> str:
    match = re.search(r"Game (g-[0-9a-f]+)", text)
    assert match, text
    return match.group(1)


def _play_tiny(env: dict[str, str], stdin: str) -> subprocess.CompletedProcess[str]:
    args = ["play", "tiny/duel", "--side", "red", "--vs", "random", "--seed", "2"]
    return hexwar(env, *args, stdin=stdin)


def test_play_refuses_illegal_orders_and_saves(cli_env: dict[str, str]) -> None:
    result = _play_tiny(cli_env, "fly away\nrest\n")
    assert result.returncode == 0, result.stderr
    assert "refused:" in result.stdout
    assert "ok: order" in result.stdout
    game_id = _game_id(result.stdout)
    assert game_id in hexwar(cli_env, "games").stdout
    record = json.loads(hexwar(cli_env, "export", game_id, "--umpire").stdout)
    assert {"action": "rest", "power": 0} in [o["order"] for o in record["orders"]]


def test_replay_shows_only_what_a_side_saw(cli_env: dict[str, str]) -> None:
    result = _play_tiny(cli_env, "rest\nrest\n")
    game_id = _game_id(result.stdout)
    everything = hexwar(cli_env, "replay", game_id, "--umpire", "--format", "json")
    red = json.loads(hexwar(cli_env, "replay", game_id, "--side", "red", "--format", "json").stdout)
    blue = json.loads(
        hexwar(cli_env, "replay", game_id, "--side", "blue", "--format", "json").stdout
    )
    assert all("red" in e["visible_to"] or "*" in e["visible_to"] for e in red)
    assert all("blue" in e["visible_to"] or "*" in e["visible_to"] for e in blue)
    assert len(json.loads(everything.stdout)) > min(len(red), len(blue))
    assert "red rests" not in json.dumps(blue)


LONG_DUEL = 'ruleset = "tiny"\ntitle = "long"\nhit_points = 20\nmax_rounds = 200\n'


def _reader(stream: object, lines: queue.Queue[str]) -> None:
    for line in iter(stream.readline, ""):  # type: ignore[attr-defined]
        lines.put(line)


def _await_ack(lines: queue.Queue[str]) -> int:
    while True:
        line = lines.get(timeout=60)
        match = re.search(r"ok: order (\d+) accepted", line)
        if match:
            return int(match.group(1))


def test_sigkill_mid_game_then_resume_restores_every_acknowledged_order(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    scenario = tmp_path / "long.toml"
    scenario.write_text(LONG_DUEL)
    proc = subprocess.Popen(
        [*HEXWAR, "play", str(scenario), "--side", "red", "--vs", "random", "--seed", "9"],
        env=cli_env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        bufsize=1,
    )
    assert proc.stdin is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_reader, args=(proc.stdout, lines), daemon=True).start()
    first = lines.get(timeout=60)
    game_id = _game_id(first)
    acked: list[int] = []
    try:
        for _ in range(6):
            proc.stdin.write("rest\n")
            proc.stdin.flush()
            acked.append(_await_ack(lines))
        proc.stdin.write("rest\n")  # in flight when the process dies
        proc.stdin.flush()
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL

    record = json.loads(hexwar(cli_env, "export", game_id, "--umpire").stdout)
    stored = {o["seq"]: o for o in record["orders"]}
    assert sorted(stored) == list(range(len(stored)))  # contiguous, nothing half-written
    for seq in acked:
        assert stored[seq]["side"] == "red"
        assert stored[seq]["order"] == {"action": "rest", "power": 0}

    resumed = hexwar(cli_env, "resume", game_id, stdin="rest\n")
    assert resumed.returncode == 0, resumed.stderr
    assert f"{len(stored)} orders restored" in resumed.stdout
    next_ack = int(re.findall(r"ok: order (\d+) accepted", resumed.stdout)[0])
    assert next_ack >= max(acked) + 1
