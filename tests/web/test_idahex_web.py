"""IDAHEX in the browser, through TestClient: the area of war as the manual draws it (seed 000
§2.1), each engagement's FEBA inside its cell (§5.2), the fog of war on the seat's board
(§4: a player sees his own units and the enemy in contact only), the console's checks and
information requests behind the forms (§4, §6)."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hexwar.core.numberings import IdahexGrid
from hexwar.rulesets.idahex.drawing import describe_board
from hexwar.sessions import Session, resolve_scenario
from hexwar.web.svg import render_board
from tests.web.conftest import bearer, new_game


@pytest.fixture(scope="module")
def contact() -> Session:
    """Sinai, seed 1, both commanders the computer, two periods: red attacks cell 38."""
    session = Session.start(
        resolve_scenario("idahex/sinai"), seed=1, agents={"red": "ai", "blue": "ai"}
    )
    session.play_agents(max_steps=2)
    return session


def test_the_area_of_war_is_drawn_in_vertical_ranks_numbered_as_the_manual_writes_them() -> None:
    """§2.1: cells numbered down vertical ranks, the first (leftmost) with nrank1 cells, the
    next one fewer; the bottom cell of every rank is always inactive.

    By hand for Sinai (ncells 115, nrank1 12): ranks of 12, 11, 12, 11, ... cells, so the bottom
    cells are 12, 23, 35, 46, 58, 69, 81, 92, 104 and 115 (the last rank, 105..115, is short).
    Cell 2 is straight below cell 1; cell 13, the top of the second rank, is to the lower
    right of cell 1 and the upper right of cell 2."""
    session = Session.start(resolve_scenario("idahex/sinai"), seed=1, agents={})
    board = describe_board(session.game.view("red"))
    assert [c.label for c in board.hexes] == [str(n) for n in range(1, 116)]
    rim = {int(c.label) for c in board.hexes if c.terrain == "rim"}
    assert rim == {12, 23, 35, 46, 58, 69, 81, 92, 104, 115}
    at = {c.label: c.at for c in board.hexes}
    assert at["2"].q == at["1"].q
    assert at["2"].r == at["1"].r + 1
    assert at["13"].distance(at["1"]) == 1
    assert at["13"].distance(at["2"]) == 1
    assert at["13"].q == at["1"].q + 1
    design = session.game.view("red").data["design"]
    designed = set(design["inactive"]) - rim
    assert {int(c.label) for c in board.hexes if c.terrain == "inactive"} == designed
    assert {1, 11} <= designed  # Sinai's cards: basic_env 0 for cells 1 and 11 (§2.1)


def test_the_suez_canal_is_a_barrier_on_cell_edges_and_routes_join_adjacent_cells() -> None:
    """§2.1: [bartype](i, j) > 0 is a barrier between adjacent cells i and j; [rtetype](i, j)
    the route between them. Every barrier and route the board draws joins two adjacent
    cells, and the canal is named from the design's barrier names (group 13)."""
    session = Session.start(resolve_scenario("idahex/sinai"), seed=1, agents={})
    board = describe_board(session.game.view("red"))
    assert board.hexsides
    assert all(s.a.distance(s.b) == 1 for s in board.hexsides)
    assert {board.hexside_styles[s.kind].label for s in board.hexsides} == {
        "barrier type 1: Suez Canal"
    }
    routes = [t for t in board.traces if t.kind.startswith("route-")]
    assert routes
    assert all(t.hexes[0].distance(t.hexes[1]) == 1 for t in routes)


def test_each_engagement_has_its_feba_drawn_inside_its_cell(contact: Session) -> None:
    """§5.2: feba is the fraction of the cell's depth the attackers have advanced; the board
    draws it in the engagement's cell, the attackers' side shaded, from the cells the
    attacking units stand in."""
    game = contact.game
    for side in ("red", "blue"):
        view = game.view(side)
        board = describe_board(view)
        fights = {int(g["cell"]): g for g in view.data["engagements"]}
        assert fights, "the game this test needs has an engagement at step 2"
        grid = IdahexGrid(115, 12, frozenset(view.data["design"]["inactive"]))
        assert {f.at for f in board.fronts} == {grid.hex_of(c) for c in fights}
        for f in board.fronts:
            g = fights[grid.cell_at(f.at) or 0]
            assert f.position == pytest.approx(g["feba"])
            assert all(o.distance(f.at) == 1 for o in f.origins)
        svg = render_board(board)
        assert svg.count('<g class="front"') == len(fights)


