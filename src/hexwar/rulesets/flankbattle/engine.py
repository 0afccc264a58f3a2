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
from functools import cache
from typing import Any

import numpy as np

from hexwar.core import exact
from hexwar.rulesets.flankbattle.flanks import FlankSpec, Maneuver
from hexwar.rulesets.flankbattle.params import Parameters, UnitType
from hexwar.rulesets.flankbattle.schema import Row
from hexwar.rulesets.flankbattle.terrain import CLIFFS, FEATURES, HIGH, SIZE, WATER, Grid
from hexwar.rulesets.flankbattle.variables import SideVariables, UnitVariables

__all__ = [
    "Battle",
    "BattleEvent",
    "Flank",
    "HourRecord",
    "SideState",
    "battalion",
    "casualties",
    "morale_loss",
]

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
        exact.log2(infectivity * reproduction * deadliness + 1.0)
        * (size / 500.0)
        * medicine
        * random_number
    )


def grid_rows(grid: Grid) -> list[bytes]:
    """The grid as one bytes object per row: the fastest lookup of a feature in Python."""
    return [bytes(row) for row in np.asarray(grid, dtype=np.uint8)]


# From this many flanks in the battle, the nearest enemies of the hour are found with one numpy
# distance matrix; below it a plain loop is faster (numpy's per-call overhead dominates).
NUMPY_NEAREST_MIN_FLANKS = 14

_POSITION = Maneuver.POSITION
_FEIGNED = Maneuver.FEIGNED_RETREAT
_HIT_AND_RUN = Maneuver.HIT_AND_RUN
_PILLAGING = Maneuver.PILLAGING


@cache
def _unit_profile(unit: UnitType) -> tuple[float, int, tuple[tuple[float, float, int], ...]]:
    """A unit type's longest armed range, rebound in whole hours, and its weapons as (minimum
    range, range, index): seed 004, Unit (Range) -- a disabled weapon's range is the minimum
    range of the next one up."""
    armed = [r for r, p in zip(unit.ranges, unit.power, strict=True) if p > 0]
    low = 0.0
    weapons: list[tuple[float, float, int]] = []
    for i, (r, p) in enumerate(zip(unit.ranges, unit.power, strict=True)):
        if p <= 0:
            low = max(low, r)
        else:
            weapons.append((low, r, i))
    return (max(armed) if armed else 0.0), int(unit.rebound), tuple(weapons)


@dataclass(slots=True)
class UnitState:
    """One unit type of a flank (or its ships) during the battle.

    The values read every hour are copied out of the unit type once: the rebound, the
    weapons (:func:`_unit_profile`); the battle sets the logistics rank and resilience and the
    terrain-adjusted limitation and efficiency.
    """

    role: str
    unit: UnitType
    count: float
    efficiency: float
    limitation: float
    defense: float
    effectiveness: float
    wait: int = 0
    max_range: float = 0.0
    rebound: int = 0
    logistics_rank: float = 0.0
    resilience: int = 1
    weapons: tuple[tuple[float, float, int], ...] = ()
    # (limitation, efficiency) adjusted for the terrain feature the unit attacks from
    on_terrain: tuple[tuple[float, float], ...] = ()

    def __post_init__(self) -> None:
        self.max_range, self.rebound, self.weapons = _unit_profile(self.unit)

    def weapon(self, distance: float) -> int:
        """Seed 004, Unit (Range): the weapon that reaches ``distance``; -1 if none."""
        for low, high, i in self.weapons:
            if low <= distance <= high:
                return i
        return -1


