"""Supply, morale, movement and the phases of the tactical game: rules that a mutation of the
game (or of morale.py) changed without failing a test in the group's full run, each checked in
a game -- its orders, events, views and summary -- at its boundary (docs/testing.md, "Sixth
round"). Seed 002, the parameter sheet; docs/tactical.md and docs/rulings/tactical.md for what
the sheet leaves to the ruleset. The map is the test map of conftest.py (axial hexes, 8x6, all
open): AHQ at 0,0, A1 (infantry, 4 SP, morale 6) at 2,1, X1 (the same) at 4,0, XHQ at 7,-3.

Where a draw decides, the game's dice are replaced by listed draws (``_Dice``), so that the
expected result follows from the sheet's numbers by hand."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.core.events import ALL, Modifier
from hexwar.core.orders import UMPIRE
from hexwar.core.rng import Roll
from hexwar.rulesets.tactical.game import TacticalGame

from .conftest import make_game, make_scenario

BASE = make_scenario().model_dump(exclude_none=True)["units"]  # AHQ, A1, XHQ, X1
BOTH = frozenset({"*"})


def _unit(uid: str, side: str, kind: str, at: str, **more: Any) -> dict[str, Any]:
    hq = "AHQ" if side == "allied" else "XHQ"
    return {"id": uid, "side": side, "name": uid, "kind": kind, "at": at, "sp": 4, "morale": 6,
            "hq": hq, **more}  # fmt: skip


def _hq(uid: str, side: str, level: str, at: str | None, boss: str | None = None) -> dict[str, Any]:
    return {"id": uid, "side": side, "name": uid, "kind": "hq", "sp": 1, "morale": 5,
            "hq_level": level, **({"at": at} if at else {}),
            **({"hq": boss} if boss else {})}  # fmt: skip


class _Dice:
    """Listed draws in place of the game's stream: every uniform draw (the CRT's) is
    ``uniform``, every die ``die``, every yes/no roll draws ``chance`` (it succeeds below the
    roll's chance). Recorded as the game's dice record them, for the receipts."""

    def __init__(self, *, uniform: float = 0.99, die: int = 1, chance: float = 0.99) -> None:
        self._uniform, self._die, self._chance = uniform, die, chance
        self.pending: list[Roll] = []

    def uniform(self, label: str, low: float = 0.0, high: float = 1.0) -> float:
        self.pending.append(Roll(label, self._uniform))
        return self._uniform

    def die(self, label: str, sides: int = 6) -> int:
        self.pending.append(Roll(label, self._die, sides=sides))
        return self._die

    def chance(self, label: str, p: float) -> bool:
        p = min(1.0, max(0.0, p))
        ok = self._chance < p
        self.pending.append(Roll(label, self._chance, chance=p, success=ok))
        return ok

    def take(self) -> tuple[Roll, ...]:
        rolls, self.pending = tuple(self.pending), []
        return rolls


def _dice(game: TacticalGame, **draws: Any) -> None:
    game.dice = _Dice(**draws)  # type: ignore[assignment]


def _told(game: TacticalGame, kind: str, since: int = 0) -> list[tuple[str, frozenset[str]]]:
    return [(e.text, e.visible_to) for e in game.events()[since:] if e.kind == kind]


def _own(game: TacticalGame, side: str, uid: str) -> dict[str, Any]:
    return next(u for u in game.view(side).data["units"] if u["id"] == uid)


def _pass_turn(game: TacticalGame) -> None:
    game.submit("allied", "pass")
    game.submit("axis", "pass")


# -- the phases --------------------------------------------------------------------------------


def test_each_phase_is_told_to_both_sides_with_its_turn_and_minute() -> None:
    """Parameter Data, "Minutes per Turn: 6"; docs/tactical.md (The turn): the side named
    ``first`` has its phase, then the other. Turn 1 begins at minute 0, turn 2 at minute 6;
    both sides hear each phase begin (``phase``). A1 moves in turn 1; at the start of its
    side's next phase it has not moved yet (docs/rulings/tactical.md, Improved positions: the
    dig-in roll asks whether it moved in that phase)."""
    game = make_game()
    game.submit("allied", "move A1 1,1")
    assert _own(game, "allied", "A1")["moved"] is True
    game.submit("axis", "pass")
    assert _own(game, "allied", "A1")["moved"] is False
    assert _told(game, "phase") == [
        ("Turn 1 of 3 (minute 0): allied phase", BOTH),
        ("Turn 1 of 3 (minute 0): axis phase", BOTH),
        ("Turn 2 of 3 (minute 6): allied phase", BOTH),
    ]


def test_smoke_lasts_through_the_enemys_phase_and_clears_at_the_layers_next() -> None:
    """docs/rulings/tactical.md (Not on the sheet): smoke lasts until the start of the layer's
    next phase (one full turn), and both sides learn of it; docs/tactical.md (Orders): a smoke
    action costs 40 AP. The gun G (60 AP) lays smoke on 3,0 in the allied phase of turn 1
    (``smoke``, told to both), 20 AP left: it stands through the axis phase and is gone at the
    allied phase of turn 2."""
    game = make_game(units=[*BASE, _unit("G", "allied", "gun", "1,1")])
    game.submit("allied", "smoke G 3,0")
    assert _told(game, "smoke") == [("G lays smoke on 3,0", BOTH)]
    assert _own(game, "allied", "G")["ap"] == 20
    assert game.view("axis").data["smoke"] == ["3,0"]
    game.submit("axis", "pass")
    assert game.view("allied").data["smoke"] == []


def test_a_unit_that_stayed_put_digs_in_on_a_10_percent_roll_and_a_rider_does_not() -> None:
    """Per-turn % chance of creating an Improved Position: 10 (MISCELLANEOUS); docs/rulings/
    tactical.md (Improved positions): at the end of its side's phase each unit that did not
    move, advance or ride rolls. The tank T and its rider R stay put: AHQ, A1 and T roll, R does
    not. Draws of .05 (below 10 %) dig all three in, told to the side with the units' ids; at
    the next phase draws of .5 dig none in, told as such; a unit dug in rolls no more."""
    units = [*BASE, _unit("T", "allied", "armor", "2,2"),
             _unit("R", "allied", "infantry", "2,2", mounted="tank")]  # fmt: skip
    game = make_game(units=units)
    _dice(game, chance=0.05)
    game.submit("allied", "pass")
    (dug,) = [e for e in game.events() if e.kind == "improved-position"]
    assert (dug.text, dug.visible_to) == ("improved positions: AHQ, A1, T", frozenset({"allied"}))
    assert dug.receipt is not None
    assert dug.receipt.result == ["AHQ", "A1", "T"]
    assert [r.label for r in dug.receipt.rolls] == [
        "AHQ improved position",
        "A1 improved position",
        "T improved position",
    ]
    assert [_own(game, "allied", u)["improved"] for u in ("A1", "T", "R")] == [True, True, False]
    n = len(game.events())
    _dice(game, chance=0.5)
    game.submit("axis", "pass")
    (none,) = [e for e in game.events()[n:] if e.kind == "improved-position"]
    assert (none.text, none.visible_to) == ("no improved positions", frozenset({"axis"}))
    assert none.receipt is not None
    assert (none.receipt.result, [r.label for r in none.receipt.rolls]) == (
        [],
        ["XHQ improved position", "X1 improved position"],
    )


def test_a_side_left_with_only_hqs_at_the_end_of_a_phase_loses() -> None:
    """docs/tactical.md, Winning: "A side left without combat units (only HQs) loses at once."
    The umpire takes X1, the axis side's only combat unit, off the map; at the end of the
    allied phase the axis side, with its HQ alone, has lost and the allies win."""
    game = make_game()
    game.submit(UMPIRE, "remove X1: withdrawn")
    game.submit("allied", "pass")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == ("allied", "axis has no combat units left")


def test_a_side_with_combat_units_and_no_hq_plays_on() -> None:
    """The same rule the other way: it counts combat units, not HQs. The allies have no HQ at
    all (A1 answers to none); the phase ends and the axis side has its phase."""
    game = make_game(units=[{**BASE[1], "hq": None}, *BASE[2:]])
    game.submit("allied", "pass")
    assert game.outcome() is None
    assert game.view("axis").data["phase"] == "axis"


def _lose(game: TacticalGame, **lost: int) -> None:
    for uid, sp in lost.items():
        game.units[uid].sp -= sp


@pytest.mark.parametrize(("percent", "breaks"), [(42, True), (43, False)])
def test_a_side_breaks_at_exactly_its_break_point(percent: int, breaks: bool) -> None:
    """docs/tactical.md, Winning: a side whose combat units have lost *at least*
    ``break_percent`` of their starting SPs breaks. X1 of 7 SP has lost 3: 3/7 = 42.86 %, at
    least 42 % (the axis side breaks, the allies win) but less than 43 % (the game goes on,
    the axis side has its phase)."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "sp": 7}], break_percent=percent)
    _lose(game, X1=3)
    game.submit("allied", "pass")
    outcome = game.outcome()
    if breaks:
        assert outcome is not None
        assert (outcome.winner, outcome.reason) == (
            "allied",
            f"axis breaks: its combat units lost 3 of 7 SPs (break point {percent}%)",
        )
        assert game.events()[-1].kind == "game-over"  # no phase after it
        assert game.view("allied").data["phase"] == "allied"
    else:
        assert outcome is None
        assert game.view("axis").data["phase"] == "axis"


