"""The battle (seed 004, Flank Mechanics, Attacking, Navy, Attrition).

One loop iteration is one hour, twelve to a day. Each hour every flank still in the battle
finds the nearest enemy flank and the terrain under it and decides to move or attack (the
charge roll when only some units can attack); then, in flank order, movers move and attackers
attack; then attrition, disease, supply and siege are applied to each side. The battle ends
when every flank of one side is fully routed.

Every random draw comes from the game's adjudication stream, in a fixed order.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from hexwar.rulesets.flankbattle.params import Parameters, UnitType
from hexwar.rulesets.flankbattle.schema import Row
from hexwar.rulesets.flankbattle.terrain import CLIFFS, FEATURES, HIGH, SIZE, WATER, Grid
from hexwar.rulesets.flankbattle.variables import SideVariables, UnitVariables

__all__ = ["Battle", "BattleEvent", "Flank", "SideState", "battalion", "casualties", "morale_loss"]

SIDE_NAMES = ("Attacker", "Defender")
INACTIVE, ROUTED, RETREATING, READY, IDLE = "Inactive", "Routed", "Retreating", "Ready", "Idle"


def battalion(count: float, limitation: float, flank_size: float, threshold: float) -> float:
    """Seed 004, Attacking: sqrt(Military Size*Unit Proportion*Limitation) for a flank larger
    than 100 soldiers; below that the square-root principle is waived (count x limitation)."""
    if flank_size > threshold:
        return math.sqrt(max(0.0, count * limitation))
    return count * limitation


def casualties(
    battalion_size: float,
    effectiveness: float,
    power: float,
    efficiency: float,
    random_number: float,
    mercy: float,
    enemy_defense: float,
) -> float:
    """Seed 004, Attacking: Battalion*Effectiveness*Power*Efficiency*Random*Mercy*(1-Defense)."""
    return (
        battalion_size
        * effectiveness
        * power
        * efficiency
        * random_number
        * mercy
        * (1.0 - enemy_defense)
    )


def morale_loss(
    battalion_size: float,
    effectiveness: float,
    psychology: float,
    power: float,
    flanking: int,
    efficiency: float,
    random_number: float,
    enemy_defense: float,
) -> float:
    """Seed 004, Attacking: Battalion*Effectiveness*Psychology*Power*(1+(flanking-1)/10)
    *Efficiency*Random*(1-Defense), in soldiers demoralised (no mercy)."""
    return (
        battalion_size
        * effectiveness
        * psychology
        * power
        * (1.0 + (flanking - 1) / 10.0)
        * efficiency
        * random_number
        * (1.0 - enemy_defense)
    )


def charge_probability(ready: float, total: float, shock: float) -> float:
    """Seed 004, Movement: (1-(units ready to attack/total size of flank))/2+shock."""
    return (1.0 - ready / total) / 2.0 + shock if total > 0 else 0.0


def attrition_casualties(
    attrition: float, random_number: float, size: float, ratio: float
) -> float:
    """Seed 004, Carrying capacity: (Attrition+Random)*Military Size*(1-L), L capped at 2,
    nothing when L <= 1 (the magnitude: a military above capacity shrinks)."""
    if ratio <= 1.0:
        return 0.0
    return (attrition + random_number) * size * (min(ratio, 2.0) - 1.0)


def outbreak_probability(
    outbreak: float, size: float, maximum: float, generation: float, secular: float, familiar: bool
) -> float:
    """Seed 004, Diseases: Outbreak*(Military Size/Maximum Military)/(Generation*Secular Cycle
    *Familiarity*6), Familiarity 10 for the nation's own endemic disease, else 1."""
    familiarity = 10.0 if familiar else 1.0
    return outbreak * (size / maximum) / (generation * secular * familiarity * 6.0)