def test_the_seat_board_holds_no_unit_its_view_hides(contact: Session) -> None:
    """§4 and docs/rulings/idahex.md 'What a side sees': a side sees its own units and the
    active enemy units in or next to a cell holding one of its own. The board and its SVG
    name exactly those, and no other enemy unit."""
    game = contact.game
    for side, other in (("red", "blue"), ("blue", "red")):
        view = game.view(side)
        seen = {int(u["number"]) for u in view.data["enemy"]}
        hidden = {
            u["number"]
            for u in game.summary()["sides"][other]["units"]
            if u["number"] not in seen and u["status"] != "destroyed"
        }
        assert hidden, "some enemy units are out of contact"
        board = describe_board(view)
        assert {int(c.ref) for c in board.counters if c.side == other} == seen
        svg = render_board(board)
        refs = {int(r) for r in re.findall(rf'data-ref="(\d+)" data-side="{other}"', svg)}
        assert refs == seen
        assert not refs & hidden


def _sinai(client: TestClient) -> tuple[str, dict[str, str]]:
    game = new_game(client, "idahex/sinai", {"red": "human", "blue": "ai"})
    return game["id"], bearer(game["tokens"]["red"])


def test_the_forms_get_the_consoles_check_of_a_typed_line(client: TestClient) -> None:
    """§4.1: a mission lists its orders and its units; §6: strikes at cycle starts only. The
    check is the console's (terminal.py): the same messages."""
    gid, red = _sinai(client)
    ok = client.post(
        f"/api/games/{gid}/idahex/check",
        json={"command": "mission  27,10   units 2 mode 0"},
        headers=red,
    )
    assert ok.status_code == 200
    assert ok.json()["command"] == "mission 27,10 units 2 mode 0"
    bad = client.post(
        f"/api/games/{gid}/idahex/check", json={"command": "mission 27,10 units"}, headers=red
    )
    assert bad.status_code == 422
    assert bad.json()["detail"].startswith("not understood: 'units' needs a value")
    # t = 0.5 is a period start but not a cycle start (tcycle 1, tpd 0.5): no strikes.
    client.post(f"/api/games/{gid}/orders", json={"order": "pass"}, headers=red)
    # Blue (the computer) moves off the request path: the clock reaches 0.5 once it has.
    deadline = time.monotonic() + 30
    while client.get(f"/api/games/{gid}/idahex/forms", headers=red).json()["time"] == 0:
        assert time.monotonic() < deadline, "the computer's blue never moved"
        time.sleep(0.02)
    late = client.post(
        f"/api/games/{gid}/idahex/check",
        json={"command": "interdiction 39 priority 1,2,3,4 aircraft 2"},
        headers=red,
    )
    assert late.status_code == 422
    assert late.json()["detail"] == (
        "not now: air strikes are entered at the start of a cycle only (§6)"
    )


def test_a_refused_command_names_the_rule_as_the_console_does(client: TestClient) -> None:
    """§4: 'IDAHEX prevents a player from issuing instructions to enemy units': blue's unit
    153 in a red mission is refused at sending, naming the rule."""
    gid, red = _sinai(client)
    r = client.post(
        f"/api/games/{gid}/orders", json={"order": "mission 27,10 units 153 mode 0"}, headers=red
    )
    assert r.status_code == 422
    assert r.json()["detail"] == "unit 153 is not one of your units [seed 000 §4]"


def test_the_panels_answer_the_consoles_information_requests(client: TestClient) -> None:
    """The console's requests (terminal.py 'What you know'): own unit, a cell, the map; only
    from the seat's view: blue's units cannot be asked for by red."""
    gid, red = _sinai(client)

    def ask(q: str) -> Any:
        r = client.get(f"/api/games/{gid}/idahex/ask", params={"q": q}, headers=red)
        assert r.status_code == 200, r.text
        return r.json()["text"]

    assert ask("unit 2").startswith("unit 2 7TH MDT RIFLE: type 1, cell 26")
    assert ask("unit 153") == "you have no unit 153"
    assert ask("cell 12") == "cell 12 is inactive: outside the area of war"
    assert "R/B: owner" in ask("map")
    forms = client.get(f"/api/games/{gid}/idahex/forms", headers=red).json()
    assert forms["strikes_now"] is True
    assert forms["aircraft_types"] == 1
    assert all(u["number"] < 100 for u in forms["units"])  # red's own (blue's are 1xx)
    refused = client.get(f"/api/games/{gid}/idahex/ask", params={"q": "drop 1"}, headers=red)
    assert refused.status_code == 422