def test_when_both_sides_break_the_larger_share_of_its_start_loses() -> None:
    """docs/tactical.md, Winning: if both sides break, "the one that lost the larger share".
    Break point 50 %: the allies (A1 and A2, 8 SP) lost 4 of 8 (50 %), the axis (X1, 4 SP) 3 of
    4 (75 %): the axis side lost the larger share and the allies win, although they lost more
    SPs."""
    a2 = {**BASE[1], "id": "A2", "name": "A2", "at": "1,1"}
    game = make_game(units=[*BASE, a2], break_percent=50)
    _lose(game, A1=2, A2=2, X1=3)
    game.submit("allied", "pass")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (
        "allied",
        "axis breaks: its combat units lost 3 of 4 SPs (break point 50%)",
    )


def test_a_refused_order_carries_the_order_it_refuses() -> None:
    """docs/tactical.md (Orders): a refused order names the action and the rule; the refusal
    carries the order, for the front ends that show it. ``move A1 9,9`` is off the map."""
    game = make_game()
    with pytest.raises(IllegalOrderError) as info:
        game.submit("allied", "move A1 3,1; move A1 9,9")
    assert str(info.value).startswith("action 2 of 2: ")
    assert info.value.order is not None
    assert [str(a) for a in info.value.order.actions] == ["move A1 3,1", "move A1 9,9"]


