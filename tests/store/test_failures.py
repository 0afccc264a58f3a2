"""The game store under failure: one transaction for an order batch, its snapshot and the
finish; a failed commit rolls the session back; SQLite's errors named with file and cure;
read-only opening; deleting a game; old databases migrated (issue 15, "Data and state")."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from hexwar.core.orders import SubmittedOrder
from hexwar.core.rng import InvalidSeedError
from hexwar.sessions import SNAPSHOT_EVERY, Session, resolve_scenario
from hexwar.store import (
    DamagedStoreError,
    GameStore,
    OrderSequenceError,
    SnapshotError,
    StoreError,
)
from hexwar.store.sqlite import MIGRATIONS
from tests.store.test_sqlite import make_record, order


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def store(path: Path) -> Iterator[GameStore]:
    with GameStore(path) as s:
        yield s


def _raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def test_orders_snapshot_and_finish_commit_together(store: GameStore) -> None:
    game_id = store.create_game(make_record())
    store.append_orders(
        game_id, [order(0), order(1)], snapshot=(2, "h2"), outcome={"winner": "red"}
    )
    summary = store.list_games()[0]
    assert (summary.n_orders, summary.status) == (2, "finished")
    assert store.latest_snapshot(game_id) == store.snapshots(game_id)[0]
    assert store.snapshots(game_id)[0].state_hash == "h2"


def test_a_refused_snapshot_stores_neither_the_orders_nor_the_finish(store: GameStore) -> None:
    game_id = store.create_game(make_record())
    with pytest.raises(SnapshotError):
        store.append_orders(game_id, [order(0)], snapshot=(5, "h"), outcome={"winner": "red"})
    summary = store.list_games()[0]
    assert (summary.n_orders, summary.status) == (0, "active")


def test_a_batch_with_a_gap_stores_nothing(store: GameStore) -> None:
    game_id = store.create_game(make_record())
    with pytest.raises(OrderSequenceError):
        store.append_orders(game_id, [order(0), order(2)])
    assert store.load(game_id).orders == ()


def test_disk_full_is_named_with_the_file_and_what_to_do(store: GameStore, path: Path) -> None:
    game_id = store.create_game(make_record())
    store._db.execute("PRAGMA max_page_count = 1")  # no room for one more page
    big = SubmittedOrder(0, 0, "blue", {"text": "x" * 20_000})
    with pytest.raises(StoreError, match=r"the disk is full .*Free some space") as info:
        store.append_order(game_id, big)
    assert str(path) in str(info.value)


def test_a_read_only_database_is_named_with_what_to_do(store: GameStore) -> None:
    game_id = store.create_game(make_record())
    store._db.execute("PRAGMA query_only = 1")  # what a read-only file does to every write
    with pytest.raises(StoreError, match=r"read-only .*HEXWAR_HOME"):
        store.append_order(game_id, order(0))


def test_an_order_row_that_is_not_json_is_located(store: GameStore, path: Path) -> None:
    game_id = store.create_game(make_record())
    store.append_order(game_id, order(0))
    with closing(_raw(path)) as db:
        db.execute(
            "INSERT INTO orders VALUES (?, 1, 0, 'blue', '{not json', '2026-01-01')", (game_id,)
        )
    with pytest.raises(DamagedStoreError, match=rf"game {game_id}: order 1 \(orders.order_json\)"):
        store.load(game_id)


def test_read_only_store_that_does_not_exist_is_empty_and_not_created(path: Path) -> None:
    with GameStore(path, readonly=True) as store:
        assert store.list_games() == []
    assert not path.exists()
    assert not path.parent.joinpath("games.sqlite3-wal").exists()


def test_read_only_store_refuses_writes(store: GameStore, path: Path) -> None:
    game_id = store.create_game(make_record())
    with GameStore(path, readonly=True) as reader:
        assert reader.load(game_id).seed == 42
        with pytest.raises(StoreError, match="opened read-only"):
            reader.append_order(game_id, order(0))


def test_read_only_store_reads_where_the_directory_is_not_writable(
    store: GameStore, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A HEXWAR_HOME without write permission: the -shm file cannot be made there."""
    game_id = store.create_game(make_record())
    store.close()
    monkeypatch.setattr("hexwar.store.sqlite.os.access", lambda _p, _mode: False)
    with GameStore(path, readonly=True) as reader:
        assert [g.id for g in reader.list_games()] == [game_id]


def test_delete_game_removes_its_orders_and_snapshots_only(store: GameStore, path: Path) -> None:
    kept = store.create_game(make_record())
    gone = store.create_game(make_record())
    for game_id in (kept, gone):
        store.append_orders(game_id, [order(0), order(1)], snapshot=(1, "h1"))
    assert store.delete_game(gone[:6] if gone[:6] != kept[:6] else gone) == gone
    assert [g.id for g in store.list_games()] == [kept]
    with closing(_raw(path)) as db:
        rows = db.execute("SELECT COUNT(*) FROM orders WHERE game_id = ?", (gone,)).fetchone()
        assert rows[0] == 0
        assert db.execute("SELECT COUNT(*) FROM checkpoints").fetchone()[0] == 1
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute("DELETE FROM orders WHERE game_id = ?", (kept,))
    assert len(store.load(kept).orders) == 2


