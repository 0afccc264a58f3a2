"""The rules the moderator page asks of the package (seed 004, Online database; Flank editor;
Terrain map): the status message at its boundaries, the even split with rounding, the 99-flank
limit, the status colours. Expected values worked out by hand from the seed's text."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.flankbattle.flanks import (
    MANEUVER_SUMMARIES,
    MAX_FLANKS,
    STATUS_COLOURS,
    FlankSpec,
    Maneuver,
    apportion,
    can_add_flank,
    check_count,
    even_split,
    role_totals,
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


def test_even_split_shares_sum_to_the_military_and_keep_the_flanks_positions() -> None:
    """Online database: the military "evenly distributed across the current flanks, as are the
    number of ships, rounded to the nearest integer"; Terrain map: "cannot exceed this number,
    nor can it have troops left over" (ruling: the even split, issue 43). 8,000 at 50/25/25
    over 3 flanks: infantry 4,000 -> 1,334 + 1,333 + 1,333; cavalry and artillery 2,000 ->
    667 + 667 + 666; 125 ships -> 42 + 42 + 41. Good (8000/8000), not the 3 x 2,667 = 8,001
    that rounding each third gave."""
    props = {"infantry": 0.5, "cavalry": 0.25, "artillery": 0.25}
    positions = [(10.0, 20.0), (30.0, 40.0), (50.0, 60.0)]
    flanks = even_split(8000, props, 125, positions)
    assert [(f.x, f.y) for f in flanks] == positions
    assert [(f.infantry, f.cavalry, f.artillery, f.ships) for f in flanks] == [
        (1334, 667, 667, 42),
        (1333, 667, 667, 42),
        (1333, 666, 666, 41),
    ]
    assert validity(flanks, 8000, props, 125).text == "Good (8000/8000)"
    assert even_split(8000, props, 125, []) == []


def test_even_split_over_seven_flanks() -> None:
    """10,000 infantry over 7 flanks: 1,428.57 each, so four flanks of 1,429 and three of
    1,428, summing to 10,000 (ruling: the even split, issue 43)."""
    flanks = even_split(10_000, {"infantry": 1.0}, 0, [(5.0, float(i)) for i in range(7)])
    assert [f.infantry for f in flanks] == [1429] * 4 + [1428] * 3
    assert validity(flanks, 10_000, {"infantry": 1.0}, 0).text == "Good (10000/10000)"


def test_more_flanks_than_ships_leaves_some_at_zero() -> None:
    """Composition: "If you have more flanks than ships, then some of them may appear to be set
    to zero ships, due to rounding": 2 ships over 3 flanks are 1, 1, 0 (not 1 each: 3)."""
    flanks = even_split(300, {"infantry": 1.0}, 2, [(5.0, float(i)) for i in range(3)])
    assert [f.ships for f in flanks] == [1, 1, 0]


@settings(max_examples=300, deadline=None)
@given(
    size=st.integers(min_value=0, max_value=2_000_000),
    weights=st.lists(st.integers(min_value=0, max_value=100), min_size=3, max_size=3),
    crew=st.integers(min_value=0, max_value=30),
    ships=st.integers(min_value=0, max_value=500),
    n=st.integers(min_value=1, max_value=MAX_FLANKS),
)
def test_every_roles_shares_sum_to_its_total(
    size: int, weights: list[int], crew: int, ships: int, n: int
) -> None:
    """Terrain map: the flanks can neither exceed the military "nor ... have troops left over"
    (ruling: the even split, issue 43): for any army, proportions (a crew share among them) and
    number of flanks, each role's shares and the ships sum to the role's total and the ship
    number exactly, each share within one of the exact quotient, and the roles with the crew
    to the military's size."""
    total_weight = sum(weights) + crew
    assume(total_weight > 0)
    props = {
        r: w / total_weight
        for r, w in zip(("infantry", "cavalry", "artillery"), weights, strict=True)
    }
    totals = role_totals(size, props)
    assert sum(totals.values()) <= size
    crew_share = max(0.0, 1.0 - sum(props.values()))
    assert abs(size - sum(totals.values()) - size * crew_share) < 4
    flanks = even_split(size, props, ships, [(5.0, float(i)) for i in range(n)])
    for role in ("infantry", "cavalry", "artillery"):
        shares = [getattr(f, role) for f in flanks]
        assert sum(shares) == totals[role]
        assert max(shares) - min(shares) <= 1
    assert sum(f.ships for f in flanks) == ships
    if crew == 0:
        assert validity(flanks, size, props, ships).text == f"Good ({size}/{size})"


@given(
    total=st.integers(min_value=0, max_value=10**9),
    weights=st.lists(st.floats(min_value=0, max_value=1e6), min_size=1, max_size=50),
)
def test_apportion_sums_to_the_total_and_each_share_is_its_quotient_rounded(
    total: int, weights: list[float]
) -> None:
    """The largest-remainder split behind the even split (ruling: the even split, issue 43)."""
    shares = apportion(total, weights)
    assert len(shares) == len(weights)
    if sum(weights) == 0:
        assert shares == [0] * len(weights)
        return
    assert sum(shares) == total
    whole = sum(weights)
    for share, w in zip(shares, weights, strict=True):
        assert abs(share - total * w / whole) < 1 + 1e-6 * total


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