# -- morale and recovery -----------------------------------------------------------------------


@pytest.mark.parametrize(("die", "recovers"), [(7, True), (8, False)])
def test_a_disrupted_unit_in_a_trench_recovers_on_a_d10_at_most_morale_plus_terrain(
    die: int, recovers: bool
) -> None:
    """docs/rulings/tactical.md (Disruption): at the start of its side's phase a disrupted
    unit takes a morale check and recovers on a pass; TERRAIN MORALE MODIFIERS: Open -1,
    Trench +2**. X1 (morale 6, no leader) in a trench on open ground passes on a d10 of at
    most 6 - 1 + 2 = 7: a 7 recovers (full 100 AP), an 8 does not (half: 50). Its side alone
    is told, with the receipt: the unit, its morale with and without leadership, the
    modifiers, the roll."""
    game = make_game(map={"specials": [{"at": "4,0", "kind": "trench"}]})
    game.units["X1"].disrupted = True
    _dice(game, die=die)
    game.submit("allied", "pass")
    (check,) = [e for e in game.events() if e.kind == "recovery"]
    word = "recovers from" if recovers else "stays in"
    assert (check.text, check.visible_to) == (f"X1 {word} disruption", frozenset({"axis"}))
    r = check.receipt
    assert r is not None
    assert r.inputs == {"unit": "X1", "morale": 6, "with_leadership": 6}
    assert r.table == "TERRAIN MORALE MODIFIERS"
    assert r.modifiers == (Modifier("open", "-1"), Modifier("trench", "+2"))
    assert [(x.label, x.value) for x in r.rolls] == [("recovery check", die)]
    assert r.result == f"d10 {die} vs 7: {'pass' if recovers else 'fail'}"
    x1 = _own(game, "axis", "X1")
    assert x1["disrupted"] is (not recovers)
    assert x1["ap"] == (100 if recovers else 50)


