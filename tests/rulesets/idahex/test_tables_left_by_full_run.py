"""IDAHEX's supply tables and kill data as the game sets them up from File 50, at the points
the end of the full mutation run of the rule modules (docs/testing.md, "Supply tables, kill
data and the combat functions' set-up") found untested; expected values worked out by hand
from seed 000.

The game builds each side's :class:`SupplyTables` (§7; File 50 groups 38-40) and the
:class:`KillData` of both sides (§5.1.1; groups 41-60) once, from the design, with their
``from_design``; the tests build them the same way and read them where the game does: a unit's
demand for supplies (:func:`demand`) and one frame of an engagement (:func:`assess_frame`).
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.attrition import KillData, assess_frame
from hexwar.rulesets.idahex.supplies import SupplyTables, demand
from hexwar.rulesets.idahex.values import weapon_values

from .sinai import SINAI
from .test_attrition import DEPTH, LOC, POFF, TFRAME, StubCurves, attacker, defender
from .test_supplies import MAPPS, NONENGAGED, SSVACT, SSVRES

# -- §7 and §9.2 group 40: each pointer's own consumption data ----------------------------------


@pytest.mark.parametrize(
    ("posture", "pointer", "expected"),
    [
        # ssvact(1, 3) 2.8, ssvres(1, 8) .02, ssvres(2, 8) .015
        (10, 5, (0.25 * (2.8 + 0.02 * 1000), 0.25 * 0.015 * 1000)),
        # ssvact(1, 3) 0, ssvres(1, 8) .001, ssvres(2, 8) .015
        (11, 6, (0.25 * 0.001 * 1000, 0.25 * 0.015 * 1000)),
        # ssvact(1, 3) 1.5, ssvres(1, 8) .010, ssvres(2, 8) .020
        (20, 7, (0.25 * (1.5 + 0.010 * 1000), 0.25 * 0.020 * 1000)),
        # ssvact(1, 3) 2.8, ssvres(1, 8) .001, ssvres(2, 8) .020
        (40, 8, (0.25 * (2.8 + 0.001 * 1000), 0.25 * 0.020 * 1000)),
    ],
)
def test_7_an_engaged_unit_demands_at_its_own_pointer_s_combat_and_reserve_rates(
    posture: int, pointer: int, expected: tuple[float, float]
) -> None:
    """§7: an engaged unit in posture pp demands, for each supply type k, tframe * sum over irs
    of (ssvact(k, irs, index) * lambda(irs) + ssvres(k, irs, index) * (1 - lambda(irs))) *
    [resources](irs), index = mapps(s, [kpost](pp)). Group 40 of the §9.2 data gives Blue
    (side 2: 8 resource types, tanks type 3, personnel type 8, supplies ammunition and fuel)
    the pointers 5, 6, 7, 8 for postures 10, 11, 20, 40, each with its own ssvact and ssvres
    rows. A Blue unit of 1 tank actively in combat and 1000 personnel all in reserve, in the
    Sinai frame of .25 (group 2), demands the tank's ssvact and the personnel's ssvres of its
    posture's own pointer (ssvres is read from that pointer's cards, not a neighbour's)."""
    tables = SupplyTables.from_design(SINAI[0], 2)
    assert tables.pointer(posture) == pointer
    resources = [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1000.0]
    frinv = [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    got = demand(
        tables,
        resources,
        posture=posture,
        engaged=True,
        passenger=False,
        frinv=frinv,
        tframe=0.25,
    )
    assert got.tolist() == pytest.approx(expected)


# -- §7: the supply tables refuse bad rates and pointers by name --------------------------------


def _refusal(make: Callable[[], object]) -> tuple[str | None, str]:
    with pytest.raises(InvalidInputError) as info:
        make()
    [problem] = info.value.problems
    return (problem.path, problem.message)


def _tables(**changes: Any) -> SupplyTables:
    """test_supplies.py's tables (nss 2, nrs 4, pointers 1 and 2) with ``changes``."""
    args: dict[str, Any] = {
        "side": 1,
        "nequip": 1,
        "nonengaged": NONENGAGED,
        "mapps": MAPPS,
        "ssvact": SSVACT,
        "ssvres": SSVRES,
    }
    args.update(changes)
    return SupplyTables(**args)


NEGATIVE = NONENGAGED.copy()
NEGATIVE[1, 0, 2] = -0.5
MISSING = NONENGAGED.tolist()
MISSING[1][0][2] = None
BAD_POINTER = MAPPS.copy()
BAD_POINTER[3] = -1
RATES = "must be 3-D with finite rates >= 0, got shape (2, 4, 3)"


@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        ({"side": 0}, "side", "must be 1 (Red) or 2 (Blue), got 0"),
        ({"side": 3}, "side", "must be 1 (Red) or 2 (Blue), got 3"),
        ({"nequip": -1}, "nequip", "must be an integer >= 0, got -1"),
        ({"nequip": 1.5}, "nequip", "must be an integer >= 0, got 1.5"),
        ({"nequip": True}, "nequip", "must be an integer >= 0, got True"),
        (
            {"nonengaged": NONENGAGED[:, :, 0]},
            "nonengaged",
            "must be 3-D with finite rates >= 0, got shape (2, 4)",
        ),
        ({"nonengaged": NEGATIVE}, "nonengaged", RATES),
        ({"nonengaged": MISSING}, "nonengaged", RATES),
        (
            {"nonengaged": NONENGAGED[:, :, :2]},
            "nonengaged",
            "needs posture classes 1-3, got (2, 4, 2)",
        ),
        ({"ssvact": SSVACT[:, :3]}, "ssvact", "must be (2, 4, n), got (2, 3, 2)"),
        ({"ssvres": SSVRES[:, :, :1]}, "ssvres", "must have ssvact's shape (2, 4, 2)"),
    ],
)
def test_7_the_supply_tables_refuse_a_bad_side_count_or_rate_by_name(
    changes: dict[str, Any], path: str, message: str
) -> None:
    """§7 (File 50 groups 38-40): the tables are one side's (1 Red or 2 Blue), its supplies are
    the resource types after nequip(s) (a whole number >= 0: a bool or 1.5 is not one), the
    nonengaged rates are nss x nrs x posture classes 1-3 and the engaged rates ssvact and ssvres
    nss x nrs x pointers of one shape, every rate a finite quantity >= 0 ("quantity of type i
    supplies consumed in one unit of time", LB = 0; a missing rate is not one). Each refusal
    names its field and says what is wrong."""
    assert _refusal(lambda: _tables(**changes)) == (path, message)


