"""Small IDAHEX designs without 40 hand-made arrays (seed 000 §9.1, every group of File 50).

:class:`SmallDesign` names what a designer chooses -- the cell layout, each side's weapon
types, the kill rates, the postures, the units -- and :meth:`SmallDesign.scenario` writes a
complete, valid File 50 / File 60 scenario in which every other datum has a neutral default:
one environment ("clear") and one route type ("road") everywhere, no barriers, no supplies,
transport or personnel (nothing limits a force: §5.4.1 ``frinv`` is 1 for every weapon of
protection group 1, §7 consumes nothing), every kill factor 1, no defensive preparation
(``prep = 1``), no crowding (``freff = 1``), no aircraft. Each default is written into the
file, so a designer edits it there (``hexwar idahex new`` writes one; docs/idahex.md, "Small
designs").

The defaults that decide combat:

* ``katk``/``kdef`` (§5.1): every weapon of a side kills every enemy weapon at the side's rate
  (``kill_rates``), each weapon allocating its fire by ``aggatk = aggdef = 1`` (§5.1.1);
* ``frdval`` (§5.4.5): on (``frdval=True``) the Sinai curves; off, the curves are -1, so the
  losses are the Lanchester losses themselves (§5.1.3, "If temp < 0, this step is skipped");
* ``td`` (§5.1.3): the tactical zone is ``depth`` deep, so ``TO = defdepth`` and ``TI = 1``:
  the engagement is fought at full intensity from its first frame, as colocated forces are;
* ``vfeba`` (§5.4.6): ``feba_velocity`` for every force ratio (0: the FEBA never moves, the
  defenders are never defeated, the battle is pure attrition);
* ``vanish`` (§5.3): 0, so a unit is eliminated only when it holds nothing.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pydantic import ValidationError

from hexwar.core.errors import InvalidInputError, Problem
from hexwar.core.numberings import IdahexGrid
from hexwar.rulesets.idahex.design import File50, File60
from hexwar.rulesets.idahex.design.model import (
    DEFER_CONSISTENCY,
    consistency_problems,
    poff_dims,
    poff_table,
)
from hexwar.rulesets.idahex.scenario import (
    ARRIVALS_RULE,
    Arrival,
    ArrivalOrder,
    IdahexScenario,
    arrival_problems,
)
from hexwar.scenarios import format_path

__all__ = [
    "ENGEL_A",
    "ENGEL_B",
    "ENGEL_DAYS",
    "ENGEL_DEFENDERS",
    "ENGEL_LANDINGS",
    "SmallDesign",
    "SmallUnit",
    "engel_iwo_jima",
    "lanchester_duel",
]

SIDES = ("red", "blue")
NAME_PART = 5
"""Resource names are two words of five characters (§9.1.1 group 20, format ``a5,1x,a5``)."""


@dataclass(frozen=True, slots=True)
class SmallUnit:
    """A battle unit: its side, cell, posture (0-9 inactive, or a hold posture) and holdings
    of its side's weapons by name (weapons not named: 0).

    ``arrives``: the time at which the unit, inactive until then, becomes active in ``cell``
    (the scenario's ``arrivals``; docs/rulings/idahex.md, "Arrivals"), then carries out
    ``then``, orders ``(objective, posture)``; ``None``: the unit is there from the start in
    ``posture``."""

    side: str
    cell: int
    weapons: Mapping[str, float]
    posture: int = 10
    name: str = ""
    arrives: float | None = None
    then: Sequence[tuple[int, int]] = ()


@dataclass(frozen=True, slots=True)
class SmallDesign:
    """What a designer chooses for a small game; :meth:`scenario` fills in the rest.

    Attributes:
        ncells, nrank1: the area of war (§2.1): ``ncells`` cells in ranks of ``nrank1``.
        inactive: cells excluded from the area of war (basic environment 0).
        border: cells ``1..border`` are Red's at the start, the rest Blue's (group 26).
        weapons: each side's ground-to-ground weapon types, by name (``red``, ``blue``).
        kill_rates: per side, the enemy weapons one weapon kills per unit of time, either one
            rate for every pair or ``{(weapon, enemy weapon): rate}`` (missing pairs: 0).
        units: the battle units; Red's are numbered from 1, Blue's after them; a unit with
            ``arrives`` is a reinforcement on the scenario's schedule (``arrivals``).
        npost: postures per class (§2.2.1): hold, disengagement, movement, attack.
        frdval: whether §5.1.3 scales losses to the force ratio (the Sinai curves).
        feba_velocity: the FEBA's speed at every force ratio (§5.4.6), in distance per time.
        depth: the distance between cell centres (§2.1).
        movement_rate: distance per unit of time on a road (§3.2.3).
        times: ``(tinit, tend, tframe, tpd, tcycle)`` (§2.3).
        iprint: what the reports show (§8).
        title, description: the scenario's.
    """

    ncells: int
    nrank1: int
    weapons: Mapping[str, Sequence[str]]
    kill_rates: Mapping[str, float | Mapping[tuple[str, str], float]]
    units: Sequence[SmallUnit]
    inactive: frozenset[int] = frozenset()
    border: int = 0
    npost: tuple[int, int, int, int] = (2, 1, 1, 1)
    frdval: bool = True
    feba_velocity: float = 0.0
    depth: float = 10.0
    movement_rate: float = 100.0
    times: tuple[float, float, float, float, float] = (0.0, 10.0, 0.25, 0.5, 1.0)
    iprint: int = 100
    title: str = "small IDAHEX design"
    description: str = "Written by hexwar.rulesets.idahex.builder (docs/idahex.md)"

    # -- checks ----------------------------------------------------------------------------

    def _check(self) -> None:
        p: list[Problem] = []
        for side in SIDES:
            names = list(self.weapons.get(side, ()))
            if not names:
                p.append(Problem(f"{side} needs at least one weapon type", path=f"weapons.{side}"))
            for n in names:
                if not n or len(n) > 2 * NAME_PART + 1 or len(_parts(n)[0]) > NAME_PART:
                    p.append(
                        Problem(
                            f"weapon name {n!r}: at most two words of {NAME_PART} characters "
                            "(§9.1.1 group 20)",
                            path=f"weapons.{side}",
                        )
                    )
            if len(set(names)) != len(names):
                p.append(Problem("weapon names repeat", path=f"weapons.{side}"))
            rates = self.kill_rates.get(side, 0.0)
            enemy = list(self.weapons.get(_other(side), ()))
            if isinstance(rates, Mapping):
                for (a, b), r in rates.items():
                    if a not in names or b not in enemy or not r >= 0:
                        p.append(
                            Problem(
                                f"kill rate {a}->{b} = {r}: needs a {side} weapon, a "
                                f"{_other(side)} weapon and a rate >= 0",
                                path=f"kill_rates.{side}",
                            )
                        )
            elif not rates >= 0:
                p.append(Problem(f"kill rate {rates} must be >= 0", path=f"kill_rates.{side}"))
        try:
            grid = IdahexGrid(self.ncells, self.nrank1, self.inactive)
        except (ValueError, InvalidInputError) as e:
            raise InvalidInputError([Problem(str(e), path="cells")]) from None
        active = [c for c in range(1, self.ncells + 1) if grid.is_active(c)]
        for k, u in enumerate(self.units):
            where = f"units[{k}]"
            if u.side not in SIDES:
                p.append(Problem(f"side {u.side!r}: red or blue", path=where))
                continue
            if u.cell not in active:
                p.append(
                    Problem(
                        f"cell {u.cell} is not an active cell (active: "
                        f"{', '.join(map(str, active))})",
                        path=where,
                    )
                )
            for w, x in u.weapons.items():
                if w not in self.weapons.get(u.side, ()) or not x >= 0:
                    p.append(Problem(f"{w}={x}: not a {u.side} weapon or < 0", path=where))
            if not (0 <= u.posture <= 9 or 10 <= u.posture < 10 + self.npost[0]):
                p.append(Problem(f"posture {u.posture}: 0-9 or a hold posture", path=where))
            tinit, tend = self.times[0], self.times[1]
            if u.arrives is not None and not tinit <= u.arrives < tend:
                p.append(
                    Problem(
                        f"arrives at {u.arrives:g}: outside the game, tinit = {tinit:g} <= "
                        f"time < tend = {tend:g} (seed 000 §2.3; rule: {ARRIVALS_RULE})",
                        path=where,
                    )
                )
        for side in SIDES:
            if not any(u.side == side for u in self.units):
                p.append(Problem(f"{side} has no unit", path="units"))
        if p:
            raise InvalidInputError(p)

    # -- the scenario ----------------------------------------------------------------------

    def scenario(self) -> IdahexScenario:
        """The complete scenario (File 50 and an empty File 60), validated.

        Raises:
            InvalidInputError: a choice is inconsistent (every problem, with its field).
        """
        self._check()
        grid = IdahexGrid(self.ncells, self.nrank1, self.inactive)
        nw = tuple(len(self.weapons[s]) for s in SIDES)
        red = [u for u in self.units if u.side == "red"]
        blue = [u for u in self.units if u.side == "blue"]
        ordered = [*red, *blue]
        # One unit type per side, planned at the side's first unit's holdings (§2.2.2).
        toe = tuple(
            _holdings(self.weapons[s], next(u for u in ordered if u.side == s)) for s in SIDES
        )
        npost = self.npost
        kap, kdp = poff_dims(poff_table(npost, ()))
        tinit, tend, tframe, tpd, tcycle = self.times

        def per_side(f: Callable[[int], object]) -> tuple[object, object]:
            return (f(0), f(1))

        def rates(s: int, i: int, j: int) -> float:
            r = self.kill_rates.get(SIDES[s], 0.0)
            if isinstance(r, Mapping):
                return float(r.get((self.weapons[SIDES[s]][i], self.weapons[SIDES[1 - s]][j]), 0.0))
            return float(r)

        ones = _ones
        routes = []
        for c in range(1, self.ncells + 1):
            if c in self.inactive:
                continue
            succ = tuple(grid.successor(c, k) for k in (1, 2, 3))
            rte = tuple(1 if n > 0 and grid.is_active(n) else 0 for n in succ)
            routes.append({"cell": c, "basic_rtetype": rte, "basic_bartype": (0, 0, 0)})
        units = [
            {
                "number": k + 1,
                "buname": u.name or f"{u.side[0].upper()}{k + 1}",
                "butype": 1 if u.side == "red" else 2,
                "buloc": u.cell,
                "bupost": u.posture if u.arrives is None else 0,
                "tentry": tinit,
                "resources": _holdings(self.weapons[u.side], u),
            }
            for k, u in enumerate(ordered)
        ]
        frdval_on = self.frdval
        data = {
            "iprint": self.iprint,
            "nprint": 1,
            "tinit": tinit,
            "tend": tend,
            "tframe": tframe,
            "tcycle": tcycle,
            "tpd": tpd,
            "delta": tframe / 10,
            "ncells": self.ncells,
            "nrank1": self.nrank1,
            "ename0": [{"code": 1, "name": "clear"}],
            "nenv": 1,
            "ename": ["clear"],
            "basic_env": [
                {"cell": c, "basic_env": 0 if c in self.inactive else 1}
                for c in range(1, self.ncells + 1)
            ],
            "rname0": [{"code": 1, "name": "road"}],
            "bname0": [],
            "nrtety": 1,
            "rname": ["road"],
            "nbarty": 0,
            "bname": [],
            "basic_routes": routes,
            "depth": self.depth,
            "iblul": len(red) + 1,
            "nsyl": 2,
            "nutype": 2,
            "npost": npost,
            "itrfp": 11 if npost[0] >= 2 else 10,
            "nggwep": nw,
            "ngawep": (0, 0),
            "ntrpt": (0, 0),
            "nss": (0, 0),
            "npers": (0, 0),
            "rsname": tuple(tuple(_parts(n) for n in self.weapons[s]) for s in SIDES),
            "flag": (1, 2),
            "iars": tuple(tuple(range(1, nw[s] + 1)) for s in (0, 1)),
            "toe": toe,
            "aysize": ((10.0, 10.0, 10.0, 10.0), (10.0, 10.0, 10.0, 10.0)),
            "units": units,
            "border": self.border,
            "side": 1,
            "owner": [],
            "pmap": [],
            "ptran": tuple(tuple(tuple(0.0 for _ in range(n)) for _ in range(n)) for n in npost),
            "diseng": ((0.0, 0.0), (0.0, 0.0)),
            "airmove": tuple(False for _ in range(npost[2])),
            "mrair": (0.0, 0.0),
            "bdelay": tuple(tuple(() for _ in range(npost[2])) for _ in range(2)),
            "mr": tuple(tuple((self.movement_rate,) for _ in range(npost[2])) for _ in range(2)),
            "trnreq": per_side(lambda s: tuple(0.0 for _ in range(nw[s]))),
            "trncap": per_side(lambda s: tuple(0.0 for _ in range(nw[s]))),
            "ssreqm": per_side(lambda s: tuple(() for _ in range(nw[s]))),
            "trptcl": (0, 0),
            "loadcl": per_side(lambda s: tuple(0 for _ in range(nw[s]))),
            "nlc": (0, 0),
            "ldsize": per_side(lambda s: tuple(() for _ in range(nw[s]))),
            "ldcap": per_side(lambda s: tuple(0.0 for _ in range(nw[s]))),
            "fmr_f0": (-1.0, -1.0),
            "fmr_f": (ones(6), ones(6)),
            "fmr_x": (0.5, 1.0, 1.0, 1.0, 1.0, 1.0),
            "ssvncr": (),
            "ssvncb": (),
            "combat_supplies": ((), ()),
            "poff": [],
            "stdtgt": per_side(lambda s: ones(nw[s])),
            "aggatk": per_side(lambda s: tuple(ones(nw[1 - s]) for _ in range(nw[s]))),
            "aggdef": per_side(lambda s: tuple(ones(nw[1 - s]) for _ in range(nw[s]))),
            "katk": per_side(
                lambda s: tuple(
                    tuple(rates(s, i, j) for j in range(nw[1 - s])) for i in range(nw[s])
                )
            ),
            "kdef": per_side(
                lambda s: tuple(
                    tuple(rates(s, i, j) for j in range(nw[1 - s])) for i in range(nw[s])
                )
            ),
            "fckar": per_side(lambda s: tuple(ones(kap) for _ in range(nw[s]))),
            "fckdr": per_side(lambda s: tuple(ones(kdp) for _ in range(nw[s]))),
            "fckac": per_side(lambda s: tuple(ones(kdp) for _ in range(nw[s]))),
            "fckdc": per_side(lambda s: tuple(ones(kap) for _ in range(nw[s]))),
            "fckare": per_side(lambda s: tuple(ones(1) for _ in range(nw[s]))),
            "fckdre": per_side(lambda s: tuple(ones(1) for _ in range(nw[s]))),
            "fckace": per_side(lambda s: tuple(ones(1) for _ in range(nw[s]))),
            "fckdce": per_side(lambda s: tuple(ones(1) for _ in range(nw[s]))),
            "barier": per_side(lambda s: tuple(() for _ in range(nw[s]))),
            "dpersr": (),
            "dpersb": (),
            "td": (self.depth,),
            "febab": (),
            "febad": 0.99,
            "vanish": (0.0, 0.0),
            "frdval_f0atk": tuple(1.0 if frdval_on else -1.0 for _ in range(npost[3])),
            "frdval_fatk": tuple(
                (0.24, 0.15, 0.1, 0.08, 0.05, 0.04, 0.001) if frdval_on else (-1.0,) * 7
                for _ in range(npost[3])
            ),
            "frdval_f0def": tuple(0.0 if frdval_on else -1.0 for _ in range(npost[0] + npost[1])),
            "frdval_fdef": tuple(
                (0.04, 0.11, 0.16, 0.23, 0.28, 0.35, 0.2) if frdval_on else (-1.0,) * 7
                for _ in range(npost[0] + npost[1])
            ),
            "frdval_x": (0.5, 1.0, 2.0, 3.0, 4.0, 5.0, 50.0),
            "vfeba": per_side(
                lambda s: tuple(
                    {
                        "attacker": 40 + a,
                        "defender": d,
                        "f0": self.feba_velocity,
                        "f": (self.feba_velocity,) * 7,
                    }
                    for a in range(npost[3])
                    for d in [10 + k for k in range(npost[0])] + [20 + k for k in range(npost[1])]
                )
            ),
            "vfeba_fr": (1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 50.0),
            "ppoh": ((), ()),
            "spdd": per_side(lambda s: tuple(() for _ in range(nw[s]))),
            "frinv_f0": per_side(lambda s: tuple(() for _ in range(nw[s]))),
            "frinv_f": per_side(lambda s: tuple(() for _ in range(nw[s]))),
            "frinv_x": ((1.0,) * 6, (1.0,) * 6),
            "pg": per_side(lambda s: tuple(1 for _ in range(nw[s]))),
            "prot": per_side(
                lambda s: tuple(tuple(0.0 for _ in range(nw[s])) for _ in range(nw[s]))
            ),
            "freff_f0": (1.0, 1.0),
            "freff_f": (ones(7), ones(7)),
            "freff_x": ((1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0),) * 2,
            "prep_f": per_side(lambda s: tuple(ones(7) for _ in range(nw[s]))),
            "prep_x": ((-1.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0),) * 2,
            "nactyp": (0, 0),
            "nagwep": (0, 0),
            "kag": ((), ()),
            "fcagrp": ((), ()),
            "fcagcp": per_side(lambda s: tuple(ones(4) for _ in range(nw[s]))),
            "fcagre": ((), ()),
            "fcagce": per_side(lambda s: tuple(ones(1) for _ in range(nw[s]))),
            "dgpred": tuple(() for _ in range(nw[0])),
            "dgpblu": tuple(() for _ in range(nw[1])),
            "agload": ((), ()),
            "aagatk": ((), ()),
            "aagdef": ((), ()),
            "aagred": (),
            "aagblu": (),
            "haven_zoc": True,
            "haven_pthome": (1, 1),
        }
        try:  # the file's own route: JSON, where lists stand for the model's tuples
            # The cross-group checks are run below, one problem each, so that no message
            # arrives as pydantic's "Value error, inconsistent File 50 data: ...".
            design = File50.model_validate_json(json.dumps(data), context={DEFER_CONSISTENCY: True})
        except ValidationError as e:
            raise InvalidInputError(
                [
                    Problem(
                        str(err["msg"]).removeprefix("Value error, "),
                        path=".".join(map(str, err["loc"])),
                    )
                    for err in e.errors()
                ]
            ) from None
        inconsistent = consistency_problems(design)
        if inconsistent:
            raise InvalidInputError(
                [Problem(message, path=format_path(path)) for path, message in inconsistent]
            )
        arrivals = [
            Arrival(
                unit=k + 1,
                cell=u.cell,
                time=u.arrives,
                orders=[ArrivalOrder(objective=c, posture=p) for c, p in u.then],
            )
            for k, u in enumerate(ordered)
            if u.arrives is not None
        ]
        late = arrival_problems(arrivals, design)
        if late:  # the orders (the rest was checked above): at the unit as the caller gave it
            given = {id(u): i for i, u in enumerate(self.units)}

            def where(path: tuple[str | int, ...]) -> str:
                unit = ordered[arrivals[int(path[1])].unit - 1]
                return f"units[{given[id(unit)]}].then"

            raise InvalidInputError([Problem(m, path=where(p)) for p, m in late])
        return IdahexScenario(
            ruleset="idahex",
            title=self.title,
            description=self.description,
            design=design,
            maps=File60(),
            arrivals=arrivals,
        )


def lanchester_duel(
    red_rate: float, blue_rate: float, tframe: float, red: float, blue: float
) -> SmallDesign:
    """The validation duel of docs/validation.md: Red's ``red`` rifles in cell 2 attack Blue's
    ``blue`` in cell 6 (next to it), one weapon type a side killing ``red_rate`` / ``blue_rate``
    enemy weapons a day, no ``frdval`` scaling, frames of ``tframe``; the FEBA creeps (velocity
    .25), so the attack neither stalls nor wins in the frames looked at."""
    return SmallDesign(
        ncells=8,
        nrank1=4,
        border=4,
        weapons={"red": ["rifle"], "blue": ["rifle"]},
        kill_rates={"red": red_rate, "blue": blue_rate},
        units=[SmallUnit("red", 2, {"rifle": red}), SmallUnit("blue", 6, {"rifle": blue})],
        frdval=False,
        feba_velocity=0.25,
        times=(0.0, 10.0, tframe, tframe, tframe),
    )


ENGEL_A, ENGEL_B = 0.0544, 0.0106
"""Engel's fitted rates (1954): Japanese fire kills ``a`` Americans per Japanese and day,
American fire ``b`` Japanese per American and day."""
ENGEL_LANDINGS = ((0, 54_000.0), (2, 6_000.0), (5, 13_000.0))
"""The American landings: (day starting at t, men landed during that day)."""
ENGEL_DEFENDERS = 21_500.0
ENGEL_DAYS = 36


def engel_iwo_jima(tframe: float = 0.05) -> SmallDesign:
    """Engel's Iwo Jima (docs/validation.md, "Iwo Jima (Engel 1954)"): the Japanese garrison
    (Red, 21,500 men, cell 2) holds; each American landing of Engel's model comes ashore as
    units that arrive in cell 6, next to it, every frame of its day (the day's men in equal
    parts, ``1 / tframe`` of them) and attack cell 2 at once. One weapon type a side, "men",
    killing at Engel's rates; no ``frdval`` scaling, the FEBA never moves (pure attrition), a
    movement rate so high that an arriving unit joins the attack 10**-5 days after it lands;
    one period a day (``tpd = tcycle = 1``), so ``hexwar run --max-steps d`` stops at day
    ``d``."""
    per_day = round(1 / tframe)
    if not math.isclose(per_day * tframe, 1.0):
        raise InvalidInputError([Problem(f"{tframe}: a day must hold whole frames", "tframe")])
    units = [SmallUnit("red", 2, {"men": ENGEL_DEFENDERS}, name="JAPANESE")]
    for day, men in ENGEL_LANDINGS:
        units += [
            SmallUnit(
                "blue",
                6,
                {"men": men / per_day},
                name=f"US D{day + 1} {k + 1:03d}",
                arrives=round(day + k * tframe, 12),
                then=[(2, 10)],
            )
            for k in range(per_day)
        ]
    return SmallDesign(
        ncells=8,
        nrank1=4,
        border=4,
        weapons={"red": ["men"], "blue": ["men"]},
        kill_rates={"red": ENGEL_A, "blue": ENGEL_B},
        units=units,
        frdval=False,
        feba_velocity=0.0,
        movement_rate=1e6,
        times=(0.0, float(ENGEL_DAYS), tframe, 1.0, 1.0),
        title="Iwo Jima (Engel 1954)",
        description=(
            "Engel's fitted Lanchester model of Iwo Jima (1954): 21,500 Japanese defenders, "
            "none added; American landings of 54,000 men during the first day, 6,000 during "
            "the third and 13,000 during the sixth, arriving every frame by the design's "
            "schedule; kill rates a = 0.0544 (Japanese) and b = 0.0106 (American) a man a "
            "day; 36 days. docs/validation.md, 'Iwo Jima (Engel 1954)'."
        ),
    )


def _ones(n: int) -> tuple[float, ...]:
    return (1.0,) * n


def _other(side: str) -> str:
    return "blue" if side == "red" else "red"


def _parts(name: str) -> tuple[str, str]:
    words = name.split(" ", 1)
    return (words[0], words[1] if len(words) > 1 else "")


def _holdings(weapons: Sequence[str], u: SmallUnit) -> tuple[float, ...]:
    return tuple(float(u.weapons.get(w, 0.0)) for w in weapons)