def test_a_tank_in_a_bunker_takes_its_morale_check_without_the_bunker_or_the_open() -> None:
    """TERRAIN MORALE MODIFIERS: Open -1 "Does not apply to armored (hard) units"; SPECIAL,
    Bunker/Pillbox: "Neither can provide any benefit to vehicular units". The disrupted tank T
    (morale 6) in a bunker on open ground checks at 6 + 0: a d10 of 7 fails."""
    tank = _unit("T", "axis", "armor", "4,-1")
    game = make_game(units=[*BASE, tank], map={"specials": [{"at": "4,-1", "kind": "bunker"}]})
    game.units["T"].disrupted = True
    _dice(game, die=7)
    game.submit("allied", "pass")
    (check,) = [e for e in game.events() if e.kind == "recovery"]
    assert check.receipt is not None
    assert (check.receipt.modifiers, check.receipt.result) == ((), "d10 7 vs 6: fail")


# -- supply ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("b_at", "text", "result"),
    [
        ("0,0", "HQ B is in supply", "100%: success"),
        ("1,0", "HQ B is out of supply", "97%: failure"),
    ],
)
def test_an_hq_draws_supply_from_its_superior_in_its_own_sides_phase(
    b_at: str, text: str, result: str
) -> None:
    """SUPPLY RANGES and docs/rulings/tactical.md (Supply of HQs): at the start of its side's
    phase each HQ draws supply from its superior with the resupply formula, 1 - 0.5 d / R
    (regiment: R 15); its side alone is told (``hq-supply``). The battalion HQ B stacked with
    its regiment R (d 0) is in supply for certain; one hex away, 1 - 0.5/15 = 97 %, a draw of
    .99 fails. The axis HQs (XB under XR) draw in the axis phase only."""
    units = [_hq("R", "allied", "regiment", "0,0"), _hq("B", "allied", "battalion", b_at, "R"),
             {**BASE[1], "hq": "B"}, _hq("XR", "axis", "regiment", "7,-3"),
             _hq("XB", "axis", "battalion", "7,-3", "XR"), {**BASE[3], "hq": "XB"}]  # fmt: skip
    game = make_game(units=units)
    _dice(game)
    game.submit("allied", "pass")
    n = len(game.events())
    game.submit("axis", "pass")
    assert _told(game, "hq-supply", n) == [(text, frozenset({"allied"}))]
    drawn = next(e for e in game.events()[n:] if e.kind == "hq-supply")
    r = drawn.receipt
    assert r is not None
    distance = 0 if b_at == "0,0" else 1
    assert r.inputs == {"unit": "B", "hq": "R", "distance": distance, "range_50": 15}
    assert (r.table, r.result) == ("SUPPLY RANGES", result)
    assert [x.label for x in r.rolls] == ["HQ supply"]
    axis = [t for t, _ in _told(game, "hq-supply") if "XB" in t]
    assert axis == ["HQ XB is in supply"]  # once, in the axis phase of turn 1


