"""Riders on tanks (seed 002, MISCELLANEOUS: "Action-Point cost to dismount from non-transport
vehicles (e.g., from tanks or assault guns): 10"; docs/rulings/tactical.md, "Riders"): infantry
riding a tank is attached to it -- it moves with it, gets off only where the tank is, shares
the fire aimed at it, and is thrown off when the tank is destroyed or driven back."""

from __future__ import annotations

from typing import Any

import pytest

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.tactical.game import TacticalGame
from hexwar.rulesets.tactical.orders import Action
from hexwar.rulesets.tactical.plan import Planner
from tests.rulesets.tactical.helpers import (
    BASE,
    EVERYONE,
    NO_EFFECT,
    _bn_hq,
    _events,
    _kinds,
    _own,
    _script,
    _told,
    _unit,
)

from .conftest import make_game, make_scenario


def _units(*extra: dict[str, Any], x1: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The test scenario's units with the axis platoon X1 changed and ``extra`` units added."""
    base = make_scenario().model_dump(mode="json")["units"]
    units = [u for u in base if u["id"] != "X1"]
    x = next(u for u in base if u["id"] == "X1")
    units.append({k: v for k, v in {**x, **(x1 or {})}.items() if v is not None})
    units += [{"side": "allied", "hq": "AHQ", "morale": 6, **e} for e in extra]
    return [{k: v for k, v in u.items() if v is not None} for u in units]


TANK = {"id": "T1", "name": "Sherman", "kind": "armor", "at": "2,1", "sp": 3}
RIDER = {"id": "R1", "name": "riders", "kind": "infantry", "at": "2,1", "sp": 4, "mounted": "tank"}


def _game(*extra: dict[str, Any], **changes: Any) -> TacticalGame:
    return make_game(units=_units(*extra, **changes), opportunity_fire=False)


def test_riders_move_with_their_tank() -> None:
    """R1 rides T1: when T1 drives 2,1 -> 0,1 (open, tracked: 10 AP a hex) R1 is carried
    along, and has no more AP left than its tank (they spent the same minutes)."""
    game = _game(TANK, RIDER)
    assert game.units["R1"].carrier == "T1"
    game.submit("allied", "move T1 0,1")
    t, r = game.units["T1"], game.units["R1"]
    assert str(t.hex) == str(r.hex) == "0,1"
    assert t.ap == 80
    assert r.ap == 80  # min(100, the tank's 80)
    assert r.moved


def test_a_rider_cannot_move_alone() -> None:
    """A rider moves only with its tank; an order to move it alone is refused, naming the rule
    (it used to walk off on its own while the tank stayed)."""
    game = _game(TANK, RIDER)
    with pytest.raises(IllegalOrderError, match="rides T1") as err:
        game.submit("allied", "move R1 1,1")
    assert err.value.rule == "riders"


def test_dismount_costs_10_ap_and_the_unit_stays_when_the_tank_leaves() -> None:
    """MISCELLANEOUS: dismounting from a tank costs 10 AP; afterwards the tank drives on
    without it."""
    game = _game(TANK, RIDER)
    game.submit("allied", "dismount R1; move T1 0,1; move R1 3,1")
    t, r = game.units["T1"], game.units["R1"]
    assert str(t.hex) == "0,1"
    assert str(r.hex) == "3,1"
    assert r.carrier is None
    assert r.mounted is None
    assert r.ap == 100 - 10 - 12  # dismount, then one open hex on foot


def test_mount_a_tank_in_the_same_hex_and_ride_it() -> None:
    """Mounting (rules.toml `mount_ap` = 10, the sheet's dismount cost the other way) needs
    the tank in the rider's hex and room on it (`riders_per_vehicle` = 1)."""
    walker = {**RIDER, "id": "W1", "at": "1,1"}
    walker.pop("mounted")
    game = _game(TANK, walker, {**RIDER, "id": "R2"})
    planner = Planner(game.view("allied").data, game.board)
    with pytest.raises(IllegalOrderError, match="not in W1's hex"):
        planner.check(Action("mount", "W1", "T1"))
    for text in ("dismount R2", "move W1 2,1", "mount W1 T1"):
        planner.plan(Action.from_str(text))
    with pytest.raises(IllegalOrderError, match="carries 1 rider"):
        planner.check(Action("mount", "R2", "T1"))
    game.submit("allied", "dismount R2; move W1 2,1; mount W1 T1; move T1 0,1")
    w = game.units["W1"]
    assert w.carrier == "T1"
    assert str(w.hex) == "0,1"
    assert w.ap == 78  # 100 - 12 (a hex on foot) - 10 (mount); the tank has 80 left
    assert str(game.units["R2"].hex) == "2,1"  # got off before the tank left


class _LowDraws:
    """Every CRT draw 0.0 (the first result with a chance), no commander killed."""

    def uniform(self, label: str, low: float = 0.0, high: float = 1.0) -> float:
        return 0.0

    def chance(self, label: str, p: float) -> bool:
        return False

    def take(self) -> tuple[()]:
        return ()


def test_fire_at_a_tank_strikes_its_riders_and_throws_them_off_when_it_dies() -> None:
    """A PaK (gun: attack vs hard 10) fires at a 1-SP tank (defense 10) carrying R1: 10 vs 10
    is the 1:1 line (0/0/10/15/20), a draw of 0.0 is a loss of 1 SP: the tank is destroyed and
    R1 is thrown off in its hex, disrupted. The same fire strikes R1 as a soft target: the
    gun's attack vs soft 5 against the rider's defense 4 on open ground (modifier 1.0): 1.25
    lies between the 1:1 and 3:2 lines, both 0/0/10/..., so the draw of 0.0 costs it 1 SP."""
    gun = {"kind": "gun", "name": "PaK", "sp": 2}
    game = make_game(units=_units({**TANK, "sp": 1}, RIDER, x1=gun), opportunity_fire=False)
    game.dice = _LowDraws()  # type: ignore[assignment]
    planned = Planner(game.view("axis").data, game.board).check(Action("fire", "X1", "T1"))
    game._carry_out("axis", planned)
    r = game.units["R1"]
    assert not game.units["T1"].alive
    assert r.carrier is None
    assert r.disrupted
    assert str(r.hex) == "2,1"
    assert r.sp == 3
    (rider_shot,) = [e for e in game.events() if "also strikes R1" in e.text]
    assert rider_shot.receipt is not None
    assert rider_shot.receipt.inputs["net_attack"] == 5.0
    assert rider_shot.receipt.inputs["net_defense"] == 4.0
    assert rider_shot.receipt.inputs["target_type"] == "soft"
    assert any("thrown off T1" in e.text for e in game.events("allied"))


def test_a_tank_rider_must_start_on_a_tank() -> None:
    """A scenario whose tank rider has no tank of its side in its hex is refused at the
    unit's `mounted` line."""
    with pytest.raises(ValueError, match=r"units\[\d+\]\.mounted: a tank rider starts on"):
        make_scenario(units=_units({**RIDER, "at": "1,1"}))


def test_legal_orders_list_mounting_where_it_is_legal() -> None:
    """The research adapters' list (issue 21: complete for tactical) offers `mount W1 T1`
    once W1 stands in the tank's hex with 10 AP (`mount_ap`) and room on T1 (one rider a
    tank), never before; the listed mount, then the tank's listed move, carries W1 along
    (riding is the tank's move) at 100 - 12 (a hex on foot) - 10 (mount) = 78 AP."""
    walker = {**RIDER, "id": "W1", "at": "1,1"}
    walker.pop("mounted")
    game = _game(TANK, walker)
    view = game.view("allied")
    ruleset = game.ruleset
    mount = Action("mount", "W1", "T1")
    first = ruleset.legal_orders(view)
    assert all(mount not in o.actions for o in first)  # W1 is a hex away from T1
    moved = next(o for o in first if o.actions == (Action("move", "W1", "2,1"),))
    second = ruleset.legal_orders(view, moved)
    mounted = next(o for o in second if o.actions[-1] == mount)
    ride = next(
        o
        for o in ruleset.legal_orders(view, mounted)
        if o.actions[-1] == Action("move", "T1", "0,1")
    )
    aboard = ruleset.legal_orders(view, mounted)[:-1]  # the last entry is the plan itself
    mine = [o.actions[-1] for o in aboard if o.actions[-1].unit == "W1"]
    assert mine == [Action("dismount", "W1")]  # aboard, it may only get off again
    game.submit("allied", ride)
    w = game.units["W1"]
    assert (w.carrier, str(w.hex), w.ap) == ("T1", "0,1", 78)


def test_legal_orders_offer_no_mount_on_a_full_tank() -> None:
    """`riders_per_vehicle` = 1: with R1 aboard T1, infantry in T1's hex is offered no
    mount until R1 dismounts."""
    walker = {**RIDER, "id": "W1"}
    walker.pop("mounted")
    game = _game(TANK, RIDER, walker)
    view = game.view("allied")
    mount = Action("mount", "W1", "T1")
    first = game.ruleset.legal_orders(view)
    assert all(mount not in o.actions for o in first)
    off = next(o for o in first if o.actions == (Action("dismount", "R1"),))
    assert any(o.actions[-1] == mount for o in game.ruleset.legal_orders(view, off))


class _Die:
    """Every d10 shows ``face``; no other draw is expected."""

    def __init__(self, face: int) -> None:
        self.face = face

    def die(self, label: str, sides: int) -> int:
        assert sides == 10
        return self.face

    def take(self) -> tuple[()]:
        return ()


@pytest.mark.parametrize(("face", "driven_back"), [(6, False), (7, True)])
def test_a_tank_driven_back_throws_its_riders_off_where_it_stood(
    face: int, driven_back: bool
) -> None:
    """TERRAIN MORALE MODIFIERS ("Open & Beach: -1*", "* Does not apply to armored (hard)
    units") and docs/rulings/tactical.md, Riders: T1 (morale 6) on open ground takes a morale
    check after X1's attack from 4,0; the open-ground -1 does not apply to a tank, so a d10 of
    6 passes (R1 rides on) and 7 fails: T1 falls back one hex away from 4,0 and R1 is thrown
    off in 2,1, disrupted."""
    game = _game(TANK, RIDER)
    game.dice = _Die(face)  # type: ignore[assignment]
    tank, rider = game.units["T1"], game.units["R1"]
    x1 = game.units["X1"].hex
    assert x1 is not None
    game._apply_result(tank, 0, False, True, x1)
    assert tank.hex is not None
    assert str(rider.hex) == "2,1"
    if driven_back:
        assert tank.hex.distance(x1) == 3  # was 2
        assert (rider.carrier, rider.mounted, rider.disrupted) == (None, None, True)
        told = "R1 is thrown off T1 at 2,1 (it fails its morale check)"
        assert any(told in e.text for e in game.events())
    else:
        assert str(tank.hex) == "2,1"
        assert (rider.carrier, rider.disrupted) == ("T1", False)


@pytest.mark.found_by_mutation
def test_a_rider_struck_to_a_morale_check_is_thrown_off_and_checks_its_morale() -> None:
    """docs/rulings/tactical.md, Riders under fire: A1's fire at the tank T (hard attack 1 on
    defense 10: 1:10, below the first line, no effect) also strikes its rider R as a soft
    target (4 on 4, 1:1), one draw per A1 SP, labelled as rider attacks: 0.30 is a morale
    check (0.25 to 0.45), the rest nothing. R is thrown off T and takes the morale check: a
    d10 of 5 against morale 6 in the open (-1): it holds."""
    units = [*BASE[:3], _unit("T", "axis", "armor", "4,0", sp=2),
             _unit("R", "axis", "infantry", "4,0", mounted="tank")]  # fmt: skip
    game = make_game(units=units)
    _script(game, uniforms=[NO_EFFECT] * 4 + [0.30, NO_EFFECT, NO_EFFECT, NO_EFFECT], die=5)
    game.submit("allied", "fire A1 T")
    tank, rider = _events(game, "fire")
    assert tank.text == "A1 fires at T at 4,0: no effect"
    assert rider.text == "A1's fire also strikes R riding T at 4,0: morale check"
    assert [(x.label, x.value) for x in rider.receipt.rolls] == [
        ("rider attack 1", 0.30), ("rider attack 2", NO_EFFECT),
        ("rider attack 3", NO_EFFECT), ("rider attack 4", NO_EFFECT),
    ]  # fmt: skip
    (off,) = _events(game, "riders-off")
    assert (off.text, off.visible_to) == ("R is thrown off T at 4,0", EVERYONE)
    (check,) = _events(game, "morale-check")
    assert check.text == "R holds"
    assert [(x.label, x.value) for x in check.receipt.rolls] == [("morale check", 5)]
    assert (game.units["R"].carrier, game.units["R"].mounted) == (None, None)


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
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


@pytest.mark.found_by_mutation
def test_a_rider_that_an_attack_only_disrupts_is_thrown_off() -> None:
    """docs/rulings/tactical.md, Riders under fire: a rider that *any* result touches is thrown
    off the tank. A1's fire at the tank T (seed 11) leaves T unharmed and only disrupts its
    rider R: R is thrown off, dismounted and disrupted."""
    units = [*BASE[:3],
             _unit("T", "axis", "armor", "4,0", sp=2),
             _unit("R", "axis", "infantry", "4,0", mounted="tank")]  # fmt: skip
    game = make_game(seed=11, units=units)
    game.submit("allied", "fire A1 T")
    strikes = [e.text for e in game.events() if e.kind == "fire"]
    assert strikes == ["A1 fires at T at 4,0: no effect",
                       "A1's fire also strikes R riding T at 4,0: disrupted"]  # fmt: skip
    rider = game.units["R"]
    assert (rider.carrier, rider.mounted, rider.disrupted) == (None, None, True)
    assert "riders-off" in _kinds(game)


@pytest.mark.found_by_mutation
def test_mounting_and_dismounting_are_told_as_such() -> None:
    """docs/rulings/tactical.md, Riders: ``mount UNIT TANK`` puts infantry in the tank's hex
    onto it, ``dismount`` puts it off; each is its own event (``mount``, ``dismount``)."""
    units = [*BASE, _unit("T", "allied", "armor", "2,1", sp=2), _unit("R", "allied", "infantry",
             "1,1")]  # fmt: skip
    game = make_game(units=units, opportunity_fire=False)
    game.submit("allied", "move R 2,1; mount R T")
    assert [e.text for e in game.events() if e.kind == "mount"] == ["R mounts T at 2,1"]
    game.submit("axis", "")
    game.submit("allied", "dismount R")
    assert [e.text for e in game.events() if e.kind == "dismount"] == ["R dismounts at 2,1"]


@pytest.mark.found_by_mutation
def test_riders_of_a_destroyed_tank_are_told_as_riders_off() -> None:
    """docs/rulings/tactical.md, Riders: the riders of a tank that is destroyed get off in its
    hex. A1 (hard attack raised to 60) destroys the 1-SP tank T carrying R (seed
    1): both sides hear that R is thrown off T because it is destroyed."""
    units = [BASE[0], {**BASE[1], "attack_hard": 60.0}, BASE[2],
             _unit("T", "axis", "armor", "4,0", sp=1),
             _unit("R", "axis", "infantry", "4,0", mounted="tank")]  # fmt: skip
    game = make_game(seed=1, units=units)
    game.submit("allied", "fire A1 T")
    off = [e for e in game.events() if e.kind == "riders-off"]
    assert (off[0].text, off[0].visible_to) == (
        "R is thrown off T at 4,0 (it is destroyed) and is disrupted",
        frozenset({"*"}),
    )
    # The same fire then strikes R, who was riding T when it came: the strike names T, and R,
    # already off, is not thrown off a second time.
    assert len(off) == 1
    (strike,) = [e for e in game.events() if e.kind == "fire" and "also strikes" in e.text]
    assert strike.text.startswith("A1's fire also strikes R riding T at 4,0: ")
    assert strike.receipt is not None
    assert strike.receipt.inputs["riding"] == "T"


@pytest.mark.found_by_mutation
def test_a_tank_that_cannot_retreat_is_destroyed_and_its_rider_put_off() -> None:
    """TERRAIN MORALE MODIFIERS and docs/rulings/tactical.md (Retreat, Riders): the 1-SP tank T
    with morale 1 (no check passes: d10 <= 1 - 1 never holds) in the bottom right corner 7,2,
    A1 adjacent at 6,2, has no hex farther from A1 to go to, so it loses an SP instead and is
    eliminated; its rider R is put off in 7,2. A1's fire (hard attack 2, seed 4) calls for the
    morale check."""
    units = [BASE[0], {**BASE[1], "at": "6,2", "attack_hard": 2.0}, BASE[2],
             _unit("T", "axis", "armor", "7,2", sp=1, morale=1),
             _unit("R", "axis", "infantry", "7,2", mounted="tank")]  # fmt: skip
    game = make_game(seed=4, units=units)
    game.submit("allied", "fire A1 T")
    texts = [e.text for e in game.events() if e.kind in ("retreat", "eliminated")]
    assert texts[:2] == ["T cannot retreat from 7,2: loses 1 SP", "T is eliminated at 7,2"]
    assert not game.units["T"].alive
    r = game.units["R"]
    assert (r.carrier, r.mounted, str(r.hex)) == (None, None, "7,2")


@pytest.mark.found_by_mutation
def test_the_rider_of_a_tank_that_advances_after_an_assault_advances_with_it() -> None:
    """docs/rulings/tactical.md, Riders: "when the tank moves, advances or goes to ground, its
    riders go with it". The tank T (soft attack raised to 60) carrying R assaults the 1-SP X1
    from 3,0, eliminates it (seed 1) and advances into 4,0: R is at 4,0, still on T, and has
    moved."""
    units = [BASE[0], {**BASE[1], "at": "0,3"}, BASE[2], {**BASE[3], "sp": 1},
             _unit("X2", "axis", "infantry", "7,0"),
             _unit("T", "allied", "armor", "3,0", attack_soft=60.0),
             _unit("R", "allied", "infantry", "3,0", mounted="tank")]  # fmt: skip
    game = make_game(seed=1, units=units)
    game.submit("allied", "assault T X1")
    assert "T advances from 3,0 into 4,0" in [e.text for e in game.events()]
    r = game.units["R"]
    assert (str(r.hex), r.carrier, r.moved) == ("4,0", "T", True)


@pytest.mark.found_by_mutation
def test_tank_riders_climb_onto_a_tank_each_while_one_has_room() -> None:
    """docs/rulings/tactical.md, Riders: a tank carries at most `riders_per_vehicle` = 1
    infantry unit; a scenario's riders in a hex with two tanks take one tank each, in the
    order the scenario lists them (R1 on T1, R2 on T2)."""
    units = [_bn_hq("AHQ", "allied", "0,0"), _unit("T1", "allied", "armor", "1,1"),
             _unit("T2", "allied", "armor", "1,1"),
             _unit("R1", "allied", "infantry", "1,1", mounted="tank"),
             _unit("R2", "allied", "infantry", "1,1", mounted="tank"),
             _bn_hq("XHQ", "axis", "7,-3"), _unit("X1", "axis", "infantry", "6,0")]  # fmt: skip
    own = {u["id"]: u["carrier"] for u in make_game(units=units).view("allied").data["units"]}
    assert (own["R1"], own["R2"]) == ("T1", "T2")
