"""The computer opponent: decides from its own view only, after the principles of §4.

* Cities it places for the opponent are spread apart and pushed towards the front: "if D has
  one productive city isolated from the others the bias seems to favor C" (§4).
* Its own units start "about equally divided among and near (4 or 5 moves) his three cities".
* Each city's garrison is matched to the enemy within four moves of it; a threatened city is
  reinforced by air, two units at a time from the airports of quiet cities ("In defending a
  city a player can fly four units in each cycle").
* A city that produces for it is left a place for its new unit (§2.5: "provided three
  fighting units are not on the city"): moves put at most two units on it, and the rest of
  the garrison stands beside it, from where it fires on the city as well (§2.3).
* The other units go after the nearest worthwhile target (enemy productive cities first, then
  enemy units), but a unit only steps where its side outnumbers or equals the enemy that can
  fire on that field next stage ("Do not attack unless you outnumber the enemy", "Avoid
  fighting against superior numbers except in defense of a city"); isolated units keep moving.
* Single flights land on or beside an enemy stack that ground units are already engaging
  ("the attacker can't build up much of a threat by flying in three units unless these units
  are strongly supported by ground units").
* Fire is given in pairs ("two directed units of fire power to kill one enemy unit"; "it is
  good to ... have an even number of units firing"), enemies on or next to its cities first.
* It concedes (§2.5: "until one player concedes defeat") when it is hopelessly outnumbered
  ("a player is hopelessly outnumbered in a battle if the opponent has twice as many units",
  §4) and cannot build up again ("the extra production he receives will allow him to build up
  his forces", §4): the opponent has at least twice its units and ten more, and as many
  cities producing for him. Past 60 cycles ("games should seldom last longer than two hours"
  at one minute a stage) one and a half times its units is enough, past 90 a quarter more.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hexwar.core.hexes import Hex
from hexwar.core.views import View
from hexwar.rulesets.airwar.board import other
from hexwar.rulesets.airwar.orders import AirwarOrder, Concession
from hexwar.rulesets.airwar.placement import place_units, position_from_view, random_cities
from hexwar.rulesets.airwar.rules import (
    KILL_FIRE,
    MAX_STACK,
    Position,
    check_fire,
    check_moves,
    entitled,
    productive_flags,
)

__all__ = ["HOLD_BACK", "AirwarAI", "move_variant"]

THREAT_RADIUS = 4  # enemy this close to a city threatens it
HOPELESS_RATIO = 2.0  # §4: "hopelessly outnumbered ... if the opponent has twice as many units"
HOPELESS_MARGIN = 10  # and at least this many more (no concession over a handful of units)
# §4: "games should seldom last longer than two hours" (one-minute stages, two a cycle): past
# 60 cycles a player this far behind gives the game up, and past 90 one a quarter behind.
LONG_GAME = ((90, 1.25), (60, 1.5))


def hopeless(pos: Position, side: str) -> bool:
    """Whether ``side`` should concede: the opponent has at least twice its units (in a long
    game, ``LONG_GAME``, half or a quarter as many again) and ``HOPELESS_MARGIN`` more, and at
    least as many cities producing for him (§4)."""
    foe = other(side)
    mine, theirs = pos.total(side), pos.total(foe)
    ratio = next((r for after, r in LONG_GAME if pos.cycle > after), HOPELESS_RATIO)
    if theirs < ratio * mine or theirs - mine < HOPELESS_MARGIN:
        return False

    def producing(s: str) -> int:
        return sum(1 for c in pos.cities if c.holder == s and entitled(pos, c))

    return producing(foe) >= producing(side)


DANGER_RADIUS = 2  # enemy this close to a field can fire on it after its next move
FOCUS_RADIUS = 10  # free units this close to an enemy city count towards attacking it
FOCUS_PRODUCTIVE = 4.0  # the weight of a productive city when choosing the one to attack
CITY_ROOM = 1  # places its moves leave free on a city that produces for it (§2.5)
HOLD_BACK = 6.0  # the cost of a step onto a field where the unit would be outnumbered


class AirwarAI:
    """The ``ai`` agent for either player of every variant."""

    def __init__(self, side: str) -> None:
        self.side = side

    def act(self, view: View, rng: np.random.Generator) -> AirwarOrder | Concession:
        data = view.data
        pos = position_from_view(data)
        side = str(data["side"])
        phase = data["phase"]
        if phase == "cities":
            return self.cities(pos, side, rng)
        if phase == "units":
            return self.units(pos, side, rng)
        if phase == "move":
            if hopeless(pos, side):
                return Concession()
            return self.moves(pos, side)
        return self.fire(pos, side)

    # -- the initial stage ----------------------------------------------------------------

    def cities(self, pos: Position, side: str, rng: np.random.Generator) -> AirwarOrder:
        owner = other(side)
        geo = pos.geo

        def score(fields: list[Hex]) -> float:
            flags = productive_flags(pos, fields, owner)
            prod = (
                [h for h, p in zip(fields, flags, strict=True) if p]
                if isinstance(flags, list)
                else fields
            )
            prod = prod or fields
            spread = min(
                (a.distance(b) for i, a in enumerate(prod) for b in prod[i + 1 :]), default=0
            )
            front = -np.mean([geo.boundaries(h, owner).middle for h in prod])
            return float(2 * spread + front)

        return random_cities(pos, side, rng, score=score, samples=40)

    def units(self, pos: Position, side: str, rng: np.random.Generator) -> AirwarOrder:
        mine = [c for c in pos.cities if c.holder == side]
        weight_cities = [c for c in mine if c.productive] or mine

        def weight(h: Hex) -> float:
            w = 0.05
            for c in weight_cities:
                d = h.distance(c.field)
                if d <= 5:
                    w += (2.0 if c.productive else 1.0) * (6 - d)
            return w

        placed = place_units(pos, side, weight, rng)
        unproductive = None
        if pos.rules(side).productive_rule == "announced":
            own = [c for c in pos.cities if c.owner == side]
            # the city hardest to defend: farthest from the others
            far = max(own, key=lambda c: sum(c.field.distance(o.field) for o in own))
            unproductive = pos.geo.label(far.field)
        return AirwarOrder(
            units=tuple(sorted((pos.geo.label(h), n) for h, n in placed.items())),
            unproductive=unproductive,
        )

    # -- moves ----------------------------------------------------------------------------

    def moves(self, pos: Position, side: str) -> AirwarOrder:
        order = _Planner(pos, side).plan()
        try:
            check_moves(pos, side, order)
        except ValueError:
            order = _Planner(pos, side, flights=False).plan()
            try:
                check_moves(pos, side, order)
            except ValueError:
                return AirwarOrder()
        return order

    # -- aim fire --------------------------------------------------------------------------

    def fire(self, pos: Position, side: str) -> AirwarOrder:
        geo = pos.geo
        foe = other(side)
        enemy = pos.units[foe]
        forbidden = pos.forbidden_targets(side)
        my_points = pos.controlled_points(side)
        shooters = {h: n for h, n in pos.units[side].items() if n > 0 and not pos.must_fire_here(h)}
        fire_on: dict[Hex, int] = {}
        for h, n in pos.units[side].items():
            if pos.must_fire_here(h):
                fire_on[h] = fire_on.get(h, 0) + n
        left = {t: n - min(n, fire_on.get(t, 0) // KILL_FIRE) for t, n in enemy.items()}
        targets = {t for t in enemy if t not in forbidden}

        def options(src: Hex) -> int:
            return sum(1 for t in geo.adjacent(src) if t in targets and left.get(t, 0) > 0)

        def priority(t: Hex) -> float:
            near_city = any(t in geo.adjacent(p) for p in my_points)
            return (10.0 if near_city else 0.0) + (5.0 if t in fire_on else 0.0) + left[t]

        shots: dict[tuple[Hex, Hex], int] = {}
        while True:
            best: Hex | None = None
            for t in sorted(targets, key=lambda t: (-priority(t), t)):
                if left.get(t, 0) <= 0:
                    continue
                need = 1 if fire_on.get(t, 0) % KILL_FIRE else KILL_FIRE
                have = sum(shooters.get(s, 0) for s in geo.adjacent(t))
                if have >= need:
                    best = t
                    break
            if best is None:
                break
            need = 1 if fire_on.get(best, 0) % KILL_FIRE else KILL_FIRE
            sources = sorted(
                (s for s in geo.adjacent(best) if shooters.get(s, 0) > 0),
                key=lambda s: (options(s), s),
            )
            for s in sources:
                while need and shooters[s] > 0:
                    shooters[s] -= 1
                    need -= 1
                    shots[(s, best)] = shots.get((s, best), 0) + 1
                    fire_on[best] = fire_on.get(best, 0) + 1
            left[best] -= 1
        order = AirwarOrder(
            fire=tuple(sorted((geo.label(a), geo.label(b), n) for (a, b), n in shots.items()))
        )
        try:
            check_fire(pos, side, order)
        except ValueError:
            return AirwarOrder()
        return order


def move_variant(
    view: Mapping[str, Any],
    *,
    flights: bool = True,
    focus_rank: int | None = 0,
    hold_back: float = HOLD_BACK,
) -> AirwarOrder | None:
    """The computer player's moves of a move stage planned with its judgement shifted (the
    ``mcts`` search weighs them against its own, :mod:`hexwar.rulesets.airwar.search`): without
    flights, going for the ``focus_rank``-th city to attack (None: each free unit for its own
    target), or with ``hold_back`` as the cost of a step where the unit is outnumbered. None
    outside a move stage, or where that plan is not legal. With the defaults it is the
    computer player's plan (its concession aside)."""
    if view["phase"] != "move":
        return None
    pos = position_from_view(view)
    side = str(view["side"])
    order = _Planner(pos, side, flights=flights, focus_rank=focus_rank, hold_back=hold_back).plan()
    try:
        check_moves(pos, side, order)
    except ValueError:
        return None
    return order