@pytest.mark.parametrize(("draw", "ok"), [(0.81, True), (0.82, False)])
def test_a_unit_short_of_ammunition_resupplies_from_its_hq(draw: float, ok: bool) -> None:
    """SUPPLY RANGES: a resupply attempt succeeds with 1 - 0.5 d / R (docs/rulings/tactical.md,
    linear). A1, 3 hexes from its battalion HQ (R 8), has 1 - 1.5/8 = 81.25 %: a draw of .81
    refills its 6 rounds, .82 does not; its side alone is told, with the receipt. A0, short of
    ammunition too but with no HQ, makes no attempt -- and A1, listed after it, still does."""
    a0 = {**BASE[1], "id": "A0", "name": "A0", "at": "1,2", "hq": None}
    game = make_game(units=[BASE[0], a0, *BASE[1:]])
    game.units["A0"].ammo = game.units["A1"].ammo = 5
    _dice(game, chance=draw)
    n = len(game.events())
    _pass_turn(game)
    word = "resupplied" if ok else "not resupplied"
    assert _told(game, "resupply", n) == [(f"A1 {word} by AHQ", frozenset({"allied"}))]
    (attempt,) = [e for e in game.events()[n:] if e.kind == "resupply"]
    r = attempt.receipt
    assert r is not None
    assert r.inputs == {"unit": "A1", "hq": "AHQ", "distance": 3, "range_50": 8}
    assert (r.table, r.result) == ("SUPPLY RANGES", f"81%: {'success' if ok else 'failure'}")
    assert [x.label for x in r.rolls] == ["resupply"]
    assert (_own(game, "allied", "A1")["ammo"], _own(game, "allied", "A0")["ammo"]) == (
        6 if ok else 5,
        5,
    )


def test_on_the_inverse_curve_a_unit_near_its_hq_resupplies_at_100_percent() -> None:
    """docs/rulings/tactical.md (the chance formula, ``supply_curve = "inverse"``): p = min(1,
    0.5 R / d), certain at the HQ. A1 3 hexes from its battalion HQ (R 8): 0.5 x 8 / 3 = 1.33,
    capped: 100 %; A2 in the HQ's hex: 100 %. Each receipt gives the chance as 100 %."""
    a2 = {**BASE[1], "id": "A2", "name": "A2", "at": "0,0"}
    game = make_game(units=[*BASE, a2], supply_curve="inverse")
    game.units["A1"].ammo = game.units["A2"].ammo = 0
    n = len(game.events())
    _pass_turn(game)
    results = [e.receipt.result for e in game.events()[n:] if e.kind == "resupply" and e.receipt]
    assert results == ["100%: success", "100%: success"]


def test_a_destroyed_hq_is_out_of_supply() -> None:
    """SUPPLY RANGES and docs/rulings/tactical.md: an HQ destroyed supplies no one and is out
    of supply, as the umpire's summary says. A1 (soft attack 60) fires at the 1-SP axis HQ XHQ
    at 3,0: 60 vs 2 is beyond 30:1 (the 30:1 row: loss of 3 on a draw below .90); draws of 0
    destroy it. At the axis phase XHQ is counted out of supply."""
    units = [BASE[0], {**BASE[1], "attack_soft": 60.0}, {**BASE[2], "at": "3,0"}, BASE[3]]
    game = make_game(units=units)
    _dice(game, uniform=0.0)
    game.submit("allied", "fire A1 XHQ")
    xhq = next(u for u in game.summary()["sides"]["axis"]["units"] if u["id"] == "XHQ")
    assert (xhq["status"], xhq["in_supply"]) == ("eliminated", False)


