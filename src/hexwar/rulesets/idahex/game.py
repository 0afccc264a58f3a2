"""An IDAHEX game on the hexwar protocol (seed 000 §2-4, §7, §8).

Time runs event to event (:class:`~hexwar.rulesets.idahex.engine.Engine`) and stops at every
period start, where both players give their commands sealed (§4). A side sees its own units,
task forces, missions and delivery orders, the ownership of every cell, the map changes, and
of the enemy only the active units in contact (located in or next to a cell holding one of its
own active units): 'IDAHEX prevents a player from ... obtaining the enemy player's
instructions to his units' (§4). What players and the designer's report are told follows
``iprint`` (§8).

The game holds the state, the clock and the protocol's hooks; the rules are in modules by
section: ``periods`` (a period's commands, §4), ``arrivals`` (the design's reinforcement
schedule, §4.1), ``strikes`` (air support, §6), ``exchanges`` (transfers and deliveries,
§4.2), ``consumption`` (supplies, §7); ``view`` and ``report`` are what a side sees and the
designer's report (§8).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from hexwar.core.errors import IllegalOrderError
from hexwar.core.game import Decision, Game
from hexwar.rulesets.idahex import arrivals, consumption, exchanges, periods, report, view
from hexwar.rulesets.idahex.air import AirTables
from hexwar.rulesets.idahex.clock import Break
from hexwar.rulesets.idahex.combat import IdahexCombat
from hexwar.rulesets.idahex.design_data import SIDE_NAMES, Rules
from hexwar.rulesets.idahex.engine import Engine, Note, TaskForce, UnitState, audience
from hexwar.rulesets.idahex.orders import Commands
from hexwar.rulesets.idahex.postures import DESTROYED
from hexwar.rulesets.idahex.scenario import IdahexScenario
from hexwar.rulesets.idahex.supplies import SupplyTables
from hexwar.rulesets.idahex.view import SIDE_NO, json_time

if TYPE_CHECKING:
    from hexwar.rulesets.idahex.air import AirStrike
    from hexwar.rulesets.idahex.ruleset import IdahexRuleset

__all__ = ["IdahexGame"]

_PLAIN = (int, float, str)
"""The types of a note's data the log keeps."""
_NOBODY: frozenset[str] = frozenset()
_BOTH = frozenset(SIDE_NAMES)


