from __future__ import annotations

import dataclasses
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from hexwar.core.errors import GameOverError, HexwarError, UnknownGameError
from hexwar.core.orders import SubmittedOrder
from hexwar.core.records import GameRecord, content_hash
from hexwar.store import (
    SCHEMA_VERSION,
    AmbiguousGameIdError,
    DamagedStoreError,
    GameStore,
    OrderSequenceError,
    SchemaVersionError,
    SnapshotError,
    StoreError,
    default_path,
)
from hexwar.store import sqlite as store_module

SRC = Path(__file__).resolve().parents[2] / "src"
SCENARIO: dict[str, Any] = {
    "map": {"width": 3, "height": 2},
    "units": [{"id": "1/A", "hex": "0,0"}],
}


def make_record(ruleset: str = "aggressor", **changes: Any) -> GameRecord:
    record = GameRecord(
        ruleset=ruleset,
        ruleset_version="1.0",
        scenario_id=f"{ruleset}/sector",
        scenario=SCENARIO,
        scenario_hash=content_hash(SCENARIO),
        seed=42,
        agents={"red": "random"},
    )
    return dataclasses.replace(record, **changes)


def order(seq: int, side: str = "blue") -> SubmittedOrder:
    return SubmittedOrder(seq, step=seq // 2, side=side, order={"move": ["1/A", "0,1"], "n": seq})


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def store(path: Path) -> Iterator[GameStore]:
    with GameStore(path) as s:
        yield s


@pytest.fixture
def fixed_ids(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The random parts of the next game ids, in order (consumed by ``create_game``)."""
    ids: list[str] = []
    monkeypatch.setattr(store_module.secrets, "token_hex", lambda _n: ids.pop(0))
    return ids


def test_record_with_orders_round_trips(store: GameStore) -> None:
    record = make_record(orders=(order(0), order(1, "red")))
    game_id = store.create_game(record)
    for seq in range(2, 5):
        store.append_order(game_id, order(seq))
    expected = dataclasses.replace(
        record, orders=tuple(order(s, "red" if s == 1 else "blue") for s in range(5))
    )
    assert store.load(game_id) == expected


def test_game_ids_are_short_and_readable(store: GameStore) -> None:
    assert re.fullmatch(r"g-[0-9a-f]{8}", store.create_game(make_record()))


def test_new_id_is_drawn_again_on_collision(store: GameStore, fixed_ids: list[str]) -> None:
    fixed_ids += ["0000aaaa", "0000aaaa", "0000bbbb"]
    assert store.create_game(make_record()) == "g-0000aaaa"
    assert store.create_game(make_record()) == "g-0000bbbb"


def test_a_shared_store_is_written_from_another_thread_in_turn(path: Path) -> None:
    """A web server's store (``shared=True``) is used by its games thread and its event loop,
    one at a time: an order appended from a thread other than the opener's is stored."""
    with GameStore(path, shared=True) as shared:
        game_id = shared.create_game(make_record(orders=(order(0),)))
        worker = threading.Thread(target=shared.append_order, args=(game_id, order(1, "red")))
        worker.start()
        worker.join(timeout=30)
        assert [o.seq for o in shared.load(game_id).orders] == [0, 1]


def test_a_store_not_shared_refuses_another_thread(store: GameStore) -> None:
    """By default a store belongs to the thread that opened it (SQLite's own check kept)."""
    game_id = store.create_game(make_record())
    failures: list[BaseException] = []

    def append() -> None:
        try:
            store.append_order(game_id, order(0))
        except StoreError as e:
            failures.append(e)

    worker = threading.Thread(target=append)
    worker.start()
    worker.join(timeout=30)
    assert len(failures) == 1
    assert "thread" in str(failures[0])
    assert store.load(game_id).orders == ()


def test_append_refuses_a_gap(store: GameStore) -> None:
    game_id = store.create_game(make_record(orders=(order(0),)))
    with pytest.raises(OrderSequenceError, match=r"seq 2 \(gap\); the next seq is 1"):
        store.append_order(game_id, order(2))
    assert [o.seq for o in store.load(game_id).orders] == [0]


def test_append_refuses_a_duplicate(store: GameStore) -> None:
    game_id = store.create_game(make_record(orders=(order(0), order(1))))
    with pytest.raises(OrderSequenceError, match=r"seq 1 \(duplicate\)") as info:
        store.append_order(game_id, dataclasses.replace(order(1), side="red"))
    assert (info.value.expected, info.value.got) == (2, 1)
    assert store.load(game_id).orders == (order(0), order(1))


def test_create_refuses_a_record_with_a_gap_and_stores_nothing(store: GameStore) -> None:
    with pytest.raises(OrderSequenceError):
        store.create_game(make_record(orders=(order(0), order(2))))
    assert store.list_games() == []


def test_orders_cannot_be_changed_even_with_raw_sql(store: GameStore, path: Path) -> None:
    game_id = store.create_game(make_record(orders=(order(0),)))
    with closing(sqlite3.connect(path, isolation_level=None)) as raw:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            raw.execute("UPDATE orders SET side = 'red'")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            raw.execute("DELETE FROM orders")
    assert store.load(game_id).orders == (order(0),)


def test_append_to_a_finished_game_is_refused(store: GameStore) -> None:
    game_id = store.create_game(make_record())
    store.finish(game_id, {"winner": "red"})
    with pytest.raises(GameOverError, match="finished"):
        store.append_order(game_id, order(0))


def test_unknown_id_is_named_and_hexwar_games_suggested(store: GameStore) -> None:
    with pytest.raises(UnknownGameError, match=r"'g-nope'.*`hexwar games`"):
        store.load("g-nope")
    with pytest.raises(UnknownGameError):
        store.append_order("g-nope", order(0))


def test_load_accepts_a_unique_prefix(store: GameStore, fixed_ids: list[str]) -> None:
    fixed_ids += ["12345678", "abcdef01"]
    store.create_game(make_record(seed=1))
    store.create_game(make_record(seed=2))
    assert store.load("g-a").seed == 2
    assert store.resolve_id("g-1234") == "g-12345678"


def test_ambiguous_prefix_names_the_candidates(store: GameStore, fixed_ids: list[str]) -> None:
    fixed_ids += ["abc00001", "abc00002"]
    store.create_game(make_record())
    store.create_game(make_record())
    with pytest.raises(AmbiguousGameIdError, match="g-abc00001, g-abc00002"):
        store.load("g-abc")


def test_empty_prefix_matches_no_game(store: GameStore) -> None:
    store.create_game(make_record())
    with pytest.raises(UnknownGameError):
        store.load("")


def test_list_games_is_newest_first_and_filters_by_ruleset(store: GameStore) -> None:
    first = store.create_game(make_record("aggressor"), label="first")
    other = store.create_game(make_record("kriegspiel"))
    last = store.create_game(make_record("aggressor", orders=(order(0), order(1))))
    assert [g.id for g in store.list_games()] == [last, other, first]
    games = store.list_games("aggressor")
    assert [(g.id, g.n_orders, g.label) for g in games] == [(last, 2, None), (first, 0, "first")]
    assert games[0].status == "active"
    assert games[0].outcome is None


def test_finish_sets_status_and_outcome(store: GameStore) -> None:
    game_id = store.create_game(make_record())
    store.finish(game_id, {"winner": "red", "reason": "objective taken"})
    (summary,) = store.list_games()
    assert summary.status == "finished"
    assert summary.outcome == {"winner": "red", "reason": "objective taken"}
    assert summary.updated_at >= summary.created_at


def test_finish_repeated_is_harmless_but_a_different_outcome_is_refused(store: GameStore) -> None:
    game_id = store.create_game(make_record())
    store.finish(game_id, {"winner": "red"})
    store.finish(game_id, {"winner": "red"})
    with pytest.raises(GameOverError, match="already finished"):
        store.finish(game_id, {"winner": "blue"})
    assert store.list_games()[0].outcome == {"winner": "red"}


def test_latest_snapshot_is_the_one_after_most_orders(store: GameStore) -> None:
    game_id = store.create_game(make_record(orders=(order(0), order(1))))
    assert store.latest_snapshot(game_id) is None
    store.save_snapshot(game_id, 0, "h0")
    store.save_snapshot(game_id, 2, "h2")
    snapshot = store.latest_snapshot(game_id)
    assert snapshot is not None
    assert (snapshot.game_id, snapshot.seq, snapshot.state_hash) == (game_id, 2, "h2")


def test_snapshot_is_refused_beyond_the_stored_orders(store: GameStore) -> None:
    game_id = store.create_game(make_record(orders=(order(0),)))
    with pytest.raises(SnapshotError, match="after 2 orders, but 1 are stored"):
        store.save_snapshot(game_id, 2, "h")


def test_snapshot_saved_again_must_have_the_same_hash(store: GameStore) -> None:
    game_id = store.create_game(make_record())
    store.save_snapshot(game_id, 0, "h0")
    store.save_snapshot(game_id, 0, "h0")
    with pytest.raises(SnapshotError, match="not deterministic"):
        store.save_snapshot(game_id, 0, "other")


def test_migrations_set_user_version_and_reopening_is_idempotent(path: Path) -> None:
    with GameStore(path) as store:
        game_id = store.create_game(make_record(orders=(order(0),)))
    with GameStore(path) as store:
        assert store.load(game_id).orders == (order(0),)
    with closing(sqlite3.connect(path, isolation_level=None)) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 1
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_database_from_the_future_is_refused(path: Path) -> None:
    GameStore(path).close()
    with closing(sqlite3.connect(path, isolation_level=None)) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaVersionError, match=f"version {SCHEMA_VERSION + 1} is newer"):
        GameStore(path)


def test_file_that_is_not_a_database_is_refused(path: Path) -> None:
    path.write_bytes(b"not a database, just some text that is long enough" * 20)
    with pytest.raises(DamagedStoreError, match=r"is damaged \(file is not a database\)"):
        GameStore(path)


def test_default_path_honours_hexwar_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXWAR_HOME", str(tmp_path / "home" / "hexwar"))
    assert default_path() == tmp_path / "home" / "hexwar" / "games.sqlite3"
    assert not default_path().parent.exists()  # made by the first store opened to write
    GameStore().close()
    assert default_path().is_file()


def test_default_path_without_hexwar_home_is_in_user_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HEXWAR_HOME", raising=False)
    monkeypatch.setattr(store_module.platformdirs, "user_data_path", lambda app: tmp_path / app)
    assert default_path() == tmp_path / "hexwar" / "games.sqlite3"


def test_store_errors_are_hexwar_errors() -> None:
    assert issubclass(StoreError, HexwarError)
    assert issubclass(OrderSequenceError, ValueError)
    assert issubclass(AmbiguousGameIdError, UnknownGameError)


# The writer appends orders forever, printing "ack N" only after append_order has returned.
WRITER = """
import itertools, sys
from pathlib import Path
from hexwar.core.orders import SubmittedOrder
from hexwar.store import GameStore
with GameStore(Path(sys.argv[1])) as store:
    for n in itertools.count():
        store.append_order(sys.argv[2], SubmittedOrder(n, n, "blue", {"n": n}))
        print(f"ack {n}", flush=True)
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_acknowledged_orders_survive_sigkill(path: Path) -> None:
    with GameStore(path) as store:  # closed: the writer below is the store's one writer
        game_id = store.create_game(make_record())
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), game_id],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    watchdog = threading.Timer(60, writer.kill)  # never hang the test run on a stuck writer
    watchdog.start()
    acked = -1
    try:
        assert writer.stdout is not None
        for line in writer.stdout:
            acked = int(line.split()[1])
            if acked >= 4:
                writer.send_signal(signal.SIGKILL)  # mid-loop: it is already writing the next
                break
        writer.wait(timeout=30)
    finally:
        watchdog.cancel()
        if writer.poll() is None:
            writer.kill()
            writer.wait()
    assert writer.stderr is not None
    assert acked >= 4, writer.stderr.read()
    assert writer.returncode == -signal.SIGKILL
    with GameStore(path) as reopened:
        seqs = [o.seq for o in reopened.load(game_id).orders]
    assert seqs == list(range(len(seqs)))
    assert len(seqs) >= acked + 1
