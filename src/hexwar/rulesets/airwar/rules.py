"""The rules of the air war games as pure functions on a :class:`Position` (seed 001, §2).

A position is everything both players know between stages: the board, the cities with their
holders, the units of both colours, the cycle. Sealed orders are checked against it
(:func:`check_cities`, :func:`check_units`, :func:`check_moves`, :func:`check_fire`, each
raising :class:`IllegalOrderError` naming the paragraph it enforces) and carried out by
:func:`apply_moves`, :func:`resolve_fire`, :func:`update_holders` and :func:`produce`.

Control and possession (§2.1): "A city is controlled by a player until the opponent has
uncontested fighting units in the city" and "is possessed by whichever player last had
uncontested occupation of it". Judged at the same moments (after the moves are revealed and
after the dead are removed) the two always name the same player, so a city keeps one
``holder`` (docs/rulings/airwar.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hexwar.core.errors import IllegalOrderError
from hexwar.core.hexes import Hex
from hexwar.rulesets.airwar.board import SIDES, Geometry, geometry, other
from hexwar.rulesets.airwar.orders import AirwarOrder
from hexwar.rulesets.airwar.scenario import AirwarScenario, PlayerRules

__all__ = [
    "MAX_STACK",
    "City",
    "Position",
    "apply_moves",
    "check_cities",
    "check_fire",
    "check_moves",
    "check_units",
    "resolve_fire",
]

MAX_STACK = 3  # "no more than three units of the same color on any field" (§2.0, §2.1)
CITY_SEPARATION = 5  # "two cities are separated by at least four fields": distance >= 5
BOUNDARY_SEPARATION = 2  # "separated from any boundary by at least two fields"
KILL_FIRE = 2  # "It takes two directed units of fire power to kill one enemy unit" (§2.3)


@dataclass(slots=True)
class City:
    """A city and its airport. ``owner`` placed nothing: it is the player whose city it is."""

    field: Hex
    airport: Hex
    owner: str
    productive: bool
    holder: str  # controls and possesses it (module docstring)
    changed: int | None = None  # cycle in which the holder last changed (None: never)
    streak: int = 0  # complete cycles the holder has possessed it uncontested (§2.5)
    eligible: bool = False  # a captured city whose delay is over (unsymmetric, §2.5)
    contested_now: bool = False  # contested at some moment of the current cycle

    def to_json(self, geo: Geometry) -> dict[str, Any]:
        return {
            "field": geo.label(self.field),
            "airport": geo.label(self.airport),
            "owner": self.owner,
            "productive": self.productive,
            "holder": self.holder,
            "changed": self.changed,
            "streak": self.streak,
            "eligible": self.eligible,
            "contested_now": self.contested_now,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], geo: Geometry) -> City:
        return cls(
            geo.parse(data["field"]),
            geo.parse(data["airport"]),
            str(data["owner"]),
            bool(data["productive"]),
            str(data["holder"]),
            data["changed"],
            int(data["streak"]),
            bool(data["eligible"]),
            bool(data["contested_now"]),
        )


@dataclass(slots=True)
class Position:
    """What both players know between stages."""

    scenario: AirwarScenario
    geo: Geometry
    cycle: int = 0
    cities: list[City] = field(default_factory=list)
    units: dict[str, dict[Hex, int]] = field(default_factory=lambda: {s: {} for s in SIDES})
    transports_left: dict[str, int] = field(default_factory=dict)

    @classmethod
    def start(cls, scenario: AirwarScenario) -> Position:
        geo = geometry(scenario.board)
        pos = cls(scenario, geo)
        pos.transports_left = {s: scenario.players[s].double_transports for s in SIDES}
        for spec in scenario.preassigned_cities:
            city = geo.parse(spec.field)
            airport = geo.airport_of(city, spec.owner)
            if airport is None:  # pragma: no cover - bundled data keeps airports on the board
                raise IllegalOrderError(f"city {spec.field} has no airport on the board")
            changed = None if spec.possessor == spec.owner else 0
            pos.cities.append(
                City(city, airport, spec.owner, spec.productive, spec.possessor, changed)
            )
        return pos

    def rules(self, side: str) -> PlayerRules:
        return self.scenario.players[side]

    # -- reading the position ------------------------------------------------------------

    def count(self, side: str, h: Hex) -> int:
        return self.units[side].get(h, 0)

    def total(self, side: str) -> int:
        return sum(self.units[side].values())

    def city_at(self, h: Hex) -> City | None:
        for c in self.cities:
            if c.field == h:
                return c
        return None

    def airport_at(self, h: Hex) -> City | None:
        for c in self.cities:
            if c.airport == h:
                return c
        return None

    def occupied_by_both(self, h: Hex) -> bool:
        return self.count("1", h) > 0 and self.count("2", h) > 0

    def contested(self, h: Hex) -> bool:
        """§2.1: "occupied by units belonging to both players or ... an airport and the
        adjacent city is contested"."""
        if self.occupied_by_both(h):
            return True
        city = self.airport_at(h)
        return city is not None and self.occupied_by_both(city.field)

    def controlled_points(self, side: str) -> set[Hex]:
        """Cities and airports ``side`` controls."""
        out: set[Hex] = set()
        for c in self.cities:
            if c.holder == side:
                out.add(c.field)
                out.add(c.airport)
        return out

    def no_flight_zone(self, side: str) -> set[Hex]:
        """Where a single flown unit of ``side`` may not land: on or adjacent to a city or
        airport controlled by the opponent (§2.1)."""
        zone: set[Hex] = set()
        for p in self.controlled_points(other(side)):
            zone.update(self.geo.adjacent(p))
        return zone

    def flight_airports(self, side: str) -> list[City]:
        """Cities whose airport ``side`` may fly from now: controlled by ``side``, the
        airport uncontested and holding a unit of ``side`` (§2.1)."""
        return [
            c
            for c in self.cities
            if c.holder == side
            and self.count(side, c.airport) > 0
            and not self.contested(c.airport)
        ]

    def attack_restricted(self, side: str) -> bool:
        """Whether ``side`` is still barred from attacking in this cycle (§3.2.2, §3)."""
        return self.cycle <= self.rules(side).no_attack_cycles

    def forbidden_targets(self, side: str) -> frozenset[Hex]:
        """Fields ``side`` may neither enter nor fire on while barred from attacking."""
        if not self.attack_restricted(side):
            return frozenset()
        foe = other(side)
        if self.rules(side).no_attack == "territory":
            return self.geo.territory[foe] - self.geo.no_mans_land
        return frozenset(p for c in self.cities if c.owner == foe for p in (c.field, c.airport))

    def must_fire_here(self, h: Hex) -> bool:
        """§2.3: units on a contested field fire on it, except on an airport contested only
        because its city is."""
        return self.occupied_by_both(h)