def test_7_the_supply_tables_take_no_equipment_and_refuse_a_pointer_below_0() -> None:
    """§7: nequip(s) = 0 is a side whose supplies are its first resource types; mapps(s, p)
    is a pointer 0..the last pointer with data (0: no pointer, LB = 1 otherwise): -1 is refused
    by name, with the bounds."""
    assert _tables(nequip=0).supply_columns == slice(0, 2)
    path, message = _refusal(lambda: _tables(mapps=BAD_POINTER))
    assert path == "mapps"
    assert message.startswith("must be 31 pointers in 0..2, got ")


@pytest.mark.parametrize(
    ("pointer", "kind"),
    [(1.5, "float64"), (1.0, "float64"), (None, "object")],
)
def test_7_a_pointer_is_an_integer(pointer: object, kind: str) -> None:
    """§7 and the glossary: mapps(s, p) is an integer, the number of a pointer's data (group
    40 reads it with an integer format). A fraction is refused (not cut to 1, which would
    read pointer 1's rates), and so is a number written as a real or a missing pointer, by
    name."""
    mapps: list[object] = MAPPS.tolist()
    mapps[1] = pointer
    assert _refusal(lambda: _tables(mapps=mapps)) == (
        "mapps",
        f"must be integer pointers, got {kind} values",
    )


def test_7_the_supply_tables_are_the_side_s_own_and_unalterable() -> None:
    """§7: the rates and pointers are design data (File 50 groups 38-40), the same for every
    frame of the game: the tables keep their own copy (a later change to the arrays they were
    made from changes no demand) and refuse to be written to."""
    mapps = MAPPS.copy()
    nonengaged = NONENGAGED.copy()
    tables = _tables(mapps=mapps, nonengaged=nonengaged)
    mapps[1] = 2
    nonengaged[:] = 9.0
    assert tables.pointer(10) == 1
    assert tables.nonengaged[0, 3].tolist() == [0.001, 0.002, 0.003]
    for array in (tables.nonengaged, tables.ssvact, tables.ssvres, tables.mapps, tables.by_class):
        with pytest.raises(ValueError, match="read-only"):
            array[(0,) * array.ndim] = 1


