"""Board descriptions (core/boards.py, each ruleset's drawing.py) and the SVG renderer."""

from __future__ import annotations

import re

import numpy as np
import pytest

from hexwar.core.boards import Board, Counter, HexCell, SideStyle, Style
from hexwar.core.hexes import Hex
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.legal import random_setup
from hexwar.sessions import Session, resolve_scenario
from hexwar.web.svg import render_board


def _game(scenario: str, seed: int = 1) -> Session:
    return Session.start(resolve_scenario(scenario), seed=seed, agents={})


def test_a_board_refuses_a_kind_it_has_no_style_for() -> None:
    with pytest.raises(ValueError, match="terrain has no style for \\['swamp'\\]"):
        Board("t", "flat", (HexCell(Hex(0, 0), "a", "swamp"),), {}, {})


def test_aggressor_board_has_the_nine_sectors_boundaries_and_the_border_column() -> None:
    """Seed 003, GAME OBJECT / VICTORY CONDITIONS: boundaries between columns G/H and N/O and
    rows E/F and J/K; MAP BOARD: 21 x 15 hexes, the border down column K.

    By hand: column G (even, high) touches H in two hexes a row but one in the top row: 29
    hexsides; N (odd, low) touches O likewise but one in the bottom row: 29; each row boundary
    crosses the 21 columns once: 2 x 21. 29 + 29 + 42 = 100.
    """
    session = _game("aggressor/sector")
    board = session.game.ruleset.describe_board(session.game.view("west"))
    assert len(board.hexes) == 21 * 15
    assert {c.label for c in board.hexes} >= {"@AA", "@UO", "@KH"}
    assert len([s for s in board.hexsides if s.kind == "sector"]) == 100
    border = next(h for h in board.highlights if h.kind == "border")
    assert {rl.GRID.label(h)[1] for h in border.hexes} == {"K"}
    assert len(border.hexes) == 15


def test_aggressor_board_shows_own_units_and_only_the_enemy_the_view_shows() -> None:
    """Seed 003, OBSERVATION: enemy units appear where observed, "?" until identified."""
    session = _game("aggressor/sector", seed=2)
    game = session.game
    game.submit("west", str(random_setup("west", np.random.default_rng(1))))
    game.submit("east", str(random_setup("east", np.random.default_rng(2))))
    view = game.view("west")
    board = game.ruleset.describe_board(view)
    own = [c for c in board.counters if c.side == "west"]
    enemy = [c for c in board.counters if c.side == "east"]
    assert sorted(c.ref for c in own) == sorted(str(u["number"]) for u in view.data["units"])
    assert sorted(c.ref for c in enemy) == sorted(e["at"] for e in view.data["enemy"])
    for c in enemy:
        seen = next(e for e in view.data["enemy"] if e["at"] == c.ref)
        assert (c.symbol == "unknown") == (seen["type"] is None)


def test_tactical_board_gives_each_unit_what_it_can_see() -> None:
    """Seed 002, Parameter Data: a unit sees within visibility (12 hexes) along a clear line
    of sight; its own hex always."""
    session = _game("tactical/hedgerows")
    view = session.game.view("allied")
    board = session.game.ruleset.describe_board(view)
    sights = {h.counter: set(h.hexes) for h in board.highlights if h.kind == "sight"}
    units = [u for u in view.data["units"] if u["hex"]]
    assert set(sights) == {u["id"] for u in units}
    for u in units:
        eye = Hex.from_str(u["hex"])
        assert eye in sights[u["id"]]
        assert all(eye.distance(h) <= 12 for h in sights[u["id"]])
    assert len(board.hexsides) == len(view.data["map"]["hexsides"])


def test_air_war_boards_are_laid_out_as_printed() -> None:
    """Seed 001, §2.0 and §3: the small board is 25 rows of 21 fields, no-man's-land the middle
    row 13; player 1 sits at the row-1 edge with A1 at his lower left, player 2 across the
    table with A1 at his upper right; the rotated board turns it a right angle (flat-topped
    fields)."""
    session = _game("airwar/small-four-cities")
    board = session.game.ruleset.describe_board(session.game.view("1"))
    assert board.orientation == "pointy"
    assert len(board.hexes) == 25 * 21
    nml = [c.label for c in board.hexes if c.terrain == "no-mans-land"]
    assert sorted(nml) == sorted(f"{chr(65 + i)}13" for i in range(21))
    # each player sees his own territory at the bottom, as he sits at the table
    assert board.mirror == "vertical"
    assert session.game.ruleset.describe_board(session.game.view("2")).mirror == "horizontal"
    rotated = _game("airwar/small-unequal")
    assert rotated.game.ruleset.describe_board(rotated.game.view("1")).orientation == "flat"


def test_the_renderer_escapes_every_text_and_tags_hexes_and_counters() -> None:
    board = Board(
        "<b>",
        "flat",
        (HexCell(Hex(0, 0), '@"A"', "x"), HexCell(Hex(1, 0), "<i>", "x")),
        {"x": Style("plain & <simple>", "#fff")},
        {"red": SideStyle("Red", "#f00")},
        counters=(Counter("<u1>", Hex(0, 0), "red", "infantry", name="<script>alert(1)</script>"),),
    )
    svg = render_board(board)
    assert "<script>" not in svg
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    assert 'data-label="@&quot;A&quot;"' in svg
    assert 'data-label="&lt;i&gt;"' in svg
    assert 'data-ref="&lt;u1&gt;"' in svg
    assert "plain &amp; &lt;simple&gt;" in svg  # in the legend
    assert len(re.findall(r'<polygon class="hex"', svg)) == 2


def test_the_common_board_shows_each_sides_pieces_only_as_the_enemy_sees_them() -> None:
    """Issue 39 item 7, the spectator's map while the game runs: "only what both sides see".
    Seed 003, OBSERVATION: a side sees the enemy units it observes, "?" until identified. In
    the common board of both seats a west counter stands exactly where east's board shows
    one, drawn as east draws it (and the same for east's pieces on west's board); nothing of a
    seat's own highlights or status lines remains."""
    from hexwar.core.boards import common_board

    session = _game("aggressor/sector", seed=2)
    game = session.game
    game.submit("west", str(random_setup("west", np.random.default_rng(1))))
    game.submit("east", str(random_setup("east", np.random.default_rng(2))))
    boards = [game.ruleset.describe_board(game.view(s)) for s in ("west", "east")]
    common = common_board(boards)
    west_seen_by_east = [c for c in boards[1].counters if c.side == "west"]
    east_seen_by_west = [c for c in boards[0].counters if c.side == "east"]
    assert len(west_seen_by_east) < len([c for c in boards[0].counters if c.side == "west"])
    assert sorted(common.counters, key=lambda c: (c.side, str(c.at))) == sorted(
        west_seen_by_east + east_seen_by_west, key=lambda c: (c.side, str(c.at))
    )
    assert common.viewer is None
    assert common.status == ()
    assert not any(h.counter for h in common.highlights)
    assert common.hexes == boards[0].hexes
    render_board(common)  # draws
