"""One frame of one engagement: kill matrices, values, losses and the FEBA (seed 000 §5.1, §5.2).

:func:`assess_frame` is pure: it takes the participants as :class:`Participant` records (their
resources with the §5.4 functions already applied: ``frinv``, ``freff``, ``zrarea``), the
design's kill data (:class:`KillData`) and the curves ``prep``/``frdval``/``vfeba``, and
returns every unit's losses and the new FEBA (:class:`FrameResult`). The combat model
(:mod:`hexwar.rulesets.idahex.combat`) gathers the participants from the game and applies the
result; §5.3's elimination and retreat are there.

Notation follows the manual: side ``a`` attacks and side ``d`` defends (0-based ``sa - 1``
inside arrays), ``IGA = nggwep(sideA)``, materiel are the first ``nmat`` resources, the
ground-to-ground weapons the first ``nggwep``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from hexwar.core import exact
from hexwar.rulesets.idahex.air import air_values
from hexwar.rulesets.idahex.combat_functions import cell_area
from hexwar.rulesets.idahex.design import File50
from hexwar.rulesets.idahex.values import WeaponValues

__all__ = [
    "FRGRD_HIGH",
    "FRGRD_LOW",
    "Curves",
    "FrameFire",
    "FrameResult",
    "KillData",
    "Participant",
    "assess_frame",
    "front_length",
    "prepare_frame",
    "prepare_frames",
]

FloatArray = NDArray[np.float64]
Pair = tuple[FloatArray, FloatArray]

FRGRD_LOW = 1e-4
"""§5.1.3: below this ground force ratio the attackers lose everything (no dummy attacks)."""
FRGRD_HIGH = 1e4
"""§5.1.3: above this ground force ratio the defenders lose everything."""


class Curves(Protocol):
    """The §5.4 curves the frame needs (:class:`~.combat_functions.CombatFunctions`)."""

    def prep(self, i: int, side: int, h: float) -> float: ...

    def frdval(self, fr: float, post: int) -> float: ...

    def vfeba(self, fr: float, pa: int, pd: int, sa: int) -> float: ...


@dataclass(frozen=True, slots=True)
class Participant:
    """An attacker or defender as the frame sees it.

    Attributes:
        involvement: ``frinv(irs, unit)`` for every resource (§5.4.1).
        effectiveness: ``freff(unit)`` (§5.4.3).
        barrier: ``[bartype](location, loc)``, 0 in the engagement location itself.
        area: ``zrarea(unit)`` (§5.4.2).
    """

    number: int
    side: int
    location: int
    posture: int
    tentry: float
    resources: FloatArray
    involvement: FloatArray
    effectiveness: float = 1.0
    barrier: int = 0
    area: float = 0.0

    @property
    def involved(self) -> FloatArray:
        """``frinv(irs, unit) * [resources](unit, irs)``."""
        return self.involvement * self.resources

    @property
    def ers(self) -> FloatArray:
        """``ERS(unit, irs)`` (§5.1.1)."""
        return self.effectiveness * self.involved


def _sides(values: Sequence[object]) -> Pair:
    return (np.asarray(values[0], dtype=np.float64), np.asarray(values[1], dtype=np.float64))


@dataclass(frozen=True, eq=False)
class KillData:
    """The kill rates and their factors for both sides (File 50 groups 41-60), as arrays.

    Each pair holds side 1 then side 2; shapes are those of the manual's declarations, e.g.
    ``katk[s]`` is ``nggwep(s) x nmat(3-s)``, ``fckar[s]`` is ``nggwep(s) x kap`` by
    ``poff``, ``fckace[s]`` is ``nmat(s) x nenv``, ``dpers[s]`` is ``npers(s) x
    nggwep(3-s) x nmat(s)`` (``dpersr`` for Red, ``dpersb`` for Blue).
    """

    tframe: float
    depth: float
    poff: Mapping[int, int]
    nggwep: tuple[int, int]
    nmat: tuple[int, int]
    stdtgt: Pair
    katk: Pair
    kdef: Pair
    aggatk: Pair
    aggdef: Pair
    fckar: Pair
    fckdr: Pair
    fckac: Pair
    fckdc: Pair
    fckare: Pair
    fckdre: Pair
    fckace: Pair
    fckdce: Pair
    barier: Pair
    dpers: Pair
    td: FloatArray
    febab: FloatArray

    @classmethod
    def from_design(cls, d: File50) -> KillData:
        def pad(rows: int, values: object) -> FloatArray:
            a = np.asarray(values, dtype=np.float64)
            return a.reshape(rows, -1) if a.size else np.zeros((rows, 0))

        def pair(name: str, rows: Callable[[int], int]) -> Pair:
            v = getattr(d, name)
            return (pad(rows(0), v[0]), pad(rows(1), v[1]))

        weapons = lambda s: d.nggwep[s]  # noqa: E731
        materiel = lambda s: d.nmat[s]  # noqa: E731

        def dpers(s: int) -> FloatArray:
            raw = d.dpersr if s == 0 else d.dpersb
            shape = (d.npers[s], d.nggwep[1 - s], d.nmat[s])
            return np.asarray(raw, dtype=np.float64).reshape(shape)

        return cls(
            tframe=d.tframe,
            depth=d.depth,
            poff=d.poff_table,
            nggwep=(d.nggwep[0], d.nggwep[1]),
            nmat=(d.nmat[0], d.nmat[1]),
            stdtgt=_sides(d.stdtgt),
            katk=pair("katk", weapons),
            kdef=pair("kdef", weapons),
            aggatk=pair("aggatk", weapons),
            aggdef=pair("aggdef", weapons),
            fckar=pair("fckar", weapons),
            fckdr=pair("fckdr", weapons),
            fckac=pair("fckac", materiel),
            fckdc=pair("fckdc", materiel),
            fckare=pair("fckare", weapons),
            fckdre=pair("fckdre", weapons),
            fckace=pair("fckace", materiel),
            fckdce=pair("fckdce", materiel),
            barier=pair("barier", weapons),
            dpers=(dpers(0), dpers(1)),
            td=np.asarray(d.td, dtype=np.float64),
            febab=np.asarray(d.febab, dtype=np.float64),
        )

    @cached_property
    def _kept(self) -> dict[tuple[object, ...], FloatArray]:
        """What every frame computes again from the design alone (:meth:`factor`,
        :meth:`scaled`, :meth:`inverse_std`), by what it is made of: the same arrays."""
        return {}

    def factor(self, name: str, side: int, rows: int | None, column: int, env: int) -> FloatArray:
        """The first ``rows`` (all for ``None``) of column ``column`` of the factor ``name``
        (``fckar``, ``fckdr``, ``fckac``, ``fckdc``) of side ``side`` (0-based) times the
        same rows of its environment factor (``fckare`` ...) in environment ``env``."""
        key = (name, side, rows, column, env)
        found = self._kept.get(key)
        if found is None:
            rates, envs = getattr(self, name)[side], getattr(self, name + "e")[side]
            found = rates[:rows, column] * envs[:rows, env - 1]
            found.setflags(write=False)
            self._kept[key] = found
        return found

    def scaled(self, name: str, side: int) -> FloatArray:
        """``katk`` or ``kdef`` of side ``side`` (0-based) times ``tframe``."""
        key = (name, side)
        found = self._kept.get(key)
        if found is None:
            found = getattr(self, name)[side] * self.tframe
            found.setflags(write=False)
            self._kept[key] = found
        return found

    def inverse_std(self, side: int, rows: int) -> FloatArray:
        """``1 / stdtgt`` of the first ``rows`` resources of side ``side`` (0-based), 0 where
        ``stdtgt`` is not positive."""
        key = ("inverse_std", side, rows)
        found = self._kept.get(key)
        if found is None:
            found = _inverse(self.stdtgt[side][:rows])
            found.setflags(write=False)
            self._kept[key] = found
        return found


@dataclass(frozen=True, eq=False)
class FrameResult:
    """What one frame of an engagement did (§5.1.3, §5.2).

    Attributes:
        losses: resources lost by each participant, by unit number.
        feba: the FEBA at the end of the frame (fraction of ``depth``).
        kill_a, kill_d: the average kill matrices A and D (§5.1.1).
        values: the weapon values of A and D (§5.1.2).
        post_a, post_d: the representative postures (§5.1.3).
    """

    losses: dict[int, FloatArray]
    feba: float
    fgrd: float
    ggrd: float
    frgrd: float
    frga: float
    fair: float
    gair: float
    post_a: int
    post_d: int
    ti: float
    defdepth: float
    kill_a: FloatArray
    kill_d: FloatArray
    values: WeaponValues


def _ratio(num: float, den: float) -> float:
    """A force ratio: ``x / 0`` is ``inf`` for ``x > 0``; ``0 / 0`` is 0; ``inf / inf`` is 1
    (docs/rulings/idahex.md, 'Force ratios with nothing on one side')."""
    if math.isinf(num) and math.isinf(den):
        return 1.0
    if den > 0.0:
        return num / den
    return math.inf if num > 0.0 else 0.0


def front_length(loc: int, locations: Sequence[int], depth: float) -> float:
    """§5.1.1 ``front``: ``inf`` with an attacker in ``loc``; the side of a square of the cell's
    area when the attackers are in one cell; ``k`` cell sides when they are in ``k`` cells."""
    if loc in locations:
        return math.inf
    k = len(set(locations))
    if k <= 1:
        return math.sqrt(cell_area(depth))
    return k * depth / math.sqrt(3.0)


def _inverse(values: FloatArray) -> FloatArray:
    out = np.zeros_like(values)
    np.divide(1.0, values, out=out, where=values > 0)
    return out


def _allocation(
    shares: FloatArray, totals: FloatArray, target: FloatArray, inv: FloatArray
) -> FloatArray:
    """§5.1.1's ``alpha(i, j)``: the fraction of a type ``i`` weapon's fire on the target's
    type ``j`` materiel, normalised by ``DEN`` over the whole enemy force (``totals``);
    ``inv``: ``1 / stdtgt`` of the target's side (:meth:`KillData.inverse_std`)."""
    den = exact.matvec(shares, totals * inv)
    alpha = shares * (target * inv)[None, :]
    out = np.zeros_like(alpha)
    np.divide(alpha, den[:, None], out=out, where=den[:, None] > 0)
    return out