def test_an_hq_destroyed_in_its_own_phase_is_out_of_supply_at_once() -> None:
    """docs/rulings/tactical.md, Supply of HQs: an HQ destroyed is out of supply from the
    moment it falls. XHQ (no superior: in supply at its phase's start) moves from 5,-1 into
    4,-1, within A1's range; A1's opportunity fire (soft attack 60 vs 2: the 30:1 row, a loss
    of 3 on a draw below .90) destroys it on draws of 0. The summary, read before the axis
    side's next phase, gives it out of supply."""
    units = [BASE[0], {**BASE[1], "attack_soft": 60.0}, {**BASE[2], "at": "5,-1"}, BASE[3]]
    game = make_game(units=units)
    game.submit("allied", "pass")
    _dice(game, uniform=0.0)
    n = len(game.events())
    game.submit("axis", "move XHQ 3,0")
    assert _told(game, "eliminated", n) == [("XHQ is eliminated at 4,-1", frozenset({ALL}))]
    xhq = next(u for u in game.summary()["sides"]["axis"]["units"] if u["id"] == "XHQ")
    assert (xhq["status"], xhq["in_supply"]) == ("eliminated", False)


def test_under_command_control_each_hq_level_has_the_sheets_varied_range() -> None:
    """VARIED HQ RANGES, U.S.A. 1944 (Mod 0.90): BTLN 7, RGT/BDE 14, DIV 27, CORPS 81; the Army
    HQ's range is infinite (the view gives none). Each HQ's 50 % range in its side's view."""
    levels = ["battalion", "regiment", "brigade", "division", "corps", "army"]
    hqs = [_hq(f"H{i}", "allied", level, "0,1") for i, level in enumerate(levels)]
    game = make_game(units=[*BASE, *hqs], command_control=True)
    ranges = [_own(game, "allied", f"H{i}")["range_50"] for i in range(len(levels))]
    assert ranges == [7, 14, 14, 27, 81, None]


# -- movement ----------------------------------------------------------------------------------


def test_mounting_and_dismounting_a_tank_costs_10_ap_each_and_leaves_the_position() -> None:
    """MISCELLANEOUS, "Action-Point cost to dismount from non-transport vehicles (e.g., from
    tanks ...): 10"; docs/rulings/tactical.md (Riders): ``mount`` costs the same 10 AP, the
    rider rides the tank (``mounted`` "tank") and an improved position is left behind. R, dug
    in beside the tank T, mounts (100 - 10 = 90 AP left); in its next phase it dismounts
    (again 90)."""
    units = [*BASE, _unit("T", "allied", "armor", "1,1"), _unit("R", "allied", "infantry", "1,1")]
    game = make_game(units=units)
    game.units["R"].improved = True
    game.submit("allied", "mount R T")
    r = _own(game, "allied", "R")
    assert (r["mounted"], r["carrier"], r["improved"], r["ap"]) == ("tank", "T", False, 90)
    game.submit("axis", "pass")
    game.submit("allied", "dismount R")
    r = _own(game, "allied", "R")
    assert (r["mounted"], r["ap"]) == (None, 90)


@pytest.mark.parametrize(("there", "ap"), [(5, 10), (4, 5)])
def test_a_tank_with_its_rider_counts_both_against_the_roads_12_sp(there: int, ap: int) -> None:
    """Parameter Data, "Maximum Strength Points per Road: 12 (more than this number of SPs in
    the hex negates any road ...)": the tank T (4 SP) carries R (4 SP) along the road 2,1 ->
    3,0 onto A2: with 5 SP there the hex holds 13 and the step costs open ground's 10 AP
    (tracked), with 4 it holds 12 and the road's 5."""
    a2 = {**BASE[1], "id": "A2", "name": "A2", "at": "3,0", "sp": there}
    units = [BASE[0], {**BASE[1], "at": "0,3"}, *BASE[2:], a2,
             _unit("T", "allied", "armor", "2,1"),
             _unit("R", "allied", "infantry", "2,1", mounted="tank")]  # fmt: skip
    game = make_game(map={"roads": [["2,1", "3,0"]]}, units=units, opportunity_fire=False)
    game.submit("allied", "move T 3,0")
    assert _told(game, "move") == [(f"T moves to 3,0 ({ap} AP)", frozenset({"allied"}))]


