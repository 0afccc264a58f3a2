"""The combat model the maneuver engine calls at every frame end (seed 000 §5).

:class:`IdahexCombat` gathers each engagement's attackers and defenders, applies the §5.4
functions (``frinv`` to forces that share support, ``freff`` to the density in each cell,
``zrarea``), lets :func:`~hexwar.rulesets.idahex.attrition.assess_frame` find the losses and the
FEBA (§5.1, §5.2), assesses the losses, resets the defenders' ``tentry`` when the FEBA
advances (§3.3.6), eliminates units that have vanished and, when ``feba >= febad``, makes the
defenders retreat along the line :func:`haven` finds or eliminates them (§5.3).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from hexwar.core import exact
from hexwar.rulesets.idahex.air import StrikeRecord, cas_totals
from hexwar.rulesets.idahex.attrition import (
    FrameFire,
    FrameResult,
    KillData,
    Participant,
    assess_frame,
    prepare_frame,
    prepare_frames,
)
from hexwar.rulesets.idahex.combat_functions import BATCH_FROM, CombatFunctions, Force
from hexwar.rulesets.idahex.design_data import SIDE_NAMES, Rules
from hexwar.rulesets.idahex.engine import audience
from hexwar.rulesets.idahex.postures import DESTROYED, Order, PostureClass
from hexwar.rulesets.idahex.values import (
    StandardValues,
    WeaponValues,
    standard_values,
    weapon_values,
    weapon_values_many,
)

if TYPE_CHECKING:
    from hexwar.rulesets.idahex.engine import Engagement, Engine, UnitState

__all__ = ["VANISH_TOLERANCE", "IdahexCombat", "haven"]

FloatArray = NDArray[np.float64]

VANISH_TOLERANCE = 1e-5
"""§5.3: a unit is eliminated when ``cv < vanish(butype) * sv - 10**-5``."""

_SIDE = ("Red", "Blue")

_UNSEEN: frozenset[str] = frozenset(("(not found yet)",))

_FRINV_KEPT = 4096
"""At most this many forces' ``frinv`` are kept (then forgotten all at once)."""

FRAME_BATCH_FROM = 4
"""From this many engagements in a frame, their fire and weapon values are found together
at the frame's first assessment (:meth:`IdahexCombat._prepare_frame`)."""

FULL_DESCRIPTION = 15
"""§8: 'If iprint >= 15, the players will receive the same description' of every engagement
as the game designer's file 51."""


