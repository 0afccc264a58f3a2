"""What the web reads of a game's whole log (GET /log.txt, GET /replay): made on from the
last request's answer with the events logged since, and the same answer as read from the
whole log, and the game replayed from its record, at every turn and for every seat (each
seeing only its own events: only ``events(side)``)."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import numpy as np
import pytest
from fastapi.testclient import TestClient

from hexwar.core import registry
from hexwar.core.events import render_text
from hexwar.core.views import View
from tests.web.conftest import bearer, new_game


@pytest.fixture
def scratch_frames(monkeypatch: pytest.MonkeyPatch) -> Callable[[Any, str | None], Any]:
    """The replay page's data read from scratch (the game replayed from its record, the
    events read from the whole log): benchmarks/web_reads.py's, which times the hub's
    answers against it."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "benchmarks"))
    return cast(
        Callable[[Any, str | None], Any], importlib.import_module("web_reads").scratch_frames
    )


def _as_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _check_reads(
    client: TestClient,
    game: dict[str, Any],
    seats: dict[str, str | None],
    scratch: Callable[[Any, str | None], Any],
) -> None:
    """Every seat's log text and replay, through the API, against the uncached answers."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub._live[game["id"]]
    for role, side in seats.items():
        h = bearer(game["tokens"][role])
        text = client.get(f"/api/games/{game['id']}/log.txt", headers=h)
        assert text.status_code == 200, text.text
        assert text.text == render_text(live.session.game.events(side))
        replay = client.get(f"/api/games/{game['id']}/replay", headers=h)
        assert replay.status_code == 200, replay.text
        assert replay.json() == _as_json(scratch(live.session.game, side))


def _random_order(client: TestClient, game: dict[str, Any], side: str, seed: int) -> Any:
    page = client.get(f"/api/games/{game['id']}/view", headers=bearer(game["tokens"][side]))
    view = View(**page.json()["view"])
    return registry.get(view.ruleset).random_order(view, np.random.default_rng(seed)).to_json()


def _play_turn(client: TestClient, game: dict[str, Any], sides: tuple[str, ...], n: int) -> bool:
    """One random legal order of each side whose turn it is; whether any side moved."""
    moved = False
    for side in sides:
        state = client.get(
            f"/api/games/{game['id']}/state", headers=bearer(game["tokens"][side])
        ).json()
        if not state["your_turn"]:
            continue
        order = _random_order(client, game, side, n)
        r = client.post(
            f"/api/games/{game['id']}/orders",
            json={"order": order},
            headers=bearer(game["tokens"][side]),
        )
        assert r.status_code == 200, r.text
        moved = True
    return moved


@pytest.mark.parametrize(
    ("scenario", "turns"),
    [("aggressor/sector", 16), ("idahex/duel", 6), ("airwar/small-three-cities", 4)],
)
def test_the_log_text_and_replay_equal_the_whole_logs_read_at_every_turn_for_every_seat(
    client: TestClient,
    scratch_frames: Callable[[Any, str | None], Any],
    scenario: str,
    turns: int,
) -> None:
    """GET /log.txt and GET /replay, asked by every seat after every turn (each side's
    own events only; the umpire's every event), are exactly what reading the whole log
    and replaying the game from its record give; asked twice with no order between, the
    same."""
    sides = registry.get(scenario.split("/")[0]).info.sides
    game = new_game(client, scenario, dict.fromkeys(sides, "human"))
    seats: dict[str, str | None] = {**{s: s for s in sides}, "umpire": None}
    for n in range(turns):
        _check_reads(client, game, seats, scratch_frames)
        _check_reads(client, game, seats, scratch_frames)
        if not _play_turn(client, game, sides, n):
            break
    _check_reads(client, game, seats, scratch_frames)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub._live[game["id"]]
    assert live.log_texts[""][1] == len(live.session.game.log)  # kept, at the log's length
    assert len(live.log_at) == live.session.game.order_count + 1


def test_a_game_rolled_back_to_its_store_is_read_anew(
    client: TestClient, scratch_frames: Callable[[Any, str | None], Any]
) -> None:
    """A session whose store refused a commit rolls its game back to the orders the store
    holds (another game object, whose later orders may differ): what was kept of the
    other game's log and replay is not used; the answers are those of the game now."""
    sides = ("west", "east")
    game = new_game(client, "aggressor/sector", dict.fromkeys(sides, "human"))
    seats: dict[str, str | None] = {"west": "west", "east": "east", "umpire": None}
    for n in range(6):
        _play_turn(client, game, sides, n)
    _check_reads(client, game, seats, scratch_frames)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub._live[game["id"]]
    record = live.session.game.record()
    live.session.store = None  # (the orders after the roll-back go nowhere: none is stored)
    live.session.game = registry.replay(record, upto=len(record.orders) - 3)
    _check_reads(client, game, seats, scratch_frames)
    for n in range(3):
        _play_turn(client, game, sides, 100 + n)  # other orders than the ones taken back
    _check_reads(client, game, seats, scratch_frames)
