"""An Aggressor game on the hexwar protocol (seed 003_1698e9697f800457.txt).

Decisions: each side's set-up (unless the scenario carries a saved one), then alternating
turns. A turn is TURN SEQUENCE A-F: the active side's observation (B), the enemy's partisan
answer if it has partisans (C, a decision of the *enemy*), CBR effects (D), then one order per
key press of the unit activity cycle (E) until key 0 or no option is left, and the victory
check of the opponent (F).

Fog of war: each side keeps what it learnt at its own observation phase (and from recon and
combat during its turn); its view shows its own units and that knowledge only, and the events
it may see. Adjudication receipts (strengths, chances and rolls) are umpire-only events, since
they would reveal hidden strengths; the reports both sides see carry what the seed reports.

The game holds the state and the protocol's hooks; the rules are in modules by the seed's
sections: ``turns`` (set-up, TURN SEQUENCE A-C and F), ``observation`` (B), ``partisans`` (C),
``activity`` (E: orders checked and carried out), ``movement``, ``combat``, ``special``
(SPECIAL FUNCTIONS); ``view`` and ``report`` are what a side sees and the end's account.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexwar.core.errors import IllegalOrderError
from hexwar.core.events import ALL, Receipt
from hexwar.core.game import Decision, Game
from hexwar.core.orders import Amendment
from hexwar.rulesets.aggressor import activity, combat, observation, partisans, report, turns, view
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.amend import amend
from hexwar.rulesets.aggressor.orders import AggressorOrder
from hexwar.rulesets.aggressor.scenario import (
    ARMY_SIZE,
    AggressorScenario,
)
from hexwar.rulesets.aggressor.state import Unit

__all__ = ["AggressorGame"]

UMPIRE: frozenset[str] = frozenset()  # events only the umpire (full log) sees


class AggressorGame(Game[AggressorScenario, AggressorOrder]):
    """One game of Aggressor."""

    def __init__(self, ruleset: Any, scenario: AggressorScenario, **kw: Any) -> None:
        super().__init__(ruleset, scenario, **kw)
        self.opts = scenario.options
        self.rough = scenario.rough_cells()
        self.cbr: set[int] = set()
        self.units: dict[str, list[Unit]] = {s: [] for s in rl.SIDES}
        self.chosen: dict[str, list[str]] = {s: [] for s in rl.SIDES}  # types in choice order
        self.at: dict[int, Unit] = {}
        self.phase = "setup"
        self.setup_side = "west"
        self.round = 1
        self.active = "west"
        self.turns_played = 0
        self.aggressor: str | None = None
        self.partisans = dict.fromkeys(rl.SIDES, 0)
        self.control: list[str | None] = [
            "west" if rl.sector_column(s) == 0 else "east" if rl.sector_column(s) == 2 else None
            for s in range(9)
        ]
        # What each side knows of the enemy: cell -> shown type (None: unidentified).
        self.known: dict[str, dict[int, str | None]] = {s: {} for s in rl.SIDES}
        # Enemy units a side identified at its latest observation phase (carried one turn).
        self.identified: dict[str, set[tuple[str, int]]] = {s: set() for s in rl.SIDES}
        setup = scenario.setup
        if setup is not None:
            self.first_mover = setup.first_mover
            self.log.append(
                0, "setup", f"Saved set-up loaded; {self.first_mover} moves first", visible_to=ALL
            )
        elif scenario.first_mover != "random":
            self.first_mover = scenario.first_mover
            self.log.append(
                0, "first-mover", f"{self.first_mover} moves first (scenario)", visible_to=ALL
            )
        else:
            self.first_mover = rl.SIDES[self.dice.choice_index("first mover", 2)]
            self.log.append(
                0,
                "first-mover",
                f"{self.first_mover} moves first (drawn at set-up, TURN SEQUENCE A)",
                receipt=Receipt(rolls=self.dice.take(), result=self.first_mover),
                visible_to=ALL,
            )
        if setup is not None:
            for side in rl.SIDES:
                turns.place(self, side, [(p.type, p.at) for p in getattr(setup, side)])
            turns.start_turn(self, self.first_mover)

    # -- protocol hooks ------------------------------------------------------------------------

    def _awaiting(self) -> Decision:
        if self.phase == "setup":
            return Decision(self.step, frozenset({self.setup_side}), "set up your 18 units")
        if self.phase == "partisans":
            enemy = rl.other(self.active)
            return Decision(
                self.step,
                frozenset({enemy}),
                f"round {self.round}: {self.active} begins its turn; {enemy}, use partisans?",
            )
        return Decision(
            self.step, frozenset({self.active}), f"round {self.round}: {self.active} to act"
        )

    def _check(self, side: str, order: AggressorOrder) -> None:
        if self.phase == "setup":
            if order.kind != "setup":
                raise IllegalOrderError("set up your units first", rule="SET UP", order=order)
            turns.check_setup(self, side, order)
            return
        if self.phase == "partisans":
            if order.kind != "partisans":
                raise IllegalOrderError(
                    "answer whether to use partisans ('partisans N')",
                    rule="TURN SEQUENCE C",
                    order=order,
                )
            if order.count > self.partisans[side]:
                raise IllegalOrderError(
                    f"you have {self.partisans[side]} partisans, not {order.count}",
                    rule="TURN SEQUENCE C",
                    order=order,
                )
            return
        if order.kind in {"setup", "partisans"}:
            raise IllegalOrderError(
                f"a {order.kind} order is not due now; it is {side}'s turn",
                rule="TURN SEQUENCE E",
                order=order,
            )
        if order.kind == "end":
            return
        unit = activity.own_unit(self, side, order)
        if order.kind == "key":
            activity.plan_key(self, unit, order)
        else:
            activity.plan_special(self, unit, order)

    def _resolve(self, orders: Mapping[str, AggressorOrder]) -> None:
        ((side, order),) = orders.items()
        if order.kind == "setup":
            turns.place(self, side, list(order.placements))
            self.log.append(0, "setup", f"{side} has set up its {ARMY_SIZE} units", visible_to=ALL)
            if side == "west":
                self.setup_side = "east"
            else:
                turns.start_turn(self, self.first_mover)
            return
        if order.kind == "partisans":
            partisans.use_partisans(self, side, order.count)
            turns.continue_turn(self)
            return
        if order.kind == "end":
            self._end_turn(f"{side} ends its turn")
            return
        unit = activity.own_unit(self, side, order)
        if order.kind == "key":
            activity.do_key(self, unit, order)
        else:
            activity.do_special(self, unit, order)
        if self._outcome is None and not activity.options_left(self, side):
            self._end_turn(f"{side}'s turn ends: no unit has an option left")

    def _amend(self, amendment: Amendment) -> None:
        amend(self, amendment)  # the umpire's changes: rulesets/aggressor/amend.py

    def _state_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "setup_side": self.setup_side,
            "round": self.round,
            "active": self.active,
            "first_mover": self.first_mover,
            "turns_played": self.turns_played,
            "aggressor": self.aggressor,
            "partisans": self.partisans,
            "control": self.control,
            "cbr": sorted(self.cbr),
            "units": {s: [u.to_json() for u in us] for s, us in self.units.items()},
            "known": {s: sorted([c, t] for c, t in k.items()) for s, k in self.known.items()},
            "identified": {s: sorted(map(list, i)) for s, i in self.identified.items()},
        }

    # -- the phases: turns.py, observation.py, partisans.py, activity.py (E), movement.py,
    # combat.py, special.py; the views: view.py, report.py ---------------------------------

    def _view(self, side: str) -> dict[str, Any]:
        return view.view(self, side)

    def _summary(self) -> dict[str, Any]:
        return report.summary(self)

    def _report_sections(self) -> list[tuple[str, str]]:
        return report.report_sections(self)

    def sectors_won(self, side: str) -> tuple[int, bool]:
        return turns.sectors_won(self, side)

    def _observe(self, side: str) -> None:
        observation.observe(self, side)

    def _end_turn(self, text: str) -> None:
        turns.end_turn(self, text)

    def _eliminate(self, unit: Unit, *, public: bool = False) -> None:
        combat.eliminate(self, unit, public=public)

    # -- logging -------------------------------------------------------------------------------

    def _report(self, text: str, side: str | None = None, **data: Any) -> None:
        self.log.append(
            self.round,
            data.pop("kind", "report"),
            text,
            visible_to="*" if side is None else side,
            data=data,
        )

    def _receipt(self, kind: str, text: str, receipt: Receipt) -> None:
        self.log.append(self.round, kind, text, visible_to=UMPIRE, receipt=receipt)
