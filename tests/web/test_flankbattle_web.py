"""The flank battle panel's routes (issue 39 item 4): the game's terrain map for its seats, the
deployment's check and forms, authorised like every game route; and the panel's data (the
seat's view) holds nothing of the enemy's sealed deployment before the battle (seed 004,
Terrain map; ruling "a sealed deployment is held by the core, never shown in a view")."""

from __future__ import annotations

import io
import json
from typing import Any

from fastapi.testclient import TestClient
from PIL import Image

from hexwar.rulesets.flankbattle.flanks import Maneuver
from hexwar.rulesets.flankbattle.terrain import generic_map, grid_to_png
from tests.web.conftest import bearer, new_game

HASTINGS = "flankbattle/hastings"
BOTH_HUMAN = {"attacker": "human", "defender": "human"}
# A deployment no scenario gives: its coordinates and numbers are looked for in what the other
# seat is sent.
DEFENDER_SECRET = (
    "(333.3,111.7) inf 1049 cav 0 art 1051 ships share Hit and run; "
    "(377.7,288.8) inf 1051 cav 0 art 3849 ships share Pillaging"
)


def _panel_answers(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    """Everything the panel asks the server for a seat (but the map's pixels)."""
    return {
        "view": client.get(f"/api/games/{gid}/view", headers=bearer(token)).json(),
        "forms": client.get(f"/api/games/{gid}/flankbattle/forms", headers=bearer(token)).json(),
        "check": client.post(
            f"/api/games/{gid}/flankbattle/check", headers=bearer(token), json={"order": "default"}
        ).json(),
    }


def test_issue_39_item_4_the_map_route_gives_the_seats_the_moderators_terrain_map(
    client: TestClient,
) -> None:
    """The game's map (Hastings: Hill) is the PNG the moderator's page draws, 400 x 400."""
    game = new_game(client, HASTINGS, BOTH_HUMAN)
    for role in ("attacker", "defender", "umpire"):
        r = client.get(
            f"/api/games/{game['id']}/flankbattle/map.png", headers=bearer(game["tokens"][role])
        )
        assert r.status_code == 200, r.text
        assert r.headers["content-type"] == "image/png"
        assert Image.open(io.BytesIO(r.content)).size == (400, 400)
        assert r.content == grid_to_png(generic_map("Hill"))
        assert r.content == client.get("/api/moderator/maps/Hill.png").content


def test_issue_39_item_4_the_panels_routes_refuse_like_every_game_route(
    client: TestClient,
) -> None:
    """401 without a valid token, 403 for another game's token, 422 for a game of another
    ruleset; the umpire places no flanks (403)."""
    game = new_game(client, HASTINGS, BOTH_HUMAN)
    other = new_game(client, HASTINGS, BOTH_HUMAN)
    aggressor = new_game(client, "aggressor/sector", {"west": "human", "east": "human"})
    gid = game["id"]
    for method, route, body in (
        ("GET", "map.png", None),
        ("GET", "forms", None),
        ("POST", "check", {"order": "default"}),
    ):
        path = f"/api/games/{gid}/flankbattle/{route}"

        def ask(token: str | None, path: str = path, method: str = method, body: Any = body) -> int:
            headers = bearer(token) if token else {}
            return client.request(method, path, headers=headers, json=body).status_code

        assert ask(None) == 401
        assert ask("not-a-token") == 401
        assert ask(other["tokens"]["attacker"]) == 403
        assert ask(other["tokens"]["umpire"]) == 403
        assert ask(game["tokens"]["attacker"]) == 200
        wrong = path.replace(gid, aggressor["id"])
        assert (
            client.request(
                method, wrong, headers=bearer(aggressor["tokens"]["west"]), json=body
            ).status_code
            == 422
        )
    umpire = client.post(
        f"/api/games/{gid}/flankbattle/check",
        headers=bearer(game["tokens"]["umpire"]),
        json={"order": "default"},
    )
    assert umpire.status_code == 403


def test_issue_39_item_4_the_check_judges_a_deployment_as_the_order_is_judged(
    client: TestClient,
) -> None:
    """Seed 004, Terrain map: Good (X/Y) within ten soldiers, Invalid Inf (X/Y) in orange when
    too few; a text that is no deployment is refused with the notation's rule."""
    game = new_game(client, HASTINGS, BOTH_HUMAN)
    path = f"/api/games/{game['id']}/flankbattle/check"
    seat = bearer(game["tokens"]["attacker"])
    whole = "(120,90) inf 4000 cav 2000 art 2000 ships share Position"
    r = client.post(path, headers=seat, json={"order": whole})
    assert r.json() == {"good": True, "text": "Good (8000/8000)", "colour": "green", "order": whole}
    short = client.post(path, headers=seat, json={"order": "(120,90) inf 2000 cav 2000 art 2000"})
    assert short.status_code == 200
    assert short.json()["text"] == "Invalid Inf (2000/4000)"
    assert short.json()["colour"] == "orange"
    bad = client.post(path, headers=seat, json={"order": "(120,90) infantry everywhere"})
    assert bad.status_code == 422
    assert bad.json()["rule"] == "syntax"
    # the order box's text is sent as it was checked
    sent = client.post(f"/api/games/{game['id']}/orders", headers=seat, json={"order": whole})
    assert sent.status_code == 200, sent.text


def test_issue_39_item_4_the_forms_offer_the_five_maneuvers(client: TestClient) -> None:
    """Seed 004, Movement: the maneuvers with the flank editor's one-line summaries."""
    game = new_game(client, HASTINGS, BOTH_HUMAN)
    r = client.get(
        f"/api/games/{game['id']}/flankbattle/forms", headers=bearer(game["tokens"]["defender"])
    )
    assert [m["name"] for m in r.json()["maneuvers"]] == [m.value for m in Maneuver]
    assert all(m["summary"] for m in r.json()["maneuvers"])
    assert r.json()["max_flanks"] == 99


def test_issue_39_item_4_a_seats_panel_data_never_holds_the_enemys_deployment_before_the_battle(
    client: TestClient,
) -> None:
    """The attacker's panel asks the same before and after the defender's sealed deployment and
    gets the same answers, none naming a place or number of it; after the battle both sides'
    flanks are in the report."""
    game = new_game(client, HASTINGS, BOTH_HUMAN)
    gid, tokens = game["id"], game["tokens"]
    before = _panel_answers(client, gid, tokens["attacker"])
    r = client.post(
        f"/api/games/{gid}/orders",
        headers=bearer(tokens["defender"]),
        json={"order": DEFENDER_SECRET},
    )
    assert r.status_code == 200, r.text
    after = _panel_answers(client, gid, tokens["attacker"])
    assert after["view"]["view"] == before["view"]["view"]
    assert after["forms"] == before["forms"]
    assert after["check"] == before["check"]
    text = json.dumps(after).replace(gid, "")  # the view, its state and texts, forms, check
    for secret in ("333.3", "111.7", "377.7", "288.8", "1049", "1051", "3849"):
        assert secret not in text, secret
    client.post(
        f"/api/games/{gid}/orders", headers=bearer(tokens["attacker"]), json={"order": "default"}
    )
    over = client.get(f"/api/games/{gid}/view", headers=bearer(tokens["attacker"])).json()["view"][
        "data"
    ]
    assert over["phase"] == "over"
    sides = {b["side"]: b["flanks"] for b in over["report"]["belligerents"]}
    assert len(sides["attacker"]) == 3
    assert len(sides["defender"]) == 2
