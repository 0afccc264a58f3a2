"""The IDAHEX game design data of Files 50 and 60 as typed, validated models (seed 000, §9).

:class:`File50` holds every group of §9.1.1 (groups 1-93) and :class:`File60` the per-cycle map
changes of §9.1.2 (groups 94-96). Field names are the manual's variable names; a two-component
name such as ``fmr.f0`` becomes ``fmr_f0`` and a bracketed one such as ``[basic_env]`` loses its
brackets. Each field's description names its group.

Arrays keep the order in which §9.1 reads them, so a card deck, a model and a deck written back
from the model correspond value for value:

* an array read "do side = 1, 2" is a pair ``(Red, Blue)``;
* a matrix read one row per card is a tuple of rows, in the order of the cards;
* a group read "until a card with ``i <= 0``" is a tuple of entries in card order, repeated
  entries included (IDAHEX keeps the last); the terminating card is not stored.

The static bounds of the glossary (§10) are field constraints. The bounds that depend on other
groups (``UB = ncells``, ``nrs(flag(i))`` ...) and the shapes implied by the counts are checked by
:func:`consistency_problems`, which :class:`File50` runs after validation; a reader that wants
each problem located at its card validates with ``context={DEFER_CONSISTENCY: True}`` and calls
:func:`consistency_problems` itself (see :mod:`.cards`).

Where the manual is ambiguous, the reading chosen is recorded in ``docs/rulings/idahex.md``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Annotated, Any, TypeAlias, TypeVar

from pydantic import BeforeValidator, Field, ValidationInfo, model_validator
from pydantic_core import PydanticCustomError

from hexwar.core.numberings import IdahexGrid
from hexwar.scenarios import KeyPath, ScenarioModel

__all__ = [
    "DEFER_CONSISTENCY",
    "MAGNITUDE",
    "NAME_WIDTH",
    "RSNAME_WIDTH",
    "BasicEnv",
    "CellOwner",
    "CellRoutes",
    "CombatSupplies",
    "CycleMaps",
    "File50",
    "File60",
    "Label",
    "MapChange",
    "PoffOverride",
    "PostureMap",
    "Unit",
    "VfebaEntry",
    "consistency_problems",
    "file60_problems",
    "missing_routes",
]

DEFER_CONSISTENCY = "defer_consistency"
"""Validation-context key: skip :func:`consistency_problems` (the caller runs it itself)."""

NAME_WIDTH = 48
"""Width of an environment, route or barrier name: format ``6a8`` (groups 4, 6, 8, 9, 11, 13).
``nnsyl`` is "fixed by cgcm" and never printed; the formats read six 8-character words."""

RSNAME_WIDTH = 5
"""Width of each of the two parts of a resource name: format ``(a5,1x,a5)`` (group 20)."""

T = TypeVar("T")
Sides: TypeAlias = tuple[T, T]
"""A pair indexed by side: ``(Red, Blue)`` (side 1, side 2)."""


def _within_magnitude(value: object) -> object:
    """Refuse an integer beyond :data:`MAGNITUDE` as it is read: in a real field it would
    otherwise become ``+inf`` ("never") unnoticed, or a finite number no game can hold
    (docs/rulings/idahex.md, 'Magnitudes')."""
    if type(value) is int and abs(value) > MAGNITUDE:
        # The digits, not the value: a long input is not quoted back (nor convertible to float).
        raise PydanticCustomError(
            "magnitude",
            f"an integer of {len(str(abs(value)))} digits is beyond the magnitude the design "
            f"data may have ({MAGNITUDE:g}; rule: docs/rulings/idahex.md, 'Magnitudes')",
        )
    return value


# Every number of the design data goes through _within_magnitude: an integer is checked before
# pydantic turns it into a float (10**400 would become inf) or keeps it unbounded.
Float = Annotated[float, BeforeValidator(_within_magnitude)]
Int = Annotated[int, BeforeValidator(_within_magnitude)]
NonNeg = Annotated[Float, Field(ge=0)]
Frac = Annotated[Float, Field(ge=0, le=1)]
PosInt = Annotated[Int, Field(ge=1)]
NonNegInt = Annotated[Int, Field(ge=0)]
SideNo = Annotated[int, Field(ge=1, le=2)]
Vec: TypeAlias = tuple[Float, ...]
NonNegVec: TypeAlias = tuple[NonNeg, ...]
NonNegMatrix: TypeAlias = tuple[NonNegVec, ...]
# Amounts and rates that the game shows in views and multiplies: finite (a +inf delay, as in
# ptran, is a rule; an infinite amount of materiel or rate of use is not).
Amount = Annotated[Float, Field(ge=0, allow_inf_nan=False)]
AmountVec: TypeAlias = tuple[Amount, ...]
AmountMatrix: TypeAlias = tuple[AmountVec, ...]
AmountSix = tuple[Amount, Amount, Amount, Amount, Amount, Amount]
# Printable ASCII, no trailing blank (a card field is read back without trailing blanks).
_TEXT = r"^(?:[ -~]*[!-~])?$"
Name = Annotated[str, Field(max_length=NAME_WIDTH, pattern=_TEXT)]
RsPart = Annotated[str, Field(max_length=RSNAME_WIDTH, pattern=_TEXT)]
UnitName = Annotated[str, Field(max_length=16, pattern=_TEXT)]
Seven = tuple[Float, Float, Float, Float, Float, Float, Float]
NonNegSeven = tuple[NonNeg, NonNeg, NonNeg, NonNeg, NonNeg, NonNeg, NonNeg]
NonNegSix = tuple[NonNeg, NonNeg, NonNeg, NonNeg, NonNeg, NonNeg]
FracSeven = tuple[Frac, Frac, Frac, Frac, Frac, Frac, Frac]
# frdval data: fractions, or negative to turn off the force-ratio scaling (§5.1.3, §5.4.5)
LossFrac = Annotated[Float, Field(le=1, allow_inf_nan=False)]
LossFracSeven = tuple[LossFrac, LossFrac, LossFrac, LossFrac, LossFrac, LossFrac, LossFrac]
Real = Annotated[Float, Field(allow_inf_nan=False)]
Three = tuple[Int, Int, Int]


class Label(ScenarioModel):
    """A numbered description: ``ename0`` (group 4), ``rname0`` (group 8), ``bname0`` (group 9).

    Read with ``(i5,5x,6a8)``: the code in columns 1-5, the name in columns 11-58.
    """

    code: PosInt
    name: Name


class BasicEnv(ScenarioModel):
    """One card of group 7: ``[basic_env](cell) = basic_env``; a value <= 0 makes the cell
    inactive (§2.1)."""

    cell: PosInt
    basic_env: Int


class CellRoutes(ScenarioModel):
    """One card of group 14: the basic route and barrier types between ``cell`` and its three
    successors (below, upper right, lower right; §2.1).

    The manual's read list is ``i, (vtemp(k), k=1,3), (wtemp(k), k=1,3)``; the sample deck
    interleaves them -- ``i, vtemp(1), wtemp(1), vtemp(2), wtemp(2), vtemp(3), wtemp(3)`` --
    and this model follows the sample (ruling in ``docs/rulings/idahex.md``). A route type of 0
    means none was given (the field was blank); a barrier type <= 0 means no barrier.
    """

    cell: PosInt
    basic_rtetype: tuple[NonNegInt, NonNegInt, NonNegInt]
    basic_bartype: Three


class Unit(ScenarioModel):
    """One battle unit of group 25 (three or more cards: name, status, resources; §2.2).

    ``buname`` is read with ``(i5,5x,7a8)`` but only ``nsyl`` words are kept, so it has at most
    ``8 * nsyl`` characters. ``bupost`` is 0-9 (inactive, e.g. a reinforcement) or a hold
    posture (glossary: LB = 0, UB = 19).
    """

    number: PosInt
    buname: UnitName
    butype: PosInt
    buloc: PosInt
    bupost: Annotated[int, Field(ge=0, le=19)]
    tentry: Annotated[Float, Field(allow_inf_nan=False)]
    resources: AmountVec


class CellOwner(ScenarioModel):
    """One card of the exception list of group 26: ``[owner](cell) = owner``."""

    cell: PosInt
    owner: SideNo


class PostureMap(ScenarioModel):
    """One card of group 27: ``pmapup(posture) = pmapup``, ``pmapdn(posture) = pmapdn``."""

    posture: Annotated[int, Field(ge=10, le=49)]
    pmapup: Int
    pmapdn: Int


class CombatSupplies(ScenarioModel):
    """One entry of group 40 for one side: supplies consumption of an engaged unit in
    ``posture``.

    ``mapps(side, [kpost](posture)) = mapps``. When ``old`` is true the consumption data of
    pointer ``mapps`` were given by an earlier entry of the same side and ``ssvact`` and
    ``ssvres`` are empty; otherwise each holds ``nss(side)`` rows (supply type ``i``) of
    ``nrs(side)`` values (resource type ``j``): ``ssvact(i, j, mapps)``, ``ssvres(i, j, mapps)``.
    """

    posture: Annotated[int, Field(ge=10, le=49)]
    mapps: PosInt
    old: bool
    ssvact: AmountMatrix
    ssvres: AmountMatrix


class PoffOverride(ScenarioModel):
    """One card of group 41: the offset pointer requested for ``posture`` (IDAHEX applies
    ``max(poff, poff(10))`` for postures <= 29 and ``max(poff, poff(40))`` for postures >= 40)."""

    posture: Annotated[int, Field(ge=10, le=49)]
    poff: Int


class VfebaEntry(ScenarioModel):
    """One pair of cards of group 65: FEBA velocity when an attacker in posture ``attacker``
    meets a defender in posture ``defender``: ``vfeba.f0`` at force ratio 0 and ``vfeba.f(k)``
    at ``vfeba.fr(k)`` (glossary: ``vfeba.f`` LB = 0; ``vfeba.f0`` is signed)."""

    attacker: Annotated[int, Field(ge=40, le=49)]
    defender: Annotated[int, Field(ge=10, le=29)]
    f0: Float
    f: NonNegSeven


class MapChange(ScenarioModel):
    """One card of group 94, 95 or 96: ``map(basic) = actual``."""

    basic: PosInt
    actual: Int


class CycleMaps(ScenarioModel):
    """The File 60 data read at the start of one cycle (groups 94-96, §9.1.2)."""

    envmap: tuple[MapChange, ...] = ()
    rtemap: tuple[MapChange, ...] = ()
    barmap: tuple[MapChange, ...] = ()


class File60(ScenarioModel):
    """File 60 (seed 000, §9.1.2): the map changes read at the start of each cycle.

    ``cycles[0]`` is read at the start of the first cycle. Reading stops at the end of the file
    (``end=5``); cycles after the last one listed change nothing.
    """

    cycles: tuple[CycleMaps, ...] = ()

    def maps_at(self, cycle: int) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
        """The changed entries of ``envmap``, ``rtemap`` and ``barmap`` in force during
        ``cycle`` (1-based), after the changes of cycles 1..``cycle``.

        Entries not returned keep their initial values (``map(i) = i``, §2.1; ruling in
        ``docs/rulings/idahex.md``).
        """
        if cycle < 1:
            raise ValueError(f"cycles are numbered from 1, got {cycle}")
        env: dict[int, int] = {}
        rte: dict[int, int] = {}
        bar: dict[int, int] = {}
        for maps in self.cycles[:cycle]:
            env.update((c.basic, c.actual) for c in maps.envmap)
            rte.update((c.basic, c.actual) for c in maps.rtemap)
            bar.update((c.basic, c.actual) for c in maps.barmap)
        return env, rte, bar


def _kpost(p: int) -> int:
    """``[kpost](p)``: ``p - 9`` if ``p < 40``, ``p - 19`` if ``p >= 40`` (glossary)."""
    return p - 9 if p < 40 else p - 19


class File50(ScenarioModel):
    """File 50 (seed 000, §9.1.1): all the game design data read before play, groups 1-93.

    Derived dimensions -- ``nrs``, ``nmat``, ``nwep``, ``nequip``, ``nsp``, ``nrst``, ``poff``,
    ``kap``, ``kdp``, ``pmapup``, ``pmapdn`` -- are properties computed as §9.1 and the glossary
    define them.
    """

    # --- cgcm, time0, net0 -------------------------------------------------------------------
    iprint: NonNegInt = Field(description="group 1: level of detail of the output")
    nprint: Annotated[int, Field(ge=1, le=3)] = Field(description="group 1: output devices")
    tinit: NonNeg = Field(description="group 2: time at the start of the game")
    tend: Float = Field(description="group 2: time at which the game ends (LB = tinit)")
    tframe: Float = Field(description="group 2: length of a frame (0 < tframe <= tpd)")
    tcycle: Float = Field(description="group 2: length of a cycle (LB = tpd)")
    tpd: Float = Field(description="group 2: length of a period (tframe <= tpd <= tcycle)")
    delta: NonNeg = Field(description="group 2: movement-posture time that avoids reversion")
    ncells: PosInt = Field(description="group 3: number of cells")
    nrank1: Annotated[Int, Field(ge=2)] = Field(description="group 3: cells in the first rank")
    ename0: tuple[Label, ...] = Field(description="group 4: basic environment names")
    nenv: PosInt = Field(description="group 5: number of environment types")
    ename: tuple[Name, ...] = Field(description="group 6: environment type names (nenv)")
    basic_env: tuple[BasicEnv, ...] = Field(description="group 7: [basic_env] by cell")
    rname0: tuple[Label, ...] = Field(description="group 8: basic route type names")
    bname0: tuple[Label, ...] = Field(description="group 9: basic barrier type names")
    nrtety: PosInt = Field(description="group 10: number of route types")
    rname: tuple[Name, ...] = Field(description="group 11: route type names (nrtety)")
    nbarty: NonNegInt = Field(description="group 12: number of barrier types")
    bname: tuple[Name, ...] = Field(description="group 13: barrier type names (nbarty)")
    basic_routes: tuple[CellRoutes, ...] = Field(
        description="group 14: [basic_rtetype] and [basic_bartype] by cell and successor"
    )
    depth: Annotated[Float, Field(gt=0)] = Field(description="group 15: cell depth")
    # --- bu0 ---------------------------------------------------------------------------------
    iblul: Annotated[Int, Field(ge=2)] = Field(description="group 16: lowest Blue unit number")
    nsyl: Annotated[int, Field(ge=1, le=2)] = Field(description="group 16: words per unit name")
    nutype: PosInt = Field(description="group 16: number of unit types")
    npost: tuple[
        Annotated[int, Field(ge=1, le=10)],
        Annotated[int, Field(ge=1, le=10)],
        Annotated[int, Field(ge=1, le=10)],
        Annotated[int, Field(ge=1, le=10)],
    ] = Field(description="group 17: postures in posture classes 1-4")
    itrfp: Annotated[int, Field(ge=10, le=19)] = Field(description="group 18: transfer posture")
    nggwep: Sides[PosInt] = Field(description="group 19: ground-to-ground weapon types")
    ngawep: Sides[NonNegInt] = Field(description="group 19: ground-to-air weapon types")
    ntrpt: Sides[NonNegInt] = Field(description="group 19: transport types")
    nss: Sides[NonNegInt] = Field(description="group 19: supply types")
    npers: Sides[NonNegInt] = Field(description="group 19: personnel types")
    rsname: Sides[tuple[tuple[RsPart, RsPart], ...]] = Field(
        description="group 20: resource type names, two 5-character parts, nrs(side) each"
    )
    flag: tuple[SideNo, ...] = Field(description="group 21: side of each unit type")
    iars: tuple[tuple[PosInt, ...], ...] = Field(
        description="group 22: resource types a unit of each type may have (nrst = length)"
    )
    toe: tuple[AmountVec, ...] = Field(description="group 23: planned resources by unit type")
    aysize: tuple[tuple[NonNeg, NonNeg, NonNeg, NonNeg], ...] = Field(
        description="group 24: area of responsibility by unit type and posture class"
    )
    units: tuple[Unit, ...] = Field(description="group 25: the battle units")
    border: NonNegInt = Field(description="group 26: cells 1..border belong to side 'side'")
    side: SideNo = Field(description="group 26: owner of cells 1..border")
    owner: tuple[CellOwner, ...] = Field(description="group 26: [owner] exceptions")
    # --- wait0 -------------------------------------------------------------------------------
    pmap: tuple[PostureMap, ...] = Field(description="group 27: pmapup/pmapdn changes")
    ptran: tuple[NonNegMatrix, NonNegMatrix, NonNegMatrix, NonNegMatrix] = Field(
        description="group 28: posture transition times, npost(i) x npost(i) by class"
    )
    diseng: tuple[tuple[NonNeg, NonNeg], ...] = Field(
        description="group 29: disengagement time and factor by unit type"
    )
    airmove: tuple[bool, ...] = Field(description="group 30: air movement posture? (npost(3))")
    mrair: NonNegVec = Field(description="group 31: air movement rate by unit type")
    bdelay: tuple[NonNegMatrix, ...] = Field(
        description="group 32: barrier delay [unit type][movement posture][barrier type]"
    )
    mr: tuple[NonNegMatrix, ...] = Field(
        description="group 32: movement rate [unit type][movement posture][route type]"
    )
    trnreq: Sides[NonNegVec] = Field(description="group 33: transport requirement by resource")
    trncap: Sides[NonNegVec] = Field(description="group 33: transport capacity by resource")
    ssreqm: Sides[AmountMatrix] = Field(
        description="group 33: supplies to move, [side][resource j][supply i] = ssreqm(i,j,side)"
    )
    trptcl: tuple[NonNegInt, ...] = Field(description="group 34: transport class by unit type")
    loadcl: Sides[tuple[NonNegInt, ...]] = Field(description="group 35: load class by resource")
    nlc: Sides[NonNegInt] = Field(description="group 36: highest load class")
    ldsize: Sides[NonNegMatrix] = Field(
        description="group 36: load size [side][resource i][load class j]"
    )
    ldcap: Sides[NonNegVec] = Field(description="group 36: load capacity by resource")
    # --- fmr0, ssuse0 --------------------------------------------------------------------------
    fmr_f0: tuple[Real, ...] = Field(
        description="group 37: fmr.f0 by unit type (negative: the TR/(2-TR) rule of §3.2.3.1)"
    )
    fmr_f: tuple[AmountSix, ...] = Field(description="group 37: fmr.f by unit type")
    fmr_x: NonNegSix = Field(description="group 37: fmr.x")
    ssvncr: AmountMatrix = Field(
        description="group 38: Red consumption [supply i * nrs(1) + resource j][posture class]"
    )
    ssvncb: AmountMatrix = Field(
        description="group 39: Blue consumption [supply i * nrs(2) + resource j][posture class]"
    )
    combat_supplies: Sides[tuple[CombatSupplies, ...]] = Field(
        description="group 40: mapps, ssvact, ssvres by side"
    )
    # --- cmbt0 -------------------------------------------------------------------------------
    poff: tuple[PoffOverride, ...] = Field(description="group 41: poff changes")
    stdtgt: Sides[NonNegVec] = Field(description="group 42: standard target by resource")
    aggatk: Sides[AmountMatrix] = Field(description="group 43: attacker fire allocation")
    aggdef: Sides[AmountMatrix] = Field(description="group 44: defender fire allocation")
    katk: Sides[AmountMatrix] = Field(description="group 45: attacker kill rates")
    kdef: Sides[AmountMatrix] = Field(description="group 46: defender kill rates")
    fckar: Sides[NonNegMatrix] = Field(description="group 47: fckar [side][weapon][poff]")
    fckdr: Sides[NonNegMatrix] = Field(description="group 48: fckdr [side][weapon][poff]")
    fckac: Sides[NonNegMatrix] = Field(description="group 49: fckac [side][materiel][poff]")
    fckdc: Sides[NonNegMatrix] = Field(description="group 50: fckdc [side][materiel][poff]")
    fckare: Sides[NonNegMatrix] = Field(description="group 51: fckare [side][weapon][env]")
    fckdre: Sides[NonNegMatrix] = Field(description="group 52: fckdre [side][weapon][env]")
    fckace: Sides[NonNegMatrix] = Field(description="group 53: fckace [side][materiel][env]")
    fckdce: Sides[NonNegMatrix] = Field(description="group 54: fckdce [side][materiel][env]")
    barier: Sides[NonNegMatrix] = Field(description="group 55: barier [side][weapon][barrier]")
    dpersr: tuple[NonNegMatrix, ...] = Field(
        description="group 56: dpersr [Red personnel i][Blue weapon j][Red materiel k]"
    )
    dpersb: tuple[NonNegMatrix, ...] = Field(
        description="group 57: dpersb [Blue personnel i][Red weapon j][Blue materiel k]"
    )
    td: NonNegVec = Field(description="group 58: tactical zone depth by environment")
    febab: NonNegVec = Field(description="group 59: barrier effect depth by barrier type")
    febad: Annotated[Float, Field(ge=0, lt=1)] = Field(description="group 60: defeat depth")
    vanish: tuple[Frac, ...] = Field(description="group 61: vanishing fraction by unit type")
    # --- frdv0, vfeba0 -------------------------------------------------------------------------
    frdval_f0atk: tuple[LossFrac, ...] = Field(
        description="group 62: by attack posture 40, 41 ... (negative: no scaling, §5.4.5)"
    )
    frdval_fatk: tuple[LossFracSeven, ...] = Field(description="group 62: by attack posture")
    frdval_f0def: tuple[Real, ...] = Field(
        description="group 63: by hold postures 10, 11 ..., then disengagement postures 20 ... "
        "(negative: no scaling, §5.4.5)"
    )
    frdval_fdef: tuple[LossFracSeven, ...] = Field(description="group 63: as frdval_f0def")
    frdval_x: NonNegSeven = Field(description="group 64: force ratios of frdval")
    vfeba: Sides[tuple[VfebaEntry, ...]] = Field(
        description="group 65: FEBA velocity entries, Red attackers then Blue attackers"
    )
    vfeba_fr: NonNegSeven = Field(description="group 66: force ratios of vfeba")
    # --- frinv0, freff0, prep0 -------------------------------------------------------------------
    ppoh: tuple[NonNegVec, ...] = Field(description="group 67: overhead personnel by unit type")
    spdd: Sides[NonNegMatrix] = Field(
        description="groups 68 and 71: support demand [side][resource r][support resource i]"
    )
    frinv_f0: Sides[NonNegMatrix] = Field(
        description="groups 69 and 72: frinv.f0 [side][materiel r][support resource i]"
    )
    frinv_f: Sides[tuple[tuple[NonNegSix, ...], ...]] = Field(
        description="groups 69 and 72: frinv.f [side][materiel r][support resource i]"
    )
    frinv_x: Sides[NonNegSix] = Field(description="groups 70 and 73: frinv.x by side")
    pg: Sides[tuple[PosInt, ...]] = Field(description="groups 74, 75: protection group")
    prot: Sides[NonNegMatrix] = Field(description="groups 74, 75: prot [side][equipment][weapon]")
    freff_f0: Sides[NonNeg] = Field(description="group 76: freff.f0 by side")
    freff_f: Sides[NonNegSeven] = Field(description="group 76: freff.f by side")
    freff_x: Sides[NonNegSeven] = Field(description="group 76: freff.x by side")
    prep_f: Sides[tuple[NonNegSeven, ...]] = Field(description="group 77: prep.f [side][materiel]")
    prep_x: Sides[Seven] = Field(description="group 77: prep.x by side")
    # --- air0, haven0 --------------------------------------------------------------------------
    nactyp: Sides[NonNegInt] = Field(description="group 78: aircraft types")
    nagwep: Sides[NonNegInt] = Field(description="group 78: air-to-ground weapon types")
    kag: Sides[NonNegMatrix] = Field(description="group 79: kag [side][air weapon][materiel]")
    fcagrp: Sides[NonNegMatrix] = Field(description="group 80: [side][air weapon][class]")
    fcagcp: Sides[NonNegMatrix] = Field(description="group 81: [side][materiel][class]")
    fcagre: Sides[NonNegMatrix] = Field(description="group 82: [side][air weapon][env]")
    fcagce: Sides[AmountMatrix] = Field(description="group 83: [side][materiel][env]")
    dgpred: tuple[NonNegMatrix, ...] = Field(
        description="group 84: dgpred [Red materiel k][Red personnel i][Blue air weapon j]"
    )
    dgpblu: tuple[NonNegMatrix, ...] = Field(
        description="group 85: dgpblu [Blue materiel k][Blue personnel i][Red air weapon j]"
    )
    agload: Sides[NonNegMatrix] = Field(description="group 86: [side][aircraft][air weapon]")
    aagatk: Sides[NonNegMatrix] = Field(
        description="groups 87 and 89: aagatk [side][air weapon][enemy materiel]"
    )
    aagdef: Sides[NonNegMatrix] = Field(
        description="groups 88 and 90: aagdef [side][air weapon][enemy materiel]"
    )
    aagred: tuple[AmountMatrix, ...] = Field(
        description="group 91: aagred [Red air weapon][Blue materiel][posture class 1-3]"
    )
    aagblu: tuple[AmountMatrix, ...] = Field(
        description="group 92: aagblu [Blue air weapon][Red materiel][posture class 1-3]"
    )
    haven_zoc: bool = Field(description="group 93: attacker's zone of control blocks retreat")
    haven_pthome: Sides[Annotated[int, Field(ge=1, le=6)]] = Field(
        description="group 93: preferred direction of retreat (rim cell 1-6) by side"
    )

    # --- derived dimensions ------------------------------------------------------------------

    @property
    def nwep(self) -> Sides[int]:
        """``nwep(s) = nggwep(s) + ngawep(s)``."""
        return (self.nggwep[0] + self.ngawep[0], self.nggwep[1] + self.ngawep[1])

    @property
    def nequip(self) -> Sides[int]:
        """``nequip(s) = nwep(s) + ntrpt(s)``."""
        w = self.nwep
        return (w[0] + self.ntrpt[0], w[1] + self.ntrpt[1])

    @property
    def nmat(self) -> Sides[int]:
        """``nmat(s) = nwep(s) + ntrpt(s) + nss(s)`` (materiel)."""
        e = self.nequip
        return (e[0] + self.nss[0], e[1] + self.nss[1])

    @property
    def nrs(self) -> Sides[int]:
        """``nrs(s) = nmat(s) + npers(s)`` (all resource types, §2.2.2)."""
        m = self.nmat
        return (m[0] + self.npers[0], m[1] + self.npers[1])

    @property
    def nsp(self) -> Sides[int]:
        """``nsp(s) = nss(s) + npers(s)`` (support resources)."""
        return (self.nss[0] + self.npers[0], self.nss[1] + self.npers[1])

    @property
    def nrst(self) -> tuple[int, ...]:
        """``nrst(i)``: how many resource types a unit of type ``i`` may have (group 22)."""
        return tuple(len(row) for row in self.iars)

    @property
    def postures(self) -> tuple[int, ...]:
        """Every active posture: 10.., 20.., 30.., 40.. as ``npost`` allows (§2.2.1)."""
        return tuple(10 * c + k for c in range(1, 5) for k in range(self.npost[c - 1]))

    @property
    def poff_table(self) -> dict[int, int]:
        """``poff(p)`` for postures 10-29 and 40-49, built as group 41 prescribes."""
        return poff_table(self.npost, ((e.posture, e.poff) for e in self.poff))

    @property
    def kap(self) -> int:
        """``kap = max{poff(i): 40 <= i <= 49}`` (group 47)."""
        return poff_dims(self.poff_table)[0]

    @property
    def kdp(self) -> int:
        """``kdp = max{poff(i): 10 <= i <= 29}`` (group 48)."""
        return poff_dims(self.poff_table)[1]

    @property
    def pmapup(self) -> dict[int, int]:
        """``pmapup`` for postures 10-49 after the defaults and changes of group 27."""
        return _pmaps(self.pmap)[0]

    @property
    def pmapdn(self) -> dict[int, int]:
        """``pmapdn`` for postures 10-49 after the defaults and changes of group 27."""
        return _pmaps(self.pmap)[1]

    def environment_of(self) -> dict[int, int]:
        """``[basic_env](i)`` for every cell ``i``; cells group 7 never names are 0 (inactive;
        ruling in ``docs/rulings/idahex.md``)."""
        env = dict.fromkeys(range(1, self.ncells + 1), 0)
        for entry in self.basic_env:
            if entry.cell in env:
                env[entry.cell] = entry.basic_env
        return env

    def grid(self) -> IdahexGrid:
        """The area of war with the inactive cells of group 7 (§2.1)."""
        env = self.environment_of()
        return IdahexGrid(self.ncells, self.nrank1, frozenset(c for c, e in env.items() if e <= 0))

    def owners(self) -> dict[int, int]:
        """``[owner](i)`` at ``tinit`` for every cell (group 26)."""
        own = {i: self.side if i <= self.border else 3 - self.side for i in self._cells()}
        for entry in self.owner:
            if entry.cell in own:
                own[entry.cell] = entry.owner
        return own

    def _cells(self) -> range:
        return range(1, self.ncells + 1)

    def unit_side(self, unit: Unit) -> int:
        """The side (1 Red, 2 Blue) of ``unit``, from ``flag(butype)``."""
        return self.flag[unit.butype - 1]

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> File50:
        if info.context and info.context.get(DEFER_CONSISTENCY):
            return self
        problems = consistency_problems(self)
        if problems:
            lines = "; ".join(f"{_path_text(path)}: {msg}" for path, msg in problems[:20])
            more = f" (and {len(problems) - 20} more)" if len(problems) > 20 else ""
            raise ValueError(f"inconsistent File 50 data: {lines}{more}")
        return self


def _path_text(path: KeyPath) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def poff_table(npost: Sequence[int], overrides: Iterable[tuple[int, int]]) -> dict[int, int]:
    """Group 41: consecutive offsets for the hold, disengagement and attack postures, the
    standard posture's offset for unused numbers, then the ``(posture, poff)`` changes
    (§9.1.1). Changes to postures outside 10-29 and 40-49 have no effect."""
    table: dict[int, int] = {}
    k = 0
    for base, n in ((10, npost[0]), (20, npost[1]), (40, npost[3])):
        for i in range(base, base + n):
            k += 1
            table[i] = k
    for base, n in ((10, npost[0]), (20, npost[1]), (40, npost[3])):
        for i in range(base + n, base + 10):
            table[i] = table[base]
    for posture, poff in overrides:
        if 10 <= posture <= 29:
            table[posture] = max(poff, table[10])
        elif 40 <= posture <= 49:
            table[posture] = max(poff, table[40])
    return table


def poff_dims(table: Mapping[int, int]) -> tuple[int, int]:
    """``kap = max{poff(i): 40 <= i <= 49}`` (group 47) and ``kdp = max{poff(i): 10 <= i <=
    29}`` (group 48)."""
    return max(table[i] for i in range(40, 50)), max(table[i] for i in range(10, 30))


def _pmaps(entries: Sequence[PostureMap]) -> tuple[dict[int, int], dict[int, int]]:
    """Group 27: the default posture maps, then the changes in card order."""
    up: dict[int, int] = {}
    dn: dict[int, int] = {}
    for base, u, d in ((10, 20, -10), (20, 30, 40), (30, 40, 40), (40, 10, 40)):
        for i in range(base, base + 10):
            up[i] = u
            dn[i] = d
    for entry in entries:
        up[entry.posture] = entry.pmapup
        dn[entry.posture] = entry.pmapdn
    return up, dn


# --- consistency ---------------------------------------------------------------------------------

Problems = list[tuple[KeyPath, str]]


class _Checker:
    """Collects ``(key path, message)`` problems."""

    def __init__(self) -> None:
        self.problems: Problems = []

    def add(self, path: KeyPath, message: str) -> None:
        self.problems.append((path, message))

    def length(self, path: KeyPath, seq: Sequence[Any], n: int, what: str) -> bool:
        if len(seq) != n:
            self.add(path, f"has {len(seq)} entries, expected {n} ({what})")
            return False
        return True

    def matrix(
        self, path: KeyPath, rows: Sequence[Sequence[Any]], n: int, m: int, what: str
    ) -> None:
        if self.length(path, rows, n, what.split(" x ")[0]):
            for i, row in enumerate(rows):
                self.length((*path, i), row, m, what.split(" x ")[-1])

    def nondecreasing(self, path: KeyPath, xs: Sequence[float]) -> None:
        for i in range(1, len(xs)):
            if xs[i] < xs[i - 1]:
                self.add(
                    (*path, i),
                    f"must not be less than the point before it ({xs[i]} < {xs[i - 1]}): the "
                    "abscissae of a piecewise-affine function are nondecreasing (§5.4)",
                )


def _whole(ratio: float) -> bool:
    return math.isfinite(ratio) and abs(ratio - round(ratio)) <= 1e-9 * max(1.0, abs(ratio))


def consistency_problems(d: File50) -> Problems:
    """Every cross-group problem of ``d``: shapes implied by the counts and the bounds of the
    glossary (§10) that depend on other groups. Each problem is ``(key path, message)``."""
    c = _Checker()
    _check_time(c, d)
    _check_net(c, d)
    shapes_ok = _check_bu(c, d)
    if shapes_ok:
        _check_units(c, d)
    _check_wait(c, d)
    _check_supplies(c, d)
    _check_combat(c, d)
    _check_frinv(c, d)
    _check_air(c, d)
    _check_magnitudes(c, ("",), d)
    return c.problems


MAGNITUDE = 1e15
"""The largest magnitude of a finite number in the design data (docs/rulings/idahex.md,
'Magnitudes'): far above any count, tonnage, distance, time or rate per day of a theatre
army (the Sinai deck's largest figure is its 'never', 999999999), far enough below the largest
double that the products the model forms (§6's kill potential has eight factors) never
overflow mid-game."""


def _check_magnitudes(c: _Checker, path: KeyPath, value: object) -> None:
    """Every finite float beyond :data:`MAGNITUDE`, at its key path (``+inf``, which some
    fields allow as 'never', is not a magnitude)."""
    if type(value) is float:
        if abs(value) > MAGNITUDE and math.isfinite(value):
            c.add(
                path[1:],
                f"{value:g} is beyond the magnitude the design data may have ({MAGNITUDE:g}; "
                "rule: docs/rulings/idahex.md, 'Magnitudes')",
            )
    elif isinstance(value, tuple | list):
        for i, item in enumerate(value):
            _check_magnitudes(c, (*path, i), item)
    elif isinstance(value, ScenarioModel):
        for name in type(value).model_fields:
            _check_magnitudes(c, (*path, name), getattr(value, name))


def _check_time(c: _Checker, d: File50) -> None:
    # §2.3 and the glossary: tinit <= tend; 0 < tframe <= tpd <= tcycle; cycles are divided
    # into equal periods and periods into equal frames.
    if d.tend < d.tinit:
        c.add(("tend",), f"must be >= tinit ({d.tinit}), got {d.tend}")
    if not d.tframe > 0:
        c.add(("tframe",), f"must be > 0, got {d.tframe}")
    elif d.tframe > d.tpd:
        c.add(("tframe",), f"must be <= tpd ({d.tpd}), got {d.tframe}")
    elif not _whole(d.tpd / d.tframe):
        c.add(("tpd",), f"must be a whole number of frames (tframe = {d.tframe}), got {d.tpd}")
    if d.tpd > d.tcycle:
        c.add(("tcycle",), f"must be >= tpd ({d.tpd}), got {d.tcycle}")
    elif d.tpd > 0 and not _whole(d.tcycle / d.tpd):
        c.add(("tcycle",), f"must be a whole number of periods (tpd = {d.tpd}), got {d.tcycle}")


def _check_net(c: _Checker, d: File50) -> None:
    if d.nrank1 > d.ncells:
        c.add(("nrank1",), f"must be <= ncells ({d.ncells}), got {d.nrank1}")
    c.length(("ename",), d.ename, d.nenv, "nenv")
    c.length(("rname",), d.rname, d.nrtety, "nrtety")
    c.length(("bname",), d.bname, d.nbarty, "nbarty")
    for i, e in enumerate(d.basic_env):
        if e.cell > d.ncells:
            c.add(("basic_env", i, "cell"), f"cell {e.cell} does not exist (1..{d.ncells})")
    for i, r in enumerate(d.basic_routes):
        if r.cell > d.ncells:
            c.add(("basic_routes", i, "cell"), f"cell {r.cell} does not exist (1..{d.ncells})")


def _check_bu(c: _Checker, d: File50) -> bool:
    """Group 16-24 shapes and bounds; False when unit data cannot be checked against them."""
    ok = True
    if d.itrfp > 9 + d.npost[0]:
        c.add(("itrfp",), f"must be a hold posture (10..{9 + d.npost[0]}), got {d.itrfp}")
    nrs = d.nrs
    for s in range(2):
        c.length(("rsname", s), d.rsname[s], nrs[s], f"nrs({s + 1})")
    for name, seq in (("flag", d.flag), ("iars", d.iars), ("toe", d.toe), ("aysize", d.aysize)):
        ok = c.length((name,), seq, d.nutype, "nutype") and ok
    if not ok:
        return False
    for t in range(d.nutype):
        n = nrs[d.flag[t] - 1]
        row = d.iars[t]
        if not row:
            c.add(("iars", t), f"unit type {t + 1} may have at least one resource type")
        for k, r in enumerate(row):
            if r > n:
                c.add(("iars", t, k), f"resource type {r} does not exist for its side (1..{n})")
        seen: set[int] = set()
        for k, r in enumerate(row):
            if r in seen:
                c.add(
                    ("iars", t, k),
                    f"resource type {r} is listed twice: iars(*,{t + 1}) is a set (§2.2.2, "
                    f"'nrst(i), the number of different types of resources a unit of type i "
                    "can have')",
                )
            seen.add(r)
        if not c.length(("toe", t), d.toe[t], n, f"nrs(flag({t + 1}))"):
            ok = False
    return ok


def _check_units(c: _Checker, d: File50) -> None:
    grid = d.grid()
    numbers: dict[int, int] = {}
    holds = range(10, 10 + d.npost[0])
    for u_index, u in enumerate(d.units):
        path: KeyPath = ("units", u_index)
        if u.number in numbers:
            c.add((*path, "number"), f"unit {u.number} is already defined")
        numbers[u.number] = u_index
        if len(u.buname) > 8 * d.nsyl:
            c.add((*path, "buname"), f"is longer than 8 * nsyl = {8 * d.nsyl} characters")
        if u.butype > d.nutype:
            c.add((*path, "butype"), f"unit type {u.butype} does not exist (1..{d.nutype})")
            continue
        side = d.flag[u.butype - 1]
        if side == 1 and u.number >= d.iblul:
            c.add((*path, "number"), f"Red unit numbers must be < iblul ({d.iblul})")
        if side == 2 and u.number < d.iblul:
            c.add((*path, "number"), f"Blue unit numbers must be >= iblul ({d.iblul})")
        if not 1 <= u.buloc <= d.ncells:
            c.add((*path, "buloc"), f"cell {u.buloc} does not exist (1..{d.ncells})")
        elif not grid.is_active(u.buloc):
            c.add((*path, "buloc"), f"cell {u.buloc} is inactive (§2.1: no unit may enter it)")
        if u.bupost >= 10 and u.bupost not in holds:
            c.add((*path, "bupost"), f"must be 0-9 or a hold posture 10..{holds[-1]}")
        nrs = d.nrs[side - 1]
        if not c.length((*path, "resources"), u.resources, nrs, f"nrs({side})"):
            continue
        allowed = set(d.iars[u.butype - 1])
        for j, q in enumerate(u.resources):
            if q != 0 and j + 1 not in allowed:
                c.add(
                    (*path, "resources", j),
                    f"unit type {u.butype} may not have resource type {j + 1} (iars), so the "
                    f"quantity must be 0 (§2.2.2), got {q}",
                )
    blue = [u.number for u in d.units if u.butype <= d.nutype and d.flag[u.butype - 1] == 2]
    if blue and min(blue) != d.iblul:
        c.add(("iblul",), f"must be the lowest Blue unit number ({min(blue)}), got {d.iblul}")
    if d.border > d.ncells:
        c.add(("border",), f"must be <= ncells ({d.ncells}), got {d.border}")
    for i, o in enumerate(d.owner):
        if o.cell > d.ncells:
            c.add(("owner", i, "cell"), f"cell {o.cell} does not exist (1..{d.ncells})")


def _check_wait(c: _Checker, d: File50) -> None:
    postures = set(d.postures)
    for i, p in enumerate(d.pmap):
        if p.posture not in postures:
            c.add(("pmap", i, "posture"), f"posture {p.posture} does not exist (npost)")
        for name, value in (("pmapup", p.pmapup), ("pmapdn", p.pmapdn)):
            if value != -10 and value not in postures:
                c.add(("pmap", i, name), f"posture {value} does not exist (npost)")
    for k in range(4):
        c.matrix(("ptran", k), d.ptran[k], d.npost[k], d.npost[k], f"npost({k + 1})")
    nt = d.nutype
    c.length(("diseng",), d.diseng, nt, "nutype")
    c.length(("airmove",), d.airmove, d.npost[2], "npost(3)")
    if d.airmove and all(d.airmove):
        c.add(("airmove",), "at least one movement posture must be surface movement (nmarchp >= 1)")
    c.length(("mrair",), d.mrair, nt, "nutype")
    for name, seq, m, what in (
        ("bdelay", d.bdelay, d.nbarty, "nbarty"),
        ("mr", d.mr, d.nrtety, "nrtety"),
    ):
        if c.length((name,), seq, nt, "nutype"):
            for t, rows in enumerate(seq):
                c.matrix((name, t), rows, d.npost[2], m, f"npost(3) x {what}")
    nrs = d.nrs
    for s in range(2):
        c.length(("trnreq", s), d.trnreq[s], nrs[s], f"nrs({s + 1})")
        c.length(("trncap", s), d.trncap[s], nrs[s], f"nrs({s + 1})")
        c.matrix(("ssreqm", s), d.ssreqm[s], nrs[s], d.nss[s], f"nrs x nss({s + 1})")
        c.length(("loadcl", s), d.loadcl[s], nrs[s], f"nrs({s + 1})")
        for i, cls in enumerate(d.loadcl[s]):
            if cls > d.nlc[s]:
                c.add(("loadcl", s, i), f"load class {cls} is above nlc({s + 1}) = {d.nlc[s]}")
        c.matrix(("ldsize", s), d.ldsize[s], nrs[s], d.nlc[s], f"nrs x nlc({s + 1})")
        c.length(("ldcap", s), d.ldcap[s], nrs[s], f"nrs({s + 1})")
    c.length(("trptcl",), d.trptcl, nt, "nutype")


def _check_supplies(c: _Checker, d: File50) -> None:
    nt = d.nutype
    c.length(("fmr_f0",), d.fmr_f0, nt, "nutype")
    c.length(("fmr_f",), d.fmr_f, nt, "nutype")
    c.nondecreasing(("fmr_x",), d.fmr_x)
    nrs, nss = d.nrs, d.nss
    c.matrix(("ssvncr",), d.ssvncr, nss[0] * nrs[0], 3, "nss(1) * nrs(1) x 3")
    c.matrix(("ssvncb",), d.ssvncb, nss[1] * nrs[1], 3, "nss(2) * nrs(2) x 3")
    postures = set(d.postures)
    for s in range(2):
        defined: set[int] = set()
        for i, e in enumerate(d.combat_supplies[s]):
            path: KeyPath = ("combat_supplies", s, i)
            if e.posture not in postures:
                c.add((*path, "posture"), f"posture {e.posture} does not exist (npost)")
            if e.old:
                if e.mapps not in defined:
                    c.add(
                        (*path, "old"),
                        f"pointer {e.mapps} has no consumption data yet for this side",
                    )
                if e.ssvact or e.ssvres:
                    c.add((*path, "old"), "old entries carry no ssvact/ssvres")
            else:
                c.matrix((*path, "ssvact"), e.ssvact, nss[s], nrs[s], f"nss x nrs({s + 1})")
                c.matrix((*path, "ssvres"), e.ssvres, nss[s], nrs[s], f"nss x nrs({s + 1})")
                defined.add(e.mapps)


def _check_combat(c: _Checker, d: File50) -> None:
    postures = set(d.postures)
    for i, o in enumerate(d.poff):
        if o.posture not in postures or 30 <= o.posture <= 39:
            c.add(("poff", i, "posture"), "must be a hold, disengagement or attack posture")
    nrs, nmat, ngg, nequip = d.nrs, d.nmat, d.nggwep, d.nequip
    kap, kdp = d.kap, d.kdp
    for s in range(2):
        e = 1 - s
        c.length(("stdtgt", s), d.stdtgt[s], nrs[s], f"nrs({s + 1})")
        for name in ("aggatk", "aggdef", "katk", "kdef"):
            c.matrix((name, s), getattr(d, name)[s], ngg[s], nmat[e], f"nggwep x nmat({e + 1})")
        c.matrix(("fckar", s), d.fckar[s], ngg[s], kap, "nggwep x kap")
        c.matrix(("fckdr", s), d.fckdr[s], ngg[s], kdp, "nggwep x kdp")
        c.matrix(("fckac", s), d.fckac[s], nmat[s], kdp, "nmat x kdp")
        c.matrix(("fckdc", s), d.fckdc[s], nmat[s], kap, "nmat x kap")
        for name in ("fckare", "fckdre"):
            c.matrix((name, s), getattr(d, name)[s], ngg[s], d.nenv, "nggwep x nenv")
        for name in ("fckace", "fckdce"):
            c.matrix((name, s), getattr(d, name)[s], nmat[s], d.nenv, "nmat x nenv")
        c.matrix(("barier", s), d.barier[s], ngg[s], d.nbarty, "nggwep x nbarty")
        c.length(("pg", s), d.pg[s], nequip[s], f"nequip({s + 1})")
        c.matrix(("prot", s), d.prot[s], nequip[s], ngg[s], "nequip x nggwep")
    for name, npers, nw, nm in (("dpersr", 0, ngg[1], nmat[0]), ("dpersb", 1, ngg[0], nmat[1])):
        seq = getattr(d, name)
        if c.length((name,), seq, d.npers[npers], f"npers({npers + 1})"):
            for i, rows in enumerate(seq):
                c.matrix((name, i), rows, nw, nm, "nggwep x nmat")
    c.length(("td",), d.td, d.nenv, "nenv")
    if c.length(("febab",), d.febab, d.nbarty, "nbarty"):
        for i, v in enumerate(d.febab):
            if v > d.depth:
                c.add(("febab", i), f"must be <= depth ({d.depth}), got {v}")
    c.length(("vanish",), d.vanish, d.nutype, "nutype")
    n_atk, n_def = d.npost[3], d.npost[0] + d.npost[1]
    c.length(("frdval_f0atk",), d.frdval_f0atk, n_atk, "npost(4)")
    c.length(("frdval_fatk",), d.frdval_fatk, n_atk, "npost(4)")
    c.length(("frdval_f0def",), d.frdval_f0def, n_def, "npost(1) + npost(2)")
    c.length(("frdval_fdef",), d.frdval_fdef, n_def, "npost(1) + npost(2)")
    c.nondecreasing(("frdval_x",), d.frdval_x)
    for s in range(2):
        for i, entry in enumerate(d.vfeba[s]):
            for name, p in (("attacker", entry.attacker), ("defender", entry.defender)):
                if p not in postures:
                    c.add(("vfeba", s, i, name), f"posture {p} does not exist (npost)")
    c.nondecreasing(("vfeba_fr",), d.vfeba_fr)


def _check_frinv(c: _Checker, d: File50) -> None:
    if c.length(("ppoh",), d.ppoh, d.nutype, "nutype") and len(d.flag) == d.nutype:
        for t, row in enumerate(d.ppoh):
            s = d.flag[t] - 1
            c.length(("ppoh", t), row, d.npers[s], f"npers(flag({t + 1}))")
    nrs, nmat, nsp = d.nrs, d.nmat, d.nsp
    for s in range(2):
        c.matrix(("spdd", s), d.spdd[s], nrs[s], nsp[s], f"nrs x nsp({s + 1})")
        c.matrix(("frinv_f0", s), d.frinv_f0[s], nmat[s], nsp[s], f"nmat x nsp({s + 1})")
        c.matrix(("frinv_f", s), d.frinv_f[s], nmat[s], nsp[s], f"nmat x nsp({s + 1})")
        c.nondecreasing(("frinv_x", s), d.frinv_x[s])
        c.nondecreasing(("freff_x", s), d.freff_x[s])
        c.length(("prep_f", s), d.prep_f[s], nmat[s], f"nmat({s + 1})")
        c.nondecreasing(("prep_x", s), d.prep_x[s])


def _check_air(c: _Checker, d: File50) -> None:
    nmat, nag, nac, npers = d.nmat, d.nagwep, d.nactyp, d.npers
    for s in range(2):
        e = 1 - s
        c.matrix(("kag", s), d.kag[s], nag[s], nmat[e], f"nagwep x nmat({e + 1})")
        c.matrix(("fcagrp", s), d.fcagrp[s], nag[s], 4, "nagwep x 4")
        c.matrix(("fcagcp", s), d.fcagcp[s], nmat[s], 4, "nmat x 4")
        c.matrix(("fcagre", s), d.fcagre[s], nag[s], d.nenv, "nagwep x nenv")
        c.matrix(("fcagce", s), d.fcagce[s], nmat[s], d.nenv, "nmat x nenv")
        c.matrix(("agload", s), d.agload[s], nac[s], nag[s], "nactyp x nagwep")
        c.matrix(("aagatk", s), d.aagatk[s], nag[s], nmat[e], f"nagwep x nmat({e + 1})")
        c.matrix(("aagdef", s), d.aagdef[s], nag[s], nmat[e], f"nagwep x nmat({e + 1})")
    for name, k, i, j in (
        ("dgpred", nmat[0], npers[0], nag[1]),
        ("dgpblu", nmat[1], npers[1], nag[0]),
    ):
        seq = getattr(d, name)
        if c.length((name,), seq, k, "nmat"):
            for n, rows in enumerate(seq):
                c.matrix((name, n), rows, i, j, "npers x nagwep")
    for name, k, j in (("aagred", nag[0], nmat[1]), ("aagblu", nag[1], nmat[0])):
        seq = getattr(d, name)
        if c.length((name,), seq, k, "nagwep"):
            for n, rows in enumerate(seq):
                c.matrix((name, n), rows, j, 3, "nmat x 3")


def file60_problems(f60: File60, f50: File50) -> Problems:
    """Problems of ``f60`` against the File 50 it goes with: the glossary's bounds on the maps
    (``envmap`` 1..nenv, ``rtemap`` 1..nrtety, ``barmap`` 0..nbarty) and the actual types of
    every active cell and successor in every listed cycle."""
    c = _Checker()
    bounds = {"envmap": (1, f50.nenv), "rtemap": (1, f50.nrtety), "barmap": (0, f50.nbarty)}
    for n, maps in enumerate(f60.cycles):
        for name, (lo, hi) in bounds.items():
            for i, change in enumerate(getattr(maps, name)):
                if not lo <= change.actual <= hi:
                    c.add(
                        ("cycles", n, name, i, "actual"),
                        f"must be {lo}..{hi} ({name[:3]} types), got {change.actual}",
                    )
    for cycle in range(1, max(1, len(f60.cycles)) + 1):
        env, rte, bar = f60.maps_at(cycle) if f60.cycles else ({}, {}, {})
        for path, msg in actual_type_problems(f50, env, rte, bar):
            c.add(path, f"cycle {cycle}: {msg}")
    return _dedupe(c.problems)


def _dedupe(problems: Problems) -> Problems:
    seen: set[tuple[KeyPath, str]] = set()
    out: Problems = []
    for p in problems:
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out


def actual_type_problems(
    d: File50,
    envmap: Mapping[int, int],
    rtemap: Mapping[int, int],
    barmap: Mapping[int, int],
) -> Problems:
    """Cells and successors whose actual environment, route or barrier type (§2.1) is out of
    range under the given map changes (unlisted entries map to themselves).

    A pair whose basic route type was never given (0) is not a problem here; see
    :func:`missing_routes`.
    """
    c = _Checker()
    grid = d.grid()
    env = d.environment_of()
    for cell, e in env.items():
        if grid.is_active(cell):
            actual = envmap.get(e, e)
            if not 1 <= actual <= d.nenv:
                c.add(
                    _env_path(d, cell),
                    f"cell {cell}: environment envmap({e}) = {actual} is not 1..nenv ({d.nenv})",
                )
    for path, cell, _k, succ, rte, bar in _successor_types(d, grid):
        if rte == 0:
            continue
        actual = rtemap.get(rte, rte)
        if not 1 <= actual <= d.nrtety:
            c.add(
                path,
                f"cell {cell}: route to cell {succ}: rtemap({rte}) = {actual} is not "
                f"1..nrtety ({d.nrtety})",
            )
        if bar > 0:
            actual = barmap.get(bar, bar)
            if not 0 <= actual <= d.nbarty:
                c.add(
                    path,
                    f"cell {cell}: barrier to cell {succ}: barmap({bar}) = {actual} is not "
                    f"0..nbarty ({d.nbarty})",
                )
    return c.problems


def missing_routes(d: File50) -> list[tuple[int, int]]:
    """Pairs ``(cell, successor)`` of adjacent active cells whose basic route type group 14
    never gives (0: the field was blank, or the cell has no card). How such a pair is treated
    is the ruleset's ruling; IDAHEX would look up ``rtemap(0)``."""
    grid = d.grid()
    return [(cell, succ) for _, cell, _, succ, rte, _ in _successor_types(d, grid) if rte == 0]


def _env_path(d: File50, cell: int) -> KeyPath:
    for i in range(len(d.basic_env) - 1, -1, -1):
        if d.basic_env[i].cell == cell:
            return ("basic_env", i, "basic_env")
    return ("basic_env",)


def _successor_types(
    d: File50, grid: IdahexGrid
) -> Iterator[tuple[KeyPath, int, int, int, int, int]]:
    """``(path, cell, k, successor, basic route, basic barrier)`` for every active pair, using
    the last group 14 card of each cell (earlier cards for the same cell are overridden)."""
    last: dict[int, int] = {}
    for i, r in enumerate(d.basic_routes):
        last[r.cell] = i
    for cell in range(1, d.ncells + 1):
        if not grid.is_active(cell):
            continue
        for k in range(1, 4):
            succ = grid.successor(cell, k)
            if succ < 0:
                continue
            if cell in last:
                i = last[cell]
                r = d.basic_routes[i]
                yield (
                    ("basic_routes", i, "basic_rtetype", k - 1),
                    cell,
                    k,
                    succ,
                    r.basic_rtetype[k - 1],
                    r.basic_bartype[k - 1],
                )
            else:
                yield ("basic_routes",), cell, k, succ, 0, 0
