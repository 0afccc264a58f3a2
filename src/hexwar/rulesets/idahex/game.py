"""An IDAHEX game on the hexwar protocol (seed 000 §2-4, §7, §8).

Time runs event to event (:class:`~hexwar.rulesets.idahex.engine.Engine`) and stops at every
period start, where both players give their commands sealed (§4). A side sees its own units,
task forces, missions and delivery orders, the ownership of every cell, the map changes, and
of the enemy only the active units in contact (located in or next to a cell holding one of its
own active units): 'IDAHEX prevents a player from ... obtaining the enemy player's
instructions to his units' (§4). What players and the designer's report are told follows
``iprint`` (§8).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from hexwar.core.errors import IllegalOrderError, InvalidInputError
from hexwar.core.game import Decision, Game
from hexwar.rulesets.idahex.air import (
    AirStrike,
    AirTables,
    StrikeRole,
    Supported,
    assess_strike_trusted,
    cas_targets,
    interdiction_targets,
)
from hexwar.rulesets.idahex.clock import Break
from hexwar.rulesets.idahex.combat import IdahexCombat
from hexwar.rulesets.idahex.engine import DeliveryOrder, Engine, Note, TaskForce, UnitState
from hexwar.rulesets.idahex.orders import (
    Cancel,
    Commands,
    Delivery,
    Mission,
    Strike,
    Transfer,
    Undeliver,
)
from hexwar.rulesets.idahex.postures import DESTROYED, Order, posture_class
from hexwar.rulesets.idahex.rules import SIDE_NAMES, Rules
from hexwar.rulesets.idahex.scenario import IdahexScenario
from hexwar.rulesets.idahex.supplies import (
    SupplyTables,
    consume_trusted,
    demand,
    nonengaged_demands,
)
from hexwar.rulesets.idahex.transfer import deliver, transfer

if TYPE_CHECKING:
    from hexwar.rulesets.idahex.ruleset import IdahexRuleset

__all__ = ["IdahexGame"]

SIDE_NO = {"red": 1, "blue": 2}
_DEMANDS_KEPT = 4096
"""At most this many nonengaged demands are kept (then forgotten all at once)."""
_NEAR_KEPT = 256
"""At most this many neighbourhoods of sets of cells are kept (then forgotten all at once)."""
_STRIKES_KEPT = 1024
"""At most this many checked strike commands are kept (then forgotten all at once)."""


def _finite(x: float) -> float | str:
    """A force ratio as JSON: ``"inf"`` for an infinite one (JSON has no infinity)."""
    return "inf" if math.isinf(x) else round(x, 6)


def _time(x: float) -> float | None:
    """A time as JSON: ``None`` for never (+inf)."""
    return None if math.isinf(x) else x


class IdahexGame(Game[IdahexScenario, Commands]):
    """One IDAHEX game."""

    def __init__(
        self, ruleset: IdahexRuleset, scenario: IdahexScenario, *, seed: int, scenario_id: str
    ) -> None:
        super().__init__(ruleset, scenario, seed=seed, scenario_id=scenario_id)
        self.rules = Rules.from_scenario(scenario)
        self.combat = IdahexCombat(self.rules)
        self.engine = Engine(self.rules, self.combat, self._on_note)
        self._air_tables = (
            AirTables.from_design(self.rules.design, 1),
            AirTables.from_design(self.rules.design, 2),
        )
        self._supplies = tuple(SupplyTables.from_design(self.rules.design, s) for s in (1, 2))
        self.engine.supply_step = self._consume_supplies
        self.engine.delivery_step = self._deliver
        self._period: Break | None = None
        self._rims: dict[int, tuple[int, ...]] = {}
        self._near: dict[frozenset[int], set[int]] = {}
        """The cells in or next to a set of cells (those holding a side's active units)."""
        self._clock_at: tuple[float, int | None, bool] = (math.nan, None, False)
        """The time the clock was last read at, the cycle then and whether one starts then."""
        self._decision: Decision | None = None
        self._own_units = tuple(
            [u for u in self.engine.units.values() if u.side == s] for s in (1, 2)
        )
        """Each side's units, in the engine's order (units never change sides)."""
        self._strikes: dict[tuple[int, Strike], AirStrike] = {}
        """Each strike command met, checked against the design data, by side."""
        self._assessed: dict[tuple[Any, ...], tuple[list[list[float]], Any]] = {}
        """Each strike assessment (§6) by side, strike, cell environment, supported side and
        the targets' numbers, posture classes and resources: its remaining resources and
        record (a pure function of these)."""
        self._contact_pieces: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        """Each enemy unit's piece and the state it was built from (the same piece the
        shared cache holds for it), so an unchanged unit costs one comparison."""
        self._nonengaged_demands: dict[tuple[int, int, bytes], Any] = {}
        """A frame's demand (§7) at the rates of units not engaged, by side, column and
        resources: a pure function of them, kept (units holding still repeat it)."""
        self._consumed = [
            np.zeros(r.supplies.stop - r.supplies.start) for r in self.rules.resources
        ]
        self._design_notes()
        self._advance()

    # -- the designer's report (§8, file 51) ------------------------------------------------

    def _on_note(self, note: Note) -> None:
        iprint = self.rules.iprint
        players = note.player_level is not None and iprint >= note.player_level and bool(note.sides)
        if not players and iprint < note.level:
            return
        visible = frozenset(SIDE_NAMES[s - 1] for s in note.sides) if players else frozenset()
        data = {k: v for k, v in note.data.items() if isinstance(v, int | float | str)}
        self.log.append(self.engine.t, note.kind, note.text, visible_to=visible, data=data)

    def _design_notes(self) -> None:
        """The interpretation of the design data: what the designer should know (§8)."""
        d = self.rules.design
        for a, b in sorted(p for p in self.rules.routeless if p[0] < p[1]):
            self.log.append(
                d.tinit,
                "design-warning",
                f"no route type is given between adjacent cells {a} and {b}: surface "
                "movement between them is impossible (docs/rulings/idahex.md)",
                visible_to=frozenset(),
            )
        self.log.append(
            d.tinit,
            "design",
            f"{d.ncells} cells ({len(self.rules.grid.inactive)} inactive), "
            f"{len(d.units)} units, {d.nutype} unit types; time {d.tinit:g} to {d.tend:g}, "
            f"frame {d.tframe:g}, period {d.tpd:g}, cycle {d.tcycle:g}",
            visible_to=frozenset(),
        )

    # -- time -------------------------------------------------------------------------------

    def _advance(self) -> None:
        self._period = self.engine.run_to_decision()
        if self._period is None or self._at_cycle_start():
            self._report_consumption()
        if self._period is None:
            self._finish(None, f"the game reached tend = {self.rules.design.tend:g}")
            return
        alive = {s for s in (1, 2) if any(u.posture != DESTROYED for u in self._own_units[s - 1])}
        if len(alive) < 2:
            winner = SIDE_NAMES[next(iter(alive)) - 1] if alive else None
            self._finish(winner, "a side has no units left")

    def _awaiting(self) -> Decision:
        assert self._period is not None
        if self._decision is None or self._decision.step != self.step:
            self._decision = Decision(
                self.step,
                frozenset(SIDE_NAMES),
                f"period {self._period.number} at t = {self.engine.t:g}: your commands",
            )
        return self._decision

    # -- commands ---------------------------------------------------------------------------

    def _check(self, side: str, order: Commands) -> None:
        """Every command checked; all the refused ones are named at once (command number, the
        command, the reason and its rule), not only the first."""
        s = SIDE_NO[side]
        claimed: set[int] = set()
        refused: list[tuple[int, object, IllegalOrderError]] = []
        for n, c in enumerate(order.commands, start=1):
            try:
                self._check_command(s, c, claimed)
            except IllegalOrderError as e:
                refused.append((n, c, e))
        if len(refused) == 1 and len(order.commands) == 1:
            raise refused[0][2]
        if refused:
            first = refused[0][2]
            raise IllegalOrderError(
                "; ".join(f"command {n} ({c}): {e}" for n, c, e in refused),
                order=first.order,
            )

    def _check_command(self, s: int, c: object, claimed: set[int]) -> None:
        """One command checked against the state (the rules named in each refusal)."""
        if isinstance(c, Mission):
            self._check_orders(c.orders)
            if c.task_force is None:
                self._check_units(s, c.units, claimed)
            else:
                self._check_task_force(s, c.task_force)
        elif isinstance(c, Cancel):
            self._check_task_force(s, c.task_force)
        elif isinstance(c, Transfer):
            self._check_cell(c.cell)
            for n in (*(c.givers or ()), *(c.takers or ())):
                self._check_own(s, n)
            nrs = self.rules.resources[s - 1].nrs
            for irs, amount in c.amounts:
                if not 1 <= irs <= nrs or amount < 0:
                    raise IllegalOrderError(
                        f"transfer amount {irs}={amount:g}: resource types are 1..{nrs} "
                        "and amounts are >= 0",
                        rule="seed 000 §4.2.1",
                        order=str(c),
                    )
        elif isinstance(c, Delivery):
            self._check_cell(c.cell)
            self._check_task_force(s, c.task_force)
            if not 0 <= c.size <= 1:
                raise IllegalOrderError(
                    f"delivery size {c.size:g}: must be between 0 and 1",
                    rule="seed 000 §4.2.2",
                    order=str(c),
                )
            for n in c.recipients:
                self._check_own(s, n)
        elif isinstance(c, Strike):
            self._air_strike(s, c)
        elif isinstance(c, Undeliver):
            d = self.engine.deliveries.get(c.number)
            if d is None or d.side != s:
                raise IllegalOrderError(
                    f"you have no delivery order {c.number}", rule="seed 000 §4.2.2"
                )

    def _check_orders(self, orders: tuple[Order, ...]) -> None:
        postures = set(self.rules.design.postures)
        for o in orders:
            pc = posture_class(o.posture)
            if pc >= 1 and o.posture not in postures:
                raise IllegalOrderError(
                    f"order {o}: posture {o.posture} does not exist in this game "
                    f"(postures: {', '.join(map(str, sorted(postures)))})",
                    rule="seed 000 §2.2.1",
                    order=str(o),
                )
            self._check_cell(o.objective)

    def _check_cell(self, cell: int) -> None:
        if not 1 <= cell <= self.rules.design.ncells:
            raise IllegalOrderError(
                f"cell {cell} is not in the area of war (cells 1..{self.rules.design.ncells})",
                rule="seed 000 §2.1",
            )

    def _check_own(self, s: int, n: int) -> UnitState:
        u = self.engine.units.get(n)
        if u is None or u.side != s:
            raise IllegalOrderError(f"unit {n} is not one of your units", rule="seed 000 §4")
        return u

    def _check_units(self, s: int, units: tuple[int, ...], claimed: set[int]) -> None:
        if not units:
            raise IllegalOrderError("a new mission needs its units", rule="seed 000 §4.1")
        for n in units:
            u = self._check_own(s, n)
            if n in claimed or u.tf is not None:
                raise IllegalOrderError(
                    f"unit {n} already belongs to a task force; modify its mission instead",
                    rule="seed 000 §3",
                )
            if u.posture == DESTROYED:
                raise IllegalOrderError(f"unit {n} is destroyed", rule="seed 000 §3.2.7")
        claimed.update(units)

    def _check_task_force(self, s: int, number: int) -> TaskForce:
        tf = self.engine.task_forces.get(number)
        if tf is None or tf.side != s:
            raise IllegalOrderError(f"you have no task force {number}", rule="seed 000 §4.1")
        return tf

    def _resolve(self, orders: Mapping[str, Commands]) -> None:
        if self._at_cycle_start():
            self.combat.air_records.clear()  # CAS counts for one cycle (§5.2)
        for side in SIDE_NAMES:
            s = SIDE_NO[side]
            for c in orders[side].commands:
                try:
                    self._execute(s, c)
                except IllegalOrderError as e:
                    self.log.append(
                        self.engine.t, "refused", f"{c}: {e}", visible_to=frozenset({side})
                    )
        self._advance()

    def _execute(self, s: int, c: object) -> None:
        e = self.engine
        if isinstance(c, Mission):
            if c.task_force is None:
                tf = e.create_mission(s, c.units, c.orders, c.mode)
                e.note("mission", f"mission {tf.number} created: {c}", [s], player_level=0)
            else:
                e.modify_mission(s, c.task_force, c.orders)
        elif isinstance(c, Cancel):
            e.modify_mission(s, c.task_force, ())
        elif isinstance(c, Transfer):
            self._transfer(s, c)
        elif isinstance(c, Delivery):
            number = max(e.deliveries, default=0) + 1
            e.deliveries[number] = DeliveryOrder(
                number, s, c.task_force, c.cell, c.size, c.recipients
            )
            e.note("delivery", f"delivery order {number}: {c}", [s], player_level=0)
        elif isinstance(c, Undeliver):
            del e.deliveries[c.number]
        elif isinstance(c, Strike):
            self._strike(s, c)

    # -- air support (§6) -------------------------------------------------------------------

    def _at_cycle_start(self) -> bool:
        return self._cycle()[1]

    def _cycle(self) -> tuple[int | None, bool]:
        """The number of the cycle now (``None`` at ``tend``) and whether it starts now;
        found once per time (the commands and both sides' views ask at the same time)."""
        t = self.engine.t
        if self._clock_at[0] != t:
            d = self.rules.design
            x = (t - d.tinit) / d.tcycle
            n = self.rules.timing.cycle_number(t) if t < d.tend else None
            self._clock_at = (t, n, abs(x - round(x)) < 1e-9)
        return self._clock_at[1:]

    def _air_strike(self, s: int, c: Strike) -> AirStrike:
        """The strike checked against the design data and the clock (§6)."""
        if not self._at_cycle_start():
            raise IllegalOrderError(
                f"air strikes are entered at the start of a cycle (every "
                f"{self.rules.design.tcycle:g} days from t = {self.rules.design.tinit:g}); "
                f"t = {self.engine.t:g} is not one",
                rule="seed 000 §6",
                order=str(c),
            )
        self._check_cell(c.cell)
        # A strike is a value: the same command of the same side is the same strike, checked
        # once (a commander repeats its strikes cycle after cycle).
        try:
            strike = self._strikes.get((s, c))
        except TypeError:  # a command built with lists, not tuples: checked every time
            strike = None
        if strike is not None:
            return strike
        try:
            strike = AirStrike(s, c.cell, StrikeRole(c.role), c.aircraft, c.priority)
            strike.check(self._air_tables[s - 1])
        except InvalidInputError as e:
            raise IllegalOrderError(f"{c}: {e}", rule="seed 000 §6", order=str(c)) from None
        if len(self._strikes) > _STRIKES_KEPT:
            self._strikes.clear()
        with contextlib.suppress(TypeError):
            self._strikes[s, c] = strike
        return strike

    def _strike(self, s: int, c: Strike) -> None:
        """§6: assess the strike on its targets now; a CAS record serves the cycle."""
        e = self.engine
        strike = self._air_strike(s, c)
        if strike.role is StrikeRole.CAS:
            eng = e.engagements.get(c.cell)
            if eng is None:
                e.note(
                    "warning",
                    f"{c}: there is no engagement at cell {c.cell}; no strike occurs",
                    [s],
                    player_level=0,
                )
                return
            members = eng.defenders if eng.attacker == s else eng.attackers
            enemy = [e.units[n] for n in sorted(members) if e.units[n].active]
            supported = Supported.ATTACKERS if eng.attacker == s else Supported.DEFENDERS
            index = cas_targets([u.pc for u in enemy], supported)
        else:
            enemy = [u for u in e.units_at(c.cell, 3 - s) if u.active]
            supported = None
            _, index = interdiction_targets(strike.asprty or (1, 2, 3, 4), [u.pc for u in enemy])
        targets = [enemy[i] for i in index]
        side_name = "Red" if s == 1 else "Blue"
        # What a side learns from its own strike (docs/rulings/idahex.md, 'Air strikes and
        # the fog of war'): the results where it sees the target units, else only that the
        # strike was flown -- the same words whether or not anything was there.
        cells = {u.location for u in targets} or {c.cell}
        observed = all(e.observes(s, cell) for cell in cells)
        if not observed:
            e.note(
                "air",
                f"{side_name} {strike.role} strike on cell {c.cell}: flown; the cell is out of "
                "contact and the results are not observed",
                [s],
                player_level=0,
                cell=c.cell,
            )
        if not targets:
            if observed:
                e.note("air", f"{c}: no enemy unit to strike at cell {c.cell}", [s], player_level=0)
            return
        env = e.environment(c.cell)
        numbers = tuple(u.number for u in targets)
        pcs = [u.pc for u in targets]
        # The assessment is a function of the strike and its targets' state: the same
        # strike on the same targets holding the same resources (a strike that destroyed
        # nothing, flown again next cycle) has the same outcome, taken again.
        key = (
            s,
            strike,
            env,
            supported,
            numbers,
            tuple(pcs),
            b"".join(u.resources.tobytes() for u in targets),
        )
        found = self._assessed.get(key)
        if found is None:
            found = assess_strike_trusted(
                self._air_tables[s - 1],
                strike,
                [u.resources.tolist() for u in targets],
                pcs,
                env,
                supported=supported,
                units=numbers,
            )
            if len(self._assessed) > _STRIKES_KEPT:
                self._assessed.clear()
            self._assessed[key] = found
        remaining, record = found
        for u, left in zip(targets, remaining, strict=True):
            u.resources = np.array(left, dtype=np.float64)
        self.combat.air_records.append(record)
        lost = record.losses.sum(axis=0).tolist()
        names = self.rules.resources[2 - s].names
        items = ", ".join(f"{x:.3g} {names[i]}" for i, x in enumerate(lost) if x > 0)
        units = ", ".join(str(u.number) for u in targets)
        e.note(
            "air",
            f"{side_name} {strike.role} strike on cell {c.cell} (units "
            f"{units}): {items or 'no losses'}",
            [3 - s, s] if observed else [3 - s],
            player_level=0,
            cell=c.cell,
        )
        for u in targets:
            self.combat.vanish(e, u)

    # -- resources (§4.2, §7) ---------------------------------------------------------------

    def _resource_rows(self, units: list[UnitState]) -> tuple[Any, Any, Any]:
        res = np.array([u.resources for u in units])
        toe = np.array([self.rules.toe[u.butype - 1] for u in units])
        acc = np.array([self.rules.accepts[u.butype - 1] for u in units])
        return res, toe, acc

    def _transfer(self, s: int, c: Transfer) -> None:
        e = self.engine
        itrfp = self.rules.itrfp
        here = e.units_at(c.cell, s)
        givers = (
            list(c.givers)
            if c.givers is not None
            else [u.number for u in here if u.posture == itrfp]
        )
        takers = (
            list(c.takers)
            if c.takers is not None
            else [u.number for u in here if u.posture != itrfp]
        )
        for n in givers:
            u = e.units[n]
            if u.location != c.cell or u.posture != itrfp:
                raise IllegalOrderError(
                    f"giver {n} must be in cell {c.cell} in the transfer posture {itrfp} "
                    f"(it is {u.status})",
                    rule="seed 000 §4.2",
                )
        for n in takers:
            u = e.units[n]
            if u.location != c.cell or not 10 <= u.posture <= 49:
                raise IllegalOrderError(
                    f"taker {n} must be active in cell {c.cell} (it is {u.status})",
                    rule="seed 000 §4.2",
                )
        nrs = self.rules.resources[s - 1].nrs
        amounts: list[float | None] = [None] * nrs
        for irs, a in c.amounts:
            amounts[irs - 1] = a
        self._exchange(s, givers, takers, "transfer", amounts=amounts)

    def _exchange(
        self,
        s: int,
        givers: list[int],
        takers: list[int],
        what: str,
        *,
        amounts: list[float | None] | None = None,
        size: float | None = None,
    ) -> None:
        e = self.engine
        numbers = sorted(set(givers) | set(takers))
        units = [e.units[n] for n in numbers]
        res, toe, acc = self._resource_rows(units)
        if size is None:
            result = transfer(numbers, res, toe, acc, givers, takers, amounts)
        else:
            result = deliver(numbers, res, toe, acc, givers, takers, size)
        for u, row in zip(units, result.resources, strict=True):
            u.resources = np.array(row, dtype=np.float64)
        for w in result.warnings:
            e.note("warning", f"{what}: {w}", [s], player_level=0)
        names = self.rules.resources[s - 1].names
        moved = ", ".join(f"{a:.6g} {names[i]}" for i, a in enumerate(result.moved) if a)
        e.note(
            what,
            f"{what} from units {', '.join(map(str, givers))} to units "
            f"{', '.join(map(str, takers))}: {moved or 'nothing moved'}",
            [s],
            player_level=0,
        )

    def _deliver(self, engine: Engine, tf: TaskForce) -> None:
        """§4.2.2: the task force has entered the transfer posture; execute (or generate and
        execute) its delivery order for this cell."""
        dd = engine.tf_status(tf).location
        order = next(
            (
                d
                for d in engine.deliveries.values()
                if d.task_force == tf.number and d.cell == dd and d.side == tf.side
            ),
            None,
        )
        if order is None:
            order = DeliveryOrder(0, tf.side, tf.number, dd, 1.0)
        else:
            del engine.deliveries[order.number]
        if order.recipients:
            takers = [
                n
                for n in order.recipients
                if engine.units[n].active and engine.units[n].location == dd
            ]
        else:
            takers = [
                u.number for u in engine.units_at(dd, tf.side) if u.posture != self.rules.itrfp
            ]
        if not takers:
            return
        self._exchange(tf.side, list(tf.units), takers, "delivery", size=order.size)

    def _consume_supplies(self, engine: Engine) -> None:
        """§7: every active unit's consumption in the frame just ended, pooled within task
        forces; then moving task forces out of supplies stop."""
        tframe = self.rules.design.tframe
        engaged = {n for g in engine.engagements.values() for n in g.attackers | g.defenders}
        for s in (1, 2):
            tables = self._supplies[s - 1]
            if tables.nss == 0:
                continue
            supplies = self.rules.resources[s - 1].supplies
            sup = slice(supplies.start, supplies.stop)
            demands = self._demands(engine, tables, self._own_units[s - 1], tframe, engaged)
            if demands:
                self._consume(engine, demands, sup)
            for tf in list(engine.task_forces.values()):
                # Only a moving task force stops (its units' posture class is 3, movement).
                if (
                    tf.side == s
                    and engine.units[tf.units[0]].pc == 3
                    and any(_runs_short(engine.units[n], sup) for n in tf.units)
                ):
                    engine.abort_if_unsupplied(tf)

    def _consume(
        self,
        engine: Engine,
        demands: list[tuple[UnitState, Any]],
        sup: slice,
    ) -> None:
        """§7: the units with a demand consume it, pooled within task forces (every active
        element of such a task force takes part). The other units' stocks stay as they are
        (a lone unit that demands nothing consumes nothing; a task force none of whose
        elements demands anything keeps ``(stk - 0) / stk = 1`` of each stock): they are
        left out, and what they would add to the side's consumption is 0."""
        rows: dict[int, Any] = {u.number: row for u, row in demands}
        taking = [u for u, _ in demands]
        groups: list[list[int]] = []
        pooled: set[int] = set()
        for u, _ in demands:
            if u.tf is None or u.tf in pooled:
                continue
            pooled.add(u.tf)
            members = [n for n in engine.task_forces[u.tf].units if engine.units[n].active]
            if len(members) > 1:
                groups.append(members)
                taking += [engine.units[n] for n in members if n not in rows]
        at = {u.number: i for i, u in enumerate(taking)}
        stocks = np.array([u.resources[sup] for u in taking])
        zero = np.zeros(stocks.shape[1])
        dem = np.array([rows.get(u.number, zero) for u in taking])
        after = consume_trusted(stocks, dem, [[at[n] for n in g] for g in groups])
        self._consumed[taking[0].side - 1] += (stocks - after).sum(axis=0)
        for i in np.flatnonzero((after != stocks).any(axis=1)).tolist():
            taking[i].change_resources(sup, after[i])

    def _report_consumption(self) -> None:
        """§7: each side's supplies consumed since the last cycle start, to the designer's
        report and (from ``iprint`` 5) to the side."""
        for s in (1, 2):
            used = self._consumed[s - 1]
            if not used.any():
                continue
            sup = self.rules.resources[s - 1]
            items = ", ".join(
                f"{x:.4g} {sup.names[sup.supplies.start + i]}" for i, x in enumerate(used) if x > 0
            )
            self.engine.note(
                "consumption",
                f"{SIDE_NAMES[s - 1]} consumed {items} since the last cycle start",
                [s],
            )
            used[:] = 0.0

    def _demands(
        self,
        engine: Engine,
        tables: SupplyTables,
        units: list[UnitState],
        tframe: float,
        engaged_units: set[int],
    ) -> list[tuple[UnitState, Any]]:
        """§7: the demands in a frame of the active ones of a side's ``units``, as (unit, row)
        for each unit that demands something (an engaged unit's row may be 0); the others (a
        class whose resources consume nothing while not engaged: most units of a quiet
        front) demand 0 and are left out. Units at the rates of units not engaged are done
        together, and a unit whose resources and class are those of a demand computed before
        (most units from frame to frame) takes it again; engaged ones one by one
        (``frinv``)."""
        out: list[tuple[UnitState, Any]] = []
        bulk: list[int] = []
        keys: list[tuple[int, int, bytes]] = []
        forces: dict[tuple[int, ...], Any] = {}  # frinv of each force L, once a frame
        known = self._nonengaged_demands
        side = tables.side
        idle = tables.idle
        for u in units:
            posture = u.posture
            if posture < 10:
                continue  # not active (§2.2.1): no consumption
            if u.tf is not None and engine.passenger(u):
                column = 1  # a passenger is never engaged
            elif posture < 30 or posture >= 40:  # not moving (class 3): may be engaged
                if u.number in engaged_units and tables.pointer(posture) != 0:
                    out.append((u, self._demand(engine, tables, u, tframe, forces)))
                    continue
                column = min(posture // 10, 3)
            else:
                column = 3
            if idle[column - 1]:
                continue  # no resource consumes anything in this class: the demand is 0
            key = (side, column, u.resources.tobytes())
            row = known.get(key, u)  # the unit itself: not known yet
            if row is u:
                bulk.append(len(out))
                keys.append(key)
            if row is not None:
                out.append((u, row))
        if not bulk:
            return out
        res = np.array([out[i][0].resources for i in bulk])
        columns = np.array([k[1] for k in keys])
        rows = nonengaged_demands(tables, res, columns, tframe)
        # A demand of 0 is kept as None: such a unit consumes nothing and is left out.
        kept = [row if row.any() else None for row in rows]
        for i, row in zip(bulk, kept, strict=True):
            out[i] = (out[i][0], row)
        if len(known) > _DEMANDS_KEPT:
            known.clear()
        known.update(zip(keys, kept, strict=True))
        return [(u, row) for u, row in out if row is not None]

    @staticmethod
    def _demand(
        engine: Engine,
        tables: SupplyTables,
        u: UnitState,
        tframe: float,
        forces: dict[tuple[int, ...], Any] | None = None,
    ) -> Any:
        """§7: one unit's demand in a frame; ``frinv`` (§5.4.1) only where the engaged rates
        apply."""
        engaged = engine.engaged(u.number) and u.pc != 3
        passenger = engine.passenger(u)
        involved = engaged and not passenger
        return demand(
            tables,
            u.resources,
            posture=u.posture,
            engaged=engaged,
            passenger=passenger,
            frinv=engine.combat.involvement(engine, u, forces) if involved else None,
            tframe=tframe,
        )

    # -- views ------------------------------------------------------------------------------

    def _unit_json(self, u: UnitState, *, full: bool) -> dict[str, Any]:
        """What a player knows of a unit: all of it for its own (``full``), number, type,
        cell and posture class for the enemy's."""
        if not full:
            state = (u.location, u.pc)
            found = self._contact_pieces.get(u.number)
            if found is not None and found[0] == state:
                return found[1]  # the piece the cache holds for this very state
            piece = self._shared.get(("contact", u.number), state, lambda: _seen_of(u))
            self._contact_pieces[u.number] = (state, piece)
            return piece
        return self._own_json(u, self.engine.engaged(u.number))

    def _own_json(self, u: UnitState, engaged: bool) -> dict[str, Any]:
        """An own unit's piece of the view, kept in the unit's memo while neither the unit
        nor ``engaged`` changes (most units hold still from one period to the next)."""
        found = u.memo.get("view")
        if found is not None and found[0] is engaged:
            return found[1]  # type: ignore[no-any-return]
        piece = self._shared.put(
            ("unit", u.number),
            {
                **_seen_of(u),
                "posture": u.posture,
                "objective": u.objective,
                "tentry": _time(u.tentry),
                "resources": [round(x, 6) for x in u.resources.tolist()],
                "task_force": u.tf,
                "engaged": engaged,
                "adjacent": self._adjacent(u.location),
            },
        )
        u.memo["view"] = (engaged, piece)
        return piece

    def _adjacent(self, cell: int) -> list[int]:
        """The active cells next to ``cell`` (one list per cell, shared by the views)."""
        grid = self.rules.grid
        return self._shared.get(
            ("adjacent", cell), None, lambda: [c for c in grid.active_rim(cell) if c is not None]
        )

    def _tf_json(self, tf: TaskForce) -> dict[str, Any]:
        """A task force and its mission, as its side sees it; shared while unchanged."""
        key = self.engine.clock.queue.key(tf.number)
        due = None if key is None else _time(key.time)
        orders = tuple((o.objective, o.posture, o.start) for o in tf.orders)
        state = (tuple(tf.units), tf.mode, orders, tf.next, due, tf.warned)
        return self._shared.get(
            ("task force", tf.number),
            state,
            lambda: {
                "number": tf.number,
                "units": list(tf.units),
                "mode": tf.mode,
                "orders": [list(o) for o in orders],
                "next": None if tf.next is None else str(tf.next),
                "due": due,
                "warning": tf.warned,
            },
        )

    def contacts(self, s: int) -> list[UnitState]:
        """Active enemy units in or next to a cell holding an active ``s`` unit."""
        grid, rims = self.rules.grid, self._rims
        mine = {u.location for u in self._own_units[s - 1] if u.posture >= 10}  # active
        key = frozenset(mine)
        near = self._near.get(key)
        if near is None:
            near = set(mine)
            for c in mine:
                rim = rims.get(c)
                if rim is None:
                    rim = rims[c] = tuple(r for r in grid.rim(c) if r is not None)
                near.update(rim)
            if len(self._near) > _NEAR_KEPT:
                self._near.clear()
            self._near[key] = near
        return [u for u in self._own_units[2 - s] if u.posture >= 10 and u.location in near]

    def _view(self, side: str) -> dict[str, Any]:
        s = SIDE_NO[side]
        e = self.engine
        engaged = {n for g in e.engagements.values() for n in g.attackers | g.defenders}
        # A new list of shared pieces: its check steps over each piece at once (the list
        # changes most periods, so keeping it would cost more than it saves).
        units = [self._own_json(u, u.number in engaged) for u in self._own_units[s - 1]]
        enemy = [self._unit_json(u, full=False) for u in self.contacts(s)]
        return {
            "time": e.t,
            "period": None if self._period is None else self._period.number,
            "cycle": self._cycle()[0],
            "side": side,
            "next_period": self._next_period(),
            "iprint": self.rules.iprint,
            "units": units,
            "task_forces": [self._tf_json(tf) for tf in e.task_forces.values() if tf.side == s],
            "deliveries": self._deliveries_json(s),
            "enemy": self._shared.get(("enemy", s), tuple(map(id, enemy)), lambda: enemy),
            "owner": self._shared.get(
                "owner", e.owner, lambda: {str(c): o for c, o in sorted(e.owner.items())}
            ),
            "engagements": [
                {
                    "cell": g.cell,
                    "attacker": SIDE_NAMES[g.attacker - 1],
                    "since": g.since,
                    "feba": round(g.feba, 6),
                    "own_units": sorted(
                        n for n in g.attackers | g.defenders if e.units[n].side == s
                    ),
                }
                | self._told(g)
                for g in e.engagements.values()
                if any(e.units[n].side == s for n in g.attackers | g.defenders)
            ],
            "design": self._public_design(s),
            "maps": self._shared.get(
                "maps",
                (e.envmap, e.rtemap, e.barmap),
                lambda: {
                    "envmap": {str(k): v for k, v in e.envmap.items()},
                    "rtemap": {str(k): v for k, v in e.rtemap.items()},
                    "barmap": {str(k): v for k, v in e.barmap.items()},
                },
            ),
        }

    def _deliveries_json(self, s: int) -> list[dict[str, Any]]:
        """The side's supply deliveries on their way (shared while none changes)."""
        state = tuple(
            (d.number, d.task_force, d.cell, d.size)
            for d in self.engine.deliveries.values()
            if d.side == s
        )
        return self._shared.get(
            ("deliveries", s),
            state,
            lambda: [
                {"number": n, "task_force": tf, "cell": c, "size": size} for n, tf, c, size in state
            ],
        )

    def _next_period(self) -> float | None:
        """When the players give commands next: the next period start before ``tend`` (§2.3,
        §4), ``None`` after the last one."""
        if self._period is None:
            return None
        timing = self.rules.timing
        t = timing.period_start(self._period.number + 1)
        return t if t < self.rules.design.tend else None

    def _told(self, g: Any) -> dict[str, Any]:
        """What the players were told of the engagement's latest frame (§8): from ``iprint``
        5 the FEBA at its start, from 15 the force ratios ``FRGRD`` and ``FRGA`` (§5.1.3,
        §5.2). Empty before the first frame end."""
        told = self.combat.told.get(g.cell)
        iprint = self.rules.iprint
        if told is None or told[0] != g.since or iprint < 5:
            return {}
        out: dict[str, Any] = {"feba_before": round(told[1], 6)}
        if iprint >= 15:
            r = told[2]
            out |= {"frgrd": _finite(r.frgrd), "frga": _finite(r.frga)}
        return out

    def _public_design(self, s: int) -> dict[str, Any]:
        """What both players know from the game design: the area of war, the planned
        strengths, the transfer posture, the side's supplies and aircraft types, and whether
        air strikes may be entered now (§2, §4.2, §6).

        The parts fixed for the game are built once per side and shared by every view; the
        environment is rebuilt only when a cycle's maps change it."""
        static = self._shared.get(("design", s), None, lambda: self._fixed_design(s))
        e, d, grid = self.engine, self.rules.design, self.rules.grid
        environment = self._shared.get(
            "environment",
            e.envmap,
            lambda: {str(c): e.environment(c) for c in range(1, d.ncells + 1) if grid.is_active(c)},
        )
        routes = self._shared.get("routes", (e.rtemap, e.barmap), self._route_list)
        strikes_now = self._at_cycle_start()
        # The pieces are alive in the cache, so equal ids are the same objects.
        return self._shared.get(
            ("design view", s, strikes_now),
            (id(static), id(environment), id(routes)),
            lambda: (
                static | {"environment": environment, "routes": routes, "strikes_now": strikes_now}
            ),
        )

    def _fixed_design(self, s: int) -> dict[str, Any]:
        d, grid = self.rules.design, self.rules.grid
        sup = self.rules.resources[s - 1].supplies
        return {
            "ncells": d.ncells,
            "nrank1": d.nrank1,
            "inactive": sorted(grid.inactive),
            "itrfp": self.rules.itrfp,
            "supplies": [sup.start, sup.stop],
            "toe": {str(k + 1): [float(x) for x in row] for k, row in enumerate(self.rules.toe)},
            "resource_names": list(self.rules.resources[s - 1].names),
            "environment_names": [n.strip() for n in d.ename],
            "route_names": [n.strip() for n in d.rname],
            "barrier_names": [n.strip() for n in d.bname],
            "aircraft_types": self._air_tables[s - 1].nactyp,
            # §5.3's standard values, which the design data fix for both sides:
            # rsvala(*, s) and rsvald(*, s) of every side, in its resource order.
            "standard_values": {
                SIDE_NAMES[k - 1]: {
                    "attack": [float(x) for x in self.combat.standard_values(k)[0]],
                    "defense": [float(x) for x in self.combat.standard_values(k)[1]],
                }
                for k in (1, 2)
            },
        }

    def _route_list(self) -> str:
        """``"i,j,rtetype,bartype"`` for every adjacent active pair ``i < j``, separated by
        spaces (§2.1: the network over the cells; both players know the area of war). One
        string, not a list per arc: every view carries it, and a string is checked at once."""
        grid, e = self.rules.grid, self.engine
        out = []
        for i in range(1, grid.ncells + 1):
            for k in (1, 2, 3):
                j = grid.successor(i, k)
                if j > 0:
                    out.append((min(i, j), max(i, j), e.rtetype(i, j), e.bartype(i, j)))
        return " ".join(",".join(map(str, arc)) for arc in sorted(out))

    # -- the end: summary and the designer's report (§8, file 51) ---------------------------

    def _unit_status(self, u: UnitState) -> str:
        if u.posture == DESTROYED:
            return "destroyed"
        if not u.active:
            return "inactive"
        return "engaged" if self.engine.engaged(u.number) else "active"

    def _summary(self) -> dict[str, Any]:
        e = self.engine
        start = {
            u.number: np.asarray(u.resources, dtype=np.float64) for u in self.rules.design.units
        }
        sides: dict[str, Any] = {}
        for s in (1, 2):
            units = sorted((u for u in e.units.values() if u.side == s), key=lambda u: u.number)
            before = np.sum([start[u.number] for u in units], axis=0)
            # What destroyed units still hold is lost to the side (§5.3: a destroyed unit
            # "cannot come back to life", §3.2.7), so the totals at the end leave it out.
            alive = [u.resources for u in units if u.posture != DESTROYED]
            now = np.sum(alive, axis=0) if alive else np.zeros_like(before)
            sides[SIDE_NAMES[s - 1]] = {
                "resource_names": list(self.rules.resources[s - 1].names),
                "resources_at_start": _amounts(before),
                "resources_at_end": _amounts(now),
                "cells_owned": sum(
                    1 for c, o in e.owner.items() if o == s and self.rules.grid.is_active(c)
                ),
                "units": [
                    {
                        "number": u.number,
                        "name": u.name,
                        "type": u.butype,
                        "status": self._unit_status(u),
                        "location": u.location,
                        "posture": u.posture,
                        "objective": u.objective,
                        "task_force": u.tf,
                        "resources": _amounts(u.resources),
                    }
                    for u in units
                ],
            }
        return {
            "time": e.t,
            "sides": sides,
            "engagements": [
                {"cell": g.cell, "attacker": SIDE_NAMES[g.attacker - 1], "feba": round(g.feba, 6)}
                for g in sorted(e.engagements.values(), key=lambda g: g.cell)
            ],
        }

    def _report_sections(self) -> list[tuple[str, str]]:
        summary = self._summary()
        units: list[str] = []
        totals: list[str] = []
        for side, data in summary["sides"].items():
            names = data["resource_names"]
            counts = {k: sum(1 for u in data["units"] if u["status"] == k) for k in _STATUSES}
            units.append(
                f"{side}: {len(data['units'])} units ("
                + ", ".join(f"{n} {k}" for k, n in counts.items() if n)
                + f"), {data['cells_owned']} cells owned"
            )
            for u in data["units"]:
                held = ", ".join(f"{x:g} {names[i]}" for i, x in enumerate(u["resources"]) if x > 0)
                units.append(
                    f"  unit {u['number']:>3} {u['name']:<24} type {u['type']:>2} "
                    f"{u['status']:<9} cell {u['location']:>3} posture {u['posture']:>3}: "
                    + (held or "nothing")
                )
            totals.append(f"{side}:")
            totals.append(f"  {'resource':<28}{'start':>14}{'end':>14}{'change':>14}")
            for name, a, b in zip(
                names, data["resources_at_start"], data["resources_at_end"], strict=True
            ):
                totals.append(f"  {name:<28}{a:>14.6g}{b:>14.6g}{b - a:>14.6g}")
        open_ = [
            f"cell {g['cell']}: {g['attacker']} attacking, FEBA {g['feba']:.3f}"
            for g in summary["engagements"]
        ]
        return [
            ("Units at the end", "\n".join(units)),
            ("Resources by side", "\n".join(totals)),
            ("Engagements in progress", "\n".join(open_) or "none"),
        ]

    def _state_json(self) -> dict[str, Any]:
        e = self.engine
        return {
            "t": e.t,
            "units": [self._unit_json(u, full=True) | {"side": u.side} for u in e.units.values()],
            "task_forces": [self._tf_json(tf) | {"side": tf.side} for tf in e.task_forces.values()],
            "engagements": [
                {
                    "cell": g.cell,
                    "attacker": g.attacker,
                    "attackers": sorted(g.attackers),
                    "defenders": sorted(g.defenders),
                    "since": g.since,
                    "feba": g.feba,
                    "waiting": sorted(g.waiting),
                }
                for g in e.engagements.values()
            ],
            "deliveries": [
                [d.number, d.side, d.task_force, d.cell, d.size, list(d.recipients)]
                for d in e.deliveries.values()
            ],
            "owner": {str(c): o for c, o in sorted(e.owner.items())},
            "consumed": [[float(x) for x in side] for side in self._consumed],
            "queue": [[_time(k.time), k.priority, str(item)] for k, item in e.clock.queue],
        }


_STATUSES = ("active", "engaged", "inactive", "destroyed")


def _amounts(x: np.ndarray[Any, np.dtype[np.float64]]) -> list[float]:
    return [round(float(v), 6) for v in x]


def _runs_short(u: UnitState, sup: slice) -> bool:
    """Whether the unit holds none of some supply type (``sup``: its side's supply columns,
    §7); kept in its memo (the columns of a unit never change)."""
    found = u.memo.get("runs short")
    if found is None:
        found = u.memo["runs short"] = bool(u.resources[sup].min() <= 0)
    return found


def _seen_of(u: UnitState) -> dict[str, Any]:
    """What the enemy sees of a unit in contact (and an own unit's piece begins with)."""
    return {
        "number": u.number,
        "name": u.name,
        "type": u.butype,
        "location": u.location,
        "posture_class": u.pc,
    }
