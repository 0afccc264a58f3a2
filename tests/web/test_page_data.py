"""A seat's page data, ``GET /api/games/{id}/view`` (issue 42): the board kept as bytes and
rebuilt only where the seat's view changed, in a cache of each side's own, so that no seat
is ever shown what another side knows (fog of war: only ``view(side)``)."""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np
import orjson
import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from hexwar.core import registry
from hexwar.core.hexes import Hex
from hexwar.core.views import View
from hexwar.sessions import resolve_scenario
from hexwar.web.pagedata import STATIC, SeatBoard, dumps, merged
from tests.web.conftest import bearer, new_game


def _page(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    """The seat's page data with its whole board: GET /view's board (the parts that change)
    merged with the seat's fixed board (GET /board), whose ETag is the tag the page names."""
    r = client.get(f"/api/games/{gid}/view", headers=bearer(token))
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/json"
    data: dict[str, Any] = r.json()
    board = data["board"]
    if board is not None:
        assert not STATIC & set(board), "the fixed parts are not in GET /view"
        fixed = client.get(f"/api/games/{gid}/board", headers=bearer(token))
        assert fixed.status_code == 200, fixed.text
        assert fixed.headers["etag"] == f'"{board["fixed"]}"'
        data["board"] = merged(board, fixed.json())
    return data


def _board_of(page: dict[str, Any]) -> Any:
    """The board the ruleset describes from the page's own view, as JSON reads it back."""
    view = View(**page["view"])
    board = registry.get(view.ruleset).describe_board(view)
    return None if board is None else json.loads(json.dumps(board.to_json()))


def _play(client: TestClient, game: dict[str, Any], page: dict[str, Any], seed: int) -> None:
    """One random legal order of the page's side, from its view alone."""
    view = View(**page["view"])
    order = registry.get(view.ruleset).random_order(view, np.random.default_rng(seed))
    r = client.post(
        f"/api/games/{game['id']}/orders",
        json={"order": order.to_json()},
        headers=bearer(game["tokens"][view.side]),
    )
    assert r.status_code == 200, r.text


def test_each_seats_board_is_its_own_views_through_a_game(client: TestClient) -> None:
    """Aggressor OBSERVATION (seed 003): a side sees only the enemy units it has observed.
    Both seats and the umpire ask for their page data after every order of 40 (the set-ups
    first), each side twice in a row: every board is the one the ruleset describes from
    the seat's own view in the same reply, so no side's board ever comes from the other's
    cache, and west's board shows an east counter exactly where west's view shows an enemy."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"})
    gid, tokens = game["id"], game["tokens"]
    hidden_somewhere = False
    for n in range(40):
        pages = {}
        for side in ("west", "east", "west", "east"):
            page = _page(client, gid, tokens[side])
            assert page["view"]["side"] == side
            assert page["board"] == _board_of(page)
            pages[side] = page
        umpire = _page(client, gid, tokens["umpire"])
        own = {s: {u["at"] for u in umpire["views"][s]["data"]["units"]} for s in pages}
        for side, other in (("west", "east"), ("east", "west")):
            counters = pages[side]["board"]["counters"]
            shown = {c["at"] for c in counters if c["side"] == other}
            seen = {e["at"] for e in pages[side]["view"]["data"]["enemy"]}
            assert shown == {_hex(pages[side], at) for at in seen}
            hidden_somewhere |= bool(own[other] - seen)
        # the umpire's board: every side's own pieces
        umpire_sides = {c["side"] for c in umpire["board"]["counters"]}
        assert umpire_sides == {s for s in pages if own[s]}
        movers = umpire["state"]["status"]
        if movers.startswith("Game over"):
            break
        side = next(s for s in ("west", "east") if pages[s]["state"]["your_turn"])
        _play(client, game, pages[side], n)
    assert hidden_somewhere, "the game must hide some units for the test to mean anything"


def _hex(page: dict[str, Any], label: str) -> str:
    """The board's position (axial) of an Aggressor cell label, as the page's own board
    names it: the hex cell of that label."""
    cells = {c["label"]: c["at"] for c in page["board"]["hexes"]}
    return cells[label]


def test_the_board_is_described_again_only_when_the_seats_view_changed(
    client: TestClient,
) -> None:
    """The board is a function of the view: asked again with no order between, a seat's
    board is not described again (the same bytes); after an order, it is, and the parts that
    do not change during a game (the hexes, the terrain table, the hexsides) are the fixed
    board written for the first board, with the same tag. Each side, and the umpire, has a
    cache of its own."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"})
    gid, tokens = game["id"], game["tokens"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    first = _page(client, gid, tokens["west"])
    live = hub._live[gid]
    west = live.boards["west"]
    assert west.described == 1
    fixed = west.fixed()
    assert fixed is not None
    assert _page(client, gid, tokens["west"]) == first
    assert west.described == 1
    _page(client, gid, tokens["east"])
    _page(client, gid, tokens["umpire"])
    assert set(live.boards) == {"west", "east", ""}
    assert len({id(b) for b in live.boards.values()}) == 3
    for n in range(3):
        page = _page(client, gid, tokens["west"])
        if page["state"]["your_turn"]:
            _play(client, game, page, n)
        else:
            _play(client, game, _page(client, gid, tokens["east"]), n)
        after = _page(client, gid, tokens["west"])
        assert after["board"] == _board_of(after)
        assert west.described == 2 + n
    again = west.fixed()
    assert again is not None
    assert again[0] is fixed[0]  # not written again
    assert again[1] == fixed[1]


@pytest.mark.parametrize(
    "scenario",
    [
        "aggressor/sector",
        "airwar/small-three-cities",
        "tactical/meeting1941",
        "idahex/duel",
        "flankbattle/trafalgar",
    ],
)
def test_every_rulesets_page_data_carries_the_board_its_view_describes(
    client: TestClient, scenario: str
) -> None:
    """Every ruleset: the page data's board, written from the kept parts and the new ones,
    is exactly what ``Board.to_json`` writes for the seat's view (none where the ruleset draws
    no map), before and after an order of the first side to decide."""
    sides = registry.get(scenario.split("/")[0]).info.sides
    game = new_game(client, scenario, dict.fromkeys(sides, "human"))
    gid, tokens = game["id"], game["tokens"]
    pages = {s: _page(client, gid, tokens[s]) for s in sides}
    for page in pages.values():
        assert page["board"] == _board_of(page)
    mover = next(s for s in sides if pages[s]["state"]["your_turn"])
    _play(client, game, pages[mover], 1)
    for side in sides:
        page = _page(client, gid, tokens[side])
        assert page["board"] == _board_of(page)


def test_a_cheap_page_is_made_on_the_event_loop_a_dear_one_on_a_request_thread(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat's first page data goes to a request thread (what it costs is not known yet);
    once it cost at most PAGE_ON_LOOP when last made anew, the next is made on the event loop
    (the game idle), with the same reply; a seat whose page cost more stays on the threads."""
    import threading

    from hexwar.web import hub as hub_module

    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"})
    gid, tokens = game["id"], game["tokens"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    made_on: list[str] = []
    seat_view = hub.seat_view

    def noted(*args: Any) -> bytes:
        made_on.append(threading.current_thread().name)
        body: bytes = seat_view(*args)
        return body

    monkeypatch.setattr(hub, "seat_view", noted)
    monkeypatch.setattr(hub_module, "PAGE_ON_LOOP", 10.0)  # every page is cheap
    first = _page(client, gid, tokens["west"])
    again = _page(client, gid, tokens["west"])
    assert again == first
    assert made_on[0].startswith("hexwar-requests")
    assert not made_on[1].startswith("hexwar-requests")
    monkeypatch.setattr(hub_module, "PAGE_ON_LOOP", 0.0)  # none is
    assert _page(client, gid, tokens["west"]) == first
    assert made_on[2].startswith("hexwar-requests")


def test_a_seats_fixed_board_shows_only_what_never_changes_and_only_to_its_seat(
    client: TestClient,
) -> None:
    """Fog of war (Aggressor OBSERVATION, seed 003: a side sees only the enemy units it has
    observed): a seat's fixed board (GET /board) holds the static parts alone -- hexes,
    terrain, hexsides, sides, styles, title, the viewer -- and never a counter, marker,
    highlight or status line; it is the same through the game (same tag, 304 on
    If-None-Match) while the units move; west's names west as the viewer and east's east; it is
    refused without a token (401), with another game's token (403), and for a game the token
    does not open (403: an unknown one too)."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"})
    other = new_game(client, "aggressor/sector", {"west": "human", "east": "human"})
    gid, tokens = game["id"], game["tokens"]
    fixed = {}
    for side in ("west", "east"):
        r = client.get(f"/api/games/{gid}/board", headers=bearer(tokens[side]))
        assert r.status_code == 200, r.text
        body = r.json()
        assert set(body) == STATIC
        assert body["viewer"] == side
        assert len(body["hexes"]) == 21 * 15  # the Aggressor map: 21 columns of 15 rows
        fixed[side] = (r.headers["etag"], body)
    for n in range(6):  # the set-ups and a few moves: counters appear and move
        page = _page(client, gid, tokens["west"])
        side = "west" if page["state"]["your_turn"] else "east"
        _play(client, game, page if side == "west" else _page(client, gid, tokens["east"]), n)
        for s in ("west", "east"):
            tag, body = fixed[s]
            assert client.get(f"/api/games/{gid}/view", headers=bearer(tokens[s])).json()["board"][
                "fixed"
            ] == tag.strip('"')
            r = client.get(f"/api/games/{gid}/board", headers=bearer(tokens[s]))
            assert (r.headers["etag"], r.json()) == (tag, body)
            again = client.get(
                f"/api/games/{gid}/board", headers={**bearer(tokens[s]), "If-None-Match": tag}
            )
            assert again.status_code == 304
            assert again.content == b""
    assert client.get(f"/api/games/{gid}/board").status_code == 401
    refused = client.get(f"/api/games/{gid}/board", headers=bearer(other["tokens"]["west"]))
    assert refused.status_code == 403
    assert "counters" not in refused.text
    # a game the token does not open, here one that does not exist
    assert client.get("/api/games/nosuch/board", headers=bearer(tokens["west"])).status_code == 403