class IdahexGame(Game[IdahexScenario, Commands]):
    """One IDAHEX game."""

    def __init__(
        self, ruleset: IdahexRuleset, scenario: IdahexScenario, *, seed: int, scenario_id: str
    ) -> None:
        super().__init__(ruleset, scenario, seed=seed, scenario_id=scenario_id)
        self.rules = Rules.from_scenario(scenario)
        self.combat = IdahexCombat(self.rules)
        self.engine = Engine(self.rules, self.combat, self._on_note)
        self.engine.log_note = self.log.add_fields  # (status notes, as _on_note makes them)
        self._air_tables = (
            AirTables.from_design(self.rules.design, 1),
            AirTables.from_design(self.rules.design, 2),
        )
        self._supplies = tuple(SupplyTables.from_design(self.rules.design, s) for s in (1, 2))
        self.engine.supply_step = self._consume_supplies
        self.engine.delivery_step = self._deliver
        self._period: Break | None = None
        self._near: dict[frozenset[int], set[int]] = {}
        """The cells in or next to a set of cells (those holding a side's active units)."""
        self._clock_at: tuple[float, tuple[int | None, bool]] = (math.nan, (None, False))
        """The time the clock was last read at, with the cycle then and whether one starts
        then."""
        self._decision: Decision | None = None
        self.active_postures = frozenset(self.rules.design.postures)
        """The design's active postures (its ``postures``, worked out anew at each ask)."""
        self._seen_by: dict[frozenset[int], frozenset[str]] = {}
        """The side names of each set of side numbers a note was for (made once each)."""
        self._own_units = tuple(
            [u for u in self.engine.units.values() if u.side == s] for s in (1, 2)
        )
        """Each side's units, in the engine's order (units never change sides)."""
        self._strikes: dict[tuple[Any, ...], AirStrike] = {}
        """Each strike command met, checked against the design data, by side and the
        command's fields."""
        self._assessed: dict[tuple[Any, ...], tuple[list[list[float]], Any, str]] = {}
        """Each strike assessment (§6) of this cycle by side, strike, cell environment,
        supported side and the targets' numbers, posture classes and resources: its
        remaining resources, record and the report's account of its losses (a pure function
        of these)."""
        self._assessed_before: dict[tuple[Any, ...], tuple[list[list[float]], Any, str]] = {}
        """The last cycle's assessments: a strike flown again on targets holding the same
        resources finds its own there (and takes it into this cycle's). Older ones are
        dropped: kept for the whole game, a thousand assessments' lists outlived the
        collector's young generations and brought on a full collection of the heap."""
        self._assessed_at = math.nan
        """The time of this cycle's strikes (strikes are flown at a cycle start)."""
        self._contact_pieces: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        """Each enemy unit's piece and the state it was built from (the same piece the
        shared cache holds for it), so an unchanged unit costs one comparison."""
        self._kept: dict[Any, Any] = {}
        """What ``view.py`` and ``consumption.py`` keep between calls, each with what it was
        made from (the next period's start by period, each side's design piece by the maps,
        the sides whose supplies are played and the resources rated in each class)."""
        self._nonengaged_demands: dict[tuple[int, int, bytes], Any] = {}
        """A frame's demand (§7) at the rates of units not engaged, by side, column and
        resources: a pure function of them, kept (units holding still repeat it)."""
        self._consumed = [
            np.zeros(r.supplies.stop - r.supplies.start) for r in self.rules.resources
        ]
        self.awaited = {a.unit: a.time for a in scenario.arrivals}
        """Each scheduled unit's arrival time (the scenario's ``arrivals``)."""
        arrivals.bring_in(self.engine, scenario.arrivals)
        report.design_notes(self)
        self._advance()

    # -- the designer's report (§8, file 51) ------------------------------------------------

    def _on_note(self, note: Note) -> None:
        iprint = self.rules.design.iprint  # (Rules.iprint)
        players = audience(iprint, note.level, note.player_level, bool(note.sides))
        if players is None:
            return
        visible = self._seen_by.get(note.sides) if players else _NOBODY
        if visible is None:
            visible = self._seen_by[note.sides] = frozenset(SIDE_NAMES[s - 1] for s in note.sides)
        # The plain values, as the log's keys and values (the row EventLog.add makes of a
        # dict of them: the same keys and values in the same order); the time read as
        # Engine.t reads it.
        given = note.data
        keys: tuple[str, ...] = ()
        values: tuple[Any, ...] = ()
        if given:
            keys, values = tuple(given), tuple(given.values())
            for v in values:
                if not isinstance(v, _PLAIN):
                    data = {k: v for k, v in given.items() if isinstance(v, _PLAIN)}
                    keys, values = tuple(data), tuple(data.values())
                    break
        self.log.add_fields(self.engine.clock.t, note.kind, note.text, visible, keys, values)

    # -- time -------------------------------------------------------------------------------

    def _advance(self) -> None:
        self._period = self.engine.run_to_decision()
        if self._period is None or self._at_cycle_start():
            consumption.report_consumption(self)
        if self._period is None:
            self._finish(None, f"the game reached tend = {self.rules.design.tend:g}")
            return
        # The sides with a unit not destroyed (each side's units read up to its first one).
        alive = []
        for s, units in enumerate(self._own_units, 1):
            for u in units:
                if u.posture != DESTROYED:
                    alive.append(s)
                    break
        if len(alive) < 2:
            winner = SIDE_NAMES[alive[0] - 1] if alive else None
            self._finish(winner, "a side has no units left")

    def _awaiting(self) -> Decision:
        assert self._period is not None
        if self._decision is None or self._decision.step != self._step:  # (Game.step)
            self._decision = Decision(
                self._step,
                _BOTH,
                f"period {self._period.number} at t = {self.engine.t:g}: your commands",
            )
        return self._decision

    # -- commands (periods.py), air support (strikes.py) -------------------------------------

    def _check(self, side: str, order: Commands) -> None:
        periods.check(self, side, order)

    def _resolve(self, orders: Mapping[str, Commands]) -> None:
        if self._at_cycle_start():
            self.combat.air_records.clear()  # CAS counts for one cycle (§5.2)
        for side in SIDE_NAMES:
            s = SIDE_NO[side]
            for c in orders[side].commands:
                try:
                    periods.execute(self, s, c)
                except IllegalOrderError as e:
                    self.log.append(
                        self.engine.t, "refused", f"{c}: {e}", visible_to=frozenset({side})
                    )
        self._advance()

    # -- the clock ---------------------------------------------------------------------------

    def _at_cycle_start(self) -> bool:
        # The answer kept for this time without the call to _cycle (asked at every strike
        # command and view); the clock's time read as Engine.t reads it.
        at = self._clock_at
        if at[0] == self.engine.clock.t:
            return at[1][1]
        return self._cycle()[1]

    def _cycle(self) -> tuple[int | None, bool]:
        """The number of the cycle now (``None`` at ``tend``) and whether it starts now;
        found once per time (the commands and both sides' views ask at the same time)."""
        t = self.engine.clock.t  # (Engine.t, without its property call)
        if self._clock_at[0] != t:
            d = self.rules.design
            x = (t - d.tinit) / d.tcycle
            n = self.rules.timing.cycle_number(t) if t < d.tend else None
            self._clock_at = (t, (n, abs(x - round(x)) < 1e-9))
        return self._clock_at[1]

    # -- the engine's steps: deliveries (exchanges.py, §4.2), supplies (consumption.py, §7) --

    def _deliver(self, engine: Engine, tf: TaskForce) -> None:
        exchanges.deliver_order(self, engine, tf)

    def _consume_supplies(self, engine: Engine) -> None:
        consumption.consume_supplies(self, engine)

    # -- views (view.py) and the end: summary and the designer's report (report.py) ---------

    def contacts(self, s: int) -> list[UnitState]:
        return view.contacts(self, s)

    def _view(self, side: str) -> dict[str, Any]:
        return view.view(self, side)

    def _summary(self) -> dict[str, Any]:
        return report.summary(self)

    def _report_sections(self) -> list[tuple[str, str]]:
        return report.report_sections(self)

    def _state_json(self) -> dict[str, Any]:
        e = self.engine
        return {
            "t": e.t,
            "units": [
                view.unit_json(self, u, full=True) | {"side": u.side} for u in e.units.values()
            ],
            "task_forces": [
                view.tf_json(self, tf) | {"side": tf.side} for tf in e.task_forces.values()
            ],
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
            "queue": [[json_time(k.time), k.priority, str(item)] for k, item in e.clock.queue],
        }