# -- §5.1.1: each side's own weapons and standard force -----------------------------------------


def _red_blue_design() -> Any:
    """File 50's kill data (groups 19, 42-59) for Red with two ground-to-ground weapon types
    and Blue with one, every factor 1.

    Red: w1, w2, s (materiel: nggwep 2, nmat 3), p; stdtgt (5, 5, 100, 100).
    Blue: w, s (nggwep 1, nmat 2), p; stdtgt (4, 40, 80).
    Red's weapons: katk (.2, .1) and aggatk (1, .5) on Blue's (w, s) each; Blue's weapon: kdef
    (.3, .3, .05) and aggdef (.8, .8, .4) on Red's (w1, w2, s). dpersb (3, .2) for each Red
    weapon, dpersr (2, 2, .1)."""
    ones = lambda rows, cols: ((1.0,) * cols,) * rows  # noqa: E731
    both = lambda red, blue: (ones(*red), ones(*blue))  # noqa: E731
    return SimpleNamespace(
        tframe=TFRAME,
        depth=DEPTH,
        poff_table=POFF,
        nggwep=(2, 1),
        nmat=(3, 2),
        npers=(1, 1),
        stdtgt=((5.0, 5.0, 100.0, 100.0), (4.0, 40.0, 80.0)),
        katk=(((0.2, 0.1),) * 2, ((0.2, 0.2, 0.1),)),
        kdef=(((0.3, 0.05),) * 2, ((0.3, 0.3, 0.05),)),
        aggatk=(((1.0, 0.5),) * 2, ((1.0, 1.0, 0.5),)),
        aggdef=(((0.8, 0.4),) * 2, ((0.8, 0.8, 0.4),)),
        fckar=both((2, 3), (1, 3)),
        fckdr=both((2, 3), (1, 3)),
        fckac=both((3, 3), (2, 3)),
        fckdc=both((3, 3), (2, 3)),
        fckare=both((2, 2), (1, 2)),
        fckdre=both((2, 2), (1, 2)),
        fckace=both((3, 2), (2, 2)),
        fckdce=both((3, 2), (2, 2)),
        barier=both((2, 1), (1, 1)),
        dpersr=(((2.0, 2.0, 0.1),),),
        dpersb=(((3.0, 0.2), (3.0, 0.2)),),
        td=(100.0, 100.0),
        febab=(3.0,),
    )


def test_5_1_1_each_side_fires_its_own_weapon_types_at_the_other_s_standard_force() -> None:
    """§5.1.1: unitA's type i ground-to-ground weapons, i = 1..nggwep(sideA), fire on unitD's
    materiel with alpha(i, j) = aggatk(i, j, sideA) * rsdef(j) / (stdtgt(j, sideD) * DEN); the
    defenders' fire on unitA uses stdtgt(*, sideA). Red A = (10, 10, 100, 50) attacks Blue
    D = (8, 60, 40), every factor 1, tframe .5, losses unscaled (frdval < 0) and ti = 1:

    * on D: DEN = 1 * 8/4 + .5 * 60/40 = 2.75 for each of Red's two weapon types, so
      ploss(D) = (10 + 10) * (.2 * .5 * 2/2.75, .1 * .5 * .75/2.75) = (16/11, 3/11), and its
      personnel 2 * (3 * 8/11 + .2 * 1.5/11) = 48.6/11 (dpersb for each Red weapon type);
    * on A: DEN' = .8 * 10/5 + .8 * 10/5 + .4 * 100/100 = 3.6 (Red's stdtgt), beta = (4/9,
      4/9, 1/9), ploss(A) = 8 * (.3 * .5 * 4/9, .3 * .5 * 4/9, .05 * .5 * 1/9) = (8/15, 8/15,
      1/45), and its personnel 2 * 8/15 + 2 * 8/15 + .1 * 1/45 = 961/450."""
    data = KillData.from_design(_red_blue_design())
    r = assess_frame(
        data,
        StubCurves(),
        weapon_values,
        side_a=1,
        loc=LOC,
        env=1,
        feba=0.0,
        t=10.0,
        attackers=[attacker(resources=(10.0, 10.0, 100.0, 50.0))],
        defenders=[defender()],
    )
    assert r.losses[101].tolist() == pytest.approx([16 / 11, 3 / 11, 48.6 / 11])
    assert r.losses[1].tolist() == pytest.approx([8 / 15, 8 / 15, 1 / 45, 961 / 450])
