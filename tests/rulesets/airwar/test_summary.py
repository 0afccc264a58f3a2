"""The umpire's account of an air war game (``hexwar run --json`` "summary") and the air war
sections of the designer's report (``hexwar run --report``): each player's surviving units,
the cities and airports he holds and his production (seed 001, §2.1 control, §2.5 production).
"""

from __future__ import annotations

import pytest

from hexwar.rulesets.airwar.game import FIRE
from hexwar.sessions import Session, resolve_scenario
from tests.rulesets.airwar.helpers import _d_moves

from .conftest import game_at, new_game


def _fought_cycle() -> object:
    # player 1 holds his productive K4 and player 2's captured K22 (symmetric game: a captured
    # city never produces, §2.5); three units on K10 kill one of two on K11 (§2.3)
    game = game_at(
        "small-four-cities",
        cities=[("K4", "1"), ("D4", "1", False), ("K22", "2", True, "1")],
        units={"1": {"K10": 3, "K4": 1, "K22": 1}, "2": {"K11": 2, "K18": 1}},
        phase=FIRE,
    )
    game.submit("1", "K10@K11x3")  # type: ignore[attr-defined]
    game.submit("2", "pass")  # type: ignore[attr-defined]
    return game


def test_summary_gives_units_cities_airports_and_production_of_each_player() -> None:
    game = _fought_cycle()
    summary = game.summary()  # type: ignore[attr-defined]
    one, two = summary["sides"]["1"], summary["sides"]["2"]
    assert one["fields"] == {"K4": 2, "K10": 3, "K22": 1}  # K4 produced (§2.5)
    assert one["units"] == 6
    assert two["fields"] == {"K11": 1, "K18": 1}
    assert two["units_lost"] == 1
    assert one["units_produced"] == 1
    assert one["cities_held"] == ["K4", "D4", "K22"]
    assert one["airports_held"] == ["K3", "D3", "K23"]
    assert one["producing_cities"] == ["K4"]  # D4 is not productive; K22 was captured
    assert two["cities_held"] == []
    assert two["cities_lost"] == ["K22"]
    k22 = next(c for c in summary["cities"] if c["field"] == "K22")
    assert k22 == {
        "field": "K22",
        "airport": "K23",
        "owner": "2",
        "holder": "1",
        "productive": True,
        "producing": False,
        "contested": False,
    }


def test_summary_units_are_those_placed_plus_produced_less_the_dead() -> None:
    resolved = resolve_scenario("airwar/small-unequal")
    session = Session.start(resolved, seed=5, agents={"1": "ai", "2": "ai"})
    session.run(max_steps=30)
    summary = session.game.summary()
    for side in ("1", "2"):
        data = summary["sides"][side]
        assert data["units_placed"] == 40
        assert data["units"] == sum(data["fields"].values())
        assert data["units"] == data["units_placed"] + data["units_produced"] - data["units_lost"]
    assert summary["sides"]["1"]["label"] == "A"


def test_report_has_the_players_the_cities_and_the_board() -> None:
    game = _fought_cycle()
    text = game.report()  # type: ignore[attr-defined]
    assert "== Players at cycle 2, move stage ==" in text
    assert "player 2: 2 units = " in text
    assert "  cities producing for him: K4" in text
    assert "K22  airport K23  player 2's, held by player 1, productive" in text
    assert "== Board (player 1's seat) ==" in text
    assert text.index("== Log ==") < text.index("== Cities ==")


def test_report_marks_each_city_productive_and_producing_only_where_it_is() -> None:
    # §2.5: a city produces for its holder only if it is productive and his own (a captured
    # city never produces). K4 is player 1's productive city, held by him: both flags; D4
    # was set up not productive: neither; K22 is player 2's productive city captured by
    # player 1: productive, not producing. None is contested (no enemy unit next to it).
    lines = _fought_cycle().report().splitlines()  # type: ignore[attr-defined]
    assert "  cities held: K4, D4, K22" in lines
    assert "  airports held: K3, D3, K23" in lines
    start = lines.index("== Cities ==")
    assert lines[start + 2 : start + 5] == [
        "K4   airport K3   player 1's, held by player 1, productive, producing",
        "D4   airport D3   player 1's, held by player 1",
        "K22  airport K23  player 2's, held by player 1, productive",
    ]


def test_report_of_a_variant_names_the_labels_contested_cities_and_double_transportations() -> None:
    # §3.2.2 (large board, a city in no-man's-land): player 1 is C and player 2 is D, and D
    # has two double transportations. K25 is player 2's city held by player 1 (preassigned,
    # not productive); with units of both players on it, it is contested (§2.1).
    game = game_at("large-no-mans-land-city", units={"1": {"K25": 2}, "2": {"K25": 1}})
    lines = game.report().splitlines()
    assert "== Players at cycle 1, move stage ==" in lines
    assert "player 1 (C): 2 units = 70 placed + 0 produced - 0 lost" in lines
    assert "player 2 (D): 1 unit = 60 placed + 0 produced - 0 lost" in lines
    two = lines.index("player 2 (D): 1 unit = 60 placed + 0 produced - 0 lost")
    assert lines[two + 1 : two + 6] == [
        "  cities held: -",
        "  airports held: -",
        "  own cities held by the opponent: K25",
        "  cities producing for him: -",
        "  double transportations left: 2",  # C has none: no such line under player 1
    ]
    assert sum("double transportations left" in line for line in lines) == 1
    k25 = next(line for line in lines if line.startswith("K25 "))
    assert k25.endswith("player 2's, held by player 1, contested")


def test_report_of_an_ended_game_says_at_the_end_and_in_which_cycle() -> None:
    # §2.3: three units firing on a lone unit kill it; player 2 then has no units left and
    # the game ends in cycle 1's fire stage, which the report's players section names.
    game = game_at("small-four-cities", units={"1": {"K10": 3}, "2": {"K11": 1}}, phase=FIRE)
    game.submit("1", "K10@K11x3")  # type: ignore[attr-defined]
    game.submit("2", "pass")  # type: ignore[attr-defined]
    lines = game.report().splitlines()
    assert "scenario: airwar/small-four-cities" in lines  # the game's id, kept from its start
    assert "outcome: 1 wins: player 2 has no units left" in lines
    assert "== Players at the end (cycle 1) ==" in lines
    assert "== Cities ==" in lines
    assert lines[lines.index("== Cities ==") + 2] == "none placed"


@pytest.mark.found_by_mutation
def test_2_5_the_summary_counts_what_was_placed_transports_left_and_contested_cities() -> None:
    """The umpire's summary (``hexwar run --json``): before the units are placed (§2.0) none
    are counted as placed, so that placed + produced - lost is the 0 units on the board; D's
    two double transportations (§3.2.2) counted down as he uses one, C has none; a city with
    units of both players on it is contested (§2.1)."""
    fresh = new_game("small-four-cities").summary()
    assert [(s["units"], s["units_placed"]) for s in fresh["sides"].values()] == [(0, 0), (0, 0)]
    game = _d_moves({"D45": 2})
    left = game.summary()["sides"]
    assert (left["1"]["double_transports_left"], left["2"]["double_transports_left"]) == (0, 2)
    game.submit("2", "D45>>K45")
    game.submit("1", "pass")
    assert game.summary()["sides"]["2"]["double_transports_left"] == 1
    game = game_at("small-four-cities", cities=[("K4", "1")],
                   units={"1": {"K4": 1}, "2": {"K4": 1}})  # fmt: skip
    (k4,) = game.summary()["cities"]
    assert k4["contested"] is True
