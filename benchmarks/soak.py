"""Soak test of acknowledgement: kill ``hexwar play`` with SIGKILL at random moments, resume,
and count the acknowledged orders found in the store.

For each ruleset a person plays one side with random legal orders typed at the prompt (the
script keeps a mirror of the game to know them), against ``--vs ai``. After a random number of
orders, at a random moment (while the order is being committed, or while the computer moves),
the process gets SIGKILL. Then the store must pass ``PRAGMA integrity_check`` and hold every
order that was acknowledged with ``ok: order N accepted``, exactly as typed; the game goes on
with ``hexwar resume``, and a finished game is followed by a new one.

Usage: ``.venv/bin/python benchmarks/soak.py [--kills 18] [--seed 0]`` (kills per ruleset).
Prints one line per kill and a summary; exits 1 if an acknowledged order was ever missing.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from hexwar.core import registry
from hexwar.sessions import Session, resolve_scenario
from hexwar.store import GameStore

GAMES = [  # (scenario, the person's side, most orders acknowledged before a kill): rulesets
    # whose prompt reads one order per line; a flank battle takes one order from each side
    ("tactical/hedgerows", "allied", 6),
    ("airwar/small-three-cities", "1", 6),
    ("flankbattle/hastings", "attacker", 1),
]
ACK = re.compile(r"ok: order (\d+) accepted")
STARTED = re.compile(r"(?:Game|Resumed game) (g-[0-9a-f]+)")
HEXWAR = [sys.executable, "-m", "hexwar"]


@dataclass
class Tally:
    kills: int = 0
    acknowledged: int = 0
    found: int = 0
    games: int = 0
    integrity_failures: int = 0
    notes: list[str] = field(default_factory=list)


class Player:
    """One ``hexwar play``/``resume`` process and the reader of its output."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            [*HEXWAR, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
            env=env,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def wait_for(self, pattern: re.Pattern[str], timeout: float = 300) -> re.Match[str] | None:
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                return None
            if found := pattern.search(line):
                return found
        return None

    def send(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def finish(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=300)
        except subprocess.TimeoutExpired:
            self.kill()


def _mirror(scenario: str, side: str, seed: int, game_id: str | None, store_path: Path) -> Session:
    """The game as the process has it: new, or rebuilt from the store as resume rebuilds it."""
    resolved = resolve_scenario(scenario)
    others = [s for s in resolved.ruleset.info.sides if s != side]
    if game_id is None:
        return Session.start(resolved, seed=seed, agents=dict.fromkeys(others, "ai"))
    with GameStore(store_path, readonly=True) as store:
        record = store.load(game_id)
    return Session(registry.replay(record), dict(record.agents))


def _typed(session: Session, side: str, rng: np.random.Generator) -> str:
    """A random legal order in the notation the prompt reads (its text, else its JSON)."""
    ruleset = session.game.ruleset
    order = ruleset.random_order(session.game.view(side), rng)
    text = str(order)
    try:
        if ruleset.parse_order(side, text).to_json() == order.to_json() and "\n" not in text:
            return text
    except ValueError:
        pass
    return json.dumps(order.to_json())


def _check(
    store_path: Path, game_id: str, acked: dict[int, Any], tally: Tally
) -> tuple[bool, bool]:
    """Integrity and acknowledged orders after a kill; (all found, game finished)."""
    with GameStore(store_path, readonly=True) as store:
        problems = store.integrity_problems()
        record = store.load(game_id)
        finished = store.status(game_id) == "finished"
    if problems:
        tally.integrity_failures += 1
        tally.notes.append(f"{game_id}: integrity_check: {problems[:3]}")
    stored = {o.seq: o.order for o in record.orders}
    found = sum(1 for seq, order in acked.items() if stored.get(seq) == order)
    tally.acknowledged += len(acked)
    tally.found += found
    if found != len(acked):
        tally.notes.append(f"{game_id}: {len(acked) - found} acknowledged order(s) missing")
    return found == len(acked), finished


def soak(scenario: str, side: str, most: int, kills: int, rng: random.Random, home: Path) -> Tally:
    env = {**os.environ, "HEXWAR_HOME": str(home)}
    store_path = home / "games.sqlite3"
    tally = Tally()
    game_id: str | None = None
    seed = rng.randrange(2**31)
    while tally.kills < kills:
        if game_id is None:
            seed = rng.randrange(2**31)
            tally.games += 1
            args = ["play", scenario, "--side", side, "--vs", "ai", "--seed", str(seed)]
        else:
            args = ["resume", game_id]
        mirror = _mirror(scenario, side, seed, game_id, store_path)
        player = Player(args, env)
        started = player.wait_for(STARTED)
        if started is None:
            player.kill()
            raise SystemExit(f"{scenario}: hexwar {' '.join(args)} did not start")
        game_id = started.group(1)
        orders_left = rng.randint(0, most)  # orders acknowledged before the kill
        acked: dict[int, Any] = {}
        killed = False
        while True:
            mirror.play_agents()
            if mirror.game.decision() is None:
                break
            line = _typed(mirror, side, np.random.default_rng(rng.randrange(2**32)))
            player.send(line)
            if orders_left == 0:
                time.sleep(rng.uniform(0.0, 0.25))  # during the commit, or the computer's move
                player.kill()
                killed = True
                break
            ack = player.wait_for(ACK)
            if ack is None:
                player.kill()
                raise SystemExit(f"{scenario}: no acknowledgement for {line!r}")
            submitted = mirror.submit(side, line)
            if int(ack.group(1)) != submitted.seq:
                raise SystemExit(f"{scenario}: acknowledged {ack.group(1)}, mirror {submitted.seq}")
            acked[submitted.seq] = submitted.order
            orders_left -= 1
        if not killed:
            player.finish()
        tally.kills += killed
        ok, finished = _check(store_path, game_id, acked, tally)
        print(
            f"{scenario}: {'kill' if killed else 'end '} {tally.kills:3d}: {len(acked)} acked, "
            f"{'all found' if ok else 'MISSING'}; game {game_id} "
            f"{'finished' if finished else 'resumes'}",
            flush=True,
        )
        if finished:
            game_id = None
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=18, help="kills per ruleset")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    totals: list[tuple[str, Tally]] = []
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for scenario, side, most in GAMES:
            home = Path(tmp) / scenario.replace("/", "-")
            totals.append((scenario, soak(scenario, side, most, args.kills, rng, home)))
    print()
    for scenario, t in totals:
        print(
            f"{scenario:28s} kills {t.kills:3d}  games {t.games:3d}  acknowledged "
            f"{t.acknowledged:4d}  found {t.found:4d}  integrity failures {t.integrity_failures}"
        )
        for note in t.notes:
            print(f"    {note}")
    kills = sum(t.kills for _, t in totals)
    acked = sum(t.acknowledged for _, t in totals)
    found = sum(t.found for _, t in totals)
    bad = sum(t.integrity_failures for _, t in totals)
    print(
        f"total: {kills} kills, {acked} acknowledged orders, {found} found, "
        f"{bad} integrity failures ({time.perf_counter() - start:.0f} s)"
    )
    sys.exit(0 if found == acked and bad == 0 else 1)


if __name__ == "__main__":
    main()