def _sorted(board: Any) -> bytes:
    """A board's JSON with its keys sorted (the fixed board lists its parts in the order of
    Board's fields, ``Board.to_json`` in an order of its own)."""
    return orjson.dumps(board, option=orjson.OPT_SORT_KEYS)


def _clock_stopped(page: bytes) -> bytes:
    """A page's data with its clock's seconds left set to 0 (the air war's time limit runs
    between two requests; nothing else in a page changes without an order)."""
    return re.sub(rb'"seconds_left":[0-9.]+', b'"seconds_left":0', page)


def _made_afresh(hub: Any, gid: str, token: str, side: str) -> tuple[bytes, bytes | None]:
    """The seat's page data and fixed board as a new cache makes them (its board described
    and every part written anew; for the umpire, ``side`` "", its parts merged anew from the
    sides' boards; the page state made anew), the seat's own cache left as it was; within
    ``hub.call``."""
    live = hub._live[gid]
    kept, umpire, states = live.boards[side], live.umpire, live.states
    live.boards[side], live.umpire, live.states = SeatBoard(), {}, {}
    try:
        page: bytes = hub.seat_view(token, gid, None)
        fixed = live.boards[side].fixed()
    finally:
        live.boards[side], live.umpire, live.states = kept, umpire, states
    return page, None if fixed is None else fixed[0]


