"""The flankbattle game on the hexwar protocol: a batch ruleset.

Both sides submit their deployment (the flanks on the Strategy tab) as sealed orders; once both
are in, the war is resolved to the end -- battle, leaders, occupation, stability -- and the game
is over. The event log is the timeline of the Autoalgo log, every event visible to both sides
(a moderator posts it all); before resolution a side's view shows its own military and the
public database facts of the enemy, never the enemy's sealed deployment.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from hexwar.core.errors import IllegalOrderError
from hexwar.core.events import ALL
from hexwar.core.game import Decision, Game
from hexwar.rulesets.flankbattle.engine import SIDE_NAMES, BattleEvent
from hexwar.rulesets.flankbattle.flanks import (
    FlankSpec,
    Validity,
    check_count,
    role_totals,
    share_ships,
    validity,
)
from hexwar.rulesets.flankbattle.orders import Deployment
from hexwar.rulesets.flankbattle.receipt import render_receipt
from hexwar.rulesets.flankbattle.scenario import FlankbattleScenario, setup_of
from hexwar.rulesets.flankbattle.terrain import coarse_rows
from hexwar.rulesets.flankbattle.war import WarReport, fight, report_json

if TYPE_CHECKING:
    from hexwar.rulesets.flankbattle.ruleset import FlankbattleRuleset

__all__ = ["SIDES", "FlankbattleGame"]

SIDES = ("attacker", "defender")


class FlankbattleGame(Game[FlankbattleScenario, Deployment]):
    def __init__(
        self, ruleset: FlankbattleRuleset, scenario: FlankbattleScenario, **kw: Any
    ) -> None:
        super().__init__(ruleset, scenario, **kw)
        self.setup = setup_of(scenario)
        self.terrain = coarse_rows(self.setup.grid)  # the public map, as views carry it
        self.deployments: dict[str, list[FlankSpec]] = {}
        self.war_report: WarReport | None = None
        # Set by the command line to stream the Autoalgo log while the war runs.
        self.on_event: Callable[[BattleEvent], None] | None = None
        self.on_occupation: Callable[[int, str], None] | None = None

    def __getstate__(self) -> dict[str, Any]:
        """The game without its listeners: ``on_event`` and ``on_occupation`` watch the war
        (the command line's log file) and are no part of its state, so every game pickles,
        before and after the battle, and comes back without them."""
        state = self.__dict__.copy()
        state["on_event"] = None
        state["on_occupation"] = None
        return state

    def _record(self, events: list[BattleEvent], event: BattleEvent) -> None:
        events.append(event)
        if self.on_event is not None:
            self.on_event(event)

    def flanks_of(self, side: str, order: Deployment) -> list[FlankSpec]:
        index = SIDES.index(side)
        if order.flanks is None:
            return self.setup.default_deployment(index)
        return share_ships(order.flanks, self.setup.sides[index].ship_number)

    def _awaiting(self) -> Decision:
        return Decision(self.step, frozenset(SIDES), "place your flanks")

    def status_of(self, side: str, order: Deployment) -> Validity:
        """The status message of ``side``'s deployment ``order`` (seed 004, Terrain map): Good
        (X/Y), or Invalid Inf (X/Y) and its kin, as the order is judged when it is submitted
        (the game page shows it while the flanks are placed)."""
        flanks = self.flanks_of(side, order)
        check_count(flanks)
        index = SIDES.index(side)
        sv = self.setup.sides[index]
        return validity(
            flanks,
            float(sv.military["size"]),
            self.setup.proportions(index),
            sv.ship_number,
            self.setup.crew(index),
        )

    def _check(self, side: str, order: Deployment) -> None:
        status = self.status_of(side, order)
        if not status.good:
            sv = self.setup.sides[SIDES.index(side)]
            raise IllegalOrderError(
                f"{side}'s flanks are {status.text} ({status.colour}): the flanks must hold the "
                f"military {sv.military['name']!r} within 10 soldiers and one ship",
                rule="flank validity (seed 004, Terrain map)",
                order=order,
            )

    def _resolve(self, orders: Mapping[str, Deployment]) -> None:
        deployments = (
            self.flanks_of("attacker", orders["attacker"]),
            self.flanks_of("defender", orders["defender"]),
        )
        self.deployments = dict(zip(SIDES, deployments, strict=True))
        events: list[BattleEvent] = []
        report = fight(
            self.setup,
            deployments,
            self.dice.generator,
            functools.partial(self._record, events),
            self.on_occupation,
        )
        self.war_report = report
        for e in events:
            self.log.append(e.hour, e.kind, e.text, data=e.data, visible_to=ALL)
        end = report.result.hours
        for _, text in report.occupation.events:
            self.log.append(end, "occupation", text, visible_to=ALL)
        for change in report.stability:
            self.log.append(
                end,
                "stability",
                f"{SIDE_NAMES[change.side]} stability {change.before:g} -> {change.after:.2f} "
                f"({change.text})",
                data={"notes": list(change.notes)},
                visible_to=ALL,
            )
        self._finish(SIDES[report.winner], report.result.reason)

    def _view(self, side: str) -> dict[str, Any]:
        index = SIDES.index(side)
        own, enemy = self.setup.sides[index], self.setup.sides[1 - index]
        if self.war_report is not None:
            return {"phase": "over", "side": side, "report": report_json(self.war_report)}
        proportions = self.setup.proportions(index)
        every_role = role_totals(float(own.military["size"]), proportions)
        totals = {r: every_role[r] for r in proportions}
        enemy_proportions = self.setup.proportions(1 - index)
        enemy_roles = role_totals(float(enemy.military["size"]), enemy_proportions)
        return {
            "phase": "deployment",
            "side": side,
            "war": self.setup.title,
            "year": self.setup.year,
            "motive": self.setup.motive,
            "location": self.setup.location.get("name"),
            "map": self.setup.map_name,
            "terrain": list(self.terrain),
            "military": {
                "name": own.military["name"],
                "nation": own.nation["name"],
                "size": round(float(own.military["size"])),
                "units": {r: u.slot.unit.name for r, u in own.units.items() if r != "ship"},
                "totals": totals,
                "ships": own.ship_number,
                "transport": own.units["ship"].slot.unit.name,
            },
            "default_flanks": [f.to_json() for f in self.setup.default_deployment(index)],
            "enemy": {
                "nation": enemy.nation["name"],
                "military": enemy.military["name"],
                "size": round(float(enemy.military["size"])),
                # the Military tab's public facts: its men by role and its ships (never its
                # deployment, which is sealed)
                "totals": {r: enemy_roles[r] for r in enemy_proportions},
                "ships": enemy.ship_number,
            },
        }

    def _summary(self) -> dict[str, Any]:
        return {} if self.war_report is None else report_json(self.war_report)

    def _series(self) -> dict[str, Any]:
        """Each flank's men and morale by the hour (seed 004: the battle loop is hourly)."""
        if self.war_report is None:
            return {}
        battle = self.war_report.battle
        hours = [h.hour for h in battle.hourly]
        columns = {
            "men": [h.men for h in battle.hourly],
            "morale": [h.morale for h in battle.hourly],
        }
        series: list[dict[str, Any]] = []
        for quantity, rows in columns.items():
            for i, flank in enumerate(battle.flanks):
                series.append(
                    {
                        "quantity": quantity,
                        "label": flank.name,
                        "side": SIDES[flank.side],
                        "t": hours,
                        "y": [round(float(row[i]), 3) for row in rows],
                    }
                )
        return {"time": "hour", "series": series}

    def _report_sections(self) -> list[tuple[str, str]]:
        if self.war_report is None:
            return []
        return [("Receipt", render_receipt(self.war_report, "markdown"))]

    def _state_json(self) -> dict[str, Any]:
        return {
            "deployments": {s: [f.to_json() for f in fl] for s, fl in self.deployments.items()},
            "report": None if self.war_report is None else report_json(self.war_report),
        }
