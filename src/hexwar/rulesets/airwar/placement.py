"""Helpers that build orders from a side's view, shared by the legal lists
(:mod:`hexwar.rulesets.airwar.legal`) and the computer opponent: rebuilding the position a view
describes, placing cities and units legally at random (the initial stage's menu). The random
agent itself is the core's, drawing from the legal lists."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from hexwar.core.hexes import Hex
from hexwar.core.records import canonical_json
from hexwar.rulesets.airwar.board import SIDES, other
from hexwar.rulesets.airwar.orders import AirwarOrder
from hexwar.rulesets.airwar.rules import (
    CITY_SEPARATION,
    MAX_STACK,
    City,
    Position,
    check_cities,
    city_site_problem,
)
from hexwar.rulesets.airwar.scenario import AirwarScenario

__all__ = [
    "city_placements",
    "complete_cities",
    "position_from_view",
    "random_cities",
    "random_units",
    "unit_placements",
]


@lru_cache(maxsize=16)
def _scenario(text: str) -> AirwarScenario:
    return AirwarScenario.model_validate_json(text)


def position_from_view(data: Mapping[str, Any]) -> Position:
    """The position a view describes (everything in it is known to the viewer)."""
    scenario = _scenario(canonical_json(data["scenario"]))
    pos = Position.start(scenario)
    geo = pos.geo
    pos.cycle = int(data["cycle"])
    pos.cities = [City.from_json(c, geo) for c in data["cities"]]
    for side in SIDES:
        pos.units[side] = {geo.parse(f): int(n) for f, n in data["units"].get(side, {}).items()}
    pos.transports_left = {s: int(n) for s, n in data["transports_left"].items()}
    return pos


# -- cities -------------------------------------------------------------------------------


def city_sites(pos: Position, owner: str) -> list[Hex]:
    """Every field where a city of ``owner`` may stand (§2.0)."""
    return [h for h in pos.geo.fields if city_site_problem(pos, h, owner) is None]


def random_cities(
    pos: Position,
    side: str,
    rng: np.random.Generator,
    *,
    score: Callable[[list[Hex]], float] | None = None,
    samples: int = 1,
    tries: int = 400,
) -> AirwarOrder:
    """A legal placement of the opponent's cities; with ``score``, the best of ``samples``
    (of at most ``tries`` random greedy placements)."""
    owner = other(side)
    sites = city_sites(pos, owner)
    best: tuple[float, list[Hex]] | None = None
    found = 0
    for _ in range(tries):
        fields = _checked_cities(pos, side, sites, rng)
        if fields is None:
            continue
        value = score(fields) if score is not None else 0.0
        if best is None or value > best[0]:
            best = (value, fields)
        found += 1
        if found >= samples:
            break
    if best is None:
        raise RuntimeError(f"no legal city placement found for player {owner}")
    return AirwarOrder(cities=tuple(pos.geo.label(h) for h in best[1]))


def _checked_cities(
    pos: Position,
    side: str,
    sites: list[Hex],
    rng: np.random.Generator,
    prefix: Sequence[Hex] = (),
    far: frozenset[Hex] | None = None,
) -> list[Hex] | None:
    """One random greedy placement of the opponent's cities (:func:`_greedy_cities`) that
    :func:`check_cities` accepts, or ``None``."""
    fields = _greedy_cities(pos, other(side), sites, rng, prefix, far)
    if fields is None:
        return None
    try:
        check_cities(pos, side, AirwarOrder(cities=tuple(pos.geo.label(h) for h in fields)))
    except ValueError:
        return None
    return fields


def _greedy_cities(
    pos: Position,
    owner: str,
    sites: list[Hex],
    rng: np.random.Generator,
    prefix: Sequence[Hex] = (),
    far: frozenset[Hex] | None = None,
) -> list[Hex] | None:
    """A random placement of ``owner``'s cities that holds the §2.0/§3 counts (productive
    cities in their range, the nearest city at its separation, one city near each boundary),
    beginning with the cities of ``prefix``; ``None`` when the draw runs out of sites.
    ``far``: the sites four fields or more from every city and ``prefix``, when known."""
    rules = pos.rules(owner)
    geo = pos.geo
    slots: list[tuple[list[Hex], int]] = []
    left = rules.cities - len(prefix)
    if rules.productive_rule == "range" and rules.productive_back_separation is not None:
        lo, hi = rules.productive_back_separation
        inside = [h for h in sites if lo <= geo.back_separation(h, owner) <= hi]
        within = set(inside)
        outside = [h for h in sites if h not in within]
        done = sum(1 for h in prefix if lo <= geo.back_separation(h, owner) <= hi)
        slots = [(inside, rules.productive - done), (outside, left - rules.productive + done)]
    elif rules.nearest_back_separation is not None:
        v = rules.nearest_back_separation
        first = [h for h in sites if geo.back_separation(h, owner) == v]
        rest = [h for h in sites if geo.back_separation(h, owner) >= v]
        if any(geo.back_separation(h, owner) < v for h in prefix):
            return None
        if any(geo.back_separation(h, owner) == v for h in prefix):
            slots = [(rest, left)]
        else:
            slots = [(first, 1), (rest, left - 1)]
    else:
        slots = [(sites, left)]
    if any(count < 0 for _, count in slots):
        return None
    chosen: list[Hex] = list(prefix)
    fixed = [c.field for c in pos.cities]
    names = ("back", "middle", "left", "right")
    uncovered = set(names) if rules.edge_rule else set()
    for h in prefix:
        if uncovered:
            b = geo.boundaries(h, owner)
            uncovered -= {n for n in names if getattr(b, n) in (2, 3)}
    for candidates, count in slots:
        # the slot's sites far enough from every city, kept up to date city by city
        new = chosen[len(prefix) :]  # the cities this draw placed in earlier slots
        free = (
            [
                h
                for h in candidates
                if h in far and all(h.distance(g) >= CITY_SEPARATION for g in new)
            ]
            if far is not None
            else [
                h
                for h in candidates
                if all(h.distance(g) >= CITY_SEPARATION for g in chosen + fixed)
            ]
        )
        for _ in range(count):
            ok = free
            if uncovered:
                covers = [_cover(pos, h, owner, uncovered) for h in ok]
                best = max(covers, default=0)
                if best:
                    ok = [h for h, c in zip(ok, covers, strict=True) if c == best]
            if not ok:
                return None
            h = ok[int(rng.integers(len(ok)))]
            chosen.append(h)
            free = [g for g in free if g.distance(h) >= CITY_SEPARATION]
            if uncovered:
                b = geo.boundaries(h, owner)
                uncovered -= {n for n in names if getattr(b, n) in (2, 3)}
    return chosen


def _cover(pos: Position, h: Hex, owner: str, uncovered: set[str]) -> int:
    """How many of the ``uncovered`` boundaries a city on ``h`` is two or three fields from."""
    b = pos.geo.boundaries(h, owner)
    return sum(1 for n in uncovered if getattr(b, n) in (2, 3))


# -- units ----------------------------------------------------------------------------------


def unit_fields(pos: Position, side: str) -> tuple[list[Hex], list[Hex]]:
    """Where ``side`` may place units: (fields near a §3.2.2 city that need exactly N units,
    the other home fields)."""
    rules = pos.rules(side)
    geo = pos.geo
    near = rules.near_city
    home = sorted(geo.home[side])
    if near is None:
        return [], home
    city = geo.parse(near.city)
    if near.min_distance is not None:
        home = [h for h in home if h.distance(city) >= near.min_distance]
    if near.units is None:
        return [], home
    foe_land = geo.territory[other(side)] - geo.no_mans_land
    special = [h for h in geo.adjacent(city) if h not in foe_land]
    return sorted(special), [h for h in home if h not in set(special)]


def place_units(
    pos: Position, side: str, weights: Callable[[Hex], float] | None, rng: np.random.Generator
) -> dict[Hex, int]:
    """Units of ``side`` on legal fields, drawn in proportion to ``weights`` (uniform if
    None), never more than three on a field."""
    rules = pos.rules(side)
    special, home = unit_fields(pos, side)
    placed: dict[Hex, int] = {}
    need_special = rules.near_city.units if rules.near_city and rules.near_city.units else 0
    _fill(placed, special, need_special, weights, rng)
    _fill(placed, home, rules.units - need_special, weights, rng)
    return placed


def _fill(
    placed: dict[Hex, int],
    fields: Sequence[Hex],
    n: int,
    weights: Callable[[Hex], float] | None,
    rng: np.random.Generator,
) -> None:
    fields = list(fields)
    w = np.array([weights(h) if weights else 1.0 for h in fields], dtype=float)
    for _ in range(n):
        open_ = np.array([placed.get(h, 0) < MAX_STACK for h in fields])
        p = np.where(open_, np.maximum(w, 1e-9), 0.0)
        i = int(rng.choice(len(fields), p=p / p.sum()))
        placed[fields[i]] = placed.get(fields[i], 0) + 1


# -- placing piece by piece (Ruleset.placements) ---------------------------------------------

COMPLETION_TRIES = 12  # random completions tried before a city site is judged a dead end


def complete_cities(
    pos: Position,
    side: str,
    prefix: Sequence[Hex],
    rng: np.random.Generator,
    sites: list[Hex] | None = None,
    far: frozenset[Hex] | None = None,
) -> AirwarOrder | None:
    """A legal placement of the opponent's cities beginning with ``prefix`` (checked by
    :func:`check_cities`), or ``None`` if :data:`COMPLETION_TRIES` random completions fail.
    ``sites``: :func:`city_sites` of the opponent, ``far`` those of them four fields or more
    from every city and ``prefix``, when the caller has them."""
    owner = other(side)
    sites = city_sites(pos, owner) if sites is None else sites
    for _ in range(COMPLETION_TRIES):
        fields = _checked_cities(pos, side, sites, rng, prefix, far)
        if fields is not None:
            return AirwarOrder(cities=tuple(pos.geo.label(h) for h in fields))
    return None


def city_placements(
    pos: Position, side: str, plan: AirwarOrder, rng: np.random.Generator
) -> list[AirwarOrder]:
    """§2.0 city by city: ``plan`` plus each site where one more of the opponent's cities may
    stand and leave a placement that can be completed, then the plan completed."""
    geo = pos.geo
    chosen = [geo.parse(c) for c in plan.cities]
    if len(chosen) >= pos.rules(other(side)).cities:
        return [plan]
    near = [c.field for c in pos.cities] + chosen
    sites = city_sites(pos, other(side))
    out: list[AirwarOrder] = []
    far = [h for h in sites if all(h.distance(g) >= CITY_SEPARATION for g in near)]
    for h in far:
        beyond = frozenset(g for g in far if g.distance(h) >= CITY_SEPARATION)
        if complete_cities(pos, side, [*chosen, h], rng, sites, beyond) is not None:
            out.append(AirwarOrder(cities=(*plan.cities, geo.label(h))))
    completed = complete_cities(pos, side, chosen, rng, sites, frozenset(far))
    if completed is None:  # pragma: no cover - each site offered had a completion
        raise RuntimeError(f"no completion of the cities {' '.join(plan.cities)} was found")
    out.append(completed)
    return out


def unit_placements(
    pos: Position, side: str, plan: AirwarOrder, rng: np.random.Generator
) -> list[AirwarOrder]:
    """§2.0 unit by unit: ``plan`` plus one unit on each field where one more may stand (at
    most three a field; the §3.2.2 units beside a city while that count is short, elsewhere
    while the rest is), then, where the unequal game's A announces an unproductive city
    (§3), each of its cities as the one; then the plan completed at random."""
    rules = pos.rules(side)
    geo = pos.geo
    special, home = unit_fields(pos, side)
    beside = set(special)
    need = rules.near_city.units if rules.near_city and rules.near_city.units else 0
    placed: dict[Hex, int] = {}
    for f, n in plan.units:
        h = geo.parse(f)
        placed[h] = placed.get(h, 0) + n
    near = sum(n for h, n in placed.items() if h in beside)
    total = sum(placed.values())

    def units(more: dict[Hex, int]) -> tuple[tuple[str, int], ...]:
        return tuple(sorted((geo.label(h), n) for h, n in more.items()))

    out: list[AirwarOrder] = []
    for h in sorted((*special, *home), key=geo.label):
        if placed.get(h, 0) >= MAX_STACK:
            continue
        if (near >= need) if h in beside else (total - near >= rules.units - need):
            continue
        more = dict(placed)
        more[h] = more.get(h, 0) + 1
        out.append(AirwarOrder(units=units(more), unproductive=plan.unproductive))
    mine = sorted(geo.label(c.field) for c in pos.cities if c.owner == side)
    announce = rules.productive_rule == "announced"
    if announce and plan.unproductive is None:
        out.extend(AirwarOrder(units=plan.units, unproductive=f) for f in mine)
    filled = dict(placed)
    _fill(filled, special, need - near, None, rng)
    _fill(filled, home, rules.units - need - (total - near), None, rng)
    unproductive = plan.unproductive
    if announce and unproductive is None:
        unproductive = mine[int(rng.integers(len(mine)))]
    out.append(AirwarOrder(units=units(filled), unproductive=unproductive))
    return out


def random_units(pos: Position, side: str, rng: np.random.Generator) -> AirwarOrder:
    placed = place_units(pos, side, None, rng)
    unproductive = None
    if pos.rules(side).productive_rule == "announced":
        mine = [c for c in pos.cities if c.owner == side]
        unproductive = pos.geo.label(mine[int(rng.integers(len(mine)))].field)
    return AirwarOrder(
        units=tuple(sorted((pos.geo.label(h), n) for h, n in placed.items())),
        unproductive=unproductive,
    )
