"""An air war game on the hexwar protocol (seed 001, §2): the initial stage, then cycles of
sealed moves, revealed positions, sealed aim fire, removal of the dead and production.

Everything on the boards is known to both players once the barrier is lifted, so a view holds
the whole position; what is hidden is a player's sealed orders until both have given theirs,
and the core never shows those. During the initial stage a player sees only the cities he has
been given once both have placed them, and the opponent's units once both have placed theirs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hexwar.core.events import ALL, Receipt
from hexwar.core.game import Decision, Game
from hexwar.core.hexes import Hex
from hexwar.core.orders import Amendment
from hexwar.rulesets.airwar.amend import amend
from hexwar.rulesets.airwar.board import SIDES, Geometry, other
from hexwar.rulesets.airwar.orders import AirwarOrder
from hexwar.rulesets.airwar.render import render_view
from hexwar.rulesets.airwar.rules import (
    City,
    Plan,
    Position,
    apply_moves,
    check_cities,
    check_fire,
    check_moves,
    check_units,
    directed_fire,
    entitled,
    fire_choices,
    produce,
    resolve_fire,
    update_holders,
)
from hexwar.rulesets.airwar.scenario import AirwarScenario

if TYPE_CHECKING:
    from hexwar.rulesets.airwar.ruleset import AirwarRuleset

__all__ = ["CITIES", "FIRE", "MOVE", "UNITS", "AirwarGame"]

CITIES, UNITS, MOVE, FIRE = "cities", "units", "move", "fire"
_PROMPTS = {
    CITIES: "initial stage: place your opponent's cities (cities F1 F2 ...)",
    UNITS: "initial stage: place your units (units F1x3 F2 ...)",
    MOVE: "cycle {cycle}, moves: FROM-TO or FROM-TOxN, flights FROM>TO (or pass)",
    FIRE: "cycle {cycle}, aim fire: FROM@TARGET or FROM@TARGETxN (or pass)",
}


class AirwarGame(Game[AirwarScenario, AirwarOrder]):
    """One air war game between players ``"1"`` and ``"2"``."""

    def __init__(
        self, ruleset: AirwarRuleset, scenario: AirwarScenario, *, seed: int, scenario_id: str
    ) -> None:
        super().__init__(ruleset, scenario, seed=seed, scenario_id=scenario_id)
        self.pos = Position.start(scenario)
        self.phase = CITIES
        self.fire_sides: frozenset[str] = frozenset()
        self.log.append(
            0,
            "setup",
            f"{scenario.title} (seed 001 §{scenario.section}) on the {self.pos.geo.kind} board",
            visible_to=ALL,
        )

    # -- hooks ---------------------------------------------------------------------------

    def _awaiting(self) -> Decision:
        prompt = _PROMPTS[self.phase].format(cycle=self.pos.cycle)
        sides = self.fire_sides if self.phase == FIRE else frozenset(SIDES)
        return Decision(self._step, sides, prompt)

    def _check(self, side: str, order: AirwarOrder) -> None:
        if self.phase == CITIES:
            check_cities(self.pos, side, order)
        elif self.phase == UNITS:
            check_units(self.pos, side, order)
        elif self.phase == MOVE:
            check_moves(self.pos, side, order)
        else:
            check_fire(self.pos, side, order)

    def _resolve(self, orders: Mapping[str, AirwarOrder]) -> None:
        if self.phase == CITIES:
            self._place_cities(orders)
        elif self.phase == UNITS:
            self._place_units(orders)
        elif self.phase == MOVE:
            self._move(orders)
        else:
            self._fire(orders)

    def _amend(self, amendment: Amendment) -> None:
        amend(self, amendment)  # the umpire's changes: rulesets/airwar/amend.py

    def _view(self, side: str) -> dict[str, Any]:
        pos = self.pos
        geo = pos.geo
        placed = self.phase not in (CITIES, UNITS)
        units: dict[str, dict[str, int]] = {}
        if placed:
            units = {s: {geo.label(h): n for h, n in sorted(pos.units[s].items())} for s in SIDES}
        return {
            "scenario": self.scenario.model_dump(mode="json"),
            "side": side,
            "phase": self.phase,
            "cycle": pos.cycle,
            "cities": [c.to_json(geo) for c in pos.cities],
            "units": units,
            "transports_left": dict(pos.transports_left),
            "fire_sides": sorted(self.fire_sides) if self.phase == FIRE else [],
            "totals": {s: pos.total(s) for s in SIDES} if placed else {},
        }

    def _state_json(self) -> dict[str, Any]:
        geo = self.pos.geo
        return {
            "phase": self.phase,
            "cycle": self.pos.cycle,
            "cities": [c.to_json(geo) for c in self.pos.cities],
            "units": {
                s: {geo.label(h): n for h, n in sorted(self.pos.units[s].items())} for s in SIDES
            },
            "transports_left": dict(self.pos.transports_left),
            "fire_sides": sorted(self.fire_sides),
        }

    def _summary(self) -> dict[str, Any]:
        """The position now, for ``hexwar run --json``: each player's surviving units (by field
        and as a ledger: placed + produced - lost), the cities and airports he holds, the
        cities producing for him (§2.5) and what he has produced; then every city."""
        pos = self.pos
        geo = pos.geo
        placed = self.phase not in (CITIES, UNITS)
        produced = dict.fromkeys(SIDES, 0)
        lost = dict.fromkeys(SIDES, 0)
        for e in self.log:
            if e.kind == "production":
                produced[e.data["side"]] += len(e.data["cities"])
            elif e.kind == "dead":
                lost[e.data["side"]] += sum(e.data["dead"].values())
        sides: dict[str, Any] = {}
        for side in SIDES:
            rules = pos.rules(side)
            held = [c for c in pos.cities if c.holder == side]
            sides[side] = {
                "label": rules.label,
                "units": pos.total(side),
                "units_placed": rules.units if placed else 0,
                "units_produced": produced[side],
                "units_lost": lost[side],
                "fields": {geo.label(h): n for h, n in sorted(pos.units[side].items())},
                "cities_held": [geo.label(c.field) for c in held],
                "airports_held": [geo.label(c.airport) for c in held],
                "cities_lost": [
                    geo.label(c.field) for c in pos.cities if c.owner == side and c.holder != side
                ],
                "producing_cities": [geo.label(c.field) for c in held if entitled(pos, c)],
                "double_transports_left": pos.transports_left.get(side, 0),
            }
        return {
            "cycle": pos.cycle,
            "phase": self.phase,
            "sides": sides,
            "cities": [
                {
                    "field": geo.label(c.field),
                    "airport": geo.label(c.airport),
                    "owner": c.owner,
                    "holder": c.holder,
                    "productive": c.productive,
                    "producing": entitled(pos, c),
                    "contested": pos.occupied_by_both(c.field),
                }
                for c in pos.cities
            ],
        }

    def _report_sections(self) -> list[tuple[str, str]]:
        summary = self._summary()
        lines: list[str] = []
        for side, data in summary["sides"].items():
            name = f"player {side}" + (f" ({data['label']})" if data["label"] != side else "")
            lines.append(
                f"{name}: {data['units']} unit{'' if data['units'] == 1 else 's'} = "
                f"{data['units_placed']} placed + "
                f"{data['units_produced']} produced - {data['units_lost']} lost"
            )
            for key, title in (
                ("cities_held", "cities held"),
                ("airports_held", "airports held"),
                ("cities_lost", "own cities held by the opponent"),
                ("producing_cities", "cities producing for him"),
            ):
                lines.append(f"  {title}: {', '.join(data[key]) or '-'}")
            if data["double_transports_left"]:
                lines.append(f"  double transportations left: {data['double_transports_left']}")
        cities = [
            f"{c['field']:<4} airport {c['airport']:<4} player {c['owner']}'s, held by "
            f"player {c['holder']}"
            + (", productive" if c["productive"] else "")
            + (", producing" if c["producing"] else "")
            + (", contested" if c["contested"] else "")
            for c in summary["cities"]
        ]
        when = (
            f"at the end (cycle {summary['cycle']})"
            if self.outcome() is not None
            else f"at cycle {summary['cycle']}, {summary['phase']} stage"
        )
        board = render_view(self._view("1"))  # the whole position is public between stages
        return [
            (f"Players {when}", "\n".join(lines)),
            ("Cities", "\n".join(cities) or "none placed"),
            ("Board (player 1's seat)", board),
        ]

    # -- stages --------------------------------------------------------------------------

    def _place_cities(self, orders: Mapping[str, AirwarOrder]) -> None:
        pos = self.pos
        geo = pos.geo
        placed = {side: check_cities(pos, side, order) for side, order in orders.items()}
        for side in SIDES:
            owner = other(side)
            for h, productive in placed[side]:
                airport = geo.airport_of(h, owner)
                if airport is None:  # pragma: no cover - check_cities refuses such sites
                    raise AssertionError(h)
                pos.cities.append(City(h, airport, owner, productive, owner))
            shown = ", ".join(geo.label(h) + ("*" if p else "") for h, p in placed[side])
            self.log.append(
                0,
                "cities",
                f"Player {side} placed player {owner}'s cities: {shown} (* productive)",
                data={
                    "side": side,
                    "owner": owner,
                    "cities": [geo.label(h) for h, _ in placed[side]],
                },
                visible_to=ALL,
            )
        self.phase = UNITS

    def _place_units(self, orders: Mapping[str, AirwarOrder]) -> None:
        pos = self.pos
        geo = pos.geo
        for side in SIDES:
            order = orders[side]
            pos.units[side] = check_units(pos, side, order)
            self.log.append(
                0,
                "units",
                f"Player {side} placed {pos.total(side)} units: {_fields(geo, pos.units[side])}",
                data={"side": side},
                visible_to=ALL,
            )
            if order.unproductive is not None:
                h = geo.parse(order.unproductive)
                for c in pos.cities:
                    if c.field == h:
                        c.productive = False
                self.log.append(
                    0,
                    "announce",
                    f"Player {side} announces that its city {geo.label(h)} is not productive",
                    data={"side": side, "city": geo.label(h)},
                    visible_to=ALL,
                )
        if self.scenario.production_before_first_cycle:
            self._production()
        self._start_cycle()

    def _start_cycle(self) -> None:
        self.pos.cycle += 1
        self.phase = MOVE
        self.fire_sides = frozenset()

    def _move(self, orders: Mapping[str, AirwarOrder]) -> None:
        pos = self.pos
        plans: dict[str, Plan] = {s: check_moves(pos, s, orders[s]) for s in SIDES}
        apply_moves(pos, plans)
        for side in SIDES:
            order = orders[side]
            if order.late:  # §4 time limit, ruling 22: the late order given for the player
                stood = order.marked_late(False)
                text = "every unit stays" if stood.empty else f"{stood} given for it"
                told = f"Cycle {pos.cycle}: player {side} is out of time (§4): {text}"
            else:
                told = f"Cycle {pos.cycle}: player {side} moves {order}"
            self.log.append(
                pos.cycle,
                "moves",
                told,
                data={"side": side, "order": orders[side].to_json()},
                visible_to=ALL,
            )
        self._holders()
        self.fire_sides = frozenset(s for s in SIDES if fire_choices(pos, s))
        if self.fire_sides:
            self.phase = FIRE
        else:
            self._fire({})

    def _fire(self, orders: Mapping[str, AirwarOrder]) -> None:
        pos = self.pos
        geo = pos.geo
        aimed = {s: check_fire(pos, s, o) for s, o in orders.items()}
        for side, order in orders.items():
            told = f"Cycle {pos.cycle}: player {side} fires {order}"
            if order.late:  # §4 time limit, ruling 22
                stood = order.marked_late(False)
                text = "holds its fire" if stood.empty else f"{stood} given for it"
                told = f"Cycle {pos.cycle}: player {side} is out of time (§4): {text}"
            self.log.append(
                pos.cycle,
                "fire",
                told,
                data={"side": side, "order": order.to_json()},
                visible_to=ALL,
            )
        # what each side directs on the fields where the other has units, before removal
        fired = {
            side: {
                h: (n, pos.count(other(side), h))
                for h, n in directed_fire(pos, side, aimed.get(side, ())).items()
                if pos.count(other(side), h)
            }
            for side in SIDES
        }
        kills = resolve_fire(pos, aimed)
        for side in SIDES:
            if kills[side]:
                receipt = Receipt(
                    inputs={
                        f"fire on {geo.label(h)}": f"{n} (player {side} had {there})"
                        for h, (n, there) in sorted(fired[other(side)].items())
                    },
                    table="§2.3: two directed units of fire kill one enemy unit",
                    result=f"killed {_fields(geo, kills[side])}",
                )
                self.log.append(
                    pos.cycle,
                    "dead",
                    f"Cycle {pos.cycle}: player {side} loses "
                    f"{sum(kills[side].values())} unit(s): {_fields(geo, kills[side])}",
                    data={"side": side, "dead": {geo.label(h): n for h, n in kills[side].items()}},
                    receipt=receipt,
                    visible_to=ALL,
                )
        self._holders()
        left = [s for s in SIDES if pos.total(s) > 0]
        if len(left) < 2:
            if left:
                self._finish(left[0], f"player {other(left[0])} has no units left")
            else:
                self._finish(None, "both players have lost all their units")
            return
        self._production()
        if pos.cycle >= self.scenario.cycle_limit:
            self._stop_at_limit()
            return
        self._start_cycle()

    def _stop_at_limit(self) -> None:
        pos = self.pos
        totals = {s: pos.total(s) for s in SIDES}
        reason = f"stalemate: cycle limit {self.scenario.cycle_limit} reached (units {totals})"
        winner = None
        if self.scenario.at_cycle_limit == "more_units" and totals["1"] != totals["2"]:
            winner = max(SIDES, key=lambda s: totals[s])
            reason = f"cycle limit {self.scenario.cycle_limit} reached; more units {totals}"
        self._finish(winner, reason)

    def _holders(self) -> None:
        pos = self.pos
        for city, before in update_holders(pos):
            kind = "recaptured" if city.holder == city.owner else "captured"
            self.log.append(
                pos.cycle,
                "city",
                f"Cycle {pos.cycle}: player {city.holder} {kind} the city "
                f"{pos.geo.label(city.field)} from player {before}",
                data={"city": pos.geo.label(city.field), "holder": city.holder},
                visible_to=ALL,
            )

    def _production(self) -> None:
        pos = self.pos
        made = produce(pos)
        for side in SIDES:
            mine = [c for c in made if c.holder == side]
            if mine:
                shown = ", ".join(pos.geo.label(c.field) for c in mine)
                self.log.append(
                    pos.cycle,
                    "production",
                    f"Cycle {pos.cycle}: player {side} receives {len(mine)} unit(s) at {shown}",
                    data={"side": side, "cities": [pos.geo.label(c.field) for c in mine]},
                    visible_to=ALL,
                )


def _fields(geo: Geometry, counts: Mapping[Hex, int]) -> str:
    return (
        " ".join(geo.label(h) + (f"x{n}" if n != 1 else "") for h, n in sorted(counts.items()) if n)
        or "-"
    )