@pytest.mark.parametrize(("there", "ap"), [(12, 8), (13, 12)])
def test_a_commander_adds_no_sp_to_a_road_hex(there: int, ap: int) -> None:
    """The same rule for a commander moving alone: he has no SPs. The captain K moves along
    the road 2,1 -> 3,0 onto A2: with 12 SP there the road holds (8 AP on foot), with 13 it is
    negated (open ground, 12)."""
    a2 = {**BASE[1], "id": "A2", "name": "A2", "at": "3,0", "sp": there}
    captain = {"id": "K", "side": "allied", "name": "Capt", "at": "2,1", "leadership": 5,
               "command": 1}  # fmt: skip
    game = make_game(map={"roads": [["2,1", "3,0"]]}, units=[*BASE, a2], commanders=[captain])
    game.submit("allied", "move K 3,0")
    assert _told(game, "move") == [(f"K moves to 3,0 ({ap} AP)", frozenset({"allied"}))]
    (k,) = game.view("allied").data["commanders"]
    assert (k["hex"], k["ap"]) == ("3,0", 100 - ap)


def test_a_unit_already_disrupted_moves_on_when_nobody_fires_at_it() -> None:
    """docs/rulings/tactical.md (Opportunity fire, effect on the move): a move ends where the
    fire destroys the mover, drives it back or *newly* disrupts it. A1, disrupted before it
    moves, crosses 3,1 to 4,1 with nobody in reach (X1 far off at 7,0): it arrives (24 AP)."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "at": "7,0"}])
    game.units["A1"].disrupted = True
    game.submit("allied", "move A1 4,1")
    assert _told(game, "move") == [("A1 moves to 4,1 (24 AP)", frozenset({"allied"}))]
    assert "pinned" not in [e.kind for e in game.events()]


def test_a_disrupted_mover_driven_back_by_opportunity_fire_stops_there() -> None:
    """docs/rulings/tactical.md (Opportunity fire): a mover driven back by a failed morale
    check stops, and goes to ground; a Disruption result on a unit already disrupted is a
    morale check (COMBAT RESULTS TABLE). A1, disrupted, moves 2,1 -> 3,1 -> 4,1; entering 3,1
    beside X1 it draws X1's fire at 4 vs 4 (1:1: loss of 1 SP below .10, disruption to .25):
    draws of .20 disrupt it again, a d10 of 10 fails the check, and A1 falls back from 3,1 to
    2,1 (the first of the hexes farther from X1, none beside an enemy). Its move ends there,
    with 0 AP."""
    game = make_game()
    game.units["A1"].disrupted = True
    _dice(game, uniform=0.2, die=10)
    game.submit("allied", "move A1 4,1")
    assert _told(game, "pinned") == [("A1's move is stopped by opportunity fire at 3,1", BOTH)]
    assert _told(game, "retreat") == [("A1 retreats from 3,1 to 2,1", frozenset({"allied"}))]
    a1 = _own(game, "allied", "A1")
    assert (a1["hex"], a1["ap"]) == ("2,1", 0)


def test_an_enemy_commander_alone_is_captured_even_with_an_army_hq_off_the_map() -> None:
    """docs/rulings/tactical.md (COMMANDERS): "A commander alone in a hex that an enemy unit
    enters is captured". The axis army HQ stands off the map (only an army HQ may); the
    captain K alone at 3,1 is still alone there when A1 enters it: captured."""
    captain = {"id": "K", "side": "axis", "name": "Hauptmann", "at": "3,1", "leadership": 5,
               "command": 3}  # fmt: skip
    units = [*BASE, _hq("XA", "axis", "army", None)]
    game = make_game(units=units, commanders=[captain], opportunity_fire=False)
    game.submit("allied", "move A1 3,1")
    assert game.commanders["K"].fate == "captured"
    assert _told(game, "commander-lost") == [("commander Hauptmann is captured at 3,1", BOTH)]


# -- retreat -----------------------------------------------------------------------------------

# A1 at 2,1 fires at X1 at 4,0 (4 vs 4, 1:1): draws of .30 (between the disruption's .25 and the
# morale check's .45) call for a morale check, a d10 of 10 fails it, and X1 falls back. Of 4,0's
# neighbours, in the order the board lists them (3,0 3,1 4,-1 4,1 5,-1 5,0), only 5,-1 and 5,0
# are farther from 2,1.


def _fire_and_break(game: TacticalGame, side: str = "allied") -> str:
    _dice(game, uniform=0.3, die=10)
    game.submit(side, "fire A1 X1")
    x1 = game.units["X1"]
    return str(x1.hex) if x1.alive else "eliminated"


def test_a_retreat_passes_over_an_enemy_hex_to_the_next() -> None:
    """docs/rulings/tactical.md (Retreat): to a hex farther from the attacker, free of enemies.
    A2 holds 5,-1, the first such hex: X1 falls back to 5,0, the next."""
    game = make_game(units=[*BASE, _unit("A2", "allied", "infantry", "5,-1")])
    assert _fire_and_break(game) == "5,0"


def test_a_retreat_counts_only_enemies_beside_a_hex_as_its_threat() -> None:
    """docs/rulings/tactical.md (Retreat): "choosing the hex with the fewest adjacent enemies".
    X1's friend Y at 6,-2 stands beside 5,-1 and not beside 5,0: no enemy beside either, so
    X1 takes the first, 5,-1."""
    game = make_game(units=[*BASE, _unit("Y", "axis", "infantry", "6,-2")])
    assert _fire_and_break(game) == "5,-1"


# 5,-1 is water (no road), 5,0 water with a bridge: the road 4,0 - 5,0 - 6,-1.
_RIVER = {
    "terrain": ["........", ".....w..", ".....w..", "........", "........", "........"],
    "roads": [["4,0", "5,0", "6,-1"]],
}


@pytest.mark.parametrize(
    ("x1_sp", "on_bridge", "where"),
    [(4, 0, "5,0"), (13, 0, "4,0"), (4, 8, "5,0"), (4, 9, "4,0")],
)
def test_a_retreat_onto_a_bridge_counts_the_sps_there_against_the_road(
    x1_sp: int, on_bridge: int, where: str
) -> None:
    """docs/tactical.md (Movement): "Water cannot be entered except by a road (a bridge)";
    Parameter Data: more than 12 SPs in a hex negate its road, the SPs already there with the
    mover's (docs/rulings/tactical.md, Roads); a retreat goes to an enterable hex. 5,-1 is
    water; 5,0 is a bridge. X1 of 4 SP falls back onto the bridge; of 13 SP it negates the road,
    cannot enter the water and loses 1 SP instead, staying at 4,0. With Y (8 SP), moved onto
    the bridge in the axis phase, there are 12 SP and X1 goes there; with Y of 9 SP, 13: it
    cannot."""
    y = _unit("Y", "axis", "infantry", "6,-1", sp=max(on_bridge, 1))
    units = [*BASE[:3], {**BASE[3], "sp": x1_sp}, y]
    game = make_game(map=_RIVER, units=units, first="axis", opportunity_fire=False)
    _dice(game)
    game.submit("axis", "move Y 5,0" if on_bridge else "pass")
    assert _fire_and_break(game) == where
    lost = 0 if where == "5,0" else 1
    assert game.units["X1"].sp == x1_sp - lost


def test_a_unit_that_cannot_retreat_and_loses_its_last_sp_leaves_the_map() -> None:
    """docs/rulings/tactical.md (Retreat): with nowhere to go the unit loses 1 SP. X1 of 1 SP in
    the bottom right corner 7,2, A1 beside it at 6,2: no hex is farther from A1, X1 is
    eliminated, and the umpire's summary has it eliminated and off the map (no hex)."""
    units = [BASE[0], {**BASE[1], "at": "6,2"}, BASE[2], {**BASE[3], "at": "7,2", "sp": 1}]
    game = make_game(units=units)
    assert _fire_and_break(game) == "eliminated"
    x1 = next(u for u in game.summary()["sides"]["axis"]["units"] if u["id"] == "X1")
    assert (x1["status"], x1["hex"]) == ("eliminated", None)