def disease_casualties(
    infectivity: float,
    reproduction: float,
    deadliness: float,
    size: float,
    medicine: float,
    random_number: float,
) -> float:
    """Seed 004, Diseases: Log2(Infectivity*Reproduction*Deadliness+1)*(Military Size/500)
    *Medicine*Random."""
    return (
        math.log2(infectivity * reproduction * deadliness + 1.0)
        * (size / 500.0)
        * medicine
        * random_number
    )


def grid_rows(grid: Grid) -> list[bytes]:
    """The grid as one bytes object per row: the fastest lookup of a feature in Python."""
    return [bytes(row) for row in np.asarray(grid, dtype=np.uint8)]


@dataclass(slots=True)
class UnitState:
    role: str
    unit: UnitType
    count: float
    efficiency: float
    limitation: float
    defense: float
    effectiveness: float
    wait: int = 0
    max_range: float = 0.0

    def __post_init__(self) -> None:
        armed = [r for r, p in zip(self.unit.ranges, self.unit.power, strict=True) if p > 0]
        self.max_range = max(armed) if armed else 0.0

    def weapon(self, distance: float) -> int:
        """Seed 004, Unit (Range): the weapon that reaches ``distance``; a disabled weapon's
        range is the minimum range of the next one up; -1 if none."""
        low = 0.0
        for i, (r, p) in enumerate(zip(self.unit.ranges, self.unit.power, strict=True)):
            if p <= 0:
                low = max(low, r)
                continue
            if low <= distance <= r:
                return i
        return -1


@dataclass(slots=True)
class Flank:
    side: int
    index: int
    x: float
    y: float
    maneuver: Maneuver
    units: list[UnitState]  # land units
    ship: UnitState  # the ship unit; its count is the crew (0 unless a navy-only share)
    ships: int
    morale: float = 0.0
    start_morale: float = 0.0
    start_size: float = 0.0
    start_ships: int = 0
    status: str = IDLE
    routing: bool = False
    routed: bool = False
    supply_cut: bool = False
    streak: dict[int, int] = field(default_factory=dict)
    hr_attacks: int = 0
    hr_retreat: int = 0
    killed: float = 0.0
    captured: float = 0.0
    died: float = 0.0
    sunk: int = 0
    high_ground_logged: set[int] = field(default_factory=set)
    uid: int = 0

    @property
    def name(self) -> str:
        return f"{SIDE_NAMES[self.side]} flank {self.index + 1}"

    @property
    def size(self) -> float:
        total = self.ship.count
        for u in self.units:
            total += u.count
        return total

    def scale(self, factor: float) -> None:
        """Losses keep the unit proportions (seed 004, Composition)."""
        for u in self.units:
            u.count *= factor
        self.ship.count *= factor

    def to_json(self) -> dict[str, Any]:
        return {
            "flank": self.name,
            "x": round(self.x, 2),
            "y": round(self.y, 2),
            "maneuver": self.maneuver.value,
            "status": self.status,
            "size": round(self.size),
            "morale": round(self.morale),
            "start_size": round(self.start_size),
            "start_morale": round(self.start_morale),
            "ships": self.ships,
            "supply_cut": self.supply_cut,
            "units": {u.role: round(u.count) for u in self.units},
        }


@dataclass(slots=True)
class SideState:
    vars: SideVariables
    capacity: float
    local_population: float
    start_size: float = 0.0
    supply_all_cut: bool = False
    killed: float = 0.0
    captured: float = 0.0
    died: float = 0.0
    disease_deaths: float = 0.0
    sunk: int = 0
    naval: bool = False


@dataclass(frozen=True, slots=True)
class BattleEvent:
    hour: int
    kind: str
    text: str
    data: dict[str, Any]


@dataclass
class BattleResult:
    winner: int  # 0 attacker, 1 defender
    hours: int
    reason: str