def _representative(
    units: Sequence[Participant],
    vals: FloatArray,
    posture: Callable[[int], int],
    ers: Mapping[int, FloatArray],
) -> int:
    """§5.1.3: the posture in which the units' total value is greatest (ties: the lowest);
    ``ers``: each unit's ``ERS`` by number."""
    totals: dict[int, float] = {}
    for u in units:
        p = posture(u.posture)
        totals[p] = totals.get(p, 0.0) + exact.dot(ers[u.number], vals)
    return min(totals, key=lambda p: (-totals[p], p))


@dataclass(slots=True, eq=False)
class FrameFire:
    """What a frame's fire comes to before the weapon values (:func:`prepare_frame`): the
    FEBA the frame starts from, each participant's involved resources and ERS, the sides'
    sums, the defense's depth, the potential losses and the average kill matrices."""

    feba: float
    involved: dict[int, FloatArray]
    ers: dict[int, FloatArray]
    rsatk: FloatArray
    rsdef: FloatArray
    ersatk: FloatArray
    ersdef: FloatArray
    defdepth: float
    ploss: dict[int, FloatArray]
    kill_a: FloatArray
    kill_d: FloatArray


def _attack_posture(p: int) -> int:
    return p if 40 <= p <= 49 else 40


def prepare_frame(
    data: KillData,
    curves: Curves,
    *,
    side_a: int,
    loc: int,
    env: int,
    feba: float,
    t: float,
    attackers: Sequence[Participant],
    defenders: Sequence[Participant],
) -> FrameFire:
    """The first half of :func:`assess_frame`, up to the average kill matrices A and D
    (§5.1.1): a pure function of its arguments."""
    a, d = side_a - 1, 2 - side_a
    side_d = d + 1
    iga, igd = data.nggwep[a], data.nggwep[d]
    nma, nmd = data.nmat[a], data.nmat[d]
    depth = data.depth
    poff = data.poff
    attack_posture = _attack_posture

    if any(u.location == loc for u in attackers):
        feba = 1.0  # §5.1.3: 'If the attackers and defenders are colocated, then feba = 1'
    # Each participant's involved resources and ERS, once (the same products each time).
    involved = {u.number: u.involved for u in (*attackers, *defenders)}
    ers = {u.number: u.effectiveness * involved[u.number] for u in (*attackers, *defenders)}
    rsatk = sum((involved[u.number] for u in attackers), np.zeros(len(attackers[0].resources)))
    rsdef = sum((involved[u.number] for u in defenders), np.zeros(len(defenders[0].resources)))
    defarea = exact.sum_left(u.area for u in defenders)
    front = front_length(loc, [u.location for u in attackers], depth)
    defdepth = min(defarea / front, depth) if math.isfinite(front) else 0.0

    # K(*,*,unitA,unitD) * ERS(unitA,*) summed over the attackers, for each defender, and
    # K(*,*,unitD,unitA) * ERS(unitD,*) summed over the defenders, for each attacker (§5.1.1).
    katk = data.scaled("katk", a)
    kdef = data.scaled("kdef", d)
    fire_a: list[FloatArray] = []  # ERS * PA * EA * B by attacker, a column
    exposed_a: list[FloatArray] = []  # alpha'(*, *) * PA' * EA' by attacker
    for au in attackers:
        ka = poff[attack_posture(au.posture)] - 1
        lethal = data.factor("fckar", a, None, ka, env)
        bt = au.barrier
        if bt > 0 and feba <= data.febab[bt - 1] / depth:
            lethal = lethal * data.barier[a][:, bt - 1]
        fire_a.append((ers[au.number][:iga] * lethal)[:, None])
        beta = _allocation(
            data.aggdef[d], rsatk[:nma], involved[au.number][:nma], data.inverse_std(a, nma)
        )
        vuln = data.factor("fckdc", a, nma, ka, env)
        exposed_a.append(kdef * beta * vuln[None, :])
    fire_on_def: dict[int, FloatArray] = {}
    fire_on_atk: dict[int, FloatArray] = {u.number: np.zeros((igd, nma)) for u in attackers}
    for dd in defenders:
        alpha = _allocation(
            data.aggatk[a], rsdef[:nmd], involved[dd.number][:nmd], data.inverse_std(d, nmd)
        )
        kd = poff[dd.posture] - 1
        vuln = data.factor("fckac", d, nmd, kd, env)
        if dd.posture // 10 == 1:
            pf = np.array([curves.prep(j + 1, side_d, t - dd.tentry) for j in range(nmd)])
            prepared = feba < defdepth / depth
            vuln = vuln * np.where(pf > 1.0, pf, pf if prepared else 1.0)
        exposed = katk * alpha * vuln[None, :]
        dlethal = data.factor("fckdr", d, None, kd, env)
        fire_d = (ers[dd.number][:igd] * dlethal)[:, None]
        total = np.zeros((iga, nmd))
        for au, fire, exposed_au in zip(attackers, fire_a, exposed_a, strict=True):
            total += fire * exposed
            fire_on_atk[au.number] += fire_d * exposed_au
        fire_on_def[dd.number] = total

    # Potential losses (§5.1.1): materiel, then personnel through dpersr/dpersb.
    ploss: dict[int, FloatArray] = {}
    for u, fire, side in [
        *((u, fire_on_def[u.number], d) for u in defenders),
        *((u, fire_on_atk[u.number], a) for u in attackers),
    ]:
        nm = data.nmat[side]
        loss = np.zeros(len(u.resources))
        loss[:nm] = fire.sum(axis=0)
        dp = data.dpers[side]
        if dp.size:
            loss[nm : nm + dp.shape[0]] = exact.matvec(dp.reshape(dp.shape[0], -1), fire.ravel())
        ploss[u.number] = loss

    # Average kill matrices A and D, and the weapon values (§5.1.1, §5.1.2).
    ersatk = sum((ers[u.number] for u in attackers), np.zeros_like(rsatk))
    ersdef = sum((ers[u.number] for u in defenders), np.zeros_like(rsdef))
    destroyed_by_a = sum((fire_on_def[u.number][:, :igd] for u in defenders), np.zeros((iga, igd)))
    destroyed_by_d = sum((fire_on_atk[u.number][:, :iga] for u in attackers), np.zeros((igd, iga)))
    kill_a = np.zeros((iga, igd))
    np.divide(destroyed_by_a, ersatk[:iga, None], out=kill_a, where=ersatk[:iga, None] > 0)
    kill_d = np.zeros((igd, iga))
    np.divide(destroyed_by_d, ersdef[:igd, None], out=kill_d, where=ersdef[:igd, None] > 0)
    return FrameFire(
        feba, involved, ers, rsatk, rsdef, ersatk, ersdef, defdepth, ploss, kill_a, kill_d
    )


