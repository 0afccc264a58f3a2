"""Server-Sent Events on a live server: a seat's stream carries its own events, then the state;
a reconnect resumes after the last event id (issue 18, item 3)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import numpy as np

from hexwar.rulesets.aggressor.legal import random_setup
from tests.web.conftest import LiveServer, bearer


def _first_messages(
    url: str, path: str, token: str, last_id: int | None, n: int
) -> list[dict[str, Any]]:
    """The first ``n`` messages (event name, id, data) of a stream."""
    headers = bearer(token)
    if last_id is not None:
        headers["Last-Event-ID"] = str(last_id)
    out: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    with httpx.Client(base_url=url, timeout=30) as c, c.stream("GET", path, headers=headers) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            if not line:
                if "event" in current:
                    out.append(current)
                    if len(out) == n:
                        return out
                current = {}
            elif line.startswith(("event:", "id:", "data:")):
                key, _, value = line.partition(":")
                current[key] = value.strip()
    return out


def test_a_reconnect_resumes_after_the_last_event_id(live_server: LiveServer) -> None:
    game = live_server.create("aggressor/sector", {"west": "human", "east": "human"}, seed=21)
    gid, tokens = game["id"], game["tokens"]
    for i, side in enumerate(("west", "east")):
        order = str(random_setup(side, np.random.default_rng(i)))
        assert (
            live_server.api(
                "POST", f"/api/games/{gid}/orders", tokens[side], json={"order": order}
            ).status_code
            == 200
        )
    events = json.loads(live_server.api("GET", f"/api/games/{gid}/replay", tokens["west"]).text)[
        "events"
    ]
    seqs = [e["seq"] for e in events]
    assert len(seqs) >= 3
    path = f"/api/games/{gid}/events"
    whole = _first_messages(live_server.url, path, tokens["west"], None, len(seqs) + 1)
    assert [int(m["id"]) for m in whole[:-1]] == seqs  # every event west saw, in order ...
    assert whole[-1]["event"] == "state"  # ... then the state of the game
    resumed = _first_messages(live_server.url, path, tokens["west"], seqs[1], 2)
    assert resumed[0]["event"] == "log"
    assert int(resumed[0]["id"]) == seqs[2]  # from the first event after the last one seen
