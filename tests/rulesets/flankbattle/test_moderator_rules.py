"""The rules the moderator page asks of the package (seed 004, Online database; Flank editor;
Terrain map): the status message at its boundaries, the even split with rounding, the 99-flank
limit, the status colours. Expected values worked out by hand from the seed's text."""

from __future__ import annotations

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.flankbattle.flanks import (
    MANEUVER_SUMMARIES,
    MAX_FLANKS,
    STATUS_COLOURS,
    FlankSpec,
    Maneuver,
    can_add_flank,
    check_count,
    even_split,
    validity,
)

# A military of 10,000: 50% infantry, 30% cavalry, 20% artillery -> 5,000 / 3,000 / 2,000.
SIZE = 10_000
PROPS = {"infantry": 0.5, "cavalry": 0.3, "artillery": 0.2}


def one(inf: int, cav: int = 3000, art: int = 2000, ships: int = 0) -> list[FlankSpec]:
    return [FlankSpec(50, 200, infantry=inf, cavalry=cav, artillery=art, ships=ships)]


def test_good_while_the_flanks_are_within_ten_soldiers() -> None:
    """Terrain map: "Good" as long as X and Y differ by no more than 10 soldiers."""
    assert validity(one(5010), SIZE, PROPS, 0).text == "Good (10010/10000)"
    assert validity(one(4990), SIZE, PROPS, 0).text == "Good (9990/10000)"
    assert validity(one(5010), SIZE, PROPS, 0).colour == "green"


def test_eleven_infantry_too_many_is_invalid_inf_in_red() -> None:
    """Terrain map: "Invalid Inf (X/Y)", X and Y the infantry; red when too large."""
    v = validity(one(5011), SIZE, PROPS, 0)
    assert (v.good, v.text, v.colour) == (False, "Invalid Inf (5011/5000)", "red")


def test_eleven_infantry_too_few_is_invalid_inf_in_orange() -> None:
    """Terrain map: orange when the unit type is too small."""
    v = validity(one(4989), SIZE, PROPS, 0)
    assert (v.good, v.text, v.colour) == (False, "Invalid Inf (4989/5000)", "orange")


def test_cavalry_and_artillery_are_checked_against_their_own_totals() -> None:
    """Terrain map: the example -- no more cavalry in the battle than the database gives."""
    assert validity(one(5000, cav=3011), SIZE, PROPS, 0).text == "Invalid Cav (3011/3000)"
    v = validity(one(5000, art=1900), SIZE, PROPS, 0)
    assert (v.text, v.colour) == ("Invalid Art (1900/2000)", "orange")


def test_ships_are_invalid_more_than_one_ship_off() -> None:
    """Terrain map: "the military is considered invalid if the total navy in the flanks is more
    than one ship off"."""
    assert validity(one(5000, ships=11), SIZE, PROPS, 10).good
    assert validity(one(5000, ships=9), SIZE, PROPS, 10).good
    v = validity(one(5000, ships=12), SIZE, PROPS, 10)
    assert (v.text, v.colour) == ("Invalid Navy (12/10)", "red")
    v = validity(one(5000, ships=8), SIZE, PROPS, 10)
    assert (v.text, v.colour) == ("Invalid Navy (8/10)", "orange")


def test_even_split_rounds_each_share_and_keeps_the_flanks_positions() -> None:
    """Online database: the military "evenly distributed across the current flanks, as are the
    number of ships, rounded to the nearest integer". 8,000 at 50/25/25 over 3 flanks: infantry
    4,000/3 = 1,333.3 -> 1,333; cavalry and artillery 2,000/3 = 666.7 -> 667; 125 ships/3 =
    41.7 -> 42. The total 3 x 2,667 = 8,001 is within ten soldiers: Good (8001/8000)."""
    props = {"infantry": 0.5, "cavalry": 0.25, "artillery": 0.25}
    positions = [(10.0, 20.0), (30.0, 40.0), (50.0, 60.0)]
    flanks = even_split(8000, props, 125, positions)
    assert [(f.x, f.y) for f in flanks] == positions
    assert {(f.infantry, f.cavalry, f.artillery, f.ships) for f in flanks} == {(1333, 667, 667, 42)}
    assert validity(flanks, 8000, props, 125).text == "Good (8001/8000)"
    assert even_split(8000, props, 125, []) == []


def test_even_split_over_seven_flanks() -> None:
    """10,000 infantry over 7 flanks: 1,428.57 -> 1,429 each; 7 x 1,429 = 10,003."""
    flanks = even_split(10_000, {"infantry": 1.0}, 0, [(5.0, float(i)) for i in range(7)])
    assert [f.infantry for f in flanks] == [1429] * 7
    assert validity(flanks, 10_000, {"infantry": 1.0}, 0).text == "Good (10003/10000)"


def test_at_most_ninety_nine_flanks_a_side() -> None:
    """Terrain map: "There can be a maximum of 99 flanks per side"."""
    assert MAX_FLANKS == 99
    assert can_add_flank(98)
    assert not can_add_flank(99)
    check_count([FlankSpec(1, 1)] * 99)
    with pytest.raises(IllegalOrderError, match="1 to 99"):
        check_count([FlankSpec(1, 1)] * 100)
    with pytest.raises(IllegalOrderError):
        check_count([])


def test_status_colours_and_maneuver_summaries() -> None:
    """Flank editor: Inactive black, Routed red, Retreating orange, Ready green, Idle blue; a
    summary for each of the five maneuvers of Movement."""
    assert STATUS_COLOURS == {
        "Inactive": "black",
        "Routed": "red",
        "Retreating": "orange",
        "Ready": "green",
        "Idle": "blue",
    }
    assert set(MANEUVER_SUMMARIES) == set(Maneuver)
    assert "zero" in MANEUVER_SUMMARIES[Maneuver.POSITION]