def _allocation_many(
    shares: FloatArray, totals: FloatArray, target: FloatArray, inv: FloatArray
) -> FloatArray:
    """:func:`_allocation` for many engagements, a row of ``totals`` and ``target`` each
    (``shares`` and ``inv`` the same for all): the same operations, elementwise, and the same
    correctly rounded sums (:func:`exact.matvec_many`)."""
    den = exact.matvec_many(shares, totals * inv[None, :])
    alpha = shares[None, :, :] * (target * inv[None, :])[:, None, :]
    out = np.zeros_like(alpha)
    np.divide(alpha, den[:, :, None], out=out, where=den[:, :, None] > 0)
    return out


def _rows_summed(x: FloatArray) -> FloatArray:
    """``x[e].sum(axis=0)`` for each ``e`` of a 3-D ``x``: numpy adds the rows of a 2-D
    array one after the other from 0 (``0.0 + x[0] + x[1] + ...``, a ``-0.0`` alone coming
    out ``+0.0``), and so this does for all of them at once."""
    if x.shape[1] == 0:
        return np.zeros((x.shape[0], x.shape[2]))
    total: FloatArray = x[:, 0] + 0.0
    for i in range(1, x.shape[1]):
        total = total + x[:, i]
    return total


def prepare_frames(
    data: KillData,
    curves: Curves,
    *,
    side_a: int,
    t: float,
    frames: Sequence[tuple[int, int, float, Participant, Participant]],
) -> list[FrameFire]:
    """:func:`prepare_frame` of many engagements of one attacker and one defender, the
    attackers all of side ``side_a``, at ``t``: each of ``frames`` is ``(loc, env, feba,
    attacker, defender)``. The same FrameFire, bit for bit: each array operation of
    :func:`prepare_frame` is done for all the engagements at once on their stacked rows
    (numpy's elementwise arithmetic is IEEE's, each entry rounded alone), each of its sums
    as it takes them (a sum over one participant from 0, numpy's sums along the rows one
    row after the other, :func:`exact.matvec`'s correctly rounded), and what an engagement
    takes alone (a barrier, the defenders' preparation) multiplies its rows by the factor,
    the others' by 1.0, which leaves a float as it is. Its arrays are rows of the stacked
    ones (read, never written, by :func:`assess_frame`)."""
    a, d = side_a - 1, 2 - side_a
    side_d = d + 1
    iga, igd = data.nggwep[a], data.nggwep[d]
    nma, nmd = data.nmat[a], data.nmat[d]
    depth = data.depth
    poff = data.poff
    count = len(frames)
    atk = [f[3] for f in frames]
    dfn = [f[4] for f in frames]
    involved_a = np.array([u.involvement for u in atk]) * np.array([u.resources for u in atk])
    involved_d = np.array([u.involvement for u in dfn]) * np.array([u.resources for u in dfn])
    ers_a = np.array([u.effectiveness for u in atk])[:, None] * involved_a
    ers_d = np.array([u.effectiveness for u in dfn])[:, None] * involved_d
    rsatk = involved_a + 0.0  # the sum over the one attacker, from 0
    rsdef = involved_d + 0.0
    febas: list[float] = []
    depths: list[float] = []
    lethal_rows: list[FloatArray] = []
    barrier = np.ones((count, iga))
    vuln_a_rows: list[FloatArray] = []
    vuln_d_rows: list[FloatArray] = []
    prep = np.ones((count, nmd))
    dlethal_rows: list[FloatArray] = []
    for e, (loc, env, feba, au, dd) in enumerate(frames):
        if au.location == loc:
            feba = 1.0  # §5.1.3: 'If the attackers and defenders are colocated, then feba = 1'
        defarea = exact.sum_left((dd.area,))
        front = front_length(loc, [au.location], depth)
        defdepth = min(defarea / front, depth) if math.isfinite(front) else 0.0
        febas.append(feba)
        depths.append(defdepth)
        ka = poff[_attack_posture(au.posture)] - 1
        lethal_rows.append(data.factor("fckar", a, None, ka, env))
        bt = au.barrier
        if bt > 0 and feba <= data.febab[bt - 1] / depth:
            barrier[e] = data.barier[a][:, bt - 1]
        vuln_a_rows.append(data.factor("fckdc", a, nma, ka, env))
        kd = poff[dd.posture] - 1
        vuln_d_rows.append(data.factor("fckac", d, nmd, kd, env))
        if dd.posture // 10 == 1:
            pf = np.array([curves.prep(j + 1, side_d, t - dd.tentry) for j in range(nmd)])
            prepared = feba < defdepth / depth
            prep[e] = np.where(pf > 1.0, pf, pf if prepared else 1.0)
        dlethal_rows.append(data.factor("fckdr", d, None, kd, env))
    lethal = np.array(lethal_rows) * barrier
    fire_a = ers_a[:, :iga] * lethal
    beta = _allocation_many(
        data.aggdef[d], rsatk[:, :nma], involved_a[:, :nma], data.inverse_std(a, nma)
    )
    exposed_a = data.scaled("kdef", d)[None, :, :] * beta * np.array(vuln_a_rows)[:, None, :]
    alpha = _allocation_many(
        data.aggatk[a], rsdef[:, :nmd], involved_d[:, :nmd], data.inverse_std(d, nmd)
    )
    vuln_d = np.array(vuln_d_rows) * prep
    exposed = data.scaled("katk", a)[None, :, :] * alpha * vuln_d[:, None, :]
    fire_d = ers_d[:, :igd] * np.array(dlethal_rows)
    fire_on_def = fire_a[:, :, None] * exposed + 0.0  # the sum over the one attacker, from 0
    fire_on_atk = fire_d[:, :, None] * exposed_a + 0.0  # over the one defender

    # Potential losses (§5.1.1): materiel, then personnel through dpersr/dpersb.
    ploss_d = np.zeros((count, len(dfn[0].resources)))
    ploss_d[:, :nmd] = _rows_summed(fire_on_def)
    ploss_a = np.zeros((count, len(atk[0].resources)))
    ploss_a[:, :nma] = _rows_summed(fire_on_atk)
    for loss, fire, side, nm in ((ploss_d, fire_on_def, d, nmd), (ploss_a, fire_on_atk, a, nma)):
        dp = data.dpers[side]
        if dp.size:
            loss[:, nm : nm + dp.shape[0]] = exact.matvec_many(
                dp.reshape(dp.shape[0], -1), fire.reshape(count, -1)
            )

    # Average kill matrices A and D (§5.1.1).
    ersatk = ers_a + 0.0
    ersdef = ers_d + 0.0
    destroyed_by_a = fire_on_def[:, :, :igd] + 0.0
    destroyed_by_d = fire_on_atk[:, :, :iga] + 0.0
    kill_a = np.zeros((count, iga, igd))
    np.divide(destroyed_by_a, ersatk[:, :iga, None], out=kill_a, where=ersatk[:, :iga, None] > 0)
    kill_d = np.zeros((count, igd, iga))
    np.divide(destroyed_by_d, ersdef[:, :igd, None], out=kill_d, where=ersdef[:, :igd, None] > 0)
    out = []
    for e in range(count):
        na, nd = atk[e].number, dfn[e].number
        out.append(
            FrameFire(
                febas[e],
                {na: involved_a[e], nd: involved_d[e]},
                {na: ers_a[e], nd: ers_d[e]},
                rsatk[e],
                rsdef[e],
                ersatk[e],
                ersdef[e],
                depths[e],
                {nd: ploss_d[e], na: ploss_a[e]},
                kill_a[e],
                kill_d[e],
            )
        )
    return out