@dataclass(slots=True)
class Flank:
    """One flank in the battle.

    ``size`` is kept by :meth:`scale` (losses are the only way it changes) and ``feat``, the
    terrain feature under the flank, by the battle whenever the flank moves. The members'
    combined values (seed 004, Composition) are worked out once, and again only if a unit type
    dies out: the slowest member's speed and shock, the best defense, the shortest of the armed
    members' longest ranges, and the resilience of the most advanced logistics.
    """

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
    streak_target: int = -1  # the enemy this flank last attacked, and for how many rounds
    streak: int = 0
    hr_attacks: int = 0
    hr_retreat: int = 0
    killed: float = 0.0
    captured: float = 0.0
    died: float = 0.0
    sunk: int = 0
    high_ground_logged: set[int] = field(default_factory=set)
    uid: int = 0
    size: float = 0.0
    feat: int = 0
    name: str = ""
    members: list[UnitState] = field(default_factory=list)
    land_speed: float = 0.0
    land_shock: float = 0.0
    land_defense: float | None = None  # None: no land units left, the ship's defense counts
    optimal: float = 0.0  # metres at which every armed member can fire
    resilience: int = 1  # rounds of attack needed to cut its supplies

    def __post_init__(self) -> None:
        self.name = f"{SIDE_NAMES[self.side]} flank {self.index + 1}"
        self._measure()
        self._compose()

    def _measure(self) -> None:
        total = self.ship.count
        for u in self.units:
            total += u.count
        self.size = total

    def _compose(self) -> None:
        members = [u for u in self.units if u.count > 0]
        ship = self.ship
        self.members = members
        self.land_speed = min((u.unit.speed for u in members), default=ship.unit.speed)
        self.land_shock = min((u.unit.shock for u in members), default=ship.unit.shock)
        self.land_defense = max((u.defense for u in members), default=None)
        ranges = [u.max_range for u in members if u.max_range > 0]
        self.optimal = min(ranges) if ranges else ship.max_range
        best = max(members or [ship], key=lambda u: u.logistics_rank)
        self.resilience = best.resilience

    def scale(self, factor: float) -> None:
        """Losses keep the unit proportions (seed 004, Composition)."""
        for u in self.units:
            u.count *= factor
        self.ship.count *= factor
        self._measure()
        if factor <= 0.0 or any(u.count <= 0 for u in self.members):
            self._compose()

    def defense_on(self, feature: int) -> float:
        """The best defense among the flank's units (the ship's counts on water)."""
        land = self.land_defense
        if land is None:
            return self.ship.defense
        if feature == WATER:
            return max(land, self.ship.defense)
        return land

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


@dataclass(frozen=True, slots=True)
class HourRecord:
    """The battle after one hour (hour 0: the start): each flank's men, morale, position (map
    pixels) and status, in the order of ``Battle.flanks`` -- for plots and the moderator's
    hour-by-hour view."""

    hour: int
    men: tuple[float, ...]
    morale: tuple[float, ...]
    places: tuple[tuple[float, float], ...]
    status: tuple[str, ...]


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