class _Planner:
    """One cycle's moves and flights for ``side``."""

    def __init__(
        self,
        pos: Position,
        side: str,
        *,
        flights: bool = True,
        focus_rank: int | None = 0,
        hold_back: float = HOLD_BACK,
    ) -> None:
        self.pos = pos
        self.focus_rank = focus_rank
        self.hold_back = hold_back
        self.side = side
        self.foe = other(side)
        self.geo = pos.geo
        self.mine = dict(pos.units[side])
        self.enemy = dict(pos.units[self.foe])
        self.forbidden = pos.forbidden_targets(side)
        self.use_flights = flights
        self.after: dict[Hex, int] = {}
        self.moves: dict[tuple[Hex, Hex], int] = {}
        self.flights: list[tuple[Hex, Hex, int]] = []
        self.transports: list[tuple[Hex, Hex]] = []
        self._danger: dict[Hex, int] = {}

    # strength of each side near a field ------------------------------------------------

    def danger(self, f: Hex) -> int:
        """Enemy units that could fire on ``f`` after their next move."""
        if f not in self._danger:
            self._danger[f] = sum(
                n for e, n in self.enemy.items() if e.distance(f) <= DANGER_RADIUS
            )
        return self._danger[f]

    def support(self, f: Hex) -> int:
        return sum(n for m, n in self.mine.items() if m.distance(f) <= DANGER_RADIUS)

    # the plan ----------------------------------------------------------------------------

    def plan(self) -> AirwarOrder:
        pos, side = self.pos, self.side
        cities = [c for c in pos.cities if c.holder == side]
        threat = {
            c.field: sum(n for e, n in self.enemy.items() if e.distance(c.field) <= THREAT_RADIUS)
            for c in cities
        }
        units = [h for h, n in sorted(self.mine.items()) for _ in range(n)]
        if self.use_flights:
            units = self._defense_flights(cities, threat, units)
        goals = self._goals(units, cities, threat)
        if self.use_flights:
            units, goals = self._attack_flights(units, goals)
        self._ground(units, goals)
        geo = self.geo
        return AirwarOrder(
            moves=tuple(
                sorted((geo.label(a), geo.label(b), n) for (a, b), n in self.moves.items())
            ),
            flights=tuple((geo.label(a), geo.label(b), n) for a, b, n in self.flights),
            transports=tuple((geo.label(a), geo.label(b)) for a, b in self.transports),
        )

    def _defense_flights(
        self, cities: list[Any], threat: Mapping[Hex, int], units: list[Hex]
    ) -> list[Hex]:
        pos = self.pos
        flyable = [c for c in pos.flight_airports(self.side) if threat.get(c.field, 0) == 0]
        needy = sorted(
            (c for c in cities if threat[c.field] > self.support(c.field)),
            key=lambda c: (-(2 if c.productive else 1) * threat[c.field], c.field),
        )
        for target in needy:
            for src in flyable:
                if src.airport == target.airport or self.mine.get(src.airport, 0) < 2:
                    continue
                room = self._room(target.airport)
                if self._transport_fits(target):
                    # §3.2.2: one unit lands on the airport, one goes on into the city
                    self.transports.append((src.airport, target.airport))
                    self.after[target.airport] = self.after.get(target.airport, 0) + 1
                    self.after[target.field] = self.after.get(target.field, 0) + 1
                elif room >= 2:
                    self.flights.append((src.airport, target.airport, 2))
                    self.after[target.airport] = self.after.get(target.airport, 0) + 2
                else:
                    break
                for _ in range(2):
                    units.remove(src.airport)
                self.mine[src.airport] -= 2
                flyable.remove(src)
                break
        self._flyable = [c for c in flyable if self.mine.get(c.airport, 0) > 0]
        return units

    def _room(self, f: Hex) -> int:
        """Places left on ``f`` counting arrivals and the units there now (who may stay)."""
        return MAX_STACK - self.after.get(f, 0) - self.mine.get(f, 0)

    def _transport_fits(self, target: Any) -> bool:
        """Whether a §3.2.2 double transportation should go to ``target``: one is left, the
        city is its own and an enemy stands next to it, and there is room on both fields."""
        left = self.pos.transports_left.get(self.side, 0) - len(self.transports)
        if left <= 0 or target.owner != self.side:
            return False
        pressed = any(e.distance(target.field) <= 1 for e in self.enemy)
        return pressed and self._room(target.airport) >= 1 and self._room(target.field) >= 1

    def _goals(self, units: list[Hex], cities: list[Any], threat: Mapping[Hex, int]) -> list[Hex]:
        """A goal field for each unit: a city to hold, else the best target to attack."""
        goals: list[Hex | None] = [None] * len(units)
        free = set(range(len(units)))
        for c in sorted(cities, key=lambda c: (not c.productive, c.field)):
            need = threat[c.field] + (2 if threat[c.field] else (1 if c.productive else 0))
            near = sorted(
                (i for i in free if units[i].distance(c.field) <= 6),
                key=lambda i: (units[i].distance(c.field), units[i]),
            )
            for i in near[:need]:
                goals[i] = c.field
                free.discard(i)
        targets = self._targets()
        focus = self._focus([units[i] for i in free])
        for i in sorted(free):
            if not targets:
                goals[i] = units[i]
                continue
            u = units[i]
            if focus is not None:
                goals[i] = focus
                continue
            goals[i] = min(targets, key=lambda t: (u.distance(t[0]) - t[1], t[0]))[0]
        return [g if g is not None else u for g, u in zip(goals, units, strict=True)]

    def _focus(self, free: list[Hex]) -> Hex | None:
        """The one enemy-held city the free units all go for: "Choose the battleground if
        possible", "When attacking, do so from as many directions as possible as long as the
        attacking force is not spread too thin" (§4). The city where the free units near it
        (within ``FOCUS_RADIUS``) most outnumber the enemy units around it, productive ones
        preferred; None when no enemy city is open to attack. With :attr:`focus_rank` k > 0
        the k-th city after it in that order (the producing cities, then the others); with
        None, none (each free unit goes for its own target)."""
        if self.focus_rank is None:
            return None
        open_ = [
            c for c in self.pos.cities if c.holder == self.foe and c.field not in self.forbidden
        ]
        # A city that makes units for him is the one worth taking: in the symmetric games a
        # captured city never produces for its captor (§2.5), so only his production counts.
        producing = [c for c in open_ if entitled(self.pos, c)]

        def ranked(cities: list[Any]) -> list[Hex]:
            scored = []
            for c in cities:
                near = sum(1 for u in free if u.distance(c.field) <= FOCUS_RADIUS)
                guard = sum(
                    n for e, n in self.enemy.items() if e.distance(c.field) <= THREAT_RADIUS
                )
                score = near - guard + (FOCUS_PRODUCTIVE if c.productive else 0.0)
                scored.append((-score, c.field))
            return [h for _, h in sorted(scored)]

        order = ranked(producing or open_)
        if producing:
            order += ranked([c for c in open_ if c not in producing])
        return order[self.focus_rank] if self.focus_rank < len(order) else None

    def _targets(self) -> list[tuple[Hex, float]]:
        out: list[tuple[Hex, float]] = []
        for c in self.pos.cities:
            if c.holder == self.foe and c.field not in self.forbidden:
                out.append((c.field, 4.0 if c.productive else 1.5))
        for e, n in self.enemy.items():
            if e not in self.forbidden:
                out.append((e, 0.5 * n))
        return out

    def _attack_flights(self, units: list[Hex], goals: list[Hex]) -> tuple[list[Hex], list[Hex]]:
        zone = self.pos.no_flight_zone(self.side)
        geo = self.geo
        for src in getattr(self, "_flyable", []):
            if src.airport not in units:
                continue
            best: tuple[float, Hex] | None = None
            for e, n in self.enemy.items():
                if e in self.forbidden or self.support(e) < 2:
                    continue
                for f in geo.adjacent(e):
                    if (
                        f in zone
                        or f in self.forbidden
                        or self.mine.get(f, 0) + self.after.get(f, 0) >= MAX_STACK
                    ):
                        continue
                    if self.danger(f) > self.support(f) + 1:
                        continue
                    value = n + 0.1 * self.support(f)
                    if best is None or value > best[0]:
                        best = (value, f)
            if best is None:
                continue
            f = best[1]
            self.flights.append((src.airport, f, 1))
            self.after[f] = self.after.get(f, 0) + 1
            i = units.index(src.airport)
            units = units[:i] + units[i + 1 :]
            goals = goals[:i] + goals[i + 1 :]
            self.mine[src.airport] -= 1
        return units, goals

    def _ground(self, units: list[Hex], goals: list[Hex]) -> None:
        geo = self.geo
        order = sorted(range(len(units)), key=lambda i: (units[i].distance(goals[i]), units[i]))
        # §2.5: a new unit comes "provided three fighting units are not on the city", so a
        # city producing for this side is left a place for it.
        full_city = self.pos.rules(self.side).produce_when_full
        producing = {
            c.field
            for c in self.pos.cities
            if c.holder == self.side
            and entitled(self.pos, c)
            and not (full_city and c.owner == self.side)
        }
        for i in order:
            u, goal = units[i], goals[i]
            defending = goal in {c.field for c in self.pos.cities if c.holder == self.side}
            best: tuple[float, Hex] | None = None
            for f in geo.adjacent(u):
                full = MAX_STACK - CITY_ROOM if f in producing else MAX_STACK
                if self.after.get(f, 0) >= full or (f != u and f in self.forbidden):
                    continue
                cost = float(f.distance(goal))
                danger = self.danger(f)
                if danger and not defending and self.support(f) < danger:
                    cost += self.hold_back  # outnumbered there: hold back
                friends = self.after.get(f, 0)
                if friends in (1, 2):
                    cost -= 0.3
                if f == u and danger == 0 and u != goal and friends == 0:
                    cost += 0.5  # isolated units do not stand still
                if best is None or cost < best[0] or (cost == best[0] and f < best[1]):
                    best = (cost, f)
            dst = best[1] if best is not None else u
            self.after[dst] = self.after.get(dst, 0) + 1
            if dst != u:
                self.moves[(u, dst)] = self.moves.get((u, dst), 0) + 1
