"""A server killed with SIGKILL and started again continues every game with every
acknowledged order (issue 18, item 1)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import numpy as np

from hexwar.rulesets.aggressor.legal import random_setup
from tests.web.conftest import bearer, new_game


def _serve(home: Path) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, HEXWAR_HOME=str(home))
    proc = subprocess.Popen(
        [sys.executable, "-m", "hexwar", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(url + "/", timeout=1)
            return proc, url
        except httpx.TransportError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("hexwar serve did not start") from None
            time.sleep(0.1)


def test_a_server_killed_and_restarted_continues_the_game(tmp_path: Path) -> None:
    proc, url = _serve(tmp_path)
    try:
        with httpx.Client(base_url=url, timeout=30) as c:
            game = new_game(c, "aggressor/sector", {"west": "human", "east": "human"}, seed=4)
            setups = {
                s: str(random_setup(s, np.random.default_rng(i)))
                for i, s in enumerate(("west", "east"))
            }
            for side, order in setups.items():
                r = c.post(
                    f"/api/games/{game['id']}/orders",
                    json={"order": order},
                    headers=bearer(game["tokens"][side]),
                )
                assert r.status_code == 200  # acknowledged: committed
            before = c.get(
                f"/api/games/{game['id']}/view", headers=bearer(game["tokens"]["umpire"])
            ).json()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    proc, url = _serve(tmp_path)
    try:
        with httpx.Client(base_url=url, timeout=30) as c:
            after = c.get(
                f"/api/games/{game['id']}/view", headers=bearer(game["tokens"]["umpire"])
            ).json()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    assert after["state"]["orders"] == before["state"]["orders"] == 2
    assert after["views"] == before["views"]
