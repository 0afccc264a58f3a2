"""The flank battle moderator routes (seed 004, Interface) through TestClient, on the example
database the server writes into its home."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from PIL import Image

from hexwar.rulesets.flankbattle.database import Database
from hexwar.rulesets.flankbattle.receipt import wiki_text
from hexwar.web.app import create_app

NORMANS = {"nation": "Normandy", "military": "Norman Host"}
ENGLISH = {"nation": "England", "military": "Housecarls and Fyrd"}


def split(client: TestClient, side: str, who: dict[str, str], positions: Any = None) -> Any:
    r = client.post("/api/moderator/split", json={"side": side, **who, "positions": positions})
    assert r.status_code == 200, r.text
    return r.json()["flanks"]


def hastings(client: TestClient) -> dict[str, Any]:
    return {
        "title": "Battle of [[Hastings]] <b>1066</b>",
        "year": 1066,
        "motive": "Conquest",
        "attacker": NORMANS,
        "defender": ENGLISH,
        "location": "Hastings",
        "map": "Hill",
        "flanks": [split(client, "attacker", NORMANS), split(client, "defender", ENGLISH)],
    }


def test_menus_list_the_database_maps_and_maneuvers(client: TestClient) -> None:
    d = client.get("/api/moderator/data").json()
    assert "Conquest" in d["motives"]
    assert {"Normandy", "England"} <= {n["name"] for n in d["nations"]}
    norman = next(m for m in d["militaries"] if m["name"] == "Norman Host")
    assert norman["nations"] == ["Normandy"]
    assert norman["size"] == 8000
    assert "William the Conqueror" in norman["leaders"]
    assert {"name": "Hastings", "terrain": "Hill"} in d["locations"]
    assert "Hill" in d["maps"]["generic"]
    assert d["max_flanks"] == 99
    assert next(m["name"] for m in d["maneuvers"]) == "Normal"
    png = client.get("/api/moderator/maps/Hill.png")
    assert png.status_code == 200
    assert png.content[:4] == b"\x89PNG"


def test_a_military_is_split_evenly_over_the_sides_flanks(client: TestClient) -> None:
    """Online database: 8,000 Normans (50% infantry, 25% cavalry, 25% artillery) over two
    flanks -> 2,000 infantry, 1,000 cavalry, 1,000 artillery each, where the flanks stand."""
    flanks = split(client, "attacker", NORMANS, [[10, 20], [30, 40]])
    assert [(f["x"], f["y"]) for f in flanks] == [(10, 20), (30, 40)]
    assert {(f["infantry"], f["cavalry"], f["artillery"], f["status"]) for f in flanks} == {
        (2000, 1000, 1000, "Idle")
    }
    assert len(split(client, "attacker", NORMANS)) == 3  # Reset: three flanks


def test_status_messages_and_errors_on_every_change(client: TestClient) -> None:
    war = hastings(client)
    r = client.post("/api/moderator/check", json=war).json()
    assert r["errors"] == []
    assert r["status"][0]["text"] == "Good (8000/8000)"
    assert r["status"][0]["colour"] == "green"
    war["flanks"][0][0]["infantry"] += 12  # 1,334 + 1,333 x 2 = 4,000 + 12 = 4,012 of 4,000
    r = client.post("/api/moderator/check", json=war).json()
    assert r["status"][0] == {
        "text": "Invalid Inf (4012/4000)",
        "colour": "red",
        "good": False,
        "can_add": True,
    }
    assert client.post("/api/moderator/run", json=war).status_code == 422
    bad = {**hastings(client), "year": 2021, "motive": "Boredom"}
    bad["defender"] = {"nation": "England", "military": "default"}
    errors = " | ".join(client.post("/api/moderator/check", json=bad).json()["errors"])
    assert "default military has no Size" in errors
    assert "2021" in errors
    wrong = {**hastings(client), "attacker": {"nation": "England", "military": "Norman Host"}}
    errors = " | ".join(client.post("/api/moderator/check", json=wrong).json()["errors"])
    assert "does not belong to 'England'" in errors
    motive = {**hastings(client), "motive": "Boredom"}
    errors = " | ".join(client.post("/api/moderator/check", json=motive).json()["errors"])
    assert "unknown motive 'Boredom'" in errors


def test_run_then_commit_stability_writes_the_nation_tab(tmp_path: Path) -> None:
    """Interface: the third button writes the new stability to the Nation tab, only after a
    run."""
    db = tmp_path / "mine.sqlite3"
    with TestClient(create_app(tmp_path / "home", options={"flank-db": db})) as client:
        assert client.post("/api/moderator/commit", json={"run": "nope"}).status_code == 404
        r = client.post("/api/moderator/run", json=hastings(client))
        assert r.status_code == 200, r.text
        out = r.json()
        # the title's markup stays text (issue 43: every inserted name escaped)
        title = wiki_text("Battle of [[Hastings]] <b>1066</b>")
        assert out["receipt"].startswith(f"== {title} (1066) ==")
        assert out["log"].startswith("Autoalgo log")
        assert {f["status"] for side in out["flanks"] for f in side} <= {
            "Inactive",
            "Routed",
            "Retreating",
            "Ready",
            "Idle",
        }
        # hour by hour: hour 0 is the deployment as sent; the last hour is where the battle
        # left every flank
        hours = out["hours"]
        assert hours[0]["hour"] == 0
        sent = hastings(client)["flanks"]
        for side in (0, 1):
            assert [(f[0], f[1], f[2], f[4]) for f in hours[0]["flanks"][side]] == [
                (f["x"], f["y"], f["infantry"] + f["cavalry"] + f["artillery"], "Idle")
                for f in sent[side]
            ]
            assert [(f[2], f[4]) for f in hours[-1]["flanks"][side]] == [
                (f["size"], f["status"]) for f in out["flanks"][side]
            ]
        log = client.get(f"/api/moderator/runs/{out['run']}/log.txt")
        assert log.text == out["log"]
        assert "attachment" in log.headers["content-disposition"]
        written = client.post("/api/moderator/commit", json={"run": out["run"]}).json()
        after = {s["nation"]: s["after"] for s in out["stability"]}
        assert written["written"] == after
    stability = {n["name"]: n["stability"] for n in Database.load(db).tables["Nation"]}
    assert stability["Normandy"] == after["Normandy"]
    assert stability["England"] == after["England"]
    assert stability["Athens"] == 110  # untouched


def test_a_run_can_be_committed_and_its_log_fetched_after_a_restart(tmp_path: Path) -> None:
    """Interface: Commit stability works "only after a battle has been run" -- a run made
    before the server restarted still counts; Output: its log is still downloadable."""
    db = tmp_path / "mine.sqlite3"
    with TestClient(create_app(tmp_path / "home", options={"flank-db": db})) as client:
        out = client.post("/api/moderator/run", json=hastings(client)).json()
    with TestClient(create_app(tmp_path / "home", options={"flank-db": db})) as client:
        assert client.get(f"/api/moderator/runs/{out['run']}/log.txt").text == out["log"]
        assert client.get("/api/moderator/runs/..%2F..%2Fx/log.txt").status_code == 404
        written = client.post("/api/moderator/commit", json={"run": out["run"]}).json()
    after = {s["nation"]: s["after"] for s in out["stability"]}
    assert written["written"] == after
    stability = {n["name"]: n["stability"] for n in Database.load(db).tables["Nation"]}
    assert stability["Normandy"] == after["Normandy"]


def test_an_uploaded_picture_joins_the_maps(client: TestClient) -> None:
    """Terrain map: any picture reads as a map; it joins the drop-down."""
    buffer = io.BytesIO()
    Image.new("RGB", (50, 30), (0, 255, 255)).save(buffer, "PNG")  # cyan: water
    r = client.post(
        "/api/moderator/maps",
        files={"file": ("lake.png", buffer.getvalue(), "image/png")},
    )
    assert r.status_code == 200, r.text
    assert "lake" in client.get("/api/moderator/data").json()["maps"]["files"]
    assert client.get("/api/moderator/maps/lake.png").status_code == 200
    junk = client.post("/api/moderator/maps", files={"file": ("x.png", b"not a png", "image/png")})
    assert junk.status_code == 422


def test_the_server_password_guards_the_moderator(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "home", password="s3cret")) as client:
        assert client.get("/api/moderator/data").status_code == 401
        ok = client.get("/api/moderator/data", headers={"X-Hexwar-Password": "s3cret"})
        assert ok.status_code == 200
        assert client.get("/moderator").status_code == 200  # the page asks for it


def test_the_import_form_checks_every_cell_and_replaces_the_tabs(client: TestClient) -> None:
    """Online database: required fields missing -> an error at its file, row and column, and
    nothing imported; four valid tabs replace the database."""
    from hexwar.rulesets.flankbattle.database import example_csv_texts
    from hexwar.rulesets.flankbattle.schema import TABS

    texts = example_csv_texts()
    files = [
        ("files", (TABS[tab].file_name, text.encode(), "text/csv")) for tab, text in texts.items()
    ]
    lines = texts["Military"].splitlines()
    head = lines[0].split(",")
    row = lines[1].split(",")
    row[head.index("Size")] = ""  # Military - Size is required
    broken = "\n".join([lines[0], ",".join(row), *lines[2:]]) + "\n"
    bad = [f for f in files if f[1][0] != "Military.csv"]
    bad.append(("files", ("Military.csv", broken.encode(), "text/csv")))
    r = client.post("/api/moderator/import", files=bad)
    assert r.status_code == 422
    problems = r.json()["detail"]["problems"]
    assert any(p.startswith("Military.csv:2:") and "Size" in p for p in problems), problems
    assert "/tmp" not in " ".join(problems)
    names = {n["name"] for n in client.get("/api/moderator/data").json()["nations"]}
    assert "Normandy" in names  # nothing imported
    fewer = "\n".join(
        line for line in texts["Location"].splitlines() if not line.startswith("Chateau")
    )
    good = [f for f in files if f[1][0] != "Location.csv"]
    good.append(("files", ("Location.csv", (fewer + "\n").encode(), "text/csv")))
    r = client.post("/api/moderator/import", files=good)
    assert r.status_code == 200, r.text
    assert r.json()["imported"]["Location"] == 9
    locations = {loc["name"] for loc in client.get("/api/moderator/data").json()["locations"]}
    assert "Hastings" in locations
    assert "Chateau Gaillard" not in locations