Ready = list[tuple[UnitState, int]]
# A flank's decision for the hour: (flank, "attack" | "move" | "retreat", nearest enemy,
# distance in metres, the units ready to attack with their weapons, charging?)
Decision = tuple[Flank, str, Flank | None, float, Ready, bool]


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
        self._random = rng.random
        self.grid = grid
        self.rows = rows if rows is not None else grid_rows(grid)
        # (speed, limitation, efficiency) factors of each terrain feature
        self.terrain = [
            (t["speed"], t["limitation"], t["efficiency"])
            for t in (params.terrain(name) for name in FEATURES)
        ]
        self.location = location
        self.on_event = on_event
        self.events: list[BattleEvent] = []
        self.hour = 0
        # The flanks at the start (hour 0) and after every hour.
        self.hourly: list[HourRecord] = []
        self.siege = False
        self.result: BattleResult | None = None
        self.px = b["metres_per_pixel"]
        self.attrition_constant = params.ordered("Attrition", location["attrition"], "attrition")
        self.fortified = location["fortifications"] != "none"
        # The battle constants read every hour, once.
        self.jitter_px = b["jitter_m"] / self.px
        self.mercy_routing = b["mercy_routing"]
        self.battalion_threshold = b["battalion_threshold"]
        self.attack_random_max = b["attack_random_max"]
        self.attrition_random_max = b["attrition_random_max"]
        self.disease_random_max = b["disease_random_max"]
        self.pillage_chance = b["pillage_chance"]
        self.rout_fraction = b["rout_fraction"]
        self.leave_fraction = b["leave_fraction"]
        self.hr_attack_rounds = int(b["hit_and_run_attack_rounds"])
        self.hr_retreat_rounds = int(b["hit_and_run_retreat_rounds"])
        self.logistics = {
            name: (
                params.ordered("Logistics", name, "rank"),
                int(params.ordered("Logistics", name, "resilience")),
            )
            for name in params.values("Logistics")
        }
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
                flank.feat = self.feature(flank)
                flank.start_size = flank.size
                flank.start_ships = spec.ships
                flank.start_morale = flank.morale = (
                    b["morale_per_soldier"] * flank.size * sv.morale_bonus.value
                )
                flank.status = IDLE if flank.size > 0 else INACTIVE
                if flank.size <= 0:
                    flank.routed = True
                self.flanks.append(flank)
        self.side_flanks = (
            [f for f in self.flanks if f.side == 0],
            [f for f in self.flanks if f.side == 1],
        )
        self.sides = [self._side_state(0, sides), self._side_state(1, sides)]
        self.siege_rate = sides[0].siege_rate.value
        # Seed 004, Diseases: both sides' endemic diseases ("none" skipped) strike each side.
        self.diseases: list[list[tuple[str, dict[str, float], bool]]] = []
        self.disease_factors: list[tuple[float, float, float, float]] = []
        for sv in sides:
            own = sv.nation["disease"]
            self.diseases.append(
                [
                    (source, params.disease_table[source], source == own)
                    for source in (sides[0].nation["disease"], sides[1].nation["disease"])
                    if source != "none"
                ]
            )
            self.disease_factors.append(
                (
                    params.ordered("Generation", sv.generation, "disease"),
                    params.ordered("Secular cycle", sv.secular_cycle, "disease"),
                    params.ordered("Medicine", sv.nation["medicine"], "disease"),
                    max(sv.maximum_military, 1.0),
                )
            )

    # -- setup ----

    def _unit_state(self, uv: UnitVariables, count: float) -> UnitState:
        state = UnitState(
            uv.slot.role,
            uv.slot.unit,
            count,
            uv.efficiency.value,
            uv.limitation.value,
            uv.defense.value,
            uv.effectiveness.value,
        )
        state.logistics_rank, state.resilience = self.logistics[uv.slot.unit.logistics]
        # Seed 004, Attacking: terrain adjusts limitation and efficiency (not at sea).
        state.on_terrain = tuple(
            (
                min(1.0, state.limitation * (1.0 if feature == WATER else lim)),
                min(1.0, state.efficiency * (1.0 if feature == WATER else eff)),
            )
            for feature, (_, lim, eff) in enumerate(self.terrain)
        )
        return state

    def _side_state(self, side: int, sides: tuple[SideVariables, SideVariables]) -> SideState:
        sv = sides[side]
        climate = self.location["climate"]
        capacity = sv.capacity.value
        if climate == "Ocean":
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
        state = SideState(sv, capacity, local)
        state.start_size = exact.sum_left(f.size for f in self.side_flanks[side])
        return state

    # -- events ----

    def emit(self, kind: str, text: str, **data: Any) -> None:
        event = BattleEvent(self.hour, kind, text, data)
        self.events.append(event)
        if self.on_event is not None:
            self.on_event(event)

    # -- geometry ----

    def feature(self, f: Flank) -> int:
        """The terrain feature under the flank's position (kept in ``f.feat`` as it moves)."""
        x = min(SIZE - 1, max(0, int(f.x)))
        y = min(SIZE - 1, max(0, int(f.y)))
        return self.rows[y][x]

    def nearest_enemy(self, f: Flank) -> tuple[Flank | None, float]:
        """The nearest enemy flank still in the battle and its distance in metres."""
        best: Flank | None = None
        best_d = math.inf
        fx, fy = f.x, f.y
        for g in self.side_flanks[1 - f.side]:
            if g.routed:
                continue
            d = math.hypot(g.x - fx, g.y - fy)
            if d < best_d:
                best, best_d = g, d
        return best, best_d * self.px

    def nearest_enemies(self, active: list[Flank]) -> list[tuple[Flank | None, float]]:
        """:meth:`nearest_enemy` of every flank in ``active`` (the flanks still in the battle),
        from the positions at the start of the hour. In a large battle one numpy distance
        matrix replaces the pairwise loop; the first of equally near enemies is chosen either
        way, and the distance is the same ``math.hypot``."""
        if len(active) < NUMPY_NEAREST_MIN_FLANKS:
            return [self.nearest_enemy(f) for f in active]
        xs = np.fromiter((f.x for f in active), dtype=np.float64, count=len(active))
        ys = np.fromiter((f.y for f in active), dtype=np.float64, count=len(active))
        sides = np.fromiter((f.side for f in active), dtype=np.int8, count=len(active))
        dx = xs[None, :] - xs[:, None]
        dy = ys[None, :] - ys[:, None]
        d2 = dx * dx + dy * dy
        d2[sides[:, None] == sides[None, :]] = math.inf
        nearest = d2.argmin(axis=1)
        found = np.isfinite(d2[np.arange(len(active)), nearest]).tolist()
        out: list[tuple[Flank | None, float]] = []
        for f, j, ok in zip(active, nearest.tolist(), found, strict=True):
            if not ok:
                out.append((None, math.inf))
                continue
            g = active[j]
            out.append((g, math.hypot(g.x - f.x, g.y - f.y) * self.px))
        return out

    # -- the loop ----

    def run(self) -> BattleResult:
        max_hours = int(self.b["max_days"] * self.b["hours_per_day"])
        self.emit("battle-start", "The battle begins", flanks=[f.to_json() for f in self.flanks])
        self.record_hour()
        while self.result is None:
            self.hour += 1
            self.step()
            self.record_hour()
            self.result = self.check_end()
            if self.result is None and self.hour >= max_hours:
                self.result = self.time_limit()
        self.emit(
            "battle-end",
            f"The battle ends after {self.hour} hours: {self.result.reason}",
            winner=SIDE_NAMES[self.result.winner],
        )
        return self.result

    def record_hour(self) -> None:
        flanks = self.flanks
        self.hourly.append(
            HourRecord(
                self.hour,
                tuple(f.size for f in flanks),
                tuple(f.morale for f in flanks),
                tuple((f.x, f.y) for f in flanks),
                tuple(f.status for f in flanks),
            )
        )

    def step(self) -> None:
        """One hour (seed 004, Movement pseudocode)."""
        active = [f for f in self.flanks if not f.routed]
        decisions = [
            self.decide(f, target, dist)
            for f, (target, dist) in zip(active, self.nearest_enemies(active), strict=True)
        ]
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
            alive = self.alive(side)
            if self.attrition(side, alive):
                alive = self.alive(side)
            self.disease(side, alive)

    # -- deciding ----

    def decide(self, f: Flank, target: Flank | None, dist: float) -> Decision:
        """Move or attack (seed 004, Movement), given the nearest enemy and its distance."""
        if f.routing or target is None:
            return f, "move", target, dist, [], False
        on_water = f.feat == WATER
        d_eff = max(0.0, dist - math.sqrt(max(target.size, 0.0)))
        ready: Ready = []
        ready_size = 0.0
        total = 0.0
        for u in [*f.members, f.ship] if on_water else f.members:
            size = u.unit.capacity * f.ships if u.role == "ship" else u.count
            total += size
            if u.wait > 0:
                u.wait -= 1
                continue
            w = u.weapon(d_eff)
            if w >= 0:
                ready.append((u, w))
                ready_size += size
        maneuver = f.maneuver
        if maneuver is _HIT_AND_RUN and f.hr_retreat > 0:
            f.hr_retreat -= 1
            return f, "retreat", target, dist, [], False
        if maneuver is _POSITION or maneuver is _FEIGNED:
            # Charging does not apply: attack with whatever can, else keep to the maneuver.
            return f, ("attack" if ready else "move"), target, dist, ready, False
        if not ready:
            return f, "move", target, dist, [], False
        if ready_size >= total:
            return f, "attack", target, dist, ready, False
        shock = self.flank_shock(f, on_water)
        p = charge_probability(ready_size, total, shock)
        roll = self._random()
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
        return f.ship.unit.shock if on_water else f.land_shock

    def flank_speed(self, f: Flank, feature: int) -> float:
        """km/h: the slowest member's speed times the terrain factor; the ship's on water."""
        if feature == WATER:
            return f.ship.unit.speed
        return f.land_speed * self.terrain[feature][0]

    # -- moving ----

    def move(
        self, f: Flank, target: Flank | None, dist_m: float, charging: bool, retreat: bool = False
    ) -> None:
        feature = f.feat
        if f.routing:
            if target is None:
                return
            step = self.flank_speed(f, feature) * 500.0 / self.px  # half speed, km -> m
            self._step_away(f, target, step)
            self._jitter(f)
            if self._at_edge(f):
                self.full_rout(f, "reaches the edge of the map")
            return
        if target is None or f.maneuver is _POSITION:
            return
        step = self.flank_speed(f, feature) * 1000.0 / self.px
        if f.maneuver is _FEIGNED or retreat:
            self._step_away(f, target, step)
            self._jitter(f)
            return
        dist = dist_m / self.px
        optimal = (f.optimal + math.sqrt(max(target.size, 0.0))) / self.px
        if step >= dist - optimal:
            advance = dist / 2 if charging else max(0.0, dist - optimal)
        else:
            advance = step * 2 if charging else step
        if advance > 0 and dist > 0:
            f.x += (target.x - f.x) / dist * min(advance, dist)
            f.y += (target.y - f.y) / dist * min(advance, dist)
        self._jitter(f)

    def _step_away(self, f: Flank, target: Flank, step: float) -> None:
        dx, dy = f.x - target.x, f.y - target.y
        d = math.hypot(dx, dy)
        if d == 0:
            dx, dy, d = (-1.0 if f.side == 0 else 1.0), 0.0, 1.0
        f.x += dx / d * step
        f.y += dy / d * step

    def _jitter(self, f: Flank) -> None:
        """Seed 004, Movement: a random factor of +/-10 metres; every move ends here, so the
        flank's terrain feature is brought up to date here."""
        j = self.jitter_px
        f.x += (self._random() * 2.0 - 1.0) * j
        f.y += (self._random() * 2.0 - 1.0) * j
        f.x = x = min(SIZE - 1e-6, max(0.0, f.x))
        f.y = y = min(SIZE - 1e-6, max(0.0, f.y))
        f.feat = self.rows[int(y)][int(x)]

    def _at_edge(self, f: Flank) -> bool:
        return f.x <= 0.0 or f.y <= 0.0 or f.x >= SIZE - 1e-3 or f.y >= SIZE - 1e-3

    # -- attacking ----

    def attack(self, f: Flank, target: Flank, ready: Ready, flanking: int) -> None:
        f.status = READY
        if f.streak_target == target.uid:
            f.streak += 1
        else:
            f.streak_target, f.streak = target.uid, 1
        if (
            f.maneuver is _PILLAGING
            and not target.supply_cut
            and flanking >= 2
            and f.streak >= self.resilience(target)
        ):
            roll = self._random()
            if roll <= self.pillage_chance:
                self.cut_supplies(f, target, roll)
                return
        feature = f.feat
        if feature == HIGH and target.feat != HIGH and target.uid not in f.high_ground_logged:
            f.high_ground_logged.add(target.uid)
            self.emit(
                "high-ground",
                f"{f.name} has the higher ground over {target.name}",
                flank=f.name,
                target=target.name,
            )
        mercy = self.mercy_routing if target.routing else 1.0
        enemy_def = target.defense_on(target.feat)
        size = f.size
        killed = demoralised = 0.0
        for u, w in ready:
            if u.role == "ship":
                lim = u.limitation
                eff = u.efficiency
                bat = math.sqrt(max(0.0, u.unit.capacity * f.ships * lim))
            else:
                lim, eff = u.on_terrain[feature]
                bat = battalion(u.count, lim, size, self.battalion_threshold)
            r = self._random() * self.attack_random_max
            power = u.unit.power[w]
            killed += casualties(bat, u.effectiveness, power, eff, r, mercy, enemy_def)
            demoralised += morale_loss(
                bat, u.effectiveness, u.unit.psychology, power, flanking, eff, r, enemy_def
            )
            u.wait = u.rebound
        if f.maneuver is _HIT_AND_RUN:
            f.hr_attacks += 1
            if f.hr_attacks >= self.hr_attack_rounds:
                f.hr_attacks = 0
                f.hr_retreat = self.hr_retreat_rounds
        self.emit(
            "attack",
            f"{f.name} attacks {target.name}: {killed:.0f} killed, {demoralised:.0f} demoralised",
            flank=f.name,
            target=target.name,
            killed=round(killed, 3),
            demoralised=round(demoralised, 3),
            flanking=flanking,
        )
        self.apply_losses(target, killed, demoralised)

    def resilience(self, f: Flank) -> int:
        """Rounds of attack needed to cut the flank's supplies: the resilience of its most
        advanced logistics (seed 004, Composition; Supply lines)."""
        return f.resilience

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
        alive = [g for g in self.side_flanks[target.side] if g.size > 0]
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

    def apply_losses(self, target: Flank, killed: float, demoralised: float) -> None:
        side = self.sides[target.side]
        size = target.size
        if size <= 0:
            return
        if killed >= size:
            # Seed 004, Attacking: a flank is never wiped out in one round; the rest are captured
            # (at sea: the ships are sunk and the crews lost with them).
            if target.feat == WATER and target.ships > 0:
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
        if target.feat == WATER and target.ships > 0:
            self.sink(target, killed)
        self.check_morale(target)

    def sink(self, target: Flank, killed: float) -> None:
        """Ships go down with their complement (seed 004, Navy; docs/rulings/flankbattle.md).

        A flank's ships carry its men in equal shares (its starting size over its starting
        ships); after losses in a fight on water it keeps only the ships its survivors still
        fill (rounded up), the others are sunk. The ship battalion, sqrt(Capacity*Ship Number*
        Limitation), and the flank's room at sea shrink with them.
        """
        if target.start_ships <= 0 or target.start_size <= 0:
            return
        complement = target.start_size / target.start_ships
        # Rounded up: the survivors (some are left: a flank wiped out is sunk whole) fill at
        # least one ship; the tolerance only absorbs the rounding of whole shiploads.
        afloat = min(target.ships, max(1, math.ceil(target.size / complement - 1e-9)))
        lost = target.ships - afloat
        if lost <= 0:
            return
        target.ships = afloat
        target.sunk += lost
        self.sides[target.side].sunk += lost
        self.emit(
            "sunk",
            f"{lost} ship{'s' if lost != 1 else ''} of {target.name} sunk ({afloat} afloat)",
            flank=target.name,
            ships=lost,
            afloat=afloat,
            killed=round(killed, 3),
        )

    def check_morale(self, f: Flank) -> None:
        """Seed 004, Attacking: rout below 30% of the starting morale, leave below 10%."""
        if f.routed:
            return
        if f.morale < self.leave_fraction * f.start_morale:
            self.full_rout(f, "has lost all will to fight")
        elif f.morale < self.rout_fraction * f.start_morale and not f.routing:
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
        if not self.siege and self.fortified:
            defenders = [f for f in self.side_flanks[1] if not f.routed]
            if (
                defenders
                and all(f.maneuver is _POSITION for f in defenders)
                and all(f.feat in (HIGH, CLIFFS) for f in defenders)
            ):
                self.siege = True
                self.emit("siege", "The defenders are under siege", siege_rate=self.siege_rate)
        if self.siege:
            self.sides[1].capacity *= 1.0 - self.siege_rate / 10.0

    def alive(self, side: int) -> list[Flank]:
        """The side's flanks still in the battle with men in them."""
        return [f for f in self.side_flanks[side] if not f.routed and f.size > 0]

    def attrition(self, side: int, alive: list[Flank] | None = None) -> bool:
        """Seed 004, Carrying capacity: the logistic attrition of a side above its capacity.
        True if any flank was struck."""
        state = self.sides[side]
        if alive is None:
            alive = self.alive(side)
        total = exact.sum_left(f.size for f in alive)
        carrying = state.local_population * state.capacity
        if total <= 0:
            return False
        ratio = total / carrying if carrying > 0 else 2.0
        if ratio <= 1.0:
            return False
        for f in alive:
            r = self._random() * self.attrition_random_max
            lost = attrition_casualties(self.attrition_constant, r, f.size, ratio)
            self.natural_loss(f, lost, "natural attrition", ratio=round(min(ratio, 2.0), 4))
        return True

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

    def disease(self, side: int, alive: list[Flank] | None = None) -> None:
        """Seed 004, Diseases: both sides' endemic diseases, one outbreak chance each, per hour."""
        sources = self.diseases[side]
        if not sources:
            return
        if alive is None:
            alive = self.alive(side)
        total = exact.sum_left(f.size for f in alive)
        if total <= 0:
            return
        gen, sec, medicine, maximum = self.disease_factors[side]
        for source, d, familiar in sources:
            p = outbreak_probability(d["outbreak"], total, maximum, gen, sec, familiar)
            u = self._random()
            if u >= p:
                continue
            r = self._random() * self.disease_random_max
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
            total = exact.sum_left(f.size for f in alive)
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
            start = exact.sum_left(f.start_morale for f in flanks)
            fractions.append(exact.sum_left(f.morale for f in flanks) / start if start else 0.0)
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
        weight = exact.sum_left(u.count for f in flanks for u in f.units)
        if weight <= 0:
            return float(self.sides[side].vars.units["ship"].slot.unit.tactical_training)
        return (
            exact.sum_left(u.count * u.unit.tactical_training for f in flanks for u in f.units)
            / weight
        )

    def final_size(self, side: int) -> float:
        return exact.sum_left(f.size for f in self.flanks if f.side == side)

    def morale(self, side: int) -> float:
        return exact.sum_left(f.morale for f in self.flanks if f.side == side)
