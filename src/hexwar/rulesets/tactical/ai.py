"""The computer opponent: a greedy commander that sees only its side's view.

Each unit in turn (guns, then tanks, then infantry) fires or assaults, as often as its AP
allow, where the CRT promises the most; units with AP left then move toward the nearest
objective they do not hold, weighing cover, the opportunity fire of the enemy units they know
of along the way and the shots they will have from where they stop; units holding an objective
or standing in a bunker, pillbox or trench stay and dig in, keeping their AP for opportunity
fire. Commanders follow the unit they are stacked with. Legality comes from the same planner
the game checks orders with, so the agent never gives an illegal order.

A phase's orders are given at once and carried out in turn, so chance can spoil a later action
(docs/tactical.md, "Orders"). The agent gives none that chance can spoil, as far as its view
lets it know, but follow-up attacks:

* every unit fires (then assaults) before any unit moves, and an enemy unit already attacked
  this phase is attacked again for sure when the attacks so far cannot have destroyed it --
  each can cost it at most the SPs of the severest result its odds give on the CRT -- and the
  attacker reaches (and, firing, sees) every hex those attacks may have driven it into;
  otherwise when the chance that it still stands alive in its hex is at least ``least_hit``
  (the attack is "not carried out", at no cost, when it is gone);
* a unit that assaults does nothing more that phase (it may advance);
* a unit whose move may draw opportunity fire -- from an enemy unit it knows of, or from a hex
  it does not see -- does nothing after that move, and no later move depends on where it
  stops (stacking, roads);
* a move goes only through hexes the side sees now, so it cannot run into hidden enemy units,
  and not through a hex an enemy unit attacked this phase may fall back into;
* a commander moves only if he lent his Command to no attack (he may be killed in it).
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np

from hexwar.core import exact
from hexwar.core.errors import IllegalOrderError
from hexwar.core.game import Ruleset
from hexwar.core.hexes import Hex
from hexwar.core.views import View
from hexwar.rulesets.tactical.board import Board, product
from hexwar.rulesets.tactical.combat import net_defense
from hexwar.rulesets.tactical.morale import terrain_morale
from hexwar.rulesets.tactical.orders import Action, TurnOrders, Verb
from hexwar.rulesets.tactical.plan import Planned, Planner
from hexwar.rulesets.tactical.tables import rules, sheet

__all__ = ["TacticalAgent", "attack_value", "max_loss"]

_ORDER = {"gun": 0, "armor": 1, "infantry": 2, "hq": 3}
_FORTS = frozenset({"bunker", "pillbox", "trench"})
_VEHICLE = frozenset({"tracked", "wheeled"})
_LOSSES = (3, 2, 1)  # the SPs of the CRT's loss columns C, D, E

_WEIGHTS = np.array([3.0, 2.0, 1.0, 0.4, 0.5])  # loss 3, 2, 1, disruption, morale check


def net_chances(chances: np.ndarray, n: int) -> np.ndarray:
    """The chances of a unit attack's net result under the ``worst`` rule, by CRT column
    (loss 3, loss 2, loss 1, disruption, morale check): the most severe of ``n`` draws."""
    cum = np.cumsum(chances)
    at_most = 1.0 - exact.ipow(1.0 - np.clip(cum, 0.0, 1.0), max(n, 0))
    out: np.ndarray = np.diff(np.concatenate([[0.0], at_most]))
    return out


def attack_value(chances: np.ndarray, n: int) -> float:
    """Expected worth of a unit attack of ``n`` single attacks under the ``worst`` rule."""
    return exact.dot(net_chances(chances, n), _WEIGHTS)


def max_loss(chances: np.ndarray, n: int, rule: str = "worst") -> int:
    """The most SPs one unit attack of ``n`` single attacks at these CRT chances can cost its
    target (COMBAT RESULTS TABLE; docs/rulings/tactical.md): the severest loss column with a
    chance above 0 -- a unit attack's net result under ``worst``, each single attack's under
    ``sum`` -- and 1 SP for a morale check (or a second disruption) failed with no hex to
    fall back to."""
    single = next((k for k, c in zip(_LOSSES, chances[:3], strict=True) if c > 0), 0)
    check = 1 if chances[3] > 0 or chances[4] > 0 else 0
    if rule == "sum":
        return single * max(n, 0) + check
    return max(single, check)


class TacticalAgent:
    """Greedy play from the view alone (deterministic; the rng is not needed)."""

    # Weights of a move's destination (tuned by benchmarks/ai_matches.py against earlier
    # versions): per hex nearer the goal, per unit of cover, per known enemy shot on the way,
    # per known enemy unit that can hit it there (times the hex's combat factor), per unit
    # of the best attack from there next phase, per unseen objective it looks into.
    goal_weight = 3.0
    cover_weight = 3.0
    exposure_weight = 1.0
    danger_weight = 1.0
    shot_weight = 4.0
    vision_weight = 2.0
    stay_weight = 0.5  # for staying put (twice that dug in): no fire drawn on the way
    share = 0.6  # attacker: how much each other unit reaching an enemy unit lessens a shot
    least_value = 0.15  # an attack worth less than this is not made
    # A follow-up attack on an enemy unit that earlier attacks this phase may have driven to a
    # hex the attacker cannot reach (or destroyed) is made when the chance that the unit still
    # stands where it was is at least this (it is "not carried out" otherwise, at no cost).
    least_hit = 0.6
    enemy_morale = 6  # the morale assumed of an enemy unit (the view does not show it)
    # Only the phase's attacks (fire and assault), no unit moving: the mcts search's rollouts
    # play the side's next phase so (the fire an advance brings, not where it goes next).
    attacks_only = False

    def __init__(self, ruleset: Ruleset[Any, Any], side: str) -> None:
        self.ruleset = ruleset
        self.side = side
        self._crt: Any = None
        self._odds: dict[float, np.ndarray] = {}

    # -- estimates -------------------------------------------------------------------------

    def _chances(
        self,
        board: Board,
        u: dict[str, Any],
        at: Hex,
        e: dict[str, Any],
        there: Hex,
        *,
        command: int = 0,
        improved: bool | None = None,
    ) -> np.ndarray:
        """The CRT chances of ``u`` at ``at`` attacking ``e`` standing in ``there``."""
        special = board.specials.get(there)
        vehicle = e["mobility"] in _VEHICLE
        fortified = special in ("bunker", "pillbox") and not vehicle
        hard = (special == "pillbox") if fortified else e["hard"]
        base = u["attack_hard"] if hard else u["attack_soft"]
        imp = e["improved"] if improved is None else improved
        mods = board.terrain_modifiers(at, there, vehicle=vehicle, improved=imp)
        attack = (base + command) * product(mods)
        defense = net_defense(e["defense"], bunker=fortified)
        crt = sheet().crt
        if crt is not self._crt:  # chances by odds ratio, kept while the sheet is the same
            self._crt, self._odds = crt, {}
        ratio = min(crt.ratio(attack, defense), 1e9)
        chances = self._odds.get(ratio)
        if chances is None:
            chances = self._odds[ratio] = crt.chances_at([ratio])[0]
            chances.flags.writeable = False
        return chances

    def _estimate(self, board: Board, u: dict[str, Any], at: Hex, e: dict[str, Any]) -> float:
        chances = self._chances(board, u, at, e, Hex.from_str(e["hex"]))
        return attack_value(chances, u["sp"]) * (1.3 if e["kind"] != "hq" else 1.0)

    # -- the turn --------------------------------------------------------------------------

    def act(self, view: View, rng: np.random.Generator) -> TurnOrders:
        """The orders for this phase, from ``view`` alone (``rng`` is unused: the agent is
        deterministic)."""
        return _Turn(self, view.data).orders()


class _Turn:
    """One phase's planning: the planner, what the side knows, and what the orders so far
    may have changed (where attacked enemy units may be, hexes whose occupants are in doubt)."""

    def __init__(self, agent: TacticalAgent, d: Any) -> None:
        self.agent = agent
        self.side = agent.side
        self.d = d
        self.p = Planner(d)
        self.rule = str(d.get("combination") or "worst")
        self.actions: list[Action] = []
        self.wrecks = {Hex.from_str(h): n for h, n in d["wrecks"].items()}
        self.stacks: dict[Hex, int] = {}
        for x in [*self.p.units.values(), *self.p.enemies.values()]:
            h = Hex.from_str(x["hex"])
            self.stacks[h] = self.stacks.get(h, 0) + x["sp"]
        self._stacks0 = dict(self.stacks)
        self._wrecks0 = dict(self.wrecks)
        self._los: dict[tuple[Hex, Hex], bool] = {}
        self._heavy: set[Hex] = set()  # hexes that crossed a line-of-sight threshold
        objectives = {Hex.from_str(o["hex"]): o for o in d["objectives"]}
        self.goals = [h for h, o in objectives.items() if o["control"] != self.side]
        self.mine = [h for h, o in objectives.items() if o["control"] == self.side]
        self.enemy_hexes = [Hex.from_str(e["hex"]) for e in self.p.enemies.values()]
        # Enemy units attacked this phase: where they may be now (a unit that fails a morale
        # check falls back one hex away from its attacker) and the SPs they may have lost.
        self.where: dict[str, set[Hex]] = {}
        self.hurt: dict[str, int] = {}
        # For each enemy unit attacked this phase, the chances of (SPs lost, fallen back,
        # disrupted) after the attacks so far (net results under the ``worst`` rule, a morale
        # check failed at the assumed morale with the terrain's modifier).
        self.fate: dict[str, dict[tuple[int, bool, bool], float]] = {}
        self.settled: set[str] = set()  # units that give no further order this phase
        self.lenders: set[str] = set()  # commanders who lent Command to an attack
        # Hexes where a unit whose move may be stopped by opportunity fire may end up, with
        # the SPs that may be there.
        self.doubt: dict[Hex, int] = {}
        self._dark: dict[Hex, bool] = {}
        # Assaults that may advance: the hexes their units may enter, and leave.
        self.advances: set[Hex] = set()
        self.leavers: dict[Hex, int] = {}
        self.seen0 = self.seen_hexes()
        self._engagers: dict[str, set[str]] | None = None

    # -- helpers ---------------------------------------------------------------------------

    def do(self, a: Action) -> Planned | None:
        try:
            planned = self.p.plan(a)
        except IllegalOrderError:
            return None
        self.actions.append(a)
        return planned

    def legal(self, a: Action) -> Planned | None:
        try:
            return self.p.check(a)
        except IllegalOrderError:
            return None

    def sees(self, a: Hex, b: Hex) -> bool:
        """Line of sight with the stacks and wrecks as they may be after the orders so far
        (an attacked unit's SPs in each hex it may have fallen back to, a mover's in each hex
        it may have stopped in): the same as at the start of the phase unless some hex
        crossed the sheet's blocking thresholds."""
        if not self._heavy:
            return self.clear(a, b)
        return self.p.board.line_of_sight(
            a, b, units_sp=self.stacks, wreck_sp=self.wrecks, smoke=self.p.smoke
        )

    def clear(self, a: Hex, b: Hex) -> bool:
        """Line of sight as the side knows the board at the start of the phase (kept for the
        phase; the board answers from its sight by the terrain alone, kept across phases
        and computer players, unless a stack, wreck or smoke lies on the line)."""
        key = (a, b)
        seen = self._los.get(key)
        if seen is None:
            seen = self._los[key] = self.p.board.line_of_sight(
                a, b, units_sp=self._stacks0, wreck_sp=self._wrecks0, smoke=self.p.smoke
            )
        return seen

    def add(self, h: Hex, sp: int = 0, wrecks: int = 0) -> None:
        """Count ``sp`` more SPs (and ``wrecks`` wreck SPs) as possibly standing in ``h``."""
        self.stacks[h] = self.stacks.get(h, 0) + sp
        self.wrecks[h] = self.wrecks.get(h, 0) + wrecks
        limits = sheet().parameters
        for now, then, least in (
            (self.stacks, self._stacks0, limits["los_block_non_wreck_sp"]),
            (self.wrecks, self._wrecks0, limits["los_block_wreck_sp"]),
        ):
            if (now.get(h, 0) >= least) != (then.get(h, 0) >= least):
                self._heavy.add(h)

    def _hexes_of(self, eid: str) -> set[Hex]:
        return self.where.get(eid, {Hex.from_str(self.p.enemies[eid]["hex"])})

    def _riding_with(self, eid: str) -> list[str]:
        """Enemy riders that an attack on the vehicle ``eid`` also strikes (Riders): the
        mounted enemy units in its hex (the view does not say which vehicle carries them)."""
        e = self.p.enemies[eid]
        if e["kind"] != "armor":
            return []
        return [
            x["id"]
            for x in self.p.enemies.values()
            if x["hex"] == e["hex"] and x["mounted"] == "tank"
        ]

    # -- attacks ---------------------------------------------------------------------------

    def _reach_hex(self, u: dict[str, Any], here: Hex, h: Hex, verb: str) -> bool:
        """Whether ``u`` in ``here`` can carry out a ``verb`` on a unit standing in ``h``."""
        if verb == "fire":
            if here.distance(h) > u["range"]:
                return False
            if u.get("indirect"):
                return self._spotted(h)  # its spotters must see where the target is
            return self.sees(here, h)
        # the assault follows it into any hex next to the attacker
        enter = self.p.board.step_cost(here, h, u["mobility"], u["sp"])
        if here.distance(h) != 1 or enter is None:
            return False
        return bool(u["ap"] + 1e-9 >= enter + sheet().misc["assault_ap"])

    def _safe_attack(
        self, u: dict[str, Any], here: Hex, eid: str, verb: str, command: int
    ) -> tuple[float, int]:
        """The chance that ``u``'s attack on ``eid`` is carried out, given the attacks
        planned before it (1 when it cannot come to nothing; else the chance that the unit
        still stands alive where it was, or 0 when the attacker cannot reach that hex), and
        the most SPs the attack itself may cost it."""
        e = self.p.enemies[eid]
        start = Hex.from_str(e["hex"])
        worst = 0
        sure = True
        for h in self._hexes_of(eid):
            if h not in self.p.board:
                continue
            if not self._reach_hex(u, here, h, verb):
                if h == start:
                    return 0.0, 0
                sure = False
                continue
            moved = h != start
            chances = self.agent._chances(
                self.p.board, u, here, e, h, command=command, improved=False if moved else None
            )
            worst = max(worst, max_loss(chances, u["sp"], self.rule))
        if sure and e["sp"] > self.hurt.get(eid, 0):
            return 1.0, worst
        return self._stays(eid), worst

    def _stays(self, eid: str) -> float:
        """The chance that ``eid`` still stands alive in its hex after this phase's attacks
        so far."""
        sp = int(self.p.enemies[eid]["sp"])
        fate = self.fate.get(eid, {(0, False, False): 1.0})
        return math.fsum(p for (lost, moved, _), p in fate.items() if not moved and lost < sp)

    def _suffer(self, eid: str, chances: np.ndarray, n: int, can_fall_back: bool) -> None:
        """Update the chances of ``eid``'s fate with one more unit attack of ``n`` single
        attacks at ``chances`` on it where it stands (COMBAT RESULTS TABLE; a second
        disruption is a morale check; a failed check falls back, or costs 1 SP with nowhere
        to go)."""
        e = self.p.enemies[eid]
        there = Hex.from_str(e["hex"])
        mod, _ = terrain_morale(
            self.p.board.terrain[there],
            hard=bool(e["hard"]),
            special=self.p.board.specials.get(there),
            improved=bool(e["improved"]),
            vehicle=e["mobility"] in _VEHICLE,
        )
        fail = min(1.0, max(0.0, (10 - self.agent.enemy_morale - mod) / 10.0))
        net = net_chances(chances, n)
        fate = self.fate.get(eid, {(0, False, bool(e["disrupted"])): 1.0})
        out: dict[tuple[int, bool, bool], float] = {}

        def put(key: tuple[int, bool, bool], p: float) -> None:
            if p > 0:
                out[key] = out.get(key, 0.0) + p

        for (lost, moved, dis), p in fate.items():
            if moved or lost >= e["sp"]:
                put((lost, moved, dis), p)
                continue
            for k, c in zip(_LOSSES, net[:3], strict=True):
                put((lost + k, False, dis), p * c)
            check = float(net[4]) + (float(net[3]) if dis else 0.0)
            if not dis:
                put((lost, False, True), p * float(net[3]))
            broke = (lost, True, True) if can_fall_back else (lost + 1, False, True)
            put(broke, p * check * fail)
            put((lost, False, dis), p * (check * (1.0 - fail) + 1.0 - float(net[:5].sum())))
        self.fate[eid] = out

    def best_attack(self, uid: str, verbs: tuple[Verb, ...]) -> tuple[float, Planned | None, int]:
        u = self.p.units[uid]
        here = Hex.from_str(u["hex"])
        best: tuple[float, Planned | None, int] = (0.0, None, 0)
        for eid, e in sorted(self.p.enemies.items()):
            there = Hex.from_str(e["hex"])
            d = here.distance(there)
            if d > u["range"] and d != 1:
                continue
            value = self.agent._estimate(self.p.board, u, here, e)
            if e["sp"] - self.hurt.get(eid, 0) <= 2:
                value += 0.3  # finishing a unit off counts toward the break point
            for verb in verbs:
                if verb == "assault":
                    if d != 1 or not u["can_assault"]:
                        continue
                    cand = value + (0.5 if e["sp"] <= 2 else 0.0)
                else:
                    if d > u["range"]:
                        continue
                    cand = value
                if cand <= best[0]:
                    continue
                planned = self.legal(Action(verb, uid, eid))
                if planned is None:
                    continue
                hit, worst = self._safe_attack(u, here, eid, verb, planned.command)
                if hit >= 1.0 or (hit >= self.agent.least_hit and cand * hit > best[0]):
                    best = (cand * hit, planned, worst)
        return best

    def _fallback(self, e: dict[str, Any], here: Hex, attacker: Hex) -> set[Hex]:
        """Where ``e`` in ``here`` may be after an attack from ``attacker``: it stays, or fails
        a morale check and falls back (docs/rulings/tactical.md, morale) to the hex farther
        from the attacker, enterable, free of the side's units and within stacking, with the
        fewest hexes of the side's units next to it (the first such hex in hex order). The
        side knows all of that but the stacking in hexes it does not see and, once an assault
        may have advanced a unit, where that unit stands: a hex counts unless a hex surely
        open to the unit comes before it however those turn out."""
        p = self.p
        limits = sheet().parameters
        options: list[tuple[int, int, Hex, bool]] = []
        for nb in here.neighbors():
            if nb not in p.board or nb.distance(attacker) <= here.distance(attacker):
                continue
            if self._ours(nb) == "yes":
                continue
            if p.board.step_cost(here, nb, e["mobility"], e["sp"]) is None:
                continue
            sure = nb in self.seen0 and self._ours(nb) == "no"
            if nb in self.seen0:
                there = [
                    x for x in p.enemies.values() if x["hex"] == str(nb) and x["id"] != e["id"]
                ]
                if (
                    len(there) + 1 > limits["max_units_per_hex"]
                    or sum(x["sp"] for x in there) + e["sp"] > limits["max_sp_per_hex"]
                ):
                    continue
            near = [self._ours(x) for x in nb.neighbors()]
            low = sum(1 for x in near if x == "yes")
            high = sum(1 for x in near if x != "no")
            options.append((low, high, nb, sure))
        out = {here}
        for low, _, nb, _ in options:
            if not any((h2, n2) < (low, nb) for _, h2, n2, s2 in options if s2):
                out.add(nb)
        return out

    def _ours(self, h: Hex) -> str:
        """Whether the side's units stand in ``h`` when the next action is carried out:
        "yes", "no", or "maybe" (an assault before it may have advanced into or out of it)."""
        n = len(self.p.own_in(h))
        gone = self.leavers.get(h, 0)
        if n > gone:
            return "yes"
        if n == 0 and h not in self.advances:
            return "no"
        return "maybe"

    def _spotted(self, h: Hex) -> bool:
        """Whether a unit of the side that stays where it is this phase sees ``h`` (an
        indirect-fire unit fires at what its side sees)."""
        reach = int(self.d.get("visibility") or rules().visibility)
        return any(
            uid not in self.settled
            and Hex.from_str(u["hex"]).distance(h) <= reach
            and self.sees(Hex.from_str(u["hex"]), h)
            for uid, u in self.p.units.items()
        )

    def attack(
        self, uid: str, verbs: tuple[Verb, ...], planned: Planned | None = None, worst: int = 0
    ) -> bool:
        """One attack by ``uid`` (the best safe one, or ``planned``), noted; whether it was
        made."""
        if planned is None:
            value, planned, worst = self.best_attack(uid, verbs)
            if planned is None or value < self.agent.least_value:
                return False
        a = planned.action
        if self.do(a) is None:
            return False
        if planned.commander is not None:
            self.lenders.add(planned.commander)
        eid = str(a.target)
        frm = Hex.from_str(self.p.units[uid]["hex"])
        at = self._hexes_of(eid)
        e = self.p.enemies[eid]
        fallback: set[Hex] = set().union(*(self._fallback(e, h, frm) for h in at)) - at
        start = Hex.from_str(e["hex"])
        if start in at:
            chances = self.agent._chances(
                self.p.board, self.p.units[uid], frm, e, start, command=planned.command
            )
            room = bool(self._fallback(e, start, frm) - {start})
            self._suffer(eid, chances, int(self.p.units[uid]["sp"]), room)
        for x in [eid, *self._riding_with(eid)]:
            self.where[x] = self._hexes_of(x) | fallback
            self.hurt[x] = self.hurt.get(x, 0) + worst
        if e["hard"]:  # its losses may leave wrecks that block later lines of sight
            for h in self.where[eid]:
                self.add(h, wrecks=worst)
        for h in fallback:  # and its SPs may stand in another hex
            self.add(h, int(e["sp"]))
        if a.verb == "assault" and self._may_empty(eid, at):
            self.settled.add(uid)  # it may advance: nothing more from it this phase
            self.leavers[frm] = self.leavers.get(frm, 0) + 1
            for h in at:
                self.advances.add(h)
                self.add(h, self.p.load_sp(uid))
        return True

    def _may_empty(self, eid: str, at: set[Hex]) -> bool:
        """Whether the hex the assault on ``eid`` strikes may be left without enemy units
        (the attacker then advances into it): no other enemy unit surely stays there."""
        for h in at:
            stays = any(
                x["hex"] == str(h)
                and x["id"] != eid
                and self.where.get(x["id"], {h}) == {h}
                and self.hurt.get(x["id"], 0) < x["sp"]
                for x in self.p.enemies.values()
            )
            if not stays:
                return True
        return False

    # -- moves -----------------------------------------------------------------------------

    def seen_hexes(self) -> set[Hex]:
        """The hexes the side sees now: any enemy unit in one of them would be in its view."""
        eyes = {Hex.from_str(u["hex"]) for u in self.p.units.values()}
        reach = int(self.d.get("visibility") or rules().visibility)
        out: set[Hex] = set(eyes)
        for h in self.p.board.terrain:
            if h in out:
                continue
            for a in eyes:
                if a.distance(h) <= reach and self.sees(a, h):
                    out.add(h)
                    break
        return out

    def threats(self) -> tuple[dict[Hex, float], set[Hex]]:
        """The opportunity fire of the known enemy units: for each hex, how many of them
        see it within their kind's range (for choosing moves), and every hex any of them could
        fire at, with the longest range of any kind (the view shows no unit's own range)."""
        longest = max(k.range for k in rules().kinds.values())
        out: dict[Hex, float] = {}
        exposed: set[Hex] = set()
        for e in self.p.enemies.values():
            if e["kind"] == "hq" or e["disrupted"]:
                continue  # disrupted until its own phase; a rider may be thrown off
            there = Hex.from_str(e["hex"])
            kind = rules().kinds[e["kind"]]
            for h in self.p.board.terrain:
                d = h.distance(there)
                if d <= longest and self.clear(there, h):
                    exposed.add(h)
                    if d <= kind.range and not e["mounted"]:
                        out[h] = out.get(h, 0.0) + 1.0
        return out, exposed

    def dark(self, h: Hex, unseen: list[Hex]) -> bool:
        """Whether an unseen enemy unit could fire at ``h``: a hex the side does not see lies
        within the longest range of any kind and in sight of it."""
        if h not in self._dark:
            reach = max(k.range for k in rules().kinds.values())
            self._dark[h] = any(x.distance(h) <= reach and self.clear(x, h) for x in unseen)
        return self._dark[h]

    def path(self, uid: str, dest: Hex) -> list[Hex]:
        reach = self.p.reach(uid)
        path = [dest]
        while (prev := reach[path[-1]][1]) is not None:
            path.append(prev)
        return path[::-1]

    def _doubt_free(self, uid: str, dest: Hex, path: list[Hex]) -> bool:
        """Whether a move cannot be spoiled by where earlier risky movers stop: the
        destination keeps room for them, and no road on the way is lost to their SPs."""
        if not self.doubt:
            return True
        p = sheet().parameters
        load = self.p.load_sp(uid)
        if dest in self.doubt:
            here = sum(u["sp"] for u in self.p.own_in(dest))
            n = len(self.p.own_in(dest))
            if (
                here + self.doubt[dest] + load > p["max_sp_per_hex"]
                or n + 2 > p["max_units_per_hex"]
            ):
                return False
        for frm, to in itertools.pairwise(path):
            if to in self.doubt and self.p.board.has_road(frm, to):
                here = sum(u["sp"] for u in self.p.own_in(to))
                if here + self.doubt[to] + load > p["max_sp_per_road"]:
                    return False
        return True

    def choose(
        self, uid: str, targets: list[Hex], seen: set[Hex], threats: dict[Hex, float]
    ) -> Hex | None:
        a = self.agent
        u = self.p.units[uid]
        here = Hex.from_str(u["hex"])
        options = self.p.destinations(uid)
        options[here] = 0.0
        best: tuple[float, Hex] | None = None
        for h in sorted(options):
            path = self.path(uid, h) if h != here else [here]
            if h != here and not all(x in seen for x in path):
                continue  # through hexes it cannot see: hidden enemies may be there
            if h != here and not self._doubt_free(uid, h, path):
                continue
            goal = min(max(0, h.distance(t) - (t in self.enemy_hexes)) for t in targets)
            factor = sheet().combat_full_hex[self.p.board.terrain[h]]
            score = -a.goal_weight * goal + a.cover_weight * (1.0 - factor)
            if u["kind"] == "gun" and goal < 3:
                score -= 5.0  # guns stay back
            score -= a.exposure_weight * exact.sum_left(threats.get(x, 0.0) for x in path[1:])
            score -= a.danger_weight * threats.get(h, 0.0) * factor
            score += a.shot_weight * self._prospect(u, h)
            score += a.vision_weight * sum(
                1 for g in self.goals if g not in self.seen0 and self.clear(h, g)
            )
            if h == here:  # staying keeps its cover dug in and draws no fire on the way
                score += a.stay_weight * (2.0 if u["improved"] else 1.0)
            if best is None or score > best[0]:
                best = (score, h)
        return None if best is None else best[1]

    def supply_moves(self, seen: set[Hex], exposed: set[Hex], unseen: list[Hex]) -> None:
        """Each HQ on the map moves toward the units it resupplies (the nearer, the likelier a
        resupply: sheet, SUPPLY RANGES), only through hexes the side sees and out of reach of
        the known enemy units and of hexes it does not see, and never next to an enemy."""
        p = self.p
        for hq in sorted(p.units.values(), key=lambda u: u["id"]):
            if hq["kind"] != "hq" or hq["ap"] <= 0:
                continue
            subs = [Hex.from_str(u["hex"]) for u in p.units.values() if u.get("hq") == hq["id"]]
            if not subs:
                continue
            here = Hex.from_str(hq["hex"])

            def far(h: Hex, subs: list[Hex] = subs) -> int:
                return sum(h.distance(x) for x in subs)

            best: tuple[int, Hex] = (far(here), here)
            for h in sorted(p.destinations(hq["id"])):
                if far(h) >= best[0] or any(h.distance(e) <= 1 for e in self.enemy_hexes):
                    continue
                path = self.path(hq["id"], h)
                if all(
                    x in seen and x not in exposed and not self.dark(x, unseen) for x in path
                ) and self._doubt_free(hq["id"], h, path):
                    best = (far(h), h)
            if best[1] != here:
                self.do(Action("move", hq["id"], str(best[1])))

    def _holding(self, uid: str) -> bool:
        """A unit in a bunker, pillbox or trench stays, and so does the garrison of an
        objective its side holds: its infantry, or, with none there, every unit. Tanks and
        guns beside infantry on an objective are free to go where they can fire."""
        u = self.p.units[uid]
        here = Hex.from_str(u["hex"])
        fortified = self.p.board.specials.get(here) in _FORTS and u["mobility"] not in _VEHICLE
        if fortified:
            return True
        if here not in self.mine or u["mounted"]:
            return False
        if u["kind"] == "infantry":
            return True
        return not any(
            x["kind"] == "infantry" and not x["mounted"] for x in self.p.own_in(here, but=uid)
        )

    def _reaches(self, u: dict[str, Any], h: Hex, e: dict[str, Any]) -> bool:
        """Whether ``u`` standing in ``h`` could attack ``e`` with its full AP: fire in range
        and sight (or indirect), or an assault next door."""
        there = Hex.from_str(e["hex"])
        d = h.distance(there)
        return (d == 1 and u["can_assault"]) or (
            d <= u["range"] and bool(u.get("indirect") or self.clear(h, there))
        )

    def _engaged(self) -> dict[str, set[str]]:
        """For each known enemy unit, the side's combat units that could attack it from where
        they stand (once a phase)."""
        if self._engagers is None:
            self._engagers = {
                eid: {
                    uid
                    for uid, u in self.p.units.items()
                    if u["kind"] != "hq" and self._reaches(u, Hex.from_str(u["hex"]), e)
                }
                for eid, e in self.p.enemies.items()
            }
        return self._engagers

    def _prospect(self, u: dict[str, Any], h: Hex) -> float:
        """The best attack ``u`` would have from ``h`` on the enemy units it knows of, with
        its full AP (next phase): fire in range and sight, or an assault next door.

        A side still going for objectives spreads its attacks: of a phase's attacks on one
        enemy unit the orders can count on the first only (the rest need a line of sight to
        every hex it may have fallen back to, which they seldom have), so an attack on an
        enemy unit that ``k`` other units already reach counts ``1 / (1 + share k)``."""
        best = 0.0
        engaged = self._engaged() if self.goals else {}
        for eid, e in self.p.enemies.items():
            if not self._reaches(u, h, e):
                continue
            others = len(engaged.get(eid, set()) - {u["id"]})
            value = self.agent._estimate(self.p.board, u, h, e)
            best = max(best, value / (1.0 + self.agent.share * others))
        return best

    # -- the phase -------------------------------------------------------------------------

    def orders(self) -> TurnOrders:
        p = self.p
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
        order = sorted(p.units.values(), key=lambda u: (_ORDER[u["kind"]], u["id"]))
        combat = [u["id"] for u in order if u["kind"] != "hq"]
        # Fire first, as often as the AP allow (no move can spoil it), then assault (an
        # assault may advance the unit, so it is its last action).
        while True:  # the best attack of all, one at a time
            best: tuple[float, str, Planned | None, int] = (0.0, "", None, 0)
            for uid in combat:
                if uid in self.settled or p.units[uid]["ap"] <= 0:
                    continue
                value, planned, worst = self.best_attack(uid, ("fire", "assault"))
                if planned is not None and planned.action.verb == "assault":
                    # An assault that may advance ends the unit's attacks: fire first if
                    # it can and still afford the assault.
                    at = self._hexes_of(str(planned.action.target))
                    if self._may_empty(str(planned.action.target), at):
                        v2, p2, w2 = self.best_attack(uid, ("fire",))
                        left = p.units[uid]["ap"] - (p2.ap if p2 else 0.0)
                        if p2 is not None and v2 >= self.agent.least_value and left >= planned.ap:
                            value, planned, worst = v2, p2, w2
                if planned is not None and value > best[0]:
                    best = (value, uid, planned, worst)
            value, uid, planned, worst = best
            if planned is None or value < self.agent.least_value:
                break
            if not self.attack(uid, (), planned, worst):
                break
        if self.agent.attacks_only:
            return TurnOrders(tuple(self.actions))
        seen = set(self.seen0)
        for eid, hexes in self.where.items():  # no path where an attacked unit may be
            if eid in p.enemies:
                seen -= hexes - {Hex.from_str(p.enemies[eid]["hex"])}
        threats, exposed = self.threats()
        unseen = [h for h in p.board.terrain if h not in seen]
        moved: dict[str, bool] = {}  # unit -> whether its move was safe
        for uid in combat:
            if uid in self.settled:
                continue
            u = p.units[uid]
            here = Hex.from_str(u["hex"])
            if u.get("carrier") and not moved.get(u["carrier"], True):
                continue  # its tank may have been stopped and gone to ground on the way
            if u["mounted"]:
                near = min((here.distance(e) for e in self.enemy_hexes), default=99)
                near_goal = min((here.distance(g) for g in self.goals), default=99)
                if min(near, near_goal) <= 3:
                    self.do(Action("dismount", uid))
            if u.get("carrier"):
                continue  # rides with its tank
            if self._holding(uid) or p.units[uid]["ap"] <= 0 or (u["disrupted"] and not self.goals):
                continue
            targets = self.goals or self.mine or self.enemy_hexes
            if not targets:
                continue
            dest = self.choose(uid, targets, seen, threats)
            if dest is None or dest == here:
                continue
            path = self.path(uid, dest)
            load = p.load_sp(uid)
            if self.do(Action("move", uid, str(dest))) is None:
                continue
            for x in [p.units[uid], *p.riders(uid)]:
                self.add(here, -x["sp"])
                self.add(dest, x["sp"])
            if dest in self.goals:
                self.goals.remove(dest)
            safe = not any(h in exposed or self.dark(h, unseen) for h in path[1:])
            moved[uid] = safe
            if not safe:
                # Opportunity fire may stop it anywhere on the way, or drive it back a hex.
                for w in {y for h in path[1:] for y in (h, *h.neighbors())}:
                    self.doubt[w] = self.doubt.get(w, 0) + load
                    self.add(w, load)
                continue
            if not u.get("indirect"):
                while self.attack(uid, ("fire",)):  # a safe move: nothing can spoil a shot
                    pass
        self.supply_moves(seen, exposed, unseen)
        for cid, uid in followers.items():
            if uid is None or uid not in p.units or cid in self.lenders:
                continue
            if not moved.get(uid, False):
                continue  # it did not move, or may have stopped short of where it was sent
            to = Hex.from_str(p.units[uid]["hex"])
            c = Hex.from_str(p.commanders[cid]["hex"])
            if to == c or to not in p.reach(cid):
                continue
            if all(h in seen for h in self.path(cid, to)):
                self.do(Action("move", cid, str(to)))
        return TurnOrders(tuple(self.actions))
