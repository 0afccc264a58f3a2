"""The command line under failure (issue 15): every foreseeable failure exits 2 with a message
naming the file, key or path and the cause, never a traceback; the umpire's commands show
nothing hidden by accident; exported records replay and verify; ``--vs ai`` everywhere.

The commands run in this process (``main()`` with its arguments), so these tests stay fast.
"""

from __future__ import annotations

import errno
import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from hexwar.agents import AI, agent_names, make_agent
from hexwar.cli.main import failure_messages
from hexwar.core import registry
from hexwar.store import GameStore
from hexwar.store import sqlite as store_module
from tests.cli.conftest import Cli, Result


def _store_path(home: Path) -> Path:
    return home / "games.sqlite3"


def _human_game(cli: Cli) -> str:
    """A stored tiny duel in progress: red is a person who has not moved yet."""
    result = cli("play", "tiny/duel", "--side", "red", "--seed", "4", stdin=":quit\n")
    assert result.code == 0, result.err
    with GameStore() as store:
        return store.list_games()[0].id


def _finished_game(cli: Cli) -> str:
    result = cli("run", "tiny/duel", "--seed", "4", "--store", "--json")
    assert result.code == 0, result.err
    return str(json.loads(result.out)["game_id"])


def _refused(result: Result, *fragments: str) -> None:
    assert result.code == 2, result
    assert "Traceback" not in result.err
    for fragment in fragments:
        assert fragment in result.err, result.err


# -- seeds --------------------------------------------------------------------------------------


