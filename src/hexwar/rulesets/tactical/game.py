"""The tactical game (seed 002) on the hexwar protocol.

Turns of 6 minutes; in each turn the side named ``first`` in the scenario, then the other, has
a phase. A phase starts with the automatic steps (smoke laid by the side clears, disrupted
units try to recover, HQs draw supply and resupply their units, action points are restored),
then the side's orders are carried out one action at a time, then units that stayed put may
dig an improved position and objectives change hands. After the last turn the side with more
victory points wins. Rules and choices: docs/tactical.md, docs/rulings/tactical.md.

The game holds the state and the protocol's hooks; the rules are in modules by phase:
``turns`` (the turn sequence), ``supply``, ``movement`` (with opportunity fire), ``fire``
(fire and assault on the CRT), ``results`` (losses, morale, retreat); ``view`` and ``report``
are what a side sees and the end's account; ``units`` holds the pieces.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hexwar.core.errors import IllegalOrderError
from hexwar.core.events import ALL, Receipt
from hexwar.core.game import Decision, Game
from hexwar.core.hexes import Hex
from hexwar.core.orders import Amendment
from hexwar.rulesets.tactical import fire, movement, report, results, supply, turns, view
from hexwar.rulesets.tactical.amend import amend
from hexwar.rulesets.tactical.board import Board
from hexwar.rulesets.tactical.morale import led_morale
from hexwar.rulesets.tactical.orders import TurnOrders
from hexwar.rulesets.tactical.plan import Planned, Planner
from hexwar.rulesets.tactical.scenario import SIDES, TacticalScenario
from hexwar.rulesets.tactical.tables import rules
from hexwar.rulesets.tactical.units import Commander, Unit, other, unit_states

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.ruleset import TacticalRuleset

__all__ = ["Commander", "TacticalGame", "Unit", "unit_states"]


class TacticalGame(Game[TacticalScenario, TurnOrders]):
    def __init__(
        self, ruleset: TacticalRuleset, scenario: TacticalScenario, *, seed: int, scenario_id: str
    ) -> None:
        super().__init__(ruleset, scenario, seed=seed, scenario_id=scenario_id)
        self.board = Board.from_scenario(scenario)
        self._board_json = self.board.to_json()
        kinds = rules().kinds
        self.units: dict[str, Unit] = {}
        for u in scenario.units:
            k = kinds[u.kind]
            ammo = k.ammo if u.ammo is None else u.ammo
            ap = k.ap if u.ap is None else u.ap
            self.units[u.id] = Unit(
                id=u.id,
                side=u.side,
                name=u.name,
                kind=u.kind,
                hex=None if u.at is None else Hex.from_str(u.at),
                sp=u.sp,
                max_sp=u.sp,
                morale=u.morale,
                attack_soft=k.attack_soft if u.attack_soft is None else u.attack_soft,
                attack_hard=k.attack_hard if u.attack_hard is None else u.attack_hard,
                defense=k.defense if u.defense is None else u.defense,
                range=k.range if u.range is None else u.range,
                ap_max=ap,
                ap=ap,
                ammo_max=ammo,
                ammo=ammo,
                smoke=k.smoke if u.smoke is None else u.smoke,
                hard=k.hard,
                base_mobility=k.mobility,
                can_assault=k.can_assault,
                hq=u.hq,
                hq_level=u.hq_level,
                mounted=u.mounted,
                indirect=u.indirect,
            )
        for rider in self.units.values():  # tank riders climb onto a tank of theirs in the hex
            if rider.mounted == "tank":
                rider.carrier = next(
                    v.id
                    for v in self.units.values()
                    if v.kind == "armor"
                    and v.side == rider.side
                    and v.hex == rider.hex
                    and len(self.riders_of(v)) < rules().riders_per_vehicle
                )
        self.commanders: dict[str, Commander] = {
            c.id: Commander(
                c.id, c.side, c.name, Hex.from_str(c.at), c.leadership, c.command, c.ap, c.ap, c.hq
            )
            for c in scenario.commanders
        }
        self.objectives: dict[Hex, int] = {Hex.from_str(o.at): o.vp for o in scenario.objectives}
        self.control: dict[Hex, str | None] = {
            Hex.from_str(o.at): o.owner for o in scenario.objectives
        }
        self.turn = 1
        self.phase = 0  # 0: the side moving first this turn, 1: the other
        self.smoke: dict[Hex, str] = {}  # hex -> side that laid it (clears at its next phase)
        self.wrecks: dict[Hex, int] = {}
        self.lost: dict[str, int] = dict.fromkeys(SIDES, 0)  # SPs each side has lost
        self.visibility = scenario.visibility or rules().visibility
        self.opportunity_odds = (
            rules().opportunity_fire_odds
            if scenario.opportunity_fire_odds is None
            else scenario.opportunity_fire_odds
        )
        turns.update_control(self)
        turns.start_phase(self)

    # -- small helpers -------------------------------------------------------------------------

    @property
    def mover(self) -> str:
        first = self.scenario.first
        return first if self.phase == 0 else other(first)

    def nation(self, side: str) -> str:
        return self.scenario.sides[side].nation  # type: ignore[index]

    def units_in(self, h: Hex, side: str | None = None) -> list[Unit]:
        return [
            u
            for u in self.units.values()
            if u.hex == h and u.alive and (side is None or u.side == side)
        ]

    def riders_of(self, v: Unit) -> list[Unit]:
        """The infantry riding the tank ``v``."""
        return [u for u in self.units.values() if u.carrier == v.id and u.alive]

    def _sp_by_hex(self) -> dict[Hex, int]:
        out: dict[Hex, int] = {}
        for u in self.units.values():
            if u.alive and u.hex is not None:
                out[u.hex] = out.get(u.hex, 0) + u.sp
        return out

    def line_of_sight(self, a: Hex, b: Hex, sp_by_hex: Mapping[Hex, int] | None = None) -> bool:
        return self.board.line_of_sight(
            a,
            b,
            units_sp=self._sp_by_hex() if sp_by_hex is None else sp_by_hex,
            wreck_sp=self.wrecks,
            smoke=self.smoke,
        )

    def spotted(self, side: str) -> set[str]:
        """Ids of the enemy units ``side`` sees: within visibility of one of its units on the
        map and in its line of sight (TERRAIN HEIGHT; Parameter Data)."""
        sp = self._sp_by_hex()
        eyes = {u.hex for u in self.units.values() if u.side == side and u.alive and u.hex}
        seen: set[str] = set()
        cache: dict[Hex, bool] = {}
        for e in self.units.values():
            if e.side == side or not e.alive or e.hex is None:
                continue
            if e.hex not in cache:
                cache[e.hex] = any(
                    a.distance(e.hex) <= self.visibility and self.line_of_sight(a, e.hex, sp)
                    for a in sorted(eyes)
                )
            if cache[e.hex]:
                seen.add(e.id)
        return seen

    def led(self, u: Unit) -> int:
        """The unit's morale with its stacked commanders (COMMANDERS, LEADERSHIP)."""
        leads = [
            c.leadership
            for c in self.commanders.values()
            if c.side == u.side and c.hex is not None and c.hex == u.hex
        ]
        return led_morale(u.morale, leads)

    # -- protocol hooks --------------------------------------------------------------------

    def _awaiting(self) -> Decision:
        return Decision(self.step, frozenset({self.mover}), f"turn {self.turn}: {self.mover}")

    def _check(self, side: str, order: TurnOrders) -> None:
        planner = Planner(self._view(side), self.board)
        for i, action in enumerate(order.actions, 1):
            try:
                planner.plan(action)
            except IllegalOrderError as e:
                reason = str(e).removesuffix(f" [{e.rule}]")
                raise IllegalOrderError(
                    f"action {i} of {len(order.actions)}: {reason}", rule=e.rule, order=order
                ) from None

    def _resolve(self, orders: Mapping[str, TurnOrders]) -> None:
        side = self.mover
        for action in orders[side].actions:
            if self._outcome is not None:
                return
            planner = Planner(self._view(side), self.board)
            try:
                planned = planner.check(action)
            except IllegalOrderError as e:
                self.log.append(
                    self.turn,
                    "not-carried-out",
                    f"not carried out: {e}",
                    visible_to=side,
                )
                continue
            self._carry_out(side, planned)
        if self._outcome is None:  # the last action may have ended the game
            turns.end_phase(self)

    # -- the turn sequence (turns.py), supply (supply.py), combat (fire.py, results.py) ------

    def _own(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side and u.alive and u.hex]

    def score(self) -> dict[str, int]:
        return turns.score(self)

    def combat_losses(self, side: str) -> tuple[int, int]:
        return turns.combat_losses(self, side)

    def hq_range_of(self, hq: Unit) -> float:
        return supply.hq_range_of(self, hq)

    def attack_strengths(
        self, attacker: Unit, target: Unit, command: int
    ) -> tuple[float, float, list[tuple[str, float]], bool]:
        return fire.attack_strengths(self, attacker, target, command)

    def _morale_check(self, u: Unit, label: str) -> tuple[bool, Receipt]:
        return results.check_morale(self, u, label)

    def _apply_result(
        self, t: Unit, loss: int, disruption: bool, morale_check: bool, attacker: Hex
    ) -> None:
        results.apply_result(self, t, loss, disruption, morale_check, attacker)

    def _retreat(self, t: Unit, attacker: Hex) -> None:
        results.retreat(self, t, attacker)

    # -- actions ---------------------------------------------------------------------------

    def _carry_out(self, side: str, p: Planned) -> None:
        a = p.action
        if a.verb == "move":
            movement.move(self, side, a, p)
        elif a.verb == "mount":
            u = self.units[a.unit]
            u.ap -= p.ap
            u.mounted = "tank"
            u.carrier = a.target
            u.improved = False
            self.log.append(
                self.turn, "mount", f"{u.id} mounts {a.target} at {u.hex}", visible_to=side
            )
        elif a.verb == "dismount":
            u = self.units[a.unit]
            u.ap -= p.ap
            u.mounted = None
            u.carrier = None
            self.log.append(self.turn, "dismount", f"{u.id} dismounts at {u.hex}", visible_to=side)
        elif a.verb == "smoke":
            u = self.units[a.unit]
            u.ap -= p.ap
            u.smoke -= 1
            self.smoke[a.hex] = side
            self.log.append(self.turn, "smoke", f"{u.id} lays smoke on {a.hex}", visible_to=ALL)
        else:
            fire.attack(self, side, p)

    # -- views (view.py) and the end: summary and the designer's report (report.py) ---------

    def _amend(self, amendment: Amendment) -> None:
        amend(self, amendment)  # the umpire's changes: rulesets/tactical/amend.py

    def _view(self, side: str) -> dict[str, Any]:
        return view.view(self, side)

    def _summary(self) -> dict[str, Any]:
        return report.summary(self)

    def _report_sections(self) -> list[tuple[str, str]]:
        return report.report_sections(self)

    def _state_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "phase": self.phase,
            "units": [u.to_json() for u in self.units.values()],
            "commanders": [c.to_json() for c in self.commanders.values()],
            "control": {str(h): s for h, s in self.control.items()},
            "smoke": {str(h): s for h, s in sorted(self.smoke.items())},
            "wrecks": {str(h): n for h, n in sorted(self.wrecks.items())},
            "lost": dict(self.lost),
        }
