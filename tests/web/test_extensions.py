"""A ruleset's own part of the web app comes from its hooks (issue 40): ``web_extension()``
mounts its routes, templates, static files and game-page panel; ``draws_board()`` (an override
of ``describe_board``) marks it "with a map" in the lobby. The app names no ruleset."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi import APIRouter
from fastapi.testclient import TestClient

from hexwar.core import registry
from hexwar.core.game import Ruleset
from hexwar.core.views import View
from hexwar.web import app as web_app
from hexwar.web.app import create_app
from hexwar.web.extensions import Panel, WebContext, WebExtension, installed_extensions

WEB = Path(web_app.__file__).parent


def _lobby(client: TestClient) -> dict[str, Any]:
    page = client.get("/").text
    found = re.search(r'id="lobby-data">(.*?)</script>', page)
    assert found is not None
    return dict(json.loads(found.group(1)))


def test_the_lobby_says_with_a_map_for_exactly_the_rulesets_that_describe_a_board(
    client: TestClient,
) -> None:
    listed = {r["id"]: r["board"] for r in _lobby(client)["rulesets"]}
    assert listed == {
        r.info.id: type(r).describe_board is not Ruleset.describe_board
        for r in registry.all_rulesets()
    }


def test_a_ruleset_that_overrides_describe_board_draws_one() -> None:
    plain = registry.all_rulesets()[0]

    class Drawn(type(plain)):  # type: ignore[misc]
        def describe_board(self, view: View) -> Any:
            return None

    class Undrawn(type(plain)):  # type: ignore[misc]
        describe_board = Ruleset.describe_board

    assert Drawn().draws_board()
    assert not Undrawn().draws_board()


def test_the_game_page_includes_the_panels_a_ruleset_offers(client: TestClient) -> None:
    for ruleset, extension in installed_extensions():
        assert extension.panels
        scenario = next(iter(ruleset.bundled_scenarios()))
        made = client.post("/api/games", json={"scenario": scenario, "seed": 1, "seats": {}})
        umpire = made.json()["tokens"]["umpire"]
        page = client.get(
            f"/games/{made.json()['id']}", headers={"Authorization": f"Bearer {umpire}"}
        )
        assert page.status_code == 200
        assert f"/static/rulesets/{ruleset.info.id}/" in page.text


def test_a_rulesets_static_files_are_served_under_its_id(client: TestClient) -> None:
    for ruleset, extension in installed_extensions():
        folder = extension.folder("static")
        assert folder is not None
        for file in sorted(folder.iterdir()):
            got = client.get(f"/static/rulesets/{ruleset.info.id}/{file.name}")
            assert got.status_code == 200, file


class _Plugin:
    """A stand-in ruleset whose extension adds one route and nothing else."""

    def __init__(self, extension: object) -> None:
        self.info = type("Info", (), {"id": "plugin"})()
        self._extension = extension

    def web_extension(self) -> object:
        return self._extension


def test_a_plugin_rulesets_router_is_mounted_with_its_context(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[WebContext] = []

    def router(context: WebContext) -> APIRouter:
        seen.append(context)
        made = APIRouter()

        @made.get("/api/plugin/hello")
        def hello() -> dict[str, str]:
            return {"from": context.ruleset_id, "option": context.options.get("greeting", "")}

        return made

    plugin = _Plugin(WebExtension(package="hexwar.web", routers=(router,)))
    monkeypatch.setattr(registry, "all_rulesets", lambda: [plugin])
    with TestClient(create_app(tmp_path / "home", options={"greeting": "hi"})) as client:
        assert client.get("/api/plugin/hello").json() == {"from": "plugin", "option": "hi"}
    assert seen[0].home == tmp_path / "home" / "plugin"
    assert seen[0].template("page.html") == "plugin/page.html"
    assert seen[0].static_url == "/static/rulesets/plugin"


def test_an_extension_of_another_type_is_refused_naming_the_ruleset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(registry, "all_rulesets", lambda: [_Plugin({"routers": []})])
    with pytest.raises(TypeError, match=r"ruleset 'plugin'.*not a hexwar\.web\.extensions"):
        list(installed_extensions())


def test_a_panel_goes_in_the_side_column_unless_it_asks_for_the_map() -> None:
    assert Panel("panel.html").place == "side"


def test_the_web_package_names_no_ruleset() -> None:
    """Nothing under src/hexwar/web imports a ruleset or names one by its id (issue 40)."""
    ids = [r.info.id for r in registry.all_rulesets()]
    for path in sorted(WEB.rglob("*")):
        if path.suffix not in (".py", ".html", ".js", ".css"):
            continue
        text = path.read_text(encoding="utf-8")
        assert "hexwar.rulesets" not in text, path
        for ruleset_id in ids:
            assert not re.search(rf"[\"'/]{ruleset_id}[\"'/]", text), (path, ruleset_id)
