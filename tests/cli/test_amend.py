"""``hexwar amend``: the umpire's amendment of a stored game from the command line (issue 19,
item 4): stored as an order of side 'umpire', shown by ``replay``, checked by ``verify``; a
refused amendment exits 2 naming the rule, without a traceback, and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from hexwar.rulesets.aggressor.legal import random_setup
from hexwar.sessions import Session, resolve_scenario
from hexwar.store import GameStore
from tests.cli.conftest import Cli


def _stored_game() -> str:
    with GameStore() as store:
        session = Session.start(
            resolve_scenario("aggressor/sector"), seed=3, agents={}, store=store
        )
        for i, side in enumerate(("west", "east")):
            session.submit(side, str(random_setup(side, np.random.default_rng(i))))
        assert session.game_id is not None
        return session.game_id


def test_amend_records_replays_and_verifies(cli: Cli, tmp_path: Path) -> None:
    gid = _stored_game()
    refused = cli("amend", gid, "move west 12 to @IF: x")
    assert refused.code == 2
    assert "@IF is occupied" in refused.err
    assert "umpire amendments" in refused.err  # the rule
    assert "Traceback" not in refused.err
    done = cli("amend", gid, "move west 12 to @BA: the counter stood a hex off")
    assert done.code == 0, done.err
    assert f"game {gid}: amendment 2 recorded: move west 12 to @BA" in done.out
    ended = cli("amend", gid, "end east: west's player left")
    assert "Game over: the umpire's ruling: west's player left" in ended.out
    log = cli("replay", gid, "--side", "east")
    assert "The umpire amends the game: the counter stood a hex off" in log.out
    assert "@BA" not in log.out
    exported = cli("export", gid)
    assert exported.code == 0, exported.err
    record = tmp_path / "amended.json"
    record.write_text(exported.out, encoding="utf-8")
    assert [o["side"] for o in json.loads(exported.out)["orders"]].count("umpire") == 2
    verified = cli("verify", str(record))
    assert verified.code == 0, verified.err
    assert "ok: 4 orders replay" in verified.out