@pytest.mark.parametrize(
    ("scenario", "turns"),
    [
        ("aggressor/sector", 24),
        ("airwar/small-three-cities", 8),
        ("tactical/meeting1941", 6),
        ("idahex/duel", 4),
        ("idahex/sinai", 8),
    ],
)
def test_a_seats_kept_page_data_is_byte_for_byte_the_one_made_afresh(
    client: TestClient, scenario: str, turns: int
) -> None:
    """Fog of war (only ``view(side)``) and the kept board (issue 42): for every ruleset that
    draws a map, through turns in which the boards change, each seat's page data (GET /view)
    and fixed board (GET /board), made from what its cache kept of the last board, are
    byte for byte those a new cache makes from the seat's view alone (the umpire's from
    every side's), while the seats ask in turn, so that no part a seat's cache kept is ever
    another seat's (the clock's seconds left aside); and the whole board they make together
    is what ``Board.to_json`` writes for the seat's view."""
    sides = registry.get(scenario.split("/")[0]).info.sides
    game = new_game(client, scenario, dict.fromkeys(sides, "human"))
    gid, tokens = game["id"], game["tokens"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    boards: dict[str, set[bytes]] = {s: set() for s in sides}
    for n in range(turns):
        pages = {}
        for side in (*sides, "umpire", *sides, "umpire"):
            r = client.get(f"/api/games/{gid}/view", headers=bearer(tokens[side]))
            assert r.status_code == 200, r.text
            fixed = client.get(f"/api/games/{gid}/board", headers=bearer(tokens[side]))
            assert fixed.status_code == 200, fixed.text
            fresh_page, fresh_fixed = client.portal.call(  # type: ignore[union-attr]
                hub.call, _made_afresh, hub, gid, tokens[side], "" if side == "umpire" else side
            )
            assert _clock_stopped(r.content) == _clock_stopped(fresh_page)
            assert fixed.content == fresh_fixed
            if side == "umpire":
                continue
            page = r.json()
            whole = merged(page["board"], fixed.json())
            view = View(**page["view"])
            described = registry.get(view.ruleset).describe_board(view)
            assert described is not None
            assert _sorted(whole) == _sorted(described.to_json())
            boards[side].add(dumps(page["board"]))
            pages[side] = page
        movers = [s for s in sides if pages[s]["state"]["your_turn"]]
        if not movers:
            break
        for side in movers:
            _play(client, game, pages[side], n)
    for side in sides:
        assert len(boards[side]) > 1, f"{scenario}: {side}'s board must change for the test"


def test_aggressor_hands_out_the_same_pieces_for_what_did_not_change() -> None:
    """Aggressor's board after one move (seed 003, TURN SEQUENCE E: a unit moves or acts):
    the counter of every own unit that did not change, the enemy counters, the highlights
    (the border column, the sectors held, the CBR hexes) and the status lines, where they say
    the same, are the very objects of the board before, so the page data's writer keeps their
    JSON; the counter of the unit that pressed a key is a new one."""
    ruleset = registry.get("aggressor")
    resolved = resolve_scenario("aggressor/sector")
    game = ruleset.new_game(resolved.scenario, seed=3, scenario_id="aggressor/sector")
    rng = np.random.default_rng(3)
    while game.view("west").data["setup_due"] or game.view("east").data["setup_due"]:
        side = next(s for s in ("west", "east") if game.view(s).data["setup_due"])
        game.submit(side, ruleset.random_order(game.view(side), rng))
    side = game.view("west").data["active"]
    before = ruleset.describe_board(game.view(side))
    key_press = next(  # "U K": unit U presses a key 1-6 (moves, or attacks there)
        str(o).split()
        for o in ruleset.legal_orders(game.view(side))
        if len(str(o).split()) == 2 and str(o).split()[1] in tuple("123456")
    )
    game.submit(side, " ".join(key_press))
    after = ruleset.describe_board(game.view(side))
    assert after.highlights is before.highlights
    old = {c.ref: c for c in before.counters}
    new = {c.ref: c for c in after.counters}
    unit = key_press[0]
    assert new[unit] is not old[unit]
    kept = [ref for ref in new if ref != unit and ref in old and new[ref].side == side]
    assert len(kept) >= 10
    assert all(new[ref] is old[ref] for ref in kept)
    enemy = [ref for ref in new if new[ref].side != side and old.get(ref) == new[ref]]
    assert all(new[ref] is old[ref] for ref in enemy)
    assert (after.status is before.status) == (after.status == before.status)


def _played(scenario: str, decisions: int, seed: int = 1) -> Any:
    """A game of ``scenario`` after ``decisions`` decisions of random legal orders."""
    ruleset = registry.get(scenario.split("/")[0])
    game = ruleset.new_game(resolve_scenario(scenario).scenario, seed=seed, scenario_id=scenario)
    rng = np.random.default_rng(seed)
    for _ in range(decisions):
        decision = game.decision()
        if decision is None:
            break
        for side in sorted(decision.sides):
            game.submit(side, ruleset.random_order(game.view(side), rng))
    return game


def _edited(view: View, edit: Any) -> View:
    """A copy of ``view`` read back from its JSON (new objects throughout), with ``edit``
    applied to the copy's data."""
    copy = View(**orjson.loads(dumps(view.to_json())))
    edit(copy.data)
    return copy


def _pieces(board: Any) -> set[int]:
    """The identities of a board's pieces that show what its side knows."""
    return {
        id(x)
        for part in (board.counters, board.markers, board.highlights, board.fronts, board.traces)
        for x in part
    }


def test_idahex_keeps_the_area_while_the_design_stays_and_draws_it_anew_when_it_changes() -> None:
    """IDAHEX §2.1 (the area of war: cells, environment, routes, barriers): a board described
    again from the same view, or from its JSON copy, hands out the very hexes, terrain,
    hexsides, route styles and counters; a cell whose environment changes (a cycle's maps,
    §2.1) gives new hexes with that cell drawn anew, the routes kept; a cell changing hands
    gives new owned highlights. No piece of red's board is one of blue's."""
    game = _played("idahex/duel", 2)
    ruleset = game.ruleset
    view = game.view("red")
    first = ruleset.describe_board(view)
    for again in (ruleset.describe_board(view), ruleset.describe_board(_edited(view, dict))):
        for part in (
            "hexes",
            "terrain",
            "hexsides",
            "hexside_styles",
            "traces",
            "trace_styles",
            "highlights",
        ):
            assert getattr(again, part) is getattr(first, part), part
        assert all(a is b for a, b in zip(again.counters, first.counters, strict=True))
    environment = view.data["design"]["environment"]
    cell = next(c for c, e in environment.items() if e > 0)

    def bare(data: Any) -> None:
        data["design"]["environment"][cell] = 0

    changed = ruleset.describe_board(_edited(view, bare))
    assert changed.hexes is not first.hexes
    assert changed.hexsides is first.hexsides
    by_label = {c.label: c.terrain for c in changed.hexes}
    assert by_label[str(cell)] == "inactive"
    assert first.hexes[int(cell) - 1].terrain != "inactive"
    owned = next(c for c, o in view.data["owner"].items() if o == 1)

    def lost(data: Any) -> None:
        data["owner"][owned] = 2

    taken = ruleset.describe_board(_edited(view, lost))
    assert taken.highlights is not first.highlights
    assert taken.highlights != first.highlights
    blue = ruleset.describe_board(game.view("blue"))
    assert not _pieces(first) & _pieces(blue)
    assert blue.hexes is not first.hexes


def test_the_air_war_keeps_the_fields_and_what_did_not_change_on_them() -> None:
    """Air war §2.0 and §3 (the board, the cities and their airports): both players' boards
    hand out the very fields of the board (the scenario's); described again from a JSON copy
    of the view, every counter, marker and highlight is the one of the board before; a city
    that changes holder has new markers showing it, the other cities' markers are kept; no
    counter or marker of player 1's board is one of player 2's."""
    game = _played("airwar/small-three-cities", 6)
    ruleset = game.ruleset
    view = game.view("1")
    first = ruleset.describe_board(view)
    other = ruleset.describe_board(game.view("2"))
    assert other.hexes is first.hexes
    again = ruleset.describe_board(_edited(view, dict))
    assert again.highlights is first.highlights
    for part in ("counters", "markers"):
        assert all(a is b for a, b in zip(getattr(again, part), getattr(first, part), strict=True))
    city = view.data["cities"][0]
    holder = "1" if city["holder"] != "1" else "2"

    def taken(data: Any) -> None:
        data["cities"][0]["holder"] = holder

    changed = ruleset.describe_board(_edited(view, taken))
    new = [m for m in changed.markers if m not in first.markers]
    assert {m.side for m in new} == {holder}
    assert len(new) == 2  # the city and its airport
    kept = [m for m in changed.markers if m.label != city["field"] and m.side != holder]
    assert all(any(m is k for k in first.markers) for m in kept)
    assert not _pieces(first) & _pieces(other)


def _sight_by_the_sheet(view: View, unit: str) -> set[Hex]:
    """What ``unit`` sees as the tactical board's line of sight gives it with every stack
    and wreck of the view and its smoke (sheet: TERRAIN HEIGHT, Parameter Data)."""
    from hexwar.rulesets.tactical.board import Board as TacticalBoard
    from hexwar.rulesets.tactical.tables import rules

    d = view.data
    board = TacticalBoard.from_json(d["map"])
    sp: dict[Hex, int] = {}
    for u in [*d["units"], *d["enemy_units"]]:
        if u["hex"]:
            h = Hex.from_str(u["hex"])
            sp[h] = sp.get(h, 0) + int(u["sp"])
    wrecks = {Hex.from_str(k): int(n) for k, n in d["wrecks"].items()}
    smoke = [Hex.from_str(h) for h in d["smoke"]]
    eye = Hex.from_str(next(u["hex"] for u in d["units"] if u["id"] == unit))
    return {
        h
        for h in board.terrain
        if eye.distance(h) <= rules().visibility
        and board.line_of_sight(eye, h, units_sp=sp, wreck_sp=wrecks, smoke=smoke)
    }


def test_a_tactical_units_sight_is_kept_while_what_can_block_it_stays() -> None:
    """Sheet: TERRAIN HEIGHT and Parameter Data (a hex with 13 non-wreck SPs or 6 wreck SPs
    blocks a line of sight, smoke blocks): each own unit's sight is the very highlight of the
    board before while its hex and the blocking stacks, wrecks and smoke within its
    visibility stay -- a stack too light to block appearing changes nothing; a stack of 13 SPs
    next to it, or wrecks, change it, to what line of sight with every stack gives. The map's
    hexes, hexsides and roads are the scenario's: the same objects on both sides' boards."""
    game = _played("tactical/hedgerows", 2)
    ruleset = game.ruleset
    view = game.view("allied")
    first = ruleset.describe_board(view)
    enemy = ruleset.describe_board(game.view("axis"))
    for part in ("hexes", "hexsides", "traces"):
        assert getattr(enemy, part) is getattr(first, part), part
    sights = {h.counter: h for h in first.highlights if h.kind == "sight"}
    unit = next(u for u in view.data["units"] if u["hex"] and u["id"] in sights)
    eye = Hex.from_str(unit["hex"])
    cells = {c.at for c in first.hexes}

    def stack(sp: int, at: Hex) -> Any:
        def edit(data: Any) -> None:
            data["enemy_units"].append(
                {"id": "X", "name": "stack", "kind": "infantry", "hex": str(at), "sp": sp}
            )

        return edit

    near = [h for h in eye.neighbors() if h in cells]
    light = ruleset.describe_board(_edited(view, stack(5, near[0])))
    assert {h.counter: h for h in light.highlights if h.kind == "sight"}[unit["id"]] is sights[
        unit["id"]
    ]
    blocked = False
    for at in near:
        heavy = _edited(view, stack(13, at))
        seen = {h.counter: h for h in ruleset.describe_board(heavy).highlights}[unit["id"]]
        assert set(seen.hexes) == _sight_by_the_sheet(heavy, unit["id"])
        blocked |= seen.hexes != sights[unit["id"]].hexes
    assert blocked, "a stack of 13 SPs next to the unit must hide something for the test"

    def wrecked(data: Any) -> None:
        data["wrecks"] = {str(h): 6 for h in near}

    wrecks = _edited(view, wrecked)
    seen = {h.counter: h for h in ruleset.describe_board(wrecks).highlights}[unit["id"]]
    assert seen is not sights[unit["id"]]
    assert set(seen.hexes) == _sight_by_the_sheet(wrecks, unit["id"])


def _board(counters: tuple[Any, ...], legend: str, status: str) -> Any:
    """A small board: two hexes, the counters given, a trace whose style's label is
    ``legend`` (a static part), one status line."""
    from hexwar.core.boards import Board, SideStyle, Style, Trace

    hexes = _BOARD_HEXES
    return Board(
        "t",
        "flat",
        hexes,
        {"clear": Style("clear", "#fff")},
        {"red": SideStyle("Red", "#f00")},
        counters=counters,
        traces=(Trace((hexes[0].at, hexes[1].at), "road"),),
        trace_styles={"road": Style(legend, "#000")},
        status=(("clock", status),),
    )


def _cells() -> Any:
    from hexwar.core.boards import HexCell

    return (HexCell(Hex(0, 0), "a", "clear"), HexCell(Hex(1, 0), "b", "clear"))


_BOARD_HEXES = _cells()


def test_a_seat_boards_kept_parts_make_the_bytes_a_new_one_writes() -> None:
    """The page data's writer (issue 42): through boards with the very same counters, a
    moved counter, and a static part that changed (a legend's line, written again alone),
    every board's bytes, the page data's and the fixed board's, are those a new SeatBoard
    writes for it, merged they are what ``Board.to_json`` writes, and the fixed board's tag
    changes with the legend alone."""
    from hexwar.core.boards import Counter

    a = Counter("a", Hex(0, 0), "red", "infantry")
    b = Counter("b", Hex(1, 0), "red", "armor")
    counters = (a, b)
    boards = [
        _board(counters, "road", "t = 1"),
        _board(counters, "road", "t = 2"),
        _board((a, Counter("b", Hex(0, 0), "red", "armor")), "road", "t = 3"),
        _board(counters, "a road, now", "t = 4"),
        _board(counters, "a road, now", "t = 5"),
    ]
    seat = SeatBoard()
    tags = []
    for n, board in enumerate(boards):
        page = seat.board(n, lambda board=board: board)
        fixed = seat.fixed()
        fresh = SeatBoard()
        fresh_page = fresh.board(n, lambda board=board: board)
        assert page is not None
        assert fixed is not None
        assert fresh_page is not None
        assert dumps(page) == dumps(fresh_page)
        assert fixed == fresh.fixed()
        whole = merged(orjson.loads(dumps(page)), orjson.loads(fixed[0]))
        assert _sorted(whole) == _sorted(board.to_json())
        tags.append(fixed[1])
    assert tags[0] == tags[1] == tags[2] != tags[3] == tags[4]


def test_a_seat_board_writes_a_piece_again_only_when_it_is_another_object() -> None:
    """The page data's writer (issue 42): the counters of a board are written once each;
    a board with the very same tuple writes none of them, one with a new tuple holding the
    same counters and a new one writes the new one alone."""
    from hexwar.core.boards import Counter

    calls: list[str] = []

    class Counted(Counter):
        def to_json(self) -> dict[str, Any]:
            calls.append(self.ref)
            return Counter.to_json(self)

    a = Counted("a", Hex(0, 0), "red", "infantry")
    b = Counted("b", Hex(1, 0), "red", "armor")
    seat = SeatBoard()
    counters = (a, b)
    seat.board(1, lambda: _board(counters, "road", "t = 1"))
    assert calls == ["a", "b"]
    seat.board(2, lambda: _board(counters, "road", "t = 2"))
    assert calls == ["a", "b"]
    moved = Counted("b", Hex(0, 0), "red", "armor")
    seat.board(3, lambda: _board((a, moved), "road", "t = 3"))
    assert calls == ["a", "b", "b"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("rimsk"), st.integers(0, 40)), max_size=40))
