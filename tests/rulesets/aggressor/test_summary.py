"""The umpire's summary (``hexwar run --json``) and the designer's report (``hexwar run
--report``) of an Aggressor game: every unit with its type, hex, Range and Strength, and the
sectors each side holds (GAME OBJECT)."""

from __future__ import annotations

from hexwar.rulesets.aggressor import rules as rl
from tests.rulesets.aggressor.conftest import make_game, put, script, unit


def test_summary_lists_units_and_sectors_held() -> None:
    """GAME OBJECT: the sectors each side controls; UNIT TYPES: each unit's Range and Strength
    (a Missile unit that has launched shows as Technical, EXTRA TYPES)."""
    g = make_game({1: ("armor", "@IH"), 2: ("missile", "@EH")}, {1: ("support", "@LH")})
    put(g, "east", 1, "@JH")
    unit(g, "west", 1).range = 1
    unit(g, "west", 2).missiles = False
    g.cbr.add(rl.parse_label("@AA"))
    summary = g.summary()
    west = summary["sides"]["west"]
    assert west["sectors_held"] == ["NW", "W", "SW"]
    assert west["sectors"] == 3
    assert not west["one_in_each_column"]
    assert summary["sides"]["east"]["sectors_held"] == ["NE", "E", "SE"]
    assert summary["control"]["C"] is None
    assert summary["cbr"] == ["@AA"]
    assert west["units"][0] == {
        "number": 1,
        "type": "armor",
        "hex": "@IH",
        "range": 1,
        "strength": 3,
        "max_range": 3,
        "max_strength": 3,
        "emplaced": False,
        "in_cbr": False,
    }
    assert west["units"][1]["type"] == "technical"
    assert len(west["units"]) == 18
    assert west["eliminated"] == []


def test_summary_names_eliminated_units() -> None:
    """COMBAT: a unit reduced to Strength 0 'is removed from the map'; the summary lists it by
    number and type."""
    g = make_game({1: ("armor", "@IH")}, {1: ("support", "@LH")})
    put(g, "east", 1, "@JH")
    unit(g, "east", 1).range = 0
    unit(g, "west", 1).seen_by_enemy = True
    g._observe("west")
    script(g, chances=[True])
    g.submit("west", "1 6")
    east = g.summary()["sides"]["east"]
    assert east["eliminated"] == [{"number": 1, "type": "support"}]
    assert len(east["units"]) == 17


def test_report_has_sectors_units_and_the_umpires_map() -> None:
    """The designer's report: the log, then the sectors (3 x 3 as in GAME OBJECT), the units at
    the end and the map with every unit of both sides."""
    g = make_game({1: ("armor", "@IH")}, {1: ("artillery", "@LH")})
    g.submit("west", "0")
    text = g.report()
    for title in (
        "== Log ==",
        "== Sectors ==",
        "== Units at the end ==",
        "== The map at the end ==",
    ):
        assert title in text
    assert "  north     NW west       N  -          NE east" in text
    assert "  unit  1 armor      @IH  range 3/3  strength 3/3  dug in" in text
    assert "  unit  1 artillery  @LH  range 3/3  strength 2/2" in text
    board = text.split("== The map at the end ==")[1]
    row_h = next(line for line in board.splitlines() if line.startswith("  H  "))
    assert row_h[5 + 2 * 8] == "T"  # west armor at @IH (column I, even)
    assert row_h[5 + 2 * 10] == "|"  # the border column K
    row_h_low = board.splitlines()[board.splitlines().index(row_h) + 1]
    assert row_h_low[5 + 2 * 11] == "r"  # east artillery at @LH (column L, odd: lower line)
