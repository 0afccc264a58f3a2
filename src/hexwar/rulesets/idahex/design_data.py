"""The design data as the game uses them (seed 000 §2): an immutable :class:`Rules` built once
from a scenario's File 50 and File 60.

It holds the area of war (``ncells``, ``nrank1``, ``depth``, the inactive cells, the basic
environment, route and barrier types and the maps ``envmap``, ``rtemap``, ``barmap`` of every
cycle), the forces (unit types and their sides, the per-side resource lists with their five
categories, ``iars``, ``toe``), the time parameters, the posture configuration and the movement
data of §3.2. Rulings: ``docs/rulings/idahex.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numpy.typing import NDArray

from hexwar.core.numberings import IdahexGrid
from hexwar.rulesets.idahex.clock import Timing
from hexwar.rulesets.idahex.delays import MovementData, SideData
from hexwar.rulesets.idahex.design import File50, File60, missing_routes
from hexwar.rulesets.idahex.postures import PostureConfig
from hexwar.rulesets.idahex.scenario import IdahexScenario

__all__ = ["CATEGORIES", "Rules", "SideResources"]

SIDE_NAMES = ("red", "blue")

CATEGORIES = (
    "ground-to-ground weapon",
    "ground-to-air weapon",
    "transport",
    "supplies",
    "personnel",
)
"""The five ordered categories of a side's resource list (§2.2.2)."""


@dataclass(frozen=True, slots=True)
class SideResources:
    """One side's resource list (§2.2.2): names and the category of each type, in order.

    The list is ground-to-ground weapons, ground-to-air weapons, transport, supplies,
    personnel; the derived sublists are weapons (``nwep``), equipment (``nequip``), materiel
    (``nmat``) and support resources (supplies and personnel, ``nsp``).
    """

    names: tuple[str, ...]
    category: tuple[int, ...]  # index into CATEGORIES
    nggwep: int
    nwep: int
    nequip: int
    nmat: int

    @property
    def nrs(self) -> int:
        return len(self.names)

    @property
    def supplies(self) -> range:
        """0-based indices of the supply types ``nequip+1 .. nmat``."""
        return range(self.nequip, self.nmat)


@dataclass(frozen=True)
class Rules:
    """Everything the game needs from File 50 and File 60, in the game's terms."""

    design: File50
    maps: File60

    @classmethod
    def from_scenario(cls, scenario: IdahexScenario) -> Rules:
        return cls(scenario.design, scenario.maps)

    # -- area of war (§2.1) ------------------------------------------------------------------

    @cached_property
    def grid(self) -> IdahexGrid:
        return self.design.grid()

    @cached_property
    def basic_env(self) -> dict[int, int]:
        return self.design.environment_of()

    @cached_property
    def _hexsides(self) -> dict[tuple[int, int], tuple[int, int]]:
        """Basic (route, barrier) type of every adjacent active pair, both orders."""
        grid = self.grid
        last = {r.cell: r for r in self.design.basic_routes}
        out: dict[tuple[int, int], tuple[int, int]] = {}
        for cell, card in last.items():
            if not (1 <= cell <= grid.ncells and grid.is_active(cell)):
                continue
            for k in range(3):
                succ = grid.successor(cell, k + 1)
                if succ < 0 or not grid.is_active(succ):
                    continue
                pair = (card.basic_rtetype[k], max(card.basic_bartype[k], 0))
                out[cell, succ] = out[succ, cell] = pair
        return out

    @cached_property
    def routeless(self) -> frozenset[tuple[int, int]]:
        """Adjacent active pairs with no basic route type (ruling: impassable to a march)."""
        pairs = missing_routes(self.design)
        return frozenset(pairs) | frozenset((b, a) for a, b in pairs)

    def maps_at(self, cycle: int) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
        """The changed entries of ``envmap``, ``rtemap``, ``barmap`` in force in ``cycle``."""
        return self.maps.maps_at(cycle)

    def basic_hexside(self, i: int, j: int) -> tuple[int, int]:
        """The basic route and barrier types between adjacent cells (0 route: none given)."""
        return self._hexsides.get((i, j), (0, 0))

    # -- forces (§2.2) ------------------------------------------------------------------------

    @cached_property
    def unit_side(self) -> dict[int, int]:
        """Side (1 Red, 2 Blue) of every unit number."""
        return {u.number: self.design.unit_side(u) for u in self.design.units}

    @cached_property
    def resources(self) -> tuple[SideResources, SideResources]:
        d = self.design
        out = []
        for s in range(2):
            counts = (d.nggwep[s], d.ngawep[s], d.ntrpt[s], d.nss[s], d.npers[s])
            category = tuple(c for c, n in enumerate(counts) for _ in range(n))
            names = tuple(" ".join(p for p in pair if p).strip() for pair in d.rsname[s])
            out.append(
                SideResources(names, category, d.nggwep[s], d.nwep[s], d.nequip[s], d.nmat[s])
            )
        return out[0], out[1]

    @cached_property
    def accepts(self) -> tuple[NDArray[np.bool_], ...]:
        """``accepts[butype-1][irs-1]``: whether ``irs = iars(i, butype)`` for some ``i``."""
        out = []
        for t, row in enumerate(self.design.iars):
            side = self.design.flag[t] - 1
            mask = np.zeros(self.design.nrs[side], dtype=bool)
            mask[[i - 1 for i in row]] = True
            out.append(mask)
        return tuple(out)

    @cached_property
    def toe(self) -> tuple[NDArray[np.float64], ...]:
        """``toe[butype-1][irs-1]``: planned effective quantities (§2.2.2)."""
        return tuple(np.asarray(row, dtype=np.float64) for row in self.design.toe)

    # -- time and maneuver (§2.3, §3) ---------------------------------------------------------

    @cached_property
    def timing(self) -> Timing:
        d = self.design
        return Timing(d.tinit, d.tend, d.tframe, d.tcycle, d.tpd)

    @cached_property
    def postures(self) -> PostureConfig:
        d = self.design
        return PostureConfig(
            d.npost,
            {p.posture: p.pmapup for p in d.pmap},
            {p.posture: p.pmapdn for p in d.pmap},
        )

    @cached_property
    def movement(self) -> MovementData:
        d = self.design
        sides = tuple(
            SideData(
                nequip=d.nequip[s],
                nlc=d.nlc[s],
                trnreq=d.trnreq[s],
                trncap=d.trncap[s],
                ssreqm=tuple(zip(*d.ssreqm[s], strict=True)) if d.nss[s] else (),
                loadcl=d.loadcl[s],
                ldcap=d.ldcap[s],
                ldsize=d.ldsize[s],
            )
            for s in range(2)
        )
        return MovementData(
            depth=d.depth,
            ptran=d.ptran,
            airmove=d.airmove,
            mrair=d.mrair,
            mr=d.mr,
            bdelay=d.bdelay,
            diseng=d.diseng,
            trptcl=d.trptcl,
            fmr_f0=d.fmr_f0,
            fmr_f=d.fmr_f,
            fmr_x=d.fmr_x,
            sides=(sides[0], sides[1]),
        )

    @property
    def itrfp(self) -> int:
        return self.design.itrfp

    @property
    def iprint(self) -> int:
        return self.design.iprint