def test_a_part_spliced_from_the_last_ones_bytes_is_the_one_a_new_seat_board_writes(
    edits: list[tuple[str, int]],
) -> None:
    """The page data's writer (issue 42): through boards whose counters are the last board's
    with some replaced by new ones or by ones of earlier boards, some inserted, some removed
    (a unit that moved, an enemy seen or lost), every board's bytes are those a new SeatBoard
    writes for it, whether the writer spliced the few new counters into the last part's bytes
    or copied the others' out of it."""
    from hexwar.core.boards import Counter

    made = [
        Counter(f"c{n}", Hex(n % 7, n // 7), "red", "infantry", bottom="9" * n) for n in range(41)
    ]
    counters = made[:20]
    seat = SeatBoard()
    for n, (edit, at) in enumerate(edits):
        counters = list(counters)
        where = at % (len(counters) + 1)
        if edit == "r" and counters:  # a unit that moved: a new counter in its place
            counters[where % len(counters)] = Counter(
                f"n{n}", Hex(0, 0), "red", "armor", top=str(n)
            )
        elif edit == "m" and counters:  # a counter of an earlier board back in a place
            counters[where % len(counters)] = made[at]
        elif edit == "i":  # one seen
            counters.insert(where, made[at])
        elif edit == "k" and counters:  # one lost
            counters.pop(where % len(counters))
        board = _board(tuple(counters), "road", "t")
        page = seat.board(n, lambda board=board: board)
        fresh = SeatBoard().board(n, lambda board=board: board)
        assert page is not None
        assert fresh is not None
        assert dumps(page) == dumps(fresh)


def test_a_seats_page_state_is_made_anew_whenever_it_could_say_something_else(
    client: TestClient,
) -> None:
    """The page state (issue 42) is made once for each seat and kept while the game, its
    orders, its version and its rematch are those it was made for (the event streams' news
    and the page data after them share it): through orders, a concession and a rematch, each
    seat's state (GET /state, the news, GET /view) is the one made with nothing kept, and it
    says each change (whose turn, the end, the rematch)."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"})
    gid, tokens = game["id"], game["tokens"]
    hub = client.app.state.hub  # type: ignore[attr-defined]

    def fresh(role: str) -> Any:
        def made() -> Any:
            live = hub._live[gid]
            states, live.states = live.states, {}
            try:
                return hub.state(gid, hub.seats.lookup(tokens[role]))
            finally:
                live.states = states

        return client.portal.call(hub.call, made)  # type: ignore[union-attr]

    def check() -> dict[str, Any]:
        states = {}
        for role in ("west", "east", "umpire"):
            r = client.get(f"/api/games/{gid}/state", headers=bearer(tokens[role]))
            assert r.status_code == 200, r.text
            assert r.json() == fresh(role)
            page = client.get(f"/api/games/{gid}/view", headers=bearer(tokens[role]))
            assert page.json()["state"] == fresh(role)
            states[role] = r.json()
        return states

    turns = []
    for n in range(6):
        states = check()
        turns.append(states["west"]["your_turn"])
        mover = "west" if states["west"]["your_turn"] else "east"
        _play(client, game, _page(client, gid, tokens[mover]), n)
    assert len(set(turns)) == 2  # the turn passed, and the states said so
    r = client.post(
        f"/api/games/{gid}/orders",
        json={"order": {"concede": True}},
        headers=bearer(tokens["east"]),
    )
    assert r.status_code == 200, r.text
    over = check()
    assert over["west"]["result"] == "won"
    assert over["west"]["rematch"] is False
    r = client.post(f"/api/games/{gid}/rematch", json={}, headers=bearer(tokens["west"]))
    assert r.status_code == 201, r.text
    assert check()["east"]["rematch"] is True
