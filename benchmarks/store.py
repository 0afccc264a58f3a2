"""The game store's cost on one long game (IDAHEX Sinai, the ``ai`` agent on both sides).

Two ratios, each against a baseline measured in this run:

* size: the database of ``hexwar run --store`` against the same game stored as the first store
  schema did (the whole state, event log included, as a snapshot every 50 orders and at the
  end); target <= 0.10.
* time: ``run --store`` (a session with a store) against ``run`` (a session without);
  target <= 1.3.

Usage: ``.venv/bin/python benchmarks/store.py [--scenario idahex/sinai] [--seed 1]``
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
from contextlib import closing
from pathlib import Path

from hexwar.core.records import canonical_json
from hexwar.sessions import Session, resolve_scenario
from hexwar.store import GameStore
from hexwar.store.sqlite import MIGRATIONS

OLD_SNAPSHOT_EVERY = 50


def _play(scenario: str, seed: int, store: GameStore | None) -> tuple[Session, float]:
    resolved = resolve_scenario(scenario)
    agents = dict.fromkeys(resolved.ruleset.info.sides, "ai")
    start = time.perf_counter()
    session = Session.start(resolved, seed=seed, agents=agents, store=store)
    session.run()
    return session, time.perf_counter() - start


def _old_store_size(session: Session, path: Path) -> int:
    """The game stored as schema 1 stored it: every order, and the whole state every 50 orders
    and at the end. States are rebuilt by replaying the record prefix by prefix."""
    from hexwar.core import registry

    record = session.game.record(session.agent_names)
    n = len(record.orders)
    marks = sorted({*range(OLD_SNAPSHOT_EVERY, n + 1, OLD_SNAPSHOT_EVERY), n})
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.executescript(MIGRATIONS[0])
        db.execute(
            "INSERT INTO games VALUES ('g', ?, ?, ?, ?, ?, ?, '{}', 't', 't', 'finished', NULL,"
            " NULL)",
            (
                record.ruleset,
                record.ruleset_version,
                record.scenario_id,
                canonical_json(dict(record.scenario)),
                record.scenario_hash,
                record.seed,
            ),
        )
        for o in record.orders:
            db.execute(
                "INSERT INTO orders VALUES ('g', ?, ?, ?, ?, 't')",
                (o.seq, o.step, o.side, canonical_json(o.order)),
            )
        game = registry.replay(record, upto=0)
        done = 0
        for mark in marks:
            for o in record.orders[done:mark]:
                game.submit(o.side, o.order)
            done = mark
            db.execute(
                "INSERT INTO snapshots VALUES ('g', ?, ?, ?, 't')",
                (mark, game.state_hash(), canonical_json(game.state_json())),
            )
    return path.stat().st_size


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="idahex/sinai")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        plain, t_plain = _play(args.scenario, args.seed, None)
        path = Path(tmp) / "games.sqlite3"
        with GameStore(path) as store:
            stored, t_store = _play(args.scenario, args.seed, store)
        assert stored.game.state_hash() == plain.game.state_hash()
        size = _size(path)
        old = _old_store_size(stored, Path(tmp) / "old.sqlite3")
    n = len(stored.game.orders)
    print(f"{args.scenario}, seed {args.seed}: {n} orders, {len(stored.game.log)} events")
    print(f"database, schema 1 (baseline): {old / 1e6:8.2f} MB")
    print(f"database, now                : {size / 1e6:8.2f} MB")
    print(f"ratio size now/schema 1: {size / old:.3f} (target <= 0.10)")
    print(f"run (baseline)               : {t_plain:8.2f} s")
    print(f"run --store                  : {t_store:8.2f} s")
    print(f"ratio time run --store/run: {t_store / t_plain:.2f} (target <= 1.3)")


if __name__ == "__main__":
    main()