class IdahexCombat:
    """Attrition, FEBA movement, elimination and retreat (§5)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.functions = CombatFunctions(rules.design)
        self.kill = KillData.from_design(rules.design)
        self.last: dict[int, FrameResult] = {}
        """The latest frame of each engagement, by engagement cell (for reports and views)."""
        self.told: dict[int, tuple[float, float, FrameResult]] = {}
        """Each engagement's latest frame as the players were told it (§8): by engagement
        cell, ``(since, feba at the frame's start, result)``."""
        self.air_records: list[StrikeRecord] = []
        """The air strikes of the current cycle (§6); their CAS losses enter §5.2's FEBA."""
        self._frinv: dict[tuple[int, tuple[int, ...], bytes], FloatArray] = {}
        """``frinv`` by force: side, unit types and summed holdings (see _involvement)."""
        self._frinv_bound = _FRINV_KEPT
        self._prefetched_at = -math.inf
        self._found: tuple[dict[int, FloatArray], dict[int, list[UnitState]]] | None = None
        """What the last :meth:`prefetch` found by unit: ``frinv`` and force."""
        self._forces_kept: (
            tuple[Engine, float, list[_ForceEntry], dict[int, list[UnitState]]] | None
        ) = None
        """The forces :meth:`_forces_now` found last: the engine, its time, and them."""
        self._toe_values: dict[tuple[int, int], tuple[float, list[float]]] = {}
        """``sv`` of §5.3 by side and unit type (the value of a unit at its toe), with the
        side's ``rsvald``."""
        self._vanish_lines: dict[tuple[int, int], tuple[float, list[float], float, float]] = {}
        self._cas_index: (
            tuple[
                list[StrikeRecord],
                int,
                StrikeRecord | None,
                dict[tuple[int, int], list[StrikeRecord]],
            ]
            | None
        ) = None
        self._seen: dict[tuple[int, int, tuple[int, ...]], frozenset[str] | None] = {}
        """Who sees a combat note, by ``iprint``, player level and sides (see _told)."""
        self._prepared: dict[int, _Prepared] = {}
        """This frame's engagements as found at its first assessment, by cell (see
        :meth:`_prepare_frame`)."""
        self._prepared_void = False
        """Whether an assessment of this frame eliminated a unit or defeated defenders (the
        engine's task forces changed): what is left of :attr:`_prepared` is not used."""
        """§5.3's test by side and unit type: ``vanish * sv - VANISH_TOLERANCE``, which a
        unit's value must not fall below, with ``rsvald``, ``vanish`` and ``sv``."""

    @cached_property
    def _values(self) -> StandardValues:
        return standard_values(self.rules.design)

    def standard_values(self, side: int) -> tuple[FloatArray, FloatArray]:
        """``(rsvala(*, side), rsvald(*, side))`` (§5.3)."""
        v = self._values
        return np.asarray(v.rsvala[side - 1]), np.asarray(v.rsvald[side - 1])

    # -- §5.4 ---------------------------------------------------------------------------------

    def _force(self, engine: Engine, unit: UnitState) -> list[UnitState]:
        """§5.4.1's ``L``: the unit's side's non-passengers in its engagement and cell."""
        e = engine.engagement_of(unit.number)
        if e is None:
            return [unit]
        members = e.attackers if unit.number in e.attackers else e.defenders
        return [
            engine.units[n]
            for n in sorted(members)
            if engine.units[n].location == unit.location and not engine.passenger(engine.units[n])
        ]

    def involvement(
        self,
        engine: Engine,
        unit: UnitState,
        memo: dict[tuple[int, ...], FloatArray] | None = None,
    ) -> FloatArray:
        """``frinv(*, unit)`` (§5.4.1); 0 for a passenger. With ``memo``, a force ``L`` met
        before (the units of one force, resources unchanged since) is not computed again."""
        if engine.passenger(unit):
            return np.zeros(len(unit.resources))
        force = self._force(engine, unit) or [unit]
        if memo is None:
            return self._involvement(force)
        key = tuple(u.number for u in force)
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._involvement(force)
        return found

    def _involvement(self, force: Sequence[UnitState]) -> FloatArray:
        """``frinv`` of the force ``L``: a function of its side, its units' types and their
        summed holdings alone, so a force met again with the same ones (the supplies' demand
        after a frame without losses, §7, or the next frame's assessment) takes the same
        array again (read-only: shared)."""
        amount = _summed(force)
        side, butypes = force[0].side, tuple(u.butype for u in force)
        key = (side, butypes, amount.tobytes())
        found = self._frinv.get(key)
        if found is None:
            found = self.functions.involvement(Force(side, butypes, amount))
            found.setflags(write=False)
            if len(self._frinv) >= self._frinv_bound:
                self._frinv.clear()
            self._frinv[key] = found
        return found

    def prefetch(self, engine: Engine) -> dict[int, FloatArray]:
        """``frinv`` of every force of every engagement as things stand, computed together
        (:meth:`CombatFunctions.involvement_many`) and kept for :meth:`_involvement`: the
        frame's assessments and the supplies' demands then find them. A force that an
        earlier assessment of the frame changed (its holdings, its members) is not found
        and is computed alone: the figures are those of one force at a time.

        Returns, by unit, the ``frinv`` :meth:`involvement` gives it as things stand, for
        the units whose force was found here (each active engaged non-passenger whose
        force is the one :meth:`_force` finds for the unit it was found from: that unit,
        and the other members in the same engagement, which :meth:`_force` takes from the
        same members in the same cell); a force computed alone later (fewer than
        ``BATCH_FROM`` forces of both sides to allocate) leaves its units out. With it,
        :attr:`_found` keeps each such unit's force (for :meth:`_prepare_frame`)."""
        entries, forces = self._forces_now(engine)
        batch: dict[tuple[int, tuple[int, ...], bytes], Force] = {}
        frinvs: dict[int, FloatArray] = {}
        self._found = (frinvs, forces)
        waiting: list[tuple[tuple[int, tuple[int, ...], bytes], list[int]]] = []
        kept = self._frinv
        for side, force, butypes, takers in entries:
            amount = _summed(force)
            key = (side, butypes, amount.tobytes())
            found = kept.get(key)
            if found is not None:
                for m in takers:
                    frinvs[m] = found
                continue
            if key not in batch:
                batch[key] = Force(side, butypes, amount)
            waiting.append((key, takers))
        if all(sum(1 for f in batch.values() if f.side == side) < BATCH_FROM for side in (1, 2)):
            return frinvs  # computed one by one as the assessments come to them
        if len(self._frinv) + len(batch) > self._frinv_bound:
            self._frinv.clear()
        self._frinv_bound = max(_FRINV_KEPT, 2 * len(batch))
        for key, fi in zip(
            batch, self.functions.involvement_many(list(batch.values())), strict=True
        ):
            fi.setflags(write=False)
            self._frinv[key] = fi
        for key, takers in waiting:
            fi = self._frinv[key]
            for m in takers:
                frinvs[m] = fi
        return frinvs

    def _forces_now(self, engine: Engine) -> tuple[list[_ForceEntry], dict[int, list[UnitState]]]:
        """The forces :meth:`prefetch` finds, in its order: each one's side, units, unit
        types and the units whose force it is (see :meth:`prefetch`), and that force by unit.

        They depend on the engagements, their members' locations, postures (active or not)
        and task forces, none of their holdings. The supply step's prefetch comes after the
        frame's assessments, which change holdings, ``tentry``, FEBAs; an assessment that
        changes more eliminates a unit or defeats defenders and says so
        (:attr:`_prepared_void`), and nothing else happens between them
        (``Engine._frame_end``): so in the frame of the assessments' prefetch, while no
        assessment has said so, the forces found there are those of now."""
        kept = self._forces_kept
        if (
            kept is not None
            and kept[0] is engine
            and kept[1] == engine.t == self._prefetched_at
            and not self._prepared_void
        ):
            return kept[2], kept[3]
        entries: list[_ForceEntry] = []
        done: set[int] = set()
        units = engine.units
        forces: dict[int, list[UnitState]] = {}
        for cell in sorted(engine.engagements):
            e = engine.engagements[cell]
            for numbers in (e.attackers, e.defenders):
                for n in sorted(numbers):
                    u = units[n]
                    if n in done or not u.active or engine.passenger(u):
                        continue
                    force = self._force(engine, u) or [u]
                    done.update(m.number for m in force)
                    if len(force) == 1:
                        takers = [n]
                    else:
                        own = engine.engagement_of(n)
                        attacking = own is not None and n in own.attackers
                        takers = [
                            m.number
                            for m in force
                            if m is u
                            or (
                                own is not None
                                and engine.engagement_of(m.number) is own
                                and (m.number in own.attackers) == attacking
                            )
                        ]
                    for m in takers:
                        forces[m] = force
                    entries.append((u.side, force, tuple(m.butype for m in force), takers))
        self._forces_kept = (engine, engine.t, entries, forces)
        return entries, forces

    def zrarea(self, unit: UnitState) -> float:
        """§5.4.2 for a unit now: :meth:`CombatFunctions.zrarea` with the unit's ``sv`` and the
        side's ``rsvald`` kept (:meth:`_toe_value`) and ``cv`` summed as :meth:`vanish` does,
        the same floats."""
        if unit.pc < 1:
            return 0.0
        sv, values = self._toe_value(unit.side, unit.butype)
        cv = math.fsum(map(operator.mul, unit.resources.tolist(), values))
        if sv <= 0.0:
            return 0.0
        return cv / sv * self.functions.aysize[unit.butype - 1][unit.pc - 1]

    def _toe_value(self, side: int, butype: int) -> tuple[float, list[float]]:
        """``sv`` of §5.3 for a unit type of a side (``exact.dot`` of its toe and the side's
        ``rsvald``, as :meth:`CombatFunctions.zrarea` finds it), and ``rsvald`` as floats."""
        found = self._toe_values.get((side, butype))
        if found is None:
            _, rsvald = self.standard_values(side)
            sv = exact.dot(self.functions.toe[butype - 1], rsvald)
            found = self._toe_values[side, butype] = (sv, rsvald.tolist())
        return found

    def freff(self, engine: Engine, unit: UnitState) -> float:
        """§5.4.3: the effectiveness of the active friendly force in the unit's cell."""
        friends = [u for u in engine.units_at(unit.location, unit.side) if u.active]
        return self.functions.freff(unit.side, exact.sum_left(self.zrarea(u) for u in friends))

    # -- one frame -----------------------------------------------------------------------------

    def _participants(
        self,
        engine: Engine,
        numbers: set[int],
        loc: int,
        found: tuple[dict[int, FloatArray], dict[int, list[UnitState]]] | None = None,
    ) -> list[Participant]:
        """The participants of the units ``numbers`` (a side of the engagement in ``loc``);
        with ``found``, what :meth:`prefetch` found as things still stand: a unit's
        ``frinv`` and force there are those :meth:`_force` and :meth:`_involvement` give."""
        units = [engine.units[n] for n in sorted(numbers) if engine.units[n].active]
        involvement: dict[int, FloatArray] = {}
        for u in units:
            if u.number in involvement:
                continue
            if engine.passenger(u):
                involvement[u.number] = np.zeros(len(u.resources))
                continue
            if found is not None and (kept := found[0].get(u.number)) is not None:
                for m in found[1][u.number]:
                    involvement[m.number] = kept
                continue
            force = self._force(engine, u)
            fi = self._involvement(force)
            for m in force:
                involvement[m.number] = fi
        density: dict[int, float] = {}
        areas: dict[int, float] = {}  # zrarea of the units in the cells met, by number
        out = []
        for u in units:
            if u.location not in density:
                # freff(engine, u), each friend's zrarea kept for its own participant
                friends = [f for f in engine.units_at(u.location, u.side) if f.active]
                for f in friends:
                    areas[f.number] = self.zrarea(f)
                density[u.location] = self.functions.freff(
                    u.side, exact.sum_left(areas[f.number] for f in friends)
                )
            area = areas.get(u.number)
            if area is None:
                area = self.zrarea(u)
            out.append(
                Participant(
                    number=u.number,
                    side=u.side,
                    location=u.location,
                    posture=u.posture,
                    tentry=u.tentry,
                    resources=u.resources,
                    involvement=involvement[u.number],
                    effectiveness=density[u.location],
                    barrier=engine.bartype(u.location, loc) if u.location != loc else 0,
                    area=area,
                )
            )
        return out

    def _prepare_frame(
        self,
        engine: Engine,
        known: tuple[dict[int, FloatArray], dict[int, list[UnitState]]] | None = None,
    ) -> None:
        """At a frame's first assessment, with :data:`FRAME_BATCH_FROM` engagements or more:
        each engagement's participants and fire (:func:`prepare_frame`) as things stand, and
        the weapon values of all their kill matrices together (:func:`weapon_values_many`).

        An engagement's assessment takes them only while nothing they were found from has
        changed: the same engagement with the same members and FEBA (the same float), and
        every unit read -- its members, and the units of its participants' sides in their
        cells, whose areas make ``freff`` -- with the same memo dict, which a unit replaces
        whenever one of its fields (holdings, posture, location, ``tentry``, task force)
        changes; no assessment before it in the frame may have eliminated a unit or defeated
        defenders (which changes task forces, hence passengers). Otherwise it finds them
        afresh, as always. ``prepare_frame`` and the values are pure functions of the
        participants, ``freff``, ``frinv`` and ``zrarea`` are functions of those units and of
        the design: the assessment gets the same floats either way. ``known`` is what
        :meth:`prefetch` found just before, by unit (nothing has changed since)."""
        self._prepared = {}
        self._prepared_void = False
        engagements = engine.engagements
        if len(engagements) < FRAME_BATCH_FROM:
            return
        units, t = engine.units, engine.t
        sides: list[tuple[Engagement, list[Participant], list[Participant]]] = []
        fires: list[FrameFire | None] = []
        # The engagements of one attacker and one defender, by attacking side: their fire
        # found together (prepare_frames, the same floats as prepare_frame of each).
        single: dict[int, list[int]] = {}
        for cell in sorted(engagements):
            e = engagements[cell]
            attackers = self._participants(engine, e.attackers, e.cell, known)
            defenders = self._participants(engine, e.defenders, e.cell, known)
            if not attackers or not defenders:
                continue
            if len(attackers) == 1 and len(defenders) == 1:
                single.setdefault(e.attacker, []).append(len(sides))
                fire = None
            else:
                fire = prepare_frame(
                    self.kill,
                    self.functions,
                    side_a=e.attacker,
                    loc=e.cell,
                    env=engine.environment(e.cell),
                    feba=e.feba,
                    t=t,
                    attackers=attackers,
                    defenders=defenders,
                )
            sides.append((e, attackers, defenders))
            fires.append(fire)
        for side_a, at in single.items():
            frames = []
            for k in at:
                e, attackers, defenders = sides[k]
                frames.append(
                    (e.cell, engine.environment(e.cell), e.feba, attackers[0], defenders[0])
                )
            together = prepare_frames(self.kill, self.functions, side_a=side_a, t=t, frames=frames)
            for k, fire in zip(at, together, strict=True):
                fires[k] = fire
        found = [(*s, f) for s, f in zip(sides, fires, strict=True) if f is not None]
        values = weapon_values_many([(f.kill_a, f.kill_d) for *_, f in found])
        for (e, attackers, defenders, fire), v in zip(found, values, strict=True):
            if v is None:
                continue
            read: dict[int, dict[str, object]] = {}
            for n in (*e.attackers, *e.defenders):
                read[n] = units[n].memo
            for p in (*attackers, *defenders):
                for u in engine.units_at(p.location, p.side):
                    read[u.number] = u.memo
            self._prepared[e.cell] = _Prepared(
                e,
                e.feba,
                set(e.attackers),
                set(e.defenders),
                tuple(read.items()),
                attackers,
                defenders,
                fire,
                v,
            )

    def _take_prepared(self, engine: Engine, e: Engagement) -> _Prepared | None:
        """This engagement's :class:`_Prepared` while it holds (see :meth:`_prepare_frame`)."""
        found = self._prepared.pop(e.cell, None)
        if found is None or self._prepared_void:
            return None
        if found.engagement is not e or found.feba is not e.feba:
            return None
        if found.attackers != e.attackers or found.defenders != e.defenders:
            return None
        units = engine.units
        for n, memo in found.read:
            if units[n].memo is not memo:
                return None
        return found

    def _cas_records(self) -> dict[tuple[int, int], list[StrikeRecord]]:
        """The cycle's CAS records (:attr:`air_records` with a ``casfx``) by target cell and
        side, each list in the records' order: :func:`cas_totals` of a cell's and side's
        own records adds the same arrays in the same order as over all the records. Made
        again whenever the records are not the list it was made of (the strikes of a cycle
        append to it, its start clears it)."""
        records = self.air_records
        kept = self._cas_index
        if (
            kept is not None
            and kept[0] is records
            and kept[1] == len(records)
            and (not records or kept[2] is records[-1])
        ):
            return kept[3]
        index: dict[tuple[int, int], list[StrikeRecord]] = {}
        for r in records:
            if r.casfx is not None:
                key = (r.strike.target, r.strike.side)
                found = index.get(key)
                if found is None:
                    index[key] = [r]
                else:
                    found.append(r)
        self._cas_index = (records, len(records), records[-1] if records else None, index)
        return index

    def assess(self, engine: Engine, engagement: Engagement) -> None:
        """§5.1-5.3 for the frame just ended."""
        e = engagement
        if self._prefetched_at != engine.t:  # the frame's first assessment
            self._prefetched_at = engine.t
            self.prefetch(engine)
            self._prepare_frame(engine, self._found)
        prepared = self._take_prepared(engine, e)
        given: tuple[FrameFire, WeaponValues] | None = None
        if prepared is not None:
            attackers, defenders = prepared.attacking, prepared.defending
            given = (prepared.fire, prepared.values)
        else:
            attackers = self._participants(engine, e.attackers, e.cell)
            defenders = self._participants(engine, e.defenders, e.cell)
            if not attackers or not defenders:
                return
        nframe = max(round(self.rules.design.tcycle / self.rules.design.tframe), 1)
        kill = self.kill
        sd = 3 - e.attacker
        # A side that flew no CAS on the cell: None, which assess_frame takes as zeros (the
        # cas_totals of no records, divided by nframe).
        cas = self._cas_records()
        atk_records, def_records = cas.get((e.cell, e.attacker)), cas.get((e.cell, sd))
        cas_atk = cas_def = None
        if atk_records is not None:
            cas_atk = cas_totals(atk_records, e.cell, e.attacker, kill.nggwep[sd - 1]) / nframe
        if def_records is not None:
            cas_def = cas_totals(def_records, e.cell, sd, kill.nggwep[e.attacker - 1]) / nframe
        result = assess_frame(
            self.kill,
            self.functions,
            weapon_values,
            side_a=e.attacker,
            loc=e.cell,
            env=engine.environment(e.cell),
            feba=e.feba,
            t=engine.t,
            attackers=attackers,
            defenders=defenders,
            cas_atk=cas_atk,
            cas_def=cas_def,
            prepared=given,
        )
        self.last[e.cell] = result
        for n, loss in result.losses.items():
            u = engine.units[n]
            u.resources = np.maximum(u.resources - loss, 0.0)
        colocated = any(p.location == e.cell for p in attackers)
        if result.feba > (1.0 if colocated else e.feba):
            for p in defenders:  # §3.3.6: preparation cannot grow while the attackers progress
                engine.units[p.number].tentry = p.tentry + self.rules.design.tframe
        feba0, e.feba = e.feba, result.feba
        self.told[e.cell] = (e.since, feba0, result)
        self._report(engine, e, result, feba0)
        for p in (*attackers, *defenders):
            self.vanish(engine, engine.units[p.number])
        if e.feba >= self.rules.design.febad and e.cell in engine.engagements:
            self._defeat(engine, e)

    def _report(self, engine: Engine, e: Engagement, r: FrameResult, feba0: float) -> None:
        names = self.rules.resources
        # A game that keeps notes in its log (Engine.log_note) takes them straight there, as
        # its reporter would make them (see _told): the notes' texts and data (as keys and
        # values: engine.LogNote) are the same.
        log = engine.log_note
        t = engine.clock.t
        # Python floats: numpy's float64 formats as the float it is (a subclass of float)
        lists = {n: lost.tolist() for n, lost in r.losses.items()}
        for side in (e.attacker, 3 - e.attacker):
            own = sorted(
                n for n in lists if engine.units[n].side == side and any(x != 0.0 for x in lists[n])
            )
            parts = []
            kinds = names[side - 1].names
            for n in own:
                lost = lists[n]
                items = ", ".join([_LOSS % (x, kinds[i]) for i, x in enumerate(lost) if x > 0])
                parts.append(f"unit {n} lost {items}")
            role = "attacking" if side == e.attacker else "defending"
            # §8: from iprint 15 the players 'receive the same description' as file 51, the
            # enemy's losses included; below it each is told its own (docs/rulings/idahex.md).
            told = [1, 2] if self.rules.iprint >= FULL_DESCRIPTION else [side]
            text = (
                f"engagement at cell {e.cell} ({_SIDE[side - 1]} {role}): FEBA {feba0:.3f} -> "
                f"{r.feba:.3f}" + (f"; {'; '.join(parts)}" if parts else "; no losses")
            )
            if log is None:
                engine.note("combat", text, told, level=0, player_level=5, cell=e.cell, feba=r.feba)
            elif (seen := self._told(engine, 5, tuple(told))) is not None:
                log(t, "combat", text, seen, _CELL_FEBA, (e.cell, r.feba))
        # §8: file 51 always describes the engagement in full; the players get the weapon
        # values from iprint 9 and the average kill matrices from iprint 15.
        both = [e.attacker, 3 - e.attacker]
        v = r.values
        text = (
            f"engagement at cell {e.cell}: weapon values va {_vector(v.va)}, "
            f"vd {_vector(v.vd)}, alpha = delta = {v.alpha:.4g}"
        )
        if log is None:
            engine.note("combat-values", text, both, level=0, player_level=9, cell=e.cell)
        elif (seen := self._told(engine, 9, (1, 2))) is not None:
            log(t, "combat-values", text, seen, _CELL, (e.cell,))
        text = (
            f"engagement at cell {e.cell}: A {_matrix(r.kill_a)}, D {_matrix(r.kill_d)}; "
            f"FRGRD {r.frgrd:.4g}, FRGA {r.frga:.4g} "
            f"(fgrd {r.fgrd:.4g} + fair {r.fair:.4g} vs ggrd {r.ggrd:.4g} + gair {r.gair:.4g}), "
            f"postures {r.post_a}/{r.post_d}, TI {r.ti:.3g}, defdepth {r.defdepth:.3g}"
        )
        if log is None:
            engine.note(
                "combat-detail",
                text,
                both,
                level=0,
                player_level=FULL_DESCRIPTION,
                cell=e.cell,
            )
        elif (seen := self._told(engine, FULL_DESCRIPTION, (1, 2))) is not None:
            log(t, "combat-detail", text, seen, _CELL, (e.cell,))

    def _told(
        self, engine: Engine, player_level: int, sides: tuple[int, ...]
    ) -> frozenset[str] | None:
        """Who sees a combat note (written at level 0, to the players from ``player_level``)
        that goes to ``sides``, as the game's reporter finds it (§8, :func:`audience`): the
        sides' names, nobody (the designer's report alone) or ``None`` (dropped). A function
        of the design's ``iprint``: found once."""
        key = (engine.design.iprint, player_level, sides)
        found = self._seen.get(key, _UNSEEN)
        if found is _UNSEEN:
            heard = audience(engine.design.iprint, 0, player_level, True)
            found = self._seen[key] = (
                None
                if heard is None
                else frozenset(SIDE_NAMES[s - 1] for s in sides)
                if heard
                else frozenset()
            )
        return found

    # -- §5.3 ---------------------------------------------------------------------------------

    def vanish(self, engine: Engine, u: UnitState) -> None:
        """§5.3: eliminate ``u`` if its value has fallen below ``vanish`` of its toe value."""
        if u.posture == DESTROYED:
            return
        found = self._vanish_lines.get((u.side, u.butype))
        if found is None:
            # The type's line, fixed by the design: the same products as before, found once.
            sv, values = self._toe_value(u.side, u.butype)
            vanish = self.rules.design.vanish[u.butype - 1]
            found = self._vanish_lines[u.side, u.butype] = (
                vanish * sv - VANISH_TOLERANCE,
                values,
                vanish,
                sv,
            )
        line, values, vanish, sv = found
        held = u.resources.tolist()
        # exact.dot in Python floats: the same rounded products, summed exactly by fsum.
        cv = math.fsum(map(operator.mul, held, values))
        if cv < line:
            self._prepared_void = True
            engine.eliminate(
                u, f"its value fell to {cv:.4g}, below {vanish:g} of {sv:.4g} at toe (§5.3)"
            )
        elif max(held) <= VANISH_TOLERANCE:  # none above it (the holdings are finite)
            self._prepared_void = True
            engine.eliminate(u, "it has no resources left (docs/rulings/idahex.md)")

    def _defeat(self, engine: Engine, e: Engagement) -> None:
        """§5.3: ``feba >= febad``: the defenders retreat along the line :func:`haven` finds,
        or are eliminated when there is none."""
        sd = 3 - e.attacker
        self._prepared_void = True
        if engine.owner.get(e.cell) != e.attacker:  # §5: 'as soon as feba >= febad'
            engine.owner[e.cell] = e.attacker
            engine.owner_changes += 1
            engine.note(
                "owner",
                f"cell {e.cell} is now owned by {_SIDE[e.attacker - 1]}: its defenders are "
                "defeated",
                [1, 2],
                player_level=0,
                cell=e.cell,
            )
        # §5's defenders are the engagement's units in hold or disengagement postures: with no
        # admissible direction of retreat all of them are eliminated; with one, only those
        # still holding are forced to disengage toward it.
        defenders = [engine.units[n] for n in sorted(e.defenders) if engine.units[n].active]
        if not defenders:
            return
        r = haven(engine, e, self.rules.design.haven_zoc, self.rules.design.haven_pthome[sd - 1])
        if r is None:
            for u in defenders:
                engine.eliminate(u, f"defeated at cell {e.cell} with no line of retreat (§5.3)")
            return
        holding = [u for u in defenders if u.pc == PostureClass.HOLD]
        if not holding:
            return
        up = self.rules.postures.up
        for u in holding:
            engine.force_order(u, Order(r, up(up(up(up(u.posture))))))
        engine.note(
            "retreat",
            f"the defenders of cell {e.cell} (units {', '.join(str(u.number) for u in holding)}) "
            f"are defeated and retreat to cell {r}",
            [1, 2],
            player_level=0,
            cell=e.cell,
            to=r,
        )


_ForceEntry = tuple[int, list["UnitState"], tuple[int, ...], list[int]]
"""A force as :meth:`IdahexCombat.prefetch` finds it: its side, units, unit types and the
units whose force it is."""


@dataclass(frozen=True, slots=True)
class _Prepared:
    """An engagement's participants, fire and weapon values found at its frame's first
    assessment, with what they were found from (:meth:`IdahexCombat._prepare_frame`)."""

    engagement: Engagement
    feba: float
    attackers: set[int]
    defenders: set[int]
    read: tuple[tuple[int, dict[str, object]], ...]
    attacking: list[Participant]
    defending: list[Participant]
    fire: FrameFire
    values: WeaponValues


def _summed(force: Sequence[UnitState]) -> FloatArray:
    """``np.sum`` of the units' resources along the units (a new array). Of one unit, numpy's
    sum is ``0.0 + x`` for each entry (a -0.0 comes out +0.0, everything else as it is):
    the same addition, without making a 2-D array of one row
    (``tests/rulesets/idahex/test_combat.py`` checks the bits)."""
    if len(force) == 1:
        one: FloatArray = force[0].resources + 0.0
        return one
    summed: FloatArray = np.sum([u.resources for u in force], axis=0)
    return summed


def haven(engine: Engine, e: Engagement, zoc: bool, pthome: int) -> int | None:
    """§5.3 ``haven``: the defenders' best admissible direction of retreat, or ``None``."""
    grid = engine.rules.grid
    loc, sa = e.cell, e.attacker
    sd = 3 - sa
    attacker_cells = {engine.units[n].location for n in e.attackers if engine.units[n].active}

    def holds(cell: int, side: int) -> bool:
        return any(u.active for u in engine.units_at(cell, side))

    def defended(cell: int) -> bool:
        return holds(cell, sd) and engine.owner.get(cell) == sd

    best: tuple[float, int] | None = None
    rim = grid.active_rim(loc)
    for position, r in enumerate(rim, start=1):
        if r is None or r in attacker_cells:
            continue
        if holds(r, sa) and not defended(r):
            continue
        if zoc and not defended(r):
            flanks = {c for c in rim if c is not None and c in attacker_cells}
            if any(grid.hex_of(c).distance(grid.hex_of(r)) == 1 for c in flanks):
                continue
        hr = grid.hex_of(r)
        distances = {grid.hex_of(c).distance(hr) for c in attacker_cells if c != loc}
        score = 0.0
        if 2 in {grid.hex_of(c).distance(hr) for c in attacker_cells}:
            score = -1.0
        if 1 in distances:
            score = -2.0
        if engine.owner.get(r) == sa:
            score -= 0.5
        if defended(r):
            score += 1.8
        if position == pthome:
            score += 0.01
        if best is None or (score, -r) > (best[0], -best[1]):
            best = (score, r)
    return None if best is None else best[1]


_CELL = ("cell",)
_CELL_FEBA = ("cell", "feba")
"""The combat notes' data keys (the engagement's cell; the FEBA after the frame)."""

_LOSS = "%.3g %s"
"""A loss in a combat note: '%.3g' % x is the conversion of format(x, '.3g'), without a
format spec parsed per number."""

_TEMPLATES: dict[tuple[int, ...], str] = {}
"""The %-template of a vector's or a matrix's figures by its shape (:func:`_vector`)."""


def _template(shape: tuple[int, ...]) -> str:
    found = _TEMPLATES.get(shape)
    if found is None:
        cols = shape[-1]
        rows = shape[0] if len(shape) == 2 else 1
        found = _TEMPLATES[shape] = "[" + "; ".join([", ".join(["%.4g"] * cols)] * rows) + "]"
    return found


def _vector(x: FloatArray) -> str:
    """``[a, b, ...]``, each figure ``format(v, '.4g')`` ('%.4g' % v: the same conversion)."""
    return _template(x.shape) % tuple(x.tolist())


def _matrix(x: FloatArray) -> str:
    """``[a, b; c, d]`` by rows, each figure as :func:`_vector` writes it."""
    return _template(x.shape) % tuple(x.ravel().tolist())
