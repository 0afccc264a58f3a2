"""Air support (seed 000, §6) and the air values it gives the FEBA (§5.2).

At the start of every cycle each player may enter air strikes (§6): a target cell, a role --
close air support (CAS) of an engagement there, or interdiction of the battle units there --
for interdiction the posture-class priorities ``asprty``, and ``ascomp``, the number of
aircraft of each type. IDAHEX has no air war: every strike entered happens. A strike is
assessed once, when it is entered; its losses are applied to the target units at once, and
what CAS destroys of the enemy's ground-to-ground weapons is recorded (``casfx``) and spread
over the cycle's frames by the combat procedure (§5.2, ``fair``/``gair``).

The engine's part is choosing the target set ``V`` (:func:`cas_targets`,
:func:`interdiction_targets` -- it knows the engagements and the units in the cell); this
module does the rest as pure functions on numpy arrays:

* :class:`AirStrike` -- the strike as data, with its text form (``cas 23 aircraft 4,0,2``);
* :class:`AirTables` -- one side's air-to-ground data from File 50 (groups 78-92);
* :func:`agwep` -- the air-to-ground weapons a strike carries (``agload``);
* :func:`allocation` -- the fraction of each weapon's fire on each materiel type;
* :func:`kill_potential` -- ``K(iw, j, ibu)``: ``kag`` with its four factors and ``Q``;
* :func:`assess_strike` -- all of it for one strike: losses per unit, weapon by weapon,
  with the personnel losses they imply, and the :class:`StrikeRecord`;
* :func:`cas_totals` and :func:`air_values` -- ``CASATK``/``CASDEF`` and ``fair``/``gair``;
  :func:`engagement_air_values` both in one call, as the combat procedure needs them.

No strike creates resources: every loss is at most what the unit holds (§6, ``L = min{K,
[resources]}``). The rulings this module needs are in ``docs/rulings/idahex.md`` under "Air
support (§6)".
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, cast

import numpy as np
from numpy.typing import ArrayLike, NDArray

from hexwar.core import exact
from hexwar.core.errors import InvalidInputError, Problem
from hexwar.rulesets.idahex.design.model import File50
from hexwar.rulesets.idahex.values import WeaponValues

__all__ = [
    "AirRules",
    "AirStrike",
    "AirTables",
    "CasAllocation",
    "CasRecord",
    "StrikeRecord",
    "StrikeResult",
    "StrikeRole",
    "Supported",
    "aag_rows",
    "agwep",
    "air_values",
    "allocation",
    "apply_losses",
    "assess_strike",
    "assess_strike_trusted",
    "cas_indices",
    "cas_targets",
    "cas_totals",
    "column_sums",
    "engagement_air_values",
    "interdiction_indices",
    "interdiction_targets",
    "kill_potential",
]

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]

POSTURE_CLASSES = (1, 2, 3, 4)
"""The positive posture classes (§2.2.1): hold, disengagement, movement, attack."""


def _fail(field: str, message: str) -> InvalidInputError:
    return InvalidInputError([Problem(message, path=field)])


def _read_only(arr: ArrayLike) -> FloatArray:
    out = np.array(arr, dtype=np.float64)
    out.setflags(write=False)
    return out


def _side(side: object) -> int:
    if isinstance(side, bool) or side not in (1, 2):
        raise _fail("side", f"must be 1 (Red) or 2 (Blue), got {side!r}")
    return 1 if side == 1 else 2


# -- the strike ------------------------------------------------------------------------------


class StrikeRole(StrEnum):
    """The strike role of §6."""

    CAS = "cas"
    """Close air support of the engagement whose location is the target cell."""
    INTERDICTION = "interdiction"
    """Air interdiction of the battle units in the target cell."""


class Supported(StrEnum):
    """Which side of the engagement a CAS strike supports (§6: "side s is the engagement
    attacker" or "defender")."""

    ATTACKERS = "attackers"
    DEFENDERS = "defenders"


_STRIKE_RE = re.compile(
    r"^\s*(?P<role>cas|interdiction)\s+(?P<cell>\d+)"
    r"(?:\s+priority\s+(?P<prty>[\d\s,]+?))?"
    r"\s+aircraft\s+(?P<comp>[\d\s,]+?)\s*$",
    re.IGNORECASE,
)


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.split(r"[\s,]+", text.strip()) if x)


@dataclass(frozen=True, slots=True)
class AirStrike:
    """One air strike as a player enters it (seed 000 §6).

    Attributes:
        side: the striking side ``s``, 1 (Red) or 2 (Blue).
        target: the target cell.
        role: close air support or interdiction.
        ascomp: ``ascomp(i)``, the number of type ``i`` aircraft in the strike
            (``i = 1..nactyp(s)``).
        asprty: interdiction only: the four positive posture classes in order of priority
            (a permutation of 1-4); ``None`` for CAS.

    The text form, which :meth:`from_str` reads and ``str`` writes, is
    ``cas CELL aircraft N1,N2,...`` or ``interdiction CELL priority P1,P2,P3,P4 aircraft
    N1,N2,...``.

    Raises:
        InvalidInputError: a bad side, cell or aircraft count, ``asprty`` given for CAS or
            missing or not a permutation of 1-4 for interdiction.
    """

    side: int
    target: int
    role: StrikeRole
    ascomp: tuple[int, ...]
    asprty: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        _side(self.side)
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise _fail("target", f"must be a cell number >= 1, got {self.target!r}")
        object.__setattr__(self, "role", StrikeRole(self.role))
        comp = tuple(self.ascomp)
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in comp):
            raise _fail("ascomp", f"aircraft counts must be integers >= 0, got {comp!r}")
        object.__setattr__(self, "ascomp", comp)
        if self.role is StrikeRole.CAS:
            if self.asprty is not None:
                raise _fail("asprty", "only an interdiction strike has priorities (§6)")
            return
        prty = None if self.asprty is None else tuple(self.asprty)
        if prty is None or sorted(prty) != list(POSTURE_CLASSES):
            raise _fail(
                "asprty",
                "an interdiction strike lists the four positive posture classes 1-4 in order "
                f"of priority (§6), got {prty!r}",
            )
        object.__setattr__(self, "asprty", prty)

    def __str__(self) -> str:
        comp = ",".join(map(str, self.ascomp))
        if self.asprty is None:
            return f"{self.role} {self.target} aircraft {comp}"
        prty = ",".join(map(str, self.asprty))
        return f"{self.role} {self.target} priority {prty} aircraft {comp}"

    @classmethod
    def from_str(cls, text: str, side: int) -> AirStrike:
        """Parse ``cas 23 aircraft 4,0,2`` or ``interdiction 23 priority 3,4,1,2 aircraft
        4,0,2`` (commas or spaces between numbers) for side ``side``.

        Raises:
            InvalidInputError: the text does not have that form, or the strike is invalid.
        """
        match = _STRIKE_RE.match(text)
        if match is None:
            raise _fail(
                "strike",
                f"cannot read {text!r}: write 'cas CELL aircraft N1,N2,...' or "
                "'interdiction CELL priority P1,P2,P3,P4 aircraft N1,N2,...' (§6)",
            )
        role = StrikeRole(match["role"].lower())
        prty = _numbers(match["prty"]) if match["prty"] is not None else None
        return cls(side, int(match["cell"]), role, _numbers(match["comp"]), prty)

    def check(self, tables: AirTables) -> None:
        """Check the strike against the striking side's design data.

        Raises:
            InvalidInputError: the side is not the tables' side, or ``ascomp`` does not give
                one count per aircraft type (``nactyp(s)``).
        """
        if self.side != tables.side:
            raise _fail("side", f"a side {self.side} strike needs side {self.side}'s air data")
        if len(self.ascomp) != tables.nactyp:
            raise _fail(
                "ascomp",
                f"needs one count per aircraft type, nactyp({self.side}) = {tables.nactyp}, "
                f"got {len(self.ascomp)}: {self!s}",
            )


