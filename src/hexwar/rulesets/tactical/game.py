"""The tactical game (seed 002) on the hexwar protocol.

Turns of 6 minutes; in each turn the side named ``first`` in the scenario, then the other, has
a phase. A phase starts with the automatic steps (smoke laid by the side clears, disrupted
units try to recover, HQs draw supply and resupply their units, action points are restored),
then the side's orders are carried out one action at a time, then units that stayed put may
dig an improved position and objectives change hands. After the last turn the side with more
victory points wins. Rules and choices: docs/tactical.md, docs/rulings/tactical.md.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from hexwar.core.errors import IllegalOrderError
from hexwar.core.events import ALL, Modifier, Receipt
from hexwar.core.game import Decision, Game
from hexwar.core.hexes import Hex
from hexwar.core.orders import Amendment
from hexwar.core.rng import Roll
from hexwar.core.tables import RowLookup
from hexwar.rulesets.tactical.amend import amend
from hexwar.rulesets.tactical.board import Board, product
from hexwar.rulesets.tactical.combat import (
    RESULTS,
    NetResult,
    combine,
    net_defense,
    outcome_index,
)
from hexwar.rulesets.tactical.morale import (
    hq_range,
    led_morale,
    resupply_chance,
    terrain_morale,
)
from hexwar.rulesets.tactical.orders import Action, TurnOrders
from hexwar.rulesets.tactical.plan import Planned, Planner, mobility_of
from hexwar.rulesets.tactical.scenario import SIDES, TacticalScenario
from hexwar.rulesets.tactical.tables import HQ_LEVELS, VEHICLES, rules, sheet

if TYPE_CHECKING:
    from hexwar.rulesets.tactical.ruleset import TacticalRuleset

__all__ = ["Commander", "TacticalGame", "Unit", "unit_states"]


@dataclass
class Unit:
    id: str
    side: str
    name: str
    kind: str
    hex: Hex | None
    sp: int
    max_sp: int
    morale: int
    attack_soft: float
    attack_hard: float
    defense: float
    range: int
    ap_max: int
    ap: float
    ammo_max: int
    ammo: int
    smoke: int
    hard: bool
    base_mobility: str
    can_assault: bool
    hq: str | None
    hq_level: str | None
    mounted: str | None = None
    carrier: str | None = None  # the tank a rider is on (docs/rulings/tactical.md, Riders)
    indirect: bool = False  # fires without its own line of sight (mortars)
    disrupted: bool = False
    improved: bool = False
    moved: bool = False
    in_supply: bool = True

    @property
    def alive(self) -> bool:
        return self.sp > 0

    @property
    def mobility(self) -> str:
        return mobility_of(self.base_mobility, self.mounted)

    @property
    def vehicle(self) -> bool:
        return self.mobility in VEHICLES

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["hex"] = None if self.hex is None else str(self.hex)
        return d


@dataclass
class Commander:
    id: str
    side: str
    name: str
    hex: Hex | None
    leadership: int
    command: int
    ap_max: int
    ap: float
    hq: str | None
    fate: str | None = None  # "killed" or "captured" once off the map

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["hex"] = None if self.hex is None else str(self.hex)
        return d


def unit_states(
    disrupted: bool,
    improved: bool,
    mounted: str | None,
    in_supply: bool | None,
    *,
    short: bool = False,
) -> list[str]:
    """A unit's notable states in words, for the terminal view (``short``) and the report;
    ``in_supply`` is None for a unit that is not an HQ."""
    return [
        text
        for text, on in (
            ("DISRUPTED" if short else "disrupted", disrupted),
            ("IP" if short else "improved position", improved),
            (f"riding {mounted}", mounted),
            ("out of supply", in_supply is False),
        )
        if on
    ]


def _other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


@dataclass(frozen=True)
class _CrtAttack:
    """A resolved unit attack, ready to become its event's receipt."""

    inputs: dict[str, object]
    row: RowLookup
    modifiers: tuple[Modifier, ...]
    indices: list[int]
    net: NetResult

    def receipt(self, rolls: tuple[Roll, ...]) -> Receipt:
        return Receipt(
            inputs=self.inputs,
            table="COMBAT RESULTS TABLE",
            row=sheet().crt.describe(self.row),
            modifiers=self.modifiers,
            rolls=rolls,
            result={"single": [RESULTS[i] for i in self.indices], "net": self.net.text},
        )


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
        self._update_control()
        self._start_phase()

    # -- small helpers -------------------------------------------------------------------------

    @property
    def mover(self) -> str:
        first = self.scenario.first
        return first if self.phase == 0 else _other(first)

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

    def _put_off(self, v: Unit, why: str) -> None:
        """The riders of ``v`` get off in its hex, disrupted (docs/rulings/tactical.md,
        Riders: the tank is destroyed or driven back under them)."""
        for r in self.riders_of(v):
            r.carrier = None
            r.mounted = None
            r.disrupted = True
            self.log.append(
                self.turn,
                "riders-off",
                f"{r.id} is thrown off {v.id} at {r.hex} ({why}) and is disrupted",
                visible_to=ALL,
            )

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
            self._end_phase()

    # -- phases ----------------------------------------------------------------------------

    def _start_phase(self) -> None:
        side = self.mover
        self.log.append(
            self.turn,
            "phase",
            f"Turn {self.turn} of {self.scenario.turns} (minute "
            f"{(self.turn - 1) * sheet().parameters['minutes_per_turn']}): {side} phase",
            visible_to=ALL,
        )
        for h in [h for h, s in self.smoke.items() if s == side]:
            del self.smoke[h]
        for u in self._own(side):
            u.moved = False
            if u.disrupted:
                self._recover(u)
            u.ap = u.ap_max if not u.disrupted else u.ap_max // 2
        for c in self.commanders.values():
            if c.side == side:
                c.ap = c.ap_max
        self._supply(side)

    def _own(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side and u.alive and u.hex]

    def _recover(self, u: Unit) -> None:
        """A disrupted unit recovers on a morale check at the start of its phase."""
        ok, receipt = self._morale_check(u, "recovery")
        if ok:
            u.disrupted = False
        self.log.append(
            self.turn,
            "recovery",
            f"{u.id} {'recovers from' if ok else 'stays in'} disruption",
            visible_to=u.side,
            receipt=receipt,
        )

    def _morale_check(self, u: Unit, label: str) -> tuple[bool, Receipt]:
        """d10 at or under morale (with leadership) plus the TERRAIN MORALE MODIFIER passes."""
        assert u.hex is not None
        morale = self.led(u)
        mod, parts = terrain_morale(
            self.board.terrain[u.hex],
            hard=u.hard,
            special=self.board.specials.get(u.hex),
            improved=u.improved,
            vehicle=u.vehicle,
        )
        roll = self.dice.die(f"{label} check", 10)
        ok = roll <= morale + mod
        return ok, Receipt(
            inputs={"unit": u.id, "morale": u.morale, "with_leadership": morale},
            table="TERRAIN MORALE MODIFIERS",
            modifiers=tuple(Modifier(n, f"{v:+d}") for n, v in parts),
            rolls=self.dice.take(),
            result=f"d10 {roll} vs {morale + mod}: {'pass' if ok else 'fail'}",
        )

    def hq_range_of(self, hq: Unit) -> float:
        bonus = 0
        if self.scenario.command_control and hq.hex is not None:
            bonus = max(
                (
                    c.leadership
                    for c in self.commanders.values()
                    if c.hq == hq.id and c.hex == hq.hex and c.side == hq.side
                ),
                default=0,
            )
        assert hq.hq_level is not None
        return hq_range(
            hq.hq_level,
            command_control=self.scenario.command_control,
            nation=self.nation(hq.side),
            year=self.scenario.year,
            leader_bonus=bonus,
        )

    def _attempt(self, u: Unit, hq: Unit, label: str) -> tuple[bool, Receipt]:
        r50 = self.hq_range_of(hq)
        d = 0 if hq.hex is None or u.hex is None else u.hex.distance(hq.hex)
        p = resupply_chance(d, r50, self.scenario.supply_curve)
        ok = self.dice.chance(label, p)
        return ok, Receipt(
            inputs={
                "unit": u.id,
                "hq": hq.id,
                "distance": d,
                "range_50": "infinite" if math.isinf(r50) else r50,
            },
            table="SUPPLY RANGES",
            rolls=self.dice.take(),
            result=f"{p:.0%}: {'success' if ok else 'failure'}",
        )

    def _supply(self, side: str) -> None:
        """HQs draw supply from their superiors, top down (an Army HQ is always supplied, an HQ
        with no superior draws from off the map); then units short of ammunition try to
        resupply from their HQ, which must be in supply (SUPPLY RANGES)."""
        hqs = [u for u in self.units.values() if u.side == side and u.kind == "hq"]
        hqs.sort(key=lambda u: HQ_LEVELS.index(u.hq_level or "battalion"))
        for hq in hqs:
            boss = self.units.get(hq.hq) if hq.hq else None
            if not hq.alive:
                hq.in_supply = False
            elif hq.hq_level == "army" or boss is None:
                hq.in_supply = True
            elif not boss.alive or not boss.in_supply:
                hq.in_supply = False
            else:
                hq.in_supply, receipt = self._attempt(hq, boss, "HQ supply")
                self.log.append(
                    self.turn,
                    "hq-supply",
                    f"HQ {hq.id} is {'in' if hq.in_supply else 'out of'} supply",
                    visible_to=side,
                    receipt=receipt,
                )
        for u in self._own(side):
            if u.kind == "hq" or u.ammo >= u.ammo_max:
                continue
            supplier = self.units.get(u.hq) if u.hq else None
            if supplier is None or not supplier.alive or not supplier.in_supply:
                continue
            ok, receipt = self._attempt(u, supplier, "resupply")
            if ok:
                u.ammo = u.ammo_max
            self.log.append(
                self.turn,
                "resupply",
                f"{u.id} {'resupplied' if ok else 'not resupplied'} by {supplier.id}",
                visible_to=side,
                receipt=receipt,
            )

    def _end_phase(self) -> None:
        side = self.mover
        chance = sheet().misc["improved_position_percent"] / 100.0
        dug = [
            u.id
            for u in self._own(side)
            if not (u.moved or u.improved or u.mounted)
            and self.dice.chance(f"{u.id} improved position", chance)
        ]
        for uid in dug:
            self.units[uid].improved = True
        rolls = self.dice.take()
        if rolls:
            text = f"improved positions: {', '.join(dug)}" if dug else "no improved positions"
            self.log.append(
                self.turn,
                "improved-position",
                text,
                visible_to=side,
                receipt=Receipt(rolls=rolls, result=dug),
            )
        self._update_control()
        for s in SIDES:
            if not any(u.kind != "hq" for u in self._own(s)):
                self._finish(_other(s), f"{s} has no combat units left")
                return
        if self._broken():
            return
        if self.phase == 0:
            self.phase = 1
        else:
            self.phase = 0
            self.turn += 1
            if self.turn > self.scenario.turns:
                self._final_score()
                return
        self._start_phase()

    def _update_control(self) -> None:
        for h in self.objectives:
            here = {u.side for u in self.units_in(h)}
            if len(here) == 1:
                (owner,) = here
                if self.control[h] != owner:
                    self.control[h] = owner
                    self.log.append(
                        self.turn, "objective", f"{owner} takes objective {h}", visible_to=ALL
                    )

    def score(self) -> dict[str, int]:
        """Victory points: objectives held plus enemy SPs eliminated (docs/tactical.md)."""
        vp = dict.fromkeys(SIDES, 0)
        for h, v in self.objectives.items():
            owner = self.control[h]
            if owner is not None:
                vp[owner] += v
        for s in SIDES:
            vp[s] += self.lost[_other(s)] * rules().vp_per_sp
        return vp

    def combat_losses(self, side: str) -> tuple[int, int]:
        """SPs the side's combat units (not HQs) have lost, of their starting SPs."""
        units = [u for u in self.units.values() if u.side == side and u.kind != "hq"]
        return sum(u.max_sp - max(u.sp, 0) for u in units), sum(u.max_sp for u in units)

    def _broken(self) -> bool:
        """The scenario's break point (docs/tactical.md, Winning): at the end of a phase a side
        whose combat units have lost at least ``break_percent`` % of their starting SPs breaks
        and loses; if both do, the one that lost the larger share (equal: a draw)."""
        limit = self.scenario.break_percent
        if limit is None:
            return False
        share = {}
        for s in SIDES:
            lost, start = self.combat_losses(s)
            share[s] = (lost / start if start else 0.0, lost, start)
        broken = [s for s in SIDES if 100 * share[s][1] >= limit * share[s][2]]
        if not broken:
            return False
        a, b = SIDES
        if len(broken) == 2:
            winner = None if share[a][0] == share[b][0] else (a if share[a][0] < share[b][0] else b)
            loser = _other(winner) if winner else a
        else:
            loser = broken[0]
            winner = _other(loser)
        _, lost, start = share[loser]
        self._finish(
            winner,
            f"{loser} breaks: its combat units lost {lost} of {start} SPs "
            f"(break point {limit}%)" + ("" if winner else "; so does the other side: a draw"),
        )
        return True

    def _final_score(self) -> None:
        vp = self.score()
        a, b = SIDES
        winner = None if vp[a] == vp[b] else (a if vp[a] > vp[b] else b)
        text = f"after {self.scenario.turns} turns, {a} {vp[a]} VP, {b} {vp[b]} VP"
        self._finish(winner, text)

    # -- actions ---------------------------------------------------------------------------

    def _carry_out(self, side: str, p: Planned) -> None:
        a = p.action
        if a.verb == "move":
            self._move(side, a, p)
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
            self._attack(side, p)

    def _move(self, side: str, a: Action, p: Planned) -> None:
        mover: Unit | Commander = self.units.get(a.unit) or self.commanders[a.unit]
        mobility = mover.mobility if isinstance(mover, Unit) else "foot"
        riders = self.riders_of(mover) if isinstance(mover, Unit) else []
        sp = mover.sp + sum(r.sp for r in riders) if isinstance(mover, Unit) else 0
        path = list(p.path)
        spent = 0.0
        stopped = None
        pinned: Hex | None = None  # where opportunity fire stopped the move
        fired: set[str] = set()  # enemy units that have fired at this move already
        for frm, to in itertools.pairwise(path):
            if self.units_in(to, _other(side)):
                stopped = to
                break
            here = sum(u.sp for u in self.units_in(to, side) if u is not mover) + sp
            cost = self.board.step_cost(frm, to, mobility, here)
            assert cost is not None
            spent += cost
            mover.hex = to
            for r in riders:  # riders move with their tank
                if r.carrier == mover.id:
                    r.hex = to
            self._capture_commanders(to, side)
            if isinstance(mover, Unit):
                was_disrupted = mover.disrupted
                self._opportunity_fire(mover, fired)
                if not mover.alive or mover.hex != to or (mover.disrupted and not was_disrupted):
                    pinned = to
                    break
        if isinstance(mover, Unit):
            mover.moved = True
            mover.improved = False
            for r in riders:
                if r.carrier == mover.id:
                    r.moved = True
                    r.improved = False
        if pinned is not None:
            # Disrupted, driven back or destroyed by opportunity fire: the move ends there and
            # the unit goes to ground for the rest of its phase (docs/rulings/tactical.md). The
            # hex named is the one the fire hit (a retreat from it is its own side's secret).
            assert isinstance(mover, Unit)
            mover.ap = 0.0
            for r in self.riders_of(mover):
                r.ap = 0.0
            if mover.alive:
                self.log.append(
                    self.turn,
                    "pinned",
                    f"{a.unit}'s move is stopped by opportunity fire at {pinned}",
                    visible_to=ALL,
                )
            self._update_control()
            return
        mover.ap -= spent
        for r in riders:  # the riders spent the same minutes as their tank
            if r.carrier == mover.id:
                r.ap = min(r.ap, mover.ap)
        if stopped is not None:
            self.log.append(
                self.turn,
                "contact",
                f"{a.unit} runs into enemy units at {stopped} and stops at {mover.hex}",
                visible_to=ALL,
            )
        else:
            self.log.append(
                self.turn, "move", f"{a.unit} moves to {mover.hex} ({spent:g} AP)", visible_to=side
            )
        self._update_control()

    def _capture_commanders(self, h: Hex, side: str) -> None:
        """An enemy commander alone in a hex a unit enters is lost (docs/rulings/tactical.md)."""
        if not self.units_in(h, side):
            return
        for c in self.commanders.values():
            if c.side != side and c.hex == h and not self.units_in(h, c.side):
                c.hex = None
                c.fate = "captured"
                self.log.append(
                    self.turn,
                    "commander-lost",
                    f"commander {c.name} is captured at {h}",
                    visible_to=ALL,
                )

    def attack_strengths(
        self, attacker: Unit, target: Unit, command: int
    ) -> tuple[float, float, list[tuple[str, float]], bool]:
        """Net attack and net defense strengths of one attack, the terrain modifiers, and
        whether the target counts as hard (sheet: TERRAIN COMBAT MODIFIERS, SPECIAL)."""
        assert attacker.hex is not None
        assert target.hex is not None
        special = self.board.specials.get(target.hex)
        fortified = special in ("bunker", "pillbox") and not target.vehicle
        hard = (special == "pillbox") if fortified else target.hard
        base = attacker.attack_hard if hard else attacker.attack_soft
        mods = self.board.terrain_modifiers(
            attacker.hex, target.hex, vehicle=target.vehicle, improved=target.improved
        )
        attack = (base + command) * product(mods)
        defense = net_defense(target.defense, bunker=fortified)
        return attack, defense, mods, hard

    def _attack(self, side: str, p: Planned) -> None:
        a = p.action
        u = self.units[a.unit]
        t = self.units[str(a.target)]
        assert u.hex is not None
        assert t.hex is not None
        if a.verb == "fire" and not u.indirect and not self.line_of_sight(u.hex, t.hex):
            self.log.append(
                self.turn,
                "no-line-of-sight",
                f"{a}: no line of sight from {u.hex} to {t.hex}",
                visible_to=side,
            )
            return
        target_hex = t.hex
        self._strike(u, t, a.verb, p.ap, p.commander, p.command)
        if a.verb == "assault" and not self.units_in(target_hex, t.side) and u.alive:
            frm = u.hex
            u.hex = target_hex
            u.moved = True
            u.improved = False
            for r in self.riders_of(u):
                r.hex = target_hex
                r.moved = True
            self.log.append(
                self.turn,
                "advance",
                f"{u.id} advances from {frm} into {target_hex}",
                visible_to=ALL,
            )
            self._capture_commanders(target_hex, side)
            self._update_control()
        self._check_combat_units(t.side)

    def _check_combat_units(self, side: str) -> None:
        """A side left without combat units (only HQs) loses at once (docs/tactical.md)."""
        if self._outcome is None and not any(x.kind != "hq" for x in self._own(side)):
            self._finish(_other(side), f"{side} has no combat units left")

    def _strike(
        self, u: Unit, t: Unit, verb: str, ap: float, commander: str | None, command: int
    ) -> None:
        """One unit attack of ``u`` on ``t`` (fire, assault or opportunity fire): AP and
        ammunition spent, the net strengths, one CRT draw per SP of the attacker combined into
        the net result, the commanders' risk, and the result applied (COMBAT RESULTS TABLE)."""
        assert u.hex is not None
        assert t.hex is not None
        riders = self.riders_of(t)
        u.ap -= ap
        u.ammo -= 1
        if commander is not None:
            self.commanders[commander].ap -= ap
        attack = self._crt_attack(u, t, command, "SP attack")
        killed = self._commander_risk(commander, t.hex)
        receipt = attack.receipt(self.dice.take())
        net = attack.net
        text = {
            "assault": f"{u.id} assaults {t.id} at {t.hex}",
            "fire": f"{u.id} fires at {t.id} at {t.hex}",
            "opportunity-fire": f"{u.id} fires at {t.id} moving into {t.hex} (opportunity fire)",
        }[verb]
        self.log.append(self.turn, verb, f"{text}: {net.text}", visible_to=ALL, receipt=receipt)
        for c in killed:
            self.log.append(
                self.turn,
                "commander-killed",
                f"commander {c.name} ({c.side}) is killed at {c.hex}",
                visible_to=ALL,
            )
            c.hex = None
            c.fate = "killed"
        hit_at = t.hex
        self._apply_result(t, net.loss, net.disruption, net.morale_check, u.hex)
        for r in riders:
            if r.alive and r.hex == hit_at and u.alive:
                self._strike_rider(u, r, t.id, command, verb)

    def _crt_attack(
        self, u: Unit, t: Unit, command: int, label: str, **extra: object
    ) -> _CrtAttack:
        """One unit attack on the COMBAT RESULTS TABLE: the net strengths, one draw per SP of
        the attacker (labelled ``label 1``, ``label 2`` ...), the net result."""
        attack, defense, mods, hard = self.attack_strengths(u, t, command)
        row = sheet().crt.lookup(attack, defense)
        chances = [row.values[c] for c in RESULTS[:-1]]
        indices = [
            outcome_index(chances, self.dice.uniform(f"{label} {k + 1}")) for k in range(u.sp)
        ]
        inputs = {
            "attacker": u.id,
            "target": t.id,
            **extra,
            "attacks": u.sp,
            "base_attack": u.attack_hard if hard else u.attack_soft,
            "command": command,
            "net_attack": round(attack, 4),
            "net_defense": round(defense, 4),
            "target_type": "hard" if hard else "soft",
        }
        modifiers = tuple(Modifier(n, f"x{f:g}") for n, f in mods) + (
            (Modifier("command", f"+{command}"),) if command else ()
        )
        net = combine(indices, self.scenario.combination)
        return _CrtAttack(inputs, row, modifiers, indices, net)

    def _strike_rider(self, u: Unit, r: Unit, tank: str, command: int, verb: str) -> None:
        """An attack on a tank also strikes each of its riders (docs/rulings/tactical.md,
        Riders): the same attack on the CRT against the rider as a soft target (the attacker's
        soft attack and the same modifiers, with no cover of its own), one draw per attacker
        SP, no further AP or ammunition. A rider the attack touches is thrown off the tank,
        unless the tank's own result (destroyed, driven back) has already put it off."""
        assert u.hex is not None
        assert r.hex is not None
        attack = self._crt_attack(u, r, command, "rider attack", riding=tank)
        receipt = attack.receipt(self.dice.take())
        net = attack.net
        self.log.append(
            self.turn,
            verb,
            f"{u.id}'s fire also strikes {r.id} riding {tank} at {r.hex}: {net.text}",
            visible_to=ALL,
            receipt=receipt,
        )
        if net.loss or net.disruption or net.morale_check:
            if r.carrier is not None:
                self.log.append(
                    self.turn,
                    "riders-off",
                    f"{r.id} is thrown off {tank} at {r.hex}",
                    visible_to=ALL,
                )
                r.carrier = None
                r.mounted = None
            self._apply_result(r, net.loss, net.disruption, net.morale_check, u.hex)

    def _command_for(self, u: Unit, cost: float) -> tuple[str | None, int]:
        """The friendly commander stacked with ``u`` with the highest Command among those with
        at least ``cost`` AP left (COMMANDERS, COMMAND), as :meth:`Planner.command_for`."""
        best: tuple[str | None, int] = (None, 0)
        for c in sorted(self.commanders.values(), key=lambda c: c.id):
            if c.side == u.side and c.hex == u.hex and c.ap >= cost and c.command > best[1]:
                best = (c.id, c.command)
        return best

    def _opportunity_fire(self, mover: Unit, fired: set[str]) -> None:
        """Enemy units fire at ``mover`` as it enters a hex (docs/rulings/tactical.md,
        "Opportunity fire"): each enemy combat unit that is not disrupted or riding, has
        ammunition and a fire action's AP left from its own phase, has the hex within its range
        and sight (visibility and line of sight), has not yet fired at this move, and would
        fire at net odds of at least ``opportunity_fire_odds``. The best odds fire first; the
        fire stops when the mover is destroyed, driven out of the hex or disrupted."""
        if not self.scenario.opportunity_fire:
            return
        at = mover.hex
        assert at is not None
        cost = float(rules().fire_ap)
        least = self.opportunity_odds
        crt = sheet().crt
        sp_by_hex = self._sp_by_hex()
        ready: list[tuple[float, str]] = []
        for f in self._own(_other(mover.side)):
            assert f.hex is not None
            d = f.hex.distance(at)
            if (
                f.id in fired
                or f.kind == "hq"
                or f.disrupted
                or f.mounted
                or f.ammo < 1
                or f.ap < cost
                or d > f.range
                or d > self.visibility
                or not self.line_of_sight(f.hex, at, sp_by_hex)
            ):
                continue
            _, command = self._command_for(f, cost)
            attack, defense, _, _ = self.attack_strengths(f, mover, command)
            odds = crt.ratio(attack, defense)
            if odds > 0 and odds >= least:
                ready.append((-odds, f.id))
        was_disrupted = mover.disrupted
        for _, fid in sorted(ready):
            if not mover.alive or mover.hex != at or mover.disrupted != was_disrupted:
                return
            if self._outcome is not None:
                return
            f = self.units[fid]
            commander, command = self._command_for(f, cost)
            fired.add(fid)
            self._strike(f, mover, "opportunity-fire", cost, commander, command)
            self._check_combat_units(mover.side)

    def _commander_risk(self, lender: str | None, target_hex: Hex) -> list[Commander]:
        """The sheet's 4% chance that a commander is killed during an attack (MISCELLANEOUS),
        for the commander lending Command to it and every commander in the target hex; the
        draws go into the attack's receipt (docs/rulings/tactical.md)."""
        at_risk = [c for c in self.commanders.values() if c.hex == target_hex]
        if lender is not None:
            at_risk.insert(0, self.commanders[lender])
        chance = sheet().misc["commander_killed_percent"] / 100.0
        return [c for c in at_risk if self.dice.chance(f"commander {c.id} killed", chance)]

    def _apply_result(
        self, t: Unit, loss: int, disruption: bool, morale_check: bool, attacker: Hex
    ) -> None:
        assert t.hex is not None
        if loss:
            lost = min(loss, t.sp)
            t.sp -= lost
            self.lost[t.side] += lost
            if t.hard:
                w = lost * rules().wreck_per_lost_hard_sp
                self.wrecks[t.hex] = self.wrecks.get(t.hex, 0) + w
            if not t.alive:
                self.log.append(
                    self.turn, "eliminated", f"{t.id} is eliminated at {t.hex}", visible_to=ALL
                )
                self._put_off(t, "it is destroyed")
                t.hex = None
                return
        if disruption:
            if t.disrupted:
                morale_check = True  # ruling: a second disruption is a morale check
            else:
                t.disrupted = True
                self.log.append(self.turn, "disrupted", f"{t.id} is disrupted", visible_to=t.side)
        if morale_check:
            ok, receipt = self._morale_check(t, "morale")
            self.log.append(
                self.turn,
                "morale-check",
                f"{t.id} {'holds' if ok else 'breaks'}",
                visible_to=t.side,
                receipt=receipt,
            )
            if not ok:
                t.disrupted = True
                self._retreat(t, attacker)

    def _retreat(self, t: Unit, attacker: Hex) -> None:
        """A unit that fails its morale check falls back one hex away from the attacker, to
        the open hex with the fewest adjacent enemies; with nowhere to go it loses 1 SP."""
        assert t.hex is not None
        here = t.hex
        enemy = _other(t.side)
        options = []
        for nb in here.neighbors():
            if nb.distance(attacker) <= here.distance(attacker) or nb not in self.board:
                continue
            friends = self.units_in(nb, t.side)
            if self.units_in(nb, enemy):
                continue
            p = sheet().parameters
            there = sum(f.sp for f in friends) + t.sp  # the SPs in the hex with the unit's
            if len(friends) + 1 > p["max_units_per_hex"] or there > p["max_sp_per_hex"]:
                continue
            # more than 12 SPs there negate a road (Parameter Data), a bridge's too
            if self.board.step_cost(here, nb, t.mobility, there) is None:
                continue
            threat = sum(1 for x in nb.neighbors() if self.units_in(x, enemy))
            options.append((threat, nb))
        t.improved = False
        self._put_off(t, "it fails its morale check")
        if options:
            _, to = min(options)
            t.hex = to
            self.log.append(
                self.turn, "retreat", f"{t.id} retreats from {here} to {to}", visible_to=t.side
            )
            self._update_control()
            return
        t.sp -= 1
        self.lost[t.side] += 1
        self.log.append(
            self.turn, "retreat", f"{t.id} cannot retreat from {here}: loses 1 SP", visible_to=ALL
        )
        if not t.alive:  # its riders are off already (above)
            self.log.append(
                self.turn, "eliminated", f"{t.id} is eliminated at {here}", visible_to=ALL
            )
            t.hex = None

    # -- views -----------------------------------------------------------------------------

    def _amend(self, amendment: Amendment) -> None:
        amend(self, amendment)  # the umpire's changes: rulesets/tactical/amend.py

    def _view(self, side: str) -> dict[str, Any]:
        seen = self.spotted(side)
        own = []
        for u in self.units.values():
            if u.side != side or not u.alive:
                continue
            d = {
                "id": u.id,
                "name": u.name,
                "kind": u.kind,
                "hex": None if u.hex is None else str(u.hex),
                "sp": u.sp,
                "max_sp": u.max_sp,
                "morale": u.morale,
                "led_morale": self.led(u) if u.hex else u.morale,
                "attack_soft": u.attack_soft,
                "attack_hard": u.attack_hard,
                "defense": u.defense,
                "range": u.range,
                "ap": u.ap,
                "ap_max": u.ap_max,
                "ammo": u.ammo,
                "ammo_max": u.ammo_max,
                "smoke": u.smoke,
                "hard": u.hard,
                "mobility": u.mobility,
                "mounted": u.mounted,
                "carrier": u.carrier,
                "indirect": u.indirect,
                "can_assault": u.can_assault,
                "disrupted": u.disrupted,
                "improved": u.improved,
                "moved": u.moved,
                "hq": u.hq,
                "hq_level": u.hq_level,
                "in_supply": u.in_supply if u.kind == "hq" else None,
                "range_50": None,
            }
            if u.kind == "hq":
                r = self.hq_range_of(u)
                d["range_50"] = None if math.isinf(r) else r
            own.append(d)
        enemy = [
            {
                "id": u.id,
                "name": u.name,
                "kind": u.kind,
                "hex": str(u.hex),
                "sp": u.sp,
                "hard": u.hard,
                "defense": u.defense,
                "mobility": u.mobility,
                "mounted": u.mounted,
                "disrupted": u.disrupted,
                "improved": u.improved,
            }
            for u in self.units.values()
            if u.id in seen
        ]
        enemy_hexes = {e["hex"] for e in enemy}
        return {
            "side": side,
            "nation": self.nation(side),
            "year": self.scenario.year,
            "turn": self.turn,
            "turns": self.scenario.turns,
            "minutes": (self.turn - 1) * sheet().parameters["minutes_per_turn"],
            "meters_per_hex": sheet().parameters["meters_per_hex"],
            "visibility": self.visibility,
            "phase": self.mover,
            "command_control": self.scenario.command_control,
            "combination": self.scenario.combination,
            "break_percent": self.scenario.break_percent,
            "map": self._board_json,
            "objectives": [
                {"hex": str(h), "vp": v, "control": self.control[h]}
                for h, v in self.objectives.items()
            ],
            "units": own,
            "commanders": [
                {
                    "id": c.id,
                    "name": c.name,
                    "hex": str(c.hex),
                    "leadership": c.leadership,
                    "command": c.command,
                    "ap": c.ap,
                    "ap_max": c.ap_max,
                    "hq": c.hq,
                }
                for c in self.commanders.values()
                if c.side == side and c.hex is not None
            ],
            "enemy_units": enemy,
            "enemy_commanders": [
                {"id": c.id, "name": c.name, "hex": str(c.hex)}
                for c in self.commanders.values()
                if c.side != side and c.hex is not None and str(c.hex) in enemy_hexes
            ],
            "smoke": [str(h) for h in sorted(self.smoke)],
            "wrecks": {str(h): n for h, n in sorted(self.wrecks.items())},
            "lost": dict(self.lost),
            "score": self.score(),
        }

    # -- the end: summary and the designer's report ------------------------------------------

    def _summary(self) -> dict[str, Any]:
        """The umpire's account: every unit and commander of both sides (SPs, hex, morale,
        disruption, improved position, ammunition, supply), the objectives and the victory
        points with their parts (docs/tactical.md, "Winning")."""
        vp = self.score()
        sides: dict[str, Any] = {}
        for side in SIDES:
            units = [u for u in self.units.values() if u.side == side]
            objective_vp = sum(v for h, v in self.objectives.items() if self.control[h] == side)
            sides[side] = {
                "nation": self.nation(side),
                "victory_points": vp[side],
                "objective_vp": objective_vp,
                "enemy_sp_eliminated": self.lost[_other(side)],
                "sp_at_start": sum(u.max_sp for u in units),
                "sp_now": sum(u.sp for u in units),
                "units": [
                    {
                        "id": u.id,
                        "name": u.name,
                        "kind": u.kind,
                        "status": "eliminated"
                        if not u.alive
                        else ("off map" if u.hex is None else "on map"),
                        "hex": None if u.hex is None else str(u.hex),
                        "sp": u.sp,
                        "max_sp": u.max_sp,
                        "morale": u.morale,
                        "disrupted": u.disrupted,
                        "improved_position": u.improved,
                        "mounted": u.mounted,
                        "ap": u.ap,
                        "ammo": u.ammo,
                        # an HQ destroyed is out of supply from then on, not only from its
                        # side's next supply phase (docs/rulings/tactical.md, supply)
                        "in_supply": (u.alive and u.in_supply) if u.kind == "hq" else None,
                    }
                    for u in units
                ],
                "commanders": [
                    {
                        "id": c.id,
                        "name": c.name,
                        "hex": None if c.hex is None else str(c.hex),
                        "status": c.fate or "active",
                        "leadership": c.leadership,
                        "command": c.command,
                    }
                    for c in self.commanders.values()
                    if c.side == side
                ],
            }
        return {
            "turn": min(self.turn, self.scenario.turns),
            "turns": self.scenario.turns,
            "minutes_played": (self.turn - 1) * sheet().parameters["minutes_per_turn"],
            "victory_points": vp,
            "objectives": [
                {"hex": str(h), "vp": v, "control": self.control[h]}
                for h, v in self.objectives.items()
            ],
            "wrecks": {str(h): n for h, n in sorted(self.wrecks.items())},
            "sides": sides,
        }

    def _report_sections(self) -> list[tuple[str, str]]:
        summary = self._summary()
        vp = [
            f"{side}: {d['victory_points']} VP = {d['objective_vp']} for objectives held + "
            f"{d['enemy_sp_eliminated']} for enemy SPs eliminated"
            for side, d in summary["sides"].items()
        ]
        vp += [
            f"  objective {o['hex']} ({o['vp']} VP): {o['control'] or 'nobody'}"
            for o in summary["objectives"]
        ]
        units: list[str] = []
        for side, d in summary["sides"].items():
            units.append(f"{side} ({d['nation']}): {d['sp_now']} of {d['sp_at_start']} SPs left")
            for u in d["units"]:
                state = ", ".join(
                    unit_states(
                        u["disrupted"], u["improved_position"], u["mounted"], u["in_supply"]
                    )
                )
                where = u["hex"] or u["status"]
                units.append(
                    f"  {u['id']:<8} {u['kind']:<9} {u['sp']:>2}/{u['max_sp']:<2} SP  "
                    f"{where:<10} morale {u['morale']:>2}  ammo {u['ammo']}"
                    + (f"  {state}" if state else "")
                )
            for c in d["commanders"]:
                units.append(
                    f"  {c['id']:<8} commander L{c['leadership']} C{c['command']}  "
                    f"{c['hex'] or c['status']}"
                )
        return [("Victory points", "\n".join(vp)), ("Units at the end", "\n".join(units))]

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
