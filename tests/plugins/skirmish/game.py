"""The skirmish's state and its resolution (the rules are in the package docstring).

Fog of war lives here, in :meth:`SkirmishGame._view`: a side sees its own units, and an enemy
unit only while one of its own units is within the scenario's ``sight`` of it. A move is
logged to the side that moved and, where the enemy saw the unit before or after it, to the
enemy too; fire (always between adjacent, hence seen, units) is logged to both with its die.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hexwar.core.errors import IllegalOrderError
from hexwar.core.events import ALL, Modifier, Receipt
from hexwar.core.game import Decision, Game
from hexwar.core.hexes import Hex

from .orders import SkirmishOrder
from .scenario import SIDES, SkirmishScenario, label, map_hexes, other, parse_label

if TYPE_CHECKING:
    from .ruleset import SkirmishRuleset

TO_HIT = 4  # a d6 of 4 or more hits ...
WOODS_COVER = 1  # ... 5 or more against a unit in woods


@dataclass(slots=True)
class Unit:
    id: str
    side: str
    at: Hex
    strength: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "at": label(self.at), "strength": self.strength}


class SkirmishGame(Game[SkirmishScenario, SkirmishOrder]):
    def __init__(self, ruleset: SkirmishRuleset, scenario: SkirmishScenario, **kw: Any) -> None:
        super().__init__(ruleset, scenario, **kw)
        self.board = frozenset(map_hexes(scenario.columns, scenario.rows))
        self.woods = frozenset(parse_label(w) for w in scenario.woods)
        self.objective = parse_label(scenario.objective)
        self.units: dict[str, Unit] = {
            u.id: Unit(u.id, side, parse_label(u.at), scenario.strength)
            for side in SIDES
            for u in getattr(scenario, side)
        }
        self.round = 1
        self.mover: str = scenario.first  # the side to act

    # -- helpers -------------------------------------------------------------------------------

    def unit_at(self, h: Hex) -> Unit | None:
        return next((u for u in self.units.values() if u.at == h), None)

    def sees(self, side: str, h: Hex) -> bool:
        """Whether ``side`` sees hex ``h`` (one of its units within sight of it)."""
        sight = self.scenario.sight
        return any(u.side == side and u.at.distance(h) <= sight for u in self.units.values())

    def _own(self, side: str, order: SkirmishOrder) -> Unit:
        unit = self.units.get(order.unit)
        if unit is None or unit.side != side:
            raise IllegalOrderError(
                f"{side} has no unit {order.unit!r}", rule="own units", order=order
            )
        return unit

    # -- hooks ---------------------------------------------------------------------------------

    def _awaiting(self) -> Decision:
        prompt = f"round {self.round} of {self.scenario.rounds}: {self.mover} acts"
        return Decision(self.step, frozenset({self.mover}), prompt)

    def _check(self, side: str, order: SkirmishOrder) -> None:
        if order.kind == "pass":
            return
        unit = self._own(side, order)
        to = parse_label(order.to)
        if to not in self.board:
            raise IllegalOrderError(f"{order.to} is off the map", rule="map", order=order)
        if unit.at.distance(to) != 1:
            raise IllegalOrderError(
                f"{unit.id} at {label(unit.at)} reaches only adjacent hexes, not {order.to}",
                rule="one hex" if order.kind == "move" else "fire: adjacent hexes",
                order=order,
            )
        there = self.unit_at(to)
        if order.kind == "move" and there is not None:
            raise IllegalOrderError(f"{order.to} is occupied", rule="one unit a hex", order=order)
        if order.kind == "fire" and (there is None or there.side == side):
            raise IllegalOrderError(
                f"no enemy unit at {order.to} to fire at", rule="fire: a target", order=order
            )

    def _resolve(self, orders: Mapping[str, SkirmishOrder]) -> None:
        side = self.mover
        order = orders[side]
        if order.kind == "move":
            self._move(side, order)
        elif order.kind == "fire":
            self._fire(side, order)
        else:
            self.log.append(self.round, "pass", f"{side} passes", visible_to=ALL)
        if self._outcome is not None:
            return
        self.mover = other(side)
        if self.mover == self.scenario.first:  # a round is over
            if self.round == self.scenario.rounds:
                self._time_is_up()
                return
            self.round += 1

    def _move(self, side: str, order: SkirmishOrder) -> None:
        unit = self.units[order.unit]
        start, to = unit.at, parse_label(order.to)
        seen_before = self.sees(other(side), start)
        unit.at = to
        seen = seen_before or self.sees(other(side), to)
        self.log.append(
            self.round,
            "move",
            f"{unit.id} moves {label(start)} to {label(to)}",
            visible_to=ALL if seen else side,
        )

    def _fire(self, side: str, order: SkirmishOrder) -> None:
        unit = self.units[order.unit]
        target = self.unit_at(parse_label(order.to))
        assert target is not None  # _check made sure
        cover = WOODS_COVER if target.at in self.woods else 0
        roll = self.dice.die("to hit", 6)
        hit = roll >= TO_HIT + cover
        if hit:
            target.strength -= 1
        self.log.append(
            self.round,
            "fire",
            f"{unit.id} fires at {target.id} in {label(target.at)}: {roll}, "
            + ("hit" if hit else "miss"),
            visible_to=ALL,
            receipt=Receipt(
                inputs={"unit": unit.id, "target": target.id, "at": label(target.at)},
                table="to hit",
                row=f"{TO_HIT + cover}+",
                modifiers=(Modifier("woods", cover),) if cover else (),
                rolls=self.dice.take(),
                result="hit" if hit else "miss",
            ),
        )
        if target.strength > 0:
            return
        del self.units[target.id]
        self.log.append(self.round, "eliminated", f"{target.id} is eliminated", visible_to=ALL)
        if not any(u.side == target.side for u in self.units.values()):
            self._finish(side, f"{target.side} has no units left")

    def _time_is_up(self) -> None:
        rounds = self.scenario.rounds
        holder = self.unit_at(self.objective)
        if holder is not None:
            self._finish(
                holder.side,
                f"{holder.side} holds the objective {self.scenario.objective} "
                f"after {rounds} rounds",
            )
            return
        total = {s: sum(u.strength for u in self.units.values() if u.side == s) for s in SIDES}
        if total["red"] == total["blue"]:
            self._finish(
                None, f"after {rounds} rounds nobody holds the objective, and the sides are even"
            )
        else:
            winner = max(SIDES, key=total.__getitem__)
            self._finish(
                winner,
                f"after {rounds} rounds nobody holds the objective, and "
                f"{winner} has more strength left",
            )

    def _view(self, side: str) -> dict[str, Any]:
        s = self.scenario
        mine = sorted((u for u in self.units.values() if u.side == side), key=lambda u: u.id)
        foes = sorted((u for u in self.units.values() if u.side != side), key=lambda u: u.id)
        return {
            "side": side,
            "round": self.round,
            "rounds": s.rounds,
            "mover": self.mover,
            "first": s.first,
            "columns": s.columns,
            "rows": s.rows,
            "sight": s.sight,
            "strength": s.strength,
            "objective": s.objective,
            "woods": sorted(s.woods),
            "units": [u.to_json() for u in mine],
            "enemy": [u.to_json() for u in foes if self.sees(side, u.at)],
            # eliminations are announced to both sides, so which enemies remain is known
            "enemy_units": [u.id for u in foes],
        }

    def _state_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "mover": self.mover,
            "units": [
                {"side": u.side, **u.to_json()}
                for u in sorted(self.units.values(), key=lambda u: u.id)
            ],
        }

    def _summary(self) -> dict[str, Any]:
        holder = self.unit_at(self.objective)
        return {
            "round": self.round,
            "objective": None if holder is None else holder.side,
            "sides": {
                s: {
                    "units": sum(1 for u in self.units.values() if u.side == s),
                    "strength": sum(u.strength for u in self.units.values() if u.side == s),
                }
                for s in SIDES
            },
        }

    def _report_sections(self) -> list[tuple[str, str]]:
        lines = [
            f"{u.side} {u.id} at {label(u.at)}, strength {u.strength}"
            for u in sorted(self.units.values(), key=lambda u: u.id)
        ]
        return [("Units", "\n".join(lines) or "none")]