# -- the design data -------------------------------------------------------------------------


class CasAllocation(StrEnum):
    """Which allocation row CAS uses (§6 against the glossary; see the rulings)."""

    SECTION6 = "section6"
    """§6: ``aagatk(iw, j, s)`` when side ``s`` is the engagement attacker, ``aagdef`` when it
    is the defender (the allocation is named for the role of the shooter's side)."""
    GLOSSARY = "glossary"
    """§10: ``aagatk`` "when enemy materiel belongs to engaged battle unit in attack
    posture", ``aagdef`` when it belongs to one in hold or disengagement posture (named for
    the role of the target)."""


class CasRecord(StrEnum):
    """What a CAS strike records for the combat procedure (§6 against §5.2)."""

    POTENTIAL = "potential"
    """§6: "The total potential loss of type j materiel by all the target units ... is
    recorded in the array casfx"."""
    ACTUAL = "actual"
    """§5.2: "CASATK(j) be the amount of the defenders' type j weapons destroyed"."""


@dataclass(frozen=True, slots=True)
class AirRules:
    """The choices a designer may make where §6 is ambiguous (docs/rulings/idahex.md)."""

    cas_allocation: CasAllocation = CasAllocation.SECTION6
    cas_record: CasRecord = CasRecord.POTENTIAL


_MANUAL = AirRules()
"""The manual's §6 reading, the default choices."""