def assess_frame(
    data: KillData,
    curves: Curves,
    values_of: Callable[[FloatArray, FloatArray], WeaponValues],
    *,
    side_a: int,
    loc: int,
    env: int,
    feba: float,
    t: float,
    attackers: Sequence[Participant],
    defenders: Sequence[Participant],
    cas_atk: FloatArray | None = None,
    cas_def: FloatArray | None = None,
    prepared: tuple[FrameFire, WeaponValues] | None = None,
) -> FrameResult:
    """One frame of the engagement at ``loc`` (environment ``env``) ending at ``t``.

    ``cas_atk``/``cas_def``: the defenders' (attackers') ground-to-ground weapons destroyed by
    close air support for the other side in this frame (the cycle's record divided by
    ``nframe``, §5.2). ``prepared``: :func:`prepare_frame` of these very arguments and
    ``values_of`` of its kill matrices, found before (a frame's engagements together).
    """
    if prepared is None:
        fire = prepare_frame(
            data,
            curves,
            side_a=side_a,
            loc=loc,
            env=env,
            feba=feba,
            t=t,
            attackers=attackers,
            defenders=defenders,
        )
        values = values_of(fire.kill_a, fire.kill_d)
    else:
        fire, values = prepared
    a, d = side_a - 1, 2 - side_a
    iga, igd = data.nggwep[a], data.nggwep[d]
    tframe, depth = data.tframe, data.depth
    attack_posture = _attack_posture
    feba, involved, ers = fire.feba, fire.involved, fire.ers
    rsatk, rsdef, ersatk, ersdef = fire.rsatk, fire.rsdef, fire.ersatk, fire.ersdef
    defdepth, ploss, kill_a, kill_d = fire.defdepth, fire.ploss, fire.kill_a, fire.kill_d
    vala = values.vala(len(rsatk))
    vald = values.vald(len(rsdef))
    fgrd = exact.dot(ersatk, vala)
    ggrd = exact.dot(ersdef, vald)
    frgrd = _ratio(fgrd, ggrd)

    # Actual losses (§5.1.3).
    post_a = _representative(attackers, vala, attack_posture, ers)
    post_d = _representative(defenders, vald, lambda p: p, ers)
    for units, vals, value, post in (
        (attackers, vala, fgrd, post_a),
        (defenders, vald, ggrd, post_d),
    ):
        delval = exact.sum_left(exact.dot(ploss[u.number], vals) for u in units)
        temp = curves.frdval(frgrd, post)
        if temp >= 0.0 and delval > 0.0 and value > 0.0:
            fraction = delval / value  # may underflow to 0 (a float, not an inf)
            scalar = temp / fraction if fraction > 0.0 else math.inf
            for u in units:
                if math.isfinite(scalar):
                    ploss[u.number] = scalar * ploss[u.number]
                else:  # delval / value underflowed to 0: no loss may become inf * 0 = nan
                    ploss[u.number] = ploss[u.number] * (temp * value) / delval
    to = min(feba * depth + float(data.td[env - 1]), defdepth)
    ti = to / defdepth if defdepth > 0.0 else 1.0
    losses: dict[int, FloatArray] = {}
    for u in attackers:
        if frgrd >= FRGRD_LOW:
            losses[u.number] = np.minimum(ti * ploss[u.number], involved[u.number])
        else:
            losses[u.number] = u.resources.copy()
    for u in defenders:
        if frgrd <= FRGRD_HIGH:
            losses[u.number] = np.minimum(ti * ploss[u.number], involved[u.number])
        else:
            losses[u.number] = u.resources.copy()

    # FEBA (§5.2).
    if cas_atk is None and cas_def is None:
        # air_values of zeros: each sum is fsum of 0.0 * v (v finite and >= 0, as
        # WeaponValues holds them), 0.0, which it returns as 0.0.
        fair = gair = 0.0
    else:
        fair, gair = air_values(
            np.zeros(igd) if cas_atk is None else cas_atk,
            np.zeros(iga) if cas_def is None else cas_def,
            values,
            1,
        )
    frga = _ratio(fgrd + fair, ggrd + gair)
    temp = curves.vfeba(frga, post_a, post_d, side_a) * tframe
    new_feba = min(max(feba + temp / depth, 0.0), 1.0)
    return FrameResult(
        losses=losses,
        feba=new_feba,
        fgrd=fgrd,
        ggrd=ggrd,
        frgrd=frgrd,
        frga=frga,
        fair=fair,
        gair=gair,
        post_a=post_a,
        post_d=post_d,
        ti=ti,
        defdepth=defdepth,
        kill_a=kill_a,
        kill_d=kill_d,
        values=values,
    )