def test_a_negative_seed_plays(cli: Cli) -> None:
    """Issue 15: ``run ... --seed -1`` gave numpy's ValueError traceback."""
    result = cli("run", "tiny/duel", "--seed", "-1", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["seed"] == -1


def test_a_seed_beyond_64_bits_is_refused_by_its_option(cli: Cli) -> None:
    _refused(cli("run", "tiny/duel", "--seed", str(2**63)), "--seed 9223372036854775808")


# -- output paths -------------------------------------------------------------------------------


def test_report_path_is_checked_before_the_game_is_played(cli: Cli) -> None:
    """Issue 15: ``run --report /proc/x`` failed with FileNotFoundError after the game."""
    result = cli("run", "tiny/duel", "--report", "/proc/hexwar/x")
    _refused(result, "--report /proc/hexwar/x: cannot write:")
    assert result.out == ""  # nothing was played


def test_export_to_a_missing_directory_is_refused(cli: Cli) -> None:
    game_id = _finished_game(cli)
    result = cli("export", game_id, "-o", "/nonexistent/x.json")
    _refused(result, "--output /nonexistent/x.json: cannot write: No such file or directory")


# -- the store ----------------------------------------------------------------------------------


def test_listing_creates_no_store(cli: Cli, hexwar_home: Path) -> None:
    assert cli("games").out.strip() == "No stored games."
    assert not hexwar_home.exists()


def test_games_and_export_work_where_the_store_cannot_be_written(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: a HEXWAR_HOME without write permission broke ``games`` and ``export``."""
    game_id = _finished_game(cli)
    monkeypatch.setattr(store_module.os, "access", lambda _path, _mode: False)
    assert game_id in cli("games").out
    exported = cli("export", game_id)
    assert exported.code == 0, exported.err
    assert json.loads(exported.out)["seed"] == 4


def test_a_read_only_store_refuses_the_first_order_by_name(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, hexwar_home: Path
) -> None:
    """Issue 15: a read-only database gave a traceback on the first order."""
    game_id = _human_game(cli)
    connect = store_module.sqlite3.connect

    def read_only(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        db = connect(*args, **kwargs)
        db.execute("PRAGMA query_only = 1")
        return db

    monkeypatch.setattr(store_module.sqlite3, "connect", read_only)
    result = cli("resume", game_id, stdin="strike 1\n")
    _refused(result, f"{_store_path(hexwar_home)}: the game store is read-only", "HEXWAR_HOME")
    assert "ok: order" not in result.out  # nothing acknowledged that was not stored


def test_disk_full_during_play_is_named_and_nothing_is_acknowledged(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, hexwar_home: Path
) -> None:
    """Issue 15: disk full during play gave sqlite3.OperationalError's traceback."""
    game_id = _human_game(cli)

    def full(*_args: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(GameStore, "_insert_order", full)
    result = cli("resume", game_id, stdin="strike 1\n")
    _refused(result, f"{_store_path(hexwar_home)}: the disk is full", "Free some space")
    assert "ok: order" not in result.out


def test_a_damaged_store_is_named_and_doctor_says_what_to_do(cli: Cli, hexwar_home: Path) -> None:
    _finished_game(cli)
    path = _store_path(hexwar_home)
    data = bytearray(path.read_bytes())
    page = 4096
    data[page : 3 * page] = b"\xa5" * (2 * page)  # the pages after the header's
    path.write_bytes(bytes(data))
    _refused(cli("games"), str(path), "damaged")
    _refused(cli("doctor"), str(path), ".recover", "restore a backup")


def test_an_order_row_that_is_not_json_is_located_everywhere(cli: Cli, hexwar_home: Path) -> None:
    """Issue 15: an ``orders`` row with invalid JSON gave a traceback in export/replay/resume."""
    game_id = _human_game(cli)
    with closing(sqlite3.connect(_store_path(hexwar_home), isolation_level=None)) as db:
        db.execute("INSERT INTO orders VALUES (?, 0, 0, 'red', '{oops', 't')", (game_id,))
    where = f"game {game_id}: order 0 (orders.order_json) is not valid JSON"
    for args in (["export", game_id, "--umpire"], ["replay", game_id, "--umpire"]):
        _refused(cli(*args), where)
    _refused(cli("resume", game_id), where)
    _refused(cli("doctor"), where)


def test_games_delete_removes_a_game(cli: Cli) -> None:
    kept, gone = _finished_game(cli), _finished_game(cli)
    assert f"deleted game {gone}" in cli("games", "--delete", gone).out
    listing = cli("games").out
    assert kept in listing
    assert gone not in listing
    _refused(cli("games", "--delete", gone), f"no stored game {gone!r}")


def test_doctor_finds_a_game_whose_finish_was_lost_and_resume_repairs_it(cli: Cli) -> None:
    game_id = _finished_game(cli)
    with GameStore() as store:
        record = store.load(game_id)
        lost = store.create_game(record)  # every order stored, the finish not
    _refused(cli("doctor"), f"game {lost}: its last order ended the game", f"hexwar resume {lost}")
    assert cli("resume", lost).code == 0
    healthy = cli("doctor")
    assert healthy.code == 0, healthy.err
    assert "2 games checked" in healthy.out


# -- hidden information ------------------------------------------------------------------------


def test_umpire_commands_on_a_game_in_progress_need_umpire(cli: Cli) -> None:
    """Issue 15: export/replay without --side showed what the person at red may not know."""
    game_id = _human_game(cli)
    _refused(cli("replay", game_id), "side red is played by a person", "--umpire", "--side")
    _refused(cli("export", game_id), "side red is played by a person", "--umpire")
    assert cli("replay", game_id, "--side", "red").code == 0
    assert cli("replay", game_id, "--umpire").code == 0
    assert cli("export", game_id, "--umpire").code == 0


def test_umpire_commands_on_a_finished_game_need_nothing(cli: Cli) -> None:
    game_id = _finished_game(cli)
    assert cli("replay", game_id).code == 0
    assert cli("export", game_id).code == 0


# -- exported records ---------------------------------------------------------------------------


def test_an_exported_record_replays_and_verifies(cli: Cli, tmp_path: Path) -> None:
    """Issue 15: ``hexwar replay rec.json`` said "no stored game"."""
    game_id = _finished_game(cli)
    record = tmp_path / "rec.json"
    assert cli("export", game_id, "-o", str(record)).code == 0
    assert cli("replay", str(record)).out == cli("replay", game_id).out
    verified = cli("verify", str(record))
    assert verified.code == 0, verified.err
    assert f"{record}: ok:" in verified.out


def test_verify_refuses_a_record_whose_hash_the_replay_misses(cli: Cli, tmp_path: Path) -> None:
    game_id = _finished_game(cli)
    data = json.loads(cli("export", game_id).out)
    data["state_hash"] = "0" * 64
    record = tmp_path / "rec.json"
    record.write_text(json.dumps(data))
    _refused(cli("verify", str(record)), f"{record}: state_hash: the replay arrives at")


def test_a_damaged_record_file_is_located(cli: Cli, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "ruleset": "tiny",\n  "seed": ,\n}')
    _refused(cli("verify", str(broken)), f"{broken}:3: not JSON")
    shapeless = tmp_path / "shapeless.json"
    shapeless.write_text('{"ruleset": "tiny", "seed": "x", "orders": [{"seq": 0}]}')
    _refused(
        cli("replay", str(shapeless)),
        f"{shapeless}: seed: expected an integer",
        f"{shapeless}: orders[0].side: expected a string",
        f"{shapeless}: scenario: missing",
    )


def test_a_record_with_an_illegal_order_names_the_order(cli: Cli, tmp_path: Path) -> None:
    game_id = _finished_game(cli)
    data = json.loads(cli("export", game_id).out)
    data["orders"][1]["order"] = {"action": "strike", "power": 9}
    record = tmp_path / "rec.json"
    record.write_text(json.dumps(data))
    _refused(cli("verify", str(record)), f"{record}: order 1 (blue, step 1) cannot be replayed")


# -- agents -------------------------------------------------------------------------------------


def test_every_ruleset_has_an_ai_agent() -> None:
    """Issue 15: ``--vs ai`` failed for aggressor and flankbattle; ``ai`` is every ruleset's
    strongest computer player (the random agent where a ruleset has none of its own: tiny)."""
    for ruleset in registry.all_rulesets():
        assert agent_names(ruleset)[0] == AI
        assert make_agent(ruleset, ruleset.info.sides[0], AI) is not None
    aggressor = registry.get("aggressor")
    assert {"ai", "computer", "random"} <= set(agent_names(aggressor))


def test_vs_ai_plays_and_an_unknown_agent_names_vs(cli: Cli) -> None:
    assert cli("play", "tiny/duel", "--side", "red", "--vs", "ai", stdin=":quit\n").code == 0
    result = cli("play", "tiny/duel", "--side", "red", "--vs", "nobody", stdin=":quit\n")
    _refused(result, "--vs 'nobody': unknown agent 'nobody' for tiny (available: ai, random)")
    assert "--agent" not in result.err


# -- the one place errors become messages -------------------------------------------------------


def test_failures_foreseen_become_located_messages_and_bugs_keep_their_traceback() -> None:
    full = OSError(errno.ENOSPC, "No space left on device", "/games/report.txt")
    assert failure_messages(full) == ["/games/report.txt: No space left on device"]
    damaged = sqlite3.DatabaseError("database disk image is malformed")
    (message,) = failure_messages(damaged) or [""]
    assert "damaged" in message
    assert "hexwar doctor" in message
    assert failure_messages(KeyError("a bug")) is None


def test_airwar_export_in_progress_would_show_the_computers_sealed_order(cli: Cli) -> None:
    """Issue 15: on airwar, ``export ID`` showed the computer's sealed order before the
    person had moved (seed 001: moves are sealed and simultaneous)."""
    result = cli("play", "airwar/small-three-cities", "--side", "1", "--seed", "2", stdin=":quit\n")
    assert result.code == 0, result.err
    with GameStore() as store:
        game_id = store.list_games()[0].id
        sealed = [o.side for o in store.load(game_id).orders]
    assert sealed == ["2"]  # the computer's order is in the record, the person's is not
    _refused(cli("export", game_id), "side 1 is played by a person", "--umpire")
    _refused(cli("replay", game_id), "side 1 is played by a person")
    seen = cli("replay", game_id, "--side", "1", "--format", "json")
    assert seen.code == 0, seen.err
    assert all(
        "1" in event["visible_to"] or "*" in event["visible_to"] for event in json.loads(seen.out)
    )