@dataclass(frozen=True, eq=False)
class AirTables:
    """Side ``s``'s air-to-ground data and the target side ``v = 3 - s``'s vulnerability
    (seed 000 §6; File 50 groups 42 and 78-92).

    Indices are 0-based: ``iw`` an air-to-ground weapon type of side ``s`` (``nw =
    nagwep(s)``), ``j`` a materiel type of side ``v`` (``nmat(v)``), ``k`` a personnel type of
    side ``v``, ``pc - 1`` a posture class, ``e - 1`` an environment type.

    Attributes:
        side: the striking side ``s``.
        agload: ``agload(i, iw, s)`` as ``[i, iw]``, shape ``(nactyp(s), nw)``.
        kag: ``kag(iw, j, s)`` as ``[iw, j]``, shape ``(nw, nmat(v))``.
        fcagrp: ``fcagrp(iw, s, pc)`` as ``[iw, pc - 1]``, shape ``(nw, 4)``.
        fcagcp: ``fcagcp(j, v, pc)`` as ``[j, pc - 1]``, shape ``(nmat(v), 4)``.
        fcagre: ``fcagre(iw, s, e)`` as ``[iw, e - 1]``, shape ``(nw, nenv)``.
        fcagce: ``fcagce(j, v, e)`` as ``[j, e - 1]``, shape ``(nmat(v), nenv)``.
        aagatk: ``aagatk(iw, j, s)`` as ``[iw, j]``, shape ``(nw, nmat(v))``.
        aagdef: ``aagdef(iw, j, s)`` likewise.
        aagint: ``aagred`` (``s = 1``) or ``aagblu`` (``s = 2``) ``(iw, j, pc)`` as
            ``[iw, j, pc - 1]``, shape ``(nw, nmat(v), 3)``: posture classes 1-3.
        dgp: ``dgpred`` (``v = 1``) or ``dgpblu`` (``v = 2``) ``(k, iw, j)`` as ``[j, k, iw]``,
            shape ``(nmat(v), npers(v), nw)``: personnel lost per unit of materiel destroyed.
        stdtgt: ``stdtgt(j, v)``, shape ``(nmat(v),)``.
        nggwep_target: ``nggwep(v)``: the first ``nggwep(v)`` materiel types are the target
            side's ground-to-ground weapons, whose CAS losses are recorded.

    Raises:
        InvalidInputError: a table has the wrong shape or a negative or non-finite entry.
    """

    side: int
    agload: FloatArray
    kag: FloatArray
    fcagrp: FloatArray
    fcagcp: FloatArray
    fcagre: FloatArray
    fcagce: FloatArray
    aagatk: FloatArray
    aagdef: FloatArray
    aagint: FloatArray
    dgp: FloatArray
    stdtgt: FloatArray
    nggwep_target: int
    _weapons: dict[tuple[int, ...], FloatArray] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """:func:`agwep` of each strike composition met so far (a function of it alone)."""
    _lists: dict[object, list[Any]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Tables as nested lists of Python floats, and products of them, made once: a function
    of the design data and of the key alone (a table's name, or a name with the posture
    class, environment or aircraft it is made for)."""
    _plans: dict[tuple[Any, ...], tuple[list[list[float]], list[float], FloatArray]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """:meth:`plan` of each kind of strike met so far."""
    _sizes: tuple[int, int, int, int, int] = field(
        default=(0, 0, 0, 0, 0), init=False, repr=False, compare=False
    )
    """``(nactyp, nagwep, nmat, npers, nenv)``, read once the shapes are checked."""

    def lists(self, name: str) -> list[Any]:
        """The table ``name`` as nested lists of Python floats (made once; do not change)."""
        found = self._lists.get(name)
        if found is None:
            found = self._lists[name] = getattr(self, name).tolist()
        return found

    def weapon_list(self, ascomp: tuple[int, ...]) -> list[float]:
        """:meth:`weapons` as a list of Python floats, made once per composition."""
        key = ("agwep", ascomp)
        found = self._lists.get(key)
        if found is None:
            found = self._lists[key] = self.weapons(ascomp).tolist()
        return found

    def plan(
        self, strike: AirStrike, supported: Supported | None, pc: int | None, rules: AirRules
    ) -> tuple[list[list[float]], list[float], FloatArray]:
        """What a strike's assessment takes from the design alone: the ``aag`` rows as nested
        lists of Python floats, ``[iw][j]`` (:func:`aag_rows`), and ``agwep`` as a list and
        as the read-only array (:meth:`weapons`). Made once per aircraft composition, role,
        supported side, posture class and allocation choice, all they depend on (keyed by
        plain values: hashing an enum member is a Python call)."""
        cas = strike.role is StrikeRole.CAS
        glossary = rules.cas_allocation is CasAllocation.GLOSSARY
        key = (strike.ascomp, cas, supported is Supported.ATTACKERS, pc, glossary)
        found = self._plans.get(key)
        if found is None:
            rows = aag_rows(self, strike.role, supported=supported, pc=pc, rules=rules)
            found = self._plans[key] = (
                rows.tolist(),
                self.weapon_list(strike.ascomp),
                self.weapons(strike.ascomp),
            )
        return found

    def implied(self) -> list[list[list[tuple[int, float]]]]:
        """``[j][iw]``: the personnel columns ``p`` (of a target unit's resources) and the
        ``dgp`` each loses per unit of type ``j`` materiel that type ``iw`` weapons destroy,
        those with ``dgp > 0`` only (a loss of 0 changes no stock)."""
        found = self._lists.get("implied")
        if found is None:
            dgp = self.lists("dgp")  # [j][k][iw]
            found = self._lists["implied"] = [
                [
                    [(self.nmat + k, d[iw]) for k, d in enumerate(dgp[j]) if d[iw] != 0.0]
                    for iw in range(self.nagwep)
                ]
                for j in range(self.nmat)
            ]
        return found

    def factors(self, pc: int, env: int) -> list[list[float]]:
        """``[iw][j]``: ``kag(iw,j,s) * fcagrp(iw,s,pc) * fcagcp(j,v,pc) * fcagre(iw,s,env) *
        fcagce(j,v,env)``, multiplied in that order (:func:`kill_potential`), made once per
        posture class and environment."""
        key = ("factors", pc, env)
        found = self._lists.get(key)
        if found is None:
            kag, rp, cp = self.lists("kag"), self.lists("fcagrp"), self.lists("fcagcp")
            re_, ce = self.lists("fcagre"), self.lists("fcagce")
            found = self._lists[key] = [
                [
                    (((kag[iw][j] * rp[iw][pc - 1]) * cp[j][pc - 1]) * re_[iw][env - 1])
                    * ce[j][env - 1]
                    for j in range(self.nmat)
                ]
                for iw in range(self.nagwep)
            ]
        return found

    def factors_by_material(self, pc: int, env: int) -> list[tuple[float, ...]]:
        """:meth:`factors` the other way round, ``[j][iw]`` (the same numbers), made once per
        posture class and environment: a strike assesses a unit materiel type after type."""
        key = ("factors by material", pc, env)
        found = self._lists.get(key)
        if found is None:
            found = self._lists[key] = list(zip(*self.factors(pc, env), strict=True))
            if not found:  # no weapon type: no factor for any materiel type
                found[:] = [()] * self.nmat
        return found

    def kernel(
        self, ascomp: tuple[int, ...], pc: int, env: int
    ) -> list[tuple[tuple[float, float, list[tuple[int, float]]], ...]]:
        """``[j][iw]``: what K and the losses of type ``j`` materiel take from the design for
        type ``iw`` weapons -- the product of ``kag`` and its factors (:meth:`factors`),
        ``agwep(iw)`` of the composition and the personnel each loss implies
        (:meth:`implied`) -- made once per composition, posture class and environment."""
        key = ("kernel", ascomp, pc, env)
        found = self._lists.get(key)
        if found is None:
            weapons, implied = self.weapon_list(ascomp), self.implied()
            found = self._lists[key] = [
                tuple(zip(fj, weapons, implied[j], strict=True))
                for j, fj in enumerate(self.factors_by_material(pc, env))
            ]
        return found

    def standard_target(self) -> tuple[list[float], bool]:
        """``stdtgt`` as a list, and whether every entry is > 0 (then :func:`_alpha` need not
        look for a quotient by 0), made once."""
        found = self._lists.get("stdtgt checked")
        if found is None:
            std = self.lists("stdtgt")
            found = self._lists["stdtgt checked"] = [std, all(sd > 0 for sd in std)]
        return found[0], found[1]

    def weapons(self, ascomp: tuple[int, ...]) -> FloatArray:
        """:func:`agwep` of ``ascomp``, computed once per composition (read-only)."""
        found = self._weapons.get(ascomp)
        if found is None:
            found = self._weapons[ascomp] = _read_only(agwep(self, ascomp))
        return found

    def __post_init__(self) -> None:
        _side(self.side)
        for name in (
            "agload",
            "kag",
            "fcagrp",
            "fcagcp",
            "fcagre",
            "fcagce",
            "aagatk",
            "aagdef",
            "aagint",
            "dgp",
            "stdtgt",
        ):
            arr = _read_only(getattr(self, name))
            if arr.size and not np.all(np.isfinite(arr) & (arr >= 0)):
                raise _fail(name, "must hold finite numbers >= 0 (§9.1.1: LB = 0)")
            object.__setattr__(self, name, arr)
        nw, nmat = self.kag.shape if self.kag.ndim == 2 else (-1, -1)
        nenv = self.fcagre.shape[1] if self.fcagre.ndim == 2 else -1
        npers = self.dgp.shape[1] if self.dgp.ndim == 3 else -1
        expected = {
            "agload": (self.agload.shape[0] if self.agload.ndim == 2 else -1, nw),
            "kag": (nw, nmat),
            "fcagrp": (nw, 4),
            "fcagcp": (nmat, 4),
            "fcagre": (nw, nenv),
            "fcagce": (nmat, nenv),
            "aagatk": (nw, nmat),
            "aagdef": (nw, nmat),
            "aagint": (nw, nmat, 3),
            "dgp": (nmat, npers, nw),
            "stdtgt": (nmat,),
        }
        for name, shape in expected.items():
            if -1 in shape or getattr(self, name).shape != shape:
                raise _fail(name, f"must have shape {shape}, got {getattr(self, name).shape}")
        ng = self.nggwep_target
        if isinstance(ng, bool) or not isinstance(ng, int) or not 0 <= ng <= nmat:
            raise _fail("nggwep_target", f"must be an integer in 0..{nmat}, got {ng!r}")
        sizes = (int(self.agload.shape[0]), int(nw), int(nmat), int(npers), int(nenv))
        object.__setattr__(self, "_sizes", sizes)

    @property
    def nactyp(self) -> int:
        """``nactyp(s)``: the striking side's aircraft types."""
        return self._sizes[0]

    @property
    def nagwep(self) -> int:
        """``nagwep(s)``: the striking side's air-to-ground weapon types (``nw``)."""
        return self._sizes[1]

    @property
    def nmat(self) -> int:
        """``nmat(v)``: the target side's materiel types."""
        return self._sizes[2]

    @property
    def npers(self) -> int:
        """``npers(v)``: the target side's personnel types."""
        return self._sizes[3]

    @property
    def nrs(self) -> int:
        """``nrs(v) = nmat(v) + npers(v)``: the columns of a target unit's resources."""
        return self._sizes[2] + self._sizes[3]

    @property
    def nenv(self) -> int:
        """``nenv``: the environment types."""
        return self._sizes[4]

    @classmethod
    def from_design(cls, design: File50, side: int) -> AirTables:
        """Side ``side``'s strike data from File 50 (§9.1.1 groups 42, 78-92)."""
        s = _side(side)
        v = 3 - s
        nw, nmat, npers = design.nagwep[s - 1], design.nmat[v - 1], design.npers[v - 1]

        def matrix(rows: Sequence[Sequence[float]], shape: tuple[int, int]) -> FloatArray:
            return np.array(rows, dtype=np.float64).reshape(shape)

        interdiction = design.aagred if s == 1 else design.aagblu
        losses = design.dgpred if v == 1 else design.dgpblu
        return cls(
            side=s,
            agload=matrix(design.agload[s - 1], (design.nactyp[s - 1], nw)),
            kag=matrix(design.kag[s - 1], (nw, nmat)),
            fcagrp=matrix(design.fcagrp[s - 1], (nw, 4)),
            fcagcp=matrix(design.fcagcp[v - 1], (nmat, 4)),
            fcagre=matrix(design.fcagre[s - 1], (nw, design.nenv)),
            fcagce=matrix(design.fcagce[v - 1], (nmat, design.nenv)),
            aagatk=matrix(design.aagatk[s - 1], (nw, nmat)),
            aagdef=matrix(design.aagdef[s - 1], (nw, nmat)),
            aagint=np.array(interdiction, dtype=np.float64).reshape(nw, nmat, 3),
            dgp=np.array(losses, dtype=np.float64).reshape(nmat, npers, nw),
            stdtgt=np.array(design.stdtgt[v - 1][:nmat], dtype=np.float64),
            nggwep_target=design.nggwep[v - 1],
        )


# -- the target set --------------------------------------------------------------------------


def _classes(posture_classes: ArrayLike, field: str = "posture_classes") -> IntArray:
    pcs = np.array(posture_classes, dtype=np.int64).reshape(-1)
    if pcs.size and not all(1 <= p <= 4 for p in pcs.tolist()):
        raise _fail(field, f"must be positive posture classes 1-4 (active units), got {pcs}")
    return pcs


def cas_targets(posture_classes: ArrayLike, supported: Supported | str) -> IntArray:
    """The target set ``V`` of a CAS strike, as indices into the enemy units of the
    engagement whose location is the target cell (seed 000 §6).

    ``V`` is every enemy unit in the engagement -- "If the enemy units are the defenders in
    the engagement, and if at least one of them is in a hold posture, then delete from V
    every unit in a disengagement posture."

    Args:
        posture_classes: the posture class (1-4) of each enemy unit in the engagement.
        supported: the side the strike supports; :attr:`Supported.ATTACKERS` makes the enemy
            units the defenders.

    Returns:
        The indices of the targets, ascending.
    """
    pcs = _classes(posture_classes).tolist()
    return np.array(cas_indices(pcs, Supported(supported)), dtype=np.int64)


def cas_indices(posture_classes: list[int], supported: Supported) -> list[int]:
    """:func:`cas_targets` on the game's own posture classes (1-4, not checked), as a list."""
    if supported is Supported.ATTACKERS and 1 in posture_classes:
        return [i for i, p in enumerate(posture_classes) if p != 2]
    return list(range(len(posture_classes)))


def interdiction_targets(
    asprty: Sequence[int], posture_classes: ArrayLike
) -> tuple[int | None, IntArray]:
    """The posture class ``pc`` and the target set ``V`` of an interdiction strike (§6).

    ``pc = asprty(k)`` for the smallest ``k`` such that some active enemy unit in the target
    cell is in posture class ``asprty(k)``; ``V`` is every such unit in class ``pc``.

    Args:
        asprty: the strike's priorities, a permutation of 1-4.
        posture_classes: the posture class (1-4) of each active enemy unit in the target
            cell.

    Returns:
        ``(pc, indices)``; ``(None, [])`` when the cell holds no active enemy unit.
    """
    pc, hit = interdiction_indices(asprty, _classes(posture_classes).tolist())
    return pc, np.array(hit, dtype=np.int64)


def interdiction_indices(
    asprty: Sequence[int], posture_classes: list[int]
) -> tuple[int | None, list[int]]:
    """:func:`interdiction_targets` on the game's own posture classes (1-4, not checked),
    the indices as a list."""
    for pc in asprty:
        if pc in posture_classes:
            return int(pc), [i for i, p in enumerate(posture_classes) if p == pc]
    return None, []


# -- the formulas ----------------------------------------------------------------------------


def agwep(tables: AirTables, ascomp: ArrayLike) -> FloatArray:
    """``agwep(iw) = Σ_i agload(i, iw, s) * ascomp(i)``: the amount of each type of air-to-ground
    weapon in the strike (seed 000 §6), ``i`` over the ``nactyp(s)`` aircraft types."""
    comp = np.array(ascomp, dtype=np.float64)
    if comp.shape != (tables.nactyp,) or not np.all(np.isfinite(comp) & (comp >= 0)):
        raise _fail("ascomp", f"must be {tables.nactyp} aircraft counts >= 0, got {comp}")
    out: FloatArray = exact.vecmat(comp, tables.agload)
    return out


def aag_rows(
    tables: AirTables,
    role: StrikeRole | str,
    *,
    supported: Supported | str | None = None,
    pc: int | None = None,
    rules: AirRules | None = None,
) -> FloatArray:
    """``aag(j)`` for every air-to-ground weapon ``iw`` as ``[iw, j]`` (seed 000 §6).

    CAS: ``aagatk(iw, j, s)`` if side ``s`` is the engagement attacker, ``aagdef(iw, j, s)``
    if it is the defender (or the other way round under :attr:`CasAllocation.GLOSSARY`).
    Interdiction: ``aagred(iw, j, pc)`` for Red, ``aagblu(iw, j, pc)`` for Blue, ``pc`` the
    targets' posture class. Group 91/92 give classes 1-3 only; targets in class 4 (attack)
    are allocated fire as CAS allocates it against units in attack posture -- ``aagdef`` by
    §6, ``aagatk`` by the glossary (rulings).
    """
    rules = rules or AirRules()
    glossary = rules.cas_allocation is CasAllocation.GLOSSARY
    if StrikeRole(role) is StrikeRole.CAS:
        if supported is None:
            raise _fail("supported", "a CAS strike supports the attackers or the defenders")
        attacker = Supported(supported) is Supported.ATTACKERS
        return tables.aagatk if attacker != glossary else tables.aagdef
    if pc is None or pc not in POSTURE_CLASSES:
        raise _fail("pc", f"an interdiction strike needs its targets' posture class, got {pc!r}")
    if pc == 4:
        return tables.aagatk if glossary else tables.aagdef
    out: FloatArray = tables.aagint[:, :, pc - 1]
    return out


def allocation(aag: ArrayLike, grdrs: ArrayLike, stdtgt: ArrayLike) -> FloatArray:
    """``alpha(j)`` for every weapon ``iw`` as ``[iw, j]``: the fraction of the fire of type
    ``iw`` weapons allocated to the target units' type ``j`` materiel (seed 000 §6)::

        alpha(j) = aag(j) * (grdrs(j) / stdtgt(j,v)) / Σ_i aag(i) * (grdrs(i) / stdtgt(i,v))

    Rulings: a term whose ``aag * grdrs`` is 0 is 0 whatever ``stdtgt``; a weapon whose
    denominator is 0 (the targets hold none of what it fires at) allocates no fire -- its
    row is 0, the fire is wasted.

    Args:
        aag: ``aag(j)`` for each weapon, ``[iw, j]`` (:func:`aag_rows`).
        grdrs: ``grdrs(j)``, the target units' total type ``j`` materiel.
        stdtgt: ``stdtgt(j, v)``, the standard target.

    Raises:
        InvalidInputError: ``stdtgt(j, v) = 0`` for a materiel type the targets hold and a
            weapon fires at (the quotient is undefined).
    """
    return _allocation(
        np.array(aag, dtype=np.float64),
        np.array(grdrs, dtype=np.float64),
        np.array(stdtgt, dtype=np.float64),
    )


def _allocation(a: FloatArray, g: FloatArray, std: FloatArray) -> FloatArray:
    return np.array(_alpha(a.tolist(), g.tolist(), std.tolist()), dtype=np.float64).reshape(a.shape)


def _alpha(
    aag: list[list[float]], grdrs: list[float], std: list[float], positive: bool = False
) -> list[list[float]]:
    """:func:`allocation` in Python floats: a strike's handful of numbers, the same IEEE
    operations in the same order as the array expressions (sums as numpy's, :func:`_sum`),
    without their per-call cost. A row's weights ``aag * grdrs`` are divided by ``stdtgt``
    as they are made; the weights themselves are needed only when ``stdtgt`` has a zero or
    a row sums to 0 (``positive``: the caller knows every ``stdtgt`` is > 0)."""
    if not positive and not all(sd > 0 for sd in std):
        weight = [[x * y for x, y in zip(row, grdrs, strict=True)] for row in aag]  # [iw, j]
        for j, sd in enumerate(std):
            if sd <= 0 and any(row[j] > 0 for row in weight):
                raise _fail(
                    "stdtgt",
                    f"stdtgt({j + 1},v) = 0 but the targets hold type {j + 1} materiel that "
                    "air weapons fire at: the allocation of fire (§6) divides by it",
                )
    out = []
    for row in aag:
        share = [  # (zip's strict= left out: a keyword argument costs more than the row)
            w / sd if (w := x * y) > 0.0 else 0.0
            for x, y, sd in zip(row, grdrs, std)  # noqa: B905
        ]
        total = _sum(share)
        if total <= 0.0:
            weights = [x * y for x, y in zip(row, grdrs, strict=True)]
            if any(w > 0 for w in weights):
                # weights near the smallest float underflowed in the quotient: alpha does not
                # change when a row is scaled, so scale the row to its largest weight first
                top = max(weights)
                scaled = [w / top for w in weights]
                share = [w / sd if w > 0 else 0.0 for w, sd in zip(scaled, std, strict=True)]
                total = _sum(share)
        out.append([x / total for x in share] if total > 0.0 else [0.0] * len(share))
    return out


def _sum(xs: list[float]) -> float:
    """``numpy.sum`` of a contiguous float64 vector, in the same order (so the same bits):
    one by one below 8 terms, then eight running sums paired, halves above 128 terms."""
    n = len(xs)
    if n < 8:
        total = 0.0
        for x in xs:
            total += x
        return total
    if n < 16:  # one block of eight: its running sums are its terms
        a, b, c, d, e, f, g, h = xs[:8]
        total = ((a + b) + (c + d)) + ((e + f) + (g + h))
        if n > 8:
            for x in xs[8:]:
                total += x
        return total
    if n <= 128:
        r = xs[:8]
        i = 8
        while i < n - n % 8:
            for k in range(8):
                r[k] += xs[i + k]
            i += 8
        total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        for x in xs[i:]:
            total += x
        return total
    half = n // 2
    half -= half % 8
    return _sum(xs[:half]) + _sum(xs[half:])


def column_sums(rows: list[list[float]], width: int) -> list[float]:
    """``numpy.sum(axis=0)`` of the first ``width`` columns: row after row, in order."""
    if not rows:
        return [0.0] * width
    out = rows[0][:width]
    for row in rows[1:]:
        out = [a + b for a, b in zip(out, row[:width], strict=True)]
    return out


def kill_potential(
    tables: AirTables,
    resources: ArrayLike,
    posture_classes: ArrayLike,
    env: int,
    alpha: ArrayLike,
    weapons: ArrayLike,
) -> FloatArray:
    """``K(iw, j, ibu)`` as ``[ibu, iw, j]``: the potential destruction of type ``j`` materiel
    in target unit ``ibu`` by the strike's type ``iw`` weapons (seed 000 §6)::

        K(iw,j,ibu) = kag(iw,j,s) * fcagrp(iw,s,pc) * fcagcp(j,v,pc)
                      * fcagre(iw,s,env) * fcagce(j,v,env) * Q,
        Q = (alpha(j) * ([resources](ibu,j) / grdrs(j))) * agwep(iw),

    ``pc`` the posture class of unit ``ibu`` and ``env`` the target cell's environment
    (§6 writes ``fcagr`` for group 80's ``fcagrp``). ``Q = 0`` when ``grdrs(j) = 0``.

    Args:
        tables: the striking side's :class:`AirTables`.
        resources: the target units' resources, one row each, ``nrs(v)`` columns.
        posture_classes: each target unit's posture class (1-4).
        env: the target cell's environment type, 1..nenv.
        alpha: :func:`allocation`, ``[iw, j]``.
        weapons: :func:`agwep`, ``agwep(iw)``.
    """
    res = _resources(tables, resources)
    pcs = _classes(posture_classes)
    if pcs.size != res.shape[0]:
        raise _fail("posture_classes", f"needs one class per target unit ({res.shape[0]})")
    e = _env(tables, env)
    shape = (tables.nagwep, tables.nmat)
    alpha_arr = np.array(alpha, dtype=np.float64)
    weapons_arr = np.array(weapons, dtype=np.float64)
    if alpha_arr.shape != shape:
        raise _fail("alpha", f"must be [iw, j] of shape {shape}, got {alpha_arr.shape}")
    if weapons_arr.shape != (tables.nagwep,):
        raise _fail("weapons", f"must be agwep(iw) for {tables.nagwep} weapon types")
    return _kill_potential(tables, res, pcs, e, alpha_arr, weapons_arr)


def _kill_potential(
    tables: AirTables,
    res: FloatArray,
    pcs: IntArray,
    e: int,
    alpha_arr: FloatArray,
    weapons_arr: FloatArray,
) -> FloatArray:
    k = _potential(tables, res.tolist(), pcs.tolist(), e, alpha_arr.tolist(), weapons_arr.tolist())
    return np.array(k, dtype=np.float64).reshape(res.shape[0], tables.nagwep, tables.nmat)


def _potential(
    tables: AirTables,
    rows: list[list[float]],
    pcs: list[int],
    e: int,
    alpha: list[list[float]],
    weapons: list[float],
) -> list[list[list[float]]]:
    """:func:`kill_potential` in Python floats, ``[ibu][iw][j]``: the products in the order
    of the array expression (``factors * q``, each left to right)."""
    grdrs = column_sums(rows, tables.nmat)
    return [
        _unit_potential(tables.factors(pc, e), alpha, weapons, row, grdrs)
        for row, pc in zip(rows, pcs, strict=True)
    ]


def _unit_potential(
    factors: list[list[float]],
    alpha: list[list[float]],
    weapons: list[float],
    row: list[float],
    grdrs: list[float],
) -> list[list[float]]:
    """``K(iw, j)`` of one target unit, ``[iw][j]``: ``factors * ((alpha * share) * agwep)``
    with ``share = [resources](j) / grdrs(j)`` (0 where ``grdrs(j) = 0``)."""
    share = [x / g if g > 0 else 0.0 for x, g in zip(row, grdrs, strict=False)]
    return [
        [f * ((a * x) * w) for f, a, x in zip(fr, al, share, strict=True)]
        for fr, al, w in zip(factors, alpha, weapons, strict=True)
    ]


def _resources(tables: AirTables, resources: ArrayLike) -> FloatArray:
    res = np.array(resources, dtype=np.float64)
    if res.ndim == 1 and res.size == 0:
        res = res.reshape(0, tables.nrs)
    if res.ndim != 2 or res.shape[1] != tables.nrs:
        raise _fail(
            "resources",
            f"must be one row per target unit with nrs(v) = {tables.nrs} columns, "
            f"got shape {res.shape}",
        )
    if not np.all(np.isfinite(res) & (res >= 0)):
        raise _fail("resources", "must hold finite quantities >= 0")
    return res


def _env(tables: AirTables, env: int) -> int:
    if (
        isinstance(env, bool)
        or not isinstance(env, int | np.integer)
        or not 1 <= env <= tables.nenv
    ):
        raise _fail("env", f"must be an environment type 1..{tables.nenv}, got {env!r}")
    return int(env)


# -- the strike's outcome --------------------------------------------------------------------


def _owned_read_only(arr: object) -> bool:
    """Whether ``arr`` is a float array that nobody may change: read-only, and so is the
    array whose memory it views, if any (a view of a writable array changes with it)."""
    while isinstance(arr, np.ndarray):
        if arr.dtype != np.float64 or arr.flags.writeable:
            return False
        if arr.base is None:
            return True
        arr = arr.base
    return False


def _frozen(arr: ArrayLike, shape: tuple[int, ...] | None = None) -> FloatArray:
    """``arr`` as a read-only float array (of ``shape``); one that is already is kept."""
    if _owned_read_only(arr):
        out = cast(FloatArray, arr)
        return out if shape is None else out.reshape(shape)
    out = np.array(arr, dtype=np.float64)
    if shape is not None:
        out = out.reshape(shape)
    out.setflags(write=False)
    return out


@dataclass(frozen=True, eq=False)
class StrikeRecord:
    """What one strike did (seed 000 §6): the receipt for the log and, for CAS, the losses the
    combat procedure uses (§5.2).

    Attributes:
        strike: the strike as entered.
        supported: for CAS, the engagement side the striking side is on; ``None`` for
            interdiction.
        pc: for interdiction, the targets' posture class; ``None`` for CAS.
        env: the target cell's environment type.
        units: the target units' numbers (or the caller's row labels), in row order.
        agwep: ``agwep(iw)``, the air-to-ground weapons in the strike.
        grdrs: ``grdrs(j)``, the target units' total materiel before the strike.
        alpha: the allocation of fire, ``[iw, j]``.
        potential: ``Σ_iw K(iw, j, ibu)`` as ``[ibu, j]``: each unit's potential loss.
        losses: the actual losses, ``[ibu, irs]`` over all ``nrs(v)`` resources (materiel,
            then the personnel they imply).
        casfx: for CAS, the recorded loss of each of the target side's ``nggwep(v)``
            ground-to-ground weapon types (potential by default, :class:`CasRecord`);
            ``None`` for interdiction.

    Compare with ``numpy``: ``==`` is identity.
    """

    strike: AirStrike
    supported: Supported | None
    pc: int | None
    env: int
    units: tuple[int, ...]
    agwep: FloatArray
    grdrs: FloatArray
    alpha: FloatArray
    potential: FloatArray
    losses: FloatArray
    casfx: FloatArray | None

    def __post_init__(self) -> None:
        for name in ("agwep", "grdrs", "alpha", "potential", "losses", "casfx"):
            value = getattr(self, name)
            if value is not None and not _owned_read_only(value):
                object.__setattr__(self, name, _frozen(value))

    @classmethod
    def owned(cls, **fields: Any) -> StrikeRecord:
        """The record of ``fields`` whose arrays are already float arrays nobody may change
        (read-only views of read-only arrays, as :func:`assess_strike_trusted` makes them):
        kept as they are, without ``__post_init__``'s look at each (it would keep them too)."""
        record = object.__new__(cls)
        record.__dict__.update(fields)
        return record

    def loss_totals(self) -> list[float]:
        """The losses of each resource type summed over the target units, as Python floats
        (``losses.sum(axis=0)``: row after row)."""
        return column_sums(self.losses.tolist(), self.losses.shape[1])

    @property
    def potential_total(self) -> FloatArray:
        """``Σ_{i ∈ V} Σ_iw K(iw, j, i)``: the total potential loss of type ``j`` materiel."""
        out: FloatArray = self.potential.sum(axis=0)
        return out


@dataclass(frozen=True, eq=False)
class StrikeResult:
    """The outcome of :func:`assess_strike`.

    Attributes:
        remaining: the target units' resources after the strike, ``[ibu, irs]``.
        record: the :class:`StrikeRecord`; ``record.losses = resources - remaining``.
    """

    remaining: FloatArray
    record: StrikeRecord = field(repr=False)

    @property
    def losses(self) -> FloatArray:
        """The losses per unit and resource type, ``[ibu, irs]`` (all >= 0)."""
        return self.record.losses


def apply_losses(
    tables: AirTables, resources: ArrayLike, potential: ArrayLike
) -> tuple[FloatArray, FloatArray]:
    """The actual losses of materiel and personnel, weapon by weapon (seed 000 §6).

    For each target unit and materiel type ``j`` (in order), for ``iw = 1..nw`` in order:
    ``L = min{K(iw, j, ibu), [resources](ibu, j)}`` comes off the unit's type ``j`` materiel,
    and each personnel type ``k`` loses ``min{dgp(k, iw, j) * L, [resources](ibu,
    nmat(v) + k)}`` (``dgpred`` for a Red unit, ``dgpblu`` for a Blue one).

    Args:
        tables: the striking side's :class:`AirTables`.
        resources: the target units' resources, ``[ibu, irs]``.
        potential: ``K(iw, j, ibu)`` as ``[ibu, iw, j]`` (:func:`kill_potential`).

    Returns:
        ``(remaining, losses)``, both ``[ibu, irs]``.
    """
    res = _resources(tables, resources)
    k = np.array(potential, dtype=np.float64)
    shape = (res.shape[0], tables.nagwep, tables.nmat)
    if k.shape != shape or not np.all(np.isfinite(k) & (k >= 0)):
        raise _fail("potential", f"must be K as [ibu, iw, j] >= 0 of shape {shape}, got {k.shape}")
    return _apply_losses(tables, res, k)


def _apply_losses(
    tables: AirTables, res: FloatArray, k: FloatArray
) -> tuple[FloatArray, FloatArray]:
    left, lost = _losses(tables, res.tolist(), k.tolist())
    return np.array(left, dtype=np.float64).reshape(res.shape), np.array(
        lost, dtype=np.float64
    ).reshape(res.shape)


def _losses(
    tables: AirTables, rows: list[list[float]], k: list[list[list[float]]]
) -> tuple[list[list[float]], list[list[float]]]:
    """:func:`apply_losses` in Python floats: ``(remaining, losses)`` as lists of rows."""
    nmat, implied = tables.nmat, tables.implied()
    left, losses = [], []
    for res, kill in zip(rows, k, strict=True):
        row, lost = _unit_losses(nmat, implied, res, kill)
        left.append(row)
        losses.append(lost)
    return left, losses


def _unit_losses(
    nmat: int,
    implied: list[list[list[tuple[int, float]]]],
    res: list[float],
    kill: list[list[float]],
) -> tuple[list[float], list[float]]:
    """One target unit's ``(remaining, losses)`` (:func:`apply_losses`): materiel type after
    type, weapon after weapon, in Python floats -- a few dozen scalar steps, the same IEEE
    operations an array expression would do, without its per-call cost. ``min(a, b)`` is
    written ``b if b < a else a``, which is what ``min`` returns, without the call."""
    row = list(res)
    for j in range(nmat):
        held = row[j]  # only this materiel's losses change it (personnel are columns >= nmat)
        for iw, pairs in enumerate(implied[j]):
            k = kill[iw][j]
            lost = held if held < k else k
            if lost == 0.0:
                continue  # nothing lost, no personnel lost (the stocks are >= 0)
            held -= lost
            for p, d in pairs:
                x, r = lost * d, row[p]
                row[p] = r - (r if r < x else x)
        row[j] = held
    # Subtraction of a quantity no larger than the stock leaves it >= 0 up to rounding.
    left = [x if x >= 0.0 or x != x else 0.0 for x in row]
    return left, [a - b for a, b in zip(res, left, strict=True)]


def assess_strike(
    design: File50 | AirTables,
    strike: AirStrike,
    resources: ArrayLike,
    posture_classes: ArrayLike,
    env: int,
    *,
    supported: Supported | str | None = None,
    units: Iterable[int] | None = None,
    rules: AirRules | None = None,
) -> StrikeResult:
    """Assess one air strike on its target set ``V`` (seed 000 §6).

    The engine calls it once per strike when the strike is entered, at a cycle start, with
    the targets chosen by :func:`cas_targets` or :func:`interdiction_targets`; it applies
    ``remaining`` to the units and keeps the record for the cycle (a CAS record's ``casfx``
    feeds :func:`cas_totals`, then :func:`air_values`, frame by frame).

    Steps: ``agwep`` from ``agload`` and ``ascomp``; ``grdrs`` from the targets' materiel; the
    allocation ``alpha`` from ``aag`` (:func:`aag_rows`) and ``stdtgt``; ``K(iw, j, ibu)``
    (:func:`kill_potential`); the losses weapon by weapon with their personnel losses
    (:func:`apply_losses`); for CAS, ``casfx``.

    Args:
        design: the design data, or the striking side's :class:`AirTables` built from it.
        strike: the strike.
        resources: ``[resources](ibu, *)`` of every unit of ``V``, one row each, the target
            side's ``nrs(v)`` columns in the design's resource order.
        posture_classes: each target unit's posture class (1-4); for interdiction all equal
            (``pc``).
        env: ``[environment]`` of the target cell, 1..nenv.
        supported: CAS only: whether side ``s`` is the engagement's attacker or defender.
        units: labels of the rows for the record (unit numbers); default ``0, 1, ...``.
        rules: the :class:`AirRules` choices; default the manual's §6 reading.

    Raises:
        InvalidInputError: any input of the wrong shape or out of range, ``supported``
            missing for CAS or given for interdiction, or interdiction targets in more than
            one posture class.
    """
    rules = rules or AirRules()
    tables = design if isinstance(design, AirTables) else AirTables.from_design(design, strike.side)
    strike.check(tables)
    res = _resources(tables, resources)
    pcs = _classes(posture_classes)
    if pcs.size != res.shape[0]:
        raise _fail(
            "posture_classes",
            f"needs one class per target unit: {res.shape[0]} units, {pcs.size} classes",
        )
    labels = tuple(range(res.shape[0])) if units is None else tuple(int(u) for u in units)
    if len(labels) != res.shape[0]:
        raise _fail("units", f"needs one label per target unit ({res.shape[0]})")
    side_of: Supported | None = None
    if strike.role is StrikeRole.CAS:
        if supported is None:
            raise _fail("supported", "a CAS strike supports the engagement attackers or defenders")
        side_of = Supported(supported)
    else:
        if supported is not None:
            raise _fail("supported", "an interdiction strike supports no engagement (§6)")
        if pcs.size and np.any(pcs != pcs[0]):
            raise _fail(
                "posture_classes",
                f"interdiction targets share one posture class pc (§6), got {sorted(set(pcs))}",
            )
    e = _env(tables, env)
    remaining, record = assess_strike_trusted(
        tables, strike, res.tolist(), pcs.tolist(), e, supported=side_of, units=labels, rules=rules
    )
    return StrikeResult(remaining=_frozen(remaining, res.shape), record=record)


def assess_strike_trusted(
    tables: AirTables,
    strike: AirStrike,
    rows: list[list[float]],
    posture_classes: list[int],
    env: int,
    *,
    supported: Supported | None,
    units: tuple[int, ...],
    rules: AirRules | None = None,
) -> tuple[list[list[float]], StrikeRecord]:
    """:func:`assess_strike` on the game's own data, which it trusts (no checks): the target
    units' resources as rows of Python floats, their posture classes (one class for
    interdiction), ``supported`` given for CAS only, one label per row. Returns the
    resources after the strike, as rows, and the :class:`StrikeRecord`.

    What depends on the design alone -- ``agwep`` of the composition, the ``aag`` rows, the
    products of ``kag`` and its four factors, the personnel each loss implies -- is made
    once per game by the tables (:class:`AirTables`); a strike computes the rest unit by
    unit in Python floats, the same IEEE operations in the same order as the array
    expressions of §6."""
    rules = rules or _MANUAL
    _, nw, nmat, npers, _ = tables._sizes
    nrs, n = nmat + npers, len(rows)
    pc = posture_classes[0] if posture_classes and supported is None else None
    grdrs = column_sums(rows, nmat)
    if posture_classes:
        aag, weapons, agwep_ = tables.plan(strike, supported, pc, rules)
        alpha = _alpha(aag, grdrs, *tables.standard_target())
    else:  # no target: no posture class to allocate fire by
        weapons, agwep_ = tables.weapon_list(strike.ascomp), tables.weapons(strike.ascomp)
        alpha = [[0.0] * nmat for _ in range(nw)]
    by_material = list(zip(*alpha)) or [()] * nmat  # [j][iw]  # noqa: B905 -- nmat each
    # The unit's share of grdrs, [resources](j) / grdrs(j) (0 where grdrs(j) = 0). A strike
    # on one unit takes 1.0 for every share: x / x is 1.0 where the unit holds the materiel,
    # and where it holds none alpha is 0.0 (its weight aag * 0 is not > 0), so that
    # alpha * 1.0 is alpha * share, whatever the materiel, bit for bit.
    ones = [1.0] * nmat
    ascomp = strike.ascomp
    start = -0.0 if nw else 0.0  # -0.0 + k is k, bit for bit, whatever k; no weapon: K sums to 0
    remaining, losses, potential = [], [], []
    for row, unit_pc in zip(rows, posture_classes, strict=True):
        # One pass over the unit's materiel types: for each, K weapon after weapon
        # (_unit_potential's products, f * ((alpha * share) * agwep)), its sum over the
        # weapons (column_sums of K) and the losses it inflicts (_unit_losses), the same
        # operations in the same order. (zip's strict= is left out of these loops: a keyword
        # argument costs each call more than the rest of its work; the lengths are nmat.)
        new = list(row)
        total: list[float] = []
        shares = ones if n == 1 else [x / g if g > 0.0 else 0.0 for x, g in zip(row, grdrs)]  # noqa: B905
        if nw == 1:
            # One weapon type (a common design): the same steps without the loop over
            # weapons -- K, which is its own sum, and the losses it inflicts.
            w = weapons[0]
            for j, (x, share, f, a, (pairs,)) in enumerate(
                zip(row, shares, tables.factors(unit_pc, env)[0], alpha[0], tables.implied())  # noqa: B905
            ):
                k = f * ((a * share) * w)
                total.append(k)
                lost = x if x < k else k
                if lost == 0.0:
                    continue  # nothing lost, no personnel lost (the stocks are >= 0)
                new[j] = x - lost
                for p, d in pairs:
                    y, r = lost * d, new[p]
                    new[p] = r - (r if r < y else y)
        else:
            for j, (x, share, kj, aj) in enumerate(
                zip(row, shares, tables.kernel(ascomp, unit_pc, env), by_material)  # noqa: B905
            ):
                held, summed = x, start
                for (f, w, pairs), a in zip(kj, aj):  # noqa: B905 -- nw each
                    k = f * ((a * share) * w)
                    summed += k
                    lost = held if held < k else k
                    if lost == 0.0:
                        continue  # nothing lost, no personnel lost (the stocks are >= 0)
                    held -= lost
                    for p, d in pairs:
                        y, r = lost * d, new[p]
                        new[p] = r - (r if r < y else y)
                new[j] = held
                total.append(summed)
        # Subtraction of a quantity no larger than the stock leaves it >= 0 up to rounding.
        left = [y if y >= 0.0 or y != y else 0.0 for y in new]
        potential.append(total)  # Σ_iw K(iw, j), weapon after weapon
        remaining.append(left)
        losses.append(list(map(operator.sub, row, left)))
    record = _Assessed.__new__(_Assessed)
    fields = record.__dict__
    fields.update(strike=strike, supported=supported, pc=pc, env=env, units=units, agwep=agwep_)
    fields["_pending"] = (grdrs, alpha, potential, losses, (nmat, nw, n, nrs))
    if strike.role is StrikeRole.CAS:
        # The combat procedure reads casfx frame after frame (cas_totals): made now.
        source = potential if rules.cas_record is CasRecord.POTENTIAL else losses
        fields["casfx"] = column_sums(source, tables.nggwep_target)
        record.grdrs  # noqa: B018 -- every array made, casfx with them
    else:
        fields["casfx"] = None
    return remaining, record


class _Assessed(StrikeRecord):
    """A :class:`StrikeRecord` of :func:`assess_strike_trusted`: the same record, whose arrays
    (``grdrs``, ``alpha``, ``potential``, ``losses``, and ``casfx`` for CAS) are made from
    its lists of Python floats when one is first read -- an interdiction strike's arrays
    are read by no step of a game, only by whoever looks at the record."""

    def __getattr__(self, name: str) -> Any:
        # Only a name the instance does not hold comes here: an array not made yet.
        fields = self.__dict__
        pending = fields.get("_pending")
        if pending is None or name not in _PENDING:
            raise AttributeError(name)
        grdrs, alpha, potential, losses, (nmat, nw, n, nrs) = pending
        casfx = fields["casfx"]
        # The arrays as read-only views of one array: made at once.
        flat = [*grdrs]
        for rows in (alpha, potential, losses):
            for r in rows:
                flat += r
        if casfx is not None:
            flat += casfx
        whole = np.array(flat, dtype=np.float64)
        whole.setflags(write=False)
        at = nmat + nw * nmat
        end = at + n * nmat
        fields.update(
            grdrs=whole[:nmat],
            alpha=whole[nmat:at].reshape(nw, nmat),
            potential=whole[at:end].reshape(n, nmat),
            losses=whole[end : end + n * nrs].reshape(n, nrs),
            casfx=None if casfx is None else whole[end + n * nrs :],
        )
        del fields["_pending"]
        return fields[name]

    def loss_totals(self) -> list[float]:
        pending = self.__dict__.get("_pending")
        if pending is None:
            return super().loss_totals()
        return column_sums(pending[3], pending[4][3])


_PENDING = frozenset({"grdrs", "alpha", "potential", "losses", "casfx"})
"""The arrays an :class:`_Assessed` record makes when one is first read."""


# -- §5.2: the air values of an engagement ----------------------------------------------------


def cas_totals(records: Iterable[StrikeRecord], cell: int, side: int, size: int) -> FloatArray:
    """``CASATK`` or ``CASDEF`` of the engagement at ``cell`` (seed 000 §5.2): the enemy's
    ground-to-ground weapons destroyed this cycle by ``side``'s CAS strikes on ``cell``.

    Pass ``side = sideA`` for ``CASATK`` (``size = nggwep(sideD)``) and ``side = sideD`` for
    ``CASDEF`` (``size = nggwep(sideA)``). Interdiction strikes and strikes on other cells do
    not count. 0 when ``side`` flew no CAS there this cycle.
    """
    total = np.zeros(size)
    for r in records:
        if r.casfx is None or r.strike.target != cell or r.strike.side != side:
            continue
        if r.casfx.shape != (size,):
            raise _fail("size", f"a CAS record of {r.casfx.size} weapon types, asked for {size}")
        total += r.casfx
    return total


def air_values(
    casatk: ArrayLike, casdef: ArrayLike, values: WeaponValues, nframe: int
) -> tuple[float, float]:
    """``(fair, gair)``: the air values of the engagement's two sides in one frame (§5.2)::

        fair = (1/alpha) * Σ_{j=1}^{n} (CASATK(j) / nframe) * vald(j),
        gair = (1/delta) * Σ_{j=1}^{m} (CASDEF(j) / nframe) * vala(j),

    the CAS losses spread uniformly over the ``nframe`` frames of the cycle and valued as the
    ground values are (``fgrd = (1/alpha) Σ_j (Σ_i A(i,j) ersatk(i)) vald(j)``), so that
    ``FRGA = (fgrd + fair) / (ggrd + gair)``.

    Ruling: with ``alpha = 0`` (the ground fire kills nothing of value, §5.1.2) a term whose
    sum is 0 is 0 and a positive one is ``math.inf``.

    Args:
        casatk: ``CASATK(j)``, ``j = 1..nggwep(sideD)`` (:func:`cas_totals`).
        casdef: ``CASDEF(j)``, ``j = 1..nggwep(sideA)``.
        values: the engagement's weapon values (``va``, ``vd``, ``alpha``, ``delta``).
        nframe: the number of frames in a cycle.
    """
    if isinstance(nframe, bool) or not isinstance(nframe, int) or nframe < 1:
        raise _fail("nframe", f"must be a number of frames >= 1, got {nframe!r}")
    atk = np.array(casatk, dtype=np.float64)
    dfn = np.array(casdef, dtype=np.float64)
    for name, vec, size in (("casatk", atk, len(values.vd)), ("casdef", dfn, len(values.va))):
        if vec.shape != (size,) or not np.all(np.isfinite(vec) & (vec >= 0)):
            raise _fail(name, f"must be {size} finite losses >= 0, got {vec}")

    def value(losses: FloatArray, weights: FloatArray, scalar: float) -> float:
        raw = exact.dot(losses / nframe, weights)
        if raw == 0.0:
            return 0.0
        return raw / scalar if scalar > 0 else math.inf

    return value(atk, values.vd, values.alpha), value(dfn, values.va, values.delta)


def engagement_air_values(
    records: Iterable[StrikeRecord],
    cell: int,
    side_a: int,
    values: WeaponValues,
    nframe: int,
) -> tuple[float, float]:
    """``(fair, gair)`` of the engagement at ``cell`` for the frame now ending (seed 000 §5.2):
    ``CASATK`` from side ``sideA``'s and ``CASDEF`` from side ``sideD``'s CAS records of this
    cycle (:func:`cas_totals`), valued by :func:`air_values`.

    Args:
        records: the strike records of the current cycle (any side, role or cell).
        cell: the engagement location.
        side_a: ``sideA``, the engagement attackers' side.
        values: the engagement's weapon values of this frame (§5.1.2).
        nframe: the number of frames in a cycle.
    """
    side_a = _side(side_a)
    kept = list(records)
    casatk = cas_totals(kept, cell, side_a, len(values.vd))
    casdef = cas_totals(kept, cell, 3 - side_a, len(values.va))
    return air_values(casatk, casdef, values, nframe)