def _refuse(message: str, rule: str, order: object = None) -> IllegalOrderError:
    return IllegalOrderError(message, rule=rule, order=order)


def _field(pos: Position, label: str, what: str, order: object) -> Hex:
    try:
        return pos.geo.parse(label)
    except ValueError as exc:
        raise _refuse(f"{what}: {exc}", "§3 the board", order) from None


# -- the initial stage (§2.0) ---------------------------------------------------------------


def city_site_problem(pos: Position, h: Hex, owner: str) -> str | None:
    """Why a city of ``owner`` may not stand on ``h`` (None if it may), §2.0 and §3."""
    geo = pos.geo
    label = geo.label(h)
    if h not in geo.home[owner]:
        return f"{label} is not in player {owner}'s territory (outside no-man's-land)"
    airport = geo.airport_of(h, owner)
    if airport is None or airport not in geo.home[owner]:
        return f"the airport of a city on {label} would leave player {owner}'s territory"
    for what, f in (("city", h), ("airport", airport)):
        if geo.boundaries(f, owner).nearest() < BOUNDARY_SEPARATION:
            return (
                f"the {what} {geo.label(f)} is separated from a boundary by fewer than two fields"
            )
    if geo.distance_to(h, geo.no_mans_land) < 2:
        return f"{label} is not separated from no-man's-land by at least one field"
    return None


