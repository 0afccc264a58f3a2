"""The conformance kit run against the tiny fixture rulesets (alternating and sealed orders)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hexwar.core import registry
from hexwar.core.errors import RecordError
from hexwar.core.game import Game
from hexwar.sessions import Session, resolve_scenario
from hexwar.store import GameStore
from hexwar.testing import ConformanceSuite
from tests.fixtures.tiny import hidden_variant


class TestTinyAlternating(ConformanceSuite):
    scenario = "tiny/duel"

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        return hidden_variant(game, side)


class TestTinySealed(ConformanceSuite):
    scenario = "tiny-sealed/sealed"

    def hidden_variant(self, game: Game[Any, Any], side: str) -> Game[Any, Any] | None:
        return hidden_variant(game, side)


def test_resume_checks_replay_against_the_latest_snapshot(tmp_path: Path) -> None:
    """A stored snapshot whose hash the replay does not reach is reported, not ignored."""
    resolved = resolve_scenario("tiny/duel")
    with GameStore(tmp_path / "g.sqlite3") as store:
        session = Session.start(
            resolved, seed=5, agents={"red": "random", "blue": "random"}, store=store
        )
        session.run()
        assert session.game_id is not None
        snapshot = store.latest_snapshot(session.game_id)
        assert snapshot is not None
        assert snapshot.state_hash == session.game.state_hash()
        assert Session.resume(store, session.game_id).game.state_hash() == snapshot.state_hash
        record = store.load(session.game_id)
    with pytest.raises(RecordError, match="replay diverged"):
        registry.replay(record, checkpoints={snapshot.seq: "0" * 64})
