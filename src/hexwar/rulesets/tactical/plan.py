"""Checking a side's actions against what that side knows (its view), one after another.

The game checks submitted orders with a :class:`Planner` built from the side's own view, so
nothing hidden can make an order illegal (an error message would leak it), and agents use the
same planner to list their legal actions. Chance may still spoil a checked action when it is
carried out -- the target was destroyed by an earlier shot, an unseen enemy blocks the road --
and the game then reports it as not carried out (docs/tactical.md, "Orders").
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hexwar.core.errors import IllegalOrderError
from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.board import MAX_REACHES, Board, shared
from hexwar.rulesets.tactical.orders import Action
from hexwar.rulesets.tactical.tables import rules, sheet

__all__ = ["Planned", "Planner", "mobility_of"]


def mobility_of(kind_mobility: str, mounted: str | None) -> str:
    """How a unit moves now: riders move as their vehicle (tank: tracked, transport: wheeled)."""
    if mounted == "tank":
        return "tracked"
    if mounted == "transport":
        return "wheeled"
    return kind_mobility


@dataclass(frozen=True, slots=True)
class Planned:
    """A checked action and what it costs: AP, the path of a move, the commander lending
    Command to an attack (sheet: COMMANDERS, COMMAND)."""

    action: Action
    ap: float
    path: tuple[Hex, ...] = ()
    commander: str | None = None
    command: int = 0


class Planner:
    """A side's units as its view shows them, updated by each planned action."""

    def __init__(self, view: Mapping[str, Any], board: Board | None = None) -> None:
        self.board = board if board is not None else shared(view["map"])
        self.units: dict[str, dict[str, Any]] = {
            u["id"]: dict(u) for u in view["units"] if u["hex"] is not None
        }
        self.commanders: dict[str, dict[str, Any]] = {
            c["id"]: dict(c) for c in view["commanders"] if c["hex"] is not None
        }
        self.enemies: dict[str, dict[str, Any]] = {e["id"]: dict(e) for e in view["enemy_units"]}
        self.enemy_hexes = {Hex.from_str(e["hex"]) for e in self.enemies.values()}
        self.smoke = [Hex.from_str(h) for h in view["smoke"]]
        self.wrecks = {Hex.from_str(h): n for h, n in view.get("wrecks", {}).items()}
        self._reach: dict[str, Mapping[Hex, tuple[float, Hex | None]]] = {}
        self._enemies_key: frozenset[Hex] | None = None
        self._sp: dict[Hex, int] = {}  # own SPs by hex
        for u in self.units.values():
            h = Hex.from_str(u["hex"])
            self._sp[h] = self._sp.get(h, 0) + u["sp"]

    # -- queries ---------------------------------------------------------------------------

    def hex_of(self, uid: str) -> Hex:
        item = self.units.get(uid) or self.commanders[uid]
        return Hex.from_str(item["hex"])

    def own_in(self, h: Hex, but: str | None = None) -> list[dict[str, Any]]:
        s = str(h)
        return [u for u in self.units.values() if u["hex"] == s and u["id"] != but]

    def riders(self, uid: str) -> list[dict[str, Any]]:
        """The infantry riding the vehicle ``uid`` (docs/rulings/tactical.md, Riders)."""
        return [u for u in self.units.values() if u.get("carrier") == uid]

    def load_sp(self, uid: str) -> int:
        """The SPs that move when ``uid`` moves: the unit and its riders."""
        return int(self.units[uid]["sp"]) + sum(int(r["sp"]) for r in self.riders(uid))

    def stack_ok(self, h: Hex, unit: dict[str, Any]) -> bool:
        """Parameter Data: at most 6 units and 24 SPs per hex (a vehicle's riders count)."""
        p = sheet().parameters
        load = [unit, *self.riders(unit["id"])]
        ids = {u["id"] for u in load}
        others = [u for u in self.own_in(h) if u["id"] not in ids]
        return (
            len(others) + len(load) <= p["max_units_per_hex"]
            and sum(u["sp"] for u in others) + sum(u["sp"] for u in load) <= p["max_sp_per_hex"]
        )

    def sees(self, a: Hex, b: Hex) -> bool:
        """Whether ``a`` sees ``b`` as far as the side knows: the public board, wrecks and
        smoke, and the SPs of its own units and of the enemy units it sees (an unseen enemy
        stack may still block the line when the action is carried out)."""
        stacks: dict[Hex, int] = {}
        for x in [*self.units.values(), *self.enemies.values()]:
            h = Hex.from_str(x["hex"])
            stacks[h] = stacks.get(h, 0) + x["sp"]
        return self.board.line_of_sight(
            a, b, units_sp=stacks, wreck_sp=self.wrecks, smoke=self.smoke
        )

    def reach(self, uid: str) -> Mapping[Hex, tuple[float, Hex | None]]:
        """Cheapest AP and previous hex of every hex the unit (or commander) can move to now,
        never through a known enemy (read-only: kept by the board for every planner)."""
        if uid in self._reach:
            return self._reach[uid]
        if uid in self.units:
            u = self.units[uid]
            mobility, sp, budget = u["mobility"], self.load_sp(uid), float(u["ap"])
        else:
            u = self.commanders[uid]
            mobility, sp, budget = "foot", 0, float(u["ap"])
        start = Hex.from_str(u["hex"])
        # The search depends on the own stacks only through the hexes whose road the mover's
        # SPs would negate (Board.step_cost): with those, the same search for every planner.
        limit = sheet().parameters["max_sp_per_road"]
        negated = frozenset(h for h, n in self._sp.items() if (n if h == start else n + sp) > limit)
        if self._enemies_key is None:
            self._enemies_key = frozenset(self.enemy_hexes)
        key = (start, mobility, budget, sp > limit, negated, self._enemies_key)
        memo = self.board.reaches
        kept = memo.get(key)  # one lookup: another thread's planner may clear the memo
        if kept is not None:
            self._reach[uid] = kept
            return kept
        best: dict[Hex, tuple[float, Hex | None]] = {start: (0.0, None)}
        done: set[Hex] = set()
        heap: list[tuple[float, Hex]] = [(0.0, start)]
        while heap:
            g, h = heapq.heappop(heap)
            if h in done:
                continue
            done.add(h)
            for nb in h.neighbors():
                if nb in done or nb in self.enemy_hexes or nb not in self.board:
                    continue
                here = self._sp.get(nb, 0) + (0 if nb == start else sp)
                c = self.board.step_cost(h, nb, mobility, here)
                if c is None:
                    continue
                ng = g + c
                if ng <= budget + 1e-9 and ng < best.get(nb, (float("inf"), None))[0]:
                    best[nb] = (ng, h)
                    heapq.heappush(heap, (ng, nb))
        if len(memo) >= MAX_REACHES:
            memo.clear()
        self._reach[uid] = memo[key] = {h: best[h] for h in done}
        return self._reach[uid]

    def destinations(self, uid: str) -> dict[Hex, float]:
        """Hexes the unit may end a move in, with their AP cost (stacking respected)."""
        if uid in self.units and self.units[uid].get("carrier"):
            return {}  # a rider moves only with its tank
        reach = self.reach(uid)
        start = self.hex_of(uid)
        out = {}
        for h, (cost, _) in reach.items():
            if h == start:
                continue
            if uid in self.units and not self.stack_ok(h, self.units[uid]):
                continue
            out[h] = cost
        return out

    def command_for(self, h: Hex, cost: float) -> tuple[str | None, int]:
        """The friendly commander stacked in ``h`` with the highest Command among those with at
        least ``cost`` AP left (sheet: COMMANDERS, COMMAND)."""
        best: tuple[str | None, int] = (None, 0)
        for c in sorted(self.commanders.values(), key=lambda c: c["id"]):
            if c["hex"] == str(h) and c["ap"] >= cost and c["command"] > best[1]:
                best = (c["id"], int(c["command"]))
        return best

    def assault_ap(self, uid: str, target: Hex) -> float | None:
        """AP to assault ``target``: the cost to enter it plus the sheet's 20 (MISCELLANEOUS)."""
        u = self.units[uid]
        enter = self.board.step_cost(Hex.from_str(u["hex"]), target, u["mobility"], u["sp"])
        return None if enter is None else enter + sheet().misc["assault_ap"]

    # -- checking --------------------------------------------------------------------------

    def _unit(self, action: Action) -> dict[str, Any]:
        if action.unit in self.commanders:
            if action.verb != "move":
                raise IllegalOrderError(
                    f"{action}: commander {action.unit} can only move", rule="commanders"
                )
            return self.commanders[action.unit]
        if action.unit not in self.units:
            raise IllegalOrderError(
                f"{action}: {action.unit!r} is none of your units or commanders on the map",
                rule="own units",
            )
        return self.units[action.unit]

    def _attacker(
        self, action: Action, u: dict[str, Any], ap: float, *, needs_ammo: bool = True
    ) -> None:
        if u["kind"] == "hq":
            raise IllegalOrderError(f"{action}: an HQ does not attack", rule="unit kinds")
        if u["disrupted"]:
            raise IllegalOrderError(
                f"{action}: {u['id']} is disrupted and cannot attack", rule="disruption"
            )
        if u["mounted"]:
            raise IllegalOrderError(
                f"{action}: {u['id']} rides on a vehicle; dismount first", rule="riders"
            )
        if needs_ammo and u["ammo"] < 1:
            raise IllegalOrderError(
                f"{action}: {u['id']} is out of ammunition (resupply from its HQ)",
                rule="supply",
            )
        if u["ap"] + 1e-9 < ap:
            raise IllegalOrderError(
                f"{action}: {u['id']} has {u['ap']:g} AP, the attack costs {ap:g}",
                rule="action points",
            )

    def check(self, action: Action) -> Planned:
        """The action as planned now; IllegalOrderError naming the rule if it is not allowed."""
        u = self._unit(action)
        here = Hex.from_str(u["hex"])
        if action.verb == "move":
            if u.get("carrier"):
                raise IllegalOrderError(
                    f"{action}: {u['id']} rides {u['carrier']} and moves with it; dismount first",
                    rule="riders",
                )
            dest = action.hex
            if dest not in self.board:
                raise IllegalOrderError(f"{action}: {dest} is off the map", rule="map")
            if dest in self.enemy_hexes:
                raise IllegalOrderError(
                    f"{action}: enemy units hold {dest}; assault them instead", rule="movement"
                )
            reach = self.reach(action.unit)
            if dest == here or dest not in reach:
                raise IllegalOrderError(
                    f"{action}: {dest} is not within {u['ap']:g} AP of {here}",
                    rule="action points",
                )
            if action.unit in self.units and not self.stack_ok(dest, u):
                raise IllegalOrderError(
                    f"{action}: {dest} would hold more than 6 units or 24 SPs",
                    rule="stacking",
                )
            path = [dest]
            while (prev := reach[path[-1]][1]) is not None:
                path.append(prev)
            return Planned(action, reach[dest][0], tuple(reversed(path)))
        if action.verb == "mount":
            return self._check_mount(action, u, here)
        if action.verb == "dismount":
            if not u["mounted"]:
                raise IllegalOrderError(f"{action}: {u['id']} is not mounted", rule="dismount")
            cost = float(sheet().misc["dismount_ap"]) if u["mounted"] == "tank" else 0.0
            if u["ap"] + 1e-9 < cost:
                raise IllegalOrderError(
                    f"{action}: dismounting from a tank costs {cost:g} AP", rule="action points"
                )
            return Planned(action, cost)
        if action.verb == "smoke":
            cost = float(rules().fire_ap)
            if u["smoke"] < 1:
                raise IllegalOrderError(f"{action}: {u['id']} has no smoke rounds", rule="smoke")
            self._attacker(action, u, cost, needs_ammo=False)  # smoke has its own rounds
            if action.hex not in self.board or here.distance(action.hex) > u["range"]:
                raise IllegalOrderError(
                    f"{action}: {action.hex} is beyond {u['id']}'s range of {u['range']}",
                    rule="range",
                )
            return Planned(action, cost)
        # fire / assault
        target = self.enemies.get(str(action.target))
        if target is None:
            raise IllegalOrderError(
                f"{action}: {action.target!r} is no enemy unit you can see", rule="spotting"
            )
        there = Hex.from_str(target["hex"])
        if action.verb == "fire":
            cost = float(rules().fire_ap)
            self._attacker(action, u, cost)
            if here.distance(there) > u["range"]:
                raise IllegalOrderError(
                    f"{action}: {target['id']} at {there} is beyond {u['id']}'s range of "
                    f"{u['range']}",
                    rule="range",
                )
            if not u.get("indirect") and not self.sees(here, there):
                raise IllegalOrderError(
                    f"{action}: no line of sight from {here} to {target['id']} at {there}",
                    rule="line of sight",
                )
        else:
            if not u["can_assault"]:
                raise IllegalOrderError(
                    f"{action}: {u['kind']} units do not assault", rule="assault"
                )
            if here.distance(there) != 1:
                raise IllegalOrderError(
                    f"{action}: assault only an adjacent hex ({there} is not next to {here})",
                    rule="assault",
                )
            ap = self.assault_ap(action.unit, there)
            if ap is None:
                raise IllegalOrderError(
                    f"{action}: {u['id']} cannot enter {there}", rule="movement"
                )
            cost = ap
            self._attacker(action, u, cost)
        commander, command = self.command_for(here, cost)
        return Planned(action, cost, commander=commander, command=command)

    def _check_mount(self, action: Action, u: dict[str, Any], here: Hex) -> Planned:
        """Infantry climbs onto a friendly tank in its hex (docs/rulings/tactical.md, Riders):
        ``mount_ap`` AP of the rider, room for ``riders_per_vehicle`` units on the tank."""
        if u["kind"] != "infantry":
            raise IllegalOrderError(f"{action}: only infantry rides on tanks", rule="riders")
        if u["mounted"]:
            raise IllegalOrderError(f"{action}: {u['id']} is already riding", rule="riders")
        if u["disrupted"]:
            raise IllegalOrderError(
                f"{action}: {u['id']} is disrupted and cannot mount", rule="disruption"
            )
        v = self.units.get(str(action.target))
        if v is None or v["kind"] != "armor":
            raise IllegalOrderError(
                f"{action}: {action.target!r} is none of your tanks", rule="riders"
            )
        if v["hex"] != u["hex"]:
            raise IllegalOrderError(
                f"{action}: {v['id']} is at {v['hex']}, not in {u['id']}'s hex {here}",
                rule="riders",
            )
        room = rules().riders_per_vehicle
        if len(self.riders(v["id"])) >= room:
            raise IllegalOrderError(
                f"{action}: {v['id']} carries {room} rider unit(s) already", rule="riders"
            )
        cost = float(rules().mount_ap)
        if u["ap"] + 1e-9 < cost:
            raise IllegalOrderError(
                f"{action}: mounting a tank costs {cost:g} AP, {u['id']} has {u['ap']:g}",
                rule="action points",
            )
        return Planned(action, cost)

    def apply(self, planned: Planned) -> None:
        """Update the plan as if the action were carried out (nothing random)."""
        a = planned.action
        u = self.units.get(a.unit) or self.commanders[a.unit]
        u["ap"] -= planned.ap
        self._reach.clear()
        if a.verb == "move":
            end = planned.path[-1]
            unit = a.unit in self.units
            load = [u, *self.riders(a.unit)] if unit else [u]
            for x in load:
                if unit:
                    self._sp[Hex.from_str(x["hex"])] -= x["sp"]
                    self._sp[end] = self._sp.get(end, 0) + x["sp"]
                x["hex"] = str(end)
                x["moved"] = True
            for x in load[1:]:  # riders spent the same minutes as their vehicle
                x["ap"] = min(x["ap"], u["ap"])
        elif a.verb == "mount":
            u["mounted"] = "tank"
            u["carrier"] = a.target
            u["mobility"] = "tracked"
        elif a.verb == "dismount":
            u["mounted"] = None
            u["carrier"] = None
            u["mobility"] = rules().kinds[u["kind"]].mobility
        elif a.verb == "smoke":
            u["smoke"] -= 1
        else:
            u["ammo"] -= 1
        if planned.commander is not None:
            self.commanders[planned.commander]["ap"] -= planned.ap

    def plan(self, action: Action) -> Planned:
        planned = self.check(action)
        self.apply(planned)
        return planned