def test_the_seat_routes_name_no_enemy_unit_out_of_contact(client: TestClient) -> None:
    """§4 fog through HTTP: red's map, its console's 'enemy' answer and its forms hold the
    blue units in contact and no other; the umpire's summary lists the others."""
    game = new_game(client, "idahex/sinai", {"red": "human", "blue": "ai"})
    gid, red = game["id"], bearer(game["tokens"]["red"])
    umpire = bearer(game["tokens"]["umpire"])
    seen = {
        int(u["number"])
        for u in client.get(f"/api/games/{gid}/view", headers=red).json()["view"]["data"]["enemy"]
    }
    summary = client.get(f"/api/games/{gid}/view", headers=umpire).json()["summary"]
    hidden = {u["number"] for u in summary["sides"]["blue"]["units"]} - seen
    assert seen
    assert hidden
    svg = client.get(f"/api/games/{gid}/board.svg", headers=red).text
    assert {int(n) for n in re.findall(r'data-ref="(\d+)" data-side="blue"', svg)} == seen
    enemy = client.get(f"/api/games/{gid}/idahex/ask", params={"q": "enemy"}, headers=red)
    listed = {int(line.split()[0]) for line in enemy.json()["text"].splitlines()}
    assert listed == seen
    forms = client.get(f"/api/games/{gid}/idahex/forms", headers=red).json()
    assert not {u["number"] for u in forms["units"]} & (seen | hidden)


def test_a_feba_line_sits_at_its_fraction_of_the_depth_from_the_attackers_edge() -> None:
    """§5.2: feba is the attackers' advance as a fraction of the cell's depth (centre to
    centre, §2.1). By hand for flat hexes of size 30: depth = 30 * sqrt(3) = 51.96; attackers
    in hex (-1, 0), whose centre is (-45, -25.98) from the engagement's, so they push along
    (0.866, 0.5); at feba 0.25 the line crosses that axis 0.25 * 51.96 = 12.99 short of
    the centre: at (-11.25, -6.50)."""
    from hexwar.core.boards import Board, Front, HexCell, Style
    from hexwar.core.hexes import Hex

    board = Board(
        "t",
        "flat",
        (HexCell(Hex(0, 0), "c", "x"), HexCell(Hex(-1, 0), "o", "x")),
        {"x": Style("x", "#fff")},
        {},
        fronts=(Front(Hex(0, 0), 0.25, "feba", (Hex(-1, 0),)),),
        trace_styles={"feba": Style("FEBA", "#c00")},
    )
    svg = render_board(board, size=30, legend=False)
    points = re.search(r'data-label="c"[^>]*points="([^"]+)"', svg)
    assert points is not None
    corners = [tuple(map(float, p.split(","))) for p in points.group(1).split()]
    cx = sum(x for x, _ in corners) / 6
    cy = sum(y for _, y in corners) / 6
    line = re.search(
        r'<g class="front"[^>]*>.*?<line x1="([-\d.]+)" y1="([-\d.]+)" '
        r'x2="([-\d.]+)" y2="([-\d.]+)"',
        svg,
    )
    assert line is not None
    x1, y1, x2, y2 = map(float, line.groups())
    assert (x1 + x2) / 2 - cx == pytest.approx(-11.25, abs=0.15)
    assert (y1 + y2) / 2 - cy == pytest.approx(-6.50, abs=0.15)
    # square to the push: the line's direction is perpendicular to (0.866, 0.5)
    assert (x2 - x1) * 0.866 + (y2 - y1) * 0.5 == pytest.approx(0, abs=0.2)


def test_the_umpires_map_shows_every_sides_missions_and_status(
    contact: Session, tmp_path: Any
) -> None:
    """Issue 19 (the umpire's page shows both sides): the umpire's IDAHEX map draws the
    missions, engagements and status lines each side's own map draws, not the first side's
    only."""
    from hexwar.web.hub import Hub

    game = contact.game
    seats = {side: describe_board(game.view(side)) for side in ("red", "blue")}
    umpire = Hub(tmp_path).board(game, None)
    assert umpire is not None
    for own in seats.values():
        assert own is not None
        assert set(own.traces) <= set(umpire.traces)
        assert set(own.status) <= set(umpire.status)
        assert set(own.fronts) <= set(umpire.fronts)
    assert ("side", "Red") in umpire.status
    assert ("side", "Blue") in umpire.status