def test_version_1_database_keeps_its_snapshot_hashes_and_drops_the_states(path: Path) -> None:
    with closing(_raw(path)) as db:
        db.executescript(MIGRATIONS[0] + "PRAGMA user_version = 1;")
        db.execute(
            "INSERT INTO games VALUES ('g-1', 'tiny', '1', 's', '{}', 'h', 1, '{}', 't', 't',"
            " 'active', NULL, NULL)"
        )
        db.execute("INSERT INTO snapshots VALUES ('g-1', 0, 'hash0', '{\"big\": 1}', 't')")
    with GameStore(path) as store:
        assert [(s.seq, s.state_hash) for s in store.snapshots("g-1")] == [(0, "hash0")]
    with closing(_raw(path)) as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "snapshots" not in tables


# -- sessions ---------------------------------------------------------------------------------


def _tiny_session(store: GameStore, *, human: str | None = None) -> Session:
    agents = {s: "random" for s in ("red", "blue") if s != human}
    return Session.start(resolve_scenario("tiny/duel"), seed=3, agents=agents, store=store)


def test_a_failed_commit_leaves_the_game_as_the_store_holds_it(store: GameStore) -> None:
    """Issue 15: Session.submit changed the game before the store committed."""
    session = _tiny_session(store, human="red")
    before = (session.game.state_hash(), len(session.game.orders))
    store._db.execute("PRAGMA query_only = 1")
    with pytest.raises(StoreError, match="read-only"):
        session.submit("red", "strike 1")
    assert (session.game.state_hash(), len(session.game.orders)) == before
    store._db.execute("PRAGMA query_only = 0")
    assert session.submit("red", "strike 1").seq == before[1]
    assert session.game_id is not None
    assert len(store.load(session.game_id).orders) == before[1] + 1


def test_the_last_order_finishes_the_stored_game(store: GameStore) -> None:
    session = _tiny_session(store)
    session.run()
    assert session.game_id is not None
    summary = store.list_games()[0]
    assert summary.status == "finished"
    assert summary.n_orders == len(session.game.orders)
    last = store.latest_snapshot(session.game_id)
    assert last is not None
    assert (last.seq, last.state_hash) == (len(session.game.orders), session.game.state_hash())


def test_resume_finishes_a_game_whose_finish_was_never_stored(store: GameStore) -> None:
    """Issue 15: a kill between the last order's commit and finish() left it active for ever."""
    played = _tiny_session(store)
    played.run()
    record = played.game.record(played.agent_names)
    game_id = store.create_game(record)  # every order, as if the finish had been lost
    assert store.status(game_id) == "active"
    resumed = Session.resume(store, game_id)
    assert resumed.game.outcome() == played.game.outcome()
    assert store.status(game_id) == "finished"


def test_agents_orders_are_committed_in_batches_with_snapshots(
    store: GameStore, tmp_path: Path
) -> None:
    long_duel = tmp_path / "long.toml"
    long_duel.write_text('ruleset = "tiny"\ntitle = "long"\nhit_points = 20\nmax_rounds = 500\n')
    agents = {"red": "random", "blue": "random"}
    session = Session.start(resolve_scenario(str(long_duel)), seed=3, agents=agents, store=store)
    session.run(max_steps=SNAPSHOT_EVERY + 5)
    assert session.game_id is not None
    n = len(session.game.orders)
    assert len(store.load(session.game_id).orders) == n == session.saved
    snapshots = store.snapshots(session.game_id)
    assert snapshots
    assert all(s.seq >= SNAPSHOT_EVERY for s in snapshots)


def test_a_negative_seed_plays_is_stored_and_replays(store: GameStore) -> None:
    """Issue 15 (seeds): any seed the store accepts works, the same in store and API."""
    agents = {"red": "random", "blue": "random"}
    session = Session.start(resolve_scenario("tiny/duel"), seed=-1, agents=agents, store=store)
    session.run()
    assert session.game_id is not None
    resumed = Session.resume(store, session.game_id)
    assert resumed.game.seed == -1
    assert resumed.game.state_hash() == session.game.state_hash()
    with pytest.raises(InvalidSeedError):
        store.create_game(dataclasses.replace(session.game.record(), seed=2**63))


def test_a_version_1_store_opened_read_only_is_upgraded_first(path: Path) -> None:
    with closing(_raw(path)) as db:
        db.executescript(MIGRATIONS[0] + "PRAGMA user_version = 1;")
    with GameStore(path, readonly=True) as reader:
        assert reader.list_games() == []
    with closing(_raw(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
