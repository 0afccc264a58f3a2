"""Plots in the web pages (issue 19, item 3): one game of each ruleset has its plots, drawn
as SVG on the server; a seat's plots hold only what its side knows; the moderator's run of a
flank battle has each flank's men and morale by the hour (seed 004: the battle loop is
hourly)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from fastapi.testclient import TestClient

from hexwar.analysis.plots import game_figures
from hexwar.analysis.timeline import Timeline, own_part
from hexwar.core import registry
from hexwar.core.views import View
from hexwar.sessions import Session, resolve_scenario
from hexwar.web.app import create_app
from tests.web.conftest import bearer, new_game
from tests.web.test_moderator_api import hastings


def _drawn(svg: str) -> bool:
    """Whether a matplotlib SVG holds a plotted line or bar (not only its axes)."""
    return ('id="line2d_' in svg and "<path d=" in svg) or 'id="patch_' in svg


GAMES = [
    ("aggressor/sector", "west", "east", "strength-_sum-of-unit-Strengths_-by-side"),
    ("tactical/hedgerows", "allied", "axis", "strength-points-by-side"),
    ("airwar/small-three-cities", "1", "2", "units-by-side"),
    ("flankbattle/hastings", "attacker", "defender", "men-by-the-hour"),
    ("idahex/sinai", "red", "blue", "resources-of-red"),
]


@pytest.mark.parametrize(("scenario", "human", "computer", "expected"), GAMES)
def test_one_game_of_each_ruleset_has_its_plots(
    client: TestClient, scenario: str, human: str, computer: str, expected: str
) -> None:
    """A human (random legal orders) against the computer, two decisions; the seat's plots
    are listed, each an SVG with something drawn in it, and shown on the plots page."""
    game = new_game(client, scenario, {human: "human", computer: "random"})
    gid, seat = game["id"], bearer(game["tokens"][human])
    ruleset = registry.get(scenario.split("/")[0])
    rng = np.random.default_rng(3)
    for _ in range(2):
        if not client.get(f"/api/games/{gid}/state", headers=seat).json()["your_turn"]:
            break
        data = client.get(f"/api/games/{gid}/view", headers=seat).json()["view"]
        view = View(data["ruleset"], data["side"], data["step"], data["data"])
        order = ruleset.random_order(view, rng)
        body = order.to_json() if hasattr(order, "to_json") else str(order)
        r = client.post(f"/api/games/{gid}/orders", json={"order": body}, headers=seat)
        assert r.status_code == 200, r.text
    mine = client.get(f"/api/games/{gid}/plots", headers=seat).json()["plots"]
    assert expected in [p["name"] for p in mine]
    for plot in mine:
        r = client.get(plot["url"], headers=seat)
        assert r.status_code == 200
        assert r.headers["content-type"] == "image/svg+xml"
        assert _drawn(r.text), plot["name"]
    page = client.get(f"/games/{gid}/plots", headers=seat)
    assert page.status_code == 200
    assert page.text.count('<figure class="plot"') == len(mine)


def test_a_seat_sees_its_own_resources_and_the_umpire_both_sides(client: TestClient) -> None:
    """Fog (issue 19, item 2): red's plots of an IDAHEX game have red's resources only; blue's
    strength is not among them, nor can red fetch it by name."""
    game = new_game(client, "idahex/sinai", {"red": "human", "blue": "ai"})
    gid, red = game["id"], bearer(game["tokens"]["red"])
    umpire = bearer(game["tokens"]["umpire"])
    names = {p["name"] for p in client.get(f"/api/games/{gid}/plots", headers=red).json()["plots"]}
    assert "resources-of-red" in names
    assert "resources-of-blue" not in names
    assert client.get(f"/api/games/{gid}/plots/resources-of-blue.svg", headers=red).status_code == (
        404
    )
    both = client.get(f"/api/games/{gid}/plots", headers=umpire).json()["plots"]
    assert {"resources-of-red", "resources-of-blue"} <= {p["name"] for p in both}
    looking = client.get(f"/api/games/{gid}/plots?side=blue", headers=umpire).json()["plots"]
    assert "resources-of-red" not in {p["name"] for p in looking}


def test_a_sides_part_of_a_summary_is_its_own_entry_only() -> None:
    """own_part keeps a side's entry of ``sides`` and its ``belligerents``, nothing else (the
    summaries are the umpire's)."""
    summary = {
        "time": 3.0,
        "sides": {"red": {"units": [1]}, "blue": {"units": [2]}},
        "belligerents": [{"side": "red", "killed": 4}, {"side": "blue", "killed": 5}],
        "engagements": [{"cell": 38}],
    }
    assert own_part(summary, "red") == {
        "sides": {"red": {"units": [1]}},
        "belligerents": [{"side": "red", "killed": 4}],
    }


def test_each_engagements_feba_is_plotted_for_the_sides_in_it() -> None:
    """§5.2 and §8: from iprint 5 the players are told each engagement's FEBA; Sinai's iprint
    is 100, so both sides of the engagement red opens at cell 38 get the FEBA plot."""
    session = Session.start(
        resolve_scenario("idahex/sinai"), seed=1, agents={"red": "ai", "blue": "ai"}
    )
    session.play_agents(max_steps=4)
    game = session.game
    assert any(g["cell"] == 38 for g in game.view("red").data["engagements"])
    timeline = Timeline(game.info.id, game.info.sides, [(0.0, game.summary())])
    for side in ("red", "blue"):
        names = [name for name, _fig in game_figures(game, timeline, side)]
        assert "FEBA-of-each-engagement" in names, side


def test_the_moderators_run_has_each_flanks_men_and_morale_by_the_hour(tmp_path: Path) -> None:
    """Seed 004, the hourly loop: after a run, the moderator's output lists the plots of
    men and morale by the hour and the losses by type, each an SVG."""
    with TestClient(create_app(tmp_path / "home")) as client:
        run = client.post("/api/moderator/run", json=hastings(client)).json()["run"]
        plots = client.get(f"/api/moderator/runs/{run}/plots").json()["plots"]
        names = {p["name"] for p in plots}
        assert {"men-by-the-hour", "morale-by-the-hour", "losses-by-type"} <= names
        for plot in plots:
            r = client.get(plot["url"])
            assert r.status_code == 200
            assert _drawn(r.text)
        assert client.get("/api/moderator/runs/nope/plots").status_code == 404
