"""The computer opponent: a greedy commander that sees only its side's view.

Each unit in turn (guns, then tanks, then infantry) fires or assaults where the CRT promises
the most, otherwise moves toward the nearest objective it does not hold, preferring cover and
hexes from which it can still fire this turn; units holding an objective or standing in a
bunker, pillbox or trench stay and dig in. Commanders follow the unit they are stacked with.
Legality comes from the same planner the game checks orders with, so the agent never gives an
illegal order.

A phase's orders are given at once and carried out in turn, so chance can spoil a later action
(docs/tactical.md, "Orders"). The agent gives none that chance can spoil, as far as it can see:

* every unit fires (or assaults) before any unit moves, and each enemy unit is attacked once a
  phase: a second attack might find its target destroyed or driven off by the first;
* a unit whose move passes within range and sight of an enemy unit it knows of does nothing
  after that move (opportunity fire may pin or disrupt it on the way);
* a move goes only through hexes the side sees now, so it cannot run into hidden enemy units,
  and not through a hex an enemy unit attacked this phase may fall back into.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hexwar.core import exact
from hexwar.core.errors import IllegalOrderError
from hexwar.core.game import Ruleset
from hexwar.core.hexes import Hex
from hexwar.core.views import View
from hexwar.rulesets.tactical.board import Board, product
from hexwar.rulesets.tactical.combat import net_defense
from hexwar.rulesets.tactical.orders import Action, TurnOrders
from hexwar.rulesets.tactical.plan import Planner
from hexwar.rulesets.tactical.tables import rules, sheet

__all__ = ["TacticalAgent", "attack_value"]

_ORDER = {"gun": 0, "armor": 1, "infantry": 2, "hq": 3}
_FORTS = frozenset({"bunker", "pillbox", "trench"})
_VEHICLE = frozenset({"tracked", "wheeled"})

_WEIGHTS = np.array([3.0, 2.0, 1.0, 0.4, 0.5])  # loss 3, 2, 1, disruption, morale check


def attack_value(chances: np.ndarray, n: int) -> float:
    """Expected worth of a unit attack of ``n`` single attacks under the ``worst`` rule."""
    cum = np.cumsum(chances)
    at_most = 1.0 - exact.ipow(1.0 - np.clip(cum, 0.0, 1.0), max(n, 0))
    worst = np.diff(np.concatenate([[0.0], at_most]))
    return exact.dot(worst, _WEIGHTS)


class TacticalAgent:
    """Greedy play from the view alone (deterministic; the rng is not needed)."""

    def __init__(self, ruleset: Ruleset[Any, Any], side: str) -> None:
        self.ruleset = ruleset
        self.side = side

    # -- estimates -------------------------------------------------------------------------

    def _estimate(self, board: Board, u: dict[str, Any], at: Hex, e: dict[str, Any]) -> float:
        there = Hex.from_str(e["hex"])
        special = board.specials.get(there)
        vehicle = e["mobility"] in ("tracked", "wheeled")
        fortified = special in ("bunker", "pillbox") and not vehicle
        hard = (special == "pillbox") if fortified else e["hard"]
        base = u["attack_hard"] if hard else u["attack_soft"]
        mods = board.terrain_modifiers(at, there, vehicle=vehicle, improved=e["improved"])
        attack = base * product(mods)
        defense = net_defense(e["defense"], bunker=fortified)
        ratio = sheet().crt.ratio(attack, defense)
        chances = sheet().crt.chances_at([min(ratio, 1e9)])[0]
        return attack_value(chances, u["sp"]) * (1.3 if e["kind"] != "hq" else 1.0)

    def _sees(
        self, p: Planner, stacks: dict[Hex, int], wrecks: dict[Hex, int], a: Hex, b: Hex
    ) -> bool:
        return p.board.line_of_sight(a, b, units_sp=stacks, wreck_sp=wrecks, smoke=p.smoke)

    def _best_attack(
        self,
        p: Planner,
        uid: str,
        stacks: dict[Hex, int],
        wrecks: dict[Hex, int],
        attacked: set[str],
    ) -> tuple[float, Action | None]:
        u = p.units[uid]
        here = Hex.from_str(u["hex"])
        best: tuple[float, Action | None] = (0.0, None)
        for eid, e in sorted(p.enemies.items()):
            if eid in attacked:
                continue
            there = Hex.from_str(e["hex"])
            d = here.distance(there)
            if d > u["range"] and d != 1:
                continue
            value = self._estimate(p.board, u, here, e)
            if d == 1 and u["can_assault"]:
                bonus = 0.5 if e["sp"] <= 2 else 0.0
                cand = (value + bonus, Action("assault", uid, eid))
                if cand[0] > best[0] and self._legal(p, cand[1]):
                    best = cand
            if d <= u["range"] and (
                u.get("indirect") or self._sees(p, stacks, wrecks, here, there)
            ):
                cand = (value, Action("fire", uid, eid))
                if cand[0] > best[0] and self._legal(p, cand[1]):
                    best = cand
        return best

    @staticmethod
    def _legal(p: Planner, a: Action) -> bool:
        try:
            p.check(a)
        except IllegalOrderError:
            return False
        return True

    # -- the turn --------------------------------------------------------------------------

    def act(self, view: View, rng: np.random.Generator) -> TurnOrders:
        """The orders for this phase, from ``view`` alone (``rng`` is unused: the agent is
        deterministic)."""
        d = view.data
        p = Planner(d)
        actions: list[Action] = []
        wrecks = {Hex.from_str(h): n for h, n in d["wrecks"].items()}
        stacks: dict[Hex, int] = {}
        for x in [*p.units.values(), *p.enemies.values()]:
            h = Hex.from_str(x["hex"])
            stacks[h] = stacks.get(h, 0) + x["sp"]
        objectives = {Hex.from_str(o["hex"]): o for o in d["objectives"]}
        goals = [h for h, o in objectives.items() if o["control"] != self.side]
        mine = [h for h, o in objectives.items() if o["control"] == self.side]
        enemy_hexes = [Hex.from_str(e["hex"]) for e in p.enemies.values()]
        followers = {
            cid: next(
                (
                    u["id"]
                    for u in sorted(p.units.values(), key=lambda u: u["id"])
                    if u["hex"] == c["hex"] and u["kind"] != "hq"
                ),
                None,
            )
            for cid, c in p.commanders.items()
        }

        def do(a: Action) -> bool:
            try:
                p.plan(a)
            except IllegalOrderError:
                return False
            actions.append(a)
            return True

        attacked: dict[str, Hex] = {}  # enemy unit -> where it was attacked from (once a phase)

        def attack(uid: str) -> None:
            value, a = self._best_attack(p, uid, stacks, wrecks, set(attacked))
            if a is not None and value >= 0.15 and do(a):
                attacked[str(a.target)] = Hex.from_str(p.units[uid]["hex"])

        order = sorted(p.units.values(), key=lambda u: (_ORDER[u["kind"]], u["id"]))
        combat = [u["id"] for u in order if u["kind"] != "hq"]
        for uid in combat:  # fire first: no move spoils it
            attack(uid)
        seen = self._seen_hexes(p, d, stacks, wrecks)
        # An attacked enemy unit may fall back one hex away from its attacker: no path goes
        # through the hexes it might fall back into.
        for eid, frm in attacked.items():
            there = Hex.from_str(p.enemies[eid]["hex"])
            far = there.distance(frm)
            seen -= {nb for nb in there.neighbors() if nb.distance(frm) > far}
        threats = self._threats(p, stacks, wrecks)
        for uid in combat:
            u = p.units[uid]
            here = Hex.from_str(u["hex"])
            if u["mounted"]:
                near = min((here.distance(e) for e in enemy_hexes), default=99)
                near_goal = min((here.distance(g) for g in goals), default=99)
                if min(near, near_goal) <= 3:
                    do(Action("dismount", uid))
            if u.get("carrier"):
                continue  # rides with its tank
            fortified = p.board.specials.get(here) in _FORTS and u["mobility"] not in _VEHICLE
            holding = (here in mine and not u["mounted"]) or fortified
            if holding or p.units[uid]["ap"] <= 0 or (u["disrupted"] and not goals):
                continue
            targets = goals or mine or enemy_hexes
            if not targets:
                continue
            dest = self._choose(p, uid, targets, enemy_hexes, stacks, wrecks, seen)
            if dest is not None and dest != here:
                old = Hex.from_str(p.units[uid]["hex"])
                path = self._path(p, uid, dest)
                load = [p.units[uid], *p.riders(uid)]
                if do(Action("move", uid, str(dest))):
                    for x in load:
                        stacks[old] = stacks.get(old, 0) - x["sp"]
                        stacks[dest] = stacks.get(dest, 0) + x["sp"]
                    if dest in goals:
                        goals.remove(dest)
                    if not any(h in threats for h in path[1:]):
                        attack(uid)  # a safe move: nothing can spoil a shot after it
        for cid, uid in followers.items():
            if uid is None or uid not in p.units:
                continue
            to = p.units[uid]["hex"]
            if to != p.commanders[cid]["hex"]:
                do(Action("move", cid, to))
        return TurnOrders(tuple(actions))

    @staticmethod
    def _path(p: Planner, uid: str, dest: Hex) -> list[Hex]:
        reach = p.reach(uid)
        path = [dest]
        while (prev := reach[path[-1]][1]) is not None:
            path.append(prev)
        return path[::-1]

    def _seen_hexes(
        self, p: Planner, d: Any, stacks: dict[Hex, int], wrecks: dict[Hex, int]
    ) -> set[Hex]:
        """The hexes the side sees now: any enemy unit in one of them would be in its view."""
        eyes = {Hex.from_str(u["hex"]) for u in p.units.values()}
        reach = int(d.get("visibility") or rules().visibility)
        out: set[Hex] = set(eyes)
        for h in p.board.terrain:
            if h in out:
                continue
            for a in eyes:
                if a.distance(h) <= reach and self._sees(p, stacks, wrecks, a, h):
                    out.add(h)
                    break
        return out

    def _threats(self, p: Planner, stacks: dict[Hex, int], wrecks: dict[Hex, int]) -> set[Hex]:
        """Hexes within range and sight of a known enemy combat unit (its opportunity fire)."""
        out: set[Hex] = set()
        for e in p.enemies.values():
            if e["kind"] == "hq":
                continue
            there = Hex.from_str(e["hex"])
            reach = rules().kinds[e["kind"]].range  # its kind's (the view shows no range)
            for h in p.board.terrain:
                if h.distance(there) <= reach and self._sees(p, stacks, wrecks, there, h):
                    out.add(h)
        return out

    def _choose(
        self,
        p: Planner,
        uid: str,
        targets: list[Hex],
        enemy_hexes: list[Hex],
        stacks: dict[Hex, int],
        wrecks: dict[Hex, int],
        seen: set[Hex],
    ) -> Hex | None:
        u = p.units[uid]
        here = Hex.from_str(u["hex"])
        fire_ap = rules().fire_ap
        options = p.destinations(uid)
        options[here] = 0.0
        best: tuple[float, Hex] | None = None
        for h, cost in sorted(options.items()):
            if h != here and not all(x in seen for x in self._path(p, uid, h)):
                continue  # through hexes it cannot see: hidden enemies may be there
            goal = min(h.distance(t) for t in targets)
            cover = 1.0 - sheet().combat_full_hex[p.board.terrain[h]]
            score = -3.0 * goal + 3.0 * cover
            if u["kind"] == "gun" and goal < 3:
                score -= 5.0  # guns stay back
            adjacent = sum(1 for e in enemy_hexes if e.distance(h) == 1)
            if u["kind"] != "armor":
                score -= 1.5 * adjacent
            left = u["ap"] - cost
            if left >= fire_ap and u["range"] and not u["mounted"]:
                shots = [
                    self._estimate(p.board, u, h, e)
                    for e in p.enemies.values()
                    if h.distance(Hex.from_str(e["hex"])) <= u["range"]
                    and self._sees(p, stacks, wrecks, h, Hex.from_str(e["hex"]))
                ]
                score += 4.0 * max(shots, default=0.0)
            if best is None or score > best[0]:
                best = (score, h)
        return None if best is None else best[1]