class Battle:
    """One battle between two deployed sides on a terrain grid."""

    def __init__(
        self,
        sides: tuple[SideVariables, SideVariables],
        deployments: tuple[list[FlankSpec], list[FlankSpec]],
        *,
        location: Row,
        grid: Grid,
        params: Parameters,
        rng: np.random.Generator,
        on_event: Callable[[BattleEvent], None] | None = None,
        rows: list[bytes] | None = None,
    ) -> None:
        self.params = params
        b = params.battle
        self.b = b
        self.rng = rng
        self.grid = grid
        self.rows = rows if rows is not None else grid_rows(grid)
        self.terrain_factors = [params.terrain(name) for name in FEATURES]
        self.logistics_rank = {
            name: params.ordered("Logistics", name, "rank") for name in params.values("Logistics")
        }
        self.logistics_resilience = {
            name: int(params.ordered("Logistics", name, "resilience"))
            for name in params.values("Logistics")
        }
        self.location = location
        self.on_event = on_event
        self.events: list[BattleEvent] = []
        self.hour = 0
        self.siege = False
        self.result: BattleResult | None = None
        self.px = b["metres_per_pixel"]
        self.attrition_constant = params.ordered("Attrition", location["attrition"], "attrition")
        self.flanks: list[Flank] = []
        uid = 0
        for side, (sv, specs) in enumerate(zip(sides, deployments, strict=True)):
            total_ships = sum(f.ships for f in specs)
            crew = float(sv.military["size"]) * sv.units["ship"].slot.proportion
            for i, spec in enumerate(specs):
                units = [
                    self._unit_state(sv.units[role], float(getattr(spec, role)))
                    for role in ("infantry", "cavalry", "artillery")
                    if role in sv.units and getattr(spec, role) > 0
                ]
                share = spec.ships / total_ships if total_ships else 0.0
                flank = Flank(
                    side,
                    i,
                    float(spec.x),
                    float(spec.y),
                    spec.maneuver,
                    units,
                    self._unit_state(sv.units["ship"], crew * share),
                    spec.ships,
                    uid=uid,
                )
                uid += 1
                flank.start_size = flank.size
                flank.start_ships = spec.ships
                flank.start_morale = flank.morale = (
                    b["morale_per_soldier"] * flank.size * sv.morale_bonus.value
                )
                flank.status = IDLE if flank.size > 0 else INACTIVE
                if flank.size <= 0:
                    flank.routed = True
                self.flanks.append(flank)
        self.sides = [self._side_state(0, sides), self._side_state(1, sides)]
        self.disease_factors = [
            (
                params.ordered("Generation", sv.generation, "disease"),
                params.ordered("Secular cycle", sv.secular_cycle, "disease"),
                params.ordered("Medicine", sv.nation["medicine"], "disease"),
            )
            for sv in sides
        ]
        self.disease_table = {name: params.disease(name) for name in params.diseases}

    # -- setup ----

    def _unit_state(self, uv: UnitVariables, count: float) -> UnitState:
        return UnitState(
            uv.slot.role,
            uv.slot.unit,
            count,
            uv.efficiency.value,
            uv.limitation.value,
            uv.defense.value,
            uv.effectiveness.value,
        )

    def _side_state(self, side: int, sides: tuple[SideVariables, SideVariables]) -> SideState:
        sv = sides[side]
        climate = self.location["climate"]
        naval = climate == "Ocean"
        capacity = sv.capacity.value
        if naval:
            # Seed 004, Carrying capacity: at sea the capacity is the ships' total capacity; the
            # local population is the larger side's, the smaller side's Capacity scaled down.
            def ship_room(v: SideVariables) -> float:
                return v.ship_number * v.units["ship"].slot.unit.capacity

            local = max(ship_room(sides[0]), ship_room(sides[1]), 1.0)
            capacity = ship_room(sv) / local
        else:
            local = float(self.location["local_population"] or 0.0)
            if local < self.b["default_local_population_floor"]:
                local = self.params.climate_population(climate) or 0.0
        state = SideState(sv, capacity, local, naval=naval)
        state.start_size = sum(f.size for f in self.flanks if f.side == side)
        return state

    # -- events ----

    def emit(self, kind: str, text: str, **data: Any) -> None:
        event = BattleEvent(self.hour, kind, text, data)
        self.events.append(event)
        if self.on_event is not None:
            self.on_event(event)

    # -- geometry ----

    def feature(self, f: Flank) -> int:
        x = min(SIZE - 1, max(0, int(f.x)))
        y = min(SIZE - 1, max(0, int(f.y)))
        return self.rows[y][x]

    def nearest_enemy(self, f: Flank) -> tuple[Flank | None, float]:
        best: Flank | None = None
        best_d = math.inf
        for g in self.flanks:
            if g.side == f.side or g.routed:
                continue
            d = math.hypot(g.x - f.x, g.y - f.y)
            if d < best_d:
                best, best_d = g, d
        return best, best_d * self.px

    # -- the loop ----

    def run(self) -> BattleResult:
        max_hours = int(self.b["max_days"] * self.b["hours_per_day"])
        self.emit("battle-start", "The battle begins", flanks=[f.to_json() for f in self.flanks])
        while self.result is None:
            self.hour += 1
            self.step()
            self.result = self.check_end()
            if self.result is None and self.hour >= max_hours:
                self.result = self.time_limit()
        for f in self.flanks:
            if f.status in (READY, IDLE) and not f.routed:
                f.status = READY if f.status == READY else IDLE
        self.emit(
            "battle-end",
            f"The battle ends after {self.hour} hours: {self.result.reason}",
            winner=SIDE_NAMES[self.result.winner],
        )
        return self.result

    def step(self) -> None:
        """One hour (seed 004, Movement pseudocode)."""
        decisions: list[
            tuple[Flank, str, Flank | None, float, list[tuple[UnitState, int]], bool]
        ] = []
        for f in self.flanks:
            if f.routed:
                continue
            decisions.append(self.decide(f))
        flanking: dict[int, int] = {}
        for _, action, target, _, _, _ in decisions:
            if action == "attack" and target is not None:
                flanking[target.uid] = flanking.get(target.uid, 0) + 1
        for f, action, target, dist, ready, charging in decisions:
            if f.routed:
                continue
            if action == "attack" and target is not None:
                if target.routed:
                    continue  # seed: the others forfeit their attack
                self.attack(f, target, ready, flanking.get(target.uid, 1))
            else:
                self.move(f, target, dist, charging, retreat=action == "retreat")
        self.update_siege()
        for side in (0, 1):
            self.attrition(side)
            self.disease(side)

    # -- deciding ----

    def decide(
        self, f: Flank
    ) -> tuple[Flank, str, Flank | None, float, list[tuple[UnitState, int]], bool]:
        target, dist = self.nearest_enemy(f)
        if f.routing or target is None:
            return f, "move", target, dist, [], False
        on_water = self.feature(f) == WATER
        d_eff = max(0.0, dist - math.sqrt(max(target.size, 0.0)))
        members = [u for u in f.units if u.count > 0]
        if on_water:
            members.append(f.ship)
        ready: list[tuple[UnitState, int]] = []
        ready_size = 0.0
        total = 0.0
        for u in members:
            size = u.unit.capacity * f.ships if u.role == "ship" else u.count
            total += size
            if u.wait > 0:
                u.wait -= 1
                continue
            w = u.weapon(d_eff)
            if w >= 0:
                ready.append((u, w))
                ready_size += size
        if f.maneuver is Maneuver.HIT_AND_RUN and f.hr_retreat > 0:
            f.hr_retreat -= 1
            return f, "retreat", target, dist, [], False
        if f.maneuver in (Maneuver.POSITION, Maneuver.FEIGNED_RETREAT):
            # Charging does not apply: attack with whatever can, else keep to the maneuver.
            return f, ("attack" if ready else "move"), target, dist, ready, False
        if not ready:
            return f, "move", target, dist, [], False
        if ready_size >= total:
            return f, "attack", target, dist, ready, False
        shock = self.flank_shock(f, on_water)
        p = charge_probability(ready_size, total, shock)
        roll = float(self.rng.random())
        if roll < p:
            self.emit(
                "charge",
                f"{f.name} commits to a charge against {target.name}",
                flank=f.name,
                target=target.name,
                probability=round(p, 4),
                roll=round(roll, 4),
            )
            return f, "move", target, dist, [], True
        return f, "attack", target, dist, ready, False

    def flank_shock(self, f: Flank, on_water: bool) -> float:
        """The slowest member's shock; the ship's on water (seed 004, Composition; Navy)."""
        if on_water:
            return f.ship.unit.shock
        members = [u for u in f.units if u.count > 0]
        return min((u.unit.shock for u in members), default=f.ship.unit.shock)

    def flank_speed(self, f: Flank, feature: int) -> float:
        """km/h: the slowest member's speed times the terrain factor; the ship's on water."""
        if feature == WATER:
            return f.ship.unit.speed
        members = [u for u in f.units if u.count > 0]
        base = min((u.unit.speed for u in members), default=f.ship.unit.speed)
        return base * self.terrain_factors[feature]["speed"]

    # -- moving ----

    def move(
        self, f: Flank, target: Flank | None, dist_m: float, charging: bool, retreat: bool = False
    ) -> None:
        feature = self.feature(f)
        if f.routing:
            if target is None:
                return
            step = self.flank_speed(f, feature) * 500.0 / self.px  # half speed, km -> m
            self._step_away(f, target, step)
            self._jitter(f)
            if self._at_edge(f):
                self.full_rout(f, "reaches the edge of the map")
            return
        if target is None or f.maneuver is Maneuver.POSITION:
            return
        step = self.flank_speed(f, feature) * 1000.0 / self.px
        if f.maneuver is Maneuver.FEIGNED_RETREAT or retreat:
            self._step_away(f, target, step)
            self._jitter(f)
            return
        dist = dist_m / self.px
        optimal = (self.optimal_range(f) + math.sqrt(max(target.size, 0.0))) / self.px
        if step >= dist - optimal:
            advance = dist / 2 if charging else max(0.0, dist - optimal)
        else:
            advance = step * 2 if charging else step
        if advance > 0 and dist > 0:
            f.x += (target.x - f.x) / dist * min(advance, dist)
            f.y += (target.y - f.y) / dist * min(advance, dist)
        self._jitter(f)

    def optimal_range(self, f: Flank) -> float:
        """Metres at which every armed member can fire (the shortest of their longest ranges)."""
        ranges = [u.max_range for u in f.units if u.count > 0 and u.max_range > 0]
        return min(ranges) if ranges else f.ship.max_range

    def _step_away(self, f: Flank, target: Flank, step: float) -> None:
        dx, dy = f.x - target.x, f.y - target.y
        d = math.hypot(dx, dy)
        if d == 0:
            dx, dy, d = (-1.0 if f.side == 0 else 1.0), 0.0, 1.0
        f.x += dx / d * step
        f.y += dy / d * step

    def _jitter(self, f: Flank) -> None:
        """Seed 004, Movement: a random factor of +/-10 metres."""
        j = self.b["jitter_m"] / self.px
        f.x += (float(self.rng.random()) * 2.0 - 1.0) * j
        f.y += (float(self.rng.random()) * 2.0 - 1.0) * j
        f.x = min(SIZE - 1e-6, max(0.0, f.x))
        f.y = min(SIZE - 1e-6, max(0.0, f.y))

    def _at_edge(self, f: Flank) -> bool:
        return f.x <= 0.0 or f.y <= 0.0 or f.x >= SIZE - 1e-3 or f.y >= SIZE - 1e-3

    # -- attacking ----

    def flank_defense(self, f: Flank) -> float:
        """The best defense among the flank's units (the ship's counts on water)."""
        members = [u.defense for u in f.units if u.count > 0]
        if self.feature(f) == WATER or not members:
            members.append(f.ship.defense)
        return max(members)

    def attack(
        self, f: Flank, target: Flank, ready: list[tuple[UnitState, int]], flanking: int
    ) -> None:
        f.status = READY
        streak = f.streak.get(target.uid, 0)
        f.streak = {target.uid: streak + 1}
        if (
            f.maneuver is Maneuver.PILLAGING
            and not target.supply_cut
            and flanking >= 2
            and streak + 1 >= self.resilience(target)
        ):
            roll = float(self.rng.random())
            if roll <= self.b["pillage_chance"]:
                self.cut_supplies(f, target, roll)
                return
        feature = self.feature(f)
        at_sea = feature == WATER
        tfac = self.terrain_factors[feature]
        if (
            feature == HIGH
            and self.feature(target) != HIGH
            and target.uid not in f.high_ground_logged
        ):
            f.high_ground_logged.add(target.uid)
            self.emit(
                "high-ground",
                f"{f.name} has the higher ground over {target.name}",
                flank=f.name,
                target=target.name,
            )
        mercy = self.b["mercy_routing"] if target.routing else 1.0
        enemy_def = self.flank_defense(target)
        size = f.size
        killed = demoralised = 0.0
        for u, w in ready:
            if u.role == "ship":
                lim = u.limitation
                eff = u.efficiency
                bat = math.sqrt(max(0.0, u.unit.capacity * f.ships * lim))
            else:
                lim = min(1.0, u.limitation * (1.0 if at_sea else tfac["limitation"]))
                eff = min(1.0, u.efficiency * (1.0 if at_sea else tfac["efficiency"]))
                bat = battalion(u.count, lim, size, self.b["battalion_threshold"])
            r = float(self.rng.random()) * self.b["attack_random_max"]
            power = u.unit.power[w]
            killed += casualties(bat, u.effectiveness, power, eff, r, mercy, enemy_def)
            demoralised += morale_loss(
                bat, u.effectiveness, u.unit.psychology, power, flanking, eff, r, enemy_def
            )
            u.wait = int(u.unit.rebound)
        if f.maneuver is Maneuver.HIT_AND_RUN:
            f.hr_attacks += 1
            if f.hr_attacks >= int(self.b["hit_and_run_attack_rounds"]):
                f.hr_attacks = 0
                f.hr_retreat = int(self.b["hit_and_run_retreat_rounds"])
        self.emit(
            "attack",
            f"{f.name} attacks {target.name}: {killed:.0f} killed, {demoralised:.0f} demoralised",
            flank=f.name,
            target=target.name,
            killed=round(killed, 3),
            demoralised=round(demoralised, 3),
            flanking=flanking,
        )
        self.apply_losses(target, killed, demoralised, attacker=f)

    def resilience(self, f: Flank) -> int:
        members = [u for u in f.units if u.count > 0] or [f.ship]
        best = max(members, key=lambda u: self.logistics_rank[u.unit.logistics])
        return self.logistics_resilience[best.unit.logistics]

    def cut_supplies(self, f: Flank, target: Flank, roll: float) -> None:
        """Seed 004, Supply lines: the pillaging flank forfeits its attack to cut supplies."""
        target.supply_cut = True
        self.emit(
            "supply-cut",
            f"{f.name} cuts the supply lines of {target.name}",
            flank=f.name,
            target=target.name,
            roll=round(roll, 4),
        )
        side = self.sides[target.side]
        alive = [g for g in self.flanks if g.side == target.side and g.size > 0]
        if not side.supply_all_cut and all(g.supply_cut for g in alive):
            side.supply_all_cut = True
            side.capacity *= self.b["supply_cut_capacity_factor"]
            self.emit(
                "supply-all-cut",
                f"The {SIDE_NAMES[target.side].lower()}'s supply lines are completely cut off: "
                "Capacity reduced by 90%",
                side=SIDE_NAMES[target.side],
                capacity=side.capacity,
            )

    def apply_losses(
        self, target: Flank, killed: float, demoralised: float, attacker: Flank | None
    ) -> None:
        side = self.sides[target.side]
        size = target.size
        if size <= 0:
            return
        if killed >= size:
            # Seed 004, Attacking: a flank is never wiped out in one round; the rest are captured
            # (at sea: the ships are sunk and the crews lost with them).
            if self.feature(target) == WATER and target.ships > 0:
                target.killed += size
                side.killed += size
                target.sunk += target.ships
                side.sunk += target.ships
                self.emit(
                    "sunk",
                    f"All {target.ships} ships of {target.name} are sunk",
                    flank=target.name,
                    ships=target.ships,
                    personnel=round(size),
                )
                target.ships = 0
            else:
                target.captured += size
                side.captured += size
                self.emit(
                    "captured",
                    f"All remaining {size:.0f} troops of {target.name} are captured",
                    flank=target.name,
                    troops=round(size),
                )
            target.scale(0.0)
            target.morale = 0.0
            self.inactive(target)
            return
        per_soldier = target.morale / size
        target.morale = max(0.0, target.morale - (killed + demoralised) * per_soldier)
        target.killed += killed
        side.killed += killed
        target.scale((size - killed) / size)
        self.check_morale(target)

    def check_morale(self, f: Flank) -> None:
        """Seed 004, Attacking: rout below 30% of the starting morale, leave below 10%."""
        if f.routed:
            return
        if f.morale < self.b["leave_fraction"] * f.start_morale:
            self.full_rout(f, "has lost all will to fight")
        elif f.morale < self.b["rout_fraction"] * f.start_morale and not f.routing:
            f.routing = True
            f.status = RETREATING
            self.emit(
                "routing",
                f"{f.name} is starting to rout",
                flank=f.name,
                morale=round(f.morale),
                size=round(f.size),
            )

    def full_rout(self, f: Flank, why: str) -> None:
        f.routing = True
        f.routed = True
        f.status = ROUTED
        self.emit(
            "routed",
            f"{f.name} is fully routed ({why})",
            flank=f.name,
            morale=round(f.morale),
            size=round(f.size),
        )

    def inactive(self, f: Flank) -> None:
        f.routing = f.routed = True
        f.status = INACTIVE

    # -- attrition, supply, siege, disease ----

    def update_siege(self) -> None:
        """Seed 004, Sieging: every defending flank on Position, on high ground or cliffs, and
        fortifications present; once begun the siege lasts the battle."""
        if not self.siege:
            defenders = [f for f in self.flanks if f.side == 1 and not f.routed]
            if (
                defenders
                and self.location["fortifications"] != "none"
                and all(f.maneuver is Maneuver.POSITION for f in defenders)
                and all(self.feature(f) in (HIGH, CLIFFS) for f in defenders)
            ):
                self.siege = True
                self.emit(
                    "siege",
                    "The defenders are under siege",
                    siege_rate=self.sides[0].vars.siege_rate.value,
                )
        if self.siege:
            rate = self.sides[0].vars.siege_rate.value
            self.sides[1].capacity *= 1.0 - rate / 10.0

    def attrition(self, side: int) -> None:
        """Seed 004, Carrying capacity: the logistic attrition of a side above its capacity."""
        state = self.sides[side]
        alive = [f for f in self.flanks if f.side == side and not f.routed and f.size > 0]
        total = sum(f.size for f in alive)
        carrying = state.local_population * state.capacity
        if total <= 0:
            return
        ratio = total / carrying if carrying > 0 else 2.0
        if ratio <= 1.0:
            return
        for f in alive:
            r = float(self.rng.random()) * self.b["attrition_random_max"]
            lost = attrition_casualties(self.attrition_constant, r, f.size, ratio)
            self.natural_loss(f, lost, "natural attrition", ratio=round(min(ratio, 2.0), 4))

    def natural_loss(self, f: Flank, lost: float, cause: str, **data: Any) -> None:
        size = f.size
        lost = min(lost, size)
        if lost <= 0:
            return
        state = self.sides[f.side]
        per_soldier = f.morale / size
        f.morale = max(0.0, f.morale - lost * per_soldier)
        f.died += lost
        state.died += lost
        if cause == "disease":
            state.disease_deaths += lost
        f.scale((size - lost) / size)
        self.emit(
            "attrition" if cause != "disease" else "disease-deaths",
            f"{f.name} loses {lost:.0f} to {cause}",
            flank=f.name,
            lost=round(lost, 3),
            **data,
        )
        if f.size < 0.5:
            f.scale(0.0)
            self.emit("wiped-out", f"{f.name} is wiped out completely by {cause}", flank=f.name)
            self.inactive(f)
        else:
            self.check_morale(f)

    def disease(self, side: int) -> None:
        """Seed 004, Diseases: both sides' endemic diseases, one outbreak chance each, per hour."""
        state = self.sides[side]
        alive = [f for f in self.flanks if f.side == side and not f.routed and f.size > 0]
        total = sum(f.size for f in alive)
        if total <= 0:
            return
        own = state.vars.nation["disease"]
        gen, sec, medicine = self.disease_factors[side]
        for source in (self.sides[0].vars.nation["disease"], self.sides[1].vars.nation["disease"]):
            if source == "none":
                continue
            d = self.disease_table[source]
            p = outbreak_probability(
                d["outbreak"], total, max(state.vars.maximum_military, 1.0), gen, sec, source == own
            )
            u = float(self.rng.random())
            if u >= p:
                continue
            r = float(self.rng.random()) * self.b["disease_random_max"]
            lost = min(
                total,
                disease_casualties(
                    d["infectivity"], d["reproduction"], d["deadliness"], total, medicine, r
                ),
            )
            self.emit(
                "disease",
                f"An outbreak of {source} strikes the {SIDE_NAMES[side].lower()}",
                side=SIDE_NAMES[side],
                disease=source,
                probability=round(p, 6),
                roll=round(u, 6),
                casualties=round(lost, 3),
            )
            for f in alive:
                if not f.routed and total > 0:
                    self.natural_loss(f, lost * f.size / total, "disease")
            alive = [f for f in alive if not f.routed and f.size > 0]
            total = sum(f.size for f in alive)
            if total <= 0:
                return

    # -- the end ----

    def check_end(self) -> BattleResult | None:
        out = [all(f.routed for f in self.flanks if f.side == s) for s in (0, 1)]
        if out[0] and out[1]:
            winner = self._stronger()
            return BattleResult(winner, self.hour, "both sides routed in the same hour")
        if out[0]:
            return BattleResult(1, self.hour, "every attacking flank is routed")
        if out[1]:
            return BattleResult(0, self.hour, "every defending flank is routed")
        return None

    def _stronger(self) -> int:
        fractions = []
        for s in (0, 1):
            flanks = [f for f in self.flanks if f.side == s]
            start = sum(f.start_morale for f in flanks)
            fractions.append(sum(f.morale for f in flanks) / start if start else 0.0)
        return 0 if fractions[0] > fractions[1] else 1

    def time_limit(self) -> BattleResult:
        days = int(self.b["max_days"])
        return BattleResult(
            self._stronger(),
            self.hour,
            f"no side routed in {days} days; the side with more of its morale left holds the field",
        )

    def leader_training(self, side: int) -> float:
        """The weighted average of the side's units' tactical training (seed 004, Leader)."""
        flanks = [f for f in self.flanks if f.side == side]
        weight = sum(u.count for f in flanks for u in f.units)
        if weight <= 0:
            return float(self.sides[side].vars.units["ship"].slot.unit.tactical_training)
        return sum(u.count * u.unit.tactical_training for f in flanks for u in f.units) / weight

    def final_size(self, side: int) -> float:
        return sum(f.size for f in self.flanks if f.side == side)

    def morale(self, side: int) -> float:
        return sum(f.morale for f in self.flanks if f.side == side)
