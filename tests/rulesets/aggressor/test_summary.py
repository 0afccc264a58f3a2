"""The umpire's summary (``hexwar run --json``) and the designer's report (``hexwar run
--report``) of an Aggressor game: every unit with its type, hex, Range and Strength, and the
sectors each side holds (GAME OBJECT)."""

from __future__ import annotations

import pytest

from hexwar.rulesets.aggressor import rules as rl
from tests.rulesets.aggressor.conftest import (
    make_game,
    put,
    script,
    unit,
)


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


@pytest.mark.found_by_mutation
def test_the_summary_counts_the_turns_played() -> None:
    """TURN SEQUENCE A: turns alternate, a round is both sides' turns (docs/rulings/aggressor.md,
    Turn limit). After West's, East's and West's turns the game summary gives round 2, three
    turns played, West the first mover, no aggressor yet."""
    g = make_game(first="west")
    for side in ("west", "east", "west"):
        g.submit(side, "0")
    summary = g.summary()
    assert {k: summary[k] for k in ("round", "turns_played", "first_mover", "aggressor")} == {
        "round": 2,
        "turns_played": 3,
        "first_mover": "west",
        "aggressor": None,
    }


@pytest.mark.found_by_mutation
def test_the_summary_counts_each_sides_sectors() -> None:
    """GAME OBJECT: the last occupying side controls a sector. West's unit put alone in the
    empty centre sector C: at the end of West's turn the summary gives West 4 sectors (in two
    of the three columns, so not one in each) and East its 3 home sectors."""
    g = make_game(first="west")
    put(g, "west", 1, "@KH")
    g.submit("west", "0")
    sides = g.summary()["sides"]
    assert (sides["west"]["sectors"], sides["west"]["one_in_each_column"]) == (4, False)
    assert (sides["east"]["sectors"], sides["east"]["one_in_each_column"]) == (3, False)


@pytest.mark.found_by_mutation
def test_the_report_gives_the_sectors_the_aggressor_cbr_hexes_and_the_eliminated() -> None:
    """The designer's report (docs/aggressor.md): GAME OBJECT's 3 x 3 sectors, north to south
    and west to east, with their controllers; each side's count of sectors, and "one in each
    column" for a side that has it (the aggressor's condition); the aggressor; the CBR hexes;
    each unit with its flags (dug in, in a CBR hex); the units eliminated by number and type.
    Set by hand: West holds C and NE besides its three (5, one in each column), East NE's
    neighbours E and SE (2); West is the aggressor and holds a partisan; @AA and West's unit
    10 at @BD are CBR hexes, unit 10 dug in; East's units 1 (armor) and 2 are eliminated."""
    g = make_game(east={1: ("armor", "@LH")})
    g.control[rl.SECTOR_NAMES.index("C")] = "west"
    g.control[rl.SECTOR_NAMES.index("NE")] = "west"
    g.aggressor = "west"
    g.partisans["west"] = 1
    g.cbr.update({rl.parse_label("@AA"), rl.parse_label("@BD")})
    unit(g, "west", 10).emplaced = True
    for number in (1, 2):
        g._eliminate(unit(g, "east", number))
    text = g.report()
    sectors = "\n".join(
        [
            "            west column   centre        east column",
            "  north     NW west       N  -          NE west",
            "  middle    W  west       C  west       E  east",
            "  south     SW west       S  -          SE east",
            "",
            "west holds 5 of the 9 sectors, one in each column",
            "east holds 2 of the 9 sectors",
            "aggressor: west",
            "CBR hexes: @AA, @BD",
        ]
    )
    assert f"== Sectors ==\n\n{sectors}\n\n== Units at the end ==" in text
    assert "\nwest: 18 units left, 0 eliminated, 1 partisans\n" in text
    assert "\n  unit  9 infantry   @AL  range 2/2  strength 2/2\n" in text
    assert "\n  unit 10 infantry   @BD  range 2/2  strength 2/2  dug in  in CBR\n" in text
    assert "\neast: 16 units left, 2 eliminated, 0 partisans\n" in text
    assert "\n  eliminated: 1 armor, 2 infantry\n" in text
    board = text.split("== The map at the end ==\n\n")[1].splitlines()
    assert board[-2:] == [
        "",
        "West in capitals, East in lower case (every unit shown, identified).",
    ]


@pytest.mark.found_by_mutation
def test_the_report_of_a_game_without_aggressor_or_cbr_says_so() -> None:
    """The designer's report: with no aggressor declared and no CBR hex, the report says "none
    declared" and "none"."""
    text = make_game().report()
    assert "\naggressor: none declared\nCBR hexes: none\n" in text