def _ordinal(k: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def productive_flags(pos: Position, fields: list[Hex], owner: str) -> list[bool] | str:
    """Which of ``owner``'s placed cities receive production, or why the placement breaks
    the variant's production rule (§3.1.1, §3.1.2, §3.2.1, §3.2.2, small boards)."""
    rules = pos.rules(owner)
    n = rules.productive
    if rules.productive_rule in ("all", "announced"):
        return [True] * len(fields)
    seps = [pos.geo.back_separation(h, owner) for h in fields]
    if rules.productive_rule == "range":
        lo, hi = rules.productive_back_separation or (0, 0)  # the scenario model requires it
        flags = [lo <= s <= hi for s in seps]
        if sum(flags) != n:
            span = f"{lo}" if lo == hi else f"{lo} or {hi}"
            return (
                f"exactly {n} cities must be separated by {span} fields from player {owner}'s "
                f"back boundary (these are the productive ones); {sum(flags)} are"
            )
        return flags
    order = sorted(range(len(fields)), key=lambda i: seps[i])
    if n < len(fields) and seps[order[n - 1]] == seps[order[n]]:
        return (
            f"the {n} cities nearest player {owner}'s back boundary are the productive ones, "
            f"but the {_ordinal(n)} and {_ordinal(n + 1)} are equally near it "
            f"({seps[order[n]]} fields)"
        )
    chosen = set(order[:n])
    return [i in chosen for i in range(len(fields))]


def check_cities(pos: Position, side: str, order: AirwarOrder) -> list[tuple[Hex, bool]]:
    """§2.0: ``side`` places the opponent's cities; returns (field, productive) per city.

    Raises:
        IllegalOrderError: the first rule the placement breaks.
    """
    owner = other(side)
    rules = pos.rules(owner)
    _only(order, {"cities"}, "the initial stage (cities)")
    if len(order.cities) != rules.cities:
        raise _refuse(
            f"place exactly {rules.cities} cities for player {owner}, not {len(order.cities)}",
            f"§{pos.scenario.section} number of cities",
            order,
        )
    fields = [_field(pos, c, "cities", order) for c in order.cities]
    for h in fields:
        problem = city_site_problem(pos, h, owner)
        if problem:
            raise _refuse(problem, "§2.0 city placement", order)
    existing = [c.field for c in pos.cities]
    for i, h in enumerate(fields):
        for g in existing + fields[:i]:
            if h.distance(g) < CITY_SEPARATION:
                raise _refuse(
                    f"cities {pos.geo.label(g)} and {pos.geo.label(h)} are not separated by at "
                    "least four fields",
                    "§2.0 city placement",
                    order,
                )
    if rules.edge_rule:
        _check_edge_rule(pos, fields, owner, order)
    if rules.nearest_back_separation is not None:
        nearest = min(pos.geo.back_separation(h, owner) for h in fields)
        if nearest != rules.nearest_back_separation:
            raise _refuse(
                f"the cities nearest player {owner}'s back boundary must be separated from it by "
                f"{rules.nearest_back_separation} fields (the nearest is {nearest})",
                "§3.2.2 city placement",
                order,
            )
    flags = productive_flags(pos, fields, owner)
    if isinstance(flags, str):
        raise _refuse(flags, f"§{pos.scenario.section} productive cities", order)
    return list(zip(fields, flags, strict=True))


def _check_edge_rule(pos: Position, fields: list[Hex], owner: str, order: object) -> None:
    names = ("back", "middle", "left", "right")
    for name in names:
        ok = any(getattr(pos.geo.boundaries(h, owner), name) in (2, 3) for h in fields)
        if not ok:
            raise _refuse(
                f"no city is separated from player {owner}'s {name} boundary by two or three "
                "fields",
                "§3.1.1 one city near each boundary",
                order,
            )


def _only(order: AirwarOrder, allowed: set[str], stage: str) -> None:
    parts = {
        "cities": bool(order.cities),
        "units": bool(order.units),
        "unproductive": order.unproductive is not None,
        "moves": bool(order.moves),
        "flights": bool(order.flights),
        "transports": bool(order.transports),
        "fire": bool(order.fire),
    }
    extra = sorted(k for k, v in parts.items() if v and k not in allowed)
    if extra:
        raise _refuse(
            f"{', '.join(extra)} cannot be ordered in {stage}", "§2 stages of the cycle", order
        )


def check_units(pos: Position, side: str, order: AirwarOrder) -> dict[Hex, int]:
    """§2.0: ``side`` places its own units; returns field -> count.

    Raises:
        IllegalOrderError: the first rule the placement breaks.
    """
    rules = pos.rules(side)
    allowed = {"units", "unproductive"} if rules.productive_rule == "announced" else {"units"}
    _only(order, allowed, "the initial stage (units)")
    placed: dict[Hex, int] = {}
    for label, n in order.units:
        h = _field(pos, label, "units", order)
        placed[h] = placed.get(h, 0) + n
    total = sum(placed.values())
    if total != rules.units:
        raise _refuse(
            f"place all {rules.units} units, not {total}",
            f"§{pos.scenario.section} number of units",
            order,
        )
    near = rules.near_city
    near_city = pos.geo.parse(near.city) if near is not None else None
    near_fields = set(pos.geo.adjacent(near_city)) if near_city is not None else set()
    for h, n in placed.items():
        label = pos.geo.label(h)
        if n > MAX_STACK:
            raise _refuse(
                f"{n} units on {label}: no field may have more than three", "§2.0 placement", order
            )
        special = near is not None and near.units is not None and h in near_fields
        if special and h in pos.geo.territory[other(side)] - pos.geo.no_mans_land:
            special = False
        if h not in pos.geo.home[side] and not special:
            nml = " (never in no-man's-land)" if h in pos.geo.no_mans_land else ""
            raise _refuse(
                f"{label}: units are placed in your home territory only{nml}",
                "§2.0 placement",
                order,
            )
        min_d = near.min_distance if near is not None else None
        if min_d is not None and near_city is not None and h.distance(near_city) < min_d:
            raise _refuse(
                f"{label} is closer than {min_d} moves to the city {pos.geo.label(near_city)}",
                "§3.2.2 placement",
                order,
            )
    if near is not None and near.units is not None:
        beside = sum(n for h, n in placed.items() if h in near_fields)
        if beside != near.units:
            raise _refuse(
                f"exactly {near.units} units must be adjacent to the city {near.city} "
                f"({beside} are)",
                "§3.2.2 placement",
                order,
            )
    if rules.productive_rule == "announced":
        if order.unproductive is None:
            raise _refuse(
                "announce which of your cities is not productive (unproductive FIELD)",
                "§3 unequal game: A announces its unproductive city",
                order,
            )
        h = _field(pos, order.unproductive, "unproductive", order)
        mine = [c for c in pos.cities if c.owner == side and c.field == h]
        if not mine:
            raise _refuse(
                f"{order.unproductive} is not one of your cities",
                "§3 unequal game: A announces its unproductive city",
                order,
            )
    return placed


# -- the cycle: moves (§2.1) ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """A checked move order: where every unit of the side goes."""

    moves: tuple[tuple[Hex, Hex, int], ...]
    flights: tuple[tuple[Hex, Hex, int], ...]
    transports: tuple[tuple[Hex, Hex], ...]  # (from airport, to airport); one goes on to the city


def _no_attack_rule(pos: Position, side: str) -> str:
    """The rule that bars ``side`` from attacking for its first cycles, named with the
    players' labels: §3.2.2 "D cannot attack C's territory", §3 "B cannot attack A's
    cities"."""
    rules = pos.rules(side)
    if rules.no_attack == "territory":
        return f"§3.2.2 {rules.label} cannot attack"
    return f"§3 {rules.label} cannot attack {pos.rules(other(side)).label}'s cities"


def check_moves(pos: Position, side: str, order: AirwarOrder) -> Plan:
    """§2.1 (and §3.2.2, §3 special rules): every unit moves to an adjacent field or is
    flown; at most three units of one colour per field after moving.

    Raises:
        IllegalOrderError: naming the paragraph the order breaks.
    """
    _only(order, {"moves", "flights", "transports"}, "the move stage")
    geo = pos.geo
    rules = pos.rules(side)
    used: dict[Hex, int] = {}
    moves: list[tuple[Hex, Hex, int]] = []
    flights: list[tuple[Hex, Hex, int]] = []
    transports: list[tuple[Hex, Hex]] = []
    forbidden = pos.forbidden_targets(side)
    restricted_rule = _no_attack_rule(pos, side)
    for a, b, n in order.moves:
        src, dst = _field(pos, a, "move", order), _field(pos, b, "move", order)
        if dst not in geo.adjacent(src):
            raise _refuse(f"{a}-{b}: {b} is not adjacent to {a}", "§2.1 moves", order)
        used[src] = used.get(src, 0) + n
        moves.append((src, dst, n))
    flown_from: set[Hex] = set()
    airports = {c.airport: c for c in pos.flight_airports(side)}
    zone = pos.no_flight_zone(side) if order.flights else set()
    for a, b, n in order.flights:
        src, dst = _field(pos, a, "flight", order), _field(pos, b, "flight", order)
        if src not in airports:
            raise _refuse(
                f"{a}>{b}: {a} is not an uncontested airport you control with a unit on it",
                "§2.1 flights",
                order,
            )
        if src in flown_from:
            raise _refuse(f"{a}: one flight per airport in each cycle", "§2.1 flights", order)
        flown_from.add(src)
        if n == 1:
            if dst in zone:
                raise _refuse(
                    f"{a}>{b}: a flown unit may not land on or next to a city or airport the "
                    "opponent controls",
                    "§2.1 flights",
                    order,
                )
        elif n == 2:
            target = pos.airport_at(dst)
            if target is None or target.holder != side or dst == src:
                raise _refuse(
                    f"{a}>{b}x2: two units may be flown only to another airport you control",
                    "§2.1 flights",
                    order,
                )
        else:
            raise _refuse(f"{a}>{b}x{n}: a flight carries one or two units", "§2.1 flights", order)
        used[src] = used.get(src, 0) + n
        flights.append((src, dst, n))
    for a, b in order.transports:
        src, dst = _field(pos, a, "transport", order), _field(pos, b, "transport", order)
        rule = "§3.2.2 D's double transportations"
        if pos.transports_left.get(side, 0) <= 0:
            raise _refuse(f"{a}>>{b}: no double transportation left", rule, order)
        if len(order.transports) > pos.transports_left[side]:
            raise _refuse(
                f"{len(order.transports)} double transportations ordered, "
                f"{pos.transports_left[side]} left",
                rule,
                order,
            )
        if src not in airports or src in flown_from:
            raise _refuse(
                f"{a}>>{b}: {a} must be an uncontested airport you control, not flown from "
                "in this cycle",
                rule,
                order,
            )
        flown_from.add(src)
        target = pos.airport_at(dst)
        if target is None or target.owner != side:
            raise _refuse(f"{a}>>{b}: {b} is not the airport of one of your cities", rule, order)
        used[src] = used.get(src, 0) + 2
        transports.append((src, dst))
    for h, n in used.items():
        have = pos.count(side, h)
        if n > have:
            raise _refuse(
                f"{geo.label(h)}: {n} units ordered but {have} there", "§2.1 moves", order
            )
    after = dict(pos.units[side])
    for src, dst, n in moves + flights:
        after[src] -= n
        after[dst] = after.get(dst, 0) + n
    for src, dst in transports:
        after[src] -= 2
        after[dst] = after.get(dst, 0) + 1
        city_field = _city_of_airport(pos, dst)
        after[city_field] = after.get(city_field, 0) + 1
    for h, n in after.items():
        if n > MAX_STACK:
            raise _refuse(
                f"{geo.label(h)}: {n} units of one colour after moving (at most three)",
                "§2.1 moves",
                order,
            )
    if forbidden:
        arrivals = [dst for src, dst, _ in moves + flights if dst != src]
        for _src, dst in transports:
            arrivals += [dst, _city_of_airport(pos, dst)]
        for dst in arrivals:
            if dst in forbidden:
                raise _refuse(
                    f"{geo.label(dst)}: you may not attack before cycle "
                    f"{rules.no_attack_cycles + 1}",
                    restricted_rule,
                    order,
                )
    return Plan(tuple(moves), tuple(flights), tuple(transports))


def _city_of_airport(pos: Position, airport: Hex) -> Hex:
    city = pos.airport_at(airport)
    if city is None:  # pragma: no cover - callers pass airports only
        raise _refuse(f"{pos.geo.label(airport)} is not an airport", "§2.1 flights")
    return city.field


def apply_moves(pos: Position, plans: Mapping[str, Plan]) -> None:
    """Carry out both sides' checked plans at once (moves are simultaneous, §2.1)."""
    for side, plan in plans.items():
        units = pos.units[side]
        for src, dst, n in (*plan.moves, *plan.flights):
            units[src] -= n
            units[dst] = units.get(dst, 0) + n
        for src, dst in plan.transports:
            units[src] -= 2
            units[dst] = units.get(dst, 0) + 1
            city_field = _city_of_airport(pos, dst)
            units[city_field] = units.get(city_field, 0) + 1
            pos.transports_left[side] -= 1
        pos.units[side] = {h: n for h, n in units.items() if n > 0}


# -- aim fire and the dead (§2.3, §2.4) -----------------------------------------------------


def fire_choices(pos: Position, side: str) -> bool:
    """Whether ``side`` has any fire to aim: a unit off a contested field with an enemy on a
    field it may fire on."""
    foe = pos.units[other(side)]
    forbidden = pos.forbidden_targets(side)
    for h, n in pos.units[side].items():
        if n <= 0 or pos.must_fire_here(h):
            continue
        for t in pos.geo.adjacent(h):
            if foe.get(t, 0) > 0 and t not in forbidden:
                return True
    return False


def check_fire(pos: Position, side: str, order: AirwarOrder) -> tuple[tuple[Hex, Hex, int], ...]:
    """§2.3: units off contested fields aim at adjacent fields, each unit once.

    Raises:
        IllegalOrderError: naming the paragraph the order breaks.
    """
    _only(order, {"fire"}, "the aim-fire stage")
    geo = pos.geo
    used: dict[Hex, int] = {}
    out: list[tuple[Hex, Hex, int]] = []
    forbidden = pos.forbidden_targets(side)
    for a, b, n in order.fire:
        src, dst = _field(pos, a, "fire", order), _field(pos, b, "fire", order)
        if pos.count(side, src) == 0:
            raise _refuse(f"{a}@{b}: you have no unit on {a}", "§2.3 aim fire", order)
        if pos.must_fire_here(src):
            raise _refuse(
                f"{a}@{b}: units on the contested field {a} must fire on it (they do so "
                "without orders)",
                "§2.3 aim fire",
                order,
            )
        if dst not in geo.adjacent(src):
            raise _refuse(f"{a}@{b}: fire reaches adjacent fields only", "§2.3 aim fire", order)
        if dst in forbidden:
            raise _refuse(
                f"{a}@{b}: you may not attack before cycle {pos.rules(side).no_attack_cycles + 1}",
                _no_attack_rule(pos, side),
                order,
            )
        used[src] = used.get(src, 0) + n
        out.append((src, dst, n))
    for h, n in used.items():
        if n > pos.count(side, h):
            raise _refuse(
                f"{geo.label(h)}: {n} units fire but {pos.count(side, h)} are there "
                "(a unit fires only once in each cycle)",
                "§2.3 aim fire",
                order,
            )
    return tuple(out)


def directed_fire(
    pos: Position, side: str, aimed: Iterable[tuple[Hex, Hex, int]]
) -> dict[Hex, int]:
    """Units of fire ``side`` directs on each field: its aimed fire plus every unit on a
    contested field firing on that field (§2.3)."""
    fire: dict[Hex, int] = {}
    for h, n in pos.units[side].items():
        if n > 0 and pos.must_fire_here(h):
            fire[h] = fire.get(h, 0) + n
    for _src, dst, n in aimed:
        fire[dst] = fire.get(dst, 0) + n
    return fire


def resolve_fire(
    pos: Position, aimed: Mapping[str, Iterable[tuple[Hex, Hex, int]]]
) -> dict[str, dict[Hex, int]]:
    """§2.3-2.4: every two units of fire on a field kill one enemy unit there; the dead of
    both sides are removed together. Returns the kills of each side's units, by field."""
    kills: dict[str, dict[Hex, int]] = {s: {} for s in SIDES}
    for side in SIDES:
        foe = other(side)
        for target, fire in directed_fire(pos, side, aimed.get(side, ())).items():
            k = min(pos.count(foe, target), fire // KILL_FIRE)
            if k:
                kills[foe][target] = k
    for side, dead in kills.items():
        units = pos.units[side]
        for h, k in dead.items():
            units[h] -= k
        pos.units[side] = {h: n for h, n in units.items() if n > 0}
    return kills


# -- control, possession and production (§2.1, §2.5) ----------------------------------------


def update_holders(pos: Position) -> list[tuple[City, str]]:
    """The opponent's uncontested units in a city take control and possession of it (§2.1).
    Returns the cities that changed hands, with the previous holder."""
    changed: list[tuple[City, str]] = []
    for c in pos.cities:
        if pos.occupied_by_both(c.field):
            c.contested_now = True
            continue
        foe = other(c.holder)
        if pos.count(foe, c.field) > 0:
            changed.append((c, c.holder))
            c.holder = foe
            c.changed = pos.cycle
            c.streak = 0
            c.eligible = False
    return changed


def produces(pos: Position, c: City) -> bool:
    """§2.5 (and §3.1.1, §3.2.2): whether ``c`` receives a new unit at this cycle's end."""
    if pos.occupied_by_both(c.field):
        return False
    rules = pos.rules(c.holder)
    if pos.count(c.holder, c.field) >= MAX_STACK and not (
        rules.produce_when_full and c.holder == c.owner
    ):
        return False
    return entitled(pos, c)


def entitled(pos: Position, c: City) -> bool:
    """§2.5: whether ``c`` produces for its holder when it is neither contested nor full: a
    productive city its owner never lost; in symmetric games one he has recaptured, from the
    cycle after; in unsymmetric games one held uncontested for the delay since it changed
    hands."""
    if not c.productive:
        return False
    if c.changed is None:
        return c.holder == c.owner
    if pos.scenario.symmetric:
        # captured cities never; recaptured ones from the cycle after the recapture
        return c.holder == c.owner and pos.cycle > c.changed
    return c.eligible


def produce(pos: Position) -> list[City]:
    """Stage 5: a new unit on every producing city, then the possession clocks advance."""
    made = [c for c in pos.cities if produces(pos, c)]
    for c in made:
        pos.units[c.holder][c.field] = pos.count(c.holder, c.field) + 1
    delay = pos.scenario.capture_delay_cycles
    for c in pos.cities:
        if c.contested_now:
            c.streak = 0
        elif c.changed is not None and c.changed < pos.cycle:
            c.streak += 1
        if c.changed is not None and c.streak >= delay:
            c.eligible = True
        c.contested_now = False
    return made
